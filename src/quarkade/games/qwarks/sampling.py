"""Determinization: a full Qwarks state consistent with one seat's view.

The flow, the scores and every face the view shows are copied from it. What it hides is
drawn with the caller's generator from the cards it does not show: first the top card of
each deck, among the cards whose back shows that deck's question; then the covered cards,
the rest of the decks, the face-down discard pile and the cards set aside, at random. Another seat's sealed choice in a
race, not landed yet, is drawn among the choices it could have made: a card still free, no
sooner than its own time runs from, nor than the last hand that landed. The view alone is used, so a
player's memory of a covered face is not here: a bot that remembers it adds it itself.
"""

from __future__ import annotations

from typing import Any

from quarkade.core.chance import Chance
from quarkade.core.flow import distance_clockwise
from quarkade.core.game import View
from quarkade.games.qwarks.actions import TIMEOUT, Cover
from quarkade.games.qwarks.components import CARD_BY_ID, CARD_COUNT, CARDS, QUESTION_BY_WORD
from quarkade.games.qwarks.rules import Phase, Qwarks, QwarksState, race_actions


def sample_state(game: Qwarks, view: View, chance: Chance) -> QwarksState:
    data: dict[str, Any] = view.to_json()
    n = game.players
    s = QwarksState()
    s.game, s.seed, s.history, s.log, s._legal = game, 0, [], None, None
    s.chance = Chance(chance.next64())
    s.players, s.beginners, s.colour_blind = n, data["beginners"], data["colour_blind"]
    s.limit_ms = data["cover_ms"]
    s.turn, s.first, s.phase = data["turn"], data["first_player"], Phase(data["phase"])
    s.start = (s.first - s.turn + 1) % n
    question = data["question"]
    s.question = QUESTION_BY_WORD[question["question"]] if question["question"] else None
    s.question_deck = question["deck"] if question["deck"] is not None else -1
    s.kept = [tuple(CARD_BY_ID[c["id"]].index for c in p["kept"]) for p in data["players"]]
    s.ready = list(data["ready"])
    s.order, s.answered = tuple(data["answering"]["order"]), data["answering"]["answered"]
    s.wrong = 0  # not shown: only the statistics read it

    shown = {card for kept in s.kept for card in kept}
    s.last_turn = tuple((e["seat"], e["answer"], e["right"], CARD_BY_ID[e["card"]["id"]].index)
                        for e in data["last_turn"])
    shown.update(card for _, _, _, card in s.last_turn)
    s.last_question = QUESTION_BY_WORD[data["last_question"]] if data["last_question"] else None
    entries = data["revealed"]
    for entry in entries:
        if entry["card"] is not None:
            shown.add(CARD_BY_ID[entry["card"]["id"]].index)
    unseen = [card for card in range(CARD_COUNT) if card not in shown]
    chance.shuffle(unseen)

    decks: list[list[int]] = []
    for deck in data["decks"]:
        cards: list[int] = []
        if deck["question"] is not None:
            # The true top is one way to meet every deck's question at once, so one always fits.
            top = next(i for i, card in enumerate(unseen) if CARDS[card].question.word == deck["question"])
            cards.append(unseen.pop(top))
        decks.append(cards)
    s.revealed, s.holder = [], []
    for entry in entries:
        s.revealed.append(CARD_BY_ID[entry["card"]["id"]].index if entry["card"] is not None else unseen.pop())
        s.holder.append(entry["covered_by"] if entry["covered_by"] is not None else -1)
    for deck, cards in zip(data["decks"], decks, strict=True):
        below = [unseen.pop() for _ in range(deck["cards"] - len(cards))]
        cards[:0] = below  # under the top card
    s.decks = decks
    # The discard pile is face down (RULINGS.md, 16): its cards are drawn like the set-aside ones.
    # This turn's discards are still on the table, face up: a wrong answer's card, and once the
    # game is over, the last turn's unclaimed cards; so are the wrong answers' cards of the turn
    # just ended, until this turn's answers begin (``last_turn``).
    on_table = [card for _, _, right, card in s.last_turn if not right]
    on_table += [CARD_BY_ID[e["card"]["id"]].index for e in data["answers"] if not e["right"]]
    if s.phase == Phase.OVER:
        on_table += [CARD_BY_ID[e["card"]["id"]].index for e in entries if e["covered_by"] is None]
    s.discards = [unseen.pop() for _ in range(data["discards"] - len(on_table))] + on_table
    s.set_aside = unseen[: data["set_aside"]]

    s.covers = [None] * n
    s.now, s.round = list(data["now_ms"]), data["race_round"]
    s.reaches = [(r["seat"], r["deck"], r["after"], r["got"]) for r in data["race"]]
    s.done = [False] * n
    for seat, deck, ms, got in s.reaches:
        if got or deck is None:
            s.done[seat] = True
            s.covers[seat] = (deck, ms) if deck is not None and ms is not None else None
    if s.phase == Phase.COVER:
        own = data.get("own_cover")
        free = tuple(holder < 0 for holder in s.holder)
        # A hand still in the air lands after the last one that landed: at its time, if later in
        # the order of ties (clockwise from the first player), else after it.
        last = [r for r in data["race"] if r["got"]][-1:]
        landed = last[0]["after"] if last else 0
        tie_from = distance_clockwise(s.first, last[0]["seat"], n) if last else -1
        for seat in range(n):
            if not s.ready[seat] or s.done[seat]:
                continue
            if seat == view.seat and own is not None:
                s.covers[seat] = None if own.get("timeout") else (own["deck"], own["after"])
                continue
            start = max(s.now[seat], landed + (distance_clockwise(s.first, seat, n) < tie_from))
            # what it could have chosen: the race's listed actions from its start (none but
            # ``timeout`` when no time is left to land after the last hand)
            could = race_actions(free, start, s.limit_ms) if start <= s.limit_ms else [TIMEOUT]
            pick = could[chance.below(len(could))]
            if isinstance(pick, Cover):
                s.covers[seat] = (pick.deck, pick.after)
    s.answers = [(entry["seat"], entry["answer"], entry["right"]) for entry in data["answers"]]
    s._to_act = tuple(data["to_act"])
    return s
