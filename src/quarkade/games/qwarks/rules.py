"""Qwarks rules: the real-time memory game for 2-8 players.

A turn has two phases. Phase 1, the cover race: every deck reveals its top card at once, and
each player covers one revealed card within the time limit. The race is played in sealed
rounds: each seat submits ``cover DECK after MS`` (its time, measured by the host) or
``timeout``; once all are in, the hands land in the order of their times. A hand that finds its
card covered by a quicker one is asked again, its time running on from the moment that card was
covered, to cover another card still free (RULINGS.md). The engine never reads a clock.
Phase 2: from the first player clockwise, each player who got a card answers the turn's
question about it from memory (and says Prooton or Nootron); the card is then revealed, kept
when the answer is right and discarded when it is wrong. Unclaimed cards are discarded, the
first player passes clockwise, and the game ends when the decks are spent. The answered cards
of the turn just ended stay in sight until the next turn's answers begin (RULINGS.md, 16).
"""

from __future__ import annotations

from enum import Enum
from functools import cache, lru_cache
from itertools import compress
from operator import not_
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from quarkade.core.chance import Chance
from quarkade.core.flow import distance_clockwise
from quarkade.core.game import Action, CachedLegalActions, Game, GameInfo, OptionSpec, State, View, count_item
from quarkade.core.log import Log, in_order, note
from quarkade.core.registry import Deferred
from quarkade.games.qwarks.actions import TIMEOUT, Answer, Ask, Cover, Timeout, parse
from quarkade.games.qwarks.components import (
    ANSWERS,
    CARD_BY_ID,
    CARD_COUNT,
    CARDS,
    COLOUR_ANSWERS,
    Card,
    Kind,
    Question,
    answer_range,
    rules_version,
)
from quarkade.games.qwarks.timing import RaceClock

# The race's legal actions list each revealed card at every LISTED_STEP_MS up to the limit;
# every whole millisecond in between is as legal (``why_illegal`` decides), but listing
# 10,001 times a card would make every search and playout crawl (RULINGS.md).
LISTED_STEP_MS: Final = 500
TWO_PLAYER_DECKS: Final = 4


class Phase(Enum):
    QUESTION = "question"  # the first player chooses the question (no deck shows a usable one)
    COVER = "cover"  # the cover race
    ANSWER = "answer"  # phase 2
    OVER = "over"


# The phases as plain names: reading a member off an enum class is slow in Python 3.11, and the
# flow tests the phase at every step of every playout.
_QUESTION: Final = Phase.QUESTION
_COVER: Final = Phase.COVER
_ANSWER: Final = Phase.ANSWER
_OVER: Final = Phase.OVER
CARD_VALUES: Final = tuple(card.value for card in CARDS)


class Qwarks(Game):
    info = GameInfo(
        id="qwarks",
        title="Qwarks",
        min_players=2,
        max_players=8,
        default_players=4,
        summary="Everyone reveals a card at once and races to cover one: then answer a question about "
        "the card you covered, from memory, and say whether it is a Prooton or a Nootron.",
        rules_version=rules_version(),
        memory=True,  # a covered card's face is hidden again: it is answered from memory
        variants=("beginners", "colour-blind", "four-decks"),
        options=(
            OptionSpec("beginners", bool, False, "for young scientists: answer the question without "
                       "identifying the card as a Prooton or a Nootron", label="Young scientists"),
            OptionSpec("colour_blind", bool, False, "for colour-blind scientists: a colours question is "
                       "replaced by the next deck's question", label="Colour-blind scientists"),
            OptionSpec("cover_seconds", int, 10, "how long the players have to cover a "
                       "card in the race, in seconds", minimum=1, maximum=60,
                       label="Seconds to cover a card"),
            OptionSpec("four_decks", bool, False, "the 2 Player Variant (two players only): four decks, "
                       "each player revealing two cards a turn and covering one of the four",
                       label="2 Player Variant: four decks", players=(2,)),
        ),
    )

    def new_game(self, seed: int) -> QwarksState:
        return QwarksState.setup(self, seed)

    @classmethod
    def public_components(cls) -> dict[str, Any]:
        from quarkade.games.qwarks.art import public_cards

        return public_cards()

    def _parse_action(self, state: State, seat: int, text: str) -> Action:
        return parse(text)

    def sample_state(self, view: View, chance: Chance) -> State:
        return _SAMPLER(self, view, chance)


