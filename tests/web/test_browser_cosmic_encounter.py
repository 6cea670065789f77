"""A real browser plays Cosmic Encounter with the Quarks expansion through the web client.

A person and three Normal (heuristic) bots play a four-player game to its end: the table is set in the
lobby with Quarks, and the person clicks, at random (seeded), one of the legal actions the
page shows as a button, a card or a planet (each carries its notation in data-action),
preferring to accept a deal. On the way the test reads the Phase Diagram's State Indicator and
the Quarks in the hand off the page, and checks that a Quark's shown value is its printed
number plus the square's adjustment, that it changes as the indicator moves, and that the
page marks the change with the value before.
A second test draws a deal (both main players played a Compromise) reached in a seeded game
and checks its dialog: the standing offer, the countdown, the offer form, accept and no deal.
Screenshots go to docs/screenshots/ when asked (QUARKADE_SCREENSHOTS=1 or --update-screenshots).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

import quarkade
from quarkade.agents import make_bot
from quarkade.core import State
from quarkade.games.cosmic_encounter.components import FLAVOURS, SQUARES

from .conftest import CHROMIUM, LiveServer, browser_page, click_if_there, screenshot

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")

GAME_SECONDS = 240  # a whole game by clicking; the house turn limit ends it in any case


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    with browser_page(server, 900) as tab:
        yield tab


def set_table(page: Any) -> None:
    page.wait_for_selector(".game-card[data-game='cosmic-encounter']")
    page.click(".game-card[data-game='cosmic-encounter'] button.primary")
    page.select_option("#players", "4")
    for seat, kind in enumerate(["human", "normal", "normal", "normal"]):
        page.select_option(f"select[data-seat='{seat}']", kind)
    page.check("#options [name='quarks']")
    page.check("#options [name='flares']")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".ce")


def shoot(page: Any, name: str) -> None:
    """The whole page at 1440 wide, from the top, as tall as it is."""
    height = int(page.evaluate("document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": 1440, "height": max(900, height)})
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, name)
    page.set_viewport_size({"width": 1440, "height": 900})


READ = """() => {
  const root = document.querySelector('.ce');
  const actions = [...document.querySelectorAll('.ce [data-action]')]
    .filter((n) => !n.disabled).map((n) => n.dataset.action);
  const quarks = [...document.querySelectorAll('.ce-hand .ce-card[data-kind=quark]')]
    .map((n) => [n.dataset.card, Number(n.dataset.value)]);
  const changed = [...document.querySelectorAll('.ce-hand .ce-card.quark.changed')]
    .map((n) => [n.dataset.card, Number(n.dataset.value), n.querySelector('.ce-card-note').textContent, n.title]);
  const current = document.querySelector('.ce-square.current');
  const placing = [...document.querySelectorAll('.ce-planet.placing')].map((n) => n.dataset.planet);
  const countdown = document.querySelector('#ce-deal .ce-countdown-n');
  return { step: root.dataset.step, turn: Number(root.dataset.turn), actions, quarks, changed, placing,
           countdown: countdown ? countdown.textContent : null,
           square: current ? Number(current.dataset.square) : null,
           over: !!document.querySelector('#ce-over'), updates: Number(document.body.dataset.updates || 0) };
}"""


def quark_value(face: str, square: int) -> int:
    return int(face[1:]) + SQUARES[square][FLAVOURS.index({"u": "up", "d": "down", "s": "strange"}[face[0]])]


def choose(actions: list[str], rng: random.Random) -> str:
    """A simple policy: accept a deal, play a flare, rarely give up a deal, otherwise any shown action."""
    accepts = [a for a in actions if a == "accept" or a.startswith("accept ")]
    if accepts:
        return accepts[0]
    flares = sorted(a for a in actions if a.startswith("flare "))
    if flares:
        return flares[0]  # a flare returns to the hand: play it whenever it may be
    choices = [a for a in actions if a != "timeout"] or actions
    # offence: a second challenge keeps the game moving towards its end
    if "again" in choices and rng.random() < 0.7:
        return "again"
    return rng.choice(sorted(set(choices)))


def click(page: Any, action: str, before: int) -> None:
    """Click the element that carries ``action``, then wait for the server's answer. In a
    window where every seat may act (an edict window), a bot may act first and take the
    action away before the click lands: then the board has moved on, and the caller reads it
    again."""
    errors = page.evaluate("Number(document.body.dataset.errors || 0)")
    if not click_if_there(page, f".ce [data-action='{action}']", since=before):
        return  # the state moved on without this action
    # (to the last action of a confirmed choice that sends several: the board between them is not
    # one to act on)
    page.wait_for_function(
        "([u, e]) => (Number(document.body.dataset.updates || 0) > u && document.body.dataset.sending !== '1')"
        " || Number(document.body.dataset.errors || 0) > e",
        arg=[before, errors], timeout=15_000)


class Played:
    """What one game by clicking showed of the Phase Diagram and the person's Quarks."""

    def __init__(self) -> None:
        self.seen: dict[str, set[tuple[int, int]]] = {}  # a Quark's face: (square, value shown)
        self.squares: set[int] = set()
        self.flagged: set[str] = set()  # Quarks the page marked as changed
        self.clicks = 0
        self.placed = 0  # the person's tokens placed by clicking a planet
        self.flared = 0  # flares the person played

    def changed(self) -> dict[str, set[tuple[int, int]]]:
        """The Quarks in the hand seen with two values."""
        return {face: values for face, values in self.seen.items() if len({v for _, v in values}) > 1}


