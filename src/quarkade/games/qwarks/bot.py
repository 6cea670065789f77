"""Qwarks bots: human-like players with a reaction time, a fallible memory and a level.

Kinds registered for qwarks: ``easy``, ``normal``, ``expert``, and ``heuristic`` (the normal
level, under the name every game's heuristic bot has). A level sets three things:

- **Reaction time.** A cover carries a time drawn from a log-normal distribution around the
  level's median, a little slower the more cards there are to look at (Hick's law), from
  the bot's own generator. A time past the limit is a ``timeout``.
- **Memory.** The bot keeps what it saw while faces were visible (a bot object lives for a
  game and keeps state between calls). Recalling a covered card errs with a probability that
  grows with the details the question asks: each detail is remembered with the level's
  probability. A bot made mid-game, or one that never saw the card, guesses the most common
  answer among the cards it has not seen leave play.
- **Choice of card.** ``easy`` reaches for the highest value it sees (and now and then for
  any card); ``normal`` weighs value by how surely it can answer for the card (ease);
  ``expert`` also weighs the chance of being first to the card when others want it too, and
  what it covers instead when it is not.

The race's time is the bot's own: ``choose`` returns ``cover D after MS`` with any whole
millisecond (legal, though the race's list shows every 500 ms only). Beaten to a card, it
reaches for the best card still free, its new reaction time added to the moment the card it
wanted was covered.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from quarkade.core.bots import Bot, describe_bot, register_bot
from quarkade.core.game import Action, Game, View
from quarkade.core.pickling import picklable
from quarkade.games.qwarks.actions import TIMEOUT, Answer, Ask, Cover
from quarkade.games.qwarks.components import (
    ANSWERS,
    CARD_BY_ID,
    CARDS,
    QUESTION_BY_WORD,
    Card,
    Colour,
    Kind,
    Question,
    answer_range,
)


@dataclass(frozen=True)
class Level:
    name: str
    median_ms: float  # reaction time to one card
    spread: float  # sigma of the log-normal reaction time
    hick_ms: float  # added per doubling of the cards to look at
    recall: float  # chance to remember one detail right
    distraction: float  # chance to reach for any card at all
    weighs_ease: bool
    weighs_race: bool


LEVELS: Final = {
    "easy": Level("easy", 1500.0, 0.45, 250.0, 0.85, 0.15, weighs_ease=False, weighs_race=False),
    "normal": Level("normal", 1300.0, 0.4, 220.0, 0.92, 0.05, weighs_ease=True, weighs_race=False),
    "expert": Level("expert", 1150.0, 0.35, 200.0, 0.96, 0.0, weighs_ease=True, weighs_race=True),
}
FASTEST_MS: Final = 180  # no one covers a card sooner
_JITTER: Final = 0.01 / 256  # a step of a card's tie-breaking jitter: eight bits of one 64-bit draw, for eight cards
_TWO_TO_MINUS_32: Final = 2.0 ** -32


def details(card: Card, question: Question, identify: bool) -> int:
    """How many things about ``card`` one must remember to answer ``question``: the eyes
    of each Qwark without tentacles (the others have one), which Qwarks have tentacles and
    how many, each colour, the moods; and one more to tell a Prooton from a Nootron."""
    tentacled = card.kind.tentacled
    asked = {
        Question.EYES: 3 - tentacled + 1,
        Question.TENTACLES: tentacled + 1,
        Question.COLOURS: len({q.colour for q in card.qwarks}) + 1,
        Question.SAD: 2,
        Question.HAPPY: 2,
    }[question]
    return asked + identify


# How many details each card's answer to each question asks for, by the question's word, whether
# the card is identified too and the card's index (worked out once: bots answer every turn).
DETAILS: Final = {question.word: tuple(tuple(details(card, question, identify) for card in CARDS)
                                       for identify in (False, True))
                  for question in Question}
# A level's chance to recall what a question asks of a card: by level, question word and
# whether the card is identified too, one figure a card (by index). Worked out once: the race
# weighs every revealed card at every decision.
RECALL_CHANCE: Final = {
    level.name: {question.word: tuple(tuple(float(level.recall ** details(card, question, identify)) for card in CARDS)
                                      for identify in (False, True))
                 for question in Question}
    for level in LEVELS.values()
}


class QwarksBot(Bot):
    """A Qwarks player of one level (see the module)."""

    kind = "qwarks"

    def __init__(self, game: Game, seed: int = 0, level: str = "normal") -> None:
        super().__init__(game, seed)
        self.level = LEVELS[level]
        self.memory: dict[tuple[int, int], str] = {}  # (turn, deck) -> the card id seen there
        self.last_turn = 0
        self._last_revealed: list[dict[str, Any]] = []  # the table at the last look
        self._recall = RECALL_CHANCE[self.level.name]
        self._medians: dict[int, float] = {}  # cards to look at -> the median reaction time

    # ----------------------------------------------------------------- memory
    def _look(self, view: View) -> None:
        """Remember every face the view shows on the table this turn."""
        turn = view["turn"]
        if turn < self.last_turn:  # a new game with the same bot: forget the old one
            self.memory.clear()
        revealed = view["revealed"]
        if turn == self.last_turn and revealed == self._last_revealed:
            return  # the same table as at the last look (views share their entries), already seen
        self.last_turn, self._last_revealed = turn, revealed
        for entry in revealed:
            if entry["card"] is not None:
                self.memory[(turn, entry["deck"])] = entry["card"]["id"]

    def recall_chance(self, card: Card, question: Question, identify: bool) -> float:
        return self._recall[question.word][identify][card.index]

    # ----------------------------------------------------------------- choosing
    def choose(self, view: View, legal: list[Action]) -> Action:
        self._look(view)
        seat = view.seat if view.seat is not None else 0
        phase = view["phase"]
        if phase == "question":
            return self._ask(view, legal)
        if phase == "cover":
            return self._cover(view, seat)
        return self._answer(view, seat)

    def _worth(self, view: View, card: Card, question: Question) -> float:
        """What covering ``card`` is worth to the bot: its value, and for the levels that weigh
        it, the chance to answer for it."""
        worth = float(card.value)
        if self.level.weighs_ease:
            worth *= self.recall_chance(card, question, not view["beginners"])
        return worth

    def _ask(self, view: View, legal: list[Action]) -> Action:
        asks = [a for a in legal if isinstance(a, Ask)]
        if not self.level.weighs_ease:
            return asks[self.chance.below(len(asks))]
        faces = [CARD_BY_ID[e["card"]["id"]] for e in view["revealed"] if e["card"] is not None]
        return max(asks, key=lambda a: max(self._worth(view, card, a.question) for card in faces))

    def _cover(self, view: View, seat: int) -> Action:
        cards = [(e["deck"], CARD_BY_ID[e["card"]["id"]]) for e in view["revealed"] if e["card"] is not None]
        chance = self.chance
        if chance.random() < self.level.distraction:
            deck = cards[chance.below(len(cards))][0]
        else:
            # Each card's worth as ``_worth`` has it, the recall chances read from the table, with
            # a jitter under a hundredth to break ties: each card's from eight bits of one draw.
            worth: dict[int, float] = {}
            bits = chance.next64()
            if self.level.weighs_ease:
                recall = self._recall[view["question"]["question"]][not view["beginners"]]
                for deck, card in cards:
                    worth[deck] = float(card.value) * recall[card.index] + (bits & 255) * _JITTER
                    bits >>= 8
            else:
                for deck, card in cards:
                    worth[deck] = float(card.value) + (bits & 255) * _JITTER
                    bits >>= 8
            if self.level.weighs_race:
                worth = self._against_the_others(worth, len(view["players"]) - 1)
            deck = max(worth, key=worth.__getitem__)
        # a hand beaten to a card reaches again from the moment that card was covered
        ms = view["now_ms"][seat] + self._reaction_ms(len(cards))
        return TIMEOUT if ms > view["cover_ms"] else Cover(deck, ms)

    def _against_the_others(self, worth: dict[int, float], others: int) -> dict[int, float]:
        """Each card's worth as the bot may expect it: the others are assumed to reach for the
        best cards more often (the best twice as often as the next), and to be quicker than the
        bot a third of the time; beaten to the card, the bot covers another (ruling 8), worth
        on average what the other cards are."""
        ranked = sorted(worth, key=lambda d: -worth[d])
        weights = [0.5 ** rank for rank in range(len(ranked))]
        total = sum(weights)
        everything = sum(worth.values())
        expected = {}
        for rank, deck in enumerate(ranked):
            wanted = weights[rank] / total  # how likely one other seat reaches for it
            gets = (1 - wanted / 3) ** others
            rest = (everything - worth[deck]) / (len(worth) - 1) if len(worth) > 1 else 0.0
            expected[deck] = gets * worth[deck] + (1 - gets) * rest
        return expected

    def _reaction_ms(self, cards: int) -> int:
        level = self.level
        median = self._medians.get(cards)
        if median is None:
            median = self._medians[cards] = level.median_ms + level.hick_ms * math.log2(cards + 1)
        # Box-Muller from the bot's own generator, its two uniforms from the halves of one draw
        bits = self.chance.next64()
        u1, u2 = 1.0 - (bits >> 32) * _TWO_TO_MINUS_32, (bits & 0xFFFFFFFF) * _TWO_TO_MINUS_32
        normal = math.sqrt(-2.0 * math.log(u1)) * math.cos(2 * math.pi * u2)
        return max(FASTEST_MS, round(median * math.exp(level.spread * normal)))

    def _answer(self, view: View, seat: int) -> Action:
        word = view["question"]["question"]
        question = QUESTION_BY_WORD[word]
        identify = not view["beginners"]
        deck = next(e["deck"] for e in view["revealed"] if e["covered_by"] == seat and e["card"] is None)
        seen = self.memory.get((view["turn"], deck))
        if seen is None:
            said, kind = self._guess(view, question)
        else:
            card = CARD_BY_ID[seen]
            said, kind = ANSWERS[word][card.index], card.kind
            if self.chance.random() > self.level.recall ** (DETAILS[word][identify][card.index] - identify):
                said = self._misremember(said, question)
            if identify and self.chance.random() > self.level.recall:
                kind = Kind.NOOTRON if kind == Kind.PROOTON else Kind.PROOTON
        return Answer(said, kind if identify else None)

    def _misremember(self, said: int | tuple[Colour, ...], question: Question) -> int | tuple[Colour, Colour, Colour]:
        """A near miss: a count one or two off, or one colour taken for another."""
        if isinstance(said, int):
            numbers = answer_range(question)
            near = [n for n in (said - 1, said + 1, said - 2, said + 2) if n in numbers]
            return near[self.chance.below(min(2, len(near)))] if len(near) > 1 else near[0]
        colours = list(said)
        slot = self.chance.below(3)
        others = [c for c in Colour if c != colours[slot]]
        colours[slot] = others[self.chance.below(len(others))]
        colours.sort()
        return colours[0], colours[1], colours[2]

    def _guess(self, view: View, question: Question) -> tuple[int | tuple[Colour, Colour, Colour], Kind]:
        """The commonest answer among the cards this bot has not seen leave play: the kept
        cards, and those it saw revealed on earlier turns (the discard pile is face down, so
        only its memory knows them)."""
        gone = {c["id"] for p in view["players"] for c in p["kept"]}
        gone |= {card for (turn, _), card in self.memory.items() if turn < view["turn"]}
        gone |= {e["card"]["id"] for e in view["revealed"] if e["card"] is not None}
        pool = [card for card in CARDS if card.id not in gone]
        said, _ = Counter(card.answer(question) for card in pool).most_common(1)[0]
        kind, _ = Counter(card.kind for card in pool).most_common(1)[0]
        return said, kind


def _factory(level: str) -> Any:
    def make(game: Game, seed: int) -> QwarksBot:
        return QwarksBot(game, seed, level)

    return make


# What playing against each level is like (the lobby shows it); Hard is the search bot, which
# reacts and remembers as Normal does.
ABOUT: Final = {
    "easy": "slow to react and forgetful",
    "normal": "reacts and remembers like a keen player",
    "expert": "quick, with a sharp memory, and wary of the race",
}
for _level in LEVELS:
    register_bot(_level, "qwarks", about=ABOUT[_level])(_factory(_level))
register_bot("heuristic", "qwarks", about="the Normal bot")(_factory("normal"))
describe_bot("hard", "qwarks", "reacts and remembers like Normal, and looks ahead at which card to cover")
describe_bot("mcts", "qwarks", "the search the Hard bot plays with (a second a move by default)")


# Compiled, these are pickled and copied as their constructor's arguments (core/pickling.py).
picklable(Level)
