"""How a planner of Quirky Circuits sees a scenario's board: the robot's moves, card by card,
remembered, and an estimate of the cards the goal still needs.

The robot moves by the engine's own rules (``robot.Robot``); the navigator only remembers each
card's outcome. A robot state is one number, ``tokens * poses + pose`` (a pose is a space
and a facing, the tokens an interned tuple), so the searches hash small ints. The solver
(``solver.py``) and the heuristic bot (``bot.py``) share one navigator per rulebook scenario.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Final, Literal

from quarkade.games.quirky_circuits.components import (
    COMPONENTS,
    DUST,
    FLAG,
    POT,
    QUIRK,
    SCENARIO_IDS,
    Direction,
    Scenario,
    Space,
    Token,
    neighbour,
)
from quarkade.games.quirky_circuits.robot import Robot

if TYPE_CHECKING:
    from quarkade.games.quirky_circuits.rules import QuirkyCircuitsState

_DIRECTIONS: Final = tuple(Direction)  # by number: looked up, not made
WIN: Final = -1  # a step's outcome when the card meets the scenario's goal
FAR: Final = 10_000  # a space the robot cannot reach
_NOWHERE: Final = (Token(FLAG, (-1, -1)),)  # a token off the board: never collected, so the goal is never met


def token_order(token: Token) -> tuple[int, int, str, bool]:
    """The order the engine keeps the tokens in (north to south, west to east)."""
    return token.space[1], token.space[0], token.kind, token.raised


class Navigator:
    """One scenario's board as seen by a planner: card outcomes, remembered, and an estimate
    of the cards still needed to meet the goal. Shared by every game of the scenario."""

    MOST_REMEMBERED = 400_000  # card outcomes kept before the memory is cleared
    # Two measures of distance, blended: with every kind of card, and with the common kinds
    # only (a hand seldom holds the lone slide or move 3 just when it is needed).
    LANES: tuple[tuple[int, ...], ...] = (tuple(range(8)), (0, 2, 3, 5, 6))
    LANE_WEIGHTS: tuple[float, ...] = (0.25, 0.75)

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.width = scenario.width
        self.poses = scenario.width * scenario.height * 4
        self.token_sets: list[tuple[Token, ...]] = []
        self._token_index: dict[tuple[Token, ...], int] = {}
        self.outcomes: dict[int, int] = {}  # robot state * 8 + card kind -> the state after it
        self.estimates: dict[int, float] = {}  # by robot state: read directly by the planners' inner loops
        self._floors: dict[int, frozenset[int] | Literal[False]] = {}  # by token set: see ``_floor``
        self._filled: set[int] = set()  # the token sets whose outcomes ``fill`` worked out
        self._edges: dict[int, list[list[tuple[int, tuple[int, ...]]]]] = {}
        self._touch: dict[tuple[int, int], tuple[list[int], list[int], list[int]]] = {}
        self._knocked: dict[Token, tuple[tuple[int, int, int], ...]] = {}
        self._tours: dict[tuple[int, int, int, int, int], int] = {}
        self._lefts: dict[tuple[int, int], tuple[tuple[int, ...], tuple[tuple[tuple[int, int, int], ...], ...]]] = {}
        self.start = self._space_index(scenario.start)
        self._home = frozenset((self.start,))  # the ``_floor`` of the empty set of tokens

    # ------------------------------------------------------------------ encoding
    def _space_index(self, space: Space) -> int:
        return space[1] * self.width + space[0]

    def pose(self, space: Space, facing: Direction) -> int:
        return self._space_index(space) * 4 + int(facing)

    def unpose(self, pose: int) -> tuple[Space, Direction]:
        index, facing = divmod(pose, 4)
        y, x = divmod(index, self.width)
        return (x, y), _DIRECTIONS[facing]

    def tokens_id(self, tokens: Iterable[Token]) -> int:
        ordered = tuple(sorted(tokens, key=token_order))
        index = self._token_index.get(ordered)
        if index is None:
            index = self._token_index[ordered] = len(self.token_sets)
            self.token_sets.append(ordered)
        return index

    def robot_state(self, space: Space, facing: Direction, tokens: Iterable[Token]) -> int:
        return self.tokens_id(tokens) * self.poses + self.pose(space, facing)

    def of_state(self, state: QuirkyCircuitsState) -> int:
        return self.robot_state(state.space, state.facing, state.tokens)

    # ------------------------------------------------------------------ moving
    def step(self, robot_state: int, card: int) -> int:
        """The robot state after resolving ``card`` (its kind: Quirk colour changes nothing),
        or WIN when the card meets the goal."""
        kind = card % QUIRK  # the kind: see components.card_kind
        key = robot_state * 8 + kind
        outcome = self.outcomes.get(key)
        if outcome is None:
            if len(self.outcomes) > self.MOST_REMEMBERED:
                self.outcomes.clear()
                self._filled.clear()  # (their outcomes are worked out again as they are asked)
            tokens, pose = divmod(robot_state, self.poses)
            floor = self._floors.get(tokens)
            if floor is None:
                floor = self._floor(tokens)
            if floor is not False:
                outcome = self._on_floor(tokens, floor, pose, kind)
                if outcome is not None:
                    self.outcomes[key] = outcome
                    return outcome
            space, facing = self.unpose(pose)
            before = self.token_sets[tokens]
            robot = Robot(self.scenario, space, facing, before, record=False)
            robot.resolve(kind)
            if robot.won:
                outcome = WIN
            else:
                # Most cards touch no token: the set stays the one already numbered.
                after = robot.tokens
                same = len(after) == len(before) and all(a is b for a, b in zip(after, before, strict=True))
                outcome = (tokens if same else self.tokens_id(after)) * self.poses + self.pose(robot.space,
                                                                                               robot.facing)
            self.outcomes[key] = outcome
        return outcome

    def planned_step(self, robot_state: int, card: int) -> int:
        """``step`` for a planner, which asks for most outcomes of the sets of tokens it meets:
        the first time, every one the empty board's moves tell is worked out at once (``fill``)."""
        self.fill(robot_state // self.poses)
        return self.step(robot_state, card)

    def _on_floor(self, tokens: int, floor: frozenset[int], pose: int, kind: int) -> int | None:
        """The outcome of a card that the empty board's moves tell, for a set of tokens whose
        ``_floor`` is ``floor`` (None when the robot must resolve it): movement never depends
        on the tokens, so a card that enters no token's space leaves them as they were, the
        goal unmet, and ends where it would on an empty board; with every token collected, a
        card that enters the start space meets the goal."""
        moves = self._pose_edges(0)[pose]
        if not moves:  # a pose on an obstacle
            return None
        end, entered = moves[kind]
        if floor.isdisjoint(entered):
            # (With every token collected, a collision on the start space would meet the
            # goal: the robot resolves a card from there.)
            if floor is not self._home or pose >> 2 != self.start:
                return tokens * self.poses + end
        elif floor is self._home:
            return WIN
        return None

    def fill(self, tokens: int) -> None:
        """Every outcome of a set of tokens that the empty board's moves tell, worked out at
        once: a planner that meets a set asks for most of them, and a few hundred in one loop
        cost less than each in a call of its own the first time it is asked. (The rules, which
        ask for the cards of a queue alone, leave them to ``step``.)"""
        if tokens in self._filled:
            return
        outcomes, on_floor = self.outcomes, self._on_floor
        if len(outcomes) > self.MOST_REMEMBERED:
            outcomes.clear()
            self._filled.clear()
        self._filled.add(tokens)
        floor = self._floors.get(tokens)
        if floor is None:
            floor = self._floor(tokens)
        if floor is False:
            return
        for pose in range(self.poses):
            key = (tokens * self.poses + pose) * 8
            for kind in range(8):
                outcome = on_floor(tokens, floor, pose, kind)
                if outcome is not None:
                    outcomes[key + kind] = outcome

    def _floor(self, tokens: int) -> frozenset[int] | Literal[False]:
        """The spaces of a set's tokens when every one is on the floor and one at least is still
        to clean or collect (then a card that enters none of them changes nothing and cannot
        meet the goal); for the empty set, ``_home``, the start space (entering it meets the
        goal); False when a token sits on an obstacle (a collision may knock it off) or only
        whole flower pots are left."""
        found = self.token_sets[tokens]
        floor: frozenset[int] | Literal[False] = False
        if not found:
            floor = self._home
        elif not any(token.raised for token in found) and any(token.kind != POT for token in found):
            floor = frozenset(self._space_index(token.space) for token in found)
        self._floors[tokens] = floor
        return floor

    # ------------------------------------------------------------------ estimating
    def _pose_edges(self, lane: int) -> list[list[tuple[int, tuple[int, ...]]]]:
        """For each pose and card kind of the lane: the pose after it and the spaces it
        entered, with no token on the board (movement never depends on the tokens)."""
        if lane not in self._edges:
            edges: list[list[tuple[int, tuple[int, ...]]]] = []
            for pose in range(self.poses):
                space, facing = self.unpose(pose)
                out: list[tuple[int, tuple[int, ...]]] = []
                if space not in self.scenario.obstacles:
                    for kind in self.LANES[lane]:
                        robot = Robot(self.scenario, space, facing, _NOWHERE)
                        robot.resolve(kind)
                        entered = tuple(self._space_index((step["robot"][0], step["robot"][1]))
                                        for step in robot.steps if step["step"] in ("move", "tunnel"))
                        out.append((self.pose(robot.space, robot.facing), entered))
                edges.append(out)
            self._edges[lane] = edges
        return self._edges[lane]

    def touch(self, pose: int, lane: int = 0) -> tuple[list[int], list[int], list[int]]:
        """From ``pose``, with the lane's kinds of card: the fewest cards to enter each space,
        the pose after them, and the fewest cards to end in each pose."""
        known = self._touch.get((pose, lane))
        if known is not None:
            return known
        edges = self._pose_edges(lane)
        spaces = self.poses // 4
        cards, ends = [FAR] * spaces, [pose] * spaces
        reach = [FAR] * self.poses
        cards[pose // 4], reach[pose] = 0, 0
        layer, distance = [pose], 0
        while layer:
            distance += 1
            following = []
            for node in layer:
                for end, entered in edges[node]:
                    for space in entered:
                        if cards[space] > distance:
                            cards[space], ends[space] = distance, end
                    if reach[end] == FAR:
                        reach[end] = distance
                        following.append(end)
            layer = following
        known = self._touch[pose, lane] = cards, ends, reach
        return known

    def estimate(self, robot_state: int) -> float:
        """About how many cards the goal still needs: a greedy tour of the tokens to clean or
        collect (nearest first), then back to the start space. Not a bound: a ranking."""
        known = self.estimates.get(robot_state)
        if known is not None:
            return known
        if len(self.estimates) > self.MOST_REMEMBERED:
            self.estimates.clear()
        total = sum(weight * self._tour(robot_state, lane) for lane, weight in enumerate(self.LANE_WEIGHTS) if weight)
        self.estimates[robot_state] = total
        return total

    def _tour(self, robot_state: int, lane: int) -> int:
        tokens, pose = divmod(robot_state, self.poses)
        floor, raised = self._left(tokens, lane)
        return self._rest_of_tour(tokens, (1 << len(floor)) - 1, (1 << len(raised)) - 1, pose, lane)

    def _rest_of_tour(self, tokens: int, floor_left: int, raised_left: int, pose: int, lane: int) -> int:
        """The greedy tour from ``pose`` of the tokens still to visit (bits of the lists
        ``_left`` gives, in their order): tours from many places soon meet, so each rest is
        worked out once."""
        key = (tokens, floor_left, raised_left, pose, lane)
        known = self._tours.get(key)
        if known is not None:
            return known
        if not floor_left and not raised_left:
            total = self.touch(pose, lane)[0][self.start]
        else:
            floor, raised = self._left(tokens, lane)
            cards, ends, reach = self.touch(pose, lane)
            best_cost, best_end, best_floor, best_raised = FAR, pose, -1, -1
            for index, space in enumerate(floor):  # the nearest on the floor, the first of equals
                if floor_left >> index & 1 and cards[space] < best_cost:
                    best_cost, best_end, best_floor = cards[space], ends[space], index
            for index, knocks in enumerate(raised):
                if raised_left >> index & 1:
                    for before, then, then_end in knocks:
                        if reach[before] + 1 < best_cost:
                            cost = reach[before] + 1 + then
                            if cost < best_cost:
                                best_cost, best_end, best_floor, best_raised = cost, then_end, -1, index
            if best_floor < 0 and best_raised < 0:
                total = FAR  # nothing left can be reached
            elif best_raised >= 0:
                total = best_cost + self._rest_of_tour(tokens, floor_left, raised_left & ~(1 << best_raised),
                                                       best_end, lane)
            else:
                total = best_cost + self._rest_of_tour(tokens, floor_left & ~(1 << best_floor), raised_left,
                                                       best_end, lane)
        if len(self._tours) > self.MOST_REMEMBERED:
            self._tours.clear()
        self._tours[key] = total
        return total

    def _left(self, tokens: int, lane: int) -> tuple[tuple[int, ...], tuple[tuple[tuple[int, int, int], ...], ...]]:
        """What a tour of a set of tokens visits, worked out once per set and lane. A token on
        the floor is cleaned by entering its space, any facing: its space. One on an obstacle
        is first knocked off by moving into the obstacle from a neighbouring space, which
        leaves the robot in a pose and the token on a space to enter next: for each way, the
        pose to reach, then the cards from the pose after the knock to the fallen token and
        the pose they end in."""
        known = self._lefts.get((tokens, lane))
        if known is not None:
            return known
        floor: list[int] = []
        raised: list[tuple[tuple[int, int, int], ...]] = []
        for token in self.token_sets[tokens]:
            if not token.raised:
                floor.append(self._space_index(token.space))
            elif token.kind == DUST:
                ways = []
                for before, after, fallen in self._knocks(token):
                    then, then_ends, _ = self.touch(after, lane)
                    ways.append((before, then[fallen], then_ends[fallen]))
                raised.append(tuple(ways))
        known = self._lefts[tokens, lane] = (tuple(floor), tuple(raised))
        return known

    def _knocks(self, token: Token) -> tuple[tuple[int, int, int], ...]:
        """The ways to knock a token off its obstacle, as the engine resolves them: (the pose
        facing the obstacle from a neighbouring space, the pose after the collision, the space
        the token falls on). A token that would stay on its obstacle offers no way."""
        known = self._knocked.get(token)
        if known is not None:
            return known
        ways = []
        for direction in Direction:
            space = neighbour(token.space, direction.opposite)
            if not self.scenario.inside(space) or space in self.scenario.obstacles:
                continue
            robot = Robot(self.scenario, space, direction, (token, *_NOWHERE))
            robot.resolve(0)  # move 1 into the obstacle
            fallen = [t for t in robot.tokens if not t.raised and t.kind == DUST]
            if robot.space == space and fallen:
                ways.append((self.pose(space, direction), self.pose(robot.space, robot.facing),
                             self._space_index(fallen[0].space)))
        known = self._knocked[token] = tuple(ways)
        return known

    def cleanable_left(self, robot_state: int) -> int:
        """Tokens still to clean or collect (flower pots still whole need nothing)."""
        return sum(token.kind != POT for token in self.token_sets[robot_state // self.poses])


@cache
def navigator(scenario_id: str) -> Navigator:
    return Navigator(COMPONENTS.scenario(scenario_id))


def navigator_for(scenario: Scenario) -> Navigator:
    """The shared navigator of a rulebook scenario, or a fresh one for a hand-made board."""
    if scenario.id in SCENARIO_IDS and COMPONENTS.scenario(scenario.id) is scenario:
        return navigator(scenario.id)
    return Navigator(scenario)
