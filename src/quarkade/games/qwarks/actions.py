"""Qwarks actions and their notation.

Decks are numbered from 0. With three players or more, deck ``s`` is seat ``s``'s; with two
(the four-deck variant) seat ``s`` holds deck ``2s`` on its right and deck ``2s + 1`` on its
left, so that the decks run 0, 1, 2, 3 clockwise around the table. A revealed card is named
by the deck it came from.

Notation, one action a line::

    cover 3 after 1240        the cover race: cover the card revealed from deck 3, 1240
                              milliseconds after the race began (the host measures the time;
                              any whole number from 0 to the time limit; "1240ms" also reads)
    timeout                   the cover race: this seat covered nothing in time (the host
                              applies it when the time limit passes; a player may also give up)
    question eyes             the first player chooses the question when none is shown
                              (eyes, tentacles, colours, sad, happy)
    answer 7 prooton          phase 2: the answer and the identification (prooton / nootron)
    answer blue blue red nootron
                              the colours question: the colour of each of the three Qwarks,
                              in any order ("colors" and commas also read)
    answer 2                  with the ``beginners`` option: no identification
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from quarkade.core.errors import InvalidNotation
from quarkade.core.game import Action, parse_words
from quarkade.games.qwarks.components import (
    QUESTION_BY_WORD,
    Colour,
    ColourAnswer,
    Kind,
    Question,
)

MILLISECONDS = re.compile(r"([0-9]{1,9})(ms)?")
NUMBER = re.compile(r"[0-9]{1,3}")
COLOURS = {c.word: c for c in Colour}
KINDS = {k.word: k for k in Kind}


@dataclass(frozen=True, slots=True)
class Cover(Action):
    """Cover the card revealed from ``deck``, ``after`` milliseconds into the race."""

    deck: int
    after: int

    def __str__(self) -> str:
        return f"cover {self.deck} after {self.after}"


@dataclass(frozen=True, slots=True)
class Timeout(Action):
    """No card covered within the time limit."""

    def __str__(self) -> str:
        return "timeout"


@dataclass(frozen=True, slots=True)
class Ask(Action):
    """The first player's choice of the turn's question, when no deck shows one."""

    question: Question

    def __str__(self) -> str:
        return f"question {self.question.word}"


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """The answer to the turn's question about the covered card, and what it is (None with the
    ``beginners`` option). A count is a number; the colours are sorted."""

    answer: int | ColourAnswer
    kind: Kind | None

    def __str__(self) -> str:
        said = str(self.answer) if isinstance(self.answer, int) else " ".join(c.word for c in self.answer)
        return f"answer {said}" + (f" {self.kind.word}" if self.kind is not None else "")


TIMEOUT = Timeout()


def parse(text: str) -> Action:
    """Notation to an action (legality is checked when it is applied).

    >>> str(parse("Cover 2 after 950ms")), str(parse("answer Red, blue, red Nootron"))
    ('cover 2 after 950', 'answer red red blue nootron')
    """
    words = [w for w in parse_words(text, "qwarks") if w != ","]
    head = words[0] if words else ""
    if words == ["timeout"]:
        return TIMEOUT
    if head == "cover":
        if len(words) != 4 or words[2] != "after" or not NUMBER.fullmatch(words[1]):
            raise InvalidNotation("write a cover as 'cover DECK after MILLISECONDS', e.g. 'cover 3 after 1240'")
        match = MILLISECONDS.fullmatch(words[3])
        if match is None:
            raise InvalidNotation(f"{words[3]!r} is not a reaction time: a whole number of milliseconds, e.g. 1240")
        return Cover(int(words[1]), int(match.group(1)))
    if head == "question":
        if len(words) != 2 or _question_word(words[1]) not in QUESTION_BY_WORD:
            raise InvalidNotation(f"choose a question: {', '.join(QUESTION_BY_WORD)}")
        return Ask(QUESTION_BY_WORD[_question_word(words[1])])
    if head == "answer":
        return _parse_answer(words[1:])
    raise InvalidNotation(
        f"{text.strip()!r} is not a Qwarks action: try 'cover 3 after 1240', timeout, 'question eyes' "
        "or 'answer 7 prooton'")


def _question_word(word: str) -> str:
    return "colours" if word == "colors" else word


def _parse_answer(words: list[str]) -> Answer:
    kind: Kind | None = None
    if words and words[-1] in KINDS:
        kind = KINDS[words.pop()]
    if len(words) == 1 and NUMBER.fullmatch(words[0]):
        return Answer(int(words[0]), kind)
    if len(words) == 3 and all(w in COLOURS for w in words):
        colours = sorted(COLOURS[w] for w in words)
        return Answer((colours[0], colours[1], colours[2]), kind)
    raise InvalidNotation(
        "an answer is a number ('answer 7 prooton') or the colour of each of the three Qwarks "
        f"('answer blue blue red nootron'; colours: {', '.join(COLOURS)}), then prooton or nootron "
        "unless playing for beginners")
