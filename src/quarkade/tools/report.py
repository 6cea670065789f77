"""A balance report for designers: one self-contained HTML file (inline CSS, inline SVG plots)
summing up many seeded bot games of one game.

Sections: win rates by seat and by bot with 95% Wilson intervals, first-player advantage, score
distributions, game length, the game's own figures (``State.statistics`` means), a table per item,
"what wins" (each item's win rate with it and without it, from ``State.seat_items``) and win
rates by category.

The per-item hook: a game that wants a table of its cards, quests or traits gives
``State.statistics`` keys of the form ``"<measure>:<item>"`` (e.g. ``"completed:proton"``,
``"points:proton"``); the report gathers them into one row an item, one column a measure (mean
per game). When an item has both ``worth`` and ``cards spent`` its worth per card spent is
shown too, with ``won`` and ``competed`` its wins per competition, and with ``right`` and
``covered`` (Qwarks' cards and questions) its right answers per card covered, and with
``given`` and ``asked`` (Quirkling's stacks) the cards given per request (``RATIOS``); beside
each ratio, the count it rests on over all the games, and a mark when that is few; a ratio of
a part to its whole (wins per competition) has its 95% interval. A game says what its item
figures measure in ``State.statistics_about``. What a seat played as
(``State.categories``, e.g. Cosmic Encounter's aliens) and the values of a swept option (e.g.
Quirky Circuits' scenarios) give win-rate tables by category.

The plots need matplotlib (the ``report`` extra).
"""

from __future__ import annotations

import html
import io
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from quarkade.core.errors import QuarkadeError
from quarkade.core.game import GameInfo
from quarkade.core.words import figure_words, joined, option_text, plural
from quarkade.tools.intervals import difference_interval, wilson_interval
from quarkade.tools.simulate import GameResult, SimulationResult

__all__ = ["FEW", "ITEM_SEPARATOR", "item_groups", "item_table", "merge_sweep", "render_report", "variant_title",
           "wilson_interval"]

ITEM_SEPARATOR = ":"
# A ratio resting on fewer occurrences than this is marked as resting on few.
FEW = 20
# The "what wins" plot shows at most this many items at each end of its order.
PLOTTED_ENDS = 12


@dataclass(frozen=True)
class Ratio:
    """A derived per-item column: ``top`` per ``bottom``, resting on ``support`` occurrences (the
    count a reader weighs it by: a Quest's worth per card spent rests on the Quests completed,
    not on the cards); ``part``, whether ``top`` counts some of ``bottom`` (a rate, with an interval)."""

    top: str
    bottom: str
    support: str
    part: bool


RATIOS = {"worth per card spent": Ratio("worth", "cards spent", "completed", False),
          "wins per competition": Ratio("won", "competed", "competed", True),
          "wins per count": Ratio("won", "counted", "counted", True),
          "right per cover": Ratio("right", "covered", "covered", True),
          "given per ask": Ratio("given", "asked", "asked", False)}

_CSS = """
body{font-family:system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.8em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.6em 0;display:block;max-width:100%;overflow-x:auto;font-size:.9em}
th,td{padding:.2em .55em;border-bottom:1px solid #eee}th{text-align:left;background:#f4f4f4;font-size:.92em}
td.n{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
code{background:#f4f4f4;padding:.1em .3em}.note{color:#555;font-size:.92em}.warn{color:#8a3b00}
figure{margin:.8em 0}svg{max-width:100%;height:auto}
"""


# ----------------------------------------------------------------- figures
def item_table(statistics: dict[str, float]) -> tuple[list[str], dict[str, dict[str, float]]]:
    """The ``"<measure>:<item>"`` figures as (measures, item -> measure -> mean), with the
    derived ratios of ``RATIOS`` added where both parts are there.

    >>> item_table({"completed:proton": 1.5, "turns": 9.0, "worth:proton": 18.0, "cards spent:proton": 6.0})
    (['completed', 'worth', 'cards spent', 'worth per card spent'], {'proton': {'completed': 1.5, \
'worth': 18.0, 'cards spent': 6.0, 'worth per card spent': 3.0}})
    """
    measures: list[str] = []
    items: dict[str, dict[str, float]] = {}
    for key, value in statistics.items():
        measure, separator, item = key.partition(ITEM_SEPARATOR)
        if not separator or not item:
            continue
        if measure not in measures:
            measures.append(measure)
        items.setdefault(item, {})[measure] = value
    for name, ratio in RATIOS.items():
        if ratio.top in measures and ratio.bottom in measures:
            measures.append(name)
            for row in items.values():
                if row.get(ratio.bottom):
                    row[name] = row.get(ratio.top, 0.0) / row[ratio.bottom]
    return measures, dict(sorted(items.items()))


def merge_sweep(option: str, results: Sequence[tuple[Any, SimulationResult]]) -> SimulationResult:
    """The games of several simulations that differ in one option's value, as one result whose
    games carry that value as a category (every seat labelled with it)."""
    first = results[0][1]
    games = tuple(replace(game, categories={**game.categories, option: (str(value),) * first.players})
                  for value, result in results for game in result.games)
    options = {**first.options, option: "swept: " + ", ".join(str(value) for value, _ in results)}
    return replace(first, options=options, games=games)


def _cooperative(result: SimulationResult) -> bool:
    """Every decided game was won by every seat together (or the game has one seat)."""
    return all(len(game.winners) in (0, result.players) for game in result.games)


