"""Taking back a seat's last action: allowed until another seat has acted in a way it saw,
a sealed choice withdrawn without the others hearing of it, the store kept in step, and a
bot's move chosen before the undo dropped."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import quarkade
from quarkade.faces.web.server import create_app

from .conftest import CALM_SEED, FAST, TEST_HOST, create_table, errors, fix_seed, make_client, token_of
from .test_api import table_of
from .test_banks import banked_duel, sealed_step, wait_for
from .test_websocket import circuits_pair, close_all, connect


@pytest.fixture(autouse=True)
def close_sessions(client: TestClient) -> Iterator[None]:
    yield
    close_all()


def stored_actions(client: TestClient, table_id: str) -> list[tuple[int, str]]:
    stored = client.app.state.store.load(table_id)  # type: ignore[attr-defined]
    return list(stored.actions)


def test_a_seat_takes_back_its_last_action_before_anyone_else_acts(client: TestClient) -> None:
    table, (p0, p1), created = banked_duel(client, {"reserve": 600, "bonus": 10})
    watcher = connect(client, created["id"])
    assert p0.state is not None and p0.state["can_undo"] is False
    assert errors(p0.exchange({"type": "undo"}))[0]["reason"] == "you have no action to take back"
    got = p0.act("bid lhc 3")
    assert got[-1]["can_undo"] is True and got[-1]["bank"]["running"] == [1]
    assert p1.sync()[-1]["can_undo"] is False
    watcher.sync()
    back = p0.exchange({"type": "undo"})
    assert not errors(back)
    assert [m for m in back if m["type"] == "undone"] == [
        {"type": "undone", "table": created["id"], "seat": 0, "action": "bid lhc 3"}]
    state = [m for m in back if m["type"] == "state"][-1]
    assert "bid lhc 3" in state["legal"] and state["to_act"] == [0] and state["can_undo"] is False
    assert state["bank"]["running"] == [0]
    assert state["bank"]["left_ms"]["0"] <= 600_000, "the move's bonus went with it"
    assert table.state.record().actions == [] and stored_actions(client, created["id"]) == []
    # the others see the board as it was, and hear who took an action back, not which
    for other in (p1, watcher):
        heard = other.sync()
        assert {"type": "undone", "table": created["id"], "seat": 0} in heard
        assert [m for m in heard if m["type"] == "state"][-1]["to_act"] == [0]
    # only one action back: a second undo is refused with the reason
    reason = errors(p0.exchange({"type": "undo"}))[0]["reason"]
    assert reason == "only your last action could be taken back: the ones before it stand"


def test_the_last_action_taken_back_returns_to_the_state_before_it_without_a_replay(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Replaying the record at every undo let one player of a long game hold the server (an act
    and undo loop): the last action taken back returns to the state kept before it, and the
    replays' frames before it stand."""
    from quarkade.faces.web import undo

    table, (p0, _), created = banked_duel(client, {"reserve": 600, "bonus": 10})
    watcher_frames = client.get(f"/api/tables/{created['id']}/replay").json()["steps"]
    assert not errors(p0.act("bid lhc 3"))
    assert client.get(f"/api/tables/{created['id']}/replay").json()["steps"] == watcher_frames + 1
    replays: list[object] = []
    original = quarkade.replay
    monkeypatch.setattr(undo.quarkade, "replay", lambda record: replays.append(record) or original(record))
    assert not errors(p0.exchange({"type": "undo"}))
    assert replays == [], "the record was replayed"
    fresh = original(table.state.record())
    assert table.state.view(0) == fresh.view(0) and table.state.legal_actions(0) == fresh.legal_actions(0)
    assert client.get(f"/api/tables/{created['id']}/replay").json()["steps"] == watcher_frames
    table.replays.forget()  # built again from the record: the same frames
    assert client.get(f"/api/tables/{created['id']}/replay").json()["steps"] == watcher_frames
    assert not errors(p0.act("bid lhc 3")), "the state returned to plays on"


def test_an_action_cannot_be_taken_back_once_another_seat_has_acted(client: TestClient) -> None:
    table, (p0, p1), created = banked_duel(client, {"reserve": 600, "bonus": 10})
    assert not errors(p0.act("bid lhc 3"))
    p1.sync()
    assert not errors(p1.act(str(table.state.legal_actions(1)[0])))
    news = p0.sync()
    assert news and news[-1]["can_undo"] is False
    refused = errors(p0.exchange({"type": "undo"}))[0]
    assert refused["code"] == "no_undo" and "another seat has acted since" in refused["reason"]
    assert len(table.state.record().actions) == 2 == len(stored_actions(client, created["id"]))
    assert errors(connect(client, created["id"]).exchange({"type": "undo"}))[0]["code"] == "not_a_seat"


