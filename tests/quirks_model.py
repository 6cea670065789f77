"""An independent model of the rules of Quirks (the competitive game, 2-4 players), written from
the rulebook and the game's RULINGS.md, for the outsider's audit (``test_quirks_audit``).

It reads the house card data (``data/cards.toml``: the values and symbols the rulebook leaves to
the printed cards) and shares no code with the engine: the climate table, the printed codes, the
value of a QUiRKS with its food-chain points, and the legal actions of each step of a turn are
worked out here from the rulebook's words.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# A card's number as the views, log lines and reasons write it ("A13"): how a test finds the cards a text names.
CARD_WORD = re.compile(r"\b[ABC][0-9]{1,2}\b")

DATA = Path(__file__).resolve().parents[1] / "src" / "quarkade" / "games" / "quirks" / "data" / "cards.toml"
RAW: dict[str, Any] = tomllib.loads(DATA.read_text(encoding="utf-8"))

CLIMATES: tuple[str, ...] = tuple(RAW["climates"])  # the order the marker travels
ZONES = int(RAW["zones_per_climate"])
SPACES = ZONES * len(CLIMATES)
# Spaces marked X, numbered 0.. around the table (zones are numbered 1-6 within a climate).
X_SPACES = frozenset(CLIMATES.index(name) * ZONES + zone - 1
                     for name, zones in RAW["x_zones"].items() for zone in zones)
NICHES = ("plant", "herbivore", "carnivore")
DESTINY_CYCLE = int(RAW["destiny"]["cycle"])  # markers drawn before all return to the pool
DESTINY_MARKERS = sum(int(RAW["destiny"][n]) for n in NICHES)


@dataclass(frozen=True)
class Card:
    number: str
    stack: str
    values: dict[str, int]
    food: str | None

    @property
    def position(self) -> str:
        """A, B or C: the card's row in a QUiRKS."""
        return self.number[0]

    def codes(self) -> str:
        """The climate codes printed on the card (ruling 3): values of 4 and 5, and exactly 3 on
        cards with an odd number."""
        odd = int(self.number[1:]) % 2 == 1
        return "".join(c[0].upper() for c in CLIMATES
                       if self.values[c] >= 4 or (self.values[c] == 3 and odd))


CARDS: dict[str, Card] = {
    c["number"]: Card(c["number"], c["stack"], {k: int(v) for k, v in c["values"].items()}, c.get("food"))
    for c in RAW["card"]
}

# The stacks a QUiRKS of each niche is drawn from, by position (setup b-f; ruling 11).
NICHE_STACKS: dict[str, dict[str, tuple[str, ...]]] = {
    "plant": {"A": ("plant-a",), "B": ("plant-b",), "C": ("plant-c",)},
    "herbivore": {"A": ("herbivore-a",), "B": ("animal-b",), "C": ("animal-c",)},
    "carnivore": {"A": ("carnivore-a",), "B": ("animal-b",), "C": ("animal-c",)},
}
HAND_SHAPE: dict[str, int] = {"plant-a": 1, "plant-b": 1, "plant-c": 1, "herbivore-a": 1,
                              "carnivore-a": 1, "animal-b": 2, "animal-c": 2}


