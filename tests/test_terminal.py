"""The terminal draws the table as a player sees it: every game's drawing over seeded positions
fits 80 columns and shows no internal field (a step's inner name, the flow's counters, -1)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

import quarkade
from quarkade.agents.base import make_bot
from quarkade.core.words import verb_meanings
from quarkade.faces.terminal import action_entries, render_actions, render_view, step_help, text_drawing

GAMES = [("quirky-quarks", 4), ("quirks", 4), ("quirks-solitaire", 1), ("quirkling", 5), ("quirky-circuits", 3),
         ("qwarks", 6), ("cosmic-encounter", 5)]
WIDTH = 80
# Words of the views' bookkeeping that mean nothing to a player.
INTERNAL = re.compile(r"\b(Stage|stage|Flow|flow|Initiator|initiator|to_act|setup_step|turns_taken)\b|\w: -1\b")
EVERY = 9  # steps between two positions drawn


def positions(game_id: str, players: int, seed: int, steps: int = 160) -> Iterator[dict[str, object]]:
    """Views of a seeded game played by random bots, for the seat to act and a spectator."""
    game = quarkade.load(game_id, players=players)
    state = game.new_game(seed)
    bots = {seat: make_bot("random", game, seed * 100 + seat) for seat in range(players)}
    for step in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        if step % EVERY == 0:
            yield state.view(seat).to_json()
            yield state.view(None).to_json()
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    yield state.view(None).to_json()


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_every_game_draws_its_own_table(game_id: str, players: int) -> None:
    assert text_drawing(game_id) is not None


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_drawing_fits_80_columns_and_shows_no_internal_field(game_id: str, players: int) -> None:
    drawing = text_drawing(game_id)
    assert drawing is not None
    drawn = 0
    for seed in (1, 2):
        for view in positions(game_id, players, seed):
            console = Console(width=WIDTH, record=True, color_system=None)
            with console.capture():
                console.print(render_view(view))
            for text in (drawing(view), console.export_text()):
                for line in text.splitlines():
                    assert len(line) <= WIDTH, f"{game_id}: {line!r}"
                    assert not INTERNAL.search(line), f"{game_id}: {line!r}"
            drawn += 1
    assert drawn >= 6


def test_quirky_quarks_shows_whose_turn_and_each_quest_with_cost_power_and_points() -> None:
    game = quarkade.load("quirky-quarks", players=3)
    state = game.new_game(4)
    chooser = random.Random(4)
    while "quest" not in state.view(state.to_act[0]).to_json()["phase"]:
        seat = state.to_act[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    seat = state.to_act[0]
    view = state.view(seat).to_json()
    drawing = text_drawing("quirky-quarks")
    assert drawing is not None
    text = drawing(view)
    assert "Quest phase" in text and "You: complete Quests from your hand, then say done." in text
    quests = [line for line in text.splitlines() if line.lstrip().startswith("Quest")]
    held = [card for card in view["hand"] if card in {"proton", "neutron"} or "-" in card or card.startswith("pi")]
    if held:
        assert quests and all(" points; costs " in line or " point; costs " in line for line in quests)


def test_quirks_shows_the_niches_the_climate_and_the_hand_with_its_codes() -> None:
    state = quarkade.load("quirks", players=3).new_game(1)
    chooser = random.Random(1)
    while not state.view(0).to_json()["hand"]:
        seat = state.to_act[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    view = state.view(0).to_json()
    drawing = text_drawing("quirks")
    assert drawing is not None
    text = drawing(view)
    for words in ("Climate: ", "PLANT niche", "HERBIVORE niche", "CARNIVORE niche", "[climate codes]: O ocean",
                  "Your hand:"):
        assert words in text
    first = view["hand"][0]  # a PLANT A card: it bears a food-chain symbol
    assert re.search(rf"{first['number']} {first['trait']} ●[a-z]+ \[{first['codes']}\]", text)


def test_the_help_explains_the_notation_of_the_step_with_examples() -> None:
    state = quarkade.load("quirky-quarks", players=3).new_game(1)
    chooser = random.Random(1)
    while "research" not in state.view(None).to_json()["phase"] or state.view(None).to_json()["flow"]["neutrino"]:
        seat = state.to_act[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    text = step_help(state.legal_actions(state.to_act[0]), "quirky-quarks")
    assert "bid ACCELERATOR AMOUNT" in text
    assert re.search(r"e\.g\. 'bid \w+ \d+'", text)
    assert all(len(line) <= WIDTH for line in text.splitlines())


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_every_verb_a_player_may_type_is_explained_in_the_games_own_words(game_id: str, players: int) -> None:
    """Each verb met in seeded games has a meaning of the game's own (one table for every game
    gave Cosmic Encounter's draw, decline and accept, and Quirky Circuits' done and stop, the
    meanings of other games' verbs), and the help fits 80 columns."""
    meanings = verb_meanings(game_id)
    game = quarkade.load(game_id, players=players)
    met: set[str] = set()
    for seed in range(4):
        state, chooser = game.new_game(seed), random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            met.update(str(action).split(" ", 1)[0] for action in legal)
            text = step_help(legal, game_id)
            assert all(len(line) <= WIDTH for line in text.splitlines()), text
            state.apply(seat, chooser.choice(legal))
    assert met and met <= set(meanings), sorted(met - set(meanings))


