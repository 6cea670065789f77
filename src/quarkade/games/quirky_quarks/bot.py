"""Bots for Quirky Quarks.

The heuristic bot values cards by the Quests it could complete with them: a particle is
worth a share of the points of the Quests in hand that still need it, a Quest is worth its
points discounted by how much of its cost is missing (plus its power while there are
rounds left to use it). It bids up to that value in eV (every eV left is a point at the
end), ejects its least useful cards, and completes the Quests worth the most first.
"""

from __future__ import annotations

from typing import Any

from quarkade.core.bots import Bot, register_bot
from quarkade.core.game import Action, View
from quarkade.games.quirky_quarks.actions import (
    DISCOUNT,
    PASS,
    READY,
    Bid,
    Complete,
    Discard,
    Discover,
    Draw,
    Eject,
    Raise,
)
from quarkade.games.quirky_quarks.components import COMPONENTS, PARTICLE_DECK, QUEST_I_DECK, QUEST_II_DECK

CARDS = COMPONENTS.cards
KINDS = len(CARDS)
KIND_BY_ID = {card.id: card.kind for card in CARDS}
ACCELERATOR_BY_ID = {a.id: a.index for a in COMPONENTS.accelerators}
NEUTRINO = KIND_BY_ID["neutrino"]
ROUNDS = 5
# A particle no Quest in hand needs is still worth something: three of a kind pay any particle.
LOOSE_PARTICLE = 0.7
POWER_PER_ROUND = {"funding_ev": 2.0, "eject_ev": 2.0, "funding_draw": 1.2, "eject_draw_before": 1.2,
                   "eject_draw_after": 1.2, "eject_fewer": 0.6, "discount": 1.2}


class Knowledge:
    """What the bot reads from its view."""

    def __init__(self, view: View) -> None:
        data: dict[str, Any] = view.data
        self.seat = view.seat if view.seat is not None else 0
        me = data["players"][self.seat]
        self.round: int = data["round"]
        self.phase: str = data["phase"]
        self.ev: int = me["ev"]
        self.hand = [0] * KINDS
        for card_id, count in data.get("hand", {}).items():
            self.hand[KIND_BY_ID[card_id]] = count
        self.table = [0] * KINDS
        for card_id, count in me["completed"].items():
            self.table[KIND_BY_ID[card_id]] = count
        self.rounds_left = ROUNDS - self.round
        self.data = data

    def quest_value(self, kind: int, hand: list[int]) -> float:
        """Expected points of holding Quest ``kind`` with ``hand``."""
        card = CARDS[kind]
        missing = _missing(card.cost_particles, hand)
        for nucleon in set(card.cost_table):
            short = max(0, card.cost_table.count(nucleon) - self.table[nucleon])
            held = min(short, hand[nucleon])  # a Proton or Neutron Quest in hand is on its way
            missing += held * 2 + (short - held) * 4
        value = float(card.points)
        if card.cost_table:
            value -= sum(CARDS[k].points for k in card.cost_table)  # the Protons/Neutrons it consumes
            value = max(value, 2.0)
        if card.power is not None:
            if card.power.kind in POWER_PER_ROUND:
                value += POWER_PER_ROUND[card.power.kind] * self.rounds_left
            elif card.power.kind == "gain_ev":
                value += card.power.amount
            elif card.power.kind == "bonus_per_other_quest":
                value += card.power.amount * (sum(self.table) + 1)
        # each missing card lowers the chance to complete it, more so late in the game
        chance = (0.7 if self.rounds_left >= 2 else 0.45) ** missing
        return value * chance

    def card_value(self, kind: int, hand: list[int] | None = None) -> float:
        """The marginal value of one more card of ``kind``."""
        hand = self.hand if hand is None else hand
        card = CARDS[kind]
        if kind == NEUTRINO:
            return 0.5  # it is replaced by one card: a small gain
        if card.is_quest:
            value = self.quest_value(kind, hand) * (0.5 if hand[kind] else 1.0)
            for atom in range(KINDS):
                if hand[atom] and kind in CARDS[atom].cost_table:
                    value += 0.25 * CARDS[atom].points / len(CARDS[atom].cost_table)
            return value
        value = LOOSE_PARTICLE if self.rounds_left > 0 else 0.2
        for quest in range(KINDS):
            if hand[quest] and CARDS[quest].is_quest:
                cost = CARDS[quest].cost_particles
                need = cost.count(kind)
                if need > hand[kind]:
                    value += self.quest_value(quest, hand) / max(1, len(cost)) * 1.3
        return value

    def set_value(self, kinds: list[int]) -> float:
        hand = self.hand[:]
        total = 0.0
        for kind in sorted(kinds, key=lambda k: not CARDS[k].is_quest):
            total += self.card_value(kind, hand)
            hand[kind] += 1
        return total


