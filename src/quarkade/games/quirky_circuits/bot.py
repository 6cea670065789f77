"""The cooperative heuristic bot of Quirky Circuits.

It plays from its view alone: the board, the robot, its own hand, the backs of the queue's
cards and the faces of those it played itself. It fills the face-down cards of the queue a
few times at random, each time with unaccounted-for cards of the same back (move or turn),
and follows the robot through the queue. Then it plans its own cards: for each card it may
play, the best it could still reach by playing more of its hand (or stopping), measured by
``Navigator.estimate`` (about how many cards the goal still needs), averaged over the
fillings. It says done (or passes, or ends its pacing turn) when stopping is at least as
good as any card, as soon as the minimums allow. It never uses the signals "stop" and
"Beep-boop": they tell nothing about the cards.
"""

from __future__ import annotations

import math
import struct
from functools import cache
from operator import mod
from typing import Any, Final

from quarkade.core.bots import HEURISTIC_ABOUT, Bot, describe_limits, register_bot
from quarkade.core.game import Action, Game, View
from quarkade.games.quirky_circuits.actions import Play, Signal
from quarkade.games.quirky_circuits.components import (
    BACKS,
    CARD_BY_ID,
    CARD_TYPES,
    QUIRK,
    Direction,
    Token,
    card_back,
    is_quirk,
)
from quarkade.games.quirky_circuits.navigator import WIN, Navigator, navigator
from quarkade.games.quirky_circuits.rules import QUEUE_MINIMUM

FILLINGS: Final = 8  # random fillings of the face-down queue cards per decision
TEMPERATURE: Final = 2.0  # how much likelier a filling is that leaves the robot nearer its goal
WIN_SCORE: Final = -2.0  # a filling that already meets the goal, counted as slightly better than home
WIN_VALUE: Final = -1000.0  # a queue that meets the goal beats any estimate
CARD_COST: Final = 0.001  # of two equal plans, the shorter: fewer cards for the others to disturb
INFINITY: Final = float("inf")

DIRECTION_BY_WORD: Final = {direction.word: direction for direction in Direction}
FACING: Final = {direction.word: int(direction) for direction in Direction}
BACK_INDEX: Final = {back: index for index, back in enumerate(BACKS)}
_CARD_OF: Final = CARD_BY_ID.__getitem__  # a card by its name, mapped over a hand in C
CARDS_OF_BACK: Final = tuple(tuple(card for card in range(CARD_TYPES) if card_back(card) == back) for back in BACKS)


