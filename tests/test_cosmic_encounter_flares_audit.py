"""An outsider's audit of Cosmic Encounter's flares: seeded games with powers and flares (with
and without edicts, with and without Quarks) through the public API, checked at every edict
and flare window against ``cosmic_encounter_flares_model`` (and the edicts' model): when each
window opens, who is asked, each seat's legal flares (their moment, their condition, one a
challenge, Wild or Super), that a flare is never a challenge card and stays with its owner,
what the flares acting at once (Mind, Oracle, Trader, Mutant) do to the hands, and what the
views and log lines tell each seat.

Every outcome is checked against the model of powers and flares together (the winner, two
Attacks' totals, each losing seat's tokens home, to the warp or out of the game), with the
lasting Wilds and Supers (RULINGS.md 24) and the powers acting (RULINGS.md 19), a Super that
stops when its power is zapped later in the challenge included (a made deal with Cosmic Zaps);
Pacifist's Wild's consolation, Clone's cards kept and discarded. A flare leaves a hand as any
card does: taken in a consolation or a deal, discarded with a hand shown for want of a
challenge card. Laser's flares are checked
where they act, at the challenge cards (who is asked first, face up; each card a main player
may play). Each flare is played when its text allows and marked on the view
(``players[].flare``, ``flare_super``)."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from audit_support import check_every_case_met, new_entries
from cosmic_encounter_edicts_model import edict_choices, finder_values
from cosmic_encounter_flares_model import (
    FLARE_PREFIX,
    MUTANT_DRAW,
    SUPER_WINDOW,
    WILD_WINDOW,
    Table,
    active_power,
    card_choices,
    first_to_play,
    flare_choices,
    flare_line,
    flare_name,
    flare_of,
    flared_outcome,
    flared_totals,
    flares_could_open,
    half,
    kept_cards,
    looked_at,
    neutral_outcome,
    trade_hands,
)
from cosmic_encounter_model import card_value, edict_window_opens, face_of_words, revealed_faces
from test_cosmic_encounter_audit import FACE, compare, load, names_a_card, quaked, steps_alike_to_others
from test_cosmic_encounter_edicts_audit import EdictAudit, faces, first_window

MET: Counter[str] = Counter()
# The Supers that act at the outcome (RULINGS.md 24; Laser's acts at the cards).
LASTING_SUPERS = ("macron", "zombie", "anti-matter", "virus", "clone", "void", "pacifist")
NAMES = list(WILD_WINDOW)
CARD_KEYS = ("card", "cards")


def held_flares(hand: list[str]) -> set[str]:
    return {name for name in map(flare_name, hand) if name is not None}


def entry_faces(entry: dict[str, Any]) -> list[str]:
    """The faces a log line names (a face, or a card with its face; a hand shown, in its text)."""
    if entry["event"] == "new-hand":
        return ([face_of_words(words) for words in entry["text"].split("showing and discarding ")[1].split(", ")]
                if "showing" in entry["text"] else [])
    return [c if isinstance(c, str) else c["card"] for c in entry.get("cards", [])]


def deal_own_flares(state: Any) -> None:
    """A made deal in which every seat holds its own power's flare, so that Supers are met
    (seeded deals seldom give one): the flare comes from the face-down pile in exchange for
    a card of the hand, the only use of the state's insides here."""
    view = state.view(None).to_json()
    for seat, player in enumerate(view["players"]):
        flare = next((c for c in state.deck.cards if state.cards[c].flare == player["power"]), None)
        if flare is None:
            continue
        hand = state.hands[seat]
        mine = next(i for i, c in enumerate(hand) if not state.cards[c].flare)
        spot = state.deck.cards.index(flare)
        hand[mine], state.deck.cards[spot] = flare, hand[mine]


