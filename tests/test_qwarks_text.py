"""Qwarks in the terminal: the text drawing of a view, and the race's countdown."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from quarkade.core.game import Action
from quarkade.core.words import plural
from quarkade.faces.countdown import REACTION_FLOOR_MS, choices, timed_choice, timed_step
from quarkade.games.qwarks.components import CARD_BY_ID, Question
from quarkade.games.qwarks.rules import QwarksState, new_state
from quarkade.games.qwarks.text import event_details, face_text, render_text
from quarkade.games.qwarks.views import FACES
from terminals import Terminal


def test_the_revealed_cards_are_drawn_with_every_detail() -> None:
    state = new_state(3, decks=[["q01", "q08"], ["q18", "q25"], ["q23", "q30"]], first=0)
    text = render_text(state.view(1).to_json())
    assert "deck 1 · you" in text
    assert f"Question: {state.question.text}" in text  # type: ignore[union-attr]
    for card_id in ("q01", "q18", "q23"):
        card = CARD_BY_ID[card_id]
        assert plural(card.value, "point") in text
        for qwark in card.qwarks:
            assert f"{qwark.colour.word} {qwark.mood.word}" in text
            eyes = f"{qwark.eyes} eye" + ("s" if qwark.eyes != 1 else "")
            assert eyes + (f", {qwark.tentacles} tentacles" if qwark.tentacles else "") in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_a_covered_card_shows_the_hand_never_the_face() -> None:
    state = new_state(3, decks=[["q01", "q08"], ["q18", "q25"], ["q23", "q30"]], first=0)
    state.apply_text(0, "cover 1 after 900")
    state.apply_text(1, "cover 1 after 1200")
    state.apply_text(2, "timeout")
    assert "Beaten to your card: cover another, your time running on from 900 ms." in render_text(
        state.view(1).to_json())
    assert "Beaten to a card, seat 1 may cover another." in render_text(state.view(2).to_json())
    state.apply_text(1, "cover 0 after 1500")
    text = render_text(state.view(0).to_json())
    hidden = CARD_BY_ID["q18"]
    assert "covered by" in text and "your hand" in text
    shown = (CARD_BY_ID["q01"].value, CARD_BY_ID["q23"].value)  # the faces beside it may show its value
    assert plural(hidden.value, "point") not in text or hidden.value in shown
    block = [line.split("   ")[1] for line in text.splitlines() if line.startswith("|")]
    assert not any("eye" in part for part in block), block
    assert "Seat 0 reached for deck 1 after 900 ms and got it." in text
    assert "Seat 1 reached for deck 1 too and was beaten to it at 900 ms." in text and "1200" not in text
    assert "Seat 1 reached for deck 0 after 1500 ms and got it." in text
    assert "Seat 2 covered nothing." in text
    other = render_text(state.view(1).to_json())
    assert "seat 0's hand" in other


def test_the_four_decks_of_two_players_fit_the_terminal() -> None:
    state = new_state(2, seed=4, four_decks=True)
    text = render_text(state.view(0).to_json())
    assert "deck 0 · you · right" in text and "deck 3 · seat 1 · left" in text
    assert max(len(line) for line in text.splitlines()) <= 80


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def reader(clock: Clock, lines: list[tuple[float, str | None]]) -> Iterator[str | None]:
    for seconds, text in lines:
        clock.now += seconds
        yield text


def race(lines: list[tuple[float, str | None]]) -> tuple[Action, list[str]]:
    state = new_state(3, seed=2, cover_seconds=3)
    step = timed_step(state)
    assert step is not None and step.seats == (0, 1, 2)
    clock, said = Clock(), list[str]()
    typed = reader(clock, lines)
    action = timed_choice(state.game, state, 0, step, lambda left: next(typed), said.append, clock)
    return action, said


def test_the_terminal_writes_the_measured_time_into_the_cover() -> None:
    """A cover is listed and typed as 'cover DECK'; the terminal writes in the time. A time the
    player types is refused with the reason, not silently replaced; 'timeout' is the clock's."""
    action, said = race([(1.24, "2")])
    assert str(action) == "cover 1 after 1240"
    assert said[0] == "1  cover 0   2  cover 1   3  cover 2"
    action, said = race([(0.4, "cover 2 after 5"), (0.1, "timeout"), (0.1, "Cover 2")])
    assert str(action) == "cover 2 after 600"
    assert "Not understood: the terminal measures your time and writes it in: type 'cover 2'" in said
    assert any(line.startswith("Not understood: the clock covers nothing for you") for line in said)


