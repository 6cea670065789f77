"""Live tables: seats, connections, bots, and the order of every accepted action.

One event loop runs every table. An action is checked, applied, committed to the store
and only then broadcast; each connection hears only what its seat may know (its own
view and its own legal actions, or the spectator's view). Nothing here knows any game:
it talks to games through the public API only.

A connection's ``seq`` counts the state messages its seat (or the spectators) received;
it grows only when what that seat sees changes, so it never tells anyone that a hidden
action (another seat's sealed choice) happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict, deque
from dataclasses import asdict, dataclass
from typing import Any, Protocol

import quarkade
from quarkade.agents import bot_kinds, make_bot
from quarkade.agents.base import Bot
from quarkade.core import Action, Game, QuarkadeError, Record, State
from quarkade.core.errors import InvalidNotation
from quarkade.core.registry import game_class
from quarkade.faces.web.protocol import (
    PROTOCOL_VERSION,
    Act,
    HandToBot,
    Hello,
    Ping,
    ProtocolError,
    dumps,
    error_message,
    parse_client_message,
    pong_message,
)
from quarkade.faces.web.store import BROKEN, OPEN, OVER, Store, StoredTable

log = logging.getLogger("quarkade.web")

HUMAN = "human"
Audience = int | None  # a seat, or None for the spectators


@dataclass(frozen=True)
class Limits:
    """What one client or one table may use of the server."""

    message_bytes: int = 4096
    tables_per_client: int = 20  # open tables created from one address and active lately
    active_window: float = 6 * 3600.0  # seconds since a table's last activity for it to count
    connections_per_table: int = 32
    open_tables: int = 10_000
    messages_per_second: float = 20.0
    message_burst: float = 60.0
    outbox: int = 2000  # messages queued for one slow connection before it is dropped

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class HallError(Exception):
    """A request the hall refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class SaveFailed(Exception):
    """The store could not commit an action; the table is as it was before it."""


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_table_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


def steps_of(state: State) -> int:
    """How many actions ``state`` has had (cheap where the core keeps the count)."""
    steps = getattr(state, "steps", None)
    return steps if isinstance(steps, int) else len(state.history)


def _same(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and secrets.compare_digest(a, b)


class Connection:
    """One websocket at a table: a seat or a spectator, with the host's powers or not.

    Messages go through an outbox drained by one writer task, so every connection hears
    the table's updates in the order they happened."""

    __slots__ = ("socket", "table", "seat", "host", "outbox", "wake", "task", "closed", "allowance", "checked",
                 "limits")

    def __init__(self, socket: Socket, table: Table, seat: int | None, host: bool, limits: Limits) -> None:
        self.socket = socket
        self.table = table
        self.seat = seat
        self.host = host
        self.limits = limits
        self.outbox: deque[str] = deque()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.closed = False
        self.allowance = limits.message_burst
        self.checked = time.monotonic()

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._write())

    def push(self, text: str) -> None:
        if self.closed:
            return
        if len(self.outbox) >= self.limits.outbox:
            # A client that reads nothing must not make the server hold its messages forever.
            self.closed = True
            self.outbox.clear()
            self.wake.set()
            return
        self.outbox.append(text)
        self.wake.set()

    def allow(self) -> bool:
        """A token bucket: a burst of messages, then ``messages_per_second``."""
        now = time.monotonic()
        self.allowance = min(self.limits.message_burst,
                             self.allowance + (now - self.checked) * self.limits.messages_per_second)
        self.checked = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True

    async def _write(self) -> None:
        try:
            while True:
                while self.outbox:
                    await self.socket.send_text(self.outbox.popleft())
                if self.closed:
                    return
                self.wake.clear()
                await self.wake.wait()
        except Exception:  # the peer went away; the reader notices and detaches us
            self.closed = True

    async def stop(self) -> None:
        self.closed = True
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task