class FlareAudit(EdictAudit):
    """The edicts' audit (windows, who is asked, edicts) with powers and flares: each seat's
    flares at each window, and each flare's effect where it acts at once."""

    def __init__(self, players: int, seed: int, eager: float, edicts: bool, own_flares: bool = False,
                 **options: Any) -> None:
        super().__init__(players, seed, eager, stable=False, powers="random", flares=True, **options)
        self.edicts = edicts
        if not edicts:  # (the edicts' audit always plays with edicts)
            self.game = load(players, edicts=False, powers="random", flares=True, **options)
            self.state = self.game.new_game(seed=seed)
        self.own = own_flares
        if own_flares:
            deal_own_flares(self.state)
        self.label = f"players={players} seed={seed} flares edicts={edicts} own={own_flares} {options}"
        self.lines: list[dict[str, Any]] = []

    def choose(self, seat: int, legal: list[Any]) -> Any:
        flares = [a for a in legal if str(a).startswith("flare")]
        if flares and self.rng.random() < self.eager:
            return self.rng.choice(flares)
        if self.own and any(str(a) == "play c" for a in legal) and self.rng.random() < 0.5:
            # Compromises meet more often, so that Pacifist's flares find their moment.
            return next(a for a in legal if str(a) == "play c")
        return super().choose(seat, legal)

    # --- before each action ---------------------------------------------------------------

    def check_choices(self, view: dict[str, Any], seat: int, legal: set[str]) -> None:
        if view["step"] == "cards":
            # "never played as a challenge card"
            compare(f"{self.label} step {self.state.steps}: a flare as a challenge card",
                    [a for a in legal if "flare" in a], [], self.problems)
            if any(held_flares(faces(self.state.view(seat).to_json()))):
                MET["a main player holds a flare when cards are played"] += 1
            self.check_cards(view)
        if view["step"] != "edicts":
            if self.illegal_rng.random() < 0.04:
                self.try_flare_illegal(view)
            return
        window = view["encounter"]["window"]
        where = f"{self.label} step {self.state.steps} window {window}"
        compare(f"{where}: asked", self.state.to_act, tuple(sorted(set(range(self.n)) - self.passed)), self.problems)
        self.hands = {s: self.state.view(s).to_json() for s in range(self.n)}
        values = finder_values(self.deck, view["square"]) if self.edicts else []
        for other in range(self.n):
            got = {str(a) for a in self.state.legal_actions(other)}
            if other in self.passed:
                compare(f"{where}: seat {other} has passed", got, set(), self.problems)
                continue
            hand = faces(self.hands[other])
            expected = {"pass"} | flare_choices(view, other, hand)
            if self.edicts:
                expected |= edict_choices(view, other, set(hand), values)
            compare(f"{where}: seat {other}'s choices", got, expected, self.problems)
            self.count_holding(view, other, hand, expected)
        if self.illegal_rng.random() < 0.3:
            self.try_flare_illegal(view)

    def check_cards(self, view: dict[str, Any]) -> None:
        """Who is asked for a challenge card and what each may play, under Laser's flares (its
        Wild: an Attack if the opponent holds one; its Super: the opponent first, face up, at
        random), Oracle's and Laser's powers."""
        where = f"{self.label} step {self.state.steps} cards"
        played = view["encounter"]["played"]
        first = first_to_play(view)
        mains = tuple(sorted((view["offence"], view["encounter"]["defender"])))
        asked = tuple(s for s in (first if not played else mains) if s not in played)
        compare(f"{where}: asked for a card", tuple(sorted(self.state.to_act)), asked, self.problems)
        if played and len(first) == 1:
            compare(f"{where}: the card played first is face up",
                    str(first[0]) in view["encounter"]["cards"], True, self.problems)
        lasers = {(p["flare"], p["flare_super"]) for p in view["players"] if p["flare"] == "laser"}
        for seat in range(self.n):
            got = {str(a) for a in self.state.legal_actions(seat)}
            if seat not in self.state.to_act:
                compare(f"{where}: seat {seat} not asked", got, set(), self.problems)
                continue
            hand = faces(self.state.view(seat).to_json())
            expected = card_choices(view, seat, hand, view["square"])
            compare(f"{where}: seat {seat}'s cards", got, expected, self.problems)
            other = first[0] if len(first) == 1 else None
            if ("laser", True) in lasers and other is not None and not played:
                MET["Laser's Super: the opponent plays first, at random"] += 1
            elif ("laser", True) in lasers and other is None:
                MET["Laser's Super cancelled by an Oracle or a zap"] += 1
            if ("laser", False) in lasers and seat in mains and view["players"][
                    mains[1 - mains.index(seat)]]["flare"] == "laser":
                compromises = "c" in hand
                MET["Laser's Wild: an Attack forced" if compromises and expected != {"play c"} and
                    "play c" not in expected else "Laser's Wild: nothing to force"] += 1

    def count_holding(self, view: dict[str, Any], seat: int, hand: list[str], expected: set[str]) -> None:
        player = view["players"][seat]
        for name in held_flares(hand):
            playable = any(a.split()[:2] == ["flare", name] for a in expected)
            own = "super" if player["power"] == name else "wild"
            if player["flare"] is not None:
                MET["a flare held after one was played this challenge"] += 1
            elif own == "super" and player["zapped"]:
                MET["a Super held by a zapped power's owner"] += 1
            elif playable:
                MET[f"{own} playable"] += 1
            else:
                window = (SUPER_WINDOW if own == "super" else WILD_WINDOW)[name]
                here = window == view["encounter"]["window"]
                MET[f"{own} held " + ("at its window, not applying" if here else "at another window")] += 1

    # --- the windows ----------------------------------------------------------------------

    def moments(self, pre: dict[str, Any], post: dict[str, Any], action: str) -> None:
        self.lines = new_entries(pre["log"], post["log"])
        super().moments(pre, post, action)

    def open_or_skip(self, name: str, window: str, table: dict[str, Any]) -> None:
        """A window opens when an edict or a flare not discarded could be played there by some
        seat (RULINGS.md 12). At the reveal, the flares' conditions read the cards revealed
        (the edicts' audit gives the table before the second card, the reveal's line names them)."""
        if name == "reveal" and table["encounter"]["result"] is None:
            shown = revealed_faces(next(e["text"] for e in self.lines if e["event"] == "reveal"), table["square"])
            table = {**table, "encounter": {**table["encounter"],
                                            "result": {"cards": [{"card": c} for c in shown], "winner": None}}}
        opens = (self.edicts and edict_window_opens(table, name)) or flares_could_open(table, name, NAMES)
        compare(f"{name} window opens", window == name, opens, self.problems)
        MET[f"window {name} " + ("opened" if opens else "skipped")] += 1
        if name == "start":
            # One flare a challenge: a new challenge starts with none played.
            compare("no flare as a challenge starts", [p["flare"] for p in table["players"]], [None] * self.n,
                    self.problems)
        if window == name:
            self.window_opened(name)

    def edict_step(self, pre: dict[str, Any], post: dict[str, Any], seat: int, action: str) -> None:
        if not action.startswith("flare"):
            if action.startswith("edict") and action.split()[1] in ("plague", "quake", "finder"):
                target = seat if action.split()[1] == "quake" else int(action.split()[2])
                if held_flares(faces(self.hands[target])):
                    MET[f"{action.split()[1]} on a hand holding a flare"] += 1
            super().edict_step(pre, post, seat, action)
            return
        self.flare_step(pre, post, seat, action)

    # --- the outcome under lasting flares ---------------------------------------------------

    def transition(self, pre: dict[str, Any], post: dict[str, Any], views: dict[int, Any],
                   seat: int, action: str) -> None:
        super().transition(pre, post, views, seat, action)
        self.flares_leaving_hands(pre, post)
        closed = (pre["step"] == "edicts" and pre["encounter"]["window"] == "reveal" and action == "pass"
                  and not (post["step"] == "edicts" and post["encounter"]["window"] == "reveal"))
        skipped = pre["step"] == "cards" and post["step"] != "edicts" and any(e["event"] == "reveal"
                                                                             for e in self.lines)
        if not (closed or skipped):
            return
        where = f"{self.label} step {self.state.steps} outcome"
        if skipped:
            shown = revealed_faces(next(e["text"] for e in self.lines if e["event"] == "reveal"), pre["square"])
            pre = {**pre, "encounter": {**pre["encounter"], "result": {"cards": [{"card": c} for c in shown]}}}
        self.clone(pre, post, where, closed)
        self.powers_and_flares(pre, post, where)
        self.pacifist(pre, post, where)
        self.outcome(pre, post, where)

    def flares_leaving_hands(self, pre: dict[str, Any], post: dict[str, Any]) -> None:
        """RULEBOOK 5: "a flare leaves a hand as any card does": in a consolation and a deal it
        passes to the taker's hand (the two see which cards, RULINGS.md 14 and 15); in a hand
        shown for want of a challenge card it is discarded with the hand (RULINGS.md 13)."""
        lines = new_entries(pre["log"], post["log"])
        events = {e["event"] for e in lines}
        if not events & {"consolation", "deal-cards", "new-hand"}:
            return
        for entry in lines:
            if entry["event"] == "new-hand":
                MET["a new hand"] += 1
                shown = held_flares(entry_faces(entry))
                if shown and post["deck"]["cards"] <= pre["deck"]["cards"]:
                    discarded = held_flares([c["card"] for c in post["deck"]["discards"]])
                    compare("a shown hand's flares discarded", shown <= discarded, True, self.problems)
                    MET["a flare discarded with a new hand"] += 1
        seat_views = {s: self.state.view(s).to_json() for s in range(self.n)}
        hands = {s: held_flares(faces(v)) for s, v in seat_views.items()}
        for viewer, view in seat_views.items():
            for entry in view["log"][len(view["log"]) - len(lines):]:
                if entry["event"] not in ("consolation", "deal-cards") or not entry["text"].startswith(
                        f"seat {viewer} "):
                    continue  # (each move of cards read once, from the taker's own line)
                giver = int(re.findall(r"seat (\d+)", entry["text"])[1])
                for name in held_flares(entry_faces(entry)):
                    compare(f"the {name} flare taken in a {entry['event']}",
                            (name in hands[viewer], name in hands[giver]), (True, False), self.problems)
                    MET[f"a flare taken in a {entry['event']}"] += 1

    def clone(self, pre: dict[str, Any], post: dict[str, Any], where: str, closed: bool) -> None:
        """The two cards after an outcome (no deal): Clone's Wild or power keeps its own card, its
        Super takes the opponent's too (a zapped Super no more); every other card is discarded.
        The keeper's hand gains them (checked when the reveal window was open and it gave no
        consolation)."""
        if post["step"] == "deal" or post["deck"]["cards"] > pre["deck"]["cards"]:
            return  # (a deal keeps the cards for now; a reshuffle hides the discards)
        cards = tuple(c["card"] for c in pre["encounter"]["result"]["cards"])
        kept = kept_cards(pre, (cards[0], cards[1]))
        discarded = Counter(c["card"] for c in post["deck"]["discards"]) - Counter(
            c["card"] for c in pre["deck"]["discards"])
        compare(f"{where}: the challenge cards discarded", discarded,
                Counter(cards) - Counter(face for faces_kept in kept.values() for face in faces_kept), self.problems)
        for seat in kept:
            if flare_of(pre, seat) in (("clone", False), ("clone", True)):
                MET["outcome under clone's " + ("Super" if pre["players"][seat]["flare_super"] else "Wild")] += 1
        result = post["encounter"]["result"]
        # (the result is gone from a view once the next turn has begun: the log tells whose hand
        # gave a consolation, from which the kept card may have been taken)
        consoled = {line["text"].rsplit("from seat ", 1)[1].split("'")[0]
                    for line in new_entries(pre["log"], post["log"]) if line["event"] == "consolation"}
        for seat, faces_kept in kept.items():
            consoling = str(seat) in consoled or (
                result is not None and result.get("winner") == ("offence" if seat == pre["offence"] else "defence")
                and "c" in cards)
            if not closed or not faces_kept or consoling:
                continue
            gained = Counter(faces(self.state.view(seat).to_json())) - Counter(faces(self.hands[seat]))
            compare(f"{where}: seat {seat} keeps its cards", Counter(faces_kept) - gained, Counter(), self.problems)

    def powers_and_flares(self, pre: dict[str, Any], post: dict[str, Any], where: str) -> None:
        """Every outcome against the model of powers and flares together: the winner, two
        Attacks' totals, and each losing seat's tokens home, to the warp or out of the game."""
        cards = [c["card"] for c in pre["encounter"]["result"]["cards"]]
        winner, totals, fates = flared_outcome(pre, (cards[0], cards[1]))
        if winner is None:
            compare(f"{where}: a deal", post["step"], "deal", self.problems)
            return
        compare(f"{where}: no deal", post["step"] != "deal", True, self.problems)
        result = post["encounter"]["result"]
        if result is not None and result.get("winner") is not None:
            compare(f"{where}: the winner", result["winner"], winner, self.problems)
            compare(f"{where}: the totals", result["totals"], totals, self.problems)
        for seat, player in enumerate(pre["players"]):
            count, fate = fates.get(seat, (0, "home"))
            after = post["players"][seat]
            compare(f"{where}: seat {seat}'s lost tokens ({fate})",
                    (after["warp"] - player["warp"], after["removed"] - player["removed"]),
                    (count * (fate == "warp"), count * (fate == "removed")), self.problems)
            if count:
                MET[f"lost tokens {fate}"] += 1
        if totals is not None:
            self.count_macron_wild(pre)
        for player in pre["players"]:
            if player["flare"] in LASTING_SUPERS and player["flare_super"]:
                MET[f"outcome under {player['flare']}'s Super" + (", zapped" if player["zapped"] else "")] += 1

    def count_macron_wild(self, pre: dict[str, Any]) -> None:
        table = Table(pre)
        for seat in range(self.n):
            side = table.side(seat)
            if flare_of(pre, seat) != ("macron", False) or side < 0 or not table.own_tokens(seat):
                continue
            main, other = table.mains[side], table.mains[1 - side]
            if flare_of(pre, main) == ("virus", True) or (seat == main and active_power(pre, main) == "virus"):
                MET["Macron's Wild counted in a Virus's product"] += 1
            if seat != main and (flare_of(pre, other) == ("anti-matter", False)
                                 or flare_of(pre, main) == ("anti-matter", True)):
                MET["Macron's Wild ally's tokens taken from a total"] += 1

    def pacifist(self, pre: dict[str, Any], post: dict[str, Any], where: str) -> None:
        """Pacifist's Wild: its Compromise still loses to an Attack, but its lost tokens return to
        its bases and count for its consolation. Its Super: its Compromise wins against a
        Compromise, and no deal is made (the loser's tokens go to the warp as any loser's)."""
        table = Table(pre)
        # Two Compromises meeting: the powers that change totals (Macron, Virus, Anti-Matter)
        # and Pacifist's (it beats an Attack) do nothing there, so its owner's Super is checked
        # where no other power acts.
        totals_only = ("pacifist", "macron", "virus", "anti-matter")
        quiet = {**pre, "players": [{**p, "power": None} if p["power"] in totals_only else p
                                    for p in pre["players"]]}
        if table.kinds != ("compromise", "compromise"):
            quiet = pre
        if not neutral_outcome(quiet):
            return
        result = post["encounter"]["result"]
        for seat in table.mains:
            flare = flare_of(pre, seat)
            side = "offence" if seat == pre["offence"] else "defence"
            other = table.opponent(seat)
            if flare == ("pacifist", False):
                winner = "defence" if side == "offence" else "offence"
                if result is not None:
                    compare(f"{where}: Pacifist's Wild loses", result.get("winner"), winner, self.problems)
                compare(f"{where}: Pacifist's Wild keeps seat {seat}'s tokens from the warp",
                        (post["players"][seat]["warp"], post["players"][seat]["removed"]),
                        (pre["players"][seat]["warp"], pre["players"][seat]["removed"]), self.problems)
                consoled = min(table.own_tokens(seat), table.hand_size(other))
                if consoled and not quaked(pre, post):
                    compare(f"{where}: Pacifist's Wild is consoled", post["players"][seat]["hand_size"],
                            pre["players"][seat]["hand_size"] + consoled, self.problems)
                MET["outcome under pacifist's Wild" + (", consoled" if consoled else "")] += 1
            elif flare == ("pacifist", True):
                compare(f"{where}: Pacifist's Super makes no deal", post["step"] != "deal", True, self.problems)
                if result is not None:
                    compare(f"{where}: Pacifist's Super wins", result.get("winner"), side, self.problems)
                spared = flare_of(pre, other) == ("zombie", False) or any(
                    flare_of(pre, s) in (("void", True), ("void", False)) and table.side(s) == table.side(seat)
                    for s in range(self.n))
                lost = 0 if spared else table.own_tokens(other)
                compare(f"{where}: the loser's tokens to the warp", post["players"][other]["warp"],
                        pre["players"][other]["warp"] + lost, self.problems)
                MET["outcome under pacifist's Super"] += 1

    def outcome(self, pre: dict[str, Any], post: dict[str, Any], where: str) -> None:
        """What the Wild flares that last (RULINGS.md 24) do to an outcome no power acts at:
        Macron's, Virus's and Anti-Matter's totals, Zombie's tokens kept from the warp, Void's
        opponent's tokens leaving the game."""
        played = {s: p["flare"] for s, p in enumerate(pre["players"]) if p["flare"] and not p["flare_super"]}
        cards = [c["card"] for c in pre["encounter"]["result"]["cards"]]
        values = [card_value(c, pre["square"]) for c in cards]
        result = post["encounter"]["result"]
        offence, defence = pre["offence"], pre["encounter"]["defender"]
        if not neutral_outcome(pre) or result is None or result.get("winner") is None:
            return  # (a power acts, or the view shows the next challenge already)
        lasting = set(played.values()) & {"macron", "virus", "anti-matter", "zombie", "void"}
        if values[0] is not None and values[1] is not None:
            totals = flared_totals(pre, (values[0], values[1]))
            compare(f"{where}: totals", result["totals"], totals, self.problems)
            compare(f"{where}: winner", result["winner"], "offence" if totals[0] > totals[1] else "defence",
                    self.problems)
            for name in lasting & {"macron", "virus", "anti-matter"}:
                MET[f"outcome under {name}'s Wild"] += 1
        winner = result["winner"]
        for s, name in played.items():
            if name == "zombie":
                compare(f"{where}: Zombie's Wild keeps seat {s}'s tokens from the warp",
                        post["players"][s]["warp"], pre["players"][s]["warp"], self.problems)
                MET["outcome under zombie's Wild"] += 1
            if name == "void" and s in (offence, defence) and winner == ("offence" if s == offence else "defence"):
                loser = defence if s == offence else offence
                if played.get(loser) == "zombie":
                    continue
                compare(f"{where}: Void's Wild keeps seat {loser}'s tokens from the warp",
                        post["players"][loser]["warp"], pre["players"][loser]["warp"], self.problems)
                MET["outcome under void's Wild, its side winning"] += 1

    # --- a flare played --------------------------------------------------------------------

    def flare_step(self, pre: dict[str, Any], post: dict[str, Any], seat: int, action: str) -> None:
        name = action.split()[1]
        is_super = half(pre, seat, name)
        compare("a flare the model allows", is_super is not None, True, self.problems)
        is_super = bool(is_super)
        MET[f"flare {name} {'super' if is_super else 'wild'}"] += 1
        still_open = post["step"] in ("edicts", "place") and post["encounter"]["window"] == pre["encounter"]["window"]
        compare("the window stays open after a flare", still_open, True, self.problems)
        compare("the view marks the flare", (post["players"][seat]["flare"], post["players"][seat]["flare_super"]),
                (name, is_super), self.problems)
        lines = new_entries(pre["log"], post["log"])
        compare("flare line", lines[0]["text"] if lines else None, flare_line(seat, action, is_super), self.problems)
        before = {s: faces(v) for s, v in self.hands.items()}
        views = {s: self.state.view(s).to_json() for s in range(self.n)}
        after = {s: faces(v) for s, v in views.items()}
        # "after use the flare goes back to its owner's hand"
        compare("the flare back in its owner's hand", FLARE_PREFIX + name in after[seat], True, self.problems)
        self.effect(pre, seat, action, is_super, before, after, views)
        self.privacy(pre, post, seat, action, is_super, before, views)

    def effect(self, pre: dict[str, Any], seat: int, action: str, is_super: bool,
               before: dict[int, list[str]], after: dict[int, list[str]], views: dict[int, Any]) -> None:
        name = action.split()[1]
        others = [s for s in range(self.n) if s != seat]
        if name == "mutant":
            # "Draw cards until you hold seven" (ten): what is left in the deck and discards
            # at most.
            left = pre["deck"]["cards"] + len(pre["deck"]["discards"])
            wanted = min(MUTANT_DRAW[is_super], len(before[seat]) + left)
            compare("Mutant's draw", len(after[seat]), wanted, self.problems)
            compare("Mutant keeps its hand", Counter(after[seat]) >= Counter(before[seat]), True, self.problems)
            compare("others' hands", {s: after[s] for s in others}, {s: before[s] for s in others}, self.problems)
        elif name == "trader" and is_super:
            target = int(action.split()[2])
            expected = trade_hands(before, seat, target)
            compare("Trader's Super", {s: Counter(after[s]) for s in (seat, target)}, expected, self.problems)
            MET["Trader's Super swaps a hand"] += 1
        elif name == "trader":
            other = pre["encounter"]["defender"] if seat == pre["offence"] else pre["offence"]
            # Each side's own line tells it the card it took (RULINGS.md 24, a look's rule).
            took = {}
            for side in (seat, other):
                told = [e.get("card") for e in new_entries(self.hands[side]["log"], views[side]["log"])
                        if e["event"] == "flare-swap" and e["text"].startswith(f"seat {side} ")]
                took[side] = told[0] if len(told) == 1 else None
            theirs, mine = took[seat], took[other]
            compare("Trader's Wild: a card of each hand", (theirs in before[other], mine in before[seat]),
                    (True, True), self.problems)
            compare("Trader's Wild keeps the flare", mine != FLARE_PREFIX + "trader", True, self.problems)
            if theirs is not None and mine is not None:
                compare("Trader's Wild: one card each way",
                        (Counter(after[seat]), Counter(after[other])),
                        (Counter(before[seat]) - Counter([mine]) + Counter([theirs]),
                         Counter(before[other]) - Counter([theirs]) + Counter([mine])), self.problems)
        else:
            compare("hands unchanged by the flare", after, before, self.problems)
        if name in ("mind", "oracle"):
            own = new_entries(self.hands[seat]["log"], views[seat]["log"])
            looks = {}
            for entry in own:
                if entry["event"] == "look":
                    target = int(re.findall(r"seat (\d+)'s", entry["text"])[0])
                    looks[target] = entry.get("cards")
            whole = looked_at(pre, seat, action, is_super)
            if whole:
                compare("the hands looked at", looks, {t: before[t] for t in whole}, self.problems)
            else:  # Oracle's Wild: one card at random of the opponent's
                opponent = pre["encounter"]["defender"] if seat == pre["offence"] else pre["offence"]
                cards = looks.get(opponent) or []
                compare("Oracle's Wild: one card of the opponent's", (list(looks), len(cards),
                        Counter(cards) <= Counter(before[opponent])), ([opponent], 1, True), self.problems)

    def privacy(self, pre: dict[str, Any], post: dict[str, Any], seat: int, action: str, is_super: bool,
                before: dict[int, list[str]], views: dict[int, Any]) -> None:
        """The spectator's lines name no card; each seat's lines are the spectator's, with
        cards only in a line about that seat's own look or take (RULINGS.md 24)."""
        public = new_entries(pre["log"], post["log"])
        for entry in public:
            compare(f"no card in a public line: {entry['text']}", ([k for k in CARD_KEYS if k in entry],
                    names_a_card(entry)), ([], False), self.problems)
        for viewer in range(self.n):
            mine = new_entries(self.hands[viewer]["log"], views[viewer]["log"])
            compare("the same lines for every seat", [e["text"] for e in mine], [e["text"] for e in public],
                    self.problems)
            for entry in mine:
                if any(k in entry for k in CARD_KEYS):
                    compare("cards told to their own seat only", entry["text"].startswith(f"seat {viewer} "), True,
                            self.problems)
                    if viewer != seat:
                        MET["a card told to the other side of a Trader's Wild"] += 1
            compare("no other hand in a view", "hand" in views[viewer] and "hands" not in views[viewer], True,
                    self.problems)

    # --- illegal flares -------------------------------------------------------------------

    def try_flare_illegal(self, view: dict[str, Any]) -> None:
        """Flare actions that must be refused, with nothing changed and no flare named that the
        seat does not hold (a seat's reason may speak of its own hand)."""
        state, rng = self.state, self.illegal_rng
        other = rng.randrange(self.n)
        hand = faces(state.view(other).to_json())
        name = rng.choice(NAMES)
        texts = [f"flare {name}", f"flare {name} {rng.randrange(self.n)}", "flare bogus", "flare",
                 f"flare mind {other}", "flare mind 9", "flare trader x", f"play {FLARE_PREFIX}{name}",
                 f"flare {name} {name}", "flare mutant", "flare macron"]
        if any(h.startswith(FLARE_PREFIX) for h in hand):
            texts.append("flare " + rng.choice(sorted(held_flares(hand))))

        def names_no_flare_not_held(reason: str, text: str, by: int) -> None:
            named = {n for n in NAMES if f"{n} flare" in reason or FLARE_PREFIX + n in reason}
            compare(f"refusal of {text!r} by seat {by} names no flare it does not hold",
                    named - set(text.split()) - held_flares(hand), set(), self.problems)
            compare(f"refusal of {text!r} names no card", FACE.search(re.sub(r"\('[^)]*\)", "", reason)) is None
                    or bool(set(FACE.findall(reason)) <= set(hand) | set(text.split())), True, self.problems)
            if held_flares(hand) & set(text.split()):
                MET["a held flare refused"] += 1

        self.try_refused(other, texts, rng, view["step"], MET, ("malformed flare refused", "illegal flare refused"),
                         names_no_flare_not_held)


