"""Tournaments between bots: seat rotation, duplicate deals, a resumable log, ratings.

Every deal (a seed) is played by every lineup of entrants (all of them, or each choice of
``players`` of them when there are more entrants than seats) in every rotation of its seats:
the same cards and the same luck reach each entrant in each seat, so the luck cancels out.

The games are played in a fixed order, in blocks of deals: for each block, for each lineup and
rotation, for each deal of the block. The result log (JSON lines: a header describing the
tournament, then one line a game) is written in that order, and a run restarted on the same
log skips the games it holds and appends the others, so the finished file is the same as an
uninterrupted run's (for entrants that decide by their seed alone: ``on_the_clock`` names those
that search on a time budget). An interrupted run logs every game finished by then: after those
in order, the games a backend finished ahead of their turn, each with its place (``"ahead"``),
which the next run takes back and logs again in their turn, rather than play them again; a line
cut short by a harder stop is dropped and played again. A backend's workers get games in chunks,
a chunk's games had only once all are played; a game with a search (or a bot class of one's own)
is a chunk of its own (``chunks_of``), so that a stopped run plays again only the games under way
(and quick bots' chunks under way). A run
with more deals on a log extends its tournament: the deals logged keep their order and the new
ones follow (``grow``), so no game is played twice.

An entrant is a bot kind registered for the game (``heuristic``, ``random``, ``mcts``, a level
name), an importable ``Bot`` subclass (``package.module:Class``, its settings after a second
colon) or an external program (``exec:COMMAND``, speaking the line protocol in
``docs/bots.md``), named by how it is given, or by a name of its own before it (``NAME=…``:
``ppo=train_ppo:PolicyBot:policy=run7.npz``, which also lets one bot enter twice under two
names). Games between kinds and classes run on the backend (a class's module is sent to Ray's
workers with the class, by value); games with an external program run in this process, which
holds the program.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import importlib.util
import itertools
import json
import modulefinder
import os
import selectors
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, NamedTuple

from quarkade.agents.base import Bot, any_bot_kinds, bot_kinds, is_class_spec, make_bot
from quarkade.core.errors import InvalidOptions, QuarkadeError
from quarkade.core.game import Action, Game, View
from quarkade.core.words import plural
from quarkade.tools.backends import (
    Chunk,
    Farm,
    GameResult,
    Interrupted,
    batch_collector,
    check_backend,
    chunks_of,
    default_workers,
)
from quarkade.tools.match import BotFailure, bot_seed, forfeit_result, play_match, unmade
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
    """One player of the tournament: ``name``, as the seats, the log and the ratings call it,
    and ``spec``, the bot it plays with (the same, unless it was given a name of its own)."""

    name: str
    spec: str

    @classmethod
    def given(cls, text: str) -> Entrant:
        """The entrant ``text`` gives: ``NAME=SPEC`` (an ``=`` before any colon) names the bot
        of ``SPEC``; anything else is a bot named by its spec.

        >>> Entrant.given("ppo=train_ppo:PolicyBot:policy=run7.npz")
        Entrant(name='ppo', spec='train_ppo:PolicyBot:policy=run7.npz')
        >>> Entrant.given("mcts:seconds=1")
        Entrant(name='mcts:seconds=1', spec='mcts:seconds=1')
        """
        if "=" not in text.partition(":")[0]:
            return cls(text, text)
        name, _, spec = text.partition("=")
        name, spec = name.strip(), spec.strip()
        if not (name and spec):
            raise BotSpecError(f"{text!r}: a name of one's own is given as NAME=BOT, e.g. ppo=mybots:Policy, "
                               "the name and the bot both given")
        if len(name) > LONGEST_NAME or not name.isprintable():
            raise BotSpecError(f"{quoted(name)} cannot name an entrant: a name is at most {LONGEST_NAME} "
                               "printable characters")
        if name.lower() in any_bot_kinds() and name != spec:
            raise BotSpecError(f"{name!r} cannot name another bot ({spec!r}): it is a bot kind's name, and the "
                               "ratings would read as that bot's")
        return cls(name, spec)

    @property
    def external(self) -> bool:
        return self.spec.startswith("exec:")


# The longest name an entrant may be given (NAME=…): it heads a row of the ratings.
LONGEST_NAME = 40


def check_entrant(entrant: Entrant, game: Game) -> None:
    """That ``entrant`` can play ``game``, or a ``BotSpecError`` saying why not."""
    spec = entrant.spec
    if spec.startswith("exec:"):
        program_command(spec)
        return
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


# The longest line an external program may answer with: its answer is one action's index or
# notation, and a longer line is refused unread rather than held in memory.
LONGEST_ANSWER = 64 * 1024
# How much of a wrong answer an error message quotes.
QUOTED = 100


def quoted(text: str) -> str:
    """``text`` quoted for an error message, cut short when long.

    >>> quoted("x" * 500)[:12], len(quoted("x" * 500))
    ("'xxxxxxxxxxx", 120)
    """
    if len(text) <= QUOTED:
        return repr(text)
    return f"{text[:QUOTED]!r}… ({len(text):,} characters)"


def program_command(spec: str) -> list[str]:
    """The words of an ``exec:`` entrant's command, as a shell would split them; a
    ``BotSpecError`` saying why when they cannot be."""
    try:
        command = shlex.split(spec[len("exec:"):])
    except ValueError as error:  # an unclosed quotation, a backslash at the end
        raise BotSpecError(f"{spec!r}: its command cannot be read ({str(error).lower()}); quote it as a shell "
                           "would, e.g. exec:'python mybot.py --depth 2'") from None
    if not command:
        raise BotSpecError("exec: needs a command to run, e.g. exec:'python examples/first_legal_bot.py'")
    return command


class ExternalProgram:
    """A running external bot: one process an entrant and a seat it fills in one game (a
    cooperative game's entrant fills them all, each seat its own process: no program sees two
    hands), kept for the whole tournament.

    Its output is read here, line by line, into a buffer of its own: a line it prints when not
    asked for an answer (after a ``game`` or an ``over``, or a second line to an ``act``) is
    seen before the next question and refused, rather than taken as the next answer."""

    def __init__(self, spec: str, seconds: float = EXTERNAL_TIMEOUT) -> None:
        self.spec = spec
        self.seconds = seconds
        self.buffer = bytearray()
        try:
            self.process = subprocess.Popen(program_command(spec), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        except OSError as error:
            raise BotSpecError(f"{spec!r} cannot be started: {error.strerror or error}") from None
        assert self.process.stdout is not None
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.process.stdout, selectors.EVENT_READ)

    def send(self, message: dict[str, Any]) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
            stdin.flush()
        except BrokenPipeError:
            raise BotSpecError(f"{self.spec!r} stopped (exit code {self.process.poll()})") from None

    def ask(self, message: dict[str, Any]) -> str:
        """Send ``message`` and wait for the one line that answers it."""
        self._read(0)
        if self.buffer:
            said = self.buffer.split(b"\n", 1)[0].decode("utf-8", errors="replace").strip()
            raise BotSpecError(f"{self.spec!r} printed {quoted(said)} when no answer was asked for: it answers "
                               "each 'act' with one line, and 'game' and 'over' with none (docs/bots.md)")
        self.send(message)
        deadline = time.monotonic() + self.seconds
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.process.kill()  # what it is doing is unknown: it is not waited for
                raise BotSpecError(f"{self.spec!r} gave no answer within {self.seconds:g} s")
            if not self._read(left):
                raise BotSpecError(f"{self.spec!r} stopped without answering (exit code {self.process.wait()})")
        line, _, rest = bytes(self.buffer).partition(b"\n")
        self.buffer[:] = rest
        answer = line.decode("utf-8", errors="replace").strip()
        if rest:
            said = rest.split(b"\n", 1)[0].decode("utf-8", errors="replace").strip()
            raise BotSpecError(f"{self.spec!r} answered {quoted(answer)} and then {quoted(said)}: it answers each "
                               "'act' with one line (docs/bots.md)")
        return answer

    def _read(self, seconds: float) -> bool:
        """What the program has printed within ``seconds``, added to the buffer; False once its
        output has ended. A line longer than ``LONGEST_ANSWER`` is refused."""
        stdout = self.process.stdout
        assert stdout is not None
        while self.selector.select(seconds):
            chunk = os.read(stdout.fileno(), 65536)
            if not chunk:
                return False
            self.buffer += chunk
            if len(self.buffer) > LONGEST_ANSWER and b"\n" not in self.buffer[:LONGEST_ANSWER + 1]:
                self.process.kill()  # it may be blocked writing the rest, which is not read
                raise BotSpecError(f"{self.spec!r} answered a line longer than {LONGEST_ANSWER // 1024} KiB "
                                   f"(it begins {quoted(self.buffer[:QUOTED].decode('utf-8', errors='replace'))}): "
                                   "an answer is one action's index or notation")
            seconds = 0  # what has arrived meanwhile, without waiting again
        return True

    def close(self, at_once: bool = False) -> None:
        """End the program: its input closes and it has 5 s to exit, or none ``at_once`` (a
        program that failed)."""
        self.selector.close()
        if self.process.stdin is not None:
            with contextlib.suppress(BrokenPipeError):  # a program gone already
                self.process.stdin.close()
        try:
            self.process.wait(timeout=0 if at_once else 5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


class ExternalBot(Bot):
    """A seat played by an external program through the line protocol of ``docs/bots.md``."""

    kind = "external"

    def __init__(self, game: Game, program: ExternalProgram) -> None:
        super().__init__(game)
        self.program = program

    def choose(self, view: View, legal: list[Action]) -> Action:
        notations = [str(action) for action in legal]
        reply = self.program.ask({"type": "act", "seat": view.seat, "view": view.to_json(), "legal": notations})
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
        raise BotSpecError(f"{self.program.spec!r} answered {quoted(reply)}, which is not one of the legal actions "
                           f"({', '.join(notations[:8])}{', …' if len(notations) > 8 else ''}); if it printed that "
                           "line unasked, after a 'game' or an 'over', it answers 'act' alone (docs/bots.md)")


# ----------------------------------------------------------------- schedule
@dataclass(frozen=True)
class Scheduled:
    """One game of the schedule: a deal, and the entrants by seat."""

    seed: int
    seats: tuple[str, ...]


SEATINGS = ("rotations", "permutations")


def lineups(entrants: Sequence[str], players: int, cooperative: bool = False,
            seating: str = "rotations") -> list[tuple[str, ...]]:
    """Each choice of ``players`` entrants (all of them if they fill the seats), in every rotation
    of its seats (each entrant in every seat, its neighbours kept: who sits after whom follows
    the order the entrants are given in), or with ``seating="permutations"`` in every order of
    them (each entrant after each other one too; 6 orders of three, 24 of four).

    At a cooperative game the whole table shares one result, which tells nothing about one seat
    against another: each entrant then fills every seat, and entrants are compared deal by deal.

    >>> lineups(["a", "b", "c"], 3)
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    >>> len(lineups(["a", "b", "c"], 3, seating="permutations"))
    6
    """
    if seating not in SEATINGS:
        raise InvalidOptions(f"seating is {' or '.join(SEATINGS)}, not {seating!r}")
    if cooperative:
        return [(entrant,) * players for entrant in entrants]
    chosen = list(itertools.combinations(entrants, players))
    if seating == "permutations":
        return [order for lineup in chosen for order in itertools.permutations(lineup)]
    return [lineup[turn:] + lineup[:turn] for lineup in chosen for turn in range(players)]


def schedule(entrants: Sequence[str], players: int, deals: int, first_seed: int,
             cooperative: bool = False, seating: str = "rotations", grown: Sequence[int] = ()) -> list[Scheduled]:
    """The games in the order they are played and logged. A tournament extended (``grown``: the
    deals it held before each time its --games was raised on its log) plays its earlier deals in
    their own order first, then the new ones, each part in blocks from its first deal, so that
    every earlier schedule is a prefix of the extended one.

    >>> [(game.seed, game.seats[0]) for game in schedule(["a", "b"], 2, 3, 0, grown=[1])]
    [(0, 'a'), (0, 'b'), (1, 'a'), (2, 'a'), (1, 'b'), (2, 'b')]
    """
    seats = lineups(entrants, players, cooperative, seating)
    order: list[Scheduled] = []
    bounds = [0, *grown, deals]
    for first, last in itertools.pairwise(bounds):
        for start in range(first, last, BLOCK):
            block = range(first_seed + start, first_seed + min(last, start + BLOCK))
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
    # With --forfeit, a game stopped by a bot's failure: its seat, lost (``forfeit_result``),
    # and what the failure said.
    forfeited: tuple[int, ...] = ()
    failure: str = ""

    def finish(self) -> Finish:
        return list(zip(self.seats, ranks(self.scores, self.winners), strict=True))

    def to_json(self) -> dict[str, Any]:
        line = {"seed": self.seed, "seats": list(self.seats), "scores": list(self.scores),
                "winners": list(self.winners), "steps": self.steps}
        if self.forfeited:
            line.update(forfeited=list(self.forfeited), failure=self.failure)
        return line

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Played:
        return cls(int(data["seed"]), tuple(data["seats"]), tuple(data["scores"]), tuple(data["winners"]),
                   int(data["steps"]), tuple(int(seat) for seat in data.get("forfeited", ())),
                   str(data.get("failure", "")))

    @classmethod
    def of(cls, result: GameResult, seats: tuple[str, ...]) -> Played:
        return cls(result.seed, seats, result.scores, result.winners, result.steps, result.forfeited, result.failure)


@dataclass(frozen=True)
class Settings:
    game: str
    players: int
    options: dict[str, Any]
    entrants: tuple[str, ...]
    deals: int
    seed: int
    cooperative: bool = False
    # Each entrant of code of one's own (a module:Class, an exec: program) by a digest of each of
    # its files (``code_files``): a log begun by other code is not resumed as if it were the same.
    code: dict[str, dict[str, str]] = field(default_factory=dict)
    seating: str = "rotations"
    forfeit: bool = False  # a bot that fails loses that game, and the tournament goes on
    # The deals the tournament held before each time it was extended (a larger --games on its log).
    grown: tuple[int, ...] = ()

    @property
    def by_deal(self) -> bool:
        """Whether entrants are compared deal by deal (one game per entrant a deal), not seat by seat."""
        return self.players == 1 or self.cooperative

    def header(self) -> dict[str, Any]:
        header = {"game": self.game, "players": self.players, "options": self.options,
                  "bots": list(self.entrants), "deals": self.deals, "seed": self.seed}
        if self.seating != "rotations":  # a log of rotations reads as it always has
            header["seating"] = self.seating
        if self.forfeit:
            header["forfeit"] = True
        if self.grown:
            header["grown_from"] = list(self.grown)
        if self.code:
            header["code"] = self.code
        return {"tournament": header}


# The header's fields as the command gives them, to say which one differs from a log's.
_GIVEN_AS = {"game": "the game", "players": "--players", "options": "--option", "bots": "--bots", "deals": "--games",
             "seed": "--seed", "seating": "--seating", "forfeit": "--forfeit"}


def code_paths(spec: str, game_id: str) -> list[tuple[str, Path]] | None:
    """The files an entrant's own code is read from, each with the name a log keeps it by, or
    None for a bot of Quarkade's: a module:Class's module file, the modules it imports from beside
    it, read from its code (``own_modules``), and any setting that names a file (a policy's
    weights); an exec: program's words that name files (its script), or the module of ``-m
    MODULE``. Files are found from the current folder, as the tournament finds them. A module is
    named by its path from the folder it is imported from (``mybots/helper.py``), a file a word
    names as the word says, so a log moved with its bots still names them alike."""
    files: list[tuple[str, Path]] = []
    if spec.startswith("exec:"):
        words = program_command(spec)
        # ``python -m module``: the module's file (found from the current folder, as Python would)
        for flag, name in zip(words, words[1:], strict=False):
            if flag == "-m":
                with contextlib.suppress(ImportError, ValueError):
                    module = importlib.util.find_spec(name)
                    if module is not None and module.origin and Path(module.origin).is_file():
                        origin = Path(module.origin)
                        files.append((_module_name(name, origin.resolve()), origin))
    elif is_class_spec(spec, game_id):
        module_name, _, rest = spec.partition(":")
        found = importlib.util.find_spec(module_name)
        if found is not None and found.origin and Path(found.origin).is_file():
            origin = Path(found.origin).resolve()
            root = _import_root(module_name, origin)
            files.append((origin.relative_to(root).as_posix(), Path(found.origin)))
            files += [(path.relative_to(root).as_posix(), path)
                      for path in own_modules(module_name, origin) if path != origin]
        words = [value for item in rest.partition(":")[2].split(",") for value in item.partition("=")[2:]]
    else:
        return None
    files += [(word, Path(word)) for word in words if word and Path(word).is_file()]
    return files


def code_files(spec: str, game_id: str) -> dict[str, str] | None:
    """A digest of each file of an entrant's own code, by its name (``code_paths``), or None for
    a bot of Quarkade's: a log keeps them, so that a run on it can say which file changed."""
    paths = code_paths(spec, game_id)
    if paths is None:
        return None
    return {name: hashlib.sha256(path.read_bytes()).hexdigest()[:16] for name, path in paths}


