"""QUIRKLING, the little QUiRKS, named by the rulebook's sections, as Quarkade rules it in
RULINGS.md (33-37).

Seats: Alice is seat 0 (the youngest), Bob seat 1, Carol seat 2. The climate is the OCEAN unless
a test says otherwise; the cards bearing the OCEAN code used here are A1, B1, C1 (a plant), A13,
B14, C23 (a herbivore) and A25, B13, C13 (a carnivore).
"""

from __future__ import annotations

import pytest

import quarkade
from quarkade.core.chance import Chance
from quarkade.games.quirks.actions import parse
from quarkade.games.quirks.components import COMPONENTS, STACKS
from quarkade.games.quirks.quirkling import QuirklingState, Stage
from quirks_positions import act, card, legal, numbers, quirkling_position, space

ALICE, BOB, CAROL = 0, 1, 2
CARDS = COMPONENTS.cards
OCEAN, FOREST = 0, 1

PLANT, HERBIVORE, CARNIVORE = ["A1", "B1", "C1"], ["A13", "B14", "C23"], ["A25", "B13", "C13"]
# Cards that bear no OCEAN code: they never make an ocean QUIRKLING. Bob's have no A card.
DRY = ["B4", "A16", "B16", "C16", "C30", "A5", "B21"]
BOB_DRY = ["C21", "B36", "C17", "B8", "C10", "B18"]


def hand_of(state: QuirklingState, seat: int) -> list[str]:
    return numbers(state.hands[seat])


def test_the_cards_used_bear_the_codes_they_need() -> None:
    for number in PLANT + HERBIVORE + CARNIVORE:
        assert COMPONENTS.by_number(number).codes[OCEAN], number
    for number in DRY + BOB_DRY:
        assert not COMPONENTS.by_number(number).codes[OCEAN], number


# ----------------------------------------------------------------------------- 2. Beginning the Game
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_beginning_the_game(players: int) -> None:
    """b) All the cards shuffled together, seven each; c) the rest is the stack, its top card
    turned over to start the discard pile; d) the youngest player begins."""
    state = quarkade.load("quirkling", players=players).new_game(players)
    assert isinstance(state, QuirklingState)
    assert [len(hand) for hand in state.hands] == [7] * players
    assert len(state.discards) == 1 and len(state.stack) == 108 - 7 * players - 1
    assert sorted([*state.stack, *state.discards, *(c for h in state.hands for c in h)]) == list(range(108))
    assert state.to_act == (ALICE,) and state.stage is Stage.REQUEST
    view = state.view(BOB).to_json()
    assert view["discard_top"]["number"] == CARDS[state.discards[-1]].number
    assert 0 <= view["climate"]["space"] < 30 and 1 <= view["climate"]["zone"] <= 6


# ----------------------------------------------------------------------------- 3. A Turn
def answer(state: QuirklingState) -> None:
    """Every player asked answers: the first card it may give, or 'none', and after a 'none'
    the asker names the next player it may ask, for the same card."""
    while state.stage is Stage.GIVE:
        (seat,) = state.to_act
        act(state, seat, sorted(legal(state, seat))[0])
        if state.stage is Stage.REQUEST and state.asked[1] >= 0:
            act(state, state.current, sorted(legal(state, state.current))[0])


