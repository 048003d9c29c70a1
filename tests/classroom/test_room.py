"""The class without the web: joining, pairing, forged messages, progress with consent, shown positions, the CSV,
and a room made again from its store (a restarted server) that is the same class."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest

from capture_lib import list_games, load_game
from capture_lib.classroom import catalog
from capture_lib.classroom.console import CSV_COLUMNS, console_view, csv_text
from capture_lib.classroom.room import ClassRoom, Connection, Refused
from capture_lib.classroom.store import ClassStore


class Device(Connection):
    """A connection that keeps what it is sent, and the values of each board it draws."""

    def __init__(self, role="student", page="class"):
        super().__init__(role, page)
        self.got: list[dict] = []
        self.boards: dict[tuple[str, int], dict] = {}
        self.closed = None

    def send_text(self, text):
        message = json.loads(text)
        self.got.append(message)
        if message.get("table"):  # the table's state, alone or with its values
            self.got.append({"type": "table", "table": message["table"]})
        if message.get("type") == "values":
            key = (message["board"], message["id"])
            if message["full"]:
                self.boards[key] = {}
            self.boards.setdefault(key, {}).update(message["values"])

    def close(self, reason):
        self.closed = reason

    def last(self, kind):
        return next(m for m in reversed(self.got) if m.get("type") == kind)

    def legal(self, table):
        return [a["notation"] for a in self.boards[("table", table)]["scene"].get("actions", [])]


@pytest.fixture
def room(tmp_path):
    store = ClassStore(tmp_path / "class.sqlite3")
    made = ClassRoom(store, store.open_class("7B"), view=console_view)
    yield made
    store.close()


def joined(room, name):
    student, secret = room.join(room.row.code.lower(), name)
    device = Device()
    assert room.connect_student(device, secret)
    return student, secret, device


def teacher(room):
    device = Device("teacher", "console")
    assert room.connect_teacher(device, room.row.teacher_secret)
    return device


def test_joining_takes_the_code_and_a_name_once(room):
    with pytest.raises(Refused, match="code"):
        room.join("XXXXX", "Anna")
    for bad in ("", "   ", "A" * 31, "<script>", None):
        with pytest.raises(Refused):
            room.join(room.row.code, bad)
    student, secret, device = joined(room, "  Anna   Lee ")
    assert student.name == "Anna Lee" and device.got[0]["type"] == "welcome"
    with pytest.raises(Refused, match="already"):
        room.join(room.row.code, "anna lee")
    assert room.student_of(secret) is student and room.student_of("nope") is None
    assert not room.connect_student(Device(), "a guess")


def test_two_students_who_ask_for_a_classmate_sit_at_one_table(room):
    a, _, da = joined(room, "Anna")
    b, _, db = joined(room, "Ben")
    room.student_message(da, {"type": "seek", "game": "card-commander", "players": 2, "id": "1"})
    assert a.seeking == ("card-commander", 2) and a.table is None
    room.student_message(db, {"type": "seek", "game": "card-commander", "players": 2, "id": "1"})
    assert a.table == b.table is not None
    info = da.last("table")["table"]
    assert [s["name"] for s in info["seats"]] == ["Anna", "Ben"] and info["seat"] == 0
    # A whole game through the room, each device sending its own moves.
    rng = random.Random(1)
    table = room.tables[a.table]
    for n in range(200):
        if table.status != "playing":
            break
        device = da if table.board.state.current_player == 0 else db
        room.student_message(device, {"type": "board", "table": table.id, "id": f"m{n}",
                                      "message": {"type": "play", "action": rng.choice(device.legal(table.id))}})
        assert device.last("ack")["id"] == f"m{n}"
    assert table.status == "over"
    room.student_message(db, {"type": "record", "table": table.id})
    assert "[Game \"card-commander\"]" in db.last("record")["text"]
    room.student_message(da, {"type": "rematch", "table": table.id})
    room.student_message(db, {"type": "rematch", "table": table.id})
    assert a.table == b.table != table.id
    assert room.tables[a.table].students == [b.id, a.id]  # the seats move round: Ben plays first now


def test_forged_messages_are_refused_and_change_nothing(room):
    a, _, da = joined(room, "Anna")
    b, _, db = joined(room, "Ben")
    c, _, dc = joined(room, "Cleo")
    table = room.seat([a.id, b.id], "medieval-capture")
    mover = da if table.board.state.current_player == 0 else db
    other = db if mover is da else da
    history = list(table.board.state.history)
    action = mover.legal(table.id)[0]

    # Playing the other seat: the seat comes from the connection, and it is not the other's turn.
    room.student_message(other, {"type": "board", "table": table.id, "message": {"type": "play", "action": action},
                                 "seat": 1 - table.seat_of(other.student), "id": "x1"})
    # Joining a table not theirs.
    room.student_message(dc, {"type": "board", "table": table.id, "message": {"type": "play", "action": action},
                              "id": "x2"})
    assert dc.last("refused")["text"] == "you do not sit at that table"
    # Reading another's hand: a student cannot watch (a teacher's message) nor name a seat to see.
    room.student_message(dc, {"type": "watch", "table": table.id, "id": "x3"})
    assert dc.last("refused")["id"] == "x3" and ("table", table.id) not in dc.boards
    # Teacher actions without the teacher's secret.
    for forged in ({"type": "end_all"}, {"type": "rename", "student": a.id, "name": "X"},
                   {"type": "remove", "student": a.id},
                   {"type": "show", "game": "card-commander", "kind": "level", "spec": {"level": "x"}}):
        room.student_message(dc, {**forged, "id": "t"})
        assert dc.last("refused")["id"] == "t"
        room.teacher_message(dc, forged)
        assert dc.last("refused")["text"] == "only the teacher's console does that"
    assert not room.connect_teacher(Device("teacher"), "a guess")
    # Undoing alone: answering one's own request is refused.
    room.student_message(mover, {"type": "board", "table": table.id, "message": {"type": "play", "action": action},
                                 "id": "m1"})
    room.student_message(mover, {"type": "answer", "table": table.id, "what": "undo", "yes": True, "id": "m2"})
    assert mover.last("refused")["text"] == "nobody is asking to take a move back now"
    assert list(table.board.state.history)[:len(history)] == history
    assert a.name == "Anna" and a.id in room.students and table.status == "playing"
    # Junk of every shape gets a refusal, not a crash.
    for junk in (None, [], "play", {"type": 3}, {"type": "board", "table": "1"}, {"type": "board", "table": True},
                 {"type": "progress", "levels": {"card-commander": {"x": 3}}},
                 {"type": "exercise", "game": "card-commander", "exercise": "exercise 99", "tried": 1, "right": 1,
                  "revealed": 0}, {"type": "seek", "game": "chess", "players": 2}, {"type": "id", "id": 7}):
        room.student_message(dc, junk)
        assert dc.got[-1]["type"] == "refused"


def test_progress_from_before_joining_needs_the_students_yes(room):
    a, _, da = joined(room, "Anna")
    entry_levels = [key for key, _ in catalog.entry("card-commander").levels]
    room.student_message(da, {"type": "progress", "levels": {"card-commander": {entry_levels[0]: 3}}, "before": True,
                              "id": "p1"})
    assert "only if you say so" in da.last("refused")["text"]
    room.student_message(da, {"type": "progress", "levels": {"card-commander": {entry_levels[1]: 2}}, "id": "p2"})
    room.student_message(da, {"type": "share", "yes": True, "id": "p3"})
    room.student_message(da, {"type": "progress", "levels": {"card-commander": {entry_levels[0]: 3}}, "before": True,
                              "id": "p4"})
    room.student_message(da, {"type": "exercise", "game": "card-commander", "exercise": "exercise 1", "tried": 1,
                              "right": 1, "revealed": 0, "id": "p5"})
    progress = console_view(room)["students"][0]["progress"]["card-commander"]
    assert progress["levels"] == {entry_levels[1]: 2} and progress["before"] == {entry_levels[0]: 3}
    assert progress["exercises"] == {"exercise 1": [1, 1, 0]}
    rows = list(csv.DictReader(io.StringIO(csv_text(room))))
    assert list(rows[0]) == list(CSV_COLUMNS) and len(rows) == len(list_games())
    card = next(r for r in rows if r["game"] == "Card Commander")
    assert (card["course levels won"], card["course stars"], card["levels won before the class (shared)"],
            card["exercises answered right"]) == ("1", "2", "1", "1")


def test_a_position_shown_to_everyone_and_who_solved_it(room):
    a, _, da = joined(room, "Anna")
    b, _, db = joined(room, "Ben")
    desk = teacher(room)
    room.teacher_message(desk, {"type": "show", "game": "card-commander", "kind": "exercise",
                                "spec": {"exercise": "exercise 1"}, "id": "s1"})
    assert desk.last("ack")["id"] == "s1"
    assert da.last("shown")["shown"]["title"].startswith("Card Commander")
    lesson = da.boards[("level", room.shown["id"])]["lesson"]
    assert not lesson["answer"]  # the answer stays on the server until asked for
    from capture_lib.session.lesson import book_lessons

    step = book_lessons("card-commander")["exercise 1"].steps[0]
    wrong = next(str(x) for x in step.start.legal_actions() if not step.accepts(x, step.start.play(x)))
    room.student_message(db, {"type": "level", "message": {"type": "play", "action": wrong}, "id": "w"})
    for number, each in enumerate(book_lessons("card-commander")["exercise 1"].steps):
        room.student_message(da, {"type": "level", "message": {"type": "play", "action": str(each.expected())},
                                  "id": f"r{number}"})
        if number + 1 < len(book_lessons("card-commander")["exercise 1"].steps):
            room.student_message(da, {"type": "level", "message": {"type": "lesson", "do": "next"}, "id": f"n{number}"})
    solvers = console_view(room)["shown"]["students"]
    assert solvers[str(a.id)]["status"] == "solved" and solvers[str(b.id)]["status"] == "trying"
    # The teacher's own board: the position before the teacher's last move, that move to find.
    room.teacher_message(desk, {"type": "board", "open": "command-capture", "id": "b1"})
    board = room.teacher_board
    for _ in range(3):
        board.handle({"type": "play", "action": str(board.state.legal_actions()[0])})
    room.teacher_message(desk, {"type": "show", "game": "command-capture", "kind": "position",
                                "spec": {"goal": "Find my move"}, "id": "s2"})
    assert desk.last("ack")["id"] == "s2", desk.got[-1]
    assert room.shown["kind"] == "position" and "Find my move" in json.dumps(da.boards[("level", room.shown["id"])])
    room.teacher_message(desk, {"type": "unshow", "id": "s3"})
    assert da.last("shown")["shown"] is None


def test_the_teacher_pairs_by_hand_and_all_at_once_and_ends_tables(room):
    students = [joined(room, name) for name in ("Anna", "Ben", "Cleo", "Dan", "Eve")]
    desk = teacher(room)
    ids = [s[0].id for s in students]
    room.teacher_message(desk, {"type": "pair", "game": "capture-the-commander", "players": 3, "students": ids[:3],
                                "id": "1"})
    assert desk.last("ack")["id"] == "1"
    room.teacher_message(desk, {"type": "pair", "game": "card-commander", "students": ids[:2], "id": "2"})
    assert "playing at another table" in desk.last("refused")["text"]
    room.teacher_message(desk, {"type": "pair_all", "game": "card-commander", "players": 2, "id": "3"})
    tables = console_view(room)["tables"]
    assert sorted(len(t["seats"]) for t in tables) == [2, 3]
    room.teacher_message(desk, {"type": "watch", "table": tables[0]["id"], "id": "4"})
    assert ("table", tables[0]["id"]) in desk.boards
    room.teacher_message(desk, {"type": "end_all", "id": "5"})
    assert not room.tables and students[0][2].last("left")["status"] == "ended"
    room.teacher_message(desk, {"type": "rename", "student": ids[4], "name": "Evie", "id": "6"})
    assert students[4][2].last("renamed")["name"] == "Evie"
    room.teacher_message(desk, {"type": "remove", "student": ids[4], "id": "7"})
    assert students[4][2].closed and ids[4] not in room.students


def test_a_room_made_again_from_its_store_is_the_same_class(tmp_path):
    store = ClassStore(tmp_path / "class.sqlite3")
    room = ClassRoom(store, store.open_class("7B"))
    a, secret_a, da = joined(room, "Anna")
    b, secret_b, db = joined(room, "Ben")
    tables = {}
    for slug in list_games():
        a.table = b.table = None
        table = room.seat([a.id, b.id], slug)
        rng = random.Random(slug)
        for n in range(12):
            if table.status != "playing":
                break
            device = da if table.board.state.current_player == 0 else db
            room.student_message(device, {"type": "board", "table": table.id, "id": f"{slug}{n}",
                                          "message": {"type": "play", "action": rng.choice(device.legal(table.id))}})
        tables[table.id] = (list(map(str, table.board.state.history)), table.frame(0), table.frame(1))
    store.close()
    # Started again: every table replayed from its moves through the save loader, each seat sees what it saw.
    store = ClassStore(tmp_path / "class.sqlite3")
    again = ClassRoom(store, store.open_class("7B"))
    assert again.row.code == room.row.code and again.student_of(secret_a).name == "Anna"
    last = max(tables)
    restored = again.tables[last]
    assert list(map(str, restored.board.state.history)) == tables[last][0]
    assert restored.frame(0) == tables[last][1] and restored.frame(1) == tables[last][2]
    for table_id, (history, _, _) in tables.items():
        kept = next(t for t in store.tables(again.row.id, ("playing", "over", "ended")) if t.id == table_id)
        assert [m[0] for m in kept.moves] == history
    store.close()


def test_a_tampered_history_is_refused_and_set_aside_when_the_class_starts_again(tmp_path):
    store = ClassStore(tmp_path / "class.sqlite3")
    room = ClassRoom(store, store.open_class("7B"))
    a, _, _ = joined(room, "Anna")
    b, _, _ = joined(room, "Ben")
    table = room.seat([a.id, b.id], "command-capture")
    seat = table.board.state.current_player
    table.play(seat, str(table.board.state.legal_actions()[0]))
    store._db.execute("UPDATE moves SET action='teleport' WHERE tbl=? AND ply=0", (table.id,))
    store.close()
    store = ClassStore(tmp_path / "class.sqlite3")
    again = ClassRoom(store, store.open_class("7B"))
    assert table.id not in again.tables and "illegal" in again.problems[0]
    assert again.students[a.id].table is None  # Anna is back in the class, free for another table
    assert [t.status for t in store.tables(again.row.id, ("damaged",))] == ["damaged"]
    store.close()


def test_every_game_seats_its_table_sizes(room):
    names = [joined(room, f"S{n}")[0].id for n in range(4)]
    for slug in list_games():
        for players in catalog.players_of(slug):
            for student in names:
                room.students[student].table = None
            table = room.seat(names[:players], slug, players)
            assert table.board.state.num_players == players
            assert load_game(slug).title == table.info(0, lambda s: True)["title"]
