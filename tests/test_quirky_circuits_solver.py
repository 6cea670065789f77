"""The all-knowing solver of Quirky Circuits: its plans are legal and win through the rules,
every scenario is winnable from the deals tested, and it claims exactness only when proven."""

from __future__ import annotations

import pytest

from quarkade.games.quirky_circuits.actions import DONE, Play
from quarkade.games.quirky_circuits.components import CARD_BY_ID, SCENARIO_IDS, Direction, card_id, is_quirk
from quarkade.games.quirky_circuits.navigator import WIN, navigator
from quarkade.games.quirky_circuits.robot import Robot
from quarkade.games.quirky_circuits.rules import QUEUE_MINIMUM, QuirkyCircuitsState, new_state
from quarkade.games.quirky_circuits.solver import _seated, round_actions, round_win, search_round, solve
from quirky_circuits_positions import position


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
        solution = solve(state, beam=3, width=60, proof_budget=20_000)
        assert solution.won, f"{scenario} at {players} players, seed {seed}: no winning plan found"
        end = replay(state, solution.actions)
        assert end.result == "won"
        assert end.round == solution.rounds <= state.scenario.battery
        assert state.round == 1 and not state.queue, "solving must not touch the state it was given"


def test_a_plan_keeps_the_program_rules() -> None:
    """Each round of a plan: every player plays, five cards or more, Quirk cards first."""
    state = new_state(3, 4, scenario="cafe-botanical")
    solution = solve(state, beam=3, width=60, proof_budget=20_000)
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


def test_two_rounds_are_exact_only_after_the_whole_first_round_was_searched() -> None:
    state = new_state(2, 0, scenario="hit-the-slopes")
    nav = navigator(state.scenario.id)
    assert round_win(nav, nav.of_state(state), state.hands) is False
    first = search_round(nav, nav.of_state(state), state.hands, width=100_000)
    assert first.exhaustive and first.win is None, "the plain search of every queue agrees: none wins"
    solution = solve(state)
    assert (solution.rounds, solution.lower, solution.exact) == (2, 2, True)
    narrow = solve(state, proof_budget=10)
    assert narrow.won and narrow.lower == 1 and not narrow.exact, "an unfinished proof proves nothing"


def almost_won() -> QuirkyCircuitsState:
    """Rise and Shine with every dust bunny cleaned, Gizmo two spaces north of its start
    space facing south: a move 2, or a move 1 then a move 1 or 2, brings it home."""
    state = position(2, 0, hands={0: ["move-1", "move-2", "rotate-left", "rotate-right", "rotate-180"]})
    state.space, state.facing, state.tokens = (0, 3), Direction.SOUTH, ()
    state._legal = None
    return state


@pytest.mark.parametrize(("scenario", "seed"), [("dusty-greenhouse", 2), ("cafe-botanical", 5), ("", 0)])
def test_the_first_round_proof_agrees_with_the_plain_search(scenario: str, seed: int) -> None:
    state = new_state(2, seed, scenario=scenario) if scenario else almost_won()
    nav = navigator(state.scenario.id)
    proof = round_win(nav, nav.of_state(state), state.hands)
    plain = search_round(nav, nav.of_state(state), state.hands, width=1_000_000)
    assert plain.exhaustive and proof is not None
    assert (proof is False) == (plain.win is None)
    if proof:
        assert replay(state, tuple(round_actions(proof))).result == "won"


def test_the_solver_finds_a_first_round_win_exactly() -> None:
    solution = solve(almost_won())
    assert (solution.won, solution.rounds, solution.exact, solution.lower) == (True, 1, True, 1)


def test_the_solver_refuses_what_it_does_not_plan() -> None:
    with pytest.raises(ValueError, match="pacing"):
        solve(new_state(2, 0, pacing=True))
    state = new_state(2, 0)
    state.apply(0, Play(state.hands[0][0]))
    with pytest.raises(ValueError, match="beginning of a program phase"):
        solve(state)
    assert card_id(state.queue[0][1]), "the state refused is left as it was"


def test_the_docstring_example_holds() -> None:
    import doctest

    from quarkade.games.quirky_circuits import solver

    result = doctest.testmod(solver, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_four_hands_without_quirk_cards_are_proven_as_one() -> None:
    # Rise and Shine at four players: the hands hold Gizmo's whole Base Deck, and no queue
    # of it wins at once, so the two rounds the beam finds are the fewest.
    state = new_state(4, 1, scenario="rise-and-shine")
    solution = solve(state)
    assert (solution.rounds, solution.lower, solution.exact) == (2, 2, True)
    assert replay(state, solution.actions).result == "won"


def test_a_first_round_win_found_as_one_hand_is_played_by_its_holders() -> None:
    state = new_state(4, 0, scenario="rise-and-shine")
    state.space, state.facing, state.tokens = (0, 3), Direction.SOUTH, ()
    state._legal = None
    nav = navigator(state.scenario.id)
    merged = round_win(nav, nav.of_state(state), [sorted(c for hand in state.hands for c in hand)])
    assert merged
    seated = _seated(merged, state.hands)
    assert {seat for seat, _ in seated.plays} == {0, 1, 2, 3}
    assert replay(state, tuple(round_actions(seated))).result == "won"


def test_a_card_outcome_is_the_robots_own_resolution() -> None:
    """``Navigator.step`` takes a card that enters no token's space from the empty board's
    moves: in every scenario, from the places random play reaches, each kind of card must end
    where the robot resolving it ends, with the same tokens (or the win)."""
    from quarkade.core import Chance
    from quarkade.games.quirky_circuits.navigator import Navigator

    compared = 0
    for index, scenario in enumerate(SCENARIO_IDS):
        state = new_state(2, 70 + index, scenario=scenario)
        nav = Navigator(state.scenario)  # a fresh memory: every outcome is worked out here
        chance = Chance(index)
        while not state.is_over and state.round <= 6:
            robot_state = nav.of_state(state)
            for kind in range(8):
                robot = Robot(state.scenario, state.space, state.facing, state.tokens)
                robot.resolve(kind)
                expected = WIN if robot.won else nav.robot_state(robot.space, robot.facing, robot.tokens)
                assert nav.step(robot_state, kind) == expected, (scenario, state.space, state.facing, kind)
                compared += 1
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chance.below(len(legal))])
    assert compared > 2000


@pytest.mark.parametrize("filled", [False, True])
def test_the_empty_boards_moves_tell_a_cards_outcome(filled: bool) -> None:
    """``Navigator.step`` tells the outcome of a card that enters no token's space, and with
    every token collected of one that enters the start space (it meets the goal), from the
    empty board's moves, one by one or all of a set of tokens at once (``fill``): in every
    scenario, with its first tokens and with none, from every pose, each kind of card must end
    as the robot resolving it ends."""
    from quarkade.games.quirky_circuits.components import COMPONENTS
    from quarkade.games.quirky_circuits.navigator import Navigator

    for scenario_id in SCENARIO_IDS:
        scenario = COMPONENTS.scenario(scenario_id)
        nav = Navigator(scenario)
        for tokens in ((), scenario.tokens):
            number = nav.tokens_id(tokens)
            if filled:
                nav.fill(number)
            for pose in range(nav.poses):
                space, facing = nav.unpose(pose)
                if space in scenario.obstacles:
                    continue
                for kind in range(8):
                    robot = Robot(scenario, space, facing, nav.token_sets[number], record=False)
                    robot.resolve(kind)
                    expected = WIN if robot.won else nav.robot_state(robot.space, robot.facing, robot.tokens)
                    assert nav.step(number * nav.poses + pose, kind) == expected, (scenario_id, tokens, pose, kind)
