"""Determinization for the Quirks games: a full state consistent with one seat's view.

What the view shows is copied; what it hides (the order of the stacks and of the destiny
markers, other players' hands) is dealt at random from the cards unaccounted for, with the
caller's generator. So is the adaptation table, which no player ever reads: each card's
values are drawn to fit the climate codes the seat can read on it (a printed code means 3 or
more, no code 3 or less; by ruling 3 a 3 prints its code on odd-numbered cards only), a
card whose codes the seat cannot read gets values, and so codes, drawn at random, and the
cards of every count the seat saw are given values that add up to the total it showed (drawn
count by count, so a rare clash between counts leaves the later one unmatched).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import accumulate, product
from typing import TYPE_CHECKING, Any, Final, TypeVar

from quarkade.core.chance import Chance
from quarkade.core.flow import Deck
from quarkade.core.game import Game, State, View
from quarkade.games.quirks.board import HAND_TARGET, LOWER, NICHE_STACKS, UPPER, Contest, Stage, slot_of, stack_for
from quarkade.games.quirks.components import (
    CLIMATE_LETTERS,
    COMPONENTS,
    NICHES,
    STACKS,
    AdaptationTable,
    is_printed,
)

if TYPE_CHECKING:
    from quarkade.games.quirks.quirkling import Quirkling, QuirklingState
    from quarkade.games.quirks.rules import Quirks, QuirksState
    from quarkade.games.quirks.solitaire import QuirksSolitaire, SolitaireState

CARDS = COMPONENTS.cards
BY_NUMBER: Final = {card.number: card.index for card in CARDS}


S = TypeVar("S", bound=State)

# What a player may expect a card to be worth in a climate before reading anything on it, as
# weights of the values 0 to 5: the rulebook's cards are specialists, often poor, rarely 5.
VALUE_PRIOR: Final = (3, 4, 3, 3, 2, 1)
CLIMATES: Final = range(len(COMPONENTS.climates))


def _choices(allowed: list[int]) -> list[int]:
    """The values in ``allowed``, each repeated as often as its prior weight."""
    return [value for value in allowed for _ in range(VALUE_PRIOR[value])]


# By card parity and whether the code is printed: the values that fit, weighted.
_FITTING: Final = {(odd, coded): _choices([v for v in range(6) if is_printed(f"A{2 - odd}", v) == coded])
                   for odd in (0, 1) for coded in (False, True)}
_ANY: Final = _choices(list(range(6)))
_PRINTS: Final = tuple(tuple(is_printed(f"A{2 - odd}", v) for v in range(6)) for odd in (0, 1))  # by parity, value
_ODD: Final = tuple(int(card.number[1:]) % 2 for card in CARDS)


def readable_codes(data: Any, found: dict[str, str] | None = None) -> dict[str, str]:
    """Card number -> the climate codes the view shows on it, wherever it shows them."""
    found = {} if found is None else found
    if isinstance(data, dict):
        if "number" in data and "codes" in data:
            found[data["number"]] = data["codes"]
        for value in data.values():
            readable_codes(value, found)
    elif isinstance(data, list):
        for value in data:
            readable_codes(value, found)
    return found


# A count the seat saw: the climate, the cards of a QUiRKS, and the sum of their values there.
Count = tuple[int, list[int], int]


def _fits(card: int, climate: int, read: dict[str, str]) -> list[int]:
    """The values ``card`` may have in ``climate``, each once."""
    number = CARDS[card].number
    shown = read.get(number)
    if shown is None:
        return list(range(6))
    coded = CLIMATE_LETTERS[climate] in shown
    return [v for v in range(6) if _PRINTS[_ODD[card]][v] == coded]


# The keys of each game's view that show cards with their codes (never the log, which is long).
CARD_KEYS: Final = {"quirks": ("niches", "players", "stacks", "contest", "hand"),
                    "quirks-solitaire": ("quirks", "hand"),
                    "quirkling": ("players", "discard_top", "hand")}


def sample_table(view: View, chance: Chance, counts: Sequence[Count] = ()) -> AdaptationTable:
    """An adaptation table that fits every code ``view`` shows and every count the seat saw
    (``counts``), drawn with ``chance``."""
    keys = CARD_KEYS.get(view.game_id)
    read = readable_codes(view.data if keys is None else [view[key] for key in keys if key in view])
    values: list[list[int]] = []
    for card in CARDS:
        shown = read.get(card.number)
        # One draw a card, cut into five 12-bit draws: sampling is on every search decision.
        bits = chance.next64()
        if shown is None:
            values.append([_ANY[(bits >> 12 * k & 0xFFF) % len(_ANY)] for k in CLIMATES])
            continue
        odd = _ODD[card.index]
        row = []
        for k, letter in enumerate(CLIMATE_LETTERS):
            fits = _FITTING[odd, letter in shown]
            row.append(fits[(bits >> 12 * k & 0xFFF) % len(fits)])
        values.append(row)
    fixed: set[tuple[int, int]] = set()
    for climate, cards, total in counts:
        free = [c for c in cards if (c, climate) not in fixed]
        wanted = total - sum(values[c][climate] for c in cards if (c, climate) in fixed)
        # Every way the free cards reach the total, weighed by the prior.
        ways = [combo for combo in product(*(_fits(c, climate, read) for c in free)) if sum(combo) == wanted]
        if ways:
            weights = [math.prod(VALUE_PRIOR[v] for v in combo) for combo in ways]
            pick = chance.below(sum(weights))
            chosen = next(combo for combo, weight in zip(ways, accumulate(weights), strict=True) if pick < weight)
            for index, value in zip(free, chosen, strict=True):
                values[index][climate] = value
                fixed.add((index, climate))
    return AdaptationTable(tuple(tuple(row) for row in values),
                           tuple(tuple(_PRINTS[_ODD[index]][v] for v in row) for index, row in enumerate(values)))


def _blank(cls: type[S], game: Game, chance: Chance) -> S:
    """A state of ``cls`` with no history and no log, and chance drawn from the caller's."""
    s = cls()
    s.game, s.seed, s.history = game, 0, []
    s.log, s._legal = None, None  # type: ignore[attr-defined]
    s.chance = Chance(chance.next64())  # type: ignore[attr-defined]
    return s


