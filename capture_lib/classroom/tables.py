"""A table: one game held on the server, played by students on their own devices, each seeing only their seat.

The game lives in one board session (``TableBoard``, the book's ``BoardController`` with a seat for every
device instead of one screen), so a table follows the same rules, messages and undo policy as every
board of the book. The server is the authority: a device sends a board's message (``{"type": "play",
"action": ...}``) and its seat is the one the server gave it, never one the message names. Each seat's
values are built from that seat's observation alone (``values_for``); the teacher's are the table's
public view, and the hands are shown only when the teacher reveals a finished game.

``Table`` adds what a shared table needs on top: the students in each seat, the move kept in the store
before any seat hears of it, undo by consent (the player who moved asks; every other player must say
yes; the book's policy still decides whether the move may be taken back at all), a message seen twice
applied once, and the record of a finished game for either player. Nothing here knows of sockets: each
call returns the updates to send, seat by seat (``Update``), and the server sends them.

What a seat's device receives is a function of what that seat may see: two games that differ only in
what a seat may not see send it the same bytes (``tests/classroom/test_tables.py`` holds that).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from capture_lib.core import record
from capture_lib.core.chance import CHANCE
from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import State
from capture_lib.session.board import MAX_MESSAGE_CHARS, BoardController, shortened
from capture_lib.session.scenes import MOST_RECENT, public_notation

#: What a seat that did not make the last move reads under a disabled undo button.
NOT_YOURS = "only the player who made the last move may ask to take it back"
#: The board messages a device may send to its table; the others are answered with a reason.
PLAY, UNDO = "play", "undo"
#: Messages a board sends by itself that a table has no use for (it keeps its game on the server).
IGNORED = ("keep", "ready")
#: How many recent message ids a table remembers per seat, to apply a message sent twice only once.
REMEMBERED = 64
#: How many of a game's latest positions a table holds: enough for what the scenes tell of the last moves
#: (``session.scenes.MOST_RECENT``) and for taking a move back; the whole game is in the store.
KEPT_STATES = MOST_RECENT + 2


def seat_labels(state: State) -> tuple[str, ...]:
    """The name of every seat of ``state``'s game, in seat order ("Blue", "Red"; "North", "East", ...).

    Where a game names fewer seats than it has players (Medieval's four players in two teams), each seat
    is its side's name and its place in the team ("Blue 1", "Red 1", "Blue 2", "Red 2").
    """
    names = state.names
    if len(names) >= state.num_players:
        return names[:state.num_players]
    return tuple(f"{names[seat % len(names)]} {seat // len(names) + 1}" for seat in range(state.num_players))


class TableBoard(BoardController):
    """The book's board session with a seat for every device: one master behind every transport.

    Its mode is ``hotseat`` (any seat may act in turn; chance is resolved as it comes) without a curtain,
    since no two players share a screen; ``values_for(seat)`` gives what the device of ``seat`` draws,
    ``values_for(None)`` what the teacher watching the table draws. It keeps no game of its own (the class's
    store does), offers no level, no new game and no file (a table's record is saved from the class page).
    """

    keeps_games = False
    saves = False

    def __init__(self, state: State) -> None:
        self._looking: int | None = None
        self._labels = seat_labels(state)
        #: Whether every hidden card and piece is shown (the teacher reveals a finished game's hands).
        self.revealed = False
        #: The players' moves made so far (chance left out): what the console counts.
        self.moves_made = 0
        super().__init__(state, seat=0, mode="hotseat")

    @classmethod
    def replayed(cls, state: State) -> TableBoard:
        """A table's board whose game is ``state`` with every move of it on the stack (a restarted server's
        table), so the last move can still be taken back as it could before."""
        from capture_lib.session.secrecy import origin

        board = cls(origin(state))
        chain = [board._start]
        for action in state.history:
            chain.append(chain[-1].play(action))
        board._states = chain
        board.moves_made = sum(1 for s in chain[:-1] if s.current_player not in (None, CHANCE))
        board.forget_old_states()
        board._sync()
        return board

    def forget_old_states(self) -> None:
        """Let go of all but the latest ``KEPT_STATES`` positions (each holds the engine's own caches), and of
        the seats' views of positions older than any scene tells of (a table of 300 would keep thousands)."""
        if len(self._states) > KEPT_STATES:
            del self._states[:-KEPT_STATES]
        told = {id(state) for state in self._states[-(MOST_RECENT + 2):]}
        for key in [key for key, (state, _view) in self._seen.items() if id(state) not in told]:
            del self._seen[key]

    # ----- what differs from one screen -----------------------------------------------------------------
    def table_options(self) -> list[dict[str, Any]]:
        """None: a class table plays the game its teacher started (no "choose the game" for a new one)."""
        return []

    def _viewer(self) -> int | None:
        return self._looking

    def _seat_names(self) -> tuple[str, ...]:
        return self._labels

    def _sync(self) -> None:
        # The values are built seat by seat when asked for (``values_for``); the game's hooks (Command
        # Capture's turn clock) hear of every new position once.
        self.thinking = False
        synced = getattr(self._hooks, "synced", None)
        if synced is not None:
            synced(self)

    @property
    def states(self) -> list[State]:
        """The game's positions, one action apart (after chance), oldest first (Python only)."""
        return self._states

    def last_mover(self) -> int | None:
        """The seat that made the last step on the stack (``CHANCE`` for a deal or a roll), or None."""
        if len(self._states) < 2:
            return None
        return self._states[-2].current_player

    def values_for(self, seat: int | None) -> dict[str, Any]:
        """The values the board module draws for ``seat``'s device (None: the teacher, the public view), built
        from that seat's observation only; ``message`` is left to the table."""
        self._looking = seat
        self._ready_seat = seat  # each device is its seat's own: there is no curtain to lift
        teaching = self.teaching
        self.teaching = self.revealed and self.state.is_over
        try:
            self._sync_values()
        finally:
            self.teaching = teaching
        values = self.values()
        state = self.state
        live = seat is not None and not state.is_over
        mover = self.last_mover()
        note = self.undo_note if seat == mover or mover in (CHANCE, None) or state.is_over else NOT_YOURS
        # The teacher's public view is a view: it draws the board without a move to make.
        values.update(seat=seat, mode="hotseat" if seat is not None else "view", curtain="", level="", levels=[],
                      options=[], resume="", under_way=False,
                      teaching=False, message="", message_kind="info",
                      controls={"undo": live, "new": False, "save": False, "export": False},
                      can_undo=live and seat == mover and not self.undo_note, undo_note=note if live else "")
        return values


@dataclass
class Update:
    """Something a table sends: ``to`` is a seat (an int), ``"watchers"`` (the teacher) or ``"all"``;
    ``payload`` is the message's JSON object, or None where the seat's own values (``Table.frame``) go."""

    to: int | str
    payload: dict[str, Any] | None = None


@dataclass
class UndoRequest:
    """A request to take a move back: who asked, the position it is about, and who said yes so far."""

    seat: int
    length: int
    yes: set[int] = field(default_factory=set)


Keeper = Callable[["Table", int, list[tuple[str, int | None]], str | None], None]


class Table:
    """A table of the class (see the module's docstring): its board, its seats and their students.

    ``keep(table, first, moves, message_id)`` writes new plies to the store; it is called before any seat
    hears of them, and if it raises, the moves are taken back and the player told (nothing is lost or
    half-applied). ``names`` are the students' names in seat order.
    """

    def __init__(self, table_id: int, board: TableBoard, students: list[int], names: list[str],
                 keep: Keeper | None = None, cut: Callable[[Table, int], None] | None = None) -> None:
        if len(students) != board.state.num_players:
            raise ValueError(f"a table of {board.description.game.title} seats {board.state.num_players} players, "
                             f"not {len(students)}")
        self.id = table_id
        self.board = board
        self.students = list(students)
        self.names = list(names)
        self.game = board.game_slug
        #: ``playing``, ``over`` (the game ended) or ``ended`` (the teacher ended it first).
        self.status = "over" if board.state.is_over else "playing"
        self.undo_request: UndoRequest | None = None
        #: Seats that asked for another game at the same table.
        self.rematch: set[int] = set()
        self._keep = keep
        self._cut = cut
        #: What each seat reads under its board ("You played ...", a refusal), with its kind.
        self._said: dict[int | None, tuple[str, str]] = {}
        #: Message ids seen lately, per seat, with the answer they got (a message sent twice gets it again).
        self._seen: dict[int, OrderedDict[str, None]] = {seat: OrderedDict() for seat in range(len(students))}
        self._frames: dict[int | None, tuple[int, dict[str, str]]] = {}
        self._version = 0

    # ----- who sits where -----------------------------------------------------------------------------
    @property
    def labels(self) -> tuple[str, ...]:
        """The seats' names in the game ("Blue", "Red")."""
        return self.board._labels

    def seat_of(self, student: int) -> int | None:
        """The seat of ``student`` at this table, or None."""
        return self.students.index(student) if student in self.students else None

    def info(self, seat: int | None, online: Callable[[int], bool]) -> dict[str, Any]:
        """What a device (``seat``; None for the teacher) is told about the table: the game, the seats with
        their students' names and whether they are online, its own seat, and where the game stands."""
        state = self.board.state
        to_act = state.current_player
        request = self.undo_request
        return {"id": self.id, "game": self.game, "title": self.board.description.game.title, "seat": seat,
                "seats": [{"label": label, "name": name, "online": online(student)}
                          for label, name, student in zip(self.labels, self.names, self.students, strict=True)],
                "status": self.status, "moves": self.board.moves_made,
                "to_act": to_act if to_act is not None and to_act >= 0 else None,
                "revealed": self.board.revealed, "can_save": state.is_over,
                "asking": (None if request is None else
                           {"seat": request.seat, "name": self.names[request.seat],
                            "yours": seat == request.seat, "answered": seat in request.yes}),
                "rematch": sorted(self.rematch), "result": state.end_reason() if state.is_over else ""}

    # ----- what each device draws ---------------------------------------------------------------------
    def frame(self, seat: int | None) -> dict[str, str]:
        """The seat's values as JSON texts by name (each value serialised once a version), what a device's
        page reads; built only from what that seat may see."""
        kept = self._frames.get(seat)
        if kept is not None and kept[0] == self._version:
            return kept[1]
        values = self.board.values_for(seat)
        text, kind = self._said.get(seat, ("", "info"))
        values["message"], values["message_kind"] = text, kind
        # Built in the same order every time, so the same values give the same bytes without sorting their keys.
        encoded = {name: json.dumps(value, separators=(",", ":")) for name, value in values.items()}
        self._frames[seat] = (self._version, encoded)
        self.board.scene, self.board.log = {}, []  # kept as text above: the objects need not stay
        return encoded

    def _changed(self) -> None:
        self._version += 1

    def _say(self, seat: int | None, text: str, kind: str = "info") -> None:
        self._said[seat] = (text, kind)

    # ----- a device's messages ------------------------------------------------------------------------
    def handle(self, seat: int, message: Any, message_id: str | None = None) -> list[Update]:
        """Apply a board's ``message`` from ``seat``'s device; the updates to send. A refused message changes
        nothing and tells only its sender why; a message id seen before is answered, not applied again."""
        if message_id is not None:
            seen = self._seen[seat]
            if message_id in seen:
                return [Update(seat)]
        try:
            updates = self._handle(seat, message, message_id)
        except (IllegalAction, ValueError) as err:
            self._say(seat, str(err), "error")
            self._frames.pop(seat, None)
            updates = [Update(seat)]
        if message_id is not None:
            seen = self._seen[seat]
            seen[message_id] = None
            while len(seen) > REMEMBERED:
                seen.popitem(last=False)
        return updates

    def remember(self, seat: int, message_id: str) -> None:
        """Count ``message_id`` as applied for ``seat`` (a restarted server reads them from the store)."""
        seen = self._seen[seat]
        seen[message_id] = None
        while len(seen) > REMEMBERED:
            seen.popitem(last=False)

    def _handle(self, seat: int, message: Any, message_id: str | None) -> list[Update]:
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise ValueError("ignored a malformed message from the board")
        kind = message["type"]
        if kind in IGNORED:
            return []
        if self.status == "ended":
            raise ValueError("your teacher ended this table's game")
        if kind == PLAY:
            return self.play(seat, message.get("action"), message_id)
        if kind == UNDO:
            return self.ask_undo(seat)
        if kind in ("new", "load", "save", "export", "level"):
            raise ValueError("a class table plays the game your teacher started: a finished game is saved from "
                             "the class page, and your teacher starts the next one")
        raise ValueError(f"ignored an unknown message type {shortened(kind)!r} from the board")

    def play(self, seat: int, action: Any, message_id: str | None = None) -> list[Update]:
        """``seat`` plays ``action`` (notation); kept in the store before anyone hears of it."""
        board = self.board
        title = board.description.game.title
        if not isinstance(action, str) or not action.strip():
            raise ValueError(f"Type a move first, in {title}'s notation, or click the board.")
        if len(action) > MAX_MESSAGE_CHARS:
            raise ValueError(f"That is not a move of {title}: a move is at most {MAX_MESSAGE_CHARS} characters "
                             f"long, and that text has {len(action)}.")
        state = board.state
        if state.is_over:
            raise IllegalAction("the game is over", rule="game over")
        if state.current_player != seat:
            who = state.current_player if state.current_player is not None and state.current_player >= 0 else seat
            raise IllegalAction(f"it is not your turn: {self.labels[who]} ({self.names[who]}) is to act",
                                rule="turn order")
        before = len(board.states)
        board._after_move = ""
        try:
            board.play(action)
        except ValueError as err:
            raise type(err)(str(err).replace(action, shortened(action))) from None
        after = board.states
        new = self._new_plies(board.states[before - 1], board.state)
        try:
            if self._keep is not None:
                self._keep(self, len(board.states[before - 1].history), new, message_id)
        except Exception:
            del after[before:]  # not kept: not played (the store refused; the player is told)
            board._sync()
            raise ValueError("the class's file could not keep that move, so it was not played: tell your teacher "
                             "(the teacher's machine may be out of disk space)") from None
        self.undo_request = None
        self.rematch.clear()
        board.moves_made += 1
        self._tell_move(seat, board.states[before])
        board.forget_old_states()
        if board._after_move:
            self._say(seat, board._after_move, "error")
        if board.state.is_over:
            self.status = "over"
        self._changed()
        return [Update("all")]

    def _tell_move(self, seat: int, played: State) -> None:
        """Each seat's line under its board about ``seat``'s move (``played``: the state right after it), in
        the words that seat may read; with the game's end, once it is over."""
        for other in range(len(self.students)):
            line = public_notation(played, played.observation(other))
            if other == seat:
                self._say(other, f"You played {line}.")
            else:
                self._say(other, f"{self.labels[seat]} ({self.names[seat]}) played {line}.")
        self._say(None, f"{self.labels[seat]} ({self.names[seat]}) played "
                        f"{public_notation(played, self.board.public_view(played))}.")
        if self.board.state.is_over:
            ending = f" Game over: {self.board.state.end_reason()}"
            for who, (text, kind) in list(self._said.items()):
                self._said[who] = (text + ending, kind)

    def retell(self) -> None:
        """Say again what the last move was (a restarted server's table): each seat reads what it read."""
        states = self.board.states
        for index in range(len(states) - 2, -1, -1):
            mover = states[index].current_player
            if mover is not None and mover != CHANCE:
                self._tell_move(mover, states[index + 1])
                self._changed()
                return

    @staticmethod
    def _new_plies(before: State, after: State) -> list[tuple[str, int | None]]:
        """The actions from ``before`` to ``after`` with the seat that made each (None for chance)."""
        plies, state = [], before
        for action in after.history[len(before.history):]:
            mover = state.current_player
            plies.append((str(action), None if mover == CHANCE else mover))
            state = state.play(action)
        return plies

    # ----- undo by consent ----------------------------------------------------------------------------
    def ask_undo(self, seat: int) -> list[Update]:
        """``seat`` asks to take back its last move: allowed by the book's policy, and only by its mover."""
        board = self.board
        if board.last_mover() != seat:
            raise IllegalAction(NOT_YOURS, rule="undo")
        why = board.undo_block()
        if why:
            raise IllegalAction(why, rule="undo")
        if len(self.students) == 1:
            return self._take_back()
        self.undo_request = UndoRequest(seat, len(board.state.history))
        others = ", ".join(self.names[s] for s in range(len(self.students)) if s != seat)
        self._say(seat, f"You asked {others} to let you take your last move back.")
        self._changed()
        return [Update("all"), Update("watchers")]

    def answer_undo(self, seat: int, yes: Any) -> list[Update]:
        """Another player answers the pending request; once every other player says yes, the move goes back."""
        request = self.undo_request
        if request is None or request.length != len(self.board.state.history):
            raise ValueError("nobody is asking to take a move back now")
        if seat == request.seat:
            raise ValueError("a move is taken back only if the other players agree: you cannot answer for them")
        if yes is not True:
            self.undo_request = None
            self._say(request.seat, f"{self.names[seat]} said no: your move stands.", "error")
            self._say(seat, "You said no: the move stands.")
            self._changed()
            return [Update("all"), Update("watchers")]
        request.yes.add(seat)
        if len(request.yes) < len(self.students) - 1:
            self._changed()
            return [Update("all")]
        return self._take_back()

    def _take_back(self) -> list[Update]:
        board = self.board
        request = self.undo_request
        seat = request.seat if request is not None else board.last_mover()
        removed = board.states.pop()
        board.moves_made -= 1
        board._advance()
        if self._cut is not None:
            try:
                self._cut(self, len(board.state.history))
            except Exception:
                board.states.append(removed)
                board.moves_made += 1
                board._sync()
                self.undo_request = None
                raise ValueError("the class's file could not take the move back, so it stands") from None
        self.undo_request = None
        for other in range(len(self.students)):
            self._say(other, "You took your last move back." if other == seat else
                      f"{self.labels[seat]} ({self.names[seat]}) took their last move back.")
        self._say(None, f"{self.labels[seat]} ({self.names[seat]}) took their last move back.")
        self._changed()
        return [Update("all")]

    # ----- the end ------------------------------------------------------------------------------------
    def end(self) -> list[Update]:
        """The teacher ends the table (its game stays in the store and the results)."""
        if self.status == "playing":
            self.status = "ended"
        self.undo_request = None
        for seat in [*range(len(self.students)), None]:
            self._say(seat, "Your teacher ended this game." if seat is not None else "You ended this game.")
        self._changed()
        return [Update("all")]

    def reveal(self) -> list[Update]:
        """Show every hand of a finished game to its players and the teacher (the teacher's choice)."""
        if not self.board.state.is_over:
            raise ValueError("a game's hands are shown only once it is over")
        self.board.revealed = True
        for seat in [*range(len(self.students)), None]:
            self._say(seat, "Your teacher turned every card and piece of this finished game face up.")
        self._changed()
        return [Update("all")]

    def record_text(self, seat: int) -> str:
        """The finished game as a record any copy of the engine reads (the seed withheld)."""
        if not self.board.state.is_over:
            raise ValueError("a game is saved as a record once it is over: until then it holds the others' secrets")
        if seat not in range(len(self.students)):
            raise ValueError("only a player of this table saves its game")
        return record.write(self.board.state, seed=False)
