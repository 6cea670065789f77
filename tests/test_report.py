"""``quarkade report``: a balance report as one self-contained HTML file with embedded SVG plots."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

import quarkade
from quarkade.faces.cli import app
from quarkade.tools.report import FEW, item_table, merge_sweep, render_report, wilson_interval
from quarkade.tools.simulate import simulate

pytest.importorskip("matplotlib", reason="the report's plots need the 'report' extra")

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_a_tiny_report_is_one_file_with_its_sections_and_embedded_svg(tmp_path: Path) -> None:
    out = tmp_path / "quirky-quarks.html"
    code, output = run("report", "quirky-quarks", "--games", "4", "--seats", "heuristic,random",
                       "--seed", "3", "--backend", "serial", "--out", str(out))
    assert code == 0, output
    assert list(tmp_path.iterdir()) == [out]
    page = out.read_text(encoding="utf-8")
    for section in ("Win rates by seat", "Win rates by bot", "Seat advantage", "Scores", "Game length",
                    "By item"):
        assert f"<h2>{section}</h2>" in page
    # Plots: win rates, scores, length, each inline.
    assert page.count("<svg") >= 3
    assert "<?xml" not in page and "<!DOCTYPE svg" not in page
    # Nothing loaded from elsewhere: no scripts, stylesheets or images, and every reference
    # (the plots' clip paths) points inside the page.
    assert not re.search(r"<(script|link|img)\b|@import|url\((?!#)|(src|href)=[\"'](?!#)", page)
    # The header says how to make the same report again, and with which code.
    assert "quarkade report quirky-quarks --games 4 --seats heuristic,random --seed 3" in page
    assert f"(Quarkade {quarkade.__version__}, quirky-quarks rules version " in page
    assert "Every game here is of 2 players; Quirky Quarks takes 2 to 4" in page
    assert "seeds 0" not in page and "seeds 3–6" in page
    # Quirky Quarks' Quests, one row a Quest: completed, and their worth per card spent, with
    # what the game's measures are.
    assert "<th>completed</th>" in page and "<th>worth per card spent</th>" in page
    assert "consumed: paid into another Quest" in page


def test_the_same_seeds_give_the_same_report() -> None:
    game = quarkade.load("quirkling", players=2)
    first = render_report(simulate(game, ["random", "random"], 3, seed=5), "Quirkling", "same")
    again = render_report(simulate(game, ["random", "random"], 3, seed=5), "Quirkling", "same")
    assert first == again
    assert "2 players" in first and "seeds 5–7" in first


def test_a_sweep_gives_a_win_rate_by_value_counted_by_games() -> None:
    game = quarkade.load("quirky-circuits", players=2)
    results = []
    for scenario in ("rise-and-shine", "the-cellar"):
        variant = quarkade.load("quirky-circuits", players=2, scenario=scenario)
        results.append((scenario, simulate(variant, ["random", "random"], 2, seed=0)))
    merged = merge_sweep("scenario", results)
    assert len(merged.games) == 4
    assert {game.categories["scenario"] for game in merged.games} == {("rise-and-shine",) * 2, ("the-cellar",) * 2}
    page = render_report(merged, game.info.title, "swept")
    assert "<h2>Win rates by scenario</h2>" in page
    # A cooperative game: the seats' table wins together, so no first-player figure, and its win
    # rate is said once.
    assert "Not measured: the seats do not compete" in page
    seats = page.split("<h2>Win rates by seat</h2>", 1)[1].split("<h2>", 1)[0]
    assert "<td>the table (random, random)</td>" in seats and "<svg" not in seats
    # Two games a scenario, not four seat-games; the scenarios in the order swept, by their
    # printed names and robots, each with its length and figures.
    section = page.split("<h2>Win rates by scenario</h2>", 1)[1].split("<h2>", 1)[0]
    assert re.search(r"<td>8. The Cellar \(Gizmo\)</td><td class=\"n\">2</td>", section)
    assert section.index("1. Rise and Shine (Gizmo)") < section.index("8. The Cellar (Gizmo)")
    assert "<th>steps a game</th>" in section and "The game's figures, means per game, by value." in section


def test_the_item_hook_reads_measure_colon_item_keys() -> None:
    measures, items = item_table({"turns": 3.0, "completed:a": 1.0, "worth:a": 8.0, "cards spent:a": 4.0,
                                  "completed:b": 0.5})
    assert measures == ["completed", "worth", "cards spent", "worth per card spent"]
    assert items == {"a": {"completed": 1.0, "worth": 8.0, "cards spent": 4.0, "worth per card spent": 2.0},
                     "b": {"completed": 0.5}}


def test_wilson_interval_stays_within_zero_and_one() -> None:
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(0, 10)[1] > 0.0
    low, high = wilson_interval(10, 10)
    assert 0.0 < low < high <= 1.0 and high == pytest.approx(1.0)


def test_a_report_refuses_a_bad_sweep_and_humans_before_playing(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    code, output = run("report", "quirky-quarks", "--sweep", "scenario", "--out", str(out))
    assert code == 2 and "--sweep" in output
    code, output = run("report", "quirky-quarks", "--seats", "human,heuristic", "--out", str(out))
    assert code == 2 and "bots only" in output
    assert not out.exists()


def test_a_one_seat_game_is_reported_as_won_or_lost() -> None:
    game = quarkade.load("quirks-solitaire", players=1)
    page = render_report(simulate(game, ["heuristic"], 2, seed=0), game.info.title, "solo")
    assert "One seat: the rate is how often the game is won." in page
    assert "Not measured: one seat plays." in page
    assert "The score is the win: 1 for a win, 0 for a loss" in page.split("<h2>Scores</h2>", 1)[1]


def test_a_table_that_scores_together_is_scored_once() -> None:
    """A table that wins together and shares one score of points (not only the win): the report
    shows the table's score, not three copies."""
    game = quarkade.load("quirky-circuits", players=3, scenario="cafe-botanical")
    played = simulate(game, ["heuristic"] * 3, 3, seed=0)
    scored = replace(played, games=tuple(replace(one, scores=(float(n + 2),) * 3)
                                         for n, one in enumerate(played.games)))
    page = render_report(scored, game.info.title, "together")
    scores = page.split("<h2>Scores</h2>", 1)[1].split("<h2>", 1)[0]
    assert "<td>the table</td>" in scores and "seat 1 (heuristic)" not in scores
    assert "Score distribution of the table" in scores
    assert "<title>Quirky Circuits: balance report</title>" in page


