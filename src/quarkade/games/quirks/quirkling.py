"""QUIRKLING, the little QUiRKS, for children (2-6 players).

All 108 cards are shuffled together; each player holds seven. On a turn: name a card (its
stack) and ask each player whether he has one, naming them one at a time in the order one
chooses; the first who has one gives it, and if nobody has, draw. Then make QUIRKLINGS of three cards that all bear the
current climate's code, asking named players for cards to get back to eight after each one;
when no more can be made, discard down to seven. The climate marker moves two zones after
every turn. The first to have a plant, a herbivore and a carnivore in front of them wins.

Every player asked answers (gives a card, or says it has none): who is asked never depends on
a hidden hand, only on the answers everyone hears.
"""

from __future__ import annotations

from enum import IntEnum
from itertools import product, repeat
from operator import is_
from typing import Any, Final

from quarkade.core.chance import Chance
from quarkade.core.game import (
    Action,
    BoundParts,
    CachedLegalActions,
    GameInfo,
    OptionSpec,
    View,
    count_item,
    win_scores,
)
from quarkade.core.log import Log, in_order, note, read
from quarkade.core.memo import Memo
from quarkade.core.words import a_or_an
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.board import NICHE_STACKS, SPACES
from quarkade.games.quirks.components import COMPONENTS, NICHES, PRINTED, STACKS, AdaptationTable, part_words
from quarkade.games.quirks.family import QuirksFamily
from quarkade.games.quirks.moves import move
from quarkade.games.quirks.views import (
    NUMBERS,
    card_json,
    cards_json,
    hand_json,
    known_name,
    named,
    named_list,
    quirks_name,
)

CARDS: Final = COMPONENTS.cards
HAND: Final = 7
CLIMATE_STEPS: Final = 2
DEFAULT_TURN_LIMIT: Final = 300
LOG_SHOWN: Final = 40  # the newest events a view's log shows
# Moves made once: they are listed at every step of a playout.
# Quirkling's rules version (the data file's is Quirks Solitaire's): 3, the asker names each
# player it asks in the turn's request (RULINGS.md 33).
RULES_VERSION: Final = "3"
ASKS: Final = tuple(tuple(move(Verb.ASK, other, number=stack) for stack in range(len(STACKS))) for other in range(6))
NONE: Final = move(Verb.NONE)
DISCARDS: Final = tuple(move(Verb.DISCARD, card.index) for card in CARDS)
GIVES: Final = tuple(move(Verb.GIVE, card.index) for card in CARDS)
STACK_OF: Final = tuple(card.stack for card in CARDS)
COMPLETED: Final = "made a plant, a herbivore and a carnivore"  # why a game won by a QUIRKLING ends


class Stage(IntEnum):
    REQUEST = 0
    GIVE = 1  # the player asked answers: gives a card, or has none
    MAKE = 2
    REFILL = 3
    REFILL_DRAW = 4
    DISCARD = 5
    OVER = 6


_STAGE_NAMES: Final = tuple(stage.name.lower().replace("_", "-") for stage in Stage)  # by the stage's number


class Quirkling(QuirksFamily):
    sampler = "sample_quirkling"

    info = GameInfo(
        id="quirkling",
        title="Quirkling",
        min_players=2,
        max_players=6,
        default_players=3,
        summary="For children: collect cards three by three to make a plant, a herbivore and a carnivore "
        "that can live in the current climate.",
        rules_version=RULES_VERSION,
        options=(OptionSpec("turn_limit", int, DEFAULT_TURN_LIMIT, "Turns after which the game ends with a "
                            "declared result (0: none, as in the rulebook; a game may then go on for ever)",
                            minimum=0, label="Turn limit"),),
    )

    def new_game(self, seed: int) -> QuirklingState:
        return QuirklingState.setup(self, seed)

def _stack_words(stack: int) -> str:
    """A stack as the rulebook names its cards: ``PLANT A``, ``ANIMAL B``."""
    return STACKS[stack].replace("-", " ").upper()


