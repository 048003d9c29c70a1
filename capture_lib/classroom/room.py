"""The class on the teacher's machine: its students, who is online, its tables, pairing, the position shown to
everyone and the progress each student's page reports. Nothing here knows of the web: the server hands
the room each device's messages with the connection they came on (``Connection``), and the room answers
through the connections. Every change is written to the store (``ClassStore``) before anybody hears of it,
and a room made again from the same store (a restarted server) is the same class: the same students, each
table replayed move by move through the save loader, the same position shown.

Who may do what is decided here, from the connection alone: a student's connection is bound to one student
by the secret their device was given when they joined, a teacher's by the teacher's secret. A student
never names a seat or a student: their seat is the one they sit in. Everything a student's device sends is
checked, and a forged message (another seat's move, another table, another student's hand, an undo nobody
agreed to, a teacher's action) is refused with the reason, and changes nothing.
"""

from __future__ import annotations

import json
import random
import secrets
import time
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from capture_lib import list_games, load_game
from capture_lib.classroom import catalog
from capture_lib.classroom.store import ClassRow, ClassStore, StoreError, secret_hash
from capture_lib.classroom.tables import Table, TableBoard, Update
from capture_lib.core import saves
from capture_lib.core.chance import CHANCE
from capture_lib.core.lessons import Course, Lesson, Step
from capture_lib.core.seeds import fresh_seed
from capture_lib.session.board import BoardController, shortened

#: The longest name a student may type.
NAME_CHARS = 30
#: The longest id a device may give a message (it names the page and counts its messages).
ID_CHARS = 64
#: The teacher's own board for composing a position to show: every card face up, both sides played by hand.
TEACHER_BOARD_MODE = "hotseat"


class Refused(ValueError):
    """A message that is not allowed (or not understood); its text says why, in the class's words."""


class Connection:
    """One device's open socket as the room sees it: whose it is and what it was last sent.

    The server subclasses it with ``send_text`` and ``close``; a test collects what it is sent.
    """

    def __init__(self, role: str, page: str = "class") -> None:
        #: ``student`` or ``teacher``.
        self.role = role
        #: ``class`` (the class page), ``book`` (a book page: notices only) or ``console``.
        self.page = page
        #: The student the connection belongs to (None for the teacher, or before the student's hello).
        self.student: int | None = None
        #: What was last sent of each board, by ``("table", id)``, ``("level", id)``, ``("info", id)``: each value's
        #: name with its text's fingerprint (length and hash).
        self.sent: dict[tuple[str, int], dict[str, tuple[int, int]]] = {}
        #: The tables a teacher's console watches.
        self.watching: set[int] = set()

    def send_text(self, text: str) -> None:  # pragma: no cover - every transport gives its own
        """Send one JSON message."""
        raise NotImplementedError

    def close(self, reason: str) -> None:  # pragma: no cover - every transport gives its own
        """Close the connection, saying why."""
        raise NotImplementedError

    def send(self, payload: dict[str, Any]) -> None:
        """Send ``payload`` as JSON."""
        self.send_text(json.dumps(payload, separators=(",", ":")))


@dataclass
class Student:
    """A student of the class, as the room holds them."""

    id: int
    name: str
    secret_hash: str
    shared_before: bool | None
    connections: set[Connection] = field(default_factory=set)
    #: The game (and table size) they asked to play against a classmate, while they wait.
    seeking: tuple[str, int] | None = None
    #: The table they sit at (playing, or finished and not yet left).
    table: int | None = None
    #: When they asked for a classmate (the first to ask sits first: Blue, who plays first in most games).
    seeking_since: float = 0.0

    @property
    def online(self) -> bool:
        """Whether any of the student's devices is connected."""
        return bool(self.connections)


def clean_name(name: Any) -> str:
    """A typed name as the class keeps it: trimmed, spaces joined, at most ``NAME_CHARS`` characters of
    letters, digits, spaces and ``. ' -``; ``Refused`` with the reason otherwise."""
    if not isinstance(name, str):
        raise Refused("type your name")
    name = " ".join(unicodedata.normalize("NFC", name).split())
    if not name:
        raise Refused("type your name")
    if len(name) > NAME_CHARS:
        raise Refused(f"a name has at most {NAME_CHARS} letters")
    if not all(ch.isalnum() or ch in " .'-" for ch in name):
        raise Refused("a name has letters, digits, spaces, dots, dashes and apostrophes only")
    return name


def bare_view(room: ClassRoom) -> dict[str, Any]:
    """The least a console is told (the class's name and code): ``console.console_view`` tells it all."""
    return {"type": "class", "class": {"name": room.row.name, "code": room.row.code}}


def games_offered() -> list[dict[str, Any]]:
    """The games a student may ask to play against classmates, with their titles and table sizes."""
    return [{"slug": slug, "title": load_game(slug).title, "players": list(catalog.players_of(slug))}
            for slug in list_games()]