def test_quirks_counts_each_trait_in_its_competitions_and_wins() -> None:
    from quarkade.tools.match import make_bots, play_match

    game = quarkade.load("quirks", players=3)
    state = play_match(game, make_bots(game, ["heuristic"] * 3, 2), 2)
    figures = state.statistics()
    reveals = state.view(None).to_json()["reveals"]
    assert reveals, "the game counted no competition"
    fought = sum(len(cards) for reveal in reveals for cards in reveal["quirks"].values())
    won = sum(len(reveal["quirks"][str(reveal["winner"])]) for reveal in reveals)
    assert sum(value for key, value in figures.items() if key.startswith("competed:")) == fought
    assert sum(value for key, value in figures.items() if key.startswith("won:")) == won
    measures, _ = item_table(figures)
    assert measures == ["competed", "won", "wins per competition"]
    # How the game ended: one of the three ways, as its last line says.
    ends = {"ended_holding_three_upper_niches": "held the three upper niches",
            "ended_last_player_standing": "last player in the game", "turn_limit_reached": "turn limit reached"}
    assert sum(figures[name] for name in ends) == 1.0
    ended = next(name for name in ends if figures[name])
    assert state.view(None).to_json()["log"][-1]["why"] == ends[ended]


@pytest.mark.parametrize("players", [2, 5])
def test_qwarks_counts_each_card_and_question_as_the_log_tells_them(players: int) -> None:
    """Every revealed card is counted once, by its kind, value and id; what its covers gave adds
    up to the scores, and each question's turns and answers to the game's."""
    from quarkade.games.qwarks.components import CARDS
    from quarkade.tools.match import make_bots, play_match

    game = quarkade.load("qwarks", players=players)
    state = play_match(game, make_bots(game, ["heuristic"] * players, 4), 4)
    figures = state.statistics()

    def total(measure: str, cards: bool) -> float:
        return sum(value for key, value in figures.items()
                   if key.startswith(f"{measure}:") and key.startswith(f"{measure}:question ") != cards)

    decks = len(state.view(None)["decks"])
    assert total("revealed", cards=True) == figures["turns"] * decks
    assert total("asked", cards=False) == figures["turns"]
    for cards in (True, False):
        assert total("covered", cards) == figures["kept"] + figures["wrong"]
        assert total("right", cards) == figures["kept"]
        assert total("points", cards) == sum(state.scores)
    card = CARDS[0]
    item = f"{card.kind.word.capitalize()} {card.value} ({card.id})"
    assert figures.get(f"points:{item}", 0.0) == card.value * figures.get(f"right:{item}", 0.0)
    measures, items = item_table(figures)
    assert measures == ["asked", "revealed", "covered", "right", "points", "right per cover"]
    assert all(0.0 <= row["right per cover"] <= 1.0 for row in items.values() if "right per cover" in row)


