"""An independent model of Cosmic Encounter's flares, written from RULEBOOK.txt (5, EDICTS AND
FLARES: the flare rules and each flare's Wild and Super; 4 on powers), the flares' own texts
in the public components and RULINGS.md (4, 12, 24), for the audit in
``test_cosmic_encounter_flares_audit.py``.

It says, from what the views show, which flares a seat may play at an open window (and on
whom), whether a window opens for flares at all, what the flares that act at once (Mind,
Oracle, Trader, Mutant) must do to the hands and tell each seat, who plays a challenge card
first and which cards it may play (Laser's flares, Oracle's and Laser's powers), and what an
outcome must be with the powers and the flares that last (RULINGS.md 19 and 24): a Super
stops once its power is zapped, as the power does.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cosmic_encounter_model import ALLY_AT_OUTCOME, HAND, MAIN_AT_OUTCOME, card_value

FLARE_PREFIX = "flare-"
# RULEBOOK 5: the moment each half names (the public components say the same, checked).
WILD_WINDOW = {"macron": "alliances", "zombie": "reveal", "laser": "alliances", "mind": "alliances",
               "anti-matter": "reveal", "virus": "reveal", "trader": "alliances", "oracle": "alliances",
               "clone": "reveal", "mutant": "start", "void": "reveal", "pacifist": "reveal"}
SUPER_WINDOW = {**WILD_WINDOW, "macron": "start"}
# The halves that name a seat: Mind's Wild ("one other player") and Trader's Super ("any
# other player"), written ``flare NAME SEAT``.
TARGETED = {("mind", False), ("trader", True)}
MUTANT_DRAW = {False: HAND, True: 10}


def flare_name(face: str) -> str | None:
    return face[len(FLARE_PREFIX):] if face.startswith(FLARE_PREFIX) else None


class Table:
    """What the flares' conditions read from the spectator's view (public only)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        encounter = view["encounter"]
        self.n = len(view["players"])
        self.offence, self.defence = view["offence"], encounter["defender"]
        self.mains = (self.offence, self.defence)
        self.allies = {a["seat"]: (0 if a["side"] == "offence" else 1, a["tokens"]) for a in encounter["allies"]}
        result = encounter["result"]
        self.kinds: tuple[str, str] | None = None
        if encounter["window"] == "reveal" and result is not None:
            kinds = ["compromise" if c["card"] == "c" else "attack" for c in result["cards"]]
            self.kinds = (kinds[0], kinds[1])

    def side(self, seat: int) -> int:
        if seat in self.mains:
            return self.mains.index(seat)
        return self.allies[seat][0] if seat in self.allies else -1

    def own_tokens(self, seat: int) -> int:
        """The seat's tokens in the challenge: the cone, those on the defended planet, or those
        it committed."""
        if seat == self.offence:
            return int(self.view["encounter"]["cone"])
        if seat == self.defence:
            target = next(p for p in self.view["planets"] if p["planet"] == self.view["encounter"]["target"])
            return int(target["tokens"][seat])
        return self.allies[seat][1] if seat in self.allies else 0

    def side_has_allies(self, side: int) -> bool:
        return any(s == side and tokens for s, tokens in self.allies.values())

    def opponent(self, seat: int) -> int:
        return self.mains[1 - self.mains.index(seat)]

    def hand_size(self, seat: int) -> int:
        return int(self.view["players"][seat]["hand_size"])


