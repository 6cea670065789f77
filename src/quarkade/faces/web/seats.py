"""Who sits where, as the tables tell it: seat tokens and invitation codes, and the names
people see for each seat.

A token or a code is compared in constant time (``same_secret``), so how long a wrong guess
takes to be refused tells nothing of the right one.
"""

from __future__ import annotations

import secrets

HUMAN = "human"  # the kind of a seat a person holds


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_table_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


def same_secret(a: str | None, b: str | None) -> bool:
    """Whether a token or code given (``a``) is the one held (``b``), compared in constant time."""
    # Bytes, not text: compare_digest refuses text that is not ASCII, and a link may carry any.
    return a is not None and b is not None and secrets.compare_digest(
        a.encode("utf-8", "surrogatepass"), b.encode("utf-8", "surrogatepass"))


def seat_name(seat: int, kind: str, name: str | None, seats: list[str] | None = None) -> str:
    """What people see for a seat: its player's name, the bot's level (with the seat's
    number when ``seats`` holds several bots of that level), or its number counted from 1
    (the API counts seats from 0).

    >>> seat_name(0, "human", "Ada"), seat_name(1, "heuristic", None), seat_name(2, "human", None)
    ('Ada', 'Bot (heuristic)', 'Seat 3')
    >>> seat_name(2, "random", None, ["human", "random", "random"])
    'Bot 3 (random)'
    """
    if kind != HUMAN:
        return f"Bot {seat + 1} ({kind})" if seats is not None and seats.count(kind) > 1 else f"Bot ({kind})"
    return name or f"Seat {seat + 1}"