def test_quirkling_counts_requests_by_stack_and_quirklings_by_kind() -> None:
    """Every request and every card given is counted by its stack, every QUIRKLING by its kind,
    and a game won by making the third kind credits that kind once."""
    from quarkade.tools.match import make_bots, play_match

    game = quarkade.load("quirkling", players=3)
    state = play_match(game, make_bots(game, ["heuristic"] * 3, 5), 5)
    figures = state.statistics()
    log = state.view(None)["log"]

    def total(measure: str) -> float:
        return sum(value for key, value in figures.items() if key.startswith(f"{measure}:"))

    assert total("made") == figures["quirklings_made"] > 0
    assert total("asked") >= total("given") > 0
    assert all(figures.get(f"given:{key.partition(':')[2]}", 0.0) <= value
               for key, value in figures.items() if key.startswith("asked:"))
    won_by_making = "made a plant, a herbivore and a carnivore" in log[-1]["text"]
    assert total("the winner's last") == (1.0 if won_by_making else 0.0)
    measures, _ = item_table(figures)
    assert "given per ask" in measures


def test_quirks_solitaire_counts_the_traits_at_the_count_and_its_climate() -> None:
    """A game ended by the count of all three QUiRKS credits each of their cards' traits (and,
    when won, as winning), and is filed under the climate of the count; any other end is
    filed under "no count"."""
    from quarkade.tools.match import make_bots, play_match

    game = quarkade.load("quirks-solitaire")
    climates = set()
    for seed in range(8):
        state = play_match(game, make_bots(game, ["heuristic"], seed), seed)
        figures = state.statistics()
        view = state.view(None)
        end = view["log"][-1]["text"]
        climate = state.categories()["climate of the count"]
        climates.add(climate)
        counted = sum(value for key, value in figures.items() if key.startswith("counted:"))
        # every trait has its row, those never counted too
        assert sum(1 for key in figures if key.startswith("counted:")) == 108
        won = sum(value for key, value in figures.items() if key.startswith("won:"))
        if " in the " in end:  # "You win: 31 in the desert (needed 30)." or "... short of 35."
            assert climate == (end.split(" in the ", 1)[1].split()[0].rstrip(","),)
            assert counted == sum(len(quirks["cards"]) for quirks in view["quirks"]) > 0
            assert won == (counted if figures["won"] else 0.0)
        else:
            assert climate == ("no count",) and counted == won == 0.0
        assert figures["action_limit_reached"] == float(end.startswith("You lose: the action limit"))
    assert ("no count",) in climates and len(climates) > 1


def test_a_category_a_game_explains_is_explained_and_a_limit_warned() -> None:
    """Quirks Solitaire's climates are chosen by the player and have targets of their own: the
    table says so; a game lost to the action limit (a house rule) is warned of at the top."""
    game = quarkade.load("quirks-solitaire", action_limit=10)
    page = render_report(simulate(game, ["heuristic"], 3, backend="serial"), "Quirks Solitaire", "…")
    climates = page.split("<h2>Win rates by climate of the count</h2>", 1)[1].split("<h2>", 1)[0]
    assert "The player chooses when to count" in climates and "jungle 40" in climates
    assert re.search(r'<p class="warn">[0-9.]+% of the games ended when a limit was reached \(action limit reached\)',
                     page)
    assert item_table({"won:a": 1.0, "counted:a": 2.0})[1]["a"]["wins per count"] == 0.5


