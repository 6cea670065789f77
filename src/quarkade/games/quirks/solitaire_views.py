"""What the Quirks solitaire game shows: the lazy parts of a view (the piles, the destiny
markers, the extinct branches, the log and the hand), the QUiRKS and piles as views show them
(shared by the views that show them alike), and the log's lines."""

from __future__ import annotations

from typing import Any, Final

from quarkade.core.game import BoundParts
from quarkade.core.log import Log, read
from quarkade.core.memo import Memo
from quarkade.games.quirks.components import COMPONENTS, NICHES, STACKS, AdaptationTable
from quarkade.games.quirks.views import NUMBERS, cards_json, hand_json, known_name, named

CARDS: Final = COMPONENTS.cards


class SolitaireParts(BoundParts):
    """The lazy parts of one view: each key to the function that makes it from what this object
    keeps of the state as it was (bound to this object when read). A view is made at every
    decision and the bot reads one or two parts: the parts are ``BoundParts`` rather than five
    partials made."""

    __slots__ = ("sizes", "discarded", "drawn", "pool", "extinct", "log", "seat", "over", "hand", "table")
    sizes: tuple[int, ...]
    discarded: tuple[tuple[str, ...], ...]
    drawn: tuple[int, ...]
    pool: int
    extinct: tuple[tuple[int, ...], ...]
    log: Log
    seat: int | None
    over: bool
    hand: tuple[int, ...]
    table: AdaptationTable

    def stacks(self) -> dict[str, Any]:
        return stacks_json(self.sizes, self.discarded)

    def destiny(self) -> dict[str, Any]:
        return {"drawn": [NICHES[n] for n in self.drawn], "pool": self.pool}

    def extinct_part(self) -> list[list[str]]:
        return [[NUMBERS[c] for c in branch] for branch in self.extinct]

    def log_part(self) -> list[dict[str, Any]]:
        return read(self.log, describe, self.seat, self.over, 40)

    def hand_part(self) -> list[dict[str, Any]]:
        """Most decisions weigh the QUiRKS alone: the hand is made when read."""
        return hand_json(self.hand, self.table)


SPECTATOR_PARTS: Final = {"stacks": SolitaireParts.stacks, "destiny": SolitaireParts.destiny,
                          "extinct": SolitaireParts.extinct_part, "log": SolitaireParts.log_part}
# A spectator sees no hand until the game is over.
SEAT_PARTS: Final = {**SPECTATOR_PARTS, "hand": SolitaireParts.hand_part}


def quirks_json(quirks: list[tuple[int, ...]], codes: AdaptationTable | None) -> list[dict[str, Any]]:
    return [_one_quirks_json(n, q, codes) for n, q in enumerate(quirks)]


def _one_quirks_json(niche: int, cards: tuple[int, ...], codes: AdaptationTable | None) -> dict[str, Any]:
    return {"niche": NICHES[niche], "name": known_name(cards), "cards": cards_json(cards, codes)}


def shown_quirks(niche: int, cards: tuple[int, ...], codes: AdaptationTable | None) -> dict[str, Any]:
    """A QUiRKS as the views show it with the printed codes or none, shared by them: an action
    changes one QUiRKS, and the two others are shown as they were (a reader that meets the same
    cards as before knows they did not change)."""
    key = (niche, codes is None, cards)
    shown = _SHOWN_ONE_QUIRKS.get(key)
    if shown is None:
        shown = _SHOWN_ONE_QUIRKS.keep(key, _one_quirks_json(niche, cards, codes))
    return shown


def stacks_json(sizes: tuple[int, ...], discarded: tuple[tuple[str, ...], ...]) -> dict[str, Any]:
    """The piles as a view shows them, shared by the views that show them alike: they change
    only when a card is drawn."""
    key = (sizes, discarded)
    shown = _SHOWN_STACKS.get(key)
    if shown is None:
        shown = _SHOWN_STACKS.keep(key, {name: {"cards": size, "discarded": list(pile)}
                                         for name, size, pile in zip(STACKS, sizes, discarded, strict=True)})
    return shown


# What views show alike, shared by them (a view's values are read-only; the keys hold all a
# value shows): the QUiRKS, by whether the codes are hidden and by their cards, and each QUiRKS
# by its niche, the same and its cards; the piles, by the stacks' sizes and discards.
_CACHE_LIMIT: Final = 50_000
SHOWN_QUIRKS: Final = Memo[tuple[Any, ...], list[dict[str, Any]]](_CACHE_LIMIT)
_SHOWN_ONE_QUIRKS: Final = Memo[tuple[int, bool, tuple[int, ...]], dict[str, Any]](_CACHE_LIMIT)
_SHOWN_STACKS: Final = Memo[tuple[tuple[int, ...], tuple[tuple[str, ...], ...]], dict[str, Any]](_CACHE_LIMIT)


def describe(event: tuple[Any, ...], viewer: int | None, reveal_all: bool) -> dict[str, Any]:
    kind = event[0]
    if kind == "destiny":
        return {"event": kind, "text": f"Destiny: the {NICHES[event[3]].upper()} niche."}
    if kind == "climate":
        return {"event": kind, "text": f"The climate marker moves {event[3]}: "
                f"{COMPONENTS.climates[event[4] // COMPONENTS.zones_per_climate].upper()}."}
    if kind == "random-mutation":
        return {"event": kind, "text": "The marker crossed an X: one card of a QUiRKS must change."}
    if kind == "mutate-draw":
        niche, old, new, from_hand = event[3:7]
        went, came = ("to your hand", "from your hand") if from_hand else \
            ("discarded", f"drawn from the {STACKS[CARDS[new].stack].upper()} stack")
        return {"event": kind, "text": f"The {NICHES[niche]} QUiRKS: {named(old)} {went}, {named(new)} {came}."}
    if kind == "counted":
        return {"event": kind, "text": f"The {event[2]} QUiRKS counts {event[3]}, food chain {event[4]:+d}: "
                                       f"{event[3] + event[4]}."}
    if kind == "extinct":
        return {"event": kind, "text": f"The {event[4]} QUiRKS becomes an extinct branch ({event[3]} of 3)."}
    return {"event": kind, "why": str(event[3]),
            "text": ("You win: " if event[2] else "You lose: ") + str(event[3]) + "."}
