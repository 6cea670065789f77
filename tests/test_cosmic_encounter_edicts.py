"""The six edicts, played at the edict window where every seat is asked."""

from __future__ import annotations

from quarkade.games.cosmic_encounter.actions import Decline, Invite, Pass, PlayEdict
from quarkade.games.cosmic_encounter.components import Edict
from quarkade.games.cosmic_encounter.powers import POWER_NAMES
from quarkade.games.cosmic_encounter.rules import CosmicState, Step
from test_rulebook_cosmic_encounter import ally_of, give, new, set_hand, settle, until


def at_window(**options: bool | str) -> CosmicState:
    state = new(edicts=True, **options)  # type: ignore[arg-type]
    until(state, Step.EDICTS)
    return state


def hold(state: CosmicState, seat: int, face: str) -> None:
    """Make sure ``seat`` holds a card with ``face`` (the deck may hold only one)."""
    if all(state.cards[c].face != face for c in state.hands[seat]):
        give(state, seat, face)


def test_every_seat_is_asked_at_the_window_whatever_it_holds() -> None:
    state = at_window()
    assert state.to_act == (0, 1, 2, 3)
    for seat in range(4):
        assert Pass() in state.legal_actions(seat)
    holder = state.to_act[0]
    state.apply(holder, Pass())
    assert holder not in state.to_act and len(state.to_act) == 3


def test_cosmic_zap_cancels_a_power_for_the_challenge() -> None:
    state = at_window()
    state.powers = (POWER_NAMES.index("laser"), -1, -1, -1)
    hold(state, 1, "zap")
    state.apply(1, PlayEdict(Edict.ZAP, 0))
    assert state.power_of(0).name == "" and state.view(None).to_json()["players"][0]["zapped"]


def test_mobius_tubes_free_every_token_in_the_warp() -> None:
    state = at_window()
    state.warp[2], state.tokens[10][2] = 3, state.tokens[10][2] - 3
    hold(state, 0, "mobius")
    state.apply(0, PlayEdict(Edict.MOBIUS))
    settle(state)  # each token goes to a base of its owner's choice, then the window goes on
    assert state.step is Step.EDICTS and state.warp == [0, 0, 0, 0]
    assert sum(row[2] for row in state.tokens) == 20


def test_force_field_sends_every_ally_home() -> None:
    state = new(edicts=True)
    until(state, Step.INVITE_OFFENCE)
    offence, defence = state.offence, state.defender
    others = tuple(p for p in range(4) if p not in (offence, defence))
    state.apply(offence, Invite(others))
    state.apply(defence, Invite(()))
    while state.step is Step.ALLIANCE:
        seat = state.to_act[0]
        state.apply(seat, ally_of(state, seat, 0, 2) if seat == others[0] else Decline())
    assert state.ally_side[others[0]] == 0
    hold(state, defence, "forcefield")
    state.apply(defence, PlayEdict(Edict.FORCE_FIELD))
    settle(state)
    assert state.ally_side[others[0]] == -1
    assert sum(row[others[0]] for row in state.tokens) == 20


def test_plague_costs_three_tokens_and_a_card_of_each_kind() -> None:
    state = at_window()
    set_hand(state, 2, ["a8", "a9", "c", "quake"])
    hold(state, 1, "plague")
    state.apply(1, PlayEdict(Edict.PLAGUE, 2))
    settle(state)
    assert state.warp[2] == 3
    faces = sorted(state.cards[c].face for c in state.hands[2])
    assert len(faces) == 1 and faces[0] in ("a8", "a9")


def test_cosmic_quake_deals_every_hand_again() -> None:
    state = at_window()
    set_hand(state, 3, ["a8"])
    hold(state, 0, "quake")
    state.apply(0, PlayEdict(Edict.QUAKE))
    assert [len(hand) for hand in state.hands] == [7, 7, 7, 7]
