"""Every rule and example of the Qwarks rulebook, named by its section.

Positions are arranged with ``new_state(players, decks=..., first=...)``: each deck's card
ids, top first. The cards used (house data, ``data/cards.toml``):

    q01 Prooton, 3 points, back "eyes": green 1 eye 2 tentacles sad, blue 1 eye 5 tentacles
        sad, green 3 eyes happy (eyes 5, tentacles 7, sad 2, happy 1)
    q18 Prooton, 4 points, back "happy"        q35 Prooton, 1 point, back "colours"
    q23 Nootron, 5 points, back "colours"      q40 Nootron, 3 points, back "happy"
    q13 Nootron, 4 points, back "sad"          q30 Nootron, 2 points, back "sad"
"""

from __future__ import annotations

import pytest

import quarkade
from quarkade.core.errors import IllegalAction
from quarkade.games.qwarks.actions import parse
from quarkade.games.qwarks.components import CARD_BY_ID, CARD_COUNT, CARDS, Kind, Question
from quarkade.games.qwarks.rules import Phase, QwarksState, new_state


def act(state: QwarksState, seat: int, text: str) -> None:
    state.apply(seat, parse(text))


def ids(cards: list[int]) -> list[str]:
    return [CARDS[card].id for card in cards]


def three_players() -> QwarksState:
    """Seat 0 first; turn 1 reveals q01, q23, q35 and asks deck 0's next back (q18: happy)."""
    return new_state(3, decks=[["q01", "q18"], ["q23", "q40"], ["q35", "q13"]], first=0)


# ------------------------------------------------------------------------ Component List
def test_component_list_22_prooton_and_22_nootron() -> None:
    """22 Prooton cards, 22 Nootron cards: a Prooton has two Qwarks with tentacles and one
    without, a Nootron two without and one with."""
    assert len(CARDS) == CARD_COUNT == 44
    for kind, tentacled in ((Kind.PROOTON, 2), (Kind.NOOTRON, 1)):
        cards = [c for c in CARDS if c.kind == kind]
        assert len(cards) == 22
        assert all(sum(1 for q in c.qwarks if q.tentacles) == tentacled for c in cards)
        assert all(1 <= c.value <= 5 for c in cards)


# ------------------------------------------------------------------------ Setup
@pytest.mark.parametrize("players", range(3, 9))
def test_setup_deal_fairly_and_discard_the_rest(players: int) -> None:
    """Deal them fairly between all players, question side up, and discard any remaining cards."""
    state = new_state(players, seed=players)
    size = 44 // players
    assert len(state.decks) == players
    # the first card of each deck is already revealed
    assert [len(deck) + 1 for deck in state.decks] == [size] * players
    assert len(state.set_aside) == 44 - size * players
    everything = [c for deck in state.decks for c in deck] + state.revealed + state.set_aside
    assert sorted(everything) == list(range(44))
    view = state.view(0).to_json()
    assert view["set_aside"] == 44 - size * players
    assert all("card" not in deck and "cards" in deck for deck in view["decks"])


def test_setup_the_first_player_is_randomly_designated() -> None:
    firsts = {new_state(4, seed).first for seed in range(20)}
    assert len(firsts) > 1
    shuffled = {tuple(new_state(4, seed).revealed) for seed in range(5)}
    assert len(shuffled) > 1, "shuffle all 44 Qwarks cards"


# ------------------------------------------------------------------------ First Turn: Phase 1
def test_phase_1_all_players_reveal_at_once_and_the_next_question_shows() -> None:
    """All players simultaneously reveal the Qwarks side of the first card of their deck; the
    top of each deck now displays the question side of the next card, the one on the first
    player's deck determining the question."""
    state = three_players()
    assert ids(state.revealed) == ["q01", "q23", "q35"]
    assert state.phase == Phase.COVER and state.to_act == (0, 1, 2)
    view = state.view(2).to_json()
    assert [e["card"]["id"] for e in view["revealed"]] == ["q01", "q23", "q35"]
    assert [d["question"] for d in view["decks"]] == ["happy", "happy", "sad"]
    assert state.question == Question.HAPPY and view["question"]["deck"] == 0


def test_phase_1_example_players_cover_a_card_of_their_choice() -> None:
    """Players reveal their first card. They cover a card of their choice (it can be their own)."""
    state = three_players()
    act(state, 0, "cover 0 after 900")  # its own card
    act(state, 1, "cover 2 after 1500")  # another player's
    act(state, 2, "cover 1 after 1100")
    assert state.phase == Phase.ANSWER
    assert state.holder == [0, 2, 1]
    view = state.view(None).to_json()
    assert [e["covered_by"] for e in view["revealed"]] == [0, 2, 1]
    assert all(e["card"] is None for e in view["revealed"]), "a covered illustration is completely hidden"


