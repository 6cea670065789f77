"""One seat of a Quarkade game as a Gymnasium environment; bots play the other seats.

Observations and action ids are those of the PettingZoo environment (``encoding``): a dict of the
seat's encoded view (its first entries say which seat observes) and its ``action_mask``.
``action_masks()`` returns the mask too, as maskable learners expect (on an environment from
``gymnasium.make``, whose wrappers pass no attribute through, ``env.unwrapped.action_masks()`` or
``env.get_wrapper_attr("action_masks")()``). The other seats are Quarkade bots of one kind
(``heuristic`` by default), each seeing only its own view. The reward is the seat's share of the
win, given at the end.

An action id outside the mask is refused: with ``illegal="raise"`` (the default) ``step`` raises
``IllegalAction`` saying why, and nothing changes; with ``illegal="penalty"`` the episode ends
there (``terminated``, reward ``ILLEGAL_PENALTY``, ``info["illegal"]`` the reason), which is what
tools that sample unmasked actions need (``gymnasium.utils.env_checker.check_env``).

``reset(seed=n)`` seeds the environment's own generator, which draws each game's seed and the
bots' seeds (so the resets that follow, without a seed, play fresh games);
``reset(options={"game_seed": n})`` plays the game of seed ``n`` itself. ``info["game_seed"]``
says which game a reset started. ``render()`` in ``ansi`` mode is the seat's view as the terminal
face draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt

from quarkade.agents.base import Bot, make_bot
from quarkade.core.chance import Chance
from quarkade.core.errors import IllegalAction, InvalidOptions
from quarkade.core.game import Action, Game, State
from quarkade.rl.aec import RENDER_MODES, checked_render_mode, game_seed, observation_space, reseeded, view_text
from quarkade.rl.encoding import OBSERVATION_SIZE, VOCABULARY_PLAYOUTS, ViewEncoder, action_table, outcome

ILLEGAL_PENALTY = -1.0  # below every result, a loss being 0
ILLEGAL_MODES = ("raise", "penalty")


class QuarkadeGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """``seat`` of ``game`` against bots of kind ``opponents``: one kind for every other seat, or
    a list of kinds, one for each other seat in seat order (``["heuristic", "random"]``)."""

    metadata = {"render_modes": list(RENDER_MODES)}

    def __init__(self, game: Game, seat: int = 0, opponents: str | Sequence[str] = "heuristic",
                 render_mode: str | None = None,
                 observation_size: int = OBSERVATION_SIZE, vocabulary_playouts: int = VOCABULARY_PLAYOUTS,
                 illegal: Literal["raise", "penalty"] = "raise") -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise InvalidOptions(f"seat is one of 0 to {game.players - 1}, not {seat!r}")
        if illegal not in ILLEGAL_MODES:
            raise InvalidOptions(f"illegal is one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        others = [other for other in range(game.players) if other != seat]
        if isinstance(opponents, str):
            kinds = [opponents] * len(others)
        elif (isinstance(opponents, Sequence) and len(opponents) == len(others)
              and all(isinstance(kind, str) for kind in opponents)):
            kinds = list(opponents)
        else:
            raise InvalidOptions(f"opponents is one bot kind for every other seat, e.g. 'heuristic' or "
                                 f"'mcts:seconds=0.1', or a list of {len(others)} (one for each other seat), "
                                 f"not {opponents!r}")
        self.game = game
        self.seat = seat
        self.opponents = opponents
        self.opponent_kinds = dict(zip(others, kinds, strict=True))  # seat -> the kind of bot there
        self.render_mode = checked_render_mode(render_mode)
        self.illegal = illegal
        self.table = action_table(game, vocabulary_playouts)
        self.encoder = ViewEncoder(game.players, observation_size)
        self.observation_space = observation_space(self.table, self.encoder)
        self.action_space = gymnasium.spaces.Discrete(self.table.size)
        for kind in set(kinds):
            make_bot(kind, game)  # refuses an unknown kind now rather than at the first reset
        self._seeds: Chance | None = None  # drawn at the first reset (``reseeded``)
        self.state: State = game.new_game(0)
        self.bots: dict[int, Bot] = {}
        self._legal: dict[int, Action] = {}
        self._ended = False  # the episode ended on an illegal id (illegal="penalty")

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        seeds = self._seeds = reseeded(seed, self._seeds)
        self.state = self.game.new_game(game_seed(options, seeds))
        self.bots = {other: make_bot(kind, self.game, seeds.below(1 << 31))
                     for other, kind in self.opponent_kinds.items()}
        self._ended = False
        self._play_bots()
        return self._observation(), {**self._info(), "game_seed": self.state.seed}

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
        if self._ended or self.state.is_over:
            raise IllegalAction("the episode is over: reset() starts the next one")
        reason = self.table.why_illegal(action, self._legal, f"seat {self.seat}")
        if reason is not None:
            if self.illegal == "raise":
                raise IllegalAction(reason)
            self._ended, self._legal = True, {}
            return self._observation(), ILLEGAL_PENALTY, True, False, {**self._info(), "illegal": reason}
        self.state.apply(self.seat, self._legal[int(action)])
        self._play_bots()
        over = self.state.is_over
        reward = outcome(self.state)[self.seat] if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return view_text(self.state.view(self.seat))
        return None
