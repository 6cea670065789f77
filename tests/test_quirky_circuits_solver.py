"""The all-knowing solver of Quirky Circuits: its plans are legal and win through the rules,
every scenario is winnable from the deals tested, and it claims exactness only when proven."""

from __future__ import annotations

import pytest

from quarkade.games.quirky_circuits.actions import DONE, Play
from quarkade.games.quirky_circuits.components import CARD_BY_ID, SCENARIO_IDS, card_id, is_quirk
from quarkade.games.quirky_circuits.robot import Robot
from quarkade.games.quirky_circuits.rules import QUEUE_MINIMUM, QuirkyCircuitsState, new_state
from quarkade.games.quirky_circuits.solver import WIN, navigator, round_actions, search_round, solve


def replay(state: QuirkyCircuitsState, actions: tuple[tuple[int, object], ...]) -> QuirkyCircuitsState:
    """The plan applied through the checked path on a clone: an illegal step raises."""
    played = state.clone()
    for seat, action in actions:
        played.apply(seat, action)  # type: ignore[arg-type]
    return played


@pytest.mark.parametrize("scenario", SCENARIO_IDS)
@pytest.mark.parametrize("players", [2, 4])
def test_every_scenario_is_winnable(scenario: str, players: int) -> None:
    for seed in (0, 1):
        state = new_state(players, seed, scenario=scenario)
        solution = solve(state, beam=3, width=60, first_width=300)
        assert solution.won, f"{scenario} at {players} players, seed {seed}: no winning plan found"
        end = replay(state, solution.actions)
        assert end.result == "won"
        assert end.round == solution.rounds <= state.scenario.battery
        assert state.round == 1 and not state.queue, "solving must not touch the state it was given"


def test_a_plan_keeps_the_program_rules() -> None:
    """Each round of a plan: every player plays, five cards or more, Quirk cards first."""
    state = new_state(3, 4, scenario="cafe-botanical")
    solution = solve(state, beam=3, width=60, first_width=300)
    current = state.clone()
    queue: list[tuple[int, int]] = []
    for seat, action in solution.actions:
        if isinstance(action, Play):
            holds_quirk = any(is_quirk(card) for card in current.hands[seat])
            assert not holds_quirk or is_quirk(action.card), "a Quirk card comes first while held"
            queue.append((seat, action.card))
        elif action == DONE and all(current.done[s] or s == seat for s in range(3)):
            assert len(queue) >= QUEUE_MINIMUM and {s for s, _ in queue} == {0, 1, 2}
            queue = []
        current.apply(seat, action)
    assert current.result == "won"


def test_round_search_ends_meet_the_minimums_and_match_the_engine() -> None:
    state = new_state(2, 3, scenario="snow-kyo-drift")
    nav = navigator(state.scenario.id)
    search = search_round(nav, nav.of_state(state), state.hands, width=200)
    assert search.ends
    for plan in search.ends:
        assert len(plan.plays) >= QUEUE_MINIMUM and {seat for seat, _ in plan.plays} == {0, 1}
        after = replay(state, tuple(round_actions(plan)))
        if plan.robot_state == WIN:
            assert after.result == "won"
        else:
            assert nav.of_state(after) == plan.robot_state, "the search moved the robot as the engine does"


def test_navigator_steps_as_the_robot_does() -> None:
    scenario = new_state(2, 0, scenario="tea-time").scenario
    nav = navigator(scenario.id)
    robot = Robot(scenario, scenario.start, scenario.facing, scenario.tokens)
    state = nav.robot_state(scenario.start, scenario.facing, scenario.tokens)
    for name in ["move-2", "rotate-left", "move-3", "slide", "rotate-180", "move-back", "move-1", "rotate-right"] * 3:
        robot.resolve(CARD_BY_ID[name])
        state = nav.step(state, CARD_BY_ID[name])
        assert state == nav.robot_state(robot.space, robot.facing, robot.tokens), name


def test_a_win_in_the_first_round_is_exact() -> None:
    # At four players the hands hold Penny's whole Base Deck: the first queue can win.
    state = new_state(4, 0, scenario="hit-the-slopes")
    solution = solve(state)
    assert (solution.won, solution.rounds, solution.exact) == (True, 1, True)
    assert replay(state, solution.actions).round == 1


def test_two_rounds_are_exact_only_after_the_whole_first_round_was_searched() -> None:
    state = new_state(2, 0, scenario="hit-the-slopes")
    first = search_round(navigator(state.scenario.id), navigator(state.scenario.id).of_state(state), state.hands,
                         width=100_000)
    assert first.exhaustive and first.win is None, "no queue of the first round wins"
    assert solve(state).rounds == 2 and solve(state).exact
    narrow = solve(state, first_width=20)
    assert narrow.won and not narrow.exact, "a narrowed first round proves nothing"


def test_the_solver_refuses_what_it_does_not_plan() -> None:
    with pytest.raises(ValueError, match="pacing"):
        solve(new_state(2, 0, pacing=True))
    state = new_state(2, 0)
    state.apply(0, Play(state.hands[0][0]))
    with pytest.raises(ValueError, match="beginning of a program phase"):
        solve(state)
    assert card_id(state.queue[0][1]), "the state refused is left as it was"
