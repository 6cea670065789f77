"""Determinization: a full Quirky Circuits state consistent with one seat's view.

The board, the robot, the battery, the flow and every face-up card are copied from the
view. What it hides is dealt at random with the caller's generator from the cards
unaccounted for: each face-down queue card gets a card with the same back (move or turn);
each layer of the deck that holds a revealed queue's cards gets cards from that queue; the
other hands get as many cards of each back as the table sees them hold, the rest forms the
deck, and its top card shows the back the view shows. A deal that breaks what the table can
deduce (a layer's cards, a hand's or the deck top's backs, or the Quirk rule: a player who
played a blue card this round played no Quirk card after it and holds none) is dealt again,
a few times at most.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from quarkade.core.chance import Chance
from quarkade.core.game import View
from quarkade.games.quirky_circuits.components import CARD_BY_ID, COMPONENTS, Direction, Token, card_back, is_quirk
from quarkade.games.quirky_circuits.rules import QuirkyCircuits, QuirkyCircuitsState
from quarkade.games.quirky_circuits.views import hand_backs

ATTEMPTS: Final = 30


def sample_state(game: QuirkyCircuits, view: View, chance: Chance) -> QuirkyCircuitsState:
    data = view  # read key by key: the log, which a sample does not need, is never made
    n = game.players
    scenario = COMPONENTS.scenario(data["scenario"]["id"])
    s = QuirkyCircuitsState()
    s.game, s.seed, s.history, s.log, s._legal = game, 0, [], None, None
    s.chance = Chance(chance.next64())
    s.players, s.scenario = n, scenario
    s.practice, s.pacing = data["practice"], data["pacing"]
    s.round, s.battery = data["round"], data["battery"]["level"]
    s.space, s.facing = tuple(data["robot"]["space"]), Direction[data["robot"]["facing"].upper()]
    s.tokens = tuple(Token(t["token"], tuple(t["space"]), t["raised"]) for t in data["tokens"])
    s.execution = tuple(data["execution"])
    s.result = data["result"]["outcome"]
    s.won_at = s.battery if s.result == "won" else 0
    players = data["players"]
    s.played = [p["played"] for p in players]
    s.done = [p["done"] for p in players]
    s.stopped = [p["stopped"] for p in players]
    s.beeped = [p["beeped"] for p in players]
    turn = data["turn"]
    s.turn, s.passes, s.turn_played = (turn["seat"], turn["passes"], turn["played"]) if turn else (0, 0, 0)
    s.layers = tuple(
        (layer["cards"], tuple(CARD_BY_ID[c] for c in layer["from"]) if layer["from"] else ())
        for layer in data["deck"]["layers"]
    )

    # The cards the view names are accounted for; the rest are dealt where the view is blind.
    unknown = list(scenario.deck)
    known_hands: dict[int, list[int]] = {}
    if view.seat is not None and "hand" in data:
        known_hands[view.seat] = [CARD_BY_ID[c] for c in data["hand"]]
    for p in players:
        if "hand" in p:
            known_hands[p["seat"]] = [CARD_BY_ID[c] for c in p["hand"]]
    for hand in known_hands.values():
        for card in hand:
            unknown.remove(card)
    queue: list[tuple[int, int]] = []
    for entry in data["queue"]:
        card = CARD_BY_ID[entry["card"]] if entry["card"] is not None else -1
        if card >= 0:
            unknown.remove(card)
        queue.append((entry["seat"], card))
    backs = [entry["back"] for entry in data["queue"]]
    held = {p["seat"]: (p["backs"]["move"], p["backs"]["turn"]) for p in players if p["seat"] not in known_hands}
    top = data["deck"]["top"]
    for _ in range(ATTEMPTS):
        deal, sound = _deal(unknown, queue, backs, held, top, s.layers, chance)
        if sound and _quirks_in_order(deal[0], deal[1]):
            break
    s.queue, hidden, s.deck = deal
    s.hands = [sorted(known_hands[seat] if seat in known_hands else hidden[seat]) for seat in range(n)]
    s._to_act = tuple(data["to_act"])
    return s


Deal = tuple[list[tuple[int, int]], dict[int, list[int]], list[int]]


def _deal(unknown: list[int], queue: list[tuple[int, int]], backs: list[str], held: dict[int, tuple[int, int]],
          top: str | None, layers: tuple[tuple[int, tuple[int, ...]], ...], chance: Chance) -> tuple[Deal, bool]:
    """One deal of the unknown cards: (queue, hidden hands, deck), and whether every face-down
    queue card, every layer of the deck, every hidden hand and the deck's top got what the table
    knows of them: their backs, a layer's cards from its own queue.

    In order, the most constrained first: each layer's cards from its queue (``_layers_from_queues``);
    the face-down queue cards by their backs; the hands by their backs; the rest of the deck from
    what is left, a card of the top's back on top; then a hand short of a back is mended by swaps."""
    cards = unknown[:]
    chance.shuffle(cards)
    sound = True
    # What the face-down queue cards and the hidden hands need of each back.
    need = Counter(backs[index] for index, (_, card) in enumerate(queue) if card < 0)
    need.update({"move": sum(moves for moves, _ in held.values()), "turn": sum(turns for _, turns in held.values())})
    parts = _layers_from_queues(cards, layers, need, top)
    filled = queue[:]
    for index, (seat, card) in enumerate(filled):
        if card < 0:
            fitting = next((i for i, c in enumerate(cards) if card_back(c) == backs[index]), None)
            if fitting is None:  # none of its back left (a layer took them): any card, unsound
                sound, fitting = False, 0
            filled[index] = (seat, cards.pop(fitting))
    hands = {seat: _take_backs(cards, moves, turns) for seat, (moves, turns) in held.items()}
    for layer, (part, (count, _)) in enumerate(zip(parts, layers, strict=True)):
        missing = count - len(part)
        if layer == 0 and top is not None and missing and all(card_back(c) != top for c in part):
            on_top = next((i for i, c in enumerate(cards) if card_back(c) == top), None)
            if on_top is not None:
                part.append(cards.pop(on_top))
                missing -= 1
        part.extend(cards[:missing])
        del cards[:missing]
    # The top of the deck is the end of its first layer: a card of that layer with the back seen
    # on top goes there (the layer's cards are alike to the table but for their backs).
    if top is not None and parts and parts[0] and card_back(parts[0][-1]) != top:
        first = parts[0]
        swap = next((i for i, c in enumerate(first) if card_back(c) == top), None)
        if swap is not None:
            first[swap], first[-1] = first[-1], first[swap]
    for seat, backs_held in held.items():
        _mend_hand(seat, backs_held, hands, held, parts, layers, top is not None)
    sound = sound and _fits(hands, held, parts, layers, top)  # the queue's backs are checked above
    deck = [card for part in reversed(parts) for card in part]  # the top of the deck is its end
    return (filled, hands, deck), sound


