"""The Quirkling bot (``heuristic``): it asks for the stack that brings a QUIRKLING it lacks
closest, from players not known to lack it, and keeps the cards that will bear the coming
climates' codes."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from quarkade.agents.base import Bot, register_bot
from quarkade.agents.quirks.seen import (
    STACK_SIZE,
    Seen,
    as_moves,
    climate_of,
    seen_by_index,
    seen_cards,
    share_coded,
)
from quarkade.core.game import Action, View
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.components import NICHES, STACK_ROWS, STACKS
from quarkade.games.quirks.rules import NICHE_STACKS

# ----------------------------------------------------------------------------- Quirkling


CLIMATE_STEPS = 2  # the marker moves two zones after every turn
KIND_FAVOUR = (0.0, 1.0, 3.0, 8.0)  # a kind with 0-3 of its cards bearing a climate's code
LACKING_PENALTY = 3.0  # a player seen lacking a stack is asked for it again only if no one else is left


def kind_of(stacks: Sequence[int]) -> int:
    return NICHE_STACKS.index(tuple(sorted(stacks, key=lambda s: "ABC".index(STACK_ROWS[s]))))


def _coded_count(cards: Sequence[Seen], climate: int) -> list[int]:
    """How many of ``cards`` bear ``climate``'s code, by stack."""
    coded = [0] * len(STACKS)
    for card in cards:
        if card.marks[climate]:
            coded[card.stack] += 1
    return coded


# What the kinds lacking make of cards bearing a climate's code, by the count of them by stack
# and the kinds: the same few counts come back again and again.
_FAVOURS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[float, ...]] = {}


def _favours(coded: tuple[int, ...], lacking: tuple[int, ...]) -> tuple[float, ...]:
    """The favour of each kind lacking (by how many of its stacks have a coded card), the kinds
    nearest completion taking the shared animal cards first, in that order."""
    found = _FAVOURS.get((coded, lacking))
    if found is not None:
        return found
    left = list(coded)
    if len(lacking) > 1:
        nearest = [-((left[a] > 0) + (left[b] > 0) + (left[c] > 0)) for a, b, c in NICHE_STACKS]
        kinds: Sequence[int] = sorted(lacking, key=nearest.__getitem__)
    else:
        kinds = lacking
    favours = []
    for kind in kinds:
        have = 0
        for stack in NICHE_STACKS[kind]:
            if left[stack] > 0:
                have += 1
                left[stack] -= 1
        favours.append(KIND_FAVOUR[have])
    if len(_FAVOURS) >= 100_000:
        _FAVOURS.clear()
    found = _FAVOURS[coded, lacking] = tuple(favours)
    return found


_TERMS: dict[tuple[tuple[int, ...], tuple[int, ...], float], tuple[float, ...]] = {}


def _terms(coded: tuple[int, ...], lacking: tuple[int, ...], weight: float) -> tuple[float, ...]:
    """``weight`` times each of ``_favours(coded, lacking)``: one climate's terms of a value,
    to be summed in this order."""
    found = _TERMS.get((coded, lacking, weight))
    if found is None:
        if len(_TERMS) >= 100_000:
            _TERMS.clear()
        found = _TERMS[coded, lacking, weight] = tuple(weight * favour for favour in _favours(coded, lacking))
    return found


@functools.cache
def _patterns(climates: tuple[int, ...]) -> tuple[tuple[int, tuple[bool, ...]], ...]:
    """Each pattern of codes a card may bear in ``climates`` (bit ``i``: the code of the
    ``i``-th), with whether it bears the code of each climate (one climate may come twice)."""
    patterns = []
    for pattern in range(1 << len(climates)):
        coded = {climate for bit, climate in enumerate(climates) if pattern >> bit & 1}
        patterns.append((pattern, tuple(climate in coded for climate in climates)))
    return tuple(patterns)


# the hand's coded counts and their terms, the hand's value, the size term, the patterns of codes,
# the shares of codes by stack in each climate, the gain of a card bearing no code
_Setting = tuple[tuple[tuple[int, ...], ...], tuple[tuple[float, ...], ...], float, float,
                 tuple[tuple[int, tuple[bool, ...]], ...], tuple[list[float], ...], float]


