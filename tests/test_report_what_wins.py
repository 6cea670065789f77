"""The report's "what wins": each item's win rate with it and without it (``State.seat_items``),
checked on hand-made results and, for each game that names items, against what the public view
or the record says each seat had."""

from __future__ import annotations

import html
from dataclasses import replace

import pytest

import quarkade
from quarkade.games.cosmic_encounter.components import played_item
from quarkade.games.quirky_quarks.components import COMPONENTS
from quarkade.tools.intervals import difference_interval
from quarkade.tools.match import make_bots, play_match
from quarkade.tools.report import FEW, PLOTTED_ENDS, render_report
from quarkade.tools.simulate import GameResult, SimulationResult, simulate

pytest.importorskip("matplotlib")


def result(games: tuple[GameResult, ...], players: int = 3, about: str = "held it") -> SimulationResult:
    return SimulationResult("quirky-quarks", players, ("random",) * players, {}, 0, games, about)


def game(winners: tuple[int, ...], items: tuple[tuple[str, ...], ...], seed: int = 0) -> GameResult:
    scores = tuple(float(seat in winners) for seat in range(len(items)))
    return GameResult(seed, scores, winners, 10, {}, {}, items)


def section(page: str) -> str:
    return page.split("<h2>What wins", 1)[1].split("<h2>", 1)[0]


def test_wins_with_and_without_an_item_split_a_shared_win() -> None:
    games = (game((0, 1), (("proton",), ("proton", "neutron"), ())),
             game((2,), (("neutron",), (), ("proton",))),
             game((), (("proton",), (), ())))  # no winner: three seat-games, no win
    table = result(games).wins_by_item()
    # proton: seats 0 and 1 of game 0 (half a win each), seat 2 of game 1 (a win), seat 0 of game 2.
    assert table["proton"] == ((2.0, 4), (0.0, 5))
    # neutron: seat 1 of game 0 (half a win), seat 0 of game 1 (lost); the other seven seat-games hold 1.5 wins.
    assert table["neutron"] == ((0.5, 2), (1.5, 7))
    for (won, played), (other_won, other_played) in table.values():
        assert played + other_played == 9 and won + other_won == pytest.approx(2.0)


def test_a_table_that_wins_together_counts_each_game_once_with_all_its_seats_items() -> None:
    games = (game((0, 1), (("red",), ("blue",))), game((), (("red",), ())), game((0, 1), ((), ())))
    table = result(games, players=2).wins_by_item(together=True)
    assert table == {"blue": ((1.0, 1), (1.0, 2)), "red": ((1.0, 2), (1.0, 1))}


def test_a_game_without_items_has_no_such_section() -> None:
    page = render_report(result((game((0,), ((), (), ())),)), "Quirky Quarks", "none")
    assert "What wins" not in page


def test_the_section_sorts_by_difference_puts_few_last_and_names_what_an_item_means() -> None:
    # "often": with it in every game, seat 0 wins 30 of 40; "rare": seat 1 holds it 3 times and wins twice.
    games = tuple(game((0,) if n < 30 else (1,), (("often",), ("rare",) if 29 <= n < 32 else (), ()), seed=n)
                  for n in range(40))
    page = render_report(result(games), "Quirky Quarks", "sorted")
    part = section(page)
    assert "that seat held it in it" in part
    assert part.index("<td>often</td>") < part.index("<td>rare</td>")
    rows = part.split("<tr>")
    often = next(row for row in rows if "<td>often</td>" in row)
    assert ">40<" in often and ">75.0%<" in often and ">80<" in often and ">12.5%<" in often and "+62.5" in often
    rare = next(row for row in rows if "<td>rare</td>" in row)
    assert "66.7% (few)" in rare
    # The plot shows only the items resting on at least FEW seat-games on both sides.
    assert "<svg" in part and f"at least {FEW} seat-games" in part
    assert part.count(">rare<") == 1  # the table's cell, and not a label of the plot


def test_items_are_also_judged_against_their_average_difference() -> None:
    """Every item goes with winning somewhat (a winner holds each more often): most are clear of
    0, and only the one that goes with winning far more than the rest is clear of their average."""
    names = [f"item{k}" for k in range(10)]

    def holds(k: int, n: int, seat: int, won: bool) -> bool:
        return (n * 31 + k * 17 + seat * 7) % 10 < (6 if won else 4)

    games = []
    for n in range(600):
        winner = n % 3
        items = tuple((*(name for k, name in enumerate(names) if holds(k, n, seat, seat == winner)),
                       *(("star",) if (n + seat) % 20 < (19 if seat == winner else 2) else ()))
                      for seat in range(3))
        games.append(game((winner,), items, seed=n))
    said = section(render_report(result(tuple(games)), "Quirky Quarks", "average"))
    assert "On average an item&#x27;s difference is +" in said
    assert "Clear of that average (their intervals leave it out): above it star +" in said


