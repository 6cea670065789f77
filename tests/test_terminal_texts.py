"""What the terminal's drawings of Quirks, Quirks Solitaire, Quirkling, Quirky Quarks, Cosmic
Encounter and Quirky Circuits tell a player, from seeded games' views only: the food-chain
symbols and the stacks, a challenger's cards after the reveal, the Quests on the table, prompts
that say what the listed actions are, the planets' notation and the powers, the deal as the
terminal runs it, and one name for each Quirky Circuits card, its robot's facing and the
board's coordinates."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import quarkade
from quarkade.core import State
from quarkade.core.words import game_text, verb_meanings
from quarkade.games.quirks.components import printed_faces

View = dict[str, Any]
FOOD = {card["number"]: card["food"] for card in printed_faces()["card"] if card["food"]}


def text_of(view: View) -> str:
    """The game's own drawing of ``view`` as one line, unwrapped."""
    drawing = game_text(view["game"], "render_text")
    assert drawing is not None
    return " ".join(str(drawing(view)).split())


def lines_of(view: View) -> list[str]:
    drawing = game_text(view["game"], "render_text")
    assert drawing is not None
    return str(drawing(view)).splitlines()


def until(state: State, test: Callable[[State], bool], seed: int, limit: int = 5000,
          held_back: str = "") -> State:
    """Random legal actions from ``seed`` until ``test(state)`` holds; a verb ``held_back`` is
    chosen only when nothing else is legal (a solitaire count would end the game at once)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if test(state):
            return state
        assert not state.is_over, "the game ended first"
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        rather = [a for a in legal if not held_back or str(a).split(" ", 1)[0] != held_back] or legal
        state.apply(seat, rng.choice(rather))
    raise AssertionError("never reached")


def prompt(view: View) -> str:
    """The sentence that says whose turn it is and what the rules ask, unwrapped."""
    text = text_of(view)
    found = re.search(r"(?:You|Seat \d+)(?: and (?:you|Seat \d+))*: [^.]*\.", text)
    assert found is not None, text
    return found.group(0)


# ----------------------------------------------------------------------------- Quirks family


def test_every_card_shows_its_food_chain_symbol_in_quirks_solitaire_and_quirkling() -> None:
    state = until(quarkade.load("quirks", players=3).new_game(2), lambda s: bool(s.view(0).to_json()["hand"]), 2)
    games = [state.view(0).to_json(), state.view(None).to_json(),
             quarkade.load("quirks-solitaire").new_game(3).view(0).to_json(),
             quarkade.load("quirkling", players=3).new_game(4).view(1).to_json()]
    for view in games:
        text = text_of(view)
        assert "●food-chain symbol" in text
        cards = [*(view.get("hand") or []),
                 *(c for n in view.get("niches") or [] for q in (n["upper"], n["lower"]) if q for c in q["cards"]),
                 *(c for q in view.get("quirks") or [] for c in q["cards"])]
        assert any(card["number"] in FOOD for card in cards)
        for card in cards:
            colour = FOOD.get(card["number"])
            shown = f"{card['number']} {card['trait']}" + (f" ●{colour}" if colour else "")
            assert shown + (" [" if "codes" in card else "") in text + " ", shown
    # A spectator reads the symbols (printed for everyone), never the codes under the markers.
    spectator = text_of(games[1])
    assert "●" in spectator and not re.search(r"[A-C]\d+ [^,(]*\[[OFPDJ]+\]", spectator)


def stacks_table(view: View) -> dict[str, list[str]]:
    lines = lines_of(view)
    head = next(i for i, line in enumerate(lines) if line.startswith("Stacks "))
    names = lines[head].split()[1:]
    rows = {}
    for line in lines[head + 1: head + 4]:
        cells = line.split()
        rows[" ".join(cells[:-len(names)])] = cells[-len(names):]
    assert names == list(view["stacks"])
    return rows


def test_quirks_shows_each_stack_with_its_discard_pile() -> None:
    state = until(quarkade.load("quirks", players=3).new_game(5),
                  lambda s: any(p["discards"] for p in s.view(0).to_json()["stacks"].values()), 5)
    view = state.view(0).to_json()
    rows = stacks_table(view)
    piles = view["stacks"].values()
    assert rows["cards left"] == [str(p["cards"]) for p in piles]
    assert rows["discard pile"] == [str(len(p["discards"])) for p in piles]
    assert rows["last discard"] == [p["discards"][-1]["number"] if p["discards"] else "-" for p in piles]


def test_the_solitaire_game_shows_its_stacks_and_that_an_empty_one_loses() -> None:
    state = until(quarkade.load("quirks-solitaire").new_game(6),
                  lambda s: any(p["discarded"] for p in s.view(0).to_json()["stacks"].values()), 6, held_back="count")
    view = state.view(0).to_json()
    rows = stacks_table(view)
    piles = view["stacks"].values()
    assert rows["cards left"] == [str(p["cards"]) for p in piles]
    assert rows["out of play"] == [str(len(p["discarded"])) for p in piles]
    assert rows["last discard"] == [p["discarded"][-1] if p["discarded"] else "-" for p in piles]
    assert "A stack that runs out loses the game at once." in text_of(view)


def test_after_the_reveal_the_challengers_third_card_is_shown() -> None:
    def revealed(state: State) -> bool:
        contest = state.view(0).to_json().get("contest") or {}
        return contest.get("kind") == "upper" and len(contest.get("faces") or {}) == 2 \
            and all(contest["faces"].values())

    state = until(quarkade.load("quirks", players=3).new_game(1), revealed, 1)
    for seat in (0, 1, 2, None):
        view = state.view(seat).to_json()
        cards = view["contest"]["attacker_cards"]
        assert len(cards) == 3
        challenger = text_of(view).split("Challenger ", 1)[1].split(" Defender ", 1)[0]
        assert all(f"{card['number']} {card['trait']}" in challenger for card in cards), challenger


def test_the_quirks_setup_names_the_lower_niche_to_make() -> None:
    state = quarkade.load("quirks", players=3).new_game(1)
    made = []
    while state.view(0).to_json()["stage"] == "setup":
        seat = state.to_act[0]
        words = prompt(state.view(seat).to_json())
        made.append(re.search(r"make your lower (\w+) QUiRKS", words).group(1))
        state.apply(seat, state.legal_actions(seat)[0])
    # three players make the lower niches carnivore, plant, herbivore (RULINGS.md 6)
    assert made == ["CARNIVORE", "PLANT", "HERBIVORE"]


def test_the_solitaire_prompt_header_and_help_say_what_the_actions_do() -> None:
    state = quarkade.load("quirks-solitaire").new_game(2)
    rng = random.Random(2)
    told = set()
    while state.view(0).to_json()["actions"] < 4:
        view = state.view(0).to_json()
        legal = [str(a) for a in state.legal_actions(0)]
        words, header = prompt(view), lines_of(view)[0]
        if "continue" in legal:
            assert "continue" in words and "destiny marker" in words and "count" in words
            assert "begin the game" not in words
        if view["stage"] == "action":
            assert f"your {view['niche'].upper()} QUiRKS" in words
            assert f"destiny: the {view['niche'].upper()} niche" in header
        else:  # the marker of the last action names nothing now
            assert "destiny" not in header
        if any(a.startswith("count") for a in legal):
            assert "count" in words
        told.add(view["stage"])
        rather = [a for a in state.legal_actions(0) if not str(a).startswith("count")]
        state.apply(0, rng.choice(rather))
    assert {"start", "action", "climate"} <= told
    meaning = verb_meanings("quirks-solitaire")["continue"]
    assert "destiny marker" in meaning and "this turn" not in meaning


def test_quirkling_prompts_name_only_the_actions_listed() -> None:
    state = quarkade.load("quirkling", players=3).new_game(3)
    rng = random.Random(3)
    seen = set()
    for _ in range(2500):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        verbs = {a.split()[0] for a in legal}
        words = prompt(state.view(seat).to_json())
        seen.add(frozenset(verbs))
        if verbs == {"ask"}:
            assert words.startswith("You: ask ") and "discard pile" not in words.split("(")[0]
        if verbs == {"make"}:
            assert "make a QUIRKLING" in words and "go on" not in words
        if "draw" in verbs:
            assert ("draw a card from the stack" in words) == ("draw stack" in legal)
            assert ("top card of the discard pile" in words) == ("draw discard" in legal)
        if verbs == {"give"}:
            assert "give one" in words and "none" not in words
        if verbs == {"none"}:
            assert "you have none" in words
        if verbs == {"discard"}:
            assert "discard a card" in words
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert {frozenset({"ask"}), frozenset({"make"}), frozenset({"draw"}), frozenset({"give"}),
            frozenset({"none"}), frozenset({"discard"})} <= seen


# ----------------------------------------------------------------------------- Quirky Quarks


def test_quests_on_the_table_show_their_points_cost_and_power() -> None:
    from quarkade.games.quirky_quarks.components import COMPONENTS

    quests = {card.id: card for card in COMPONENTS.quests}

    def on_table(state: State) -> bool:
        view = state.view(0).to_json()
        return any(c in quests and quests[c].power for a in view["accelerators"] for c in a["cards"])

    view = until(quarkade.load("quirky-quarks", players=3).new_game(2), on_table, 2).view(0).to_json()
    text = text_of(view)
    shown = [c for a in view["accelerators"] for c in a["cards"] if c in quests]
    for card_id in shown:
        card = quests[card_id]
        points = f"{card.points} point{'' if card.points == 1 else 's'}"
        assert f"{card.name} ({card.symbol}) {points}; costs " in text
        if card.power is not None:
            assert re.search(re.escape(f"{card.name} ({card.symbol}) {points}; costs ") + r"[^;]*; power: ", text)


def test_the_score_counts_quest_points_and_hands_are_counted_in_words() -> None:
    state = until(quarkade.load("quirky-quarks", players=3).new_game(3),
                  lambda s: any(p["hand_size"] == 1 for p in s.view(None).to_json()["players"]), 3)
    assert "1 card in hand" in text_of(state.view(None).to_json())
    state = until(state, lambda s: s.is_over, 3)
    text = text_of(state.view(None).to_json())
    assert " cards in hand" in text and not re.search(r"\b1 cards\b", text)
    for player in state.view(None).to_json()["players"]:
        score = player["score"]
        assert f"score {score['total']} ({score['quests']} Quest point" in text
    assert " Quests, " not in text


# ----------------------------------------------------------------------------- Cosmic Encounter


def test_the_planets_notation_and_every_power_are_explained() -> None:
    from quarkade.games.cosmic_encounter.powers import POWERS

    view = quarkade.load("cosmic-encounter", players=5).new_game(seed=4).view(0).to_json()
    text = text_of(view)
    assert "Planets 1-5 under each seat: SEAT=TOKENS" in text and "In notation, seat 1's planet 4 is 1.3." in text
    texts = {power.name: power.text for power in POWERS}
    for player in view["players"]:
        assert f"{player['power']}: {texts[player['power']]}" in text


def test_the_deal_is_told_as_the_terminal_runs_it() -> None:
    def offered_one(state: State) -> bool:
        view = state.view(None).to_json()
        return view["step"] == "deal" and any(o and o["gives"] == 1 for o in view["encounter"]["offers"] or [])

    state = until(quarkade.load("cosmic-encounter", players=4, quarks=True).new_game(seed=6), offered_one, 6)
    spectator = text_of(state.view(None).to_json())
    assert "give 1 card, get " in spectator and "give 1 cards" not in spectator
    main = text_of(state.view(state.to_act[0]).to_json())
    assert "Untimed here" in main and "'timeout' ends it with no deal" in main
    assert "within 60 seconds" not in main and "one minute" not in main


# ----------------------------------------------------------------------------- Quirky Circuits


def circuits(seed: int) -> State:
    return quarkade.load("quirky-circuits", players=2, scenario="rise-and-shine").new_game(seed)


def test_a_circuits_card_has_one_name_with_its_notation_beside_it_in_the_hand() -> None:
    """The action ``play rotate-right``, the hand and the log (``Turn right``, as the web's cards
    say) agree: the hand gives each card's name with the notation ``play`` takes."""
    state = circuits(3)
    view = state.view(0).to_json()
    text = text_of(view)
    assert "rotate-right" in view["hand"]  # the card the log calls "Turn right"
    for card in set(view["hand"]):
        assert f"play {card}" in {str(a) for a in state.legal_actions(0)}
    for action in (a for a in state.legal_actions(0) if str(a).startswith("play ")):
        played = str(action).split()[1]
        after = state.clone()
        after.apply(0, action)
        log = after.view(0).to_json()["log"][-1]["text"]  # "Seat 0 plays Turn right into the queue."
        name = log.removeprefix("Seat 0 plays ").removesuffix(" into the queue.")
        assert f"{name} [{played}]" in text
        assert f"1:{name} (seat 0)" in text_of(after.view(0).to_json())


