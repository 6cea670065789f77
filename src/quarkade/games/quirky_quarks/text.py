"""Quirky Quarks drawn as plain text for a terminal, from a view only (never the state).

The table as a player sees it: the round and phase, whose turn it is and why, the
accelerators with their cards and bids, the Discovery Zone, every player's eV and completed
Quests, and the viewer's hand with each Quest's cost, power and points. A Quest on the table
(at an accelerator, in the Discovery Zone) shows its points, cost and power in brief where it
lies, and a completed one its points and power. Every line fits 80 columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from quarkade.core.words import joined, plural, seat_name, wrap
from quarkade.games.quirky_quarks.components import COMPONENTS, ROUNDS, Card, Power

WIDTH: Final = 80
_BY_ID: Final = {card.id: card for card in COMPONENTS.cards}
_DECKS: Final = {"particle": "Particle deck", "quest-i": "Quest I deck", "quest-ii": "Quest II deck"}
_PHASES: Final = {"funding": "Funding", "research": "Research", "ejection": "Ejection", "discovery": "Discovery",
                  "quest": "Quest", "over": "Game over"}


def table_label(seat: int) -> str:
    """A seat on the drawn table, numbered as the game's log lines number it."""
    return f"Seat {seat}"


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else table_label(seat)


def _name(card_id: str) -> str:
    card = _BY_ID.get(card_id)
    return card.name if card is not None else card_id


def _counted(counts: dict[str, int]) -> str:
    return ", ".join(_name(card) + (f" ×{count}" if count > 1 else "") for card, count in counts.items()) or "none"


def quest_line(card: Card, count: int = 1) -> str:
    """A Quest with its points and cost: ``Proton (p) 12 points; costs Up Quark ×2, …``."""
    cost: dict[str, int] = {}
    for kind in (*card.cost_particles, *card.cost_table):
        key = COMPONENTS.cards[kind].id
        cost[key] = cost.get(key, 0) + 1
    table = {COMPONENTS.cards[kind].id for kind in card.cost_table}
    parts = [_name(key) + (f" ×{n}" if n > 1 else "") + (" (completed)" if key in table else "")
             for key, n in cost.items()]
    held = f" ×{count}" if count > 1 else ""
    return f"{card.name}{held} ({card.symbol}) {plural(card.points, 'point')}; costs {', '.join(parts)}"


def power_brief(power: Power) -> str:
    """A Quest's power in a few words, for a card on the table: ``+2 eV each Ejection``."""
    amount = power.amount
    particle = _name(COMPONENTS.cards[power.particle].id) if power.particle >= 0 else ""
    briefs = {
        "discount": f"ignore one {particle} in a cost once a Quest phase",
        "eject_fewer": "may eject fewer cards, even none",
        "funding_ev": f"+{amount} eV each Funding of rounds 2-5",
        "eject_ev": f"+{amount} eV each Ejection",
        "gain_ev": f"+{amount} eV when completed",
        "funding_draw": f"+{plural(amount, 'card')} drawn each Funding of rounds 2-5",
        "eject_draw_before": f"draw {plural(amount, 'card')} as each Ejection starts",
        "eject_draw_after": f"draw {plural(amount, 'card')} as each Ejection ends",
        "bonus_per_other_quest": f"+{plural(amount, 'point')} per other Quest completed, at the end",
    }
    return briefs.get(power.kind, power.text)


def _table_quests(card_ids: Sequence[str], indent: str) -> list[str]:
    """Each Quest among cards on the table, once: its points, cost and power in brief."""
    lines = []
    for card_id in dict.fromkeys(card_ids):
        card = _BY_ID.get(card_id)
        if card is None or not card.is_quest:
            continue
        power = f"; power: {power_brief(card.power)}" if card.power is not None else ""
        lines.extend(_wrap(f"{indent}{quest_line(card)}{power}", indent + "  "))
    return lines


def _completed_text(counts: dict[str, int]) -> str:
    """Completed Quests with their points and power in brief: ``Gluonium (2 points; ignore …)``."""
    parts = []
    for card_id, count in counts.items():
        card = _BY_ID.get(card_id)
        if card is None:
            parts.append(card_id)
            continue
        power = f"; {power_brief(card.power)}" if card.power is not None else ""
        held = f" ×{count}" if count > 1 else ""
        parts.append(f"{card.name}{held} ({plural(card.points, 'point')}{' each' if held else ''}{power})")
    return ", ".join(parts) or "none"


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return wrap(text, indent, WIDTH)


