"""The terminal game loop: the seat's board, the computer's replies, and the prompt's commands.

At the prompt: a move in the chapter's notation; ``moves`` (every legal move) or ``moves WORD...``
(those naming a piece, square or word, with where they go marked on the board); a piece or square on
its own does the same; ``help`` for the key to the board; ``save FILE``; ``quit``.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from typing import TextIO

from capture_lib import CHANCE, load_game
from capture_lib.core.files import save_file
from capture_lib.core.protocol import State
from capture_lib.hosts.terminal import view_for
from capture_lib.render.paint import Paint, colour_wanted
from capture_lib.render.text import matching, wrap_moves

COMMANDS = ("Type a move in notation; 'moves' lists the legal ones, 'moves WORD' only those with WORD "
            "(a piece or a square); 'help' shows the key to the board again; 'save FILE' saves the game "
            "(the whole game, the computer's hidden cards too); 'quit' stops.")


def _width(stdout: TextIO) -> int:
    if getattr(stdout, "isatty", lambda: False)():
        return max(40, shutil.get_terminal_size((80, 24)).columns - 1)
    return 100


def wrapped(text: str, width: int) -> str:
    """``text`` with each of its lines wrapped to ``width`` (words kept whole), for the key and advice."""
    return "\n".join(textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False) or line
                     for line in text.split("\n"))


def play_in_terminal(slug: str, seat: int = 0, seed: int | None = None, stdin: TextIO = sys.stdin,
                     stdout: TextIO = sys.stdout, level: str = "rule", state: State | None = None,
                     colour: bool | None = None) -> State:
    """Play ``slug`` against a computer player (``level``), reading notation from ``stdin``.

    ``state``, if given, is a game to go on with (``slug`` must be its game). ``colour`` forces ANSI
    colour on or off; by default it is on only for a terminal without ``NO_COLOR``. Everything drawn
    comes from ``state.observation(seat)``. Returns the state when the game ends or the player quits.
    """
    from capture_lib.search.levels import player_for

    computer = player_for(level)
    game = load_game(slug)
    if state is None:
        state = game.new_game(seed=seed)
    elif state.game is not game:
        raise ValueError(f"the game to go on with is {state.game.slug}, not {slug}")
    if not 0 <= seat < state.num_players:
        raise ValueError(f"no seat {seat} in this game: seats are 0 to {state.num_players - 1}")
    view_of = view_for(slug)
    paint = Paint(colour_wanted(stdout) if colour is None else colour)
    width = _width(stdout)
    names = getattr(state, "names", None) or getattr(game, "seat_names", [f"seat {i}" for i in range(game.max_players)])
    say = stdout.write
    say(f"{game.title}: you are {names[seat]}.\n" + wrapped(COMMANDS, width) + "\n")
    legend = view_of.legend(state.observation(seat), paint)
    if legend:
        say(wrapped(legend, width) + "\n")
    shown = None
    while not state.is_over:
        player = state.current_player
        if player == CHANCE:
            state = state.play_chance()
            continue
        if player != seat:
            state = state.play(computer(state, player))
            say(f"{names[player]} plays: {state.observation(seat)['log'][-1]}\n")
            continue
        view = state.observation(seat)
        moves = [str(a) for a in state.legal_actions()]
        if view != shown:
            say("\n" + view_of.board(view, paint) + "\n")
            advice = view_of.advice(view, moves)
            if advice:
                say(wrapped(advice, width) + "\n")
            shown = view
        say("your move> ")
        stdout.flush()
        line = stdin.readline()
        text = line.strip()
        if not line or text.lower() in ("quit", "exit"):
            say("\nbye\n")
            return state
        low = text.lower()
        if low in ("help", "?"):
            say(wrapped(COMMANDS + "\n" + view_of.legend(view, paint), width) + "\n")
            continue
        if low == "save" or low.startswith("save "):
            target = text[5:].strip()
            if not target:
                say("save needs a file name: save game.txt (a record) or save game.json (a JSON save)\n")
                continue
            try:
                kind = save_file(state, target)
            except OSError as err:
                say(f"could not save: {err}\n")
                continue
            say(f"saved the game as a {kind} in {target}; go on with: capture play --load {target}\n")
            continue
        if low == "moves" or low.startswith("moves "):
            _list_moves(say, view_of, view, paint, moves, text.split()[1:], width)
            continue
        if not text:
            continue
        try:
            state = state.play(text)
        except ValueError as err:  # IllegalAction is a ValueError; so is notation that cannot be read
            if text not in moves and matching(moves, text.split()) and len(text.split()) <= 2:
                # A piece or square on its own (or a part of a move): show what it can do.
                _list_moves(say, view_of, view, paint, moves, text.split(), width)
            else:
                say(f"not allowed: {err}\n")
    say("\n" + view_of.board(state.observation(seat), paint) + "\n")
    winners = state.winners
    result = "a draw" if not winners else ("you win!" if seat in winners else f"{names[winners[0]]} wins")
    say(f"Game over: {result}\n")
    return state


def _list_moves(say, view_of, view: dict, paint: Paint, moves: list[str], words: list[str], width: int) -> None:
    found = matching(moves, words)
    if words and not found:
        say(f"no legal move names {' '.join(words)}; 'moves' lists all {len(moves)}\n")
        return
    focus = view_of.focus(view, words, found) if words else None
    if focus is not None and focus.marks:
        say("\n" + view_of.board(view, paint, focus) + "\n")
    if focus is not None and focus.about:
        say(wrapped(focus.about, width) + "\n")
    what = f"{len(found)} legal moves" + (f" with {' '.join(words)}" if words else "") + ":"
    say(what + "\n" + "\n".join(wrap_moves(found, width, view_of.group_moves)) + "\n")
