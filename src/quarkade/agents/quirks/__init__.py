"""Bots for Quirks, its solitaire game and Quirkling.

No bot ever sees an adaptation value: the table that gives them is used only in a count, and
the views do not carry it. A bot judges a card as a player at the table does (:class:`Seen`):
by its printed number, which tells its stack and its food-chain symbol, and by its climate
codes where it can read them (its own cards, its hand, the face-up discards; never under
another player's identification marker). A printed code means 3 or more, no code 3 or less
(ruling 3: a 3 prints its code only on odd-numbered cards), so a coded card is worth about
4.3 and an uncoded one about 1.2; a card whose codes are hidden is worth what a card of its
stack is worth on average in that climate. How many cards of a stack bear each code is known
to everyone who sorted the stacks at setup.

- The Quirks bot (``heuristic``) estimates each QUiRKS in the coming climates, with its
  food-chain points and what past counts revealed, moves the climate toward where its QUiRKS
  are strong, competes when the estimate is favourable (and bluffs now and then), and gives
  way when outclassed, as the rulebook's Strategy Tips advise.
- The solitaire bot (``heuristic`` or ``solitaire``) picks the climate its group can best
  reach, works each destined QUiRKS toward it, waits in that climate and counts when the
  estimate says the threshold is likely met.
- The Quirkling bot (``heuristic``) asks for the stack that brings a QUIRKLING it lacks
  closest, from players not known to lack it, and keeps the cards that will bear the coming
  climates' codes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from quarkade.agents.base import Bot, register_bot
from quarkade.core.game import Action, View
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.components import (
    CLIMATE_LETTERS,
    COMPONENTS,
    NICHES,
    STACK_ROWS,
    STACKS,
)
from quarkade.games.quirks.rules import NICHE_STACKS

ZONES = COMPONENTS.zones_per_climate
CLIMATE_COUNT = len(COMPONENTS.climates)
SPACES = CLIMATE_COUNT * ZONES
PLANT, HERBIVORE, CARNIVORE = range(3)
UPPER, LOWER = 0, 1
LEVELS = ("upper", "lower")
STACK_INDEX = {name: index for index, name in enumerate(STACKS)}
NUMBERS = tuple(card.number for card in COMPONENTS.cards)  # a Move names a card by its index
INDEX = {number: index for index, number in enumerate(NUMBERS)}


# ----------------------------------------------------------------------------- what a player can see


def _printed_faces() -> tuple[dict[str, int], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The public facts of the printed faces: each card's food-chain symbol (printed beside
    its number, outside the identification marker), and how many cards of each stack bear
    each climate's code (everyone sorts the stacks face up at setup). Nothing here says which
    card of a hidden QUiRKS bears which code."""
    food = {card.number: card.food for card in COMPONENTS.cards}
    coded = tuple(
        tuple(sum(card.code_text().count(letter) for card in COMPONENTS.stack_cards(stack))
              for letter in CLIMATE_LETTERS)
        for stack in range(len(STACKS))
    )
    sizes = tuple(len(COMPONENTS.stack_cards(stack)) for stack in range(len(STACKS)))
    return food, coded, sizes


FOOD, CODED_IN_STACK, STACK_SIZE = _printed_faces()

# What a seasoned player expects a card to be worth, by what it shows: [even number, odd number].
CODED_MEAN, CODED_VAR = (4.58, 4.15), (0.25, 0.8)  # a code: 4 or 5, or a 3 on an odd number
UNCODED_MEAN, UNCODED_VAR = (1.39, 0.92), (1.2, 0.65)  # no code: 0 to 2, or a 3 on an even number
CODED_ANY, UNCODED_ANY = 4.32, 1.18  # the same, whatever the number


def share_coded(stack: int, climate: int, held: Iterable[Seen] = ()) -> float:
    """The share of the cards of ``stack`` not among ``held`` that bear ``climate``'s code."""
    coded, size = CODED_IN_STACK[stack][climate], STACK_SIZE[stack]
    for card in held:
        if card.stack == stack and card.number and card.codes is not None:
            size -= 1
            coded -= bool(card.coded(climate))
    return max(0.0, coded / size) if size > 0 else 0.0


def unseen_guess(stack: int, climate: int, held: Iterable[Seen] = ()) -> tuple[float, float]:
    """(mean, variance) of a card of ``stack`` whose codes one cannot read."""
    p = share_coded(stack, climate, held)
    mean = p * CODED_ANY + (1 - p) * UNCODED_ANY
    var = p * (0.6 + (CODED_ANY - mean) ** 2) + (1 - p) * (1.0 + (UNCODED_ANY - mean) ** 2)
    return mean, var


@dataclass(frozen=True, slots=True)
class Seen:
    """What a player can see of one card: its printed number (hence its stack and food-chain
    symbol) and its climate codes when the view shows them, ``None`` under another player's
    identification marker. A card not yet drawn has no number."""

    number: str
    stack: int
    codes: str | None

    @classmethod
    def of(cls, card: Mapping[str, Any]) -> Seen:
        return cls(card["number"], STACK_INDEX[card["stack"]], card.get("codes"))

    @classmethod
    def unseen(cls, stack: int) -> Seen:
        return cls("", stack, None)

    @property
    def row(self) -> str:
        return STACK_ROWS[self.stack]

    @property
    def food(self) -> int:
        return FOOD.get(self.number, -1)

    def coded(self, climate: int) -> bool | None:
        """Whether the card bears the climate's code; ``None`` when one cannot read it."""
        return None if self.codes is None else CLIMATE_LETTERS[climate] in self.codes

    def guess(self, climate: int, held: Sequence[Seen] = ()) -> tuple[float, float]:
        """(mean, variance) of the card's adaptation value in ``climate``; a card one cannot
        read is one of its stack's cards other than ``held``."""
        coded = self.coded(climate)
        if coded is None:
            return unseen_guess(self.stack, climate, held)
        if not self.number:
            return (CODED_ANY, 0.6) if coded else (UNCODED_ANY, 1.0)
        odd = int(self.number[1:]) % 2
        return (CODED_MEAN[odd], CODED_VAR[odd]) if coded else (UNCODED_MEAN[odd], UNCODED_VAR[odd])

    def mean(self, climate: int) -> float:
        return self.guess(climate)[0]


