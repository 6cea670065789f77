"""What a game may tell the search bot (``agents/search.py``) about itself, and the tables that
keep it: an evaluation of positions cut short, the moves to weigh against its heuristic's, how
to redraw the others' sealed choices, its own sampler of determinizations, and where its
playouts may stop. ``agents/evaluators.py`` registers the built-in games'.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from quarkade.agents.base import Bot
from quarkade.core.chance import Chance
from quarkade.core.game import Action, Game, State, View

Evaluator = Callable[[State], Sequence[float]]
EVALUATORS: dict[str, Evaluator] = {}  # game id -> each seat's value of a position, in [0, 1]
# The moves to weigh against the heuristic's (its move first), from the view, its move and the
# legal list; a single move is played at once. A game registers one where the legal list is not
# what should be searched (Qwarks' covers carry the heuristic's own reaction time).
Alternatives = Callable[[View, Action, list[Action]], list[Action]]
ALTERNATIVES: dict[str, Alternatives] = {}
# Redraws in a determinization the sealed choices other seats already made as the heuristic bot
# (the last argument) would make them: the game's sampler draws them uniformly.
Belief = Callable[[State, int, Bot], None]
BELIEFS: dict[str, Belief] = {}
# Determinizations drawn by the search in place of the game's sampler, where a seat knows more
# than the sampler deals from (Quirkling: the public requests tell which stacks the others hold or
# lack); a factory, so each bot has its own (a sampler may keep work done for the decision's view).
Sampler = Callable[[Game, View, Chance], State]
SAMPLERS: dict[str, Callable[[], Sampler]] = {}
# Where a game's playouts stop before ``depth`` moves: a position its evaluator scores as well as
# playing on would (Qwarks head to head: the race resolved, whose answers the evaluator credits
# at the chance the heuristic's memory gives them; playing them only added noise).
Stop = Callable[[State], bool]
STOPS: dict[str, Stop] = {}


def register_evaluator(game_id: str) -> Callable[[Evaluator], Evaluator]:
    """Decorator: how far each seat of ``game_id`` is towards winning, each value in [0, 1]."""

    def decorator(evaluate: Evaluator) -> Evaluator:
        EVALUATORS[game_id] = evaluate
        return evaluate

    return decorator


def register_alternatives(game_id: str) -> Callable[[Alternatives], Alternatives]:
    """Decorator: the moves of ``game_id`` the search weighs against its heuristic's. At a flat
    search's first step the other seats then play as the heuristic would, as in the playouts."""

    def decorator(alternatives: Alternatives) -> Alternatives:
        ALTERNATIVES[game_id] = alternatives
        return alternatives

    return decorator


def register_belief(game_id: str) -> Callable[[Belief], Belief]:
    """Decorator: how the paired search of ``game_id`` redraws the others' sealed choices."""

    def decorator(belief: Belief) -> Belief:
        BELIEFS[game_id] = belief
        return belief

    return decorator


def register_stop(game_id: str) -> Callable[[Stop], Stop]:
    """Decorator: where the playouts of ``game_id`` stop before their depth."""

    def decorator(stop: Stop) -> Stop:
        STOPS[game_id] = stop
        return stop

    return decorator


def register_sampler(game_id: str) -> Callable[[Callable[[], Sampler]], Callable[[], Sampler]]:
    """Decorator: makes a search bot's sampler of determinizations of ``game_id``."""

    def decorator(factory: Callable[[], Sampler]) -> Callable[[], Sampler]:
        SAMPLERS[game_id] = factory
        return factory

    return decorator
