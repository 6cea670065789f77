"""An independent model of Cosmic Encounter's alien powers, written from RULEBOOK.txt (4, ALIEN
POWERS, and the phases they act on), RULINGS.md 19 and the powers' own texts as the game's
public components serve them, for the audit in ``test_cosmic_encounter_powers_audit.py``.

It says, from what the views show, who plays a challenge card first and how (Oracle, Laser),
what a main player sees (Mind), what a Trader and a Mutant do, and what a reveal must leave
once the powers of the players in the challenge act on it (Macron, Zombie, Anti-Matter,
Virus, Clone, Void, Pacifist). What the stable challenge must do is ``cosmic_encounter_model``'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cosmic_encounter_model import HAND, Expected, card_value, land_offence

POWERS = ("macron", "zombie", "laser", "mind", "anti-matter", "virus", "trader", "oracle", "clone", "mutant",
          "void", "pacifist")
# Macron: "Each of your tokens counts four in a challenge total, but you may put only one token
# in the cone or commit only one as an ally."
MACRON_VALUE = 4
MACRON_COMMIT = 1
# Mutant: "you draw until you hold eight cards" (RULINGS.md 19).
MUTANT_HAND = 8
# Each power the text gives only "as a main player" (Macron and Zombie act for allies too).
MAIN_ONLY = {"laser", "mind", "anti-matter", "virus", "trader", "oracle", "mutant", "void", "pacifist"}


def power(view: dict[str, Any], seat: int) -> str | None:
    p: str | None = view["players"][seat]["power"]
    return p


def mains(view: dict[str, Any]) -> tuple[int, int]:
    return view["offence"], view["encounter"]["defender"]


def opponent(view: dict[str, Any], seat: int) -> int:
    offence, defence = mains(view)
    return defence if seat == offence else offence


def commit_limit(view: dict[str, Any], seat: int) -> int:
    return MACRON_COMMIT if power(view, seat) == "macron" else 4


def traders(view: dict[str, Any]) -> list[int]:
    """The main players asked whether to swap hands, in order: the offence first (RULINGS.md 19)."""
    return [seat for seat in mains(view) if power(view, seat) == "trader"]


def first_to_play(view: dict[str, Any]) -> tuple[int, ...]:
    """Who is asked for a challenge card first: Oracle's opponent alone, face up ("your
    opponent plays its challenge card first, face up"); two Oracles cancel (RULINGS.md 19);
    otherwise both main players at once, sealed."""
    oracles = [seat for seat in mains(view) if power(view, seat) == "oracle"]
    if len(oracles) == 1:
        return (opponent(view, oracles[0]),)
    return tuple(sorted(mains(view)))


def plays_random(view: dict[str, Any], seat: int) -> bool:
    """Laser: "your opponent cannot choose a challenge card: one is taken at random"."""
    return power(view, opponent(view, seat)) == "laser"


def card_choices(view: dict[str, Any], seat: int, hand: list[str]) -> set[str]:
    challenge = {face for face in hand if face == "c" or card_value(face, view["square"]) is not None}
    if plays_random(view, seat):
        return {"play random"}
    return {f"play {face}" for face in challenge}


def sees(view: dict[str, Any], seat: int) -> int | None:
    """The seat whose hand ``seat`` sees at the cards step: Mind as a main player sees its
    opponent's, unless the opponent is a Mind too (two Minds cancel, RULINGS.md 19)."""
    if seat not in mains(view) or power(view, seat) != "mind":
        return None
    other = opponent(view, seat)
    return None if power(view, other) == "mind" else other


@dataclass
class PowerExpected(Expected):
    """The stable model's expectation, plus the tokens removed from the game and the powers
    that acted (for the case counter)."""

    removed: list[int] = field(default_factory=list)
    acted: list[str] = field(default_factory=list)
    consolation: int = 0


