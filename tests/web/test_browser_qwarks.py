"""A real browser plays Qwarks through the web client, in real time.

A person plays a whole 3-player game against two "normal" bots by clicking: each turn it reads
the revealed cards off the page (their drawings carry the card's id), clicks the most valuable
one to cover it before the countdown ends, then answers the question about it from what the
page showed before the cover (number buttons or colour chips, then Prooton or Nootron). A second
game is the two-player variant (four decks) between two browsers, the friend joining by the
invitation link. Screenshots go to docs/screenshots/ when asked (QUARKADE_SCREENSHOTS=1)."""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest

from quarkade.games.qwarks.actions import Answer
from quarkade.games.qwarks.components import CARD_BY_ID, Card, Kind, Question

from . import conftest
from .conftest import CHROMIUM, LiveServer, browser_page, click_if_there, screenshot

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")

COVER_SECONDS = 3
# A card or a question that is there is clicked within milliseconds; one taken meanwhile (a bot
# covered the card first) is given up after this, so that a lost race never keeps the person
# from the next turn's (a click waits for its element to come back until its timeout).
CLICK_MS = 1_500

# What the page shows, read in one go: the phase, the turn, the cards one may cover (deck, id),
# the cards under a hand, whether this seat is asked to answer, the question, the end.
SITUATION = """() => {
  const qw = document.querySelector('.qw');
  if (!qw) return null;
  const q = document.querySelector('.qw-question');
  return {
    phase: qw.dataset.phase, turn: Number(qw.dataset.turn), round: Number(qw.dataset.round),
    prompt: document.querySelector('.qw-prompt').textContent,
    shown: [...document.querySelectorAll('.qw-card')].filter(c => c.dataset.card)
      .map(c => [Number(c.dataset.deck), c.dataset.card]),
    coverable: [...document.querySelectorAll('.qw-card.coverable')].map(c => Number(c.dataset.deck)),
    covered: [...document.querySelectorAll('.qw-card.covered')].map(c => [Number(c.dataset.deck), c.dataset.coveredBy]),
    answering: !!document.querySelector('.qw-action.answer'),
    asking: [...document.querySelectorAll('[data-ask]')].map(b => b.dataset.ask),
    question: q ? q.dataset.question || null : null,
    hands: document.querySelectorAll('.qw-card.covered .qw-hand').length,
    countdown: !!document.querySelector('.qw-countdown'),
    over: !!document.querySelector('#game-over'),
  };
}"""


