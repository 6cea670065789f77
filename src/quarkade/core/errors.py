"""Typed errors. Each carries a sentence a player understands."""

from __future__ import annotations


class QuarkadeError(ValueError):
    """Base of every error Quarkade raises on bad input."""


class UnknownGame(QuarkadeError):
    """No game is registered under that id."""


class InvalidOptions(QuarkadeError):
    """A game was loaded with an option it does not have, or a bad value."""


class IllegalAction(QuarkadeError):
    """The action breaks a rule; the state is unchanged."""


class InvalidNotation(QuarkadeError):
    """The text is not an action in the game's notation."""


class InvalidRecord(QuarkadeError):
    """A record is malformed, or was written by another rules version."""


class InvalidSeat(QuarkadeError, IndexError):
    """A seat asked about that is not one of the game's (``state.view(7)`` at a 3-player table,
    ``state.legal_actions("0")``). An ``IndexError`` too, as a seat is an index."""
