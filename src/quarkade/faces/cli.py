"""The ``quarkade`` command: list, read, play, simulate, replay and benchmark the games.

Every command reads its input from stdin and writes to stdout, so the whole face can be
driven by a script or a test. Bad input exits with status 2 and a sentence saying why.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import secrets
import sys
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from quarkade.agents.base import Bot, any_bot_kinds, bot_kinds, make_bot
from quarkade.core.errors import IllegalAction, InvalidNotation, QuarkadeError
from quarkade.core.game import Action, Game, GameInfo, OptionSpec, Record, State
from quarkade.core.registry import configure, game_class, list_games
from quarkade.core.words import game_text, option_text, plural, wrap
from quarkade.faces.countdown import (
    REACTION_FLOOR_MS,
    TimedStep,
    keyboard,
    menu_lines,
    read_line_within,
    timed_choice,
    timed_menu,
    timed_step,
)
from quarkade.faces.report_command import report_command
from quarkade.faces.terminal import format_value, play_help, render_actions, render_listed, render_view, result_words
from quarkade.tools.replay import Replay, log_text, new_log_entries, read_record_json, walk

# The command-line library's base of its usage errors (its own copy of click's, in newer releases).
UsageErrors: type[Exception] = next(cls for cls in typer.BadParameter.__mro__ if cls.__name__ == "ClickException")


class Commands(typer.core.TyperGroup):
    """The command group, whose mistyped words (a value that is not a number, an option that
    does not exist) are said in one line, as every other bad input is (the library boxes them
    in a panel, under the usage), with the status 2."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            status = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except UsageErrors as error:
            if type(error).__name__ != "NoArgsIsHelpError":  # else the help is printed already
                errors.print(usage_words(error), style="red", markup=False, soft_wrap=True)
            sys.exit(getattr(error, "exit_code", BAD_INPUT))
        except typer.Abort:
            errors.print("Aborted.", style="red")
            sys.exit(1)
        sys.exit(status if isinstance(status, int) else 0)


def _bare_flags() -> None:
    """Help panels write a flag bare (``--json``), as the library's plain help does: its panels
    (typer 0.29) wrote every flag's type after it (``--json <bool>``, ``--help <bool>``), as if
    the flag took a value."""
    option: Any = getattr(typer.core, "TyperOption", None)
    written = getattr(option, "display_type_rich", None)
    if written is None or getattr(written, "bare_flags", False):
        return  # a release without it, or already done

    def display_type_rich(self: Any, ctx: Any) -> str | None:
        return None if self.is_flag or self.count else written(self, ctx=ctx)

    display_type_rich.bare_flags = True  # type: ignore[attr-defined]
    option.display_type_rich = display_type_rich


_bare_flags()


def usage_words(error: Exception) -> str:
    """A mistyped command line's error in one line: the command, what is wrong, where help is.

    >>> usage_words(typer.BadParameter("'abc' is not a whole number"))
    "Invalid value: 'abc' is not a whole number"
    """
    ctx = getattr(error, "ctx", None)
    message = str(error.format_message()).rstrip(".")  # type: ignore[attr-defined]
    if ctx is None:
        return message
    return f"{ctx.command_path}: {message} (see {ctx.command_path} --help)"


app = typer.Typer(
    cls=Commands,
    help="Quarkade: play, simulate, replay and benchmark tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Help paragraphs are reflowed to the terminal's width (a docstring's line breaks are not kept).
    rich_markup_mode="markdown",
)
app.command("report")(report_command)
# Both consoles look up sys.stdout / sys.stderr when they write, so a test runner that
# swaps the streams sees everything.
console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)

HUMAN = "human"
BAD_INPUT = 2
INTERRUPTED = 130  # a shell's status for a command stopped by Ctrl-C

OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE", help="A game option (repeatable).", show_default=False),
]
SeatsOption = Annotated[
    str | None,
    typer.Option(metavar="KINDS", help="One kind a seat, comma-separated, e.g. human,normal,expert "
                                       "(`quarkade bots GAME` lists a game's bots).", show_default=False),
]
PlayersOption = Annotated[
    int | None,
    typer.Option(help="Number of players; by default, as many as --seats names.", show_default=False),
]


