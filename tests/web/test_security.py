"""Hidden information never leaks through the server: every message a connection gets is
exactly its own seat's view (or the spectators'), and nothing of another seat's hand or
sealed choice, nor the seed or anyone's token, reaches it before the game ends."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import quarkade
from quarkade.core import Chance
from quarkade.games.quirks.components import COMPONENTS

from .conftest import Message, Peer, create_table, errors, fix_seed, token_of
from .test_api import table_of

BIG = 7_364_018_529_406_117_000  # seeds as long as real ones, so that none is found by chance in a message


@pytest.fixture
def sessions(client: TestClient) -> Iterator[list[Any]]:
    opened: list[Any] = []
    yield opened
    for session in opened:
        session.__exit__(None, None, None)


def open_peer(client: TestClient, sessions: list[Any], table_id: str, token: str | None) -> Peer:
    session = client.websocket_connect(f"/ws/tables/{table_id}" + (f"?token={token}" if token else ""))
    sessions.append(session)
    peer = Peer(session.__enter__())
    peer.greet()
    return peer


def secrets_of(created: dict[str, Any], seed: int) -> list[str]:
    return [created["host_token"], *(entry["token"] for entry in created["seats"]), str(seed)]


def check_private(message: Message, seat: int | None, secrets: list[str]) -> None:
    """What no message may hold before the end, whatever the game."""
    text = json.dumps(message)
    for secret in secrets:
        assert secret not in text, "a token or the seed reached a client before the end"
    if message["type"] != "state":
        return
    view = message["view"]
    assert view["seat"] == seat
    if seat is None:
        assert "hand" not in view and "ejecting" not in view
    for player in view.get("players", []):
        assert "hand" not in player, "a hand was shown to another seat"
    last = message["last"]
    assert last is None or last["seat"] == seat, "another seat's action was told"


def check_seqs(messages: list[Message]) -> None:
    seqs = [m["seq"] for m in messages if m["type"] == "state"]
    assert all(b >= a for a, b in zip(seqs, seqs[1:], strict=False))


@pytest.mark.parametrize(("players", "seed"), [(2, BIG + 11), (3, BIG + 12), (4, BIG + 13), (3, BIG + 14)])
def test_every_message_is_exactly_what_its_seat_may_know(client: TestClient, sessions: list[Any], players: int,
                                                         seed: int) -> None:
    fix_seed(client, seed)
    created = create_table(client, ["human"] * players)
    table = table_of(client, created["id"])
    secrets = secrets_of(created, seed)
    peers: dict[int | None, Peer] = {s: open_peer(client, sessions, created["id"], token_of(created, s))
                                     for s in range(players)}
    peers[None] = open_peer(client, sessions, created["id"], None)
    chance = Chance(seed)
    checked = 0

    def check_all() -> None:
        nonlocal checked
        for audience, peer in peers.items():
            for message in peer.sync():
                if message["type"] != "state":
                    continue
                state = table.state
                assert message["view"] == state.view(audience).to_json()
                expected = [str(a) for a in state.legal_actions(audience)] if audience is not None else []
                assert message["legal"] == expected
                assert message["to_act"] == list(state.to_act)
                if not state.is_over:
                    check_private(message, audience, secrets)
                checked += 1

    check_all()
    while not table.over:
        state = table.state
        seat = state.to_act[chance.below(len(state.to_act))]
        legal = state.legal_actions(seat)
        action = str(legal[chance.below(len(legal))])
        peer = peers[seat]
        assert peer.state is not None
        sent = peer.act(action)
        assert not errors(sent), sent
        assert state.record().actions[-1] == (seat, action)
        for message in sent:
            assert message["type"] != "state" or message["view"] == table.state.view(seat).to_json()
            if not table.over:
                check_private(message, seat, secrets)
        check_all()
    for peer in peers.values():
        check_seqs(peer.messages)
    assert checked > len(table.state.history)
    # after the end everything is told: the record, with the seed
    overs = [m for m in peers[None].messages if m["type"] == "over"]
    assert overs and overs[0]["record"]["seed"] == seed


@pytest.mark.parametrize(("seats", "seed"), [(["human", "random", "random"], BIG + 21),
                                             (["random", "human", "heuristic", "random"], BIG + 22),
                                             (["human", "heuristic"], BIG + 23)])
def test_games_with_server_bots_leak_nothing(client: TestClient, sessions: list[Any], seats: list[str],
                                             seed: int) -> None:
    """With bots moving on their own the moment of each message is not known, so each
    message must equal the view of some state along the record, in order."""
    if any(kind not in quarkade.agents.bot_kinds("quirky-quarks") for kind in seats if kind != "human"):
        pytest.skip("a bot kind of this test is not there")
    fix_seed(client, seed)
    created = create_table(client, seats)
    secrets = secrets_of(created, seed)
    human = seats.index("human")
    player = open_peer(client, sessions, created["id"], token_of(created, human))
    watcher = open_peer(client, sessions, created["id"], None)
    chance = Chance(seed)
    over = False
    message = player.messages[-1]  # the state it was greeted with
    while not over:
        if message["type"] == "over":
            over = True
        elif message["type"] == "state" and message["legal"]:
            legal = message["legal"]
            player.send({"type": "act", "action": legal[chance.below(len(legal))], "seq": message["seq"]})
        if not over:
            message = player.receive()
    watcher.sync()
    overs = [m for m in watcher.messages if m["type"] == "over"]
    assert len(overs) == 1, [m["type"] for m in watcher.messages[-5:]]
    record = quarkade.Record.from_json(overs[0]["record"])
    assert record.seed == seed
    state = quarkade.load("quirky-quarks", players=len(seats)).new_game(seed)
    along: dict[int | None, list[str]] = {human: [], None: []}

    def note() -> None:
        for audience in along:
            along[audience].append(json.dumps(state.view(audience).to_json(), sort_keys=True))

    note()
    for seat, text in record.actions:
        state.apply_text(seat, text)
        note()
    for audience, peer in ((human, player), (None, watcher)):
        position = 0
        for message in peer.messages:
            if message["type"] == "error":
                assert message["code"] == "stale"  # a bot moved first; nothing else may go wrong
                continue
            if message["type"] != "state":
                continue
            text = json.dumps(message["view"], sort_keys=True)
            assert text in along[audience][position:], "a message shows a view its seat never had"
            position = along[audience].index(text, position)
            if not message["over"]:
                check_private(message, audience, secrets)
        check_seqs(peer.messages)


# ---------------------------------------------------------------------- the Quirks family
CARDS_Q = COMPONENTS.cards


def has_key(data: Any, key: str) -> bool:
    if isinstance(data, dict):
        return key in data or any(has_key(value, key) for value in data.values())
    if isinstance(data, list):
        return any(has_key(value, key) for value in data)
    return False


def check_quirks_private(view: dict[str, Any], seat: int | None, state: Any) -> None:
    """No adaptation value ever; before the end, no other seat's hand and no climate code of
    a QUiRKS that is not the seat's own (the identification markers hide them)."""
    assert not has_key(view, "values"), "an adaptation value reached a client"
    for player in view.get("players", []):
        assert "hand" not in player, "a hand was shown before the end"
    if seat is None:
        assert "hand" not in view
    elif "hand" in view:
        own = sorted(card["number"] for card in view["hand"])
        hands = state.hands if hasattr(state, "hands") else [state.hand]
        assert own == sorted(CARDS_Q[c].number for c in hands[seat]), "a hand other than the seat's own"
    for entry in view.get("niches", []):
        for level in ("upper", "lower"):
            quirks = entry[level]
            if quirks is not None and quirks["owner"] != seat:
                assert not any("codes" in card for card in quirks["cards"]), "another seat's codes were shown"
    contest = view.get("contest")
    if contest and contest["attacker"] != seat:
        assert not any("codes" in card for card in contest["attacker_cards"]), "the challenger's codes were shown"


