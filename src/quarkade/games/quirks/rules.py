"""Quirks, the evolution game (2-4 players), with its optional rules and the advanced game.

This module holds the game, its state and the flow of turns (setup, a turn's actions,
mutations). The competitions, their count and extinction are in :mod:`competition`; how a
game ends (the last player in, the defence of the three upper niches, the turn limit) in
:mod:`ending`; what may be played, and why not, in :mod:`legality`; the table's vocabulary
(slots, stages, a competition under way) in :mod:`board`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any, ClassVar, Final, cast

from quarkade.core.chance import Chance
from quarkade.core.flow import Deck
from quarkade.core.game import Action, CachedLegalActions, GameInfo, OptionSpec, View, count_item, win_scores
from quarkade.core.log import Log, events, note
from quarkade.games.quirks import board, competition, ending, legality
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.board import CARDS as CARDS
from quarkade.games.quirks.board import DEFAULT_TURN_LIMIT as DEFAULT_TURN_LIMIT
from quarkade.games.quirks.board import EXTINCTIONS_TO_LOSE as EXTINCTIONS_TO_LOSE
from quarkade.games.quirks.board import HAND_TARGET as HAND_TARGET
from quarkade.games.quirks.board import LOWER as LOWER
from quarkade.games.quirks.board import NICHE_STACKS as NICHE_STACKS
from quarkade.games.quirks.board import SETUP_ORDER, SETUP_ORDER_THREE, STACK_CARDS
from quarkade.games.quirks.board import SPACES as SPACES
from quarkade.games.quirks.board import UPPER as UPPER
from quarkade.games.quirks.board import Contest as Contest
from quarkade.games.quirks.board import Stage as Stage
from quarkade.games.quirks.board import slot_of as slot_of
from quarkade.games.quirks.board import stack_for as stack_for
from quarkade.games.quirks.components import COMPONENTS, PRINTED, AdaptationTable
from quarkade.games.quirks.family import QuirksFamily

OPTIONS: Final = (
    OptionSpec("random_mutation", bool, False, "Random Mutation: stopping on or passing an X makes everyone mutate",
               label="Random Mutation"),
    OptionSpec("intelligent_race", bool, False, "Intelligent Race: a QUiRKS with the card C29, "
               '"Intelligence", may roll dice for its value',
               label="Intelligent Race"),
    OptionSpec("advanced", bool, False, "Advanced game: no destiny markers; one competition on the first turn",
               label="Advanced game"),
    OptionSpec("turn_limit", int, DEFAULT_TURN_LIMIT, "Turns after which the game ends with a declared result "
               "(0: none, as in the rulebook; a game may then go on for ever)", minimum=0, label="Turn limit"),
)


# The rules version of Quirks' records: the data file's (2, which Quirks Solitaire and Quirkling
# keep), then 3: an exhausted stack renewed from its discards at once and a mutation's discard
# before its draw (RULINGS.md 6a), the defence before the end of the winning turn (25); 4: a
# lower QUiRKS placed in play may be its B and C cards (12).
RULES_VERSION: Final = "4"


class Quirks(QuirksFamily):
    sampler = "sample_quirks"

    info = GameInfo(
        id="quirks",
        title="Quirks",
        min_players=2,
        max_players=4,
        default_players=3,
        summary="Evolve creatures from character cards, fight for the plant, herbivore and carnivore "
        "niches as the climate turns, and hold all three upper niches.",
        rules_version=RULES_VERSION,
        options=OPTIONS,
        variants=("random_mutation", "intelligent_race", "advanced"),
    )

    make_view: Callable[[QuirksState, int | None], View]  # ``state.view``

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, options)
        # The views module is not imported here at module level (imports point from views to
        # rules), so the game wires it in once: a view is made at every step of a simulation.
        from quarkade.games.quirks.views import make_view

        self.make_view = make_view

    def new_game(self, seed: int) -> QuirksState:
        return QuirksState.setup(self, seed)

_STACK_OF: Final = tuple(card.stack for card in CARDS)
_CARDS_OF: Final = attrgetter("cards")  # of a stack's Deck
_DISCARDS_OF: Final = attrgetter("discards")


class QuirksState(CachedLegalActions):
    __slots__ = (
        "chance", "players", "stacks", "hands", "slots", "owners", "extinct", "eliminated", "climate",
        "destiny_pool", "destiny_drawn", "current", "niche", "stage", "contest", "turns", "turns_taken",
        "competed", "setup_step", "mutation_queue", "defence", "defence_queue", "reveals", "log",
        "result", "table", "_to_act", "_piles",
    )

    chance: Chance
    players: int
    stacks: list[Deck[int]]
    hands: list[list[int]]
    slots: list[tuple[int, ...]]
    owners: list[int]
    extinct: list[list[tuple[int, ...]]]  # each player's extinct branches, face down
    eliminated: list[bool]
    climate: int
    destiny_pool: list[int]
    destiny_drawn: list[int]
    current: int
    niche: int
    stage: Stage
    contest: Contest | None
    turns: int
    turns_taken: list[int]
    competed: int  # competitions this turn (the advanced game's first turn)
    setup_step: int
    mutation_queue: list[int]
    defence: int  # the player about to win, or -1
    defence_queue: list[tuple[int, int]]  # (seat, niche) of the lower QUiRKS still to try
    reveals: tuple[dict[str, Any], ...]  # competitions counted so far: public from then on
    log: Log
    result: tuple[int, ...] | None
    table: AdaptationTable  # the true one; a state sampled for a bot holds one drawn for it
    _to_act: tuple[int, ...]
    # each stack's size and its discards as views show them, made when first shown after a draw
    # or a discard (``shown_piles``); None until then
    _piles: tuple[tuple[int, ...], tuple[tuple[int, ...], ...]] | None

    # ----------------------------------------------------------------- set-up
    @classmethod
    def setup(cls, game: Quirks, seed: int) -> QuirksState:
        s = cls()
        n = game.players
        s.game, s.seed, s.history = game, seed, []
        s.chance = Chance(seed)
        s.players = n
        s.stacks = []
        for stack in range(7):
            cards = list(STACK_CARDS[stack])
            s.chance.shuffle(cards)
            s.stacks.append(Deck(cards))
        s.hands = [[] for _ in range(n)]
        s.slots, s.owners = [() for _ in range(6)], [-1] * 6
        s.extinct = [[] for _ in range(n)]
        s.eliminated = [False] * n
        s.climate = s.chance.below(SPACES)
        s.destiny_pool = [niche for niche in range(3) for _ in range(COMPONENTS.destiny[niche])]
        s.chance.shuffle(s.destiny_pool)
        s.destiny_drawn = []
        s.current, s.niche, s.stage, s.contest = 0, -1, board.SETUP, None
        s.turns, s.turns_taken, s.competed = 0, [0] * n, 0
        s.setup_step, s.mutation_queue = 0, []
        s.defence, s.defence_queue = -1, []
        s.reveals, s.log, s.result, s._legal = (), None, None, None
        s.table, s._piles = PRINTED, None
        s._advance_setup()
        return s

    def clone(self) -> QuirksState:
        c = QuirksState()
        c.game, c.seed = self.game, self.seed
        self._copy_history(c)
        c.chance = Chance(self.chance.seed, self.chance.counter)
        c.players = self.players
        c.stacks = [Deck(d.cards[:], d.discards[:]) for d in self.stacks]
        c.hands = [h[:] for h in self.hands]
        c.slots, c.owners = self.slots[:], self.owners[:]
        c.extinct = [e[:] for e in self.extinct]
        c.eliminated = self.eliminated[:]
        c.climate = self.climate
        c.destiny_pool, c.destiny_drawn = self.destiny_pool[:], self.destiny_drawn[:]
        c.current, c.niche, c.stage = self.current, self.niche, self.stage
        c.contest = self.contest.clone() if self.contest is not None else None
        c.turns, c.turns_taken, c.competed = self.turns, self.turns_taken[:], self.competed
        c.setup_step, c.mutation_queue = self.setup_step, self.mutation_queue[:]
        c.defence, c.defence_queue = self.defence, self.defence_queue[:]
        c.reveals, c.log, c.result, c._to_act = self.reveals, self.log, self.result, self._to_act
        c.table, c._piles = self.table, self._piles  # (a tuple of tuples: shared)
        c._legal = self._legal  # never changed in place: safe to share
        return c

    def _note(self, *event: Any) -> None:
        self.log = note(self.log, *event)

    def _draw(self, stack: int) -> int:
        """A card from a stack, or -1 if there is none. Setup 3: "When a stack is exhausted,
        take all the discarded cards of that stack, shuffle them, and place them face down
        again": the draw that takes the last card renews the stack at once; a stack that ran out
        with no discards is renewed by the next draw from it, from those it has then
        (RULINGS.md 6a)."""
        self._piles = None
        deck = self.stacks[stack]
        if not deck.cards and not self._renew(stack):
            return -1
        card = deck.cards.pop()
        if not deck.cards:
            self._renew(stack)
        return card

    def _renew(self, stack: int) -> int:
        """An exhausted stack's discards shuffled face down as its new stack, said in the log:
        how many cards (0: the stack holds cards, or there are no discards)."""
        count = self.stacks[stack].renew(self.chance)
        if count:
            self._note("renewed", -1, stack, count)
        return count

    def _discard(self, card: int) -> None:
        self._piles = None
        self.stacks[_STACK_OF[card]].discard(card)

    def shown_piles(self) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """Each stack's size and its discards, as every view shows them: the stacks change only
        by ``_draw`` and ``_discard``, a few times a turn, so the views made between two changes
        share one copy rather than each copying the seven piles."""
        piles = self._piles
        if piles is None:
            decks = self.stacks
            # (the sizes and the piles apart: zipped they cost more than both maps)
            piles = self._piles = (tuple(map(len, map(_CARDS_OF, decks))), tuple(map(tuple, map(_DISCARDS_OF, decks))))
        return piles

    def _setup_order(self) -> tuple[tuple[int, int], ...]:
        return SETUP_ORDER_THREE if self.players == 3 else SETUP_ORDER

    def _advance_setup(self) -> None:
        """Create the niches in turn; a lower QUiRKS waits for its creator's choice of B or C."""
        order = self._setup_order()
        while self.setup_step < len(order):
            niche, level = order[self.setup_step]
            seat = self.setup_step % self.players
            if level == LOWER:
                self._to_act = (seat,)
                return
            cards = tuple(self._draw(stack) for stack in NICHE_STACKS[niche])
            self._occupy(slot_of(niche, UPPER), seat, cards)
            self.setup_step += 1
        for seat in range(self.players):
            for stack, count in enumerate(HAND_TARGET):
                for _ in range(count):
                    self.hands[seat].append(self._draw(stack))
        uppers = [sum(self.owners[slot_of(n, UPPER)] == seat for n in range(3)) for seat in range(self.players)]
        if self.players == 3:
            self.current = self.owners[slot_of(0, UPPER)]
        else:
            self.current = min(range(self.players), key=lambda seat: (uppers[seat], seat))
        self._note("setup", -1, self.current)
        self._begin_action()

    def _occupy(self, slot: int, seat: int, cards: tuple[int, ...]) -> None:
        self.slots[slot], self.owners[slot] = tuple(sorted(cards, key=lambda c: CARDS[c].row)), seat

    def _vacate(self, slot: int) -> None:
        self.slots[slot], self.owners[slot] = (), -1

    # ----------------------------------------------------------------- turns
    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def controls(self, seat: int, niche: int, level: int) -> bool:
        return self.owners[slot_of(niche, level)] == seat

    def _begin_action(self) -> None:
        if self.game.options["advanced"]:
            self.stage = board.CHOOSE_NICHE
            self._to_act = (self.current,)
            return
        self._draw_destiny()

    def _draw_destiny(self) -> None:
        if len(self.destiny_drawn) >= COMPONENTS.destiny_cycle or not self.destiny_pool:
            self.destiny_pool = [n for n in range(3) for _ in range(COMPONENTS.destiny[n])]
            self.chance.shuffle(self.destiny_pool)
            self.destiny_drawn = []
        self.niche = self.destiny_pool.pop()
        self.destiny_drawn.append(self.niche)
        self._note("destiny", -1, self.current, self.niche)
        self._after_niche()

    def _after_niche(self) -> None:
        if self.controls(self.current, self.niche, UPPER):
            self.stage = board.UPPER_OWNED
        else:
            self.stage = board.CLIMATE
        self._to_act = (self.current,)

    def _end_turn(self) -> None:
        seat = self.current
        if not self.eliminated[seat]:
            counts = self._hand_counts(seat)
            # ``self._surplus(seat)`` is not empty: some stack holds more than its target
            if any(count > target for count, target in zip(counts, HAND_TARGET, strict=True)):
                self.stage, self._to_act = board.SURPLUS, (seat,)
                return
            self._finish_turn(counts)
            return
        self._finish_turn()

    def _hand_counts(self, seat: int) -> list[int]:
        """How many cards of each stack the hand holds."""
        counts = [0] * len(HAND_TARGET)
        stack_of = _STACK_OF
        for card in self.hands[seat]:
            counts[stack_of[card]] += 1
        return counts

    def _surplus(self, seat: int) -> list[int]:
        counts = self._hand_counts(seat)
        stack_of = _STACK_OF
        return [card for card in self.hands[seat] if counts[stack_of[card]] > HAND_TARGET[stack_of[card]]]

    def _finish_turn(self, counts: list[int] | None = None) -> None:
        """End the turn: the hand drawn back up to its targets (``counts``: the hand's counts by
        stack, if just counted)."""
        seat = self.current
        if not self.eliminated[seat]:
            if counts is None:
                counts = self._hand_counts(seat)
            hand = self.hands[seat]
            for stack, target in enumerate(HAND_TARGET):
                for _ in range(target - counts[stack]):
                    card = self._draw(stack)
                    if card >= 0:
                        hand.append(card)
            self.turns_taken[seat] += 1
        self.turns += 1
        self.competed = 0
        self.contest = None
        self.niche = -1
        if ending.check_over(self):
            return
        winner = ending.holder_of_all_uppers(self)
        if winner >= 0:
            ending.start_defence(self, winner)
            return
        limit = self.game.options["turn_limit"]
        if limit and self.turns >= limit:
            ending.declare_limit(self)
            return
        self.current = self._next_seat(seat)
        self._begin_action()

    def _next_seat(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if not self.eliminated[candidate]:
                return candidate
        return seat

    # ----------------------------------------------------------------- legal actions
    def _moves(self, seat: int) -> list[Move]:
        return legality.moves(self, seat)

    # ----------------------------------------------------------------- checking
    def _why_illegal(self, seat: int, action: Action) -> str | None:
        if not isinstance(action, Move):
            return f"{action!r} is not a Quirks action"
        legal = self._legal_moves(seat)
        # Moves are shared objects (``moves.move``): one taken from the legal list is found by
        # identity, without the dataclass's ``==`` on each move before it.
        for candidate in legal:
            if candidate is action:
                return None
        if action in legal:
            return None
        return legality.explain(self, seat, action)

    # ----------------------------------------------------------------- applying
    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Move)
        self._legal = None
        stage = self.stage
        verb = action.verb
        if stage is board.SETUP:
            self._setup_lower(seat, action.number)
        elif stage is board.CHOOSE_NICHE:
            self.niche = action.number
            self._note("niche", -1, seat, self.niche)
            self.stage = board.CLIMATE
        elif stage is board.UPPER_OWNED:
            if verb is Verb.REDRAW:
                self._draw_destiny()
            else:
                self.stage = board.CLIMATE
        elif stage is board.CLIMATE:
            self._move_climate(seat, action.number)
        elif stage is board.RANDOM_MUTATION:
            self._random_mutation(seat, action.cards[0])
        elif stage is board.ACTION:
            self._action(seat, action)
        elif stage is board.LOWER_DEFENCE:
            competition.lower_defence(self, seat, verb is Verb.ACCEPT)
        elif stage is board.LOWER_ATTACK:
            if verb is Verb.GIVE_UP:
                contest = self.contest
                assert contest is not None
                for card in contest.attacker_cards:
                    self._discard(card)
                self._note("give-up", -1, seat, contest.niche)
                self._lost()
            else:
                competition.fight(self)
        elif stage is board.INTELLIGENCE:
            competition.intelligence(self, seat, verb is Verb.ROLL)
        elif stage is board.UPPER_COMPLETE:
            competition.complete(self, seat, action)
        elif stage is board.UPPER_SEALED:
            competition.sealed(self, seat, action)
        elif stage is board.DEMOTE:
            competition.demote(self, action.cards[0])
        elif stage is board.CONCEDE_DEFENDER:
            competition.concede_defender(self, verb is Verb.CONCEDE)
        elif stage is board.CONCEDE_CHALLENGER:
            competition.concede_challenger(self, verb is Verb.CONCEDE)
        elif stage is board.AFTER_WIN:
            if verb is Verb.CONTINUE:
                self._begin_action()
            else:
                self._end_turn()
        elif stage is board.SURPLUS:
            self.hands[seat].remove(action.cards[0])
            self._discard(action.cards[0])
            self._note("surplus", -1, seat, action.cards[0])
            if not self._surplus(seat):
                self._finish_turn()
        elif stage is board.DEFENCE:
            if verb is Verb.CHALLENGE:
                competition.start_upper(self, seat, self.niche, in_defence=True)
            else:
                self._note("decline", -1, seat, self.niche)
                ending.defence_result(self, False)

    def _setup_lower(self, seat: int, second: int) -> None:
        niche, _ = self._setup_order()[self.setup_step]
        stacks = NICHE_STACKS[niche]
        cards = (self._draw(stacks[0]), self._draw(stacks[1 + second]))
        self._occupy(slot_of(niche, LOWER), seat, cards)
        self.setup_step += 1
        self._advance_setup()

    def _move_climate(self, seat: int, steps: int) -> None:
        before = self.climate
        self.climate = (self.climate + steps) % SPACES
        self._note("climate", -1, seat, steps, self.climate)
        # (the spaces crossed looked at only with the optional rule: most games play without it)
        if self.game.options["random_mutation"] and \
                {(before + step) % SPACES for step in range(1, steps + 1)} & COMPONENTS.x_spaces:
            self.mutation_queue = [
                (seat + step) % self.players for step in range(1, self.players + 1)
                if not self.eliminated[(seat + step) % self.players]
            ]
            self._note("random-mutation", -1, seat)
            self._next_random_mutation()
            return
        self._enter_action()

    def _next_random_mutation(self) -> None:
        while self.mutation_queue:
            seat = self.mutation_queue[0]
            if self._moves_for_stage(seat, board.RANDOM_MUTATION):
                self.stage, self._to_act = board.RANDOM_MUTATION, (seat,)
                return
            self.mutation_queue.pop(0)
        self._enter_action()

    def _moves_for_stage(self, seat: int, stage: Stage) -> list[Move]:
        saved = self.stage
        self.stage = stage
        moves = legality.moves(self, seat)
        self.stage = saved
        return moves

    def _random_mutation(self, seat: int, card: int) -> None:
        # "discard one card ... and replace it with a card drawn from the appropriate stack": the
        # discard first, so that a stack it empties is renewed with it (ruling 6a).
        stack = CARDS[card].stack
        self._discard(card)
        replacement = self._draw(stack)
        from_hand = card in self.hands[seat]
        if from_hand:
            self.hands[seat].remove(card)
            self.hands[seat].append(replacement)
        else:
            slot = next(s for s in range(6) if card in self.slots[s])
            self._occupy(slot, seat, tuple(replacement if c == card else c for c in self.slots[slot]))
        self._note("replace", seat, seat, card, replacement, from_hand)
        self.mutation_queue.pop(0)
        self._next_random_mutation()

    def _enter_action(self) -> None:
        self.stage, self._to_act = board.ACTION, (self.current,)

    def _action(self, seat: int, action: Move) -> None:
        verb = action.verb
        niche = self.niche
        if verb is Verb.END:
            self._note("no-move", -1, seat, niche)
            self._end_turn()
        elif verb is Verb.MUTATE:
            level = UPPER if self.controls(seat, niche, UPPER) else LOWER
            self._mutate(seat, slot_of(niche, level), action.cards)
            self._end_turn()
        elif verb is Verb.PLACE:
            cards = action.cards
            for card in cards:
                self.hands[seat].remove(card)
            level = UPPER if len(cards) == 3 else LOWER
            slot = slot_of(niche, level)
            defender = self.owners[slot]
            self.competed += 1
            if defender < 0:
                self._occupy(slot, seat, cards)
                self._note("occupy", -1, seat, niche, level, cards)
                self._won()
            else:
                self.contest = Contest("lower", niche, seat, defender, cards, cards, self.slots[slot])
                self._note("challenge-lower", -1, seat, niche, cards)
                self.stage, self._to_act = board.LOWER_DEFENCE, (defender,)
        elif verb is Verb.COMPETE:
            self.competed += 1
            competition.start_upper(self, seat, niche, in_defence=False)

    def _mutate(self, seat: int, slot: int, cards: tuple[int, ...]) -> None:
        """Replace ``cards[0]`` of the QUiRKS by ``cards[1]`` from hand, or by a drawn card."""
        old = cards[0]
        niche = slot // 2
        # During the sealed step the defender's QUiRKS is back in its hand ("Both players then
        # take their QUiRKS back into hand"): an exchange is seen by no one, while a discard goes
        # face up on its pile and the draw is seen, as anywhere else.
        in_hand = self.stage is board.UPPER_SEALED and self.contest is not None
        if len(cards) == 2:
            new = cards[1]
            self.hands[seat].remove(new)
            self.hands[seat].append(old)
            self._note("mutate-in-hand" if in_hand else "mutate-exchange", seat, seat, niche, old, new)
        else:
            # "discarding that card and taking one from the corresponding stack": in that order
            # (ruling 6a), so the card discarded is among those an empty stack is renewed with.
            stack = stack_for(niche, CARDS[old].row)
            self._discard(old)
            new = self._draw(stack)
            if in_hand and self.contest is not None:
                self.contest.defender_drew = stack
            self._note("mutate-draw", seat, seat, niche, old, new, in_hand)
        self._occupy(slot, seat, tuple(new if c == old else c for c in self.slots[slot]))

    def _won(self) -> None:
        """The current player won a competition."""
        contest = self.contest
        if contest is not None and contest.in_defence:
            ending.defence_result(self, True)
            return
        self.contest = None
        if ending.check_over(self):
            return
        if ending.holder_of_all_uppers(self) == self.current:
            # The Winner: "As soon as a player occupies the three UPPER NICHES with three of his
            # QUiRKS, the game stops": the defence begins at once, before the hand is completed
            # at the end of the turn (ruling 25); a broken defence ends the turn (ending.py).
            self.competed, self.niche = 0, -1
            ending.start_defence(self, self.current)
            return
        self.stage, self._to_act = board.AFTER_WIN, (self.current,)

    def _lost(self) -> None:
        contest = self.contest
        if contest is not None and contest.in_defence:
            ending.defence_result(self, False)
            return
        self.contest = None
        if ending.check_over(self):
            return
        self._end_turn()

    # ----------------------------------------------------------------- the end
    @property
    def is_over(self) -> bool:
        return self.stage is board.OVER

    @property
    def scores(self) -> tuple[float, ...]:
        """1 for each winner, 0 for the others (a shared win at the turn limit counts for all)."""
        return win_scores(self.result or (), self.players)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.result or ()

    def statistics(self) -> dict[str, float]:
        """The game's figures, and by trait how often a card with it fought in a counted
        competition (``competed:<trait>``) and how often it was in the QUiRKS that won one
        (``won:<trait>``)."""
        why = next((e[3] for e in events(self.log) if e[0] == "over"), "")
        figures = {
            "turns": float(self.turns),
            "competitions_counted": float(len(self.reveals)),
            "eliminations": float(sum(self.eliminated)),
            # how the game ended: one of the three is 1 in a finished game
            "ended_holding_three_upper_niches": float(why == "held the three upper niches"),
            "ended_last_player_standing": float(why == "last player in the game"),
            "turn_limit_reached": float(why == "turn limit reached"),
        }
        for reveal in self.reveals:
            for seat, numbers in reveal["quirks"].items():
                for number in numbers:
                    trait = COMPONENTS.by_number(number).trait
                    for measure in ("competed", *(("won",) if int(seat) == reveal["winner"] else ())):
                        count_item(figures, measure, trait)
        return figures

    seat_items_about: ClassVar[str] = "fought a counted competition with a card of that trait"

    def seat_items(self) -> tuple[tuple[str, ...], ...]:
        """By seat, the traits of the cards its QUiRKS fought counted competitions with."""
        traits: list[set[str]] = [set() for _ in range(self.players)]
        for reveal in self.reveals:
            for seat, numbers in reveal["quirks"].items():
                traits[int(seat)].update(COMPONENTS.by_number(number).trait for number in numbers)
        return tuple(tuple(sorted(kinds)) for kinds in traits)

    def _view(self, seat: int | None) -> View:
        # ``game`` is declared Game in State: mypyc lets no subclass narrow an attribute's type.
        return cast(Quirks, self.game).make_view(self, seat)
