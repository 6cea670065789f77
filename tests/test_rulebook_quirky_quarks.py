"""Every worked example and rule of the Quirky Quarks rulebook, named by its section.

Seats: Alice is seat 0, Bob seat 1, Carol seat 2.
"""

from __future__ import annotations

import pytest

import quarkade
from quarkade.core.errors import IllegalAction
from quarkade.games.quirky_quarks.actions import parse
from quarkade.games.quirky_quarks.components import COMPONENTS, PARTICLE_DECK, QUEST_I_DECK
from quarkade.games.quirky_quarks.rules import KINDS, STARTING_EV, Phase, QuirkyQuarks, QuirkyQuarksState
from quirky_quarks_positions import before_setup, hand, position, stack_deck, table

ALICE, BOB, CAROL = 0, 1, 2


def act(state: QuirkyQuarksState, seat: int, text: str) -> None:
    state.apply(seat, parse(text))


def finish_quest_phase(state: QuirkyQuarksState) -> list[int]:
    """Every player in turn says "done"; the seats asked, in order."""
    asked = []
    while state.phase is Phase.QUEST:
        seat = state.to_act[0]
        asked.append(seat)
        act(state, seat, "done")
    return asked


# ----------------------------------------------------------------------------- Setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_hands_and_ev(players: int) -> None:
    """Setup 5-6: 3 particles and 1 Quest I each (Neutrinos resolved), 12 eV (8 with two)."""
    for seed in range(20):
        state = QuirkyQuarksState.setup(QuirkyQuarks(players, {}), seed)
        if state.history or state.neutrino_seat >= 0:
            continue  # a Neutrino was drawn: covered by the Neutrino tests
        for seat in range(players):
            cards = state.hand(seat)
            assert sum(cards[c.kind] for c in COMPONENTS.particles) == 3
            assert sum(cards[c.kind] for c in COMPONENTS.quests if c.deck == QUEST_I_DECK) == 1
            assert state.ev[seat] == (8 if players == 2 else 12) == STARTING_EV[players]
        assert state.round == 1 and state.phase is Phase.RESEARCH and state.to_act == (0,)
        return
    pytest.fail("no seed without a Neutrino at setup")


# --------------------------------------------------------------------------- Funding
@pytest.mark.parametrize("players", [2, 3, 4])
def test_funding_cards_per_accelerator(players: int) -> None:
    """Funding example: SLAC gets a particle and a Quest with two players, two particles and a
    Quest with three or four; SuperKEKB only in four-player games."""
    state = position(players, round=1, phase=Phase.FUNDING)
    ids = [COMPONENTS.accelerators[a].id for a in state.accelerators]
    assert ("kekb" in ids) == (players == 4)
    slac = state.accel_cards[ids.index("slac")]
    particles = [k for k in slac if not COMPONENTS.cards[k].is_quest]
    quests = [k for k in slac if COMPONENTS.cards[k].is_quest]
    assert len(particles) == (1 if players == 2 else 2) and len(quests) == 1
    counts = [sum(not COMPONENTS.cards[k].is_quest for k in cards) for cards in state.accel_cards]
    assert len(set(counts)) > 1, "some accelerators have more particles than others"


@pytest.mark.parametrize(("round_", "deck"), [(1, "I"), (3, "I"), (4, "II"), (5, "II")])
def test_funding_quest_deck_by_round(round_: int, deck: str) -> None:
    """Quest I is dealt in rounds 1-3, Quest II in rounds 4-5."""
    state = position(3, round=round_, phase=Phase.FUNDING)
    for cards in state.accel_cards:
        quests = [COMPONENTS.cards[k] for k in cards if COMPONENTS.cards[k].is_quest]
        assert len(quests) == 1 and quests[0].deck == (1 if deck == "I" else 2)


def test_funding_income_and_draw_of_choice() -> None:
    """Rounds 2-5: 3 eV each, one card from a deck of one's choice; Up Annihilation adds eV,
    the pi-zero Pion adds draws."""
    state = position(3, round=2, phase=Phase.FUNDING, ev=[1, 1, 1],
                     tables={ALICE: {"up-annihilation": 1}, BOB: {"pion-zero": 1}})
    assert state.ev == [1 + 3 + 2, 1 + 3, 1 + 3]
    assert state.to_act == (ALICE,)
    assert {str(a) for a in state.legal_actions(ALICE)} == {"draw particle", "draw quest-i", "draw quest-ii"}
    stack_deck(state, PARTICLE_DECK, ["up", "down", "gluon", "electron"])
    act(state, ALICE, "draw particle")
    assert state.to_act == (BOB,)
    act(state, BOB, "draw particle")
    assert state.to_act == (BOB,), "the pi-zero Pion draws one more card"
    act(state, BOB, "draw quest-i")
    act(state, CAROL, "draw particle")
    assert hand(state, ALICE) == {"up": 1}
    assert hand(state, BOB)["down"] == 1 and sum(hand(state, BOB).values()) == 2
    assert hand(state, CAROL) == {"gluon": 1}
    assert state.phase is Phase.RESEARCH