def test_the_legend_shows_the_robot_as_it_faces_and_the_board_counts_the_place_the_log_names() -> None:
    """The log names the robot's place by its row from the top and its column from the left
    ("the second row from the top, third from the left"); the board labels its rows and columns
    with the same ordinals (``2nd`` beside the row, ``3rd`` above the column)."""
    def turned(state: State) -> bool:
        view = state.view(0).to_json()
        return view["robot"]["facing"] != "north" and any("ends in" in e["text"] for e in view["log"])

    state = until(circuits(5), turned, 5)
    view = state.view(0).to_json()
    facing = view["robot"]["facing"]
    arrow = {"north": "^", "east": ">", "south": "v", "west": "<"}[facing]
    lines = lines_of(view)
    assert any(line.rstrip().endswith(f"[{arrow}] Gizmo, facing {facing}") for line in lines)
    assert not any("facing north" in line for line in lines)
    where = next(e["text"] for e in reversed(view["log"]) if "ends in" in e["text"])
    said = re.search(r"ends in the (\w+) row(?: from the top)?, (\w+) from the left, facing (\w+)\.", where)
    assert said is not None, where
    words = ("first", "second", "third", "fourth", "fifth", "sixth")
    height = view["board"]["height"]
    y = {"top": 0, "bottom": height - 1}[said[1]] if said[1] in ("top", "bottom") else words.index(said[1])
    x = words.index(said[2])
    assert said[3] == facing and [x, y] == view["robot"]["space"]
    labels = ("1st", "2nd", "3rd", "4th", "5th", "6th")
    header = next(line for line in lines if "1st" in line and "|" not in line)
    row = next(line for line in lines if line.startswith(f"{labels[y]} "))
    column = header.index(labels[x]) - 1  # over the space's five columns, one in
    assert f"[{arrow}]" in row[column: column + 5], (header, row)
