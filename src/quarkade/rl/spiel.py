"""Every Quarkade game as an OpenSpiel game, through pyspiel's Python game interface.

The facts declared to OpenSpiel:

- **Sequential**: a sealed simultaneous step is asked seat by seat (the first of ``to_act``),
  which the core allows, and no seat sees another's sealed choice before its own.
- **Explicit chance**: a Quarkade game draws everything from a generator seeded by its seed, so
  all of its chance is one explicit chance node at the start, choosing the seed among ``deals``
  equally likely ones (the seeds 0 to ``deals - 1``; ``DEALS``, 1,024, unless the parameter
  ``deals`` says otherwise, up to ``MAX_DEALS``); every later draw follows from it, unseen.
- **Imperfect information**: a player's information state is its view (``state.view(seat)``,
  as canonical JSON, with ``game`` and ``seat``) less the view's log, and its tensor that view's
  encoding, whose first entries are the seat's one-hot (two seats may see the same view: the
  seat keeps their information states apart);
  ``resample_from_infostate`` draws a full state consistent with the view (``Game.sample_state``),
  which OpenSpiel's IS-MCTS needs. The log is left out because a sampled state starts with an
  empty log: with it, a resampled state would never share the real one's information state and
  IS-MCTS would search a different tree at each sample. What a seat knows now is in the rest
  of the view, so the information state is not one of perfect recall.
- **General sum**, terminal rewards: each seat's share of the win (a cooperative game's win is
  shared by all).

Action ids are those of the game's ``ActionTable``. An id that names no legal action raises
``IllegalActionId`` (a ``pyspiel.SpielError`` and a Quarkade ``IllegalAction``) saying why.

Importing this module registers every Quarkade game with OpenSpiel as ``quarkade_<id>`` (the
id's hyphens as underscores: ``quarkade_quirky_quarks``), with the parameters ``players``, each
of the game's options by its name (``quarkade_quirks(players=3,advanced=true)``; or all of them in
``options``, a JSON object), ``deals``, ``observation_size`` and ``vocabulary_playouts``. A game's
string names every option, however they were given, and loads the same game again:

>>> import pyspiel
>>> game = pyspiel.load_game("quarkade_quirkling", {"players": 2})
>>> game.num_players(), game.observation_tensor_size()
(2, 512)
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, ClassVar

import numpy as np
import pyspiel

import quarkade
from quarkade.core import registry
from quarkade.core.chance import Chance
from quarkade.core.errors import IllegalAction, InvalidOptions
from quarkade.core.game import Game, GameInfo, State
from quarkade.rl.encoding import (
    OBSERVATION_SIZE,
    VOCABULARY_PLAYOUTS,
    ActionTable,
    ViewEncoder,
    action_table,
    outcome,
)

DEALS = 1 << 10  # the chance node's outcomes by default: the seeds 0 to 1,023
# The bound keeps the chance node cheap: sampling it as OpenSpiel's tools do (numpy's choice over
# the outcomes) costs about 8 ms at 65,536 outcomes, already more than a random game of Quirky
# Quarks for two, and 0.4 s at 2**20.
MAX_DEALS = 1 << 16
MAX_GAME_LENGTH = 100_000  # a bound OpenSpiel asks for; no Quarkade game comes near it


class IllegalActionId(IllegalAction, pyspiel.SpielError):  # type: ignore[misc]  # pyspiel is untyped
    """An action id that names no legal action now; nothing changes."""


def _short_name(game_id: str) -> str:
    return "quarkade_" + game_id.replace("-", "_")


def _game_type(info: GameInfo) -> Any:
    return pyspiel.GameType(
        short_name=_short_name(info.id),
        long_name=f"Quarkade {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        # The player count, each of the game's options (by its name; or all in ``options`` as a
        # JSON object), the chance node's number of seeds, and the encodings' sizes.
        parameter_specification={"players": info.default_players or info.min_players, "options": "{}",
                                 "deals": DEALS, "observation_size": OBSERVATION_SIZE,
                                 "vocabulary_playouts": VOCABULARY_PLAYOUTS,
                                 **{spec.name: spec.default for spec in info.options}},
    )


class QuarkadeSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A configured Quarkade game as a ``pyspiel.Game``; one subclass a game id (``game_id``)."""

    game_id: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = registry.game_class(self.game_id).info
        params = dict(params or {})
        players = int(params.get("players", info.default_players or info.min_players))
        game = registry.configure(self.game_id, players, chosen_options(info, params))
        # One game, one name: every option is written back as a parameter of its own, and
        # ``options`` empty, however they were given (a JSON object's commas would also cut
        # OpenSpiel's game string, which then could not be loaded again).
        params.update(game.options, options="{}")
        self.quarkade_game = game
        self.deals = checked_deals(params.get("deals", DEALS))
        self.table: ActionTable = action_table(game, int(params.get("vocabulary_playouts", VOCABULARY_PLAYOUTS)))
        self.encoder = ViewEncoder(game.players, int(params.get("observation_size", OBSERVATION_SIZE)))
        self.resample_chance = Chance(0x0B5E_55ED)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.table.size,
            max_chance_outcomes=self.deals,
            num_players=game.players,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(info), game_info, params)

    def new_initial_state(self) -> QuarkadeSpielState:
        return QuarkadeSpielState(self)

    def __reduce__(self) -> tuple[type[QuarkadeSpielGame], tuple[dict[str, Any]]]:
        # Made again from its parameters (what OpenSpiel's own copy would restore is the C++ part
        # alone, without the Quarkade game, its action table and its encoder).
        return type(self), (self.get_parameters(),)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(self)


class QuarkadeSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A Quarkade state, or the chance node before it (``quarkade_state`` None)."""

    def __init__(self, game: QuarkadeSpielGame, quarkade_state: State | None = None) -> None:
        super().__init__(game)
        self._held = _Held(quarkade_state)

    # OpenSpiel clones a Python state by deep-copying its attributes, so the state holds only
    # ``_held`` (whose deep copy is the Quarkade clone) and reaches its game through pyspiel.
    @property
    def spiel_game(self) -> QuarkadeSpielGame:
        game: QuarkadeSpielGame = self.get_game()
        return game

    @property
    def quarkade_state(self) -> State | None:
        return self._held.state

    @quarkade_state.setter
    def quarkade_state(self, state: State | None) -> None:
        self._held.state = state

    def current_player(self) -> int:
        state = self.quarkade_state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return state.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.quarkade_state is not None
        return sorted(self.spiel_game.table.legal(self.quarkade_state, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # A new list each call, as OpenSpiel's games give, copied from one built once per count.
        return list(_chance_outcomes(self.spiel_game.deals))

    def _apply_action(self, action: int) -> None:
        state = self.quarkade_state
        if state is None:
            self.quarkade_state = self.spiel_game.quarkade_game.new_game(_seed(action, self.spiel_game.deals))
            return
        seat = state.to_act[0]
        table = self.spiel_game.table
        legal = table.legal(state, seat)
        reason = table.why_illegal(action, legal, f"player {seat}")
        if reason is not None:
            raise IllegalActionId(reason)
        state.apply(seat, legal[int(action)])

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's notation: a vocabulary id's at any time, a spare slot's while it names
        one of ``player``'s legal actions (else it says it names none now, as OpenSpiel's tools
        print every id); an id beyond the table raises ``IllegalActionId``."""
        state = self.quarkade_state
        if state is None:
            return f"seed {_seed(action, self.spiel_game.deals)}"
        table = self.spiel_game.table
        if 0 <= action < len(table.vocabulary):
            return table.vocabulary[action]
        legal = table.legal(state, player)
        if action in legal:
            return str(legal[action])
        if 0 <= action < table.size:
            return f"spare slot {action} (no action of player {player} now)"
        raise IllegalActionId(table.why_illegal(action, legal, f"player {player}") or f"no action id {action}")

    def is_terminal(self) -> bool:
        return self.quarkade_state is not None and self.quarkade_state.is_over

    def returns(self) -> list[float]:
        state = self.quarkade_state
        if state is None or not state.is_over:
            return [0.0] * self.spiel_game.quarkade_game.players
        return outcome(state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> QuarkadeSpielState:
        """A state the player cannot tell from this one, hidden information drawn afresh."""
        state = self.quarkade_state
        if state is None:
            return QuarkadeSpielState(self.spiel_game)
        game = self.spiel_game.quarkade_game
        sampled = game.sample_state(state.view(player_id), self.spiel_game.resample_chance)
        return QuarkadeSpielState(self.spiel_game, sampled)

    def __str__(self) -> str:
        state = self.quarkade_state
        if state is None:
            return "before the deal"
        return f"{state.game.id} seed {state.seed} after {state.steps} actions: " + " ; ".join(
            f"{seat}:{action}" for seat, action in state.history)


def checked_deals(deals: Any) -> int:
    """``deals``, once it is known to be a whole number from 1 to ``MAX_DEALS``."""
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
        raise InvalidOptions(f"deals is a whole number from 1 to {MAX_DEALS:,} (the seeds the chance node "
                             f"chooses among), not {deals!r}")
    return deals


@lru_cache(maxsize=4)
def _chance_outcomes(deals: int) -> tuple[tuple[int, float], ...]:
    """The chance node's outcomes: each seed below ``deals``, equally likely. Built once per count
    (about 20 ms and 6 MB at ``MAX_DEALS``), since OpenSpiel asks for them at every chance node."""
    probability = 1.0 / deals
    return tuple((seed, probability) for seed in range(deals))


def _seed(action: int, deals: int) -> int:
    """The seed a chance outcome names."""
    if not 0 <= action < deals:
        raise IllegalActionId(f"the chance node's outcomes are the seeds 0 to {deals - 1}, not {action}")
    return action


class _Held:
    """The Quarkade state inside an OpenSpiel state; a deep copy is its cheap, exact clone."""

    __slots__ = ("state",)

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(None if self.state is None else self.state.clone())


class ViewObserver:
    """OpenSpiel's observer of a player: its view, as a string and as a tensor (``seat``, the
    one-hot of the player, then ``view``, the hashed view)."""

    def __init__(self, game: QuarkadeSpielGame) -> None:
        self.game = game
        self.tensor = np.zeros(game.encoder.size, np.float32)
        players = game.encoder.players
        self.dict = {"seat": self.tensor[:players], "view": self.tensor[players:]}

    def set_from(self, state: QuarkadeSpielState, player: int) -> None:
        if state.quarkade_state is None:
            self.tensor.fill(0.0)
            self.tensor[player] = 1.0
        else:
            # (The encoder leaves the log out already.)
            self.tensor[:] = self.game.encoder.encode(state.quarkade_state.view(player))

    def string_from(self, state: QuarkadeSpielState, player: int) -> str:
        if state.quarkade_state is None:
            return f"seat {player} before the deal"
        view = state.quarkade_state.view(player).to_json()
        return json.dumps({key: value for key, value in view.items() if key != "log"}, sort_keys=True,
                          separators=(",", ":"))


_CLASSES: dict[str, type[QuarkadeSpielGame]] = {}


def game_class(game_id: str) -> type[QuarkadeSpielGame]:
    """The OpenSpiel game class of ``game_id``, registered with pyspiel under
    ``quarkade_<id>`` (so ``pyspiel.load_game("quarkade_quirkling", {"players": 2})`` works)."""
    cls = _CLASSES.get(game_id)
    if cls is None:
        info = registry.game_class(game_id).info
        name = f"QuarkadeSpiel_{game_id.replace('-', '_')}"
        cls = _CLASSES[game_id] = type(name, (QuarkadeSpielGame,), {"game_id": game_id, "__module__": __name__})
        globals()[name] = cls  # found by its name, as pickle finds a class
        pyspiel.register_game(_game_type(info), cls)
    return cls


def register_games() -> None:
    """Register every Quarkade game with OpenSpiel (done when this module is imported). Only each
    game's declared facts are read: a game is set up, and its action table built, when OpenSpiel
    loads it."""
    for info in quarkade.list_games():
        game_class(info.id)


def chosen_options(info: GameInfo, params: dict[str, Any]) -> dict[str, Any]:
    """The game's options a game's parameters give: each by its name, or in ``options`` as a JSON
    object; the same option given both ways differently is refused, but for a parameter given at
    its default, which OpenSpiel cannot tell from one not given (it fills in every default): the
    JSON's value is taken then.

    >>> from quarkade.core.registry import game_class
    >>> chosen_options(game_class("quirks").info, {"options": '{"advanced": true}', "turn_limit": 300})
    {'advanced': True, 'turn_limit': 300}
    """
    text = str(params.get("options", "{}"))
    try:
        options = json.loads(text)
    except ValueError:
        options = None
    if not isinstance(options, dict):
        raise InvalidOptions(f"the parameter options is a JSON object of the game's options, not {text!r}")
    for spec in info.options:
        if spec.name not in params or params[spec.name] == spec.default and spec.name in options:
            continue
        if spec.name in options and options[spec.name] != params[spec.name]:
            raise InvalidOptions(f"{spec.name} is {params[spec.name]!r} as a parameter and {options[spec.name]!r} "
                                 "in options: give it once")
        options[spec.name] = params[spec.name]
    return options


def load_game(game: Game, observation_size: int = OBSERVATION_SIZE, vocabulary_playouts: int = VOCABULARY_PLAYOUTS,
              deals: int = DEALS) -> QuarkadeSpielGame:
    """The OpenSpiel game of a configured Quarkade game, its chance node choosing among ``deals``
    seeds."""
    return game_class(game.id)({"players": game.players, **game.options,
                                "deals": checked_deals(deals), "observation_size": observation_size,
                                "vocabulary_playouts": vocabulary_playouts})


register_games()
