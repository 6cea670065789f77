"""The Quirks component data: every constraint of the rulebook ("Components", "Solitaire Rules",
"QUIRKLING") and of the house conventions stated in data/cards.toml."""

from __future__ import annotations

import copy
import itertools
import tomllib
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

import quarkade.games.quirks.components as components_module
from conftest import run_doctests
from quarkade.core import Chance
from quarkade.games.quirks.components import (
    ANIMAL_B,
    ANIMAL_C,
    CARNIVORE_A,
    CLIMATES,
    COMPONENTS,
    HERBIVORE_A,
    NICHES,
    PLANT_A,
    PLANT_B,
    PLANT_C,
    SOLITAIRE_TARGETS,
    STACKS,
    Card,
    ComponentError,
    best_group,
    build_components,
    solitaire_total,
)

OCEAN, FOREST, PLAIN, DESERT, JUNGLE = range(5)
CARDS = COMPONENTS.cards


def card(number: str) -> Card:
    return COMPONENTS.by_number(number)


def trait(name: str) -> Card:
    (found,) = [c for c in CARDS if c.trait == name]
    return found


def raw_data() -> dict[str, Any]:
    text = resources.files("quarkade.games.quirks").joinpath("data/cards.toml").read_text("utf-8")
    return tomllib.loads(text)


# ----------------------------------------------------------------------------- Components: the cards


def test_public_names() -> None:
    assert CLIMATES == COMPONENTS.climates == ("ocean", "forest", "plain", "desert", "jungle")
    assert STACKS == ("plant-a", "plant-b", "plant-c", "herbivore-a", "carnivore-a", "animal-b", "animal-c")
    assert NICHES == ("plant", "herbivore", "carnivore")
    assert COMPONENTS.food_colours == ("red", "green", "blue", "yellow")
    assert COMPONENTS.rules_version == "2"


def test_108_character_cards_indexed_in_file_order() -> None:
    assert len(CARDS) == 108
    assert [c.index for c in CARDS] == list(range(108))
    assert len({c.number for c in CARDS}) == 108


@pytest.mark.parametrize(("stack", "row", "first", "last", "part"), [
    (PLANT_A, "A", 1, 12, "flower"),  # the rulebook's "A3 to A12" is a misprint: twelve cards
    (PLANT_B, "B", 1, 12, "stem"),
    (PLANT_C, "C", 1, 12, "root"),
    (HERBIVORE_A, "A", 13, 24, "head"),
    (CARNIVORE_A, "A", 25, 36, "head"),
    (ANIMAL_B, "B", 13, 36, "body"),
    (ANIMAL_C, "C", 13, 36, "tail"),
], ids=STACKS)
def test_stack_sizes_and_numbers(stack: int, row: str, first: int, last: int, part: str) -> None:
    cards = COMPONENTS.stack_cards(stack)
    assert sorted(int(c.number[1:]) for c in cards) == list(range(first, last + 1))
    assert all(c.row == row and c.part == part and c.stack == stack for c in cards)


def test_c29_is_intelligence() -> None:
    assert card("C29").trait == "Intelligence"
    assert [c.number for c in CARDS if c.is_intelligence] == ["C29"]
    assert card("C29").stack == ANIMAL_C


def test_values_from_0_to_5_in_each_climate() -> None:
    assert all(len(c.values) == 5 and all(0 <= v <= 5 for v in c.values) for c in CARDS)


def test_every_card_is_a_specialist() -> None:
    for c in CARDS:
        assert 1 <= sum(v >= 3 for v in c.values) <= 3, c.number
        assert min(c.values) <= 1, c.number


# ----------------------------------------------------------------------------- Components: climate codes


def test_code_of_a_3_prints_on_odd_numbers_only() -> None:
    assert card("B5").values[DESERT] == 3 and card("B5").codes[DESERT]  # odd number: printed
    assert card("B8").values[DESERT] == 3 and not card("B8").codes[DESERT]  # even number: not printed
    assert card("C29").values[OCEAN] == 3 and card("C29").code_text() == "OFJ"


