"""Shared helpers: seeded random play and the configurations every game is tested in."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import quarkade
from quarkade.core import Action, Chance, Game, State

MAX_STEPS = 20_000


def configurations() -> Iterator[tuple[str, int, dict[str, Any]]]:
    """(game id, players, options) for every registered game at every player count: with
    the default options, then with each option changed in turn (a bool flipped, each other
    choice of a multiple-choice option)."""
    for info in quarkade.list_games():
        changed: list[dict[str, Any]] = [{}]
        for spec in info.options:
            if spec.kind is bool:
                changed.append({spec.name: not spec.default})
            changed.extend({spec.name: choice} for choice in spec.choices if choice != spec.default)
        for players in range(info.min_players, info.max_players + 1):
            for options in changed:
                yield info.id, players, options


def configuration_id(configuration: tuple[str, int, dict[str, Any]]) -> str:
    game_id, players, options = configuration
    extra = "".join(f"-{name}={value}" for name, value in sorted(options.items()))
    return f"{game_id}-{players}p{extra}"


def random_step(state: State, chance: Chance) -> tuple[int, Action]:
    """Apply one uniformly random legal action (checked path) of a seat that is to act."""
    seat = state.to_act[chance.below(len(state.to_act))]
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} is to act but has no legal action"
    action = legal[chance.below(len(legal))]
    state.apply(seat, action)
    return seat, action


def play_out(state: State, chance: Chance, max_steps: int = MAX_STEPS) -> State:
    """Play ``state`` to the end in place with random legal actions drawn from ``chance``."""
    for _ in range(max_steps):
        if state.is_over:
            return state
        random_step(state, chance)
    assert state.is_over, f"{state.game.id} did not end within {max_steps} steps"
    return state


def walk(game: Game, seed: int) -> Iterator[State]:
    """Every moment of the seeded random game ``random_playout`` plays, the start and the end
    included. The same state object is yielded each time: look, do not touch."""
    state, chance = game.new_game(seed), chooser(seed)
    yield state
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        random_step(state, chance)
        yield state
    raise AssertionError(f"{game.id} did not end within {MAX_STEPS} steps")


def chooser(seed: int) -> Chance:
    """The generator of the random choices in a game from ``seed`` (never the game's own)."""
    return Chance(seed ^ 0xC0FFEE)


def random_playout(game: Game, seed: int, max_steps: int = MAX_STEPS) -> State:
    """A whole game from ``seed``, the choices drawn from ``chooser(seed)``."""
    return play_out(game.new_game(seed), chooser(seed), max_steps)
