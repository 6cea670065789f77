"""Every worked example and rule of the Quirky Circuits rulebook, named by its section (the
scenarios' rule paragraphs are in ``test_quirky_circuits_scenario_rules.py``).

Boards are drawn in the map legend of ``quirky_circuits/components.py``; coordinates are
(x, y) with y counted from the north. Seats: Nikki 0, Colby 1, Jerry 2.
"""

from __future__ import annotations

import pytest

from quarkade.core.errors import IllegalAction
from quarkade.games.quirky_circuits.actions import BEEP, DONE, PASS, STOP
from quarkade.games.quirky_circuits.components import (
    COMPONENTS,
    DUST,
    PENNY,
    Direction,
    Token,
    card_id,
    is_quirk,
)
from quarkade.games.quirky_circuits.rules import HAND_SIZE, LOST, WON, QuirkyCircuitsState, new_state
from quirky_circuits_positions import act, board, position, run, stack, steps

NIKKI, COLBY, JERRY = 0, 1, 2


# ------------------------------------------------------------------------ Getting Started
@pytest.mark.parametrize("scenario", [s.id for s in COMPONENTS.scenarios])
def test_getting_started_setup(scenario: str) -> None:
    """The scenario's robot on its space facing the arrow, the battery marker on the highest
    space, its tokens placed, its deck (with Quirk cards where it says) dealt."""
    s = COMPONENTS.scenario(scenario)
    for players in (2, 3, 4):
        state = new_state(players, seed=players, scenario=scenario)
        assert (state.space, state.facing) == (s.start, s.facing)
        assert state.battery == s.battery and state.round == 1
        assert state.tokens == s.tokens
        assert [len(hand) for hand in state.hands] == [HAND_SIZE[players]] * players
        cards = sorted(state.deck + [c for hand in state.hands for c in hand])
        base, quirks = COMPONENTS.decks[s.robot]
        assert cards == sorted(base + (quirks if s.quirks else ()))
        assert any(is_quirk(c) for c in cards) == ("quirk-cards" in s.rules)


def test_getting_started_hand_sizes() -> None:
    """Hand size: 5 cards with 2 players, 4 with 3 or 4."""
    assert HAND_SIZE == {2: 5, 3: 4, 4: 4}


def test_getting_started_the_deck_is_shuffled() -> None:
    """Shuffle the command cards and form a face-down deck: seeds give different hands."""
    hands = {tuple(new_state(3, seed).hands[0]) for seed in range(8)}
    assert len(hands) > 1


# ------------------------------------------------------------------------ Round Order: Program
def test_program_example_nikki_colby_jerry() -> None:
    """Colby places cards 1 and 2 into the queue right away, Nikki places card 3, Jerry places
    card 4, and Nikki places card 5: the queue is in that order, and so is the execution."""
    state = position(3, hands={NIKKI: ["rotate-left", "move-1", "move-1", "rotate-right"],
                               COLBY: ["move-2", "rotate-180", "move-1", "rotate-left"],
                               JERRY: ["rotate-right", "move-3", "move-back", "move-2"]})
    assert state.to_act == (NIKKI, COLBY, JERRY), "free play: everyone may play at once"
    act(state, COLBY, "play move-2")
    act(state, COLBY, "play rotate-180")
    act(state, NIKKI, "play rotate-left")
    act(state, JERRY, "play move-back")
    act(state, NIKKI, "play move-1")
    assert [seat for seat, _ in state.queue] == [COLBY, COLBY, NIKKI, JERRY, NIKKI]
    for seat in (JERRY, COLBY, NIKKI):
        act(state, seat, "done")
    reveals = [step for step in state.execution if step["step"] == "reveal"]
    assert [(r["seat"], r["card"]) for r in reveals] == [
        (COLBY, "move-2"), (COLBY, "rotate-180"), (NIKKI, "rotate-left"), (JERRY, "move-back"), (NIKKI, "move-1")]


def test_program_each_player_plays_a_card_and_five_in_all() -> None:
    """Each player must play at least 1 card and in total the players must play 5 or more."""
    state = position(2, hands={0: ["move-1"] * 3 + ["rotate-left"] * 2, 1: ["move-2"] * 2 + ["rotate-right"] * 3})
    assert DONE not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="at least one card"):
        state.apply(0, DONE)
    act(state, 0, "play move-1")
    act(state, 0, "done")
    act(state, 1, "play move-2")
    for _ in range(3):
        assert DONE not in state.legal_actions(1)
        with pytest.raises(IllegalAction, match="needs 5"):
            state.apply(1, DONE)
        act(state, 1, "play rotate-right")
    assert len(state.queue) == 5 and DONE in state.legal_actions(1)
    act(state, 1, "done")
    assert state.round == 2 and state.queue == []


