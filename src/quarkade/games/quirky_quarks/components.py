"""Quirky Quarks components, loaded from ``data/cards.toml`` and checked at import."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import IntEnum
from importlib import resources
from typing import Any, Final

from quarkade.core.pickling import picklable

PLAYER_COUNTS: Final = (2, 3, 4)
DECK_NAMES: Final = ("particle", "quest-i", "quest-ii")
PARTICLE_DECK: Final = 0
QUEST_I_DECK: Final = 1
QUEST_II_DECK: Final = 2
ROUNDS: Final = 5  # the Round tracker on the research board


class Phase(IntEnum):
    """The Phase tracker on the research board (F, R, E, D, Q), and the end of the game."""

    FUNDING = 0
    RESEARCH = 1
    EJECTION = 2
    DISCOVERY = 3
    QUEST = 4
    OVER = 5


# The phases as plain names: reading a member off an enum class is slow in Python 3.11, and
# the flow, the legal actions and the views test the phase at every step.
FUNDING, RESEARCH, EJECTION, DISCOVERY, QUEST, OVER = tuple(Phase)


class ComponentError(ValueError):
    """The component data breaks a constraint of the rulebook."""


@dataclass(frozen=True)
class Power:
    phase: str  # F, R, E, D, Q, "now" (when completed) or "end" (final scoring)
    kind: str
    text: str
    amount: int = 0
    particle: int = -1  # the particle a discount ignores


@dataclass(frozen=True)
class Card:
    """A kind of card. Cards of one kind are identical in play, so zones hold kinds."""

    kind: int
    id: str
    name: str
    symbol: str
    count: int
    fact: str
    deck: int  # PARTICLE_DECK, QUEST_I_DECK or QUEST_II_DECK
    points: int = 0
    cost_particles: tuple[int, ...] = ()  # kinds paid from the hand, sorted
    cost_table: tuple[int, ...] = ()  # completed Quests (Protons, Neutrons) paid from the table
    power: Power | None = None
    antimatter: bool = False

    @property
    def is_quest(self) -> bool:
        return self.deck != PARTICLE_DECK


@dataclass(frozen=True)
class Accelerator:
    index: int
    id: str
    name: str
    particles: dict[int, int]  # player count -> Elementary Particle cards dealt


@dataclass(frozen=True)
class Components:
    cards: tuple[Card, ...]
    accelerators: tuple[Accelerator, ...]
    rules_version: str

    @property
    def particles(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if not c.is_quest)

    @property
    def quests(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.is_quest)

    def by_id(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def accelerators_for(self, players: int) -> tuple[Accelerator, ...]:
        return tuple(a for a in self.accelerators if players in a.particles)


def _build(raw: dict[str, Any]) -> Components:
    cards: list[Card] = []
    ids: dict[str, int] = {}
    for entry in raw["particle"]:
        kind = len(cards)
        ids[entry["id"]] = kind
        cards.append(Card(kind, entry["id"], entry["name"], entry["symbol"], entry["count"], entry["fact"],
                          PARTICLE_DECK, antimatter=entry.get("antimatter", False)))
    quest_entries = raw["quest"]
    for entry in quest_entries:
        ids[entry["id"]] = len(ids)
    for entry in quest_entries:
        kind = ids[entry["id"]]
        try:
            cost = [ids[c] for c in entry["cost"]]
        except KeyError as missing:
            raise ComponentError(f"quest {entry['id']} costs an unknown card {missing}") from None
        power = None
        if "power" in entry:
            p = entry["power"]
            particle = ids[p["particle"]] if "particle" in p else -1
            power = Power(p["phase"], p["kind"], p["text"], p.get("amount", 0), particle)
        deck = {"I": QUEST_I_DECK, "II": QUEST_II_DECK}[entry["deck"]]
        cards.append(Card(
            kind, entry["id"], entry["name"], entry["symbol"], entry["count"], entry["fact"], deck,
            points=entry["points"],
            cost_particles=tuple(sorted(k for k in cost if k < len(raw["particle"]))),
            cost_table=tuple(sorted(k for k in cost if k >= len(raw["particle"]))),
            power=power,
        ))
    accelerators = tuple(
        Accelerator(i, a["id"], a["name"], {int(n): c for n, c in a["particles"].items()})
        for i, a in enumerate(raw["accelerator"])
    )
    components = Components(tuple(cards), accelerators, raw["rules_version"])
    validate(components)
    return components


def validate(c: Components) -> None:
    """Every constraint the rulebook states on the components."""

    def total(deck: int) -> int:
        return sum(card.count for card in c.cards if card.deck == deck)

    for deck, expected in ((PARTICLE_DECK, 77), (QUEST_I_DECK, 24), (QUEST_II_DECK, 19)):
        if total(deck) != expected:
            raise ComponentError(f"the {DECK_NAMES[deck]} deck has {total(deck)} cards, the rulebook says {expected}")
    by_id = {card.id: card for card in c.cards}
    for name in ("neutron", "proton", "neutronium", "gluonium", "wigner-crystal", "positronium",
                 "up-annihilation", "down-annihilation", "e-annihilation", "pion-zero", "pion-plus",
                 "pion-minus", "neutrino", "up", "down", "gluon", "electron", "photon"):
        if name not in by_id:
            raise ComponentError(f"the rulebook names {name}, which the data lacks")
    up, down, gluon, electron = (by_id[n].kind for n in ("up", "down", "gluon", "electron"))
    neutron, proton = by_id["neutron"], by_id["proton"]
    if neutron.cost_particles != tuple(sorted((up, down, down, gluon))) or neutron.points != 14:
        raise ComponentError("the Neutron costs an Up Quark, 2 Down Quarks and a Gluon, for 14 points")
    if proton.cost_particles != tuple(sorted((up, up, down, gluon))) or proton.points != 12:
        raise ComponentError("the Proton is two up quarks and a down quark with a gluon, for 12 points")
    neutronium = by_id["neutronium"]
    if (neutronium.cost_table != (neutron.kind, neutron.kind) or neutronium.cost_particles != (gluon,)
            or neutronium.points != 30 or neutronium.power is None or neutronium.power.amount != 2):
        raise ComponentError("Neutronium costs 2 Neutrons and a Gluon: 30 points and 2 per other Quest")
    expected_points = {"gluonium": 2, "pion-minus": 3, "e-annihilation": 0}
    for name, points in expected_points.items():
        if by_id[name].points != points:
            raise ComponentError(f"{name} is worth {points} points in the rulebook's example")
    powers = {"gluonium": ("Q", "discount"), "wigner-crystal": ("Q", "discount"),
              "positronium": ("E", "eject_fewer"), "up-annihilation": ("F", "funding_ev"),
              "down-annihilation": ("E", "eject_ev"), "pion-zero": ("F", "funding_draw"),
              "pion-plus": ("E", "eject_draw_before"), "pion-minus": ("E", "eject_draw_after")}
    for name, (phase, kind) in powers.items():
        power = by_id[name].power
        if power is None or (power.phase, power.kind) != (phase, kind):
            raise ComponentError(f"{name} has the {kind} power in phase {phase}, as the rulebook says")
    if by_id["gluonium"].power.particle != gluon:  # type: ignore[union-attr]
        raise ComponentError("Gluonium's discount is a Gluon")
    for card in c.cards:
        if card.is_quest:
            if by_id["neutrino"].kind in card.cost_particles:
                raise ComponentError(f"{card.id}: Neutrinos are used by no Quest")
            if any(k not in (proton.kind, neutron.kind) for k in card.cost_table):
                raise ComponentError(f"{card.id}: only Protons and Neutrons are paid from the table")
            if not card.cost_particles and not card.cost_table:
                raise ComponentError(f"{card.id} has no cost")
    slac = next(a for a in c.accelerators if a.id == "slac")
    if slac.particles != {2: 1, 3: 2, 4: 2}:
        raise ComponentError("SLAC deals one particle with two players, two with three or four")
    kekb = next(a for a in c.accelerators if a.id == "kekb")
    if set(kekb.particles) != {4}:
        raise ComponentError("SuperKEKB is used only in four-player games")
    for players in PLAYER_COUNTS:
        used = len(c.accelerators_for(players))
        if not players + 1 <= used <= players + 2:
            raise ComponentError(f"with {players} players one or two accelerators must stay unclaimed")


def raw_data() -> dict[str, Any]:
    """The data file as parsed TOML."""
    text = resources.files("quarkade.games.quirky_quarks").joinpath("data/cards.toml").read_text("utf-8")
    return tomllib.loads(text)


def load_components() -> Components:
    return _build(raw_data())


COMPONENTS: Final = load_components()


# Compiled, these are pickled and copied as their constructor's arguments (core/pickling.py).
picklable(Power, Card, Accelerator, Components)
