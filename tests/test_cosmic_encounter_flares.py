"""The twelve flares, each with its own Wild and Super (flares.py, RULINGS.md 4): one test a
half showing its effect, then the limits (one flare a challenge, who may play which half, the
flare back in its owner's hand)."""

from __future__ import annotations

from typing import Any

import pytest

import quarkade
from quarkade.core.errors import IllegalAction
from quarkade.games.cosmic_encounter.actions import Decline, Invite, Pass, Play, PlayEdict, PlayFlare
from quarkade.games.cosmic_encounter.components import Edict
from quarkade.games.cosmic_encounter.flares import FLARES
from quarkade.games.cosmic_encounter.powers import POWER_NAMES
from quarkade.games.cosmic_encounter.rules import CosmicState, Step
from test_rulebook_cosmic_encounter import ally_of, give, launch_of, new, set_hand

OFF, DEF, A, B = 0, 1, 2, 3  # seats by role in seed 4's first challenge (checked by ``table``)
ENDS = (Step.AGAIN, Step.REGROUP, Step.DESTINY, Step.OVER)  # where the flow stops after a challenge


def table(powers: dict[int, str] | None = None) -> CosmicState:
    """Seed 4's first challenge, at destiny: offence OFF draws DEF's colour (the driver aims at
    DEF's first planet, 4 tokens); powers as given, none for the others; flares and edicts in
    the deck."""
    state = quarkade.load("cosmic-encounter", players=4, powers="none", flares=True, edicts=True).new_game(4)
    assert isinstance(state, CosmicState)
    assert (state.step, state.offence, state.drawn) == (Step.DESTINY, OFF, DEF)
    state.powers = tuple(POWER_NAMES.index(powers[seat]) if powers and seat in powers else -1 for seat in range(4))
    state._legal = None
    return state


def drive(state: CosmicState, window: str, launch: int = 2, allies: dict[int, tuple[int, int]] | None = None,
          cards: dict[int, list[str]] | None = None) -> CosmicState:
    """Play on to the edict window ``window`` (passing at the others): OFF launches ``launch``
    tokens and invites A and B to both sides; ``allies`` maps a seat to (side, tokens); at
    the cards each main player's hand is set to ``cards`` (its flares kept) and it plays the
    first."""
    allies = allies or {}
    for _ in range(200):
        step = state.step
        if step is Step.EDICTS and state.window == window:
            return state
        seat = state.to_act[0]
        if step is Step.DESTINY:
            action: Any = next(a for a in state.legal_actions(seat) if str(a) == f"aim {DEF}.0")
        elif step is Step.EDICTS:
            action = Pass()
        elif step is Step.LAUNCH:
            action = launch_of(state, launch)
        elif step is Step.INVITE_OFFENCE or step is Step.INVITE_DEFENCE:
            action = Invite((A, B))
        elif step is Step.ALLIANCE:
            action = ally_of(state, seat, *allies[seat]) if seat in allies else Decline()
        elif step is Step.CARDS and cards and seat in cards:
            keep = [state.cards[c].face for c in state.hands[seat] if state.cards[c].face.startswith("flare-")]
            set_hand(state, seat, cards[seat] + keep)
            action = Play(cards[seat][0])
        else:
            action = state.legal_actions(seat)[0]
        state.apply(seat, action)
    raise AssertionError(f"the {window} window never opened")


def finish(state: CosmicState) -> CosmicState:
    """Everyone passes and the challenge is played out (placements and rewards by the first
    legal choice) until the flow stops after it."""
    for _ in range(200):
        if state.step in ENDS:
            return state
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    raise AssertionError("the challenge never ended")


def outcome(state: CosmicState) -> str:
    """The last challenge's winner as the log tells it."""
    lines = [line["text"] for line in state.view(None).to_json()["log"] if line["event"] == "outcome"]
    return str(lines[-1].split()[1])


def flare(state: CosmicState, seat: int, power: str, target: int = -1) -> None:
    if all(state.cards[c].flare != power for c in state.hands[seat]):
        give(state, seat, f"flare-{power}")
    state.apply(seat, PlayFlare(power, target))


def totals(state: CosmicState) -> tuple[int, int]:
    """The last two Attacks' totals as the log tells them."""
    lines = [line["text"] for line in state.view(None).to_json()["log"] if line["event"] == "totals"]
    words = lines[-1].replace(",", "").split()
    return int(words[2]), int(words[4])