def progress_bar(*more: ProgressColumn) -> Progress:
    """A long run's progress on stderr (games done, time left, and ``more``), gone when done;
    none where stderr is no terminal (a log file, a pipe), which it would only clutter."""
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    *more, console=errors, transient=True, disable=not errors.is_terminal)


def fail(message: str, code: int = BAD_INPUT) -> NoReturn:
    errors.print(message, style="red", markup=False, soft_wrap=True)
    raise typer.Exit(code)


def check_out(path: Path | None, writes: str) -> None:
    """Refuse an ``--out`` file that holds something its command did not write (a tournament's
    log, a report, records), before any game: it would be written over. ``writes`` is
    ``"records"`` or ``"report"``; a file of the same kind, or an empty one, is written over."""
    if path is None or not path.is_file():
        return
    try:
        with path.open("rb") as held:
            head = held.read(4096).decode("utf-8", "replace").lstrip()
    except OSError:
        return  # said when it is written
    if not head:
        return
    # Known by how each begins (a record's first line may be longer than what is read).
    if head[:15].lower().startswith(("<!doctype html", "<html")):
        held_kind = "report"
    elif head.startswith('{"tournament":'):
        held_kind = "a tournament's log"
    elif head.startswith('{"game":'):
        held_kind = "records"
    else:
        held_kind = "a file of something else"
    if held_kind != writes:
        said = {"report": "a report", "records": "games' records"}.get(held_kind, held_kind)
        fail(f"{path} holds {said}, which this command would write over: give another --out, or remove it first")


# ----------------------------------------------------------------- parsing
_TRUE = {"true", "yes", "1", "on"}
_FALSE = {"false", "no", "0", "off"}


def parse_options(info: GameInfo, pairs: list[str] | None) -> dict[str, Any]:
    """``key=value`` texts to typed option values, by the kinds the game declares.
    Unknown names pass through as text, so that ``load`` names the game's options."""
    specs = {spec.name: spec for spec in info.options}
    options: dict[str, Any] = {}
    for pair in pairs or []:
        name, equals, text = pair.partition("=")
        name, text = name.strip().replace("-", "_"), text.strip()
        if not equals or not name:
            fail(f"write options as key=value, not {pair!r}")
        if name in options:  # the last would win unseen
            fail(f"option {name!r} is given twice")
        spec = specs.get(name)
        if spec is None or spec.kind is str:
            options[name] = text
        elif spec.kind is bool:
            if text.lower() not in _TRUE | _FALSE:
                fail(f"option {name!r} of {info.id} is true or false, not {text!r}")
            options[name] = text.lower() in _TRUE
        elif spec.kind in (int, float):
            try:
                options[name] = spec.kind(text)
            except ValueError:
                what = "a whole number" if spec.kind is int else "a number"
                fail(f"option {name!r} of {info.id} is {what}, not {text!r}")
        else:
            options[name] = text
    return options


def load_game(game_id: str, players: int | None, pairs: list[str] | None) -> Game:
    try:
        info = game_class(game_id).info
        return configure(game_id, players, parse_options(info, pairs))
    except QuarkadeError as error:
        fail(str(error))


def split_commas(text: str) -> list[str]:
    """``text`` split at its commas, but for those within quotes (an ``exec:`` command's own
    arguments, quoted as a shell would: ``exec:python bot.py --layers '64,64',random``).

    >>> split_commas("exec:python bot.py --layers '64,64',random")
    ["exec:python bot.py --layers '64,64'", 'random']
    >>> split_commas('a,"b,c",d')
    ['a', '"b,c"', 'd']

    A quotation left open raises ``ValueError``.
    """
    parts, start, quote = [], 0, ""
    for at, character in enumerate(text):
        if quote:
            quote = "" if character == quote else quote
        elif character in "'\"":
            quote = character
        elif character == ",":
            parts.append(text[start:at])
            start = at + 1
    if quote:
        raise ValueError(f"its quotation {quote} is not closed")
    parts.append(text[start:])
    return parts