def play_a_table(page: Any, server: LiveServer, rng: random.Random, shots: set[str]) -> Played:
    """Set a table with Quarks in the lobby and click through its game to the end, checking
    each board on the way."""
    started = time.monotonic()
    page.goto(f"{server.url}/")
    set_table(page)
    assert page.locator(".ce-system").count() == 4
    assert page.locator(".ce-planet").count() == 20
    assert page.locator(".ce-square").count() == 12
    assert page.locator(".ce-square.current").count() == 1
    played = Played()
    while True:
        assert time.monotonic() - started < GAME_SECONDS, f"no end after {played.clicks} clicks"
        state = page.evaluate(READ)
        if state["over"]:
            break
        assert state["square"] is not None, "a game with Quarks shows the State Indicator"
        played.squares.add(state["square"])
        for face, value in state["quarks"]:
            assert value == quark_value(face, state["square"]), (face, value, state["square"])
            played.seen.setdefault(face, set()).add((state["square"], value))
        for face, value, note, tip in state["changed"]:
            # the card tells what it was worth before the indicator last moved, and on which square
            was = int(note.removeprefix("was "))
            before = int(tip.rpartition("on square ")[2].rstrip(")")) - 1
            assert was != value and was == quark_value(face, before), (face, value, note, tip)
            played.flagged.add(face)
        if state["step"] == "deal" and "deal" not in shots and state["actions"]:
            # read with the board: the other main player may end the deal at once ("no deal")
            assert state["countdown"] is not None and state["countdown"].endswith(" s"), state
            shoot(page, "cosmic-encounter-deal.png")
            shots.add("deal")
        if page.locator("#ce-result").count() and "table" not in shots and state["turn"] >= 3:
            shoot(page, "cosmic-encounter-table.png")
            shots.add("table")
        if state["step"] == "place" and state["actions"]:
            # a token of the person's is placed by clicking a highlighted planet
            assert state["placing"] and {a.split()[1] for a in state["actions"]} == set(state["placing"])
            played.placed += 1
        played.flared += any(a.startswith("flare ") for a in state["actions"])
        if not state["actions"]:
            page.wait_for_function(
                "u => Number(document.body.dataset.updates || 0) > u || document.querySelector('#ce-over')",
                arg=state["updates"], timeout=20_000)
            continue
        click(page, choose(state["actions"], rng), state["updates"])
        played.clicks += 1

    over = page.inner_text("#ce-over")
    assert " win" in over or "You win!" in over
    # The events read as sentences: the game writes many lines in lower case ("the cards are
    # revealed", "totals: …"), and the page shows each with a capital and every seat by name.
    events = page.eval_on_selector_all("#log li", "items => items.map(li => li.textContent)")
    # (the person, unnamed, is "Seat 1"; the engine's own count from 0 never shows)
    assert events and not [e for e in events if e[:1].islower() or re.search(r"\b[Ss]eat 0\b|\b[Ss]eats \d", e)], \
        events[-5:]
    shoot(page, "cosmic-encounter-over.png")
    assert len(played.squares) > 1, "the State Indicator moved"
    print(f"{played.clicks} clicks in {time.monotonic() - started:.0f} s; squares {sorted(played.squares)}; "
          f"Quarks {played.changed()}; {played.placed} tokens placed, {played.flared} flares played")
    return played


