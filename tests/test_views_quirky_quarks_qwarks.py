"""Quirky Quarks' and Qwarks' views make their costly keys lazily (a part when its key is read).
A view must hold exactly what an eager build of it holds: whole at once, key by key in any order,
and when it is made whole only after its state has moved on.

The eager builds below read the state directly, key by key, as each view is documented; they
share nothing with the games' view modules but the log's describers (the log's words are
tested with the logs)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import quarkade
from conftest import random_step
from quarkade.agents import make_bot
from quarkade.core.chance import Chance
from quarkade.core.game import Game, State
from quarkade.core.log import read
from quarkade.games.quirky_quarks import views as quirky_quarks_views
from quarkade.games.quirky_quarks.components import COMPONENTS, DECK_NAMES, Phase
from quarkade.games.quirky_quarks.rules import QuirkyQuarksState
from quarkade.games.qwarks import views as qwarks_views
from quarkade.games.qwarks.components import CARD_COUNT
from quarkade.games.qwarks.components import CARDS as QWARKS_CARDS
from quarkade.games.qwarks.components import Question as QwarksQuestion
from quarkade.games.qwarks.rules import LISTED_STEP_MS, QwarksState
from quarkade.games.qwarks.rules import Phase as QwarksPhase

CARDS = COMPONENTS.cards
ACCELERATORS = COMPONENTS.accelerators
PHASES = ("funding", "research", "ejection", "discovery", "quest", "over")
LOG_LENGTH = 60


# ----------------------------------------------------------------------------- eager builds
def counted(vector: list[int], kinds: range | tuple[int, ...] | None = None) -> dict[str, int]:
    kinds = range(len(vector)) if kinds is None else kinds
    return {CARDS[k].id: vector[k] for k in kinds if vector[k]}


def quirky_quarks_view(state: QuirkyQuarksState, seat: int | None) -> dict[str, Any]:
    """Every key of a Quirky Quarks view, made at once from the state."""
    n = state.players
    over = state.is_over
    sealed = state.sealed
    quests = tuple(card.kind for card in CARDS if card.is_quest)
    players = []
    for s in range(n):
        held = state.hand_size(s) + (len(sealed.choices[s]) if sealed is not None and s in sealed.choices else 0)
        entry: dict[str, Any] = {
            "seat": s, "ev": state.ev[s], "hand_size": held, "neutrinos": state.neutrinos[s],
            "completed": counted(state.completed(s), quests),
            "researcher": ACCELERATORS[state.accelerators[state.placed[s]]].id if state.placed[s] >= 0 else None,
        }
        if sealed is not None and s in sealed.ready:
            entry["ready"] = sealed.ready[s]
            entry["must_eject"] = [state.minimums[s], state.maximums[s]]
        if over:
            quest_points, bonus, ev = state.points(s)
            entry["score"] = {"quests": quest_points, "bonus": bonus, "ev": ev, "total": quest_points + bonus + ev}
            entry["hand"] = counted(state.hand(s))
        players.append(entry)
    research = state.phase is Phase.RESEARCH
    accelerators = [{
        "id": ACCELERATORS[accelerator].id, "name": ACCELERATORS[accelerator].name,
        "cards": [CARDS[k].id for k in state.accel_cards[position]],
        "bid": state.bids[position] if research else 0,
        "holder": state.holders[position] if research and state.holders[position] >= 0 else None,
    } for position, accelerator in enumerate(state.accelerators)]
    decks = {}
    for index, deck in enumerate(state.decks):
        discards = [0] * len(CARDS)
        for kind in deck.discards:
            discards[kind] += 1
        decks[DECK_NAMES[index]] = {"cards": len(deck.cards), "discards": counted(discards)}
    data: dict[str, Any] = {
        "round": state.round,
        "phase": PHASES[state.phase],
        "stage": state.stage,
        "starting_physicist": state.sp,
        "to_act": list(state.to_act),
        "players": players,
        "accelerators": accelerators,
        "discovery_zone": [CARDS[k].id for k in sorted(state.zone)],
        "decks": decks,
        "flow": {
            "turn": state.turn, "considered": state.considered, "initiator": state.initiator,
            "min_bid": state.min_bid, "initiated": state.initiated,
            "auction": None if state.auction_card < 0 else {
                "card": CARDS[state.auction_card].id, "high_bid": state.high_bid,
                "high_bidder": state.high_bidder, "passed": [s for s in range(n) if state.passed[s]],
            },
            "pending_draws": [list(p) for p in state.pending_draws],
            "setup_deals": [list(d) for d in state.setup_deals],
            "neutrino": None if state.neutrino_seat < 0 else
            {"seat": state.neutrino_seat, "draws_left": state.neutrino_draws},
            "discounts_used": counted(state.discounts_used),
        },
        "is_over": over,
        "scores": list(state.scores) if over else None,
        "winners": list(state.winners) if over else None,
    }
    if seat is not None:
        data["hand"] = counted(state.hand(seat))
        if sealed is not None and seat in sealed.choices:
            data["ejecting"] = [CARDS[k].id for k in sealed.choices[seat]]
    data["log"] = read(state.log, quirky_quarks_views.describe, seat, over, LOG_LENGTH)
    return data


def face(card: int) -> dict[str, Any]:
    c = QWARKS_CARDS[card]
    return {"id": c.id, "value": c.value, "qwarks": [
        {"colour": q.colour.name.lower(), "eyes": q.eyes, "tentacles": q.tentacles, "mood": q.mood.name.lower()}
        for q in c.qwarks]}


def keeps(card: int, question: QwarksQuestion | None, beginners: bool) -> str:
    """The answer that keeps ``card`` (the card's own answer to the question, and its kind)."""
    assert question is not None
    answer = QWARKS_CARDS[card].answer(question)
    said = str(answer) if isinstance(answer, int) else " ".join(colour.word for colour in answer)
    return f"answer {said}" + ("" if beginners else f" {QWARKS_CARDS[card].kind.word}")


def qwarks_view(state: QwarksState, seat: int | None) -> dict[str, Any]:
    """Every key of a Qwarks view, made at once from the state."""
    n = state.players
    over = state.is_over
    paired = len(state.decks) > n  # the 2 Player Variant: two decks a player
    decks = [{"deck": deck, "seat": deck // 2 if paired else deck,
              "side": ("right", "left")[deck % 2] if paired else None, "cards": len(cards),
              "question": QWARKS_CARDS[cards[-1]].question.value if cards else None}
             for deck, cards in enumerate(state.decks)]
    revealed = []
    for deck, card in enumerate(state.revealed):
        covered_by = state.holder[deck] if state.holder[deck] >= 0 else None
        visible = state.card_visible(deck)
        revealed.append({"deck": deck, "card": face(card) if visible else None, "covered_by": covered_by,
                         "checked": covered_by is not None and visible})
    question = state.question
    scores = [float(sum(QWARKS_CARDS[card].value for card in kept)) for kept in state.kept]
    data: dict[str, Any] = {
        "phase": state.phase.value,
        "turn": state.turn,
        "turns": CARD_COUNT // len(state.decks),
        "first_player": state.first,
        "beginners": state.beginners,
        "colour_blind": state.colour_blind,
        "cover_ms": state.limit_ms,
        "listed_step_ms": LISTED_STEP_MS,
        "decks": decks,
        "question": {"question": question.value if question else None, "text": question.text if question else None,
                     "deck": state.question_deck if state.question_deck >= 0 else None,
                     "asking_deck": state.asking_deck()},
        "revealed": revealed,
        "ready": list(state.ready),
        "race_round": state.round,
        "now_ms": list(state.now),
        "race": [{"seat": s, "deck": deck, "after": ms, "got": got} for s, deck, ms, got in state.reaches],
        "answering": {"order": list(state.order), "answered": state.answered},
        "answers": [{"seat": s, "answer": str(answer), "right": right,
                     "card": face(state.revealed[state.holder.index(s)]),
                     "keeps": keeps(state.revealed[state.holder.index(s)], question, state.beginners)}
                    for s, answer, right in state.answers],
        "last_turn": [{"seat": s, "answer": said, "right": right, "card": face(card),
                       "keeps": keeps(card, state.last_question, state.beginners)}
                      for s, said, right, card in state.last_turn],
        "last_question": state.last_question.value if state.last_question else None,
        "players": [{"seat": s, "kept": [face(card) for card in state.kept[s]], "score": int(scores[s])}
                    for s in range(n)],
        "discards": len(state.discards),
        "set_aside": len(state.set_aside),
        "to_act": list(state.to_act),
        "is_over": over,
        "scores": scores if over else None,
        "winners": list(state.winners) if over else None,
    }
    if seat is not None:
        ready = state.phase is QwarksPhase.COVER and state.ready[seat]
        own = state.covers[seat] if ready else None
        data["own_cover"] = {"deck": own[0], "after": own[1]} if own else {"timeout": True} if ready else None
    data["log"] = read(state.log, qwarks_views.describe, seat, over, LOG_LENGTH)
    return data


EAGER: dict[str, Callable[[Any, int | None], dict[str, Any]]] = {
    "quirky-quarks": quirky_quarks_view, "qwarks": qwarks_view}
GAMES = {"quirky-quarks": 3, "qwarks": 8}  # seeded games to look at: a game of Qwarks is short
CONFIGURATIONS: list[tuple[str, int, dict[str, Any]]] = [
    ("quirky-quarks", 2, {}), ("quirky-quarks", 3, {}), ("quirky-quarks", 4, {}),
    ("qwarks", 2, {}), ("qwarks", 3, {"beginners": True}), ("qwarks", 4, {}),
    ("qwarks", 5, {"colour_blind": True, "cover_seconds": 3}),
]


def positions(game: Game, games: int) -> list[tuple[State, int, int]]:
    """Seeded games played to the end, two moves in three the heuristic's (so that Quests get
    completed and answers remembered) and one in three at random: (state, seat, seed) at every step."""
    out = []
    for seed in range(games):
        chance = Chance(seed + 17)
        bots = [make_bot("heuristic", game, seed * 10 + seat) for seat in range(game.players)]
        state = game.new_game(seed)
        while True:
            seat = state.to_act[chance.below(len(state.to_act))] if state.to_act else 0
            out.append((state, seat, seed))
            if state.is_over:
                break
            state = state.clone()
            legal = state.legal_actions(seat)
            heuristic = chance.below(3)
            state.apply(seat, bots[seat].choose(state.view(seat), legal) if heuristic
                        else legal[chance.below(len(legal))])
    return out


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGURATIONS,
                         ids=[f"{g}-{n}p{'-' + '-'.join(o) if o else ''}" for g, n, o in CONFIGURATIONS])
