"""Quirky Quarks rules: five rounds of Funding, Research, Ejection, Discovery and Quest.

Zones hold card *kinds* (indices into ``COMPONENTS.cards``): cards of a kind are
identical in play. Hands and completed-Quest tables are count vectors kept in one flat
list each (``hands[seat * KINDS + kind]``), so a clone copies few lists.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from quarkade.core.chance import Chance
from quarkade.core.flow import Deck, Sealed, distance_clockwise
from quarkade.core.game import Action, Game, GameInfo, State, View, count_item
from quarkade.core.log import Log, events, in_order, note
from quarkade.core.registry import Deferred
from quarkade.games.quirky_quarks import moves, quests
from quarkade.games.quirky_quarks.actions import (
    BIDS,
    DONE,
    EJECTS,
    PASS,
    READY,
    parse,
)
from quarkade.games.quirky_quarks.components import (
    COMPONENTS,
    DISCOVERY,
    EJECTION,
    FUNDING,
    OVER,
    PARTICLE_DECK,
    QUEST,
    QUEST_I_DECK,
    QUEST_II_DECK,
    RESEARCH,
    ROUNDS,
    Phase,
)
from quarkade.games.quirky_quarks.quests import BONUS_PER_OTHER, CARDS, GAIN_EV, KINDS, NEUTRINO, QUESTS, with_power

STARTING_EV: Final = {2: 8, 3: 12, 4: 12}
SETUP_PARTICLES: Final = 3
NEUTRINO_DRAWS: Final = 2
INCOME: Final = 3
FIRST_DISCOVERY_MINIMUM: Final = 2
CARDS_PER_EJECTION: Final = 5


FUNDING_EV: Final = with_power("funding_ev")
FUNDING_DRAW: Final = with_power("funding_draw")
EJECT_DRAW_BEFORE: Final = with_power("eject_draw_before")
EJECT_DRAW_AFTER: Final = with_power("eject_draw_after")
EJECT_EV: Final = with_power("eject_ev")
EJECT_FEWER: Final = [kind for kind, _ in with_power("eject_fewer")]
FUNDING_EV_BY_KIND: Final = dict(FUNDING_EV)
EJECT_EV_BY_KIND: Final = dict(EJECT_EV)


class QuirkyQuarks(Game):
    info = GameInfo(
        id="quirky-quarks",
        title="Quirky Quarks",
        min_players=2,
        max_players=4,
        default_players=3,
        summary="Bid for particles at five accelerators, eject and rediscover them, and complete "
        "Quests from pions to helium atoms over five rounds.",
        rules_version=COMPONENTS.rules_version,
        options=(),
    )

    def new_game(self, seed: int) -> QuirkyQuarksState:
        return QuirkyQuarksState.setup(self, seed)

    @classmethod
    def public_components(cls) -> dict[str, Any]:
        # Every field of a Quirky Quarks card is printed on it.
        from quarkade.games.quirky_quarks.components import raw_data

        return {"cards.toml": raw_data()}

    def _parse_action(self, state: State, seat: int, text: str) -> Action:
        return parse(text)

    def sample_state(self, view: View, chance: Chance) -> State:
        return _SAMPLER(self, view, chance)


class QuirkyQuarksState(State):
    __slots__ = (
        "chance", "players", "accelerators", "decks", "hands", "table", "ev", "accel_cards",
        "zone", "round", "phase", "stage", "sp", "turn", "considered", "placed", "bids",
        "holders", "initiator", "sealed", "minimums", "maximums", "min_bid", "initiated", "auction_card",
        "high_bid", "high_bidder", "passed", "discounts_used", "pending_draws", "setup_deals",
        "neutrinos", "neutrino_seat", "neutrino_draws", "log", "_to_act",
    )

    chance: Chance
    players: int
    accelerators: tuple[int, ...]  # indices of the accelerators used with this player count
    decks: list[Deck[int]]  # particle, Quest I, Quest II
    hands: list[int]  # hands[seat * KINDS + kind]: cards of that kind in hand
    table: list[int]  # table[seat * KINDS + kind]: completed Quests of that kind
    ev: list[int]
    accel_cards: tuple[tuple[int, ...], ...]
    zone: tuple[int, ...]  # the Discovery Zone
    round: int
    phase: Phase
    stage: int
    sp: int  # the Starting Physicist
    turn: int
    considered: int  # seats that have had their option this pass (discovery, quests)
    placed: list[int]  # accelerator position of each seat's researcher, -1 at home
    bids: list[int]
    holders: list[int]
    initiator: int
    sealed: Sealed[int] | None
    minimums: list[int]
    maximums: list[int]
    min_bid: int
    initiated: bool
    auction_card: int
    high_bid: int
    high_bidder: int
    passed: list[bool]
    discounts_used: list[int]
    pending_draws: tuple[tuple[int, int], ...]  # (seat, cards owed), in order
    setup_deals: tuple[tuple[int, int], ...]  # (seat, deck) of the set-up cards still to deal, in order
    neutrinos: list[int]  # revealed Neutrinos waiting to be resolved, per seat (out of the hand)
    neutrino_seat: int  # the seat resolving a Neutrino, -1 for none
    neutrino_draws: int
    log: Log
    _to_act: tuple[int, ...]

    # ----------------------------------------------------------------- set-up
    @classmethod
    def setup(cls, game: QuirkyQuarks, seed: int) -> QuirkyQuarksState:
        s = cls()
        n = game.players
        s.game, s.seed, s.history = game, seed, []
        s.chance = Chance(seed)
        s.players = n
        s.accelerators = tuple(a.index for a in COMPONENTS.accelerators_for(n))
        s.decks = []
        for deck in (PARTICLE_DECK, QUEST_I_DECK, QUEST_II_DECK):
            cards = [c.kind for c in CARDS if c.deck == deck for _ in range(c.count)]
            s.chance.shuffle(cards)
            s.decks.append(Deck(cards))
        s.hands = [0] * (n * KINDS)
        s.table = [0] * (n * KINDS)
        s.ev = [STARTING_EV[n]] * n
        s.accel_cards = tuple(() for _ in s.accelerators)
        s.zone = ()
        s.round, s.phase, s.stage = 1, FUNDING, 0
        s.sp = 0
        s.turn = s.considered = 0
        s.placed, s.bids, s.holders = [-1] * n, [0] * len(s.accelerators), [-1] * len(s.accelerators)
        s.initiator = -1
        s.sealed = None
        s.minimums, s.maximums = [0] * n, [0] * n
        s.min_bid, s.initiated = FIRST_DISCOVERY_MINIMUM, False
        s.auction_card, s.high_bid, s.high_bidder = -1, 0, -1
        s.passed = [False] * n
        s.discounts_used = [0] * KINDS
        s.pending_draws = ()
        # Set-up cards are dealt one at a time, so that a Neutrino is resolved the moment it
        # is drawn ("resolve it immediately"), before the next card is dealt.
        s.setup_deals = tuple(
            (seat, deck) for seat in s._order() for deck in (*[PARTICLE_DECK] * SETUP_PARTICLES, QUEST_I_DECK)
        )
        s.neutrinos = [0] * n
        s.neutrino_seat, s.neutrino_draws = -1, 0
        s.log = None
        s._advance()
        return s

    def clone(self) -> QuirkyQuarksState:
        c = QuirkyQuarksState()
        c.game, c.seed = self.game, self.seed
        self._copy_history(c)
        c.chance = Chance(self.chance.seed, self.chance.counter)
        c.players, c.accelerators = self.players, self.accelerators
        c.decks = [Deck(d.cards[:], d.discards[:]) for d in self.decks]
        c.hands, c.table, c.ev = self.hands[:], self.table[:], self.ev[:]
        c.accel_cards, c.zone = self.accel_cards, self.zone
        c.round, c.phase, c.stage, c.sp, c.turn = self.round, self.phase, self.stage, self.sp, self.turn
        c.considered = self.considered
        c.placed, c.bids, c.holders = self.placed[:], self.bids[:], self.holders[:]
        c.initiator = self.initiator
        c.sealed = self.sealed.clone() if self.sealed is not None else None
        c.minimums, c.maximums = self.minimums, self.maximums
        c.min_bid, c.initiated = self.min_bid, self.initiated
        c.auction_card, c.high_bid, c.high_bidder = self.auction_card, self.high_bid, self.high_bidder
        c.passed = self.passed[:]
        c.discounts_used = self.discounts_used[:]
        c.pending_draws, c.setup_deals = self.pending_draws, self.setup_deals
        c.neutrinos = self.neutrinos[:]
        c.neutrino_seat, c.neutrino_draws = self.neutrino_seat, self.neutrino_draws
        c.log, c._to_act = self.log, self._to_act
        return c

    # ----------------------------------------------------------------- helpers
    def log_event(self, *event: Any) -> None:
        """Append to the log: (kind, seat it is private to or -1, details...)."""
        self.log = note(self.log, *event)

    def renew(self, deck: int) -> None:
        """Clarifications: "If a deck runs out of cards, take the discard pile of the appropriate
        type and reshuffle it to form a new deck": at once, when a draw has taken its last card
        (RULINGS.md 27a); the log says so. A deck that ran out with no discards is formed anew by
        the next draw from it (``Deck.draw``), from the discards it has then."""
        count = self.decks[deck].renew(self.chance)
        if count:
            self.log_event("reshuffle", -1, deck, count)

    def _gain(self, seat: int, kind: int | None) -> None:
        """``seat`` acquires a card; a Neutrino is revealed at once and waits, out of the
        hand, to be resolved."""
        if kind is None:
            return
        if kind == NEUTRINO:
            self.neutrinos[seat] += 1
            self.log_event("neutrino", -1, seat)
        else:
            self.hands[seat * KINDS + kind] += 1

    def hand_size(self, seat: int) -> int:
        base = seat * KINDS
        return sum(self.hands[base : base + KINDS])

    def hand(self, seat: int) -> list[int]:
        base = seat * KINDS
        return self.hands[base : base + KINDS]

    def completed(self, seat: int) -> list[int]:
        base = seat * KINDS
        return self.table[base : base + KINDS]

    def discard(self, kind: int) -> None:
        self.decks[CARDS[kind].deck].discards.append(kind)

    def _can_draw(self) -> bool:
        return any(d.cards or d.discards for d in self.decks)

    def _power_count(self, seat: int, powers: list[tuple[int, int]]) -> int:
        base = seat * KINDS
        return sum(self.table[base + kind] * amount for kind, amount in powers)

    def _order(self) -> list[int]:
        n = self.players
        return [(self.sp + i) % n for i in range(n)]

    def _queue_draws(self, counts: list[tuple[int, int]]) -> None:
        self.pending_draws = self.pending_draws + tuple((s, c) for s, c in counts if c > 0)

    # ----------------------------------------------------------------- the flow
    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def _advance(self) -> None:
        """Run everything automatic until some seat must decide.

        Every test here reads public facts only (hand sizes, eV, deck sizes, revealed
        Neutrinos, the board), so ``to_act`` tells no one anything about a hidden hand."""
        while True:
            if self.neutrino_seat >= 0:
                seat = self.neutrino_seat
                if self.neutrino_draws > 0 and self._can_draw():
                    self._to_act = (seat,)
                    return
                self.neutrino_draws = 0
                if self.hand_size(seat) > 0:
                    self._to_act = (seat,)
                    return
                self._finish_neutrino(-1)
                continue
            if self._start_neutrino():
                continue
            if self.setup_deals:
                (seat, deck), self.setup_deals = self.setup_deals[0], self.setup_deals[1:]
                card = self.decks[deck].draw(self.chance)
                self.renew(deck)
                self._gain(seat, card)
                continue
            if self.pending_draws:
                if self._can_draw():
                    self._to_act = (self.pending_draws[0][0],)
                    return
                self.pending_draws = ()
                continue
            if self.phase is OVER:
                self._to_act = ()
                return
            if not self._step():
                return

    def _start_neutrino(self, seats: list[int] | None = None) -> bool:
        """Begin resolving a waiting Neutrino: the first of ``seats`` (by default clockwise
        from the Starting Physicist, for Neutrinos acquired at the same time) holding one."""
        if not any(self.neutrinos):  # the flow asks at every step; most of the time none waits
            return False
        for seat in self._order() if seats is None else seats:
            if self.neutrinos[seat]:
                self.neutrinos[seat] -= 1
                self.neutrino_seat, self.neutrino_draws = seat, NEUTRINO_DRAWS
                self.log_event("neutrino-resolve", -1, seat)
                return True
        return False

    def _finish_neutrino(self, other: int) -> None:
        seat = self.neutrino_seat
        self.discard(NEUTRINO)
        if other >= 0:
            self.hands[seat * KINDS + other] -= 1
            self.discard(other)
        self.log_event("neutrino-discard", -1, seat, other)
        self.neutrino_seat = -1
        # "If a player has multiple neutrinos, resolve them one after the other": a Neutrino
        # drawn during this resolution is the next one resolved.
        self._start_neutrino([seat])

    def _step(self) -> bool:
        """One automatic step of the phase; False when a seat must decide (``_to_act`` set)."""
        phase = self.phase
        if phase is FUNDING:
            self._funding()
            return True
        if phase is RESEARCH:
            return self._research_step()
        if phase is EJECTION:
            return self._ejection_step()
        if phase is DISCOVERY:
            return self._discovery_step()
        return self._quest_step()

    # Funding ------------------------------------------------------------------
    def _funding(self) -> None:
        if self.stage == 1:
            # The cards it owed are drawn: the phase tracker moves on (the draws are Funding's).
            self.phase, self.stage = RESEARCH, 0
            return
        n = self.players
        quest = QUEST_I_DECK if self.round <= 3 else QUEST_II_DECK
        quest_deck, particle_deck = self.decks[quest], self.decks[PARTICLE_DECK]
        dealt = []
        for accelerator in self.accelerators:
            count = COMPONENTS.accelerators[accelerator].particles[n]
            cards = []
            for _ in range(count):
                cards.append(particle_deck.draw(self.chance))
                self.renew(PARTICLE_DECK)
            cards.append(quest_deck.draw(self.chance))  # dealt from the left: later ones may go short
            self.renew(quest)
            dealt.append(tuple(k for k in cards if k is not None))
        self.accel_cards = tuple(dealt)
        self.log_event("deal", -1, self.round, tuple(zip(self.accelerators, self.accel_cards, strict=True)))
        if self.round >= 2:
            draws = []
            income = []
            for seat in self._order():
                gained = INCOME + self._power_count(seat, FUNDING_EV)
                self.ev[seat] += gained
                draws.append((seat, 1 + self._power_count(seat, FUNDING_DRAW)))
                income.append((seat, gained, draws[-1][1]))
            self.log_event("income", -1, self.round, tuple(income))
            self._queue_draws(draws)
        self.stage = 1

    # Research -----------------------------------------------------------------
    def _research_step(self) -> bool:
        n = self.players
        if self.stage == 2:
            # The Neutrinos claimed are resolved: "10. The Research phase ends".
            self.phase, self.stage = EJECTION, 0
            return True
        if self.stage == 0:
            self.placed = [-1] * n
            self.bids = [0] * len(self.accelerators)
            self.holders = [-1] * len(self.accelerators)
            self.turn, self.stage = self.sp, 1
        for _ in range(n):
            seat = self.turn
            if self.placed[seat] < 0 and self.ev[seat] > 0:
                self._to_act = (seat,)
                return False
            self.turn = (seat + 1) % n
        # every seat that can bid has its researcher at its own accelerator
        for position, seat in enumerate(self.holders):
            if seat >= 0:
                self.ev[seat] -= self.bids[position]
                self.log_event("claim", -1, seat, self.accelerators[position], self.bids[position],
                           self.accel_cards[position])
                for kind in self.accel_cards[position]:
                    self._gain(seat, kind)
        self.accel_cards = tuple(() if self.holders[i] >= 0 else cards for i, cards in enumerate(self.accel_cards))
        self.placed = [-1] * n
        self.bids, self.holders = [0] * len(self.accelerators), [-1] * len(self.accelerators)
        self.stage = 2
        return True

    # Ejection -----------------------------------------------------------------
    def _ejection_step(self) -> bool:
        if self.stage == 3:
            # The cards drawn after the ejection are Ejection's: then the Discovery phase.
            self.phase, self.stage = DISCOVERY, 0
            return True
        if self.stage == 0:
            self._queue_draws([(seat, self._power_count(seat, EJECT_DRAW_BEFORE)) for seat in self._order()])
            self.stage = 1
            return True
        if self.stage == 1:
            n = self.players
            minimums, maximums = [0] * n, [0] * n
            for seat in range(n):
                size = self.hand_size(seat)
                required = size // CARDS_PER_EJECTION
                fewer = any(self.table[seat * KINDS + k] for k in EJECT_FEWER)
                minimums[seat] = 0 if fewer else required
                maximums[seat] = size if self.round == ROUNDS else required
            self.minimums, self.maximums = minimums, maximums
            self.sealed = Sealed([seat for seat in range(n) if maximums[seat] > 0])
            self.stage = 2
        assert self.sealed is not None
        waiting = self.sealed.waiting  # no one waiting: the choices are complete
        if waiting:
            self._to_act = waiting
            return False
        # Revealed together, in card order: the order a seat picked its cards in stays its own.
        choices = {seat: sorted(cards) for seat, cards in self.sealed.reveal().items()}
        zone = list(self.zone)
        gains = {}
        for seat in self._order():
            ejected = choices.get(seat, [])
            zone.extend(ejected)
            gains[seat] = len(ejected) + self._power_count(seat, EJECT_EV)
            self.ev[seat] += gains[seat]
        self.log_event("eject", -1, {seat: tuple(cards) for seat, cards in choices.items()}, gains)
        for cards in self.accel_cards:
            zone.extend(cards)
        self.accel_cards = tuple(() for _ in self.accelerators)
        self.zone = tuple(zone)
        self.sealed = None
        self._queue_draws([(seat, self._power_count(seat, EJECT_DRAW_AFTER)) for seat in self._order()])
        self.stage = 3
        return True

    # Discovery ----------------------------------------------------------------
    def _discovery_step(self) -> bool:
        n = self.players
        if self.stage == 0:
            self.min_bid, self.initiated = FIRST_DISCOVERY_MINIMUM, False
            self.turn, self.considered, self.stage = self.sp, 0, 1
        if self.stage == 2:
            return self._auction_step()
        while True:
            if not self.zone:
                break
            if self.considered == n:
                last_pass_of_round = self.round < ROUNDS and self.min_bid > FIRST_DISCOVERY_MINIMUM
                if last_pass_of_round or (self.round == ROUNDS and self.min_bid > FIRST_DISCOVERY_MINIMUM
                                          and not self.initiated):
                    break
                self.min_bid += 1
                self.initiated, self.turn, self.considered = False, self.sp, 0
                continue
            seat = self.turn
            if self.ev[seat] >= self.min_bid:
                self._to_act = (seat,)
                return False
            self.considered += 1
            self.turn = (seat + 1) % n
        for kind in self.zone:
            self.discard(kind)
        if self.zone:
            self.log_event("zone-discarded", -1, self.zone)
        self.zone = ()
        self.phase, self.stage = QUEST, 0
        return True

    def _auction_step(self) -> bool:
        n = self.players
        seat = self.turn
        for _ in range(n):
            if seat != self.high_bidder and not self.passed[seat]:
                if self.ev[seat] > self.high_bid:
                    self.turn = seat
                    self._to_act = (seat,)
                    return False
                self.passed[seat] = True
            seat = (seat + 1) % n
        winner, kind = self.high_bidder, self.auction_card
        self.ev[winner] -= self.high_bid
        zone = list(self.zone)
        zone.remove(kind)
        self.zone = tuple(zone)
        self.log_event("discovered", -1, winner, kind, self.high_bid)
        self._gain(winner, kind)
        self.auction_card, self.high_bid, self.high_bidder = -1, 0, -1
        self.considered += 1
        self.turn, self.initiator, self.stage = (self.initiator + 1) % n, -1, 1
        return True

    # Quest --------------------------------------------------------------------
    def _quest_step(self) -> bool:
        n = self.players
        if self.stage == 0:
            self.turn, self.considered, self.stage = self.sp, 0, 1
            self.discounts_used = [0] * KINDS
        if self.considered < n:
            # Every player in turn, even one who can complete nothing (they say "done"):
            # skipping them would tell everyone something about their hidden hand.
            self._to_act = (self.turn,)
            return False
        if self.round == ROUNDS:
            self.phase = OVER
            self.log_event("over", -1)
        else:
            self.sp = (self.sp + 1) % n
            self.round += 1
            self.phase, self.stage = FUNDING, 0
        return True

    def _next_quest_seat(self) -> None:
        self.considered += 1
        self.turn = (self.turn + 1) % self.players
        self.discounts_used = [0] * KINDS

    # ----------------------------------------------------------------- actions
    # The moves module's functions do the work (compiled, each call to them is a C call).
    def _legal_actions(self, seat: int) -> list[Action]:
        return moves.legal_actions(self, seat)

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        return moves.why_illegal(self, seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        moves.apply(self, seat, action)

    # ----------------------------------------------------------------- the end
    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    def points(self, seat: int) -> tuple[int, int, int]:
        """(Quest points, bonus points, eV) of ``seat``."""
        return quests.points(self, seat)

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(sum(self.points(seat))) for seat in range(self.players))

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        scores = self.scores

        def rank(seat: int) -> tuple[float, int, int]:
            return (scores[seat], self.hand_size(seat), -distance_clockwise(self.sp, seat, self.players))

        return (max(range(self.players), key=rank),)

    statistics_about: ClassVar[str] = (
        "Every Quest once, under its printed name, those never completed too. consumed: paid into "
        "another Quest (a Proton or Neutron into an atom or Neutronium), when it scores nothing more. "
        "points kept: the printed points of those still on the table at the end, with Neutronium's "
        "bonus. eV gained: the eV its power brought (e Annihilation's 5; Up and Down Annihilation's "
        "2 a Funding or Ejection phase after it), each a point unless spent. worth: points kept and "
        "eV gained. cards spent: the Elementary Particle cards paid for it; those paid for a Proton or "
        "Neutron it consumed (the earliest completed of the kind first) move to it, so that an atom's "
        "cost includes its nucleons' and a nucleon's is that of those kept. A power that draws cards, "
        "discounts a cost or spares an ejection is not counted in its worth; n for worth per card spent: "
        "the Quests completed.")

    def statistics(self) -> dict[str, float]:
        """By kind of Quest, under its printed name (``statistics_about`` says each measure):
        ``completed``, ``consumed``, ``points kept``, ``eV gained``, ``worth`` and ``cards spent``,
        every kind of Quest in every game (0 where none)."""
        counts = {f"{measure}:{CARDS[kind].name}": 0.0 for kind in QUESTS
                  for measure in ("completed", "consumed", "points kept", "eV gained", "worth", "cards spent")}
        table = [[0] * KINDS for _ in range(self.players)]  # completed Quests on each seat's table, by kind
        spent: list[dict[int, list[int]]] = [{} for _ in range(self.players)]  # cards spent on each, oldest first
        ev = [0.0] * KINDS  # by kind, the eV its power brought

        def powered(seat: int, powers: dict[int, int]) -> None:
            for kind, amount in powers.items():
                ev[kind] += table[seat][kind] * amount

        for event in in_order(self.log):
            kind = event[0]
            if kind == "complete":
                seat, quest, paid = event[2], event[3], event[4]
                card = CARDS[quest]
                cost = len(paid)
                for consumed in card.cost_table:
                    table[seat][consumed] -= 1
                    moved = spent[seat][consumed].pop(0)
                    cost += moved
                    count_item(counts, "consumed", CARDS[consumed].name)
                    count_item(counts, "cards spent", CARDS[consumed].name, -float(moved))
                table[seat][quest] += 1
                spent[seat].setdefault(quest, []).append(cost)
                ev[quest] += GAIN_EV.get(quest, 0)
                count_item(counts, "completed", card.name)
                count_item(counts, "cards spent", card.name, float(cost))
            elif kind == "income":
                for seat, _, _ in event[3]:
                    powered(seat, FUNDING_EV_BY_KIND)
            elif kind == "eject":
                for seat in event[3]:
                    powered(seat, EJECT_EV_BY_KIND)
        others = [sum(table[seat][kind] for kind in QUESTS) - 1 for seat in range(self.players)]
        for kind in QUESTS:
            name = CARDS[kind].name
            kept = sum(table[seat][kind] * (CARDS[kind].points + BONUS_PER_OTHER.get(kind, 0) * others[seat])
                       for seat in range(self.players))
            count_item(counts, "points kept", name, float(kept))
            count_item(counts, "eV gained", name, ev[kind])
            count_item(counts, "worth", name, kept + ev[kind])
        return counts

    seat_items_about: ClassVar[str] = "completed at least one Quest of that kind"

    def seat_items(self) -> tuple[tuple[str, ...], ...]:
        """By seat, the kinds of Quest it completed, by their printed names (the report's "what
        wins")."""
        done: list[set[str]] = [set() for _ in range(self.game.players)]
        for event in events(self.log):
            if event[0] == "complete":
                done[event[2]].add(CARDS[event[3]].name)
        return tuple(tuple(sorted(kinds)) for kinds in done)

    # ----------------------------------------------------------------- views
    def _view(self, seat: int | None) -> View:
        make = _VIEW.function  # the view maker, called at once once imported (a view a step)
        if make is None:
            return _VIEW(self, seat)
        view: View = make(self, seat)
        return view


def new_state(players: int = 3, seed: int = 0) -> QuirkyQuarksState:
    """A fresh state (for tests and examples)."""
    return QuirkyQuarksState.setup(QuirkyQuarks(players, {}), seed)


__all__ = ["KINDS", "NEUTRINO", "ROUNDS", "STARTING_EV", "Phase", "QuirkyQuarks", "QuirkyQuarksState", "BIDS", "DONE",
           "PASS", "READY", "EJECTS"]


# The views and the sampler import this module: called through Deferred, imported at the first call.
_VIEW: Final[Deferred[View]] = Deferred("quarkade.games.quirky_quarks.views", "make_view")
_SAMPLER: Final[Deferred[State]] = Deferred("quarkade.games.quirky_quarks.sampling", "sample_state")
