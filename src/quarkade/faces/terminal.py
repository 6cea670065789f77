"""Drawing any game's view in a terminal with rich.

Views are JSON, and every game shapes its own, so the drawing reads only their shape:
scalars make a header, a list of objects (players, accelerators, ...) makes a table,
an object makes a key/value panel, ``hand`` is the viewer's own and ``log`` holds the
latest events. A game that draws its own table instead (a board, say) has a ``text`` module
in its package with ``render_text(view) -> str``; that text is shown in place of the panels.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from quarkade.core.errors import UnknownGame
from quarkade.core.game import Action
from quarkade.core.registry import game_class
from quarkade.core.words import game_text, result_text, verb_meanings
from quarkade.tools.replay import log_text

LOG_LINES = 8
WIDTH = 80  # a terminal's line: every drawing fits it
# Shown elsewhere, or only bookkeeping for programs (the flow's counters, the step's internal
# name, whose turn as seat numbers): a player reads none of them.
_HIDDEN_KEYS = frozenset({"game", "seat", "log", "hand", "flow", "stage", "to_act", "is_over", "scores",
                          "winners", "setup_step", "initiator"})
# Consecutive actions that differ only by a last number (bids) are listed as one range
# from this many on.
_RANGE_FROM = 3


def format_value(value: Any) -> str:
    """A JSON value in a few words: objects read ``key: value``, lists are comma-separated."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dict):
        if not value:
            return "—"
        flat = not any(isinstance(item, (dict, list)) for item in value.values())
        return ("; ", ", ")[flat].join(f"{key}: {format_value(item)}" for key, item in value.items())
    if isinstance(value, list):
        return ", ".join(format_value(item) for item in value) if value else "—"
    return str(value)


def format_hand(hand: Any) -> str:
    """A hand; held as counts by card (``{"up": 2}``), it reads ``up ×2``."""
    if isinstance(hand, dict) and hand and all(type(count) is int for count in hand.values()):
        return ", ".join(card if count == 1 else f"{card} ×{count}" for card, count in hand.items())
    return format_value(hand)


