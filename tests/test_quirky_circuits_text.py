"""Quirky Circuits drawn as text for the terminal: every scenario's map as its data draws
it, within 80 columns, from a view only (what the seat may know), and shown by the
terminal's generic drawing through the game's own ``render_text``."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.console import Console

from quarkade.faces.terminal import render_view, text_drawing
from quarkade.games.quirky_circuits.components import SCENARIO_IDS
from quarkade.games.quirky_circuits.rules import QuirkyCircuitsState, new_state
from quarkade.games.quirky_circuits.text import CELL, board_lines, render_text

MAP_SPACES = {".": " . ", "@": " . ", "d": " d ", "f": " f ", "c": " . ", "C": " d ", "~": " . ", "F": " f "}
OBSTACLES = {"#": "#####", "p": "##p##", "o": "##d##"}


def expected_cell(char: str, start: bool) -> str:
    if char in OBSTACLES:
        return OBSTACLES[char]
    sides = "{}" if char in "cC" else "~~" if char in "~F" else "()" if start else "  "
    return sides[0] + MAP_SPACES[char] + sides[1]


def play_rounds(state: QuirkyCircuitsState, rounds: int, seed: int = 0) -> None:
    """Random legal actions until ``rounds`` Execute phases have passed (or the game ends)."""
    chooser = random.Random(seed)
    target = state.round + rounds
    while state.round < target and not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("scenario", SCENARIO_IDS)
def test_each_map_is_drawn_as_its_data_says(scenario: str) -> None:
    """Every space, barrier, slope and tunnel mouth of the map in data/scenarios.toml appears
    where the map puts it; the robot starts on its space facing the start arrow."""
    state = new_state(2, seed=1, scenario=scenario)
    view = state.view(0).to_json()
    rows = view["board"]["rows"]
    lines = board_lines(view)
    assert len(lines) == len(rows)
    width, height = view["board"]["width"], view["board"]["height"]
    start = tuple(view["board"]["start"])
    arrow = {"north": "^", "east": ">", "south": "v", "west": "<"}[view["board"]["start_facing"]]
    for y in range(height):
        for x in range(width):
            drawn = lines[2 * y + 1][x * (CELL + 1) + 1: (x + 1) * (CELL + 1)]
            if (x, y) == start:
                assert drawn == f"([{arrow}])"
            else:
                assert drawn == expected_cell(rows[2 * y + 1][2 * x + 1], False), (x, y)
            # the edge west of the space, and the one north of it
            west = rows[2 * y + 1][2 * x]
            drawn_west = lines[2 * y + 1][x * (CELL + 1)]
            assert drawn_west == ("|" if west == "-" else west), (x, y)
            north = rows[2 * y][2 * x + 1]
            drawn_north = lines[2 * y][x * (CELL + 1) + 1: (x + 1) * (CELL + 1)]
            if north == "-":
                assert drawn_north == "-----", (x, y)
            elif north in "v^":
                assert drawn_north == f"..{north}..", (x, y)
            elif north.isdigit():
                assert drawn_north == f"  {north}  ", (x, y)
            else:
                assert drawn_north == "     ", (x, y)


@pytest.mark.parametrize("scenario", SCENARIO_IDS)
def test_the_table_fits_80_columns_at_every_moment(scenario: str) -> None:
    state = new_state(3, seed=7, scenario=scenario)
    for _ in range(4):
        text = render_text(state.view(1).to_json())
        assert max(len(line) for line in text.splitlines()) <= 80
        assert "Battery" in text and "Queue" in text
        if state.is_over:
            break
        play_rounds(state, 1, seed=len(text))


def test_a_seat_reads_its_own_cards_and_only_the_backs_of_the_others() -> None:
    state = new_state(2, seed=3)
    for seat, card in ((0, "play move-1"), (1, "play " + str(state.legal_actions(1)[0]).split()[1])):
        state.apply(seat, state.game.parse_action(state, seat, card))
    mine = render_text(state.view(0).to_json())
    back = state.view(None).to_json()["queue"][1]["back"]
    assert "1:Move 1 (seat 0)" in mine and f"2:{back} card (seat 1)" in mine
    assert "Your hand:" in mine
    spectator = render_text(state.view(None).to_json())
    assert "Your hand" not in spectator and "1:move card (seat 0)" in spectator
    # the backs of every hand and of the deck's top are the table's (ruling 23)
    players = state.view(None).to_json()["players"]
    for player in players:
        backs = player["backs"]
        assert f"Seat {player['seat']}: {player['hand_size']} cards ({backs['move']} move, {backs['turn']} turn)" \
            in spectator
    deck = state.view(None).to_json()["deck"]
    assert f"Deck: {deck['cards']} cards, a {deck['top']} card on top" in spectator


def test_the_last_execution_is_told_card_by_card() -> None:
    state = new_state(2, seed=5)
    play_rounds(state, 1)
    view = state.view(0).to_json()
    text = render_text(view)
    reveals = [step for step in view["execution"] if step["step"] == "reveal"]
    assert "Last execution:" in text
    for step in reveals:
        assert f"  {step['index'] + 1}. " in text
    # the robot is drawn where the execution left it
    x, y = view["robot"]["space"]
    arrow = {"north": "^", "east": ">", "south": "v", "west": "<"}[view["robot"]["facing"]]
    assert f"[{arrow}]" in board_lines(view)[2 * y + 1][x * (CELL + 1) + 1: (x + 1) * (CELL + 1)]


def test_the_result_is_told_in_words() -> None:
    state = new_state(2, seed=11)
    play_rounds(state, 40)
    assert state.is_over
    text = render_text(state.view(None).to_json())
    if state.result == "won":
        assert f"battery in the {state.section}" in text
    else:
        assert "The battery is flat: everyone loses." in text
    assert "held" in text  # the hands are shown once the game is over


def test_the_terminal_shows_the_games_own_drawing() -> None:
    assert text_drawing("quirky-circuits") is render_text
    assert text_drawing("quirky-quarks") is not None  # every game now draws its own table
    assert text_drawing("no-such-game") is None
    view: dict[str, Any] = new_state(2, seed=2).view(0).to_json()
    console = Console(width=80, record=True, color_system=None)
    console.print(render_view(view))
    shown = console.export_text()
    assert "Rise and Shine with Gizmo" in shown and "Latest events" in shown
    assert "Scenario" not in shown  # the generic panels give way to the drawing


def test_practice_and_pacing_are_told_with_whose_turn_it_is() -> None:
    state = new_state(3, seed=4, practice=True, pacing=True)
    state.apply(0, state.game.parse_action(state, 0, "play " + str(state.legal_actions(0)[0]).split()[1]))
    state.apply(0, state.game.parse_action(state, 0, "done"))
    text = render_text(state.view(2).to_json())
    assert "Practice mode: cards are played face up; pacing mode: players take turns." in text
    assert "Pacing: seat 1's turn (0 played this turn, 0 passes in a row)" in text
    assert "card (seat 0)" not in text  # practice: the card's face, not its back