def test_phase_1_once_covered_the_hand_stays() -> None:
    """As soon as a card is covered, it is forbidden to remove the hand."""
    state = three_players()
    act(state, 1, "cover 0 after 700")
    assert state.to_act == (0, 2)
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        act(state, 1, "cover 2 after 800")


def test_phase_1_a_maximum_of_10_seconds() -> None:
    """Each player has a maximum of 10 seconds to choose a card: a later cover is refused, and
    the host applies timeout."""
    state = three_players()
    with pytest.raises(IllegalAction, match="10 seconds"):
        act(state, 0, "cover 1 after 10001")
    act(state, 0, "cover 1 after 10000")
    act(state, 1, "timeout")
    quick = new_state(3, decks=[["q01", "q18"], ["q23", "q40"], ["q35", "q13"]], first=0, cover_seconds=3)
    with pytest.raises(IllegalAction, match="3 seconds"):
        act(quick, 2, "cover 1 after 3001")
    one = new_state(3, decks=[["q01", "q18"], ["q23", "q40"], ["q35", "q13"]], first=0, cover_seconds=1)
    with pytest.raises(IllegalAction, match="the time limit is 1 second: "):
        act(one, 2, "cover 1 after 1001")


def test_phase_1_any_whole_millisecond_is_a_reaction_time() -> None:
    """Ruling 10: the race lists each card every 500 ms, and every time in between is as legal."""
    state = three_players()
    listed = [str(a) for a in state.legal_actions(0)]
    assert "cover 1 after 1500" in listed and "timeout" in listed
    assert "cover 1 after 1241" not in listed
    assert state.why_illegal(0, parse("cover 1 after 1241")) is None
    act(state, 0, "cover 1 after 1241")
    assert state.view(0).to_json()["own_cover"] == {"deck": 1, "after": 1241}


def test_phase_1_the_quicker_hand_gets_the_card() -> None:
    """Ruling 7: two hands on one card, the quicker one has it."""
    state = three_players()
    act(state, 0, "cover 1 after 1600")
    act(state, 2, "cover 1 after 1250")
    act(state, 1, "timeout")
    assert state.holder == [-1, 2, -1]
    race = state.view(0).to_json()["race"]
    assert race == [{"seat": 2, "deck": 1, "after": 1250, "got": True},
                    {"seat": 0, "deck": 1, "after": 1250, "got": False}], "beaten then: its own time stays sealed"
    assert "1600" not in str(state.view(1).to_json())


def test_phase_1_a_hand_beaten_to_a_card_covers_another_within_its_10_seconds() -> None:
    """"Each player has a maximum of 10 seconds to choose a card and cover it": a hand that
    finds its card covered chooses another while its time runs on from the moment the card
    was covered (ruling 8)."""
    state = three_players()
    act(state, 0, "cover 1 after 1600")
    act(state, 2, "cover 1 after 1250")
    act(state, 1, "timeout")
    assert state.phase == Phase.COVER and state.to_act == (0,), "seat 0 is asked again"
    assert state.now == [1250, 0, 0]
    view = state.view(0).to_json()
    assert view["revealed"][1]["card"] is None and view["revealed"][1]["covered_by"] == 2
    assert "cover 1 after 2000" not in [str(a) for a in state.legal_actions(0)], "a covered card is not free"
    with pytest.raises(IllegalAction, match="covered by seat 2's hand"):
        act(state, 0, "cover 1 after 2000")
    with pytest.raises(IllegalAction, match="runs on from 1250 ms"):
        act(state, 0, "cover 0 after 1249")
    with pytest.raises(IllegalAction, match="the time limit is 10 seconds"):
        act(state, 0, "cover 0 after 10001")
    act(state, 0, "cover 0 after 1900")
    assert state.holder == [0, 2, -1] and state.order == (0, 2), "both answer, clockwise from seat 0"
    assert state.view(1).to_json()["race"][2:] == [{"seat": 0, "deck": 0, "after": 1900, "got": True},
                                                   {"seat": 1, "deck": None, "after": None, "got": False}]


