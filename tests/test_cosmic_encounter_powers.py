"""The twelve alien powers, each at its timing point, and what a power shows only its owner."""

from __future__ import annotations

from quarkade.games.cosmic_encounter.actions import Aim, Launch, Play, Trade
from quarkade.games.cosmic_encounter.powers import POWER_NAMES
from quarkade.games.cosmic_encounter.rules import CosmicState, Step
from test_rulebook_cosmic_encounter import challenge, new, set_hand, settle, until


def with_powers(state: CosmicState, powers: dict[int, str]) -> CosmicState:
    state.powers = tuple(POWER_NAMES.index(powers[seat]) if seat in powers else -1 for seat in range(state.players))
    state._legal = None
    return state


def main_players(players: int = 4) -> tuple[int, int]:
    """The offence and defence of seed 7's first challenge (the helpers aim at the first planet)."""
    state = new(players)
    offence, defence = challenge(state)
    return offence, defence


OFFENCE, DEFENCE = main_players()


def fight(powers: dict[int, str], off_card: str, def_card: str, launch: int = 2) -> tuple[CosmicState, int, int]:
    """A challenge with ``powers``; returns the state after both cards, the target planet and
    the defence's tokens there before."""
    state = with_powers(new(), powers)
    offence, defence = challenge(state, launch=launch)
    assert (offence, defence) == (OFFENCE, DEFENCE)
    target = state.target
    defending = state.tokens[target][defence]
    set_hand(state, offence, [off_card, "a1"])
    set_hand(state, defence, [def_card, "a1"])
    for seat, card in ((offence, off_card), (defence, def_card)):
        if seat in state.to_act:
            state.apply(seat, Play(card))
    return state, target, defending


def test_macron_launches_one_token_that_counts_four() -> None:
    state = with_powers(new(), {OFFENCE: "macron"})
    until(state, Step.DESTINY)
    aim = next(a for a in state.legal_actions(OFFENCE) if isinstance(a, Aim))
    state.apply(OFFENCE, aim)
    assert {action.tokens for action in state.legal_actions(OFFENCE) if isinstance(action, Launch)} == {1}
    state, target, defending = fight({OFFENCE: "macron"}, "a10", "a10", launch=1)
    # 10 + 4 against 10 + the defence's tokens.
    assert (state.tokens[target][OFFENCE] > 0) == (10 + defending < 14)


def test_zombie_tokens_never_go_to_the_warp() -> None:
    state, _, _ = fight({OFFENCE: "zombie"}, "a0", "a40", launch=3)
    settle(state)  # they come back to bases of its choice
    assert state.warp[OFFENCE] == 0
    assert sum(row[OFFENCE] for row in state.tokens) == 20


def test_laser_opponent_plays_at_random() -> None:
    state = with_powers(new(), {OFFENCE: "laser"})
    challenge(state)
    assert state.legal_actions(DEFENCE) == [Play("random")]
    assert Play("random") not in state.legal_actions(OFFENCE)


def test_mind_sees_the_opponents_hand_alone() -> None:
    state = with_powers(new(), {OFFENCE: "mind"})
    challenge(state)
    hand = [c["card"] for c in state.view(DEFENCE).to_json()["hand"]]
    seen = state.view(OFFENCE).to_json()["seen_hand"]
    assert seen is not None and seen["seat"] == DEFENCE and [c["card"] for c in seen["cards"]] == hand
    for other in [None, *range(4)]:
        if other != OFFENCE:
            view = state.view(other).to_json()
            assert view.get("seen_hand") is None
            assert all(line["event"] != "mind" for line in view["log"])
    assert any(line["event"] == "mind" for line in state.view(OFFENCE).to_json()["log"])


def test_anti_matter_lower_total_wins() -> None:
    state, target, defending = fight({DEFENCE: "anti-matter"}, "a0", "a40")
    assert (state.tokens[target][OFFENCE] > 0) == (40 + defending > 2)


def test_virus_multiplies_its_card_by_its_tokens() -> None:
    state, target, defending = fight({OFFENCE: "virus"}, "a6", "a14", launch=3)
    # 6 x 3 = 18 against 14 + the defence's tokens.
    assert (state.tokens[target][OFFENCE] > 0) == (14 + defending < 18)


def test_trader_may_swap_hands() -> None:
    state = with_powers(new(), {OFFENCE: "trader"})
    until(state, Step.TRADE)
    assert state.to_act == (OFFENCE,)
    set_hand(state, OFFENCE, ["a4", "a5"])
    set_hand(state, DEFENCE, ["a20", "c", "a30"])
    state.apply(OFFENCE, Trade(True))
    assert state.step is Step.CARDS
    assert [state.cards[c].face for c in state.hands[OFFENCE]] == ["a20", "c", "a30"]
    assert [state.cards[c].face for c in state.hands[DEFENCE]] == ["a4", "a5"]


def test_oracle_opponent_plays_first_face_up() -> None:
    state = with_powers(new(), {DEFENCE: "oracle"})
    challenge(state)
    assert state.to_act == (OFFENCE,)
    set_hand(state, OFFENCE, ["a8"])
    state.apply(OFFENCE, Play("a8"))
    assert state.to_act == (DEFENCE,)
    for seat in [None, *range(4)]:
        assert state.view(seat).to_json()["encounter"]["cards"][str(OFFENCE)]["card"] == "a8"


def test_clone_keeps_its_card() -> None:
    state, _, _ = fight({OFFENCE: "clone"}, "a40", "a0")
    assert "a40" in [state.cards[c].face for c in state.hands[OFFENCE]]


def test_mutant_draws_to_eight() -> None:
    state = with_powers(new(), {DEFENCE: "mutant"})
    challenge(state)
    assert len(state.hands[DEFENCE]) >= 8


def test_void_removes_the_losers_tokens() -> None:
    state, _, defending = fight({OFFENCE: "void"}, "a40", "a0")
    assert state.removed[DEFENCE] == defending and state.warp[DEFENCE] == 0


def test_pacifist_compromise_beats_attack() -> None:
    state, target, defending = fight({DEFENCE: "pacifist"}, "a40", "c")
    assert state.tokens[target][DEFENCE] == defending and state.tokens[target][OFFENCE] == 0
    assert state.warp[OFFENCE] == 2


def test_a_zapped_power_does_nothing() -> None:
    state = with_powers(new(), {OFFENCE: "laser"})
    challenge(state)
    state.zapped[OFFENCE] = True
    state._legal = None
    assert Play("random") not in state.legal_actions(DEFENCE)