def test_program_cards_go_to_the_right_of_the_last_card() -> None:
    """Each card must be played into the queue to the right of the last card played; cards
    already played cannot be rearranged (no action does)."""
    state = position(2, hands={0: ["move-1", "move-2", "move-3", "slide", "rotate-180"]})
    for name in ("move-3", "move-1", "slide"):
        act(state, 0, f"play {name}")
    assert [card_id(card) for _, card in state.queue] == ["move-3", "move-1", "slide"]
    assert {str(a).split()[0] for a in state.legal_actions(0)} <= {"play", "done", "stop", "beep"}


def test_program_halting_skips_to_the_next_card() -> None:
    """Halting: stop resolving the current card and proceed to the next one."""
    s = board("""
        +-+-+-+
        |. . .|
        +-+ + +
        |@ . .|
        +-+-+-+
    """, robot=PENNY)
    robot = run(s, ["move-3", "rotate-right", "move-1"])
    assert robot.space == (1, 1) and robot.facing is Direction.EAST


# ------------------------------------------------------------------------ Round Order: Reset
def test_reset_queue_under_the_deck_battery_down_hands_refilled() -> None:
    state = position(2, hands={0: ["rotate-left"] * 3 + ["rotate-right"] * 2,
                               1: ["move-1", "move-2", "move-back", "slide", "rotate-180"]})
    deck_before = state.deck[:]
    for name in ("rotate-left", "rotate-left", "rotate-right"):
        act(state, 0, f"play {name}")
    act(state, 1, "play rotate-180")
    act(state, 1, "play move-1")
    queue = sorted(card for _, card in state.queue)
    act(state, 0, "done")
    act(state, 1, "done")
    assert state.battery == COMPONENTS.scenarios[0].battery - 1 and state.round == 2
    assert [len(hand) for hand in state.hands] == [5, 5]
    # The queue went to the bottom of the deck, the hands were refilled from the top.
    drawn = 5
    assert state.deck[len(queue):] == deck_before[: len(deck_before) - drawn]
    assert sorted(state.deck[: len(queue)]) == queue


def test_reset_the_game_is_lost_when_the_battery_reaches_zero() -> None:
    state = new_state(2, seed=3)
    state.battery = 1
    for seat in (0, 1):
        for _ in range(3):
            state.apply(seat, next(a for a in state.legal_actions(seat) if str(a).startswith("play")))
    state.apply(0, DONE)
    state.apply(1, DONE)
    assert state.is_over and state.result == LOST and state.battery == 0
    assert state.winners == () and state.scores == (0.0, 0.0) and state.to_act == ()


# ------------------------------------------------------------------------ Communicating
def test_communicating_signals_are_public_and_limited() -> None:
    """Players may show they are done (cards face down), that the group should stop (hands
    flat), or say "Beep-boop"; nothing else passes between them."""
    state = position(3)
    act(state, 1, "stop")
    act(state, 2, "beep")
    for seat in (None, 0, 1, 2):
        log = state.view(seat).to_json()["log"]
        assert [e["event"] for e in log[-2:]] == ["stop", "beep"]
    assert STOP not in state.legal_actions(1) and BEEP not in state.legal_actions(2)
    with pytest.raises(IllegalAction, match="hands flat"):
        state.apply(1, STOP)
    with pytest.raises(IllegalAction, match="Beep-boop"):
        state.apply(2, BEEP)
    assert {p["seat"]: (p["stopped"], p["beeped"]) for p in state.view(None).to_json()["players"]} == {
        0: (False, False), 1: (True, False), 2: (False, True)}


def test_communicating_a_player_who_is_done_may_still_put_its_hands_flat() -> None:
    """Done (cards face down) ends a player's cards for the round, not its say: it may still
    show that the group should stop playing cards (hands flat), while the others play on."""
    state = position(3)
    act(state, 0, next(str(a) for a in state.legal_actions(0) if str(a).startswith("play")))
    act(state, 0, "done")
    assert 0 not in state.to_act
    act(state, 0, "stop")
    assert state.to_act == (1, 2)
    for seat in (None, 0, 1, 2):
        assert state.view(seat).to_json()["log"][-1]["event"] == "stop"
    assert state.view(None).to_json()["players"][0]["stopped"] is True


def test_communicating_card_backs_show_only_move_or_turn() -> None:
    """The backs tell whether a card moves or turns the robot, not which way or how far."""
    state = position(3, hands={0: ["move-3", "rotate-left", "move-1", "slide"]})
    act(state, 0, "play move-3")
    act(state, 0, "play rotate-left")
    for seat in (None, 1, 2):
        assert state.view(seat).to_json()["queue"] == [
            {"seat": 0, "back": "move", "card": None}, {"seat": 0, "back": "turn", "card": None}]
    assert [q["card"] for q in state.view(0).to_json()["queue"]] == ["move-3", "rotate-left"]


