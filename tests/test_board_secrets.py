"""What a curious player can get out of a board: seeds, undo, saves, lesson answers (issue 19).

Every test drives the boards' Python side (the messages the page sends, the values it is sent), so no
browser is needed but for the last one. The property test plays random games on each board, with
moves, undos, new games, saves, loads and curtain changes, and checks after every message that the
page holds only what its viewer may see.
"""

from __future__ import annotations

import json
import random
import re
from unittest import mock

import nbformat
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from capture_lib import CHANCE, load_game, read_saved
from capture_lib.core import record, saves
from capture_lib.hosts.lesson import lesson_board
from capture_lib.hosts.widget import BoardWidget
from capture_lib.session import secrecy
from capture_lib.session.course import exercises
from capture_lib.session.lesson import STATIC_BOOK
from tests.boards.pages import hidden_words, listen, pieces_seen, send, synced, words
from tests.budgets import MESSAGE_SEQUENCES
from tests.conftest import ROOT
from tests.playing import human_turn, reached
from tests.registry import games


@pytest.fixture(autouse=True)
def kept_games(tmp_path, monkeypatch):
    """Claims keep their games in a folder of this test's own."""
    monkeypatch.setenv("CAPTURE_SAVES", str(tmp_path / "kept"))
    return tmp_path / "kept"


# ----- seeds -------------------------------------------------------------------------------------------------
PLAY_PAGES = sorted((ROOT / "book").glob("*/play.ipynb"))


def board_cells(path) -> list[str]:
    return [cell.source for cell in nbformat.read(path, as_version=4).cells
            if cell.cell_type == "code" and "BoardWidget(" in cell.source]


@pytest.mark.parametrize("path", PLAY_PAGES, ids=lambda p: p.parent.name)
def test_no_play_page_fixes_the_seed_of_a_game_someone_plays(path):
    cells = board_cells(path)
    assert cells
    played = [source for source in cells if "teaching=True" not in source and 'mode="view"' not in source]
    assert played and not [source for source in played if re.search(r"seed\s*=", source)]
    # A teaching board (every card shown) deals a game of its own, never one someone plays on the page.
    taught = {seed for source in cells if "teaching=True" in source for seed in re.findall(r"seed=(\d+)", source)}
    others = {seed for source in cells if "teaching=True" not in source for seed in re.findall(r"seed=(\d+)", source)}
    assert not taught & others


class FixedSource:
    """Stands in for ``random.SystemRandom``: the test can tell its seed from any other."""

    def randrange(self, *_args):
        return 424242


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_a_board_and_its_new_games_deal_from_the_secure_source(slug, monkeypatch):
    monkeypatch.setattr(random, "SystemRandom", FixedSource)
    assert BoardWidget(slug, seat=0, level="random").state.seed == 424242
    board = BoardWidget(slug, seed=5, seat=0, level="random")  # fixed on purpose, as a test or an example does
    assert board.state.seed == 5
    send(board, {"type": "new"})
    assert board.values["message"] == "new game"
    assert board.state.seed == 424242  # not 6: the next seed is nobody's guess


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_the_seed_never_reaches_the_page(slug):
    seed = 1_234_567_891
    board = BoardWidget(slug, seed=seed, seat=0, level="random")
    sent = listen(board)
    send(board, {"type": "play", "action": board.controller.legal[0]})
    send(board, {"type": "save"})
    data, _ = board._repr_mimebundle_()
    texts = [board.to_json(), json.dumps(synced(board)), data["text/plain"], data["text/html"], json.dumps(sent)]
    assert sent and not [text for text in texts if str(seed) in text]


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_boards_over_states_that_differ_only_in_hidden_facts_look_the_same(slug):
    def twin(state):  # the same to seat 0, what is hidden from it drawn again; None where nothing is hidden
        other = secrecy.twin(state, 0, random.Random(1))
        return other if other is not None and other != state else None

    state = reached(slug, lambda s: s.current_player == 0 and len(s.history) >= 12 and twin(s) is not None)
    other = twin(state)
    assert other.observation(0) == state.observation(0)
    one, two = BoardWidget(state, seat=0), BoardWidget(other, seat=0)
    assert synced(one) == synced(two) and one.to_json() == two.to_json()
    bundle_one, bundle_two = one._repr_mimebundle_()[0], two._repr_mimebundle_()[0]
    assert bundle_one["text/plain"] == bundle_two["text/plain"]  # a state's repr names Command Capture's Assassin
    assert bundle_one["text/html"] == bundle_two["text/html"]