def test_a_sealed_choice_is_withdrawn_and_the_others_hear_nothing(client: TestClient) -> None:
    table, peers, created = banked_duel(client, {"reserve": 600, "bonus": 10})
    watcher = connect(client, created["id"])
    for _ in range(20):  # a sealed ejection where seat 0 has a card to choose
        sealed_step(table, peers)
        if any(str(a).startswith("eject") for a in table.state.legal_actions(0)):
            break
        for seat in (0, 1):
            while seat in table.state.to_act:
                legal = [str(a) for a in table.state.legal_actions(seat)]
                assert not errors(peers[seat].act("ready" if "ready" in legal else legal[0]))
    for peer in (*peers, watcher):
        peer.sync()
    eject0 = next(str(a) for a in table.state.legal_actions(0) if str(a).startswith("eject"))
    assert not errors(peers[0].act(eject0))
    # seat 1 makes its own sealed choice meanwhile (seat 0 cannot see it)
    legal1 = [str(a) for a in table.state.legal_actions(1)]
    choice1 = next((a for a in legal1 if a.startswith("eject")), legal1[0])
    assert not errors(peers[1].act(choice1))
    assert peers[0].sync() == [] and watcher.sync() == []
    record = table.state.record().actions
    back = peers[0].exchange({"type": "undo"})
    assert not errors(back)
    assert [m["action"] for m in back if m["type"] == "undone"] == [eject0]
    assert [m for m in back if m["type"] == "state"][-1]["view"]["ejecting"] == []
    assert table.state.record().actions == [a for a in record if a != (0, eject0)]
    assert (1, choice1) in table.state.record().actions, "seat 1's choice stands"
    assert peers[1].sync() == [] and watcher.sync() == [], "nobody else hears of a withdrawn sealed choice"
    assert stored_actions(client, created["id"]) == table.state.record().actions


def test_the_store_holds_the_record_without_the_action_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "undo.sqlite3"
    with make_client(db) as first:
        fix_seed(first, CALM_SEED)
        created = create_table(first, ["human", "human"])
        table = table_of(first, created["id"])
        p0 = connect(first, created["id"], token_of(created, 0))
        p1 = connect(first, created["id"], token_of(created, 1))
        assert not errors(p0.act("bid lhc 3"))
        p1.sync()
        answer = str(table.state.legal_actions(1)[0])
        assert not errors(p1.act(answer))
        assert not errors(p1.exchange({"type": "undo"}))
        kept = table.state.record()
        close_all()
    assert kept.actions == [(0, "bid lhc 3")]
    with make_client(db) as second:
        resumed = table_of(second, created["id"])
        assert resumed.state.record().actions == kept.actions
        assert quarkade.replay(resumed.state.record()).view(None).to_json() == resumed.state.view(None).to_json()
        p1 = connect(second, created["id"], token_of(created, 1))
        assert not errors(p1.act(answer))
        assert stored_actions(second, created["id"]) == [(0, "bid lhc 3"), (1, answer)]
        close_all()


@pytest.mark.alone  # the undo comes within the bot's 0.5 s
def test_an_undo_drops_the_move_a_bot_is_still_thinking_about(db_path: Path) -> None:
    with TestClient(create_app(str(db_path.with_name("think.sqlite3")), bot_delay=0.5, limits=FAST,
                                allowed_hosts=[TEST_HOST])) as client:
        try:
            fix_seed(client, CALM_SEED)
            created = create_table(client, ["human", "heuristic"])
            table = table_of(client, created["id"])
            p0 = connect(client, created["id"], token_of(created, 0))
            assert not errors(p0.act("bid lhc 3"))
            assert table.bot_runner.playing  # the bot thinks
            assert not errors(p0.exchange({"type": "undo"}))
            time.sleep(0.8)
            assert table.state.record().actions == [] and table.state.to_act == (0,)
            # once its think time has passed, the bot's answer stands
            assert not errors(p0.act("bid lhc 3"))
            wait_for(lambda: len(table.state.record().actions) >= 2)
            refused = errors(p0.exchange({"type": "undo"}))[0]
            assert "another seat has acted since" in refused["reason"]
            assert table.state.record().actions[0] == (0, "bid lhc 3")
        finally:
            close_all()


