"""Every Quarkade game as a PettingZoo AEC environment.

Agents are ``player_0 .. player_{n-1}``, one a seat. The agent to act is the first seat of
``state.to_act`` (the core asks the seats of a sealed simultaneous step one by one, and their
choices stay hidden until all are in, so an AEC turn order is the game's own). An observation
is a dict: ``observation``, the seat's view encoded by ``ViewEncoder`` (its first entries say
which seat observes), and ``action_mask`` over the ids of the game's ``ActionTable``;
``infos[agent]["legal_action_ids"]`` lists the same ids. An id outside the mask raises
``IllegalAction`` saying why, and changes nothing. Rewards come at the end only: each seat's
share of the win.

``reset(seed=n)`` seeds the environment's own generator, which draws each new game's seed (so
the resets that follow, without a seed, play fresh games); a first reset without a seed seeds it
from the operating system, as Gymnasium's environments do. ``reset(options={"game_seed": n})``
plays the game of seed ``n`` itself, as ``quarkade.load(...).new_game(n)`` would. The game's seed
is in every agent's ``infos`` after a reset (``"game_seed"``). The game's state is
``env.game_state`` (``env.state()`` is PettingZoo's global state, which these environments do
not give: each seat observes its own view).
"""

from __future__ import annotations

import io
import secrets
import warnings
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from quarkade.core.chance import Chance
from quarkade.core.errors import IllegalAction, InvalidOptions
from quarkade.core.game import Action, Game, State, View
from quarkade.rl.encoding import (
    OBSERVATION_BOUND,
    OBSERVATION_SIZE,
    VOCABULARY_PLAYOUTS,
    ActionTable,
    ViewEncoder,
    action_table,
    outcome,
)

RENDER_MODES = ("ansi",)


def observation_space(table: ActionTable, encoder: ViewEncoder) -> spaces.Dict:
    return spaces.Dict({
        "observation": spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, (encoder.size,), np.float32),
        "action_mask": spaces.Box(0, 1, (table.size,), np.int8),
    })


def checked_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise InvalidOptions(f"the render modes are {', '.join(RENDER_MODES)} (or none), not {render_mode!r}")
    return render_mode


def reseeded(seed: int | None, seeds: Chance | None) -> Chance:
    """The generator of an environment's game seeds after ``reset(seed=seed)``: seeded by
    ``seed`` when given; else the one it has, or, at its first reset, one seeded from the
    operating system's entropy, as Gymnasium's own environments do (so that copies of an
    environment, in a vector of them, play different games)."""
    if seed is not None:
        return Chance(seed)
    return seeds if seeds is not None else Chance(secrets.randbits(63))


def game_seed(options: dict[str, Any] | None, seeds: Chance) -> int:
    """The seed of the game a reset starts: ``options["game_seed"]`` when given, else drawn.
    Other options are not read: they are warned of (a misspelt ``game_seed`` would play a drawn
    game), not refused, as PettingZoo's own API test passes one."""
    unread = sorted(repr(key) for key in (options or {}) if key != "game_seed")
    if unread:
        warnings.warn(f"reset options {', '.join(unread)} are not read: a reset takes 'game_seed' alone",
                      UserWarning, stacklevel=3)
    chosen = (options or {}).get("game_seed")
    if chosen is None:
        return seeds.below(1 << 31)
    if isinstance(chosen, bool) or not isinstance(chosen, (int, np.integer)) or chosen < 0:
        raise InvalidOptions(f"a game seed is a whole number from 0, not {chosen!r}")
    return int(chosen)


def view_text(view: View) -> str:
    """The view as the terminal face draws it, in plain text (no colours)."""
    from rich.console import Console

    from quarkade.faces.terminal import WIDTH, render_view

    text = io.StringIO()
    Console(file=text, width=WIDTH, color_system=None, force_terminal=False).print(render_view(view.to_json()))
    return text.getvalue()


class QuarkadeAECEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """One Quarkade game configuration as an AEC environment; ``render()`` in ``ansi`` mode is
    the table as a spectator sees it (no seat's hidden information)."""

    metadata = {"name": "quarkade_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None, observation_size: int = OBSERVATION_SIZE,
                 vocabulary_playouts: int = VOCABULARY_PLAYOUTS) -> None:
        super().__init__()
        # PettingZoo's name of the environment: the game's own, for logs and wrappers that show it.
        self.metadata = {**self.metadata, "name": f"quarkade_{game.id.replace('-', '_')}_v0"}
        self.game = game
        self.render_mode = checked_render_mode(render_mode)
        self.table = action_table(game, vocabulary_playouts)
        self.encoder = ViewEncoder(game.players, observation_size)
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        observations = observation_space(self.table, self.encoder)
        actions = spaces.Discrete(self.table.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observations)
        self.action_spaces = dict.fromkeys(self.possible_agents, actions)
        self._seeds: Chance | None = None  # drawn at the first reset (``reseeded``)
        self.game_state: State = game.new_game(0)
        self._legal: dict[int, Action] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._seeds = reseeded(seed, self._seeds)
        self.game_state = self.game.new_game(game_seed(options, self._seeds))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._next_decision()

    def _next_decision(self) -> None:
        if self.game_state.is_over:
            self._legal = {}
            return
        seat = self.game_state.to_act[0]
        self._legal = self.table.legal(self.game_state, seat)
        self.agent_selection = self.possible_agents[seat]
        for agent in self.agents:
            info: dict[str, Any] = {"game_seed": self.game_state.seed}
            if agent == self.agent_selection:
                info["legal_action_ids"] = sorted(self._legal)
            self.infos[agent] = info

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        observation = self.encoder.encode(self.game_state.view(seat))
        acting = not self.game_state.is_over and agent == self.agent_selection
        mask = self.table.mask(self._legal) if acting else np.zeros(self.table.size, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if agent not in self.terminations:  # every agent has left the ended game
            raise IllegalAction("the game is over: reset() starts the next one")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        reason = self.table.why_illegal(action, self._legal, agent)
        if reason is not None:
            raise IllegalAction(reason)
        assert action is not None  # (why_illegal refuses None)
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self.game_state.apply(seat, self._legal[int(action)])
        if self.game_state.is_over:
            for other, reward in zip(self.possible_agents, outcome(self.game_state), strict=True):
                self.rewards[other] = reward
                self.terminations[other] = True
                self.infos[other] = {"game_seed": self.game_state.seed}
        self._accumulate_rewards()
        self._next_decision()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return view_text(self.game_state.view(None))
        return None

    def close(self) -> None:
        pass
