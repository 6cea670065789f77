"""Quirks: the evolution game, its solitaire game and Quirkling."""

from quarkade.core.registry import register
from quarkade.games.quirks.quirkling import Quirkling
from quarkade.games.quirks.rules import Quirks
from quarkade.games.quirks.solitaire import QuirksSolitaire

register(Quirks)
register(QuirksSolitaire)
register(Quirkling)

__all__ = ["Quirkling", "Quirks", "QuirksSolitaire"]