def code_digest(spec: str, game_id: str) -> str | None:
    """One digest of all the files of an entrant's own code (``code_paths``), or None for a bot
    of Quarkade's: the form a log begun before ``code_files`` keeps (paths as found)."""
    paths = code_paths(spec, game_id)
    if paths is None:
        return None
    digest = hashlib.sha256()
    for _, path in paths:
        digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _import_root(module_name: str, origin: Path) -> Path:
    """The folder ``module_name`` (whose file is ``origin``) is imported from."""
    root = origin.parent
    for _ in range(module_name.count(".") + (origin.name == "__init__.py")):
        root = root.parent
    return root


def _module_name(module_name: str, origin: Path) -> str:
    return origin.relative_to(_import_root(module_name, origin)).as_posix()


def own_modules(module_name: str, origin: Path) -> list[Path]:
    """The files of the modules the entrant's module imports, at once or inside a function, from
    its own folder (its top package's folder, or the module's own folder when it is in no
    package), found by reading its code (``modulefinder``), sorted: a helper module beside it is
    its code too; another entrant's module beside it, Quarkade's, the standard library's and
    installed packages are not."""
    top = module_name.partition(".")[0]
    root = origin.parent
    if top != module_name:
        package = sys.modules.get(top)
        locations = list(getattr(package, "__path__", []) or [])
        root = Path(locations[0]) if locations else root
    root = root.resolve()
    # Modules are looked for where the entrant's own are, and nowhere else.
    finder = modulefinder.ModuleFinder(path=[str(root.parent if top != module_name else root)])
    try:
        finder.import_hook(module_name)
    except Exception:  # code the finder cannot follow: the module's own file stands alone
        return []
    found: set[Path] = set()
    for name, module in finder.modules.items():
        file = getattr(module, "__file__", None)
        if not file or name.partition(".")[0] == "quarkade":
            continue
        path = Path(file).resolve()
        if path.suffix == ".py" and path.is_relative_to(root) and not {"site-packages", "dist-packages"} & set(
                path.relative_to(root).parts):
            found.add(path)
    return sorted(found)


