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
from typing import Any, Final

from quarkade.core.errors import InvalidNotation
from quarkade.core.game import Action, parse_words
from quarkade.core.words import joined, plural, scores_text
from quarkade.games.qwarks.actions import NUMBER, Cover
from quarkade.games.qwarks.components import CARD_BY_ID, Kind

WIDTH: Final = 23  # a card's block, borders included
WIDTH_COLUMNS: Final = 80  # a terminal's line


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


def last_turn_lines(view: dict[str, Any]) -> list[str]:
    """The answers of the turn just ended, each with its card, in lines of 80 columns: the
    view holds them until this turn's answers begin (ruling 16), so that the last answer's card,
    checked as its turn ended, is seen as at the table.

    >>> from quarkade.games.qwarks.rules import new_state
    >>> state = new_state(2, decks=[["q02", "q01", "q22"], ["q18", "q19", "q20"]], first=0)
    >>> for seat, text in ((0, "cover 0 after 900"), (1, "timeout"), (0, "answer 1 prooton")):
    ...     _ = state.apply_text(seat, text)
    >>> print("\\n".join(last_turn_lines(state.view(1).to_json())))
    Last turn:
      seat 0 answered 1 prooton: wrong. The card: a Prooton of 5 points: orange sad
        (1 eye, 5 tentacles), blue happy (1 eye, 5 tentacles), yellow sad (3 eyes). The
        answer that keeps it: 5 prooton.
    <BLANKLINE>
    """
    answers = view.get("last_turn") or []
    if not answers:
        return []
    viewer = view.get("seat")
    lines = ["Last turn:"]
    for answer in answers:
        who = f"seat {answer['seat']}" + (" (you)" if answer["seat"] == viewer else "")
        verdict = "right" if answer["right"] else "wrong"
        said = answer["answer"].removeprefix("answer ")
        keeps = "" if answer["right"] else f" The answer that keeps it: {answer['keeps'].removeprefix('answer ')}."
        lines.extend(textwrap.wrap(f"{who} answered {said}: {verdict}. The card: {face_text(answer['card'])}.{keeps}",
                                   WIDTH_COLUMNS, initial_indent="  ", subsequent_indent="    "))
    return [*lines, ""]


def render_text(view: dict[str, Any]) -> str:
    """The last turn's answers with their cards, the turn, the question, the revealed cards
    side by side, the race and the answers, the scores.

    >>> from quarkade.games.qwarks.rules import new_state
    >>> text = render_text(new_state(3, decks=[["q01"], ["q18"], ["q23"]], first=0).view(0).to_json())
    >>> "deck 0 · you" in text and "points" in text
    True
    """
    viewer = view.get("seat")
    turn = f"Turn {min(view['turn'], view['turns'])} of {view['turns']}; first player: seat {view['first_player']}."
    lines = [*last_turn_lines(view), turn]
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


# What each verb of the notation does, in the game's words, for the terminal's help (where a
# cover is typed without its time: ``parse_timed``).
VERBS: Final = {
    "cover": "cover the card revealed from a deck, in the race: cover DECK (the time you take is written in "
             "for you)",
    "timeout": "cover nothing in this race (the clock does it when your time runs out)",
    "question": "choose the question: question eyes, tentacles, colours, sad or happy",
    "answer": "answer for the card you covered, and identify it: answer NUMBER prooton or nootron",
}


# ----------------------------------------------------------------- the race at the terminal
def timed_notation(action: Action) -> str:
    """A race action as a player types it at the terminal: a cover without its time, which
    the terminal measures and writes in.

    >>> timed_notation(Cover(2, 0))
    'cover 2'
    """
    return f"cover {action.deck}" if isinstance(action, Cover) else str(action)


def parse_timed(text: str) -> Action:
    """A race action typed at the terminal: ``cover DECK``, stamped by the terminal with the
    time it measured. A typed time is refused (it would be replaced, the player misled), and so
    is ``timeout``, which the clock applies when the time runs out.

    >>> parse_timed("Cover 2")
    Cover(deck=2, after=0)
    >>> parse_timed("cover 2 after 5")
    Traceback (most recent call last):
    ...
    quarkade.core.errors.InvalidNotation: the terminal measures your time and writes it in: type 'cover 2'
    """
    words = parse_words(text, "qwarks")
    deck = words[1] if len(words) > 1 and NUMBER.fullmatch(words[1]) else "DECK"
    if words[0] == "cover" and len(words) == 2 and deck != "DECK":
        return Cover(int(deck), 0)
    if words[0] == "cover":
        raise InvalidNotation(f"the terminal measures your time and writes it in: type 'cover {deck}'")
    if words == ["timeout"]:
        raise InvalidNotation("the clock covers nothing for you when your time runs out: nothing to type")
    raise InvalidNotation(f"{text.strip()!r} is no cover: type a number from the list, or 'cover DECK', e.g. "
                          "'cover 1'")


# ----------------------------------------------------------------- what an answer shows
def face_text(face: dict[str, Any]) -> str:
    """A face in one line, as the card shows it, and what it is, Prooton or Nootron.

    >>> from quarkade.games.qwarks.components import CARD_BY_ID
    >>> face_text(CARD_BY_ID["q35"].face())
    'a Prooton of 1 point: orange happy (1 eye, 2 tentacles), orange happy (1 eye, 2 tentacles), blue sad (4 eyes)'
    """
    qwarks = ", ".join(f"{q['colour']} {q['mood']} ({_qwark_lines(q)[1].strip()})" for q in face["qwarks"])
    return f"a {_kind(face).word.capitalize()} of {plural(face['value'], 'point')}: {qwarks}"


def _kind(face: dict[str, Any]) -> Kind:
    """What a face is, Prooton or Nootron (the engine's own record of the card)."""
    return CARD_BY_ID[face["id"]].kind


def event_details(entry: dict[str, Any], view: dict[str, Any]) -> str | None:
    """What a log entry just written makes public, read from the view after it, for the
    terminal to show under the entry's line: after an answer, the card, now face up (ruling
    14), and after a wrong one the answer that would have kept it. The log never names a card
    (ruling 16), so the card comes from the view: from this turn's answers, or, for the last
    answer of a turn, which ends the turn at once, from the answers of the turn just ended
    (``last_turn``); a kept card else from the seat's cards. None when the view no longer
    holds it."""
    if entry.get("event") != "answer":
        return None
    answer = _answer_of(entry, view["answers"]) or _answer_of(entry, view.get("last_turn") or [])
    if entry["right"]:
        face = answer["card"] if answer else None
        if face is None:
            kept = view["players"][entry["seat"]]["kept"]
            face = kept[-1] if kept else None
        return f"The card kept: {face_text(face)}." if face is not None else None
    if answer is None:
        return None
    keeps = answer["keeps"].removeprefix("answer ")
    return f"The card: {face_text(answer['card'])}. The answer that keeps it: {keeps}."


def _answer_of(entry: dict[str, Any], answers: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The answer of ``answers`` that ``entry`` tells of, if ``answers`` holds it."""
    shown = [answer for answer in answers if answer["seat"] == entry["seat"] and answer["answer"] == entry["answer"]]
    return shown[0] if shown else None