# ----------------------------------------------------------------- plots
def _svg(figure: Any) -> str:
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    # No date in the file, so that the same games give the same report.
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    text = buffer.getvalue()
    # Inline SVG needs neither the XML declaration nor the doctype.
    return text[text.index("<svg"):]


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    # Text stays text (smaller files), and ids are salted alike in every run.
    matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "quarkade"})
    import matplotlib.pyplot as plt

    return plt


def _rate_plot(labels: list[str], rows: list[tuple[float, int]], fair: float | None, title: str) -> str:
    """A bar a label, its win rate in percent with its interval, beside the fair share."""
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(max(4.0, 0.6 * len(labels) + 2), 3.2))
    rates = [wins / played for wins, played in rows]
    intervals = [wilson_interval(wins, played) for wins, played in rows]
    # Rounding can put a bound a hair past the rate at 0 or 1; an error bar is never negative.
    below = [max(0.0, rate - low) for rate, (low, _) in zip(rates, intervals, strict=True)]
    above = [max(0.0, high - rate) for rate, (_, high) in zip(rates, intervals, strict=True)]
    axes.bar(range(len(labels)), rates, yerr=[below, above], capsize=4, color="#4c78a8")
    if fair is not None:
        axes.axhline(fair, color="#e45756", linestyle="--", label=f"fair share {fair:.0%}")
        axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0, fontsize="small")
    axes.set_xticks(range(len(labels)), labels, rotation=30 if len(labels) > 6 else 0, ha="right"
                    if len(labels) > 6 else "center")
    axes.set_ylim(0, 1)
    # Ticks at whole percents (steps of 1, 2 or 5 points: 2.5 would be rounded in the labels).
    axes.yaxis.set_major_locator(MaxNLocator(steps=[1, 2, 5, 10]))
    axes.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    axes.set_ylabel("win rate (95% interval)")
    axes.set_title(title)
    return _svg(figure)


def _histograms(series: list[tuple[str, list[float]]], xlabel: str, title: str) -> str:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(6.4, 3.2))
    values = [value for _, data in series for value in data]
    low, high = min(values), max(values)
    whole = all(float(value).is_integer() for value in values)
    # Whole-number data gets one bin a value when that is few enough to read.
    if whole and high - low <= 40:
        bins: Any = [value - 0.5 for value in range(int(low), int(high) + 2)]
    else:
        bins = 30
    for label, data in series:
        axes.hist(data, bins=bins, histtype="step", linewidth=1.6, label=label)
    if len(series) > 1:
        axes.legend(fontsize="small")
    axes.set_xlabel(xlabel)
    axes.set_ylabel("games")
    axes.set_title(title)
    return _svg(figure)


def _item_wins_plot(ordered: list[tuple[str, tuple[tuple[float, int], tuple[float, int]]]], overall: float,
                    title: str, cut_after: int | None = None) -> str:
    """Each item's win rate with it and without it, with their intervals, one row an item, in
    percent, the axis spanning the intervals; ``cut_after``: a line after that many rows, where
    the items between the two ends of the order were left out."""
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(6.4, max(2.4, 0.28 * len(ordered) + 1.2)))
    rows = range(len(ordered))
    ends: list[float] = [overall]
    for side, (colour, label, shift) in enumerate((("#4c78a8", "with it", -0.15), ("#9d9d9d", "without it", 0.15))):
        rates, below, above = [], [], []
        for _, pair in ordered:
            wins, played = pair[side]
            rate = wins / played if played else 0.0
            low, high = wilson_interval(wins, played) if played else (0.0, 0.0)
            rates.append(rate)
            below.append(max(0.0, rate - low))
            above.append(max(0.0, high - rate))
            ends += [low, high]
        axes.errorbar(rates, [row + shift for row in rows], xerr=[below, above], fmt="o", color=colour, capsize=3,
                      markersize=4, label=label)
    axes.axvline(overall, color="#e45756", linestyle="--", label=f"all {overall:.0%}")
    if cut_after is not None:
        axes.axhline(cut_after - 0.5, color="#888888", linewidth=0.8, linestyle=":")
    axes.set_yticks(list(rows), [item for item, _ in ordered], fontsize="small")
    axes.invert_yaxis()
    axes.set_xlim(max(0.0, min(ends) - 0.03), min(1.0, max(ends) + 0.03))
    axes.xaxis.set_major_locator(MaxNLocator(steps=[1, 2, 5, 10]))
    axes.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    axes.set_xlabel("win rate (95% interval)")
    axes.set_title(title)
    # Beside the plot, where no interval can run under it.
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    return _svg(figure)


def _item_wins_sections(result: SimulationResult, cooperative: bool) -> list[str]:
    """"What wins", once for each value of a swept option (its items' rates with and without
    them differ from one value to the other, and an item of one value only would be compared
    with the other value's games), else once."""
    swept = next((kind for kind in result.wins_by_category() if _swept(result, kind)), None)
    if swept is None:
        sections = [_item_wins_section(result, cooperative)]
    else:
        values = (value.strip() for value in str(result.options[swept]).removeprefix("swept:").split(","))
        sections = [_item_wins_section(replace(result, games=tuple(game for game in result.games
                                                                   if game.categories[swept][0] == value)),
                                       cooperative, f"{swept} {value}") for value in values]
    return [section for section in sections if section]  # a game that names no items has none