class QwarksState(CachedLegalActions):
    __slots__ = (
        "chance", "players", "beginners", "colour_blind", "limit_ms", "decks", "set_aside", "discards", "kept",
        "turn", "start", "first", "phase", "revealed", "question", "question_deck", "covers", "ready",
        "holder", "now", "done", "reaches", "round", "order", "answered", "answers", "last_turn", "last_question",
        "wrong", "log",
        "_to_act",
    )

    chance: Chance
    players: int
    beginners: bool
    colour_blind: bool
    limit_ms: int
    decks: list[list[int]]  # card indices, question side up; the top is the end of the list
    set_aside: list[int]  # dealt away at set-up, never seen
    discards: list[int]  # seen while revealed, then on the face-down pile, in order
    kept: list[tuple[int, ...]]  # each seat's claimed cards (a tuple replaced, never changed: views share it)
    turn: int  # from 1
    start: int  # the first player of turn 1
    first: int  # this turn's first player
    phase: Phase
    revealed: list[int]  # a deck's card revealed this turn (-1: none)
    question: Question | None
    question_deck: int  # the deck whose top shows the question (-1: chosen by the first player)
    covers: list[tuple[int, int] | None]  # each seat's sealed (deck, ms), None for timeout
    ready: list[bool]  # the seat has submitted its cover or timeout (or its race is over)
    holder: list[int]  # the seat whose hand covers each deck's card (-1: none)
    now: list[int]  # the race: the ms each seat's time runs from (0; later once beaten to a card)
    done: list[bool]  # the race: the seat's hand is down on a card, or it covered nothing
    reaches: list[tuple[int, int | None, int | None, bool]]  # this turn's resolved (seat, deck, ms, got)
    round: int  # the race's rounds so far this turn: a new one each time beaten hands are asked again
    order: tuple[int, ...]  # phase 2: the seats that answer, from the first player
    answered: int  # how many of ``order`` have answered
    answers: list[tuple[int, str, bool]]  # this turn: (seat, the answer in notation, right)
    # The turn just ended: its answers as (seat, notation, right, card), until the next phase 2
    # begins (a tuple replaced, never changed: clones and views share it). RULINGS.md, 16.
    last_turn: tuple[tuple[int, str, bool, int], ...]
    last_question: Question | None  # the question ``last_turn``'s answers answered
    wrong: int  # answers that were wrong, over the game
    log: Log
    _to_act: tuple[int, ...]

    # ----------------------------------------------------------------- set-up
    @classmethod
    def setup(cls, game: Qwarks, seed: int) -> QwarksState:
        s = cls()
        s.game, s.seed, s.history, s._legal = game, seed, [], None
        s.chance = Chance(seed)
        n = s.players = game.players
        s.beginners, s.colour_blind = game.options["beginners"], game.options["colour_blind"]
        s.limit_ms = game.options["cover_seconds"] * 1000
        cards = list(range(CARD_COUNT))
        s.chance.shuffle(cards)
        decks = deck_count(n, game.options["four_decks"])
        size = CARD_COUNT // decks
        # Dealt one at a time, as at the table; the top of a deck is the end of its list.
        s.decks = [cards[d: decks * size: decks] for d in range(decks)]
        s.set_aside = cards[decks * size:]
        s.discards, s.kept = [], [()] * n
        s.start = s.chance.below(n)
        s.turn, s.wrong, s.log, s.last_turn, s.last_question = 0, 0, None, (), None
        s.log = note(s.log, "setup", -1, s.start, size, len(s.set_aside))
        s._start_turn()
        return s

    def clone(self) -> QwarksState:
        c = QwarksState()
        c.game, c.seed = self.game, self.seed
        self._copy_history(c)
        c._legal = self._legal
        c.chance = Chance(self.chance.seed, self.chance.counter)
        c.players, c.beginners, c.colour_blind = self.players, self.beginners, self.colour_blind
        c.limit_ms = self.limit_ms
        c.decks = [deck[:] for deck in self.decks]
        c.set_aside, c.discards, c.kept = self.set_aside, self.discards[:], self.kept[:]
        c.turn, c.start, c.first, c.phase = self.turn, self.start, self.first, self.phase
        c.revealed, c.question, c.question_deck = self.revealed[:], self.question, self.question_deck
        c.covers, c.ready, c.holder = self.covers[:], self.ready[:], self.holder[:]
        c.now, c.done, c.reaches, c.round = self.now[:], self.done[:], self.reaches[:], self.round
        c.order, c.answered, c.answers, c.wrong = self.order, self.answered, self.answers[:], self.wrong
        c.last_turn, c.last_question = self.last_turn, self.last_question
        c.log, c._to_act = self.log, self._to_act
        return c

    # ----------------------------------------------------------------- a turn
    def _start_turn(self) -> None:
        n = self.players
        self.turn += 1
        self.first = (self.start + self.turn - 1) % n
        self.revealed = [deck.pop() for deck in self.decks]
        self.covers, self.ready = [None] * n, [False] * n
        self.holder = [-1] * len(self.decks)
        self.now, self.done, self.reaches, self.round = [0] * n, [False] * n, [], 1
        self.order, self.answered, self.answers = (), 0, []
        self.log = note(self.log, "turn", -1, self.turn, self.first, len(self.decks))
        self.question, self.question_deck = self._shown_question()
        if self.question is None:
            self.phase = _QUESTION
            self.log = note(self.log, "no-question", -1, self.first, self.colour_blind)
        else:
            self.phase = _COVER
            self.log = note(self.log, "question", -1, self.question.word, self.question_deck,
                            self.question_deck != self.asking_deck())
        self._set_to_act()

    def asking_deck(self) -> int:
        """The deck whose top sets this turn's question: the first player's; in the 2 Player
        Variant, from the first player's right deck at turn 1, then deck to deck clockwise."""
        if len(self.decks) == TWO_PLAYER_DECKS and self.players == 2:
            return (2 * self.start + self.turn - 1) % TWO_PLAYER_DECKS
        return self.first

    def _shown_question(self) -> tuple[Question | None, int]:
        """The question on the asking deck's top; colour-blind, the first one clockwise that is
        not the colours. (None, -1) when no deck shows a usable question."""
        decks = len(self.decks)
        asking = self.asking_deck()
        for offset in range(decks if self.colour_blind else 1):
            deck = self.decks[(asking + offset) % decks]
            if deck:
                question = CARDS[deck[-1]].question
                if not (self.colour_blind and question == Question.COLOURS):
                    return question, (asking + offset) % decks
        return None, -1

    def choices(self) -> list[Question]:
        """The questions the first player may choose when none is shown."""
        return [q for q in Question if not (self.colour_blind and q == Question.COLOURS)]

    def _set_to_act(self) -> None:
        self._legal = None
        if self.phase is _QUESTION:
            self._to_act = (self.first,)
        elif self.phase is _COVER:
            self._to_act = tuple(compress(range(self.players), map(not_, self.ready)))
        elif self.phase is _ANSWER:
            self._to_act = (self.order[self.answered],)
        else:
            self._to_act = ()

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    # ----------------------------------------------------------------- legality
    def _moves(self, seat: int) -> list[Any]:
        if self.phase is _QUESTION:
            return [Ask(q) for q in self.choices()]
        if self.phase is _COVER:
            if self.round == 1:
                return race_moves(len(self.decks), self.limit_ms)  # (shared: never changed in place)
            free = tuple(holder < 0 for holder in self.holder)
            return race_moves_from(free, self.now[seat], self.limit_ms)
        assert self.question is not None
        return list(answer_actions(self.question, self.beginners))

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        if self.phase is _QUESTION:
            if not isinstance(action, Ask):
                return "no deck shows a question this turn: the first player chooses one ('question eyes')"
            if action.question not in self.choices():
                return "for colour-blind scientists the question is eyes, tentacles, sad or happy, not the colours"
            return None
        if self.phase is _COVER:
            return self._why_not_cover(seat, action)
        return self._why_not_answer(action)

    def _why_not_cover(self, seat: int, action: Action) -> str | None:
        if isinstance(action, Timeout):
            return None
        if not isinstance(action, Cover):
            return "it is the cover race: cover a revealed card ('cover 3 after 1240') or 'timeout'"
        if not 0 <= action.deck < len(self.decks):
            return f"there is no deck {action.deck}: the cards are revealed from decks 0 to {len(self.decks) - 1}"
        if action.after < 0:
            return f"a card is covered once the race has begun, not {-action.after} ms before it"
        if action.after > self.limit_ms:
            seconds = self.limit_ms // 1000
            return (f"the time limit is {seconds} second{'s' if seconds != 1 else ''}: a card covered after "
                    f"{action.after} ms "
                    "is too late (the host applies 'timeout')")
        covering = self.holder[action.deck]
        if covering >= 0:
            return (f"the card from deck {action.deck} is covered by seat {covering}'s hand: "
                    "cover a card that is still free")
        if action.after < self.now[seat]:
            return (f"your time runs on from {self.now[seat]} ms, when the card you reached for was covered: "
                    f"a card you cover now is covered after that, not after {action.after} ms")
        return None

    def _why_not_answer(self, action: Action) -> str | None:
        if not isinstance(action, Answer):
            return "it is time to answer the question about the card you covered ('answer 7 prooton')"
        question = self.question
        assert question is not None
        if question.counts:
            if not isinstance(action.answer, int):
                return f"the question is \"{question.text}\": answer with a number"
            if action.answer not in answer_range(question):
                top = answer_range(question)[-1]
                return f"the question is \"{question.text}\": the answer is a number from 0 to {top}"
        elif isinstance(action.answer, int):
            return f"the question is \"{question.text}\": name the colour of each of the three Qwarks"
        if self.beginners and action.kind is not None:
            return "young scientists answer the question only, without saying Prooton or Nootron"
        if not self.beginners and action.kind is None:
            return "say whether the card is a Prooton or a Nootron too ('answer 7 prooton')"
        return None

    # ----------------------------------------------------------------- applying
    def _apply(self, seat: int, action: Action) -> None:
        self._legal = None
        if isinstance(action, Ask):
            self.question, self.question_deck = action.question, -1
            self.phase = _COVER
            self.log = note(self.log, "chosen", -1, seat, action.question.word)
        elif isinstance(action, (Cover, Timeout)):
            self.covers[seat] = (action.deck, action.after) if isinstance(action, Cover) else None
            self.ready[seat] = True
            self.log = note(self.log, "covered", seat, seat, self.covers[seat])
            if all(self.ready):
                self._run_race()
                return
        elif isinstance(action, Answer):
            self._check(seat, action)
            return
        self._set_to_act()

    def _run_race(self) -> None:
        """Every choice is in: the hands land in the order of their times, a tie going to the
        seat nearer the first player clockwise (RULINGS.md). The first hand on a card covers it;
        a later hand that reached for it is beaten then, and the race stops there: the beaten
        seats are asked again, their time running on from the moment the card was covered, while
        the other choices stay sealed (they come later in the race). A hand beaten as the time
        runs out covers nothing. A ``timeout`` lands after every cover. The race is over when
        every hand is down or out of it."""
        n, first, late = self.players, self.first, self.limit_ms + 1
        covers, done = self.covers, self.done
        pending = sorted((cover[1] if cover is not None else late, distance_clockwise(first, seat, n), seat)
                         for seat, cover in enumerate(covers) if not done[seat])
        landed: list[tuple[int, int | None, int | None, bool]] = []
        beaten: list[int] = []
        for index, (ms, _, seat) in enumerate(pending):
            if done[seat]:  # beaten as its time ran out
                continue
            cover = covers[seat]
            done[seat] = True
            if cover is None:
                landed.append((seat, None, None, False))
                continue
            deck = cover[0]
            self.holder[deck] = seat
            landed.append((seat, deck, ms, True))
            # the later hands on their way to this card are beaten now (their own times stay sealed)
            for _, _, other in pending[index + 1:]:
                other_cover = covers[other]
                if other_cover is not None and other_cover[0] == deck:
                    landed.append((other, deck, ms, False))
                    covers[other] = None
                    if ms < self.limit_ms:  # the rest of its time to cover another card
                        beaten.append(other)
                        self.now[other], self.ready[other] = ms, False
                    else:
                        done[other] = True
            if beaten:
                break
        self.reaches.extend(landed)
        self.log = note(self.log, "race", -1, tuple(landed), tuple(beaten), self.limit_ms)
        if beaten:
            self.round += 1
            self._set_to_act()
            return
        got = [seat for seat in self.holder if seat >= 0]
        self.order = tuple(sorted(got, key=lambda s: distance_clockwise(first, s, n)))
        if self.order:
            self.phase = _ANSWER
            self.last_turn, self.last_question = (), None  # the cards of the turn before are off the table now
            self._set_to_act()
        else:
            self._end_turn()

    def _check(self, seat: int, answer: Answer) -> None:
        deck = self.holder.index(seat)
        card = CARDS[self.revealed[deck]]
        assert self.question is not None
        right = (answer.answer == ANSWERS[self.question._value_][card.index]
                 and (self.beginners or answer.kind == card.kind))
        if right:
            self.kept[seat] += (card.index,)
        else:
            self.discards.append(card.index)
        self.answers.append((seat, str(answer), right))
        self.answered += 1
        self.wrong += not right
        self.log = note(self.log, "answer", -1, seat, answer, right, card.index)
        if self.answered == len(self.order):
            self._end_turn()
        else:
            self._set_to_act()

    def _end_turn(self) -> None:
        unclaimed = [card for deck, card in enumerate(self.revealed) if self.holder[deck] < 0]
        self.discards.extend(unclaimed)
        self.log = note(self.log, "discard", -1, tuple(unclaimed))
        if any(self.decks):
            # The last answer's card is turned up before the next cards are: the turn's answered
            # cards stay in sight until the next answers begin (RULINGS.md, 16).
            holder, revealed = self.holder, self.revealed
            self.last_turn = tuple((seat, said, right, revealed[holder.index(seat)])
                                   for seat, said, right in self.answers)
            self.last_question = self.question if self.answers else None
            self._start_turn()
            return
        self.phase = _OVER
        # the game's last answers stay in ``answers``, with the turn's cards
        self.last_turn, self.last_question = (), None
        self.log = note(self.log, "end", -1, self.scores, self.winners)
        self._set_to_act()

    # ----------------------------------------------------------------- reading
    def card_visible(self, deck: int) -> bool:
        """Whether the card revealed from ``deck`` this turn shows its face: not while a hand
        covers it, until it is checked."""
        if self.holder[deck] < 0:
            return True
        if self.phase is _COVER:
            return False
        return self.order.index(self.holder[deck]) < self.answered

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    @property
    def scores(self) -> tuple[float, ...]:
        """The values of each seat's kept cards."""
        return tuple(float(sum(map(CARD_VALUES.__getitem__, kept))) for kept in self.kept)

    @property
    def winners(self) -> tuple[int, ...]:
        """Everyone tied for the highest score, once the game is over."""
        if self.phase is not _OVER:
            return ()
        scores = self.scores
        return tuple(seat for seat in range(self.players) if scores[seat] == max(scores))

    statistics_about: ClassVar[str] = (
        "By card (its kind, value and id): revealed, how often it was turned face up; covered, how "
        "often a hand landed on it and answered; right, how often that answer was right (the card "
        "kept); points, the points it gave; right per cover, the share of its covers answered right. "
        "By question: asked, the turns it was the question (the one the first player's deck shows "
        "on its top card, or, when no deck shows one, the first player's choice, RULINGS 12), so the "
        "questions are not asked alike; covered and right, its answers.")

    def statistics(self) -> dict[str, float]:
        """``kept`` (cards claimed), ``wrong`` (cards lost to a wrong answer), ``turns``; and by
        item (the report's table): each card by its kind, value and id, how often it was
        revealed, covered, answered right and the points it gave; each question (``question
        eyes``), how often it was asked, and its cards covered and answered right."""
        figures = {"kept": float(sum(len(k) for k in self.kept)), "wrong": float(self.wrong),
                   "turns": float(self.turn)}
        question = ""
        for event in in_order(self.log):
            kind = event[0]
            if kind == "question" or kind == "chosen":
                question = f"question {event[2] if kind == 'question' else event[3]}"
                count_item(figures, "asked", question)
            elif kind == "answer":
                right, card = event[4], CARDS[event[5]]
                count_item(figures, "revealed", _item(card))
                for item in (_item(card), question):
                    count_item(figures, "covered", item)
                    if right:
                        count_item(figures, "right", item)
                        count_item(figures, "points", item, card.value)
            elif kind == "discard":
                for index in event[2]:
                    count_item(figures, "revealed", _item(CARDS[index]))
        return figures

    seat_items_about: ClassVar[str] = "kept that card"

    def seat_items(self) -> tuple[tuple[str, ...], ...]:
        """By seat, the cards it kept (claimed with a right answer)."""
        return tuple(tuple(sorted({_item(CARDS[index]) for index in kept})) for kept in self.kept)

    def clock(self) -> RaceClock | None:
        """The race, for a host to time (``timing.py``); None outside it."""
        if self.phase is not _COVER:
            return None
        return RaceClock(("race", self.turn, self.round), self._to_act, self.limit_ms,
                         tuple(self.now[seat] for seat in self._to_act))

    def _view(self, seat: int | None) -> View:
        return _VIEW(self, seat)


