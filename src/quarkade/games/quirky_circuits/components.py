"""Quirky Circuits components: the command cards and the ten scenario maps, loaded from
``data/cards.toml`` and ``data/scenarios.toml`` and checked at import.

A map is drawn in ASCII, two characters a space::

    +-+-+      '+' corners; between them an edge: '-' or '|' a barrier, ' ' open,
    |@ d|      '>' '<' 'v' '^' a slope whose arrow points east, west, south or north,
    + +v+      a digit a tunnel mouth (on the board's edge; the two mouths of a digit
    |# .|      are joined). Spaces: '.' floor, '@' the start space, 'd' a dust bunny,
    +-+-+      'f' a flag, '#' an obstacle, 'p' an obstacle with a flower pot, 'o' an
               obstacle with a dust bunny, 'c' a chair, 'C' a chair with a dust bunny,
               '~' a snowdrift, 'F' a snowdrift with a flag.

Coordinates are ``(x, y)``: x the column from the west, y the row from the north.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import IntEnum
from importlib import resources
from typing import Any, Final

from quarkade.core.pickling import picklable


class ComponentError(ValueError):
    """The component data breaks a constraint of the rulebook."""


class Direction(IntEnum):
    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    # Looked up, not made: the robot turns at every step of every card it resolves.
    @property
    def opposite(self) -> Direction:
        return _OPPOSITE[self]

    @property
    def left(self) -> Direction:
        return _LEFT[self]

    @property
    def right(self) -> Direction:
        return _RIGHT[self]

    @property
    def word(self) -> str:
        return DIRECTION_WORDS[self]


DIRECTION_WORDS: Final = ("north", "east", "south", "west")
_OPPOSITE: Final = tuple(Direction((d + 2) % 4) for d in range(4))
_LEFT: Final = tuple(Direction((d + 3) % 4) for d in range(4))
_RIGHT: Final = tuple(Direction((d + 1) % 4) for d in range(4))
DX: Final = (0, 1, 0, -1)
DY: Final = (-1, 0, 1, 0)
Space = tuple[int, int]
Edge = tuple[int, int, Direction]  # the side ``direction`` of space (x, y)


def neighbour(space: Space, direction: Direction) -> Space:
    return space[0] + DX[direction], space[1] + DY[direction]


# ------------------------------------------------------------------------ the cards
class Kind(IntEnum):
    """The eight card kinds, in the rulebook's order (Card Iconography)."""

    MOVE_1 = 0
    SLIDE = 1
    MOVE_2 = 2
    ROTATE_LEFT = 3
    MOVE_3 = 4
    ROTATE_RIGHT = 5
    MOVE_BACK = 6
    ROTATE_180 = 7

    @property
    def id(self) -> str:
        return KIND_IDS[self]

    @property
    def is_turn(self) -> bool:
        """The card's back shows a turn (the three rotations) or a move (the rest)."""
        return self in (Kind.ROTATE_LEFT, Kind.ROTATE_RIGHT, Kind.ROTATE_180)


KIND_IDS: Final = ("move-1", "slide", "move-2", "rotate-left", "move-3", "rotate-right", "move-back", "rotate-180")
KIND_TEXT: Final = (
    "Move the robot 1 space forward.",
    "Slide the robot forward until it collides with a barrier or slope.",
    "Move the robot 2 spaces forward.",
    "Rotate the robot 90 degrees counterclockwise.",
    "Move the robot 3 spaces forward.",
    "Rotate the robot 90 degrees clockwise.",
    "Move the robot 1 space backward.",
    "Rotate the robot 180 degrees.",
)
QUIRK: Final = 8  # card = kind for a blue Base Deck card, QUIRK + kind for an orange Quirk card
CARD_TYPES: Final = 16
BACKS: Final = ("move", "turn")
# Each kind's name as the web's cards show it, for log lines people read (the ids stay the notation).
KIND_NAMES: Final = ("Move 1", "Slide", "Move 2", "Turn left", "Move 3", "Turn right", "Back 1", "U-turn")


def card_kind(card: int) -> Kind:
    return _CARD_KINDS[card] if 0 <= card < CARD_TYPES else Kind(card % QUIRK)


def is_quirk(card: int) -> bool:
    return card >= QUIRK


def card_id(card: int) -> str:
    if 0 <= card < CARD_TYPES:
        return _CARD_IDS[card]
    return ("quirk-" if is_quirk(card) else "") + KIND_IDS[card % QUIRK]


