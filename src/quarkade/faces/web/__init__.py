"""The web face: a FastAPI server with a websocket per seat, and the browser client it
serves (static files, no build step). Start it with ``quarkade serve`` or
``python -m quarkade.faces.web``."""

from __future__ import annotations

from typing import Any

__all__ = ["create_app", "serve"]


def __getattr__(name: str) -> Any:
    # Imported on first use, so that ``python -m quarkade.faces.web.server`` runs cleanly.
    if name in __all__:
        from quarkade.faces.web import server

        return getattr(server, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