def test_a_report_says_its_figures_are_the_bots_game_and_what_a_bot_never_does() -> None:
    game = quarkade.load("cosmic-encounter", players=3)
    page = render_report(simulate(game, ["heuristic", "random", "easy"], 1, backend="serial"), "Cosmic", "…")
    note = page.split("These are games between bots", 1)[1].split("</p>", 1)[0]
    assert "heuristic: the game&#x27;s rules of thumb" in note and "random: plays any legal move" in note
    # the level built on the heuristic shares its limits
    assert note.count("it never plays the Finder or Cosmic Quake edicts") == 2


EDICT_NAMES = {"Cosmic Zap", "Mobius Tubes", "Force Field", "Finder", "Plague", "Cosmic Quake"}


def test_cosmic_encounter_counts_each_challenge_card_and_what_won() -> None:
    """Both cards of every challenge are counted, by face; at most one of them wins it (a deal
    or no deal is won by neither); edicts and flares are counted as played."""
    from quarkade.tools.match import make_bots, play_match

    game = quarkade.load("cosmic-encounter", players=4, quarks=True, edicts=True, flares=True)
    state = play_match(game, make_bots(game, ["heuristic"] * 4, 2), 2)
    figures = state.statistics()

    def total(measure: str) -> float:
        return sum(value for key, value in figures.items() if key.startswith(f"{measure}:"))

    assert total("competed") == 2 * figures["challenges"] > 0
    assert 0 < total("won") <= figures["challenges"]
    for key, value in figures.items():
        measure, _, item = key.partition(":")
        if measure == "won":
            assert value <= figures[f"competed:{item}"]
    assert any(key.endswith(" edict") or key.endswith(" flare") for key in figures if key.startswith("played:"))
    assert any(key.startswith("competed:") and key.endswith(" Attack") for key in figures)
    # printed names: the edicts' and the aliens' as their cards print them
    assert all(name in EDICT_NAMES or name.split()[0][0].isupper() for name in (
        key.split(":", 1)[1].rsplit(" ", 1)[0] for key in figures if key.startswith("played:")))
    assert not any(key.startswith("played:") and key.split(":", 1)[1].split()[0] in ("zap", "mobius", "forcefield")
                   for key in figures)
    assert "wins per competition" in item_table(figures)[0]


def test_each_ratio_by_item_shows_the_count_it_rests_on_and_a_few_are_marked() -> None:
    game = quarkade.load("quirky-quarks", players=2)
    played = simulate(game, ["random", "random"], 2, seed=0)
    # Two games: item a rests on 20 Quests completed, item b on 2 (not on the cards spent:
    # a Quest's worth per card is one figure a Quest).
    figures = {"completed:a": 10.0, "worth:a": 60.0, "cards spent:a": 40.0,
               "completed:b": 1.0, "worth:b": 10.0, "cards spent:b": 10.0}
    result = replace(played, games=tuple(replace(one, statistics=figures) for one in played.games))
    page = render_report(result, game.info.title, "counted")
    items = page.split("<h2>By item</h2>", 1)[1].split("<h2>", 1)[0]
    assert "<th>worth per card spent</th><th>n (completed)</th>" in items
    # Columns: cards spent, completed, worth, worth per card spent, n (completed).
    assert ('<td>a</td><td class="n">40</td><td class="n">10</td><td class="n">60</td><td class="n">1.5</td>'
            '<td class="n">20</td>') in items
    assert ('<td>b</td><td class="n">10</td><td class="n">1</td><td class="n">10</td><td class="n">1 (few)</td>'
            '<td class="n">2</td>') in items
    assert f"fewer than {FEW} is marked (few)" in items


def test_a_rate_by_item_has_its_interval() -> None:
    """Wins per competition is a part of a whole: its 95% interval beside it."""
    game = quarkade.load("quirky-quarks", players=2)
    played = simulate(game, ["random", "random"], 2, seed=0)
    figures = {"won:a": 30.0, "competed:a": 50.0, "won:b": 1.0, "competed:b": 4.0}
    result = replace(played, games=tuple(replace(one, statistics=figures) for one in played.games))
    items = render_report(result, game.info.title, "rates").split("<h2>By item</h2>", 1)[1].split("<h2>", 1)[0]
    assert "<th>wins per competition</th><th>95%</th><th>n (competed)</th>" in items
    low, high = wilson_interval(60, 100)
    assert f'<td class="n">0.6</td><td class="n">{low:.3g} – {high:.3g}</td><td class="n">100</td>' in items