def card_at(cards: Sequence[Seen], row: str) -> Seen | None:
    for card in cards:
        if card.row == row:
            return card
    return None


def _eats(eater: Seen | None, eaten: Seen | None) -> bool:
    return eater is not None and eaten is not None and eater.food >= 0 and eater.food == eaten.food


def quirks_guess(niche: int, cards: Sequence[Seen], level: Sequence[Sequence[Seen]],
                 climate: int, held: Sequence[Seen] = ()) -> tuple[float, float]:
    """(mean, variance) of a QUiRKS's total in ``climate``, with the food-chain points it
    gains or loses from the QUiRKS of the other niches at its level ("Food Chain Points")."""
    mean = var = 0.0
    for card in cards:
        m, v = card.guess(climate, held)
        mean, var = mean + m, var + v
    own_a = card_at(cards, "A")

    def add(card: Seen | None, sign: int) -> None:
        nonlocal mean, var
        if card is not None:
            m, v = card.guess(climate, held)
            mean, var = mean + sign * m, var + v

    if niche == PLANT:
        herbivore_a = card_at(level[HERBIVORE], "A")
        if _eats(herbivore_a, own_a):
            add(herbivore_a, -1)
    elif niche == HERBIVORE:
        plant_a = card_at(level[PLANT], "A")
        if _eats(own_a, plant_a):
            add(plant_a, 1)
        carnivore_a = card_at(level[CARNIVORE], "A")
        if _eats(carnivore_a, card_at(cards, "C")):
            add(carnivore_a, -1)
    else:
        herbivore_c = card_at(level[HERBIVORE], "C")
        if _eats(own_a, herbivore_c):
            add(herbivore_c, 1)
    return mean, var


def beats(mine: tuple[float, float], theirs: tuple[float, float], occupant: bool) -> float:
    """The chance that a total guessed as ``mine`` wins against ``theirs``: the occupant of
    the niche wins a tie, the challenger needs one point more."""
    shift = 0.5 if occupant else -0.5
    spread = math.sqrt(max(mine[1] + theirs[1], 0.25))
    return 0.5 * (1 + math.erf((mine[0] - theirs[0] + shift) / (spread * math.sqrt(2))))


def climate_of(space: int) -> int:
    return space % SPACES // ZONES


# ----------------------------------------------------------------------------- Quirks


# Set by hand from the Strategy Tips, checked in play (tests/test_bots_quirks.py).
BLUFF = 0.12  # how often a beaten QUiRKS shows itself face up all the same
CHOSEN_THIRD = 0.8  # a challenger picks the better of the drawn card and its hand: a little above the mean
ACCEPT_SIGNAL = 0.5  # a defender who accepts a lower competition is probably not weak
HORIZON = ((0, 0.5), (1, 0.3), (2, 0.2))  # weights of the current and coming climates in a mutation


