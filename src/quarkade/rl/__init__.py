"""Research environments: PettingZoo, Gymnasium and OpenSpiel views of every Quarkade game.

Needs the optional extra ``rl`` (``pip install quarkade[rl]``), which brings OpenSpiel and Ray too.
Each entry point imports its framework only when called; the modules are ``aec`` (PettingZoo),
``single_agent`` (Gymnasium) and ``spiel`` (OpenSpiel), shared encodings in ``encoding``.

>>> from quarkade.rl import pettingzoo_env
>>> env = pettingzoo_env("quirkling", players=2)
>>> env.reset(seed=1)
>>> env.agent_selection
'player_0'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import quarkade

if TYPE_CHECKING:
    from quarkade.rl.aec import QuarkadeAECEnv
    from quarkade.rl.single_agent import QuarkadeGymEnv


def pettingzoo_env(game_id: str, players: int | None = None, **options: Any) -> QuarkadeAECEnv:
    """A PettingZoo AEC environment of ``game_id``; ``render_mode`` is taken apart from options."""
    from quarkade.rl.aec import QuarkadeAECEnv

    render_mode = options.pop("render_mode", None)
    return QuarkadeAECEnv(quarkade.load(game_id, players=players, **options), render_mode=render_mode)


def gymnasium_env(game_id: str, players: int | None = None, seat: int = 0, opponents: str = "heuristic",
                  **options: Any) -> QuarkadeGymEnv:
    """A Gymnasium environment where the agent plays ``seat`` and bots of kind ``opponents``
    (``random``, ``heuristic``, ``mcts``, …) play the other seats."""
    from quarkade.rl.single_agent import QuarkadeGymEnv

    return QuarkadeGymEnv(quarkade.load(game_id, players=players, **options), seat=seat, opponents=opponents)


def openspiel_game(game_id: str, players: int | None = None, **options: Any) -> Any:
    """A ``pyspiel.Game`` of ``game_id`` (a Python game registered with OpenSpiel)."""
    from quarkade.rl.spiel import load_game

    return load_game(quarkade.load(game_id, players=players, **options))


__all__ = ["gymnasium_env", "openspiel_game", "pettingzoo_env"]