def parse_seats(text: str, option: str = "--seats") -> list[str]:
    """The kinds a comma-separated list names. A bot's further settings share the commas:
    ``mcts:seconds=1,depth=6,heuristic`` is two kinds; a comma within quotes does not part
    kinds (an ``exec:`` command's arguments). A kind's name is read in any case; what follows
    its colon is kept as written (a class's name, a file's path). A tournament's entrant may
    be given a name of its own, kept as written (``NAME=KIND``): after settings, ``b=heuristic``
    is such an entrant when ``heuristic`` is a bot kind, and a setting otherwise."""
    try:
        parts = split_commas(text)
    except ValueError as error:
        fail(f"{option} cannot be read: {error} ({text!r})")
    seats: list[str] = []
    for part in (kind.strip() for kind in parts):
        head, colon, rest = part.partition(":")
        named, equals, kind = head.partition("=") if "=" in head else ("", "", head)
        if equals and not colon and seats and ":" in seats[-1] and kind.strip().lower() not in any_bot_kinds():
            seats[-1] += f",{part}"
        else:
            seats.append(named + equals + kind.lower() + colon + rest)
    if not all(seats):
        what = ("of bots, each entering once, e.g. heuristic,random,mcts" if option == "--bots"
                else "of kinds, one a seat, e.g. human,random")
        fail(f"{option} is a comma-separated list {what}; not {text!r}")
    return seats


def seat_kinds(seats_text: str | None, players: int | None, game_id: str, first: str, others: str) -> list[str]:
    """The kind of every seat. Without --seats, ``first`` at seat 0 and ``others`` at the
    rest, for as many seats as --players asks (or the game's usual number)."""
    if seats_text is None:
        try:
            info = game_class(game_id).info
        except QuarkadeError as error:
            fail(str(error))
        count = players if players is not None else info.default_players or info.min_players
        return [first, *[others] * (count - 1)][:count]
    seats = parse_seats(seats_text)
    if players is not None and players != len(seats):
        fail(f"--seats names {plural(len(seats), 'seat')} but --players asks for {players}: name one kind a seat")
    return seats


def make_seat_bots(game: Game, seats: list[str], seed: int) -> dict[int, Bot]:
    """A bot for every seat that is not a human; each draws from its own generator."""
    bots = {}
    for seat, kind in enumerate(seats):
        if kind == HUMAN:
            continue
        try:
            bots[seat] = make_bot(kind, game, seed * 1_000 + seat)
        except QuarkadeError as error:
            kinds = ", ".join([HUMAN, *bot_kinds(game.id)])
            fail(f"seat {seat} cannot be {kind!r}: {error}. Seats are one of: {kinds}")
    return bots


