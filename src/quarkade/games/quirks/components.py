"""Quirks components, loaded from ``data/cards.toml`` and checked at import.

The rulebook does not print the 108 CHARACTER cards; the data file is house data designed to
fit every constraint the rulebook states, and :func:`validate` checks each one.

>>> COMPONENTS.by_number("C29").trait, COMPONENTS.by_number("C29").code_text()
('Intelligence', 'OFJ')
"""

from __future__ import annotations

import itertools
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Final

from quarkade.core.pickling import picklable

CLIMATES: Final[tuple[str, ...]] = ("ocean", "forest", "plain", "desert", "jungle")
CLIMATE_LETTERS: Final = "OFPDJ"
STACKS: Final[tuple[str, ...]] = ("plant-a", "plant-b", "plant-c", "herbivore-a", "carnivore-a", "animal-b", "animal-c")
PLANT_A, PLANT_B, PLANT_C, HERBIVORE_A, CARNIVORE_A, ANIMAL_B, ANIMAL_C = range(7)
NICHES: Final = ("plant", "herbivore", "carnivore")

# Per stack: its row, the card numbers it holds, the part of the organism it shows.
STACK_ROWS: Final = ("A", "B", "C", "A", "A", "B", "C")
STACK_NUMBERS: Final = ((1, 12), (1, 12), (1, 12), (13, 24), (25, 36), (13, 36), (13, 36))
STACK_PARTS: Final = ("flower", "stem", "root", "head", "head", "body", "tail")
FOOD_STACKS: Final = frozenset({PLANT_A, HERBIVORE_A, CARNIVORE_A, ANIMAL_C})  # the cards with a food-chain symbol
# Per stack: its name as a card shows it ("Plant A"), and the part a child asks for, the two
# heads told apart by their animal.
STACK_LABELS: Final = tuple(name.replace("-", " ").title() for name in STACKS)
_ASKED_PARTS: Final = tuple({HERBIVORE_A: "herbivore head", CARNIVORE_A: "carnivore head"}.get(stack, part)
                            for stack, part in enumerate(STACK_PARTS))


def part_words(stack: int) -> str:
    """A stack's cards as Quirkling asks for them: the part they show, then the stack's name
    (the words of the web's buttons and of the log lines).

    >>> part_words(PLANT_A), part_words(CARNIVORE_A), part_words(ANIMAL_C)
    ('flower (Plant A)', 'carnivore head (Carnivore A)', 'tail (Animal C)')
    """
    return f"{_ASKED_PARTS[stack]} ({STACK_LABELS[stack]})"

# Solitaire Rules, 1. Goal: the total a perfect group must reach, per climate.
SOLITAIRE_TARGETS: Final[tuple[int, ...]] = (35, 40, 35, 30, 40)

# House conventions, stated in the header of data/cards.toml.
MIN_CODED_PER_STACK: Final = 3  # a Quirkling needs 3 cards bearing the current climate's code
MEAN_VALUE_RANGE: Final = (1.9, 2.5)
MAX_CLIMATE_MEAN_SPREAD: Final = 0.45
INTELLIGENCE: Final = "C29"
_SYLLABLE: Final = re.compile(r"[A-Z][a-z]{1,3}")
_VOWELS: Final = frozenset("aeiouy")


class ComponentError(ValueError):
    """The component data breaks a constraint of the rulebook or of the house data."""


def is_printed(number: str, value: int) -> bool:
    """Whether a card shows the code of a climate where it has ``value``: always for 4 and 5,
    never for 0 to 2, and for exactly 3 only on cards with an odd number (the rulebook lets a 3
    go unprinted; this is Quarkade's fixed choice of which).

    >>> is_printed("B5", 3), is_printed("B8", 3), is_printed("B8", 4), is_printed("B5", 2)
    (True, False, True, False)
    """
    return value >= 4 or (value == 3 and int(number[1:]) % 2 == 1)


