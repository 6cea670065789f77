"""Edicts, and the windows at which edicts and flares are played.

Three windows a challenge, each at the moment its cards matter (RULINGS.md 12, 23):

``start``      the cone is aimed, before launch: Mobius Tubes (the offence's own, while
               tokens wait in the warp), Plague, Cosmic Quake, Cosmic Zap (any power)
``alliances``  after alliances, before the cards: Force Field (with allies), Finder, Cosmic
               Zap (any power)
``reveal``     the cards are face up, before the outcome: Cosmic Zap on a power that acts at
               the outcome (a main player's Macron, Zombie, Anti-Matter, Virus, Clone, Void or
               Pacifist; an ally's Macron or Zombie)

Flares have their own windows (``flares.py``). A window asks every seat at once, whether it
holds a card or not; each answers ``pass`` or plays (several edicts, one flare a challenge)
and the window closes when every seat has passed. A window opens unless no card could be
played at it, judged on public information only: no card that would fit is left outside the
discard pile, or no seat could use any (see RULINGS.md, "Who is asked").
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from itertools import compress
from operator import not_
from typing import TYPE_CHECKING, Final

from quarkade.core.log import note
from quarkade.games.cosmic_encounter import flares
from quarkade.games.cosmic_encounter.actions import PlayEdict, PlayFlare
from quarkade.games.cosmic_encounter.components import DEAL_LOSS, Card, Edict, Kind, attack_value, deck_cards
from quarkade.games.cosmic_encounter.flares import ALLIANCES, REVEAL, START
from quarkade.games.cosmic_encounter.rules import Step

if TYPE_CHECKING:
    from quarkade.games.cosmic_encounter.rules import CosmicState

# The window of each edict (Cosmic Zap has three).
TIMING: dict[Edict, tuple[str, ...]] = {
    Edict.MOBIUS: (START,), Edict.PLAGUE: (START,), Edict.QUAKE: (START,),
    Edict.FORCE_FIELD: (ALLIANCES,), Edict.FINDER: (ALLIANCES,), Edict.ZAP: (START, ALLIANCES, REVEAL),
}
# Asked at every window: an Enum member's hash is worked out in Python, and reading a member
# off its class costs several times a global, so the windows are found by the edict's identity
# and the members are read as globals.
_TIMING = {id(edict): windows for edict, windows in TIMING.items()}
_ZAP, _MOBIUS, _PLAGUE, _FORCE_FIELD, _FINDER = Edict.ZAP, Edict.MOBIUS, Edict.PLAGUE, Edict.FORCE_FIELD, Edict.FINDER


def finder_values(s: CosmicState) -> list[int]:
    """The Attack values a Finder may ask for: every value a card of the deck has now."""
    # Keyed by the deck's options, not by its cards: hashing a hundred cards at every look
    # costs more than finding the values.
    return _values(s.game.options["deck"], s.quarks, s.square)


@cache
def _values(deck: str, quarks: bool, square: int) -> list[int]:
    return sorted({attack_value(card, square) for card in deck_cards(deck, quarks, False) if card.is_attack})


def zappable(s: CosmicState, seat: int) -> bool:
    """A power Cosmic Zap may cancel at the open window: any active power before the cards; at
    the reveal, only one that still acts at the outcome for a seat taking part."""
    power = s.power_of(seat)
    if not power.name:
        return False
    if s.window != REVEAL:
        return True
    if seat in s.mains:
        return power.at_outcome
    return s.ally_side[seat] >= 0 and (power.token_value != 1 or power.tokens_return)


def edict_targets(s: CosmicState, seat: int, edict: Edict) -> list[PlayEdict]:
    """The ways ``seat`` could play ``edict`` at the open window (public state only)."""
    if s.window not in _TIMING[id(edict)]:
        return []
    if edict is _ZAP:
        return [_ZAPS[other] for other in range(s.players) if zappable(s, other)]
    if edict is _PLAGUE:
        return [_PLAGUES[other] for other in range(s.players) if other != seat]
    if edict is _FINDER:
        return list(_finder_moves(seat, s.players, s.game.options["deck"], s.quarks, s.square))
    if edict is _MOBIUS:
        return [_UNTARGETED[id(edict)]] if seat == s.offence and any(s.warp) else []
    if edict is _FORCE_FIELD:
        return [_UNTARGETED[id(edict)]] if any(side >= 0 for side in s.ally_side) else []
    return [_UNTARGETED[id(edict)]]


# The edicts' actions but the Finder's, made once and shared (actions are frozen): a seat
# holding an edict is offered it at every window it fits, and bots keep their edicts.
_ZAPS: Final = tuple(PlayEdict(_ZAP, other) for other in range(6))  # by target, for the largest table
_PLAGUES: Final = tuple(PlayEdict(_PLAGUE, other) for other in range(6))
_UNTARGETED = {id(edict): PlayEdict(edict) for edict in Edict}


@lru_cache(maxsize=256)
def _finder_moves(seat: int, players: int, deck: str, quarks: bool, square: int) -> tuple[PlayEdict, ...]:
    """A Finder's ways, made once: every other seat and every value (most of a window's
    moves when one holds it)."""
    return tuple(PlayEdict(Edict.FINDER, other, value) for other in range(players) if other != seat
                 for value in _values(deck, quarks, square))


EDICTS: Final = tuple(Edict)  # in the order their moves are listed


def edict_moves(s: CosmicState, seat: int) -> list[PlayEdict]:
    held = set(map(copies(s.cards).edict_place.__getitem__, s.hands[seat]))
    held.discard(-1)
    if not held:
        return []  # most hands at most windows: no edict
    return [move for index in sorted(held) for move in edict_targets(s, seat, EDICTS[index])]


def could_play(s: CosmicState, edict: Edict) -> bool:
    """Some seat could play ``edict`` at the open window if it held it: whether any seat has
    an ``edict_targets``, without listing them."""
    if s.window not in _TIMING[id(edict)]:
        return False
    if edict is _ZAP:
        return any(zappable(s, other) for other in range(s.players))
    if edict is _MOBIUS:
        return any(s.warp)  # the offence's own, while some tokens wait in the warp
    if edict is _FORCE_FIELD:
        return any(side >= 0 for side in s.ally_side)
    if edict is _FINDER:
        return s.players > 1 and bool(finder_values(s))
    return s.players > 1 or edict is not _PLAGUE


def flare_moves(s: CosmicState, seat: int) -> list[PlayFlare]:
    return [PlayFlare(name, target) for name, target in flares.flare_moves(s, seat)]


def play_flare(s: CosmicState, seat: int, action: PlayFlare) -> None:
    flares.play_flare(s, seat, action.power, action.target)


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
        s.quake()
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


def open_window(s: CosmicState, window: str) -> None:
    """Open an edict window, asking every seat, unless nothing could be played at it."""
    s.window = window
    if window_matters(s):
        s.passed = [False] * s.players
        s.step, s.to_act = Step.EDICTS, tuple(range(s.players))
    else:
        close_window(s)


def window_matters(s: CosmicState) -> bool:
    """Some card not in the discard pile could be played at the open window by some seat, if
    it held it. Public: the discards, powers, tokens and the challenge are all face up."""
    if not s.edicts and not s.flares:
        return False
    deck = copies(s.cards)
    # The edicts and flares discarded (a card is discarded once), picked in C from the pile
    # only for a card that could be played: a face matters while one of its copies is not.
    discarded: frozenset[int] | None = None
    for ids, (_, card) in zip(deck.ids, deck.cards, strict=True):
        edict = card.edict  # (None for a flare: the deck's other cards are edicts)
        playable = could_play(s, edict) if edict is not None else flares.could_open(s, s.window, card.flare)
        if playable:
            if discarded is None:
                discarded = deck.window_cards.intersection(s.deck.discards)
            if not ids <= discarded:
                return True
    return False


class Copies:
    """The deck's edicts and flares by face: how many copies and one of them (``cards``, in
    the deck's order) and the ids of the copies (``ids``, in the same order); each card id's
    edict by its place in ``EDICTS``."""

    __slots__ = ("cards", "ids", "edict_place", "window_cards")

    def __init__(self, cards: tuple[Card, ...]) -> None:
        counts = Counter(card.face for card in cards if not card.is_challenge)
        faces = {card.face: (counts[card.face], card) for card in cards if not card.is_challenge}
        self.cards = tuple(faces.values())
        self.ids = tuple(frozenset(card_id for card_id, card in enumerate(cards) if card.face == face)
                         for face in faces)
        # Each card id's edict as its place in EDICTS (-1: not an edict), for sets of ints.
        self.edict_place = tuple(-1 if card.edict is None else EDICTS.index(card.edict) for card in cards)
        # The ids of the cards played at windows (edicts and flares: the deck's other cards).
        self.window_cards = frozenset(card_id for card_id, card in enumerate(cards) if not card.is_challenge)


_COPIES: dict[int, tuple[tuple[Card, ...], Copies]] = {}


def copies(cards: tuple[Card, ...]) -> Copies:
    """Kept by the deck's identity (decks are few, and ``deck_cards`` keeps each alive):
    hashing a hundred cards at every window would cost more than the look itself."""
    found = _COPIES.get(id(cards))
    if found is None or found[0] is not cards:
        found = _COPIES[id(cards)] = (cards, Copies(cards))
    return found[1]


def close_window(s: CosmicState) -> None:
    """The challenge goes on from where the window opened."""
    window, s.window = s.window, ""
    if window == START:
        setup_phases.after_start(s)
    elif window == ALLIANCES:
        cards.start_cards(s)
    else:
        cards.resolve(s)


def pass_window(s: CosmicState, seat: int, action: object = None) -> None:
    """The seat passes (``action``, the pass itself, is taken so that a third of all steps
    are carried out by this call alone: ``moves.CARRY_OUT``)."""
    s.passed[seat] = True
    s.log = note(s.log, "pass", -1, seat)
    waiting = tuple(compress(range(s.players), map(not_, s.passed)))
    if waiting:
        s.to_act = waiting
    else:
        close_window(s)



# The phases' modules import this one; imported last (not at each window's close), they find it complete.
from quarkade.games.cosmic_encounter import cards, setup_phases  # noqa: E402
