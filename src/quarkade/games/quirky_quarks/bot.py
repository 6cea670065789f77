"""Bots for Quirky Quarks.

The heuristic bot values cards by the Quests it could complete with them: a particle is
worth a share of the points of the Quests in hand that still need it, a Quest is worth its
points discounted by how much of its cost is missing (plus its power while there are
rounds left to use it). It bids up to that value in eV (every eV left is a point at the
end), ejects its least useful cards, and completes the Quests worth the most first.
"""

from __future__ import annotations

from itertools import compress
from typing import Final

from quarkade.core.bots import HEURISTIC_ABOUT, Bot, register_bot
from quarkade.core.game import Action, Game, View
from quarkade.games.quirky_quarks.actions import (
    BIDS,
    DISCOUNT,
    DISCOVERS,
    PASS,
    READY,
    Bid,
    Complete,
    Discard,
    Discover,
    Draw,
    Eject,
    Pass,
    Raise,
    Ready,
)
from quarkade.games.quirky_quarks.components import COMPONENTS, PARTICLE_DECK, QUEST_I_DECK, QUEST_II_DECK
from quarkade.games.quirky_quarks.views import QuirkyQuarksView

CARDS: Final = COMPONENTS.cards
KINDS: Final = len(CARDS)
KIND_BY_ID: Final = {card.id: card.kind for card in CARDS}
ACCELERATOR_IDS: Final = tuple(a.id for a in COMPONENTS.accelerators)
NEUTRINO: Final = KIND_BY_ID["neutrino"]
PROTON: Final = KIND_BY_ID["proton"]
NEUTRON: Final = KIND_BY_ID["neutron"]
ROUNDS: Final = 5
# A particle no Quest in hand needs is still worth something: three of a kind pay any particle.
LOOSE_PARTICLE: Final = 0.7
POWER_PER_ROUND: Final = {"funding_ev": 2.0, "eject_ev": 2.0, "funding_draw": 1.2, "eject_draw_before": 1.2,
                          "eject_draw_after": 1.2, "eject_fewer": 0.6, "discount": 1.2}


# What the bot's valuation needs of each card, worked out once at import (every decision reads
# these tables many times over). Each figure is the very expression the valuation would
# compute, so that the values, and the choices, are the same to the last bit.
QUESTS: Final = tuple(card.kind for card in CARDS if card.is_quest)
FIRST_QUEST: Final = QUESTS[0]
if tuple(range(FIRST_QUEST, KINDS)) != QUESTS:
    raise ValueError("the Quests are expected after the Elementary Particles in the card data")
IS_QUEST: Final = tuple(card.is_quest for card in CARDS)
IS_PARTICLE: Final = tuple(not quest for quest in IS_QUEST)
# the sort key that puts Quests first
PARTICLE_KINDS: Final = tuple(kind for kind in range(KINDS) if not IS_QUEST[kind])
# Per Quest: its particles with how many of each, its table cost as (nucleon, how many).
PARTICLE_COST: Final = tuple(tuple((kind, card.cost_particles.count(kind)) for kind in set(card.cost_particles))
                             for card in CARDS)
TABLE_COST: Final = tuple(tuple((kind, card.cost_table.count(kind)) for kind in set(card.cost_table)) for card in CARDS)
# Per Quest: its points less the Protons/Neutrons it consumes (at least 2), before its power.
BASE_VALUE: Final = tuple(max(float(card.points) - sum(CARDS[k].points for k in card.cost_table), 2.0)
                          if card.cost_table else float(card.points) for card in CARDS)
# Per Quest: how its power adds to its value: per round left, once, per other Quest, or not.
PER_ROUND: Final = 1
ONCE: Final = 2
PER_QUEST: Final = 3
POWER: Final = tuple(
    (0, 0.0) if card.power is None
    else (PER_ROUND, POWER_PER_ROUND[card.power.kind]) if card.power.kind in POWER_PER_ROUND
    else (ONCE, card.power.amount) if card.power.kind == "gain_ev"
    else (PER_QUEST, card.power.amount) if card.power.kind == "bonus_per_other_quest"
    else (0, 0.0)
    for card in CARDS
)
# Per Quest and particle: how many of the particle it costs; and the share of the Quest's value
# a particle it needs carries (divided among its cost).
NEED: Final = tuple(tuple(card.cost_particles.count(kind) for kind in range(KINDS)) for card in CARDS)
COST_SHARE: Final = tuple(max(1, len(card.cost_particles)) for card in CARDS)
# Per Quest: the Quests that consume it from the table, with what holding one adds to it.
CONSUMERS: Final = tuple(
    tuple((atom, 0.25 * CARDS[atom].points / len(CARDS[atom].cost_table))
          for atom in range(KINDS) if kind in CARDS[atom].cost_table)
    for kind in range(KINDS)
)

