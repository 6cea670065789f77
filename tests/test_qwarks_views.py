"""Qwarks views and sampling: no view ever shows a covered face or anything of a deck but the
question side of its top card, a seat's race choice is its own until all are in, and states
sampled from a view redraw the decks and the covered cards consistently."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quarkade
from quarkade.core import Chance
from quarkade.games.qwarks.actions import parse
from quarkade.games.qwarks.components import CARD_BY_ID, CARDS, Kind
from quarkade.games.qwarks.rules import Phase, QwarksState, new_state
from quarkade.games.qwarks.views import FACES

CARD_ID = re.compile(r"\b[pn][0-9]{2}\b")
DECK_KEYS = {"deck", "seat", "side", "cards", "question"}


def hidden_cards(state: QwarksState) -> set[str]:
    """The ids of every card whose face no one may see now."""
    hidden = {CARDS[c].id for deck in state.decks for c in deck} | {CARDS[c].id for c in state.set_aside}
    if not state.is_over:
        hidden |= {CARDS[card].id for deck, card in enumerate(state.revealed) if not state.card_visible(deck)}
    return hidden


def named(view: dict[str, Any]) -> set[str]:
    """Every card id a view names, in its fields or its log's words."""
    return set(CARD_ID.findall(json.dumps(view)))


def seeded_games() -> list[tuple[int, dict[str, Any]]]:
    return [(2, {}), (3, {}), (5, {"beginners": True}), (4, {"colour_blind": True}), (8, {})]


@pytest.mark.parametrize(("players", "options"), seeded_games())
def test_no_view_names_a_hidden_card(players: int, options: dict[str, Any]) -> None:
    game = quarkade.load("qwarks", players=players, **options)
    covered_seen = 0
    for seed in range(3):
        state = game.new_game(seed)
        pick = Chance(seed + 99)
        assert isinstance(state, QwarksState)
        while not state.is_over:
            hidden = hidden_cards(state)
            if state.phase == Phase.ANSWER:
                covered_seen += 1
            for seat in [None, *range(players)]:
                view = state.view(seat).to_json()
                assert not named(view) & hidden, f"seat {seat} sees {named(view) & hidden}"
                for deck, entry in zip(state.decks, view["decks"], strict=True):
                    assert set(entry) == DECK_KEYS, "a deck shows its size and its top's question only"
                    assert entry["question"] == (CARDS[deck[-1]].question.word if deck else None)
            seat = state.to_act[pick.below(len(state.to_act))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.below(len(legal))])
        # at the end the discard pile is a count: only the last turn's cards are still seen
        final = state.view(None).to_json()
        earlier = {CARDS[c].id for c in state.discards if c not in state.revealed}
        assert final["discards"] == len(state.discards) and earlier
        assert not named(final) & earlier, "the discard pile is face down"
    assert covered_seen > 0


def test_the_coverer_does_not_see_its_covered_card_either() -> None:
    state = new_state(3, decks=[["q01", "q18"], ["q23", "q40"], ["q35", "q13"]], first=0)
    before = state.view(0).to_json()
    assert before["revealed"][0]["card"]["id"] == "q01", "revealed: everyone sees it"
    for seat, text in ((0, "cover 0 after 900"), (1, "cover 2 after 1000"), (2, "cover 1 after 990")):
        state.apply(seat, parse(text))
    for seat in (None, 0, 1, 2):
        view = state.view(seat).to_json()
        assert [e["card"] for e in view["revealed"]] == [None, None, None]
        assert not named(view) & {"q01", "q23", "q35"}


def test_a_race_choice_is_sealed_until_all_are_in() -> None:
    state = new_state(3, decks=[["q01", "q18"], ["q23", "q40"], ["q35", "q13"]], first=0)
    others_before = [state.view(seat).to_json() for seat in (None, 1, 2)]
    state.apply(0, parse("cover 2 after 1234"))
    mine = state.view(0).to_json()
    assert mine["own_cover"] == {"deck": 2, "after": 1234}
    assert "1234" in mine["log"][-1]["text"]
    for seat, before in zip((None, 1, 2), others_before, strict=True):
        after = state.view(seat).to_json()
        assert "1234" not in json.dumps(after) and "own_cover" not in json.dumps(after["log"])
        assert after.get("own_cover") is None
        changed = {key for key in after if after[key] != before[key]}
        assert changed == {"ready", "to_act", "log"}, "only that seat 0 is done shows"
        assert after["race"] == []
    state.apply(1, parse("timeout"))
    assert state.view(1).to_json()["own_cover"] == {"timeout": True}
    state.apply(2, parse("cover 2 after 1300"))
    assert state.view(1).to_json()["race"][0] == {"seat": 0, "deck": 2, "after": 1234, "got": True}


