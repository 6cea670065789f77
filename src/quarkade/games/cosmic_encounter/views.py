"""What each seat of Cosmic Encounter may know, as a view.

Hidden: every hand but one's own (counts only), the deck's and the destiny pile's order, a
main player's sealed challenge card until both are in (its owner sees it), and what a power
shows one seat (Mind's look at a hand: in that seat's view and log lines only). Cards are
shown as ``{"card": face, "kind": "attack" | "compromise" | "quark" | "edict" | "flare",
"value": the attack value now (Attacks and Quarks), "flavour": "up" | "down" | "strange" and
"printed": the printed number (Quarks)}``; a flare's face is ``flare-<power>``. Planets are written ``"system.planet"``.

A view is lazy past ``square``: each later key is made when it is read (a bot reads a few and
never the log), and only while the state is still at the position the view was made from; a
view to keep while the state moves on is made whole first (``View.whole``).

Every field of ``view.to_json()`` (besides ``game`` and ``seat``)::

    options        {"deck", "quarks", "powers", "edicts", "deal_seconds", "flares"}: the
                   host applies ``timeout`` when a deal has lasted ``deal_seconds``
    turn           turns started, from 1; ``turn_limit``: the house limit (RULINGS.md)
    offence        the offensive player; ``challenge``: 1 or 2 (the second of a turn)
    step           regroup, destiny, launch, invite-offence, invite-defence, alliance, edicts,
                   trade, cards, deal, rewards, again, place (tokens placed by their owner)
                   or over
    square         the State Indicator's square (0-11, the first is 0), null without Quarks
    players        one entry a seat: {"seat", "power": name or null, "zapped": bool, "flare":
                   the power whose flare it played this challenge or null, "flare_super":
                   that flare was played as a Super,
                   "hand_size", "warp": tokens in the warp, "removed": tokens out of the game,
                   "foreign_bases", "bases": tokens on its bases}
    planets        one entry a planet: {"planet": "s.p", "system", "tokens": tokens of each seat}
    deck           {"cards": how many to draw, "discards": faces, oldest first}
    destiny        {"cards": how many to draw, "discards": colours drawn, oldest first}
    encounter      the current challenge: {"window": the edict window open ("start": the
                   cone aimed, before launch; "alliances": before the cards; "reveal": the
                   cards face up, before the outcome) or null, "drawn": the destiny colour or null, "target":
                   "s.p" or null, "defender", "cone": tokens in the cone, "invited": for each
                   seat [sides that invited it], "allies": [{"seat", "side", "tokens"}],
                   "ally_order": invited seats in the order asked, "asking": how many of them
                   (or, at the trade step, main players) were asked, "passed": the edict
                   window's passes, "played": main players whose card is in, "cards": {seat:
                   card} face up while in play (the Oracle's opponent's, or both once
                   revealed), "result": once the cards are revealed, until the next challenge,
                   {"cards": [offence's, defence's], "totals": [offence, defence] for two
                   Attacks or null, "winner": "offence", "defence", "deal", "no deal" or null
                   at the reveal window and while a deal is being made}, "offers": [offence's,
                   defence's] standing deal offers or null, each {"give": the faces given
                   (to the two main players; null for others), "gives": how many, "get": cards
                   asked for, "base": none, mine, yours or both (said by the proposer),
                   "notation": the offer as written (main players only; null for others)},
                   "offers_left": [offence's, defence's] offers each may still make in the deal,
                   "rewards": defensive allies still to take their reward, "success": the
                   offence succeeded, "placements": tokens waiting for their owner's choice,
                   in the order asked: [{"seat", "kind": "home" (a token back to a base or
                   home planet), "lose" (a token lost from a base) or "base" (a deal's base),
                   "count"}], "resume": while placements are made, {"then": "rewards",
                   "finish" or the step to go back to, "to_act": the seats asked there}, else
                   null}
    hand           one's own cards (absent for a spectator)
    own_card       one's own sealed challenge card, null if none (absent for a spectator)
    seen_hand      Mind only: {"seat", "cards"} the opponent's hand as seen, or null
    to_act, is_over, winners (null until the game is over), scores
    log            the newest events, oldest first: {"event", "text", ...}; cards drawn or
                   taken are named to the seat that receives them only. The text names a
                   card in words ("Attack 8", "Up Quark 10", "Force Field edict"), its fields
                   by face: "faces" (cards revealed, shown or discarded for all to see),
                   "face" (a card played face up), "cards"/"card" (one seat's own), "give"
                   (an offer's cards, to its two parties). It names a planet in words, by
                   the seat whose home system holds it and its number there from 1 ("seat
                   1's planet 4" for "1.3": ``components.planet_words``), not by its id
"""

