"""Quirky Circuits audited from outside: seeded games played through the public API only
(``quarkade.load``, ``new_game``, ``to_act``, ``legal_actions``, ``apply``, ``view``,
``record``), each Execute phase checked card by card against an independent model of the
rulebook (``quirky_circuits_model``), and every seat's view, log and ``to_act`` checked for
what that seat may not know.

The model reads the maps from the game's public component data with its own parser; it shares
no code with the engine.
"""

from __future__ import annotations

import collections
import json
import random
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import pytest

import quarkade
from quarkade.games.quirky_circuits.components import card_id
from quirky_circuits_model import DIRECTIONS, Board, CardResult, Event, Model, parse_board, step

GAME_ID = "quirky-circuits"
PUBLIC = quarkade.load(GAME_ID, players=2).public_components()
RAW_SCENARIOS = {raw["id"]: raw for raw in PUBLIC["scenarios.toml"]["scenario"]}
BOARDS = {scenario_id: parse_board(raw) for scenario_id, raw in RAW_SCENARIOS.items()}
CARD_ORDER = ("move-1", "slide", "move-2", "rotate-left", "move-3", "rotate-right", "move-back", "rotate-180")
CARD_NAMES = CARD_ORDER + tuple("quirk-" + name for name in CARD_ORDER)
KIND_WORDS = ("Move 1", "Slide", "Move 2", "Turn left", "Move 3", "Turn right", "Back 1", "U-turn")  # as log lines say
TURN_CARDS = ("rotate-left", "rotate-right", "rotate-180")
HAND_SIZE = {2: 5, 3: 4, 4: 4}  # Getting Started: the hand size table
QUEUE_MINIMUM = 5  # "in total the players must play 5 or more cards"
Space = tuple[int, int]


def back(card: str) -> str:
    return "turn" if card.removeprefix("quirk-") in TURN_CARDS else "move"


def deck_size(scenario_id: str) -> int:
    robot = RAW_SCENARIOS[scenario_id]["robot"]
    cards = PUBLIC["cards.toml"][robot]
    quirks = sum(cards["quirk"].values()) if RAW_SCENARIOS[scenario_id].get("quirks") else 0
    return int(sum(cards["base"].values())) + quirks


