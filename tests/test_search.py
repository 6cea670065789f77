"""The search bot (IS-MCTS): it plays every game legally from views only, and beats random play."""

from __future__ import annotations

import gc
import threading
import time
from typing import Any

import pytest

import quarkade
from quarkade.agents import bot_kinds, make_bot
from quarkade.agents.search import Node, SearchBot, evaluation, outcome, paired_decision
from quarkade.core.chance import Chance
from quarkade.core.errors import InvalidOptions
from quarkade.core.game import Action, Game, GameInfo, State, View
from quarkade.tools.match import play_match


@pytest.mark.parametrize(("game_id", "players"), [("quirky-quarks", 2), ("quirks", 2), ("quirks-solitaire", 1),
                                                  ("quirkling", 2), ("qwarks", 3),
                                                  ("quirky-circuits", 2), ("cosmic-encounter", 3)])
def test_search_bot_chooses_legal_actions(game_id: str, players: int) -> None:
    game = quarkade.load(game_id, players=players)
    state = game.new_game(4)
    bot = SearchBot(game, seed=1, iterations=20, depth=4)
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = bot.choose(state.view(seat), legal)
        assert state.why_illegal(seat, action) is None
        state.apply(seat, action)


def test_search_bot_is_registered_for_every_game() -> None:
    for info in quarkade.list_games():
        game = quarkade.load(info.id)
        assert isinstance(make_bot("mcts", game), SearchBot)


def test_search_bot_beats_random_play() -> None:
    game = quarkade.load("quirky-quarks", players=2)
    wins = 0
    for seed in range(3):
        bots = [SearchBot(game, seed, iterations=12, depth=4), make_bot("random", game, seed + 100)]
        wins += play_match(game, bots, seed).winners == (0,)
    assert wins >= 2


def test_outcome_scales_rewards() -> None:
    game = quarkade.load("quirky-quarks", players=3)
    state = game.new_game(0)
    assert outcome(state) == [1 / 3] * 3, "equal scores before anything happens"


def test_bot_settings_from_a_spec() -> None:
    game = quarkade.load("quirky-quarks", players=2)
    bot = make_bot("mcts:seconds=0.5,depth=6", game)
    assert isinstance(bot, SearchBot)
    assert (bot.seconds, bot.depth) == (0.5, 6)


@pytest.mark.parametrize(("spec", "reason"), [
    ("mcts:secs=1", "no setting 'secs': it takes seconds"),
    ("mcts:seconds", "is not key=value"),
    ("mcts:", "nothing after ':'"),
    ("mcts:seconds=fast", "setting .seconds. is a number \\(like 1.0\\), not .fast."),
    ("mcts:seconds=0", "seconds must be above 0, not 0.0"),
    ("mcts:wall=-1", "wall must be 0 \\(no cap\\) or a number of seconds above 0"),
    ("mcts:depth=1,depth=2", "set twice"),
    ("easy:seconds=1", "takes no settings"),
])
def test_bad_bot_settings_are_refused_with_a_reason(spec: str, reason: str) -> None:
    game = quarkade.load("quirky-quarks", players=2)
    with pytest.raises(InvalidOptions, match=reason):
        make_bot(spec, game)


def test_levels_are_bot_kinds_of_every_game() -> None:
    game = quarkade.load("quirky-quarks", players=2)
    assert {"easy", "normal", "hard", "expert"} <= set(bot_kinds(game.id))
    assert isinstance(make_bot("hard", game), SearchBot)
    expert = make_bot("expert", game)
    assert isinstance(expert, SearchBot) and expert.seconds == 1.0
    # Levels are for people waiting at a table: a decision is capped on the wall clock too.
    hard = make_bot("hard", game)
    assert isinstance(hard, SearchBot) and (hard.seconds, hard.wall) == (0.25, 1.0)
    assert expert.wall == 3.0
    assert make_bot("mcts:seconds=1", game).wall == 0.0, "a named search has no cap unless asked"
    assert type(make_bot("normal", game)) is type(make_bot("heuristic", game))


