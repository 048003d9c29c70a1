"""A board keeps its game only when it matters, and a host writes what it keeps only then (issues 38 and 40).

Counted for every registered game: the vault's writes (games kept and forgotten) against the board's own count
(``BoardController.keeps``), which is what a host copies to its own storage; a turn of several actions is kept
at its start (and at a game's first action, so the page holds a claim from then on) where the host hears the
page leave, and after every action of a person where it does not (the live book's engine); the terminal
writes its claim file only when the board kept; a finished game is forgotten and offers no resume; a resumed
game goes on under the name it was kept under.
"""

from __future__ import annotations

import json
import pathlib
import random

import pytest

from capture_lib import list_games, load_game
from capture_lib.core import record
from capture_lib.core.chance import CHANCE
from capture_lib.hosts.terminal import play as terminal_play
from capture_lib.hosts.terminal.play import Terminal
from capture_lib.session import vault
from capture_lib.session.board import BoardController

GAMES = list_games()
#: Actions a person makes in each game's count (enough for several turns of every game, cheap to play).
ACTIONS = 24


@pytest.fixture
def writes(monkeypatch, tmp_path):
    """Every write to the vault (a game kept or forgotten), in a folder of this test's own."""
    monkeypatch.setenv("CAPTURE_SAVES", str(tmp_path / "vault"))
    counted: list[str] = []
    keep, forget = vault.keep, vault.forget

    def counting_keep(*args, **kwargs):
        counted.append("keep")
        return keep(*args, **kwargs)

    def counting_forget(token):
        counted.append("forget")
        return forget(token)

    monkeypatch.setattr(vault, "keep", counting_keep)
    monkeypatch.setattr(vault, "forget", counting_forget)
    return counted


def play(board: BoardController, rng: random.Random, actions: int = ACTIONS) -> list[bool]:
    """Play a person's random legal actions (and one refused message) on ``board``; for each action played,
    whether someone else acted before the person's next one (the computer, or chance)."""
    others: list[bool] = []
    board.handle({"type": "play", "action": "no such move"})  # refused: nothing to keep
    for _ in range(actions):
        if board.state.is_over or not board.legal:
            break
        before = len(board.state.history)
        board.handle({"type": "play", "action": rng.choice(board.legal)})
        assert board.message_kind == "info", board.message
        others.append(len(board.state.history) > before + 1)
    return others


@pytest.mark.parametrize("slug", GAMES)
def test_the_vault_is_written_when_a_turn_begins_and_at_the_first_action_only(writes, slug):
    board = BoardController(slug, seed=5, level="random")
    assert board.keeps == 0 and not writes, "a board nobody moved on keeps nothing"
    others = play(board, random.Random(1))
    # Kept after the first action, and after each action that someone else answered (a new turn begins).
    expected = 1 + sum(others[1:])
    if board.state.is_over:
        expected += 1 - others[-1]  # the end forgets the game (where the last action was not already counted)
    assert board.keeps == len(writes) == expected, (board.keeps, writes, others)
    # The page leaving keeps the rest of a turn, once: a second "keep" has nothing new to write.
    board.handle({"type": "keep"})
    board.handle({"type": "keep"})
    assert board.keeps == len(writes) <= expected + 1


@pytest.mark.parametrize("slug", GAMES)
def test_a_board_that_dies_with_its_page_keeps_every_action(writes, slug):
    board = BoardController(slug, seed=5, level="random")
    board.keeps_every_action = True
    others = play(board, random.Random(1))
    # One write an action: the game kept, or at its end forgotten.
    assert board.keeps == len(writes) == len(others)
    assert writes[-1] == ("forget" if board.state.is_over else "keep")
    board.handle({"type": "keep"})  # nothing left to keep when the page leaves
    assert board.keeps == len(writes)


class Typist:
    """A player at the terminal: a refused word, a request for help, then random legal moves, then quit."""

    def __init__(self, terminal: list[Terminal], moves: int, rng: random.Random) -> None:
        self.terminal, self.moves, self.rng = terminal, moves, rng
        self.lines = ["zzz", "help"]
        self.typed = 0
        self.quit = False

    def readline(self) -> str:
        session = self.terminal[0].session
        if self.lines:
            return self.lines.pop(0) + "\n"
        if self.quit:
            return "\n"  # asked to save before leaving: Enter leaves the game kept
        if self.typed >= self.moves or session.state.is_over or not session.legal:
            self.quit = True
            return "quit\n"
        self.typed += 1
        return self.rng.choice(session.legal) + "\n"