class QuirkyCircuitsHeuristic(Bot):
    kind = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        # The game's scenario and mode are those of every view the bot is shown: read once.
        self._planner = _planner(game.options["scenario"])
        self._pacing: bool = game.options["pacing"]

    def choose(self, view: View, legal: list[Action]) -> Action:
        plays: list[Play] = []
        cards: list[int] = []
        stop: Action | None = None
        for action in legal:
            if type(action) is Play:
                plays.append(action)
                cards.append(action.card)
            elif isinstance(action, Signal) and (action.word == "done" or (action.word == "pass" and stop is None)):
                stop = action
        if not plays:
            return stop if stop is not None else legal[0]
        # Read key by key: a lazy view then never makes the parts this bot does not need.
        planner = self._planner
        hand = tuple(map(_CARD_OF, view.get("hand", ())))
        queue = view["queue"]
        robot, tokens = view["robot"], view["tokens"]
        seat = view.seat if view.seat is not None else 0
        ends = self._carried(planner, robot, tokens, queue, hand, seat)
        if ends is None:
            ends = self._queue_ends(planner, robot, tokens, queue, hand)
        # Kept: the seat's next decision of the round follows the same fillings, or the same
        # course of a queue it sees whole, from where this one left the robot (see ``_carried``).
        self._last = (robot, tokens, queue, hand, ends)
        if stop is None and len(plays) == 1:
            return plays[0]  # nothing to weigh (the fillings above are drawn all the same)
        # In free play the seats to act are those not yet done: everyone else is done when
        # this seat alone is listed. The cards it played this round are its cards in the queue.
        # (Read so, the view's list of players is never made.)
        short = 0
        if not self._pacing and len(queue) < QUEUE_MINIMUM and view["to_act"] == [seat]:
            short = QUEUE_MINIMUM - len(queue)
        need = short
        if not need:
            need = 1
            for entry in queue:
                if entry["seat"] == seat:
                    need = 0
                    break
        left = need - 1 if need > 1 else 0  # still needed once a card is played
        # The rest of the decision follows from the queue's ends, the hand and what the minimums
        # ask. With the queue all known, situations recur (the first cards of a round, above
        # all), so it is remembered; random fillings of face-down cards seldom meet again.
        playable = tuple(cards)
        if len(ends) > 1:
            chosen = planner.decide(ends, hand, playable, left, stop is not None)
            return stop if chosen < 0 and stop is not None else plays[chosen]
        key = (ends, hand, playable, left, stop is not None)
        decisions = planner.decisions
        known = decisions.get(key)
        if known is None:
            known = planner.decide(ends, hand, playable, left, stop is not None)
            if len(decisions) > planner.MOST_KEPT:
                decisions.clear()
            decisions[key] = known
        return stop if known < 0 and stop is not None else plays[known]

    _last: tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]], tuple[int, ...],
                 tuple[int, ...]] | None = None  # the robot, tokens, queue, hand and ends of the last decision

    def _carried(self, planner: Planner, robot: dict[str, Any], tokens: list[dict[str, Any]],
                 queue: list[dict[str, Any]], hand: tuple[int, ...], seat: int) -> tuple[int, ...] | None:
        """The ends of the seat's last decision's fillings followed by the one card it has
        played since, when the queue is the last one with that card added and nothing else
        changed (the robot, the tokens, the rest of its hand); None otherwise.

        A seat's decisions of one round so weigh the same guesses of the others' cards, each
        followed through the cards it added: what a fresh filling drawn with the same numbers
        would give (the pools are the same: the card left the hand for the face-up queue, and
        a filling that met the goal stays won whatever follows), without drawing again. A queue
        the seat sees whole has one end, followed the same way rather than walked again."""
        last = self._last
        if last is None or len(queue) != len(last[2]) + 1:
            return None
        entry = queue[-1]
        name = entry["card"]
        if name is None or entry["seat"] != seat:
            return None
        card = CARD_BY_ID[name]
        kept = list(last[3])
        if card not in kept:
            return None
        kept.remove(card)
        if tuple(kept) != hand or robot != last[0] or tokens != last[1] or queue[:-1] != last[2]:
            return None
        nav = planner.nav
        outcomes, step, kind = nav.outcomes, nav.planned_step, card % QUIRK
        ends = []
        for end in last[4]:
            if end != WIN:
                after = outcomes.get(end << 3 | kind)  # ``step``, when known
                end = step(end, kind) if after is None else after
            ends.append(end)
        return tuple(ends)

    def _queue_ends(self, planner: Planner, robot: dict[str, Any], tokens: list[dict[str, Any]],
                    queue: list[dict[str, Any]], hand: tuple[int, ...]) -> tuple[int, ...]:
        """The robot state after the queue as it stands, once for each random filling of its
        face-down cards (WIN where the queue already meets the goal)."""
        nav = planner.nav
        space = robot["space"]
        start = planner.tokens_id(tokens) * nav.poses + (space[1] * nav.width + space[0]) * 4 + FACING[robot["facing"]]
        step, outcomes = nav.planned_step, nav.outcomes
        # The face-up cards before the first face-down one take the same course in every
        # filling: they are resolved once. Only a card's kind moves the robot.
        slots: list[tuple[int, int]] = []  # after those: (kind, or -1 face down; its back)
        seen: list[int] = []  # the face-up cards of the queue
        hidden = 0
        for entry in queue:
            name = entry["card"]
            if name is not None:
                card = CARD_BY_ID[name]
                seen.append(card)
                if hidden:
                    slots.append((card % QUIRK, 0))
                elif start != WIN:
                    after = outcomes.get(start << 3 | card % QUIRK)  # ``step``, when known
                    start = step(start, card) if after is None else after
            else:
                hidden += 1
                slots.append((-1, BACK_INDEX[entry["back"]]))
        if not hidden or start == WIN:
            return (start,) * (FILLINGS if hidden else 1)
        moves, turns = planner.pools(hand, tuple(seen))
        # Each filling draws from fresh pools, so the size of the pool a face-down card is drawn
        # from is known before any is drawn: the cards of its back less those drawn before it.
        sizes = [len(moves), len(turns)]
        drawn_sizes: list[int] = []  # the pool's size for each face-down card, in order
        for kind, back in slots:
            if kind < 0:
                drawn_sizes.append(sizes[back])
                sizes[back] -= 1
        # ``Chance.below`` of the bot's chance, the same draws: as many as could be needed are
        # made at once, and the counter moves on by those used (a filling ends at a win).
        chance = self.chance
        draws = _draws(chance.seed, chance.counter, FILLINGS * hidden)
        # Each draw taken below its pool's size at once, as if every filling used all its draws;
        # after a filling that ends early (a win) the rest are taken again from where it ended.
        picks = list(map(mod, draws, drawn_sizes * FILLINGS))
        used = 0
        ends = []
        for _ in range(FILLINGS):
            pools = (list(moves), list(turns))  # what each back's face-down cards are drawn from
            state = start
            short = used + hidden  # where this filling's draws end, if it uses them all
            for kind, back in slots:
                if kind < 0:
                    kind = pools[back].pop(picks[used])
                    used += 1
                try:
                    state = outcomes[state << 3 | kind]
                except KeyError:
                    state = step(state, kind)
                if state == WIN:
                    if used < short:
                        picks[used:] = map(mod, draws[used:], drawn_sizes * FILLINGS)
                    break
            ends.append(state)
        chance.counter += used
        return tuple(ends)