def optional_module(name: str, what: str) -> ModuleType:
    """Import a part of Quarkade that may not be installed, or exit saying so."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and (name == error.name or name.startswith(error.name + ".")):
            fail(f"{what} is not part of this Quarkade installation ({name} is missing)")
        fail(f"{what} cannot start: {error}")


# ----------------------------------------------------------------- games and rules
@app.command()
def games(game: Annotated[str | None, typer.Argument(help="A game id: its options, each told in words.",
                                                     show_default=False)] = None) -> None:
    """List the games, then their options; with a game's id, that game's options in words."""
    if game is not None:
        try:
            info = game_class(game).info
        except QuarkadeError as error:
            fail(str(error))
        console.print(f"{info.title} ({info.id}), {info.min_players}-{info.max_players} players. Options, as "
                      "--option KEY=VALUE:" if info.options else f"{info.title} has no options.", markup=False)
        for spec in info.options:
            default = option_text(spec.default)
            console.print(f"\n  {spec.name}: {option_takes(spec)}; {default} by default", markup=False)
            console.print("\n".join(wrap(f"    {spec.help}", "    ")), markup=False)
        return
    listed = sorted(list_games(), key=lambda info: info.id)
    # Two tables, so that each fits 80 columns with no name cut short: an option's name is as
    # long as a game's id, and four columns of them and the bots left each too narrow.
    table = Table(title="Quarkade games", title_justify="left")
    for column in ("id", "title", "players", "bots"):
        table.add_column(column, no_wrap=column == "id", overflow="fold")
    for info in listed:
        players = str(info.min_players) if info.min_players == info.max_players else \
            f"{info.min_players}-{info.max_players}"
        table.add_row(info.id, info.title, players, ", ".join(bot_kinds(info.id)))
    console.print(table)
    options = Table(title="Options: --option KEY=VALUE (* a variant of the rulebook)",
                    title_justify="left", box=box.SIMPLE_HEAD)
    for column in ("game", "option", "takes", "default"):
        options.add_column(column, overflow="fold")
    for info in listed:
        marked = {variant.replace("-", "_") for variant in info.variants}
        for number, spec in enumerate(info.options):
            only = f" ({' or '.join(map(str, spec.players))} players only)" if spec.players else ""
            default = option_text(spec.default)
            options.add_row(info.id if number == 0 else "", spec.name + ("*" if spec.name in marked else ""),
                            option_takes(spec), default + only)
        if not info.options:
            options.add_row(info.id, "—", "", "")
    console.print(options)
    console.print("`quarkade games GAME` tells a game's options in words.", markup=False)


def option_takes(spec: OptionSpec) -> str:
    """What an option's value may be, as ``--option`` writes it.

    >>> option_takes(OptionSpec("deck", str, "eon", "", choices=("eon", "quarks")))
    'one of eon, quarks'
    >>> option_takes(OptionSpec("turn_limit", int, 400, "", minimum=1))
    'a whole number, 1 or more'
    """
    if spec.choices:
        return "one of " + ", ".join(map(str, spec.choices))
    if spec.kind is bool:
        return "true or false"
    if spec.kind is int:
        bounds = (f"{spec.minimum} to {spec.maximum}" if spec.minimum is not None and spec.maximum is not None
                  else f"{spec.minimum} or more" if spec.minimum is not None
                  else f"{spec.maximum} or less" if spec.maximum is not None else "")
        return "a whole number" + (f", {bounds}" if bounds else "")
    return "a number" if spec.kind is float else "text"


def _game_file(game_id: str, name: str) -> str | None:
    """A text file that ships beside a game's rules module, or None."""
    module = sys.modules[game_class(game_id).__module__]
    package = module.__package__ or module.__name__
    resource = resources.files(package).joinpath(name)
    return resource.read_text(encoding="utf-8") if resource.is_file() else None


@app.command()
def rules(game: Annotated[str, typer.Argument(help="A game id, e.g. quirky-quarks.")]) -> None:
    """Print a game's rulebook and the rulings that settle its gaps."""
    try:
        info = game_class(game).info
        rulebook = _game_file(game, "RULEBOOK.txt")
        rulings = _game_file(game, "RULINGS.md")
    except QuarkadeError as error:
        fail(str(error))
    if rulebook is None:
        console.print(f"The rulebook of {info.title} is not included in this installation.")
    else:
        # Plain text, so that rich reads none of it as markup.
        console.print(rulebook, markup=False, emoji=False)
    console.rule("Rulings")
    if rulings is None:
        console.print(f"No rulings have been recorded for {info.title} yet.")
    else:
        console.print(Markdown(rulings))


# ----------------------------------------------------------------- play
def ask(prompt: str) -> str | None:
    """One line from stdin, or None when the input has ended."""
    console.print(prompt, end="", markup=False)
    try:
        return keyboard().line()
    except EOFError:
        console.print()  # the prompt's line ends here: what is said next starts a line of its own
        return None


def print_log(lines: list[Any] | tuple[str, ...], fallback: str | None = None,
              view: dict[str, Any] | None = None) -> None:
    """New log entries, one a line; under an entry, what it made public that its line does not
    tell, as the game's ``event_details`` reads it off ``view``, the view after the entries."""
    details = game_text(str(view.get("game", "")), "event_details") if view is not None else None
    for entry in lines or ([fallback] if fallback else []):
        console.print(f"  {log_text(entry)}", markup=False)
        told = details(entry, view) if details is not None and isinstance(entry, dict) else None
        if told:
            console.print("\n".join(wrap(f"    {told}", "    ")), markup=False)


