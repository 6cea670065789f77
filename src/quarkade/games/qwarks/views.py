"""What each seat of Qwarks may know, as a view.

Nearly everything in Qwarks is public: what it hides is hidden from everyone, the player who
covered a card included. A card's face is in a view only while it is visible at the table: a
revealed card until a hand covers it, a covered card once it is checked, and so until the next
turn's answers begin (``last_turn``, as the last answer ends its turn at once), and kept cards;
the discard pile is face down. A covered card, and every card of a deck, is never named (not
even by its id), so that answering stays a matter of memory; of a deck only the question side
of its top card shows. The one private part is a seat's own sealed choice in the cover race,
until all are in.

A face is ``{"id": "q15", "value": 1-5, "qwarks": [{"colour": "red" | "orange" | "yellow" |
"green" | "blue" | "purple", "eyes", "tentacles", "mood": "sad" | "happy"}, x3 left to
right]}``; its drawing is ``art.card_svg`` (also in ``public_components()["drawings"]`` by
id). Questions are the words ``eyes``, ``tentacles``, ``colours``, ``sad``, ``happy``.

Every field of ``view.to_json()`` (besides ``game`` and ``seat``)::

    phase          "question" (the first player chooses the question), "cover" (the race),
                   "answer" (phase 2) or "over"
    turn           the turn, from 1; ``turns``: how many the game lasts
    first_player   this turn's first player
    beginners, colour_blind   the options
    cover_ms       the race's time limit in milliseconds
    listed_step_ms the step between the reaction times the race's legal actions list
    decks          one entry a deck: {"deck", "seat": its holder, "side": "right" | "left"
                   (two players) or null, "cards": how many, "question": the question side
                   of its top card, or null when empty}
    question       {"question": this turn's question word (null while the first player
                   chooses), "text": it in words, "deck": the deck whose top shows it (null
                   when chosen), "asking_deck": the deck that sets it (the first player's, or
                   with two players the one the rotation has reached)}
    revealed       one entry a deck, this turn's card: {"deck", "card": its face or null while
                   covered and unchecked, "covered_by": a seat or null, "checked": true once
                   its answer is given}
    ready          the race: for each seat, whether its choice is in (sealed until the hands
                   land) or its race is over
    own_cover      a seat's own choice in the race, for itself only (absent for a spectator):
                   {"deck", "after": ms} or {"timeout": true}; null before it chooses or
                   outside the race
    race_round     the race's round: 1, then one more each time hands beaten to a card are
                   asked again
    now_ms         the race: for each seat the ms its time runs from: 0, or for a hand beaten
                   to a card the moment that card was covered
    race           this turn's hands as the race settles them, in order: {"seat", "deck":
                   the card reached for or null (covered nothing), "after": ms or null, "got":
                   bool}; a hand beaten to a card has "got" false and "after" the moment the
                   card was covered (its own time stays sealed); [] before the first
    answering      phase 2: {"order": the seats that answer, in turn, "answered": how many have}
    answers        this turn's answers: {"seat", "answer": the notation said, "right": bool,
                   "card": the face, revealed, "keeps": the answer that keeps that card, in
                   notation (public once the card is face up: the table can work it out)}
    last_turn      the answers of the turn just ended, as ``answers`` held them (its last one
                   was checked as the turn ended): from the next turn's start through its
                   question and race, [] once its answers begin, on turn 1 and once the game
                   is over (the last turn's answers stay in ``answers``) (RULINGS.md, 16)
    last_question  the question ``last_turn``'s answers answered (a word of ``question``), or
                   null when ``last_turn`` is empty
    players        one entry a seat: {"seat", "kept": the faces of its cards, "score"}
    discards       how many cards lie on the discard pile: face down, a count only (a card is
                   seen while it is revealed, in ``revealed`` and ``answers``, that turn only,
                   and an answered one in ``last_turn`` until the next turn's answers begin)
    set_aside      how many cards were dealt away unseen at set-up
    to_act, is_over, scores, winners (null until the game is over)
    log            the newest events, oldest first: {"event", "text", ...}; a reveal is told
                   without its faces, so the log never names a covered card
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from quarkade.core.game import View
from quarkade.core.log import read
from quarkade.core.words import joined, plural
from quarkade.games.qwarks.components import CARD_COUNT, CARDS, QUESTION_BY_WORD
from quarkade.games.qwarks.rules import LISTED_STEP_MS, Phase, Qwarks, deck_count, keeping_answer

if TYPE_CHECKING:
    from quarkade.games.qwarks.components import Question
    from quarkade.games.qwarks.rules import QwarksState

LOG_LENGTH: Final = 60


# Each card's face as a view shows it, built once and shared by every view: never change them.
FACES: Final = tuple(card.face() for card in CARDS)


def face(card: int) -> dict[str, Any]:
    return FACES[card]


def deck_holder(deck: int, players: int, decks: int) -> tuple[int, str | None]:
    """The seat holding ``deck``, and in the 2 Player Variant (four decks) which side (right, then left)."""
    if decks > players:
        return deck // 2, ("right", "left")[deck % 2]
    return deck, None


def describe(event: tuple[Any, ...], viewer: int | None, reveal_all: bool) -> dict[str, Any] | None:
    """A log event as ``viewer`` may read it."""
    kind = event[0]
    if kind == "setup":
        first, size, aside = event[2:5]
        return {"event": kind, "first_player": first,
                "text": f"Each deck holds {size} cards ({aside} set aside unseen). Seat {first} is the first player."}
    if kind == "turn":
        turn, first = event[2], event[3]
        return {"event": kind, "turn": turn, "first_player": first,
                "text": f"Turn {turn}: seat {first} is the first player; every deck reveals its top card."}
    if kind == "question":
        word, deck, moved = event[2], event[3], event[4]
        where = f"the next question shown, on deck {deck}, as the colours are not asked" if moved else f"deck {deck}"
        return {"event": kind, "question": word, "deck": deck,
                "text": f"The question ({where}): {QUESTION_BY_WORD[word].text}"}
    if kind == "no-question":
        first, colour_blind = event[2], event[3]
        among = " (not the colours)" if colour_blind else ""
        return {"event": kind, "seat": first, "text": f"No deck shows a question: seat {first} chooses one{among}."}
    if kind == "chosen":
        seat, word = event[2], event[3]
        return {"event": kind, "seat": seat, "question": word,
                "text": f"Seat {seat} chooses the question: {QUESTION_BY_WORD[word].text}"}
    if kind == "covered":
        seat, cover = event[2], event[3]
        if viewer == seat or reveal_all:
            what = "nothing in time" if cover is None else f"the card from deck {cover[0]} after {cover[1]} ms"
            return {"event": kind, "seat": seat, "text": f"Seat {seat} covers {what}."}
        return {"event": kind, "seat": seat, "text": f"Seat {seat} has made its choice in the race."}
    if kind == "race":
        parts = []
        landed, beaten, limit_ms = event[2], event[3], event[4]
        for seat, deck, ms, got in landed:
            if deck is None:
                parts.append(f"seat {seat} covers nothing")
            elif got:
                parts.append(f"seat {seat} covers the card from deck {deck} after {ms} ms")
            elif ms < limit_ms:
                parts.append(f"seat {seat}, reaching for it too, is beaten to it: its time runs on from {ms} ms")
            else:
                parts.append(f"seat {seat}, reaching for it too, is beaten to it as its time runs out")
        text = "The race: " + "; ".join(parts) + "."
        if beaten:
            said = joined([f"seat {s}" for s in beaten])
            text += f" {said[0].upper()}{said[1:]} may cover another card."
        return {"event": kind, "beaten": list(beaten), "text": text}
    if kind == "answer":
        seat, answer, right, card = event[2:6]
        # The card is named nowhere in the log: its face is shown in the turn's view only, so
        # that no log line lists what went onto the face-down discard pile (RULINGS.md, 16).
        said, c = str(answer), CARDS[card]
        outcome = f"right: it keeps the card ({plural(c.value, 'point')})" if right else "wrong: the card is discarded"
        return {"event": kind, "seat": seat, "answer": said, "right": right,
                "text": f"Seat {seat} answers {said.removeprefix('answer ')}: {outcome}."}
    if kind == "discard":
        count = len(event[2])
        text = (f"{count} unclaimed card{'s' if count != 1 else ''} discarded face down." if count
                else "No card is left unclaimed.")
        return {"event": kind, "cards": count, "text": text}
    if kind == "end":
        scores, winners = event[2], event[3]
        best = ", ".join(f"seat {s}" for s in winners)
        points = ", ".join(str(int(s)) for s in scores)
        return {"event": kind, "scores": list(scores), "winners": list(winners),
                "text": f"The decks are spent. Scores: {points}. Best scientist: {best}."}
    return None


# What views read of the components and the flow, looked up once: a view is made at every
# decision of every bot, and enum properties are slow to read.
# A phase's and a question's word is the member's value, read as ``_value_``: ``.value`` is a
# slow property, and an enum member hashes through a Python method (no enum-keyed lookups).
_QUESTION_TEXT: Final = {word: question.text for word, question in QUESTION_BY_WORD.items()}
_BACK_WORD: Final = tuple(card.question.word for card in CARDS)  # the question on each card's back
_VALUE: Final = tuple(card.value for card in CARDS)
_QUESTION: Final = Phase.QUESTION
_COVER: Final = Phase.COVER
_ANSWER: Final = Phase.ANSWER
_OVER: Final = Phase.OVER
# (players, decks) -> each deck's holder, side
_HOLDERS: Final[dict[tuple[int, int], tuple[tuple[int, str | None], ...]]] = {}
# A card revealed and not covered, as every view shows it (shared: never change them): by deck and card.
_UNCOVERED: Final = tuple(tuple({"deck": deck, "card": FACES[card], "covered_by": None, "checked": False}
                                for card in range(CARD_COUNT)) for deck in range(deck_count(Qwarks.info.max_players)))
# A card under a hand, not yet checked: by deck and the seat whose hand covers it (shared too).
_Entries = tuple[tuple[dict[str, Any], ...], ...]
_COVERED: Final[_Entries] = tuple(tuple({"deck": deck, "card": None, "covered_by": seat, "checked": False}
                                        for seat in range(Qwarks.info.max_players))
                                  for deck in range(deck_count(Qwarks.info.max_players)))


def _holders(players: int, decks: int) -> tuple[tuple[int, str | None], ...]:
    holders = _HOLDERS.get((players, decks))
    if holders is None:
        holders = _HOLDERS[players, decks] = tuple(deck_holder(deck, players, decks) for deck in range(decks))
    return holders


def make_view(state: QwarksState, seat: int | None) -> View:
    """The view of ``seat``. What the bots read at every decision (the phase, the question,
    the revealed cards, the options) is made now; the decks, the race, the players' kept cards
    and the log are lazy parts, made from what the state held when the view was made (the
    persistent log and tuples as they are, the lists that change in place copied now), so a
    part read later reads the same view."""
    phase = state.phase
    over = phase is _OVER
    n = state.players
    raced = phase is _ANSWER or over  # the race is over this turn
    holder, order, answered = state.holder, state.order, state.answered
    if raced or state.reaches:
        revealed = []
        for deck, card in enumerate(state.revealed):
            covering = holder[deck]
            if covering < 0:
                revealed.append(_UNCOVERED[deck][card])
                continue
            # A card shows its face but while a hand covers it, until it is checked.
            if raced and order.index(covering) < answered:
                revealed.append({"deck": deck, "card": FACES[card], "covered_by": covering, "checked": True})
            else:
                revealed.append(_COVERED[deck][covering])
    else:
        revealed = [_UNCOVERED[deck][card] for deck, card in enumerate(state.revealed)]
    question = state.question
    kept = state.kept[:]  # the seats' tuples, never changed in place
    decks = [(len(cards), cards[-1] if cards else -1) for cards in state.decks]
    reaches = state.reaches[:]
    log = state.log
    data: dict[str, Any] = {
        "phase": phase._value_,
        "turn": state.turn,
        "turns": CARD_COUNT // len(decks),
        "first_player": state.first,
        "beginners": state.beginners,
        "colour_blind": state.colour_blind,
        "cover_ms": state.limit_ms,
        "listed_step_ms": LISTED_STEP_MS,
        "question": {
            "question": question._value_ if question else None,
            "text": _QUESTION_TEXT[question._value_] if question else None,
            "deck": state.question_deck if state.question_deck >= 0 else None,
            "asking_deck": state.asking_deck(),
        },
        "revealed": revealed,
        "ready": state.ready[:],
        "race_round": state.round,
        "now_ms": state.now[:],
        "answering": {"order": list(order), "answered": answered},
        "answers": (_answers(state.answers, state.revealed, holder, question, state.beginners)
                    if state.answers else []),
        "last_turn": _last_turn(state.last_turn, state.last_question, state.beginners) if state.last_turn else [],
        "last_question": state.last_question._value_ if state.last_question else None,
        "discards": len(state.discards),
        "set_aside": len(state.set_aside),
        "to_act": list(state._to_act),
        "is_over": over,
        "scores": _scores(kept) if over else None,
        "winners": list(state.winners) if over else None,
    }
    if seat is not None:
        if phase is _COVER and state.ready[seat]:
            own = state.covers[seat]
            data["own_cover"] = {"timeout": True} if own is None else {"deck": own[0], "after": own[1]}
        else:
            data["own_cover"] = None
    parts: dict[str, Callable[[], Any]] = {
        "decks": lambda: _decks(decks, n),
        "race": lambda: _race(reaches),
        "players": lambda: _players(kept),
        "log": lambda: read(log, describe, seat, over, LOG_LENGTH),
    }
    return View("qwarks", seat, data, parts)


def _answers(answers: list[tuple[int, str, bool]], revealed: list[int], holder: list[int], question: Question | None,
             beginners: bool) -> list[dict[str, Any]]:
    """This turn's answers, each with the card it was about, now revealed, and the answer that
    keeps that card."""
    assert question is not None  # answers are given to the turn's question
    return [{"seat": s, "answer": said, "right": right, "card": FACES[card],
             "keeps": keeping_answer(card, question, beginners)}
            for s, said, right in answers for card in (revealed[holder.index(s)],)]


# The last ``last_turn`` read and its entries: the tuple is replaced, never changed, and shared
# by a state's clones, so every view of a turn's race reads the same one. Its entries are shared
# by those views, as the faces are: never change them.
_last_read: tuple[tuple[tuple[int, str, bool, int], ...], list[dict[str, Any]]] = ((), [])


def _last_turn(answers: tuple[tuple[int, str, bool, int], ...], question: Question | None,
               beginners: bool) -> list[dict[str, Any]]:
    """The turn just ended's answers, each with its card and the answer that keeps it, as
    ``answers`` showed them."""
    global _last_read
    read_before, entries = _last_read
    if read_before is not answers:
        assert question is not None  # kept with the answers it was asked for
        entries = [{"seat": s, "answer": said, "right": right, "card": FACES[card],
                    "keeps": keeping_answer(card, question, beginners)} for s, said, right, card in answers]
        _last_read = (answers, entries)
    return entries[:]


def _scores(kept: list[tuple[int, ...]]) -> list[float]:
    return [float(sum(map(_VALUE.__getitem__, cards))) for cards in kept]


def _players(kept: list[tuple[int, ...]]) -> list[dict[str, Any]]:
    """Each seat's kept cards, face up, and its score."""
    return [{"seat": s, "kept": [FACES[card] for card in cards], "score": int(score)}
            for s, (cards, score) in enumerate(zip(kept, _scores(kept), strict=True))]


def _decks(decks: list[tuple[int, int]], players: int) -> list[dict[str, Any]]:
    """Each deck: its holder, how many cards it holds, the question on its top card's back."""
    return [{"deck": deck, "seat": holder, "side": side, "cards": size,
             "question": _BACK_WORD[top] if size else None}
            for deck, ((holder, side), (size, top)) in enumerate(zip(_holders(players, len(decks)), decks,
                                                                      strict=True))]


def _race(reaches: list[tuple[int, int | None, int | None, bool]]) -> list[dict[str, Any]]:
    """This turn's hands as the race settled them: the card each reached for, when it landed
    (or was beaten), and whether it got it."""
    return [{"seat": s, "deck": deck, "after": ms, "got": got} for s, deck, ms, got in reaches]
