"""Playing one game between bots: the loop every tool shares."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from quarkade.agents.base import Bot, make_bot
from quarkade.core.errors import IllegalAction, QuarkadeError
from quarkade.core.game import Action, Game, State

Observer = Callable[[State, int, Action], None]


class BotFailure(QuarkadeError):
    """A bot failed in a game: its ``choose`` raised an error, or chose what is not a legal action.

    The message names the bot, its seat, the game's seed and step, and the bot's own error; it is
    all a sentence (no traceback), and it survives the trip back from a worker process, with
    ``seat``, the seat whose bot failed (None where unknown), and ``steps``, the steps played
    before.

    >>> import pickle
    >>> failure = pickle.loads(pickle.dumps(BotFailure("bot 'x' at seat 1 failed", 1, 11)))
    >>> failure.seat, failure.steps
    (1, 11)
    """

    def __init__(self, message: str, seat: int | None = None, steps: int = 0) -> None:
        super().__init__(message)
        self.seat = seat
        self.steps = steps

    def __reduce__(self) -> tuple[type[BotFailure], tuple[str, int | None, int]]:
        return type(self), (str(self), self.seat, self.steps)


def forfeit_result(game: Game, seat: int) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """The scores and winners of a game its bot at ``seat`` forfeited by failing (a
    tournament's ``--forfeit``): every seat scores 0; at a competitive table the other seats
    share the win, at a cooperative or one-seat table nobody wins.

    >>> import quarkade
    >>> forfeit_result(quarkade.load("quirky-quarks", players=3), 1)
    ((0.0, 0.0, 0.0), (0, 2))
    """
    scores = (0.0,) * game.players
    if game.info.cooperative or game.players == 1:
        return scores, ()
    return scores, tuple(other for other in range(game.players) if other != seat)


class NotAnAction(IllegalAction):
    """A bot's ``choose`` returned something other than an ``Action``."""


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game of ``seed``: the same in simulations, reports
    and tournaments, on every backend, so a bot plays the same game in each."""
    return seed * 7919 + seat * 104729 + 1


def make_bots(game: Game, kinds: Sequence[str], seed: int, classes: Mapping[str, type[Bot]] | None = None) -> list[Bot]:
    """One bot a seat, each with its own generator derived from ``seed``; ``classes``, the
    classes of ``module:Class`` seats already at hand (see ``make_bot``)."""
    return [make_bot(kind, game, bot_seed(seed, seat), classes) for seat, kind in enumerate(kinds)]


def unmade(spec: str, seat: int, seed: int, error: QuarkadeError) -> BotFailure:
    """The failure of a bot that could not be made for one game (its constructor raised for that
    seed, an external program stopped between games): under a tournament's ``--forfeit`` its seat
    forfeits that game, steps 0, as if it had failed at its first move.

    >>> str(unmade("mine:Bot", 2, 9, QuarkadeError("bot 'mine:Bot' cannot be made: ValueError: no")))
    "bot 'mine:Bot' at seat 2 could not be made for the game of seed 9: ValueError: no"
    """
    what = str(error).removeprefix(f"bot {spec!r} cannot be made: ")
    return BotFailure(f"bot {spec!r} at seat {seat} could not be made for the game of seed {seed}: {what}", seat, 0)


def forfeiting_bots(game: Game, kinds: Sequence[str], seed: int,
                    classes: Mapping[str, type[Bot]] | None = None) -> list[Bot]:
    """``make_bots``, but a seat whose bot cannot be made for this game raises ``BotFailure``
    naming that seat (``unmade``), so that under ``--forfeit`` the seat forfeits the game."""
    bots = []
    for seat, kind in enumerate(kinds):
        try:
            bots.append(make_bot(kind, game, bot_seed(seed, seat), classes))
        except QuarkadeError as error:
            raise unmade(kind, seat, seed, error) from None
    return bots


def play_match(game: Game, bots: Sequence[Bot], seed: int, max_steps: int = 1_000_000,
               observer: Observer | None = None, names: Sequence[str] | None = None) -> State:
    """Play a game from ``seed`` to the end. Bots see only their seat's view.

    At a sealed simultaneous step the seats choose one after the other, which is fair
    because no view shows another seat's choice until all are in. A bot that fails raises
    ``BotFailure``, naming it as ``names`` gives it (the kinds the bots were made from).
    """
    state = game.new_game(seed)
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        try:
            action = bots[seat].choose(view, legal)
        except Exception as error:
            raise BotFailure(failure_message(game, bots, names, seat, seed, steps, error), seat, steps) from error
        except SystemExit as error:  # a bot calling sys.exit ended the run silently, status 0
            stopped = NotAnAction(f"its choose called sys.exit({error.code!r}): a bot returns an action, it does not "
                                  "end the program")
            raise BotFailure(failure_message(game, bots, names, seat, seed, steps, stopped), seat, steps) from None
        try:
            state.apply(seat, action)
        except IllegalAction as refused:
            # The notation or an index, say, rather than an Action: the bot's slip, told as such.
            slip = None if isinstance(action, Action) else NotAnAction(
                f"its choose returned {type(action).__name__} {action!r}; it returns one of the legal actions it is "
                "given (an Action), not its notation or its place")
            raise BotFailure(failure_message(game, bots, names, seat, seed, steps, slip or refused), seat,
                             steps) from None
        if observer is not None:
            observer(state, seat, action)
        steps += 1
        if steps >= max_steps:
            raise RuntimeError(f"{game.id} did not end within {max_steps} steps")
    return state


def failure_message(game: Game, bots: Sequence[Bot], names: Sequence[str] | None, seat: int, seed: int, step: int,
                    error: Exception) -> str:
    """What went wrong with the bot at ``seat``, in one sentence, and how to see it happen again.

    >>> import quarkade
    >>> game = quarkade.load("quirky-quarks", players=2)
    >>> bots = make_bots(game, ["random", "random"], 7)
    >>> failure_message(game, bots, ["random", "mine:Bot"], 1, 7, 11, ValueError("no move"))[:85]
    "bot 'mine:Bot' at seat 1 failed at step 12 of the game of seed 7: ValueError: no move"
    """
    kinds = list(names) if names is not None else [type(bot).__name__ for bot in bots]
    if isinstance(error, NotAnAction):
        what = str(error)
    elif isinstance(error, IllegalAction):
        what = f"its choice was refused: {error}"
    elif isinstance(error, QuarkadeError):
        what = str(error)  # already said in Quarkade's words (an external program's answer)
    else:
        what = f"{type(error).__name__}: {error}{where(error)}"
    # Steps are numbered from 1, as a replay numbers them; a bot its own error names already is
    # not named twice.
    bot = "the bot" if repr(kinds[seat]) in what else f"bot {kinds[seat]!r}"
    message = f"{bot} at seat {seat} failed at step {step + 1} of the game of seed {seed}: {what}"
    if names is None or any(kind.startswith("exec:") for kind in kinds) or isinstance(error, QuarkadeError):
        return message
    # Every bot draws from a generator derived from the seed: the same call plays the same game.
    defaults = {spec.name: spec.default for spec in game.info.options}
    options = "".join(f", {name}={value!r}" for name, value in game.options.items() if value != defaults.get(name))
    return (f"{message}. To see the traceback, play that game again in Python: "
            f"play_match(game, make_bots(game, {kinds!r}, {seed}), {seed}) from quarkade.tools.match, "
            f"where game = quarkade.load({game.id!r}, players={game.players}{options})")


def where(error: BaseException) -> str:
    """`` (file, line N, in function)``: where ``error`` was raised, or nothing if unknown."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" ({Path(last.filename).name}, line {last.lineno}, in {last.name})"
