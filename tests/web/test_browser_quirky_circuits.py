"""A real browser plays Quirky Circuits through the web client.

A person and a bot play "Rise and Shine" to a win by clicking: the table is set in the lobby
in practice mode (cards face up), the bot programs first, and the person reads the board off
the page (the robot, the tokens, the queue, the hand), tries the orders of their cards on it
with the rules' own robot, and clicks the best one into the queue, then Done; every Execute
phase is animated and skipped once watched. A second table, cards face down, checks what a
seat sees of the others' cards, the signals and the animation controls. Screenshots go to
docs/screenshots/ when asked (QUARKADE_SCREENSHOTS=1 or --update-screenshots)."""

from __future__ import annotations

import itertools
import random
import time
from collections import deque
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from quarkade.games.quirky_circuits.components import (
    CARD_BY_ID,
    COMPONENTS,
    POT,
    Direction,
    Space,
    Token,
    neighbour,
    place_words,
)
from quarkade.games.quirky_circuits.robot import Robot

from .conftest import CHROMIUM, LiveServer, browser_page, click_if_there, screenshot
from .test_browser import click_and_wait, visible

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")

SCENARIO = COMPONENTS.scenario("rise-and-shine")
SCENARIO_QUEUE = 5  # the fewest cards a queue may hold
BOT = "normal"  # the level the lobby offers that plays the heuristic


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    with browser_page(server, 900) as tab:
        yield tab


# ---------------------------------------------------------------------- the person's planning
@cache
def distances(source: Space) -> dict[Space, int]:
    """Spaces a robot can walk to from ``source``, and in how many steps (walls respected)."""
    found = {source: 0}
    todo = deque([source])
    while todo:
        here = todo.popleft()
        for direction in Direction:
            ahead = neighbour(here, direction)
            if (SCENARIO.inside(ahead) and (here[0], here[1], direction) not in SCENARIO.barriers
                    and ahead not in SCENARIO.obstacles and ahead not in found):
                found[ahead] = found[here] + 1
                todo.append(ahead)
    return found


def distance_to_goal(robot: Robot) -> int:
    """The tokens still to clean up, and the shortest walk through them back to the start."""
    if robot.won:
        return -1
    targets = [token.space for token in robot.tokens if token.kind != POT]
    walks = []
    for order in itertools.permutations(targets):
        here, walk = robot.space, 0
        for space in (*order, SCENARIO.start):
            walk += distances(here).get(space, 99)
            here = space
        walks.append(walk)
    return 20 * len(targets) + min(walks)


def best_cards(board: dict[str, Any]) -> list[str]:
    """The order of hand cards that leaves the robot closest to the goal after the queue."""
    robot = Robot(SCENARIO, board["robot"], board["facing"], board["tokens"])
    for card in board["queue"]:
        if not robot.won:
            robot.resolve(CARD_BY_ID[card])
    hand = board["hand"]
    best: tuple[tuple[int, int], list[str]] | None = None
    for count in range(max(1, SCENARIO_QUEUE - len(board["queue"])), len(hand) + 1):
        for order in set(itertools.permutations(hand, count)):
            trial = Robot(SCENARIO, robot.space, robot.facing, tuple(robot.tokens))
            for card in order:
                if not trial.won:
                    trial.resolve(CARD_BY_ID[card])
            key = (distance_to_goal(trial), -count)
            if best is None or key < best[0]:
                best = (key, list(order))
    assert best is not None
    return best[1]


def read_board(page: Any) -> dict[str, Any]:
    """What the page shows: the robot, the tokens, the queue's faces and the hand."""
    x, y, facing = page.get_attribute(".qc", "data-robot").split(",")
    tokens = page.eval_on_selector_all(".qc-tokens [data-token]",
                                       "nodes => nodes.map(n => [n.dataset.token, n.dataset.space])")
    return {
        "robot": (int(x), int(y)),
        "facing": Direction[facing.upper()],
        "tokens": tuple(Token(kind, (int(space.split(",")[0]), int(space.split(",")[1]))) for kind, space in tokens),
        "queue": page.eval_on_selector_all(".qc-queue-cards .qc-card", "nodes => nodes.map(n => n.dataset.card)"),
        "hand": page.eval_on_selector_all(".qc-hand .qc-card", "nodes => nodes.map(n => n.dataset.card)"),
    }