# ----- undo --------------------------------------------------------------------------------------------------
@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_undo_never_takes_back_a_move_the_computer_has_answered(slug):
    board = BoardWidget(slug, seed=4, seat=0, level="random")
    send(board, {"type": "play", "action": board.controller.legal[0]})
    while board.controller._states[-2].current_player == 0 and not board.state.is_over:  # a turn of several actions
        send(board, {"type": "play", "action": board.controller.legal[0]})
    assert board.controller._states[-2].current_player != 0  # the computer (or chance) acted last
    answered = board.state
    assert not board.values["can_undo"] and board.values["undo_note"]
    send(board, {"type": "undo"})
    assert board.values["message_kind"] == "error" and board.state is answered


# ----- saves -------------------------------------------------------------------------------------------------
@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_a_save_in_the_middle_of_a_game_is_a_claim_that_hides_everything(slug, kept_games):
    board = BoardWidget(human_turn(slug), seat=0, level="random")
    sent = listen(board)
    send(board, {"type": "save"})
    (message,) = sent
    claim = json.loads(message["text"])
    assert message["filename"].endswith("-claim.json")
    assert claim["format"] == "capture-board-claim" and set(claim) == {"format", "version", "game", "token",
                                                                       "actions", "note", "board"}
    assert claim["board"] == {"seat": 0, "mode": "computer", "teaching": False}
    assert not words(message["text"]) & hidden_words(board.state, 0)
    assert [p.stat().st_mode & 0o777 for p in kept_games.iterdir()] == [0o600]
    again = BoardWidget(slug, seat=0, level="random")
    send(again, {"type": "load", "text": message["text"]})
    assert again.values["message_kind"] == "info" and again.state == board.state
    assert again.state.seed != board.state.seed  # what chance does next is drawn afresh


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_a_finished_game_is_saved_whole_and_loads_anywhere(slug):
    over = reached(slug, lambda s: s.is_over, seed=9)
    board = BoardWidget(over, seat=0)
    sent = listen(board)
    send(board, {"type": "save"})
    text = sent[0]["text"]
    assert sent[0]["filename"].endswith("-game.txt")
    assert '[SeedPolicy "withheld"]' in text and "[Seed " not in text  # the seed stays in Python
    assert read_saved(text) == board.state  # what `capture play --load` reads, and any board


def test_a_board_loads_a_record_or_a_json_save_and_draws_a_fresh_seed():
    state = load_game("card-commander").replay(12, ["commander Karl", "commander Joanne"])
    for text in (record.write(state), saves.dump(state)):  # both fix seed 12, which decides every card to come
        board = BoardWidget("card-commander", seat=0, level="random")
        send(board, {"type": "load", "text": text})
        assert board.values["message_kind"] == "info" and board.state == state and board.state.seed != 12


def claim_of(game: str, token: str) -> str:
    return json.dumps({"format": "capture-board-claim", "version": 2, "game": game, "token": token, "board": {}})


@pytest.mark.parametrize(("text", "says"), [
    ("", "empty"), ("hello", "not a game record"), ("{}", "not a saved game"),
    ('{"a": ' * 5000 + "1" + "}" * 5000, "nested"), ("[" * 5000 + "]" * 5000, "should be a header"),
    (json.dumps({"format": "capture-lib-save", "version": 99}), "version 99"),
    (claim_of("card-commander", "../" * 11), "does not name a kept game"),
    (claim_of("card-commander", "A" * 32), "not kept on this computer"),
    (claim_of("medieval-capture", "A" * 32), "claims a game of 'medieval-capture'"),
], ids=["empty", "text", "object", "nested", "brackets", "version", "path", "missing", "other-game"])
def test_a_bad_file_is_refused_with_a_clear_message_and_nothing_is_lost(text, says):
    board = BoardWidget("card-commander", seed=3, seat=0)
    send(board, {"type": "play", "action": "commander Karl"})
    state = board.state
    send(board, {"type": "load", "text": text})
    assert board.values["message_kind"] == "error" and says in board.values["message"] and board.state is state
    assert "Traceback" not in board.values["message"] and "/" not in board.values["message"]  # no path of this machine


def test_a_tampered_save_is_refused_naming_the_action():
    board = BoardWidget("card-commander", seed=3, seat=0)
    send(board, {"type": "play", "action": "commander Karl"})
    data = json.loads(saves.dump(board.state))
    data["history"][0] = "commander Nobody"
    state = board.state
    send(board, {"type": "load", "text": json.dumps(data)})
    assert board.values["message_kind"] == "error" and "Nobody" in board.values["message"] and board.state is state


