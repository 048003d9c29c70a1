"""The terminal host: a board session played at a prompt, drawn by the text renderer.

It drives the same session as every other host (``capture_lib.session.board``: ``handle(message)``), so
the terminal has what the boards have: the computer's reply and its last moves in words, undo under the
same policy, the hot-seat curtain between two players at one keyboard, a game kept at every turn's end
and offered again next time, saving and loading, a choice of level, and the game-over line that says why
it ended. What it prints comes from the scene (``capture_lib.render.text.scene_text``), built from what
the seat may see.

At the prompt: a move in the chapter's notation; ``moves`` (every legal move) or ``moves WORD...`` (those
naming a piece, square or word, with where they go marked on the board); a piece or square on its own does
the same; ``undo``; ``new``; ``level NAME``; ``save FILE``; ``load FILE``; ``help``; ``quit``. Ctrl-C and
``quit`` offer to save a game under way before leaving (Ctrl-C again, or Enter, leaves it kept); Ctrl-D
leaves at once (the game stays kept); Ctrl-C at the offer of the kept game leaves it kept and starts
nothing. In a terminal the line can be edited, the arrows recall this game's lines and Tab completes moves
and commands (``capture_lib.hosts.terminal.editing``).
"""

from __future__ import annotations

import json
import pathlib
import shutil
import sys
import textwrap
from typing import Any, TextIO

from capture_lib.core import saves
from capture_lib.core.files import load_file, save_file, write_whole
from capture_lib.core.protocol import State
from capture_lib.core.scene import Scene, from_json
from capture_lib.hosts.terminal.editing import line_reader
from capture_lib.render.paint import Paint, colour_wanted
from capture_lib.render.text import actions_text, focus, key_text, matching, scene_text, words_of, wrap_moves
from capture_lib.session import vault
from capture_lib.session.board import BoardController, shortened

COMMANDS = ("Type a move in notation; 'moves' lists the legal ones, 'moves WORD' only those with WORD (a piece or "
            "a square, whose moves are then marked on the board); 'undo' takes your last move back while the "
            "rules allow; 'new' starts a new game; 'level NAME' sets the computer's level; 'save FILE' saves the "
            "whole game (the computer's hidden cards too), 'load FILE' goes on with one; 'help' shows this again; "
            "'quit' stops. In a terminal, Tab completes a move or a command and the arrows recall earlier lines.")
#: The prompt's commands as ``capture play --help`` names them, one line each.
COMMAND_LINES = (
    "MOVE            a move in the chapter's notation (place 7D 3S 10H)",
    "moves [WORD]    the legal moves (only those naming WORD: a piece, a square, a word)",
    "undo            take your last move back, while the rules allow",
    "new             start a new game",
    "level NAME      the computer's level, one of those the game offers (its board's chooser lists them)",
    "save FILE       save the whole game (a record; FILE.json: a JSON save)",
    "load FILE       go on with a saved game",
    "help            the commands and the key to the board",
    "quit            stop (a game under way is offered to be saved, else kept here)",
)
#: What Tab completes besides the legal moves.
COMPLETED_COMMANDS = ("moves", "undo", "new", "help", "quit", "save", "load")


def _width(stdout: TextIO) -> int:
    if getattr(stdout, "isatty", lambda: False)():
        return max(40, shutil.get_terminal_size((80, 24)).columns - 1)
    return 100


def wrapped(text: str, width: int) -> str:
    """``text`` with each of its lines wrapped to ``width`` (words kept whole), for the key and advice."""
    return "\n".join(textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False) or line
                     for line in text.split("\n"))


def _resume_file(session: BoardController) -> pathlib.Path:
    """Where the terminal keeps the claim on its game in progress, one per game, mode and seat."""
    return vault.folder() / f"terminal-{session.game_slug}-{session.mode}-{session.seat}.claim"


