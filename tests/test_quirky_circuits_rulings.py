"""Each ruling of Quirky Circuits' RULINGS.md, pinned by a test (numbers as in the file)."""

from __future__ import annotations

import pytest

from quarkade.core.chance import Chance
from quarkade.core.errors import IllegalAction
from quarkade.games.quirky_circuits.actions import BEEP, DONE, PASS, STOP
from quarkade.games.quirky_circuits.components import (
    COMPONENTS,
    DUST,
    FLAG,
    PENNY,
    POT,
    SHATTERED,
    Direction,
    Token,
    card_back,
    is_quirk,
)
from quarkade.games.quirky_circuits.rules import QuirkyCircuitsState
from quirky_circuits_positions import act, board, position, run, steps


def test_2_quirk_cards_move_like_their_kind_and_share_its_back() -> None:
    s = board("""
        +-+-+-+-+
        |@ . . .|
        +-+-+-+-+
    """, robot=PENNY, facing="east")
    assert run(s, ["quirk-move-3"]).space == run(s, ["move-3"]).space == (3, 0)
    for robot in ("gizmo", "penny"):
        for card in COMPONENTS.decks[robot][1]:
            assert is_quirk(card) and card_back(card) == card_back(card - 8)


def test_5_the_boards_edge_is_a_barrier() -> None:
    s = board("""
        +-+-+
        |@ .|
        +-+-+
    """)
    robot = run(s, ["move-2"])
    assert robot.space == (0, 0) and robot.facing is Direction.WEST
    assert steps(robot, "collide")[0]["with"] == "edge"


def test_6_a_slide_crosses_a_slope_going_its_way() -> None:
    s = board("""
        +-+-+-+-+-+
        |@ .>. f .|
        +-+-+-+-+-+
    """, robot=PENNY, facing="east")
    robot = run(s, ["slide"])
    assert robot.space == (4, 0) and not any(t.kind == FLAG and t.space == (3, 0) for t in robot.tokens)


def test_7_a_slope_slide_ends_the_card() -> None:
    s = board("""
        +-+-+-+-+-+-+
        |@>. .|. . .|
        +-+-+-+-+-+-+
    """, robot=PENNY, facing="east")
    robot = run(s, ["move-3"])
    assert robot.space == (2, 0), "halted at the barrier; the two spaces left are lost"
    follow = run(s, ["move-3", "rotate-180", "move-1"])
    assert follow.space == (1, 0), "the next card is resolved"


def test_8_tunnel_mouths_are_on_the_edge_and_a_move_collides() -> None:
    s = COMPONENTS.scenario("sliding-through-tunnels")
    for (x, y, side) in s.tunnels:
        ahead = (x + (side == Direction.EAST) - (side == Direction.WEST),
                 y + (side == Direction.SOUTH) - (side == Direction.NORTH))
        assert not s.inside(ahead)


def test_9_a_move_card_walks_through_a_snowdrift() -> None:
    s = board("""
        +-+-+-+-+
        |@ F . .|
        +-+-+-+-+
    """, robot=PENNY, facing="east")
    robot = run(s, ["move-2"])
    assert robot.space == (2, 0) and not any(t.kind == FLAG and t.space == (1, 0) for t in robot.tokens)


def test_10_a_chair_is_cleaned_before_gizmo_halts_in_it() -> None:
    s = board("""
        +-+-+-+
        |@ C .|
        +-+-+-+
    """, facing="east")
    robot = run(s, ["move-2"])
    assert robot.space == (1, 0) and robot.facing is Direction.NORTH
    assert not any(t.kind == DUST and t.space == (1, 0) for t in robot.tokens)


def test_11_gizmos_slide_ends_turned_left() -> None:
    s = board("""
        +-+-+-+-+
        |@ . . .|
        +-+-+-+-+
    """, facing="east")
    robot = run(s, ["slide"])
    assert robot.space == (3, 0) and robot.facing is Direction.NORTH


@pytest.mark.parametrize(("row", "fallen"), [("|. p # .|", (1, 1)), ("|. p . .|", (2, 0))])
def test_12_another_obstacle_or_the_edge_stops_a_fall(row: str, fallen: tuple[int, int]) -> None:
    s = board(f"""
        +-+-+-+-+
        {row}
        + + + + +
        |. . . .|
        +-+-+-+-+
    """)
    robot = run(s, ["move-1"], space=(0, 0), facing="east")
    assert Token(SHATTERED, fallen) in robot.tokens
    edge = board("""
        +-+-+
        |. p|
        + + +
        |. .|
        +-+-+
    """)
    assert Token(SHATTERED, (1, 1)) in run(edge, ["move-1"], space=(0, 0), facing="east").tokens