def _item_wins_section(result: SimulationResult, cooperative: bool, among: str | None = None) -> str:
    """"What wins": each item's win rate with it and without it (``State.seat_items``), the
    difference with its interval, and a summary of what stands clear of chance; ``among``
    names the games it counts (a swept option's value), else it counts them all."""
    table = result.wins_by_item(together=cooperative)
    if not table:
        return ""
    unit = "games" if cooperative else "seat-games"

    def enough(entry: tuple[str, tuple[tuple[float, int], tuple[float, int]]]) -> bool:
        return min(entry[1][0][1], entry[1][1][1]) >= FEW

    # The items resting on few games last, for chance alone puts them at either end.
    ordered = sorted(table.items(), key=lambda entry: (not enough(entry), _rate(*entry[1][1]) - _rate(*entry[1][0]),
                                                       entry[0]))
    rows, clear = [], []
    for entry in ordered:
        item, ((won, played), (lost_won, lost_played)) = entry
        cells: list[object] = [item]
        for wins, count in ((won, played), (lost_won, lost_played)):
            if count:
                low, high = wilson_interval(wins, count)
                few = " (few)" if count < FEW else ""
                cells += [count, f"{wins / count:.1%}{few}", f"{low:.1%} – {high:.1%}"]
            else:
                cells += [0, "–", "–"]
        if played and lost_played:
            difference = _rate(won, played) - _rate(lost_won, lost_played)
            low, high = difference_interval((won, played), (lost_won, lost_played))
            mark = " clear" if enough(entry) and (low > 0 or high < 0) else ""
            if mark:
                clear.append((item, difference))
            cells += [f"{_points(difference)}{mark}", f"{_points(low)} – {_points(high)}"]
        else:
            cells += ["–", "–"]
        rows.append(cells)
    # The win rate of all the seat-games (or games) together: one win shared out in each decided game.
    decided = len(result.games) - result.undecided
    overall = decided / len(result.games) / (1 if cooperative else result.players)
    about = result.items_about or "had the item"
    who = "A game" if cooperative else "A seat-game"
    note = (f"{who} counts as with an item when {'the table' if cooperative else 'that seat'} {about} in it. "
            f"Sorted by how much more often it is won with the item than without, those with fewer than {FEW} "
            f"{unit} on either side last; a rate on fewer than {FEW} is marked (few). A difference whose 95% "
            "interval (Newcombe's, from the two Wilson intervals) leaves out 0 is marked clear. This is how often "
            "winning goes with an item, not proof that the item wins: an item a winning player takes more often "
            "rises with it.")
    head = ["item", f"{unit} with", "win rate with", "95% interval", f"{unit} without", "win rate without",
            "95% interval", "difference (percentage points)", "95% interval"]
    shown = [entry for entry in ordered if enough(entry)]
    title = "What wins: win rates with and without each item" + (f", the games of {among}" if among else "")
    section = f'<h2>{_e(title)}</h2><p class="note">{_e(note)}</p>'
    section += "".join(f"<p>{_e(said)}</p>" for said in _item_wins_summary(result, shown, clear, unit, cooperative))
    section += _table(head, rows)
    # The plot: the items resting on enough games on both sides, the ends of the order when they are many.
    caption = f"The items with at least {FEW} {unit} with and without them"
    cut = len(shown) > 2 * PLOTTED_ENDS
    if cut:
        caption += (f": of {len(shown)}, the {PLOTTED_ENDS} with the largest differences and the {PLOTTED_ENDS} "
                    f"most negative; the {len(shown) - 2 * PLOTTED_ENDS} between them are in the table")
        shown = shown[:PLOTTED_ENDS] + shown[-PLOTTED_ENDS:]
    if shown:
        plot = _item_wins_plot(shown, overall, "Win rate with and without each item" + (f" ({among})" if among else ""),
                               PLOTTED_ENDS if cut else None)
        section += f'<figure>{plot}<figcaption class="note">{_e(caption)}.</figcaption></figure>'
    return section


def _points(difference: float) -> str:
    """A difference of rates in signed percentage points, one decimal: a difference that rounds
    to nothing is +0.0, never -0.0.

    >>> _points(0.4123), _points(-0.0004), _points(-0.05)
    ('+41.2', '+0.0', '-5.0')
    """
    return f"{round(difference * 100, 1) + 0.0:+.1f}"


# A summary names at most this many clear items of each sign.
SUMMARY_ITEMS = 6