def test_funding_short_quest_deck_deals_from_the_left() -> None:
    """Clarification: with too few Quests even after reshuffling, deal from the left."""
    state = position(3, round=1, phase=Phase.RESEARCH)
    deck = state.decks[QUEST_I_DECK]
    keep = deck.cards[:2]
    state.decks[QUEST_I_DECK].cards, state.decks[QUEST_I_DECK].discards = keep, []
    lost = 24 - 2
    state.phase, state.stage = Phase.FUNDING, 0
    state._funding()
    quests = [sum(COMPONENTS.cards[k].is_quest for k in cards) for cards in state.accel_cards]
    assert quests == [1, 1, 0, 0]
    assert lost > 0


# -------------------------------------------------------------------------- Research
def test_research_example() -> None:
    """Research phase example: Alice 5 at the LHC, Bob 1 at the ESRF, Carol 3 at the Tevatron."""
    cards = {"slac": ["up", "down", "proton"], "tev": ["gluon", "electron", "neutron"],
             "esrf": ["up", "up", "photon", "gluonium"], "lhc": ["down", "down", "gluon", "positronium"]}
    state = position(3, accelerators=cards)
    assert state.to_act == (ALICE,)
    act(state, ALICE, "bid lhc 1")
    assert state.legal_actions(BOB)[0] == parse("bid slac 1"), "Bob could have bid 1"
    act(state, BOB, "bid tev 2")
    act(state, CAROL, "bid lhc 2")
    assert state.placed[ALICE] == -1, "Alice's researcher is returned to her"
    act(state, ALICE, "bid lhc 5")
    assert state.to_act == (CAROL,), "Bob's researcher is still placed, so he passes"
    act(state, CAROL, "bid tev 3")
    assert state.to_act == (BOB,), "Alice passes"
    act(state, BOB, "bid esrf 1")
    assert state.phase is not Phase.RESEARCH, "bidding is finished"
    assert state.ev == [12 - 5, 12 - 1, 12 - 3]
    assert hand(state, ALICE) == {"down": 2, "gluon": 1, "positronium": 1}
    assert hand(state, BOB) == {"up": 2, "photon": 1, "gluonium": 1}
    assert hand(state, CAROL) == {"gluon": 1, "electron": 1, "neutron": 1}
    assert state.phase is Phase.DISCOVERY, "no one holds five cards: no ejections"
    assert sorted(COMPONENTS.cards[k].id for k in state.zone) == ["down", "proton", "up"], (
        "no bids took place at SLAC: its cards go to the Discovery Zone"
    )


def test_research_bid_rules() -> None:
    """A bid may not exceed one's eV, must exceed the bid there; bids above 10 are allowed."""
    state = position(3, ev=[15, 12, 12])
    before = state.clone()
    with pytest.raises(IllegalAction, match="exceed your eV"):
        act(state, ALICE, "bid lhc 16")
    assert state.view(None) == before.view(None)
    act(state, ALICE, "bid lhc 15")
    assert state.why_illegal(BOB, parse("bid lhc 15")) is not None
    assert "exceed" in str(state.why_illegal(BOB, parse("bid lhc 15")))
    with pytest.raises(IllegalAction, match="turn"):
        act(state, CAROL, "bid tev 1")


def test_research_kekb_only_with_four() -> None:
    state = position(3)
    assert "not used" in str(state.why_illegal(ALICE, parse("bid kekb 1")))


# -------------------------------------------------------------------------- Ejection
@pytest.mark.parametrize(("cards", "eject"), [(0, 0), (4, 0), (5, 1), (9, 1), (10, 2), (14, 2), (15, 3),
                                              (19, 3), (20, 4), (24, 4)])
def test_ejection_chart(cards: int, eject: int) -> None:
    """One card for every five in hand; the pattern continues past 20."""
    ups = min(cards, 15)
    state = position(2, round=2, phase=Phase.EJECTION,
                     hands={ALICE: {"up": ups, "down": cards - ups}, BOB: {"gluon": 5}})
    if eject == 0:
        assert ALICE not in state.to_act
    else:
        assert (state.minimums[ALICE], state.maximums[ALICE]) == (eject, eject)