def set_table(page: Any, seats: list[str], practice: bool) -> None:
    page.wait_for_selector(".game-card[data-game='quirky-circuits']")
    page.click(".game-card[data-game='quirky-circuits'] button.primary")
    page.select_option("#players", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"select[data-seat='{seat}']", kind)
    page.select_option("#options [name='scenario']", "rise-and-shine")
    if practice:
        page.check("#options [name='practice']")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".qc")


def wait_for_my_turn(page: Any) -> None:
    """Until the bot has programmed (said Done) and the person may play, or the game is over."""
    page.wait_for_function(
        "() => document.querySelector('#qc-result') || document.querySelector('#qc-skip') ||"
        " (document.querySelector(\".qc-player[data-seat='1'] [data-signal='done']\")"
        "  && document.querySelector('.qc-hand .qc-card.playable'))", timeout=20_000)


def shoot(page: Any, name: str) -> None:
    """The whole page at 1440 wide, from the top, as tall as it is."""
    height = int(page.evaluate("document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": 1440, "height": max(900, height)})
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, name)
    page.set_viewport_size({"width": 1440, "height": 900})


def skip_animation(page: Any) -> None:
    """Skip the Execute phase's animation, unless it ends on its own before the click lands."""
    if visible(page, "#qc-skip"):
        click_if_there(page, "#qc-skip")
    page.wait_for_selector(".qc[data-animating='0']")


# The Execute phase as the page shows it mid-way, read in one go (the animation ends on its own).
MID_EXECUTION = """() => ({
  animating: !!document.querySelector('#qc-skip'),
  caption: document.querySelector('.qc-caption').innerText,
  current: document.querySelectorAll('.qc-queue-cards .qc-card.current').length,
})"""


