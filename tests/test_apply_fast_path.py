"""The checked ``apply`` takes shorter ways for the usual case (a seat to act; an action that is
the very object listed as legal): it must accept and refuse exactly what the long way does
(``why_illegal``, then carry out), with the same reason, and take the same action when it accepts."""

from __future__ import annotations

from typing import Any

import pytest

import quarkade
from conftest import chooser
from quarkade.core import Action, State
from quarkade.core.errors import IllegalAction, InvalidNotation

GAMES = [(info.id, info.min_players) for info in quarkade.list_games()]
GAMES += [(info.id, info.max_players) for info in quarkade.list_games() if info.max_players > info.min_players]
STEPS = 250  # of each game: every step is tried with a dozen seats and actions


def the_long_way(state: State, seat: Any, action: Any) -> None:
    reason = state.why_illegal(seat, action)
    if reason is not None:
        raise IllegalAction(reason)
    state.apply_unchecked(seat, action)


Outcome = tuple[str | None, int, tuple[Any, str], tuple[int, ...]]


def outcome(state: State, apply: Any, seat: Any, action: Any) -> Outcome:
    try:
        apply(state, seat, action)
    except IllegalAction as error:
        reason: str | None = str(error)
    else:
        reason = None
    # (that a refusal changes nothing at all is the conformance suite's check, on snapshots)
    # (both start from clones of one state: the history's length and last entry tell them apart)
    history = state.history
    last = (history[-1][0], str(history[-1][1])) if history else (None, "")
    return reason, len(history), last, state.to_act


def equal_copy(state: State, seat: int, action: Action) -> Action | None:
    """An action equal to ``action`` but another object, as a face parsing notation sends."""
    try:
        parsed = state.game.parse_action(state, seat, str(action))
    except InvalidNotation:
        return None
    return parsed if parsed == action and parsed is not action else None


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[f"{g}-{p}p" for g, p in GAMES])
def test_apply_accepts_and_refuses_as_the_long_way(game_id: str, players: int) -> None:
    game = quarkade.load(game_id, players=players)
    state, chance = game.new_game(3), chooser(3)
    seen: list[Action] = []  # actions of earlier moments, mostly illegal now
    refused = accepted = 0
    for _ in range(STEPS):
        if state.is_over:
            break
        seat = state.to_act[chance.below(len(state.to_act))]
        legal = state.legal_actions(seat)
        seen.extend(legal[:3])
        tries: list[tuple[Any, Any]] = [(seat, legal[0]), (seat, legal[-1]), (seat, "pass"), (True, legal[0]),
                                        (players, legal[0]), (-1, legal[0])]
        tries += [(seat, seen[chance.below(len(seen))]) for _ in range(3)]
        tries += [(other, legal[0]) for other in range(players) if other not in state.to_act][:2]
        copy = equal_copy(state, seat, legal[-1])
        if copy is not None:
            tries.append((seat, copy))
        for who, action in tries:
            fast = outcome(state.clone(), type(state).apply, who, action)
            assert fast == outcome(state.clone(), the_long_way, who, action), (who, str(action))
            refused += fast[0] is not None
            accepted += fast[0] is None
        state.apply(seat, legal[chance.below(len(legal))])
    if state.is_over:  # the end refuses everything, for the same reason both ways
        last = seen[-1]
        assert outcome(state.clone(), type(state).apply, 0, last) == outcome(state.clone(), the_long_way, 0, last)
    assert refused > 0 and accepted > 0


@pytest.mark.parametrize("players", [2, 3])
def test_qwarks_race_accepts_a_cover_at_any_time_as_the_long_way(players: int) -> None:
    # The race lists a cover every half second; a bot covers at its own reaction time, which
    # the listed moves answer for by the rules rather than by a look through the list.
    from quarkade.games.qwarks.actions import TIMEOUT, Answer, Ask, Cover
    from quarkade.games.qwarks.components import Question

    game = quarkade.load("qwarks", players=players)
    state = game.new_game(5)
    while state.view(None)["phase"] != "cover":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    decks = len(state.view(None)["revealed"])
    limit = state.view(None)["cover_ms"]
    actions: list[Any] = [Cover(deck, after) for deck in (-1, 0, decks - 1, decks, 7)
                          for after in (-5, 0, 1, 499, 500, 1234, limit - 1, limit, limit + 1, 10 ** 6)]
    actions += [TIMEOUT, Ask(Question.EYES), Answer(3, None), "cover 0 after 10"]
    state.legal_actions(seat)  # the listed moves made, as a bot's decision makes them
    accepted = 0
    for action in actions:
        fast = outcome(state.clone(), type(state).apply, seat, action)
        assert fast == outcome(state.clone(), the_long_way, seat, action), str(action)
        accepted += fast[0] is None
    assert accepted == 2 * 7 + 1  # two decks in range, each at seven times within the race, and the timeout
