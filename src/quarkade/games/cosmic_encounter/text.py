"""Cosmic Encounter drawn as plain text for a terminal, from a view only (never the state).

Everything fits 80 columns. Planets are named as players call them (``planet_words``): under
each seat's line its planets 1 to 5, elsewhere "seat 1's planet 4" ("your planet 4" to seat 1);
the notation's id of each (``1.3``) is what a player types. Tokens are written ``seat=count``:
``planet 4: 1=4 0=2`` under seat 1 holds four of seat 1's tokens and two of seat 0's. The planet
the cone aims at is marked ``>``; a line above the systems says so (``PLANETS``), and each
seat's power is told in a line under its own. With Quarks, the Phase Diagram is a table of its
twelve squares with the State Indicator's square in brackets::

    Phase Diagram: State Indicator on [square 6]; a Quark = its number + this
      square    1    2    3    4    5 [ 6]    7    8    9   10   11   12
      Up        0   +2   +4   +8   +4 [+2]    0   -2   -4   -8   -4   -2
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from quarkade.core.words import joined, plural, seat_name
from quarkade.games.cosmic_encounter.components import FLAVOURS, SQUARES, WIN_BASES, planet_place, planet_words
from quarkade.games.cosmic_encounter.flares import BY_NAME
from quarkade.games.cosmic_encounter.moves import DEAL_CARDS
from quarkade.games.cosmic_encounter.powers import POWERS

WIDTH = 80
PLANETS = ("Planets 1-5 under each seat: SEAT=TOKENS (1=4 0=2: 4 tokens of seat 1, 2 of seat 0); > the cone's "
           "target. In notation, seat 1's planet 4 is 1.3.")
POWER_TEXTS = {power.name: power.text for power in POWERS}
STEP_WORDS = {
    "regroup": "regroup", "destiny": "destiny", "launch": "launch", "invite-offence": "the offence invites allies",
    "invite-defence": "the defence invites allies", "alliance": "allies answer", "edicts": "edicts and flares",
    "trade": "trade", "cards": "challenge cards", "deal": "a deal", "rewards": "defensive rewards",
    "again": "a second challenge?", "place": "tokens placed", "over": "game over",
}
WINDOW_WORDS = {
    "start": "the cone is aimed, before launch", "alliances": "after alliances, before the cards",
    "reveal": "the cards are face up, before the outcome",
}
PLACING = {"home": "returns a token", "lose": "loses a token", "base": "moves a token to a deal's base"}
WINNER_WORDS = {
    "offence": "the offence wins", "defence": "the defence wins", "deal": "a deal is made",
    "no deal": "no deal: each main player loses three tokens",
}


def card_name(card: dict[str, Any] | None) -> str:
    """``Attack 8``, ``Up Quark 10 (now 14)``, ``Compromise``, ``zap edict``, ``macron flare``."""
    if not card:
        return "face down"
    kind = card["kind"]
    if kind == "attack":
        return f"Attack {card['value']}"
    if kind == "compromise":
        return "Compromise"
    if kind == "quark":
        return f"{card['flavour'].capitalize()} Quark {card['printed']} (now {card['value']})"
    if kind == "flare":
        return f"{card['card'].removeprefix('flare-')} flare"
    return f"{card['card']} edict"


def _signed(number: int) -> str:
    return f"+{number}" if number > 0 else str(number)


def phase_lines(view: dict[str, Any]) -> list[str]:
    """The Phase Diagram with the State Indicator's square in brackets (empty without Quarks)."""
    square = view.get("square")
    if square is None:
        return []

    def row(label: str, cells: list[str]) -> str:
        shown = [f"[{c:>2}]" if i == square else f" {c:>3}" for i, c in enumerate(cells)]
        return (f"  {label:<7}" + " ".join(shown)).rstrip()

    lines = [f"Phase Diagram: State Indicator on [square {square + 1}]; a Quark = its number + this",
             row("square", [str(i + 1) for i in range(len(SQUARES))])]
    for flavour, name in enumerate(FLAVOURS):
        lines.append(row(name.capitalize(), [_signed(s[flavour]) if s[flavour] else "0" for s in SQUARES]))
    return lines


