"""The Quirks solitaire game: play against the climate.

Three QUiRKS hold the upper niches. Each action: draw a destiny marker, change one card of
the QUiRKS of that niche, then move the climate marker one or two zones ("one or two zones
after each action"). At any moment the player may count: the QUiRKS are counted one at a
time, in the order the player chooses; if the three reach the current climate's threshold
the player wins, if not the player loses; stopping after one or two makes the counted QUiRKS
extinct branches, replaced by new ones. Three extinctions lose the game, and so does a
CHARACTER card stack running out.
"""

from __future__ import annotations

import itertools
from enum import IntEnum
from operator import attrgetter
from typing import Any, ClassVar, Final

from quarkade.core.chance import Chance
from quarkade.core.flow import Deck
from quarkade.core.game import Action, CachedLegalActions, GameInfo, OptionSpec, View, count_item
from quarkade.core.log import Log, note
from quarkade.core.memo import Memo
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.board import HAND_TARGET, NICHE_STACKS, SPACES, STACK_CARDS, stack_for
from quarkade.games.quirks.components import COMPONENTS, NICHES, PRINTED, SOLITAIRE_TARGETS, STACKS, AdaptationTable
from quarkade.games.quirks.evaluation import adaptation
from quarkade.games.quirks.family import QuirksFamily
from quarkade.games.quirks.moves import move
from quarkade.games.quirks.solitaire_views import (
    SEAT_PARTS,
    SHOWN_QUIRKS,
    SPECTATOR_PARTS,
    SolitaireParts,
    quirks_json,
    shown_quirks,
)
from quarkade.games.quirks.views import DRAWN_LIMIT, NUMBERS

CARDS: Final = COMPONENTS.cards
THRESHOLDS: Final = dict(zip(COMPONENTS.climates, SOLITAIRE_TARGETS, strict=True))
EXTINCTIONS_TO_LOSE: Final = 3
DEFAULT_ACTION_LIMIT: Final = 300


class Stage(IntEnum):
    START = 0
    ACTION = 1
    CLIMATE = 2
    RANDOM_MUTATION = 3
    COUNTING = 4
    OVER = 5


# The stages as module constants, read at every step: a member read from its class goes through
# the ``__getattr__`` hook of Enum's metaclass, many times slower than a global.
_START, _ACTION, _CLIMATE, _RANDOM_MUTATION, _COUNTING, _OVER = Stage
_COUNT: Final = Verb.COUNT


# "At any time, you may consult the ADAPTATION POTENTIAL table": a count may begin at every
# step of play, and play resumes there if the player stops counting.
COUNT_ANY_TIME: Final = (_START, _ACTION, _CLIMATE, _RANDOM_MUTATION)
COUNTS: Final = tuple(move(Verb.COUNT, number=niche) for niche in range(3))
_STOP: Final = move(Verb.STOP)
_STACK_OF: Final = tuple(card.stack for card in CARDS)
_DESTINY_MARKERS: Final = sum(COMPONENTS.destiny)  # the markers of every niche
# The stack a card of the QUiRKS of a niche is replaced from, by niche and card.
_REPLACED_FROM: Final = tuple(tuple(stack_for(niche, card.row) for card in CARDS) for niche in range(3))
# The moves of an action and of a Random Mutation, by card: mutating it (discard and draw),
# exchanging it for each card of hand of its replacement stack, by the niche of its QUiRKS,
# and replacing it.
_MUTATE: Final = tuple(move(Verb.MUTATE, card) for card in range(len(CARDS)))
_EXCHANGE: Final = tuple(tuple({other: move(Verb.MUTATE, card, other) for other in range(len(CARDS))
                                if _STACK_OF[other] == _REPLACED_FROM[niche][card]} for card in range(len(CARDS)))
                         for niche in range(3))
