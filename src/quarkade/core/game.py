"""The game contract every Quarkade game fulfils, and the record that replays it."""

from __future__ import annotations

import json
import operator
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MethodType
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from quarkade.core.action import Action as Action  # re-exported: games import it from here
from quarkade.core.chance import Chance
from quarkade.core.errors import IllegalAction, InvalidNotation, InvalidOptions, InvalidRecord, InvalidSeat
from quarkade.core.log import cells as log_cells
from quarkade.core.log import from_cells as log_from_cells
from quarkade.core.pickling import picklable


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game, as ``quarkade.load`` accepts it."""

    name: str
    kind: type
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None  # the smallest value a whole-number option takes
    maximum: int | None = None  # the largest value a whole-number option takes
    # What a lobby shows a player: a short name ("Random Mutation"), and each choice in words,
    # as (value, words) pairs; without them a face falls back on the option's name and values.
    label: str = ""
    choice_labels: tuple[tuple[Any, str], ...] = ()
    # The player counts the option is for (every count when empty): at another count only its
    # default is taken, and a lobby does not offer it.
    players: tuple[int, ...] = ()

    @property
    def title(self) -> str:
        """The label, or the name in words (``turn_limit`` reads "Turn limit")."""
        return self.label or self.name.replace("_", " ").capitalize()

    def check(self, game_id: str, value: Any) -> Any:
        if self.kind is bool:
            if not isinstance(value, bool):
                raise InvalidOptions(f"option {self.name!r} of {game_id} is true or false, not {value!r}")
        elif self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptions(f"option {self.name!r} of {game_id} is a whole number, not {value!r}")
        elif not isinstance(value, self.kind):
            raise InvalidOptions(f"option {self.name!r} of {game_id} takes a {self.kind.__name__}, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise InvalidOptions(f"option {self.name!r} of {game_id} is at least {self.minimum}, not {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise InvalidOptions(f"option {self.name!r} of {game_id} is at most {self.maximum}, not {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise InvalidOptions(f"option {self.name!r} of {game_id} is one of {allowed}, not {value!r}")
        return value


@dataclass(frozen=True)
class GameInfo:
    """What a game is, for lists and lobbies."""

    id: str
    title: str
    min_players: int
    max_players: int
    summary: str
    options: tuple[OptionSpec, ...] = ()
    variants: tuple[str, ...] = ()
    rules_version: str = "1"
    default_players: int = 0
    # A cooperative game has one result for the whole table: every seat wins, or none does.
    cooperative: bool = False
    # A game of memory: its views hide again what the table showed (Qwarks' covered cards), so
    # no face shows a running game's earlier views (an in-game replay would show them again).
    memory: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players or self.min_players,
            "summary": self.summary,
            "variants": list(self.variants),
            "rules_version": self.rules_version,
            "cooperative": self.cooperative,
            "memory": self.memory,
            "options": [
                {"name": o.name, "type": o.kind.__name__, "default": o.default, "help": o.help,
                 "choices": list(o.choices), "minimum": o.minimum,
                 "maximum": o.maximum, "label": o.title,
                 "choice_labels": [[value, words] for value, words in o.choice_labels],
                 "players": list(o.players)}
                for o in self.options
            ],
        }


# Games subclass it in Python; where this module is compiled (docs/compiled.md), that must be allowed.
@mypyc_attr(allow_interpreted_subclasses=True)
class BoundParts(dict[str, Callable[..., Any]]):
    """A view's lazy parts for games that make a view at every decision and read few parts:
    the mapping is copied (in C) from one dict of plain functions shared by every view, and a
    function is bound to this object (which keeps, in a subclass's slots, what the parts are
    made from) only when its part is read, rather than one bound method or partial made for
    every part at every view. Pass an instance as ``View``'s ``parts``."""

    __slots__ = ()

    def __getitem__(self, key: str) -> Callable[[], Any]:
        return MethodType(dict.__getitem__(self, key), self)

    def get(self, key: str, default: Any = None) -> Any:
        make = dict.get(self, key)
        return default if make is None else MethodType(make, self)

    def items(self) -> Any:  # (pairs of a key and its bound function, in the view's order)
        return [(key, MethodType(make, self)) for key, make in dict.items(self)]

    def values(self) -> Any:
        return [MethodType(make, self) for make in dict.values(self)]


