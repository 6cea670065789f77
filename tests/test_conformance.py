"""The conformance suite: the contract of DESIGN.md, checked on every registered game, at
every player count and with every option changed in turn.

Nothing here knows any one game. Games are driven through the checked path
(``state.apply``) by seeded random play, the choices drawn from a generator of the
test's own, never the game's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import orjson
import pytest

import quarkade
from conftest import chooser, configuration_id, configurations, play_out, random_playout, random_step, walk
from quarkade import IllegalAction, InvalidNotation, InvalidOptions, InvalidRecord, Record, UnknownGame
from quarkade.core import Action, Chance, Game, State

CONFIGURATIONS = list(configurations())
GAME_IDS = [info.id for info in quarkade.list_games()]
SEEDS = (0, 1, 2)
GARBAGE = ("", "   ", "xyzzy", "bid", "bid nowhere 3", "42", "-7", "3.5")
RECORD_KEYS = ("game", "rules_version", "players", "options", "seed", "actions")


@pytest.fixture(params=CONFIGURATIONS, ids=[configuration_id(c) for c in CONFIGURATIONS])
def game(request: pytest.FixtureRequest) -> Game:
    game_id, players, options = request.param
    return quarkade.load(game_id, players=players, **options)


# ----------------------------------------------------------------------------- helpers
_LENGTHS: dict[tuple[str, int, str, int], int] = {}


def length(game: Game, seed: int) -> int:
    """How many actions the game ``random_playout`` plays from ``seed`` takes. Many tests place
    their moments by it: it is played once for each configuration and seed (the same seed gives
    the same game, as test_same_seed_and_choices_give_the_same_game checks)."""
    key = (game.id, game.players, json.dumps(game.options, sort_keys=True), seed)
    if key not in _LENGTHS:
        _LENGTHS[key] = len(random_playout(game, seed).history)
    return _LENGTHS[key]


def stride(game: Game, seed: int, count: int) -> int:
    """The step between ``count`` moments spread evenly over the game ``walk`` plays."""
    return max(1, length(game, seed) // count)


def moments(game: Game, seed: int, count: int) -> Iterator[State]:
    """About ``count`` moments of the game ``walk`` plays, evenly spread, the start and the
    end included: the costlier checks look only at these."""
    every = stride(game, seed, count)
    for index, state in enumerate(walk(game, seed)):
        if index % every == 0 or state.is_over:
            yield state


def seats_and_spectator(state: State) -> list[int | None]:
    return [None, *range(state.game.players)]


def snapshot(state: State) -> bytes:
    """Everything observable of a state: every seat's view, the spectator's, the record. (In
    orjson's form, several times quicker to write than json's: the refusal checks take one after
    every action they try.)"""
    return orjson.dumps({
        "views": [state.view(seat).to_json() for seat in seats_and_spectator(state)],
        "record": state.record().to_json(),
        "to_act": list(state.to_act),
        "is_over": state.is_over,
    }, option=orjson.OPT_NON_STR_KEYS)


def without_log(view_json: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view_json.items() if key != "log"}


def assert_refused(state: State, seat: Any, action: Any, before: bytes | None = None) -> None:
    """``action`` is illegal for ``seat``: a reason in words, ``IllegalAction``, no change.
    ``before`` is the state's snapshot, when the caller already has it."""
    before = before or snapshot(state)
    reason = state.why_illegal(seat, action)
    assert isinstance(reason, str) and reason.strip(), f"{action} by seat {seat} is not refused"
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, action)
    assert str(refused.value) == reason, "apply refuses for another reason than why_illegal gives"
    assert snapshot(state) == before, f"the refused {action} by seat {seat} changed the state"


def short_record(game: Game, seed: int = 0, steps: int = 10) -> Record:
    state, chance = game.new_game(seed), chooser(seed)
    for _ in range(steps):
        if state.is_over:
            break
        random_step(state, chance)
    return state.record()


