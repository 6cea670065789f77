"""Legal actions by step, the reasons others are refused, and carrying an action out."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement, repeat, starmap
from operator import is_
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from quarkade.core.game import Action
from quarkade.games.cosmic_encounter import cards, edicts, flares, placements, setup_phases
from quarkade.games.cosmic_encounter.actions import (
    Accept,
    Again,
    Aim,
    Ally,
    Decline,
    DrawAgain,
    Home,
    Invite,
    Launch,
    Lose,
    Offer,
    Pass,
    Play,
    PlayEdict,
    PlayFlare,
    Regroup,
    Reward,
    Settle,
    Timeout,
    Trade,
)
from quarkade.games.cosmic_encounter.commitments import alliances, launches
from quarkade.games.cosmic_encounter.components import DEAL_CARDS as DEAL_CARDS  # text.py reads it here
from quarkade.games.cosmic_encounter.powers import POWER_NAMES
from quarkade.games.cosmic_encounter.rules import Step

if TYPE_CHECKING:
    from quarkade.games.cosmic_encounter.rules import CosmicState

def deal_gifts(s: CosmicState, seat: int, sizes: range) -> list[tuple[str, ...]]:
    """Every set of cards the seat could give in a deal, by face (sorted; faces it holds
    several of may be named that often), of each size in ``sizes``."""
    return gifts_from(held_faces(s, seat), sizes)


def held_faces(s: CosmicState, seat: int) -> tuple[tuple[str, int], ...]:
    """(face, how many) of the seat's hand, by face: all that its deal choices depend on."""
    held: dict[str, int] = {}
    for card in s.hands[seat]:
        face = s.cards[card].face
        held[face] = held.get(face, 0) + 1
    return tuple(sorted(held.items()))


def gifts_from(held: tuple[tuple[str, int], ...], sizes: range) -> list[tuple[str, ...]]:
    counts = dict(held)
    return [gift for size in sizes for gift in combinations_with_replacement(counts, size)
            if all(gift.count(face) <= counts[face] for face in set(gift))]


# A subclass of a built-in type: a Python class where this module is compiled (docs/compiled.md).
@mypyc_attr(native_class=False)
class Kept(list[Action]):
    """A legal list made once and kept for every position that gives it (never changed: the
    state hands out copies). Whether an action is listed is first told by identity, in one
    look-up of its id (a listed action is alive while the list is), rather than by a walk
    through a deal's hundred or two actions; an action made elsewhere is compared as a list
    compares it."""

    __slots__ = ("ids",)

    def __init__(self, actions: list[Action]) -> None:
        super().__init__(actions)
        self.ids = frozenset(map(id, actions))

    def __contains__(self, action: object) -> bool:
        return id(action) in self.ids or list.__contains__(self, action)


@lru_cache(maxsize=64)
def deal_moves(held: tuple[tuple[str, int], ...], most_asked: int, count: int, offering: bool = True) -> Kept:
    """A deal's actions from what decides them: the faces the seat holds, the most cards it may
    ask for, how many the offer it may accept asks (-1: none), and whether it may still make an
    offer. Hands stay as they are while offers go back and forth, so the same actions are asked
    for again and again."""
    # A deal gives something: at least a card or a base (an offer of nothing for nothing is none).
    found: list[Action] = [Offer(give, get, bases) for give in gifts_from(held, range(DEAL_CARDS + 1))
                           for get in range(most_asked + 1) for bases in range(4) if give or get or bases
                           ] if offering else []
    if count >= 0:
        found.extend(Accept(give) for give in gifts_from(held, range(count, count + 1)))
    found.append(Timeout())
    return Kept(found)


def asked(s: CosmicState, seat: int) -> int:
    """How many cards the seat gives if it accepts the other side's offer: as many as it
    asks for, or all the seat holds if fewer."""
    terms = s.offers[s.mains.index(s.opponent(seat))]
    return -1 if terms is None else min(terms[1], len(s.hands[seat]))


def moves(s: CosmicState, seat: int) -> list[Any]:
    by_step = BY_STEP.get(id(s.step))
    return [] if by_step is None else by_step(s, seat)


def _regroup(s: CosmicState, seat: int) -> list[Any]:
    return list(map(_REGROUP, setup_phases.regroup_planets(s)))


