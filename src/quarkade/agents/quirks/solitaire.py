"""The solitaire bot (``heuristic`` or ``solitaire``): it picks the climate its group can best
reach, works each destined QUiRKS toward it, waits in that climate and counts when the estimate
says the threshold is likely met, the QUiRKS least likely to do its share first."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from quarkade.agents.base import Bot, register_bot
from quarkade.agents.quirks.seen import (
    CARNIVORE,
    CLIMATE_COUNT,
    CODED_ANY,
    HERBIVORE,
    PLANT,
    Seen,
    as_moves,
    card_at,
    climate_of,
    guess_beside,
    pick,
    seen_by_index,
    seen_cards,
    share_coded,
)
from quarkade.core.game import Action, View
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.components import COMPONENTS, NICHES, STACKS

# ----------------------------------------------------------------------------- the solitaire game


# Tuned for the most wins over seeded games (the figures are in tests/test_bots_quirks.py).
COUNT_CHANCE = 0.75  # count when the group reaches the threshold this likely
STOP_CHANCE = 0.5  # stop counting (extinct branches) when the rest reaches it less likely than this
DRAW_COST = 0.3  # a card drawn is a card the stacks no longer hold
RESERVE = 0.1  # weight of the hand's cards, kept for later exchanges


class Group:
    """What the solitaire player reads from its view."""

    def __init__(self, view: View) -> None:
        # Read key by key: the view makes only the parts read (not the log).
        self.space: int = view["climate"]["space"]
        self.climate = climate_of(self.space)
        niche = view["niche"]
        self.niche = NICHES.index(niche) if niche else -1
        self.quirks = [seen_cards(q["cards"]) for q in view["quirks"]]
        self.hand = seen_cards(view["hand"])
        thresholds = view["thresholds"]
        self.thresholds: tuple[int, ...] = tuple(thresholds[name] for name in COMPONENTS.climates)
        stacks = view["stacks"]
        self.left = tuple(stacks[name]["cards"] for name in STACKS)
        self.counted: list[dict[str, Any]] = view["counted"]
        self.extinctions: int = view["extinctions"]
        self.actions: int = view["actions"]
        self.held = tuple(card for q in self.quirks for card in q) + self.hand

        # Worked out once a decision, when first needed: the group's guesses of its QUiRKS,
        # what each stack adds to each climate's potential, and the potentials.
        # see total(): by climate, niche, cards and partners
        self._guesses: dict[tuple[int, int, Sequence[Seen], Seen | None, Seen | None], tuple[float, float]] = {}
        self._potentials: dict[int, float] = {}
        self._parts: list[tuple[tuple[float, ...], ...]] | None = None
        self._target = -1

    def total(self, climate: int, quirks: Sequence[Sequence[Seen]] | None = None,
              niches: Iterable[int] = range(3)) -> tuple[float, float]:
        group = self.quirks if quirks is None else quirks
        guesses = self._guesses
        mean = var = 0.0
        for niche in niches:
            # A QUiRKS's guess depends on its cards and on the cards of the other niches whose
            # food-chain symbols it meets (the plant and the carnivore meet the herbivore, which
            # meets both): the changes a decision weighs leave most guesses as they were.
            # Only the partners' cards count of the others (see ``partners``).
            cards = group[niche]
            if niche == PLANT:
                first, second = card_at(group[HERBIVORE], "A"), None
            elif niche == HERBIVORE:
                first, second = card_at(group[PLANT], "A"), card_at(group[CARNIVORE], "A")
            else:
                first, second = card_at(group[HERBIVORE], "C"), None
            key = (climate, niche, cards, first, second)
            found = guesses.get(key)
            if found is None:
                found = guesses[key] = guess_beside(niche, cards, first, second, climate, self.held)
            m, v = found
            mean, var = mean + m, var + v
        return mean, var

    def chance(self, climate: int, quirks: Sequence[Sequence[Seen]] | None = None) -> float:
        """The chance the group reaches ``climate``'s threshold."""
        return reaches(self.total(climate, quirks), self.thresholds[climate])

    def potential(self, climate: int) -> float:
        """What the group could reach in ``climate`` with the best cards of the group and the
        hand in place, and the coded cards still in the stacks for the positions lacking one,
        against its threshold."""
        found = self._potentials.get(climate)
        if found is not None:
            return found
        if self._parts is None:
            # The positions of each stack in the group, and the cards held of each stack.
            positions = [0] * len(STACKS)
            for q in self.quirks:
                for card in q:
                    positions[card.stack] += 1
            by_stack: list[list[Seen]] = [[] for _ in STACKS]
            for card in self.held:
                by_stack[card.stack].append(card)
            left = self.left
            self._parts = [_stack_part(stack, count, tuple(by_stack[stack]), left[stack] > 0)
                           for stack, count in enumerate(positions) if count]
        total = 0.0
        for part in self._parts:
            for term in part[climate]:
                total += term
        threshold: int = self.thresholds[climate]
        found = self._potentials[climate] = total - threshold
        return found

    def target(self) -> int:
        if self._target < 0:
            self._target = max(range(CLIMATE_COUNT), key=lambda c: (self.potential(c), c == self.climate))
        return self._target


