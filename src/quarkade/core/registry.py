"""The registry of games: ``load``, ``list_games`` and ``replay`` read it."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from quarkade.core.errors import IllegalAction, InvalidNotation, InvalidOptions, InvalidRecord, UnknownGame
from quarkade.core.game import Game, GameInfo, Record, State

_GAMES: dict[str, type[Game]] = {}
# Game packages, imported on first use so that ``import quarkade`` stays light.
_GAME_MODULES = ("quarkade.games.quirky_quarks", "quarkade.games.quirks", "quarkade.games.quirky_circuits",
                 "quarkade.games.qwarks", "quarkade.games.cosmic_encounter")
_loaded = False
_T = TypeVar("_T")


class Deferred(Generic[_T]):
    """A module's function imported at its first call and then kept: a game's rules call their
    views and sampler this way (those modules import the rules, and an import statement at every
    view would cost more than the rest of the call)."""

    __slots__ = ("module", "name", "function")

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name
        self.function: Any = None

    def __call__(self, *args: Any) -> _T:
        function = self.function
        if function is None:
            function = self.function = getattr(importlib.import_module(self.module), self.name)
        result: _T = function(*args)
        return result


def game_modules() -> tuple[str, ...]:
    """The packages of the games, each registering its game when imported."""
    return _GAME_MODULES


def register(game_class: type[Game]) -> type[Game]:
    """Class decorator: make a game loadable by its id."""
    _GAMES[game_class.info.id] = game_class
    return game_class


def _ensure_loaded() -> None:
    global _loaded
    if not _loaded:
        for module in _GAME_MODULES:
            importlib.import_module(module)
        _loaded = True


def list_games() -> list[GameInfo]:
    _ensure_loaded()
    return [cls.info for cls in _GAMES.values()]


def game_class(game_id: str) -> type[Game]:
    _ensure_loaded()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGame(f"no game called {game_id!r} (the games: {known})") from None


def load(game_id: str, /, players: int | None = None, **options: Any) -> Game:
    """A configured game; bad options raise ``InvalidOptions`` saying which and why."""
    return configure(game_id, players, options)


def configure(game_id: str, players: int | None, options: Mapping[str, Any]) -> Game:
    """``load`` with the options as a mapping, for options that come from outside (a command
    line, a request, a record): every name in it is checked as an option, ``players`` too,
    which among ``load``'s keywords is the number of players and would clash."""
    cls = game_class(game_id)
    players, checked = cls.validate_options(players, options)
    return cls(players, checked)


def replay(record: Record | dict[str, Any] | str) -> State:
    """The state a record leads to, re-played action by action."""
    if not isinstance(record, Record):
        record = Record.from_json(record)
    cls = game_class(record.game)
    if record.rules_version != cls.info.rules_version:
        raise InvalidRecord(
            f"this record was played under {record.game} rules version {record.rules_version}; "
            f"this Quarkade has version {cls.info.rules_version}"
        )
    try:
        game = configure(record.game, record.players, record.options)
    except InvalidOptions as error:
        raise InvalidRecord(f"this record's game cannot be set up: {error}") from None
    state = game.new_game(record.seed)
    for index, (seat, text) in enumerate(record.actions):
        try:
            state.apply_text(seat, text)
        except (IllegalAction, InvalidNotation) as error:
            raise InvalidRecord(f"action {index + 1} ({text!r} by seat {seat}) cannot be replayed: {error}") from None
    return state
