"""An independent model of Cosmic Encounter's stable rules, written from RULEBOOK.txt, RULINGS.md
and the Quarks text alone, for the audit in ``test_cosmic_encounter_audit.py``.

The model reads only what the public API gives (every seat's view) and says what a challenge's
reveal, a deal, a reward or a new turn must do to the table; the audit compares the engine's
next views with it.
"""

from __future__ import annotations

import re
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


# The log's lines name cards as a player reads them (RULEBOOK.txt's names; a Quark by its
# flavour and printed number); the audits read the faces back from those words.
EDICT_NAMES = {"zap": "Cosmic Zap", "mobius": "Mobius Tubes", "forcefield": "Force Field", "finder": "Finder",
               "plague": "Plague", "quake": "Cosmic Quake"}
FLARE_PREFIX = "flare-"
# A card named in a line's words (a public line may name an Attack's value without a card: a
# Finder's request).
CARD_WORDS = re.compile(r"\bAttack \d+\b|\bCompromise\b|\b(?:Up|Down|Strange) Quark \d+\b|\b[A-Z][\w-]* flare\b|"
                        r"\b(?:Cosmic Zap|Mobius Tubes|Force Field|Finder|Plague|Cosmic Quake) edict\b")


def card_words(face: str) -> str:
    """A card's face in a line's words: ``a8`` "Attack 8", ``u10`` "Up Quark 10", ``c``
    "Compromise", ``zap`` "Cosmic Zap edict", ``flare-macron`` "Macron flare"."""
    if face == "c":
        return "Compromise"
    if face[:1] == "a" and face[1:].isdigit():
        return f"Attack {face[1:]}"
    if face[:1] in FLAVOUR_BY_INITIAL and face[1:].isdigit():
        return f"{FLAVOUR_BY_INITIAL[face[0]].capitalize()} Quark {face[1:]}"
    if face.startswith(FLARE_PREFIX):
        return f"{face.removeprefix(FLARE_PREFIX).capitalize()} flare"
    return f"{EDICT_NAMES[face]} edict"


def face_of_words(words: str) -> str:
    """``card_words`` read back: the face a line's words name."""
    if words == "Compromise":
        return "c"
    head, _, number = words.rpartition(" ")
    if head == "Attack":
        return f"a{number}"
    if head.endswith(" Quark"):
        return f"{head.split()[0][0].lower()}{number}"
    if number == "flare":
        return FLARE_PREFIX + head.lower()
    return next(face for face, name in EDICT_NAMES.items() if name == head)


def revealed_faces(line: str, square: int | None = None) -> tuple[str, str]:
    """The offence's and the defence's cards a reveal's line names ("the cards are revealed:
    Attack 8 against Compromise"; a Quark with its value in the square of the reveal, "Up Quark
    12 (worth 14)", checked against ``square`` when it is given)."""
    card = r"(.+?)(?: \(worth (-?\d+)\))?"
    found = re.fullmatch(f"the cards are revealed: {card} against {card}", line)
    assert found is not None, line
    faces = face_of_words(found[1]), face_of_words(found[3])
    for face, worth in zip(faces, (found[2], found[4]), strict=True):
        quark = face[:1] in FLAVOUR_BY_INITIAL and face[1:].isdigit()
        assert (worth is not None) == quark, f"a Quark's worth said, and only a Quark's: {line}"
        if worth is not None and square is not None:
            assert int(worth) == card_value(face, square), f"{line} in square {square + 1}"
    return faces


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
    """Tokens of a seat in the cone, with the allies (the view keeps the allies' list after
    the reveal, when their tokens have already gone where the outcome sent them) or on their
    way back to its bases (pending ``home`` placements)."""
    encounter = spectator["encounter"]
    cone: int = encounter["cone"] if seat == spectator["offence"] else 0
    going_home = sum(int(p["count"]) for p in encounter["placements"] if p["seat"] == seat and p["kind"] == "home")
    if encounter["result"] is not None and encounter["result"]["winner"] is not None:
        return cone + going_home
    return cone + going_home + sum(int(a["tokens"]) for a in encounter["allies"] if a["seat"] == seat)


def placement_choices(spectator: dict[str, Any], seat: int) -> set[str]:
    """The choices of the seat asked to place a token (RULINGS.md 10 and 15): a token going
    home onto any of its bases or home planets; a token lost from any of its bases; a deal's
    base for the offence onto the target from any other base, for the defence onto a planet
    of the offence's system where it has none, from a base outside that system or one there
    that keeps a token."""
    kind = spectator["encounter"]["placements"][0]["kind"]
    planets = spectator["planets"]
    mine = [p["planet"] for p in planets if p["tokens"][seat] > 0]
    if kind == "home":
        return {f"home {p['planet']}" for p in planets if p["tokens"][seat] > 0 or p["system"] == seat}
    if kind == "lose":
        return {f"lose {planet}" for planet in mine}
    offence, target = spectator["offence"], spectator["encounter"]["target"]
    if seat == offence:
        return {f"base {target} from {planet}" for planet in mine if planet != target}
    empty = [p["planet"] for p in planets if p["system"] == offence and p["tokens"][seat] == 0]
    sources = [p["planet"] for p in planets if p["tokens"][seat] > (1 if p["system"] == offence else 0)]
    return {f"base {planet} from {source}" for planet in empty for source in sources}


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


