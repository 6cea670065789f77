"""Deals name their cards (RULINGS.md 15): the proposer names the cards it gives by face and
asks for a number, the acceptor names the ones it gives; at most two a side, each set of faces
once; the faces reach the two main players only."""

from __future__ import annotations

import re

import pytest

import quarkade
from quarkade.core import Chance
from quarkade.core.errors import InvalidNotation
from quarkade.core.log import in_order
from quarkade.games.cosmic_encounter.actions import Accept, Offer, Play, Timeout, parse
from quarkade.games.cosmic_encounter.bot import CosmicHeuristic
from quarkade.games.cosmic_encounter.components import DEAL_CARDS
from quarkade.games.cosmic_encounter.rules import CosmicState, Step
from test_rulebook_cosmic_encounter import challenge, faces, new, set_hand, settle


def at_deal(offence_hand: list[str], defence_hand: list[str]) -> tuple[CosmicState, int, int]:
    """Seed 7's first challenge at its deal: both played a Compromise, holding these hands."""
    state = new()
    offence, defence = challenge(state, launch=2)
    set_hand(state, offence, ["c", *offence_hand])
    set_hand(state, defence, ["c", *defence_hand])
    state.apply(offence, Play("c"))
    state.apply(defence, Play("c"))
    assert state.step is Step.DEAL
    return state, offence, defence


def test_an_offer_names_cards_of_ones_own_hand_each_set_of_faces_once() -> None:
    state, offence, defence = at_deal(["a8", "a8", "c"], ["a4", "a5"])
    offers = [a for a in state.legal_actions(offence) if isinstance(a, Offer)]
    gifts = {a.give for a in offers}
    # None, one card, two cards: two Attack 8s are one choice, a pair of them another.
    assert gifts == {(), ("a8",), ("c",), ("a8", "a8"), ("a8", "c")}
    assert {a.get for a in offers} == {0, 1, 2} and {a.bases for a in offers} == {0, 1, 2, 3}
    assert len(offers) == len(gifts) * 3 * 4 - 1  # not the empty deal: nothing for nothing
    assert Offer((), 0, 0) not in offers
    assert all(len(a.give) <= DEAL_CARDS for a in offers)
    with pytest.raises(InvalidNotation, match="at most 2 cards"):
        parse("offer give a8 a8 c get 1 base both")
    # A card the proposer does not hold is refused with a reason, and nothing changes.
    views = [state.view(seat).to_json() for seat in (None, 0, 1, 2, 3)]
    with pytest.raises(quarkade.IllegalAction, match="names the cards you give from your hand"):
        state.apply(offence, Offer(("a4",), 1, 3))
    assert [state.view(seat).to_json() for seat in (None, 0, 1, 2, 3)] == views


def test_a_deals_list_is_kept_and_handed_out_as_copies() -> None:
    """The deal's actions are made once and kept: a reader's list is its own (changing it
    changes nothing), an action of the list or an equal one made elsewhere is applied, an
    offer not listed is refused."""
    state, offence, _ = at_deal(["a8"], ["a4"])
    first = state.legal_actions(offence)
    first.clear()
    legal = state.legal_actions(offence)
    assert legal and legal == state.legal_actions(offence)
    offer = next(a for a in legal if isinstance(a, Offer) and a.give == ("a8",) and a.get == 1 and a.bases == 3)
    assert state.why_illegal(offence, Offer(("a8", "a8"), 1, 3)) is not None
    twin = state.clone()
    state.apply(offence, offer)
    twin.apply(offence, Offer(("a8",), 1, 3))
    assert state.history == twin.history and state.to_act == twin.to_act


def test_the_acceptor_names_as_many_cards_as_asked_and_they_change_hands() -> None:
    state, offence, defence = at_deal(["a8", "a9"], ["a4", "a5", "a6"])
    assert not any(isinstance(a, Accept) for a in state.legal_actions(defence))  # no offer yet
    state.apply(offence, Offer(("a9",), 2, 0))
    accepts = {a.give for a in state.legal_actions(defence) if isinstance(a, Accept)}
    assert accepts == {("a4", "a5"), ("a4", "a6"), ("a5", "a6")}
    with pytest.raises(quarkade.IllegalAction, match="name the 2 cards of your hand you give"):
        state.apply(defence, Accept(("a4",)))
    state.apply(defence, Accept(("a4", "a6")))
    assert faces(state, offence) == ["a4", "a6", "a8"] and faces(state, defence) == ["a5", "a9"]
    settle(state)
    assert state.step is not Step.DEAL