from __future__ import annotations

from collections.abc import Callable
from operator import eq, itemgetter
from typing import Any, Final

from mypy_extensions import mypyc_attr

from quarkade.core.game import BoundParts, View
from quarkade.core.log import read
from quarkade.games.cosmic_encounter.actions import BASES, SIDES, Offer
from quarkade.games.cosmic_encounter.components import (
    DECK_NAMES,
    EDICT_WORDS,
    FLAVOURS,
    PLANETS,
    SQUARES,
    Card,
    Edict,
    Kind,
    deck_cards,
    face_info,
    planet_words,
    quark_value,
)
from quarkade.games.cosmic_encounter.flares import FLARES
from quarkade.games.cosmic_encounter.moves import offers_left
from quarkade.games.cosmic_encounter.powers import POWER_NAMES, POWERS
from quarkade.games.cosmic_encounter.rules import TURN_LIMIT, CosmicState

LOG_LENGTH: Final = 40
# Every planet's name ("system.planet"), for the largest table (six systems).
PLANET_NAMES: Final = tuple(f"{planet // PLANETS}.{planet % PLANETS}" for planet in range(6 * PLANETS))
PLANET_SYSTEMS: Final = tuple(planet // PLANETS for planet in range(6 * PLANETS))
# The sides that invited a seat, by its ``invited`` bits (1: the offence, 2: the defence).
INVITED: Final = tuple(tuple(SIDES[side] for side in (0, 1) if bits & (1 << side)) for bits in range(4))
_NAME_OR_NONE = (*POWER_NAMES, None)  # a power's name by its index, -1 (none) giving None
_FACE_INFOS: dict[tuple[int, int], tuple[tuple[Card, ...], list[dict[str, Any]]]] = {}


def face_infos(cards: tuple[Card, ...], square: int) -> list[dict[str, Any]]:
    """Each card of a deck as views show it in a square of the Phase Diagram, by card id,
    worked out once: a view shows every discard. Keyed by the deck's identity (decks are
    few, and ``deck_cards`` keeps each alive); views copy the entries they use."""
    key = (id(cards), square)
    found = _FACE_INFOS.get(key)
    if found is None or found[0] is not cards:
        found = _FACE_INFOS[key] = (cards, [face_info(card, square) for card in cards])
    return found[1]


# Each planet's entry in the views' ``planets`` part, as last shown (no tokens yet: any row
# differs). An entry is a pure function of its planet and its row of the board, which every
# seat sees, so views share them while the row holds the same tokens: never change one.
_SHOWN_PLANETS: list[dict[str, Any]] = [{"planet": name, "system": system, "tokens": []}
                                        for name, system in zip(PLANET_NAMES, PLANET_SYSTEMS, strict=True)]
_TOKENS = itemgetter("tokens")

# Each seat's home system among the planets (a column of the board read by seat).
HOMES: Final = tuple(slice(seat * PLANETS, (seat + 1) * PLANETS) for seat in range(6))


def public_components() -> dict[str, Any]:
    return {
        "powers": [{"name": p.name, "text": p.text} for p in POWERS],
        "edicts": [e.value for e in Edict],
        "flares": [{"card": f"flare-{f.power}", "power": f.power, "wild": f.wild_text, "wild_window": f.wild_window,
                    "super": f.super_text, "super_window": f.super_window} for f in FLARES],
        "phase_diagram": [{FLAVOURS[f]: square[f] for f in range(3) if square[f]} for square in SQUARES],
        "decks": {name: [c.face for c in deck_cards(name, False, False)] for name in DECK_NAMES},
    }


# A subclass of a built-in type: a Python class where this module is compiled (docs/compiled.md).
@mypyc_attr(native_class=False)
class StaleView(RuntimeError):
    """A lazy part of a view was read after its state moved on (it would show the new state)."""


def view(s: CosmicState, seat: int | None) -> View:
    data: dict[str, Any] = {
        "options": s.game.options.copy(),
        "turn": s.turn,
        "turn_limit": TURN_LIMIT,
        "offence": s.offence,
        "challenge": s.challenge,
        "step": s.step._value_,  # (the member's value, without the property's look-up)
        "square": s.square if s.quarks else None,
    }
    made = Parts(_SPECTATOR_PARTS if seat is None else _SEAT_PARTS)
    made._state, made.seat, made.steps = s, seat, s.steps
    return View("cosmic-encounter", seat, data, made)


class Parts(BoundParts):
    """The lazy parts of one seat's view: each key to the function that makes it (bound to
    this object when read). Each reads the state as it is when the part is made, so it is
    made only while the state is still at the view's position (``StaleView`` once an action
    has been applied since).

    A view is made at every decision and most are read for one or two keys, or none: the
    parts are ``BoundParts``, their thirteen functions bound only when read."""

    __slots__ = ("_state", "seat", "steps")
    _state: CosmicState
    seat: int | None
    steps: int

    @property
    def s(self) -> CosmicState:
        s = self._state
        if s.steps != self.steps:
            raise StaleView("a view is read before its state's next action, or made whole before it (View.whole)")
        return s

    @property
    def infos(self) -> list[dict[str, Any]]:
        """The cards as shown in the view's square: looked up by the parts that show cards,
        after ``s`` has checked the state is still at the view's position."""
        s = self._state
        return face_infos(s.cards, max(s.square, 0))

    def players(self) -> list[dict[str, Any]]:
        s = self.s
        names, planets = _NAME_OR_NONE, PLANETS  # (read once, not at each seat)
        # Each seat's column of the board: its bases' tokens, and its foreign bases (the planets
        # it holds, less those of its home system). ``HOMES`` runs longer (the largest table).
        return [{
            "seat": p,
            "power": names[power],
            "zapped": zapped,
            "flare": names[flare],
            "flare_super": flare_super,
            "hand_size": len(hand),
            "warp": warp,
            "removed": removed,
            "foreign_bases": len(column) - column.count(0) - planets + column[home].count(0),
            "bases": sum(column),
        } for p, power, zapped, flare, flare_super, hand, warp, removed, column, home
            in zip(range(s.players), s.powers, s.zapped, s.flared, s.flare_super, s.hands, s.warp, s.removed,
                   zip(*s.tokens, strict=True), HOMES, strict=False)]

    def planets(self) -> list[dict[str, Any]]:
        rows = self.s.tokens
        # Most actions move a few tokens or none: the entries shown last are compared with the
        # board's rows in C, and only those of rows that changed are made again.
        shown = _SHOWN_PLANETS[:len(rows)]
        if not all(map(eq, rows, map(_TOKENS, shown))):
            for planet, row in enumerate(rows):
                if shown[planet]["tokens"] != row:
                    # The row is copied: the entry must not change when the state moves on.
                    shown[planet] = _SHOWN_PLANETS[planet] = {
                        "planet": PLANET_NAMES[planet], "system": PLANET_SYSTEMS[planet], "tokens": row[:]}
        return shown

    def deck(self) -> dict[str, Any]:
        s, infos = self.s, self.infos
        return {"cards": len(s.deck.cards), "discards": [dict(infos[c]) for c in s.deck.discards]}

    def destiny(self) -> dict[str, Any]:
        s = self.s
        return {"cards": len(s.destiny.cards), "discards": s.destiny.discards[:]}

    def encounter(self) -> dict[str, Any]:
        s, seat = self.s, self.seat
        played = s.played
        infos = self.infos if s.revealed or s.result is not None else []
        shown = {str(main): dict(infos[card]) for main, card in played.items()} if s.revealed else {}
        result = None
        if s.result is not None:
            off_card, def_card, totals, word = s.result
            result = {"cards": [dict(infos[off_card]), dict(infos[def_card])],
                      "totals": None if totals is None else list(totals), "winner": word or None}
        party = seat is not None and seat in s.mains
        then, resume_to_act = s.resume
        return {
            "window": s.window or None,
            "drawn": None if s.drawn < 0 else s.drawn,
            "target": None if s.target < 0 else PLANET_NAMES[s.target],
            "defender": None if s.defender < 0 else s.defender,
            "cone": s.cone,
            "invited": [list(INVITED[bits]) for bits in s.invited],
            "allies": [{"seat": p, "side": SIDES[side], "tokens": s.ally_tokens[p]}
                       for p, side in enumerate(s.ally_side) if side >= 0],
            "ally_order": list(s.ally_order),
            "asking": s.asking,
            "passed": s.passed[:],
            "played": sorted(played),
            "cards": shown,
            "result": result,
            "offers": [None if o is None else offer_info(Offer(*o), party) for o in s.offers],
            "offers_left": [offers_left(s, main) for main in s.mains],
            "rewards": list(s.rewards),
            "success": s.success,
            "placements": [{"seat": p, "kind": kind, "count": count} for p, kind, count in s.placements],
            "resume": {"then": then, "to_act": list(resume_to_act)} if then else None,
        }

    def to_act(self) -> list[int]:
        return list(self.s.to_act)

    def is_over(self) -> bool:
        return self.s.is_over

    def winners(self) -> list[int] | None:
        s = self.s
        return list(s.winners_) if s.is_over else None

    def scores(self) -> list[float]:
        return list(self.s.scores)

    def hand(self) -> list[dict[str, Any]]:
        s, infos, seat = self.s, self.infos, self.seat
        assert seat is not None
        return [dict(infos[c]) for c in s.hands[seat]]

    def own_card(self) -> dict[str, Any] | None:
        s, seat = self.s, self.seat
        assert seat is not None
        own = s.played.get(seat)
        return None if own is None else dict(self.infos[own])

    def seen_hand(self) -> dict[str, Any] | None:
        s, seat = self.s, self.seat
        assert seat is not None
        if s.seen is None or seat not in s.mains or s.seen[0] == seat or not s.power_of(seat).sees_hand:
            return None
        return {"seat": s.seen[0], "cards": [dict(self.infos[c]) for c in s.seen[1]]}

    def log(self) -> list[dict[str, Any]]:
        s = self.s
        return read(s.log, lambda e, v, r: describe(s, e, v), self.seat, False, LOG_LENGTH)


# In the order of the keys of a whole view (a spectator's has no hand, own card or seen hand).
# The values are Parts' functions, bound to a view's parts when read (``Parts.__getitem__``).
_SEAT_PARTS: dict[str, Callable[[], Any]] = {key: getattr(Parts, key) for key in (
    "players", "planets", "deck", "destiny", "encounter", "to_act", "is_over", "winners", "scores", "hand",
    "own_card", "seen_hand", "log")}
_SPECTATOR_PARTS = {key: make for key, make in _SEAT_PARTS.items() if key not in ("hand", "own_card", "seen_hand")}


def counted(count: int, thing: str) -> str:
    """``count`` things, "1 card" or "3 cards"."""
    return f"{count} {thing}" + ("" if count == 1 else "s")


def describe(s: CosmicState, event: tuple[Any, ...], viewer: int | None) -> dict[str, Any] | None:
    kind, private = event[0], event[1]
    args = event[2:]
    mine = viewer is not None and viewer == private
    def face(card: int) -> str:
        return s.cards[card].face

    def words(card: int) -> str:  # the lines say a card in words; their fields give its face
        return s.cards[card].words

    line: dict[str, Any] = {"event": kind}
    if kind == "setup":
        line["text"] = f"seat {args[0]} is the first offence"
    elif kind == "turn":
        line["text"] = f"turn {args[0]}: seat {args[1]} is the offence" + (
            f"; the State Indicator moves to square {args[2] + 1}" if args[2] >= 0 else "")
    elif kind == "regroup":
        line["text"] = f"seat {args[0]} regroups a token to {planet_words(args[1])}"
    elif kind == "destiny":
        line["text"] = f"destiny: seat {args[1]}'s colour"
    elif kind == "draw-again":
        line["text"] = f"seat {args[0]} has no foreign base at home to challenge and draws again"
    elif kind == "aim":
        line["text"] = f"seat {args[0]} aims at {planet_words(args[1])}, defended by seat {args[2]}"
    elif kind == "launch":
        line["text"] = f"seat {args[0]} launches {tokens(args[1])}" + sources_text(args[2:])
    elif kind == "invite":
        line["text"] = f"seat {args[0]} invites " + (", ".join(f"seat {p}" for p in args[1]) or "no one")
    elif kind == "ally":
        line["text"] = (f"seat {args[0]} allies with the {SIDES[args[1]]} with {tokens(args[2])}"
                        + sources_text(args[3:]))
    elif kind == "decline":
        line["text"] = f"seat {args[0]} declines"
    elif kind == "pass":
        line["text"] = f"seat {args[0]} passes"
    elif kind == "edict":
        line["text"] = f"seat {args[0]} plays the {EDICT_WORDS[Edict(args[1])]} edict" + (
            f" on seat {args[2]}" if args[2] >= 0 else "") + (
            f" asking for an Attack {args[3]}" if args[1] == "finder" else "")
    elif kind == "flare":
        line["text"] = f"seat {args[0]} plays the {args[1].capitalize()} flare" + (
            " (super)" if args[2] else " (wild)") + (
            f" on seat {args[3]}" if args[3] >= 0 else "")
    elif kind == "look":
        seat, target, what, cards = args
        line["text"] = f"seat {seat} looks at " + (f"seat {target}'s hand" if what == "hand" else
                                                    f"a card of seat {target}'s hand")
        if mine:
            line["cards"] = [face(c) for c in cards]
    elif kind == "flare-trade":
        line["text"] = f"seat {args[0]} swaps hands with seat {args[1]}"
    elif kind == "flare-swap":
        seat, other, card = args
        line["text"] = f"seat {seat} takes a card at random from seat {other}'s hand"
        if mine:
            line["card"] = face(card)
    elif kind == "found":
        seat, target, value, card = args
        line["text"] = (f"seat {seat} finds an Attack {value} in seat {target}'s hand" if card >= 0
                        else f"seat {target} holds no Attack {value}")
        if (mine or viewer == target) and card >= 0:  # told to the two players (ruling 21)
            line["card"] = face(card)
    elif kind == "plague":
        line["text"] = f"seat {args[0]} is plagued and discards " + (", ".join(map(words, args[1])) or "nothing")
        line["faces"] = [face(c) for c in args[1]]
    elif kind == "draw":
        line["text"] = f"seat {private} draws {counted(len(args[1]), 'card')}"
        if mine:
            line["cards"] = [face(c) for c in args[1]]
    elif kind == "dry-quake":
        why = ("the deck and the discard pile are empty" if args[0] == "empty"
               else "neither the deck nor the discard pile holds a challenge card for a main player")
        line["text"] = f"{why}: a cosmic quake, every hand discarded and seven cards dealt to each player"
    elif kind == "new-hand":
        line["text"] = f"seat {args[0]} draws a new hand" + (
            f", showing and discarding {', '.join(map(words, args[1]))}" if args[1] else "")
        line["faces"] = [face(c) for c in args[1]]
    elif kind == "mind":
        if not mine:
            return None
        line["text"] = f"you see seat {args[1]}'s hand: " + ", ".join(map(words, args[2]))
        line["cards"] = [face(c) for c in args[2]]
    elif kind == "trade":
        line["text"] = f"seat {args[0]} " + ("swaps hands with its opponent" if args[1] else "keeps its hand")
    elif kind == "played":
        line["text"] = f"seat {args[0]} plays a challenge card face down"
    elif kind == "face-up":
        line["text"] = f"seat {args[0]} plays {words(args[1])} face up"
        line["face"] = face(args[1])
    elif kind == "reveal":
        def revealed(card: int) -> str:  # a Quark with its value in the square of the reveal
            named = s.cards[card]
            return named.words + (f" (worth {quark_value(named, args[2])})" if named.kind is Kind.QUARK else "")

        line["text"] = f"the cards are revealed: {revealed(args[0])} against {revealed(args[1])}"
        line["faces"] = [face(args[0]), face(args[1])]  # the offence's, then the defence's
    elif kind == "totals":
        line["text"] = f"totals: offence {args[0]}, defence {args[1]}" + (" (the lower wins)" if args[2] else "")
    elif kind == "outcome":
        line["text"] = ("the offence wins" if args[0] else "the defence wins") + moved_text(args[1:])
    elif kind in ("consolation", "deal-cards"):
        giver, taker, taken = args
        line["text"] = f"seat {taker} takes {counted(len(taken), 'card')} from seat {giver}'s hand"
        if mine or viewer == giver:
            line["cards"] = [face(c) for c in taken]
    elif kind == "offer":
        proposer, other, give, get, bases, faces_only = args
        party = viewer in (proposer, other)
        if faces_only and not party:
            return None
        named = {card.face: card.words for card in s.cards}
        cards = (", ".join(named[card] for card in give) or "no card") if party else f"{len(give)} cards"
        if party:
            line["give"] = list(give)
        line["text"] = f"seat {proposer} offers seat {other}: give {cards}, get {get}, bases {BASES[bases]}"
    elif kind == "place":
        seat, what, planet, source = args
        line["text"] = (f"seat {seat} returns a token to {planet_words(planet)}" if what == "home" else
                        f"seat {seat} loses a token from {planet_words(planet)}" if what == "lose" else
                        f"seat {seat} moves a token from {planet_words(source)} to {planet_words(planet)}, "
                        "the deal's base")
    elif kind == "deal":
        line["text"] = f"seat {args[0]}'s offer is accepted"
    elif kind == "no-deal":
        line["text"] = "no deal in time: each main player loses three tokens to the warp"
    elif kind == "reward":
        line["text"] = f"seat {args[0]} takes {counted(args[1], 'card')} and {counted(args[2], 'token')} as its reward"
    elif kind == "again":
        line["text"] = f"seat {args[0]} " + ("challenges again" if args[1] else "ends its turn")
    elif kind == "win":
        line["text"] = winners_text(args[0]) + (" at the turn limit" if args[1] == "turn limit" else "")
    else:
        line["text"] = kind
    return line


def tokens(count: int) -> str:
    return f"{count} token" + ("" if count == 1 else "s")


def sources_text(args: tuple[Any, ...]) -> str:
    """": 2 from seat 0's planet 2, 1 from seat 0's planet 4" — the bases a launch or an ally's
    tokens left."""
    if not args:
        return ""
    counts: dict[int, int] = {}
    for planet in args[0]:
        counts[planet] = counts.get(planet, 0) + 1
    return ": " + ", ".join(f"{count} from {planet_words(planet)}" for planet, count in counts.items())


LOST_TO = {"warp": "to the warp", "removed": "out of the game", "home": "back to its bases"}


def moved_text(args: tuple[Any, ...]) -> str:
    """"; seat 1 loses 3 tokens to the warp; seat 0 lands 2 tokens on seat 1's planet 5" —
    every token the outcome moved (the board is public)."""
    if not args:
        return ""
    target, moved = args
    parts = []
    for seat, count, where in moved:
        if where == "lands":
            parts.append(f"seat {seat} lands {tokens(count)} on {planet_words(target)}")
        elif where == "home":
            parts.append(f"seat {seat}'s {tokens(count)} go back to its bases")
        else:
            parts.append(f"seat {seat} loses {tokens(count)} {LOST_TO[where]}")
    return "".join(f"; {part}" for part in parts)


def offer_info(offer: Offer, party: bool) -> dict[str, Any]:
    """A standing offer as a view shows it: the faces given to the two main players only."""
    return {"give": list(offer.give) if party else None, "gives": len(offer.give), "get": offer.get,
            "base": BASES[offer.bases], "notation": str(offer) if party else None}


def winners_text(winners: list[int] | tuple[int, ...]) -> str:
    """'seat 0 wins', 'seat 0 and seat 2 win', 'seat 0, seat 1 and seat 2 win': each seat named
    as every log line names one, so that a face shows each by its player's name."""
    if len(winners) == 1:
        return f"seat {winners[0]} wins"
    names = [f"seat {w}" for w in winners]
    return ", ".join(names[:-1]) + " and " + names[-1] + " win"