def _indices(cards: list[Any]) -> list[int]:
    """Card numbers, or card JSON objects, to card indices."""
    return [BY_NUMBER[c["number"] if isinstance(c, dict) else c] for c in cards]


def _destiny(drawn: list[str], chance: Chance) -> tuple[list[int], list[int]]:
    drawn_niches = [NICHES.index(n) for n in drawn]
    pool = [n for n in range(3) for _ in range(COMPONENTS.destiny[n])]
    for niche in drawn_niches:
        pool.remove(niche)
    chance.shuffle(pool)
    return pool, drawn_niches


def sample_solitaire(game: QuirksSolitaire, view: View, chance: Chance) -> SolitaireState:
    from quarkade.games.quirks.solitaire import SolitaireState, Stage

    data = view  # read key by key: the log is never made
    s = _blank(SolitaireState, game, chance)
    s.quirks = [tuple(_indices(q["cards"])) for q in data["quirks"]]
    climate = data["climate"]["space"] // COMPONENTS.zones_per_climate
    s.table = sample_table(view, chance, [(climate, list(s.quirks[NICHES.index(c["niche"])]), c["cards"])
                                          for c in data["counted"]])
    s.hand = _indices(data["hand"]) if "hand" in data else []
    s.extinct = [tuple(_indices(branch)) for branch in data["extinct"]]
    s.climate = data["climate"]["space"]
    s.destiny_pool, s.destiny_drawn = _destiny(data["destiny"]["drawn"], chance)
    s.niche = NICHES.index(data["niche"]) if data["niche"] else -1
    s.stage = Stage[data["stage"].upper().replace("-", "_")]
    s.resume = Stage[data["resume"].upper().replace("-", "_")] if data["resume"] else Stage.START
    s.actions = data["actions"]
    s.counted = tuple((c["niche"], c["cards"], c["food_chain"]) for c in data["counted"])
    s.won = bool(data["won"])
    s.lost_why = data["result"] or ""
    known = {c for q in s.quirks for c in q} | set(s.hand) | {c for b in s.extinct for c in b}
    s.stacks = []
    hidden_hand = "hand" not in data  # a spectator: the hand is dealt from the unseen cards
    for index, name in enumerate(STACKS):
        discards = _indices(data["stacks"][name]["discarded"])
        unknown = [c.index for c in CARDS if c.stack == index and c.index not in known and c.index not in discards]
        chance.shuffle(unknown)
        if hidden_hand:
            for _ in range(HAND_TARGET[index]):
                s.hand.append(unknown.pop())
        s.stacks.append(Deck(unknown, discards))
    s._to_act = tuple(data["to_act"])
    return s


