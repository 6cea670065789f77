"""Cosmic Encounter components: the challenge decks, the Quarks Phase Diagram and the
edicts, loaded from ``data/`` and checked at import.

Cards are numbered within the deck a game uses; equal faces are interchangeable. A face is a
short word: ``a8`` (Attack 8), ``c`` (Compromise), ``u10`` / ``d12`` / ``s7`` (an Up, Down or
Strange Quark with printed number 10, 12, 7) and an edict's name (``zap``, ``mobius``, ...).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from importlib import resources
from operator import itemgetter
from typing import Any, Final

from mypy_extensions import mypyc_attr

from quarkade.core.pickling import picklable

PLANETS: Final = 5  # planets in a home system
TOKENS_PER_PLANET: Final = 4
HAND_SIZE: Final = 7
MAX_LAUNCH: Final = 4  # tokens in the cone, and an ally's commitment
WIN_BASES: Final = 5  # foreign bases that win
DEAL_LOSS: Final = 3  # tokens each side loses when a deal fails
DEAL_CARDS: Final = 2  # house: the most cards a deal moves each way (RULINGS.md 15)
DESTINY_PER_COLOUR: Final = 3  # house: the destiny pile holds three cards of each player's colour
DECK_NAMES: Final = ("eon", "eon-expansions", "mayfair-more")
FLAVOURS: Final = ("up", "down", "strange")


class Kind(Enum):
    ATTACK = "attack"
    COMPROMISE = "compromise"
    QUARK = "quark"
    EDICT = "edict"
    FLARE = "flare"


class Edict(Enum):
    """The edicts (house wording of the classic ones; see RULEBOOK.txt)."""

    ZAP = "zap"  # Cosmic Zap: cancel one player's power for the rest of the challenge
    MOBIUS = "mobius"  # Mobius Tubes: every token in the warp returns to its owner's bases
    FORCE_FIELD = "forcefield"  # Force Field: every ally goes home
    FINDER = "finder"  # Finder: name a player and an Attack value, take such a card
    PLAGUE = "plague"  # Plague: a player loses three tokens to the warp and one card
    QUAKE = "quake"  # Cosmic Quake: every hand is discarded and seven are dealt again


# The edicts' names as the rulebook writes them, for the lines people read.
EDICT_WORDS = {Edict.ZAP: "Cosmic Zap", Edict.MOBIUS: "Mobius Tubes", Edict.FORCE_FIELD: "Force Field",
               Edict.FINDER: "Finder", Edict.PLAGUE: "Plague", Edict.QUAKE: "Cosmic Quake"}
EDICT_COUNTS = {Edict.ZAP: 2, Edict.MOBIUS: 1, Edict.FORCE_FIELD: 1, Edict.FINDER: 2,
                Edict.PLAGUE: 1, Edict.QUAKE: 1}


@dataclass(frozen=True, slots=True)
class Card:
    kind: Kind
    value: int = 0  # an Attack's value or a Quark's printed number
    flavour: int = -1  # a Quark's flavour (index into FLAVOURS)
    edict: Edict | None = None
    flare: str = ""  # a flare's power name
    # Worked out once: legal actions read them for every card in a hand.
    face: str = field(init=False, compare=False)
    words: str = field(init=False, compare=False)  # the card in words, for the lines people read
    is_challenge: bool = field(init=False, compare=False)
    is_attack: bool = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "face", self._face())
        object.__setattr__(self, "words", self._words())
        object.__setattr__(self, "is_challenge", self.kind is not Kind.EDICT and self.kind is not Kind.FLARE)
        object.__setattr__(self, "is_attack", self.kind is Kind.ATTACK or self.kind is Kind.QUARK)

    def _face(self) -> str:
        if self.kind is Kind.ATTACK:
            return f"a{self.value}"
        if self.kind is Kind.COMPROMISE:
            return "c"
        if self.kind is Kind.QUARK:
            return f"{FLAVOURS[self.flavour][0]}{self.value}"
        if self.kind is Kind.FLARE:
            return f"flare-{self.flare}"
        assert self.edict is not None
        return self.edict.value

    def _words(self) -> str:
        """``Attack 8``, ``Compromise``, ``Up Quark 10`` (its printed number), ``Force Field
        edict``, ``Macron flare``."""
        if self.kind is Kind.ATTACK:
            return f"Attack {self.value}"
        if self.kind is Kind.COMPROMISE:
            return "Compromise"
        if self.kind is Kind.QUARK:
            return f"{FLAVOURS[self.flavour].capitalize()} Quark {self.value}"
        if self.kind is Kind.FLARE:
            return f"{self.flare.capitalize()} flare"
        assert self.edict is not None
        return f"{EDICT_WORDS[self.edict]} edict"


# A subclass of a built-in type: a Python class where this module is compiled (docs/compiled.md).
@mypyc_attr(native_class=False)
class ComponentError(ValueError):
    """The component data breaks a constraint of the rules."""


def _data(name: str) -> dict[str, Any]:
    folder = resources.files("quarkade.games.cosmic_encounter").joinpath("data")
    return tomllib.loads(folder.joinpath(name).read_text("utf-8"))


DECKS: dict[str, Any] = _data("decks.toml")
SQUARES: tuple[tuple[int, int, int], ...] = tuple(
    (square.get("up", 0), square.get("down", 0), square.get("strange", 0))
    for square in _data("phase_diagram.toml")["squares"]
)


def validate() -> None:
    """Every constraint the Quarks text puts on the decks and the diagram."""
    if set(DECKS) != set(DECK_NAMES):
        raise ComponentError(f"the decks are {DECK_NAMES}, not {sorted(DECKS)}")
    sizes = {"eon": 6, "eon-expansions": 8, "mayfair-more": 13}
    previous: dict[int, int] = {}
    for name in DECK_NAMES:
        deck = DECKS[name]
        quark_set = {int(v): c for v, c in deck["quark_set"].items()}
        if sum(quark_set.values()) != sizes[name]:
            raise ComponentError(f"the {name} Quark set has {sizes[name]} cards")
        if any(quark_set.get(v, 0) < c for v, c in previous.items()):
            raise ComponentError(f"the {name} Quark set holds all of the previous version's set")
        previous = quark_set
        attacks = {int(v): c for v, c in deck["attacks"].items()}
        for value, count in quark_set.items():
            if attacks.get(value, 0) < 3 * count:
                raise ComponentError(f"the {name} deck lacks three sets' Attack {value} cards")
        if not 3 <= sum(attacks.values()) / deck["compromises"] <= 5:
            raise ComponentError(f"the {name} deck has about one Compromise for four Attacks")
    if len(SQUARES) != 12:
        raise ComponentError("the Phase Diagram has twelve squares")


validate()


@cache
def deck_cards(deck: str, quarks: bool, edicts: bool, flares: tuple[str, ...] = ()) -> tuple[Card, ...]:
    """Every card of a game's deck, in a fixed order (the game shuffles it). With Quarks,
    three sets of Attack cards are taken out and marked Up, Down and Strange; ``flares`` are
    the powers whose flare is shuffled in (one each)."""
    data = DECKS[deck]
    attacks = {int(v): c for v, c in data["attacks"].items()}
    cards: list[Card] = []
    if quarks:
        for flavour in range(3):
            for value, count in sorted((int(v), c) for v, c in data["quark_set"].items()):
                attacks[value] -= count
                cards.extend(Card(Kind.QUARK, value, flavour) for _ in range(count))
    for value in sorted(attacks):
        cards.extend(Card(Kind.ATTACK, value) for _ in range(attacks[value]))
    cards.extend(Card(Kind.COMPROMISE) for _ in range(data["compromises"]))
    if edicts:
        for edict, count in EDICT_COUNTS.items():
            cards.extend(Card(Kind.EDICT, edict=edict) for _ in range(count))
    cards.extend(Card(Kind.FLARE, flare=name) for name in flares)
    return tuple(cards)


def quark_value(card: Card, square: int) -> int:
    """A Quark's attack value in a square of the Phase Diagram (0-11): its printed number
    adjusted by its flavour, before any other effect.

    >>> quark_value(Card(Kind.QUARK, 11, 2), 0)  # a Strange 11 in the first square
    15
    """
    return card.value + SQUARES[square][card.flavour]


def attack_value(card: Card, square: int) -> int:
    """The value an Attack card or a Quark has now."""
    return quark_value(card, square) if card.kind is Kind.QUARK else card.value


def card_item(card: Card) -> str:
    """A challenge card as a balance report names it, its printed number first and padded, so
    that the cards of one number sort together (an Attack beside the Quarks of its number):
    ``08 Attack``, ``10 Up Quark``, ``Compromise``."""
    if card.kind is Kind.QUARK:
        return f"{card.value:02d} {FLAVOURS[card.flavour].capitalize()} Quark"
    if card.kind is Kind.ATTACK:
        return f"{card.value:02d} Attack"
    return str(card.kind.value).capitalize()


def alien_words(name: str) -> str:
    """An alien's name as its sheet prints it: ``Anti-Matter``, ``Macron``."""
    return "-".join(part.capitalize() for part in name.split("-"))


