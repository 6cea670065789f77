"""An outsider's audit of Cosmic Encounter: seeded games through the public API, every step
checked against an independent model (``cosmic_encounter_model.py``) written from the
rulebook, the rulings and the Quarks text; then what each seat can learn that it should not."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import quarkade
from audit_support import new_entries
from cosmic_encounter_edicts_model import quake_hand_sizes
from cosmic_encounter_model import (
    BASES_TO_WIN,
    CARD_WORDS,
    HAND,
    HOME_PLANETS,
    SQUARE_COUNT,
    TOKENS,
    adjustment,
    bases_on_planets,
    card_value,
    committed,
    foreign_bases,
    placement_choices,
    planet_system,
    resolve_cards,
    serve_placements,
)
from quarkade.games.cosmic_encounter.text import render_text

GAME = "cosmic-encounter"
DECKS = ("eon", "eon-expansions", "mayfair-more")


def load(players: int, **options: Any) -> Any:
    """The game without powers, edicts nor flares, unless ``options`` say otherwise."""
    return quarkade.load(GAME, players=players, **{"powers": "none", "edicts": False, "flares": False, **options})


# --- the Phase Diagram ------------------------------------------------------------------------


def test_phase_diagram_fifth_and_sixth_squares() -> None:
    # "in the fifth square ... an Up 10 is an Attack 14, a Down 12 is an Attack 12, and a
    # Strange 7 is an Attack 3 ... the sixth square ... Attack 12, Attack 14, and Attack -1".
    assert [card_value(c, 4) for c in ("u10", "d12", "s7")] == [14, 12, 3]
    assert [card_value(c, 5) for c in ("u10", "d12", "s7")] == [12, 14, -1]


def test_phase_diagram_finder_example() -> None:
    # "in the first square ... a Strange 11 ... someone ... to find an Attack 15 ... would get it".
    assert card_value("s11", 0) == 15


def test_public_phase_diagram_matches_the_model() -> None:
    diagram = quarkade.load(GAME, players=3).public_components()["phase_diagram"]
    assert len(diagram) == SQUARE_COUNT
    for square, entry in enumerate(diagram):
        model = {f: adjustment(square, f) for f in ("up", "down", "strange") if adjustment(square, f)}
        assert entry == model, square
    # Ten entries in each of the Up and Down rows and ten in Strange (the last printed D + 8
    # being Strange's, RULINGS.md 5): each flavour is blank in exactly two squares.
    for flavour in ("up", "down", "strange"):
        assert sum(1 for entry in diagram if flavour in entry) == 10


# --- setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("deck", DECKS)
def test_setup(players: int, deck: str) -> None:
    game = load(players, deck=deck, quarks=True)
    total = len(game.public_components()["decks"][deck])
    firsts = set()
    for seed in range(6):
        state = game.new_game(seed=seed)
        view = state.view(None).to_json()
        assert view["turn"] == 1 and view["challenge"] == 1
        firsts.add(view["offence"])
        # The indicator starts on the first square and moves at the start of the first turn.
        assert view["square"] == 1
        assert len(view["planets"]) == players * HOME_PLANETS
        for planet in view["planets"]:
            owner = planet["system"]
            assert planet_system(planet["planet"]) == owner
            assert planet["tokens"] == [4 if s == owner else 0 for s in range(players)]
        for p in view["players"]:
            assert (p["hand_size"], p["warp"], p["bases"], p["foreign_bases"]) == (HAND, 0, TOKENS, 0)
        assert view["deck"]["cards"] == total - HAND * players
        assert view["destiny"]["cards"] + len(view["destiny"]["discards"]) == 3 * players
        for seat in range(players):
            assert len(state.view(seat).to_json()["hand"]) == HAND
    assert len(firsts) > 1, "the first offence is chosen at random"


# --- the playthrough checker ------------------------------------------------------------------


def spectator(state: Any) -> dict[str, Any]:
    return dict(state.view(None).to_json())


def check_invariants(state: Any, view: dict[str, Any], quarks: bool) -> None:
    n = len(view["players"])
    for seat, p in enumerate(view["players"]):
        assert p["bases"] == bases_on_planets(view, seat)
        assert p["foreign_bases"] == foreign_bases(view, seat)
        assert p["bases"] + p["warp"] + p["removed"] + committed(view, seat) == TOKENS
        if view["step"] != "cards":
            continue  # hands are read where they matter, when challenge cards are played
        hand = state.view(seat).to_json()["hand"]
        assert len(hand) == p["hand_size"]
        for card in hand:
            if card["kind"] in ("attack", "quark"):
                assert card["value"] == card_value(card["card"], view["square"]), (card, view["square"])
            if card["kind"] == "quark":
                assert quarks
                assert card["printed"] + adjustment(view["square"], card["flavour"]) == card["value"]
    assert (view["square"] is None) == (not quarks)
    assert len(view["planets"]) == n * HOME_PLANETS


def choose(rng: random.Random, actions: list[Any]) -> Any:
    words = [str(a).split()[0] for a in actions]
    for word, weight in (("accept", 0.4), ("timeout", 0.1), ("again", 0.7)):
        if word in words and rng.random() < weight:
            return rng.choice([a for a, w in zip(actions, words, strict=True) if w == word])
    return rng.choice(actions)


def launched(action: str) -> int:
    """Tokens a launch puts in the cone: ``launch K`` or ``launch`` and the planets taken from."""
    words = action.split()[1:]
    return int(words[0]) if len(words) == 1 and words[0].isdigit() else len(words)


def compare(label: str, got: Any, expected: Any, problems: list[str]) -> None:
    if got != expected:
        problems.append(f"{label}: expected {expected}, got {got}")


def quaked(pre: dict[str, Any], post: dict[str, Any]) -> bool:
    """Whether a cosmic quake dealt new hands between two views of an audit (``_quakes`` counts
    them): the hands the model expects from ``pre`` no longer hold in ``post``."""
    return bool(pre.get("_quakes", 0) != post.get("_quakes", 0))


class Audit:
    """Plays one seeded game and records every disagreement with the model."""

    def __init__(self, players: int, seed: int, **options: Any) -> None:
        self.game = load(players, **options)
        self.quarks = bool(options.get("quarks", False))
        self.state = self.game.new_game(seed=seed)
        self.rng = random.Random(seed * 7 + players)
        self.n = players
        self.label = f"players={players} seed={seed} {options}"
        self.problems: list[str] = []
        self.reveals = 0
        self.deals: dict[str, int] = {"accept": 0, "timeout": 0}
        self.rewards = 0
        self.deal_bases_lost: list[str] = []
        self.allies: list[dict[str, Any]] = []
        self.last_success = False
        self.placed = 0
        # A check of what an outcome, a deal or a reward leaves, made once the tokens it sent
        # back or took are placed (RULINGS.md 10): it reads the table then.
        self.deferred: Callable[[dict[str, Any]], None] | None = None
        self.dry_quakes = 0  # cosmic quakes because no card could be drawn (RULINGS.md 13a)

    def play(self) -> None:
        state = self.state
        pre = spectator(state)
        while not state.is_over:
            check_invariants(state, pre, self.quarks)
            seat = self.rng.choice(state.to_act)
            legal = state.legal_actions(seat)
            self.check_choices(pre, seat, {str(a) for a in legal})
            action = self.choose(seat, legal)
            hands = {s: state.view(s).to_json() for s in range(self.n)} if pre["step"] == "cards" else {}
            state.apply(seat, action)
            post = spectator(state)
            where = f"{self.label} step {state.steps} {pre['step']} seat {seat} {action}"
            before = len(self.problems)
            self.check_dry_quake(pre, post)
            self.transition(pre, post, hands, seat, str(action))
            for i in range(before, len(self.problems)):
                self.problems[i] = f"{where}: {self.problems[i]}"
            pre = post
        self.check_end(pre)

    def choose(self, seat: int, legal: list[Any]) -> Any:
        return choose(self.rng, legal)

    def check_dry_quake(self, pre: dict[str, Any], post: dict[str, Any]) -> None:
        """RULINGS.md 13a: when a card must be drawn and the deck and the discard pile are empty
        (or a main player needs a challenge card and neither holds one), every hand is
        discarded and seven cards are dealt to each seat from seat 0. Counted in ``_quakes`` of
        the views, so that the hand sizes the model expects across it are not compared."""
        lines = [line for line in new_entries(pre["log"], post["log"]) if line["event"] == "dry-quake"]
        self.dry_quakes += len(lines)
        post["_quakes"] = self.dry_quakes
        if not lines:
            return
        sizes = [p["hand_size"] for p in post["players"]]
        cards = sum(sizes) + post["deck"]["cards"] + len(post["deck"]["discards"])
        compare("hands after a cosmic quake", sizes, quake_hand_sizes(self.n, cards, 0), self.problems)
        if any(line["text"].startswith("the deck and the discard pile are empty") for line in lines):
            # a draw found both empty during the step: they held fewer cards than it asked
            compare("the deck was short before the quake", pre["deck"]["cards"] + len(pre["deck"]["discards"])
                    < HAND * self.n, True, self.problems)

    def check_choices(self, view: dict[str, Any], seat: int, legal: set[str]) -> None:
        """The choices the rulebook gives at regroup (3.1), destiny (3.2) and alliances (3.4)."""
        step, offence, encounter = view["step"], view["offence"], view["encounter"]
        planets = view["planets"]
        where = f"{self.label} step {self.state.steps} {step} seat {seat}"
        if step == "regroup":
            expected = {f"regroup {p['planet']}" for p in planets if p["tokens"][seat] > 0 or p["system"] == seat}
            compare(f"{where}: regroup choices", legal, expected, self.problems)
        elif step == "destiny":
            drawn = encounter["drawn"]
            if drawn != offence:
                expected = {f"aim {drawn}.{i}" for i in range(HOME_PLANETS)}
            else:
                expected = {"draw again"} | {
                    f"aim {p['planet']} at {other}" for p in planets if p["system"] == offence
                    for other in range(self.n) if other != offence and p["tokens"][other] > 0}
            compare(f"{where}: destiny choices", legal, expected, self.problems)
        elif step == "alliance":
            # Only tokens off the target planet can be committed (RULINGS.md 10).
            spare = any(p["tokens"][seat] for p in planets if p["planet"] != encounter["target"])
            sides = set(encounter["invited"][seat]) if spare else set()
            offered = {a.split()[1] for a in legal if a.startswith("ally")}
            compare(f"{where}: alliance sides", (offered, "decline" in legal), (sides, True), self.problems)
        elif step == "place":
            compare(f"{where}: the placer", seat, encounter["placements"][0]["seat"], self.problems)
            compare(f"{where}: placement choices", legal, placement_choices(view, seat), self.problems)
            compare(f"{where}: a placement asked has several choices", len(legal) > 1, True, self.problems)

    def transition(self, pre: dict[str, Any], post: dict[str, Any], views: dict[int, Any],
                   seat: int, action: str) -> None:
        p = self.problems
        if post["turn"] != pre["turn"] and not post["is_over"]:
            compare("next turn", post["turn"], pre["turn"] + 1, p)
            compare("next offence", post["offence"], (pre["offence"] + 1) % self.n, p)
            compare("challenge", post["challenge"], 1, p)
            compare("square", post["square"], None if not self.quarks else (pre["square"] + 1) % SQUARE_COUNT, p)
        step = pre["step"]
        if step == "regroup":
            compare("regroup warp", post["players"][seat]["warp"], pre["players"][seat]["warp"] - 1, p)
        elif step == "launch":
            compare("cone", post["encounter"]["cone"], launched(action), p)
            self.tokens_taken(pre, post, seat, action.split()[1:])
        elif step == "alliance" and action.startswith("ally"):
            self.tokens_taken(pre, post, seat, action.split()[2:])
        elif step == "again":
            if action == "again":
                compare("second challenge", (post["challenge"], post["turn"], post["square"]),
                        (2, pre["turn"], pre["square"]), p)
        elif step == "cards" and pre["encounter"]["result"] is None and (
                post["encounter"]["result"] is not None or post["step"] != "cards"):
            # (An outcome that ends the challenge at once shows the next one: its result is gone.)
            self.reveal(pre, post, views, seat, action)
        elif step == "deal" and post["step"] != "deal":
            self.deal(pre, post, seat, action)
        elif step == "rewards":
            self.reward(pre, post, seat, action)
        elif step == "place":
            self.placement(pre, post, action)
        if self.deferred is not None and post["step"] != "place":
            deferred, self.deferred = self.deferred, None
            deferred(post)
        if post["step"] == "again":
            compare("again after success", (post["challenge"], self.last_success), (1, True), p)

    def tokens_taken(self, pre: dict[str, Any], post: dict[str, Any], seat: int, words: list[str]) -> None:
        """Tokens launched or committed leave the bases they name (RULINGS.md 10), never the
        target planet."""
        if not words or words[0].isdigit():
            return
        compare("a token from the target", pre["encounter"]["target"] in words, False, self.problems)
        for before, after in zip(pre["planets"], post["planets"], strict=True):
            taken = words.count(before["planet"])
            compare(f"tokens left on {before['planet']}", after["tokens"][seat],
                    before["tokens"][seat] - taken, self.problems)

    def reveal(self, pre: dict[str, Any], post: dict[str, Any], views: dict[int, Any],
               seat: int, action: str) -> None:
        self.reveals += 1
        offence, defence = pre["offence"], pre["encounter"]["defender"]
        played = {seat: action.split()[1]}
        other = defence if seat == offence else offence
        played[other] = views[other]["own_card"]["card"]
        cards = (played[offence], played[defence])
        result = post["encounter"]["result"]
        expected = resolve_cards(pre, cards, seat)
        self.allies = list(pre["encounter"]["allies"])
        self.last_success = expected.success
        if result is not None:
            compare("revealed cards", [c["card"] for c in result["cards"]], list(cards), self.problems)
            compare("winner", result["winner"], expected.winner, self.problems)
            compare("totals", result["totals"], expected.totals, self.problems)
        if expected.winner is None:
            compare("deal step", post["step"], "deal", self.problems)
            self.compare_table(post, expected.warp, expected.bases, expected.hand_sizes, pre)
            return
        going_home = {a["seat"]: a["tokens"] for a in pre["encounter"]["allies"] if a["side"] == "defence"
                      and expected.winner == "defence"}

        def settled(final: dict[str, Any]) -> None:
            self.compare_table(final, expected.warp, expected.bases, expected.hand_sizes, pre)
            target = next(t for t in final["planets"] if t["planet"] == pre["encounter"]["target"])
            # Defensive allies going home may choose the target planet if it is one of their bases.
            landed = [got - want for got, want in zip(target["tokens"], expected.on_target, strict=True)]
            compare("target planet", all(0 <= extra <= going_home.get(s, 0) for s, extra in enumerate(landed)),
                    True, self.problems)
            self.after_challenge(pre, final, expected.success)
        self.deferred = settled

    def compare_table(self, post: dict[str, Any], warp: list[int], bases: list[int],
                      hands: list[int], pre: dict[str, Any]) -> None:
        compare("warp", [x["warp"] for x in post["players"]], warp, self.problems)
        compare("bases", [x["bases"] for x in post["players"]], bases, self.problems)
        got = [x["hand_size"] for x in post["players"]]
        # A seat still to take its reward has not ended its challenge: an empty hand may wait.
        got = [HAND if g == 0 and post["step"] == "rewards" else g for g in got]
        if not quaked(pre, post):  # (a quake's hands are checked as it happens)
            compare("hand sizes", got, hands, self.problems)

    def after_challenge(self, pre: dict[str, Any], post: dict[str, Any], success: bool) -> None:
        if post["is_over"]:
            return
        if post["step"] == "rewards":
            return
        if success and pre["challenge"] == 1:
            compare("step after a successful first challenge", post["step"], "again", self.problems)
        else:
            compare("turn after the challenge", post["turn"], pre["turn"] + 1, self.problems)

    def placement(self, pre: dict[str, Any], post: dict[str, Any], action: str) -> None:
        """A placement moves the asked seat's token as it says, then the placements with one
        choice are made at once (the model serves the queue the same way)."""
        self.placed += 1
        expected = serve_placements(pre, action)
        compare("tokens after a placement", {p["planet"]: p["tokens"] for p in post["planets"]},
                expected["tokens"], self.problems)
        compare("warp after a placement", [p["warp"] for p in post["players"]], expected["warp"], self.problems)
        if post["step"] == "place":
            compare("placements left", post["encounter"]["placements"], expected["placements"], self.problems)
        else:
            compare("placements left", expected["placements"], [], self.problems)

    def deal(self, pre: dict[str, Any], post: dict[str, Any], seat: int, action: str) -> None:
        self.deals[action.split()[0]] += 1
        enc = pre["encounter"]
        offence, defence = pre["offence"], enc["defender"]
        warp = [x["warp"] for x in pre["players"]]
        bases = [x["bases"] for x in pre["players"]]
        hands = [x["hand_size"] for x in pre["players"]]
        for ally in enc["allies"]:
            bases[ally["seat"]] += ally["tokens"]
        cone = enc["cone"]
        success = offence_base = defence_base = False
        events = [e["event"] for e in post["log"][-12:]]
        home_defence = sum(1 for t in pre["planets"] if t["system"] == offence and t["tokens"][defence])
        if action.startswith("accept"):
            compare("deal made", "deal" in events, True, self.problems)
            offerer = offence if seat == defence else defence
            offer = enc["offers"][0 if offerer == offence else 1]
            give, get, base = offer["gives"], len(action.split()) - 1, offer["base"]
            # The acceptor gives as many cards as the offer asks for, or all it holds.
            compare("cards given on accepting", get, min(offer["get"], hands[seat]), self.problems)
            hands[offerer] += get - give
            hands[seat] += give - get
            # "mine" and "yours" are said by the offerer.
            for_offerer, for_other = base in ("mine", "both"), base in ("yours", "both")
            offence_base = for_offerer if offerer == offence else for_other
            defence_base = for_other if offerer == offence else for_offerer
            success = offence_base
            bases[offence] += cone  # landed on the target, or gone home
        else:
            compare("no deal", (action, "no-deal" in events), ("timeout", True), self.problems)
            bases[offence] += cone
            for side in (offence, defence):
                lost = min(3, bases[side])
                bases[side] -= lost
                warp[side] += lost
        hands = [HAND if h == 0 else h for h in hands]
        self.last_success = success

        def settled(final: dict[str, Any]) -> None:
            self.compare_table(final, warp, bases, hands, pre)
            if action.startswith("accept"):
                if defence_base and home_defence < HOME_PLANETS and pre["players"][defence]["bases"] > 0:
                    self.defence_deal_base(pre, final, offence, defence, home_defence)
                if offence_base and (cone or bases[offence] > sum(
                        t["tokens"][offence] for t in pre["planets"] if t["planet"] == enc["target"])):
                    target = next(t for t in final["planets"] if t["planet"] == enc["target"])
                    compare("the offence's base on the target", target["tokens"][offence] > 0, True, self.problems)
            self.after_challenge(pre, final, success)
        self.deferred = settled

    def defence_deal_base(self, pre: dict[str, Any], post: dict[str, Any], offence: int, defence: int,
                          before: int) -> None:
        """A deal's base for the defence is a base it did not have in the offence's system, so
        it holds one more base there, unless its only tokens are single ones already there."""
        got = sum(1 for t in post["planets"] if t["system"] == offence and t["tokens"][defence])
        spare = any(t["tokens"][defence] > (1 if t["system"] == offence else 0) for t in pre["planets"])
        if not spare:
            compare("the defence's bases in the offence's system", got, before, self.problems)
        elif got != before + 1:
            # Reported apart: see test_a_deals_base_for_the_defence_is_a_new_base.
            self.deal_bases_lost.append(f"{self.label} step {self.state.steps}: the defence's bases in "
                                        f"the offence's system: expected {before + 1}, got {got}")

    def reward(self, pre: dict[str, Any], post: dict[str, Any], seat: int, action: str) -> None:
        self.rewards += 1
        tokens = sum(a["tokens"] for a in self.allies if a["seat"] == seat and a["side"] == "defence")
        cards = int(action.split()[1])
        back = min(tokens - cards, pre["players"][seat]["warp"])
        compare("reward range", 0 <= cards <= tokens, True, self.problems)
        compare("reward warp", post["players"][seat]["warp"], pre["players"][seat]["warp"] - back, self.problems)
        hand = pre["players"][seat]["hand_size"] + cards
        got = post["players"][seat]["hand_size"]
        if not (got == hand or (hand == 0 and got == HAND) or quaked(pre, post)):
            self.problems.append(f"reward hand: expected {hand}, got {got}")
        if post["step"] != "rewards":
            self.deferred = lambda final: self.after_challenge(pre, final, False)

    def check_end(self, view: dict[str, Any]) -> None:
        counts = [foreign_bases(view, s) for s in range(self.n)]
        reached = [s for s in range(self.n) if counts[s] >= BASES_TO_WIN]
        if reached:
            compare(f"{self.label}: winners at five bases", list(self.state.winners), reached, self.problems)
        else:
            best = max(counts)
            compare(f"{self.label}: winners at the turn limit",
                    list(self.state.winners), [s for s in range(self.n) if counts[s] == best], self.problems)
            compare(f"{self.label}: the turn limit", view["turn"] >= view["turn_limit"], True, self.problems)

    def try_refused(self, seat: int, texts: list[str], rng: random.Random, step: str, met: Counter[str],
                    counts: tuple[str, str], names_nothing_hidden: Callable[[str, str, int], None]) -> None:
        """One of ``texts``, chosen with ``rng``, sent by ``seat`` unless it is one of its legal
        actions: notation that does not parse is counted in ``met`` under ``counts[0]``; any
        other text must be refused by ``apply`` (counted under ``counts[1]``), its reason
        checked by ``names_nothing_hidden`` (given the reason, the text and the seat), with
        nothing changed in what any seat sees nor in whom the game waits for."""
        state = self.state
        text = rng.choice(texts)
        if text in {str(a) for a in state.legal_actions(seat)}:
            return
        before = ([state.view(s).to_json() for s in [None, *range(self.n)]], state.to_act)
        try:
            action = self.game.parse_action(state, seat, text)
        except quarkade.InvalidNotation:
            met[counts[0]] += 1
            return
        try:
            state.apply(seat, action)
        except quarkade.IllegalAction as refused:
            names_nothing_hidden(str(refused), text, seat)
            met[counts[1]] += 1
        else:
            self.problems.append(f"{self.label}: {text!r} by seat {seat} at {step} was accepted")
            return
        compare("nothing changed by a refusal",
                ([state.view(s).to_json() for s in [None, *range(self.n)]], state.to_act), before, self.problems)


CONFIGS = [(players, deck, quarks) for players in (3, 4, 5, 6) for deck in DECKS for quarks in (False, True)]


@pytest.mark.parametrize(("players", "deck", "quarks"), CONFIGS)
def test_playthroughs_agree_with_the_model(players: int, deck: str, quarks: bool) -> None:
    reveals = 0
    problems: list[str] = []
    for seed in range(1 if players > 4 else 2):
        audit = Audit(players, seed, deck=deck, quarks=quarks)
        audit.play()
        reveals += audit.reveals
        problems += audit.problems
    assert not problems, "\n".join(problems[:10])
    assert reveals > 0


def test_deals_rewards_and_second_challenges_are_reached_and_checked() -> None:
    # The playthroughs above check these only where random play reaches them: make sure it does.
    deals = {"accept": 0, "timeout": 0}
    rewards = placed = 0
    for seed in (100, 102, 103):
        audit = Audit(3, seed, deck="eon", quarks=True)
        audit.play()
        assert not audit.problems, "\n".join(audit.problems[:10])
        for key in deals:
            deals[key] += audit.deals[key]
        rewards += audit.rewards
        placed += audit.placed
    assert deals["accept"] > 0 and deals["timeout"] > 0 and rewards > 0 and placed > 0, (deals, rewards, placed)


def test_a_deals_base_for_the_defence_is_a_new_base() -> None:
    lost: list[str] = []
    for seed in range(2):
        for deck in DECKS:
            audit = Audit(3, seed, deck=deck, quarks=False)
            audit.play()
            lost += audit.deal_bases_lost
    assert not lost, "\n".join(lost)


# --- what a seat can learn ------------------------------------------------------------------

FACE = re.compile(r"\b(?:[adus]\d+|c)\b")
# Events whose text may name cards to everyone: revealed challenge cards, Plague's discards, a
# hand without a challenge card shown before it is discarded.
PUBLIC_FACE_EVENTS = {"reveal", "plague", "new-hand"}
# Lines that name the edict or flare just played (face up, for all to see), or an Attack's value,
# not a card: a Finder's request and what it found (RULINGS.md 21).
PLAYED_EVENTS = {"edict", "flare", "found"}


def names_a_card(entry: dict[str, Any]) -> bool:
    """Whether a log line's text names a card, by its face or in words (the card played and a
    Finder's value aside)."""
    text = entry["text"]
    return bool(FACE.search(text)) or (entry["event"] not in PLAYED_EVENTS and bool(CARD_WORDS.search(text)))