# ------------------------------------------------------------------------ Winning the Game
def _almost_won(players: int = 2) -> QuirkyCircuitsState:
    """Rise and Shine with one dust bunny left, one space north of the start."""
    state = position(players, hands={0: ["move-1", "move-1", "rotate-180", "move-2", "move-3"],
                                     1: ["rotate-left", "rotate-right", "rotate-left", "move-back", "slide"]})
    start = state.scenario.start
    state.space, state.facing = (start[0], start[1] - 2), Direction.SOUTH
    state.tokens = (Token(DUST, (start[0], start[1] - 1)),)
    return state


def test_winning_immediately_even_with_cards_left_to_resolve() -> None:
    state = _almost_won()
    act(state, 0, "play move-2")
    act(state, 0, "play move-1")
    act(state, 1, "play rotate-left")
    act(state, 1, "play slide")
    act(state, 1, "play move-back")
    act(state, 0, "done")
    act(state, 1, "done")
    assert state.result == WON and state.is_over
    assert state.winners == (0, 1) and state.scores == (1.0, 1.0)
    assert [s["step"] for s in state.execution if s["step"] == "reveal"] == ["reveal"], "one card revealed"
    assert state.section == "green" and state.statistics()["green"] == 1.0


@pytest.mark.parametrize(("battery", "section"), [(12, "green"), (9, "green"), (8, "yellow"), (5, "yellow"),
                                                  (4, "red"), (1, "red")])
def test_winning_in_the_green_yellow_or_red(battery: int, section: str) -> None:
    """Yellow and green are the greater challenges: the result says where it was won."""
    state = _almost_won()
    state.battery = battery
    for seat, name in ((0, "move-2"), (0, "move-1"), (1, "slide"), (1, "move-back"), (1, "rotate-left")):
        act(state, seat, f"play {name}")
    act(state, 0, "done")
    act(state, 1, "done")
    assert state.section == section
    assert state.view(None).to_json()["result"] == {"outcome": "won", "section": section}
    assert state.statistics()[section] == 1.0


# ------------------------------------------------------------------------ Card Iconography
@pytest.mark.parametrize(("card", "space", "facing"), [
    ("move-1", (2, 2), "north"), ("slide", (2, 0), "north"), ("move-2", (2, 1), "north"),
    ("rotate-left", (2, 3), "west"), ("move-3", (2, 0), "north"), ("rotate-right", (2, 3), "east"),
    ("move-back", (2, 4), "north"), ("rotate-180", (2, 3), "south"),
])
def test_card_iconography(card: str, space: tuple[int, int], facing: str) -> None:
    """Each card, relative to the robot's facing, on an open board (Penny: no turn on the edge)."""
    s = board("""
        +-+-+-+-+-+
        |. . . . .|
        + + + + + +
        |. . . . .|
        + + + + + +
        |. . . . .|
        + + + + + +
        |. . @ . .|
        + + + + + +
        |. . . . .|
        +-+-+-+-+-+
    """, robot=PENNY)
    robot = run(s, [card])
    assert robot.space == space and robot.facing.word == facing


def test_card_iconography_directions_are_relative_to_the_robot() -> None:
    s = board("""
        +-+-+-+-+
        |. . . .|
        + + + + +
        |. @ . .|
        +-+-+-+-+
    """, robot=PENNY, facing="east")
    assert run(s, ["move-2"]).space == (3, 1)
    assert run(s, ["move-back"]).space == (0, 1)


# ------------------------------------------------------------------------ Gizmo
def test_gizmo_example_obstacle_halts_and_rotates_left() -> None:
    """A command card would move Gizmo forward three spaces, but it hits an obstacle. Gizmo
    immediately halts its movement and rotates left."""
    s = board("""
        +-+-+-+
        |. # .|
        + + + +
        |. . .|
        + + + +
        |. . .|
        + + + +
        |. @ .|
        +-+-+-+
    """)
    robot = run(s, ["move-3"])
    assert robot.space == (1, 1) and robot.facing is Direction.WEST
    assert [st["step"] for st in robot.steps[-3:]] == ["collide", "halt", "rotate"]


# ------------------------------------------------------------------------ Penny
def test_penny_example_backward_over_a_slope() -> None:
    """A command card moves Penny backward over a slope, so she slides backwards until she
    hits a barrier."""
    s = board("""
        +-+-+-+
        |. @ .|
        + +v+ +
        |. . .|
        + + + +
        |. . .|
        + +-+ +
        |. . .|
        +-+-+-+
    """, robot=PENNY)
    robot = run(s, ["move-back"])
    assert robot.space == (1, 2) and robot.facing is Direction.NORTH
    assert steps(robot, "slide")[0]["cause"] == "slope" and steps(robot, "slide")[0]["direction"] == "south"


