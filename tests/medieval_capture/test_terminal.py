"""Medieval Capture in the terminal, played as a person would: ``capture play medieval-capture`` in a pseudo-terminal
(the map, the key, where a piece may go, the moves listed in full, only what the seat may see). What every game
does in the terminal: ``tests/test_terminal.py``."""

from __future__ import annotations

import io
import re

from capture_lib import load_game
from capture_lib.hosts.terminal.play import play_in_terminal
from capture_lib.render.text import scene_text
from capture_lib.search.levels import player_for


def test_medieval_capture_draws_the_map_and_where_a_piece_may_go(terminal):
    t = terminal("play", "medieval-capture", "--seed", "3", "--level", "random", columns=80)
    first = t.expect("your move>")
    assert max(len(line) for line in first.splitlines()) < 80, "everything fits 80 columns"
    assert "B5 is a Blue piece, R5 a Red one" in " ".join(first.split()), "the key to the tokens, at the start"
    # The map: trails joining spaces, the dungeons, the Cathedral, Crowns on their spaces; the free rocks marked +.
    assert "+b1─+10─+15─+19" in first and "#bd" in first and "#rd" in first and "\u271a(c)" in first
    assert "\u265bb2" in first and "\u265br2" in first and "r50─r43─r34─$27─r19─\u265e15─r10─r1" in first
    assert "+21┄∪28~+36~∪45~" in first  # a dock, a boat, the river under a bridge (a free rock, marked)
    assert "Key: + free rock, \u265b Crown, \u265e Knight space" in first
    assert "You may: 'place B1 b1' \u2013 place B1 on b1, and 81 more like it." in " ".join(first.split())
    for move in ["place B1 b12 knight", "place B2 b13", "place B3 b9", "place B4 b7", "place B5 b3", "place B6 b1",
                 "place B7 b10"]:
        t.send(move)
    board = t.send("roll")
    assert "B4──B1*─$17" in board and "B3──B2──\u265e18" in board, "the pieces cover their spaces; the Knight marked"
    assert re.search(r"R\d+", board) and not re.search(r"R\d+\*", board), "Red's Knight stays hidden from Blue"
    shown = t.send("B2")
    assert "B2 (on b13): your B2. Marked: \u25cf reachable space b18, b23, b24, b33." in " ".join(shown.split())
    assert "B3──B2──\u25cf18─\u25cf24─\u25cf33─" in shown, "the reachable spaces are marked on the map"
    assert "4 legal moves with B2:\n  B2 b13-b18, B2 b13-b18-b24" in shown
    after = t.send("B2 b13-b18")
    assert "B3──b13─B2──b24─" in after, "B2 moved from b13 to b18"
    t.leave()


def test_moves_at_the_prompt_are_not_cut_off():
    out = io.StringIO()
    play_in_terminal("medieval-capture", seed=3, stdin=io.StringIO("moves\nmoves zzz\nquit\n"), stdout=out)
    said = out.getvalue()
    assert "82 legal moves:" in said and "place B1 b51 knight" in said and "..." not in said
    assert "no legal move names zzz" in said
    assert "\x1b[" not in said, "no colour where the output is not a terminal"


def test_the_terminal_views_only_what_the_seat_may_see():
    from capture_lib.games.medieval_capture.scene import scene

    game = load_game("medieval-capture")
    state = game.new_game(seed=3)
    player = player_for("random")
    while state.observation(0)["phase"] == "place" or state.current_player != 0:
        state = state.play_chance() if state.current_player < 0 else state.play(player(state, state.current_player))
    for seat in (0, 1):
        drawn = scene_text(scene(state.observation(seat)))
        knights = [p["id"] for p in state.observation(seat)["pieces"] if p.get("knight")]
        assert len(knights) == 1 and knights[0][0] == "BR"[seat]  # the seat knows its own Knight only
        assert [m[:-1] for m in re.findall(r"[BR]\d+\*", drawn)] == knights


def test_the_medieval_map_gives_every_space_a_cell_of_its_own():
    from collections import Counter

    from capture_lib.games.medieval_capture.scene import scene

    drawn = scene(load_game("medieval-capture").new_game(seed=3).observation(0))  # no moves offered: no marks
    lines = scene_text(drawn, width=79).splitlines()
    grid = lines[lines.index("the map") + 1:next(i for i, line in enumerate(lines) if line.startswith("Blue (you)"))]
    assert len(grid) == 17 and max(len(line) for line in grid) <= 79, "the map fits an 80-column terminal"
    glyphs = {f"kind-{k.key}": k.glyph for k in drawn.key if k.look == "space" and k.glyph}
    crowns = {p.at for p in drawn.pieces if p.look == "token"}
    wanted = Counter()
    for space in drawn.spaces:  # a space's name, or its sign and the end of its name: three characters at most
        sign = "\u265b" if space.id in crowns else next((glyphs[t] for t in space.tones if t in glyphs), "")
        name = space.label.split()[-1] if " " in space.label else space.label
        roomy = len(sign + name) <= 3 or space.w > 1.5 * min(s.w for s in drawn.spaces if s.shape == "rock")
        wanted[(sign + name) if roomy else sign + name[len(sign) - 3:]] += 1  # the Cathedral is wider: ✚(c)
    text = "\n".join(grid)
    for cell, count in wanted.items():
        assert len(re.findall(rf"(?<![\w$]){re.escape(cell)}(?!\w)", text)) == count, cell
