"""Persistence of tables and their records with SQLAlchemy 2.0.

Every accepted action is committed before anyone hears of it, so a server stopped at
any moment (even killed) loses nothing that a player saw. SQLite runs in WAL mode with
``synchronous=NORMAL``: a commit survives the process being killed; only a power cut
could lose the last moments. A full SQLAlchemy URL (``postgresql://...``) works too.

One server holds a database: two processes on one file would each keep their own tables
in memory and diverge. ``Store.lock`` takes an operating-system lock on a file beside a
SQLite database; the lock dies with the process, so a killed server never leaves it stale.
"""

from __future__ import annotations

import fcntl
import logging
import os
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, cast

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    bindparam,
    create_engine,
    event,
    exists,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

log = logging.getLogger("quarkade.web")

OPEN, OVER, BROKEN, EXPIRED = "open", "over", "broken", "expired"
CLOSED = "closed"  # its host ended it before the end of the game


class DatabaseBusy(RuntimeError):
    """Another live server holds this database."""


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "quarkade_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    rules_version: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[str]] = mapped_column(JSON)  # "human" or a bot kind, now
    initial_seats: Mapped[list[str]] = mapped_column(JSON)  # as created ("play again" uses these)
    seat_tokens: Mapped[list[str | None]] = mapped_column(JSON)  # None until the seat is taken
    claimed: Mapped[list[bool]] = mapped_column(JSON)  # a token was issued for the seat
    # One-time invitation codes, by seat (None: none outstanding); a code is exchanged once
    # for a new seat token, so the host never holds the token of a seat it does not play.
    invitations: Mapped[list[str | None] | None] = mapped_column(JSON, nullable=True)
    reserved: Mapped[list[bool] | None] = mapped_column(JSON, nullable=True)  # not for the lobby
    host_seats: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)  # the seats the host plays
    host_token: Mapped[str] = mapped_column(String(64))
    turn_timer: Mapped[int | None] = mapped_column(Integer, nullable=True)
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    creator: Mapped[str] = mapped_column(String(64), index=True)
    created: Mapped[float] = mapped_column(Float)
    finished: Mapped[float | None] = mapped_column(Float, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True, default=OPEN)
    problem: Mapped[str | None] = mapped_column(String(500), nullable=True)
    scores: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    winners: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    previous_table: Mapped[str | None] = mapped_column(String(32), nullable=True)
    next_table: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # The names people gave for their seats (None: no name given); names are shown, never
    # trusted: a seat is held by its token alone.
    names: Mapped[list[str | None] | None] = mapped_column(JSON, nullable=True)
    # A digest of the browser id that took each seat: the same browser opening a used
    # invitation link again gets its seat back (the id itself is never stored).
    browsers: Mapped[list[str | None] | None] = mapped_column(JSON, nullable=True)
    # The invitation code each seat had when it was taken, so that a used link can say who
    # holds its seat.
    spent_invitations: Mapped[list[str | None] | None] = mapped_column(JSON, nullable=True)


    # Players' clocks (banks.py): the setting {"reserve": s, "bonus": s} or None, and each
    # seat's milliseconds left when the table last changed, so that a restart resumes them.
    time_bank: Mapped[dict[str, int] | None] = mapped_column(JSON, nullable=True)
    banks: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    # The spells a bot played a person's seat for (takeover.py), in order.
    takeovers: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)


class ActionRow(Base):
    __tablename__ = "quarkade_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("quarkade_tables.id"), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(512))
    at: Mapped[float] = mapped_column(Float)


TABLES = cast(Table, TableRow.__table__)
ACTIONS = cast(Table, ActionRow.__table__)
# Built once: the hot path only binds new values to them.
_INSERT_ACTION = insert(ACTIONS)
_FINISH_TABLE = update(TABLES).where(TABLES.c.id == bindparam("table_id"))
_ACTION_COLUMNS = ("table_id", "step", "seat", "action", "at")
_SQLITE_INSERT_ACTION = (f"INSERT INTO {ACTIONS.name} ({', '.join(_ACTION_COLUMNS)}) "
                         f"VALUES ({', '.join('?' * len(_ACTION_COLUMNS))})")


class NewAction(NamedTuple):
    """An accepted action to save: ``over`` holds the final scores and winners when it ended
    the game."""

    table_id: str
    step: int
    seat: int
    action: str
    over: tuple[list[float], list[int]] | None = None


@dataclass
class StoredTable:
    """A table as the database holds it, with its record's actions in order."""

    row: dict[str, Any]
    actions: list[tuple[int, str]] = field(default_factory=list)


