"""DESIGN.md's layers: imports point down only. The core imports nothing above it, and a game
package imports the core and itself only (its own bot included)."""

from __future__ import annotations

import ast
from pathlib import Path

import quarkade

PACKAGE = Path(quarkade.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return {name for name in names if name.startswith("quarkade")}


def test_the_core_imports_nothing_above_it() -> None:
    wrong = {
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in (PACKAGE / "core").rglob("*.py")
        for name in imported_modules(path)
        if not name.startswith("quarkade.core")
    }
    assert not wrong, sorted(wrong)


def test_a_game_imports_only_the_core_and_itself() -> None:
    games = [p for p in (PACKAGE / "games").iterdir() if p.is_dir() and (p / "__init__.py").exists()]
    assert len(games) >= 2
    wrong = set()
    for game in games:
        own = f"quarkade.games.{game.name}"
        for path in game.rglob("*.py"):
            for name in imported_modules(path):
                if not (name.startswith("quarkade.core") or name == own or name.startswith(own + ".")):
                    wrong.add(f"{path.relative_to(PACKAGE)} imports {name}")
    assert not wrong, sorted(wrong)