@pytest.mark.long  # a whole game, up to three
def test_a_person_plays_cosmic_encounter_with_quarks_against_three_bots(server: LiveServer, page: Any) -> None:
    rng = random.Random(12)
    shots: set[str] = set()
    # A table's deal is the server's secret, and in about one game of fifteen the person never
    # holds a Quark while the State Indicator moves: then another table is played, up to three.
    for _ in range(3):
        played = play_a_table(page, server, rng, shots)
        if played.changed():
            break
    assert played.changed(), f"no Quark in the hand was seen with two values in three games: {played.seen}"
    assert played.flagged, "a Quark whose value changed is marked on the page"


def deal_for_seat_0() -> State:
    """A seeded four-player game with Quarks at a deal in which seat 0 is a main player and its
    opponent has made an offer (every seat plays a Compromise when it can)."""
    game = quarkade.load("cosmic-encounter", players=4, quarks=True)
    for seed in range(40):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while not state.is_over:
            view = state.view(0).to_json()
            if view["step"] == "deal" and 0 in state.to_act:
                opponent = next(seat for seat in state.to_act if seat != 0)
                offers = [a for a in state.legal_actions(opponent) if str(a).endswith("base both")]
                state.apply(opponent, offers[-1])
                return state
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            names = [str(a) for a in legal]
            state.apply(seat, legal[names.index("play c")] if "play c" in names else rng.choice(legal))
    raise AssertionError("no deal with seat 0 in forty seeded games")


DRAW = """async ([view, legal, seat, names]) => {
  const { renderCosmicEncounter } = await import('/js/renderers/cosmic-encounter.js');
  const components = await (await fetch('/api/games/cosmic-encounter/components')).json();
  window.sent = [];
  const ctx = { seat, components, ui: {}, names: names || {}, replay: false, clock: null, over: false };
  const main = document.createElement('main');
  main.style.padding = '1rem';
  main.append(renderCosmicEncounter(view, legal, (a) => window.sent.push(a), ctx));
  document.body.replaceChildren(main);
}"""


