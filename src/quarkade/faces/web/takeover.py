"""Bots that play a person's seat for a while: takeover and reclaim.

A seat passes to the game's heuristic bot when its time bank runs out (``banks.py``), when
its player has left while others play on — a person still at the table, or a bot seated
from the start (no connection for ``Limits.takeover_after`` seconds, counted from when its
last one closed, or from when someone came to the table) — or when the host hands it to a
bot. A player who leaves a game against bots comes back to find a bot kept the seat; a table
of people who all left waits: no bot plays it to its end for them. The bot keeps playing
for it; the table shows who plays the seat and since when. The seat's token still proves
whose it is: its holder may take it back at any time (``reclaim``), and the bot stops (a
move it was still thinking about is dropped: the table checks that the seat is still the
bot's before applying it).

Each spell is kept in the store (``takeovers``): the seat, the bot, why, since when and
from which step of the record, until when. The results name the seats bots played and for
how many moves, counted from the record.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from quarkade.agents import bot_kinds, make_bot
from quarkade.faces.web.commits import steps_of

if TYPE_CHECKING:
    from quarkade.faces.web.connection import Connection
    from quarkade.faces.web.tables import Table

log = logging.getLogger("quarkade.web")

HUMAN = "human"
REASONS = {"time": "its time ran out", "left": "its player left", "host": "the host handed it to a bot"}


def takeover_bot(game_id: str) -> str:
    """The bot that plays a person's seat: the game's heuristic one where it has one."""
    kinds = bot_kinds(game_id)
    return "heuristic" if "heuristic" in kinds else kinds[0]


def bot_moves(spells: list[dict[str, Any]], actions: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """For each seat a bot played for a person: the bot, how many moves it made, why it came.

    >>> spells = [{"seat": 1, "kind": "heuristic", "reason": "time", "from_step": 2, "to_step": None}]
    >>> bot_moves(spells, [(0, "a"), (1, "b"), (0, "c"), (1, "d"), (1, "e")])
    [{'seat': 1, 'kind': 'heuristic', 'moves': 2, 'reasons': ['time']}]
    """
    seats: dict[int, dict[str, Any]] = {}
    for spell in spells:
        seat = int(spell["seat"])
        end = len(actions) if spell.get("to_step") is None else int(spell["to_step"])
        moves = sum(1 for actor, _ in actions[int(spell["from_step"]):end] if actor == seat)
        entry = seats.setdefault(seat, {"seat": seat, "kind": spell["kind"], "moves": 0, "reasons": []})
        entry["moves"] += moves
        entry["kind"] = spell["kind"]
        if spell["reason"] not in entry["reasons"]:
            entry["reasons"].append(spell["reason"])
    return [seats[seat] for seat in sorted(seats)]


def summary(spells: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """What a finished table's row says of its bot spells (their moves counted at the end)."""
    seats: dict[int, dict[str, Any]] = {}
    for spell in spells or []:
        seat = int(spell["seat"])
        entry = seats.setdefault(seat, {"seat": seat, "kind": spell["kind"], "moves": 0, "reasons": []})
        entry["moves"] += int(spell.get("moves") or 0)
        if spell["reason"] not in entry["reasons"]:
            entry["reasons"].append(spell["reason"])
    return [seats[seat] for seat in sorted(seats)]