class Table:
    """What a seat of Quirks reads from its view."""

    def __init__(self, view: View) -> None:
        data: dict[str, Any] = view.data
        assert view.seat is not None, "a bot plays a seat"
        self.seat = view.seat
        self.space: int = data["climate"]["space"]
        self.climate = climate_of(self.space)
        self.niche = NICHES.index(data["niche"]) if data["niche"] else -1
        self.slots: list[list[tuple[int, tuple[Seen, ...]] | None]] = [
            [None if entry[name] is None else
             (entry[name]["owner"], tuple(Seen.of(c) for c in entry[name]["cards"])) for name in LEVELS]
            for entry in data["niches"]
        ]
        self.hand = tuple(Seen.of(c) for c in data.get("hand", []))
        self.contest: dict[str, Any] | None = data.get("contest")
        self.reveals: list[dict[str, Any]] = data["reveals"]
        self.extinctions: int = data["players"][self.seat]["extinctions"]
        self.log: list[dict[str, Any]] = data.get("log", [])

    def owner(self, niche: int, level: int) -> int:
        slot = self.slots[niche][level]
        return -1 if slot is None else slot[0]

    def cards(self, niche: int, level: int) -> tuple[Seen, ...]:
        slot = self.slots[niche][level]
        return () if slot is None else slot[1]

    def mine(self, niche: int, level: int) -> bool:
        return self.owner(niche, level) == self.seat

    def guess(self, niche: int, level: int, climate: int, cards: Sequence[Seen] | None = None,
              bonus: float = 0.0) -> tuple[float, float]:
        """A QUiRKS in ``niche`` at ``level`` (``cards``, or the one there), with its food chain.
        For another player's QUiRKS, a count in that climate since it took the niche says more
        than the average of its hidden cards."""
        own = cards is None and self.mine(niche, level)
        quirks = tuple(cards) if cards is not None else self.cards(niche, level)
        level_cards = [self.cards(n, level) for n in range(3)]
        level_cards[niche] = quirks
        mean, var = quirks_guess(niche, quirks, level_cards, climate)
        if cards is None and not own:
            counted = self._counted(niche, level, climate)
            if counted is not None:
                base = sum(card.mean(climate) for card in quirks)
                mean += 0.6 * (counted - base)
                var = var * 0.4 + 0.5
        return mean + bonus, var

    def _counted(self, niche: int, level: int, climate: int) -> int | None:
        """The card total a count showed for the QUiRKS now in this slot, in ``climate``."""
        owner = self.owner(niche, level)
        for reveal in reversed(self.reveals):
            if reveal["niche"] == NICHES[niche] and reveal["level"] == LEVELS[level]:
                if reveal["winner"] != owner or reveal["climate"] != COMPONENTS.climates[climate] \
                        or str(owner) in reveal["rolled"]:
                    return None
                total: int = reveal["totals"][str(owner)]["cards"]
                return total
        return None

    def completed(self, niche: int, climate: int) -> tuple[Seen, ...]:
        """Our lower QUiRKS completed by the best third card we could give it: from the hand,
        or the unseen card drawn from the missing stack."""
        lower = self.cards(niche, LOWER)
        stack = missing_stack(niche, lower)
        options = [card for card in self.hand if card.stack == stack] + [Seen.unseen(stack)]
        return max((lower + (third,) for third in options),
                   key=lambda quirks: self.guess(niche, UPPER, climate, quirks)[0])

    def challenger_upper(self, niche: int, climate: int) -> tuple[float, float]:
        """Another player's lower QUiRKS completed for the upper niche, its third card unseen."""
        lower = self.cards(niche, LOWER)
        quirks = lower + (Seen.unseen(missing_stack(niche, lower)),)
        return self.guess(niche, UPPER, climate, quirks, bonus=CHOSEN_THIRD)

    def strength(self, climate: int) -> float:
        """How well our QUiRKS would fare in ``climate``: the chance each keeps or wins its niche,
        the destined niche counting double."""
        total = 0.0
        for niche in range(3):
            weight = 2.0 if niche == self.niche else 1.0
            if self.mine(niche, UPPER):
                if self.owner(niche, LOWER) >= 0:
                    held = beats(self.guess(niche, UPPER, climate), self.challenger_upper(niche, climate), True)
                else:
                    held = 0.9
                total += weight * (1.0 + held)
            elif self.mine(niche, LOWER):
                if self.owner(niche, UPPER) < 0:
                    total += weight
                else:
                    mine = self.guess(niche, UPPER, climate, self.completed(niche, climate))
                    total += weight * (0.5 + beats(mine, self.guess(niche, UPPER, climate), False))
        return total

    def since_challenge(self) -> list[dict[str, Any]]:
        """The events the log shows since the competition for an upper niche began."""
        for at in range(len(self.log) - 1, -1, -1):
            if self.log[at].get("event") == "challenge-upper":
                return self.log[at + 1:]
        return []

    def horizon_guess(self, niche: int, level: int, cards: Sequence[Seen],
                      horizon: Sequence[tuple[int, float]] = HORIZON) -> float:
        return sum(weight * self.guess(niche, level, (self.climate + step) % CLIMATE_COUNT, cards)[0]
                   for step, weight in horizon)


def missing_stack(niche: int, cards: Sequence[Seen]) -> int:
    rows = {card.row for card in cards}
    row = next(r for r in "ABC" if r not in rows)
    return NICHE_STACKS[niche]["ABC".index(row)]


def _moves(legal: Sequence[Action]) -> list[Move]:
    return [action for action in legal if isinstance(action, Move)]


def _pick(moves: Sequence[Move], verb: Verb) -> Move:
    """The move of ``verb`` (the first legal move if there is none)."""
    return next((m for m in moves if m.verb is verb), moves[0])


def _seen_by_index(cards: Iterable[Seen]) -> dict[int, Seen]:
    """The cards we see, by the index a Move names them with."""
    return {INDEX[card.number]: card for card in cards if card.number}