def test_ejection_example() -> None:
    """Ejection example (round 3): Carol draws for her pi-plus, Alice ejects 1, Carol 2, Bob
    none thanks to Positronium; SLAC's cards join the Discovery Zone; eV for ejections; Alice
    draws for her pi-minus."""
    state = position(
        3, round=3, phase=Phase.EJECTION, sp=ALICE, ev=[0, 0, 0],
        hands={ALICE: {"up": 3, "down": 3}, BOB: {"gluon": 5, "electron": 6},
               CAROL: {"up": 4, "down": 5}},
        tables={ALICE: {"pion-minus": 1}, BOB: {"positronium": 1}, CAROL: {"pion-plus": 1}},
        accelerators={"slac": ["photon", "proton"]},
    )
    assert state.to_act == (CAROL,), "Carol's pi-plus draws first"
    stack_deck(state, PARTICLE_DECK, ["electron", "gluon"])
    act(state, CAROL, "draw particle")
    assert state.hand_size(CAROL) == 10
    assert set(state.to_act) == {ALICE, BOB, CAROL}
    assert (state.minimums[ALICE], state.maximums[ALICE]) == (1, 1)
    assert (state.minimums[BOB], state.maximums[BOB]) == (0, 2), "Positronium: may eject 0, 1 or 2"
    assert (state.minimums[CAROL], state.maximums[CAROL]) == (2, 2)
    act(state, BOB, "ready")
    act(state, CAROL, "eject down")
    # sealed: Alice sees that Carol is choosing but not what
    alice_view = state.view(ALICE).to_json()
    assert "down" not in str(alice_view.get("ejecting", [])) and alice_view["players"][CAROL]["hand_size"] == 10
    act(state, CAROL, "eject electron")
    act(state, CAROL, "ready")
    act(state, ALICE, "eject up")
    act(state, ALICE, "ready")
    assert state.phase is Phase.DISCOVERY or state.pending_draws
    zone = sorted(COMPONENTS.cards[k].id for k in state.zone)
    assert zone == sorted(["up", "down", "electron", "photon", "proton"])
    assert state.ev[ALICE] == 1 and state.ev[CAROL] == 2 and state.ev[BOB] == 0
    assert state.to_act == (ALICE,), "Alice draws for her pi-minus"
    act(state, ALICE, "draw particle")
    assert state.hand_size(ALICE) == 6


def test_ejection_round_five_extra() -> None:
    """Round 5: any number of additional cards may be ejected, for eV."""
    state = position(2, round=5, phase=Phase.EJECTION, ev=[0, 0],
                     hands={ALICE: {"up": 6}, BOB: {"down": 2}})
    assert (state.minimums[ALICE], state.maximums[ALICE]) == (1, 6)
    assert (state.minimums[BOB], state.maximums[BOB]) == (0, 2)
    for _ in range(4):
        act(state, ALICE, "eject up")
    act(state, ALICE, "ready")
    act(state, BOB, "eject down")
    act(state, BOB, "ready")
    assert state.ev == [4, 1]


def test_ejection_everyone_indicates_ready() -> None:
    """"When everyone indicates they are ready, reveal the ejected cards": a player who has
    chosen as many cards as they may is still asked to say so, so the others learn nothing
    of how many cards a Positronium holder or a round-5 player has chosen."""
    state = position(2, round=3, phase=Phase.EJECTION, hands={ALICE: {"up": 10}, BOB: {"down": 5}},
                     tables={ALICE: {"positronium": 1}})
    assert (state.minimums[ALICE], state.maximums[ALICE]) == (0, 2)
    bob_sees = state.view(BOB).to_json()
    act(state, ALICE, "eject up")
    act(state, ALICE, "eject up")
    assert ALICE in state.to_act, "reaching the maximum does not make Alice ready by itself"
    assert state.legal_actions(ALICE) == [parse("ready")]
    assert "at most 2" in str(state.why_illegal(ALICE, parse("eject up")))
    assert state.view(BOB).to_json() == bob_sees, "Bob sees nothing of Alice's choosing"
    act(state, ALICE, "ready")
    assert state.to_act == (BOB,)


def test_ejection_minimum_enforced() -> None:
    state = position(2, round=2, phase=Phase.EJECTION, hands={ALICE: {"up": 5}, BOB: {"down": 5}})
    assert "must eject 1" in str(state.why_illegal(ALICE, parse("ready")))
    assert "no Gluon" in str(state.why_illegal(ALICE, parse("eject gluon")))