@pytest.mark.long  # a whole scenario
def test_a_person_and_a_bot_clean_up_rise_and_shine(server: LiveServer, page: Any) -> None:
    started = time.monotonic()
    page.goto(f"{server.url}/")
    set_table(page, ["human", BOT], practice=True)
    assert page.locator(".qc-board").count() == 1
    assert page.locator(".qc-tokens [data-token='dust-bunny']").count() == 4
    assert page.locator(".qc-signals button").all_inner_texts() == ["Done", "Stop", "Beep-boop"]
    assert page.locator("#board input, #board textarea").count() == 0  # no free text at this table

    rounds = 0
    watched = False
    while True:
        assert time.monotonic() - started < 150, f"no win after {rounds} rounds"
        wait_for_my_turn(page)
        if visible(page, "#qc-skip"):
            if not watched:
                # the Execute phase plays out card by card: photograph it mid-way (an animation
                # that ended meanwhile is not mid-way: the next one is watched)
                page.wait_for_timeout(1500)
                mid = page.evaluate(MID_EXECUTION)
                if mid["animating"]:
                    assert mid["caption"].startswith("Executing"), mid
                    assert mid["current"] == 1, mid
                    shoot(page, "quirky-circuits-execute.png")
                    watched = True
            # the game's end, like the log, waits for the board to show the last queue
            assert page.locator("#game-over").count() == 0, "the result is told before the board shows it"
            skip_animation(page)
            continue
        if visible(page, "#qc-result"):
            break
        if rounds == 0:
            click_and_wait(page, ".qc-signals button[data-action='beep']")
            page.wait_for_selector(".qc-player[data-seat='0'] [data-signal='beeped']")
            assert page.locator(".qc-signals button[data-action='beep']").is_disabled()
        board = read_board(page)
        assert all(board["queue"]), "practice mode: every queued card is face up"
        plan = best_cards(board)
        queued = page.locator(".qc-queue-cards .qc-card").count()
        for index, card in enumerate(plan):
            if rounds == 1 and index == min(2, len(plan) - 1):
                shoot(page, "quirky-circuits-table.png")
            click_and_wait(page, f".qc-hand .qc-card.playable:not(.staged)[data-card='{card}']")
            # chosen, not sent: the queue waits for the confirmation
            assert page.locator(".qc-queue-cards .qc-card").count() == queued
        assert page.inner_text("[data-role='confirm'] .what").count(", then ") == len(plan) - 1
        click_and_wait(page, "[data-role='confirm'] button[data-confirm='yes']")
        page.wait_for_function(
            "n => document.querySelectorAll('.qc-queue-cards .qc-card').length >= n"
            " || document.querySelector('#qc-skip')",
            arg=queued + len(plan), timeout=15_000)
        page.wait_for_selector(".qc-signals button[data-action='done']:not([disabled])")
        round_now = int(page.get_attribute(".qc", "data-round"))
        click_and_wait(page, ".qc-signals button[data-action='done']")
        page.wait_for_function(
            "r => Number(document.querySelector('.qc').dataset.round) > r || document.querySelector('#qc-skip')"
            " || document.querySelector('#qc-result')", arg=round_now, timeout=15_000)
        rounds += 1

    assert watched, "an Execute phase was seen mid-way"
    result = page.locator("#qc-result")
    assert result.get_attribute("data-outcome") == "won", result.inner_text()
    section = result.get_attribute("data-section")
    assert section in ("green", "yellow", "red")
    assert "You all win!" in result.inner_text() and f"battery in the {section}" in result.inner_text()
    assert page.locator(".qc-tokens [data-token='dust-bunny']").count() == 0
    x, y = SCENARIO.start
    assert page.get_attribute(".qc", "data-robot").startswith(f"{x},{y},")
    page.wait_for_selector("#game-over")
    assert "The whole table wins together" in page.inner_text("#game-over .laureate")
    assert page.evaluate("document.body.dataset.lastError || ''") in ("", "stale")
    shoot(page, "quirky-circuits-won.png")
    # the replay draws the same table, step by step, without the signals
    page.click("#replay-start")
    page.wait_for_selector("#replay")
    page.click("#replay-next")
    page.wait_for_function("() => document.querySelector('#replay .step').textContent.startsWith('1 /')")
    assert page.locator(".qc .qc-board").count() == 1 and page.locator(".qc-signals").count() == 0
    assert page.locator(".qc-queue-cards .qc-card").count() <= 1  # one action in: at most one card queued


# The board's labels and spaces, as boxes on the screen ([left, top, right, bottom]).
BOARD_LABELS = """() => {
  const box = (n) => { const b = n.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const all = (selector) => [...document.querySelectorAll(selector)];
  return {
    board: box(document.querySelector('.qc-board')),
    columns: all('.qc-labels [data-column]').map((n) => [Number(n.dataset.column), n.textContent, box(n)]),
    rows: all('.qc-labels [data-row]').map((n) => [Number(n.dataset.row), n.textContent, box(n)]),
    spaces: Object.fromEntries(all('.qc-space').map((n) => [n.dataset.space, box(n)])),
    robot: box(document.querySelector('.qc-robot')),
    at: document.querySelector('.qc').dataset.robot,
  };
}"""


