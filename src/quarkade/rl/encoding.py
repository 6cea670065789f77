"""Fixed-size encodings shared by the research environments: action ids and observations.

Action ids. Quarkade's games have no declared action space (a Cosmic Encounter turn may offer
hundreds of actions whose notation depends on the cards in hand), so enumerating one per game is
not feasible. An ``ActionTable`` is built generically instead: a vocabulary of every notation met
in a few seeded random playouts (sorted, so the same game and options always give the same ids),
followed by ``overflow`` spare slots. A legal action whose notation is in the vocabulary always
has the same id; one outside it takes the next spare slot, in notation order, for that decision
only. Masks are therefore exact (one id, one action, never a collision), the ids a learner meets
most are stable, and no game has to be changed.

Observations. ``ViewEncoder`` hashes the leaves of a seat's view JSON into a fixed-size vector
(the hashing trick): a number adds its signed log to the slot of its path, any other leaf adds 1
to the slot of ``path=value``; a list element counts both under its index and under ``*``, so a
hand reads both as a sequence and as a bag. The view's log is left out: it is the game's story
in sentences, growing without bound, and what the seat knows now is in the rest of the view.
Only ``state.view(seat)`` is read, never the state, so a learner sees exactly what a player at
that seat sees.
"""

from __future__ import annotations

import functools
import math
import zlib
from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from quarkade.core.chance import Chance
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


def action_table(game: Game, playouts: int = VOCABULARY_PLAYOUTS) -> ActionTable:
    """The table of ``game`` (cached per game, players and options: building it plays games)."""
    key = (game.id, game.players, repr(sorted(game.options.items())) + f"/{playouts}")
    table = _TABLES.get(key)
    if table is None:
        seen: set[str] = set()
        most = 1
        for seed in range(playouts):
            state = game.new_game(seed)
            chance = Chance(seed ^ 0xAC7_1D5)
            for _ in range(PLAYOUT_STEP_LIMIT):
                if state.is_over:
                    break
                seat = state.to_act[0]
                actions = state.legal_actions(seat)
                most = max(most, len(actions))
                seen.update(str(action) for action in actions)
                state.apply_unchecked(seat, actions[chance.below(len(actions))])
        # Spare slots for as many actions as one decision offered in the playouts, and at least
        # 32, so that a decision never met before still has room for all its actions.
        table = _TABLES[key] = ActionTable(sorted(seen), max(32, most))
    return table


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
    """A seat's view as a float32 vector of ``size`` entries (see the module's docstring)."""

    def __init__(self, size: int = OBSERVATION_SIZE) -> None:
        self.size = size

    def encode(self, view: View) -> npt.NDArray[np.float32]:
        vector = np.zeros(self.size, dtype=np.float64)
        for path, value in _leaves({key: view[key] for key in view if key != "log"}, ""):
            if isinstance(value, bool) or value is None or isinstance(value, str):
                vector[_slot(f"{path}={value}", self.size)] += 1.0
            elif isinstance(value, (int, float)):
                vector[_slot(path, self.size)] += math.copysign(math.log1p(abs(value)), value)
            else:
                vector[_slot(f"{path}={value!r}", self.size)] += 1.0
        np.clip(vector, -OBSERVATION_BOUND, OBSERVATION_BOUND, out=vector)
        return vector.astype(np.float32)


def outcome(state: State) -> list[float]:
    """Each seat's reward at the end: its share of the win (1 alone, 1/k in a k-way win), else 0."""
    winners = state.winners
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.game.players)]
