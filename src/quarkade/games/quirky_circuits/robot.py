"""The robots on the board: how one command card is resolved (Execute), with every rule of
every scenario. Resolution takes no decision; each thing that happens is written down as a
step (a plain dict) so that a face can replay the card space by space.

Step dicts, each with the robot's place after it (``"robot": [x, y]``, ``"facing"``)::

    {"step": "move", "from": [x, y], "direction": "north", "sliding": false}
    {"step": "slide", "direction": "east", "cause": "card" | "slope"}
    {"step": "tunnel", "from": [x, y], "direction": "south"}   # came out of a tunnel
    {"step": "collide", "with": "barrier" | "edge" | "obstacle" | "slope" | "tunnel", "at": [x, y]}
    {"step": "halt", "reason": "collision" | "chair" | "snowdrift"}
    {"step": "rotate", "turn": "left" | "right" | "around", "cause": "card" | "collision" | "chair"}
    {"step": "collect", "token": "dust-bunny" | "flag" | "shattered-pot", "at": [x, y]}
    {"step": "fall", "token": "flower-pot" | "dust-bunny", "from": [x, y], "to": [x, y],
     "becomes": "shattered-pot" | "dust-bunny"}                # none when it cannot fall (ruling 13)
    {"step": "goal"}                                            # the scenario's goal is met
"""

from __future__ import annotations

from typing import Any, Final

from quarkade.games.quirky_circuits.components import (
    DIRECTION_WORDS,
    DUST,
    DX,
    DY,
    GIZMO,
    POT,
    SHATTERED,
    Direction,
    Kind,
    Scenario,
    Space,
    Token,
    card_kind,
    neighbour,
)

MOVED: Final = 0
HALTED: Final = 1
SLOPE: Final = 2
WON: Final = 3
DISTANCE: Final = {Kind.MOVE_1: 1, Kind.MOVE_2: 2, Kind.MOVE_3: 3, Kind.MOVE_BACK: 1}
TURN_WORDS: Final = {Kind.ROTATE_LEFT: "left", Kind.ROTATE_RIGHT: "right", Kind.ROTATE_180: "around"}


def goal_met(scenario: Scenario, space: Space, tokens: tuple[Token, ...]) -> bool:
    """Every dust bunny and flag cleaned or collected, every shattered pot cleaned (a pot
    still whole on its obstacle need not be knocked down), and the robot on its start space."""
    return space == scenario.start and all(t.kind == POT for t in tokens)


