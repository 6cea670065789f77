"""An independent reference model of Quirky Quarks, for the audit test.

Written from the rulebook and RULINGS.md alone; it reads the cards and the accelerators from
the game's public component data and shares no code with the engine. The model follows a
game as the omniscient observer does (every hand, as each seat's own view shows it), and
knows of a deck only how many cards it holds and what lies face up in its discard pile.

The flow is a generator that reads like the rulebook's procedure: it yields an ``Ask`` (who
is to act and each one's legal actions, as notation) and receives the ``(seat, action)``
played, or a ``Chance`` (a card drawn, the accelerators dealt) and receives what the table
shows. Seats run clockwise in increasing order.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from typing import Any

import quarkade

COMPONENTS: dict[str, Any] = quarkade.load("quirky-quarks", players=3).public_components()["cards.toml"]
PARTICLES: dict[str, int] = {p["id"]: int(p["count"]) for p in COMPONENTS["particle"]}
QUESTS: dict[str, dict[str, Any]] = {q["id"]: q for q in COMPONENTS["quest"]}
DECK_OF: dict[str, str] = {
    **{p: "particle" for p in PARTICLES},
    **{q: "quest-i" if data["deck"] == "I" else "quest-ii" for q, data in QUESTS.items()},
}
DECKS = ("particle", "quest-i", "quest-ii")
NUCLEONS = ("proton", "neutron")
ROUNDS = 5  # Overview of Play: "played over 5 rounds"
START_EV = {2: 8, 3: 12, 4: 12}  # Setup 6
INCOME = 3  # Funding 3
MIN_BIDS = (2, 3)  # Discovery 1 and 6


def accelerators(players: int) -> list[tuple[str, int]]:
    """The accelerators in play, from the left, with the particles each is dealt (ruling 4)."""
    return [(a["id"], int(a["particles"][str(players)])) for a in COMPONENTS["accelerator"]
            if str(players) in a["particles"]]


def powers(completed: Counter[str], kind: str) -> int:
    """How many completed Quests give a power of this kind: each copy counts (ruling 2)."""
    return sum(n for q, n in completed.items() if QUESTS[q].get("power", {}).get("kind") == kind)


def must_eject(hand_size: int) -> int:
    """Ejection table: one card for every five in hand."""
    return hand_size // 5


def discounts(completed: Counter[str]) -> Counter[str]:
    found: Counter[str] = Counter()
    for q, n in completed.items():
        power = QUESTS[q].get("power", {})
        if power.get("kind") == "discount":
            found[power["particle"]] += n
    return found


def payments(quest: str, hand: Counter[str], table: Counter[str], free: Counter[str]) -> set[str]:
    """Every way to complete ``quest`` (Quest Phase), as notation: each particle of the cost is
    paid with its card, with a discount left this phase (ruling 24), or with three particles of
    one other type (ruling 23); Protons and Neutrons come from the table."""
    cost = Counter(QUESTS[quest]["cost"])
    if any(cost[n] > table[n] for n in NUCLEONS):
        return set()
    needs = sorted(p for p in cost.elements() if p not in NUCLEONS)
    kinds = sorted(k for k in hand if k in PARTICLES)
    found: set[str] = set()
    used: Counter[str] = Counter()  # cards of each kind spent
    ignored: Counter[str] = Counter()  # discounts of each particle spent
    parts: list[str] = []

    def walk(index: int, first: int) -> None:
        """Pay the needs from ``index`` on; equal needs take their methods in one order (a
        payment is a multiset), from the method ``first`` on."""
        if index == len(needs):
            found.add(payment_text(quest, parts))
            return
        need = needs[index]
        methods = ["card", "discount", *[k for k in kinds if k != need]]
        for number in range(first, len(methods)):
            method = methods[number]
            if method == "card":
                spend, count, part = used, need, 1
            elif method == "discount":
                spend, count, part = ignored, need, 1
            else:
                spend, count, part = used, method, 3
            if spend[count] + part > (free if spend is ignored else hand)[count]:
                continue
            spend[count] += part
            if method != "card":
                parts.append(f"discount {need}" if method == "discount" else f"3 {method} for {need}")
            following = index + 1
            walk(following, number if following < len(needs) and needs[following] == need else 0)
            spend[count] -= part
            if method != "card":
                parts.pop()

    walk(0, 0)
    return found


def payment_text(quest: str, parts: Iterable[str]) -> str:
    parts = sorted(parts)
    return f"complete {quest}" + (" with " + ", ".join(parts) if parts else "")


def normal_complete(text: str) -> str:
    """A 'complete' action's notation with its payment parts in one order."""
    if " with " not in text:
        return text
    head, tail = text.split(" with ", 1)
    return payment_text(head.split()[1], tail.split(", "))