class Quit(Exception):
    """The player left the game, or the input ended."""


def prompt_command(text: str, help_text: Callable[[], str], redraw: Callable[[], None]) -> bool:
    """The words every prompt of a game knows besides its actions: ``quit`` (or ``exit``)
    raises ``Quit``; ``help`` (or ``?``) and ``view`` print the help or the table again. True
    when ``text`` was one of them."""
    command = text.lower()
    if command in ("quit", "exit"):
        raise Quit
    if command in ("help", "?"):
        console.print(help_text(), markup=False)
        return True
    if command == "view":
        redraw()
        return True
    return False


def race_turn(game: Game, state: State, seat: int, step: TimedStep) -> Action:
    """The seat's action in a race against the clock (countdown.py). What was typed before the
    race's cards were drawn is dropped; help and view work as at any prompt, the clock running
    on; the end of the input (Ctrl-D) leaves the game."""
    menu = timed_menu(game, state, seat, step)

    def redraw() -> None:
        console.print(render_view(state.view(seat).to_json()))
        for line in menu_lines(menu):
            console.print(line, markup=False)

    def help_text() -> str:
        return play_help([words for words, _ in menu], game.id, timed=True)

    typed = keyboard()

    def read_line(seconds: float) -> str | None:
        return read_line_within(seconds, f"seat {seat}> ", typed)

    def say(text: str) -> None:
        console.print(text, markup=False)

    try:
        return timed_choice(game, state, seat, step, read_line, say, opening=typed.discard,
                            aside=lambda text: prompt_command(text, help_text, redraw),
                            floor_ms=REACTION_FLOOR_MS if typed.fd is not None else 0)
    except EOFError:
        raise Quit from None


def human_turn(game: Game, state: State, seat: int) -> None:
    """Let a human at ``seat`` choose until an action is legal, and apply it."""
    console.print(render_view(state.view(seat).to_json()))
    step = timed_step(state)
    # a race: the time is measured (countdown.py); a step that is no race (a deal) is untimed
    # here, as the hot seat passes between players
    if step is not None and seat in step.seats and getattr(step, "race", True) is not False:
        state.apply(seat, race_turn(game, state, seat, step))
        if sys.stdout.isatty():  # the answer comes from memory, not from the screen above
            console.clear()
            sys.stdout.write("\x1b[3J")  # nor from the terminal's scrollback (where it keeps one)
            sys.stdout.flush()
        return
    legal = state.legal_actions(seat)
    console.print(render_actions(legal))

    def redraw() -> None:
        console.print(render_view(state.view(seat).to_json()))
        console.print(render_actions(legal))

    while True:
        text = ask(f"seat {seat}> ")
        if text is None:
            raise Quit
        if not text or prompt_command(text, lambda: play_help(legal, game.id), redraw):
            continue
        if text.lower() == "list" or text.lower().startswith("list "):
            console.print(render_listed(legal, text[4:].strip()))
            continue
        action: Action
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(legal):
                console.print(f"Choose a number from 1 to {len(legal)}.", style="red")
                continue
            action = legal[number - 1]
        else:
            try:
                action = game.parse_action(state, seat, text)
            except InvalidNotation as error:
                console.print(Text.assemble(("Not understood: ", "red"), str(error)))
                console.print("Type 'help' for how to play a turn.", style="dim")
                continue
        try:
            state.apply(seat, action)
        except IllegalAction as error:
            console.print(Text.assemble(("Illegal: ", "red"), str(error)))
            continue
        return


