"""Quirks, Quirks Solitaire and Quirkling drawn as plain text for a terminal, from a view only.

The table as a player sees it: the climate, whose turn it is and what the rules ask of them,
the niches with their QUiRKS (card number, trait, and the climate codes the viewer may read:
O ocean, F forest, P plain, D desert, J jungle), each player's hand size and extinctions, and
the viewer's hand. Every line fits 80 columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from quarkade.core.words import joined, plural, seat_name, wrap

WIDTH = 80
_CODES = "climate codes: O ocean, F forest, P plain, D desert, J jungle"

# What the rules ask at each step of a turn, by the view's ``stage``.
_QUIRKS_STEPS = {
    "setup": "make your lower QUiRKS from its A card and the B card or the C card",
    "choose-niche": "choose the niche to play in (advanced game)",
    "upper-owned": "you hold this upper niche: mutate your QUiRKS there, or draw another destiny marker",
    "climate": "move the climate marker one or two spaces",
    "random-mutation": "the climate marker crossed an X: replace one card of a QUiRKS or of your hand",
    "action": ("act in the niche as the rules allow there: mutate your QUiRKS, place a new one or compete "
               "(the turn ends when none can be done)"),
    "lower-defence": "your lower QUiRKS is challenged: accept the competition or give up the niche",
    "lower-attack": "the defender accepted: fight, or give up",
    "intelligence": "ask for intelligence: roll, or look at the table",
    "upper-complete": "complete your QUiRKS for the competition for the upper niche",
    "upper-sealed": "choose face up (compete) or face down (withdraw); the choices are shown together",
    "demote": "your QUiRKS loses the upper niche: discard a card bearing the climate's code",
    "concede-defender": "both QUiRKS are face up: concede, or hold on and count",
    "concede-challenger": "both QUiRKS are face up: concede, or fight and count",
    "after-win": "you won the competition: continue with another action, or end your turn",
    "surplus": "your hand holds too many cards of a stack: discard one",
    "defence": "a player holds the three upper niches: challenge with your lower QUiRKS, or decline",
}
_SOLITAIRE_STEPS = {
    "start": "begin the game",
    "action": "change one card of a QUiRKS (exchange with your hand or draw), or count your QUiRKS",
    "climate": "move the climate marker one or two zones",
    "random-mutation": "the climate marker crossed an X: replace one card of a QUiRKS",
    "counting": "count the next QUiRKS, or stop (the QUiRKS counted become extinct branches)",
}
_QUIRKLING_STEPS = {
    "request": "ask a player for a card of a stack, or take the top of the discard pile",
    "give": "you are asked for a card: give one of that stack, or say you have none",
    "make": "make a QUIRKLING from three cards of your hand, or go on",
    "refill": "draw a card to refill your hand",
    "refill-draw": "draw a card to refill your hand",
    "discard": "discard a card",
}


def table_label(seat: int) -> str:
    """A seat on the drawn table, numbered as the game's log lines number it."""
    return f"Seat {seat}"


