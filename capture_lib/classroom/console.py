"""The teacher's console, as data: the class list and who is online, each student's progress per game, the
tables, the position shown to everyone and who solved it; and the class's results as CSV.

It reads the room (who is online, who sits where) and the store (progress, games played); it never reaches
into a table's hidden state: a table is described by what its public view says, and its board reaches the
console only as the public view (``ClassRoom.watch``) or, once over, with the hands the teacher chose to show.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from typing import Any

from capture_lib.classroom import catalog
from capture_lib.classroom.room import ClassRoom

#: The CSV's columns, one row per student and game.
CSV_COLUMNS = ("student", "game", "course levels won", "course levels", "course stars",
               "levels won before the class (shared)", "exercises tried", "exercises answered right",
               "exercises with the answer shown", "exercises", "table games finished", "table games won",
               "table games ended by the teacher", "positions shown", "positions solved")


def progress(room: ClassRoom) -> dict[int, dict[str, dict[str, Any]]]:
    """Each student's progress per game: levels won (stars) in class and before it (where shared),
    exercises (tried, right, revealed), table games (finished, won, ended), shown positions (solved).

    Read from the store once per change of it (``ClassRoom.progress_version``): a move changes none of it
    until its game ends, so a busy class's console does not read the store on every move."""
    kept = room.memo.get("progress")
    if kept is not None and kept[0] == room.progress_version:
        return kept[1]
    made = _progress(room)
    room.memo["progress"] = (room.progress_version, made)
    return made


def _progress(room: ClassRoom) -> dict[int, dict[str, dict[str, Any]]]:
    out: dict[int, dict[str, dict[str, Any]]] = defaultdict(lambda: defaultdict(lambda: {
        "levels": {}, "before": {}, "exercises": {}, "finished": 0, "won": 0, "ended": 0, "shown": 0, "solved": 0}))
    shared = {s.id: s.shared_before is True for s in room.students.values()}
    for student, game, level, stars, before in room.store.levels(room.row.id):
        if before and not shared.get(student):
            continue
        out[student][game]["before" if before else "levels"][level] = stars
    for student, game, exercise, tried, right, revealed in room.store.exercises(room.row.id):
        out[student][game]["exercises"][exercise] = [tried, right, revealed]
    for seats, game, status, winners in room.store.games_played(room.row.id):
        for seat, student in enumerate(seats):
            entry = out[student][game]
            if status == "over":
                entry["finished"] += 1
                entry["won"] += seat in winners
            else:
                entry["ended"] += 1
    games = {s["id"]: s["game"] for s in room.store.all_shown(room.row.id)}
    for student in room.students:
        for game in games.values():
            out[student][game]["shown"] += 1
    for shown, student, status, _tries, _stars in room.store.solved(room.row.id):
        if status == "solved" and shown in games:
            out[student][games[shown]]["solved"] += 1
    return {student: {game: dict(entry) for game, entry in games_.items()} for student, games_ in out.items()}


def console_view(room: ClassRoom) -> dict[str, Any]:
    """The console's whole view but the boards (see the module's docstring), JSON-ready."""
    made = progress(room)
    students = [{"id": s.id, "name": s.name, "online": s.online, "table": s.table,
                 "seeking": None if s.seeking is None else {"game": s.seeking[0], "players": s.seeking[1]},
                 "shared_before": s.shared_before, "progress": made.get(s.id, {})}
                for s in sorted(room.students.values(), key=lambda s: s.name.casefold())]
    tables = [table.info(None, room._online) for table in room.tables.values()]
    shown = None
    if room.shown is not None:
        shown = {"id": room.shown["id"], "game": room.shown["game"], "kind": room.shown["kind"],
                 "title": room.shown["title"],
                 "students": {str(k): v for k, v in room._shown_state.items() if k in room.students}}
    board = room.teacher_board
    return {"type": "class", "class": {"name": room.row.name, "code": room.row.code, "auto_pair": room.auto_pair,
                                       "address": room.address, "book": room.book},
            "games": [entry.as_json() for entry in catalog.catalog()], "students": students, "tables": tables,
            "shown": shown, "board": None if board is None else board.game_slug}


def csv_text(room: ClassRoom) -> str:
    """The class's results, one row per student and game (``CSV_COLUMNS``), for a spreadsheet."""
    made = progress(room)
    entries = catalog.catalog()
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for student in sorted(room.students.values(), key=lambda s: s.name.casefold()):
        for entry in entries:
            got = made.get(student.id, {}).get(entry.slug, {})
            exercises = got.get("exercises", {}).values()
            writer.writerow([
                student.name, entry.title, len(got.get("levels", {})), len(entry.levels),
                sum(got.get("levels", {}).values()), len(got.get("before", {})),
                sum(1 for e in exercises if e[0]), sum(1 for e in exercises if e[1]),
                sum(1 for e in exercises if e[2]), len(entry.exercises), got.get("finished", 0), got.get("won", 0),
                got.get("ended", 0), got.get("shown", 0), got.get("solved", 0)])
    return out.getvalue()