class Terminal:
    """One game at a prompt: reads lines, hands them to the session, prints what changed."""

    def __init__(self, session: BoardController, stdin: TextIO, stdout: TextIO, colour: bool | None) -> None:
        self.session = session
        self.stdin, self.stdout = stdin, stdout
        self.paint = Paint(colour_wanted(stdout) if colour is None else colour)
        self.width = _width(stdout)
        self.shown_scene: dict[str, Any] | None = None
        self.shown_last: tuple[str, ...] = ()
        self.reader = line_reader(stdin, stdout, self.phrases)
        #: The session's ``keeps`` when the claim file was last written (none written yet).
        self.written = 0

    def phrases(self) -> list[str]:
        """What Tab completes now: the legal moves, ``moves`` with each word they name, and the commands."""
        moves = [record.notation for record in self.scene.actions] if self.session.scene else []
        named = dict.fromkeys(word for move in moves for word in words_of(move))
        levels = [f"level {name}" for name, _label in self.session.levels]  # those the game's chooser offers
        return [*moves, *COMPLETED_COMMANDS, *levels, *(f"moves {word}" for word in named)]

    # ----- output --------------------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """Write a line (wrapped to the terminal's width)."""
        self.stdout.write(wrapped(text, self.width) + "\n")
        self.stdout.flush()

    @property
    def scene(self) -> Scene:
        """The session's scene, as the text renderer reads it."""
        return from_json(self.session.scene)

    def show(self, marks: dict[str, str] | None = None, force: bool = False) -> None:
        """Print the board if it changed (or ``force``) and what the seat may do, else the last moves that are
        new; then the board's message."""
        values = self.session.values()
        scene = self.scene
        last = tuple(m.text for m in scene.last)
        if force or values["scene"] != self.shown_scene or marks:
            self.stdout.write("\n" + scene_text(scene, self.paint, marks, self.width) + "\n")
            if not marks and not self.session.curtain:
                offered = actions_text(scene)
                if offered:
                    self.say(offered)
        elif last != self.shown_last and last:
            self.say("Last: " + " \u00b7 ".join(last[-6:]))
        self.shown_scene, self.shown_last = values["scene"], last
        if values["message"]:
            self.say(("! " if values["message_kind"] == "error" else "") + values["message"])
            self.session.say("")

    # ----- input ----------------------------------------------------------------------------------------------
    def ask(self, prompt: str, complete: bool = False) -> str | None:
        """One line typed at ``prompt`` (``None`` at the end of input); ``complete``: a move or command, with
        completion and history, else an answer to a question."""
        return self.reader.read(prompt, complete)

    def offer_save(self) -> None:
        """Before leaving a game under way: save it to a file the player names, or leave it kept (Enter, the
        end of input, or Ctrl-C again)."""
        if not self.session.under_way:
            return
        try:
            answer = self.ask("Save the game before leaving? Type a file name, or press Enter to leave it kept "
                              "here (next time it is offered again): ")
        except KeyboardInterrupt:
            answer = None
            self.stdout.write("\n")
        if answer and answer.strip():
            self.save(answer.strip())
        else:
            self.say("The game stays kept here: capture play offers it again next time.")

    def save(self, target: str) -> None:
        """Write the whole game to ``target`` (a record, or a JSON save for ``.json``)."""
        try:
            kind = save_file(self.session.state, target)
        except OSError as err:
            self.say(f"could not save: {err}")
            return
        self.say(f"saved the game as a {kind} in {target}; go on with: capture play --load {target}")

    def command(self, text: str) -> bool:
        """Act on one line; ``False`` to leave."""
        low = text.strip().lower()
        words = text.split()
        if low in ("quit", "exit", "bye"):
            self.offer_save()
            return False
        if low in ("help", "?"):
            self.say(COMMANDS)
            key = key_text(self.scene, full=True)
            if key:
                self.say(key)
            self.show(force=True)
            return True
        if low == "save" or low.startswith("save "):
            target = text[5:].strip()
            if not target:
                self.say("save needs a file name: save game.txt (a record) or save game.json (a JSON save)")
            else:
                self.save(target)
            return True
        if low.startswith("load "):
            self.load(text[5:].strip())
            return True
        if low == "undo":
            self.session.handle({"type": "undo"})
        elif low == "new":
            self.session.handle({"type": "new", "confirm": True})
        elif low.startswith("level "):
            self.session.handle({"type": "level", "level": words[1] if len(words) > 1 else ""})
        elif low == "moves" or low.startswith("moves "):
            self.list_moves(words[1:])
            return True
        elif not text.strip():
            return True
        else:
            records = self.scene.actions
            moves = [r.notation for r in records]
            if text.strip() not in moves and matching(moves, words) and len(words) <= 2 and \
                    not self._is_move(text):
                self.list_moves(words)
                return True
            self.session.handle({"type": "play", "action": text})
        self.show()
        return True

    def _is_move(self, text: str) -> bool:
        try:
            self.session.state.to_action(text)
        except ValueError:
            return False
        return True

    def list_moves(self, words: list[str]) -> None:
        """The legal moves (those naming ``words``), with what a word names said and where its moves go
        marked on the board."""
        scene = self.scene
        moves = [r.notation for r in scene.actions]
        found = matching(moves, words)
        if words and not found:
            self.say(f"no legal move names {shortened(' '.join(words))}; 'moves' lists all "
                     f"{len(moves)} move{'s' if len(moves) != 1 else ''}")
            return
        if words:
            named = focus(scene, words, found)
            if named.marks:
                self.show(marks=named.marks)
            if named.about:
                self.say(named.about)
        count = len(found)
        self.say(f"{count} legal move{'s' if count != 1 else ''}" + (f" with {' '.join(words)}" if words else "") + ":")
        self.stdout.write("\n".join(wrap_moves(found, self.width, by_first_word=len(found) > 12)) + "\n")

    def load(self, path: str) -> None:
        """Go on with the game saved in ``path``."""
        from capture_lib.games import load_game

        try:
            state = load_file(path, load_game, self.session.game_slug)
        except ValueError as err:
            self.say(f"could not load: {err}")
            return
        self.session.handle({"type": "load", "text": saves.dump(state), "confirm": True})
        self.show(force=True)

    def keep(self) -> None:
        """Write the session's claim on its game in progress where the terminal offers it next time, or remove
        it once the game is over or thrown away; only when the session kept or forgot its game since the last
        write (``BoardController.keeps``), not at every prompt."""
        if self.session.keeps == self.written:
            return
        self.written = self.session.keeps
        path = _resume_file(self.session)
        claim = self.session.resume
        try:
            if claim:
                write_whole(path, claim, mode=0o600)
            elif path.exists():
                path.unlink()
        except OSError:
            pass  # a full disk or a read-only home: the game goes on, only unkept

    def leave(self) -> None:
        """On leaving (quit, Ctrl-C, the end of input): keep the game as it stands, mid-turn too."""
        self.session.handle({"type": "keep"})
        self.keep()

    def offer_resume(self) -> None:
        """At the start: offer the game kept here last time, if there is one."""
        path = _resume_file(self.session)
        try:
            claim = path.read_text(encoding="utf-8")
            actions = json.loads(claim)["actions"]
        except (OSError, ValueError, KeyError, TypeError):
            return
        title = self.session.description.title
        answer = self.ask(f"A game of {title} you left here is kept ({actions} actions played). Resume it? [Y/n] ")
        if answer is not None and answer.strip().lower() in ("", "y", "yes"):
            self.session.handle({"type": "load", "text": claim, "confirm": True})
            if self.session.message_kind == "error":
                self.say(f"could not resume it: {self.session.message}; a new game starts")
                self.session.say("")
            else:
                self.say("resumed the kept game")
                self.session.say("")
        elif answer is not None:  # declined: a new game takes its place
            self.forget_kept(path, claim)

    def forget_kept(self, path: pathlib.Path, claim: str) -> None:
        """Remove the kept game that ``claim`` names and its claim ``path`` (the player chose a new game)."""
        try:
            vault.forget(json.loads(claim).get("token"))
            path.unlink(missing_ok=True)
        except (OSError, ValueError, AttributeError):
            pass

    def run(self) -> State:
        """Play until the game ends and the player leaves, or the player quits; the game is kept as it stands."""
        try:
            return self._run()
        except KeyboardInterrupt:  # Ctrl-C where no question catches it (the curtain, the first drawing)
            self.stdout.write("\n")
            self.say("bye: the game stays kept here, and capture play offers it again next time.")
            return self.session.state
        finally:
            self.leave()

    def _run(self) -> State:
        session = self.session
        names = session._seat_names()
        you = names[session.seat] if session.mode == "computer" else "the players at this keyboard"
        self.say(f"{session.description.title}: you are {you}.")
        self.say(COMMANDS)
        key = key_text(self.scene)
        if key:
            self.say(key)
        self.show(force=True)
        while True:
            self.keep()
            if session.curtain:
                asked = f"Hand the keyboard to {session.curtain} (the others look away), then press Enter: "
                if self.ask(asked) is None:
                    return session.state
                session.handle({"type": "ready"})
                self.show(force=True)
                continue
            over = session.state.is_over
            prompt = "game over: new, save FILE or quit> " if over else (
                f"{names[session.state.current_player]}> " if session.mode == "hotseat" else "your move> ")
            try:
                line = self.ask(prompt, complete=True)
            except KeyboardInterrupt:
                self.stdout.write("\n")
                self.offer_save()
                self.say("bye")
                return session.state
            if line is None:
                self.say("\nbye")
                return session.state
            try:
                if not self.command(line):
                    self.say("bye")
                    return session.state
            except KeyboardInterrupt:
                self.stdout.write("\n")
                self.offer_save()
                self.say("bye")
                return session.state