class Nursery:
    """What a Quirkling player reads from its view."""

    def __init__(self, view: View) -> None:
        # Read key by key: the view makes only the parts read (the log only when asked for).
        assert view.seat is not None, "a bot plays a seat"
        self.view = view
        self.seat = view.seat
        self.space: int = view["climate"]["space"]
        self.players: list[dict[str, Any]] = view["players"]
        self.current: int = view["current"]
        self.hand = seen_cards(view["hand"])
        top = view["discard_top"]
        self.top = Seen.of(top) if top is not None else None
        made = {NICHES.index(q["niche"]) for q in self.players[self.seat]["quirklings"]}
        self.lacking = [kind for kind in range(3) if kind not in made]
        self.lacking_kinds = tuple(self.lacking)
        # What a decision works out more than once: the values of hands, the shares of codes.
        self._values: dict[tuple[tuple[Seen, ...], tuple[tuple[int, float], ...]], float] = {}
        self._shares: dict[int, list[float]] = {}  # see shares
        self._hand_counts: dict[int, list[int]] = {}
        self._settings: dict[tuple[tuple[int, float], ...], _Setting] = {}  # see _gain_setting
        self._seen_lacking: set[tuple[int, str]] | None = None  # (seat, stack name), see seen_lacking

    @property
    def log(self) -> list[dict[str, Any]]:
        log: list[dict[str, Any]] = self.view["log"]
        return log

    def climate_in(self, turns: int) -> int:
        """The climate ``turns`` turns from now."""
        return climate_of(self.space + CLIMATE_STEPS * turns)

    def my_turns(self, ahead: int) -> int:
        """How many turns from now our ``ahead``-th next turn begins (0: this one, if ours)."""
        wait = (self.seat - self.current) % len(self.players)
        return wait + ahead * len(self.players)

    def value(self, cards: Sequence[Seen], weights: Sequence[tuple[int, float]]) -> float:
        """How close ``cards`` bring the kinds we lack in the weighted climates: the kinds
        nearest completion take the shared animal cards first."""
        key = (tuple(cards), tuple(weights))
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = self._value([_coded_count(cards, climate) for climate, _ in weights],
                                                    weights, len(cards))
        return found

    def value_without(self, card: Seen, weights: Sequence[tuple[int, float]]) -> float:
        """``value`` of the hand less ``card`` (one of its cards), from the hand's counts."""
        counts = []
        for climate, _ in weights:
            held = self.hand_count(climate)
            if card.marks[climate]:
                held = held[:]
                held[card.stack] -= 1
            counts.append(held)
        return self._value(counts, weights, len(self.hand) - 1)

    def _value(self, counts: Sequence[Sequence[int]], weights: Sequence[tuple[int, float]], size: int) -> float:
        """``value`` of ``size`` cards, from how many of them bear each climate's code, by stack
        (``counts``, one list a weight)."""
        total = 0.0
        lacking = self.lacking_kinds
        for coded, (_, weight) in zip(counts, weights, strict=True):
            for term in _terms(tuple(coded), lacking, weight):
                total += term
        return total + 0.01 * size

    def hand_count(self, climate: int) -> list[int]:
        """``_coded_count`` of the hand, worked out once a decision (not to be changed)."""
        found = self._hand_counts.get(climate)
        if found is None:
            found = self._hand_counts[climate] = _coded_count(self.hand, climate)
        return found

    def shares(self, climate: int) -> list[float]:
        """``share_coded(stack, climate, self.hand)`` of each stack, worked out once a decision
        from the hand's cards whose codes one reads, by stack, and those bearing the code."""
        found = self._shares.get(climate)
        if found is None:
            readable, coded = [0] * len(STACKS), [0] * len(STACKS)
            for card in self.hand:
                if card.number and card.codes is not None:
                    readable[card.stack] += 1
                    coded[card.stack] += bool(card.marks[climate])
            found = self._shares[climate] = [share_coded(stack, climate, counted=(readable[stack], coded[stack]))
                                             for stack in range(len(STACKS))]
        return found

    def next_weights(self) -> list[tuple[int, float]]:
        """The climates of our next two turns (the current turn is ending or not ours)."""
        first = self.my_turns(0) or self.my_turns(1)
        return [(self.climate_in(first), 1.0), (self.climate_in(first + len(self.players)), 0.5)]

    def now_weights(self) -> list[tuple[int, float]]:
        """This turn's climate (QUIRKLINGS are made now), then our next turn's."""
        return [(self.climate_in(0), 1.0), (self.climate_in(len(self.players)), 0.4)]

    def _gain_setting(self, weights: Sequence[tuple[int, float]]) -> _Setting:
        """What ``expected_gain`` weighs for every stack alike, worked out once a decision:
        the hand's coded cards by stack in each climate, their terms of the value, the hand's
        value, what one more card adds to the size, the shares of codes, and the gain of a
        card bearing none of the codes."""
        key = tuple(weights)
        found = self._settings.get(key)
        if found is None:
            climates = tuple(climate for climate, _ in weights)
            plain = tuple(tuple(self.hand_count(climate)) for climate in climates)
            lacking = self.lacking_kinds
            plain_terms = tuple(_terms(plain[k], lacking, weight) for k, (_, weight) in enumerate(weights))
            base, extra = self.value(self.hand, weights), 0.01 * (len(self.hand) + 1)
            # A card bearing none of the codes: the hand's own terms.
            total = 0.0
            for terms in plain_terms:
                for term in terms:
                    total += term
            found = self._settings[key] = (plain, plain_terms, base, extra, _patterns(climates),
                                           tuple(self.shares(climate) for climate in climates), total + extra - base)
        return found

    def expected_gain(self, stack: int, weights: Sequence[tuple[int, float]]) -> float:
        """The value a card of ``stack`` adds, averaged over which climates' codes it bears."""
        plain, plain_terms, base, extra, patterns, share_rows, uncoded = self._gain_setting(weights)
        lacking = self.lacking_kinds
        # Each weight's terms of the value with the card's code: the hand's coded cards by
        # stack in each climate with the card, summed in the same order as in ``value``.
        bumped_terms = [_terms(held[:stack] + (held[stack] + 1,) + held[stack + 1:], lacking, weight)
                        for held, (_, weight) in zip(plain, weights, strict=True)]
        shares = [row[stack] for row in share_rows]
        gain = 0.0
        for pattern, bears in patterns:
            chance = 1.0
            for bit, p in enumerate(shares):
                if pattern >> bit & 1:
                    chance *= p
                else:
                    chance *= 1 - p
            if chance > 0 and not pattern:
                gain += chance * uncoded
            elif chance > 0:
                # value((*self.hand, card), weights), from the hand's counts and the card's own
                total = 0.0
                for k, bumps in enumerate(bears):
                    for term in bumped_terms[k] if bumps else plain_terms[k]:
                        total += term
                gain += chance * (total + extra - base)
        return gain

    def seen_lacking(self, seat: int, stack: int) -> bool:
        """The last time the log shows ``seat`` answer for ``stack``, it had none (and gave
        nothing since)."""
        if self._seen_lacking is None:
            # One pass over the log, newest first: a 'none' counts unless the seat gave since.
            gave: set[int] = set()
            lacking: set[tuple[int, str]] = set()
            for event in reversed(self.log):
                kind = event.get("event")
                if kind == "none" and event["seat"] not in gave:
                    lacking.add((event["seat"], event["stack"]))
                elif kind == "give":
                    gave.add(event["seat"])
            self._seen_lacking = lacking
        return (seat, STACKS[stack]) in self._seen_lacking


