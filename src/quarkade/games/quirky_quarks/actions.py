"""Quirky Quarks actions and their notation.

Notation, one action a line (card ids as in ``data/cards.toml``, accelerator ids
kekb, slac, tev, esrf, lhc)::

    draw particle | draw quest-i | draw quest-ii     choose the deck of a draw
    discard up                                        the card a Neutrino makes you discard
    bid lhc 5                                         Research phase bid
    eject up | ready                                  choose a card to eject; end your choice
    discover gluon 2 | raise 4 | pass                 Discovery phase
    complete neutron                                  pay a Quest with the cards themselves
    complete neutronium with discount gluon           ... using a discount
    complete proton with 3 electron for gluon         ... three of a kind for one particle
    done                                              end your Quest phase turn
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from quarkade.core.errors import InvalidNotation
from quarkade.core.game import Action, parse_words
from quarkade.games.quirky_quarks.components import COMPONENTS, DECK_NAMES

CARDS = COMPONENTS.cards
ACCELERATORS = COMPONENTS.accelerators
KIND_BY_ID = {card.id: card.kind for card in CARDS}
ACCELERATOR_BY_ID = {a.id: a.index for a in ACCELERATORS}
DISCOUNT = -1  # a payment method: the need is ignored thanks to a discount


@dataclass(frozen=True, slots=True)
class Draw(Action):
    deck: int

    def __str__(self) -> str:
        return f"draw {DECK_NAMES[self.deck]}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    kind: int

    def __str__(self) -> str:
        return f"discard {CARDS[self.kind].id}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    accelerator: int
    amount: int

    def __str__(self) -> str:
        return f"bid {ACCELERATORS[self.accelerator].id} {self.amount}"


@dataclass(frozen=True, slots=True)
class Eject(Action):
    kind: int

    def __str__(self) -> str:
        return f"eject {CARDS[self.kind].id}"


@dataclass(frozen=True, slots=True)
class Ready(Action):
    def __str__(self) -> str:
        return "ready"


@dataclass(frozen=True, slots=True)
class Discover(Action):
    kind: int
    amount: int

    def __str__(self) -> str:
        return f"discover {CARDS[self.kind].id} {self.amount}"


@dataclass(frozen=True, slots=True)
class Raise(Action):
    amount: int

    def __str__(self) -> str:
        return f"raise {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Complete(Action):
    """Complete ``quest``. ``payment`` lists only what is not paid with the card itself:
    sorted pairs (needed particle, method), the method being ``DISCOUNT`` or the kind of
    which three cards are discarded instead."""

    quest: int
    payment: tuple[tuple[int, int], ...] = ()

    def __str__(self) -> str:
        text = f"complete {CARDS[self.quest].id}"
        if self.payment:
            parts = [
                f"discount {CARDS[need].id}" if method == DISCOUNT else f"3 {CARDS[method].id} for {CARDS[need].id}"
                for need, method in self.payment
            ]
            text += " with " + ", ".join(parts)
        return text


@dataclass(frozen=True, slots=True)
class Done(Action):
    def __str__(self) -> str:
        return "done"


READY, PASS, DONE = Ready(), Pass(), Done()
DRAWS = tuple(Draw(d) for d in range(3))
DISCARDS = tuple(Discard(k) for k in range(len(CARDS)))
EJECTS = tuple(Eject(k) for k in range(len(CARDS)))
_AMOUNTS = 121  # prebuilt amounts; larger bids are made on demand
BIDS = tuple(tuple(Bid(a, n) for n in range(_AMOUNTS)) for a in range(len(ACCELERATORS)))
RAISES = tuple(Raise(n) for n in range(_AMOUNTS))
DISCOVERS = tuple(tuple(Discover(k, n) for n in range(_AMOUNTS)) for k in range(len(CARDS)))


# The ranges are the prebuilt actions' own slices (tuples, made in C) when they reach no higher.
def bid_range(accelerator: int, low: int, high: int) -> Sequence[Bid]:
    if high < _AMOUNTS:
        return BIDS[accelerator][low : high + 1]
    return [Bid(accelerator, n) for n in range(low, high + 1)]


def raise_range(low: int, high: int) -> Sequence[Raise]:
    if high < _AMOUNTS:
        return RAISES[low : high + 1]
    return [Raise(n) for n in range(low, high + 1)]


def discover_range(kind: int, low: int, high: int) -> Sequence[Discover]:
    if high < _AMOUNTS:
        return DISCOVERS[kind][low : high + 1]
    return [Discover(kind, n) for n in range(low, high + 1)]


def _card(word: str) -> int:
    try:
        return KIND_BY_ID[word]
    except KeyError:
        raise InvalidNotation(f"there is no card {word!r} (cards: {', '.join(KIND_BY_ID)})") from None


MAX_AMOUNT_DIGITS = 9  # far above any eV a game reaches; keeps int() away from huge texts


def _amount(word: str) -> int:
    # str.isdigit() also accepts superscripts and other scripts' digits, which int() refuses
    # or reads differently: only ASCII digits are notation.
    if not (word.isascii() and word.isdigit()):
        raise InvalidNotation(f"an amount of eV is a whole number written with the digits 0-9, not {word!r}")
    if len(word.lstrip("0")) > MAX_AMOUNT_DIGITS:
        raise InvalidNotation(f"{word!r} is far more eV than any player can have")
    return int(word)


def parse(text: str) -> Action:
    """Notation to an action (legality is checked when it is applied).

    >>> str(parse("bid LHC 5"))
    'bid lhc 5'
    >>> str(parse("complete neutronium with discount gluon"))
    'complete neutronium with discount gluon'
    """
    words = parse_words(text, "quirky-quarks")
    verb, args = words[0], words[1:]
    if verb in ("ready", "pass", "done") and not args:
        return {"ready": READY, "pass": PASS, "done": DONE}[verb]
    if verb == "draw" and len(args) == 1:
        if args[0] not in DECK_NAMES:
            raise InvalidNotation(f"the decks are {', '.join(DECK_NAMES)}, not {args[0]!r}")
        return DRAWS[DECK_NAMES.index(args[0])]
    if verb == "discard" and len(args) == 1:
        return DISCARDS[_card(args[0])]
    if verb == "eject" and len(args) == 1:
        return EJECTS[_card(args[0])]
    if verb == "bid" and len(args) == 2:
        if args[0] not in ACCELERATOR_BY_ID:
            raise InvalidNotation(f"the accelerators are {', '.join(ACCELERATOR_BY_ID)}, not {args[0]!r}")
        return Bid(ACCELERATOR_BY_ID[args[0]], _amount(args[1]))
    if verb == "raise" and len(args) == 1:
        return Raise(_amount(args[0]))
    if verb == "discover" and len(args) == 2:
        return Discover(_card(args[0]), _amount(args[1]))
    if verb == "complete" and args:
        quest = _card(args[0])
        if not CARDS[quest].is_quest:
            raise InvalidNotation(f"{args[0]} is not a Quest")
        payment: list[tuple[int, int]] = []
        if len(args) > 1:
            if args[1] != "with":
                raise InvalidNotation("write the payment after 'with', e.g. 'complete proton with discount gluon'")
            for part in " ".join(args[2:]).split(","):
                bits = part.split()
                if len(bits) == 2 and bits[0] == "discount":
                    payment.append((_card(bits[1]), DISCOUNT))
                elif len(bits) == 4 and bits[0] == "3" and bits[2] == "for":
                    payment.append((_card(bits[3]), _card(bits[1])))
                else:
                    raise InvalidNotation(
                        f"{part.strip()!r} is not a payment: write 'discount gluon' or '3 electron for gluon'"
                    )
        return Complete(quest, tuple(sorted(payment)))
    raise InvalidNotation(
        f"{text.strip()!r} is not a Quirky Quarks action: try draw, discard, bid, eject, ready, "
        "discover, raise, pass, complete or done"
    )
