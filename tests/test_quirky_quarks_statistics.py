"""Quirky Quarks' figures by Quest, which a balance report weighs: a Quest's worth is what it
scores at the end (a Proton paid into an atom scores nothing more), and every particle card paid
is counted once, an atom's cost including its nucleons'."""

from __future__ import annotations

import pytest

import quarkade
from quarkade.core.log import events
from quarkade.games.quirky_quarks.quests import CARDS, QUESTS
from quarkade.games.quirky_quarks.rules import QuirkyQuarksState
from quarkade.tools.match import make_bots, play_match


def _played(seed: int) -> QuirkyQuarksState:
    game = quarkade.load("quirky-quarks", players=3)
    state = play_match(game, make_bots(game, ["heuristic"] * 3, seed), seed)
    assert isinstance(state, QuirkyQuarksState)
    return state


def _total(figures: dict[str, float], measure: str) -> float:
    return sum(value for key, value in figures.items() if key.startswith(measure + ":"))


@pytest.mark.parametrize("seed", range(12))
def test_the_figures_by_quest_add_up_to_the_game(seed: int) -> None:
    state = _played(seed)
    figures = state.statistics()
    # Every Quest has every measure, those never completed too.
    for kind in QUESTS:
        for measure in ("completed", "consumed", "points kept", "eV gained", "worth", "cards spent"):
            assert f"{measure}:{CARDS[kind].name}" in figures
    # The points kept are the Quests' points and bonuses the scores hold.
    assert _total(figures, "points kept") == sum(sum(state.points(seat)[:2]) for seat in range(3))
    # Every particle card paid for a Quest is counted once.
    paid = sum(len(event[4]) for event in events(state.log) if event[0] == "complete")
    assert _total(figures, "cards spent") == paid
    # Only Protons and Neutrons are consumed, and never more than were completed.
    for kind in QUESTS:
        name = CARDS[kind].name
        assert figures[f"consumed:{name}"] <= figures[f"completed:{name}"]
        if name not in ("Proton", "Neutron"):
            assert figures[f"consumed:{name}"] == 0
        assert figures[f"worth:{name}"] == figures[f"points kept:{name}"] + figures[f"eV gained:{name}"]
        assert figures[f"cards spent:{name}"] >= 0


def test_the_ev_a_power_brings_is_counted_for_its_quest() -> None:
    """e Annihilation's 5 eV on completion; the Annihilations' 2 eV a phase after it."""
    found = {"e Annihilation": 0.0, "Up Annihilation": 0.0, "Down Annihilation": 0.0}
    for seed in range(30):
        figures = _played(seed).statistics()
        assert figures["eV gained:e Annihilation"] == 5 * figures["completed:e Annihilation"]
        for name in found:
            found[name] += figures[f"eV gained:{name}"]
        assert all(figures[f"eV gained:{CARDS[kind].name}"] == 0 for kind in QUESTS
                   if CARDS[kind].name not in found)
    assert all(value > 0 for value in found.values()), found
