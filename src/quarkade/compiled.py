"""Whether the engine runs compiled, and that a stale compiled module never runs.

The build compiles the Quirks family's engine with mypyc (``setup.py``, docs/compiled.md) and
writes ``compiled.json`` beside this file: the digest of each compiled module's source. When
Quarkade is imported, the digests are checked. If a source changed after the build (an edit, a
checkout) or ``QUARKADE_PURE`` is set, every compiled module is imported from its Python source
instead of its C library: the same games, slower. A changed source also gets a warning that
says how to rebuild. This module is never compiled itself.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

MANIFEST = Path(__file__).with_name("compiled.json")
_PACKAGE_ROOT = Path(__file__).resolve().parent.parent


class _FromSource(importlib.abc.MetaPathFinder):
    """Finds the listed modules' Python sources, ahead of their compiled libraries."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in self.names:
            return None
        leaf = name.rpartition(".")[2] + ".py"
        for folder in path or sys.path:
            source = Path(folder) / leaf
            if source.is_file():
                return importlib.util.spec_from_file_location(name, source)
        return None


def _source(module: str) -> Path:
    return _PACKAGE_ROOT.joinpath(*module.split(".")).with_suffix(".py")


def _choose() -> tuple[frozenset[str], str]:
    """The compiled modules to import from source instead, and why (empty: none)."""
    try:
        digests: dict[str, str] = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return frozenset(), "Quarkade was installed as Python (no compiled modules)"
    names = frozenset(digests)
    if os.environ.get("QUARKADE_PURE", "").strip() not in {"", "0"}:
        return names, "QUARKADE_PURE is set: the compiled modules run as Python"
    changed = [name for name, digest in sorted(digests.items())
               if not _source(name).is_file()
               or hashlib.sha256(_source(name).read_bytes()).hexdigest() != digest]
    if changed:
        reason = (f"{len(changed)} compiled module{'s' if len(changed) > 1 else ''} changed since the build "
                  f"({', '.join(changed[:3])}{', …' if len(changed) > 3 else ''}): the compiled modules run as "
                  "Python until Quarkade is built again (pip install -e .)")
        warnings.warn(reason, stacklevel=3)
        return names, reason
    return frozenset(), ""


def engine() -> str:
    """How the engine runs: 'compiled (mypyc)', or 'Python' and why."""
    if _REASON:
        return f"Python ({_REASON})"
    game = sys.modules.get("quarkade.core.game")
    if game is None or not (game.__file__ or "").endswith(".py"):
        return "compiled (mypyc)"
    return "Python (the compiled modules were not found)"


_AS_SOURCE, _REASON = _choose()
if _AS_SOURCE:
    sys.meta_path.insert(0, _FromSource(_AS_SOURCE))