# (players, seed, edicts, quarks, eager, every seat dealt its own flare, deck: RULINGS.md 1)
CASES = [(3, 0, True, False, 0.9, False, "eon"), (4, 1, False, True, 0.9, False, "eon"),
         (3, 16, True, False, 1.0, True, "eon"), (4, 17, False, False, 1.0, True, "eon"),
         (5, 18, True, True, 1.0, True, "eon"), (4, 13, False, False, 1.0, True, "eon"),
         (5, 42, True, True, 1.0, True, "eon"), (5, 14, True, False, 1.0, True, "eon"),
         (6, 19, False, False, 1.0, True, "eon"), (5, 46, True, False, 1.0, False, "eon"),
         (4, 2, True, True, 1.0, True, "mayfair-more"), (3, 5, False, False, 1.0, True, "eon-expansions"),
         (4, 21, True, True, 1.0, True, "eon"), (4, 20, False, False, 1.0, True, "eon"),
         (4, 73, True, False, 1.0, True, "eon")]


def play(players: int, seed: int, edicts: bool, quarks: bool, eager: float, own: bool, deck: str) -> FlareAudit:
    audit = FlareAudit(players, seed, eager, edicts, own, deck=deck, quarks=quarks)
    audit.play()
    assert not audit.problems, "\n".join(audit.problems[:10])
    MET["games"] += 1
    MET[f"deck {deck}"] += 1
    return audit


