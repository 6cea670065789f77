"""An all-knowing solver for Quirky Circuits: it sees every hand and the deck's order and
looks for the fewest rounds that win a scenario. It proves a scenario winnable from a deal by
finding a plan and replaying it through the rules (``Solution.actions``).

The robot moves by the engine's own rules (``robot.Robot``); the solver only remembers each
card's outcome. A robot state is one number, ``tokens * poses + pose`` (a pose is a space
and a facing, the tokens an interned tuple), so the searches hash small ints.

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

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from quarkade.core.game import Action
from quarkade.games.quirky_circuits.actions import DONE, PLAYS
from quarkade.games.quirky_circuits.components import (
    COMPONENTS,
    DUST,
    FLAG,
    POT,
    QUIRK,
    SCENARIO_IDS,
    Direction,
    Scenario,
    Space,
    Token,
    is_quirk,
    neighbour,
)
from quarkade.games.quirky_circuits.robot import Robot
from quarkade.games.quirky_circuits.rules import QUEUE_MINIMUM, QuirkyCircuitsState

_DIRECTIONS = tuple(Direction)  # by number: looked up, not made
WIN = -1  # a step's outcome when the card meets the scenario's goal
FAR = 10_000  # a space the robot cannot reach
_NOWHERE = (Token(FLAG, (-1, -1)),)  # a token off the board: never collected, so the goal is never met


def token_order(token: Token) -> tuple[int, int, str, bool]:
    """The order the engine keeps the tokens in (north to south, west to east)."""
    return token.space[1], token.space[0], token.kind, token.raised


class Navigator:
    """One scenario's board as seen by a planner: card outcomes, remembered, and an estimate
    of the cards still needed to meet the goal. Shared by every game of the scenario."""

    MOST_REMEMBERED = 400_000  # card outcomes kept before the memory is cleared
    # Two measures of distance, blended: with every kind of card, and with the common kinds
    # only (a hand seldom holds the lone slide or move 3 just when it is needed).
    LANES: tuple[tuple[int, ...], ...] = (tuple(range(8)), (0, 2, 3, 5, 6))
    LANE_WEIGHTS: tuple[float, ...] = (0.25, 0.75)

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.width = scenario.width
        self.poses = scenario.width * scenario.height * 4
        self.token_sets: list[tuple[Token, ...]] = []
        self._token_index: dict[tuple[Token, ...], int] = {}
        self.outcomes: dict[int, int] = {}  # robot state * 8 + card kind -> the state after it
        self.estimates: dict[int, float] = {}  # by robot state: read directly by the planners' inner loops
        self._floors: dict[int, frozenset[int] | Literal[False]] = {}  # by token set: see ``_floor``
        self._edges: dict[int, list[list[tuple[int, tuple[int, ...]]]]] = {}
        self._touch: dict[tuple[int, int], tuple[list[int], list[int], list[int]]] = {}
        self._knocked: dict[Token, tuple[tuple[int, int, int], ...]] = {}
        self._tours: dict[tuple[int, int, int, int, int], int] = {}
        self._lefts: dict[tuple[int, int], tuple[tuple[int, ...], tuple[tuple[tuple[int, int, int], ...], ...]]] = {}
        self.start = self._space_index(scenario.start)

    # ------------------------------------------------------------------ encoding
    def _space_index(self, space: Space) -> int:
        return space[1] * self.width + space[0]

    def pose(self, space: Space, facing: Direction) -> int:
        return self._space_index(space) * 4 + int(facing)

    def unpose(self, pose: int) -> tuple[Space, Direction]:
        index, facing = divmod(pose, 4)
        y, x = divmod(index, self.width)
        return (x, y), _DIRECTIONS[facing]

    def tokens_id(self, tokens: Iterable[Token]) -> int:
        ordered = tuple(sorted(tokens, key=token_order))
        index = self._token_index.get(ordered)
        if index is None:
            index = self._token_index[ordered] = len(self.token_sets)
            self.token_sets.append(ordered)
        return index

    def robot_state(self, space: Space, facing: Direction, tokens: Iterable[Token]) -> int:
        return self.tokens_id(tokens) * self.poses + self.pose(space, facing)

    def of_state(self, state: QuirkyCircuitsState) -> int:
        return self.robot_state(state.space, state.facing, state.tokens)

    # ------------------------------------------------------------------ moving
    def step(self, robot_state: int, card: int) -> int:
        """The robot state after resolving ``card`` (its kind: Quirk colour changes nothing),
        or WIN when the card meets the goal."""
        kind = card % QUIRK  # the kind: see components.card_kind
        key = robot_state * 8 + kind
        outcome = self.outcomes.get(key)
        if outcome is None:
            if len(self.outcomes) > self.MOST_REMEMBERED:
                self.outcomes.clear()
            tokens, pose = divmod(robot_state, self.poses)
            floor = self._floors.get(tokens)
            if floor is None:
                floor = self._floor(tokens)
            if floor is not False:
                # Movement never depends on the tokens: a card that enters no token's space
                # leaves them as they were (and the goal unmet), and ends where it would on an
                # empty board.
                edges = self._pose_edges(0)[pose]
                if edges:
                    end, entered = edges[kind]
                    if floor.isdisjoint(entered):
                        outcome = self.outcomes[key] = tokens * self.poses + end
                        return outcome
            space, facing = self.unpose(pose)
            before = self.token_sets[tokens]
            robot = Robot(self.scenario, space, facing, before, record=False)
            robot.resolve(kind)
            if robot.won:
                outcome = WIN
            else:
                # Most cards touch no token: the set stays the one already numbered.
                after = robot.tokens
                same = len(after) == len(before) and all(a is b for a, b in zip(after, before, strict=True))
                outcome = (tokens if same else self.tokens_id(after)) * self.poses + self.pose(robot.space,
                                                                                               robot.facing)
            self.outcomes[key] = outcome
        return outcome

    def _floor(self, tokens: int) -> frozenset[int] | Literal[False]:
        """The spaces of a set's tokens when every one is on the floor and one at least is still
        to clean or collect (then a card that enters none of them changes nothing and cannot
        meet the goal); False when a token sits on an obstacle (a collision may knock it off)
        or none is left to collect."""
        found = self.token_sets[tokens]
        floor: frozenset[int] | Literal[False] = False
        if found and not any(token.raised for token in found) and any(token.kind != POT for token in found):
            floor = frozenset(self._space_index(token.space) for token in found)
        self._floors[tokens] = floor
        return floor

    # ------------------------------------------------------------------ estimating
    def _pose_edges(self, lane: int) -> list[list[tuple[int, tuple[int, ...]]]]:
        """For each pose and card kind of the lane: the pose after it and the spaces it
        entered, with no token on the board (movement never depends on the tokens)."""
        if lane not in self._edges:
            edges: list[list[tuple[int, tuple[int, ...]]]] = []
            for pose in range(self.poses):
                space, facing = self.unpose(pose)
                out: list[tuple[int, tuple[int, ...]]] = []
                if space not in self.scenario.obstacles:
                    for kind in self.LANES[lane]:
                        robot = Robot(self.scenario, space, facing, _NOWHERE)
                        robot.resolve(kind)
                        entered = tuple(self._space_index((step["robot"][0], step["robot"][1]))
                                        for step in robot.steps if step["step"] in ("move", "tunnel"))
                        out.append((self.pose(robot.space, robot.facing), entered))
                edges.append(out)
            self._edges[lane] = edges
        return self._edges[lane]

    def touch(self, pose: int, lane: int = 0) -> tuple[list[int], list[int], list[int]]:
        """From ``pose``, with the lane's kinds of card: the fewest cards to enter each space,
        the pose after them, and the fewest cards to end in each pose."""
        known = self._touch.get((pose, lane))
        if known is not None:
            return known
        edges = self._pose_edges(lane)
        spaces = self.poses // 4
        cards, ends = [FAR] * spaces, [pose] * spaces
        reach = [FAR] * self.poses
        cards[pose // 4], reach[pose] = 0, 0
        layer, distance = [pose], 0
        while layer:
            distance += 1
            following = []
            for node in layer:
                for end, entered in edges[node]:
                    for space in entered:
                        if cards[space] > distance:
                            cards[space], ends[space] = distance, end
                    if reach[end] == FAR:
                        reach[end] = distance
                        following.append(end)
            layer = following
        known = self._touch[pose, lane] = cards, ends, reach
        return known

    def estimate(self, robot_state: int) -> float:
        """About how many cards the goal still needs: a greedy tour of the tokens to clean or
        collect (nearest first), then back to the start space. Not a bound: a ranking."""
        known = self.estimates.get(robot_state)
        if known is not None:
            return known
        if len(self.estimates) > self.MOST_REMEMBERED:
            self.estimates.clear()
        total = sum(weight * self._tour(robot_state, lane) for lane, weight in enumerate(self.LANE_WEIGHTS) if weight)
        self.estimates[robot_state] = total
        return total

    def _tour(self, robot_state: int, lane: int) -> int:
        tokens, pose = divmod(robot_state, self.poses)
        floor, raised = self._left(tokens, lane)
        return self._rest_of_tour(tokens, (1 << len(floor)) - 1, (1 << len(raised)) - 1, pose, lane)

    def _rest_of_tour(self, tokens: int, floor_left: int, raised_left: int, pose: int, lane: int) -> int:
        """The greedy tour from ``pose`` of the tokens still to visit (bits of the lists
        ``_left`` gives, in their order): tours from many places soon meet, so each rest is
        worked out once."""
        key = (tokens, floor_left, raised_left, pose, lane)
        known = self._tours.get(key)
        if known is not None:
            return known
        if not floor_left and not raised_left:
            total = self.touch(pose, lane)[0][self.start]
        else:
            floor, raised = self._left(tokens, lane)
            cards, ends, reach = self.touch(pose, lane)
            best_cost, best_end, best_floor, best_raised = FAR, pose, -1, -1
            for index, space in enumerate(floor):  # the nearest on the floor, the first of equals
                if floor_left >> index & 1 and cards[space] < best_cost:
                    best_cost, best_end, best_floor = cards[space], ends[space], index
            for index, knocks in enumerate(raised):
                if raised_left >> index & 1:
                    for before, then, then_end in knocks:
                        if reach[before] + 1 < best_cost:
                            cost = reach[before] + 1 + then
                            if cost < best_cost:
                                best_cost, best_end, best_floor, best_raised = cost, then_end, -1, index
            if best_floor < 0 and best_raised < 0:
                total = FAR  # nothing left can be reached
            elif best_raised >= 0:
                total = best_cost + self._rest_of_tour(tokens, floor_left, raised_left & ~(1 << best_raised),
                                                       best_end, lane)
            else:
                total = best_cost + self._rest_of_tour(tokens, floor_left & ~(1 << best_floor), raised_left,
                                                       best_end, lane)
        if len(self._tours) > self.MOST_REMEMBERED:
            self._tours.clear()
        self._tours[key] = total
        return total

    def _left(self, tokens: int, lane: int) -> tuple[tuple[int, ...], tuple[tuple[tuple[int, int, int], ...], ...]]:
        """What a tour of a set of tokens visits, worked out once per set and lane. A token on
        the floor is cleaned by entering its space, any facing: its space. One on an obstacle
        is first knocked off by moving into the obstacle from a neighbouring space, which
        leaves the robot in a pose and the token on a space to enter next: for each way, the
        pose to reach, then the cards from the pose after the knock to the fallen token and
        the pose they end in."""
        known = self._lefts.get((tokens, lane))
        if known is not None:
            return known
        floor: list[int] = []
        raised: list[tuple[tuple[int, int, int], ...]] = []
        for token in self.token_sets[tokens]:
            if not token.raised:
                floor.append(self._space_index(token.space))
            elif token.kind == DUST:
                ways = []
                for before, after, fallen in self._knocks(token):
                    then, then_ends, _ = self.touch(after, lane)
                    ways.append((before, then[fallen], then_ends[fallen]))
                raised.append(tuple(ways))
        known = self._lefts[tokens, lane] = (tuple(floor), tuple(raised))
        return known

    def _knocks(self, token: Token) -> tuple[tuple[int, int, int], ...]:
        """The ways to knock a token off its obstacle, as the engine resolves them: (the pose
        facing the obstacle from a neighbouring space, the pose after the collision, the space
        the token falls on). A token that would stay on its obstacle offers no way."""
        known = self._knocked.get(token)
        if known is not None:
            return known
        ways = []
        for direction in Direction:
            space = neighbour(token.space, direction.opposite)
            if not self.scenario.inside(space) or space in self.scenario.obstacles:
                continue
            robot = Robot(self.scenario, space, direction, (token, *_NOWHERE))
            robot.resolve(0)  # move 1 into the obstacle
            fallen = [t for t in robot.tokens if not t.raised and t.kind == DUST]
            if robot.space == space and fallen:
                ways.append((self.pose(space, direction), self.pose(robot.space, robot.facing),
                             self._space_index(fallen[0].space)))
        known = self._knocked[token] = tuple(ways)
        return known

    def cleanable_left(self, robot_state: int) -> int:
        """Tokens still to clean or collect (flower pots still whole need nothing)."""
        return sum(token.kind != POT for token in self.token_sets[robot_state // self.poses])


@cache
def navigator(scenario_id: str) -> Navigator:
    return Navigator(COMPONENTS.scenario(scenario_id))


def navigator_for(scenario: Scenario) -> Navigator:
    """The shared navigator of a rulebook scenario, or a fresh one for a hand-made board."""
    if scenario.id in SCENARIO_IDS and COMPONENTS.scenario(scenario.id) is scenario:
        return navigator(scenario.id)
    return Navigator(scenario)


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
