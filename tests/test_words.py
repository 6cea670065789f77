"""Results in words (``quarkade.core.words.result_text``), and the games' options in words."""

from __future__ import annotations

import random
from typing import Any

import pytest

import quarkade
from quarkade.core.game import State
from quarkade.core.words import result_text, scores_text, seat_name

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]


def finished(game_id: str, players: int, seed: int, **options: Any) -> State:
    """A game played to its end by random choices, seeded."""
    state = quarkade.load(game_id, players=players, **options).new_game(seed)
    chooser = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


def test_seats_are_counted_from_one_for_people_unless_named() -> None:
    assert seat_name(0) == "Seat 1"
    assert seat_name(2, ["Ana", "Bo"]) == "Seat 3"
    assert seat_name(1, ["Ana", "Bo"]) == "Bo"


def test_scores_in_words_name_the_winner_and_the_others_best_first() -> None:
    view = {"scores": [41.0, 52.0, 48.0], "winners": [1]}
    assert scores_text(view, ["Cy", "Ana", "Bo"]) == "Ana wins with 52 points (Bo 48, Cy 41)."
    assert scores_text({"scores": [3, 3], "winners": [0, 1]}) == "Seat 1 and Seat 2 share the win with 3 points each."


def test_an_unfinished_game_has_no_result() -> None:
    view = quarkade.load("qwarks", players=3).new_game(1).view(None).to_json()
    assert result_text(view) == "The game is not over."


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_quirky_quarks_names_the_winner_with_every_score(seed: int) -> None:
    state = finished("quirky-quarks", 3, seed)
    text = result_text(state.view(None).to_json(), NAMES)
    winner = state.winners[0]
    assert text.startswith(f"{NAMES[winner]} wins with {int(state.scores[winner])} points (")
    for seat in range(3):
        assert f"{NAMES[seat]}" in text and str(int(state.scores[seat])) in text
    assert "Quest points, bonuses and the eV left" in text


@pytest.mark.parametrize("seed", [0, 1])
def test_quirks_explains_its_one_point_score_by_the_rulebook_s_winning_rule(seed: int) -> None:
    state = finished("quirks", 3, seed)
    text = result_text(state.view(1).to_json())
    assert text.startswith(f"{seat_name(state.winners[0])} wins: ")
    assert "three upper niches" in text or "turn limit" in text or "only player left" in text
    assert "1 for the winner, 0 for the others" in text


def test_quirks_solitaire_says_why_the_game_was_lost() -> None:
    state = finished("quirks-solitaire", 1, 1)
    view = state.view(0).to_json()
    assert not state.winners
    text = result_text(view, ["Ana"])
    assert text.startswith("Ana loses: ")
    assert view["result"] in text


def test_quirks_solitaire_says_the_winning_total_and_what_was_needed() -> None:
    view = {"game": "quirks-solitaire", "is_over": True, "won": True, "climate": {"name": "forest"},
            "thresholds": {"forest": 40}, "counted": [{"total": 15}, {"total": 14}, {"total": 12}], "log": []}
    assert result_text(view) == "Seat 1 wins: the three QUiRKS total 41 in the FOREST, at least the 40 needed there."


def test_quirkling_names_the_first_to_make_three_kinds() -> None:
    state = finished("quirkling", 3, 0)
    text = result_text(state.view(None).to_json(), NAMES)
    assert text == f"{NAMES[state.winners[0]]} wins: the first to make a plant, a herbivore and a carnivore QUIRKLING."


@pytest.mark.parametrize("seed", [0, 1])
def test_quirky_circuits_has_one_result_for_the_table_and_says_why(seed: int) -> None:
    state = finished("quirky-circuits", 2, seed)
    text = result_text(state.view(None).to_json())
    if state.winners:
        assert text.startswith("Everyone wins: Gizmo met the goal of Rise and Shine")
    else:
        assert text.startswith("Everyone loses: the battery ran out")


def test_qwarks_names_the_best_scientist_and_the_scores() -> None:
    state = finished("qwarks", 3, 0)
    text = result_text(state.view(None).to_json(), NAMES)
    assert NAMES[state.winners[0]] in text.split(" wins")[0] or "share the win" in text
    assert "the numbers on the cards won" in text


def test_cosmic_encounter_tells_five_bases_from_the_turn_limit() -> None:
    base = {"game": "cosmic-encounter", "is_over": True, "turn_limit": 60}
    five = {**base, "winners": [1], "players": [{"foreign_bases": 2}, {"foreign_bases": 5}]}
    assert result_text(five, NAMES) == "Bo wins with 5 foreign bases."
    limit = {**base, "winners": [0, 1], "players": [{"foreign_bases": 3}, {"foreign_bases": 3}, {"foreign_bases": 1}]}
    assert result_text(limit) == ("Seat 1 and Seat 2 win at the turn limit (turn 60) with the most foreign bases, 3; "
                                  "no one reached 5.")


def test_every_option_of_every_game_has_a_label_and_its_choices_words() -> None:
    for info in quarkade.list_games():
        for spec in info.options:
            assert spec.label, (info.id, spec.name)
            if spec.choices and not all(isinstance(c, int) for c in spec.choices):
                worded = {value for value, _ in spec.choice_labels}
                assert worded == set(spec.choices), (info.id, spec.name)