def sample_quirkling(game: Quirkling, view: View, chance: Chance) -> QuirklingState:
    from quarkade.games.quirks.quirkling import QuirklingState, Stage

    data = view  # read key by key: the log is never made
    seat = view.seat
    n = game.players
    s = _blank(QuirklingState, game, chance)
    s.table = sample_table(view, chance)
    s.players = n
    s.climate = data["climate"]["space"]
    s.current, s.turns = data["current"], data["turns"]
    s.stage = Stage[data["stage"].upper().replace("-", "_")]
    s.result = tuple(data["winners"]) if data["is_over"] else None
    s.refilling = data["refilling"]
    players = data["players"]
    s.refused = [p["refused"] for p in players]
    asked = data["asked"]
    s.asked = (-1, -1) if asked is None else (-1 if asked["seat"] is None else asked["seat"],
                                              STACKS.index(asked["stack"]))
    s.made = [[tuple(_indices(q["cards"])) for q in p["quirklings"]] for p in players]
    s.discards = _indices(data["discard_pile"])
    known_hands: dict[int, list[int]] = {}
    if seat is not None and "hand" in data:
        known_hands[seat] = _indices(data["hand"])
    for p in players:
        if "hand" in p:
            known_hands[p["seat"]] = _indices(p["hand"])
    known = set(s.discards) | {c for m in s.made for q in m for c in q}
    known |= {c for hand in known_hands.values() for c in hand}
    unknown = [c.index for c in CARDS if c.index not in known]
    hidden = [p["seat"] for p in players if p["seat"] not in known_hands]
    chance.shuffle(unknown)
    hands = dict(known_hands)
    rest = unknown
    # What the view implies about hidden hands is dealt first: the player about to make a
    # QUIRKLING holds one.
    needs: dict[int, list[int]] = {}
    if s.stage is Stage.MAKE and s.current in hidden:
        climate = s.climate // COMPONENTS.zones_per_climate
        needs[s.current] = trio = _quirkling_trio(rest, climate, s.table, chance)
        if not trio:
            # No unseen cards make one with the codes drawn: three of them bear the code after all.
            needs[s.current] = trio = _quirkling_trio(rest, climate, None, chance)
            s.table = _coded(s.table, trio, climate, chance)
    for cards in needs.values():
        rest = [c for c in rest if c not in cards]
    for holder in hidden:
        size = players[holder]["hand_size"] - len(needs.get(holder, []))
        hands[holder], rest = needs.get(holder, []) + rest[:size], rest[size:]
    s.hands = [hands[p] for p in range(n)]
    s.stack = rest
    s._to_act = tuple(data["to_act"])
    return s


def _quirkling_trio(cards: list[int], climate: int, table: AdaptationTable | None, chance: Chance) -> list[int]:
    """Three of ``cards`` that make a QUIRKLING in ``climate`` (a random kind that can); with
    no table, three of the stacks of a QUIRKLING whatever their codes."""
    coded = [c for c in cards if table is None or table.codes[c][climate]]
    options = []
    for stacks in NICHE_STACKS:
        parts = [[c for c in coded if CARDS[c].stack == stack] for stack in stacks]
        if all(parts):
            options.append([part[chance.below(len(part))] for part in parts])
    return options[chance.below(len(options))] if options else []