# What a stack adds to a climate's potential, by climate, for the stack's positions in the group,
# the cards of it held and whether it has cards left: the same few cards come back decision
# after decision, so each stack's terms are worked out once.
_PARTS: dict[tuple[int, int, tuple[Seen, ...], bool], tuple[tuple[float, ...], ...]] = {}


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
    if len(_PARTS) >= 100_000:
        _PARTS.clear()
    found = _PARTS[key] = tuple(parts)
    return found


def reaches(total: tuple[float, float], threshold: float) -> float:
    """The chance a total guessed as ``total`` is at least ``threshold``."""
    spread = math.sqrt(max(total[1], 0.25))
    return 0.5 * (1 + math.erf((total[0] - threshold + 0.5) / (spread * math.sqrt(2))))


class SolitaireHeuristic(Bot):
    """The solitaire game by tip 8: find the best climate for the group, wait for it, count."""

    kind = "heuristic"

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        g = Group(view)
        moves = as_moves(legal)
        stage: str = view["stage"]
        if stage in ("start", "climate") and g.chance(g.climate) >= self._count_chance(g):
            return self._first_count(g, moves)  # before drawing a marker, or after an action
        if stage == "start":
            return pick(moves, Verb.CONTINUE)
        if stage == "counting":
            return self._first_count(g, moves) if self._count_on(g) else pick(moves, Verb.STOP)
        if stage == "climate":
            return next((m for m in moves if m.verb is Verb.CLIMATE and m.number == self._steps(g)), moves[0])
        if stage == "random-mutation":
            return self._replace(g, [m for m in moves if m.verb is Verb.REPLACE])
        if stage == "action":
            return self._mutate(g, [m for m in moves if m.verb is Verb.MUTATE])
        return legal[0]

    @staticmethod
    def _first_count(g: Group, moves: Sequence[Move]) -> Move:
        """The QUiRKS least likely to do its share is counted first: if it falls short, stopping
        then loses only it (tip 8: provoke the extinction of a poorly adapted QUiRKS)."""
        counts = [m for m in moves if m.verb is Verb.COUNT]
        return min(counts, key=lambda m: g.total(g.climate, niches=(m.number,))[0])

    def _count_chance(self, g: Group) -> float:
        """Short of cards or of actions, a lesser chance is worth taking."""
        actions_left = self.game.options["action_limit"] - g.actions
        short = min(g.left[stack] for stack in range(len(STACKS)))
        if actions_left <= 6:
            return 0.05
        if actions_left <= 20 or short <= 1:
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

    def _mutate(self, g: Group, moves: Sequence[Move]) -> Move:
        """The change that brings the destined QUiRKS closest to the target climate (the
        group's guess, and a little for the hand's cards): a coded card from the hand, else a
        new card for one lacking the code."""
        target = g.target()
        niche = g.niche
        seen = seen_by_index(g.held)
        hand_means = [card.mean(target) for card in g.hand]

        def merit(m: Move) -> float:
            old = seen[m.cards[0]]
            means = hand_means
            if len(m.cards) == 2:
                new = seen[m.cards[1]]
                means = hand_means[:]
                means[g.hand.index(new)] = old.mean(target)
                cost = 0.0
            else:
                if g.left[old.stack] == 0:
                    return -math.inf  # the stack has run out: drawing from it loses the game
                new = Seen.unseen(old.stack)
                cost = DRAW_COST + (1.5 if g.left[old.stack] <= 2 else 0.0)
            quirks = list(g.quirks)
            quirks[niche] = tuple(new if card is old else card for card in quirks[niche])
            return g.total(target, quirks)[0] + RESERVE * sum(means) - cost

        return max(moves, key=merit)

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