class Player:
    """A person at one page: memorises the revealed cards, covers one, answers from memory."""

    def __init__(self, page: Any, seat: int, choose: Any) -> None:
        self.page = page
        self.seat = seat
        self.choose = choose  # (coverable decks, {deck: card}) -> deck
        self.memory: dict[int, dict[int, str]] = {}  # turn -> {deck: card id}
        self.covered: dict[int, int] = {}  # turn -> the deck this seat covered (its last reach)
        # turn -> every deck it reached for, and the turns a reach's click gave up on: a click
        # that waited out its time on a loaded machine may still have landed
        self.tried: dict[int, set[int]] = {}
        self.unsure: set[int] = set()
        self.rounds: set[tuple[int, int]] = set()  # (turn, race round) it reached in
        self.beaten = 0  # times asked again, a quicker hand on its card (ruling 8)
        # the turns it reached for a card in: a reach can come too late on a slow machine (the
        # card taken by a quicker bot, or the countdown over, before the click lands)
        self.reached: set[int] = set()
        self.answered: set[int] = set()
        self.saw_countdown = self.saw_hand = False

    def step(self) -> bool:
        """Do what the page asks now, if anything; whether something was done."""
        now = self.page.evaluate(SITUATION)
        if now is None or now["over"]:
            return False
        turn = now["turn"]
        if now["phase"] == "cover":
            self.memory.setdefault(turn, {}).update({deck: card for deck, card in now["shown"]})
            self.saw_countdown |= now["countdown"]
        if now["asking"]:
            return click_if_there(self.page, f"[data-ask='{now['asking'][0]}']", timeout=CLICK_MS)
        if now["coverable"] and (turn, now["round"]) not in self.rounds:
            if turn in self.covered:  # asked again: a quicker hand covered its card
                assert now["prompt"] == "A quicker hand covered your card: cover another, quick!", now
                assert self.covered[turn] not in now["coverable"]
                self.beaten += 1
            deck = self.choose(now["coverable"], self.memory[turn])
            self.reached.add(turn)
            self.rounds.add((turn, now["round"]))
            self.tried.setdefault(turn, set()).add(deck)
            if click_if_there(self.page, f".qw-card.coverable[data-deck='{deck}']", timeout=CLICK_MS):
                self.covered[turn] = deck
            else:
                self.unsure.add(turn)
            return True
        if now["answering"] and turn not in self.answered:
            self.saw_hand |= now["hands"] > 0
            mine = [deck for deck, by in now["covered"] if by == str(self.seat)]
            reached = self.tried[turn] if turn in self.unsure else {self.covered[turn]}
            assert len(mine) == 1 and mine[0] in reached, (now, self.covered, self.tried)
            card = CARD_BY_ID[self.memory[turn][mine[0]]]
            self.answer(card, Question(now["question"]))
            self.answered.add(turn)
            return True
        return False

    def answer(self, card: Card, question: Question) -> None:
        said = card.answer(question)
        if isinstance(said, int):
            self.page.click(f".qw-number[data-number='{said}']")
        else:
            for slot, colour in enumerate(said):
                self.page.click(f".qw-chip[data-slot='{slot}'][data-colour='{colour.word}']")
        if self.page.query_selector(".qw-kind"):
            self.page.click(f".qw-kind[data-kind='{card.kind.word}']")
        self.page.click(".qw-submit")


def shoot(page: Any, name: str) -> None:
    """The whole page at 1440 wide, as tall as it is (the header stays at the top), when
    screenshots are asked: the page laid out twice again takes time from a three-second race."""
    if not conftest._update_screenshots:
        return
    height = int(page.evaluate("document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": 1440, "height": max(900, height)})
    screenshot(page, name)
    page.set_viewport_size({"width": 1440, "height": 900})


def most_valuable(coverable: list[int], shown: dict[int, str]) -> int:
    return max(coverable, key=lambda deck: (CARD_BY_ID[shown[deck]].value, -deck))


def create(page: Any, server: LiveServer, seats: list[str], cover_seconds: int = COVER_SECONDS,
           four_decks: bool = False) -> None:
    page.goto(f"{server.url}/")
    page.wait_for_selector(".game-card[data-game='qwarks']")
    page.click(".game-card[data-game='qwarks'] button.primary")
    page.select_option("#players", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"select[data-seat='{seat}']", kind)
    page.fill("#options [name='cover_seconds']", str(cover_seconds))
    if four_decks:
        page.check("#options [name='four_decks']")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".qw")


def play_out(players: list[Player], limit: float = 240.0) -> None:
    deadline = time.monotonic() + limit
    while not all(p.page.query_selector("#game-over") for p in players):
        assert time.monotonic() < deadline, "the game did not end in time"
        if not any([p.step() for p in players]):
            players[0].page.wait_for_timeout(60)


def scores(page: Any) -> dict[int, int]:
    return {int(seat): int(score) for seat, score in page.eval_on_selector_all(
        ".qw-player", "nodes => nodes.map(n => [n.dataset.seat, n.querySelector('.qw-score').dataset.score])")}


def kept_values(page: Any, seat: int) -> int:
    titles = page.eval_on_selector_all(f".qw-player[data-seat='{seat}'] .qw-kept-card",
                                       "nodes => nodes.map(n => n.title)")
    return sum(CARD_BY_ID[title.split(":")[0]].value for title in titles)


