"""What each seat of Quirky Circuits may know, as a view.

Coordinates are ``[x, y]``: x the column from the west (0), y the row from the north (0).
Directions are the words ``north``, ``east``, ``south``, ``west``. Card names are those of
the notation (``move-1``, ``slide``, ``move-2``, ``rotate-left``, ``move-3``,
``rotate-right``, ``move-back``, ``rotate-180``, and ``quirk-`` before a Quirk card's).

Every field of ``view.to_json()`` (besides ``game`` and ``seat``)::

    scenario      {"id", "title", "robot": "gizmo" | "penny", "quirk_cards": bool}
    board         the scenario's map, the same all game (see ``board_json``):
                  {"width", "height", "start": [x, y], "start_facing",
                   "barriers": [[x, y, side], ...]  each barrier once, as the "south" or
                                                    "east" side of the space north or west of it,
                   "slopes": [{"between": [[x, y], [x, y]], "arrow": direction}],
                   "tunnels": [[[x, y, side], [x, y, side]], ...]  the two mouths, each on
                                                    the board's edge at that side of its space,
                   "obstacles", "chairs", "snowdrifts": [[x, y], ...],
                   "rows": the map as drawn in data/scenarios.toml}
    practice      true: cards are played face up
    pacing        true: players take turns (then ``turn`` is set)
    round         the round, from 1
    phase         "program" while cards are played, "over" at the end
    battery       {"level": the battery marker's space (0: flat), "highest", "yellow", "red"
                   (the top spaces of the yellow and red sections), "section": the marker's}
    robot         {"space": [x, y], "facing": direction}
    tokens        the tokens on the board: [{"token": "dust-bunny" | "flag" | "flower-pot" |
                  "shattered-pot", "space": [x, y], "raised": true when on an obstacle}]
    to_act        the seats that may act now
    players       one entry a seat: {"seat", "hand_size", "backs": {"move", "turn"}: how many
                  of its cards show each back (held cards show their backs to the table),
                  "played": cards played this round, "done": signalled done (free play),
                  "stopped": hands flat this round, "beeped": said Beep-boop this round}, and
                  "hand" once the game is over
    queue         left to right: {"seat", "back": "move" | "turn", "card": the name, or null
                  while face down (a seat sees the names of the cards it played)}
    queue_minimum 5: the fewest cards the queue may hold
    turn          pacing only (else null): {"seat", "passes": passes in a row, "played":
                  cards played on this turn}
    deck          the face-down deck: {"cards": how many, "top": the back its top card shows
                  ("move" or "turn", null when empty), "layers": what the table knows of
                  them, top to bottom: [{"cards": how many, "from": the names of the revealed
                  queue they are left of (a reset put it under the deck, shuffled; the hands
                  were refilled from the top), or null for cards never seen}]}
    hand          the seat's own cards, sorted (absent for a spectator)
    execution     the last Execute phase, step by step, as ``robot.py`` describes, after a
                  ``{"step": "reveal", "index", "seat", "card"}`` step for each card;
                  [] before the first one
    result        {"outcome": "playing" | "won" | "lost", "section": "green" | "yellow" |
                  "red" | null (the battery section where the goal was met)}
    is_over, scores, winners
    log           the newest events, oldest first: {"event", "text", ...}

Private: a hand (to its holder) and the names of face-down queue cards (to whoever played
them). Everything is revealed when the game is over.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from quarkade.core.game import BoundParts, View
from quarkade.core.log import Log, read
from quarkade.games.quirky_circuits.components import (
    CARD_BY_ID,
    CARD_TYPES,
    COMPONENTS,
    DIRECTION_WORDS,
    Direction,
    Scenario,
    Token,
    card_back,
    card_id,
    card_name,
    place_words,
)
from quarkade.games.quirky_circuits.rules import PLAYING, WON, QuirkyCircuits, steps_of

if TYPE_CHECKING:
    from quarkade.games.quirky_circuits.rules import QuirkyCircuitsState

LOG_LENGTH: Final = 60


@cache
def board_json(scenario_id: str) -> dict[str, Any]:
    """The map of a scenario as plain JSON (built once; never change it)."""
    s = COMPONENTS.scenario(scenario_id)
    barriers = sorted([x, y, side.word] for x, y, side in s.barriers if side in (Direction.SOUTH, Direction.EAST))
    slope_edges = sorted(
        (x, y, x + (side == Direction.EAST), y + (side == Direction.SOUTH), arrow.word)
        for (x, y, side), arrow in s.slopes.items() if side in (Direction.SOUTH, Direction.EAST)
    )
    slopes = [{"between": [[x, y], [x2, y2]], "arrow": arrow} for x, y, x2, y2, arrow in slope_edges]
    tunnels = sorted(
        sorted([[a[0], a[1], a[2].word], [b[0], b[1], b[2].word]]) for a, b in s.tunnels.items() if a < b
    )
    return {
        "width": s.width, "height": s.height, "start": list(s.start), "start_facing": s.facing.word,
        "barriers": barriers, "slopes": slopes, "tunnels": tunnels,
        "obstacles": sorted(map(list, s.obstacles)), "chairs": sorted(map(list, s.chairs)),
        "snowdrifts": sorted(map(list, s.snowdrifts)), "rows": list(s.rows),
    }


def describe(event: tuple[Any, ...], viewer: int | None, reveal_all: bool) -> dict[str, Any] | None:
    """A log event as ``viewer`` may read it."""
    kind = event[0]
    if kind == "round":
        return {"event": kind, "round": event[2], "battery": event[3],
                "text": f"Round {event[2]}: the battery is at {event[3]}. Program the robot."}
    if kind == "play":
        seat, card, face_up = event[2], event[3], event[4]
        out: dict[str, Any] = {"event": kind, "seat": seat, "back": card_back(card)}
        if face_up or reveal_all or viewer == seat:
            out["card"] = card_id(card)
            out["text"] = f"Seat {seat} plays {card_name(card)} into the queue."
        else:
            out["text"] = f"Seat {seat} plays a {card_back(card)} card face down into the queue."
        return out
    if kind in ("stop", "beep", "pass", "end-turn", "done"):
        seat = event[2]
        text = {
            "stop": f"Seat {seat} puts their hands flat: the group should stop playing cards.",
            "beep": f"Seat {seat}: \"Beep-boop.\"",
            "pass": f"Seat {seat} passes.",
            "end-turn": f"Seat {seat} ends their turn.",
            "done": f"Seat {seat} is done playing cards.",
        }[kind]
        return {"event": kind, "seat": seat, "text": text}
    if kind == "execute":
        steps = steps_of(event[3])
        cards = [step["card"] for step in steps if step["step"] == "reveal"]
        names = [card_name(CARD_BY_ID[card]) for card in cards]
        last = steps[-1] if steps else None
        scenario = event[3].scenario  # the Execute phase's Replay
        where = (f" The robot ends in {place_words(last['robot'], scenario.width, scenario.height)}, facing "
                 f"{last['facing']}." if last else "")
        return {"event": kind, "round": event[2], "cards": cards,
                "text": f"Execute: {', '.join(names)}.{where}"}
    if kind == "won":
        return {"event": kind, "section": event[2],
                "text": f"The goal is met with the battery in the {event[2]}: everyone wins!"}
    if kind == "lost":
        return {"event": kind, "text": "The battery is flat: everyone loses."}
    return None


# Per-card renderings, made once: a view names every card it shows.
CARD_IDS: Final = tuple(card_id(card) for card in range(CARD_TYPES))
CARD_BACKS: Final = tuple(card_back(card) for card in range(CARD_TYPES))
# A queue's entries, shared by the views that show them (views never change them), found by
# the (seat, card) pairs the state's queue holds, one table for each viewer: the seats (each
# sees the names of its own cards), the spectator (none) and any viewer of a queue played face
# up (all), last. A view's queue is then one map in C.
_SEATS: Final = range(QuirkyCircuits.info.max_players)
QUEUE_ENTRIES: Final = tuple(
    {(seat, card): {"seat": seat, "back": CARD_BACKS[card], "card": CARD_IDS[card] if seat in shown else None}
     for seat in _SEATS for card in range(CARD_TYPES)}
    for shown in (*((viewer,) for viewer in _SEATS), (), _SEATS)
)
_SPECTATOR: Final = len(_SEATS)  # their tables in QUEUE_ENTRIES
_FACE_UP: Final = len(_SEATS) + 1


@cache
def scenario_json(scenario_id: str) -> tuple[tuple[str, Any], ...]:
    s = COMPONENTS.scenario(scenario_id)
    return ("id", s.id), ("title", s.title), ("robot", s.robot), ("quirk_cards", s.quirks)


@cache
def _scenario_dict(scenario_id: str) -> dict[str, Any]:
    """``scenario_json`` as a dict, made once and shared by every view (never change it)."""
    return dict(scenario_json(scenario_id))


# Each hand's backs (how many show move, how many turn), by the hand: a few thousand hands at
# most, each counted once.
_HAND_BACKS: Final[dict[tuple[int, ...], tuple[int, int]]] = {}


def hand_backs(hand: list[int]) -> tuple[int, int]:
    """How many of ``hand``'s cards show the move back, and how many the turn back: what the
    table sees of a hand (Communicating: "The backs of the cards will convey some information")."""
    key = tuple(hand)
    found = _HAND_BACKS.get(key)
    if found is None:
        moves = sum(1 for card in key if CARD_BACKS[card] == "move")
        found = _HAND_BACKS[key] = (moves, len(key) - moves)
    return found


def _players(backs: tuple[tuple[int, int], ...], played: tuple[int, ...], done: tuple[bool, ...],
             stopped: tuple[bool, ...], beeped: tuple[bool, ...],
             hands: tuple[tuple[int, ...], ...] | None) -> list[dict[str, Any]]:
    """The view's ``players``: one entry a seat, with its hand once the game is over."""
    players: list[dict[str, Any]] = [
        {"seat": p, "hand_size": backs[p][0] + backs[p][1], "backs": {"move": backs[p][0], "turn": backs[p][1]},
         "played": played[p], "done": done[p], "stopped": stopped[p], "beeped": beeped[p]}
        for p in range(len(backs))
    ]
    if hands is not None:
        for entry, hand in zip(players, hands, strict=True):
            entry["hand"] = [CARD_IDS[c] for c in hand]
    return players