def offer_optional(game: Game, state: State, humans: list[int], watcher: int | None,
                   declined: set[int] | None = None) -> None:
    """Before the next move, ask each human seat the game is not waiting for whether it takes
    an action it may take at any moment (``State.optional_actions``: Quirky Circuits' stop and
    beep for a player who is done); an empty line goes on, and ``n`` asks that seat no more
    until it has moved again (``declined`` holds those seats)."""
    declined = set() if declined is None else declined
    for seat in humans:
        if seat in state.to_act or seat in declined:
            continue
        while optional := state.optional_actions(seat):
            said = " or ".join(f"{number} {action}" for number, action in enumerate(optional, 1))
            text = ask(f"seat {seat} may {said} now (Enter to go on, n: not until your move)> ")
            if text is None or text.lower() in ("quit", "exit"):
                raise Quit
            if not text:
                break
            if text.lower() in ("n", "no"):
                declined.add(seat)
                break
            before = state.view(watcher).to_json().get("log", [])
            try:
                if text.isdigit() and 1 <= int(text) <= len(optional):
                    state.apply(seat, optional[int(text) - 1])
                else:
                    state.apply(seat, game.parse_action(state, seat, text))
            except (InvalidNotation, IllegalAction) as error:
                console.print(Text.assemble(("Not taken: ", "red"), str(error)))
                continue
            print_log(new_log_entries(before, state.view(watcher).to_json().get("log", [])))


def hand_over(seat: int) -> None:
    """Hide the last player's hand before the next one sits down. At a keyboard, what the last
    player typed ahead is dropped first: it is theirs, and would pass this screen unseen (an
    Enter too many) or be played as the next player's move. ``quit`` leaves here as anywhere."""
    console.clear()
    typed = keyboard()
    if typed.isatty():
        typed.discard()
    text = ask(f"Pass the screen to seat {seat}, then press Enter. ")
    if text is None or text.lower() in ("quit", "exit"):
        raise Quit


def print_result(state: State, seats: list[str] | None = None) -> None:
    """Scores and winners; ``seats`` names who played each seat, when known. A game of one
    seat is won or lost: it says which, with its score, and no table of one row."""
    # why, in the game's words; seats numbered from 0, as the terminal's prompts and log lines do
    labels = [f"Seat {seat}" + (f" ({seats[seat]})" if seats else "") for seat in range(len(state.scores))]
    if len(state.scores) == 1:
        won = 0 in state.winners
        console.print(f"{labels[0]}: {'won' if won else 'lost'}, with a score of {format_value(state.scores[0])}.",
                      style="bold green" if won else "bold", markup=False)
        console.print(result_words(state.view(None).to_json(), labels), markup=False)
        return
    table = Table(title="Final scores", title_justify="left")
    for column in ("seat", *(["player"] if seats else []), "score", ""):
        table.add_column(column)
    for seat, score in enumerate(state.scores):
        player = [seats[seat]] if seats else []
        table.add_row(str(seat), *player, format_value(score), "winner" if seat in state.winners else "")
    console.print(table)
    names = ", ".join(f"seat {seat}" + (f" ({seats[seat]})" if seats else "") for seat in state.winners)
    if not state.winners:
        console.print("No one wins.")
    else:
        console.print(f"Winner{'s' if len(state.winners) > 1 else ''}: {names}", style="bold green")
    console.print(result_words(state.view(None).to_json(), labels), markup=False)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="A game id, e.g. quirky-quarks.")],
    seats: SeatsOption = None,
    players: PlayersOption = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the game; a random one by default.",
                                             show_default=False)] = None,
    option: OptionList = None,
    record: Annotated[Path | None, typer.Option(
        help="Write the game's record (JSON) here at the end, also of a game left unfinished.",
        show_default=False)] = None,
) -> None:
    """Play in the terminal, against bots or hot-seat with friends.

    Several humans share one screen: it is cleared between them so hands stay hidden.
    """
    try:
        best_bot = "heuristic" if "heuristic" in bot_kinds(game_class(game).info.id) else "random"
    except QuarkadeError as error:
        fail(str(error))
    kinds = seat_kinds(seats, players, game, HUMAN, best_bot)
    the_game = load_game(game, len(kinds), option)
    if seed is None:
        seed = secrets.randbelow(2**31)
    bots = make_seat_bots(the_game, kinds, seed)
    humans = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
    # Others' moves are told as the only human sees them; with several humans, as a
    # spectator does, for the screen is shared.
    audience = humans[0] if len(humans) == 1 else None
    console.print(f"{the_game.info.title}, {plural(len(kinds), 'player')}, seed {seed}: "
                  + ", ".join(f"seat {seat} {kind}" for seat, kind in enumerate(kinds)), style="bold")
    state = the_game.new_game(seed)
    last_human: int | None = None
    declined: set[int] = set()  # seats that asked not to be offered optional actions until they move
    try:
        while not state.is_over:
            seat = state.to_act[0]  # a sealed step takes its seats one at a time
            bot = bots.get(seat)
            if bot is not None:
                offer_optional(the_game, state, humans, audience, declined)
                if state.is_over or seat not in state.to_act:
                    continue
            watcher = audience if bot is not None else seat
            before = state.view(watcher).to_json().get("log", [])
            if bot is None:
                if len(humans) > 1 and last_human is not None and seat != last_human:
                    hand_over(seat)
                    offer_optional(the_game, state, humans, audience, declined)  # the screen shows no hand
                last_human = seat
                declined.discard(seat)
                human_turn(the_game, state, seat)
            else:
                state.apply(seat, bot.choose(state.view(seat), state.legal_actions(seat)))
            after = state.view(watcher).to_json()
            print_log(new_log_entries(before, after.get("log", [])), f"Seat {seat} has made a choice.", after)
    except (Quit, KeyboardInterrupt) as stop:
        # Ctrl-C leaves as quit does, the shell told by the status that it was interrupted.
        if isinstance(stop, KeyboardInterrupt):
            console.print()  # after the prompt, and the ^C the terminal echoed
        console.print(f"Game left unfinished after {plural(state.steps, 'action')} (seed {seed}).")
        write_record(record, state)
        if isinstance(stop, KeyboardInterrupt):
            raise typer.Exit(INTERRUPTED) from None
        return
    console.print(render_view(state.view(None).to_json()))
    print_result(state, kinds)
    write_record(record, state)


