"""An outsider's audit of Cosmic Encounter's alien powers: seeded games with powers dealt at
random (no edicts, no flares; with and without Quarks) through the public API, every step
checked against the stable challenge's model (``test_cosmic_encounter_audit.Audit``) and, where
a power acts, against ``cosmic_encounter_powers_model``: who is asked (Trader, Oracle's
opponent first), the legal actions a power adds or changes (Macron's one token, Laser's
random card), Mutant's draw, Trader's swap, each reveal's totals and outcome, and what Mind's
look tells, to its owner only."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

import quarkade
from audit_support import check_every_case_met, new_entries
from cosmic_encounter_model import HAND, card_words, revealed_faces
from cosmic_encounter_powers_model import (
    MACRON_COMMIT,
    MUTANT_HAND,
    POWERS,
    card_choices,
    commit_limit,
    first_to_play,
    mains,
    opponent,
    power,
    resolve,
    sees,
    traders,
)
from quarkade.core.errors import IllegalAction
from test_cosmic_encounter_audit import (
    FACE,
    Audit,
    compare,
    everything_seen,
    launched,
    names_a_card,
    quaked,
    sealed_moments,
)
from test_cosmic_encounter_edicts_audit import faces

MET: Counter[str] = Counter()
# Log events whose text may name cards to everyone: the revealed cards, Oracle's opponent's
# card played face up, and a hand shown when it holds no challenge card.
PUBLIC_FACE_EVENTS = {"reveal", "face-up", "new-hand"}


class PowerAudit(Audit):
    """The stable audit with powers dealt at random: each reveal is checked against the powers'
    model instead of the stable one."""

    def __init__(self, players: int, seed: int, **options: Any) -> None:
        super().__init__(players, seed, powers="random", **options)
        self.label += " powers"
        self.hands_before: dict[int, list[str]] = {}
        self.clone_bonus: dict[int, int] = {}
        self.zombie_kept: dict[int, int] = {}
        self.seat_logs: dict[int, list[dict[str, Any]]] = {}
        self.illegal_rng = random.Random(seed * 13 + players)

    def choose(self, seat: int, legal: list[Any]) -> Any:
        words = [str(a) for a in legal]
        if "trade" in words and self.rng.random() < 0.6:
            return legal[words.index("trade")]
        # Compromise more often than at random, so that Pacifist and deals are met.
        compromise = [a for a, w in zip(legal, words, strict=True) if w == "play c"]
        if compromise and self.rng.random() < 0.3:
            return compromise[0]
        return super().choose(seat, legal)

    # --- before each action ---------------------------------------------------------------

    def check_choices(self, view: dict[str, Any], seat: int, legal: set[str]) -> None:
        super().check_choices(view, seat, legal)
        step = view["step"]
        where = f"{self.label} step {self.state.steps} {step} seat {seat}"
        p = self.problems
        if self.illegal_rng.random() < 0.15:
            self.try_illegal(view)
        if step in ("launch", "alliance"):
            # ``launch 3.0 3.1`` / ``ally offence 1.0``: a planet named per token (or a count).
            counts = {launched(a if step == "launch" else a.split(" ", 1)[1]) for a in legal
                      if a.split()[0] in ("launch", "ally")}
            if counts:
                compare(f"{where}: most tokens committed", max(counts) <= commit_limit(view, seat), True, p)
                if power(view, seat) == "macron":
                    compare(f"{where}: Macron commits one token", counts, {MACRON_COMMIT}, p)
                    MET[f"Macron {step}"] += 1
        elif step == "trade":
            asked = traders(view)
            compare(f"{where}: the Trader asked", seat in asked, True, p)
            compare(f"{where}: trade choices", legal, {"trade", "keep"}, p)
            self.hands_before = {s: faces(self.state.view(s).to_json()) for s in mains(view)}
        elif step == "cards":
            self.check_cards(view, where)

    def check_cards(self, view: dict[str, Any], where: str) -> None:
        p = self.problems
        played = view["encounter"]["played"]
        expected = tuple(s for s in (first_to_play(view) if not played else mains(view)) if s not in played)
        compare(f"{where}: asked for a card", tuple(sorted(self.state.to_act)), tuple(sorted(expected)), p)
        if played and first_to_play(view) != tuple(sorted(mains(view))):
            # Oracle's opponent played first, face up: every seat sees its card.
            first = played[0]
            shown = view["encounter"]["cards"].get(str(first))
            compare(f"{where}: the card played first is face up", shown is not None, True, p)
            MET["Oracle: the opponent played first, face up"] += 1
        for seat in range(self.n):
            own = self.state.view(seat).to_json()
            got = {str(a) for a in self.state.legal_actions(seat)}
            if seat in self.state.to_act:
                compare(f"{where}: seat {seat}'s cards", got, card_choices(view, seat, faces(own)), p)
                if got == {"play random"}:
                    MET["Laser: the opponent plays at random"] += 1
            else:
                compare(f"{where}: seat {seat} not asked has no action", got, set(), p)
            # Mind's look: its owner alone sees the opponent's hand, until the cards are revealed.
            looked = sees(view, seat) if not played or len(played) < 2 else None
            seen = own.get("seen_hand")
            if looked is None:
                compare(f"{where}: seat {seat} sees no hand", seen, None, p)
                if seat in mains(view) and power(view, seat) == "mind":
                    MET["two Minds cancel"] += 1
            elif not played:
                hand = faces(self.state.view(looked).to_json())
                compare(f"{where}: Mind's look", (seen or {}).get("seat"), looked, p)
                compare(f"{where}: Mind sees the hand", sorted(c["card"] for c in (seen or {}).get("cards", [])),
                        sorted(hand), p)
                MET["Mind sees its opponent's hand"] += 1
        compare(f"{where}: the spectator sees no hand", self.state.view(None).to_json().get("seen_hand"), None, p)

    # --- after each action ----------------------------------------------------------------

    def transition(self, pre: dict[str, Any], post: dict[str, Any], views: dict[int, Any],
                   seat: int, action: str) -> None:
        super().transition(pre, post, views, seat, action)
        p = self.problems
        step = pre["step"]
        if step == "destiny" and action.startswith("aim"):
            self.clone_bonus = {}
            view = {**post, "encounter": {**post["encounter"], "defender": post["encounter"]["defender"]}}
            for main in mains(view):
                before = pre["players"][main]["hand_size"]
                want = max(before, MUTANT_HAND) if power(view, main) == "mutant" else before
                if not quaked(pre, post):
                    compare(f"hand of seat {main} as the challenge starts", post["players"][main]["hand_size"], want,
                            p)
                if want > before:
                    MET["Mutant draws to eight"] += 1
        elif step == "trade":
            other = opponent(pre, seat)
            now = {s: faces(self.state.view(s).to_json()) for s in (seat, other)}
            if action == "trade":
                compare("Trader's swap", (now[seat], now[other]),
                        (self.hands_before[other], self.hands_before[seat]), p)
                MET["Trader swaps hands"] += 1
            else:
                compare("Trader keeps", now, self.hands_before, p)
                MET["Trader keeps its hand"] += 1
        self.check_logs(pre, post)

    def check_logs(self, pre: dict[str, Any], post: dict[str, Any]) -> None:
        """New log lines name a card to everyone only when it is face up; a seat's own lines
        (a look, a draw, cards that changed hands) reach that seat only. Mind's look is a line
        in its owner's log alone, naming the hand it sees."""
        added = new_entries(pre["log"], post["log"])
        for entry in added:
            if entry["event"] not in PUBLIC_FACE_EVENTS:
                compare(f"public log line names no card: {entry}", names_a_card(entry), False, self.problems)
            compare(f"public log line carries no cards: {entry}", "cards" in entry, False, self.problems)
        for viewer in range(self.n):
            log = self.state.view(viewer).to_json()["log"]
            own = new_entries(self.seat_logs.get(viewer, pre["log"]), log)
            self.seat_logs[viewer] = log
            looks = [e for e in own if e["event"] == "mind"]
            own = [e for e in own if e["event"] != "mind"]
            for look in looks:
                other = sees(post, viewer)
                compare(f"seat {viewer} looks as a Mind", other is not None, True, self.problems)
                if other is not None:
                    hand = faces(self.state.view(other).to_json())
                    compare("the look's line", look["text"],
                            f"you see seat {other}'s hand: " + ", ".join(map(card_words, hand)), self.problems)
                MET["Mind's look logged to its owner"] += 1
            if pre["step"] != "deal":
                # (A deal's repeated offers make the same public line again and again: which of
                # them are new is not told by the lines alone.)
                compare(f"seat {viewer}'s new log lines", [e["event"] for e in own], [e["event"] for e in added],
                        self.problems)
            for mine, public in zip(own, added, strict=False):
                if mine != public:
                    about = f"seat {viewer}" in mine["text"] or mine["text"].startswith("you ")
                    compare(f"seat {viewer}'s own log line is about it: {mine}", about, True, self.problems)

    def reveal(self, pre: dict[str, Any], post: dict[str, Any], views: dict[int, Any],
               seat: int, action: str) -> None:
        self.reveals += 1
        line = next((e["text"] for e in new_entries(pre["log"], post["log"]) if e["event"] == "reveal"), None)
        if line is None:
            self.problems.append("no reveal line")
            return
        cards = revealed_faces(line, pre["square"])
        expected = resolve(pre, cards, seat)
        offence, defence = mains(pre)
        for main, face in zip((offence, defence), cards, strict=True):
            if action == "play random" and main == seat:
                compare("Laser's random card was one of its challenge cards",
                        f"play {face}" in {f"play {c}" for c in faces(views[seat])}, True, self.problems)
            if power(pre, main) == "clone":
                self.clone_bonus[main] = 1
        for name in set(expected.acted):
            MET[f"{name} acts at the outcome"] += 1
        self.count_meetings(pre, expected, cards)
        result = post["encounter"]["result"]
        self.allies = list(pre["encounter"]["allies"])
        self.last_success = expected.success
        if result is not None:
            compare("winner", result["winner"], expected.winner, self.problems)
            compare("totals", result["totals"], expected.totals, self.problems)
        if expected.winner is None:
            compare("deal step", post["step"], "deal", self.problems)
            return
        self.clone_bonus = {}

        def settled(final: dict[str, Any]) -> None:
            self.compare_table(final, expected.warp, expected.bases, expected.hand_sizes, pre)
            for main, face in zip((offence, defence), cards, strict=True):
                if power(pre, main) == "clone" and not final["is_over"]:
                    held = faces(self.state.view(main).to_json())
                    compare("Clone's card back in its hand", face in held, True, self.problems)
            compare("removed", [x["removed"] for x in final["players"]], expected.removed, self.problems)
            self.after_challenge(pre, final, expected.success)
        self.deferred = settled

    def count_meetings(self, pre: dict[str, Any], expected: Any, cards: tuple[str, str]) -> None:
        """Where two powers meet at the outcome, or a power meets an edge of its text."""
        offence, defence = mains(pre)
        if expected.winner is None:
            return
        winner, loser = (offence, defence) if expected.winner == "offence" else (defence, offence)
        losers = {loser} | {a["seat"] for a in pre["encounter"]["allies"] if a["side"] != expected.winner}
        if power(pre, winner) == "void" and any(power(pre, s) == "zombie" for s in losers):
            MET["Void wins against a Zombie"] += 1
        if expected.totals is None and power(pre, loser) == "zombie" and expected.consolation:
            MET["a Zombie compromiser is consoled"] += 1
        if expected.totals is not None and expected.totals[0] == expected.totals[1]:
            MET["a tie" + (" with Anti-Matter" if "anti-matter" in expected.acted else "")] += 1
        if "pacifist" in expected.acted and power(pre, winner) == "pacifist":
            MET["Pacifist's Compromise beats an Attack"] += 1
        if expected.totals is None and any(power(pre, s) == "pacifist" for s in (offence, defence)) and (
                "pacifist" not in expected.acted):
            MET["Pacifist's Attack against a Compromise"] += 1
        if any(power(pre, s) == "clone" and expected.hand_sizes[s] == 1 for s in (offence, defence)):
            MET["Clone's card alone in its hand after the challenge"] += 1
        if any(a["seat"] != offence and power(pre, a["seat"]) == "macron" for a in pre["encounter"]["allies"]) and (
                expected.totals is not None):
            MET["Macron's ally token counts four"] += 1

    def compare_table(self, post: dict[str, Any], warp: list[int], bases: list[int],
                      hands: list[int], pre: dict[str, Any]) -> None:
        if self.clone_bonus and post["step"] != "deal":
            # Clone's Compromise comes back to its hand once the deal is over.
            hands = [h + self.clone_bonus.get(s, 0) for s, h in enumerate(hands)]
            MET["Clone keeps its card after a deal"] += 1
        if self.zombie_kept and post["step"] != "deal":
            warp = [w - self.zombie_kept.get(s, 0) for s, w in enumerate(warp)]
            bases = [b + self.zombie_kept.get(s, 0) for s, b in enumerate(bases)]
            self.zombie_kept = {}
        super().compare_table(post, warp, bases, hands, pre)

    def placement(self, pre: dict[str, Any], post: dict[str, Any], action: str) -> None:
        seat = pre["encounter"]["placements"][0]["seat"]
        if action.startswith("lose") and power(pre, seat) == "zombie":
            # "Your tokens never go to the warp": a token Zombie loses from a base goes home
            # again (a placement of its own, after its losses).
            self.placed += 1
            compare("Zombie's lost token stays out of the warp", post["players"][seat]["warp"],
                    pre["players"][seat]["warp"], self.problems)
            MET["Zombie's token lost from a base goes home"] += 1
            return
        super().placement(pre, post, action)

    def deal(self, pre: dict[str, Any], post: dict[str, Any], seat: int, action: str) -> None:
        # A failed deal: "each main player loses three tokens to the warp"; Zombie's go home.
        self.zombie_kept = {}
        if action == "timeout":
            for main in mains(pre):
                if power(pre, main) == "zombie":
                    self.zombie_kept[main] = min(3, pre["players"][main]["bases"] + (
                        pre["encounter"]["cone"] if main == pre["offence"] else 0))
                    MET["Zombie keeps its tokens on a failed deal"] += 1
        super().deal(pre, post, seat, action)

    # --- illegal actions ------------------------------------------------------------------

    def try_illegal(self, view: dict[str, Any]) -> None:
        """Power actions that must be refused, with nothing changed and no hidden card named."""
        state, n, rng = self.state, self.n, self.illegal_rng
        other = rng.randrange(n)
        own = set(faces(state.view(other).to_json()))
        held = sorted({f for s in range(n) for f in faces(state.view(s).to_json())} - own)
        texts = ["trade", "keep", "play random", "play", "trade now", "launch 9.9", "ally offence",
                 f"play {held[0]}" if held else "play a99", "play a99", "regroup 0.0 0.1"]

        def names_no_hidden_card(reason: str, text: str, by: int) -> None:
            named = set(FACE.findall(re.sub(r"\('[^)]*\)", "", reason))) - set(text.split()) - own
            compare(f"refusal of {text!r} by seat {by} names no hidden card", named, set(), self.problems)

        self.try_refused(other, texts, rng, view["step"], MET, ("malformed notation refused", "illegal refused"),
                         names_no_hidden_card)


