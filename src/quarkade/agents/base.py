"""The generic bots, and finding a bot by kind (the interface and registry are in the core)."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from typing import Any

from quarkade.core.bots import BOTS as _BOTS
from quarkade.core.bots import Bot, BotFactory, register_bot
from quarkade.core.errors import InvalidOptions
from quarkade.core.game import Action, Game, View

__all__ = ["Bot", "BotFactory", "RandomBot", "bot_kinds", "make_bot", "parse_bot_spec", "register_bot"]


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    kind = "random"

    def choose(self, view: View, legal: list[Action]) -> Action:
        return legal[self.chance.below(len(legal))]


register_bot("random")(RandomBot)


_game_bots_loaded = False


def _load_game_bots() -> None:
    # The search bot and the older per-game bots live beside the generic ones; a game's own bot
    # lives in its package as ``bot.py``. Importing a bot's module registers it. Once is enough:
    # bots are made for every seat of every simulated game, and finding a module reads the disk.
    global _game_bots_loaded
    if _game_bots_loaded:
        return
    from quarkade.agents import evaluators, levels, quirks, search  # noqa: F401
    from quarkade.core.registry import game_modules

    for module in game_modules():
        if importlib.util.find_spec(f"{module}.bot") is not None:
            importlib.import_module(f"{module}.bot")
    _game_bots_loaded = True


def bot_kinds(game_id: str) -> list[str]:
    _load_game_bots()
    return sorted({kind for kind, gid in _BOTS if gid in (game_id, "*")})


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``kind`` or ``kind:key=value,...`` (e.g. ``mcts:seconds=1,workers=2``) as the kind and its
    settings; numbers and true/false are read as such, anything else stays text."""
    kind, colon, rest = spec.partition(":")
    settings: dict[str, Any] = {}
    if not colon:
        return kind, settings
    if not rest.strip():
        raise InvalidOptions(f"{spec!r}: nothing after ':' (write e.g. {kind}:seconds=1)")
    for item in rest.split(","):
        key, equals, text = (part.strip() for part in item.partition("="))
        if not equals or not key or not text:
            raise InvalidOptions(f"{spec!r}: {item.strip()!r} is not key=value (write e.g. {kind}:seconds=1)")
        if key in settings:
            raise InvalidOptions(f"{spec!r}: {key!r} is set twice")
        settings[key] = _setting_value(text)
    return kind, settings


def _setting_value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _settings_of(factory: BotFactory) -> dict[str, Any] | None:
    """The settings a factory takes by name (beside game and seed) with their defaults, or None
    if it takes any."""
    target = factory.__init__ if isinstance(factory, type) else factory  # type: ignore[misc]
    parameters = list(inspect.signature(target).parameters.values())
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return None
    skip = {"self", "game", "seed"}
    return {p.name: p.default for p in parameters
            if p.name not in skip and p.kind is not inspect.Parameter.VAR_POSITIONAL}


def _fit(name: str, value: Any, default: Any) -> Any:
    """``value`` as the type of the setting's default (an int where a float is expected)."""
    if isinstance(default, bool) or default is inspect.Parameter.empty or default is None:
        if isinstance(default, bool) and not isinstance(value, bool):
            raise InvalidOptions(f"setting {name!r} is true or false, not {value!r}")
        return value
    if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if type(value) is not type(default):
        raise InvalidOptions(f"setting {name!r} is a {type(default).__name__} (like {default!r}), not {value!r}")
    return value


def make_bot(kind: str, game: Game, seed: int = 0) -> Bot:
    """The bot ``kind`` names for ``game``; ``kind`` may carry settings, ``mcts:seconds=1``."""
    _load_game_bots()
    name, settings = parse_bot_spec(kind)
    factory = _BOTS.get((name, game.id)) or _BOTS.get((name, "*"))
    if factory is None:
        raise InvalidOptions(f"no bot {name!r} for {game.id} (bots: {', '.join(bot_kinds(game.id))})")
    if not settings:
        return factory(game, seed)
    accepted = _settings_of(factory)
    if accepted is not None:
        unknown = sorted(set(settings) - set(accepted))
        if unknown:
            takes = f"it takes {', '.join(accepted)}" if accepted else "it takes no settings"
            raise InvalidOptions(f"bot {name!r} has no setting {', '.join(map(repr, unknown))}: {takes}")
        settings = {key: _fit(key, value, accepted[key]) for key, value in settings.items()}
    try:
        return factory(game, seed, **settings)
    except (TypeError, ValueError) as error:
        raise InvalidOptions(f"bot {kind!r}: {error}") from None
