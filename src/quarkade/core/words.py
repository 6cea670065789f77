"""A finished game's result in words, from a view: who won and why.

A game says it in its own terms with ``result_text(view, names=None) -> str`` in the
``text`` module of its package; ``result_text`` here finds it, and words any other game's
result from the view's scores and winners. ``names`` holds the players' names by seat; a seat
without one is "Seat 1" for the first seat, as people count.

>>> seat_name(0), seat_name(1, ["Ana", "Bo"])
('Seat 1', 'Bo')
>>> scores_text({"scores": [52, 48, 41], "winners": [0]}, ["Ana", "Bo", "Cy"])
'Ana wins with 52 points (Bo 48, Cy 41).'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from quarkade.core.errors import UnknownGame
from quarkade.core.registry import game_class

ResultText = Callable[..., str]


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    """A seat as people call it: its player's name, or "Seat 1" for the first seat."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return f"Seat {seat + 1}"


def joined(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def a_or_an(word: str) -> str:
    """``word`` with its indefinite article, by its first letter.

    >>> a_or_an("ANIMAL-B"), a_or_an("Electron"), a_or_an("Neutrino")
    ('an ANIMAL-B', 'an Electron', 'a Neutrino')
    """
    return f"{'an' if word[:1].lower() in 'aeiou' and word else 'a'} {word}"


def option_text(value: Any) -> str:
    """An option's value as ``--option`` writes it: true and false in lower case.

    >>> option_text(True), option_text("eon"), option_text(60)
    ('true', 'eon', '60')
    """
    return str(value).lower() if isinstance(value, bool) else str(value)


def figure_words(name: str) -> str:
    """A game's figure (``State.statistics``) named in words for a table.

    >>> figure_words("turn_limit_reached")
    'turn limit reached'
    """
    return name.replace("_", " ")


def plural(count: float, word: str) -> str:
    """``1 point``, ``2 points``."""
    number = int(count) if float(count).is_integer() else count
    return f"{number} {word}" + ("" if number == 1 else "s")


def scores_text(view: dict[str, Any], names: Sequence[str] | None = None, unit: str = "point") -> str:
    """The winners with their score, then the others best first."""
    scores = view.get("scores") or []
    winners = list(view.get("winners") or [])
    if not scores:
        return "The game is over."

    def number(value: float) -> str:
        return str(int(value)) if float(value).is_integer() else str(value)

    order = sorted(range(len(scores)), key=lambda seat: -scores[seat])
    others = ", ".join(f"{seat_name(s, names)} {number(scores[s])}" for s in order if s not in winners)
    rest = f" ({others})" if others else ""
    if not winners:
        return f"Nobody wins{rest}."
    who = joined([seat_name(s, names) for s in winners])
    if len(winners) == 1:
        return f"{who} wins with {plural(scores[winners[0]], unit)}{rest}."
    return f"{who} share the win with {plural(scores[winners[0]], unit)} each{rest}."


@cache
def _text_module(game_id: str) -> Any:
    """The ``text`` module of the game's package, or None when the game has none."""
    try:
        package = game_class(game_id).__module__.rpartition(".")[0]
    except UnknownGame:
        return None
    try:
        return importlib.import_module(f"{package}.text")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.text":
            raise
        return None


def game_text(game_id: str, name: str) -> Callable[..., Any] | None:
    """A function ``name`` of the ``text`` module of the game's package (``result_text``,
    ``render_text``), or None when the game has none."""
    found = getattr(_text_module(game_id), name, None)
    return found if callable(found) else None


def verb_meanings(game_id: str) -> dict[str, str]:
    """What each verb of the game's notation does, in its own words (``VERBS`` in the ``text``
    module of its package), for a player asking for help; empty when the game says none.

    >>> verb_meanings("quirky-circuits")["stop"]
    'hands flat: tell the group to stop playing cards'
    """
    found = getattr(_text_module(game_id), "VERBS", None)
    return dict(found) if isinstance(found, dict) else {}


def wrap(text: str, indent: str = "  ", width: int = 80) -> list[str]:
    """Words over lines of at most ``width`` characters, the later lines indented (the
    terminal's text drawings fit 80 columns).

    >>> wrap("one two three four", "  ", 9)
    ['one two', '  three', '  four']
    """
    lines: list[str] = []
    lead = text[: len(text) - len(text.lstrip())]
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else lead + word
        if len(candidate) > width and line.strip():
            lines.append(line)
            line = indent + word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def result_text(view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """Who won the finished game of ``view`` (a view's JSON) and why, in one or two sentences."""
    if not view.get("is_over", True):
        return "The game is not over."
    words = game_text(str(view.get("game", "")), "result_text")
    if words is not None:
        return str(words(view, names))
    return scores_text(view, names)
