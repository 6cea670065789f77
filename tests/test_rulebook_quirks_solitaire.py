"""The Quirks solitaire game ("Solitaire Rules"), named by its section, as Quarkade rules it in
RULINGS.md (30-32). Totals are worked out here from the cards' printed values and the food
chain as the rulebook states it, never read back from the engine.
"""

from __future__ import annotations

from collections import Counter

import pytest

import quarkade
from quarkade.games.quirks.components import CLIMATES, COMPONENTS, NICHES, SOLITAIRE_TARGETS, STACKS, best_group
from quarkade.games.quirks.rules import HAND_TARGET
from quarkade.games.quirks.solitaire import SolitaireState, Stage
from quirks_positions import act, card, legal, numbers, solitaire_position, space

CARDS = COMPONENTS.cards
ME = 0
OCEAN = 0


def value(number: str, climate: int = OCEAN) -> int:
    return COMPONENTS.by_number(number).values[climate]


def eats(eater: str, eaten: str) -> bool:
    return COMPONENTS.by_number(eater).food == COMPONENTS.by_number(eaten).food


def group_value(plant: list[str], herbivore: list[str], carnivore: list[str], climate: int) -> list[tuple[int, int]]:
    """(card values, food-chain points) of the plant, herbivore and carnivore, by "Food Chain
    Points": the plant loses the herbivore's A value if eaten, the herbivore gains the plant's A
    value and loses the carnivore's A value, the carnivore gains the herbivore's C value."""
    plant_eaten = eats(herbivore[0], plant[0])
    herbivore_eaten = eats(carnivore[0], herbivore[2])
    return [
        (sum(value(c, climate) for c in plant), -value(herbivore[0], climate) if plant_eaten else 0),
        (sum(value(c, climate) for c in herbivore),
         (value(plant[0], climate) if plant_eaten else 0) - (value(carnivore[0], climate) if herbivore_eaten else 0)),
        (sum(value(c, climate) for c in carnivore), value(herbivore[2], climate) if herbivore_eaten else 0),
    ]


def census(state: SolitaireState) -> Counter[int]:
    """Every card the state holds: stacks, discards (out of play), hand, QUiRKS, extinct branches."""
    cards: Counter[int] = Counter()
    for deck in state.stacks:
        cards.update(deck.cards)
        cards.update(deck.discards)
    cards.update(state.hand)
    for quirks in (*state.quirks, *state.extinct):
        cards.update(quirks)
    return cards


def group_worth(climate: int, target: int) -> list[str]:
    """Nine cards (plant, herbivore, carnivore, A-B-C each) worth exactly ``target`` in
    ``climate``: the best group, with cards that feed no food chain (B cards, the plant's C,
    the carnivore's C) swapped for weaker ones until the total comes down."""
    best, cards = best_group(climate)
    group = [c.number for c in cards]
    excess = best - target
    assert excess >= 0
    used = set(group)
    for position in (1, 2, 4, 7, 8):
        stack = CARDS[card(group[position])].stack
        current = value(group[position], climate)
        for wanted in range(max(current - excess, 0), current + 1):
            choices = sorted(c.number for c in COMPONENTS.stack_cards(stack)
                             if c.values[climate] == wanted and c.number not in used)
            if choices:
                used.discard(group[position])
                group[position] = choices[0]
                used.add(choices[0])
                excess -= current - wanted
                break
        if excess == 0:
            break
    assert excess == 0
    return group


