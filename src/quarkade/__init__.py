"""Quarkade: five tabletop games for players, designers and researchers.

>>> import quarkade
>>> game = quarkade.load("quirky-quarks", players=3)
>>> state = game.new_game(seed=42)
>>> state.to_act
(0,)
"""

# First: a compiled module whose source changed since the build runs as Python (docs/compiled.md).
from quarkade import compiled as compiled
from quarkade.core import (
    Action,
    Game,
    GameInfo,
    IllegalAction,
    InvalidNotation,
    InvalidOptions,
    InvalidRecord,
    InvalidSeat,
    QuarkadeError,
    Record,
    State,
    UnknownGame,
    View,
    list_games,
    load,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action", "Game", "GameInfo", "IllegalAction", "InvalidNotation", "InvalidOptions",
    "InvalidRecord", "InvalidSeat", "QuarkadeError", "Record", "State", "UnknownGame", "View",
    "list_games", "load", "replay",
]