def _item(card: Card) -> str:
    """A card as the report's table names it: its kind and value, then its id (cards of a kind
    and value sort together): ``Prooton 5 (q08)``."""
    return f"{card.kind.word.capitalize()} {card.value} ({card.id})"


# A subclass of a built-in type: a Python class where this module is compiled (docs/compiled.md).
# Compiled code asks it ``in`` through its own ``__contains__`` (PySequence_Contains).
@mypyc_attr(native_class=False)
class RaceMoves(list[Action]):
    """The race's listed actions, asked by ``apply`` whether it holds the one a seat takes: it
    answers whether the rules allow it (``_why_not_cover``), as a cover at any whole millisecond
    from the seat's start to the limit is legal, not only at the listed ones. A bot's cover is
    its own reaction time, so looking for it among the listed ones found it seldom, after a
    look at every one of them, and then asked the rules anyway."""

    __slots__ = ("free", "start_ms", "limit_ms")

    def __init__(self, free: tuple[bool, ...], start_ms: int, limit_ms: int) -> None:
        super().__init__(race_actions(free, start_ms, limit_ms))
        self.free, self.start_ms, self.limit_ms = free, start_ms, limit_ms

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Cover):
            return (0 <= action.deck < len(self.free) and self.free[action.deck]
                    and self.start_ms <= action.after <= self.limit_ms)
        return isinstance(action, Timeout)


