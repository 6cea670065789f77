"""Cosmic Encounter names its planets in words players know, on every face: "seat 1's planet 4"
in the log (the web page shows the seat by its player's name), "your planet 4" to that seat in
the terminal. The planet's id (``1.3``) stays in the views and the notation, the protocol, and
is never a word shown. The words come from the view only (the board is public): every seat reads
the same log line about a planet."""

from __future__ import annotations

import doctest
import random
import re
from typing import Any

import quarkade
from quarkade.games.cosmic_encounter import components
from quarkade.games.cosmic_encounter.components import planet_place, planet_words
from quarkade.games.cosmic_encounter.text import PLANETS, render_text

PLANET_ID = re.compile(r"\b\d\.\d\b")  # an id as views and notation write it ("1.3")
PLANET_WORDS = re.compile(r"\b(?:seat (\d)'s|your) planets? ([1-5])\b")
PLANET_EVENTS = {"regroup", "aim", "launch", "ally", "outcome", "place"}  # the lines that name a planet


def test_a_planet_is_named_by_its_seat_and_its_number_from_one() -> None:
    assert planet_words(0) == "seat 0's planet 1"
    assert planet_words(8) == planet_words("1.3") == "seat 1's planet 4"
    assert planet_words(29) == "seat 5's planet 5"  # the largest table's last planet
    assert planet_words("1.3", viewer=1) == "your planet 4"
    assert planet_words("1.3", viewer=0) == planet_words("1.3", viewer=None) == "seat 1's planet 4"
    assert [planet_place(f"2.{p}") for p in range(5)] == [(2, n) for n in range(1, 6)]


def test_the_doctests_of_the_planets_words() -> None:
    for function in (planet_place, planet_words):
        finder = doctest.DocTestFinder().find(function, function.__name__, globs=vars(components))
        runner = doctest.DocTestRunner()
        for test in finder:
            runner.run(test)
        assert runner.summarize(verbose=False).failed == 0


def played_to(players: int, seed: int, steps: int, **options: Any) -> Any:
    game = quarkade.load("cosmic-encounter", players=players, **options)
    state, rng = game.new_game(seed=seed), random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[rng.randrange(len(state.to_act))]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_the_log_names_planets_in_words_never_by_id() -> None:
    named = 0
    for players, seed, options in ((4, 1, {"quarks": True}), (5, 2, {"quarks": True, "flares": True}), (3, 3, {})):
        state = played_to(players, seed, 400, **options)
        for viewer in (None, *range(players)):
            for line in state.view(viewer).to_json()["log"]:
                text = line["text"]
                assert not PLANET_ID.search(text), (viewer, text)
                assert "your planet" not in text  # the log names every seat alike, by number
                if line["event"] in PLANET_EVENTS and " planet " in text:
                    assert all(int(seat) < players for seat, _ in PLANET_WORDS.findall(text)), text
                    named += 1
    assert named > 50


def test_the_same_planet_line_reaches_every_seat() -> None:
    """Each line about a planet reads the same to every seat and a spectator: the words use
    only the public board."""
    state = played_to(4, 5, 300, quarks=True)
    public = [e for e in state.view(None).to_json()["log"] if e["event"] in PLANET_EVENTS]
    assert public
    for viewer in range(4):
        own = [e for e in state.view(viewer).to_json()["log"] if e["event"] in PLANET_EVENTS]
        assert own == public


def test_the_launch_and_the_landing_are_told_in_words() -> None:
    state = played_to(4, 1, 400, quarks=True)
    texts = [line["text"] for line in state.view(None).to_json()["log"]]
    assert any(re.search(r"launches \d tokens?: \d from seat \d's planet [1-5]", t) for t in texts)
    assert any(re.search(r"aims at seat \d's planet [1-5], defended by seat \d", t) for t in texts)


def test_the_terminal_numbers_the_planets_of_each_system_and_says_your_own() -> None:
    state = played_to(4, 7, 0, quarks=True)
    game = state.game
    rng = random.Random(7)  # on to the game's first aim
    while not any(str(a).startswith("aim ") for seat in state.to_act for a in state.legal_actions(seat)):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    offence = state.to_act[0]
    aim = next(a for a in state.legal_actions(offence) if str(a).startswith("aim "))
    state.apply(offence, aim)
    target = str(aim).split()[1]
    owner, number = planet_place(target)
    for viewer in range(4):
        text = render_text(state.view(viewer).to_json())
        lines = [line for line in text.splitlines() if not line.startswith(("Planets ", "    "))]
        # ids only in the legend's example of the notation
        assert not any(PLANET_ID.search(line) for line in lines), [line for line in lines if PLANET_ID.search(line)]
        said = f"your planet {number}" if viewer == owner else f"seat {owner}'s planet {number}"
        assert f"the cone aims at {said}" in text
        assert f">planet {number}:" in text  # under the defence's seat, marked as the target
        assert all(text.count(f"planet {n}: ") == 4 for n in range(1, 6))  # each system's five
    # the legend tells how the notation writes a planet
    assert "1.3" in PLANETS and "seat 1's planet 4" in PLANETS
    assert str(game.parse_action(state, offence, f"regroup {target}")) == f"regroup {target}"


def test_the_views_keep_the_planets_ids() -> None:
    view = played_to(4, 1, 30, quarks=True).view(0).to_json()
    assert [p["planet"] for p in view["planets"]] == [f"{s}.{p}" for s in range(4) for p in range(5)]
    target = view["encounter"]["target"]
    assert target is None or PLANET_ID.fullmatch(target)