def test_the_deal_dialog_shows_the_offer_and_the_countdown(server: LiveServer, page: Any) -> None:
    state = deal_for_seat_0()
    view = state.view(0).to_json()
    legal = [str(action) for action in state.legal_actions(0)]
    # Accepting names the cards seat 0 gives for those asked; an offer names the cards given.
    accepts = [a for a in legal if a.split()[0] == "accept"]
    accept = accepts[-1]
    gift = next(a.removeprefix("offer give ").split(" get ")[0] for a in legal
                if a.startswith("offer give ") and not a.startswith("offer give none"))
    page.goto(f"{server.url}/")
    page.evaluate(DRAW, [view, legal, 0])
    page.wait_for_selector("#ce-deal")
    opponent = view["encounter"]["defender"] if view["offence"] == 0 else view["offence"]
    offer = page.inner_text("#ce-deal .ce-offers")
    assert f"Seat {opponent + 1} gives" in offer and "a base each" in offer  # no names: seats counted from 1
    mine = 0 if view["offence"] == 0 else 1
    left = view["encounter"]["offers_left"]
    assert page.inner_text("#ce-deal [data-role='offers-left']").startswith(
        f"You may make {left[mine]} more offer{'s' if left[mine] != 1 else ''}; they may make {left[1 - mine]}.")
    first = int(page.inner_text(".ce-countdown-n").removesuffix(" s"))
    limit = view["options"].get("deal_seconds") or 60
    assert limit - 2 <= first <= limit
    page.wait_for_function("f => Number(document.querySelector('.ce-countdown-n').textContent.split(' ')[0]) < f",
                           arg=first, timeout=5_000)
    shoot(page, "cosmic-encounter-deal.png")
    page.select_option("#ce-deal select[data-deal='give']", gift)
    page.select_option("#ce-deal select[data-deal='get']", "1")
    page.select_option("#ce-deal select[data-deal='base']", "mine")
    assert page.get_attribute("#ce-offer", "data-action") == f"offer give {gift} get 1 base mine"
    page.click("#ce-offer")
    # the acceptor chooses the cards it gives from its hand (asked for two, it has a choice), by face
    choices = page.eval_on_selector_all("#ce-deal select[data-deal='pay'] option", "ns => ns.map((n) => n.textContent)")
    assert len(accepts) > 1 and choices == [", ".join(a.split()[1:]) for a in accepts]
    page.select_option("#ce-deal select[data-deal='pay']", accept)
    page.click(f"#ce-deal [data-action='{accept}']")
    page.click("#ce-deal [data-action='timeout']")
    assert page.evaluate("window.sent") == [f"offer give {gift} get 1 base mine", accept, "timeout"]
    # the main players' cards are both Compromises, face up, and no winner yet
    assert page.locator(".ce-side .ce-card.compromise").count() == 2
    assert "a deal" in page.inner_text("#ce-result")
    # a spectator sees the deal and the offer, with no hand and nothing to click
    page.evaluate(DRAW, [state.view(None).to_json(), [], None])
    page.wait_for_selector("#ce-deal")
    assert f"Seat {opponent + 1} gives" in page.inner_text("#ce-deal .ce-offers")
    assert page.inner_text("#ce-deal [data-role='offers-left']").startswith("Offers left: Seat ")
    assert page.locator(".ce-hand, #ce-offer, .ce [data-action]").count() == 0


def placement_for_seat_0() -> State:
    """A seeded four-player game with Quarks at a placement of seat 0's with a choice of planets."""
    game = quarkade.load("cosmic-encounter", players=4, quarks=True)
    for seed in range(60):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while not state.is_over:
            if state.to_act == (0,) and state.view(0).to_json()["step"] == "place" and len(state.legal_actions(0)) > 1:
                return state
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no placement with a choice for seat 0 in sixty seeded games")


def test_a_token_is_placed_by_clicking_a_planet(server: LiveServer, page: Any) -> None:
    state = placement_for_seat_0()
    view = state.view(0).to_json()
    legal = [str(action) for action in state.legal_actions(0)]
    page.goto(f"{server.url}/")
    page.evaluate(DRAW, [view, legal, 0])
    page.wait_for_selector(".ce-planet.placing")
    # the planets it may place on are marked, and no placement waits among the other buttons
    marked = page.eval_on_selector_all(".ce-planet.placing", "ns => ns.map((n) => n.dataset.planet)")
    assert sorted(marked) == sorted({a.split()[1] for a in legal})
    assert page.locator(".ce-controls [data-action]").count() == 0
    waiting, line = view["encounter"]["placements"][0], page.inner_text("#ce-placements")
    assert f"Seat 1 {'returns' if waiting['kind'] == 'home' else ''}" in line and f"{waiting['count']} token" in line
    assert "click" in page.inner_text("#ce-prompt")
    choice = legal[-1]
    page.locator(f".ce-planet[data-action='{choice}'], .ce-aims [data-action='{choice}']").first.click()
    assert page.evaluate("window.sent") == [choice]