def test_a_turn_the_asker_names_each_player_it_asks() -> None:
    """a) "The player whose turn it is asks each player whether he has the card he wants. For
    example: 'Christian, do you have a PLANT A card?'": the asker names the player and the card,
    then, after a "none", names another player for the same card (RULINGS 33); the first who
    has one gives it ("If the player has it, he must give you the card")."""
    state = quirkling_position(3, hands={ALICE: ["B1", "C1", *DRY[:5]], BOB: BOB_DRY + ["C35"],
                                         CAROL: ["A1", "A7", "B3", "B5", "C3", "C5", "C34"]}, top=["C33"])
    assert legal(state, ALICE) == {f"ask {seat} {stack}" for seat in (BOB, CAROL) for stack in STACKS}
    act(state, ALICE, "ask 1 plant-a")
    assert state.stage is Stage.GIVE and state.to_act == (BOB,)
    assert legal(state, BOB) == {"none"}
    act(state, BOB, "none")
    assert state.stage is Stage.REQUEST and state.to_act == (ALICE,) and legal(state, ALICE) == {"ask 2 plant-a"}
    assert state.view(CAROL).to_json()["asked"] == {"seat": None, "stack": "plant-a"}
    assert "another player" in str(state.why_illegal(ALICE, parse("ask 1 plant-a")))
    assert "that card" in str(state.why_illegal(ALICE, parse("ask 2 plant-b")))
    act(state, ALICE, "ask 2 plant-a")
    assert state.to_act == (CAROL,) and legal(state, CAROL) == {"give A1", "give A7"}
    assert state.why_illegal(CAROL, parse("none")) is not None, "a player who has one must give it"
    act(state, CAROL, "give A7")
    assert "A7" in hand_of(state, ALICE) and len(state.hands[ALICE]) == 8
    assert "C33" in hand_of(state, CAROL) and len(state.hands[CAROL]) == 7, "the giver draws to keep 7"
    texts = [e["text"] for e in state.view(BOB).to_json()["log"]]
    assert texts[:4] == ["Seat 0 asks seat 1 for a flower (Plant A).", "Seat 1 has no flower (Plant A).",
                         "Seat 0 asks seat 2 for a flower (Plant A).", "Seat 2 gives seat 0 a flower (Plant A)."]


def test_a_turn_who_is_asked_never_depends_on_a_hidden_hand() -> None:
    """Asking each player in turn is the flow: the first player asked is asked whether he holds
    one card of the kind, several or none, and no one else can tell which until he answers."""
    holds = {"none": BOB_DRY + ["C35"], "one": ["A1", *BOB_DRY], "several": ["A1", "A7", *BOB_DRY[:5]]}
    carol = ["A4", "B3", "B5", "C3", "C5", "C34", "C33"]
    states = {name: quirkling_position(3, hands={ALICE: DRY, BOB: hand, CAROL: carol}, discards=["A12"])
              for name, hand in holds.items()}
    for state in states.values():
        act(state, ALICE, "ask 1 plant-a")
        assert state.to_act == (BOB,) and state.stage is Stage.GIVE
    for seat in (ALICE, CAROL, None):
        views = [state.view(seat) for state in states.values()]
        assert all(v == views[0] for v in views), f"seat {seat} tells the hands apart before Bob answers"


def test_a_turn_asked_card_given_and_the_giver_draws() -> None:
    """a) "Christian, do you have a PLANT A card?" If he has it, he must give it, and takes a
    card from the stack so as to always have 7 cards in hand."""
    state = quirkling_position(3, hands={ALICE: ["B1", "C1", *DRY[:5]], BOB: ["A1", *BOB_DRY]}, top=["C35"])
    act(state, ALICE, "ask 1 plant-a")
    assert legal(state, BOB) == {"give A1"}
    act(state, BOB, "give A1")
    assert "A1" in hand_of(state, ALICE) and len(state.hands[ALICE]) == 8
    assert "A1" not in hand_of(state, BOB) and "C35" in hand_of(state, BOB) and len(state.hands[BOB]) == 7


def test_a_turn_the_asked_player_chooses_which_card() -> None:
    """RULINGS 33: a player holding several cards of the kind asked chooses which to give."""
    state = quirkling_position(3, hands={ALICE: DRY, BOB: ["A1", "A7", "A9", *BOB_DRY[:4]]})
    act(state, ALICE, "ask 1 plant-a")
    assert state.stage is Stage.GIVE and state.to_act == (BOB,)
    assert legal(state, BOB) == {"give A1", "give A7", "give A9"}
    assert state.view(CAROL).to_json()["asked"] == {"seat": BOB, "stack": "plant-a"}
    act(state, BOB, "give A7")
    assert "A7" in hand_of(state, ALICE) and {"A1", "A9"} <= set(hand_of(state, BOB))


