"""Every rule paragraph of the Quirky Circuits scenarios (Dust Bunnies, Barriers & Obstacles,
Slopes, Flags, Sliding into Tunnels, Flower Pots, Quirk Cards, Chairs, Snowdrifts, Dust
Bunnies on Obstacles, Goal), each on a small hand-made board or position.

Boards are drawn in the map legend of ``quirky_circuits/components.py``; coordinates are
(x, y) with y counted from the north.
"""

from __future__ import annotations

import pytest

from quarkade.core.errors import IllegalAction
from quarkade.games.quirky_circuits.actions import PLAYS
from quarkade.games.quirky_circuits.components import (
    CARD_BY_ID,
    COMPONENTS,
    DUST,
    FLAG,
    PENNY,
    POT,
    SHATTERED,
    Direction,
    Token,
)
from quarkade.games.quirky_circuits.robot import goal_met
from quirky_circuits_positions import act, board, position, run, steps


# ------------------------------------------------------------------------ Scenario rules
def test_dust_bunnies_cleaned_onto_or_through() -> None:
    """DUST BUNNIES: When Gizmo moves onto or through a space with a dust bunny token, discard it."""
    s = board("""
        +-+-+-+-+
        |. . . .|
        + + + + +
        |d . . .|
        + + + + +
        |d . . .|
        + + + + +
        |@ . . d|
        +-+-+-+-+
    """)
    robot = run(s, ["move-2"])
    assert robot.space == (0, 1) and [t.space for t in robot.tokens if t.kind == DUST] == [(3, 3)]
    assert [st["at"] for st in steps(robot, "collect")] == [[0, 2], [0, 1]]


def test_flags_collected_onto_or_through() -> None:
    """FLAGS: When Penny moves onto or through a space with a flag token, discard that token."""
    s = board("""
        +-+-+-+-+
        |f . . .|
        + + + + +
        |f . . .|
        + + + + +
        |@ . . .|
        +-+-+-+-+
    """, robot=PENNY)
    robot = run(s, ["slide"])
    assert robot.space == (0, 0) and all(t.kind != FLAG for t in robot.tokens if t.space[0] >= 0)


def test_barriers_and_obstacles_halt_and_gizmo_rotates_left() -> None:
    """BARRIERS & OBSTACLES: robots cannot move through them; a collision halts the movement;
    Gizmo also rotates left."""
    s = board("""
        +-+-+-+-+
        |. . . .|
        + +-+ + +
        |. @ .#.|
        +-+-+-+-+
    """.replace(".#.", ". #"))
    robot = run(s, ["move-1"])
    assert robot.space == (1, 1) and robot.facing is Direction.WEST
    assert steps(robot, "collide")[0]["with"] == "barrier"
    robot = run(s, ["rotate-right", "move-2"])
    assert robot.space == (2, 1) and robot.facing is Direction.NORTH
    assert steps(robot, "collide")[0]["with"] == "obstacle"


def test_barriers_halt_penny_without_a_turn() -> None:
    """BARRIERS (Penny's scenarios): a collision halts her movement, nothing more."""
    s = board("""
        +-+-+-+
        |. . .|
        + +-+ +
        |. @ .|
        +-+-+-+
    """, robot=PENNY)
    robot = run(s, ["move-2"])
    assert robot.space == (1, 1) and robot.facing is Direction.NORTH


def test_slopes_cannot_move_or_slide_up() -> None:
    """SLOPES: Penny cannot move or slide up a slope; she collides with it and halts."""
    s = board("""
        +-+-+-+
        |. . .|
        + +v+ +
        |. . .|
        + + + +
        |. @ .|
        +-+-+-+
    """, robot=PENNY)
    for card in ("move-3", "slide"):
        robot = run(s, [card])
        assert robot.space == (1, 1), card
        assert steps(robot, "collide")[0]["with"] == "slope"


def test_slopes_remember_penny_slides_the_slopes_way() -> None:
    """Remember: moving across a slope going the way of its arrow, Penny slides that way until
    she collides with a barrier or slope."""
    s = board("""
        +-+-+-+-+-+-+
        |@>. . f .|.|
        +-+-+-+-+-+-+
    """, robot=PENNY, facing="east")
    robot = run(s, ["move-1"])
    assert robot.space == (4, 0) and robot.facing is Direction.EAST
    assert not any(t.kind == FLAG and t.space == (3, 0) for t in robot.tokens)
    up = board("""
        +-+-+-+-+-+
        |@>. . .<.|
        +-+-+-+-+-+
    """, robot=PENNY, facing="east")
    assert run(up, ["move-1"]).space == (3, 0), "the next slope, against her, stops the slide"