def test_an_offer_asks_for_no_more_cards_than_the_other_side_holds() -> None:
    state, offence, defence = at_deal(["a8"], ["a4", "a5", "a6"])
    assert {a.get for a in state.legal_actions(defence) if isinstance(a, Offer)} == {0, 1}
    with pytest.raises(quarkade.IllegalAction, match="asks for 0 to 1 cards"):
        state.apply(defence, Offer((), 2, 3))
    state.apply(defence, Offer((), 1, 3))
    assert [a for a in state.legal_actions(offence) if isinstance(a, Accept)] == [Accept(("a8",))]
    state.apply(offence, Accept(("a8",)))
    assert faces(state, defence) == ["a4", "a5", "a6", "a8"]


def test_the_faces_of_a_deal_reach_the_two_main_players_only() -> None:
    state, offence, defence = at_deal(["a8", "a12"], ["a4", "a5"])
    state.apply(offence, Offer(("a12",), 1, 3))
    state.apply(defence, Accept(("a5",)))
    others = [seat for seat in (None, 0, 1, 2, 3) if seat not in (offence, defence)]
    for seat in (offence, defence):
        view = state.view(seat).to_json()
        assert view["encounter"]["offers"][0]["give"] == ["a12"]
        assert view["encounter"]["offers"][0]["notation"] == "offer give a12 get 1 base both"
        assert "a12" in str(view["log"]) and "a5" in str(view["log"])
    for seat in others:
        view = state.view(seat).to_json()
        assert view["encounter"]["offers"][0] == {"give": None, "gives": 1, "get": 1, "base": "both",
                                                  "notation": None}
        lines = [line for line in view["log"] if line["event"] in ("offer", "deal", "deal-cards")]
        assert lines and not any(re.search(r"\ba(5|12)\b", str(line)) for line in lines), lines


def test_the_sampler_puts_the_offered_cards_in_the_proposers_hand() -> None:
    state, offence, defence = at_deal(["a8", "a12"], ["a4", "a5"])
    state.apply(offence, Offer(("a12",), 1, 3))
    game = state.game
    for seed in range(5):
        sample = game.sample_state(state.view(defence), Chance(seed))
        assert isinstance(sample, CosmicState)
        assert "a12" in faces(sample, offence) and sample.offers == state.offers
        assert sample.legal_actions(defence) == state.legal_actions(defence)
        # A seat outside the deal learns how many cards are offered, and its sample agrees.
        bystander = next(seat for seat in range(4) if seat not in (offence, defence))
        other = game.sample_state(state.view(bystander), Chance(seed))
        assert isinstance(other, CosmicState)
        assert other.view(bystander).to_json()["encounter"] == state.view(bystander).to_json()["encounter"]


def test_the_bot_accepts_a_base_paying_with_its_least_useful_card() -> None:
    state, offence, defence = at_deal(["a8", "a12"], ["a4", "a20"])
    state.apply(offence, Offer(("a12",), 1, 3))
    bot = CosmicHeuristic(state.game)
    assert bot.choose(state.view(defence), state.legal_actions(defence)) == Accept(("a4",))
    # Its own offer: its least useful card for one of the other's, and a base each way.
    state, offence, defence = at_deal(["a8", "a12"], ["a4", "a20"])
    assert bot.choose(state.view(offence), state.legal_actions(offence)) == Offer(("a8",), 1, 3)


