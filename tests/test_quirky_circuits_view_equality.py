"""Quirky Circuits views are built lazily (the players, the battery, the result, the log, the
deck and the execution are made only when read): whole, they must equal a plain eager build
of the same moment, for every seat and the spectator, however much the state has moved on
before the lazy parts are made."""

from __future__ import annotations

from typing import Any

from quarkade.core import Chance
from quarkade.core.log import read
from quarkade.games.quirky_circuits.components import SCENARIO_IDS, card_back, card_id
from quarkade.games.quirky_circuits.rules import QuirkyCircuitsState, Replay, new_state
from quarkade.games.quirky_circuits.views import LOG_LENGTH, board_json, describe


def eager_view(state: QuirkyCircuitsState, seat: int | None) -> dict[str, Any]:
    """Every field built at once, straight from the state, as the module's docstring describes."""
    over = state.is_over
    s = state.scenario
    players = []
    for p in range(state.players):
        entry: dict[str, Any] = {
            "seat": p, "hand_size": len(state.hands[p]),
            "backs": {"move": sum(1 for c in state.hands[p] if card_back(c) == "move"),
                      "turn": sum(1 for c in state.hands[p] if card_back(c) == "turn")},
            "played": state.played[p], "done": state.done[p],
            "stopped": state.stopped[p], "beeped": state.beeped[p],
        }
        if over:
            entry["hand"] = [card_id(c) for c in state.hands[p]]
        players.append(entry)
    face_up = state.practice or over
    data: dict[str, Any] = {
        "game": "quirky-circuits",
        "seat": seat,
        "scenario": {"id": s.id, "title": s.title, "robot": s.robot, "quirk_cards": s.quirks},
        "board": board_json(s.id),
        "practice": state.practice,
        "pacing": state.pacing,
        "round": state.round,
        "phase": "over" if over else "program",
        "battery": {"level": state.battery, "highest": s.battery, "yellow": s.yellow, "red": s.red,
                    "section": s.section(state.battery)},
        "robot": {"space": list(state.space), "facing": state.facing.word},
        "tokens": [{"token": t.kind, "space": list(t.space), "raised": t.raised} for t in state.tokens],
        "to_act": list(state.to_act),
        "players": players,
        "queue": [{"seat": p, "back": card_back(card), "card": card_id(card) if face_up or p == seat else None}
                  for p, card in state.queue],
        "queue_minimum": 5,
        "turn": {"seat": state.turn, "passes": state.passes, "played": state.turn_played}
        if state.pacing and not over else None,
        "deck": {"cards": len(state.deck), "top": card_back(state.deck[-1]) if state.deck else None, "layers": [
            {"cards": count, "from": [card_id(c) for c in pool] if pool else None} for count, pool in state.layers]},
        "execution": [dict(step) for step in state.execution],
        "result": {"outcome": state.result, "section": state.section},
        "is_over": over,
        "scores": list(state.scores) if over else None,
        "winners": list(state.winners) if over else None,
        "log": read(state.log, describe, seat, over, LOG_LENGTH),
    }
    if seat is not None:
        data["hand"] = [card_id(c) for c in state.hands[seat]]
    return data


def test_lazy_views_equal_an_eager_build_of_the_same_moment() -> None:
    compared = 0
    for index, scenario in enumerate(SCENARIO_IDS):
        for variant, options in enumerate(({}, {"pacing": True}, {"practice": True})):
            players = 2 + (index + variant) % 3
            state = new_state(players, 1000 + 3 * index + variant, scenario=scenario, **options)
            chance = Chance(index * 7 + variant)
            step = 0
            while True:
                checked = step % 6 == 0 or state.is_over
                if checked:
                    seats = [*range(players), None]
                    expected = [eager_view(state, seat) for seat in seats]
                    made = [state.view(seat) for seat in seats]
                    for view in made[::2]:
                        view.get("queue")  # a key read before the rest
                if state.is_over:
                    actual = [view.to_json() for view in made]
                    assert actual == expected, f"{scenario} {options}: the final views"
                    compared += len(made)
                    break
                seat = state.to_act[chance.below(len(state.to_act))]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[chance.below(len(legal))])
                if checked:
                    # Made whole only now, after the state moved on: still the moment they were made.
                    for view, wanted in zip(made, expected, strict=True):
                        assert view.to_json() == wanted, f"{scenario} {options} step {step} seat {view.seat}"
                    compared += len(made)
                step += 1
    assert compared > 500


def test_an_execution_leaves_the_robot_where_its_record_ends() -> None:
    """The robot and tokens after an Execute phase come from the navigator's kept outcomes,
    the step records only when read: both must tell the same story as the robot resolving the
    queue itself, in every scenario."""
    executions = 0
    for index, scenario in enumerate(SCENARIO_IDS):
        state = new_state(2 + index % 3, 500 + index, scenario=scenario)
        chance = Chance(index)
        while not state.is_over and executions < 40 * (index + 1):
            rounds = state.round
            before = state.clone()
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chance.below(len(legal))])
            if state.round == rounds and not state.is_over:
                continue
            executions += 1
            robot = Replay(before.scenario, before.space, before.facing, before.tokens, tuple(before.queue)).run()
            assert (state.space, state.facing) == (robot.space, robot.facing)
            assert sorted(state.tokens, key=str) == sorted(robot.tokens, key=str)
            assert state.execution == tuple(robot.steps)
            assert state.is_over == robot.won or state.battery == 0
    assert executions > 100
