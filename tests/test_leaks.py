"""What a seat can deduce is part of its view: the leak tests, over every registered game and
option (the configurations of the conformance suite).

**Deduction.** At a few moments of seeded random games, for each seat and for the spectator
(the observer), several worlds are sampled from the observer's view with ``game.sample_state``
and played on for a few steps. Half of the worlds follow the real game wherever its next action
is legal in them; in the others every other seat takes random legal actions, so that a secret
choice differs between worlds that look alike. The observer's own moves never depend on the
world: its k-th move is its k-th move in the real game when that is legal, or else a choice
made from what it has seen. At every step the test records what the observer receives: its
view, ``to_act``, its legal actions, the log lines it was given since the moment (sampling
cannot restore the log, so older lines are never compared) and the state message the web
server would send it. Chance legitimately shows different things in different worlds (a card
drawn from a redealt deck), so nothing asks two worlds to agree; the checks compare only
what the observer cannot tell apart:

1. Same sight, same answers. Two moments, in two worlds or in one, at which the observer has
   seen the same sequence of views (without the log, with ``to_act``; a step that showed it
   nothing new counts for nothing, as the server then sends nothing) must give it the same
   legal actions and the same server message. Nor may a step that shows the observer nothing
   new give it a log line when that step changed what some seat sees but not what the
   spectator sees: such a step is a seat's secret, and the line tells the observer it
   happened. (A step that changes no one's view, such as an offer repeated word for word, may
   be told. Log lines are not compared between worlds: a log may rightly tell public events
   that the view does not keep, such as which stack a seat asked for.)
2. Same actions, same turn. Views restate who acts besides ``to_act`` (a current seat, a count
   of the seats already asked), so two worlds in which different seats are asked never show
   the same view, and check 1 cannot see a flow that skips a seat because of what it holds.
   Hence: two worlds that took the same actions since the moment, whose views were the same up
   to the numbers in them at every step, and that gave the observer the same log lines, must
   have the same seats to act. Numbers are left out because that is where such bookkeeping
   lives; a chance outcome or a revealed secret that rightly changes who acts shows the
   observer more than numbers: a card, a stage, a log line.

**Public data.** ``Game.public_components()`` and what the web server serves at
``/api/games/{id}/components`` may hold nothing that some view hides. A key that a seat's view
shows in some part of a state and the spectator's view of the same part lacks is a hidden key:
it appears nowhere in that data, and no entry of that data pairs a component's public face
with a value a view keeps under a hidden key.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient

import quarkade
from conftest import chooser, configuration_id, configurations, play_out, random_playout, walk
from quarkade.core import Action, Chance, Game, GameInfo, State, View
from quarkade.core.log import note, read
from quarkade.core.registry import game_class
from quarkade.faces.web.payloads import state_payload
from quarkade.faces.web.server import create_app

CONFIGURATIONS = list(configurations())
GAME_IDS = [info.id for info in quarkade.list_games()]
SEEDS = (0, 1)
# Moments looked at for each game, shared among its configurations (at least one each), so that
# the cost grows with the number of games rather than with the number of their options.
GAME_MOMENTS = 48
WORLDS = 6  # worlds sampled from the observer's view at each moment
STEPS = 8  # steps played in each world after the moment
SHOWN = 4  # findings shown in a failure message


def plan(index: int) -> list[tuple[int, int, float]]:
    """(seed, moments, offset) for each seeded game the deduction test plays in configuration
    ``index``. The offset (a fraction of the spacing between moments) differs from one
    configuration of a game to the next, so that together they look at every part of a game."""
    game_id = CONFIGURATIONS[index][0]
    siblings = [i for i, c in enumerate(CONFIGURATIONS) if c[0] == game_id]
    share = max(1, GAME_MOMENTS // len(siblings))
    seeds = SEEDS[: min(len(SEEDS), share)]
    offset = (siblings.index(index) * 0.618034) % 1.0  # the golden ratio spreads the offsets evenly
    return [(seed, -(-share // len(seeds)), offset) for seed in seeds]


# ----------------------------------------------------------------------------- helpers
def moments(game: Game, seed: int, count: int, offset: float) -> Iterator[tuple[State, list[tuple[int, Action]]]]:
    """``count`` moments spread evenly over a seeded random game, the first ``offset`` of the
    spacing in, each with the actions the game took after it."""
    history = random_playout(game, seed).history
    spacing = len(history) / count
    wanted = {int((k + offset) * spacing) for k in range(count)}
    for index, state in enumerate(walk(game, seed)):
        if index in wanted and not state.is_over:
            yield state, history[index:]


def canonical(data: Any) -> bytes:
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)


def digest(*parts: bytes) -> bytes:
    return hashlib.blake2b(b"\x1f".join(parts), digest_size=16).digest()


def without_numbers(text: bytes) -> bytes:
    """JSON text with every number replaced by a mark (true and false stay)."""
    return canonical(json.loads(text, parse_int=lambda _: "#", parse_float=lambda _: "#"))


def lines_since(before: list[Any], now: list[Any]) -> list[Any]:
    """The log lines of ``now`` that came after ``before`` (a view keeps only the newest
    lines, so the oldest of ``before`` may have dropped off)."""
    for start in range(len(before) + 1):
        kept = before[start:]
        if now[: len(kept)] == kept:
            return now[len(kept):]
    raise AssertionError("the log lost lines it had shown (it should only grow at its end)")


def who(observer: int | None) -> str:
    return "the spectator" if observer is None else f"seat {observer}"


def served(state: State, audience: int | None) -> dict[str, Any]:
    """The state message the web server sends ``audience`` (every seat a person's), made by the
    server's own function, with no turn timer (real time is not a rule)."""
    return state_payload(state, audience, list(range(state.game.players)))


# ----------------------------------------------------------------------------- worlds
@dataclass
class Sight:
    """What the observer receives at one step of one world."""

    actions: tuple[str, ...]  # every "seat:action" taken in the world since the moment
    seen: bytes  # its view without the log, and to_act, as JSON text
    history: bytes  # digest of the distinct ``seen`` so far
    to_act: tuple[int, ...]
    legal: list[str]
    log: list[Any]  # log lines since the moment
    message: dict[str, Any]  # the server's message, without the log


@dataclass
class World:
    name: str
    state: State
    observer: int | None
    follows: bool  # follows the real game where it can, or wanders
    pick: Chance
    first_log: list[Any] = field(default_factory=list)
    sights: list[Sight] = field(default_factory=list)
    own_moves: int = 0
    followed: int = 0  # real actions followed so far
    told: list[str] = field(default_factory=list)  # secret steps its log told the observer of
    _rough: list[bytes] = field(default_factory=list)

    def rough(self, step: int) -> bytes:
        """Digest of the views up to numbers and of the log lines, steps 0 to ``step``."""
        while len(self._rough) <= step:
            sight = self.sights[len(self._rough)]
            before = self._rough[-1] if self._rough else b""
            self._rough.append(digest(before, without_numbers(sight.seen), canonical(sight.log)))
        return self._rough[step]


def look(world: World, actions: tuple[str, ...]) -> Sight:
    state, observer = world.state, world.observer
    message = served(state, observer)
    view = dict(message.pop("view"))
    log = view.pop("log", [])
    to_act = tuple(state.to_act)
    seen = canonical([view, list(to_act)])
    if world.sights:
        last = world.sights[-1]
        history = last.history if seen == last.seen else digest(last.history, seen)
    else:
        history = digest(seen)
    legal = [str(action) for action in state.legal_actions(observer)] if observer is not None else []
    return Sight(actions, seen, history, to_act, legal, lines_since(world.first_log, log), message)


def own_move(world: World, legal: list[Action], real_moves: list[Action]) -> Action:
    """The observer's next move: the same in every world where it has seen the same."""
    if world.own_moves < len(real_moves) and real_moves[world.own_moves] in legal:
        return real_moves[world.own_moves]
    return legal[int.from_bytes(world.sights[-1].history[:4], "big") % len(legal)]


def plain_view(state: State, audience: int | None) -> dict[str, Any]:
    return {key: value for key, value in state.view(audience).to_json().items() if key != "log"}


def secret_step_told(world: World, before: State, seat: int, action: Action) -> None:
    """The last step showed the observer nothing new but gave it log lines: note it if the step
    changed what some seat sees and not what the spectator sees."""
    state, observer = world.state, world.observer
    seats = [s for s in range(state.game.players) if plain_view(before, s) != plain_view(state, s)]
    if seats and plain_view(before, None) == plain_view(state, None):
        last, previous = world.sights[-1], world.sights[-2]
        world.told.append(
            f"{who(observer)} sees nothing of {seat}:{action} in {world.name} after {list(previous.actions)} "
            f"(it changed only what seats {seats} see), yet its log tells it: {last.log[len(previous.log):]}")


def play(world: World, future: list[tuple[int, Action]], steps: int) -> None:
    state, observer = world.state, world.observer
    real_moves = [action for seat, action in future if seat == observer]
    world.first_log = state.view(observer).to_json().get("log", [])
    actions: tuple[str, ...] = ()
    world.sights.append(look(world, actions))
    for _ in range(steps):
        if state.is_over:
            return
        to_act = state.to_act
        real = future[world.followed] if world.follows and world.followed < len(future) else None
        seat = real[0] if real is not None and real[0] in to_act else to_act[world.pick.below(len(to_act))]
        legal = state.legal_actions(seat)
        if seat == observer:
            action = own_move(world, legal, real_moves)
            world.own_moves += 1
        elif real is not None and real[0] == seat and real[1] in legal:
            action = real[1]
        else:
            action = legal[world.pick.below(len(legal))]
        if real == (seat, action):
            world.followed += 1
        before = state.clone()
        state.apply(seat, action)
        actions = (*actions, f"{seat}:{action}")
        world.sights.append(look(world, actions))
        previous, last = world.sights[-2], world.sights[-1]
        if last.seen == previous.seen and len(last.log) > len(previous.log):
            secret_step_told(world, before, seat, action)


def worlds_from(game: Game, state: State, future: list[tuple[int, Action]], observer: int | None,
                seed: int) -> list[World]:
    view = state.view(observer)
    worlds = []
    for k in range(WORLDS):
        sampled = game.sample_state(view, Chance(1000 * seed + 10 * state.steps + k))
        world = World(f"world {k}", sampled, observer, follows=k % 2 == 0, pick=Chance(7919 * k + state.steps))
        play(world, future, STEPS)
        worlds.append(world)
    return worlds


# ----------------------------------------------------------------------------- the checks
def difference(a: Any, b: Any, where: str = "") -> str:
    """The first place where two JSON values differ, in words."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{where}.{key}: {a.get(key, '(absent)')!r} / {b.get(key, '(absent)')!r}"
            if a[key] != b[key]:
                return difference(a[key], b[key], f"{where}.{key}")
    if isinstance(a, list) and isinstance(b, list):
        for index, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return difference(x, y, f"{where}[{index}]")
        if len(a) != len(b):
            return f"{where or 'list'}: only one has {a[len(b):] or b[len(a):]!r}"
    return f"{where or 'value'}: {a!r} / {b!r}"


def same_sight_same_answers(worlds: list[World], tally: Counter[str]) -> list[str]:
    """Check 1 (see the module's docstring)."""
    found: list[str] = []
    first: dict[bytes, tuple[World, Sight]] = {}
    for world in worlds:
        found.extend(world.told)
        for sight in world.sights:
            if sight.history not in first:
                first[sight.history] = (world, sight)
                continue
            other_world, other = first[sight.history]
            tally["check 1, one world" if other_world is world else "check 1, two worlds"] += 1
            for what, theirs, mine in (("legal actions", other.legal, sight.legal),
                                       ("server message", other.message, sight.message)):
                if theirs != mine:
                    found.append(
                        f"{who(world.observer)} sees the same in {other_world.name} after {list(other.actions)} "
                        f"and in {world.name} after {list(sight.actions)}, but its {what} differ: "
                        f"{difference(theirs, mine)}")
    return found


def same_actions_same_turn(worlds: list[World], tally: Counter[str]) -> list[str]:
    """Check 2 (see the module's docstring)."""
    found: list[str] = []
    by_actions: dict[tuple[str, ...], list[tuple[World, int]]] = {}
    for world in worlds:
        for step, sight in enumerate(world.sights):
            by_actions.setdefault(sight.actions, []).append((world, step))
    for actions, group in by_actions.items():
        first: dict[bytes, tuple[World, Sight]] = {}
        for world, step in group if len(group) > 1 else ():
            sight = world.sights[step]
            other_world, other = first.setdefault(world.rough(step), (world, sight))
            tally["check 2"] += other_world is not world
            if other.to_act != sight.to_act:
                found.append(
                    f"after the same actions {list(actions)}, seen alike by {who(world.observer)} but for "
                    f"numbers, {other_world.name} asks {list(other.to_act)} and {world.name} asks "
                    f"{list(sight.to_act)}")
    return found


@pytest.mark.parametrize("index", range(len(CONFIGURATIONS)), ids=[configuration_id(c) for c in CONFIGURATIONS])
def test_what_a_seat_receives_depends_only_on_what_it_may_know(index: int) -> None:
    game_id, players, options = CONFIGURATIONS[index]
    game = quarkade.load(game_id, players=players, **options)
    found: list[str] = []
    tally: Counter[str] = Counter()
    for seed, count, offset in plan(index):
        for state, future in moments(game, seed, count, offset):
            for observer in [None, *range(game.players)]:
                try:
                    worlds = worlds_from(game, state, future, observer, seed)
                except NotImplementedError:
                    pytest.skip(f"{game.id} cannot sample states from a view")
                where = f"seed {seed}, step {state.steps}: "
                found.extend(where + finding for finding in same_sight_same_answers(worlds, tally))
                found.extend(where + finding for finding in same_actions_same_turn(worlds, tally))
    # Both checks must have had something to compare, or they prove nothing.
    assert tally["check 1, two worlds"] and tally["check 2"], f"nothing to compare: {dict(tally)}"
    assert not found, f"{len(found)} deductions from hidden information, e.g.:\n" + "\n".join(found[:SHOWN])


# ----------------------------------------------------------------------------- public data
def own_scalars(entry: dict[str, Any]) -> set[str]:
    """The text of the scalars an object holds itself, or in lists it holds (not deeper)."""
    values: set[str] = set()
    for value in entry.values():
        for item in value if isinstance(value, list) else [value]:
            if item is not None and not isinstance(item, (bool, dict, list)):
                values.add(str(item))
    return values


def hidden_fields(games: list[Game]) -> tuple[set[str], dict[str, list[frozenset[str]]]]:
    """Over seeded games of ``games``: the hidden keys, and for each
    text value some view keeps under a hidden key, the public faces it was seen with (the text
    values that the part of the seat's view holding it shares with the spectator's view)."""
    keys: set[str] = set()
    faces: dict[str, set[frozenset[str]]] = {}

    def visit(seat_view: Any, spectator_view: Any, depth: int) -> None:
        if isinstance(seat_view, dict) and isinstance(spectator_view, dict):
            hidden = {k: v for k, v in seat_view.items() if k not in spectator_view}
            keys.update(hidden)
            face = frozenset(v for k, v in spectator_view.items() if isinstance(v, str) and seat_view.get(k) == v)
            if face and depth > 0:  # a part of the view, not the whole of it
                for value in own_scalars(hidden) - face:
                    faces.setdefault(value, set()).add(face)
            for key in seat_view.keys() & spectator_view.keys():
                visit(seat_view[key], spectator_view[key], depth + 1)
        elif isinstance(seat_view, list) and isinstance(spectator_view, list) and len(seat_view) == len(spectator_view):
            for mine, theirs in zip(seat_view, spectator_view, strict=True):
                visit(mine, theirs, depth + 1)

    for game in games:
        count = max(2, GAME_MOMENTS // len(games))
        every = max(1, len(random_playout(game, SEEDS[0]).history) // count)
        for index, state in enumerate(walk(game, SEEDS[0])):
            if index % every == 0 or state.is_over:
                # Log lines are no components (the deduction test looks at them).
                spectator = {k: v for k, v in state.view(None).to_json().items() if k != "log"}
                for seat in range(game.players):
                    visit({k: v for k, v in state.view(seat).to_json().items() if k != "log"}, spectator, 0)
    return keys, {value: list(seen_with) for value, seen_with in faces.items()}


def entries(data: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object in ``data``, however deep."""
    if isinstance(data, dict):
        yield data
        for value in data.values():
            yield from entries(value)
    elif isinstance(data, list):
        for value in data:
            yield from entries(value)


def public_data_findings(data: Any, keys: set[str], faces: dict[str, list[frozenset[str]]]) -> list[str]:
    found: list[str] = []
    for entry in entries(data):
        shown = canonical(entry)[:160].decode()
        found.extend(f"hidden key {key!r} in {shown}" for key in sorted(keys & set(entry)))
        values = own_scalars(entry)
        for value in sorted(values & faces.keys()):
            for face in faces[value]:
                if face <= values:
                    found.append(f"{value!r}, which a view hides, beside the public {sorted(face)} in {shown}")
                    break
    return found


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    database = Path(tmp_path_factory.mktemp("leaks")) / "quarkade.sqlite3"
    with TestClient(create_app(str(database), bot_delay=0.0, allowed_hosts=["testserver"])) as client:
        yield client


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_public_component_data_holds_nothing_a_view_hides(game_id: str, web: TestClient) -> None:
    keys, faces = hidden_fields([quarkade.load(game_id, players=players, **options)
                                 for id_, players, options in CONFIGURATIONS if id_ == game_id])
    components = game_class(game_id).public_components()
    response = web.get(f"/api/games/{game_id}/components")
    assert response.status_code == 200, response.text
    problems = [
        f"{where}: {len(findings)} findings, e.g. {'; '.join(findings[:2])}"
        for where, findings in ((f"{game_id}'s public_components()", public_data_findings(components, keys, faces)),
                                (f"GET /api/games/{game_id}/components",
                                 public_data_findings(response.json(), keys, faces)))
        if findings
    ]
    assert not problems, "public data holds what views hide:\n" + "\n".join(problems)


# ----------------------------------------------------------------------------- the tests can fail
# A toy game with the three kinds of leak the tests look for, each one switched on by itself, so
# that the tests are seen to catch them (and to pass the same game without them). Each of three
# seats holds a secret bit; for three rounds every seat in turn may hum (in secret, once) and then
# answers yes or no in the open.
@dataclass(frozen=True)
class Word(Action):
    word: str

    def __str__(self) -> str:
        return self.word


HUM, YES, NO = Word("hum"), Word("yes"), Word("no")
NAMES = ("Ada", "Ben", "Cy")


def describe_toy(event: tuple[Any, ...], viewer: int | None, reveal_all: bool) -> dict[str, Any] | None:
    kind, private_to, seat = event
    if kind == "hum" and not (reveal_all or private_to in (-1, viewer)):
        return None
    return {"event": kind, "seat": seat, "text": f"Seat {seat} {'hums' if kind == 'hum' else 'says ' + kind}."}


class ToyGame(Game):
    info = GameInfo("toy", "Toy", 3, 3, "three secret bits")

    def __init__(self, leak: str | None) -> None:
        super().__init__(3, {})
        self.leak = leak  # "turn": seats holding 0 are skipped; "log": everyone hears a hum

    def new_game(self, seed: int) -> State:
        chance = Chance(seed)
        return ToyState(self, seed, [chance.below(2) for _ in NAMES])

    def _parse_action(self, state: State, seat: int, text: str) -> Action:
        return Word(text)

    def sample_state(self, view: View, chance: Chance) -> State:
        data = view.to_json()
        bits = [chance.below(2) for _ in NAMES]
        if view.seat is not None:
            bits[view.seat] = data["players"][view.seat]["secret"]
        state = ToyState(self, 0, bits)
        state.round, state.turn, state.hummed = data["round"], data["turn"], data.get("hummed", False)
        state.asked = data["asked"]
        state.history = []
        return state


class ToyState(State):
    def __init__(self, game: ToyGame, seed: int, bits: list[int]) -> None:
        self.game: ToyGame = game
        self.seed, self.bits, self.round, self.turn, self.asked, self.hummed = seed, bits, 0, -1, 0, False
        self.log: Any = None
        self.history = []
        self._next()

    def _next(self) -> None:
        """Ask the next seat (the leaky flow asks only seats holding 1)."""
        self.turn, self.asked, self.hummed = self.turn + 1, self.asked + 1, False
        while self.round < 3 and (self.turn == 3 or (self.game.leak == "turn" and not self.bits[self.turn])):
            if self.turn == 3:
                self.round, self.turn = self.round + 1, 0
            else:
                self.turn, self.asked = self.turn + 1, self.asked + 1

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        return [YES, NO] if self.hummed else [HUM, YES, NO]

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        return None if action in self.legal_actions(seat) else f"{action} is not a move now"

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Word)
        self.log = note(self.log, action.word, -1 if self.game.leak == "log" or action != HUM else seat, seat)
        if action == HUM:
            self.hummed = True
        else:
            self._next()

    def _view(self, seat: int | None) -> View:
        players = [{"seat": s, "name": NAMES[s], **({"secret": self.bits[s]} if s == seat else {})} for s in range(3)]
        data: dict[str, Any] = {"round": self.round, "turn": self.turn, "asked": self.asked,
                                "to_act": list(self.to_act), "players": players}
        if seat == self.turn:
            data["hummed"] = self.hummed
        data["log"] = read(self.log, describe_toy, seat, self.is_over, 60)
        return View("toy", seat, data)

    @property
    def is_over(self) -> bool:
        return self.round >= 3

    @property
    def scores(self) -> tuple[float, ...]:
        return (0.0, 0.0, 0.0)

    @property
    def winners(self) -> tuple[int, ...]:
        return ()

    def clone(self) -> State:
        copy = ToyState.__new__(ToyState)
        # Attribute by attribute: where State is compiled (docs/compiled.md), a new object's
        # ``__dict__`` is made by its first attribute, not by ``__new__``; State's own attributes
        # are not in it there.
        for name, value in vars(self).items():
            setattr(copy, name, value)
        copy.game, copy.seed = self.game, self.seed
        copy.bits = self.bits[:]
        self._copy_history(copy)
        return copy


@functools.cache
def toy_findings(leak: str | None) -> tuple[list[str], list[str]]:
    """What checks 1 and 2 find in seeded toy games."""
    game = ToyGame(leak)
    sight: list[str] = []
    turn: list[str] = []
    for seed in range(3):
        history = play_out(game.new_game(seed), chooser(seed)).history
        for step, state in enumerate(walk(game, seed)):
            if step % 3 == 0 and not state.is_over:
                for observer in [None, *range(3)]:
                    worlds = worlds_from(game, state, history[step:], observer, seed)
                    sight += same_sight_same_answers(worlds, Counter())
                    turn += same_actions_same_turn(worlds, Counter())
    return sight, turn


def test_the_checks_catch_a_flow_that_skips_seats_by_what_they_hold() -> None:
    assert toy_findings("turn")[1], "check 2 missed seats skipped for their secret"
    assert toy_findings(None) == ([], [])


def test_the_checks_catch_a_log_line_about_a_secret_step() -> None:
    assert toy_findings("log")[0], "check 1 missed a log line announcing a secret step"
    assert toy_findings(None) == ([], [])


def test_the_public_data_lint_catches_a_hidden_field() -> None:
    keys, faces = hidden_fields([ToyGame(None)])
    assert keys == {"secret", "hummed"}
    assert public_data_findings({"players": [{"name": "Ada", "secret": 1}]}, keys, faces)
    assert public_data_findings({"players": [{"name": "Ada", "bit": 1}]}, keys, faces)  # the value beside the face
    assert not public_data_findings({"players": [{"name": "Ada"}, {"name": "Ben"}]}, keys, faces)
