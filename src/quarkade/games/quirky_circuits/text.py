"""Quirky Circuits drawn as plain text for a terminal, from a view only (never the state).

The board is a grid of five-character spaces with edges between them; everything fits 80
columns (the largest map is 8 spaces wide: 49 columns, the legend beside it)::

    +-----+-----+-----+      ----- |   a barrier (the board's edge too)
    | [^] |  d  ##### |      ..v.. > < a slope: the robot may cross it the arrow's way only
    +-----+..v..+     +      1 2       the mouths of a tunnel, on the board's edge
    1  .  >  .  ##p## |
    +-----+-----+-----+

Spaces: ``.`` floor, ``(.)`` the start space, ``#####`` an obstacle (``##p##`` with a flower
pot or ``##d##`` a dust bunny on top), ``{ . }`` a chair, ``~ . ~`` a snowdrift; tokens
``d`` dust bunny, ``f`` flag, ``x`` shattered flower pot; the robot ``[^]`` ``[>]`` ``[v]``
``[<]`` pointing where it faces. The table counts the columns above the board from the left
and the rows beside it from the top (``1st``, ``2nd``, ...), as the log names a place ("the
top row, third from the left").

Cards are called by the names the log and the web use (``Turn right``); the hand adds each
card's notation, what ``play`` takes (``Turn right [rotate-right]``).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any, Final

from quarkade.core.words import plural
from quarkade.games.quirky_circuits.components import CARD_BY_ID, short_ordinal
from quarkade.games.quirky_circuits.components import card_name as _people_name

CELL: Final = 5
ARROWS: Final = {"north": "^", "east": ">", "south": "v", "west": "<"}
TOKEN_CHARS: Final = {"dust-bunny": "d", "flag": "f", "flower-pot": "p", "shattered-pot": "x"}
# Beside the board, under a first line that shows the robot as it stands (``[<] Gizmo, facing west``).
LEGEND: Final = [
    "( ) start: return here",
    "d dust bunny  f flag",
    "p flower pot  x shattered",
    "##### obstacle",
    "{ } chair  ~ ~ snowdrift",
    "----- |  barrier",
    "..v.. > <  slope, one way",
    "1 2  tunnel mouths",
]
WIDTH: Final = 80


def card_name(card: str) -> str:
    """A card by its notation (``quirk-move-3``), called as the log and the web call it:
    ``Move 3 (Quirk)``; ``Turn right`` for ``rotate-right``."""
    found = CARD_BY_ID.get(card)
    return _people_name(found) if found is not None else card


def hand_card(card: str) -> str:
    """A card of one's hand: its name and, in brackets, the notation ``play`` takes:
    ``Turn right [rotate-right]``."""
    return f"{card_name(card)} [{card}]"


def _key(space: list[int] | tuple[int, ...]) -> tuple[int, int]:
    return int(space[0]), int(space[1])


def board_lines(view: dict[str, Any]) -> list[str]:
    """The map with the tokens and the robot, one string a line."""
    board = view["board"]
    width, height = board["width"], board["height"]
    barriers = {(x, y, side) for x, y, side in board["barriers"]}
    slopes: dict[tuple[int, int, str], str] = {}
    for slope in board["slopes"]:
        (x, y), (x2, _y2) = slope["between"]
        slopes[(x, y, "east" if x2 != x else "south")] = ARROWS[slope["arrow"]]
    mouths: dict[tuple[int, int, str], str] = {}
    for number, pair in enumerate(board["tunnels"], start=1):
        for x, y, side in pair:
            mouths[(x, y, side)] = str(number % 10)
    obstacles = {_key(s) for s in board["obstacles"]}
    chairs = {_key(s) for s in board["chairs"]}
    drifts = {_key(s) for s in board["snowdrifts"]}
    start = _key(board["start"])
    tokens: dict[tuple[int, int], str] = {}
    for token in view.get("tokens", []):
        tokens[_key(token["space"])] = TOKEN_CHARS.get(token["token"], "?")
    robot = view.get("robot") or {}
    robot_at = _key(robot["space"]) if robot.get("space") else None

    def cell(x: int, y: int) -> str:
        here = (x, y)
        middle = f" {tokens.get(here, '.')} "
        if here == robot_at:
            middle = f"[{ARROWS[robot['facing']]}]"
        if here in obstacles:
            return f"#{tokens[here]}#".center(CELL, "#") if here in tokens else "#" * CELL
        sides = "{}" if here in chairs else "~~" if here in drifts else "()" if here == start else "  "
        return f"{sides[0]}{middle}{sides[1]}"

    def horizontal(row: int) -> str:
        """The edges north of ``row`` (``row == height``: the board's south edge)."""
        parts = ["+"]
        for x in range(width):
            if row in (0, height):
                side = (x, 0, "north") if row == 0 else (x, height - 1, "south")
                mouth = mouths.get(side)
                parts.append(f"  {mouth}  " if mouth else "-" * CELL)
            elif (x, row - 1, "south") in barriers:
                parts.append("-" * CELL)
            elif (x, row - 1, "south") in slopes:
                parts.append(f"..{slopes[(x, row - 1, 'south')]}..")
            else:
                parts.append(" " * CELL)
            parts.append("+")
        return "".join(parts)

    def vertical(x: int, y: int) -> str:
        """The edge west of space (x, y) (``x == width``: the board's east edge)."""
        if x in (0, width):
            side = (0, y, "west") if x == 0 else (width - 1, y, "east")
            return mouths.get(side, "|")
        if (x - 1, y, "east") in barriers:
            return "|"
        return slopes.get((x - 1, y, "east"), " ")

    lines = []
    for y in range(height):
        lines.append(horizontal(y))
        lines.append("".join(vertical(x, y) + cell(x, y) for x in range(width)) + vertical(width, y))
    lines.append(horizontal(height))
    return lines


def numbered_board_lines(view: dict[str, Any]) -> list[str]:
    """``board_lines`` with the columns counted above (``1st`` at the left) and the rows beside
    (``1st`` at the top), as the log names a place: "the second row from the top, third from
    the left". The labels are ordinals, unlike a tunnel's mouth on the edge beside them (a
    digit alone)."""
    board = board_lines(view)
    label = len(short_ordinal(view["board"]["height"])) + 1
    columns = "".join(f"{short_ordinal(x + 1):^{CELL + 1}}" for x in range(view["board"]["width"]))
    lines = [(" " * label + columns).rstrip()]
    for index, line in enumerate(board):
        lines.append((short_ordinal(index // 2 + 1) if index % 2 else "").ljust(label) + line)
    return lines


def battery_line(view: dict[str, Any]) -> str:
    """``Battery 10/12 [..*G|YYYY|RRRR] green``: spent spaces are dots, the marker a star."""
    battery = view["battery"]
    level, highest, yellow, red = battery["level"], battery["highest"], battery["yellow"], battery["red"]
    track = ""
    for space in range(highest, 0, -1):
        if space in (yellow, red):
            track += "|"
        colour = "G" if space > yellow else "Y" if space > red else "R"
        track += "*" if space == level else "." if space > level else colour
    return f"Battery {level}/{highest} [{track}] {battery['section']}"


def queue_line(view: dict[str, Any]) -> str:
    queue = view.get("queue") or []
    if not queue:
        return f"Queue: empty (at least {view.get('queue_minimum', 5)} cards, one from each player)"
    cards = [f"{i}:{card_name(c['card']) if c.get('card') else c['back'] + ' card'} (seat {c['seat']})"
             for i, c in enumerate(queue, start=1)]
    return f"Queue ({len(queue)} of at least {view.get('queue_minimum', 5)}): " + ", ".join(cards)


def player_line(player: dict[str, Any], view: dict[str, Any]) -> str:
    signals = [word for word, flag in (("done", "done"), ("hands flat: stop", "stopped"), ("Beep-boop", "beeped"))
               if player.get(flag)]
    you = " (you)" if player["seat"] == view.get("seat") else ""
    acting = ", to act" if player["seat"] in (view.get("to_act") or []) else ""
    size = player["hand_size"]
    backs = player.get("backs")
    shown = f" ({backs['move']} move, {backs['turn']} turn)" if backs and size else ""
    text = (f"Seat {player['seat']}{you}: {size} card{'' if size == 1 else 's'}{shown}, played {player['played']}"
            f"{acting}")
    if signals:
        text += " - " + ", ".join(signals)
    if "hand" in player:
        text += " - held " + (", ".join(card_name(c) for c in player["hand"]) or "nothing")
    return text


def execution_lines(view: dict[str, Any]) -> list[str]:
    """The last Execute phase, one line a card: what it did."""
    cards: list[tuple[str, list[str]]] = []
    for step in view.get("execution") or []:
        kind = step["step"]
        if kind == "reveal":
            cards.append((f"  {step['index'] + 1}. {card_name(step['card'])} (seat {step['seat']})", []))
            continue
        if not cards:
            continue
        events = cards[-1][1]
        if kind == "move":
            word = f"{'slid' if step['sliding'] else 'moved'} {step['direction']}"
            if events and events[-1].split(" x")[0] == word:
                count = int(events[-1].partition(" x")[2] or 1)
                events[-1] = f"{word} x{count + 1}"
            else:
                events.append(word)
        elif kind == "tunnel":
            events.append("through a tunnel")
        elif kind == "collide":
            what = step["with"]
            events.append(f"hit {'the edge' if what == 'edge' else ('an ' if what == 'obstacle' else 'a ') + what}")
        elif kind == "halt" and step["reason"] != "collision":
            events.append(f"halted on a {step['reason']}")
        elif kind == "rotate":
            events.append({"left": "turned left", "right": "turned right", "around": "turned around"}[step["turn"]])
        elif kind == "collect":
            events.append(f"took the {step['token'].replace('-', ' ')}")
        elif kind == "fall":
            shatters = " (it shatters)" if step["becomes"] == "shattered-pot" else ""
            events.append(f"knocked the {step['token'].replace('-', ' ')} off{shatters}")
        elif kind == "goal":
            events.append("GOAL!")
    lines = [f"{head}: {', '.join(events) or 'nothing happened'}" for head, events in cards]
    return lines


def result_line(view: dict[str, Any]) -> str | None:
    result = view.get("result") or {}
    if result.get("outcome") == "won":
        return f"Everyone wins! The goal was met with the battery in the {result['section']}."
    if result.get("outcome") == "lost":
        return "The battery is flat: everyone loses."
    return None


def render_text(view: dict[str, Any]) -> str:
    """The whole table as text, at most 80 columns wide."""
    scenario = view["scenario"]
    robot = scenario["robot"].capitalize()
    facing = (view.get("robot") or {}).get("facing") or "north"
    legend = [f"[{ARROWS[facing]}] {robot}, facing {facing}", *LEGEND]
    board = numbered_board_lines(view)
    pad = max(len(line) for line in board) + 2
    lines = [f"{scenario['title']} with {robot} - round {view['round']}"]
    modes = [text for flag, text in (("practice", "practice mode: cards are played face up"),
                                     ("pacing", "pacing mode: players take turns")) if view.get(flag)]
    if modes:
        lines.append("; ".join(modes).capitalize() + ".")
    # The legend beside the board, from its first line (the column numbers stand alone).
    lines.append(board[0])
    for i, line in enumerate(board[1:]):
        lines.append((line.ljust(pad) + legend[i]).rstrip() if i < len(legend) else line)
    lines.append(battery_line(view))
    lines.append(queue_line(view))
    deck = view.get("deck")
    if isinstance(deck, dict):
        top = f", a {deck['top']} card on top" if deck.get("top") else ""
        lines.append(f"Deck: {deck['cards']} card{'' if deck['cards'] == 1 else 's'}{top}")
    turn = view.get("turn")
    if turn:
        lines.append(f"Pacing: seat {turn['seat']}'s turn ({turn['played']} played this turn, "
                     f"{turn['passes']} passes in a row)")
    lines.extend(player_line(player, view) for player in view.get("players") or [])
    if "hand" in view:
        hand = view["hand"]
        lines.append("Your hand: " + (", ".join(hand_card(card) for card in hand) if hand else "empty"))
    executed = execution_lines(view)
    if executed:
        lines.append("Last execution:")
        lines.extend(executed)
    result = result_line(view)
    if result:
        lines.append(result)
    return "\n".join(_wrap(line) for line in lines)


def _wrap(line: str) -> str:
    """Long lines (a full queue, a busy card) broken to fit the width."""
    if len(line) <= WIDTH:
        return line
    return textwrap.fill(line, WIDTH, subsequent_indent="     ", break_on_hyphens=False)


def result_text(view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The table's one result and why: the goal met, or the battery run out first."""
    scenario = view["scenario"]
    robot = scenario["robot"].capitalize()
    result = view.get("result") or {}
    battery = view.get("battery") or {}
    if result.get("outcome") == "won":
        return (f"Everyone wins: {robot} met the goal of {scenario['title']} in round {view['round']}, "
                f"with {plural(battery.get('level', 0), 'battery space')} left (the {result['section']} "
                "section).")
    return (f"Everyone loses: the battery ran out after round {view['round']}, before {robot} met the goal "
            f"of {scenario['title']}.")


# What each verb of the notation does, in the game's words, for the terminal's help.
VERBS: Final = {
    "play": "play a card from your hand face down into the queue: play CARD, CARD as your hand shows it in "
            "brackets (Turn right [rotate-right]: play rotate-right)",
    "done": "you are done playing cards this round (pacing: end your turn after playing cards)",
    "pass": "pacing: end your turn without playing a card",
    "stop": "hands flat: tell the group to stop playing cards",
    "beep": "say \"Beep-boop.\", the one thing players may say",
}