def write_record(path: Path | None, state: State) -> None:
    """Write the game's record to ``path`` (if one was given) and say where; an unfinished
    game's too, which ``quarkade replay`` steps through to where it was left."""
    if path is None:
        return
    try:
        path.write_text(json.dumps(state.record().to_json()) + "\n", encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror}; the record was not written")
    unfinished = "" if state.is_over else " of the unfinished game"
    console.print(f"Record{unfinished} written to {path}.", markup=False, soft_wrap=True)  # a path unbroken


# ----------------------------------------------------------------- replay
def replay_help(actions: int) -> str:
    """The replay's keys, in one line."""
    return f"Enter or n: next   b: back   0 to {actions}: go to that action   v: view   q: quit"


def print_step(walked: Replay, position: int) -> None:
    if position == 0:
        console.print(f"Start of the game ({len(walked.steps)} actions).", style="bold")
        return
    step = walked.steps[position - 1]
    # A choice that told the viewer nothing (a sealed one) stays hidden until its reveal.
    shown = bool(step.log) or step.seat == walked.viewer
    notation = step.notation if shown else "(a hidden choice)"
    console.print(f"{step.number}/{len(walked.steps)}  seat {step.seat}: {notation}", style="bold", markup=False)
    print_log(step.log)


def view_at(walked: Replay, position: int) -> dict[str, Any]:
    return walked.steps[position - 1].view if position else walked.start