def _message_id(message: dict[str, Any]) -> str | None:
    found = message.get("id")
    if found is None:
        return None
    if not isinstance(found, str) or not 0 < len(found) <= ID_CHARS:
        raise Refused("ignored a message with a malformed id")
    return found


class ClassRoom:
    """One class (see the module's docstring), made from its row in ``store`` and everything kept there."""

    def __init__(self, store: ClassStore, row: ClassRow,
                 view: Callable[[ClassRoom], dict[str, Any]] | None = None) -> None:
        self.store = store
        #: What the console is sent (``capture_lib.classroom.console.console_view``, which reads the room).
        self.view = view or bare_view
        self.row = row
        self.students: dict[int, Student] = {}
        self.tables: dict[int, Table] = {}
        self.teachers: set[Connection] = set()
        #: Whether students who ask for a classmate are seated as soon as another asks for the same game.
        self.auto_pair: bool = bool(row.settings.get("auto_pair", True))
        #: Set when the console's view changed; the server sends it at most every half second.
        self.console_dirty = True
        #: Counts changes to what the store keeps of progress (levels, exercises, games, shown positions), so
        #: the console reads the store again only after one (``console.progress``).
        self.progress_version = 0
        #: What the console keeps between its views (``console.progress``'s last answer).
        self.memo: dict[str, Any] = {}
        self.shown: dict[str, Any] | None = None
        self._shown_boards: dict[int, BoardController] = {}
        self._shown_state: dict[int, dict[str, Any]] = {}
        self._shown_source: Course | Lesson | None = None
        self.teacher_board: BoardController | None = None
        #: Whether the server serves the book's pages beside the class (the students' page links to them).
        self.book = False
        #: The address students open (the console shows it, to be projected).
        self.address = ""
        #: What went wrong making the class again from its file (a table whose moves do not replay), in words.
        self.problems: list[str] = []
        #: Each student's id by the hash of their device's secret.
        self._hashes: dict[str, int] = {}
        self._restore()

    # ----- made again from the store ------------------------------------------------------------------
    def _restore(self) -> None:
        for found in self.store.students(self.row.id):
            self.students[found["id"]] = Student(found["id"], found["name"], found["secret_hash"],
                                                 found["shared_before"])
            self._hashes[found["secret_hash"]] = found["id"]
        for kept in self.store.tables(self.row.id):
            game = load_game(kept.game)
            try:
                # The save loader replays every move through the rules: a damaged history is refused here.
                state = saves.load(game, kept.save_text())
            except ValueError as err:
                self.problems.append(f"table {kept.id} ({game.title}) was set aside: its kept moves do not replay "
                                     f"({err})")
                self.store.end_table(kept.id, "damaged")
                continue
            board = TableBoard.replayed(state)
            board.revealed = kept.revealed
            names = [self.students[s].name if s in self.students else "(removed)" for s in kept.seats]
            table = self._new_table(kept.id, board, kept.seats, names)
            table.status = kept.status if kept.status != "playing" or not state.is_over else "over"
            table.retell()
            for _action, seat, message in kept.moves:
                if seat is not None and message:
                    table.remember(seat, message)
            for student in kept.seats:
                if student in self.students:
                    self.students[student].table = kept.id
        self._forget_left_tables()
        shown = self.store.current_shown(self.row.id)
        if shown is not None:
            try:
                self._install_shown(shown)
            except ValueError:
                self.store.close_shown(self.row.id)
        for shown_id, student, status, tries, stars in self.store.solved(self.row.id):
            if self.shown is not None and shown_id == self.shown["id"]:
                self._shown_state[student] = {"status": status, "tries": tries, "stars": stars}

    def _forget_left_tables(self) -> None:
        """Let go of finished tables that nobody sits at any more (the store keeps them for the results)."""
        seated = {s.table for s in self.students.values()}
        for table_id in [t.id for t in self.tables.values() if t.status != "playing" and t.id not in seated]:
            del self.tables[table_id]

    def _new_table(self, table_id: int, board: TableBoard, seats: list[int], names: list[str]) -> Table:
        table = Table(table_id, board, seats, names, keep=self._keep_moves, cut=self._cut_moves)
        self.tables[table_id] = table
        return table

    def _keep_moves(self, table: Table, first: int, plies: list[tuple[str, int | None]], message: str | None
                    ) -> None:
        state = table.board.state
        status = "over" if state.is_over else "playing"
        self.store.append_moves(table.id, first, plies, message, saves.reached(state), status, state.winners)
        if state.is_over:
            self._progressed()

    def _cut_moves(self, table: Table, length: int) -> None:
        self.store.cut_moves(table.id, length, saves.reached(table.board.state))

    # ----- joining ------------------------------------------------------------------------------------
    def join(self, code: Any, name: Any) -> tuple[Student, str]:
        """A student joins with the class code and a name; returns the student and their device's secret."""
        if not isinstance(code, str) or code.strip().upper().replace(" ", "") != self.row.code:
            raise Refused("that is not this class's code: check it with your teacher")
        name = clean_name(name)
        if any(s.name.casefold() == name.casefold() for s in self.students.values()):
            raise Refused(f"there is already a {name} in this class: add your initial or a number")
        secret = secrets.token_urlsafe(24)
        student_id = self.store.add_student(self.row.id, name, secret)
        student = Student(student_id, name, secret_hash(secret), None)
        self.students[student_id] = student
        self._hashes[student.secret_hash] = student_id
        self.console_dirty = True
        return student, secret

    def student_of(self, secret: Any) -> Student | None:
        """The student whose device holds ``secret``, or None: found by the secret's hash (a lookup tells a
        guesser nothing, since the hash of a guess says nothing of the secrets near it)."""
        if not isinstance(secret, str) or not 0 < len(secret) <= 100:
            return None
        student = self.students.get(self._hashes.get(secret_hash(secret), -1))
        return student if student is not None and student.secret_hash == secret_hash(secret) else None

    def teacher_secret_ok(self, secret: Any) -> bool:
        """Whether ``secret`` is the teacher's."""
        return isinstance(secret, str) and secrets.compare_digest(secret.encode(), self.row.teacher_secret.encode())

    # ----- connections --------------------------------------------------------------------------------
    def connect_student(self, conn: Connection, secret: Any) -> bool:
        """Bind ``conn`` to the student whose secret it gives and send them where they are; False if none."""
        student = self.student_of(secret)
        if student is None:
            return False
        conn.student = student.id
        was_online = student.online
        student.connections.add(conn)
        conn.send({"type": "welcome", "you": {"id": student.id, "name": student.name},
                   "class": {"name": self.row.name, "code": self.row.code},
                   "shared_before": student.shared_before, "book": self.book, "games": games_offered(),
                   "seeking": None if student.seeking is None else {"game": student.seeking[0],
                                                                     "players": student.seeking[1]}})
        table = self.tables.get(student.table) if student.table is not None else None
        if table is not None:
            self._send_table(table, conn, full=True)
        if self.shown is not None:
            self._send_shown(student, [conn], full=True)
        if not was_online:
            self._presence_changed(student)
        return True

    def connect_teacher(self, conn: Connection, secret: Any) -> bool:
        """Bind ``conn`` to the teacher if ``secret`` is the teacher's; send the console's view."""
        if not self.teacher_secret_ok(secret):
            return False
        self.teachers.add(conn)
        conn.send(self.console_view())
        if self.teacher_board is not None:
            self._send_teacher_board(conn, full=True)
        return True

    def disconnect(self, conn: Connection) -> None:
        """A device went away (closed, reloaded, lost the network)."""
        self.teachers.discard(conn)
        student = self.students.get(conn.student) if conn.student is not None else None
        if student is not None and conn in student.connections:
            student.connections.discard(conn)
            if not student.online:
                self._presence_changed(student)

    def _presence_changed(self, student: Student) -> None:
        self.console_dirty = True
        table = self.tables.get(student.table) if student.table is not None else None
        if table is not None:
            self._send_info(table)

    # ----- sending ------------------------------------------------------------------------------------
    def _values_text(self, kind: str, number: int, conn: Connection, frame: dict[str, str], full: bool,
                     extra: str = "") -> str | None:
        """A board's values message for ``conn``: only the values that changed since it was last sent (all of
        them with ``full``), with ``extra`` JSON members; None when nothing changed and nothing is extra."""
        key = (kind, number)
        last = None if full else conn.sent.get(key)
        # A connection remembers a fingerprint of each value it was sent (its length and hash), not the value:
        # a class's sockets would otherwise keep every seat's previous scene alive.
        prints = {name: (len(text), hash(text)) for name, text in frame.items()}
        changed = frame if last is None else {name: text for name, text in frame.items()
                                              if last.get(name) != prints[name]}
        conn.sent[key] = prints
        if not changed and not full and not extra:
            return None
        body = ",".join(f"{json.dumps(name)}:{text}" for name, text in changed.items())
        return f'{{"type":"values","board":"{kind}","id":{number},"full":{"true" if full else "false"},' \
               f'"values":{{{body}}}{extra}}}'

    def _send_table(self, table: Table, conn: Connection, full: bool = False) -> None:
        """What changed at the table for the connection, in one message: its seat's values (the public view for a
        teacher) and the table's state (its players, who is online, whose turn, a request to take a move back).
        A book page gets the table's state only (it draws no board)."""
        if conn.role == "teacher":
            seat = None
        else:
            seat = table.seat_of(conn.student)
            if seat is None:
                return
        info = json.dumps(table.info(seat, self._online), separators=(",", ":"))
        told = conn.sent.get(("info", table.id))
        conn.sent[("info", table.id)] = {"": (len(info), hash(info))}
        fresh = full or told is None or told[""] != (len(info), hash(info))
        if conn.page == "book":
            if fresh:
                conn.send_text(f'{{"type":"table","table":{info}}}')
            return
        text = self._values_text("table", table.id, conn, table.frame(seat), full,
                                 f',"table":{info}' if fresh else "")
        if text is not None:
            conn.send_text(text)

    def _send_info(self, table: Table) -> None:
        """Tell everyone at the table, and the teachers watching it, what changed there."""
        for student_id in table.students:
            student = self.students.get(student_id)
            if student is None or student.table != table.id:
                continue
            for conn in student.connections:
                self._send_table(table, conn)
        for conn in self.teachers:
            if table.id in conn.watching:
                self._send_table(table, conn)
        self.console_dirty = True

    def _deliver(self, table: Table, updates: Iterable[Update]) -> None:
        """Send a table's updates: each seat its own values and the table's state, in one message a device."""
        seats = {update.to for update in updates}
        if seats & {"all", "watchers"}:
            self._send_info(table)
            return
        for seat in seats:
            if isinstance(seat, int):
                student = self.students.get(table.students[seat])
                if student is not None:
                    for conn in student.connections:
                        self._send_table(table, conn)

    def _progressed(self) -> None:
        """What the store keeps of the class's progress changed: the console reads it again."""
        self.progress_version += 1
        self.console_dirty = True

    def _online(self, student_id: int) -> bool:
        student = self.students.get(student_id)
        return student is not None and student.online

    # ----- a student's messages -----------------------------------------------------------------------
    def student_message(self, conn: Connection, message: Any) -> None:
        """Handle one message from a student's device; it is answered (``ack`` or ``refused``) if it has an id."""
        student = self.students.get(conn.student) if conn.student is not None else None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            conn.send({"type": "refused", "id": None, "text": "ignored a malformed message"})
            return
        message_id = None
        try:
            message_id = _message_id(message)
            if student is None:
                raise Refused("join the class first")
            self._student_message(student, conn, message, message_id)
        except StoreError:
            conn.send({"type": "refused", "id": message_id, "text": "the class's file could not be written: tell "
                       "your teacher (the machine may be out of disk space)"})
            return
        except (Refused, ValueError) as err:
            conn.send({"type": "refused", "id": message_id, "text": str(err)})
            return
        if message_id is not None:
            conn.send({"type": "ack", "id": message_id})

    def _student_message(self, student: Student, conn: Connection, message: dict[str, Any], message_id: str | None
                         ) -> None:
        kind = message["type"]
        if kind == "board":
            table = self._my_table(student, message.get("table"))
            seat = table.seat_of(student.id)
            assert seat is not None
            self._deliver(table, table.handle(seat, message.get("message"), message_id))
        elif kind == "answer":
            table = self._my_table(student, message.get("table"))
            seat = table.seat_of(student.id)
            assert seat is not None
            if message.get("what") != "undo":
                raise Refused("there is nothing of that kind to answer")
            self._deliver(table, table.answer_undo(seat, message.get("yes")))
        elif kind == "record":
            table = self._my_table(student, message.get("table"))
            seat = table.seat_of(student.id)
            conn.send({"type": "record", "table": table.id, "text": table.record_text(seat),
                       "filename": f"{table.game}-table-{table.id}.txt"})
        elif kind == "seek":
            self._seek(student, message.get("game"), message.get("players", 2))
        elif kind == "unseek":
            student.seeking = None
            self.console_dirty = True
            self._tell(student, {"type": "seeking", "seeking": None})
        elif kind == "leave":
            table = self._my_table(student, message.get("table"))
            if table.status == "playing":
                raise Refused("the game is still going on: finish it, or ask your teacher to end it")
            student.table = None
            self._tell(student, {"type": "left", "table": table.id, "status": table.status})
            self._forget_left_tables()
            self.console_dirty = True
        elif kind == "rematch":
            self._rematch(student, self._my_table(student, message.get("table")))
        elif kind == "level":
            self._level_message(student, message.get("message"))
        elif kind == "share":
            self._share(student, message.get("yes"))
        elif kind == "progress":
            self._progress(student, message.get("levels"), message.get("before") is True)
        elif kind == "exercise":
            self._exercise(student, message)
        else:
            raise Refused(f"ignored an unknown message {shortened(kind)!r}")

    def _my_table(self, student: Student, table_id: Any) -> Table:
        table = self.tables.get(table_id) if isinstance(table_id, int) and not isinstance(table_id, bool) else None
        if table is None or student.id not in table.students or student.table != table.id:
            raise Refused("you do not sit at that table")
        return table

    def _tell(self, student: Student, payload: dict[str, Any]) -> None:
        for conn in student.connections:
            conn.send(payload)

    # ----- pairing ------------------------------------------------------------------------------------
    def _check_game(self, game: Any, players: Any) -> tuple[str, int]:
        if not isinstance(game, str) or game not in list_games():
            raise Refused(f"the class plays {', '.join(list_games())}, not {shortened(str(game))!r}")
        sizes = catalog.players_of(game)
        if not isinstance(players, int) or isinstance(players, bool) or players not in sizes:
            raise Refused(f"a table of {load_game(game).title} seats "
                          f"{' or '.join(str(n) for n in sizes)} players")
        return game, players

    def _busy(self, student: Student) -> bool:
        table = self.tables.get(student.table) if student.table is not None else None
        return table is not None and table.status == "playing"

    def _seek(self, student: Student, game: Any, players: Any) -> None:
        game, players = self._check_game(game, players)
        if self._busy(student):
            raise Refused("you are playing at a table: finish that game first")
        if student.seeking != (game, players):
            student.seeking, student.seeking_since = (game, players), time.monotonic()
        self.console_dirty = True
        self._tell(student, {"type": "seeking", "seeking": {"game": game, "players": players}})
        if self.auto_pair:
            self._pair_seekers(game, players)

    def _pair_seekers(self, game: str, players: int) -> None:
        waiting = sorted((s for s in self.students.values() if s.seeking == (game, players) and s.online
                          and not self._busy(s)), key=lambda s: s.seeking_since)
        while len(waiting) >= players:
            self.seat([s.id for s in waiting[:players]], game, players)
            waiting = waiting[players:]

    def seat(self, student_ids: list[int], game: str, players: int | None = None) -> Table:
        """Seat these students (in seat order) at a new table of ``game``; it is kept, then they are told."""
        players = len(student_ids) if players is None else players
        game, players = self._check_game(game, players)
        if len(student_ids) != players or len(set(student_ids)) != players:
            raise Refused(f"a table of {players} seats {players} different students")
        chosen = []
        for student_id in student_ids:
            student = self.students.get(student_id)
            if student is None:
                raise Refused("that student is not in the class")
            if self._busy(student):
                raise Refused(f"{student.name} is playing at another table: end that game first")
            chosen.append(student)
        description = load_game(game)
        options = {"players": players} if any(o.name == "players" for o in description.options) else {}
        state = description.new_game(seed=fresh_seed(), **options)
        board = TableBoard(state)
        table_id = self.store.add_table(self.row.id, game, state.seed, dict(state.options), student_ids,
                                        saves.reached(board._start))
        table = self._new_table(table_id, board, student_ids, [s.name for s in chosen])
        # The deal (chance before the first move) is kept like every other ply.
        plies = Table._new_plies(board.states[0], board.state)
        if plies:
            self._keep_moves(table, 0, plies, None)
        for student in chosen:
            student.seeking = None
            student.table = table_id
            for conn in student.connections:
                conn.send({"type": "seeking", "seeking": None})
                self._send_table(table, conn, full=True)
        self._forget_left_tables()
        self.console_dirty = True
        return table

    def _rematch(self, student: Student, table: Table) -> None:
        if table.status == "playing":
            raise Refused("this game is still going on")
        seat = table.seat_of(student.id)
        table.rematch.add(seat)
        if len(table.rematch) < len(table.students):
            self._send_info(table)
            return
        # Everyone wants another game: the same players, each one seat on, so the first player changes.
        order = table.students[1:] + table.students[:1]
        if any(s not in self.students for s in order):
            raise Refused("a player of this table has left the class")
        self.seat(order, table.game, len(order))

    # ----- progress -----------------------------------------------------------------------------------
    def _share(self, student: Student, yes: Any) -> None:
        if not isinstance(yes, bool):
            raise Refused("answer yes or no")
        student.shared_before = yes
        self.store.set_shared_before(student.id, yes)
        self._progressed()

    def _progress(self, student: Student, levels: Any, before: bool) -> None:
        """Course levels won, ``{game: {level: stars}}``, as this student's browser keeps them."""
        if before and student.shared_before is not True:
            raise Refused("progress from before you joined is shared only if you say so")
        if not isinstance(levels, dict) or len(levels) > len(list_games()):
            raise Refused("ignored malformed progress")
        for game, won in levels.items():
            if game not in list_games() or not isinstance(won, dict):
                raise Refused("ignored progress of a game the book does not have")
            known = {key for key, _ in catalog.entry(game).levels}
            cleaned = {}
            for key, stars in won.items():
                if key not in known or not isinstance(stars, int) or isinstance(stars, bool) or not 1 <= stars <= 3:
                    raise Refused("ignored progress on a level the course does not have")
                cleaned[key] = stars
            if cleaned:
                self.store.record_levels(student.id, game, cleaned, before)
        self._progressed()

    def _exercise(self, student: Student, message: dict[str, Any]) -> None:
        game, name = message.get("game"), message.get("exercise")
        if game not in list_games() or name not in {key for key, _ in catalog.entry(game).exercises}:
            raise Refused("ignored progress on an exercise the book does not have")
        counts = [message.get(k) for k in ("tried", "right", "revealed")]
        if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 100 for n in counts):
            raise Refused("ignored malformed progress")
        self.store.record_exercise(student.id, game, name, *counts)
        self._progressed()

    # ----- showing a position to everyone -------------------------------------------------------------
    def _install_shown(self, shown: dict[str, Any]) -> None:
        self._shown_source = self._source_of(shown)
        self.shown = shown
        self._shown_boards = {}
        self._shown_state = {}

    def _source_of(self, shown: dict[str, Any]) -> Course | Lesson:
        game, kind, spec = shown["game"], shown["kind"], shown["spec"]
        if kind == "level":
            from capture_lib.session.course import course

            level = course(game).level(spec["level"])
            return Course(game, shown["title"], (level,))
        if kind == "exercise":
            from capture_lib.session.lesson import book_lessons

            return book_lessons(game)[spec["exercise"]]
        if kind == "position":
            state = saves.load(load_game(game), spec["save"])
            answer = spec["answer"]
            step = Step(title=shown["title"], start=state, seat=spec["seat"], prompt=spec["goal"],
                        hint=spec["hint"], explain=f"Your teacher's move was {answer}.", answers=(answer,))
            return Lesson(game, shown["title"], (step,))
        raise ValueError(f"unknown kind of shown position {kind!r}")

    def _board_for(self, student: Student) -> BoardController | None:
        if self.shown is None or self._shown_source is None:
            return None
        board = self._shown_boards.get(student.id)
        if board is None:
            from capture_lib.session.learn import CourseController
            from capture_lib.session.lesson import LessonController

            source = self._shown_source
            board = CourseController(source) if isinstance(source, Course) else LessonController(source)
            self._shown_boards[student.id] = board
        return board

    def _shown_frame(self, board: BoardController) -> dict[str, str]:
        values = board.values()
        return {name: json.dumps(value, separators=(",", ":")) for name, value in values.items()}

    def _send_shown(self, student: Student, conns: Iterable[Connection], full: bool = False) -> None:
        if self.shown is None:
            for conn in conns:
                conn.send({"type": "shown", "shown": None})
            return
        board = self._board_for(student)
        assert board is not None
        frame = self._shown_frame(board)
        state = self._shown_state.get(student.id, {"status": "not tried", "tries": 0, "stars": None})
        for conn in conns:
            if full:
                conn.send({"type": "shown", "shown": {"id": self.shown["id"], "game": self.shown["game"],
                                                       "title": self.shown["title"], "kind": self.shown["kind"],
                                                       "state": state}})
            if conn.page != "class":
                continue
            text = self._values_text("level", self.shown["id"], conn, frame, full)
            if text is not None:
                conn.send_text(text)

    def _level_message(self, student: Student, message: Any) -> None:
        board = self._board_for(student)
        if board is None or self.shown is None:
            raise Refused("your teacher shows no position now")
        if not isinstance(message, dict) or message.get("type") not in ("play", "lesson"):
            raise Refused("a shown position takes moves and the level's own buttons only")
        board.handle(message)
        lesson = board.lesson
        state = dict(self._shown_state.get(student.id, {"status": "not tried", "tries": 0, "stars": None}))
        if message.get("type") == "play":
            state["tries"] += 1
        status = lesson.get("status")
        if status in ("won",) or (status == "right" and lesson.get("finished")):
            solved = "solved" if state["status"] != "shown the answer" else "shown the answer"
            state.update(status=solved, stars=lesson.get("stars"))
        elif status == "revealed" or lesson.get("answer"):
            if state["status"] != "solved":
                state["status"] = "shown the answer"
        elif state["status"] == "not tried" and state["tries"]:
            state["status"] = "trying"
        if state != self._shown_state.get(student.id):
            self.store.record_solved(self.shown["id"], student.id, state["status"], state["tries"], state["stars"])
            self._shown_state[student.id] = state
            self._progressed()
        self._send_shown(student, student.connections)

    def show(self, game: Any, kind: Any, spec: Any, title: Any = None) -> dict[str, Any]:
        """Show a course level, an exercise or the teacher's board's position to every student."""
        if not isinstance(game, str) or game not in list_games():
            raise Refused("choose one of the class's games")
        entry = catalog.entry(game)
        if not isinstance(spec, dict):
            raise Refused("choose what to show")
        if kind == "level":
            titles = dict(entry.levels)
            if spec.get("level") not in titles:
                raise Refused("that game's course has no such level")
            spec = {"level": spec["level"]}
            title = f"{entry.title}: {titles[spec['level']]}"
        elif kind == "exercise":
            titles = dict(entry.exercises)
            if spec.get("exercise") not in titles:
                raise Refused("that game's chapter has no such exercise")
            spec = {"exercise": spec["exercise"]}
            title = f"{entry.title}: {titles[spec['exercise']]}"
        elif kind == "position":
            spec = self._position_spec(game, spec)
            title = f"{entry.title}: your teacher's position"
        else:
            raise Refused("show a course level, an exercise or your own board's position")
        shown = {"game": game, "kind": kind, "spec": spec, "title": title}
        source = self._source_of(shown)  # a position that cannot be a lesson is refused before it is kept
        shown["id"] = self.store.add_shown(self.row.id, game, kind, spec, title)
        self._install_shown(shown)
        self._shown_source = source
        for student in self.students.values():
            self._send_shown(student, student.connections, full=True)
        self._progressed()
        return shown

    def _position_spec(self, game: str, spec: dict[str, Any]) -> dict[str, Any]:
        board = self.teacher_board
        if board is None or board.game_slug != game:
            raise Refused("open your board on that game and play the move to find first")
        goal, hint = spec.get("goal"), spec.get("hint") or "Look at every move you have before you choose."
        if not isinstance(goal, str) or not goal.strip() or len(goal) > 300:
            raise Refused("say in a sentence what the class should find (at most 300 letters)")
        if not isinstance(hint, str) or len(hint) > 300:
            raise Refused("a hint is a sentence of at most 300 letters")
        states = board._states
        index = len(states) - 2
        while index >= 0 and states[index].current_player == CHANCE:
            index -= 1
        if index < 0:
            raise Refused("play on your board the move the class should find: the position before it is shown")
        start, after = states[index], states[index + 1]
        answer = str(after.history[len(start.history)])
        try:
            Step(title="t", start=start, seat=start.current_player, prompt=goal, hint=hint, explain="e",
                 answers=(answer,)).validate()
        except ValueError as err:
            raise Refused(f"that position cannot be shown as a question: {err}") from None
        return {"save": saves.dump(start), "answer": answer, "seat": start.current_player, "goal": goal.strip(),
                "hint": hint.strip()}

    def unshow(self) -> None:
        """Stop showing the position to everyone."""
        self.store.close_shown(self.row.id)
        self.shown = None
        self._shown_source = None
        self._shown_boards = {}
        self._shown_state = {}
        for student in self.students.values():
            for conn in student.connections:
                conn.send({"type": "shown", "shown": None})
        self.console_dirty = True

    # ----- the teacher's messages ---------------------------------------------------------------------
    def teacher_message(self, conn: Connection, message: Any) -> None:
        """Handle one message from the teacher's console (only on a connection that gave the secret)."""
        if conn not in self.teachers:
            conn.send({"type": "refused", "id": None, "text": "only the teacher's console does that"})
            return
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            conn.send({"type": "refused", "id": None, "text": "ignored a malformed message"})
            return
        message_id = None
        try:
            message_id = _message_id(message)
            self._teacher_message(conn, message)
        except StoreError as err:
            conn.send({"type": "refused", "id": message_id, "text": str(err)})
            return
        except (Refused, ValueError) as err:
            conn.send({"type": "refused", "id": message_id, "text": str(err)})
            return
        if message_id is not None:
            conn.send({"type": "ack", "id": message_id})

    def _student_arg(self, message: dict[str, Any]) -> Student:
        student = self.students.get(message.get("student")) if isinstance(message.get("student"), int) else None
        if student is None:
            raise Refused("no such student in the class")
        return student

    def _table_arg(self, message: dict[str, Any]) -> Table:
        table = self.tables.get(message.get("table")) if isinstance(message.get("table"), int) else None
        if table is None:
            raise Refused("no such table")
        return table

    def _teacher_message(self, conn: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "rename":
            student = self._student_arg(message)
            name = clean_name(message.get("name"))
            if any(s.name.casefold() == name.casefold() and s is not student for s in self.students.values()):
                raise Refused(f"there is already a {name} in the class")
            self.store.rename_student(student.id, name)
            student.name = name
            self._tell(student, {"type": "renamed", "name": name})
            for table in self.tables.values():
                if student.id in table.students:
                    table.names[table.students.index(student.id)] = name
                    table._changed()
                    if student.table == table.id:
                        self._send_info(table)
        elif kind == "remove":
            student = self._student_arg(message)
            table = self.tables.get(student.table) if student.table is not None else None
            if table is not None:
                self._end(table)  # the other players are told, and go back to their class page
            self.store.remove_student(student.id)
            del self.students[student.id]
            self._hashes.pop(student.secret_hash, None)
            self._progressed()
            for other in list(student.connections):
                other.send({"type": "removed"})
                other.close("removed from the class")
            student.connections.clear()
        elif kind == "device":
            student = self._student_arg(message)
            secret = secrets.token_urlsafe(24)
            self.store.new_secret(student.id, secret)
            self._hashes.pop(student.secret_hash, None)
            student.secret_hash = secret_hash(secret)
            self._hashes[student.secret_hash] = student.id
            for other in list(student.connections):
                other.send({"type": "removed"})
                other.close("signed in on another device")
            student.connections.clear()
            conn.send({"type": "device", "student": student.id, "secret": secret})
        elif kind == "pair":
            ids = message.get("students")
            if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
                raise Refused("choose the students to seat")
            self.seat(ids, message.get("game"), message.get("players", len(ids)))
        elif kind == "pair_all":
            game, players = self._check_game(message.get("game"), message.get("players", 2))
            free = [s for s in self.students.values() if s.online and not self._busy(s)]
            random.SystemRandom().shuffle(free)
            while len(free) >= players:
                self.seat([s.id for s in free[:players]], game, players)
                free = free[players:]
            for left in free:
                left.seeking = (game, players)
                self._tell(left, {"type": "seeking", "seeking": {"game": game, "players": players}})
            self.console_dirty = True
        elif kind == "auto":
            self.auto_pair = message.get("on") is True
            self.store.save_settings(self.row.id, {"auto_pair": self.auto_pair})
            if self.auto_pair:
                for game, players in {s.seeking for s in self.students.values() if s.seeking}:
                    self._pair_seekers(game, players)
            self.console_dirty = True
        elif kind == "end":
            table = self._table_arg(message)
            self._end(table)
        elif kind == "end_all":
            for table in list(self.tables.values()):
                self._end(table)
        elif kind == "reveal":
            table = self._table_arg(message)
            self._deliver(table, table.reveal())
            self.store.reveal_table(table.id)
        elif kind == "watch":
            table = self._table_arg(message)
            conn.watching.add(table.id)
            conn.sent.pop(("table", table.id), None)
            self._send_table(table, conn, full=True)
        elif kind == "unwatch":
            table = self._table_arg(message)
            conn.watching.discard(table.id)
        elif kind == "show":
            self.show(message.get("game"), message.get("kind"), message.get("spec"))
        elif kind == "unshow":
            self.unshow()
        elif kind == "board":
            self._teacher_board_message(message)
        else:
            raise Refused(f"ignored an unknown message {shortened(kind)!r}")

    def _end(self, table: Table) -> None:
        """End a table: a game still going on is ended (kept as such); its players leave it for the class page."""
        if table.status == "playing":
            self._deliver(table, table.end())
            self.store.end_table(table.id, "ended")
            self._progressed()
        for student_id in table.students:
            student = self.students.get(student_id)
            if student is not None and student.table == table.id:
                student.table = None
                self._tell(student, {"type": "left", "table": table.id, "status": table.status})
        self.tables.pop(table.id, None)
        self.console_dirty = True

    # ----- the teacher's own board --------------------------------------------------------------------
    def _teacher_board_message(self, message: dict[str, Any]) -> None:
        inner = message.get("message")
        if message.get("open") is not None:
            game = message.get("open")
            if game not in list_games():
                raise Refused("choose one of the class's games")
            self.teacher_board = BoardController(game, mode=TEACHER_BOARD_MODE, teaching=True)
            for conn in self.teachers:
                self._send_teacher_board(conn, full=True)
            return
        if self.teacher_board is None:
            raise Refused("open your board first")
        if not isinstance(inner, dict):
            raise Refused("ignored a malformed message from your board")
        changed = self.teacher_board.handle(inner)
        sent = changed.pop("_messages", [])
        for conn in self.teachers:
            self._send_teacher_board(conn)
            for item in sent:
                conn.send({"type": "board-file", **item})

    def _send_teacher_board(self, conn: Connection, full: bool = False) -> None:
        board = self.teacher_board
        if board is None:
            return
        if full:
            conn.send({"type": "teacher-board", "game": board.game_slug})
        text = self._values_text("mine", 0, conn, self._shown_frame(board), full)
        if text is not None:
            conn.send_text(text)

    # ----- the console's view -------------------------------------------------------------------------
    def console_view(self) -> dict[str, Any]:
        """Everything the console shows but the boards (``view``)."""
        self.console_dirty = False
        return self.view(self)

    def push_console(self) -> None:
        """Send the console's view to every teacher's connection if it changed."""
        if self.console_dirty and self.teachers:
            view = json.dumps(self.console_view(), separators=(",", ":"))
            for conn in self.teachers:
                conn.send_text(view)

    def close(self) -> None:
        """Close every connection (the server stops)."""
        for conn in list(self.teachers):
            conn.close("the class server stopped")
        for student in self.students.values():
            for conn in list(student.connections):
                conn.close("the class server stopped")

    def now(self) -> float:
        """The time (for the console's "since")."""
        return time.time()
