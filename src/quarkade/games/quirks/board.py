"""The vocabulary of a Quirks table, shared by its rules modules: the stacks of each niche's
positions, the slots of the niches, the stages of play and a competition under way.

Niches are numbered plant 0, herbivore 1, carnivore 2; a slot is ``niche * 2 + level`` with
level 0 the upper niche (three cards) and 1 the lower niche (two cards). The climate marker
is a space 0-29: climate ``space // 6``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final

from quarkade.core.flow import Sealed
from quarkade.core.pickling import picklable
from quarkade.games.quirks.components import COMPONENTS

CARDS: Final = COMPONENTS.cards
SPACES: Final = len(COMPONENTS.climates) * COMPONENTS.zones_per_climate
UPPER: Final = 0
LOWER: Final = 1
PLANT_A, PLANT_B, PLANT_C, HERBIVORE_A, CARNIVORE_A, ANIMAL_B, ANIMAL_C = range(7)
# The stack of each position (A, B, C) of each niche.
NICHE_STACKS: Final = ((PLANT_A, PLANT_B, PLANT_C), (HERBIVORE_A, ANIMAL_B, ANIMAL_C),
                       (CARNIVORE_A, ANIMAL_B, ANIMAL_C))
ROWS: Final = "ABC"
# A hand at the end of a turn: a complete plant, herbivore and carnivore.
HAND_TARGET: Final = (1, 1, 1, 1, 1, 2, 2)
EXTINCTIONS_TO_LOSE: Final = 3
# Setup: the niches created, in order, by the players in turn from the first.
SETUP_ORDER: Final = ((0, UPPER), (1, UPPER), (2, UPPER), (2, LOWER), (1, LOWER), (0, LOWER))
SETUP_ORDER_THREE: Final = ((0, UPPER), (1, UPPER), (2, UPPER), (2, LOWER), (0, LOWER), (1, LOWER))
DEFAULT_TURN_LIMIT: Final = 400
# The cards of each stack, in the order of the card list (a game shuffles copies of these).
STACK_CARDS: Final = tuple(tuple(card.index for card in CARDS if card.stack == stack) for stack in range(7))


class Stage(IntEnum):
    SETUP = 0
    CHOOSE_NICHE = 1
    UPPER_OWNED = 2
    CLIMATE = 3
    RANDOM_MUTATION = 4
    ACTION = 5
    LOWER_DEFENCE = 6
    LOWER_ATTACK = 7
    INTELLIGENCE = 8
    UPPER_COMPLETE = 9
    UPPER_SEALED = 10
    DEMOTE = 11
    CONCEDE_DEFENDER = 12
    CONCEDE_CHALLENGER = 13
    AFTER_WIN = 14
    SURPLUS = 15
    DEFENCE = 16
    OVER = 17


# Each stage under a plain name too: Python 3.11 reads an Enum's member off its class through
# the enum metaclass's __getattr__ hook, several times slower than a global, and the flow of a
# turn compares stages at every step of a playout.
SETUP = Stage.SETUP
CHOOSE_NICHE = Stage.CHOOSE_NICHE
UPPER_OWNED = Stage.UPPER_OWNED
CLIMATE = Stage.CLIMATE
RANDOM_MUTATION = Stage.RANDOM_MUTATION
ACTION = Stage.ACTION
LOWER_DEFENCE = Stage.LOWER_DEFENCE
LOWER_ATTACK = Stage.LOWER_ATTACK
INTELLIGENCE = Stage.INTELLIGENCE
UPPER_COMPLETE = Stage.UPPER_COMPLETE
UPPER_SEALED = Stage.UPPER_SEALED
DEMOTE = Stage.DEMOTE
CONCEDE_DEFENDER = Stage.CONCEDE_DEFENDER
CONCEDE_CHALLENGER = Stage.CONCEDE_CHALLENGER
AFTER_WIN = Stage.AFTER_WIN
SURPLUS = Stage.SURPLUS
DEFENCE = Stage.DEFENCE
OVER = Stage.OVER


def slot_of(niche: int, level: int) -> int:
    return niche * 2 + level


def stack_for(niche: int, row: str) -> int:
    return NICHE_STACKS[niche][ROWS.index(row)]


@dataclass
class Contest:
    """A competition under way."""

    kind: str  # "lower", "upper" or "move-up"
    niche: int
    attacker: int
    defender: int  # -1 when nobody defends (move-up)
    attacker_cards: tuple[int, ...]
    public_attacker: tuple[int, ...]  # what the others see of the attacker's QUiRKS
    public_defender: tuple[int, ...]  # what the others see of the defender's QUiRKS
    drawn: int = -1  # the challenger's drawn third card
    sealed: Sealed[str] | None = None
    defender_mutated: bool = False
    faces: dict[int, bool] = field(default_factory=dict)  # seat -> face up, once revealed
    rolls: dict[int, tuple[int, ...] | None] = field(default_factory=dict)
    asked: list[int] = field(default_factory=list)  # seats still to answer the Intelligence choice
    demoting: int = -1
    in_defence: bool = False
    # The stack the defender drew from when it mutated by discarding during the sealed step.
    defender_drew: int = -1

    def clone(self) -> Contest:
        return Contest(self.kind, self.niche, self.attacker, self.defender, self.attacker_cards,
                       self.public_attacker, self.public_defender, self.drawn,
                       self.sealed.clone() if self.sealed is not None else None, self.defender_mutated,
                       dict(self.faces), dict(self.rolls), list(self.asked), self.demoting, self.in_defence,
                       self.defender_drew)


# Compiled, a contest is pickled and copied as its constructor's arguments (core/pickling.py).
picklable(Contest)
