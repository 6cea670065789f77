"""Quirky Circuits: the cooperative game of programming a quirky robot, for 2-4 players."""

from quarkade.core.registry import register
from quarkade.games.quirky_circuits.rules import QuirkyCircuits, QuirkyCircuitsState

register(QuirkyCircuits)

__all__ = ["QuirkyCircuits", "QuirkyCircuitsState"]