def _tokens(row: list[int]) -> str:
    return " ".join(f"{seat}={count}" for seat, count in enumerate(row) if count) or "-"


def system_lines(view: dict[str, Any]) -> list[str]:
    """One block a seat: its power, bases, hand and warp, then its five planets."""
    me = view.get("seat")
    encounter = view.get("encounter") or {}
    allies = {a["seat"]: a["side"] for a in encounter.get("allies") or []}
    lines = []
    for player in view.get("players") or []:
        seat = player["seat"]
        roles = []
        if seat == view.get("offence"):
            roles.append("OFFENCE")
        if seat == encounter.get("defender"):
            roles.append("DEFENCE")
        if seat in allies:
            roles.append(f"ally of the {allies[seat]}")
        power = player["power"] or "no power"
        if player["zapped"]:
            power += " (zapped)"
        if player["flare"]:
            power += f" + {player['flare']} flare ({'super' if player['flare_super'] else 'wild'})"
        head = (f"Seat {seat}{' (you)' if seat == me else ''}: {power}; foreign bases {player['foreign_bases']}/5,"
                f" {player['hand_size']} card{'' if player['hand_size'] == 1 else 's'}, {player['warp']} in the warp")
        if player["removed"]:
            head += f", {player['removed']} out of the game"
        if roles:
            head += " - " + ", ".join(roles)
        lines.append(head)
        if player["power"] in POWER_TEXTS:
            lines.append(f"    {player['power']}: {POWER_TEXTS[player['power']]}")
        # under its seat's line, a planet is named by its number in the system alone
        cells = [f"{'>' if p['planet'] == encounter.get('target') else ' '}planet {planet_place(p['planet'])[1]}:"
                 f" {_tokens(p['tokens'])}" for p in view.get("planets") or [] if p["system"] == seat]
        lines.extend(_columns(cells, "  "))
    return lines


def _columns(cells: list[str], indent: str) -> list[str]:
    """Cells side by side, as many as fit a line."""
    lines: list[str] = []
    current = indent
    for cell in cells:
        piece = cell.ljust(14)
        if current.strip() and len(current) + len(piece) > WIDTH:
            lines.append(current.rstrip())
            current = indent
        current += piece + " "
    if current.strip():
        lines.append(current.rstrip())
    return lines