def test_codes_of_4_and_5_always_print_and_of_0_to_2_never() -> None:
    assert card("A12").values[DESERT] == 4 and card("A12").codes[DESERT]  # even number, still printed
    assert card("A1").values == (4, 2, 0, 0, 0) and card("A1").code_text() == "O"
    for c in CARDS:
        for value, printed in zip(c.values, c.codes, strict=True):
            if value >= 4:
                assert printed, c.number
            if value <= 2:
                assert not printed, c.number


def test_codes_agree_with_the_rulebook() -> None:
    # "When a climate code is shown on a card, the card has an adaptation value of 3 or more in
    # that climate ... When a climate code is not shown, the card has an adaptation value of 3 or less."
    for c in CARDS:
        for value, printed in zip(c.values, c.codes, strict=True):
            assert value >= 3 if printed else value <= 3


def test_code_text_lists_printed_codes_in_table_order() -> None:
    for c in CARDS:
        assert c.code_text() == "".join(letter for letter, v in zip("OFPDJ", c.codes, strict=True) if v)
        assert c.code_text(), f"{c.number} bears no climate code"


@pytest.mark.parametrize("stack", range(len(STACKS)), ids=STACKS)
def test_every_stack_bears_each_climate_code_three_times(stack: int) -> None:
    """QUIRKLING 3. c): a QUIRKLING's three cards must bear the code of the current climate."""
    for climate in range(5):
        assert sum(c.codes[climate] for c in COMPONENTS.stack_cards(stack)) >= 3, CLIMATES[climate]


# ----------------------------------------------------------------------------- Food Chain Points


def test_food_symbols_only_on_a_cards_of_niches_and_on_animal_c() -> None:
    with_symbol = {PLANT_A, HERBIVORE_A, CARNIVORE_A, ANIMAL_C}
    for c in CARDS:
        assert (c.food >= 0) == (c.stack in with_symbol), c.number


@pytest.mark.parametrize(("stack", "each"), [(PLANT_A, 3), (HERBIVORE_A, 3), (CARNIVORE_A, 3), (ANIMAL_C, 6)],
                         ids=["plant-a", "herbivore-a", "carnivore-a", "animal-c"])
def test_food_colours_are_spread_evenly(stack: int, each: int) -> None:
    cards = COMPONENTS.stack_cards(stack)
    assert [sum(c.food == colour for c in cards) for colour in range(4)] == [each] * 4


# ----------------------------------------------------------------------------- balance


def test_mean_card_value() -> None:
    values = [v for c in CARDS for v in c.values]
    assert components_module.MEAN_VALUE_RANGE[0] <= sum(values) / len(values) <= components_module.MEAN_VALUE_RANGE[1]


def test_climates_are_equally_rich() -> None:
    means = [sum(c.values[k] for c in CARDS) / len(CARDS) for k in range(5)]
    assert max(means) - min(means) <= components_module.MAX_CLIMATE_MEAN_SPREAD
    # The solitaire targets are highest in the forest and jungle, lowest in the desert.
    assert min(means[FOREST], means[JUNGLE]) > means[DESERT]


@pytest.mark.parametrize("climate", range(5), ids=CLIMATES)
def test_best_solitaire_group_beats_the_target(climate: int) -> None:
    """Solitaire Rules, 1. Goal: reachable in every climate, but hard: the best possible group
    clears the target by 1 to 15 points (a sensible bot wins about 44% of games)."""
    total, group = best_group(climate)
    assert 1 <= total - SOLITAIRE_TARGETS[climate] <= 15
    assert total == solitaire_total(climate, group) <= 45


@pytest.mark.parametrize("climate", range(5), ids=CLIMATES)
def test_best_group_is_a_legal_group(climate: int) -> None:
    _, group = best_group(climate)
    stacks = (PLANT_A, PLANT_B, PLANT_C, HERBIVORE_A, ANIMAL_B, ANIMAL_C, CARNIVORE_A, ANIMAL_B, ANIMAL_C)
    assert tuple(c.stack for c in group) == stacks
    assert len({c.index for c in group}) == 9


