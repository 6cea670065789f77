"""Flares: one for each of the twelve powers, each with its own Wild and Super text.

A flare is held in the hand like any card but is no challenge card. **Wild**: played by a
player who does not have that power, a smaller, different taste of it. **Super**: played by
the power's owner while its power is active (not zapped), a stronger version of it. A player
plays at most one flare a challenge, only at the window where its effect applies and only
when its condition holds; the flare then returns to its owner's hand (see RULINGS.md 4).

Each flare is a small class: its texts, the window of each half (``START``: the cone is aimed,
before launch; ``ALLIANCES``: after alliances, before the cards; ``REVEAL``: the cards are
face up, before the outcome), ``fits`` (the condition, read from public state only, so that
whether a window opens shows nothing hidden), ``targets`` and ``play`` (an effect carried out
at once). Lasting effects are read by the engine through the hooks at the end of this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from quarkade.core.log import note
from quarkade.games.cosmic_encounter.powers import POWER_NAMES

if TYPE_CHECKING:
    from quarkade.games.cosmic_encounter.rules import CosmicState

START, ALLIANCES, REVEAL = "start", "alliances", "reveal"
WINDOWS = (START, ALLIANCES, REVEAL)


# ----------------------------------------------------------------- who is where in a challenge
def side_of(s: CosmicState, seat: int) -> int:
    """0 for the offence and its allies, 1 for the defence and its allies, -1 for others."""
    if seat == s.offence:
        return 0
    if seat == s.defender:
        return 1
    return s.ally_side[seat]


def tokens_in(s: CosmicState, seat: int) -> int:
    """The seat's own tokens in the challenge: the cone, the defended planet, or committed."""
    if seat == s.offence:
        return s.cone
    if seat == s.defender:
        return s.tokens[s.target][seat]
    return s.ally_tokens[seat] if s.ally_side[seat] >= 0 else 0


def is_main(s: CosmicState, seat: int) -> bool:
    return seat in s.mains


def card_kinds(s: CosmicState) -> tuple[str, str] | None:
    """At the reveal: ``attack`` or ``compromise`` for the offence's and the defence's cards."""
    if s.result is None:
        return None
    return (("attack" if s.cards[s.result[0]].is_attack else "compromise"),
            ("attack" if s.cards[s.result[1]].is_attack else "compromise"))


def two_attacks(s: CosmicState) -> bool:
    return card_kinds(s) == ("attack", "attack")


def played_kind(s: CosmicState, seat: int) -> str:
    kinds = card_kinds(s)
    return "" if kinds is None or seat not in s.mains else kinds[s.mains.index(seat)]


def has_allies(s: CosmicState, side: int) -> bool:
    return any(s.ally_side[ally] == side and s.ally_tokens[ally] for ally in range(s.players))


def look(s: CosmicState, seat: int, target: int, cards: tuple[int, ...], what: str) -> None:
    """A look at cards that only the looking seat sees (the others learn that it looked)."""
    s.log = note(s.log, "look", seat, seat, target, what, cards)


# ----------------------------------------------------------------- the flares
class Flare:
    power: ClassVar[str] = ""
    wild_text: ClassVar[str] = ""
    super_text: ClassVar[str] = ""
    wild_window: ClassVar[str] = ALLIANCES
    super_window: ClassVar[str] = ALLIANCES
    wild_targets: ClassVar[bool] = False  # the Wild names a seat
    super_targets: ClassVar[bool] = False

    @classmethod
    def fits(cls, s: CosmicState, seat: int, is_super: bool) -> bool:
        return True

    @classmethod
    def targets(cls, s: CosmicState, seat: int, is_super: bool) -> list[int]:
        if cls.super_targets if is_super else cls.wild_targets:
            return [other for other in range(s.players) if other != seat and s.hands[other]]
        return [-1]

    @classmethod
    def play(cls, s: CosmicState, seat: int, is_super: bool, target: int) -> None:
        """An effect carried out when the flare is played (lasting ones are hooks)."""


class MacronFlare(Flare):
    power = "macron"
    wild_text = "One of your tokens in this challenge counts four instead of one."
    super_text = ("This challenge you may launch or commit up to four tokens, each still "
                  "counting four (play it before launching).")
    super_window = START

    @classmethod
    def fits(cls, s: CosmicState, seat: int, is_super: bool) -> bool:
        if is_super:
            return seat != s.defender  # the defence launches and commits nothing
        return side_of(s, seat) >= 0 and tokens_in(s, seat) > 0