# Games subclass it in Python; where this module is compiled (docs/compiled.md), that must be allowed.
@mypyc_attr(allow_interpreted_subclasses=True)
class View:
    """What one seat (or a spectator, seat ``None``) may know of a state.

    A view may be built lazily: ``parts`` maps a key to a function that makes its value, called
    only when the key is read (``view[key]``, ``view.get``) or the whole view is (``data``,
    ``to_json``). A bot that reads three keys then pays for three, not for the log and the
    discard piles; a view that is served or compared is whole, with the same keys either way.
    A part is made at most once and must not depend on when it is made: the state it reads is
    the one the view was made from (a view is used before its state changes, or made whole).
    A view's values are read-only: a game may share one value (a card's face, a row of the
    board) among many views, of every seat and every table in the process.
    """

    __slots__ = ("game_id", "seat", "_data", "_parts")

    def __init__(self, game_id: str, seat: int | None, data: dict[str, Any],
                 parts: Mapping[str, Callable[[], Any]] | None = None) -> None:
        self.game_id = game_id
        self.seat = seat
        self._data = data
        # Never changed here, so not copied: a game may pass one mapping to many views.
        self._parts = parts or None

    @property
    def data(self) -> dict[str, Any]:
        """The whole view (every lazy part made now)."""
        return self.whole()._data

    def whole(self) -> View:
        """This view with every lazy part made now: one to keep while its state moves on."""
        parts = self._parts
        if parts:
            for key, make in parts.items():
                if key not in self._data:
                    self._data[key] = make()
            self._parts = None
        return self

    # Bots read views in their inner loops: a part's first read is told by a look-up, not by
    # a KeyError raised and caught (which cost several times the part's own look-up).
    def __getitem__(self, key: str) -> Any:
        data = self._data
        if key in data:
            return data[key]
        parts = self._parts
        if parts is None or key not in parts:
            raise KeyError(key)
        value = data[key] = parts[key]()
        return value

    def get(self, key: str, default: Any = None) -> Any:
        data = self._data
        if key in data:
            return data[key]
        parts = self._parts
        if parts is None or key not in parts:
            return default
        value = data[key] = parts[key]()
        return value

    def keys(self) -> list[str]:
        """Every key of the view, made or not."""
        return [*self._data, *(key for key in self._parts or () if key not in self._data)]

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __contains__(self, key: object) -> bool:
        return key in self._data or bool(self._parts and key in self._parts)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "seat": self.seat, **self.data}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(json.dumps(self.to_json(), sort_keys=True))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled and copied whole: the functions of lazy parts do not travel.
        return (View, (self.game_id, self.seat, self.data))

    def __repr__(self) -> str:
        return f"View({self.game_id!r}, seat={self.seat!r})"


@dataclass
class Record:
    """Everything needed to replay a game exactly."""

    game: str
    rules_version: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[seat, text] for seat, text in self.actions],
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as error:
                raise InvalidRecord(f"a record is JSON, and this is not: {error}") from None
        if not isinstance(data, Mapping):
            raise InvalidRecord("a record is a JSON object")
        if "tournament" in data:
            raise InvalidRecord("this is a tournament's log, which keeps each game's result and not its moves: "
                                "to replay games, record them with 'quarkade simulate --out FILE'")
        missing = [key for key in ("game", "rules_version", "players", "options", "seed", "actions") if key not in data]
        if missing:
            raise InvalidRecord(f"the record lacks {', '.join(missing)}")
        actions = data["actions"]
        if not isinstance(actions, list) or not all(
            isinstance(a, (list, tuple)) and len(a) == 2 and isinstance(a[0], int) and not isinstance(a[0], bool)
            and isinstance(a[1], str)
            for a in actions
        ):
            raise InvalidRecord("the record's actions are pairs of [seat, notation]")
        if not isinstance(data["options"], Mapping):
            raise InvalidRecord("the record's options are a JSON object")
        if any(isinstance(data[key], bool) or not isinstance(data[key], int) for key in ("seed", "players")):
            raise InvalidRecord("the record's seed and players are whole numbers")
        if not isinstance(data["game"], str) or not isinstance(data["rules_version"], str):
            raise InvalidRecord("the record's game and rules_version are text")
        return cls(
            game=str(data["game"]),
            rules_version=str(data["rules_version"]),
            players=data["players"],
            options=dict(data["options"]),
            seed=data["seed"],
            actions=[(int(seat), str(text)) for seat, text in actions],
        )