def card_name(card: int) -> str:
    """The card as people call it: ``Turn left``, ``Back 1 (Quirk)``."""
    return KIND_NAMES[card % QUIRK] + (" (Quirk)" if is_quirk(card) else "")


def card_back(card: int) -> str:
    return BACKS[card_kind(card).is_turn]


ORDINALS: Final = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def short_ordinal(number: int) -> str:
    """``3`` -> ``3rd``, as the terminal labels a row or a column."""
    teens = 10 <= number % 100 <= 20
    return f"{number}{'th' if teens else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def ordinal(number: int) -> str:
    """``3`` -> ``third``; past ``tenth``, ``short_ordinal``."""
    return ORDINALS[number - 1] if 1 <= number <= len(ORDINALS) else short_ordinal(number)


def place_words(space: Space | list[int], width: int, height: int) -> str:
    """A space of a board ``width`` by ``height`` as players name it: its row counted from the
    top, its column from the left (the terminal's board and the web's label both so, ``1st`` at
    the top and at the left). The rows on the edges need no counting.

    >>> place_words((2, 0), 6, 6)
    'the top row, third from the left'
    >>> place_words((0, 3), 6, 6)
    'the fourth row from the top, first from the left'
    >>> place_words((5, 5), 6, 6)
    'the bottom row, sixth from the left'
    """
    x, y = space[0], space[1]
    row = "the top row" if y == 0 else "the bottom row" if y == height - 1 else f"the {ordinal(y + 1)} row from the top"
    return f"{row}, {ordinal(x + 1)} from the left"


# Each card type's kind and name, made once: the engine and the views ask at every step.
_CARD_KINDS: Final = tuple(Kind(card % QUIRK) for card in range(CARD_TYPES))
_CARD_IDS: Final = tuple(("quirk-" if is_quirk(card) else "") + KIND_IDS[card % QUIRK] for card in range(CARD_TYPES))


CARD_BY_ID: Final = {card_id(card): card for card in range(CARD_TYPES)}

# ------------------------------------------------------------------------ the scenarios
ROBOTS: Final = ("gizmo", "penny")
GIZMO: Final = "gizmo"
PENNY: Final = "penny"
DUST: Final = "dust-bunny"
FLAG: Final = "flag"
POT: Final = "flower-pot"
SHATTERED: Final = "shattered-pot"
MOST_CLEANABLE_TOKENS: Final = 12  # Dust Bunny/Flag Tokens (12)
MOST_POTS: Final = 4  # Flower Pot Tokens (4)
COMMAND_CARDS: Final = 38

# Every scenario in the rulebook's order: its robot and the rules its text names.
RULEBOOK_SCENARIOS: Final[dict[str, tuple[str, str, frozenset[str]]]] = {
    "rise-and-shine": ("Rise and Shine", GIZMO, frozenset({"dust-bunnies", "barriers", "obstacles"})),
    "hit-the-slopes": ("Hit the Slopes", PENNY, frozenset({"slopes", "flags", "barriers"})),
    "sliding-through-tunnels": ("Sliding Through Tunnels", PENNY,
                                frozenset({"tunnels", "slopes", "flags", "barriers"})),
    "dusty-greenhouse": ("Dusty Greenhouse", GIZMO,
                         frozenset({"flower-pots", "dust-bunnies", "barriers", "obstacles"})),
    "cafe-botanical": ("Cafe Botanical", GIZMO,
                       frozenset({"quirk-cards", "chairs", "flower-pots", "dust-bunnies", "barriers", "obstacles"})),
    "snow-kyo-drift": ("Snow-kyo Drift", PENNY,
                       frozenset({"snowdrifts", "quirk-cards", "slopes", "flags", "barriers"})),
    "hole-lot-of-fun": ("Hole Lot of Fun", PENNY,
                        frozenset({"snowdrifts", "tunnels", "quirk-cards", "slopes", "flags", "barriers"})),
    "the-cellar": ("The Cellar", GIZMO,
                   frozenset({"dust-bunnies-on-obstacles", "quirk-cards", "chairs", "dust-bunnies", "barriers",
                              "obstacles"})),
    "room-to-zoom": ("Room to Zoom", PENNY,
                     frozenset({"snowdrifts", "tunnels", "quirk-cards", "slopes", "flags", "barriers"})),
    "tea-time": ("Tea Time", GIZMO,
                 frozenset({"dust-bunnies-on-obstacles", "quirk-cards", "chairs", "flower-pots", "dust-bunnies",
                            "barriers", "obstacles"})),
}
SCENARIO_IDS: Final = tuple(RULEBOOK_SCENARIOS)

