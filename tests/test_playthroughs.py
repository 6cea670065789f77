"""Golden playthroughs: for each game a seeded game of random legal moves, printed move by move
as a spectator reads it (each action in notation, then the log lines it wrote), compared with
the file kept in ``tests/playthroughs/``. A change of rules, notation, legal-move order or log
wording shows there as a diff to read and accept, not as a silent change of behaviour.

After a change meant to alter them: ``QUARKADE_PLAYTHROUGHS=1 python -m pytest
tests/test_playthroughs.py`` writes the files again (only then: a test run rewrites nothing)."""

from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Any

import pytest

import quarkade
from conftest import chooser
from quarkade.core.words import plural
from quarkade.tools.replay import log_text, walk

FOLDER = Path(__file__).parent / "playthroughs"
SEED = 11
STEPS = 150  # enough for every phase of a turn; the files stay small
# (game, players, options, verbs held back): a verb held back is chosen only when nothing else
# is legal, so that the solitaire game is not ended at once by counting.
CASES: dict[str, tuple[str, int, dict[str, Any], tuple[str, ...]]] = {
    "quirky-quarks-3p": ("quirky-quarks", 3, {}, ()),
    "quirks-3p": ("quirks", 3, {}, ()),
    "quirks-solitaire": ("quirks-solitaire", 1, {}, ("count",)),
    "quirkling-3p": ("quirkling", 3, {}, ()),
    "quirky-circuits-3p-cafe-botanical": ("quirky-circuits", 3, {"scenario": "cafe-botanical"}, ()),
    "qwarks-3p": ("qwarks", 3, {}, ()),
    "cosmic-encounter-4p-quarks": ("cosmic-encounter", 4, {"quarks": True, "flares": True}, ()),
}


def playthrough(game_id: str, players: int, options: dict[str, Any], held_back: tuple[str, ...]) -> str:
    game = quarkade.load(game_id, players=players, **options)
    state, chance = game.new_game(SEED), chooser(SEED)
    while not state.is_over and state.steps < STEPS:
        seat = state.to_act[chance.below(len(state.to_act))]
        legal = state.legal_actions(seat)
        rather = [action for action in legal if str(action).split(" ", 1)[0] not in held_back] or legal
        state.apply(seat, rather[chance.below(len(rather))])
    record = state.record()
    lines = [f"# {game.info.title}, {plural(players, 'player')}, options {game.options}, seed {SEED}, "
             f"rules {game.info.rules_version}: random legal moves, as a spectator reads them"]
    replay = walk(record)
    lines.extend(f"      | {log_text(entry)}" for entry in replay.start.get("log", []))
    for step in replay.steps:
        lines.append(f"{step.number:4}  seat {step.seat}: {step.notation}")
        lines.extend(f"      | {line}" for line in step.log)
    final = replay.final
    if final.is_over:
        lines.append(f"# over: scores {list(final.scores)}, winners {list(final.winners)}")
    else:
        lines.append(f"# {STEPS} moves shown; the game goes on")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", list(CASES))
def test_a_seeded_game_plays_as_its_golden_playthrough(name: str) -> None:
    made = playthrough(*CASES[name])
    path = FOLDER / f"{name}.txt"
    if os.environ.get("QUARKADE_PLAYTHROUGHS") == "1":
        FOLDER.mkdir(exist_ok=True)
        path.write_text(made, encoding="utf-8")
    kept = path.read_text(encoding="utf-8")
    if made != kept:
        diff = "".join(list(difflib.unified_diff(kept.splitlines(keepends=True), made.splitlines(keepends=True),
                                                 f"kept {path.name}", "played now", n=2))[:60])
        pytest.fail(f"{name} no longer plays as its playthrough; if the change is meant, write the files again "
                    f"(QUARKADE_PLAYTHROUGHS=1, see this module's docstring):\n{diff}")