# ------------------------------------------------------------------------- Discovery
def test_discovery_example() -> None:
    """Discovery phase example (round 3, Carol the Starting Physicist)."""
    state = position(
        3, round=3, phase=Phase.DISCOVERY, sp=CAROL, ev=[5, 6, 8],
        zone=["up", "up", "gluon", "electron", "proton", "gluonium"],
    )
    assert state.to_act == (CAROL,)
    act(state, CAROL, "discover up 2")
    act(state, ALICE, "pass")
    act(state, BOB, "raise 3")
    act(state, CAROL, "pass")
    assert hand(state, BOB) == {"up": 1} and state.ev[BOB] == 3
    assert state.to_act == (ALICE,)
    act(state, ALICE, "discover gluonium 3")
    assert state.to_act == (CAROL,), "Bob cannot bid more than 3, so he passes"
    act(state, CAROL, "pass")
    assert hand(state, ALICE) == {"gluonium": 1} and state.ev[ALICE] == 2
    assert state.to_act == (BOB,)
    act(state, BOB, "discover up 2")
    act(state, CAROL, "raise 3")
    assert hand(state, CAROL) == {"up": 1} and state.ev[CAROL] == 5, "Alice and Bob cannot pay 4"
    # the second round of discoveries: minimum 3
    assert state.to_act == (CAROL,) and state.min_bid == 3
    assert "at least 3" in str(state.why_illegal(CAROL, parse("discover gluon 2")))
    act(state, CAROL, "pass")
    assert state.to_act == (BOB,), "Alice has only 2 eV and must decline"
    act(state, BOB, "discover proton 3")
    act(state, CAROL, "pass")
    # The Quest phase asks everyone, from the Starting Physicist; no one can complete a Quest.
    assert finish_quest_phase(state) == [CAROL, ALICE, BOB]
    # The round ends and round 4's income (3 eV) arrives.
    assert state.round == 4
    assert hand(state, BOB) == {"up": 1, "proton": 1} and state.ev[BOB] == 0 + 3
    assert state.zone == ()
    discards = sorted(COMPONENTS.cards[k].id for k in state.decks[PARTICLE_DECK].discards)
    assert discards == ["electron", "gluon"], "what is left goes to the discard piles"


def test_discovery_round_five_continues() -> None:
    """Round 5: discoveries continue with minimums 4, 5, 6... until no one initiates."""
    state = position(2, round=5, phase=Phase.DISCOVERY, ev=[30, 30], zone=["up"] * 6)
    for minimum in (2, 3, 4, 5):
        assert state.min_bid == minimum
        act(state, ALICE, f"discover up {minimum}")
        act(state, BOB, "pass")
        act(state, BOB, "pass")
    assert state.min_bid == 6
    act(state, ALICE, "pass")
    act(state, BOB, "pass")
    assert state.phase is not Phase.DISCOVERY
    assert hand(state, ALICE) == {"up": 4}


def test_discovery_rounds_one_to_four_stop_after_two_passes() -> None:
    state = position(2, round=2, phase=Phase.DISCOVERY, ev=[30, 30], zone=["up"] * 6)
    for _ in range(2):
        act(state, ALICE, "pass")
        act(state, BOB, "pass")
    assert state.phase is not Phase.DISCOVERY


# ----------------------------------------------------------------------------- Quest
def test_quest_example() -> None:
    """Quest phase example (round 5): a Neutron with the Gluonium discount, then Neutronium
    with three Electrons for the Gluon and two Neutrons from the table."""
    state = position(
        2, round=5, phase=Phase.QUEST, ev=[0, 0],
        hands={ALICE: {"neutron": 1, "neutronium": 1, "up": 1, "down": 2, "electron": 3}},
        tables={ALICE: {"gluonium": 1, "neutron": 1}},
    )
    assert state.to_act == (ALICE,)
    legal = {str(a) for a in state.legal_actions(ALICE)}
    assert "complete neutron with discount gluon" in legal
    act(state, ALICE, "complete neutron with discount gluon")
    assert table(state, ALICE) == {"gluonium": 1, "neutron": 2}
    assert state.points(ALICE)[0] == 2 + 14 + 14, "That's 14 more points!"
    assert "no Gluon discount left" in str(state.why_illegal(ALICE, parse("complete neutronium with discount gluon")))
    act(state, ALICE, "complete neutronium with 3 electron for gluon")
    assert table(state, ALICE) == {"gluonium": 1, "neutronium": 1}
    assert hand(state, ALICE) == {}
    quest_points, bonus, _ = state.points(ALICE)
    assert quest_points == 2 + 30 and bonus == 2 * 1, "30 points plus bonus points"


def test_quest_payment_rules() -> None:
    """Three of a kind pay for any particle; discounts do not help with three of a kind;
    Protons and Neutrons are paid from the table only."""
    state = position(
        2, round=2, phase=Phase.QUEST,
        hands={ALICE: {"proton": 1, "hydrogen": 1, "up": 4, "down": 1, "gluon": 2}},
        tables={ALICE: {"gluonium": 1}},
    )
    legal = {str(a) for a in state.legal_actions(ALICE)}
    assert {"complete proton", "complete proton with discount gluon"} <= legal
    assert "complete proton with 3 up for down" not in legal, "4 ups cannot pay 2 ups and 3 for the down"
    assert not any(a.startswith("complete hydrogen") for a in legal), "Hydrogen needs a Proton on the table"
    assert "Proton" in str(state.why_illegal(ALICE, parse("complete hydrogen")))
    assert "three of a kind must be Elementary Particles" in str(
        state.why_illegal(ALICE, parse("complete proton with 3 hydrogen for gluon")))