def test_the_board_labels_its_columns_and_rows_as_the_log_counts_them(server: LiveServer, page: Any) -> None:
    """Above each column its place from the left (1st, 2nd, ...), left of each row its place from
    the top: as the log's words ("the fourth row from the top, first from the left") and the
    terminal's board count them. The web board had no labels: a player counted the spaces by eye."""
    page.goto(f"{server.url}/")
    set_table(page, ["human", BOT], practice=True)
    read = page.evaluate(BOARD_LABELS)
    suffix = {1: "st", 2: "nd", 3: "rd"}
    ordinal = [f"{n}{'th' if 11 <= n % 100 <= 13 else suffix.get(n % 10, 'th')}" for n in range(1, 30)]
    width, height = SCENARIO.width, SCENARIO.height
    assert [(x, text) for x, text, _ in read["columns"]] == [(x, ordinal[x]) for x in range(width)]
    assert [(y, text) for y, text, _ in read["rows"]] == [(y, ordinal[y]) for y in range(height)]
    assert len(read["spaces"]) == width * height
    left, top, _, _ = read["board"]
    for x, _, (west, north, east, south) in read["columns"]:
        space = read["spaces"][f"{x},0"]
        assert abs((west + east) / 2 - (space[0] + space[2]) / 2) < 1, "a column's label is centred over it"
        assert top <= north and south <= space[1], "above the board's top row, inside the drawing"
    for y, _, (west, north, east, south) in read["rows"]:
        space = read["spaces"][f"0,{y}"]
        assert space[1] < (north + south) / 2 < space[3], "a row's label is beside it"
        assert left <= west and east <= space[0], "left of the board's first column, inside the drawing"
    # the robot stands where the labels say: in its column and its row
    x, y = (int(part) for part in read["at"].split(",")[:2])
    centre = ((read["robot"][0] + read["robot"][2]) / 2, (read["robot"][1] + read["robot"][3]) / 2)
    column, row = read["columns"][x][2], read["rows"][y][2]
    assert column[0] < centre[0] < column[2] and row[1] < centre[1] < row[3]
    assert (x, y) == tuple(SCENARIO.start)


def play_one(page: Any) -> None:
    """Choose the first card the hand offers, confirm it, and wait for it in the queue."""
    queued = page.locator(".qc-queue-cards .qc-card").count()
    click_and_wait(page, ".qc-hand .qc-card.playable:not(.staged)")
    click_and_wait(page, "[data-role='confirm'] button[data-confirm='yes']")
    page.wait_for_function("n => document.querySelectorAll('.qc-queue-cards .qc-card').length > n", arg=queued)


def test_cards_face_down_signals_and_the_animation(server: LiveServer, page: Any) -> None:
    page.goto(f"{server.url}/")
    set_table(page, ["human", BOT], practice=False)
    wait_for_my_turn(page)
    # the bot's cards: backs only, move or turn
    backs = page.eval_on_selector_all(".qc-queue-cards .qc-card",
                                      "nodes => nodes.map(n => [n.dataset.card, n.dataset.back])")
    assert backs and all(card == "" and back in ("move", "turn") for card, back in backs)
    # the bot's hand shows the backs of its cards, as held cards show them at a table (ruling 23)
    held = page.eval_on_selector_all(".qc-player[data-seat='1'] .qc-backs i", "nodes => nodes.map(n => n.dataset.back)")
    said = page.get_attribute(".qc-player[data-seat='1'] .qc-backs", "aria-label") or ""
    assert all(back in ("move", "turn") for back in held)  # (a bot may have played its whole hand)
    assert said == f"{len(held)} cards in hand: {held.count('move')} move, {held.count('turn')} turn", said
    # the person's own card is face up to them; a Stop is shown at once
    card = page.locator(".qc-hand .qc-card.playable").first.get_attribute("data-card")
    play_one(page)
    assert page.locator(".qc-queue-cards .qc-card").last.get_attribute("data-card") == card
    click_and_wait(page, ".qc-signals button[data-action='stop']")
    page.wait_for_selector(".qc-player[data-seat='0'] [data-signal='stopped']")
    while page.locator(".qc-queue-cards .qc-card").count() < 5:
        play_one(page)
    click_and_wait(page, ".qc-signals button[data-action='done']")
    # the Execute phase is replayed card by card, and can be skipped
    page.wait_for_selector(".qc[data-animating='1'] #qc-skip")
    # the next round waits for the animation: no card to pick, no signal, and the prompt says why
    assert page.locator(".qc-hand .qc-card.playable").count() == 0
    assert page.locator(".qc-signals button").count() == 0
    assert page.inner_text(".qc-prompt").startswith("The queue is running")
    page.wait_for_selector(".qc-queue-cards .qc-card.current")
    page.click("#qc-skip")
    page.wait_for_selector(".qc-hand .qc-card.playable")
    page.wait_for_selector(".qc[data-animating='0']")
    assert page.get_attribute(".qc", "data-round") == "2"
    assert page.inner_text(".qc-caption").startswith("Last execution:")
    assert page.locator(".qc-battery .qc-cell.marker").get_attribute("data-level") == "11"


