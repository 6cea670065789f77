"""The search bot's Quirkling knowledge: what the public requests tell of the others' hands, the
determinizations that keep to it, and how near a seat's hand is to the kinds it lacks."""

from __future__ import annotations

from collections import Counter
from typing import Any

import quarkade
from quarkade.agents import make_bot
from quarkade.agents.quirkling_search import STACK_OF, Sampler, progress, read_hands
from quarkade.agents.search import SearchBot
from quarkade.agents.search_hooks import SAMPLERS
from quarkade.core.chance import Chance
from quarkade.games.quirks.board import NICHE_STACKS
from quarkade.games.quirks.components import COMPONENTS


def _positions(players: int, seeds: range) -> Any:
    """Each decision of seat 0 in games the heuristic bots play, with the true state."""
    game = quarkade.load("quirkling", players=players)
    for seed in seeds:
        state = game.new_game(seed)
        bots = [make_bot("heuristic", game, seed * 7 + seat) for seat in range(players)]
        while not state.is_over:
            seat = state.to_act[0]
            view = state.view(seat)
            if seat == 0:
                yield game, state, view
            state.apply(seat, bots[seat].choose(view, state.legal_actions(seat)))


def test_what_the_log_tells_of_the_hands_is_true() -> None:
    facts = Counter[str]()
    for _, state, view in _positions(3, range(48)):  # takes from the discard pile are rare
        s: Any = state
        for seat, known in read_hands(view).items():
            assert seat != 0, "the seat's own hand is not guessed"
            held = Counter(STACK_OF[card] for card in s.hands[seat])
            assert all(card in s.hands[seat] for card in known.cards)
            assert all(held[stack] >= count for stack, count in known.known_stacks().items())
            assert not any(held[stack] for stack in known.lacks)
            facts["cards"] += len(known.cards)
            facts["stacks"] += sum(known.stacks.values())
            facts["lacks"] += len(known.lacks)
    assert facts["stacks"] > 20 and facts["lacks"] > 20 and facts["cards"] > 0, facts


def test_determinizations_keep_to_what_the_log_tells() -> None:
    sampler = Sampler()
    chance = Chance(7)
    checked = 0
    for game, state, view in _positions(3, range(2)):
        s: Any = state
        known = read_hands(view)
        for _ in range(3):
            sampled: Any = sampler(game, view, chance)
            assert sorted(sampled.hands[0]) == sorted(s.hands[0])
            assert [len(hand) for hand in sampled.hands] == [len(hand) for hand in s.hands]
            every = sampled.stack + sampled.discards + [card for hand in sampled.hands for card in hand]
            every += [card for made in sampled.made for quirkling in made for card in quirkling]
            assert sorted(every) == list(range(len(COMPONENTS.cards))), "every card once"
            for seat, facts in known.items():
                held = Counter(STACK_OF[card] for card in sampled.hands[seat])
                assert all(card in sampled.hands[seat] for card in facts.cards)
                assert all(held[stack] >= count for stack, count in facts.known_stacks().items())
                assert not any(held[stack] for stack in facts.lacks)
                checked += 1
    assert checked > 50


def test_a_hand_nearer_a_kind_it_lacks_counts_more() -> None:
    game = quarkade.load("quirkling", players=2)
    state: Any = game.new_game(3)
    climate = state.climate // COMPONENTS.zones_per_climate
    codes = state.table.codes
    # Seat 0 (to act) holds a plant that can live in the current climate; seat 1 the same plant's
    # stacks but without the climate's code.
    coded = [next(card.index for card in COMPONENTS.cards if card.stack == stack and codes[card.index][climate])
             for stack in NICHE_STACKS[0]]
    uncoded = [next(card.index for card in COMPONENTS.cards if card.stack == stack and not codes[card.index][climate]
                    and card.index not in coded) for stack in NICHE_STACKS[0]]
    pool = [card for card in state.stack + state.hands[0] + state.hands[1] if card not in coded + uncoded]
    state.hands = [coded + pool[:4], uncoded + pool[4:8]]
    state.stack = pool[8:]
    first, second = progress(state)
    assert first > second
    # Made (whatever the codes: the climate may have been another then), the plant counts more.
    state.made[1].append(tuple(uncoded))
    state.hands[1] = state.hands[1][3:] + [state.stack.pop() for _ in range(3)]
    _, made = progress(state)
    assert made > second + 0.5


def test_the_search_draws_from_its_own_sampler_and_plays_legally() -> None:
    game = quarkade.load("quirkling", players=3)
    bot = SearchBot(game, seed=2, iterations=15, depth=8)
    assert "quirkling" in SAMPLERS and isinstance(bot._sample, Sampler)
    for _, state, view in _positions(3, range(1)):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        assert state.why_illegal(seat, bot.choose(view, legal)) is None
        if state.turns > 6:
            break
