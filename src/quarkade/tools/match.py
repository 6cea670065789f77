"""Playing one game between bots: the loop every tool shares."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from quarkade.agents.base import Bot, make_bot
from quarkade.core.game import Action, Game, State

Observer = Callable[[State, int, Action], None]


def make_bots(game: Game, kinds: Sequence[str], seed: int, classes: Mapping[str, type[Bot]] | None = None) -> list[Bot]:
    """One bot a seat, each with its own generator derived from ``seed``; ``classes``, the
    classes of ``module:Class`` seats already at hand (see ``make_bot``)."""
    return [make_bot(kind, game, seed * 7919 + seat * 104729 + 1, classes) for seat, kind in enumerate(kinds)]


def play_match(game: Game, bots: Sequence[Bot], seed: int, max_steps: int = 1_000_000,
               observer: Observer | None = None) -> State:
    """Play a game from ``seed`` to the end. Bots see only their seat's view.

    At a sealed simultaneous step the seats choose one after the other, which is fair
    because no view shows another seat's choice until all are in.
    """
    state = game.new_game(seed)
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        state.apply(seat, action)
        if observer is not None:
            observer(state, seat, action)
        steps += 1
        if steps >= max_steps:
            raise RuntimeError(f"{game.id} did not end within {max_steps} steps")
    return state