# ----------------------------------------------------------------------------- 1. Goal
@pytest.mark.parametrize("climate", CLIMATES)
@pytest.mark.parametrize("short", [0, 1])
def test_goal_threshold_of_the_climate(climate: str, short: int) -> None:
    """A perfect group reaches at least OCEAN 35, FOREST 40, PLAIN 35, DESERT 30, JUNGLE 40,
    food chain included: exactly the target wins, one point less loses."""
    k = CLIMATES.index(climate)
    target = {"ocean": 35, "forest": 40, "plain": 35, "desert": 30, "jungle": 40}[climate]
    assert SOLITAIRE_TARGETS[k] == target
    group = group_worth(k, target - short)
    plant, herbivore, carnivore = group[0:3], group[3:6], group[6:9]
    assert sum(b + f for b, f in group_value(plant, herbivore, carnivore, k)) == target - short
    state = solitaire_position(quirks={"plant": plant, "herbivore": herbivore, "carnivore": carnivore},
                               climate=climate, zone=4)
    for niche in NICHES:
        act(state, ME, f"count {niche}")
    assert state.is_over and state.won == (short == 0)
    assert state.winners == ((ME,) if short == 0 else ())
    view = state.view(ME).to_json()
    assert view["thresholds"][climate] == target
    assert sum(entry["total"] for entry in view["counted"]) == target - short


def test_goal_counting_with_the_food_chain() -> None:
    """f) The QUiRKS are counted one after the other, each with its food-chain points."""
    plant, herbivore, carnivore = ["A1", "B1", "C1"], ["A13", "B13", "C13"], ["A32", "B14", "C28"]
    assert eats("A13", "A1") and eats("A32", "C13"), "a food chain of three"
    expected = group_value(plant, herbivore, carnivore, OCEAN)
    assert expected == [(12, -4), (12, 4 - 4), (12, 4)]
    state = solitaire_position(quirks={"plant": plant, "herbivore": herbivore, "carnivore": carnivore})
    act(state, ME, "count plant")
    assert state.stage is Stage.COUNTING and legal(state, ME) == {"count herbivore", "count carnivore", "stop"}
    act(state, ME, "count herbivore")
    counted = state.view(ME).to_json()["counted"]
    assert [(e["niche"], e["cards"], e["food_chain"]) for e in counted] == [
        ("plant", *expected[0]), ("herbivore", *expected[1])]
    act(state, ME, "count carnivore")
    assert state.is_over and state.won == (sum(b + f for b, f in expected) >= 35)


def test_goal_counting_in_the_order_the_player_chooses() -> None:
    """g) "after counting the value of one or two of your QUiRKS, you decide to stop": the
    player chooses which QUiRKS to count (tip 8: "provoke the extinction of a particular poorly
    adapted QUiRKS"), and only those counted become extinct."""
    plant, herbivore, carnivore = ["A1", "B1", "C1"], ["A13", "B13", "C13"], ["A32", "B14", "C28"]
    state = solitaire_position(quirks={"plant": plant, "herbivore": herbivore, "carnivore": carnivore},
                               top=["A33", "B16", "C29"])
    assert {"count plant", "count herbivore", "count carnivore"} <= legal(state, ME)
    act(state, ME, "count carnivore")
    assert legal(state, ME) == {"count plant", "count herbivore", "stop"}
    assert state.view(ME).to_json()["counted"] == [
        {"niche": "carnivore", "cards": 12, "food_chain": 4, "total": 16}]
    act(state, ME, "stop")
    assert state.extinct == [tuple(card(c) for c in carnivore)]
    assert [CARDS[c].number for c in state.quirks[2]] == ["A33", "B16", "C29"], "replaced from the stacks"
    assert [CARDS[c].number for c in state.quirks[0]] == plant
    assert [CARDS[c].number for c in state.quirks[1]] == herbivore


# ----------------------------------------------------------------------------- 2. Play
def test_play_setup() -> None:
    """a) Three complete QUiRKS in the upper niches; b) a hand of 9 cards."""
    state = quarkade.load("quirks-solitaire").new_game(5)
    assert isinstance(state, SolitaireState)
    assert [[CARDS[c].stack for c in q] for q in state.quirks] == [[0, 1, 2], [3, 5, 6], [4, 5, 6]]
    counts = Counter(CARDS[c].stack for c in state.hand)
    assert [counts[s] for s in range(len(STACKS))] == list(HAND_TARGET)
    assert state.to_act == (ME,) and legal(state, ME) == {"continue", "count plant", "count herbivore",
                                                          "count carnivore"}


