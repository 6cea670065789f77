"""What the Ejection phase says (an outside audit's findings): every seat's eV gained is in the
log, a seat not asked to eject too (Down Annihilation, Ejection 4), and the terminal tells each
seat its own ejection limits (one per five cards in its own hand, Ejection 2 and round 5)."""

from __future__ import annotations

from collections.abc import Callable

import quarkade
from quarkade.core.game import State
from quarkade.games.quirky_quarks.quests import CARDS, KINDS
from quarkade.games.quirky_quarks.text import render_text

DOWN_ANNIHILATION = next(card.kind for card in CARDS if card.id == "down-annihilation")


def play_until(state: State, reached: Callable[[State], bool]) -> None:
    """Simple moves (draw particles, say ready, pass, else the first legal) until ``reached``."""
    while not reached(state) and not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        said = [str(action) for action in legal]
        chosen = next((said.index(word) for word in ("draw particle", "ready", "pass", "done") if word in said), 0)
        state.apply(seat, legal[chosen])


def test_a_seat_not_asked_to_eject_is_told_its_down_annihilation_ev() -> None:
    """Seat 2 holds two cards (not asked to eject) and has completed Down Annihilation: it gains
    2 eV at the reveal, and the log said only the ejecting seats' gains."""
    state = quarkade.load("quirky-quarks", players=3).new_game(4)
    play_until(state, lambda s: s.round == 2 and s.sealed is not None)
    state.table[2 * KINDS + DOWN_ANNIHILATION] = 1  # completed (white-box: the audit's position)
    while state.hand_size(2) > 2:
        kind = next(k for k in range(KINDS) if state.hands[2 * KINDS + k])
        state.hands[2 * KINDS + kind] -= 1
        state.discard(kind)
    del state.sealed.choices[2], state.sealed.ready[2]
    state.minimums[2] = state.maximums[2] = 0
    state._to_act = state.sealed.waiting
    before = state.ev[2]
    assert 2 not in state.to_act
    play_until(state, lambda s: s.sealed is None)
    assert state.ev[2] == before + 2
    for seat in (0, 1, 2, None):
        line = [entry for entry in state.view(seat).to_json()["log"] if entry["event"] == "eject"][-1]
        assert line["gains"]["2"] == 2 and "2" not in line["ejected"]
        assert "seat 2 ejects nothing (+2 eV)" in line["text"]


def test_each_seat_reads_its_own_ejection_limits() -> None:
    """Round 5, seed 0: seat 0 may eject 3 to 16 cards, seats 1 and 2 3 to 17; every seat read
    the first waiting seat's."""
    state = quarkade.load("quirky-quarks", players=3).new_game(0)
    play_until(state, lambda s: s.round == 5 and s.sealed is not None)
    assert list(state.minimums) == [3, 3, 3] and list(state.maximums) == [16, 17, 17]
    def prompt(seat: int | None) -> str:
        return " ".join(render_text(state.view(seat).to_json()).split())
    assert "choose cards to eject face down (3 to 16 cards)" in prompt(0)
    assert "choose cards to eject face down (3 to 17 cards)" in prompt(2)
    assert "(Seat 0: 3 to 16 cards; Seat 1: 3 to 17 cards; Seat 2: 3 to 17 cards)" in prompt(None)
