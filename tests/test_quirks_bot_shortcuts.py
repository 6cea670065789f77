"""The Quirks heuristic's shortcuts give exactly what their plain definitions give, on tables
met in play: a horizon estimate summed in one pass, the best completion of a lower QUiRKS, and
the gain of the best mutation judged without building its moves. Exactly, not approximately: a
last-bit difference could change a decision."""

from __future__ import annotations

import math
import random

import quarkade
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.bot.evolution import NOW, PAIR_HORIZON, QuirksHeuristic
from quarkade.games.quirks.bot.seen import (
    CARNIVORE,
    CLIMATE_COUNT,
    HERBIVORE,
    INDEX,
    LOWER,
    PLANT,
    UPPER,
    Seen,
    food_chain,
    guess_beside,
    missing_stack,
    seen_by_index,
)
from quarkade.games.quirks.bot.table import HORIZON, Table
from quarkade.games.quirks.components import COMPONENTS
from quarkade.tools.match import make_bots


def tables(games: int = 3) -> list[Table]:
    """The table as each seat to act reads it, along seeded games of heuristic bots."""
    game = quarkade.load("quirks", players=3)
    found = []
    for seed in range(games):
        bots = make_bots(game, ["heuristic"] * 3, seed)
        state = game.new_game(seed)
        while not state.is_over:
            seat = state.to_act[0]
            view = state.view(seat)
            found.append(Table(state.view(seat)))
            state.apply(seat, bots[seat].choose(view, state.legal_actions(seat)))
    return found


def plain_horizon(t: Table, niche: int, level: int, cards: tuple[Seen, ...],
                  horizon: tuple[tuple[int, float], ...]) -> float:
    first, second = t.partners(level)[niche]
    return sum(weight * guess_beside(niche, cards, first, second, (t.climate + step) % CLIMATE_COUNT)[0]
               for step, weight in horizon)


def plain_gain(t: Table, niche: int, level: int) -> float:
    """The best mutation's gain as the bot once found it: every candidate move built, weighed in turn."""
    quirks = t.cards(niche, level)
    if not quirks:
        return 0.0
    now = plain_horizon(t, niche, level, quirks, HORIZON)
    seen = seen_by_index((*quirks, *t.hand))
    candidates = []
    for card in quirks:
        index = INDEX[card.number]
        candidates.append(Move(Verb.MUTATE, (index,)))
        candidates.extend(Move(Verb.MUTATE, (index, INDEX[h.number])) for h in t.hand if h.stack == card.stack)
    best = -math.inf
    for m in candidates:
        old = seen[m.cards[0]]
        new = seen[m.cards[1]] if len(m.cards) == 2 else Seen.unseen(old.stack)
        gain = plain_horizon(t, niche, level, tuple(new if card is old else card for card in quirks), HORIZON) - now
        if len(m.cards) == 1:
            gain -= 0.2
        best = max(best, gain)
    return best


def test_horizon_estimates_equal_their_plain_sums() -> None:
    rng = random.Random(7)
    checked = 0
    for t in tables():
        pool = [card for level in (UPPER, LOWER) for quirks in t.level(level) for card in quirks] + list(t.hand)
        for niche in range(3):
            for level in (UPPER, LOWER):
                samples = [t.cards(niche, level)] + [tuple(rng.sample(pool, min(k, len(pool)))) for k in (2, 3)]
                for cards in samples:
                    for horizon in (HORIZON, PAIR_HORIZON, NOW):
                        assert t.horizon_guess(niche, level, cards, horizon) == \
                            plain_horizon(t, niche, level, cards, horizon)
                        checked += 1
    assert checked > 1000


def test_the_best_completion_and_the_best_mutation_equal_their_definitions() -> None:
    bot = QuirksHeuristic(quarkade.load("quirks", players=3))
    completions = gains = 0
    for t in tables():
        for niche in range(3):
            lower = t.cards(niche, LOWER)
            if len(lower) == 2:
                stack = missing_stack(niche, lower)
                options = [card for card in t.hand if card.stack == stack] + [Seen.unseen(stack)]
                best = max((lower + (third,) for third in options),
                           key=lambda quirks: t.guess(niche, UPPER, t.climate, quirks)[0])
                assert t.completed(niche, t.climate) == t.guess(niche, UPPER, t.climate, best)
                completions += 1
            for level in (UPPER, LOWER):
                if t.mine(niche, level):
                    assert bot._mutation_gain(t, niche, level) == plain_gain(t, niche, level)
                    gains += 1
    assert completions > 100
    assert gains > 100


INDEX_STACK = {card.number: card.stack for card in COMPONENTS.cards}


def plain_food_chain(niche: int, cards: tuple[Seen, ...], first: Seen | None,
                     second: Seen | None) -> tuple[Seen | None, Seen | None, int]:
    """Who eats whom as the rules' Food Chain Points read: the first A and the first C card of
    the QUiRKS found, then each compared with the partner it meets."""
    own_a = next((card for card in cards if card.row == "A"), None)
    own_c = next((card for card in cards if card.row == "C"), None)

    def meets(mine: Seen | None, theirs: Seen | None) -> bool:
        return mine is not None and theirs is not None and theirs.food >= 0 and mine.food == theirs.food

    if niche == PLANT:
        return (None, first, -1) if meets(own_a, first) else (None, None, 0)
    if niche == HERBIVORE:
        eaten = first if meets(own_a, first) else None
        return (eaten, second, -1) if meets(own_c, second) else (eaten, None, 0)
    return (None, first, 1) if meets(own_a, first) else (None, None, 0)


def test_food_chain_equals_its_plain_reading() -> None:
    rng = random.Random(11)
    cards = [Seen.make(number, INDEX_STACK[number], None) for number in INDEX] + \
        [Seen.unseen(stack) for stack in range(7)]
    checked = 0
    for _ in range(4_000):
        quirks = tuple(rng.sample(cards, rng.choice((1, 2, 3))))
        first, second = (rng.choice([None, *rng.sample(cards, 3)]) for _ in range(2))
        for niche in (PLANT, HERBIVORE, CARNIVORE):
            assert food_chain(niche, quirks, first, second) == plain_food_chain(niche, quirks, first, second)
            checked += 1
    assert checked == 12_000