@pytest.mark.parametrize(("players", "seed", "edicts", "quarks", "eager", "own", "deck"), CASES)
def test_seeded_games_with_flares_follow_the_model(players: int, seed: int, edicts: bool, quarks: bool,
                                                   eager: float, own: bool, deck: str) -> None:
    play(players, seed, edicts, quarks, eager, own, deck)


def test_every_flare_and_case_was_met() -> None:
    """The seeded games met every flare, Wild and Super, and every case the audit checks
    (played again here when this process did not play them all, as under pytest-xdist)."""
    wanted = [f"flare {name} {half}" for name in NAMES for half in ("wild", "super")]
    wanted += ["window start opened", "window alliances opened", "window reveal opened", "window reveal skipped",
               "wild playable", "super playable", "wild held at its window, not applying",
               "wild held at another window", "super held at another window",
               "a flare held after one was played this challenge", "a main player holds a flare when cards are played",
               "illegal flare refused", "a held flare refused", "malformed flare refused",
               "plague on a hand holding a flare", "quake on a hand holding a flare",
               "finder on a hand holding a flare", "Trader's Super swaps a hand",
               "a card told to the other side of a Trader's Wild", "outcome under macron's Wild",
               "outcome under virus's Wild", "outcome under anti-matter's Wild", "outcome under zombie's Wild",
               "outcome under void's Wild, its side winning",
               "Laser's Super: the opponent plays first, at random", "Laser's Wild: an Attack forced",
               "Laser's Wild: nothing to force", "outcome under clone's Wild", "outcome under clone's Super",
               "outcome under pacifist's Wild, consoled", "outcome under pacifist's Super",
               "deck eon", "deck eon-expansions", "deck mayfair-more", "lost tokens home", "lost tokens warp",
               "lost tokens removed", "outcome under macron's Super", "outcome under anti-matter's Super",
               "outcome under virus's Super", "outcome under zombie's Super", "outcome under clone's Super",
               "a flare discarded with a new hand", "a flare taken in a consolation", "a flare taken in a deal-cards"]
    check_every_case_met(MET, CASES, play, wanted)
    assert MET["illegal flare refused"] >= 200, MET["illegal flare refused"]