def test_sealed_step_choices_are_decoupled() -> None:
    # Qwarks opens on a sealed step: both seats choose together; the tree keeps each seat's
    # statistics at the same node, so no node is keyed by one seat's sealed choice alone.
    game = quarkade.load("qwarks", players=2)
    state = game.new_game(3)
    assert len(state.to_act) == 2
    bot = SearchBot(game, seed=2, iterations=40, depth=2, tree=True)
    root = Node()
    for _ in range(40):
        bot._iterate(root, game.sample_state(state.view(0), bot.chance))
    assert {seat for seat, _ in root.stats} == {0, 1}
    assert root.children and all(len(key) == 2 for key in root.children)


@pytest.mark.parametrize("game_id", ["quirks", "quirkling", "quirky-quarks"])
def test_cut_off_evaluation_carries_information(game_id: str) -> None:
    # Scores in Quirks and Quirkling stay 0 until the end; the evaluation still tells seats apart
    # once the heuristic bots have played a while, and its values are shares of the win.
    game = quarkade.load(game_id, players=3)
    state = game.new_game(3)
    bots = [make_bot("heuristic", game, seat) for seat in range(3)]
    for _ in range(60):
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert not state.is_over
    values = evaluation(state)
    assert len(values) == 3 and abs(sum(values) - 1) < 1e-9
    assert max(values) - min(values) > 0.05


def test_search_starts_from_the_heuristic_choice() -> None:
    # With the smallest budget the heuristic's move, favoured at the root, is the one chosen.
    game = quarkade.load("quirky-quarks", players=3)
    state = game.new_game(1000)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert len(legal) > 10
    bot = SearchBot(game, seed=5, iterations=1)
    hinted = make_bot("heuristic", game, 5 ^ 0x6A1DE).choose(state.view(seat), legal)
    assert bot.choose(state.view(seat), legal) == hinted


class Take(Action):
    __slots__ = ("count",)

    def __init__(self, count: int) -> None:
        self.count = count

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Take) and other.count == self.count

    def __hash__(self) -> int:
        return self.count

    def __str__(self) -> str:
        return str(self.count)


class Nim(Game):
    """Two players take 1 to 3 counters in turn; who takes the last one wins. From a pile not a
    multiple of 4 the only winning move leaves a multiple of 4."""

    info = GameInfo("nim-for-tests", "Nim", 2, 2, "take 1 to 3; the last counter wins")

    def new_game(self, seed: int) -> State:
        return NimState(self, seed, 11)

    def _parse_action(self, state: State, seat: int, text: str) -> Action:
        return Take(int(text))

    def sample_state(self, view: View, chance: Chance) -> State:
        state = NimState(self, 0, view["pile"])
        state.turn = view["turn"]
        return state


class NimState(State):
    __slots__ = ("pile", "turn")

    def __init__(self, game: Game, seed: int, pile: int) -> None:
        self.game, self.seed, self.pile, self.turn = game, seed, pile, 0
        self._history, self._steps = None, 0

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Take(n) for n in range(1, min(3, self.pile) + 1)] if seat in self.to_act else []

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        return None if action in self.legal_actions(seat) else "take 1 to 3, no more than the pile"

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Take)
        self.pile -= action.count
        self.turn = 1 - self.turn if self.pile else self.turn

    def _view(self, seat: int | None) -> View:
        return View(self.game.id, seat, {"pile": self.pile, "turn": self.turn})

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(seat in self.winners) for seat in range(2))

    @property
    def winners(self) -> tuple[int, ...]:
        return (self.turn,) if self.is_over else ()

    def clone(self) -> State:
        other = NimState(self.game, self.seed, self.pile)
        other.turn = self.turn
        self._copy_history(other)
        return other


@pytest.mark.parametrize(("pile", "winning"), [(5, 1), (6, 2), (7, 3), (10, 2)])
def test_search_finds_the_forced_win(pile: int, winning: int) -> None:
    game = Nim(2, {})
    state = NimState(game, 0, pile)
    bot = SearchBot(game, seed=pile, seconds=60, iterations=3000, depth=20, tree=True, widen=0.0)
    assert bot.choose(state.view(0), state.legal_actions(0)) == Take(winning)
    assert bot.simulations == 3000, "an iteration budget is exact"
    assert bot.searched == 3000, "an unpaired iteration is one playout"


