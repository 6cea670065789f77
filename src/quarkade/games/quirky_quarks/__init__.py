"""Quirky Quarks: the particle-physics auction game for 2-4 players."""

from quarkade.core.registry import register
from quarkade.games.quirky_quarks.rules import QuirkyQuarks, QuirkyQuarksState

register(QuirkyQuarks)

__all__ = ["QuirkyQuarks", "QuirkyQuarksState"]
