"""Tournaments between bots: seat rotation, duplicate deals, a resumable log, ratings.

Every deal (a seed) is played by every lineup of entrants (all of them, or each choice of
``players`` of them when there are more entrants than seats) in every rotation of its seats:
the same cards and the same luck reach each entrant in each seat, so the luck cancels out.

The games are played in a fixed order, in blocks of deals: for each block, for each lineup and
rotation, for each deal of the block. The result log (JSON lines: a header describing the
tournament, then one line a game) is written in that order, and a run restarted on the same
log skips the games it holds and appends the others, so the finished file is the same as an
uninterrupted run's. A line cut short by an interruption is dropped and played again.

An entrant is a bot kind registered for the game (``heuristic``, ``random``, ``mcts``, a level
name), an importable ``Bot`` subclass (``package.module:Class``, its settings after a second
colon) or an external program (``exec:COMMAND``, speaking the line protocol in
``docs/bots.md``). Games between kinds and classes run on the backend (a class's module is sent
to Ray's workers with the class, by value); games with an external program run in this process,
which holds the program.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import selectors
import shlex
import subprocess
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from quarkade.agents.base import Bot, bot_kinds, make_bot
from quarkade.core.errors import InvalidOptions
from quarkade.core.game import Action, Game, View
from quarkade.tools.backends import (
    Chunk,
    GameResult,
    check_backend,
    chunks_of,
    default_workers,
    for_ray,
    play_chunk,
)
from quarkade.tools.match import play_match
from quarkade.tools.ratings import Finish, Rating, Strength, bradley_terry_table, openskill_table, ranks

# Deals a block: the log's order depends on it, so it is fixed, not taken from the machine.
BLOCK = 16
# Seconds an external program may think about one decision.
EXTERNAL_TIMEOUT = 30.0


class BotSpecError(InvalidOptions):
    """An entrant that cannot be made: unknown kind, missing class, program that fails."""


# ----------------------------------------------------------------- entrants
@dataclass(frozen=True)
class Entrant:
    """One player of the tournament, as named on the command line."""

    spec: str

    @property
    def external(self) -> bool:
        return self.spec.startswith("exec:")


def check_entrant(spec: str, game: Game) -> Entrant:
    """The entrant ``spec`` names, or a ``BotSpecError`` saying why there is none."""
    if spec.startswith("exec:"):
        command = shlex.split(spec[len("exec:"):])
        if not command:
            raise BotSpecError("exec: needs a command to run, e.g. exec:'python examples/first_legal_bot.py'")
        return Entrant(spec)
    known = bot_kinds(game.id)
    if ":" not in spec and spec not in known:
        raise BotSpecError(f"no bot {spec!r} for {game.id}: give a kind ({', '.join(known)}), "
                           "a module:Class or exec:COMMAND")
    # A kind with settings (mcts:seconds=1) or a class (mybots:Clever, mybots:Clever:depth=2):
    # one made now, so that a bad setting is refused before any game.
    try:
        make_bot(spec, game)
    except InvalidOptions as error:
        raise BotSpecError(str(error)) from None
    return Entrant(spec)


class ExternalProgram:
    """A running external bot: one process an entrant, kept for the whole tournament."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        command = shlex.split(spec[len("exec:"):])
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                            bufsize=1)
        except OSError as error:
            raise BotSpecError(f"{spec!r} cannot be started: {error.strerror or error}") from None

    def send(self, message: dict[str, Any]) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            stdin.flush()
        except BrokenPipeError:
            raise BotSpecError(f"{self.spec!r} stopped (exit code {self.process.poll()})") from None

    def answer(self) -> str:
        stdout = self.process.stdout
        assert stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(stdout, selectors.EVENT_READ)
            if not selector.select(EXTERNAL_TIMEOUT):
                raise BotSpecError(f"{self.spec!r} gave no answer within {EXTERNAL_TIMEOUT:.0f} s")
        line = stdout.readline()
        if not line:
            raise BotSpecError(f"{self.spec!r} stopped without answering (exit code {self.process.wait()})")
        return line.strip()

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class ExternalBot(Bot):
    """A seat played by an external program through the line protocol of ``docs/bots.md``."""

    kind = "external"

    def __init__(self, game: Game, program: ExternalProgram) -> None:
        super().__init__(game)
        self.program = program

    def choose(self, view: View, legal: list[Action]) -> Action:
        notations = [str(action) for action in legal]
        self.program.send({"type": "act", "seat": view.seat, "view": view.to_json(), "legal": notations})
        reply = self.program.answer()
        if reply.lstrip("-").isdigit():
            index = int(reply)
            if 0 <= index < len(legal):
                return legal[index]
            raise BotSpecError(f"{self.program.spec!r} answered index {index}, but there are {len(legal)} "
                               f"legal actions (0 to {len(legal) - 1})")
        if reply in notations:
            return legal[notations.index(reply)]
        lowered = [notation.lower() for notation in notations]
        if reply.lower() in lowered:
            return legal[lowered.index(reply.lower())]
        raise BotSpecError(f"{self.program.spec!r} answered {reply!r}, which is not one of the legal actions "
                           f"({', '.join(notations[:8])}{', …' if len(notations) > 8 else ''})")