def test_the_flares_texts_are_the_rulebooks() -> None:
    """Each flare's windows in the public components are those RULEBOOK 5 names."""
    served = load(3, powers="random", flares=True).public_components()["flares"]
    assert {f["power"]: (f["wild_window"], f["super_window"]) for f in served} == {
        name: (WILD_WINDOW[name], SUPER_WINDOW[name]) for name in NAMES}
    assert all(f["card"] == FLARE_PREFIX + f["power"] for f in served)


def with_flare_exchanged(state: Any, seat: int) -> Any:
    """A copy of the deal in which one card of ``seat``'s hand and one of the face-down pile
    change places: a flare for another card, or another card for a flare (card ids exchanged
    in the copy; the public API deals no chosen hand). The pile's card is the one deepest from
    its top (the end drawn from), so that the steps compared draw the same cards."""
    other = state.clone()
    hand, pile = other.hands[seat], other.deck.cards
    mine = next((i for i, c in enumerate(hand) if other.cards[c].flare), None)
    wants_flare = mine is None
    spot = next((j for j, c in enumerate(pile) if bool(other.cards[c].flare) == wants_flare), None)
    if spot is not None and spot > len(pile) - 15:
        return None  # (near the top: a draw in the steps compared would tell)
    if spot is None:
        return None
    mine = 0 if mine is None else mine
    hand[mine], pile[spot] = pile[spot], hand[mine]
    return other