def _coded(table: AdaptationTable, cards: list[int], climate: int, chance: Chance) -> AdaptationTable:
    """``table`` with ``cards`` bearing ``climate``'s code (values drawn again to fit)."""
    values, codes = list(table.values), list(table.codes)
    for card in cards:
        number = CARDS[card].number
        fits = _FITTING[int(number[1:]) % 2, True]
        row = list(values[card])
        row[climate] = fits[chance.below(len(fits))]
        values[card] = tuple(row)
        codes[card] = tuple(is_printed(number, v) for v in row)
    return AdaptationTable(tuple(values), tuple(codes))


def sample_quirks(game: Quirks, view: View, chance: Chance) -> QuirksState:
    """A Quirks state consistent with ``view``. Hidden: other hands (their stacks are public),
    the order of the stacks and destiny markers, a challenger's third card, the defender's
    secret mutation and the sealed decisions of the other side."""
    from quarkade.core.flow import Sealed
    from quarkade.games.quirks.rules import QuirksState

    data = view  # read key by key: the log is never made
    seat = view.seat
    n = game.players
    s = _blank(QuirksState, game, chance)
    s._piles = None
    # Every count shown since the start: both QUiRKS were face up, so their cards are known.
    counts = [(COMPONENTS.climates.index(reveal["climate"]), _indices(reveal["quirks"][seat]), total["cards"])
              for reveal in data["reveals"] for seat, total in reveal["totals"].items() if seat not in reveal["rolled"]]
    s.table = sample_table(view, chance, counts)
    s.players = n
    players = data["players"]
    s.climate = data["climate"]["space"]
    s.stage = Stage[data["stage"].upper().replace("-", "_")]
    s.current = data["current"]
    s.niche = NICHES.index(data["niche"]) if data["niche"] else -1
    s.turns = data["turns"]
    flow = data["flow"]
    s.setup_step, s.turns_taken, s.competed = flow["setup_step"], list(flow["turns_taken"]), flow["competed"]
    s.mutation_queue = list(flow["mutation_queue"])
    s.defence = data["defence"] if data["defence"] is not None else -1
    s.defence_queue = [(a, b) for a, b in flow["defence_queue"]]
    s.reveals = tuple(data["reveals"])
    s.result = tuple(data["winners"]) if data["is_over"] else None
    s.eliminated = [p["eliminated"] for p in players]
    s.extinct = [[tuple(_indices(branch)) for branch in p["extinct"]] for p in players]
    s.destiny_pool, s.destiny_drawn = _destiny(data["destiny"]["drawn"], chance)
    if len(s.destiny_pool) != data["destiny"]["pool"]:
        s.destiny_pool = s.destiny_pool[: data["destiny"]["pool"]]
    s.slots, s.owners = [() for _ in range(6)], [-1] * 6
    for niche, entry in enumerate(data["niches"]):
        for level, name in ((UPPER, "upper"), (LOWER, "lower")):
            if entry[name] is not None:
                s.slots[slot_of(niche, level)] = tuple(_indices(entry[name]["cards"]))
                s.owners[slot_of(niche, level)] = entry[name]["owner"]
    known: set[int] = {c for cards in s.slots for c in cards}
    known |= {c for branches in s.extinct for branch in branches for c in branch}
    discards = [_indices(data["stacks"][name]["discards"]) for name in STACKS]
    known |= {c for pile in discards for c in pile}
    hands: dict[int, list[int]] = {}
    if seat is not None and "hand" in data:
        hands[seat] = _indices(data["hand"])
    for p in players:
        if "hand" in p:
            hands[p["seat"]] = _indices(p["hand"])
    known |= {c for hand in hands.values() for c in hand}
    contest_data = data.get("contest")
    shown_attacker = _indices(contest_data["attacker_cards"]) if contest_data else []
    drawn = BY_NUMBER[contest_data["drawn"]["number"]] if contest_data and "drawn" in contest_data else -1
    known |= set(shown_attacker) | ({drawn} if drawn >= 0 else set())
    unknown: list[list[int]] = [[] for _ in STACKS]
    for card in CARDS:
        if card.index not in known:
            unknown[card.stack].append(card.index)
    for cards in unknown:
        chance.shuffle(cards)

    def take(stack: int) -> int:
        return unknown[stack].pop() if unknown[stack] else -1

    s.contest = None
    if contest_data is not None:
        niche = NICHES.index(contest_data["niche"])
        attacker, defender = contest_data["attacker"], contest_data["defender"]
        attacker_cards = tuple(shown_attacker)
        hidden_third = (s.stage is Stage.UPPER_SEALED and contest_data["kind"] == "upper"
                        and len(attacker_cards) == 2)
        if hidden_third:
            rows = {CARDS[c].row for c in attacker_cards}
            row = next(r for r in "ABC" if r not in rows)
            attacker_cards = (*attacker_cards, take(stack_for(niche, row)))
        if s.stage is Stage.UPPER_COMPLETE and drawn < 0:
            rows = {CARDS[c].row for c in attacker_cards}
            row = next(r for r in "ABC" if r not in rows)
            drawn = take(stack_for(niche, row))
        upper = slot_of(niche, UPPER)
        hiding = contest_data["kind"] == "upper" and s.stage in (Stage.UPPER_COMPLETE, Stage.UPPER_SEALED)
        # What the others see: the challenger's two lower cards, the defender's QUiRKS before it mutated.
        public_attacker = s.slots[slot_of(niche, LOWER)] if hiding else tuple(shown_attacker)
        public_defender = s.slots[upper]
        if "shown_to_others" in contest_data:
            public_defender = tuple(_indices(contest_data["shown_to_others"]))
        contest = Contest(contest_data["kind"], niche, attacker, -1 if defender is None else defender,
                          tuple(sorted(attacker_cards, key=lambda c: CARDS[c].row)), public_attacker,
                          public_defender, drawn=drawn)
        contest.faces = {int(k): v for k, v in contest_data["faces"].items()}
        contest.demoting = -1 if contest_data["demoting"] is None else contest_data["demoting"]
        contest.asked = list(contest_data["intelligence"])
        contest.rolls = {int(k): tuple(v) if v is not None else None for k, v in contest_data["rolls"].items()}
        contest.in_defence = contest_data["in_defence"]
        if "mutated" in contest_data:
            contest.defender_mutated = contest_data["mutated"]
        if contest_data["defender_drew"] is not None:
            # The defender discarded (face up) and drew during the sealed step: the others saw
            # the card leave, not the one drawn.
            contest.defender_mutated = True
            contest.defender_drew = stack = STACKS.index(contest_data["defender_drew"])
            if hiding and seat != contest.defender:
                old = next(c for c in s.slots[upper] if CARDS[c].stack == stack)
                s.slots[upper] = tuple(take(stack) if c == old else c for c in s.slots[upper])
        if "ready" in contest_data:
            contest.sealed = Sealed([attacker, contest.defender])
            for who, ready in contest_data["ready"].items():
                if ready:
                    mine = contest_data.get("my_choice") if int(who) == seat else None
                    contest.sealed.add(int(who), mine or ("face-up" if chance.below(2) else "face-down"))
                    contest.sealed.declare_ready(int(who))
        s.contest = contest
    s.hands = []
    for p in players:
        if p["seat"] in hands:
            s.hands.append(hands[p["seat"]])
            continue
        hand: list[int] = []
        for name, count in p["hand_stacks"].items():
            hand.extend(take(STACKS.index(name)) for _ in range(count))
        s.hands.append(hand)
    s.stacks = [Deck(unknown[i], discards[i]) for i in range(len(STACKS))]
    s._to_act = tuple(data["to_act"])
    return s
