"""What a player of the Quirks games can see of a card, and what it may expect of it.

A bot judges a card as a player at the table does (:class:`Seen`): by its printed number, which
tells its stack and its food-chain symbol, and by its climate codes where it can read them (its
own cards, its hand, the face-up discards; never under another player's identification
marker). A printed code means 3 or more, no code 3 or less (ruling 3: a 3 prints its code only
on odd-numbered cards), so a coded card is worth about 4.3 and an uncoded one about 1.2; a card
whose codes are hidden is worth what a card of its stack is worth on average in that climate.
How many cards of a stack bear each code is known to everyone who sorted the stacks at setup.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from quarkade.core.game import Action
from quarkade.core.pickling import picklable
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.board import NICHE_STACKS
from quarkade.games.quirks.components import CLIMATE_LETTERS, COMPONENTS, STACK_ROWS, STACKS

ZONES: Final = COMPONENTS.zones_per_climate
CLIMATE_COUNT: Final = len(COMPONENTS.climates)
SPACES: Final = CLIMATE_COUNT * ZONES
PLANT, HERBIVORE, CARNIVORE = range(3)
UPPER: Final = 0
LOWER: Final = 1
LEVELS: Final = ("upper", "lower")
STACK_INDEX: Final = {name: index for index, name in enumerate(STACKS)}
NUMBERS: Final = tuple(card.number for card in COMPONENTS.cards)  # a Move names a card by its index
INDEX: Final = {number: index for index, number in enumerate(NUMBERS)}


# ----------------------------------------------------------------------------- what a player can see


def _printed_faces() -> tuple[dict[str, int], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The public facts of the printed faces: each card's food-chain symbol (printed beside
    its number, outside the identification marker), and how many cards of each stack bear
    each climate's code (everyone sorts the stacks face up at setup). Nothing here says which
    card of a hidden QUiRKS bears which code."""
    food = {card.number: card.food for card in COMPONENTS.cards}
    coded = tuple(
        tuple(sum(card.code_text().count(letter) for card in COMPONENTS.stack_cards(stack))
              for letter in CLIMATE_LETTERS)
        for stack in range(len(STACKS))
    )
    sizes = tuple(len(COMPONENTS.stack_cards(stack)) for stack in range(len(STACKS)))
    return food, coded, sizes


FOOD, CODED_IN_STACK, STACK_SIZE = _printed_faces()

# What a seasoned player expects a card to be worth, by what it shows: [even number, odd number].
CODED_MEAN: Final = (4.58, 4.15)  # a code: 4 or 5, or a 3 on an odd number
CODED_VAR: Final = (0.25, 0.8)
UNCODED_MEAN: Final = (1.39, 0.92)  # no code: 0 to 2, or a 3 on an even number
UNCODED_VAR: Final = (1.2, 0.65)
CODED_ANY: Final = 4.32  # the same, whatever the number
UNCODED_ANY: Final = 1.18


def share_coded(stack: int, climate: int, held: Iterable[Seen] = (), counted: tuple[int, int] = (0, 0)) -> float:
    """The share of the cards of ``stack`` not among ``held`` that bear ``climate``'s code
    (``counted``: how many cards of the stack one holds, and how many of them bear the code,
    counted already)."""
    coded, size = CODED_IN_STACK[stack][climate] - counted[1], STACK_SIZE[stack] - counted[0]
    for card in held:
        if card.stack == stack and card.number and card.codes is not None:
            size -= 1
            coded -= bool(card.coded(climate))
    return max(0.0, coded / size) if size > 0 else 0.0


def unseen_guess(stack: int, climate: int, held: Iterable[Seen] = ()) -> tuple[float, float]:
    """(mean, variance) of a card of ``stack`` whose codes one cannot read."""
    p = share_coded(stack, climate, held)
    mean = p * CODED_ANY + (1 - p) * UNCODED_ANY
    var = p * (0.6 + (CODED_ANY - mean) ** 2) + (1 - p) * (1.0 + (UNCODED_ANY - mean) ** 2)
    return mean, var