def test_the_budget_counts_cpu_time() -> None:
    game = quarkade.load("quirks", players=3)
    state = game.new_game(2)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    bot = SearchBot(game, seed=1, seconds=0.05)
    # The budget is the searching thread's CPU time: another thread's work (a server left
    # running in this test process) does not count, and a busy thread beside it does not shorten
    # the search.
    busy = threading.Event()
    done = threading.Event()

    def spin() -> None:
        busy.set()
        while not done.is_set():
            sum(range(1000))

    spinner = threading.Thread(target=spin, daemon=True)
    spinner.start()
    busy.wait()
    gc.collect()  # a collection of what earlier tests left is not the search's time
    try:
        started_cpu, started_wall = time.thread_time(), time.perf_counter()
        bot.choose(state.view(seat), legal)
        spent_cpu = time.thread_time() - started_cpu
        spent_wall = time.perf_counter() - started_wall
    finally:
        done.set()
        spinner.join()
    assert bot.simulations > 0
    # One iteration (a playout and a determinization) may run past the deadline.
    assert 0.05 <= spent_cpu < 0.05 + 0.25
    assert spent_wall >= spent_cpu * 0.9


@pytest.mark.parametrize("game_id", ["quirks", "quirky-quarks"])  # a paired search, a tree search
def test_the_wall_clock_cap_ends_a_search_the_machine_starves(game_id: str) -> None:
    # Other threads holding the interpreter (a server's other bots) slow a search's own CPU
    # clock; a capped search stops on the wall clock all the same, well before its CPU budget.
    game = quarkade.load(game_id, players=3)
    state = game.new_game(2)
    seat = state.to_act[0]
    while len(state.legal_actions(seat)) < 2:
        state.apply(seat, state.legal_actions(seat)[0])
        seat = state.to_act[0]
    legal = state.legal_actions(seat)
    done = threading.Event()

    def spin() -> None:
        while not done.is_set():
            sum(range(1000))

    spinners = [threading.Thread(target=spin, daemon=True) for _ in range(3)]
    for spinner in spinners:
        spinner.start()
    try:
        capped = SearchBot(game, seed=1, seconds=2.0, wall=0.2)
        started, started_cpu = time.perf_counter(), time.thread_time()
        capped.choose(state.view(seat), legal)
        spent_wall, spent_cpu = time.perf_counter() - started, time.thread_time() - started_cpu
    finally:
        done.set()
        for spinner in spinners:
            spinner.join()
    assert capped.simulations > 0
    # Stopped by the cap (one iteration may run past it), long before its CPU budget of 2 s.
    assert spent_wall < 0.2 + 0.5
    assert spent_cpu < 2.0


def test_a_large_margin_keeps_the_heuristic_move() -> None:
    # With a margin no mean reward can exceed, the bot plays the heuristic's move whatever it
    # searched; with the margin off it plays its most searched move.
    game = quarkade.load("quirky-quarks", players=3)
    state = game.new_game(7)
    adviser = make_bot("heuristic", game, 3 ^ 0xAD71CE)
    differs = 0
    for _ in range(24):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if len(legal) > 1:
            advice = adviser.choose(view, legal)
            kept = SearchBot(game, seed=3, iterations=10, depth=4, margin=1.0, bias=0.0)
            assert kept.choose(view, legal) == advice
            free = SearchBot(game, seed=3, iterations=10, depth=4, margin=-1.0, bias=0.0)
            differs += free.choose(view, legal) != advice
        state.apply(seat, adviser.choose(view, legal))
    assert differs > 0, "without the margin the search does leave the heuristic's move"


