"""Qwarks: the real-time memory game of covering cards and answering for them, for 2-8 players."""

from quarkade.core.registry import register
from quarkade.games.qwarks.rules import Qwarks, QwarksState

register(Qwarks)

__all__ = ["Qwarks", "QwarksState"]