def look_lines(state: CosmicState, seat: int | None) -> list[dict[str, Any]]:
    return [line for line in state.view(seat).to_json()["log"] if line["event"] == "look"]


def faces(state: CosmicState, seat: int) -> list[str]:
    return sorted(state.cards[c].face for c in state.hands[seat])


# ----------------------------------------------------------------------------- Macron
def test_macron_wild_one_token_counts_four() -> None:
    state = drive(table(), "alliances", launch=2)
    flare(state, OFF, "macron")
    state = finish(drive(state, "reveal", cards={OFF: ["a10"], DEF: ["a10"]}))
    assert totals(state) == (10 + 2 + 3, 10 + 4)


def test_macron_super_launches_four_tokens_that_count_four() -> None:
    state = drive(table({OFF: "macron"}), "start")
    flare(state, OFF, "macron")
    drive(state, "alliances", launch=4)
    assert state.cone == 4  # Macron alone launches one
    state = finish(drive(state, "reveal", cards={OFF: ["a10"], DEF: ["a10"]}))
    assert totals(state) == (10 + 16, 10 + 4)


# ----------------------------------------------------------------------------- Zombie
def test_zombie_wild_lost_tokens_return_home() -> None:
    state = drive(table(), "reveal", launch=3, cards={OFF: ["a1"], DEF: ["a20"]})
    flare(state, OFF, "zombie")
    state = finish(state)
    assert outcome(state) == "defence"
    assert state.warp[OFF] == 0 and sum(row[OFF] for row in state.tokens) == 20


def test_zombie_super_allies_lost_tokens_return_home() -> None:
    state = drive(table({DEF: "zombie"}), "reveal", allies={A: (1, 2)}, cards={OFF: ["a30"], DEF: ["a1"]})
    flare(state, DEF, "zombie")
    state = finish(state)
    assert outcome(state) == "offence"
    assert state.warp[A] == 0 and sum(row[A] for row in state.tokens) == 20


# ----------------------------------------------------------------------------- Laser
def test_laser_wild_the_opponent_must_play_an_attack() -> None:
    state = drive(table(), "alliances")
    flare(state, DEF, "laser")
    set_hand(state, OFF, ["c", "a5"])
    while state.step is Step.EDICTS:
        state.apply(state.to_act[0], Pass())
    assert state.legal_actions(OFF) == [Play("a5")]


def test_laser_super_the_random_card_is_played_face_up_first() -> None:
    state = drive(table({DEF: "laser"}), "alliances")
    flare(state, DEF, "laser")
    while state.step is Step.EDICTS:
        state.apply(state.to_act[0], Pass())
    assert state.to_act == (OFF,) and state.legal_actions(OFF) == [Play("random")]
    state.apply(OFF, Play("random"))
    assert state.to_act == (DEF,) and str(OFF) in state.view(DEF).to_json()["encounter"]["cards"]


# ----------------------------------------------------------------------------- Mind
def test_mind_wild_looks_at_one_hand() -> None:
    state = drive(table(), "alliances")
    flare(state, A, "mind", OFF)
    seen = look_lines(state, A)
    assert len(seen) == 1 and sorted(seen[0]["cards"]) == faces(state, OFF)
    assert "cards" not in look_lines(state, None)[0] and "cards" not in look_lines(state, OFF)[0]


def test_mind_super_looks_at_every_hand() -> None:
    state = drive(table({A: "mind"}), "alliances")
    flare(state, A, "mind")
    assert [sorted(line["cards"]) for line in look_lines(state, A)] == [faces(state, s) for s in (OFF, DEF, B)]


# ----------------------------------------------------------------------------- Anti-Matter
def test_anti_matter_wild_the_opposing_allies_subtract() -> None:
    state = drive(table(), "reveal", launch=3, allies={A: (1, 2)}, cards={OFF: ["a10"], DEF: ["a10"]})
    flare(state, OFF, "anti-matter")
    assert totals(finish(state)) == (10 + 3, 10 + 4 - 2)


def test_anti_matter_super_ones_own_allies_subtract() -> None:
    state = drive(table({DEF: "anti-matter"}), "reveal", allies={A: (1, 2)}, cards={OFF: ["a10"], DEF: ["a10"]})
    flare(state, DEF, "anti-matter")
    state = finish(state)
    assert totals(state) == (10 + 2, 10 + 4 - 2)
    assert outcome(state) == "defence"  # the lower total wins