def test_a_player_who_is_done_may_still_put_its_hands_flat(server: LiveServer, page: Any) -> None:
    """Two people at one screen: the one who is done is not waited for, yet its Stop stays open."""
    page.goto(f"{server.url}/")
    set_table(page, ["human", "human"], practice=False)
    click_and_wait(page, ".seat-tab[data-seat='0']")
    page.wait_for_selector(".qc-hand .qc-card.playable")
    play_one(page)
    click_and_wait(page, ".qc-signals button[data-action='done']")
    page.wait_for_selector(".qc-player[data-seat='0'] [data-signal='done']")
    click_if_there(page, "#curtain:not(.hidden) button.primary")
    click_and_wait(page, ".seat-tab[data-seat='0']")
    page.wait_for_selector(".qc-signals button[data-action='stop']:not([disabled])")
    assert page.locator(".qc-signals button[data-action='done']").is_disabled()
    assert page.locator(".qc-hand .qc-card.playable").count() == 0
    click_and_wait(page, ".qc-signals button[data-action='stop']")
    page.wait_for_selector(".qc-player[data-seat='0'] [data-signal='stopped']")
    page.wait_for_selector(".qc-signals button[data-action='stop'][disabled]")
    assert not page.locator(".qc-signals button[data-action='beep']").is_disabled()


def executions(scenario: str, seed: int, rounds: int) -> Iterator[tuple[list[dict[str, Any]], dict[str, Any]]]:
    """Games of random play: the tokens before each Execute phase, and the view after it."""
    from quarkade.games.quirky_circuits.rules import new_state

    state = new_state(2, seed=seed, scenario=scenario)
    chooser = random.Random(seed)
    while not state.is_over and state.round <= rounds:
        before = [{"token": t.kind, "space": list(t.space), "raised": t.raised} for t in state.tokens]
        round_now = state.round
        while state.round == round_now and not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
        yield before, state.view(0).to_json()


# seeds whose random play goes through tunnels, snowdrifts, chairs and falling tokens
REPLAYED = [("room-to-zoom", 0), ("hole-lot-of-fun", 1), ("tea-time", 0), ("the-cellar", 0)]


def test_the_animation_replays_each_execution_from_its_record(server: LiveServer, page: Any) -> None:
    """The frames the page draws start from the board before the Execute phase (tokens put
    back where they were, pots back on their obstacles) and end on the view's board; every
    view of the game is drawn without a fault."""
    page.goto(f"{server.url}/")
    page.wait_for_selector(".game-card")
    seen: set[str] = set()
    for scenario, seed in REPLAYED:
        seen |= check_frames(page, scenario, seed)
    assert {"tunnel", "fall", "chair", "snowdrift"} <= seen, f"choose other seeds: only {sorted(seen)} were played"
    # a game played to its end: the result in words, once the last Execute phase is replayed
    *_, (_, last) = executions("rise-and-shine", seed=11, rounds=40)
    assert last["is_over"]
    words = page.evaluate(
        """async (view) => {
            const module = await import('/js/renderers/quirky-circuits.js');
            const ctx = { seat: 0, ui: {}, names: {}, rerender: () => {}, table: null };
            const root = module.renderQuirkyCircuits(view, [], () => {}, ctx);
            const result = root.querySelector('#qc-result');
            return [result.dataset.outcome, result.textContent, root.querySelectorAll('.qc-signals').length];
        }""", last)
    outcome = last["result"]["outcome"]
    assert words[0] == outcome and words[2] == 0
    assert ("Everyone loses." if outcome == "lost" else "You all win!") in words[1]