def encounter_lines(view: dict[str, Any]) -> list[str]:
    """Destiny, the cone, both sides with their allies and cards, the result, the deal."""
    enc = view.get("encounter") or {}
    offence, defender, me = view.get("offence"), enc.get("defender"), view.get("seat")
    lines = []
    drawn = enc.get("drawn")
    aim = f"; the cone aims at {planet_words(enc['target'], me)}" if enc.get("target") else ""
    lines.append(f"Challenge {view.get('challenge', 1)}: destiny " +
                 (f"drew seat {drawn}'s colour" if drawn is not None else "not drawn yet") + aim)
    window = enc.get("window")
    if view.get("step") == "edicts" and window:
        lines.append(f"  Edict window open: {window} ({WINDOW_WORDS.get(window, window)})")
    if view.get("step") == "alliance":
        invited = [f"seat {seat} by the {' and the '.join(sides)}"
                   for seat, sides in enumerate(enc.get("invited") or []) if sides]
        if invited:
            lines.append("  Invited: " + "; ".join(invited))
    result = enc.get("result")
    shown = enc.get("cards") or {}
    planets = {p["planet"]: p["tokens"] for p in view.get("planets") or []}
    for index, (side, seat) in enumerate((("offence", offence), ("defence", defender))):
        if seat is None:
            continue
        if side == "offence":
            tokens = f"{enc.get('cone', 0)} in the cone"
        else:
            # (the challenge's line above names the target)
            tokens = f"{planets[enc['target']][seat]} on the target" if enc.get("target") else "-"
        allies = [f"seat {a['seat']} ({a['tokens']})" for a in enc.get("allies") or [] if a["side"] == side]
        if result:
            card = card_name(result["cards"][index])
        elif str(seat) in shown:
            card = card_name(shown[str(seat)])
        elif seat == me and view.get("own_card"):
            card = card_name(view["own_card"]) + " (yours, sealed)"
        elif seat in (enc.get("played") or []):
            card = "played face down"
        else:
            card = "-"
        total = f", total {result['totals'][index]}" if result and result.get("totals") else ""
        lines.append(f"  {side.capitalize()} seat {seat}: {tokens}; allies {', '.join(allies) or 'none'};"
                     f" card {card}{total}")
    if result:
        compromises = all(card["kind"] == "compromise" for card in result["cards"])
        lines.append("  Result: " + (WINNER_WORDS.get(result["winner"], result["winner"]) if result["winner"]
                                     else "two Compromises: a deal is being made" if compromises
                                     else "the cards are face up; the outcome follows the window"))
    if view.get("step") == "deal":
        # The engine reads no clock: the web times the deal's minute, the terminal does not
        # (RULINGS.md 15), and a side ends it with 'timeout'.
        seconds = (view.get("options") or {}).get("deal_seconds") or 60
        lines.append(f"  Deal: up to {plural(DEAL_CARDS, 'card')} each way, and bases. Untimed here (the web "
                     f"gives {seconds} seconds): 'timeout' ends it with no deal (3 tokens lost each)")
        left = enc.get("offers_left")
        if left:
            lines.append(f"  Offers left: seat {offence} {left[0]}, seat {defender} {left[1]}")
        for index, offer in enumerate(enc.get("offers") or []):
            if offer:
                # The faces given are told to the two main players only.
                terms = (offer["notation"].removeprefix("offer ") if offer["notation"] else
                         f"give {plural(offer['gives'], 'card')}, get {plural(offer['get'], 'card')}, "
                         f"base {offer['base']}")
                lines.append(f"  Seat {(offence, defender)[index]} offers: {terms}")
    placing = [f"seat {p['seat']} {PLACING[p['kind']]} x{p['count']}" for p in enc.get("placements") or []]
    if placing:
        lines.append("  Tokens to place: " + "; ".join(placing))
    warp = ", ".join(f"seat {p['seat']} {p['warp']}" for p in view.get("players") or [] if p["warp"])
    deck, destiny = view.get("deck") or {}, view.get("destiny") or {}
    lines.append(f"Warp: {warp or 'empty'}.  Deck {deck.get('cards', 0)}, discards "
                 f"{len(deck.get('discards') or [])}; destiny {destiny.get('cards', 0)}")
    return lines


def render_text(view: dict[str, Any]) -> str:
    """The whole table as text, at most 80 columns wide."""
    options = view.get("options") or {}
    step = STEP_WORDS.get(view.get("step", ""), view.get("step", ""))
    lines = [f"COSMIC ENCOUNTER{' with Quarks' if options.get('quarks') else ''} - turn {view['turn']}"
             f" (limit {view['turn_limit']}), seat {view['offence']}'s; now: {step}"]
    lines.extend(phase_lines(view))
    lines.append(PLANETS)
    lines.extend(system_lines(view))
    lines.extend(encounter_lines(view))
    if view.get("seen_hand"):
        seen = view["seen_hand"]
        lines.append(f"Seat {seen['seat']}'s hand (Mind): " + ", ".join(map(card_name, seen["cards"])))
    if "hand" in view:
        hand = view["hand"]
        lines.append("Your hand: " + (", ".join(card_name(card) for card in hand) if hand else "empty"))
        mine = next((p["power"] for p in view.get("players") or [] if p["seat"] == view.get("seat")), None)
        lines.extend(flare_lines([card for card in hand if card["kind"] == "flare"], mine))
    if view.get("is_over"):
        winners = view.get("winners") or []
        lines.append("Game over: " + (", ".join(f"seat {w}" for w in winners) or "no one") + " won" +
                     (" at the turn limit" if at_turn_limit(view) else ""))
    return "\n".join(_wrap(line) for line in lines)