# ----------------------------------------------------------------------------- playouts
def test_random_playouts_reach_the_end(game: Game) -> None:
    for seed in SEEDS:
        state = random_playout(game, seed)
        assert state.is_over
        assert state.to_act == ()
        assert all(state.legal_actions(seat) == [] for seat in range(game.players))
        scores = state.scores
        assert len(scores) == game.players
        assert all(isinstance(score, (int, float)) for score in scores)
        winners = state.winners
        # A game against the rules (a solitaire or cooperative game) can be lost: no winner then.
        if game.players > 1 and not game.info.cooperative:
            assert winners, "a finished game has at least one winner"
        if game.info.cooperative:
            assert set(winners) in (set(), set(range(game.players))), "a cooperative table wins or loses together"
        assert len(set(winners)) == len(winners)
        assert set(winners) <= set(range(game.players))
        # The report's "what wins": none, or one sorted tuple of distinct names a seat, with what they mean.
        items = state.seat_items()
        assert items == () or len(items) == game.players
        assert all(list(names) == sorted(set(names)) and all(isinstance(n, str) and n for n in names)
                   for names in items)
        assert not items or type(state).seat_items_about
        # The game's own figures are named as identifiers (tables show them as words): the
        # report finds a limit reached by its name in every game. (An item's figure is
        # ``measure:item``, the measure in words, a column of the report's item table.)
        for name, value in state.statistics().items():
            assert ":" in name or re.fullmatch(r"[a-z][a-z0-9_]*", name), name
            assert isinstance(value, float), name


def test_a_finished_game_refuses_every_action(game: Game) -> None:
    state = random_playout(game, SEEDS[0])
    for seat, action in state.history[-5:]:
        assert_refused(state, seat, action)


# ----------------------------------------------------------------------------- determinism
def test_same_seed_and_choices_give_the_same_game(game: Game) -> None:
    for seed in SEEDS:
        first, second = random_playout(game, seed), random_playout(game, seed)
        assert json.dumps(first.record().to_json()) == json.dumps(second.record().to_json())
        assert snapshot(first) == snapshot(second)


def test_the_seed_matters(game: Game) -> None:
    starts = {json.dumps([s.view(seat).to_json() for seat in range(game.players)])
              for s in map(game.new_game, range(6))}
    assert len(starts) > 1, "six seeds gave six identical starts: the seed is not used"


# ----------------------------------------------------------------------------- records
def test_replay_gives_the_same_state(game: Game) -> None:
    for seed in SEEDS:
        state = random_playout(game, seed)
        record = state.record()
        assert (record.game, record.players, record.options, record.seed) == (
            game.id, game.players, game.options, seed)
        assert record.rules_version == game.info.rules_version
        assert len(record.actions) == len(state.history)
        replayed = quarkade.replay(record)
        assert replayed.view(None).to_json() == state.view(None).to_json()
        assert replayed.scores == state.scores
        assert replayed.winners == state.winners
        assert replayed.record() == record
        assert snapshot(replayed) == snapshot(state)


def test_replay_in_the_middle_of_a_game(game: Game) -> None:
    for state in moments(game, SEEDS[1], 6):
        assert snapshot(quarkade.replay(state.record())) == snapshot(state)


def test_record_json_round_trip(game: Game) -> None:
    record = random_playout(game, SEEDS[0]).record()
    text = json.dumps(record.to_json())
    assert Record.from_json(json.loads(text)) == record
    assert Record.from_json(text) == record
    assert Record.from_json(text).to_json() == record.to_json()
    assert snapshot(quarkade.replay(text)) == snapshot(quarkade.replay(record))


def test_a_record_of_another_rules_version_is_refused(game: Game) -> None:
    data = short_record(game).to_json()
    data["rules_version"] = "0.obsolete"
    with pytest.raises(InvalidRecord, match=re.escape("0.obsolete")):
        quarkade.replay(data)


