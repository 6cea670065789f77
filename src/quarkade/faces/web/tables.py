"""Live tables: seats, connections, bots, and the order of every accepted action.

One event loop runs every table. An action is checked, applied, committed to the store
and only then broadcast (people's actions that arrive in the same turn of the loop share
one transaction: commits.py); each connection hears only what its seat may know (its own
view and its own legal actions, or the spectator's view). Nothing here knows any game:
it talks to games through the public API only. A table's parts live beside it: its bots at
play (bot_runner.py), its replays (replays.py), timed steps (clock.py), players' clocks
(banks.py), bots sitting in for people (takeover.py) and taking back an action (undo.py).

Seats are taken by tokens issued once: the host's own seats when it opens the table, the
others when an invitation code is exchanged or a newcomer from the lobby takes an open
seat. Nobody ever receives a token another person already holds. The table keeps only the
digests of its tokens and codes (seats.py).

A connection's ``seq`` counts the state messages its seat (or the spectators) received;
it grows only when what that seat sees changes, so it never tells anyone that a hidden
action (another seat's sealed choice) happened.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

import quarkade
from quarkade.agents import bot_kinds, make_bot
from quarkade.agents.base import Bot
from quarkade.core import Action, Game, QuarkadeError, State, View
from quarkade.core.errors import InvalidNotation
from quarkade.faces.web.banks import TimeBanks
from quarkade.faces.web.bot_runner import BotRunner
from quarkade.faces.web.clock import TableClock
from quarkade.faces.web.commits import UNSAVED, ActionBatch, Taken, batch_of, steps_of
from quarkade.faces.web.connection import Connection, Limits
from quarkade.faces.web.errors import HallError, SaveFailed
from quarkade.faces.web.payloads import Audience, Fragment, json_bytes, state_payload
from quarkade.faces.web.protocol import (
    PROTOCOL_VERSION,
    Act,
    AnyClientMessage,
    Echo,
    HandToBot,
    Hello,
    Ping,
    ProtocolError,
    Reclaim,
    Undo,
    dumps,
    error_message,
    parse_client_message,
    pong_message,
)
from quarkade.faces.web.replays import Replays
from quarkade.faces.web.seats import HUMAN, at_rest, digest_of, holds, new_token, same_secret, seat_name, stored_plain
from quarkade.faces.web.store import OPEN, OVER
from quarkade.faces.web.takeover import Takeovers
from quarkade.faces.web.undo import UndoWindows

if TYPE_CHECKING:
    from quarkade.faces.web.hall import Hall

log = logging.getLogger("quarkade.web")


class Table:
    """A game being played (or finished) at the server."""

    def __init__(self, hall: Hall, row: dict[str, Any], state: State) -> None:
        self.hall = hall
        self.row = row
        self.id: str = row["id"]
        self.state = state
        self.game: Game = state.game
        self.seats: list[str] = list(row["seats"])
        # Tokens and codes are kept as their digests (seats.py): the one who was dealt one holds it.
        self.tokens: list[str | None] = [at_rest(token) for token in row["seat_tokens"]]
        players = len(self.seats)
        self.invitations: list[str | None] = [at_rest(code) for code in row.get("invitations") or [None] * players]
        self.reserved: list[bool] = list(row.get("reserved") or [False] * players)
        self.names: list[str | None] = list(row.get("names") or [None] * players)
        self.browsers: list[str | None] = list(row.get("browsers") or [None] * players)
        self.spent_invitations: list[str | None] = [
            at_rest(code) for code in row.get("spent_invitations") or [None] * players]
        host_seats = row.get("host_seats")
        self.host_seats: list[int] = list(host_seats) if host_seats is not None else [
            seat for seat, token in enumerate(self.tokens) if token is not None][:1]
        self.host_token: str = at_rest(row["host_token"]) or ""
        stored = [row["host_token"], *row["seat_tokens"], *(row.get("invitations") or ()),
                  *(row.get("spent_invitations") or ())]
        if any(stored_plain(kept) for kept in stored):
            # a table stored by a version that kept its secrets plain: only their digests stay,
            # and the plain values leave the database file and its log (Store.forget_overwritten)
            hall.store.update_table(self.id, seat_tokens=self.tokens, host_token=self.host_token,
                                    invitations=self.invitations, spent_invitations=self.spent_invitations)
            hall.store.forget_overwritten()
        self.turn_timer: int | None = row["turn_timer"]
        self.public: bool = bool(row["public"])
        self.creator: str = row["creator"]
        self.created: float = row["created"]
        self.next_table: str | None = row.get("next_table")
        self.previous_table: str | None = row.get("previous_table")
        self.last_activity = time.time() if steps_of(state) else self.created
        self.connections: list[Connection] = []
        self.watched = self.last_activity  # when a connection last came or went (see unwatched)
        self.bots: dict[int, Bot] = {
            seat: make_bot(kind, self.game, secrets.randbits(32))
            for seat, kind in enumerate(self.seats) if kind != HUMAN
        }
        self.seq: dict[Audience, int] = {}
        self.sent: dict[Audience, str] = {}
        self.waiting_since: dict[int, float] = {}
        self.bot_runner = BotRunner(self)  # bot_runner.py
        self.replays = Replays(self)  # replays.py
        # see view_json: the state, its steps, and per audience its view as data and as JSON
        self._views: tuple[State, int, dict[Audience, dict[str, Any]], dict[Audience, bytes]] | None = None
        # see over_message: the finished state, its steps, the seats' names, and the message
        self._over: tuple[State, int, tuple[str, ...], str] | None = None
        self.clock = TableClock(self)  # timed steps (clock.py)
        self._note_waiting()
        # players' clocks, bots sitting in for people, taking back an action
        self.banks = TimeBanks(self, row.get("time_bank"), row.get("banks"))
        self.takeovers = Takeovers(self, row.get("takeovers"))
        self.last_optional = False  # the last action applied came from a seat not to act (a signal)
        # By step, a person's action applied and not yet followed (``committed``) and the view its
        # seat had before it, for the undo window: an action that showed the seat what it could
        # not see before is not taken back (undo.py); and the state before it, which an undo of
        # the last action returns to.
        self.before: dict[int, tuple[Action, View, State]] = {}
        self.undo = UndoWindows(self)
        self.banks.update()
        self.takeovers.watch()

    # ------------------------------------------------------------------ facts
    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def limits(self) -> Limits:
        return self.hall.limits

    def seat_of(self, token: str | None) -> int | None:
        return self._seat_holding(token, self.tokens)

    @staticmethod
    def _seat_holding(secret: str | None, kept: list[str | None]) -> int | None:
        """The seat whose kept digest is of ``secret``, if any."""
        if secret is None:
            return None
        digest = digest_of(secret)
        for seat, held in enumerate(kept):
            if same_secret(digest, held):
                return seat
        return None

    def is_host(self, token: str | None) -> bool:
        return holds(token, self.host_token)

    def taken(self, seat: int) -> bool:
        """Someone holds the seat's token (a bot seat counts as taken)."""
        return self.seats[seat] != HUMAN or self.tokens[seat] is not None

    def open_to_lobby(self, seat: int) -> bool:
        return self.public and not self.over and not self.taken(seat) and not self.reserved[seat]

    def invitation_seat(self, code: str | None) -> int | None:
        return self._seat_holding(code, self.invitations)

    def seat_name(self, seat: int) -> str:
        # a bot sitting in for a person keeps the person's name: the seat is still theirs
        kind = HUMAN if self.takeovers.current(seat) is not None else self.seats[seat]
        return seat_name(seat, kind, self.names[seat], self.seats)

    def spent_seat(self, code: str | None) -> int | None:
        """The seat whose invitation ``code`` was when the seat was taken."""
        return self._seat_holding(code, self.spent_invitations)

    def issue_token(self, seat: int, name: str | None = None, browser: str | None = None) -> str:
        """A new token for a free human seat: its only copy leaves with the answer.
        ``name`` is shown for the seat; ``browser`` is the digest of the taker's browser id."""
        token = new_token()
        self.tokens[seat] = digest_of(token)
        if self.invitations[seat] is not None:
            self.spent_invitations[seat] = self.invitations[seat]
        self.invitations[seat] = None
        self.names[seat] = name
        self.browsers[seat] = browser
        self.hall.store.update_table(self.id, seat_tokens=self.tokens, invitations=self.invitations,
                                     claimed=[issued is not None for issued in self.tokens], names=self.names,
                                     browsers=self.browsers, spent_invitations=self.spent_invitations)
        self.last_activity = time.time()
        self.broadcast(self.table_message())
        self.takeovers.watch()  # a player who never comes is replaced like one who left
        return token

    def deal_invitation(self, seat: int) -> str:
        """A new invitation code for a free human seat (its previous code void)."""
        code = new_token()
        self.invitations[seat] = digest_of(code)
        self.hall.store.update_table(self.id, invitations=self.invitations)
        return code

    def renew_token(self, seat: int) -> str:
        """A new token for a seat whose holder asks for it again: the old one is void, and the
        pages connected with it are closed (whoever held it holds the seat no more)."""
        token = new_token()
        self.tokens[seat] = digest_of(token)
        self.hall.store.update_table(self.id, seat_tokens=self.tokens)
        self._close_renewed(self.seat_connections(seat), f"seat {seat + 1}")
        return token

    def renew_host_token(self) -> str:
        """A new token of the host's powers, for the host asking again: the old one is void, and
        the pages connected with it are closed."""
        token = new_token()
        self.host_token = digest_of(token)
        self.hall.store.update_table(self.id, host_token=self.host_token)
        self._close_renewed([c for c in self.connections if c.host], "the host")
        return token

    def _close_renewed(self, holders: list[Connection], whose: str) -> None:
        for old in holders:
            self.detach(old)
            old.end(4403, error_message("renewed", f"a new token was dealt for {whose}, asked for again (an "
                                                   "invitation link opened again, or play again): this page's link "
                                                   "holds it no more; open the table from the page that asked"))

    def seat_connections(self, seat: int | None) -> list[Connection]:
        return [c for c in self.connections if c.seat == seat]

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
                {"seat": seat, "kind": kind, "name": self.seat_name(seat), "claimed": self.taken(seat),
                 "open": self.open_to_lobby(seat), "connected": seat in connected}
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
        info["time_bank"] = self.banks.setting.to_json() if self.banks.setting else None
        for entry in info["seats"]:
            entry["bot"] = self.takeovers.seat_info(entry["seat"])  # a bot playing for a person
        return info

    # ------------------------------------------------------------------ messages
    def _core(self, audience: Audience) -> dict[str, Any]:
        people = [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]
        deadlines = None
        if self.turn_timer:
            deadlines = {seat: self.waiting_since.get(seat, 0.0) + self.turn_timer for seat in self.state.to_act}
        # the view goes in as the text made once per state, where orjson can embed it as it is
        view: Any = self.view_json(audience) if Fragment is None else Fragment(self.view_bytes(audience))
        core = state_payload(self.state, audience, people, self.turn_timer, deadlines, view)
        bank = self.banks.payload()
        if bank is not None:
            core["bank"] = bank
        if audience is not None:
            core["can_undo"] = self.undo.can_undo(audience)
        # the view last: a client that needs only the rest (a bot picking among ``legal``)
        # can read the message up to it
        core["view"] = core.pop("view")
        return core

    def view_json(self, audience: Audience) -> dict[str, Any]:
        """``audience``'s view of the current state as JSON data, made once per state: every
        reader of one state (its messages, the undo windows) shares it, and none may change it."""
        views = self._views_now()[2]
        view = views.get(audience)
        if view is None:
            view = views[audience] = self.state.view(audience).to_json()
        return view

    def view_bytes(self, audience: Audience) -> bytes:
        """``view_json(audience)`` as JSON (UTF-8 bytes), serialised once per state: the state
        message and the undo window both use it (a view is most of a state message's bytes)."""
        texts = self._views_now()[3]
        text = texts.get(audience)
        if text is None:
            text = texts[audience] = json_bytes(self.view_json(audience))
        return text

    def _views_now(self) -> tuple[State, int, dict[Audience, dict[str, Any]], dict[Audience, bytes]]:
        state, steps = self.state, steps_of(self.state)
        if self._views is None or self._views[0] is not state or self._views[1] != steps:
            self._views = (state, steps, {}, {})
        return self._views

    def _state_message(self, audience: Audience, last: dict[str, Any] | None = None,
                       force: bool = False) -> str | None:
        """The state message for ``audience``, or None when nothing it sees has changed."""
        core = dumps(self._core(audience))
        if core != self.sent.get(audience):
            self.sent[audience] = core
            self.seq[audience] = self.seq.get(audience, 0) + 1
        elif not force:
            return None
        head = dumps({"type": "state", "table": self.id, "seat": audience, "seq": self.seq[audience], "last": last,
                      **self.clock.head(audience), **self.banks.head()})
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
            try:
                message = self._state_message(audience, last, force=mine)
            except Exception:
                # The action is saved; one audience's view failing must not stop the others'
                # updates, nor the end of the game or the bots.
                log.exception("table %s: the view of %s could not be made", self.id,
                              "the spectators" if audience is None else f"seat {audience}")
                message = error_message("server_error", "the server could not show the table's new state "
                                                        "because of a fault in its game code")
            if message is not None:
                for connection in connections:
                    connection.push(message)

    def broadcast(self, message: str) -> None:
        for connection in self.connections:
            connection.push(message)

    def over_message(self) -> str:
        """The end of the game, with its record: made once, as greetings asked again and again
        must not make the server rebuild a long game's record each time."""
        state, steps = self.state, steps_of(self.state)
        names = tuple(self.seat_name(s) for s in range(len(self.seats)))
        if self._over is not None and self._over[0] is state and self._over[1:3] == (steps, names):
            return self._over[3]
        result = self.hall.results.of_state(self.id, state, list(names))
        message = dumps({"type": "over", "table": self.id, "scores": list(state.scores),
                         "winners": list(state.winners), "result": result, "record": state.record().to_json(),
                         "bots": self.takeovers.results()})
        self._over = (state, steps, names, message)
        return message

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
        self.last_activity = self.watched = time.time()
        connection.start()
        self.clock.joined(connection)
        self.takeovers.attached(connection)
        self.greet(connection)
        self.broadcast_presence(connection)
        self.bot_runner.kick()  # bots that waited for somebody to watch them (unwatched)

    def detach(self, connection: Connection) -> None:
        if connection in self.connections:
            self.connections.remove(connection)
            self.clock.left(connection)
            self.takeovers.detached(connection)
            self.last_activity = self.watched = time.time()
            self.broadcast_presence(None)

    def unwatched(self) -> bool:
        """A table of bots alone that nobody has watched for ``unlisted_after``: its bots wait
        for a visitor (then the table, where nothing happens, expires in time like any other),
        so that tables of bots, which anyone may open, do not play on for nobody."""
        return (not self.connections and HUMAN not in self.seats
                and time.time() - self.watched > self.limits.unlisted_after)

    def broadcast_presence(self, newcomer: Connection | None) -> None:
        message = self.table_message()
        for connection in self.connections:
            if connection is not newcomer:
                connection.push(message)

    def handle(self, connection: Connection, raw: str | bytes) -> None:
        """One message from a client. Every problem is answered with an error message;
        the connection stays open, and the table is as it was."""
        try:
            self._handle(connection, raw)
        except Exception:
            # A fault in a game's code must not drop the socket nor leave the table half-changed
            # (``commit`` restores the state when applying fails).
            log.exception("table %s: a message could not be handled", self.id)
            connection.push(error_message(
                "server_error", "the server could not handle that message because of a fault in its game code; "
                "nothing changed (the fault is logged for the server's operators)"))

    def _handle(self, connection: Connection, raw: str | bytes) -> None:
        try:
            message: AnyClientMessage | None = parse_client_message(raw, self.limits.message_bytes)
            problem: ProtocolError | None = None
        except ProtocolError as error:
            message, problem = None, error
        allowed = connection.allow()
        if not allowed or not isinstance(message, Act):
            self.batch.flush()  # the actions received before are answered first
        if not allowed:
            wait = connection.wait_for_allowance()
            connection.push(error_message(
                "rate", f"too many messages: at most {self.limits.messages_per_second:g} a second on a connection, "
                        f"{self.limits.address_messages_per_second:g} from an address",
                retry_after=round(wait, 3)))
            if isinstance(message, Act):
                self._resend_state_later(connection, wait)
            return
        if message is None:
            assert problem is not None
            connection.push(error_message(problem.code, problem.reason))
            return
        if message.table is not None and message.table != self.id:
            connection.push(error_message(
                "wrong_table", f"this connection is for table {self.id}, not {message.table!r}"))
            return
        if isinstance(message, Echo):
            self.clock.echo(connection, message.id)
        elif isinstance(message, Ping):
            connection.push(pong_message(message.id))
        elif isinstance(message, Hello):
            self.greet(connection)
        elif isinstance(message, Act):
            self.batch.add(self, connection, message)  # answered once it is saved (commits.py)
        elif isinstance(message, HandToBot):
            failure = self.hand_to_bot(connection, message.seat, message.bot)
            if failure is not None:
                connection.push(error_message(*failure))
        elif isinstance(message, Undo | Reclaim):
            failure = self.undo.undo(connection) if isinstance(message, Undo) else self.takeovers.reclaim(connection)
            if failure is not None:
                connection.push(error_message(*failure))

    def _resend_state_later(self, connection: Connection, wait: float) -> None:
        """A refused action is answered with the current state once the connection may
        send again, so that a client acting on every state retries instead of stalling."""
        if connection.retry is not None:
            return

        def resend() -> None:
            connection.retry = None
            if connection in self.connections:
                message = self._state_message(connection.seat, force=True)
                if message is not None:
                    connection.push(message)

        connection.retry = asyncio.get_running_loop().call_later(wait + 0.001, resend)

    # ------------------------------------------------------------------ playing
    @property
    def batch(self) -> ActionBatch:
        return batch_of(self.hall)

    def act(self, connection: Connection, message: Act) -> tuple[str, str] | None:
        """Take a seat's action and save it alone; the (code, reason) it was refused for, or None."""
        checked = self.check(connection, message)
        if not isinstance(checked, Action):
            return checked
        assert connection.seat is not None
        try:
            self.commit(connection.seat, checked)
        except SaveFailed:
            return "unsaved", UNSAVED
        return None

    def take(self, connection: Connection, message: Act) -> Taken | None:
        """Check a seat's action and apply it, not saved yet (commits.py saves it, then calls
        ``committed``); None when it was refused, the connection told why."""
        try:
            checked = self.check(connection, message)
            if isinstance(checked, Action):
                assert connection.seat is not None
                step, text, over = self._apply(connection.seat, checked)
                return Taken(self, connection, message, connection.seat, step, text, over)
            code, reason = checked
            connection.push(error_message(code, reason, action=message.action, seq=self.seq.get(connection.seat)))
        except Exception:
            log.exception("table %s: an action could not be handled", self.id)
            connection.push(error_message(
                "server_error", "the server could not handle that message because of a fault in its game code; "
                "nothing changed (the fault is logged for the server's operators)"))
        return None

    def check(self, connection: Connection, message: Act) -> Action | tuple[str, str]:
        """The seat's action, checked against the state; or the (code, reason) it is refused for."""
        seat = connection.seat
        state = self.state
        if seat is None:
            return "not_a_seat", "spectators cannot act: open a seat's invitation link to play"
        if state.is_over:
            return "over", "the game is over: no more actions"
        if self.seats[seat] != HUMAN:
            return "bot_seat", f"seat {seat} is played by the {self.seats[seat]} bot now"
        current = self.seq.get(seat, 0)
        # on the clock, others' progress must not make an action stale: the race goes on
        if message.seq is not None and message.seq != current and not self.clock.owns(seat):
            return "stale", (f"stale action: it answers update {message.seq}, but seat {seat} has seen update "
                             f"{current} since; choose again from the latest state")
        try:
            action = self.game.parse_action(state, seat, message.action)
        except InvalidNotation as error:
            return "notation", str(error)
        except QuarkadeError as error:
            return "illegal", str(error)
        action = self.clock.stamp(connection, action)
        reason = state.why_illegal(seat, action)
        if reason is not None:
            return "illegal", reason
        return action

    def commit(self, seat: int, action: Action) -> None:
        """Apply a checked action, save it, then tell everyone. Raises ``SaveFailed``
        (and changes nothing) when the store cannot commit it."""
        step, text, over = self._apply(seat, action)
        try:
            self.hall.store.append_action(self.id, step, seat, text, over)
        except Exception as error:
            log.exception("table %s: could not save action %d (%s)", self.id, step, text)
            self.forget_last()
            raise SaveFailed(str(error)) from error
        self.committed(seat, step, text, over)

    def _apply(self, seat: int, action: Action) -> tuple[int, str, tuple[list[float], list[int]] | None]:
        """Apply a checked action: its step, its notation, and the scores and winners if it
        ended the game."""
        state = self.state
        text = str(action)
        step = steps_of(state)
        self.last_optional = seat not in state.to_act
        # A bot's action is never taken back; a person's may be, if it showed its seat nothing new.
        if seat not in self.bots:
            self.before[step] = (action, state.view(seat).whole(), state.clone())
        try:
            state.apply(seat, action)
        except Exception:
            self.before.pop(step, None)
            # A game that fails half-way may have changed its state: rebuild it from the record.
            record = state.record()
            del record.actions[step:]
            self.state = quarkade.replay(record)
            raise
        return step, text, (list(state.scores), list(state.winners)) if state.is_over else None

    def forget_last(self) -> None:
        """The state without its last action (which could not be saved), rebuilt from the record."""
        record = self.state.record()
        record.actions.pop()
        self.before.pop(len(record.actions), None)
        self.state = quarkade.replay(record)

    def committed(self, seat: int, step: int, text: str, over: tuple[list[float], list[int]] | None) -> None:
        """Action ``step`` is saved: follow it, then tell everyone."""
        self.last_activity = time.time()
        self._note_waiting()
        self.undo.committed(seat, step)
        self.replays.extend()
        self.clock.update()
        self.banks.update()
        self.publish(seat, text)
        if over is not None:
            self._finish()
        elif step + 1 >= self.limits.actions_per_table:
            limit = self.limits.actions_per_table
            self.hall.end_unfinished(self, f"the game went on past {limit:,} actions, this server's limit: "
                                           "the table is closed, its record kept",
                                     problem=f"the game went on past {limit:,} actions, the server's limit")
        else:
            self.bot_runner.kick()

    def _note_waiting(self) -> None:
        to_act = self.state.to_act
        now = time.time()
        for seat in list(self.waiting_since):
            if seat not in to_act:
                del self.waiting_since[seat]
        for seat in to_act:
            self.waiting_since.setdefault(seat, now)

    def replace_state(self, state: State, last_taken_back: bool = False) -> None:
        """The state rebuilt from a record an undo changed: what was kept of the old one goes,
        but for the replays' frames before the action taken back when it was the last."""
        self.state = state
        self.replays.forget(steps_of(state) if last_taken_back else None)
        self.last_activity = time.time()
        self._note_waiting()
        self.clock.update()

    def _finish(self) -> None:
        self.takeovers.finish()
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
        self.takeovers.take_over(seat, "host", kind)
        return None

    def leave_play(self) -> None:
        """The table leaves play (closed by its host, or expired): nothing of it runs on."""
        self.bot_runner.cancel()
        self.banks.stop()
        self.takeovers.stop()

    async def stop(self) -> None:
        self.clock.stop()
        self.banks.stop()
        self.takeovers.stop()
        await self.bot_runner.stop()
        for connection in list(self.connections):
            await connection.stop()


__all__ = ["Connection", "HallError", "Limits", "SaveFailed", "Table"]