def bot_seed(seed: int, seat: int) -> int:
    # The same derivation as the simulations' bots, so a registered bot plays the same game here
    # as in 'quarkade simulate' and on every backend.
    return seed * 7919 + seat * 104729 + 1


# ----------------------------------------------------------------- schedule
@dataclass(frozen=True)
class Scheduled:
    """One game of the schedule: a deal, and the entrants by seat."""

    seed: int
    seats: tuple[str, ...]


def lineups(entrants: Sequence[str], players: int, cooperative: bool = False) -> list[tuple[str, ...]]:
    """Each choice of ``players`` entrants (all of them if they fill the seats), in every rotation.

    At a cooperative game the whole table shares one result, which tells nothing about one seat
    against another: each entrant then fills every seat, and entrants are compared deal by deal.
    """
    if cooperative:
        return [(entrant,) * players for entrant in entrants]
    chosen = list(itertools.combinations(entrants, players))
    return [lineup[turn:] + lineup[:turn] for lineup in chosen for turn in range(players)]


def schedule(entrants: Sequence[str], players: int, deals: int, first_seed: int,
             cooperative: bool = False) -> list[Scheduled]:
    seats = lineups(entrants, players, cooperative)
    order: list[Scheduled] = []
    for start in range(0, deals, BLOCK):
        block = range(first_seed + start, first_seed + min(deals, start + BLOCK))
        order.extend(Scheduled(seed, lineup) for lineup in seats for seed in block)
    return order


# ----------------------------------------------------------------- results and the log
@dataclass(frozen=True)
class Played:
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    steps: int

    def finish(self) -> Finish:
        return list(zip(self.seats, ranks(self.scores, self.winners), strict=True))

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "seats": list(self.seats), "scores": list(self.scores),
                "winners": list(self.winners), "steps": self.steps}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Played:
        return cls(int(data["seed"]), tuple(data["seats"]), tuple(data["scores"]), tuple(data["winners"]),
                   int(data["steps"]))


@dataclass(frozen=True)
class Settings:
    game: str
    players: int
    options: dict[str, Any]
    entrants: tuple[str, ...]
    deals: int
    seed: int
    cooperative: bool = False

    @property
    def by_deal(self) -> bool:
        """Whether entrants are compared deal by deal (one game per entrant a deal), not seat by seat."""
        return self.players == 1 or self.cooperative

    def header(self) -> dict[str, Any]:
        return {"tournament": {"game": self.game, "players": self.players, "options": self.options,
                               "bots": list(self.entrants), "deals": self.deals, "seed": self.seed}}


def read_log(path: Path, settings: Settings) -> list[Played]:
    """The games an earlier run logged; a line cut short at the end is dropped from the file."""
    if not path.exists() or path.stat().st_size == 0:
        return []
    raw = path.read_bytes()
    complete = raw[:raw.rfind(b"\n") + 1]
    if len(complete) != len(raw):
        with path.open("r+b") as handle:
            handle.truncate(len(complete))
    lines = complete.decode("utf-8").splitlines()
    if not lines:
        return []
    try:
        header = json.loads(lines[0])
        played = [Played.from_json(json.loads(line)) for line in lines[1:]]
    except (ValueError, KeyError, TypeError) as error:
        raise InvalidOptions(f"{path} is not a tournament log ({error})") from None
    if header != json.loads(json.dumps(settings.header())):
        raise InvalidOptions(f"{path} logs another tournament ({json.dumps(header)}): give the same game, "
                             "players, bots, options, games and seed to resume it, or another --log")
    return played


