"""Quirky Circuits rules: the cooperative robot-programming game for 2-4 players.

Each round has three phases. Program: the players play command cards face down into one
queue (free play: everyone at once; pacing: in turns). Execute: the queue is revealed and
resolved left to right, with no decision (``robot.Robot``), inside the action that ends the
program phase. Reset: the queue is shuffled under the deck, the battery drops one space and
the hands are refilled. The table wins together the moment the scenario's goal is met, and
loses together when the battery reaches 0.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from quarkade.core.chance import Chance
from quarkade.core.game import (
    Action,
    CachedLegalActions,
    Game,
    GameInfo,
    OptionSpec,
    State,
    View,
    win_scores,
)
from quarkade.core.log import Log, note
from quarkade.core.registry import Deferred
from quarkade.games.quirky_circuits.actions import BEEP, DONE, PASS, PLAYS, SIGNALS, STOP, Play, Signal, parse
from quarkade.games.quirky_circuits.components import (
    COMPONENTS,
    Direction,
    Scenario,
    Space,
    Token,
    card_id,
    is_quirk,
)
from quarkade.games.quirky_circuits.robot import Robot

HAND_SIZE: Final = {2: 5, 3: 4, 4: 4}
QUEUE_MINIMUM: Final = 5  # "in total the players must play 5 or more cards"
DEALER: Final = 0  # the rulebook names one dealer; seat 0 deals every round (RULINGS.md)
PLAYING: Final = "playing"
WON: Final = "won"
LOST: Final = "lost"


class QuirkyCircuits(Game):
    info = GameInfo(
        id="quirky-circuits",
        title="Quirky Circuits",
        min_players=2,
        max_players=4,
        default_players=3,
        summary="Program a quirky robot together, card by card, without telling each other what you hold: "
        "clean the house or collect the flags before the battery runs out.",
        rules_version=COMPONENTS.rules_version,
        cooperative=True,
        options=(
            OptionSpec("scenario", str, "rise-and-shine", "the scenario, in the rulebook's order",
                       choices=tuple(s.id for s in COMPONENTS.scenarios), label="Scenario",
                       choice_labels=tuple((s.id, f"{number}. {s.title} ({s.robot.capitalize()})")
                                           for number, s in enumerate(COMPONENTS.scenarios, start=1))),
            OptionSpec("practice", bool, False, "practice mode: cards are played face up", label="Practice mode"),
            OptionSpec("pacing", bool, False, "pacing mode: players take turns playing cards, from the dealer",
                       label="Pacing mode"),
        ),
    )

    @property
    def scenario(self) -> Scenario:
        return COMPONENTS.scenario(self.options["scenario"])

    def new_game(self, seed: int) -> QuirkyCircuitsState:
        return QuirkyCircuitsState.setup(self, seed)

    @classmethod
    def public_components(cls) -> dict[str, Any]:
        # The cards' faces and the scenario book are printed for everyone.
        from quarkade.games.quirky_circuits.components import raw_data

        return {"cards.toml": raw_data("cards.toml"), "scenarios.toml": raw_data("scenarios.toml")}

    def _parse_action(self, state: State, seat: int, text: str) -> Action:
        return parse(text)

    def sample_state(self, view: View, chance: Chance) -> State:
        from quarkade.games.quirky_circuits.sampling import sample_state

        return sample_state(self, view, chance)


# The cards a hand may play, by the hand: a few thousand hands at most (five cards of sixteen types).
_PLAYS_OF_HAND: Final[dict[tuple[int, ...], tuple[Play, ...]]] = {}


class QuirkyCircuitsState(CachedLegalActions):
    __slots__ = (
        "chance", "players", "scenario", "practice", "pacing", "deck", "layers", "hands", "queue", "played", "done",
        "stopped", "beeped", "turn", "passes", "turn_played", "space", "facing", "tokens", "battery", "round",
        "result", "won_at", "_execution", "log", "_to_act",
    )

    chance: Chance
    players: int
    scenario: Scenario
    practice: bool
    pacing: bool
    deck: list[int]  # face down; the top is the end of the list
    # What the table knows of the deck, top to bottom: (cards, the revealed queue they are
    # left of, or () for cards never seen). A reset puts a queue under the deck as a layer.
    layers: tuple[tuple[int, tuple[int, ...]], ...]
    hands: list[list[int]]  # each sorted
    queue: list[tuple[int, int]]  # (seat, card), left to right
    played: list[int]  # cards each seat played this round
    done: list[bool]  # free play: the seat has signalled it is done
    stopped: list[bool]  # the seat put its hands flat this round
    beeped: list[bool]  # the seat said "Beep-boop" this round
    turn: int  # pacing: whose turn it is
    passes: int  # pacing: turns passed in a row with no card played
    turn_played: int  # pacing: cards played on this turn
    space: Space
    facing: Direction
    tokens: tuple[Token, ...]
    battery: int
    round: int
    result: str  # PLAYING, WON or LOST
    won_at: int  # the battery level when the goal was met (0 if not)
    _execution: tuple[dict[str, Any], ...] | Replay  # the last Execute phase (``execution``)
    log: Log
    _to_act: tuple[int, ...]

    # ----------------------------------------------------------------- set-up
    @classmethod
    def setup(cls, game: QuirkyCircuits, seed: int) -> QuirkyCircuitsState:
        s = cls()
        s.game, s.seed, s.history = game, seed, []
        s.chance = Chance(seed)
        s.players = game.players
        scenario = s.scenario = game.scenario
        s.practice, s.pacing = game.options["practice"], game.options["pacing"]
        s.space, s.facing, s.tokens = scenario.start, scenario.facing, scenario.tokens
        s.battery, s.round = scenario.battery, 1
        s.result, s.won_at, s._execution = PLAYING, 0, ()
        s.deck = list(scenario.deck)
        s.chance.shuffle(s.deck)
        s.hands = [[] for _ in range(s.players)]
        s.queue = []
        s.log = None
        s.layers = ((len(s.deck), ()),)
        s._deal()
        s._start_round()
        return s

    def clone(self) -> QuirkyCircuitsState:
        c = QuirkyCircuitsState()
        c.game, c.seed = self.game, self.seed
        self._copy_history(c)
        c._legal = self._legal
        c.chance = Chance(self.chance.seed, self.chance.counter)
        c.players, c.scenario, c.practice, c.pacing = self.players, self.scenario, self.practice, self.pacing
        c.deck, c.hands, c.queue = self.deck[:], [h[:] for h in self.hands], self.queue[:]
        c.layers = self.layers
        c.played, c.done = self.played[:], self.done[:]
        c.stopped, c.beeped = self.stopped[:], self.beeped[:]
        c.turn, c.passes, c.turn_played = self.turn, self.passes, self.turn_played
        c.space, c.facing, c.tokens = self.space, self.facing, self.tokens
        c.battery, c.round, c.result, c.won_at = self.battery, self.round, self.result, self.won_at
        c._execution, c.log, c._to_act = self._execution, self.log, self._to_act
        return c

    def _deal(self) -> None:
        """Deal until every hand is full, one seat after another from the dealer's left."""
        size = HAND_SIZE[self.players]
        before = len(self.deck)
        for offset in range(1, self.players + 1):
            hand = self.hands[(DEALER + offset) % self.players]
            while len(hand) < size and self.deck:
                hand.append(self.deck.pop())
            hand.sort()
        drawn = before - len(self.deck)
        layers = list(self.layers)
        while drawn and layers:
            count, pool = layers[0]
            taken = min(count, drawn)
            drawn -= taken
            layers[0] = (count - taken, pool)
            if layers[0][0] == 0:
                del layers[0]
        self.layers = tuple(layers)

    def _start_round(self) -> None:
        n = self.players
        self.played, self.done = [0] * n, [False] * n
        self.stopped, self.beeped = [False] * n, [False] * n
        self.turn, self.passes, self.turn_played = DEALER, 0, 0
        self.log = note(self.log, "round", -1, self.round, self.battery)
        self._set_to_act()

    def _set_to_act(self) -> None:
        self._legal = None
        if self.result != PLAYING:
            self._to_act = ()
        elif self.pacing:
            self._to_act = (self.turn,)
        else:
            done = self.done
            self._to_act = tuple([seat for seat in range(self.players) if not done[seat]])

    # ----------------------------------------------------------------- the flow
    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def minimums_met(self) -> bool:
        """Each player has played a card, and the queue holds at least five."""
        return len(self.queue) >= QUEUE_MINIMUM and all(self.played)

    def _may_be_done(self, seat: int) -> bool:
        if self.played[seat] == 0:
            return False
        done = self.done
        others_done = done.count(False) == (0 if done[seat] else 1)  # no one else is still playing
        return not (others_done and len(self.queue) < QUEUE_MINIMUM)

    def _may_pass(self, seat: int) -> bool:
        # Once every other player has passed in a row while the minimums are unmet, a player who
        # is needed to meet them must play (ruling 22): one who has played no card yet, or, when
        # the players still owing their first card cannot fill the queue to five by one card
        # each, any player holding cards. A player who has played may otherwise still pass.
        if not self.hands[seat] or self.passes < self.players - 1 or self.minimums_met():
            return True
        if not self.played[seat]:
            return False
        owing = self.played.count(0)
        return QUEUE_MINIMUM - len(self.queue) <= owing

    def _moves(self, seat: int) -> list[Any]:
        hand = tuple(self.hands[seat])
        plays = _PLAYS_OF_HAND.get(hand)
        if plays is None:
            quirk_only = bool(hand) and is_quirk(hand[-1])  # sorted: Quirk cards come last
            plays = _PLAYS_OF_HAND[hand] = tuple(PLAYS[card] for card in sorted(set(hand))
                                                 if not quirk_only or is_quirk(card))
        moves: list[Any] = list(plays)
        if self.pacing:
            if self.turn_played:
                moves.append(DONE)
            elif self._may_pass(seat):
                moves.append(PASS)
        elif self._may_be_done(seat):
            moves.append(DONE)
        if not self.stopped[seat]:
            moves.append(STOP)
        if not self.beeped[seat]:
            moves.append(BEEP)
        return moves

    def _optional_actions(self, seat: int) -> list[Action]:
        # A player the game does not wait for (done, or not on turn when pacing) may still put its
        # hands flat or say "Beep-boop" (ruling 18): the signals of a seat to act are among its moves.
        if self.result != PLAYING or seat in self._to_act:
            return []
        signals: list[Action] = []
        if not self.stopped[seat]:
            signals.append(STOP)
        if not self.beeped[seat]:
            signals.append(BEEP)
        return signals

    def _why_not_to_act(self, seat: int, action: Action) -> str:
        if action == STOP and self.stopped[seat]:
            return "you have already put your hands flat this round"
        if action == BEEP and self.beeped[seat]:
            return "you have already said Beep-boop this round"
        if self.pacing:
            return f"it is seat {self.turn}'s turn: you may only signal (stop, beep) until yours"
        return "you are done playing cards this round: you may only signal (stop, beep)"

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        moves = self._legal_moves(seat)
        for move in moves:
            if move is action:  # the usual case, the very action offered: no comparisons
                return None
        if action in moves:
            return None
        hand = self.hands[seat]
        if isinstance(action, Play):
            name = card_id(action.card)
            if action.card not in hand:
                return f"you hold no {name} card"
            return "you hold a Quirk card: Quirk cards must be played before any other card"
        if not isinstance(action, Signal) or action.word not in SIGNALS:
            return f"{action} is not an action of Quirky Circuits"
        if action == STOP:
            return "you have already put your hands flat this round"
        if action == BEEP:
            return "you have already said Beep-boop this round"
        if self.pacing:
            if action == DONE:
                return "you have played no card this turn: pass instead"
            if self.turn_played:
                return "you played cards this turn: end it with done"
            if not self.played[seat]:
                return ("every other player has passed and you have played no card this round (each player plays "
                        f"a card, {QUEUE_MINIMUM} in all): play a card")
            return (f"every other player has passed and the queue holds {len(self.queue)} cards: the players still "
                    f"owing their first card cannot bring it to {QUEUE_MINIMUM}, so play a card")
        if action == PASS:
            return "pass is for pacing mode: say done when you have finished playing cards"
        if self.played[seat] == 0:
            return "each player plays at least one card before being done"
        return f"everyone else is done and the queue holds {len(self.queue)} cards: it needs {QUEUE_MINIMUM}"

    def _apply(self, seat: int, action: Action) -> None:
        self._legal = None
        if isinstance(action, Play):
            self.hands[seat].remove(action.card)
            self.queue.append((seat, action.card))
            self.played[seat] += 1
            self.log = note(self.log, "play", seat, seat, action.card, self.practice)
            if self.pacing:
                self.turn_played += 1
                self.passes = 0
            # A card played changes no one's turn and ends nothing: who is to act stays the
            # same (``_set_to_act`` would give it again), only the legal actions change.
            return
        assert isinstance(action, Signal)
        word = action.word
        if word == "stop":
            self.stopped[seat] = True
            self.log = note(self.log, "stop", -1, seat)
        elif word == "beep":
            self.beeped[seat] = True
            self.log = note(self.log, "beep", -1, seat)
        elif self.pacing:
            if word == "pass":
                self.passes += 1
                self.log = note(self.log, "pass", -1, seat)
            else:
                self.log = note(self.log, "end-turn", -1, seat)
            self.turn_played = 0
            self.turn = (seat + 1) % self.players
            if self.passes >= self.players and self.minimums_met():
                self._execute()
                return
        else:
            self.done[seat] = True
            self.log = note(self.log, "done", -1, seat)
            if all(self.done):
                self._execute()
                return
        self._set_to_act()

    # ----------------------------------------------------------------- execute and reset
    def _execute(self) -> None:
        replay = Replay(self.scenario, self.space, self.facing, self.tokens, tuple(self.queue))
        after = _robot_after(self.scenario, self.space, self.facing, self.tokens, self.queue)
        if after is None:  # the goal is met, or a board of no rulebook scenario: the record is made now
            robot = replay.run()
            won = robot.won
            self.space, self.facing = robot.space, robot.facing
            self.tokens = tuple(sorted(robot.tokens, key=lambda t: (t.space[1], t.space[0], t.kind, t.raised)))
        else:
            won = False
            self.space, self.facing, self.tokens = after
        self._execution = replay
        self.log = note(self.log, "execute", -1, self.round, replay)
        if won:
            self.result, self.won_at = WON, self.battery
            self.log = note(self.log, "won", -1, self.scenario.section(self.battery))
            self._set_to_act()
            return
        cards = [card for _, card in self.queue]
        self.chance.shuffle(cards)
        self.deck = cards + self.deck  # under the deck: the top is the end of the list
        self.layers = (*self.layers, (len(cards), tuple(sorted(cards))))
        self.queue = []
        self.battery -= 1
        if self.battery == 0:
            self.result = LOST
            self.log = note(self.log, "lost", -1)
            self._set_to_act()
            return
        self._deal()
        self.round += 1
        self._start_round()

    @property
    def execution(self) -> tuple[dict[str, Any], ...]:
        """The last Execute phase, step by step (robot.py), after a reveal step for each card."""
        return steps_of(self._execution)

    @execution.setter
    def execution(self, steps: tuple[dict[str, Any], ...]) -> None:
        self._execution = steps

    # ----------------------------------------------------------------- the end
    @property
    def is_over(self) -> bool:
        return self.result != PLAYING

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(range(self.players)) if self.result == WON else ()

    @property
    def scores(self) -> tuple[float, ...]:
        """1 for every seat on a win, 0 on a loss or while playing."""
        return win_scores(self.winners, self.players)

    @property
    def section(self) -> str | None:
        """Green, yellow or red: the battery section where the goal was met (None if not)."""
        return self.scenario.section(self.won_at) if self.result == WON else None

    statistics_about: ClassVar[str] = (
        "won: 1 for a game the table won. rounds: the rounds played. battery left: the battery's "
        "space when the goal was met (0 in a lost game). green, yellow, red: 1 for a win with the "
        "battery marker in that section of its track; the rulebook's greater challenge is a win in the "
        "yellow, and the true experts' in the green.")

    def statistics(self) -> dict[str, float]:
        """``won``, ``green``/``yellow``/``red`` (1 for the section of a win), ``rounds``, ``battery_left``."""
        stats = {"won": float(self.result == WON), "rounds": float(self.round),
                 "battery_left": float(self.battery if self.result == WON else 0)}
        for section in ("green", "yellow", "red"):
            stats[section] = float(self.section == section)
        return stats

    def _view(self, seat: int | None) -> View:
        return _make_view(self, seat)