def _destiny(s: CosmicState, seat: int) -> list[Any]:
    found: list[Any] = list(starmap(_AIM, setup_phases.aims(s)))
    if s.drawn == s.offence:
        found.append(_DRAW_AGAIN)
    return found


def _launch(s: CosmicState, seat: int) -> list[Any]:
    planets, counts = setup_phases.bases_held(s, seat)
    return launches(planets, counts, setup_phases.commit_limit(s, seat, sum(counts)))


def _invite(s: CosmicState, seat: int) -> list[Any]:
    others = setup_phases.invitable(s, seat)
    return list(_invites(tuple(others)))


def _alliance(s: CosmicState, seat: int) -> list[Any]:
    planets, counts = setup_phases.bases_held(s, seat)
    return alliances(planets, counts, setup_phases.commit_limit(s, seat, sum(counts)), s.invited[seat])


def _edicts(s: CosmicState, seat: int) -> list[Any]:
    # Most seats at most windows hold no edict and no flare (the cards played at a window):
    # their only move is to pass, told in C from the hand alone.
    if edicts.copies(s.cards).window_cards.isdisjoint(s.hands[seat]):
        return _PASS_ONLY
    found: list[Any] = [PASS]
    # Without the option the deck has no such card: the hand need not be looked through.
    if s.edicts:
        found.extend(edicts.edict_moves(s, seat))
    if s.flares:
        found.extend(edicts.flare_moves(s, seat))
    return found


def _trade(s: CosmicState, seat: int) -> list[Any]:
    return _TRADES


def _cards(s: CosmicState, seat: int) -> list[Any]:
    if cards.must_play_random(s, seat):
        return [_PLAY("random")]
    held = s.challenge_cards(seat)
    if flares.must_attack(s, seat) and any(s.cards[card].is_attack for card in held):
        held = [card for card in held if s.cards[card].is_attack]  # Laser's Wild
    faces = dict.fromkeys(s.cards[card].face for card in held)
    return list(map(_PLAY, faces))


def offers_left(s: CosmicState, seat: int) -> int:
    """How many more offers a main player may make in this deal (option ``deal_offers``)."""
    most: int = s.game.options["deal_offers"]
    return most - s.offers_made[s.mains.index(seat)]


def _deal(s: CosmicState, seat: int) -> list[Any]:
    theirs = len(s.hands[s.opponent(seat)])
    return deal_moves(held_faces(s, seat), min(DEAL_CARDS, theirs), asked(s, seat),  # (kept: never changed)
                      offers_left(s, seat) > 0)


def _place(s: CosmicState, seat: int) -> list[Any]:
    _, kind, _ = s.placements[0]
    options = placements.choices(s, seat, kind)
    if kind == placements.HOME:
        return [_HOME(planet) for planet, _ in options]
    if kind == placements.LOSE:
        return [_LOSE(planet) for planet, _ in options]
    return list(starmap(_SETTLE, options))


def _rewards(s: CosmicState, seat: int) -> list[Any]:
    return list(map(_REWARD, range(s.ally_tokens[seat] + 1)))


def _again(s: CosmicState, seat: int) -> list[Any]:
    return _AGAINS


PASS = Pass()  # the answer of most seats at most windows: made once
# The small choices' actions are made once and shared too (actions are frozen): looking one up
# costs less than making it at every step.
_REGROUP, _HOME, _LOSE, _SETTLE = cache(Regroup), cache(Home), cache(Lose), cache(Settle)
_AIM, _PLAY, _REWARD = cache(Aim), cache(Play), cache(Reward)
_DRAW_AGAIN = DrawAgain()
# The lists of the choices that never change, made once: the state keeps the list it is given
# and hands out copies (``CosmicState.legal_actions``), so none is ever changed.
_PASS_ONLY: list[Any] = [PASS]
_TRADES: list[Any] = [Trade(True), Trade(False)]
_AGAINS: list[Any] = [Again(True), Again(False)]


@cache
def _invites(others: tuple[int, ...]) -> tuple[Invite, ...]:
    return tuple(Invite(group) for size in range(len(others) + 1) for group in combinations(others, size))


# Keyed by the step's identity: an Enum member's hash is worked out in Python at every look-up.
BY_STEP: dict[int, Callable[[CosmicState, int], list[Any]]] = {id(step): moves for step, moves in {
    Step.REGROUP: _regroup, Step.DESTINY: _destiny, Step.LAUNCH: _launch, Step.INVITE_OFFENCE: _invite,
    Step.INVITE_DEFENCE: _invite, Step.ALLIANCE: _alliance, Step.EDICTS: _edicts, Step.TRADE: _trade,
    Step.CARDS: _cards, Step.DEAL: _deal, Step.PLACE: _place, Step.REWARDS: _rewards, Step.AGAIN: _again,
}.items()}