@pytest.mark.parametrize(("players", "seed", "window"),
                         [(3, 1, "alliances"), (4, 2, "start"), (5, 3, "alliances"), (6, 4, "reveal")])
def test_who_holds_a_flare_changes_nothing_another_seat_receives(players: int, seed: int, window: str) -> None:
    """RULINGS.md 4 and 12: the flares' conditions read public information only, and a window
    asks every seat. Two deals that differ only in whether one seat holds a flare look the same
    to every other seat, ask the same seats, and refuse the others' flares for the same reasons,
    through the window and the next steps of the challenge (up to its outcome, whose cards
    may then follow the hidden hand: a consolation, a deal)."""
    game, state = first_window(players, seed, window, powers="random", flares=True)  # (no edicts)
    start = state.view(None).to_json()

    def challenge_decided(table: dict[str, Any]) -> bool:
        result = table["encounter"]["result"]
        return (result is not None and result["winner"] is not None) or (
            table["turn"], table["challenge"]) != (start["turn"], start["challenge"])

    compared = 0
    for holder in range(players):
        other = with_flare_exchanged(state, holder)
        if other is None:
            continue
        held = [held_flares(faces(s.view(holder).to_json())) for s in (state, other)]
        assert held[0] != held[1]
        flares = ("flare mind 0", "flare macron", "flare mutant", f"flare trader {holder}")
        compared += steps_alike_to_others(game, state, other, holder, players, flares, 40, challenge_decided)
    assert compared > 10, compared