def test_the_plot_keeps_the_ends_of_a_long_order() -> None:
    names = [f"item{n:02d}" for n in range(2 * PLOTTED_ENDS + 6)]
    # Seat 0 holds the first items, more of them in some games than others; it wins two games in three.
    games = tuple(game((0,) if n % 3 else (1,), (tuple(names[:(n * 7) % len(names)]), tuple(names[n % 5:]), ()),
                       seed=n) for n in range(120))
    part = section(render_report(result(games), "Quirky Quarks", "long"))
    caption = part.split("<figcaption", 1)[1]
    assert f"the {PLOTTED_ENDS} with the largest differences" in caption
    table = part.split("<figure>", 1)[0]
    ordered = [cell.split("</td>", 1)[0] for cell in table.split("<tr><td>")[1:]]
    plot = part.split("<figure>", 1)[1]
    shown = [name for name in names if f">{name}<" in plot]
    kept = ordered[:PLOTTED_ENDS] + ordered[-PLOTTED_ENDS:]
    assert len(shown) == 2 * PLOTTED_ENDS and set(shown) == set(kept)


def played(game_id: str, players: int, seed: int) -> quarkade.State:
    the_game = quarkade.load(game_id, players) if players > 1 else quarkade.load(game_id)
    return play_match(the_game, make_bots(the_game, ["heuristic"] * the_game.players, seed), seed)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_quirky_quarks_items_are_the_quests_each_seat_completed(seed: int) -> None:
    state = played("quirky-quarks", 3, seed)
    completed: list[set[str]] = [set(), set(), set()]
    for seat, action in state.record().actions:
        words = str(action).split()
        if words[0] == "complete":
            completed[seat].add(COMPONENTS.by_id(words[1]).name)  # the notation's id, the printed name
    assert [set(items) for items in state.seat_items()] == completed
    # A Quest spent on a later one (seed 1: seat 2's proton, on its hydride) still counts.
    held = [{COMPONENTS.by_id(quest).name for quest in player["completed"]} for player in state.view(None)["players"]]
    assert all(now <= ever for now, ever in zip(held, completed, strict=True))


@pytest.mark.parametrize("seed", [1, 2])
def test_qwarks_items_are_the_cards_each_view_shows_kept(seed: int) -> None:
    state = played("qwarks", 3, seed)
    kept = [{card["id"] for card in player["kept"]} for player in state.view(None)["players"]]
    assert [{name.rsplit("(", 1)[1].rstrip(")") for name in items} for items in state.seat_items()] == kept


@pytest.mark.parametrize("seed", [1, 2])
def test_quirkling_items_are_the_kinds_each_view_shows_made(seed: int) -> None:
    state = played("quirkling", 3, seed)
    made = [{f"{q['niche']} QUIRKLING" for q in player["quirklings"]} for player in state.view(None)["players"]]
    assert [set(items) for items in state.seat_items()] == made


@pytest.mark.parametrize("seed", [1, 2])
def test_solitaire_items_are_the_traits_of_the_quirks_the_view_shows_at_the_end(seed: int) -> None:
    state = played("quirks-solitaire", 1, seed)
    traits = {card["trait"] for quirks in state.view(0)["quirks"] for card in quirks["cards"]}
    assert state.seat_items() == (tuple(sorted(traits)),)


CARD_NAMES = {"a": "Attack", "u": "Up Quark", "d": "Down Quark", "s": "Strange Quark"}


def card_name(notation: str) -> str:
    """A challenge card as the report names it, from its notation (``a8``: ``08 Attack``)."""
    if notation == "c":
        return "Compromise"
    if notation == "n":
        return "Negotiate"
    return f"{int(notation[1:]):02d} {CARD_NAMES[notation[0]]}"


@pytest.mark.parametrize(("seed", "quarks"), [(2, False), (5, False), (2, True), (3, True)])
def test_cosmic_encounter_items_are_the_cards_each_seat_played(seed: int, quarks: bool) -> None:
    the_game = quarkade.load("cosmic-encounter", 4, quarks=quarks)
    state = play_match(the_game, make_bots(the_game, ["heuristic"] * 4, seed), seed)
    played_by: list[set[str]] = [set() for _ in range(4)]
    unnamed = [0] * 4  # Laser's opponent plays a card at random: "play random" does not name it
    for seat, action in state.record().actions:
        words = str(action).split()
        if words[0] in ("edict", "flare"):
            played_by[seat].add(played_item(words[0], words[1]))
        elif words == ["play", "random"]:
            unnamed[seat] += 1
        elif words[0] == "play":
            played_by[seat].add(card_name(words[1]))
    for items, named, random_plays in zip(state.seat_items(), played_by, unnamed, strict=True):
        assert named <= set(items) and len(set(items) - named) <= random_plays
    assert any(name.endswith(" Attack") for items in played_by for name in items)