# ----------------------------------------------------------------- playing
class Runner:
    """Plays a list of scheduled games and yields them in order."""

    def __init__(self, game: Game, backend: str = "serial", workers: int | None = None,
                 address: str | None = None) -> None:
        check_backend(backend, workers, address)
        self.game = game
        self.backend = backend
        self.workers = workers
        self.address = address
        self.programs: dict[str, ExternalProgram] = {}

    def play(self, games: Sequence[Scheduled]) -> Iterator[Played]:
        # Games of one lineup in a row make a batch of seeds.
        batches = [(seats, [scheduled.seed for scheduled in batch])
                   for seats, batch in itertools.groupby(games, key=lambda scheduled: scheduled.seats)]
        if self.backend == "serial":
            for seats, seeds in batches:
                for seed in seeds:
                    yield self.play_one(seed, seats)
            return
        # Every batch without an external program is sent off at once to one pool (or Ray) for
        # the whole run, and the results are taken back in the schedule's order; games of
        # external programs are played here meanwhile.
        farm = _Farm(self.backend, self.workers, self.address)
        try:
            sent = []
            for seats, seeds in batches:
                if not any(Entrant(spec).external for spec in seats):
                    template = Chunk(self.game.id, self.game.players, dict(self.game.options), seats, (), False)
                    sent.append([farm.submit(chunk) for chunk in chunks_of(template, seeds, farm.workers)])
                else:
                    sent.append([])
            for (seats, seeds), handles in zip(batches, sent, strict=True):
                if not handles:
                    for seed in seeds:
                        yield self.play_one(seed, seats)
                for handle in handles:
                    for result, _ in farm.result(handle):
                        yield Played(result.seed, seats, result.scores, result.winners, result.steps)
        finally:
            farm.close()

    def play_one(self, seed: int, seats: tuple[str, ...]) -> Played:
        bots = [self.make(spec, seed, seat) for seat, spec in enumerate(seats)]
        state = play_match(self.game, bots, seed)
        for spec in seats:
            if spec in self.programs:
                self.programs[spec].send({"type": "over", "scores": list(state.scores),
                                          "winners": list(state.winners)})
        return Played(seed, seats, state.scores, state.winners, state.steps)

    def make(self, spec: str, seed: int, seat: int) -> Bot:
        if spec.startswith("exec:"):
            if spec not in self.programs:
                self.programs[spec] = ExternalProgram(spec)
            program = self.programs[spec]
            # No seed: the deal's seed would tell the program every shuffle of the game.
            program.send({"type": "game", "game": self.game.id, "players": self.game.players,
                          "options": dict(self.game.options), "seat": seat})
            return ExternalBot(self.game, program)
        return make_bot(spec, self.game, bot_seed(seed, seat))

    def close(self) -> None:
        for program in self.programs.values():
            program.close()
        self.programs.clear()


class _Farm:
    """Where chunks of games go when the backend is not serial: a process pool or Ray."""

    def __init__(self, backend: str, workers: int | None, address: str | None) -> None:
        self.workers = workers or default_workers()
        self.pool: ProcessPoolExecutor | None = None
        self.started_ray = False
        if backend == "process":
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["quarkade.tools.backends", "quarkade.tools.match"])
            self.pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
            return
        try:
            import ray
        except ImportError:
            raise InvalidOptions("the ray backend needs Ray: pip install 'quarkade[ray]'") from None
        if not ray.is_initialized():
            self.started_ray = True
            if address is not None:
                ray.init(address=address)
            else:
                ray.init(num_cpus=workers, include_dashboard=False)
        self.remote = ray.remote(play_chunk)

    def submit(self, chunk: Chunk) -> Any:
        if self.pool is not None:
            return self.pool.submit(play_chunk, chunk)
        return self.remote.remote(for_ray(chunk))

    def result(self, handle: Any) -> list[tuple[GameResult, str | None]]:
        if self.pool is not None:
            played: list[tuple[GameResult, str | None]] = handle.result()
            return played
        import ray

        fetched: list[tuple[GameResult, str | None]] = ray.get(handle)
        return fetched

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
        elif self.started_ray:
            import ray

            ray.shutdown()


