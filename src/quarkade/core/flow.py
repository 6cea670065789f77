"""Flow helpers shared by the games: seat order, decks, sealed simultaneous choices."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

from quarkade.core.chance import Chance

T = TypeVar("T")


def clockwise(start: int, players: int) -> Iterator[int]:
    """Seats in clockwise order, beginning with ``start``.

    >>> list(clockwise(2, 4))
    [2, 3, 0, 1]
    """
    for offset in range(players):
        yield (start + offset) % players


def distance_clockwise(start: int, seat: int, players: int) -> int:
    """How many steps clockwise from ``start`` to ``seat`` (0 for ``start`` itself)."""
    return (seat - start) % players


class Deck(Generic[T]):
    """A face-down draw pile with its face-up discard pile.

    The top of the pile is the end of ``cards``. When the pile runs out, the discard
    pile is shuffled to form a new one (with the game's chance).
    """

    __slots__ = ("cards", "discards")

    def __init__(self, cards: list[T] | None = None, discards: list[T] | None = None) -> None:
        self.cards: list[T] = cards if cards is not None else []
        self.discards: list[T] = discards if discards is not None else []

    def __len__(self) -> int:
        return len(self.cards)

    def available(self) -> int:
        """Cards that can still be drawn, counting a reshuffle of the discards."""
        return len(self.cards) + len(self.discards)

    def draw(self, chance: Chance) -> T | None:
        """The top card, reshuffling the discards first if the pile is empty."""
        if not self.cards and not self.renew(chance):
            return None
        return self.cards.pop()

    def renew(self, chance: Chance) -> int:
        """When the pile has run out, its discards shuffled face down as the new pile: how many
        cards that put in it (0 when the pile still holds cards or there are no discards). A
        game whose rules renew a pile the moment it runs out calls it after each draw."""
        if self.cards or not self.discards:
            return 0
        self.cards, self.discards = self.discards, []
        chance.shuffle(self.cards)
        return len(self.cards)

    def discard(self, card: T) -> None:
        self.discards.append(card)

    def clone(self) -> Deck[T]:
        return Deck(self.cards[:], self.discards[:])


class Sealed(Generic[T]):
    """A sealed simultaneous step: each seat builds its choice in private, then all
    choices are revealed together once every seat has declared itself ready.

    A seat's choice so far is visible to that seat only; the others see only whether
    it is ready.
    """

    __slots__ = ("choices", "ready")

    def __init__(self, seats: list[int] | None = None) -> None:
        self.choices: dict[int, list[T]] = {seat: [] for seat in seats or []}
        self.ready: dict[int, bool] = {seat: False for seat in seats or []}

    @property
    def waiting(self) -> tuple[int, ...]:
        return tuple(seat for seat, done in self.ready.items() if not done)

    @property
    def complete(self) -> bool:
        return all(self.ready.values())

    def add(self, seat: int, item: T) -> None:
        self.choices[seat].append(item)

    def declare_ready(self, seat: int) -> None:
        self.ready[seat] = True

    def reveal(self) -> dict[int, list[T]]:
        """Every choice, once all are in."""
        if not self.complete:
            raise RuntimeError("sealed choices revealed before every seat was ready")
        return self.choices

    def public(self) -> dict[int, bool]:
        return dict(self.ready)

    def clone(self) -> Sealed[T]:
        copy: Sealed[T] = Sealed()
        copy.choices = {seat: items[:] for seat, items in self.choices.items()}
        copy.ready = dict(self.ready)
        return copy