def database_url(db: str | None) -> str:
    """A SQLAlchemy URL from a URL or a file path (default ``quarkade.sqlite3`` here).

    >>> database_url("games.sqlite3")
    'sqlite:///games.sqlite3'
    >>> database_url("postgresql://host/quarkade")
    'postgresql://host/quarkade'
    """
    if db is None:
        db = "quarkade.sqlite3"
    if "://" in db:
        return db
    return f"sqlite:///{Path(db)}"


class Store:
    """Synchronous, short transactions; the web server calls them from its event loop
    (a SQLite commit in WAL mode takes a fraction of a millisecond)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.sqlite:
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(url, **kwargs)
        if self.sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)
        self._add_new_columns()
        self._writer: Connection | None = None
        self._lock: int | None = None

    def _add_new_columns(self) -> None:
        """Columns added since a database was made are added to it (nullable, so old rows
        read as 'not set')."""
        present = {column["name"] for column in inspect(self.engine).get_columns(TABLES.name)}
        missing: list[Column[Any]] = [column for column in TABLES.columns if column.name not in present]
        if not missing:
            return
        with self.engine.begin() as connection:
            for column in missing:
                kind = column.type.compile(dialect=self.engine.dialect)
                connection.execute(text(f"ALTER TABLE {TABLES.name} ADD COLUMN {column.name} {kind}"))

    def lock_path(self) -> Path | None:
        """The lock file beside a SQLite database file (None for memory or other databases)."""
        if not self.sqlite:
            return None
        database = self.engine.url.database
        if not database or database == ":memory:" or database.startswith("file::memory:"):
            return None
        return Path(database).with_name(Path(database).name + ".lock")

    def lock(self) -> None:
        """Hold this database for this process, or raise ``DatabaseBusy`` with a sentence
        naming the process that holds it. Taking it twice is harmless."""
        path = self.lock_path()
        if path is None or self._lock is not None:
            return
        try:
            descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise DatabaseBusy(f"cannot make the lock file {path} beside the database: {error.strerror}") from None
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.read(descriptor, 64).decode("ascii", "replace").strip() or "unknown"
            os.close(descriptor)
            raise DatabaseBusy(
                f"another Quarkade server (process {holder}) is using the database {self.engine.url.database}; "
                "stop it first, or give this one another --db") from None
        os.ftruncate(descriptor, 0)
        os.write(descriptor, str(os.getpid()).encode("ascii"))
        self._lock = descriptor

    def unlock(self) -> None:
        if self._lock is not None:
            os.close(self._lock)  # closing the file releases the lock
            self._lock = None

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        self.engine.dispose()
        self.unlock()

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One transaction on the writer's own connection, kept open between writes
        (all writes come from the server's one event loop)."""
        if self._writer is None or self._writer.closed or self._writer.invalidated:
            self._writer = self.engine.connect()
        connection = self._writer
        try:
            with connection.begin():
                yield connection
        except Exception:
            # a broken connection is not reused; the next write opens a new one
            self._writer = None
            with suppress(Exception):
                connection.close()
            raise

    # ------------------------------------------------------------------ writes
    def create_table(self, row: dict[str, Any]) -> None:
        with self._write() as connection:
            connection.execute(insert(TABLES).values(**row))

    def append_action(self, table_id: str, step: int, seat: int, action: str,
                      over: tuple[list[float], list[int]] | None = None) -> None:
        """One accepted action, committed; with the final scores when it ended the game."""
        self.append_actions([NewAction(table_id, step, seat, action, over)])

    def append_actions(self, actions: Sequence[NewAction]) -> None:
        """Accepted actions (of one table or several), committed in one transaction: all of
        them or, when it fails, none."""
        now = time.time()
        with self._write() as connection:
            rows = [(new.table_id, new.step, new.seat, new.action, now) for new in actions]
            if self.sqlite:
                # The driver's own executemany on its cached prepared statement: SQLAlchemy's
                # statement machinery costs several times the insert itself, and this insert is
                # the server's hot path. The transaction is still SQLAlchemy's (its commit).
                driver = connection.connection.driver_connection
                assert driver is not None
                driver.executemany(_SQLITE_INSERT_ACTION, rows)
            else:
                connection.execute(_INSERT_ACTION, [dict(zip(_ACTION_COLUMNS, row, strict=True)) for row in rows])
            for new in actions:
                if new.over is not None:
                    scores, winners = new.over
                    connection.execute(_FINISH_TABLE, {"table_id": new.table_id, "status": OVER, "finished": now,
                                                       "scores": scores, "winners": winners})

    def remove_action(self, table_id: str, step: int) -> None:
        """Take action ``step`` out of a table's record (an undo): the later ones move down
        one step, in one transaction."""
        with self._write() as connection:
            later = [row.step for row in connection.execute(
                select(ACTIONS.c.step).where(ACTIONS.c.table_id == table_id, ACTIONS.c.step > step)
                .order_by(ACTIONS.c.step))]
            connection.execute(ACTIONS.delete().where(ACTIONS.c.table_id == table_id, ACTIONS.c.step == step))
            for moved in later:  # one by one, upwards, so that no two rows share a step meanwhile
                connection.execute(update(ACTIONS).where(ACTIONS.c.table_id == table_id, ACTIONS.c.step == moved)
                                   .values(step=moved - 1))

    def update_table(self, table_id: str, **values: Any) -> None:
        with self._write() as connection:
            connection.execute(update(TABLES).where(TABLES.c.id == table_id).values(**values))

    def forget_overwritten(self) -> None:
        """Take the values that earlier writes replaced off the disk. SQLite zeroes them in the
        database's pages (``secure_delete``), but the write-ahead log keeps older copies of the
        pages until a checkpoint, and its file keeps them after one until overwritten: a
        checkpoint that truncates the log ends both. A reader in the middle of a long read can
        hold it back for ``busy_timeout``; that is then said in the log, and later checkpoints
        overwrite them. Nothing to do on other databases (their files are theirs to keep)."""
        if not self.sqlite:
            return
        with self.engine.connect() as connection:
            busy, _, _ = connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").one()
        if busy:
            log.warning("the write-ahead log could not be truncated: replaced values stay in it until "
                        "the next checkpoint")

    # ------------------------------------------------------------------ reads
    def _actions(self, table_ids: Sequence[str]) -> dict[str, list[tuple[int, str]]]:
        found: dict[str, list[tuple[int, str]]] = {table_id: [] for table_id in table_ids}
        if not table_ids:
            return found
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(ACTIONS.c.table_id, ACTIONS.c.step, ACTIONS.c.seat, ACTIONS.c.action)
                .where(ACTIONS.c.table_id.in_(table_ids))
                .order_by(ACTIONS.c.table_id, ACTIONS.c.step)
            )
            for table_id, _step, seat, action in rows:
                found[table_id].append((seat, action))
        return found

    def load(self, table_id: str) -> StoredTable | None:
        row = self.row(table_id)
        if row is None:
            return None
        return StoredTable(row, self._actions([table_id])[table_id])

    def row(self, table_id: str) -> dict[str, Any] | None:
        """A table's row without its record's actions (a long game's are many: read them only
        when the table is to be played or replayed)."""
        with self.engine.connect() as connection:
            row = connection.execute(select(TABLES).where(TABLES.c.id == table_id)).mappings().first()
        return None if row is None else dict(row)

    def actions_of(self, table_id: str) -> list[tuple[int, str]]:
        """A table's record's actions, in order."""
        return self._actions([table_id])[table_id]

    def expire_abandoned(self, horizon: float) -> int:
        """Mark as expired every open table created before ``horizon`` (Unix seconds) with no
        action since; the number of tables expired."""
        recent = exists().where(ACTIONS.c.table_id == TABLES.c.id, ACTIONS.c.at >= horizon)
        with self._write() as connection:
            result = connection.execute(
                update(TABLES).where(TABLES.c.status == OPEN, TABLES.c.created < horizon, ~recent)
                .values(status=EXPIRED)
            )
            return int(result.rowcount or 0)

    def unfinished(self) -> Iterator[StoredTable]:
        """Every table still being played, with its record, in order of creation."""
        with self.engine.connect() as connection:
            rows = [dict(r) for r in connection.execute(
                select(TABLES).where(TABLES.c.status == OPEN).order_by(TABLES.c.created)
            ).mappings()]
        for start in range(0, len(rows), 200):
            chunk = rows[start : start + 200]
            actions = self._actions([r["id"] for r in chunk])
            for row in chunk:
                yield StoredTable(row, actions[row["id"]])

    def finished(self, limit: int = 30) -> list[dict[str, Any]]:
        """The latest finished public tables (rows only)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(TABLES).where(TABLES.c.status == OVER, TABLES.c.public.is_(True))
                .order_by(TABLES.c.finished.desc()).limit(limit)
            ).mappings()
            return [dict(r) for r in rows]

    def count_actions(self, table_id: str) -> int:
        with self.engine.connect() as connection:
            return int(connection.execute(
                select(func.count()).select_from(ACTIONS).where(ACTIONS.c.table_id == table_id)
            ).scalar_one())


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    # What a write frees (a row's old values, a page let go) is overwritten with zeros, not left
    # on the disk: a value replaced (a plain token by its digest) is gone from the file.
    cursor.execute("PRAGMA secure_delete=ON")
    cursor.close()
