"""An independent reference model of Quirky Circuits' robots and boards, for the audit test.

Written from the rulebook and RULINGS.md alone: it reads the maps from the game's public
component data (the raw ASCII drawing, legend in ``components.py``) with its own parser and
moves the robot card by card, so that a wrong engine and a wrong model would have to be wrong
in the same way to agree. Each resolved card yields a ``CardResult``: where the robot ends,
and the notable events on the way (collisions, halts, tunnels, slope-slides, falls, tokens
cleaned, the goal), in the engine's execution-record words so the two can be compared.

Coordinates are ``(x, y)``: x the column from the west, y the row from the north.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTIONS = ("north", "east", "south", "west")
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
ARROWS = {"^": NORTH, ">": EAST, "v": SOUTH, "<": WEST}
BARRIER_CHARS = "-|"
Space = tuple[int, int]
Event = tuple[Any, ...]

DUST, FLAG, POT, SHATTERED = "dust-bunny", "flag", "flower-pot", "shattered-pot"
CLEANABLE = (DUST, FLAG, SHATTERED)  # a whole pot on its obstacle does not stop the win (ruling 14)


def step(space: Space, direction: int) -> Space:
    return space[0] + DX[direction], space[1] + DY[direction]


def left(direction: int) -> int:
    return (direction + 3) % 4


def opposite(direction: int) -> int:
    return (direction + 2) % 4


@dataclass(frozen=True)
class Board:
    """A scenario's map as printed: what never changes during a game."""

    id: str
    robot: str
    width: int
    height: int
    rows: tuple[str, ...]
    start: Space
    facing: int
    battery: int
    yellow: int
    red: int
    obstacles: frozenset[Space]
    chairs: frozenset[Space]
    snowdrifts: frozenset[Space]
    tokens: tuple[tuple[str, Space, bool], ...]  # (kind, space, raised on an obstacle)
    mouths: dict[tuple[int, int, int], tuple[int, int, int]]  # (x, y, side) -> the other mouth

    def inside(self, space: Space) -> bool:
        return 0 <= space[0] < self.width and 0 <= space[1] < self.height

    def edge(self, space: Space, side: int) -> str:
        """The character drawn on the side ``side`` of a space: ' ', a barrier, an arrow, a digit."""
        x, y = space
        row, col = 2 * y + 1 + DY[side], 2 * x + 1 + DX[side]
        return self.rows[row][col]

    def on_border(self, space: Space, side: int) -> bool:
        return not self.inside(step(space, side))


def parse_board(raw: dict[str, Any]) -> Board:
    """A board from one ``[[scenario]]`` table of the public component data."""
    rows = tuple(raw["map"].strip("\n").split("\n"))
    height, width = (len(rows) - 1) // 2, (len(rows[0]) - 1) // 2
    obstacles: set[Space] = set()
    chairs: set[Space] = set()
    snowdrifts: set[Space] = set()
    tokens: list[tuple[str, Space, bool]] = []
    start: Space | None = None
    for y in range(height):
        for x in range(width):
            char = rows[2 * y + 1][2 * x + 1]
            if char == "@":
                start = (x, y)
            if char in "#po":
                obstacles.add((x, y))
            if char in "cC":
                chairs.add((x, y))
            if char in "~F":
                snowdrifts.add((x, y))
            if char in "dC":
                tokens.append((DUST, (x, y), False))
            if char in "fF":
                tokens.append((FLAG, (x, y), False))
            if char == "o":
                tokens.append((DUST, (x, y), True))
            if char == "p":
                tokens.append((POT, (x, y), True))
    board_without_mouths = Board(
        raw["id"], raw["robot"], width, height, rows, start or (-1, -1), DIRECTIONS.index(raw["facing"]),
        raw["battery"], raw["yellow"], raw["red"], frozenset(obstacles), frozenset(chairs),
        frozenset(snowdrifts), tuple(tokens), {},
    )
    found: dict[str, list[tuple[int, int, int]]] = {}
    for y in range(height):
        for x in range(width):
            for side in range(4):
                if board_without_mouths.on_border((x, y), side):
                    char = board_without_mouths.edge((x, y), side)
                    if char.isdigit():
                        found.setdefault(char, []).append((x, y, side))
    mouths: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    for pair in found.values():
        assert len(pair) == 2, f"a tunnel has two mouths: {pair}"
        mouths[pair[0]], mouths[pair[1]] = pair[1], pair[0]
    board = Board(**{**board_without_mouths.__dict__, "mouths": mouths})
    assert board.inside(board.start)
    return board