def everything_seen(state: Any, seat: int | None, illegal: Any = None) -> tuple[Any, ...]:
    """All a seat receives: its view, whom the game waits for, its legal actions and the
    reason given for an action it may not take."""
    actions = tuple(str(a) for a in state.legal_actions(seat)) if seat is not None else ()
    reason = state.why_illegal(seat, illegal) if seat is not None and illegal is not None else None
    return state.view(seat).to_json(), state.to_act, actions, reason


def sealed_moments(players: int, seeds: range, **options: Any) -> Any:
    """States where both main players are still to choose their challenge card."""
    game = load(players, **options) if "powers" not in options else quarkade.load(GAME, players=players, **options)
    for seed in seeds:
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(None).to_json()
            if view["step"] == "cards" and len(state.to_act) == 2:
                yield game, state
            seat = rng.choice(state.to_act)
            state.apply(seat, choose(rng, state.legal_actions(seat)))


def steps_alike_to_others(game: Any, state: Any, other: Any, holder: int, players: int, tried: tuple[str, ...],
                          steps: int, stop: Callable[[dict[str, Any]], bool] | None = None) -> int:
    """Two deals that differ only in ``holder``'s hidden cards (``state`` and ``other``) played
    side by side, each step the first seat to act passing where it may (else its first legal
    action), for ``steps`` steps at the most, until the game is over or ``stop`` says so of the
    table (the spectator's view): before each step both wait for the same seats, and every
    other seat (and the spectator) receives the same view, the same legal actions and the same
    reason for each action of ``tried``. Returns the number of steps played."""
    a, b = state.clone(), other
    compared = 0
    for _ in range(steps):
        if a.is_over or (stop is not None and stop(a.view(None).to_json())):
            break
        assert a.to_act == b.to_act
        for seat in [None, *range(players)]:
            if seat == holder:
                continue
            assert a.view(seat).to_json() == b.view(seat).to_json(), seat
            if seat is not None:
                assert [str(x) for x in a.legal_actions(seat)] == [str(x) for x in b.legal_actions(seat)]
                for text in tried:
                    actions = [game.parse_action(x, seat, text) for x in (a, b)]
                    assert a.why_illegal(seat, actions[0]) == b.why_illegal(seat, actions[1])
        actor = a.to_act[0]
        text = next((str(x) for x in a.legal_actions(actor) if str(x) == "pass"), str(a.legal_actions(actor)[0]))
        if actor == holder and text not in {str(x) for x in b.legal_actions(actor)}:
            break  # the holder's own choices differ (its hand does)
        a.apply(actor, game.parse_action(a, actor, text))
        b.apply(actor, game.parse_action(b, actor, text))
        compared += 1
    return compared