def test_quest_three_of_a_kind_for_a_different_particle() -> None:
    """"A player may instead choose to pay the cost of any Elementary Particle by discarding
    three Elementary Particles of the same type"; the clarification: "discarding 3 of the same
    Elementary Particles to substitute for a different Elementary Particle"."""
    state = position(2, round=2, phase=Phase.QUEST, hands={ALICE: {"proton": 1, "up": 4, "down": 1, "gluon": 1}})
    legal = {str(a) for a in state.legal_actions(ALICE)}
    assert "complete proton" in legal
    assert "complete proton with 3 up for up" not in legal
    assert "different" in str(state.why_illegal(ALICE, parse("complete proton with 3 up for up")))
    other = position(2, round=2, phase=Phase.QUEST,
                     hands={ALICE: {"proton": 1, "up": 2, "down": 1, "electron": 3}})
    assert "complete proton with 3 electron for gluon" in {str(a) for a in other.legal_actions(ALICE)}
    act(other, ALICE, "complete proton with 3 electron for gluon")
    assert hand(other, ALICE) == {} and table(other, ALICE) == {"proton": 1}


def test_quest_phase_asks_every_player_in_turn() -> None:
    """"Once finished, the next player in clockwise order may complete any number of Quest
    cards. Repeat this process until all players have had an opportunity to complete Quest
    cards." Everyone is asked, from the Starting Physicist, whether or not their hidden hand
    can complete anything; one who cannot has only "done"."""
    can = position(3, round=2, phase=Phase.QUEST, sp=BOB,
                   hands={CAROL: {"proton": 1, "up": 2, "down": 1, "gluon": 1}})
    cannot = position(3, round=2, phase=Phase.QUEST, sp=BOB,
                      hands={CAROL: {"proton": 1, "up": 2, "down": 1, "electron": 1}})
    for state in (can, cannot):
        assert state.to_act == (BOB,) and state.legal_actions(BOB) == [parse("done")]
        act(state, BOB, "done")
        assert state.to_act == (CAROL,), "Carol is asked whatever her hand holds"
        assert state.view(ALICE).to_json()["players"] == can.view(ALICE).to_json()["players"]
    assert cannot.legal_actions(CAROL) == [parse("done")]
    assert parse("complete proton") in can.legal_actions(CAROL)
    act(can, CAROL, "complete proton")
    assert can.to_act == (CAROL,), "after a Quest the player is still asked: they may say done"
    assert can.legal_actions(CAROL) == [parse("done")]
    for state in (can, cannot):
        act(state, CAROL, "done")
        assert state.to_act == (ALICE,)
        act(state, ALICE, "done")
        assert state.round == 3


def test_quest_immediate_reward_and_done() -> None:
    state = position(2, round=5, phase=Phase.QUEST, ev=[0, 0],
                     hands={ALICE: {"e-annihilation": 1, "electron": 1, "positron": 1}})
    act(state, ALICE, "complete e-annihilation")
    assert state.ev[ALICE] == 5


# --------------------------------------------------------------------- Final Scoring
def test_final_scoring_example() -> None:
    """Final scoring example: 47 points of Quests, 8 of bonus, 6 eV: 61."""
    state = position(2, round=5, phase=Phase.QUEST, ev=[6, 0],
                     tables={ALICE: {"neutronium": 1, "proton": 1, "pion-minus": 1, "gluonium": 1,
                                     "e-annihilation": 1}})
    finish_quest_phase(state)
    assert state.is_over
    assert state.points(ALICE) == (47, 8, 6)
    assert state.scores[ALICE] == 61
    assert state.winners == (ALICE,)


def test_tiebreakers() -> None:
    """Ties: most cards in hand, then closest to the Starting Physicist clockwise."""
    state = position(3, round=5, phase=Phase.QUEST, sp=BOB, ev=[5, 5, 5],
                     hands={ALICE: {"up": 2}, CAROL: {"up": 2}})
    finish_quest_phase(state)
    assert state.is_over and state.winners == (CAROL,), "Carol is closer to Bob clockwise"
    state = position(3, round=5, phase=Phase.QUEST, sp=BOB, ev=[5, 5, 5],
                     hands={ALICE: {"up": 3}, CAROL: {"up": 2}})
    finish_quest_phase(state)
    assert state.winners == (ALICE,), "Alice has more cards in hand"


