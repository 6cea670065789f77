"""Bots for Quirks, its solitaire game and Quirkling.

No bot ever sees an adaptation value: the table that gives them is used only in a count, and
the views do not carry it. Each bot reads its view as a player reads the table
(:mod:`quarkade.games.quirks.bot.seen`):

- :mod:`~quarkade.games.quirks.bot.evolution`: the Quirks bot (``heuristic``), reading its view
  through :mod:`~quarkade.games.quirks.bot.table`;
- :mod:`~quarkade.games.quirks.bot.solitaire`: the solitaire bot (``heuristic`` or ``solitaire``),
  reading its view through :mod:`~quarkade.games.quirks.bot.solitaire_group`;
- :mod:`~quarkade.games.quirks.bot.quirkling`: the Quirkling bot (``heuristic``).

Importing this package registers them.
"""

from quarkade.games.quirks.bot.evolution import QuirksHeuristic
from quarkade.games.quirks.bot.quirkling import QuirklingHeuristic
from quarkade.games.quirks.bot.solitaire import SolitaireHeuristic

__all__ = ["QuirklingHeuristic", "QuirksHeuristic", "SolitaireHeuristic"]
