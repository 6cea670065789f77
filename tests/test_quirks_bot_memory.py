"""The Quirks heuristic keeps what it found in the table from one decision to the next while its
view shows the same niches and counts (views share those parts until they change), and what it
found of its hand while the hand is the same: every decision must be the one a bot reading the
same view afresh makes. Views share their niches only between moments that show them alike."""

from __future__ import annotations

import json

import quarkade
from quarkade.core.chance import Chance
from quarkade.games.quirks.bot.evolution import QuirksHeuristic
from quarkade.tools.match import make_bots


def test_a_bot_that_remembers_decides_as_a_bot_that_reads_afresh() -> None:
    for players, options in ((3, {}), (4, {"random_mutation": True, "intelligent_race": True}),
                             (2, {"advanced": True})):
        game = quarkade.load("quirks", players=players, **options)
        for seed in range(3):
            bots = make_bots(game, ["heuristic"] * players, seed)
            state = game.new_game(seed)
            while not state.is_over:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                bot = bots[seat]
                fresh = QuirksHeuristic(game, seed)
                fresh.chance = Chance(bot.chance.seed, bot.chance.counter)  # the same bluffs
                expected = fresh.choose(state.view(seat), legal)
                action = bot.choose(state.view(seat), legal)
                assert action == expected, seed
                state.apply(seat, action)


def test_views_share_niches_and_counts_only_where_they_show_the_same() -> None:
    game = quarkade.load("quirks", players=3)
    bots = make_bots(game, ["heuristic"] * 3, 1)
    state = game.new_game(1)
    seen: dict[int, tuple[str, str]] = {}  # by id of a shared part (kept alive below): its JSON
    kept = []
    while not state.is_over:
        for seat in (None, 0, 1, 2):
            view = state.view(seat)
            for key in ("niches", "reveals"):
                part = view[key]
                text = json.dumps(part, sort_keys=True)
                assert seen.setdefault(id(part), (key, text)) == (key, text)
                kept.append(part)
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
