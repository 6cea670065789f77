"""The solitaire bot (``heuristic`` or ``solitaire``): it picks the climate its group can best
reach, works each destined QUiRKS toward it, waits in that climate and counts when the estimate
says the threshold is likely met, the QUiRKS least likely to do its share first."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import reduce
from itertools import chain
from operator import add, attrgetter, itemgetter
from typing import Any, cast

from quarkade.agents.base import Bot, register_bot
from quarkade.agents.quirks.seen import (
    CARNIVORE,
    CLIMATE_COUNT,
    CODED_ANY,
    HERBIVORE,
    INDEX,
    PLANT,
    Seen,
    climate_of,
    food_chain,
    guess_beside,
    partners,
    pick,
    seen_by_index,
    seen_cards,
    share_coded,
)
from quarkade.core.game import Action, Game, View
from quarkade.core.memo import Memo
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.components import COMPONENTS, NICHES, STACKS

# ----------------------------------------------------------------------------- the solitaire game


# Tuned for the most wins over seeded games (the figures are in tests/test_bots_quirks.py).
COUNT_CHANCE = 0.75  # count when the group reaches the threshold this likely
STOP_CHANCE = 0.5  # stop counting (extinct branches) when the rest reaches it less likely than this
DRAW_COST = 0.3  # a card drawn is a card the stacks no longer hold
RESERVE = 0.1  # weight of the hand's cards, kept for later exchanges


# The verbs a decision looks for, as module constants: a member read from its class goes through
# the ``__getattr__`` hook of Enum's metaclass, many times slower than a global.
_CONTINUE, _STOP, _CLIMATE, _REPLACE, _MUTATE, _COUNT = (Verb.CONTINUE, Verb.STOP, Verb.CLIMATE, Verb.REPLACE,
                                                         Verb.MUTATE, Verb.COUNT)
# The thresholds and the stacks of a view, in the order of the climates and the stacks.
_THRESHOLDS = itemgetter(*COMPONENTS.climates)
_STACKS = itemgetter(*STACKS)


class Reading:
    """What the player read of its view's QUiRKS, hand and piles at its last decision. The game
    shows what is alike by one shared value (a view's values are read-only), so a value met
    again is known by identity and its reading kept, which spares reading it at each of the
    three decisions of an action; a value met anew is read (through _read)."""

    __slots__ = ("quirks_shown", "quirks", "positions", "hand_shown", "hand", "stacks_shown", "left", "stock",
                 "stocked")

    def __init__(self) -> None:
        self.quirks_shown: list[dict[str, Any]] | None = None
        self.quirks: tuple[tuple[Seen, ...], ...] = ()
        self.positions: tuple[int, ...] = ()  # by stack, the QUiRKS's cards of it (one short of a card lacks one)
        self.hand_shown: list[dict[str, Any]] | None = None
        self.hand: tuple[Seen, ...] = ()
        self.stacks_shown: dict[str, Any] | None = None
        self.left: tuple[int, ...] = ()  # by stack, the cards left
        # By stack, what a decision reads of the cards left: 0 if none, 1 if one or two, 2 if more.
        self.stock: tuple[int, ...] = ()
        self.stocked: tuple[bool, ...] = ()  # by stack, whether it has cards left


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
            reading.quirks_shown, reading.quirks = shown, tuple([_read(q["cards"]) for q in shown])
            reading.positions = _positions(reading.quirks)
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
        found again."""
        reading = self._read_stacks()
        positions, by_stack, stocked = reading.positions, self.by_stack, reading.stocked
        key = (positions, by_stack, stocked)
        found = _REACH.get(key)
        if found is not None:
            return found
        parts = [_stack_part(stack, count, by_stack[stack], stocked[stack])
                 for stack, count in enumerate(positions) if count]
        # Each climate's terms added up in turn from 0.0, stack after stack (in C).
        return _REACH.keep(key, tuple([reduce(add, chain.from_iterable([part[climate] for part in parts]), 0.0)
                                       for climate in range(CLIMATE_COUNT)]))

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




_FACE = itemgetter("number", "codes")  # what tells a card's Seen (Seen.of), of a card of a view
_CARDS_LEFT = itemgetter("cards")  # of a stack of a view
_NUMBER = attrgetter("number")  # of a Seen


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
_CACHE_SIZE = 50_000  # entries a cache holds: most of what is met again is met within a game
_READ = Memo[tuple[tuple[str, str], ...], tuple[Seen, ...]](_CACHE_SIZE)
_DRAWN = Memo[tuple[int, int, tuple[Seen, ...]], float](_CACHE_SIZE)
_BY_STACK = Memo[tuple[tuple[Seen, ...], ...], tuple[tuple[Seen, ...], ...]](_CACHE_SIZE)
_GUESSES = Memo[tuple[int, int, Sequence[Seen], Seen | None, Seen | None], tuple[float, float]](_CACHE_SIZE)
_HELD_GUESSES = Memo[tuple[tuple[int, int, Sequence[Seen], Seen | None, Seen | None], tuple[Seen, ...]],
                     tuple[float, float]](_CACHE_SIZE)
_CHANCES = Memo[tuple[int, int, Sequence[Seen], Sequence[Seen], Sequence[Seen]], float](_CACHE_SIZE)
_REACH = Memo[tuple[tuple[int, ...], tuple[tuple[Seen, ...], ...], tuple[bool, ...]], tuple[float, ...]](_CACHE_SIZE)
# The move an action's decision picks, by what it reads: the target climate, the destined niche,
# the group, the hand and the stock (see ``Reading``). The player keeps cycling among a few
# groups: four decisions in ten are met again.
_MUTATIONS = Memo[tuple[int, int, tuple[tuple[Seen, ...], ...], tuple[Seen, ...], tuple[int, ...]], Move](_CACHE_SIZE)


# What a stack adds to a climate's potential, by climate, for the stack's positions in the group,
# the cards of it held and whether it has cards left: the same few cards come back decision
# after decision, so each stack's terms are worked out once.
_PARTS = Memo[tuple[int, int, tuple[Seen, ...], bool], tuple[tuple[float, ...], ...]](100_000)


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


# By niche, the rows of its QUiRKS's cards that a food chain reads (``partners`` and
# ``food_chain``): the A card, and the herbivore's C card. A change of another card leaves the
# QUiRKS's food-chain terms and its partners' guesses as they were.
_MET_ROWS = ("A", "AC", "A")


def _chain_terms(niche: int, cards: Sequence[Seen], first: Seen | None, second: Seen | None,
                 climate: int) -> tuple[float, ...]:
    """The food-chain terms ``guess_beside`` adds to the means of a QUiRKS's cards, in its
    order: the mean of the card it eats, then the signed mean of the card that eats it or that
    it eats (partners are cards of the group: the player reads them)."""
    eaten, other, sign = food_chain(niche, cards, first, second)
    if eaten is None:
        return () if other is None else (sign * other.guesses[climate][0],)
    eaten_mean = 1 * eaten.guesses[climate][0]
    return (eaten_mean,) if other is None else (eaten_mean, sign * other.guesses[climate][0])


def reaches(total: tuple[float, float], threshold: float) -> float:
    """The chance a total guessed as ``total`` is at least ``threshold``."""
    spread = math.sqrt(max(total[1], 0.25))
    return 0.5 * (1 + math.erf((total[0] - threshold + 0.5) / (spread * math.sqrt(2))))


class SolitaireHeuristic(Bot):
    """The solitaire game by tip 8: find the best climate for the group, wait for it, count."""

    kind = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.reading = Reading()

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        g = Group(view, self.reading)
        moves = cast("list[Move]", legal)  # the solitaire lists Moves alone
        stage: str = view["stage"]
        if stage in ("start", "climate") and self._counts_now(g):
            return self._first_count(g, moves)  # before drawing a marker, or after an action
        if stage == "start":
            return pick(moves, _CONTINUE)
        if stage == "counting":
            return self._first_count(g, moves) if self._count_on(g) else pick(moves, _STOP)
        if stage == "climate":
            steps = self._steps(g)
            return next((m for m in moves if m.verb is _CLIMATE and m.number == steps), moves[0])
        if stage == "random-mutation":
            return self._replace(g, [m for m in moves if m.verb is _REPLACE])
        if stage == "action":
            return self._mutate(g, moves)
        return legal[0]

    @staticmethod
    def _first_count(g: Group, moves: Sequence[Move]) -> Move:
        """The QUiRKS least likely to do its share is counted first: if it falls short, stopping
        then loses only it (tip 8: provoke the extinction of a poorly adapted QUiRKS)."""
        counts = [m for m in moves if m.verb is _COUNT]
        return min(counts, key=lambda m: g.total(g.climate, niches=(m.number,))[0])

    def _counts_now(self, g: Group) -> bool:
        """Whether the group is likely enough to reach the climate's threshold to count now."""
        chance = g.chance(g.climate)
        # The chance needed is one of three (see _count_chance): beyond them, no need to read
        # the actions and the stacks.
        if chance >= COUNT_CHANCE:
            return True
        if chance < 0.05:
            return False
        return chance >= self._count_chance(g)

    def _count_chance(self, g: Group) -> float:
        """Short of cards or of actions, a lesser chance is worth taking."""
        actions_left = self.game.options["action_limit"] - g.actions
        if actions_left <= 6:
            return 0.05
        if actions_left <= 20 or min(g.left) <= 1:
            return COUNT_CHANCE - 0.2
        return COUNT_CHANCE

    def _count_on(self, g: Group) -> bool:
        if g.extinctions + len(g.counted) >= 3:
            return True  # stopping would be the third extinction: nothing to lose
        counted = sum(entry["total"] for entry in g.counted)
        done = {NICHES.index(entry["niche"]) for entry in g.counted}
        rest = g.total(g.climate, niches=[n for n in range(3) if n not in done])
        return reaches(rest, g.thresholds[g.climate] - counted) >= STOP_CHANCE

    def _steps(self, g: Group) -> int:
        """Stay in the target climate (one zone at a time); travel to it two at a time, but
        enter it on its first zone."""
        target = g.target()
        if climate_of(g.space + 1) == target:
            return 1
        return 2

    def _mutate(self, g: Group, legal: Sequence[Move]) -> Move:
        """The mutation ``_best_mutation`` picks, kept in _MUTATIONS (the moves are made once
        and shared: the one kept is the one listed)."""
        key = (g.target(), g.niche, g.quirks, g.hand, g.stock)
        found = _MUTATIONS.get(key)
        if found is None:
            moves = [m for m in legal if m.verb is _MUTATE]
            found = _MUTATIONS.keep(key, moves[self._best_mutation(g, moves)])
        return found

    def _best_mutation(self, g: Group, moves: Sequence[Move]) -> int:
        """The place among ``moves`` of the change that brings the destined QUiRKS closest to
        the target climate (the group's guess, and a little for the hand's cards): a coded card
        from the hand, else a new card for one lacking the code."""
        target = g.target()
        niche = g.niche
        hand, left, guess = g.hand, g.left, g.guess
        hand_means = [card.guesses[target][0] for card in hand]  # card.mean(target) of each
        kept = sum(hand_means)  # the hand's part of a draw's merit: the hand stays as it is
        quirks = list(g.quirks)
        cards = quirks[niche]
        # The cards a move names, by their index: the destined QUiRKS's by their place in it,
        # the hand's by theirs.
        place = {INDEX[card.number]: k for k, card in enumerate(cards)}
        in_hand = {INDEX[card.number]: i for i, card in enumerate(hand)}
        # The group's total in the target climate is ``Group.total``'s: the guesses of the
        # QUiRKS added in the niches' order. A change touches the destined QUiRKS's guess, and
        # the guesses of the others only if their partners change (an A or C card changed):
        # the others are kept from the group as it is.
        met = partners(quirks)
        first, second = met[niche]
        means = [guess(target, n, quirks[n], *met[n])[0] for n in range(3)]
        # The destined QUiRKS's guess with one card changed is ``guess_beside``'s mean, added up
        # here in its order from the means of its cards (the player reads them all) and the
        # food-chain terms, which change only with an A or a C card.
        card_means = [card.guesses[target][0] for card in cards]
        chain = _chain_terms(niche, cards, first, second, target)
        met_rows = _MET_ROWS[niche]
        plant, herbivore, carnivore = quirks
        unseen = Seen.unseen
        # The moves' merits worked out in turn, the first best kept (as ``max`` keeps it).
        best, best_merit = 0, -math.inf
        for index, m in enumerate(moves):
            named = m.cards
            k = place[named[0]]
            old = cards[k]
            if len(named) == 2:
                i = in_hand[named[1]]
                new = hand[i]
                new_mean = hand_means[i]
                kept_means = hand_means[:]
                kept_means[i] = card_means[k]
                reserve = sum(kept_means)
                cost = 0.0
            else:
                stack = old.stack
                if left[stack] == 0:
                    merit = -math.inf  # the stack has run out: drawing from it loses the game
                    if index == 0:
                        best_merit = merit
                    continue
                new = unseen(stack)
                new_mean = g.drawn_mean(stack, target)
                reserve = kept
                cost = DRAW_COST + (1.5 if left[stack] <= 2 else 0.0)
            changed_means = card_means[:]
            changed_means[k] = new_mean
            mean = reduce(add, changed_means, 0.0)  # added up in turn from 0.0 (in C)
            g0, g1, g2 = means
            row = old.row  # the new card's too
            if row not in met_rows:
                mean = reduce(add, chain, mean)
            else:
                # The QUiRKS with ``old`` replaced (its cards are distinct: one place to change)
                changed = (*cards[:k], new, *cards[k + 1:])
                mean = reduce(add, _chain_terms(niche, changed, first, second, target), mean)
                # The partners of the other niches (``partners`` of the group with the change):
                # the herbivore meets the plant's and the carnivore's A cards; the plant, the
                # herbivore's A card; the carnivore, the herbivore's C card.
                if niche == PLANT:
                    g1 = guess(target, HERBIVORE, herbivore, new, met[HERBIVORE][1])[0]
                elif niche == CARNIVORE:
                    g1 = guess(target, HERBIVORE, herbivore, met[HERBIVORE][0], new)[0]
                elif row == "A":
                    g0 = guess(target, PLANT, plant, new, None)[0]
                else:
                    g2 = guess(target, CARNIVORE, carnivore, new, None)[0]
            if niche == PLANT:
                g0 = mean
            elif niche == HERBIVORE:
                g1 = mean
            else:
                g2 = mean
            merit = 0.0 + g0 + g1 + g2 + RESERVE * reserve - cost
            if merit > best_merit or index == 0:
                best, best_merit = index, merit
        return best

    def _replace(self, g: Group, moves: Sequence[Move]) -> Move:
        """Random Mutation: the card the target climate needs least, from a stack that has cards."""
        target = g.target()
        seen = seen_by_index(g.held)

        def loss(m: Move) -> float:
            card = seen[m.cards[0]]
            if g.left[card.stack] == 0:
                return math.inf
            return card.mean(target) - Seen.unseen(card.stack).guess(target, g.held)[0]

        return min(moves, key=loss)


register_bot("heuristic", "quirks-solitaire")(SolitaireHeuristic)
register_bot("solitaire", "quirks-solitaire")(SolitaireHeuristic)