@pytest.mark.parametrize("climate", range(5), ids=CLIMATES)
def test_best_group_is_the_best(climate: int) -> None:
    """Every choice of the four cards bearing a food-chain symbol in a group; the other five
    cards (plant B and C, the two bodies, the carnivore's tail) simply take the best left."""
    def ranked(stack: int) -> list[Card]:
        return sorted(COMPONENTS.stack_cards(stack), key=lambda c: -c.values[climate])

    plant_b, plant_c = ranked(PLANT_B)[0], ranked(PLANT_C)[0]
    body_1, body_2 = ranked(ANIMAL_B)[:2]
    tails = ranked(ANIMAL_C)
    best = max(
        solitaire_total(climate, (pa, plant_b, plant_c, ha, body_1, hc, ca, body_2,
                                  next(t for t in tails if t is not hc)))
        for pa, ha, ca, hc in itertools.product(ranked(PLANT_A), ranked(HERBIVORE_A), ranked(CARNIVORE_A), tails)
    )
    assert best_group(climate)[0] == best


@pytest.mark.parametrize("climate", range(5), ids=CLIMATES)
def test_a_random_group_is_far_below_the_target(climate: int) -> None:
    chance = Chance(climate)

    def pick(stack: int) -> Card:
        return chance.choice(COMPONENTS.stack_cards(stack))

    def pick_two(stack: int) -> tuple[Card, Card]:
        cards = COMPONENTS.stack_cards(stack)
        first, second = chance.below(len(cards)), chance.below(len(cards) - 1)
        return cards[first], cards[second + (second >= first)]

    totals = []
    for _ in range(400):
        (herbivore_b, carnivore_b), (herbivore_c, carnivore_c) = pick_two(ANIMAL_B), pick_two(ANIMAL_C)
        group = (pick(PLANT_A), pick(PLANT_B), pick(PLANT_C), pick(HERBIVORE_A), herbivore_b, herbivore_c,
                 pick(CARNIVORE_A), carnivore_b, carnivore_c)
        totals.append(solitaire_total(climate, group))
    assert sum(totals) / len(totals) <= SOLITAIRE_TARGETS[climate] - 8


def test_food_chain_in_a_solitaire_total() -> None:
    """Food Chain Points: an eating herbivore adds the plant's A card and the plant loses the
    herbivore's A card; an eating carnivore adds the herbivore's C card, which loses the
    carnivore's A card."""
    plant = (card("A1"), card("B1"), card("C1"))  # Kelp fronds: blue symbol
    herbivore = (card("A13"), card("B13"), card("C13"))  # Manatee muzzle eats blue; Tail flukes: blue
    carnivore = (card("A32"), card("B14"), card("C35"))  # Echolocation melon eats blue
    group = plant + herbivore + carnivore
    forest_sum = sum(c.values[FOREST] for c in group)
    # Forest: kelp 2 eaten by manatee 1 (+2 -1); flukes 1 eaten by melon 0 (+1 -0).
    assert solitaire_total(FOREST, group) == forest_sum + (2 - 1) + (1 - 0)
    shark = plant + herbivore + (card("A25"),) + carnivore[1:]  # Shark jaws eat red: the flukes are safe
    assert solitaire_total(FOREST, shark) == sum(c.values[FOREST] for c in shark) + (2 - 1)

# ----------------------------------------------------------------------------- common sense


def test_gills_breathe_in_water() -> None:
    gills = trait("Gills")
    assert gills.values[OCEAN] >= 4 and gills.values[DESERT] <= 1


def test_camel_hump_stores_for_the_desert() -> None:
    hump = trait("Camel hump")
    assert hump.values[DESERT] == 4 and hump.values[OCEAN] <= 1 and hump.values[JUNGLE] <= 1


def test_thick_fur_keeps_out_the_cold() -> None:
    fur = trait("Thick fur")
    assert fur.values[FOREST] >= 4 and fur.values[PLAIN] >= 4
    assert fur.values[JUNGLE] <= 1 and fur.values[DESERT] <= 1


def test_cactus_stem_and_kelp_fronds() -> None:
    cactus, kelp = trait("Cactus stem"), trait("Kelp fronds")
    assert cactus.values[DESERT] == 4 and max(cactus.values[FOREST], cactus.values[JUNGLE]) <= 1
    assert kelp.values[OCEAN] == 4 and kelp.values[DESERT] == 0


