"""Edicts, played at the edict window of each challenge (after alliances, before cards).

Every seat is asked at the window, whether it holds an edict or not, and answers ``pass``
or plays one; the window closes when every seat has passed (see RULINGS.md, "Who is asked").
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from quarkade.core.log import note
from quarkade.games.cosmic_encounter.actions import PlayEdict, PlayFlare
from quarkade.games.cosmic_encounter.components import DEAL_LOSS, HAND_SIZE, Edict, Kind, attack_value, deck_cards
from quarkade.games.cosmic_encounter.powers import POWER_NAMES

if TYPE_CHECKING:
    from quarkade.games.cosmic_encounter.rules import CosmicState


def finder_values(s: CosmicState) -> list[int]:
    """The Attack values a Finder may ask for: every value a card of the deck has now."""
    # Keyed by the deck's options, not by its cards: hashing a hundred cards at every look
    # costs more than finding the values.
    return _values(s.game.options["deck"], s.quarks, s.square)


@cache
def _values(deck: str, quarks: bool, square: int) -> list[int]:
    return sorted({attack_value(card, square) for card in deck_cards(deck, quarks, False) if card.is_attack})


def flare_moves(s: CosmicState, seat: int) -> list[PlayFlare]:
    held = dict.fromkeys(s.cards[card].flare for card in s.hands[seat] if s.cards[card].kind is Kind.FLARE)
    return [PlayFlare(name) for name in held]


def play_flare(s: CosmicState, seat: int, action: PlayFlare) -> None:
    """Super (one's own power's flare): the power is shielded from zaps this challenge and
    the player draws a card. Wild (another power's): that power in place of one's own for
    the rest of the challenge. Either way the flare is discarded."""
    card = next(c for c in s.hands[seat] if s.cards[c].flare == action.power)
    s.hands[seat].remove(card)
    s.discard_card(card)
    index = POWER_NAMES.index(action.power)
    super_flare = s.powers[seat] == index
    s.log = note(s.log, "flare", -1, seat, action.power, super_flare)
    if super_flare:
        s.shielded[seat] = True
        s.draw_cards(seat, 1)
    else:
        s.borrowed[seat] = index


def edict_moves(s: CosmicState, seat: int) -> list[PlayEdict]:
    held = {s.cards[card].edict for card in s.hands[seat] if s.cards[card].kind is Kind.EDICT}
    others = [other for other in range(s.players) if other != seat]
    moves: list[PlayEdict] = []
    for edict in Edict:
        if edict not in held:
            continue
        if edict is Edict.ZAP:
            moves.extend(PlayEdict(edict, other) for other in range(s.players)
                         if s.has_power(other) and not s.zapped[other] and not s.shielded[other])
        elif edict is Edict.PLAGUE:
            moves.extend(PlayEdict(edict, other) for other in others)
        elif edict is Edict.FINDER:
            moves.extend(PlayEdict(edict, other, value) for other in others for value in finder_values(s))
        else:
            moves.append(PlayEdict(edict))
    return moves


def play_edict(s: CosmicState, seat: int, action: PlayEdict) -> None:
    card = next(c for c in s.hands[seat] if s.cards[c].edict is action.edict)
    s.hands[seat].remove(card)
    s.discard_card(card)
    s.log = note(s.log, "edict", -1, seat, action.edict.value, action.target, action.value)
    edict, target = action.edict, action.target
    if edict is Edict.ZAP:
        s.zapped[target] = True
    elif edict is Edict.MOBIUS:
        for other in range(s.players):
            s.return_tokens(other, s.warp[other])
            s.warp[other] = 0
    elif edict is Edict.FORCE_FIELD:
        for ally in range(s.players):
            if s.ally_side[ally] >= 0:
                s.return_tokens(ally, s.ally_tokens[ally])
                s.ally_side[ally], s.ally_tokens[ally] = -1, 0
    elif edict is Edict.PLAGUE:
        s.lose_tokens(target, s.take_tokens(target, DEAL_LOSS))
        lost = []
        for kind in ("attack", "compromise", "edict", "flare"):
            held = [c for c in s.hands[target] if kind_word(s, c) == kind]
            if held:
                card = held[s.chance.below(len(held))]
                s.hands[target].remove(card)
                s.discard_card(card)
                lost.append(card)
        s.log = note(s.log, "plague", -1, target, tuple(lost))
    elif edict is Edict.QUAKE:
        for other in range(s.players):
            for card in s.hands[other]:
                s.discard_card(card)
            s.hands[other] = []
        for other in range(s.players):
            s.draw_cards(other, HAND_SIZE)
    elif edict is Edict.FINDER:
        # A Quark counts as an Attack card of its value now; the Finder never names a flavour.
        found = next((c for c in s.hands[target]
                      if s.cards[c].is_attack and attack_value(s.cards[c], s.square) == action.value), -1)
        if found >= 0:
            s.hands[target].remove(found)
            s.hands[seat].append(found)
        s.log = note(s.log, "found", seat, seat, target, action.value, found)
    # A window stays open until everyone passes; the seat may play again.


def kind_word(s: CosmicState, card: int) -> str:
    kind = s.cards[card].kind
    return "attack" if kind is Kind.QUARK else kind.value


def pass_window(s: CosmicState, seat: int) -> None:
    from quarkade.games.cosmic_encounter.cards import start_cards

    s.passed[seat] = True
    s.log = note(s.log, "pass", -1, seat)
    waiting = tuple(other for other in range(s.players) if not s.passed[other])
    if waiting:
        s._to_act = waiting
    else:
        start_cards(s)
