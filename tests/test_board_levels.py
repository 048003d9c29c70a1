"""Every board offers the computer's levels: chosen in Python or from the page's chooser."""

from __future__ import annotations

import pytest

from capture_lib.hosts.widget import BoardWidget
from capture_lib.search.level_ratings import chooser as chooser_levels
from capture_lib.search.level_ratings import level_labels, offered_levels
from capture_lib.search.levels import LEVEL_NAMES
from capture_lib.session.board import BoardController
from tests.harness import serve
from tests.registry import games


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_a_board_starts_with_the_rule_player_and_takes_a_level_from_the_page(slug):
    board = BoardWidget(slug, seed=3, seat=0)
    assert board.values["level"] == "rule"
    # The board's chooser is the one every host shows (``level_ratings.chooser``): the levels the game offers.
    assert board.values["levels"] == chooser_levels(slug)
    other = next(level for level in reversed(offered_levels(slug)) if level != "rule")
    before = board.state
    board._on_front_end_message(board, {"type": "level", "level": other}, [])
    assert board.values["level"] == other and board.values["message_kind"] == "info" and board.state is before


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_a_level_the_game_does_not_offer_is_refused_from_the_page_with_the_offered_ones(slug):
    left_out = [level for level in LEVEL_NAMES if level not in offered_levels(slug)]
    board = BoardWidget(slug, seed=3, seat=0)
    for level in left_out:
        board._on_front_end_message(board, {"type": "level", "level": level}, [])
        assert board.values["level"] == "rule" and board.values["message_kind"] == "error"
        assert f"offers the levels {', '.join(offered_levels(slug))}, not {level!r}" in board.values["message"]


@pytest.mark.parametrize("bad", ["impossible", 3, None])
def test_a_forged_level_is_refused_and_nothing_changes(bad):
    board = BoardWidget("card-commander", seed=3, seat=0, level="random")
    board._on_front_end_message(board, {"type": "level", "level": bad}, [])
    assert board.values["level"] == "random"
    assert board.values["message_kind"] == "error"
    assert "card-commander offers the levels " in board.values["message"]


def test_a_board_built_for_a_level_it_does_not_offer_shows_that_level_as_itself():
    # Card Commander's medium is not rated, so not offered; a board (or an older book's recipe) may still name it.
    assert "medium" not in offered_levels("card-commander")
    board = BoardWidget("card-commander", seed=3, seat=0, level="medium")
    shown = dict(board.values["levels"])
    assert shown["medium"] == "medium"  # its bare name: it is not rated, and never labelled as another level
    assert [level for level in shown if level != "medium"] == list(offered_levels("card-commander"))
    board._on_front_end_message(board, {"type": "level", "level": "random"}, [])
    assert board.values["levels"] == chooser_levels("card-commander")  # once left, it is offered no more


def test_the_chosen_level_plays_the_computers_moves():
    board = BoardWidget("card-commander", seed=5, seat=0)
    board._on_front_end_message(board, {"type": "level", "level": "random"}, [])
    board._on_front_end_message(board, {"type": "play", "action": "commander Karl"}, [])
    assert board.values["message_kind"] == "info"
    assert board.state.observation(0)["commanders"][1] in ("Joanne", "Jackson")


def test_the_board_says_the_computer_is_thinking_while_it_searches_and_offers_no_move():
    seen, sent = [], []

    def opponent(state, seat):
        # What the page has been sent by the time the search runs (a move from the page is handled
        # inside a hold of the updates: the thinking update must not wait for its end).
        seen.append((board.values["thinking"], list(board.controller.legal), list(sent)))
        return state.legal_actions()[0]

    board = BoardWidget("card-commander", seed=5, seat=0)
    board.controller._opponent = opponent
    send_state = board.send_state
    board.send_state = lambda key=None: (sent.append(key), send_state(key))
    board._on_front_end_message(board, {"type": "play", "action": "commander Karl"}, [])
    assert seen and all(thinking and legal == [] for thinking, legal, _ in seen)
    assert all(any(keys and "values" in keys for keys in before) for _, _, before in seen)  # thinking, sent
    assert board.values["thinking"] is False
    assert board.controller.legal  # Blue's turn again: moves offered, nobody thinking


def _open(browser, session: BoardController, **overrides):
    """A page with ``session``'s board (its first values changed by ``overrides``) and its script errors."""
    server = serve({"board": session}, overrides)
    url = server.__enter__()
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("close", lambda _page: server.__exit__(None, None, None))
    page.goto(url)
    page.locator(".capture-board .cap-status").first.wait_for()
    return page, errors


@pytest.mark.browser
def test_the_page_offers_the_levels_and_sends_the_choice(browser):
    session = BoardController("card-commander", seed=3, seat=0)
    page, errors = _open(browser, session)
    chooser = page.get_by_label("computer")
    assert chooser.input_value() == "rule"
    # Each level the game offers with its rating from the shipped summary (capture_lib.experiments.ratings), as
    # "rule · about 1500"; none that the ratings cannot tell apart (Card Commander offers fewer levels than it
    # has), and the strongest says why there are fewer.
    offered = chooser_levels("card-commander")
    assert chooser.locator("option").all_inner_texts() == [label for _level, label in offered]
    assert [level for level, _label in offered] == list(offered_levels("card-commander"))
    top = offered[-1][0]
    assert offered[-1][1].startswith(level_labels("card-commander")[top]) and "deal" in offered[-1][1]
    chooser.select_option("random")
    page.wait_for_function("window.captureBoards.board.get('level') === 'random'")
    assert page.evaluate("window.sent") == [{"type": "level", "level": "random"}]
    assert session.values()["level"] == "random"
    assert errors == []
    page.close()


@pytest.mark.browser
def test_the_page_says_the_computer_is_thinking_and_offers_no_move(browser):
    page, errors = _open(browser, BoardController("command-capture", seed=3, seat=0), level="hard", thinking=True)
    # Shown under the board (and said in its live region, which is hidden).
    assert page.locator(".cap-message", has_text="The computer is thinking").is_visible()
    assert page.locator(".capture-board .cap-clickable").count() == 0
    assert errors == []
    page.close()


@pytest.mark.browser
def test_a_move_half_typed_survives_an_update_from_the_engine(browser):
    # Every update redraws the board; one that arrives while the player types (a kept game's claim, the
    # computer's thinking) must keep the text and the keyboard, or Enter would send nothing.
    page, errors = _open(browser, BoardController("command-capture", seed=3, seat=0))
    page.locator("input.cap-notation").click()
    page.keyboard.type("assassin A")
    first = page.locator("input.cap-notation").element_handle()
    page.evaluate("window.captureBoards.board.apply({message: 'an update from the engine'})")
    page.wait_for_function("(old) => !old.isConnected", arg=first)  # the board was drawn anew
    assert page.locator("input.cap-notation").input_value() == "assassin A"
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    page.wait_for_function("window.sent.length === 1")
    assert page.evaluate("window.sent") == [{"type": "play", "action": "assassin A2"}]
    assert errors == []
    page.close()
