"""The bot interface and the registry of bot kinds."""

from __future__ import annotations

import importlib
import importlib.util
from abc import ABC, abstractmethod
from collections.abc import Callable

from quarkade.core.chance import Chance
from quarkade.core.game import Action, Game, View

BotFactory = Callable[[Game, int], "Bot"]
_BOTS: dict[tuple[str, str], BotFactory] = {}  # (kind, game id or "*") -> factory


class Bot(ABC):
    """A seat played by a program."""

    kind = "bot"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.chance = Chance(seed ^ 0x5EED_B07)

    @abstractmethod
    def choose(self, view: View, legal: list[Action]) -> Action:
        """One of ``legal``, chosen from what ``view`` shows."""


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    kind = "random"

    def choose(self, view: View, legal: list[Action]) -> Action:
        return legal[self.chance.below(len(legal))]


def register_bot(kind: str, game_id: str = "*") -> Callable[[BotFactory], BotFactory]:
    def decorator(factory: BotFactory) -> BotFactory:
        _BOTS[(kind, game_id)] = factory
        return factory

    return decorator


register_bot("random")(RandomBot)


def _load_game_bots() -> None:
    # The search bot and the older per-game bots live beside the generic ones; a game's own bot
    # lives in its package as ``bot.py``. Importing a bot's module registers it.
    from quarkade.agents import quirks, quirky_quarks, search  # noqa: F401
    from quarkade.core.registry import game_modules

    for module in game_modules():
        if importlib.util.find_spec(f"{module}.bot") is not None:
            importlib.import_module(f"{module}.bot")


def bot_kinds(game_id: str) -> list[str]:
    _load_game_bots()
    return sorted({kind for kind, gid in _BOTS if gid in (game_id, "*")})


def make_bot(kind: str, game: Game, seed: int = 0) -> Bot:
    _load_game_bots()
    factory = _BOTS.get((kind, game.id)) or _BOTS.get((kind, "*"))
    if factory is None:
        from quarkade.core.errors import InvalidOptions

        raise InvalidOptions(f"no bot {kind!r} for {game.id} (bots: {', '.join(bot_kinds(game.id))})")
    return factory(game, seed)