def test_a_true_or_false_option_is_swept_over_both(tmp_path: Path) -> None:
    out = tmp_path / "advanced.html"
    code, output = run("report", "quirks", "--seats", "random,random", "--games", "1", "--sweep", "advanced",
                       "--backend", "serial", "--out", str(out))
    assert code == 0, output
    assert "with advanced=false" in output and "with advanced=true" in output
    page = out.read_text(encoding="utf-8")
    # Every seat of a game plays the same value, so a win rate by value would be the fair share:
    # the section gives what a value changes (seat 0's rate, the length, the figures).
    assert "<h2>Win rates by advanced</h2>" not in page and "<h2>By advanced</h2>" in page
    section = page[page.index("<h2>By advanced</h2>"):]
    assert "<th>seat 0&#x27;s win rate</th>" in section and "<th>steps a game</th>" in section
    assert "<td>false</td>" in section and "<td>true</td>" in section
    assert "The game's figures, means per game, by value." in section and "<td>turns</td>" in section
    # Every seat's win rate by value, beside seat 0's: the seat advantage each value gives.
    seats = section[section.index("Each seat's win rate under each value"):].split("</table>", 1)[0]
    assert "<th>seat 0</th><th>seat 1</th>" in seats
    assert len(re.findall(r"<td>\d+\.\d% \(\d+\.\d% – \d+\.\d%\)</td>", seats)) == 4  # two values, two seats
    assert "--sweep advanced" in page
    # An option of numbers has no list of values to sweep: the options that do are named.
    code, output = run("report", "quirks", "--sweep", "turn-limit", "--out", str(out))
    assert code == 2 and "a list of values or true and false (random_mutation, intelligent_race, advanced)" \
        in " ".join(output.split())


@pytest.mark.parametrize("where", ["missing/report.html", "."])
def test_an_out_that_cannot_be_written_is_refused_before_any_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  where: str) -> None:
    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr("quarkade.tools.simulate.simulate", no_games)
    out = tmp_path / where
    code, output = run("report", "quirky-quarks", "--games", "2", "--backend", "serial", "--out", str(out))
    reason = "No such file or directory" if where != "." else "it is a folder"
    assert code == 2 and f"cannot write {out}: {reason}" in " ".join(output.split()), output
    assert sorted(tmp_path.iterdir()) == []


def test_a_measure_every_item_has_alike_is_said_once_not_as_a_column() -> None:
    """Qwarks covers every card once a game: "covered" is the same for every card, and "right per
    cover" is "right" again; both leave the table for one sentence."""
    game = quarkade.load("quirky-quarks", players=2)
    played = simulate(game, ["random", "random"], 2, seed=0)
    figures = {"right:a": 0.5, "covered:a": 1.0, "points:a": 2.0, "right:b": 0.75, "covered:b": 1.0, "points:b": 3.0}
    result = replace(played, games=tuple(replace(one, statistics=figures) for one in played.games))
    items = render_report(result, game.info.title, "alike").split("<h2>By item</h2>", 1)[1].split("<h2>", 1)[0]
    table = "<table>" + items.split("<table>", 1)[1].split("</table>", 1)[0]
    assert "<th>right</th>" in table and "<th>points</th>" in table
    assert "covered" not in table and "right per cover" not in items
    # said before the table it belongs to
    assert "Every item of the table below has the same covered (1 a game), left out of it.</p><table>" in items


def test_one_bot_at_every_seat_gets_no_table_of_bots() -> None:
    game = quarkade.load("quirky-quarks", players=2)
    same = render_report(simulate(game, ["random", "random"], 2, seed=0), game.info.title, "same")
    bots = same.split("<h2>Win rates by bot</h2>", 1)[1].split("<h2>", 1)[0]
    assert "One bot, random, at every seat" in bots and "<table>" not in bots
    mixed = render_report(simulate(game, ["random", "heuristic"], 2, seed=0), game.info.title, "mixed")
    assert "<th>bot</th>" in mixed.split("<h2>Win rates by bot</h2>", 1)[1].split("<h2>", 1)[0]