_REPLACE: Final = tuple(move(Verb.REPLACE, card) for card in range(len(CARDS)))
_START_MOVES: Final = (move(Verb.CONTINUE), *COUNTS)
_CLIMATE_MOVES: Final = (move(Verb.CLIMATE, number=1), move(Verb.CLIMATE, number=2), *COUNTS)
# While counting: the QUiRKS not yet counted, or stop; by the niches counted, in order.
_COUNTING_MOVES: Final = {tuple(NICHES[n] for n in counted): (*(COUNTS[n] for n in range(3) if n not in counted), _STOP)
                          for counted in itertools.chain.from_iterable(itertools.permutations(range(3), k)
                                                                       for k in range(3))}
_STAGE_NAMES: Final = tuple(stage.name.lower().replace("_", "-") for stage in Stage)  # by the stage's number
_NO_DISCARDS: Final[tuple[tuple[str, ...], ...]] = tuple(() for _ in STACKS)
_NUMBER_OF: Final = NUMBERS.__getitem__  # a card's printed number, by its index
_CARDS_OF: Final = attrgetter("cards")  # of a stack's Deck
# The climate as a view shows it, by the climate marker's space: one dict shared by every view
# (a view's values are read-only).
_CLIMATE_JSON: Final = tuple({"space": space, "name": COMPONENTS.climates[space // COMPONENTS.zones_per_climate],
                              "zone": space % COMPONENTS.zones_per_climate + 1, "x_spaces": sorted(COMPONENTS.x_spaces)}
                             for space in range(SPACES))
# Setup shuffles the seven stacks in turn with a new game's chance, each as ``Chance.shuffle``
# does: the counter that places card ``i`` of a stack is its entry here minus ``i``, and the
# draws after setup start at _SETUP_SHUFFLE_DRAWS.
_SHUFFLE_AT: Final = tuple(sum(max(len(cards) - 1, 0) for cards in STACK_CARDS[:stack]) + len(STACK_CARDS[stack])
                           for stack in range(7))
_SETUP_SHUFFLE_DRAWS: Final = sum(max(len(cards) - 1, 0) for cards in STACK_CARDS)
# The cards dealt from each stack at setup: one QUiRKS of each niche, and the hand.
_SETUP_NEEDS: Final = tuple(sum(stacks.count(stack) for stacks in NICHE_STACKS) + HAND_TARGET[stack]
                            for stack in range(7))
assert all(len(cards) > need + 1 for cards, need in zip(STACK_CARDS, _SETUP_NEEDS, strict=True))
_SETUP_UNSHUFFLED: Final = tuple(len(cards) - need for cards, need in zip(STACK_CARDS, _SETUP_NEEDS, strict=True))


class QuirksSolitaire(QuirksFamily):
    sampler = "sample_solitaire"

    info = GameInfo(
        id="quirks-solitaire",
        title="Quirks Solitaire",
        min_players=1,
        max_players=1,
        default_players=1,
        summary="Evolve a perfect group of three QUiRKS and count it in the right climate before "
        "three extinctions or the end of the cards.",
        rules_version=COMPONENTS.rules_version,
        options=(
            OptionSpec("random_mutation", bool, False, "Random Mutation: an X forces a card of a QUiRKS to change",
                       label="Random Mutation"),
            OptionSpec("action_limit", int, DEFAULT_ACTION_LIMIT, "Actions after which the game is lost (0: none, "
                       "as in the rulebook; a game may then go on for ever)", minimum=0, label="Action limit"),
        ),
        variants=("random_mutation",),
    )

    def new_game(self, seed: int) -> SolitaireState:
        return SolitaireState.setup(self, seed)

class SolitaireState(CachedLegalActions):
    __slots__ = ("chance", "_stacks", "_unshuffled", "_shuffle_seed", "hand", "quirks", "climate", "destiny_pool",
                 "destiny_drawn", "niche", "stage", "resume", "actions", "extinct", "counted", "won", "lost_why", "log",
                 "table", "_to_act", "_discarded")

    chance: Chance
    _stacks: list[Deck[int]]  # discarded cards leave the game: the discard piles are never reshuffled
    # A game's stacks are shuffled card by card as they are drawn (most of a stack is never
    # drawn in a short game, and the shuffles cost more than the rest of the setup): by stack,
    # how many cards at the bottom are not yet in their shuffled place; None once all are.
    _unshuffled: list[int] | None
    _shuffle_seed: int
    hand: list[int]
    quirks: list[tuple[int, ...]]  # plant, herbivore, carnivore
    climate: int
    destiny_pool: list[int]
    destiny_drawn: list[int]
    niche: int
    stage: Stage
    resume: Stage  # the step of play a count interrupted
    actions: int
    extinct: list[tuple[int, ...]]  # the extinct branches, out of play
    counted: tuple[tuple[str, int, int], ...]  # (niche, cards, food chain) counted this time
    won: bool
    lost_why: str
    log: Log
    table: AdaptationTable  # the true one; a state sampled for a bot holds one drawn for it
    _to_act: tuple[int, ...]
    # The printed numbers of each discard pile, as the views show them, kept as the piles grow
    # (never changed in place: shared by clones); None where the piles were set from outside,
    # until a view reads them.
    _discarded: tuple[tuple[str, ...], ...] | None

    @classmethod
    def setup(cls, game: QuirksSolitaire, seed: int) -> SolitaireState:
        s = cls()
        s.game, s.seed, s.history = game, seed, []
        # The stacks stay in their printed order until drawn; the chance moves on as if shuffled.
        s.chance = Chance(seed, _SETUP_SHUFFLE_DRAWS)
        s._stacks = [Deck(list(cards)) for cards in STACK_CARDS]
        s._discarded = _NO_DISCARDS
        s._shuffle_seed = s.chance.seed
        s.climate = s.chance.below(SPACES)
        s.destiny_pool, s.destiny_drawn = [], []
        s.niche, s.actions, s.extinct = -1, 0, []
        s.counted, s.won, s.lost_why, s.log, s._legal = (), False, "", None, None
        s.table = PRINTED
        s.stage, s.resume, s._to_act = _START, _START, (0,)
        # The cards dealt are put in their shuffled place (as _shuffle_down_to does, stack by
        # stack), then taken: no stack runs out at setup.
        decks = [deck.cards for deck in s._stacks]
        for stack, cards in enumerate(decks):
            top = len(cards) - 1
            Chance(seed, _SHUFFLE_AT[stack] - top - 1).shuffle_steps(cards, top, top + 1 - _SETUP_NEEDS[stack])
        s._unshuffled = list(_SETUP_UNSHUFFLED)
        s.quirks = [tuple([decks[stack].pop() for stack in stacks]) for stacks in NICHE_STACKS]
        s.hand = [decks[stack].pop() for stack, count in enumerate(HAND_TARGET) for _ in range(count)]
        return s

    @property
    def stacks(self) -> list[Deck[int]]:
        """The stacks, every card in its shuffled place."""
        if self._unshuffled is not None:
            for stack in range(7):
                self._shuffle_down_to(stack, 0)
            self._unshuffled = None
        return self._stacks

    @stacks.setter
    def stacks(self, decks: list[Deck[int]]) -> None:
        self._stacks, self._unshuffled, self._shuffle_seed, self._discarded = decks, None, 0, None

    def _shuffle_down_to(self, stack: int, lowest: int) -> None:
        """Put the cards of a stack from its top down to index ``lowest`` in their shuffled
        place: the steps of ``Chance.shuffle`` (Fisher-Yates from the top down), each from the
        counter it would have used, so the order is the one a whole shuffle at setup gives."""
        assert self._unshuffled is not None
        top = self._unshuffled[stack] - 1
        i = Chance(self._shuffle_seed, _SHUFFLE_AT[stack] - top - 1).shuffle_steps(self._stacks[stack].cards, top,
                                                                                  lowest)
        # The bottom card is in its place once the one above it is.
        self._unshuffled[stack] = i + 1 if i > 0 else 0

    def clone(self) -> SolitaireState:
        c = SolitaireState()
        c.game, c.seed = self.game, self.seed
        self._copy_history(c)
        c.chance = Chance(self.chance.seed, self.chance.counter)
        c._stacks = [Deck(d.cards[:], d.discards[:]) for d in self._stacks]
        c._unshuffled = None if self._unshuffled is None else self._unshuffled[:]
        c._shuffle_seed = self._shuffle_seed
        c.hand, c.quirks = self.hand[:], self.quirks[:]
        c.climate, c.destiny_pool, c.destiny_drawn = self.climate, self.destiny_pool[:], self.destiny_drawn[:]
        c.niche, c.stage, c.resume = self.niche, self.stage, self.resume
        c.actions, c.extinct = self.actions, self.extinct[:]
        c.counted, c.won, c.lost_why, c.log, c._to_act = self.counted, self.won, self.lost_why, self.log, self._to_act
        c.table, c._discarded = self.table, self._discarded
        c._legal = self._legal  # never changed in place: safe to share
        return c

    def _note(self, *event: Any) -> None:
        self.log = note(self.log, *event)

    def _take(self, stack: int) -> int:
        """The top card of a stack (a stack is never empty during play: -1, and the game lost, if
        so). Taking its last card loses the game once the card is placed: ``_ran_out``."""
        cards = self._stacks[stack].cards
        if not cards:
            self._lose(f"the {STACKS[stack]} stack ran out")
            return -1
        if self._unshuffled is not None and len(cards) <= self._unshuffled[stack]:
            self._shuffle_down_to(stack, len(cards) - 1)
        return cards.pop()

    def _ran_out(self, stack: int) -> None:
        """"If a CHARACTER card stack runs out, you lose the game": at once (ruling 30)."""
        if not self._stacks[stack].cards:
            self._lose(f"the {STACKS[stack]} stack ran out")

    def _new_quirks(self, niche: int) -> tuple[int, ...]:
        """A new QUiRKS from the stacks: if one runs out, the game is lost at once and no further
        card is drawn (the QUiRKS is short of them)."""
        cards: list[int] = []
        for stack in NICHE_STACKS[niche]:
            card = self._take(stack)
            if card >= 0:
                cards.append(card)
            self._ran_out(stack)
            if self.stage is _OVER:
                break
        return tuple(cards)

    def _lose(self, why: str) -> None:
        if self.stage is not _OVER:
            self.stage, self._to_act, self.lost_why = _OVER, (), why
            self._note("over", -1, False, why)

    @property
    def extinctions(self) -> int:
        return len(self.extinct)

    @property
    def climate_index(self) -> int:
        return self.climate // COMPONENTS.zones_per_climate

    @property
    def threshold(self) -> int:
        return THRESHOLDS[COMPONENTS.climates[self.climate_index]]

    # ----------------------------------------------------------------- actions
    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def _moves(self, seat: int = 0) -> list[Move]:
        stage = self.stage
        moves: list[Move] = []
        if stage is _START:
            return list(_START_MOVES)
        if stage is _CLIMATE:
            return list(_CLIMATE_MOVES)
        if stage is _RANDOM_MUTATION:
            moves = [_REPLACE[c] for q in self.quirks for c in q]
        elif stage is _ACTION:
            return list(_action_moves(self.niche, self.quirks[self.niche], tuple(self.hand)))
        elif stage is _COUNTING:
            return list(_COUNTING_MOVES[tuple([name for name, _, _ in self.counted])])
        if stage in COUNT_ANY_TIME:
            moves.extend(COUNTS)
        return moves

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        legal = self._legal_moves(seat)
        # The moves are made once and shared (``move``): most actions applied are one of
        # them, found by identity before any comparison of fields.
        for found in legal:
            if found is action:
                return None
        if isinstance(action, Move) and action in legal:
            return None
        expected = {
            _START: "'continue' playing or count a QUiRKS: 'count plant', 'count herbivore' or 'count carnivore'",
            _CLIMATE: "advance the climate marker after your action: 'climate 1' or 'climate 2'",
            _RANDOM_MUTATION: "Random Mutation: 'replace CARD' with a card of one of your QUiRKS",
            _ACTION: f"change one card of your {NICHES[self.niche] if self.niche >= 0 else ''} QUiRKS: "
                          "'mutate CARD' (discard and draw) or 'mutate CARD for HAND-CARD' (same position)",
            _COUNTING: "count a QUiRKS not yet counted ('count plant'...) or 'stop' counting",
        }.get(self.stage, "the game is over")
        return f"'{action}' is not possible now: {expected}"

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Move)
        self._legal = None
        stage, verb = self.stage, action.verb
        if verb is _COUNT:
            if stage is not _COUNTING:
                self.resume, self.counted = stage, ()
            self._count(action.number)
        elif stage is _START:
            self._draw_destiny()
        elif stage is _ACTION:
            self._replace(self.niche, action.cards[0], action.cards[1] if len(action.cards) == 2 else -1)
            self.actions += 1
            if self.stage is not _OVER:
                limit = self.game.options["action_limit"]
                if limit and self.actions >= limit:
                    self._lose("the action limit was reached")
                else:
                    self.stage = _CLIMATE  # "Move the climate marker one or two zones after each action."
        elif stage is _CLIMATE:
            before = self.climate
            self.climate = (self.climate + action.number) % SPACES
            self._note("climate", -1, 0, action.number, self.climate)
            if self.game.options["random_mutation"] and not COMPONENTS.x_spaces.isdisjoint(
                    (before + step) % SPACES for step in range(1, action.number + 1)):
                self._note("random-mutation", -1)
                self.stage = _RANDOM_MUTATION
            else:
                self.stage = _START
        elif stage is _RANDOM_MUTATION:
            card = action.cards[0]
            niche = next(n for n in range(3) if card in self.quirks[n])
            self._replace(niche, card, -1)
            if self.stage is not _OVER:
                self.stage = _START
        elif stage is _COUNTING:
            self._stop_counting()

    def _draw_destiny(self) -> None:
        if len(self.destiny_drawn) >= COMPONENTS.destiny_cycle or not self.destiny_pool:
            self.destiny_pool = [n for n in range(3) for _ in range(COMPONENTS.destiny[n])]
            self.chance.shuffle(self.destiny_pool)
            self.destiny_drawn = []
        self.niche = self.destiny_pool.pop()
        self.destiny_drawn.append(self.niche)
        self._note("destiny", -1, 0, self.niche)
        self.stage = _ACTION

    def _replace(self, niche: int, old: int, from_hand: int) -> None:
        if from_hand >= 0:
            self.hand.remove(from_hand)
            self.hand.append(old)
            new = from_hand
        else:
            drawn_from = stack_for(niche, CARDS[old].row)
            new = self._take(drawn_from)
            if new < 0:
                return
            stack = CARDS[old].stack
            self._stacks[stack].discards.append(old)
            discarded = self._discarded
            if discarded is not None:
                self._discarded = (*discarded[:stack], (*discarded[stack], NUMBERS[old]), *discarded[stack + 1:])
        self.quirks[niche] = tuple(new if c == old else c for c in self.quirks[niche])
        self._note("mutate-draw", -1, 0, niche, old, new, from_hand >= 0)
        if from_hand < 0:
            self._ran_out(drawn_from)

    def _count(self, niche: int) -> None:
        """Count one QUiRKS, the player's choice ("after counting the value of one or two of
        your QUiRKS, you decide to stop")."""
        climate = self.climate // COMPONENTS.zones_per_climate
        base, food = adaptation(niche, self.quirks[niche], self.quirks, climate, self.table.values)
        self.counted = (*self.counted, (NICHES[niche], base, food))
        self._note("counted", -1, NICHES[niche], base, food)
        if len(self.counted) < 3:
            self.stage, self._to_act = _COUNTING, (0,)
            return
        total = sum(b + f for _, b, f in self.counted)
        if total >= self.threshold:
            self.won = True
            self.stage, self._to_act = _OVER, ()
            self._note("over", -1, True, f"{total} in the {COMPONENTS.climates[climate]} (needed {self.threshold})")
        else:
            self._lose(f"{total} in the {COMPONENTS.climates[climate]}, short of {self.threshold}")

    def _stop_counting(self) -> None:
        for name, _, _ in self.counted:
            niche = NICHES.index(name)
            self.extinct.append(self.quirks[niche])
            self.quirks[niche] = ()
            self._note("extinct", -1, 0, len(self.extinct), name)
            if len(self.extinct) >= EXTINCTIONS_TO_LOSE:
                self._lose("three extinctions")
                return
            self.quirks[niche] = self._new_quirks(niche)
            if self.stage is _OVER:
                return
        self.counted = ()
        self.stage = self.resume

    # ----------------------------------------------------------------- the end
    @property
    def is_over(self) -> bool:
        return self.stage is _OVER

    @property
    def scores(self) -> tuple[float, ...]:
        return (1.0 if self.won else 0.0,)

    @property
    def winners(self) -> tuple[int, ...]:
        return (0,) if self.won else ()

    def statistics(self) -> dict[str, float]:
        """``won``, ``actions`` (the Action phase's replacements, as ``action_limit`` counts
        them), ``extinctions``, ``action_limit_reached``; and by trait (the report's table), how
        often a card with it was in a QUiRKS at the count of all three (``counted:<trait>``) and in
        one that won it (``won:<trait>``), every trait in every game."""
        figures = {"won": float(self.won), "actions": float(self.actions), "extinctions": float(len(self.extinct)),
                   "action_limit_reached": float(self.lost_why == "the action limit was reached"),
                   # every trait, those never counted too (the report's table then lists them all)
                   **{f"{measure}:{card.trait}": 0.0 for card in CARDS for measure in ("counted", "won")}}
        if len(self.counted) == 3:
            for cards in self.quirks:
                for card in cards:
                    for measure in ("counted", *(("won",) if self.won else ())):
                        count_item(figures, measure, CARDS[card].trait)
        return figures

    seat_items_about = "ended with a card of that trait in one of its QUiRKS"

    def seat_items(self) -> tuple[tuple[str, ...], ...]:
        """The traits of the cards in the player's QUiRKS at the end."""
        return (tuple(sorted({CARDS[card].trait for cards in self.quirks for card in cards})),)

    statistics_about = ("By trait: counted, the cards with it in the QUiRKS at the count of all three; won, "
                        "those in a count that won the game.")
    categories_about: ClassVar[dict[str, str]] = {"climate of the count": (
        "The player chooses when to count: a climate's rate is that of the counts the player chose to make "
        "in it, each against its climate's target (" + ", ".join(f"{name} {target}" for name, target in
                                                                   THRESHOLDS.items()) + "), not how hard the "
        "climate is. no count: the game ended before a count of all three QUiRKS (extinctions, an empty stack, "
        "or the action limit).")}

    def categories(self) -> dict[str, tuple[str, ...]]:
        """The climate of the count of all three QUiRKS, for win rates by climate ("no count":
        the game ended by extinctions, an empty stack or the action limit first)."""
        climate = self.climate // COMPONENTS.zones_per_climate
        return {"climate of the count": (COMPONENTS.climates[climate] if len(self.counted) == 3 else "no count",)}

    def _view(self, seat: int | None) -> View:
        """What the player (or a spectator) sees. The destiny markers, the extinct branches, the
        stacks, the log and the hand are made when read, from copies taken now (the state
        changes them in place). No seat but the player's reaches here (``State.view``)."""
        space = self.climate
        over = self.stage is _OVER
        table = self.table
        # A spectator sees the QUiRKS but not their codes (the identification markers hide
        # them) and not the hand.
        codes = table if seat is not None or over else None
        quirks = self.quirks
        if codes is PRINTED or codes is None:
            # Nearly every view shows the printed codes, or none: the QUiRKS are shown by one
            # list shared by every view that shows them alike, of each QUiRKS's own shared part.
            key = (codes is None, *quirks)
            shown = SHOWN_QUIRKS.get(key)
            if shown is None:
                shown = SHOWN_QUIRKS.keep(key, [shown_quirks(niche, cards, codes)
                                                 for niche, cards in enumerate(quirks)])
        else:
            # A table drawn for a bot's determinization: kept with the table, which the
            # playouts' views of that determinization share (emptied when full).
            key = ("solitaire", *quirks)
            seen = codes.seen
            shown = seen.get(key)
            if shown is None:
                if len(seen) >= DRAWN_LIMIT:
                    seen.clear()
                shown = seen[key] = quirks_json(quirks, codes)
        counted = self.counted
        data: dict[str, Any] = {
            "climate": _CLIMATE_JSON[space],
            "thresholds": THRESHOLDS,
            "stage": _STAGE_NAMES[self.stage],
            "resume": _STAGE_NAMES[self.resume] if self.stage is _COUNTING else None,
            "niche": NICHES[self.niche] if self.niche >= 0 else None,
            "to_act": list(self._to_act),
            "quirks": shown,
            "hand_size": len(self.hand),
            "actions": self.actions,
            "extinctions": len(self.extinct),
            "counted": [{"niche": n, "cards": b, "food_chain": f, "total": b + f} for n, b, f in counted]
            if counted else [],
            "is_over": over,
            "won": self.won if over else None,
            "result": self.lost_why if over and not self.won else None,
        }
        # What the parts read, as it is now (the state changes its lists in place): the piles
        # (the sizes of the stacks, the discards' numbers), the destiny markers, the extinct
        # branches, the log and the hand.
        decks = self._stacks
        discarded = self._discarded
        if discarded is None:
            discarded = self._discarded = tuple([tuple(map(_NUMBER_OF, deck.discards)) for deck in decks])
        parts = SolitaireParts(SEAT_PARTS if seat is not None or over else SPECTATOR_PARTS)
        parts.sizes, parts.discarded = tuple(map(len, map(_CARDS_OF, decks))), discarded
        # The pool is mixed when the first marker of a cycle is drawn: before the first, it holds them all.
        pool = len(self.destiny_pool) if self.destiny_drawn else _DESTINY_MARKERS
        parts.drawn, parts.pool, parts.extinct = tuple(self.destiny_drawn), pool, tuple(self.extinct)
        parts.log, parts.seat, parts.over = self.log, seat, over
        parts.hand, parts.table = tuple(self.hand), table
        return View(self.game.id, seat, data, parts)


def _action_moves(niche: int, cards: tuple[int, ...], hand: tuple[int, ...]) -> tuple[Move, ...]:
    """An action's moves: for each card of the destined QUiRKS, mutating it, then exchanging it
    for each card of the hand (in the order of their index) of the stack it is replaced from;
    and counting. Kept in _ACTION_MOVES: the QUiRKS and the hand come back action after action."""
    key = (niche, cards, hand)
    found = _ACTION_MOVES.get(key)
    if found is None:
        exchange = _EXCHANGE[niche]
        ordered = sorted(hand)
        moves: list[Move] = []
        for card in cards:
            moves.append(_MUTATE[card])
            swaps = exchange[card]
            moves.extend([swaps[other] for other in ordered if other in swaps])
        found = _ACTION_MOVES.keep(key, (*moves, *COUNTS))
    return found


_CACHE_LIMIT: Final = 50_000
# An action's moves, by the niche, the cards of its QUiRKS and the hand (see _action_moves).
_ACTION_MOVES: Final = Memo[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[Move, ...]](_CACHE_LIMIT)
