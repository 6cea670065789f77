"""The generic bots, and finding a bot by kind (the interface and registry are in the core)."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import re
import types
import typing
from collections.abc import Mapping
from typing import Any

from quarkade.core.bots import ABOUT as _ABOUT
from quarkade.core.bots import BOTS as _BOTS
from quarkade.core.bots import LIMITS as _LIMITS
from quarkade.core.bots import Bot, BotFactory, register_bot
from quarkade.core.errors import InvalidOptions
from quarkade.core.game import Action, Game, View

__all__ = ["PLAYER_BOTS", "Bot", "BotFactory", "RandomBot", "bot_about", "bot_class", "bot_kinds", "bot_limits",
           "class_spec_parts", "is_class_spec", "make_bot", "offered_bots", "parse_bot_spec", "register_bot"]


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


def any_bot_kinds() -> set[str]:
    """Every bot kind some game has (a kind registered for all games counts once)."""
    _load_game_bots()
    return {kind for kind, _ in _BOTS}


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


def bot_limits(game_id: str, spec: str) -> str:
    """What the bot ``spec`` never does in ``game_id`` (``describe_limits``), or nothing: the
    levels built on the heuristic (``easy``, ``normal``) share its limits."""
    _load_game_bots()
    kind = spec.partition(":")[0]
    limits = _LIMITS.get((kind, game_id)) or _LIMITS.get((kind, "*"), "")
    if not limits and kind in ("easy", "normal"):
        limits = _LIMITS.get(("heuristic", game_id), "")
    return limits


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``kind`` or ``kind:key=value,...`` (e.g. ``mcts:seconds=1,workers=2``) as the kind and its
    settings, their types guessed: numbers and true/false are read as such, anything else stays
    text. (``make_bot`` reads each as the type its bot's parameter takes instead.)

    >>> parse_bot_spec("mcts:seconds=0.5,tree=true,name=007")
    ('mcts', {'seconds': 0.5, 'tree': True, 'name': 7})
    """
    kind, colon, rest = spec.partition(":")
    if not colon:
        return kind, {}
    return kind, {key: _guessed(text) for key, text in _setting_texts(spec, kind, rest, None).items()}


def _setting_texts(spec: str, name: str, rest: str,
                   parameters: Mapping[str, inspect.Parameter] | None) -> dict[str, str]:
    """The text of each setting ``rest`` (``key=value,...``, what follows the colon after
    ``name``) gives, as typed; ``parameters``, the bot's when known, give the examples."""
    texts: dict[str, str] = {}
    if not rest.strip():
        raise InvalidOptions(f"bot {spec!r}: nothing after ':' ({_form(name, '', parameters)})")
    for item in rest.split(","):
        key, equals, text = (part.strip() for part in item.partition("="))
        if not equals or not key or not text:
            raise InvalidOptions(f"bot {spec!r}: {item.strip()!r} is not key=value ({_form(name, key, parameters)})")
        if key in texts:
            raise InvalidOptions(f"bot {spec!r}: setting {key!r} is set twice")
        texts[key] = text
    return texts


def _form(name: str, key: str, parameters: Mapping[str, inspect.Parameter] | None) -> str:
    """How to write a setting of the bot ``name``: the key typed, else the bot's first setting
    with a default, else ``key``; the value its default, where there is one."""
    if not key and parameters:
        key = next((k for k, p in parameters.items() if _default(p) is not None), "")
    example = _default(parameters[key]) if parameters and key in parameters else None
    value = "value" if example in (None, "") else str(example).lower() if isinstance(example, bool) else str(example)
    return f"write key=value, e.g. {name}:{key or 'key'}={value}"


_TYPES: dict[str, type] = {"bool": bool, "int": int, "float": float, "str": str}
_ANNOTATION_WORDS = re.compile(r"[^\s|\[\],]+")  # the names in an annotation's text ("int | None")


def _default(parameter: inspect.Parameter) -> Any:
    """The parameter's default when it is a setting's value (true/false, a number, a text)."""
    return parameter.default if type(parameter.default) in _TYPES.values() else None


def _setting_type(parameter: inspect.Parameter) -> type | None:
    """The type a setting's text is read as: the one its annotation names, alone or with None
    (``int``, ``"float | None"``: a string under ``from __future__ import annotations``), else
    its default's; None to guess."""
    annotation = parameter.annotation
    if isinstance(annotation, str):
        names = set(_ANNOTATION_WORDS.findall(annotation)) - {"None", "Optional", "typing.Optional"}
        members: list[Any] = [_TYPES.get(name) for name in names]
    elif typing.get_origin(annotation) in (typing.Union, types.UnionType):
        members = [member for member in typing.get_args(annotation) if member is not type(None)]
    else:
        members = [annotation]
    if len(members) == 1 and members[0] in _TYPES.values():
        return typing.cast(type, members[0])
    default = _default(parameter)
    return None if default is None else type(default)