class Finished(NamedTuple):
    """Games finished: those in the schedule's order, and those further on (``ahead``, by their
    place in the schedule, from 0), as a stopped run leaves them."""

    games: list[Played]
    ahead: dict[int, Played]


class Logged(NamedTuple):
    """What a log holds: its games in the schedule's order from the first, the games a stopped
    run had finished further on (``ahead``), and where its header and its games in order end, in
    bytes (the games logged ahead follow, until they are taken back)."""

    games: list[Played]
    ahead: dict[int, Played]
    in_order_end: int


def read_log(path: Path, settings: Settings) -> Logged | None:
    """The games an earlier run logged, or None if the log holds no header yet (no file, an
    empty one, or a header cut short, which is dropped). A line cut short at the end is dropped
    from the file; the header must be this tournament's. The games logged ahead of their turn
    come last, each with its place (``"ahead"``), after those in order."""
    if not path.exists():
        return None
    raw = path.read_bytes()
    complete = raw[:raw.rfind(b"\n") + 1]
    lines = complete.split(b"\n")[:-1]  # as they were written, each ended by a newline
    if not lines:
        if raw and not (_HEADER_START.startswith(raw) or raw.startswith(_HEADER_START)):
            raise InvalidOptions(f"{path} is not a tournament log (it does not start with a tournament's header): "
                                 "give another --log")
        _cut(path, 0)
        return None
    wanted = json.loads(json.dumps(settings.header()))["tournament"]  # as JSON reads it back
    _check_header(path, _log_header(path, lines[0].decode("utf-8", errors="replace"))["tournament"], wanted)
    games: list[Played] = []
    ahead_of_turn: dict[int, Played] = {}
    in_order_end = len(lines[0]) + 1
    for number, line in enumerate(lines[1:], start=2):
        played, ahead = _logged_game(path, number, line.decode("utf-8", errors="replace"))
        if ahead is None and ahead_of_turn:
            raise InvalidOptions(f"{path}, line {number}, is a game in order after games logged ahead of theirs: "
                                 "mend or delete that line and those after it (they are played again), "
                                 "or give another --log")
        if ahead is None:
            games.append(played)
            in_order_end += len(line) + 1
        elif ahead < len(games) or ahead in ahead_of_turn:
            raise InvalidOptions(f"{path}, line {number}, logs game {ahead + 1} ahead of its turn, which the log "
                                 "holds already: mend or delete that line and those after it, or give another --log")
        else:
            ahead_of_turn[ahead] = played
    if len(complete) != len(raw):
        _cut(path, len(complete))
    return Logged(games, ahead_of_turn, in_order_end)