TUNNEL = """
    +-+-+-+-+
    |. . . .|
    + + + + +
    |. . f .1
    + + + + +
    |. . @ .|
    +-+1+-+-+
"""


def test_sliding_into_tunnels_out_of_the_other_side() -> None:
    """SLIDING INTO TUNNELS: if Penny slides into a tunnel, she continues sliding out of the
    other side; facing forward in, she comes out facing forward."""
    s = board(TUNNEL, robot=PENNY, facing="east")
    robot = run(s, ["slide"], space=(1, 2), facing="south")
    # In at the bottom of column 1, out of the east side of row 1, sliding west.
    assert steps(robot, "tunnel")[0]["robot"] == [3, 1]
    assert robot.space == (0, 1) and robot.facing is Direction.WEST
    assert not any(t.kind == FLAG and t.space == (2, 1) for t in robot.tokens)


def test_sliding_into_tunnels_backwards_comes_out_backwards() -> None:
    s = board(TUNNEL, robot=PENNY)
    slope = board("""
        +-+-+-+-+
        |. . . .|
        + + + + +
        |. . . .1
        + +v+ + +
        |. . . .|
        +-+1+-+-+
    """, robot=PENNY)
    robot = run(slope, ["move-back"], space=(1, 1), facing="north")
    assert robot.space == (0, 1) and robot.facing is Direction.EAST, "facing backwards, out backwards"
    assert run(s, ["slide"], space=(1, 2), facing="south").facing is Direction.WEST


def test_sliding_into_tunnels_she_cannot_move_into_one() -> None:
    s = board(TUNNEL, robot=PENNY)
    robot = run(s, ["move-2"], space=(1, 2), facing="south")
    assert robot.space == (1, 2) and steps(robot, "collide")[0]["with"] == "tunnel"


POTS = """
    +-+-+-+-+
    |. . . .|
    + + + + +
    |. p . .|
    + + + + +
    |. . . .|
    + + + + +
    |@ . . .|
    +-+-+-+-+
"""


def test_flower_pots_fall_away_and_shatter() -> None:
    """FLOWER POTS: colliding with an obstacle that has a flower pot, the pot falls 1 space
    away from Gizmo and shatters."""
    s = board(POTS)
    robot = run(s, ["move-1"], space=(0, 1), facing="east")
    assert robot.space == (0, 1) and robot.facing is Direction.NORTH
    assert Token(SHATTERED, (2, 1)) in robot.tokens and not any(t.kind == POT for t in robot.tokens)
    assert steps(robot, "fall")[0]["to"] == [2, 1]


def test_flower_pots_must_be_cleaned_before_the_goal() -> None:
    s = board(POTS)
    robot = run(s, ["move-1", "move-1", "rotate-left", "move-1"], space=(1, 2), facing="north", goal=True)
    assert robot.space == s.start and not robot.won and Token(SHATTERED, (1, 0)) in robot.tokens
    robot = run(s, ["move-2"], space=(0, 1), facing="south", tokens=(Token(SHATTERED, (0, 2)),), goal=True)
    assert robot.won and robot.space == s.start


def test_flower_pots_fall_south_at_a_barrier() -> None:
    """If a flower pot cannot move away from Gizmo because of a barrier, it falls south."""
    s = board("""
        +-+-+-+
        |. p|.|
        + + + +
        |. . .|
        +-+-+-+
    """)
    robot = run(s, ["move-1"], space=(0, 0), facing="east")
    assert Token(SHATTERED, (1, 1)) in robot.tokens


def test_flower_pots_falling_onto_gizmo_are_cleaned_at_once() -> None:
    """If this causes it to fall onto Gizmo, clean it up immediately."""
    s = board("""
        +-+-+-+
        |. . .|
        + +-+ +
        |. p .|
        + + + +
        |. . .|
        +-+-+-+
    """)
    robot = run(s, ["move-1"], space=(1, 2), facing="north")
    assert not any(t.kind in (POT, SHATTERED) for t in robot.tokens)
    assert [st["step"] for st in robot.steps[:4]] == ["collide", "fall", "collect", "halt"]


