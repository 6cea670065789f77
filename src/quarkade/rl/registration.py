"""Every Quarkade game registered with Gymnasium as ``quarkade/<game id>-v0``.

``gymnasium.make("quarkade/quirkling-v0", players=3, seat=0, opponents="heuristic", ...)`` then
gives ``gymnasium_env("quirkling", players=3, seat=0, opponents="heuristic", ...)`` inside
Gymnasium's usual wrappers: every keyword of ``gymnasium_env`` and every option of the game passes
through ``make``, and a bad one raises ``InvalidOptions`` saying which and why.

Importing ``quarkade.rl`` calls ``register_gymnasium_envs``. Gymnasium 1.x reads no plugin entry
points (the ``gymnasium.envs`` group of Gym 0.2x is gone), so nothing registers the games when
only Gymnasium is imported; Gymnasium's own ``module:id`` form imports the package first:
``gymnasium.make("quarkade.rl:quarkade/quirkling-v0")``.

No time limit is registered (Quarkade's games end by their own rules); ``make``'s
``max_episode_steps`` adds one, its episodes then ending ``truncated``.

>>> import gymnasium
>>> env = gymnasium.make("quarkade/quirkling-v0", players=2, opponents="random")
>>> env.spec.id, env.unwrapped.game.players
('quarkade/quirkling-v0', 2)
"""

from __future__ import annotations

from gymnasium.envs.registration import register, registry

import quarkade

NAMESPACE = "quarkade"
VERSION = 0
ENTRY_POINT = "quarkade.rl:gymnasium_env"


def gymnasium_id(game_id: str) -> str:
    """The Gymnasium id of a Quarkade game: ``quarkade/<game id>-v0``."""
    return f"{NAMESPACE}/{game_id}-v{VERSION}"


def register_gymnasium_envs() -> None:
    """Register every Quarkade game with Gymnasium, skipping the ids registered already (so a
    second call changes nothing and warns about nothing). Only each game's declared facts are
    read: a game is set up, and its action table built, when ``gymnasium.make`` asks for it."""
    for info in quarkade.list_games():
        env_id = gymnasium_id(info.id)
        if env_id not in registry:
            register(id=env_id, entry_point=ENTRY_POINT, kwargs={"game_id": info.id})