def _layers_from_queues(cards: list[int], layers: tuple[tuple[int, tuple[int, ...]], ...], need: Counter[str],
                        top: str | None) -> list[list[int]]:
    """Each layer of the deck that holds a revealed queue's cards, dealt from ``cards`` (taken
    out of it): the layer with the fewest cards to spare among those its queue allows first (one
    that must hold every card of its queue left takes them before another does), each card of
    the back the others (``need``) can best spare, the top layer's first of the back ``top``."""
    left = Counter(card_back(c) for c in cards)
    held_kinds = Counter(cards)

    def slack(layer: int) -> int:
        count, pool = layers[layer]
        wanted = Counter(pool)
        return sum(min(found, wanted[kind]) for kind, found in held_kinds.items()) - count

    parts: list[list[int]] = [[] for _ in layers]
    for layer in sorted((layer for layer, (_, pool) in enumerate(layers) if pool), key=slack):
        count, pool = layers[layer]
        part = parts[layer]
        wanted = Counter(pool)
        while len(part) < count:
            fits = [i for i, c in enumerate(cards) if wanted[c] > 0]
            if not fits:
                break
            if layer == 0 and top is not None and not part:
                fits = [i for i in fits if card_back(cards[i]) == top] or fits
            # the back the others can best spare; the cards are shuffled, so the first of it
            pick = max(fits, key=lambda i: left[card_back(cards[i])] - need[card_back(cards[i])])
            card = cards.pop(pick)
            wanted[card] -= 1
            left[card_back(card)] -= 1
            part.append(card)
    return parts


