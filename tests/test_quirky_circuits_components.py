"""Quirky Circuits component data: the 38 command cards and the ten house maps, checked
against every constraint of the rulebook, and the checks themselves refusing bad data."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from quarkade.games.quirky_circuits.components import (
    COMMAND_CARDS,
    COMPONENTS,
    DUST,
    FLAG,
    GIZMO,
    MOST_CLEANABLE_TOKENS,
    MOST_POTS,
    POT,
    RULEBOOK_SCENARIOS,
    SCENARIO_IDS,
    ComponentError,
    Kind,
    _scenario,
    card_kind,
    raw_data,
)
from quirky_circuits_positions import greedy_route, strongly_connected

SCENARIOS = COMPONENTS.scenarios


def hazards(s: Any) -> int:
    return (len(s.obstacles) + len(s.chairs) + len(s.snowdrifts) + len(s.slopes) // 2 + len(s.tunnels) // 2
            + len(s.barriers) // 2)


def test_thirty_eight_command_cards_of_the_eight_kinds() -> None:
    total = sum(len(base) + len(quirks) for base, quirks in COMPONENTS.decks.values())
    assert total == COMMAND_CARDS == 38
    for base, quirks in COMPONENTS.decks.values():
        assert {card_kind(c) for c in base} == set(Kind), "every kind is in each Base Deck"
        assert len(base) >= 16 and quirks


def test_the_ten_scenarios_in_the_rulebooks_order() -> None:
    assert tuple(s.id for s in SCENARIOS) == SCENARIO_IDS
    assert SCENARIO_IDS[0] == "rise-and-shine" and SCENARIO_IDS[-1] == "tea-time" and len(SCENARIO_IDS) == 10
    for s in SCENARIOS:
        title, robot, rules = RULEBOOK_SCENARIOS[s.id]
        assert (s.title, s.robot, s.rules) == (title, robot, rules)
        assert s.quirks == ("quirk-cards" in rules)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=SCENARIO_IDS)
def test_tokens_within_the_components(scenario: Any) -> None:
    counts = Counter(t.kind for t in scenario.tokens)
    assert counts[DUST] + counts[FLAG] <= MOST_CLEANABLE_TOKENS
    assert counts[POT] <= MOST_POTS
    assert (counts[DUST] > 0) == (scenario.robot == GIZMO) and (counts[FLAG] > 0) != (scenario.robot == GIZMO)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=SCENARIO_IDS)
def test_every_map_can_be_won(scenario: Any) -> None:
    """From anywhere the robot can get to, it can come home, and a route wins the scenario."""
    assert strongly_connected(scenario)
    assert greedy_route(scenario) is not None


def test_difficulty_rises() -> None:
    """More tokens, longer routes, more hazards, shorter batteries."""
    tokens = [len(s.tokens) for s in SCENARIOS]
    batteries = [s.battery for s in SCENARIOS]
    assert tokens == sorted(tokens) and tokens[0] < tokens[-1]
    assert batteries == sorted(batteries, reverse=True) and batteries[0] > batteries[-1]
    for robot in ("gizmo", "penny"):
        mine = [s for s in SCENARIOS if s.robot == robot]
        routes = [greedy_route(s) or 0 for s in mine]
        assert routes == sorted(routes), f"{robot}'s routes: {routes}"
        levels = [hazards(s) for s in mine]
        assert levels == sorted(levels) and levels[0] < levels[-1], f"{robot}'s hazards: {levels}"


def test_public_components_are_the_data_files() -> None:
    from quarkade.games.quirky_circuits.rules import QuirkyCircuits

    public = QuirkyCircuits.public_components()
    assert public["scenarios.toml"]["scenario"][0]["id"] == "rise-and-shine"
    assert set(public["cards.toml"]) == {"rules_version", "gizmo", "penny"}


# ------------------------------------------------------------------------ bad data is refused
def raw(scenario_id: str) -> dict[str, Any]:
    return dict(raw_data("scenarios.toml")["scenario"][SCENARIO_IDS.index(scenario_id)])


def build(scenario_id: str, **changes: Any) -> None:
    data = {**raw(scenario_id), **changes}
    _scenario(SCENARIO_IDS.index(scenario_id), data, COMPONENTS.decks)


def replace_map(scenario_id: str, old: str, new: str) -> str:
    text = raw(scenario_id)["map"]
    assert old in text
    return str(text.replace(old, new, 1))


def test_the_real_data_builds() -> None:
    for scenario_id in SCENARIO_IDS:
        build(scenario_id)


@pytest.mark.parametrize(("scenario_id", "old", "new", "reason"), [
    ("hit-the-slopes", "|. . @ . . .|", "|. # @ . . .|", "do not name obstacles"),
    ("rise-and-shine", "|. . . . . d|", "|. . . . . f|", "do not name flags"),
    ("rise-and-shine", "|. . . . # d|", "|. . . . # d |", "every line"),
    ("rise-and-shine", "|. . . . # d|", "|. . . . X d|", "not a kind of space"),
    ("rise-and-shine", "|@ . . d . .|", "|@ . . . . .|", None),
    ("rise-and-shine", "+ + + + +-+ +", "+ + + + +v+ +", "do not name slopes"),
    ("rise-and-shine", "+ + + + +-+ +", "+ + + + + + +", None),
    ("sliding-through-tunnels", "+-+-+-+-+-+1+-+", "+-+-+-+-+-+-+-+", "1 mouths"),
    ("rise-and-shine", "|. . . . . d|", "|. @ . . . d|", "one start space"),
    ("hit-the-slopes", "+-+-+-+-+-+-+\n|f", "+-+-+v+-+-+-+\n|f", "slope on the board's edge"),
    ("hit-the-slopes", "|. . .|. . f|", "|. . .>. . f|", None),
])
def test_bad_maps_are_refused(scenario_id: str, old: str, new: str, reason: str | None) -> None:
    changed = replace_map(scenario_id, old, new)
    if reason is None:
        build(scenario_id, map=changed)  # a harmless change: still valid
        return
    with pytest.raises(ComponentError, match=reason):
        build(scenario_id, map=changed)


def test_too_many_tokens_are_refused() -> None:
    crowded = replace_map("tea-time", "|. . . @ . . . d|", "|d d . @ d d d d|")
    with pytest.raises(ComponentError, match="dust bunny/flag tokens"):
        build("tea-time", map=crowded)
    pots = replace_map("tea-time", "|. . . @ . . . d|", "|. p . @ . . . d|")
    with pytest.raises(ComponentError, match="flower pots"):
        build("tea-time", map=pots)


def test_a_wrong_robot_title_or_battery_is_refused() -> None:
    with pytest.raises(ComponentError, match="played with gizmo"):
        build("rise-and-shine", robot="penny")
    with pytest.raises(ComponentError, match="Rise and Shine"):
        build("rise-and-shine", title="Wake Up")
    with pytest.raises(ComponentError, match="battery track"):
        build("rise-and-shine", yellow=2, red=4)
    with pytest.raises(ComponentError, match="quirk-cards"):
        build("rise-and-shine", quirks=True)


def test_a_tunnel_loop_is_refused() -> None:
    looping = """
+-+-+-+
1@ .<f2
+ +-+ +
2. . .1
+-+-+-+
"""
    with pytest.raises(ComponentError, match="never end"):
        build("sliding-through-tunnels", map=looping)