def test_qwarks_search_chooses_the_card_at_the_heuristic_reaction_time() -> None:
    # The search weighs covering each revealed card at the heuristic's own reaction time (never
    # a quicker hand), and leaves the answer to the heuristic's memory of the covered card.
    from quarkade.games.qwarks.actions import Answer, Cover

    game = quarkade.load("qwarks", players=3)
    state = game.new_game(5)
    bot = SearchBot(game, seed=3, iterations=8)
    assert bot.paired, "Qwarks' covers are compared on the same playouts by default"
    twin = make_bot("heuristic", game, 3 ^ 0xAD71CE)  # the search bot's adviser, seeded alike
    others = [make_bot("heuristic", game, 50 + seat) for seat in range(3)]
    covers = answers = 0
    while not state.is_over and covers < 4:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if seat == 0:
            advice = twin.choose(view, legal)
            action = bot.choose(view, legal)
            if isinstance(advice, Cover):
                assert isinstance(action, Cover) and action.after == advice.after
                assert view["revealed"][action.deck]["card"] is not None
                covers += 1
            elif isinstance(advice, Answer):
                assert action == advice
                answers += 1
        else:
            action = others[seat].choose(view, legal)
        state.apply(seat, action)
    assert covers == 4 and answers >= 1


def test_paired_comparison_leaves_a_poor_heuristic_move_and_keeps_a_sound_one() -> None:
    # From a pile of 5 taking 1 (leaving 4) wins under random play far more often than taking 3
    # (leaving 2, which the next player takes at once half the time): compared on the same
    # determinizations and playout chance, the poor advised move gives way and the sound one
    # stands.
    game = Nim(2, {})
    state = NimState(game, 0, 5)
    legal = state.legal_actions(0)
    bot = SearchBot(game, seed=4, seconds=60, iterations=400, paired=True)
    assert bot.paired_choice(state.view(0), legal, Take(3)) == Take(1)
    assert bot.paired_choice(state.view(0), legal, Take(1)) == Take(1)
    assert bot.simulations == 2 * 800, "two playouts a comparison"
    assert bot.searched == 800, "a comparison is an iteration"


def test_paired_comparison_over_two_processes_pools_their_differences() -> None:
    # Root parallelism with paired playouts: each process compares moves on determinizations
    # of its own (a seed drawn for each decision) and the differences are summed move by move.
    game = Nim(2, {})
    state = NimState(game, 0, 5)
    legal = state.legal_actions(0)
    bot = SearchBot(game, seed=4, seconds=60, iterations=400, paired=True, workers=2)
    try:
        assert bot.paired_choice(state.view(0), legal, Take(3)) == Take(1)
        assert bot.simulations == 2 * 400, "each process compares half the iterations"
        assert bot.searched == 400, "the processes' iterations are counted"
        assert bot.worker_seconds > 0, "the processes' CPU time is counted"
        first = bot._parallel_paired(state.view(0), legal, Take(3))
        second = bot._parallel_paired(state.view(0), legal, Take(3))
    finally:
        bot.close()
    assert sum(count for count, _, _ in first.values()) == 400
    assert first != second, "each decision's processes draw seeds of their own"
    again = SearchBot(game, seed=4, seconds=60, iterations=400, paired=True, workers=2)
    try:
        assert again.paired_choice(state.view(0), legal, Take(3)) == Take(1)
        assert again._parallel_paired(state.view(0), legal, Take(3)) == first, "the same seed, the same search"
    finally:
        again.close()


def test_a_search_of_a_number_of_iterations_plays_the_same_whatever_the_clock(monkeypatch: Any) -> None:
    # An unpaired search reuses recent determinizations when sampling takes much of its time:
    # with an iteration budget it must not ask the clock, or two runs of the same seed differ.
    game = quarkade.load("quirks-solitaire")

    def searched(clock_seed: int) -> list[list[tuple[int, float]]]:
        erratic, now = Chance(clock_seed), [0.0]

        def clock() -> float:
            now[0] += erratic.below(1000) / 10_000
            return now[0]

        monkeypatch.setattr(time, "thread_time", clock)
        bot = SearchBot(game, seed=3, seconds=1e9, iterations=25)
        state, found = game.new_game(8), []
        while not state.is_over and len(found) < 6:
            view, legal = state.view(0), state.legal_actions(0)
            found.append(bot.root_results(view, legal, None))  # each move's visits and summed reward
            state.apply(0, legal[0])
        return found

    assert searched(1) == searched(2) == searched(3)


