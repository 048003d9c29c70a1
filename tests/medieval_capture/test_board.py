"""The designed board: symmetry, every feature present and usable, and clear errors for broken files."""

from __future__ import annotations

import json

import pytest

from capture_lib.games.medieval_capture.rules import board
from capture_lib.games.medieval_capture.rules.board import (
    BOARD,
    BOARD_FILE,
    EDGE_KINDS,
    ROCK_KINDS,
    load_board,
    parse_board,
)

from .helpers import GAME, RED, pos


def data():
    return json.loads(BOARD_FILE.read_text())


def test_the_board_loads_with_its_size():
    assert len(BOARD.ids) == 2 * 51 + 3
    assert GAME.board is BOARD


def test_mirror_symmetry_of_spaces_and_edges():
    for i, _sid in enumerate(BOARD.ids):
        m = BOARD.mirror(i)
        assert BOARD.mirror(m) == i
        assert BOARD.kind[m] == BOARD.kind[i]
        (x, y), (mx, my) = BOARD.xy[i], BOARD.xy[m]
        assert (mx, my) == (BOARD.width - x, y)
        t = BOARD.territory[i]
        assert BOARD.territory[m] == (-1 if t == -1 else 1 - t)
        assert {(BOARD.mirror(j), e) for j, e in BOARD.adjacent[i]} == set(BOARD.adjacent[m])


def test_each_side_has_the_features_the_rules_need():
    for side in (0, 1):
        assert len(BOARD.spaces_of("crown", side)) == 3
        assert len(BOARD.spaces_of("knight", side)) == 4
        assert len(BOARD.spaces_of("treasure", side)) == 5
        assert len(BOARD.spaces_of("bridge", side)) == 2
        assert BOARD.territory[BOARD.dungeon[side]] == side
    assert len(BOARD.spaces_of("knight")) == 8
    assert BOARD.kind[BOARD.cathedral] == "cathedral" and BOARD.territory[BOARD.cathedral] == -1
    assert {BOARD.territory[j] for j in BOARD.neighbours(BOARD.cathedral)} == {0, 1}


def test_two_rivers_of_four_boats_cross_the_border_and_have_bridges():
    assert len(BOARD.rivers) == 2
    for river in BOARD.rivers:
        boats = river["boats"]
        assert len(boats) == 4
        assert [BOARD.territory[b] for b in boats] == [0, 0, 1, 1]
        for a, b in zip(boats, boats[1:], strict=False):
            assert (b, "river") in BOARD.adjacent[a]
        assert len(river["bridges"]) == 2
        for bridge in river["bridges"]:
            assert all(e == "trail" for _, e in BOARD.adjacent[bridge])  # never a way onto the water


def test_two_lakes_of_three_boats_each_inside_one_territory():
    assert len(BOARD.lakes) == 2
    for lake in BOARD.lakes:
        boats = lake["boats"]
        assert len(boats) == 3 and len({BOARD.territory[b] for b in boats}) == 1
        for a in boats:
            assert {j for j, e in BOARD.adjacent[a] if e == "lake"} == set(boats) - {a}


def test_every_boat_is_docked_at_one_rock_that_is_no_dead_end():
    for i, kind in enumerate(BOARD.kind):
        if kind == "boat":
            docks = [j for j, e in BOARD.adjacent[i] if e == "dock"]
            assert len(docks) == 1
            assert BOARD.kind[docks[0]] in ROCK_KINDS
            assert sum(1 for _, e in BOARD.adjacent[docks[0]] if e == "trail") >= 1


def test_no_rock_is_a_dead_end():
    for i, kind in enumerate(BOARD.kind):
        if kind in ROCK_KINDS:
            assert len([j for j in BOARD.neighbours(i) if BOARD.kind[j] != "dungeon"]) >= 2, BOARD.ids[i]


def _reachable(start, avoid=frozenset()):
    seen, todo = {start}, [start]
    while todo:
        i = todo.pop()
        for j in BOARD.neighbours(i):
            if j not in seen and j not in avoid and BOARD.kind[j] != "dungeon":
                seen.add(j)
                todo.append(j)
    return seen


def test_every_space_is_reachable_from_both_armies_without_dungeons():
    rocks = {i for i, k in enumerate(BOARD.kind) if k != "dungeon"}
    for side in (0, 1):
        start = BOARD.spaces_of("rock", side)[0]
        assert _reachable(start) == rocks


def test_dungeons_can_be_reached_without_crossing_a_crown():
    # A rescuer that picked up a Crown on the way could not rescue, so a Crown-free way must exist.
    crowns = set(BOARD.crowns[0] + BOARD.crowns[1])
    for side in (0, 1):
        seen = _reachable(BOARD.cathedral, avoid=frozenset(crowns))
        assert any(j in seen for j in BOARD.neighbours(BOARD.dungeon[side]))