@pytest.mark.alone  # the players race the countdown (and the bots' reaction times)
def test_a_person_races_two_normal_bots_through_a_whole_game(server: LiveServer) -> None:
    with browser_page(server, 900) as page:
        create(page, server, ["human", "normal", "normal"])
        person = Player(page, 0, most_valuable)
        shots = {"race": False, "answer": False}
        deadline = time.monotonic() + 240
        while not page.query_selector("#game-over"):
            assert time.monotonic() < deadline, "the game did not end in time"
            now = page.evaluate(SITUATION)
            if now and now["phase"] == "cover" and now["coverable"] and not shots["race"]:
                shoot(page, "qwarks-race.png")
                shots["race"] = True
            if now and now["answering"] and not shots["answer"]:
                shoot(page, "qwarks-answer.png")
                shots["answer"] = True
            if not person.step():
                page.wait_for_timeout(60)
        shoot(page, "qwarks-over.png")
        final = scores(page)
        assert set(final) == {0, 1, 2}
        for seat in final:
            assert final[seat] == kept_values(page, seat)
        log = page.eval_on_selector_all("#log li", "nodes => nodes.map(n => n.textContent)")
    assert len(person.reached) == 44 // 3, "the person reached for a card every turn"
    assert len(person.covered) >= 44 // 6, "the person got at least half of the cards it reached for"
    assert person.answered, "the person got at least one card before the bots"
    assert person.saw_countdown and person.saw_hand
    # every answer came from the page's drawings, so none of the person's was wrong
    # the log names seat 0 as people see it: the person gave no name, so its seat counted from 1
    assert any(line.startswith("Seat 1 answers") for line in log), log
    assert not any(line.startswith("Seat 1 answers") and "wrong" in line for line in log), log
    assert final[0] > 0


@pytest.mark.alone  # the friend's hand must reach the page within the second a press holds redraws
def test_a_state_that_lands_during_a_press_does_not_take_the_click_away(server: LiveServer) -> None:
    """A person presses a card as the friend's hand lands: the new state is drawn once the press
    ends, so the release still lands on the card pressed, and covers it (drawn at once, the board
    between the press and the release gave the click to neither card)."""
    with browser_page(server, 900) as host:
        create(host, server, ["human", "human"], cover_seconds=30)
        host.wait_for_selector("#invite input")
        friend = host.context.browser.new_context(viewport={"width": 1440, "height": 900}).new_page()
        friend.goto(host.input_value("#invite input"))
        for page in (host, friend):
            page.wait_for_selector(".qw[data-phase='cover'] .qw-card.coverable[data-deck='1']")
        box = host.locator(".qw-card.coverable[data-deck='0']").bounding_box()
        host.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        drawn = int(host.evaluate("document.body.dataset.updates"))
        host.mouse.down()
        friend.click(".qw-card.coverable[data-deck='1']")
        host.wait_for_selector("body[data-held='1']", state="attached")  # the friend's hand, held
        assert int(host.evaluate("document.body.dataset.updates")) == drawn
        host.mouse.up()
        host.wait_for_function("""() => {
          const who = document.querySelector(".qw-card.covered[data-deck='0'] .qw-cover-who");
          return who && who.textContent === 'Your hand';
        }""")
        assert host.evaluate("document.body.dataset.held") is None
        assert int(host.evaluate("document.body.dataset.updates")) > drawn
        friend.context.close()


