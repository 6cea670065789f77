"""The Quirky Circuits bot decides as its plain definition does: the queue filled at random
with the bot's own draws, every order of its hand searched with no memory, the fillings
weighed. The bot keeps rows, plans and decisions and draws many numbers at once; none of it
may change a choice or the draws it takes."""

from __future__ import annotations

import math
from typing import Any

import pytest

import quarkade
from quarkade.core.chance import Chance
from quarkade.core.game import Action, View
from quarkade.games.quirky_circuits import bot as heuristic
from quarkade.games.quirky_circuits.actions import Play, Signal
from quarkade.games.quirky_circuits.components import BACKS, CARD_BY_ID, Direction, Token, card_back, is_quirk
from quarkade.games.quirky_circuits.navigator import WIN, Navigator, navigator
from quarkade.games.quirky_circuits.rules import QUEUE_MINIMUM
from quarkade.tools.match import make_bots


def plain_ends(nav: Navigator, view: View, hand: list[int], chance: Chance, fillings: int = 0) -> list[int]:
    """Each filling of the face-down cards, drawn one by one, and where the queue leaves the robot
    (the bot's number of fillings, unless ``fillings`` says)."""
    robot = view["robot"]
    tokens = [Token(t["token"], (t["space"][0], t["space"][1]), t["raised"]) for t in view["tokens"]]
    start = nav.robot_state(tuple(robot["space"]), Direction[robot["facing"].upper()], tokens)
    queue = view["queue"]
    unseen = list(nav.scenario.deck)
    for card in hand + [CARD_BY_ID[entry["card"]] for entry in queue if entry["card"] is not None]:
        unseen.remove(card)
    hidden = any(entry["card"] is None for entry in queue)
    ends = []
    for _ in range((fillings or heuristic.FILLINGS) if hidden else 1):
        pools = {back: sorted(card for card in unseen if card_back(card) == back) for back in BACKS}
        state = start
        for entry in queue:
            if entry["card"] is None:
                pool = pools[entry["back"]]
                card = pool.pop(chance.below(len(pool)))
            else:
                card = CARD_BY_ID[entry["card"]]
            state = nav.step(state, card)
            if state == WIN:
                break
        ends.append(state)
    return ends


def plain_best(nav: Navigator, state: int, rest: list[int], need: int) -> float:
    """The lowest estimate reachable with the cards ``rest``, every order tried (Quirk cards first)."""
    quirks = [card for card in rest if is_quirk(card)]
    choices = sorted(set(quirks or rest))
    value = nav.estimate(state) if not need or not choices else math.inf
    for card in choices:
        after = nav.step(state, card)
        left = list(rest)
        left.remove(card)
        then = heuristic.WIN_VALUE if after == WIN else plain_best(nav, after, left, max(need - 1, 0))
        then += heuristic.CARD_COST
        if then < value:
            value = then
    return value


def carried_ends(nav: Navigator, view: View, hand: list[int], memory: dict[str, Any]) -> list[int] | None:
    """The ends of the seat's last decision's fillings, each followed by the one card the seat
    has played since, when that card is all that changed; None otherwise."""
    last = memory.get("last")
    queue = view["queue"]
    if last is None or queue[:-1] != last["queue"] or not queue or queue[-1]["seat"] != view.seat:
        return None
    if queue[-1]["card"] is None or view["robot"] != last["robot"] or view["tokens"] != last["tokens"]:
        return None
    card = CARD_BY_ID[queue[-1]["card"]]
    if sorted(hand + [card]) != sorted(last["hand"]):
        return None
    return [WIN if end == WIN else nav.step(end, card) for end in last["ends"]]


