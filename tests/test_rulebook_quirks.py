"""Every rule and worked example of the Quirks rulebook (the basic game and its optional rules),
named by its section, as Quarkade rules them in RULINGS.md.

Seats: Alice is seat 0, Bob seat 1, Carol seat 2, Dave seat 3. The climate is the OCEAN unless
a test says otherwise. Expected totals are worked out in the test from the cards' printed values
(the ADAPTATION POTENTIAL table), never read back from the engine.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import quarkade
from quarkade import InvalidNotation
from quarkade.core import Chance
from quarkade.games.quirks.actions import parse
from quarkade.games.quirks.components import CLIMATES, COMPONENTS, NICHES, STACKS
from quarkade.games.quirks.rules import HAND_TARGET, LOWER, UPPER, QuirksState, Stage, slot_of
from quirks_positions import act, card, legal, numbers, owner, position, quirks_cards, space

ALICE, BOB, CAROL, DAVE = 0, 1, 2, 3
CARDS = COMPONENTS.cards
OCEAN, FOREST, PLAIN, DESERT, JUNGLE = range(5)

# A complete plant, herbivore and carnivore, for hands the tests look into.
ALICE_HAND = ["A2", "B2", "C2", "A14", "A26", "B15", "B32", "C15", "C18"]


def value(number: str, climate: int = OCEAN) -> int:
    """A card's adaptation value in a climate: the ADAPTATION POTENTIAL table."""
    return COMPONENTS.by_number(number).values[climate]


def colour(number: str) -> str:
    return COMPONENTS.food_colours[COMPONENTS.by_number(number).food]


def coded(number: str, climate: int) -> bool:
    return COMPONENTS.by_number(number).codes[climate]


def worth(cards: list[str] | tuple[str, ...], climate: int = OCEAN) -> int:
    return sum(value(c, climate) for c in cards)


def discarded(state: QuirksState, number: str) -> bool:
    index = card(number)
    return index in state.stacks[CARDS[index].stack].discards


def hand_of(state: QuirksState, seat: int) -> list[str]:
    return numbers(state.hands[seat])


def complete(hand: list[int]) -> bool:
    """A complete plant, herbivore and carnivore: the hand at the end of a turn."""
    counts = Counter(CARDS[c].stack for c in hand)
    return [counts[s] for s in range(len(STACKS))] == list(HAND_TARGET)


def differences(before: Any, after: Any, path: str = "") -> list[str]:
    """Where two views differ, as paths ("/stacks/herbivore-a/discards")."""
    if isinstance(before, dict) and isinstance(after, dict):
        return [p for key in sorted(set(before) | set(after))
                for p in differences(before.get(key), after.get(key), f"{path}/{key}")]
    return [] if before == after else [path]


def last_count(state: QuirksState) -> dict[str, Any]:
    return state.reveals[-1]


def total(reveal: dict[str, Any], seat: int) -> tuple[int, int]:
    entry = reveal["totals"][str(seat)]
    assert entry["total"] == entry["cards"] + entry["food_chain"]
    return entry["cards"], entry["food_chain"]


# ----------------------------------------------------------------------------- Setup
def play_setup(players: int, seed: int, choice: str = "b") -> QuirksState:
    state = quarkade.load("quirks", players=players).new_game(seed)
    assert isinstance(state, QuirksState)
    while state.stage is Stage.SETUP:
        act(state, state.to_act[0], f"setup {choice}")
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_upper_niches_then_lower_niches(players: int) -> None:
    """Beginning the Game b-f: the first player makes the upper PLANT (A, B, C), the next the
    upper HERBIVORE, the next the upper CARNIVORE; then, player after player, the lower
    CARNIVORE, HERBIVORE and PLANT of two cards: the A card and a B or C card of one's choice."""
    state = quarkade.load("quirks", players=players).new_game(11)
    assert isinstance(state, QuirksState)
    for niche in range(3):
        assert state.owners[slot_of(niche, UPPER)] == niche % players
        stacks = [CARDS[c].stack for c in state.slots[slot_of(niche, UPPER)]]
        assert [CARDS[c].row for c in state.slots[slot_of(niche, UPPER)]] == ["A", "B", "C"]
        assert stacks[0] == (0, 3, 4)[niche], "a herbivore has a HERBIVORE A card, a carnivore a CARNIVORE A card"
        assert all(state.owners[slot_of(n, LOWER)] < 0 for n in range(3)), "the lower niches come after"
        assert all(not hand for hand in state.hands), "hands are drawn once the niches are made"
    order = ["carnivore", "plant", "herbivore"] if players == 3 else ["carnivore", "herbivore", "plant"]
    for step, name in enumerate(order, start=3):
        seat = step % players
        assert state.stage is Stage.SETUP and state.to_act == (seat,)
        assert legal(state, seat) == {"setup b", "setup c"}
        choice = "b" if step % 2 else "c"
        act(state, seat, f"setup {choice}")
        lower = state.slots[slot_of(NICHES.index(name), LOWER)]
        assert owner(state, name, LOWER) == seat
        assert [CARDS[c].row for c in lower] == ["A", choice.upper()]
        assert CARDS[lower[0]].stack == (0, 3, 4)[NICHES.index(name)]
    assert state.stage is not Stage.SETUP


def test_setup_three_players_lower_plant_before_lower_herbivore() -> None:
    """NOTE: in the three-player game the LOWER PLANT NICHE is made before the LOWER HERBIVORE
    NICHE: Alice makes the lower carnivore, Bob the lower plant, Carol the lower herbivore."""
    state = quarkade.load("quirks", players=3).new_game(4)
    assert isinstance(state, QuirksState)
    made = []
    while state.stage is Stage.SETUP:
        seat = state.to_act[0]
        before = [state.owners[slot_of(n, LOWER)] for n in range(3)]
        act(state, seat, "setup c")
        (niche,) = [n for n in range(3) if state.owners[slot_of(n, LOWER)] != before[n]]
        made.append((seat, NICHES[niche]))
    assert made == [(ALICE, "carnivore"), (BOB, "plant"), (CAROL, "herbivore")]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("choice", ["b", "c"])
def test_setup_never_both_niches_of_a_class(players: int, choice: str) -> None:
    """CAUTION! A player never creates a QUiRKS in a LOWER NICHE whose UPPER NICHE he controls."""
    for seed in range(10):
        state = play_setup(players, seed, choice)
        for niche in range(3):
            upper, lower = state.owners[slot_of(niche, UPPER)], state.owners[slot_of(niche, LOWER)]
            assert upper >= 0 and lower >= 0 and upper != lower, f"{NICHES[niche]}: both held by seat {upper}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_hands_of_a_complete_plant_herbivore_and_carnivore(players: int) -> None:
    """Each player draws nine cards: a complete PLANT, HERBIVORE and CARNIVORE, kept secret."""
    state = play_setup(players, 7)
    for seat in range(players):
        assert len(state.hands[seat]) == 9 and complete(state.hands[seat])
    view = state.view(ALICE).to_json()
    assert len(view["hand"]) == 9
    assert all("hand" not in player for player in view["players"]), "the other hands are secret"
    assert [p["hand_size"] for p in view["players"]] == [9] * players


@pytest.mark.parametrize(("players", "first"), [(2, BOB), (3, ALICE), (4, DAVE)])
def test_setup_first_player(players: int, first: int) -> None:
    """Introduction 3: with two or four players the first player has the fewest upper QUiRKS
    (Bob holds one of two's three, Dave none of four's); with three, the holder of the upper
    PLANT niche."""
    state = play_setup(players, 3)
    uppers = [sum(state.owners[slot_of(n, UPPER)] == seat for n in range(3)) for seat in range(players)]
    if players == 3:
        assert state.owners[slot_of(0, UPPER)] == first
    else:
        assert uppers[first] == min(uppers) and uppers.count(min(uppers)) == 1
    assert state.current == first and state.to_act == (first,)
    assert state.destiny_drawn and state.stage in (Stage.CLIMATE, Stage.UPPER_OWNED), "his turn begins"


def test_setup_exhausted_stack_reshuffled_from_its_discards() -> None:
    """Setup 3: when a stack is exhausted, its discarded cards are shuffled and placed face down
    again. A stack that ran out with no discards, and has some now, is renewed by the next draw
    from it (RULINGS.md 6a)."""
    state = position(3, upper={"herbivore": (ALICE, ["A13", "B13", "C13"])}, hands={ALICE: ALICE_HAND},
                     niche="herbivore", stage=Stage.ACTION)
    deck = state.stacks[STACKS.index("animal-b")]
    deck.discards, deck.cards = deck.cards + deck.discards, []
    # B13 is discarded first (ruling 6a): the pile it joins is the new stack.
    pile = {*deck.discards, card("B13")}
    act(state, ALICE, "mutate B13")
    (drawn,) = [c for c in state.slots[slot_of(1, UPPER)] if CARDS[c].row == "B"]
    assert drawn in pile
    assert sorted(deck.cards) == sorted(pile - {drawn}) and deck.discards == []