def test_a_zapped_owner_plays_no_super() -> None:
    """RULEBOOK 5: "the power's owner may play its Super text, only while its power is active
    (not zapped)"; nor its Wild, which is for "a player who does not have that power". A made
    deal (seeded play seldom zaps the owner of a flare it holds at its window): every seat holds
    its own flare and one seat a Cosmic Zap from the pile; at the window after alliances Mind's
    owner may play its Super, and once zapped, not that flare (the engine and the model; its
    other flares' Wilds are still its to play)."""
    game = load(4, powers="random", flares=True, edicts=True)
    for seed in range(40):
        state = game.new_game(seed=seed)
        powers = [p["power"] for p in state.view(None).to_json()["players"]]
        if "mind" in powers:
            break
    owner = powers.index("mind")
    deal_own_flares(state)
    zapper = (owner + 1) % 4
    zap = next(c for c in state.deck.cards if state.cards[c].face == "zap")
    spot = state.deck.cards.index(zap)
    slot = next(i for i, c in enumerate(state.hands[zapper]) if not state.cards[c].flare)
    state.hands[zapper][slot], state.deck.cards[spot] = zap, state.hands[zapper][slot]
    rng = random.Random(seed)
    while True:
        view = state.view(None).to_json()
        if view["step"] == "edicts" and view["encounter"]["window"] == "alliances" and len(state.to_act) == 4:
            break
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        state.apply(seat, next((a for a in legal if str(a) == "pass"), None) or rng.choice(legal))
    hand = faces(state.view(owner).to_json())
    assert "flare-mind" in hand
    legal = {str(a) for a in state.legal_actions(owner)}
    assert "flare mind" in legal and half(view, owner, "mind") is True
    assert legal - {"pass"} == flare_choices(view, owner, hand) | edict_choices(
        view, owner, set(hand), finder_values("eon", None)) - {"pass"}
    state.apply(zapper, game.parse_action(state, zapper, f"edict zap {owner}"))
    view = state.view(None).to_json()
    assert view["players"][owner]["zapped"]
    legal = {str(a) for a in state.legal_actions(owner)}
    assert not any(a.startswith("flare mind") for a in legal), legal
    assert half(view, owner, "mind") is None
    assert {a for a in legal if a.startswith("flare")} == flare_choices(view, owner, hand)
    refused = state.why_illegal(owner, game.parse_action(state, owner, "flare mind"))
    assert refused is not None


