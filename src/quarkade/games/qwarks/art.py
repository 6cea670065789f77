"""Card drawings, generated from the card data: the drawing is what players memorise.

``card_svg(card)`` draws a face: three Qwarks left to right in their colours, each eye and
each tentacle drawn apart so that they can be counted, a smile or a frown (with a tear) for
the mood, and the value in the corner. ``back_svg(question)`` draws a question side. Both
are pure functions of the data: the same card always gives the same text.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from quarkade.games.qwarks.components import CARDS, Card, Colour, Mood, Question, Qwark

WIDTH, HEIGHT = 240, 336
COLUMN = WIDTH / 3
FILL = {
    Colour.RED: "#e53935", Colour.ORANGE: "#fb8c00", Colour.YELLOW: "#fdd835",
    Colour.GREEN: "#43a047", Colour.BLUE: "#1e88e5", Colour.PURPLE: "#8e24aa",
}
OUTLINE = {
    Colour.RED: "#8e1b1b", Colour.ORANGE: "#a35400", Colour.YELLOW: "#9c8200",
    Colour.GREEN: "#1f5e22", Colour.BLUE: "#0d4a85", Colour.PURPLE: "#4a1160",
}
INK = "#263238"
BODY_Y = 168  # the centre of a body with tentacles; a body without sits lower, on the ground
GROUND_Y = 296


def _n(x: float) -> str:
    """A coordinate, short and exact enough (and the same on every platform)."""
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _eye(x: float, y: float, r: float) -> str:
    return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="#fff" stroke="{INK}" stroke-width="1.5"/>'
            f'<circle cx="{_n(x)}" cy="{_n(y + r * 0.15)}" r="{_n(r * 0.45)}" fill="{INK}"/>')


def _eye_places(count: int, cx: float, cy: float) -> list[tuple[float, float]]:
    """Where the eyes of a Qwark without tentacles go: one row of up to three, a second row
    for four or five, never touching."""
    rows = [count] if count <= 3 else [3, count - 3]
    places = []
    for row, in_row in enumerate(rows):
        y = cy - 12 + row * 20
        for i in range(in_row):
            places.append((cx + (i - (in_row - 1) / 2) * 17, y))
    return places


def _face_features(q: Qwark, cx: float, mouth_y: float, brow_y: float, tear: tuple[float, float]) -> str:
    """Mouth (and the sad ones' brows and tear)."""
    parts = []
    if q.mood == Mood.HAPPY:
        parts.append(f'<path d="M{_n(cx - 11)} {_n(mouth_y)} Q{_n(cx)} {_n(mouth_y + 12)} {_n(cx + 11)} '
                     f'{_n(mouth_y)}" fill="none" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>')
        parts.append(f'<circle cx="{_n(cx - 16)}" cy="{_n(mouth_y - 2)}" r="4" fill="#ff8a80" opacity="0.8"/>'
                     f'<circle cx="{_n(cx + 16)}" cy="{_n(mouth_y - 2)}" r="4" fill="#ff8a80" opacity="0.8"/>')
    else:
        parts.append(f'<path d="M{_n(cx - 10)} {_n(mouth_y + 7)} Q{_n(cx)} {_n(mouth_y - 4)} {_n(cx + 10)} '
                     f'{_n(mouth_y + 7)}" fill="none" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>')
        parts.append(f'<path d="M{_n(cx - 14)} {_n(brow_y - 5)} L{_n(cx - 4)} {_n(brow_y)} '
                     f'M{_n(cx + 14)} {_n(brow_y - 5)} L{_n(cx + 4)} {_n(brow_y)}" '
                     f'stroke="{INK}" stroke-width="2.5" stroke-linecap="round"/>')
        parts.append(f'<path d="M{_n(tear[0])} {_n(tear[1])} q-4 7 0 10 q4 -3 0 -10z" fill="#4fc3f7" '
                     f'stroke="#0277bd" stroke-width="1"/>')
    return "".join(parts)


def _tentacled(q: Qwark, cx: float) -> str:
    """A Qwark with tentacles: a round body held up by them, one big eye."""
    fill, line = FILL[q.colour], OUTLINE[q.colour]
    parts = []
    top = BODY_Y + 22
    for i in range(q.tentacles):
        # spread the roots across the body, the tips further apart, each a clear S
        root = cx + (i - (q.tentacles - 1) / 2) * (44 / max(q.tentacles - 1, 1))
        tip = cx + (i - (q.tentacles - 1) / 2) * (54 / max(q.tentacles - 1, 1))
        bend = 9 if i % 2 == 0 else -9
        parts.append(f'<path d="M{_n(root)} {_n(top)} C{_n(root + bend)} {_n(top + 35)} {_n(tip - bend)} '
                     f'{_n(top + 55)} {_n(tip)} {_n(GROUND_Y - 4)}" fill="none" stroke="{line}" '
                     f'stroke-width="7" stroke-linecap="round"/>'
                     f'<path d="M{_n(root)} {_n(top)} C{_n(root + bend)} {_n(top + 35)} {_n(tip - bend)} '
                     f'{_n(top + 55)} {_n(tip)} {_n(GROUND_Y - 4)}" fill="none" stroke="{fill}" '
                     f'stroke-width="4" stroke-linecap="round"/>')
    parts.append(f'<ellipse cx="{_n(cx)}" cy="{BODY_Y}" rx="33" ry="31" fill="{fill}" stroke="{line}" '
                 f'stroke-width="3"/>')
    parts.append(f'<path d="M{_n(cx - 6)} {BODY_Y - 30} q-4 -14 -12 -16 M{_n(cx + 6)} {BODY_Y - 30} q4 -14 12 -16" '
                 f'fill="none" stroke="{line}" stroke-width="2.5" stroke-linecap="round"/>')
    eye_y = BODY_Y - 8
    parts.append(_eye(cx, eye_y, 12))
    parts.append(_face_features(q, cx, BODY_Y + 12, eye_y - 15, (cx + 19, eye_y + 6)))
    return "".join(parts)


def _eyeful(q: Qwark, cx: float) -> str:
    """A Qwark without tentacles: a tall blob sitting on the ground, two to five eyes."""
    fill, line = FILL[q.colour], OUTLINE[q.colour]
    cy = GROUND_Y - 72
    parts = [f'<path d="M{_n(cx - 33)} {GROUND_Y - 2} C{_n(cx - 40)} {_n(cy - 70)} {_n(cx + 40)} {_n(cy - 70)} '
             f'{_n(cx + 33)} {GROUND_Y - 2} Z" fill="{fill}" stroke="{line}" stroke-width="3" '
             f'stroke-linejoin="round"/>']
    eye_y = cy - 4
    for x, y in _eye_places(q.eyes, cx, eye_y):
        parts.append(_eye(x, y, 7.5))
    mouth_y = eye_y + (34 if q.eyes > 3 else 20)
    top_eye = eye_y - 12
    parts.append(_face_features(q, cx, mouth_y, top_eye - 11, (cx + 19, mouth_y - 6)))
    return "".join(parts)


def _qwark(q: Qwark, column: int) -> str:
    cx = COLUMN * column + COLUMN / 2
    shadow = f'<ellipse cx="{_n(cx)}" cy="{GROUND_Y + 2}" rx="30" ry="5" fill="#000" opacity="0.12"/>'
    return shadow + (_tentacled(q, cx) if q.tentacles else _eyeful(q, cx))


def card_svg(card: Card) -> str:
    """The face of ``card`` as a standalone SVG document."""
    creatures = "".join(_qwark(q, i) for i, q in enumerate(card.qwarks))
    # No id in the title or the corner: an id is a name for the data, and what the face does
    # not show (Prooton or Nootron) must not be printed beside it (RULINGS.md, 3).
    title = f"Qwarks card, value {card.value}: " + "; ".join(
        f"{q.colour.word} {q.mood.word}, {q.eyes} {'eye' if q.eyes == 1 else 'eyes'}"
        + (f", {q.tentacles} tentacles" if q.tentacles else "") for q in card.qwarks)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}">'
        f"<title>{title}</title>"
        f'<rect x="2" y="2" width="{WIDTH - 4}" height="{HEIGHT - 4}" rx="16" fill="#fdf6e3" stroke="{INK}" '
        f'stroke-width="3"/>'
        f'<rect x="12" y="{GROUND_Y}" width="{WIDTH - 24}" height="{HEIGHT - GROUND_Y - 14}" rx="8" fill="#e8dcc0"/>'
        f'<circle cx="32" cy="32" r="20" fill="#fff" stroke="{INK}" stroke-width="3"/>'
        f'<text x="32" y="41" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="26" '
        f'fill="{INK}">{card.value}</text>'
        f"{creatures}"
        "</svg>"
    )