def plain_choice(view: View, legal: list[Action], chance: Chance, memory: dict[str, Any]) -> Action:
    """The bot's choice; ``memory`` keeps the fillings of its last decision (the seat's next
    decision of the round follows them rather than drawing new ones)."""
    plays = [action for action in legal if isinstance(action, Play)]
    signals = [action for action in legal if isinstance(action, Signal)]
    stop = next((a for a in signals if a.word == "done"), next((a for a in signals if a.word == "pass"), None))
    if not plays:
        return stop if stop is not None else legal[0]
    nav = navigator(view["scenario"]["id"])
    hand = [CARD_BY_ID[name] for name in view["hand"]]
    ends = carried_ends(nav, view, hand, memory)
    if ends is None:
        ends = plain_ends(nav, view, hand, chance)
    memory["last"] = {"queue": view["queue"], "robot": view["robot"], "tokens": view["tokens"], "hand": hand,
                      "ends": ends} if len(ends) > 1 else None
    players: list[dict[str, Any]] = view["players"]
    seat = view.seat
    assert seat is not None
    others_done = all(p["done"] for p in players if p["seat"] != seat)
    short = max(0, QUEUE_MINIMUM - len(view["queue"])) if others_done and not view["pacing"] else 0
    need = max(short, 0 if players[seat]["played"] else 1)
    left, may_stop = max(need - 1, 0), stop is not None

    def row(start: int) -> list[float]:
        values = []
        for play in plays:
            after = nav.step(start, play.card)
            rest = list(hand)
            rest.remove(play.card)
            values.append(heuristic.WIN_VALUE if after == WIN else plain_best(nav, after, rest, left))
        return values

    if len(ends) == 1:
        if ends[0] == WIN:
            index = -1 if may_stop else 0
        else:
            values = row(ends[0])
            index = values.index(min(values))
            index = -1 if may_stop and nav.estimate(ends[0]) <= values[index] else index
    else:
        scores = {end: heuristic.WIN_SCORE if end == WIN else nav.estimate(end) for end in ends}
        least = min(scores.values())
        weights: dict[int, float] = {}
        for end in ends:
            weights[end] = weights.get(end, 0.0) + math.exp((least - scores[end]) / heuristic.TEMPERATURE)
        winning = weights.pop(WIN, 0.0)
        if winning >= sum(weights.values()) and may_stop:
            index = -1
        elif not weights:
            index = 0
        else:
            totals = [0.0] * len(plays)
            stop_value = 0.0
            for start, weight in weights.items():
                totals = [total + weight * value for total, value in zip(totals, row(start), strict=True)]
                stop_value += weight * nav.estimate(start)
            index = totals.index(min(totals))
            index = -1 if may_stop and stop_value <= totals[index] else index
    return stop if index < 0 and stop is not None else plays[index]


@pytest.mark.parametrize(("scenario", "players", "options"), [
    ("rise-and-shine", 3, {}), ("cafe-botanical", 4, {"pacing": True}), ("hit-the-slopes", 2, {}),
])
def test_the_bot_chooses_as_its_plain_definition_and_draws_the_same(scenario: str, players: int,
                                                                    options: dict[str, Any]) -> None:
    game = quarkade.load("quirky-circuits", players=players, scenario=scenario, **options)
    checked = carried = 0
    for seed in range(3):
        bots = make_bots(game, ["heuristic"] * players, seed)
        memories: list[dict[str, Any]] = [{} for _ in range(players)]
        state = game.new_game(seed)
        while not state.is_over:
            seat = state.to_act[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            bot = bots[seat]
            chance = Chance(bot.chance.seed, bot.chance.counter)
            before = memories[seat].get("last")
            expected = plain_choice(view, legal, chance, memories[seat])
            carried += before is not None and chance.counter == bot.chance.counter and any(
                entry["card"] is None for entry in view["queue"])
            assert bot.choose(view, legal) == expected
            assert bot.chance.counter == chance.counter, "the bot must take exactly the draws it would one by one"
            state.apply(seat, expected)
            checked += 1
    assert checked > 60
    assert carried > 10, "no decision followed the fillings of the one before: the case went untested"



def draws_by_filling(nav: Navigator, view: View, hand: list[int], chance: Chance) -> list[int]:
    """How many numbers each filling of ``plain_ends`` draws (fewer than the face-down cards
    when it meets the goal before the last of them)."""
    used = []
    for _ in range(heuristic.FILLINGS):
        before = chance.counter
        plain_ends(nav, view, hand, chance, fillings=1)
        used.append(chance.counter - before)
    return used


def test_fillings_that_win_early_leave_the_next_fillings_their_own_draws() -> None:
    """A filling that meets the goal before its last face-down card uses fewer draws: the
    fillings after it draw from there on, as one by one. Games near their end meet this."""
    game = quarkade.load("quirky-circuits", players=3, scenario="rise-and-shine")
    early = 0
    for seed in range(6):
        bots = make_bots(game, ["heuristic"] * 3, seed)
        state = game.new_game(seed)
        while not state.is_over:
            seat = state.to_act[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            bot = bots[seat]
            assert isinstance(bot, heuristic.QuirkyCircuitsHeuristic)
            if view["hand"]:
                nav = navigator(view["scenario"]["id"])
                hand = [CARD_BY_ID[name] for name in view["hand"]]
                counter = bot.chance.counter
                used = draws_by_filling(nav, view, hand, Chance(bot.chance.seed, counter))
                hidden = sum(entry["card"] is None for entry in view["queue"])
                early += any(count < hidden for count in used[:-1])  # a filling before the last ended early
                chance = Chance(bot.chance.seed, counter)
                expected = plain_ends(nav, view, hand, chance)
                ends = bot._queue_ends(heuristic._planner(nav.scenario.id), view["robot"], view["tokens"],
                                       view["queue"], tuple(hand))
                assert list(ends) == expected and bot.chance.counter == chance.counter
                bot.chance.counter = counter  # the choice below draws the same again
            state.apply(seat, bot.choose(view, legal))
    assert early > 0, "no filling won before its last face-down card: the case went untested"