def test_a_turn_nobody_has_it_then_draw() -> None:
    """b) "If the player does not have what you asked for, you draw a card": every player was
    asked in turn, none had one, so the asker draws one card."""
    state = quirkling_position(3, hands={ALICE: DRY, BOB: ["A1", "A7", "B1", "B7", "C1", "C2", "A25"],
                                         CAROL: ["A4", "A6", "B2", "B3", "C3", "C4", "A26"]}, top=["B35"])
    act(state, ALICE, "ask 1 animal-c")
    act(state, BOB, "none")
    act(state, ALICE, "ask 2 animal-c")
    act(state, CAROL, "none")
    assert "B35" in hand_of(state, ALICE) and len(state.hands[ALICE]) == 8
    assert len(state.hands[BOB]) == len(state.hands[CAROL]) == 7
    log = state.view(BOB).to_json()["log"]
    assert [e["seat"] for e in log if e["event"] == "none"] == [BOB, CAROL]


def test_a_turn_discard_to_seven_and_the_climate_marker_moves_two_zones() -> None:
    """f) When no QUIRKLING can be made, discard one card so as to keep only 7; the oldest
    player advances the climate marker two spaces after each player's turn, after the jungle
    back to the ocean."""
    state = quirkling_position(3, hands={ALICE: DRY, BOB: ["A1", *BOB_DRY]}, top=["B35"], climate="jungle", zone=5)
    act(state, ALICE, "ask 1 herbivore-a")
    answer(state)
    assert state.stage is Stage.DISCARD and state.to_act == (ALICE,)
    assert legal(state, ALICE) == {f"discard {c}" for c in hand_of(state, ALICE)}
    act(state, ALICE, "discard C30")
    assert len(state.hands[ALICE]) == 7 and CARDS[state.discards[-1]].number == "C30"
    assert state.climate == space("ocean", 1)
    assert state.current == BOB and state.to_act == (BOB,) and state.stage is Stage.REQUEST
    view = state.view(CAROL).to_json()
    assert view["climate"]["name"] == "ocean" and view["discard_top"]["number"] == "C30"


# ----------------------------------------------------------------------------- 4. Making a QUIRKLING
@pytest.mark.parametrize(("kind", "cards"), [("plant", PLANT), ("herbivore", HERBIVORE), ("carnivore", CARNIVORE)])
def test_making_a_quirkling(kind: str, cards: list[str]) -> None:
    """4. A plant is PLANT A, B and C; a herbivore HERBIVORE A, ANIMAL B and C; a carnivore
    CARNIVORE A, ANIMAL B and C. Making one is compulsory when one can be made."""
    asked = cards[0]
    state = quirkling_position(3, hands={ALICE: [*cards[1:], *DRY[:5]], BOB: [asked, *BOB_DRY]})
    act(state, ALICE, f"ask 1 {STACKS[CARDS[card(asked)].stack]}")
    answer(state)
    assert state.stage is Stage.MAKE and state.to_act == (ALICE,)
    assert legal(state, ALICE) == {f"make {' '.join(cards)}"}
    assert state.why_illegal(ALICE, parse("discard B4")) is not None, "you make it if you can"
    act(state, ALICE, f"make {' '.join(cards)}")
    assert [numbers(q) for q in state.made[ALICE]] == [numbers(card(c) for c in cards)]
    view = state.view(BOB).to_json()
    assert [q["niche"] for q in view["players"][ALICE]["quirklings"]] == [kind]


def test_making_a_quirkling_needs_the_code_of_the_current_climate() -> None:
    """c) NOTE: to make a QUIRKLING the 3 cards must bear the code of the current climate: A1
    bears the OCEAN code only, so in the FOREST the plant A1, B1, C1 cannot be made."""
    assert not COMPONENTS.by_number("A1").codes[FOREST]
    state = quirkling_position(3, hands={ALICE: ["B1", "C1", *DRY[:5]], BOB: ["A1", *BOB_DRY]}, climate="forest")
    act(state, ALICE, "ask 1 plant-a")
    answer(state)
    assert state.stage is Stage.DISCARD, "no QUIRKLING can be made"
    assert "climate" in str(state.why_illegal(ALICE, parse("make A1 B1 C1")))