def test_a_line_read_sooner_than_anyone_reacts_is_dropped_as_typed_ahead() -> None:
    """At a keyboard, a line read within REACTION_FLOOR_MS of the cards being drawn was typed
    before they were: it is dropped, and the next line counts with its own time."""
    state = new_state(3, seed=2, cover_seconds=3)
    step = timed_step(state)
    assert step is not None
    clock, said = Clock(), list[str]()
    typed = reader(clock, [(0.05, "2"), (0.6, "3")])
    action = timed_choice(state.game, state, 0, step, lambda left: next(typed), said.append, clock,
                          floor_ms=REACTION_FLOOR_MS)
    assert str(action) == "cover 2 after 650"
    assert "What you typed before the cards were shown does not count." in said
    typed = reader(clock, [(REACTION_FLOOR_MS / 1000 + 0.01, "2")])
    action = timed_choice(state.game, state, 0, step, lambda left: next(typed), said.append, clock,
                          floor_ms=REACTION_FLOOR_MS)
    assert str(action) == f"cover 1 after {REACTION_FLOOR_MS + 10}"


def test_a_hand_beaten_to_a_card_has_the_rest_of_its_time_at_the_terminal() -> None:
    """Ruling 8: beaten at 1000 ms of a 3-second race, seat 0 has 2 seconds; 0.5 s after it is
    asked again, its cover is written in at 1500 ms."""
    state = new_state(3, seed=2, cover_seconds=3)
    state.apply_text(1, "cover 1 after 1000")
    state.apply_text(0, "cover 1 after 1200")
    state.apply_text(2, "timeout")
    step = timed_step(state)
    assert step is not None and step.seats == (0,)
    clock, said = Clock(), list[str]()
    typed = reader(clock, [(0.5, "cover 2")])
    action = timed_choice(state.game, state, 0, step, lambda left: next(typed), said.append, clock)
    assert str(action) == "cover 2 after 1500"
    assert "Quick! 2 seconds" in said[-1] and said[0] == "1  cover 0   2  cover 2", said
    typed = reader(clock, [(2.1, "cover 2")])
    assert str(timed_choice(state.game, state, 0, step, lambda left: next(typed), said.append, clock)) == "timeout"


def test_the_race_s_list_fits_80_columns_and_splits_no_entry() -> None:
    state = new_state(8, seed=2, cover_seconds=3)
    step = timed_step(state)
    assert step is not None
    said: list[str] = []
    timed_choice(state.game, state, 0, step, lambda left: None, said.append)
    menu = said[:said.index(next(line for line in said if line.startswith("Quick!")))]
    assert len(menu) > 1 and all(len(line) <= 80 for line in menu), menu
    entries = [entry for line in menu for entry in line.split("   ")]
    assert entries == [f"{n}  cover {n - 1}" for n in range(1, 9)]


def test_a_slip_costs_time_and_nothing_in_time_is_a_timeout() -> None:
    action, said = race([(0.5, "cover nine"), (0.3, "cover 7"), (0.2, "3")])
    assert str(action) == "cover 2 after 1000"
    assert any(line.startswith("Not understood") for line in said)
    assert any(line.startswith("Illegal: there is no deck 7") for line in said)
    action, said = race([(3.0, None)])
    assert str(action) == "timeout" and said[-1] == "Time is up."
    action, _ = race([(3.2, "1")])  # typed, but after the limit
    assert str(action) == "timeout"


def test_the_race_lists_each_card_once() -> None:
    state = new_state(2, seed=1, four_decks=True)
    step = timed_step(state)
    assert step is not None
    assert [str(a) for a in choices(step, state.legal_actions(0))] == [
        "cover 0 after 0", "cover 1 after 0", "cover 2 after 0", "cover 3 after 0", "timeout"]
    state.apply_text(0, "timeout")
    state.apply_text(1, "timeout")
    assert timed_step(state) is None or timed_step(state).key != step.key  # type: ignore[union-attr]


