"""Reading a bot's settings (``kind:key=value,...`` or ``module:Class:key=value,...``): each text
is read as the type the bot's own parameter takes, and a refusal is one sentence naming the bot
as typed, the setting, what it takes and what was given."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from typer.testing import CliRunner

import quarkade
import quarkade.agents.base
from quarkade.agents.base import make_bot, parse_bot_spec
from quarkade.agents.search import SearchBot
from quarkade.core.errors import InvalidOptions
from quarkade.faces.cli import app

# A researcher's module: one class with defaults, one with annotations and no defaults (as
# under ``from __future__ import annotations``), and names that are not bot classes.
BOTS_MODULE = '''
from __future__ import annotations

from quarkade.agents.base import Bot


class S(Bot):
    def __init__(self, game, seed=0, name="x", n=1, scale=0.5, fast=False):
        super().__init__(game, seed)
        self.name, self.n, self.scale, self.fast = name, n, scale, fast

    def choose(self, view, legal):
        return legal[0]


class Typed(Bot):
    def __init__(self, game, seed: int = 0, *, run_id: str, count: int | None = None,
                 rate: float | None = None, loud: bool | None = None, other=None, share: float = 1):
        super().__init__(game, seed)
        self.run_id, self.count, self.rate, self.loud, self.other = run_id, count, rate, loud, other
        self.share = share

    def choose(self, view, legal):
        return legal[0]


class Greedy(Bot):
    def __init__(self, game, seed=0, eps=0.1):
        super().__init__(game, seed)
        self.eps = eps

    def choose(self, view, legal):
        return legal[0]


NOT_A_BOT = 7


class Plain:
    pass
'''


@pytest.fixture
def game() -> quarkade.Game:
    return quarkade.load("quirky-quarks", players=2)


@pytest.fixture
def setbot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The module name of the researcher's bots, importable for the test."""
    (tmp_path / "setbot_module.py").write_text(BOTS_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(__import__("sys").modules, "setbot_module", raising=False)
    return "setbot_module"


@pytest.fixture(params=["strings", "types"])
def annotated(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The researcher's module with its annotations as strings (``from __future__ import
    annotations``) or as the types themselves."""
    name = f"setbot_{request.param}"
    text = BOTS_MODULE if request.param == "strings" else BOTS_MODULE.replace("from __future__ import annotations", "")
    (tmp_path / f"{name}.py").write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(__import__("sys").modules, name, raising=False)
    return name


def refusal(spec: str, game: quarkade.Game) -> str:
    with pytest.raises(InvalidOptions) as caught:
        make_bot(spec, game)
    message = str(caught.value)
    assert "\n" not in message and "Traceback" not in message
    return message


# ----------------------------------------------------------------- 1. a setting's type
def test_a_text_setting_that_looks_like_a_number_stays_text(setbot: str, game: quarkade.Game) -> None:
    bot = make_bot(f"{setbot}:S:name=007,n=3,scale=2,fast=true", game)
    assert (bot.name, bot.n, bot.scale, bot.fast) == ("007", 3, 2.0, True)  # type: ignore[attr-defined]
    assert type(bot.scale) is float  # type: ignore[attr-defined]


def test_an_annotated_setting_without_a_default_takes_its_annotation(annotated: str, game: quarkade.Game) -> None:
    bot = make_bot(f"{annotated}:Typed:run_id=0042,count=5,rate=1,loud=false,other=12,share=0.5", game)
    assert (bot.run_id, bot.count, bot.rate, bot.loud) == ("0042", 5, 1.0, False)  # type: ignore[attr-defined]
    assert type(bot.rate) is float  # type: ignore[attr-defined]
    assert bot.other == 12, "a setting with neither default nor annotation is guessed"  # type: ignore[attr-defined]
    assert bot.share == 0.5, "the annotation, float, over its default's type, int"  # type: ignore[attr-defined]


@pytest.mark.parametrize(("settings", "said"), [
    ("n=1e3", "setting 'n' is a whole number (like 1), not '1e3'"),
    ("n=2.5", "setting 'n' is a whole number (like 1), not '2.5'"),
    ("scale=fast", "setting 'scale' is a number (like 0.5), not 'fast'"),
    ("fast=1", "setting 'fast' is true or false, not '1'"),
])
def test_a_setting_of_the_wrong_type_is_refused_in_one_sentence(setbot: str, game: quarkade.Game, settings: str,
                                                                said: str) -> None:
    spec = f"{setbot}:S:{settings}"
    assert refusal(spec, game) == f"bot {spec!r}: {said}"


def test_an_annotated_setting_of_the_wrong_type_is_refused(annotated: str, game: quarkade.Game) -> None:
    spec = f"{annotated}:Typed:run_id=a,count=many"
    assert refusal(spec, game) == f"bot {spec!r}: setting 'count' is a whole number (like 1), not 'many'"


def test_a_setting_without_a_default_must_be_given(setbot: str, game: quarkade.Game) -> None:
    spec = f"{setbot}:Typed:count=1"
    assert refusal(spec, game) == f"bot {spec!r} needs the setting 'run_id' (write e.g. {setbot}:Typed:run_id=value)"
    assert refusal(f"{setbot}:Typed", game) == (f"bot '{setbot}:Typed' needs the setting 'run_id' "
                                                f"(write e.g. {setbot}:Typed:run_id=value)")


def test_the_search_bot_reads_its_optional_settings_as_their_annotations(game: quarkade.Game) -> None:
    bot = make_bot("mcts:depth=6,margin=0,paired=true,seconds=2", game)
    assert isinstance(bot, SearchBot)
    assert (bot.depth, bot.margin, bot.paired, bot.seconds) == (6, 0.0, True, 2.0)
    assert refusal("mcts:depth=6.5", game) == ("bot 'mcts:depth=6.5': setting 'depth' is a whole number (like 1), "
                                               "not '6.5'")


def test_parse_bot_spec_still_guesses_the_values() -> None:
    assert parse_bot_spec("mcts:seconds=1,tree=true,depth=2.5,name=x") == (
        "mcts", {"seconds": 1, "tree": True, "depth": 2.5, "name": "x"})
    assert parse_bot_spec("random") == ("random", {})


# ----------------------------------------------------------------- 2. the bot is named
@pytest.mark.parametrize(("spec", "said"), [
    ("mcts:seconds=abc", "bot 'mcts:seconds=abc': setting 'seconds' is a number (like 1.0), not 'abc'"),
    ("mcts:tree=maybe", "bot 'mcts:tree=maybe': setting 'tree' is true or false, not 'maybe'"),
    ("mcts:secs=1", "bot 'mcts:secs=1' has no setting 'secs': it takes seconds, iterations, depth, exploration, "
                    "guided, bias, margin, widen, tree, workers, paired, wall"),
    ("mcts:depth=1,depth=2", "bot 'mcts:depth=1,depth=2': setting 'depth' is set twice"),
])
def test_every_settings_error_names_the_bot_as_typed(game: quarkade.Game, spec: str, said: str) -> None:
    assert refusal(spec, game) == said


# ----------------------------------------------------------------- 3. the search bot's limits
@pytest.mark.parametrize(("spec", "said"), [
    ("mcts:iterations=-5", "iterations must be 0 or more, not -5"),
    ("mcts:depth=-1", "depth must be 0 or more, not -1"),
    ("mcts:exploration=-0.1", "exploration must be 0 or more, not -0.1"),
    ("mcts:bias=-1", "bias must be 0 or more, not -1.0"),
    ("mcts:widen=-2", "widen must be 0 or more, not -2.0"),
    ("mcts:guided=1.5", "guided must be between 0 and 1, not 1.5"),
    ("mcts:workers=0", "workers must be 1 or more, not 0"),
    ("mcts:seconds=0", "seconds must be above 0, not 0.0"),
    ("mcts:wall=-1", "wall must be 0 (no cap) or a number of seconds above 0, not -1.0"),
])
def test_the_search_bot_names_the_setting_out_of_its_range(game: quarkade.Game, spec: str, said: str) -> None:
    assert refusal(spec, game) == f"bot {spec!r}: {said}"


def test_the_command_refuses_a_bad_setting_with_exit_code_2() -> None:
    result = CliRunner().invoke(app, ["tournament", "qwarks", "--bots", "mcts:iterations=-5,random"])
    assert result.exit_code == 2
    assert "bot 'mcts:iterations=-5': iterations must be 0 or more, not -5" in result.output
    assert "Traceback" not in result.output


# ----------------------------------------------------------------- 4. a class that is not there
def test_a_module_without_the_class_says_so(setbot: str, game: quarkade.Game) -> None:
    assert refusal(f"{setbot}:Nope", game) == f"bot '{setbot}:Nope': module {setbot} has no Nope"
    assert refusal(f"{setbot}:Nope:n=1", game) == f"bot '{setbot}:Nope:n=1': module {setbot} has no Nope"


@pytest.mark.parametrize(("name", "what"), [("NOT_A_BOT", "an int"), ("Plain", "a class")])
def test_a_name_that_is_not_a_bot_class_says_what_it_is(setbot: str, game: quarkade.Game, name: str,
                                                        what: str) -> None:
    spec = f"{setbot}:{name}"
    assert refusal(spec, game) == f"bot {spec!r}: {setbot}.{name} is {what}, not a subclass of quarkade's Bot"


def test_a_function_is_not_a_bot_class(game: quarkade.Game) -> None:
    assert refusal("quarkade.agents.base:make_bot", game) == (
        "bot 'quarkade.agents.base:make_bot': quarkade.agents.base.make_bot is a function, "
        "not a subclass of quarkade's Bot")


# ----------------------------------------------------------------- 5. the form of a setting
def test_a_setting_without_a_value_suggests_the_form_with_its_own_key(setbot: str, game: quarkade.Game) -> None:
    spec = f"{setbot}:Greedy:eps"
    assert refusal(spec, game) == (f"bot {spec!r}: 'eps' is not key=value "
                                   f"(write key=value, e.g. {setbot}:Greedy:eps=0.1)")
    spec = f"{setbot}:Greedy:gamma"
    assert refusal(spec, game) == (f"bot {spec!r}: 'gamma' is not key=value "
                                   f"(write key=value, e.g. {setbot}:Greedy:gamma=value)")
    assert refusal("mcts:seconds", game) == ("bot 'mcts:seconds': 'seconds' is not key=value "
                                             "(write key=value, e.g. mcts:seconds=1.0)")


def test_a_setting_without_a_key_suggests_one_the_bot_has(setbot: str, game: quarkade.Game) -> None:
    assert refusal("mcts:", game) == "bot 'mcts:': nothing after ':' (write key=value, e.g. mcts:seconds=1.0)"
    spec = f"{setbot}:Greedy:=3"
    assert refusal(spec, game) == f"bot {spec!r}: '=3' is not key=value (write key=value, e.g. {setbot}:Greedy:eps=0.1)"
    spec = "quarkade.agents.base:RandomBot:"
    assert refusal(spec, game) == (f"bot {spec!r}: nothing after ':' "
                                   "(write key=value, e.g. quarkade.agents.base:RandomBot:key=value)")
    with pytest.raises(InvalidOptions) as caught:
        parse_bot_spec("mcts:")  # the bot unknown: the form alone
    assert str(caught.value) == "bot 'mcts:': nothing after ':' (write key=value, e.g. mcts:key=value)"


def test_the_doctests_of_the_bot_settings() -> None:
    result = doctest.testmod(quarkade.agents.base, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_a_bot_module_given_as_a_path_or_not_found_says_where_modules_are_looked_for() -> None:
    from quarkade.agents.base import bot_class

    with pytest.raises(InvalidOptions, match=r"'examples/train_ppo\.py' is a path; give the module's name "
                                             r"\(e\.g\. train_ppo:PolicyBot\), found in the current folder or on "
                                             r"PYTHONPATH$"):
        bot_class("examples/train_ppo.py:PolicyBot")
    with pytest.raises(InvalidOptions, match=r"No module named 'no_such_bots'; a bot's module is looked for on "
                                             r"Python's path \(PYTHONPATH; the command line adds its current folder\)"):
        bot_class("no_such_bots:Clever")
