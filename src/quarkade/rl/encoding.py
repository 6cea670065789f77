"""Fixed-size encodings shared by the research environments: action ids and observations.

Action ids. Quarkade's games have no declared action space (a Cosmic Encounter turn may offer
hundreds of actions whose notation depends on the cards in hand), so enumerating one per game is
not feasible. An ``ActionTable`` is built generically instead: a vocabulary of every notation met
in a few seeded random playouts (sorted, so the same game, options and playouts always give the
same ids), followed by ``overflow`` spare slots. A legal action whose notation is in the
vocabulary always has the same id; one outside it takes the next spare slot, in notation order,
for that decision only. Masks are therefore exact (one id, one action, never a collision) and no
game has to be changed. How many legal actions fall outside the vocabulary depends on the game
(few where actions name few things, many where they name combinations of cards): ``id_stability``
measures it on unseen games, and more playouts widen the vocabulary.

Observations. ``ViewEncoder`` gives a fixed-size vector: first the seat observing, one-hot over
the game's seats (two seats of a symmetric game may see the same view, and a policy shared by the
seats must still know which one it plays), then the leaves of the seat's view JSON hashed into
the remaining entries (the hashing trick, lossy: two leaves may share an entry): a number adds
its signed log to the entry of its path, any other leaf adds 1 to the entry of ``path=value``; a
list element counts both under its index and under ``*``, so a hand reads both as a sequence and
as a bag. The view's log is left out: it is the game's story in sentences, growing without
bound, and what the seat knows now is in the rest of the view. Only ``state.view(seat)`` is
read, never the state, so a learner sees exactly what a player at that seat sees.
"""

from __future__ import annotations

import functools
import math
import zlib
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from quarkade.core.chance import Chance
from quarkade.core.errors import InvalidOptions
from quarkade.core.game import Action, Game, State, View

VOCABULARY_PLAYOUTS = 8  # seeded random games read to build a table's vocabulary
PLAYOUT_STEP_LIMIT = 5_000  # a safety cut for a playout that would run on
OBSERVATION_SIZE = 512
OBSERVATION_BOUND = 1_000.0  # observations are clipped to [-bound, bound]

_TABLES: dict[tuple[str, int, str], ActionTable] = {}


class ActionTable:
    """Action ids ``0 .. size-1`` for one game configuration (see the module's docstring)."""

    def __init__(self, vocabulary: list[str], overflow: int) -> None:
        self.vocabulary = vocabulary
        self.ids = {text: index for index, text in enumerate(vocabulary)}
        self.overflow = overflow
        self.size = len(vocabulary) + overflow

    def legal(self, state: State, seat: int) -> dict[int, Action]:
        """The id of each legal action of ``seat`` (actions past the spare slots get none)."""
        return self.ids_of(state.legal_actions(seat))

    def ids_of(self, legal: list[Action]) -> dict[int, Action]:
        """The id of each of one decision's legal actions, as ``legal`` gives them (for a bot,
        which has the list and not the state)."""
        by_id: dict[int, Action] = {}
        spare: list[tuple[str, Action]] = []
        for action in legal:
            text = str(action)
            index = self.ids.get(text)
            if index is None:
                spare.append((text, action))
            else:
                by_id[index] = action
        spare.sort(key=lambda pair: pair[0])
        for slot, (_, action) in enumerate(spare[: self.overflow]):
            by_id[len(self.vocabulary) + slot] = action
        return by_id

    def mask(self, legal: dict[int, Action]) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.size, dtype=np.int8)
        mask[list(legal)] = 1
        return mask

    def why_illegal(self, action_id: object, legal: Collection[int], who: str) -> str | None:
        """None if ``action_id`` is one of ``legal`` (the ids of ``who``'s decision now), else why not.

        >>> table = ActionTable(["pass", "play"], overflow=1)
        >>> table.why_illegal(7, {0}, "seat 0")
        'action id 7 is not an id of this game (its ids are 0 to 2)'
        >>> table.why_illegal(1, {0}, "seat 0")
        "action id 1 ('play') is not legal for seat 0 now (1 legal id: 0)"
        >>> table.why_illegal(0, {0}, "seat 0") is None
        True
        """
        if isinstance(action_id, (bool, np.bool_)) or not isinstance(action_id, (int, np.integer)):
            return f"an action id is an integer, not {action_id!r}"
        index = int(action_id)
        if index in legal:
            return None
        if not 0 <= index < self.size:
            return f"action id {index} is not an id of this game (its ids are 0 to {self.size - 1})"
        named = f"({self.vocabulary[index]!r})" if index < len(self.vocabulary) else "(a spare slot)"
        shown = ", ".join(map(str, sorted(legal)[:8])) + (", …" if len(legal) > 8 else "")
        offered = f"{len(legal)} legal id{'s' * (len(legal) != 1)}: {shown}" if legal else "no legal id"
        return f"action id {index} {named} is not legal for {who} now ({offered})"


def _random_decisions(game: Game, seed: int) -> Iterator[list[Action]]:
    """The legal actions of each decision of one seeded random playout."""
    state = game.new_game(seed)
    chance = Chance(seed ^ 0xAC7_1D5)
    for _ in range(PLAYOUT_STEP_LIMIT):
        if state.is_over:
            return
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        yield actions
        state.apply_unchecked(seat, actions[chance.below(len(actions))])