# The tokens a view last showed and their JSON, read and replaced as one pair.
_shown_tokens: tuple[tuple[Token, ...], list[dict[str, Any]]] = ((), [])


def tokens_json(tokens: tuple[Token, ...]) -> list[dict[str, Any]]:
    """The view's ``tokens``: made once for each tuple of tokens a state holds (tokens do not
    change, the robot's moves replace the tuple) and shared by the views that show it, every
    seat's all round long; views never change it."""
    global _shown_tokens
    shown = _shown_tokens
    if shown[0] is not tokens:
        shown = _shown_tokens = tokens, [{"token": t.kind, "space": [t.space[0], t.space[1]], "raised": t.raised}
                                         for t in tokens]
    return shown[1]


# The robot a view last showed (its space and facing) and its JSON, read and replaced as one.
_shown_robot: tuple[tuple[int, int], Direction, dict[str, Any]] = ((-1, -1), Direction.NORTH, {})


def robot_json(space: tuple[int, int], facing: Direction) -> dict[str, Any]:
    """The view's ``robot``: made once for each space a state holds and the facing (the robot's
    moves replace the space's tuple) and shared by the views that show them, as ``tokens_json``."""
    global _shown_robot
    shown = _shown_robot
    if shown[0] is not space or shown[1] is not facing:
        shown = _shown_robot = space, facing, {"space": [space[0], space[1]], "facing": DIRECTION_WORDS[facing]}
    return shown[2]