def test_quirks_items_are_traits_of_cards_each_seat_fought_with() -> None:
    from quarkade.games.quirks.components import COMPONENTS

    state = played("quirks", 3, 4)
    fought: list[set[str]] = [set(), set(), set()]
    for reveal in state.reveals:
        for seat, numbers in reveal["quirks"].items():
            fought[int(seat)] |= {COMPONENTS.by_number(number).trait for number in numbers}
    assert [set(items) for items in state.seat_items()] == fought and any(fought)


def test_simulate_carries_the_items_and_what_they_mean() -> None:
    run = simulate(quarkade.load("quirky-quarks", 2), ["heuristic", "heuristic"], 3, seed=1)
    assert run.items_about == "completed at least one Quest of that kind"
    assert all(len(game.items) == 2 for game in run.games)
    assert set(run.to_json()["wins_by_item"]) == {item for game in run.games for items in game.items for item in items}


def test_the_summary_names_what_is_clear_of_chance_and_what_a_win_needs() -> None:
    """Seats 0 and 1 hold "key", seat 2 never, and only seats 0 and 1 win; every seat holds
    "noise" in even games and none in odd ones, with no bearing on who wins: the summary names
    "key" as clear and as needed, and leaves "noise" out; the difference's interval is Newcombe's."""
    games = tuple(game((n % 2,), tuple(("key", "noise") if n % 2 == 0 and seat < 2 else ("key",) if seat < 2
                                       else ("noise",) if n % 2 == 0 else () for seat in range(3)), seed=n)
                  for n in range(90))
    part = section(render_report(result(games), "Quirky Quarks", "summary"))
    summary = html.unescape(part.split("<table>", 1)[0])
    assert "Clear of chance, of 2 items on 20 seat-games or more each way: won more often with key" in summary
    assert "noise" not in summary.split("No seat-game")[0].split("Clear of chance")[1].split("(percentage")[0]
    assert "No seat-game without key was won: a win needs it" in summary
    key = next(row for row in part.split("<tr>") if "<td>key</td>" in row)
    (won, played), (lost_won, lost_played) = result(games).wins_by_item()["key"]
    low, high = difference_interval((won, played), (lost_won, lost_played))
    assert " clear</td>" in key and f"{low * 100:+.1f} – {high * 100:+.1f}" in key


def test_the_summary_warns_of_mixed_bots_and_of_nothing_clear() -> None:
    games = tuple(game((n % 3,), (("a",),) * 3 if n % 2 == 0 else ((),) * 3, seed=n) for n in range(60))
    mixed = replace(result(games), seats=("heuristic", "random", "random"))
    summary = html.unescape(section(render_report(mixed, "Quirky Quarks", "mixed")).split("<table>", 1)[0])
    assert "No item's difference is clear of chance" in summary
    assert "The seats hold different bots" in summary


def test_newcombes_interval_of_a_difference() -> None:
    """Newcombe (1998), method 10, his example 56/70 against 48/80: 0.0524 to 0.3339."""
    low, high = difference_interval((56, 70), (48, 80))
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)
    low, high = difference_interval((10, 10), (0, 10))  # at the bounds: within -1 to 1, and not empty
    assert 0 < low < high <= 1


def test_a_swept_option_has_what_wins_for_each_of_its_values() -> None:
    """Swept results are not pooled: an item of one value only ("quark" here) is compared with
    the games of that value, not with the other value's too."""
    def swept(value: str, winners: int, items: tuple[tuple[str, ...], ...], seed: int) -> GameResult:
        return replace(game((winners,), items, seed), categories={"quarks": (value,) * 3})
    games = (*(swept("False", n % 3, (("a",), (), ()), n) for n in range(30)),
             *(swept("True", 0, (("a", "quark"), (), ()), 30 + n) for n in range(15)),
             *(swept("True", 1, ((), ("quark",), ()), 45 + n) for n in range(15)))
    both = replace(result(games), options={"quarks": "swept: False, True"})
    page = render_report(both, "Cosmic Encounter", "swept")
    assert page.count("<h2>What wins") == 2
    without, with_ = (page.split(f"<h2>What wins: win rates with and without each item, the games of quarks {v}", 1)[1]
                      .split("<h2>", 1)[0] for v in ("False", "True"))
    assert "<td>quark</td>" not in without and "<td>quark</td>" in with_
    # With Quarks, the 30 seat-games holding "quark" are all won and the other 60 of those games
    # none: pooled with the games without Quarks, "without" would count 150 seat-games.
    quark = next(row for row in with_.split("<tr>") if "<td>quark</td>" in row)
    cells = [cell.split(">", 1)[1] for cell in quark.split("</td>")[1:7]]
    assert cells[0] == "30" and cells[1] == "100.0%" and cells[3] == "60" and cells[4] == "0.0%", cells