@pytest.mark.alone  # the players race the countdown
def test_two_browsers_play_the_four_deck_game(server: LiveServer) -> None:
    with browser_page(server, 900) as host:
        # One test thread plays both pages in turn: a longer limit keeps a slow machine from
        # making either miss a race (a race ends as soon as both have covered, so it costs nothing).
        create(host, server, ["human", "human"], cover_seconds=2 * COVER_SECONDS, four_decks=True)
        host.wait_for_selector("#invite input")
        link = host.input_value("#invite input")
        # the friend's browser: a context of its own (its own storage, so its own seat)
        friend = host.context.browser.new_context(viewport={"width": 1440, "height": 900}).new_page()
        friend.on("pageerror", lambda error: host.problems.append(f"friend's page error: {error}"))
        friend.goto(link)
        friend.wait_for_selector(".qw-table.two")
        assert host.eval_on_selector_all(".qw-table.two .qw-slot", "nodes => nodes.length") == 4
        # both reach for deck 0 while it is free: the slower hand is asked again (ruling 8), and
        # takes one of its own decks, so both get a card every turn
        players = [Player(host, 0, lambda decks, shown: min(d for d in decks if d in (0, 1))),
                   Player(friend, 1, lambda decks, shown: 0 if 0 in decks else min(d for d in decks if d in (2, 3)))]
        play_out(players)
        shoot(friend, "qwarks-two-players.png")
        final = scores(friend)
        assert final == scores(host)
        for seat in (0, 1):
            assert final[seat] == kept_values(friend, seat)
        friend.context.close()
    # each gets a card every turn, the beaten hand too, unless a slow machine made it miss the
    # time limit (a loaded machine misses a few; most must still be answered)
    assert all(len(p.reached) == 44 // 4 and len(p.answered) >= 44 // 8 for p in players), \
        [(len(p.reached), len(p.covered), len(p.answered)) for p in players]
    assert sum(p.beaten for p in players) >= 44 // 8, [p.beaten for p in players]
    assert all(p.saw_hand for p in players)


# The strip of the turn just ended: each card answered, who answered what, and right or wrong;
# and whether it meets any of the race's cards, and lies below them all.
LAST_TURN = """() => [...document.querySelectorAll('.qw-last .qw-last-card')].map((c) => ({
  card: c.dataset.card, seat: Number(c.dataset.seat), right: c.classList.contains('right'),
  who: c.querySelector('.qw-last-said b').textContent,
  said: c.querySelector('.qw-last-said span:last-child').textContent,
  drawn: !!c.querySelector('img'),
  keeps: c.querySelector('[data-keeps]') ? c.querySelector('[data-keeps]').textContent : null}))"""
CLEAR_OF_THE_RACE = """() => {
  const strip = document.querySelector('.qw-last').getBoundingClientRect();
  const cards = [...document.querySelectorAll('.qw-table .qw-card')].map((c) => c.getBoundingClientRect());
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return cards.length > 0 && strip.height > 0 && cards.every((c) => !meets(c, strip) && c.bottom <= strip.top);
}"""


# The questions' short names, as the page writes them.
QUESTION_NAME = {"eyes": "Eyes", "tentacles": "Tentacles", "colours": "Colours", "sad": "Sad Qwarks",
                 "happy": "Happy Qwarks"}


def answer_about(page: Any, card: Card, question: Question, right: bool) -> str:
    """Answer the question about ``card`` on the page: the count or colours right, and its kind
    right or not; the notation the engine writes for it."""
    said = card.answer(question)
    if isinstance(said, int):
        page.click(f".qw-number[data-number='{said}']")
    else:
        for slot, colour in enumerate(said):
            page.click(f".qw-chip[data-slot='{slot}'][data-colour='{colour.word}']")
    kind = card.kind if right else Kind(1 - card.kind)
    page.click(f".qw-kind[data-kind='{kind.word}']")
    page.click(".qw-submit")
    return str(Answer(said, kind))


def test_the_next_race_shows_the_card_of_a_wrong_last_answer(server: LiveServer) -> None:
    """Ruling 16, amended: the last answer ends its turn, and the next turn's race begins at once.
    Two people: each covers its own card; the one asked first answers right, the other wrong,
    the last answer. In the next race both pages show the strip of the turn just ended, with the
    wrongly answered card's drawing, below the race's cards (at a desktop's size and a phone's);
    once that turn's answers begin, the strip is gone."""
    with browser_page(server, 900) as host:
        create(host, server, ["human", "human"], cover_seconds=30)
        host.wait_for_selector("#invite input")
        friend = host.context.browser.new_context(viewport={"width": 1440, "height": 900}).new_page()
        friend.on("pageerror", lambda error: host.problems.append(f"friend's page error: {error}"))
        friend.goto(host.input_value("#invite input"))
        pages = {0: host, 1: friend}
        for seat, page in pages.items():
            page.wait_for_selector(f".qw-card.coverable[data-deck='{seat}']")
        shown = dict(host.evaluate(SITUATION)["shown"])  # deck -> card id
        assert not host.query_selector(".qw-last"), "turn 1 follows no turn"
        for seat, page in pages.items():
            page.click(f".qw-card.coverable[data-deck='{seat}']")
        answered: list[tuple[int, str]] = []
        deadline = time.monotonic() + 30
        while len(answered) < 2:
            assert time.monotonic() < deadline, "the answers were not asked for"
            for seat, page in pages.items():
                if seat not in dict(answered) and page.query_selector(".qw-action.answer"):
                    question = asked = Question(page.evaluate(SITUATION)["question"])
                    answered.append((seat, answer_about(page, CARD_BY_ID[shown[seat]], question, not answered)))
            host.wait_for_timeout(60)
        (first, right_said), (last, wrong_said) = answered
        for seat, page in pages.items():
            page.wait_for_selector(".qw[data-turn='2'][data-phase='cover'] .qw-last")
            strip = page.evaluate(LAST_TURN)
            assert [(e["seat"], e["card"], e["right"], e["drawn"]) for e in strip] == [
                (first, shown[first], True, True), (last, shown[last], False, True)], strip
            # the answers as the buttons say them: "1 Prooton", not the notation's "1 prooton"
            assert [e["said"] for e in strip] == [said.removeprefix("answer ").replace("prooton", "Prooton").replace(
                "nootron", "Nootron") for said in (right_said, wrong_said)]
            assert strip[seat != first]["who"] == "You", "each page names its own seat 'You'"
            # the wrong answer's card says the answer that would have kept it
            card = CARD_BY_ID[shown[last]]
            keeps = str(Answer(card.answer(asked), card.kind)).removeprefix("answer ")
            assert [e["keeps"] for e in strip] == [None, "right: " + keeps.replace("prooton", "Prooton").replace(
                "nootron", "Nootron")], strip
            # The question they answered, not the next turn's (the strip shows through its race).
            assert page.get_attribute(".qw-last-asked", "data-question") == asked.word
            assert page.inner_text(".qw-last-asked") == QUESTION_NAME[asked.word]
            assert page.evaluate(CLEAR_OF_THE_RACE), "the strip lies below the race's cards"
        screenshot(host, "qwarks-last-turn.png")
        friend.set_viewport_size({"width": 390, "height": 740})
        friend.wait_for_timeout(100)
        assert friend.evaluate(CLEAR_OF_THE_RACE), "at a phone's size too"
        assert friend.evaluate("document.documentElement.scrollWidth") <= 390
        for seat, page in pages.items():
            page.click(f".qw-card.coverable[data-deck='{seat}']")
        for page in pages.values():
            page.wait_for_selector(".qw[data-turn='2'][data-phase='answer']")
            assert not page.query_selector(".qw-last"), "the next answers have begun"
        friend.context.close()


# Each race card's box, the dock's top, the top bar's bottom and the page's width.
RACE_IN_SIGHT = """() => ({
  cards: [...document.querySelectorAll('.qw-table .qw-card')].map((c) => {
    const box = c.getBoundingClientRect();
    return { deck: Number(c.dataset.deck), left: box.left, top: box.top, right: box.right, bottom: box.bottom };
  }),
  dock: document.querySelector('.dock').getBoundingClientRect().top,
  bar: document.querySelector('.topbar').getBoundingClientRect().bottom,
  width: document.documentElement.scrollWidth,
})"""
# Whose hand the page draws on each covered card: "Your hand", "Bot 2 (normal)'s hand".
HANDS = """() => Object.fromEntries([...document.querySelectorAll('.qw-card.covered')]
  .map((c) => [c.dataset.deck, c.querySelector('.qw-cover-who').textContent]))"""
BEATEN = "A quicker hand covered your card: cover another, quick!"


def cover_a_card(page: Any) -> int:
    """Click the least valuable card one may cover until the person's hand is on one (a bot that
    chose the same card first takes it, and the person is asked again); the deck covered."""
    for _ in range(8):
        now = page.evaluate(SITUATION)
        assert now["coverable"], "no card left to cover"
        shown = dict(now["shown"])
        deck = min(now["coverable"], key=lambda d: (CARD_BY_ID[shown[d]].value, d))
        page.click(f".qw-card.coverable[data-deck='{deck}']")
        page.wait_for_function(
            """([deck, beaten]) => {
              const who = document.querySelector(`.qw-card.covered[data-deck='${deck}'] .qw-cover-who`);
              const prompt = document.querySelector("[data-role='actions']");
              return (who && who.textContent === 'Your hand') || (prompt && prompt.textContent === beaten);
            }""", arg=[deck, BEATEN])
        if page.evaluate(HANDS).get(str(deck)) == "Your hand":
            return deck
        page.wait_for_selector(".qw-card.coverable")
    raise AssertionError("the person never got a card")


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_every_card_of_the_race_is_in_sight_above_the_dock_on_a_phone(server: LiveServer, players: int) -> None:
    """One deck a player: at five to eight players, on a phone held upright (390×740), every card
    of the race is in sight at once, above the dock and below the top bar, none over another,
    none narrower than its drawing stays legible, and the page does not scroll sideways; a click
    on one covers it."""
    with browser_page(server, 740) as page:
        page.set_viewport_size({"width": 390, "height": 740})
        create(page, server, ["human"] + ["normal"] * (players - 1), cover_seconds=30)
        page.wait_for_selector(".qw[data-phase='cover'] .qw-card.coverable")
        page.wait_for_timeout(200)  # the bots' choices arrive; the page has brought the race into view
        seen = page.evaluate(RACE_IN_SIGHT)
        cards = seen["cards"]
        assert sorted(card["deck"] for card in cards) == list(range(players)), cards
        for card in cards:
            where = f"deck {card['deck']} at {[round(card[k]) for k in ('left', 'top', 'right', 'bottom')]}"
            assert card["left"] >= 0 and card["right"] <= 390, f"{where}: off the screen's sides"
            assert card["top"] >= seen["bar"], f"{where}: under the top bar (it ends at {seen['bar']:.0f})"
            assert card["bottom"] <= seen["dock"], f"{where}: under the dock (it begins at {seen['dock']:.0f})"
            assert card["right"] - card["left"] >= 70, f"{where}: too narrow to read"
        for one, other in itertools.combinations(cards, 2):
            assert (one["right"] <= other["left"] or other["right"] <= one["left"]
                    or one["bottom"] <= other["top"] or other["bottom"] <= one["top"]), (one, other)
        assert seen["width"] <= 390, f"the page scrolls sideways by {seen['width'] - 390} px"
        deck = cover_a_card(page)
        assert page.evaluate(HANDS)[str(deck)] == "Your hand"


def test_the_lobby_offers_the_two_player_variant_at_two_players_only(server: LiveServer) -> None:
    with browser_page(server, 900) as page:
        page.goto(f"{server.url}/")
        page.wait_for_selector(".game-card[data-game='qwarks']")
        page.click(".game-card[data-game='qwarks'] button.primary")
        page.select_option("#players", "3")
        page.wait_for_selector("#options [name='cover_seconds']")
        assert page.locator("#options [name='four_decks']").count() == 0
        page.select_option("#players", "2")
        page.wait_for_selector("#options [name='four_decks']")
        assert not page.is_checked("#options [name='four_decks']")
