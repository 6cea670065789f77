"""Who sits where, as the tables tell it: seat tokens and invitation codes, and the names
people see for each seat.

A token or a code leaves the server once, in the answer that deals it (``Dealt``); the server
keeps only its digest (``digest_of``), in memory and in the database, so whoever reads the
database or a backup of it holds no seat. A token given is digested and compared with the
digests kept in constant time (``holds``), so how long a wrong guess takes to be refused
tells nothing of the right one. A seat whose token is asked for again (the same browser back at
its used invitation, the host at the next game) gets a new one, which voids the old.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass, field

# What a kept digest starts with: no token, code or id dealt here holds a colon, so a value
# stored before digests were kept (``at_rest``) is told from one stored since.
DIGEST_MARK = "sha256:"


@dataclass
class Dealt:
    """The secrets an answer hands out, the only copies that leave the server: seat tokens by
    seat, the host's token, and invitation codes by seat."""

    tokens: dict[int, str] = field(default_factory=dict)
    host_token: str | None = None
    invitations: dict[int, str] = field(default_factory=dict)

HUMAN = "human"  # the kind of a seat a person holds


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_table_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


def digest_of(secret: str) -> str:
    """What the server keeps of a token or a code.

    >>> digest_of("abc")
    'sha256:ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0'
    """
    raw = hashlib.sha256(secret.encode("utf-8", "surrogatepass")).digest()
    return DIGEST_MARK + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def stored_plain(kept: str | None) -> bool:
    """Whether a kept token or code was stored plain, by a version that kept them so."""
    return kept is not None and not kept.startswith(DIGEST_MARK)


def at_rest(kept: str | None) -> str | None:
    """A kept token or code as a digest: one stored plain is digested as its table is read,
    and the row written again."""
    return digest_of(kept) if kept is not None and stored_plain(kept) else kept


def holds(given: str | None, kept: str | None) -> bool:
    """Whether a token or code given is the one whose digest is ``kept``, in constant time."""
    return given is not None and kept is not None and same_secret(digest_of(given), kept)


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