_make_view: Deferred[View] = Deferred("quarkade.games.quirky_circuits.views", "make_view")
_navigator: Deferred[Any] = Deferred("quarkade.games.quirky_circuits.navigator", "navigator")


class Replay:
    """An Execute phase to tell step by step: the robot as it stood and the queue. The steps
    are made when first read (a view or the log that shows them; playouts seldom do), then kept.
    """

    __slots__ = ("scenario", "space", "facing", "tokens", "queue", "_steps")

    def __init__(self, scenario: Scenario, space: Space, facing: Direction, tokens: tuple[Token, ...],
                 queue: tuple[tuple[int, int], ...]) -> None:
        self.scenario, self.space, self.facing, self.tokens, self.queue = scenario, space, facing, tokens, queue
        self._steps: tuple[dict[str, Any], ...] | None = None

    def __reduce__(self) -> tuple[type[Replay], tuple[Any, ...]]:
        # Pickled (and deep-copied) as its arguments, its steps made again when read: a compiled
        # class is not made without them (core/pickling.py).
        return Replay, (self.scenario, self.space, self.facing, self.tokens, self.queue)

    def run(self) -> Robot:
        """The queue resolved left to right, a reveal step before each card, up to a win."""
        robot = Robot(self.scenario, self.space, self.facing, self.tokens)
        for index, (seat, card) in enumerate(self.queue):
            robot.steps.append({"step": "reveal", "index": index, "seat": seat, "card": card_id(card),
                                "robot": list(robot.space), "facing": robot.facing.word})
            robot.resolve(card)
            if robot.won:
                break
        self._steps = tuple(robot.steps)
        return robot

    def steps(self) -> tuple[dict[str, Any], ...]:
        if self._steps is None:
            self.run()
        assert self._steps is not None
        return self._steps