def action_table(game: Game, playouts: int = VOCABULARY_PLAYOUTS) -> ActionTable:
    """The table of ``game`` (cached per game, players, options and playouts: building it plays
    ``playouts`` games, seeds ``0 .. playouts-1``)."""
    if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
        raise InvalidOptions(f"the vocabulary's playouts are a whole number from 1, not {playouts!r}")
    key = (game.id, game.players, repr(sorted(game.options.items())) + f"/{playouts}")
    table = _TABLES.get(key)
    if table is None:
        seen: set[str] = set()
        most = 1
        for seed in range(playouts):
            for actions in _random_decisions(game, seed):
                most = max(most, len(actions))
                seen.update(str(action) for action in actions)
        # Spare slots for as many actions as one decision offered in the playouts, and at least
        # 32, so that a decision never met before still has room for all its actions.
        table = _TABLES[key] = ActionTable(sorted(seen), max(32, most))
    return table


@dataclass(frozen=True)
class IdStability:
    """How a table's vocabulary covers games it was not built from (``id_stability``)."""

    decisions: int
    legal_actions: int
    outside: int  # legal actions outside the vocabulary: in a spare slot, named for that decision only
    decisions_outside: int  # decisions offering at least one of them
    unreachable: int  # legal actions past the spare slots, which get no id at all

    @property
    def outside_share(self) -> float:
        return self.outside / self.legal_actions if self.legal_actions else 0.0

    @property
    def decisions_outside_share(self) -> float:
        return self.decisions_outside / self.decisions if self.decisions else 0.0


def id_stability(game: Game, table: ActionTable, games: int = 20, first_seed: int = 1_000_000) -> IdStability:
    """Random play over ``games`` seeded games (seeds from ``first_seed``, far from the vocabulary's
    own): how many legal actions have a stable id and how many only a spare slot.

    >>> import quarkade
    >>> game = quarkade.load("qwarks", players=2)
    >>> id_stability(game, action_table(game), games=2).outside
    0
    """
    decisions = legal_actions = outside = decisions_outside = unreachable = 0
    for seed in range(first_seed, first_seed + games):
        for actions in _random_decisions(game, seed):
            unknown = sum(str(action) not in table.ids for action in actions)
            decisions += 1
            legal_actions += len(actions)
            outside += unknown
            decisions_outside += unknown > 0
            unreachable += max(0, unknown - table.overflow)
    return IdStability(decisions, legal_actions, outside, decisions_outside, unreachable)


def _leaves(value: Any, path: str, bag: bool = False) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, f"{path}/{key}", bag)
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            if not bag:
                yield from _leaves(item, f"{path}/{index}")
            # Inside a bag, nested lists are bags too: counting every index path twice at each
            # level would double the leaves at each depth.
            yield from _leaves(item, f"{path}/*", True)
    else:
        yield path, value


@functools.lru_cache(maxsize=1 << 16)
def _slot(text: str, size: int) -> int:
    # crc32, not hash(): Python salts string hashes per process, and encodings must be stable.
    return zlib.crc32(text.encode()) % size


class ViewEncoder:
    """A seat's view as a float32 vector of ``size`` entries: entries ``0 .. players-1`` are the
    one-hot of the seat observing (all zero for a spectator), the other ``size - players`` the
    hashed view (see the module's docstring).

    >>> import quarkade
    >>> view = quarkade.load("qwarks", players=2).new_game(1).view(1)
    >>> encoded = ViewEncoder(players=2).encode(view)
    >>> encoded.shape, encoded[:2].tolist()
    ((512,), [0.0, 1.0])
    """

    def __init__(self, players: int, size: int = OBSERVATION_SIZE) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or size <= players:
            raise InvalidOptions(f"the observation size is a whole number above the {players} seats' "
                                 f"entries, not {size!r}")
        self.players = players
        self.size = size

    def encode(self, view: View) -> npt.NDArray[np.float32]:
        vector = np.zeros(self.size, dtype=np.float64)
        if view.seat is not None:
            vector[view.seat] = 1.0
        hashed, slots = vector[self.players:], self.size - self.players
        for path, value in _leaves({key: view[key] for key in view if key != "log"}, ""):
            if isinstance(value, bool) or value is None or isinstance(value, str):
                hashed[_slot(f"{path}={value}", slots)] += 1.0
            elif isinstance(value, (int, float)):
                hashed[_slot(path, slots)] += math.copysign(math.log1p(abs(value)), value)
            else:
                hashed[_slot(f"{path}={value!r}", slots)] += 1.0
        np.clip(vector, -OBSERVATION_BOUND, OBSERVATION_BOUND, out=vector)
        return vector.astype(np.float32)


def outcome(state: State) -> list[float]:
    """Each seat's reward at the end: its share of the win (1 alone, 1/k in a k-way win), else 0;
    in a cooperative game, where the table wins or loses together, 1 to every seat of a table
    that won (a team's win, whatever its size)."""
    winners = state.winners
    if state.game.info.cooperative:
        return [1.0 if seat in winners else 0.0 for seat in range(state.game.players)]
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.game.players)]