def test_phase_1_a_beaten_hand_may_be_quicker_than_a_hand_still_in_the_air() -> None:
    """Seat 0, beaten at 1000 ms, covers deck 0 at 1500 ms: seat 1, reaching for it at 3000 ms,
    finds it covered in turn and chooses again from 1500 ms."""
    state = three_players()
    act(state, 2, "cover 1 after 1000")
    act(state, 0, "cover 1 after 1200")
    act(state, 1, "cover 0 after 3000")
    assert state.to_act == (0,) and state.holder == [-1, 2, -1]
    assert state.view(0).to_json()["revealed"][0]["card"] is not None, "seat 1's hand is still in the air"
    act(state, 0, "cover 0 after 1500")
    assert state.to_act == (1,) and state.now == [1000, 1500, 0] and state.holder == [0, 2, -1]
    assert [str(a) for a in state.legal_actions(1)][:2] == ["cover 2 after 1500", "cover 2 after 2000"]
    act(state, 1, "cover 2 after 1600")
    assert state.holder == [0, 2, 1] and state.phase == Phase.ANSWER


def test_phase_1_a_hand_beaten_at_the_end_of_its_time_gets_nothing() -> None:
    """Beaten when the 10 seconds are up, a hand has no time to cover another card: it is not
    asked again."""
    state = three_players()
    act(state, 0, "cover 2 after 10000")
    act(state, 1, "cover 2 after 10000")
    act(state, 2, "timeout")
    assert state.holder == [-1, -1, 0] and state.order == (0,) and state.phase == Phase.ANSWER
    assert state.view(2).to_json()["race"][1] == {"seat": 1, "deck": 2, "after": 10000, "got": False}
    assert "as its time runs out" in state.view(2).to_json()["log"][-1]["text"]


def test_phase_1_a_tie_goes_to_the_seat_nearer_the_first_player() -> None:
    """Ruling 7: equal times, the seat nearer the first player clockwise."""
    state = new_state(3, decks=[["q01", "q18"], ["q23", "q40"], ["q35", "q13"]], first=2)
    act(state, 1, "cover 0 after 1000")
    act(state, 0, "cover 0 after 1000")
    act(state, 2, "timeout")
    assert state.holder[0] == 0, "clockwise from seat 2: seat 0 before seat 1"


# ------------------------------------------------------------------------ First Turn: Phase 2
def covered_by_all(state: QwarksState) -> None:
    act(state, 0, "cover 0 after 900")  # q01
    act(state, 1, "cover 2 after 1500")  # q35
    act(state, 2, "cover 1 after 1100")  # q23


def test_phase_2_clockwise_from_the_first_player() -> None:
    """Starting with the first player and moving clockwise, each player answers."""
    state = new_state(3, decks=[["q01", "q18"], ["q23", "q40"], ["q35", "q13"]], first=1)
    covered_by_all(state)
    assert state.order == (1, 2, 0)
    assert state.to_act == (1,)
    with pytest.raises(IllegalAction, match="not seat 0's turn"):
        act(state, 0, "answer 1 prooton")


def test_phase_2_the_question_is_the_same_for_all() -> None:
    """The question is determined by the illustration on the top card of the first player's
    deck (here q18's back: how many Qwarks are happy?)."""
    state = three_players()
    covered_by_all(state)
    assert state.view(0).to_json()["question"]["question"] == "happy"
    with pytest.raises(IllegalAction, match="answer with a number"):
        act(state, 0, "answer green green blue prooton")


def test_phase_2_a_right_answer_and_identification_claim_the_card() -> None:
    """Those who answer correctly place the obtained card next to them, Qwarks side up,
    whereas those who failed the test discard their card."""
    state = three_players()
    covered_by_all(state)
    act(state, 0, "answer 1 prooton")  # q01: one happy Qwark, a Prooton
    assert ids(state.kept[0]) == ["q01"]
    act(state, 1, "answer 2 nootron")  # q35 has two happy Qwarks, but it is a Prooton
    assert ids(state.kept[1]) == [] and "q35" in ids(state.discards)
    act(state, 2, "answer 2 nootron")  # q23 has one happy Qwark
    assert ids(state.kept[2]) == [] and "q23" in ids(state.discards)
    assert state.scores == (3.0, 0.0, 0.0)
    view = state.view(None).to_json()
    assert view["players"][0]["kept"][0]["id"] == "q01", "the obtained card shows its Qwarks side"


def test_phase_2_identification_is_required() -> None:
    """To claim a card permanently, players have to identify it: Prooton or Nootron."""
    state = three_players()
    covered_by_all(state)
    with pytest.raises(IllegalAction, match="Prooton or a Nootron"):
        act(state, 0, "answer 1")


def test_phase_2_each_card_is_revealed_after_its_answer() -> None:
    state = three_players()
    covered_by_all(state)
    act(state, 0, "answer 1 prooton")
    revealed = state.view(1).to_json()["revealed"]
    assert revealed[0]["card"]["id"] == "q01" and revealed[0]["checked"]
    assert revealed[2]["card"] is None, "seat 1's card stays covered until it answers"


