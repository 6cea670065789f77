"""The search bot's Quirks entries: the cut-off evaluation and the belief about a sealed face."""

from __future__ import annotations

from typing import Any

import quarkade
from quarkade.agents import make_bot
from quarkade.agents.search_hooks import BELIEFS, EVALUATORS
from quarkade.core.chance import Chance
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.board import CARDS, LOWER, UPPER, Stage, slot_of


def _played(players: int, seed: int, moves: int) -> Any:
    game = quarkade.load("quirks", players=players)
    state = game.new_game(seed)
    bots = [make_bot("heuristic", game, seat) for seat in range(players)]
    for _ in range(moves):
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state


def test_quirks_evaluation_weighs_extinctions_and_elimination() -> None:
    state = _played(3, 3, 20)
    assert not state.is_over
    evaluate = EVALUATORS["quirks"]
    state.extinct = [[] for _ in range(3)]
    before = evaluate(state)
    assert abs(sum(before) - 1) < 1e-9
    # A second extinction costs a seat more of its share than the first did.
    state.extinct[1] = [(0, 1)]
    one = evaluate(state)
    state.extinct[1] = [(0, 1), (2, 3)]
    two = evaluate(state)
    assert before[1] > one[1] > two[1]
    assert before[1] - one[1] < one[1] - two[1]
    state.eliminated[2] = True
    assert evaluate(state)[2] == 0.0, "an eliminated seat has no share"


def test_quirks_evaluation_counts_an_upper_niche_held() -> None:
    state = _played(3, 5, 20)
    evaluate = EVALUATORS["quirks"]
    holder = state.owners[slot_of(0, UPPER)]
    before = evaluate(state)[holder]
    state.owners[slot_of(0, UPPER)] = -1
    assert evaluate(state)[holder] < before


def test_quirks_belief_redraws_a_sealed_face_as_the_heuristic_would() -> None:
    # The challenger seals its face first; in a state sampled for the defender it is redrawn as
    # the heuristic would choose it from the challenger's seat, the defender's own left open.
    game = quarkade.load("quirks", players=3)
    for seed in range(40):
        state: Any = game.new_game(seed)
        bots = [make_bot("heuristic", game, seed * 3 + seat) for seat in range(3)]
        while not state.is_over:
            seat = state.to_act[0]
            contest = state.contest
            if (state.stage is Stage.UPPER_SEALED and seat == contest.defender
                    and contest.sealed.ready[contest.attacker]):
                break
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
        if not state.is_over:
            break
    else:
        raise AssertionError("no competition for an upper niche in 40 games")
    defender, attacker = state.contest.defender, state.contest.attacker
    guide, twin = make_bot("heuristic", game, 6), make_bot("heuristic", game, 6)
    faces = set()
    for sample in range(8):
        sampled: Any = game.sample_state(state.view(defender), Chance(sample))
        sealed = sampled.contest.sealed
        BELIEFS["quirks"](sampled, defender, guide)
        chosen = sealed.choices[attacker]
        assert sealed.ready[attacker] and not sealed.ready[defender]
        assert sampled.to_act == (defender,)
        # The challenger's third card is the best of its stack it held, as the heuristic picks.
        lower = sampled.slots[slot_of(sampled.contest.niche, LOWER)]
        third = next(card for card in sampled.contest.attacker_cards if card not in lower)
        climate, values = sampled.climate // 6, sampled.table.values
        assert all(values[card][climate] <= values[third][climate] for card in sampled.hands[attacker]
                   if CARDS[card].stack == CARDS[third].stack)
        # Its face is what the challenger's seat, not yet sealed, would choose there.
        sealed.choices[attacker], sealed.ready[attacker] = [], False
        expected: Any = twin.choose(sampled.view(attacker), [Move(Verb.FACE_UP), Move(Verb.FACE_DOWN)])
        assert chosen == [expected.verb.value]
        faces.add(expected.verb.value)
    assert faces <= {"face-up", "face-down"} and faces