@pytest.mark.parametrize("seat", [1, -1, 2])
def test_play_only_the_player_reads_the_hand(seat: int) -> None:
    """b) The hand is the player's: a view asked for a seat this 1-player game does not have is
    refused, rather than showing the hand and the codes."""
    state = quarkade.load("quirks-solitaire").new_game(5)
    with pytest.raises(IndexError):
        state.view(seat)
    assert "hand" in state.view(ME).to_json() and "hand" not in state.view(None).to_json()


def test_play_an_action() -> None:
    """c) Draw a destiny marker; e) change one card of that niche's QUiRKS: exchange it with a
    hand card, or discard it and draw; d) "Move the climate marker one or two zones after each
    action"."""
    state = solitaire_position(quirks={"herbivore": ["A13", "B13", "C13"]},
                               hand=["A2", "B2", "C2", "A14", "A26", "B15", "B32", "C15", "C18"],
                               destiny=["herbivore", "herbivore"], top=["B27"], climate="jungle", zone=6)
    act(state, ME, "continue")
    assert state.stage is Stage.ACTION and NICHES[state.niche] == "herbivore"
    assert state.climate == space("jungle", 6), "the marker has not moved before the action"
    assert {a for a in legal(state, ME) if not a.startswith("count")} == {
        "mutate A13", "mutate B13", "mutate C13", "mutate A13 for A14", "mutate B13 for B15", "mutate B13 for B32",
        "mutate C13 for C15", "mutate C13 for C18"}
    act(state, ME, "mutate B13")
    assert [CARDS[c].number for c in state.quirks[1]] == ["A13", "B27", "C13"]
    assert card("B13") in state.stacks[STACKS.index("animal-b")].discards
    assert state.stage is Stage.CLIMATE and state.actions == 1, "the climate marker moves after the action"
    assert {a for a in legal(state, ME) if not a.startswith("count")} == {"climate 1", "climate 2"}
    act(state, ME, "climate 2")
    assert state.climate == 1, "after the jungle, back to the ocean"
    assert state.stage is Stage.START
    act(state, ME, "continue")
    act(state, ME, "mutate C13 for C18")
    assert [CARDS[c].number for c in state.quirks[1]] == ["A13", "B27", "C18"]
    assert "C13" in numbers(state.hand) and "C18" not in numbers(state.hand)
    act(state, ME, "climate 1")
    assert state.climate == 2 and state.actions == 2


def test_play_count_at_any_time() -> None:
    """f) "At any time, you may consult the ADAPTATION POTENTIAL table": before drawing a
    marker, after it, and after the action before the marker moves; stopping resumes play
    where it was."""
    state = solitaire_position(quirks={"plant": ["A1", "B1", "C1"]}, destiny=["herbivore"], top=["A2", "B2", "C2"])
    act(state, ME, "continue")
    assert "count plant" in legal(state, ME)
    mutation = sorted(a for a in legal(state, ME) if a.startswith("mutate"))[0]
    act(state, ME, mutation)
    assert state.stage is Stage.CLIMATE and "count plant" in legal(state, ME)
    act(state, ME, "count plant")
    assert state.view(ME).to_json()["resume"] == "climate"
    act(state, ME, "stop")
    assert state.stage is Stage.CLIMATE and state.extinctions == 1, "the marker still moves after the action"
    assert [CARDS[c].number for c in state.quirks[0]] == ["A2", "B2", "C2"]
    act(state, ME, "climate 1")
    assert state.stage is Stage.START


def test_play_discarded_cards_are_no_longer_in_play() -> None:
    """e) Discarded cards are no longer in play: a stack is never rebuilt from its discards."""
    state = solitaire_position(quirks={"plant": ["A1", "B1", "C1"]}, destiny=["plant"], last_card=["plant-b"])
    assert state.stacks[STACKS.index("plant-b")].discards, "there are discarded PLANT B cards"
    act(state, ME, "continue")
    act(state, ME, "mutate B1")
    assert not state.stacks[STACKS.index("plant-b")].cards, "the discards did not refill the stack"