class QuirksHeuristic(Bot):
    """Quirks by the rulebook's Strategy Tips, on estimates from what its seat can see."""

    kind = "heuristic"

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        t = Table(view)
        moves = _moves(legal)
        verbs = {m.verb for m in moves}
        stage: str = view.data["stage"]
        if stage == "setup":
            return next(m for m in moves if m.number == 0)  # a B card: no food-chain symbol to show
        if stage == "choose-niche":
            return self._choose_niche(t, moves)
        if stage == "upper-owned":
            gain = self._best_mutation(t, t.niche, UPPER, None)[1]
            return _pick(moves, Verb.MUTATE if gain >= 1.0 else Verb.REDRAW)
        if stage == "climate":
            return self._climate(t, moves)
        if stage == "random-mutation":
            return self._random_mutation(t, moves)
        if stage == "action":
            return self._action(t, moves)
        if stage == "lower-defence":
            return _pick(moves, Verb.ACCEPT if self._lower_chance(t, defending=True) >= self._nerve(t, 0.4)
                              else Verb.PASS)
        if stage == "lower-attack":
            return _pick(moves, Verb.FIGHT if self._lower_chance(t, defending=False) >= self._nerve(t, 0.5)
                              else Verb.GIVE_UP)
        if stage == "intelligence":
            return _pick(moves, Verb.ROLL if self._table_value(t) < 3.5 else Verb.TABLE)
        if stage == "upper-complete":
            return self._complete(t, moves)
        if stage == "upper-sealed":
            return self._sealed(t, moves)
        if stage == "demote":
            return self._demote(t, moves)
        if stage == "concede-defender":
            return _pick(moves, Verb.HOLD if self._upper_chance(t) >= self._nerve(t, 0.25) else Verb.CONCEDE)
        if stage == "concede-challenger":
            return _pick(moves, Verb.FIGHT if self._upper_chance(t) >= self._nerve(t, 0.45)
                              else Verb.CONCEDE)
        if stage == "after-win":
            return _pick(moves, Verb.CONTINUE if len(t.hand) >= 4 else Verb.END)
        if stage == "surplus":
            return min(moves, key=lambda m: self._hand_worth(t, m.cards[0]))
        if stage == "defence":
            return _pick(moves, Verb.CHALLENGE)  # declining lets the holder win
        if Verb.END in verbs:
            return _pick(moves, Verb.END)
        return legal[0]

    # ----------------------------------------------------------------- helpers
    def _nerve(self, t: Table, base: float) -> float:
        """The chance of winning a count we ask for before risking an extinction: more with
        two extinctions already, as a third eliminates us."""
        return base + 0.15 * max(0, t.extinctions - 1)

    def _bluff(self) -> bool:
        return self.chance.random() < BLUFF

    def _hand_worth(self, t: Table, index: int) -> float:
        card = next(c for c in t.hand if c.number == NUMBERS[index])
        return sum(weight * card.mean((t.climate + step) % CLIMATE_COUNT) for step, weight in HORIZON)

    # ----------------------------------------------------------------- the turn
    def _choose_niche(self, t: Table, moves: Sequence[Move]) -> Move:
        """The advanced game: the niche with the best prospect in the current climate."""

        def prospect(niche: int) -> float:
            c = t.climate
            if t.mine(niche, UPPER):
                return 0.2
            if t.mine(niche, LOWER):
                if t.owner(niche, UPPER) < 0:
                    return 10.0
                mine = t.guess(niche, UPPER, c, t.completed(niche, c))
                return 4.0 * beats(mine, t.guess(niche, UPPER, c), False)
            if t.owner(niche, UPPER) < 0 and self._triples(t, niche):
                return 9.0
            pair = self._best_pair(t, niche)
            if pair is None:
                return 0.0
            if t.owner(niche, LOWER) < 0:
                return 6.0
            return 3.0 * beats(t.guess(niche, LOWER, c, pair), t.guess(niche, LOWER, c), False)

        return max(moves, key=lambda m: prospect(m.number))

    def _climate(self, t: Table, moves: Sequence[Move]) -> Move:
        """Tip 1: strong in the current climate, move slowly; weak, or stronger in the coming
        one, move quickly."""
        one, two = climate_of(t.space + 1), climate_of(t.space + 2)
        if one == two:
            later = (one + 1) % CLIMATE_COUNT
            steps = 1 if t.strength(one) >= t.strength(later) else 2
        else:
            steps = 1 if t.strength(one) >= t.strength(two) else 2
        return next((m for m in moves if m.number == steps), moves[0])

    def _random_mutation(self, t: Table, moves: Sequence[Move]) -> Move:
        """Replace the weakest card: a QUiRKS's card lacking the coming climates' codes first."""
        placed: dict[str, float] = {}
        for niche in range(3):
            for level, weight in ((UPPER, 1.0), (LOWER, 0.8)):
                if t.mine(niche, level):
                    for card in t.cards(niche, level):
                        placed[card.number] = weight
        seen = {card.number: card for card in t.hand}
        seen.update({card.number: card for n in range(3) for lv in (UPPER, LOWER) if t.mine(n, lv)
                     for card in t.cards(n, lv)})

        def gain(m: Move) -> float:
            card = seen[NUMBERS[m.cards[0]]]
            weight = placed.get(card.number, 0.3)
            return weight * sum(w * (unseen_guess(card.stack, (t.climate + s) % CLIMATE_COUNT)[0]
                                     - card.mean((t.climate + s) % CLIMATE_COUNT)) for s, w in HORIZON)

        return max(moves, key=gain)

    def _action(self, t: Table, moves: Sequence[Move]) -> Move:
        niche = t.niche
        c = t.climate
        places = [m for m in moves if m.verb is Verb.PLACE]
        if places:
            triples = [m for m in places if len(m.cards) == 3]
            if triples:  # a vacant upper niche: taking it is a won competition
                return max(triples, key=lambda m: t.guess(niche, UPPER, c, self._cards(t, m.cards))[0])
            return self._place(t, places)
        if any(m.verb is Verb.COMPETE for m in moves):
            if t.owner(niche, UPPER) < 0:
                return _pick(moves, Verb.COMPETE)
            mine = t.guess(niche, UPPER, c, t.completed(niche, c))
            chance = beats(mine, t.guess(niche, UPPER, c), False)
            if chance >= self._nerve(t, 0.5) or (chance >= 0.25 and self._bluff()):
                return _pick(moves, Verb.COMPETE)
        level = UPPER if t.mine(niche, UPPER) else LOWER
        mutation, _ = self._best_mutation(t, niche, level, moves)
        return mutation if mutation is not None else moves[0]

    def _cards(self, t: Table, indices: Iterable[int]) -> tuple[Seen, ...]:
        seen = _seen_by_index(t.hand)
        return tuple(seen[i] for i in indices)

    def _triples(self, t: Table, niche: int) -> bool:
        return all(any(card.stack == stack for card in t.hand) for stack in NICHE_STACKS[niche])

    def _pair_merit(self, t: Table, niche: int, pair: Sequence[Seen]) -> float:
        """A lower QUiRKS's estimate; tip 5: a pair showing no food-chain card keeps the choice
        of colour for the competition for the upper niche."""
        merit = t.horizon_guess(niche, LOWER, pair, ((0, 0.7), (1, 0.3)))
        shows_food = any(card.food >= 0 and card.row != "A" for card in pair)
        return merit - (0.6 if shows_food else 0.0)

    def _best_pair(self, t: Table, niche: int) -> tuple[Seen, ...] | None:
        a_stack, b_stack, c_stack = NICHE_STACKS[niche]
        heads = [card for card in t.hand if card.stack == a_stack]
        others = [card for card in t.hand if card.stack in (b_stack, c_stack)]
        pairs = [(a, x) for a in heads for x in others]
        if not pairs:
            return None
        return max(pairs, key=lambda pair: self._pair_merit(t, niche, pair))

    def _place(self, t: Table, places: Sequence[Move]) -> Move:
        """The best pair for the lower niche (the rules leave no other choice here: one may
        still give up once the occupant accepts)."""
        return max(places, key=lambda m: self._pair_merit(t, t.niche, self._cards(t, m.cards)))

    def _best_mutation(self, t: Table, niche: int, level: int, moves: Sequence[Move] | None,
                       horizon: Sequence[tuple[int, float]] = HORIZON) -> tuple[Move | None, float]:
        """The mutation of our QUiRKS in ``niche`` that most improves it over ``horizon``:
        exchange the weakest card with a better one of its stack from the hand, or discard it
        and draw. ``moves`` limits the choice to legal ones (``None``: any, to judge the gain)."""
        quirks = t.cards(niche, level)
        if not quirks:
            return None, 0.0
        now = t.horizon_guess(niche, level, quirks, horizon)
        seen = _seen_by_index((*quirks, *t.hand))
        candidates: list[Move] = []
        if moves is None:
            for card in quirks:
                index = INDEX[card.number]
                candidates.append(Move(Verb.MUTATE, (index,)))
                candidates.extend(Move(Verb.MUTATE, (index, INDEX[h.number]))
                                  for h in t.hand if h.stack == card.stack)
        else:
            candidates = [m for m in moves if m.verb is Verb.MUTATE and m.cards]
        best: tuple[Move | None, float] = (None, -math.inf)
        for m in candidates:
            old = seen[m.cards[0]]
            new = seen[m.cards[1]] if len(m.cards) == 2 else Seen.unseen(old.stack)
            after = tuple(new if card is old else card for card in quirks)
            gain = t.horizon_guess(niche, level, after, horizon) - now
            if len(m.cards) == 1:
                gain -= 0.2  # a drawn card is a gamble; a known one is not
            if gain > best[1]:
                best = (m, gain)
        return best

    # ----------------------------------------------------------------- competitions
    def _lower_chance(self, t: Table, defending: bool) -> float:
        """The chance the defender's lower QUiRKS holds (``defending``) or the attacker's wins."""
        contest = t.contest
        assert contest is not None
        niche = NICHES.index(contest["niche"])
        c = t.climate
        attacker_cards = tuple(Seen.of(card) for card in contest["attacker_cards"])
        attacker = t.guess(niche, LOWER, c, attacker_cards)
        if defending:
            return beats(t.guess(niche, LOWER, c), attacker, True)
        return beats(attacker, t.guess(niche, LOWER, c, bonus=ACCEPT_SIGNAL), False)

    def _table_value(self, t: Table) -> float:
        """Our competing QUiRKS's estimated table value per card (the Intelligent Race)."""
        contest = t.contest
        assert contest is not None
        niche = NICHES.index(contest["niche"])
        if contest["attacker"] == t.seat:
            cards = tuple(Seen.of(card) for card in contest["attacker_cards"])
        else:
            cards = t.cards(niche, LOWER if contest["kind"] == "lower" else UPPER)
        return sum(card.mean(t.climate) for card in cards) / max(1, len(cards))

    def _complete(self, t: Table, moves: Sequence[Move]) -> Move:
        """Tip 4: the third card the others do not know, a food-chain card if it makes colours
        match or avoids it."""
        contest = t.contest
        assert contest is not None
        niche = NICHES.index(contest["niche"])
        lower = tuple(Seen.of(card) for card in contest["attacker_cards"])
        seen = _seen_by_index(t.hand)

        def merit(m: Move) -> float:
            if m.cards:
                third = seen[m.cards[0]]
            elif contest.get("drawn") is not None:
                third = Seen.of(contest["drawn"])
            else:
                third = Seen.unseen(missing_stack(niche, lower))
            return t.guess(niche, UPPER, t.climate, lower + (third,))[0]

        return max(moves, key=merit)

    def _upper_chance(self, t: Table) -> float:
        """The chance our side of a competition for an upper niche wins the count."""
        contest = t.contest
        assert contest is not None
        niche = NICHES.index(contest["niche"])
        c = t.climate
        if contest["attacker"] == t.seat:
            mine = t.guess(niche, UPPER, c, tuple(Seen.of(card) for card in contest["attacker_cards"]))
            defender_mutated = any(event.get("event") in ("mutate-exchange", "mutate-secret")
                                   and event.get("seat") == contest["defender"] for event in t.since_challenge())
            return beats(mine, t.guess(niche, UPPER, c, bonus=0.5 if defender_mutated else 0.0), False)
        attacker_cards = tuple(Seen.of(card) for card in contest["attacker_cards"])
        if len(attacker_cards) < 3:
            attacker = t.guess(niche, UPPER, c, attacker_cards + (Seen.unseen(missing_stack(niche, attacker_cards)),),
                               bonus=CHOSEN_THIRD)
        else:
            attacker = t.guess(niche, UPPER, c, attacker_cards)
        return beats(t.guess(niche, UPPER, c), attacker, True)

    def _sealed(self, t: Table, moves: Sequence[Move]) -> Move:
        contest = t.contest
        assert contest is not None
        niche = NICHES.index(contest["niche"])
        defending = contest["defender"] == t.seat
        if defending and any(m.verb is Verb.MUTATE for m in moves):
            mutation, gain = self._best_mutation(t, niche, UPPER, moves, ((0, 1.0),))
            if mutation is not None and gain >= 0.8:
                return mutation
        chance = self._upper_chance(t)
        if defending:
            # Face down, the defender keeps a lower QUiRKS if beaten; face up, it wins outright
            # against a challenger who hides.
            up = chance >= 0.4 or (chance >= 0.15 and self._bluff())
        else:
            # Tip 4: outclassed, the challenger plays face down and waits for a better climate.
            up = chance >= self._nerve(t, 0.5) or (chance >= 0.2 and self._bluff())
        return _pick(moves, Verb.FACE_UP if up else Verb.FACE_DOWN)

    def _demote(self, t: Table, moves: Sequence[Move]) -> Move:
        """Keep the two cards that make the best lower QUiRKS in the coming climates."""
        contest = t.contest
        assert contest is not None
        niche = NICHES.index(contest["niche"])
        if contest["attacker"] == t.seat:
            cards = tuple(Seen.of(card) for card in contest["attacker_cards"])
        else:
            cards = t.cards(niche, UPPER)
        seen = _seen_by_index(cards)

        def kept(m: Move) -> float:
            gone = seen[m.cards[0]]
            pair = tuple(card for card in cards if card is not gone)
            return t.horizon_guess(niche, LOWER, pair)

        return max(moves, key=kept)