def test_new_game_asks_first_only_while_a_game_is_under_way():
    board = BoardWidget("card-commander", seed=3, seat=0)
    assert not board.values["under_way"]
    send(board, {"type": "play", "action": "commander Karl"})
    assert board.values["under_way"]
    example = BoardWidget.example(board.state, [])
    assert not example.values["under_way"]
    send(example, {"type": "load", "text": saves.dump(board.state)})
    assert example.values["message_kind"] == "error"


def test_a_board_shared_offers_a_claim_while_the_game_goes_on_and_one_only_shown_saves_nothing():
    board = BoardWidget(load_game("command-capture").quick_start("D2", "E7"), mode="hotseat")
    sent = listen(board)
    send(board, {"type": "save"})
    assert json.loads(sent[0]["text"])["format"] == "capture-board-claim"
    shown = BoardWidget(load_game("command-capture").quick_start("D2", "E7"), mode="view")
    sent = listen(shown)
    send(shown, {"type": "save"})
    assert sent == [] and shown.values["message_kind"] == "error" and not shown.values["controls"]["save"]
    teaching = BoardWidget("card-commander", seed=3, seat=0, teaching=True)  # every card is shown: nothing to hide
    sent = listen(teaching)
    send(teaching, {"type": "save"})
    assert read_saved(sent[0]["text"]) == teaching.state


def test_a_lesson_is_neither_saved_nor_replaced_by_a_load():
    board = lesson_board(exercises("card-commander")[0])
    sent = listen(board)
    for content in ({"type": "save"}, {"type": "load", "text": saves.dump(board.state)}):
        send(board, content)
        assert board.values["message_kind"] == "error" and "lesson" in board.values["message"]
    assert sent == [] and board.state == exercises("card-commander")[0].steps[0].start


def test_a_live_board_keeps_its_game_after_every_move_and_a_fresh_board_resumes_it():
    board = BoardWidget("card-commander", seed=3, seat=0, level="random")
    assert board.values["resume"] == ""  # nobody has moved yet
    send(board, {"type": "play", "action": "commander Karl"})
    claim = json.loads(board.values["resume"])
    assert claim["format"] == "capture-board-claim" and not words(board.values["resume"]) & hidden_words(board.state, 0)
    send(board, {"type": "play", "action": board.controller.legal[0]})
    assert json.loads(board.values["resume"])["token"] == claim["token"]  # the same kept game, brought up to date
    fresh = BoardWidget("card-commander", seat=0, level="random")  # what a page reload or a kernel restart gives
    send(fresh, {"type": "load", "text": board.values["resume"]})
    assert fresh.values["message_kind"] == "info" and fresh.state == board.state
    while not board.state.is_over:
        send(board, {"type": "play", "action": board.controller.legal[0]})
    assert board.values["resume"] == ""  # a finished game is not offered again


def test_lessons_and_teaching_boards_keep_no_game():
    lesson = lesson_board(exercises("card-commander")[0])
    send(lesson, {"type": "play", "action": "commander Karl"})
    teaching = BoardWidget("card-commander", seed=3, seat=0, teaching=True)
    send(teaching, {"type": "play", "action": "commander Karl"})
    assert lesson.values["resume"] == "" and teaching.values["resume"] == "" and teaching.values["under_way"]


# ----- lessons -----------------------------------------------------------------------------------------------
@pytest.mark.generic
@pytest.mark.parametrize("kind", ["first", "last"])
@pytest.mark.parametrize("slug", games("lessons"))
def test_a_live_lesson_page_holds_no_answer_before_it_is_asked(slug, kind, monkeypatch):
    monkeypatch.delenv(STATIC_BOOK, raising=False)
    lesson = exercises(slug)[0] if kind == "first" else exercises(slug)[-1]
    board = lesson_board(lesson)
    data, _ = board._repr_mimebundle_()
    page = data["text/html"] + json.dumps(synced(board))
    for step in lesson.steps:
        assert step.explain not in page and json.dumps(step.explain, ensure_ascii=False)[1:-1] not in page
    # the questions, to read without a kernel
    assert len(board.controller.static_model()["frames"]) == len(lesson.steps)
    monkeypatch.setenv(STATIC_BOOK, "1")  # the static book's build: it steps through them, answer after question
    notes = [frame["note"] for frame in board.controller.static_model()["frames"]]
    assert notes[1::2] == [f"Answer: {step.explain}" for step in lesson.steps]


