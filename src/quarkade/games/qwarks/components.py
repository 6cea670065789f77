"""Qwarks components: the 44 cards, loaded from ``data/cards.toml`` and checked at import.

A card shows three Qwarks on its face and a question icon on its back. Cards are numbered
0-43 in the data file's order; ``Card.id`` (``q01``-``q44``, in an order that does not follow
the kind) is the name the views and the drawings use: it tells nothing the face does not show.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import cache
from importlib import resources
from itertools import combinations_with_replacement
from typing import Any, Final

from quarkade.core.pickling import picklable

CARD_COUNT: Final = 44
KIND_COUNT: Final = 22  # Prooton cards, and as many Nootron cards
QWARKS_PER_CARD: Final = 3
VALUES: Final = range(1, 6)
MOST_PER_QWARK: Final = 5  # eyes of a Qwark without tentacles, tentacles of one with them
QUESTION_SHARE: Final = 11  # cards showing each of the four questions


class ComponentError(ValueError):
    """The component data breaks a constraint of the rulebook."""


class Kind(IntEnum):
    """What a card is: a Prooton has two Qwarks with tentacles, a Nootron one."""

    PROOTON = 0
    NOOTRON = 1

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def tentacled(self) -> int:
        """How many of its Qwarks have tentacles."""
        return 2 if self == Kind.PROOTON else 1


class Mood(IntEnum):
    SAD = 0
    HAPPY = 1

    @property
    def word(self) -> str:
        return self.name.lower()


class Colour(IntEnum):
    RED = 0
    ORANGE = 1
    YELLOW = 2
    GREEN = 3
    BLUE = 4
    PURPLE = 5

    @property
    def word(self) -> str:
        return self.name.lower()


class Question(Enum):
    """The icon on a card's back: the question everyone answers about the card they covered.
    The rulebook's fourth question, "How many Qwarks are sad / happy?", names its mood."""

    EYES = "eyes"
    TENTACLES = "tentacles"
    COLOURS = "colours"
    SAD = "sad"
    HAPPY = "happy"

    @property
    def word(self) -> str:
        return self.value

    @property
    def counts(self) -> bool:
        """Answered with a number (every question but the colours)."""
        return self != Question.COLOURS

    @property
    def text(self) -> str:
        return {
            Question.EYES: "How many eyes are there?",
            Question.TENTACLES: "How many tentacles are there?",
            Question.COLOURS: "Which colours are the Qwarks?",
            Question.SAD: "How many Qwarks are sad?",
            Question.HAPPY: "How many Qwarks are happy?",
        }[self]


QUESTIONS: Final = tuple(Question)
QUESTION_BY_WORD: Final = {q.word: q for q in Question}
# The four questions of the rulebook, as counted on the backs (the mood question twice).
QUESTION_TYPES: Final = {Question.EYES: "eyes", Question.TENTACLES: "tentacles", Question.COLOURS: "colours",
                         Question.SAD: "mood", Question.HAPPY: "mood"}
ColourAnswer = tuple[Colour, Colour, Colour]  # the colour of each Qwark, sorted
# Every colour answer: a colour for each of the three Qwarks, in any order (RULINGS.md).
COLOUR_ANSWERS: Final[tuple[ColourAnswer, ...]] = tuple(
    combinations_with_replacement(tuple(Colour), QWARKS_PER_CARD))


@dataclass(frozen=True, slots=True)
class Qwark:
    colour: Colour
    eyes: int
    tentacles: int
    mood: Mood

    def to_json(self) -> dict[str, Any]:
        return {"colour": self.colour.word, "eyes": self.eyes, "tentacles": self.tentacles, "mood": self.mood.word}


@dataclass(frozen=True, slots=True)
class Card:
    index: int  # 0-43, the order of the data file
    id: str
    kind: Kind
    value: int
    question: Question  # the icon on the back
    qwarks: tuple[Qwark, Qwark, Qwark]  # left to right

    def answer(self, question: Question) -> int | ColourAnswer:
        """The right answer to ``question`` about this card."""
        if question == Question.EYES:
            return sum(q.eyes for q in self.qwarks)
        if question == Question.TENTACLES:
            return sum(q.tentacles for q in self.qwarks)
        if question == Question.SAD:
            return sum(q.mood == Mood.SAD for q in self.qwarks)
        if question == Question.HAPPY:
            return sum(q.mood == Mood.HAPPY for q in self.qwarks)
        return tuple(sorted(q.colour for q in self.qwarks))  # type: ignore[return-value]

    def face(self) -> dict[str, Any]:
        """The face as a view shows it, while it is visible: the id, the value and the Qwarks."""
        return {"id": self.id, "value": self.value, "qwarks": [q.to_json() for q in self.qwarks]}