def check_frames(page: Any, scenario: str, seed: int) -> set[str]:
    """Every Execute phase of a game checked; the kinds of steps and halts it went through."""
    seen: set[str] = set()
    for before, view in executions(scenario, seed=seed, rounds=8):
        got = page.evaluate(
            """async (view) => {
                const module = await import('/js/renderers/quirky-circuits.js');
                const frames = module.framesOf(view);
                const plain = (tokens) => tokens.map((t) => [t.token, t.space.join(','), !!t.raised]);
                const ctx = { seat: 0, ui: {}, names: {}, rerender: () => {}, table: null };
                const root = module.renderQuirkyCircuits(view, [], () => {}, ctx);
                return { first: plain(frames[0].tokens), last: plain(frames[frames.length - 1].tokens),
                         robot: frames[frames.length - 1].space.join(','), facing: frames[frames.length - 1].facing,
                         drawn: root.querySelectorAll('.qc-tokens [data-token]').length };
            }""", view)
        expected_before = sorted([t["token"], f"{t['space'][0]},{t['space'][1]}", t["raised"]] for t in before)
        expected_after = sorted([t["token"], f"{t['space'][0]},{t['space'][1]}", t["raised"]] for t in view["tokens"])
        assert sorted(got["first"]) == expected_before
        assert sorted(got["last"]) == expected_after
        assert got["robot"] == ",".join(map(str, view["robot"]["space"])) and got["facing"] == view["robot"]["facing"]
        assert got["drawn"] == len(view["tokens"])
        seen |= {step.get("reason") or step["step"] for step in view["execution"]}
    return seen


# A view drawn as the page draws it when the view brings a new Execute phase: replayed step by
# step (``ui.seen`` holds the execution shown before). ``window.skip()`` skips the replay.
ANIMATED = """async (view) => {
  const module = await import('/js/renderers/quirky-circuits.js');
  const main = document.createElement('main');
  const ctx = { seat: 0, ui: { seen: '' }, names: {}, table: null, replay: false };
  ctx.rerender = () => main.replaceChildren(module.renderQuirkyCircuits(view, [], () => {}, ctx));
  ctx.rerender();
  document.body.replaceChildren(main);
}"""
# The header and the state of the board while it is drawn.
HEADER = """() => ({
  animating: document.querySelector('.qc').dataset.animating,
  round: document.querySelector('.qc-round b').textContent,
  battery: Number(document.querySelector('.qc-battery .qc-cell.marker').dataset.level),
  phase: document.querySelector('.qc-phase').textContent,
})"""


def test_the_header_follows_the_round_the_animation_shows(server: LiveServer, page: Any) -> None:
    """The view after round 1's Execute phase is already in round 2, its battery one lower:
    while round 1's queue is replayed the header stays on round 1 and its battery, and moves on
    when the replay ends. A game over is not "Executing the queue" any more, even while its last
    queue is replayed."""
    page.goto(f"{server.url}/")
    page.wait_for_selector(".game-card")
    views = [view for _, view in executions("rise-and-shine", seed=11, rounds=40)]
    second = views[0]
    assert second["round"] == 2 and not second["is_over"]
    page.evaluate(ANIMATED, second)
    assert page.evaluate(HEADER) == {"animating": "1", "round": "1", "battery": second["battery"]["level"] + 1,
                                     "phase": "Executing the queue"}
    page.click("#qc-skip")
    page.wait_for_selector(".qc[data-animating='0']")
    assert page.evaluate(HEADER) == {"animating": "0", "round": "2", "battery": second["battery"]["level"],
                                     "phase": "Programming"}
    last = views[-1]
    assert last["is_over"]
    page.evaluate(ANIMATED, last)
    header = page.evaluate(HEADER)
    assert header["animating"] == "1" and header["phase"] != "Executing the queue"
    assert header["phase"] == ("Lost: battery flat" if last["result"]["outcome"] == "lost"
                               else f"Won in the {last['result']['section']}")