# ------------------------------------------------------------------------ The Second Turn
def test_second_turn_the_first_player_duty_passes_clockwise() -> None:
    """The first player duty is passed on to the next player in clockwise order; revealed
    cards that were not claimed are discarded."""
    state = three_players()
    act(state, 0, "cover 0 after 900")
    act(state, 1, "cover 0 after 950")
    act(state, 2, "timeout")
    act(state, 1, "timeout")  # beaten to q01, seat 1 covers nothing else
    act(state, 0, "answer 1 prooton")
    assert state.turn == 2 and state.first == 1
    assert sorted(ids(state.discards)) == ["q23", "q35"]
    assert ids(state.revealed) == ["q18", "q40", "q13"]


def test_second_turn_discarded_cards_go_face_down() -> None:
    """Ruling 16: a discarded card is seen while it lies revealed, that turn; then it lies on
    a face-down pile that the views show as a count, and no log line names it. The answered
    cards of a turn, the last one turned up as the turn ends, stay in sight through the next
    turn's question and race, and no longer once its answers begin."""
    state = three_players()
    act(state, 0, "cover 0 after 900")
    act(state, 1, "cover 2 after 950")
    act(state, 2, "timeout")
    act(state, 0, "answer 0 prooton")  # wrong: q01 shows one happy Qwark
    during = state.view(None).to_json()
    assert during["revealed"][0]["card"]["id"] == "q01", "the wrong answer's card is revealed this turn"
    act(state, 1, "answer 3 nootron")  # wrong: q35 is a Prooton; the last answer ends the turn
    assert state.turn == 2 and sorted(ids(state.discards)) == ["q01", "q23", "q35"]
    assert state.phase == Phase.QUESTION  # the last turn: the first player chooses (ruling 12)
    for seat in (None, 0, 1, 2):
        view = state.view(seat).to_json()
        assert view["discards"] == 3, "the pile is a count"
        assert "q23" not in str(view), f"seat {seat} reads the pile"
        assert [(e["seat"], e["card"]["id"], e["right"]) for e in view["last_turn"]] == [
            (0, "q01", False), (1, "q35", False)], "the turn just ended, its last card turned up"
    act(state, 1, "question eyes")
    act(state, 0, "cover 0 after 900")
    act(state, 1, "cover 1 after 950")
    act(state, 2, "timeout")
    assert state.phase == Phase.ANSWER
    for seat in (None, 0, 1, 2):
        view = state.view(seat).to_json()
        shown = str(view)
        assert not any(card in shown for card in ("q01", "q23", "q35")), f"seat {seat} reads the pile"


def test_second_turn_no_question_left_the_first_player_chooses() -> None:
    """Ruling 12: on the last turn no deck shows a question; the first player chooses it
    before the race."""
    state = three_players()
    for seat in range(3):
        act(state, seat, "timeout")
    assert state.turn == 2 and state.phase == Phase.QUESTION and state.to_act == (1,)
    assert state.view(0).to_json()["question"]["question"] is None
    act(state, 1, "question tentacles")
    assert state.phase == Phase.COVER and state.question == Question.TENTACLES


# ------------------------------------------------------------------------ Game End
def test_game_end_points_are_summed_and_the_best_scientist_wins() -> None:
    state = three_players()
    covered_by_all(state)
    act(state, 0, "answer 1 prooton")  # q01, 3 points
    act(state, 1, "answer 2 prooton")  # q35, 1 point
    act(state, 2, "answer 1 nootron")  # q23, 5 points
    act(state, 1, "question eyes")
    act(state, 0, "cover 1 after 800")  # q40: eyes 9
    act(state, 1, "timeout")
    act(state, 2, "timeout")
    act(state, 0, "answer 9 nootron")
    assert state.is_over and state.scores == (6.0, 1.0, 5.0) and state.winners == (0,)


def test_game_end_a_tie_shares_the_title() -> None:
    """In case of a tie, the concerned scholars share the title of best scientist."""
    state = new_state(3, decks=[["q01"], ["q23"], ["q35"]], first=0)
    act(state, 0, "question eyes")
    for seat in range(3):
        act(state, seat, "timeout")
    assert state.is_over and state.scores == (0.0, 0.0, 0.0) and state.winners == (0, 1, 2)


# ------------------------------------------------------------------------ Variants
def test_variant_for_beginners_no_identification() -> None:
    """You will just have to answer the mandatory question without specifying if the card that
    you covered is a Prooton or a Nootron."""
    state = new_state(3, decks=[["q01", "q18"], ["q23", "q40"], ["q35", "q13"]], first=0, beginners=True)
    covered_by_all(state)
    with pytest.raises(IllegalAction, match="without saying Prooton or Nootron"):
        act(state, 0, "answer 1 prooton")
    act(state, 0, "answer 1")
    assert ids(state.kept[0]) == ["q01"]


