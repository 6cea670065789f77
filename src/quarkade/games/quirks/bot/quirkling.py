"""The Quirkling bot (``heuristic``): it asks for the stack that brings a QUIRKLING it lacks
closest, from players not known to lack it, and keeps the cards that will bear the coming
climates' codes."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from quarkade.core.bots import HEURISTIC_ABOUT, Bot, register_bot
from quarkade.core.game import Action, View
from quarkade.core.memo import Memo
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.bot.seen import (
    CODED_IN_STACK,
    INDEX,
    STACK_INDEX,
    STACK_SIZE,
    Seen,
    as_moves,
    climate_of,
    share_coded,
)
from quarkade.games.quirks.components import COMPONENTS, NICHES, PRINTED, STACK_ROWS, STACKS
from quarkade.games.quirks.quirkling import QuirklingView
from quarkade.games.quirks.rules import NICHE_STACKS
from quarkade.games.quirks.views import cards_json

# ----------------------------------------------------------------------------- Quirkling


NICHE_INDEX = {name: kind for kind, name in enumerate(NICHES)}
ALL_KINDS = (0, 1, 2)
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


def _favours(coded: Sequence[int], lacking: tuple[int, ...]) -> tuple[float, ...]:
    """The favour of each kind lacking (by how many of its stacks have a coded card), the kinds
    nearest completion taking the shared animal cards first, in that order."""
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
    return tuple(favours)


def _terms(coded: Sequence[int], lacking: tuple[int, ...], weight: float) -> tuple[float, ...]:
    """``weight`` times each of ``_favours(coded, lacking)``: one climate's terms of a value,
    to be summed in this order."""
    return tuple(weight * favour for favour in _favours(coded, lacking))


def _added(terms: Sequence[float]) -> float:
    """The terms summed one by one from 0.0, as ``_value`` sums them."""
    total = 0.0
    for term in terms:
        total += term
    return total


# What ``_favours`` makes of a hand's counts of coded cards by stack hangs on no more than its
# signature: how many plant stacks it holds a coded card of, whether it holds one of each animal
# kind's own A stack, and none, one or more of each shared animal stack (the second animal kind
# taken gets the shared stacks' second cards). A stack's count counts up to its cap, and the
# signature is the sum of the counts so capped, each times the stack's place value.
_CAP = tuple(2 if sum(stack in stacks for stacks in NICHE_STACKS) > 1 else 1 for stack in range(len(STACKS)))
_PLACE = tuple(math.prod(_CAP[later] + 1 for later in range(stack + 1, len(STACKS)) if later not in NICHE_STACKS[0])
               for stack in range(len(STACKS)))
_SIGNATURES = _PLACE[0] * (len(NICHE_STACKS[0]) + 1)


def _signature_counts(signature: int) -> tuple[int, ...]:
    """Counts by stack of one hand of ``signature`` (its plant cards in the first plant stacks)."""
    counts = []
    for stack in range(len(STACKS)):
        if stack in NICHE_STACKS[0]:
            counts.append(int(signature // _PLACE[stack] > NICHE_STACKS[0].index(stack)))
        else:
            counts.append(signature // _PLACE[stack] % (_CAP[stack] + 1))
    return tuple(counts)


_SIGNATURE_COUNTS = tuple(_signature_counts(signature) for signature in range(_SIGNATURES))

# ``_terms`` and their sum, by signature, for each kinds lacking and weight (filled as read):
# made from the favours of each signature and kinds lacking, and the terms of each favours and
# weight (a few dozen of them), which the weights share.
_Terms = tuple[tuple[float, ...], float]
_SIGNED: dict[tuple[tuple[int, ...], float], list[_Terms | None]] = {}
_SIGNED_FAVOURS: dict[tuple[int, ...], list[tuple[float, ...] | None]] = {}
_WEIGHTED = Memo[tuple[tuple[float, ...], float], _Terms](10_000)


def _signed(table: list[_Terms | None], signature: int, lacking: tuple[int, ...], weight: float) -> _Terms:
    """The terms of ``signature`` and their sum, kept in ``table`` (that of ``lacking`` and ``weight``)."""
    favours_table = _SIGNED_FAVOURS.get(lacking)
    if favours_table is None:
        favours_table = _SIGNED_FAVOURS[lacking] = [None] * _SIGNATURES
    favours = favours_table[signature]
    if favours is None:
        favours = favours_table[signature] = _favours(_SIGNATURE_COUNTS[signature], lacking)
    found = _WEIGHTED.get((favours, weight))
    if found is None:
        terms = tuple(weight * favour for favour in favours)  # as ``_terms`` makes them
        found = _WEIGHTED.keep((favours, weight), (terms, _added(terms)))
    table[signature] = found
    return found


# One climate's terms of a hand's value (see ``_terms``) and their sum, then the same with one
# more card of each stack bearing the code and with one fewer (where the hand holds one): what
# every card weighed in a decision reads.
_Row = tuple[tuple[float, ...], float, tuple[tuple[float, ...], ...], tuple[float, ...],
             tuple[tuple[float, ...], ...], tuple[float, ...]]


def _row(counts: Sequence[int], lacking: tuple[int, ...], weight: float) -> _Row:
    """(terms, their sum, the terms with one more coded card of each stack, their sums, the
    terms with one fewer, their sums) for ``counts`` of coded cards by stack: each looked up
    by its signature, which one card more or less moves by the stack's place value while the
    count is below (or not above) the stack's cap."""
    table = _SIGNED.get((lacking, weight))
    if table is None:
        table = _SIGNED[lacking, weight] = [None] * _SIGNATURES
    signature = 0
    for count, cap, place in zip(counts, _CAP, _PLACE, strict=True):
        signature += (count if count < cap else cap) * place
    plain = table[signature] or _signed(table, signature, lacking, weight)
    bumped, dropped = [], []
    for count, cap, place in zip(counts, _CAP, _PLACE, strict=True):
        more = signature + place if count < cap else signature
        bumped.append(table[more] or _signed(table, more, lacking, weight))
        if count:
            fewer = signature - place if count <= cap else signature
            dropped.append(table[fewer] or _signed(table, fewer, lacking, weight))
        else:
            dropped.append(plain)
    return (plain[0], plain[1], tuple([terms for terms, _ in bumped]), tuple([total for _, total in bumped]),
            tuple([terms for terms, _ in dropped]), tuple([total for _, total in dropped]))