# ----------------------------------------------------------------------------- Virus
def test_virus_wild_ones_own_tokens_count_two() -> None:
    state = drive(table(), "reveal", launch=3, cards={OFF: ["a10"], DEF: ["a10"]})
    flare(state, OFF, "virus")
    assert totals(finish(state)) == (10 + 6, 10 + 4)


def test_virus_super_multiplies_by_the_allies_tokens_too() -> None:
    state = drive(table({OFF: "virus"}), "reveal", allies={B: (0, 2)}, cards={OFF: ["a10"], DEF: ["a10"]})
    flare(state, OFF, "virus")
    assert totals(finish(state)) == (10 * (2 + 2), 10 + 4)


# ----------------------------------------------------------------------------- Trader
def test_trader_wild_exchanges_one_random_card_each_way() -> None:
    state = drive(table(), "alliances")
    set_hand(state, OFF, ["a1"])
    set_hand(state, DEF, ["a40"])
    flare(state, OFF, "trader")
    assert faces(state, OFF) == ["a40", "flare-trader"] and faces(state, DEF) == ["a1"]


def test_trader_super_swaps_hands_with_any_player() -> None:
    state = drive(table({OFF: "trader"}), "alliances")
    set_hand(state, OFF, ["a1", "c"])
    set_hand(state, B, ["a40"])
    flare(state, OFF, "trader", B)
    assert faces(state, OFF) == ["a40", "flare-trader"] and faces(state, B) == ["a1", "c"]


# ----------------------------------------------------------------------------- Oracle
def test_oracle_wild_sees_one_card_of_the_opponents_hand() -> None:
    state = drive(table(), "alliances")
    flare(state, OFF, "oracle")
    [line] = look_lines(state, OFF)
    assert len(line["cards"]) == 1 and line["cards"][0] in faces(state, DEF)


def test_oracle_super_sees_the_opponents_whole_hand() -> None:
    state = drive(table({OFF: "oracle"}), "alliances")
    flare(state, OFF, "oracle")
    [line] = look_lines(state, OFF)
    assert sorted(line["cards"]) == faces(state, DEF)


# ----------------------------------------------------------------------------- Clone
def test_clone_wild_ones_card_returns_to_hand() -> None:
    state = drive(table(), "reveal", cards={OFF: ["a40"], DEF: ["a1"]})
    flare(state, OFF, "clone")
    assert "a40" in faces(finish(state), OFF)


def test_clone_super_takes_the_opponents_card_too() -> None:
    state = drive(table({OFF: "clone"}), "reveal", cards={OFF: ["a40"], DEF: ["a12"]})
    flare(state, OFF, "clone")
    mine = faces(finish(state), OFF)
    assert "a40" in mine and "a12" in mine


# ----------------------------------------------------------------------------- Mutant
def test_mutant_wild_draws_to_seven() -> None:
    state = table()
    set_hand(state, A, ["a1", "a4"])
    drive(state, "start")
    flare(state, A, "mutant")
    assert len(state.hands[A]) == 7


def test_mutant_super_draws_to_ten() -> None:
    state = table({A: "mutant"})
    set_hand(state, A, ["a1", "a4"])
    drive(state, "start")
    flare(state, A, "mutant")
    assert len(state.hands[A]) == 10


# ----------------------------------------------------------------------------- Void
def test_void_wild_the_defeated_opponents_tokens_leave_the_game() -> None:
    state = drive(table(), "reveal", allies={A: (1, 1)}, cards={OFF: ["a40"], DEF: ["a1"]})
    flare(state, OFF, "void")
    state = finish(state)
    assert state.removed[DEF] == 4 and state.warp[DEF] == 0
    assert state.removed[A] == 0 and state.warp[A] == 1  # an ally's tokens go to the warp


def test_void_super_works_for_an_ally_and_takes_every_loser() -> None:
    state = drive(table({B: "void"}), "reveal", allies={B: (0, 1), A: (1, 1)}, cards={OFF: ["a40"], DEF: ["a1"]})
    flare(state, B, "void")
    state = finish(state)
    assert (state.removed[DEF], state.removed[A]) == (4, 1) and state.warp[DEF] == state.warp[A] == 0


