"""Research environments: PettingZoo, Gymnasium and OpenSpiel views of every Quarkade game.

Needs the optional extra ``rl`` (``pip install quarkade[rl]``); OpenSpiel comes with ``bench``.
Each entry point imports its framework only when called.

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
    from quarkade.rl.pettingzoo_env import QuarkadeAECEnv


def pettingzoo_env(game_id: str, players: int | None = None, **options: Any) -> QuarkadeAECEnv:
    """A PettingZoo AEC environment of ``game_id``; ``render_mode`` is taken apart from options."""
    from quarkade.rl.pettingzoo_env import QuarkadeAECEnv

    render_mode = options.pop("render_mode", None)
    return QuarkadeAECEnv(quarkade.load(game_id, players=players, **options), render_mode=render_mode)


__all__ = ["pettingzoo_env"]