register_bot("heuristic", "quirks")(QuirksHeuristic)


# ----------------------------------------------------------------------------- the solitaire game


# Tuned for the most wins over seeded games (the figures are in tests/test_bots_quirks.py).
COUNT_CHANCE = 0.75  # count when the group reaches the threshold this likely
STOP_CHANCE = 0.5  # stop counting (extinct branches) when the rest reaches it less likely than this
DRAW_COST = 0.3  # a card drawn is a card the stacks no longer hold
RESERVE = 0.1  # weight of the hand's cards, kept for later exchanges


class Group:
    """What the solitaire player reads from its view."""

    def __init__(self, view: View) -> None:
        data: dict[str, Any] = view.data
        self.space: int = data["climate"]["space"]
        self.climate = climate_of(self.space)
        self.niche = NICHES.index(data["niche"]) if data["niche"] else -1
        self.quirks = [tuple(Seen.of(card) for card in q["cards"]) for q in data["quirks"]]
        self.hand = tuple(Seen.of(card) for card in data["hand"])
        self.thresholds: tuple[int, ...] = tuple(data["thresholds"][name] for name in COMPONENTS.climates)
        self.left = tuple(data["stacks"][name]["cards"] for name in STACKS)
        self.counted: list[dict[str, Any]] = data["counted"]
        self.extinctions: int = data["extinctions"]
        self.actions: int = data["actions"]
        self.held = tuple(card for q in self.quirks for card in q) + self.hand

    def total(self, climate: int, quirks: Sequence[Sequence[Seen]] | None = None,
              niches: Iterable[int] = range(3)) -> tuple[float, float]:
        group = self.quirks if quirks is None else quirks
        mean = var = 0.0
        for niche in niches:
            m, v = quirks_guess(niche, group[niche], group, climate, self.held)
            mean, var = mean + m, var + v
        return mean, var

    def chance(self, climate: int, quirks: Sequence[Sequence[Seen]] | None = None) -> float:
        """The chance the group reaches ``climate``'s threshold."""
        return reaches(self.total(climate, quirks), self.thresholds[climate])

    def potential(self, climate: int) -> float:
        """What the group could reach in ``climate`` with the best cards of the group and the
        hand in place, and the coded cards still in the stacks for the positions lacking one,
        against its threshold."""
        total = 0.0
        for stack in range(len(STACKS)):
            positions = sum(card.stack == stack for q in self.quirks for card in q)
            means = sorted((card.mean(climate) for card in self.held if card.stack == stack), reverse=True)
            for mean in means[:positions]:
                total += mean
                if mean < 3 and self.left[stack] > 0:
                    total += 0.5 * share_coded(stack, climate, self.held) * (CODED_ANY - mean)
        threshold: int = self.thresholds[climate]
        return total - threshold

    def target(self) -> int:
        return max(range(CLIMATE_COUNT), key=lambda c: (self.potential(c), c == self.climate))


