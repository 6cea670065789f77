"""The Quirks bot (``heuristic``): it estimates each QUiRKS in the coming climates, with its
food-chain points and what past counts revealed, moves the climate toward where its QUiRKS are
strong, competes when the estimate is favourable (and bluffs now and then), and gives way when
outclassed, as the rulebook's Strategy Tips advise."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final

from quarkade.core.bots import HEURISTIC_ABOUT, Bot, register_bot
from quarkade.core.game import Action, Game, View
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.bot.seen import (
    CLIMATE_COUNT,
    INDEX,
    LOWER,
    NUMBERS,
    UPPER,
    Recall,
    Seen,
    as_moves,
    beats,
    climate_of,
    horizon_mean,
    missing_stack,
    pick,
    seen_by_index,
    seen_cards,
    unseen_guess,
)
from quarkade.games.quirks.bot.table import CHOSEN_THIRD, HORIZON, NICHE_INDEX, Table
from quarkade.games.quirks.rules import NICHE_STACKS

# ----------------------------------------------------------------------------- Quirks


# The verbs the bot picks by, under plain names: Python 3.11 reads an Enum's member off its
# class through the enum metaclass's __getattr__ hook, several times slower than a global.
ACCEPT: Final = Verb.ACCEPT
CHALLENGE: Final = Verb.CHALLENGE
COMPETE: Final = Verb.COMPETE
CONCEDE: Final = Verb.CONCEDE
CONTINUE: Final = Verb.CONTINUE
END: Final = Verb.END
FACE_DOWN: Final = Verb.FACE_DOWN
FACE_UP: Final = Verb.FACE_UP
FIGHT: Final = Verb.FIGHT
GIVE_UP: Final = Verb.GIVE_UP
HOLD: Final = Verb.HOLD
MUTATE: Final = Verb.MUTATE
PASS: Final = Verb.PASS
PLACE: Final = Verb.PLACE
REDRAW: Final = Verb.REDRAW
ROLL: Final = Verb.ROLL
TABLE: Final = Verb.TABLE

# Set by hand from the Strategy Tips, checked in play (tests/test_bots_quirks.py).
BLUFF: Final = 0.12  # how often a beaten QUiRKS shows itself face up all the same
ACCEPT_SIGNAL: Final = 0.5  # a defender who accepts a lower competition is probably not weak
PAIR_HORIZON: Final = ((0, 0.7), (1, 0.3))  # a lower QUiRKS is judged over a shorter horizon
NOW: Final = ((0, 1.0),)  # a defender mutating before the count: only the climate of the count matters


class QuirksHeuristic(Bot):
    """Quirks by the rulebook's Strategy Tips, on estimates from what its seat can see."""

    kind = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self._recall = Recall()
        self._last: Table | None = None  # the table read at the last decision, and what was found in it

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        moves = as_moves(legal)
        stage: str = view["stage"]
        # The decisions that read neither the table nor the hand's cards come first: they need no Table.
        if stage == "setup":
            return next(m for m in moves if m.number == 0)  # a B card: no food-chain symbol to show
        if stage == "after-win":
            # len(Table.hand): the hand's size only
            return pick(moves, CONTINUE if "hand" in view and len(view["hand"]) >= 4 else END)
        if stage == "defence":
            return pick(moves, CHALLENGE)  # declining lets the holder win
        t = self._last = Table(view, self._recall, self._last)
        if stage == "choose-niche":
            return self._choose_niche(t, moves)
        if stage == "upper-owned":
            gain = self._mutation_gain(t, t.niche, UPPER)
            return pick(moves, MUTATE if gain >= 1.0 else REDRAW)
        if stage == "climate":
            return self._climate(t, moves)
        if stage == "random-mutation":
            return self._random_mutation(t, moves)
        if stage == "action":
            return self._action(t, moves)
        if stage == "lower-defence":
            return pick(moves, ACCEPT if self._dares(t, self._lower_chance(t, defending=True), 0.4)
                              else PASS)
        if stage == "lower-attack":
            return pick(moves, FIGHT if self._dares(t, self._lower_chance(t, defending=False), 0.5)
                              else GIVE_UP)
        if stage == "intelligence":
            return pick(moves, ROLL if self._table_value(t) < 3.5 else TABLE)
        if stage == "upper-complete":
            return self._complete(t, moves)
        if stage == "upper-sealed":
            return self._sealed(t, moves)
        if stage == "demote":
            return self._demote(t, moves)
        if stage == "concede-defender":
            return pick(moves, HOLD if self._dares(t, self._upper_chance(t), 0.25) else CONCEDE)
        if stage == "concede-challenger":
            return pick(moves, FIGHT if self._dares(t, self._upper_chance(t), 0.45) else CONCEDE)
        if stage == "surplus":
            return min(moves, key=lambda m: self._hand_worth(t, m.cards[0]))
        if any(m.verb is END for m in moves):
            return pick(moves, END)
        return legal[0]

    # ----------------------------------------------------------------- helpers
    def _nerve(self, t: Table, base: float) -> float:
        """The chance of winning a count we ask for before risking an extinction: more with
        two extinctions already, as a third eliminates us."""
        return base + 0.15 * max(0, t.extinctions - 1)

    def _dares(self, t: Table, chance: float, base: float) -> bool:
        """``chance >= self._nerve(t, base)``. The nerve is never below ``base``: a lower chance
        is refused without reading the extinctions (the players' part of the view)."""
        return chance >= base and chance >= self._nerve(t, base)

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
                mine = t.completed(niche, c)
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
        places = [m for m in moves if m.verb is PLACE]
        if places:
            triples = [m for m in places if len(m.cards) == 3]
            if triples:  # a vacant upper niche: taking it is a won competition
                return max(triples, key=lambda m: t.guess(niche, UPPER, c, self._cards(t, m.cards))[0])
            return self._place(t, places)
        if any(m.verb is COMPETE for m in moves):
            if t.owner(niche, UPPER) < 0:
                return pick(moves, COMPETE)
            mine = t.completed(niche, c)
            chance = beats(mine, t.guess(niche, UPPER, c), False)
            if self._dares(t, chance, 0.5) or (chance >= 0.25 and self._bluff()):
                return pick(moves, COMPETE)
        level = UPPER if t.mine(niche, UPPER) else LOWER
        mutation, _ = self._best_mutation(t, niche, level, moves)
        return mutation if mutation is not None else moves[0]

    def _cards(self, t: Table, indices: Iterable[int]) -> tuple[Seen, ...]:
        seen = t.hand_by_index
        return tuple(seen[i] for i in indices)

    def _triples(self, t: Table, niche: int) -> bool:
        return all(any(card.stack == stack for card in t.hand) for stack in NICHE_STACKS[niche])

    def _pair_merit(self, t: Table, niche: int, pair: tuple[Seen, ...]) -> float:
        """A lower QUiRKS's estimate; tip 5: a pair showing no food-chain card keeps the choice
        of colour for the competition for the upper niche."""
        merit = t.horizon_guess(niche, LOWER, pair, PAIR_HORIZON)
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

    def _best_mutation(self, t: Table, niche: int, level: int, moves: Sequence[Move],
                       horizon: tuple[tuple[int, float], ...] = HORIZON) -> tuple[Move | None, float]:
        """The legal mutation of our QUiRKS in ``niche`` that most improves it over ``horizon``:
        exchange the weakest card with a better one of its stack from the hand, or discard it
        and draw (``_mutation_gain`` judges the gain of any)."""
        quirks = t.cards(niche, level)
        if not quirks:
            return None, 0.0
        # ``t.horizon_guess`` of each QUiRKS, straight from the level's partners found once; a
        # mutation's card found by its place in the QUiRKS (the new QUiRKS made by slices, with
        # the same cards in the same order as the QUiRKS the card is replaced in).
        first, second = t.partners(level)[niche]
        climate = t.climate
        now = horizon_mean(niche, quirks, first, second, climate, horizon)
        place = {INDEX[card.number]: i for i, card in enumerate(quirks)}
        hand = t.hand_by_index
        best: tuple[Move | None, float] = (None, -math.inf)
        for m in moves:
            cards = m.cards
            if m.verb is not MUTATE or not cards:
                continue
            i = place[cards[0]]
            drawn = len(cards) == 1
            new = Seen.unseen(quirks[i].stack) if drawn else hand[cards[1]]
            gain = horizon_mean(niche, (*quirks[:i], new, *quirks[i + 1:]), first, second, climate, horizon) - now
            if drawn:
                gain -= 0.2  # a drawn card is a gamble; a known one is not
            if gain > best[1]:
                best = (m, gain)
        return best

    def _mutation_gain(self, t: Table, niche: int, level: int) -> float:
        """The gain of the best mutation of our QUiRKS in ``niche``, legal now or not: each card
        exchanged with each card of its stack from the hand, or discarded for a draw."""
        quirks = t.cards(niche, level)
        if not quirks:
            return 0.0
        first, second = t.partners(level)[niche]
        climate = t.climate
        now = horizon_mean(niche, quirks, first, second, climate, HORIZON)
        hand = t.hand
        best = -math.inf
        for i, old in enumerate(quirks):
            stack = old.stack
            before, rest = quirks[:i], quirks[i + 1:]
            # discard it and draw (a gamble: 0.2 less), or exchange it with a card of its stack from the hand
            for new in (Seen.unseen(stack), *(h for h in hand if h.stack == stack)):
                gain = horizon_mean(niche, (*before, new, *rest), first, second, climate, HORIZON) - now
                if not new.number:
                    gain -= 0.2
                if gain > best:
                    best = gain
        return best

    # ----------------------------------------------------------------- competitions
    def _lower_chance(self, t: Table, defending: bool) -> float:
        """The chance the defender's lower QUiRKS holds (``defending``) or the attacker's wins."""
        contest = t.contest
        assert contest is not None
        niche = NICHE_INDEX[contest["niche"]]
        c = t.climate
        attacker_cards = seen_cards(contest["attacker_cards"])
        attacker = t.guess(niche, LOWER, c, attacker_cards)
        if defending:
            return beats(t.guess(niche, LOWER, c), attacker, True)
        return beats(attacker, t.guess(niche, LOWER, c, bonus=ACCEPT_SIGNAL), False)

    def _table_value(self, t: Table) -> float:
        """Our competing QUiRKS's estimated table value per card (the Intelligent Race)."""
        contest = t.contest
        assert contest is not None
        niche = NICHE_INDEX[contest["niche"]]
        if contest["attacker"] == t.seat:
            cards = seen_cards(contest["attacker_cards"])
        else:
            cards = t.cards(niche, LOWER if contest["kind"] == "lower" else UPPER)
        return sum(card.mean(t.climate) for card in cards) / max(1, len(cards))

    def _complete(self, t: Table, moves: Sequence[Move]) -> Move:
        """Tip 4: the third card the others do not know, a food-chain card if it makes colours
        match or avoids it."""
        contest = t.contest
        assert contest is not None
        niche = NICHE_INDEX[contest["niche"]]
        lower = seen_cards(contest["attacker_cards"])
        seen = seen_by_index(t.hand)

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
        niche = NICHE_INDEX[contest["niche"]]
        c = t.climate
        if contest["attacker"] == t.seat:
            mine = t.guess(niche, UPPER, c, seen_cards(contest["attacker_cards"]))
            # A defender's exchange in its hand is seen by no one; a discard and draw is.
            defender_mutated = contest.get("defender_drew") is not None
            return beats(mine, t.guess(niche, UPPER, c, bonus=0.5 if defender_mutated else 0.0), False)
        attacker_cards = seen_cards(contest["attacker_cards"])
        if len(attacker_cards) < 3:
            attacker = t.guess(niche, UPPER, c, attacker_cards + (Seen.unseen(missing_stack(niche, attacker_cards)),),
                               bonus=CHOSEN_THIRD)
        else:
            attacker = t.guess(niche, UPPER, c, attacker_cards)
        return beats(t.guess(niche, UPPER, c), attacker, True)

    def _sealed(self, t: Table, moves: Sequence[Move]) -> Move:
        contest = t.contest
        assert contest is not None
        niche = NICHE_INDEX[contest["niche"]]
        defending = contest["defender"] == t.seat
        if defending and any(m.verb is MUTATE for m in moves):
            mutation, gain = self._best_mutation(t, niche, UPPER, moves, NOW)
            if mutation is not None and gain >= 0.8:
                return mutation
        chance = self._upper_chance(t)
        if defending:
            # Face down, the defender keeps a lower QUiRKS if beaten; face up, it wins outright
            # against a challenger who hides.
            up = chance >= 0.4 or (chance >= 0.15 and self._bluff())
        else:
            # Tip 4: outclassed, the challenger plays face down and waits for a better climate.
            up = self._dares(t, chance, 0.5) or (chance >= 0.2 and self._bluff())
        return pick(moves, FACE_UP if up else FACE_DOWN)

    def _demote(self, t: Table, moves: Sequence[Move]) -> Move:
        """Keep the two cards that make the best lower QUiRKS in the coming climates."""
        contest = t.contest
        assert contest is not None
        niche = NICHE_INDEX[contest["niche"]]
        cards = seen_cards(contest["attacker_cards"]) if contest["attacker"] == t.seat else t.cards(niche, UPPER)
        seen = seen_by_index(cards)

        def kept(m: Move) -> float:
            gone = seen[m.cards[0]]
            pair = tuple(card for card in cards if card is not gone)
            return t.horizon_guess(niche, LOWER, pair)

        return max(moves, key=kept)


register_bot("heuristic", "quirks", about=HEURISTIC_ABOUT)(QuirksHeuristic)