def _item_wins_summary(result: SimulationResult, shown: list[tuple[str, tuple[tuple[float, int], tuple[float, int]]]],
                       clear: list[tuple[str, float]], unit: str, cooperative: bool) -> list[str]:
    """What the "what wins" table says, in sentences: the clear differences, how many chance
    alone would give, the differences' average, the items no win went without, and what the
    numbers mix (bots of several kinds, an option's swept values, seats of one game)."""
    said = []
    up = [f"{item} {_points(difference)}" for item, difference in clear if difference > 0]
    down = [f"{item} {_points(difference)}" for item, difference in clear if difference < 0]
    if clear:
        parts = []
        if up:
            parts.append("won more often with " + ", ".join(up[:SUMMARY_ITEMS]) + (" …" if len(up) > SUMMARY_ITEMS
                                                                                 else ""))
        if down:
            parts.append("less often with " + ", ".join(down[-SUMMARY_ITEMS:][::-1]) +
                         (" …" if len(down) > SUMMARY_ITEMS else ""))
        said.append(f"Clear of chance, of {plural(len(shown), 'item')} on {FEW} {unit} or more each way: "
                    + "; ".join(parts) + " (percentage points).")
    elif shown:
        said.append(f"No item's difference is clear of chance, of {plural(len(shown), 'item')} on {FEW} {unit} "
                    "or more each way.")
    if len(shown) >= 20:
        said.append(f"At 95% each, about {len(shown) / 20:.0f} of {len(shown)} would look clear by chance alone.")
    if len(shown) >= 10:  # a baseline across many items
        mean = sum(_rate(*pair[0]) - _rate(*pair[1]) for _, pair in shown) / len(shown)
        if abs(mean) >= 0.01:
            said.append(f"On average an item's difference is {_points(mean)} points: "
                        + ("a seat that plays on longer, or does more, has more items; judge each against that."
                           if mean > 0 else "having an item goes with losing, on the whole; judge each against that."))
            above, below = [], []
            for item, pair in shown:
                low, high = difference_interval(*pair)
                difference = _rate(*pair[0]) - _rate(*pair[1])
                if low > mean:
                    above.append((difference, item))
                elif high < mean:
                    below.append((difference, item))
            if above or below:

                def listed(entries: list[tuple[float, str]]) -> str:  # the furthest first, at most a few
                    named = ", ".join(f"{item} {_points(d)}" for d, item in entries[:SUMMARY_ITEMS])
                    return named + (" …" if len(entries) > SUMMARY_ITEMS else "")

                parts = [f"above it {listed(sorted(above, reverse=True))}"] if above else []
                parts += [f"below it {listed(sorted(below))}"] if below else []
                said.append("Clear of that average (their intervals leave it out): " + "; ".join(parts) + ".")
            else:
                said.append("No item's difference is clear of that average.")
    needed = [item for item, ((won, _), (lost_won, lost_played)) in shown if won > 0 and lost_won == 0]
    if needed:
        said.append(f"No {unit[:-1]} without {joined(needed)} was won: a win needs "
                    f"{'it' if len(needed) == 1 else 'each'} (the rulebook may say so: a rule, not a finding).")
    if len(set(result.seats)) > 1:
        said.append("The seats hold different bots: an item the stronger bot takes more often rises with that "
                    "bot's wins. Compare items within one bot's games (--seats with one kind).")
    swept = [option for option, value in result.options.items() if str(value).startswith("swept:")]
    if swept:
        said.append(f"The games of every value of {', '.join(swept)} are pooled here.")
    if not cooperative and result.players > 1:
        said.append("The seats of one game are not independent (one of them wins), so the intervals are a little "
                    "narrower than they should be.")
    kinds = sorted({kind for game in result.games for kind in game.categories})
    if kinds:
        said.append(f"The win rates by {joined(kinds)} are in their own table{'s' if len(kinds) > 1 else ''} below.")
    return said


def _swept(result: SimulationResult, option: str) -> bool:
    """Whether ``option`` is an option whose values were swept (``merge_sweep``)."""
    return str(result.options.get(option, "")).startswith("swept:")


def _sweep_section(result: SimulationResult, option: str) -> str:
    """A swept option's values side by side in a game the seats play against each other: the
    seats of one game all play the same value, so its win rate would be the fair share whatever
    the value; what a value changes is who wins (seat 0, each bot), how long a game
    lasts, and the game's own figures."""
    by_value = _by_value(result, option)
    words = _value_words(result, option)
    labels = [words.get(value, value) for value in by_value]
    kinds = sorted(set(result.seats)) if len(set(result.seats)) > 1 else []  # each bot's rate, if several
    head = ["value", "games", "seat 0's win rate", "95% interval", *(f"win rate of {kind}" for kind in kinds),
            "steps a game", "no winner"]
    rows, firsts = [], []
    for label, games in zip(labels, by_value.values(), strict=True):
        first = _shares(games, (0,))
        firsts.append((first, len(games)))
        low, high = wilson_interval(first, len(games))
        row: list[object] = [label, len(games), f"{first / len(games):.1%}", f"{low:.1%} – {high:.1%}"]
        for kind in kinds:
            seats = [seat for seat, held in enumerate(result.seats) if held == kind]
            won = _shares(games, seats)
            row.append(f"{won / (len(games) * len(seats)):.1%}")
        row += [f"{statistics.fmean(game.steps for game in games):.1f}",
                f"{sum(1 for game in games if not game.winners) / len(games):.1%}"]
        rows.append(row)
    fair = 1 / result.players
    who = "seat 0's win rate" + (", each bot's" if kinds else "")
    section = (f"<h2>By {_e(option)}</h2><p class=\"note\">Every seat of a game plays the same {_e(option)}, so a "
               f"value's win rate over its seats is the fair share ({fair:.1%}) whatever the value: here is what each "
               f"value changes instead, {_e(who)} (the fair share is {fair:.1%}), its games' length and its "
               "figures.</p>")
    section += _table(head, rows)
    section += f"<figure>{_rate_plot(labels, firsts, fair, f'Seat 0 win rate by {option}')}</figure>"
    return section + _seats_by_value(result, by_value, labels, fair) + _figures_by_value(result, by_value, labels)


def _shares(games: Sequence[GameResult], seats: Sequence[int]) -> float:
    """The wins of ``seats`` over ``games``, a win shared by several seats counting its share."""
    return sum(1 / len(game.winners) for game in games for seat in seats if seat in game.winners)


def _seats_by_value(result: SimulationResult, by_value: dict[str, list[GameResult]], labels: list[str],
                    fair: float) -> str:
    """Every seat's win rate under each value, with its 95% interval: the seat advantage each
    value gives (a value may favour the first seat, or the last)."""
    rows = []
    for label, games in zip(labels, by_value.values(), strict=True):
        row: list[object] = [label]
        for seat in range(result.players):
            won = _shares(games, (seat,))
            low, high = wilson_interval(won, len(games))
            row.append(f"{won / len(games):.1%} ({low:.1%} – {high:.1%})")
        rows.append(row)
    return (f"<p class=\"note\">Each seat's win rate under each value, with its 95% interval (the fair share is "
            f"{fair:.1%}).</p>" + _table(["value", *(f"seat {seat}" for seat in range(result.players))], rows))