def aims_in_own_system_for_seat_0() -> State:
    """A seeded four-player game where seat 0's destiny named its own colour and a planet of its
    system holds tokens of two other players: aiming there asks against which."""
    game = quarkade.load("cosmic-encounter", players=4)
    for seed in range(60):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while not state.is_over:
            if state.to_act == (0,):
                aimed = [str(a).split()[1] for a in state.legal_actions(0) if str(a).startswith("aim ")]
                if any(aimed.count(planet) > 1 for planet in aimed):
                    return state
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no aim with a choice of opponent for seat 0 in sixty seeded games")


# Each choice of opponent's button: its box and its system's.
AIMS = """() => [...document.querySelectorAll('.ce-aims button')].map((b) => {
  const box = b.getBoundingClientRect(), system = b.closest('.ce-system').getBoundingClientRect();
  return { action: b.dataset.action, box: [box.left, box.top, box.right, box.bottom],
           system: [system.left, system.top, system.right, system.bottom] };
})"""


def test_a_choice_of_opponent_in_ones_own_system_is_a_row_of_whole_buttons(server: LiveServer, page: Any) -> None:
    """Aiming at a planet of one's own system where two players have tokens asks against which:
    its buttons stand in a row under the planets, each whole inside the system and none over
    another (in a planet's narrow column they overlapped, one hiding another's click)."""
    state = aims_in_own_system_for_seat_0()
    view = state.view(0).to_json()
    legal = [str(action) for action in state.legal_actions(0)]
    page.set_viewport_size({"width": 900, "height": 900})  # the board's column on a laptop's screen
    page.goto(f"{server.url}/")
    names = {seat: f"Bot {seat + 1} (heuristic)" for seat in range(1, 4)}  # as long as a table's bots' names
    page.evaluate(DRAW, [view, legal, 0, names])
    page.wait_for_selector(".ce-aims button")
    buttons = page.evaluate(AIMS)
    assert sorted(b["action"] for b in buttons) == sorted(
        a for a in legal if a.startswith("aim ") and sum(o.split()[1] == a.split()[1] for o in legal) > 1)
    for b in buttons:
        (left, top, right, bottom), (s_left, s_top, s_right, s_bottom) = b["box"], b["system"]
        assert s_left <= left and right <= s_right and s_top <= top and bottom <= s_bottom, f"outside its system: {b}"
    for i, one in enumerate(buttons):
        for other in buttons[i + 1:]:
            (l1, t1, r1, b1), (l2, t2, r2, b2) = one["box"], other["box"]
            assert r1 <= l2 or r2 <= l1 or b1 <= t2 or b2 <= t1, f"overlapping: {one} and {other}"
    last = buttons[-1]["action"]
    page.locator(f".ce-aims [data-action='{last}']").click()
    assert page.evaluate("window.sent") == [last]


def flare_for_seat_0() -> State:
    """A seeded four-player game with Quarks and flares at an edict window where seat 0 may play
    a flare."""
    game = quarkade.load("cosmic-encounter", players=4, quarks=True, flares=True)
    for seed in range(60):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while not state.is_over:
            if 0 in state.to_act and any(str(a).startswith("flare ") for a in state.legal_actions(0)):
                return state
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no flare for seat 0 in sixty seeded games")


