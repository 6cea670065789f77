"""Qwarks components: the house data keeps every constraint, the checks catch broken data,
the drawings show what the data says, and the notation reads what it writes."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ElementTree
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from quarkade.core.errors import InvalidNotation
from quarkade.games.qwarks.actions import TIMEOUT, Answer, Ask, Cover, parse
from quarkade.games.qwarks.art import FILL, back_svg, card_svg, public_cards
from quarkade.games.qwarks.components import (
    CARD_BY_ID,
    CARDS,
    COLOUR_ANSWERS,
    Colour,
    ComponentError,
    Kind,
    Mood,
    Question,
    _build,
    raw_data,
    validate,
)
from quarkade.games.qwarks.rules import Qwarks


def broken(change: Any) -> None:
    raw = copy.deepcopy(raw_data())
    change(raw)
    validate(_build(raw))


# ------------------------------------------------------------------------ the data
def test_the_house_data_is_marked_and_valid() -> None:
    assert len(Qwarks.public_components()["cards"]) == 44
    header = resources.files("quarkade.games.qwarks").joinpath("data/cards.toml").read_text("utf-8")
    assert "HOUSE DATA" in header.splitlines()[2]
    validate(CARDS)


def test_qwarks_with_tentacles_have_one_eye_and_the_others_two_to_five() -> None:
    for card in CARDS:
        for q in card.qwarks:
            if q.tentacles:
                assert q.eyes == 1 and 2 <= q.tentacles <= 5
            else:
                assert 2 <= q.eyes <= 5


def test_every_question_is_common_and_tells_nothing_of_the_face() -> None:
    types = Counter("mood" if c.question in (Question.SAD, Question.HAPPY) else c.question.word for c in CARDS)
    assert types == {"eyes": 11, "tentacles": 11, "colours": 11, "mood": 11}
    moods = Counter(c.question for c in CARDS if c.question in (Question.SAD, Question.HAPPY))
    assert moods[Question.SAD] > 0 and moods[Question.HAPPY] > 0
    for question in Question:
        kinds = Counter(c.kind for c in CARDS if c.question == question)
        assert abs(kinds[Kind.PROOTON] - kinds[Kind.NOOTRON]) <= 1


def test_values_are_spread_and_busier_cards_are_worth_more() -> None:
    for kind in Kind:
        values = Counter(c.value for c in CARDS if c.kind == kind)
        assert set(values) == {1, 2, 3, 4, 5} and min(values.values()) >= 4

    def busy(value: int) -> float:
        cards = [c for c in CARDS if c.value == value]
        return sum(sum(q.eyes + q.tentacles for q in c.qwarks) for c in cards) / len(cards)

    assert busy(5) > busy(1)


@pytest.mark.parametrize(("what", "change", "message"), [
    ("a missing card", lambda raw: raw["card"].pop(), "44"),
    ("a value of 6", lambda raw: raw["card"][0].update(value=6), "values run 1 to 5"),
    ("a one-eyed Qwark without tentacles",
     lambda raw: raw["card"][0]["qwarks"][2].update(eyes=1), "without tentacles has 2 to 5 eyes"),
    ("a Qwark with tentacles and two eyes",
     lambda raw: raw["card"][0]["qwarks"][0].update(eyes=2), "one eye and 2 to 5 tentacles"),
    ("a Prooton with one tentacled Qwark",
     lambda raw: raw["card"][0]["qwarks"][0].update(tentacles=0, eyes=3), "2 Qwarks with tentacles"),
    ("an unknown colour", lambda raw: raw["card"][0]["qwarks"][0].update(colour="teal"), "unknown"),
    ("a question moved", lambda raw: raw["card"][0].update(question="tentacles"), "11 backs"),
    ("two identical cards", lambda raw: raw["card"][1].update(qwarks=copy.deepcopy(raw["card"][0]["qwarks"])),
     "same Qwarks"),
])
def test_broken_data_is_refused(what: str, change: Any, message: str) -> None:
    with pytest.raises(ComponentError, match=message):
        broken(change)


def test_answers() -> None:
    q01 = CARD_BY_ID["q01"]
    assert q01.answer(Question.EYES) == 5
    assert q01.answer(Question.TENTACLES) == 7
    assert q01.answer(Question.SAD) == 2
    assert q01.answer(Question.HAPPY) == 1
    assert q01.answer(Question.COLOURS) == tuple(sorted((Colour.GREEN, Colour.BLUE, Colour.GREEN)))
    assert len(COLOUR_ANSWERS) == 56, "three colours from six, repeats allowed, in any order"


# ------------------------------------------------------------------------ the drawings
def test_drawings_are_svg_and_deterministic() -> None:
    for card in CARDS:
        svg = card_svg(card)
        assert svg == card_svg(card)
        root = ElementTree.fromstring(svg)
        assert root.tag.endswith("svg")
    for question in Question:
        assert question.text in back_svg(question)
        ElementTree.fromstring(back_svg(question))


@pytest.mark.parametrize("card", CARDS, ids=[c.id for c in CARDS])
def test_a_drawing_shows_what_the_card_says(card: Any) -> None:
    """Every eye and tentacle is drawn apart (so they can be counted), each Qwark in its colour,
    a happy Qwark with rosy cheeks and a sad one with a tear, the value in the corner."""
    svg = card_svg(card)
    eyes = svg.count('fill="#fff" stroke="#263238" stroke-width="1.5"')
    tentacles = svg.count('stroke-width="7" stroke-linecap="round"')
    assert eyes == sum(q.eyes for q in card.qwarks)
    assert tentacles == sum(q.tentacles for q in card.qwarks)
    assert svg.count("#ff8a80") == 2 * sum(q.mood == Mood.HAPPY for q in card.qwarks)
    assert svg.count("#4fc3f7") == sum(q.mood == Mood.SAD for q in card.qwarks)
    for colour in Colour:
        drawn = svg.count(f'fill="{FILL[colour]}" stroke=')  # bodies (tentacles are strokes)
        assert drawn == sum(q.colour == colour for q in card.qwarks)
    assert f">{card.value}</text>" in svg


def test_public_components_hold_faces_and_drawings_by_id() -> None:
    data = public_cards()
    assert set(data["drawings"]) == {c.id for c in CARDS}
    assert set(data["backs"]) == {q.word for q in Question}
    data["cards"][0]["qwarks"][0]["colour"] = "changed"
    assert public_cards()["cards"][0]["qwarks"][0]["colour"] != "changed", "callers get their own copy"


# ------------------------------------------------------------------------ notation
@pytest.mark.parametrize(("text", "action"), [
    ("cover 3 after 1240", Cover(3, 1240)),
    ("COVER 0 after 15ms", Cover(0, 15)),
    ("timeout", TIMEOUT),
    ("question happy", Ask(Question.HAPPY)),
    ("question colors", Ask(Question.COLOURS)),
    ("answer 7 prooton", Answer(7, Kind.PROOTON)),
    ("answer 2", Answer(2, None)),
    ("answer red, blue, red nootron", Answer((Colour.RED, Colour.RED, Colour.BLUE), Kind.NOOTRON)),
])
def test_notation_reads(text: str, action: Any) -> None:
    assert parse(text) == action
    assert parse(str(action)) == action


@pytest.mark.parametrize("text", ["cover 3", "cover 3 after -5", "cover x after 5", "cover 3 after 1.5",
                                  "question", "question smell", "answer", "answer red blue",
                                  "answer 7 quark", "answer ٣ prooton", "cover 3 after ١٢٠٠"])
def test_bad_notation_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(InvalidNotation) as refused:
        parse(text)
    assert str(refused.value).strip()
