"""The search bot's knowledge of Quirkling: how near each seat is to winning, and what a seat
knows of the others' hands.

A playout cut short is scored by each seat's kinds made and, for each kind it lacks, how many of
the kind's three stacks it holds a card of bearing the code of the climates it will next make in
(``progress``): QUIRKLINGS made are rare within a playout, so the kinds made alone scored every
move alike.

Every request is public: who asked for which stack, who had none, who gave. So a seat knows
that a player who said "none" holds no card of that stack (until it draws), that a player who
was given a card holds one of that stack (until it gives, discards or makes with one), and which
card a player took from the discard pile. The game's sampler deals the hidden hands uniformly;
``sample`` deals them again within what the log shows (its newest events only, as the view
gives them).

A full determinization draws the codes of every unseen card, which costs far more than a
playout's first moves; a search draws one every ``REFRESH`` determinizations and deals the
hidden cards of the latest again in between.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from quarkade.core.chance import Chance
from quarkade.core.game import Game, State, View
from quarkade.games.quirks.board import NICHE_STACKS, SPACES
from quarkade.games.quirks.components import COMPONENTS, NICHES, STACKS
from quarkade.games.quirks.quirkling import CLIMATE_STEPS, Stage

CARDS = COMPONENTS.cards
STACK_OF = tuple(card.stack for card in CARDS)
BY_NUMBER = {card.number: card.index for card in CARDS}
KIND_OF = {stacks: kind for kind, stacks in enumerate(NICHE_STACKS)}
ZONES = COMPONENTS.zones_per_climate
REFRESH = 8  # determinizations a full one (fresh codes for the unseen cards) serves
# Each seat's weight of the win (softmax regression on positions of games the heuristic bots
# played against each other: 500 to 600 games a player count, four or more use three's): a kind
# made; the kinds lacking with a card bearing the code of the climate of the seat's next turn in
# one, two or all three of their stacks; the same in the climate of its turn after; and the share
# of a round before its next turn (the current seat's next is this one until it discards). A kind
# complete in the next turn's climate is about as good as made.
PROGRESS_WEIGHTS = {
    2: (0.82, (0.06, 0.15, 0.73), (0.10, 0.25, 0.42), -0.12),
    3: (0.96, (0.05, 0.34, 1.08), (0.12, 0.39, 0.63), -0.36),
}


def progress(state: State) -> list[float]:
    """Each seat's weight of the win, for a softmax: its kinds made, how near its hand is to
    those it lacks in the climates of its next two turns, and how soon it plays."""
    s: Any = state
    players = s.players
    made_weight, next_weights, later_weights, wait_weight = PROGRESS_WEIGHTS[min(players, 3)]
    codes = s.table.codes
    found = []
    for seat in range(players):
        kinds = {KIND_OF[tuple(STACK_OF[card] for card in made)] for made in s.made[seat]}
        lacking = [kind for kind in range(3) if kind not in kinds]
        wait = (seat - s.current) % players
        if wait == 0 and s.stage is Stage.DISCARD:
            wait = players
        value = made_weight * len(kinds) + wait_weight * wait / players
        for turn, weights in ((wait, next_weights), (wait + players, later_weights)):
            climate = (s.climate + CLIMATE_STEPS * turn) % SPACES // ZONES
            for have in _nearness(s.hands[seat], codes, climate, lacking):
                if have:
                    value += weights[have - 1]
        found.append(value)
    return found


def _nearness(hand: list[int], codes: Any, climate: int, lacking: list[int]) -> list[int]:
    """For each kind lacking, how many of its stacks ``hand`` holds a card of bearing
    ``climate``'s code, the kinds nearest completion taking the shared animal cards first."""
    counts = [0] * len(STACKS)
    for card in hand:
        if codes[card][climate]:
            counts[STACK_OF[card]] += 1
    nearest = sorted(lacking, key=lambda kind: -sum(counts[stack] > 0 for stack in NICHE_STACKS[kind]))
    found = []
    for kind in nearest:
        have = 0
        for stack in NICHE_STACKS[kind]:
            if counts[stack] > 0:
                have += 1
                counts[stack] -= 1
        found.append(have)
    return found