def test_an_empty_cone_lands_a_token_from_a_base_the_offence_chooses() -> None:
    """A deal's base for the offence lands its cone; with the cone empty (its tokens came home
    from the warp after the launch, say) one of its tokens moves from a base it chooses."""
    state, offence, defence = at_deal(["a8"], ["a4"])
    state.tokens[offence * 5][offence] += state.cone
    state.cone = 0
    state.apply(defence, Offer((), 0, 2))  # "yours": a base for the offence
    state.apply(offence, Accept())
    assert state.step is Step.PLACE and state.to_act == (offence,)
    target = state.target
    choices = {str(a) for a in state.legal_actions(offence)}
    name = f"{target // 5}.{target % 5}"
    assert choices == {f"base {name} from {p // 5}.{p % 5}" for p, row in enumerate(state.tokens)
                       if row[offence] and p != target}
    state.apply(offence, state.legal_actions(offence)[-1])
    assert state.tokens[target][offence] == 1 and state.success


def test_the_side_with_an_offer_to_answer_is_asked_first() -> None:
    """Both main players may act during a deal; the one with the other side's offer to answer is
    listed first, so that a loop asking the first seat listed (a simulation, a research
    environment) lets the defence answer the offence (RULINGS.md 15). An offer that changes only
    its faces, which the other players are not told of, leaves the order as it was."""
    state, offence, defence = at_deal(["a8", "a9"], ["a4", "a5"])
    assert state.to_act == (offence, defence)
    state.apply(offence, Offer(("a8",), 1, 3))
    assert state.to_act == (defence, offence)
    state.apply(defence, Offer(("a4",), 1, 3))
    assert state.to_act == (offence, defence)
    state.apply(defence, Offer(("a5",), 1, 3))  # only the faces changed: no news to the others
    assert state.to_act == (offence, defence)
    state.apply(defence, Offer(("a5",), 0, 3))
    assert state.to_act == (offence, defence)
    state.apply(offence, Accept(()))
    assert state.step is not Step.DEAL


def test_each_side_makes_at_most_deal_offers_offers_then_accepts_or_lets_the_deal_fail() -> None:
    """Without a clock a deal could go on for ever: each main player makes at most
    ``deal_offers`` offers (RULINGS.md 15); then it may accept or let the deal fail."""
    state = new(deal_offers=2)
    offence, defence = challenge(state, launch=2)
    set_hand(state, offence, ["c", "a8", "a9"])
    set_hand(state, defence, ["c", "a4", "a5"])
    state.apply(offence, Play("c"))
    state.apply(defence, Play("c"))
    for give in ("a8", "a9"):
        assert state.view(offence).to_json()["encounter"]["offers_left"][0] == 2 - (give == "a9")
        state.apply(offence, Offer((give,), 0, 3))
    assert state.view(None).to_json()["encounter"]["offers_left"] == [0, 2]
    legal = state.legal_actions(offence)
    assert not any(isinstance(a, Offer) for a in legal) and Timeout() in legal
    views = [state.view(seat).to_json() for seat in (None, *range(state.players))]
    with pytest.raises(quarkade.IllegalAction, match="has made its 2 offers of this deal"):
        state.apply(offence, Offer(("a8",), 0, 1))
    assert [state.view(seat).to_json() for seat in (None, *range(state.players))] == views
    state.apply(defence, Offer(("a4",), 1, 3))
    assert any(isinstance(a, Accept) for a in state.legal_actions(offence))
    state.apply(defence, Offer(("a5",), 1, 3))
    assert not any(isinstance(a, Offer) for a in state.legal_actions(defence))
    state.apply(offence, Timeout())
    assert state.step is not Step.DEAL


def test_bots_in_a_simulation_make_deals() -> None:
    """The heuristic bots, asked as ``simulate`` asks them (the first seat listed), make deals:
    the defence answers the offence's offer."""
    outcomes: set[str] = set()
    game = quarkade.load("cosmic-encounter", players=3)
    for seed in range(40):
        state = game.new_game(seed)
        bots = [CosmicHeuristic(game, seed * 10 + seat) for seat in range(3)]
        while not state.is_over and "deal" not in outcomes:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
            outcomes |= {event[0] for event in in_order(state.log)} & {"deal", "no-deal"}
        if "deal" in outcomes:
            break
    assert "deal" in outcomes, f"no deal was made in forty games ({outcomes})"