_VERTICAL_SLOPES: Final = {">": Direction.EAST, "<": Direction.WEST}
_HORIZONTAL_SLOPES: Final = {"v": Direction.SOUTH, "^": Direction.NORTH}
_SPACE_CHARS: Final = ".@dfpo#cC~F"


@dataclass(frozen=True)
class Token:
    """A token on the board; ``raised`` when it sits on top of an obstacle."""

    kind: str
    space: Space
    raised: bool = False


@dataclass(frozen=True)
class Scenario:
    index: int
    id: str
    title: str
    robot: str
    rules: frozenset[str]
    quirks: bool
    width: int
    height: int
    start: Space
    facing: Direction
    battery: int  # the highest space of the battery track
    yellow: int  # the highest space of the yellow section (green lies above it)
    red: int  # the highest space of the red section
    barriers: frozenset[Edge]  # both sides of every barrier
    slopes: dict[Edge, Direction]  # both sides of every slope edge -> the arrow's direction
    tunnels: dict[Edge, Edge]  # a mouth (space, side) -> the other mouth
    obstacles: frozenset[Space]
    chairs: frozenset[Space]
    snowdrifts: frozenset[Space]
    tokens: tuple[Token, ...]
    rows: tuple[str, ...]  # the map as drawn
    deck: tuple[int, ...]  # the command cards, sorted

    def inside(self, space: Space) -> bool:
        return 0 <= space[0] < self.width and 0 <= space[1] < self.height

    def section(self, battery: int) -> str:
        """The battery track's section of a battery level: green, yellow or red."""
        return "green" if battery > self.yellow else "yellow" if battery > self.red else "red"


@dataclass(frozen=True)
class Components:
    scenarios: tuple[Scenario, ...]
    decks: dict[str, tuple[tuple[int, ...], tuple[int, ...]]]  # robot -> (base deck, quirk cards)
    rules_version: str

    def scenario(self, scenario_id: str) -> Scenario:
        return self.scenarios[SCENARIO_IDS.index(scenario_id)]


def _deck(raw: dict[str, int], quirk: bool, where: str) -> tuple[int, ...]:
    cards: list[int] = []
    for name, count in raw.items():
        if name not in KIND_IDS:
            raise ComponentError(f"{where}: there is no card kind {name!r} (kinds: {', '.join(KIND_IDS)})")
        if not isinstance(count, int) or count < 1:
            raise ComponentError(f"{where}: {name} needs a positive count")
        cards.extend([KIND_IDS.index(name) + (QUIRK if quirk else 0)] * count)
    return tuple(sorted(cards))


def parse_map(rows: list[str], where: str) -> dict[str, Any]:
    height = (len(rows) - 1) // 2
    width = (len(rows[0]) - 1) // 2 if rows else 0
    if height < 1 or width < 1 or len(rows) != 2 * height + 1:
        raise ComponentError(f"{where}: a map has an odd number of lines, at least 3")
    if any(len(row) != 2 * width + 1 for row in rows):
        raise ComponentError(f"{where}: every line of the map is {2 * width + 1} characters long")
    barriers: set[Edge] = set()
    slopes: dict[Edge, Direction] = {}
    mouths: dict[str, list[Edge]] = {}
    spaces: dict[str, list[Space]] = {c: [] for c in _SPACE_CHARS}

    def edge(x: int, y: int, side: Direction, char: str, slope_chars: dict[str, Direction]) -> None:
        other = neighbour((x, y), side)
        border = not (0 <= other[0] < width and 0 <= other[1] < height)
        if char.isdigit():
            if not border:
                raise ComponentError(f"{where}: tunnel {char} has a mouth inside the board at {(x, y)}")
            mouths.setdefault(char, []).append((x, y, side))
        elif char in slope_chars:
            if border:
                raise ComponentError(f"{where}: a slope on the board's edge at {(x, y)}")
            slopes[(x, y, side)] = slopes[(other[0], other[1], side.opposite)] = slope_chars[char]
        elif char in "-|":
            if not border:
                barriers.add((x, y, side))
                barriers.add((other[0], other[1], side.opposite))
        elif char != " " or border:
            raise ComponentError(f"{where}: {char!r} cannot stand on the edge {side.word} of {(x, y)}")

    for y in range(height):
        line, above = rows[2 * y + 1], rows[2 * y]
        for x in range(width):
            char = line[2 * x + 1]
            if char not in spaces:
                raise ComponentError(f"{where}: {char!r} at {(x, y)} is not a kind of space")
            spaces[char].append((x, y))
            edge(x, y, Direction.WEST, line[2 * x], _VERTICAL_SLOPES)
            edge(x, y, Direction.NORTH, above[2 * x + 1], _HORIZONTAL_SLOPES)
        edge(width - 1, y, Direction.EAST, line[2 * width], _VERTICAL_SLOPES)
    for x in range(width):
        edge(x, height - 1, Direction.SOUTH, rows[-1][2 * x + 1], _HORIZONTAL_SLOPES)
    tunnels: dict[Edge, Edge] = {}
    for digit, pair in mouths.items():
        if len(pair) != 2:
            raise ComponentError(f"{where}: tunnel {digit} has {len(pair)} mouths, not 2")
        tunnels[pair[0]], tunnels[pair[1]] = pair[1], pair[0]
    return {"width": width, "height": height, "barriers": barriers, "slopes": slopes, "tunnels": tunnels,
            "spaces": spaces}