def _info(game_id: str) -> GameInfo | None:
    """A game's information, or None for a result of a game no longer registered (the report
    then says what the result alone holds)."""
    from quarkade.core.registry import game_class

    try:
        return game_class(game_id).info
    except QuarkadeError:
        return None


def _value_words(result: SimulationResult, option: str) -> dict[str, str]:
    """Each value of a game's option in the words a lobby shows it in (``OptionSpec.choice_labels``:
    Quirky Circuits' "1. Rise and Shine (Gizmo)"), by its text."""
    info = _info(result.game)
    spec = next((spec for spec in info.options if spec.name == option), None) if info is not None else None
    return {option_text(value): words for value, words in spec.choice_labels} if spec is not None else {}


def _by_value(result: SimulationResult, option: str) -> dict[str, list[GameResult]]:
    """A swept option's games by its value, in the order the values were swept."""
    by_value: dict[str, list[GameResult]] = {}
    for game in result.games:
        by_value.setdefault(game.categories[option][0], []).append(game)
    return by_value


def _figures_by_value(result: SimulationResult, by_value: dict[str, list[GameResult]], labels: list[str]) -> str:
    """The game's own figures, means per game, a column a value."""
    figures = [{key: value for key, value in replace(result, games=tuple(games)).statistics_per_game().items()
                if ITEM_SEPARATOR not in key} for games in by_value.values()]
    names = sorted({key for means in figures for key in means})
    if not names:
        return ""
    return ("<p class=\"note\">The game's figures, means per game, by value.</p>" +
            _table(["figure", *labels], [[figure_words(name), *(_number(means.get(name, 0.0)) for means in figures)]
                                         for name in names]))


def _cooperative_sweep_section(result: SimulationResult, option: str) -> str:
    """A swept option of a table that wins together (Quirky Circuits' scenarios): each value's
    win rate, its games' length and the game's figures, in the order the values were swept."""
    by_value = _by_value(result, option)
    words = _value_words(result, option)
    labels = [words.get(value, value) for value in by_value]
    rows: list[list[object]] = []
    counted: list[tuple[float, int]] = []
    for label, games in zip(labels, by_value.values(), strict=True):
        won = float(sum(1 for game in games if game.winners))
        counted.append((won, len(games)))
        rows.append([label, *_rate_row(won, len(games), few=True),
                     f"{statistics.fmean(game.steps for game in games):.1f}"])
    section = (f"<h2>Win rates by {_e(option)}</h2><p class=\"note\">Each value in its own games, in the order "
               f"the values were swept; a rate on fewer than {FEW} games is marked (few).</p>")
    section += _table([option, "games", "wins", "win rate", "95% interval", "steps a game"], rows)
    section += f"<figure>{_rate_plot(labels, counted, None, f'Win rate by {option}')}</figure>"
    return section + _figures_by_value(result, by_value, labels)


def _rate(wins: float, played: int) -> float:
    return wins / played if played else 0.0


# ----------------------------------------------------------------- HTML
def _e(text: object) -> str:
    return html.escape(str(text))


