"""Cosmic Encounter views: hands, sealed cards, cards drawn and the piles' order reach only the
seats allowed to see them; Quarks show their flavour and value now; notation reads back."""

from __future__ import annotations

import json
import re

import pytest

import quarkade
from quarkade import InvalidNotation
from quarkade.games.cosmic_encounter.actions import Play, parse
from quarkade.games.cosmic_encounter.components import quark_value
from quarkade.games.cosmic_encounter.rules import Step
from quarkade.games.cosmic_encounter.views import winners_text
from test_rulebook_cosmic_encounter import challenge, new, set_hand


def test_a_hand_is_in_its_owners_view_only() -> None:
    state = new()
    for seat in range(4):
        faces = [state.cards[c].face for c in state.hands[seat]]
        assert [c["card"] for c in state.view(seat).to_json()["hand"]] == faces
        assert state.view(seat).to_json()["players"][seat]["hand_size"] == len(faces)
    assert "hand" not in state.view(None).to_json()


def test_a_sealed_card_is_seen_by_its_owner_alone_until_both_are_in() -> None:
    state = new()
    offence, defence = challenge(state)
    set_hand(state, offence, ["a23", "a4"])
    set_hand(state, defence, ["a5", "a6"])
    state.apply(offence, Play("a23"))
    assert state.view(offence).to_json()["own_card"]["card"] == "a23"
    for seat in [None, *range(4)]:
        if seat == offence:
            continue
        text = json.dumps(state.view(seat).to_json())
        assert "a23" not in text, f"seat {seat} sees the sealed card"
    assert state.view(None).to_json()["encounter"]["played"] == [offence]
    state.apply(defence, Play("a5"))
    result = state.view(None).to_json()["encounter"]["result"]
    assert [c["card"] for c in result["cards"]] == ["a23", "a5"]
    assert result["totals"] is not None and result["winner"] in ("offence", "defence")


def test_cards_drawn_are_named_to_the_drawer_only() -> None:
    state = new()
    offence, defence = challenge(state)
    set_hand(state, offence, ["c"])
    set_hand(state, defence, ["a40", "a4", "a5", "a6"])
    state.apply(offence, Play("c"))
    state.apply(defence, Play("a40"))
    for seat in [None, *range(4)]:
        for line in state.view(seat).to_json()["log"]:
            if line["event"] in ("draw", "consolation") and "cards" in line:
                assert seat is not None and (f"seat {seat} " in line["text"] or line["event"] == "consolation")


def test_the_destiny_order_and_the_deck_order_are_in_no_view() -> None:
    state = new()
    for seat in [None, *range(4)]:
        data = state.view(seat).to_json()
        assert set(data["destiny"]) == {"cards", "discards"} and isinstance(data["destiny"]["cards"], int)
        assert set(data["deck"]) == {"cards", "discards"} and isinstance(data["deck"]["cards"], int)


def test_every_visible_quark_shows_its_flavour_and_value_now() -> None:
    state = new(quarks=True)
    seen = 0
    for seat in range(4):
        for card_id, shown in zip(state.hands[seat], state.view(seat).to_json()["hand"], strict=True):
            card = state.cards[card_id]
            if shown["kind"] == "quark":
                seen += 1
                assert shown["flavour"] in ("up", "down", "strange")
                assert shown["printed"] == card.value
                assert shown["value"] == quark_value(card, state.square)
    assert seen > 0


@pytest.mark.parametrize("text", ["regroup 2.3", "aim 2.3", "aim 0.1 at 2", "draw again", "launch 2.1 2.1 2.3",
                                  "invite 1 3",
                                  "invite none", "ally offence 1.0 1.4", "ally defence 3.2", "decline", "trade", "keep",
                                  "play a8", "play c", "play u10", "play random", "offer give a8 c get 2 base mine",
                                  "offer give none get 0 base none", "accept", "accept a10 c", "timeout",
                                  "home 1.2", "lose 0.3", "base 1.2 from 2.0", "reward 2", "again", "end", "pass",
                                  "edict zap 2", "edict mobius", "edict finder 2 15", "flare mind"])
def test_notation_reads_back(text: str) -> None:
    assert str(parse(text)) == text


@pytest.mark.parametrize("text", ["aim 2.7", "launch", "launch 2.1 2.1 2.1 2.1 2.1", "ally offence 3",
                                  "offer give 1 get 2 base all", "offer give a8 c a9 get 1 base mine",
                                  "accept random", "home 1.7", "base 1.2 2.0", "edict finder 2", "play x"])
def test_bad_notation_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(InvalidNotation) as refused:
        parse(text)
    assert str(refused.value).strip()


def test_an_illegal_action_says_why_and_changes_nothing() -> None:
    state = new()
    offence, _ = challenge(state)
    set_hand(state, offence, ["a4"])
    before = json.dumps(state.view(None).to_json())
    with pytest.raises(quarkade.IllegalAction, match="holds no challenge card a40"):
        state.apply(offence, Play("a40"))
    assert json.dumps(state.view(None).to_json()) == before
    assert state.step is Step.CARDS


def test_the_winners_line_agrees_in_number() -> None:
    assert winners_text((0,)) == "seat 0 wins"
    assert winners_text((0, 2)) == "seat 0 and seat 2 win"  # (each seat as the faces find one to name)
    assert winners_text([0, 1, 2]) == "seat 0, seat 1 and seat 2 win"


def test_the_log_names_what_moved() -> None:
    """Every irreversible move in the log names what moved: the bases a launch's tokens left,
    and at the outcome who lost how many tokens where and whose landed on which planet."""
    from quarkade.games.cosmic_encounter.bot import CosmicHeuristic

    game = quarkade.load("cosmic-encounter", players=4, quarks=True)
    state = game.new_game(seed=3)
    bots = [CosmicHeuristic(game, seed=seat) for seat in range(4)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    lines = state.view(None).to_json()["log"]
    launches = [line["text"] for line in lines if line["event"] == "launch"]
    outcomes = [line["text"] for line in lines if line["event"] == "outcome"]
    assert launches and all(re.search(r" from seat \d's planet [1-5]\b", text) for text in launches
                            if "launches 0" not in text)
    assert outcomes and any(re.search(r" lands .* on seat \d's planet [1-5]\b", text) for text in outcomes)
    assert any(" to the warp" in text for text in outcomes)