def listed(legal: list[Action], action: Action) -> bool:
    """Whether ``action`` is one of ``legal``. Bots and faces mostly send an action taken from
    the list, or one made once and shared (a launch, an ally's commitment): it is found by
    identity first, which spares comparing it with each action before it; the launches and
    commitments tell it from the action's planets (``Commitments``), without being made, and
    a deal's kept list from the action's id (``Kept``)."""
    if type(legal) is not list:  # (a ``Commitments`` or a ``Kept`` list)
        return action in legal
    return any(map(is_, legal, repeat(action))) or action in legal


HINTS = {
    Step.REGROUP: "the offence returns a token from the warp to one of its bases ('regroup 0.2')",
    Step.DESTINY: "the offence aims the cone ('aim 2.3', or 'draw again' on its own colour)",
    Step.LAUNCH: "the offence launches 1-4 tokens, naming the base of each ('launch 2.1 2.1 2.3')",
    Step.INVITE_OFFENCE: "the offence invites allies ('invite 1 3' or 'invite none')",
    Step.INVITE_DEFENCE: "the defence invites allies ('invite 1 3' or 'invite none')",
    Step.ALLIANCE: "an invited player joins a side it was invited to ('ally offence 1.0 1.4') or declines",
    Step.EDICTS: "an edict window (the view's encounter.window: start, alliances or reveal): play an edict "
                 "or flare you hold that fits it ('edict zap 2', 'flare mind 1') or 'pass'",
    Step.TRADE: "Trader may swap hands with its opponent ('trade' or 'keep')",
    Step.CARDS: "the main players play a challenge card from their hand ('play a8', 'play c')",
    Step.DEAL: "the main players make a deal ('offer give a8 get 1 base both', 'accept c') or 'timeout'",
    Step.PLACE: "a player places a token where it chooses ('home 1.2', 'lose 0.3', 'base 1.2 from 2.0')",
    Step.REWARDS: "a defensive ally takes its reward ('reward 2': two cards, the rest in tokens)",
    Step.AGAIN: "after a successful challenge the offence may challenge again ('again' or 'end')",
}


def why_illegal(s: CosmicState, seat: int, action: Action) -> str | None:
    if listed(s._legal_moves(seat), action):
        return None
    hint = HINTS.get(s.step, "")
    if isinstance(action, Play) and s.step is Step.CARDS:
        if action.face == "random" or cards.must_play_random(s, seat):
            return "the Laser's opponent plays a card at random ('play random')"
        return f"seat {seat} holds no challenge card {action.face}: {hint}"
    if isinstance(action, Launch) and s.step is Step.LAUNCH:
        return (f"the offence may launch 1 to {setup_phases.launch_limit(s)} tokens now, naming for each a base "
                "that holds it (not the target planet)")
    if isinstance(action, Ally) and s.step is Step.ALLIANCE:
        return (f"seat {seat} may join only a side that invited it, with 1 to {setup_phases.ally_limit(s, seat)} "
                "tokens, naming for each a base that holds it (not the target planet)")
    if isinstance(action, PlayEdict) and s.step is Step.EDICTS:
        return (f"seat {seat} cannot play that edict at the {s.window} window (it holds no such edict, the edict "
                "is played at another window, or the target or value is not allowed)")
    if isinstance(action, PlayFlare) and s.step is Step.EDICTS:
        return flare_reason(s, seat, action)
    if isinstance(action, Accept) and s.step is Step.DEAL:
        count = asked(s, seat)
        if count < 0:
            return "there is no offer from the other side to accept"
        return (f"to accept, name the {count} cards of your hand you give ('accept a8 c'"
                + (", or 'accept' when asked for none)" if count else ": it asks for none, so 'accept')"))
    if isinstance(action, Offer) and s.step is Step.DEAL:
        if offers_left(s, seat) <= 0:
            made = s.game.options["deal_offers"]
            return (f"seat {seat} has made its {made} offer{'s' if made > 1 else ''} of this deal: it may accept "
                    "the other side's offer, or let the deal fail ('timeout')")
        if not (action.give or action.get or action.bases):
            return "a deal gives at least a card or a base: an offer of nothing for nothing is no deal"
        return (f"an offer names the cards you give from your hand (at most {DEAL_CARDS}, or 'none'), asks for "
                f"0 to {min(DEAL_CARDS, len(s.hands[s.opponent(seat)]))} cards and names the bases")
    if isinstance(action, (Home, Lose, Settle)) and s.step is Step.PLACE:
        return place_reason(s, seat)
    return f"{action} is not allowed now: {hint}"


