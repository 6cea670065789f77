"""A finished table's result in words (who won and why), for the game-over panel and the
lobby's list of finished games. A finished game's result never changes, so each is made once
and kept by table id."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import quarkade
from quarkade.core.errors import QuarkadeError
from quarkade.core.game import Record, State
from quarkade.core.words import result_text
from quarkade.faces.web.store import Store

KEPT = 2000  # results kept in memory; an older one is made again from its record when asked
# Records replayed for one listing at most: a listing after a restart stays quick, and the
# results not made yet come with the next ones.
REPLAYS_PER_LISTING = 3


def state_result(state: State, names: Sequence[str]) -> str:
    """The result of a finished ``state`` in words, seats called by ``names``."""
    return result_text(state.view(None).to_json(), names)


class Results:
    """Results in words by table id."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._known: OrderedDict[str, str] = OrderedDict()

    def remember(self, table_id: str, text: str) -> str:
        self._known[table_id] = text
        self._known.move_to_end(table_id)
        while len(self._known) > self.kept:
            self._known.popitem(last=False)
        return text

    def of_state(self, table_id: str, state: State, names: Sequence[str]) -> str:
        known = self._known.get(table_id)
        return known if known is not None else self.remember(table_id, state_result(state, names))

    def of_rows(self, rows: list[dict[str, Any]], store: Store, names: list[list[str]]) -> list[str | None]:
        """The results of finished tables' rows (``names``: each row's seat names), those not
        known yet made from their records, a few a call."""
        out: list[str | None] = []
        replays = 0
        for row, seat_names in zip(rows, names, strict=True):
            known = self._known.get(row["id"])
            if known is None and replays < REPLAYS_PER_LISTING:
                replays += 1
                known = self._from_store(row["id"], store, seat_names)
            out.append(known)
        return out

    def _from_store(self, table_id: str, store: Store, names: Sequence[str]) -> str | None:
        stored = store.load(table_id)
        if stored is None:
            return None
        row = stored.row
        record = Record(game=row["game"], rules_version=row["rules_version"], players=row["players"],
                        options=dict(row["options"]), seed=row["seed"], actions=list(stored.actions))
        try:
            state = quarkade.replay(record)
        except QuarkadeError:
            return None  # a record of older rules: the lobby shows the scores alone
        return self.remember(table_id, state_result(state, names)) if state.is_over else None