def spent(action: str) -> tuple[str, Counter[str], Counter[str], Counter[str]]:
    """What a 'complete' action spends: the Quest, the particles discarded from the hand, the
    Protons and Neutrons discarded from the table, the discounts used."""
    words = action.split(" with ")
    quest = words[0].split()[1]
    cost = Counter(QUESTS[quest]["cost"])
    nucleons = Counter({n: cost.pop(n) for n in NUCLEONS if n in cost})
    paid: Counter[str] = Counter()
    ignored: Counter[str] = Counter()
    for part in words[1].split(", ") if len(words) > 1 else []:
        bits = part.split()
        if bits[0] == "discount":
            cost[bits[1]] -= 1
            ignored[bits[1]] += 1
        else:
            cost[bits[3]] -= 1
            paid[bits[1]] += 3
    return quest, paid + cost, nucleons, ignored


NAMES = {card["name"]: card["id"] for kind in ("particle", "quest") for card in COMPONENTS[kind]}


def cards_named(text: str) -> set[str]:
    """The cards a sentence names, as their ids in JSON quotes (longest names first: 'Neutronium'
    is not 'Neutron')."""
    found = set()
    for name in sorted(NAMES, key=len, reverse=True):
        if re.search(rf"\b{re.escape(name)}\b", text):
            found.add(f'"{NAMES[name]}"')
            text = text.replace(name, "")
    return found


def as_counts(value: Any) -> Any:
    """Lists of cards as multisets, also inside a mapping."""
    if isinstance(value, list):
        return Counter(value)
    if isinstance(value, dict):
        return {k: as_counts(v) for k, v in value.items()}
    return value


def positive(counts: dict[str, int]) -> dict[str, int]:
    """A multiset without its empty entries."""
    return {k: v for k, v in counts.items() if v > 0}


def clockwise(first: int, players: int) -> list[int]:
    return [(first + step) % players for step in range(players)]


@dataclass
class Ask:
    """Who is to act (in the engine's order: one seat, or every seat of a sealed step) and what
    each of them may do."""

    to_act: tuple[int, ...]
    legal: dict[int, set[str]]


@dataclass
class Chance:
    """What the table shows next: ``("draw", seat, deck)`` or ``("deal",)``."""

    what: tuple[Any, ...]


Step = Generator[Ask | Chance, Any, None]


