"""The Quirkling bot reads a Quirkling view's own tuples (hand sizes, QUIRKLINGS made, its hand,
the answers the log shows) rather than the JSON of its parts; a plain View (one pickled or
copied) has only the JSON. Both readings must give the same facts and the same moves, on played
states and on states sampled for a seat (whose codes are drawn, not printed)."""

from __future__ import annotations

import pickle

import quarkade
from conftest import heuristic_moments
from quarkade.core.chance import Chance
from quarkade.core.game import View
from quarkade.games.quirks.bot.quirkling import Nursery
from quarkade.games.quirks.quirkling import QuirklingState, QuirklingView
from quarkade.games.quirks.sampling import sample_quirkling
from quarkade.tools.match import make_bots

LACKING_SEEN: list[int] = []  # how many (seat, stack) each reading found seen lacking


def same_reading(state: QuirklingState, seat: int) -> bool:
    """That the bot reads the same facts from the view's tuples as from its JSON alone; whether
    the hand's codes are the printed ones."""
    fast = state.view(seat)
    assert isinstance(fast, QuirklingView)
    plain = pickle.loads(pickle.dumps(state.view(seat)))
    assert type(plain) is View and plain == fast
    a, b = Nursery(fast), Nursery(plain)
    assert a.lacking_kinds == b.lacking_kinds
    assert a.hand_sizes == b.hand_sizes and a.player_count == b.player_count
    # The same cards, whatever their order; a Face is made once for a face seen.
    assert sorted(map(id, a.faces)) == sorted(map(id, b.faces))
    lacking = a.lacking_seen()
    assert lacking == b.lacking_seen()
    LACKING_SEEN.append(len(lacking))
    return fast.printed_codes


def test_the_bot_reads_the_same_from_the_views_tuples_as_from_its_json() -> None:
    moves = drawn = made = 0
    for players in (2, 3, 5):
        game = quarkade.load("quirkling", players=players)
        for seed in range(2):
            twins = make_bots(game, ["heuristic"] * players, seed)
            for step, state, seat, legal, bots in heuristic_moments(game, seed, 300):
                assert isinstance(state, QuirklingState)
                if step % 4 == 0:
                    same_reading(state, seat)
                    made += sum(map(len, state.made))
                    # The same move from a plain copy of the view.
                    plain = pickle.loads(pickle.dumps(state.view(seat)))
                    assert twins[seat].choose(plain, legal) == bots[seat].choose(state.view(seat), legal)
                    moves += 1
                if step % 20 == 0:
                    sampled = sample_quirkling(game, state.view(seat), Chance(seed + step))  # type: ignore[arg-type]
                    if not sampled.is_over and sampled.to_act:
                        drawn += not same_reading(sampled, sampled.to_act[0])
    assert moves > 200, moves
    assert drawn > 10, drawn  # the other path: a hand's codes from a table drawn for a sampled state
    assert made > 50, made  # views with QUIRKLINGS made, whose kinds the bot reads
    assert sum(count > 1 for count in LACKING_SEEN) > 100, LACKING_SEEN  # logs with answers to read