def test_a_flare_in_the_hand_tells_its_wild_and_super_and_is_played_by_clicking(server: LiveServer, page: Any) -> None:
    state = flare_for_seat_0()
    view = state.view(0).to_json()
    legal = [str(action) for action in state.legal_actions(0)]
    power = next(a for a in legal if a.startswith("flare ")).split()[1]
    uses = [a for a in legal if a == f"flare {power}" or a.startswith(f"flare {power} ")]
    page.goto(f"{server.url}/")
    page.evaluate(DRAW, [view, legal, 0])
    page.wait_for_selector(".ce-hand")
    # the open window is named, and the flare's tooltip gives both halves with their windows
    window = view["encounter"]["window"]
    assert page.get_attribute(".ce-window", "data-window") == window and window in page.inner_text("#ce-prompt")
    card = page.locator(f".ce-hand .ce-card[data-card='flare-{power}']").first
    tip = card.get_attribute("title") or ""
    assert "Wild (" in tip and "Super (" in tip and " window" in tip, tip
    if len(uses) == 1:
        card.click()  # one way to play it: the card itself
    else:
        page.click(f".ce-controls [data-action='{uses[-1]}']")  # a seat to name: a button each
    assert page.evaluate("window.sent") == [uses[0] if len(uses) == 1 else uses[-1]]


LOG_LINES = """async ([log, names]) => {
  const { logLines } = await import('/js/seat-words.js');
  return logLines(log, names);
}"""


def test_the_event_log_says_a_run_of_passes_in_one_line(server: LiveServer, page: Any) -> None:
    # Every player is asked at each edict window: a challenge logs a dozen "seat N passes".
    game = quarkade.load("cosmic-encounter", players=4)
    bots = [make_bot("heuristic", game, seat) for seat in range(4)]
    state = game.new_game(seed=3)
    for _ in range(140):
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    log = state.view(0).to_json()["log"]
    names = ["Ada", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)"]
    page.goto(f"{server.url}/")
    lines = page.evaluate(LOG_LINES, [log, names])
    # What the page should say, worked out here: each run of passes as one line, in order.
    expected: list[str] = []
    run: list[str] = []
    for entry in [*log, None]:
        if entry is not None and entry["event"] == "pass":
            run.append(names[int(entry["text"].split()[1])])
            continue
        if run:
            expected.append(f"{run[0]} passes" if len(run) == 1 else f"{', '.join(run[:-1])} and {run[-1]} pass")
            run = []
        if entry is not None:
            text = re.sub(r"\bseat (\d+)", lambda m: names[int(m[1])], entry["text"])
            expected.append(text[0].upper() + text[1:])
    assert sum(entry["event"] == "pass" for entry in log) >= 8
    assert lines == expected
    assert any(line.endswith(" pass") and ", " in line for line in lines), lines


def duplicate_attack_for_seat_0() -> tuple[State, str]:
    """A seeded four-player game with Quarks at a challenge card to play, seat 0 holding two
    copies of one Attack card it may play; and that card."""
    game = quarkade.load("cosmic-encounter", players=4, quarks=True)
    for seed in range(40):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while not state.is_over:
            if 0 in state.to_act:
                legal = {str(action) for action in state.legal_actions(0)}
                cards = [card["card"] for card in state.view(0).to_json().get("hand", [])]
                twice = [c for c in cards if c.startswith("a") and cards.count(c) > 1 and f"play {c}" in legal]
                if twice:
                    return state, twice[0]
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no hand with two copies of a playable Attack card in forty seeded games")


def test_both_copies_of_a_card_in_the_hand_are_playable(server: LiveServer, page: Any) -> None:
    """Two Attack cards alike in the hand: both are marked playable, and either one plays it."""
    state, card = duplicate_attack_for_seat_0()
    view = state.view(0).to_json()
    legal = [str(action) for action in state.legal_actions(0)]
    page.goto(f"{server.url}/")
    page.evaluate(DRAW, [view, legal, 0])
    copies = page.locator(f".ce-hand .ce-card[data-card='{card}']")
    assert copies.count() == 2
    assert copies.evaluate_all("ns => ns.map((n) => [n.classList.contains('playable'), n.dataset.action])") \
        == [[True, f"play {card}"]] * 2
    copies.nth(1).click()
    assert page.evaluate("window.sent") == [f"play {card}"]