def reaches(total: tuple[float, float], threshold: float) -> float:
    """The chance a total guessed as ``total`` is at least ``threshold``."""
    spread = math.sqrt(max(total[1], 0.25))
    return 0.5 * (1 + math.erf((total[0] - threshold + 0.5) / (spread * math.sqrt(2))))


class SolitaireHeuristic(Bot):
    """The solitaire game by tip 8: find the best climate for the group, wait for it, count."""

    kind = "heuristic"

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        g = Group(view)
        moves = _moves(legal)
        stage: str = view.data["stage"]
        if stage in ("start", "climate") and g.chance(g.climate) >= self._count_chance(g):
            return self._first_count(g, moves)  # before drawing a marker, or after an action
        if stage == "start":
            return _pick(moves, Verb.CONTINUE)
        if stage == "counting":
            return self._first_count(g, moves) if self._count_on(g) else _pick(moves, Verb.STOP)
        if stage == "climate":
            return next((m for m in moves if m.verb is Verb.CLIMATE and m.number == self._steps(g)), moves[0])
        if stage == "random-mutation":
            return self._replace(g, [m for m in moves if m.verb is Verb.REPLACE])
        if stage == "action":
            return self._mutate(g, [m for m in moves if m.verb is Verb.MUTATE])
        return legal[0]

    @staticmethod
    def _first_count(g: Group, moves: Sequence[Move]) -> Move:
        """The QUiRKS least likely to do its share is counted first: if it falls short, stopping
        then loses only it (tip 8: provoke the extinction of a poorly adapted QUiRKS)."""
        counts = [m for m in moves if m.verb is Verb.COUNT]
        return min(counts, key=lambda m: g.total(g.climate, niches=(m.number,))[0])

    def _count_chance(self, g: Group) -> float:
        """Short of cards or of actions, a lesser chance is worth taking."""
        actions_left = self.game.options["action_limit"] - g.actions
        short = min(g.left[stack] for stack in range(len(STACKS)))
        if actions_left <= 6:
            return 0.05
        if actions_left <= 20 or short <= 1:
            return COUNT_CHANCE - 0.2
        return COUNT_CHANCE

    def _count_on(self, g: Group) -> bool:
        if g.extinctions + len(g.counted) >= 3:
            return True  # stopping would be the third extinction: nothing to lose
        counted = sum(entry["total"] for entry in g.counted)
        done = {NICHES.index(entry["niche"]) for entry in g.counted}
        rest = g.total(g.climate, niches=[n for n in range(3) if n not in done])
        return reaches(rest, g.thresholds[g.climate] - counted) >= STOP_CHANCE

    def _steps(self, g: Group) -> int:
        """Stay in the target climate (one zone at a time); travel to it two at a time, but
        enter it on its first zone."""
        target = g.target()
        if climate_of(g.space + 1) == target:
            return 1
        return 2

    def _objective(self, g: Group, target: int, quirks: Sequence[Sequence[Seen]], hand: Sequence[Seen]) -> float:
        return g.total(target, quirks)[0] + RESERVE * sum(card.mean(target) for card in hand)

    def _mutate(self, g: Group, moves: Sequence[Move]) -> Move:
        """The change that brings the destined QUiRKS closest to the target climate: a coded
        card from the hand, else a new card for one lacking the code."""
        target = g.target()
        niche = g.niche
        seen = _seen_by_index(g.held)

        def merit(m: Move) -> float:
            old = seen[m.cards[0]]
            hand = list(g.hand)
            if len(m.cards) == 2:
                new = seen[m.cards[1]]
                hand[hand.index(new)] = old
                cost = 0.0
            else:
                if g.left[old.stack] == 0:
                    return -math.inf  # the stack has run out: drawing from it loses the game
                new = Seen.unseen(old.stack)
                cost = DRAW_COST + (1.5 if g.left[old.stack] <= 2 else 0.0)
            quirks = list(g.quirks)
            quirks[niche] = tuple(new if card is old else card for card in quirks[niche])
            return self._objective(g, target, quirks, hand) - cost

        return max(moves, key=merit)

    def _replace(self, g: Group, moves: Sequence[Move]) -> Move:
        """Random Mutation: the card the target climate needs least, from a stack that has cards."""
        target = g.target()
        seen = _seen_by_index(g.held)

        def loss(m: Move) -> float:
            card = seen[m.cards[0]]
            if g.left[card.stack] == 0:
                return math.inf
            return card.mean(target) - Seen.unseen(card.stack).guess(target, g.held)[0]

        return min(moves, key=loss)