# ----- the property: nothing hidden reaches the page, whatever the page sends ----------------------------------
def check_the_page(board, sent: list[dict]) -> None:
    state = board.state
    viewer = board.controller._viewer()
    covered = bool(board.values["curtain"]) or viewer is None
    seen = board.controller.public_view(state) if covered else state.observation(viewer)
    assert board.values["scene"].get("pieces", []) == pieces_seen(board, seen)
    hidden = set().union(*(hidden_words(state, seat) for seat in (range(state.num_players) if covered else [viewer])))
    # The board's squares and spaces are public geometry: every scene names them all.
    geometry = {space["id"] for space in board.values["scene"]["spaces"]}
    # The table's choices are the rules' words (a choice "CATAPULT! cards only" names a kind of card, no hand).
    choices = words(json.dumps(board.values["options"]))
    assert not words(json.dumps(synced(board))) & (hidden - geometry - choices)
    for message in sent:
        if message["filename"].endswith("-game.txt"):
            assert state.is_over and read_saved(message["text"]) == state  # the whole game once nothing is at stake
        else:  # a claim names the kept game and holds nothing else
            saved = json.loads(message["text"])
            assert saved["format"] == "capture-board-claim" and set(saved) == {"format", "version", "game", "token",
                                                                               "actions", "note", "board"}


@pytest.mark.generic
@pytest.mark.parametrize("mode", ["computer", "hotseat"])
@pytest.mark.parametrize("slug", games())
@settings(max_examples=MESSAGE_SEQUENCES, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rng=st.randoms(use_true_random=False))
def test_no_sequence_of_messages_shows_a_seat_what_it_may_not_see(slug, mode, rng):
    # A board draws each new game's seed from the secure source; here it comes from the example's own
    # generator, and so does the computer's seed (which a board takes), so that Hypothesis replays an
    # example as the same games.
    draws = random.Random(rng.randrange(2**32))
    with mock.patch("capture_lib.session.board.fresh_seed", lambda: draws.randrange(2**63)):
        play_messages(slug, mode, rng)


def play_messages(slug: str, mode: str, rng: random.Random) -> None:
    """Forty messages a page could send, chosen by ``rng``; after each, nothing hidden is on the page."""
    board = BoardWidget(slug, seed=rng.randrange(10**6), seat=0, mode=mode, level="random",
                        computer_seed=rng.getrandbits(64))
    sent = listen(board)
    files: list[str] = []
    for _ in range(40):
        sent.clear()
        before = board.state
        roll = rng.random()
        if board.values["curtain"] and roll < 0.8:
            content = {"type": "ready"}
        elif board.controller.legal and roll < 0.75:
            content = {"type": "play", "action": rng.choice(board.controller.legal)}
        elif roll < 0.85:
            content = {"type": "undo"}
        elif roll < 0.9:
            content = {"type": "save"}
        elif roll < 0.95 and files:
            content = {"type": "load", "text": rng.choice(files)}
        else:
            content = {"type": "new"}
        send(board, content)
        files += [message["text"] for message in sent]
        check_the_page(board, sent)
        if content["type"] == "undo" and board.values["message_kind"] == "info":
            # Undo kept the turn with the same player and crossed no chance event.
            assert board.state.current_player == before.current_player != CHANCE
            assert all(s.current_player == before.current_player for s in board.controller._states[-1:])


# ----- the page ----------------------------------------------------------------------------------------------
@pytest.mark.browser
def test_the_page_says_why_undo_is_off_and_asks_before_a_new_game(browser):
    from capture_lib.session.board import BoardController
    from tests.harness import serve

    session = BoardController("card-commander", seed=3, seat=0, level="random")
    session.handle({"type": "play", "action": session.legal[0]})  # the computer answers: the turn has passed
    with serve({"board": session}) as url:
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(url)
        page.locator(".capture-board .cap-status").first.wait_for()
        note = session.values()["undo_note"]
        assert note and not session.values()["can_undo"]
        assert page.get_by_role("button", name="undo").is_disabled()
        assert page.get_by_text(f"Undo is off: {note}").is_visible()
        page.get_by_role("button", name="new game").click()
        assert page.get_by_text("Start a new game?").is_visible() and page.evaluate("window.sent") == []
        page.get_by_role("button", name="keep playing").click()
        assert page.get_by_text("Start a new game?").count() == 0 and page.evaluate("window.sent") == []
        page.get_by_role("button", name="new game").click()
        page.get_by_role("button", name="start a new game").click()
        page.wait_for_function("window.sent.length === 1")
        assert page.evaluate("window.sent")[0]["type"] == "new"
        assert errors == []
        page.close()