def test_every_view_equals_its_eager_build(game_id: str, players: int, options: dict[str, Any]) -> None:
    game = quarkade.load(game_id, players=players, **options)
    eager = EAGER[game_id]
    checked = lazy_keys = 0
    for index, (state, _, _) in enumerate(positions(game, GAMES[game_id])):
        if index % 3 and not state.is_over:
            continue
        for seat in [*range(players), None]:
            expected = eager(state, seat)
            assert state.view(seat).data == expected, f"seat {seat}'s view at step {state.steps}"
            # Key by key, newest key first (the reverse of the order a whole view is made in).
            view = state.view(seat)
            keys = list(view)
            assert sorted(keys) == sorted(expected)
            for key in reversed(keys):
                lazy_keys += key not in view._data
                assert view[key] == expected[key], f"{key} of seat {seat}'s view at step {state.steps}"
            assert view.data == expected
            checked += 1
    assert checked > 150 and lazy_keys > 150, "views of many positions, with lazy keys among them"


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGURATIONS[1:2] + CONFIGURATIONS[5:6],
                         ids=["quirky-quarks-3p", "qwarks-4p"])
def test_a_view_made_whole_later_shows_the_state_it_was_made_from(game_id: str, players: int,
                                                                   options: dict[str, Any]) -> None:
    """A view is made, its state moves on three steps, then the view is read: it still shows
    the state as it was (its lazy parts copied what changes in place)."""
    game = quarkade.load(game_id, players=players, **options)
    eager = EAGER[game_id]
    chance = Chance(5)
    checked = 0
    for state, _, _ in positions(game, GAMES[game_id])[::4]:
        if state.is_over:
            continue
        state = state.clone()
        views = {s: state.view(s) for s in [*range(players), None]}
        expected = {s: eager(state, s) for s in views}
        for _ in range(3):
            if state.is_over:
                break
            random_step(state, chance)
        for s, view in views.items():
            assert view.data == expected[s], f"seat {s}'s view read after the state moved on"
        checked += 1
    assert checked > 40