def test_round_end_passes_starting_physicist() -> None:
    state = position(3, round=2, phase=Phase.QUEST, sp=BOB)
    assert finish_quest_phase(state) == [BOB, CAROL, ALICE]
    assert state.sp == CAROL and state.round == 3


# --------------------------------------------------------------------- Clarifications
def test_neutrino_resolution() -> None:
    """"As soon as a player acquires a neutrino, they reveal the neutrino, draw two cards of
    their choice, and then they discard the neutrino and one other card from their hand.
    These cards go into the discard piles, not into the Discovery Zone." """
    state = position(3, round=2, phase=Phase.FUNDING, hands={ALICE: {"up": 1}})
    stack_deck(state, PARTICLE_DECK, ["neutrino", "gluon", "down"])
    act(state, ALICE, "draw particle")
    assert state.neutrino_seat == ALICE and state.to_act == (ALICE,)
    assert "reveals a Neutrino" in str(state.view(BOB).to_json()["log"]), "the Neutrino is revealed"
    assert state.legal_actions(ALICE) == [parse(f"draw {deck}") for deck in ("particle", "quest-i", "quest-ii")]
    act(state, ALICE, "draw particle")  # gluon
    act(state, ALICE, "draw particle")  # down
    assert [str(a) for a in state.legal_actions(ALICE)] == ["discard up", "discard down", "discard gluon"]
    act(state, ALICE, "discard gluon")
    assert hand(state, ALICE) == {"up": 1, "down": 1} and state.neutrino_seat == -1
    discards = sorted(COMPONENTS.cards[k].id for k in state.decks[PARTICLE_DECK].discards)
    assert discards == ["gluon", "neutrino"] and state.zone == ()
    assert state.to_act == (BOB,), "Funding goes on with Bob's draw"


def test_neutrinos_are_resolved_one_after_the_other() -> None:
    """"If a player has multiple neutrinos, resolve them one after the other": a second
    Neutrino drawn while resolving the first is revealed at once, may not be discarded as
    the "other card", and is resolved next."""
    state = position(3, round=2, phase=Phase.FUNDING, hands={ALICE: {"up": 1}})
    stack_deck(state, PARTICLE_DECK, ["neutrino", "gluon", "neutrino", "down", "electron"])
    act(state, ALICE, "draw particle")
    act(state, ALICE, "draw particle")  # gluon
    act(state, ALICE, "draw particle")  # a second Neutrino
    assert state.neutrinos[ALICE] == 1 and state.view(CAROL).to_json()["players"][ALICE]["neutrinos"] == 1
    assert [str(a) for a in state.legal_actions(ALICE)] == ["discard up", "discard gluon"]
    before = state.view(None)
    with pytest.raises(IllegalAction, match="resolved after this one"):
        act(state, ALICE, "discard neutrino")
    assert state.view(None) == before
    act(state, ALICE, "discard gluon")
    assert state.neutrino_seat == ALICE and state.neutrinos[ALICE] == 0, "the second one is resolved next"
    act(state, ALICE, "draw particle")  # down
    act(state, ALICE, "draw particle")  # electron
    act(state, ALICE, "discard electron")
    assert hand(state, ALICE) == {"up": 1, "down": 1}
    discards = sorted(COMPONENTS.cards[k].id for k in state.decks[PARTICLE_DECK].discards)
    assert discards == ["electron", "gluon", "neutrino", "neutrino"]
    assert state.to_act == (BOB,)


def test_neutrino_with_no_other_card() -> None:
    """With nothing else in hand (both draws were Neutrinos), only the Neutrino is discarded."""
    state = position(2, round=2, phase=Phase.FUNDING)
    stack_deck(state, PARTICLE_DECK, ["neutrino", "neutrino", "neutrino", "up", "down"])
    act(state, ALICE, "draw particle")
    act(state, ALICE, "draw particle")
    act(state, ALICE, "draw particle")
    # the first one's draws were both Neutrinos: with no other card it is discarded alone
    assert state.neutrinos[ALICE] == 1 and state.neutrino_seat == ALICE and state.hand_size(ALICE) == 0
    assert state.decks[PARTICLE_DECK].discards == [COMPONENTS.by_id("neutrino").kind]
    act(state, ALICE, "draw particle")  # up
    act(state, ALICE, "draw particle")  # down
    act(state, ALICE, "discard down")
    assert state.neutrino_seat == ALICE and state.neutrinos[ALICE] == 0
    act(state, ALICE, "draw quest-i")
    act(state, ALICE, "draw quest-i")
    act(state, ALICE, "discard up")
    assert state.neutrino_seat == -1 and state.hand_size(ALICE) == 2