def test_liana_and_broad_leaves_climb_in_the_jungle() -> None:
    for name in ("Liana", "Broad leaves"):
        assert trait(name).values[JUNGLE] == 5 and trait(name).values[DESERT] <= 1, name


def test_scales_and_fins_of_the_sea() -> None:
    for name in ("Fish scales", "Shark tail", "Tail flukes"):
        assert trait(name).values[OCEAN] >= 4 and trait(name).values[DESERT] <= 1, name


# ----------------------------------------------------------------------------- names and the Climate Table


def test_syllables_are_distinct_and_pronounceable() -> None:
    syllables = [c.syllable for c in CARDS]
    assert len({s.lower() for s in syllables}) == 108
    assert all(2 <= len(s) <= 4 and s.isalpha() and set(s.lower()) & set("aeiouy") for s in syllables)


def test_an_organism_is_named_by_its_syllables() -> None:
    name = "".join(c.syllable for c in (card("A1"), card("B1"), card("C1"))).capitalize()
    assert name == "Kelfulam"


def test_spaces_marked_x() -> None:
    """Optional Rules, 1. Random Mutation: one or two X zones in each climate, spread out."""
    spaces = sorted(COMPONENTS.x_spaces)
    assert spaces == [3, 8, 13, 18, 23, 28]
    for climate in range(5):
        assert 1 <= sum(s // COMPONENTS.zones_per_climate == climate for s in spaces) <= 2
    gaps = [(b - a) % 30 for a, b in itertools.pairwise(spaces + spaces[:1])]
    assert max(gaps) <= 6


def test_destiny_markers() -> None:
    """Setup 4: once 5 destiny markers have been drawn, they all return to the pool."""
    assert COMPONENTS.destiny == (4, 4, 4)
    assert COMPONENTS.destiny_cycle == 5
    assert COMPONENTS.zones_per_climate == 6


# ----------------------------------------------------------------------------- validation


def _entry(raw: dict[str, Any], number: str) -> dict[str, Any]:
    (entry,) = [e for e in raw["card"] if e["number"] == number]
    return entry


def test_the_data_file_builds_the_same_components() -> None:
    assert build_components(raw_data()) == COMPONENTS


@pytest.mark.parametrize(("break_it", "message"), [
    (lambda raw: _entry(raw, "C29").update(trait="Big brain"), "C29"),
    (lambda raw: _entry(raw, "A7")["values"].update(ocean=6), "card A7"),
    (lambda raw: _entry(raw, "B3").update(syllable="Kel"), "card B3"),
    (lambda raw: _entry(raw, "B3").update(syllable="Ox"), "card B3"),
    (lambda raw: _entry(raw, "B20").update(food="red"), "card B20"),
    (lambda raw: _entry(raw, "A13").update(food="green"), "herbivore-a"),
    (lambda raw: _entry(raw, "C18").update(values={c: 3 for c in CLIMATES}), "card C18"),
    (lambda raw: _entry(raw, "A25").update(stack="herbivore-a"), "card A25"),
    (lambda raw: _entry(raw, "B27").update(part="tail"), "card B27"),
    (lambda raw: _entry(raw, "B22")["values"].update(ocean=2, plain=3), "card B22: every card bears"),
    (lambda raw: raw["card"].pop(), "108"),
    (lambda raw: raw["x_zones"].update(plain=[]), "plain"),
    (lambda raw: raw["destiny"].update(cycle=4), "5"),
    (lambda raw: _entry(raw, "C5")["values"].update(desert=2), "plant-c stack has 2 cards bearing the desert"),
])
def test_broken_data_is_refused_with_a_reason(break_it: Callable[[dict[str, Any]], object], message: str) -> None:
    raw = copy.deepcopy(raw_data())
    break_it(raw)
    with pytest.raises(ComponentError, match=message):
        build_components(raw)


def test_doctests() -> None:
    result = run_doctests(components_module)
    assert result.attempted > 0 and result.failed == 0
