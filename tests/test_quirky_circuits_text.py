"""Quirky Circuits drawn as text for the terminal: every scenario's map as its data draws
it, within 80 columns, from a view only (what the seat may know), and shown by the
terminal's generic drawing through the game's own ``render_text``."""

from __future__ import annotations

import doctest
import random
import re
from typing import Any

import pytest
from rich.console import Console

import quarkade
from conftest import heuristic_moments, walk
from quarkade.faces.terminal import render_view, text_drawing
from quarkade.games.quirky_circuits import components
from quarkade.games.quirky_circuits.components import SCENARIO_IDS, place_words, short_ordinal
from quarkade.games.quirky_circuits.rules import QuirkyCircuitsState, new_state
from quarkade.games.quirky_circuits.text import CELL, board_lines, render_text, result_text

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


COORDINATES = re.compile(r"\(\s*\d+\s*,\s*\d+\s*\)")


def texts_of(state: QuirkyCircuitsState) -> list[str]:
    """Everything a player reads of the table now: each seat's and a spectator's log lines, the
    terminal's table and, at the end, its result."""
    texts = []
    for seat in (None, *range(state.players)):
        view = state.view(seat).to_json()
        texts.extend(entry["text"] for entry in view["log"])
        texts.append(render_text(view))
        if state.is_over:
            texts.append(result_text(view))
    return texts


@pytest.mark.parametrize(("scenario", "bots"), [
    ("rise-and-shine", False), ("sliding-through-tunnels", False), ("tea-time", False),
    ("rise-and-shine", True), ("hit-the-slopes", True), ("cafe-botanical", True),
])
def test_no_text_of_a_whole_game_names_a_place_by_its_coordinates(scenario: str, bots: bool) -> None:
    """A whole seeded game, of random moves or of the heuristic bots (which win): no log line
    and no terminal text names a place as the engine counts it, "(2, 0)"; the robot's place is
    in words ("the top row, third from the left")."""
    game = quarkade.load("quirky-circuits", players=3, scenario=scenario)
    moments = (state for _, state, *_ in heuristic_moments(game, 5, 2000)) if bots else walk(game, 5)
    said: set[str] = set()
    seen = 0  # the round whose texts were read (a moment is the same state object, moved on)
    last: QuirkyCircuitsState | None = None
    for state in moments:
        assert isinstance(state, QuirkyCircuitsState)
        if state.round != seen:
            said.update(texts_of(state))
            seen = state.round
        last = state
    assert last is not None
    said.update(texts_of(last))
    assert last.is_over
    found = [text for text in said if COORDINATES.search(text)]
    assert not found, found[:3]
    ends = [text for text in said if "The robot ends in " in text]
    assert ends and all(re.search(r"ends in the (top|bottom|\w+ row from the top)[ a-z]*, \w+ from the left, facing "
                                  r"(north|east|south|west)\.", text) for text in ends), ends[:3]


def test_a_place_is_named_as_the_terminal_board_labels_it() -> None:
    """The words count the row from the top and the column from the left, as the labels
    beside and above the board do (``3rd``: "third"); the examples of ``place_words`` hold."""
    assert doctest.testmod(components, verbose=False).failed == 0
    assert place_words((2, 0), 6, 6) == "the top row, third from the left"
    view = new_state(2, seed=1, scenario="tea-time").view(0).to_json()
    lines = render_text(view).splitlines()
    header = next(line for line in lines if line.lstrip().startswith("1st"))
    assert header.split() == [short_ordinal(x + 1) for x in range(8)]
    assert header.split() == ["1st", "2nd", "3rd", *(f"{n}th" for n in range(4, 9))]
    rows = [line.split()[0] for line in lines if line[:1].isdigit()]
    assert rows == [short_ordinal(y + 1) for y in range(8)]
    assert place_words((7, 4), 8, 8) == "the fifth row from the top, eighth from the left"
    assert place_words((0, 7), 8, 8) == "the bottom row, first from the left"