def _scenario(index: int, raw: dict[str, Any], decks: dict[str, tuple[tuple[int, ...], tuple[int, ...]]]) -> Scenario:
    scenario_id = raw["id"]
    where = f"scenario {scenario_id}"
    if scenario_id not in RULEBOOK_SCENARIOS or SCENARIO_IDS.index(scenario_id) != index:
        raise ComponentError(f"{where}: the scenarios are, in order, {', '.join(SCENARIO_IDS)}")
    title, robot, rules = RULEBOOK_SCENARIOS[scenario_id]
    if raw["title"] != title or raw["robot"] != robot:
        raise ComponentError(f"{where} is {title!r}, played with {robot}")
    rows = raw["map"].strip("\n").split("\n")
    parsed = parse_map(rows, where)
    spaces = parsed["spaces"]
    if len(spaces["@"]) != 1:
        raise ComponentError(f"{where}: the map has one start space '@'")
    tokens = [Token(DUST, s) for s in spaces["d"] + spaces["C"]]
    tokens += [Token(FLAG, s) for s in spaces["f"] + spaces["F"]]
    tokens += [Token(DUST, s, raised=True) for s in spaces["o"]]
    tokens += [Token(POT, s, raised=True) for s in spaces["p"]]
    base, quirk_cards = decks[robot]
    quirks = bool(raw.get("quirks", False))
    scenario = Scenario(
        index=index, id=scenario_id, title=title, robot=robot, rules=rules, quirks=quirks,
        width=parsed["width"], height=parsed["height"], start=spaces["@"][0],
        facing=Direction[str(raw["facing"]).upper()],
        battery=raw["battery"], yellow=raw["yellow"], red=raw["red"],
        barriers=frozenset(parsed["barriers"]), slopes=parsed["slopes"], tunnels=parsed["tunnels"],
        obstacles=frozenset(spaces["#"] + spaces["p"] + spaces["o"]),
        chairs=frozenset(spaces["c"] + spaces["C"]),
        snowdrifts=frozenset(spaces["~"] + spaces["F"]),
        tokens=tuple(sorted(tokens, key=lambda t: (t.space[1], t.space[0], t.kind))),
        rows=tuple(rows),
        deck=tuple(sorted(base + (quirk_cards if quirks else ()))),
    )
    validate_scenario(scenario)
    return scenario