def played_item(kind: str, name: str) -> str:
    """An edict or flare played, as a balance report names it: ``Cosmic Zap edict``,
    ``Anti-Matter flare``."""
    if kind == "edict":
        return f"{EDICT_WORDS[Edict(name)]} edict"
    return f"{alien_words(name)} flare"


def face_info(card: Card, square: int) -> dict[str, Any]:
    """A card as views show it: its face, kind, and for a Quark its flavour and value now."""
    info: dict[str, Any] = {"card": card.face, "kind": card.kind.value}
    if card.is_attack:
        info["value"] = attack_value(card, square)
    if card.kind is Kind.QUARK:
        info["flavour"], info["printed"] = FLAVOURS[card.flavour], card.value
    return info


def foreign_bases(tokens: list[list[int]], seat: int) -> int:
    """The planets outside the seat's home system holding its tokens, from the board's rows
    (the state's, or a view's ``planets`` tokens: the same count either way)."""
    home = seat * PLANETS
    column = list(map(itemgetter(seat), tokens))  # the seat's tokens on each planet
    return len(column) - column.count(0) - (PLANETS - column[home:home + PLANETS].count(0))


def planet_place(planet: int | str) -> tuple[int, int]:
    """A planet's home system (its seat) and its number there, counted from 1 as players count,
    by its place on the board (``8``) or its id in views and notation (``"1.3"``).

    >>> planet_place(8), planet_place("1.3"), planet_place("0.0")
    ((1, 4), (1, 4), (0, 1))
    """
    if isinstance(planet, str):
        system_word, _, number_word = planet.partition(".")
        return int(system_word), int(number_word) + 1
    system, number = divmod(planet, PLANETS)
    return system, number + 1


