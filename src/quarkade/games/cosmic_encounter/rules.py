"""Cosmic Encounter (classic), with the Quarks expansion as an option: the game and its state.

The state keeps the board (tokens on each planet, the warp), the cards (deck, hands) and
where the current challenge stands (``step``). The challenge's phases live in their own
modules: ``setup_phases`` (regroup, destiny, launch, alliances), ``cards`` (challenge cards,
resolution, deals, rewards) and ``edicts``. The flow asks seats only through ``to_act``,
which never depends on hidden cards (see RULINGS.md, "Who is asked").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from operator import itemgetter
from typing import Any, Final, cast

from quarkade.core.chance import Chance
from quarkade.core.flow import Deck, Sealed
from quarkade.core.game import (
    Action,
    CachedLegalActions,
    Game,
    GameInfo,
    OptionSpec,
    State,
    View,
    count_item,
    win_scores,
)
from quarkade.core.log import Log, in_order, note
from quarkade.games.cosmic_encounter.actions import parse
from quarkade.games.cosmic_encounter.components import (
    DECK_NAMES,
    DESTINY_PER_COLOUR,
    HAND_SIZE,
    PLANETS,
    TOKENS_PER_PLANET,
    WIN_BASES,
    Card,
    alien_words,
    card_item,
    deck_cards,
    foreign_bases,
    played_item,
)
from quarkade.games.cosmic_encounter.powers import NO_POWER, POWER_NAMES, POWERS, Power
from quarkade.games.cosmic_encounter.timing import DealClock

TURN_LIMIT: Final = 60  # house: see RULINGS.md, "The turn limit"
RULES_VERSION = "6"  # 4: a cosmic quake when no card can be drawn (RULINGS.md 13a); 5: no empty deal (15);
# 6: a deal asks first the side with an offer to answer, each side making at most deal_offers offers (15)


class Step(Enum):
    REGROUP = "regroup"
    DESTINY = "destiny"
    LAUNCH = "launch"
    INVITE_OFFENCE = "invite-offence"
    INVITE_DEFENCE = "invite-defence"
    ALLIANCE = "alliance"
    EDICTS = "edicts"
    TRADE = "trade"
    CARDS = "cards"
    DEAL = "deal"
    REWARDS = "rewards"
    AGAIN = "again"
    PLACE = "place"  # tokens placed where their owner chooses (placements.py)
    OVER = "over"



class CosmicEncounter(Game):
    info = GameInfo(
        id="cosmic-encounter",
        title="Cosmic Encounter",
        min_players=3,
        max_players=6,
        default_players=4,
        summary="Alien races challenge each other's planets with Attack and Compromise cards, "
        "inviting allies and striking deals; five foreign bases win. With Quarks: Attack cards "
        "whose values change with the Phase Diagram.",
        rules_version=RULES_VERSION,
        variants=("quarks",),
        options=(
            OptionSpec("deck", str, "eon", "which classic deck the game is played with: Eon, Eon with "
                       "its expansions (the same deck as Mayfair without More), or Mayfair with More",
                       choices=DECK_NAMES, label="Deck",
                       choice_labels=(("eon", "Eon"), ("eon-expansions", "Eon with expansions (Mayfair without More)"),
                                      ("mayfair-more", "Mayfair with More"))),
            OptionSpec("quarks", bool, False, "the Quarks expansion: three sets of Attack cards become "
                       "Up, Down and Strange Quarks whose values follow the Phase Diagram", label="Quarks"),
            OptionSpec("powers", str, "random", "alien powers: one dealt at random to each player, or none",
                       choices=("random", "none"), label="Alien powers",
                       choice_labels=(("random", "One at random for each player"), ("none", "No powers"))),
            OptionSpec("edicts", bool, True, "edict cards in the deck, each played at its own window of a challenge",
                       label="Edicts"),
            OptionSpec("deal_seconds", int, 60, "how long the two main players have to "
                       "make a deal, in seconds; when it runs out, the deal fails", minimum=1, maximum=600,
                       label="Seconds to make a deal"),
            OptionSpec("deal_offers", int, 5, "how many offers each main player may make in a deal; then it "
                       "accepts the other side's offer or lets the deal fail (the minute's talk, for games "
                       "played without a clock)", minimum=1, maximum=50, label="Offers each side may make in a deal"),
            OptionSpec("flares", bool, False, "a flare for each of the twelve powers in the deck, each with its "
                       "own Wild (a taste of a power one lacks) and Super (one's own power, stronger)",
                       label="Flares"),
        ),
    )

    make_view: Callable[[CosmicState, int | None], View]  # ``state.view``

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, options)
        # The views module imports this one, so the game wires it in (a view is made at every
        # step of a simulation: one call, not a look-up of the module each time).
        from quarkade.games.cosmic_encounter.views import view

        self.make_view = view

    def new_game(self, seed: int) -> CosmicState:
        return CosmicState.setup(self, seed)

    @classmethod
    def public_components(cls) -> dict[str, Any]:
        from quarkade.games.cosmic_encounter.views import public_components

        return public_components()

    def _parse_action(self, state: State, seat: int, text: str) -> Action:
        return parse(text)

    def sample_state(self, view: View, chance: Chance) -> State:
        from quarkade.games.cosmic_encounter.sampling import sample_state

        return sample_state(self, view, chance)


class CosmicState(CachedLegalActions):
    __slots__ = (
        "chance", "players", "cards", "quarks", "edicts", "flares", "tokens", "warp", "removed", "hands", "deck",
        "destiny", "powers", "zapped", "square", "turn", "offence", "challenge", "step",
        "drawn",
        "target", "defender", "cone", "invited", "ally_side", "ally_tokens", "ally_order", "asking",
        "passed", "sealed", "revealed", "seen", "offers", "offers_made", "rewards", "success", "result", "winners_",
        "log", "figures",
        "to_act", "is_over",
        "placements", "resume",
        "flared", "flare_super", "window",
    )

    chance: Chance
    players: int
    cards: tuple[Card, ...]  # the deck's cards by id
    quarks: bool
    edicts: bool
    flares: bool
    tokens: list[list[int]]  # planet (system * 5 + i) -> tokens of each seat
    warp: list[int]
    removed: list[int]  # tokens out of the game (Void)
    hands: list[list[int]]  # card ids, in the order they were received
    deck: Deck[int]
    destiny: Deck[int]  # colours (seats)
    powers: tuple[int, ...]  # index into POWERS, -1: none
    zapped: list[bool]  # power cancelled for this challenge
    square: int  # the State Indicator's square (0-11), -1 without Quarks
    turn: int  # turns started, from 1
    offence: int
    challenge: int  # 1 or 2 (the second challenge of a turn)
    step: Step
    drawn: int  # the destiny colour drawn for this challenge, -1: none yet
    target: int  # planet, -1: none yet
    defender: int
    cone: int
    invited: list[int]  # bit 1: by the offence, bit 2: by the defence
    ally_side: list[int]  # -1: not an ally, 0: offence, 1: defence
    ally_tokens: list[int]
    ally_order: tuple[int, ...]  # invited seats, clockwise from the offence
    asking: int  # index into ally_order (alliances) or rewards
    passed: list[bool]  # edict window: the seat has passed
    sealed: Sealed[int]  # the main players' challenge cards, sealed until both are in
    revealed: bool  # the cards are face up (both, or the Oracle's opponent's)
    seen: tuple[int, tuple[int, ...]] | None  # Mind: (opponent, its hand when seen)
    # deal: the standing offers of offence, defence: (faces given, cards asked for, bases)
    offers: list[tuple[tuple[str, ...], int, int] | None]
    offers_made: tuple[int, int]  # deal: how many offers the offence and the defence have made
    rewards: tuple[int, ...]  # defensive allies still to take their rewards
    success: bool  # the offence's challenge succeeded (a second one may follow)
    # The revealed cards (offence's, defence's), the totals of two Attacks, and the result:
    # "offence", "defence", "deal", "no deal" or "" while a deal is being made.
    result: tuple[int, int, tuple[int, int] | None, str] | None
    winners_: tuple[int, ...]
    # Counts for statistics(): challenges revealed, those with a Quark, those a Quark decided.
    figures: dict[str, int]
    log: Log
    # Read at every step (by every loop that plays, and twice a step by some): plain
    # attributes, found sooner than properties. ``is_over`` is kept with ``step``: the game
    # is over once its step is OVER (``end``).
    to_act: tuple[int, ...]
    is_over: bool
    # Pending placements (seat, kind, count), served in order (placements.py), and where the
    # flow goes once they are made: (what follows, the seats that were asked there).
    placements: list[tuple[int, str, int]]
    resume: tuple[str, tuple[int, ...]]
    flared: list[int]  # the power whose flare the seat played this challenge (-1: none)
    flare_super: list[bool]  # that flare was played as a Super
    window: str  # the edict window open now ("start", "alliances", "reveal"; "": none)

    # ----------------------------------------------------------------- set-up
    @classmethod
    def setup(cls, game: CosmicEncounter, seed: int) -> CosmicState:
        s = cls()
        s.game, s.seed, s.history, s._legal = game, seed, [], None
        s.chance = Chance(seed)
        n = s.players = game.players
        s.quarks, s.edicts, s.flares = game.options["quarks"], game.options["edicts"], game.options["flares"]
        s.cards = deck_cards(game.options["deck"], s.quarks, s.edicts, POWER_NAMES if s.flares else ())
        s.tokens = [[TOKENS_PER_PLANET if seat == planet // PLANETS else 0 for seat in range(n)]
                    for planet in range(n * PLANETS)]
        s.warp, s.removed = [0] * n, [0] * n
        ids = list(range(len(s.cards)))
        s.chance.shuffle(ids)
        s.deck = Deck(ids, [])
        s.hands = [[s.deck.cards.pop() for _ in range(HAND_SIZE)] for _ in range(n)]
        colours = [seat for seat in range(n) for _ in range(DESTINY_PER_COLOUR)]
        s.chance.shuffle(colours)
        s.destiny = Deck(colours, [])
        if game.options["powers"] == "random":
            order = list(range(len(POWERS)))
            s.chance.shuffle(order)
            s.powers = tuple(order[:n])
        else:
            s.powers = (-1,) * n
        s.square = 0 if s.quarks else -1  # the first square; the first turn moves it on
        s.turn, s.offence, s.winners_, s.log, s.is_over = 0, s.chance.below(n), (), None, False
        s.figures = {"challenges": 0, "quark_played": 0, "quark_decided": 0}
        s.log = note(s.log, "setup", -1, s.offence, s.powers)
        s.offence = (s.offence - 1) % n  # start_turn moves on to the first player
        s.reset_challenge()
        from quarkade.games.cosmic_encounter.setup_phases import start_turn

        start_turn(s)
        return s

    def reset_challenge(self) -> None:
        n = self.players
        self.zapped = [False] * n
        self.drawn, self.target, self.defender, self.cone = -1, -1, -1, 0
        self.invited, self.ally_side, self.ally_tokens = [0] * n, [-1] * n, [0] * n
        self.ally_order, self.asking, self.passed = (), 0, [False] * n
        self.sealed, self.revealed, self.seen = Sealed(), False, None
        self.offers, self.rewards, self.success, self.result = [None, None], (), False, None
        self.offers_made = (0, 0)
        self.placements, self.resume = [], ("", ())
        self.flared, self.flare_super, self.window = [-1] * n, [False] * n, ""

    def clone(self) -> CosmicState:
        c = CosmicState()
        c.game, c.seed = self.game, self.seed
        self._copy_history(c)
        c._legal = self._legal
        chance = self.chance
        c.chance = Chance(chance.seed, chance.counter)
        c.players, c.cards, c.quarks, c.edicts = self.players, self.cards, self.quarks, self.edicts
        c.flares = self.flares
        c.tokens = list(map(list.copy, self.tokens))
        c.warp, c.removed = self.warp[:], self.removed[:]
        c.hands = list(map(list.copy, self.hands))
        c.deck, c.destiny = self.deck.clone(), self.destiny.clone()
        c.powers, c.zapped, c.square = self.powers, self.zapped[:], self.square
        c.turn, c.offence, c.challenge, c.step = self.turn, self.offence, self.challenge, self.step
        c.drawn, c.target, c.defender, c.cone = self.drawn, self.target, self.defender, self.cone
        c.invited, c.ally_side, c.ally_tokens = self.invited[:], self.ally_side[:], self.ally_tokens[:]
        c.ally_order, c.asking, c.passed = self.ally_order, self.asking, self.passed[:]
        c.sealed, c.revealed, c.seen = _copy_sealed(self.sealed), self.revealed, self.seen
        c.offers, c.rewards, c.success, c.result = self.offers[:], self.rewards, self.success, self.result
        c.offers_made = self.offers_made
        c.winners_, c.log, c.to_act, c.is_over = self.winners_, self.log, self.to_act, self.is_over
        c.figures = self.figures.copy()
        c.placements, c.resume = self.placements[:], self.resume
        c.flared, c.flare_super, c.window = self.flared[:], self.flare_super[:], self.window
        return c

    # ----------------------------------------------------------------- helpers
    def power_of(self, seat: int) -> type[Power]:
        """The seat's power now: none when it has none, or it was zapped this challenge."""
        index = self.powers[seat]
        if index < 0 or self.zapped[seat]:
            return NO_POWER
        return POWERS[index]

    @property
    def played(self) -> dict[int, int]:
        """Main player -> the challenge card it has played (the sealed choices that are in)."""
        return {seat: cards[0] for seat, cards in self.sealed.choices.items() if self.sealed.ready[seat]}

    def opponent(self, seat: int) -> int:
        return self.defender if seat == self.offence else self.offence

    @property
    def mains(self) -> tuple[int, int]:
        return self.offence, self.defender

    def bases_tokens(self, seat: int, exclude: int = -1) -> int:
        """Tokens the seat has on its bases (planets), but ``exclude``."""
        total: int = sum(map(itemgetter(seat), self.tokens))
        return total - self.tokens[exclude][seat] if exclude >= 0 else total

    def take_tokens(self, seat: int, count: int) -> int:
        """The seat loses ``count`` tokens from its bases to the warp, each from a base of its
        choice: the losses are queued (``placements``), and each token goes to the warp (a
        Zombie's back to its bases) as it is chosen. Returns the tokens taken now: none."""
        placements.add(self, seat, placements.LOSE, count)
        return 0

    def lose_tokens(self, seat: int, count: int, removed: bool = False) -> None:
        """``count`` tokens of the seat (already off the board) go to the warp, or leave the
        game (``removed``), or return to its bases (Zombie: queued, to bases of its choice)."""
        if count <= 0:
            return
        if self.power_of(seat).tokens_return or flares.tokens_return(self, seat):
            placements.add(self, seat, placements.HOME, count)
        elif removed:
            self.removed[seat] += count
        else:
            self.warp[seat] += count

    def return_tokens(self, seat: int, count: int) -> None:
        """``count`` tokens of the seat (already off the board) go back to its bases, each to a
        base or home planet of its choice: queued (``placements``)."""
        placements.add(self, seat, placements.HOME, count)

    def foreign_bases(self, seat: int) -> int:
        return foreign_bases(self.tokens, seat)

    def draw_cards(self, seat: int, count: int, quake: bool = True) -> list[int]:
        """``count`` cards from the deck into the seat's hand (the discard pile shuffled into
        the deck when it runs out). When the deck and the discard pile are both empty before
        the count is drawn, a cosmic quake follows (``dry_quake``): the quake's new hand
        replaces the rest of this draw. ``quake`` False: the draw stops short instead (the
        quake's own deals)."""
        drawn: list[int] = []
        for _ in range(count):
            card = self.deck.draw(self.chance)
            if card is None:
                break
            drawn.append(card)
        self.hands[seat].extend(drawn)
        if drawn:
            self.log = note(self.log, "draw", seat, seat, tuple(drawn))
        if len(drawn) < count and quake:
            self.dry_quake("empty")
        return drawn

    def dry_quake(self, why: str) -> None:
        """RULINGS.md 13a: a card must be drawn and the deck and its discard pile are empty, or
        a main player needs a challenge card and neither holds one: a cosmic quake, as the
        edict's (every hand discarded, then seven cards dealt to each seat from seat 0). ``why``:
        "empty" or "no-challenge-card"."""
        self.log = note(self.log, "dry-quake", -1, why)
        self.quake()

    def quake(self) -> None:
        """Cosmic Quake (ruling 22): every hand goes to the discard pile, then each seat from
        seat 0 draws a new hand, the discard pile shuffled into the deck whenever it runs out."""
        for seat in range(self.players):
            for card in self.hands[seat]:
                self.discard_card(card)
            self.hands[seat] = []
        for seat in range(self.players):
            self.draw_cards(seat, HAND_SIZE, quake=False)

    def discard_card(self, card: int) -> None:
        self.deck.discard(card)

    def challenge_cards(self, seat: int) -> list[int]:
        return [card for card in self.hands[seat] if self.cards[card].is_challenge]

    # ----------------------------------------------------------------- the contract
    def _moves(self, seat: int) -> list[Any]:
        return moves.moves(self, seat)

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        return moves.why_illegal(self, seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        self._legal = None
        moves.CARRY_OUT[type(action)](self, seat, action)

    # Legal actions are asked for at every step of every playout: this does what
    # ``CachedLegalActions`` does, in fewer calls. The launches and commitments are a list made
    # as it is read (``Commitments``): the one kept is never handed out (a reader may change
    # its list), each reader gets a new one sharing its table of ways.
    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        cached = self._legal
        if cached is None or cached[0] != seat:
            by_step = _BY_STEP.get(id(self.step))  # (``moves.moves``, one call fewer)
            cached = self._legal = (seat, [] if by_step is None else by_step(self, seat))
        listed = cached[1]
        return listed.renewed() if type(listed) is _COMMITMENTS else list(listed)

    @property
    def scores(self) -> tuple[float, ...]:
        return win_scores(self.winners_, self.players)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.winners_

    statistics_about = (
        "challenges: the challenges that came to their cards. quark played: the challenges in which a "
        "Quark was revealed; quark decided: those whose result the Quark's worth in the square of "
        "the reveal changed (each Quark at its printed number would have given the other side the "
        "win). turn limit reached: a game the house limit ended. By card, by its printed number "
        "first so that an Attack stands beside the Quarks of its number: competed, how often it was "
        "revealed in a challenge; won, on the side that won it (a deal, or a deal that failed, is "
        "won by neither card, so a Compromise's wins are few). played: the edicts and flares played.")

    def statistics(self) -> dict[str, float]:
        """The game's figures; and by card (the report's table): each challenge card, how often
        it was revealed in a challenge (``competed``) and on the side that won it (``won``; a
        deal or no deal is won by neither card), each edict and flare how often it was played."""
        figures = {"turns": float(self.turn), "turn_limit_reached": float(self.limit_reached()),
                   **{name: float(count) for name, count in self.figures.items()}}
        revealed: tuple[int, int] | None = None  # the challenge's cards, until its outcome
        for event in in_order(self.log):
            kind = event[0]
            if kind == "reveal":
                revealed = event[2], event[3]
                for card in revealed:
                    count_item(figures, "competed", card_item(self.cards[card]))
            elif kind == "outcome" and revealed is not None:
                count_item(figures, "won", card_item(self.cards[revealed[0 if event[2] else 1]]))
                revealed = None
            elif kind == "deal" or kind == "no-deal":
                revealed = None
            elif kind == "edict" or kind == "flare":
                count_item(figures, "played", played_item(kind, event[3]))
        return figures

    seat_items_about = "revealed that challenge card as a main player, or played that edict or flare"

    def seat_items(self) -> tuple[tuple[str, ...], ...]:
        """By seat, the challenge cards it revealed as a main player (named as the report's
        table names them) and the edicts and flares it played."""
        played: list[set[str]] = [set() for _ in range(self.game.players)]
        mains = (-1, -1)
        for event in in_order(self.log):
            kind = event[0]
            if kind == "aim":
                mains = event[2], event[4]
            elif kind == "reveal":
                for seat, card in zip(mains, event[2:4], strict=True):
                    played[seat].add(card_item(self.cards[card]))
            elif kind == "edict" or kind == "flare":
                played[event[2]].add(played_item(kind, event[3]))
        return tuple(tuple(sorted(names)) for names in played)

    def categories(self) -> dict[str, tuple[str, ...]]:
        """Each seat's alien by its printed name, for win rates by alien ("no power" without powers)."""
        return {"alien": tuple(alien_words(POWERS[power].name) if power >= 0 else "no power" for power in self.powers)}

    def clock(self) -> DealClock | None:
        """The deal minute, for a host to time (``timing.py``); None outside a deal."""
        if self.step is not Step.DEAL or self.is_over:
            return None
        return DealClock(("deal", self.turn, self.challenge), self.mains, self.game.options["deal_seconds"] * 1000)

    def _view(self, seat: int | None) -> View:
        return cast(CosmicEncounter, self.game).make_view(self, seat)

    def limit_reached(self) -> bool:
        """Over with no one at five foreign bases: reaching them ends a game at once, so only
        the turn limit ends one without them."""
        return self.is_over and all(self.foreign_bases(seat) < WIN_BASES for seat in range(self.players))

    def check_win(self) -> bool:
        """Five foreign bases win; several players reaching them together share the win."""
        winners = tuple(seat for seat in range(self.players) if self.foreign_bases(seat) >= WIN_BASES)
        if winners:
            self.end(winners, "bases")
        return bool(winners)

    def end(self, winners: tuple[int, ...], why: str) -> None:
        self.winners_, self.step, self.to_act, self.is_over = winners, Step.OVER, (), True
        self.log = note(self.log, "win", -1, winners, why)


def _copy_sealed(sealed: Sealed[int]) -> Sealed[int]:
    """``Sealed.clone`` without its constructor's work (a clone is made at every search step)."""
    copy: Sealed[int] = Sealed.__new__(Sealed)
    copy.choices = {seat: items[:] for seat, items in sealed.choices.items()} if sealed.choices else {}
    copy.ready = sealed.ready.copy()
    return copy


# The phases' modules import this one; imported last, they find it complete.
from quarkade.games.cosmic_encounter import commitments, flares, moves, placements  # noqa: E402

# Read at every step: globals are found sooner than a module's attributes.
_BY_STEP, _COMMITMENTS = moves.BY_STEP, commitments.Commitments
