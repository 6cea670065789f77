"""Research environments: PettingZoo, Gymnasium and OpenSpiel views of every Quarkade game.

Needs the optional extra ``rl`` (``pip install quarkade[rl]``), which brings OpenSpiel and Ray too.
The modules are ``aec`` (PettingZoo), ``single_agent`` (Gymnasium) and ``spiel`` (OpenSpiel),
shared encodings in ``encoding``. PettingZoo is imported when an environment is first made;
Gymnasium and OpenSpiel, when installed, at import: importing ``quarkade.rl`` registers every
game with both (by its declared facts only, no game set up), so
``gymnasium.make("quarkade/<id>-v0", …)`` (``registration``) and
``pyspiel.load_game("quarkade_<id>", …)`` work from then on (the id's hyphens as underscores:
``quarkade_quirky_quarks``).

Every entry point takes ``observation_size`` (the length of an observation vector, the seat's
one-hot included; 512 by default) and ``vocabulary_playouts`` (how many seeded random games build
the action ids' vocabulary; 8 by default); the other keywords are the game's options.

>>> from quarkade.rl import pettingzoo_env
>>> env = pettingzoo_env("quirkling", players=2)
>>> env.reset(seed=1)
>>> env.agent_selection
'player_0'
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import quarkade
from quarkade.rl.encoding import OBSERVATION_SIZE, VOCABULARY_PLAYOUTS

if TYPE_CHECKING:
    from quarkade.rl.aec import QuarkadeAECEnv
    from quarkade.rl.single_agent import QuarkadeGymEnv


def pettingzoo_env(game_id: str, players: int | None = None, *, render_mode: str | None = None,
                   observation_size: int = OBSERVATION_SIZE, vocabulary_playouts: int = VOCABULARY_PLAYOUTS,
                   **options: Any) -> QuarkadeAECEnv:
    """A PettingZoo AEC environment of ``game_id`` (``render_mode="ansi"``: the spectator's view
    as text)."""
    from quarkade.rl.aec import QuarkadeAECEnv

    return QuarkadeAECEnv(quarkade.load(game_id, players=players, **options), render_mode=render_mode,
                          observation_size=observation_size, vocabulary_playouts=vocabulary_playouts)


def gymnasium_env(game_id: str, players: int | None = None, seat: int = 0,
                  opponents: str | Sequence[str] = "heuristic", *,
                  render_mode: str | None = None, observation_size: int = OBSERVATION_SIZE,
                  vocabulary_playouts: int = VOCABULARY_PLAYOUTS, illegal: Literal["raise", "penalty"] = "raise",
                  **options: Any) -> QuarkadeGymEnv:
    """A Gymnasium environment where the agent plays ``seat`` and bots of kind ``opponents``
    (``random``, ``heuristic``, ``mcts``, …) play the other seats, or a list of kinds, one for
    each other seat in seat order; ``illegal="penalty"`` ends the
    episode on an action id outside the mask instead of raising (``render_mode="ansi"``: the
    seat's view as text). ``gymnasium.make("quarkade/<game_id>-v0", …)`` makes it too, with the
    same keywords, inside Gymnasium's wrappers."""
    from quarkade.rl.single_agent import QuarkadeGymEnv

    return QuarkadeGymEnv(quarkade.load(game_id, players=players, **options), seat=seat, opponents=opponents,
                          render_mode=render_mode, observation_size=observation_size,
                          vocabulary_playouts=vocabulary_playouts, illegal=illegal)


def openspiel_game(game_id: str, players: int | None = None, *, deals: int = 1024,
                   observation_size: int = OBSERVATION_SIZE, vocabulary_playouts: int = VOCABULARY_PLAYOUTS,
                   **options: Any) -> Any:
    """A ``pyspiel.Game`` of ``game_id`` (a Python game registered with OpenSpiel as
    ``quarkade_<id>``, the id's hyphens as underscores), the game's options given as keywords,
    whose chance node chooses the game's seed among ``deals`` equally likely ones, the seeds 0 to
    ``deals - 1`` (``deals`` from 1 to 65,536; ``InvalidOptions`` otherwise)."""
    from quarkade.rl.spiel import load_game

    return load_game(quarkade.load(game_id, players=players, **options), observation_size=observation_size,
                     vocabulary_playouts=vocabulary_playouts, deals=deals)


if importlib.util.find_spec("gymnasium") is not None:
    # Gymnasium 1.x reads no plugin entry points: the games are registered here, by id only.
    from quarkade.rl.registration import register_gymnasium_envs

    register_gymnasium_envs()

if importlib.util.find_spec("pyspiel") is not None:
    # The OpenSpiel module registers every game as it is imported, from their declared facts only.
    importlib.import_module("quarkade.rl.spiel")

__all__ = ["gymnasium_env", "openspiel_game", "pettingzoo_env"]