def grow(path: Path, settings: Settings) -> tuple[Settings, int | None]:
    """The settings of the tournament the log at ``path`` holds, when they are these but for fewer
    deals or an extension (each time a run raised its --games): with ``settings.deals`` above the
    log's, the tournament is extended, its header rewritten for it, and the deals it held are
    returned beside; None when it was not extended now. A log of more deals than ``settings``
    is not cut to them: refused. Whatever else differs is left for ``read_log`` to refuse."""
    try:
        with path.open("rb") as handle:
            first = handle.readline()
    except FileNotFoundError:
        return settings, None
    if not first.endswith(b"\n"):
        return settings, None  # empty, or a header cut short: nothing logged yet
    logged = _log_header(path, first.decode("utf-8", errors="replace"))["tournament"]
    deals, grown = logged.get("deals"), logged.get("grown_from", [])
    if not (isinstance(deals, int) and isinstance(grown, list) and all(isinstance(held, int) for held in grown)
            and [*grown, deals] == sorted(set([*grown, deals])) and (not grown or grown[0] >= 1)):
        raise InvalidOptions(f"{path} is not a tournament log (its header's deals, {json.dumps(deals)}, and "
                             f"grown_from, {json.dumps(grown)}, are not rising whole numbers): give another --log")
    if deals > settings.deals:
        raise InvalidOptions(f"{path} holds a tournament of {plural(deals, 'deal')}: --games {settings.deals} cannot "
                             f"cut it short; give --games {deals} to resume it, more to extend it, or another --log")
    if deals == settings.deals:
        return dataclasses.replace(settings, grown=tuple(grown)), None
    before = dataclasses.replace(settings, deals=deals, grown=tuple(grown))
    _check_header(path, logged, json.loads(json.dumps(before.header()))["tournament"])
    extended = dataclasses.replace(settings, grown=(*grown, deals))
    raw = path.read_bytes()
    fresh = path.with_name(f".{path.name}.{os.getpid()}.grown")
    try:
        fresh.write_bytes(json.dumps(extended.header()).encode() + b"\n" + raw[len(first):])
        os.replace(fresh, path)  # the old header or the new one, never half of each
    except OSError as error:  # said of the log (its folder may take no new file), which stays as it was
        raise OSError(error.errno, error.strerror, str(path)) from error
    finally:
        fresh.unlink(missing_ok=True)
    return extended, deals