def _who(seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "nobody"
    return "you" if seat == viewer else table_label(seat)


def _wrap(text: str, indent: str = "    ") -> list[str]:
    return wrap(text, indent, WIDTH)


def card_text(card: dict[str, Any]) -> str:
    """``A6 Orchid bloom [OJ]``: the number, the trait and the codes when readable."""
    codes = f" [{card['codes'] or '-'}]" if "codes" in card else ""
    return f"{card['number']} {card['trait']}{codes}"


def _quirks_text(quirks: dict[str, Any] | None, viewer: int | None) -> str:
    if quirks is None:
        return "empty"
    owner = f"{_who(quirks['owner'], viewer)}: " if "owner" in quirks else ""
    return f"{owner}{quirks['name'] or '—'} ({', '.join(card_text(c) for c in quirks['cards']) or 'no cards'})"


def _climate(view: dict[str, Any]) -> str:
    climate = view["climate"]
    return f"Climate: {climate['name'].upper()} (zone {climate['zone']}, space {climate['space']})"


def _turn(view: dict[str, Any], steps: dict[str, str]) -> list[str]:
    viewer = view.get("seat")
    to_act = view.get("to_act") or []
    if view.get("is_over"):
        return ["The game is over."]
    if not to_act:
        return ["Waiting."]
    who = " and ".join(_who(s, viewer) for s in to_act)
    what = steps.get(view["stage"], "act")
    return _wrap(f"{who[0].upper()}{who[1:]}: {what}.")


def _hand(view: dict[str, Any]) -> list[str]:
    hand = view.get("hand")
    if hand is None:
        return []
    lines = ["", f"Your hand ({_CODES}):" if hand else "Your hand: empty"]
    for card in hand:
        lines.append(f"  {card['stack']:<12} {card_text(card)}"[:WIDTH])
    return lines


def _render_quirks(view: dict[str, Any]) -> list[str]:
    viewer = view.get("seat")
    niche = f" · destiny: the {view['niche'].upper()} niche" if view.get("niche") else ""
    lines = [f"{_climate(view)} · turn {view['turns'] + 1}{niche}", *_turn(view, _QUIRKS_STEPS), ""]
    for entry in view["niches"]:
        lines.append(f"{entry['niche'].upper()} niche")
        lines.extend(_wrap(f"  upper: {_quirks_text(entry['upper'], viewer)}", "         "))
        lines.extend(_wrap(f"  lower: {_quirks_text(entry['lower'], viewer)}", "         "))
    contest = view.get("contest")
    if contest:
        defender = f" against {_who(contest['defender'], viewer)}" if contest.get("defender") is not None else ""
        lines.append("")
        lines.extend(_wrap(f"Competition for the {contest['kind']} {contest['niche']} niche: "
                           f"{_who(contest['attacker'], viewer)}{defender}."))
        if contest.get("faces"):
            faces = ", ".join(f"{_who(int(s), viewer)} face {'up' if up else 'down'}"
                              for s, up in contest["faces"].items())
            lines.extend(_wrap(f"Shown: {faces}."))
    lines.append("")
    lines.append("Players")
    for player in view["players"]:
        seat = player["seat"]
        facts = [f"{player['hand_size']} cards in hand", plural(player["extinctions"], "extinction")]
        if player.get("upper_niches"):
            facts.append("upper niches: " + ", ".join(player["upper_niches"]))
        if player.get("eliminated"):
            facts.append("out of the game")
        name = table_label(seat) + (" (you)" if seat == viewer else "")
        lines.extend(_wrap(f"  {name}: {', '.join(facts)}"))
    return lines + _hand(view)


def _render_solitaire(view: dict[str, Any]) -> list[str]:
    needed = view["thresholds"].get(view["climate"]["name"])
    niche = f" · destiny: the {view['niche'].upper()} niche" if view.get("niche") else ""
    lines = [f"{_climate(view)}{niche}", f"To win here your QUiRKS must total {needed} or more; "
             f"{view['extinctions']} of 3 extinctions.", *_turn(view, _SOLITAIRE_STEPS), ""]
    for quirks in view["quirks"]:
        lines.extend(_wrap(f"{quirks['niche'].upper():<10} {_quirks_text(quirks, view.get('seat'))}", " " * 11))
    if view.get("counted"):
        lines.append("Counted so far: " + ", ".join(f"{c['niche']} {c['total']}" for c in view["counted"]))
    return lines + _hand(view)


def _render_quirkling(view: dict[str, Any]) -> list[str]:
    viewer = view.get("seat")
    top = view.get("discard_top")
    lines = [*_wrap(f"{_climate(view)} · {view['stack']} cards in the stack · discard pile: "
                    + (card_text(top) if top else "empty")), *_turn(view, _QUIRKLING_STEPS),
             "Goal: be the first to make a plant, a herbivore and a carnivore.", ""]
    for player in view["players"]:
        seat = player["seat"]
        made = ", ".join(f"{q['niche']} {q['name']}" for q in player["quirklings"]) or "no QUIRKLING yet"
        name = table_label(seat) + (" (you)" if seat == viewer else "")
        lines.extend(_wrap(f"  {name}: {player['hand_size']} cards in hand; {made}"))
    return lines + _hand(view)


def render_text(view: dict[str, Any]) -> str:
    """The table of any of the three games, as the view's seat sees it.

    >>> import quarkade
    >>> text = render_text(quarkade.load("quirks", players=3).new_game(seed=1).view(0).to_json())
    >>> "PLANT niche" in text and "Your hand" in text
    True
    """
    game = view.get("game")
    if game == "quirks-solitaire":
        lines = _render_solitaire(view)
    elif game == "quirkling":
        lines = _render_quirkling(view)
    else:
        lines = _render_quirks(view)
    return "\n".join(line.rstrip() for line in lines)


def _why(view: dict[str, Any]) -> str | None:
    """The reason the game ended, as its last log line gives it."""
    for entry in reversed(view.get("log") or []):
        if isinstance(entry, dict) and entry.get("event") == "over":
            why = entry.get("why")
            return str(why) if why else None
    return None


def result_text(view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """Who won and why, in the rulebook's terms (a Quirks score is 1 for the winner, 0 else)."""
    game = view.get("game")
    why = _why(view)
    if game == "quirks-solitaire":
        climate = view["climate"]["name"].upper()
        if view.get("won"):
            total = sum(c["total"] for c in view.get("counted", []))
            return (f"{seat_name(0, names)} wins: the three QUiRKS total {total} in the {climate}, "
                    f"at least the {view['thresholds'][view['climate']['name']]} needed there.")
        reason = str(view.get("result") or why or "the game is lost")
        if reason[:1].isdigit():
            reason = f"the three QUiRKS counted {reason}"
        return f"{seat_name(0, names)} loses: {reason}."
    winners = view.get("winners") or []
    who = joined([seat_name(s, names) for s in winners])
    verb = "win" if len(winners) > 1 else "wins"
    if not winners:
        return "Nobody wins" + (f" ({why})." if why else ".")
    if game == "quirkling":
        if why == "turn limit reached":
            return (f"{who} {verb} at the turn limit, with the most kinds of QUIRKLING made "
                    "(the score is 1 for a winner, 0 for the others).")
        return f"{who} {verb}: the first to make a plant, a herbivore and a carnivore QUIRKLING."
    if why == "last player in the game":
        reason = "the only player left, every other one out after three extinctions"
    elif why == "turn limit reached":
        reason = ("the turn limit was reached, and it holds the most niches (an upper niche counts two, a lower "
                  "one; fewer extinctions break a tie)")
    else:
        reason = "its QUiRKS hold the three upper niches, and no lower QUiRKS dislodged them"
    return f"{who} {verb}: {reason}. (The score is 1 for the winner, 0 for the others.)"


# What each verb of the notation does, in the game's words, for the terminal's help.
VERBS = {
    "setup": "make your lower QUiRKS from its A card and either the B card (setup b) or the C card (setup c)",
    "niche": "choose the niche to play in: niche plant, niche herbivore, niche carnivore",
    "redraw": "draw another destiny marker",
    "mutate": "change a card of a QUiRKS: mutate CARD (draw) or mutate CARD for HAND-CARD",
    "climate": "move the climate marker: climate 1 or climate 2",
    "place": "put a new QUiRKS from your hand into the niche: place CARD CARD [CARD]",
    "compete": "challenge the upper niche with your lower QUiRKS",
    "pass": "let a competition for your lower niche go",
    "accept": "accept the competition for your lower niche",
    "give-up": "give up the competition",
    "fight": "stay in the competition",
    "complete": "complete the challenger's QUiRKS: complete drawn, or complete CARD from your hand",
    "face-up": "compete face up", "face-down": "withdraw face down",
    "discard": "discard a card: discard CARD",
    "concede": "concede: your QUiRKS leaves the niche",
    "hold": "hold on: the adaptation potentials are counted",
    "roll": "the Intelligent Race: roll the die",
    "table": "the Intelligent Race: use the table",
    "continue": "take another action this turn",
    "end": "end your turn",
    "challenge": "challenge an upper niche with your lower QUiRKS",
    "decline": "let the chance to challenge go",
    "replace": "replace a card: replace CARD",
    "count": "count a QUiRKS: count NICHE",
    "stop": "stop counting (the QUiRKS counted die out)",
    "ask": "ask a player for a card of a stack: ask SEAT STACK",
    "give": "give the card asked for: give CARD",
    "none": "say you have no card of the stack asked for",
    "draw": "draw a card: draw stack or draw discard",
    "make": "make a QUIRKLING from your hand: make CARD CARD CARD",
}