def test_a_signal_given_reads_as_a_status_not_a_button(server: LiveServer, page: Any) -> None:
    """A player's Done (Stop, Beep-boop) beside its name is a word with a mark: no border, no
    background, no pointer, unlike the buttons that give the signals."""
    *_, (_, view) = executions("rise-and-shine", seed=11, rounds=1)
    for player, signal in zip(view["players"], ["done", "stopped"], strict=True):
        player[signal] = True
    page.goto(f"{server.url}/")
    page.evaluate(ANIMATED, {**view, "execution": []})
    page.wait_for_function("() => !('styling' in document.documentElement.dataset)")
    looks = page.eval_on_selector_all(".qc-player [data-signal]", """nodes => nodes.map((n) => {
      const style = getComputedStyle(n);
      return [n.dataset.signal, n.textContent, style.borderTopWidth, style.backgroundColor, style.cursor];
    })""")
    assert looks == [["done", "Done", "0px", "rgba(0, 0, 0, 0)", "default"],
                     ["stopped", "Stop", "0px", "rgba(0, 0, 0, 0)", "default"]]


# The log as the page shows it and whether the board is replaying an Execute phase, in one go.
LOG_NOW = """() => ({
  animating: document.querySelector('.qc').dataset.animating,
  log: [...document.querySelectorAll('#log li')].map((li) => li.textContent),
})"""
OUTCOME_WORDS = ("Execute:", "The robot ends in", "everyone wins", "everyone loses", "Round 2:")


def test_the_log_tells_how_the_queue_ran_once_the_board_has_shown_it(server: LiveServer, page: Any) -> None:
    """While the queue runs on the board, the log holds back the Execute phase's entry (where
    the robot ends) and what follows it (a win or a loss, the next round); once the animation
    is skipped they are there, the robot's place in the words of the board the page shows."""
    page.goto(f"{server.url}/")
    set_table(page, ["human", BOT], practice=False)
    wait_for_my_turn(page)
    play_one(page)  # (Done waits for a card of one's own, however many the bot queued)
    while page.locator(".qc-queue-cards .qc-card").count() < SCENARIO_QUEUE:
        play_one(page)
    page.wait_for_selector(".qc-signals button[data-action='done']:not([disabled])")
    before = page.evaluate(LOG_NOW)["log"]
    click_and_wait(page, ".qc-signals button[data-action='done']")
    page.wait_for_selector(".qc[data-animating='1'] #qc-skip")
    during = page.evaluate(LOG_NOW)
    assert during["animating"] == "1", "the animation of five cards or more lasts seconds"
    assert not [line for line in during["log"] if any(word in line for word in OUTCOME_WORDS)], during["log"]
    assert during["log"][:len(before)] == before
    page.click("#qc-skip")
    page.wait_for_selector(".qc[data-animating='0']")
    after = page.evaluate(LOG_NOW)["log"]
    executed = [line for line in after if line.startswith("Execute:")]
    assert len(executed) == 1, after
    x, y, facing = page.get_attribute(".qc", "data-robot").split(",")
    assert executed[0].endswith(f"The robot ends in {place_words((int(x), int(y)), SCENARIO.width, SCENARIO.height)}, "
                                f"facing {facing}."), executed[0]
    if page.get_attribute(".qc", "data-round") == "2":
        assert "Round 2: the battery is at 11. Program the robot." in after, after