def test_setup_the_draw_that_exhausts_a_stack_renews_it_at_once() -> None:
    """Setup 3: "When a stack is exhausted, take all the discarded cards of that stack, shuffle
    them, and place them face down again": the draw that takes the last card renews the stack
    at once. Mutation: "discarding that card and taking one from the corresponding stack", in
    that order, so the card discarded is shuffled in with the others (RULINGS.md 6a). Everyone
    sees it happen: the stack's size, its empty pile and the log line."""
    state = position(3, upper={"herbivore": (ALICE, ["A13", "B13", "C13"])}, hands={ALICE: ALICE_HAND},
                     niche="herbivore", stage=Stage.ACTION)
    deck = state.stacks[STACKS.index("animal-b")]
    last = deck.cards[-1]
    deck.discards, deck.cards = deck.cards[:-1] + deck.discards, [last]
    pile = sorted([*deck.discards, card("B13")])
    act(state, ALICE, "mutate B13")
    (drawn,) = [c for c in state.slots[slot_of(1, UPPER)] if CARDS[c].row == "B"]
    assert drawn == last, "the last card of the stack is drawn"
    assert sorted(deck.cards) == pile and deck.discards == [], "renewed with the card discarded"
    for seat in (None, BOB):
        view = state.view(seat).to_json()
        assert view["stacks"]["animal-b"]["cards"] == len(pile)
        assert view["stacks"]["animal-b"]["discards"] == []
        (line,) = [e for e in view["log"] if e["event"] == "renewed"]
        assert line == {"event": "renewed", "stack": "animal-b", "cards": len(pile),
                        "text": f"The ANIMAL-B stack is exhausted: its {len(pile)} discarded cards are shuffled "
                                "face down as a new stack."}
    # A stack and a pile both empty: the card discarded is the one there is to draw.
    empty = position(3, upper={"herbivore": (ALICE, ["A13", "B13", "C13"])}, hands={ALICE: ALICE_HAND},
                     niche="herbivore", stage=Stage.ACTION)
    deck = empty.stacks[STACKS.index("animal-b")]
    deck.cards, deck.discards = [], []
    assert "mutate B13" in legal(empty, ALICE)
    act(empty, ALICE, "mutate B13")
    assert card("B13") in empty.slots[slot_of(1, UPPER)] and deck.cards == deck.discards == []
    # The last card drawn with nothing discarded (a hand completed at the end of a turn): the
    # stack stays empty, nothing to shuffle, nothing said.
    refill = position(3, upper={"herbivore": (ALICE, ["A13", "B13", "C13"])}, hands={ALICE: ALICE_HAND},
                      niche="herbivore", stage=Stage.ACTION)
    deck = refill.stacks[STACKS.index("animal-b")]
    deck.cards, deck.discards = deck.cards[-1:], []
    refill._draw(STACKS.index("animal-b"))
    assert deck.cards == deck.discards == []
    assert not [e for e in refill.view(None).to_json()["log"] if e["event"] == "renewed"]


# ----------------------------------------------------------------------------- On Your Turn
def test_on_your_turn_destiny_marker_of_ones_own_upper_niche_mutate_or_redraw() -> None:
    """1. Drawing the marker of the niche whose UPPER NICHE you occupy: attempt a mutation or
    draw another marker (before the climate marker moves)."""
    state = position(3, upper={"plant": (ALICE, ["A1", "B1", "C1"])}, hands={ALICE: ALICE_HAND},
                     destiny=["plant", "herbivore"], climate="forest", zone=2)
    assert state.stage is Stage.UPPER_OWNED and state.to_act == (ALICE,)
    assert legal(state, ALICE) == {"mutate", "redraw"}
    mutating = state.clone()
    act(state, ALICE, "redraw")
    assert NICHES[state.niche] == "herbivore" and state.destiny_drawn == [0, 1]
    assert state.stage is Stage.CLIMATE and state.climate == space("forest", 2)
    act(mutating, ALICE, "mutate")
    assert mutating.stage is Stage.CLIMATE, "the climate marker still moves before the mutation"
    act(mutating, ALICE, "climate 1")
    assert legal(mutating, ALICE) == {"mutate A1", "mutate B1", "mutate C1",
                                      "mutate A1 for A2", "mutate B1 for B2", "mutate C1 for C2"}


def test_on_your_turn_lower_niche_mutate_or_compete() -> None:
    """3. B. Not controlling the UPPER NICHE: mutate one's QUiRKS of the LOWER NICHE, or enter
    into competition for the UPPER NICHE."""
    state = position(3, upper={"herbivore": (CAROL, ["A20", "B14", "C26"])},
                     lower={"herbivore": (ALICE, ["A13", "B13"])}, hands={ALICE: ALICE_HAND},
                     destiny=["herbivore"])
    act(state, ALICE, "climate 1")
    assert legal(state, ALICE) == {"compete", "mutate A13", "mutate B13", "mutate A13 for A14",
                                   "mutate B13 for B15", "mutate B13 for B32"}


def test_on_your_turn_without_a_lower_quirks_only_the_lower_niche() -> None:
    """COMPETITION: without a QUiRKS in the LOWER NICHE you may only compete for the LOWER
    NICHE, with two cards."""
    state = position(3, upper={"herbivore": (CAROL, ["A20", "B14", "C26"])}, lower={"herbivore": (BOB, ["A13", "B13"])},
                     hands={ALICE: ALICE_HAND}, destiny=["herbivore"])
    act(state, ALICE, "climate 1")
    assert legal(state, ALICE) == {"place A14 B15", "place A14 B32", "place A14 C15", "place A14 C18",
                                   "place B15 C15", "place B15 C18", "place B32 C15", "place B32 C18"}
    assert "upper" in str(state.why_illegal(ALICE, parse("place A14 B15 C15")))


def test_on_your_turn_nothing_to_do_in_the_niche() -> None:
    """RULINGS 13: with no QUiRKS in the destined niche and no card of it in hand, the only action
    is to end the turn (and the hand is completed)."""
    state = position(3, upper={"plant": (BOB, ["A4", "B4", "C4"])}, lower={"plant": (CAROL, ["A7", "B7"])},
                     hands={ALICE: ["A14", "A26", "B15", "B32", "C15", "C18"]}, destiny=["plant"])
    act(state, ALICE, "climate 1")
    assert legal(state, ALICE) == {"end"}
    act(state, ALICE, "end")
    assert state.current == BOB and complete(state.hands[ALICE])


@pytest.mark.parametrize("steps", [1, 2])
def test_on_your_turn_climate_marker_advances_after_every_action(steps: int) -> None:
    """2. After drawing the destiny marker, advance the climate marker one or two spaces; this
    is repeated at each action, not at each turn."""
    state = position(3, hands={ALICE: ALICE_HAND}, destiny=["plant", "carnivore"], climate="forest")
    assert state.stage is Stage.CLIMATE and legal(state, ALICE) == {"climate 1", "climate 2"}
    assert "climate marker" in str(state.why_illegal(ALICE, parse("place A2 B2")))
    act(state, ALICE, f"climate {steps}")
    assert state.climate == space("forest", 1) + steps
    act(state, ALICE, "place A2 B2")
    assert state.stage is Stage.AFTER_WIN
    act(state, ALICE, "continue")
    assert NICHES[state.niche] == "carnivore" and state.stage is Stage.CLIMATE, "a new action, a new move"
    act(state, ALICE, f"climate {steps}")
    assert state.climate == space("forest", 1) + 2 * steps
    view = state.view(BOB).to_json()
    assert view["climate"]["name"] == "forest" and view["climate"]["zone"] == 1 + 2 * steps