register_bot("heuristic", "quirks-solitaire")(SolitaireHeuristic)
register_bot("solitaire", "quirks-solitaire")(SolitaireHeuristic)


# ----------------------------------------------------------------------------- Quirkling


CLIMATE_STEPS = 2  # the marker moves two zones after every turn
KIND_FAVOUR = (0.0, 1.0, 3.0, 8.0)  # a kind with 0-3 of its cards bearing a climate's code
LACKING_PENALTY = 3.0  # a player seen lacking a stack is asked for it again only if no one else is left


def kind_of(stacks: Sequence[int]) -> int:
    return NICHE_STACKS.index(tuple(sorted(stacks, key=lambda s: "ABC".index(STACK_ROWS[s]))))


class Nursery:
    """What a Quirkling player reads from its view."""

    def __init__(self, view: View) -> None:
        data: dict[str, Any] = view.data
        assert view.seat is not None, "a bot plays a seat"
        self.seat = view.seat
        self.space: int = data["climate"]["space"]
        self.players: list[dict[str, Any]] = data["players"]
        self.current: int = data["current"]
        self.hand = tuple(Seen.of(card) for card in data["hand"])
        self.top = Seen.of(data["discard_top"]) if data["discard_top"] is not None else None
        self.log: list[dict[str, Any]] = data["log"]
        made = {NICHES.index(q["niche"]) for q in self.players[self.seat]["quirklings"]}
        self.lacking = [kind for kind in range(3) if kind not in made]

    def climate_in(self, turns: int) -> int:
        """The climate ``turns`` turns from now."""
        return climate_of(self.space + CLIMATE_STEPS * turns)

    def my_turns(self, ahead: int) -> int:
        """How many turns from now our ``ahead``-th next turn begins (0: this one, if ours)."""
        wait = (self.seat - self.current) % len(self.players)
        return wait + ahead * len(self.players)

    def value(self, cards: Sequence[Seen], weights: Sequence[tuple[int, float]]) -> float:
        """How close ``cards`` bring the kinds we lack in the weighted climates: the kinds
        nearest completion take the shared animal cards first."""
        total = 0.0
        for climate, weight in weights:
            coded = [sum(1 for card in cards if card.stack == stack and card.coded(climate))
                     for stack in range(len(STACKS))]
            kinds = sorted(self.lacking, key=lambda k: -sum(coded[s] > 0 for s in NICHE_STACKS[k]))
            for kind in kinds:
                have = 0
                for stack in NICHE_STACKS[kind]:
                    if coded[stack] > 0:
                        have += 1
                        coded[stack] -= 1
                total += weight * KIND_FAVOUR[have]
        return total + 0.01 * len(cards)

    def next_weights(self) -> list[tuple[int, float]]:
        """The climates of our next two turns (the current turn is ending or not ours)."""
        first = self.my_turns(0) or self.my_turns(1)
        return [(self.climate_in(first), 1.0), (self.climate_in(first + len(self.players)), 0.5)]

    def now_weights(self) -> list[tuple[int, float]]:
        """This turn's climate (QUIRKLINGS are made now), then our next turn's."""
        return [(self.climate_in(0), 1.0), (self.climate_in(len(self.players)), 0.4)]

    def expected_gain(self, stack: int, weights: Sequence[tuple[int, float]]) -> float:
        """The value a card of ``stack`` adds, averaged over which climates' codes it bears."""
        climates = [climate for climate, _ in weights]
        base = self.value(self.hand, weights)
        gain = 0.0
        for pattern in range(1 << len(climates)):
            chance = 1.0
            codes = ""
            for bit, climate in enumerate(climates):
                p = share_coded(stack, climate, self.hand)
                if pattern >> bit & 1:
                    chance *= p
                    codes += CLIMATE_LETTERS[climate]
                else:
                    chance *= 1 - p
            if chance > 0:
                card = Seen("", stack, codes)
                gain += chance * (self.value((*self.hand, card), weights) - base)
        return gain

    def seen_lacking(self, seat: int, stack: int) -> bool:
        """The last time the log shows ``seat`` answer for ``stack``, it had none (and gave
        nothing since)."""
        for event in reversed(self.log):
            if event.get("event") == "none" and event["seat"] == seat and event["stack"] == STACKS[stack]:
                return True
            if event.get("event") == "give" and event["seat"] == seat:
                return False
        return False