def test_neutrinos_claimed_together_resolved_clockwise_from_the_starting_physicist() -> None:
    """Research 9: "If any player draws a Neutrino, they must play it and resolve it
    immediately." Neutrinos taken at the same time are resolved from the Starting Physicist
    clockwise (ruling 26), each revealed at once."""
    cards = {"slac": ["neutrino", "up"], "tev": ["neutrino", "down"], "esrf": ["gluon"], "lhc": ["electron"]}
    state = position(3, sp=BOB, accelerators=cards)
    act(state, BOB, "bid esrf 1")
    act(state, CAROL, "bid tev 1")
    act(state, ALICE, "bid slac 1")
    assert state.neutrino_seat == CAROL and state.neutrinos[ALICE] == 1, "Carol comes before Alice after Bob"
    assert state.view(BOB).to_json()["players"][ALICE]["neutrinos"] == 1
    for seat in (CAROL, ALICE):
        assert state.to_act == (seat,)
        act(state, seat, "draw particle")
        act(state, seat, "draw particle")
        act(state, seat, "discard " + next(iter(hand(state, seat))))
    assert state.neutrinos == [0, 0, 0] and state.neutrino_seat == -1


def test_neutrino_won_in_a_discovery() -> None:
    """Ruling 21: a Neutrino in the Discovery Zone may be won; the winner resolves it at once."""
    state = position(2, round=2, phase=Phase.DISCOVERY, ev=[10, 10], zone=["neutrino", "up"],
                     hands={ALICE: {"down": 1}})
    act(state, ALICE, "discover neutrino 2")
    act(state, BOB, "pass")
    assert state.neutrino_seat == ALICE and state.to_act == (ALICE,) and state.ev[ALICE] == 8
    act(state, ALICE, "draw particle")
    act(state, ALICE, "draw particle")
    act(state, ALICE, "discard down")
    assert state.to_act == (BOB,), "the discoveries go on"


def test_setup_neutrino_resolved_immediately() -> None:
    """Setup 5: "If any player draws a Neutrino, they must play it and resolve it
    immediately": before any further card is dealt, to them or to anyone else."""
    state = before_setup(3, ["up", "neutrino", "gluon", "electron"])
    assert state.to_act == (ALICE,) and state.neutrino_seat == ALICE
    assert hand(state, ALICE) == {"up": 1}, "Alice's other set-up cards are not dealt yet"
    assert state.hand_size(BOB) == state.hand_size(CAROL) == 0
    assert state.phase is Phase.FUNDING and state.round == 1
    act(state, ALICE, "draw particle")  # gluon
    act(state, ALICE, "draw particle")  # electron
    act(state, ALICE, "discard electron")
    assert state.phase is Phase.RESEARCH and state.to_act == (ALICE,)
    alice = hand(state, ALICE)
    assert alice["up"] >= 1 and alice["gluon"] >= 1, "the first cards are kept"
    # then the deal goes on: the Neutrino's place was taken by the card it let Alice keep
    assert [state.hand_size(seat) for seat in (ALICE, BOB, CAROL)] == [4, 4, 4]


def test_setup_neutrino_the_terminal_asks_what_the_rules_ask() -> None:
    """Clarifications: a Neutrino's player "draw[s] two cards of their choice, and then they
    discard the neutrino and one other card from their hand". The terminal says so at each
    step of one drawn at set-up, not "draw the set-up cards", and never offers to discard none."""
    from quarkade.games.quirky_quarks.text import render_text

    state = before_setup(3, ["up", "neutrino", "gluon", "electron"])
    assert "You: resolve a Neutrino, 2 more draws from any deck, then a discard." in render_text(
        state.view(ALICE).to_json())
    act(state, ALICE, "draw particle")
    act(state, ALICE, "draw particle")
    text = render_text(state.view(ALICE).to_json())
    assert "You: resolve a Neutrino, discard one other card from your hand with it." in text
    assert "set-up cards" not in text and "(or none)" not in text
    assert all(str(a).startswith("discard ") for a in state.legal_actions(ALICE))


def test_setup_neutrinos_replayed() -> None:
    """A game whose set-up deals a Neutrino waits for it, and replays to the same state."""
    game = quarkade.load("quirky-quarks", players=4)
    for seed in range(40):
        state = game.new_game(seed)
        if state.setup_deals:
            break
    else:
        pytest.fail("no seed deals a Neutrino at set-up")
    assert state.neutrino_seat >= 0 and state.to_act == (state.neutrino_seat,)
    while state.phase is not Phase.RESEARCH:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert quarkade.replay(state.record()).view(None) == state.view(None)


def test_reshuffle_when_deck_runs_out() -> None:
    """A deck found empty beside its discards (it ran out when there were none) is formed anew
    by the next draw from it (RULINGS.md 27a)."""
    state = position(3, round=2, phase=Phase.FUNDING)
    deck = state.decks[PARTICLE_DECK]
    deck.discards, deck.cards = deck.cards, []
    act(state, ALICE, "draw particle")
    assert deck.discards == [] and len(deck.cards) > 0


