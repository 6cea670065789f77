"""The compiled engine (docs/compiled.md): built where CI requires it, the same games as the
Python it is compiled from, and never run stale."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import quarkade
import quarkade.core
import quarkade.games.quirks.rules
from quarkade import compiled
from quarkade.agents import make_bot
from quarkade.tools.match import make_bots, play_match

# Seeded games of every game with heuristic bots (those left Python run on the compiled core), told
# as JSON: records, every seat's last view, the scores. Run here (compiled, where built) and in a
# process told to run Python.
PLAY = """
import json, sys
import quarkade
from quarkade.tools.match import make_bots, play_match
games = []
for game_id, players, seed, options in json.loads(sys.argv[1]):
    game = quarkade.load(game_id, players=players, **options)
    state = play_match(game, make_bots(game, ["heuristic"] * players, seed), seed)
    games.append({"record": state.record().to_json(), "scores": state.scores, "winners": state.winners,
                  "statistics": state.statistics(),
                  "views": [state.view(seat).to_json() for seat in [*range(players), None]]})
print(json.dumps({"engine": quarkade.compiled.engine(), "games": games}, sort_keys=True, default=repr))
"""
GAMES = [("quirks", 3, 11, {}), ("quirks", 4, 12, {}), ("quirks", 2, 13, {}), ("quirks-solitaire", 1, 14, {}),
         ("quirkling", 3, 15, {}), ("quirkling", 5, 23, {}), ("quirky-quarks", 3, 16, {}), ("quirky-quarks", 2, 17, {}),
         ("quirky-circuits", 3, 18, {}), ("quirky-circuits", 4, 19, {}), ("qwarks", 3, 20, {}),
         ("cosmic-encounter", 4, 21, {}), ("cosmic-encounter", 5, 22, {}),
         # the expansion, the flares (Python classes the compiled engine calls) and the largest deck
         ("cosmic-encounter", 3, 24, {"quarks": True, "flares": True, "deck": "mayfair-more"}),
         ("cosmic-encounter", 6, 25, {"quarks": True, "flares": True})]


def _play(pure: bool) -> dict[str, object]:
    environment = {**os.environ, "QUARKADE_PURE": "1" if pure else ""}
    done = subprocess.run([sys.executable, "-c", PLAY, json.dumps(GAMES)], capture_output=True, text=True,
                          env=environment, timeout=300, check=True)
    played: dict[str, object] = json.loads(done.stdout)
    return played


def test_ci_runs_the_suite_on_the_compiled_engine() -> None:
    """CI installs with QUARKADE_COMPILE=require: the engine it tests is the compiled one."""
    if os.environ.get("QUARKADE_COMPILE") != "require":
        pytest.skip("the install was not required to compile (QUARKADE_COMPILE=require): either engine may run")
    assert compiled.engine() == "compiled (mypyc)"
    assert not quarkade.games.quirks.rules.__file__.endswith(".py")


def test_the_compiled_engine_plays_the_same_games_as_the_python_it_is_made_from() -> None:
    as_built, as_python = _play(pure=False), _play(pure=True)
    assert str(as_python["engine"]).startswith("Python (")
    assert as_built["games"] == as_python["games"]
    assert len(as_built["games"]) == len(GAMES)  # type: ignore[arg-type]


def test_a_source_changed_since_the_build_runs_as_python(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    chance = Path(quarkade.core.__file__).with_name("chance.py")
    manifest = tmp_path / "compiled.json"
    monkeypatch.setattr(compiled, "MANIFEST", manifest)
    monkeypatch.delenv("QUARKADE_PURE", raising=False)
    digest = hashlib.sha256(chance.read_bytes()).hexdigest()

    manifest.write_text(json.dumps({"quarkade.core.chance": digest}))
    assert compiled._choose() == (frozenset(), "")

    manifest.write_text(json.dumps({"quarkade.core.chance": "0" * 64, "quarkade.core.log": "1" * 64}))
    with pytest.warns(UserWarning, match=r"2 compiled modules changed since the build \(quarkade\.core\.chance, "
                                         r"quarkade\.core\.log\).*pip install -e \."):
        names, reason = compiled._choose()
    assert names == {"quarkade.core.chance", "quarkade.core.log"} and "run as Python" in reason

    manifest.write_text(json.dumps({"quarkade.core.chance": digest}))
    monkeypatch.setenv("QUARKADE_PURE", "1")
    assert compiled._choose() == (frozenset({"quarkade.core.chance"}),
                                  "QUARKADE_PURE is set: the compiled modules run as Python")

    manifest.unlink()
    assert compiled._choose() == (frozenset(), "Quarkade was installed as Python (no compiled modules)")


def test_a_module_to_run_as_python_is_found_as_its_source() -> None:
    finder = compiled._FromSource(frozenset({"quarkade.core.chance"}))
    spec = finder.find_spec("quarkade.core.chance", list(quarkade.core.__path__))
    assert spec is not None and spec.origin == str(Path(quarkade.core.__file__).with_name("chance.py"))
    assert finder.find_spec("quarkade.core.log", list(quarkade.core.__path__)) is None


@pytest.mark.parametrize("game_id", [info.id for info in quarkade.list_games()])
def test_games_states_and_views_pickle_and_copy_whole(game_id: str) -> None:
    """As Python objects do: a compiled class is not made without its constructor's arguments,
    so the compiled ones say how to be made again (multiprocessing, Ray and RL tools pickle them)."""
    game = quarkade.load(game_id)
    state = game.new_game(seed=5)
    chance = quarkade.core.Chance(6)
    for _ in range(30):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, chance.choice(state.legal_actions(seat)))
    seats = [*range(game.players), None]
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert type(copied) is type(state) and copied.record() == state.record()
        assert [copied.view(seat).to_json() for seat in seats] == [state.view(seat).to_json() for seat in seats]
        assert copied.to_act == state.to_act
        assert [[str(action) for action in copied.legal_actions(seat)] for seat in copied.to_act] == \
            [[str(action) for action in state.legal_actions(seat)] for seat in state.to_act]
    for copied_game in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert type(copied_game) is type(game) and copied_game.options == game.options
        assert copied_game.new_game(seed=5).view(0).to_json() == game.new_game(seed=5).view(0).to_json()
    view = state.view(0)
    assert pickle.loads(pickle.dumps(view)).to_json() == view.to_json()


@pytest.mark.parametrize("game_id", [info.id for info in quarkade.list_games()])
def test_a_finished_game_pickles_and_copies_whole(game_id: str) -> None:
    """However long its history and its log (each a chain, pickled as a list)."""
    game = quarkade.load(game_id)
    state = play_match(game, make_bots(game, ["heuristic"] * game.players, 7), 7)
    assert state.is_over
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert copied.record() == state.record() and copied.scores == state.scores
        assert [copied.view(seat).to_json() for seat in [*range(game.players), None]] == \
            [state.view(seat).to_json() for seat in [*range(game.players), None]]


def test_a_search_with_worker_processes_plays() -> None:
    """``mcts:workers=2`` sends its guiding heuristic bot to two processes; compiled, the bot
    cannot be pickled yet and the workers make their own."""
    game = quarkade.load("quirky-quarks", players=3)
    bots = [make_bot("mcts:workers=2,iterations=16", game, 1), *make_bots(game, ["heuristic"] * 2, 2)]
    state = game.new_game(seed=3)
    for _ in range(4):
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert state.steps == 4


@pytest.mark.parametrize("game_id", [info.id for info in quarkade.list_games()])
def test_notation_of_the_wrong_kind_gets_the_projects_errors(game_id: str) -> None:
    """A compiled ``parse_action`` takes only a whole-number seat and a text: ``apply_text``
    refuses anything else first, with the error Python gave, and changes nothing."""
    state = quarkade.load(game_id).new_game(seed=2)
    before = state.record()
    with pytest.raises(quarkade.InvalidNotation, match="notation is text, not int"):
        state.apply_text(state.to_act[0], 5)
    for seat in ("0", None, 0.0):
        with pytest.raises(quarkade.IllegalAction, match="a seat is a whole number from 0 to"):
            state.apply_text(seat, "pass")
    assert state.record() == before