def _missing(cost: tuple[int, ...], hand: list[int]) -> int:
    missing = 0
    for kind in set(cost):
        missing += max(0, cost.count(kind) - hand[kind])
    return missing


class QuirkyQuarksHeuristic(Bot):
    kind = "heuristic"

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        k = Knowledge(view)
        first = legal[0]
        if isinstance(first, Draw):
            return self._draw(k, legal)
        if isinstance(first, Discard):
            return min(legal, key=lambda a: k.card_value(a.kind) if isinstance(a, Discard) else 99.0)
        if isinstance(first, Bid):
            return self._bid(k, legal)
        if isinstance(first, Eject) or first == READY:
            return self._eject(k, legal)
        if isinstance(first, Discover) or first == PASS and any(isinstance(a, Discover) for a in legal):
            return self._discover(k, legal)
        if isinstance(first, Raise) or first == PASS:
            return self._raise(k, legal)
        return self._quest(k, legal)

    def _draw(self, k: Knowledge, legal: list[Action]) -> Action:
        decks = {a.deck: a for a in legal if isinstance(a, Draw)}
        quests_in_hand = sum(k.hand[c.kind] for c in CARDS if c.is_quest)
        wanted = PARTICLE_DECK
        if quests_in_hand < 2 and k.rounds_left >= 1:
            nucleons = k.table[KIND_BY_ID["proton"]] + k.table[KIND_BY_ID["neutron"]]
            wanted = QUEST_II_DECK if nucleons and k.round >= 3 else QUEST_I_DECK
        for deck in (wanted, PARTICLE_DECK, QUEST_I_DECK, QUEST_II_DECK):
            if deck in decks:
                return decks[deck]
        return legal[0]

    def _bid(self, k: Knowledge, legal: list[Action]) -> Action:
        best: tuple[float, Action] | None = None
        options: dict[int, int] = {}
        for action in legal:
            if isinstance(action, Bid):
                options[action.accelerator] = min(options.get(action.accelerator, 99), action.amount)
        by_id = {a["id"]: a for a in k.data["accelerators"]}
        for accelerator, lowest in options.items():
            cards = [KIND_BY_ID[c] for c in by_id[COMPONENTS.accelerators[accelerator].id]["cards"]]
            worth = k.set_value(cards) * (0.75 if k.round < ROUNDS else 0.5)
            surplus = worth - lowest
            if best is None or surplus > best[0]:
                best = (surplus, Bid(accelerator, lowest))
        assert best is not None
        return best[1] if best[1] in legal else legal[0]

    def _eject(self, k: Knowledge, legal: list[Action]) -> Action:
        ejects = [a for a in legal if isinstance(a, Eject)]
        if not ejects:
            return READY
        cheapest = min(ejects, key=lambda a: k.card_value(a.kind))
        # Past the required cards, eject only what is worth less than the 1 eV it brings.
        threshold = 1.0 if k.round == ROUNDS else 0.0
        if READY in legal and k.card_value(cheapest.kind) >= threshold:
            return READY
        return cheapest

    def _discover(self, k: Knowledge, legal: list[Action]) -> Action:
        best: tuple[float, Action] = (0.0, PASS)
        for action in legal:
            if isinstance(action, Discover):
                surplus = k.card_value(action.kind) - action.amount
                if surplus > best[0] + 0.5:
                    best = (surplus, action)
        return best[1]

    def _raise(self, k: Knowledge, legal: list[Action]) -> Action:
        auction = k.data["flow"]["auction"]
        worth = k.card_value(KIND_BY_ID[auction["card"]])
        raises = [a for a in legal if isinstance(a, Raise)]
        if raises and worth - raises[0].amount >= 0.5:
            return raises[0]
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


register_bot("heuristic", "quirky-quarks")(QuirkyQuarksHeuristic)