# How every log begins (a header cut short is a prefix of it).
_HEADER_START = b'{"tournament": '


def _cut(path: Path, size: int) -> None:
    with path.open("r+b") as handle:
        handle.truncate(size)


def _log_header(path: Path, line: str) -> Any:
    try:
        header = json.loads(line)
    except ValueError:
        header = None
    if not (isinstance(header, dict) and isinstance(header.get("tournament"), dict)):
        raise InvalidOptions(f"{path} is not a tournament log (its first line is not a tournament's header): "
                             "give another --log")
    return header


def _check_header(path: Path, logged: dict[str, Any], wanted: dict[str, Any]) -> None:
    """That the log's header is this tournament's; if not, which of the command's settings differ,
    or whose code changed since the log was begun."""
    def said(header: dict[str, Any], key: str) -> str:
        return json.dumps(header[key]) if key in header else "not given"

    differ = [f"{_GIVEN_AS.get(key, key)} {said(logged, key)} there, {said(wanted, key)} here"
              for key in dict.fromkeys([*wanted, *logged]) if key != "code" and logged.get(key) != wanted.get(key)]
    if differ:
        raise InvalidOptions(f"{path} logs another tournament ({'; '.join(differ)}): give the same game, players, "
                             "bots, options, seed, seating and --forfeit to resume it (and --games, or more to "
                             "extend it), or another --log "
                             "(a log's games are scored one way only)")
    before = logged.get("code")
    if isinstance(before, dict):  # a log begun before digests were kept is resumed unchecked
        now = wanted.get("code", {})
        changed = [f"{spec} ({what})" for spec in sorted({*now, *before}) if before.get(spec) != now.get(spec)
                   and (what := _what_changed(spec, before.get(spec), now.get(spec), wanted["game"])) is not None]
        if changed:
            raise InvalidOptions(f"{path} was begun by other code of {'; '.join(changed)}: its games there are the "
                                 "old code's; give another --log to play it afresh")


def _what_changed(spec: str, before: Any, now: Any, game_id: str) -> str | None:
    """Which of an entrant's files changed between a log's header and now, in words; None if
    none did (a log of the single digest of earlier versions is checked against that)."""
    if isinstance(before, str):
        return None if before == code_digest(Entrant.given(spec).spec, game_id) else "its files have changed since"
    before = before if isinstance(before, dict) else {}
    now = now if isinstance(now, dict) else {}
    parts = [f"{', '.join(names)} {verb}" for verb, names in (
        ("changed", [name for name in now if name in before and before[name] != now[name]]),
        ("new", [name for name in now if name not in before]),
        ("gone", [name for name in before if name not in now])) if names]
    return "; ".join(parts) or None


def _logged_game(path: Path, number: int, line: str) -> tuple[Played, int | None]:
    """A game's line: the game, and its place in the schedule when it was logged ahead of its turn."""
    try:
        data = json.loads(line)
        ahead = data.get("ahead")
        if ahead is not None and not (isinstance(ahead, int) and not isinstance(ahead, bool) and ahead >= 0):
            raise ValueError(f"its place ahead, {json.dumps(ahead)}, is not a whole number from 0")
        return Played.from_json(data), ahead
    except KeyError as error:
        reason = f"it has no {error.args[0]!r}"
    except (ValueError, TypeError, AttributeError) as error:
        reason = str(error) or type(error).__name__
    raise InvalidOptions(f"{path}, line {number}, is not a game of a tournament log ({reason}): "
                         "mend or delete that line and those after it (they are played again), or give another --log")


