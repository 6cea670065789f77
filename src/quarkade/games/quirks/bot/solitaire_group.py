"""What the solitaire bot reads of its view (``Reading``, ``Group``) and the guesses it makes of
the group, the hand and the stacks: the chance of reaching a threshold and the potential of each
climate, with the tables that keep them (pure functions of what the player sees)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import reduce
from itertools import chain
from operator import add, attrgetter, itemgetter
from typing import Any, Final

from quarkade.core.game import View
from quarkade.core.memo import Memo
from quarkade.games.quirks.bot.seen import (
    CLIMATE_COUNT,
    CODED_ANY,
    Seen,
    climate_of,
    guess_beside,
    partners,
    seen_cards,
    share_coded,
)
from quarkade.games.quirks.components import COMPONENTS, NICHES, STACKS

# The thresholds and the stacks of a view, in the order of the climates and the stacks.
_THRESHOLDS: Final = itemgetter(*COMPONENTS.climates)
_STACKS: Final = itemgetter(*STACKS)


class Reading:
    """What the player read of its view's QUiRKS, hand and piles at its last decision. The game
    shows what is alike by one shared value (a view's values are read-only), so a value met
    again is known by identity and its reading kept, which spares reading it at each of the
    three decisions of an action; a value met anew is read (through _read)."""

    __slots__ = ("quirks_shown", "cards_shown", "quirks", "positions", "hand_shown", "hand", "stacks_shown", "left",
                 "stock", "stocked", "reach_of", "reach")

    def __init__(self) -> None:
        self.quirks_shown: list[dict[str, Any]] | None = None
        self.cards_shown: list[list[dict[str, Any]]] = []  # by niche, the cards of its QUiRKS shown
        self.quirks: tuple[tuple[Seen, ...], ...] = ()
        self.positions: tuple[int, ...] = ()  # by stack, the QUiRKS's cards of it (one short of a card lacks one)
        self.hand_shown: list[dict[str, Any]] | None = None
        self.hand: tuple[Seen, ...] = ()
        self.stacks_shown: dict[str, Any] | None = None
        self.left: tuple[int, ...] = ()  # by stack, the cards left
        # By stack, what a decision reads of the cards left: 0 if none, 1 if one or two, 2 if more.
        self.stock: tuple[int, ...] = ()
        self.stocked: tuple[bool, ...] = ()  # by stack, whether it has cards left
        # The potential's sums (Group._reach) at the last decision that weighed them, and the
        # readings of the QUiRKS, the hand and the stocks they were worked out from.
        self.reach_of: tuple[object, object, object] = (None, None, None)
        self.reach: tuple[float, ...] = ()

    def read_quirks(self, shown: list[dict[str, Any]]) -> None:
        """Read the QUiRKS of a view: an action changes one of them, and the game shows each
        QUiRKS by one shared value, so the others are known by identity."""
        before, read = self.cards_shown, self.quirks
        cards_shown = [quirks["cards"] for quirks in shown]
        if len(before) == len(cards_shown):
            self.quirks = tuple([read[niche] if cards is before[niche] else _read(cards)
                                 for niche, cards in enumerate(cards_shown)])
        else:
            self.quirks = tuple(map(_read, cards_shown))
        self.quirks_shown, self.cards_shown = shown, cards_shown
        self.positions = _positions(self.quirks)


class Group:
    """What the solitaire player reads from its view. The keys every decision needs are read at
    once, the others when first needed: the view makes only the parts read."""

    __slots__ = ("view", "reading", "space", "climate", "quirks", "thresholds", "_target", "_hand", "_stacks_read",
                 "_held", "_by_stack")

    def __init__(self, view: View, reading: Reading | None = None) -> None:
        self.view = view
        self.reading = reading = Reading() if reading is None else reading
        self.space: int = view["climate"]["space"]
        self.climate = climate_of(self.space)
        shown = view["quirks"]
        if shown is not reading.quirks_shown:
            reading.read_quirks(shown)
        self.quirks = reading.quirks
        self.thresholds: tuple[int, ...] = _THRESHOLDS(view["thresholds"])
        self._target = -1
        self._hand: tuple[Seen, ...] | None = None
        self._stacks_read = False
        self._held: tuple[Seen, ...] | None = None
        self._by_stack: tuple[tuple[Seen, ...], ...] | None = None

    @property
    def niche(self) -> int:
        niche = self.view["niche"]
        return NICHES.index(niche) if niche else -1

    @property
    def hand(self) -> tuple[Seen, ...]:
        hand = self._hand
        if hand is None:
            reading, shown = self.reading, self.view["hand"]
            if shown is not reading.hand_shown:
                reading.hand_shown, reading.hand = shown, _read(shown)
            hand = self._hand = reading.hand
        return hand

    @property
    def held(self) -> tuple[Seen, ...]:
        held = self._held
        if held is None:
            quirks = self.quirks
            held = self._held = (*quirks[0], *quirks[1], *quirks[2], *self.hand)
        return held

    def _read_stacks(self) -> Reading:
        reading = self.reading
        if not self._stacks_read:
            shown = self.view["stacks"]
            if shown is not reading.stacks_shown:
                reading.stacks_shown, reading.left = shown, tuple(map(_CARDS_LEFT, _STACKS(shown)))
                reading.stock = tuple([0 if count == 0 else 1 if count <= 2 else 2 for count in reading.left])
                reading.stocked = tuple([count > 0 for count in reading.left])
            self._stacks_read = True
        return reading

    @property
    def left(self) -> tuple[int, ...]:
        """By stack, the cards left."""
        return self._read_stacks().left

    @property
    def stock(self) -> tuple[int, ...]:
        return self._read_stacks().stock

    @property
    def counted(self) -> list[dict[str, Any]]:
        counted: list[dict[str, Any]] = self.view["counted"]
        return counted

    @property
    def extinctions(self) -> int:
        extinctions: int = self.view["extinctions"]
        return extinctions

    @property
    def actions(self) -> int:
        actions: int = self.view["actions"]
        return actions

    @property
    def by_stack(self) -> tuple[tuple[Seen, ...], ...]:
        """The cards held, by stack, each stack's in the order of their numbers: the guesses
        made from them count them whatever their order, and an exchange between the group and
        the hand leaves them as they were, so those guesses are found again in their tables."""
        by_stack = self._by_stack
        if by_stack is None:
            # Kept in _BY_STACK by the QUiRKS and the hand: the action's three decisions read one group.
            quirks = self.quirks
            key = (*quirks, self.hand)
            by_stack = _BY_STACK.get(key)
            if by_stack is None:
                lists: list[list[Seen]] = [[] for _ in STACKS]
                for card in sorted(self.held, key=_NUMBER):
                    lists[card.stack].append(card)
                by_stack = _BY_STACK.keep(key, tuple([tuple(cards) for cards in lists]))
            self._by_stack = by_stack
        return by_stack

    def drawn_mean(self, stack: int, climate: int) -> float:
        """The mean a card drawn from ``stack`` is guessed to have in ``climate`` (a card one
        has not seen: one of the stack's cards other than those held), kept in _DRAWN by the
        cards held of the stack, which change at most once an action."""
        held = self.by_stack[stack]
        key = (stack, climate, held)
        found = _DRAWN.get(key)
        if found is None:
            found = _DRAWN.keep(key, Seen.unseen(stack).guess(climate, held)[0])
        return found

    def guess(self, climate: int, niche: int, cards: Sequence[Seen], first: Seen | None,
              second: Seen | None) -> tuple[float, float]:
        """``guess_beside`` of a QUiRKS beside its partners (see ``partners``), kept in
        _GUESSES: cards one reads are guessed from their codes alone, and their guess holds in
        any decision; a card one cannot read (the new card a draw brings) is guessed from what
        its stack still holds, which depends on the cards held of its stack only (they alone
        count in ``share_coded``), kept with them."""
        key = (climate, niche, cards, first, second)
        found = _GUESSES.get(key)
        if found is None:
            if _readable(cards, first, second):
                found = _GUESSES.keep(key, guess_beside(niche, cards, first, second, climate))
            else:
                found = self.guess_unread(climate, niche, cards, first, second)
        return found

    def guess_unread(self, climate: int, niche: int, cards: Sequence[Seen], first: Seen | None,
                     second: Seen | None) -> tuple[float, float]:
        """``guess`` of a QUiRKS or partners with a card one cannot read (never in _GUESSES)."""
        held = self._held_beside(cards, first, second)
        held_key = ((climate, niche, cards, first, second), held)
        found = _HELD_GUESSES.get(held_key)
        if found is None:
            found = _HELD_GUESSES.keep(held_key, guess_beside(niche, cards, first, second, climate, held))
        return found

    def _held_beside(self, cards: Sequence[Seen], first: Seen | None, second: Seen | None) -> tuple[Seen, ...]:
        """The cards held of the stacks of the cards one cannot read among ``cards`` and the
        partners: a guess of those cards with these held aside equals their guess with every
        card held aside."""
        stack = -1
        for card in (*cards, first, second):
            if card is not None and card.codes is None:
                if stack < 0:
                    stack = card.stack
                elif card.stack != stack:
                    # Cards of several stacks one cannot read: seldom met
                    stacks = sorted({card.stack for card in (*cards, first, second)
                                     if card is not None and card.codes is None})
                    return tuple([card for stack in stacks for card in self.by_stack[stack]])
        return self.by_stack[stack]

    def total(self, climate: int, quirks: Sequence[Sequence[Seen]] | None = None,
              niches: Iterable[int] | None = None) -> tuple[float, float]:
        """(mean, variance) of the sum of the QUiRKS of ``niches`` (all three by default)."""
        group = self.quirks if quirks is None else quirks
        # A QUiRKS's guess depends on its cards and on the cards of the other niches whose
        # food-chain symbols it meets (the plant and the carnivore meet the herbivore, which
        # meets both): the changes a decision weighs leave most guesses as they were.
        met = partners(group)
        guess = self.guess
        mean = var = 0.0
        for niche in range(3) if niches is None else niches:
            first, second = met[niche]
            m, v = guess(climate, niche, group[niche], first, second)
            mean, var = mean + m, var + v
        return mean, var

    def chance(self, climate: int, quirks: Sequence[Sequence[Seen]] | None = None) -> float:
        """The chance the group reaches ``climate``'s threshold."""
        threshold = self.thresholds[climate]
        if quirks is not None:
            return reaches(self.total(climate, quirks), threshold)
        # Asked of the group as it is at every step (a total of the whole group is asked for
        # nothing else).
        group = self.quirks
        key = (climate, threshold, group[0], group[1], group[2])
        found = _CHANCES.get(key)
        if found is None:
            found = reaches(self.total(climate), threshold)
            # Cards one reads are guessed alike in any decision (see guess()).
            if all(card.codes is not None for cards in group for card in cards):
                _CHANCES.keep(key, found)
        return found

    def potential(self, climate: int) -> float:
        """What the group could reach in ``climate`` with the best cards of the group and the
        hand in place, and the coded cards still in the stacks for the positions lacking one,
        against its threshold."""
        return self._reach()[climate] - self.thresholds[climate]

    def _reach(self) -> tuple[float, ...]:
        """By climate, the sum ``potential`` weighs against the threshold. It depends on how
        many of the group's positions each stack fills, the cards held of each stack (group and
        hand alike) and which stacks have cards left, and is kept in _REACH by these: an
        exchange between the group and the hand leaves them all as they were, so the sums are
        found again. The action's decision weighs them with the group the climate's decision
        before it weighed: the readings it read them from, kept with them, tell it (by identity)."""
        reading = self._read_stacks()
        quirks, hand, stocked = self.quirks, self.hand, reading.stocked
        read_from = reading.reach_of
        if quirks is read_from[0] and hand is read_from[1] and stocked is read_from[2]:
            return reading.reach
        positions, by_stack = reading.positions, self.by_stack
        key = (positions, by_stack, stocked)
        found = _REACH.get(key)
        if found is None:
            parts = [_stack_part(stack, count, by_stack[stack], stocked[stack])
                     for stack, count in enumerate(positions) if count]
            # Each climate's terms added up in turn from 0.0, stack after stack (in C).
            found = _REACH.keep(key, tuple([reduce(add, chain.from_iterable([part[climate] for part in parts]), 0.0)
                                            for climate in range(CLIMATE_COUNT)]))
        reading.reach_of, reading.reach = (quirks, hand, stocked), found
        return found

    def target(self) -> int:
        if self._target < 0:
            reach, thresholds, here = self._reach(), self.thresholds, self.climate
            # max(range(CLIMATE_COUNT), key=lambda c: (reach[c] - thresholds[c], c == here)),
            # unrolled: the first best kept, a tie won by the climate here
            best, best_value = 0, reach[0] - thresholds[0]
            for climate in range(1, CLIMATE_COUNT):
                value = reach[climate] - thresholds[climate]
                if value > best_value or (value == best_value and climate == here):
                    best, best_value = climate, value
            self._target = best
        return self._target


_FACE: Final = itemgetter("number", "codes")  # what tells a card's Seen (Seen.of), of a card of a view
_CARDS_LEFT: Final = itemgetter("cards")  # of a stack of a view
_NUMBER: Final = attrgetter("number")  # of a Seen


def _read(cards: list[dict[str, Any]]) -> tuple[Seen, ...]:
    """``seen_cards(cards)``, kept in _READ by the cards' faces: a QUiRKS or the hand is read at
    every decision and changes at most once in the three decisions of an action, and the faces
    are read in one pass in C where ``Seen.of`` reads them card by card."""
    try:
        faces = tuple(map(_FACE, cards))
    except KeyError:  # codes one cannot read (not in the player's own view)
        return seen_cards(cards)
    found = _READ.get(faces)
    if found is None:
        found = _READ.keep(faces, seen_cards(cards))
    return found


def _positions(quirks: Sequence[Sequence[Seen]]) -> tuple[int, ...]:
    """By stack, how many cards of it the QUiRKS hold (a QUiRKS short of a card holds fewer)."""
    positions = [0] * len(STACKS)
    for cards in quirks:
        for card in cards:
            positions[card.stack] += 1
    return tuple(positions)


def _readable(cards: Sequence[Seen], first: Seen | None, second: Seen | None) -> bool:
    """Whether one reads the codes of every card of a QUiRKS and of its partners."""
    for card in cards:
        if card.codes is None:
            return False
    return (first is None or first.codes is not None) and (second is None or second.codes is not None)


# Pure computations met again and again, decision after decision, kept at module level (and
# emptied when full): what a QUiRKS's cards of known codes are guessed to count beside its
# partners, by climate, niche, cards and partners; the same for a QUiRKS with a card one cannot
# read, by the same and the cards held of that card's stack; the chance a group of cards of
# known codes reaches a threshold, by climate, threshold and QUiRKS; and the sums of
# ``Group.potential``, by the stacks' positions in the group, the cards held of each stack and the
# stacks that have cards left.
CACHE_SIZE: Final = 50_000  # entries a cache holds: most of what is met again is met within a game
_READ: Final = Memo[tuple[tuple[str, str], ...], tuple[Seen, ...]](CACHE_SIZE)
_DRAWN: Final = Memo[tuple[int, int, tuple[Seen, ...]], float](CACHE_SIZE)
_BY_STACK: Final = Memo[tuple[tuple[Seen, ...], ...], tuple[tuple[Seen, ...], ...]](CACHE_SIZE)
_GUESSES: Final = Memo[tuple[int, int, Sequence[Seen], Seen | None, Seen | None], tuple[float, float]](CACHE_SIZE)
_HELD_GUESSES: Final = Memo[tuple[tuple[int, int, Sequence[Seen], Seen | None, Seen | None], tuple[Seen, ...]],
                            tuple[float, float]](CACHE_SIZE)
_CHANCES: Final = Memo[tuple[int, int, Sequence[Seen], Sequence[Seen], Sequence[Seen]], float](CACHE_SIZE)
_REACH: Final = Memo[tuple[tuple[int, ...], tuple[tuple[Seen, ...], ...], tuple[bool, ...]], tuple[float, ...]](
    CACHE_SIZE)


# What a stack adds to a climate's potential, by climate, for the stack's positions in the group,
# the cards of it held and whether it has cards left: the same few cards come back decision
# after decision, so each stack's terms are worked out once.
_PARTS: Final = Memo[tuple[int, int, tuple[Seen, ...], bool], tuple[tuple[float, ...], ...]](100_000)


def _stack_part(stack: int, positions: int, cards: tuple[Seen, ...], left: bool) -> tuple[tuple[float, ...], ...]:
    """The terms a stack adds to the potential in each climate, in the order they are added:
    the best ``positions`` guesses of the cards held, each lacking the code followed by its
    chance of being replaced by a coded card from the stack."""
    key = (stack, positions, cards, left)
    found = _PARTS.get(key)
    if found is not None:
        return found
    # The cards of the stack one holds whose codes one reads, for the share of coded cards left.
    readable = [card for card in cards if card.number and card.codes is not None]
    parts = []
    for climate in range(CLIMATE_COUNT):
        terms: list[float] = []
        means = sorted([card.guesses[climate][0] for card in cards], reverse=True)
        share = -1.0
        for mean in means[:positions]:
            terms.append(mean)
            if mean < 3 and left:
                if share < 0:
                    counted = (len(readable), sum(bool(card.marks[climate]) for card in readable))
                    share = share_coded(stack, climate, counted=counted)
                terms.append(0.5 * share * (CODED_ANY - mean))
        parts.append(tuple(terms))
    return _PARTS.keep(key, tuple(parts))



def reaches(total: tuple[float, float], threshold: float) -> float:
    """The chance a total guessed as ``total`` is at least ``threshold``."""
    spread = math.sqrt(max(total[1], 0.25))
    return 0.5 * (1 + math.erf((total[0] - threshold + 0.5) / (spread * math.sqrt(2))))

