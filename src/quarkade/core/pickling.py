"""Pickling (and deep copies) of compiled classes (docs/compiled.md).

Python makes a pickled object again without calling its constructor, then sets its attributes.
A compiled class cannot be made without its constructor's arguments, and a compiled frozen
dataclass refuses to have its fields set. So the dataclasses that compiled states hold are
registered here, to be pickled as the arguments that make them (``copyreg``; ``copy`` reads the
same table), other classes say how to be made again (``__reduce__``) or are compiled as
``serializable`` (made without their constructor, then given their attributes), and ``State``
says its own state (``State.__getstate__``).
"""

from __future__ import annotations

import copyreg
from dataclasses import fields
from typing import Any


def _as_arguments(item: Any) -> tuple[type, tuple[Any, ...]]:
    return type(item), tuple(getattr(item, field.name) for field in fields(item) if field.init)


def picklable(*classes: type) -> None:
    """Pickle and copy these dataclasses as the fields their constructor takes; a field it does
    not take must be made from the others (``__post_init__``)."""
    for cls in classes:
        if any(not field.init for field in fields(cls)) and not hasattr(cls, "__post_init__"):
            raise TypeError(f"{cls.__name__} has a field its constructor does not take nor make")
        copyreg.pickle(cls, _as_arguments)