def land_offence(on_target: list[int], bases: list[int], offence: int, cone: int,
                 allies: list[tuple[int, int]]) -> None:
    """A winning offence's tokens in the cone and its allies' land on the target planet, each
    seat's a base there."""
    on_target[offence] += cone
    bases[offence] += cone
    for seat, tokens in allies:
        on_target[seat] += tokens
        bases[seat] += tokens


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
        land_offence(on_target, bases, offence, cone, allies["offence"])
    else:
        warp[offence] += cone
        for seat, tokens in allies["offence"]:
            warp[seat] += tokens
        for seat, tokens in allies["defence"]:
            # Back to bases of the ally's choice (the audit counts those placed on the target).
            bases[seat] += tokens
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


def serve_placements(spectator: dict[str, Any], action: str) -> dict[str, Any]:
    """What a placement does (RULINGS.md 10): the asked seat's token moves as ``action`` says,
    then every placement with exactly one choice is made and every one with none dropped,
    until one with several choices is asked. Returns {"tokens": each planet's tokens, "warp",
    "placements": what is left to place}."""
    tokens = {p["planet"]: list(p["tokens"]) for p in spectator["planets"]}
    warp = [p["warp"] for p in spectator["players"]]
    queue = [dict(p) for p in spectator["encounter"]["placements"]]

    def current() -> dict[str, Any]:
        planets = [{**p, "tokens": tokens[p["planet"]]} for p in spectator["planets"]]
        return {**spectator, "planets": planets, "encounter": {**spectator["encounter"], "placements": queue}}

    def make(choice: str) -> None:
        seat = queue[0]["seat"]
        words = choice.split()
        if words[0] == "home":
            tokens[words[1]][seat] += 1
        elif words[0] == "lose":
            tokens[words[1]][seat] -= 1
            warp[seat] += 1
        else:
            tokens[words[3]][seat] -= 1
            tokens[words[1]][seat] += 1
        queue[0]["count"] -= 1
        if queue[0]["count"] == 0:
            queue.pop(0)

    make(action)
    while queue:
        choices = placement_choices(current(), queue[0]["seat"])
        if len(choices) > 1:
            break
        if choices:
            make(choices.pop())
        else:
            queue.pop(0)
    return {"tokens": tokens, "warp": warp, "placements": queue}


# The edicts in the deck (RULINGS.md 3) and the windows they are played at (RULEBOOK 5,
# RULINGS.md 23): a window opens unless none of the edicts fitting it could be played.
EDICT_COPIES = {"zap": 2, "finder": 2, "mobius": 1, "forcefield": 1, "plague": 1, "quake": 1}
MAIN_AT_OUTCOME = {"macron", "zombie", "anti-matter", "virus", "clone", "void", "pacifist"}
ALLY_AT_OUTCOME = {"macron", "zombie"}


def edict_window_opens(spectator: dict[str, Any], window: str) -> bool:
    """Whether the edict window ``window`` opens in a game with edicts and no flares, from
    the spectator's view at that moment: some edict fitting it is not all discarded."""
    discarded: dict[str, int] = {}
    for card in spectator["deck"]["discards"]:
        discarded[card["card"]] = discarded.get(card["card"], 0) + 1
    left = {face for face, copies in EDICT_COPIES.items() if discarded.get(face, 0) < copies}
    players = spectator["players"]
    encounter = spectator["encounter"]
    active = [p["power"] is not None and not p["zapped"] for p in players]
    if window == "start":
        # Plague and Cosmic Quake always fit; Mobius Tubes while a token is in the warp.
        return bool(left & {"plague", "quake"}) or ("mobius" in left and any(p["warp"] for p in players)) or (
            "zap" in left and any(active))
    if window == "alliances":
        return "finder" in left or ("forcefield" in left and bool(encounter["allies"])) or (
            "zap" in left and any(active))
    mains = (spectator["offence"], encounter["defender"])
    allies = {a["seat"] for a in encounter["allies"]}
    return "zap" in left and any(
        active[seat] and (players[seat]["power"] in MAIN_AT_OUTCOME if seat in mains
                          else seat in allies and players[seat]["power"] in ALLY_AT_OUTCOME)
        for seat in range(len(players)))