def applies(table: Table, seat: int, name: str, is_super: bool) -> bool:
    """Whether a half's text applies for ``seat`` now (its window aside): RULEBOOK 5's text of
    each, "only when the text applies" (a flare with nothing to do is not played)."""
    main = seat in table.mains
    two_attacks = table.kinds == ("attack", "attack")
    if name == "macron":
        # Super: "launch or commit up to four tokens" (the defence does neither); Wild: "one
        # of your tokens in the challenge".
        return seat != table.defence if is_super else table.side(seat) >= 0 and table.own_tokens(seat) > 0
    if name == "zombie":
        if is_super:
            return main and table.side_has_allies(table.side(seat))
        return table.side(seat) >= 0 and table.own_tokens(seat) > 0
    if name in ("laser", "clone"):
        return main
    if name == "mind":
        return True
    if name == "anti-matter":
        side = table.side(seat)
        return main and two_attacks and table.side_has_allies(side if is_super else 1 - side)
    if name == "virus":
        if not (main and two_attacks):
            return False
        # The Super multiplies by "every token on your side, your allies' included": with no
        # ally it is the power's own rule (RULINGS.md 19), nothing more.
        return table.side_has_allies(table.side(seat)) if is_super else table.own_tokens(seat) > 0
    if name == "trader":
        if is_super:
            return True
        # One card each way, "each taken at random from the other's hand" (the flare stays).
        return main and table.hand_size(seat) > 1 and table.hand_size(table.opponent(seat)) > 0
    if name == "oracle":
        return main and table.hand_size(table.opponent(seat)) > 0
    if name == "mutant":
        return table.hand_size(seat) < MUTANT_DRAW[is_super]
    if name == "void":
        return table.side(seat) >= 0 if is_super else main
    if name == "pacifist":
        if table.kinds is None or not main:
            return False
        if is_super:
            return table.kinds == ("compromise", "compromise")
        return table.kinds[table.mains.index(seat)] == "compromise" and "attack" in table.kinds
    raise AssertionError(name)


def half(view: dict[str, Any], seat: int, name: str) -> bool | None:
    """Which half of ``name``'s flare ``seat`` may play at the open window if it held it: True
    the Super, False the Wild, None neither. One flare a challenge; the Super by the power's
    owner while its power is active; the Wild by a player without that power."""
    player = view["players"][seat]
    if player["flare"] is not None:
        return None
    window = view["encounter"]["window"]
    is_super = player["power"] == name
    if is_super and player["zapped"]:
        return None
    if (SUPER_WINDOW if is_super else WILD_WINDOW)[name] != window:
        return None
    return is_super if applies(Table(view), seat, name, is_super) else None


def flare_choices(view: dict[str, Any], seat: int, held: list[str]) -> set[str]:
    """The notation of every flare ``seat`` may play at the open window, holding ``held``."""
    choices: set[str] = set()
    table = Table(view)
    for face in held:
        name = flare_name(face)
        if name is None:
            continue
        is_super = half(view, seat, name)
        if is_super is None:
            continue
        if (name, is_super) in TARGETED:
            # A look at, or a swap with, another player's hand: one that holds cards.
            choices |= {f"flare {name} {t}" for t in range(table.n) if t != seat and table.hand_size(t)}
        else:
            choices.add(f"flare {name}")
    return choices


def flares_could_open(view: dict[str, Any], window: str, names: list[str]) -> bool:
    """RULINGS.md 12: some flare of ``names`` not in the discard pile could be played at
    ``window`` by some seat, whoever held it."""
    discarded = {c["card"] for c in view["deck"]["discards"]}
    at = {**view, "encounter": {**view["encounter"], "window": window}}
    return any(half(at, seat, name) is not None for name in names if FLARE_PREFIX + name not in discarded
               for seat in range(len(view["players"])))


def flare_line(seat: int, action: str, is_super: bool) -> str:
    words = action.split()
    text = f"seat {seat} plays the {words[1].capitalize()} flare ({'super' if is_super else 'wild'})"
    return text + (f" on seat {words[2]}" if len(words) > 2 else "")


def looked_at(view: dict[str, Any], seat: int, action: str, is_super: bool) -> list[int]:
    """The seats whose whole hand the flare shows ``seat``: Mind's Wild one, its Super every
    other player, Oracle's Super the opponent (its Wild one card of the opponent's)."""
    words = action.split()
    if words[1] == "mind":
        return [t for t in range(len(view["players"])) if t != seat] if is_super else [int(words[2])]
    if words[1] == "oracle" and is_super:
        return [Table(view).opponent(seat)]
    return []


def trade_hands(hands: dict[int, list[str]], seat: int, target: int) -> dict[int, Counter[str]]:
    """Trader's Super, "swap hands with any other player", its flare staying with its owner."""
    flare = FLARE_PREFIX + "trader"
    mine = Counter(hands[seat]) - Counter([flare])
    return {seat: Counter(hands[target]) + Counter([flare]), target: mine}


