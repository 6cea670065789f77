"""``quarkade play`` on a real terminal (a pseudo-terminal), where what a keyboard does matters:
a line typed before a race's cards are drawn, Ctrl-D at a race, Ctrl-C.

Each test waits for what the game prints before it types, with a generous limit, and asserts on
what the game logs (which card was covered, that the game was left), never on how fast: a busy
machine makes them slower, not wrong.
"""

from __future__ import annotations

import json
import re
import signal
import time
from pathlib import Path

import quarkade
from quarkade.core.words import plural
from terminals import Terminal

QWARKS = ("play", "qwarks", "--seats", "human,normal", "--seed", "5")
# A cover typed sooner than this after the race shows counts as typed ahead (REACTION_FLOOR_MS):
# a player's reaction, here given room.
REACTION = 0.5


def test_a_line_typed_before_a_race_opens_does_not_count() -> None:
    """Finding 1: the answer of turn 1 and a cover for turn 2 typed together. The cover was read
    as soon as turn 2's race opened and won it 'after 50 ms', before its cards were on the
    screen. It is dropped now, and the game says so; a cover typed once the race shows counts."""
    with Terminal(*QWARKS) as table:
        race = table.expect("seat 0> ", table.expect("Quick!"))
        time.sleep(REACTION)
        table.type("1\n")  # race 1: cover the card from deck 0
        answer = table.expect("seat 0> ", table.expect("answer 0 prooton", race))
        table.type("1\n2\n")  # the answer, and '2' typed ahead for turn 2's race
        turn = table.expect("Turn 2 of 22", answer)
        table.expect("seat 0> ", table.expect("Quick!", turn))
        time.sleep(REACTION)
        table.type("1\n")  # turn 2's race, its cards shown: cover the card from deck 0
        table.expect(" ms.", table.expect("Seat 0 covers ", turn))
        assert "What you typed before the cards were shown does not count." in table.output[turn:]
        covered = re.search(r"Seat 0 covers the card from deck (\d) after \d+ ms\.", table.output[turn:])
        assert covered is not None and covered.group(1) == "0", table.output[turn:]


def test_ctrl_d_at_a_race_leaves_the_game() -> None:
    """Finding 2: Ctrl-D at the race's prompt leaves the game as at any other prompt; the clock
    (a minute here) did not run out first."""
    with Terminal(*QWARKS, "--option", "cover_seconds=60") as table:
        table.expect("seat 0> ", table.expect("Quick!"))
        table.type("\x04")
        table.expect("Game left unfinished after 0 actions (seed 5).")
        assert table.ended() == 0
        assert "Time is up" not in table.output


def test_ctrl_c_leaves_as_quit_does_and_writes_the_record(tmp_path: Path) -> None:
    """Finding 5: Ctrl-C says what quit says, writes the record of the unfinished game where
    --record asks, and says so; the shell's status is still that of an interrupted command."""
    path = tmp_path / "left.json"
    with Terminal(*QWARKS, "--record", str(path)) as table:
        race = table.expect("seat 0> ", table.expect("Quick!"))
        time.sleep(REACTION)
        table.type("1\n")
        table.expect("seat 0> ", table.expect("answer 0 prooton", race))
        table.process.send_signal(signal.SIGINT)  # what Ctrl-C at the terminal sends
        said = table.expect(" (seed 5).", table.expect("Game left unfinished after "))
        table.expect(f"Record of the unfinished game written to {path}.")
        assert table.ended() == 130
        actions = int(table.output[:said].rsplit("Game left unfinished after ", 1)[1].split()[0])
        record = json.loads(path.read_text())
        assert len(record["actions"]) == actions >= 1
        assert not quarkade.replay(record).is_over


def test_a_line_typed_ahead_does_not_pass_the_hand_over_screen() -> None:
    """Hot seat: a move and an Enter too many, typed together by a player at its turn's last
    move, are its own. The Enter used to pass the hand-over screen unseen, showing the next
    player's hand to whoever sat there, and a move typed after it was played as the next
    player's. Now what was typed ahead is dropped there, and the screen waits for an Enter typed
    at it; `quit` leaves there too."""
    # The moves, each the first listed ('1'), up to the last before the seat to act changes.
    state = quarkade.load("quirky-quarks", players=2).new_game(4)
    seats = [state.to_act[0]]
    while True:
        state.apply(seats[-1], state.legal_actions(seats[-1])[0])
        if state.to_act[0] != seats[-1]:
            break
        seats.append(state.to_act[0])
    last, other = seats[-1], state.to_act[0]
    with Terminal("play", "quirky-quarks", "--seats", "human,human", "--seed", "4") as table:
        at = 0
        for seat in seats[:-1]:
            at = table.expect(f"seat {seat}> ", at)
            table.type("1\n")
        prompt = table.expect(f"seat {last}> ", at)
        table.type("1\n\n2\n")  # its last move, an Enter too many, and a move for the next seat
        shown = table.expect("then press Enter.", prompt)
        table.read_for(1.5)
        assert f"you are seat {other}" not in table.output[shown:], table.output[shown:]
        table.type("\n")
        table.expect(f"seat {other}> ", table.expect(f"you are seat {other}", shown))
        table.type("quit\n")
        table.expect(f"Game left unfinished after {plural(len(seats), 'action')}")