def play_in_terminal(slug: str, seat: int = 0, seed: int | None = None, stdin: TextIO | None = None,
                     stdout: TextIO | None = None, level: str = "rule", state: State | None = None,
                     colour: bool | None = None, mode: str = "computer",
                     options: dict[str, Any] | None = None) -> State:
    """Play ``slug`` at a prompt against the computer (``level``), or ``mode="hotseat"`` between people at one
    keyboard, reading notation from ``stdin`` (default: this process's standard input and output).

    ``state``, if given, is a game to go on with (``slug`` must be its game); otherwise a new game under
    ``options`` (the game's, as ``new_game`` takes them), and, unless ``seed`` fixes the new one, the game
    kept here last time is offered first. ``colour`` forces ANSI colour on or off; by default it is on only
    for a terminal without ``NO_COLOR``. Returns the state when the player leaves.
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    if state is not None and state.game.slug != slug:
        raise ValueError(f"the game to go on with is {state.game.slug}, not {slug}")
    session = BoardController(state if state is not None else slug, seat=seat, mode=mode,
                              level=level if mode == "computer" else None, seed=seed if state is None else None,
                              options=options if state is None else None)
    if not 0 <= seat < session.state.num_players:
        raise ValueError(f"no seat {seat} in this game: seats are 0 to {session.state.num_players - 1}")
    terminal = Terminal(session, stdin, stdout, colour)
    if state is None and seed is None:
        try:
            terminal.offer_resume()
        except KeyboardInterrupt:  # Ctrl-C at the offer: leave before anything starts, the kept game untouched
            stdout.write("\n")
            terminal.say("Left before playing: the kept game stays kept, and capture play offers it again next time.")
            return session.state
    return terminal.run()