def neutral_outcome(view: dict[str, Any]) -> bool:
    """No active power acts at this outcome (RULEBOOK 5's list: a main player's Macron, Zombie,
    Anti-Matter, Virus, Clone, Void or Pacifist, an ally's Macron or Zombie): the outcome is
    the basic rules' with the flares' changes."""
    table = Table(view)
    for seat, player in enumerate(view["players"]):
        if player["power"] is None or player["zapped"]:
            continue
        if seat in table.mains and player["power"] in MAIN_AT_OUTCOME:
            return False
        if seat in table.allies and player["power"] in ALLY_AT_OUTCOME:
            return False
    return True


def flared_totals(view: dict[str, Any], values: tuple[int, int]) -> list[int]:
    """Two Attacks' totals under the Wild flares played this challenge (no power acting):
    Macron's Wild, one token of the seat counting four; Virus's Wild, each of the main
    player's own tokens counting two; Anti-Matter's Wild, the opponent's allies' tokens taken
    from its total instead of added (``side_total``)."""
    return [side_total(view, side, value) for side, value in enumerate(values)]


def active_power(view: dict[str, Any], seat: int) -> str | None:
    """A seat's power while it acts (RULEBOOK 4: "a power that is zapped does nothing for the
    rest of the challenge")."""
    player = view["players"][seat]
    return None if player["zapped"] else player["power"]


def flare_of(view: dict[str, Any], seat: int) -> tuple[str, bool] | None:
    """The flare ``seat`` played this challenge and whether it still acts as played: a Super
    stops once its power is zapped (RULEBOOK 5, RULINGS.md 24)."""
    player = view["players"][seat]
    if player["flare"] is None:
        return None
    if player["flare_super"] and active_power(view, seat) != player["flare"]:
        return None
    return player["flare"], bool(player["flare_super"])


def first_to_play(view: dict[str, Any]) -> tuple[int, ...]:
    """Who is asked first for a challenge card: Oracle's opponent alone, face up (RULINGS.md
    19); Laser's Super: "your opponent's card ... is played face up before you choose yours";
    Laser's Super against an Oracle, or two Oracles, cancel: both at once (RULINGS.md 24)."""
    table = Table(view)
    oracles = [s for s in table.mains if active_power(view, s) == "oracle"]
    laser = [s for s in table.mains if flare_of(view, s) == ("laser", True)]
    if laser:
        return tuple(sorted(table.mains)) if oracles else (table.opponent(laser[0]),)
    return (table.opponent(oracles[0]),) if len(oracles) == 1 else tuple(sorted(table.mains))


def card_choices(view: dict[str, Any], seat: int, hand: list[str], square: int | None) -> set[str]:
    """A main player's challenge cards: at random against an active Laser (its Super's owner
    has the power); only Attacks, when it holds one, against Laser's Wild ("your opponent must
    play an Attack card if it holds one"); never a flare."""
    other = Table(view).opponent(seat)
    if active_power(view, other) == "laser":
        return {"play random"}
    attacks = {face for face in hand if card_value(face, square) is not None}
    if flare_of(view, other) == ("laser", False) and attacks:
        return {f"play {face}" for face in attacks}
    return {f"play {face}" for face in attacks | ({"c"} & set(hand))}


def kept_cards(view: dict[str, Any], cards: tuple[str, str]) -> dict[int, list[str]]:
    """Clone's flares at the outcome: its Wild, "your challenge card returns to your hand"; its
    Super, "your opponent's challenge card goes to your hand too" (the Clone power keeps its
    own card as the Wild does). What each main player takes into its hand of the two cards."""
    table = Table(view)
    kept: dict[int, list[str]] = {seat: [] for seat in table.mains}
    for index, seat in enumerate(table.mains):
        if active_power(view, seat) == "clone" or flare_of(view, seat) in (("clone", False), ("clone", True)):
            kept[seat].append(cards[index])
        if flare_of(view, seat) == ("clone", True):
            kept[seat].append(cards[1 - index])
    return kept


# Macron's power: "each of your tokens counts four" (powers' text); its Wild: one token counts
# four, that is three more than one.
MACRON_WORTH = 4


