"""Bot levels for players, weakest first: each a named configuration of the bots beneath.

- ``easy``: the game's heuristic, but one move in three is a random legal one;
- ``normal``: the game's heuristic (random play for a game without one);
- ``hard``: the search bot at its default (strongest measured) settings with a short budget, a
  quarter of a CPU second a decision, and never more than a second on the wall clock;
- ``expert``: the same search with a CPU second a decision, and never more than three seconds
  on the wall clock.

The CPU budget is the searching thread's own, so a level plays nearly as strongly however busy
the machine (``SearchBot`` says why not quite); the wall-clock caps bound how long a person
waits when many bots think at once in one server (they share its interpreter), at the cost of a
shorter search then. A tournament or a measurement names the search without a cap
(``mcts:seconds=1``).

A game may register its own bot under a level's name (Qwarks does, for its reaction times);
that one is used for that game.
"""

from __future__ import annotations

from quarkade.agents.base import Bot, make_bot, register_bot
from quarkade.core.errors import QuarkadeError
from quarkade.core.game import Action, Game, View

LEVELS = ("easy", "normal", "hard", "expert")
EASY_SLIPS = 1 / 3  # the share of an easy bot's moves chosen at random
HARD_WALL, EXPERT_WALL = 1.0, 3.0  # the most seconds on the wall clock a decision of each level takes


def _heuristic_or_random(game: Game, seed: int) -> Bot:
    try:
        return make_bot("heuristic", game, seed)
    except QuarkadeError:
        return make_bot("random", game, seed)


class EasyBot(Bot):
    """The heuristic with slips: a random legal move a third of the time."""

    kind = "easy"

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.inner = _heuristic_or_random(game, seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        if self.chance.below(1000) < EASY_SLIPS * 1000:
            return legal[self.chance.below(len(legal))]
        return self.inner.choose(view, legal)


def _normal(game: Game, seed: int) -> Bot:
    return _heuristic_or_random(game, seed)


def _hard(game: Game, seed: int) -> Bot:
    return make_bot(f"mcts:seconds=0.25,wall={HARD_WALL}", game, seed)


def _expert(game: Game, seed: int) -> Bot:
    return make_bot(f"mcts:seconds=1,wall={EXPERT_WALL}", game, seed)


register_bot("easy", about="plays by rules of thumb, but one move in three at random")(EasyBot)
register_bot("normal", about="plays by a good player's rules of thumb")(_normal)
register_bot("hard", about="looks ahead over what it cannot see, a quarter of a second a move")(_hard)
register_bot("expert", about="looks ahead four times as long: the strongest, up to a few seconds a move")(_expert)