@pytest.mark.parametrize(("start", "steps", "after"), [
    (space("jungle", 6), 1, space("ocean", 1)),
    (space("jungle", 6), 2, space("ocean", 2)),
    (space("jungle", 5), 2, space("ocean", 1)),
    (space("desert", 6), 1, space("jungle", 1)),
])
def test_on_your_turn_climate_marker_wraps_from_jungle_to_ocean(start: int, steps: int, after: int) -> None:
    """2. When the marker passes the last JUNGLE space, it returns to the first OCEAN space."""
    state = position(3, destiny=["plant"], climate=start)
    act(state, ALICE, f"climate {steps}")
    assert state.climate == after
    assert state.view(ALICE).to_json()["climate"]["name"] == CLIMATES[after // 6]


def test_on_your_turn_destiny_markers_return_after_five_draws() -> None:
    """Setup 4: once 5 destiny markers have been drawn they all return to the pool."""
    state = position(3, upper={"herbivore": (ALICE, ["A13", "B13", "C13"])},
                     drawn=["plant", "carnivore", "plant", "carnivore"], destiny=["herbivore"])
    view = state.view(BOB).to_json()
    assert view["destiny"] == {"drawn": ["plant", "carnivore", "plant", "carnivore", "herbivore"], "pool": 7}
    act(state, ALICE, "redraw")
    view = state.view(BOB).to_json()
    assert len(view["destiny"]["drawn"]) == 1 and view["destiny"]["pool"] == 11, "all twelve came back"
    assert sorted(state.destiny_pool + state.destiny_drawn) == [0] * 4 + [1] * 4 + [2] * 4


def test_on_your_turn_mutation_discard_and_draw_uses_the_drawn_card() -> None:
    """MUTATION: remove a CHARACTER card, discard it and take one from the corresponding stack;
    the QUiRKS stays where it was with one character changed, and the turn ends."""
    state = position(3, upper={"herbivore": (ALICE, ["A13", "B13", "C13"])}, hands={ALICE: ALICE_HAND},
                     destiny=["herbivore"], top=["B27"])
    act(state, ALICE, "mutate")
    act(state, ALICE, "climate 1")
    act(state, ALICE, "mutate B13")
    assert quirks_cards(state, "herbivore") == ("A13", "B27", "C13"), "the drawn card is used"
    assert owner(state, "herbivore") == ALICE
    assert discarded(state, "B13")
    assert hand_of(state, ALICE) == numbers(card(c) for c in ALICE_HAND)
    assert state.current == BOB and state.to_act == (BOB,), "the turn passes to the left"


def test_on_your_turn_mutation_exchange_with_a_hand_card() -> None:
    """MUTATION: or exchange the removed card with one of the same kind from your hand."""
    state = position(3, upper={"herbivore": (ALICE, ["A13", "B13", "C13"])}, hands={ALICE: ALICE_HAND},
                     destiny=["herbivore"])
    act(state, ALICE, "mutate")
    act(state, ALICE, "climate 2")
    act(state, ALICE, "mutate C13 for C18")
    assert quirks_cards(state, "herbivore") == ("A13", "B13", "C18")
    assert "C13" in hand_of(state, ALICE) and "C18" not in hand_of(state, ALICE)
    assert not discarded(state, "C13")
    assert state.current == BOB, "a mutation ends the turn"
    mutation = next(e for e in state.view(BOB).to_json()["log"] if e["event"] == "mutate-exchange")
    assert mutation["text"] == \
        "Seat 0 mutates their herbivore: C13 Tail flukes to the hand, C18 Paddle tail from it.", "seen on the table"


def test_on_your_turn_mutation_keeps_the_position_of_the_card() -> None:
    """A mutation changes one character: a B card for a B card, never for another row."""
    state = position(3, upper={"herbivore": (ALICE, ["A13", "B13", "C13"])}, hands={ALICE: ALICE_HAND},
                     niche="herbivore", stage=Stage.ACTION)
    for text in ("mutate B13 for C18", "mutate A13 for A26", "mutate C13 for A14"):
        assert state.why_illegal(ALICE, parse(text)) is not None


def test_on_your_turn_win_then_new_action_or_end() -> None:
    """After a won competition you may begin a new action or end your turn."""
    state = position(3, hands={ALICE: ALICE_HAND}, destiny=["plant", "herbivore"])
    act(state, ALICE, "climate 1")
    act(state, ALICE, "place A2 C2")
    assert owner(state, "plant", LOWER) == ALICE
    assert state.stage is Stage.AFTER_WIN and legal(state, ALICE) == {"continue", "end"}
    ending = state.clone()
    act(state, ALICE, "continue")
    assert state.current == ALICE and NICHES[state.niche] == "herbivore" and state.stage is Stage.CLIMATE
    act(ending, ALICE, "end")
    assert ending.current == BOB and ending.to_act == (BOB,)


def test_on_your_turn_a_lost_competition_ends_the_turn() -> None:
    """If you lose a competition your turn ends at once and play passes to your left (Bob),
    whoever you lost to (Carol)."""
    state = position(3, lower={"plant": (CAROL, ["A7", "B7"])}, hands={ALICE: ALICE_HAND},
                     destiny=["plant"])
    act(state, ALICE, "climate 1")
    act(state, ALICE, "place A2 B2")
    act(state, CAROL, "accept")
    act(state, ALICE, "fight")
    assert worth(["A2", "B2"]) < worth(["A7", "B7"])
    assert owner(state, "plant", LOWER) == CAROL
    assert state.current == BOB and state.to_act == (BOB,)


def test_on_your_turn_hand_refilled_at_end_of_turn() -> None:
    """At the end of a turn (not of an action) the hand is again a complete plant, herbivore
    and carnivore, 9 cards, completed from the stacks."""
    state = position(3, hands={ALICE: ALICE_HAND}, destiny=["plant", "carnivore"], top=["A5", "C9"])
    act(state, ALICE, "climate 1")
    act(state, ALICE, "place A2 C2")
    act(state, ALICE, "continue")
    assert len(state.hands[ALICE]) == 7, "not refilled between actions"
    act(state, ALICE, "climate 1")
    act(state, ALICE, "place A26 B15")
    act(state, ALICE, "end")
    assert complete(state.hands[ALICE])
    assert {"A5", "C9"} <= set(hand_of(state, ALICE)), "drawn from the stacks"


def test_on_your_turn_surplus_cards_discarded_at_end_of_turn() -> None:
    """RULINGS 15: a hand holding more than a complete plant, herbivore and carnivore at the end
    of the turn is cut back to one, the player choosing the cards, before the missing ones are
    drawn."""
    state = position(3, upper={"herbivore": (ALICE, ["A13", "B13", "C13"])},
                     hands={ALICE: [*ALICE_HAND, "C20", "C21"]}, niche="herbivore", stage=Stage.ACTION)
    act(state, ALICE, "mutate A13 for A14")
    assert state.stage is Stage.SURPLUS and state.to_act == (ALICE,)
    assert legal(state, ALICE) == {"discard C15", "discard C18", "discard C20", "discard C21"}
    act(state, ALICE, "discard C20")
    act(state, ALICE, "discard C15")
    assert discarded(state, "C20") and discarded(state, "C15")
    assert complete(state.hands[ALICE]) and {"C18", "C21", "A13"} <= set(hand_of(state, ALICE))
    assert state.current == BOB


# ----------------------------------------------------------------------------- Competitions: lower niche
def lower_plant_contest(attack: list[str], defend: list[str], climate: str = "ocean") -> QuirksState:
    """Alice, with no plant, competes for Carol's lower PLANT with two cards of her hand."""
    state = position(3, lower={"plant": (CAROL, defend)}, hands={ALICE: [*attack, "A14", "B15", "C15"]},
                     niche="plant", stage=Stage.ACTION, climate=climate)
    act(state, ALICE, f"place {' '.join(attack)}")
    return state


def test_competitions_lower_niche_empty_occupied_at_once() -> None:
    """NOTE: when a LOWER NICHE is empty, placing your cards there gives you the victory."""
    state = position(3, hands={ALICE: ALICE_HAND}, niche="plant", stage=Stage.ACTION)
    assert {"place A2 B2", "place A2 C2"} <= legal(state, ALICE)
    act(state, ALICE, "place A2 B2")
    assert owner(state, "plant", LOWER) == ALICE and quirks_cards(state, "plant", LOWER) == ("A2", "B2")
    assert state.stage is Stage.AFTER_WIN, "a won competition"
    assert state.reveals == (), "nothing is counted"


def test_competitions_lower_niche_two_cards_from_hand() -> None:
    """"You must select two CHARACTER cards from your hand": any two of that niche's cards in two
    positions (RULINGS 12), the A card among them or not."""
    state = position(3, upper={"carnivore": (BOB, ["A36", "B36", "C36"])}, lower={"carnivore": (CAROL, ["A25", "B14"])},
                     hands={ALICE: ALICE_HAND}, niche="carnivore", stage=Stage.ACTION)
    places = {a for a in legal(state, ALICE) if a.startswith("place")}
    assert places == {"place A26 B15", "place A26 B32", "place A26 C15", "place A26 C18",
                      "place B15 C15", "place B15 C18", "place B32 C15", "place B32 C18"}
    assert "two positions" in str(state.why_illegal(ALICE, parse("place B15 B32")))


def test_strategy_tip_5_a_lower_quirks_without_its_food_chain_card() -> None:
    """Strategy tip 5: "It is more judicious not to play a FOOD CHAIN card, so that once you are
    present in the NICHE, you have the choice of the color to use when you later enter a
    competition for the UPPER NICHE": a plant placed as its B and C cards (its A card bears the
    food chain), then completed with the A card of one's choice when it competes for the upper niche."""
    state = position(3, upper={"plant": (BOB, ["A4", "B4", "C4"])}, hands={ALICE: ALICE_HAND},
                     niche="plant", stage=Stage.ACTION)
    act(state, ALICE, "place B2 C2")
    assert owner(state, "plant", LOWER) == ALICE and quirks_cards(state, "plant", LOWER) == ("B2", "C2")
    assert state.stage is Stage.AFTER_WIN


def test_competitions_lower_niche_pass() -> None:
    """If he passes: he removes his QUiRKS and you win the competition (no extinct branch)."""
    state = lower_plant_contest(["A2", "B2"], ["A7", "B7"])
    assert state.stage is Stage.LOWER_DEFENCE and state.to_act == (CAROL,)
    assert legal(state, CAROL) == {"pass", "accept"}
    act(state, CAROL, "pass")
    assert owner(state, "plant", LOWER) == ALICE and quirks_cards(state, "plant", LOWER) == ("A2", "B2")
    assert discarded(state, "A7") and discarded(state, "B7")
    assert state.extinct[CAROL] == [] and state.extinct[ALICE] == []
    assert state.stage is Stage.AFTER_WIN and state.to_act == (ALICE,)


def test_competitions_lower_niche_give_up() -> None:
    """If he does not pass you may give up, discarding your QUiRKS (no extinct branch)."""
    state = lower_plant_contest(["A2", "B2"], ["A7", "B7"])
    act(state, CAROL, "accept")
    assert state.to_act == (ALICE,) and legal(state, ALICE) == {"give-up", "fight"}
    act(state, ALICE, "give-up")
    assert owner(state, "plant", LOWER) == CAROL and quirks_cards(state, "plant", LOWER) == ("A7", "B7")
    assert discarded(state, "A2") and discarded(state, "B2")
    assert state.extinct[ALICE] == [] and state.current == BOB, "a lost competition ends the turn"


def test_competitions_lower_niche_fight_higher_total_wins() -> None:
    """Both remain: the QUiRKS with the greater value wins and occupies the niche; the loser
    becomes an EXTINCT BRANCH, face down in front of its creator."""
    attack, defend = ["A1", "B1"], ["A4", "B4"]
    assert worth(attack) > worth(defend)
    state = lower_plant_contest(attack, defend)
    act(state, CAROL, "accept")
    act(state, ALICE, "fight")
    reveal = last_count(state)
    assert total(reveal, ALICE) == (worth(attack), 0) and total(reveal, CAROL) == (worth(defend), 0)
    assert reveal["winner"] == ALICE
    assert owner(state, "plant", LOWER) == ALICE and quirks_cards(state, "plant", LOWER) == tuple(attack)
    assert state.extinct[CAROL] == [tuple(card(c) for c in defend)]
    assert not discarded(state, "A4"), "an extinct branch stays in front of its creator"
    assert state.stage is Stage.AFTER_WIN


def test_competitions_lower_niche_fight_occupant_stronger() -> None:
    attack, defend = ["A4", "B4"], ["A1", "B1"]
    assert worth(attack) < worth(defend)
    state = lower_plant_contest(attack, defend)
    act(state, CAROL, "accept")
    act(state, ALICE, "fight")
    assert owner(state, "plant", LOWER) == CAROL
    assert state.extinct[ALICE] == [tuple(card(c) for c in attack)] and state.extinct[CAROL] == []
    assert state.current == BOB


def test_competitions_lower_niche_tie_to_the_occupant() -> None:
    """In case of a tie, the QUiRKS already occupying the niche wins."""
    attack, defend = ["A7", "B12"], ["A9", "B7"]
    assert worth(attack) == worth(defend)
    state = lower_plant_contest(attack, defend)
    act(state, CAROL, "accept")
    act(state, ALICE, "fight")
    assert last_count(state)["winner"] == CAROL
    assert owner(state, "plant", LOWER) == CAROL and quirks_cards(state, "plant", LOWER) == tuple(defend)
    assert state.extinct[ALICE] == [tuple(card(c) for c in attack)]
    assert state.current == BOB


# ----------------------------------------------------------------------------- Competitions: upper niche
# Carol's upper HERBIVORE and Alice's lower HERBIVORE; Alice draws C13 as her third card.
CAROL_HERBIVORE = ["A21", "B20", "C26"]
ALICE_LOWER = ["A13", "B13"]


def upper_contest(climate: str = "ocean", third: str = "C13", extra_top: tuple[str, ...] = (),
                  carol_hand: list[str] | None = None) -> QuirksState:
    hands = {ALICE: ALICE_HAND, **({CAROL: carol_hand} if carol_hand is not None else {})}
    state = position(3, upper={"herbivore": (CAROL, CAROL_HERBIVORE)}, lower={"herbivore": (ALICE, ALICE_LOWER)},
                     hands=hands, niche="herbivore", stage=Stage.ACTION, climate=climate, top=[third, *extra_top])
    act(state, ALICE, "compete")
    return state


def sealed(state: QuirksState, alice: str, defender_face: str, complete_with: str = "drawn",
           defender: int = CAROL) -> None:
    act(state, ALICE, f"complete {complete_with}")
    act(state, ALICE, alice)
    act(state, defender, defender_face)


def test_competition_upper_niche_complete_with_the_drawn_card() -> None:
    """You complete your QUiRKS by drawing the third card from the appropriate stack, and decide
    whether to use it or a card from your hand."""
    state = upper_contest()
    assert state.stage is Stage.UPPER_COMPLETE and state.to_act == (ALICE,)
    assert legal(state, ALICE) == {"complete drawn", "complete C15", "complete C18"}
    assert state.view(ALICE).to_json()["contest"]["drawn"]["number"] == "C13"
    act(state, ALICE, "complete drawn")
    assert [CARDS[c].number for c in state.contest.attacker_cards] == ["A13", "B13", "C13"]
    assert hand_of(state, ALICE) == numbers(card(c) for c in ALICE_HAND)
    assert state.stage is Stage.UPPER_SEALED and set(state.to_act) == {ALICE, CAROL}


def test_competition_upper_niche_complete_from_hand_drawn_card_to_hand() -> None:
    """Completing with a hand card: the drawn card goes to the hand."""
    state = upper_contest()
    act(state, ALICE, "complete C18")
    assert [CARDS[c].number for c in state.contest.attacker_cards] == ["A13", "B13", "C18"]
    assert "C13" in hand_of(state, ALICE) and "C18" not in hand_of(state, ALICE)
    act(state, ALICE, "face-up")
    act(state, CAROL, "face-down")
    act(state, CAROL, "discard C26")
    assert quirks_cards(state, "herbivore") == ("A13", "B13", "C18")


def test_competition_upper_niche_the_others_do_not_see_the_third_card() -> None:
    """Your opponent sees the two cards of the lower niche, not the third one, until the reveal."""
    state = upper_contest()
    assert "drawn" not in state.view(CAROL).to_json()["contest"]
    act(state, ALICE, "complete drawn")
    for seat in (BOB, CAROL, None):
        shown = [c["number"] for c in state.view(seat).to_json()["contest"]["attacker_cards"]]
        assert shown == ALICE_LOWER
        assert all("codes" not in c for c in state.view(seat).to_json()["contest"]["attacker_cards"]), (
            "nor their adaptation potential")
        assert "C13" not in json.dumps(state.view(seat).to_json())
    assert [c["number"] for c in state.view(ALICE).to_json()["contest"]["attacker_cards"]] == ["A13", "B13", "C13"]
    act(state, ALICE, "face-up")
    act(state, CAROL, "face-up")
    shown = [c["number"] for c in state.view(BOB).to_json()["contest"]["attacker_cards"]]
    assert shown == ["A13", "B13", "C13"], "revealed together"


def test_competition_upper_niche_defender_may_mutate_once() -> None:
    """Your opponent may mutate once, exchanging a card with his hand or discarding it and
    drawing; if he draws he must use that card. The challenger may not mutate."""
    state = upper_contest(extra_top=("A16",), carol_hand=["A4", "B5", "C6", "A24", "A30", "B17", "B22", "C14", "C19"])
    act(state, ALICE, "complete drawn")
    assert not any(a.startswith("mutate") for a in legal(state, ALICE))
    mutations = {a for a in legal(state, CAROL) if a.startswith("mutate")}
    assert mutations == {"mutate A21", "mutate B20", "mutate C26", "mutate A21 for A24",
                         "mutate B20 for B17", "mutate B20 for B22", "mutate C26 for C14", "mutate C26 for C19"}
    act(state, CAROL, "mutate A21")
    assert quirks_cards(state, "herbivore") == ("A16", "B20", "C26"), "the drawn card is used"
    assert discarded(state, "A21"), "Setup 3: discarded cards are placed face up beside the stack"
    assert legal(state, CAROL) == {"face-up", "face-down"}, "one mutation at most"
    assert set(state.to_act) == {ALICE, CAROL}


def test_competition_upper_niche_sealed_choices_revealed_together() -> None:
    """Both decide SECRETLY, then reveal face up or face down at the same time: until both have
    chosen, the other side's view is the same whatever was chosen."""
    state = upper_contest()
    act(state, ALICE, "complete drawn")
    up, down = state.clone(), state.clone()
    act(up, ALICE, "face-up")
    act(down, ALICE, "face-down")
    for seat in (BOB, CAROL, None):
        assert up.view(seat) == down.view(seat), f"seat {seat} learns Alice's choice before the reveal"
    assert up.view(CAROL).to_json()["contest"]["faces"] == {}
    assert up.view(CAROL).to_json()["contest"]["ready"] == {"0": True, "2": False}
    assert up.to_act == (CAROL,)
    act(up, CAROL, "face-up")
    assert up.view(BOB).to_json()["contest"]["faces"] == {"0": True, "2": True}


def test_competition_upper_niche_defender_exchange_in_hand_is_seen_by_no_one() -> None:
    """"Both players then take their QUiRKS back into hand", and the opponent "may mutate by
    exchanging one card of his QUiRKS with a card from his hand": no one else sees it, so no
    other seat's view, log included, changes; the defender's own log tells it all."""
    state = upper_contest(carol_hand=["A4", "B5", "C6", "A24", "A30", "B17", "B22", "C14", "C19"])
    act(state, ALICE, "complete drawn")
    act(state, ALICE, "face-up")
    before = state.clone()
    act(state, CAROL, "mutate A21 for A24")
    assert quirks_cards(state, "herbivore") == ("A24", "B20", "C26")
    for seat in (ALICE, BOB, None):
        assert state.view(seat) == before.view(seat), f"seat {seat} learns of the exchange"
    mine = state.view(CAROL).to_json()
    assert mine["log"][-1]["text"] == \
        "You mutate your herbivore in your hand: A21 Bamboo-crushing jaws for A24 Marine iguana crest."
    assert [c["number"] for c in mine["niches"][1]["upper"]["cards"]] == ["A24", "B20", "C26"]
    act(state, CAROL, "face-up")
    view = state.view(BOB).to_json()
    assert [c["number"] for c in view["niches"][1]["upper"]["cards"]] == ["A24", "B20", "C26"], "revealed together"
    assert "A21" in hand_of(state, CAROL)


def test_competition_upper_niche_defender_discard_seen_card_drawn_hidden() -> None:
    """The opponent may mutate "by discarding one card of his QUiRKS and drawing a card from
    the appropriate stack"; "Discarded cards are placed face up beside the corresponding
    stack". The others see the discard and the draw at once, never the card drawn: the log
    line tells them just that, and tells the defender everything."""
    state = upper_contest(extra_top=("A16",))
    act(state, ALICE, "complete drawn")
    act(state, ALICE, "face-up")
    act(state, CAROL, "mutate A21")
    assert quirks_cards(state, "herbivore") == ("A16", "B20", "C26")
    for seat in (ALICE, BOB, None):
        view = state.view(seat).to_json()
        assert "A16" not in json.dumps(view), f"seat {seat} sees the card Carol drew"
        assert "A21" in [c["number"] for c in view["stacks"]["herbivore-a"]["discards"]], "face up at once"
        assert view["contest"]["defender_drew"] == "herbivore-a"
        seen = ("Seat 2 mutates their herbivore: discards A21 Bamboo-crushing jaws, draws from the "
                "HERBIVORE-A stack.")
        assert view["log"][-1]["text"] == seen
    mine = state.view(CAROL).to_json()
    assert mine["log"][-1]["text"] == \
        "Seat 2 mutates their herbivore: discards A21 Bamboo-crushing jaws, draws A16 Camel lips."
    act(state, CAROL, "face-up")
    view = state.view(BOB).to_json()
    assert [c["number"] for c in view["niches"][1]["upper"]["cards"]] == ["A16", "B20", "C26"], "revealed together"


def test_competition_upper_niche_result_1_challenger_face_up() -> None:
    """RESULTS 1: only the challenger face up: it wins the UPPER NICHE; the defender goes to the
    LOWER NICHE after discarding a card bearing the code of the climate in force."""
    state = upper_contest(climate="forest")
    sealed(state, "face-up", "face-down")
    assert state.stage is Stage.DEMOTE and state.to_act == (CAROL,)
    forest_coded = {c for c in CAROL_HERBIVORE if coded(c, FOREST)}
    assert forest_coded == {"A21", "B20"}
    assert legal(state, CAROL) == {f"discard {c}" for c in forest_coded}
    assert "climate" in str(state.why_illegal(CAROL, parse("discard C26")))
    act(state, CAROL, "discard B20")
    assert owner(state, "herbivore") == ALICE and quirks_cards(state, "herbivore") == ("A13", "B13", "C13")
    assert owner(state, "herbivore", LOWER) == CAROL and quirks_cards(state, "herbivore", LOWER) == ("A21", "C26")
    assert discarded(state, "B20")
    assert state.extinct == [[], [], []]
    assert state.stage is Stage.AFTER_WIN and state.to_act == (ALICE,)


def test_competition_upper_niche_result_1_defender_face_up() -> None:
    """RESULTS 1: only the defender face up: he keeps the niche; the challenger returns to the
    LOWER NICHE, discarding a card bearing the climate's code; a lost competition."""
    state = upper_contest(climate="forest")
    sealed(state, "face-down", "face-up")
    assert state.stage is Stage.DEMOTE and state.to_act == (ALICE,)
    assert {c for c in ["A13", "B13", "C13"] if coded(c, FOREST)} == {"B13"}
    assert legal(state, ALICE) == {"discard B13"}
    act(state, ALICE, "discard B13")
    assert owner(state, "herbivore") == CAROL and quirks_cards(state, "herbivore") == tuple(CAROL_HERBIVORE)
    assert owner(state, "herbivore", LOWER) == ALICE and quirks_cards(state, "herbivore", LOWER) == ("A13", "C13")
    assert state.extinct == [[], [], []] and state.current == BOB


def test_competition_upper_niche_result_1_no_card_bears_the_code() -> None:
    """If none of the three cards bears the code of the climate in force, any one may go."""
    state = upper_contest(climate="desert")
    sealed(state, "face-up", "face-down")
    assert not any(coded(c, DESERT) for c in CAROL_HERBIVORE)
    assert legal(state, CAROL) == {f"discard {c}" for c in CAROL_HERBIVORE}
    act(state, CAROL, "discard A21")
    assert quirks_cards(state, "herbivore", LOWER) == ("B20", "C26")


def test_competition_upper_niche_result_2_both_face_down() -> None:
    """RESULTS 2: both face down: the occupant keeps his place and wins; the challenger returns
    to the LOWER NICHE discarding a card with the climate's code."""
    state = upper_contest(climate="ocean")
    sealed(state, "face-down", "face-down")
    assert state.to_act == (ALICE,)
    assert legal(state, ALICE) == {f"discard {c}" for c in ["A13", "B13", "C13"] if coded(c, OCEAN)}
    act(state, ALICE, "discard C13")
    assert owner(state, "herbivore") == CAROL and owner(state, "herbivore", LOWER) == ALICE
    assert quirks_cards(state, "herbivore", LOWER) == ("A13", "B13")
    assert state.reveals == () and state.current == BOB


def test_competition_upper_niche_result_3_defender_concedes() -> None:
    """RESULTS 3: both face up, one may still give up, the defender first: he discards his
    three cards; the challenger takes the UPPER NICHE and the LOWER NICHE is left empty; the
    conceded QUiRKS is not an EXTINCT BRANCH."""
    state = upper_contest()
    sealed(state, "face-up", "face-up")
    assert state.stage is Stage.CONCEDE_DEFENDER and state.to_act == (CAROL,)
    assert legal(state, CAROL) == {"concede", "hold"}
    act(state, CAROL, "concede")
    assert all(discarded(state, c) for c in CAROL_HERBIVORE)
    assert owner(state, "herbivore") == ALICE and owner(state, "herbivore", LOWER) == -1
    assert state.extinct == [[], [], []] and state.reveals == ()
    assert state.stage is Stage.AFTER_WIN


def test_competition_upper_niche_result_3_challenger_concedes_last() -> None:
    """The challenger decides last: he concedes, discards his three cards, and the LOWER NICHE
    is left empty; not an extinct branch; his turn ends."""
    state = upper_contest()
    sealed(state, "face-up", "face-up")
    act(state, CAROL, "hold")
    assert state.stage is Stage.CONCEDE_CHALLENGER and state.to_act == (ALICE,)
    assert legal(state, ALICE) == {"concede", "fight"}
    act(state, ALICE, "concede")
    assert all(discarded(state, c) for c in ["A13", "B13", "C13"])
    assert owner(state, "herbivore") == CAROL and owner(state, "herbivore", LOWER) == -1
    assert state.extinct == [[], [], []] and state.current == BOB


@pytest.mark.parametrize(("climate", "third", "winner"), [("ocean", "C13", ALICE), ("forest", "C13", CAROL),
                                                          ("plain", "C20", CAROL)])
def test_competition_upper_niche_result_3_count(climate: str, third: str, winner: int) -> None:
    """Neither concedes: the two QUiRKS are counted, the stronger wins, the occupant on a tie;
    the loser is an EXTINCT BRANCH and the LOWER NICHE is left empty."""
    k = CLIMATES.index(climate)
    alice, carol = [*ALICE_LOWER, third], CAROL_HERBIVORE
    expected = ALICE if worth(alice, k) > worth(carol, k) else CAROL
    assert expected == winner, "the example's cards"
    if climate == "plain":
        assert worth(alice, k) == worth(carol, k), "a tie"
    state = upper_contest(climate=climate, third=third)
    sealed(state, "face-up", "face-up")
    act(state, CAROL, "hold")
    act(state, ALICE, "fight")
    reveal = last_count(state)
    assert total(reveal, ALICE) == (worth(alice, k), 0) and total(reveal, CAROL) == (worth(carol, k), 0)
    assert reveal["winner"] == winner and reveal["level"] == "upper"
    loser, loser_cards = (CAROL, carol) if winner == ALICE else (ALICE, alice)
    assert owner(state, "herbivore") == winner
    assert quirks_cards(state, "herbivore") == tuple(alice if winner == ALICE else carol)
    assert owner(state, "herbivore", LOWER) == -1
    assert [numbers(b) for b in state.extinct[loser]] == [numbers(card(c) for c in loser_cards)]
    if winner == ALICE:
        assert state.stage is Stage.AFTER_WIN
    else:
        assert state.current == BOB, "a lost competition ends the turn"


# ----------------------------------------------------------------------------- Food Chain Points
# Four players: Alice challenges Bob in a niche; Carol's QUiRKS of the other niches stand at the
# level in competition, Dave's at the other level, arranged so that they would change the totals
# if (wrongly) counted.
def food_chain_count(niche: str, level: int, alice: list[str], bob: list[str],
                     same_level: dict[str, list[str]], other_level: dict[str, list[str]]) -> dict[str, Any]:
    if level == UPPER:
        upper = {niche: (BOB, bob), **{n: (CAROL, c) for n, c in same_level.items()}}
        lower = {niche: (ALICE, alice[:2]), **{n: (DAVE, c) for n, c in other_level.items()}}
        hands, top = {ALICE: []}, [alice[2]]
    else:
        upper = {n: (DAVE, c) for n, c in other_level.items()}
        lower = {niche: (BOB, bob), **{n: (CAROL, c) for n, c in same_level.items()}}
        hands, top = {ALICE: alice}, []
    state = position(4, upper=upper, lower=lower, hands=hands, niche=niche, stage=Stage.ACTION, top=top)
    if level == UPPER:
        act(state, ALICE, "compete")
        sealed(state, "face-up", "face-up", defender=BOB)
        act(state, BOB, "hold")
    else:
        act(state, ALICE, f"place {' '.join(alice)}")
        act(state, BOB, "accept")
    act(state, ALICE, "fight")
    return last_count(state)


LEVELS = pytest.mark.parametrize("level", [UPPER, LOWER], ids=["upper", "lower"])


def cut(cards: list[str], level: int) -> list[str]:
    """An upper QUiRKS's three cards, or the two (A and B or C) of a lower one."""
    return cards if level == UPPER else cards[:2]


@LEVELS
def test_food_chain_points_plant_eaten_by_the_herbivore(level: int) -> None:
    """A. A plant loses the value of the herbivore's A card if the herbivore at the level in
    competition eats it (same colour on both A cards)."""
    alice, bob = ["A1", "B1", "C1"], ["A7", "B7", "C2"]
    herbivore, elsewhere = ["A13", "B14", "C13"], ["A14", "B15", "C15"]
    assert colour("A1") == colour("A13") != colour("A7")
    assert colour("A14") == colour("A7"), "the herbivore of the other level would eat Bob's plant"
    reveal = food_chain_count("plant", level, cut(alice, level), cut(bob, level),
                              {"herbivore": cut(herbivore, level)}, {"herbivore": cut(elsewhere, 1 - level)})
    assert total(reveal, ALICE) == (worth(cut(alice, level)), -value("A13"))
    assert total(reveal, BOB) == (worth(cut(bob, level)), 0)


@LEVELS
def test_food_chain_points_herbivore_eats_the_plant(level: int) -> None:
    """B. A herbivore gains the value of the plant's A card if it eats the plant at its level."""
    alice, bob = ["A13", "B13", "C13"], ["A20", "B14", "C28"]
    plant, elsewhere = ["A1", "B1", "C1"], ["A3", "B3", "C3"]
    assert colour("A13") == colour("A1") != colour("A20")
    assert colour("A3") == colour("A20"), "the plant of the other level would feed Bob's herbivore"
    reveal = food_chain_count("herbivore", level, cut(alice, level), cut(bob, level),
                              {"plant": cut(plant, level)}, {"plant": cut(elsewhere, 1 - level)})
    assert total(reveal, ALICE) == (worth(cut(alice, level)), value("A1"))
    assert total(reveal, BOB) == (worth(cut(bob, level)), 0)


def test_food_chain_points_herbivore_eaten_by_the_carnivore_upper() -> None:
    """B. A herbivore loses the value of the carnivore's A card if its C card has the colour of
    the carnivore's A card."""
    alice, bob = ["A13", "B13", "C13"], ["A20", "B14", "C26"]
    carnivore, elsewhere = ["A25", "B15", "C15"], ["A32", "B17", "C17"]
    assert colour("C26") == colour("A25") != colour("C13")
    assert colour("A32") == colour("C13"), "the carnivore of the other level would eat Alice's herbivore"
    reveal = food_chain_count("herbivore", UPPER, alice, bob, {"carnivore": carnivore}, {"carnivore": elsewhere[:2]})
    assert total(reveal, ALICE) == (worth(alice), 0)
    assert total(reveal, BOB) == (worth(bob), -value("A25"))


def test_food_chain_points_herbivore_eaten_by_the_carnivore_lower() -> None:
    """The same at the lower level, with lower herbivores of an A and a C card."""
    alice, bob = ["A13", "C13"], ["A20", "C26"]
    carnivore, elsewhere = ["A25", "B15"], ["A32", "B17", "C17"]
    reveal = food_chain_count("herbivore", LOWER, alice, bob, {"carnivore": carnivore}, {"carnivore": elsewhere})
    assert total(reveal, ALICE) == (worth(alice), 0)
    assert total(reveal, BOB) == (worth(bob), -value("A25"))


def test_food_chain_points_herbivore_eats_and_is_eaten() -> None:
    """Both at once: the plant's A value added, the carnivore's A value subtracted."""
    alice, bob = ["A13", "B13", "C26"], ["A20", "B14", "C13"]
    plant, carnivore = ["A1", "B1", "C1"], ["A25", "B15", "C15"]
    assert colour("A13") == colour("A1") and colour("C26") == colour("A25")
    reveal = food_chain_count("herbivore", UPPER, alice, bob, {"plant": plant, "carnivore": carnivore}, {})
    assert total(reveal, ALICE) == (worth(alice), value("A1") - value("A25"))


@LEVELS
def test_food_chain_points_carnivore_eats_the_herbivore(level: int) -> None:
    """C. A carnivore gains the value of the herbivore's C card if its A card has the colour of
    the herbivore's C card."""
    alice, bob = ["A32", "B35", "C35"], ["A25", "B14", "C28"]
    herbivore = ["A13", "C13"] if level == LOWER else ["A13", "B13", "C13"]
    elsewhere = ["A20", "B20", "C26"] if level == LOWER else ["A20", "C26"]
    assert colour("A32") == colour("C13") != colour("A25")
    assert colour("C26") == colour("A25"), "the herbivore of the other level would feed Bob's carnivore"
    reveal = food_chain_count("carnivore", level, cut(alice, level), cut(bob, level),
                              {"herbivore": herbivore}, {"herbivore": elsewhere})
    assert total(reveal, ALICE) == (worth(cut(alice, level)), value("C13"))
    assert total(reveal, BOB) == (worth(cut(bob, level)), 0)


def test_food_chain_points_lower_quirks_without_the_card_neither_eats_nor_is_eaten() -> None:
    """RULINGS 23: a lower herbivore of an A and a B card has no C card to be eaten by, or to
    feed a carnivore with."""
    alice, bob = ["A32", "B35"], ["A25", "B14"]
    reveal = food_chain_count("carnivore", LOWER, alice, bob, {"herbivore": ["A13", "B13"]}, {})
    assert total(reveal, ALICE) == (worth(alice), 0)


@pytest.mark.parametrize("climate", CLIMATES)
def test_food_chain_points_use_the_climate_in_force(climate: str) -> None:
    """The eaten plant loses the herbivore's A value in the climate in question."""
    k = CLIMATES.index(climate)
    state = position(4, upper={"herbivore": (CAROL, ["A13", "B14", "C13"])}, lower={"plant": (BOB, ["A7", "B7"])},
                     hands={ALICE: ["A1", "B1"]}, niche="plant", stage=Stage.ACTION, climate=climate)
    act(state, ALICE, "place A1 B1")
    act(state, BOB, "accept")
    act(state, ALICE, "fight")
    assert total(last_count(state), ALICE) == (worth(["A1", "B1"], k), 0), "the upper herbivore is not at this level"
    state = position(4, lower={"plant": (BOB, ["A7", "B7"]), "herbivore": (CAROL, ["A13", "B14"])},
                     hands={ALICE: ["A1", "B1"]}, niche="plant", stage=Stage.ACTION, climate=climate)
    act(state, ALICE, "place A1 B1")
    act(state, BOB, "accept")
    act(state, ALICE, "fight")
    assert total(last_count(state), ALICE) == (worth(["A1", "B1"], k), -value("A13", k))
    assert last_count(state)["climate"] == climate


# ----------------------------------------------------------------------------- Extinction
def test_extinction_three_extinctions_eliminate_a_player() -> None:
    """Three extinctions: the player is out; his hand, his QUiRKS on the table and his extinct
    branches all go to the discard piles of their stacks."""
    state = position(3, upper={"carnivore": (BOB, ["A25", "B14", "C13"])}, lower={"plant": (BOB, ["A4", "B4"])},
                     hands={ALICE: ["A1", "B1"]}, extinct={BOB: 2}, niche="plant", stage=Stage.ACTION)
    bob_cards = [*state.hands[BOB], *[c for branch in state.extinct[BOB] for c in branch],
                 *[card(c) for c in ["A25", "B14", "C13", "A4", "B4"]]]
    act(state, ALICE, "place A1 B1")
    act(state, BOB, "accept")
    act(state, ALICE, "fight")
    assert state.eliminated[BOB]
    assert all(c in state.stacks[CARDS[c].stack].discards for c in bob_cards)
    assert state.hands[BOB] == [] and BOB not in state.owners
    assert owner(state, "carnivore") == -1, "his upper niche is free"
    view = state.view(CAROL).to_json()
    assert view["players"][BOB]["eliminated"] and view["players"][BOB]["hand_size"] == 0
    act(state, ALICE, "end")
    assert state.current == CAROL, "Bob no longer plays"


def test_extinction_vacated_niche_taken_by_a_new_quirks() -> None:
    """NOTE: a niche left free by an eliminated player may be taken by the next player drawing
    its destiny marker, by placing a new QUiRKS there."""
    state = position(3, upper={"plant": (ALICE, ["A1", "B1", "C1"])}, hands={ALICE: ALICE_HAND},
                     eliminated=[BOB], destiny=["carnivore"])
    act(state, ALICE, "climate 1")
    assert {"place A26 B15 C15", "place A26 B32 C18", "place A26 C15"} <= legal(state, ALICE)
    act(state, ALICE, "place A26 B15 C15")
    assert owner(state, "carnivore") == ALICE and quirks_cards(state, "carnivore") == ("A26", "B15", "C15")
    assert state.stage is Stage.AFTER_WIN


def test_extinction_vacated_niche_moving_up_from_the_lower_niche() -> None:
    """... or by moving his QUiRKS up from the LOWER NICHE, completing it with a third card."""
    state = position(3, lower={"carnivore": (CAROL, ["A32", "B35"])}, eliminated=[BOB], current=CAROL,
                     destiny=["carnivore"], top=["C35"])
    act(state, CAROL, "climate 1")
    assert "compete" in legal(state, CAROL)
    act(state, CAROL, "compete")
    act(state, CAROL, "complete drawn")
    assert owner(state, "carnivore") == CAROL and quirks_cards(state, "carnivore") == ("A32", "B35", "C35")
    assert owner(state, "carnivore", LOWER) == -1
    assert state.stage is Stage.AFTER_WIN and state.to_act == (CAROL,)


def test_extinction_vacated_niche_never_both_niches_of_a_class() -> None:
    """... as long as the player does not occupy both niches of the same class: the holder of an
    upper niche cannot fill the free lower niche below it."""
    state = position(3, upper={"carnivore": (ALICE, ["A28", "B21", "C21"])}, hands={ALICE: ALICE_HAND},
                     eliminated=[BOB], destiny=["carnivore"])
    act(state, ALICE, "mutate")
    act(state, ALICE, "climate 1")
    assert all(a.startswith("mutate") for a in legal(state, ALICE))


# ----------------------------------------------------------------------------- The Winner
def three_upper_niches(carol_plant: tuple[str, str, str] = ("A10", "B8", "C8"),
                       alice_hand: list[str] | None = None) -> QuirksState:
    """Alice, holding the upper PLANT and HERBIVORE, takes Bob's upper CARNIVORE (Bob face
    down): she holds the three upper niches. Bob holds the lower HERBIVORE and, demoted, the
    lower CARNIVORE; Carol the lower PLANT."""
    lower = {"carnivore": (ALICE, ["A32", "B35"]), "herbivore": (BOB, ["A14", "B26"]),
             "plant": (CAROL, list(carol_plant[:2]))}
    state = position(3, upper={"plant": (ALICE, ["A4", "B4", "C4"]), "herbivore": (ALICE, ["A16", "B16", "C16"]),
                                     "carnivore": (BOB, ["A25", "B14", "C13"])},
                     lower=lower, niche="carnivore", stage=Stage.ACTION, top=["C35", carol_plant[2]],
                     **({"hands": {ALICE: alice_hand}} if alice_hand is not None else {}))
    act(state, ALICE, "compete")
    sealed_two(state, ALICE, BOB)
    act(state, BOB, "discard A25")
    return state


def sealed_two(state: QuirksState, challenger: int, defender: int) -> None:
    act(state, challenger, "complete drawn")
    act(state, challenger, "face-up")
    act(state, defender, "face-down")


def challenges_alice(state: QuirksState, challenger: int) -> None:
    """In a defence of Alice's three upper niches: ``challenger``'s lower QUiRKS challenges the
    upper one above it, both face up, Alice holds on and the two are counted."""
    act(state, challenger, "challenge")
    act(state, challenger, "complete drawn")
    act(state, challenger, "face-up")
    act(state, ALICE, "face-up")
    act(state, ALICE, "hold")
    act(state, challenger, "fight")


def carol_challenges(state: QuirksState) -> None:
    """In the defence of ``three_upper_niches``: Bob declines twice, then Carol's lower PLANT
    challenges Alice's upper one."""
    act(state, BOB, "decline")
    act(state, BOB, "decline")
    challenges_alice(state, CAROL)


def test_the_winner_three_upper_niches_start_the_defence() -> None:
    """The game stops as soon as a player holds the three UPPER NICHES; each lower QUiRKS may
    attempt a competition, beginning with the player to the left of the one about to win."""
    state = three_upper_niches()
    assert all(owner(state, n) == ALICE for n in NICHES)
    assert state.stage is Stage.DEFENCE and state.defence == ALICE
    assert state.to_act == (BOB,) and NICHES[state.niche] == "herbivore"
    assert legal(state, BOB) == {"challenge", "decline"}
    assert state.view(CAROL).to_json()["defence"] == ALICE
    order = []
    while state.stage is Stage.DEFENCE:
        order.append((state.to_act[0], NICHES[state.niche]))
        act(state, state.to_act[0], "decline")
    assert order == [(BOB, "herbivore"), (BOB, "carnivore"), (CAROL, "plant")]
    assert state.is_over and state.winners == (ALICE,) and state.scores == (1.0, 0.0, 0.0)


def test_the_winner_no_destiny_marker_no_climate_move() -> None:
    """Competitions of the defence proceed normally, but no destiny marker is drawn and the
    climate marker does not advance; if no one dislodges an upper QUiRKS, they win."""
    state = three_upper_niches()
    climate, drawn = state.climate, list(state.destiny_drawn)
    act(state, BOB, "decline")
    act(state, BOB, "decline")
    assert state.to_act == (CAROL,) and state.stage is Stage.DEFENCE
    act(state, CAROL, "challenge")
    assert state.stage is Stage.UPPER_COMPLETE, "straight to the competition"
    act(state, CAROL, "complete drawn")
    act(state, CAROL, "face-up")
    act(state, ALICE, "face-up")
    act(state, ALICE, "hold")
    act(state, CAROL, "fight")
    assert worth(["A10", "B8", "C8"]) < worth(["A4", "B4", "C4"])
    assert last_count(state)["winner"] == ALICE
    assert state.climate == climate and state.destiny_drawn == drawn
    assert state.is_over and state.winners == (ALICE,)


def test_the_winner_a_success_resumes_play() -> None:
    """If a player defeats the QUiRKS of an upper niche, the game resumes normally (with the
    player to the left of the one who held the three niches)."""
    state = three_upper_niches(carol_plant=("A1", "B1", "C1"))
    carol_challenges(state)
    assert owner(state, "plant") == CAROL
    assert not state.is_over and state.defence == -1
    assert state.current == BOB and state.to_act == (BOB,)
    assert state.stage in (Stage.CLIMATE, Stage.UPPER_OWNED), "Bob draws a destiny marker"


def test_the_winner_the_game_stops_before_the_hand_is_completed() -> None:
    """The Winner: "As soon as a player occupies the three UPPER NICHES ... the game stops": the
    defence begins at the end of the winning action, so Alice defends with the seven cards she
    holds, not the nine she would complete her hand to at the end of her turn; a defence broken
    ends her turn, and only then is her hand completed (RULINGS.md 25)."""
    short = ["A2", "B2", "C2", "A26", "B15", "C15", "C18"]
    state = three_upper_niches(carol_plant=("A1", "B1", "C1"), alice_hand=short)
    assert state.stage is Stage.DEFENCE
    assert sorted(numbers(state.hands[ALICE])) == sorted(short), "no card drawn before the defence"
    carol_challenges(state)
    assert owner(state, "plant") == CAROL and state.current == BOB
    assert len(state.hands[ALICE]) == 9 and set(short) <= set(numbers(state.hands[ALICE]))


def test_the_winner_last_player_left_wins_after_the_defence() -> None:
    """RULINGS 26: a player left alone after eliminations wins, also when the elimination comes
    in the defence of the upper niches (two players: Bob dislodges Alice's third extinction)."""
    state = position(2, upper={"plant": (ALICE, ["A4", "B4", "C4"]), "herbivore": (ALICE, ["A16", "B16", "C16"]),
                               "carnivore": (BOB, ["A25", "B14", "C13"])},
                     lower={"carnivore": (ALICE, ["A32", "B35"]), "plant": (BOB, ["A1", "B1"])},
                     extinct={ALICE: 2}, niche="carnivore", stage=Stage.ACTION, top=["C35", "C1"])
    act(state, ALICE, "compete")
    sealed_two(state, ALICE, BOB)
    act(state, BOB, "discard A25")
    assert state.stage is Stage.DEFENCE and state.to_act == (BOB,) and NICHES[state.niche] == "plant"
    challenges_alice(state, BOB)
    assert state.eliminated[ALICE]
    assert state.is_over and state.winners == (BOB,) and state.to_act == ()


@pytest.mark.parametrize(("bob_extinctions", "winners"), [(0, (ALICE, BOB)), (1, (ALICE,))])
def test_the_winner_turn_limit(bob_extinctions: int, winners: tuple[int, ...]) -> None:
    """RULINGS 27: after ``turn_limit`` turns the players with the most niches (an upper niche
    counts two, a lower one) share the win, fewer extinctions breaking ties."""
    state = position(3, upper={"plant": (ALICE, ["A1", "B1", "C1"])},
                     lower={"herbivore": (BOB, ["A13", "B13"]), "carnivore": (BOB, ["A25", "B14"])},
                     hands={ALICE: ALICE_HAND}, extinct={BOB: bob_extinctions}, destiny=["plant"], turn_limit=4)
    assert state.turns == 3
    act(state, ALICE, "mutate")
    act(state, ALICE, "climate 1")
    act(state, ALICE, "mutate A1 for A2")
    assert state.is_over and state.winners == winners


def test_the_winner_no_turn_limit_plays_on() -> None:
    """RULINGS 27: ``turn_limit=0`` plays as the rulebook does, without the house limit."""
    state = position(3, upper={"plant": (ALICE, ["A1", "B1", "C1"])}, hands={ALICE: ALICE_HAND},
                     destiny=["plant"], turn_limit=0)
    state.turns = 10_000
    act(state, ALICE, "mutate")
    act(state, ALICE, "climate 1")
    act(state, ALICE, "mutate A1 for A2")
    assert not state.is_over and state.turns == 10_001 and state.current == BOB


# ----------------------------------------------------------------------------- Optional Rules
X_SPACES = sorted(COMPONENTS.x_spaces)


@pytest.mark.parametrize(("start", "steps"), [(X_SPACES[0] - 1, 1), (X_SPACES[0] - 1, 2), (X_SPACES[1] - 2, 2)])
def test_optional_random_mutation_on_or_past_an_x(start: int, steps: int) -> None:
    """1. When the climate marker stops on or passes an X, each player discards a card of his
    hand or of one of his QUiRKS and replaces it from its stack: the player to the left of the
    mover first, the mover last."""
    state = position(3, upper={"plant": (CAROL, ["A4", "B4", "C4"])}, hands={BOB: ["A2", "B2", "C2", "A14", "A26",
                     "B15", "B20", "C15", "C18"]}, destiny=["herbivore"], climate=start, top=["A3", "C5"],
                     random_mutation=True)
    act(state, ALICE, f"climate {steps}")
    assert state.stage is Stage.RANDOM_MUTATION and state.to_act == (BOB,)
    assert "replace A2" in legal(state, BOB) and all(a.startswith("replace") for a in legal(state, BOB))
    act(state, BOB, "replace A2")
    assert "A3" in hand_of(state, BOB) and "A2" not in hand_of(state, BOB) and discarded(state, "A2")
    # A log line tells each seat what it sees: the discard, face up; the card drawn into a hand
    # only to its owner.
    assert state.view(ALICE).to_json()["log"][-1]["text"] == (
        "Seat 1 replaces A2 Pine needles from their hand with a card from the PLANT-A stack.")
    assert "A3" not in json.dumps(state.view(ALICE).to_json())
    assert state.view(BOB).to_json()["log"][-1]["text"] == \
        "Seat 1 replaces A2 Pine needles from their hand with A3 Broad leaves."
    assert state.to_act == (CAROL,)
    assert "replace C4" in legal(state, CAROL), "a card of one of his QUiRKS"
    act(state, CAROL, "replace C4")
    assert quirks_cards(state, "plant") == ("A4", "B4", "C5") and discarded(state, "C4")
    assert state.view(BOB).to_json()["log"][-1]["text"] == \
        "Seat 2 replaces C4 Deep taproot from their QUiRKS with C5 Fibrous roots."
    assert state.to_act == (ALICE,) and state.stage is Stage.RANDOM_MUTATION, "the mover draws last"
    act(state, ALICE, sorted(legal(state, ALICE))[0])
    assert state.stage is Stage.ACTION and state.to_act == (ALICE,), "then play resumes normally"


def test_optional_random_mutation_not_without_an_x() -> None:
    start = X_SPACES[0] + 1
    state = position(3, destiny=["herbivore"], climate=start, random_mutation=True)
    act(state, ALICE, "climate 2")
    assert state.stage is Stage.ACTION
    state = position(3, destiny=["herbivore"], climate=X_SPACES[0] - 1)
    act(state, ALICE, "climate 1")
    assert state.stage is Stage.ACTION, "only with the optional rule"


def intelligent_contest(choice: str | None, **options: Any) -> QuirksState:
    """Alice's herbivore with C29 "Intelligence" competes for Carol's lower herbivore; Bob's
    lower plant feeds it (A1 and A13 share a colour)."""
    state = position(3, lower={"herbivore": (CAROL, ["A20", "B14"]), "plant": (BOB, ["A1", "B1"])},
                     hands={ALICE: ["A13", "C29"]}, niche="herbivore", stage=Stage.ACTION, **options)
    act(state, ALICE, "place A13 C29")
    act(state, CAROL, "accept")
    act(state, ALICE, "fight")
    if choice is not None:
        assert state.stage is Stage.INTELLIGENCE and state.to_act == (ALICE,), "only the owner of C29 is asked"
        assert legal(state, ALICE) == {"roll", "table"}
        act(state, ALICE, choice)
    return state


def test_optional_intelligent_race_roll() -> None:
    """2. A QUiRKS with C29 may roll a die for each of its cards, 1 to 6, in place of the value
    on the ADAPTATION POTENTIAL table (RULINGS 24: food-chain points keep the printed values)."""
    assert COMPONENTS.by_number("C29").trait == "Intelligence" and colour("A1") == colour("A13")
    for seed in range(6):
        state = intelligent_contest("roll", intelligent_race=True, seed=seed)
        reveal = last_count(state)
        rolled = reveal["rolled"][str(ALICE)]
        assert len(rolled) == 2 and all(1 <= die <= 6 for die in rolled)
        assert total(reveal, ALICE) == (sum(rolled), value("A1"))
        assert total(reveal, CAROL) == (worth(["A20", "B14"]), 0)


def test_optional_intelligent_race_table() -> None:
    state = intelligent_contest("table", intelligent_race=True)
    reveal = last_count(state)
    assert reveal["rolled"] == {} and total(reveal, ALICE) == (worth(["A13", "C29"]), value("A1"))


def test_optional_intelligent_race_only_with_the_option() -> None:
    state = intelligent_contest(None)
    assert state.stage is not Stage.INTELLIGENCE and state.reveals


def test_optional_advanced_game_free_niche_choice() -> None:
    """3. No destiny markers: on his turn a player chooses the niche he intervenes in."""
    state = position(3, hands={ALICE: ALICE_HAND}, advanced=True)
    assert state.stage is Stage.CHOOSE_NICHE and state.destiny_drawn == []
    assert legal(state, ALICE) == {"niche plant", "niche herbivore", "niche carnivore"}
    act(state, ALICE, "niche carnivore")
    assert state.stage is Stage.CLIMATE and NICHES[state.niche] == "carnivore"
    act(state, ALICE, "climate 2")
    act(state, ALICE, "place A26 C18")
    assert state.stage is Stage.AFTER_WIN, "from the second turn, competitions are unlimited"
    act(state, ALICE, "continue")
    assert state.stage is Stage.CHOOSE_NICHE and state.destiny_drawn == []
    assert state.view(BOB).to_json()["destiny"]["drawn"] == []


def test_optional_advanced_game_one_competition_on_the_first_turn() -> None:
    """3. "during the first turn, players may attempt only one competition": one competition,
    not one action. After winning it the player may go on (to mutate), but not compete again;
    occupying an empty niche "counts as a won competition"."""
    state = position(3, hands={ALICE: ALICE_HAND}, advanced=True, first_turn=True)
    act(state, ALICE, "niche plant")
    act(state, ALICE, "climate 1")
    act(state, ALICE, "place A2 B2")
    assert state.current == ALICE and legal(state, ALICE) == {"continue", "end"}, "the turn goes on"
    act(state, ALICE, "continue")
    elsewhere = state.clone()
    act(elsewhere, ALICE, "niche carnivore")
    act(elsewhere, ALICE, "climate 1")
    assert legal(elsewhere, ALICE) == {"end"}, "no second competition, even for an empty niche"
    reason = elsewhere.why_illegal(ALICE, parse("place A26 C18"))
    assert reason is not None and "only one competition" in reason
    act(state, ALICE, "niche plant")
    act(state, ALICE, "climate 1")
    moves = legal(state, ALICE)
    assert "compete" not in moves and moves and all(m.startswith("mutate") for m in moves)
    act(state, ALICE, sorted(moves)[0])
    assert state.current == BOB, "a mutation ends the turn"
    act(state, BOB, "niche herbivore")
    act(state, BOB, "climate 1")
    assert any(m.startswith("place") for m in legal(state, BOB)), "each player's first turn allows one"


def test_optional_advanced_game_competitions_unlimited_after_the_first_turn() -> None:
    """3. "From the following turn onward, the number of competitions per player per turn is
    again unrestricted." """
    state = position(3, hands={ALICE: ALICE_HAND}, advanced=True)
    act(state, ALICE, "niche plant")
    act(state, ALICE, "climate 1")
    act(state, ALICE, "place A2 B2")
    act(state, ALICE, "continue")
    act(state, ALICE, "niche carnivore")
    act(state, ALICE, "climate 1")
    assert "place A26 C18" in legal(state, ALICE)


# ----------------------------------------------------------------------------- Hidden information
CARD_KEYS = {"number", "trait", "syllable", "part", "stack", "codes"}


def scan(data: Any) -> tuple[set[str], list[dict[str, Any]]]:
    """Every key of a view, and every card it shows (a dict with a card number)."""
    keys: set[str] = set()
    cards: list[dict[str, Any]] = []
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            keys.update(item)
            if "number" in item and "stack" in item:
                cards.append(item)
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return keys, cards


def cards_in(data: Any) -> list[dict[str, Any]]:
    return scan(data)[1]


def test_hidden_information_own_hand_and_own_codes() -> None:
    """Each player hides the climate codes of his QUiRKS with identification markers, and keeps
    his hand secret: a seat sees its own hand and codes, the others' card numbers only."""
    state = position(3, upper={"plant": (ALICE, ["A1", "B1", "C1"]), "herbivore": (BOB, ["A13", "B13", "C13"])},
                     lower={"plant": (CAROL, ["A4", "B4"])}, hands={ALICE: ALICE_HAND})
    view = state.view(ALICE).to_json()
    assert [c["number"] for c in view["hand"]] == numbers(card(c) for c in ALICE_HAND)
    assert all(c["codes"] == COMPONENTS.by_number(c["number"]).code_text() for c in view["hand"])
    plant, herbivore = view["niches"][0], view["niches"][1]
    assert [c["codes"] for c in plant["upper"]["cards"]] == ["O", "O", "O"]
    assert all("codes" not in c for c in herbivore["upper"]["cards"] + plant["lower"]["cards"])
    assert [c["number"] for c in herbivore["upper"]["cards"]] == ["A13", "B13", "C13"]
    assert all("hand" not in p for p in view["players"])
    bob_hand = {CARDS[c].number for c in state.hands[BOB]}
    shown = {c["number"] for c in cards_in(view)}
    assert not bob_hand & shown, "no card of Bob's hand appears in Alice's view"
    spectator = state.view(None).to_json()
    assert "hand" not in spectator and all("codes" not in c for c in cards_in(spectator["niches"]))


@pytest.mark.parametrize("game_id", ["quirks", "quirks-solitaire", "quirkling"])
def test_hidden_information_public_data_holds_no_climate_code(game_id: str) -> None:
    """Components 6: the identification markers are used "to hide the climate codes from the
    other players", so what is served to everyone holds only what is printed face up (number,
    trait, syllable, food-chain symbol); a seat reads its own cards' codes in its view."""
    public = quarkade.load(game_id, players=1 if game_id == "quirks-solitaire" else 2).public_components()
    cards = public["cards.toml"]["card"]
    assert len(cards) == 108 and all("codes" not in face and "values" not in face for face in cards)
    assert {face["number"]: face["food"] for face in cards}["A1"] == COMPONENTS.food_colours[CARDS[card("A1")].food]
    state = position(3, upper={"plant": (ALICE, ["A1", "B1", "C1"])}, hands={ALICE: ALICE_HAND})
    assert [c["codes"] for c in state.view(ALICE).to_json()["niches"][0]["upper"]["cards"]] == ["O", "O", "O"]


def test_hidden_information_no_view_shows_an_adaptation_value() -> None:
    """The ADAPTATION POTENTIAL table is used only in a count: no view of any seat, at any
    moment of a game, holds a card's value."""
    counted = 0
    for seed, (players, options) in enumerate([(2, {}), (3, {"intelligent_race": True}),
                                               (4, {"random_mutation": True}), (3, {"advanced": True})]):
        state = quarkade.load("quirks", players=players, **options).new_game(seed)
        chance = Chance(seed + 100)
        while not state.is_over and len(state.history) < 300:
            for seat in (*range(players), None):
                data = state.view(seat).to_json()
                keys, cards = scan(data)
                assert not keys & {"values", "value", "adaptation"}
                assert all(c.keys() <= CARD_KEYS for c in cards), "a card shows more than its face"
                for reveal in data["reveals"]:
                    assert all(set(t) == {"cards", "food_chain", "total"} for t in reveal["totals"].values())
            seat = state.to_act[chance.below(len(state.to_act))]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[chance.below(len(actions))])
        counted += len(state.reveals)
    assert counted, "some competitions were counted"