class QuirklingState(CachedLegalActions):
    __slots__ = ("chance", "players", "stack", "discards", "hands", "made", "climate", "current", "stage",
                 "refused", "refilling", "asked", "turns", "result", "log", "table", "_to_act")

    chance: Chance
    players: int
    stack: list[int]  # face down; the top is the end
    discards: list[int]  # face up; the top is the end
    hands: list[list[int]]
    made: list[list[tuple[int, ...]]]
    climate: int
    current: int
    stage: Stage
    refused: list[bool]  # players who lacked the card asked during this request or refill
    refilling: bool  # asking to get back to eight after a QUIRKLING (not the turn's first request)
    asked: tuple[int, int]  # (seat asked, stack) while that seat answers; (-1, stack) between a request's asks
    turns: int
    result: tuple[int, ...] | None
    log: Log
    table: AdaptationTable  # the printed codes (a state sampled for a bot holds one drawn for it)
    _to_act: tuple[int, ...]

    @classmethod
    def setup(cls, game: Quirkling, seed: int) -> QuirklingState:
        s = cls()
        n = game.players
        s.game, s.seed, s.history = game, seed, []
        s.chance = Chance(seed)
        s.players = n
        s.stack = [card.index for card in CARDS]
        s.chance.shuffle(s.stack)
        s.hands = [[s.stack.pop() for _ in range(HAND)] for _ in range(n)]
        s.discards = [s.stack.pop()]
        s.made = [[] for _ in range(n)]
        # The marker starts on one of the six spaces of a climate.
        s.climate = s.chance.below(SPACES)
        s.current, s.turns, s.result, s.log, s._legal = 0, 0, None, None, None
        s.table = PRINTED
        s.refused, s.refilling, s.asked = [False] * n, False, (-1, -1)
        s.stage, s._to_act = Stage.REQUEST, (0,)
        return s

    def clone(self) -> QuirklingState:
        c = QuirklingState()
        c.game, c.seed = self.game, self.seed
        self._copy_history(c)
        c.chance = Chance(self.chance.seed, self.chance.counter)
        c.players, c.stack, c.discards = self.players, self.stack[:], self.discards[:]
        c.hands = [h[:] for h in self.hands]
        c.made = [m[:] for m in self.made]
        c.climate, c.current, c.stage = self.climate, self.current, self.stage
        c.refused, c.refilling, c.asked, c.turns = self.refused[:], self.refilling, self.asked, self.turns
        c.result, c.log, c._to_act = self.result, self.log, self._to_act
        c.table = self.table
        c._legal = self._legal  # never changed in place: safe to share
        return c

    def _note(self, *event: Any) -> None:
        self.log = note(self.log, *event)

    @property
    def climate_index(self) -> int:
        return self.climate // COMPONENTS.zones_per_climate

    def _stack_ready(self) -> bool:
        """The face-down stack has a card, after turning the discards (but the top) if needed."""
        if not self.stack and len(self.discards) > 1:
            self.stack = self.discards[:-1]
            self.discards = self.discards[-1:]
            self.chance.shuffle(self.stack)
        return bool(self.stack)

    def _draw(self, seat: int) -> None:
        if self._stack_ready():
            self.hands[seat].append(self.stack.pop())
            self._note("draw", seat, seat, self.hands[seat][-1])

    def makeable(self, seat: int) -> list[tuple[int, ...]]:
        """Every QUIRKLING ``seat`` can make now: three cards of one kind bearing the climate's code."""
        climate = self.climate_index
        codes = self.table.codes
        # The coded cards by stack, each stack's in order: a kind's QUIRKLINGS are their products.
        by_stack: list[list[int]] = [[] for _ in STACKS]
        for c in sorted(self.hands[seat]):
            if codes[c][climate]:
                by_stack[STACK_OF[c]].append(c)
        found: list[tuple[int, ...]] = []
        for a, b, c in NICHE_STACKS:
            if by_stack[a] and by_stack[b] and by_stack[c]:
                found.extend(product(by_stack[a], by_stack[b], by_stack[c]))
        return found

    # ----------------------------------------------------------------- actions
    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def _moves(self, seat: int) -> list[Move]:
        stage = self.stage
        if stage is Stage.REQUEST:
            # "Christian, do you have a PLANT A card?": the asker names the player and the card;
            # each player not yet asked this turn, for the card named first (ruling 33).
            wanted = self.asked[1]
            return [ask for other in range(self.players) if other != seat and not self.refused[other]
                    for ask in (ASKS[other] if wanted < 0 else (ASKS[other][wanted],))]
        if stage is Stage.REFILL:
            return [ask for other in range(self.players) if other != seat and not self.refused[other]
                    for ask in ASKS[other]]
        if stage is Stage.GIVE:
            # "If the player has it, he must give you the card."
            asked = self.asked[1]
            gives = [GIVES[c] for c in sorted(self.hands[seat]) if STACK_OF[c] == asked]
            return gives or [NONE]
        if stage is Stage.MAKE:
            return [move(Verb.MAKE, *cards) for cards in self.makeable(seat)]
        if stage is Stage.REFILL_DRAW:
            sources = []
            if self.stack or len(self.discards) > 1:
                sources.append(move(Verb.DRAW, number=0))
            if self.discards:
                sources.append(move(Verb.DRAW, number=1))
            return sources
        if stage is Stage.DISCARD:
            return [DISCARDS[c] for c in sorted(self.hands[seat])]
        return []

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        if isinstance(action, Move):
            legal = self._legal_moves(seat)
            # Moves are made once and shared (``move``): the one played is nearly always one of
            # the listed objects, found without comparing field by field.
            if any(map(is_, repeat(action), legal)) or action in legal:
                return None
        if isinstance(action, Move) and action.verb is Verb.ASK and not action.cards:
            if self.stage is Stage.REQUEST:
                return "name the player you ask and the card: 'ask SEAT STACK', e.g. 'ask 1 plant-a'"
            if self.stage is Stage.REFILL:
                return "to get back to eight cards, ask one player: 'ask SEAT STACK', e.g. 'ask 1 plant-a'"
        if isinstance(action, Move) and action.verb is Verb.ASK and action.cards:
            if action.cards[0] == seat:
                return "ask another player, not yourself"
            if not 0 <= action.cards[0] < self.players:
                return f"there is no seat {action.cards[0]}"
            if self.stage is Stage.REFILL and self.refused[action.cards[0]]:
                return f"seat {action.cards[0]} did not have what you asked: ask someone else or draw"
            if self.stage is Stage.REQUEST and self.refused[action.cards[0]]:
                return f"seat {action.cards[0]} was asked this turn and had none: ask another player"
            if self.stage is Stage.REQUEST and 0 <= self.asked[1] != action.number:
                return (f"this turn you asked for {a_or_an(part_words(self.asked[1]))}: ask each player for "
                        f"that card")
        if isinstance(action, Move) and self.stage is Stage.GIVE and action.verb in (Verb.GIVE, Verb.NONE):
            if action.verb is Verb.NONE:
                return f"you have {a_or_an(part_words(self.asked[1]))}: you must give one"
            return f"give {a_or_an(part_words(self.asked[1]))} from your hand"
        if isinstance(action, Move) and action.verb is Verb.MAKE:
            return ("a QUIRKLING is three cards from your hand of one kind (plant A+B+C, herbivore A or "
                    "carnivore A with animal B and C), named A, B, C in that order, that all bear the current "
                    "climate's code")
        expected = {
            Stage.REQUEST: "ask a player for the card you want: 'ask SEAT STACK', e.g. 'ask 1 plant-a'",
            Stage.GIVE: f"you were asked for {a_or_an(part_words(self.asked[1]))}: 'give CARD', or 'none'",
            Stage.MAKE: "make a QUIRKLING: 'make CARD CARD CARD'",
            Stage.REFILL: "ask for the cards you need to get back to eight: 'ask SEAT STACK'",
            Stage.REFILL_DRAW: "'draw stack' or 'draw discard'",
            Stage.DISCARD: "discard a card to keep seven: 'discard CARD'",
        }.get(self.stage, "the game is over")
        return f"'{action}' is not possible now: {expected}"

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Move)
        self._legal = None
        stage, verb = self.stage, action.verb
        if verb is Verb.ASK:
            self._ask(seat, action.cards[0], action.number)
        elif verb is Verb.GIVE:
            self._give(seat, action.cards[0])
        elif verb is Verb.NONE:
            self._has_none(seat)
        elif verb is Verb.MAKE:
            self._make(seat, action.cards)
        elif verb is Verb.DRAW:
            if action.number == 0:
                self._draw(seat)
            else:
                card = self.discards.pop()
                self.hands[seat].append(card)
                self._note("take-discard", -1, seat, card)
            self._refill()
        elif verb is Verb.DISCARD:
            self.hands[seat].remove(action.cards[0])
            self.discards.append(action.cards[0])
            self._note("discard", -1, seat, action.cards[0])
            self._end_turn()
        assert stage is not Stage.OVER

    def _ask(self, seat: int, other: int, stack: int) -> None:
        """"Christian, do you have a PLANT A card?" (the turn's request), or refilling:
        "Gregory, give me a CARNIVORE A." The player named answers."""
        self._note("ask", -1, seat, other, stack)
        self.asked = (other, stack)
        self.stage, self._to_act = Stage.GIVE, (other,)

    def _has_none(self, other: int) -> None:
        stack = self.asked[1]
        self._note("none", -1, other, stack)
        self.refused[other] = True
        if not self.refilling:
            seat = self.current
            if any(not self.refused[o] for o in range(self.players) if o != seat):
                # The request goes on: the asker names the next player, for the same card.
                self.asked = (-1, stack)
                self.stage, self._to_act = Stage.REQUEST, (seat,)
                return
            # Every player was asked and none had it: "you draw a card".
            self.asked, self.refused = (-1, -1), [False] * self.players
            self._draw(seat)
            self._after_fill()
            return
        self.asked = (-1, -1)
        seat = self.current
        self.stage, self._to_act = Stage.REFILL_DRAW, (seat,)
        if not self._moves(seat):
            self._refill(force_end=True)

    def _give(self, giver: int, card: int) -> None:
        self.asked = (-1, -1)
        if not self.refilling:
            self.refused = [False] * self.players  # the turn's request is over
        self._hand_over(giver, card)

    def _hand_over(self, giver: int, card: int) -> None:
        self.hands[giver].remove(card)
        self.hands[self.current].append(card)
        self._note("give", giver, giver, self.current, card)
        self._draw(giver)  # the giver draws to keep seven cards
        if self.refilling:
            self._refill()
        else:
            self._after_fill()

    def _after_fill(self, refilled: bool = True) -> None:
        """Make a QUIRKLING if one can be made, else discard down to seven, else end the turn.
        A refill that found no card left to draw short of eight makes none (rule 3e: "If you
        have 8 cards after recovering cards, you may make another QUIRKLING")."""
        seat = self.current
        if refilled and self.makeable(seat):
            self.stage, self._to_act = Stage.MAKE, (seat,)
        elif len(self.hands[seat]) > HAND:
            self.stage, self._to_act = Stage.DISCARD, (seat,)
        else:
            self._end_turn()

    def _make(self, seat: int, cards: tuple[int, ...]) -> None:
        for card in cards:
            self.hands[seat].remove(card)
        self.made[seat].append(cards)
        niche = NICHE_STACKS.index(tuple(CARDS[c].stack for c in cards))
        self._note("make", -1, seat, niche, cards)
        kinds = {NICHE_STACKS.index(tuple(CARDS[c].stack for c in q)) for q in self.made[seat]}
        if len(kinds) == 3:
            self._finish((seat,), COMPLETED)
            return
        self.refused, self.refilling = [False] * self.players, True
        self._refill()

    def _refill(self, force_end: bool = False) -> None:
        """Ask for cards until eight are in hand; then make another QUIRKLING or discard."""
        seat = self.current
        if force_end or len(self.hands[seat]) >= HAND + 1:
            self.refused = [False] * self.players
            self._after_fill(refilled=len(self.hands[seat]) >= HAND + 1)
            return
        if any(not self.refused[o] for o in range(self.players) if o != seat):
            self.stage, self._to_act = Stage.REFILL, (seat,)
            return
        self.stage, self._to_act = Stage.REFILL_DRAW, (seat,)
        if not self._moves(seat):
            self._refill(force_end=True)

    def _end_turn(self) -> None:
        self.climate = (self.climate + CLIMATE_STEPS) % SPACES
        self.turns += 1
        self._note("turn", -1, self.current, self.climate)
        limit = self.game.options["turn_limit"]
        if limit and self.turns >= limit:
            best = max(self._standing(s) for s in range(self.players))
            self._finish(tuple(s for s in range(self.players) if self._standing(s) == best), "turn limit reached")
            return
        self.current = (self.current + 1) % self.players
        self.refused, self.refilling = [False] * self.players, False
        self.stage, self._to_act = Stage.REQUEST, (self.current,)

    def _standing(self, seat: int) -> tuple[int, int]:
        kinds = {NICHE_STACKS.index(tuple(CARDS[c].stack for c in q)) for q in self.made[seat]}
        return len(kinds), len(self.made[seat])

    def _finish(self, winners: tuple[int, ...], why: str) -> None:
        self.result = winners
        self.stage, self._to_act = Stage.OVER, ()
        self._note("over", -1, winners, why)

    # ----------------------------------------------------------------- the end
    @property
    def is_over(self) -> bool:
        return self.stage is Stage.OVER

    @property
    def scores(self) -> tuple[float, ...]:
        return win_scores(self.result or (), self.players)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.result or ()

    statistics_about = (
        "By stack of CHARACTER cards (PLANT A … ANIMAL C): asked, how often a player asked another for "
        "one of its cards; given, how often one was given; given per ask, the share of requests "
        "answered. By kind of QUIRKLING: made, how often one was made; the winner's last, how often "
        "it was the one that completed the winner's plant, herbivore and carnivore.")

    def statistics(self) -> dict[str, float]:
        """``turns`` and ``quirklings_made``; and by item (the report's table): each stack, how
        often a player asked for one of its cards and how often one was given; each kind of
        QUIRKLING, how often one was made and how often it was the winner's last, the one that
        completed its plant, herbivore and carnivore."""
        figures = {"turns": float(self.turns), "quirklings_made": float(sum(len(m) for m in self.made))}
        last_made: dict[int, int] = {}  # seat -> the niche of its newest QUIRKLING
        completed = False
        for event in in_order(self.log):
            kind = event[0]
            if kind == "ask":
                count_item(figures, "asked", _stack_words(event[4]))
            elif kind == "give":
                count_item(figures, "given", _stack_words(STACK_OF[event[4]]))
            elif kind == "make":
                count_item(figures, "made", f"{NICHES[event[3]]} QUIRKLING")
                last_made[event[2]] = event[3]
            elif kind == "over":
                completed = event[3] == COMPLETED
        if completed:
            for seat in self.result or ():
                count_item(figures, "the winner's last", f"{NICHES[last_made[seat]]} QUIRKLING")
        return figures

    seat_items_about = "made a QUIRKLING of that kind"

    def seat_items(self) -> tuple[tuple[str, ...], ...]:
        """By seat, the kinds of QUIRKLING it made."""
        made: list[set[str]] = [set() for _ in self.made]
        for event in in_order(self.log):
            if event[0] == "make":
                made[event[2]].add(f"{NICHES[event[3]]} QUIRKLING")
        return tuple(tuple(sorted(kinds)) for kinds in made)

    def _view(self, seat: int | None) -> View:
        """What ``seat`` (or a spectator) sees. The players, the hand, the discard pile and the
        log are made when read, from what they hold now: a seat with one move reads none."""
        over = self.stage is Stage.OVER
        table = self.table
        asked = self.asked
        discards = self.discards
        if not discards:
            top = None
        elif table is PRINTED:  # the face shared by every view (a view's values are read-only)
            top = _PRINTED_CARDS[discards[-1]]
        else:
            top = card_json(discards[-1], table)
        data: dict[str, Any] = {
            "climate": _CLIMATES[self.climate],
            "stage": _STAGE_NAMES[self.stage],
            "current": self.current,
            "to_act": list(self._to_act),
            # The card of the turn's request shows between its asks too (no player answering then).
            "asked": None if asked[1] < 0 else {"seat": asked[0] if asked[0] >= 0 else None,
                                                "stack": STACKS[asked[1]]},
            "stack": len(self.stack),
            "discard_top": top,
            "refilling": self.refilling,
            "turns": self.turns,
            "is_over": over,
            "winners": list(self.result or ()) if over else None,
        }
        # What the parts read, as it is now: hands and the lists of QUIRKLINGS change in place.
        parts = _Parts(_SEAT_PARTS if seat is not None else _SPECTATOR_PARTS)
        parts.sizes = sizes = tuple(map(len, self.hands))
        parts.made = made = tuple(map(tuple, self.made))
        parts.refused, parts.table, parts.discards = tuple(self.refused), table, tuple(discards)
        parts.shown = list(map(tuple, self.hands)) if over else None  # every hand, once over
        parts.log, parts.seat, parts.over = self.log, seat, over
        view = QuirklingView(self.game.id, seat, data, parts)
        view.hand_sizes, view.made_cards, view.printed_codes, view._log = sizes, made, table is PRINTED, self.log
        view.hand_cards = parts.hand = None if seat is None else tuple(self.hands[seat])
        return view