def flare_lines(cards: list[dict[str, Any]], power: str | None) -> list[str]:
    """Each flare in the hand with its two halves and their windows: Wild for a player without
    its power, Super for its owner (``power``: the reader's own)."""
    lines = []
    for name in dict.fromkeys(card["card"].removeprefix("flare-") for card in cards):
        flare = BY_NAME.get(name)
        if flare is None:
            continue
        owner = " (yours: you may play its Super)" if name == power else ""
        lines.append(f"  {name} flare{owner}: Wild ({flare.wild_window} window): {flare.wild_text}")
        lines.append(f"    Super ({flare.super_window} window): {flare.super_text}")
    return lines


def _wrap(line: str) -> str:
    """Long lines (a big hand, many allies) broken to fit the width."""
    if len(line) <= WIDTH:
        return line
    return textwrap.fill(line, WIDTH, subsequent_indent="    ", break_on_hyphens=False)


def at_turn_limit(view: dict[str, Any]) -> bool:
    """An ended game with no one holding the winning number of foreign bases ended at the turn
    limit (reaching them ends the game at once, so the two ends never meet)."""
    return bool(view.get("is_over")) and all(p["foreign_bases"] < WIN_BASES for p in view["players"])


def result_text(view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """Who holds five foreign bases, or who has the most when the turn limit ends the game."""
    winners = view.get("winners") or []
    who = joined([seat_name(seat, names) for seat in winners]) or "Nobody"
    verb = "win" if len(winners) > 1 else "wins"
    if at_turn_limit(view):
        bases = max((p["foreign_bases"] for p in view["players"]), default=0)
        return (f"{who} {verb} at the turn limit (turn {view['turn_limit']}) with the most foreign bases, "
                f"{bases}; no one reached {WIN_BASES}.")
    return f"{who} {verb} with {WIN_BASES} foreign bases."


# What each verb of the notation does, in the game's words, for the terminal's help.
VERBS = {
    "regroup": "bring a token back from the warp onto a planet of yours: regroup PLANET",
    "aim": "aim the cone at a planet of the colour destiny drew: aim PLANET (aim PLANET at SEAT for your own colour)",
    "draw": "destiny drew your own colour: draw another destiny card (draw again)",
    "launch": "put 1 to 4 tokens in the cone, naming the base of each: launch PLANET [PLANET ...]",
    "invite": "invite allies: invite SEAT [SEAT ...] or invite none",
    "ally": "join a side with 1 to 4 tokens: ally offence|defence PLANET [PLANET ...]",
    "decline": "stay out of the challenge",
    "trade": "Trader: swap hands with your opponent",
    "keep": "Trader: keep your hand",
    "play": "play a challenge card, face down until both are in: play CARD",
    "offer": "offer a deal: offer give CARDS get NUMBER base none|mine|yours|both",
    "accept": "accept the standing offer, naming the cards you give: accept [CARDS]",
    "timeout": "let the deal's time run out",
    "reward": "a defensive ally's reward: reward NUMBER of cards (the rest in tokens)",
    "again": "have a second challenge this turn",
    "end": "end your turn",
    "pass": "play nothing (more) at this window",
    "edict": "play an edict: edict NAME [SEAT] (edict finder SEAT VALUE)",
    "flare": "play a flare: flare NAME [SEAT]",
    "home": "send a token back to your bases: home PLANET",
    "lose": "lose a token from your bases to the warp: lose PLANET",
    "base": "a deal's base: base PLANET from PLANET",
}