def test_paired_decision_leaves_the_advice_for_a_move_clearly_better_only() -> None:
    advice, better, noisy = Take(1), Take(2), Take(3)
    # [playouts, summed difference, summed square]: +0.3 every time; +0.3 on average but spread
    tried = {better: [20, 6.0, 1.8], noisy: [20, 6.0, 20.0]}
    assert paired_decision(tried, advice, 0.02) == better
    assert paired_decision({noisy: tried[noisy]}, advice, 0.02) == advice
    assert paired_decision({better: [1, 0.3, 0.09]}, advice, 0.02) == advice, "one playout tells nothing"
    assert paired_decision(tried, advice, 0.5) == advice, "a gain under the margin"


def test_qwarks_paired_search_takes_an_earlier_sealed_cover_as_the_heuristic_would() -> None:
    from quarkade.agents.search_hooks import BELIEFS
    from quarkade.games.qwarks.actions import Cover

    game = quarkade.load("qwarks", players=2, four_decks=True)
    state = game.new_game(8)
    state.apply(0, Cover(3, 9000))  # sealed: seat 1's view does not show it
    guide, twin = make_bot("heuristic", game, 6), make_bot("heuristic", game, 6)  # registers the beliefs
    sampled: Any = game.sample_state(state.view(1), Chance(1))
    BELIEFS["qwarks"](sampled, 1, guide)
    expected = twin.choose(sampled.view(0), [])
    assert isinstance(expected, Cover)
    assert sampled.covers[0] == (expected.deck, expected.after)
    assert sampled.covers[1] is None, "the searching seat's own cover is its to choose"