@dataclass(frozen=True)
class Card:
    index: int  # position in the data file, 0..107
    number: str  # "A1" .. "C36", as printed
    row: str  # "A", "B" or "C"
    stack: int  # index into STACKS
    part: str
    trait: str
    syllable: str
    values: tuple[int, ...]  # adaptation value per climate, in CLIMATES order
    codes: tuple[bool, ...]  # climate code printed, per climate
    food: int  # index of the food-chain symbol's colour, -1 when the card has none

    @property
    def is_intelligence(self) -> bool:
        return self.number == INTELLIGENCE

    def code_text(self) -> str:
        """The printed climate codes, e.g. ``"OJ"``."""
        return "".join(letter for letter, printed in zip(CLIMATE_LETTERS, self.codes, strict=True) if printed)


@dataclass(frozen=True)
class Components:
    cards: tuple[Card, ...]
    climates: tuple[str, ...]
    food_colours: tuple[str, ...]
    zones_per_climate: int
    x_spaces: frozenset[int]  # climate_index * zones_per_climate + zone - 1, for the Random Mutation rule
    destiny: tuple[int, int, int]  # destiny markers of each niche: plant, herbivore, carnivore
    destiny_cycle: int  # markers drawn before all return to the pool
    rules_version: str

    def stack_cards(self, stack: int) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card.stack == stack)

    def by_number(self, number: str) -> Card:
        for card in self.cards:
            if card.number == number:
                return card
        raise KeyError(number)


# ----------------------------------------------------------------------------- loading


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ComponentError(message)


def _stack_index(number: str, stack_name: str) -> int:
    _require(stack_name in STACKS, f"card {number}: unknown stack {stack_name!r} (the stacks are {', '.join(STACKS)})")
    return STACKS.index(stack_name)


def _card(index: int, entry: Mapping[str, Any], climates: Sequence[str], colours: Sequence[str]) -> Card:
    number = str(entry.get("number", f"#{index + 1}"))
    missing = {"number", "stack", "part", "trait", "syllable", "values"} - set(entry)
    _require(not missing, f"card {number}: missing {', '.join(sorted(missing))}")
    _require(re.fullmatch(r"[ABC][1-9][0-9]?", number) is not None, f"card {number}: a number is a row A-C and 1-36")
    stack = _stack_index(number, entry["stack"])
    raw_values = entry["values"]
    _require(isinstance(raw_values, dict) and set(raw_values) == set(climates),
             f"card {number}: values must give exactly the climates {', '.join(climates)}")
    values = tuple(raw_values[climate] for climate in climates)
    _require(all(type(v) is int and 0 <= v <= 5 for v in values),
             f"card {number}: every adaptation value is a whole number from 0 to 5")
    food = -1
    if "food" in entry:
        _require(entry["food"] in colours, f"card {number}: unknown food-chain colour {entry['food']!r}")
        food = list(colours).index(entry["food"])
    return Card(index, number, number[0], stack, entry["part"], entry["trait"], entry["syllable"], values,
                tuple(is_printed(number, v) for v in values), food)


def build_components(raw: Mapping[str, Any]) -> Components:
    """Components from the parsed data file, validated."""
    for key in ("rules_version", "climates", "zones_per_climate", "x_zones", "food_colours", "destiny", "card"):
        _require(key in raw, f"the data file lacks {key!r}")
    climates = tuple(raw["climates"])
    colours = tuple(raw["food_colours"])
    zones = raw["zones_per_climate"]
    _require(type(zones) is int and zones > 0, "zones_per_climate is a positive whole number")
    x_zones: Mapping[str, Any] = raw["x_zones"]
    _require(set(x_zones) == set(climates), "x_zones must list the zones marked X of every climate")
    _validate_x_zones(x_zones, zones)
    x_spaces = frozenset(climates.index(climate) * zones + zone - 1
                         for climate, marked in x_zones.items() for zone in marked)
    destiny = raw["destiny"]
    _require(set(destiny) == {*NICHES, "cycle"}, "destiny gives the markers of each niche and the cycle")
    cards = tuple(_card(i, entry, climates, colours) for i, entry in enumerate(raw["card"]))
    components = Components(
        cards=cards,
        climates=climates,
        food_colours=colours,
        zones_per_climate=zones,
        x_spaces=x_spaces,
        destiny=(destiny["plant"], destiny["herbivore"], destiny["carnivore"]),
        destiny_cycle=destiny["cycle"],
        rules_version=str(raw["rules_version"]),
    )
    validate(components)
    return components


