"""Quirky Circuits helpers for tests: hand-made boards and positions, and a map analysis.

``board(rows, robot=...)`` makes a scenario from an ASCII map (the legend of
``components.py``) without the rulebook's checks on whole scenarios, so a test can build
the few spaces a rule needs. ``position`` puts chosen cards in chosen hands of a fresh game.
``reach`` explores where a robot can go with any cards, for the checks on the house maps.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from quarkade.games.quirky_circuits.actions import parse
from quarkade.games.quirky_circuits.components import (
    CARD_BY_ID,
    COMPONENTS,
    FLAG,
    GIZMO,
    RULEBOOK_SCENARIOS,
    Direction,
    Kind,
    Scenario,
    Space,
    Token,
    parse_map,
)
from quarkade.games.quirky_circuits.robot import Robot
from quarkade.games.quirky_circuits.rules import QuirkyCircuits, QuirkyCircuitsState, new_state

NOWHERE = Token(FLAG, (-9, -9))  # never collected: the goal is never met while exploring


def board(rows: str, robot: str = GIZMO, facing: str = "north", start: Space | None = None) -> Scenario:
    """A scenario on a hand-made map (the start space '@', or ``start`` if given)."""
    lines = [line.strip() for line in rows.strip().split("\n")]
    parsed = parse_map(lines, "test board")
    spaces = parsed["spaces"]
    tokens = [Token("dust-bunny", s) for s in spaces["d"] + spaces["C"]]
    tokens += [Token(FLAG, s) for s in spaces["f"] + spaces["F"]]
    tokens += [Token("dust-bunny", s, raised=True) for s in spaces["o"]]
    tokens += [Token("flower-pot", s, raised=True) for s in spaces["p"]]
    base = COMPONENTS.scenarios[0]
    return replace(
        base, id="test-board", robot=robot, width=parsed["width"], height=parsed["height"],
        start=start if start is not None else (spaces["@"] or [(0, 0)])[0], facing=Direction[facing.upper()],
        barriers=frozenset(parsed["barriers"]), slopes=parsed["slopes"], tunnels=parsed["tunnels"],
        obstacles=frozenset(spaces["#"] + spaces["p"] + spaces["o"]), chairs=frozenset(spaces["c"] + spaces["C"]),
        snowdrifts=frozenset(spaces["~"] + spaces["F"]), tokens=tuple(tokens), rows=tuple(lines),
    )


def run(scenario: Scenario, cards: list[str], space: Space | None = None, facing: str | None = None,
        tokens: tuple[Token, ...] | None = None, goal: bool = False) -> Robot:
    """Resolve ``cards`` (names) one after another on ``scenario``; the robot afterwards.
    Unless ``goal``, a token off the board keeps the goal from being met."""
    tokens = scenario.tokens if tokens is None else tokens
    robot = Robot(scenario, space if space is not None else scenario.start,
                  Direction[facing.upper()] if facing else scenario.facing,
                  tokens if goal else (*tokens, NOWHERE))
    for name in cards:
        robot.resolve(CARD_BY_ID[name])
        if robot.won:
            break
    return robot


def position(players: int = 3, seed: int = 0, hands: dict[int, list[str]] | None = None,
             **options: object) -> QuirkyCircuitsState:
    """A fresh game whose named hands hold the named cards."""
    state = new_state(players, seed, **options)
    stack(state, hands or {})
    return state


def stack(state: QuirkyCircuitsState, hands: dict[int, list[str]]) -> None:
    """Give the named hands the named cards, taken from the deck or the other hands (which
    are refilled from the deck); the hands keep their sizes."""
    pool = state.deck + [card for hand in state.hands for card in hand]
    wanted = {seat: [CARD_BY_ID[name] for name in names] for seat, names in hands.items()}
    for cards in wanted.values():
        for card in cards:
            pool.remove(card)
    for seat in range(state.players):
        size = len(state.hands[seat])
        if seat in wanted:
            state.hands[seat] = sorted(wanted[seat])
        else:
            state.hands[seat], pool = sorted(pool[:size]), pool[size:]
    state.deck = pool
    state._legal = None


def game(players: int = 3, **options: object) -> QuirkyCircuits:
    return QuirkyCircuits(*QuirkyCircuits.validate_options(players, options))


KINDS = [kind for kind in Kind]


def moves(scenario: Scenario, space: Space, facing: Direction) -> list[tuple[Space, Direction, set[Space]]]:
    """Where each card kind takes the robot from (space, facing), and the spaces it enters."""
    out = []
    for kind in KINDS:
        robot = Robot(scenario, space, facing, (NOWHERE,))
        robot.resolve(int(kind))
        entered = {tuple(step["robot"]) for step in robot.steps if step["step"] in ("move", "tunnel")}
        out.append((robot.space, robot.facing, entered))
    return out


def reach(scenario: Scenario) -> dict[tuple[Space, Direction], int]:
    """Every (space, facing) reachable from the start, with the fewest cards to get there."""
    start = (scenario.start, scenario.facing)
    distance = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for space, facing, _ in moves(scenario, *here):
            if (space, facing) not in distance:
                distance[(space, facing)] = distance[here] + 1
                todo.append((space, facing))
    return distance


def _remaining(tokens: tuple[Token, ...]) -> int:
    return sum(t.kind != "flower-pot" for t in tokens)


def greedy_route(scenario: Scenario) -> int | None:
    """Cards needed to win by always heading for the nearest token (fewest cards first), then
    home: an upper bound on the shortest route, or None if the goal cannot be reached."""
    here = (scenario.start, scenario.facing, scenario.tokens)
    total = 0
    while True:
        distance = {here: 0}
        todo = deque([here])
        found = None
        while todo and found is None:
            space, facing, tokens = todo.popleft()
            for kind in KINDS:
                robot = Robot(scenario, space, facing, tokens)
                robot.resolve(int(kind))
                after = (robot.space, robot.facing, tuple(sorted(robot.tokens, key=lambda t: (t.space, t.kind))))
                if after in distance:
                    continue
                distance[after] = distance[(space, facing, tokens)] + 1
                if robot.won or _remaining(after[2]) < _remaining(tokens):
                    found = (after, robot.won)
                    break
                todo.append(after)
        if found is None:
            return None
        total += distance[found[0]]
        here = found[0]
        if found[1]:
            return total


def strongly_connected(scenario: Scenario) -> bool:
    """From every (space, facing) the robot can reach, it can get back to its start space."""
    reached = reach(scenario)
    back: dict[tuple[Space, Direction], set[tuple[Space, Direction]]] = {}
    for here in reached:
        for space, facing, _ in moves(scenario, *here):
            back.setdefault((space, facing), set()).add(here)
    home = [k for k in reached if k[0] == scenario.start]
    seen = set(home)
    todo = deque(home)
    while todo:
        for earlier in back.get(todo.popleft(), ()):
            if earlier not in seen:
                seen.add(earlier)
                todo.append(earlier)
    return seen >= set(reached)


__all__ = ["RULEBOOK_SCENARIOS", "board", "game", "greedy_route", "moves", "position", "reach", "run", "stack",
           "strongly_connected"]


def act(state: QuirkyCircuitsState, seat: int, text: str) -> None:
    """Apply ``text`` for ``seat`` through the checked path."""
    state.apply(seat, parse(text))


def steps(robot: Robot, kind: str) -> list[dict[str, object]]:
    """The steps of one kind ("move", "fall", ...) a robot's last card wrote down."""
    return [step for step in robot.steps if step["step"] == kind]