def test_play_a_stack_running_out_loses_at_once() -> None:
    """g) "If a CHARACTER card stack runs out, you lose the game": drawing its last card loses,
    without waiting for a draw that finds none."""
    state = solitaire_position(quirks={"plant": ["A1", "B1", "C1"]}, destiny=["plant"], last_card=["plant-b"])
    act(state, ME, "continue")
    act(state, ME, "mutate B1")
    assert state.is_over and not state.won and state.to_act == ()
    assert "plant-b" in state.view(ME).to_json()["result"]


@pytest.mark.parametrize("counted", [1, 2])
def test_play_stop_after_one_or_two_counted(counted: int) -> None:
    """g) Stopping after counting one or two QUiRKS makes them extinct branches, replaced by
    new QUiRKS drawn from the stacks."""
    state = solitaire_position(quirks={"plant": ["A1", "B1", "C1"], "herbivore": ["A13", "B13", "C13"]},
                               top=["A2", "B2", "C2", "A14", "B15", "C15"])
    for niche in NICHES[:counted]:
        act(state, ME, f"count {niche}")
    act(state, ME, "stop")
    assert state.extinctions == counted and not state.is_over
    assert [CARDS[c].number for c in state.quirks[0]] == ["A2", "B2", "C2"]
    if counted == 2:
        assert [CARDS[c].number for c in state.quirks[1]] == ["A14", "B15", "C15"]
    else:
        assert [CARDS[c].number for c in state.quirks[1]] == ["A13", "B13", "C13"]
    assert state.stage is Stage.START and state.view(ME).to_json()["extinctions"] == counted


def test_play_stop_extinct_quirks_placed_face_down() -> None:
    """g) The extinct QUiRKS are placed in front of you face down: out of play, but their cards
    stay in the game (all 108 are somewhere)."""
    state = solitaire_position(quirks={"plant": ["A1", "B1", "C1"]})
    assert census(state) == Counter(range(108))
    act(state, ME, "count plant")
    act(state, ME, "stop")
    assert all(card(c) not in state.hand and card(c) not in state.quirks[0] for c in ["A1", "B1", "C1"])
    assert state.extinct == [(card("A1"), card("B1"), card("C1"))]
    assert state.view(ME).to_json()["extinct"] == [["A1", "B1", "C1"]]
    assert census(state) == Counter(range(108)), "no card is lost or made"


@pytest.mark.parametrize(("before", "counted"), [(2, 1), (1, 2)])
def test_play_three_extinctions_lose(before: int, counted: int) -> None:
    """g) With three cumulative extinctions, you lose the game."""
    state = solitaire_position(extinctions=before)
    for niche in NICHES[:counted]:
        act(state, ME, f"count {niche}")
    act(state, ME, "stop")
    assert state.extinctions == 3 and state.is_over and not state.won and state.to_act == ()
    assert "three extinctions" in state.view(ME).to_json()["result"]


def test_play_third_extinct_branch_leaves_the_table() -> None:
    """g) The extinct QUiRKS are placed in front of you face down: the third one too, though
    the game is lost; it is no longer one of the QUiRKS on the table."""
    state = solitaire_position(quirks={"plant": ["A1", "B1", "C1"]}, extinctions=2)
    act(state, ME, "count plant")
    act(state, ME, "stop")
    assert state.is_over and state.extinct[-1] == (card("A1"), card("B1"), card("C1"))
    doubled = census(state) - Counter(range(108))
    assert not doubled, f"{numbers(doubled)} are both an extinct branch and a QUiRKS on the table"