def test_clarifications_a_deck_that_runs_out_is_reshuffled_at_once() -> None:
    """Clarifications: "If a deck runs out of cards, take the discard pile of the appropriate
    type and reshuffle it to form a new deck": the draw that takes the last card forms the new
    deck at once, so a card discarded afterwards starts a new discard pile (RULINGS.md 27a).
    Everyone reads it in the log."""
    state = position(3, round=2, phase=Phase.FUNDING)
    deck = state.decks[PARTICLE_DECK]
    last = deck.cards[-1]
    deck.discards, deck.cards = deck.cards[:-1] + deck.discards, [last]
    pile = sorted(deck.discards)
    act(state, ALICE, "draw particle")
    assert sorted(deck.cards) == pile and deck.discards == []
    for seat in (None, BOB):
        (line,) = [e for e in state.view(seat).to_json()["log"] if e["event"] == "reshuffle"]
        assert line == {"event": "reshuffle", "deck": "particle", "cards": len(pile),
                        "text": f"The Particle deck has run out: its {len(pile)} discarded cards are shuffled "
                                "into a new deck."}


def test_hand_sizes_and_ev_are_public() -> None:
    state = position(3, hands={BOB: {"up": 2, "proton": 1}}, ev=[3, 4, 5])
    view = state.view(ALICE).to_json()
    assert view["players"][BOB]["hand_size"] == 3 and view["players"][BOB]["ev"] == 4
    assert "hand" not in view["players"][BOB]
    assert view["hand"] == {}


def test_full_game_ends_after_round_five() -> None:
    game = quarkade.load("quirky-quarks", players=4)
    state = game.new_game(3)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    assert state.round == 5 and len(state.winners) == 1 and sum(state.hands) + sum(state.table) >= 0
    assert len(COMPONENTS.cards) == KINDS


# ------------------------------------------------------------------------- Notation
@pytest.mark.parametrize("text", [
    "bid lhc ²", "bid lhc 2²", "raise ³", "discover up ¹", "bid lhc ٣", "bid lhc ５", "raise 𝟓", "raise ⅷ",
    "bid lhc -3", "raise -1", "raise +4", "raise 3.0", "raise 1e3", "raise 0x10", "raise 1_000",
    "bid lhc " + "9" * 10, "raise " + "9" * 5000, "discover up " + "1" * 40,
    "bid lhc", "bid 5", "raise", "discover up", "discover", "bid  ", "complete", "complete proton with",
    "complete proton with ,", "complete proton with discount gluon,", "complete proton with 3 up for",
    "complete proton with ３ up for down", "complete proton with ³ up for down",
])
def test_malformed_notation_raises_only_invalid_notation(text: str) -> None:
    """Whatever is typed, the parser answers with an action or InvalidNotation (a reason), never
    another error: ``str.isdigit`` accepts '²' and other scripts' digits, which are not notation."""
    game = quarkade.load("quirky-quarks", players=3)
    state = game.new_game(0)
    with pytest.raises(quarkade.InvalidNotation) as refused:
        game.parse_action(state, 0, text)
    assert str(refused.value).strip()


def test_amounts_are_ascii_whole_numbers() -> None:
    assert str(parse("bid lhc 007")) == "bid lhc 7"
    assert str(parse("raise " + "9" * 9)) == "raise " + "9" * 9
    state = position(3)
    assert "exceed your eV" in str(state.why_illegal(ALICE, parse("bid lhc 999999999")))


def test_ejection_reveal_does_not_tell_the_order_of_a_sealed_choice() -> None:
    """"When everyone indicates they are ready, all players reveal the cards they are
    ejecting" at once: the reveal shows which cards, never the order they were picked in."""
    views = []
    for order in (("up", "down"), ("down", "up")):
        state = position(2, round=2, phase=Phase.EJECTION, hands={ALICE: {"up": 2, "down": 2, "electron": 6},
                                                                  BOB: {"gluon": 6}})
        for seat in state.to_act:
            picks = order if seat == ALICE else ("gluon",)
            for card in picks:
                if f"eject {card}" in {str(a) for a in state.legal_actions(seat)}:
                    act(state, seat, f"eject {card}")
        while state.to_act and state.phase == Phase.EJECTION:
            seat = state.to_act[0]
            act(state, seat, "ready")
        views.append({k: v for k, v in state.view(BOB).to_json().items()})
    assert views[0]["discovery_zone"] == views[1]["discovery_zone"]
    assert [e["text"] for e in views[0]["log"]] == [e["text"] for e in views[1]["log"]]