@pytest.mark.parametrize("quarks", [False, True])
def test_a_sealed_card_changes_nothing_another_seat_receives(quarks: bool) -> None:
    checked = 0
    for game, state in sealed_moments(4, range(3), quarks=quarks):
        first, second = state.to_act
        faces = list(dict.fromkeys(str(a) for a in state.legal_actions(first)))
        if len(faces) < 2:
            continue
        # An action the second main player may not take: a card only the first one holds.
        own = {c["card"] for c in state.view(second).to_json()["hand"]}
        others = [f for f in faces if f.split()[1] not in own]
        illegal = game.parse_action(state, second, others[0]) if others else None
        seen = []
        for face in faces[:2]:
            branch = state.clone()
            branch.apply(first, game.parse_action(branch, first, face))
            seen.append([everything_seen(branch, s, illegal if s == second else None)
                         for s in [None, *range(4)] if s != first])
        assert seen[0] == seen[1]
        checked += 1
    assert checked > 5


def test_log_lines_name_cards_only_to_those_who_may_see_them() -> None:
    game = quarkade.load(GAME, players=4, powers="none", edicts=True, quarks=True)
    named = 0
    for seed in range(2):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            state.apply(seat, choose(rng, state.legal_actions(seat)))
            public = state.view(None).to_json()["log"]
            for entry in public:
                if entry["event"] not in PUBLIC_FACE_EVENTS:
                    assert not names_a_card(entry) and "cards" not in entry, entry
            for viewer in range(4):
                own = state.view(viewer).to_json()["log"]
                assert [e["event"] for e in own] == [e["event"] for e in public]
                for mine, theirs in zip(own, public, strict=True):
                    if mine != theirs:
                        # What a seat's log holds beyond the spectator's (the cards it drew or
                        # took) is about that seat.
                        assert f"seat {viewer}" in mine["text"], (viewer, mine)
                        named += 1
    assert named > 0


