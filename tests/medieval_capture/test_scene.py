"""What Medieval Capture's board draws (``capture_lib.games.medieval_capture.scene``): only what the seat may
see, one record per legal action, clicks on spaces of the scene, marks of the key, the last moves in
players' words with their routes, names for a screen reader, and a scene small enough to send often."""

from __future__ import annotations

import json
import pathlib
import random

import pytest

from capture_lib import CHANCE
from capture_lib.core.scene import from_json
from capture_lib.games.medieval_capture.scene import ASSETS, BACKGROUND, KEY, TERRAIN, scene
from capture_lib.render import look
from capture_lib.render.picture import to_svg
from capture_lib.session.scenes import recent_lines

from .helpers import BLUE, GAME, RED, play_all, pos


def seen(state, seat: int | None = 0, legal: bool = True):
    """The scene of ``state`` for ``seat`` (its legal actions offered when it is to act)."""
    view = state.observation(seat) if seat is not None else state.view(None)
    actions = state.legal_actions() if legal and state.current_player == seat else ()
    return scene(view, actions)


def after(state, actions: list[str], seat: int):
    """The scene ``seat`` sees after ``actions``, told what they did (as a board tells it)."""
    states = [state]
    for action in actions:
        states.append(states[-1].play(action))
    recent = recent_lines(states, lambda s: s.observation(seat), seat)
    return scene(states[-1].observation(seat), (), recent)


def played_positions(seed: int, most: int = 160):
    """Positions of a random game (every player's turn), for the properties below."""
    rng = random.Random(seed)
    state = GAME.new_game(seed=seed)
    for _ in range(most):
        if state.is_over:
            break
        if state.current_player == CHANCE:
            state = state.play_chance(rng)
            continue
        yield state
        state = state.play(rng.choice(state.legal_actions()))


# ----- hidden information -------------------------------------------------------------------------------------
def test_the_scene_is_blind_to_which_enemy_piece_is_the_knight_and_to_the_enemy_hand():
    red_b = RED.replace("R3*", "R3").replace("R5=", "R5*=")
    one = pos(dice=(4, 11), red_hand="CAPTURE!")
    other = pos(dice=(4, 11), red=red_b, red_hand="AMBUSH!")
    assert seen(one) == seen(other)
    assert seen(one, 1) != seen(other, 1)  # Red sees its own Knight and hand
    drawn = json.dumps(seen(one).to_json())
    assert "CAPTURE!" not in drawn and "1 card in hand (hidden)" in drawn


def test_a_secret_placement_is_told_without_the_knight():
    setup = [f"place B{n} b{s}" for n, s in zip(range(1, 7), (10, 11, 12, 13, 15, 16), strict=True)]
    start = play_all(GAME.new_game(seed=2), *setup, "place B7 b17 knight")
    knight, plain = after(start, ["place R1 r10 knight"], 0), after(start, ["place R1 r10"], 0)
    assert knight == plain
    assert knight.last[-1].text == "Red places R1 on r10"
    assert after(start, ["place R1 r10 knight"], 1).last[-1].text == "Red places R1 on r10 as its Knight"


def test_only_the_teaching_view_rings_both_knights():
    state = pos()
    ringed = lambda drawn: {p.id for p in drawn.pieces if "ringed" in p.tones}  # noqa: E731
    assert ringed(seen(state, 0)) == {"B3"} and ringed(seen(state, 1)) == {"R3"}
    teaching = scene(state.view(None, everything=True))
    assert ringed(teaching) == {"B3", "R3"} and "knight-teaching" in {k.key for k in teaching.key}
    assert "knight" in {k.key for k in seen(state, 0).key}


# ----- the actions --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 4])
def test_every_legal_action_has_one_record_whose_clicks_name_spaces_of_the_scene(seed):
    kinds = set()
    for state in played_positions(seed):
        seat = state.current_player
        drawn = seen(state, seat)
        assert sorted(r.notation for r in drawn.actions) == sorted(str(a) for a in state.legal_actions())
        ids = {s.id for s in drawn.spaces}
        for record in drawn.actions:
            assert set(record.clicks) <= ids, record
            assert record.clicks or record.button, record  # a click or a button sends it
            assert not record.route or set(record.route) <= ids
            kinds.add(record.kind)
        # Actions that end on the same clicks (a choice) are told apart by their words.
        by_clicks: dict[tuple, list[str]] = {}
        for record in drawn.actions:
            if record.clicks and not record.button:
                by_clicks.setdefault(record.clicks, []).append(record.label)
        for labels in by_clicks.values():
            assert len(labels) == 1 or len(set(labels)) == len(labels), labels
    assert {"place", "reach"} <= kinds


