"""Builds Quarkade, compiling the games' engines, views and heuristic bots with mypyc.

The compiled modules are the same Python, type-checked and turned into C by mypyc (mypy's
compiler): no rule is written twice. Where they cannot be compiled (no C compiler, or
QUARKADE_COMPILE=0), Quarkade is installed as Python and runs the same games, slower.
QUARKADE_COMPILE=require makes a failed compilation fail the install (CI uses it).
docs/compiled.md says what is compiled, why, and how to work on compiled modules.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "src"

# What is compiled: the game contract every game's classes derive from, and each game's engine,
# views and heuristic bot (the search, the faces and the actions' classes stay Python).
# Each module must type-check as mypyc sees it (docs/compiled.md lists what it refuses).
COMPILED = [
    "quarkade/core/game.py",
    "quarkade/core/chance.py",
    "quarkade/core/log.py",
    "quarkade/core/memo.py",
    "quarkade/games/quirks/family.py",
    "quarkade/games/quirks/rules.py",
    "quarkade/games/quirks/legality.py",
    "quarkade/games/quirks/moves.py",
    "quarkade/games/quirks/board.py",
    "quarkade/games/quirks/components.py",
    "quarkade/games/quirks/competition.py",
    "quarkade/games/quirks/ending.py",
    "quarkade/games/quirks/views.py",
    "quarkade/games/quirks/text.py",
    "quarkade/games/quirks/evaluation.py",
    "quarkade/games/quirks/bot/evolution.py",
    "quarkade/games/quirks/bot/seen.py",
    "quarkade/games/quirks/bot/table.py",
    "quarkade/games/quirks/sampling.py",
    "quarkade/games/quirks/solitaire.py",
    "quarkade/games/quirks/solitaire_views.py",
    "quarkade/games/quirks/bot/solitaire.py",
    "quarkade/games/quirks/bot/solitaire_group.py",
    "quarkade/games/quirks/quirkling.py",
    "quarkade/games/quirks/bot/quirkling.py",
    "quarkade/games/quirky_quarks/rules.py",
    "quarkade/games/quirky_quarks/views.py",
    "quarkade/games/quirky_quarks/bot.py",
    "quarkade/games/quirky_quarks/components.py",
    "quarkade/games/quirky_quarks/moves.py",
    "quarkade/games/quirky_quarks/quests.py",
    "quarkade/games/quirky_quarks/sampling.py",
    "quarkade/games/quirky_quarks/text.py",
    "quarkade/games/quirky_circuits/rules.py",
    "quarkade/games/quirky_circuits/views.py",
    "quarkade/games/quirky_circuits/bot.py",
    "quarkade/games/quirky_circuits/components.py",
    "quarkade/games/quirky_circuits/navigator.py",
    "quarkade/games/quirky_circuits/robot.py",
    "quarkade/games/quirky_circuits/sampling.py",
    "quarkade/games/quirky_circuits/text.py",
    "quarkade/games/qwarks/rules.py",
    "quarkade/games/qwarks/views.py",
    "quarkade/games/qwarks/bot.py",
    "quarkade/games/qwarks/components.py",
    "quarkade/games/qwarks/sampling.py",
    "quarkade/games/qwarks/text.py",
    "quarkade/games/qwarks/timing.py",
    "quarkade/games/cosmic_encounter/components.py",
    "quarkade/games/cosmic_encounter/timing.py",
    "quarkade/games/cosmic_encounter/setup_phases.py",
    "quarkade/games/cosmic_encounter/placements.py",
    "quarkade/games/cosmic_encounter/cards.py",
    "quarkade/games/cosmic_encounter/edicts.py",
    "quarkade/games/cosmic_encounter/rules.py",
    "quarkade/games/cosmic_encounter/moves.py",
    "quarkade/games/cosmic_encounter/views.py",
    "quarkade/games/cosmic_encounter/bot.py",
    "quarkade/games/cosmic_encounter/sampling.py",
]
# The manifest beside the package: each compiled module's source digest, so that a source
# changed after the build runs as Python rather than as its stale compiled form.
MANIFEST = "quarkade/compiled.json"
# The C library the compiled modules share (a top-level module: mypyc takes no dotted name here).
GROUP = "quarkade_native"


def _mode() -> str:
    mode = os.environ.get("QUARKADE_COMPILE", "1").strip().lower()
    if mode not in {"0", "1", "require"}:
        sys.exit(f"QUARKADE_COMPILE is {mode!r}: it is 0 (install as Python), 1 (compile where possible) or require")
    return mode


def _say(message: str) -> None:
    print(f"quarkade: {message}", file=sys.stderr)


def _extensions(mode: str) -> list[Any]:
    if mode == "0":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        if mode == "require":
            raise
        _say("mypyc is not installed: Quarkade is installed as Python")
        return []
    # The sources' digests as mypyc reads them: a file saved during the build is then found stale.
    DIGESTS.update(_digests())
    try:
        return list(mypycify(
            ["--ignore-missing-imports", "--no-warn-unused-ignores", *(f"src/{path}" for path in COMPILED)],
            # (no debugging symbols: they took a sixth of the C compiler's time, and change no speed)
            opt_level="3", debug_level="0", group_name=GROUP, multi_file=True, target_dir="build/mypyc",
        ))
    except (Exception, SystemExit) as error:
        if mode == "require":
            raise
        _say(f"mypyc could not compile the engine ({error}): Quarkade is installed as Python")
        return []


DIGESTS: dict[str, str] = {}


def _digests() -> dict[str, str]:
    return {
        path[:-3].replace("/", "."): hashlib.sha256((SOURCE / path).read_bytes()).hexdigest()
        for path in COMPILED
    }


class BuildCompiled(build_ext):
    """Builds the compiled modules all or none: a C compiler's failure leaves a Python install
    (unless QUARKADE_COMPILE=require), never some modules compiled and others missing their library."""

    def run(self) -> None:
        if not self.extensions:
            return
        inplace = self.inplace  # (setuptools clears it while it builds, and not when that fails)
        if not inplace:
            # A wheel takes the whole build folder: no library of an earlier build may be left in it.
            built = Path(self.build_lib)
            for stale in [*built.glob(GROUP + "__mypyc.*.so"), *(built / "quarkade").rglob("*.so")]:
                stale.unlink()
            (built / MANIFEST).unlink(missing_ok=True)
        try:
            super().run()
        except Exception as error:
            if _mode() == "require":
                raise
            _say(f"the compiled engine could not be built ({error}): Quarkade is installed as Python")
            for path in self.get_outputs():
                Path(path).unlink(missing_ok=True)
            if inplace:
                _forget_earlier_build()
            return
        if inplace:
            _forget_earlier_build(keep=frozenset(COMPILED))
        target = SOURCE if inplace else Path(self.build_lib)
        (target / MANIFEST).write_text(json.dumps(DIGESTS or _digests(), indent=1) + "\n")

    def build_extension(self, ext: Any) -> None:
        """The extension's C files compiled side by side, one compiler process a core: the shared
        library is most of the build's time, and setuptools compiles one extension's files one
        after the other."""
        compile_files = self.compiler.compile
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1

        def compile_side_by_side(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            if cores < 2 or len(sources) < 2:
                return list(compile_files(sources, *args, **kwargs))
            with ThreadPoolExecutor(cores) as pool:
                # (each a compiler process: the threads only wait; the objects in the files' order)
                parts = pool.map(lambda source: compile_files([source], *args, **kwargs), sources)
                return [built for part in parts for built in part]

        self.compiler.compile = compile_side_by_side
        try:
            super().build_extension(ext)
        finally:
            del self.compiler.compile  # the class's own again

    def get_outputs(self) -> list[str]:
        outputs = list(super().get_outputs())
        if self.extensions and not self.inplace:
            outputs.append(str(Path(self.build_lib) / MANIFEST))
        return outputs


def _forget_earlier_build(keep: frozenset[str] = frozenset()) -> None:
    """Remove what an earlier build compiled in place (an editable install), but the modules in
    ``keep``: a library left there would be imported before its source, and a module no longer
    compiled would look for its code in a shared library that no longer has it."""
    if not keep:
        (SOURCE / MANIFEST).unlink(missing_ok=True)
        for built in SOURCE.glob(GROUP + "__mypyc.*.so"):
            built.unlink()
    for built in (SOURCE / "quarkade").rglob("*.so"):
        source = built.with_name(built.name.split(".")[0] + ".py").relative_to(SOURCE).as_posix()
        if source not in keep:
            built.unlink()


# pip runs this file for the metadata too: only a build compiles (mypyc takes a minute or two).
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
EXTENSIONS = _extensions(_mode()) if BUILDS.intersection(sys.argv) else []
if BUILDS.intersection(sys.argv) and not EXTENSIONS:
    _forget_earlier_build()
setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": BuildCompiled})
