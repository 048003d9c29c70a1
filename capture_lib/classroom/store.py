"""The class's memory on the teacher's machine: one SQLite file in WAL mode, with nothing to install.

It keeps the class (its name, its short code and the teacher's secret), each student (a typed name and a
hash of the secret the student's device was given), their progress (course levels and stars, exercises
tried and right, the teacher's shown levels solved), every table (its game, seed, options and seats) and
every move of every table, each written before any seat hears of it. A table is its save replayed: on a
restart the server reads a table's start and moves back as a save (``capture_lib.core.saves``) and the
save loader replays every move through the rules, so a damaged or tampered history is refused, never
half-believed.

Durability: WAL with ``synchronous=NORMAL``. A committed move survives the server being killed (``kill
-9``, a crash): the write has reached the operating system before the move is announced. A power cut
can lose the last moments (SQLite then rolls the file back to a consistent point), which for a lesson
is the right trade against an ``fsync`` per move. One thread uses a store (the server's event loop).
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib
import secrets
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from capture_lib.core import saves

#: The schema's version, kept in the file (``meta``), so a newer file is never misread.
SCHEMA_VERSION = 1
#: The letters of a class code: no 0/O, 1/I/L, 5/S or 2/Z that a student could misread from a board.
CODE_LETTERS = "ABCDEFGHJKMNPQRTUVWXY346789"
#: How long a class code is: 27**5 is about 14 million codes.
CODE_LENGTH = 5

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS classes (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT NOT NULL, teacher_secret TEXT NOT NULL,
    created REAL NOT NULL, closed REAL, settings TEXT NOT NULL DEFAULT '{}');
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY, class INTEGER NOT NULL REFERENCES classes(id), name TEXT NOT NULL,
    secret_hash TEXT NOT NULL UNIQUE, joined REAL NOT NULL, removed REAL, shared_before INTEGER);
CREATE TABLE IF NOT EXISTS levels (
    student INTEGER NOT NULL REFERENCES students(id), game TEXT NOT NULL, level TEXT NOT NULL,
    stars INTEGER NOT NULL, before_class INTEGER NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (student, game, level));
CREATE TABLE IF NOT EXISTS exercises (
    student INTEGER NOT NULL REFERENCES students(id), game TEXT NOT NULL, exercise TEXT NOT NULL,
    tried INTEGER NOT NULL, right_answers INTEGER NOT NULL, revealed INTEGER NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (student, game, exercise));
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY, class INTEGER NOT NULL REFERENCES classes(id), game TEXT NOT NULL,
    seed TEXT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL, status TEXT NOT NULL,
    reached TEXT NOT NULL, created REAL NOT NULL, ended REAL, revealed INTEGER NOT NULL DEFAULT 0,
    winners TEXT NOT NULL DEFAULT '[]');
CREATE TABLE IF NOT EXISTS moves (
    tbl INTEGER NOT NULL REFERENCES tables(id), ply INTEGER NOT NULL, action TEXT NOT NULL,
    seat INTEGER, message TEXT, at REAL NOT NULL, PRIMARY KEY (tbl, ply));
CREATE TABLE IF NOT EXISTS shown (
    id INTEGER PRIMARY KEY, class INTEGER NOT NULL REFERENCES classes(id), game TEXT NOT NULL,
    kind TEXT NOT NULL, spec TEXT NOT NULL, title TEXT NOT NULL, created REAL NOT NULL, closed REAL);
CREATE TABLE IF NOT EXISTS solved (
    shown INTEGER NOT NULL REFERENCES shown(id), student INTEGER NOT NULL REFERENCES students(id),
    status TEXT NOT NULL, tries INTEGER NOT NULL, stars INTEGER, at REAL NOT NULL,
    PRIMARY KEY (shown, student));
"""


def secret_hash(secret: str) -> str:
    """What the store keeps of a student's secret: its SHA-256, so the file alone signs nobody in."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_code() -> str:
    """A fresh class code: ``CODE_LENGTH`` letters from ``CODE_LETTERS``, from the secure source."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def default_path() -> pathlib.Path:
    """Where ``capture class`` keeps its classes unless told otherwise: ``$CAPTURE_CLASS_DB``, else
    ``~/.local/share/capture/class.sqlite3`` (beside the boards' kept games)."""
    named = os.environ.get("CAPTURE_CLASS_DB")
    if named:
        return pathlib.Path(named)
    return pathlib.Path.home() / ".local" / "share" / "capture" / "class.sqlite3"


@dataclass(frozen=True)
class ClassRow:
    """A class as the store keeps it."""

    id: int
    name: str
    code: str
    teacher_secret: str
    created: float
    settings: dict[str, Any]