class Robot:
    """The robot and the tokens while a queue is resolved; ``steps`` records what happened."""

    __slots__ = ("scenario", "space", "facing", "tokens", "steps", "won", "gizmo", "record")

    def __init__(self, scenario: Scenario, space: Space, facing: Direction, tokens: tuple[Token, ...],
                 record: bool = True) -> None:
        self.scenario = scenario
        self.space = space
        self.facing = facing
        self.tokens = list(tokens)
        self.steps: list[dict[str, Any]] = []
        self.won = False
        self.gizmo = scenario.robot == GIZMO
        self.record = record  # False: only where the robot ends matters (planners), no steps kept

    # ------------------------------------------------------------------ records
    def _step(self, **fields: Any) -> None:
        # Called only when recording: planners resolve cards by the million, and the fields of
        # a step would be made for nothing.
        fields["robot"] = list(self.space)
        fields["facing"] = DIRECTION_WORDS[self.facing]
        self.steps.append(fields)

    def _check_goal(self) -> bool:
        # The start space first: off it the goal is not met whatever the tokens.
        if not self.won and self.space == self.scenario.start and goal_met(self.scenario, self.space,
                                                                            tuple(self.tokens)):
            self.won = True
            if self.record:
                self._step(step="goal")
        return self.won

    # ------------------------------------------------------------------ cards
    def resolve(self, card: int) -> None:
        """Resolve one command card (its Quirk colour changes nothing here)."""
        kind = card_kind(card)
        if kind in TURN_WORDS:
            self._rotate(kind, "card")
        elif kind is Kind.SLIDE:
            self._slide(self.facing, "card")
        else:
            direction = self.facing.opposite if kind is Kind.MOVE_BACK else self.facing
            for _ in range(DISTANCE[kind]):
                status = self._advance(direction, sliding=False)[0]
                if status == SLOPE:
                    self._slide(direction, "slope")
                    return
                if status != MOVED:
                    return

    def _rotate(self, kind: Kind, cause: str) -> None:
        if kind is Kind.ROTATE_LEFT:
            self.facing = self.facing.left
        elif kind is Kind.ROTATE_RIGHT:
            self.facing = self.facing.right
        else:
            self.facing = self.facing.opposite
        if self.record:
            self._step(step="rotate", turn=TURN_WORDS[kind], cause=cause)

    def _slide(self, direction: Direction, cause: str) -> None:
        """Slide until something halts the robot; a slide always ends in a halt."""
        if self.record:
            self._step(step="slide", direction=direction.word, cause=cause)
        limit = 4 * self.scenario.width * self.scenario.height + 4  # validated: slides end
        for _ in range(limit):
            status, direction = self._advance(direction, sliding=True)
            if status in (HALTED, WON):
                return
        raise RuntimeError(f"a slide on {self.scenario.id} did not end")

    # ------------------------------------------------------------------ one space
    def _advance(self, direction: Direction, sliding: bool) -> tuple[int, Direction]:
        """Try to move one space ``direction``: MOVED, HALTED, WON, or SLOPE (Penny crossed
        a slope going its way and must slide on)."""
        s = self.scenario
        x, y = self.space
        edge = (x, y, direction)
        mouth = s.tunnels.get(edge)
        if mouth is not None:
            if not sliding:
                return self._collide("tunnel", self.space, direction), direction
            # Out of the other mouth, sliding inward; facing kept forward or backward.
            out = mouth[2].opposite
            if self.facing == direction:
                self.facing = out
            elif self.facing == direction.opposite:
                self.facing = out.opposite
            self.space = (mouth[0], mouth[1])
            if self.record:
                self._step(step="tunnel", **{"from": [x, y]}, direction=out.word)
            return self._enter(sliding=True), out
        ahead = (x + DX[direction], y + DY[direction])
        if not (0 <= ahead[0] < s.width and 0 <= ahead[1] < s.height):
            return self._collide("edge", self.space, direction), direction
        if edge in s.barriers:
            return self._collide("barrier", self.space, direction), direction
        slope = s.slopes.get(edge)
        if slope is not None and slope != direction:
            return self._collide("slope", self.space, direction), direction
        if ahead in s.obstacles:
            return self._collide("obstacle", ahead, direction), direction
        self.space = ahead
        if self.record:
            self._step(step="move", **{"from": [x, y]}, direction=direction.word, sliding=sliding)
        status = self._enter(sliding)
        if status == MOVED and slope is not None and not sliding:
            return SLOPE, direction
        return status, direction

    def _enter(self, sliding: bool) -> int:
        """The robot has entered ``self.space``: clean or collect, then the space's rule."""
        space = self.space
        for token in [t for t in self.tokens if t.space == space and not t.raised]:
            self._collect(token)
        if self._check_goal():
            return WON
        s = self.scenario
        if self.gizmo and space in s.chairs:
            if self.record:
                self._step(step="halt", reason="chair")
            self._rotate(Kind.ROTATE_LEFT, "chair")
            return HALTED
        if sliding and space in s.snowdrifts:
            if self.record:
                self._step(step="halt", reason="snowdrift")
            return HALTED
        return MOVED

    def _collect(self, token: Token) -> None:
        self.tokens.remove(token)
        if self.record:
            self._step(step="collect", token=token.kind, at=list(token.space))

    def _collide(self, what: str, at: Space, direction: Direction) -> int:
        if self.record:
            self._step(step="collide", **{"with": what}, at=list(at))
        if what == "obstacle":
            for token in [t for t in self.tokens if t.space == at and t.raised]:
                self._fall(token, direction)
        if self.record:
            self._step(step="halt", reason="collision")
        if self.gizmo:
            self._rotate(Kind.ROTATE_LEFT, "collision")
        return WON if self._check_goal() else HALTED

    # ------------------------------------------------------------------ falling tokens
    def _blocked(self, space: Space, direction: Direction) -> bool:
        s = self.scenario
        ahead = neighbour(space, direction)
        return not s.inside(ahead) or (space[0], space[1], direction) in s.barriers or ahead in s.obstacles

    def _fall(self, token: Token, direction: Direction) -> None:
        """A token knocked off an obstacle falls one space away from Gizmo, or south when
        a barrier stops it; a flower pot shatters. With both ways blocked it stays."""
        if not self._blocked(token.space, direction):
            target: Space | None = neighbour(token.space, direction)
        elif not self._blocked(token.space, Direction.SOUTH):
            target = neighbour(token.space, Direction.SOUTH)
        else:
            target = None
        if target is None:
            return  # it stays on its obstacle, whole: nothing happened to it
        becomes = SHATTERED if token.kind == POT else DUST
        if self.record:
            self._step(step="fall", token=token.kind, **{"from": list(token.space)}, to=list(target), becomes=becomes)
        self.tokens.remove(token)
        fallen = Token(becomes, target)
        if target == self.space:
            if self.record:
                self._step(step="collect", token=becomes, at=list(target))
        else:
            self.tokens.append(fallen)