def test_variant_for_colour_blind_scientists_the_next_question() -> None:
    """When the question deals with colours, consider the question of the player to the left
    of the first player, then the one following clockwise."""
    decks = [["q18", "q35"], ["q08", "q23"], ["q25", "q13"]]  # next backs: colours, colours, sad
    normal = new_state(3, decks=decks, first=0)
    assert normal.question == Question.COLOURS
    state = new_state(3, decks=decks, first=0, colour_blind=True)
    assert state.question == Question.SAD and state.question_deck == 2
    assert "as the colours are not asked" in state.view(0).to_json()["log"][-1]["text"]


def test_variant_for_colour_blind_scientists_all_colours_the_first_player_chooses() -> None:
    """If all the visible questions concern colours, the first player chooses a question among
    the three other types."""
    state = new_state(3, decks=[["q18", "q35"], ["q08", "q23"], ["q25", "q32"]], first=1, colour_blind=True)
    assert state.phase == Phase.QUESTION and state.to_act == (1,)
    assert [str(a) for a in state.legal_actions(1)] == [
        "question eyes", "question tentacles", "question sad", "question happy"]
    with pytest.raises(IllegalAction, match="not the colours"):
        act(state, 1, "question colours")


def test_setup_two_players_without_the_variant_deal_one_deck_each() -> None:
    """"Deal them fairly between all players": two players hold a deck of 22 each, reveal two
    cards a turn and the first player's deck asks the question; the 2 Player Variant is an
    option, for two players only."""
    state = new_state(2, seed=3)
    assert [len(d) for d in state.decks] == [21, 21] and state.set_aside == []
    view = state.view(0).to_json()
    assert [(d["seat"], d["side"]) for d in view["decks"]] == [(0, None), (1, None)] and view["turns"] == 22
    assert state.asking_deck() == state.first
    with pytest.raises(IllegalAction, match="decks 0 to 1"):
        act(state, 1, "cover 2 after 900")
    with pytest.raises(quarkade.InvalidOptions, match="is for 2 players, not 3"):
        quarkade.load("qwarks", players=3, four_decks=True)


def test_variant_two_players_four_decks() -> None:
    """Make four equivalent decks; both flip one card from each of their two decks; each can
    cover only a single card among the four revealed."""
    state = new_state(2, seed=3, four_decks=True)
    assert len(state.decks) == 4 and [len(d) for d in state.decks] == [10] * 4  # 11, one revealed
    assert len([c for c in state.revealed if c >= 0]) == 4
    assert state.set_aside == []
    decks = state.view(0).to_json()["decks"]
    assert [(d["seat"], d["side"]) for d in decks] == [(0, "right"), (0, "left"), (1, "right"), (1, "left")]
    act(state, 0, "cover 3 after 900")
    with pytest.raises(IllegalAction, match="decks 0 to 3"):
        act(state, 1, "cover 4 after 900")


def test_variant_two_players_the_question_goes_from_deck_to_deck_clockwise() -> None:
    """The deck to the first player's right indicates the question for the first turn; on the
    second turn the deck to his left, then the deck to the right of his opponent, and so on."""
    decks = [["q01", "q18", "q35", "q08"], ["q23", "q40", "q13", "q30"],
             ["q25", "q42", "q15", "q32"], ["q03", "q20", "q37", "q10"]]
    state = new_state(2, decks=decks, first=1, four_decks=True)
    asked = []
    for _ in range(3):
        asked.append(state.asking_deck())
        assert state.question == CARDS[state.decks[state.asking_deck()][-1]].question
        act(state, 0, "timeout")
        act(state, 1, "timeout")
    assert asked == [2, 3, 0], "seat 1's right deck is 2, its left 3, then seat 0's right"
    assert state.first == 0 and state.turn == 4


def test_two_player_answer_order_follows_the_first_player() -> None:
    state = new_state(2, decks=[["q01", "q18"], ["q23", "q40"], ["q35", "q13"], ["q30", "q08"]], first=1,
                      four_decks=True)
    act(state, 0, "cover 0 after 900")
    act(state, 1, "cover 3 after 950")
    assert state.order == (1, 0)
    card = CARD_BY_ID["q30"]
    assert state.question is not None
    act(state, 1, f"answer {card.answer(state.question)} nootron")
    assert ids(state.kept[1]) == ["q30"]