Tables = list[dict[int, Any]]  # one table for each number of cards still needed, by robot state
# What playing a card leaves: its kind (all that moves the robot), and for the cards left the
# choices they offer next (none: no card left) and their tables of plans (``Planner._plans``).
Choice = tuple[int, "tuple[Choice, ...]", Tables]

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_LANE: Final = 128  # bits a draw takes in the packed number: a 64-bit value times a 64-bit constant fits
_PACKINGS: Final[dict[int, tuple[int, int, int, struct.Struct]]] = {}


def _draws(seed: int, counter: int, count: int) -> tuple[int, ...]:
    """``Chance(seed, counter).next64()`` ``count`` times (SplitMix64), worked out together:
    each draw is a 128-bit lane of one big number, so each step of the mix is one operation on
    all of them (masked to 64 bits per lane before a lane could spill into the next), not one
    per draw."""
    packing = _PACKINGS.get(count)
    if packing is None:
        ones = sum(1 << (_LANE * lane) for lane in range(count))
        steps = sum((lane + 1) << (_LANE * lane) for lane in range(count)) * _GOLDEN
        packing = _PACKINGS[count] = (ones, steps, ones * _MASK, struct.Struct(f"<{2 * count}Q"))
    ones, steps, lanes, words = packing
    z = ((seed + counter * _GOLDEN) * ones + steps) & lanes
    z = ((z ^ (z >> 30)) & lanes) * 0xBF58476D1CE4E5B9 & lanes
    z = ((z ^ (z >> 27)) & lanes) * 0x94D049BB133111EB & lanes
    z = (z ^ (z >> 31)) & lanes
    return words.unpack(z.to_bytes(16 * count, "little"))[::2]  # each lane's low word