def _validate_x_zones(x_zones: Mapping[str, Any], zones: int) -> None:
    for climate, marked in x_zones.items():
        _require(1 <= len(marked) <= 2 and len(set(marked)) == len(marked),
                 f"x_zones: {climate} has one or two zones marked X, each once")
        _require(all(type(z) is int and 1 <= z <= zones for z in marked),
                 f"x_zones: the zones of {climate} are numbered 1 to {zones}")


# ----------------------------------------------------------------------------- validation


def validate(c: Components) -> None:
    """Every constraint the rulebook states on the components, and the house conventions."""
    _validate_table(c)
    _validate_cards(c)
    _validate_stacks(c)
    _validate_balance(c)


def _validate_table(c: Components) -> None:
    _require(c.climates == CLIMATES, f"the climates are {', '.join(CLIMATES)}, in the order the marker travels")
    _require(c.zones_per_climate == 6, "each climate has six zones (Quirkling, 2. a)")
    _require(len(c.food_colours) == 4 and len(set(c.food_colours)) == 4, "the food-chain symbols come in 4 colours")
    spaces = len(c.climates) * c.zones_per_climate
    _require(all(0 <= s < spaces for s in c.x_spaces), f"the spaces marked X are numbered 0 to {spaces - 1}")
    for climate in range(len(c.climates)):
        marked = [s for s in c.x_spaces if s // c.zones_per_climate == climate]
        _require(1 <= len(marked) <= 2, f"{c.climates[climate]} has one or two zones marked X")
    _require(all(count >= 1 for count in c.destiny), "there are destiny markers of every niche")
    _require(c.destiny_cycle == 5, "all destiny markers return to the pool once 5 have been drawn (Setup 4)")
    _require(c.destiny_cycle <= sum(c.destiny), "there are at least as many destiny markers as are drawn in a cycle")
    _require(bool(c.rules_version), "the data file names its rules version")


def _validate_cards(c: Components) -> None:
    _require(len(c.cards) == 108, f"there are 108 CHARACTER cards, not {len(c.cards)}")
    numbers = [card.number for card in c.cards]
    for number in numbers:
        _require(numbers.count(number) == 1, f"card {number} appears more than once")
    syllables: dict[str, str] = {}
    for card in c.cards:
        n = card.number
        low, high = STACK_NUMBERS[card.stack]
        _require(card.row == STACK_ROWS[card.stack] and low <= int(n[1:]) <= high,
                 f"card {n}: the {STACKS[card.stack]} stack holds {STACK_ROWS[card.stack]}{low}-"
                 f"{STACK_ROWS[card.stack]}{high}")
        _require(card.part == STACK_PARTS[card.stack], f"card {n}: {STACKS[card.stack]} cards show a "
                 f"{STACK_PARTS[card.stack]}, not a {card.part}")
        _require(bool(card.trait.strip()), f"card {n}: every card names its trait")
        _require(card.is_intelligence == (card.trait == "Intelligence"),
                 f"card {n}: the rulebook's card C29 is Intelligence, and it is the only one")
        _require(_SYLLABLE.fullmatch(card.syllable) is not None and bool(_VOWELS & set(card.syllable.lower())),
                 f"card {n}: a syllable is 2 to 4 letters with a vowel, capitalised, not {card.syllable!r}")
        _require(card.row == "A" or card.syllable[0].lower() not in _VOWELS,
                 f"card {n}: B and C syllables begin with a consonant, so that names read well")
        other = syllables.setdefault(card.syllable.lower(), n)
        _require(other == n, f"card {n}: syllable {card.syllable!r} is also on card {other}")
        _require(len(card.values) == len(c.climates) and all(0 <= v <= 5 for v in card.values),
                 f"card {n}: every card has a value from 0 to 5 in each climate")
        _require(card.codes == tuple(is_printed(n, v) for v in card.values),
                 f"card {n}: codes are printed for 4 and 5, and for 3 on odd-numbered cards only")
        _require(any(card.codes), f"card {n}: every card bears at least one climate code")
        adapted = sum(v >= 3 for v in card.values)
        _require(1 <= adapted <= 3, f"card {n}: a specialist is worth 3 or more in 1 to 3 climates, not {adapted}")
        _require(min(card.values) <= 1, f"card {n}: a specialist is worth 0 or 1 in at least one climate")
        has_symbol = card.stack in FOOD_STACKS
        _require((card.food >= 0) == has_symbol, f"card {n}: food-chain symbols are on PLANT A, HERBIVORE A, "
                 "CARNIVORE A and ANIMAL C cards, and on no other")
        _require(card.food < len(c.food_colours), f"card {n}: unknown food-chain colour")


def _validate_stacks(c: Components) -> None:
    for stack, name in enumerate(STACKS):
        cards = c.stack_cards(stack)
        low, high = STACK_NUMBERS[stack]
        _require(len(cards) == high - low + 1, f"the {name} stack has {high - low + 1} cards, not {len(cards)}")
        for climate, climate_name in enumerate(c.climates):
            coded = sum(card.codes[climate] for card in cards)
            _require(coded >= MIN_CODED_PER_STACK, f"the {name} stack has {coded} cards bearing the {climate_name} "
                     f"code; a Quirkling needs at least {MIN_CODED_PER_STACK}")
        if stack in FOOD_STACKS:
            share = len(cards) // len(c.food_colours)
            for colour, colour_name in enumerate(c.food_colours):
                count = sum(card.food == colour for card in cards)
                _require(count == share, f"the {name} stack has {count} {colour_name} symbols; the colours are "
                         f"spread evenly, {share} each")


def _validate_balance(c: Components) -> None:
    values = [v for card in c.cards for v in card.values]
    mean = sum(values) / len(values)
    low, high = MEAN_VALUE_RANGE
    _require(low <= mean <= high, f"a card is worth {mean:.2f} on average, outside {low}-{high}")
    means = [sum(card.values[k] for card in c.cards) / len(c.cards) for k in range(len(c.climates))]
    spread = max(means) - min(means)
    _require(spread <= MAX_CLIMATE_MEAN_SPREAD, f"the climates' mean values differ by {spread:.2f}, "
             f"more than {MAX_CLIMATE_MEAN_SPREAD}")
    for climate, target in enumerate(SOLITAIRE_TARGETS):
        best, _ = _best_group(c, climate)
        _require(best >= target, f"no solitaire group reaches {target} in the {c.climates[climate]} (best {best})")


# ----------------------------------------------------------------------------- the solitaire group


def solitaire_total(climate: int, group: Sequence[Card]) -> int:
    """The value of a group of three QUiRKS in ``climate``, food-chain points included. ``group``
    is the plant's A, B, C, the herbivore's A, B, C and the carnivore's A, B, C cards."""
    plant_a, _, _, herbivore_a, _, herbivore_c, carnivore_a, _, _ = group
    total = sum(card.values[climate] for card in group)
    if herbivore_a.food == plant_a.food:  # the herbivore eats the plant
        total += plant_a.values[climate] - herbivore_a.values[climate]
    if carnivore_a.food == herbivore_c.food:  # the carnivore eats the herbivore
        total += herbivore_c.values[climate] - carnivore_a.values[climate]
    return total


def _ranked(cards: Iterable[Card], climate: int) -> list[Card]:
    return sorted(cards, key=lambda card: (-card.values[climate], card.index))


def _candidates(cards: Iterable[Card], climate: int) -> list[Card]:
    """The best card of each symbol colour. Only a card's value and colour count in a group,
    and a card's value never counts against it (a herbivore's or carnivore's A card that eats
    is simply not counted), so the best card of a colour is never worse than another of it."""
    best: dict[int, Card] = {}
    for card in _ranked(cards, climate):
        best.setdefault(card.food, card)
    return list(best.values())


def _best_group(c: Components, climate: int) -> tuple[int, tuple[Card, ...]]:
    def best(stack: int, count: int = 1) -> list[Card]:
        return _ranked(c.stack_cards(stack), climate)[:count]

    plant_b, plant_c = best(PLANT_B)[0], best(PLANT_C)[0]
    herbivore_b, carnivore_b = best(ANIMAL_B, 2)  # bodies carry no symbol: the two best
    tails = _ranked(c.stack_cards(ANIMAL_C), climate)
    top: tuple[int, tuple[Card, ...]] = (-1, ())
    for plant_a, herbivore_a, carnivore_a, herbivore_c in itertools.product(
        _candidates(c.stack_cards(PLANT_A), climate),
        _candidates(c.stack_cards(HERBIVORE_A), climate),
        _candidates(c.stack_cards(CARNIVORE_A), climate),
        _candidates(tails, climate),
    ):
        carnivore_c = next(t for t in tails if t is not herbivore_c)  # the carnivore's tail is eaten by no one
        group = (plant_a, plant_b, plant_c, herbivore_a, herbivore_b, herbivore_c, carnivore_a, carnivore_b,
                 carnivore_c)
        total = solitaire_total(climate, group)
        if total > top[0]:
            top = (total, group)
    return top


def best_group(climate: int) -> tuple[int, tuple[Card, ...]]:
    """The best solitaire total reachable in ``climate`` (index into CLIMATES), food-chain points
    included, and the nine cards that reach it: the plant's A, B, C, the herbivore's A, B, C and
    the carnivore's A, B, C."""
    return _best_group(COMPONENTS, climate)


@dataclass(frozen=True, slots=True)
class AdaptationTable:
    """Every card's adaptation value in each climate and the climate codes it prints, by card
    index. A game holds the true table (:data:`PRINTED`); a state sampled for a seat holds one
    drawn to fit what that seat can read, since no player ever sees the true values."""

    values: tuple[tuple[int, ...], ...]
    codes: tuple[tuple[bool, ...], ...]
    # The niches as each reader sees them, made by the views of the states holding this table
    # (a drawn table serves a determinization's playouts, some sixty views): see ``views``.
    seen: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def code_text(self, card: int) -> str:
        """The codes card ``card`` prints, e.g. ``"OJ"``."""
        codes = self.codes[card]
        text = _CODE_TEXTS.get(codes)
        if text is None:
            text = _CODE_TEXTS[codes] = "".join(letter for letter, printed in zip(CLIMATE_LETTERS, codes, strict=True)
                                                if printed)
        return text


# The text of each pattern of printed codes: views show the codes of many cards of tables drawn
# for bots, and there are few patterns.
_CODE_TEXTS: Final[dict[tuple[bool, ...], str]] = {}


def load_components() -> Components:
    text = resources.files("quarkade.games.quirks").joinpath("data/cards.toml").read_text("utf-8")
    return build_components(tomllib.loads(text))


COMPONENTS: Final = load_components()
PRINTED: Final = AdaptationTable(tuple(card.values for card in COMPONENTS.cards),
                                 tuple(card.codes for card in COMPONENTS.cards))


def printed_faces() -> dict[str, Any]:
    """What is printed face up for everyone, for faces to draw the cards and the board: number,
    stack, part, trait, name syllable and the food-chain colour. Never the values (they are on
    the adaptation table, which only a competition consults) and never the climate codes: the
    identification markers hide them from the other players, so a seat reads the codes of its
    own cards in its view only."""
    c = COMPONENTS
    return {
        "climates": list(c.climates),
        "zones_per_climate": c.zones_per_climate,
        "x_spaces": sorted(c.x_spaces),
        "food_colours": list(c.food_colours),
        "destiny": dict(zip(NICHES, c.destiny, strict=True)),
        "card": [
            {"number": card.number, "stack": STACKS[card.stack], "part": card.part, "trait": card.trait,
             "syllable": card.syllable,
             "food": c.food_colours[card.food] if card.food >= 0 else None}
            for card in c.cards
        ],
    }


# Compiled, these are pickled and copied as their constructor's arguments (core/pickling.py).
picklable(Card, Components, AdaptationTable)
