"""The generic bots, and finding a bot by kind (the interface and registry are in the core)."""

from __future__ import annotations

import importlib
import importlib.util

from quarkade.core.bots import BOTS as _BOTS
from quarkade.core.bots import Bot, BotFactory, register_bot
from quarkade.core.errors import InvalidOptions
from quarkade.core.game import Action, Game, View

__all__ = ["Bot", "BotFactory", "RandomBot", "bot_kinds", "make_bot", "register_bot"]


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    kind = "random"

    def choose(self, view: View, legal: list[Action]) -> Action:
        return legal[self.chance.below(len(legal))]


register_bot("random")(RandomBot)


def _load_game_bots() -> None:
    # The search bot and the older per-game bots live beside the generic ones; a game's own bot
    # lives in its package as ``bot.py``. Importing a bot's module registers it.
    from quarkade.agents import quirks, search  # noqa: F401
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
        raise InvalidOptions(f"no bot {kind!r} for {game.id} (bots: {', '.join(bot_kinds(game.id))})")
    return factory(game, seed)