def worth(view: dict[str, Any], seat: int) -> int:
    return MACRON_WORTH if active_power(view, seat) == "macron" else 1


def side_total(view: dict[str, Any], side: int, value: int) -> int:
    """A side's total when two Attacks meet, with the powers acting (Macron's tokens, Virus's
    card times its own tokens, RULINGS.md 19) and the flares played that still act: Virus's
    Super, the card times every token of the side; Virus's Wild, the main player's own tokens
    count two; Anti-Matter's Wild (the opponent's) or Super (its own), the allies' tokens taken
    from the total; Macron's Wild, one token of its player counting four: three more, added
    where that token counts (inside a Virus's product when it is one of the tokens multiplied)."""
    table = Table(view)
    main, other = table.mains[side], table.mains[1 - side]
    mine = flare_of(view, main)
    own = table.own_tokens(main) * worth(view, main)
    allies_on_side = [(s, t) for s, (sd, t) in table.allies.items() if sd == side]
    allies = sum(t * worth(view, s) for s, t in allies_on_side)
    # Macron's Wild, for the main player and for its allies.
    bonus_main = 3 if mine == ("macron", False) and table.own_tokens(main) > 0 else 0
    bonus_allies = sum(3 for s, t in allies_on_side if t > 0 and flare_of(view, s) == ("macron", False))
    if mine == ("virus", True):
        return value * (own + bonus_main + allies + bonus_allies)
    if mine == ("virus", False):
        own *= 2
    allies += bonus_allies
    if flare_of(view, other) == ("anti-matter", False) or mine == ("anti-matter", True):
        allies = -allies
    if active_power(view, main) == "virus":
        return value * (own + bonus_main) + allies
    return value + own + bonus_main + allies


def flared_outcome(view: dict[str, Any], cards: tuple[str, str]) -> tuple[str | None, list[int] | None,
                                                                          dict[int, tuple[int, str]]]:
    """The outcome of the revealed cards [offence's, defence's] with powers and flares, from the
    spectator's view at the reveal: the winning side (None: a deal is to be made), the totals
    of two Attacks, and where each losing seat's tokens go (count, ``home``, ``warp`` or
    ``removed``). The tokens that would be lost go home for a Zombie (power or Wild), a
    Pacifist's Wild, a Zombie Super's allies; else out of the game against a winning Void
    (power: every loser's; Wild: the losing main player's; Super, from any seat of the winning
    side: every loser's); else to the warp."""
    table = Table(view)
    values = [card_value(cards[0], view["square"]), card_value(cards[1], view["square"])]
    totals = None
    if values[0] is not None and values[1] is not None:
        totals = [side_total(view, side, v) for side, v in enumerate(values) if v is not None]
        lower = any(active_power(view, m) == "anti-matter" for m in table.mains)
        offence_wins = totals[0] < totals[1] if lower else totals[0] > totals[1]
    elif values[0] is None and values[1] is None:
        pacifist = [m for m in table.mains if flare_of(view, m) == ("pacifist", True)]
        if not pacifist:
            return None, None, {}
        offence_wins = pacifist[0] == table.offence
    else:
        compromiser = table.offence if values[0] is None else table.defence
        wins = active_power(view, compromiser) == "pacifist"
        offence_wins = (compromiser == table.offence) == wins
    win = 0 if offence_wins else 1
    winner = table.mains[win]
    loser = table.mains[1 - win]
    lost = {loser: table.own_tokens(loser)}
    lost.update({s: t for s, (sd, t) in table.allies.items() if sd == 1 - win})
    fates: dict[int, tuple[int, str]] = {}
    for seat, count in lost.items():
        if not count:
            continue
        flare = flare_of(view, seat)
        home = (active_power(view, seat) == "zombie" or flare in (("zombie", False), ("pacifist", False))
                or (seat not in table.mains and flare_of(view, loser) == ("zombie", True)))
        removed = (active_power(view, winner) == "void" or (seat == loser and flare_of(view, winner) == ("void", False))
                   or any(flare_of(view, s) == ("void", True) and table.side(s) == win for s in range(table.n)))
        fates[seat] = (count, "home" if home else "removed" if removed else "warp")
    return "offence" if offence_wins else "defence", totals, fates