# ----------------------------------------------------------------- playing
class Runner:
    """Plays a list of scheduled games and yields them in order.

    ``given`` holds the games yielded so far; after an interrupt, ``kept`` tells which of the
    games not yet yielded are nevertheless played (their chunk done), so that they are kept."""

    def __init__(self, game: Game, backend: str = "serial", workers: int | None = None,
                 address: str | None = None, external_seconds: float = EXTERNAL_TIMEOUT,
                 forfeit: bool = False, specs: dict[str, str] | None = None) -> None:
        check_backend(backend, workers, address)
        self.game = game
        # The bot each entrant the seats name plays with, where they differ (NAME=SPEC).
        self.specs = specs or {}
        self.forfeit = forfeit
        self.backend = backend
        self.workers = workers
        self.address = address
        self.programs: dict[tuple[str, int], ExternalProgram] = {}  # (entrant's name, which of its seats in a game)
        self.external_seconds = external_seconds
        self.given: list[Played] = []
        self.farm: Farm | None = None
        # The games to play in order, in parts: a chunk sent to the farm (its handle), or games of
        # an external program played here (no handle); and each game's place in the schedule.
        self.parts: list[tuple[tuple[str, ...], tuple[int, ...], Any]] = []
        self.places: list[int] = []
        self.first = 0  # the place of the first game given to ``play``
        self.known: dict[int, Played] = {}  # games given to ``play`` played already, by place
        self.complete = False

    def play(self, games: Sequence[Scheduled], first: int = 0,
             known: dict[int, Played] | None = None) -> Iterator[Played]:
        """The games of ``games`` in order: those ``known`` (by their place in the schedule,
        ``games`` starting at place ``first``) as they are, the others played. What is known is
        kept from the call on (``kept``), before the first game is asked for."""
        self.first, self.known = first, dict(known or {})
        self.places = [place for place in range(first, first + len(games)) if place not in self.known]
        return self._in_order([games[place - first] for place in self.places], first + len(games))

    def _in_order(self, games: list[Scheduled], end: int) -> Iterator[Played]:
        played = self._play(games)
        place = self.first
        for next_played in self.places:
            while place < next_played:
                yield self._give(self.known[place])
                place += 1
            yield self._give(next(played))
            place += 1
        while place < end:
            yield self._give(self.known[place])
            place += 1
        self.complete = True

    def _play(self, games: list[Scheduled]) -> Iterator[Played]:
        # Games of one lineup in a row make a batch of seeds.
        batches = [(seats, tuple(scheduled.seed for scheduled in batch))
                   for seats, batch in itertools.groupby(games, key=lambda scheduled: scheduled.seats)]
        if self.backend == "serial":
            for seats, seeds in batches:
                for seed in seeds:
                    yield self.play_one(seed, seats)
            return
        # Every batch without an external program is sent off at once to one pool (or Ray) for
        # the whole run, and the results are taken back in the schedule's order; games of
        # external programs are played here meanwhile.
        count = self.workers or default_workers()
        planned: list[tuple[tuple[str, ...], tuple[int, ...], Chunk | None]] = []
        for seats, seeds in batches:
            specs = self.specs_of(seats)
            if any(spec.startswith("exec:") for spec in specs):
                planned.append((seats, seeds, None))
            else:
                template = Chunk(self.game.id, self.game.players, dict(self.game.options), specs, (), False,
                                 forfeit=self.forfeit)
                planned.extend((seats, chunk.seeds, chunk) for chunk in chunks_of(template, seeds, count))
        farm = self.farm = Farm(self.backend, self.workers, self.address,
                                sum(1 for *_, chunk in planned if chunk is not None))
        self.parts = [(seats, seeds, None if chunk is None else farm.submit(chunk)) for seats, seeds, chunk in planned]
        for seats, seeds, handle in self.parts:
            if handle is None:
                for seed in seeds:
                    yield self.play_one(seed, seats)
            else:
                for result, _ in farm.result(handle):
                    yield Played.of(result, seats)

    def _give(self, played: Played) -> Played:
        self.given.append(played)
        return played

    def kept(self, start: int) -> Finished:
        """After a stop, the games to keep from the ``start``-th on (counted in the list ``play``
        was given): in order, those yielded and then those played (or known) as far as they follow
        on; and ahead of their turn, by their place in the schedule, those played further on."""
        finished = dict(self.known)
        first = 0  # the first game of each part, counted among the games played
        for seats, seeds, handle in self.parts:
            if handle is not None and self.farm is not None and self.farm.ready(handle):
                for place, (result, _) in zip(self.places[first:], self.farm.result(handle), strict=False):
                    finished[place] = Played.of(result, seats)
            first += len(seeds)
        kept = Finished(self.given[start:], {})
        place = self.first + len(self.given)  # the first game not yielded
        while place in finished:
            kept.games.append(finished.pop(place))
            place += 1
        kept.ahead.update((later, played) for later, played in sorted(finished.items()) if later > place)
        return kept

    def specs_of(self, seats: tuple[str, ...]) -> tuple[str, ...]:
        """The bots the entrants at ``seats`` play with: what a failure says, to play it again."""
        return tuple(self.specs.get(name, name) for name in seats)

    def play_one(self, seed: int, seats: tuple[str, ...]) -> Played:
        bots: list[Bot] = []
        specs = self.specs_of(seats)
        try:
            for seat, (name, spec) in enumerate(zip(seats, specs, strict=True)):
                try:
                    bots.append(self.make(spec, seed, seat, seats[:seat].count(name), name))
                except QuarkadeError as error:
                    if not self.forfeit:
                        raise
                    raise unmade(spec, seat, seed, error) from None
            state = play_match(self.game, bots, seed, names=specs)
        except BotFailure as failure:
            if not self.forfeit or failure.seat is None:
                raise
            return self._forfeited(seed, seats, bots, failure)
        for bot in bots:
            if isinstance(bot, ExternalBot):
                bot.program.send({"type": "over", "scores": list(state.scores), "winners": list(state.winners)})
        return Played(seed, seats, state.scores, state.winners, state.steps)

    def _forfeited(self, seed: int, seats: tuple[str, ...], bots: list[Bot], failure: BotFailure) -> Played:
        """The game the bot at the failure's seat forfeited. An external program that failed is
        ended (it may be stuck, or out of step), and a new one plays its next game; the others
        are told the game is over, as after any game, with the seat that forfeited."""
        seat = failure.seat
        assert seat is not None
        scores, winners = forfeit_result(self.game, seat)
        # ``bots`` holds the seats made before a seat that could not be made (``unmade``).
        for at, bot in enumerate(bots):
            if not isinstance(bot, ExternalBot):
                continue
            if at == seat:
                key = next(key for key, program in self.programs.items() if program is bot.program)
                self.programs.pop(key).close(at_once=True)
            else:
                bot.program.send({"type": "over", "scores": list(scores), "winners": list(winners),
                                  "forfeited": [seat]})
        return Played(seed, seats, scores, winners, failure.steps, (seat,), str(failure))

    def make(self, spec: str, seed: int, seat: int, again: int = 0, name: str | None = None) -> Bot:
        """The bot of ``spec`` at ``seat``; ``again``, how many seats before this one the same
        entrant (``name``, by default ``spec``) fills in the game (an external program's other
        processes play those; two entrants of one program each have their own)."""
        if spec.startswith("exec:"):
            key = (spec if name is None else name, again)
            if key not in self.programs:
                self.programs[key] = ExternalProgram(spec, self.external_seconds)
            program = self.programs[key]
            # No seed: the deal's seed would tell the program every shuffle of the game.
            try:
                program.send({"type": "game", "game": self.game.id, "players": self.game.players,
                              "options": dict(self.game.options), "seat": seat})
            except BotSpecError:
                # It stopped after its last game: under --forfeit a new one plays the next game.
                self.programs.pop(key).close(at_once=True)
                raise
            return ExternalBot(self.game, program)
        return make_bot(spec, self.game, bot_seed(seed, seat))

    def stop(self) -> None:
        """End the backend's work at once: cancel what has not started, end the workers."""
        if self.farm is not None:
            self.farm.stop()

    def close(self) -> None:
        if self.farm is not None:
            if not self.complete:
                self.farm.stop()
            self.farm.close()
            self.farm = None
        for program in self.programs.values():
            program.close()
        self.programs.clear()


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
            # the winners first, then by score; a game forfeited last of all
            keys = [(2 if game.forfeited else 0 if game.winners else 1, -game.scores[0]) for game in games]
            order = sorted(set(keys))
            deals.append((seed, [(game.seats[0], order.index(key)) for game, key in zip(games, keys, strict=True)]))
        return deals

    def forfeits(self) -> dict[str, list[Played]]:
        """By entrant, the games it forfeited by failing (``--forfeit``), in order."""
        lost: dict[str, list[Played]] = {}
        for game in self.games:
            for seat in game.forfeited:
                lost.setdefault(game.seats[seat], []).append(game)
        return lost

    def games_won(self) -> dict[str, int]:
        """By entrant, the games a seat of it won (a cooperative table's win counts once)."""
        won: dict[str, int] = {}
        for game in self.games:
            for entrant in {game.seats[seat] for seat in game.winners}:
                won[entrant] = won.get(entrant, 0) + 1
        return won

    def ratings(self) -> list[Rating]:
        return openskill_table(self.finishes())

    def strengths(self) -> list[Strength]:
        seeds = [game.seed for game in self.games] if not self.settings.by_deal else [
            seed for seed, _ in self._deals()]
        return bradley_terry_table(self.finishes(), groups=seeds)

    def to_json(self) -> dict[str, Any]:
        return {**self.settings.header()["tournament"], "played": len(self.games), "resumed": self.resumed,
                "forfeits": {entrant: len(games) for entrant, games in self.forfeits().items()},
                "openskill": [rating.to_json() for rating in self.ratings()],
                "bradley_terry": [strength.to_json() for strength in self.strengths()]}


