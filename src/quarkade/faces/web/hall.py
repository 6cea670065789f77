"""The hall: every table of the server, how seats are handed out, and how tables end.

A seat's token is issued once, to one person: the host gets the tokens of the seats it
plays when it opens the table; every other human seat gets a one-time invitation code
instead, exchanged for a fresh token by the first browser that opens the link; a public
table's open seats go to newcomers from the lobby. Abandoned tables expire; finished ones
stay in the database as records and leave memory; the host may close a table before its end.

Names are shown, never trusted: whoever takes a seat may give a name for it (1 to 24
printable characters), shown to everyone instead of the seat's number. A browser may also
send its browser id, a random secret it keeps: the seat remembers a digest of it, so that
the same browser opening a used invitation link again gets its seat back, while anyone
else is told who holds the seat and watches.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import math
import re
import secrets
import time
import unicodedata
from collections import OrderedDict
from functools import lru_cache
from typing import Any

from confusable_homoglyphs import confusables

import quarkade
from quarkade.agents import bot_kinds
from quarkade.core import QuarkadeError, Record
from quarkade.core.registry import configure, game_class
from quarkade.faces.web.bot_runner import Lanes
from quarkade.faces.web.connection import Addresses, Buckets, Creations, Limits
from quarkade.faces.web.errors import HallError
from quarkade.faces.web.protocol import dumps
from quarkade.faces.web.results import Results
from quarkade.faces.web.seats import HUMAN, Dealt, digest_of, new_table_id, new_token, same_secret, seat_name
from quarkade.faces.web.store import BROKEN, CLOSED, EXPIRED, OPEN, OVER, Store, StoredTable
from quarkade.faces.web.tables import Table
from quarkade.faces.web.takeover import summary

log = logging.getLogger("quarkade.web")

NAME_LENGTH = 24
BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{16,128}")
# what the server itself calls a seat without a name: a person may not pass for a bot or a free seat
LABEL = re.compile(r"bot\s*\d*\s*\(.*\)|seat\s*\d+", re.IGNORECASE)
_SMALL_CAPITAL = re.compile(r"LATIN LETTER SMALL CAPITAL ([A-Z])")
CLOSED_CODE = 4410  # the websocket close code of a table its host closed
EVERYONE = "*"  # the key of the server's own count of tables created (no address is written so)
MINE_LISTED = 20  # a browser's own tables looked up for its lobby, at most


def clean_name(name: str | None) -> str | None:
    """A seat's name trimmed, or ``HallError`` saying what is wrong with it.

    >>> clean_name("  Ada  ")
    'Ada'
    >>> clean_name("Ada\\nLovelace")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    quarkade.faces.web.errors.HallError: a name holds printable characters only (...)
    """
    if name is None:
        return None
    trimmed = name.strip()
    if not 1 <= len(trimmed) <= NAME_LENGTH:
        raise HallError(400, f"a name is 1 to {NAME_LENGTH} characters long (spaces around it left out), "
                             f"not {len(trimmed)}")
    if not trimmed.isprintable():
        raise HallError(400, "a name holds printable characters only (no line breaks, tabs or control characters)")
    if LABEL.fullmatch(trimmed) or LABEL.fullmatch(_as_latin(trimmed)):
        raise HallError(400, f"{trimmed!r} reads like the label of a bot or of a seat without a name: choose another")
    return trimmed


def _as_latin(name: str) -> str:
    """``name`` as it looks in Latin letters and digits: compatibility forms folded (NFKC:
    fullwidth and mathematical letters), and each letter of another script that looks like a
    Latin one (Unicode's confusables: Cyrillic 'Ѕ', Greek 'ο') read as that one.

    >>> _as_latin("Ѕeat ２"), _as_latin("Bοt (easy)"), _as_latin("Zoë"), _as_latin("Иван")
    ('Seat 2', 'Bot (easy)', 'Zoë', 'ИBaH')
    """
    return "".join(map(_latin_letter, unicodedata.normalize("NFKC", name)))


@lru_cache(maxsize=4096)  # names are short; an attacker's many characters must not grow it without end
def _latin_letter(char: str) -> str:
    """``char``, or the ASCII letter or digit it can be taken for."""
    if char.isascii():
        return char
    found = confusables.is_confusable(char, preferred_aliases=["latin"])
    for homoglyph in found[0]["homoglyphs"] if found else ():
        looks = unicodedata.normalize("NFKC", homoglyph["c"])
        if len(looks) == 1 and looks.isascii() and looks.isalnum():
            return looks
        letter = _SMALL_CAPITAL.fullmatch(unicodedata.name(homoglyph["c"], ""))
        if letter:
            return letter.group(1)
    return char


def _duration(seconds: float) -> str:
    """A wait in words, rounded up: '40 seconds', '1 minute', '12 minutes'.

    >>> _duration(0.2), _duration(59.5), _duration(61), _duration(3540)
    ('1 second', '60 seconds', '2 minutes', '59 minutes')
    """
    if seconds <= 60:
        count, unit = max(1, math.ceil(seconds)), "second"
    else:
        count, unit = math.ceil(seconds / 60), "minute"
    return f"{count} {unit}" if count == 1 else f"{count} {unit}s"


def seat_words(table: Table, seat: int) -> str:
    """A seat as people say it, counted from 1, with its player's name when it has one:
    'Seat 2 (Bea)'."""
    number, name = f"Seat {seat + 1}", table.seat_name(seat)
    return number if name == number else f"{number} ({name})"


def browser_digest(browser: str | None) -> str | None:
    """What the store keeps of a browser id: a digest, so that the database never holds the
    secret that gets a seat back."""
    if browser is None:
        return None
    if not BROWSER_ID.fullmatch(browser):
        raise HallError(400, "a browser id is 16 to 128 letters, digits, '-' or '_'")
    return hashlib.sha256(b"quarkade browser " + browser.encode("ascii")).hexdigest()


class Hall:
    """Every table of the server, and the store behind them."""

    def __init__(self, store: Store, limits: Limits, bot_delay: float) -> None:
        self.store = store
        self.limits = limits
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}  # open tables, and finished ones still in use
        self.recent: OrderedDict[str, Table] = OrderedDict()  # finished tables, latest last
        self.recent_size = 64
        self.results = Results()  # finished games' results in words
        self.sockets = Addresses(limits.connections_per_address)  # open websockets by address
        # when each address created its tables lately (monotonic seconds): however they ended
        self.creations = Creations(limits.tables_per_hour, 3600.0)
        self.creations_all = Creations(limits.tables_an_hour_in_all, 3600.0)
        self.revivals = Buckets(limits.revivals_per_second, limits.revival_burst)  # by address
        self.messages = Buckets(limits.address_messages_per_second, limits.address_message_burst)  # by address
        self.lanes = Lanes()  # where the bots think (bot_runner.py)
        self._sweeper: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ life
    def start(self) -> None:
        """Expire the abandoned tables, then load the live ones by replaying their records;
        their bots resume."""
        expired = self.store.expire_abandoned(time.time() - self.limits.abandon_after)
        if expired:
            log.info("%d abandoned table(s) expired", expired)
        loaded = 0
        for stored in self.store.unfinished():
            table = self._revive(stored)
            if table is not None:
                self.tables[table.id] = table
                loaded += 1
        for table in self.tables.values():
            table.bot_runner.kick()
        if loaded:
            log.info("resumed %d unfinished table(s)", loaded)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for table in list(self.tables.values()) + list(self.recent.values()):
            await table.stop()
        self.lanes.shutdown()
        self.lanes = Lanes()  # its threads start with the first bot to think

    async def _sweep_forever(self) -> None:
        period = min(60.0, max(0.05, self.limits.abandon_after / 4))
        while True:
            await asyncio.sleep(period)
            try:
                self.sweep()
            except Exception:  # a database hiccup: try again at the next sweep
                log.exception("the sweep of abandoned tables failed")

    def sweep(self, now: float | None = None) -> list[str]:
        """Expire every open table nobody is at and nothing happened at for ``abandon_after``;
        the ids expired. Finished tables nobody watches leave memory (they stay as records),
        and so do the creation times of tables created over an hour ago."""
        self.creations.prune(time.monotonic())
        horizon = (time.time() if now is None else now) - self.limits.abandon_after
        gone = [table for table in self.tables.values()
                if not table.over and not table.connections and not table.bot_runner.playing
                and table.last_activity < horizon]
        for table in gone:
            self.store.update_table(table.id, status=EXPIRED)
            del self.tables[table.id]
            table.leave_play()
        for table_id in [i for i, t in self.recent.items() if not t.connections]:
            del self.recent[table_id]
        return [table.id for table in gone]

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
    def get(self, table_id: str, client: str | None = None) -> Table | None:
        """The table ``table_id``: open or in memory, or a finished one loaded again from its
        record, which replays its game (tens of milliseconds for a long one): ``client``, the
        address asking, may have only so many loaded a second (``HallError`` 429 beyond)."""
        table = self.tables.get(table_id) or self.recent.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 32:
            return None
        row = self.store.row(table_id)  # its status first: a long record is read only to be played
        if row is None or row["status"] != OVER:
            return None
        if client is not None and (wait := self.revivals.take(client, time.monotonic())) > 0:
            seconds = max(1, math.ceil(wait))
            raise HallError(429, f"too many finished tables loaded again from your address: this server loads "
                                 f"{self.limits.revivals_per_second:g} a second for one address, after "
                                 f"{self.limits.revival_burst:g}; try again in {seconds} second"
                                 f"{'' if seconds == 1 else 's'}", retry_after=round(wait, 3))
        table = self._revive(StoredTable(row, self.store.actions_of(table_id)))
        if table is not None:
            self._remember(table)
        return table

    def missing(self, table_id: str) -> HallError:
        """Why there is no table ``table_id`` to open: closed, expired, or never was."""
        row = self.store.row(table_id) if len(table_id) <= 32 else None  # its status alone: no record read
        status = row["status"] if row is not None else None
        if status == CLOSED:
            assert row is not None
            return HallError(410, row.get("problem") or "its host closed this table")
        if status == EXPIRED:
            return HallError(404, "this table expired: nobody played at it or visited it for a long time")
        return HallError(404, f"there is no table {table_id[:40]!r}")

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

    def _check_options(self, game_id: str, options: dict[str, Any]) -> None:
        """Whole numbers beyond what the game states, or beyond the server's ceiling when it
        states nothing, are refused before the game sees them."""
        specs = {spec.name: spec for spec in game_class(game_id).info.options}
        for name, value in options.items():
            spec = specs.get(name)
            if spec is None or spec.kind is not int or isinstance(value, bool) or not isinstance(value, int):
                continue
            ceiling = self.limits.option_ceiling
            if spec.maximum is None and value > ceiling:
                raise HallError(400, f"option {name!r} of {game_id} is at most {ceiling} here, not {value}")
            if spec.minimum is None and value < -ceiling:
                raise HallError(400, f"option {name!r} of {game_id} is at least {-ceiling} here, not {value}")

    def create(self, game_id: str, players: int | None, options: dict[str, Any], seats: list[str] | None,
               turn_timer: int | None, public: bool, creator: str, *, play: list[int] | None = None,
               invite: list[int] | None = None, previous: Table | None = None, name: str | None = None,
               browser: str | None = None, time_bank: dict[str, int] | None = None,
               invitations: bool = True) -> tuple[Table, Dealt]:
        """A new table, and the secrets dealt for its host (the only copies: the table keeps
        their digests). The host plays ``play`` (default: the first human seat); the other
        human seats get invitation codes, and those in ``invite`` (default: all of them on
        a private table or at a rematch, none on a public table) are kept for invitations
        only; the rest are open to the lobby. The host's ``name`` goes to the first seat it
        plays (at a hot seat the others keep their numbers). Without ``invitations`` the
        other human seats get no codes yet (a next game opened by a player: the host deals
        them when it comes)."""
        name, digest = clean_name(name), browser_digest(browser)
        if self.active_tables_of(creator) >= self.limits.tables_per_client:
            raise HallError(429, f"you have {self.limits.tables_per_client} open tables already, the limit: "
                                 "finish or leave some before opening more")
        # Closed and finished tables count here: each stays in the database, so a loop that
        # opens and closes tables would otherwise fill it.
        started = time.monotonic()
        wait = self.creations.wait(creator, started)
        if wait > 0:
            raise HallError(429, f"{self.limits.tables_per_hour} tables were created from your address in the "
                                 f"last hour, the limit (closed and finished ones count too): you may create "
                                 f"another in {_duration(wait)}", retry_after=math.ceil(wait))
        wait = self.creations_all.wait(EVERYONE, started)
        if wait > 0:  # many addresses together (a block of IPv6 networks): the database is one
            raise HallError(429, f"this server has opened {self.limits.tables_an_hour_in_all} tables in the last "
                                 f"hour, as many as it may: a new one may be created in {_duration(wait)}",
                            retry_after=math.ceil(wait))
        if len(self.tables) >= self.limits.open_tables:
            raise HallError(503, "the server holds as many tables as it can; try again later")
        try:
            cls = game_class(game_id)
        except QuarkadeError as error:
            raise HallError(404, str(error)) from None
        if players is None and seats:
            players = len(seats)
        self._check_options(game_id, options)
        try:
            game = configure(game_id, players, options)
        except QuarkadeError as error:
            raise HallError(400, str(error)) from None
        except Exception as error:  # a game's own fault on odd options: refuse them, with a reason
            log.exception("%s could not be loaded with options %r", game_id, options)
            raise HallError(400, f"{game_id} cannot be played with these options ({type(error).__name__})") from None
        kinds = bot_kinds(game.id)
        if seats is None:
            # The lobby's own default: the Normal level, where a game has the levels.
            default = next((kind for kind in ("normal", "heuristic") if kind in kinds), kinds[0])
            seats = [HUMAN] + [default] * (game.players - 1)
        if len(seats) != game.players:
            raise HallError(400, f"{len(seats)} seats for a {game.players}-player game: give one per player")
        for seat, kind in enumerate(seats):
            if kind != HUMAN and kind not in kinds:
                raise HallError(400, f"seat {seat}: {kind!r} is neither 'human' nor a bot of {game.id} "
                                     f"(the bots: {', '.join(kinds)})")
        humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
        play = humans[:1] if play is None else sorted(set(play))
        invite = (humans if previous is not None or not public else []) if invite is None else sorted(set(invite))
        for field, chosen in (("play", play), ("invite", invite)):
            for seat in chosen:
                if seat not in humans:
                    raise HallError(400, f"{field}: seat {seat} is not a human seat of this table")
        try:
            seed = self.new_seed()
            state = game.new_game(seed)
        except Exception as error:
            log.exception("%s could not deal a new game with options %r", game_id, options)
            raise HallError(400, f"{game_id} cannot be played with these options ({type(error).__name__})") from None
        table_id = new_table_id()
        while table_id in self.tables or self.store.row(table_id) is not None:
            table_id = new_table_id()
        host_token = new_token()
        dealt = Dealt({seat: new_token() for seat in play}, host_token,
                      {seat: new_token() for seat in humans if seat not in play} if invitations else {})
        tokens = [digest_of(dealt.tokens[seat]) if seat in play else None for seat in range(game.players)]
        row: dict[str, Any] = {
            "id": table_id, "game": game.id, "rules_version": cls.info.rules_version, "players": game.players,
            "options": dict(game.options), "seats": list(seats), "initial_seats": list(seats),
            "seat_tokens": tokens, "claimed": [token is not None for token in tokens],
            "invitations": [digest_of(dealt.invitations[seat]) if seat in dealt.invitations else None
                            for seat in range(game.players)],
            "reserved": [seat in invite and seat not in play for seat in range(game.players)],
            "host_seats": play,
            "host_token": digest_of(host_token), "turn_timer": turn_timer or None, "public": public,
            "seed": seed,
            "creator": creator, "created": time.time(), "status": OPEN,
            "previous_table": previous.id if previous is not None else None, "next_table": None,
            "names": [name if play and seat == play[0] else None for seat in range(game.players)],
            "browsers": [digest if seat in play else None for seat in range(game.players)],
            "spent_invitations": [None] * game.players,
            "time_bank": time_bank or None,
        }
        self.store.create_table(row)
        self.creations.add(creator, started)
        self.creations_all.add(EVERYONE, started)
        table = Table(self, row, state)
        self.tables[table_id] = table
        table.bot_runner.kick()
        return table, dealt

    # ------------------------------------------------------------------ seats
    def accept(self, table: Table, code: str, name: str | None = None,
               browser: str | None = None) -> tuple[int, str]:
        """Exchange an invitation code for its seat's new token (once). A code whose seat
        was taken since gives the same browser its seat back (with a new token, which voids the
        one it had); anyone else is told who holds the seat (``403`` with ``taken``), and may
        watch."""
        name, digest = clean_name(name), browser_digest(browser)
        seat = table.invitation_seat(code)
        if seat is None:
            spent = table.spent_seat(code)
            if spent is None:
                raise HallError(403, "this invitation is not valid any more: the host made a new link for its "
                                     "seat; ask the host for the new one")
            if table.tokens[spent] is not None and same_secret(digest, table.browsers[spent]):
                return spent, table.renew_token(spent)
            holder = table.seat_name(spent)
            raise HallError(403, f"this invitation is not valid any more: its seat is taken, {holder} plays it; "
                                 "you can watch the table", taken={"seat": spent, "name": holder})
        if table.over:
            raise HallError(409, "the game is over")
        if table.taken(seat):
            raise HallError(409, f"{table.seat_name(seat)} holds this seat already")
        return seat, table.issue_token(seat, name, digest)

    def invite(self, table: Table, token: str | None, seat: int) -> str:
        """A new invitation code for a free human seat, dealt by the host; the seat's previous
        code is void (a link sent to the wrong person, or lost)."""
        if not table.is_host(token):
            raise HallError(403, "only the host deals invitations: this needs the host's token")
        if table.over:
            raise HallError(409, "the game is over")
        if not 0 <= seat < table.game.players or table.seats[seat] != HUMAN:
            raise HallError(400, f"seat {seat} is not a human seat of this table")
        if table.taken(seat):
            raise HallError(409, f"{seat_words(table, seat)} is taken already")
        return table.deal_invitation(seat)

    def claim(self, table: Table, name: str | None = None, browser: str | None = None) -> tuple[int, str]:
        """An open seat of a public table for a newcomer from the lobby, with its new token."""
        name, digest = clean_name(name), browser_digest(browser)
        if table.over:
            raise HallError(409, "the game is over")
        if not table.public:
            raise HallError(403, "this table is private: ask its host for an invitation link")
        for seat in range(table.game.players):
            if table.open_to_lobby(seat):
                return seat, table.issue_token(seat, name, digest)
        raise HallError(409, "no seat of this table is open: the others wait for invited players")

    def again(self, table: Table, token: str | None, creator: str, name: str | None = None,
              browser: str | None = None) -> tuple[Table, Dealt]:
        """The next game at a finished table, and what is dealt to the caller there: the tokens
        of its seats, and for the host the host's token and the invitations for the other seats.
        The first caller opens it with the same settings and a new seed. A player gets a new
        token for the same seat, once; the host gets the seats it plays and the host's powers
        (new tokens each time it asks, which void those it was dealt before), and deals
        invitations for the other seats (those it was not dealt yet)."""
        if not table.over:
            raise HallError(409, "the game is not over yet")
        name, digest = clean_name(name), browser_digest(browser)
        host = table.is_host(token)
        own = table.seat_of(token)
        if not host and own is None:
            raise HallError(403, "play again needs the token of a seat or of the host of this table")
        following = self.get(table.next_table, creator) if table.next_table else None
        if following is not None:
            dealt = self._deal_to_host_again(following) if host else Dealt()
        elif host:
            following, dealt = self._open_next(table, creator, name, browser, invitations=True)
        else:  # the seats the host plays keep their tokens for the host, who is dealt them when it comes
            following, dealt = self._open_next(table, creator)[0], Dealt()
        if own is not None and own not in dealt.tokens and following.seats[own] == HUMAN:
            if own in following.host_seats:  # a seat the host plays, asked for by its player
                dealt.tokens[own] = following.renew_token(own)
            elif following.tokens[own] is None:
                dealt.tokens[own] = following.issue_token(own, name, digest)
            else:
                # issued already, to an invited player or to this player from another page:
                # which one cannot be told, so it is never handed out twice
                raise HallError(409, f"{seat_words(following, own)} of the next game is taken already")
        return following, dealt

    def _open_next(self, table: Table, creator: str, name: str | None = None, browser: str | None = None,
                   invitations: bool = False) -> tuple[Table, Dealt]:
        """The next game at a finished table, with its settings and a new seed, and what is dealt
        to its host there: the tokens of the seats it plays, the host's, and with ``invitations``
        (the host opening it) the invitations for the other seats. Opened by a player, the other
        seats get none yet: the host deals them when it comes (``_deal_to_host_again``)."""
        humans = [s for s, kind in enumerate(table.row["initial_seats"]) if kind == HUMAN]
        following, dealt = self.create(
            table.game.id, table.game.players, dict(table.game.options), list(table.row["initial_seats"]),
            table.turn_timer, table.public, creator, play=[s for s in table.host_seats if s in humans],
            previous=table, name=name, browser=browser, time_bank=table.row.get("time_bank"),
            invitations=invitations,
        )
        table.next_table = following.id
        self.store.update_table(table.id, next_table=following.id)
        table.broadcast(table.table_message())
        return following, dealt

    def _deal_to_host_again(self, following: Table) -> Dealt:
        """The host asking for the next game again: new tokens for the host and the seats it
        plays (voiding those it was dealt before), and invitations for the seats a player who
        opened the table left without."""
        dealt = Dealt()
        dealt.host_token = following.renew_host_token()
        for seat in following.host_seats:
            dealt.tokens[seat] = following.renew_token(seat)
        for seat, kind in enumerate(following.seats):
            if (kind == HUMAN and seat not in following.host_seats and not following.taken(seat)
                    and following.invitations[seat] is None):
                dealt.invitations[seat] = following.deal_invitation(seat)
        return dealt

    def rename(self, table: Table, token: str | None, name: str | None) -> int:
        """A seat's player gives it another name; the seat."""
        seat = table.seat_of(token)
        if seat is None:
            raise HallError(403, "a seat's name is changed with that seat's token")
        if table.over:  # the names it finished under are its result's, in the lobby and the leaderboard
            raise HallError(409, "the game is over: the names it was played under stand with its result")
        cleaned = clean_name(name)
        if cleaned is None:
            raise HallError(400, "give the new name")
        table.names[seat] = cleaned
        self.store.update_table(table.id, names=table.names)
        table.broadcast(table.table_message())
        return seat

    def close(self, table: Table, token: str | None) -> None:
        """The host ends its table before the end of the game: everyone at it is told, the
        connections close, and it leaves the lobby. Its record stays in the database."""
        if not table.is_host(token):
            raise HallError(403, "only the host can close the table: this needs the host's token")
        if table.over:
            raise HallError(409, "the game is over already: a finished table stays as a record to replay")
        self.end_unfinished(table, "the host closed this table")

    def end_unfinished(self, table: Table, reason: str, problem: str | None = None) -> None:
        """End a table before the end of its game (its host closed it, or the server stopped a
        game that went on past its limit, ``problem``): everyone at it is told ``reason``, the
        connections close, and it leaves the lobby. Its record stays in the database."""
        self.store.update_table(table.id, status=CLOSED, finished=time.time(), problem=problem)
        self.tables.pop(table.id, None)
        message = dumps({"type": "closed", "table": table.id, "reason": reason})
        # The connections leave the table first, so that their going arms no clock, bank or
        # takeover timer; each still sends the message, then closes.
        leaving, table.connections = table.connections, []
        for connection in leaving:
            connection.end(CLOSED_CODE, message)
        table.leave_play()
        table.clock.stop()
        table.banks.stop()
        table.takeovers.stop()

    # ------------------------------------------------------------------ listing
    def listed(self, table: Table, now: float) -> bool:
        """Whether an open table shows in the lobby: public, and someone is at it or something
        happened at it lately (an abandoned table leaves the list before it expires)."""
        return table.public and (bool(table.connections) or table.bot_runner.playing
                                 or table.last_activity >= now - self.limits.unlisted_after)

    def listing(self, mine: list[str] | None = None) -> dict[str, Any]:
        """The lobby's lists: open public tables, the latest finished ones, and with ``mine``
        (ids of tables a browser holds seats at) those of them still being played, listed
        or not, so that their players find them again."""
        now = time.time()
        live = sorted((t for t in self.open_tables() if self.listed(t, now)), key=lambda t: -t.created)[:100]
        finished = []
        rows = self.store.finished()
        shown = [[seat_name(s, k, (row["names"] or [None] * len(row["seats"]))[s], row["seats"])
                  for s, k in enumerate(row["seats"])] for row in rows]
        results = self.results.of_rows(rows, self.store, shown)
        for row, result, names in zip(rows, results, shown, strict=True):
            try:
                title = game_class(row["game"]).info.title
            except QuarkadeError:
                title = row["game"]
            finished.append({
                "id": row["id"], "game": row["game"], "title": title, "players": row["players"],
                "options": row["options"],
                "seats": [{"seat": s, "kind": k, "name": names[s]} for s, k in enumerate(row["seats"])],
                "status": OVER, "created": row["created"], "finished": row["finished"],
                "scores": row["scores"], "winners": row["winners"], "next": row["next_table"],
                "bots": summary(row.get("takeovers")),  # the seats bots played for people
                "result": result,  # who won and why, in words (None until made)
            })
        answer: dict[str, Any] = {"open": [t.public_info() for t in live], "finished": finished}
        if mine is not None:
            yours = [self.tables.get(table_id) for table_id in dict.fromkeys(mine[:MINE_LISTED])]
            answer["yours"] = [t.public_info() for t in yours if t is not None and not t.over]
        return answer
