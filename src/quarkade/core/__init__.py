"""The core: games, states, views, records, chance and flow helpers."""

from quarkade.core.chance import Chance
from quarkade.core.errors import (
    IllegalAction,
    InvalidNotation,
    InvalidOptions,
    InvalidRecord,
    InvalidSeat,
    QuarkadeError,
    UnknownGame,
)
from quarkade.core.flow import Deck, Sealed, clockwise, distance_clockwise
from quarkade.core.game import Action, Game, GameInfo, OptionSpec, Record, State, View
from quarkade.core.registry import game_class, list_games, load, register, replay

__all__ = [
    "Action", "Chance", "Deck", "Game", "GameInfo", "IllegalAction", "InvalidNotation",
    "InvalidOptions", "InvalidRecord", "InvalidSeat", "OptionSpec", "QuarkadeError", "Record", "Sealed",
    "State", "UnknownGame", "View", "clockwise", "distance_clockwise", "game_class",
    "list_games", "load", "register", "replay",
]