def test_a_verb_means_what_it_does_in_its_own_game() -> None:
    assert "hands flat" in verb_meanings("quirky-circuits")["stop"]
    assert "done playing cards" in verb_meanings("quirky-circuits")["done"]
    assert "destiny" in verb_meanings("cosmic-encounter")["draw"]
    assert "standing offer" in verb_meanings("cosmic-encounter")["accept"]
    assert "stop counting" in verb_meanings("quirks-solitaire")["stop"]
    assert verb_meanings("no-such-game") == {}



def test_quirky_quarks_says_how_many_cards_to_eject_in_plain_words() -> None:
    """"(1 card)" where the rules ask one, never "(1 to 1 cards)"."""
    drawing = text_drawing("quirky-quarks")
    assert drawing is not None
    seen = set()
    for seed in range(6):
        state, chooser = quarkade.load("quirky-quarks", players=2).new_game(seed), random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            view = state.view(seat).to_json()
            if view["phase"] == "ejection":
                must = next(p for p in view["players"] if p["seat"] == seat).get("must_eject")
                if must:
                    low, high = must
                    text = drawing(view)
                    assert f"{low} to {high} cards" not in text or low != high
                    if low == high:
                        assert f"({low} card{'' if low == 1 else 's'})" in text
                    seen.add(low == high)
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
    assert True in seen, "no ejection of a fixed number met"


def test_quirky_quarks_asks_for_what_the_rules_let_a_seat_do() -> None:
    """The Research phase asks for a bid (a seat asked to act has no researcher placed; one
    placed is passed over by the rules, so "or stay where you are" offered nothing), and a
    Neutrino's draws are counted in words ("1 more draw")."""
    drawing = text_drawing("quirky-quarks")
    assert drawing is not None
    said: set[str] = set()
    for seed in range(4):
        state, chooser = quarkade.load("quirky-quarks", players=3).new_game(seed), random.Random(seed)
        for _ in range(200):
            if state.is_over:
                break
            seat = state.to_act[0]
            text = " ".join(drawing(state.view(seat).to_json()).split())
            assert "stay where you are" not in text and "draw(s)" not in text
            said.update(phrase for phrase in ("place your researcher", "1 more draw from", "2 more draws from")
                        if phrase in text)
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
    assert said == {"place your researcher", "1 more draw from", "2 more draws from"}, said


def test_a_long_list_folds_each_kind_of_action_into_one_line() -> None:
    """Cosmic Encounter offers a hundred launches or two hundred alliances at once: each kind
    is one line with its count and its first and last, and the panel says to type one in full;
    a short list keeps every action on its own line."""
    launches = [f"launch 2.{n}" for n in range(5)] + [f"launch 2.{n} 2.{m}" for n in range(5) for m in range(n, 5)]
    allies = [f"ally {side} 3.{n}" for side in ("offence", "defence") for n in range(30)]
    entries = action_entries([*launches, *allies, "decline"])
    assert entries == ["1-20  launch … (20 choices, 'launch 2.0' to 'launch 2.4 2.4')",
                       "21-50  ally offence … (30 choices, 'ally offence 3.0' to 'ally offence 3.29')",
                       "51-80  ally defence … (30 choices, 'ally defence 3.0' to 'ally defence 3.29')",
                       "81  decline"]
    console = Console(width=80, record=True)
    console.print(render_actions([*launches, *allies, "decline"]))
    assert "'list launch' numbers them all, or type one in full" in console.export_text()
    assert action_entries(launches[:12]) == [f"{n + 1}  {text}" for n, text in enumerate(launches[:12])]