def _take_backs(cards: list[int], moves: int, turns: int) -> list[int]:
    """A hand of ``moves`` cards of the move back and ``turns`` of the turn back, taken out of
    ``cards``; short of a back, any cards make up its size (``_mend_hand`` swaps them after)."""
    hand: list[int] = []
    for back, count in (("move", moves), ("turn", turns)):
        taken = [i for i, c in enumerate(cards) if card_back(c) == back][:count]
        hand += [cards[i] for i in taken]
        for i in reversed(taken):
            del cards[i]
    missing = moves + turns - len(hand)
    hand += cards[:missing]
    del cards[:missing]
    return hand


def _mend_hand(seat: int, wanted: tuple[int, int], hands: dict[int, list[int]], held: dict[int, tuple[int, int]],
               parts: list[list[int]], layers: tuple[tuple[int, tuple[int, ...]], ...], keep_top: bool) -> None:
    """Swap cards of ``seat``'s hand, one at a time, with the deck's layers (a card a layer's
    queue allows there) or another hidden hand (one short of the other back), until the hand
    shows the backs the table sees, or no swap is left."""
    hand = hands[seat]
    while hand_backs(hand) != wanted:
        short, spare = ("move", "turn") if hand_backs(hand)[0] < wanted[0] else ("turn", "move")
        if not _swap_in(hand, short, spare, seat, hands, held, parts, layers, keep_top):
            return


def _swap_in(hand: list[int], short: str, spare: str, seat: int, hands: dict[int, list[int]],
             held: dict[int, tuple[int, int]], parts: list[list[int]],
             layers: tuple[tuple[int, tuple[int, ...]], ...], keep_top: bool) -> bool:
    """One swap of a card of ``hand`` of the back ``spare`` for one of the back ``short``."""
    give = next(i for i, card in enumerate(hand) if card_back(card) == spare)
    for other, cards in hands.items():  # a hand short of the other back
        if other != seat and hand_backs(cards)[0 if spare == "move" else 1] < held[other][0 if spare == "move" else 1]:
            take = next((i for i, card in enumerate(cards) if card_back(card) == short), None)
            if take is not None:
                hand[give], cards[take] = cards[take], hand[give]
                return True
    for layer, part in enumerate(parts):
        pool = Counter(layers[layer][1])
        for take, card in enumerate(part):
            if card_back(card) != short or (keep_top and layer == 0 and take == len(part) - 1):
                continue
            if pool:  # the card the hand gives must be one its queue allows there
                after = Counter(part)
                after[card] -= 1
                after[hand[give]] += 1
                if after[hand[give]] > pool[hand[give]]:
                    continue
            hand[give], part[take] = card, hand[give]
            return True
    return False


def _fits(hands: dict[int, list[int]], held: dict[int, tuple[int, int]], parts: list[list[int]],
          layers: tuple[tuple[int, tuple[int, ...]], ...], top: str | None) -> bool:
    """Whether the hidden hands show their backs, each layer holds its count of cards its queue
    allows, and the deck's top shows its back."""
    if any(hand_backs(hands[seat]) != backs for seat, backs in held.items()):
        return False
    for part, (count, pool) in zip(parts, layers, strict=True):
        if len(part) != count or (pool and Counter(part) - Counter(pool)):
            return False
    first = next((part for part in parts if part), None)
    return top is None or first is None or card_back(first[-1]) == top


def _quirks_in_order(queue: list[tuple[int, int]], hands: dict[int, list[int]]) -> bool:
    """Quirk cards come before a player's other cards this round, and a player who played a
    blue card holds no Quirk card."""
    blue_played: set[int] = set()
    for seat, card in queue:
        if is_quirk(card):
            if seat in blue_played:
                return False
        else:
            blue_played.add(seat)
    return not any(seat in blue_played and any(map(is_quirk, hand)) for seat, hand in hands.items())