@cache
def race_moves(decks: int, limit_ms: int) -> RaceMoves:
    """A race's first round: every card is free and every seat's time runs from 0."""
    return RaceMoves((True,) * decks, 0, limit_ms)


@lru_cache(maxsize=4096)
def race_moves_from(free: tuple[bool, ...], start_ms: int, limit_ms: int) -> RaceMoves:
    """A beaten seat's round: the cards still free, from the time its own runs on."""
    return RaceMoves(free, start_ms, limit_ms)


def race_actions(free: tuple[bool, ...], start_ms: int, limit_ms: int) -> list[Action]:
    """The race's listed actions: each free card at the start and at every ``LISTED_STEP_MS``
    after it up to the limit, and ``timeout``. The covers at the listed times are made once a
    card and shared (a beaten hand's start is any millisecond, so its lists are seldom alike)."""
    actions: list[Action] = []
    later = start_ms // LISTED_STEP_MS + 1  # the first listed time after the start
    for deck, is_free in enumerate(free):
        if is_free:
            listed = listed_covers(deck, limit_ms)
            if start_ms % LISTED_STEP_MS:
                actions.append(Cover(deck, start_ms))
                actions.extend(listed[later:])
            else:
                actions.extend(listed[later - 1:])
    actions.append(TIMEOUT)
    return actions


