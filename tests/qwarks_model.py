"""An independent reference model of Qwarks, for the audit test.

Written from the rulebook and RULINGS.md alone. It reads the cards from the game's public
component data and knows of a deck only what a player at the table sees: how many cards it
holds and the question side of its top card. The faces it reasons about are the ones it saw
revealed. From those it predicts the deal, the turn's question, the cover race, who answers
in what order, which answers keep their card, which answered cards are still in sight once the
next turn has begun, the first player of the next turn, the end and the scores; the test
compares each prediction with the engine.

Seats run clockwise in increasing order (seat ``s + 1`` is to the left of seat ``s``). With two
players seat ``s`` holds deck ``2s`` on its right and ``2s + 1`` on its left, so the decks run
0, 1, 2, 3 clockwise.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

TOTAL_CARDS = 44  # Component List: 22 Prooton cards, 22 Nootron cards
QUESTIONS = ("eyes", "tentacles", "colours", "sad", "happy")
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
KINDS = ("prooton", "nootron")
COUNT_LIMIT = {"eyes": 15, "tentacles": 15, "sad": 3, "happy": 3}  # ruling 15
Face = dict[str, Any]


def kind_of(face: Face) -> str:
    """'a Prooton consists of two Qwarks with tentacles and one Qwark without tentacles while a
    Nootron consists of two Qwarks without tentacles and one Qwark with tentacles'."""
    tentacled = sum(1 for qwark in face["qwarks"] if qwark["tentacles"] > 0)
    if tentacled == 2:
        return "prooton"
    assert tentacled == 1, face
    return "nootron"


def true_answer(face: Face, question: str) -> int | tuple[str, ...]:
    """The right answer to ``question`` about a card: a count, or its colours as a multiset."""
    qwarks = face["qwarks"]
    if question == "colours":
        return tuple(sorted(qwark["colour"] for qwark in qwarks))
    if question in ("eyes", "tentacles"):
        return sum(int(qwark[question]) for qwark in qwarks)
    return sum(1 for qwark in qwarks if qwark["mood"] == question)


def answer_text(answer: int | tuple[str, ...], kind: str | None) -> str:
    said = str(answer) if isinstance(answer, int) else " ".join(answer)
    return f"answer {said}" + (f" {kind}" if kind else "")


def every_answer(question: str, beginners: bool) -> set[str]:
    """Every answer a player may give to ``question`` (ruling 15), as normalised notation."""
    if question == "colours":
        answers: list[int | tuple[str, ...]] = list(itertools.combinations_with_replacement(sorted(COLOURS), 3))
    else:
        answers = list(range(COUNT_LIMIT[question] + 1))
    kinds: tuple[str | None, ...] = (None,) if beginners else KINDS
    return {answer_text(answer, kind) for answer in answers for kind in kinds}


def normal(text: str) -> str:
    """An answer's notation with its colours in one order, as they may be said in any."""
    words = text.split()
    colours = sorted(word for word in words if word in COLOURS)
    rest = [word for word in words if word not in COLOURS]
    return " ".join(rest[:1] + colours + rest[1:])


def is_right(face: Face, question: str, answer: int | tuple[str, ...], kind: str | None, beginners: bool) -> bool:
    """Phase 2: the answer must be right and, unless for beginners, the identification too."""
    if isinstance(answer, tuple):
        answer = tuple(sorted(answer))
    if answer != true_answer(face, question):
        return False
    return beginners or kind == kind_of(face)


def deck_count(players: int, four_decks: bool = False) -> int:
    """A deck each ("Deal them fairly between all players"); the 2 Player Variant: "Make four
    equivalent decks of cards"."""
    return 4 if four_decks else players


def deck_size(players: int, four_decks: bool = False) -> int:
    return TOTAL_CARDS // deck_count(players, four_decks)  # "Deal them fairly [...] discard any remaining"


@dataclass
class RaceResult:
    holder: dict[int, int]  # deck -> the seat that got its card
    order: list[int]  # the seats that answer, in turn


def clockwise_from(first: int, players: int) -> list[int]:
    return [(first + step) % players for step in range(players)]


def land(pending: dict[int, tuple[int, int] | None], holder: dict[int, int], first: int, players: int,
         limit_ms: int) -> tuple[list[dict[str, Any]], dict[int, int]]:
    """The hands in the air land in the order of their times; equal times go to the seat
    nearer the first player clockwise (ruling 7), and covering nothing comes after every
    cover. The first hand on a card covers it (``holder`` gains it). A hand still in the air
    towards a card just covered is beaten there and then (ruling 8), told at that moment (its
    own time stays sealed): the landing stops, and each beaten seat's time runs on from that
    moment, unless the time is up, when it covers nothing.

    Returns the reaches in the order they are settled, as the view lists them, and the beaten
    seats asked again with the time each runs on from (empty when the race is over)."""
    position = {seat: index for index, seat in enumerate(clockwise_from(first, players))}
    air = sorted(pending, key=lambda s: (limit_ms + 1 if pending[s] is None else pending[s][1], position[s]))
    reaches: list[dict[str, Any]] = []
    out: set[int] = set()  # beaten as the time ran out
    while air:
        seat = air.pop(0)
        if seat in out:
            continue
        cover = pending[seat]
        if cover is None:
            reaches.append({"seat": seat, "deck": None, "after": None, "got": False})
            continue
        deck, after = cover
        assert deck not in holder, "a hand in the air towards a covered card was beaten when it was covered"
        holder[deck] = seat
        reaches.append({"seat": seat, "deck": deck, "after": after, "got": True})
        late = [s for s in air if pending[s] is not None and pending[s][0] == deck]
        for s in late:
            reaches.append({"seat": s, "deck": deck, "after": after, "got": False})
        if after == limit_ms:
            out.update(late)
        elif late:
            return reaches, {s: after for s in late}
    return reaches, {}


