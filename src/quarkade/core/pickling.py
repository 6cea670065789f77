"""Pickling (and deep copies) of compiled classes (docs/compiled.md).

Python makes a pickled object again without calling its constructor, then sets its attributes.
A compiled class cannot be made without its constructor's arguments, and a compiled frozen
dataclass refuses to have its fields set. So the dataclasses that compiled states hold are
registered here, to be pickled as the arguments that make them (``copyreg``; ``copy`` reads the
same table), other classes say how to be made again (``__reduce__``), and ``State`` says its own
state (``State.__getstate__``).
"""

from __future__ import annotations

import copyreg
from dataclasses import fields
from typing import Any


def _as_arguments(item: Any) -> tuple[type, tuple[Any, ...]]:
    return type(item), tuple(getattr(item, field.name) for field in fields(item))


def picklable(*classes: type) -> None:
    """Pickle and copy these dataclasses as their fields, given to their constructor (each
    field must be an argument of it)."""
    for cls in classes:
        if any(not field.init for field in fields(cls)):
            raise TypeError(f"{cls.__name__} has a field its constructor does not take")
        copyreg.pickle(cls, _as_arguments)