class QuirklingHeuristic(Bot):
    """Asks for what completes a missing QUIRKLING soonest, keeps what the coming climates need."""

    kind = "heuristic"

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        n = Nursery(view)
        moves = _moves(legal)
        stage: str = view.data["stage"]
        if stage in ("request", "refill"):
            return self._ask(n, moves)
        if stage == "give":
            return self._give(n, [m for m in moves if m.verb is Verb.GIVE])
        if stage == "make":
            return self._make(n, moves)
        if stage == "refill-draw":
            return self._draw(n, moves)
        if stage == "discard":
            return self._discard(n, moves)
        return legal[0]

    def _ask(self, n: Nursery, moves: Sequence[Move]) -> Move:
        weights = n.now_weights()
        gains = {stack: n.expected_gain(stack, weights) for stack in {m.number for m in moves}}

        def merit(m: Move) -> float:
            if not m.cards:  # the turn's request goes to every player in turn
                return gains[m.number] * 10
            seat = m.cards[0]
            lacking = LACKING_PENALTY if n.seen_lacking(seat, m.number) else 0.0
            hand_size: int = n.players[seat]["hand_size"]
            return gains[m.number] * 10 - lacking + 0.1 * hand_size

        return max(moves, key=merit)

    def _give(self, n: Nursery, moves: Sequence[Move]) -> Move:
        """The card we miss least; of those, one the asker cannot use in its climate now."""
        return self._least_missed(n, moves, n.climate_in(0))

    @staticmethod
    def _least_missed(n: Nursery, moves: Sequence[Move], climate: int) -> Move:
        """The card whose loss costs the coming climates least; of those, one without
        ``climate``'s code (so that whoever gets it cannot use it at once)."""
        weights = n.next_weights()
        seen = _seen_by_index(n.hand)

        def loss(m: Move) -> tuple[float, bool]:
            card = seen[m.cards[0]]
            rest = tuple(c for c in n.hand if c is not card)
            return n.value(n.hand, weights) - n.value(rest, weights), bool(card.coded(climate))

        return min(moves, key=loss)

    def _make(self, n: Nursery, moves: Sequence[Move]) -> Move:
        """The QUIRKLING of a kind we lack first; then the one that leaves the best hand."""
        seen = _seen_by_index(n.hand)
        weights = n.now_weights()

        def merit(m: Move) -> tuple[bool, float]:
            cards = [seen[i] for i in m.cards]
            rest = tuple(c for c in n.hand if c not in cards)
            return kind_of([c.stack for c in cards]) in n.lacking, n.value(rest, weights)

        return max(moves, key=merit)

    def _draw(self, n: Nursery, moves: Sequence[Move]) -> Move:
        """The discard pile's top card when it helps more than an unseen card would."""
        weights = n.now_weights()
        take = next((m for m in moves if m.number == 1), None)
        if take is None or n.top is None:
            return moves[0]
        top = n.value((*n.hand, n.top), weights) - n.value(n.hand, weights)
        unseen = sum(STACK_SIZE[s] * n.expected_gain(s, weights) for s in range(len(STACKS))) / sum(STACK_SIZE)
        draw = next((m for m in moves if m.number == 0), take)
        return take if top > unseen else draw

    def _discard(self, n: Nursery, moves: Sequence[Move]) -> Move:
        """The card the coming climates need least; of those, one the next player cannot use."""
        return self._least_missed(n, moves, n.climate_in(1))


register_bot("heuristic", "quirkling")(QuirklingHeuristic)