def answer_order(holder: dict[int, int], first: int, players: int) -> list[int]:
    """The seats that got a card answer clockwise from the first player."""
    got = set(holder.values())
    return [seat for seat in clockwise_from(first, players) if seat in got]


def asking_deck(four_decks: bool, turn: int, first_of_turn_one: int, first: int) -> int:
    """The deck whose top sets the question: the first player's; in the 2 Player Variant the
    first player's right deck on turn 1, then one deck clockwise each turn."""
    if four_decks:
        return (2 * first_of_turn_one + turn - 1) % 4
    return first


def turn_question(backs: list[str | None], asking: int, colour_blind: bool) -> tuple[str | None, int | None]:
    """The question and the deck showing it, or (None, None) when the first player chooses
    (no question shown, ruling 12; every visible question about colours, colour-blind variant)."""
    if not colour_blind:
        return backs[asking], (asking if backs[asking] is not None else None)
    for step in range(len(backs)):
        deck = (asking + step) % len(backs)
        back = backs[deck]
        if back is not None and back != "colours":
            return back, deck
    return None, None


@dataclass
class Model:
    """The game as the model follows it: what was seen and the score so far."""

    players: int
    beginners: bool
    colour_blind: bool
    limit_ms: int
    four_decks: bool = False
    first_of_turn_one: int = -1
    turn: int = 0
    points: list[int] = field(default_factory=list)
    kept: list[list[str]] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)  # every card revealed so far
    backs_before: list[str | None] = field(default_factory=list)  # deck tops at the last reveal
    answered: list[dict[str, Any]] = field(default_factory=list)  # this turn's answers, with their cards
    last_turn: list[dict[str, Any]] = field(default_factory=list)  # the turn just ended's
    asked: str = ""  # this turn's question, once answered
    last_question: str | None = None  # the question ``last_turn``'s answers answered

    def __post_init__(self) -> None:
        self.points = [0] * self.players
        self.kept = [[] for _ in range(self.players)]

    @property
    def turns(self) -> int:
        return deck_size(self.players, self.four_decks)

    def first_player(self, turn: int) -> int:
        """'The first player duty is passed on to the next player in clockwise order.'"""
        return (self.first_of_turn_one + turn - 1) % self.players

    def answer(self, seat: int, said: str, right: bool, face: Face, question: str) -> None:
        """Phase 2: "Those who answer correctly, proudly place the obtained card next to them
        [...] whereas those who failed the test discard their card"; each card is turned up
        right after its answer (ruling 14), and with it the answer that would have kept it."""
        truth = true_answer(face, question)
        if isinstance(truth, tuple):  # the notation's colours in the spectrum's order
            truth = tuple(sorted(truth, key=COLOURS.index))
        keeps = answer_text(truth, None if self.beginners else kind_of(face))
        self.answered.append({"seat": seat, "answer": said, "right": right, "card": face, "keeps": keeps})
        self.asked = question
        if right:
            self.kept[seat].append(face["id"])
            self.points[seat] += int(face["value"])
        else:
            self.discards.append(face["id"])

    def end_turn(self, unclaimed: list[str]) -> None:
        """"This ends the first turn and the game can move on to the next one": the unclaimed
        cards are discarded (ruling 16); the turn's answered cards, its last one turned up as
        the turn ends, stay in sight while the next turn begins (ruling 16, amended), unless
        the game is over."""
        self.turn += 1
        self.discards.extend(unclaimed)
        self.last_turn = self.answered if self.turn < self.turns else []
        self.last_question = self.asked if self.last_turn else None
        self.answered = []

    def in_sight(self, phase: str) -> list[dict[str, Any]]:
        """The answers of the turn just ended, with their cards, as a view holds them in
        ``phase``: through the next turn's question and race, not once its answers begin."""
        return self.last_turn if phase in ("question", "cover") else []

    def question_in_sight(self, phase: str) -> str | None:
        """The question the answers in sight in ``phase`` answered, None when none are."""
        return self.last_question if self.in_sight(phase) else None

    def winners(self) -> list[int]:
        best = max(self.points)
        return [seat for seat, points in enumerate(self.points) if points == best]

    def kept_count(self) -> Counter[str]:
        return Counter(card for cards in self.kept for card in cards)