def test_dust_bunnies_on_obstacles_fall_away() -> None:
    """DUST BUNNIES ON OBSTACLES: the dust bunny falls 1 space away from Gizmo (south at a
    barrier; onto Gizmo it is cleaned at once), and can then be cleaned."""
    s = board(POTS.replace("p", "o"))
    robot = run(s, ["move-1"], space=(0, 1), facing="east")
    assert Token(DUST, (2, 1)) in robot.tokens
    robot = run(s, ["move-1", "rotate-180", "move-1", "rotate-left", "move-2", "rotate-left", "move-1"],
                space=(0, 1), facing="east")
    assert robot.space == (2, 1) and Token(DUST, (2, 1)) not in robot.tokens
    walled = board(POTS.replace("p", "o").replace("|. o . .|", "|. o|. .|"))
    assert Token(DUST, (1, 2)) in run(walled, ["move-1"], space=(0, 1), facing="east").tokens
    roofed = board(POTS.replace("p", "o").replace("+ + + + +\n    |. o", "+ +-+ + +\n    |. o"))
    robot = run(roofed, ["move-1"], space=(1, 2), facing="north")
    assert roofed.barriers and not any(t.kind == DUST for t in robot.tokens)


def test_quirk_cards_are_played_before_any_other() -> None:
    """QUIRK CARDS: a player with Quirk cards in hand plays them before any other card."""
    state = position(3, hands={0: ["move-1", "quirk-move-3", "rotate-left", "quirk-rotate-180"]},
                     scenario="cafe-botanical")
    assert [str(a) for a in state.legal_actions(0) if str(a).startswith("play")] == [
        "play quirk-move-3", "play quirk-rotate-180"]
    with pytest.raises(IllegalAction, match="Quirk cards must be played before"):
        state.apply(0, PLAYS[CARD_BY_ID["move-1"]])
    act(state, 0, "play quirk-rotate-180")
    act(state, 0, "play quirk-move-3")
    assert "play move-1" in [str(a) for a in state.legal_actions(0)]


CHAIRS = """
    +-+-+-+
    |. . .|
    + + + +
    |. c .|
    + + + +
    |. . .|
    +-+-+-+
"""


def test_chairs_a_move_card_halts_and_rotates_left() -> None:
    """CHAIRS: moving into a chair space via a move card, Gizmo halts and rotates left."""
    s = board(CHAIRS)
    robot = run(s, ["move-2"], space=(1, 2), facing="north")
    assert robot.space == (1, 1) and robot.facing is Direction.WEST
    assert steps(robot, "halt")[0]["reason"] == "chair"
    assert run(s, ["slide"], space=(1, 2), facing="north").space == (1, 1)


def test_chairs_a_rotate_card_does_not_turn_left() -> None:
    """Via a rotate card, it does not turn left."""
    s = board(CHAIRS)
    robot = run(s, ["rotate-right"], space=(1, 1), facing="north")
    assert robot.facing is Direction.EAST and len(steps(robot, "rotate")) == 1


def test_snowdrifts_halt_a_slide() -> None:
    """SNOWDRIFTS: if Penny slides into a snowdrift she halts."""
    s = board("""
        +-+-+-+-+-+
        |@ . ~ . .|
        +-+-+-+-+-+
    """, robot=PENNY, facing="east")
    robot = run(s, ["slide"])
    assert robot.space == (2, 0) and steps(robot, "halt")[0]["reason"] == "snowdrift"
    assert run(s, ["move-3"]).space == (3, 0), "a move card walks through a snowdrift"
    slope = board("""
        +-+-+-+-+-+
        |@>. ~ . .|
        +-+-+-+-+-+
    """, robot=PENNY, facing="east")
    assert run(slope, ["move-1"]).space == (2, 0), "a slide down a slope halts there too"


@pytest.mark.parametrize("scenario", [s.id for s in COMPONENTS.scenarios])
def test_goal_clean_up_or_collect_all_and_return(scenario: str) -> None:
    """GOAL: all dust bunnies or flags, then back to the start space."""
    s = COMPONENTS.scenario(scenario)
    below = (s.start[0], s.start[1] + 1) if s.start[1] + 1 < s.height else (s.start[0], s.start[1] - 1)
    assert not goal_met(s, s.start, s.tokens), "not before the tokens are gone"
    assert goal_met(s, s.start, tuple(t for t in s.tokens if t.kind == POT)), "unbroken pots may stay"
    assert not goal_met(s, below, ()), "the robot must be on the start space"
    assert not goal_met(s, s.start, (Token(SHATTERED, below),)), "shattered pots must be cleaned"