def test_penny_only_going_the_slopes_way() -> None:
    """She slides only when going in the same direction as the slope's arrow."""
    s = board("""
        +-+-+-+
        |. . .|
        + +v+ +
        |. @ .|
        + + + +
        |. . .|
        +-+-+-+
    """, robot=PENNY)
    robot = run(s, ["move-1"])
    assert robot.space == (1, 1) and steps(robot, "collide")[0]["with"] == "slope"


# ------------------------------------------------------------------------ Alternative Rules
def test_practice_mode_cards_are_played_face_up() -> None:
    state = position(3, hands={0: ["move-3", "rotate-left", "move-1", "slide"]}, practice=True)
    act(state, 0, "play move-3")
    for seat in (None, 1, 2):
        view = state.view(seat).to_json()
        assert view["queue"] == [{"seat": 0, "back": "move", "card": "move-3"}]
        assert view["log"][-1]["card"] == "move-3"


def test_pacing_mode_turns_from_the_dealer_any_number_or_pass() -> None:
    """Starting with the dealer, players take turns clockwise; on a turn they play any number
    of cards or pass; the phase ends when all players have passed with no card played."""
    state = position(3, hands={0: ["move-1", "move-1", "rotate-left", "rotate-right"],
                               1: ["move-2", "rotate-180", "move-1", "rotate-left"],
                               2: ["rotate-right", "move-3", "move-back", "move-2"]}, pacing=True)
    assert state.to_act == (0,), "the dealer (seat 0) begins"
    assert PASS in state.legal_actions(0) and DONE not in state.legal_actions(0)
    act(state, 0, "pass")
    assert state.to_act == (1,)
    act(state, 1, "play move-2")
    act(state, 1, "play rotate-180")
    assert PASS not in state.legal_actions(1), "after playing cards the turn ends with done"
    act(state, 1, "done")
    act(state, 2, "play move-back")
    act(state, 2, "done")
    act(state, 0, "play move-1")
    act(state, 0, "play rotate-left")
    act(state, 0, "done")
    assert len(state.queue) == 5
    act(state, 1, "pass")
    act(state, 2, "pass")
    assert state.round == 1, "two passes in a row are not all three"
    act(state, 0, "pass")
    assert state.round == 2 and state.to_act == (0,)


def test_pacing_mode_a_pass_then_cards_later() -> None:
    """A player could choose to pass on one turn but then play cards on subsequent turns."""
    state = position(2, pacing=True)
    act(state, 0, "pass")
    assert PASS not in state.legal_actions(1), "seat 0 has played nothing: seat 1 must not end the phase"
    with pytest.raises(IllegalAction, match="play a card"):
        state.apply(1, PASS)
    state.apply(1, state.legal_actions(1)[0])
    act(state, 1, "done")
    assert state.to_act == (0,)
    state.apply(0, state.legal_actions(0)[0])
    assert state.played == [1, 1]


def test_winning_rise_and_shine_over_three_rounds() -> None:
    """A whole game through the players' actions: three programs clean the four dust bunnies
    and bring Gizmo home in the green."""
    state = position(2)
    programs = [
        ((0, "slide"), (0, "rotate-180"), (0, "move-3"), (1, "move-2"), (1, "rotate-right")),
        ((1, "move-2"), (0, "move-2"), (1, "move-1"), (0, "rotate-right"), (1, "move-1")),
        ((0, "move-1"), (1, "move-1"), (0, "move-1"), (1, "move-2"), (0, "rotate-left")),
    ]
    ends = [((5, 0), Direction.SOUTH, 2), ((4, 5), Direction.WEST, 1)]
    for round_, program in enumerate(programs):
        hands: dict[int, list[str]] = {0: [], 1: []}
        for seat, name in program:
            hands[seat].append(name)
        stack(state, hands_of_five(hands))
        for seat, name in program:
            act(state, seat, f"play {name}")
        act(state, 0, "done")
        act(state, 1, "done")
        if round_ < 2:
            assert (state.space, state.facing, len(state.tokens)) == ends[round_]
    assert state.result == WON and state.space == state.scenario.start and state.tokens == ()
    assert state.section == "green" and state.battery == state.scenario.battery - 2
    reveals = [s for s in state.execution if s["step"] == "reveal"]
    assert len(reveals) == 4, "won on the fourth card; the fifth stays unrevealed"


def hands_of_five(hands: dict[int, list[str]]) -> dict[int, list[str]]:
    """Complete each wanted hand to five cards with rotate cards nobody will play."""
    fillers = ["rotate-left", "rotate-left", "rotate-left", "rotate-right", "rotate-right", "rotate-right",
               "move-back", "move-back"]
    for names in hands.values():
        for name in names:
            if name in fillers:
                fillers.remove(name)
    return {seat: names + [fillers.pop() for _ in range(5 - len(names))] for seat, names in hands.items()}
