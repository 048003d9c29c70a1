"""Capture the Commander's scene: what every board and picture draws, built from a seat's view alone.

The scene holds nothing its seat may not see, offers every legal action once and by clicks on its own
places, names every mark in its key (in no seat's colour), and tells every battle since the seat's last
turn began, the seat's own attack included.
"""

from __future__ import annotations

import json
import random

import pytest

from capture_lib import CHANCE, load_game
from capture_lib.core.scene import COLOURS, LOOKS, MARK_LOOKS, from_json
from capture_lib.games.capture_the_commander.rules import layout as lay
from capture_lib.games.capture_the_commander.scene import KEY, layout_diagram, plural, scene
from capture_lib.session.board import BoardController
from capture_lib.session.scenes import recent_lines

GAME = load_game("capture-the-commander")
SUITS = {"North": "S", "South": "H", "East": "D", "West": "C"}
RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()
#: The seats' colours: no mark may wear one (a mark would read as a seat's).
SEAT_COLOURS = {"blue", "vermillion", "green", "purple"}


def suit(name: str) -> list[str]:
    """A layout of one suit in rank order (slot 1 the two, the Commander the ace)."""
    return [rank + SUITS[name] for rank in RANKS]


def played(state, actions):
    """``state`` and the states after each of ``actions`` (chance included), as a board's stack."""
    states = [state]
    for action in actions:
        states.append(states[-1].play(action))
    return states


def seat_scene(states, seat: int):
    """The scene ``seat`` gets after ``states``, as the board session builds it."""
    state = states[-1]
    legal = state.legal_actions() if state.current_player == seat else []
    return scene(state.observation(seat), legal, recent_lines(states, lambda s: s.observation(seat), seat))


def random_states(players: int, seed: int, count: int = 60):
    """States of a random game of ``players``, each with the stack that led to it."""
    rng = random.Random(seed)
    states = [GAME.new_game(seed=seed, players=players)]
    while not states[-1].is_over and len(states) < 400:
        state = states[-1]
        states.append(state.play_chance() if state.current_player == CHANCE
                      else state.play(rng.choice(state.legal_actions())))
    picks = sorted(rng.sample(range(1, len(states)), min(count, len(states) - 1)))
    return [states[:i + 1] for i in picks]


# ----- nothing hidden ------------------------------------------------------------------------------------------
def test_face_down_cards_never_reach_the_scene():
    """Two tables differing only in South's face-down cards 5 and 6 look alike to North, through deals,
    battles and a tie-break, whatever North is shown."""
    south = suit("South")
    swapped = south[:4] + [south[5], south[4]] + south[6:]
    actions = ["N1xS1", "pick N5", "pick S2"]  # a tie, then picks that never show South's 5 or 6
    tables = [played(GAME.deal([suit("North"), layout], dealer=1), actions) for layout in (south, swapped)]
    for upto in range(1, len(tables[0]) + 1):
        north = [json.dumps(seat_scene(states[:upto], 0).to_json(), sort_keys=True) for states in tables]
        assert north[0] == north[1], upto
    assert "6\u2665" not in north[0] and "7\u2665" not in north[0]


def test_the_attackers_secret_pick_stays_secret():
    """In a tie-break the attacker picks first, in secret: the defender's scene is the same whichever card
    the attacker picked, and says only that a card was picked."""
    start = GAME.deal([suit("North"), suit("South")], dealer=1)
    scenes = []
    for pick in ("pick N2", "pick N5"):
        states = played(start, ["N1xS1", pick])
        scenes.append(seat_scene(states, 1))
    assert scenes[0].to_json() == scenes[1].to_json()
    assert "hidden until you pick" in scenes[0].last[-1].text
    assert "N2" not in json.dumps([m.text for m in scenes[0].last])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_sees_no_value_it_was_not_shown(players):
    for states in random_states(players, seed=players):
        state = states[-1]
        for seat in range(players):
            text = json.dumps(seat_scene(states, seat).to_json(), ensure_ascii=False)
            drawn = {c for r in state.draw_rounds for _, c in r}  # drawn for the dealer in sight of all
            for owner in range(players):
                for slot in lay.SLOTS:
                    card = state.card_at(owner, slot)
                    if card is None or card in state.revealed or card in drawn:
                        continue
                    name = state.card_text(owner, slot)
                    pretty = name[:-1] + {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}[name[-1]]
                    assert f'"{name}"' not in text and f":{name}" not in text and pretty not in text


# ----- the actions and the marks -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_is_one_record_of_clicks_on_the_scenes_places(players):
    for states in random_states(players, seed=10 + players):
        state = states[-1]
        if state.current_player is None or state.current_player < 0:
            continue
        drawn = seat_scene(states, state.current_player)
        notations = [a.notation for a in drawn.actions]
        assert sorted(notations) == sorted(str(a) for a in state.legal_actions())
        assert len(set(notations)) == len(notations)
        places = {s.id for s in drawn.spaces}
        keys = {k.key for k in drawn.key}
        for action in drawn.actions:
            assert action.clicks and set(action.clicks) <= places, action
            assert action.kind in keys and action.label and not action.button
            if action.notation.startswith("pick"):
                assert action.clicks == (action.notation.split()[1],)
            else:
                assert "x".join(action.clicks) == action.notation
        assert len(drawn.hints) == (1 if state.phase == "tie" else 2)