def apply(s: CosmicState, seat: int, action: Action) -> None:
    CARRY_OUT[type(action)](s, seat, action)


def _play_edict(s: CosmicState, seat: int, action: PlayEdict) -> None:
    edicts.play_edict(s, seat, action)
    if s.placements:
        # Tokens an edict moved (Mobius Tubes, Force Field, Plague) are placed first.
        placements.start(s, s.step.value)


# How each kind of action is carried out (by the action's class: one look-up a step).
CARRY_OUT: dict[type[Action], Callable[[CosmicState, int, Any], None]] = {
    Regroup: lambda s, seat, a: setup_phases.regroup(s, a.planet),
    Aim: lambda s, seat, a: setup_phases.aim(s, a.planet, a.defender),
    DrawAgain: lambda s, seat, a: setup_phases.draw_destiny(s),
    Launch: lambda s, seat, a: setup_phases.launch(s, a.sources),
    Invite: lambda s, seat, a: setup_phases.invite(s, seat, a.seats),
    Ally: lambda s, seat, a: setup_phases.join(s, seat, a.side, a.sources),
    Decline: lambda s, seat, a: setup_phases.join(s, seat, -1, ()),
    Pass: edicts.pass_window,
    PlayEdict: _play_edict,
    PlayFlare: edicts.play_flare,
    Trade: lambda s, seat, a: cards.trade(s, seat, a.swap),
    Play: lambda s, seat, a: cards.play(s, seat, a.face),
    Offer: lambda s, seat, a: cards.offer(s, seat, a.give, a.get, a.bases),
    Accept: lambda s, seat, a: cards.accept(s, seat, a.give),
    Home: lambda s, seat, a: placements.choose(s, seat, a.planet, -1),
    Lose: lambda s, seat, a: placements.choose(s, seat, a.planet, -1),
    Settle: lambda s, seat, a: placements.choose(s, seat, a.planet, a.source),
    Timeout: lambda s, seat, a: cards.timeout(s),
    Reward: lambda s, seat, a: cards.reward(s, seat, a.cards),
    Again: lambda s, seat, a: cards.again(s, a.again),
}


PLACING = {
    placements.HOME: "returns a token to one of its bases or home planets",
    placements.LOSE: "loses a token from one of its bases",
    placements.BASE: "moves a token onto the deal's base, from one of its bases",
}


def place_reason(s: CosmicState, seat: int) -> str:
    """Why a placement is refused: what the seat places now, and its choices."""
    return f"seat {seat} {PLACING[s.placements[0][1]]}: " + ", ".join(str(a) for a in moves(s, seat))


def flare_reason(s: CosmicState, seat: int, action: PlayFlare) -> str:
    """Why a flare is refused: the reason the rules give, first that applies."""
    flare = flares.BY_NAME.get(action.power)
    if flare is None:
        return f"there is no {action.power} flare (the flares are those of the twelve powers)"
    if not any(s.cards[card].flare == action.power for card in s.hands[seat]):
        return f"seat {seat} holds no {action.power} flare"
    if s.flared[seat] >= 0:
        return "a player plays at most one flare a challenge"
    is_super = flares.may_play(s, seat, action.power, s.window)
    if is_super is None:
        owner = s.powers[seat] == POWER_NAMES.index(action.power)
        if owner and s.power_of(seat).name != action.power:
            return "a Super flare is played only while its power is active (not zapped)"
        window = flare.super_window if owner else flare.wild_window
        text = flare.super_text if owner else flare.wild_text
        return (f"the {action.power} flare's {'Super' if owner else 'Wild'} is played at the {window} window, "
                f"when it applies: {text}")
    if flare.targets(s, seat, is_super) == [-1]:
        return f"the {action.power} flare names no seat ('flare {action.power}')"
    return f"the {action.power} flare names another seat whose hand holds cards ('flare {action.power} 2')"