# The prebuilt bids and discoveries of each accelerator and card, by amount, as lists: a run
# of legal actions is compared with a slice of them in one step (identity first, in C).
_BID_RUNS: Final = tuple(list(row) for row in BIDS)
_DISCOVER_RUNS: Final = tuple(list(row) for row in DISCOVERS)


class Valuation:
    """The values worked out for one hand, table and round, kept as they are worked out: one
    decision asks for the same card many times (a discovery lists each card at every amount),
    a particle's value asks for the value of every Quest in hand that needs it, and the next
    decisions often hold the same hand (bids at the same accelerators, passes, raises)."""

    __slots__ = ("values", "quest_values", "sets", "quests")

    def __init__(self) -> None:
        self.values: dict[int, float] = {}  # one more card of a kind
        self.quest_values: dict[int, float] = {}  # a Quest (quest_value) with this hand
        self.sets: dict[tuple[int, ...], float] = {}  # the cards of an accelerator
        self.quests: list[int] | None = None  # the Quests in hand


class Knowledge:
    """What the bot reads from its view, and its valuation of the cards."""

    __slots__ = ("round", "ev", "hand", "table", "rounds_left", "_odds", "_loose", "_others", "valuation")

    def __init__(self, view: View, kept: Knowledge | None = None) -> None:
        self.round: int = view["round"]
        # The hand and the completed Quests by kind: read as the view keeps them when it does,
        # counted from the names of its keys otherwise (the same figures).
        hand: list[int]
        table: list[int]
        if type(view) is QuirkyQuarksView and view.hand_counts is not None:
            hand, table, self.ev = view.hand_counts, view.completed_counts, view.own_ev
        else:
            seat = view.seat
            me = view["players"][seat if seat is not None else 0]
            self.ev = me["ev"]
            hand = [0] * KINDS
            for card_id, count in (view["hand"] if seat is not None else {}).items():
                hand[KIND_BY_ID[card_id]] = count
            table = [0] * KINDS
            for card_id, count in me["completed"].items():
                table[KIND_BY_ID[card_id]] = count
        self.hand: list[int]
        self.table: list[int]
        self.rounds_left: int
        self._odds: float
        self._loose: float
        self._others: int
        self.valuation: Valuation
        # The next decisions often hold the same hand and table: they take the last decision's
        # values as they are.
        if kept is not None and kept.round == self.round and kept.hand == hand and kept.table == table:
            self.hand, self.table, self.valuation = kept.hand, kept.table, kept.valuation
            self.rounds_left, self._odds, self._loose, self._others = (kept.rounds_left, kept._odds, kept._loose,
                                                                       kept._others)
            return
        self.hand, self.table = hand, table
        self.rounds_left = ROUNDS - self.round
        # each missing card lowers the chance to complete a Quest, more so late in the game
        self._odds = 0.7 if self.rounds_left >= 2 else 0.45
        self._loose = LOOSE_PARTICLE if self.rounds_left > 0 else 0.2
        self._others = sum(table) + 1  # the completed Quests, and the one in hand
        self.valuation = Valuation()

    def quest_value(self, kind: int, hand: list[int]) -> float:
        """Expected points of holding Quest ``kind`` with ``hand``."""
        missing = 0
        for particle, count in PARTICLE_COST[kind]:
            short = count - hand[particle]
            if short > 0:
                missing += short
        for nucleon, count in TABLE_COST[kind]:
            short = count - self.table[nucleon]
            if short > 0:
                held = hand[nucleon]  # a Proton or Neutron Quest in hand is on its way
                if held > short:
                    held = short
                missing += held * 2 + (short - held) * 4
        value = BASE_VALUE[kind]
        power, amount = POWER[kind]
        if power:
            if power == PER_ROUND:
                value += amount * self.rounds_left
            elif power == ONCE:
                value += amount
            else:
                value += amount * self._others
        return value * self._odds ** missing

    def card_value(self, kind: int, hand: list[int] | None = None) -> float:
        """The marginal value of one more card of ``kind``."""
        if hand is not None:
            return self._card_value(kind, hand, list(compress(QUESTS, hand[FIRST_QUEST:])), {})
        valuation = self.valuation
        value = valuation.values.get(kind)
        if value is None:
            if valuation.quests is None:
                valuation.quests = list(compress(QUESTS, self.hand[FIRST_QUEST:]))
            if IS_QUEST[kind] or kind == NEUTRINO:
                value = self._card_value(kind, self.hand, valuation.quests, valuation.quest_values)
                valuation.values[kind] = value
            else:
                valuation.values.update(self._particle_values(valuation.quests, valuation.quest_values))
                value = valuation.values[kind]
        return value

    def _particle_values(self, quests: list[int], known: dict[int, float]) -> dict[int, float]:
        """``_card_value`` of every particle for the hand as it is, at once: each Quest in hand
        adds its share to the particles it still needs, the Quests taken in the same order."""
        hand = self.hand
        values = dict.fromkeys(PARTICLE_KINDS, self._loose)
        for quest in quests:
            share = None
            for particle, count in PARTICLE_COST[quest]:
                if count > hand[particle]:
                    if share is None:
                        worth = known.get(quest)
                        if worth is None:
                            worth = known[quest] = self.quest_value(quest, hand)
                        share = worth / COST_SHARE[quest] * 1.3
                    values[particle] += share
        values[NEUTRINO] = 0.5
        return values

    def _card_value(self, kind: int, hand: list[int], quests: list[int], known: dict[int, float]) -> float:
        """The value of one more ``kind`` with ``hand``, whose Quests are ``quests``; ``known``
        keeps the values of Quests (``quest_value``) worked out so far for this hand."""
        if kind == NEUTRINO:
            return 0.5  # it is replaced by one card: a small gain
        if IS_QUEST[kind]:
            worth = known.get(kind)
            if worth is None:
                worth = known[kind] = self.quest_value(kind, hand)
            value = worth * (0.5 if hand[kind] else 1.0)
            for atom, share in CONSUMERS[kind]:
                if hand[atom]:
                    value += share
            return value
        value = self._loose
        held = hand[kind]
        for quest in quests:
            if NEED[quest][kind] > held:
                worth = known.get(quest)
                if worth is None:
                    worth = known[quest] = self.quest_value(quest, hand)
                value += worth / COST_SHARE[quest] * 1.3
        return value

    def set_value(self, kinds: tuple[int, ...]) -> float:
        """The value of taking the cards ``kinds`` (an accelerator's, in the order dealt)."""
        value = self.valuation.sets.get(kinds)
        if value is None:
            value = self.valuation.sets[kinds] = self._set_value(kinds)
        return value

    def _set_value(self, kinds: tuple[int, ...]) -> float:
        hand = self.hand[:]
        total = 0.0
        quests: list[int] | None = None
        for kind in sorted(kinds, key=IS_PARTICLE.__getitem__):
            if quests is None and not IS_QUEST[kind]:
                # The Quests come first: from the first particle on, the Quests in hand stay.
                quests = list(compress(QUESTS, hand[FIRST_QUEST:]))
            total += self._card_value(kind, hand, quests or [], {})
            hand[kind] += 1
        return total


