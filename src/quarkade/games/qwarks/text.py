"""Qwarks drawn as plain text for a terminal, from a view only (never the state).

Each revealed card is a block, its three Qwarks left to right, so that a player can memorise
it; a card under a hand shows the hand, never the face::

    deck 0 · you              deck 1 · seat 1
    +---------------------+   +---------------------+
    | 2 points            |   |                     |
    | blue happy          |   |    \\|||/            |
    |  5 eyes             |   |    (   )            |
    | blue happy          |   |     | |             |
    |  1 eye, 2 tentacles |   | covered by          |
    ...                       | seat 1's hand       |
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from quarkade.core.words import joined, plural, scores_text

WIDTH = 23  # a card's block, borders included
WIDTH_COLUMNS = 80  # a terminal's line


def _qwark_lines(qwark: dict[str, Any]) -> list[str]:
    eyes = qwark["eyes"]
    body = f"{eyes} eye" + ("s" if eyes != 1 else "")
    if qwark["tentacles"]:
        body += f", {qwark['tentacles']} tentacles"
    return [f"{qwark['colour']} {qwark['mood']}", f" {body}"]


def card_lines(entry: dict[str, Any], viewer: int | None) -> list[str]:
    """One revealed card as lines of ``WIDTH`` characters."""
    inner = WIDTH - 4
    rows: list[str]
    card = entry["card"]
    by = entry["covered_by"]
    if card is None:
        who = "your hand" if by == viewer else f"seat {by}'s hand"
        rows = ["", "   \\|||/", "   (   )", "    | |", "covered by", who, "", ""]
    else:
        rows = [plural(card["value"], "point")]
        for qwark in card["qwarks"]:
            rows.extend(_qwark_lines(qwark))
        rows.append(f"covered by seat {by}" if by is not None else "")
    line = "+" + "-" * (WIDTH - 2) + "+"
    return [line, *(f"| {row[:inner]:<{inner}} |" for row in rows), line]


def render_text(view: dict[str, Any]) -> str:
    """The turn, the question, the revealed cards side by side, the race and the answers,
    the scores.

    >>> from quarkade.games.qwarks.rules import new_state
    >>> text = render_text(new_state(3, decks=[["q01"], ["q18"], ["q23"]], first=0).view(0).to_json())
    >>> "deck 0 · you" in text and "points" in text
    True
    """
    viewer = view.get("seat")
    lines = [f"Turn {min(view['turn'], view['turns'])} of {view['turns']}; first player: seat {view['first_player']}."]
    question = view["question"]
    if question["question"] is None:
        lines.append(f"No deck shows a question: seat {view['first_player']} chooses one.")
    else:
        lines.append(f"Question: {question['text']}")
    heads, blocks = [], []
    for entry in view["revealed"]:
        deck = view["decks"][entry["deck"]]
        who = "you" if deck["seat"] == viewer else f"seat {deck['seat']}"
        side = f" · {deck['side']}" if deck["side"] else ""
        heads.append(f"deck {entry['deck']} · {who}{side}"[:WIDTH])
        blocks.append(card_lines(entry, viewer))
    # three cards a row fit 80 columns
    for start in range(0, len(blocks), 3):
        row = range(start, min(start + 3, len(blocks)))
        lines.append("")
        lines.append("   ".join(f"{heads[i]:<{WIDTH}}" for i in row).rstrip())
        for depth in range(len(blocks[start])):
            lines.append("   ".join(blocks[i][depth] for i in row))
    if view["race"]:
        lines.append("")
        for entry in view["race"]:
            if entry["deck"] is None:
                lines.append(f"Seat {entry['seat']} covered nothing.")
            elif entry["got"]:
                lines.append(f"Seat {entry['seat']} reached for deck {entry['deck']} after {entry['after']} ms "
                             "and got it.")
            else:
                lines.append(f"Seat {entry['seat']} reached for deck {entry['deck']} too and was beaten to it "
                             f"at {entry['after']} ms.")
        if view["phase"] == "cover":
            beaten = view["to_act"]  # a later round asks the beaten hands only
            if viewer in beaten:
                lines.append(f"Beaten to your card: cover another, your time running on from "
                             f"{view['now_ms'][viewer]} ms.")
            elif beaten:
                lines.append(f"Beaten to a card, {joined([f'seat {s}' for s in beaten])} may cover another.")
    for answer in view["answers"]:
        verdict = "right" if answer["right"] else "wrong"
        lines.append(f"Seat {answer['seat']} said {answer['answer'].removeprefix('answer ')}: {verdict}.")
    lines.append("")
    scores = "Scores: " + ", ".join(
        f"seat {p['seat']} {p['score']} ({len(p['kept'])} card{'' if len(p['kept']) == 1 else 's'})"
        for p in view["players"])
    # eight players' scores do not fit one line of 80 columns
    lines.extend(textwrap.wrap(scores, WIDTH_COLUMNS, subsequent_indent="        "))
    return "\n".join(lines)


def result_text(view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The best scientist of the laboratory: the most points on the cards won (a tie shares it)."""
    return scores_text(view, names)[:-1] + "; a score adds the numbers on the cards won."


# What each verb of the notation does, in the game's words, for the terminal's help.
VERBS = {
    "cover": "cover a revealed card in the race: cover DECK after MILLISECONDS",
    "timeout": "cover nothing in this race",
    "question": "choose the question: question eyes, tentacles, colours, sad or happy",
    "answer": "answer for the card you covered, and identify it: answer NUMBER prooton or nootron",
}