@pytest.mark.parametrize("slug", GAMES)
def test_the_terminal_writes_its_claim_only_when_the_board_kept(writes, monkeypatch, tmp_path, slug):
    monkeypatch.chdir(tmp_path)  # a file the player names would be written here
    claim_writes: list[str] = []
    write_whole = terminal_play.write_whole  # the claim is written whole or not at all

    def counting(path, text, *args, **kwargs):
        if pathlib.Path(path).suffix == ".claim":
            claim_writes.append(text)
        return write_whole(path, text, *args, **kwargs)

    monkeypatch.setattr(terminal_play, "write_whole", counting)
    session = BoardController(slug, seed=5, level="random")
    holder: list[Terminal] = []
    typist = Typist(holder, ACTIONS, random.Random(2))
    terminal = Terminal(session, typist, _Sink(), colour=False)
    holder.append(terminal)
    terminal.run()
    prompts = typist.typed + 3  # every move, the refused word, help and quit met a prompt
    assert claim_writes, "the terminal kept no claim on the game"
    # One write for each time the board kept (the claim changes with it), never one a prompt.
    assert len(claim_writes) == len(set(claim_writes)) <= session.keeps
    assert len(claim_writes) < prompts
    # Leaving kept the game as it stands, and the claim on the disk names it; a finished game's is gone.
    path = vault.folder() / f"terminal-{slug}-computer-0.claim"
    if session.state.is_over:
        assert not path.exists()
    else:
        assert json.loads(path.read_text(encoding="utf-8"))["actions"] == len(session.state.history)


class _Sink:
    """A terminal's output nobody reads."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return False


def _a_game_one_action_from_its_end(slug: str, rng: random.Random):
    """A random game of ``slug`` played to its end; the state before its last action, that action and its
    player (a seat, not chance)."""
    state = load_game(slug).new_game(seed=rng.randrange(2**32))
    before = action = None
    while not state.is_over:
        if state.current_player == CHANCE:
            state = state.play_chance()
            continue
        before, action = state, rng.choice(state.legal_actions())
        state = state.play(action)
    return before, str(action)


@pytest.mark.parametrize("slug", GAMES)
def test_a_finished_game_is_forgotten_and_offers_no_resume(writes, slug):
    before, last = _a_game_one_action_from_its_end(slug, random.Random(3))
    seat = before.current_player
    board = BoardController(slug, seat=seat, level="random")
    board.handle({"type": "load", "text": record.write(before, seed=False)})
    assert board.under_way and board.resume, board.message
    claim = board.resume
    kept = list(pathlib.Path(vault.folder()).iterdir())
    assert len(kept) == 1
    board.handle({"type": "play", "action": last})
    assert board.state.is_over, board.message
    assert board.resume == "" and not board.under_way
    assert not list(pathlib.Path(vault.folder()).iterdir()), "the finished game is still kept"
    # Its claim, still in a page's storage, brings back nothing (no take-back of the game's end).
    fresh = BoardController(slug, seat=seat, level="random")
    fresh.handle({"type": "load", "text": claim})
    assert fresh.message_kind == "error" and "not kept" in fresh.message


@pytest.mark.parametrize("slug", GAMES)
def test_a_resumed_game_goes_on_under_the_name_it_was_kept_under(writes, slug):
    board = BoardController(slug, seed=5, level="random")
    play(board, random.Random(1), actions=3)
    board.handle({"type": "keep"})  # the page leaves
    claim = board.resume
    assert claim and json.loads(claim)["kept"] is True
    fresh = BoardController(slug, level="random")  # the page reloaded: a fresh board offers the claim
    fresh.handle({"type": "load", "text": claim})
    assert fresh.message_kind == "info", fresh.message
    assert fresh.state.history == board.state.history
    assert json.loads(fresh.resume)["token"] == json.loads(claim)["token"]
    assert len(list(pathlib.Path(vault.folder()).iterdir())) == 1, "resuming left a second copy behind"
    # A save the player asked for is no automatic keeping: loading it keeps under a name of its own.
    text = board.handle({"type": "save"})["_messages"][0]["text"]
    assert vault.kept_token(text) is None
