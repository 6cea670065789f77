"""What a seat of Quirks reads from its view, and its estimates of the QUiRKS there: each
QUiRKS's cards as the seat sees them, the food chain of its level, what past counts revealed of
another player's, and how well our QUiRKS would fare in a climate. The bot (:mod:`evolution`)
decides from these; a table keeps what it found while the view shows the same niches and counts."""

from __future__ import annotations

from typing import Any, Final

from quarkade.core.game import View
from quarkade.games.quirks.bot.seen import (
    HAND,
    LEVELS,
    LOWER,
    SPACES,
    UPPER,
    ZONES,
    Partners,
    Recall,
    Seen,
    beats,
    food_chain,
    guess_beside,
    horizon_mean,
    missing_stack,
    partners,
    seen_by_index,
)
from quarkade.games.quirks.components import COMPONENTS, NICHES

# Set by hand from the Strategy Tips, checked in play (tests/test_bots_quirks.py).
CHOSEN_THIRD: Final = 0.8  # a challenger picks the better of the drawn card and its hand: a little above the mean
HORIZON: Final = ((0, 0.5), (1, 0.3), (2, 0.2))  # weights of the current and coming climates in a mutation
NICHE_INDEX: Final = {name: index for index, name in enumerate(NICHES)}  # a niche by the name a view gives