def test_making_a_quirkling_refill_to_eight_by_asking_and_drawing() -> None:
    """d) After making a QUIRKLING, complete your hand to 8 cards by precise requests ("Gregory,
    give me a CARNIVORE A."); if the player does not have the card, draw from the stack or the
    top of the discard pile; you may ask the same player several cards but stop as soon as he
    does not have what you need (RULINGS 35); e) with 8 cards, make another QUIRKLING if you
    can."""
    state = quirkling_position(3, hands={ALICE: ["B1", "C1", "A13", *DRY[:4]],
                                         BOB: ["A1", "B14", "B2", "C2", "A24", "A26", "C18"],
                                         CAROL: ["A4", "A6", "A8", "A10", "A11", "A12", "C3"]},
                               discards=["C5", "C23"], top=["C6", "C7", "C8"])
    act(state, ALICE, "ask 1 plant-a")
    act(state, BOB, "give A1")
    act(state, ALICE, "make A1 B1 C1")
    assert len(state.hands[ALICE]) == 5
    assert state.stage is Stage.REFILL and state.to_act == (ALICE,)
    assert "ask plant-b" not in legal(state, ALICE) and "ask 1 plant-b" in legal(state, ALICE), "a named player"
    act(state, ALICE, "ask 1 animal-b")
    assert state.to_act == (BOB,) and legal(state, BOB) == {"give B14"}
    act(state, BOB, "give B14")
    assert "B14" in hand_of(state, ALICE) and "C6" in hand_of(state, BOB), "given, and the giver draws"
    act(state, ALICE, "ask 2 animal-c")
    assert state.to_act == (CAROL,) and legal(state, CAROL) == {"none"}
    act(state, CAROL, "none")
    assert state.stage is Stage.REFILL_DRAW and legal(state, ALICE) == {"draw stack", "draw discard"}
    act(state, ALICE, "draw discard")
    assert "C23" in hand_of(state, ALICE) and CARDS[state.discards[-1]].number == "C5"
    assert len(state.hands[ALICE]) == 7 and state.stage is Stage.REFILL
    assert not any(a.startswith("ask 2") for a in legal(state, ALICE)), "Carol did not have the card asked"
    assert "ask someone else" in str(state.why_illegal(ALICE, parse("ask 2 plant-a")))
    act(state, ALICE, "ask 1 plant-b")
    act(state, BOB, "give B2")
    assert len(state.hands[ALICE]) == 8
    assert state.stage is Stage.MAKE and legal(state, ALICE) == {"make A13 B14 C23"}, "another QUIRKLING"
    act(state, ALICE, "make A13 B14 C23")
    kinds = [q["niche"] for q in state.view(CAROL).to_json()["players"][ALICE]["quirklings"]]
    assert kinds == ["plant", "herbivore"] and not state.is_over
    assert state.stage is Stage.REFILL, "and the hand is completed again"


def test_making_a_quirkling_draw_from_the_stack() -> None:
    """... or from the stack; with two players, once the other player lacks a card, the rest
    of the refill is drawn."""
    state = quirkling_position(2, hands={ALICE: ["B1", "C1", *DRY[:5]], BOB: ["A1", "B8", "B18", "B36", "C10", "C17",
                                                                               "C21"]},
                               top=["B35", "C36", "C35", "C34"])
    act(state, ALICE, "ask 1 plant-a")
    act(state, BOB, "give A1")
    assert "B35" in hand_of(state, BOB)
    act(state, ALICE, "make A1 B1 C1")
    act(state, ALICE, "ask 1 plant-a")
    act(state, BOB, "none")
    assert state.stage is Stage.REFILL_DRAW
    act(state, ALICE, "draw stack")
    assert "C36" in hand_of(state, ALICE)
    assert state.stage is Stage.REFILL_DRAW, "Bob cannot be asked again"
    act(state, ALICE, "draw stack")
    act(state, ALICE, "draw stack")
    assert {"C35", "C34"} <= set(hand_of(state, ALICE)) and len(state.hands[ALICE]) == 8
    assert state.stage is Stage.DISCARD