def test_views_hold_no_other_hand_nor_any_order() -> None:
    for _, state in sealed_moments(5, range(1), quarks=True):
        spectator_view = state.view(None).to_json()
        assert "hand" not in spectator_view and "own_card" not in spectator_view
        for seat in range(5):
            view = state.view(seat).to_json()
            assert view["seen_hand"] is None
            assert set(view["deck"]) == {"cards", "discards"} and set(view["destiny"]) == {"cards", "discards"}
            assert all("hand" not in p for p in view["players"])
            assert view["encounter"]["cards"] == {}
        break


def test_minds_look_reaches_only_its_owner() -> None:
    checked = 0
    for _, state in sealed_moments(4, range(40), powers="random", edicts=False):
        players = state.view(None).to_json()["players"]
        minds = [s for s in state.to_act if players[s]["power"] == "mind"]
        if len(minds) != 1:
            continue
        mind = minds[0]
        other = next(s for s in state.to_act if s != mind)
        seen = state.view(mind).to_json()["seen_hand"]
        assert seen is not None and seen["seat"] == other
        assert sorted(c["card"] for c in seen["cards"]) == sorted(
            c["card"] for c in state.view(other).to_json()["hand"])
        for seat in [None, *range(4)]:
            if seat == mind:
                continue
            view = state.view(seat).to_json()
            assert view.get("seen_hand") is None
            for entry in view["log"]:
                if entry["event"] not in PUBLIC_FACE_EVENTS:
                    assert not names_a_card(entry), (seat, entry)
                if "cards" in entry:
                    assert seat is not None and f"seat {seat}" in entry["text"], (seat, entry)
        checked += 1
        if checked >= 3:
            break
    assert checked > 0