def resolve(pre: dict[str, Any], cards: tuple[str, str], last: int) -> PowerExpected:
    """The outcome of revealed cards [offence's, defence's] with powers, from the spectator's
    view taken just before ``last`` played its card."""
    enc = pre["encounter"]
    players = pre["players"]
    offence, defence = mains(pre)
    target = next(p for p in pre["planets"] if p["planet"] == enc["target"])
    values = [card_value(cards[0], pre["square"]), card_value(cards[1], pre["square"])]
    warp = [p["warp"] for p in players]
    bases = [p["bases"] for p in players]
    removed = [p["removed"] for p in players]
    on_target = list(target["tokens"])
    hands = [p["hand_size"] for p in players]
    hands[last] -= 1
    powers = [p["power"] for p in players]
    side_of = {offence: "offence", defence: "defence"}
    allies: dict[str, list[tuple[int, int]]] = {"offence": [], "defence": []}
    for ally in enc["allies"]:
        allies[ally["side"]].append((ally["seat"], ally["tokens"]))
    cone = enc["cone"]
    acted: list[str] = []
    out = PowerExpected(None, None, warp, on_target, bases, hands, False, removed=removed, acted=acted)
    if values[0] is None and values[1] is None:
        return out  # Compromise against Compromise: a deal; Clone's card comes back after it

    def worth(seat: int) -> int:
        return MACRON_VALUE if powers[seat] == "macron" else 1

    totals = None
    if values[0] is not None and values[1] is not None:
        own = {offence: cone, defence: on_target[defence]}
        totals = []
        for main, value in ((offence, values[0]), (defence, values[1])):
            assert value is not None
            helpers = sum(t * worth(s) for s, t in allies[side_of[main]])
            if powers[main] == "virus":
                # "your card's value is multiplied by your own tokens instead of added to them"
                total = value * own[main] * worth(main)
                acted.append("virus")
            else:
                total = value + own[main] * worth(main)
            if worth(main) != 1 or any(worth(s) != 1 for s, _ in allies[side_of[main]]):
                acted.append("macron")
            totals.append(total + helpers)
        if any(powers[m] == "anti-matter" for m in (offence, defence)):
            # "the lower total wins the challenge (ties still go to the defence)"
            winner = "offence" if totals[0] < totals[1] else "defence"
            acted.append("anti-matter")
        else:
            winner = "offence" if totals[0] > totals[1] else "defence"
    else:
        compromiser = offence if values[0] is None else defence
        if powers[compromiser] == "pacifist":
            # "your Compromise card beats your opponent's Attack card"
            winner = side_of[compromiser]
            acted.append("pacifist")
        else:
            winner = side_of[opponent(pre, compromiser)]
    out.winner, out.totals, out.success = winner, totals, winner == "offence"
    winner_seat = offence if winner == "offence" else defence
    void = powers[winner_seat] == "void"

    def lose(seat: int, count: int) -> None:
        """Tokens that leave the challenge lost: Zombie's return to its bases ("tokens you would
        lose return to your bases"); the other losers' go to the warp, or out of the game when
        the winning main player is a Void. Against a winning Void, a Zombie's tokens still go
        home ("never go to the warp" read as the stronger text): neither RULINGS.md nor the
        texts settle it; the engine chooses the same."""
        if not count:
            return
        if powers[seat] == "zombie":
            bases[seat] += count
            acted.append("zombie")
        elif void:
            removed[seat] += count
            acted.append("void")
        else:
            warp[seat] += count

    lost_by_main = 0
    if winner == "offence":
        lost_by_main = on_target[defence]
        bases[defence] -= on_target[defence]
        on_target[defence] = 0
        lose(defence, lost_by_main)
        for seat, tokens in allies["defence"]:
            lose(seat, tokens)
        land_offence(on_target, bases, offence, cone, allies["offence"])
    else:
        lost_by_main = cone
        lose(offence, cone)
        for seat, tokens in allies["offence"]:
            lose(seat, tokens)
        for seat, tokens in allies["defence"]:
            bases[seat] += tokens
    if totals is None and "pacifist" not in acted:
        # The losing compromiser's consolation: a card from the winner's hand for each of its
        # own tokens lost (a Zombie's, gone home, count: unwritten, as the engine chooses; the
        # Pacifist flare's Wild says so of its own tokens). No consolation for an Attack that
        # loses to Pacifist's Compromise: the rulebook gives one to a compromiser only.
        loser = defence if winner == "offence" else offence
        taken = min(lost_by_main, hands[winner_seat])
        hands[loser] += taken
        hands[winner_seat] -= taken
        out.consolation = taken
    for seat in (offence, defence):
        if powers[seat] == "clone":
            # "After a challenge, your challenge card returns to your hand."
            hands[seat] += 1
            acted.append("clone")
    out.hand_sizes = [HAND if h == 0 else h for h in hands]
    return out