@pytest.mark.parametrize("players", [2, 4])
def test_every_mark_names_an_entry_of_the_key_and_each_card_wears_its_coverage(players):
    coverage_keys = {"uncovered": "uncovered", "partial": "partial", "full": "covered"}
    for states in random_states(players, seed=20 + players, count=30):
        view = states[-1].observation(0)
        drawn = seat_scene(states, 0)
        keys = {k.key for k in drawn.key}
        places = {s.id for s in drawn.spaces}
        assert all(m.key in keys and m.at in places for m in drawn.marks)
        marks = {(m.at, m.key) for m in drawn.marks}
        for entry in view["layouts"]:
            for card in entry["cards"]:
                at = f"{entry['letter']}{card['slot']}"
                worn = {k for a, k in marks if a == at and k in coverage_keys.values()}
                assert worn == ({coverage_keys[card["coverage"]]} if card["present"] else set()), at


def test_the_key_wears_no_seats_colour_and_no_two_marks_look_alike():
    for entry in KEY:
        assert entry.colour in COLOURS and entry.colour not in SEAT_COLOURS, entry.key
        assert entry.look in MARK_LOOKS and entry.name and entry.text
    looks = [(k.look, k.colour, k.glyph) for k in KEY]
    assert len(set(looks)) == len(looks)
    names = {k.key: k.name for k in KEY}
    assert (names["uncovered"], names["partial"], names["covered"]) == (
        "fully uncovered", "partially covered", "fully covered")  # as the book's text calls them


# ----- words for people ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_place_and_card_has_words_and_a_token(players):
    for states in random_states(players, seed=30 + players, count=20):
        drawn = seat_scene(states, 0)
        assert drawn.status and drawn.status[0]
        assert all(space.name for space in drawn.spaces)
        for piece in drawn.pieces:
            assert piece.look in LOOKS and piece.name and piece.token and piece.tag
            assert piece.at in {s.id for s in drawn.spaces}
        for area in drawn.areas:
            assert area.layout == "free" and area.title


def test_plurals_and_the_commanders_tag():
    assert (plural(1, "card", "cards"), plural(2, "card", "cards")) == ("1 card", "2 cards")
    state = GAME.from_position("turn: North\nNorth: " + " ".join(["-"] * 12 + ["AS"]) + "\nSouth: "
                               + " ".join(suit("South")) + "\n")
    drawn = scene(state.observation(0), state.legal_actions())
    assert drawn.areas[0].title == "North (you) \u00b7 1 card"
    commander = next(p for p in drawn.pieces if p.at == "N13")
    assert commander.tag == "C" and "Commander" in commander.name
    assert "1 cards" not in json.dumps(drawn.to_json())


def test_a_battle_is_told_in_players_words():
    states = played(GAME.deal([suit("North"), suit("South")], dealer=1), ["N2xS1"])
    told = seat_scene(states, 0).last[-1]
    assert told.text == "Your 3\u2660 (card 2) attacks South's 2\u2665 (card 1): South loses card 1."
    assert told.seat == 0 and told.spaces == ("N2", "S1")
    south = seat_scene(states, 1)
    assert south.last[-1].text == "North's 3\u2660 (card 2) attacks your 2\u2665 (card 1): you lose card 1."
    assert ("S1", "beaten") in {(m.at, m.key) for m in south.marks}
    assert ("N2", "fought") in {(m.at, m.key) for m in south.marks}


def test_a_tie_break_is_told_round_by_round():
    states = played(GAME.deal([suit("North"), suit("South")], dealer=1), ["N1xS1", "pick N5", "pick S2"])
    text = seat_scene(states, 1).last[-1].text
    assert text == ("North's 2\u2660 (card 1) attacks your 2\u2665 (card 1): a tie. North shows 6\u2660 (card 5), "
                    "you show 3\u2665 (card 2): you lose card 1.")


def test_a_picture_tells_the_last_battle_and_the_tie_in_panels():
    after = GAME.deal([suit("North"), suit("South")], dealer=1).play("N2xS1")
    panels = {p.id: p for p in scene(after.view(None)).panels}
    assert panels["last"].lines == ("North's 3\u2660 (card 2) attacks South's 2\u2665 (card 1): South loses card 1.",)
    assert panels["beaten"].lines[0] == "2\u2665"
    tie = GAME.deal([suit("North"), suit("South")], dealer=1).play("N1xS1")
    assert scene(tie.view(None)).panels[0].title == "Tie-break"


# ----- on a live board ----------------------------------------------------------------------------------------
def test_every_opponents_battle_since_your_turn_is_told_with_four_players():
    """Each time North may attack again, the scene tells North's own battle and every battle since, one line
    a battle (its tie-break included), each with the seat that attacked."""
    board = BoardController("capture-the-commander", seed=12, level="random", options={"players": 4})
    checked = 0
    start = len(board.state.history)
    while checked < 4 and not board.state.is_over:
        drawn = from_json(board.values()["scene"])
        if board.state.phase == "play" and len(board.state.history) > start:
            since = [str(a) for a in board.state.history[start:]]
            attackers = ["NESW".index(a[0]) for a in since if "x" in a]
            battles = [m for m in drawn.last if m.seat is not None]
            assert [m.seat for m in battles] == attackers, (since, [m.text for m in drawn.last])
            assert attackers[0] == 0 and battles[0].text.startswith("Your ") and len(attackers) >= 2
            assert all(" attacks " in m.text and m.text.endswith(".") for m in battles)
            checked += 1
            start = len(board.state.history)
        board.handle({"type": "play", "action": drawn.actions[0].notation})
    assert checked == 4


def test_the_layout_diagram():
    diagram = layout_diagram()
    assert [s.id for s in diagram.spaces] == [f"N{s}" for row in lay.ROWS for s in row]
    titles = {p.at: (p.title, p.tag) for p in diagram.pieces}
    assert titles["N1"] == ("1", "") and titles["N13"] == ("13", "C")
    assert not diagram.actions and diagram.status