def test_items_measured_differently_get_a_table_each() -> None:
    """Qwarks measures its cards (covered, right, points) and its questions (asked, covered,
    right): a table each, without the other's empty columns; an item that never scored joins
    its own kind's table."""
    game = quarkade.load("quirky-quarks", players=2)
    played = simulate(game, ["random", "random"], 2, seed=0)
    figures = {"right:q1": 0.5, "covered:q1": 1.0, "points:q1": 2.0, "revealed:q1": 1.0, "right:q2": 0.75,
               "covered:q2": 0.9, "points:q2": 3.0, "revealed:q2": 1.0, "covered:q3": 1.0, "revealed:q3": 1.0,
               "asked:eyes": 2.0, "covered:eyes": 1.5, "right:eyes": 1.0,
               "asked:mood": 1.0, "covered:mood": 0.5, "right:mood": 0.5}
    result = replace(played, games=tuple(replace(one, statistics=figures) for one in played.games))
    items = render_report(result, game.info.title, "kinds").split("<h2>By item</h2>", 1)[1].split("<h2>", 1)[0]
    cards, questions = items.split("</table>")[:2]
    assert "<th>points</th>" in cards and "<th>asked</th>" not in cards
    assert all(f"<td>{name}</td>" in cards for name in ("q1", "q2", "q3")) and "<td>eyes</td>" not in cards
    assert "<th>asked</th>" in questions and "<th>points</th>" not in questions
    assert "<td>eyes</td>" in questions and "<td>mood</td>" in questions


def test_every_seat_is_held_to_the_fair_share_and_ties_are_told() -> None:
    """Seat 1 wins more than its share, by a tie-break: the section says so of seat 1 (it looked at
    seat 0 alone), and how many games ended with the best score shared and to whom they went."""
    game = quarkade.load("quirky-quarks", players=3)
    played = simulate(game, ["random"] * 3, 1, seed=0)
    one = played.games[0]
    games = ([replace(one, scores=(5.0, 5.0, 1.0), winners=(1,))] * 300 + [replace(one, scores=(6.0, 5.0, 1.0),
             winners=(0,))] * 330 + [replace(one, scores=(1.0, 2.0, 7.0), winners=(2,))] * 370)
    page = render_report(replace(played, games=tuple(games)), game.info.title, "seats")
    section = page.split("<h2>Seat advantage</h2>", 1)[1].split("<h2>", 1)[0]
    assert "Seat 0, the first in the order of the seats (whether it also starts is the game's: some draw who " \
           "starts), wins <b>33.0%</b>" in section
    assert "within reach of its fair share of 33.3%" in section
    assert "seat 1 wins 30.0% (27.2% – 32.9%), below it and seat 2 wins 37.0% (34.1% – 40.0%), above it" in section
    assert "300 games (30.0%) ended with the best score shared by several seats; the game's tie-break " \
           "gave them to: seat 0 0, seat 1 300 and seat 2 0." in section


def test_a_score_that_is_the_win_is_not_plotted_again() -> None:
    game = quarkade.load("quirks", players=3)
    scores = render_report(simulate(game, ["random"] * 3, 3, seed=0), game.info.title, "won").split(
        "<h2>Scores</h2>", 1)[1].split("<h2>", 1)[0]
    assert "The score is the win" in scores and "<svg" not in scores
    game = quarkade.load("quirky-quarks", players=2)
    scores = render_report(simulate(game, ["random"] * 2, 3, seed=0), game.info.title, "points").split(
        "<h2>Scores</h2>", 1)[1].split("<h2>", 1)[0]
    assert "The score is the win" not in scores and "<svg" in scores
    # a table that wins together, and one seat alone, say so the same way
    game = quarkade.load("quirky-circuits", players=2)
    scores = render_report(simulate(game, ["random"] * 2, 2, seed=0), game.info.title, "together").split(
        "<h2>Scores</h2>", 1)[1].split("<h2>", 1)[0]
    assert "1 for every seat when the table wins, 0 when it loses" in scores and "<svg" not in scores


