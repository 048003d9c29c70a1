"""Medieval Capture's board: a roll is chance, the Knight is placed in secret, the computer's set-up follows its
seed (the board's secrets for every game: ``tests/test_board_secrets.py``)."""

from __future__ import annotations

from capture_lib import load_game
from capture_lib.hosts.widget import BoardWidget
from capture_lib.session import secrecy
from tests.boards.pages import send
from tests.playing import reached


def test_a_roll_is_chance_and_turns_undo_off_with_the_reason():
    state = reached("medieval-capture", lambda s: s.current_player == 0 and "roll" in map(str, s.legal_actions()))
    board = BoardWidget(state, seat=0, level="random")
    send(board, {"type": "play", "action": "roll"})
    assert not board.values["can_undo"] and "chance" in board.values["undo_note"]


def test_the_knight_is_placed_in_secret():
    medieval = load_game("medieval-capture").new_game(seed=3)
    place = next(a for a in medieval.legal_actions() if str(a).endswith("knight"))
    assert not secrecy.reveals(medieval, place, (0, 1))  # the Knight is placed in secret


def test_a_board_takes_its_computers_seed_as_it_takes_the_deals():
    # Medieval Capture's computer, first to place its army, places it by its own chance: the same seed, the
    # same set-up; another seed, another one (and by default a fresh one each board, ``search.levels``).
    from capture_lib.session import BoardController

    def opening(computer_seed: int, level: str = "rule"):
        board = BoardController("medieval-capture", seed=5, seat=1, mode="computer", level=level,
                                computer_seed=computer_seed)
        return board.state
    assert opening(7) == opening(7) and opening(7) != opening(8)
    assert opening(7, "easy") == opening(7, "easy")