def test_making_a_quirkling_another_only_with_eight_cards() -> None:
    """e) "If you have 8 cards after recovering cards, you may make another QUIRKLING": with no
    card left to draw (RULINGS 36), a refill that stops short of eight makes none, though one
    could be made; the turn ends (seven cards or fewer: no discard)."""
    state = quirkling_position(2, hands={ALICE: [*PLANT, *HERBIVORE, "B4"], BOB: BOB_DRY + ["C35"]}, discards=[])
    state.stack = []  # every other card is in the hands
    act(state, ALICE, "ask 1 plant-a")
    act(state, BOB, "none")
    assert len(state.hands[ALICE]) == 7, "nothing to draw"
    assert state.stage is Stage.MAKE, "c) if you can, you make a QUIRKLING"
    act(state, ALICE, "make A1 B1 C1")
    act(state, ALICE, "ask 1 carnivore-a")
    act(state, BOB, "none")
    assert sorted(hand_of(state, ALICE)) == sorted([*HERBIVORE, "B4"])
    assert state.stage is Stage.REQUEST and state.to_act == (BOB,), "no second QUIRKLING short of eight cards"


# ----------------------------------------------------------------------------- 5. The Winner
def test_the_winner() -> None:
    """You win when you have in front of you at least one plant, one herbivore and one
    carnivore."""
    state = quirkling_position(3, hands={ALICE: ["B13", "C13", *DRY[:5]], BOB: ["A25", *BOB_DRY]},
                               made={ALICE: [PLANT, HERBIVORE, ["A7", "B7", "C2"]]})
    act(state, ALICE, "ask 1 carnivore-a")
    act(state, BOB, "give A25")
    act(state, ALICE, "make A25 B13 C13")
    assert state.is_over and state.winners == (ALICE,) and state.scores == (1.0, 0.0, 0.0)
    assert state.to_act == ()
    assert state.view(BOB).to_json()["winners"] == [ALICE]


def test_the_winner_several_of_one_kind_do_not_win() -> None:
    """In many games you end up with several QUIRKLINGS of one or two kinds first."""
    state = quirkling_position(3, hands={ALICE: ["B7", "C2", *DRY[:5]], BOB: ["A7", *BOB_DRY]},
                               made={ALICE: [PLANT, HERBIVORE]})
    act(state, ALICE, "ask 1 plant-a")
    act(state, BOB, "give A7")
    act(state, ALICE, "make A7 B7 C2")
    assert not state.is_over and len(state.made[ALICE]) == 3


# ----------------------------------------------------------------------------- hidden information
def test_hands_are_secret() -> None:
    state = quirkling_position(3, hands={ALICE: DRY})
    view = state.view(BOB).to_json()
    assert "hand" not in view["players"][ALICE] and view["players"][ALICE]["hand_size"] == 7
    assert not set(DRY) & {c["number"] for c in view["hand"]}
    assert [c["number"] for c in state.view(ALICE).to_json()["hand"]] == numbers(card(c) for c in DRY)


def test_no_turn_limit_plays_on() -> None:
    """RULINGS 37: ``turn_limit=0`` plays as the rulebook does, without the house limit."""
    game = quarkade.load("quirkling", players=3, turn_limit=0)
    state = game.new_game(5)
    state.turns = 10_000
    chance = Chance(5)
    while state.turns == 10_000:
        (seat,) = state.to_act
        moves = state.legal_actions(seat)
        state.apply(seat, moves[chance.below(len(moves))])
    assert state.turns == 10_001 and not state.is_over
