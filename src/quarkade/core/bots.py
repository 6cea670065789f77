"""The bot interface and the registry of bot kinds.

It lives in the core so that a game's own bot (``games/<game>/bot.py``) needs nothing but the
core: a bot is rules-side knowledge that sees a view and the legal actions, never the state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from quarkade.core.chance import Chance
from quarkade.core.game import Action, Game, View

BotFactory = Callable[[Game, int], "Bot"]
BOTS: dict[tuple[str, str], BotFactory] = {}  # (kind, game id or "*") -> factory
ABOUT: dict[tuple[str, str], str] = {}  # (kind, game id or "*") -> what playing against it is like, for people
# (kind, game id) -> what the bot never does, for a balance report, whose figures are the game as
# its bots play it: a move a bot never makes looks like a weak one there.
LIMITS: dict[tuple[str, str], str] = {}
HEURISTIC_ABOUT = "the game's rules of thumb: the bot the Normal level plays"  # each game's ``heuristic``


class Bot(ABC):
    """A seat played by a program."""

    kind = "bot"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.chance = Chance(seed ^ 0x5EED_B07)

    @abstractmethod
    def choose(self, view: View, legal: list[Action]) -> Action:
        """One of ``legal``, chosen from what ``view`` shows."""


def register_bot(kind: str, game_id: str = "*", about: str = "") -> Callable[[BotFactory], BotFactory]:
    """Decorator: ``kind`` of bot for ``game_id`` (``"*"``: every game) is made by the factory;
    ``about`` says in a few words what playing against it is like (the lobby shows it)."""

    def decorator(factory: BotFactory) -> BotFactory:
        BOTS[(kind, game_id)] = factory
        if about:
            describe_bot(kind, game_id, about)
        return factory

    return decorator


def describe_limits(kind: str, game_id: str, limits: str) -> None:
    """What ``kind`` never does in ``game_id`` (a move it never makes, a part of the view it does
    not read), in a sentence, for the reports of games it played."""
    LIMITS[(kind, game_id)] = limits


def describe_bot(kind: str, game_id: str, about: str) -> None:
    """What playing against ``kind`` is like in ``game_id``, where a kind registered for every
    game plays differently there."""
    ABOUT[(kind, game_id)] = about