def malformed_records(good: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    yield "not JSON", "{this is not json"
    yield "a JSON list", json.dumps([good])
    yield "a number", 42
    for key in RECORD_KEYS:
        yield f"without {key}", {k: v for k, v in good.items() if k != key}
    wrong_types = {
        "game": [good["game"]], "rules_version": {"version": good["rules_version"]},
        "players": str(good["players"]), "options": [], "seed": True,
        "actions": "all of them",
    }
    for key, value in wrong_types.items():
        yield f"{key} of a wrong type", {**good, key: value}
    yield "an action without its seat", {**good, "actions": [[text] for _, text in good["actions"]]}
    yield "a seat that is true", {**good, "actions": [[True, text] for _, text in good["actions"]]}
    yield "a seat that is text", {**good, "actions": [[str(seat), text] for seat, text in good["actions"]]}
    yield "an action that is a number", {**good, "actions": [[seat, 5] for seat, _ in good["actions"]]}


def test_malformed_records_are_refused(game: Game) -> None:
    good = short_record(game).to_json()
    assert good["actions"], "the short game should have some actions"
    accepted = []
    for what, bad in malformed_records(good):
        for reader in (Record.from_json, quarkade.replay):
            try:
                reader(bad)
            except InvalidRecord as refused:
                assert str(refused).strip(), what
            except Exception as other:  # noqa: BLE001 - any other outcome is the finding
                accepted.append(f"{reader.__name__}: {what} raised {type(other).__name__}: {other}")
            else:
                accepted.append(f"{reader.__name__}: {what} was accepted")
    assert not accepted, "malformed records not refused with InvalidRecord:\n" + "\n".join(accepted)


def test_a_record_of_a_game_that_cannot_be_set_up_is_refused(game: Game) -> None:
    """Well formed, but not a game: the number of players among the options (a keyword of
    ``load``: it raised a TypeError), an option the game does not have, too many players."""
    good = short_record(game).to_json()
    for what, options, players in (("players", {**good["options"], "players": good["players"]}, good["players"]),
                                   ("colour", {**good["options"], "colour": "blue"}, good["players"]),
                                   ("99", good["options"], 99)):
        with pytest.raises(InvalidRecord, match="cannot be set up") as refused:
            quarkade.replay({**good, "options": options, "players": players})
        assert what in str(refused.value)


def test_a_record_with_an_impossible_action_is_refused(game: Game) -> None:
    finished = random_playout(game, SEEDS[0]).record().to_json()
    seat, text = finished["actions"][0]
    for actions in (finished["actions"] + [[seat, text]], [[seat, "xyzzy"]]):
        with pytest.raises(InvalidRecord):
            quarkade.replay({**finished, "actions": actions})


# ----------------------------------------------------------------------------- clones
def test_clones_are_independent(game: Game) -> None:
    for seed in SEEDS:
        state, chance = game.new_game(seed), chooser(seed)
        for _ in range(length(game, seed) // 2):
            random_step(state, chance)
        before = snapshot(state)
        copy = state.clone()
        assert snapshot(copy) == before
        play_out(copy, Chance(seed + 1000))
        assert snapshot(state) == before, "playing a clone changed the original"
        twin = state.clone()
        play_out(state, Chance(seed + 2000))
        play_out(twin, Chance(seed + 2000))
        assert state.is_over
        assert snapshot(twin) == snapshot(state), "a clone does not carry the game's chance"


# ----------------------------------------------------------------------------- legality
def test_every_legal_action_applies(game: Game) -> None:
    """Who may act is checked at every step; every legal action is applied at 60 moments."""
    for seed in SEEDS:
        every = stride(game, seed, 60)
        for index, state in enumerate(walk(game, seed)):
            if not state.is_over:
                assert state.to_act, "a game that is not over waits for someone"
            else:  # ``State.apply`` relies on it: a seat to act is a seat of a game not over
                assert state.to_act == (), "a game that is over waits for no one"
            assert all(type(s) is int and 0 <= s < game.players for s in state.to_act), state.to_act
            for seat in range(game.players):
                legal = state.legal_actions(seat)
                if seat not in state.to_act:
                    assert legal == [], f"seat {seat} is not to act but has legal actions"
                    for action in state.optional_actions(seat) if index % every == 0 else ():
                        assert state.why_illegal(seat, action) is None, f"optional {action} is refused"
                        twin = state.clone()
                        twin.apply(seat, action)
                        assert twin.to_act == state.to_act, "an optional action changed whom the game waits for"
                    continue
                assert state.optional_actions(seat) == [], f"seat {seat} is to act: its legal actions are all"
                assert legal, f"seat {seat} is to act but has no legal action"
                if index % every:
                    continue
                assert len(set(legal)) == len(legal), "legal actions are listed twice"
                for action in legal:
                    assert isinstance(action, Action)
                    assert state.why_illegal(seat, action) is None, f"{action} is listed as legal but refused"
                    state.clone().apply(seat, action)


def test_seats_that_are_not_to_act_are_refused(game: Game) -> None:
    for state in moments(game, SEEDS[0], 25):
        if state.is_over:
            break
        before = snapshot(state)
        action = state.legal_actions(state.to_act[0])[0]
        for seat in range(game.players):
            if seat not in state.to_act and action not in state.optional_actions(seat):
                assert_refused(state, seat, action, before)
        for seat in (-1, game.players):
            assert_refused(state, seat, action, before)
        assert_refused(state, state.to_act[0], "not an action", before)


def test_actions_from_other_moments_are_refused(game: Game) -> None:
    pool: dict[Action, None] = {}
    for seed in (SEEDS[0], SEEDS[1] + 100):
        for state in walk(game, seed):
            for seat in state.to_act:
                pool.update(dict.fromkeys(state.legal_actions(seat)))
    actions = list(pool)
    pick = Chance(77)
    tried = 0
    for state in moments(game, SEEDS[2], 20):
        before = snapshot(state)
        for seat in state.to_act or (0,):
            legal = set(state.legal_actions(seat))
            others = [a for a in actions if a not in legal]
            pick.shuffle(others)
            for action in others[:8]:
                assert_refused(state, seat, action, before)
                tried += 1
    assert tried > 0


# ----------------------------------------------------------------------------- notation
def test_notation_round_trip(game: Game) -> None:
    for seed in SEEDS:
        for state in moments(game, seed, 80):
            for seat in state.to_act:
                for action in state.legal_actions(seat):
                    text = str(action)
                    assert isinstance(text, str) and text.strip()
                    assert game.parse_action(state, seat, text) == action, text


def test_garbage_notation_is_refused(game: Game) -> None:
    for state in moments(game, SEEDS[0], 6):
        seat = state.to_act[0] if state.to_act else 0
        for text in GARBAGE:
            with pytest.raises(InvalidNotation) as refused:
                game.parse_action(state, seat, text)
            assert str(refused.value).strip(), repr(text)


# ----------------------------------------------------------------------------- views
def test_views_are_plain_json(game: Game) -> None:
    for state in moments(game, SEEDS[0], 30):
        for seat in seats_and_spectator(state):
            view = state.view(seat)
            data = view.to_json()
            assert data["game"] == game.id and data["seat"] == seat
            assert json.loads(json.dumps(data)) == data, "a view does not survive JSON unchanged"
            assert view == state.view(seat)


def test_views_do_not_change_when_only_hidden_information_changes(game: Game) -> None:
    """A state sampled from seat s's view differs from the real one only in what s cannot
    see, so s's view of it (and a spectator's) must be the real one. Sampling cannot
    restore the log, which is left out of the comparison."""
    hidden_redrawn = has_private_information = False
    sampled: State | None = None
    for seed in SEEDS[:2]:
        for state in moments(game, seed, 12):
            before = snapshot(state)
            spectator = without_log(state.view(None).to_json())
            # Every seat, and a spectator (whose samples redraw even a lone player's hand).
            for seat in [*range(game.players), None]:
                view = state.view(seat)
                seen = view.to_json()
                if seat is not None and {**without_log(seen), "seat": None} != {**spectator, "seat": None}:
                    has_private_information = True
                for k in (1, 2, 3):
                    try:
                        sampled = game.sample_state(view, Chance(k))
                    except NotImplementedError:
                        pytest.skip(f"{game.id} cannot sample states from a view")
                    assert view.to_json() == seen, "sampling changed the view it was given"
                    assert without_log(sampled.view(seat).to_json()) == without_log(seen), (
                        f"seat {seat}'s view of a sampled state differs (seed {seed}, "
                        f"step {len(state.history)}): the view shows hidden information")
                    assert without_log(sampled.view(None).to_json()) == spectator
                    assert sampled.to_act == state.to_act
                    assert [sampled.optional_actions(t) for t in range(game.players)] == [
                        state.optional_actions(t) for t in range(game.players)]
                    if seat in state.to_act:
                        assert sampled.legal_actions(seat) == state.legal_actions(seat)
                    others = [t for t in range(game.players) if t != seat]
                    if any(without_log(sampled.view(t).to_json()) != without_log(state.view(t).to_json())
                           for t in others):
                        hidden_redrawn = True
            assert snapshot(state) == before, "sampling changed the real state"
    if has_private_information:
        assert hidden_redrawn, "sample_state never redrew any other seat's hidden information"
    assert sampled is not None
    play_out(sampled, Chance(5))


def test_sampling_leaves_the_games_chance_alone(game: Game) -> None:
    state, chance = game.new_game(SEEDS[0]), chooser(SEEDS[0])
    for _ in range(length(game, SEEDS[0]) // 3):
        random_step(state, chance)
    twin = state.clone()
    try:
        for seat in range(game.players):
            game.sample_state(state.view(seat), Chance(seat))
    except NotImplementedError:
        pytest.skip(f"{game.id} cannot sample states from a view")
    play_out(state, Chance(9))
    play_out(twin, Chance(9))
    assert snapshot(state) == snapshot(twin)


# ----------------------------------------------------------------------------- loading
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_info(game_id: str) -> None:
    info = next(i for i in quarkade.list_games() if i.id == game_id)
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", info.id)
    assert 1 <= info.min_players <= info.max_players
    json.dumps(info.to_json())
    default = quarkade.load(game_id)
    assert info.min_players <= default.players <= info.max_players
    assert default.options == {spec.name: spec.default for spec in info.options}


def test_game_ids_are_unique() -> None:
    assert len(GAME_IDS) == len(set(GAME_IDS))
    assert "quirky-quarks" in GAME_IDS


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_options_are_refused(game_id: str) -> None:
    info = next(i for i in quarkade.list_games() if i.id == game_id)
    with pytest.raises(InvalidOptions, match="no_such_option"):
        quarkade.load(game_id, no_such_option=True)
    for players in (info.min_players - 1, info.max_players + 1, 0, -1):
        with pytest.raises(InvalidOptions) as refused:
            quarkade.load(game_id, players=players)
        message = str(refused.value)
        assert str(info.min_players) in message and str(info.max_players) in message
    for players in ("three", 2.0, True):
        with pytest.raises(InvalidOptions, match="players"):
            quarkade.load(game_id, players=players)  # type: ignore[arg-type]
    for spec in info.options:
        wrong = "yes" if spec.kind in (bool, int) else object()
        with pytest.raises(InvalidOptions, match=re.escape(spec.name)):
            quarkade.load(game_id, **{spec.name: wrong})


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(UnknownGame, match="no-such-game"):
        quarkade.load("no-such-game")
    with pytest.raises(UnknownGame):
        quarkade.replay({"game": "no-such-game", "rules_version": "1", "players": 2, "options": {},
                         "seed": 0, "actions": []})