def planet_words(planet: int | str, viewer: int | None = None) -> str:
    """A planet as players call it: the seat whose home system holds it and its number there
    (``"seat 1's planet 4"``), or ``"your planet 4"`` to that seat (``viewer``). Views and
    notation keep the planet's id, ``system.planet`` from 0 (``"1.3"``: the protocol); every
    word shown to a player (the log, the terminal, the web page) names it so.

    >>> planet_words(8), planet_words("1.3", viewer=1), planet_words(8, viewer=0)
    ("seat 1's planet 4", 'your planet 4', "seat 1's planet 4")
    """
    system, number = planet_place(planet)
    owner = "your" if system == viewer else f"seat {system}'s"
    return f"{owner} planet {number}"


def fullest_sources(tokens: list[list[int]], seat: int, count: int, exclude: int) -> tuple[int, ...]:
    """The tokens a player nearly always takes: one at a time from its base holding the most
    (ties: the lowest planet), so no base is emptied while another has tokens to spare."""
    left = [row[seat] if planet != exclude else 0 for planet, row in enumerate(tokens)]
    taken = []
    for _ in range(count):
        most = max(left)
        if most <= 0:
            break
        planet = left.index(most)
        left[planet] -= 1
        taken.append(planet)
    return tuple(sorted(taken))


picklable(Card)