# ----------------------------------------------------------------- the tournament
@dataclass
class TournamentResult:
    settings: Settings
    games: list[Played] = field(default_factory=list)
    resumed: int = 0  # games read back from the log rather than played

    def finishes(self) -> list[Finish]:
        """Each game's places; in a one-seat or cooperative game, each deal's: the bots that
        played it ranked by how they did (the winners first, then by the table's score), as if
        they had sat at one table."""
        if not self.settings.by_deal:
            return [game.finish() for game in self.games]
        return [finish for _, finish in self._deals()]

    def _deals(self) -> list[tuple[int, Finish]]:
        by_seed: dict[int, list[Played]] = {}
        for game in self.games:
            by_seed.setdefault(game.seed, []).append(game)
        deals: list[tuple[int, Finish]] = []
        for seed, games in by_seed.items():
            places = ranks([game.scores[0] for game in games], [i for i, game in enumerate(games) if game.winners])
            deals.append((seed, [(game.seats[0], place) for game, place in zip(games, places, strict=True)]))
        return deals

    def ratings(self) -> list[Rating]:
        return openskill_table(self.finishes())

    def strengths(self) -> list[Strength]:
        seeds = [game.seed for game in self.games] if not self.settings.by_deal else [
            seed for seed, _ in self._deals()]
        return bradley_terry_table(self.finishes(), groups=seeds)

    def to_json(self) -> dict[str, Any]:
        return {**self.settings.header()["tournament"], "played": len(self.games), "resumed": self.resumed,
                "openskill": [rating.to_json() for rating in self.ratings()],
                "bradley_terry": [strength.to_json() for strength in self.strengths()]}


def check_entrants(game: Game, specs: Sequence[str]) -> list[str]:
    """The entrants, checked before any game: known, distinct and enough to fill the seats."""
    if len(set(specs)) != len(specs):
        twice = sorted({spec for spec in specs if specs.count(spec) > 1})
        raise BotSpecError(f"each bot enters once: {', '.join(twice)} given twice")
    if len(specs) < game.players and not game.info.cooperative:
        raise BotSpecError(f"{game.id} with {game.players} players needs at least {game.players} bots, "
                           f"not {len(specs)}")
    for spec in specs:
        check_entrant(spec, game)
    return list(specs)


def run_tournament(game: Game, specs: Sequence[str], deals: int, seed: int = 0, log: Path | None = None,
                   backend: str = "serial", workers: int | None = None, address: str | None = None,
                   on_game: Callable[[Played], None] | None = None, on_start: Callable[[int, int], None] | None = None,
                   ) -> TournamentResult:
    """Play (or resume) a tournament; ``on_start(total, already_logged)`` comes before any game."""
    if deals < 1:
        raise InvalidOptions(f"a tournament has at least one game a lineup, not {deals}")
    entrants = check_entrants(game, specs)
    settings = Settings(game.id, game.players, dict(game.options), tuple(entrants), deals, seed,
                        game.info.cooperative)
    planned = schedule(entrants, game.players, deals, seed, game.info.cooperative)
    done = read_log(log, settings) if log is not None else []
    for position, played in enumerate(done):
        if position >= len(planned) or (played.seed, played.seats) != (planned[position].seed,
                                                                         planned[position].seats):
            raise InvalidOptions(f"{log} does not follow this tournament's order at game {position + 1}")
    result = TournamentResult(settings, list(done), len(done))
    if on_start is not None:
        on_start(len(planned), len(done))
    runner = Runner(game, backend, workers, address)
    handle: IO[str] | None = None
    try:
        if log is not None:
            handle = log.open("a", encoding="utf-8")
            if not done:
                handle.write(json.dumps(settings.header()) + "\n")
                handle.flush()
        for played in runner.play(planned[len(done):]):
            if handle is not None:
                handle.write(json.dumps(played.to_json()) + "\n")
                handle.flush()
            result.games.append(played)
            if on_game is not None:
                on_game(played)
    finally:
        runner.close()
        if handle is not None:
            handle.close()
    return result
