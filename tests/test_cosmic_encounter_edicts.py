"""The six edicts, each at its own window (edicts.py, RULINGS.md 12 and 23): every seat is
asked at a window, the view names it, and a window opens unless public information shows
that nothing could be played at it."""

from __future__ import annotations

import random

import pytest

import quarkade
from cosmic_encounter_model import edict_window_opens
from quarkade.core.errors import IllegalAction
from quarkade.games.cosmic_encounter.actions import Pass, PlayEdict
from quarkade.games.cosmic_encounter.components import Edict
from quarkade.games.cosmic_encounter.powers import POWER_NAMES
from quarkade.games.cosmic_encounter.rules import CosmicState, Step
from test_cosmic_encounter_flares import DEF, OFF, A, B, drive, finish, outcome, table, totals
from test_rulebook_cosmic_encounter import give, set_hand


def hold(state: CosmicState, seat: int, face: str) -> None:
    """Make sure ``seat`` holds a card with ``face`` (the deck may hold only one)."""
    if all(state.cards[c].face != face for c in state.hands[seat]):
        give(state, seat, face)


def settle(state: CosmicState) -> None:
    """Tokens an edict moved are placed (by the first choice) before the window goes on."""
    while state.step.value == "place":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])


@pytest.mark.parametrize("window", ["start", "alliances", "reveal"])
def test_every_seat_is_asked_at_each_window_whatever_it_holds(window: str) -> None:
    state = drive(table({OFF: "virus"}), window, cards={OFF: ["a10"], DEF: ["a10"]})
    assert state.to_act == (0, 1, 2, 3)
    assert state.view(None).to_json()["encounter"]["window"] == window
    for seat in range(4):
        assert Pass() in state.legal_actions(seat)
    state.apply(B, Pass())
    assert B not in state.to_act and len(state.to_act) == 3


def test_the_three_windows_come_in_order_and_close_on_the_last_pass() -> None:
    state = table({OFF: "virus"})
    seen: list[str] = []
    for _ in range(200):
        if state.step in (Step.AGAIN, Step.REGROUP) or (seen and state.step is Step.DESTINY):
            break
        if state.step is Step.EDICTS and (not seen or seen[-1] != state.window):
            seen.append(state.window)
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert seen == ["start", "alliances", "reveal"]


def test_mobius_tubes_is_the_offences_at_the_start() -> None:
    state = table()
    state.warp[A], state.tokens[10][A] = 3, state.tokens[10][A] - 3
    drive(state, "start")
    hold(state, B, "mobius")
    assert not any(isinstance(a, PlayEdict) and a.edict is Edict.MOBIUS for a in state.legal_actions(B))
    with pytest.raises(IllegalAction):
        state.apply(B, PlayEdict(Edict.MOBIUS))
    give(state, OFF, "mobius")
    state.apply(OFF, PlayEdict(Edict.MOBIUS))
    settle(state)
    assert state.warp == [0, 0, 0, 0] and sum(row[A] for row in state.tokens) == 20


def test_force_field_sends_every_ally_home_after_alliances() -> None:
    state = drive(table(), "alliances", allies={A: (0, 2)})
    assert state.ally_side[A] == 0
    hold(state, DEF, "forcefield")
    state.apply(DEF, PlayEdict(Edict.FORCE_FIELD))
    settle(state)
    assert state.ally_side[A] == -1 and sum(row[A] for row in state.tokens) == 20


def test_plague_at_the_start_costs_three_tokens_and_a_card_of_each_kind() -> None:
    state = drive(table(), "start")
    set_hand(state, A, ["a8", "a9", "c", "quake"])
    hold(state, B, "plague")
    state.apply(B, PlayEdict(Edict.PLAGUE, A))
    settle(state)
    assert state.warp[A] == 3
    faces = sorted(state.cards[c].face for c in state.hands[A])
    assert len(faces) == 1 and faces[0] in ("a8", "a9")


def test_cosmic_quake_at_the_start_deals_every_hand_again() -> None:
    state = drive(table(), "start")
    set_hand(state, A, ["a8"])
    hold(state, OFF, "quake")
    state.apply(OFF, PlayEdict(Edict.QUAKE))
    assert [len(hand) for hand in state.hands] == [7, 7, 7, 7]


def test_finder_after_alliances_not_at_the_start() -> None:
    state = drive(table(), "start")
    hold(state, OFF, "finder")
    with pytest.raises(IllegalAction, match="start window"):
        state.apply(OFF, PlayEdict(Edict.FINDER, A, 8))
    drive(state, "alliances")
    set_hand(state, A, ["a8", "c"])
    state.apply(OFF, PlayEdict(Edict.FINDER, A, 8))
    assert [state.cards[c].face for c in state.hands[A]] == ["c"]