class QuirkyQuarksHeuristic(Bot):
    kind = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self._kept: Knowledge | None = None  # the last decision's, for the next with the same hand

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        k = self._kept = Knowledge(view, self._kept)
        first = legal[0]
        if isinstance(first, Draw):
            return self._draw(k, legal)
        if isinstance(first, Discard):
            return min(legal, key=lambda a: k.card_value(a.kind) if isinstance(a, Discard) else 99.0)
        if isinstance(first, Bid):
            return self._bid(k, view, legal)
        # isinstance rather than == READY or PASS: comparing actions of different kinds is slow.
        if isinstance(first, (Eject, Ready)):
            return self._eject(k, legal)
        if isinstance(first, Discover) or isinstance(first, Pass) and any(isinstance(a, Discover) for a in legal):
            return self._discover(k, legal)
        if isinstance(first, (Raise, Pass)):
            return self._raise(k, view, legal)
        return self._quest(k, legal)

    def _draw(self, k: Knowledge, legal: list[Action]) -> Action:
        decks = {a.deck: a for a in legal if isinstance(a, Draw)}
        quests_in_hand = sum(k.hand[FIRST_QUEST:])
        wanted = PARTICLE_DECK
        if quests_in_hand < 2 and k.rounds_left >= 1:
            nucleons = k.table[PROTON] + k.table[NEUTRON]
            wanted = QUEST_II_DECK if nucleons and k.round >= 3 else QUEST_I_DECK
        for deck in (wanted, PARTICLE_DECK, QUEST_I_DECK, QUEST_II_DECK):
            if deck in decks:
                return decks[deck]
        return legal[0]

    def _bid(self, k: Knowledge, view: View, legal: list[Action]) -> Action:
        best: tuple[float, Action] | None = None
        options: dict[int, Bid] = {}  # each accelerator's lowest bid
        accelerator = amount = -1
        ev, index, count = k.ev, 0, len(legal)
        while index < count:
            action = legal[index]
            index += 1
            if isinstance(action, Bid):
                if action.accelerator == accelerator and action.amount > amount:
                    amount = action.amount  # above the bid before it: not the lowest
                    continue
                accelerator, amount = action.accelerator, action.amount
                lowest = options.get(accelerator)
                if lowest is None or amount < lowest.amount:
                    options[accelerator] = action
                # What follows is most often the rest of the run, each bid above the one before
                # at the same accelerator up to the seat's eV: skipped at once as it would be
                # one by one above, once one comparison has shown it is exactly that.
                end = index + ev - amount
                if index < end <= count and legal[index:end] == _BID_RUNS[accelerator][amount + 1 : ev + 1]:
                    index, amount = end, ev
        if type(view) is QuirkyQuarksView:
            positions, dealt = view.accelerators, view.accelerator_cards
            cards_at = {accelerator: dealt[positions.index(accelerator)] for accelerator in options}
        else:
            by_id = {a["id"]: a for a in view["accelerators"]}
            cards_at = {accelerator: tuple(KIND_BY_ID[c] for c in by_id[ACCELERATOR_IDS[accelerator]]["cards"])
                        for accelerator in options}
        for accelerator, bid in options.items():
            worth = k.set_value(cards_at[accelerator]) * (0.75 if k.round < ROUNDS else 0.5)
            surplus = worth - bid.amount
            if best is None or surplus > best[0]:
                best = (surplus, bid)
        assert best is not None
        return best[1]

    def _eject(self, k: Knowledge, legal: list[Action]) -> Action:
        ejects = [a for a in legal if isinstance(a, Eject)]
        if not ejects:
            return READY
        # The first of the least valued (as min() would pick it), each valued once.
        values = list(map(k.card_value, [a.kind for a in ejects]))
        lowest = min(values)
        cheapest = ejects[values.index(lowest)]
        # Past the required cards, eject only what is worth less than the 1 eV it brings.
        threshold = 1.0 if k.round == ROUNDS else 0.0
        if any(isinstance(action, Ready) for action in reversed(legal)) and lowest >= threshold:
            return READY
        return cheapest

    def _discover(self, k: Knowledge, legal: list[Action]) -> Action:
        best: tuple[float, Action] = (0.0, PASS)
        kind = amount = -1
        ev, index, count = k.ev, 0, len(legal)
        while index < count:
            action = legal[index]
            index += 1
            if isinstance(action, Discover):
                if action.kind == kind and action.amount > amount:
                    # The card of the action before at more eV: a smaller surplus, which
                    # cannot pass the best by the margin when the one before did not, nor the
                    # one before when it is the best.
                    amount = action.amount
                    continue
                kind, amount = action.kind, action.amount
                surplus = k.card_value(kind) - amount
                if surplus > best[0] + 0.5:
                    best = (surplus, action)
                # The rest of the run (this card at every amount up to the seat's eV) is
                # skipped at once, as above one by one, once one comparison shows it is that.
                end = index + ev - amount
                if index < end <= count and legal[index:end] == _DISCOVER_RUNS[kind][amount + 1 : ev + 1]:
                    index, amount = end, ev
        return best[1]

    def _raise(self, k: Knowledge, view: View, legal: list[Action]) -> Action:
        card = view.auction_card if type(view) is QuirkyQuarksView else KIND_BY_ID[view["flow"]["auction"]["card"]]
        worth = k.card_value(card)
        lowest = next((a for a in legal if isinstance(a, Raise)), None)
        if lowest is not None and worth - lowest.amount >= 0.5:
            return lowest
        return PASS

    def _quest(self, k: Knowledge, legal: list[Action]) -> Action:
        completes = [a for a in legal if isinstance(a, Complete)]
        if not completes:
            return legal[-1]

        def merit(action: Complete) -> float:
            card = CARDS[action.quest]
            cost = 0.0
            for need, method in action.payment:
                cost += 0.0 if method == DISCOUNT else 3 * k.card_value(method) - k.card_value(need)
            return card.points + (card.power is not None) * 3 - cost

        return max(completes, key=merit)


register_bot("heuristic", "quirky-quarks", about=HEURISTIC_ABOUT)(QuirkyQuarksHeuristic)
