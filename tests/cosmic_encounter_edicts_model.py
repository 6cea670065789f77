"""An independent model of Cosmic Encounter's edicts, written from RULEBOOK.txt (5, EDICTS AND
FLARES, and the phases they act on), RULINGS.md (3, 10, 12, 21-23) and the Quarks text, for
the audit in ``test_cosmic_encounter_edicts_audit.py``.

It says, from what the views show, which edicts a seat may play at an open window (their
targets and values), and what each one must do to the table, the hands and the discard pile.
What the stable challenge must do is ``cosmic_encounter_model``'s.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cosmic_encounter_model import ALLY_AT_OUTCOME, EDICT_COPIES, EDICT_NAMES, HAND, MAIN_AT_OUTCOME, adjustment

DECKS = tomllib.loads(
    (Path(__file__).resolve().parents[1] / "src/quarkade/games/cosmic_encounter/data/decks.toml").read_text())
PLAGUE_LOSS = 3
# RULEBOOK 5 and RULINGS.md 23: the window(s) of each edict.
WINDOWS = {"mobius": ("start",), "plague": ("start",), "quake": ("start",), "forcefield": ("alliances",),
           "finder": ("alliances",), "zap": ("start", "alliances", "reveal")}
# Plague discards "one card of each kind it holds" (RULINGS.md 22): a Quark is an Attack card.
KINDS = {"attack": "attack", "quark": "attack", "compromise": "compromise", "edict": "edict", "flare": "flare"}


def deck_size(deck: str, edicts: bool) -> int:
    data = DECKS[deck]
    return int(sum(data["attacks"].values()) + data["compromises"]) + (sum(EDICT_COPIES.values()) if edicts else 0)


def finder_values(deck: str, square: int | None) -> list[int]:
    """The Attack values a Finder may ask for (RULINGS.md 21): every value a card of the deck
    has now; with Quarks, three sets are marked Up, Down and Strange and count their value in
    the current square."""
    data = DECKS[deck]
    attacks = Counter({int(v): c for v, c in data["attacks"].items()})
    values: set[int] = set()
    if square is not None:
        for printed, count in data["quark_set"].items():
            attacks[int(printed)] -= 3 * count
            values |= {int(printed) + adjustment(square, flavour) for flavour in ("up", "down", "strange")}
    return sorted(values | {v for v, c in attacks.items() if c > 0})


def zap_targets(view: dict[str, Any]) -> list[int]:
    """The seats whose power Cosmic Zap may cancel now: any active power before the cards; at
    the reveal, a main player's power acting at the outcome, or an ally's Macron or Zombie."""
    players, encounter = view["players"], view["encounter"]
    mains = (view["offence"], encounter["defender"])
    allies = {a["seat"] for a in encounter["allies"]}
    found = []
    for seat, p in enumerate(players):
        if p["power"] is None or p["zapped"]:
            continue
        if encounter["window"] != "reveal" or (
                p["power"] in MAIN_AT_OUTCOME if seat in mains else seat in allies and p["power"] in ALLY_AT_OUTCOME):
            found.append(seat)
    return found


def edict_choices(view: dict[str, Any], seat: int, held: set[str], values: list[int]) -> set[str]:
    """The notation of every edict ``seat`` may play at the open window, holding ``held``."""
    window, n = view["encounter"]["window"], len(view["players"])
    choices: set[str] = set()
    for edict in held:
        if window not in WINDOWS.get(edict, ()):
            continue
        if edict == "zap":
            choices |= {f"edict zap {t}" for t in zap_targets(view)}
        elif edict == "plague":
            # "a player loses three tokens": another player (RULINGS.md 22).
            choices |= {f"edict plague {t}" for t in range(n) if t != seat}
        elif edict == "finder":
            choices |= {f"edict finder {t} {v}" for t in range(n) if t != seat for v in values}
        elif edict == "mobius":
            if seat == view["offence"] and any(p["warp"] for p in view["players"]):
                choices.add("edict mobius")
        elif edict == "forcefield":
            if view["encounter"]["allies"]:
                choices.add("edict forcefield")
        else:
            choices.add(f"edict {edict}")
    return choices


def edict_line(action: str) -> str:
    """The public log line of an edict played by ``seat`` (RULINGS.md 21: a Finder's value is
    named, the card found is not)."""
    words = action.split()
    edict = words[1]
    text = f"plays the {EDICT_NAMES[edict]} edict"
    if len(words) > 2:
        text += f" on seat {words[2]}"
    if edict == "finder":
        text += f" asking for an Attack {words[3]}"
    return text


@dataclass
class EdictOutcome:
    """What an edict must leave once its tokens are placed: per seat, the warp, the tokens on
    bases and the allies; the hands (faces, in order) where the model knows them, the cards
    added to the discard pile, and the card a Finder takes (None: none found)."""

    warp: list[int]
    bases: list[int]
    allies: list[dict[str, Any]]
    zapped: list[bool]
    hands: dict[int, list[str]]
    discarded: list[str]
    found: str | None = None
    plague_kinds: set[str] = field(default_factory=set)
    new_hands: bool = False


def edict_outcome(view: dict[str, Any], hands: dict[int, list[str]], seat: int, action: str,
                  square: int | None) -> EdictOutcome:
    """The effect of ``action`` (``edict NAME [seat] [value]``) played by ``seat``, from the
    spectator's view and every hand (faces in order) just before it."""
    words = action.split()
    edict = words[1]
    players = view["players"]
    warp = [p["warp"] for p in players]
    bases = [p["bases"] for p in players]
    allies = [dict(a) for a in view["encounter"]["allies"]]
    zapped = [p["zapped"] for p in players]
    after = {s: list(h) for s, h in hands.items()}
    after[seat].remove(edict)
    out = EdictOutcome(warp, bases, allies, zapped, after, [edict])
    if edict == "zap":
        zapped[int(words[2])] = True
    elif edict == "mobius":
        # "every token in the warp returns to its owner's bases."
        for s in range(len(players)):
            bases[s] += warp[s]
            warp[s] = 0
    elif edict == "forcefield":
        # "every ally returns its tokens to its bases and is an ally no more."
        for ally in allies:
            bases[ally["seat"]] += ally["tokens"]
        out.allies = []
    elif edict == "plague":
        # "a player loses three tokens to the warp and discards one card of each kind it holds."
        target = int(words[2])
        lost = min(PLAGUE_LOSS, bases[target])
        bases[target] -= lost
        warp[target] += lost
        out.plague_kinds = {kind_of(face) for face in after[target]}
    elif edict == "quake":
        # "every hand is discarded and every player draws seven new cards."
        for s in sorted(after):
            out.discarded += after[s]
        out.new_hands = True
    elif edict == "finder":
        # "if that player holds an Attack card of that value, you take it from its hand";
        # a Quark counts as an Attack of its value now (Quarks, Other Notes; RULINGS.md 21).
        target, value = int(words[2]), int(words[3])
        found = next((face for face in after[target] if face_value(face, square) == value), None)
        if found is not None:
            after[target].remove(found)
            after[seat].append(found)
        out.found = found
    return out


def kind_of(face: str) -> str:
    if face == "c":
        return "compromise"
    if face in EDICT_COPIES:
        return "edict"
    if face.startswith("flare"):
        return "flare"
    return "attack"


def face_value(face: str, square: int | None) -> int | None:
    if kind_of(face) != "attack":
        return None
    printed = int(face[1:])
    if face[0] == "a":
        return printed
    assert square is not None
    return printed + adjustment(square, {"u": "up", "d": "down", "s": "strange"}[face[0]])


def quake_hand_sizes(players: int, deck_cards: int, discards: int) -> list[int]:
    """Hands after Cosmic Quake, dealt seven each in seat order from the pile (the discards,
    the quaked hands among them, shuffled in when it runs out)."""
    left = deck_cards + discards
    sizes = []
    for _ in range(players):
        sizes.append(min(HAND, left))
        left -= sizes[-1]
    return sizes