def _ejecting(must: list[int]) -> str:
    """How many cards a seat ejects, from its ``must_eject`` bounds."""
    return plural(must[0], "card") if must[0] == must[1] else f"{must[0]} to {must[1]} cards"


def _turn(view: dict[str, Any]) -> str:
    """Whose turn it is, and what the rules ask of them."""
    viewer = view.get("seat")
    to_act = view.get("to_act") or []
    phase = view["phase"]
    flow = view["flow"]
    if view.get("is_over"):
        return "The game is over."
    if not to_act:
        return "Waiting."
    who = " and ".join(_who(s, viewer) for s in to_act)
    who = who[0].upper() + who[1:]
    # A Neutrino drawn at set-up is resolved before the deal goes on: asked first.
    if flow.get("neutrino"):
        left = flow["neutrino"]["draws_left"]
        if left:
            return f"{who}: resolve a Neutrino, {plural(left, 'more draw')} from any deck, then a discard."
        return f"{who}: resolve a Neutrino, discard one other card from your hand with it."
    if flow.get("setup_deals"):
        return f"{who}: draw the set-up cards from the decks."
    if flow.get("pending_draws"):
        return f"{who}: draw the cards owed from the decks of your choice."
    if phase == "research":
        return f"{who}: place your researcher: any bid at a free accelerator, or more than the bid at an occupied one."
    if phase == "ejection":
        # Each seat's own limits (one per five cards in its hand, Positronium, round 5): the
        # viewer's if it is asked, else each seat's, or once where they are alike.
        bounds = {p["seat"]: _ejecting(p["must_eject"]) for p in view["players"]
                  if p["seat"] in to_act and p.get("must_eject")}
        if viewer in bounds:
            rule = f" ({bounds[viewer]})"
        elif len(set(bounds.values())) == 1:
            rule = f" ({next(iter(bounds.values()))})"
        elif bounds:
            rule = " (" + "; ".join(f"{_who(seat, viewer)}: {said}" for seat, said in bounds.items()) + ")"
        else:
            rule = ""
        return f"{who}: choose cards to eject face down{rule}, then say ready; all are shown together."
    if phase == "discovery":
        auction = flow.get("auction")
        if auction:
            high = _who(auction["high_bidder"], viewer)
            return (f"{who}: raise on {_name(auction['card'])} (highest bid {auction['high_bid']} eV by {high}) "
                    "or pass.")
        return f"{who}: start a discovery in the Discovery Zone at {flow['min_bid']} eV or more, or pass."
    if phase == "quest":
        return f"{who}: complete Quests from your hand, then say done."
    return f"{who} to act."