class Takeovers:
    """The bot spells of one table's seats, and the watch on seats whose player left."""

    def __init__(self, table: Table, spells: list[dict[str, Any]] | None) -> None:
        self.table = table
        self.spells: list[dict[str, Any]] = [dict(spell) for spell in spells or []]
        self.away: dict[int, asyncio.TimerHandle] = {}

    def current(self, seat: int) -> dict[str, Any] | None:
        """The spell a bot is playing ``seat`` in now, if any."""
        for spell in reversed(self.spells):
            if spell["seat"] == seat:
                return spell if spell.get("until") is None else None
        return None

    def seat_info(self, seat: int) -> dict[str, Any] | None:
        """What the table shows of a seat a bot plays for a person: the bot, why, since when."""
        spell = self.current(seat)
        if spell is None:
            return None
        return {"kind": spell["kind"], "reason": spell["reason"], "since": spell["since"]}

    # ------------------------------------------------------------------ taking over
    def take_over(self, seat: int, reason: str, kind: str | None = None) -> None:
        """A bot plays ``seat`` (a person's) from now on."""
        table = self.table
        if table.over or table.seats[seat] != HUMAN:
            return
        kind = kind or takeover_bot(table.game.id)
        self._cancel_away(seat)
        table.seats[seat] = kind
        table.bots[seat] = make_bot(kind, table.game, secrets.randbits(32))
        step = steps_of(table.state)
        last = next((spell for spell in reversed(self.spells) if spell["seat"] == seat), None)
        if last is not None and last["to_step"] == step and last["kind"] == kind:
            # Taken back and handed over again with no move between: the same spell goes on
            # (so that handing a seat back and forth cannot grow the table's record without end).
            last["until"] = last["to_step"] = None
        else:
            self.spells.append({"seat": seat, "kind": kind, "reason": reason, "since": time.time(),
                                "from_step": step, "until": None, "to_step": None})
        table.hall.store.update_table(table.id, seats=table.seats, takeovers=self.spells)
        log.info("table %s: a %s bot plays seat %d: %s", table.id, kind, seat, REASONS.get(reason, reason))
        table.undo.close(seat, "a bot plays your seat now")
        table.banks.update()
        table.broadcast(table.table_message())
        table.publish()
        table.bot_runner.kick()

    def reclaim(self, connection: Connection) -> tuple[str, str] | None:
        """The seat's own player takes it back from the bot: (code, reason) if refused."""
        table, seat = self.table, connection.seat
        if seat is None:
            return "not_a_seat", "spectators have no seat to take back: open your seat's own link"
        if table.over:
            return "over", "the game is over: no seat can be taken back"
        spell = self.current(seat)
        if table.seats[seat] == HUMAN or spell is None:
            return "not_taken_over", "this seat is yours already: no bot plays it"
        table.seats[seat] = HUMAN
        table.bots.pop(seat, None)  # a move the bot is still choosing is dropped
        spell["until"], spell["to_step"] = time.time(), steps_of(table.state)
        table.banks.reclaimed(seat)
        table.hall.store.update_table(table.id, seats=table.seats, takeovers=self.spells)
        table.banks.update()
        table.broadcast(table.table_message())
        table.publish()
        table.bot_runner.kick()
        return None

    def shift(self, removed: int) -> None:
        """An undo took step ``removed`` out of the record: later spells start one step earlier."""
        for spell in self.spells:
            for key in ("from_step", "to_step"):
                if spell.get(key) is not None and spell[key] > removed:
                    spell[key] -= 1

    def finish(self) -> None:
        """The game ended: each spell's moves are counted and kept with it (for the lobby)."""
        self.stop()
        if not self.spells:
            return
        actions = self.table.state.record().actions
        for spell in self.spells:
            end = len(actions) if spell.get("to_step") is None else spell["to_step"]
            spell["moves"] = sum(1 for actor, _ in actions[spell["from_step"]:end] if actor == spell["seat"])
        # The finished table's record keeps each seat as its person's (with the name): the spells
        # say which moves a bot made for them.
        seats = list(self.table.seats)
        for spell in self.spells:
            if spell.get("until") is None:
                seats[spell["seat"]] = HUMAN
        self.table.hall.store.update_table(self.table.id, takeovers=self.spells, seats=seats)

    def results(self) -> list[dict[str, Any]]:
        """The seats bots played for people, with their moves (the game-over message)."""
        return bot_moves(self.spells, list(self.table.state.record().actions)) if self.spells else []

    # ------------------------------------------------------------------ players who leave
    def watch(self) -> None:
        """Start the wait of every person's seat that has a token and no connection."""
        table = self.table
        if table.over:
            return
        present = {c.seat for c in table.connections}
        for seat, kind in enumerate(table.seats):
            if kind == HUMAN and table.tokens[seat] is not None and seat not in present and seat not in self.away:
                self._arm_away(seat)

    def attached(self, connection: Connection) -> None:
        if connection.seat is not None:
            self._cancel_away(connection.seat)
            self.watch()

    def detached(self, connection: Connection) -> None:
        self.watch()

    def _arm_away(self, seat: int) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.away[seat] = loop.call_later(self.table.limits.takeover_after, self._gone, seat)

    def _cancel_away(self, seat: int) -> None:
        timer = self.away.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def _gone(self, seat: int) -> None:
        self.away.pop(seat, None)
        table = self.table
        if table.over or table.seats[seat] != HUMAN or any(c.seat == seat for c in table.connections):
            return
        people_here = any(c.seat is not None and table.seats[c.seat] == HUMAN for c in table.connections)
        bots_play = any(kind != HUMAN and self.current(other) is None for other, kind in enumerate(table.seats))
        if not people_here and not bots_play:
            return  # a table of people who all left waits; whoever comes back starts the wait again
        try:
            self.take_over(seat, "left")
        except Exception:
            log.exception("table %s: a bot could not take over seat %d", table.id, seat)

    def stop(self) -> None:
        for timer in self.away.values():
            timer.cancel()
        self.away.clear()