class ZombieFlare(Flare):
    power = "zombie"
    wild_text = "This challenge, your tokens that would go to the warp return to your bases instead."
    super_text = ("As a main player, your allies' tokens that would go to the warp this "
                  "challenge return to their bases instead.")
    wild_window = super_window = REVEAL

    @classmethod
    def fits(cls, s: CosmicState, seat: int, is_super: bool) -> bool:
        if is_super:
            return is_main(s, seat) and has_allies(s, side_of(s, seat))
        return side_of(s, seat) >= 0 and tokens_in(s, seat) > 0


class LaserFlare(Flare):
    power = "laser"
    wild_text = "As a main player, your opponent must play an Attack card if it holds one."
    super_text = ("As a main player, your opponent's card, taken at random, is played face up "
                  "before you choose yours.")

    @classmethod
    def fits(cls, s: CosmicState, seat: int, is_super: bool) -> bool:
        return is_main(s, seat)


class MindFlare(Flare):
    power = "mind"
    wild_text = "Look at the hand of one other player."
    super_text = "Look at the hand of every other player."
    wild_targets = True

    @classmethod
    def play(cls, s: CosmicState, seat: int, is_super: bool, target: int) -> None:
        for other in range(s.players) if is_super else (target,):
            if other != seat:
                look(s, seat, other, tuple(s.hands[other]), "hand")


class AntiMatterFlare(Flare):
    power = "anti-matter"
    wild_text = ("As a main player, when two Attacks meet, your opponent's allies' tokens are "
                 "taken from its total instead of added to it.")
    super_text = ("As a main player, when two Attacks meet, your allies' tokens are taken from "
                  "your total instead of added to it (with the lower total winning, they help).")
    wild_window = super_window = REVEAL

    @classmethod
    def fits(cls, s: CosmicState, seat: int, is_super: bool) -> bool:
        if not is_main(s, seat) or not two_attacks(s):
            return False
        side = side_of(s, seat)
        return has_allies(s, side if is_super else 1 - side)


class VirusFlare(Flare):
    power = "virus"
    wild_text = "As a main player, when two Attacks meet, each of your own tokens counts two."
    super_text = ("As a main player, when two Attacks meet, your card is multiplied by every "
                  "token on your side, your allies' included.")
    wild_window = super_window = REVEAL

    @classmethod
    def fits(cls, s: CosmicState, seat: int, is_super: bool) -> bool:
        if not is_main(s, seat) or not two_attacks(s):
            return False
        return has_allies(s, side_of(s, seat)) if is_super else tokens_in(s, seat) > 0


class TraderFlare(Flare):
    power = "trader"
    wild_text = ("As a main player, you and your opponent exchange one card, each taken at "
                 "random from the other's hand.")
    super_text = "Swap hands with any other player."
    super_targets = True

    @classmethod
    def fits(cls, s: CosmicState, seat: int, is_super: bool) -> bool:
        # The Wild needs a card to give besides the flare, which stays with its owner.
        return is_super or (is_main(s, seat) and len(s.hands[seat]) > 1 and bool(s.hands[s.opponent(seat)]))

    @classmethod
    def play(cls, s: CosmicState, seat: int, is_super: bool, target: int) -> None:
        flare = next(card for card in s.hands[seat] if s.cards[card].flare == cls.power)
        s.hands[seat].remove(flare)  # the flare returns to its owner, whatever changes hands
        if is_super:
            s.hands[seat], s.hands[target] = s.hands[target], s.hands[seat]
            s.hands[seat].append(flare)
            s.log = note(s.log, "flare-trade", -1, seat, target)
            return
        other = s.opponent(seat)
        mine = s.hands[seat].pop(s.chance.below(len(s.hands[seat])))
        theirs = s.hands[other].pop(s.chance.below(len(s.hands[other])))
        s.hands[seat].extend((theirs, flare))
        s.hands[other].append(mine)
        s.log = note(s.log, "flare-swap", seat, seat, other, theirs)
        s.log = note(s.log, "flare-swap", other, other, seat, mine)