def test_the_header_says_what_a_rerun_gives_and_how_wins_are_counted() -> None:
    """A search on a time budget does not play a deal the same way twice: the header says so
    rather than promising the same games. A table that wins together splits no win; a sweep's
    seeds are each value's."""
    game = quarkade.load("quirky-quarks", players=2)
    result = simulate(game, ["heuristic", "random"], 2, seed=4, backend="serial")
    page = render_report(result, "Quirky Quarks", "quarkade report …", clocked=["hard"])
    assert "the same command deals the same games, but hard searches on a time budget" in page
    assert "A win shared by several seats counts as its share for each." in page
    plain = render_report(result, "Quirky Quarks", "quarkade report …")
    assert "the same command gives the same games with the same code." in plain and "time budget" not in plain
    circuits = quarkade.load("quirky-circuits", players=2)
    together = render_report(simulate(circuits, ["heuristic"] * 2, 2, backend="serial"), "Quirky Circuits", "…")
    assert "A win shared by several" not in together
    solitaire = quarkade.load("quirks-solitaire", players=1)
    alone = render_report(simulate(solitaire, ["heuristic"], 2, backend="serial"), "Quirks Solitaire", "…")
    assert "One seat, played by heuristic: its win rate is the seat's above." in alone
    assert "the seats win together" not in alone
    swept = merge_sweep("advanced", [(value, simulate(quarkade.load("quirks", players=2, advanced=value),
                                                       ["random"] * 2, 2, seed=7, backend="serial"))
                                     for value in (False, True)])
    assert "seeds 7–8, the same for each value of the swept option" in render_report(swept, "Quirks", "…",
                                                                                      per_value=2)


def test_a_report_takes_the_seats_simulate_takes_and_refuses_a_swept_option_set_twice(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    code, output = run("report", "quirky-quarks", "--games", "2", "--seats", "mcts:iterations=5,heuristic",
                       "--backend", "serial", "--out", str(out))
    assert code == 0 and out.exists(), output
    out.unlink()
    code, output = run("report", "quirks", "--games", "2", "--sweep", "advanced", "--option", "advanced=true",
                       "--out", str(out))
    assert code == 2 and "--sweep advanced plays every value of advanced: leave --option advanced out" in output
    code, output = run("report", "quirks", "--games", "2", "-o", "advanced=true", "-o", "advanced=false",
                       "--out", str(out))
    assert code == 2 and "option 'advanced' is given twice" in output
    assert not out.exists()


def test_a_category_table_marks_few_and_says_when_the_bots_differ() -> None:
    game = quarkade.load("cosmic-encounter", players=3)
    result = simulate(game, ["heuristic", "random", "random"], 3, seed=2, backend="serial")
    page = render_report(result, "Cosmic Encounter", "…")
    section = page[page.index("<h2>Win rates by alien</h2>"):]
    assert "A rate on fewer than 20 seat-games is marked (few); the seats hold different bots" in section
    assert "% (few)</td>" in section.split("</table>")[0]


def test_records_say_which_bot_sat_where(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = runner.invoke(app, ["simulate", "quirky-quarks", "-n", "2", "--seats", "heuristic,random",
                                 "--backend", "serial", "--out", str(out)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["bots"] for line in lines] == [["heuristic", "random"]] * 2
    replayed = runner.invoke(app, ["replay", str(out), "--game-index", "1", "--all"])
    assert replayed.exit_code == 0 and "Bots: seat 0 heuristic, seat 1 random" in replayed.output


def test_an_interrupted_report_says_how_far_it_got_and_writes_nothing(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from quarkade.tools.simulate import Interrupted

    played: list[object] = []

    def second_stops(game: quarkade.Game, seats: list[str], games: int, seed: int, **kwargs: object) -> object:
        if played:
            raise Interrupted(3, games)
        played.append(game)
        return simulate(game, seats, games, seed, backend="serial")

    monkeypatch.setattr("quarkade.tools.simulate.simulate", second_stops)
    out = tmp_path / "report.html"
    code, output = run("report", "quirks", "--games", "4", "--sweep", "advanced", "--backend", "serial",
                       "--out", str(out))
    assert code == 130 and "report stopped after 7 of 8 games: nothing was written to" in " ".join(output.split())
    assert not out.exists()


def test_games_a_limit_ended_are_said_at_the_top() -> None:
    game = quarkade.load("quirks", players=2, turn_limit=1)
    page = render_report(simulate(game, ["heuristic"] * 2, 3, backend="serial"), "Quirks", "…")
    assert ('<p class="warn">100.0% of the games ended when a limit was reached (turn limit reached): their '
            "results were declared by the house rule") in page
    plain = render_report(simulate(quarkade.load("quirks", players=2), ["heuristic"] * 2, 2, backend="serial"),
                          "Quirks", "…")
    assert 'class="warn"' not in plain