def test_12_a_backward_move_knocks_the_token_the_way_gizmo_backs() -> None:
    s = board("""
        +-+-+-+-+
        |. p . .|
        + + + + +
        |. . . .|
        +-+-+-+-+
    """)
    robot = run(s, ["move-back"], space=(2, 0), facing="east")
    assert Token(SHATTERED, (0, 0)) in robot.tokens and robot.facing is Direction.NORTH


def test_13_with_both_ways_blocked_the_token_stays() -> None:
    s = board("""
        +-+-+-+
        |. p|.|
        + +-+ +
        |. . .|
        +-+-+-+
    """)
    robot = run(s, ["move-1"], space=(0, 0), facing="east")
    assert Token(POT, (1, 0), raised=True) in robot.tokens
    assert steps(robot, "fall") == [], "nothing fell, so the record shows no fall"


def test_14_a_whole_pot_need_not_fall_and_tokens_may_share_a_space() -> None:
    s = board("""
        +-+-+-+
        |. p d|
        + + + +
        |@ . .|
        +-+-+-+
    """)
    robot = run(s, ["move-1"], space=(0, 0), facing="east", goal=True)
    assert Token(SHATTERED, (2, 0)) in robot.tokens and Token(DUST, (2, 0)) in robot.tokens
    whole = run(s, [], tokens=(Token(POT, (1, 0), raised=True),), space=(0, 0), facing="south", goal=True)
    whole.resolve(0)  # move-1 onto the start space
    assert whole.won


def test_15_passing_over_the_start_space_wins() -> None:
    s = board("""
        +-+-+-+-+
        |. @ . .|
        +-+-+-+-+
    """, robot=PENNY, facing="east")
    robot = run(s, ["move-3"], space=(0, 0), facing="east", tokens=(), goal=True)
    assert robot.won and robot.space == (1, 0)
    assert robot.steps[-1]["step"] == "goal"


def test_17_lost_at_the_reset_that_empties_the_battery() -> None:
    state = position(2)
    state.battery = 2
    for _ in range(2):
        for seat in (0, 1):
            for _ in range(3):
                state.apply(seat, next(a for a in state.legal_actions(seat) if str(a).startswith("play")))
        state.apply(0, DONE)
        state.apply(1, DONE)
    assert state.is_over and state.battery == 0 and state.round == 2


def test_18_signals_by_any_player_once_a_round_and_nothing_else() -> None:
    state = position(2)
    state.apply(0, state.legal_actions(0)[0])
    act(state, 0, "done")
    assert state.to_act == (1,) and state.legal_actions(0) == [] and state.optional_actions(0) == [STOP, BEEP]
    act(state, 0, "beep")  # done, not waited for: still a player at the table
    assert state.to_act == (1,) and state.optional_actions(0) == [STOP]
    with pytest.raises(IllegalAction, match="already said Beep-boop"):
        state.apply(0, BEEP)
    with pytest.raises(IllegalAction, match="you are done playing cards this round"):
        state.apply(0, DONE)
    act(state, 1, "stop")
    act(state, 1, "beep")
    assert STOP not in state.legal_actions(1) and BEEP not in state.legal_actions(1)
    assert state.optional_actions(1) == []  # a seat to act: its legal actions are all it may do


def test_18_in_pacing_mode_a_player_not_on_turn_may_signal() -> None:
    state = position(3, pacing=True)
    assert state.to_act == (0,) and state.optional_actions(2) == [STOP, BEEP]
    act(state, 2, "stop")
    assert state.to_act == (0,) and state.turn == 0
    with pytest.raises(IllegalAction, match="seat 0's turn: you may only signal"):
        state.apply(2, state.legal_actions(0)[0])
    assert [e["event"] for e in state.view(1).to_json()["log"][-1:]] == ["stop"]


def test_18_signals_come_back_each_round() -> None:
    state = position(2)
    act(state, 0, "stop")
    for seat in (0, 1):
        for _ in range(3):
            state.apply(seat, next(a for a in state.legal_actions(seat) if str(a).startswith("play")))
        state.apply(seat, DONE)
    assert state.round == 2 and STOP in state.legal_actions(0)


def test_19_done_is_final_and_pass_is_for_pacing() -> None:
    state = position(2)
    state.apply(0, state.legal_actions(0)[0])
    act(state, 0, "done")
    assert state.to_act == (1,) and state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="pacing"):
        state.apply(1, PASS)


