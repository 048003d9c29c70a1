"""Card Commander's scene: what every board and picture draws, built from what a seat may see."""

from __future__ import annotations

import json
import random
import re
from xml.etree import ElementTree

import pytest

from capture_lib.core.chance import CHANCE
from capture_lib.core.scene import COLOURS, LOOKS, MARK_LOOKS, Scene, from_json
from capture_lib.games.card_commander.rules import BONUSES
from capture_lib.games.card_commander.scene import KEY, bonus_words, scene, tie_cannot_matter, tie_note
from capture_lib.render.picture import to_svg
from capture_lib.session.board import BoardController
from capture_lib.session.scenes import recent_lines

from .helpers import CLUBS, GAME, HEARTS, SPADES, deal, leaked, play_all

#: The seats' own colours: no mark may wear one (a mark must never read as "Blue's" or "Red's").
SEAT_COLOURS = {"blue", "vermillion"}


def seat_scene(states, seat: int | None, legal: bool = True) -> Scene:
    """The scene a board shows ``seat`` (``None``: the table) after ``states`` (one action apart), with the
    seat's legal actions and what happened since its turn began, as the board session builds it."""
    state = states[-1]
    view_of = (lambda s: s.view(None)) if seat is None else (lambda s: s.observation(seat))
    actions = state.legal_actions() if legal and seat is not None and state.current_player == seat else []
    return scene(view_of(state), actions, recent_lines(states, view_of, seat))


def line_of(state, *actions):
    """``state`` and the states after each of ``actions`` in turn."""
    states = [state]
    for action in actions:
        states.append(states[-1].play(action))
    return states


def random_games(count: int = 6, **options):
    """Every state of ``count`` seeded random games, one list a game."""
    for seed in range(count):
        rng = random.Random(seed)
        state = GAME.new_game(seed=seed, **options)
        states = [state]
        while not state.is_over:
            if state.current_player == CHANCE:
                state = state.play_chance()
            else:
                state = state.play(rng.choice(state.legal_actions()))
            states.append(state)
        yield states


def all_text(drawn: Scene) -> str:
    """Every word a scene gives a reader: status, titles, names, labels, buttons, hints, the last moves."""
    parts = [*drawn.status, *drawn.hints, *(a.title for a in drawn.areas), *(s.label for s in drawn.spaces),
             *(s.id for s in drawn.spaces), *(p.name for p in drawn.pieces), *(m.text for m in drawn.last),
             *(a.button for a in drawn.actions), *(a.label for a in drawn.actions)]
    for panel in drawn.panels:
        parts += [panel.title, *panel.lines, *(chip.name for chip in panel.chips)]
    return "\n".join(parts)


# ----- hidden information -----------------------------------------------------------------------------------------
def test_a_seat_sees_the_same_scene_whatever_the_other_hand_holds():
    blue = [seat_scene(line_of(deal(SPADES, red)), 0) for red in (HEARTS, CLUBS)]
    assert blue[0] == blue[1]
    red = [seat_scene(line_of(deal(blue, HEARTS)), 1) for blue in (SPADES, CLUBS)]
    assert red[0] == red[1]


def test_red_sees_the_same_scene_whichever_cards_blue_placed():
    start = deal(SPADES, HEARTS)
    drawn = [seat_scene(line_of(start, placed), 1) for placed in ("place 10S 2S 7S", "place AS 3S 9S")]
    assert drawn[0] == drawn[1]
    assert leaked(json.dumps(drawn[0].to_json()), SPADES.split()) == []
    assert "Blue placed three cards face down." in [m.text for m in drawn[0].last]


def test_red_sees_the_same_scene_whether_blue_added_a_card_or_passed():
    tie = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H")
    drawn = [seat_scene(line_of(tie, decision), 1) for decision in ("extra 4C", "pass")]
    assert drawn[0] == drawn[1]
    assert "Blue decided on the extra card, in secret." in [m.text for m in drawn[0].last]
    assert "Blue has decided" in drawn[0].status[0]


def test_the_table_sees_no_hand_and_no_card_placed_face_down():
    states = line_of(deal(SPADES, HEARTS), "place 10S 2S 7S")
    drawn = seat_scene(states, None)
    assert leaked(json.dumps(drawn.to_json()), SPADES.split() + HEARTS.split()) == []
    assert {p.name for p in drawn.pieces} == {"a face-down card"}


def test_the_teaching_view_draws_every_card():
    state = deal(SPADES, HEARTS).play("place 10S 2S 7S")
    drawn = scene(state.view(None, everything=True))
    faces = {p.title for p in drawn.pieces}
    assert set(HEARTS.split()) <= faces and {"10S", "2S", "7S"} <= faces