def test_an_action_in_a_race_cannot_be_taken_back(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"game": "qwarks", "players": 2, "seats": ["human", "human"],
                                               "options": {"cover_seconds": 30}, "play": [0, 1]})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    table = table_of(client, created["id"])
    p0 = connect(client, created["id"], token_of(created, 0))
    connect(client, created["id"], token_of(created, 1))
    assert table.clock.step is not None  # the cover race is on
    assert not errors(p0.act("cover 0 after 0"))
    assert p0.state is not None and p0.state["can_undo"] is False
    refused = errors(p0.exchange({"type": "undo"}))[0]
    assert refused == {**refused, "code": "no_undo", "reason": "an action on the clock cannot be taken back"}
    assert len(table.state.record().actions) == 1


def test_a_signal_given_while_not_waited_for_stands_and_keeps_the_others_undo(client: TestClient) -> None:
    """Quirky Circuits: a player who is done says Beep-boop. It cannot take it back (so the
    once-a-round signal cannot be given again and again), and it does not take away the undo of
    the player still playing."""
    table, p0, p1, play = circuits_pair(client)
    assert not errors(p0.act(play)) and not errors(p0.act("done"))
    p1.sync()
    mine = next(action for action in p1.state["legal"] if action.startswith("play "))  # type: ignore[index]
    assert not errors(p1.act(mine)) and p1.state["can_undo"] is True  # type: ignore[index]
    p0.sync()
    assert not errors(p0.act("beep"))
    assert p0.state["can_undo"] is False  # type: ignore[index]
    refused = errors(p0.exchange({"type": "undo"}))[0]
    assert refused["code"] == "no_undo" and "it stands" in refused["reason"]
    assert table.state.record().actions[-1] == (0, "beep") and p0.state["optional"] == ["stop"]  # type: ignore[index]
    heard = [m for m in p1.sync() if m["type"] == "state"][-1]
    assert heard["can_undo"] is True, "another seat's signal leaves a seat's undo open"
    back = p1.exchange({"type": "undo"})
    assert not errors(back)
    assert [a for _, a in table.state.record().actions] == [play, "done", "beep"]
    assert table.before == {}, "no view before an action is kept once the action is followed"


def test_an_action_that_showed_its_seat_something_hidden_stands(client: TestClient) -> None:
    """An outside attack: draw from a deck, see the card, take the draw back, draw elsewhere. A
    draw shows the seat a card it could not see, so it is not taken back; a bid, which shows
    nothing, still is (above)."""
    table, (p0, p1), created = banked_duel(client, {"reserve": 600, "bonus": 10})
    peers = {0: p0, 1: p1}
    for _ in range(200):
        seat = table.state.to_act[0]
        legal = [str(action) for action in table.state.legal_actions(seat)]
        drawing = [text for text in legal if text.startswith("draw")]
        peers[seat].sync()
        got = peers[seat].act(drawing[0] if drawing else legal[0])
        assert not errors(got)
        if drawing:
            break
    else:
        raise AssertionError("no seat drew a card")
    assert got[-1]["can_undo"] is False
    refused = errors(peers[seat].exchange({"type": "undo"}))[0]
    assert refused["code"] == "no_undo" and "showed you what was hidden before it" in refused["reason"]
    assert str(table.state.record().actions[-1][1]).startswith("draw")


@pytest.mark.parametrize(("game_id", "players", "verb", "shows"), [
    ("quirky-quarks", 2, "draw", True), ("quirky-quarks", 2, "bid", False), ("qwarks", 2, "answer", True),
    ("quirkling", 3, "ask", False), ("quirky-circuits", 2, "play", False)])
def test_what_an_action_showed_is_judged_on_the_seat_s_own_view(game_id: str, players: int, verb: str,
                                                               shows: bool) -> None:
    import random

    from quarkade.faces.web.undo import showed

    game = quarkade.load(game_id, players=players)
    state, chooser = game.new_game(5), random.Random(5)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        mine = [action for action in legal if str(action).split()[0] == verb]
        action = mine[0] if mine else chooser.choice(legal)
        before = state.view(seat).whole()
        state.apply(seat, action)
        if mine:
            assert showed(game, state, seat, state.steps - 1, action, before) is shows
            return
    raise AssertionError(f"no {verb} was played")