class OracleFlare(Flare):
    power = "oracle"
    wild_text = "As a main player, look at one card taken at random from your opponent's hand."
    super_text = "As a main player, look at your opponent's whole hand before it plays."

    @classmethod
    def fits(cls, s: CosmicState, seat: int, is_super: bool) -> bool:
        return is_main(s, seat) and bool(s.hands[s.opponent(seat)])

    @classmethod
    def play(cls, s: CosmicState, seat: int, is_super: bool, target: int) -> None:
        other = s.opponent(seat)
        hand = s.hands[other]
        cards = tuple(hand) if is_super else (hand[s.chance.below(len(hand))],)
        look(s, seat, other, cards, "hand" if is_super else "card")


class CloneFlare(Flare):
    power = "clone"
    wild_text = "As a main player, your challenge card returns to your hand after this challenge."
    super_text = "As a main player, your opponent's challenge card also goes to your hand after this challenge."
    wild_window = super_window = REVEAL

    @classmethod
    def fits(cls, s: CosmicState, seat: int, is_super: bool) -> bool:
        return is_main(s, seat)


class MutantFlare(Flare):
    power = "mutant"
    wild_text = "Draw cards until you hold seven."
    super_text = "Draw cards until you hold ten."
    wild_window = super_window = START

    @classmethod
    def fits(cls, s: CosmicState, seat: int, is_super: bool) -> bool:
        return len(s.hands[seat]) < (10 if is_super else 7)

    @classmethod
    def play(cls, s: CosmicState, seat: int, is_super: bool, target: int) -> None:
        s.draw_cards(seat, (10 if is_super else 7) - len(s.hands[seat]))


class VoidFlare(Flare):
    power = "void"
    wild_text = ("As a main player whose side wins, your opponent's lost tokens leave the game "
                 "instead of going to the warp.")
    super_text = ("When your side wins, as a main player or as an ally, every token the losers "
                  "lose leaves the game.")
    wild_window = super_window = REVEAL

    @classmethod
    def fits(cls, s: CosmicState, seat: int, is_super: bool) -> bool:
        return side_of(s, seat) >= 0 if is_super else is_main(s, seat)


class PacifistFlare(Flare):
    power = "pacifist"
    wild_text = ("As a main player whose Compromise meets an Attack, you still lose, but your "
                 "lost tokens return to your bases, and your consolation counts them as lost.")
    super_text = "As a main player, your Compromise also wins against a Compromise: no deal is made."
    wild_window = super_window = REVEAL

    @classmethod
    def fits(cls, s: CosmicState, seat: int, is_super: bool) -> bool:
        kinds = card_kinds(s)
        if kinds is None or seat not in s.mains:
            return False
        return kinds == ("compromise", "compromise") if is_super else (
            played_kind(s, seat) == "compromise" and "attack" in kinds)


FLARES: tuple[type[Flare], ...] = (MacronFlare, ZombieFlare, LaserFlare, MindFlare, AntiMatterFlare,
                                   VirusFlare, TraderFlare, OracleFlare, CloneFlare, MutantFlare,
                                   VoidFlare, PacifistFlare)
assert tuple(f.power for f in FLARES) == POWER_NAMES
BY_NAME = {f.power: f for f in FLARES}


# ----------------------------------------------------------------- playing one
def may_play(s: CosmicState, seat: int, name: str, window: str) -> bool | None:
    """Whether ``seat`` may play ``name``'s flare at ``window`` now, if it held it: True as a
    Super, False as a Wild, None if not at all. Reads public state only."""
    if s.flared[seat] >= 0:
        return None  # one flare a challenge
    flare, index = BY_NAME[name], POWER_NAMES.index(name)
    if s.powers[seat] == index:
        if s.power_of(seat).name != name or flare.super_window != window or not flare.fits(s, seat, True):
            return None
        return True
    if flare.wild_window != window or not flare.fits(s, seat, False):
        return None
    return False


def flare_moves(s: CosmicState, seat: int) -> list[tuple[str, int]]:
    """(power, target) of each flare the seat may play at the open window."""
    found: list[tuple[str, int]] = []
    for card in s.hands[seat]:
        name = s.cards[card].flare
        if not name:
            continue  # (only a flare names a power)
        is_super = may_play(s, seat, name, s.window)
        if is_super is not None:
            found.extend((name, target) for target in BY_NAME[name].targets(s, seat, is_super))
    return found