# ----- actions ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1])
def test_every_legal_action_has_one_record_whose_clicks_name_spaces_of_the_scene(seat):
    checked = set()
    for states in random_games(3):
        for i, state in enumerate(states):
            if state.current_player != seat:
                continue
            drawn = seat_scene(states[:i + 1], seat)
            legal = [str(a) for a in state.legal_actions()]
            assert [a.notation for a in drawn.actions] == legal
            spaces = {s.id for s in drawn.spaces}
            for record in drawn.actions:
                assert set(record.clicks) <= spaces, record
                assert record.clicks or record.button, record  # every action can be chosen on the page
                assert not record.kind or record.kind in {k.key for k in drawn.key}
            # No two actions are chosen the same way.
            assert len({(a.clicks, a.button) for a in drawn.actions}) == len(drawn.actions)
            checked.add(state.phase)
    assert checked == {"commander", "place", "tie"}


def test_a_placement_is_three_clicks_in_lane_order_then_its_button():
    state = deal(SPADES, HEARTS)
    drawn = seat_scene([state], 0)
    record = next(a for a in drawn.actions if a.notation == "place 10S 2S 7S")
    cards = {p.at: p.title for p in drawn.pieces}
    assert [cards[c] for c in record.clicks] == ["10S", "2S", "7S"]
    assert record.button == "place face down" and record.kind == "place"
    assert len(drawn.hints) == 4 and "left lane" in drawn.hints[0] and "middle lane" in drawn.hints[1]


def test_commander_buttons_give_each_bonus_from_the_rules_table():
    drawn = seat_scene([GAME.new_game(seed=1)], 0)
    assert [a.button for a in drawn.actions] == [
        "Karl (diamonds +2, spades \u22122)", "Joanne (spades +2, diamonds \u22122)",
        "Jackson (hearts and diamonds +1, spades and clubs \u22121)"]
    for commander, bonus in BONUSES.items():
        words = bonus_words(commander)
        for suit, change in bonus.items():
            name = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[suit]
            assert (name in words) == bool(change)


def test_the_extra_card_is_a_click_and_a_button_and_pass_a_button():
    tie = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H")
    drawn = seat_scene([tie], 0)
    records = {a.notation: a for a in drawn.actions}
    assert records["pass"].button == "pass" and not records["pass"].clicks
    extra = records["extra 4C"]
    assert extra.kind == "extra" and extra.button == "add 4\u2663 to the left lane"
    assert {p.at: p.title for p in drawn.pieces}[extra.clicks[0]] == "4C"
    assert "The left lane is tied at 5" in drawn.hints[0]


# ----- marks, key, words ------------------------------------------------------------------------------------------
def test_the_key_names_every_mark_and_no_mark_wears_a_seats_colour():
    assert len({k.key for k in KEY}) == len(KEY) and len({k.name for k in KEY}) == len(KEY)
    for entry in KEY:
        assert entry.look in MARK_LOOKS and entry.colour in COLOURS and entry.colour not in SEAT_COLOURS
        assert entry.name and entry.text
    # Marks that may meet on one card differ by their look, not by colour alone.
    looks = {(k.look, k.colour, k.glyph) for k in KEY}
    assert len(looks) == len(KEY)


def test_every_mark_of_every_scene_names_an_entry_of_its_key():
    for states in random_games(3):
        for i in range(len(states)):
            for seat in (0, 1, None):
                drawn = seat_scene(states[:i + 1], seat)
                keys = {k.key for k in drawn.key}
                spaces = {s.id for s in drawn.spaces}
                assert {m.key for m in drawn.marks} <= keys
                assert {m.at for m in drawn.marks} <= spaces
                assert all(p.look in LOOKS and p.at in spaces for p in drawn.pieces)


def test_names_labels_and_plurals():
    one_card = re.compile(r"\b1 (cards|lanes|rounds)\b")
    for states in random_games(4):
        for i in range(len(states)):
            for seat in (0, 1, None):
                drawn = seat_scene(states[:i + 1], seat)
                text = all_text(drawn)
                assert not one_card.search(text), one_card.search(text)
                assert "None" not in text and "_" not in text and "?" not in text
                assert all(p.name for p in drawn.pieces) and all(a.title for a in drawn.areas)
                assert all(c.name for panel in drawn.panels for c in panel.chips)
                assert drawn.status and all(drawn.status)
                if drawn.actions:
                    assert drawn.hints


def test_the_lanes_are_named_under_the_viewers_cards_and_the_pieces_have_tokens():
    drawn = seat_scene([deal(SPADES, HEARTS).play("place 10S 2S 7S")], 1)
    assert [s.label for s in drawn.spaces if s.label] == ["left lane", "middle lane", "right lane"]
    assert {p.token for p in drawn.pieces if "back" in p.tones} == {"??"}
    assert {p.token for p in drawn.pieces if "back" not in p.tones} == set(HEARTS.split())


# ----- what happened ----------------------------------------------------------------------------------------------
def test_the_computers_reply_is_told_and_marked():
    board = BoardController(deal(SPADES, HEARTS), seat=1, level="rule")  # the computer (Blue) places first
    drawn = from_json(board.scene)
    assert drawn.last[-1].text == "Blue placed three cards face down."
    assert {m.at for m in drawn.marks if m.key == "last"} == set(drawn.last[-1].spaces) == {
        "Blue's card in the left lane", "Blue's card in the middle lane", "Blue's card in the right lane"}