class _Parts(BoundParts):
    """The lazy parts of one view: each key to the function that makes it from what this object
    keeps of the state as it was (bound to this object when read). A view is made at every
    decision and a bot reads none of its parts: the parts are ``BoundParts``, and what they read
    is kept here, rather than four partials made."""

    __slots__ = ("sizes", "made", "refused", "table", "discards", "shown", "log", "seat", "over", "hand")
    sizes: tuple[int, ...]
    made: tuple[tuple[tuple[int, ...], ...], ...]
    refused: tuple[bool, ...]
    table: AdaptationTable
    discards: tuple[int, ...]
    shown: list[tuple[int, ...]] | None
    log: Log
    seat: int | None
    over: bool
    hand: tuple[int, ...] | None

    def players(self) -> list[dict[str, Any]]:
        return _players_json(self.sizes, self.made, self.refused, self.table, self.shown)

    def discard_pile(self) -> list[str]:
        return [NUMBERS[c] for c in self.discards]

    def log_part(self) -> list[dict[str, Any]]:
        return read(self.log, _describe, self.seat, self.over, LOG_SHOWN)

    def hand_part(self) -> list[dict[str, Any]]:
        assert self.hand is not None
        return hand_json(self.hand, self.table)


_SPECTATOR_PARTS: Final = {"players": _Parts.players, "discard_pile": _Parts.discard_pile, "log": _Parts.log_part}
_SEAT_PARTS: Final = {**_SPECTATOR_PARTS, "hand": _Parts.hand_part}