def play_flare(s: CosmicState, seat: int, name: str, target: int) -> None:
    """The flare's effect; the card stays in (returns to) its owner's hand."""
    is_super = may_play(s, seat, name, s.window)
    assert is_super is not None
    s.flared[seat], s.flare_super[seat] = POWER_NAMES.index(name), is_super
    s.log = note(s.log, "flare", -1, seat, name, is_super, target)
    BY_NAME[name].play(s, seat, is_super, target)


def could_open(s: CosmicState, window: str, name: str) -> bool:
    """Some seat could play ``name``'s flare at ``window`` if it held it (public state)."""
    return any(may_play(s, seat, name, window) is not None for seat in range(s.players))


# ----------------------------------------------------------------- hooks the engine reads
# Each hook holds only for a seat that played a flare this challenge (``flared`` >= 0): those
# the engine reads at every outcome first check, in C, that some seat did (most challenges,
# and every one without the option, see none played).
def wild(s: CosmicState, seat: int, name: str) -> bool:
    return s.flared[seat] >= 0 and not s.flare_super[seat] and POWER_NAMES[s.flared[seat]] == name


def super_(s: CosmicState, seat: int, name: str) -> bool:
    """A Super lasts while its power does: zapped later in the challenge, it stops."""
    return (s.flared[seat] >= 0 and s.flare_super[seat] and POWER_NAMES[s.flared[seat]] == name
            and s.power_of(seat).name == name)


def max_commit(s: CosmicState, seat: int) -> int:
    return 4 if super_(s, seat, "macron") else s.power_of(seat).max_commit


def tokens_return(s: CosmicState, seat: int) -> bool:
    """Zombie's Wild and Super, Pacifist's Wild: tokens that would be lost go home."""
    if max(s.flared) < 0:
        return False
    if wild(s, seat, "zombie") or wild(s, seat, "pacifist"):
        return True
    side = s.ally_side[seat]
    return side >= 0 and super_(s, s.mains[side], "zombie")


def removed_on_loss(s: CosmicState, winner_side: int, loser: int) -> bool:
    """Void's Wild (the losing main player's tokens) and Super (every loser's, from any seat
    of the winning side)."""
    if max(s.flared) < 0:
        return False
    main = s.mains[winner_side]
    if loser in s.mains and wild(s, main, "void"):
        return True
    return any(super_(s, seat, "void") for seat in range(s.players) if side_of(s, seat) == winner_side)


def macron_wild(s: CosmicState, seat: int) -> int:
    """Macron's Wild: one token of the seat counts four, three more than one (0: no such token)."""
    return 3 if wild(s, seat, "macron") and tokens_in(s, seat) > 0 else 0


def side_adjustment(s: CosmicState, side: int, card_value: int, own: int, allies: int) -> int | None:
    """A side's total under Anti-Matter's, Virus's or Macron's flares (two Attacks), None if no
    flare changes it; ``own`` and ``allies`` are already counted at their tokens' values. A
    token that Macron's Wild makes count four counts four wherever its tokens count: in a
    Virus's product, among allies' tokens taken from a total."""
    if max(s.flared) < 0:
        return None
    main, other = s.mains[side], s.mains[1 - side]
    power = s.power_of(main)
    own_bonus = macron_wild(s, main)
    allies_bonus = sum(macron_wild(s, seat) for seat in range(s.players) if s.ally_side[seat] == side)
    own, allies = own + own_bonus, allies + allies_bonus
    if super_(s, main, "virus"):
        return card_value * (own + allies)
    if wild(s, main, "virus"):
        own *= 2
    if wild(s, other, "anti-matter") or super_(s, main, "anti-matter"):
        allies = -allies
    if not (wild(s, main, "virus") or wild(s, other, "anti-matter") or super_(s, main, "anti-matter")
            or own_bonus or allies_bonus):
        return None
    return power.main_total(card_value, own) + allies


def last_player(s: CosmicState) -> int:
    """Laser's Super: its opponent plays first, face up (-1: no such flare)."""
    return next((seat for seat in s.mains if super_(s, seat, "laser")), -1)


def must_attack(s: CosmicState, seat: int) -> bool:
    """Laser's Wild: the seat's opponent played it, so the seat plays an Attack if it holds one."""
    return seat in s.mains and wild(s, s.opponent(seat), "laser")
