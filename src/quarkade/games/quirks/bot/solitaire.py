"""The solitaire bot (``heuristic`` or ``solitaire``): it picks the climate its group can best
reach, works each destined QUiRKS toward it, waits in that climate and counts when the estimate
says the threshold is likely met, the QUiRKS least likely to do its share first."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import reduce
from operator import add
from typing import Final, cast

from quarkade.core.bots import HEURISTIC_ABOUT, Bot, register_bot
from quarkade.core.game import Action, Game, View
from quarkade.core.memo import Memo
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.bot.seen import (
    CARNIVORE,
    HERBIVORE,
    INDEX,
    PLANT,
    Seen,
    climate_of,
    food_chain,
    partners,
    pick,
    seen_by_index,
)
from quarkade.games.quirks.bot.solitaire_group import CACHE_SIZE, Group, Reading, reaches
from quarkade.games.quirks.components import NICHES

# ----------------------------------------------------------------------------- the solitaire game


# Tuned for the most wins over seeded games (the figures are in tests/test_bots_quirks.py).
COUNT_CHANCE: Final = 0.75  # count when the group reaches the threshold this likely
STOP_CHANCE: Final = 0.5  # stop counting (extinct branches) when the rest reaches it less likely than this
DRAW_COST: Final = 0.3  # a card drawn is a card the stacks no longer hold
RESERVE: Final = 0.1  # weight of the hand's cards, kept for later exchanges


# The verbs a decision looks for, as module constants: a member read from its class goes through
# the ``__getattr__`` hook of Enum's metaclass, many times slower than a global.
_CONTINUE, _STOP, _CLIMATE, _REPLACE, _MUTATE, _COUNT = (Verb.CONTINUE, Verb.STOP, Verb.CLIMATE, Verb.REPLACE,
                                                         Verb.MUTATE, Verb.COUNT)


# The move an action's decision picks, by what it reads: the target climate, the destined niche,
# the group, the hand and the stock (see ``Reading``). The player keeps cycling among a few
# groups: four decisions in ten are met again.
_MUTATIONS: Final = Memo[tuple[int, int, tuple[tuple[Seen, ...], ...], tuple[Seen, ...], tuple[int, ...]], Move](
    CACHE_SIZE)


# By niche, the rows of its QUiRKS's cards that a food chain reads (``partners`` and
# ``food_chain``): the A card, and the herbivore's C card. A change of another card leaves the
# QUiRKS's food-chain terms and its partners' guesses as they were.
_MET_ROWS: Final = ("A", "AC", "A")


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
        limit = self.game.options["action_limit"]
        actions_left = limit - g.actions if limit else 1_000_000  # 0: no limit
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
        # QUiRKS added in the niches' order. A change touches the destined QUiRKS's guess
        # (worked out for each move), and the guesses of the others only if their partners
        # change (an A or C card changed): the others are kept from the group as it is.
        met = partners(quirks)
        first, second = met[niche]
        means = [guess(target, n, quirks[n], *met[n])[0] if n != niche else 0.0 for n in range(3)]
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
                # herbivore's A card; the carnivore, the herbivore's C card. A card without a
                # food-chain symbol (a card drawn, unseen, shows none) meets nothing, as no card
                # does: the guess is that of cards one reads, kept whatever the stacks hold.
                partner = new if new.food >= 0 else None
                if niche == PLANT:
                    g1 = guess(target, HERBIVORE, herbivore, partner, met[HERBIVORE][1])[0]
                elif niche == CARNIVORE:
                    g1 = guess(target, HERBIVORE, herbivore, met[HERBIVORE][0], partner)[0]
                elif row == "A":
                    g0 = guess(target, PLANT, plant, partner, None)[0]
                else:
                    g2 = guess(target, CARNIVORE, carnivore, partner, None)[0]
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


register_bot("heuristic", "quirks-solitaire", about=HEURISTIC_ABOUT)(SolitaireHeuristic)
register_bot("solitaire", "quirks-solitaire", about="the heuristic under the game's name")(SolitaireHeuristic)