def test_the_lanes_shown_are_told_lane_by_lane_after_the_reply():
    board = BoardController(deal(SPADES, HEARTS), seat=0, opponent=lambda state, seat: "place 2H 9H 10H")
    board.handle({"type": "play", "action": "place 10S 7S 2S"})
    drawn = from_json(board.scene)
    told = [m.text for m in drawn.last]
    assert told[0] == "Blue placed three cards face down."
    # Karl (Blue) takes 2 from each spade, Joanne (Red) gives spades 2 and takes none from hearts.
    assert told[1] == ("Red placed three cards face down, and all six cards are turned over. Blue wins the left "
                       "lane (higher card: 8 to 2), Red wins the middle lane (higher card: 9 to 5) and Red wins the "
                       "right lane (higher card: 10 to 0). Red wins round 1, 2 lanes to 1. Rounds won: Blue 0, Red 1.")
    assert drawn.areas[1].title == "Round 1's result: Red wins the round, 2 lanes to 1"
    won = {m.at: m.key for m in drawn.marks}
    assert won == {"Blue's card in the left lane": "won-higher", "Red's card in the middle lane": "won-higher",
                   "Red's card in the right lane": "won-higher"}


def test_the_tie_decisions_and_the_coin_are_told():
    tie = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H")
    states = line_of(tie, "extra 4C", "extra 2H")
    waiting = seat_scene(states[:2], 0, legal=False)
    assert waiting.last[-1].text == "Blue will add 4\u2663 to the left lane (shown once both sides have decided)."
    # Once both are shown, the line said in secret makes way for the line that shows both.
    drawn = seat_scene(states, 0)
    assert len(drawn.last) == 1 and drawn.last[0].seat == 1
    told = drawn.last[0].text
    assert told.startswith("Both choices for the left lane are shown: Blue adds 4\u2663 and Red adds 2\u2665. Blue "
                           "wins the left lane (extra card: 9 to 7), ")
    assert told.endswith("Blue wins round 1, 2 lanes to 1. Rounds won: Blue 1, Red 0.")
    assert drawn.last[0].spaces == ("Red's extra card in the left lane",)
    assert {m.at for m in drawn.marks if m.key == "last"} == {"Red's extra card in the left lane"}
    # Both pass: the coin decides.
    drawn = seat_scene(line_of(tie, "pass", "pass", "coin Red"), 0)
    assert [m.seat for m in drawn.last] == [1, None]
    assert "The left lane is still tied: a coin flip decides it." in drawn.last[0].text
    assert drawn.last[1].text.startswith("The coin flip gives the left lane to Red.")
    assert ("Red's card in the left lane", "won-coin") in {(m.at, m.key) for m in drawn.marks}


def test_a_tie_that_cannot_change_the_round_says_so():
    from capture_lib.games.card_commander.lessons import dealt

    # Blue (Karl) wins the middle (9 against 8) and the right (10 against 8); the left is tied at 5.
    wasted = dealt().play("place 7S 9H 10C").play("place 6S 7H 9C")
    view = wasted.observation(0)
    assert tie_cannot_matter(view) == 0
    note = "It cannot change this round: Blue has won the other two lanes, so a card added here is spent for nothing."
    assert tie_note(view) == note
    drawn = seat_scene([wasted], 0)
    assert drawn.status[2] == note and drawn.hints[0].endswith(note)
    # The tutorial's last tie: the middle is Blue's, the right Red's, so the left decides the round.
    decisive = (dealt().play("place 8D 9H 10C").play("place 7H 9C 10D").play("place 7S 6C 3H")
                .play("place 6S 4C 8H"))
    assert tie_cannot_matter(decisive.observation(0)) is None
    assert len(seat_scene([decisive], 0).status) == 2


# ----- every medium -----------------------------------------------------------------------------------------------
def test_every_scene_is_plain_json_and_draws_as_svg():
    pictures = 0
    for states in random_games(2, aces=False, play_all_rounds=True, extra_card_bonus=False):
        for i in range(len(states)):
            for seat in (0, 1, None):
                drawn = seat_scene(states[:i + 1], seat)
                data = drawn.to_json()
                assert from_json(json.loads(json.dumps(data))) == drawn
                ElementTree.fromstring(to_svg(drawn))
                pictures += 1
            ElementTree.fromstring(to_svg(scene(states[i].view(None, everything=True))))
    assert pictures > 100


def test_a_picture_marks_what_a_click_would_show():
    state = deal(SPADES, HEARTS)
    first = "Blue's hand, card 1"
    drawn = scene(state.observation(0), state.legal_actions(), select=first,
                  marks={"Red's card in the left lane": "tied"})
    marks = {(m.at, m.key) for m in drawn.marks}
    assert (first, "select") in marks and ("Blue's hand, card 2", "place") in marks
    assert ("Red's card in the left lane", "tied") in marks
    with pytest.raises(KeyError):
        scene(state.observation(0), marks={"nowhere": "tied"})