def _table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    def cell(value: object) -> str:
        numeric = isinstance(value, int | float) or bool(re.fullmatch(r"[-+0-9.,%–\s]+( \(few\)| clear)?", str(value)))
        return f'<td class="n">{_e(value)}</td>' if numeric else f"<td>{_e(value)}</td>"

    header = "".join(f"<th>{_e(name)}</th>" for name in head)
    body = "".join("<tr>" + "".join(cell(value) for value in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>"


def _rate_row(wins: float, played: int, few: bool = False) -> list[object]:
    """A count, its wins, their rate and its interval; ``few``: the rate marked when it rests on
    fewer than ``FEW``."""
    low, high = wilson_interval(wins, played)
    mark = " (few)" if few and played < FEW else ""
    # Shared wins make fractions: two decimals at most.
    return [played, f"{round(wins, 2):g}", f"{wins / played:.1%}{mark}", f"{low:.1%} – {high:.1%}"]


def _number(value: float) -> str:
    return f"{value:.3g}" if abs(value) < 100 else f"{value:,.1f}"


def item_groups(measures: list[str], items: dict[str, dict[str, float]]) -> list[tuple[list[str], list[str]]]:
    """The items as groups measured alike, each (its measures, its items): a game's cards and its
    questions, say, each in a table of their own. An item lacking a measure of a group (it never
    happened to it) joins the group whose measures hold all of its own, when there is one only.

    >>> item_groups(["asked", "right", "points"], {"q1": {"right": 1.0, "points": 2.0}, "eyes": {"asked": 1.0,
    ... "right": 0.5}, "q2": {"points": 1.0}})
    [(['right', 'points'], ['q1', 'q2']), (['asked', 'right'], ['eyes'])]
    """
    by_set: dict[frozenset[str], list[str]] = {}
    for item, row in items.items():
        by_set.setdefault(frozenset(measure for measure in measures if measure in row), []).append(item)
    largest = sorted(by_set, key=lambda kinds: (-len(kinds), sorted(kinds)))
    merged: dict[frozenset[str], list[str]] = {}
    for kinds in largest:
        within = [other for other in merged if kinds < other]
        merged.setdefault(within[0] if len(within) == 1 else kinds, []).extend(by_set[kinds])
    groups = [([measure for measure in measures if measure in kinds], sorted(names)) for kinds, names in merged.items()]
    return sorted(groups, key=lambda group: -len(group[1]))


def _item_section(measures: list[str], items: dict[str, dict[str, float]], games: int, about: str = "") -> str:
    """The "By item" tables, one a group of items measured alike (``item_groups``): the means per
    game (over every seat of it), and beside each ratio the count it rests on over all the
    games, a ratio on fewer than ``FEW`` marked as such; ``about``, what the game's measures are."""
    note = "Means per game, every seat's together; a ratio is over all the games."
    if any(name in measures for name in RATIOS):
        note += (f" Beside each ratio, n: the count it rests on, over all the games; a ratio on fewer than {FEW} is "
                 "marked (few), for chance alone moves it a long way; a rate has its 95% Wilson interval.")
    tables = [_item_group(group, {item: items[item] for item in names}, games)
              for group, names in item_groups(measures, items)]
    about_html = f'<p class="note">{_e(about)}</p>' if about else ""
    return f'<h2>By item</h2><p class="note">{_e(note)}</p>{about_html}' + "".join(tables)


def _item_group(measures: list[str], items: dict[str, dict[str, float]], games: int) -> str:
    """One table of ``_item_section``, and what every item of it has alike."""
    ratios = {name: ratio for name, ratio in RATIOS.items() if name in measures}
    # A measure every item has alike tells nothing of the items, nor a ratio over it (the
    # numerator again, scaled): both are said once beside the table instead of as a column.
    alike = {measure: values.pop() for measure in measures if measure not in ratios
             for values in [{round(row.get(measure, 0.0), 9) for row in items.values()}]
             if len(items) > 1 and len(values) == 1}
    measures = [measure for measure in measures
                if measure not in alike and (measure not in ratios or ratios[measure].bottom not in alike)]
    ratios = {name: ratio for name, ratio in ratios.items() if name in measures}
    head = ["item"]
    for measure in measures:
        if measure in ratios:
            head += [measure, *(["95%"] if ratios[measure].part else []), f"n ({ratios[measure].support})"]
        else:
            head.append(measure)
    rows = []
    for item, row in items.items():
        cells: list[object] = [item]
        for measure in measures:
            ratio = ratios.get(measure)
            if ratio is None:
                cells.append(_number(row[measure]) if measure in row else "–")
                continue
            count = round(row.get(ratio.support, 0.0) * games)
            if measure not in row:
                cells += ["–"] * (3 if ratio.part else 2)
                continue
            cells.append(_number(row[measure]) + (" (few)" if count < FEW else ""))
            if ratio.part:
                low, high = wilson_interval(row.get(ratio.top, 0.0) * games, row[ratio.bottom] * games)
                cells.append(f"{_number(low)} – {_number(high)}")
            cells.append(count)
        rows.append(cells)
    if len(head) == 1:  # nothing tells the items apart: the sentence alone
        return '<p class="note">' + _e(f"Every item ({joined(list(items))}) has the same " + joined(
            [f"{measure} ({_number(value)} a game)" for measure, value in alike.items()]) + ".") + "</p>"
    table = _table(head, rows)
    if alike:  # said before its table, which it belongs to
        table = '<p class="note">' + _e("Every item of the table below has the same " + joined(
            [f"{measure} ({_number(value)} a game)" for measure, value in alike.items()]) +
            ", left out of it.") + "</p>" + table
    return table


def _seat_advantage(result: SimulationResult, wins: list[float], fair: float, scored: bool) -> str:
    """Seat 0's win rate (the seat that acts first in the game's first round) against the fair
    share, then every seat's whose interval leaves it; and, where the scores are points, how
    many games ended with the best score shared and to whom the game's tie-break gave them."""
    count = len(result.games)

    def verdict(seat: int) -> tuple[str, float, float, float]:
        low, high = wilson_interval(wins[seat], count)
        return ("above" if low > fair else "below" if high < fair else "within reach of"), wins[seat] / count, low, high

    said, rate, low, high = verdict(0)
    parts = [f"<p>Seat 0, the first in the order of the seats (whether it also starts is the game's: some "
             f"draw who starts), wins <b>{rate:.1%}</b> of the games (95% "
             f"interval {low:.1%} – {high:.1%}), {said} its fair share of {fair:.1%}: {rate / fair:.2f} times the "
             "fair share.</p>"]
    off = [(seat, *verdict(seat)) for seat in range(1, result.players)]
    off = [entry for entry in off if entry[1] != "within reach of"]
    if off:
        parts.append("<p>Other seats apart from the fair share: " + _e(joined(
            [f"seat {seat} wins {rate:.1%} ({low:.1%} – {high:.1%}), {said} it"
             for seat, said, rate, low, high in off]))
            + ".</p>")
    else:
        parts.append("<p>Every other seat's interval holds the fair share.</p>")
    if scored:
        tied = [game for game in result.games if game.scores and game.scores.count(max(game.scores)) > 1]
        if tied:
            by_seat = [0.0] * result.players
            for game in tied:
                for seat in game.winners:
                    by_seat[seat] += 1 / len(game.winners)
            given = joined([f"seat {seat} {round(won, 2):g}" for seat, won in enumerate(by_seat)])
            parts.append(f"<p>{plural(len(tied), 'game')} ({len(tied) / count:.1%}) ended with the best score "
                         f"shared by several seats; the game's tie-break gave them to: {_e(given)}.</p>")
        else:
            parts.append("<p>No game ended with the best score shared.</p>")
    if len(set(result.seats)) > 1:
        parts.append('<p class="note">The seats hold different bots, so this mixes the seat with the bot.</p>')
    return "".join(parts)


def _scores(result: SimulationResult, seat_names: list[str], cooperative: bool) -> str:
    """The scores' spread by seat, as a table and histograms (a table that scores together,
    every seat the same score in every game, shown once)."""
    together = cooperative and result.players > 1 and all(len(set(game.scores)) == 1 for game in result.games)
    scored = [("the table", 0)] if together else [(name, seat) for seat, name in enumerate(seat_names)]
    spreads = [result.score_spread(seat) for _, seat in scored]
    table = _table(["seat", "min", "mean", "median", "max", "stdev"],
                   [[name, f"{s.minimum:g}", f"{s.mean:.2f}", f"{s.median:g}", f"{s.maximum:g}", f"{s.stdev:.2f}"]
                    for (name, _), s in zip(scored, spreads, strict=True)])
    scores = [(name, [game.scores[seat] for game in result.games]) for name, seat in scored]
    heading = "Score distribution of the table" if together else "Score distribution by seat"
    return table + f"<figure>{_histograms(scores, 'final score', heading)}</figure>"


def _bots_note(result: SimulationResult) -> str:
    """That the figures are the game as these bots play it, with what each never does."""
    from quarkade.agents.base import bot_about, bot_limits

    about = bot_about(result.game)
    said = [f"{kind}: {about.get(kind.partition(':')[0], 'a bot of your own')}"
            + (f"; {limits}" if (limits := bot_limits(result.game, kind)) else "")
            for kind in dict.fromkeys(result.seats)] if _info(result.game) is not None else []
    bots = f" The bots: {'. '.join(said)}." if said else ""
    return (f'<p class="note">These are games between bots: every figure is the game as they play it, not as '
            f"people would (a move a bot never makes looks like a weak one here).{_e(bots)}</p>")


def _player_counts(result: SimulationResult) -> str:
    """That the games are of one player count, where the game takes others (whose figures may
    differ: another report at ``--seats`` of that many)."""
    info = _info(result.game)
    if info is None or info.min_players == info.max_players:
        return ""
    return (f'<p class="note">Every game here is of {plural(result.players, "player")}; {_e(info.title)} takes '
            f"{info.min_players} to {info.max_players}, and the figures at another count may differ (a report "
            "with as many --seats gives them).</p>")


def _made_by(game_id: str) -> str:
    """The code a report was made with: Quarkade's version and the game's rules version."""
    import quarkade

    info = _info(game_id)
    rules = f", {game_id} rules version {info.rules_version}" if info is not None else ""
    return f"Quarkade {quarkade.__version__}{rules}"


def variant_title(title: str, game_id: str, options: dict[str, Any]) -> str:
    """A game's title with the options that differ from their defaults, in the lobby's words.

    >>> variant_title("Cosmic Encounter", "cosmic-encounter", {"quarks": True, "edicts": False, "deck": "eon"})
    'Cosmic Encounter with Quarks, without Edicts'
    """
    info = _info(game_id)
    words = []
    for spec in info.options if info is not None else ():
        value = options.get(spec.name, spec.default)
        if value == spec.default or str(value).startswith("swept:"):
            continue
        if spec.kind is bool:
            words.append(f"{'with' if value else 'without'} {spec.title}")
        else:
            said = dict(spec.choice_labels).get(value, option_text(value))
            words.append(f"{spec.title}: {said}")
    return title + (" " if words and words[0].startswith("with") else ", ") * bool(words) + ", ".join(words)


def render_report(result: SimulationResult, title: str, command: str, clocked: Sequence[str] = (),
                  per_value: int | None = None) -> str:
    """The report of ``result`` as one HTML page; ``command`` is how to make it again, but for
    the bots ``clocked`` (searches on a time budget, which do not play a deal the same way
    twice); ``per_value``, the games of each value of a swept option, played on the same seeds."""
    count, players = len(result.games), result.players
    cooperative = _cooperative(result)
    fair = None if cooperative else 1 / players
    # A win of the whole table counts 1/players for each seat: scaled back, a rate is the table's.
    share = players if cooperative else 1
    seat_names = [f"seat {seat} ({kind})" for seat, kind in enumerate(result.seats)]
    deals = count if per_value is None else per_value
    seeds = f"seeds {result.first_seed}–{result.first_seed + deals - 1}" + (
        "" if per_value is None else ", the same for each value of the swept option")
    same = ("the same command gives the same games with the same code" if not clocked else
            f"the same command deals the same games, but {joined(sorted(set(clocked)))} "
            f"{'searches' if len(set(clocked)) == 1 else 'search'} on a time budget and so "
            "does not play them the same way twice")
    shared = "" if cooperative else " A win shared by several seats counts as its share for each."
    parts = [f"<h1>{_e(title)}: balance report</h1>",
             f"<p>{plural(count, 'game')}, {plural(players, 'player')}, seats {_e(', '.join(result.seats))}, "
             f"{seeds}, options "
             f"{_e(', '.join(f'{k}={option_text(v)}' for k, v in result.options.items()) or 'the defaults')}.</p>",
             f"<p>Made with <code>{_e(command)}</code> ({_e(_made_by(result.game))}); {_e(same)}.</p>",
             _player_counts(result),
             f'<p class="note">Intervals are 95% Wilson score intervals.{shared}</p>',
             _bots_note(result)]

    # Games a limit ended (Quirks' turn limit, a house rule) were declared, not played out.
    figures = result.statistics_per_game()
    limited = {key: value for key, value in figures.items() if key.endswith("limit_reached")}
    for key, value in limited.items():
        if value > 0:
            parts.append(f'<p class="warn">{value:.1%} of the games ended when a limit was reached '
                         f'({_e(figure_words(key))}): '
                         "their results were declared by the house rule, not played out to the rulebook's end.</p>")

    # Win rates by seat and by bot.
    wins = [won * share for won in result.wins_by_seat()]
    seat_rows = [(won, count) for won in wins]
    parts.append("<h2>Win rates by seat</h2>")
    if players == 1:
        parts.append('<p class="note">One seat: the rate is how often the game is won.</p>')
    elif cooperative:
        parts.append('<p class="note">Every seat wins or loses together here: the table\'s rate, once.</p>')
    rows = ([[f"the table ({', '.join(result.seats)})", *_rate_row(wins[0], count)]] if cooperative else
            [[name, *_rate_row(won, count)] for name, won in zip(seat_names, wins, strict=True)])
    parts.append(_table(["seat", "games", "wins", "win rate", "95% interval"], rows))
    if result.undecided:
        ended = "were lost" if cooperative else "ended with no winner"
        parts.append(f"<p>{plural(result.undecided, 'game')} ({result.undecided / count:.1%}) {ended}.</p>")
    if not cooperative:  # a table that wins together has one rate: the row says it
        short = [f"seat {seat}" for seat in range(players)]
        parts.append(f"<figure>{_rate_plot(short, seat_rows, fair, 'Win rate by seat')}</figure>")
    kinds = sorted(result.wins_by_kind().items())
    parts.append("<h2>Win rates by bot</h2>")
    if players == 1:
        parts.append(f"<p>One seat, played by {_e(result.seats[0])}: its win rate is the seat's above.</p>")
    elif cooperative:
        # A seat-game is not an independent trial when the seats win together.
        parts.append("<p>Not apart from the seats: the seats win together.</p>")
    elif len(kinds) == 1:
        parts.append(f"<p>One bot, {_e(kinds[0][0])}, at every seat: its win rate is the fair share by "
                     "construction.</p>")
    else:
        parts.append(_table(["bot", "seat-games", "wins", "win rate", "95% interval"],
                            [[kind, *_rate_row(won, played)] for kind, (won, played) in kinds]))

    # Seat advantage.
    parts.append("<h2>Seat advantage</h2>")
    if fair is None:
        parts.append("<p>Not measured: " + ("one seat plays." if players == 1 else
                     "the seats do not compete with one another.") + "</p>")
    else:
        parts.append(_seat_advantage(result, wins, fair, not result.scores_are_wins))

    # Scores and length.
    parts.append("<h2>Scores</h2>")
    if result.scores_are_wins:
        whose = ("1 for a win, 0 for a loss" if players == 1 else "1 for every seat when the table wins, 0 when it "
                 "loses" if cooperative else "1 for the winner, 0 for the others")
        parts.append(f"<p>The score is the win: {whose} (see the win rates).</p>")
    else:
        parts.append(_scores(result, seat_names, cooperative))
    length = result.length_spread()
    parts.append("<h2>Game length</h2>")
    parts.append("<p>Steps a game (every decision of every seat, the game's prompts included): "
                 f"mean {length.mean:.1f}, median {length.median:g}, "
                 f"min {length.minimum:g}, max {length.maximum:g}, stdev {length.stdev:.1f}.</p>")
    steps = [("steps", [float(game.steps) for game in result.games])]
    parts.append(f"<figure>{_histograms(steps, 'steps a game', 'Game length')}</figure>")

    # The game's own figures, its items and its categories.
    plain = {key: value for key, value in figures.items() if ITEM_SEPARATOR not in key}
    measures, items = item_table(figures)
    about = result.statistics_about  # said where the figures it explains are: the items', if any
    if plain:
        parts.append("<h2>The game's figures</h2><p class=\"note\">Means per game of what the game counts in each "
                     "(every seat's together).</p>")
        if about and not items:
            parts.append(f'<p class="note">{_e(about)}</p>')
        parts.append(_table(["figure", "mean per game"],
                            [[figure_words(key), _number(value)] for key, value in plain.items()]))
    if items:
        parts.append(_item_section(measures, items, count, about))
    parts.extend(_item_wins_sections(result, cooperative))
    for kind, table in result.wins_by_category().items():
        if not cooperative and _swept(result, kind):
            # Every seat of a game plays the same value: its win rate is the fair share by construction.
            parts.append(_sweep_section(result, kind))
            continue
        if _swept(result, kind):  # a table that wins together: each value's rate, in the option's order
            parts.append(_cooperative_sweep_section(result, kind))
            continue
        # Together, the seats share each win and each game: counted by games, not by seats.
        ordered = sorted(((label, (won, played // share)) for label, (won, played) in table.items()),
                         key=lambda entry: (-entry[1][0] / entry[1][1], entry[0]))
        parts.append(f"<h2>Win rates by {_e(kind)}</h2>")
        if kind in result.categories_about:
            parts.append(f'<p class="note">{_e(result.categories_about[kind])}</p>')
        notes = [f"a rate on fewer than {FEW} {'games' if cooperative else 'seat-games'} is marked (few)"]
        if len(set(result.seats)) > 1 and not cooperative:
            notes.append("the seats hold different bots, so a label the stronger bot holds more often rises with "
                         "that bot's wins")
        said = "; ".join(notes)
        parts.append(f'<p class="note">{_e(said[0].upper() + said[1:])}.</p>')
        parts.append(_table([kind, "games" if cooperative else "seat-games", "wins", "win rate", "95% interval"],
                            [[label, *_rate_row(won, played, few=True)] for label, (won, played) in ordered]))
        labels = [label for label, _ in ordered]
        plot = _rate_plot(labels, [row for _, row in ordered], fair, f"Win rate by {kind}")
        parts.append(f"<figure>{plot}</figure>")

    body = "\n".join(parts)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{_e(title)}: balance report'
            f"</title><style>{_CSS}</style></head><body>\n{body}\n</body></html>\n")