class TournamentInterrupted(Interrupted):
    """A tournament stopped by an interrupt, with the games played by then (``result``)."""

    def __init__(self, result: TournamentResult, total: int) -> None:
        super().__init__(len(result.games), total)
        self.result = result


def check_entrants(game: Game, specs: Sequence[str]) -> list[Entrant]:
    """The entrants ``specs`` give, checked before any game: known, distinct and enough to fill
    the seats."""
    entrants = [Entrant.given(spec) for spec in specs]
    names = [entrant.name for entrant in entrants]
    if len(set(names)) != len(names):
        twice = sorted({name for name in names if names.count(name) > 1})
        raise BotSpecError(f"each bot enters once: {', '.join(twice)} given twice (to enter one bot twice, "
                           "name each entry: a=heuristic,b=heuristic)")
    if len(specs) < game.players and not game.info.cooperative:
        raise BotSpecError(f"{game.id} with {game.players} players needs at least {game.players} bots, "
                           f"not {len(specs)}")
    for entrant in entrants:
        check_entrant(entrant, game)
    return entrants


def on_the_clock(game: Game, specs: Sequence[str]) -> list[str]:
    """The entrants that search on a time budget (``mcts`` without ``iterations``, or with a
    ``wall`` cap; the ``hard`` and ``expert`` levels): how far a search gets depends on the
    machine and its load, so their games are not played again alike from the same seeds.

    >>> import quarkade
    >>> on_the_clock(quarkade.load("qwarks", players=2), ["random", "mcts", "mcts:iterations=50,seconds=60"])
    ['mcts']
    """
    from quarkade.agents.search import search_of

    clocked = []
    for given in specs:
        try:
            entrant = Entrant.given(given)
        except InvalidOptions:
            continue  # refused before any game, with its reason, by ``check_entrants``
        if entrant.external:
            continue  # an external program keeps its own counsel
        bot = search_of(entrant.spec, game)
        if bot is not None and (not bot.iterations or bot.wall):
            clocked.append(entrant.name)
    return clocked