# ----------------------------------------------------------------------------- Pacifist
def test_pacifist_wild_the_loser_keeps_its_tokens_and_its_consolation() -> None:
    state = drive(table(), "reveal", launch=2, cards={OFF: ["c"], DEF: ["a10", "a1", "a4"]})
    flare(state, OFF, "pacifist")
    before = len(state.hands[OFF])
    state = finish(state)
    assert outcome(state) == "defence"
    assert state.warp[OFF] == 0 and len(state.hands[OFF]) == before + 2


def test_pacifist_super_a_compromise_beats_a_compromise() -> None:
    state = drive(table({OFF: "pacifist"}), "reveal", launch=2, cards={OFF: ["c"], DEF: ["c"]})
    flare(state, OFF, "pacifist")
    state = finish(state)
    assert outcome(state) == "offence"
    assert state.tokens[DEF * 5][OFF] == 2


# ----------------------------------------------------------------------------- the limits
def test_each_flare_has_its_own_texts_and_windows() -> None:
    assert len(FLARES) == 12 and len({f.wild_text for f in FLARES} | {f.super_text for f in FLARES}) == 24
    components = new().game.public_components()["flares"]
    assert {c["power"] for c in components} == set(POWER_NAMES)
    assert all(c["wild_window"] in ("start", "alliances", "reveal") for c in components)


def test_one_flare_a_player_a_challenge() -> None:
    state = drive(table(), "alliances")
    flare(state, OFF, "oracle")
    give(state, OFF, "flare-clone")
    drive(state, "reveal", cards={OFF: ["a10"], DEF: ["a10"]})
    assert not any(isinstance(a, PlayFlare) for a in state.legal_actions(OFF))
    with pytest.raises(IllegalAction, match="one flare a challenge"):
        state.apply(OFF, PlayFlare("clone"))
    flare(state, DEF, "clone")  # another player still may


def test_a_played_flare_returns_to_its_owners_hand() -> None:
    state = drive(table(), "alliances")
    flare(state, OFF, "oracle")
    assert "flare-oracle" in faces(state, OFF)
    assert all(state.cards[c].face != "flare-oracle" for c in state.deck.discards)
    finish(drive(state, "reveal", cards={OFF: ["a10"], DEF: ["a10"]}))
    assert "flare-oracle" in faces(state, OFF)


def test_a_flare_is_no_challenge_card() -> None:
    state = drive(table(), "alliances")
    give(state, OFF, "flare-clone")
    while state.step is Step.EDICTS:
        state.apply(state.to_act[0], Pass())
    assert all(not str(a).startswith("play flare") for a in state.legal_actions(OFF))


def test_wild_only_without_the_power_super_only_with_it_active() -> None:
    state = drive(table({OFF: "oracle"}), "alliances")
    give(state, DEF, "flare-oracle")
    assert PlayFlare("oracle") in state.legal_actions(DEF)  # the Wild, by a player without Oracle
    state = drive(table({OFF: "macron"}), "start")
    give(state, OFF, "flare-macron")
    assert PlayFlare("macron") in state.legal_actions(OFF)  # the Super, at the start window
    give(state, B, "zap")
    state.apply(B, PlayEdict(Edict.ZAP, OFF))
    with pytest.raises(IllegalAction, match="not zapped"):
        state.apply(OFF, PlayFlare("macron"))
    drive(state, "alliances")
    assert PlayFlare("macron") not in state.legal_actions(OFF)  # an owner never plays the Wild


def test_a_flare_out_of_its_window_is_refused_with_its_text() -> None:
    state = drive(table(), "start")
    give(state, OFF, "flare-clone")
    with pytest.raises(IllegalAction, match="reveal window"):
        state.apply(OFF, PlayFlare("clone"))
    assert "flare-clone" in faces(state, OFF)


def test_a_flare_names_a_seat_only_when_its_text_does() -> None:
    state = drive(table(), "alliances")
    for seat, face in ((OFF, "flare-oracle"), (DEF, "flare-mind")):
        if face not in faces(state, seat):
            give(state, seat, face)
    with pytest.raises(IllegalAction, match="names no seat"):
        state.apply(OFF, PlayFlare("oracle", A))
    with pytest.raises(IllegalAction, match="names another seat"):
        state.apply(DEF, PlayFlare("mind"))
    assert PlayFlare("mind", A) in state.legal_actions(DEF) and state.flared == [-1] * 4