# The share of the cards of a stack one does not hold that bear a climate's code (see
# ``share_coded``), by climate, stack, cards of the stack held and how many of them bear it.
_SHARES = tuple(tuple(tuple(tuple(share_coded(stack, climate, counted=(held, coded)) for coded in range(held + 1))
                            for held in range(STACK_SIZE[stack] + 1))
                      for stack in range(len(STACKS)))
                for climate in range(len(CODED_IN_STACK[0])))

Weights = tuple[tuple[int, float], ...]  # (climate, weight) of each climate weighed

# A hand's counts of cards by stack packed in one int, eight bits a stack (a hand never holds 256
# cards of one stack): summed card by card, and looked up as one small int.
BITS = 8
FIELD = (1 << BITS) - 1
UNIT = tuple(1 << BITS * stack for stack in range(len(STACKS)))


_UNPACKED = Memo[int, tuple[int, ...]](50_000)


def unpacked(pack: int) -> tuple[int, ...]:
    """The counts by stack packed in ``pack`` (the same few come back: kept)."""
    found = _UNPACKED.get(pack)
    if found is None:
        found = _UNPACKED.keep(pack, tuple(pack >> BITS * stack & FIELD for stack in range(len(STACKS))))
    return found


class Face:
    """A card of a hand as the bot weighs it, made once for each face seen (number and codes):
    its Seen, the index a Move names it by, its stack, whether it bears each climate's code
    (1 or 0), and its part in the hand's packed counts of cards bearing each climate's code and
    of cards whose codes one reads."""

    __slots__ = ("seen", "index", "stack", "marks", "coded", "readable")

    def __init__(self, seen: Seen) -> None:
        self.seen, self.stack = seen, seen.stack
        self.index = INDEX[seen.number] if seen.number else -1
        self.marks = tuple(1 if mark else 0 for mark in seen.marks)
        self.coded = tuple(UNIT[seen.stack] * mark for mark in self.marks)
        self.readable = UNIT[seen.stack] if seen.number and seen.codes is not None else 0