class Planner:
    """The best a seat can reach with its own hand from a robot state: the lowest estimate
    over every order of its cards (the Quirk rule kept), stopping anywhere the minimums allow.

    A value depends on the robot state, the cards left (which copy of a card is played does
    not matter) and how many more cards the seat must play, so one memory serves every
    decision on the scenario's board."""

    MOST_REMEMBERED = 300_000  # plan values (and rows of them) kept before a memory is cleared: some tens of MB
    # Decisions and pools are keyed by tuples, some hundreds of bytes each: fewer are kept
    # (the situations that recur most, a round's first cards, soon come back after a clear).
    MOST_KEPT = 50_000
    NEEDS = QUEUE_MINIMUM  # a plan needs fewer cards than the minimum asks: one table for each number

    def __init__(self, nav: Navigator) -> None:
        self.nav = nav
        counts = [0] * CARD_TYPES
        for card in nav.scenario.deck:
            counts[card] += 1
        self._deck_counts = tuple(counts)  # how many of each card type the scenario's deck holds
        # (kinds of the unaccounted-for cards of each back) by (hand, face-up queue cards)
        self._pools: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        # By (hand, cards playable): for each card, what playing it leaves (see ``Choice``), and
        # the rows of the pair, one table for each number of cards needed after the card:
        # robot state -> the value of playing each card, all a decision asks of a queue's end.
        self._rests: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[Choice, ...], Tables]] = {}
        self.decisions: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, bool], int] = {}
        self._rows_kept = 0
        # For each set of cards left (by id), one table for each number of cards still needed:
        # robot state -> the best value reachable. The tables are reached from the choices
        # that lead to them, so a plan's value is found with small-number look-ups.
        self._plans: list[Tables] = []
        self._plans_kept = 0
        self._rest_ids: dict[tuple[int, ...], int] = {}
        # For each set of cards left (by id): the cards that may come next, one per card name.
        self._choices: list[tuple[Choice, ...]] = []
        self._token_ids: dict[tuple[tuple[str, int, int, bool], ...], int] = {}
        self.rest_id([])  # no card left: the value is the estimate where the robot is

    def pools(self, hand: tuple[int, ...], seen: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The kinds of the cards unaccounted for (not in ``hand``, not ``seen`` in the queue),
        of each back (move, turn), in card order: what a face-down card may be."""
        key = (hand, seen)
        known = self._pools.get(key)
        if known is None:
            counts = list(self._deck_counts)
            for card in hand:
                counts[card] -= 1
            for card in seen:
                counts[card] -= 1
            moves: list[int] = []
            turns: list[int] = []
            for card in CARDS_OF_BACK[0]:
                if counts[card]:
                    moves += [card % QUIRK] * counts[card]
            for card in CARDS_OF_BACK[1]:
                if counts[card]:
                    turns += [card % QUIRK] * counts[card]
            if len(self._pools) > self.MOST_KEPT:
                self._pools.clear()
            known = self._pools[key] = (tuple(moves), tuple(turns))
        return known

    def decide(self, ends: tuple[int, ...], hand: tuple[int, ...], cards: tuple[int, ...], left: int,
               may_stop: bool) -> int:
        """The card to play (its index in ``cards``), or -1 to stop, given the queue's ends.

        The others chose their cards to help: a filling that leaves the robot better off is
        the likelier (weights fall by e for every TEMPERATURE cards more still needed)."""
        if len(ends) == 1:
            return self._decide_known(ends[0], hand, cards, left, may_stop)
        estimate, estimates = self.nav.estimate, self.nav.estimates
        # Each end's estimate (``or``: a kept value of 0 is asked again, and given the same)
        # and how often it came, in the order ends first came.
        scores: dict[int, float] = {}
        counts: dict[int, int] = {}
        for end in ends:
            if end in counts:
                counts[end] += 1
            else:
                counts[end] = 1
                scores[end] = WIN_SCORE if end == WIN else estimates.get(end) or estimate(end)
        least = min(scores.values())
        exp = math.exp
        weights: dict[int, float] = {}
        for end, count in counts.items():
            # A filling's weight added once for each time its end came, one after another as
            # the fillings came: the same sums, to the last bit, as adding them filling by filling.
            factor = weight = exp((least - scores[end]) / TEMPERATURE)
            while count > 1:
                weight += factor
                count -= 1
            weights[end] = weight
        winning = weights.pop(WIN, 0.0)
        if winning >= sum(weights.values()) and may_stop:
            return -1  # the queue likely meets the goal already: add nothing that could spoil it
        if not weights:
            return 0
        plays, tables = self._rests.get((hand, cards)) or self._rests_after(hand, cards)
        rows = tables[left]
        values = [0.0] * len(cards)  # each card's weighted value, summed end by end
        stop_value = 0.0
        for start, weight in weights.items():
            row: tuple[float, ...] | None = rows.get(start)
            if row is None:
                row = self._row(start, plays, left, rows)
            for i, value in enumerate(row):
                values[i] += weight * value
            stop_value += weight * scores[start]  # the estimate of ``start``
        best = 0  # the first of the lowest, as ``min`` by index would give
        lowest = values[0]
        for i, value in enumerate(values):
            if value < lowest:
                best, lowest = i, value
        if may_stop and stop_value <= lowest:
            return -1
        return best

    def _decide_known(self, end: int, hand: tuple[int, ...], cards: tuple[int, ...], left: int,
                      may_stop: bool) -> int:
        """``decide`` when the queue holds no face-down card: one end, of weight 1, so each
        value is the plan's own."""
        if end == WIN:
            return -1 if may_stop else 0
        plays, tables = self._rests.get((hand, cards)) or self._rests_after(hand, cards)
        rows = tables[left]
        row = rows.get(end)
        if row is None:
            row = self._row(end, plays, left, rows)
        best = row.index(min(row))
        if may_stop and self.nav.estimate(end) <= row[best]:
            return -1
        return best

    def _rests_after(self, hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[tuple[Choice, ...], Tables]:
        """For each card of ``cards``, what playing it leaves (the plan depends on which cards
        are left, not on which copy of a card goes), and the pair's empty tables of rows."""
        rests = []
        for card in cards:
            kept = list(hand)
            kept.remove(card)
            rests.append(self._choice(card, kept))
        if len(self._rests) >= self.MOST_KEPT:
            self._rests.clear()  # the rows go with them
            self._rows_kept = 0
        known = self._rests[hand, cards] = (tuple(rests), [{} for _ in range(self.NEEDS)])
        return known

    def _choice(self, card: int, rest: list[int]) -> Choice:
        rest_id = self.rest_id(rest)
        return card % QUIRK, self._choices[rest_id], self._plans[rest_id]

    def tokens_id(self, tokens: list[dict[str, Any]]) -> int:
        """``Navigator.tokens_id`` of the tokens a view lists, remembered: they recur."""
        key = tuple([(t["token"], t["space"][0], t["space"][1], t["raised"]) for t in tokens])
        known = self._token_ids.get(key)
        if known is None:
            if len(self._token_ids) > self.MOST_REMEMBERED:
                self._token_ids.clear()
            known = self._token_ids[key] = self.nav.tokens_id(Token(kind, (x, y), raised)
                                                               for kind, x, y, raised in key)
        return known

    def rest_id(self, cards: list[int]) -> int:
        """The id of a set of cards (any order)."""
        key = tuple(sorted(cards))
        known = self._rest_ids.get(key)
        if known is not None:
            return known
        quirks = [card for card in key if is_quirk(card)]
        choices = []
        for card in sorted(set(quirks or key)):
            rest = list(key)
            rest.remove(card)
            choices.append(self._choice(card, rest))
        known = self._rest_ids[key] = len(self._choices)
        self._choices.append(tuple(choices))
        self._plans.append([{} for _ in range(self.NEEDS)])
        return known

    def _forget_plans(self) -> None:
        """Empty every table of plans (their memory grew past ``MOST_REMEMBERED``)."""
        for tables in self._plans:
            for table in tables:
                table.clear()
        self._plans_kept = 0

    def _row(self, state: int, plays: tuple[Choice, ...], need: int, rows: dict[int, tuple[float, ...]]
             ) -> tuple[float, ...]:
        """For each of ``plays``, the best estimate reachable once it is played from ``state``,
        with ``need`` more cards to play before stopping; kept in ``rows``."""
        nav = self.nav
        outcomes, estimates = nav.outcomes, nav.estimates
        if self._plans_kept > self.MOST_REMEMBERED:
            self._forget_plans()  # here, not in ``_best_from``: once a row rather than once a plan
        before = state << 3
        row = []
        for kind, rest, plans in plays:
            try:
                after = outcomes[before | kind]  # ``Navigator.step``, when known
            except KeyError:
                after = nav.planned_step(state, kind)
            if after == WIN:
                value = WIN_VALUE
            elif not rest:
                # With no card left the plan stops where this card leaves the robot: the
                # estimate there (what ``_best_from`` would find), read where it is kept.
                found = estimates.get(after)
                value = nav.estimate(after) if found is None else found
            else:
                # Many cards from many places lead to the same place: its plans are kept.
                table = plans[need]
                found = table.get(after)
                value = self._best_from(after, rest, table, need) if found is None else found
            row.append(value)
        if self._rows_kept > self.MOST_REMEMBERED:
            for _, tables in self._rests.values():
                for rows_of_need in tables:
                    rows_of_need.clear()
            self._rows_kept = 0
        self._rows_kept += 1
        known = rows[state] = tuple(row)
        return known

    def _best_from(self, state: int, choices: tuple[Choice, ...], table: dict[int, float], need: int) -> float:
        """The best estimate reachable from ``state`` (not a win) with the cards in hand that
        offer ``choices``, of which ``need`` must still be played, not yet in ``table`` (their
        table of plans for ``need``), kept there: each card that may come next, and the best
        from where it leaves the robot (a card costs CARD_COST)."""
        nav = self.nav
        outcomes, estimates = nav.outcomes, nav.estimates
        if need:  # (``choices`` is never empty: with no card left, the callers read the estimate)
            value = INFINITY
        else:
            found = estimates.get(state)  # ``nav.estimate``, read where it is kept
            value = nav.estimate(state) if found is None else found
        following_need = need - 1 if need > 1 else 0
        before = state << 3
        for kind, left, plans in choices:
            try:
                then_state = outcomes[before | kind]
            except KeyError:
                then_state = nav.planned_step(state, kind)
            if then_state == WIN:
                then = WIN_VALUE
            elif not left:
                # With no card left the best is the estimate where the card leaves the robot
                # (what ``_best_from`` would find): read where it is kept, not kept again.
                found = estimates.get(then_state)
                then = nav.estimate(then_state) if found is None else found
            else:
                then_table = plans[following_need]
                found = then_table.get(then_state)
                then = self._best_from(then_state, left, then_table, following_need) if found is None else found
            then += CARD_COST
            if then < value:
                value = then
        self._plans_kept += 1  # (``_row`` empties the tables when they hold too many)
        table[state] = value
        return value


@cache
def planner_of(nav: Navigator) -> Planner:
    return Planner(nav)


_PLANNERS: Final[dict[str, Planner]] = {}


def _planner(scenario_id: str) -> Planner:
    """The planner of a rulebook scenario, found by its id with one look-up."""
    known = _PLANNERS.get(scenario_id)
    if known is None:
        known = _PLANNERS[scenario_id] = planner_of(navigator(scenario_id))
    return known


register_bot("heuristic", "quirky-circuits", about=HEURISTIC_ABOUT)(QuirkyCircuitsHeuristic)
describe_limits("heuristic", "quirky-circuits",
                "it never gives the signals (stop, Beep-boop) and plans its own cards alone, so a table of it "
                "wins less than players who talk through their signals might")
