"""Bots for Quirks, its solitaire game and Quirkling.

No bot ever sees an adaptation value: the table that gives them is used only in a count, and
the views do not carry it. Each bot reads its view as a player reads the table
(:mod:`quarkade.agents.quirks.seen`):

- :mod:`~quarkade.agents.quirks.evolution`: the Quirks bot (``heuristic``), reading its view
  through :mod:`~quarkade.agents.quirks.table`;
- :mod:`~quarkade.agents.quirks.solitaire`: the solitaire bot (``heuristic`` or ``solitaire``),
  reading its view through :mod:`~quarkade.agents.quirks.solitaire_group`;
- :mod:`~quarkade.agents.quirks.quirkling`: the Quirkling bot (``heuristic``).

Importing this package registers them.
"""

from quarkade.agents.quirks.evolution import QuirksHeuristic
from quarkade.agents.quirks.quirkling import QuirklingHeuristic
from quarkade.agents.quirks.solitaire import SolitaireHeuristic

__all__ = ["QuirklingHeuristic", "QuirksHeuristic", "SolitaireHeuristic"]