def print_end(walked: Replay) -> None:
    """The table at the end of the record, and the result if the game was finished."""
    console.print(render_view(walked.final.view(walked.viewer).to_json()))
    if walked.final.is_over:
        print_result(walked.final)
    else:
        console.print(f"The record ends here: the game was left unfinished after "
                      f"{plural(len(walked.steps), 'action')}.", style="bold")


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A record: JSON, or JSON Lines from 'quarkade simulate --out'.")],
    game_index: Annotated[int, typer.Option(help="Which record of a JSON Lines file, 0 for the first.")] = 0,
    seat: Annotated[int | None, typer.Option(help="Watch as this seat; a spectator by default.",
                                             show_default=False)] = None,
    show_all: Annotated[bool, typer.Option("--all", help="Print every action without stopping.")] = False,
) -> None:
    """Step through a recorded game."""
    try:
        read = read_record_json(file, game_index)
        walked = walk(Record.from_json(read), seat)
    except QuarkadeError as error:
        fail(str(error))
    record = walked.record
    console.print(f"{record.game}, {plural(record.players, 'player')}, seed {record.seed}, "
                  f"{plural(len(walked.steps), 'action')}, "
                  + ("as a spectator" if seat is None else f"as seat {seat}"), style="bold")
    bots = read.get("bots") if isinstance(read, dict) else None
    if isinstance(bots, list) and len(bots) == record.players:  # a simulation's record names its bots
        console.print("Bots: " + ", ".join(f"seat {number} {bot}" for number, bot in enumerate(bots)), markup=False)
    if show_all:
        for position in range(1, len(walked.steps) + 1):
            print_step(walked, position)
        print_end(walked)
        return
    count = len(walked.steps)
    console.print(replay_help(count), style="dim")
    position = 0
    print_step(walked, position)
    while True:
        command = ask("replay> ")
        if command is None or command.lower() in ("q", "quit"):
            return
        command = command.lower()
        if command in ("", "n"):
            if position == count:
                print_end(walked)
                return
            position += 1
        elif command == "b":
            position = max(0, position - 1)
        elif re.fullmatch(r"[+-]?[0-9]+", command):
            if not 0 <= int(command) <= count:
                console.print(f"There is no action {command}: there are {plural(count, 'action')}; give 0 to "
                              f"{count} (0 for the start).", style="red", markup=False)
                continue
            position = int(command)
        elif command == "v":
            console.print(render_view(view_at(walked, position)))
            continue
        else:
            console.print(f"Not understood: {command!r}.", style="red", markup=False)
            console.print(replay_help(count), style="dim")
            continue
        print_step(walked, position)


# ----------------------------------------------------------------- serve
@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(help="Database file for accounts, tables and records.",
                                           show_default=False)] = None,
    public_url: Annotated[str | None, typer.Option(
        help="The address people reach the server at (links start with it; browsers' requests must come "
             "from it).", show_default=False)] = None,
    trust_proxy: Annotated[str | None, typer.Option(
        help="Comma-separated addresses of reverse proxies whose X-Forwarded-For is believed.",
        show_default=False)] = None,
    allowed_hosts: Annotated[str | None, typer.Option(
        help="Comma-separated host names the server answers to, besides IP addresses, localhost, this "
             "machine's names and the public URL's (requests for other names are refused).",
        show_default=False)] = None,
    abandon_after: Annotated[float, typer.Option(
        help="Hours without a move or a visitor after which an unfinished table expires.")] = 48.0,
    takeover_after: Annotated[float, typer.Option(
        help="Seconds a player's seat may have no connection before a bot plays it.")] = 90.0,
) -> None:
    """Run the web app."""
    if abandon_after <= 0:
        fail(f"--abandon-after is a positive number of hours, not {abandon_after}")
    if takeover_after <= 0:
        fail(f"--takeover-after is a positive number of seconds, not {takeover_after}")
    server = optional_module("quarkade.faces.web.server", "the web server")
    server.serve(host=host, port=port, db=db, public_url=public_url, trust_proxy=trust_proxy,
                 allowed_hosts=server.host_list(allowed_hosts),
                 limits=server.Limits(abandon_after=abandon_after * 3600.0, takeover_after=takeover_after))


# Commands kept in their own modules add themselves to ``app`` when imported.
from quarkade.faces import bench_cli, bots_cli, simulate_cli, tournament_cli  # noqa: E402,F401


def main() -> None:
    # A bot given as module:Class is looked for in the current directory too, as ``python -m``
    # would (after the installed modules, which a file here cannot shadow).
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    app()
