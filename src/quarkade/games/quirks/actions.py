"""Quirks actions and their notation (shared by Quirks, its solitaire game and Quirkling).

Cards are named by their number (A13, B20, C29). One action a line::

    setup b | setup c              the second card of a lower QUiRKS at setup
    niche herbivore                choose the niche (advanced game)
    redraw | mutate                after drawing the niche of one's own upper QUiRKS
    climate 1 | climate 2          advance the climate marker
    mutate A13 | mutate A13 for A20    discard a card and draw, or exchange it with one in hand
    place A13 B20 | place A1 B2 C3     occupy / compete for a niche with cards from hand
    compete                        challenge the upper niche from one's lower niche
    pass | accept | give-up | fight    a competition for a lower niche
    complete drawn | complete C30  complete the challenger's QUiRKS
    face-up | face-down            the sealed decision
    discard C30                    a card to discard (demotion, surplus in hand, Quirkling)
    concede | hold                 the late concession
    roll | table                   the Intelligent Race choice
    continue | end                 after a won competition
    challenge | decline            the defence of the upper niches
    replace A13                    Random Mutation: discard a card and draw its replacement
    count plant | stop             solitaire: count a QUiRKS (the player chooses which), or stop
    ask 2 herbivore-a              Quirkling: ask seat 2 for a card of that stack (the turn's request,
                                   player by player, or a refill; "ask herbivore-a" is refused, naming no one)
    draw stack | draw discard      Quirkling: where to draw from
    make A1 B2 C3 | give A13       Quirkling: make a QUIRKLING; give an asked card
    none                           Quirkling: the player asked has no such card
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from quarkade.core.errors import InvalidNotation
from quarkade.core.game import Action, parse_words
from quarkade.games.quirks.components import COMPONENTS, NICHES, STACKS

CARDS = COMPONENTS.cards
CARD_BY_NUMBER = {card.number.lower(): card.index for card in CARDS}


class Verb(Enum):
    SETUP = "setup"
    NICHE = "niche"
    REDRAW = "redraw"
    MUTATE = "mutate"
    CLIMATE = "climate"
    PLACE = "place"
    COMPETE = "compete"
    PASS = "pass"
    ACCEPT = "accept"
    GIVE_UP = "give-up"
    FIGHT = "fight"
    COMPLETE = "complete"
    FACE_UP = "face-up"
    FACE_DOWN = "face-down"
    DISCARD = "discard"
    CONCEDE = "concede"
    HOLD = "hold"
    ROLL = "roll"
    TABLE = "table"
    CONTINUE = "continue"
    END = "end"
    CHALLENGE = "challenge"
    DECLINE = "decline"
    REPLACE = "replace"
    COUNT = "count"
    STOP = "stop"
    ASK = "ask"
    DRAW = "draw"
    MAKE = "make"
    GIVE = "give"
    NONE = "none"

    # A verb is its own member: hashed by identity, at C speed (moves are looked up by their
    # verb at every step of a playout; no order depends on a verb's hash).
    __hash__ = object.__hash__


PLAIN_VERBS = {Verb.REDRAW, Verb.COMPETE, Verb.PASS, Verb.ACCEPT, Verb.GIVE_UP, Verb.FIGHT, Verb.FACE_UP,
               Verb.FACE_DOWN, Verb.CONCEDE, Verb.HOLD, Verb.ROLL, Verb.TABLE, Verb.CONTINUE, Verb.END,
               Verb.CHALLENGE, Verb.DECLINE, Verb.STOP, Verb.NONE}
CARD_VERBS = {Verb.MUTATE, Verb.PLACE, Verb.COMPLETE, Verb.DISCARD, Verb.REPLACE, Verb.MAKE, Verb.GIVE}
DRAW_SOURCES = ("stack", "discard")


@dataclass(frozen=True, slots=True)
class Move(Action):
    """One Quirks action: a verb, the cards it names (or the seat asked), and a number (niche,
    climate steps, stack)."""

    verb: Verb
    cards: tuple[int, ...] = ()
    number: int = 0

    def __str__(self) -> str:
        verb = self.verb
        if verb is Verb.SETUP:
            return f"setup {'bc'[self.number]}"
        if verb in (Verb.NICHE, Verb.COUNT):
            return f"{verb.value} {NICHES[self.number]}"
        if verb is Verb.CLIMATE:
            return f"climate {self.number}"
        if verb is Verb.ASK:
            return " ".join(["ask", *(str(seat) for seat in self.cards), STACKS[self.number]])
        if verb is Verb.DRAW:
            return f"draw {DRAW_SOURCES[self.number]}"
        names = [CARDS[c].number for c in self.cards]
        if verb is Verb.MUTATE and len(names) == 2:
            return f"mutate {names[0]} for {names[1]}"
        if verb is Verb.COMPLETE and not names:
            return "complete drawn"
        return " ".join([verb.value, *names])


def _card(word: str) -> int:
    try:
        return CARD_BY_NUMBER[word]
    except KeyError:
        raise InvalidNotation(f"there is no card {word.upper()!r}: cards are A1-A36, B1-B36, C1-C36") from None


def _seat(word: str) -> int:
    # ASCII digits only: str.isdigit() also accepts "²" and other digits that int() refuses.
    if not (word.isascii() and word.isdigit()) or len(word) > 2:
        raise InvalidNotation(f"{word!r} is not a seat: seats are numbered 0, 1, 2...")
    return int(word)


def parse(text: str) -> Move:
    """Notation to a move (its legality is checked when applied).

    >>> str(parse("mutate a13 for A20"))
    'mutate A13 for A20'
    """
    words = parse_words(text, "quirks")
    try:
        verb = Verb(words[0])
    except ValueError:
        known = ", ".join(v.value for v in Verb)
        raise InvalidNotation(f"{words[0]!r} is not a Quirks action (actions: {known})") from None
    args = words[1:]
    if verb in PLAIN_VERBS or (verb is Verb.MUTATE and not args):
        if args:
            raise InvalidNotation(f"'{verb.value}' takes nothing after it")
        return Move(verb)
    if verb is Verb.SETUP:
        if args not in (["b"], ["c"]):
            raise InvalidNotation("write 'setup b' or 'setup c'")
        return Move(verb, number="bc".index(args[0]))
    if verb in (Verb.NICHE, Verb.COUNT):
        if len(args) != 1 or args[0] not in NICHES:
            raise InvalidNotation(f"write '{verb.value} NICHE': the niches are {', '.join(NICHES)}")
        return Move(verb, number=NICHES.index(args[0]))
    if verb is Verb.CLIMATE:
        if args not in (["1"], ["2"]):
            raise InvalidNotation("the climate marker moves 1 or 2 zones: 'climate 1' or 'climate 2'")
        return Move(verb, number=int(args[0]))
    if verb is Verb.ASK:
        if len(args) not in (1, 2) or args[-1] not in STACKS:
            raise InvalidNotation(f"write 'ask STACK' (everyone in turn) or 'ask SEAT STACK', e.g. 'ask 1 plant-a' "
                                  f"(stacks: {', '.join(STACKS)})")
        return Move(verb, tuple(_seat(word) for word in args[:-1]), STACKS.index(args[-1]))
    if verb is Verb.DRAW:
        if len(args) != 1 or args[0] not in DRAW_SOURCES:
            raise InvalidNotation("write 'draw stack' or 'draw discard'")
        return Move(verb, number=DRAW_SOURCES.index(args[0]))
    if verb is Verb.COMPLETE and args == ["drawn"]:
        return Move(verb)
    if verb is Verb.MUTATE and len(args) == 3 and args[1] == "for":
        return Move(verb, (_card(args[0]), _card(args[2])))
    if verb in CARD_VERBS and args and "for" not in args:
        return Move(verb, tuple(_card(word) for word in args))
    raise InvalidNotation(f"{text.strip()!r} is not a Quirks action")