def _setting(spec: str, key: str, text: str, parameter: inspect.Parameter | None) -> Any:
    """The setting ``key`` of the bot ``spec``, ``text`` as typed, read as its parameter's type."""
    kind = _setting_type(parameter) if parameter is not None else None
    if kind is None:
        return _guessed(text)
    if kind is str:
        return text
    if kind is bool:
        if text.lower() in ("true", "false"):
            return text.lower() == "true"
        raise InvalidOptions(f"bot {spec!r}: setting {key!r} is true or false, not {text!r}")
    default = _default(parameter) if parameter is not None else None
    like = default if type(default) is kind else kind(1)
    try:
        return kind(text)
    except ValueError:
        takes = "a whole number" if kind is int else "a number"
        raise InvalidOptions(f"bot {spec!r}: setting {key!r} is {takes} (like {like!r}), not {text!r}") from None


def _guessed(text: str) -> Any:
    """A setting's text read as true/false, a whole number or a number, else the text."""
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _parameters(factory: BotFactory) -> tuple[dict[str, inspect.Parameter], bool]:
    """The settings a factory takes by name (after the game and seed it is given first), and
    whether it takes any other too (``**settings``)."""
    if isinstance(factory, type):
        parameters = list(inspect.signature(factory.__init__).parameters.values())[1:]  # type: ignore[misc]
    else:
        parameters = list(inspect.signature(factory).parameters.values())
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    given = [p.name for p in parameters if p.kind in positional][:2]  # the game and the seed
    named = {p.name: p for p in parameters if p.name not in given and p.kind in (
        inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)}
    return named, any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)


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
    if module_name.endswith(".py") or "/" in module_name or "\\" in module_name:
        name = module_name.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".py")
        raise InvalidOptions(f"bot {spec!r}: {module_name!r} is a path; give the module's name (e.g. "
                             f"{name}:{class_name}), found in the current folder or on PYTHONPATH")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # a module of one's own may fail in any way as it is imported
        why = str(error) if isinstance(error, ImportError) else f"{type(error).__name__}: {error}"
        if isinstance(error, ModuleNotFoundError) and error.name == module_name.partition(".")[0]:
            why += ("; a bot's module is looked for on Python's path (PYTHONPATH; the command line adds "
                    "its current folder)")
        raise InvalidOptions(f"bot {spec!r}: cannot import {module_name!r} ({why})") from None
    if not hasattr(module, class_name):
        raise InvalidOptions(f"bot {spec!r}: module {module_name} has no {class_name}")
    found = getattr(module, class_name)
    if not (isinstance(found, type) and issubclass(found, Bot)):
        what = "a class" if isinstance(found, type) else _a(type(found).__name__)
        raise InvalidOptions(f"bot {spec!r}: {module_name}.{class_name} is {what}, not a subclass of quarkade's Bot")
    return found


def _a(noun: str) -> str:
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def make_bot(kind: str, game: Game, seed: int = 0, classes: Mapping[str, type[Bot]] | None = None) -> Bot:
    """The bot ``kind`` names for ``game``: a registered kind, which may carry settings
    (``mcts:seconds=1``), or an importable ``Bot`` subclass, ``package.module:Class``, whose
    settings follow a second colon (``mybots:Policy:weights=policy.npz``). ``classes`` gives
    such classes by their ``package.module:Class`` at hand, not imported again (a worker that
    received them by value may not be able to import their module).

    Each setting's text is read as its parameter takes it: the type its annotation names
    (``str``, ``int``, ``float``, ``bool``, or one of them or None), else its default's type
    (``name=007`` stays the text "007" where the default is text); a setting with neither is
    guessed as ``parse_bot_spec`` does. A whole number is written as one (``1000``, not ``1e3``);
    a number may be whole (``seconds=2``); true or false is written so."""
    _load_game_bots()
    own = is_class_spec(kind, game.id)
    if own:
        name, rest = class_spec_parts(kind)
        factory: BotFactory = classes[name] if classes and name in classes else bot_class(kind)
    else:
        name, colon, text = kind.partition(":")
        found = _BOTS.get((name, game.id)) or _BOTS.get((name, "*"))
        if found is None:
            raise InvalidOptions(f"no bot {name!r} for {game.id} (bots: {', '.join(bot_kinds(game.id))})")
        if not colon:
            return found(game, seed)
        factory, rest = found, text
    parameters, takes_any = _parameters(factory)
    texts = _setting_texts(kind, name, rest, parameters) if rest is not None else {}
    unknown = [key for key in texts if key not in parameters]
    if unknown and not takes_any:
        takes = f"it takes {', '.join(parameters)}" if parameters else "it takes no settings"
        raise InvalidOptions(f"bot {kind!r} has no setting {', '.join(map(repr, unknown))}: {takes}")
    settings = {key: _setting(kind, key, text, parameters.get(key)) for key, text in texts.items()}
    missing = [key for key, p in parameters.items() if p.default is inspect.Parameter.empty and key not in settings]
    if missing:
        needs = f"setting {missing[0]!r}" if len(missing) == 1 else f"settings {', '.join(map(repr, missing))}"
        example = ",".join(f"{key}=value" for key in missing)
        raise InvalidOptions(f"bot {kind!r} needs the {needs} (write e.g. {name}:{example})")
    try:
        return factory(game, seed, **settings)
    except (TypeError, ValueError) as error:
        raise InvalidOptions(f"bot {kind!r}: {error}") from None
    except Exception as error:  # a class of one's own may fail in any way: say which bot, and why
        if not own:
            raise
        raise InvalidOptions(f"bot {kind!r} cannot be made: {type(error).__name__}: {error}") from None
