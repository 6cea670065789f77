"""Quirky Circuits views, logs, notation and determinization: what each seat may know."""

from __future__ import annotations

import re

import pytest

from conftest import module_docstring
from quarkade.core import Chance
from quarkade.core.errors import InvalidNotation
from quarkade.games.quirky_circuits import views
from quarkade.games.quirky_circuits.actions import DONE, parse
from quarkade.games.quirky_circuits.components import CARD_BY_ID, card_back, is_quirk
from quirky_circuits_positions import game, position


def test_the_view_fields_are_the_documented_ones() -> None:
    names: set[str] = set()
    for match in re.findall(r"^    ([a-z_]+(?:, [a-z_]+)*)\s", module_docstring(views), re.M):
        names.update(match.split(", "))
    state = position(3)
    assert "execution" in names and set(state.view(0).to_json()) - {"game", "seat"} == names
    assert set(state.view(None).to_json()) - {"game", "seat"} == names - {"hand"}


def test_hands_are_seen_by_their_holder_only() -> None:
    state = position(3, hands={0: ["move-1", "move-2", "slide", "rotate-left"]})
    assert state.view(0).to_json()["hand"] == ["move-1", "slide", "move-2", "rotate-left"]
    for seat in (None, 1, 2):
        data = state.view(seat).to_json()
        assert data.get("hand") != ["move-1", "slide", "move-2", "rotate-left"]
        # Held cards show their backs to the table (Communicating): three move, one turn.
        assert data["players"][0] == {"seat": 0, "hand_size": 4, "backs": {"move": 3, "turn": 1}, "played": 0,
                                      "done": False, "stopped": False, "beeped": False}


def test_everything_is_shown_at_the_end() -> None:
    state = position(2)
    state.battery = 1
    for seat in (0, 1):
        for _ in range(3):
            state.apply(seat, state.legal_actions(seat)[0])
        state.apply(seat, DONE)
    data = state.view(None).to_json()
    assert data["phase"] == "over" and all("hand" in p for p in data["players"])
    assert data["result"] == {"outcome": "lost", "section": None} and data["winners"] == []


def test_the_execution_is_public_step_by_step() -> None:
    state = position(2, hands={0: ["move-1", "move-1", "move-2", "rotate-right", "rotate-left"]})
    for name in ("move-1", "rotate-right", "move-2"):
        state.apply(0, parse(f"play {name}"))
    state.apply(0, DONE)
    for _ in range(2):
        state.apply(1, state.legal_actions(1)[0])
    state.apply(1, DONE)
    for seat in (None, 0, 1):
        data = state.view(seat).to_json()
        steps = data["execution"]
        reveals = [s for s in steps if s["step"] == "reveal"]
        assert [r["card"] for r in reveals[:3]] == ["move-1", "rotate-right", "move-2"]
        assert steps[-1]["robot"] == data["robot"]["space"] and steps[-1]["facing"] == data["robot"]["facing"]
        assert data["log"][-2]["event"] == "execute" and data["queue"] == []
        # People read the cards by the names they bear; the ids stay in the event's fields.
        assert data["log"][-2]["text"].startswith("Execute: Move 1, Turn right, Move 2, ")
        assert data["log"][-2]["cards"][:3] == ["move-1", "rotate-right", "move-2"]
    own = [line["text"] for line in state.view(0).to_json()["log"] if line["event"] == "play" and line["seat"] == 0]
    assert own[:3] == ["Seat 0 plays Move 1 into the queue.", "Seat 0 plays Turn right into the queue.",
                       "Seat 0 plays Move 2 into the queue."]
    moves = [s for s in state.view(None).to_json()["execution"] if s["step"] == "move"]
    assert moves[0] == {"step": "move", "from": [0, 5], "direction": "north", "sliding": False,
                        "robot": [0, 4], "facing": "north"}


def test_the_views_of_a_moment_share_the_tokens_the_state_holds() -> None:
    """The tokens' JSON is made once for a state's tuple of tokens and shared (read-only) by
    every seat's view, and made again when the robot's moves replace the tuple."""
    state = position(3)
    shown = state.view(0)["tokens"]
    assert all(state.view(seat)["tokens"] is shown for seat in (None, 1, 2))
    assert shown == [{"token": t.kind, "space": list(t.space), "raised": t.raised} for t in state.tokens]
    state.tokens = state.tokens[1:]
    assert state.view(0)["tokens"] == shown[1:]