@dataclass(frozen=True)
class TableRow:
    """A table as the store keeps it, with its moves in order."""

    id: int
    game: str
    seed: int
    options: dict[str, Any]
    seats: list[int]
    status: str
    reached: dict[str, Any]
    revealed: bool
    created: float
    winners: list[int]
    moves: list[tuple[str, int | None, str | None]]

    def save_text(self) -> str:
        """The table's game as a save (``capture_lib.core.saves``, version 2), for the save loader to replay."""
        return json.dumps({"format": saves.FORMAT, "version": saves.VERSION, "game": self.game, "seed": self.seed,
                           "options": self.options, "start": None, "history": [m[0] for m in self.moves],
                           "reached": self.reached}, sort_keys=True)


class StoreError(RuntimeError):
    """The class's file cannot be used (another program's, a newer schema, a disk that refuses writes)."""


class ClassStore:
    """The SQLite file of ``capture class`` (see the module's docstring)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = pathlib.Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            if not self.path.exists():
                # Only the teacher's user reads it: it holds the teacher's secret and every hidden card.
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        try:
            self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA busy_timeout=5000")
            self._db.executescript(SCHEMA)
            found = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        except sqlite3.DatabaseError as err:
            raise StoreError(f"{path} is not a class file this program can use ({err})") from None
        if found is None:
            self._db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif found[0] != str(SCHEMA_VERSION):
            raise StoreError(f"{path} was written by another version of capture_lib (schema {found[0]}, this "
                             f"one reads {SCHEMA_VERSION}); give --db another file")

    def close(self) -> None:
        """Close the file (the WAL is folded back into it)."""
        self._db.close()

    def _write(self, statements: Iterable[tuple[str, Sequence[Any]]]) -> sqlite3.Cursor | None:
        """Run ``statements`` as one transaction; ``StoreError`` (and nothing written) if the disk refuses."""
        cursor = None
        try:
            self._db.execute("BEGIN IMMEDIATE")
            for sql, args in statements:
                cursor = self._db.execute(sql, args)
            self._db.execute("COMMIT")
        except sqlite3.Error as err:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise StoreError(f"the class file {self.path} could not be written ({err})") from None
        return cursor

    # ----- the class ----------------------------------------------------------------------------------
    def open_class(self, name: str, new: bool = False) -> ClassRow:
        """The open class called ``name``, made (with a fresh code and teacher's secret) if there is none or
        ``new`` asks for another; an earlier class of that name is then closed (its records stay)."""
        row = self._db.execute("SELECT id, name, code, teacher_secret, created, settings FROM classes "
                               "WHERE name=? AND closed IS NULL ORDER BY id DESC", (name,)).fetchone()
        if row is not None and not new:
            return ClassRow(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]))
        taken = {code for (code,) in self._db.execute("SELECT code FROM classes WHERE closed IS NULL")}
        code = new_code()
        while code in taken:
            code = new_code()
        now = time.time()
        writes = [("UPDATE classes SET closed=? WHERE name=? AND closed IS NULL", (now, name)),
                  ("INSERT INTO classes (name, code, teacher_secret, created) VALUES (?, ?, ?, ?)",
                   (name, code, secrets.token_urlsafe(24), now))]
        cursor = self._write(writes)
        assert cursor is not None
        return self.class_by_id(cursor.lastrowid)

    def class_by_id(self, class_id: int) -> ClassRow:
        """The class ``class_id``."""
        row = self._db.execute("SELECT id, name, code, teacher_secret, created, settings FROM classes WHERE id=?",
                               (class_id,)).fetchone()
        return ClassRow(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]))

    def save_settings(self, class_id: int, settings: dict[str, Any]) -> None:
        """Keep the console's settings of the class (automatic pairing, its game)."""
        self._write([("UPDATE classes SET settings=? WHERE id=?", (json.dumps(settings, sort_keys=True), class_id))])

    # ----- students -----------------------------------------------------------------------------------
    def add_student(self, class_id: int, name: str, secret: str) -> int:
        """A new student of the class; returns their id."""
        cursor = self._write([("INSERT INTO students (class, name, secret_hash, joined) VALUES (?, ?, ?, ?)",
                               (class_id, name, secret_hash(secret), time.time()))])
        assert cursor is not None
        return int(cursor.lastrowid)

    def students(self, class_id: int) -> list[dict[str, Any]]:
        """The class's students who were not removed, in the order they joined."""
        rows = self._db.execute("SELECT id, name, secret_hash, joined, shared_before FROM students "
                                "WHERE class=? AND removed IS NULL ORDER BY id", (class_id,))
        return [{"id": r[0], "name": r[1], "secret_hash": r[2], "joined": r[3],
                 "shared_before": None if r[4] is None else bool(r[4])} for r in rows]

    def rename_student(self, student: int, name: str) -> None:
        """Give a student another name."""
        self._write([("UPDATE students SET name=? WHERE id=?", (name, student))])

    def new_secret(self, student: int, secret: str) -> None:
        """Sign a student in again with a new secret (another device); the old one stops working."""
        self._write([("UPDATE students SET secret_hash=? WHERE id=?", (secret_hash(secret), student))])

    def remove_student(self, student: int) -> None:
        """Take a student off the class list (their records stay, for the results)."""
        self._write([("UPDATE students SET removed=? WHERE id=?", (time.time(), student))])

    def set_shared_before(self, student: int, shared: bool) -> None:
        """Keep the student's answer to sharing the progress made before joining."""
        self._write([("UPDATE students SET shared_before=? WHERE id=?", (int(shared), student))])

    # ----- progress -----------------------------------------------------------------------------------
    def record_levels(self, student: int, game: str, levels: dict[str, int], before: bool) -> None:
        """Keep course levels won (``{level: stars}``); a level keeps its best stars, and counts as made in
        class once it is won in class."""
        now = time.time()
        self._write([("INSERT INTO levels VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (student, game, level) DO UPDATE "
                      "SET stars=max(stars, excluded.stars), before_class=min(before_class, excluded.before_class), "
                      "at=excluded.at", (student, game, level, stars, int(before), now))
                     for level, stars in levels.items()])

    def record_exercise(self, student: int, game: str, exercise: str, tried: int, right: int, revealed: int) -> None:
        """Keep what a student did in an exercise: steps tried, answered right, answers shown (the most seen)."""
        self._write([("INSERT INTO exercises VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (student, game, exercise) "
                      "DO UPDATE SET tried=max(tried, excluded.tried), right_answers=max(right_answers, "
                      "excluded.right_answers), revealed=max(revealed, excluded.revealed), at=excluded.at",
                      (student, game, exercise, tried, right, revealed, time.time()))])

    def levels(self, class_id: int) -> list[tuple[int, str, str, int, bool]]:
        """Every level won by the class's students: ``(student, game, level, stars, before the class)``."""
        rows = self._db.execute("SELECT l.student, l.game, l.level, l.stars, l.before_class FROM levels l "
                                "JOIN students s ON s.id=l.student WHERE s.class=?", (class_id,))
        return [(r[0], r[1], r[2], r[3], bool(r[4])) for r in rows]

    def exercises(self, class_id: int) -> list[tuple[int, str, str, int, int, int]]:
        """Every exercise tried by the class's students: ``(student, game, exercise, tried, right, revealed)``."""
        rows = self._db.execute("SELECT e.student, e.game, e.exercise, e.tried, e.right_answers, e.revealed "
                                "FROM exercises e JOIN students s ON s.id=e.student WHERE s.class=?", (class_id,))
        return [tuple(r) for r in rows]

    # ----- tables -------------------------------------------------------------------------------------
    def add_table(self, class_id: int, game: str, seed: int, options: dict[str, Any], seats: list[int],
                  reached: dict[str, Any]) -> int:
        """A new table: its game's start (seed and every option) and its seats (student ids, in seat order)."""
        cursor = self._write([("INSERT INTO tables (class, game, seed, options, seats, status, reached, created) "
                               "VALUES (?, ?, ?, ?, ?, 'playing', ?, ?)",
                               (class_id, game, str(seed), json.dumps(options, sort_keys=True), json.dumps(seats),
                                json.dumps(reached), time.time()))])
        assert cursor is not None
        return int(cursor.lastrowid)

    def append_moves(self, table: int, first: int, moves: Sequence[tuple[str, int | None]], message: str | None,
                     reached: dict[str, Any], status: str = "playing", winners: Sequence[int] = ()) -> None:
        """Keep ``moves`` (``(action, seat)``) as plies ``first``, ``first + 1``, ... of ``table``, with what
        the game reached after them, in one transaction; ``message`` is the student's message that played
        them, so a message sent twice (a reconnect) is recognised after a restart too."""
        now = time.time()
        writes: list[tuple[str, Sequence[Any]]] = [
            ("INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?)", (table, first + i, action, seat, message, now))
            for i, (action, seat) in enumerate(moves)]
        writes.append(("UPDATE tables SET reached=?, status=?, winners=?, ended=CASE WHEN ?='playing' THEN NULL "
                       "ELSE coalesce(ended, ?) END WHERE id=?",
                       (json.dumps(reached), status, json.dumps(list(winners)), status, now, table)))
        self._write(writes)

    def cut_moves(self, table: int, length: int, reached: dict[str, Any]) -> None:
        """Take back every ply from ``length`` on (an undo both players agreed to)."""
        self._write([("DELETE FROM moves WHERE tbl=? AND ply>=?", (table, length)),
                     ("UPDATE tables SET reached=?, status='playing', ended=NULL WHERE id=?",
                      (json.dumps(reached), table))])

    def end_table(self, table: int, status: str) -> None:
        """Mark a table ``over`` (its game ended) or ``ended`` (the teacher ended it first)."""
        self._write([("UPDATE tables SET status=?, ended=coalesce(ended, ?) WHERE id=?", (status, time.time(), table))])

    def reveal_table(self, table: int) -> None:
        """Keep that the teacher showed a finished table's hands to everyone."""
        self._write([("UPDATE tables SET revealed=1 WHERE id=?", (table,))])

    def tables(self, class_id: int, statuses: Sequence[str] = ("playing", "over")) -> list[TableRow]:
        """The class's tables whose status is one of ``statuses``, oldest first, each with its moves."""
        marks = ",".join("?" * len(statuses))
        rows = self._db.execute(f"SELECT id, game, seed, options, seats, status, reached, revealed, created, winners "
                                f"FROM tables WHERE class=? AND status IN ({marks}) ORDER BY id",
                                (class_id, *statuses)).fetchall()
        out = []
        for r in rows:
            moves = [(m[0], m[1], m[2]) for m in self._db.execute(
                "SELECT action, seat, message FROM moves WHERE tbl=? ORDER BY ply", (r[0],))]
            out.append(TableRow(r[0], r[1], int(r[2]), json.loads(r[3]), json.loads(r[4]), r[5], json.loads(r[6]),
                                bool(r[7]), r[8], json.loads(r[9]), moves))
        return out

    def games_played(self, class_id: int) -> list[tuple[list[int], str, str, list[int]]]:
        """Every finished or ended table of the class: ``(seats, game, status, winners)``."""
        rows = self._db.execute("SELECT seats, game, status, winners FROM tables WHERE class=? AND status!='playing'",
                                (class_id,))
        return [(json.loads(r[0]), r[1], r[2], json.loads(r[3])) for r in rows]

    def move_count(self, table: int) -> int:
        """How many plies ``table`` keeps."""
        return int(self._db.execute("SELECT count(*) FROM moves WHERE tbl=?", (table,)).fetchone()[0])

    # ----- levels shown to everyone -------------------------------------------------------------------
    def add_shown(self, class_id: int, game: str, kind: str, spec: dict[str, Any], title: str) -> int:
        """A position the teacher shows to everyone (the one shown before is closed)."""
        now = time.time()
        cursor = self._write([("UPDATE shown SET closed=? WHERE class=? AND closed IS NULL", (now, class_id)),
                              ("INSERT INTO shown (class, game, kind, spec, title, created) VALUES (?, ?, ?, ?, ?, ?)",
                               (class_id, game, kind, json.dumps(spec, sort_keys=True), title, now))])
        assert cursor is not None
        return int(cursor.lastrowid)

    def close_shown(self, class_id: int) -> None:
        """Stop showing the position shown to everyone."""
        self._write([("UPDATE shown SET closed=? WHERE class=? AND closed IS NULL", (time.time(), class_id))])

    def current_shown(self, class_id: int) -> dict[str, Any] | None:
        """The position shown to everyone now, or None."""
        row = self._db.execute("SELECT id, game, kind, spec, title FROM shown WHERE class=? AND closed IS NULL "
                               "ORDER BY id DESC", (class_id,)).fetchone()
        if row is None:
            return None
        return {"id": row[0], "game": row[1], "kind": row[2], "spec": json.loads(row[3]), "title": row[4]}

    def all_shown(self, class_id: int) -> list[dict[str, Any]]:
        """Every position ever shown to the class, oldest first."""
        rows = self._db.execute("SELECT id, game, kind, title FROM shown WHERE class=? ORDER BY id", (class_id,))
        return [{"id": r[0], "game": r[1], "kind": r[2], "title": r[3]} for r in rows]

    def record_solved(self, shown: int, student: int, status: str, tries: int, stars: int | None) -> None:
        """Keep how a student fares with a shown position (``trying``, ``solved`` or ``shown the answer``);
        a solved one stays solved."""
        self._write([("INSERT INTO solved VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (shown, student) DO UPDATE SET "
                      "status=CASE WHEN solved.status='solved' THEN 'solved' ELSE excluded.status END, "
                      "tries=max(solved.tries, excluded.tries), stars=max(coalesce(solved.stars, 0), "
                      "coalesce(excluded.stars, 0)), at=excluded.at", (shown, student, status, tries, stars,
                                                                         time.time()))])

    def solved(self, class_id: int) -> list[tuple[int, int, str, int, int | None]]:
        """Every student's state on every shown position: ``(shown, student, status, tries, stars)``."""
        rows = self._db.execute("SELECT v.shown, v.student, v.status, v.tries, v.stars FROM solved v "
                                "JOIN shown s ON s.id=v.shown WHERE s.class=?", (class_id,))
        return [tuple(r) for r in rows]
