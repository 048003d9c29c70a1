"""A class table: what each seat's device receives, undo by consent, a message applied once, the store first."""

from __future__ import annotations

import json
import random
import shutil

import pytest

from capture_lib import list_games, load_game
from capture_lib.classroom import catalog
from capture_lib.classroom.room import ClassRoom, Connection
from capture_lib.classroom.store import ClassStore
from capture_lib.classroom.tables import NOT_YOURS, Table, TableBoard, seat_labels
from capture_lib.core import saves
from capture_lib.core.chance import CHANCE
from capture_lib.core.errors import IllegalAction
from capture_lib.session.secrecy import origin, twin

#: Actions of a seeded random game, looked through for positions whose twins are checked.
LENGTH = 120
#: Positions checked per seat: at rest (its device connecting to the table) and live (after another seat's move).
AT_REST, LIVE = 2, 2
#: Positions tried per seat and per kind before the test gives up finding twins for it (each try replays the game).
TRIES = 12


def new_game(slug: str, players: int, seed: int):
    """A new game of ``slug`` for a table of ``players`` (its players option, where the game has one)."""
    game = load_game(slug)
    options = {"players": players} if any(o.name == "players" for o in game.options) else {}
    return game.new_game(seed=seed, **options)


def random_game(slug: str, seed: int = 11, length: int = LENGTH, players: int = 2):
    rng = random.Random(7)
    state = new_game(slug, players, seed)
    states = [state]
    while not state.is_over and len(states) < length:
        state = state.play_chance() if state.current_player == CHANCE else state.play(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def table_at(state, students=(10, 20)):
    return Table(1, TableBoard.replayed(state), list(students), ["Anna", "Ben"])


def table_sizes() -> list[tuple[str, int]]:
    """Every game of the registry at every table size the class offers it at."""
    return [(slug, players) for slug in list_games() for players in catalog.players_of(slug)]


class Socket(Connection):
    """A device's connection that keeps every text the room writes to it, exactly as written."""

    def __init__(self, role: str = "student", page: str = "class") -> None:
        super().__init__(role, page)
        self.texts: list[str] = []

    def send_text(self, text: str) -> None:
        self.texts.append(text)

    def close(self, reason: str) -> None:
        self.texts.append(f"(closed: {reason})")


class TwinClass:
    """One class file with a student in every seat, copied for each game of a pair of twins: each copy keeps its
    game as its only table (so both are table 1, with the same students, names and secrets), and the room made
    from it connects every seat's device and a teacher's console watching the table."""

    def __init__(self, folder, players: int) -> None:
        self.folder, self.count = folder, 0
        self.path = folder / "class.sqlite3"
        store = ClassStore(self.path)
        self.row = store.open_class("7B")
        room = ClassRoom(store, self.row)
        joined = [room.join(self.row.code, name) for name in ("Anna", "Ben", "Cleo", "Dan")[:players]]
        self.students = [student.id for student, _secret in joined]
        self.secrets = [secret for _student, secret in joined]
        store.close()  # the WAL folded back into the file, which is copied whole

    def room(self, state) -> tuple[ClassRoom, list[Socket], Socket]:
        """A room whose table 1 is ``state`` (kept ply by ply, made again by the room from its store, as after a
        restart), with a device connected for every seat in seat order, and the teacher watching the table."""
        self.count += 1
        path = self.folder / f"copy-{self.count}.sqlite3"
        shutil.copyfile(self.path, path)
        store = ClassStore(path)
        start = origin(state)
        table = store.add_table(self.row.id, state.game.slug, state.seed, dict(state.options), self.students,
                                saves.reached(start))
        assert table == 1
        store.append_moves(table, 0, Table._new_plies(start, state), None, saves.reached(state),
                           "over" if state.is_over else "playing", state.winners)
        room = ClassRoom(store, store.class_by_id(self.row.id))
        assert not room.problems, room.problems
        seats = []
        for secret in self.secrets:
            seats.append(Socket())
            assert room.connect_student(seats[-1], secret)
        teacher = Socket("teacher", "console")
        assert room.connect_teacher(teacher, self.row.teacher_secret)
        room.teacher_message(teacher, {"type": "watch", "table": table})
        return room, seats, teacher


def boards(teacher: Socket) -> list[str]:
    """What the teacher's console was written of the table's board (its class view says when it was made)."""
    return [text for text in teacher.texts if text.startswith('{"type":"values"')]


def play(room: ClassRoom, device: Socket, action) -> None:
    """``device`` plays ``action`` at table 1 through the room, as its socket's message would."""
    before = len(device.texts)
    room.student_message(device, {"type": "board", "table": 1, "id": "m:1",
                                  "message": {"type": "play", "action": str(action)}})
    assert '{"type":"ack","id":"m:1"}' in device.texts[before:], device.texts[before:]


def _before(state):
    """``state`` one action earlier, replayed from its origin."""
    chain = origin(state)
    for action in state.history[:-1]:
        chain = chain.play(action)
    return chain


@pytest.mark.parametrize(("slug", "players"), table_sizes(), ids=[f"{s}-{n}" for s, n in table_sizes()])
def test_twin_games_send_a_seat_the_same_bytes(slug, players, tmp_path):
    """Two games that differ only in what a seat may not see (another hand dealt, other face-down cards, another
    secret placement) make the room write byte for byte the same texts to that seat's socket: when its device
    connects (the welcome, the table's values and state), and after another seat's move played through the room.
    The teacher watching the table, who sees only the public view, is written the same bytes too. Where another
    seat can tell the two games apart (its own hand differs), its socket is written other bytes: what is compared
    carries that seat's secrets. (In Capture the Commander nobody has seen a face-down card, so a twin that swaps
    two of them is a twin for every seat.)"""
    states = random_game(slug, players=players)
    rng = random.Random(f"{slug}:{players}")
    kept = TwinClass(tmp_path, players)

    def compare(seat: int, real, mirror, move=None) -> bool:
        """Seat ``seat`` at ``real`` and at its twin ``mirror``; ``move``: (mover, real action, mirror action).
        False where the chance the room drew after the move showed the seat something else (no twins then)."""
        (room_a, seats_a, teacher_a), (room_b, seats_b, teacher_b) = kept.room(real), kept.room(mirror)
        if move is not None:
            mover, action_a, action_b = move
            play(room_a, seats_a[mover], action_a)
            play(room_b, seats_b[mover], action_b)
        real, mirror = room_a.tables[1].board.state, room_b.tables[1].board.state
        twins = real.observation(seat) == mirror.observation(seat)
        where = f"{slug} at {players}, seat {seat}, {len(real.history)} actions in"
        if twins:
            assert seats_a[seat].texts == seats_b[seat].texts, f"{where}: the seat's socket told the twins apart"
            assert boards(teacher_a) == boards(teacher_b), f"{where}: the teacher's public view told them apart"
            for other in range(players):
                if real.observation(other) != mirror.observation(other):
                    assert seats_a[other].texts != seats_b[other].texts, f"{where}: seat {other} was told no difference"
        room_a.store.close()
        room_b.store.close()
        return twins

    for seat in range(players):
        at_rest = live = 0
        resting = [k for k in range(2, len(states)) if states[k].current_player != CHANCE]
        rng.shuffle(resting)
        for k in resting[:TRIES]:
            other = twin(states[k], seat, random.Random(k)) if at_rest < AT_REST else None
            if other is not None and other.history != states[k].history:
                assert compare(seat, states[k], other), f"{slug}: the room made table 1 again as another game"
                at_rest += 1
        # Another seat's move; where chance follows it, the room draws it from each game's own seed and deck.
        # Moves the seat reads masked (a card placed face down, a secret pick) are tried first.
        moves = [k for k in range(1, len(states)) if states[k - 1].current_player not in (None, CHANCE, seat)]
        rng.shuffle(moves)
        moves.sort(key=lambda k: str(states[k].observation(seat)["log"][-1]) == str(states[k].history[-1]))
        for k in moves[:TRIES]:
            other = twin(states[k], seat, random.Random(k)) if live < LIVE else None
            if other is not None and other.history != states[k].history:
                move = (states[k - 1].current_player, states[k].history[-1], other.history[-1])
                live += compare(seat, states[k - 1], _before(other), move)
        # A seat without twins would leave its secrets untested: the test says so, rather than pass.
        assert (at_rest, live) == (AT_REST, LIVE), (
            f"{slug} at {players}: seat {seat} got {at_rest} twins at rest and {live} after a move, from {TRIES} "
            f"positions each: secrecy.twin found no other game that differs only in what the seat may not see")


def test_each_seat_sees_its_own_hand_and_only_the_mover_may_undo():
    state = load_game("card-commander").new_game(seed=3)
    table = table_at(state)
    board = table.board
    seat = board.state.current_player
    mine, theirs = json.loads(table.frame(seat)["scene"]), json.loads(table.frame(1 - seat)["scene"])
    assert mine["actions"] and "actions" not in theirs  # only the seat to act is offered moves
    assert table.frame(seat)["seat"] == str(seat)
    assert json.loads(table.frame(None)["mode"]) == "view"  # the teacher's public view takes no move
    refused = table.handle(1 - seat, {"type": "play", "action": mine["actions"][0]["notation"]})
    assert [u.to for u in refused] == [1 - seat]
    words = json.loads(table.frame(1 - seat)["message"])
    assert words.startswith("it is not your turn") and json.loads(table.frame(1 - seat)["message_kind"]) == "error"
    assert json.loads(table.frame(seat)["message"]) == ""  # a refusal tells only its sender


def test_undo_needs_every_other_player_and_follows_the_books_policy():
    # Medieval: a turn holds several actions, so a move can be taken back before the turn passes.
    state = load_game("medieval-capture").new_game(seed=5)
    kept, cut = [], []
    table = Table(3, TableBoard.replayed(state), [1, 2], ["Anna", "Ben"],
                  keep=lambda t, first, plies, msg: kept.append((first, plies, msg)),
                  cut=lambda t, length: cut.append(length))
    board = table.board
    for _ in range(40):  # play until the player to act has made a move and is still to act
        seat = board.state.current_player
        before = len(board.state.history)
        table.play(seat, str(random.Random(before).choice(board.state.legal_actions())))
        if board.state.current_player == seat and not board.undo_block():
            break
    else:
        pytest.fail("no move in 40 that could be taken back")
    other = 1 - seat
    length = len(board.state.history)
    with pytest.raises(IllegalAction, match=NOT_YOURS):
        table.ask_undo(other)  # only the mover asks
    with pytest.raises(ValueError, match="nobody is asking"):
        table.answer_undo(other, True)
    table.ask_undo(seat)
    assert table.info(other, lambda s: True)["asking"]["name"] == "Anna" if seat == 0 else "Ben"
    with pytest.raises(ValueError, match="cannot answer for them"):
        table.answer_undo(seat, True)  # undoing alone: refused
    assert len(board.state.history) == length
    table.answer_undo(other, False)
    assert len(board.state.history) == length and table.undo_request is None
    table.ask_undo(seat)
    table.answer_undo(other, True)
    assert len(board.state.history) == length - 1 and cut == [length - 1]


def test_undo_is_refused_once_the_turn_has_passed():
    state = load_game("card-commander").new_game(seed=4)
    table = table_at(state)
    seat = table.board.state.current_player
    table.play(seat, str(table.board.state.legal_actions()[0]))
    with pytest.raises(IllegalAction, match="turn has passed|chance"):
        table.ask_undo(seat)


def test_a_message_sent_twice_is_applied_once():
    state = load_game("command-capture").new_game(seed=2)
    table = table_at(state)
    seat = table.board.state.current_player
    action = str(table.board.state.legal_actions()[0])
    table.handle(seat, {"type": "play", "action": action}, "page:1")
    length = len(table.board.state.history)
    again = table.handle(seat, {"type": "play", "action": action}, "page:1")
    assert len(table.board.state.history) == length and [u.to for u in again] == [seat]


def test_a_move_the_store_cannot_keep_is_not_played():
    state = load_game("card-commander").new_game(seed=6)

    def refuse(*_args):
        raise OSError("disk full")

    table = Table(1, TableBoard.replayed(state), [1, 2], ["Anna", "Ben"], keep=refuse)
    seat = table.board.state.current_player
    length = len(table.board.state.history)
    table.handle(seat, {"type": "play", "action": str(table.board.state.legal_actions()[0])})
    assert len(table.board.state.history) == length
    assert "could not keep that move" in json.loads(table.frame(seat)["message"])


def test_a_finished_game_is_saved_as_a_record_by_either_player_and_revealed_by_choice():
    states = random_game("card-commander", seed=8, length=400)
    assert states[-1].is_over
    table = table_at(states[-1])
    with pytest.raises(ValueError):
        table_at(states[5]).record_text(0)  # not while it goes on: it holds the others' hands
    for seat in (0, 1):
        assert "card-commander" in table.record_text(seat)
    final = states[-1]
    assert final.view(None) != final.view(None, everything=True), "nothing is hidden at this game's end"
    hidden = {seat: table.frame(seat)["scene"] for seat in (0, 1, None)}
    table.reveal()
    assert all(table.frame(seat)["scene"] != hidden[seat] for seat in (0, 1, None))
    assert "face up" in json.loads(table.frame(1)["message"])


def test_seat_labels_name_every_seat_of_a_four_player_game():
    state = load_game("medieval-capture").new_game(seed=1, players=4)
    assert seat_labels(state) == ("Blue 1", "Red 1", "Blue 2", "Red 2")
    assert seat_labels(load_game("capture-the-commander").new_game(seed=1, players=3)) == ("North", "East", "West")
