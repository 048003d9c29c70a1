"""A board's page without a browser: the messages a page sends a board and what the board sends back. Shared by
the tests of what a board shows (``test_board_secrets`` and each game's own ``test_*board_secrets``)."""

from __future__ import annotations

import json
import re

from capture_lib.session.scenes import scene_json

#: Not values of the game: the module's source (the same for every game on the board), the layout's model id.
CODE = ("_esm", "_css", "layout")


def send(board, content) -> None:
    board._on_front_end_message(board, content, [])


def listen(board) -> list[dict]:
    """The custom messages the board sends the page (a save's text)."""
    sent: list[dict] = []
    board.send = lambda content, buffers=None: sent.append(content)
    return sent


def synced(board) -> dict:
    """Every value the page is sent, but the module's source and the layout widget's id."""
    return {name: value for name, value in board.get_state().items() if name not in CODE}


def pieces_seen(board, view) -> list:
    """The pieces the board's scene draws for ``view`` (what the page shows of a position, whatever moved last)."""
    return scene_json(board.controller.description, view).get("pieces", [])


def words(text: str) -> set[str]:
    return set(re.findall(r"[^\s\"',:\[\]{}()]+", text))


def hidden_words(state, seat: int) -> set[str]:
    """Words of the true notation that ``seat`` saw masked and that its view shows nowhere.

    Plain lower-case words are notation's verbs (``extra``, ``pass``), which name no fact of the game.
    """
    seen = state.observation(seat)
    shown = words(json.dumps(seen))
    hidden: set[str] = set()
    for action, line in zip(state.history, seen["log"], strict=True):
        if str(action) != str(line):
            hidden |= words(str(action)) - words(str(line))
    return {word for word in hidden - shown if not re.fullmatch(r"[a-z]+", word)}