def test_cosmic_zap_cancels_a_power_before_the_cards() -> None:
    state = drive(table({OFF: "laser"}), "alliances")
    hold(state, DEF, "zap")
    state.apply(DEF, PlayEdict(Edict.ZAP, OFF))
    assert state.power_of(OFF).name == "" and state.view(None).to_json()["players"][OFF]["zapped"]


def test_cosmic_zap_at_the_reveal_only_on_a_power_acting_at_the_outcome() -> None:
    state = drive(table({OFF: "virus", A: "mind"}), "reveal", allies={A: (0, 1)}, cards={OFF: ["a10"], DEF: ["a10"]})
    hold(state, DEF, "zap")
    zaps = {a.target for a in state.legal_actions(DEF) if isinstance(a, PlayEdict) and a.edict is Edict.ZAP}
    assert zaps == {OFF}  # Virus acts at the outcome; an ally's Mind does not
    state.apply(DEF, PlayEdict(Edict.ZAP, OFF))
    assert totals(finish(state)) == (10 + 2 + 1, 10 + 4)  # added, not multiplied
    assert outcome(state) == "defence"


def test_a_window_opens_unless_public_information_shows_nothing_fits() -> None:
    """No powers, edicts only: the reveal window fits only Cosmic Zap on a power acting at
    the outcome, so it never opens; the start window closes for good once every Mobius
    Tubes, Plague, Cosmic Quake and Cosmic Zap is in the discard pile."""
    state = quarkade.load("cosmic-encounter", players=4, powers="none", edicts=True).new_game(4)
    assert isinstance(state, CosmicState)
    for card_id, card in enumerate(state.cards):
        if card.face in ("mobius", "plague", "quake", "zap"):
            for zone in (state.deck.cards, *state.hands):
                if card_id in zone:
                    zone.remove(card_id)
                    state.deck.discards.append(card_id)
    windows = set()
    for _ in range(60):
        if state.step is Step.EDICTS:
            windows.add(state.window)
        if state.step is Step.AGAIN or state.turn > 1:
            break
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert windows == {"alliances"}


def test_no_window_without_edicts_and_flares() -> None:
    state = quarkade.load("cosmic-encounter", players=4, powers="random", edicts=False, flares=False).new_game(4)
    assert isinstance(state, CosmicState)
    for _ in range(300):
        assert state.step is not Step.EDICTS
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])


def test_a_power_zapped_at_the_start_does_not_draw() -> None:
    """Mutant draws once the start window closes, so a Zap there stops it."""
    state = table({DEF: "mutant"})
    set_hand(state, DEF, ["a1"])
    drive(state, "start")
    hold(state, A, "zap")
    state.apply(A, PlayEdict(Edict.ZAP, DEF))
    drive(state, "alliances")
    assert len(state.hands[DEF]) == 1
    assert POWER_NAMES[state.powers[DEF]] == "mutant"


@pytest.mark.parametrize("seed", range(3))
def test_windows_open_as_the_model_says(seed: int) -> None:
    """Random games with edicts and random powers: at each window's moment (the cone aimed,
    the alliances formed, the cards revealed) the window opens exactly when the independent
    model (cosmic_encounter_model.py) says an edict could fit it, and then asks every seat."""
    game = quarkade.load("cosmic-encounter", players=4, powers="random", edicts=True)
    state = game.new_game(seed)
    assert isinstance(state, CosmicState)
    rng = random.Random(seed)
    checked = dict.fromkeys(("start", "alliances", "reveal"), 0)
    while not state.is_over and state.turn <= 25:
        pre = state.view(None).to_json()
        seat = rng.choice(state.to_act)
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        post = state.view(None).to_json()
        window = ""
        if pre["step"] == "destiny" and str(action).startswith("aim"):
            window, moment = "start", pre
        elif pre["step"] in ("invite-defence", "alliance") and post["step"] not in ("alliance", "invite-defence"):
            # Alliances leave the discards as they were; the allies are the ones just formed.
            formed = {**pre["encounter"], "allies": post["encounter"]["allies"]}
            window, moment = "alliances", {**pre, "encounter": formed}
        elif pre["step"] == "cards" and pre["encounter"]["result"] is None and post["encounter"]["result"]:
            window, moment = "reveal", pre
        if not window:
            continue
        opened = post["step"] == "edicts" and post["encounter"]["window"] == window
        assert opened == edict_window_opens(moment, window), (seed, state.steps, window)
        if opened:
            assert post["to_act"] == [0, 1, 2, 3]
        checked[window] += opened
    assert all(checked.values()), checked