def test_a_shot_is_a_spot_then_an_aim_and_the_buttons_say_what_they_do():
    drawn = seen(pos(dice=(4, 11), shots="1"))
    shots = [r for r in drawn.actions if r.notation.startswith("shoot")]
    assert len(shots) == 9 * 44 and all(r.clicks[0].startswith("spot-b") and r.kind == "aim" for r in shots)
    assert drawn.space("spot-b5").label == "5"
    buttons = {r.button for r in drawn.actions if r.button}
    assert buttons == {"end the turn"}
    start = seen(pos(blue_hand="RANSOM CAPTURE!", blue="B1=b10 B2=b20 B3*=b30 B4=prisoner"))
    assert {r.button for r in start.actions if r.button} >= {"roll the dice", "play CAPTURE!", "play RANSOM for B4",
                                                              "look under B1"}
    assert next(r for r in start.actions if r.notation == "look B1").clicks == ("b10",)


def test_the_hints_and_status_say_what_is_true():
    drawn = seen(pos(dice=(4, 11), shots="1"))
    assert drawn.status[0] == "Turn 1: Blue moves: 3 moves left, 1 shot"
    assert "firing spot" in drawn.hints[0]
    moved = play_all(pos(dice=(4, 11)), "B1 b10-b15", "B2 b20-b19")
    assert seen(moved).status[0] == "Turn 1: Blue moves: 1 move left, no shots"
    # "No piece can move" only when it is true: here both of Blue's pieces have moved, one move is left.
    two = pos(blue="B1=b10 B3*=b30", dice=(1, 1))
    for piece in ("B1", "B3"):
        two = two.play(next(a for a in two.legal_actions() if str(a).startswith(piece + " ")))
    assert seen(two).status[0] == "Turn 1: Blue moves: 1 move left, no shots. No piece can move"
    assert seen(two).hints == ("No piece can move: end the turn.",)
    assert "No piece can move" not in seen(pos(dice=(4, 11))).status[0]


# ----- what happened ---------------------------------------------------------------------------------------------
def test_a_capture_by_the_other_side_is_told_in_the_viewers_words_with_its_route():
    state = pos(turn="red", blue=BLUE.replace("B5=b41", "B5=r43"), red=RED.replace("R2=r20", "R2=r44"), dice=(1, 1))
    drawn = after(state, ["R2 r44-r43"], 0)
    assert drawn.last[-1].text == "Red: R2 r44-r43 takes your B5 to its dungeon"
    assert drawn.last[-1].route == ("r44", "r43")
    assert any(a.path == ("r44", "r43") and a.key == "last" for a in drawn.arrows)
    assert not drawn.space("r43").tones[-1] == "minor"  # the end of a move drawn is named at any size
    assert after(state, ["R2 r44-r43"], 1).last[-1].text == "Red: R2 r44-r43 takes B5 to its dungeon"


def test_a_landing_is_told_and_marked():
    siege = pos(red="R1=r1 R2=r10 R3*=r9 R4=r6", dice=(4, 6), shots="1")
    drawn = after(siege, ["shoot from 1 at r1", "land r1"], 1)
    texts = [m.text for m in drawn.last]
    assert texts[-2] == "Blue's catapult fires from spot 1 at r1"
    assert texts[-1].startswith("Blue's catapult lands on r1: it knocks over ")
    assert ("r1", "landing") in {(m.at, m.key) for m in drawn.marks}
    assert any(a.key == "flight" and a.path == ("spot-b1", "r1") for a in drawn.arrows)
    killed = after(pos(red="R1=r1 R3*=r9", dice=(4, 6), shots="1"), ["shoot from 1 at r1", "land r1"], 1)
    assert killed.last[-1].text == "Blue's catapult lands on r1: your R1 is killed"
    choosing = play_all(siege, "shoot from 1 at r1", "land r1")
    assert {m.at for m in seen(choosing).marks if m.key == "knocked"} == {"r1", "r10"}
    assert {r.button for r in seen(choosing).actions} == {"R1 dies", "R2 dies"}