class Table:
    """What a seat of Quirks reads from its view."""

    __slots__ = ("view", "seat", "space", "climate", "niche", "owners", "_entries", "_levels", "_partners", "_hand",
                 "_guessed", "_completed", "_hand_by_index", "_recall", "_niches", "_reveals", "_latest",
                 "_extinctions")

    owners: tuple[list[int], list[int]]
    _entries: tuple[tuple[dict[str, Any] | None, ...], tuple[dict[str, Any] | None, ...]]
    _levels: list[tuple[tuple[Seen, ...], ...] | None]
    _partners: list[tuple[Partners, Partners, Partners] | None]
    _guessed: dict[tuple[int, int, int, float], tuple[float, float]]
    # ``completed`` by (niche, climate), with the hand it was found with
    _completed: tuple[tuple[Seen, ...] | None, dict[tuple[int, int], tuple[float, float]]]
    _latest: dict[tuple[str, str], dict[str, Any]] | None  # the last count of each niche and level
    _extinctions: int | None  # ours, once read

    def __init__(self, view: View, recall: Recall | None = None, last: Table | None = None) -> None:
        # Read key by key: the view makes only the parts read (not the log, nor the piles).
        assert view.seat is not None, "a bot plays a seat"
        self.view = view
        self._recall = recall if recall is not None else Recall()
        self.seat = view.seat
        space: int = view["climate"]["space"]
        self.space = space
        self.climate = space % SPACES // ZONES  # climate_of(space)
        niche = view["niche"]
        self.niche = NICHE_INDEX[niche] if niche else -1
        self._hand: tuple[Seen, ...] | None = None  # read from the view when first asked (many decisions never do)
        self._hand_by_index: dict[int, Seen] | None = None
        niches, reveals = view["niches"], view["reveals"]
        self._niches, self._reveals = niches, reveals
        # (the counts a view shows are the last view's while no count was made)
        self._latest = last._latest if last is not None and last._reveals is reveals else None
        if last is not None and last._niches is niches and last._reveals is reveals and last.seat == self.seat:
            # The view shares its niches and counts with the last decision's: nothing we found
            # in them has changed (what we found of our hand is kept with the hand it was found in).
            self._entries, self.owners, self._levels, self._partners = \
                last._entries, last.owners, last._levels, last._partners
            self._guessed, self._completed = last._guessed, last._completed
            # (and our extinctions: a QUiRKS dies out only when a count is lost)
            self._extinctions = last._extinctions
            return
        plant, herbivore, carnivore = niches
        # The QUiRKS of each level, by niche (a QUiRKS's food chain is read from its level): who
        # owns each now, its cards when first asked (many decisions look at one level only).
        # (the three niches spelt out: no loop, no appends)
        top_1, top_2, top_3 = plant["upper"], herbivore["upper"], carnivore["upper"]
        bottom_1, bottom_2, bottom_3 = plant["lower"], herbivore["lower"], carnivore["lower"]
        self._entries = ((top_1, top_2, top_3), (bottom_1, bottom_2, bottom_3))
        self.owners = ([-1 if top_1 is None else top_1["owner"], -1 if top_2 is None else top_2["owner"],
                        -1 if top_3 is None else top_3["owner"]],
                       [-1 if bottom_1 is None else bottom_1["owner"], -1 if bottom_2 is None else bottom_2["owner"],
                        -1 if bottom_3 is None else bottom_3["owner"]])
        self._levels = [None, None]
        self._partners = [None, None]
        self._guessed = {}
        self._completed = (None, {})
        self._extinctions = None

    @property
    def contest(self) -> dict[str, Any] | None:
        """The competition under way, if any (read when a decision asks: most have none)."""
        contest: dict[str, Any] | None = self.view.get("contest")
        return contest

    @property
    def reveals(self) -> list[dict[str, Any]]:
        """The counts so far (read only to guess another player's QUiRKS)."""
        reveals: list[dict[str, Any]] = self.view["reveals"]
        return reveals

    def level(self, level: int) -> tuple[tuple[Seen, ...], ...]:
        """The QUiRKS at ``level``, by niche (no cards where none)."""
        found = self._levels[level]
        if found is None:
            seen = self._recall.seen  # each QUiRKS's cards read again only where they changed
            found = self._levels[level] = tuple([() if entry is None else seen(slot, entry["cards"])
                                                 for slot, entry in enumerate(self._entries[level], start=level * 3)])
        return found

    def partners(self, level: int) -> tuple[Partners, Partners, Partners]:
        """The cards each niche's QUiRKS at ``level`` meets (see ``seen.partners``)."""
        found = self._partners[level]
        if found is None:
            found = self._partners[level] = partners(self.level(level))
        return found

    @property
    def extinctions(self) -> int:
        """Our extinct branches (read from the players' part of the view, made only for this)."""
        count = self._extinctions
        if count is None:
            count = self._extinctions = self.view["players"][self.seat]["extinctions"]
        return count

    @property
    def hand(self) -> tuple[Seen, ...]:
        """Our hand, as we see it."""
        found = self._hand
        if found is None:
            view = self.view
            found = self._recall.seen(HAND, view["hand"]) if "hand" in view else ()
            self._hand = found
        return found

    @property
    def hand_by_index(self) -> dict[int, Seen]:
        """The hand by the index a Move names a card with (made once, when first asked)."""
        found = self._hand_by_index
        if found is None:
            found = self._hand_by_index = seen_by_index(self.hand)
        return found

    def owner(self, niche: int, level: int) -> int:
        return self.owners[level][niche]

    def cards(self, niche: int, level: int) -> tuple[Seen, ...]:
        return self.level(level)[niche]

    def mine(self, niche: int, level: int) -> bool:
        return self.owners[level][niche] == self.seat

    def guess(self, niche: int, level: int, climate: int, cards: tuple[Seen, ...] | None = None,
              bonus: float = 0.0) -> tuple[float, float]:
        """A QUiRKS in ``niche`` at ``level`` (``cards``, or the one there), with its food chain.
        For another player's QUiRKS, a count in that climate since it took the niche says more
        than the average of its hidden cards."""
        if cards is None:
            # The QUiRKS on the table are weighed again and again in one decision.
            key = (niche, level, climate, bonus)
            found = self._guessed.get(key)
            if found is None:
                found = self._guessed[key] = self._guess(niche, level, climate, bonus)
            return found
        # Given cards, a guess reads no count: the food chain of the level and the bonus.
        first, second = self.partners(level)[niche]
        mean, var = guess_beside(niche, cards, first, second, climate)
        return mean + bonus, var

    def _guess(self, niche: int, level: int, climate: int, bonus: float) -> tuple[float, float]:
        quirks = self.cards(niche, level)
        # A QUiRKS meets the other niches of its level only: what is in its own niche now does not count.
        first, second = self.partners(level)[niche]
        mean, var = guess_beside(niche, quirks, first, second, climate)
        if not self.mine(niche, level):
            counted = self._counted(niche, level, climate)
            if counted is not None:
                base = sum(card.mean(climate) for card in quirks)
                mean += 0.6 * (counted - base)
                var = var * 0.4 + 0.5
        return mean + bonus, var

    def _counted(self, niche: int, level: int, climate: int) -> int | None:
        """The card total a count showed for the QUiRKS now in this slot, in ``climate``."""
        owner = self.owner(niche, level)
        latest = self._latest
        if latest is None:
            # the last count of each niche and level, found in one pass over the counts
            latest = self._latest = {(reveal["niche"], reveal["level"]): reveal for reveal in self.reveals}
        reveal = latest.get((NICHES[niche], LEVELS[level]))
        if reveal is None or reveal["winner"] != owner or reveal["climate"] != COMPONENTS.climates[climate] \
                or str(owner) in reveal["rolled"]:
            return None
        total: int = reveal["totals"][str(owner)]["cards"]
        return total

    def completed(self, niche: int, climate: int) -> tuple[float, float]:
        """The guess of our lower QUiRKS completed by the best third card we could give it:
        from the hand, or the unseen card drawn from the missing stack."""
        hand = self.hand
        known, found = self._completed
        if known is not hand:
            # (the hand a card or two different: a tuple of other cards)
            found = {}
            self._completed = (hand, found)
        key = (niche, climate)
        guess = found.get(key)
        if guess is None:
            guess = found[key] = self._complete(niche, climate, hand)
        return guess

    def _complete(self, niche: int, climate: int, hand: tuple[Seen, ...]) -> tuple[float, float]:
        lower = self.cards(niche, LOWER)
        stack = missing_stack(niche, lower)
        first, second = self.partners(UPPER)[niche]
        # ``guess_beside(niche, lower + (third,), first, second, climate)`` of each third card:
        # its sums start with the lower pair's, card by card from 0.0, so those are found once,
        # then the third card and the food chain are added in the same order (the same floats).
        base_mean = base_var = 0.0
        for card in lower:
            m, v = card.guesses[climate]
            base_mean, base_var = base_mean + m, base_var + v
        # The first best, as ``max`` would pick, of the hand's cards of the stack, then the unseen one.
        best_mean = best_var = 0.0
        found = False
        for third in [card for card in hand if card.stack == stack] + [Seen.unseen(stack)]:
            m, v = third.guesses[climate]
            mean, var = base_mean + m, base_var + v
            eaten, other, sign = food_chain(niche, lower + (third,), first, second)
            if eaten is not None:
                m, v = eaten.guesses[climate]
                mean, var = mean + 1 * m, var + v
            if other is not None:
                m, v = other.guesses[climate]
                mean, var = mean + sign * m, var + v
            if not found or mean > best_mean:
                best_mean, best_var, found = mean, var, True
        # ``guess`` adds a bonus of 0.0: the same sum.
        return best_mean + 0.0, best_var

    def challenger_upper(self, niche: int, climate: int) -> tuple[float, float]:
        """Another player's lower QUiRKS completed for the upper niche, its third card unseen."""
        lower = self.cards(niche, LOWER)
        quirks = lower + (Seen.unseen(missing_stack(niche, lower)),)
        return self.guess(niche, UPPER, climate, quirks, bonus=CHOSEN_THIRD)

    def strength(self, climate: int) -> float:
        """How well our QUiRKS would fare in ``climate``: the chance each keeps or wins its niche,
        the destined niche counting double."""
        total = 0.0
        seat = self.seat
        for niche, (top, bottom) in enumerate(zip(*self.owners, strict=True)):
            weight = 2.0 if niche == self.niche else 1.0
            if top == seat:
                if bottom >= 0:
                    held = beats(self.guess(niche, UPPER, climate), self.challenger_upper(niche, climate), True)
                else:
                    held = 0.9
                total += weight * (1.0 + held)
            elif bottom == seat:
                if top < 0:
                    total += weight
                else:
                    mine = self.completed(niche, climate)
                    total += weight * (0.5 + beats(mine, self.guess(niche, UPPER, climate), False))
        return total

    def horizon_guess(self, niche: int, level: int, cards: tuple[Seen, ...],
                      horizon: tuple[tuple[int, float], ...] = HORIZON) -> float:
        # ``self.guess(niche, level, climate, cards)[0]`` of each climate, straight from the
        # level's partners: given cards, a guess reads no count and adds no bonus.
        first, second = self.partners(level)[niche]
        return horizon_mean(niche, cards, first, second, self.climate, horizon)