def test_a_search_bot_made_first_in_a_process_has_its_games_hooks() -> None:
    # The built-in games' hooks (evaluators, alternatives, stops…) register when their module is
    # imported: a SearchBot made before any other bot must find them all the same.
    import subprocess
    import sys

    program = ("import quarkade\n"
               "from quarkade.agents.search import SearchBot\n"
               "bot = SearchBot(quarkade.load('qwarks', players=2))\n"
               "print(bot._alternatives is not None, bot._belief is not None, bot._stop is not None)\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "True"]


def test_qwarks_head_to_head_search_reaches_for_the_best_card_quick_or_slow() -> None:
    # Head to head the heuristics reach for the same best card. A hand much slower than the
    # heuristic's usual one loses that race, but is then asked again with its time running on
    # (ruling 8) and still gets another card: reaching for the best costs it nothing, so the
    # search reaches for it with a slow hand as with a quick one.
    from quarkade.agents.search_hooks import ALTERNATIVES, STOPS
    from quarkade.games.qwarks.actions import Cover
    from quarkade.games.qwarks.rules import new_state

    game = quarkade.load("qwarks", players=2, four_decks=True)
    # The fives and four are Prootons and the question is the eyes: the same recall chance.
    state = new_state(2, decks=[["q08", "q01"], ["q18", "q25"], ["q35", "q15"], ["q16", "q32"]], first=0,
                      four_decks=True)
    view = state.view(0)
    assert view["question"]["question"] == "eyes"
    for after, expected in ((4000, 0), (700, 0)):
        advice = Cover(0, after)
        moves = ALTERNATIVES["qwarks"](view, advice, state.legal_actions(0))
        bot = SearchBot(game, seed=5, seconds=60, iterations=150)
        assert bot.paired_choice(view, moves, advice) == Cover(expected, after)
    assert not STOPS["qwarks"](state), "the race is not resolved yet"


def test_qwarks_head_to_head_evaluation_counts_the_answers_at_their_chance() -> None:
    from quarkade.agents.search_hooks import STOPS
    from quarkade.games.qwarks.actions import Ask, Cover
    from quarkade.games.qwarks.bot import RECALL_CHANCE
    from quarkade.games.qwarks.components import CARD_BY_ID, Question
    from quarkade.games.qwarks.rules import new_state

    state = new_state(2, decks=[["q08"], ["q18"], ["q35"], ["q16"]], first=0, four_decks=True)  # the last turn
    assert evaluation(state) == [0.5, 0.5]
    state.apply(0, Ask(Question.EYES))  # no deck shows a question: the first player asks
    question = Question.EYES
    state.apply(0, Cover(0, 1000))  # the 5
    state.apply(1, Cover(1, 1000))  # the 4
    assert STOPS["qwarks"](state), "the race is resolved: the playout stops"
    recall = RECALL_CHANCE["normal"][question.word][True]
    five, four = recall[CARD_BY_ID["q08"].index], recall[CARD_BY_ID["q18"].index]
    # Seat 0 wins with its five right, and shares the win when both answers are wrong.
    expected = five + (1 - five) * (1 - four) * 0.5
    assert evaluation(state) == pytest.approx([expected, 1 - expected])


def test_qwarks_table_evaluation_is_each_seats_chance_to_be_ahead_at_the_end() -> None:
    # Three players or more: each seat's final score is taken as normal about its score (with the
    # answers still to give at their chance), spread by those answers and the turns to come. The
    # chances are checked against drawing the same scores at random, and a lead counts for more
    # as the end nears.
    import random

    from quarkade.agents.evaluators import QWARKS_SEAT_TURN_VARIANCE, qwarks_table

    def position(scores: tuple[int, ...], turns: int) -> tuple[tuple[int, ...], int, tuple[()]]:
        return scores, turns, ()  # no answers to give

    draw = random.Random(8)
    for scores, turns in (((10, 12, 7), 6), ((3, 0, 1, 2), 12), ((20, 14, 19, 20, 9), 2)):
        chances = qwarks_table(*position(scores, turns))
        spread = (QWARKS_SEAT_TURN_VARIANCE * turns) ** 0.5
        wins = [0] * len(scores)
        for _ in range(40_000):
            final = [score + draw.gauss(0, spread) for score in scores]
            wins[final.index(max(final))] += 1
        assert chances == pytest.approx([won / 40_000 for won in wins], abs=0.01)
        assert sum(chances) == pytest.approx(1.0)
    early, late = qwarks_table(*position((13, 10, 10), 12)), qwarks_table(*position((13, 10, 10), 1))
    assert 1 / 3 < early[0] < late[0] < 1 and early[1] == pytest.approx(early[2])
    # The last turn played: the highest score wins, a tie shares the win.
    assert qwarks_table(*position((13, 10, 10), 0)) == [1.0, 0.0, 0.0]
    assert qwarks_table(*position((13, 13, 10), 0)) == pytest.approx([0.5, 0.5, 0.0])
    assert qwarks_table(*position((4, 4, 4, 4), 0)) == pytest.approx([0.25] * 4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_qwarks_evaluations_kept_are_those_worked_out(players: int) -> None:
    # The Qwarks evaluator keeps what it worked out by all it reads (scores, cards left, answers
    # to give): what it gives, found or not, is what working it out again gives, and a caller
    # changing the list it got changes nothing kept.
    from quarkade.agents import evaluators

    game = quarkade.load("qwarks", players=players)
    chance = Chance(players)
    evaluators._QWARKS_EVALUATIONS.clear()
    worked_out = evaluators.qwarks_head_to_head if players == 2 else evaluators.qwarks_table
    found = 0
    for seed in range(3):
        state = game.new_game(seed)
        while not state.is_over:
            for _ in range(2):
                before = len(evaluators._QWARKS_EVALUATIONS)
                given = evaluation(state)
                found += len(evaluators._QWARKS_EVALUATIONS) == before
                answers = tuple(evaluators.qwarks_answers_to_give(state))
                assert given == worked_out(tuple(state.scores), len(state.decks[0]), answers)
                given[0] = -1.0
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chance.below(len(legal))])
    assert found > 100