class _Kept:
    """What a view's lazy parts read of the state, taken when the view is made (immutable pieces,
    and copies of the lists the state changes in place), so a part made after the state moved on
    still shows the view's moment: one native object made in one call."""

    __slots__ = ("scenario", "battery", "table", "result", "won_at", "deck_size", "deck_top", "layers", "execution",
                 "log", "seat", "over")

    def __init__(self, scenario: Scenario, battery: int,
                 table: tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[bool, ...], tuple[bool, ...],
                              tuple[bool, ...], tuple[tuple[int, ...], ...] | None],
                 result: str, won_at: int, deck_size: int, deck_top: str | None,
                 layers: tuple[tuple[int, tuple[int, ...]], ...], execution: Any, log: Log, seat: int | None,
                 over: bool) -> None:
        self.scenario = scenario
        self.battery = battery
        self.table = table  # the players' counts, as tuples: see ``_players``
        self.result = result
        self.won_at = won_at
        self.deck_size = deck_size
        self.deck_top = deck_top
        self.layers = layers
        self.execution = execution
        self.log = log
        self.seat = seat
        self.over = over


class _Parts(BoundParts):
    """The lazy parts of one view: each key to the function that makes it from what the view
    kept of the state (``_Kept``). Bots read none of them: one dict copied in C and one slot
    set, rather than a closure made for every part at every view."""

    __slots__ = ("kept",)
    kept: _Kept

    def battery_json(self) -> dict[str, Any]:
        k = self.kept
        s, battery = k.scenario, k.battery
        return {"level": battery, "highest": s.battery, "yellow": s.yellow, "red": s.red,
                "section": s.section(battery)}

    def players(self) -> list[dict[str, Any]]:
        return _players(*self.kept.table)

    def result_json(self) -> dict[str, Any]:
        k = self.kept
        result = k.result
        return {"outcome": result, "section": k.scenario.section(k.won_at) if result == WON else None}

    def deck(self) -> dict[str, Any]:
        ids = CARD_IDS
        k = self.kept
        return {"cards": k.deck_size, "top": k.deck_top, "layers": [
            {"cards": count, "from": [ids[c] for c in pool] if pool else None} for count, pool in k.layers]}

    def execution_json(self) -> list[dict[str, Any]]:
        return [dict(step) for step in steps_of(self.kept.execution)]

    def log_json(self) -> list[dict[str, Any]]:
        k = self.kept
        return read(k.log, describe, k.seat, k.over, LOG_LENGTH)