# Games subclass it in Python; where this module is compiled (docs/compiled.md), that must be allowed.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game configured with its player count and options; it makes states."""

    info: ClassVar[GameInfo]

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.players = players
        self.options = dict(options)

    def __reduce__(self) -> tuple[type[Game], tuple[int, dict[str, Any]]]:
        # Pickled (and deep-copied) as its arguments: a compiled class is not made without them.
        return type(self), (self.players, dict(self.options))

    @property
    def id(self) -> str:
        return self.info.id

    @abstractmethod
    def new_game(self, seed: int) -> State:
        """The state at the start, with chance seeded by ``seed``."""

    def parse_action(self, state: State, seat: Any, text: Any) -> Action:
        """Notation to an action; raises ``InvalidNotation`` with the reason. A seat is as
        ``State.legal_actions`` takes it (a NumPy integer too; one the game lacks raises
        ``InvalidSeat``), and text that is not a ``str`` is refused with ``InvalidNotation``
        (``Any``: a compiled game would raise a TypeError)."""
        if not isinstance(text, str):
            raise InvalidNotation(f"notation is text, not {type(text).__name__}")
        return self._parse_action(state, state.seat_of(seat), text)

    @abstractmethod
    def _parse_action(self, state: State, seat: int, text: str) -> Action:
        """``parse_action`` of text, for ``seat``, one of the game's seats."""

    @classmethod
    def public_components(cls) -> dict[str, Any]:
        """What is printed on the components, for faces to draw them: everything a player at
        the table can read, and nothing hidden (e.g. Quirks' adaptation table)."""
        return {}

    def sample_state(self, view: View, chance: Chance) -> State:
        """A full state consistent with ``view`` (determinization), hidden information
        drawn from ``chance`` (the caller's own generator, never the game's)."""
        raise NotImplementedError(f"{self.id} cannot sample states from a view yet")

    @classmethod
    def validate_options(cls, players: object, options: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
        """The player count (None: the default) and the options checked; InvalidOptions says why not.
        ``players`` is any object, so that a wrong kind gets that error, not a TypeError."""
        info = cls.info
        if players is None:
            players = info.default_players or info.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptions(f"players is a whole number, not {players!r}")
        if not info.min_players <= players <= info.max_players:
            raise InvalidOptions(
                f"{info.title} is for {info.min_players} to {info.max_players} players, not {players}"
            )
        known = {spec.name: spec for spec in info.options}
        checked = {spec.name: spec.default for spec in info.options}
        for name, value in options.items():
            if name not in known:
                names = ", ".join(known) or "none"
                hint = "; the number of players is given apart from the options" if name == "players" else ""
                raise InvalidOptions(f"{info.id} has no option {name!r} (its options: {names}){hint}")
            checked[name] = known[name].check(info.id, value)
        for spec in info.options:
            if spec.players and players not in spec.players and checked[spec.name] != spec.default:
                counts = " or ".join(map(str, spec.players))
                raise InvalidOptions(f"option {spec.name!r} of {info.id} is for {counts} players, not {players}")
        return players, checked


# Games subclass it in Python; where this module is compiled (docs/compiled.md), that must be allowed.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One moment of a game. The checked path is ``apply``; ``apply_unchecked`` is for
    search, which applies only actions it took from ``legal_actions``."""

    __slots__ = ("game", "seed", "_history", "_steps")

    game: Game
    seed: int
    # The actions so far as a persistent chain ((seat, action), earlier) shared by clones,
    # so that cloning does not copy the whole history.
    _history: tuple[Any, Any] | None
    _steps: int

    @property
    def history(self) -> list[tuple[int, Action]]:
        """Every (seat, action) applied so far, in order."""
        actions: list[tuple[int, Action]] = []
        link = self._history
        while link is not None:
            actions.append(link[0])
            link = link[1]
        actions.reverse()
        return actions

    @history.setter
    def history(self, actions: list[tuple[int, Action]]) -> None:
        # (Chained in a local of the attribute's declared type: compiled, an attribute narrowed
        # by the assignment before would be checked against that narrower type at the next one.)
        link: tuple[Any, Any] | None = None
        for entry in actions:
            link = (entry, link)
        self._history, self._steps = link, len(actions)

    @property
    def steps(self) -> int:
        """How many actions have been applied."""
        return self._steps

    def __getstate__(self) -> dict[str, Any]:
        """Every attribute set, by name, for pickling and deep copies. Compiled (docs/compiled.md),
        State's own would keep only the compiled classes' attributes, not a Python subclass's."""
        found: dict[str, Any] = dict(getattr(self, "__dict__", {}))
        for cls in type(self).__mro__:
            slots = getattr(cls, "__slots__", ())
            named = (slots,) if isinstance(slots, str) else tuple(slots)
            for name in (*named, *getattr(cls, "__mypyc_attrs__", ())):
                if not name.startswith("__") and name not in found and hasattr(self, name):
                    found[name] = getattr(self, name)
        # The history and the log as lists: their chains would be pickled a level deeper at each
        # step, past Python's recursion limit in a long game.
        found["_history"] = self.history
        if isinstance(found.get("log"), tuple):
            found["log"] = ("cells", log_cells(found["log"]))
        return found

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            if name == "log" and isinstance(value, tuple) and value[:1] == ("cells",):
                value = log_from_cells(value[1])
            if name != "_history":
                setattr(self, name, value)
        self.history = state["_history"]

    def _copy_history(self, other: State) -> None:
        """Give a clone the same history (shared, never changed in place)."""
        other._history, other._steps = self._history, self._steps

    # -- what a game implements -------------------------------------------------
    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several at a sealed simultaneous step); none once the game
        is over. ``apply`` relies on it: a seat to act is a seat of a game not over."""

    def legal_actions(self, seat: Any) -> list[Action]:
        """The actions ``seat`` may take now (empty when it is not to act). A seat is a whole
        number from 0, any integer type (a NumPy one too); another value, or a seat the game
        does not have, is refused with ``InvalidSeat``."""
        seat = self.seat_of(seat)
        return self._legal_actions(seat)

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat``, one of the game's seats, may take now (empty when it is not to act)."""

    def seat_of(self, seat: Any, spectator: bool = False) -> int:
        """``seat`` as a seat of this game: an integer (of any type) from 0 to the players less
        one; ``InvalidSeat``, saying why, for anything else (None, a spectator, where ``view``
        takes it, is not a seat)."""
        players = self.game.players
        if type(seat) is int and 0 <= seat < players:
            return seat  # the usual case, asked at every step: no more to check
        named = f"a seat is a whole number from 0 to {players - 1}{' (or None, a spectator)' if spectator else ''}"
        try:
            if isinstance(seat, bool):  # an int to Python, but a seat True is a mistake
                raise TypeError
            index = operator.index(seat)
        except TypeError:
            raise InvalidSeat(f"{named}, not {seat!r}") from None
        if not 0 <= index < players:
            raise InvalidSeat(f"there is no seat {index} in this {players}-player game ({named})")
        return index

    def optional_actions(self, seat: Any) -> list[Action]:
        """What ``seat`` may do now though the game does not wait for it: a signal a rulebook
        lets any player give at any moment (Quirky Circuits' hands flat, for a player who is
        done). Empty in most games, for a seat to act (its legal actions hold them) and once the
        game is over. ``apply`` takes them from a seat not to act; whoever plays a game by
        ``to_act`` (bots, ``simulate``, the environments) never needs them. Like ``to_act``,
        they depend only on what every seat knows. A seat is as ``legal_actions`` takes it."""
        seat = self.seat_of(seat)
        return self._optional_actions(seat)

    def _optional_actions(self, seat: int) -> list[Action]:
        """``optional_actions`` of ``seat``, one of the game's seats: none unless a game says."""
        return []

    def _why_not_to_act(self, seat: int, action: Action) -> str:
        """Why ``seat``, whom the game does not wait for, may not take ``action`` (which is not
        among its optional actions)."""
        waiting = ", ".join(f"seat {s}" for s in self.to_act)
        return f"it is not seat {seat}'s turn (waiting for {waiting})"

    @abstractmethod
    def _why_illegal(self, seat: int, action: Action) -> str | None:
        """The rules reason ``action`` is illegal for ``seat``, who is to act."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out a legal action and advance the flow to the next decision."""

    def view(self, seat: Any) -> View:
        """What ``seat`` may know; ``None`` for a spectator. A seat is as ``legal_actions``
        takes it; another value is refused with ``InvalidSeat``."""
        if seat is not None:
            seat = self.seat_of(seat, spectator=True)
        return self._view(seat)

    @abstractmethod
    def _view(self, seat: int | None) -> View:
        """What ``seat`` (one of the game's seats, or None: a spectator) may know."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> tuple[float, ...]: ...

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]: ...

    @abstractmethod
    def clone(self) -> State: ...

    def statistics(self) -> dict[str, float]:
        """Figures a designer may want summed over many games (e.g. Quests completed), named as
        identifiers (``turn_limit_reached``: tables show them as words); an item's figure is
        ``measure:item`` (the measure in words, ``tools.report.ITEM_SEPARATOR``)."""
        return {}

    def categories(self) -> dict[str, tuple[str, ...]]:
        """What each seat played as, by kind of category, for win rates by category over many
        games: one label a seat, e.g. ``{"alien": ("macron", "zombie", "void")}``."""
        return {}

    # What having an item of ``seat_items`` means, for a report: "completed the Quest".
    seat_items_about: ClassVar[str] = ""
    # What the item figures of ``statistics`` measure, in sentences, for a report's item table.
    statistics_about: ClassVar[str] = ""
    # What each kind of ``categories`` means where its win rates need saying (a report's note).
    categories_about: ClassVar[dict[str, str]] = {}

    def seat_items(self) -> tuple[tuple[str, ...], ...]:
        """What each seat had or did in this game, for a report's win rates with and without
        each item: one tuple of item names a seat (e.g. the Quests it completed), each name
        once. Empty (the default) when the game names no such items."""
        return ()

    # -- shared bookkeeping -------------------------------------------------------
    def why_illegal(self, seat: Any, action: Any) -> str | None:
        """None when ``seat`` may take ``action`` now, or the rules reason it may not. Any object
        is asked about (``Any``: a compiled State would refuse a wrong kind with a TypeError)."""
        if self.is_over:
            return "the game is over"
        try:
            seat = self.seat_of(seat)
        except InvalidSeat as error:
            return str(error)
        if not isinstance(action, Action):
            return f"{action!r} is not an action of {self.game.id}"
        if seat not in self.to_act:
            return None if action in self._optional_actions(seat) else self._why_not_to_act(seat, action)
        return self._why_illegal(seat, action)

    def apply(self, seat: Any, action: Any) -> None:
        """Take ``action`` for ``seat``; raises ``IllegalAction`` and changes nothing if illegal
        (a seat or action of the wrong kind too, as ``why_illegal`` says)."""
        if type(seat) is int and seat in self.to_act and isinstance(action, Action):
            # The usual case, asked at every step of every game played: a seat to act is a seat
            # of a game not over, so of ``why_illegal``'s checks only the rules' own can fail.
            reason = self._why_illegal(seat, action)
        else:
            reason = self.why_illegal(seat, action)
            if reason is None:
                seat = operator.index(seat)  # a seat of another integer type is kept as an int
        if reason is not None:
            raise IllegalAction(reason)
        self._apply(seat, action)
        self._history = ((seat, action), self._history)
        self._steps += 1

    def apply_unchecked(self, seat: int, action: Action) -> None:
        """Apply without the rules check: only for actions taken from ``legal_actions``."""
        self._apply(seat, action)
        self._history = ((seat, action), self._history)
        self._steps += 1

    def apply_text(self, seat: Any, text: Any) -> Action:
        """Parse notation and apply it; returns the action. A seat the game lacks is refused
        with ``IllegalAction``, as ``apply`` refuses it, and text that is not a ``str`` with
        ``InvalidNotation`` (by ``parse_action``)."""
        try:
            action = self.game.parse_action(self, seat, text)
        except InvalidSeat as error:
            raise IllegalAction(str(error)) from None
        self.apply(seat, action)
        return action

    def record(self) -> Record:
        return Record(
            game=self.game.id,
            rules_version=self.game.info.rules_version,
            players=self.game.players,
            options=dict(self.game.options),
            seed=self.seed,
            actions=[(seat, str(action)) for seat, action in self.history],
        )


# Games subclass it in Python; where this module is compiled (docs/compiled.md), that must be allowed.
@mypyc_attr(allow_interpreted_subclasses=True)
class CachedLegalActions(State):
    """A state whose legal actions come from ``_moves(seat)``, computed once per position and
    reused by ``why_illegal``. Subclasses set ``_legal`` to None when a state is made and before
    each action is applied; a clone may share it, as it is never changed in place."""

    __slots__ = ("_legal",)
    _legal: tuple[int, list[Action]] | None  # (seat, its moves) until the next action

    @abstractmethod
    def _moves(self, seat: int) -> list[Any]:
        """Every legal action of ``seat``, who is to act."""

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        return list(self._legal_moves(seat))

    def apply(self, seat: Any, action: Any) -> None:
        """As ``State.apply``; an action listed among this position's legal actions for
        ``seat`` is known legal and carried out at once. A plain list is looked through for the
        very object (bots and faces mostly send one they were given), without a comparison; a
        list of a game's own kind (one made as it is read, or that keeps its actions' ids) is
        asked with ``in``, which it answers by its own means."""
        cached = self._legal
        # ``_legal`` is only filled for a seat to act, and emptied before every action.
        if cached is not None and cached[0] == seat and type(seat) is int:
            listed = cached[1]
            if type(listed) is list:
                for offered in listed:
                    if offered is action:
                        self.apply_unchecked(seat, action)
                        return
            elif action in listed:
                self.apply_unchecked(seat, action)
                return
        State.apply(self, seat, action)

    def _legal_moves(self, seat: int) -> list[Action]:
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        moves = self._moves(seat)
        self._legal = (seat, moves)
        return moves


def count_item(figures: dict[str, float], measure: str, item: str, by: float = 1.0) -> None:
    """Add ``by`` to ``figures["<measure>:<item>"]``: the per-item figures of ``State.statistics``
    that a balance report shows as a table, one row an item (``tools/report.py``)."""
    key = f"{measure}:{item}"
    figures[key] = figures.get(key, 0.0) + by


def win_scores(winners: Sequence[int], players: int) -> tuple[float, ...]:
    """Scores of a game won or lost: 1 for each winner (a shared win counts for all), 0 else."""
    return tuple(1.0 if seat in winners else 0.0 for seat in range(players))


def parse_words(text: str, game_id: str) -> list[str]:
    """Split notation into lower-case words, refusing empty input."""
    if not isinstance(text, str):
        raise InvalidNotation(f"notation is text, not {type(text).__name__}")
    words = text.replace(",", " , ").lower().split()
    if not words:
        raise InvalidNotation(f"empty notation: write an action of {game_id}")
    return words


def seats_text(seats: Sequence[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats)


# Compiled, these are pickled and copied as their constructor's arguments (core/pickling.py).
picklable(OptionSpec, GameInfo)
