"""What the web face refuses or fails at, raised by the hall and its tables alike."""

from __future__ import annotations

from typing import Any


class HallError(Exception):
    """A request the hall refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, reason: str, **extra: Any) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.extra = extra  # more fields of the answer, for clients to act on


class SaveFailed(Exception):
    """The store could not commit an action; the table is as it was before it."""


__all__ = ["HallError", "SaveFailed"]