def test_a_reader_changing_its_quirky_quarks_view_changes_no_other_view() -> None:
    """Completed Quests are named once and copied into each view: a reader that writes into its
    view leaves the next views of the same cards as they were."""
    game = quarkade.load("quirky-quarks", players=3)
    checked = 0
    for state, seat, _ in positions(game, 1)[::5]:
        assert isinstance(state, QuirkyQuarksState)
        first = state.view(seat)
        expected = quirky_quarks_view(state, seat)
        first["hand"]["scribbled"] = 1
        for entry in first["players"]:
            entry["completed"]["scribbled"] = 1
        assert state.view(seat).data == expected
        checked += any(entry["completed"] for entry in expected["players"])
    assert checked > 5, "positions with completed Quests among them"


def test_quirky_quarks_views_of_unrelated_states_in_turn_each_show_their_own_state() -> None:
    """The completed Quests as last seen are kept between views (with their names): views of states
    from games of 2, 3 and 4 players and of different seeds, made in turn, each equal the eager
    build of their own state, seat by seat."""
    games = [quarkade.load("quirky-quarks", players=n) for n in (2, 3, 4)]
    walks = [(game, [state for state, _, seed in positions(game, 2) if seed == 1][::7]) for game in games]
    walks.append((games[1], [state for state, _, _ in positions(games[1], 1)][::7]))
    checked = 0
    for step in range(min(len(states) for _, states in walks)):
        for game, states in walks:
            state = states[step]
            assert isinstance(state, QuirkyQuarksState)
            for seat in [*range(game.players), None]:
                assert state.view(seat).data == quirky_quarks_view(state, seat), f"seat {seat} at step {state.steps}"
                checked += 1
    assert checked > 200
