"""QUIRKLING (the little QUiRKS, 2-6 players) audited from outside: seeded games at every player
count and under the turn limit, played through the public API only (``quarkade.load``,
``new_game``, ``to_act``, ``legal_actions``, ``apply``, ``parse_action``, ``view``, ``record``)
with random and biased legal actions and deliberately illegal ones, every step checked against
an independent model of the rulebook (``quirkling_model``): who acts and who is asked, the legal
actions of every seat, the hands, the stack and the discard pile, the QUIRKLINGS made, the
climate, the log and what each seat may read of it, the end and the winners.

The model reads the house card data; it shares no code with the engine.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import quarkade
from audit_support import check_every_case_met, play_to_the_end
from quarkade.core.errors import IllegalAction, InvalidNotation
from quirkling_model import (
    CARDS,
    FULL,
    HAND,
    KINDS,
    STACKS,
    Event,
    Table,
    bears,
    climate_name,
    kind_of,
    makeable,
    stack_of,
)
from quirks_model import CARD_WORD, CLIMATES, ZONES

GAME_ID = "quirkling"
MET: Counter[str] = Counter()
MALFORMED = ["ask", "ask 1", "ask plant-z", "ask x plant-a", "ask 1 2 plant-a", "give", "give Z9", "give A99",
             "draw", "draw pile", "make", "none A1", "discard", "frobnicate", "", "ask ² plant-a", "draw stack now"]


def numbers(cards: list[dict[str, Any]]) -> set[str]:
    return {c["number"] for c in cards}


def asked_by_answers(log: list[dict[str, Any]], players: int) -> int:
    """Who is asked now, from what everyone heard (ruling 33's reason): the player the last
    ask named, in a turn's request (each player named by the asker) as in a refill."""
    start = max(k for k, line in enumerate(log) if line["event"] == "ask")
    ask, answers = log[start], log[start + 1:]
    assert not answers and ask["asked"] is not None, (ask, answers)
    MET["who is asked: the player named"] += 1
    return int(ask["asked"])


class Audit:
    """One seeded game, driven step by step and compared with the model."""

    def __init__(self, players: int, seed: int, options: dict[str, Any], policy: str) -> None:
        self.players = players
        self.seed = seed
        self.policy = policy
        self.game = quarkade.load(GAME_ID, players=players, **options)
        self.state = self.game.new_game(seed=seed)
        self.rng = random.Random(seed * 7919 + players)
        self.steps = 0
        self.model = self.start(int(options.get("turn_limit", 300)))
        self.check_views()

    # ------------------------------------------------------------------ reading
    def view(self, seat: int | None) -> dict[str, Any]:
        data: dict[str, Any] = self.state.view(seat).to_json()
        return data

    def legal(self, seat: int) -> set[str]:
        return {str(a) for a in self.state.legal_actions(seat)}

    def start(self, turn_limit: int) -> Table:
        """2. Beginning the Game: all 108 cards shuffled together, seven each, the top card of
        the rest turned over to start the discard pile; the marker on a space of some climate;
        the youngest (seat 0) begins."""
        spectator = self.view(None)
        hands = [numbers(self.view(s)["hand"]) for s in range(self.players)]
        assert all(len(h) == HAND for h in hands)
        assert len(set().union(*hands)) == HAND * self.players
        discards = list(spectator["discard_pile"])
        assert len(discards) == 1 and not set(discards) & set().union(*hands)
        assert spectator["stack"] == len(CARDS) - HAND * self.players - 1
        space = int(spectator["climate"]["space"])
        assert 0 <= space < len(CLIMATES) * ZONES
        MET["setup"] += 1
        return Table(self.players, hands, discards, space, turn_limit)

    # ------------------------------------------------------------------ a step
    def step(self) -> None:
        model = self.model
        to_act = self.state.to_act
        assert list(to_act) == model.to_act, (self.seed, self.steps, to_act, model.to_act)
        (seat,) = to_act
        for other in range(self.players):
            legal, expected = self.legal(other), model.legal(other)
            assert legal == expected, (self.seed, self.steps, model.stage, other, sorted(legal ^ expected))
        legal = model.legal(seat)
        MET[f"stage {model.stage}"] += 1
        if model.stage == "give":
            assert [asked_by_answers(self.view(None)["log"], self.players)] == list(to_act), (self.seed, self.steps)
            MET["give: several to choose from" if len(legal) > 1 else "give: one choice" if legal != {"none"}
                else "give: none"] += 1
            self.check_unseen_give(seat, legal)
        if model.stage == "make" and len(legal) > 1:
            MET["make: several to choose from"] += 1
        if self.rng.random() < 0.12:
            self.try_illegal(seat, legal)
        text = self.choose(seat, sorted(legal))
        self.state.apply(seat, self.game.parse_action(self.state, seat, text))
        self.steps += 1
        after = [numbers(self.view(s)["hand"]) for s in range(self.players)]

        def drawn(drawer: int) -> str:
            new = after[drawer] - model.hands[drawer]
            assert len(new) == 1, (self.seed, self.steps, drawer, new)
            return next(iter(new))

        model.apply(seat, text, drawn)
        for case in model.met:
            MET[case] += 1
        self.check_views()

    # ------------------------------------------------------------------ policies
    def choose(self, seat: int, legal: list[str]) -> str:
        """Random legal actions; the biased policy asks for what completes a QUIRKLING of the
        current climate and keeps the cards bearing codes, so games are won (and long games
        under the random policy reach the stack's renewal and the turn limit)."""
        model = self.model
        if self.policy == "hoard":
            return self.hoard(legal)
        if self.policy == "random" or model.stage not in ("request", "refill", "discard", "refill-draw"):
            return self.rng.choice(legal)
        hand, climate = model.hands[seat], model.climate
        if model.stage == "discard":
            return min(legal, key=lambda t: (bears(t.split()[1], climate), len(CARDS[t.split()[1]].codes()),
                                             self.rng.random()))
        if model.stage == "refill-draw":
            top = model.discards[-1] if model.discards else None
            if top and bears(top, climate) and "draw discard" in legal:
                return "draw discard"
            return "draw stack" if "draw stack" in legal else legal[0]
        done = {kind_of(q) for q in model.made[seat]}
        wanted: list[str] = []
        for kind, stacks in KINDS.items():
            if kind in done:
                continue
            coded = [s for s in stacks if any(stack_of(n) == s and bears(n, climate) for n in hand)]
            wanted += [s for s in stacks if s not in coded] * (len(coded) + 1)
        choices = [t for t in legal if wanted and t.split()[-1] in wanted]
        return self.rng.choice(choices or legal)

    def hoard(self, legal: list[str]) -> str:
        """Everyone collects plants and keeps away from the other kinds, so QUIRKLINGS pile up,
        the cards in play run short and the stack and the discard pile empty (they take the top
        of the discard pile whenever they may)."""
        plants = KINDS["plant"]
        if "draw discard" in legal:
            return "draw discard"
        if self.model.stage == "discard":
            legal = [t for t in legal if stack_of(t.split()[1]) not in plants] or legal
        elif self.model.stage in ("request", "refill"):
            legal = [t for t in legal if t.split()[-1] in plants]
        elif self.model.stage == "make":
            legal = [t for t in legal if stack_of(t.split()[1]) in plants] or legal
        return self.rng.choice(legal)

    # ------------------------------------------------------------------ checks
    def check_views(self) -> None:
        """The spectator's view and each seat's against the model: the public state, each
        seat's own hand (with its printed codes), and the log lines of the last action with the
        cards each reader may read in them."""
        model = self.model
        over = model.over
        spectator = self.view(None)
        expected = {
            "climate": {"space": model.space, "name": climate_name(model.space), "zone": model.space % ZONES + 1},
            "stage": model.stage, "current": model.current, "to_act": model.to_act,
            "asked": ({"seat": model.asked[0], "stack": model.asked[1]} if model.asked is not None else
                      {"seat": None, "stack": model.wanted} if model.wanted is not None else None),
            "stack": len(model.stack), "refilling": model.refilling, "turns": model.turns,
            "is_over": over, "winners": model.winners, "discard_pile": model.discards,
        }
        found = {k: spectator[k] for k in expected}
        assert found == expected, (self.seed, self.steps, {k: (found[k], v) for k, v in expected.items()
                                                           if found[k] != v})
        top = spectator["discard_top"]
        assert (top and top["number"]) == (model.discards[-1] if model.discards else None)
        if top:
            assert top.get("codes", "") == CARDS[top["number"]].codes()  # face up: its code is read
        # Nothing more is shown than the model knows to be public (no stack order, no hand).
        assert set(spectator) == {*expected, "game", "seat", "discard_top", "players", "log"}, sorted(spectator)
        if not model.discards:
            MET["the discard pile empty"] += 1
        for s, player in enumerate(spectator["players"]):
            assert set(player) == {"seat", "hand_size", "refused", "quirklings", *(["hand"] if over else [])}
            assert player["seat"] == s and player["hand_size"] == len(model.hands[s])
            assert player["refused"] == model.refused[s], (self.seed, self.steps)
            assert [(q["niche"], tuple(c["number"] for c in q["cards"])) for q in player["quirklings"]] == [
                (kind_of(q), q) for q in model.made[s]]
            if over:  # the hands are shown once the game is over
                assert numbers(player["hand"]) == model.hands[s]
                MET["end: the hands shown"] += 1
        public = set(model.discards) | {n for m in model.made for q in m for n in q}
        self.check_log(None, spectator, public)
        bare = {k: v for k, v in spectator.items() if k not in ("seat", "log")}
        for seat in range(self.players):
            view = self.view(seat)
            hand = view["hand"]
            assert numbers(hand) == model.hands[seat], (self.seed, self.steps, seat)
            for card in hand:
                assert card.get("codes", "") == CARDS[card["number"]].codes(), card
            assert {k: v for k, v in view.items() if k not in ("seat", "log", "hand")} == bare
            self.check_log(seat, view, public | model.hands[seat])
        MET["views checked"] += 1

    def check_log(self, seat: int | None, view: dict[str, Any], visible: set[str]) -> None:
        """The last action's lines: their events and seats as the model has them, each naming
        the cards the reader may read in it and no other (a draw is read by the drawer alone, a
        card given by the giver and the taker; everything once the game is over); and no card
        the reader cannot see named anywhere else in the view."""
        model = self.model
        events: list[Event] = model.events if self.steps else []
        lines = view["log"][len(view["log"]) - len(events):] if events else []
        assert len(lines) == len(events), (self.seed, self.steps)
        for line, event in zip(lines, events, strict=True):
            assert (line["event"], line.get("seat")) == (event.kind, event.seat), (self.seed, self.steps, line)
            named = set(CARD_WORD.findall(line["text"]))
            assert named == event.visible(seat, model.over), (self.seed, self.steps, seat, line, event)
            if event.private and seat not in event.private_to and not model.over:
                MET[f"log: {event.kind} card hidden from others"] += 1
        if not model.over:
            table = json.dumps({k: v for k, v in view.items() if k != "log"})
            leaked = set(CARD_WORD.findall(table)) - visible
            assert not leaked, (self.seed, self.steps, seat, leaked)

    def check_unseen_give(self, seat: int, legal: set[str]) -> None:
        """Ruling 33: a player holding several cards of the kind asked chooses which to give; the
        players other than the giver and the taker, and the spectator, cannot tell which (but
        for whether the taker can now make a QUIRKLING, which it shows at once, as compulsory)."""
        options = sorted(t for t in legal if t.startswith("give"))
        if len(options) < 2:
            return
        seen: list[list[Any]] = []
        others = [s for s in range(self.players) if s not in (seat, self.model.current)]
        for text in self.rng.sample(options, 2):
            trial = self.state.clone()
            trial.apply(seat, self.game.parse_action(trial, seat, text))
            views = [trial.view(other).to_json() for other in (None, *others)]
            seen.append([{k: v for k, v in view.items() if k != "stage"} for view in views])
        assert seen[0] == seen[1], (self.seed, self.steps)
        MET["unseen: the card given"] += 1

    def try_illegal(self, seat: int, legal: set[str]) -> None:
        """Wrong actions of many kinds, refused with a reason that names no card the seat cannot
        see, and nothing changed; malformed notation refused by ``parse_action``."""
        model = self.model
        hand = model.hands[seat]
        others = [s for s in range(self.players) if s != seat]
        unheld = sorted(set(CARDS) - hand)
        tries: list[tuple[str, int, str]] = [
            ("a seat not to act", self.rng.choice(others), self.rng.choice(sorted(legal))),
            ("card not held", seat, f"{self.rng.choice(['give', 'discard'])} {self.rng.choice(unheld)}"),
            ("ask oneself", seat, f"ask {seat} {self.rng.choice(STACKS)}"),
            ("ask a seat not at the table", seat, f"ask {self.players + self.rng.randrange(3)} plant-a"),
        ]
        stage_pool = ["ask plant-a", "ask 1 animal-b", "ask 0 herbivore-a", "none", "draw stack", "draw discard",
                      f"discard {self.rng.choice(sorted(hand))}", f"give {self.rng.choice(sorted(hand))}",
                      "make A1 B1 C1", "make A25 B13 C13"]
        tries.append(("another stage's action", seat, self.rng.choice([t for t in stage_pool if t not in legal])))
        if model.stage == "give" and model.asked:
            asked = model.asked[1]
            if legal != {"none"}:
                tries.append(("none while holding one", seat, "none"))
            wrong = sorted(n for n in hand if stack_of(n) != asked)
            if wrong:
                tries.append(("give a card of another stack", seat, f"give {self.rng.choice(wrong)}"))
        if model.stage in ("refill", "request") and any(model.refused):
            refused = [o for o in range(self.players) if model.refused[o] and o != seat]
            tries.append(("ask a player who refused", seat, f"ask {self.rng.choice(refused)} plant-a"))
        if model.stage == "request" and model.wanted is not None:
            other = next(x for x in STACKS if x != model.wanted)
            askable = [o for o in others if not model.refused[o]]
            tries.append(("ask for another card in the same request", seat, f"ask {askable[0]} {other}"))
        if model.stage == "make":
            ok = sorted(legal)[0].split()[1:]
            tries.append(("make in another order", seat, f"make {ok[1]} {ok[0]} {ok[2]}"))
            uncoded = sorted(n for n in hand if not bears(n, model.climate))
            if uncoded:
                mixed = [uncoded[0] if stack_of(uncoded[0]) == stack_of(n) else n for n in ok]
                if mixed != ok:
                    tries.append(("make with a card not bearing the climate's code", seat, "make " + " ".join(mixed)))
        if model.stage in ("refill-draw", "request") and not model.discards:
            tries.append(("draw discard from an empty pile", seat, "draw discard"))
        whom = (None, seat, *others[:1])
        before = [self.view(s) for s in whom]
        for case, who, text in tries:
            if text in model.legal(who):
                continue
            action = self.game.parse_action(self.state, who, text)
            reason = self.state.why_illegal(who, action)
            assert reason, (self.seed, self.steps, case, text)
            named = set(CARD_WORD.findall(reason)) - set(CARD_WORD.findall(text))
            assert named <= model.hands[who] | set(model.discards), (case, reason)
            with pytest.raises(IllegalAction):
                self.state.apply(who, action)
            MET[f"illegal: {case}"] += 1
        for who in (self.players, -1):
            with pytest.raises(IllegalAction):
                self.state.apply(who, self.game.parse_action(self.state, seat, sorted(legal)[0]))
            MET["illegal: no such seat"] += 1
        for text in self.rng.sample(MALFORMED, 2):
            with pytest.raises(InvalidNotation):
                self.game.parse_action(self.state, seat, text)
            MET["malformed notation refused"] += 1
        assert before == [self.view(s) for s in whom], (self.seed, self.steps)
        assert list(self.state.to_act) == model.to_act


def play(players: int, seed: int, options: dict[str, Any], policy: str, limit: int = 20_000) -> Audit:
    audit = Audit(players, seed, options, policy)
    play_to_the_end(audit, limit, (players, seed, options))
    MET["games"] += 1
    check_end(audit)
    return audit


def check_end(audit: Audit) -> None:
    """5. The Winner: the first with a plant, a herbivore and a carnivore; at the turn limit
    (ruling 37), the most kinds, then the most QUIRKLINGS, share the win. Scores 1 for a winner,
    0 otherwise; the record replays to the same view."""
    model = audit.model
    state = audit.state
    assert list(state.winners) == model.winners
    assert list(state.scores) == model.scores()
    assert model.winners
    MET[f"players {audit.players}"] += 1
    if len(model.winners) > 1:
        MET["end: a shared win"] += 1
    replayed = quarkade.replay(state.record())
    assert replayed.view(None).to_json() == audit.view(None)


CASES: list[tuple[int, int, dict[str, Any], str]] = [
    (2, 1, {}, "biased"), (3, 2, {}, "biased"), (4, 3, {}, "biased"), (5, 4, {}, "biased"), (6, 5, {}, "biased"),
    (2, 6, {}, "random"), (6, 7, {"turn_limit": 40}, "random"), (3, 8, {"turn_limit": 9}, "random"),
    (3, 9, {}, "random"), (4, 10, {}, "random"), (5, 11, {"turn_limit": 60}, "random"), (2, 12, {}, "biased"),
    (4, 13, {}, "biased"), (6, 14, {}, "biased"), (2, 3, {}, "hoard"), (4, 3, {}, "hoard"),
    (2, 15, {"turn_limit": 1}, "random"),
]


@pytest.mark.parametrize(("players", "seed", "options", "policy"), CASES)
def test_seeded_games_follow_the_model(players: int, seed: int, options: dict[str, Any], policy: str) -> None:
    audit = play(players, seed, options, policy)
    assert audit.steps > 0


def test_players_and_options() -> None:
    """2 to 6 players; the turn limit (ruling 37) is a whole number of turns, 0 for none."""
    for players in (1, 7):
        with pytest.raises(quarkade.InvalidOptions):
            quarkade.load(GAME_ID, players=players)
    assert quarkade.load(GAME_ID, players=2, turn_limit=0).options["turn_limit"] == 0
    for limit in (-1, -3, "ten"):
        with pytest.raises(quarkade.InvalidOptions):
            quarkade.load(GAME_ID, players=2, turn_limit=limit)
    with pytest.raises(quarkade.InvalidOptions):
        quarkade.load(GAME_ID, players=2, random_mutation=True)  # an option of Quirks, not of Quirkling


def test_who_is_asked_is_told_by_the_answers() -> None:
    """Ruling 33's reason, read from a spectator's log alone: the player asked is the one the
    last ask named, whatever the hands hold."""
    log = [{"event": "ask", "seat": 2, "asked": 3}, {"event": "none", "seat": 3},
           {"event": "ask", "seat": 2, "asked": 1}]
    assert asked_by_answers(log, 4) == 1
    assert asked_by_answers([{"event": "ask", "seat": 0, "asked": 2}], 3) == 2


def test_public_components_name_the_cards_without_their_codes() -> None:
    """Ruling 3: the public component data holds every card's number and stack, and neither its
    values nor its codes (a seat reads the codes of its own cards and of face-up cards)."""
    data = quarkade.load(GAME_ID, players=2).public_components()
    cards = data["cards.toml"]["card"]
    assert {(c["number"], c["stack"]) for c in cards} == {(n, c.stack) for n, c in CARDS.items()}
    assert not any({"codes", "values"} & set(c) for c in cards)
    assert '"codes"' not in json.dumps(data)


# ----------------------------------------------------------------------------- the rulebook's examples
# Through the model (tests/test_rulebook_quirkling.py plays the same through the engine). Seats:
# Alice 0 (the youngest, who begins), Bob 1 ("Christian"), Carol 2 ("Gregory"). The OCEAN is the
# climate unless said; the cards bearing its code used: A1 B1 C1 (a plant), A13 B14 C23 (a
# herbivore), A25 B13 C13 (a carnivore); the DRY cards bear no OCEAN code.
ALICE, BOB, CAROL = 0, 1, 2
OCEAN, FOREST, JUNGLE_5 = 0, 6, 28
DRY = ["B4", "A16", "B16", "C16", "C30", "A5", "B21"]
BOB_DRY = ["C21", "B36", "C17", "B8", "C10", "B18"]


def table(hands: dict[int, list[str]], space: int = OCEAN, discards: tuple[str, ...] = ("C35",),
          made: dict[int, list[tuple[str, ...]]] | None = None) -> Table:
    players = 3
    made_lists = [list((made or {}).get(s, [])) for s in range(players)]
    used = set(discards) | {n for h in hands.values() for n in h} | {n for m in made_lists for q in m for n in q}
    free = iter(sorted(set(CARDS) - used - set(DRY) - set(BOB_DRY)))
    full = [set(hands.get(s) or [next(free) for _ in range(HAND)]) for s in range(players)]
    stack = set(CARDS) - set(discards) - set().union(*full) - {n for m in made_lists for q in m for n in q}
    return Table(players, full, list(discards), space, 300, stack=stack, made=made_lists)


def drawing(*cards: str) -> Any:
    queue = iter(cards)
    return lambda seat: next(queue)


def test_codes_as_the_rulebook_prints_them() -> None:
    """Components 3: a code printed means 3 or more in that climate, none printed means 3 or less
    ("if a card is coded OJ, it has 3 or more for the ocean and the jungle": A13); 3c: each card
    bears a climate code at its bottom left."""
    assert CARDS["A13"].codes() == "OJ"
    for card in CARDS.values():
        codes = card.codes()
        assert codes
        for climate in CLIMATES:
            assert (card.values[climate] >= 3) if climate[0].upper() in codes else (card.values[climate] <= 3)
    for number in ["A1", "B1", "C1", "A13", "B14", "C23", "A25", "B13", "C13"]:
        assert bears(number, "ocean")
    for number in DRY + BOB_DRY:
        assert not bears(number, "ocean")


def test_example_christian_do_you_have_a_plant_a_card() -> None:
    """3a: "Christian, do you have a PLANT A card?" If he has it he must give it, and takes a card
    from the stack to have 7; the asker names each player it asks, for the same card (ruling 33)."""
    carol = ["A1", "A7", "B3", "B5", "C3", "C5", "C34"]
    t = table({ALICE: ["B1", "C1", *DRY[:5]], BOB: BOB_DRY + ["C35"], CAROL: carol}, discards=("C33",))
    assert t.legal(ALICE) == {f"ask {o} {s}" for o in (BOB, CAROL) for s in STACKS} and t.to_act == [ALICE]
    t.apply(ALICE, "ask 1 plant-a", drawing())
    assert t.to_act == [BOB] and t.legal(BOB) == {"none"}
    t.apply(BOB, "none", drawing())
    assert t.to_act == [ALICE] and t.legal(ALICE) == {"ask 2 plant-a"}
    t.apply(ALICE, "ask 2 plant-a", drawing())
    assert t.to_act == [CAROL] and t.legal(CAROL) == {"give A1", "give A7"}
    t.apply(CAROL, "give A7", drawing("C36"))
    assert "A7" in t.hands[ALICE] and len(t.hands[ALICE]) == FULL
    assert "C36" in t.hands[CAROL] and len(t.hands[CAROL]) == HAND
    assert [(e.kind, e.seat) for e in t.events] == [("give", CAROL), ("draw", CAROL)]
    assert t.events[0].visible(BOB, False) == set() and t.events[0].visible(ALICE, False) == {"A7"}
    assert t.stage == "make" and t.legal(ALICE) == {"make A7 B1 C1"}


def test_example_nobody_has_it_you_draw() -> None:
    """3b: "If the player does not have what you asked for, you draw a card": every player said
    none, the asker draws one card and has 8."""
    t = table({ALICE: DRY, BOB: ["A1", "A7", "B1", "B7", "C1", "C2", "A25"], CAROL: ["A4", "A6", "B2", "B3", "C3", "C4",
                                                                                   "A26"]})
    t.apply(ALICE, "ask 2 animal-c", drawing())
    t.apply(CAROL, "none", drawing())
    t.apply(ALICE, "ask 1 animal-c", drawing())
    t.apply(BOB, "none", drawing("B35"))
    assert "B35" in t.hands[ALICE] and len(t.hands[ALICE]) == FULL and t.stage == "discard"
    assert [len(t.hands[s]) for s in (BOB, CAROL)] == [HAND, HAND]


def test_example_the_quirkling_must_live_in_the_current_climate() -> None:
    """3c NOTE: the three cards must bear the current climate's code: A1, B1, C1 (OCEAN only)
    make a plant in the ocean, not in the forest."""
    hand = {"A1", "B1", "C1", *DRY[:5]}
    assert makeable(hand, "ocean") == {("A1", "B1", "C1")}
    assert makeable(hand, "forest") == set()
    t = table({ALICE: ["B1", "C1", *DRY[:5]], BOB: ["A1", *BOB_DRY]}, space=FOREST)
    t.apply(ALICE, "ask 1 plant-a", drawing())
    t.apply(BOB, "give A1", drawing("C36"))
    assert t.stage == "discard"


def test_example_gregory_give_me_a_carnivore_a() -> None:
    """3d: after a QUIRKLING, complete the hand to 8 by precise requests ("Gregory, give me a
    CARNIVORE A."); if he does not have it, draw from the stack or the top of the discard pile;
    several cards may be asked of one player, but stop as soon as he has not what you need
    (ruling 35: he is not asked again during this refill). 3e: with 8 cards, another QUIRKLING."""
    t = table({ALICE: ["B1", "C1", "A13", *DRY[:4]], BOB: ["A1", "B14", "B2", "C2", "A24", "A26", "C18"],
               CAROL: ["A4", "A6", "A8", "A10", "A11", "A12", "C3"]}, discards=("C5", "C23"))
    t.apply(ALICE, "ask 1 plant-a", drawing())
    t.apply(BOB, "give A1", drawing("C6"))
    t.apply(ALICE, "make A1 B1 C1", drawing())
    assert len(t.hands[ALICE]) == 5 and t.stage == "refill"
    assert "ask 2 carnivore-a" in t.legal(ALICE) and "ask carnivore-a" not in t.legal(ALICE)
    t.apply(ALICE, "ask 1 animal-b", drawing())
    t.apply(BOB, "give B14", drawing("C7"))
    t.apply(ALICE, "ask 2 carnivore-a", drawing())  # Gregory has none
    assert t.legal(CAROL) == {"none"}
    t.apply(CAROL, "none", drawing())
    assert t.stage == "refill-draw" and t.legal(ALICE) == {"draw stack", "draw discard"}
    t.apply(ALICE, "draw discard", drawing())
    assert "C23" in t.hands[ALICE] and t.discards == ["C5"] and len(t.hands[ALICE]) == HAND
    assert t.stage == "refill" and not any(a.startswith("ask 2") for a in t.legal(ALICE))
    t.apply(ALICE, "ask 1 plant-b", drawing())
    t.apply(BOB, "give B2", drawing("C8"))
    assert len(t.hands[ALICE]) == FULL and t.legal(ALICE) == {"make A13 B14 C23"}
    t.apply(ALICE, "make A13 B14 C23", drawing())
    assert [kind_of(q) for q in t.made[ALICE]] == ["plant", "herbivore"] and not t.over
    assert t.stage == "refill" and t.refused == [False] * 3


def test_example_end_of_turn_discard_and_the_climate() -> None:
    """3f: when no QUIRKLING can be made, discard one card to keep 7; the marker advances two
    spaces after each turn, after the jungle back to the ocean; the left-hand neighbour plays."""
    t = table({ALICE: DRY, BOB: ["A1", *BOB_DRY], CAROL: ["A20", "A4", "A6", "B2", "B3", "C3", "C4"]}, space=JUNGLE_5)
    t.apply(ALICE, "ask 1 herbivore-a", drawing())
    t.apply(BOB, "none", drawing())
    t.apply(ALICE, "ask 2 herbivore-a", drawing())
    t.apply(CAROL, "give A20", drawing("B35"))
    assert t.stage == "discard" and t.legal(ALICE) == {f"discard {n}" for n in t.hands[ALICE]}
    t.apply(ALICE, "discard C30", drawing())
    assert len(t.hands[ALICE]) == HAND and t.discards[-1] == "C30"
    assert t.space == OCEAN and t.climate == "ocean" and t.current == BOB and t.stage == "request"


def test_example_the_three_kinds() -> None:
    """4: a plant is PLANT A, B and C; a herbivore HERBIVORE A with ANIMAL B and C; a carnivore
    CARNIVORE A with the same ANIMAL B and C; nothing else is a QUIRKLING."""
    hand = {"A1", "B1", "C1", "A13", "A25", "B13", "C13", "B14"}
    found = makeable(hand, "ocean")
    assert {kind_of(q) for q in found} == set(KINDS)
    assert ("A13", "B13", "C13") in found and ("A25", "B13", "C13") in found and ("A1", "B1", "C1") in found
    assert ("A1", "B13", "C13") not in found and len(found) == 5


def test_example_the_winner() -> None:
    """5: you win when you have at least a plant, a herbivore and a carnivore in front of you;
    several of one or two kinds do not win."""
    t = table({ALICE: ["B7", "C2", *DRY[:5]], BOB: ["A7", *BOB_DRY]},
              made={ALICE: [("A1", "B1", "C1"), ("A13", "B14", "C23")]})
    t.apply(ALICE, "ask 1 plant-a", drawing())
    t.apply(BOB, "give A7", drawing("C36"))
    t.apply(ALICE, "make A7 B7 C2", drawing())
    assert not t.over and t.stage == "refill"
    t = table({ALICE: ["B13", "C13", *DRY[:5]], BOB: ["A25", *BOB_DRY]},
              made={ALICE: [("A1", "B1", "C1"), ("A13", "B14", "C23"), ("A7", "B7", "C2")]})
    t.apply(ALICE, "ask 1 carnivore-a", drawing())
    t.apply(BOB, "give A25", drawing("C36"))
    t.apply(ALICE, "make A25 B13 C13", drawing())
    assert t.over and t.winners == [ALICE] and t.scores() == [1.0, 0.0, 0.0] and t.to_act == []


def test_every_case_was_met() -> None:
    """The seeded games met every case the audit checks (played again here when this process did
    not play them all, as under pytest-xdist)."""
    wanted = [
        "setup", "stage request", "stage give", "stage make", "stage refill", "stage refill-draw", "stage discard",
        "give: several to choose from", "give: one choice", "give: none", "make: several to choose from",
        "request: given", "request: none, another player asked", "request: nobody has it, the asker draws",
        "refill: a named player asked", "refill: given", "refill: none, draw instead",
        "refill: every other player refused", "refill: the top of the discard pile taken",
        "made a plant", "made a herbivore", "made a carnivore", "another QUIRKLING in the same turn",
        "won: three kinds", "turn limit", "end: a shared win", "discard to seven",
        "climate: from the jungle back to the ocean", "stack renewed from the discards",
        "log: draw card hidden from others", "log: give card hidden from others", "unseen: the card given",
        "who is asked: the player named", "request: a named player asked",
        "views checked", "malformed notation refused", "illegal: no such seat", "illegal: a seat not to act",
        "illegal: another stage's action", "illegal: card not held", "illegal: ask oneself",
        "illegal: ask a seat not at the table", "illegal: none while holding one",
        "illegal: give a card of another stack", "illegal: ask a player who refused", "illegal: make in another order",
        "illegal: make with a card not bearing the climate's code", "illegal: draw discard from an empty pile",
        "the discard pile empty",
        *(f"players {n}" for n in range(2, 7)),
    ]
    check_every_case_met(MET, CASES, play, wanted)