@cache
def listed_covers(deck: int, limit_ms: int) -> tuple[Cover, ...]:
    """Covering ``deck``'s card at each listed time, 0 to the limit."""
    return tuple(Cover(deck, ms) for ms in range(0, limit_ms + 1, LISTED_STEP_MS))


@cache
def answer_actions(question: Question, beginners: bool) -> tuple[Answer, ...]:
    """Every answer to ``question``, with each identification unless for beginners."""
    kinds: tuple[Kind | None, ...] = (None,) if beginners else tuple(Kind)
    said: list[Any] = list(answer_range(question)) if question.counts else list(COLOUR_ANSWERS)
    return tuple(Answer(answer, kind) for answer in said for kind in kinds)


@cache
def keeping_answer(card: int, question: Question, beginners: bool) -> str:
    """The answer that keeps ``card`` when ``question`` is asked, in notation: public once the
    card is turned up, as the table can work it out.

    >>> keeping_answer(CARD_BY_ID["q01"].index, Question("happy"), False)
    'answer 1 prooton'
    """
    return str(Answer(ANSWERS[question._value_][card], None if beginners else CARDS[card].kind))


def deck_count(players: int, four_decks: bool = False) -> int:
    """One deck a seat; four in the 2 Player Variant."""
    return TWO_PLAYER_DECKS if four_decks and players == 2 else players