def render_text(view: dict[str, Any]) -> str:
    """The round, whose turn and why, the accelerators, the players, the viewer's hand.

    >>> import quarkade
    >>> text = render_text(quarkade.load("quirky-quarks", players=3).new_game(seed=1).view(0).to_json())
    >>> text.splitlines()[0]
    'Round 1 of 5 · Funding phase · Starting Physicist: you'
    """
    viewer = view.get("seat")
    phase = _PHASES.get(view["phase"], view["phase"])
    lines = [f"Round {view['round']} of {ROUNDS} · {phase}" + (" phase" if view["phase"] != "over" else "")
             + f" · Starting Physicist: {_who(view['starting_physicist'], viewer)}"]
    lines.extend(_wrap(_turn(view)))
    lines.append("")
    lines.append("Accelerators")
    for accelerator in view["accelerators"]:
        bid = ""
        if accelerator.get("holder") is not None:
            bid = f" · bid {accelerator['bid']} eV by {_who(accelerator['holder'], viewer)}"
        lines.extend(_wrap(f"  {accelerator['name']} ({accelerator['id']}){bid}: "
                           + (", ".join(_name(c) for c in accelerator["cards"]) or "no cards"), "      "))
        lines.extend(_table_quests(accelerator["cards"], "      "))
    if view.get("discovery_zone"):
        zone: dict[str, int] = {}
        for card_id in view["discovery_zone"]:
            zone[card_id] = zone.get(card_id, 0) + 1
        lines.extend(_wrap("Discovery Zone: " + _counted(zone)))
        lines.extend(_table_quests(view["discovery_zone"], "    "))
    decks = view.get("decks", {})
    lines.extend(_wrap("Decks: " + " · ".join(f"{_DECKS.get(name, name)} {deck['cards']}"
                                              for name, deck in decks.items())))
    lines.append("")
    lines.append("Players")
    for player in view["players"]:
        seat = player["seat"]
        head = f"  {table_label(seat)}" + (" (you)" if seat == viewer else "")
        facts = [f"{player['ev']} eV", f"{plural(player['hand_size'], 'card')} in hand"]
        if player.get("neutrinos"):
            facts.append(f"{plural(player['neutrinos'], 'Neutrino')} to resolve")
        if player.get("researcher"):
            facts.append(f"researcher at {player['researcher']}")
        if "ready" in player:
            facts.append("ready" if player["ready"] else "choosing")
        if "score" in player:
            score = player["score"]
            facts.append(f"score {score['total']} ({plural(score['quests'], 'Quest point')}, "
                         f"{plural(score['bonus'], 'bonus point')}, {score['ev']} eV)")
        lines.extend(_wrap(head + ": " + ", ".join(facts), "      "))
        if player.get("completed"):
            lines.extend(_wrap("      completed: " + _completed_text(player["completed"]), "        "))
    hand = view.get("hand")
    if hand is not None:
        lines.append("")
        particles = {card: n for card, n in hand.items() if card in _BY_ID and not _BY_ID[card].is_quest}
        quests = [(card, n) for card, n in hand.items() if card in _BY_ID and _BY_ID[card].is_quest]
        lines.extend(_wrap("Your hand: " + _counted(particles)))
        if view.get("ejecting"):
            lines.extend(_wrap("Chosen to eject: " + ", ".join(_name(c) for c in view["ejecting"])))
        for card_id, count in quests:
            card = _BY_ID[card_id]
            lines.extend(_wrap(f"  Quest: {quest_line(card, count)}", "      "))
            if card.power is not None:
                lines.extend(_wrap(f"      power: {card.power.text}", "        "))
    return "\n".join(lines)


def result_text(view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """Who won and with what: ``Seat 3 wins with 52 points (Seat 1 48, Seat 2 41).``"""
    players = view.get("players", [])
    totals = {p["seat"]: p["score"]["total"] for p in players if isinstance(p.get("score"), dict)}
    if not totals:
        scores = view.get("scores") or []
        totals = {seat: int(score) for seat, score in enumerate(scores)}
    winners = view.get("winners") or []
    if not totals or not winners:
        return "The game is over."
    others = ", ".join(f"{seat_name(s, names)} {totals[s]}" for s in sorted(totals, key=lambda s: -totals[s])
                       if s not in winners)
    rest = f" ({others})" if others else ""
    if len(winners) == 1:
        text = f"{seat_name(winners[0], names)} wins with {plural(totals[winners[0]], 'point')}{rest}"
        tied = [s for s in totals if s not in winners and totals[s] == totals[winners[0]]]
        if tied:
            hands = {p["seat"]: p.get("hand_size", 0) for p in players}
            rule = ("more cards left in hand" if all(hands.get(s) != hands.get(winners[0]) for s in tied)
                    else "seated closer to the Starting Physicist")
            text += f", ahead on the tiebreaker: {rule}"
    else:
        who = joined([seat_name(s, names) for s in winners])
        text = f"{who} share the win with {plural(totals[winners[0]], 'point')} each{rest}"
    return text + "; a score is Quest points, bonuses and the eV left."


# What each verb of the notation does, in the game's words, for the terminal's help.
VERBS: Final = {
    "draw": "choose the deck to draw from: draw particle, draw quest-i or draw quest-ii",
    "discard": "the card a Neutrino makes you discard: discard CARD",
    "bid": "bid eV for an accelerator's cards: bid ACCELERATOR AMOUNT",
    "eject": "choose a card to eject (face down until all are ready): eject CARD",
    "ready": "say you have chosen your ejections",
    "discover": "start a discovery of a card in the Discovery Zone: discover CARD AMOUNT",
    "raise": "bid more for the card under discovery: raise AMOUNT",
    "pass": "let the discovery go to the others",
    "complete": "complete a Quest from your hand, paying its cost (with a discount or three of a kind)",
    "done": "end your Quest phase turn",
}
