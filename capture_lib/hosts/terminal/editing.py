"""Reading the terminal's lines: editing, history and completion where a person types, plain lines elsewhere.

In a terminal (standard input and output both a TTY) the prompt is prompt_toolkit's where it is installed
(the book's extra brings it, with IPython), else the standard library's ``readline``: either gives line
editing (arrows, Home, End, Ctrl-A/E/K/U, ...), the history of this game's lines (up and down arrows, and
Ctrl-R with prompt_toolkit) and Tab completion of the legal moves and the prompt's commands, a word at a
time (Card Commander's 720 placements are three cards each: ``place 7`` Tab offers the sevens). Anywhere
else (a pipe, a file, a test) lines are read as they come, without echo or escape codes.

Every reader returns one line without its newline, ``None`` at the end of input (Ctrl-D), and lets
Ctrl-C through as ``KeyboardInterrupt``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TextIO

#: The words that ``complete`` offers: one whole line each (a move in notation, or a command).
Phrases = Callable[[], Iterable[str]]


def next_words(before: str, phrases: Iterable[str]) -> list[str]:
    """The words that may come next after ``before`` (what is typed up to the cursor), among ``phrases``.

    The words typed so far must begin a phrase (case ignored); the word being typed (after the last space,
    maybe empty) must begin the phrase's next word. Each word is offered once, in the phrases' order.
    """
    typed = before.split(" ")
    done = [word.lower() for word in typed[:-1] if word]
    partial = typed[-1].lower()
    found: dict[str, None] = {}
    for phrase in phrases:
        words = phrase.split()
        if len(words) > len(done) and [w.lower() for w in words[:len(done)]] == done \
                and words[len(done)].lower().startswith(partial):
            found.setdefault(words[len(done)], None)
    return list(found)


class LineReader(Protocol):
    """Reads one line at a prompt."""

    def read(self, prompt: str, complete: bool = True) -> str | None:
        """The line typed at ``prompt`` (``None`` at the end of input); ``complete`` offers completion and
        keeps the line in the history (a move or command), else neither (an answer to a question)."""
        ...


class PlainReader:
    """Lines read from any stream as they come: for pipes, files and tests (no echo, no escape codes)."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin, self.stdout = stdin, stdout

    def read(self, prompt: str, complete: bool = True) -> str | None:
        """Write ``prompt``, then read a line (``None`` at the end of input)."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        return None if not line else line.rstrip("\r\n")


class PromptToolkitReader:
    """prompt_toolkit's prompt: editing, this game's history, Tab completion of moves and commands (and of
    file names after ``save`` and ``load``)."""

    def __init__(self, phrases: Phrases, **streams: Any) -> None:
        """``phrases`` gives what Tab completes; ``streams`` are prompt_toolkit's ``input`` and ``output``
        (default: this process's terminal)."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion, PathCompleter
        from prompt_toolkit.document import Document
        from prompt_toolkit.history import InMemoryHistory

        files = PathCompleter(expanduser=True)

        class Moves(Completer):
            """The next word of a legal move or a command; a file name after ``save`` or ``load``."""

            def get_completions(self, document: Any, complete_event: Any) -> Iterable[Any]:
                before = document.text_before_cursor
                first, _, rest = before.lstrip().partition(" ")
                if first.lower() in ("save", "load") and _:
                    yield from files.get_completions(Document(rest, len(rest)), complete_event)
                    return
                partial = before.split(" ")[-1]
                for word in next_words(before, phrases()):
                    yield Completion(word, start_position=-len(partial))

        self.completer = Moves()
        self._session = PromptSession(history=InMemoryHistory(), completer=self.completer,
                                      complete_while_typing=False, reserve_space_for_menu=6, **streams)
        self._plain = PromptSession(**streams)

    def read(self, prompt: str, complete: bool = True) -> str | None:
        """The line typed at ``prompt``; ``None`` on Ctrl-D."""
        try:
            return (self._session if complete else self._plain).prompt(prompt)
        except EOFError:
            return None


class ReadlineReader:
    """The standard library's ``readline`` under ``input()``: editing, history and Tab completion."""

    def __init__(self, phrases: Phrases, readline: Any) -> None:
        self._readline = readline
        self._phrases = phrases
        self._found: list[str] = []
        self._completing = True
        readline.set_completer_delims(" ")
        readline.set_completer(self._complete)
        # macOS's Python may be built on libedit, which reads its own syntax for the same binding.
        doc = readline.__doc__ or ""
        readline.parse_and_bind("bind ^I rl_complete" if "libedit" in doc else "tab: complete")

    def _complete(self, text: str, index: int) -> str | None:
        if index == 0:
            line = self._readline.get_line_buffer()
            before = line[:self._readline.get_begidx()] + text
            self._found = [word + " " for word in next_words(before, self._phrases())] if self._completing else []
        return self._found[index] if index < len(self._found) else None

    def read(self, prompt: str, complete: bool = True) -> str | None:
        """The line typed at ``prompt``; ``None`` on Ctrl-D. An answer to a question stays out of the history."""
        self._completing = complete
        try:
            line = input(prompt)
        except EOFError:
            return None
        finally:
            self._completing = True
        if not complete and line:
            length = self._readline.get_current_history_length()
            if length:
                self._readline.remove_history_item(length - 1)
        return line


def line_reader(stdin: TextIO, stdout: TextIO, phrases: Phrases) -> LineReader:
    """The reader for ``stdin`` and ``stdout``: prompt_toolkit's or readline's where both are this process's
    terminal, else plain lines (``PlainReader``). ``phrases`` gives the moves and commands to complete."""
    interactive = (stdin is sys.stdin and stdout is sys.stdout and _isatty(stdin) and _isatty(stdout))
    if not interactive:
        return PlainReader(stdin, stdout)
    try:
        return PromptToolkitReader(phrases)
    except ImportError:
        pass
    try:
        import readline
    except ImportError:  # Windows without prompt_toolkit: the console's own line editing
        return PlainReader(stdin, stdout)
    return ReadlineReader(phrases, readline)


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