def play_quirks_family(client: TestClient, sessions: list[Any], game: str, players: int, seed: int,
                       options: dict[str, Any]) -> int:
    fix_seed(client, seed)
    created = create_table(client, ["human"] * players, game=game, options=options)
    table = table_of(client, created["id"])
    secrets = secrets_of(created, seed)
    peers: dict[int | None, Peer] = {s: open_peer(client, sessions, created["id"], token_of(created, s))
                                     for s in range(players)}
    peers[None] = open_peer(client, sessions, created["id"], None)
    chance = Chance(seed)
    checked = 0
    solitaire = game == "quirks-solitaire"

    def check_all() -> None:
        nonlocal checked
        for audience, peer in peers.items():
            for message in peer.sync():
                assert not has_key(message, "values")
                if message["type"] != "state":
                    continue
                state = table.state
                assert message["view"] == state.view(audience).to_json(), "a message is not its seat's view"
                if not state.is_over:
                    check_private(message, audience, secrets)
                    check_quirks_private(message["view"], audience, state)
                    if solitaire and audience is None:
                        assert "hand" not in message["view"], "a spectator of the solitaire game sees its hand"
                checked += 1

    check_all()
    while not table.over:
        state = table.state
        seat = state.to_act[chance.below(len(state.to_act))]
        legal = state.legal_actions(seat)
        sent = peers[seat].act(str(legal[chance.below(len(legal))]))
        assert not errors(sent), sent
        for message in sent:
            assert not has_key(message, "values")
            if message["type"] == "state":
                assert message["view"] == table.state.view(seat).to_json()
                if not table.over:
                    check_quirks_private(message["view"], seat, table.state)
        check_all()
    for peer in peers.values():
        check_seqs(peer.messages)
    return checked


@pytest.mark.parametrize(("game", "players", "seed", "options"), [
    ("quirks", 2, BIG + 31, {"turn_limit": 60}),
    ("quirks", 3, BIG + 32, {"intelligent_race": True, "random_mutation": True, "turn_limit": 60}),
    ("quirks-solitaire", 1, BIG + 33, {"random_mutation": True}),
    ("quirkling", 3, BIG + 34, {"turn_limit": 60}),
])
def test_quirks_messages_hide_hands_codes_and_values(client: TestClient, sessions: list[Any], game: str,
                                                     players: int, seed: int, options: dict[str, Any]) -> None:
    checked = play_quirks_family(client, sessions, game, players, seed, options)
    assert checked > players


@pytest.mark.parametrize("game", ["quirks", "quirks-solitaire", "quirkling"])
def test_quirks_components_print_no_values(client: TestClient, game: str) -> None:
    response = client.get(f"/api/games/{game}/components")
    assert response.status_code == 200
    files = response.json()["files"]
    assert "cards.toml" in files and files["cards.toml"]["card"]
    assert not has_key(files, "values") and "values" not in json.dumps(files)