def _title(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _is_table(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)


def _table(key: str, rows: list[dict[str, Any]], viewer: int | None) -> Table:
    columns: list[str] = []
    for row in rows:
        columns.extend(name for name in row if name not in columns)
    table = Table(title=_title(key), box=box.SIMPLE_HEAD, title_justify="left")
    for name in columns:
        table.add_column(_title(name), overflow="fold")
    for row in rows:
        # The viewer's own row stands out in the players' table.
        style = "bold cyan" if viewer is not None and row.get("seat") == viewer else None
        table.add_row(*(format_value(row.get(name)) for name in columns), style=style)
    return table


def _panel(key: str, value: dict[str, Any]) -> Panel:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column(overflow="fold")
    for name, item in value.items():
        grid.add_row(_title(name), format_value(item))
    return Panel(grid, title=_title(key), title_align="left", box=box.ROUNDED, expand=False)


TextDrawing = Callable[[dict[str, Any]], str]


def text_drawing(game_id: str) -> TextDrawing | None:
    """The game's own text drawing: ``render_text`` in the ``text`` module of its package."""
    return game_text(game_id, "render_text")


def _game_title(game_id: str) -> str:
    try:
        return game_class(game_id).info.title
    except UnknownGame:
        return game_id


def render_view(view: dict[str, Any], log_lines: int = LOG_LINES) -> RenderableType:
    """A view as the seat (or spectator) it belongs to may read it."""
    viewer = view.get("seat")
    header = Text()
    header.append(f"{_game_title(str(view.get('game', 'game')))}  ", style="bold magenta")
    header.append("as a spectator" if viewer is None else f"you are seat {viewer}", style="bold")
    parts: list[RenderableType] = []
    drawing = text_drawing(str(view.get("game", "")))
    if drawing is not None:
        # The game's own drawing holds everything but the events; plain text, never markup.
        parts.append(Text(drawing(view)))
        view = {key: value for key, value in view.items() if key in ("log", "game", "seat")}
    panels: list[RenderableType] = []
    for key, value in view.items():
        if key in _HIDDEN_KEYS:
            continue
        if _is_table(value):
            parts.append(_table(key, value, viewer))
        elif isinstance(value, dict):
            panels.append(_panel(key, value))
        elif value is not None:
            header.append(f"   {_title(key)}: ", style="dim")
            header.append(format_value(value))
    if panels:
        parts.append(Columns(panels))
    if "hand" in view:
        parts.append(Panel(format_hand(view["hand"]), title="Your hand", title_align="left",
                           border_style="green", expand=False))
    log = view.get("log") or []
    if log and log_lines > 0:
        parts.append(Panel("\n".join(log_text(entry) for entry in log[-log_lines:]), title="Latest events",
                           title_align="left", border_style="dim"))
    return Group(header, *parts)


# A list longer than this folds each run of at least ``_KIND_FROM`` actions of one kind (the
# same leading words: ``launch``, ``ally offence``) into one entry: Cosmic Encounter offers
# a hundred launches and two hundred alliances at once, which would push the table off screen.
_FOLD_OVER = 40
_KIND_FROM = 8


def action_entries(actions: Sequence[Action | str]) -> list[str]:
    """Legal actions numbered from 1 for a player to pick, runs of numbers folded:
    ``1-9  bid lhc 2 … 10``; in a long list, runs of one kind folded too:
    ``1-125  launch … (125 choices, 'launch 2.0' to 'launch 2.4 2.4')``.

    >>> action_entries(["pass", *(f"launch 0.{n}" for n in range(50))])[:2]
    ['1  pass', "2-51  launch … (50 choices, 'launch 0.0' to 'launch 0.49')"]
    """
    texts = [str(action) for action in actions]
    entries: list[str] = []
    folded = _folded(texts)
    for start, end in _kinds(texts) if folded else [(0, len(texts))]:
        if (start, end) in folded:
            entries.append(f"{start + 1}-{end}  {_kind(texts[start])} … ({end - start} choices, "
                           f"'{texts[start]}' to '{texts[end - 1]}')")
            continue
        for first, run in _runs(texts[start:end]):
            first += start
            if run >= _RANGE_FROM:
                entries.append(_range_entry(texts, first, run))
            else:
                entries.extend(f"{number + 1}  {texts[number]}" for number in range(first, first + run))
    return entries


def _folded(texts: Sequence[str]) -> list[tuple[int, int]]:
    """The runs of one kind a long list folds into a line each (none in a short list)."""
    if len(texts) <= _FOLD_OVER:
        return []
    return [(start, end) for start, end in _kinds(texts) if end - start >= _KIND_FROM]


def _kind(text: str) -> str:
    """An action's kind: its leading words, up to the first that holds a digit or a sign."""
    words = []
    for word in text.split(" "):
        if not word.isalpha():
            break
        words.append(word)
    return " ".join(words) or text


def _kinds(texts: Sequence[str]) -> list[tuple[int, int]]:
    """The texts as runs of consecutive ones of one kind (``_kind``): each run's start and end."""
    spans: list[tuple[int, int]] = []
    start = 0
    for index in range(1, len(texts) + 1):
        if index == len(texts) or _kind(texts[index]) != _kind(texts[start]):
            spans.append((start, index))
            start = index
    return spans


def _range_entry(texts: Sequence[str], start: int, run: int) -> str:
    """A run of ``_runs`` as one entry: ``1-9  bid lhc 2 … 10``."""
    return f"{start + 1}-{start + run}  {texts[start]} … {_split_number(texts[start + run - 1])[1]}"


def _split_number(text: str) -> tuple[str, int | None]:
    prefix, _, last = text.rpartition(" ")
    if prefix and last.isdigit():
        return prefix, int(last)
    return text, None


def _runs(texts: Sequence[str]) -> list[tuple[int, int]]:
    """The texts as runs of consecutive ones that differ only by a last number going up by 1
    (``bid lhc 2``, ``bid lhc 3``, ...): each run's first index and length."""
    runs: list[tuple[int, int]] = []
    start = 0
    while start < len(texts):
        prefix, first = _split_number(texts[start])
        run = 1
        if first is not None:
            while start + run < len(texts) and _split_number(texts[start + run]) == (prefix, first + run):
                run += 1
        runs.append((start, run))
        start += run
    return runs


def render_actions(actions: Sequence[Action | str]) -> RenderableType:
    entries = action_entries(actions)
    texts = [str(action) for action in actions]
    folded = _folded(texts)
    subtitle = None
    if folded:
        kind = _kind(texts[folded[0][0]])
        subtitle = f"a line of many choices: 'list {kind}' numbers them all, or type one in full"
    return Panel(Columns(entries, padding=(0, 3)), title="Your legal actions", title_align="left",
                 border_style="blue", subtitle=subtitle, subtitle_align="left")


def listed_entries(actions: Sequence[Action | str], words: str) -> list[str]:
    """The legal actions whose notation begins with ``words`` (all of them for none), each with
    its number in the whole list, none folded: what ``list WORDS`` shows of a long list.

    >>> listed_entries(["pass", "launch 0.1", "launch 0.2", "launch 1.0"], "launch 0")
    ['2  launch 0.1', '3  launch 0.2']
    """
    words = " ".join(words.split())
    return [f"{number}  {text}" for number, text in enumerate(map(str, actions), start=1) if text.startswith(words)]


def render_listed(actions: Sequence[Action | str], words: str) -> RenderableType:
    entries = listed_entries(actions, words)
    if not entries:
        return Text(f"No legal action begins with '{words}'.", style="red")
    title = f"Your legal actions beginning with '{words}'" if words else "All your legal actions"
    return Panel(Columns(entries, padding=(0, 3)), title=f"{title} ({len(entries)})", title_align="left",
                 border_style="blue")


EXAMPLES_PER_VERB = 2  # legal actions the help shows as examples of a verb


def play_help(actions: Sequence[Action | str], game_id: str, timed: bool = False) -> str:
    """The help of a prompt: how to choose, the words every prompt knows, and the notation of
    the step at hand with its own examples (``step_help``). A range is explained with one the
    list shows, if it shows one. ``timed``: the step is on the clock, which runs on while the
    player reads the help or the table.

    >>> print(play_help(["question eyes", "question sad"], "qwarks"))
    Type the number of an action, or the action itself in the game's notation.
      view   draw the table again
      help   this text
      list WORDS   number every action beginning with WORDS ('list' alone: all)
      quit   leave the game (Ctrl-D does too)
    What you can type now (or the number of an action):
      question   choose the question: question eyes, tentacles, colours, sad or
                 happy
                 e.g. 'question eyes', 'question sad'
    """
    texts = [str(action) for action in actions]
    lines = ["Type the number of an action, or the action itself in the game's notation."]
    folded = [(start, run) for start, run in _runs(texts) if run >= _RANGE_FROM]
    if folded:
        start, run = folded[0]
        lines.append(f"A range such as '{_range_entry(texts, start, run)}' stands for '{texts[start]}' to "
                     f"'{texts[start + run - 1]}'.")
    if timed:
        lines.append("The clock runs on meanwhile: help and view cost race time.")
    lines += ["  view   draw the table again", "  help   this text"]
    if not timed:
        lines.append("  list WORDS   number every action beginning with WORDS ('list' alone: all)")
    lines += ["  quit   leave the game (Ctrl-D does too)", step_help(texts, game_id)]
    return "\n".join(_fit(lines))


def _fit(lines: list[str]) -> list[str]:
    """Lines of 80 columns: a long sentence wrapped, an indented or a multi-line one as it is."""
    fitted: list[str] = []
    for line in lines:
        if "\n" in line or line.startswith(" ") or len(line) <= WIDTH:
            fitted.append(line)
        else:
            fitted.extend(textwrap.wrap(line, WIDTH, break_on_hyphens=False))
    return fitted


def step_help(actions: Sequence[Action | str], game_id: str) -> str:
    """The notation of the current step: each kind of action with what it means in the game
    (its ``VERBS``) and examples taken from the actions legal now.

    >>> from quarkade.games.quirky_quarks.actions import Bid, PASS
    >>> print(step_help([Bid(0, 2), Bid(0, 3), Bid(1, 2), PASS], "quirky-quarks"))
    What you can type now (or the number of an action):
      bid    bid eV for an accelerator's cards: bid ACCELERATOR AMOUNT
             e.g. 'bid kekb 2', 'bid kekb 3'
      pass   let the discovery go to the others
    """
    meanings = verb_meanings(game_id)
    by_verb: dict[str, list[str]] = {}
    for action in actions:
        text = str(action)
        by_verb.setdefault(text.split(" ", 1)[0], []).append(text)
    width = max((len(verb) for verb in by_verb), default=0) + 3
    lines = ["What you can type now (or the number of an action):"]
    for verb, texts in by_verb.items():
        meaning = meanings.get(verb)
        examples = ", ".join(f"'{text}'" for text in texts[:EXAMPLES_PER_VERB])
        indent = " " * (width + 2)
        said = [f"{meaning}"] if meaning is not None else []
        if meaning is None or texts != [verb]:
            said.append(f"e.g. {examples}")
        for number, words in enumerate(said):
            lines.extend(textwrap.wrap(words, WIDTH, initial_indent=f"  {verb:<{width}}" if number == 0 else indent,
                                       subsequent_indent=indent, break_on_hyphens=False))
    return "\n".join(lines)


def result_words(view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """Who won and why, for the end of a game in the terminal."""
    return result_text(view, names)