def test_every_crown_can_be_carried_out_of_its_territory():
    for side in (0, 1):
        for crown in BOARD.crowns[side]:
            assert BOARD.cathedral in _reachable(crown)


def test_the_river_takes_a_piece_across_the_board_in_five_steps():
    s = pos(blue="B1=b21 B2=b20 B3*=b30", red=RED, dice=(5, 11))
    s = s.play("B1 b21-b28-b45-r45-r28-r21")
    assert s.view(None, True)["pieces"][0]["where"] == "r21"


def test_a_lake_can_be_crossed():
    s = pos(blue="B1=b29 B2=b20 B3*=b10", dice=(3, 3)).play("B1 b29-b25-b26-b31")
    assert s.view(None, True)["pieces"][0]["where"] == "b31"


# ----- broken board files -------------------------------------------------------------------------------
def write(tmp_path, content):
    path = tmp_path / "board.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return path


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(ValueError, match="cannot be read"):
        load_board(tmp_path / "nothing.json")


def test_a_file_that_is_not_json(tmp_path):
    with pytest.raises(ValueError, match="not valid JSON"):
        load_board(write(tmp_path, "{spaces: ["))


@pytest.mark.parametrize("breakage, message", [
    (lambda d: d.pop("spaces"), "missing 'spaces'"),
    (lambda d: d["spaces"].append(dict(d["spaces"][0])), "appears twice"),
    (lambda d: d["spaces"][0].update(kind="castle"), "unknown kind 'castle'"),
    (lambda d: d["spaces"][0].update(territory="green"), "unknown territory"),
    (lambda d: d["spaces"][0].update(x=5000), "outside"),
    (lambda d: d["edges"].append(["b1", "zz9", "trail"]), "unknown space 'zz9'"),
    (lambda d: d["edges"].append(["b1", "b10", "trail"]), "already joined"),
    (lambda d: d["edges"].append(["b1", "b1", "trail"]), "itself"),
    (lambda d: d["edges"].append(["b1", "b20", "road"]), "unknown kind 'road'"),
    (lambda d: d["edges"].append(["b1", "b14", "trail"]), "a trail joins rocks"),
    (lambda d: d["edges"].append(["b1", "b20", "dock"]), "a dock joins one boat"),
    (lambda d: d["rivers"][0]["boats"].pop(), "must have 4 boats"),
    (lambda d: d["rivers"].pop(), "two rivers"),
    (lambda d: d["lakes"][0]["boats"].append("b45"), "must have 3 boats"),
    (lambda d: d["edges"].remove(["b28", "b21", "dock"]), "docked at exactly one rock"),
    (lambda d: d["dungeons"].update(blue="rd"), "blue dungeon must lie in blue territory"),
    (lambda d: [s.update(kind="rock") for s in d["spaces"] if s["id"] == "b2"], "three Crown spaces"),
    (lambda d: [s.update(kind="rock") for s in d["spaces"] if s["id"] == "b15"], "eight Knight spaces"),
    (lambda d: d["rivers"][0]["bridges"].append("b1"), "not one"),
    (lambda d: d["spaces"].append({"id": "b99", "x": 5, "y": 5, "kind": "rock", "territory": "blue"}),
     "cannot be reached"),
    (lambda d: d.update(spaces="many"), "wrong type"),
    (lambda d: d["spaces"].append({"id": "c2", "x": 5, "y": 5, "kind": "cathedral", "territory": "neutral"}),
     "exactly one Cathedral, found 2"),
    (lambda d: (d["spaces"].append({"id": "b98", "x": 5, "y": 5, "kind": "boat", "territory": "blue"}),
                d["edges"].append(["b98", "b1", "dock"])), "boat 'b98' is on no river or lake"),
    (lambda d: d.update(edges=[e for e in d["edges"] if "bd" not in e[:2]]), "dungeon 'bd' opens onto no rock"),
    (lambda d: [s.update(kind="rock") for s in d["spaces"] if s["kind"] == "treasure" and s["territory"] == "red"],
     "red territory has no treasure space"),
])
def test_broken_board_files_raise_a_clear_error(tmp_path, breakage, message):
    d = data()
    breakage(d)
    with pytest.raises(ValueError, match=message) as info:
        load_board(write(tmp_path, d))
    assert "board file" in str(info.value)


def test_every_edge_kind_has_its_rule():
    assert set(board._EDGE_RULES) == set(EDGE_KINDS)


def test_parse_board_rejects_a_list():
    with pytest.raises(ValueError, match="JSON object"):
        parse_board([1, 2, 3])
