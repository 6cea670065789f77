"""What each seat of Quirks may know.

Everyone sees the QUiRKS on the table (card numbers, traits, names), the face-up discard
piles, the destiny markers drawn, the climate, and what counted competitions revealed (their
totals). A seat sees its own hand and the climate codes of its own cards; the identification
markers hide the codes of other players' QUiRKS. No one ever sees an adaptation value.
During a competition for an upper niche both QUiRKS are back in their owners' hands: the
challenger's third card and a defender's exchange with its hand stay hidden until the reveal;
a defender's discard is seen (face up on its pile) and so is its draw, not the card drawn.

A log line tells each seat only what it may know: the whole event to the seat it concerns,
to the others what they see at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

from quarkade.core.game import BoundParts, View
from quarkade.core.log import Log, read
from quarkade.core.memo import Memo
from quarkade.core.words import joined
from quarkade.games.quirks.board import (
    LOWER,
    UPPER,
    UPPER_COMPLETE,
    UPPER_SEALED,
    Contest,
    Stage,
    slot_of,
)
from quarkade.games.quirks.components import COMPONENTS, NICHES, PRINTED, STACKS, AdaptationTable

if TYPE_CHECKING:
    from quarkade.games.quirks.rules import QuirksState

CARDS: Final = COMPONENTS.cards
NUMBERS: Final = tuple(card.number for card in CARDS)
LOG_LENGTH: Final = 60
LEVELS: Final = ("upper", "lower")


def _face_up(index: int) -> dict[str, Any]:
    card = CARDS[index]
    return {"number": card.number, "trait": card.trait, "syllable": card.syllable, "part": card.part,
            "stack": STACKS[card.stack]}


# Every view shows many cards (the discard piles whole): each card's parts are made once, and
# the printed codes too, since nearly every state holds the printed table.
_FACE_UP: Final = tuple(_face_up(index) for index in range(len(CARDS)))
_PRINTED_CODES: Final = tuple({**_FACE_UP[index], "codes": PRINTED.code_text(index)} for index in range(len(CARDS)))


def cards_json(cards: Iterable[int], codes: AdaptationTable | None) -> list[dict[str, Any]]:
    """``card_json`` of each card."""
    if codes is None:
        return [_FACE_UP[c].copy() for c in cards]
    if codes is PRINTED:
        return [_PRINTED_CODES[c].copy() for c in cards]
    return [{**_FACE_UP[c], "codes": codes.code_text(c)} for c in cards]


def card_json(index: int, codes: AdaptationTable | None) -> dict[str, Any]:
    """A card as a seat sees it: what is printed face up, and the climate codes read from
    ``codes`` when the seat can read them (``None`` under another player's marker)."""
    # Copies: a view is the reader's to change, and the parts made once stay as they were.
    if codes is None:
        return dict(_FACE_UP[index])
    if codes is PRINTED:
        return dict(_PRINTED_CODES[index])
    return {**_FACE_UP[index], "codes": codes.code_text(index)}


def quirks_name(cards: tuple[int, ...] | list[int]) -> str:
    return "".join(CARDS[c].syllable for c in cards).capitalize()


# The names of the QUiRKS a view shows, by their cards: a table changes little from view to view.
_CACHE_LIMIT: Final = 50_000  # entries each of this module's tables keeps
_NAMES: Final = Memo[tuple[int, ...], str](_CACHE_LIMIT)


def known_name(cards: tuple[int, ...]) -> str:
    """``quirks_name``, remembered in _NAMES."""
    name = _NAMES.get(cards)
    if name is None:
        name = _NAMES.keep(cards, quirks_name(cards))
    return name


def number(card: int) -> str:
    return CARDS[card].number if card >= 0 else "none"


# Each card as a log line names it: its printed number and its trait ("A5 Cactus flower").
_NAMED: Final = tuple(f"{card.number} {card.trait}" for card in CARDS)


def named(card: int) -> str:
    """A card as the log lines name it, number and trait, as its face shows them.

    >>> named(0)
    'A1 Kelp fronds'
    """
    return _NAMED[card] if card >= 0 else "none"


def named_list(cards: Iterable[int]) -> str:
    """Cards named as ``named`` does, joined: ``A5 Cactus flower, B1 Thorny stem and C3 Taproot``."""
    return joined([_NAMED[c] for c in cards])


def describe(event: tuple[Any, ...], viewer: int | None, reveal_all: bool) -> dict[str, Any] | None:
    kind, private_to = event[0], event[1]
    mine = reveal_all or (viewer is not None and viewer == private_to)
    if kind == "setup":
        return {"event": kind, "text": f"The niches are set; seat {event[2]} plays first."}
    if kind == "destiny":
        return {"event": kind, "seat": event[2], "niche": NICHES[event[3]],
                "text": f"Seat {event[2]} draws the {NICHES[event[3]].upper()} destiny marker."}
    if kind == "niche":
        return {"event": kind, "seat": event[2], "niche": NICHES[event[3]],
                "text": f"Seat {event[2]} plays in the {NICHES[event[3]]} niche."}
    if kind == "climate":
        climate = COMPONENTS.climates[event[4] // COMPONENTS.zones_per_climate]
        return {"event": kind, "seat": event[2], "steps": event[3], "space": event[4],
                "text": f"Seat {event[2]} moves the climate marker {event[3]}: {climate.upper()}."}
    if kind == "renewed":
        stack, count = STACKS[event[2]], event[3]
        return {"event": kind, "stack": stack, "cards": count,
                "text": f"The {stack.upper()} stack is exhausted: its {count} discarded "
                        f"{'cards are' if count != 1 else 'card is'} shuffled face down as a new stack."}
    if kind == "random-mutation":
        return {"event": kind, "text": "The marker crossed an X: everyone mutates one card."}
    if kind == "replace":
        # The card discarded lies face up; its replacement is seen if it goes into a QUiRKS on
        # the table, not if it goes into the hand.
        seat, old, new, from_hand = event[2:6]
        shown = mine or not from_hand
        replacement = named(new) if shown else f"a card from the {STACKS[CARDS[old].stack].upper()} stack"
        out = {"event": kind, "seat": seat, "old": number(old),
               "text": f"Seat {seat} replaces {named(old)} from their {'hand' if from_hand else 'QUiRKS'} "
                       f"with {replacement}."}
        if shown:
            out["new"] = number(new)
        return out
    if kind == "mutate-exchange":
        # On the table: everyone sees the card leave the QUiRKS and the one that replaces it.
        seat, niche, old, new = event[2:6]
        return {"event": kind, "seat": seat, "old": number(old), "new": number(new),
                "text": f"Seat {seat} mutates their {NICHES[niche]}: {named(old)} to the hand, "
                        f"{named(new)} from it."}
    if kind == "mutate-in-hand":
        # The defender's QUiRKS is in its hand: an exchange there is seen by no one else.
        if not mine:
            return None
        seat, niche, old, new = event[2:6]
        return {"event": kind, "seat": seat, "old": number(old), "new": number(new),
                "text": f"You mutate your {NICHES[niche]} in your hand: {named(old)} for {named(new)}."}
    if kind == "mutate-draw":
        # The discard lies face up and the draw is seen; the card drawn goes unseen into a
        # QUiRKS that is in its owner's hand during a competition for an upper niche.
        seat, niche, old, new, in_hand = event[2:7]
        stack = STACKS[CARDS[old].stack]
        shown = not in_hand or mine
        out = {"event": kind, "seat": seat, "old": number(old), "stack": stack,
               "text": f"Seat {seat} mutates their {NICHES[niche]}: discards {named(old)}, draws "
                       + (named(new) if shown else f"from the {stack.upper()} stack") + "."}
        if shown:
            out["new"] = number(new)
        return out
    if kind == "occupy":
        seat, niche, level, cards = event[2:6]
        return {"event": kind, "seat": seat, "niche": NICHES[niche], "level": LEVELS[level],
                "text": f"Seat {seat} occupies the empty {LEVELS[level]} {NICHES[niche]} niche with "
                        f"{quirks_name(cards)}."}
    if kind == "challenge-lower":
        seat, niche, cards = event[2:5]
        return {"event": kind, "seat": seat, "niche": NICHES[niche],
                "text": f"Seat {seat} challenges the lower {NICHES[niche]} niche with {named_list(cards)}."}
    if kind in ("pass", "accept", "give-up", "hold", "concede", "decline", "move-up", "no-move"):
        seat, niche = event[2], event[3] if len(event) > 3 else None
        where = NICHES[niche] if niche is not None else ""
        # what becomes of the QUiRKS, where the rules move or discard one
        words = {"pass": f"gives up the lower {where} niche: their QUiRKS is discarded and the challenger's takes it",
                 "accept": f"accepts the competition for the lower {where} niche",
                 "give-up": f"gives up the competition for the lower {where} niche: their challenging cards are "
                            "discarded",
                 "hold": "holds on: the two QUiRKS will be counted",
                 "concede": f"concedes the {where} niche: their QUiRKS is discarded (not an extinct branch)",
                 "decline": "declines to challenge",
                 "move-up": f"moves their QUiRKS up to the empty upper {where} niche",
                 "no-move": f"can do nothing in the {where} niche"}[kind]
        return {"event": kind, "seat": seat, "text": f"Seat {seat} {words}."}
    if kind == "challenge-upper":
        seat, niche, defender = event[2:5]
        whom = f" held by seat {defender}" if defender >= 0 else ""
        return {"event": kind, "seat": seat, "niche": NICHES[niche],
                "text": f"Seat {seat} competes for the upper {NICHES[niche]} niche{whom}."}
    if kind == "complete":
        seat, third, drawn = event[2:5]
        text = f"Seat {seat} completes their QUiRKS"
        if mine:
            text += f" with {named(third)} (drew {named(drawn)})"
        return {"event": kind, "seat": seat, "text": text + "."}
    if kind == "reveal":
        faces = event[4]
        cards = {event[2]: event[5], event[3]: event[6]}
        shown = "; ".join(f"seat {s} face up ({named_list(cards.get(s, ()))})" if up
                          else f"seat {s} face down" for s, up in faces.items())
        return {"event": kind, "faces": {str(s): up for s, up in faces.items()},
                "attacker_cards": [CARDS[c].number for c in event[5]],
                "defender_cards": [CARDS[c].number for c in event[6]],
                "text": f"Revealed: {shown}."}
    if kind == "demote":
        seat, niche, card = event[2:5]
        return {"event": kind, "seat": seat, "card": number(card),
                "text": f"Seat {seat} discards {named(card)} and takes the lower {NICHES[niche]} niche."}
    if kind == "count":
        reveal = event[2]
        parts = [f"seat {s}: {t['total']}" for s, t in reveal["totals"].items()]
        return {"event": kind, **reveal,
                "text": f"Counted in the {reveal['climate'].upper()}: {', '.join(parts)}; "
                        f"seat {reveal['winner']} wins."}
    if kind == "extinct":
        return {"event": kind, "seat": event[2], "extinctions": event[3],
                "text": f"Seat {event[2]}'s QUiRKS becomes an extinct branch ({event[3]} of 3)."}
    if kind == "eliminated":
        return {"event": kind, "seat": event[2], "text": f"Seat {event[2]} has three extinctions and is out."}
    if kind == "surplus":
        return {"event": kind, "seat": event[2], "card": number(event[3]),
                "text": f"Seat {event[2]} discards {named(event[3])} from their hand."}
    if kind == "defence":
        return {"event": kind, "seat": event[2],
                "text": f"Seat {event[2]} holds the three upper niches: each lower QUiRKS may try to dislodge one."}
    if kind == "resume":
        return {"event": kind, "text": "An upper niche was won back: the game goes on."}
    if kind == "over":
        winners = ", ".join(f"seat {s}" for s in event[2]) or "nobody"
        return {"event": kind, "winners": list(event[2]), "why": event[3],
                "text": f"Game over ({event[3]}): {winners} {'win' if len(event[2]) > 1 else 'wins'}."}
    return None


# Made once: a view shows them every time.
STAGE_NAMES: Final = tuple(stage.name.lower().replace("_", "-") for stage in Stage)  # by the stage's number
_X_SPACES: Final = tuple(sorted(COMPONENTS.x_spaces))
# The climate marker on each space as a view shows it, shared by every view: never change them.
_CLIMATE_JSON: Final = tuple({"space": space, "name": COMPONENTS.climates[space // COMPONENTS.zones_per_climate],
                              "zone": space % COMPONENTS.zones_per_climate + 1, "x_spaces": list(_X_SPACES)}
                             for space in range(len(COMPONENTS.climates) * COMPONENTS.zones_per_climate))
HAND_ORDER: Final = tuple((card.stack, card.index) for card in CARDS)  # a hand is shown by stack, then card
_HAND_RANK: Final = tuple(card.stack * len(CARDS) + card.index for card in CARDS)  # HAND_ORDER as ints: the same order
_STACK_OF: Final = tuple(card.stack for card in CARDS)
_UPPER_SLOTS: Final = tuple(slot_of(niche, UPPER) for niche in range(3))  # each niche's upper slot, by niche
# Each niche's name with its slots and their keys, upper first, in the order a view shows them.
_SLOT_KEYS: Final = tuple((NICHES[niche], tuple((slot_of(niche, level), LEVELS[level]) for level in (UPPER, LOWER)))
                          for niche in range(3))


# The QUiRKS on the table as views show them, made once for each table a reader sees and shared
# by every view that shows it: never change them. Between two decisions a table changes a slot
# or two, so most views find their niches here, and a reader that meets the same list as at its
# last decision knows the table did not change. Both hold only what the reader is shown (the
# cards of each slot as it sees them, their owners, whose codes it reads): nothing hidden.
_NICHES: Final = Memo[tuple[Any, ...], list[dict[str, Any]]](_CACHE_LIMIT)
DRAWN_LIMIT: Final = 256  # the niches, QUiRKS and hands kept with a drawn table
_ENTRIES: Final = Memo[tuple[tuple[int, ...], int, bool], dict[str, Any]](_CACHE_LIMIT)


def _faces(cards: Iterable[int], codes: AdaptationTable | None) -> list[dict[str, Any]]:
    """``cards_json``, with the faces made once (never to be changed) where there are: those
    under a marker and those of the printed table."""
    if codes is None:
        return [_FACE_UP[c] for c in cards]
    if codes is PRINTED:
        return [_PRINTED_CODES[c] for c in cards]
    return cards_json(cards, codes)


def _entry(cards: tuple[int, ...], owner: int, codes: AdaptationTable | None) -> dict[str, Any]:
    """A QUiRKS on the table: its owner, name and cards, with their codes read from ``codes``
    (``None`` under another player's marker). Those of the printed table are made once."""
    if codes is not None and codes is not PRINTED:
        return {"owner": owner, "name": known_name(cards), "cards": cards_json(cards, codes)}
    key = (cards, owner, codes is None)
    entry = _ENTRIES.get(key)
    if entry is None:
        entry = _ENTRIES.keep(key, {"owner": owner, "name": known_name(cards), "cards": _faces(cards, codes)})
    return entry


def _niches_json(slots: Sequence[tuple[int, ...]], owners: Sequence[int], reader: int | None,
                 table: AdaptationTable) -> list[dict[str, Any]]:
    """Each niche with its upper and lower QUiRKS as ``reader`` sees the cards ``slots`` show
    (``reader`` -1 once the game is over: every code is read)."""
    niches = []
    for niche, slot_keys in _SLOT_KEYS:
        entry: dict[str, Any] = {"niche": niche}
        for slot, level in slot_keys:
            owner = owners[slot]
            entry[level] = None if owner < 0 else \
                _entry(slots[slot], owner, table if reader == -1 or reader == owner else None)
        niches.append(entry)
    return niches


def make_view(state: QuirksState, seat: int | None) -> View:
    """The view of ``seat``. What a bot reads at every decision (the niches, a competition) is
    made at once; the rest (the hand, the players, the piles, the log...) is made when read, from
    what the parts keep of the state now (``_Parts``), so a view read later still shows the state
    it was made from."""
    over = state.is_over
    contest = state.contest
    table = state.table
    hiding = contest is not None and contest.kind == "upper" and state.stage in (UPPER_COMPLETE, UPPER_SEALED)
    slots, owners = state.slots, state.owners
    if hiding and contest is not None and owners[contest.niche * 2 + UPPER] != seat:
        # The defender's QUiRKS is in its hand: the others see what it showed on the table.
        hidden_slot = contest.niche * 2 + UPPER
        slots = [*slots[:hidden_slot], contest.public_defender, *slots[hidden_slot + 1:]]
    reader = -1 if over else seat
    if table is PRINTED:
        key = (reader, *owners, *slots)
        niches = _NICHES.get(key)
        if niches is None:
            niches = _NICHES.keep(key, _niches_json(slots, owners, reader, table))
    else:
        # A table drawn for a bot's determinization: kept with the table, which the playouts'
        # views of that determinization share (emptied when full, as the memos above).
        key = (reader, *owners, *slots)
        seen = table.seen
        niches = seen.get(key)
        if niches is None:
            if len(seen) >= DRAWN_LIMIT:
                seen.clear()
            niches = seen[key] = _niches_json(slots, owners, reader, table)
    data: dict[str, Any] = {
        "climate": _CLIMATE_JSON[state.climate],
        "stage": STAGE_NAMES[state.stage],
        "current": state.current,
        "niche": NICHES[state.niche] if state.niche >= 0 else None,
        "to_act": list(state.to_act),
        "turns": state.turns,
        "niches": niches,
        "reveals": _reveals_json(state.reveals),
        "defence": state.defence if state.defence >= 0 else None,
        "is_over": over,
        "winners": list(state.winners) if over else None,
    }
    if contest is not None:
        data["contest"] = _contest_json(state, contest, seat, hiding, over)
    # What the parts read, as it is now (the hands, the branches and the flow change in place);
    # the piles as the state last showed them (made again only after a draw or a discard).
    hands = list(map(tuple, state.hands))
    parts = _Parts(_SEAT_PARTS if seat is not None else _SPECTATOR_PARTS)
    parts.kept = _Kept(
        hands, list(map(tuple, state.extinct)), tuple(state.eliminated), tuple(owners), table, over, seat,
        state.shown_piles(), (tuple(state.destiny_drawn), len(state.destiny_pool)),
        (state.setup_step, tuple(state.turns_taken), state.competed, tuple(state.mutation_queue),
         tuple(state.defence_queue)),
        state.log, hands[seat] if seat is not None else ())
    return View(state.game.id, seat, data, parts)


class _Kept:
    """What a view's lazy parts read of the state, as it was when the view was made (one native
    object made in one call, rather than a dozen attributes set on the parts)."""

    __slots__ = ("hands", "extinct", "eliminated", "owners", "table", "over", "seat", "piles", "destiny",
                 "flow", "log", "hand")

    def __init__(self, hands: list[tuple[int, ...]], extinct: list[tuple[tuple[int, ...], ...]],
                 eliminated: tuple[bool, ...], owners: tuple[int, ...], table: AdaptationTable, over: bool,
                 seat: int | None, piles: tuple[tuple[int, ...], tuple[tuple[int, ...], ...]],
                 destiny: tuple[tuple[int, ...], int], flow: tuple[Any, ...], log: Log, hand: tuple[int, ...]) -> None:
        self.hands = hands
        self.extinct = extinct
        self.eliminated = eliminated
        self.owners = owners
        self.table = table
        self.over = over
        self.seat = seat
        self.piles = piles  # each stack's size, and its discards
        self.destiny = destiny  # the markers drawn, and how many are left in the pool
        self.flow = flow
        self.log = log
        self.hand = hand  # the seat's hand (none for a spectator)


class _Parts(BoundParts):
    """The lazy parts of one view: each key to the function that makes it from what this object
    keeps of the state as it was (bound to this object only when read). A view is made at every
    decision and a bot reads one or two of its parts: one dict copied in C and one slot set,
    rather than a partial made for every part."""

    __slots__ = ("kept",)
    kept: _Kept

    def players(self) -> list[dict[str, Any]]:
        k = self.kept
        return _players_json(k.hands, k.extinct, k.eliminated, k.owners, k.table if k.over else None)

    def stacks(self) -> dict[str, Any]:
        return _stacks_json(*self.kept.piles, self.kept.table)

    def destiny_json(self) -> dict[str, Any]:
        return _destiny_json(*self.kept.destiny)

    def flow_json(self) -> dict[str, Any]:
        return _flow_json(self.kept.flow)

    def log_json(self) -> list[dict[str, Any]]:
        k = self.kept
        return read(k.log, describe, k.seat, k.over, LOG_LENGTH)

    def hand_json(self) -> list[dict[str, Any]]:
        return hand_json(self.kept.hand, self.kept.table)


# The parts of a spectator's view, and those of a seat's (its hand too: many decisions never look at it).
_SPECTATOR_PARTS: Final[dict[str, Callable[[_Parts], Any]]] = {
    "players": _Parts.players, "stacks": _Parts.stacks, "destiny": _Parts.destiny_json,
    "flow": _Parts.flow_json, "log": _Parts.log_json,
}
_SEAT_PARTS: Final = {**_SPECTATOR_PARTS, "hand": _Parts.hand_json}


# The counts revealed so far as views show them, kept for the last state's tuple of them (a new
# tuple at each count): every view until the next count shares the list, never to be changed, and
# a reader that meets the same list knows no count was made since.
_REVEALS: Final[list[Any]] = [(), []]


def _reveals_json(reveals: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    last = _REVEALS
    if last[0] is not reveals:
        last[:] = reveals, list(reveals)
    shown: list[dict[str, Any]] = last[1]
    return shown


def _stacks_json(sizes: tuple[int, ...], discards: tuple[tuple[int, ...], ...],
                 table: AdaptationTable) -> dict[str, Any]:
    return {STACKS[i]: {"cards": size, "discards": cards_json(pile, table)}
            for i, (size, pile) in enumerate(zip(sizes, discards, strict=True))}


def _destiny_json(drawn: tuple[int, ...], pool: int) -> dict[str, Any]:
    return {"drawn": [NICHES[n] for n in drawn], "pool": pool}


def _flow_json(flow: tuple[Any, ...]) -> dict[str, Any]:
    return {"setup_step": flow[0], "turns_taken": list(flow[1]), "competed": flow[2],
            "mutation_queue": list(flow[3]), "defence_queue": [list(entry) for entry in flow[4]]}


# A hand as its holder sees it, made once for each hand (in the order the state holds it) and
# shared, never to be changed: a hand changes a card or two in a turn, and a reader that meets
# the same list as at its last decision knows the hand did not change. Only the holder's own
# cards go in and come out, as the hand part of its view.
_HANDS: Final = Memo[tuple[int, ...], list[dict[str, Any]]](_CACHE_LIMIT)


def hand_json(hand: tuple[int, ...], table: AdaptationTable) -> list[dict[str, Any]]:
    """A hand as its holder sees it, by stack then card (HAND_ORDER), the cards' codes read from
    ``table``: with the printed table, made once for each hand and shared (read-only)."""
    if table is not PRINTED:
        # A table drawn for a bot's determinization: kept with the table (see ``make_view``).
        key = ("hand", *hand)
        seen = table.seen
        found: list[dict[str, Any]] | None = seen.get(key)
        if found is None:
            if len(seen) >= DRAWN_LIMIT:
                seen.clear()
            found = seen[key] = cards_json(sorted(hand, key=_HAND_RANK.__getitem__), table)
        return found
    shown = _HANDS.get(hand)
    if shown is None:
        shown = _HANDS.keep(hand, _faces(sorted(hand, key=_HAND_RANK.__getitem__), table))
    return shown


# What everyone sees of a player, made once for each (seat, its hand's count by stack, its
# extinct branches, eliminated, its upper niches by niche) and shared, never to be changed: all
# of it public.
_PLAYERS: Final = Memo[tuple[Any, ...], dict[str, Any]](_CACHE_LIMIT)


def _players_json(hands: list[tuple[int, ...]], extinct: list[tuple[tuple[int, ...], ...]],
                  eliminated: tuple[bool, ...], owners: tuple[int, ...],
                  shown: AdaptationTable | None) -> list[dict[str, Any]]:
    """What everyone sees of each player; its hand too once the game is over (``shown``)."""
    players = []
    stack_of = _STACK_OF
    upper_1, upper_2, upper_3 = _UPPER_SLOTS
    for s, hand in enumerate(hands):
        stacks = [0] * len(STACKS)
        for card in hand:
            stacks[stack_of[card]] += 1
        key = (s, *stacks, extinct[s], eliminated[s], owners[upper_1] == s, owners[upper_2] == s,
               owners[upper_3] == s)
        player = _PLAYERS.get(key) if shown is None else None
        if player is None:
            player = _player_json(s, stacks, extinct[s], eliminated[s], owners)
            if shown is not None:
                player["hand"] = [card_json(c, shown) for c in sorted(hand)]
            else:
                _PLAYERS.keep(key, player)
        players.append(player)
    return players


def _player_json(s: int, stacks: list[int], extinct: tuple[tuple[int, ...], ...], eliminated: bool,
                 owners: tuple[int, ...]) -> dict[str, Any]:
    """What everyone sees of the player at seat ``s`` (``stacks``: its hand's count by stack)."""
    return {
        "seat": s,
        "hand_size": sum(stacks),
        # Which stacks a hand holds is public: every change to it is made in the open.
        "hand_stacks": {STACKS[i]: count for i, count in enumerate(stacks) if count},
        "extinctions": len(extinct),
        # Extinct branches lie face down, but every one of their cards was seen on the table.
        "extinct": [[NUMBERS[c] for c in branch] for branch in extinct],
        "eliminated": eliminated,
        "upper_niches": [NICHES[n] for n, slot in enumerate(_UPPER_SLOTS) if owners[slot] == s],
    }


def _contest_json(state: QuirksState, contest: Contest, seat: int | None, hiding: bool,
                  over: bool) -> dict[str, Any]:
    """A competition under way, as ``seat`` sees it (made at once: the contest changes in place)."""
    table = state.table
    attacker_cards = contest.attacker_cards if (seat == contest.attacker or not hiding) else \
        contest.public_attacker
    public: dict[str, Any] = {
        "kind": contest.kind, "niche": NICHES[contest.niche], "attacker": contest.attacker,
        "defender": contest.defender if contest.defender >= 0 else None,
        "attacker_cards": _faces(attacker_cards, table if over or seat == contest.attacker else None),
        # (no comprehension made for the maps still empty, as most are)
        "faces": {str(s): up for s, up in contest.faces.items()} if contest.faces else {},
        "demoting": contest.demoting if contest.demoting >= 0 else None,
        "intelligence": list(contest.asked),
        "rolls": {str(s): list(r) if r is not None else None for s, r in contest.rolls.items()}
        if contest.rolls else {},
        "in_defence": contest.in_defence,
        # Everyone sees the defender draw, and from which stack; not what it drew.
        "defender_drew": STACKS[contest.defender_drew] if contest.defender_drew >= 0 else None,
    }
    if contest.sealed is not None and not contest.faces:
        public["ready"] = {str(s): ready for s, ready in contest.sealed.ready.items()}
        if seat is not None and contest.sealed.choices.get(seat):
            public["my_choice"] = contest.sealed.choices[seat][-1]
    if seat is not None and seat == contest.attacker and contest.drawn >= 0 and \
            state.stage is UPPER_COMPLETE:
        public["drawn"] = card_json(contest.drawn, table)
    if seat is not None and seat == contest.defender:
        public["mutated"] = contest.defender_mutated
        if hiding:
            public["shown_to_others"] = [CARDS[c].number for c in contest.public_defender]
    return public
