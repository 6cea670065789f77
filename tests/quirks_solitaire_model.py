"""An independent model of Quirks Solitaire ("Solitaire Rules" of the Quirks rulebook, with the
basic rules they refer to), written from the rulebook and RULINGS.md (29a-32 and the general
rulings they rely on), for the outsider's audit (``test_quirks_solitaire_audit``).

What is the same as in the competitive game (the card data, the climate table, a card's value,
the printed codes, the food-chain points, the destiny markers' cycle) is imported from
``quirks_model``; what is the solitaire's own is worked out here: the targets of "1. Goal", the
steps of "2. Play" a)-g), the counts of ruling 31, the losses (three extinctions, a stack
running out, ruling 30; the action limit, ruling 32) and the optional Random Mutation.

The model never sees the stacks' order or the destiny markers to come: each chance outcome (a
marker drawn, a card drawn) is read from the table after the engine has drawn it, and checked
there (a card of the right stack, never seen before; a marker the pool could still hold).
It shares no code with the engine.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from quirks_model import (
    CARDS,
    CLIMATES,
    DESTINY_CYCLE,
    DESTINY_MARKERS,
    HAND_SHAPE,
    NICHE_STACKS,
    NICHES,
    RAW,
    X_SPACES,
    ZONES,
    advance,
    card_points,
    climate_at,
    destiny_after,
    food_points,
)

# Solitaire Rules, 1. Goal: the total a perfect group must reach in each climate.
TARGETS: dict[str, int] = {"ocean": 35, "forest": 40, "plain": 35, "desert": 30, "jungle": 40}
EXTINCTIONS_TO_LOSE = 3  # g) "With three cumulative extinctions, you lose the game."
DEFAULT_ACTION_LIMIT = 300  # ruling 32
# Setup 4 / ruling 5: how many markers of each niche are in the pool.
MARKERS: dict[str, int] = {n: int(RAW["destiny"][n]) for n in NICHES}
STACK_SIZES: Counter[str] = Counter(card.stack for card in CARDS.values())
FACES: dict[str, dict[str, str]] = {c["number"]: {"number": c["number"], "trait": c["trait"],
                                                  "syllable": c["syllable"], "part": c["part"], "stack": c["stack"]}
                                    for c in RAW["card"]}
# A hand is shown by stack (in the order of Setup 3), then in the order of the card data.
HAND_ORDER = sorted(CARDS, key=lambda n: list(HAND_SHAPE).index(CARDS[n].stack))
COUNT_ANY_TIME = ("start", "action", "climate", "random-mutation")  # f) "At any time" (ruling 31)


def replacement_stack(niche: str, number: str) -> str:
    """The stack a card of a QUiRKS of ``niche`` is replaced from: the one of its position (e; ruling 11)."""
    return NICHE_STACKS[niche][CARDS[number].position][0]


def quirks_name(cards: list[str]) -> str:
    """Ruling 2: a QUiRKS's name is its cards' syllables joined, A first."""
    ordered = sorted(cards, key=lambda n: CARDS[n].position)
    return "".join(FACES[n]["syllable"] for n in ordered).capitalize()


def group_counts(quirks: dict[str, list[str]], climate: str) -> dict[str, tuple[int, int]]:
    """(card values, food-chain points) of each QUiRKS of the group in ``climate``: the food chain
    among the three upper QUiRKS (ruling 31, Food Chain Points A-C)."""
    out = {}
    for niche in NICHES:
        others = {n: quirks[n] or None for n in NICHES if n != niche}
        out[niche] = (card_points(quirks[niche], climate), food_points(niche, quirks[niche], others, climate))
    return out


def group_total(quirks: dict[str, list[str]], climate: str) -> int:
    return sum(a + b for a, b in group_counts(quirks, climate).values())


def tip8_food_net(quirks: dict[str, list[str]], climate: str) -> int:
    """Strategy tip 8, NOTE: in a group, a food chain costs the grand total nothing while the
    "eating" card is worth no more than the "eaten" one, and lowers it when it is worth more: the
    plant loses what the herbivore gains (the eater is the herbivore's A card, the eaten the
    plant's A), and the herbivore loses the carnivore's A card while the carnivore gains the
    herbivore's C card. So each chain adds (eaten - eater) to the grand total."""
    def card(niche: str, position: str) -> str | None:
        found = [n for n in quirks[niche] if CARDS[n].position == position]
        return found[0] if found else None

    net = 0
    chains = ((card("herbivore", "A"), card("plant", "A")), (card("carnivore", "A"), card("herbivore", "C")))
    for eater, eaten in chains:
        if eater and eaten and CARDS[eater].food == CARDS[eaten].food:
            net += CARDS[eaten].values[climate] - CARDS[eater].values[climate]
    return net


@dataclass
class Solitaire:
    """The table as the rulebook makes it, step by step. ``stage`` names the decision awaited:
    "start" (c: draw a destiny marker, or count), "action" (e: change a card of the destined
    QUiRKS), "climate" (d: move the marker after the action), "random-mutation" (the optional
    rule), "counting" (ruling 31), "over"."""

    options: dict[str, Any]
    space: int
    quirks: dict[str, list[str]]
    hand: list[str]
    stage: str = "start"
    resume: str | None = None
    niche: str | None = None
    actions: int = 0
    extinct: list[list[str]] = field(default_factory=list)
    counted: list[tuple[str, int, int]] = field(default_factory=list)
    left: Counter[str] = field(default_factory=Counter)  # cards left in each stack
    discards: dict[str, list[str]] = field(default_factory=dict)
    drawn: list[str] = field(default_factory=list)  # destiny markers drawn since the pool was last mixed
    won: bool | None = None
    result: tuple[str, Any] | None = None  # why the game was lost: ("stack", name) and so on
    seen: set[str] = field(default_factory=set)  # every card ever out of the stacks
    events: list[tuple[Any, ...]] = field(default_factory=list)  # log lines the last step should add
    met: Counter[str] = field(default_factory=Counter)

    # ----------------------------------------------------------------- setup
    @classmethod
    def setup(cls, options: dict[str, Any], view: dict[str, Any]) -> Solitaire:
        """2. Play a) the marker anywhere, three complete QUiRKS in the upper niches; b) a hand of
        nine cards (a complete plant, herbivore and carnivore: "The basic rules" Setup). The cards
        are read from the player's view and checked against those rules."""
        space = int(view["climate"]["space"])
        assert 0 <= space < len(CLIMATES) * ZONES
        quirks = {q["niche"]: [c["number"] for c in q["cards"]] for q in view["quirks"]}
        assert list(quirks) == list(NICHES)
        for niche, cards in quirks.items():
            assert [CARDS[n].position for n in cards] == ["A", "B", "C"], (niche, cards)
            assert all(CARDS[n].stack == replacement_stack(niche, n) for n in cards), (niche, cards)
        hand = [c["number"] for c in view["hand"]]
        assert Counter(CARDS[n].stack for n in hand) == Counter(HAND_SHAPE), hand
        dealt = [n for cards in quirks.values() for n in cards] + hand
        assert len(set(dealt)) == len(dealt) == 18
        left = Counter(STACK_SIZES)
        left.subtract(CARDS[n].stack for n in dealt)
        model = cls(options, space, quirks, hand, left=left, discards={s: [] for s in STACK_SIZES}, seen=set(dealt))
        assert all(v > 0 for v in left.values())
        return model

    # ----------------------------------------------------------------- reading
    @property
    def climate(self) -> str:
        return climate_at(self.space)

    @property
    def limit(self) -> int:
        return int(self.options.get("action_limit", DEFAULT_ACTION_LIMIT))

    def legal(self) -> set[str]:
        """The legal actions of the step, as notation."""
        counts = {f"count {n}" for n in NICHES}
        if self.stage == "over":
            return set()
        if self.stage == "counting":
            done = {n for n, _, _ in self.counted}
            return {f"count {n}" for n in NICHES if n not in done} | {"stop"}
        if self.stage == "start":
            return {"continue"} | counts
        if self.stage == "climate":
            return {"climate 1", "climate 2"} | counts
        if self.stage == "random-mutation":  # "discard one card from one of your QUiRKS"
            return {f"replace {n}" for cards in self.quirks.values() for n in cards} | counts
        assert self.stage == "action" and self.niche
        out = set(counts)
        for n in self.quirks[self.niche]:  # e) discard and draw, or exchange with the hand
            out.add(f"mutate {n}")
            stack = replacement_stack(self.niche, n)
            out |= {f"mutate {n} for {h}" for h in self.hand if CARDS[h].stack == stack}
        return out

    def public(self) -> set[str]:
        """Cards shown on the table now or before: the QUiRKS, the discards, the extinct branches."""
        out = {n for cards in self.quirks.values() for n in cards}
        out |= {n for pile in self.discards.values() for n in pile}
        return out | {n for branch in self.extinct for n in branch}

    def expected_view(self, seat: int | None) -> dict[str, Any]:
        """What a view shows, the log aside: the player sees its hand and reads the codes of its
        cards (Components 6, ruling 3); a spectator reads no code and sees no hand until the end."""
        over = self.stage == "over"
        codes = seat is not None or over

        def face(n: str) -> dict[str, str]:
            return {**FACES[n], "codes": CARDS[n].codes()} if codes else dict(FACES[n])

        view: dict[str, Any] = {
            "game": "quirks-solitaire", "seat": seat,
            "climate": {"space": self.space, "name": self.climate, "zone": self.space % ZONES + 1,
                        "x_spaces": sorted(X_SPACES)},
            "thresholds": TARGETS, "stage": self.stage,
            "resume": self.resume if self.stage == "counting" else None,
            "niche": self.niche, "to_act": [] if over else [0],
            "quirks": [{"niche": n, "name": quirks_name(self.quirks[n]), "cards": [face(c) for c in self.quirks[n]]}
                       for n in NICHES],
            "hand_size": len(self.hand), "actions": self.actions, "extinctions": len(self.extinct),
            "counted": [{"niche": n, "cards": a, "food_chain": f, "total": a + f} for n, a, f in self.counted],
            "is_over": over, "won": self.won if over else None,
            "stacks": {s: {"cards": self.left[s], "discarded": list(self.discards[s])} for s in STACK_SIZES},
            "destiny": {"drawn": list(self.drawn), "pool": DESTINY_MARKERS - len(self.drawn)},
            "extinct": [list(b) for b in self.extinct],
        }
        if seat is not None or over:
            view["hand"] = [face(n) for n in sorted(self.hand, key=HAND_ORDER.index)]
        return view

    # ----------------------------------------------------------------- changes
    def _lose(self, why: str, detail: Any = None) -> None:
        if self.stage != "over":
            self.stage, self.won, self.result = "over", False, (why, detail)
            self.events.append(("over", False, why, detail))
            self.met[f"lost: {why}"] += 1

    def _take(self, stack: str, number: str) -> bool:
        """A card drawn from a stack (``number``, read from the table): of that stack and never seen
        before (the stacks are never rebuilt: "Discarded cards are no longer in play", ruling 30).
        Taking the last card loses at once (g, ruling 30); False then."""
        assert CARDS[number].stack == stack and number not in self.seen, (stack, number)
        assert self.left[stack] > 0
        self.left[stack] -= 1
        self.seen.add(number)
        if self.left[stack] == 0:
            self._lose("stack", stack)
            return False
        return True

    def _mutate(self, niche: str, old: str, after: dict[str, list[str]], stage: str) -> None:
        """A card of a QUiRKS discarded (out of play) and replaced by the top card of its stack,
        which takes its place (e; the optional rule)."""
        stack = replacement_stack(niche, old)
        kept = [n for n in self.quirks[niche] if n != old]
        new = [n for n in after[niche] if n not in kept]
        assert len(new) == 1 and len(after[niche]) == 3, (niche, old, after[niche])
        self.discards[CARDS[old].stack].append(old)
        self.quirks[niche] = [new[0] if n == old else n for n in self.quirks[niche]]
        self.events.append(("mutate-draw", niche, old, new[0], False))
        self.met[f"{stage}: discard and draw"] += 1
        if not self._take(stack, new[0]):
            self.met[f"{stage}: a stack ran out"] += 1

    def apply(self, text: str, after: dict[str, Any]) -> None:
        """Carry out ``text``; ``after`` is the player's view once the engine has, read only for
        what chance decided (the marker drawn, the cards drawn)."""
        self.events = []
        words = text.split()
        verb = words[0]
        table = {q["niche"]: [c["number"] for c in q["cards"]] for q in after["quirks"]}
        assert text in self.legal(), (text, self.stage)
        if verb == "count":
            self.count(words[1])
        elif verb == "stop":
            self.stop(table)
        elif verb == "continue":  # c) a destiny marker shows the niche to play in
            niche = after["niche"]
            assert niche in NICHES
            self.drawn = destiny_after(self.drawn, niche)
            assert Counter(self.drawn)[niche] <= MARKERS[niche], self.drawn
            self.met["destiny markers return to the pool" if len(self.drawn) == 1 and self.niche else "destiny"] += 1
            self.niche, self.stage = niche, "action"
            self.events.append(("destiny", niche))
        elif verb == "mutate":
            assert self.niche
            if len(words) == 4:  # e) exchanged with a card of the hand
                old, new = words[1], words[3]
                self.hand = [old if n == new else n for n in self.hand]
                self.quirks[self.niche] = [new if n == old else n for n in self.quirks[self.niche]]
                self.events.append(("mutate-draw", self.niche, old, new, True))
                self.met["action: exchange with the hand"] += 1
            else:
                self._mutate(self.niche, words[1], table, "action")
            self.actions += 1
            if self.stage != "over":
                if self.actions >= self.limit:  # ruling 32
                    self._lose("action limit")
                else:
                    self.stage = "climate"  # d) the marker moves after each action
        elif verb == "climate":
            steps = int(words[1])
            self.space, crossed = advance(self.space, steps)
            self.events.append(("climate", steps, self.space))
            self.met[f"climate {steps}"] += 1
            if crossed and self.options.get("random_mutation"):
                self.events.append(("random-mutation",))
                self.stage = "random-mutation"
                self.met["random mutation: an X met"] += 1
            else:
                if crossed:
                    self.met["an X met without the optional rule"] += 1
                self.stage = "start"
        elif verb == "replace":
            niche = next(n for n in NICHES if words[1] in self.quirks[n])
            self._mutate(niche, words[1], table, "random mutation")
            if self.stage != "over":
                self.stage = "start"
        else:
            raise AssertionError(text)

    def count(self, niche: str) -> None:
        """f)-g), ruling 31: one QUiRKS counted, with its food-chain points among the three; all
        three counted, the total wins if it reaches the climate's target, else the game is lost."""
        if self.stage != "counting":
            self.met[f"count begun at {self.stage}"] += 1
            self.resume, self.counted = self.stage, []
            self.stage = "counting"
        cards, food = group_counts(self.quirks, self.climate)[niche]
        self.counted.append((niche, cards, food))
        self.events.append(("counted", niche, cards, food))
        self.met["count: food chain (non-zero)" if food else "count: no food chain"] += 1
        if len(self.counted) < 3:
            return
        total = sum(a + f for _, a, f in self.counted)
        self.met[f"three counted in the {self.climate}"] += 1
        assert total == group_total(self.quirks, self.climate)
        net = tip8_food_net(self.quirks, self.climate)
        assert sum(f for _, _, f in self.counted) == net  # strategy tip 8, NOTE
        if net < 0:
            self.met["tip 8: an eater worth more lowers the grand total"] += 1
        if total >= TARGETS[self.climate]:
            self.stage, self.won = "over", True
            self.events.append(("over", True, total, self.climate))
            self.met["won"] += 1
            self.met[f"won in the {self.climate}"] += 1
            if total == TARGETS[self.climate]:
                self.met["won with the target exactly"] += 1
        else:
            self.met["lost: the count fell short"] += 1
            self._lose("short", (total, self.climate))

    def stop(self, table: dict[str, list[str]]) -> None:
        """g) The QUiRKS already counted become extinct branches, placed face down, each replaced
        by a new QUiRKS drawn from the stacks "according to the usual principle" (A, B and C of its
        niche), in the order they were counted; play resumes where the count began (ruling 31).
        The losses come at once (ruling 30): three cumulative extinctions, or a stack running out
        while replacing, end the game there, so a QUiRKS counted second that has not yet become
        extinct stays on the table. (That order, one QUiRKS after the other, is the engine's
        reading; the rulebook says only that "the QUiRKS already counted are considered extinct
        branches", and no ruling says what becomes of the second at the third extinction.)"""
        self.met[f"stop after {len(self.counted)}"] += 1
        for k, (niche, _, _) in enumerate(self.counted):
            self.extinct.append(self.quirks[niche])
            self.quirks[niche] = []
            self.events.append(("extinct", niche, len(self.extinct)))
            self.met[f"extinction {len(self.extinct)}"] += 1
            if len(self.extinct) >= EXTINCTIONS_TO_LOSE:
                if k + 1 < len(self.counted):
                    self.met["a counted QUiRKS left on the table at the third extinction"] += 1
                self._lose("extinctions")  # the counts stay shown: how the game ended
                return
            new = table[niche]
            for position in "ABC":
                number = [n for n in new if CARDS[n].position == position]
                assert len(number) == 1, (niche, new)
                self.quirks[niche].append(number[0])
                if not self._take(NICHE_STACKS[niche][position][0], number[0]):
                    assert new == self.quirks[niche], (new, self.quirks[niche])  # no card drawn after the loss
                    self.met["a stack ran out replacing an extinct QUiRKS"] += 1
                    return
            self.met["extinct QUiRKS replaced"] += 1
        self.counted = []
        self.stage, self.resume = self.resume or "start", None
        self.met[f"play resumes at {self.stage}"] += 1


def destiny_pool_ok(shown: int, drawn: list[str]) -> bool:
    """The pool holds the markers not drawn since it was last mixed (Setup 4: once five have been
    drawn, all return on the next draw)."""
    assert len(drawn) <= DESTINY_CYCLE
    return shown == DESTINY_MARKERS - len(drawn)