class Known:
    """What the log shows of one other seat's hand."""

    __slots__ = ("cards", "stacks", "lacks")

    def __init__(self) -> None:
        self.cards: list[int] = []  # cards known by number (taken from the discard pile)
        self.stacks: Counter[int] = Counter()  # further cards known only by their stack
        self.lacks: set[int] = set()  # stacks it holds none of

    def lose(self, stack: int) -> None:
        """A card of ``stack`` left the hand unseen: which one of those known is not told."""
        same = [card for card in self.cards if STACK_OF[card] == stack]
        for card in same:
            self.cards.remove(card)
        self.stacks[stack] += len(same)
        if self.stacks[stack] > 0:
            self.stacks[stack] -= 1

    def gain(self, stack: int) -> None:
        self.stacks[stack] += 1
        self.lacks.discard(stack)

    def known_stacks(self) -> Counter[int]:
        """Cards of each stack the hand is known to hold, by number or by stack."""
        return self.stacks + Counter(STACK_OF[card] for card in self.cards)


def read_hands(view: View) -> dict[int, Known]:
    """What the view's log shows of each other seat's hand."""
    me = view.seat
    known: dict[int, Known] = {}

    def of(seat: int) -> Known:
        found = known.get(seat)
        if found is None:
            found = known[seat] = Known()
        return found

    asker, stack = -1, -1  # the request being answered (unknown until the log shows its ask)
    for event in view["log"]:
        kind = event.get("event")
        seat = event.get("seat")
        if kind == "ask":
            asker, stack = seat, STACKS.index(event["stack"])
        elif kind == "none":
            of(seat).lacks.add(STACKS.index(event["stack"]))
        elif kind == "give" and asker >= 0:
            of(seat).lose(stack)
            of(asker).gain(stack)
        elif kind == "draw":
            of(seat).lacks.clear()  # the card drawn may be of any stack
        elif kind == "take-discard":
            card = BY_NUMBER[event["card"]]
            of(seat).cards.append(card)
            of(seat).lacks.discard(STACK_OF[card])
        elif kind == "discard":
            card = BY_NUMBER[event["card"]]
            hand = of(seat)
            if card in hand.cards:
                hand.cards.remove(card)
            elif hand.stacks[STACK_OF[card]] > 0:
                hand.stacks[STACK_OF[card]] -= 1
        elif kind == "make":
            for made in NICHE_STACKS[NICHES.index(event["niche"])]:
                of(seat).lose(made)
    known.pop(me if me is not None else -1, None)
    return known


def redeal(state: State, seat: int, known: dict[int, Known], chance: Chance) -> None:
    """Deal the hidden hands of ``state`` (every seat but ``seat``) and the face-down stack again
    from the same cards, within what is ``known``: the cards and stacks a hand holds first, then
    cards of stacks it does not lack."""
    s: Any = state
    hidden = [other for other in range(s.players) if other != seat]
    pool = [card for other in hidden for card in s.hands[other]] + s.stack
    chance.shuffle(pool)
    taken: set[int] = set()
    hands: dict[int, list[int]] = {}
    empty = Known()
    for other in hidden:
        hand_known = known.get(other, empty)
        size = len(s.hands[other])
        hand = [card for card in hand_known.cards if card in pool][:size]
        taken.update(hand)
        needed = +hand_known.stacks
        for card in pool:
            if len(hand) >= size or not needed:
                break
            if card not in taken and needed[STACK_OF[card]] > 0:
                needed[STACK_OF[card]] -= 1
                hand.append(card)
                taken.add(card)
        hands[other] = hand
    for other in hidden:
        lacks = known.get(other, empty).lacks
        hand, size = hands[other], len(s.hands[other])
        for card in pool:
            if len(hand) >= size:
                break
            if card not in taken and STACK_OF[card] not in lacks:
                hand.append(card)
                taken.add(card)
        for card in pool:  # too few cards fit (the log's window is short): any will do
            if len(hand) >= size:
                break
            if card not in taken:
                hand.append(card)
                taken.add(card)
        s.hands[other] = hand
    s.stack = [card for card in pool if card not in taken]
    s._legal = None


class Sampler:
    """Determinizations of one decision's view: a full one every ``REFRESH``, the latest's hidden
    cards dealt again in between, all within what the log shows of the hands."""

    def __init__(self) -> None:
        self._view: View | None = None
        self._known: dict[int, Known] = {}
        self._base: State | None = None
        self._count = 0

    def __call__(self, game: Game, view: View, chance: Chance) -> State:
        if view is not self._view:
            self._view, self._known, self._count = view, read_hands(view), 0
        if self._base is None or self._count % REFRESH == 0:
            self._base = game.sample_state(view, chance)
        self._count += 1
        state = self._base.clone()
        s: Any = state
        # A hidden seat about to make a QUIRKLING was dealt one by the game's sampler: kept.
        if view.seat is not None and not state.is_over and (s.current == view.seat or s.stage is not Stage.MAKE):
            redeal(state, view.seat, self._known, chance)
        return state