# ----- the key, names and size --------------------------------------------------------------------------------------
def test_every_mark_and_arrow_names_an_entry_of_the_key_in_colours_apart_from_the_seats():
    for state in list(played_positions(3))[::7]:
        drawn = seen(state, state.current_player)
        keys = {k.key for k in drawn.key}
        assert {m.key for m in drawn.marks} <= keys and {a.key for a in drawn.arrows} <= keys
        assert {r.kind for r in drawn.actions if r.kind} <= keys
        assert set(TERRAIN) <= keys
    seats = {look.seat_colour(0), look.seat_colour(1)}
    assert all(look.COLOURS[k.colour][0] not in seats for k in KEY)


def test_every_space_and_piece_has_words_for_a_screen_reader():
    drawn = seen(pos(dice=(4, 11), blue="B1=r3 B2=c B3*=c B4=prisoner", red_crowns="@B1 r5 r8", shots="1"))
    assert all(s.name and s.label for s in drawn.spaces)
    assert drawn.space("c").name.startswith("the Cathedral") and drawn.space("b28").name.startswith("a boat")
    assert drawn.space("r13").name == "rock, enemy territory (Red)"
    names = {p.id: p.name for p in drawn.pieces}
    assert names["B3"] == "your B3, your Knight" and names["B4"] == "your B4, a prisoner in Red's dungeon"
    assert next(p.at for p in drawn.pieces if p.id == "B4") == "rd"
    assert "carrying Red's Crown" in names["B1"] and names["crown-r2"] == "Red's Crown from r2, carried by B1"
    assert {p.token for p in drawn.pieces} >= {"B3*", "B1", "R3", "\u265b"}
    # Only the spaces that matter now are named at the size the book shows the map.
    assert {s.id for s in drawn.spaces if "minor" not in s.tones} == {"c", "bd", "rd"} | {
        s.id for s in drawn.spaces if s.id.startswith("spot-")}


def test_the_scene_survives_json_and_stays_small():
    drawn = seen(pos(dice=(4, 11)))
    data = drawn.to_json()
    assert from_json(data) == drawn
    size = len(json.dumps(data, separators=(",", ":")))
    # 31.6 KB measured, 3.2 KB of it the map's links (for the text renderer); a turn with a shot adds 9 x 44 shots
    assert size < 34_000, size
    assert BACKGROUND in drawn.assets and BACKGROUND not in json.dumps(data).replace(f'"{BACKGROUND}"', "")
    assert len(ASSETS[BACKGROUND]) < 45_000  # the map, sent once per page


def test_pictures_draw_the_map_with_its_key():
    drawn = to_svg(seen(pos(dice=(4, 11)), 0), assets=ASSETS)
    assert drawn.count("BLUE TERRITORY") == 1 and ">Knight space</text>" in drawn and ">rock</text>" in drawn
    assert ">b10</text>" not in drawn  # a minor name is left out of a picture unless marked


GOLDEN = sorted((pathlib.Path(__file__).resolve().parent.parent / "golden" / "medieval-capture").glob("*.txt"))


def _golden_actions(path: pathlib.Path) -> tuple[dict, int, list[str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    fields = dict(line.partition(": ")[::2] for line in lines[1:6])
    actions = [line.partition(": ")[2] for line in lines if line.startswith("== ") and line[3:4].isdigit()]
    return json.loads(fields["options"]), int(fields["seed"]), actions


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_every_seat_sees_a_whole_stored_game_through_the_scene(path):
    """Each stored game (every option set, four players too), every seat, every few actions: the scene is
    built from what the seat sees, told what happened lately, and offers exactly the seat's actions."""
    options, seed, actions = _golden_actions(path)
    states = [GAME.new_game(seed=seed, **options)]
    for action in actions:
        states.append(states[-1].play(action))
    seats = range(states[0].num_players)
    for n in range(1, len(states), 9):
        state = states[n]
        for seat in seats:
            recent = recent_lines(states[max(0, n - 12):n + 1], lambda s, seat=seat: s.observation(seat), seat)
            legal = state.legal_actions() if state.current_player == seat else ()
            drawn = scene(state.observation(seat), legal, recent)
            assert sorted(r.notation for r in drawn.actions) == sorted(str(a) for a in legal)
            assert all(line.text and line.text[0].isupper() for line in drawn.last)
            assert " 1 moves" not in " ".join(drawn.status) and "1 shots" not in " ".join(drawn.status)
    assert scene(states[-1].view(None, everything=True)).over