def test_hidden_information_a_count_is_public_from_then_on() -> None:
    """What a count reveals (the totals, RULINGS 21) is in every view from then on."""
    state = lower_plant_contest(["A1", "B1"], ["A4", "B4"])
    act(state, CAROL, "accept")
    act(state, ALICE, "fight")
    act(state, ALICE, "end")
    assert state.current == BOB
    for seat in (ALICE, BOB, CAROL, None):
        (reveal,) = state.view(seat).to_json()["reveals"]
        assert reveal["totals"] == {"0": {"cards": worth(["A1", "B1"]), "food_chain": 0, "total": worth(["A1", "B1"])},
                                    "2": {"cards": worth(["A4", "B4"]), "food_chain": 0, "total": worth(["A4", "B4"])}}
        assert reveal["winner"] == ALICE


def test_hidden_information_destiny_markers_drawn_are_public() -> None:
    state = position(3, destiny=["carnivore"])
    for seat in (BOB, CAROL, None):
        view = state.view(seat).to_json()
        assert view["destiny"]["drawn"] == ["carnivore"] and view["niche"] == "carnivore"
        assert any(e["event"] == "destiny" and e["niche"] == "carnivore" for e in view["log"])


# ----------------------------------------------------------------------------- Notation
MALFORMED = (
    "ask ² plant-a", "ask ١ plant-a", "ask 𝟙 plant-a", "ask 99999999999999999999999 plant-a", "ask -1 plant-a",
    "ask 1", "ask", "ask 1 plant-a carnivore-a", "climate ²", "climate ٢", "climate 3", "climate 99999999999999999999",
    "count 1", "count ocean", "count", "count plant plant", "niche ２", "setup ²", "mutate A١٣", "mutate A13 for",
    "mutate for A13", "place a１ b2", "make A99999999999999999999", "give ²", "discard C٣٠", "draw 1", "none 1",
    "complete", "replace", "stop now",
)


@pytest.mark.parametrize("game_id", ["quirks", "quirks-solitaire", "quirkling"])
@pytest.mark.parametrize("text", MALFORMED)
def test_notation_malformed_raises_invalid_notation_only(game_id: str, text: str) -> None:
    """Every illegal input gets a clear reason: numbers and card codes written with other digits
    ("²", "١", "２" pass str.isdigit()) or too large are refused as notation, never as a crash."""
    game = quarkade.load(game_id, players=1 if game_id == "quirks-solitaire" else 2)
    state = game.new_game(0)
    with pytest.raises(InvalidNotation) as refused:
        game.parse_action(state, state.to_act[0], text)
    assert str(refused.value).strip()


@pytest.mark.parametrize("text", ["ask plant-a", "ask 2 animal-c", "count herbivore", "none", "climate 2",
                                  "mutate A13 for A20", "niche carnivore", "setup c"])
def test_notation_round_trip_of_the_new_forms(text: str) -> None:
    assert str(parse(text)) == text and parse(text.upper()) == parse(text)
