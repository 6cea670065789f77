"""Cosmic Encounter with Quarks: the worked examples of the Quarks text and the rules of
RULEBOOK.txt, each test named after its section."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import quarkade
from quarkade.games.cosmic_encounter.actions import (
    Accept,
    Again,
    Aim,
    Ally,
    Decline,
    DrawAgain,
    Invite,
    Launch,
    Offer,
    Pass,
    Play,
    PlayEdict,
    Regroup,
    Reward,
    Settle,
    Timeout,
)
from quarkade.games.cosmic_encounter.components import (
    SQUARES,
    Card,
    Edict,
    Kind,
    deck_cards,
    fullest_sources,
    quark_value,
)
from quarkade.games.cosmic_encounter.rules import CosmicState, Step

UP, DOWN, STRANGE = 0, 1, 2


def new(players: int = 4, **options: Any) -> CosmicState:
    options = {"powers": "none", "edicts": False, **options}
    state = quarkade.load("cosmic-encounter", players=players, **options).new_game(7)
    assert isinstance(state, CosmicState)
    return state


def give(state: CosmicState, seat: int, face: str) -> int:
    """Move a card with ``face`` from wherever it is (not ``seat``'s hand) into ``seat``'s hand."""
    others = [hand for other, hand in enumerate(state.hands) if other != seat]
    for zone in (state.deck.cards, state.deck.discards, *others):
        for card_id in zone:
            if state.cards[card_id].face == face:
                zone.remove(card_id)
                state.hands[seat].append(card_id)
                state._legal = None
                return card_id
    raise AssertionError(f"no {face} card left to give")


def set_hand(state: CosmicState, seat: int, faces: list[str]) -> None:
    for card in state.hands[seat][:]:
        state.hands[seat].remove(card)
        state.deck.cards.insert(0, card)
    for face in faces:
        give(state, seat, face)


def until(state: CosmicState, step: Step, choose: Callable[[CosmicState, int, list[Any]], Any] | None = None) -> None:
    """Play (first legal action, or ``choose``) until ``step`` is reached."""
    for _ in range(500):
        if state.step is step:
            return
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = choose(state, seat, legal) if choose else None
        state.apply(seat, action if action is not None else legal[0])
    raise AssertionError(f"{step} never reached")


def until_window(state: CosmicState, window: str) -> None:
    """Play on (first legal actions: passing at other windows) until the edict window
    ``window`` ("start", "alliances" or "reveal") opens."""
    for _ in range(500):
        if state.step is Step.EDICTS and state.window == window:
            return
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    raise AssertionError(f"the {window} window never opened")


def settle(state: CosmicState) -> None:
    """Make every pending placement (RULINGS 10) with the first choice offered."""
    while state.step is Step.PLACE:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])


def faces(state: CosmicState, seat: int) -> list[str]:
    return sorted(state.cards[card].face for card in state.hands[seat])


def launch_of(state: CosmicState, count: int) -> Launch:
    """The offence launches ``count`` tokens from its fullest bases."""
    return Launch(fullest_sources(state.tokens, state.offence, count, state.target))


def ally_of(state: CosmicState, seat: int, side: int, count: int) -> Ally:
    """An invited seat joins ``side`` with ``count`` tokens from its fullest bases."""
    return Ally(side, fullest_sources(state.tokens, seat, count, state.target))


def challenge(state: CosmicState, launch: int = 2, invites: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
              allies: dict[int, tuple[int, int]] | None = None) -> tuple[int, int]:
    """Drive a challenge to the cards: aim at the defender's first planet holding its tokens;
    ``allies`` maps an invited seat to the side it joins and how many tokens it commits."""
    until(state, Step.DESTINY)
    offence = state.offence
    aim = next(a for a in state.legal_actions(offence) if isinstance(a, Aim))
    state.apply(offence, aim)
    state.apply(offence, launch_of(state, launch))
    state.apply(offence, Invite(invites[0]))
    state.apply(state.defender, Invite(invites[1]))
    while state.step is Step.ALLIANCE:
        seat = state.to_act[0]
        joins = (allies or {}).get(seat)
        state.apply(seat, ally_of(state, seat, *joins) if joins else Decline())
    while state.step is Step.EDICTS:
        state.apply(state.to_act[0], Pass())
    assert state.step is Step.CARDS
    return offence, state.defender


# ----------------------------------------------------------------------------- Quarks text
def test_quarks_examples_fifth_square() -> None:
    """"Suppose the State Indicator is on the fifth square ... an Up Quark 10 card ... is
    considered to be an Attack 14, a Down 12 is an Attack 12, and a Strange 7 is an Attack 3.\""""
    assert quark_value(Card(Kind.QUARK, 10, UP), 4) == 14
    assert quark_value(Card(Kind.QUARK, 12, DOWN), 4) == 12
    assert quark_value(Card(Kind.QUARK, 7, STRANGE), 4) == 3


def test_quarks_examples_sixth_square() -> None:
    """"... when the State Indicator advances to the sixth square, these same three cards
    become equivalent to Attack 12, Attack 14, and Attack -1 cards, respectively.\""""
    assert quark_value(Card(Kind.QUARK, 10, UP), 5) == 12
    assert quark_value(Card(Kind.QUARK, 12, DOWN), 5) == 14
    assert quark_value(Card(Kind.QUARK, 7, STRANGE), 5) == -1


def test_quarks_phase_diagram_rows_are_one_wave() -> None:
    """RULINGS 5: each flavour's row is the same wave, a third of a cycle apart."""
    wave = [0, 2, 4, 8, 4, 2, 0, -2, -4, -8, -4, -2]
    for flavour, shift in ((UP, 0), (DOWN, 4), (STRANGE, 8)):
        assert [SQUARES[(k + shift) % 12][flavour] for k in range(12)] == wave


@pytest.mark.parametrize(("deck", "count"), [("eon", 18), ("eon-expansions", 24), ("mayfair-more", 39)])
def test_quarks_making_quark_cards(deck: str, count: int) -> None:
    """"there should be 18, 24, or 39 of them", a third of each flavour, and the deck keeps its size."""
    cards = deck_cards(deck, True, False)
    quarks = [c for c in cards if c.kind is Kind.QUARK]
    assert len(quarks) == count
    assert all(sum(c.flavour == f for c in quarks) == count // 3 for f in range(3))
    assert len(cards) == len(deck_cards(deck, False, False))


def test_quarks_advancing_the_phase_state() -> None:
    """"At the start of each player's turn, move the State Indicator one square to the right ...
    If ... on the last (rightmost) square, move it to the first.\""""
    state = new(quarks=True)
    assert state.square == 1  # placed on the first square, moved at the start of turn 1
    seen = [state.square]
    for _ in range(12):
        turn = state.turn
        until(state, Step.CARDS)
        while state.turn == turn:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, Timeout() if Timeout() in legal else legal[0])
        seen.append(state.square)
    assert seen == [(1 + k) % 12 for k in range(13)]


def test_quarks_other_notes_finder() -> None:
    """"... the State Indicator is in the first square ... you have a Strange 11 in your hand,
    and someone plays a Finder edict on you to find an Attack 15, he would get the Strange 11.
    Had he looked for an Attack 11, however, he'd have been out of luck.\""""
    state = new(quarks=True, edicts=True, deck="mayfair-more")  # the deck with Strange 11s
    until_window(state, "alliances")
    state.square = 0
    finder, holder = state.to_act[0], state.to_act[1]
    set_hand(state, holder, ["s11", "c", "a12"])
    give(state, finder, "finder")
    give(state, finder, "finder")
    state.apply(finder, PlayEdict(Edict.FINDER, holder, 11))
    assert [state.cards[c].face for c in state.hands[holder]] == ["s11", "c", "a12"]
    state.apply(finder, PlayEdict(Edict.FINDER, holder, 15))
    assert [state.cards[c].face for c in state.hands[holder]] == ["c", "a12"]
    assert state.cards[state.hands[finder][-1]].face == "s11"
    # The Finder asks for values only, never for a flavour.
    assert all(not str(a).startswith("edict finder") or str(a).split()[-1].lstrip("-").isdigit()
               for a in state.legal_actions(finder))


def test_quarks_a_quark_is_an_attack_of_its_value() -> None:
    """A Quark in a challenge counts its value now, as an Attack card of that value."""
    state = new(quarks=True)
    offence, defence = challenge(state, launch=2)
    state.square = 4
    set_hand(state, offence, ["u10"])
    set_hand(state, defence, ["a13"])
    target = state.target
    defending = state.tokens[target][defence]
    state.apply(offence, Play("u10"))
    state.apply(defence, Play("a13"))
    # Up 10 in the fifth square is 14: 14 + 2 against 13 + the defence's tokens.
    assert (state.tokens[target][offence] > 0) == (13 + defending < 16)
    assert state.view(None).to_json()["log"][-1 - next(
        i for i, line in enumerate(reversed(state.view(None).to_json()["log"])) if line["event"] == "totals")][
        "text"] == f"totals: offence 16, defence {13 + defending}"


# ----------------------------------------------------------------------------- RULEBOOK.txt
def test_2_setup() -> None:
    """2: five planets with four tokens each, hands of seven, one power each (or none)."""
    state = new(players=5, powers="random")
    for seat in range(5):
        home = state.tokens[seat * 5:(seat + 1) * 5]
        assert [row[seat] for row in home] == [4] * 5
        assert len(state.hands[seat]) == 7 or seat == state.offence
    assert len(set(state.powers)) == 5 and min(state.powers) >= 0
    assert new(players=5).powers == (-1,) * 5


def test_3_6_attack_totals_and_ties_go_to_the_defence() -> None:
    """3.6: card plus tokens plus allies; a tie goes to the defence."""
    state = new()
    offence, defence = challenge(state, launch=3)
    defending = state.tokens[state.target][defence]
    set_hand(state, offence, ["a10"])
    set_hand(state, defence, [f"a{10 + 3 - defending}"] if 10 + 3 - defending in (9, 10, 11, 12) else ["a10"])
    off_card, def_card = "a10", state.cards[state.hands[defence][0]].face
    planet = state.target
    state.apply(offence, Play(off_card))
    state.apply(defence, Play(def_card))
    tie_or_defence = int(def_card[1:]) + defending >= 13
    target = state.tokens[planet]
    assert (target[offence] == 0) == tie_or_defence
    if tie_or_defence:
        assert state.warp[offence] == 3 and target[defence] == defending


def test_3_6_offence_wins_and_lands() -> None:
    state = new()
    offence, defence = challenge(state, launch=4)
    target = state.target
    defending = state.tokens[target][defence]
    set_hand(state, offence, ["a40"])
    set_hand(state, defence, ["a0"])
    state.apply(offence, Play("a40"))
    state.apply(defence, Play("a0"))
    assert state.tokens[target][offence] == 4
    assert state.tokens[target][defence] == 0
    assert state.warp[defence] == defending
    assert state.step is Step.AGAIN  # 3.8: a second challenge may follow


def test_3_6_compromise_against_attack_consolation() -> None:
    """3.6: the compromiser loses, and takes one card from the winner's hand per token lost."""
    state = new()
    offence, defence = challenge(state, launch=3)
    set_hand(state, offence, ["c"])
    set_hand(state, defence, ["a8", "a4", "a5", "a6", "a7"])
    state.apply(offence, Play("c"))
    state.apply(defence, Play("a8"))
    assert state.warp[offence] == 3
    assert len(state.hands[offence]) == 3 and len(state.hands[defence]) == 1


def test_3_6_compromise_against_compromise_deal() -> None:
    state = new()
    offence, defence = challenge(state, launch=2)
    set_hand(state, offence, ["c", "a4", "a5"])
    set_hand(state, defence, ["c", "a6", "a7"])
    state.apply(offence, Play("c"))
    state.apply(defence, Play("c"))
    assert state.step is Step.DEAL and set(state.to_act) == {offence, defence}
    target = state.target
    # The offence names the card it gives and asks for one; the defence names the one it gives.
    state.apply(offence, Offer(("a4",), 1, 3))
    state.apply(defence, Accept(("a7",)))
    assert faces(state, offence) == ["a5", "a7"] and faces(state, defence) == ["a4", "a6"]
    assert state.tokens[target][offence] == 2  # the cone lands on the target
    # The defence chooses where its new base goes and which base its token leaves.
    assert state.step is Step.PLACE and state.to_act == (defence,)
    settle(state)
    assert any(state.tokens[p][defence] for p in range(offence * 5, offence * 5 + 5))


def test_3_6_a_deal_gives_at_least_a_card_or_a_base() -> None:
    """3.6: "A deal must give at least one card or one base": nothing for nothing is no deal."""
    state = new()
    offence, defence = challenge(state, launch=2)
    set_hand(state, offence, ["c", "a4"])
    set_hand(state, defence, ["c"])
    state.apply(offence, Play("c"))
    state.apply(defence, Play("c"))
    assert state.step is Step.DEAL and not state.hands[defence]
    empty = Offer((), 0, 0)
    assert empty not in state.legal_actions(offence)
    with pytest.raises(quarkade.IllegalAction, match="nothing for nothing"):
        state.apply(offence, empty)
    assert Offer((), 1, 0) not in state.legal_actions(offence)  # the defence holds no card to give
    state.apply(offence, Offer(("a4",), 0, 0))  # a card given for none: a deal
    state.apply(defence, Accept(()))
    assert faces(state, defence) == ["a4"] and state.result is not None and state.result[3] == "deal"


def deal_for_the_defence(defence_bases: dict[int, int]) -> tuple[CosmicState, int, int]:
    """A 3-player compromise deal giving the defence a base, with the defence's tokens set to
    ``defence_bases`` (planet: count; the rest in the warp)."""
    state = new(players=3)
    offence, defence = challenge(state, launch=2)
    assert (offence, defence, state.target) == (0, 2, 10)  # the planets below assume this table
    total = sum(row[defence] for row in state.tokens)
    for planet, row in enumerate(state.tokens):
        row[defence] = defence_bases.get(planet, 0)
    state.warp[defence] += total - sum(defence_bases.values())
    set_hand(state, offence, ["c", "a4", "a5"])
    set_hand(state, defence, ["c", "a6", "a7"])
    state.apply(offence, Play("c"))
    state.apply(defence, Play("c"))
    state.apply(defence, Offer(("a6",), 1, 3))
    state.apply(offence, Accept(("a4",)))
    return state, offence, defence


def test_3_6_a_deals_base_for_the_defence_never_empties_one_in_that_system() -> None:
    """"A deal may ... give ... the defence a base in the offence's home system": a new base
    there, onto a planet where it has none, its token from a base outside that system or
    from one there that keeps a token; the defence chooses both (RULINGS 15)."""
    state, offence, defence = deal_for_the_defence({2: 1, 10: 1})
    assert state.step is Step.PLACE and state.to_act == (defence,)
    assert {str(a) for a in state.legal_actions(defence)} == {f"base 0.{p} from 2.0" for p in (0, 1, 3, 4)}
    state.apply(defence, Settle(3, 10))
    assert [state.tokens[p][defence] for p in range(5)] == [0, 0, 1, 1, 0] and state.tokens[10][defence] == 0
    state, offence, defence = deal_for_the_defence({2: 2})
    assert {str(a) for a in state.legal_actions(defence)} == {f"base 0.{p} from 0.2" for p in (0, 1, 3, 4)}
    with pytest.raises(quarkade.IllegalAction, match="base 0.0 from 0.2"):
        state.apply(defence, Settle(2, 2))
    state.apply(defence, Settle(0, 2))
    assert [state.tokens[p][defence] for p in range(5)] == [1, 0, 1, 0, 0]
    # Only a single token there: nothing to move without emptying a base, so nothing moves.
    state, offence, defence = deal_for_the_defence({2: 1})
    assert state.step is not Step.PLACE or state.to_act != (defence,)
    settle(state)
    assert [state.tokens[p][defence] for p in range(5)] == [0, 0, 1, 0, 0]
    assert state.warp[defence] == sum(row[defence] for row in new(players=3).tokens) - 1


def test_3_6_the_deal_is_timed_by_the_host() -> None:
    """"... within one minute": the engine reads no clock; ``clock()`` tells the host who is on
    it, for how long, and what to apply when the time passes (RULINGS 15)."""
    state = new(deal_seconds=5)
    offence, defence = challenge(state, launch=2)
    assert state.clock() is None
    set_hand(state, offence, ["c", "a4"])
    set_hand(state, defence, ["c", "a6"])
    state.apply(offence, Play("c"))
    state.apply(defence, Play("c"))
    clock = state.clock()
    assert clock is not None and clock.seats == (offence, defence) and clock.limit_ms == 5000
    assert clock.key == ("deal", state.turn, state.challenge) and not clock.race
    offer = Offer(("a4",), 1, 3)
    assert clock.stamp(offer, 4000) == offer and clock.carried_ms(offer) is None
    state.apply(offence, offer)
    assert state.clock() == clock  # the same step: the host's minute goes on
    state.apply(defence, clock.timeout)
    assert state.clock() is None
    settle(state)
    assert state.warp[offence] == 3


def test_3_6_a_deal_that_times_out_costs_three_tokens_each() -> None:
    state = new()
    offence, defence = challenge(state, launch=2)
    set_hand(state, offence, ["c", "a4"])
    set_hand(state, defence, ["c", "a6"])
    state.apply(offence, Play("c"))
    state.apply(defence, Play("c"))
    state.apply(defence, Timeout())  # the host applies it when the minute has passed
    # The cone goes home first, then each side loses three tokens from bases it chooses.
    assert state.step is Step.PLACE and state.to_act == (offence,)
    assert state.view(None).to_json()["encounter"]["placements"][:2] == [
        {"seat": offence, "kind": "home", "count": 2}, {"seat": offence, "kind": "lose", "count": 3}]
    settle(state)
    assert state.warp[offence] == 3 and state.warp[defence] == 3


def defence_won_with_an_ally() -> tuple[CosmicState, int, int, int]:
    """A challenge in which a third seat allies with the defence with three tokens, the offence
    plays Attack 0 and the defence Attack 20: (state, offence, defence, ally), the cards played."""
    state = new()
    until(state, Step.DESTINY)
    others = [p for p in range(4) if p != state.offence]
    aim = next(a for a in state.legal_actions(state.offence) if isinstance(a, Aim))
    ally = next(p for p in others if p != aim.defender)
    state = new()
    offence, defence = challenge(state, launch=1, invites=((), (ally,)), allies={ally: (1, 3)})
    set_hand(state, offence, ["a0"])
    set_hand(state, defence, ["a20"])
    return state, offence, defence, ally


def test_3_7_defensive_allies_rewards() -> None:
    state, offence, defence, ally = defence_won_with_an_ally()
    hand = len(state.hands[ally])
    state.apply(offence, Play("a0"))
    state.apply(defence, Play("a20"))
    # The ally's three tokens go home first, each where it chooses.
    assert state.step is Step.PLACE and state.to_act == (ally,)
    settle(state)
    assert state.step is Step.REWARDS and state.to_act == (ally,)
    state.apply(ally, Reward(3))
    assert len(state.hands[ally]) == hand + 3


def test_13a_a_draw_from_an_empty_deck_and_discard_pile_is_a_cosmic_quake() -> None:
    """RULINGS.md 13a: an ally chooses cards as its reward when every card is in a hand: the
    draw finds the deck and the discard pile empty, and a cosmic quake deals every seat seven
    new cards (the rest of the reward is not drawn), which the log tells everyone."""
    state, offence, defence, ally = defence_won_with_an_ally()
    state.apply(offence, Play("a0"))
    state.apply(defence, Play("a20"))
    settle(state)
    assert state.step is Step.REWARDS and state.to_act == (ally,)
    # Every card of the deck and the discard pile into the ally's hand, save the two played.
    state.hands[ally] += state.deck.cards + state.deck.discards
    state.deck.cards, state.deck.discards = [], []
    in_hands = sum(map(len, state.hands))
    state.apply(ally, Reward(3))
    assert [len(hand) for hand in state.hands] == [7, 7, 7, 7]
    assert len(state.deck.cards) + len(state.deck.discards) + 28 == in_hands  # no card lost nor made
    lines = [line["text"] for line in state.view(None).to_json()["log"]]
    assert ("the deck and the discard pile are empty: a cosmic quake, every hand discarded and seven cards "
            "dealt to each player") in lines


def test_13a_no_challenge_card_left_to_draw_is_a_cosmic_quake() -> None:
    """Ruling 13 has a main player with no challenge card draw new hands until it holds one;
    when neither the deck nor the discard pile holds a challenge card, it could never, and the
    game would wait on it for ever. Ruling 13a: a cosmic quake deals every seat a new hand, and
    the challenge goes on with a challenge card in each main player's hand."""
    state = new(edicts=True)
    until(state, Step.CARDS, lambda _state, _seat, legal: next((a for a in legal if isinstance(a, Pass)), None))
    offence, defence = state.mains
    # Back to the moment the cards are asked for: every challenge card not held by the defence
    # goes to the fourth seat; the offence holds edicts only, as do the deck and the pile.
    other = next(p for p in range(4) if p not in (offence, defence))
    pool = state.hands[offence] + state.deck.cards + state.deck.discards
    state.hands[offence] = [c for c in pool if not state.cards[c].is_challenge]
    state.hands[other] += [c for c in pool if state.cards[c].is_challenge]
    state.deck.cards, state.deck.discards = [], []
    from quarkade.games.cosmic_encounter.cards import begin_play

    begin_play(state)
    assert state.step is Step.CARDS
    for main in (offence, defence):
        assert any(state.cards[c].is_challenge for c in state.hands[main])
        assert state.legal_actions(main)
    lines = [line["text"] for line in state.view(None).to_json()["log"]]
    assert any(text.startswith("neither the deck nor the discard pile holds a challenge card") for text in lines)


def test_1_shared_win_at_five_foreign_bases() -> None:
    """1: an offence and an ally reaching five foreign bases together share the win."""
    state = new()
    until(state, Step.DESTINY)
    aim = next(a for a in state.legal_actions(state.offence) if isinstance(a, Aim))
    ally = next(p for p in range(4) if p not in (state.offence, aim.defender))
    offence = state.offence
    # Four foreign bases each, none in the system aimed at.
    for seat in (offence, ally):
        planets = [p for p in range(20) if p // 5 not in (seat, aim.defender)][:4]
        for planet in planets:
            state.tokens[planet][seat] += 1
            state.tokens[seat * 5][seat] -= 1
    state = _replace_challenge(state, aim, ally)
    assert state.is_over and set(state.winners) == {offence, ally}


def _replace_challenge(state: CosmicState, aim: Aim, ally: int) -> CosmicState:
    state.apply(state.offence, aim)
    state.apply(state.offence, launch_of(state, 2))
    state.apply(state.offence, Invite((ally,)))
    state.apply(state.defender, Invite(()))
    while state.step is Step.ALLIANCE:
        seat = state.to_act[0]
        state.apply(seat, ally_of(state, seat, 0, 1) if seat == ally else Decline())
    set_hand(state, state.offence, ["a40"])
    set_hand(state, state.defender, ["a0"])
    offence, defence = state.offence, state.defender
    state.apply(offence, Play("a40"))
    state.apply(defence, Play("a0"))
    return state


def test_3_1_regroup_one_token_from_the_warp() -> None:
    state = new()
    until(state, Step.DESTINY)
    offence = state.offence
    state.warp[offence] += 2
    state.tokens[offence * 5][offence] -= 2
    from quarkade.games.cosmic_encounter.setup_phases import start_challenge

    start_challenge(state)
    state._legal = None
    assert state.step is Step.REGROUP and state.to_act == (offence,)
    planets = {a.planet for a in state.legal_actions(offence) if isinstance(a, Regroup)}
    assert set(range(offence * 5, offence * 5 + 5)) <= planets
    state.apply(offence, Regroup(offence * 5 + 2))
    assert state.warp[offence] == 1 and state.tokens[offence * 5 + 2][offence] == 5


def test_3_2_destiny_on_ones_own_colour() -> None:
    """3.2: on its own colour the offence challenges a foreign base at home or draws again."""
    state = new()
    until(state, Step.DESTINY)
    offence = state.offence
    other = (offence + 1) % 4
    state.tokens[offence * 5 + 1][other] = 2
    state.drawn = offence
    state._legal = None
    legal = state.legal_actions(offence)
    assert set(legal) == {Aim(offence * 5 + 1, other), DrawAgain()}
    assert str(Aim(offence * 5 + 1, other)) == f"aim {offence}.1 at {other}"
    state.apply(offence, DrawAgain())
    assert state.destiny.discards[-1] == state.drawn


def test_3_3_launch_one_to_four_tokens() -> None:
    state = new()
    until(state, Step.LAUNCH)
    legal = state.legal_actions(state.offence)
    assert {action.tokens for action in legal if isinstance(action, Launch)} == {1, 2, 3, 4}
    home = [planet for planet in range(state.offence * 5, state.offence * 5 + 5) if planet != state.target]
    refused = state.why_illegal(state.offence, Launch((home[0],) * 5))
    assert refused is not None and "1 to 4" in refused


def test_3_3_launched_tokens_come_from_the_bases_named() -> None:
    """3.3: tokens are taken from the offence's bases; the player names the base of each."""
    state = new()
    until(state, Step.LAUNCH)
    offence = state.offence
    home = [planet for planet in range(offence * 5, offence * 5 + 5) if planet != state.target]
    action = state.game.parse_action(state, offence, f"launch {home[1] // 5}.{home[1] % 5} "
                                     f"{home[1] // 5}.{home[1] % 5} {home[2] // 5}.{home[2] % 5}")
    assert action == Launch((home[1], home[1], home[2])) and str(Launch((home[1], home[1], home[2]))) == (
        f"launch {home[1] // 5}.{home[1] % 5} {home[1] // 5}.{home[1] % 5} {home[2] // 5}.{home[2] % 5}")
    before = [state.tokens[planet][offence] for planet in home]
    state.apply(offence, action)
    assert [state.tokens[planet][offence] for planet in home] == [before[0], before[1] - 2, before[2] - 1,
                                                                  *before[3:]]
    assert state.cone == 3


def test_3_3_a_base_gives_no_more_tokens_than_it_holds_nor_the_target() -> None:
    state = new()
    until(state, Step.LAUNCH)
    offence = state.offence
    home = [planet for planet in range(offence * 5, offence * 5 + 5) if planet != state.target]
    state.tokens[home[0]][offence] = 1
    too_many = Launch((home[0], home[0]))
    assert too_many not in state.legal_actions(offence)
    assert state.why_illegal(offence, too_many) is not None
    if state.tokens[state.target][offence]:
        assert Launch((state.target,)) not in state.legal_actions(offence)
    before = [row[:] for row in state.tokens]
    with pytest.raises(quarkade.IllegalAction):
        state.apply(offence, too_many)
    assert state.tokens == before and state.step is Step.LAUNCH


def test_3_4_alliances_offence_invites_first_then_defence_then_clockwise_answers() -> None:
    state = new()
    until(state, Step.INVITE_OFFENCE)
    offence, defence = state.offence, state.defender
    others = [p for p in range(4) if p not in (offence, defence)]
    assert Invite(tuple(others)) in state.legal_actions(offence)
    assert all(defence not in a.seats for a in state.legal_actions(offence) if isinstance(a, Invite))
    state.apply(offence, Invite((others[1],)))
    assert state.to_act == (defence,)
    state.apply(defence, Invite(tuple(others)))
    asked = []
    while state.step is Step.ALLIANCE:
        seat = state.to_act[0]
        asked.append(seat)
        legal = state.legal_actions(seat)
        sides = {a.side for a in legal if isinstance(a, Ally)}
        assert sides == ({0, 1} if seat == others[1] else {1})
        state.apply(seat, Decline())
    assert asked == sorted(others, key=lambda p: (p - offence) % 4)


def test_3_8_a_second_challenge_after_a_successful_first() -> None:
    state = new()
    offence, defence = challenge(state, launch=4)
    set_hand(state, offence, ["a40", "a4"])
    set_hand(state, defence, ["a0", "a5"])
    turn = state.turn
    state.apply(offence, Play("a40"))
    state.apply(defence, Play("a0"))
    assert state.step is Step.AGAIN and state.to_act == (offence,)
    state.apply(offence, Again(True))
    assert state.challenge == 2 and state.turn == turn and state.offence == offence
    # After a second challenge, the turn passes whatever happens.
    until(state, Step.CARDS)
    set_hand(state, offence, ["a40", "a4"])
    set_hand(state, state.defender, ["a0", "a5"])
    state.apply(offence, Play("a40"))
    state.apply(state.defender, Play("a0"))
    assert state.turn == turn + 1


def test_3_9_running_out_of_cards() -> None:
    """3.9: a player whose hand is empty draws seven."""
    state = new()
    offence, defence = challenge(state, launch=1)
    set_hand(state, offence, ["a40"])
    set_hand(state, defence, ["a0"])
    state.apply(offence, Play("a40"))
    state.apply(defence, Play("a0"))
    assert len(state.hands[offence]) == 7 and len(state.hands[defence]) == 7


def test_3_5_no_challenge_card_shows_the_hand_and_draws_seven() -> None:
    state = new(edicts=True)
    until_window(state, "alliances")
    offence = state.offence
    set_hand(state, offence, ["zap", "mobius"])
    while state.step is Step.EDICTS:
        state.apply(state.to_act[0], Pass())
    assert state.step is Step.CARDS
    assert any(state.cards[c].is_challenge for c in state.hands[offence])
    shown = [line for line in state.view(None).to_json()["log"] if line["event"] == "new-hand"]
    # The hand shown is named as a player reads it, and given by face for programs.
    assert shown and shown[-1]["text"].endswith("showing and discarding Cosmic Zap edict, Mobius Tubes edict")
    assert shown[-1]["faces"] == ["zap", "mobius"]