# ------------------------------------------------------------------------ the turn just ended
def said(state: QwarksState, seat: int, right: bool) -> str:
    """The answer ``seat`` gives about the card under its hand: right, or with the kind wrong."""
    card = CARDS[state.revealed[state.holder.index(seat)]]
    assert state.question is not None
    answer = card.answer(state.question)
    words = str(answer) if isinstance(answer, int) else " ".join(colour.word for colour in answer)
    kind = card.kind if right else Kind(1 - card.kind)
    return f"answer {words} {kind.word}"


def turn_ended_by_a_wrong_answer(players: int = 2) -> tuple[QwarksState, list[dict[str, Any]], str]:
    """Turn 1: every seat covers the next seat's card; each answers right but the last, which
    ends the turn with a wrong answer. The state is turn 2's race; with it, the answers as
    turn 1's phase 2 showed them (the last one as the rules make it: its card turned up), and
    turn 1's question."""
    decks = [["q01", "q18", "q22"], ["q35", "q08", "q25"], ["q42", "q15", "q32"], ["q05", "q39", "q12"]]
    state = new_state(players, decks=decks[:players], first=0)
    assert state.question is not None and state.question.counts
    for seat in range(players):
        state.apply_text(seat, f"cover {(seat + 1) % players} after {500 + 100 * seat}")
    assert state.phase == Phase.ANSWER and state.order == tuple(range(players))
    asked = state.question.word
    shown = []
    for seat in range(players):
        right = seat < players - 1
        text = said(state, seat, right)
        card, keeps = FACES[state.revealed[(seat + 1) % players]], said(state, seat, True)
        state.apply_text(seat, text)
        shown.append({"seat": seat, "answer": text, "right": right, "card": card, "keeps": keeps})
    assert state.turn == 2 and state.phase == Phase.COVER
    return state, shown, asked


@pytest.mark.parametrize("players", [2, 4])
def test_the_last_answered_card_is_seen_until_the_next_answers_begin(players: int) -> None:
    """Ruling 16, amended: the last answer ends its turn and the next turn begins at once; the
    card it was about is turned up all the same, for every seat and a spectator alike, through
    the next turn's race, and is gone once that turn's answers begin."""
    state, shown, asked = turn_ended_by_a_wrong_answer(players)
    wrong = shown[-1]["card"]["id"]
    assert CARDS.index(CARD_BY_ID[wrong]) in state.discards, "a wrong answer's card is discarded"
    views = [state.view(seat).to_json() for seat in [None, *range(players)]]
    for view in views:
        assert view["last_turn"] == shown, "the turn just ended, as its answers showed it"
        assert view["last_question"] == asked, "the question they answered, as the turn asked it"
        assert view["answers"] == []
        assert [e["card"]["id"] for e in view["last_turn"] if not e["right"]] == [wrong]
    assert state.clone().view(0).to_json()["last_turn"] == shown
    # the race goes on: a beaten hand asked again still sees it; phase 2 no longer does
    for seat in range(players):
        state.apply_text(seat, f"cover {seat} after 700")
    assert state.phase == Phase.ANSWER
    for seat in [None, *range(players)]:
        view = state.view(seat).to_json()
        assert view["last_turn"] == []
        assert wrong not in named(view), "the discarded card is face down now"


def test_the_turn_just_ended_is_shown_while_the_first_player_chooses_the_question() -> None:
    """No deck shows a question on the last turn (ruling 12): the first player chooses it with
    the last turn's cards in sight, as at the table."""
    state = new_state(2, decks=[["q02", "q01"], ["q18", "q19"]], first=0)
    state.apply_text(0, "cover 0 after 900")
    state.apply_text(1, "timeout")
    state.apply_text(0, said(state, 0, False))
    assert state.phase == Phase.QUESTION
    assert [e["card"]["id"] for e in state.view(1).to_json()["last_turn"]] == ["q02"]
    state.apply_text(1, "question eyes")
    assert [e["card"]["id"] for e in state.view(None).to_json()["last_turn"]] == ["q02"]