def _icon(question: Question) -> str:
    cx, cy = WIDTH / 2, HEIGHT / 2 - 20
    if question == Question.EYES:
        return (f'<path d="M{_n(cx - 60)} {_n(cy)} Q{_n(cx)} {_n(cy - 55)} {_n(cx + 60)} {_n(cy)} '
                f'Q{_n(cx)} {_n(cy + 55)} {_n(cx - 60)} {_n(cy)}Z" fill="#fff" stroke="{INK}" stroke-width="5"/>'
                f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="20" fill="{INK}"/>')
    if question == Question.TENTACLES:
        return "".join(
            f'<path d="M{_n(cx + dx)} {_n(cy - 50)} C{_n(cx + dx + 25)} {_n(cy - 10)} {_n(cx + dx - 25)} '
            f'{_n(cy + 10)} {_n(cx + dx)} {_n(cy + 50)}" fill="none" stroke="{INK}" stroke-width="9" '
            f'stroke-linecap="round"/>' for dx in (-36, 0, 36))
    if question == Question.COLOURS:
        return "".join(
            f'<circle cx="{_n(cx + dx)}" cy="{_n(cy + dy)}" r="24" fill="{FILL[colour]}" stroke="{INK}" '
            f'stroke-width="3"/>'
            for (dx, dy), colour in zip(((-30, -22), (30, -22), (0, 28)), (Colour.RED, Colour.BLUE, Colour.YELLOW),
                                        strict=True))
    smile = question == Question.HAPPY
    mouth = (f'M{_n(cx - 25)} {_n(cy + 15)} Q{_n(cx)} {_n(cy + 42)} {_n(cx + 25)} {_n(cy + 15)}' if smile
             else f'M{_n(cx - 25)} {_n(cy + 32)} Q{_n(cx)} {_n(cy + 8)} {_n(cx + 25)} {_n(cy + 32)}')
    return (f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="55" fill="#fff" stroke="{INK}" stroke-width="5"/>'
            f'<circle cx="{_n(cx - 20)}" cy="{_n(cy - 14)}" r="7" fill="{INK}"/>'
            f'<circle cx="{_n(cx + 20)}" cy="{_n(cy - 14)}" r="7" fill="{INK}"/>'
            f'<path d="{mouth}" fill="none" stroke="{INK}" stroke-width="6" stroke-linecap="round"/>')


def back_svg(question: Question) -> str:
    """A card's question side, with its icon and the question in words."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}">'
        f"<title>Question side: {question.text}</title>"
        f'<rect x="2" y="2" width="{WIDTH - 4}" height="{HEIGHT - 4}" rx="16" fill="#37474f" stroke="{INK}" '
        f'stroke-width="3"/>'
        f'<rect x="14" y="14" width="{WIDTH - 28}" height="{HEIGHT - 28}" rx="10" fill="#cfd8dc"/>'
        f"{_icon(question)}"
        f'<text x="{WIDTH / 2:.0f}" y="{HEIGHT - 48}" text-anchor="middle" font-family="sans-serif" '
        f'font-size="15" fill="{INK}">{question.text}</text>'
        "</svg>"
    )


@cache
def _drawings() -> tuple[dict[str, str], dict[str, str]]:
    return {c.id: card_svg(c) for c in CARDS}, {q.word: back_svg(q) for q in Question}


def public_cards() -> dict[str, Any]:
    """What is printed on the cards, for faces to draw them: each card's face and back
    question, its drawing by id, and the drawing of each question side. The views name a
    card's id only while its face is visible, so nothing here tells a hidden card."""
    faces, backs = _drawings()
    return {
        "cards": [{"id": c.id, "value": c.value, "question": c.question.word,
                   "qwarks": [q.to_json() for q in c.qwarks]} for c in sorted(CARDS, key=lambda c: c.id)],
        "drawings": dict(faces),
        "backs": dict(backs),
    }