def answer_range(question: Question) -> range:
    """The numbers a count answer may be: a card has three Qwarks, each with at most five
    eyes or tentacles."""
    if question in (Question.SAD, Question.HAPPY):
        return range(QWARKS_PER_CARD + 1)
    return range(QWARKS_PER_CARD * MOST_PER_QWARK + 1)


def _build(raw: dict[str, Any]) -> tuple[Card, ...]:
    if [c.word for c in Colour] != raw["colours"]:
        raise ComponentError(f"the six colours are {[c.word for c in Colour]}, not {raw['colours']}")
    colours = {c.word: c for c in Colour}
    moods = {m.word: m for m in Mood}
    kinds = {k.word: k for k in Kind}
    cards = []
    for index, entry in enumerate(raw["card"]):
        try:
            qwarks = tuple(Qwark(colours[q["colour"]], q["eyes"], q["tentacles"], moods[q["mood"]])
                           for q in entry["qwarks"])
            card = Card(index, entry["id"], kinds[entry["kind"]], entry["value"], QUESTION_BY_WORD[entry["question"]],
                        qwarks)  # type: ignore[arg-type]
        except KeyError as unknown:
            raise ComponentError(f"card {entry.get('id', index)} names an unknown {unknown}") from None
        cards.append(card)
    return tuple(cards)


def validate(cards: tuple[Card, ...]) -> None:
    """Every constraint the rulebook states on the cards, and those of the house data."""
    if len(cards) != CARD_COUNT:
        raise ComponentError(f"there are {CARD_COUNT} Qwarks cards, not {len(cards)}")
    if len({card.id for card in cards}) != CARD_COUNT:
        raise ComponentError("two cards share an id")
    kinds = Counter(card.kind for card in cards)
    if kinds[Kind.PROOTON] != KIND_COUNT or kinds[Kind.NOOTRON] != KIND_COUNT:
        raise ComponentError(f"22 Prooton and 22 Nootron cards, not {kinds[Kind.PROOTON]} and {kinds[Kind.NOOTRON]}")
    faces = set()
    for card in cards:
        if len(card.qwarks) != QWARKS_PER_CARD:
            raise ComponentError(f"{card.id} shows {len(card.qwarks)} Qwarks, not 3")
        if card.value not in VALUES:
            raise ComponentError(f"{card.id} is worth {card.value}: values run 1 to 5")
        tentacled = [q for q in card.qwarks if q.tentacles]
        if len(tentacled) != card.kind.tentacled:
            raise ComponentError(f"{card.id}: a {card.kind.word} has {card.kind.tentacled} Qwarks with tentacles")
        for q in card.qwarks:
            if q.tentacles and not (q.eyes == 1 and 2 <= q.tentacles <= MOST_PER_QWARK):
                raise ComponentError(f"{card.id}: a Qwark with tentacles has one eye and 2 to 5 tentacles")
            if not q.tentacles and not 2 <= q.eyes <= MOST_PER_QWARK:
                raise ComponentError(f"{card.id}: a Qwark without tentacles has 2 to 5 eyes")
        face = tuple(sorted((q.colour, q.eyes, q.tentacles, q.mood) for q in card.qwarks))
        if face in faces:
            raise ComponentError(f"{card.id} shows the same Qwarks as another card")
        faces.add(face)
    types = Counter(QUESTION_TYPES[card.question] for card in cards)
    if any(types[t] != QUESTION_SHARE for t in ("eyes", "tentacles", "colours", "mood")):
        raise ComponentError(f"each of the four questions is on 11 backs, not {dict(types)}")
    for question in Question:
        by_kind = Counter(card.kind for card in cards if card.question == question)
        if abs(by_kind[Kind.PROOTON] - by_kind[Kind.NOOTRON]) > 1:
            raise ComponentError(f"the {question.word} backs are spread over both kinds of card")


def raw_data() -> dict[str, Any]:
    """The data file as parsed TOML."""
    text = resources.files("quarkade.games.qwarks").joinpath("data/cards.toml").read_text("utf-8")
    return tomllib.loads(text)


@cache
def rules_version() -> str:
    return str(raw_data()["rules_version"])


def load_cards() -> tuple[Card, ...]:
    cards = _build(raw_data())
    validate(cards)
    return cards


CARDS: Final = load_cards()
CARD_BY_ID: Final = {card.id: card for card in CARDS}
# The right answer of every card to every question, by the question's word and the card's index:
# worked out once, as answers are checked (and bots answer) at every turn.
ANSWERS: Final = {question.word: tuple(card.answer(question) for card in CARDS) for question in Question}


# Compiled, these are pickled and copied as their constructor's arguments (core/pickling.py).
picklable(Qwark, Card)