def test_public_components_are_the_same_for_every_game() -> None:
    game = load(3, quarks=True)
    before = game.public_components()
    state = game.new_game(seed=5)
    rng = random.Random(5)
    for _ in range(50):
        seat = rng.choice(state.to_act)
        state.apply(seat, choose(rng, state.legal_actions(seat)))
    assert game.public_components() == before == load(6).public_components()


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (6, 5)])
def test_the_turn_limit(players: int, seed: int) -> None:
    # RULINGS.md 18: "a game ends after turn 60; the players with the most foreign bases share
    # the win" (check_end compares the winners); no turn 61 is started.
    audit = Audit(players, seed, deck="eon", quarks=True)
    audit.play()
    assert not audit.problems, "\n".join(audit.problems[:10])
    view = audit.state.view(None).to_json()
    assert max(foreign_bases(view, s) for s in range(players)) < BASES_TO_WIN
    assert not any(e["text"].startswith(f"turn {view['turn_limit'] + 1}:") for e in view["log"])
    assert view["square"] == view["turn_limit"] % SQUARE_COUNT


def test_the_view_at_the_turn_limit_counts_the_turns_started() -> None:
    audit = Audit(3, 2, deck="eon", quarks=True)
    audit.play()
    view = audit.state.view(None).to_json()
    assert view["turn"] == view["turn_limit"]
    assert audit.state.statistics()["turn_limit_reached"] == 1.0
    winners = view["winners"]
    said = (f"seat {winners[0]} wins" if len(winners) == 1 else
            ", ".join(f"seat {w}" for w in winners[:-1]) + f" and seat {winners[-1]} win")
    assert view["log"][-1]["text"] == f"{said} at the turn limit"
    assert "won at the turn limit" in render_text(view)


