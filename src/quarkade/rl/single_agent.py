"""One seat of a Quarkade game as a Gymnasium environment; bots play the other seats.

Observations and action ids are those of the PettingZoo environment (``encoding``): a dict of the
seat's encoded view and its ``action_mask``. ``action_masks()`` returns the mask too, as
maskable learners expect. The other seats are Quarkade bots of one kind (``heuristic`` by
default), each seeing only its own view. The reward is the seat's share of the win, given at the
end; an illegal action id raises ``IllegalAction`` and changes nothing.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from quarkade.agents.base import Bot, make_bot
from quarkade.core.chance import Chance
from quarkade.core.errors import IllegalAction, InvalidOptions
from quarkade.core.game import Action, Game, State
from quarkade.rl.aec import observation_space
from quarkade.rl.encoding import ViewEncoder, action_table, outcome


class QuarkadeGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """``seat`` of ``game`` against bots of kind ``opponents``."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: Game, seat: int = 0, opponents: str = "heuristic",
                 render_mode: str | None = None) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise InvalidOptions(f"seat is one of 0 to {game.players - 1}, not {seat!r}")
        self.game = game
        self.seat = seat
        self.opponents = opponents
        self.render_mode = render_mode
        self.table = action_table(game)
        self.encoder = ViewEncoder()
        self.observation_space = observation_space(self.table, self.encoder)
        self.action_space = gymnasium.spaces.Discrete(self.table.size)
        make_bot(opponents, game)  # refuses an unknown kind now rather than at the first reset
        self._seeds = Chance(0)
        self.state: State = game.new_game(0)
        self.bots: dict[int, Bot] = {}
        self._legal: dict[int, Action] = {}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = Chance(seed)
        self.state = self.game.new_game(self._seeds.below(1 << 31))
        self.bots = {other: make_bot(self.opponents, self.game, self._seeds.below(1 << 31))
                     for other in range(self.game.players) if other != self.seat}
        self._play_bots()
        return self._observation(), self._info()

    def _play_bots(self) -> None:
        """Let the bots act until the seat is first to act, or the game is over."""
        state = self.state
        while not state.is_over and state.to_act[0] != self.seat:
            other = state.to_act[0]
            state.apply(other, self.bots[other].choose(state.view(other), state.legal_actions(other)))
        self._legal = {} if state.is_over else self.table.legal(state, self.seat)

    def action_masks(self) -> npt.NDArray[np.int8]:
        return self.table.mask(self._legal)

    def _observation(self) -> dict[str, Any]:
        return {"observation": self.encoder.encode(self.state.view(self.seat)), "action_mask": self.action_masks()}

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "legal_action_ids": sorted(self._legal)}

    def step(self, action: np.int64) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        chosen = self._legal.get(int(action))
        if chosen is None:
            raise IllegalAction(f"action id {action!r} is not legal for seat {self.seat} now")
        self.state.apply(self.seat, chosen)
        self._play_bots()
        over = self.state.is_over
        reward = outcome(self.state)[self.seat] if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return f"{self.game.id} after {self.state.steps} actions, to act: {self.state.to_act}"
        return None
