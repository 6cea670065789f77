"""Every Quarkade game as a PettingZoo AEC environment.

Agents are ``player_0 .. player_{n-1}``, one a seat. The agent to act is the first seat of
``state.to_act`` (the core asks the seats of a sealed simultaneous step one by one, and their
choices stay hidden until all are in, so an AEC turn order is the game's own). An observation
is a dict: ``observation``, the seat's view encoded by ``ViewEncoder``, and ``action_mask`` over
the ids of the game's ``ActionTable``; ``infos[agent]["legal_action_ids"]`` lists the same ids.
Rewards come at the end only: each seat's share of the win.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from quarkade.core.chance import Chance
from quarkade.core.errors import IllegalAction
from quarkade.core.game import Action, Game, State
from quarkade.rl.encoding import OBSERVATION_BOUND, ActionTable, ViewEncoder, action_table, outcome


def observation_space(table: ActionTable, encoder: ViewEncoder) -> spaces.Dict:
    return spaces.Dict({
        "observation": spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, (encoder.size,), np.float32),
        "action_mask": spaces.Box(0, 1, (table.size,), np.int8),
    })


class QuarkadeAECEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """One Quarkade game configuration as an AEC environment."""

    metadata = {"name": "quarkade_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.render_mode = render_mode
        self.table = action_table(game)
        self.encoder = ViewEncoder()
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        observations = observation_space(self.table, self.encoder)
        actions = spaces.Discrete(self.table.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observations)
        self.action_spaces = dict.fromkeys(self.possible_agents, actions)
        self._seeds = Chance(0)
        self.state: State = game.new_game(0)
        self._legal: dict[int, Action] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = Chance(seed)
        # Each reset starts a new game, its seed drawn from the environment's own generator.
        self.state = self.game.new_game(self._seeds.below(1 << 31))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._next_decision()

    def _next_decision(self) -> None:
        if self.state.is_over:
            self._legal = {}
            return
        seat = self.state.to_act[0]
        self._legal = self.table.legal(self.state, seat)
        self.agent_selection = self.possible_agents[seat]
        for agent in self.agents:
            self.infos[agent] = {"legal_action_ids": sorted(self._legal)} if agent == self.agent_selection else {}

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        observation = self.encoder.encode(self.state.view(seat))
        acting = not self.state.is_over and agent == self.agent_selection
        mask = self.table.mask(self._legal) if acting else np.zeros(self.table.size, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or int(action) not in self._legal:
            raise IllegalAction(f"action id {action!r} is not legal for {agent} now")
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(seat, self._legal[int(action)])
        if self.state.is_over:
            for other, reward in zip(self.possible_agents, outcome(self.state), strict=True):
                self.rewards[other] = reward
                self.terminations[other] = True
                self.infos[other] = {}
        self._accumulate_rewards()
        self._next_decision()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return f"{self.game.id} after {self.state.steps} actions, to act: {self.state.to_act}"
        return None

    def close(self) -> None:
        pass
