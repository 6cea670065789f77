"""The ``quarkade bots`` command: a game's bots, the levels people play first, each in the words
the web lobby shows."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from quarkade.agents.base import bot_about, bot_kinds, offered_bots
from quarkade.core.errors import QuarkadeError
from quarkade.core.registry import game_class
from quarkade.faces.cli import app, console, fail


@app.command()
def bots(game: Annotated[str, typer.Argument(help="A game id, e.g. quirky-quarks.")]) -> None:
    """List a game's bots, the levels people play first.

    The levels come weakest first, then the kinds they are made of; each is a seat's kind in
    play, simulate and tournament."""
    try:
        info = game_class(game).info
    except QuarkadeError as error:
        fail(str(error))
    offered = offered_bots(info.id)
    about = bot_about(info.id)
    table = Table(title=f"Bots of {info.title}", title_justify="left")
    table.add_column("kind", no_wrap=True)
    table.add_column("what it is like")
    for kind in [*offered, *(kind for kind in bot_kinds(info.id) if kind not in offered)]:
        table.add_row(kind, about.get(kind, ""), end_section=kind == offered[-1] if offered else False)
    console.print(table)
    console.print("A kind may carry settings after a colon (mcts:seconds=2); a seat may also be a bot class of "
                  "your own, package.module:Class (docs/bots.md).", style="dim")