@pytest.mark.alone  # it measures the time a line takes to be read
def test_quarkade_play_runs_the_countdown() -> None:
    """The real command on a terminal: a line typed once the race shows covers a card within
    the limit; with nothing typed the limit passes and `timeout` is applied. (A line typed
    before the race opens is dropped: tests/test_terminal_play.py.)"""
    command = ("play", "qwarks", "--seats", "human,normal,normal", "--seed", "1", "--option", "cover_seconds=3")
    with Terminal(*command) as quick:
        quick.expect("seat 0> ", quick.expect("Quick!"))
        time.sleep(0.5)  # a player's reaction: a line sooner than REACTION_FLOOR_MS is typed ahead
        quick.type("1\n")
        end = quick.expect(" ms.", quick.expect("Seat 0 covers the card from deck 0 after "))
        after = int(quick.output[:end].rsplit(" after ", 1)[1].split(" ms")[0])
        assert 0 <= after < 3000
    with Terminal(*command) as silent:
        silent.expect("Seat 0 covers nothing in time.", silent.expect("Time is up."))


def test_a_card_of_one_point_says_one_point() -> None:
    state = new_state(3, decks=[["q35", "q08"], ["q18", "q25"], ["q23", "q30"]], first=0)
    text = render_text(state.view(1).to_json())
    assert CARD_BY_ID["q35"].value == 1
    assert "| 1 point " in text and "1 points" not in text


def turn_ended_by_a_wrong_answer() -> tuple[QwarksState, dict[str, Any]]:
    """Turn 1 asks the eyes: seat 0 answers right about q18 (7 eyes), then seat 1 wrong about
    q02 (5 eyes), the last answer, which ends the turn; turn 2 asks the colours. The state of
    turn 2's race, and seat 1's view of it."""
    state = new_state(2, decks=[["q02", "q01", "q22"], ["q18", "q19", "q35"]], first=0)
    state.apply_text(0, "cover 1 after 900")
    state.apply_text(1, "cover 0 after 950")
    state.apply_text(0, "answer 7 prooton")
    state.apply_text(1, "answer 4 prooton")
    assert state.turn == 2 and state.question == Question.COLOURS
    return state, state.view(1).to_json()


def test_the_race_after_a_wrong_last_answer_shows_its_card() -> None:
    """Ruling 16: the last answer's card is seen once the next turn has begun; the terminal
    shows the turn just ended above the new one, each answer with its card."""
    _, view = turn_ended_by_a_wrong_answer()
    text = render_text(view)
    lines = text.splitlines()
    assert lines[0] == "Last turn:" and lines.index("Turn 2 of 22; first player: seat 1.") > 1
    joined_up = " ".join(text.split())
    q02, q18 = FACES[CARD_BY_ID["q02"].index], FACES[CARD_BY_ID["q18"].index]
    assert f"seat 1 (you) answered 4 prooton: wrong. The card: {face_text(q02)}." in joined_up
    assert f"seat 0 answered 7 prooton: right. The card: {face_text(q18)}." in joined_up
    assert max(len(line) for line in lines) <= 80


def test_the_last_answer_of_a_turn_shows_its_card_under_its_line() -> None:
    """The terminal writes what an answer made public under its log line, read off the view
    after it: the turn's last answer ended the turn, and the next turn's view still holds its
    card, with the answer that keeps it for the question that turn asked (the eyes, not the
    colours the view asks now)."""
    _, view = turn_ended_by_a_wrong_answer()
    answers = [line for line in view["log"] if line["event"] == "answer"]
    assert [line["seat"] for line in answers] == [0, 1]
    q02, q18 = FACES[CARD_BY_ID["q02"].index], FACES[CARD_BY_ID["q18"].index]
    assert event_details(answers[1], view) == f"The card: {face_text(q02)}. The answer that keeps it: 5 prooton."
    assert event_details(answers[0], view) == f"The card kept: {face_text(q18)}."


def test_no_last_turn_is_drawn_once_the_next_answers_begin() -> None:
    state, _ = turn_ended_by_a_wrong_answer()
    state.apply_text(0, "cover 0 after 900")
    state.apply_text(1, "timeout")
    assert "Last turn" not in render_text(state.view(1).to_json())