def test_refusals_give_a_reason_change_nothing_and_tell_nothing_hidden() -> None:
    checked = 0
    for game, state in sealed_moments(3, range(2), quarks=True):
        first, second = state.to_act
        own = {c["card"] for c in state.view(first).to_json()["hand"]}
        theirs = {c["card"] for c in state.view(second).to_json()["hand"]} - own - {"c"}
        nobody = sorted(f"a{v}" for v in range(41) if f"a{v}" not in own | theirs)
        if not theirs or not nobody:
            continue
        before = [state.view(s).to_json() for s in [None, 0, 1, 2]]
        reasons = []
        for face in (sorted(theirs)[0], nobody[0]):
            action = game.parse_action(state, first, f"play {face}")
            with pytest.raises(quarkade.IllegalAction) as refused:
                state.apply(first, action)
            reasons.append(re.sub(rf"\b{face}\b", "CARD", str(refused.value), count=1))
        # A card the opponent holds is refused in the same words as a card nobody holds.
        assert reasons[0] == reasons[1] and reasons[0]
        bystander = next(s for s in range(3) if s not in (first, second))
        with pytest.raises(quarkade.IllegalAction):
            state.apply(bystander, state.legal_actions(first)[0])
        assert [state.view(s).to_json() for s in [None, 0, 1, 2]] == before
        checked += 1
    assert checked > 3