CASES = [(players, seed, quarks) for players in (3, 4, 5, 6) for seed, quarks in ((0, False), (1, True), (2, False))]


def play(players: int, seed: int, quarks: bool) -> PowerAudit:
    audit = PowerAudit(players, seed, deck="eon", quarks=quarks)
    audit.play()
    assert not audit.problems, "\n".join(audit.problems[:10])
    MET["games"] += 1
    for p in audit.state.view(None).to_json()["players"]:
        MET[f"dealt {p['power']}"] += 1
    return audit


@pytest.mark.parametrize(("players", "seed", "quarks"), CASES)
def test_seeded_games_with_powers_follow_the_model(players: int, seed: int, quarks: bool) -> None:
    audit = play(players, seed, quarks)
    assert audit.reveals > 0


def test_every_case_was_met() -> None:
    """The seeded games met every power in its key situation (played again here when this
    process did not play them all, as under pytest-xdist)."""
    wanted = ["Macron launch", "Macron alliance", "macron acts at the outcome", "zombie acts at the outcome",
              "Laser: the opponent plays at random", "Mind sees its opponent's hand", "Mind's look logged to its owner",
              "anti-matter acts at the outcome", "virus acts at the outcome", "Trader swaps hands",
              "Trader keeps its hand", "Oracle: the opponent played first, face up", "clone acts at the outcome",
              "Mutant draws to eight", "void acts at the outcome", "pacifist acts at the outcome", "illegal refused",
              "malformed notation refused", "Void wins against a Zombie", "a Zombie compromiser is consoled",
              "a tie with Anti-Matter", "Pacifist's Compromise beats an Attack",
              "Pacifist's Attack against a Compromise",
              "Macron's ally token counts four", "Clone keeps its card after a deal",
              "Zombie's token lost from a base goes home", "Zombie keeps its tokens on a failed deal"]
    check_every_case_met(MET, CASES, play, wanted)
    assert MET["illegal refused"] >= 200, MET["illegal refused"]