_FACES: dict[tuple[str, str | None], Face] = {}


def faces_of(cards: Sequence[Mapping[str, Any]]) -> tuple[Face, ...]:
    """The Face of each card of a view (few faces are ever seen: the table holds them all)."""
    faces = _FACES
    # A Face is never false: ``or`` falls back only on a face not seen yet.
    return tuple([faces.get((card["number"], card.get("codes"))) or _new_face(card) for card in cards])


def _new_face(card: Mapping[str, Any]) -> Face:
    face = _FACES[card["number"], card.get("codes")] = Face(Seen.of(card))
    return face


# The Face of each card with its printed codes, by the card's index.
PRINTED_FACES = faces_of(cards_json(range(len(COMPONENTS.cards)), PRINTED))

# The kinds lacking by the QUIRKLINGS made (their cards): a seat's list changes a few times a game.
_LACKING = Memo[tuple[tuple[int, ...], ...], tuple[int, ...]](10_000)
_KIND_OF_STACKS: dict[tuple[int, ...], int] = {stacks: kind for kind, stacks in enumerate(NICHE_STACKS)}
_CARD_STACK = tuple(card.stack for card in COMPONENTS.cards)


def _lacking(made: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The kinds of which ``made`` holds no QUIRKLING (the kind of one told by its cards' stacks)."""
    kinds = {_KIND_OF_STACKS[tuple([_CARD_STACK[card] for card in cards])] for cards in made}
    return _LACKING.keep(made, tuple(kind for kind in ALL_KINDS if kind not in kinds))


# ``_row`` by the packed counts it is made from, for each kinds lacking and weight.
_PACKED_ROWS: dict[tuple[tuple[int, ...], float], Memo[int, _Row]] = {}


def packed_row(pack: int, lacking: tuple[int, ...], weight: float) -> _Row:
    """``_row`` of the coded counts packed in ``pack``."""
    table = _PACKED_ROWS.get((lacking, weight))
    if table is None:
        table = _PACKED_ROWS[lacking, weight] = Memo(50_000)
    found = table.get(pack)
    if found is None:
        found = table.keep(pack, _row(unpacked(pack), lacking, weight))
    return found


class Nursery:
    """What a Quirkling player reads from its view."""

    __slots__ = ("view", "seat", "space", "player_count", "hand_sizes", "current", "faces", "lacking_kinds",
                 "_hand")

    def __init__(self, view: View) -> None:
        # Read key by key: the view makes only the parts read (the log only when asked for).
        seat = view.seat
        assert seat is not None, "a bot plays a seat"
        self.view, self.seat = view, seat
        self.space: int = view["climate"]["space"]
        self.current: int = view["current"]
        if isinstance(view, QuirklingView):
            # The tuples the players and hand parts are made from: the same facts, no copies.
            self.hand_sizes = view.hand_sizes
            made = view.made_cards[seat]
            self.lacking_kinds = (_LACKING.get(made) or _lacking(made)) if made else ALL_KINDS
            cards = view.hand_cards
            # The hand in the order the seat got its cards: every figure read from it is a sum
            # of counts, the same in any order.
            self.faces = (tuple(map(PRINTED_FACES.__getitem__, cards)) if view.printed_codes and cards is not None
                          else faces_of(view["hand"]))
        else:
            players: list[dict[str, Any]] = view["players"]
            self.hand_sizes = tuple([player["hand_size"] for player in players])
            shown = players[seat]["quirklings"]
            if shown:
                kinds = {NICHE_INDEX[q["niche"]] for q in shown}
                self.lacking_kinds = tuple(kind for kind in ALL_KINDS if kind not in kinds)
            else:
                self.lacking_kinds = ALL_KINDS
            self.faces = faces_of(view["hand"])
        self.player_count = len(self.hand_sizes)
        self._hand: tuple[Seen, ...] | None = None

    @property
    def hand(self) -> tuple[Seen, ...]:
        hand = self._hand
        if hand is None:
            hand = self._hand = tuple([face.seen for face in self.faces])
        return hand

    @property
    def log(self) -> list[dict[str, Any]]:
        log: list[dict[str, Any]] = self.view["log"]
        return log

    def climate_in(self, turns: int) -> int:
        """The climate ``turns`` turns from now."""
        return climate_of(self.space + CLIMATE_STEPS * turns)

    def my_turns(self, ahead: int) -> int:
        """How many turns from now our ``ahead``-th next turn begins (0: this one, if ours)."""
        wait = (self.seat - self.current) % self.player_count
        return wait + ahead * self.player_count

    def value(self, cards: Sequence[Seen], weights: Sequence[tuple[int, float]]) -> float:
        """How close ``cards`` bring the kinds we lack in the weighted climates: the kinds
        nearest completion take the shared animal cards first."""
        return self._value([_coded_count(cards, climate) for climate, _ in weights], weights, len(cards))

    def _value(self, counts: Sequence[Sequence[int]], weights: Sequence[tuple[int, float]], size: int) -> float:
        """``value`` of ``size`` cards, from how many of them bear each climate's code, by stack
        (``counts``, one list a weight)."""
        total = 0.0
        lacking = self.lacking_kinds
        for coded, (_, weight) in zip(counts, weights, strict=True):
            for term in _terms(tuple(coded), lacking, weight):
                total += term
        return total + 0.01 * size

    def _rows(self, weights: Weights) -> tuple[_Row, _Row, int, int]:
        """The hand's ``_row`` in each of the two weighted climates, and its packed counts there."""
        (first, weight0), (second, weight1) = weights
        pack0 = pack1 = 0
        for face in self.faces:
            coded = face.coded
            pack0 += coded[first]
            pack1 += coded[second]
        lacking = self.lacking_kinds
        return packed_row(pack0, lacking, weight0), packed_row(pack1, lacking, weight1), pack0, pack1

    def packed_value(self, faces: Iterable[Face], weights: Weights) -> float:
        """``value`` of the cards of ``faces``, from their packed counts: the rows of terms
        (looked up by the counts' signature) summed here in ``_value``'s order."""
        (first, weight0), (second, weight1) = weights
        pack0 = pack1 = size = 0
        for face in faces:
            coded = face.coded
            pack0 += coded[first]
            pack1 += coded[second]
            size += 1
        lacking = self.lacking_kinds
        total = packed_row(pack0, lacking, weight0)[1]
        for term in packed_row(pack1, lacking, weight1)[0]:
            total += term
        return total + 0.01 * size

    def hand_value(self, weights: Weights) -> float:
        """``value(self.hand, weights)``, from the hand's counts."""
        row0, row1, _, _ = self._rows(weights)
        # The terms summed in ``_value``'s order: the first climate's sum, then term by term.
        total = row0[1]
        for term in row1[0]:
            total += term
        return total + 0.01 * len(self.faces)

    def value_without(self, card: Seen, weights: Weights) -> float:
        """``value`` of the hand less ``card`` (one of its cards), from the hand's counts."""
        return self.value_without_each((card,), weights)[0]

    def value_without_each(self, cards: Sequence[Seen], weights: Weights) -> list[float]:
        """``value_without`` of each of ``cards``."""
        (first, _), (second, _) = weights
        row0, row1, _, _ = self._rows(weights)
        sum0, dropped_sums0, plain1, dropped1 = row0[1], row0[5], row1[0], row1[4]
        rest = 0.01 * (len(self.faces) - 1)
        found = []
        for card in cards:
            stack, marks = card.stack, card.marks
            # With the card's code in a climate, the hand's coded cards less one of its stack;
            # the terms summed in ``_value``'s order.
            total = dropped_sums0[stack] if marks[first] else sum0
            for term in dropped1[stack] if marks[second] else plain1:
                total += term
            found.append(total + rest)
        return found

    def next_weights(self) -> Weights:
        """The climates of our next two turns (the current turn is ending or not ours)."""
        # ``my_turns(0) or my_turns(1)`` and ``climate_in`` worked out here: read at most decisions.
        players, space = self.player_count, self.space
        first = (self.seat - self.current) % players or players
        return ((climate_of(space + CLIMATE_STEPS * first), 1.0),
                (climate_of(space + CLIMATE_STEPS * (first + players)), 0.5))

    def now_weights(self) -> Weights:
        """This turn's climate (QUIRKLINGS are made now), then our next turn's."""
        space = self.space
        return (climate_of(space), 1.0), (climate_of(space + CLIMATE_STEPS * self.player_count), 0.4)

    def gains(self, weights: Weights) -> list[float]:
        """``expected_gain`` of every stack, for two weighted climates: the value the hand with
        the card would have, for each pattern of the two codes the card may bear, less the
        hand's, times the chance of the pattern (the shares of the codes among the cards of
        its stack one does not hold), summed over the patterns in order (neither, the first,
        the second, both), the patterns that cannot happen left out."""
        (first, weight0), (second, weight1) = weights
        pack0 = pack1 = readable = 0
        for face in self.faces:
            coded = face.coded
            pack0 += coded[first]
            pack1 += coded[second]
            readable += face.readable
        lacking = self.lacking_kinds
        row0, row1 = packed_row(pack0, lacking, weight0), packed_row(pack1, lacking, weight1)
        sum0, bumped_sums0 = row0[1], row0[3]
        plain1, bumped1 = row1[0], row1[2]
        size = len(self.faces)
        total = sum0
        for term in plain1:
            total += term
        base = total + 0.01 * size  # the hand's value
        extra = 0.01 * (size + 1)
        uncoded = total + extra - base  # a card bearing neither code: the hand's own terms
        # When both climates are one, a card bearing its code bears it in both.
        same = first == second
        # The shares of the codes (``share_coded`` of the stack, from the hand's cards whose codes
        # one reads and those bearing the code; a card bearing a code is one whose codes one reads).
        shares0, shares1 = _SHARES[first], _SHARES[second]
        gains = []
        for by_held0, by_held1, held, coded0, coded1, bumped_sum0, bumped in zip(
                shares0, shares1, unpacked(readable), unpacked(pack0), unpacked(pack1), bumped_sums0, bumped1,
                strict=True):
            p0, p1 = by_held0[held][coded0], by_held1[held][coded1]
            gain = 0.0
            chance = (1 - p0) * (1 - p1)
            if chance > 0:
                gain += chance * uncoded
            chance = p0 * (1 - p1)
            if chance > 0:
                # the value's terms summed in order: the first climate's, then the second's
                summed = bumped_sum0
                for term in bumped if same else plain1:
                    summed += term
                gain += chance * (summed + extra - base)
            chance = (1 - p0) * p1
            if chance > 0:
                summed = bumped_sum0 if same else sum0
                for term in bumped:
                    summed += term
                gain += chance * (summed + extra - base)
            chance = p0 * p1
            if chance > 0:
                summed = bumped_sum0
                for term in bumped:
                    summed += term
                gain += chance * (summed + extra - base)
            gains.append(gain)
        return gains

    def lacking_seen(self) -> set[tuple[int, int]]:
        """Each (seat, stack) such that the last time the log shows the seat answer for the
        stack, it had none (and gave nothing since)."""
        # One pass over the answers, newest first: a 'none' counts unless the seat gave since.
        gave: set[int] = set()
        lacking: set[tuple[int, int]] = set()
        view = self.view
        if isinstance(view, QuirklingView):
            answers: list[tuple[int, int]] = view.answers()
            for seat, stack in answers:
                if stack < 0:
                    gave.add(seat)
                elif seat not in gave:
                    lacking.add((seat, stack))
            return lacking
        for event in self.log[::-1]:
            kind = event.get("event")
            if kind == "none" and event["seat"] not in gave:
                lacking.add((event["seat"], STACK_INDEX[event["stack"]]))
            elif kind == "give":
                gave.add(event["seat"])
        return lacking


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
        gains = [gain * 10 for gain in n.gains(n.now_weights())]
        # The first move of the highest merit, as ``max`` finds it: a request to a seat is worth
        # the gain, less a penalty if it was seen lacking the stack, and more as its hand is bigger.
        best, top = moves[0], -math.inf
        seen_lacking = n.lacking_seen()
        sizes = n.hand_sizes
        bonus: dict[int, float] = {}  # by seat, worked out once for its seven moves
        for m in moves:
            seat = m.cards[0]
            more = bonus.get(seat)
            if more is None:
                more = bonus[seat] = 0.1 * sizes[seat]
            lacking = LACKING_PENALTY if (seat, m.number) in seen_lacking else 0.0
            merit = gains[m.number] - lacking + more
            if merit > top:
                best, top = m, merit
        return best

    def _give(self, n: Nursery, moves: Sequence[Move]) -> Move:
        """The card we miss least; of those, one the asker cannot use in its climate now."""
        return self._least_missed(n, moves, n.climate_in(0))

    @staticmethod
    def _least_missed(n: Nursery, moves: Sequence[Move], climate: int) -> Move:
        """The card whose loss costs the coming climates least; of those, one without
        ``climate``'s code (so that whoever gets it cannot use it at once)."""
        weights = n.next_weights()
        (first, _), (second, _) = weights
        row0, row1, _, _ = n._rows(weights)
        sum0, dropped_sums0, plain1, dropped1 = row0[1], row0[5], row1[0], row1[4]
        # The hand's value and each card's value without it, as ``hand_value`` and
        # ``value_without_each`` work them out.
        held = sum0
        for term in plain1:
            held += term
        held += 0.01 * len(n.faces)
        rest = 0.01 * (len(n.faces) - 1)
        by_index = {face.index: face for face in n.faces}
        # The first move of the least loss, as ``min`` finds it.
        best, least = moves[0], (math.inf, 1)
        for m in moves:
            face = by_index[m.cards[0]]
            stack, marks = face.stack, face.marks
            without = dropped_sums0[stack] if marks[first] else sum0
            for term in dropped1[stack] if marks[second] else plain1:
                without += term
            loss = held - (without + rest), marks[climate]
            if loss < least:
                best, least = m, loss
        return best

    def _make(self, n: Nursery, moves: Sequence[Move]) -> Move:
        """The QUIRKLING of a kind we lack first; then the one that leaves the best hand."""
        hand = n.faces
        by_index = {face.index: face for face in hand}
        weights = n.now_weights()
        lacking = n.lacking_kinds

        def merit(m: Move) -> tuple[bool, float]:
            cards = [by_index[i] for i in m.cards]
            rest = [face for face in hand if face not in cards]
            return kind_of([face.stack for face in cards]) in lacking, n.packed_value(rest, weights)

        return max(moves, key=merit)

    def _draw(self, n: Nursery, moves: Sequence[Move]) -> Move:
        """The discard pile's top card when it helps more than an unseen card would."""
        weights = n.now_weights()
        take = next((m for m in moves if m.number == 1), None)
        seen_top = n.view["discard_top"]
        if take is None or seen_top is None:
            return moves[0]
        top = n.packed_value((*n.faces, *faces_of((seen_top,))), weights) - n.hand_value(weights)
        gains = n.gains(weights)
        unseen = sum(STACK_SIZE[s] * gains[s] for s in range(len(STACKS))) / sum(STACK_SIZE)
        draw = next((m for m in moves if m.number == 0), take)
        return take if top > unseen else draw

    def _discard(self, n: Nursery, moves: Sequence[Move]) -> Move:
        """The card the coming climates need least; of those, one the next player cannot use."""
        return self._least_missed(n, moves, n.climate_in(1))


register_bot("heuristic", "quirkling", about=HEURISTIC_ABOUT)(QuirklingHeuristic)
