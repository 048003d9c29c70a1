"""The Card Commander board widget: what it syncs to the front end, and how it treats the messages it gets."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("anywidget")

from capture_lib.core import saves
from capture_lib.core.scene import from_json  # noqa: E402
from capture_lib.games.card_commander.scene import scene  # noqa: E402
from capture_lib.hosts.widget import BoardWidget  # noqa: E402

from .helpers import CLUBS, GAME, HEARTS, SPADES, deal, leaked, play_all  # noqa: E402

ESM_SCRIPT = re.compile(r'<script type="application/json" id="capture-esm-[0-9a-f]+">.*?</script>', re.S)


def send(board, content):
    """Deliver ``content`` as the front end would (the widget catches and reports errors itself)."""
    board._on_front_end_message(board, content, [])


def html(board) -> str:
    data, _ = board._repr_mimebundle_()
    return data["text/html"]


def synced(board) -> str:
    """Everything the front end gets, as text: the synced value and the static page's data and picture.

    The ES module's own source is left out: it is the same code for every position.
    """
    return json.dumps(board.values, sort_keys=True) + ESM_SCRIPT.sub("", html(board)) + board.to_json()


def snapshot(board):
    return (saves.dump(board.state), len(board.controller._states), json.dumps(board.values["scene"], sort_keys=True),
            list(board.controller.legal))


def shown(board, frame: int | None = None):
    """The scene the page draws (or frame ``frame``'s of a worked example)."""
    return from_json(board.values["scene"] if frame is None else board.values["frames"][frame]["scene"])


def hand_shown(drawn, seat: int) -> list[str] | None:
    """The cards of ``seat``'s hand a scene shows face up, in order; ``None`` where it shows only backs."""
    area = f"hand {seat}"
    at = {s.id for s in drawn.spaces if s.area == area}
    pieces = [p for p in drawn.pieces if p.at in at]
    if all("back" in p.tones for p in pieces):
        return None
    return [p.title for p in pieces]


def lanes_shown(drawn, seat: int) -> list[str | None]:
    """``seat``'s card in each lane as a scene shows it: its notation, ``?`` face down, ``None`` empty."""
    name = ("Blue", "Red")[seat]
    cards = []
    for lane in ("left", "middle", "right"):
        piece = next((p for p in drawn.pieces if p.at == f"{name}'s card in the {lane} lane"), None)
        cards.append(None if piece is None else "?" if "back" in piece.tones else piece.title)
    return cards


def secret_of(board, seat):
    """The cards the other seat holds or has placed face down, which ``seat`` must not see."""
    state, other = board.state, 1 - seat
    cards = [str(c) for c in state.hands[other]]
    if state.placed[other] is not None and state.placed[1 - other] is None:
        cards += [str(c) for c in state.placed[other]]
    return cards


# ----- against the computer ----------------------------------------------------------------------------


def test_a_board_opens_on_any_position_and_shows_the_seats_observation():
    state = deal(SPADES, HEARTS)
    board = BoardWidget(state, seat=0)
    assert board.state == state
    assert board.values["scene"] == scene(state.observation(0), state.legal_actions()).to_json()
    assert board.controller.legal == [str(a) for a in state.legal_actions()]
    assert leaked(synced(board), HEARTS.split()) == []
    assert board.controller.message_kind == "info" and not board.controller.curtain


def test_a_new_board_starts_with_blue_choosing():
    board = BoardWidget("card-commander", seed=3)
    assert board.state.phase == "commander"
    assert board.controller.legal == ["commander Karl", "commander Joanne", "commander Jackson"]
    send(board, {"type": "play", "action": "commander Karl"})
    # The computer chose for Red and the deal was resolved: Blue places now.
    assert board.state.commanders[0] == "Karl" and board.state.commanders[1] is not None
    assert board.state.phase == "place" and board.state.current_player == 0
    assert board.controller.message == "You played commander Karl." and board.controller.message_kind == "info"
    assert leaked(synced(board), board.state.hands[1]) == []


def test_the_computer_replies_to_a_placement():
    board = BoardWidget(deal(SPADES, HEARTS), seat=0)
    send(board, {"type": "play", "action": "place 10S 2S 7S"})
    assert board.controller.message_kind == "info", board.controller.message
    state = board.state
    assert state.rounds or state.phase in ("tie", "coin")
    assert str(state.history[22]) == "place 10S 2S 7S"
    assert str(state.history[23]).startswith("place ")
    # The computer has answered and both placements are shown.
    assert not board.controller.can_undo and board.controller.undo_note


def test_red_at_the_screen_does_not_see_blues_placement():
    board = BoardWidget(deal(SPADES, HEARTS), seat=1)
    # The computer (Blue) placed first; Red is to place.
    assert board.state.current_player == 1 and board.state.placed[0] is not None
    assert lanes_shown(shown(board), 0) == ["?", "?", "?"]
    assert leaked(synced(board), SPADES.split()) == []
    assert board.controller.legal and all(a.startswith("place ") for a in board.controller.legal)


def test_a_whole_game_against_the_computer_never_shows_its_cards():
    for seat in (0, 1):
        board = BoardWidget(GAME.new_game(seed=20 + seat), seat=seat)
        for _ in range(40):
            if board.state.is_over:
                break
            assert board.state.current_player == seat
            assert leaked(synced(board), secret_of(board, seat)) == []
            send(board, {"type": "play", "action": board.controller.legal[-1]})
            assert board.controller.message_kind == "info", board.controller.message
        assert board.state.is_over
        assert board.controller.legal == []
        assert leaked(synced(board), secret_of(board, seat)) == []
        before = snapshot(board)
        send(board, {"type": "play", "action": "pass"})
        assert board.controller.message_kind == "error" and "over" in board.controller.message
        assert snapshot(board) == before


def test_the_computer_takes_its_tie_decision_in_secret():
    # Red (computer) decides after Blue; Blue's own decision and the reveal are shown afterwards.
    tie = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H")
    board = BoardWidget(tie, seat=0)
    assert board.controller.legal[0] == "pass"
    send(board, {"type": "play", "action": "extra 4C"})
    assert board.controller.message_kind == "info"
    assert board.state.rounds and board.state.rounds[-1]["extras"][0][0] == "4C"


# ----- forged and malformed messages ---------------------------------------------------------------------


@pytest.mark.parametrize("content", [
    "play", 5, None, ["play", "place 10S 2S 7S"], {"action": "place 10S 2S 7S"},
    {"type": 3}, {"type": None}, {"type": "cheat"}, {"type": "PLAY", "action": "place 10S 2S 7S"},
    {"type": "play"}, {"type": "play", "action": 5}, {"type": "play", "action": None},
    {"type": "play", "action": ["place", "10S", "2S", "7S"]}, {"type": "play", "action": ""},
    {"type": "play", "action": "   "}, {"type": "play", "action": "place 10S 2S 7S" + " " * 500},
    {"type": "play", "action": "place 2H 3H 4H"},          # Red's cards
    {"type": "play", "action": "place 10S 10S 7S"},        # the same card twice
    {"type": "play", "action": "place 10S 2S"},            # malformed
    {"type": "play", "action": "deal 2C"},                 # a chance outcome
    {"type": "play", "action": "coin Blue"},
    {"type": "play", "action": "extra 10S"},               # no tie
    {"type": "play", "action": "commander Karl"},          # too late
    {"type": "undo"},                                      # nothing to undo
])
def test_a_bad_message_is_rejected_and_changes_nothing(content):
    board = BoardWidget(deal(SPADES, HEARTS), seat=0)
    before = snapshot(board)
    send(board, content)
    assert board.controller.message_kind == "error"
    assert board.controller.message
    assert snapshot(board) == before


def test_acting_out_of_turn_is_rejected():
    # A board showing Blue's seat while Red is to act (a worked position, no computer moving).
    state = deal(SPADES, HEARTS).play("place 10S 2S 7S")
    board = BoardWidget(state, seat=0, mode="view")
    before = snapshot(board)
    send(board, {"type": "play", "action": "place 2H 3H 4H"})
    assert board.controller.message_kind == "error" and "not your turn" in board.controller.message
    assert snapshot(board) == before
    assert board.controller.legal == []


def test_an_error_message_is_replaced_by_the_next_good_move():
    board = BoardWidget(deal(SPADES, HEARTS), seat=0)
    send(board, {"type": "play", "action": "place 2H 3H 4H"})
    assert board.controller.message_kind == "error" and "does not hold" in board.controller.message
    send(board, {"type": "play", "action": "place 10S 2S 7S"})
    assert board.controller.message_kind == "info"


# ----- undo and new game ----------------------------------------------------------------------------------


def test_undo_never_takes_back_a_placement_the_computer_has_answered_and_both_have_seen():
    start = deal(SPADES, HEARTS)
    board = BoardWidget(start, seat=0)
    assert not board.controller.can_undo and board.controller.undo_note == "nothing to undo yet"
    send(board, {"type": "play", "action": "place 10S 2S 7S"})
    after = board.state
    assert after != start and not board.controller.can_undo
    send(board, {"type": "undo"})
    assert board.controller.message_kind == "error" and board.controller.message == board.controller.undo_note
    assert board.state is after


def test_undo_is_off_through_a_whole_round_against_the_computer():
    board = BoardWidget(GAME.new_game(seed=8), seat=0)
    for _ in range(3):
        send(board, {"type": "play", "action": board.controller.legal[0]})
        assert not board.controller.can_undo and board.controller.undo_note
    played = board.state
    send(board, {"type": "undo"})
    assert board.state is played and board.controller.message_kind == "error"


def test_new_game_keeps_the_options():
    board = BoardWidget(GAME.new_game(seed=8, aces=False, play_all_rounds=True), seat=0)
    send(board, {"type": "play", "action": "commander Joanne"})
    send(board, {"type": "new"})  # a game under way is thrown away only when the player confirms it
    assert board.controller.message_kind == "error" and "confirm" in board.controller.message
    assert board.state.commanders[0] == "Joanne"
    send(board, {"type": "new", "confirm": True})
    assert board.controller.message == "new game" and board.controller.message_kind == "info"
    assert board.state.history == ()
    assert board.state.options["aces"] is False and board.state.options["play_all_rounds"] is True
    assert board.controller.legal == ["commander Karl", "commander Joanne", "commander Jackson"]


def test_new_game_when_the_computer_starts():
    board = BoardWidget(GAME.new_game(seed=8), seat=1)
    send(board, {"type": "new"})
    assert board.state.commanders[0] is not None
    assert board.state.current_player == 1


# ----- two people at one screen -----------------------------------------------------------------------------


def test_hotseat_curtain_hides_both_hands_until_ready():
    board = BoardWidget(deal(SPADES, HEARTS), mode="hotseat")
    assert board.controller.curtain == "Blue"
    assert [hand_shown(shown(board), seat) for seat in (0, 1)] == [None, None]
    assert board.controller.legal == []
    assert leaked(synced(board), SPADES.split() + HEARTS.split()) == []
    before = snapshot(board)
    send(board, {"type": "play", "action": "place 10S 2S 7S"})
    assert board.controller.message_kind == "error" and "confirm" in board.controller.message
    assert snapshot(board) == before

    send(board, {"type": "ready"})
    assert board.controller.curtain == ""
    assert hand_shown(shown(board), 0) == SPADES.split() and hand_shown(shown(board), 1) is None
    assert leaked(synced(board), HEARTS.split()) == []
    assert len(board.controller.legal) == 720

    send(board, {"type": "play", "action": "place 10S 2S 7S"})
    assert board.controller.message_kind == "info"
    assert board.controller.curtain == "Red"
    assert [hand_shown(shown(board), seat) for seat in (0, 1)] == [None, None]
    assert lanes_shown(shown(board), 0) == ["?", "?", "?"]
    assert board.controller.legal == []
    assert leaked(synced(board), SPADES.split() + HEARTS.split()) == []

    send(board, {"type": "ready"})
    assert board.controller.curtain == ""
    assert hand_shown(shown(board), 1) == HEARTS.split() and hand_shown(shown(board), 0) is None
    assert leaked(synced(board), SPADES.split()) == []
    send(board, {"type": "play", "action": "place 9H 3H 8H"})
    assert board.state.rounds and board.state.rounds[-1]["placed"][0] == ["10S", "2S", "7S"]
    # Round two: Blue again, behind the curtain.
    assert board.controller.curtain == "Blue"


def test_a_whole_hotseat_game_shows_each_hand_only_to_its_player():
    board = BoardWidget(GAME.new_game(seed=31), mode="hotseat")
    curtains = 0
    for _ in range(80):
        state = board.state
        if state.is_over:
            break
        player = state.current_player
        if board.controller.curtain:
            curtains += 1
            assert board.controller.curtain == ("Blue", "Red")[player] and board.controller.legal == []
            assert leaked(synced(board), secret_of(board, 0) + secret_of(board, 1)) == []
            send(board, {"type": "ready"})
        assert not board.controller.curtain and board.controller.legal
        assert leaked(synced(board), secret_of(board, player)) == []
        send(board, {"type": "play", "action": board.controller.legal[len(board.controller.legal) // 2]})
        assert board.controller.message_kind == "info", board.controller.message
    assert board.state.is_over
    assert curtains >= 4


def test_hotseat_message_does_not_tell_the_next_player_the_cards_placed():
    board = BoardWidget(deal(SPADES, HEARTS), mode="hotseat")
    send(board, {"type": "ready"})
    send(board, {"type": "play", "action": "place 10S 2S 7S"})
    assert board.controller.curtain == "Red"
    assert leaked(synced(board) + board.controller.message, ["10S", "2S", "7S"]) == []


def test_hotseat_message_does_not_tell_the_next_player_the_tie_decision():
    tie = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H")
    board = BoardWidget(tie, mode="hotseat")
    send(board, {"type": "ready"})
    send(board, {"type": "play", "action": "extra 4C"})
    assert board.controller.curtain == "Red"
    assert "extra" not in board.controller.message and not leaked(board.controller.message, ["4C"])


# ----- worked examples, teaching, display -------------------------------------------------------------------


def red_example():
    start = deal(SPADES, HEARTS)
    return BoardWidget.example(start, [("place 10S 2S 7S", "Blue places face down"),
                                              ("place 9H 3H 8H", "Red places; both are revealed")], seat=1)


def test_a_worked_example_shows_its_viewers_observations():
    board = red_example()
    start = deal(SPADES, HEARTS)
    frames = board.values["frames"]
    assert len(frames) == 3
    # Each frame is what Red sees: Red's hand, Blue's cards face down until both have placed.
    assert [hand_shown(shown(board, i), 1) for i in range(3)] == [
        HEARTS.split(), HEARTS.split(), [c for c in HEARTS.split() if c not in ("9H", "3H", "8H")]]
    assert [lanes_shown(shown(board, i), 0) for i in range(3)] == [[None] * 3, ["?"] * 3, ["10S", "2S", "7S"]]
    assert shown(board, 0) == scene(start.observation(1))
    assert [f["note"] for f in frames][1:] == ["Blue places face down", "Red places; both are revealed"]
    assert leaked(json.dumps(frames[:2]), SPADES.split()) == []
    # Once both have placed, Blue's three cards are revealed, and only those.
    assert leaked(json.dumps(frames[2]), ["10S", "2S", "7S"]) == ["10S", "2S", "7S"]
    assert leaked(json.dumps(frames), [c for c in SPADES.split() if c not in ("10S", "2S", "7S")]) == []
    assert board.controller.legal == []


def test_a_worked_example_step_caption_hides_the_other_players_cards():
    board = red_example()
    assert leaked(json.dumps(board.values["frames"][:2]), SPADES.split()) == []


def test_the_teaching_view_shows_every_card():
    board = BoardWidget.example(deal(SPADES, HEARTS), [("place 10S 2S 7S", "Blue places")],
                                       everything=True)
    assert board.controller.teaching
    assert hand_shown(shown(board, 1), 1) == HEARTS.split()


def test_repr_is_the_position_without_a_memory_address():
    board = BoardWidget(deal(SPADES, HEARTS), seat=0)
    text = repr(board)
    assert text == "<BoardWidget: card-commander, 22 actions, Blue to act>"
    assert not re.search(r"0x[0-9a-f]+", text)
    data, _ = board._repr_mimebundle_()
    assert data["text/plain"] == text


def test_the_static_html_is_the_same_every_time():
    a = BoardWidget(deal(SPADES, HEARTS), seat=0)
    b = BoardWidget(deal(SPADES, HEARTS), seat=0)
    assert html(a) == html(b)
    assert "<svg" in html(a)


def test_a_bad_mode_is_refused():
    with pytest.raises(ValueError, match="hotseat"):
        BoardWidget("card-commander", mode="cheat")


def test_a_view_board_refuses_a_forged_move():
    board = BoardWidget(deal(SPADES, HEARTS), seat=0, mode="view")
    before = snapshot(board)
    send(board, {"type": "play", "action": "place 10S 2S 7S"})
    assert board.controller.message_kind == "error"
    assert snapshot(board) == before


def test_undo_before_the_human_has_moved_does_not_leave_the_board_stuck():
    board = BoardWidget(GAME.new_game(seed=8), seat=1)
    assert board.state.current_player == 1 and len(board.state.history) == 1
    send(board, {"type": "undo"})
    assert board.state.current_player == 1
    assert board.controller.legal


# ----- the synced value written by the front end ---------------------------------------------------------------
# A front end may send a widget "update" for the synced value (ipywidgets calls set_state with it); a forged
# one must not make the board reveal cards or play for the other side.


def test_a_forged_view_or_legal_update_changes_nothing_that_matters():
    board = BoardWidget(deal(SPADES, HEARTS), seat=0)
    board.set_state({"values": {"scene": {"actions": [{"notation": "place 2H 3H 4H"}]}, "can_undo": True}})
    assert board.controller.message_kind == "error"
    send(board, {"type": "play", "action": "place 2H 3H 4H"})
    assert board.controller.message_kind == "error"
    send(board, {"type": "play", "action": "place 10S 2S 7S"})
    assert board.controller.message_kind == "info"
    assert board.values["scene"] == board.controller.values()["scene"]
    assert leaked(synced(board), secret_of(board, 0)) == []


def test_a_forged_teaching_update_does_not_reveal_the_computers_hand():
    board = BoardWidget(deal(SPADES, HEARTS), seat=0)
    board.set_state({"values": {**board.values, "teaching": True}})
    send(board, {"type": "play", "action": "place 10S 2S 7S"})
    assert leaked(synced(board), secret_of(board, 0)) == []


def test_a_forged_mode_update_does_not_hand_over_the_computers_seat():
    board = BoardWidget(deal(SPADES, HEARTS), seat=0)
    board.set_state({"values": {**board.values, "mode": "hotseat"}})
    assert board.controller.mode == "computer" and board.controller.message_kind == "error"
    send(board, {"type": "play", "action": "place 10S 2S 7S"})
    send(board, {"type": "ready"})
    # The computer still plays Red; its cards still in hand never reach the page.
    still_hidden = [str(c) for c in board.state.hands[1]]
    assert len(still_hidden) == 7 and leaked(synced(board), still_hidden) == []


def test_a_forged_seat_update_does_not_show_the_computers_observation():
    board = BoardWidget(deal(SPADES, HEARTS), seat=0)
    board.set_state({"values": {**board.values, "seat": 1}})
    send(board, {"type": "ready"})
    assert leaked(synced(board), HEARTS.split()) == []


def test_the_static_page_cannot_be_broken_out_of_by_text_in_the_model():
    from capture_lib.hosts.static import static_html

    page = static_html("export default {};", "", {"view": {"note": "</script><script>alert(1)</script><!--"}})
    assert page.count("</script>") == 3        # the data, the module source and the loader
    assert "<!--" not in page                   # would put the HTML parser in its "escaped" script state
