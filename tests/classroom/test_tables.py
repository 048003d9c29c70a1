"""A class table: what each seat's device receives, undo by consent, a message applied once, the store first."""

from __future__ import annotations

import json
import random

import pytest

from capture_lib import list_games, load_game
from capture_lib.classroom.tables import NOT_YOURS, Table, TableBoard, seat_labels
from capture_lib.core.chance import CHANCE
from capture_lib.core.errors import IllegalAction
from capture_lib.session.secrecy import origin, twin

#: Actions of a seeded random game to look through for moves another seat reads masked.
LENGTH = 80
#: How many such moves a game's twin test checks (each twin replays the game).
CHECKED = 3


def random_game(slug: str, seed: int = 11, length: int = LENGTH):
    game = load_game(slug)
    rng = random.Random(7)
    state = game.new_game(seed=seed)
    states = [state]
    while not state.is_over and len(states) < length:
        state = state.play_chance() if state.current_player == CHANCE else state.play(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def table_at(state, students=(10, 20)):
    return Table(1, TableBoard.replayed(state), list(students), ["Anna", "Ben"])


def seen_by(table: Table, seat: int) -> str:
    """Everything the seat's device is sent about the table: its values and the table's state, as bytes."""
    return json.dumps({"values": table.frame(seat), "info": table.info(seat, lambda _s: True)}, sort_keys=True)


def replayed(state):
    chain = origin(state)
    for action in state.history:
        chain = chain.play(action)
    return chain


@pytest.mark.parametrize("slug", list_games())
def test_twin_games_send_a_seat_the_same_bytes(slug):
    """Two games that differ only in what a seat may not see (another hand dealt, another secret placement):
    the seat's device gets byte for byte the same values (scene, log, message, undo) and table state, at rest
    and after another seat's masked move, played live at both tables."""
    states = random_game(slug)
    at_rest = live = 0
    for k in range(2, len(states)):
        state = states[k]
        if state.current_player == CHANCE or at_rest >= CHECKED:
            continue
        for seat in range(state.num_players):
            other = twin(state, seat, random.Random(k))
            if other is None or other.history == state.history:
                continue  # none found this time (a replay ran into the hidden facts), or the same game
            assert seen_by(table_at(state), seat) == seen_by(table_at(replayed(other)), seat), f"{slug}: {k}, {seat}"
            at_rest += 1
    for k in range(1, len(states)):
        before, after = states[k - 1], states[k]
        mover = before.current_player
        if mover == CHANCE or after.current_player == CHANCE or live >= CHECKED:
            continue  # chance drawn after the move would come from each game's own hidden deck
        for seat in (s for s in range(after.num_players) if s != mover):
            if str(after.observation(seat)["log"][-1]) == str(after.history[-1]):
                continue  # the seat read this move plainly: no twin can differ in it
            other = twin(after, seat, random.Random(k))
            if other is None or other.history == after.history:
                continue
            real, mirror = table_at(before), table_at(_before(other))
            real.play(mover, str(after.history[-1]))
            mirror.play(mover, str(other.history[-1]))
            assert seen_by(real, seat) == seen_by(mirror, seat), f"{slug}, action {k}: seat {seat} told apart"
            live += 1
            break
    assert at_rest >= 2, f"{slug}: too few twins found to check anything"


def _before(state):
    """``state`` one action earlier, replayed from its origin."""
    chain = origin(state)
    for action in state.history[:-1]:
        chain = chain.play(action)
    return chain


def test_each_seat_sees_its_own_hand_and_only_the_mover_may_undo():
    state = load_game("card-commander").new_game(seed=3)
    table = table_at(state)
    board = table.board
    seat = board.state.current_player
    mine, theirs = json.loads(table.frame(seat)["scene"]), json.loads(table.frame(1 - seat)["scene"])
    assert mine["actions"] and "actions" not in theirs  # only the seat to act is offered moves
    assert table.frame(seat)["seat"] == str(seat)
    assert json.loads(table.frame(None)["mode"]) == "view"  # the teacher's public view takes no move
    refused = table.handle(1 - seat, {"type": "play", "action": mine["actions"][0]["notation"]})
    assert [u.to for u in refused] == [1 - seat]
    words = json.loads(table.frame(1 - seat)["message"])
    assert words.startswith("it is not your turn") and json.loads(table.frame(1 - seat)["message_kind"]) == "error"
    assert json.loads(table.frame(seat)["message"]) == ""  # a refusal tells only its sender


def test_undo_needs_every_other_player_and_follows_the_books_policy():
    # Medieval: a turn holds several actions, so a move can be taken back before the turn passes.
    state = load_game("medieval-capture").new_game(seed=5)
    kept, cut = [], []
    table = Table(3, TableBoard.replayed(state), [1, 2], ["Anna", "Ben"],
                  keep=lambda t, first, plies, msg: kept.append((first, plies, msg)),
                  cut=lambda t, length: cut.append(length))
    board = table.board
    for _ in range(40):  # play until the player to act has made a move and is still to act
        seat = board.state.current_player
        before = len(board.state.history)
        table.play(seat, str(random.Random(before).choice(board.state.legal_actions())))
        if board.state.current_player == seat and not board.undo_block():
            break
    else:
        pytest.fail("no move in 40 that could be taken back")
    other = 1 - seat
    length = len(board.state.history)
    with pytest.raises(IllegalAction, match=NOT_YOURS):
        table.ask_undo(other)  # only the mover asks
    with pytest.raises(ValueError, match="nobody is asking"):
        table.answer_undo(other, True)
    table.ask_undo(seat)
    assert table.info(other, lambda s: True)["asking"]["name"] == "Anna" if seat == 0 else "Ben"
    with pytest.raises(ValueError, match="cannot answer for them"):
        table.answer_undo(seat, True)  # undoing alone: refused
    assert len(board.state.history) == length
    table.answer_undo(other, False)
    assert len(board.state.history) == length and table.undo_request is None
    table.ask_undo(seat)
    table.answer_undo(other, True)
    assert len(board.state.history) == length - 1 and cut == [length - 1]


def test_undo_is_refused_once_the_turn_has_passed():
    state = load_game("card-commander").new_game(seed=4)
    table = table_at(state)
    seat = table.board.state.current_player
    table.play(seat, str(table.board.state.legal_actions()[0]))
    with pytest.raises(IllegalAction, match="turn has passed|chance"):
        table.ask_undo(seat)


def test_a_message_sent_twice_is_applied_once():
    state = load_game("command-capture").new_game(seed=2)
    table = table_at(state)
    seat = table.board.state.current_player
    action = str(table.board.state.legal_actions()[0])
    table.handle(seat, {"type": "play", "action": action}, "page:1")
    length = len(table.board.state.history)
    again = table.handle(seat, {"type": "play", "action": action}, "page:1")
    assert len(table.board.state.history) == length and [u.to for u in again] == [seat]


def test_a_move_the_store_cannot_keep_is_not_played():
    state = load_game("card-commander").new_game(seed=6)

    def refuse(*_args):
        raise OSError("disk full")

    table = Table(1, TableBoard.replayed(state), [1, 2], ["Anna", "Ben"], keep=refuse)
    seat = table.board.state.current_player
    length = len(table.board.state.history)
    table.handle(seat, {"type": "play", "action": str(table.board.state.legal_actions()[0])})
    assert len(table.board.state.history) == length
    assert "could not keep that move" in json.loads(table.frame(seat)["message"])


def test_a_finished_game_is_saved_as_a_record_by_either_player_and_revealed_by_choice():
    states = random_game("card-commander", seed=8, length=400)
    assert states[-1].is_over
    table = table_at(states[-1])
    with pytest.raises(ValueError):
        table_at(states[5]).record_text(0)  # not while it goes on: it holds the others' hands
    for seat in (0, 1):
        assert "card-commander" in table.record_text(seat)
    final = states[-1]
    assert final.view(None) != final.view(None, everything=True), "nothing is hidden at this game's end"
    hidden = {seat: table.frame(seat)["scene"] for seat in (0, 1, None)}
    table.reveal()
    assert all(table.frame(seat)["scene"] != hidden[seat] for seat in (0, 1, None))
    assert "face up" in json.loads(table.frame(1)["message"])


def test_seat_labels_name_every_seat_of_a_four_player_game():
    state = load_game("medieval-capture").new_game(seed=1, players=4)
    assert seat_labels(state) == ("Blue 1", "Red 1", "Blue 2", "Red 2")
    assert seat_labels(load_game("capture-the-commander").new_game(seed=1, players=3)) == ("North", "East", "West")