_PARTS: Final[dict[str, Callable[[_Parts], Any]]] = {
    "battery": _Parts.battery_json, "players": _Parts.players, "result": _Parts.result_json, "deck": _Parts.deck,
    "execution": _Parts.execution_json, "log": _Parts.log_json,
}


def make_view(state: QuirkyCircuitsState, seat: int | None) -> View:
    result = state.result
    over = result != PLAYING
    s = state.scenario
    ids = CARD_IDS
    hands = state.hands
    face_up = state.practice or over
    entries = QUEUE_ENTRIES[_FACE_UP if face_up else _SPECTATOR if seat is None else seat]
    queue = list(map(entries.__getitem__, state.queue))
    battery = state.battery
    data: dict[str, Any] = {
        "scenario": _scenario_dict(s.id),
        "board": board_json(s.id),
        "practice": state.practice,
        "pacing": state.pacing,
        "round": state.round,
        "phase": "over" if over else "program",
        "robot": robot_json(state.space, state.facing),
        "tokens": tokens_json(state.tokens),
        "to_act": list(state._to_act),
        "queue": queue,
        "queue_minimum": 5,
        "turn": {"seat": state.turn, "passes": state.passes, "played": state.turn_played}
        if state.pacing and not over else None,
        "is_over": over,
        "scores": list(state.scores) if over else None,
        "winners": list(state.winners) if over else None,
    }
    if seat is not None:
        data["hand"] = list(map(ids.__getitem__, hands[seat]))
    # Made only when read (bots do not read them): see ``_Parts``.
    parts = _Parts(_PARTS)
    deck = state.deck
    parts.kept = _Kept(
        s, battery,
        (tuple(map(hand_backs, hands)), tuple(state.played), tuple(state.done), tuple(state.stopped),
         tuple(state.beeped), tuple(map(tuple, hands)) if over else None),
        result, state.won_at, len(deck), CARD_BACKS[deck[-1]] if deck else None, state.layers, state._execution,
        state.log, seat, over)
    return View("quirky-circuits", seat, data, parts)