def test_no_turn_just_ended_before_turn_2_after_a_turn_without_answers_nor_at_the_end() -> None:
    state = new_state(2, decks=[["q01", "q18", "q22"], ["q35", "q08", "q25"]], first=0)
    assert state.view(None).to_json()["last_turn"] == []
    state.apply_text(0, "timeout")
    state.apply_text(1, "timeout")
    assert state.turn == 2 and state.view(None).to_json()["last_turn"] == [], "nobody answered"
    state.apply_text(0, "cover 1 after 100")
    state.apply_text(1, "timeout")
    state.apply_text(0, said(state, 0, True))
    assert state.turn == 3 and len(state.view(None).to_json()["last_turn"]) == 1
    state.apply_text(0, "question eyes")  # the last turn: no deck shows one
    state.apply_text(0, "cover 0 after 100")
    state.apply_text(1, "timeout")
    state.apply_text(0, said(state, 0, False))
    final = state.view(None).to_json()
    assert state.is_over and final["last_turn"] == [], "the last turn's answers stay in its own"
    assert [e["right"] for e in final["answers"]] == [False]


def test_sampling_keeps_the_turn_just_ended() -> None:
    """A state sampled from a view shows the same last turn; the wrong answer's card is on the
    discard pile, not redrawn into a deck or under a hand, and the sample plays on."""
    state, shown, _ = turn_ended_by_a_wrong_answer(4)
    state.apply_text(0, "cover 0 after 700")  # a sealed choice in the air
    wrong = CARDS.index(CARD_BY_ID[shown[-1]["card"]["id"]])
    for seat in (None, 1):
        view = state.view(seat)
        for k in range(10):
            sampled = state.game.sample_state(view, Chance(k))
            assert isinstance(sampled, QwarksState)
            assert sampled.view(seat).to_json()["last_turn"] == shown
            assert sampled.last_turn == state.last_turn
            assert sorted(zones(sampled)) == list(range(44)) and wrong in sampled.discards
            for other in range(1, 4):
                sampled.apply_text(other, "timeout")  # seat 0's drawn choice answers, or none does
            assert sampled.turn == 3 or sampled.phase == Phase.ANSWER
            assert sampled.view(None).to_json()["last_turn"] == []


# ------------------------------------------------------------------------ sampling
def answering_state(seed: int = 4) -> QwarksState:
    """A 4-player game in phase 2 of turn 3, two cards covered."""
    state = new_state(4, seed)
    for _ in range(2):
        for seat in range(4):
            state.apply(seat, parse("timeout"))
    state.apply(0, parse("cover 1 after 800"))
    state.apply(1, parse("cover 2 after 900"))
    state.apply(2, parse("timeout"))
    state.apply(3, parse("cover 1 after 1000"))  # beaten to it: seat 3 covers another
    assert state.to_act == (3,) and state.phase == Phase.COVER
    state.apply(3, parse("cover 3 after 1400"))
    assert state.phase == Phase.ANSWER and state.turn == 3
    return state


def zones(state: QwarksState) -> list[int]:
    """Every card where it is: a deck, set aside, discarded, kept, or on the table (this turn's
    revealed cards stay listed in ``revealed`` once kept or discarded, for the turn's view)."""
    moved = state.discards + [c for kept in state.kept for c in kept]
    on_table = [c for c in state.revealed if c not in moved]
    return [c for deck in state.decks for c in deck] + on_table + state.set_aside + moved