class Table:
    """A game being played (or finished) at the server."""

    def __init__(self, hall: Hall, row: dict[str, Any], state: State) -> None:
        self.hall = hall
        self.row = row
        self.id: str = row["id"]
        self.state = state
        self.game: Game = state.game
        self.seats: list[str] = list(row["seats"])
        self.tokens: list[str | None] = list(row["seat_tokens"])
        self.claimed: list[bool] = list(row["claimed"])
        self.host_token: str = row["host_token"]
        self.turn_timer: int | None = row["turn_timer"]
        self.public: bool = bool(row["public"])
        self.creator: str = row["creator"]
        self.created: float = row["created"]
        self.next_table: str | None = row.get("next_table")
        self.previous_table: str | None = row.get("previous_table")
        self.last_activity = time.time() if steps_of(state) else self.created
        self.connections: list[Connection] = []
        self.bots: dict[int, Bot] = {
            seat: make_bot(kind, self.game, secrets.randbits(32))
            for seat, kind in enumerate(self.seats) if kind != HUMAN
        }
        self.seq: dict[Audience, int] = {}
        self.sent: dict[Audience, str] = {}
        self.waiting_since: dict[int, float] = {}
        self._bot_task: asyncio.Task[None] | None = None
        self._frames: dict[Audience, tuple[int, list[dict[str, Any]]]] = {}
        self._states: list[State] | None = None
        self._note_waiting()

    # ------------------------------------------------------------------ facts
    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def limits(self) -> Limits:
        return self.hall.limits

    def seat_of(self, token: str | None) -> int | None:
        if token is None:
            return None
        for seat, seat_token in enumerate(self.tokens):
            if _same(token, seat_token):
                return seat
        return None

    def is_host(self, token: str | None) -> bool:
        return _same(token, self.host_token)

    def timed_out(self, seat: int) -> bool:
        if not self.turn_timer or seat not in self.state.to_act:
            return False
        return time.time() - self.waiting_since.get(seat, time.time()) >= self.turn_timer

    def public_info(self) -> dict[str, Any]:
        """What anyone may know of the table (never the seed or the tokens before the end)."""
        connected = {c.seat for c in self.connections}
        info: dict[str, Any] = {
            "id": self.id,
            "game": self.game.id,
            "title": self.game.info.title,
            "players": self.game.players,
            "options": dict(self.game.options),
            "seats": [
                {"seat": seat, "kind": kind, "claimed": self.claimed[seat] if kind == HUMAN else True,
                 "connected": seat in connected}
                for seat, kind in enumerate(self.seats)
            ],
            "spectators": sum(1 for c in self.connections if c.seat is None),
            "turn_timer": self.turn_timer,
            "public": self.public,
            "status": OVER if self.over else OPEN,
            "created": self.created,
            "next": self.next_table,
            "previous": self.previous_table,
        }
        if self.over:
            info["scores"] = list(self.state.scores)
            info["winners"] = list(self.state.winners)
            info["steps"] = steps_of(self.state)
        return info

    # ------------------------------------------------------------------ messages
    def _core(self, audience: Audience) -> dict[str, Any]:
        state = self.state
        to_act = list(state.to_act)
        legal: list[str] = []
        if audience is not None and not state.is_over and self.seats[audience] == HUMAN and audience in to_act:
            legal = [str(action) for action in state.legal_actions(audience)]
        core: dict[str, Any] = {
            "view": state.view(audience).to_json(),
            "legal": legal,
            "to_act": to_act,
            "waiting_for": [seat for seat in to_act if seat != audience],
            "over": state.is_over,
        }
        if self.turn_timer:
            core["timer"] = {
                "seconds": self.turn_timer,
                "deadlines": {str(seat): self.waiting_since.get(seat, 0.0) + self.turn_timer for seat in to_act},
            }
        return core

    def _state_message(self, audience: Audience, last: dict[str, Any] | None = None,
                       force: bool = False) -> str | None:
        """The state message for ``audience``, or None when nothing it sees has changed."""
        core = dumps(self._core(audience))
        if core != self.sent.get(audience):
            self.sent[audience] = core
            self.seq[audience] = self.seq.get(audience, 0) + 1
        elif not force:
            return None
        head = dumps({"type": "state", "table": self.id, "seat": audience, "seq": self.seq[audience], "last": last})
        return head[:-1] + "," + core[1:]

    def table_message(self) -> str:
        return dumps({"type": "table", "table": self.public_info()})

    def publish(self, actor: int | None = None, action: str | None = None) -> None:
        """Send each audience its new state, if it changed (the actor always hears back)."""
        groups: dict[Audience, list[Connection]] = {}
        for connection in self.connections:
            groups.setdefault(connection.seat, []).append(connection)
        for audience, connections in groups.items():
            mine = actor is not None and audience == actor
            last = {"seat": actor, "action": action} if mine else None
            message = self._state_message(audience, last, force=mine)
            if message is not None:
                for connection in connections:
                    connection.push(message)

    def broadcast(self, message: str) -> None:
        for connection in self.connections:
            connection.push(message)

    def over_message(self) -> str:
        state = self.state
        return dumps({"type": "over", "table": self.id, "scores": list(state.scores),
                      "winners": list(state.winners), "record": state.record().to_json()})

    def greet(self, connection: Connection) -> None:
        connection.push(dumps({
            "type": "welcome", "table": self.id, "game": self.game.id, "seat": connection.seat,
            "host": connection.host, "protocol": PROTOCOL_VERSION,
            "limits": {"message_bytes": self.limits.message_bytes,
                       "messages_per_second": self.limits.messages_per_second},
        }))
        connection.push(self.table_message())
        message = self._state_message(connection.seat, force=True)
        assert message is not None
        connection.push(message)
        if self.over:
            connection.push(self.over_message())

    # ------------------------------------------------------------------ connections
    def attach(self, connection: Connection) -> None:
        self.connections.append(connection)
        self.last_activity = time.time()
        seat = connection.seat
        if seat is not None and not self.claimed[seat]:
            self.claimed[seat] = True
            self.hall.store.update_table(self.id, claimed=self.claimed)
        connection.start()
        self.greet(connection)
        self.broadcast_presence(connection)

    def detach(self, connection: Connection) -> None:
        if connection in self.connections:
            self.connections.remove(connection)
            self.broadcast_presence(None)

    def broadcast_presence(self, newcomer: Connection | None) -> None:
        message = self.table_message()
        for connection in self.connections:
            if connection is not newcomer:
                connection.push(message)

    def handle(self, connection: Connection, raw: str | bytes) -> None:
        """One message from a client. Every problem is answered with an error message;
        the connection stays open."""
        if not connection.allow():
            connection.push(error_message(
                "rate", f"too many messages: at most {self.limits.messages_per_second:g} a second"))
            return
        try:
            message = parse_client_message(raw, self.limits.message_bytes)
        except ProtocolError as error:
            connection.push(error_message(error.code, error.reason))
            return
        if message.table is not None and message.table != self.id:
            connection.push(error_message(
                "wrong_table", f"this connection is for table {self.id}, not {message.table!r}"))
            return
        if isinstance(message, Ping):
            connection.push(pong_message(message.id))
        elif isinstance(message, Hello):
            self.greet(connection)
        elif isinstance(message, Act):
            reason = self.act(connection, message)
            if reason is not None:
                code, text = reason
                connection.push(error_message(code, text, action=message.action, seq=self.seq.get(connection.seat)))
        elif isinstance(message, HandToBot):
            failure = self.hand_to_bot(connection, message.seat, message.bot)
            if failure is not None:
                connection.push(error_message(*failure))

    # ------------------------------------------------------------------ playing
    def act(self, connection: Connection, message: Act) -> tuple[str, str] | None:
        """Take a seat's action; the (code, reason) it was refused for, or None."""
        seat = connection.seat
        state = self.state
        if seat is None:
            return "not_a_seat", "spectators cannot act: open a seat's invitation link to play"
        if state.is_over:
            return "over", "the game is over: no more actions"
        if self.seats[seat] != HUMAN:
            return "bot_seat", f"seat {seat} is played by the {self.seats[seat]} bot now"
        current = self.seq.get(seat, 0)
        if message.seq is not None and message.seq != current:
            return "stale", (f"stale action: it answers update {message.seq}, but seat {seat} has seen update "
                             f"{current} since; choose again from the latest state")
        try:
            action = self.game.parse_action(state, seat, message.action)
        except InvalidNotation as error:
            return "notation", str(error)
        except QuarkadeError as error:
            return "illegal", str(error)
        reason = state.why_illegal(seat, action)
        if reason is not None:
            return "illegal", reason
        try:
            self.commit(seat, action)
        except SaveFailed:
            return "unsaved", "the server could not save that action; nothing changed, try again"
        return None

    def commit(self, seat: int, action: Action) -> None:
        """Apply a checked action, save it, then tell everyone. Raises ``SaveFailed``
        (and changes nothing) when the store cannot commit it."""
        state = self.state
        text = str(action)
        step = steps_of(state)
        state.apply(seat, action)
        over = (list(state.scores), list(state.winners)) if state.is_over else None
        try:
            self.hall.store.append_action(self.id, step, seat, text, over)
        except Exception as error:
            log.exception("table %s: could not save action %d (%s)", self.id, step, text)
            record = state.record()
            record.actions.pop()
            self.state = quarkade.replay(record)
            raise SaveFailed(str(error)) from error
        self.last_activity = time.time()
        self._note_waiting()
        self.publish(seat, text)
        if over is not None:
            self._finish()
        else:
            self.kick_bots()

    def _note_waiting(self) -> None:
        to_act = self.state.to_act
        now = time.time()
        for seat in list(self.waiting_since):
            if seat not in to_act:
                del self.waiting_since[seat]
        for seat in to_act:
            self.waiting_since.setdefault(seat, now)

    def _finish(self) -> None:
        self.hall.finished(self)
        self.broadcast(self.table_message())
        self.broadcast(self.over_message())

    def hand_to_bot(self, connection: Connection, seat: int, kind: str) -> tuple[str, str] | None:
        if not connection.host:
            return "forbidden", "only the host can hand a seat to a bot"
        if self.over:
            return "over", "the game is over: no more actions"
        if not 0 <= seat < self.game.players:
            return "bad_seat", f"there is no seat {seat} at this {self.game.players}-player table"
        if self.seats[seat] != HUMAN:
            return "bot_seat", f"seat {seat} is already played by the {self.seats[seat]} bot"
        kinds = bot_kinds(self.game.id)
        if kind not in kinds:
            return "unknown_bot", f"there is no bot {kind!r} for {self.game.id} (the bots: {', '.join(kinds)})"
        if any(c.seat == seat for c in self.connections) and not self.timed_out(seat):
            return "seat_present", (f"seat {seat} is here and has not run out of time; a bot can take it over "
                                    "when its turn timer runs out or when it leaves")
        self.seats[seat] = kind
        self.bots[seat] = make_bot(kind, self.game, secrets.randbits(32))
        self.hall.store.update_table(self.id, seats=self.seats)
        self.broadcast(self.table_message())
        self.publish()
        self.kick_bots()
        return None

    # ------------------------------------------------------------------ bots
    def kick_bots(self) -> None:
        """Start the bots if one of them is to act (they run after the current message)."""
        if self.over or (self._bot_task is not None and not self._bot_task.done()):
            return
        if any(seat in self.bots for seat in self.state.to_act):
            self._bot_task = asyncio.get_running_loop().create_task(self._play_bots())

    async def _play_bots(self) -> None:
        delay = self.hall.bot_delay
        while True:
            state = self.state
            if state.is_over:
                return
            seats = [seat for seat in state.to_act if seat in self.bots]
            if not seats:
                return
            if delay > 0:
                await asyncio.sleep(delay)  # so that people can follow what the bots do
                state = self.state
                seats = [seat for seat in state.to_act if seat in self.bots]
                if state.is_over or not seats:
                    continue
            seat = seats[0]
            bot = self.bots[seat]
            version = steps_of(state)
            view, legal = state.view(seat), state.legal_actions(seat)
            try:
                action = await asyncio.to_thread(bot.choose, view, legal)
            except Exception:
                log.exception("table %s: the %s bot at seat %d failed; it takes a legal action instead",
                              self.id, self.seats[seat], seat)
                action = legal[0]
            if self.state is not state or steps_of(state) != version or self.bots.get(seat) is not bot:
                continue  # the table moved on while the bot was thinking
            if state.why_illegal(seat, action) is not None:
                log.error("table %s: the bot at seat %d chose an illegal %s", self.id, seat, action)
                action = legal[0]
            try:
                self.commit(seat, action)
            except SaveFailed:
                await asyncio.sleep(1.0)
            await asyncio.sleep(0)

    async def stop(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task
        for connection in list(self.connections):
            await connection.stop()

    # ------------------------------------------------------------------ replays
    def _replay_states(self) -> list[State]:
        """Every state along the record (finished tables only; kept once built)."""
        if self._states is None:
            record = self.state.record()
            state = self.game.new_game(record.seed)
            states = [state.clone()]
            for seat, text in record.actions:
                state.apply_text(seat, text)
                states.append(state.clone())
            self._states = states
        return self._states

    def _frames_for(self, audience: Audience) -> list[dict[str, Any]]:
        """The distinct views ``audience`` saw along the record so far, in order. Steps
        that changed nothing it could see are left out, so their number stays hidden."""
        length = steps_of(self.state)
        cached = self._frames.get(audience)
        if cached is not None and cached[0] == length:
            return cached[1]
        record = self.state.record()
        state = self.game.new_game(record.seed)
        frames = [state.view(audience).to_json()]
        for seat, text in record.actions:
            state.apply_text(seat, text)
            view = state.view(audience).to_json()
            if view != frames[-1]:
                frames.append(view)
        self._frames[audience] = (length, frames)
        return frames

    def replay(self, step: int | None, seat: int | None, token: str | None) -> dict[str, Any]:
        """Views along the record. During the game: one seat's (with its token) or the
        spectators', only as they saw them. After the end: everything, step by step."""
        players = self.game.players
        if seat is not None and not 0 <= seat < players:
            raise HallError(400, f"there is no seat {seat} at this {players}-player table")
        if not self.over:
            if seat is not None and self.seat_of(token) != seat:
                raise HallError(403, f"seat {seat}'s replay during the game needs seat {seat}'s token")
            frames = self._frames_for(seat)
            index = len(frames) - 1 if step is None else step
            if not 0 <= index < len(frames):
                raise HallError(400, f"step {index} is out of range: this replay has steps 0 to {len(frames) - 1}")
            return {"table": self.id, "over": False, "seat": seat, "step": index, "steps": len(frames),
                    "view": frames[index]}
        states = self._replay_states()
        index = len(states) - 1 if step is None else step
        if not 0 <= index < len(states):
            raise HallError(400, f"step {index} is out of range: this replay has steps 0 to {len(states) - 1}")
        state = states[index]
        record = self.state.record()
        action = None
        if index > 0:
            actor, text = record.actions[index - 1]
            action = {"seat": actor, "action": text}
        return {
            "table": self.id, "over": True, "seat": seat, "step": index, "steps": len(states), "action": action,
            "to_act": list(state.to_act),
            "view": state.view(seat).to_json(),
            "views": {str(s): state.view(s).to_json() for s in range(players)},
            "record": record.to_json(),
        }


class Hall:
    """Every table of the server, and the store behind them."""

    def __init__(self, store: Store, limits: Limits, bot_delay: float) -> None:
        self.store = store
        self.limits = limits
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}  # open tables, and finished ones still in use
        self.recent: OrderedDict[str, Table] = OrderedDict()  # finished tables, latest last
        self.recent_size = 256

    # ------------------------------------------------------------------ life
    def start(self) -> None:
        """Load every unfinished table by replaying its record; its bots resume."""
        loaded = 0
        for stored in self.store.unfinished():
            table = self._revive(stored)
            if table is not None:
                self.tables[table.id] = table
                loaded += 1
        for table in self.tables.values():
            table.kick_bots()
        if loaded:
            log.info("resumed %d unfinished table(s)", loaded)

    async def stop(self) -> None:
        for table in list(self.tables.values()) + list(self.recent.values()):
            await table.stop()

    def _revive(self, stored: StoredTable) -> Table | None:
        row = stored.row
        record = Record(game=row["game"], rules_version=row["rules_version"], players=row["players"],
                        options=dict(row["options"]), seed=row["seed"], actions=list(stored.actions))
        try:
            state = quarkade.replay(record)
        except QuarkadeError as error:
            log.error("table %s cannot be resumed: %s", row["id"], error)
            self.store.update_table(row["id"], status=BROKEN, problem=str(error)[:500])
            return None
        return Table(self, row, state)

    # ------------------------------------------------------------------ lookups
    def get(self, table_id: str) -> Table | None:
        table = self.tables.get(table_id) or self.recent.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 32:
            return None
        stored = self.store.load(table_id)
        if stored is None or stored.row["status"] != OVER:
            return None
        table = self._revive(stored)
        if table is not None:
            self._remember(table)
        return table

    def _remember(self, table: Table) -> None:
        self.recent[table.id] = table
        self.recent.move_to_end(table.id)
        while len(self.recent) > self.recent_size:
            oldest = next(iter(self.recent))
            del self.recent[oldest]

    def finished(self, table: Table) -> None:
        """A table's game just ended: it leaves the open tables."""
        self.tables.pop(table.id, None)
        self._remember(table)

    def open_tables(self) -> list[Table]:
        return [t for t in self.tables.values() if not t.over]

    def active_tables_of(self, creator: str) -> int:
        horizon = time.time() - self.limits.active_window
        return sum(1 for t in self.tables.values()
                   if t.creator == creator and not t.over and t.last_activity >= horizon)

    # ------------------------------------------------------------------ creating
    def new_seed(self) -> int:
        """A table's seed: random, and secret until its game ends."""
        return secrets.randbits(63)

    def create(self, game_id: str, players: int | None, options: dict[str, Any], seats: list[str] | None,
               turn_timer: int | None, public: bool, creator: str, previous: str | None = None) -> Table:
        if self.active_tables_of(creator) >= self.limits.tables_per_client:
            raise HallError(429, f"you have {self.limits.tables_per_client} open tables already, the limit: "
                                 "finish or leave some before opening more")
        if len(self.tables) >= self.limits.open_tables:
            raise HallError(503, "the server holds as many tables as it can; try again later")
        try:
            cls = game_class(game_id)
        except QuarkadeError as error:
            raise HallError(404, str(error)) from None
        if players is None and seats:
            players = len(seats)
        try:
            game = quarkade.load(game_id, players, **options)
        except QuarkadeError as error:
            raise HallError(400, str(error)) from None
        kinds = bot_kinds(game.id)
        if seats is None:
            default = "heuristic" if "heuristic" in kinds else kinds[0]
            seats = [HUMAN] + [default] * (game.players - 1)
        if len(seats) != game.players:
            raise HallError(400, f"{len(seats)} seats for a {game.players}-player game: give one per player")
        for seat, kind in enumerate(seats):
            if kind != HUMAN and kind not in kinds:
                raise HallError(400, f"seat {seat}: {kind!r} is neither 'human' nor a bot of {game.id} "
                                     f"(the bots: {', '.join(kinds)})")
        seed = self.new_seed()
        state = game.new_game(seed)
        table_id = new_table_id()
        while table_id in self.tables or self.store.load(table_id) is not None:
            table_id = new_table_id()
        row: dict[str, Any] = {
            "id": table_id, "game": game.id, "rules_version": cls.info.rules_version, "players": game.players,
            "options": dict(game.options), "seats": list(seats), "initial_seats": list(seats),
            "seat_tokens": [new_token() if kind == HUMAN else None for kind in seats],
            # At a rematch the human seats wait for the previous players.
            "claimed": [previous is not None and kind == HUMAN for kind in seats],
            "host_token": new_token(), "turn_timer": turn_timer or None, "public": public, "seed": seed,
            "creator": creator, "created": time.time(), "status": OPEN,
            "previous_table": previous, "next_table": None,
        }
        self.store.create_table(row)
        table = Table(self, row, state)
        self.tables[table_id] = table
        table.kick_bots()
        return table

    def again(self, table: Table, token: str | None, creator: str) -> tuple[Table, bool, list[int]]:
        """The next game at a finished table: (table, caller is host, the caller's seats).
        The first caller opens it with the same settings and a new seed; the others
        find it and get their same seat there."""
        if not table.over:
            raise HallError(409, "the game is not over yet")
        host = table.is_host(token)
        own = table.seat_of(token)
        if not host and own is None:
            raise HallError(403, "play again needs the token of a seat or of the host of this table")
        seats = [s for s, kind in enumerate(table.row["initial_seats"]) if kind == HUMAN] if host else [own]
        following = self.get(table.next_table) if table.next_table else None
        if following is None:
            following = self.create(
                table.game.id, table.game.players, dict(table.game.options), list(table.row["initial_seats"]),
                table.turn_timer, table.public, creator, previous=table.id,
            )
            table.next_table = following.id
            self.store.update_table(table.id, next_table=following.id)
            table.broadcast(table.table_message())
        return following, host, [s for s in seats if s is not None]

    def claim(self, table: Table) -> int:
        """A free human seat of a public table for a newcomer from the lobby."""
        if table.over:
            raise HallError(409, "the game is over")
        if not table.public:
            raise HallError(403, "this table is private: ask its host for an invitation link")
        for seat, kind in enumerate(table.seats):
            if kind == HUMAN and not table.claimed[seat]:
                table.claimed[seat] = True
                self.store.update_table(table.id, claimed=table.claimed)
                table.broadcast(table.table_message())
                return seat
        raise HallError(409, "every human seat at this table is taken")

    # ------------------------------------------------------------------ listing
    def listing(self) -> dict[str, Any]:
        live = sorted((t for t in self.open_tables() if t.public), key=lambda t: -t.created)[:100]
        finished = []
        for row in self.store.finished():
            try:
                title = game_class(row["game"]).info.title
            except QuarkadeError:
                title = row["game"]
            finished.append({
                "id": row["id"], "game": row["game"], "title": title, "players": row["players"],
                "options": row["options"], "seats": [{"seat": s, "kind": k} for s, k in enumerate(row["seats"])],
                "status": OVER, "created": row["created"], "finished": row["finished"],
                "scores": row["scores"], "winners": row["winners"], "next": row["next_table"],
            })
        return {"open": [t.public_info() for t in live], "finished": finished}