def new_state(players: int = 3, seed: int = 0, decks: list[list[str]] | None = None, first: int | None = None,
              **options: Any) -> QwarksState:
    """A fresh state (for tests and examples). ``decks`` arranges the set-up: each deck's card
    ids, top first, all decks of one size (the other cards are set aside); ``first`` sets the
    first player.

    >>> state = new_state(2, decks=[["q01"], ["q18"], ["q23"], ["q40"]], first=1, four_decks=True)
    >>> state.asking_deck(), state.question, state.to_act
    (2, None, (1,))
    """
    game = Qwarks(*Qwarks.validate_options(players, options))
    state = QwarksState.setup(game, seed)
    if decks is None and first is None:
        return state
    if decks is not None:
        count = len(state.decks)
        if len(decks) != count or len({len(deck) for deck in decks}) != 1:
            raise ValueError(f"{count} decks of one size are needed")
        state.decks = [[CARD_BY_ID[card].index for card in reversed(deck)] for deck in decks]
        used = {card for deck in state.decks for card in deck}
        state.set_aside = [card for card in range(CARD_COUNT) if card not in used]
    if first is not None:
        state.start = first
    state.turn, state.log = 0, None
    state._start_turn()
    return state


# The views and the sampler import this module: called through Deferred, imported at the first call.
_VIEW: Final[Deferred[View]] = Deferred("quarkade.games.qwarks.views", "make_view")
_SAMPLER: Final[Deferred[State]] = Deferred("quarkade.games.qwarks.sampling", "sample_state")