class QuirklingView(View):
    """A Quirkling view that also keeps the tuples its players and hand parts are made from, for
    a bot that reads them at every decision without the copies the parts' JSON is made of. They
    tell nothing the parts do not: the size of each hand, the cards of each QUIRKLING made (face
    up), the seat's own hand (in the order it got the cards: the seat saw each arrive), whether
    the codes its hand shows are the printed ones, and the public answers among the events the
    log part shows (``answers``). A view pickled or copied is a plain View: a reader falls back
    to the keys."""

    __slots__ = ("hand_sizes", "made_cards", "hand_cards", "printed_codes", "_log")
    # Set by the state's ``view`` once the View is made (no second call at every view).
    hand_sizes: tuple[int, ...]
    made_cards: tuple[tuple[tuple[int, ...], ...], ...]
    hand_cards: tuple[int, ...] | None
    printed_codes: bool
    _log: Log

    def answers(self) -> list[tuple[int, int]]:
        """The answers among the events the log part shows, newest first: (seat, stack) for a
        seat that had none of the stack asked for, (seat, -1) for one that gave a card. Everyone
        hears them; the log's events are read here, not described and copied as its part is."""
        found: list[tuple[int, int]] = []
        cell = self._log
        # Every event the game notes is described for every reader: the part shows the newest
        # LOG_SHOWN events, whoever reads them.
        for _ in range(LOG_SHOWN):
            if cell is None:
                break
            event = cell[0]
            kind = event[0]
            if kind == "none":
                found.append((event[2], event[3]))
            elif kind == "give":
                found.append((event[2], -1))
            cell = cell[1]
        return found


