"""Quirks, the evolution game (2-4 players), with its optional rules and the advanced game.

Niches are numbered plant 0, herbivore 1, carnivore 2; a slot is ``niche * 2 + level`` with
level 0 the upper niche (three cards) and 1 the lower niche (two cards). The climate marker
is a space 0-29: climate ``space // 6``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from quarkade.core.chance import Chance
from quarkade.core.flow import Deck, Sealed
from quarkade.core.game import Action, CachedLegalActions, GameInfo, OptionSpec, View, win_scores
from quarkade.core.log import Log, events, note
from quarkade.games.quirks.actions import Move, Verb, move
from quarkade.games.quirks.components import COMPONENTS, NICHES, PRINTED, AdaptationTable
from quarkade.games.quirks.evaluation import adaptation
from quarkade.games.quirks.family import QuirksFamily

CARDS = COMPONENTS.cards
SPACES = len(COMPONENTS.climates) * COMPONENTS.zones_per_climate
UPPER, LOWER = 0, 1
PLANT_A, PLANT_B, PLANT_C, HERBIVORE_A, CARNIVORE_A, ANIMAL_B, ANIMAL_C = range(7)
# The stack of each position (A, B, C) of each niche.
NICHE_STACKS = ((PLANT_A, PLANT_B, PLANT_C), (HERBIVORE_A, ANIMAL_B, ANIMAL_C), (CARNIVORE_A, ANIMAL_B, ANIMAL_C))
ROWS = "ABC"
# A hand at the end of a turn: a complete plant, herbivore and carnivore.
HAND_TARGET = (1, 1, 1, 1, 1, 2, 2)
EXTINCTIONS_TO_LOSE = 3
# Setup: the niches created, in order, by the players in turn from the first.
SETUP_ORDER = ((0, UPPER), (1, UPPER), (2, UPPER), (2, LOWER), (1, LOWER), (0, LOWER))
SETUP_ORDER_THREE = ((0, UPPER), (1, UPPER), (2, UPPER), (2, LOWER), (0, LOWER), (1, LOWER))
DEFAULT_TURN_LIMIT = 400


class Stage(IntEnum):
    SETUP = 0
    CHOOSE_NICHE = 1
    UPPER_OWNED = 2
    CLIMATE = 3
    RANDOM_MUTATION = 4
    ACTION = 5
    LOWER_DEFENCE = 6
    LOWER_ATTACK = 7
    INTELLIGENCE = 8
    UPPER_COMPLETE = 9
    UPPER_SEALED = 10
    DEMOTE = 11
    CONCEDE_DEFENDER = 12
    CONCEDE_CHALLENGER = 13
    AFTER_WIN = 14
    SURPLUS = 15
    DEFENCE = 16
    OVER = 17


def slot_of(niche: int, level: int) -> int:
    return niche * 2 + level


def stack_for(niche: int, row: str) -> int:
    return NICHE_STACKS[niche][ROWS.index(row)]


@dataclass
class Contest:
    """A competition under way."""

    kind: str  # "lower", "upper" or "move-up"
    niche: int
    attacker: int
    defender: int  # -1 when nobody defends (move-up)
    attacker_cards: tuple[int, ...]
    public_attacker: tuple[int, ...]  # what the others see of the attacker's QUiRKS
    public_defender: tuple[int, ...]  # what the others see of the defender's QUiRKS
    drawn: int = -1  # the challenger's drawn third card
    sealed: Sealed[str] | None = None
    defender_mutated: bool = False
    faces: dict[int, bool] = field(default_factory=dict)  # seat -> face up, once revealed
    rolls: dict[int, tuple[int, ...] | None] = field(default_factory=dict)
    asked: list[int] = field(default_factory=list)  # seats still to answer the Intelligence choice
    demoting: int = -1
    in_defence: bool = False
    # The stack the defender drew from when it mutated by discarding during the sealed step.
    defender_drew: int = -1

    def clone(self) -> Contest:
        return Contest(self.kind, self.niche, self.attacker, self.defender, self.attacker_cards,
                       self.public_attacker, self.public_defender, self.drawn,
                       self.sealed.clone() if self.sealed is not None else None, self.defender_mutated,
                       dict(self.faces), dict(self.rolls), list(self.asked), self.demoting, self.in_defence,
                       self.defender_drew)


OPTIONS = (
    OptionSpec("random_mutation", bool, False, "Random Mutation: stopping on or passing an X makes everyone mutate"),
    OptionSpec("intelligent_race", bool, False, "Intelligent Race: a QUiRKS with C29 may roll dice for its value"),
    OptionSpec("advanced", bool, False, "Advanced game: no destiny markers; one competition on the first turn"),
    OptionSpec("turn_limit", int, DEFAULT_TURN_LIMIT, "Turns after which the game ends with a declared result",
               minimum=1),
)


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
        rules_version=COMPONENTS.rules_version,
        options=OPTIONS,
        variants=("random_mutation", "intelligent_race", "advanced"),
    )

    def new_game(self, seed: int) -> QuirksState:
        return QuirksState.setup(self, seed)

class QuirksState(CachedLegalActions):
    __slots__ = (
        "chance", "players", "stacks", "hands", "slots", "owners", "extinct", "eliminated", "climate",
        "destiny_pool", "destiny_drawn", "current", "niche", "stage", "contest", "turns", "turns_taken",
        "competed", "setup_step", "mutation_queue", "defence", "defence_queue", "reveals", "log",
        "result", "table", "_to_act",
    )

    game: Quirks
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

    # ----------------------------------------------------------------- set-up
    @classmethod
    def setup(cls, game: Quirks, seed: int) -> QuirksState:
        s = cls.__new__(cls)
        n = game.players
        s.game, s.seed, s.history = game, seed, []
        s.chance = Chance(seed)
        s.players = n
        s.stacks = []
        for stack in range(7):
            cards = [card.index for card in CARDS if card.stack == stack]
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
        s.current, s.niche, s.stage, s.contest = 0, -1, Stage.SETUP, None
        s.turns, s.turns_taken, s.competed = 0, [0] * n, 0
        s.setup_step, s.mutation_queue = 0, []
        s.defence, s.defence_queue = -1, []
        s.reveals, s.log, s.result, s._legal = (), None, None, None
        s.table = PRINTED
        s._advance_setup()
        return s

    def clone(self) -> QuirksState:
        c = QuirksState.__new__(QuirksState)
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
        c.table = self.table
        c._legal = self._legal  # never changed in place: safe to share
        return c

    def _note(self, *event: Any) -> None:
        self.log = note(self.log, *event)

    def _draw(self, stack: int) -> int:
        """A card from a stack (reshuffling its discards), or -1 if there is none."""
        card = self.stacks[stack].draw(self.chance)
        return -1 if card is None else card

    def _discard(self, card: int) -> None:
        self.stacks[CARDS[card].stack].discard(card)

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
            self.stage = Stage.CHOOSE_NICHE
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
            self.stage = Stage.UPPER_OWNED
        else:
            self.stage = Stage.CLIMATE
        self._to_act = (self.current,)

    def _end_turn(self) -> None:
        seat = self.current
        if not self.eliminated[seat] and self._surplus(seat):
            self.stage, self._to_act = Stage.SURPLUS, (seat,)
            return
        self._finish_turn()

    def _surplus(self, seat: int) -> list[int]:
        counts = [0] * 7
        for card in self.hands[seat]:
            counts[CARDS[card].stack] += 1
        return [card for card in self.hands[seat] if counts[CARDS[card].stack] > HAND_TARGET[CARDS[card].stack]]

    def _finish_turn(self) -> None:
        seat = self.current
        if not self.eliminated[seat]:
            counts = [0] * 7
            for card in self.hands[seat]:
                counts[CARDS[card].stack] += 1
            for stack, target in enumerate(HAND_TARGET):
                for _ in range(target - counts[stack]):
                    card = self._draw(stack)
                    if card >= 0:
                        self.hands[seat].append(card)
            self.turns_taken[seat] += 1
        self.turns += 1
        self.competed = 0
        self.contest = None
        self.niche = -1
        if self._check_over():
            return
        winner = self._holder_of_all_uppers()
        if winner >= 0:
            self._start_defence(winner)
            return
        if self.turns >= self.game.options["turn_limit"]:
            self._declare_limit()
            return
        self.current = self._next_seat(seat)
        self._begin_action()

    def _next_seat(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if not self.eliminated[candidate]:
                return candidate
        return seat

    def _holder_of_all_uppers(self) -> int:
        holder = self.owners[slot_of(0, UPPER)]
        if holder >= 0 and all(self.owners[slot_of(n, UPPER)] == holder for n in range(3)):
            return holder
        return -1

    def _check_over(self) -> bool:
        alive = [seat for seat in range(self.players) if not self.eliminated[seat]]
        if len(alive) == 1:
            self._finish((alive[0],), "last player in the game")
            return True
        return False

    def _finish(self, winners: tuple[int, ...], why: str) -> None:
        self.result = winners
        self.stage, self._to_act = Stage.OVER, ()
        self.contest = None
        self._note("over", -1, winners, why)

    def _declare_limit(self) -> None:
        alive = [seat for seat in range(self.players) if not self.eliminated[seat]]

        def standing(seat: int) -> tuple[int, int]:
            uppers = sum(self.controls(seat, n, UPPER) for n in range(3))
            lowers = sum(self.controls(seat, n, LOWER) for n in range(3))
            return (2 * uppers + lowers, -len(self.extinct[seat]))

        best = max(standing(seat) for seat in alive)
        self._finish(tuple(seat for seat in alive if standing(seat) == best), "turn limit reached")

    # ----------------------------------------------------------------- the defence of the upper niches
    def _start_defence(self, holder: int) -> None:
        self.defence = holder
        self.defence_queue = []
        for step in range(1, self.players):
            seat = (holder + step) % self.players
            for niche in range(3):
                if self.owners[slot_of(niche, LOWER)] == seat:
                    self.defence_queue.append((seat, niche))
        self._note("defence", -1, holder)
        self._next_defence()

    def _next_defence(self) -> None:
        while self.defence_queue:
            seat, niche = self.defence_queue[0]
            if self.controls(seat, niche, LOWER) and self.controls(self.defence, niche, UPPER):
                self.stage, self._to_act, self.niche, self.current = Stage.DEFENCE, (seat,), niche, seat
                return
            self.defence_queue.pop(0)
        self._finish((self.defence,), "held the three upper niches")

    def _defence_result(self, dislodged: bool) -> None:
        self.contest = None
        if self._check_over():
            return
        if dislodged:
            holder, self.defence, self.defence_queue = self.defence, -1, []
            self._note("resume", -1, holder)
            self.current = self._next_seat(holder)
            self._begin_action()
            return
        if self.defence_queue:
            self.defence_queue.pop(0)
        self._next_defence()

    # ----------------------------------------------------------------- legal actions
    def _moves(self, seat: int) -> list[Move]:
        stage = self.stage
        if stage is Stage.SETUP:
            return [move(Verb.SETUP, number=0), move(Verb.SETUP, number=1)]
        if stage is Stage.CHOOSE_NICHE:
            return [move(Verb.NICHE, number=n) for n in range(3)]
        if stage is Stage.UPPER_OWNED:
            return [move(Verb.MUTATE), move(Verb.REDRAW)]
        if stage is Stage.CLIMATE:
            return [move(Verb.CLIMATE, number=1), move(Verb.CLIMATE, number=2)]
        if stage is Stage.RANDOM_MUTATION:
            own = [c for slot in range(6) if self.owners[slot] == seat for c in self.slots[slot]]
            return [move(Verb.REPLACE, card) for card in sorted(self.hands[seat] + own)
                    if self.stacks[CARDS[card].stack].available()]
        if stage is Stage.ACTION:
            return self._action_moves(seat)
        if stage is Stage.LOWER_DEFENCE:
            return [move(Verb.PASS), move(Verb.ACCEPT)]
        if stage is Stage.LOWER_ATTACK:
            return [move(Verb.GIVE_UP), move(Verb.FIGHT)]
        if stage is Stage.INTELLIGENCE:
            return [move(Verb.ROLL), move(Verb.TABLE)]
        if stage is Stage.UPPER_COMPLETE:
            return self._complete_moves(seat)
        if stage is Stage.UPPER_SEALED:
            contest = self.contest
            assert contest is not None
            moves = [move(Verb.FACE_UP), move(Verb.FACE_DOWN)]
            if seat == contest.defender and not contest.defender_mutated:
                moves.extend(self._mutations(seat, slot_of(contest.niche, UPPER)))
            return moves
        if stage is Stage.DEMOTE:
            return [move(Verb.DISCARD, card) for card in self._demotion_choices()]
        if stage is Stage.CONCEDE_DEFENDER:
            return [move(Verb.CONCEDE), move(Verb.HOLD)]
        if stage is Stage.CONCEDE_CHALLENGER:
            return [move(Verb.CONCEDE), move(Verb.FIGHT)]
        if stage is Stage.AFTER_WIN:
            return [move(Verb.CONTINUE), move(Verb.END)]
        if stage is Stage.SURPLUS:
            return [move(Verb.DISCARD, card) for card in sorted(set(self._surplus(seat)))]
        if stage is Stage.DEFENCE:
            return [move(Verb.CHALLENGE), move(Verb.DECLINE)] if self._can_complete(seat) else [move(Verb.DECLINE)]
        return []

    def _mutations(self, seat: int, slot: int) -> list[Move]:
        """Mutations of the QUiRKS in ``slot``: discard a card and draw, or exchange it."""
        niche = slot // 2
        moves = []
        for card in self.slots[slot]:
            stack = stack_for(niche, CARDS[card].row)
            if self.stacks[stack].available():
                moves.append(move(Verb.MUTATE, card))
            for other in sorted(self.hands[seat]):
                if CARDS[other].stack == stack:
                    moves.append(move(Verb.MUTATE, card, other))
        return moves

    def _placements(self, seat: int, niche: int, level: int) -> list[Move]:
        hand = sorted(self.hands[seat])
        a_cards = [c for c in hand if CARDS[c].stack == NICHE_STACKS[niche][0]]
        b_cards = [c for c in hand if CARDS[c].stack == NICHE_STACKS[niche][1]]
        c_cards = [c for c in hand if CARDS[c].stack == NICHE_STACKS[niche][2]]
        if level == UPPER:
            return [move(Verb.PLACE, a, b, c) for a in a_cards for b in b_cards for c in c_cards]
        return [move(Verb.PLACE, a, x) for a in a_cards for x in b_cards + c_cards]

    def _may_compete(self, seat: int) -> bool:
        """Advanced Game: "during the first turn, players may attempt only one competition"
        (occupying an empty niche counts as a won competition)."""
        return not (self.game.options["advanced"] and self.turns_taken[seat] == 0 and self.competed >= 1)

    def _action_moves(self, seat: int) -> list[Move]:
        niche = self.niche
        compete = self._may_compete(seat)
        if self.controls(seat, niche, UPPER):
            moves = self._mutations(seat, slot_of(niche, UPPER))
        elif self.controls(seat, niche, LOWER):
            moves = self._mutations(seat, slot_of(niche, LOWER))
            if compete and self._can_complete(seat):
                moves.append(move(Verb.COMPETE))
        elif compete:
            moves = self._placements(seat, niche, LOWER)
            if self.owners[slot_of(niche, UPPER)] < 0:
                moves.extend(self._placements(seat, niche, UPPER))
        else:
            moves = []
        return moves or [move(Verb.END)]

    def _can_complete(self, seat: int) -> bool:
        """The challenger can find the third card of its lower QUiRKS (stack or hand)."""
        niche = self.niche
        missing = self._missing_stack(niche)
        return self.stacks[missing].available() > 0 or any(CARDS[c].stack == missing for c in self.hands[seat])

    def _missing_stack(self, niche: int) -> int:
        rows = {CARDS[c].row for c in self.slots[slot_of(niche, LOWER)]}
        row = next(r for r in ROWS if r not in rows)
        return stack_for(niche, row)

    def _complete_moves(self, seat: int) -> list[Move]:
        contest = self.contest
        assert contest is not None
        missing = self._missing_stack_of(contest.attacker_cards, contest.niche)
        moves = [move(Verb.COMPLETE)] if contest.drawn >= 0 else []
        moves.extend(move(Verb.COMPLETE, c) for c in sorted(self.hands[seat]) if CARDS[c].stack == missing)
        return moves

    @staticmethod
    def _missing_stack_of(cards: tuple[int, ...], niche: int) -> int:
        rows = {CARDS[c].row for c in cards}
        return stack_for(niche, next(r for r in ROWS if r not in rows))

    def _demotion_choices(self) -> list[int]:
        contest = self.contest
        assert contest is not None
        seat = contest.demoting
        cards = contest.attacker_cards if seat == contest.attacker else self.slots[slot_of(contest.niche, UPPER)]
        climate = self.climate // COMPONENTS.zones_per_climate
        coded = [c for c in cards if self.table.codes[c][climate]]
        return sorted(coded or cards)

    # ----------------------------------------------------------------- checking
    def _why_illegal(self, seat: int, action: Action) -> str | None:
        if not isinstance(action, Move):
            return f"{action!r} is not a Quirks action"
        if action in self._legal_moves(seat):
            return None
        return self._explain(seat, action)

    def _explain(self, seat: int, action: Move) -> str:
        stage = self.stage
        verb = action.verb
        expected = {
            Stage.SETUP: "choose the second card of your lower QUiRKS: 'setup b' or 'setup c'",
            Stage.CHOOSE_NICHE: "choose the niche you play in: 'niche plant', 'niche herbivore' or 'niche carnivore'",
            Stage.UPPER_OWNED: "you hold this upper niche: 'mutate' or 'redraw' a destiny marker",
            Stage.CLIMATE: "first advance the climate marker: 'climate 1' or 'climate 2'",
            Stage.RANDOM_MUTATION: "Random Mutation: 'replace CARD' with a card of your hand or of your QUiRKS",
            Stage.LOWER_DEFENCE: "your lower niche is challenged: 'pass' (give it up) or 'accept'",
            Stage.LOWER_ATTACK: "your challenge was accepted: 'give-up' or 'fight'",
            Stage.INTELLIGENCE: "your QUiRKS has Intelligence: 'roll' dice or use the 'table'",
            Stage.UPPER_COMPLETE: "complete your QUiRKS: 'complete drawn' or 'complete CARD' from your hand",
            Stage.UPPER_SEALED: "decide in secret: 'face-up' or 'face-down'",
            Stage.DEMOTE: "discard a card of your QUiRKS bearing the current climate's code",
            Stage.CONCEDE_DEFENDER: "both QUiRKS are face up: 'concede' or 'hold'",
            Stage.CONCEDE_CHALLENGER: "both QUiRKS are face up: 'concede' or 'fight'",
            Stage.AFTER_WIN: "you won: 'continue' with a new action or 'end' your turn",
            Stage.SURPLUS: "discard the cards beyond a complete plant, herbivore and carnivore",
            Stage.DEFENCE: "the upper niches are about to be won: 'challenge' or 'decline'",
        }.get(stage, "nothing can be done now")
        if stage is Stage.ACTION:
            return self._explain_action(seat, action)
        if stage is Stage.UPPER_SEALED and verb is Verb.MUTATE:
            contest = self.contest
            assert contest is not None
            if seat != contest.defender:
                return "only the defender may mutate during a competition for an upper niche"
            if contest.defender_mutated:
                return "the defender may mutate only once in a competition"
            return "that is not a mutation of your QUiRKS in this niche (same position, card in your hand)"
        if stage is Stage.DEMOTE and verb is Verb.DISCARD:
            return "the discarded card must be one of your QUiRKS' cards bearing the current climate's code"
        if stage is Stage.RANDOM_MUTATION and verb is Verb.REPLACE:
            return "replace a card of your hand or of one of your QUiRKS (and its stack must have cards)"
        if stage is Stage.UPPER_COMPLETE and verb is Verb.COMPLETE:
            return "the third card must be the drawn one or one from your hand for the missing position"
        return f"'{action}' is not possible now: {expected}"

    def _explain_action(self, seat: int, action: Move) -> str:
        niche = NICHES[self.niche]
        verb = action.verb
        if self.controls(seat, self.niche, UPPER):
            if verb is not Verb.MUTATE:
                return f"you hold the upper {niche} niche: you mutate it"
            return "that is not a mutation of your upper QUiRKS (a card of it, and a hand card of the same position)"
        if verb in (Verb.PLACE, Verb.COMPETE) and not self._may_compete(seat):
            return "on your first turn of the advanced game you may attempt only one competition"
        if self.controls(seat, self.niche, LOWER):
            if verb is Verb.PLACE:
                return f"you already have a QUiRKS in the {niche} niche: mutate it or 'compete' for the upper niche"
            if verb is Verb.COMPETE:
                return "there is no card to complete your QUiRKS with"
            return f"mutate your lower {niche} QUiRKS or 'compete' for the upper niche"
        if verb is Verb.PLACE:
            if any(c not in self.hands[seat] for c in action.cards):
                return "you can only place cards from your hand"
            if len(action.cards) == 3 and self.owners[slot_of(self.niche, UPPER)] >= 0:
                return f"the upper {niche} niche is occupied: compete for the lower niche with two cards"
            return f"a {niche} QUiRKS in the lower niche is an A card and a B or C card of the {niche} stacks"
        if self.controls(seat, self.niche, UPPER) or self.controls(seat, self.niche, LOWER):
            return "mutate your QUiRKS"
        return f"you have no QUiRKS in the {niche} niche: place two cards to compete for its lower niche"

    # ----------------------------------------------------------------- applying
    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Move)
        self._legal = None
        stage = self.stage
        verb = action.verb
        if stage is Stage.SETUP:
            self._setup_lower(seat, action.number)
        elif stage is Stage.CHOOSE_NICHE:
            self.niche = action.number
            self._note("niche", -1, seat, self.niche)
            self.stage = Stage.CLIMATE
        elif stage is Stage.UPPER_OWNED:
            if verb is Verb.REDRAW:
                self._draw_destiny()
            else:
                self.stage = Stage.CLIMATE
        elif stage is Stage.CLIMATE:
            self._move_climate(seat, action.number)
        elif stage is Stage.RANDOM_MUTATION:
            self._random_mutation(seat, action.cards[0])
        elif stage is Stage.ACTION:
            self._action(seat, action)
        elif stage is Stage.LOWER_DEFENCE:
            self._lower_defence(seat, verb is Verb.ACCEPT)
        elif stage is Stage.LOWER_ATTACK:
            if verb is Verb.GIVE_UP:
                contest = self.contest
                assert contest is not None
                for card in contest.attacker_cards:
                    self._discard(card)
                self._note("give-up", -1, seat, contest.niche)
                self._lost()
            else:
                self._fight()
        elif stage is Stage.INTELLIGENCE:
            self._intelligence(seat, verb is Verb.ROLL)
        elif stage is Stage.UPPER_COMPLETE:
            self._complete(seat, action)
        elif stage is Stage.UPPER_SEALED:
            self._sealed(seat, action)
        elif stage is Stage.DEMOTE:
            self._demote(action.cards[0])
        elif stage is Stage.CONCEDE_DEFENDER:
            self._concede_defender(verb is Verb.CONCEDE)
        elif stage is Stage.CONCEDE_CHALLENGER:
            self._concede_challenger(verb is Verb.CONCEDE)
        elif stage is Stage.AFTER_WIN:
            if verb is Verb.CONTINUE:
                self._begin_action()
            else:
                self._end_turn()
        elif stage is Stage.SURPLUS:
            self.hands[seat].remove(action.cards[0])
            self._discard(action.cards[0])
            self._note("surplus", -1, seat, action.cards[0])
            if not self._surplus(seat):
                self._finish_turn()
        elif stage is Stage.DEFENCE:
            if verb is Verb.CHALLENGE:
                self._start_upper(seat, self.niche, in_defence=True)
            else:
                self._note("decline", -1, seat, self.niche)
                self._defence_result(False)

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
        crossed = {(before + step) % SPACES for step in range(1, steps + 1)}
        if self.game.options["random_mutation"] and crossed & COMPONENTS.x_spaces:
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
            if self._moves_for_stage(seat, Stage.RANDOM_MUTATION):
                self.stage, self._to_act = Stage.RANDOM_MUTATION, (seat,)
                return
            self.mutation_queue.pop(0)
        self._enter_action()

    def _moves_for_stage(self, seat: int, stage: Stage) -> list[Move]:
        saved = self.stage
        self.stage = stage
        moves = self._moves(seat)
        self.stage = saved
        return moves

    def _random_mutation(self, seat: int, card: int) -> None:
        stack = CARDS[card].stack
        replacement = self._draw(stack)
        from_hand = card in self.hands[seat]
        if from_hand:
            self.hands[seat].remove(card)
            self.hands[seat].append(replacement)
        else:
            slot = next(s for s in range(6) if card in self.slots[s])
            self._occupy(slot, seat, tuple(replacement if c == card else c for c in self.slots[slot]))
        self._discard(card)
        self._note("replace", seat, seat, card, replacement, from_hand)
        self.mutation_queue.pop(0)
        self._next_random_mutation()

    def _enter_action(self) -> None:
        self.stage, self._to_act = Stage.ACTION, (self.current,)

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
                self.stage, self._to_act = Stage.LOWER_DEFENCE, (defender,)
        elif verb is Verb.COMPETE:
            self.competed += 1
            self._start_upper(seat, niche, in_defence=False)

    def _mutate(self, seat: int, slot: int, cards: tuple[int, ...]) -> None:
        """Replace ``cards[0]`` of the QUiRKS by ``cards[1]`` from hand, or by a drawn card."""
        old = cards[0]
        niche = slot // 2
        # During the sealed step the defender's QUiRKS is back in its hand ("Both players then
        # take their QUiRKS back into hand"): an exchange is seen by no one, while a discard goes
        # face up on its pile and the draw is seen, as anywhere else.
        in_hand = self.stage is Stage.UPPER_SEALED and self.contest is not None
        if len(cards) == 2:
            new = cards[1]
            self.hands[seat].remove(new)
            self.hands[seat].append(old)
            self._note("mutate-in-hand" if in_hand else "mutate-exchange", seat, seat, niche, old, new)
        else:
            stack = stack_for(niche, CARDS[old].row)
            new = self._draw(stack)
            self._discard(old)
            if in_hand and self.contest is not None:
                self.contest.defender_drew = stack
            self._note("mutate-draw", seat, seat, niche, old, new, in_hand)
        self._occupy(slot, seat, tuple(new if c == old else c for c in self.slots[slot]))

    def _lower_defence(self, seat: int, accept: bool) -> None:
        contest = self.contest
        assert contest is not None
        slot = slot_of(contest.niche, LOWER)
        if not accept:
            for card in self.slots[slot]:
                self._discard(card)
            self._occupy(slot, contest.attacker, contest.attacker_cards)
            self._note("pass", -1, seat, contest.niche)
            self._won()
            return
        self._note("accept", -1, seat, contest.niche)
        self.stage, self._to_act = Stage.LOWER_ATTACK, (contest.attacker,)

    # The fight: both QUiRKS are counted on the adaptation table.
    def _fight(self) -> None:
        contest = self.contest
        assert contest is not None
        contest.asked = []
        if self.game.options["intelligent_race"]:
            for seat, cards in self._fighters():
                if any(CARDS[c].is_intelligence for c in cards):
                    contest.asked.append(seat)
        self._next_intelligence()

    def _fighters(self) -> list[tuple[int, tuple[int, ...]]]:
        contest = self.contest
        assert contest is not None
        level = LOWER if contest.kind == "lower" else UPPER
        defender_cards = self.slots[slot_of(contest.niche, level)]
        return [(contest.attacker, contest.attacker_cards), (contest.defender, defender_cards)]

    def _next_intelligence(self) -> None:
        contest = self.contest
        assert contest is not None
        if contest.asked:
            self.stage, self._to_act = Stage.INTELLIGENCE, (contest.asked[0],)
            return
        self._count()

    def _intelligence(self, seat: int, roll: bool) -> None:
        contest = self.contest
        assert contest is not None
        cards = dict(self._fighters())[seat]
        contest.rolls[seat] = tuple(1 + self.chance.below(6) for _ in cards) if roll else None
        contest.asked.pop(0)
        self._next_intelligence()

    def _count(self) -> None:
        """Count both QUiRKS; the greater wins, the occupant on a tie; the loser is extinct."""
        contest = self.contest
        assert contest is not None
        level = LOWER if contest.kind == "lower" else UPPER
        slot = slot_of(contest.niche, level)
        climate = self.climate // COMPONENTS.zones_per_climate
        others = [self.slots[slot_of(n, level)] for n in range(3)]
        totals = {}
        for seat, cards in self._fighters():
            others[contest.niche] = cards
            base, food = adaptation(contest.niche, cards, others, climate, self.table.values, contest.rolls.get(seat))
            totals[seat] = (base, food)
        attacker_total = sum(totals[contest.attacker])
        defender_total = sum(totals[contest.defender])
        attacker_wins = attacker_total > defender_total
        reveal = {
            "niche": NICHES[contest.niche], "level": "upper" if level == UPPER else "lower",
            "climate": COMPONENTS.climates[climate],
            "attacker": contest.attacker, "defender": contest.defender,
            "totals": {str(seat): {"cards": b, "food_chain": f, "total": b + f} for seat, (b, f) in totals.items()},
            "rolled": {str(seat): list(r) for seat, r in contest.rolls.items() if r is not None},
            "winner": contest.attacker if attacker_wins else contest.defender,
        }
        self.reveals = (*self.reveals, reveal)
        self._note("count", -1, reveal)
        loser_cards = self.slots[slot] if attacker_wins else contest.attacker_cards
        loser = contest.defender if attacker_wins else contest.attacker
        if attacker_wins:
            self._occupy(slot, contest.attacker, contest.attacker_cards)
        if contest.kind == "upper":
            self._vacate(slot_of(contest.niche, LOWER))
        self._extinct(loser, loser_cards)
        if attacker_wins:
            self._won()
        else:
            self._lost()

    def _extinct(self, seat: int, cards: tuple[int, ...]) -> None:
        # The cards lie face down in front of their creator: out of play while it stays in.
        self.extinct[seat].append(cards)
        self._note("extinct", -1, seat, len(self.extinct[seat]))
        if len(self.extinct[seat]) >= EXTINCTIONS_TO_LOSE:
            self._eliminate(seat)

    def _eliminate(self, seat: int) -> None:
        self.eliminated[seat] = True
        for card in self.hands[seat] + [c for branch in self.extinct[seat] for c in branch]:
            self._discard(card)
        self.hands[seat] = []
        for slot in range(6):
            if self.owners[slot] == seat:
                for card in self.slots[slot]:
                    self._discard(card)
                self._vacate(slot)
        self.extinct[seat] = [() for _ in self.extinct[seat]]
        self._note("eliminated", -1, seat)

    # The competition for an upper niche.
    def _start_upper(self, seat: int, niche: int, in_defence: bool) -> None:
        lower = self.slots[slot_of(niche, LOWER)]
        defender = self.owners[slot_of(niche, UPPER)]
        kind = "upper" if defender >= 0 else "move-up"
        drawn = self._draw(self._missing_stack_of(lower, niche))
        self.contest = Contest(kind, niche, seat, defender, lower, lower, self.slots[slot_of(niche, UPPER)],
                               drawn=drawn, in_defence=in_defence)
        self._note("challenge-upper", -1, seat, niche, defender)
        self.stage, self._to_act = Stage.UPPER_COMPLETE, (seat,)

    def _complete(self, seat: int, action: Move) -> None:
        contest = self.contest
        assert contest is not None
        if action.cards:
            third = action.cards[0]
            self.hands[seat].remove(third)
            if contest.drawn >= 0:
                self.hands[seat].append(contest.drawn)
        else:
            third = contest.drawn
        contest.attacker_cards = tuple(sorted((*contest.attacker_cards, third), key=lambda c: CARDS[c].row))
        self._note("complete", seat, seat, third, contest.drawn)
        if contest.kind == "move-up":
            self._occupy(slot_of(contest.niche, UPPER), seat, contest.attacker_cards)
            self._vacate(slot_of(contest.niche, LOWER))
            self._note("move-up", -1, seat, contest.niche)
            self._won()
            return
        contest.sealed = Sealed([contest.attacker, contest.defender])
        self.stage, self._to_act = Stage.UPPER_SEALED, (contest.attacker, contest.defender)

    def _sealed(self, seat: int, action: Move) -> None:
        contest = self.contest
        assert contest is not None and contest.sealed is not None
        if action.verb is Verb.MUTATE:
            self._mutate(seat, slot_of(contest.niche, UPPER), action.cards)
            contest.defender_mutated = True
            return
        contest.sealed.add(seat, action.verb.value)
        contest.sealed.declare_ready(seat)
        if not contest.sealed.complete:
            self._to_act = contest.sealed.waiting
            return
        choices = contest.sealed.reveal()
        contest.faces = {s: choices[s][-1] == Verb.FACE_UP.value for s in (contest.attacker, contest.defender)}
        contest.public_defender = self.slots[slot_of(contest.niche, UPPER)]
        contest.public_attacker = contest.attacker_cards
        self._note("reveal", -1, contest.attacker, contest.defender, dict(contest.faces), contest.attacker_cards,
                   contest.public_defender)
        up_attacker, up_defender = contest.faces[contest.attacker], contest.faces[contest.defender]
        if up_attacker and up_defender:
            self.stage, self._to_act = Stage.CONCEDE_DEFENDER, (contest.defender,)
        elif up_attacker:
            contest.demoting = contest.defender
            self.stage, self._to_act = Stage.DEMOTE, (contest.defender,)
        else:
            contest.demoting = contest.attacker
            self.stage, self._to_act = Stage.DEMOTE, (contest.attacker,)

    def _demote(self, card: int) -> None:
        contest = self.contest
        assert contest is not None
        seat = contest.demoting
        self._discard(card)
        self._note("demote", -1, seat, contest.niche, card)
        upper, lower = slot_of(contest.niche, UPPER), slot_of(contest.niche, LOWER)
        if seat == contest.defender:
            remaining = tuple(c for c in self.slots[upper] if c != card)
            self._occupy(upper, contest.attacker, contest.attacker_cards)
            self._occupy(lower, seat, remaining)
            self._won()
        else:
            self._occupy(lower, seat, tuple(c for c in contest.attacker_cards if c != card))
            self._lost()

    def _concede_defender(self, concede: bool) -> None:
        contest = self.contest
        assert contest is not None
        if not concede:
            self._note("hold", -1, contest.defender)
            self.stage, self._to_act = Stage.CONCEDE_CHALLENGER, (contest.attacker,)
            return
        upper = slot_of(contest.niche, UPPER)
        for card in self.slots[upper]:
            self._discard(card)
        self._occupy(upper, contest.attacker, contest.attacker_cards)
        self._vacate(slot_of(contest.niche, LOWER))
        self._note("concede", -1, contest.defender, contest.niche)
        self._won()

    def _concede_challenger(self, concede: bool) -> None:
        contest = self.contest
        assert contest is not None
        if concede:
            for card in contest.attacker_cards:
                self._discard(card)
            self._vacate(slot_of(contest.niche, LOWER))
            self._note("concede", -1, contest.attacker, contest.niche)
            self._lost()
            return
        self._fight()

    def _won(self) -> None:
        """The current player won a competition."""
        contest = self.contest
        if contest is not None and contest.in_defence:
            self._defence_result(True)
            return
        self.contest = None
        if self._check_over():
            return
        if self._holder_of_all_uppers() == self.current:
            self._end_turn()
            return
        self.stage, self._to_act = Stage.AFTER_WIN, (self.current,)

    def _lost(self) -> None:
        contest = self.contest
        if contest is not None and contest.in_defence:
            self._defence_result(False)
            return
        self.contest = None
        if self._check_over():
            return
        self._end_turn()

    # ----------------------------------------------------------------- the end
    @property
    def is_over(self) -> bool:
        return self.stage is Stage.OVER

    @property
    def scores(self) -> tuple[float, ...]:
        """1 for each winner, 0 for the others (a shared win at the turn limit counts for all)."""
        return win_scores(self.result or (), self.players)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.result or ()

    def statistics(self) -> dict[str, float]:
        return {
            "turns": float(self.turns),
            "competitions counted": float(len(self.reveals)),
            "eliminations": float(sum(self.eliminated)),
            "turn limit reached": float(any(e[0] == "over" and e[3] == "turn limit reached"
                                            for e in events(self.log))),
        }

    def view(self, seat: int | None) -> View:
        from quarkade.games.quirks.views import make_view

        return make_view(self, seat)
