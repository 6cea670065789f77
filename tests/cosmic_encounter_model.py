"""An independent model of Cosmic Encounter's stable rules, written from RULEBOOK.txt, RULINGS.md
and the Quarks text alone, for the audit in ``test_cosmic_encounter_audit.py``.

The model reads only what the public API gives (every seat's view) and says what a challenge's
reveal, a deal, a reward or a new turn must do to the table; the audit compares the engine's
next views with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SQUARE_COUNT = 12
HOME_PLANETS = 5
TOKENS = 20
HAND = 7
BASES_TO_WIN = 5

# The Quarks text prints each flavour's row as the same wave with its two zeros blank; the
# fifth and sixth square examples fix where each row starts (Up blank in the first square,
# Down four squares behind Up, Strange eight behind), and the Finder example checks it.
_WAVE = (0, 2, 4, 8, 4, 2, 0, -2, -4, -8, -4, -2)
FLAVOUR_OFFSET = {"up": 0, "down": 4, "strange": 8}
FLAVOUR_BY_INITIAL = {"u": "up", "d": "down", "s": "strange"}


def adjustment(square: int, flavour: str) -> int:
    """The Phase Diagram's adjustment of a flavour in a square (0 = the first square)."""
    return _WAVE[(square - FLAVOUR_OFFSET[flavour]) % SQUARE_COUNT]


def card_value(face: str, square: int | None) -> int | None:
    """An Attack card's value now (a Quark: printed number plus its flavour's adjustment);
    None for anything that is not an Attack."""
    if face[:1] == "a" and face[1:].isdigit():
        return int(face[1:])
    if face[:1] in FLAVOUR_BY_INITIAL and face[1:].isdigit():
        assert square is not None, "a Quark without a Phase Diagram"
        return int(face[1:]) + adjustment(square, FLAVOUR_BY_INITIAL[face[0]])
    return None


def planet_system(name: str) -> int:
    return int(name.split(".")[0])


def foreign_bases(spectator: dict[str, Any], seat: int) -> int:
    return sum(1 for p in spectator["planets"] if p["system"] != seat and p["tokens"][seat] > 0)


def bases_on_planets(spectator: dict[str, Any], seat: int) -> int:
    return sum(p["tokens"][seat] for p in spectator["planets"])


def committed(spectator: dict[str, Any], seat: int) -> int:
    """Tokens of a seat in the cone or with the allies (the view keeps the allies' list after
    the reveal, when their tokens have already gone where the outcome sent them)."""
    encounter = spectator["encounter"]
    cone: int = encounter["cone"] if seat == spectator["offence"] else 0
    if encounter["result"] is not None and encounter["result"]["winner"] is not None:
        return cone
    return cone + sum(int(a["tokens"]) for a in encounter["allies"] if a["seat"] == seat)


def return_planet(spectator: dict[str, Any], seat: int) -> str:
    """Where a token returning to a seat's bases goes (RULINGS.md 10): its home planet holding
    the most of its tokens, else its fullest base (ties: the lowest planet)."""
    planets = spectator["planets"]
    home = [p for p in planets if p["system"] == seat and p["tokens"][seat] > 0]
    pool = home or [p for p in planets if p["tokens"][seat] > 0]
    if not pool:
        return f"{seat}.0"
    return str(max(pool, key=lambda p: (p["tokens"][seat], -planets.index(p)))["planet"])


@dataclass
class Expected:
    """What a resolution must leave: per seat, tokens in the warp, on the target planet, on
    all bases, and hand sizes; None where the model does not predict."""

    winner: str | None
    totals: list[int] | None
    warp: list[int]
    on_target: list[int]
    bases: list[int]
    hand_sizes: list[int]
    success: bool
    notes: list[str] = field(default_factory=list)


def _refill(size: int) -> int:
    return HAND if size == 0 else size


def resolve_cards(pre: dict[str, Any], cards: tuple[str, str], last: int) -> Expected:
    """The outcome of revealed cards [offence's, defence's], from the spectator view taken
    just before ``last`` played the second card (the first card has left its hand)."""
    encounter = pre["encounter"]
    players = pre["players"]
    n = len(players)
    offence, defence = pre["offence"], encounter["defender"]
    target = next(p for p in pre["planets"] if p["planet"] == encounter["target"])
    square = pre["square"]
    values = [card_value(cards[0], square), card_value(cards[1], square)]
    warp = [p["warp"] for p in players]
    bases = [p["bases"] for p in players]
    on_target = list(target["tokens"])
    hands = [p["hand_size"] for p in players]
    hands[last] -= 1
    allies = {"offence": [], "defence": []}  # type: dict[str, list[tuple[int, int]]]
    for ally in encounter["allies"]:
        allies[ally["side"]].append((ally["seat"], ally["tokens"]))
    cone = encounter["cone"]
    if values[0] is None and values[1] is None:
        # Compromise against Compromise: a deal is to be made; nothing moves yet.
        return Expected(None, None, warp, on_target, bases, hands, False)
    totals = None
    if values[0] is not None and values[1] is not None:
        totals = [
            values[0] + cone + sum(t for _, t in allies["offence"]),
            values[1] + on_target[defence] + sum(t for _, t in allies["defence"]),
        ]
        winner = "offence" if totals[0] > totals[1] else "defence"
    else:
        winner = "offence" if values[0] is not None else "defence"
    defenders_lost = on_target[defence]
    if winner == "offence":
        warp[defence] += on_target[defence]
        bases[defence] -= on_target[defence]
        on_target[defence] = 0
        for seat, tokens in allies["defence"]:
            warp[seat] += tokens
        on_target[offence] += cone
        bases[offence] += cone
        for seat, tokens in allies["offence"]:
            on_target[seat] += tokens
            bases[seat] += tokens
    else:
        warp[offence] += cone
        for seat, tokens in allies["offence"]:
            warp[seat] += tokens
        for seat, tokens in allies["defence"]:
            bases[seat] += tokens
            if return_planet(pre, seat) == target["planet"]:
                on_target[seat] += tokens
    if totals is None:
        # The compromiser's consolation: a card from the winner's hand per own token lost.
        loser, winner_seat, lost = (
            (offence, defence, cone) if winner == "defence" else (defence, offence, defenders_lost))
        taken = min(lost, hands[winner_seat])
        hands[loser] += taken
        hands[winner_seat] -= taken
    hands = [_refill(h) for h in hands]
    assert len(hands) == n
    return Expected(winner, totals, warp, on_target, bases, hands, winner == "offence")