@batch_collector()
def run_tournament(game: Game, specs: Sequence[str], deals: int, seed: int = 0, log: Path | None = None,
                   backend: str = "serial", workers: int | None = None, address: str | None = None,
                   on_game: Callable[[Played], None] | None = None,
                   on_start: Callable[[int, int, frozenset[int]], None] | None = None,
                   external_seconds: float = EXTERNAL_TIMEOUT, seating: str = "rotations",
                   forfeit: bool = False, on_grow: Callable[[int, int], None] | None = None) -> TournamentResult:
    """Play (or resume) a tournament; ``on_start(total, logged, ahead)`` comes before any game
    (``logged`` games read back from the log in order, and the places of those it holds ahead of
    their turn, which ``on_game`` is given again when their turn comes, as it is every game in order).
    A log of fewer deals than ``deals`` holds the same tournament cut shorter: it is extended
    (``on_grow(deals_before, deals)`` first), its games kept and the new deals played after them.
    A bot that fails (raises, chooses what is not legal, an external program's fault) stops it
    with ``BotFailure``; with ``forfeit`` it loses that game (``forfeit_result``) and the
    tournament goes on.

    An interrupt (Ctrl-C) stops the games at once and raises ``Interrupted``: every game
    finished by then is in the log (``_keep_finished``), and a run on the same log plays the rest."""
    if deals < 1:
        raise InvalidOptions(f"a tournament plays at least one deal (--games), not {deals}")
    entrants = check_entrants(game, specs)
    code = {given: files for given, entrant in zip(specs, entrants, strict=True)
            if (files := code_files(entrant.spec, game.id)) is not None}
    settings = Settings(game.id, game.players, dict(game.options), tuple(specs), deals, seed,
                        game.info.cooperative, code, seating, forfeit)
    grown_from = None
    if log is not None:
        settings, grown_from = grow(log, settings)
    names = [entrant.name for entrant in entrants]
    planned = schedule(names, game.players, deals, seed, game.info.cooperative, seating, settings.grown)
    logged = read_log(log, settings) if log is not None else None
    done = logged.games if logged is not None else []
    ahead = logged.ahead if logged is not None else {}
    for position, played in [*enumerate(done), *ahead.items()]:
        if position >= len(planned) or (played.seed, played.seats) != (planned[position].seed,
                                                                         planned[position].seats):
            raise InvalidOptions(f"{log} does not follow this tournament's order at game {position + 1}")
    result = TournamentResult(settings, list(done), len(done))
    if on_grow is not None and grown_from is not None:
        on_grow(grown_from, deals)
    if on_start is not None:
        on_start(len(planned), len(done), frozenset(ahead))
    runner = Runner(game, backend, workers, address, external_seconds, forfeit,
                    {entrant.name: entrant.spec for entrant in entrants if entrant.name != entrant.spec})
    # The games a stopped run finished ahead of their turn are taken back (the runner keeps them
    # from here on) and logged again in their turn: the log is written in the schedule's order.
    games = runner.play(planned[len(done):], len(done), ahead)
    handle: IO[str] | None = None
    try:
        if log is not None:
            if logged is not None and logged.ahead:
                _cut(log, logged.in_order_end)
            handle = log.open("a", encoding="utf-8")
            if logged is None:
                _write(handle, settings.header())
        for played in games:
            if handle is not None:
                _write(handle, played.to_json())
            result.games.append(played)
            if on_game is not None:
                on_game(played)
    except (KeyboardInterrupt, BotSpecError, BotFailure) as stop:
        # Stopped by an interrupt or by an entrant that failed: the games finished by then are
        # kept, those the backend played ahead of their turn too.
        runner.stop()
        if handle is not None and log is not None:
            handle.close()
            handle = None
            result.games = _keep_finished(log, settings, runner, len(done))
        if isinstance(stop, KeyboardInterrupt):
            raise TournamentInterrupted(result, len(planned)) from None
        raise
    finally:
        runner.close()
        if handle is not None:
            handle.close()
    return result


def _write(handle: IO[str], line: dict[str, Any]) -> None:
    handle.write(json.dumps(line) + "\n")
    handle.flush()


def _keep_finished(log: Path, settings: Settings, runner: Runner, resumed: int) -> list[Played]:
    """After an interrupt, the games finished but not yet logged are logged: in order as far as
    they follow on, then those further on, each with its place (``"ahead"``), which the next run
    on the log takes back and does not play again. The games the log holds in order then. The log
    is read again first: the interrupt may have cut its last line short, or come between a game's
    line and its counting."""
    on_file = read_log(log, settings)
    if on_file is None:  # stopped before its header was written: no game was played
        return []
    if on_file.ahead:  # stopped before they were taken off the log: the runner holds them
        _cut(log, on_file.in_order_end)
    kept = runner.kept(max(0, len(on_file.games) - resumed))
    with log.open("a", encoding="utf-8") as handle:
        for played in kept.games:
            _write(handle, played.to_json())
        for place, played in kept.ahead.items():
            _write(handle, {**played.to_json(), "ahead": place})
    return on_file.games + kept.games