class ZapAudit(FlareAudit):
    """The flares' audit in made deals where every seat holds its own power's flare and two
    seats a Cosmic Zap, each zapping the owner of a Super played this challenge when it can."""

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed, 1.0, True, True, deck="eon", quarks=False)
        state = self.state
        zaps = [c for c in state.deck.cards if state.cards[c].face == "zap"]
        for seat, zap in zip(range(1, players), zaps, strict=False):
            slot = next(i for i, c in enumerate(state.hands[seat]) if not state.cards[c].flare)
            spot = state.deck.cards.index(zap)
            state.hands[seat][slot], state.deck.cards[spot] = zap, state.hands[seat][slot]

    def choose(self, seat: int, legal: list[Any]) -> Any:
        players = self.state.view(None).to_json()["players"]
        flared = {f"edict zap {s}" for s, p in enumerate(players) if p["flare_super"] and not p["zapped"]}
        zaps = [a for a in legal if str(a) in flared]
        if zaps:
            return zaps[0]
        kept = [a for a in legal if not str(a).startswith("edict zap")]  # (the Zaps wait for a Super)
        return super().choose(seat, kept)


def test_a_super_stops_when_its_power_is_zapped_later() -> None:
    """RULEBOOK 5: "a Super whose power is zapped later in the challenge stops acting"
    (RULINGS.md 24): the outcome after the zap follows the model with the Super gone, and the
    power's own effect gone too (RULEBOOK 4). The second game meets Macron's Wild played by a
    Virus: "one of your tokens ... counts four" counts four in the Virus's product (card times
    its tokens), as a Macron's tokens count four there, not three added after it."""
    met = Counter()
    for seed in (1, 10):
        audit = ZapAudit(4, seed)
        before = Counter(MET)
        audit.play()
        assert not audit.problems, "\n".join(audit.problems[:10])
        met += Counter(MET) - before
    zapped = [case for case in met if case.endswith("Super, zapped")]
    assert zapped and met["Macron's Wild counted in a Virus's product"], dict(met)