@dataclass
class Model:
    players: int
    hands: list[Counter[str]]
    ev: list[int]
    piles: dict[str, int]
    discards: dict[str, Counter[str]]
    round: int = 1
    phase: str = "funding"
    closing: bool = False  # in a phase's last step: Funding 3, Research 9, Ejection 5
    starting: int = 0
    completed: list[Counter[str]] = field(default_factory=list)
    waiting: list[int] = field(default_factory=list)  # revealed Neutrinos not yet resolved
    resolving: int | None = None
    accelerators: dict[str, list[str]] = field(default_factory=dict)
    bids: dict[str, tuple[int, int]] = field(default_factory=dict)  # accelerator -> (seat, bid)
    zone: Counter[str] = field(default_factory=Counter)
    chosen: list[Counter[str]] = field(default_factory=list)
    ready: list[bool] = field(default_factory=list)
    bounds: list[tuple[int, int]] = field(default_factory=list)  # ejection (fewest, most)
    required: list[int] = field(default_factory=list)  # the table's count, by seat
    auction: dict[str, Any] | None = None
    used: list[Counter[str]] = field(default_factory=list)  # discounts used this Quest phase
    events: Counter[str] = field(default_factory=Counter)  # the cases met, for the audit's MET

    def __post_init__(self) -> None:
        n = self.players
        self.completed = [Counter() for _ in range(n)]
        self.waiting = [0] * n
        self.chosen = [Counter() for _ in range(n)]
        self.ready = [False] * n
        self.used = [Counter() for _ in range(n)]

    def order(self) -> list[int]:
        return clockwise(self.starting, self.players)

    # ---------------------------------------------------------------- draws and Neutrinos
    def drawable(self) -> list[str]:
        """Ruling 27: a deck whose pile and discard pile are both empty cannot be chosen."""
        return [d for d in DECKS if self.piles[d] + sum(self.discards[d].values()) > 0]

    def take_from(self, deck: str) -> None:
        """Clarifications: "If a deck runs out of cards, take the discard pile of the
        appropriate type and reshuffle it to form a new deck": at once, when a draw takes its
        last card; a deck that ran out with no discards is formed by the next draw from it
        (ruling 27a)."""
        if self.piles[deck] == 0:
            self.reshuffle(deck)
        self.piles[deck] -= 1
        if self.piles[deck] == 0 and self.discards[deck].total():
            self.reshuffle(deck)

    def reshuffle(self, deck: str) -> None:
        self.piles[deck] = self.discards[deck].total()
        self.discards[deck] = Counter()
        self.events[f"reshuffle {deck}"] += 1

    def draw(self, seat: int) -> Generator[Ask | Chance, Any, str | None]:
        decks = self.drawable()
        if not decks:
            self.events["draw lost"] += 1
            return None
        _, action = yield Ask((seat,), {seat: {f"draw {d}" for d in decks}})
        deck = action.split()[1]
        self.take_from(deck)
        card: str = yield Chance(("draw", seat, deck))
        assert DECK_OF[card] == deck, (card, deck)
        self.events[f"draw {deck}"] += 1
        if card == "neutrino":
            self.waiting[seat] += 1  # revealed at once, outside the hand (ruling 26)
        else:
            self.hands[seat][card] += 1
        return card

    def draw_and_resolve(self, seat: int) -> Step:
        """A draw whose Neutrino is resolved at once, before the next draw (ruling 8)."""
        card = yield from self.draw(seat)
        if card == "neutrino":
            yield from self.resolve(seat)

    def resolve(self, seat: int) -> Step:
        """Clarifications: reveal it, draw two cards of your choice, then discard it and one other
        card; several are resolved one after the other (ruling 26)."""
        while self.waiting[seat]:
            self.waiting[seat] -= 1
            self.resolving = seat
            self.events["neutrino"] += 1
            for _ in range(2):
                yield from self.draw(seat)
            hand = self.hands[seat]
            if +hand:
                _, action = yield Ask((seat,), {seat: {f"discard {k}" for k in +hand}})
                card = action.split()[1]
                hand[card] -= 1
                self.discards[DECK_OF[card]][card] += 1
            else:
                self.events["neutrino with an empty hand"] += 1
            self.discards["particle"]["neutrino"] += 1
            self.resolving = None

    def acquire(self, seat: int, cards: Iterable[str]) -> None:
        for card in cards:
            if card == "neutrino":
                self.waiting[seat] += 1
                self.events["neutrino acquired"] += 1
            else:
                self.hands[seat][card] += 1

    # ---------------------------------------------------------------- the game
    def play(self) -> Step:
        while True:
            yield from self.funding()
            yield from self.research()
            yield from self.ejection()
            yield from self.discovery()
            yield from self.quests()
            if self.round == ROUNDS:
                self.phase = "over"
                return
            self.starting = (self.starting + 1) % self.players  # Quest Phase 5
            self.round += 1

    def funding(self) -> Step:
        self.phase, self.closing = "funding", False
        yield from self.deal()
        if self.round == 1:
            return
        for seat in range(self.players):  # Funding 3
            self.ev[seat] += INCOME + 2 * powers(self.completed[seat], "funding_ev")
        self.closing = True
        for seat in self.order():  # ruling 8
            for _ in range(1 + powers(self.completed[seat], "funding_draw")):
                yield from self.draw_and_resolve(seat)

    def deal(self) -> Step:
        """Funding 1: the counts of the board; a Quest I in rounds 1-3, a Quest II in 4-5; a short
        deck deals from the left (Clarifications, ruling 9)."""
        quest_deck = "quest-i" if self.round <= 3 else "quest-ii"
        expected: dict[str, Counter[str]] = {}
        for acc, count in accelerators(self.players):
            expected[acc] = Counter()
            for deck, number in (("particle", count), (quest_deck, 1)):
                for _ in range(number):
                    if deck not in self.drawable():
                        self.events[f"short deal {deck}"] += 1
                        break
                    self.take_from(deck)
                    expected[acc][deck] += 1
        dealt: dict[str, list[str]] = yield Chance(("deal",))
        for acc, cards in dealt.items():
            assert Counter(DECK_OF[c] for c in cards) == expected[acc], (acc, cards, expected[acc])
        self.accelerators = {acc: list(cards) for acc, cards in dealt.items()}

    def research(self) -> Step:
        """Research Phase: bids clockwise from the Starting Physicist; a placed researcher passes
        (ruling 12), a player without eV sits out (ruling 11)."""
        self.phase, self.closing = "research", False
        self.bids = {}
        seat = self.starting
        while True:
            placed = {holder for holder, _ in self.bids.values()}
            able = [s for s in range(self.players) if self.ev[s] >= 1 and s not in placed]
            if not able:
                break
            while seat not in able:
                seat = (seat + 1) % self.players
            legal = {f"bid {acc} {n}" for acc, _ in accelerators(self.players)
                     for n in range(self.bids[acc][1] + 1 if acc in self.bids else 1, self.ev[seat] + 1)}
            _, action = yield Ask((seat,), {seat: legal})
            _, acc, amount = action.split()
            if acc in self.bids:
                self.events["outbid"] += 1
            self.bids[acc] = (seat, int(amount))
            seat = (seat + 1) % self.players
        self.events["a seat without eV sits out"] += len(self.bids) < self.players
        for acc, (holder, amount) in self.bids.items():  # Research 6-8
            self.ev[holder] -= amount
            self.acquire(holder, self.accelerators.pop(acc))
        self.bids = {}
        self.closing = True
        for seat in self.order():  # ruling 26: clockwise from the Starting Physicist
            yield from self.resolve(seat)

    def ejection(self) -> Step:
        self.phase, self.closing = "ejection", False
        for seat in self.order():  # Ejection 1
            for _ in range(powers(self.completed[seat], "eject_draw_before")):
                self.events["pi+ draw"] += 1
                yield from self.draw_and_resolve(seat)
        self.bounds, self.required = [], []
        for seat in range(self.players):  # Ejection 2, ruling 15 and 16
            size = sum(self.hands[seat].values())
            most = size if self.round == ROUNDS else must_eject(size)
            fewest = 0 if powers(self.completed[seat], "eject_fewer") else must_eject(size)
            self.bounds.append((fewest, most))
            self.required.append(must_eject(size))
            self.chosen[seat] = Counter()
            self.ready[seat] = most == 0
        while not all(self.ready):
            legal: dict[int, set[str]] = {}
            for seat in range(self.players):
                if self.ready[seat]:
                    continue
                fewest, most = self.bounds[seat]
                count = sum(self.chosen[seat].values())
                legal[seat] = {f"eject {k}" for k in +(self.hands[seat] - self.chosen[seat])} if count < most else set()
                if count >= fewest:
                    legal[seat].add("ready")
            seat, action = yield Ask(tuple(legal), legal)
            if action == "ready":
                self.ready[seat] = True
                if sum(self.chosen[seat].values()) < self.required[seat]:
                    self.events["positronium holder may eject fewer"] += 1
            else:
                self.chosen[seat][action.split()[1]] += 1
        self.zone = Counter()
        for seat in range(self.players):  # Ejection 3-4
            ejected = self.chosen[seat]
            self.hands[seat] -= ejected
            self.zone += ejected
            bonus = 2 * powers(self.completed[seat], "eject_ev")
            self.events["down annihilation eV"] += bonus > 0
            self.ev[seat] += sum(ejected.values()) + bonus
            self.events["round 5 extra ejection"] += sum(ejected.values()) > self.required[seat]
        for cards in self.accelerators.values():
            self.zone.update(cards)
        self.accelerators = {}
        self.chosen = [Counter() for _ in range(self.players)]
        self.ready = [False] * self.players
        self.bounds, self.closing = [], True
        for seat in self.order():  # Ejection 5
            for _ in range(powers(self.completed[seat], "eject_draw_after")):
                self.events["pi- draw"] += 1
                yield from self.draw_and_resolve(seat)

    def discovery(self) -> Step:
        """Discovery Phase with rulings 18-21."""
        self.phase, self.closing = "discovery", False
        minimum, initiated = MIN_BIDS[0], True
        while +self.zone and (minimum <= MIN_BIDS[-1] or (self.round == ROUNDS and initiated)):
            initiated = False
            for seat in self.order():
                if not +self.zone:
                    break
                if self.ev[seat] < minimum:
                    self.events["cannot initiate"] += 1
                    continue
                legal = {f"discover {k} {n}" for k in +self.zone for n in range(minimum, self.ev[seat] + 1)}
                _, action = yield Ask((seat,), {seat: legal | {"pass"}})
                if action == "pass":
                    continue
                initiated = True
                _, card, amount = action.split()
                yield from self.auction_of(seat, card, int(amount))
            self.events[f"discoveries at {minimum}"] += 1
            minimum += 1
        for card, count in self.zone.items():  # Discovery 9
            self.discards[DECK_OF[card]][card] += count
        self.zone = Counter()

    def auction_of(self, initiator: int, card: str, amount: int) -> Step:
        self.zone[card] -= 1
        self.auction = {"card": card, "high_bid": amount, "high_bidder": initiator, "passed": set()}
        seat = initiator
        while True:
            others = [s for s in range(self.players) if s != self.auction["high_bidder"]
                      and s not in self.auction["passed"]]
            if not others:
                break
            seat = (seat + 1) % self.players
            if seat not in others:
                continue
            high = self.auction["high_bid"]
            if self.ev[seat] <= high:
                self.auction["passed"].add(seat)  # ruling 18: a forced pass is not asked
                self.events["forced pass"] += 1
                continue
            legal = {f"raise {n}" for n in range(high + 1, self.ev[seat] + 1)} | {"pass"}
            _, action = yield Ask((seat,), {seat: legal})
            if action == "pass":
                self.auction["passed"].add(seat)
            else:
                self.auction["high_bid"], self.auction["high_bidder"] = int(action.split()[1]), seat
                self.events["raise"] += 1
        winner, price = self.auction["high_bidder"], self.auction["high_bid"]
        self.events["initiator lost the auction" if winner != initiator else "initiator won"] += 1
        self.auction = None
        self.ev[winner] -= price
        self.acquire(winner, [card])
        yield from self.resolve(winner)  # ruling 21

    def quests(self) -> Step:
        self.phase = "quest"
        self.used = [Counter() for _ in range(self.players)]
        for seat in self.order():  # Quest Phase 1-4, ruling 22
            while True:
                legal = self.completions(seat) | {"done"}
                _, action = yield Ask((seat,), {seat: legal})
                if action == "done":
                    break
                self.complete(seat, action)

    def completions(self, seat: int) -> set[str]:
        hand, free = self.hands[seat], discounts(self.completed[seat]) - self.used[seat]
        found: set[str] = set()
        for quest in hand:
            if quest in QUESTS and hand[quest] > 0:
                found |= payments(quest, hand, self.completed[seat], free)
        return found

    def complete(self, seat: int, action: str) -> None:
        quest, paid, nucleons, ignored = spent(action)
        hand, table = self.hands[seat], self.completed[seat]
        hand[quest] -= 1
        table.subtract(nucleons)  # ruling 25: to the Quest I discard pile
        self.discards["quest-i"].update(nucleons)
        self.events["nucleons paid from the table"] += sum(nucleons.values())
        self.used[seat].update(ignored)
        for particle in ignored:
            self.events[f"discount {particle}"] += 1
        self.events["three of a kind"] += action.count(" for ")
        hand.subtract(paid)
        assert all(n >= 0 for n in hand.values()), (action, hand)
        self.discards["particle"].update(paid)
        table[quest] += 1
        self.events[f"complete {quest}"] += 1
        power = QUESTS[quest].get("power", {})
        if power.get("kind") == "gain_ev":  # e Annihilation: 5 eV once
            self.ev[seat] += int(power["amount"])

    # ---------------------------------------------------------------- final scoring
    def score_parts(self, seat: int) -> dict[str, int]:
        done = self.completed[seat]
        points = sum(int(QUESTS[q]["points"]) * n for q, n in done.items())
        total = sum(done.values())
        bonus = sum(int(QUESTS[q]["power"]["amount"]) * (total - 1) * n for q, n in done.items()
                    if QUESTS[q].get("power", {}).get("kind") == "bonus_per_other_quest")
        return {"quests": points, "bonus": bonus, "ev": self.ev[seat], "total": points + bonus + self.ev[seat]}

    def winner(self) -> int:
        """Final Scoring: highest score, then most cards in hand, then closest to the Starting
        Physicist clockwise (ruling 29)."""
        return min(range(self.players), key=lambda s: (-self.score_parts(s)["total"], -sum(self.hands[s].values()),
                                                        (s - self.starting) % self.players))