# Each card with the printed codes, made once and shared by every view (a view's values are read-only).
_PRINTED_CARDS: Final = tuple(card_json(card, PRINTED) for card in range(len(CARDS)))


def _players_json(sizes: tuple[int, ...], made: tuple[tuple[tuple[int, ...], ...], ...], refused: tuple[bool, ...],
                  table: AdaptationTable, shown: list[tuple[int, ...]] | None) -> list[dict[str, Any]]:
    """What everyone sees of each player: its hand's size (the hand itself once the game is
    over), whether it lacked what was asked during this refill, its QUIRKLINGS."""
    out = []
    for s, size in enumerate(sizes):
        quirklings = []
        for q in made[s]:
            niche, name = _LABELS.get(q) or _labels(q)
            # The printed faces shared by every view (a view's values are read-only).
            cards = [_PRINTED_CARDS[c] for c in q] if table is PRINTED else cards_json(q, table)
            quirklings.append({"niche": niche, "name": name, "cards": cards})
        player = {"seat": s, "hand_size": size, "refused": refused[s], "quirklings": quirklings}
        if shown is not None:
            player["hand"] = cards_json(sorted(shown[s]), table)
        out.append(player)
    return out


# Where the marker stands, by its space: a view shows it at every step.
_CLIMATES: Final = tuple({"space": space, "name": COMPONENTS.climates[space // COMPONENTS.zones_per_climate],
                          "zone": space % COMPONENTS.zones_per_climate + 1} for space in range(SPACES))


# The niche and the name of each QUIRKLING shown, by its cards: a view shows every one made, at
# every step.
_LABELS: Final = Memo[tuple[int, ...], tuple[str, str]](50_000)


def _labels(cards: tuple[int, ...]) -> tuple[str, str]:
    found = _LABELS.get(cards)
    if found is None:
        niche = NICHES[NICHE_STACKS.index(tuple(CARDS[c].stack for c in cards))]
        found = _LABELS.keep(cards, (niche, known_name(cards)))
    return found


def _describe(event: tuple[Any, ...], viewer: int | None, over: bool) -> dict[str, Any] | None:
    kind = event[0]
    if kind == "draw":
        seat, card = event[2], event[3]
        text = f"Seat {seat} draws a card"
        if over or viewer == seat:
            text += f": {named(card)}"
        return {"event": kind, "seat": seat, "text": text + "."}
    if kind == "ask":
        seat, other, stack = event[2:5]
        return {"event": kind, "seat": seat, "asked": other, "stack": STACKS[stack],
                "text": f"Seat {seat} asks seat {other} for {a_or_an(part_words(stack))}."}
    if kind == "none":
        seat, stack = event[2:4]
        return {"event": kind, "seat": seat, "stack": STACKS[stack],
                "text": f"Seat {seat} has no {part_words(stack)}."}
    if kind == "give":
        giver, taker, card = event[2:5]
        # The card is of the stack asked for, which everyone heard; which card it is, only the
        # giver and the taker see (and everyone once the game is over).
        text = f"Seat {giver} gives seat {taker} {a_or_an(part_words(STACK_OF[card]))}"
        if over or viewer in (giver, taker):
            text += f": {named(card)}"
        return {"event": kind, "seat": giver, "text": text + "."}
    if kind == "take-discard":
        return {"event": kind, "seat": event[2], "card": CARDS[event[3]].number,
                "text": f"Seat {event[2]} takes {named(event[3])} from the discard pile."}
    if kind == "make":
        seat, niche, cards = event[2:5]
        return {"event": kind, "seat": seat, "niche": NICHES[niche],
                "text": f"Seat {seat} makes a {NICHES[niche]} QUIRKLING from the hand: {quirks_name(cards)} "
                        f"({named_list(cards)})."}
    if kind == "discard":
        return {"event": kind, "seat": event[2], "card": CARDS[event[3]].number,
                "text": f"Seat {event[2]} discards {named(event[3])}."}
    if kind == "turn":
        climate = COMPONENTS.climates[event[3] // COMPONENTS.zones_per_climate]
        return {"event": kind, "text": f"The climate marker moves two zones: {climate.upper()}."}
    if kind == "over":
        winners = ", ".join(f"seat {s}" for s in event[2]) or "nobody"
        return {"event": kind, "winners": list(event[2]), "why": event[3],
                "text": f"Game over ({event[3]}): {winners} {'win' if len(event[2]) > 1 else 'wins'}."}
    return None
