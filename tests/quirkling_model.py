"""An independent model of the rules of QUIRKLING (the little QUiRKS, 2-6 players), written from
the QUIRKLING section of the rulebook and rulings 33-37 of the game's RULINGS.md, for the
outsider's audit (``test_quirkling_audit``).

It shares no code with the engine. The card data (numbers, stacks, values) and the printed
climate codes derived from the values (ruling 3) are read through ``quirks_model``, which reads
the house data file itself; the rest (who is asked, the draws, which QUIRKLINGS can be made,
the end of a turn and of the game, what each seat may see of each event) is worked out here.

The model does not know the order of the stack: it knows which cards the stack holds, and each
draw names the card drawn (the audit reads it from the drawer's own hand), which the model
checks was one of those cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from quirks_model import CARDS, CLIMATES, SPACES, ZONES

HAND = 7  # "each player draws 7"; "discard one card so as to keep only 7"
FULL = 8  # "Now you have 8 cards in hand"; "complete your hand of cards so as to have 8 cards"
CLIMATE_STEPS = 2  # "advances the climate marker two spaces each time a player has taken a turn"
STACKS: tuple[str, ...] = tuple(sorted({c.stack for c in CARDS.values()}))
# 4. Making a QUIRKLING: the stacks of its head (A), body or trunk (B) and tail or roots (C).
KINDS: dict[str, tuple[str, str, str]] = {
    "plant": ("plant-a", "plant-b", "plant-c"),
    "herbivore": ("herbivore-a", "animal-b", "animal-c"),
    "carnivore": ("carnivore-a", "animal-b", "animal-c"),
}

Draw = Callable[[int], str]  # the card a seat drew from the stack (read from its own hand)


def stack_of(number: str) -> str:
    return CARDS[number].stack


def climate_name(space: int) -> str:
    return CLIMATES[space // ZONES]


def bears(number: str, climate: str) -> bool:
    """3c NOTE: a card bears the code of a climate (O.F.P.D.J.) printed at its bottom left."""
    return climate[0].upper() in CARDS[number].codes()


def kind_of(cards: tuple[str, ...]) -> str | None:
    stacks = tuple(stack_of(n) for n in cards)
    return next((k for k, need in KINDS.items() if stacks == need), None)


def makeable(hand: set[str], climate: str) -> set[tuple[str, str, str]]:
    """Every QUIRKLING the hand can make now: a plant, herbivore or carnivore (4 a-c) whose three
    cards all bear the current climate's code (3c), named A card first."""
    coded = [n for n in hand if bears(n, climate)]
    found: set[tuple[str, str, str]] = set()
    for a_stack, b_stack, c_stack in KINDS.values():
        for a in (n for n in coded if stack_of(n) == a_stack):
            for b in (n for n in coded if stack_of(n) == b_stack):
                found |= {(a, b, c) for c in coded if stack_of(c) == c_stack}
    return found


def standing(made: list[tuple[str, ...]]) -> tuple[int, int]:
    """Ruling 37: the kinds of QUIRKLING made, then how many."""
    return len({kind_of(q) for q in made}), len(made)


@dataclass
class Event:
    """One line of the log as the model expects it: its kind and seat, the cards everyone may
    read in it, and the cards only ``private_to`` may read (everyone once the game is over)."""

    kind: str
    seat: int | None
    public: tuple[str, ...] = ()
    private: tuple[str, ...] = ()
    private_to: frozenset[int] = frozenset()

    def visible(self, viewer: int | None, over: bool) -> set[str]:
        shown = set(self.public)
        if over or viewer in self.private_to:
            shown |= set(self.private)
        return shown