def test_21_the_dealer_starts_every_pacing_round() -> None:
    state = position(2, pacing=True)
    for seat in (0, 1):
        for _ in range(3):
            state.apply(seat, next(a for a in state.legal_actions(seat) if str(a).startswith("play")))
        act(state, seat, "done")
    act(state, 0, "pass")
    act(state, 1, "pass")
    assert state.round == 2 and state.to_act == (0,)


def _play(state: QuirkyCircuitsState, seat: int, count: int) -> None:
    for _ in range(count):
        state.apply(seat, next(a for a in state.legal_actions(seat) if str(a).startswith("play")))


def test_22_only_a_player_needed_for_the_minimums_is_made_to_play() -> None:
    """Pacing: "they may choose to pass". The queue holds five and only seat 2 owes its card:
    seat 1, who has played, may pass (it was made to play, and could be made to empty its hand
    while seat 2 passed); seat 2, who owes its card, must play."""
    state = position(3, pacing=True)
    _play(state, 0, 3)
    act(state, 0, "done")
    _play(state, 1, 2)
    act(state, 1, "done")
    act(state, 2, "pass")  # seat 2 may pass before the others have all passed
    act(state, 0, "pass")
    assert len(state.queue) == 5 and state.played == [3, 2, 0]
    assert PASS in state.legal_actions(1)
    act(state, 1, "pass")
    assert PASS not in state.legal_actions(2)
    with pytest.raises(IllegalAction, match="you have played no card this round"):
        state.apply(2, PASS)
    _play(state, 2, 1)
    act(state, 2, "done")
    for seat in (0, 1, 2):
        act(state, seat, "pass")
    assert state.round == 2


def test_22_a_short_queue_makes_a_player_who_played_play_again() -> None:
    """Three cards in the queue, every player has played: the five need two more, which no one
    owes, so once the others have passed the player on turn must play."""
    state = position(3, pacing=True)
    for seat in (0, 1, 2):
        _play(state, seat, 1)
        act(state, seat, "done")
    act(state, 0, "pass")
    act(state, 1, "pass")
    assert len(state.queue) == 3 and PASS not in state.legal_actions(2)
    with pytest.raises(IllegalAction, match="the queue holds 3 cards: the players still owing their first card "
                                            "cannot bring it to 5, so play a card"):
        state.apply(2, PASS)


def test_22_a_player_without_cards_may_always_pass() -> None:
    state = position(2, pacing=True)
    for _ in range(5):
        state.apply(0, next(a for a in state.legal_actions(0) if str(a).startswith("play")))
    act(state, 0, "done")
    act(state, 1, "pass")
    assert state.hands[0] == [] and not state.minimums_met()
    assert PASS in state.legal_actions(0), "no cards: seat 0 may pass although seat 1 has played none"
    act(state, 0, "pass")
    assert PASS not in state.legal_actions(1) and state.round == 1


def test_23_a_seat_sees_the_faces_of_its_own_queue_cards_only() -> None:
    state = position(3, hands={1: ["move-2", "rotate-left", "move-1", "slide"]})
    act(state, 1, "play slide")
    assert state.view(1).to_json()["queue"][0]["card"] == "slide"
    assert state.view(0).to_json()["queue"][0]["card"] is None
    assert state.view(0).to_json()["log"][-1] == {
        "event": "play", "seat": 1, "back": "move", "text": "Seat 1 plays a move card face down into the queue."}


def test_23_the_backs_of_held_cards_and_of_the_deck_s_top_are_seen_by_all() -> None:
    """ "The backs of the cards will convey some information, like if the card will cause the
    robot to move or turn": every seat, and a spectator, sees how many of each hand's cards show
    each back, and the back on the deck's top; a card played takes its back out of the hand."""
    state = position(3, hands={1: ["move-2", "rotate-left", "move-1", "rotate-180"]})
    for seat in (None, 0, 1, 2):
        data = state.view(seat).to_json()
        assert data["players"][1]["backs"] == {"move": 2, "turn": 2}
        assert data["deck"]["top"] == card_back(state.deck[-1])
    act(state, 1, "play rotate-180")
    assert state.view(0).to_json()["players"][1]["backs"] == {"move": 2, "turn": 1}
    # A determinization from seat 0's view deals seat 1 cards of the backs seen, and a top alike.
    for k in range(20):
        sampled = state.game.sample_state(state.view(0), Chance(k))
        assert sorted(card_back(card) for card in sampled.hands[1]) == ["move", "move", "turn"]
        assert card_back(sampled.deck[-1]) == card_back(state.deck[-1])


def test_an_unknown_signal_is_refused_with_a_reason() -> None:
    from quarkade.games.quirky_circuits.actions import Signal

    state = position(2)
    with pytest.raises(IllegalAction, match="not an action"):
        state.apply(0, Signal("wave"))
