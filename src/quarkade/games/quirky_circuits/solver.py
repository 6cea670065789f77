"""An all-knowing solver for Quirky Circuits: it sees every hand and the deck's order and
looks for the fewest rounds that win a scenario. It proves a scenario winnable from a deal by
finding a plan and replaying it through the rules (``Solution.actions``).

The robot moves by the engine's own rules, as the scenario's ``navigator.Navigator`` remembers
them: a robot state is one number, so the searches hash small ints.

Within a round the team may play any queue: each player at least one card, five or more in
all, in any order, a player's Quirk cards first while they hold one. The round search walks
the queue card by card, merging queues that leave the robot and the hands the same, and
keeps the ``width`` most promising of each length (all of them when there are few enough:
then the search is exhaustive). Across rounds a beam keeps the ``beam`` most promising ends
of round, each made real by applying its plays to a clone of the state, so the next deal and
the reshuffle come from the game's own seeded chance.

A result is exact when it is one round, or two rounds after an exhaustive search of the
first round (``round_win``, which prunes a queue when another at the same robot state kept
more cards) proved that no queue wins at once; otherwise it is an upper bound: the beam may
miss a shorter plan. The proof is cheap with two players (ten cards); with four (sixteen)
it is within reach only when no Quirk card is in hand (the hands are then searched as one),
and elsewhere ``Solution.lower`` stays 1.

>>> from quarkade.games.quirky_circuits.rules import new_state
>>> solution = solve(new_state(players=2, seed=1))
>>> solution.won, solution.rounds, solution.exact
(True, 2, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from quarkade.core.game import Action
from quarkade.games.quirky_circuits.actions import DONE, PLAYS
from quarkade.games.quirky_circuits.components import is_quirk
from quarkade.games.quirky_circuits.navigator import WIN, Navigator, navigator_for
from quarkade.games.quirky_circuits.rules import QUEUE_MINIMUM, QuirkyCircuitsState


# ---------------------------------------------------------------------- one round
@dataclass(frozen=True)
class RoundPlan:
    """A queue for one round: (seat, card) left to right, and where it leaves the robot."""

    plays: tuple[tuple[int, int], ...]
    robot_state: int  # WIN when the queue meets the goal
    estimate: float  # Navigator.estimate after it (0 for a win)


@dataclass(frozen=True)
class RoundSearch:
    win: RoundPlan | None
    ends: tuple[RoundPlan, ...]  # queues that meet the minimums, most promising first
    exhaustive: bool  # no queue was left out for want of width
    nodes: int  # queues told apart


class _Slots:
    """The cards in hand as bits of a mask, with what the Quirk rule lets each seat play."""

    def __init__(self, hands: Sequence[Sequence[int]]) -> None:
        self.players = len(hands)
        self.cards: list[tuple[int, int]] = [(seat, card) for seat, hand in enumerate(hands) for card in sorted(hand)]
        self.count = len(self.cards)
        self.full = (1 << self.count) - 1
        self.seat_bits = [0] * self.players
        self.quirk_bits = [0] * self.players
        self.twin = [-1] * self.count  # the same card just before in the same hand: play copies in order
        for slot, (seat, card) in enumerate(self.cards):
            self.seat_bits[seat] |= 1 << slot
            if is_quirk(card):
                self.quirk_bits[seat] |= 1 << slot
            if slot and self.cards[slot - 1] == (seat, card):
                self.twin[slot] = slot - 1
        self._playable: dict[int, tuple[int, ...]] = {}

    def playable(self, remaining: int) -> tuple[int, ...]:
        known = self._playable.get(remaining)
        if known is not None:
            return known
        slots = []
        for seat in range(self.players):
            mine = remaining & self.seat_bits[seat]
            allowed = (mine & self.quirk_bits[seat]) or mine  # Quirk cards first while held
            while allowed:
                low = allowed & -allowed
                allowed ^= low
                slot = low.bit_length() - 1
                twin = self.twin[slot]
                if twin < 0 or not remaining >> twin & 1:
                    slots.append(slot)
        known = self._playable[remaining] = tuple(slots)
        return known

    def meets_minimums(self, remaining: int) -> bool:
        used = self.full & ~remaining
        return used.bit_count() >= QUEUE_MINIMUM and all(used & bits for bits in self.seat_bits)

    def filled(self, played: list[int], remaining: int) -> list[int]:
        """``played`` and then the fewest cards that meet the minimums (after a win they change
        nothing: the goal is met before they are resolved)."""
        played = played[:]
        for seat in range(self.players):
            if not (self.full & ~remaining) & self.seat_bits[seat]:
                slot = next(s for s in self.playable(remaining) if self.cards[s][0] == seat)
                played.append(slot)
                remaining &= ~(1 << slot)
        while len(played) < QUEUE_MINIMUM:
            slot = self.playable(remaining)[0]
            played.append(slot)
            remaining &= ~(1 << slot)
        return played


def search_round(nav: Navigator, robot_state: int, hands: Sequence[Sequence[int]], width: int,
                 keep: int = 32) -> RoundSearch:
    """Every queue the team could program this round, walked card by card; queues that leave
    the same robot state with the same cards in hand are one. Each length keeps its ``width``
    most promising queues (by ``nav.estimate``). ``ends`` holds the ``keep`` most promising
    queues that meet the minimums, one per robot state."""
    slots = _Slots(hands)
    shift, full = slots.count, slots.full
    parents: dict[int, tuple[int, int]] = {}  # (robot state, cards left) -> (the queue one card shorter, slot)

    def queue(key: int) -> list[int]:
        played = []
        while key in parents:
            key, slot = parents[key]
            played.append(slot)
        played.reverse()
        return played

    def plan(played: list[int], robot: int) -> RoundPlan:
        return RoundPlan(tuple(slots.cards[s] for s in played), robot, 0.0 if robot == WIN else nav.estimate(robot))

    layer = [robot_state << shift | full]
    ends: list[int] = []
    exhaustive, nodes = True, 0
    step, playable, cards = nav.step, slots.playable, slots.cards
    for _depth in range(slots.count):
        children: list[int] = []
        for key in layer:
            robot, remaining = key >> shift, key & full
            for slot in playable(remaining):
                after = step(robot, cards[slot][1])
                if after == WIN:
                    left = remaining & ~(1 << slot)
                    win = plan(slots.filled([*queue(key), slot], left), WIN)
                    return RoundSearch(win, _best(ends, keep, shift, plan, queue), exhaustive, nodes + len(children))
                child = after << shift | remaining & ~(1 << slot)
                if child not in parents:
                    parents[child] = (key, slot)
                    children.append(child)
        nodes += len(children)
        if len(children) > width:
            children.sort(key=lambda k: nav.estimate(k >> shift))
            del children[width:]
            exhaustive = False
        ends.extend(k for k in children if slots.meets_minimums(k & full))
        layer = children
    return RoundSearch(None, _best(ends, keep, shift, plan, queue), exhaustive, nodes)


def _best(ends: list[int], keep: int, shift: int, plan: Callable[[list[int], int], RoundPlan],
          queue: Callable[[int], list[int]]) -> tuple[RoundPlan, ...]:
    """The ``keep`` most promising ends of round, one per robot state."""
    by_robot: dict[int, int] = {}
    for key in ends:
        by_robot.setdefault(key >> shift, key)
    best = sorted(by_robot.values(), key=lambda k: plan([], k >> shift).estimate)[:keep]
    return tuple(plan(queue(k), k >> shift) for k in best)


def round_win(nav: Navigator, robot_state: int, hands: Sequence[Sequence[int]],
              budget: int = 1_000_000) -> RoundPlan | Literal[False] | None:
    """A queue of this round that meets the goal, or False when an exhaustive search proves
    there is none, or None when deciding would take more than ``budget`` cards tried. A queue
    that leaves the same robot state as another is pruned when the other kept every card it
    kept, and more, with the same Quirk cards: the other can play whatever it can."""
    slots = _Slots(hands)
    quirks = sum(slots.quirk_bits)
    kept: dict[int, list[int]] = {robot_state: [slots.full]}
    parents: dict[tuple[int, int], tuple[tuple[int, int], int]] = {}
    layer = [(robot_state, slots.full)]
    tried = 0
    while layer:
        children = []
        for node in layer:
            robot, remaining = node
            for slot in slots.playable(remaining):
                tried += 1
                after = nav.step(robot, slots.cards[slot][1])
                left = remaining & ~(1 << slot)
                if after == WIN:
                    played = [slot]
                    while node in parents:
                        node, earlier = parents[node]
                        played.append(earlier)
                    played.reverse()
                    return RoundPlan(tuple(slots.cards[s] for s in slots.filled(played, left)), WIN, 0.0)
                others = kept.setdefault(after, [])
                tried += len(others)
                if tried > budget:
                    return None
                if any(not left & ~mask and left & quirks == mask & quirks for mask in others):
                    continue
                others.append(left)
                parents[after, left] = (node, slot)
                children.append((after, left))
        layer = children
    return False


# ---------------------------------------------------------------------- rounds
@dataclass(frozen=True)
class Solution:
    won: bool
    rounds: int  # the rounds the plan takes, the winning one included (0 if none was found)
    exact: bool  # ``rounds`` is proven the fewest (else an upper bound)
    lower: int  # the fewest rounds proven needed: 2 when no queue of the first round wins, else 1
    actions: tuple[tuple[int, Action], ...]  # (seat, action) from the solved state to the win
    nodes: int  # queues told apart, a measure of the work


def round_actions(plan: RoundPlan) -> list[tuple[int, Action]]:
    """The plays of a queue in order, then each seat done."""
    seats = sorted({seat for seat, _ in plan.plays})
    return [(seat, PLAYS[card]) for seat, card in plan.plays] + [(seat, DONE) for seat in seats]


def solve(state: QuirkyCircuitsState, beam: int = 4, width: int = 150, attempts: int = 3,
          proof_budget: int = 30_000_000) -> Solution:
    """The fewest rounds an all-knowing team needs from ``state`` (at the start of a program
    phase, free play), with a winning plan. A beam keeps ``beam`` ends of round, each round
    keeping ``width`` queues of each length; when it finds no plan, it is tried again three
    times as wide, up to ``attempts`` times. Then, unless the plan wins in the first round,
    the first round is searched exhaustively (within ``proof_budget`` steps) for a proof
    that it cannot win."""
    if state.pacing:
        raise ValueError("the solver plans free play; in pacing mode the same queues are played in turns")
    if state.is_over or state.queue or any(state.played) or any(state.done):
        raise ValueError("the solver starts from the beginning of a program phase")
    nav = navigator_for(state.scenario)
    nodes = 0
    for attempt in range(attempts):
        widen = 3**attempt
        won, rounds, actions, work = _beam_search(nav, state, beam * widen, width * widen)
        nodes += work
        if won:
            break
    if won and rounds == 1:
        return Solution(True, 1, True, 1, actions, nodes)
    # With no Quirk card in hand, who holds a card constrains nothing: any order of any cards
    # may be played, and each player's one card can come after the win. The proof then
    # searches the team's cards as one hand, far fewer cases.
    merged = not any(is_quirk(card) for hand in state.hands for card in hand)
    hands = [sorted(card for hand in state.hands for card in hand)] if merged else state.hands
    first = round_win(nav, nav.of_state(state), hands, proof_budget)
    if first:  # the beam missed a win of the first round that the exhaustive search found
        plan = _seated(first, state.hands) if merged else first
        return Solution(True, 1, True, 1, tuple(round_actions(plan)), nodes)
    lower = 2 if first is False else 1
    return Solution(won, rounds, won and rounds == lower, lower, actions, nodes)


def _seated(plan: RoundPlan, hands: Sequence[Sequence[int]]) -> RoundPlan:
    """A queue found for the team's cards as one hand, each card played by a player who holds
    it (one who has not played yet first), then a card from each player still without one."""
    left = [list(hand) for hand in hands]
    plays: list[tuple[int, int]] = []
    for _, card in plan.plays:
        seat = min((s for s in range(len(left)) if card in left[s]),
                   key=lambda s: (any(p == s for p, _ in plays), s))
        left[seat].remove(card)
        plays.append((seat, card))
    plays += [(seat, left[seat][0]) for seat in range(len(left)) if all(p != seat for p, _ in plays)]
    return RoundPlan(tuple(plays), plan.robot_state, plan.estimate)


def _beam_search(nav: Navigator, state: QuirkyCircuitsState, beam: int,
                 width: int) -> tuple[bool, int, tuple[tuple[int, Action], ...], int]:
    """(won, rounds, the plan, queues told apart)."""
    frontier: list[tuple[QuirkyCircuitsState, tuple[tuple[int, Action], ...]]] = [(state.clone(), ())]
    nodes = 0
    for rounds in range(1, state.battery + 1):
        pool: list[tuple[float, int, QuirkyCircuitsState, tuple[tuple[int, Action], ...], RoundPlan]] = []
        for index, (current, actions) in enumerate(frontier):
            search = search_round(nav, nav.of_state(current), current.hands, width, keep=beam * 2)
            nodes += search.nodes
            if search.win is not None:
                return True, rounds, actions + tuple(round_actions(search.win)), nodes
            pool.extend((plan.estimate, index, current, actions, plan) for plan in search.ends)
        pool.sort(key=lambda entry: (entry[0], entry[1]))
        frontier, seen = [], set()
        for _estimate, _index, current, actions, plan in pool:
            if plan.robot_state in seen:
                continue
            seen.add(plan.robot_state)
            after = current.clone()
            steps = round_actions(plan)
            for seat, action in steps:
                after.apply(seat, action)
            if not after.is_over:
                frontier.append((after, actions + tuple(steps)))
            if len(frontier) == beam:
                break
        if not frontier:
            break
    return False, 0, (), nodes