@dataclass
class Table:
    """The whole state, as the rulebook and the rulings have it."""

    players: int
    hands: list[set[str]]
    discards: list[str]  # face up; the top is the end
    space: int
    turn_limit: int
    stack: set[str] = field(default_factory=set)  # face down, order unknown to the model
    made: list[list[tuple[str, ...]]] = field(default_factory=list)
    current: int = 0  # 2d: the youngest player (seat 0) begins
    stage: str = "request"
    asked: tuple[int, str] | None = None
    wanted: str | None = None  # the card of the turn's request, once a first player was asked for it
    refused: list[bool] = field(default_factory=list)
    refilling: bool = False
    turns: int = 0
    winners: list[int] | None = None
    events: list[Event] = field(default_factory=list)  # those of the last action
    met: list[str] = field(default_factory=list)  # the cases the last action met

    def __post_init__(self) -> None:
        held = {n for h in self.hands for n in h} | set(self.discards)
        if not self.stack:
            self.stack = set(CARDS) - held
        self.made = self.made or [[] for _ in range(self.players)]
        self.refused = self.refused or [False] * self.players

    # ------------------------------------------------------------------ reading
    @property
    def climate(self) -> str:
        return climate_name(self.space)

    @property
    def over(self) -> bool:
        return self.winners is not None

    @property
    def to_act(self) -> list[int]:
        """Who acts: the seat asked while it answers, else the player whose turn it is. It reads
        only what everyone knows (whose turn, who is asked), never a hand (ruling 33's reason)."""
        if self.over:
            return []
        return [self.asked[0]] if self.stage == "give" and self.asked else [self.current]

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    def can_draw_stack(self) -> bool:
        """The stack has a card, or can be renewed from the discards but the top (ruling 36)."""
        return bool(self.stack) or len(self.discards) > 1

    def legal(self, seat: int) -> set[str]:
        if seat not in self.to_act:
            return set()
        hand = self.hands[seat]
        if self.stage == "request":  # 3a, ruling 33: "Christian, do you have a PLANT A card?", to each
            # player not yet asked, for the card named first
            stacks = STACKS if self.wanted is None else (self.wanted,)
            return {f"ask {o} {s}" for o in range(self.players) if o != seat and not self.refused[o] for s in stacks}
        if self.stage == "give":  # "If the player has it, he must give you the card"
            assert self.asked is not None
            gives = {f"give {n}" for n in hand if stack_of(n) == self.asked[1]}
            return gives or {"none"}
        if self.stage == "make":  # ruling 34: compulsory; the player chooses which
            return {"make " + " ".join(q) for q in makeable(hand, self.climate)}
        if self.stage == "refill":  # 3d, ruling 35: a precise request to one named player
            return {f"ask {o} {s}" for o in range(self.players) if o != seat and not self.refused[o] for s in STACKS}
        if self.stage == "refill-draw":  # 3d: "draw from the stack or from the top of the discard pile"
            return ({"draw stack"} if self.can_draw_stack() else set()) | ({"draw discard"} if self.discards else set())
        if self.stage == "discard":  # 3f: discard one card to keep only 7
            return {f"discard {n}" for n in hand}
        raise AssertionError(self.stage)

    # ------------------------------------------------------------------ acting
    def apply(self, seat: int, text: str, draw: Draw) -> None:
        assert text in self.legal(seat), (seat, text, self.stage)
        self.events, self.met = [], []
        words = text.split()
        verb = words[0]
        if verb == "ask":
            self.note(Event("ask", seat))
            self.asked = (int(words[1]), words[2])
            self.stage = "give"
            if self.refilling:
                self.met.append("refill: a named player asked")
            else:
                self.wanted = words[2]
                self.met.append("request: a named player asked")
        elif verb == "give":
            self.give(seat, words[1], draw)
        elif verb == "none":
            self.none(seat, draw)
        elif verb == "make":
            self.make(seat, tuple(words[1:]))
        elif verb == "draw":
            self.draw(seat, words[1], draw)
            self.refill()
        elif verb == "discard":
            self.hands[seat].remove(words[1])
            self.discards.append(words[1])
            self.note(Event("discard", seat, public=(words[1],)))
            self.met.append("discard to seven")
            self.end_turn()
        else:
            raise AssertionError(text)

    def note(self, event: Event) -> None:
        self.events.append(event)

    def draw(self, seat: int, source: str, card_drawn: Draw) -> None:
        if source == "discard":
            card = self.discards.pop()
            self.hands[seat].add(card)
            self.note(Event("take-discard", seat, public=(card,)))
            self.met.append("refill: the top of the discard pile taken")
            return
        if not self.stack and len(self.discards) > 1:
            # Ruling 36: the stack renewed from the discard pile, all but its top card.
            self.stack = set(self.discards[:-1])
            self.discards = self.discards[-1:]
            self.met.append("stack renewed from the discards")
        if not self.stack:
            self.met.append("nothing left to draw")
            return
        card = card_drawn(seat)
        assert card in self.stack, (seat, card)
        self.stack.remove(card)
        self.hands[seat].add(card)
        self.note(Event("draw", seat, private=(card,), private_to=frozenset({seat})))

    def give(self, giver: int, card: str, draw: Draw) -> None:
        """3a: the card given; the giver takes one from the stack to have seven again."""
        asker = self.current
        self.hands[giver].remove(card)
        self.hands[asker].add(card)
        self.asked = None
        if not self.refilling:
            self.wanted, self.refused = None, [False] * self.players  # the turn's request is over
        self.note(Event("give", giver, private=(card,), private_to=frozenset({giver, asker})))
        self.met.append("refill: given" if self.refilling else "request: given")
        self.draw(giver, "stack", draw)
        if self.refilling:
            self.refill()
        else:
            self.after_fill()

    def none(self, seat: int, draw: Draw) -> None:
        assert self.asked is not None
        self.note(Event("none", seat))
        if self.refilling:
            # Ruling 35: not asked again during this refill; the asker draws instead.
            self.refused[seat] = True
            self.asked = None
            self.stage = "refill-draw"
            self.met.append("refill: none, draw instead")
            if not self.legal(self.current):
                self.met.append("refill: nothing to draw")
                self.refused = [False] * self.players
                self.after_fill(refilled=False)
            return
        self.refused[seat] = True
        self.asked = None
        if any(not self.refused[o] for o in range(self.players) if o != self.current):
            self.stage = "request"  # ruling 33: the asker names the next player, for the same card
            self.met.append("request: none, another player asked")
            return
        # 3b: "If the player does not have what you asked for, you draw a card."
        self.wanted, self.refused = None, [False] * self.players
        self.met.append("request: nobody has it, the asker draws")
        self.draw(self.current, "stack", draw)
        self.after_fill()

    def after_fill(self, refilled: bool = True) -> None:
        """3c-f: make a QUIRKLING if one can be made; otherwise the turn ends, with a discard
        down to seven. A refill that stops short of eight (nothing left to draw) makes none: 3e,
        "If you have 8 cards after recovering cards, you may make another QUIRKLING"."""
        seat = self.current
        self.stage = "make"
        if refilled and makeable(self.hands[seat], self.climate):
            if len(self.hands[seat]) < FULL:
                self.met.append("make with fewer than eight cards")
            return
        if len(self.hands[seat]) > HAND:
            self.stage = "discard"
            return
        self.met.append("turn ends without a discard")
        self.end_turn()

    def make(self, seat: int, cards: tuple[str, ...]) -> None:
        self.hands[seat] -= set(cards)
        self.made[seat].append(cards)
        kind = kind_of(cards)
        self.note(Event("make", seat, public=cards))
        self.met.append(f"made a {kind}")
        if len(self.made[seat]) > 1 and self.refilling:
            self.met.append("another QUIRKLING in the same turn")
        if standing(self.made[seat])[0] == 3:  # 5: a plant, a herbivore and a carnivore
            self.finish([seat])
            self.met.append("won: three kinds")
            return
        self.refused = [False] * self.players
        self.refilling = True
        self.refill()

    def refill(self) -> None:
        """3d, ruling 35: ask named players, or draw after a "none", until eight are in hand."""
        seat = self.current
        if len(self.hands[seat]) >= FULL:
            self.refused = [False] * self.players
            self.after_fill()
            return
        if any(not self.refused[o] for o in range(self.players) if o != seat):
            self.stage = "refill"
            return
        self.stage = "refill-draw"
        self.met.append("refill: every other player refused")
        if not self.legal(seat):
            self.met.append("refill: nothing to draw")
            self.refused = [False] * self.players
            self.after_fill(refilled=False)

    def end_turn(self) -> None:
        """2e, 3f: the marker advances two spaces after each turn (after the jungle, the ocean);
        ruling 37: the game ends after ``turn_limit`` turns."""
        before = self.space
        self.space = (self.space + CLIMATE_STEPS) % SPACES
        if self.space < before:
            self.met.append("climate: from the jungle back to the ocean")
        self.turns += 1
        self.note(Event("turn", None))
        if self.turns >= self.turn_limit:
            best = max(standing(m) for m in self.made)
            self.finish([s for s in range(self.players) if standing(self.made[s]) == best])
            self.met.append("turn limit")
            return
        self.current = self.left_of(self.current)
        self.refused = [False] * self.players
        self.refilling = False
        self.asked = None
        self.stage = "request"

    def finish(self, winners: list[int]) -> None:
        self.winners = winners
        self.stage = "over"
        self.asked = None
        self.note(Event("over", None))

    def scores(self) -> list[float]:
        return [1.0 if s in (self.winners or []) else 0.0 for s in range(self.players)]