@dataclass(frozen=True, slots=True, eq=False)
class Seen:
    """What a player can see of one card: its printed number (hence its stack and food-chain
    symbol) and its climate codes when the view shows them, ``None`` under another player's
    identification marker. A card not yet drawn has no number.

    A bot weighs the same few cards thousands of times a game: its row, food-chain symbol and
    guess in each climate are worked out once, when it is made, and :meth:`make` (and so
    :meth:`of` and :meth:`unseen`) hands out one shared object for each card seen one way, so
    that two cards seen alike are the same object (compared and hashed as such)."""

    number: str
    stack: int
    codes: str | None
    row: str = field(init=False, compare=False, repr=False)
    food: int = field(init=False, compare=False, repr=False)
    # (mean, variance) in each climate, with no card held aside (see :meth:`guess`)
    guesses: tuple[tuple[float, float], ...] = field(init=False, compare=False, repr=False)
    marks: tuple[bool | None, ...] = field(init=False, compare=False, repr=False)  # coded(climate), each climate

    def __post_init__(self) -> None:
        object.__setattr__(self, "row", STACK_ROWS[self.stack])
        object.__setattr__(self, "food", FOOD.get(self.number, -1))
        object.__setattr__(self, "guesses", tuple(self._guess(climate, ()) for climate in range(CLIMATE_COUNT)))
        object.__setattr__(self, "marks", tuple(self.coded(climate) for climate in range(CLIMATE_COUNT)))

    @classmethod
    def make(cls, number: str, stack: int, codes: str | None) -> Seen:
        key = (number, stack, codes)
        seen = _MADE.get(key)
        if seen is None:
            seen = _MADE[key] = cls(number, stack, codes)
        return seen

    @classmethod
    def of(cls, card: Mapping[str, Any]) -> Seen:
        # The number tells the stack: the face (number, codes) is key enough.
        face = (card["number"], card.get("codes"))
        seen = _BY_FACE.get(face)
        if seen is None:
            seen = _BY_FACE[face] = cls.make(face[0], STACK_INDEX[card["stack"]], face[1])
        return seen

    @classmethod
    def unseen(cls, stack: int) -> Seen:
        seen = _UNSEEN.get(stack)
        if seen is None:
            seen = _UNSEEN[stack] = cls.make("", stack, None)
        return seen

    def coded(self, climate: int) -> bool | None:
        """Whether the card bears the climate's code; ``None`` when one cannot read it."""
        return None if self.codes is None else CLIMATE_LETTERS[climate] in self.codes

    def guess(self, climate: int, held: Sequence[Seen] = ()) -> tuple[float, float]:
        """(mean, variance) of the card's adaptation value in ``climate``; a card one cannot
        read is one of its stack's cards other than ``held``."""
        if not held or self.codes is not None:
            return self.guesses[climate]
        return self._guess(climate, held)

    def _guess(self, climate: int, held: Sequence[Seen]) -> tuple[float, float]:
        coded = self.coded(climate)
        if coded is None:
            return unseen_guess(self.stack, climate, held)
        if not self.number:
            return (CODED_ANY, 0.6) if coded else (UNCODED_ANY, 1.0)
        odd = int(self.number[1:]) % 2
        return (CODED_MEAN[odd], CODED_VAR[odd]) if coded else (UNCODED_MEAN[odd], UNCODED_VAR[odd])

    def mean(self, climate: int) -> float:
        return self.guesses[climate][0]


# Every Seen made, by (number, stack, codes): few, since a card is seen at most a few ways.
_MADE: Final[dict[tuple[str, int, str | None], Seen]] = {}
_BY_FACE: Final[dict[tuple[str, str | None], Seen]] = {}
BY_FACE: Final = _BY_FACE  # for a bot that reads its view's cards in its own loop (``seen_cards`` inlined)
_UNSEEN: Final[dict[int, Seen]] = {}  # ``make("", stack, None)`` by stack: asked for at every guess of a hidden card


def seen_cards(cards: Iterable[Mapping[str, Any]]) -> tuple[Seen, ...]:
    """:meth:`Seen.of` of each card of a view (a bot reads a dozen or two at every decision)."""
    by_face = _BY_FACE
    # A Seen is never false: ``or`` falls back only on a face not seen yet.
    return tuple([by_face.get((card["number"], card.get("codes"))) or Seen.of(card) for card in cards])