def test_sampling_redraws_decks_and_covered_cards_consistently() -> None:
    state = answering_state()
    game = state.game
    for seat in (None, 0, 3):
        view = state.view(seat)
        covered: Counter[int] = Counter()
        tops: Counter[int] = Counter()
        for k in range(30):
            sampled = game.sample_state(view, Chance(k))
            assert isinstance(sampled, QwarksState)
            assert sorted(zones(sampled)) == list(range(44)), "every card once"
            assert [len(d) for d in sampled.decks] == [len(d) for d in state.decks]
            for real, drawn in zip(state.decks, sampled.decks, strict=True):
                assert CARDS[drawn[-1]].question == CARDS[real[-1]].question, "the top keeps its question side"
            assert len(sampled.set_aside) == len(state.set_aside)
            for deck in range(4):
                if state.card_visible(deck):
                    assert sampled.revealed[deck] == state.revealed[deck]
                else:
                    covered[sampled.revealed[deck]] += 1
            tops[sampled.decks[0][-1]] += 1
            assert sampled.view(seat).to_json()["revealed"] == view.to_json()["revealed"]
            assert sampled.holder == state.holder and sampled.order == state.order
        assert len(covered) > 4, "covered cards are redrawn"
        assert len(tops) > 1, "a deck's top is redrawn among the cards with its question side"


def test_sampling_in_the_race_keeps_the_seats_own_choice() -> None:
    state = new_state(3, seed=5)
    state.apply(0, parse("cover 2 after 777"))
    state.apply(1, parse("cover 0 after 888"))
    drawn = set()
    for k in range(20):
        sampled = state.game.sample_state(state.view(0), Chance(k))
        assert isinstance(sampled, QwarksState)
        assert sampled.covers[0] == (2, 777)
        assert sampled.ready == [True, True, False] and sampled.to_act == (2,)
        drawn.add(sampled.covers[1])
        sampled.apply(2, parse("timeout"))  # the sampled race resolves and the game goes on
        assert sampled.phase in (Phase.ANSWER, Phase.COVER, Phase.QUESTION)
    assert len(drawn) > 3, "another seat's sealed choice is redrawn"


def test_sampling_a_later_round_draws_the_hands_in_the_air_after_the_last_landed() -> None:
    """Seat 1 was beaten to deck 0 at 600 ms; seat 2's choice is still in the air (sealed). A
    determinization for seat 1 gives seat 2 a free card, no sooner than 600 ms."""
    state = new_state(3, seed=5)
    state.apply(0, parse("cover 0 after 600"))
    state.apply(1, parse("cover 0 after 700"))
    state.apply(2, parse("cover 2 after 2000"))
    assert state.to_act == (1,) and state.now == [0, 600, 0]
    view = state.view(1)
    assert view["revealed"][0]["card"] is None and view["revealed"][0]["covered_by"] == 0
    drawn = set()
    for k in range(40):
        sampled = state.game.sample_state(view, Chance(k))
        assert isinstance(sampled, QwarksState)
        assert sampled.holder == [0, -1, -1] and sampled.now == [0, 600, 0] and sampled.round == 2
        assert sampled.done == [True, False, False] and sampled.to_act == (1,)
        assert sampled.view(1).to_json()["race"] == view.to_json()["race"]
        cover = sampled.covers[2]
        assert cover is None or (cover[0] in (1, 2) and cover[1] >= 600), cover
        drawn.add(cover)
        sampled.apply(1, parse("cover 1 after 900"))  # the sampled race goes on
    assert len(drawn) > 5, "the sealed choice is redrawn"


def test_a_sampled_state_plays_to_the_end() -> None:
    state = answering_state()
    sampled = state.game.sample_state(state.view(2), Chance(3))
    pick = Chance(8)
    while not sampled.is_over:
        seat = sampled.to_act[0]
        legal = sampled.legal_actions(seat)
        sampled.apply(seat, legal[pick.below(len(legal))])
    assert sampled.winners


# ------------------------------------------------------------------------ invariants
@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_cards_are_conserved_and_scores_are_kept_values(players: int, seed: int, choices: int) -> None:
    state = new_state(players, seed)
    pick = Chance(choices)
    while True:
        assert sorted(zones(state)) == list(range(44)), "every card in exactly one place"
        assert len({len(deck) for deck in state.decks}) == 1, "the decks stay equal"
        assert state.scores == tuple(float(sum(CARDS[c].value for c in kept)) for kept in state.kept)
        if state.is_over:
            break
        seat = state.to_act[pick.below(len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick.below(len(legal))])
    assert not any(state.decks) and state.turn == 44 // len(state.decks)
