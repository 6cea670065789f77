"""The generic bots, and finding a bot by kind (the interface and registry are in the core)."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from collections.abc import Mapping
from typing import Any

from quarkade.core.bots import ABOUT as _ABOUT
from quarkade.core.bots import BOTS as _BOTS
from quarkade.core.bots import Bot, BotFactory, register_bot
from quarkade.core.errors import InvalidOptions
from quarkade.core.game import Action, Game, View

__all__ = ["PLAYER_BOTS", "Bot", "BotFactory", "RandomBot", "bot_about", "bot_class", "bot_kinds", "class_spec_parts",
           "is_class_spec", "make_bot", "offered_bots", "parse_bot_spec", "register_bot"]


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    kind = "random"

    def choose(self, view: View, legal: list[Action]) -> Action:
        return legal[self.chance.below(len(legal))]


register_bot("random", about="plays any legal move: for learning the rules")(RandomBot)

# The bots offered to people at a table, weakest first: random play and the levels
# (``levels.py``). The other kinds (``heuristic``, ``mcts`` with its settings, a game's own) are
# what the levels are made of, for tournaments and research; a table takes them too.
PLAYER_BOTS = ("random", "easy", "normal", "hard", "expert")


_game_bots_loaded = False


def _load_game_bots() -> None:
    # The search bot and its levels live beside the generic ones; a game's own bot lives in its
    # package as ``bot`` (a module, or a package for Quirks' three games). Importing a bot's module
    # registers it. Once is enough: bots are made for every seat of every simulated game, and
    # finding a module reads the disk.
    global _game_bots_loaded
    if _game_bots_loaded:
        return
    from quarkade.agents import evaluators, levels, search  # noqa: F401
    from quarkade.core.registry import game_modules

    for module in game_modules():
        if importlib.util.find_spec(f"{module}.bot") is not None:
            importlib.import_module(f"{module}.bot")
    _game_bots_loaded = True


def bot_kinds(game_id: str) -> list[str]:
    _load_game_bots()
    return sorted({kind for kind, gid in _BOTS if gid in (game_id, "*")})


def offered_bots(game_id: str) -> list[str]:
    """The bots offered to people for ``game_id``, weakest first (``PLAYER_BOTS`` it has)."""
    kinds = bot_kinds(game_id)
    return [kind for kind in PLAYER_BOTS if kind in kinds]


def bot_about(game_id: str) -> dict[str, str]:
    """What playing against each bot kind of ``game_id`` is like, in a few words (the game's own
    words for a kind first), for the kinds that have them."""
    _load_game_bots()
    about = {kind: text for (kind, gid), text in _ABOUT.items() if gid == "*"}
    about.update({kind: text for (kind, gid), text in _ABOUT.items() if gid == game_id})
    return {kind: about[kind] for kind in bot_kinds(game_id) if kind in about}


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``kind`` or ``kind:key=value,...`` (e.g. ``mcts:seconds=1,workers=2``) as the kind and its
    settings; numbers and true/false are read as such, anything else stays text."""
    kind, colon, rest = spec.partition(":")
    return kind, _settings(spec, kind, rest) if colon else {}


def _settings(spec: str, kind: str, rest: str) -> dict[str, Any]:
    """The settings ``rest`` (``key=value,...``, what follows the colon after ``kind``) gives."""
    settings: dict[str, Any] = {}
    if not rest.strip():
        raise InvalidOptions(f"{spec!r}: nothing after ':' (write e.g. {kind}:seconds=1)")
    for item in rest.split(","):
        key, equals, text = (part.strip() for part in item.partition("="))
        if not equals or not key or not text:
            raise InvalidOptions(f"{spec!r}: {item.strip()!r} is not key=value (write e.g. {kind}:seconds=1)")
        if key in settings:
            raise InvalidOptions(f"{spec!r}: {key!r} is set twice")
        settings[key] = _setting_value(text)
    return settings


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


def is_class_spec(spec: str, game_id: str) -> bool:
    """Whether ``spec`` names an importable class (``package.module:Class``, settings after a
    second colon) rather than a kind registered for the game (``mcts:seconds=1``)."""
    _load_game_bots()
    name, colon, _ = spec.partition(":")
    return bool(colon) and (name, game_id) not in _BOTS and (name, "*") not in _BOTS


def class_spec_parts(spec: str) -> tuple[str, str | None]:
    """``package.module:Class`` of a class spec, and the settings after its second colon (None
    without one)."""
    module_name, _, rest = spec.partition(":")
    class_name, colon, settings_text = rest.partition(":")
    return f"{module_name}:{class_name}", settings_text if colon else None


def bot_class(spec: str) -> type[Bot]:
    """The ``Bot`` subclass ``package.module:Class`` (or ``package.module:Class:settings``)
    names, imported; ``InvalidOptions`` saying why there is none."""
    module_name, _, rest = spec.partition(":")
    class_name = rest.partition(":")[0]
    if module_name == "exec":
        raise InvalidOptions(f"{spec!r}: an external program (exec:) enters a tournament only "
                             "(quarkade tournament; docs/bots.md)")
    if not module_name or not class_name:
        raise InvalidOptions(f"{spec!r} is not module:Class (e.g. mypackage.bots:CleverBot)")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise InvalidOptions(f"cannot import {module_name!r} for {spec!r}: {error}") from None
    found = getattr(module, class_name, None)
    if not (isinstance(found, type) and issubclass(found, Bot)):
        what = "nothing" if found is None else type(found).__name__
        raise InvalidOptions(f"{spec!r}: {module_name}.{class_name} is {what}, not a subclass of quarkade's Bot")
    return found


def make_bot(kind: str, game: Game, seed: int = 0, classes: Mapping[str, type[Bot]] | None = None) -> Bot:
    """The bot ``kind`` names for ``game``: a registered kind, which may carry settings
    (``mcts:seconds=1``), or an importable ``Bot`` subclass, ``package.module:Class``, whose
    settings follow a second colon (``mybots:Policy:weights=policy.npz``). ``classes`` gives
    such classes by their ``package.module:Class`` at hand, not imported again (a worker that
    received them by value may not be able to import their module)."""
    _load_game_bots()
    own = is_class_spec(kind, game.id)
    if own:
        name, settings_text = class_spec_parts(kind)
        factory: BotFactory = classes[name] if classes and name in classes else bot_class(kind)
        settings = _settings(kind, name, settings_text) if settings_text is not None else {}
    else:
        name, settings = parse_bot_spec(kind)
        found = _BOTS.get((name, game.id)) or _BOTS.get((name, "*"))
        if found is None:
            raise InvalidOptions(f"no bot {name!r} for {game.id} (bots: {', '.join(bot_kinds(game.id))})")
        factory = found
    if not settings and not own:
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
    except Exception as error:  # a class of one's own may fail in any way: say which bot, and why
        if not own:
            raise
        raise InvalidOptions(f"bot {kind!r} cannot be made: {type(error).__name__}: {error}") from None