HAND: Final = 6  # the hand's place in a Recall, after the table's six slots


class Recall:
    """The cards a bot read at its last decision, with what it saw in them: between one
    decision and the next a table changes a slot or two and a hand a card or two. Cards that
    compare equal (each card's number and codes, as the view prints them) are seen the same,
    so comparing a QUiRKS's cards with the last ones read there (in C) replaces reading them."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        # by place (a slot, level * 3 + niche, or HAND): the view's cards last read there, and their Seen
        self.last: list[tuple[list[dict[str, Any]], tuple[Seen, ...]] | None] = [None] * (HAND + 1)

    def seen(self, place: int, cards: list[dict[str, Any]]) -> tuple[Seen, ...]:
        """``seen_cards(cards)``, read at ``place``."""
        last = self.last[place]
        if last is not None and last[0] == cards:
            return last[1]
        found = seen_cards(cards)
        self.last[place] = (cards, found)
        return found


def card_at(cards: Sequence[Seen], row: str) -> Seen | None:
    for card in cards:
        if card.row == row:
            return card
    return None


Partners = tuple[Seen | None, Seen | None]


def partners(level: Sequence[Sequence[Seen]]) -> tuple[Partners, Partners, Partners]:
    """The cards of the other niches at a level whose food-chain symbols each niche's QUiRKS
    meets: the plant meets the herbivore's A card; the herbivore, the plant's A card and the
    carnivore's; the carnivore, the herbivore's C card."""
    plant, herbivore, carnivore = level
    # ``card_at`` of each, inlined: the first A and the first C card of the herbivore in one pass
    herbivore_a = herbivore_c = plant_a = carnivore_a = None
    for card in herbivore:
        row = card.row
        if row == "A":
            if herbivore_a is None:
                herbivore_a = card
        elif row == "C" and herbivore_c is None:
            herbivore_c = card
    for card in plant:
        if card.row == "A":
            plant_a = card
            break
    for card in carnivore:
        if card.row == "A":
            carnivore_a = card
            break
    return (herbivore_a, None), (plant_a, carnivore_a), (herbivore_c, None)


def quirks_guess(niche: int, cards: Sequence[Seen], level: Sequence[Sequence[Seen]],
                 climate: int, held: Sequence[Seen] = ()) -> tuple[float, float]:
    """(mean, variance) of a QUiRKS's total in ``climate``, with the food-chain points it
    gains or loses from the QUiRKS of the other niches at its level ("Food Chain Points")."""
    if niche == PLANT:
        first, second = card_at(level[HERBIVORE], "A"), None
    elif niche == HERBIVORE:
        first, second = card_at(level[PLANT], "A"), card_at(level[CARNIVORE], "A")
    else:
        first, second = card_at(level[HERBIVORE], "C"), None
    return guess_beside(niche, cards, first, second, climate, held)


def food_chain(niche: int, cards: Sequence[Seen], first: Seen | None,
               second: Seen | None) -> tuple[Seen | None, Seen | None, int]:
    """Who eats whom beside a QUiRKS of ``niche`` (``cards``) whose level's cards it meets are
    ``first`` and ``second`` (``partners``): the card whose value is added (the plant a herbivore
    eats), and the one card whose value counts with a sign, and that sign. An eater's food-chain
    symbol matches the symbol of what it eats."""
    # Each niche looks for the one or two own cards its partners meet, and only when there is a
    # partner with a food-chain symbol: most QUiRKS weighed have none to meet (the same answer as
    # finding the first A and the first C card of ``cards`` and comparing them all).
    if niche != HERBIVORE:
        if first is not None and first.food >= 0:
            for card in cards:
                if card.row == "A":  # the first A card
                    if card.food == first.food:
                        return None, first, -1 if niche == PLANT else 1
                    break
        return _NO_CHAIN
    eaten = None
    if first is not None and first.food >= 0:
        for card in cards:
            if card.row == "A":
                if card.food == first.food:
                    eaten = first
                break
    if second is not None and second.food >= 0:
        for card in cards:
            if card.row == "C":
                if card.food == second.food:
                    return eaten, second, -1
                break
    return eaten, None, 0


_NO_CHAIN: Final[tuple[Seen | None, Seen | None, int]] = (None, None, 0)


def guess_beside(niche: int, cards: Sequence[Seen], first: Seen | None, second: Seen | None,
                 climate: int, held: Sequence[Seen] = ()) -> tuple[float, float]:
    """``quirks_guess`` with the level's cards the QUiRKS meets given (``partners``): a bot
    that weighs many QUiRKS beside the same level finds them once."""
    mean = var = 0.0
    for card in cards:
        # card.guess(climate, held), inlined: a card one can read needs nothing held aside
        m, v = card.guesses[climate] if not held or card.codes is not None else card.guess(climate, held)
        mean, var = mean + m, var + v
    eaten, other, sign = food_chain(niche, cards, first, second)
    if eaten is not None:
        m, v = eaten.guesses[climate] if not held or eaten.codes is not None else eaten.guess(climate, held)
        mean, var = mean + 1 * m, var + v
    if other is not None:
        m, v = other.guesses[climate] if not held or other.codes is not None else other.guess(climate, held)
        mean, var = mean + sign * m, var + v
    return mean, var


def horizon_mean(niche: int, cards: tuple[Seen, ...], first: Seen | None, second: Seen | None, climate: int,
                 horizon: tuple[tuple[int, float], ...]) -> float:
    """``sum(weight * guess_beside(niche, cards, first, second, (climate + step) % CLIMATE_COUNT)[0]
    for step, weight in horizon)`` in one pass. Which food-chain symbols meet does not depend on
    the climate, so it is found once (as ``guess_beside`` finds it); each climate's mean is then
    added up card by card in ``guess_beside``'s order, and the weighted means by ``sum``: the
    same float."""
    eaten, other, sign = food_chain(niche, cards, first, second)
    weighted = []
    # A QUiRKS of three cards (the most weighed) added up without a loop: ((0.0 + a) + b) + c.
    three = len(cards) == 3
    if three:
        card_1, card_2, card_3 = cards
        first_guesses, second_guesses, third_guesses = card_1.guesses, card_2.guesses, card_3.guesses
    for step, weight in horizon:
        c = (climate + step) % CLIMATE_COUNT
        if three:
            mean = 0.0 + first_guesses[c][0] + second_guesses[c][0] + third_guesses[c][0]
        else:
            mean = 0.0
            for card in cards:
                mean = mean + card.guesses[c][0]
        if eaten is not None:
            mean = mean + 1 * eaten.guesses[c][0]
        if other is not None:
            mean = mean + sign * other.guesses[c][0]
        weighted.append(weight * mean)
    return sum(weighted)


def missing_stack(niche: int, cards: Sequence[Seen]) -> int:
    """The stack of the first row (A, B, C) none of ``cards`` is of."""
    rows = [card.row for card in cards]
    stacks = NICHE_STACKS[niche]
    if "A" not in rows:
        return stacks[0]
    if "B" not in rows:
        return stacks[1]
    if "C" not in rows:
        return stacks[2]
    raise ValueError("no row is missing")


def beats(mine: tuple[float, float], theirs: tuple[float, float], occupant: bool) -> float:
    """The chance that a total guessed as ``mine`` wins against ``theirs``: the occupant of
    the niche wins a tie, the challenger needs one point more."""
    shift = 0.5 if occupant else -0.5
    spread = math.sqrt(max(mine[1] + theirs[1], 0.25))
    return 0.5 * (1 + math.erf((mine[0] - theirs[0] + shift) / (spread * math.sqrt(2))))


def climate_of(space: int) -> int:
    return space % SPACES // ZONES


def as_moves(legal: Sequence[Action]) -> list[Move]:
    return [action for action in legal if isinstance(action, Move)]


def pick(moves: Sequence[Move], verb: Verb) -> Move:
    """The move of ``verb`` (the first legal move if there is none)."""
    return next((m for m in moves if m.verb is verb), moves[0])


def seen_by_index(cards: Iterable[Seen]) -> dict[int, Seen]:
    """The cards we see, by the index a Move names them with."""
    return {INDEX[card.number]: card for card in cards if card.number}


# Compiled, a bot's memory of a card is pickled and copied as its constructor's arguments
# (core/pickling.py).
picklable(Seen)
