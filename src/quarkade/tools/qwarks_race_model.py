"""How far the choice of card alone can take a Qwarks player with the heuristic's hands and memory.

    python -m quarkade.tools.search_match qwarks 3 1800 quarkade.tools.qwarks_race_model:RaceModelBot --first 30000

The search bot (``mcts``, the ``hard`` level) covers at the heuristic bot's reaction time and
answers from the heuristic's memory (``docs/bots.md``): what it chooses is which card to cover.
This bot makes that choice with the race written out instead of searched, to measure what the
choice is worth. It is the heuristic bot (``normal``) but for the first cover of each
race. There it covers at the heuristic's own time, which it knows before it chooses (the search
does too), and draws ``samples`` races from the heuristic's own model of the others: each chooses
as the heuristic does (its distraction included) at the heuristic's reaction times, and a hand
beaten to a card covers the best one left from the moment it was beaten (ruling 8), its own
included. It covers the card whose races give it the most points on average (a card's value times
the chance the heuristic's memory answers for it).

It is a measuring stick, not a level: it reads the others' model as the search does, no more.
"""

from __future__ import annotations

from quarkade.agents.base import Bot
from quarkade.core.game import Action, Game, View
from quarkade.games.qwarks.actions import Cover
from quarkade.games.qwarks.bot import QwarksBot
from quarkade.games.qwarks.components import CARD_BY_ID, QUESTION_BY_WORD


class RaceModelBot(Bot):
    """The heuristic bot that covers, at the start of each race, the card a model of the race says
    is worth the most to it (see the module)."""

    kind = "qwarks-race-model"

    def __init__(self, game: Game, seed: int = 0, samples: int = 400) -> None:
        if game.id != "qwarks":
            raise ValueError(f"the race model is Qwarks', not {game.id}'s")
        if samples < 1:
            raise ValueError(f"samples must be 1 or more, not {samples}")
        super().__init__(game, seed)
        self.samples = samples
        self.player = QwarksBot(game, seed, "normal")  # its hands and memory, and its answers
        self.others = QwarksBot(game, seed ^ 0x5EED, "normal")  # the model's draws for the others

    def choose(self, view: View, legal: list[Action]) -> Action:
        seat = view.seat
        if (view["phase"] != "cover" or view["race"] or seat is None or any(view["now_ms"])
                or len(view["players"]) < 3):
            return self.player.choose(view, legal)  # head to head the slower hand gets the other card anyway
        advice = self.player.choose(view, legal)  # it looks (and remembers) and reacts as the heuristic does
        if not isinstance(advice, Cover):
            return advice  # too slow to cover anything
        mine = advice.after
        cards = {entry["deck"]: CARD_BY_ID[entry["card"]["id"]] for entry in view["revealed"]
                 if entry["card"] is not None}
        question = QUESTION_BY_WORD[view["question"]["question"]]
        worth = {deck: self.player._worth(view, card, question) for deck, card in cards.items()}
        totals = dict.fromkeys(worth, 0.0)
        for _ in range(self.samples):
            reaches = [(self.others._reaction_ms(len(cards)), other, self._pick(list(worth), worth))
                       for other in range(len(view["players"])) if other != seat]
            for deck in worth:
                got = self._race([(mine, seat, deck), *reaches], seat, worth, view["cover_ms"])
                if got is not None:
                    totals[deck] += worth[got]
        return Cover(max(totals, key=lambda deck: (totals[deck], worth[deck])), mine)

    def _pick(self, free: list[int], worth: dict[int, float]) -> int:
        """The card a heuristic player reaches for among ``free``."""
        chance = self.others.chance
        if chance.random() < self.others.level.distraction:
            return free[chance.below(len(free))]
        return max(free, key=lambda deck: (worth[deck], chance.random()))

    def _race(self, hands: list[tuple[int, int, int]], seat: int, worth: dict[int, float], limit: int) -> int | None:
        """The card ``seat`` covers when the hands (time, seat, deck) land in the order of their
        times, each beaten hand reaching again for the best card left."""
        free = set(worth)
        while hands:
            hands.sort()
            landed, who, deck = hands.pop(0)
            if landed > limit:
                return None
            if who == seat:
                return deck
            free.discard(deck)
            beaten = [hand for hand in hands if hand[2] == deck]
            hands = [hand for hand in hands if hand[2] != deck]
            for _, other, _ in beaten:
                if free:
                    left = sorted(free)
                    again = max(left, key=worth.__getitem__) if other == seat else self._pick(left, worth)
                    hands.append((landed + self.others._reaction_ms(len(left)), other, again))
        return None