def test_the_twelve_powers_are_served_with_their_texts() -> None:
    served = quarkade.load("cosmic-encounter", players=3).public_components()["powers"]
    assert tuple(p["name"] for p in served) == POWERS
    assert all(p["text"] for p in served)
    assert HAND == 7


def test_minds_look_reaches_its_owner_alone() -> None:
    """At the cards step, a seat other than the Mind receives nothing of the look: no seen hand,
    no line naming the cards, and a card of the seen hand refused to it in the same words as a
    card nobody holds."""
    checked = 0
    for game, state in sealed_moments(4, range(8), powers="random", edicts=False, flares=False):
        view = state.view(None).to_json()
        looks = {seat: sees(view, seat) for seat in mains(view)}
        mind = next((seat for seat, other in looks.items() if other is not None), None)
        if mind is None:
            continue
        seen = faces(state.view(looks[mind]).to_json())
        assert sorted(c["card"] for c in state.view(mind).to_json()["seen_hand"]["cards"]) == sorted(seen)
        for seat in [None, *range(4)]:
            if seat == mind:
                continue
            got, to_act, actions, _ = everything_seen(state, seat)
            assert got.get("seen_hand") is None and to_act == state.to_act
            # (A seat's own lines, its draws and the cards it gave or took, carry those cards.)
            assert all(e["event"] != "mind" and ("cards" not in e or f"seat {seat}" in e["text"]) for e in got["log"])
            if seat is None or seat == looks[mind] or not actions:
                continue
            own = set(faces(got))
            theirs = sorted(set(seen) - own - {"c"})
            nobody = sorted(f"a{v}" for v in range(41) if f"a{v}" not in own | set(seen))
            if not theirs or actions == ("play random",):
                continue
            reasons = []
            for face in (theirs[0], nobody[0]):
                with pytest.raises(IllegalAction) as refused:
                    state.apply(seat, game.parse_action(state, seat, f"play {face}"))
                reasons.append(re.sub(rf"\b{face}\b", "CARD", str(refused.value), count=1))
            assert reasons[0] == reasons[1]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_the_powers_option() -> None:
    # RULINGS.md 19: option ``powers`` is ``random`` or ``none``.
    for value in ("random", "none"):
        quarkade.load("cosmic-encounter", players=3, powers=value)
    with pytest.raises(quarkade.core.errors.InvalidOptions):
        quarkade.load("cosmic-encounter", players=3, powers="mind")
    none = quarkade.load("cosmic-encounter", players=4, powers="none").new_game(seed=0).view(None).to_json()
    assert [p["power"] for p in none["players"]] == [None] * 4