def validate_scenario(s: Scenario) -> None:
    """Every constraint the rulebook states on a scenario, and the map's own soundness."""
    where = f"scenario {s.id}"
    present = {
        "dust-bunnies": any(t.kind == DUST and not t.raised for t in s.tokens),
        "flags": any(t.kind == FLAG for t in s.tokens),
        "barriers": bool(s.barriers),
        "obstacles": bool(s.obstacles),
        "slopes": bool(s.slopes),
        "tunnels": bool(s.tunnels),
        "flower-pots": any(t.kind == POT for t in s.tokens),
        "chairs": bool(s.chairs),
        "snowdrifts": bool(s.snowdrifts),
        "dust-bunnies-on-obstacles": any(t.kind == DUST and t.raised for t in s.tokens),
        "quirk-cards": s.quirks,
    }
    for rule, used in present.items():
        if used and rule not in s.rules:
            raise ComponentError(f"{where}: its rules do not name {rule}, yet its setup uses them")
        if not used and rule in s.rules:
            raise ComponentError(f"{where}: its rules name {rule}, which its setup lacks")
    cleanable = sum(t.kind in (DUST, FLAG) for t in s.tokens)
    if cleanable > MOST_CLEANABLE_TOKENS:
        raise ComponentError(f"{where} uses {cleanable} dust bunny/flag tokens; there are {MOST_CLEANABLE_TOKENS}")
    pots = sum(t.kind == POT for t in s.tokens)
    if pots > MOST_POTS:
        raise ComponentError(f"{where} uses {pots} flower pots; there are {MOST_POTS}")
    if not s.inside(s.start) or s.start in s.obstacles | s.chairs | s.snowdrifts:
        raise ComponentError(f"{where}: the start space is a floor space inside the board")
    if any(t.space == s.start for t in s.tokens):
        raise ComponentError(f"{where}: no token starts on the start space")
    if not 1 <= s.red < s.yellow < s.battery:
        raise ComponentError(f"{where}: the battery track has green, yellow and red sections, top to bottom")
    for (x, y, _side), (x2, y2, side2) in s.tunnels.items():
        if (x, y) in s.obstacles or (x, y) in s.snowdrifts or (x, y) == (x2, y2):
            raise ComponentError(f"{where}: a tunnel joins two plain spaces")
        _check_slide_ends(s, (x2, y2), side2.opposite)
    for space, arrow in s.slopes.items():
        if space[2] not in (arrow, arrow.opposite):
            raise ComponentError(f"{where}: a slope's arrow crosses its line")
    for (x, y, side), arrow in s.slopes.items():
        # A slope-slide that could never end would hang the game: follow each one.
        if side == arrow:
            _check_slide_ends(s, neighbour((x, y), side), arrow)


def _check_slide_ends(s: Scenario, space: Space, direction: Direction) -> None:
    """A slide from ``space`` going ``direction`` ends (tunnels could make it loop)."""
    seen: set[tuple[Space, Direction]] = set()
    while (space, direction) not in seen:
        seen.add((space, direction))
        edge = (space[0], space[1], direction)
        if edge in s.tunnels:
            x, y, side = s.tunnels[edge]
            space, direction = (x, y), side.opposite
            continue
        ahead = neighbour(space, direction)
        if (edge in s.barriers or not s.inside(ahead) or ahead in s.obstacles
                or s.slopes.get(edge) == direction.opposite):
            return
        if ahead in s.snowdrifts:
            return
        space = ahead
    raise ComponentError(f"scenario {s.id}: a slide through its tunnels would never end")


def validate(c: Components) -> None:
    total = sum(len(base) + len(quirks) for base, quirks in c.decks.values())
    if total != COMMAND_CARDS:
        raise ComponentError(f"the decks hold {total} command cards; the rulebook says {COMMAND_CARDS}")
    for robot, (base, quirks) in c.decks.items():
        if any(is_quirk(card) for card in base) or not all(is_quirk(card) for card in quirks) or not quirks:
            raise ComponentError(f"{robot}'s deck is a Base Deck of blue cards and orange Quirk cards")
        # Four players hold four cards each, and the reset deals them from the Base Deck alone.
        if len(base) < 16:
            raise ComponentError(f"{robot}'s Base Deck must fill four hands of four")
    if tuple(s.id for s in c.scenarios) != SCENARIO_IDS:
        raise ComponentError(f"the scenarios are, in order, {', '.join(SCENARIO_IDS)}")


def raw_data(name: str) -> dict[str, Any]:
    text = resources.files("quarkade.games.quirky_circuits").joinpath(f"data/{name}").read_text("utf-8")
    return tomllib.loads(text)


def load_components() -> Components:
    cards = raw_data("cards.toml")
    decks = {
        robot: (_deck(cards[robot]["base"], False, f"{robot} base"),
                _deck(cards[robot]["quirk"], True, f"{robot} quirk"))
        for robot in ROBOTS
    }
    scenarios = raw_data("scenarios.toml")
    components = Components(
        tuple(_scenario(i, raw, decks) for i, raw in enumerate(scenarios["scenario"])),
        decks,
        cards["rules_version"],
    )
    validate(components)
    return components


COMPONENTS: Final = load_components()


# Compiled, these are pickled and copied as their constructor's arguments (core/pickling.py).
picklable(Token, Scenario, Components)