def steps_of(execution: tuple[dict[str, Any], ...] | Replay) -> tuple[dict[str, Any], ...]:
    """The steps of an Execute phase, made now if they were not yet."""
    return execution.steps() if isinstance(execution, Replay) else execution


def _robot_after(scenario: Scenario, space: Space, facing: Direction, tokens: tuple[Token, ...],
                 queue: list[tuple[int, int]]) -> tuple[Space, Direction, tuple[Token, ...]] | None:
    """Where a queue that does not meet the goal leaves the robot and the tokens, from the
    outcomes of each card kept by the scenario's navigator (the same rules, resolved once for
    every game); None when the queue meets the goal or the board is not a rulebook scenario."""
    if COMPONENTS.scenarios[scenario.index] is not scenario:
        return None
    nav = _navigator(scenario.id)
    state = nav.robot_state(space, facing, tokens)
    for _, card in queue:
        state = nav.step(state, card)
        if state < 0:  # the navigator's WIN
            return None
    token_set, pose = divmod(state, nav.poses)
    where, facing = nav.unpose(pose)
    return where, facing, nav.token_sets[token_set]


def new_state(players: int = 2, seed: int = 0, **options: Any) -> QuirkyCircuitsState:
    """A fresh state (for tests and examples)."""
    game = QuirkyCircuits(*QuirkyCircuits.validate_options(players, options))
    return QuirkyCircuitsState.setup(game, seed)