def test_free_play_asks_every_seat_not_done() -> None:
    state = position(4)
    assert state.to_act == (0, 1, 2, 3)
    state.apply(2, state.legal_actions(2)[0])
    state.apply(2, DONE)
    assert state.to_act == (0, 1, 3)


@pytest.mark.parametrize("text", ["play", "play move-4", "play move 2", "done now", "dance", "play 3"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotation):
        parse(text)


def test_notation_is_whole_words() -> None:
    assert str(parse("PLAY Quirk-Rotate-180")) == "play quirk-rotate-180"
    assert [str(parse(w)) for w in ("done", "pass", "stop", "beep")] == ["done", "pass", "stop", "beep"]
    state = position(2)
    g = game(2)
    for action in state.legal_actions(0):
        assert g.parse_action(state, 0, str(action)) == action


def test_sampling_keeps_what_the_seat_knows_and_redraws_the_rest() -> None:
    state = position(3, hands={0: ["move-1", "move-2", "slide", "rotate-left"],
                               1: ["move-3", "rotate-right", "move-back", "rotate-180"]})
    for seat, name in ((0, "move-2"), (1, "move-3"), (1, "rotate-right"), (0, "rotate-left")):
        state.apply(seat, parse(f"play {name}"))
    view = state.view(0)
    g = state.game
    others = set()
    for k in range(12):
        sampled = g.sample_state(view, Chance(k))
        assert sampled.view(0).to_json()["hand"] == view.to_json()["hand"]
        assert [card_back(c) for _, c in sampled.queue] == ["move", "move", "turn", "turn"]
        assert sampled.queue[0][1] == CARD_BY_ID["move-2"] and sampled.queue[3][1] == CARD_BY_ID["rotate-left"]
        cards = sorted(sampled.deck + [c for h in sampled.hands for c in h] + [c for _, c in sampled.queue])
        assert cards == sorted(state.scenario.deck), "cards are conserved"
        others.add((tuple(sampled.hands[1]), sampled.queue[1][1], tuple(sampled.deck)))
    assert len(others) > 1, "the hidden cards are redrawn"


def test_statistics() -> None:
    state = position(2)
    assert state.statistics() == {"won": 0.0, "rounds": 1.0, "battery_left": 0.0,
                                  "green": 0.0, "yellow": 0.0, "red": 0.0}


def test_the_table_knows_a_revealed_queue_lies_under_the_deck() -> None:
    """Reset: the queue goes under the deck and the hands are refilled from the top, so with
    two players the deck is then exactly the queue just revealed; sampling keeps it there."""
    state = position(2)
    top = card_back(state.deck[-1])
    assert state.view(None).to_json()["deck"] == {"cards": 6, "top": top, "layers": [{"cards": 6, "from": None}]}
    for seat in (0, 1):
        for _ in range(3):
            state.apply(seat, next(a for a in state.legal_actions(seat) if str(a).startswith("play")))
        state.apply(seat, DONE)
    revealed = sorted(s["card"] for s in state.execution if s["step"] == "reveal")
    deck = state.view(1).to_json()["deck"]
    assert deck["cards"] == 6 and len(deck["layers"]) == 1 and sorted(deck["layers"][0]["from"]) == revealed
    assert sorted(state.deck) == sorted(CARD_BY_ID[c] for c in revealed)
    for k in range(5):
        sampled = state.game.sample_state(state.view(1), Chance(k))
        assert sorted(sampled.deck) == sorted(state.deck)


def test_sampling_follows_the_quirk_rule() -> None:
    """A player who played a blue card this round holds no Quirk card, and played none after."""
    state = position(3, scenario="tea-time", hands={0: ["move-1", "move-2", "slide", "rotate-left"],
                                                    1: ["move-1", "rotate-right", "move-2", "rotate-left"]})
    state.apply(1, parse("play rotate-right"))
    for k in range(20):
        sampled = state.game.sample_state(state.view(0), Chance(k))
        for seat, card in sampled.queue:
            if seat != 0 and not is_quirk(card):
                assert not any(map(is_quirk, sampled.hands[seat]))
