"""The base of every game's actions, in a module of its own: it stays Python where the engine is
compiled (docs/compiled.md), so that games' actions, frozen dataclasses with slots, may subclass it."""


class Action:
    """Base of every game's actions: frozen, hashable, and ``str(action)`` is its notation."""

    __slots__ = ()
