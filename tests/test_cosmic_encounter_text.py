"""Cosmic Encounter drawn as text for the terminal: the systems, the warp, the cone, the
encounter, the hand and the Phase Diagram, within 80 columns, from a view only, and shown by
the terminal through the game's own ``render_text``."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.console import Console

import quarkade
from quarkade.core import State
from quarkade.faces.terminal import render_view, text_drawing
from quarkade.games.cosmic_encounter.components import SQUARES
from quarkade.games.cosmic_encounter.flares import BY_NAME
from quarkade.games.cosmic_encounter.text import WIDTH, card_name, phase_lines, render_text


def played(seed: int, steps: int, players: int = 4, quarks: bool = True) -> State:
    """A seeded game after ``steps`` random legal actions (or at its end)."""
    state = quarkade.load("cosmic-encounter", players=players, quarks=quarks).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def until(state: State, test: Any, rng: random.Random, limit: int = 3000) -> bool:
    """Random legal actions until ``test(view of seat 0)`` holds; False if it never did."""
    for _ in range(limit):
        if test(state.view(0).to_json()):
            return True
        if state.is_over:
            return False
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return False


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_line_fits_80_columns_along_whole_games(players: int) -> None:
    state = quarkade.load("cosmic-encounter", players=players, quarks=True).new_game(seed=players)
    rng = random.Random(players)
    drawn = 0
    while True:
        for seat in (None, *range(players)):
            text = render_text(state.view(seat).to_json())
            assert max(len(line) for line in text.splitlines()) <= WIDTH, text
            drawn += 1
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert "Game over: seat" in text and " won" in text
    assert drawn > 100


def test_the_systems_planets_and_tokens_are_drawn() -> None:
    view = played(4, 0).view(0).to_json()
    text = render_text(view)
    for player in view["players"]:
        assert f"Seat {player['seat']}{' (you)' if player['seat'] == 0 else ''}: {player['power']};" in text
    for planet in view["planets"]:
        # four of the owner's tokens on each home planet at the start, each planet by its
        # number in its system (from 1), under its seat's line
        assert f"planet {int(planet['planet'][-1]) + 1}: {planet['system']}=4" in text
    assert "Warp: empty." in text
    assert "Your hand: " in text


def test_the_phase_diagram_marks_the_state_indicator() -> None:
    view = played(5, 40).view(0).to_json()
    lines = phase_lines(view)
    square = view["square"]
    assert f"[square {square + 1}]" in lines[0]
    up, down, strange = lines[2], lines[3], lines[4]
    for row, flavour in ((up, 0), (down, 1), (strange, 2)):
        adjustment = SQUARES[square][flavour]
        shown = f"+{adjustment}" if adjustment > 0 else str(adjustment)
        assert f"[{shown:>2}]" in row, (row, shown)
        assert row.count("[") == 1
    assert phase_lines(played(5, 40, quarks=False).view(0).to_json()) == []


def test_a_quark_in_hand_shows_its_value_now() -> None:
    state = played(6, 0)
    rng = random.Random(6)
    assert until(state, lambda v: any(c["kind"] == "quark" for c in v["hand"]), rng)
    view = state.view(0).to_json()
    quark = next(c for c in view["hand"] if c["kind"] == "quark")
    name = card_name(quark)
    assert name == f"{quark['flavour'].capitalize()} Quark {quark['printed']} (now {quark['value']})"
    assert name in render_text(view)


def test_the_encounter_shows_the_cone_allies_and_result() -> None:
    state = played(7, 0)
    rng = random.Random(7)
    assert until(state, lambda v: v["encounter"]["result"] is not None and v["encounter"]["allies"], rng)
    view = state.view(0).to_json()
    text = render_text(view)
    enc = view["encounter"]
    assert f">planet {int(enc['target'][-1]) + 1}:" in text  # under the defence's seat
    assert f"the cone aims at seat {enc['defender']}'s planet {int(enc['target'][-1]) + 1}" in text
    assert f"Offence seat {view['offence']}: {enc['cone']} in the cone;" in text
    for ally in enc["allies"]:
        assert f"seat {ally['seat']} ({ally['tokens']})" in text
    result = enc["result"]
    assert card_name(result["cards"][0]) in text and card_name(result["cards"][1]) in text
    assert "Result: " in text


def test_a_sealed_card_is_named_to_its_owner_only() -> None:
    state = played(8, 0)
    rng = random.Random(8)
    assert until(state, lambda v: v["own_card"] is not None and v["encounter"]["result"] is None, rng)
    mine = " ".join(render_text(state.view(0).to_json()).split())  # as one line, unwrapped
    assert "(yours, sealed)" in mine
    for seat in (None, 1, 2, 3):
        other = " ".join(render_text(state.view(seat).to_json()).split())  # as one line, unwrapped
        assert "(yours, sealed)" not in other
        assert "played face down" in other


def test_the_deal_step_is_told() -> None:
    # Random games reach two Compromises now and then: the first of a few seeds that does.
    for seed in range(6, 16):
        state = played(seed, 0)
        if until(state, lambda v: v["step"] == "deal", random.Random(seed), limit=20_000):
            break
    else:
        raise AssertionError("no random game reached a deal")
    text = " ".join(render_text(state.view(0).to_json()).split())  # as one line, unwrapped
    assert "two Compromises" in text and "Deal: up to 2 cards each way" in text


def test_the_terminal_shows_the_games_own_drawing() -> None:
    assert text_drawing("cosmic-encounter") is render_text
    view = played(10, 30).view(1).to_json()
    console = Console(width=WIDTH, record=True, color_system=None)
    console.print(render_view(view))
    shown = console.export_text()
    assert "Phase Diagram" in shown and "Seat 1 (you)" in shown


def test_the_invitations_are_told_while_allies_answer() -> None:
    state = played(11, 0)
    rng = random.Random(11)
    assert until(state, lambda v: v["step"] == "alliance" and any(v["encounter"]["invited"]), rng)
    view = state.view(None).to_json()
    text = " ".join(render_text(view).split())
    for seat, sides in enumerate(view["encounter"]["invited"]):
        if sides:
            assert f"seat {seat} by the {' and the '.join(sides)}" in text


def test_the_open_window_and_the_texts_of_the_flares_in_hand_are_told_to_their_holder_only() -> None:
    state = quarkade.load("cosmic-encounter", players=4, quarks=True, flares=True).new_game(seed=5)
    rng = random.Random(5)
    assert until(state, lambda v: v["step"] == "edicts" and v["encounter"]["window"] is not None
                 and any(c["kind"] == "flare" for c in v["hand"]), rng)
    view = state.view(0).to_json()
    mine = " ".join(render_text(view).split())  # as one line, unwrapped
    window = view["encounter"]["window"]
    assert f"Edict window open: {window} (" in mine
    for name in {c["card"].removeprefix("flare-") for c in view["hand"] if c["kind"] == "flare"}:
        flare = BY_NAME[name]
        assert f"Wild ({flare.wild_window} window): {flare.wild_text}" in mine
        assert f"Super ({flare.super_window} window): {flare.super_text}" in mine
        # one flare a power is in the deck: no other seat holds it, so no other drawing tells it
        for seat in (None, 1, 2, 3):
            assert flare.wild_text not in " ".join(render_text(state.view(seat).to_json()).split())


def test_tokens_waiting_for_their_owners_are_listed() -> None:
    state = played(3, 0)
    assert until(state, lambda v: v["step"] == "place", random.Random(3))
    waiting = state.view(None).to_json()["encounter"]["placements"]
    text = " ".join(render_text(state.view(None).to_json()).split())
    assert "Tokens to place: " + f"seat {waiting[0]['seat']} " in text and f"x{waiting[0]['count']}" in text


def test_at_the_reveal_window_the_result_waits_for_the_outcome() -> None:
    state = quarkade.load("cosmic-encounter", players=4, quarks=True).new_game(seed=2)
    assert until(state, lambda v: v["encounter"]["window"] == "reveal" and v["encounter"]["result"] is not None
                 and "attack" in {c["kind"] for c in v["encounter"]["result"]["cards"]}, random.Random(2))
    text = " ".join(render_text(state.view(None).to_json()).split())
    assert "Result: the cards are face up; the outcome follows the window" in text and "Compromises" not in text