@dataclass
class CardResult:
    card: str
    space: Space
    facing: int
    events: list[Event] = field(default_factory=list)


class Halt(Exception):
    """Stop resolving the current card (the rulebook's Halting)."""


class Won(Exception):
    """The goal is met: the rest of the queue is not resolved."""


@dataclass
class Model:
    board: Board
    space: Space
    facing: int
    tokens: list[tuple[str, Space, bool]]  # every token on the board, raised ones on obstacles
    battery: int
    won: bool = False
    lost: bool = False
    won_at_battery: int | None = None
    events: list[Event] = field(default_factory=list)

    @classmethod
    def start(cls, board: Board) -> Model:
        return cls(board, board.start, board.facing, list(board.tokens), board.battery)

    def clone(self) -> Model:
        return Model(self.board, self.space, self.facing, list(self.tokens), self.battery, self.won, self.lost,
                     self.won_at_battery)

    @property
    def gizmo(self) -> bool:
        return self.board.robot == "gizmo"

    def remaining(self) -> list[tuple[str, Space, bool]]:
        return [token for token in self.tokens if token[0] in CLEANABLE]

    # ------------------------------------------------------------------ a round
    def execute(self, cards: list[str]) -> list[CardResult]:
        """Resolve the queue left to right; stops after the card that meets the goal, then the
        reset (the battery drops one space; at 0 the table has lost)."""
        results = []
        for card in cards:
            self.events = []
            try:
                self.resolve(card.removeprefix("quirk-"))
            except Halt:
                pass
            except Won:
                self.won = True
                self.won_at_battery = self.battery
            results.append(CardResult(card, self.space, self.facing, self.events))
            if self.won:
                return results
        self.battery -= 1
        if self.battery == 0:
            self.lost = True
        return results

    def section(self, battery: int) -> str:
        return "green" if battery > self.board.yellow else "yellow" if battery > self.board.red else "red"

    # ------------------------------------------------------------------ one card
    def resolve(self, kind: str) -> None:
        # Directions are the robot's own, when the card is resolved (Card Iconography).
        turns = {"rotate-left": 3, "rotate-right": 1, "rotate-180": 2}
        if kind in turns:
            self.facing = (self.facing + turns[kind]) % 4
            return
        if kind == "slide":
            self.slide(self.facing)
            return
        spaces = {"move-1": 1, "move-2": 2, "move-3": 3, "move-back": 1}[kind]
        direction = opposite(self.facing) if kind == "move-back" else self.facing
        for _ in range(spaces):
            self.advance(direction, sliding=False)

    def slide(self, direction: int) -> None:
        """Slide until a collision (or a snowdrift) halts the robot; a slide always halts."""
        while True:
            direction = self.advance(direction, sliding=True)

    def collide(self, what: str, at: Space | None = None) -> None:
        self.events.append(("collide", what))
        if what == "obstacle" and at is not None:
            self.knock(at)
        if self.gizmo:
            # Gizmo: "it halts its movement and rotates left".
            self.facing = left(self.facing)
            self.events.append(("rotate", "collision"))
        raise Halt

    def advance(self, direction: int, sliding: bool) -> int:
        """One space in ``direction``; returns the direction the robot goes on in (a tunnel
        turns it). Raises Halt when the card stops here."""
        board = self.board
        here = self.space
        char = board.edge(here, direction)
        if board.on_border(here, direction):
            if char.isdigit():
                if not sliding:
                    # "She cannot move into a tunnel. She will instead collide with that tunnel".
                    self.collide("tunnel")
                return self.through_tunnel(direction)
            self.collide("edge")  # ruling 5: the board's edge is a barrier
        if char in BARRIER_CHARS:
            self.collide("barrier")
        crossing_slope = False
        if char in ARROWS:
            if ARROWS[char] == opposite(direction):
                # "Penny cannot move or slide up a slope ... She will instead collide with that slope".
                self.collide("slope")
            crossing_slope = True
        ahead = step(here, direction)
        if ahead in board.obstacles:
            self.collide("obstacle", ahead)
        self.enter(ahead)
        if self.gizmo and ahead in board.chairs:
            # Into a chair via a move card (the slide has a move back, ruling 10).
            self.events.append(("halt", "chair"))
            self.facing = left(self.facing)
            self.events.append(("rotate", "chair"))
            raise Halt
        if sliding and ahead in board.snowdrifts:
            self.events.append(("halt", "snowdrift"))
            raise Halt
        if crossing_slope and not sliding:
            # Moving across a slope with its arrow starts a slide that ends the card (ruling 7).
            self.events.append(("slide", "slope", DIRECTIONS[direction]))
            self.slide(direction)
        return direction

    def through_tunnel(self, direction: int) -> int:
        x, y, side = self.board.mouths[(self.space[0], self.space[1], direction)]
        out = opposite(side)
        # Facing forward in, forward out; facing backward in, backward out.
        self.facing = out if self.facing == direction else opposite(out)
        self.events.append(("tunnel", self.space, (x, y)))
        self.enter((x, y))
        return out

    def enter(self, space: Space) -> None:
        self.space = space
        for token in [t for t in self.tokens if t[1] == space and not t[2]]:
            self.clean(token)
        self.check_goal()

    def clean(self, token: tuple[str, Space, bool]) -> None:
        self.tokens.remove(token)
        self.events.append(("collect", token[0], token[1]))
        self.check_goal()

    def check_goal(self) -> None:
        if self.space == self.board.start and not self.remaining():
            self.events.append(("goal",))
            raise Won

    def blocked(self, space: Space, direction: int) -> bool:
        """A falling token cannot go this way: a barrier, the edge or an obstacle (ruling 12)."""
        board = self.board
        if board.on_border(space, direction) or board.edge(space, direction) in BARRIER_CHARS:
            return True
        return step(space, direction) in board.obstacles

    def knock(self, obstacle: Space) -> None:
        """A token on the obstacle Gizmo collided with falls away from Gizmo, or south."""
        raised = [t for t in self.tokens if t[1] == obstacle and t[2]]
        if not raised:
            return
        token = raised[0]
        # "Away from Gizmo": beyond the obstacle, the way Gizmo was going (ruling 12).
        away = self.moving_direction(obstacle)
        if not self.blocked(obstacle, away):
            landing = step(obstacle, away)
        elif not self.blocked(obstacle, SOUTH):
            landing = step(obstacle, SOUTH)
        else:
            # Ruling 13: both ways blocked, it stays whole on its obstacle.
            self.events.append(("stays", token[0], obstacle))
            return
        becomes = SHATTERED if token[0] == POT else token[0]
        self.tokens.remove(token)
        fallen = (becomes, landing, False)
        self.tokens.append(fallen)
        self.events.append(("fall", token[0], obstacle, landing, becomes))
        if landing == self.space:
            # "If this causes it to fall onto Gizmo, clean it up immediately."
            self.clean(fallen)

    def moving_direction(self, obstacle: Space) -> int:
        for direction in range(4):
            if step(self.space, direction) == obstacle:
                return direction
        raise AssertionError("the obstacle is next to the robot")