class QuirklingHeuristic(Bot):
    """Asks for what completes a missing QUIRKLING soonest, keeps what the coming climates need."""

    kind = "heuristic"

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        n = Nursery(view)
        moves = as_moves(legal)
        stage: str = view["stage"]
        if stage in ("request", "refill"):
            return self._ask(n, moves)
        if stage == "give":
            return self._give(n, [m for m in moves if m.verb is Verb.GIVE])
        if stage == "make":
            return self._make(n, moves)
        if stage == "refill-draw":
            return self._draw(n, moves)
        if stage == "discard":
            return self._discard(n, moves)
        return legal[0]

    def _ask(self, n: Nursery, moves: Sequence[Move]) -> Move:
        weights = n.now_weights()
        gains = {stack: n.expected_gain(stack, weights) for stack in {m.number for m in moves}}

        def merit(m: Move) -> float:
            if not m.cards:  # the turn's request goes to every player in turn
                return gains[m.number] * 10
            seat = m.cards[0]
            lacking = LACKING_PENALTY if n.seen_lacking(seat, m.number) else 0.0
            hand_size: int = n.players[seat]["hand_size"]
            return gains[m.number] * 10 - lacking + 0.1 * hand_size

        return max(moves, key=merit)

    def _give(self, n: Nursery, moves: Sequence[Move]) -> Move:
        """The card we miss least; of those, one the asker cannot use in its climate now."""
        return self._least_missed(n, moves, n.climate_in(0))

    @staticmethod
    def _least_missed(n: Nursery, moves: Sequence[Move], climate: int) -> Move:
        """The card whose loss costs the coming climates least; of those, one without
        ``climate``'s code (so that whoever gets it cannot use it at once)."""
        weights = n.next_weights()
        seen = seen_by_index(n.hand)

        def loss(m: Move) -> tuple[float, bool]:
            card = seen[m.cards[0]]
            return n.value(n.hand, weights) - n.value_without(card, weights), bool(card.coded(climate))

        return min(moves, key=loss)

    def _make(self, n: Nursery, moves: Sequence[Move]) -> Move:
        """The QUIRKLING of a kind we lack first; then the one that leaves the best hand."""
        seen = seen_by_index(n.hand)
        weights = n.now_weights()

        def merit(m: Move) -> tuple[bool, float]:
            cards = [seen[i] for i in m.cards]
            rest = tuple(c for c in n.hand if c not in cards)
            return kind_of([c.stack for c in cards]) in n.lacking, n.value(rest, weights)

        return max(moves, key=merit)

    def _draw(self, n: Nursery, moves: Sequence[Move]) -> Move:
        """The discard pile's top card when it helps more than an unseen card would."""
        weights = n.now_weights()
        take = next((m for m in moves if m.number == 1), None)
        if take is None or n.top is None:
            return moves[0]
        top = n.value((*n.hand, n.top), weights) - n.value(n.hand, weights)
        unseen = sum(STACK_SIZE[s] * n.expected_gain(s, weights) for s in range(len(STACKS))) / sum(STACK_SIZE)
        draw = next((m for m in moves if m.number == 0), take)
        return take if top > unseen else draw

    def _discard(self, n: Nursery, moves: Sequence[Move]) -> Move:
        """The card the coming climates need least; of those, one the next player cannot use."""
        return self._least_missed(n, moves, n.climate_in(1))


register_bot("heuristic", "quirkling")(QuirklingHeuristic)