def climate_at(space: int) -> str:
    return CLIMATES[space // ZONES]


def advance(space: int, steps: int) -> tuple[int, bool]:
    """The marker moved ``steps`` spaces to the right (after the last JUNGLE space, the first OCEAN
    space), and whether it stopped on or passed an X (Random Mutation)."""
    crossed = any((space + k) % SPACES in X_SPACES for k in range(1, steps + 1))
    return (space + steps) % SPACES, crossed


def value(number: str, climate: str) -> int:
    return CARDS[number].values[climate]


def card_at(quirks: list[str], position: str) -> str | None:
    found = [n for n in quirks if CARDS[n].position == position]
    return found[0] if found else None


def food_points(niche: str, quirks: list[str], level: dict[str, list[str] | None], climate: str) -> int:
    """Food-chain points of a QUiRKS competing in ``niche`` ("Food Chain Points" A-C, ruling 23),
    ``level`` giving the QUiRKS of the other niches at the level in competition."""
    def symbol(cards: list[str] | None, position: str) -> tuple[str | None, str | None]:
        number = card_at(cards, position) if cards else None
        return number, (CARDS[number].food if number else None)

    points = 0
    own_a, own_a_food = symbol(quirks, "A")
    own_c, own_c_food = symbol(quirks, "C")
    if niche == "plant":
        herb_a, herb_food = symbol(level.get("herbivore"), "A")
        if own_a_food and herb_a and herb_food == own_a_food:
            points -= value(herb_a, climate)
    elif niche == "herbivore":
        plant_a, plant_food = symbol(level.get("plant"), "A")
        if own_a_food and plant_a and plant_food == own_a_food:
            points += value(plant_a, climate)
        carn_a, carn_food = symbol(level.get("carnivore"), "A")
        if own_c_food and carn_a and carn_food == own_c_food:
            points -= value(carn_a, climate)
    else:
        herb_c, herb_c_food = symbol(level.get("herbivore"), "C")
        if own_a_food and herb_c and herb_c_food == own_a_food:
            points += value(herb_c, climate)
    return points


def card_points(quirks: list[str], climate: str) -> int:
    return sum(value(n, climate) for n in quirks)


def demotion_choices(quirks: list[str], climate: str) -> list[str]:
    """Results 1-2: the card a demoted QUiRKS discards bears the climate's code (any if none does)."""
    code = climate[0].upper()
    bearing = [n for n in quirks if code in CARDS[n].codes()]
    return bearing or list(quirks)


def mutations(quirks: list[str], hand: list[str], can_draw: bool = True) -> set[str]:
    """Mutation: a card of the QUiRKS discarded for the top of its stack, or exchanged with a card
    of the same stack from the hand (ruling 11)."""
    out: set[str] = set()
    for n in quirks:
        if can_draw:
            out.add(f"mutate {n}")
        out |= {f"mutate {n} for {h}" for h in hand if CARDS[h].stack == CARDS[n].stack}
    return out


def placements(niche: str, hand: list[str], three: bool) -> set[str]:
    """Cards from the hand placed in a niche: two of the niche's cards in two positions for a
    lower niche ("select two CHARACTER cards from your hand", and strategy tip 5: one may leave out
    the FOOD CHAIN card), A, B and C for a vacant upper niche (ruling 12)."""
    stacks = NICHE_STACKS[niche]
    a_cards = sorted({h for h in hand if CARDS[h].stack in stacks["A"]})
    b_cards = sorted({h for h in hand if CARDS[h].stack in stacks["B"]})
    c_cards = sorted({h for h in hand if CARDS[h].stack in stacks["C"]})
    if three:
        return {f"place {a} {b} {c}" for a in a_cards for b in b_cards for c in c_cards}
    return {f"place {a} {x}" for a in a_cards for x in b_cards + c_cards} | {
        f"place {b} {c}" for b in b_cards for c in c_cards}


def missing_position(quirks: list[str]) -> str:
    """The position a two-card QUiRKS lacks (after a demotion any two may remain, ruling 19)."""
    held = {CARDS[n].position for n in quirks}
    return next(p for p in "ABC" if p not in held)


def hand_counts(hand: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for n in hand:
        counts[CARDS[n].stack] = counts.get(CARDS[n].stack, 0) + 1
    return counts


def surplus_discards(hand: list[str]) -> set[str]:
    """End of turn (ruling 15): cards above one plant, herbivore and carnivore are discarded."""
    counts = hand_counts(hand)
    return {f"discard {n}" for n in hand if counts[CARDS[n].stack] > HAND_SHAPE[CARDS[n].stack]}


def left_of(seat: int, players: int, out: set[int]) -> int:
    """The next player still in, to the left."""
    for k in range(1, players + 1):
        nxt = (seat + k) % players
        if nxt not in out:
            return nxt
    return seat


def first_player(players: int, upper_owners: dict[str, int]) -> int:
    """Introduction 3: three players, the holder of the upper plant niche; two or four, the
    player with the fewest upper QUiRKS (ruling 8: there is exactly one)."""
    if players == 3:
        return upper_owners["plant"]
    counts = {s: sum(1 for o in upper_owners.values() if o == s) for s in range(players)}
    fewest = min(counts.values())
    return [s for s in range(players) if counts[s] == fewest][0]


def setup_creators(players: int) -> list[tuple[str, str]]:
    """Setup b-f: the niches created in turn by the players from seat 0 (ruling 6); with three
    players the lower plant niche before the lower herbivore niche."""
    lower = [("carnivore", "lower"), ("herbivore", "lower"), ("plant", "lower")]
    if players == 3:
        lower = [("carnivore", "lower"), ("plant", "lower"), ("herbivore", "lower")]
    return [("plant", "upper"), ("herbivore", "upper"), ("carnivore", "upper"), *lower]


def defence_order(holder: int, players: int, lowers: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The Winner: each lower QUiRKS may attempt a competition, from the player to the left of the
    one about to win (a player's several lower QUiRKS in the order of the niches)."""
    order = [(holder + k) % players for k in range(1, players)]
    return sorted(lowers, key=lambda sn: (order.index(sn[0]), NICHES.index(sn[1])))


def declared_winners(holdings: dict[int, list[str]], extinctions: dict[int, int]) -> list[int]:
    """Ruling 27, at the turn limit: the most niches (an upper niche counts two, a lower one), fewer
    extinctions breaking ties; ``holdings`` gives each player still in the levels it holds."""
    niches = {s: sum(2 if level == "upper" else 1 for level in levels) for s, levels in holdings.items()}
    best = max(niches.values())
    tied = [s for s in sorted(niches) if niches[s] == best]
    fewest = min(extinctions[s] for s in tied)
    return [s for s in tied if extinctions[s] == fewest]


def destiny_after(drawn: list[str], niche: str) -> list[str]:
    """Setup 4: a marker drawn from the pool; once five have been drawn, all return to the pool."""
    return [*(drawn if len(drawn) < DESTINY_CYCLE else []), niche]


Board = dict[str, dict[str, Any]]


def cards_of(slot: dict[str, Any] | None) -> list[str]:
    return [c["number"] for c in slot["cards"]] if slot else []


def board_of(view: dict[str, Any]) -> Board:
    return {n["niche"]: {"upper": n["upper"], "lower": n["lower"]} for n in view["niches"]}


def owner(board: Board, niche: str, level: str) -> int | None:
    slot = board[niche][level]
    return None if slot is None else int(slot["owner"])


# The steps whose choices are the same whatever the table shows.
FIXED_CHOICES: dict[str, tuple[str, str]] = {
    "setup": ("setup b", "setup c"), "climate": ("climate 1", "climate 2"), "upper-owned": ("mutate", "redraw"),
    "lower-defence": ("pass", "accept"), "lower-attack": ("give-up", "fight"), "after-win": ("continue", "end"),
    "concede-defender": ("concede", "hold"), "concede-challenger": ("concede", "fight"),
    "defence": ("challenge", "decline"),
}


def legal_actions(seat: int, view: dict[str, Any], defender_mutated: bool, first_turn_done: bool,
                  met: Counter[str]) -> set[str]:
    """The legal actions of a step, as notation, from what the table and the seat's hand show."""
    stage = view["stage"]
    board = board_of(view)
    hand = [c["number"] for c in view["hand"]]
    niche = view["niche"]
    climate = climate_at(int(view["climate"]["space"]))
    if stage in FIXED_CHOICES:
        if stage == "upper-owned":
            assert owner(board, niche, "upper") == seat
        return set(FIXED_CHOICES[stage])
    if stage == "choose-niche":
        return {f"niche {n}" for n in NICHES}
    if stage == "action":
        return action_choices(seat, board, hand, niche, first_turn_done, met)
    if stage == "upper-complete":
        lower = cards_of(board[niche]["lower"])
        stacks = NICHE_STACKS[niche][missing_position(lower)]
        return {"complete drawn"} | {f"complete {h}" for h in hand if CARDS[h].stack in stacks}
    if stage == "upper-sealed":
        faces = {"face-up", "face-down"}
        if seat == owner(board, niche, "upper") and not defender_mutated:
            met["sealed defender may mutate"] += 1
            return faces | mutations(cards_of(board[niche]["upper"]), hand)
        return faces
    if stage == "demote":
        reveal = [line for line in view["log"] if line["event"] == "reveal"][-1]
        who = "attacker_cards" if seat != owner(board, niche, "upper") else "defender_cards"
        return {f"discard {n}" for n in demotion_choices(reveal[who], climate)}
    if stage == "random-mutation":
        mine = [n for lv in board.values() for slot in lv.values()
                if slot and slot["owner"] == seat for n in cards_of(slot)]
        return {f"replace {n}" for n in hand + mine}
    if stage == "intelligence":
        met["intelligent race: roll or table"] += 1
        contest = view["contest"]
        own = ([c["number"] for c in contest["attacker_cards"]] if seat == contest["attacker"]
               else cards_of(board[contest["niche"]][contest["kind"]]))
        assert "C29" in own, (seat, contest)  # Optional rule 2: only a QUiRKS with C29
        return {"roll", "table"}
    if stage == "surplus":
        return surplus_discards(hand)
    raise AssertionError(f"stage {stage!r} not in the model")

def action_choices(seat: int, board: Board, hand: list[str], niche: str, first_turn_done: bool,
                   met: Counter[str]) -> set[str]:
    """An action in the destined niche (On Your Turn 3, rulings 10-13, 29)."""
    upper, lower = owner(board, niche, "upper"), owner(board, niche, "lower")
    if upper == seat:
        met["mutate own upper"] += 1
        return mutations(cards_of(board[niche]["upper"]), hand)
    if lower == seat:
        choices = mutations(cards_of(board[niche]["lower"]), hand)
        if not first_turn_done:
            choices.add("compete")
        met["own lower: mutate or compete"] += 1
        return choices or {"end"}
    out: set[str] = set()
    if not first_turn_done:
        out = placements(niche, hand, three=False)
        if upper is None:
            met["vacant upper"] += 1
            out |= placements(niche, hand, three=True)
    met["no QUiRKS in the niche: place"] += 1
    return out or {"end"}


def fresh(previous: list[dict[str, Any]], current: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lines a view's log gained since the previous look: views keep only the latest lines, so
    the log is a window that slides (and a line may gain detail later, at a reveal): the smallest
    shift that lines the two windows up by event and seat."""
    keys = [(e["event"], e.get("seat")) for e in previous]
    now = [(e["event"], e.get("seat")) for e in current]
    for shift in range(len(keys) + 1):
        if keys[shift:] == now[:len(keys) - shift]:
            return current[len(keys) - shift:]
    return current