def test_play_no_card_drawn_after_a_stack_runs_out() -> None:
    """g), ruling 30: taking the last card of a stack loses at once: replacing an extinct plant
    whose PLANT B card is the stack's last, the PLANT C card is not drawn."""
    state = solitaire_position(quirks={"plant": ["A1", "B1", "C1"]}, last_card=["plant-b"], top=["A2"])
    plant_c = len(state.stacks[STACKS.index("plant-c")].cards)
    act(state, ME, "count plant")
    act(state, ME, "stop")
    assert state.is_over and not state.won
    assert [CARDS[c].stack for c in state.quirks[0]] == [STACKS.index("plant-a"), STACKS.index("plant-b")]
    assert len(state.stacks[STACKS.index("plant-c")].cards) == plant_c


def test_play_the_loss_is_logged_after_the_mutation() -> None:
    """The log tells the action that took a stack's last card, then the loss it brings."""
    state = solitaire_position(quirks={"plant": ["A1", "B1", "C1"]}, destiny=["plant"], last_card=["plant-b"])
    act(state, ME, "continue")
    act(state, ME, "mutate B1")
    assert [line["event"] for line in state.view(ME).to_json()["log"][-2:]] == ["mutate-draw", "over"]


def test_play_stack_running_out_while_replacing_loses() -> None:
    """g) "You replace the extinct QUiRKS by drawing CHARACTER cards according to the usual
    principle. If a CHARACTER card stack runs out, you lose the game"; the QUiRKS on the table
    are still real cards."""
    state = solitaire_position(quirks={"plant": ["A1", "B1", "C1"]}, last_card=["plant-b"])
    act(state, ME, "count plant")
    act(state, ME, "stop")
    assert state.is_over and not state.won
    assert "plant-b" in state.view(ME).to_json()["result"]
    shown = state.view(ME).to_json()["quirks"][0]["cards"]
    assert all(c["stack"].startswith("plant") for c in shown), (
        f"the plant shows {[c['number'] for c in shown]}: a card that is not there")
    assert all(0 <= c < len(CARDS) for q in state.quirks for c in q)


def test_optional_random_mutation_in_solitaire() -> None:
    """OPTIONAL RULE: when the climate marker passes or stops on an X, discard a card of one of
    your QUiRKS and replace it from the corresponding stack."""
    x = min(COMPONENTS.x_spaces)
    state = solitaire_position(quirks={"carnivore": ["A32", "B14", "C28"]}, destiny=["plant"], climate=x - 1,
                               top=["C35"], random_mutation=True)
    act(state, ME, "continue")
    act(state, ME, sorted(a for a in legal(state, ME) if a.startswith("mutate") and " for " in a)[0])
    act(state, ME, "climate 2")
    assert state.stage is Stage.RANDOM_MUTATION
    assert {a for a in legal(state, ME) if not a.startswith("count")} == {
        f"replace {CARDS[c].number}" for q in state.quirks for c in q}, "not the hand"
    act(state, ME, "replace C28")
    assert [CARDS[c].number for c in state.quirks[2]] == ["A32", "B14", "C35"]
    assert card("C28") in state.stacks[STACKS.index("animal-c")].discards
    assert state.stage is Stage.START
    plain = solitaire_position(destiny=["plant"], climate=x - 1)
    act(plain, ME, "continue")
    act(plain, ME, sorted(a for a in legal(plain, ME) if a.startswith("mutate") and " for " in a)[0])
    act(plain, ME, "climate 1")
    assert plain.stage is Stage.START, "only with the optional rule"


def test_no_action_limit_plays_on() -> None:
    """RULINGS 32: ``action_limit=0`` plays as the rulebook does, without the house limit."""
    state = quarkade.load("quirks-solitaire", action_limit=0).new_game(3)
    state.actions = 10_000
    while state.actions == 10_000:
        moves = [a for a in state.legal_actions(0) if not str(a).startswith(("count", "stop"))]
        state.apply(0, moves[0])
    assert state.actions == 10_001 and not state.is_over