def space(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


# ---------------------------------------------------------------- the engine's execution record
@dataclass
class Revealed:
    """One card of the engine's record: who played it, where the robot ended, what happened."""

    index: int
    seat: int
    card: str
    end: tuple[Space, str]
    events: list[Event] = field(default_factory=list)
    unfallen: list[dict[str, Any]] = field(default_factory=list)  # 'fall' steps that land nowhere


def read_execution(execution: list[dict[str, Any]]) -> list[Revealed]:
    """The record in the model's words: collisions, halts other than by a collision, turns not
    made by the card, slope-slides, tunnels, tokens cleaned and fallen, the goal."""
    cards: list[Revealed] = []
    for entry in execution:
        kind = entry["step"]
        if kind == "reveal":
            end = (space(entry["robot"]), entry["facing"])
            cards.append(Revealed(entry["index"], entry["seat"], entry["card"], end))
            continue
        card = cards[-1]
        card.end = (space(entry["robot"]), entry["facing"])
        if kind == "collide":
            card.events.append(("collide", entry["with"]))
        elif kind == "rotate" and entry["cause"] != "card":
            card.events.append(("rotate", entry["cause"]))
        elif kind == "halt" and entry["reason"] != "collision":
            card.events.append(("halt", entry["reason"]))
        elif kind == "tunnel":
            card.events.append(("tunnel", space(entry["from"]), space(entry["robot"])))
        elif kind == "slide" and entry["cause"] == "slope":
            card.events.append(("slide", "slope", entry["direction"]))
        elif kind == "collect":
            card.events.append(("collect", entry["token"], space(entry["at"])))
        elif kind == "fall" and entry["to"] is None:
            card.unfallen.append(entry)
        elif kind == "fall":
            card.events.append(("fall", entry["token"], space(entry["from"]), space(entry["to"]), entry["becomes"]))
        elif kind == "goal":
            card.events.append(("goal",))
    return cards


def board_tokens(view: dict[str, Any]) -> list[tuple[str, Space, bool]]:
    return sorted((token["token"], space(token["space"]), token["raised"]) for token in view["tokens"])


# ---------------------------------------------------------------- players
def random_choice(rng: random.Random, model: Model, queue: list[tuple[int, str]], actions: list[Any]) -> Any:
    plays = [a for a in actions if str(a).startswith("play")]
    quiet = [a for a in actions if str(a) not in ("stop", "beep")]
    if plays and rng.random() < 0.75:
        return rng.choice(plays)
    return rng.choice(quiet if quiet and rng.random() < 0.95 else actions)


def distance_score(model: Model, results: list[CardResult]) -> float:
    """Rough distance to the goal: tokens left, then the nearest one (or home)."""
    if model.won:
        return -1e9
    left = model.remaining()
    if not left:
        targets = [model.board.start]
    else:
        targets = [t[1] for t in left if not t[2]] or [step(t[1], d) for t in left for d in range(4)]
    x, y = model.space
    return 20.0 * len(left) + min(abs(x - tx) + abs(y - ty) for tx, ty in targets)


def stuck_score(model: Model, results: list[CardResult]) -> float:
    """Rough distance to knocking a token that cannot fall either way (ruling 13)."""
    if any(event[0] == "stays" for result in results for event in result.events):
        return -1e9
    board = model.board
    targets = [(step(token[1], (d + 2) % 4), d) for token in model.tokens if token[2] for d in range(4)
               if model.blocked(token[1], d) and model.blocked(token[1], 2)
               and not board.on_border(token[1], (d + 2) % 4) and board.edge(token[1], (d + 2) % 4) == " "
               and step(token[1], (d + 2) % 4) not in board.obstacles]
    x, y = model.space
    # Knocking the token down from another side loses the target for good.
    return min((abs(x - tx) + abs(y - ty) + (model.facing != d) for (tx, ty), d in targets), default=100.0)


RARE = {("slide", "slope"): 3, ("tunnel",): 3, ("halt", "snowdrift"): 1, ("halt", "chair"): 1,
        ("collide", "tunnel"): 1, ("fall",): 1}


def rare_score(model: Model, results: list[CardResult]) -> float:
    """Seeks the rarer rules (slope-slides, tunnels, snowdrifts, chairs, falls) with the last
    card played, else heads for where they happen, so that each map's special rules are met
    in every run whatever the deal."""
    last = results[-1].events if results else []
    found = sum(RARE.get(event[:2], RARE.get(event[:1], 0)) for event in last)
    board = model.board
    # Snowdrifts are met anyway; the robot is steered to the slopes, tunnels, chairs and pots.
    places = [(x, y) for x, y, _ in board.mouths] + list(board.chairs)
    places += [step(token[1], d) for token in model.tokens if token[2] for d in range(4)]
    places += [(x, y) for y in range(board.height) for x in range(board.width) for side in range(4)
               if not board.on_border((x, y), side) and board.edge((x, y), side) in "<>^v"]
    x, y = model.space
    nearest = min((abs(x - px) + abs(y - py) for px, py in places if (px, py) != (x, y)), default=0)
    return -10.0 * found + nearest


def best_play(rng: random.Random, model: Model, queue: list[tuple[int, str]], actions: list[Any],
              score: Callable[[Model, list[CardResult]], float]) -> Any:
    """The card the model expects to score best after the queue, or done (or pass) when the
    queue as it stands scores as well; now and then a random action."""
    plays = [a for a in actions if str(a).startswith("play")]
    stops = [a for a in actions if str(a) in ("done", "pass")]
    if not plays or rng.random() < 0.2:
        return random_choice(rng, model, queue, actions)
    cards = [card for _, card in queue]
    best: tuple[float, Any] | None = None
    if stops and len(queue) >= QUEUE_MINIMUM:
        trial = model.clone()
        best = (score(trial, trial.execute(cards)) + 0.5, stops[0])
    for action in plays:
        trial = model.clone()
        results = trial.execute([*cards, str(action).split()[1]])
        value = score(trial, results) + rng.random()
        if best is None or value < best[0]:
            best = (value, action)
    assert best is not None
    return best[1]


def greedy_choice(rng: random.Random, model: Model, queue: list[tuple[int, str]], actions: list[Any]) -> Any:
    """Heads for the goal: it wins games, so the goal, mid-queue wins and the result's colour
    get exercised on every map."""
    return best_play(rng, model, queue, actions, distance_score)


def exploring_choice(rng: random.Random, model: Model, queue: list[tuple[int, str]], actions: list[Any]) -> Any:
    return best_play(rng, model, queue, actions, rare_score)


def hunting_move(state: Any, model: Model, queue: list[tuple[int, str]]) -> tuple[int, Any]:
    """The seat and card (of any seat that may act) that bring the robot nearest a knock on
    a token that cannot fall, looking two cards ahead; done (or pass) when none helps."""
    cards = [card for _, card in queue]
    hands = {seat: state.legal_actions(seat) for seat in state.to_act}
    here = model.clone()
    best = (stuck_score(here, here.execute(cards)) - 0.5, -1, None)
    for seat, actions in hands.items():
        for action in actions:
            if not str(action).startswith("play"):
                continue
            first = str(action).split()[1]
            trial = model.clone()
            value = stuck_score(trial, trial.execute([*cards, first]))
            for then in {str(a).split()[1] for a in actions if str(a).startswith("play")} - {first}:
                trial = model.clone()
                value = min(value, stuck_score(trial, trial.execute([*cards, first, then])) + 0.25)
            best = min(best, (value, seat, action), key=lambda entry: entry[0])
    if best[2] is not None:
        return best[1], best[2]
    for seat, actions in hands.items():
        stops = [a for a in actions if str(a) in ("done", "pass")]
        if stops:
            return seat, stops[0]
    seat = state.to_act[0]
    return seat, [a for a in hands[seat] if str(a) not in ("stop", "beep")][0]


VIEW_SHARE = 0.3  # the share of steps whose views are all checked (views are the slow part)
SIGNAL_SHARE = 0.05  # the share of steps where a player the game does not wait for signals first
POLICIES = {"random": random_choice, "greedy": greedy_choice, "explore": exploring_choice}


# ---------------------------------------------------------------- one audited game
@dataclass
class Audit:
    problems: list[str] = field(default_factory=list)
    coverage: collections.Counter[Any] = field(default_factory=collections.Counter)
    unfallen: list[str] = field(default_factory=list)  # records of a fall that did not happen

    def check(self, ok: bool, where: str, text: str) -> None:
        if not ok:
            self.problems.append(f"{where}: {text}")


def same_but_own(own: dict[str, Any], public: dict[str, Any], seat: int, practice: bool, recent: int) -> bool:
    """A seat's view is the spectator's plus its hand, and (face down) the faces of the queue
    cards it played and of its own log lines. Only the last ``recent`` log lines are compared
    (the earlier ones were compared at earlier steps)."""
    skip = ("seat", "hand", "queue", "log")
    if own.keys() - {"hand"} != public.keys() or any(own[k] != public[k] for k in public if k not in skip):
        return False
    if own["seat"] != seat or public["seat"] is not None or len(own["log"]) != len(public["log"]):
        return False
    if len(own["queue"]) != len(public["queue"]):
        return False
    for mine, theirs in zip(own["queue"], public["queue"], strict=True):
        hidden = not practice and mine["seat"] == seat
        if {**mine, "card": None} != {**theirs, "card": None} or (not hidden and mine != theirs):
            return False
    for mine, theirs in zip(own["log"][-recent:], public["log"][-recent:], strict=True):
        if not practice and mine.get("event") == "play" and mine.get("seat") == seat:
            mine = {key: value for key, value in mine.items() if key not in ("card", "text")}
            theirs = {key: value for key, value in theirs.items() if key not in ("card", "text")}
        if mine != theirs:
            return False
    return True


def check_views(state: Any, players: int, practice: bool, audit: Audit, where: str, recent: int = 6) -> None:
    """Every view is the spectator's plus the seat's own hand and own queue cards; the
    spectator sees no face-down card, in the queue or the log."""
    public = state.view(None).to_json()
    for seat in range(players):
        own = state.view(seat).to_json()
        audit.check(same_but_own(own, public, seat, practice, recent), where,
                    f"seat {seat}'s view holds more than the public view and its own cards")
        if seat not in state.to_act:
            audit.check(state.legal_actions(seat) == [], where, f"seat {seat} may act but is not in to_act")
        # Communicating: any player may put its hands flat or say "Beep-boop" (once a round,
        # ruling 18), the game waiting on it or not: a player to act has them among its moves.
        flags = public["players"][seat]
        signals = [] if state.is_over else [word for word, given in (("stop", flags["stopped"]),
                                                                        ("beep", flags["beeped"])) if not given]
        if seat in state.to_act:
            offered = [str(a) for a in state.legal_actions(seat) if str(a) in ("stop", "beep")]
            audit.check(state.optional_actions(seat) == [], where, f"seat {seat} is to act and has optional actions")
        else:
            offered = [str(a) for a in state.optional_actions(seat)]
        audit.check(offered == signals, where, f"seat {seat} may signal {offered}, not {signals}")
    if practice or state.is_over:
        return
    for entry in public["queue"]:
        audit.check(entry["card"] is None, where, f"a face-down queue card is shown: {entry}")
    for line in public["log"][-recent:]:
        if line.get("event") == "play":
            words = line["text"].replace(".", " ").split()
            audit.check("card" not in line and not set(words) & set(CARD_NAMES)
                        and not any(name in line["text"] for name in KIND_WORDS), where, f"log shows a card: {line}")


def check_program_step(view: dict[str, Any], players: int, scenario_id: str, pacing: bool,
                       queue: list[tuple[int, str]], fresh: bool, audit: Audit, where: str) -> None:
    hands = sum(p["hand_size"] for p in view["players"])
    total = hands + len(view["queue"]) + view["deck"]["cards"]
    audit.check(total == deck_size(scenario_id), where, f"{total} cards in hands, queue and deck")
    audit.check([(e["seat"], e["back"]) for e in view["queue"]] == [(s, back(c)) for s, c in queue], where,
                "the queue is not the cards played, left to right")
    layers = view["deck"]["layers"]
    audit.check(sum(layer["cards"] for layer in layers) == view["deck"]["cards"], where, "deck layers")
    for layer in layers:
        if layer["from"] is not None:
            order = sorted(layer["from"], key=CARD_NAMES.index)
            audit.check(layer["from"] == order, where, f"a deck layer shows an order: {layer['from']}")
    if fresh:
        sizes = [p["hand_size"] for p in view["players"]]
        audit.check(sizes == [HAND_SIZE[players]] * players, where, f"hands of {sizes} at the round's start")
        if pacing:
            audit.check(list(view["to_act"]) == [0], where, "a pacing round starts with the dealer (seat 0)")
    if pacing:
        audit.check(len(view["to_act"]) == 1 and view["turn"]["seat"] == view["to_act"][0], where, "pacing turn")
    else:
        waiting = [p["seat"] for p in view["players"] if not p["done"]]
        audit.check(list(view["to_act"]) == waiting, where, f"free play: to_act {view['to_act']}, not done {waiting}")


def check_hand_rule(state: Any, seat: int, audit: Audit, where: str) -> None:
    """The Quirk rule: a hand with Quirk cards plays them first; otherwise any card."""
    hand = state.view(seat).to_json()["hand"]
    # In a fixed order, so that it tells nothing of the order it was dealt in.
    audit.check(hand == sorted(hand, key=CARD_NAMES.index), where, f"seat {seat}'s hand in dealt order? {hand}")
    plays = {str(a).split()[1] for a in state.legal_actions(seat) if str(a).startswith("play")}
    if not plays:
        return
    quirks = {card for card in hand if card.startswith("quirk-")}
    audit.check(plays == (quirks or set(hand)), where, f"hand {hand} may play {sorted(plays)}")


NOTATIONS = tuple(f"play {card}" for card in CARD_NAMES) + ("done", "pass", "stop", "beep")


def check_illegal(game: Any, state: Any, rng: random.Random, players: int, audit: Audit, where: str) -> None:
    """An action a seat may not take now is refused with a reason, changes nothing, and the
    reason names no card but those of the seat's own hand and the one it tried."""
    seat = rng.randrange(players)
    legal = {str(a) for a in [*state.legal_actions(seat), *state.optional_actions(seat)]}
    text = rng.choice([n for n in NOTATIONS if n not in legal])
    action = game.parse_action(state, seat, text)
    before = [json.dumps(state.view(s).to_json(), sort_keys=True) for s in (None, *range(players))]
    reason = state.why_illegal(seat, action)
    try:
        state.apply(seat, action)
    except quarkade.IllegalAction as error:
        raised = str(error)
    else:
        audit.check(False, where, f"seat {seat} could {text!r}, not among its legal actions")
        return
    after = [json.dumps(state.view(s).to_json(), sort_keys=True) for s in (None, *range(players))]
    audit.check(after == before, where, f"a refused {text!r} changed a view")
    audit.check(bool(reason) and reason in raised, where, f"{text!r}: reason {reason!r}, error {raised!r}")
    hand = state.view(seat).to_json()["hand"]
    named = {word.strip(".,;:()'\"") for word in raised.split()} & set(CARD_NAMES)
    audit.check(named <= {*hand, text.split()[-1]}, where, f"seat {seat}'s refusal names {named}: {raised!r}")


def compare_execution(view: dict[str, Any], model: Model, queue: list[tuple[int, str]], audit: Audit,
                      where: str) -> None:
    start = (model.space, DIRECTIONS[model.facing])
    expected = model.execute([card for _, card in queue])
    got = read_execution(view["execution"])
    header = f"{where} from {start} queue {[c for _, c in queue]}"
    audit.check(len(got) == len(expected), header, f"{len(expected)} cards resolved, the record has {len(got)}")
    for index, (mine, theirs) in enumerate(zip(expected, got, strict=False)):
        card_where = f"{header} card {index} ({mine.card})"
        audit.check((theirs.index, theirs.seat, theirs.card) == (index, queue[index][0], mine.card), card_where,
                    f"revealed {theirs.card} of seat {theirs.seat} at {theirs.index}")
        # A token that stays on its obstacle is left out here: how the record tells it is
        # checked by test_a_token_that_cannot_fall_is_not_recorded_as_fallen.
        model_events = [e for e in mine.events if e[0] != "stays"]
        if theirs.unfallen:
            audit.unfallen.append(f"{card_where}: {theirs.unfallen}")
        ok = ((mine.space, DIRECTIONS[mine.facing]), model_events) == (theirs.end, theirs.events)
        audit.check(ok, card_where, f"expected {(mine.space, DIRECTIONS[mine.facing])} {model_events}, "
                                    f"got {theirs.end} {theirs.events}")
        if not ok:
            return
        for event in mine.events:
            audit.coverage[event[:2] if event[0] in ("collide", "halt", "rotate", "slide") else event[0]] += 1
    audit.check(board_tokens(view) == sorted(model.tokens), header,
                f"tokens: expected {sorted(model.tokens)}, got {board_tokens(view)}")
    executed = [line for line in view["log"] if line["event"] == "execute"][-1]
    audit.check(executed["cards"] == [c.card for c in expected], header, f"the log's Execute line {executed}")
    if not model.won:
        ends = f"ends in {place_said(model.space, model.board)}, facing {DIRECTIONS[model.facing]}"
        audit.check(ends in executed["text"], header, f"the log says {executed['text']!r}, not {ends!r}")
    outcome = "won" if model.won else "lost" if model.lost else "playing"
    audit.check(view["result"]["outcome"] == outcome, header, f"expected {outcome}, got {view['result']}")
    if model.won:
        assert model.won_at_battery is not None
        audit.coverage["won"] += 1
        audit.coverage["won mid-queue" if len(expected) < len(queue) else "won on the last card"] += 1
        section = model.section(model.won_at_battery)
        audit.coverage[section] += 1
        audit.check(view["result"]["section"] == section, header, f"a win in the {section}: {view['result']}")
    elif model.lost:
        audit.coverage["lost"] += 1
    else:
        battery = (view["battery"]["level"], view["battery"]["section"])
        audit.check(battery == (model.battery, model.section(model.battery)), header, f"battery {view['battery']}")


ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def place_said(space: Space, board: Board) -> str:
    """A space as the log names it: the row from the top (the top and bottom rows by name),
    then the column from the left."""
    x, y = space
    row = ("the top row" if y == 0 else "the bottom row" if y == board.height - 1
           else f"the {ORDINAL_WORDS[y]} row from the top")
    return f"{row}, {ORDINAL_WORDS[x]} from the left"


def check_phase_end(said: list[tuple[int, str]], queue: list[tuple[int, str]], players: int, pacing: bool,
                    executed: bool, audit: Audit, where: str) -> None:
    """The Program phase ends exactly when it should: in free play when every player is done;
    in pacing mode when all players have passed in a row (Pacing Mode), once the queue holds
    a card of each player and five in all (Program)."""
    ready = {seat for seat, _ in queue} == set(range(players)) and len(queue) >= QUEUE_MINIMUM
    if pacing:
        tail = said[-players:]
        over = ready and len(tail) == players and all(word == "pass" for _, word in tail)
    else:
        over = {seat for seat, word in said if word == "done"} == set(range(players))
    audit.check(over == executed, where, f"after {said[-players:]} the queue {'was' if executed else 'was not'} "
                                         f"executed")


def audit_game(scenario_id: str, players: int, seed: int, practice: bool, pacing: bool, policy: str,
               audit: Audit) -> None:
    game = quarkade.load(GAME_ID, players=players, scenario=scenario_id, practice=practice, pacing=pacing)
    state = game.new_game(seed=seed)
    rng = random.Random(f"{scenario_id} {seed}")  # the players' choices
    sampler = random.Random(f"checks {scenario_id} {seed}")  # which steps get the slower checks
    model = Model.start(BOARDS[scenario_id])
    queue: list[tuple[int, str]] = []
    fresh = True  # no action yet this round
    said: list[tuple[int, str]] = []  # this round's plays, dones and passes, in order
    where = f"{scenario_id} players={players} seed={seed} practice={practice} pacing={pacing} policy={policy}"
    view = state.view(None).to_json()
    audit.check(board_tokens(view) == sorted(model.tokens), where, "the tokens at setup")
    while not state.is_over and not audit.problems:
        here = f"{where} round {view['round']}"
        check_program_step(view, players, scenario_id, pacing, queue, fresh, audit, here)
        seat = rng.choice(state.to_act)
        if policy == "hunt":
            seat, action = hunting_move(state, model, queue)
        if sampler.random() < VIEW_SHARE:
            check_views(state, players, practice, audit, here)
            check_hand_rule(state, seat, audit, here)
            check_illegal(game, state, sampler, players, audit, here)
        if policy != "hunt":
            action = POLICIES[policy](rng, model, queue, state.legal_actions(seat))
        waiting = [s for s in range(players) if s not in state.to_act and state.optional_actions(s)]
        if waiting and sampler.random() < SIGNAL_SHARE:
            # A player the game does not wait for signals: seen by all, and no one's turn changes.
            signaller = sampler.choice(waiting)
            signal = sampler.choice(state.optional_actions(signaller))
            to_act = state.to_act
            state.apply(signaller, signal)
            audit.check(state.to_act == to_act, here, f"seat {signaller}'s {signal} changed to_act")
            for reader in (None, *range(players)):
                line = state.view(reader).to_json()["log"][-1]
                audit.check((line["event"], line.get("seat")) == (str(signal), signaller), here,
                            f"seat {reader} reads {line} after seat {signaller}'s {signal}")
            audit.coverage["signal while not to act"] += 1
        if str(action).startswith("play"):
            queue.append((seat, str(action).split()[1]))
        state.apply(seat, action)
        fresh = False
        if str(action) not in ("stop", "beep"):
            said.append((seat, str(action).split()[0]))
        after = state.view(None).to_json()
        executed = after["round"] != view["round"] or state.is_over
        if pacing and str(action) in ("done", "pass") and not executed:
            audit.check(list(after["to_act"]) == [(seat + 1) % players], here, "pacing turns go clockwise")
        check_phase_end(said, queue, players, pacing, executed, audit, here)
        if executed:
            played = {s for s, _ in queue}
            audit.check(played == set(range(players)) and len(queue) >= QUEUE_MINIMUM, here,
                        f"executed a queue of {len(queue)} from seats {sorted(played)}")
            compare_execution(after, model, queue, audit, here)
            queue, fresh, said = [], True, []
        view = after
    if audit.problems:
        return
    check_views(state, players, practice, audit, where, recent=len(view["log"]))
    audit.check(model.won or model.lost, where, "the game ended without a result")
    # Ruling 16: one result for the whole table.
    audit.check(list(state.scores) == [1.0 if model.won else 0.0] * players, where, f"scores {state.scores}")
    replayed = quarkade.replay(state.record())
    audit.check(replayed.view(None).to_json() == state.view(None).to_json(), where, "the record replays")


# ---------------------------------------------------------------- the tests
# (players, practice, pacing, policy): every player count, both alternative rules, each policy.
GAMES = (
    (2, False, False, "random"), (3, False, True, "random"), (2, True, True, "greedy"),
    (4, False, True, "greedy"), (4, True, False, "explore"), (3, False, False, "explore"),
)
EXTRA_GAMES = 16
# What each map must have exercised, so that a comparison that never happens cannot pass.
FEATURES = {
    "rise-and-shine": {("collide", "obstacle"), ("collide", "barrier"), "collect", "won"},
    "hit-the-slopes": {("collide", "slope"), ("slide", "slope"), "collect", "won"},
    "sliding-through-tunnels": {("collide", "tunnel"), "tunnel", ("slide", "slope"), "collect"},
    "dusty-greenhouse": {"fall", ("collide", "obstacle"), "collect"},
    "cafe-botanical": {("halt", "chair"), "fall", "collect"},
    "snow-kyo-drift": {("halt", "snowdrift"), ("slide", "slope"), "collect"},
    "hole-lot-of-fun": {("halt", "snowdrift"), "tunnel", ("collide", "tunnel"), "collect"},
    "the-cellar": {("halt", "chair"), "fall", "collect"},
    "room-to-zoom": {("halt", "snowdrift"), "tunnel", ("slide", "slope"), "collect"},
    "tea-time": {("halt", "chair"), "fall", "collect"},
}


@pytest.mark.parametrize("scenario_id", list(RAW_SCENARIOS))
def test_every_execution_matches_the_model(scenario_id: str) -> None:
    audit = Audit()
    for number, (players, practice, pacing, policy) in enumerate(GAMES):
        audit_game(scenario_id, players, 100 + number, practice, pacing, policy, audit)
        assert not audit.problems, "\n".join(audit.problems[:3])
    # More games, steered to the map's special rules, until each has been met at least twice.
    for number in range(EXTRA_GAMES):
        if all(audit.coverage[feature] >= 2 for feature in FEATURES[scenario_id]):
            break
        audit_game(scenario_id, 2 + number % 3, 200 + number, False, number % 2 == 1, "explore", audit)
        assert not audit.problems, "\n".join(audit.problems[:3])
    missing = (FEATURES[scenario_id] | {"signal while not to act"}) - set(audit.coverage)
    assert not missing, f"never exercised: {missing} (coverage {dict(audit.coverage)})"


def small_board(robot: str, facing: str, rows: str) -> Board:
    return parse_board({"id": "test", "robot": robot, "facing": facing, "battery": 3, "yellow": 2, "red": 1,
                        "map": rows})


def test_the_model_follows_the_rulebooks_own_examples() -> None:
    """Gizmo: "A command card would move Gizmo forward three spaces, but it hits an obstacle.
    Gizmo immediately halts its movement and rotates left." Penny: "A command card moves
    Penny backward over a slope, so she slides backwards until she hits a barrier." And she
    "cannot move or slide up a slope"."""
    gizmo = Model.start(small_board("gizmo", "east", "+-+-+-+-+\n|@ . # d|\n+-+-+-+-+"))
    [result] = gizmo.execute(["move-3"])
    assert (result.space, DIRECTIONS[result.facing]) == ((1, 0), "north")
    assert result.events == [("collide", "obstacle"), ("rotate", "collision")]
    column = "+-+\n|{}|\n+v+\n|{}|\n+ +\n|f|\n+ +\n|.|\n+-+\n|.|\n+-+"
    penny = Model.start(small_board("penny", "north", column.format("@", ".")))
    [result] = penny.execute(["move-back"])
    assert (result.space, DIRECTIONS[result.facing]) == ((0, 3), "north")
    assert result.events == [("slide", "slope", "south"), ("collect", "flag", (0, 2)), ("collide", "barrier")]
    penny = Model.start(small_board("penny", "south", column.format(".", "@")))
    [result] = penny.execute(["move-back"])
    assert (result.space, result.events) == ((0, 1), [("collide", "slope")])


def test_the_maps_read_from_the_public_data_are_the_boards_in_the_view() -> None:
    for scenario_id, board in BOARDS.items():
        view = quarkade.load(GAME_ID, players=2, scenario=scenario_id).new_game(seed=1).view(None).to_json()
        assert view_board(board) == {key: view["board"][key] for key in view_board(board)}, scenario_id
        assert board_tokens(view) == sorted(board.tokens), scenario_id
        assert (space(view["robot"]["space"]), view["robot"]["facing"]) == (board.start, DIRECTIONS[board.facing])


def view_board(board: Board) -> dict[str, Any]:
    """The model's reading of a map, in the shape of the view's ``board``."""
    barriers, slopes = [], []
    for y in range(board.height):
        for x in range(board.width):
            for side in (1, 2):  # each inner edge once: east and south of a space
                if board.on_border((x, y), side):
                    continue
                char = board.edge((x, y), side)
                if char in "-|":
                    barriers.append([x, y, DIRECTIONS[side]])
                elif char in "<>^v":
                    arrow = DIRECTIONS["^>v<".index(char)]
                    slopes.append({"between": [[x, y], list(step((x, y), side))], "arrow": arrow})
    tunnels = sorted(sorted([[x, y, DIRECTIONS[d]], [x2, y2, DIRECTIONS[d2]]])
                     for (x, y, d), (x2, y2, d2) in board.mouths.items())
    return {
        "width": board.width, "height": board.height, "start": list(board.start),
        "start_facing": DIRECTIONS[board.facing], "barriers": sorted(barriers),
        "slopes": sorted(slopes, key=str), "tunnels": tunnels[::2],
        "obstacles": sorted(map(list, board.obstacles)), "chairs": sorted(map(list, board.chairs)),
        "snowdrifts": sorted(map(list, board.snowdrifts)), "rows": list(board.rows),
    }


def test_the_public_component_data_is_the_printed_data_alone() -> None:
    """The same for every table (no seed, deal or deck order in it), and nothing beyond the
    two data files: the card counts and the maps, printed face up for everyone."""
    package = resources.files("quarkade.games.quirky_circuits")
    printed = {name: tomllib.loads(package.joinpath(f"data/{name}").read_text("utf-8"))
               for name in ("cards.toml", "scenarios.toml")}
    for scenario_id in RAW_SCENARIOS:
        for players in (2, 4):
            game = quarkade.load(GAME_ID, players=players, scenario=scenario_id, pacing=players == 4)
            assert game.public_components() == printed


# A public script: each step names what the table sees (a card's back or a signal), so that
# tables dealt differently can follow the same public history as far as their hands allow.
SCRIPT = ("move", "turn", "move", "beep", "done", "turn", "move", "pass", "done", "move", "turn", "done")


def back_of(card: str) -> str:
    """The back a card shows, by its name (Card Iconography: the turns rotate the robot)."""
    return "turn" if "rotate" in card else "move"


def scripted(state: Any, number: int) -> tuple[int, Any, tuple[Any, ...]]:
    """The seat, action and public event of the script's step ``number``."""
    seat = state.to_act[number % len(state.to_act)]
    actions = state.legal_actions(seat)
    wanted = SCRIPT[number % len(SCRIPT)]
    plays = [a for a in actions if str(a).startswith("play")]
    signals = [a for a in actions if str(a) in ("done", "pass")]
    choices = [a for a in plays if back(str(a).split()[1]) == wanted] or (
        [a for a in actions if str(a) == wanted] if wanted in ("beep", "done", "pass") else [])
    action = (choices or plays or signals or actions)[0]
    text = str(action)
    return seat, action, (seat, "play", back(text.split()[1])) if text.startswith("play") else (seat, text)


@pytest.mark.parametrize("scenario_id", ["tea-time", "hit-the-slopes"])
def test_the_same_public_history_gives_the_same_public_view_and_to_act(scenario_id: str) -> None:
    """Tables dealt differently whose public history is the same (who played a card of which
    back, who signalled what) show the same spectator view, ``to_act`` and pacing turn: no
    hand, face-down card or deck order shows through them. Round 1's program phase, where
    nothing has been revealed yet."""
    compared = 0
    for players in (2, 3, 4):
        for pacing in (False, True):
            seen: dict[tuple[Any, ...], tuple[int, str]] = {}
            game = quarkade.load(GAME_ID, players=players, scenario=scenario_id, pacing=pacing)
            for seed in range(120):
                state = game.new_game(seed=seed)
                # What the table sees of the deal (Communicating: "The backs of the cards will
                # convey some information"): each hand's backs, and the back on the deck's top.
                history: tuple[Any, ...] = (
                    tuple(tuple(sorted(map(back_of, state.view(s).to_json()["hand"]))) for s in range(players)),
                    back_of(card_id(state.deck[-1])) if state.deck else None)
                for number in range(40):
                    public = json.dumps(state.view(None).to_json(), sort_keys=True)
                    if history in seen:
                        compared += 1
                        assert seen[history][1] == public, (players, pacing, seen[history][0], seed, history)
                    else:
                        seen[history] = (seed, public)
                    seat, action, event = scripted(state, number)
                    state.apply(seat, action)
                    history += (event,)
                    if state.view(None).to_json()["round"] > 1:
                        break
    assert compared > 500


def test_no_house_map_holds_a_token_that_cannot_fall() -> None:
    """Cafe Botanical and Tea Time's flower pots: "If Gizmo collides with an obstacle that has a
    flower pot on it, the flower pot falls off the obstacle, moving 1 space away from Gizmo ...
    If a flower pot cannot move away from Gizmo because of a barrier, it falls south instead."
    The house maps must let that happen: every raised token, from every side Gizmo can reach and
    hit it, has the space away from Gizmo or the space south of it to fall to (RULINGS.md 12-13:
    the board's edge, a barrier or another obstacle stop a fall)."""
    checked = 0
    for scenario_id, board in BOARDS.items():
        model = Model.start(board)
        for token in (t for t in board.tokens if t[2]):
            for d in range(4):
                behind = step(token[1], (d + 2) % 4)  # where Gizmo stands, moving d
                if not board.inside(behind) or behind in board.obstacles or board.edge(token[1], (d + 2) % 4) != " ":
                    continue
                south = 2
                assert not (model.blocked(token[1], d) and model.blocked(token[1], south)), (scenario_id, token, d)
                checked += 1
    assert checked > 20
