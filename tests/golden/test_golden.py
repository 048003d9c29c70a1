"""Golden playthroughs: every stored game replays exactly, action by action and seat by seat.

Each file under ``tests/golden/<game>/`` is a whole seeded game written by ``tools/golden.py``: every
action, what it changed in every seat's observation, the legal actions at each step and the result.
A change to the rules, to what a seat sees or to the notation makes a file differ; the failure shows
the difference as a diff. If the change is meant, run ``python tools/golden.py regenerate GAME`` and
commit the rewritten files with the change, so the reviewer reads the diff.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys

import pytest

from capture_lib import list_games, load_game
from tests.registry import games, has_part

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
_SPEC = importlib.util.spec_from_file_location("golden_tool", ROOT / "tools" / "golden.py")
golden = importlib.util.module_from_spec(_SPEC)
sys.modules["golden_tool"] = golden  # dataclasses look their module up
_SPEC.loader.exec_module(golden)

FILES = sorted(p for p in golden.GOLDEN.glob("*/*.txt") if p.parent != golden.SCENES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_stored_playthrough_replays_exactly(path):
    found = golden.difference(path)
    assert not found, (f"{path.relative_to(ROOT)} no longer replays as stored (- stored, + today):\n{found}\n"
                       f"If the change is meant: python tools/golden.py regenerate {path.parent.name}, "
                       f"then review and commit the diff.")


def test_every_game_keeps_playthroughs_and_every_spec_has_its_file():
    # Every game whose description has a golden part keeps playthroughs; a game without one keeps none.
    assert sorted(golden.SPECS) == sorted(slug for slug in list_games() if has_part(slug, "golden"))
    named = {spec.path: spec for specs in golden.SPECS.values() for spec in specs}
    assert set(FILES) == set(named), "run python tools/golden.py regenerate: files and SPECS disagree"
    for path, spec in named.items():
        stored, actions = golden.read(path)
        assert stored == spec and actions
        load_game(spec.slug).resolve_options(spec.options)  # every option set is still a valid one
        assert path.read_text(encoding="utf-8").splitlines()[-3:-2] == ["over: true"]  # whole games only
        assert path.stat().st_size <= golden.MOST_BYTES


def test_the_kept_games_vary_the_options_that_change_play():
    # Each game keeps its default rules and at least three option sets besides.
    for slug, specs in golden.SPECS.items():
        option_sets = {golden._dump(spec.options) for spec in specs}
        assert "{}" in option_sets and len(option_sets) >= 4, slug


def _tampered(tmp_path, source, old, new):
    text = source.read_text(encoding="utf-8")
    assert old in text
    copy = tmp_path / source.name
    copy.write_text(text.replace(old, new, 1), encoding="utf-8")
    return copy


def test_a_changed_observation_shows_as_a_readable_difference(tmp_path):
    source = golden.GOLDEN / "capture-the-commander" / "default-1.txt"
    copy = _tampered(tmp_path, source, '0 .phase = "play"', '0 .phase = "playing"')
    found = golden.difference(copy)
    assert '-0 .phase = "playing"' in found and '+0 .phase = "play"' in found
    assert "(stored)" in found and "(replayed today)" in found


def test_a_refused_action_and_a_game_that_ends_early_are_named(tmp_path):
    source = golden.GOLDEN / "card-commander" / "default-1.txt"
    spec, actions = golden.read(source)
    first = next(i for i, a in enumerate(actions) if a.startswith("commander "))
    lines = golden.render(spec, actions[:first] + ["commander Nobody"] + actions[first + 1:])
    assert lines[-1].startswith(f"!! action {first + 1}, seat 0: commander Nobody is refused")
    longer = golden.render(spec, actions + ["pass"])
    assert longer[-1] == f"!! the game is over before action {len(actions) + 1} (pass)"


def test_changes_name_exactly_what_changed():
    old = {"a": 1, "b": [1, 2], "c": {"d": True}, "log": ["x"], "units": [{"u": 1}, {"u": 2}, {"u": 3}]}
    new = {"a": 1, "b": [1, 3], "c": {"d": 1}, "log": ["x", "y"], "units": [{"u": 1}, {"u": 3}], "e": None}
    assert list(golden.changes(old, new)) == [
        ".b[1] = 3", ".c.d = 1", '.log += ["y"]', '.units removed [1:2] [{"u": 2}]', ".e = null"]
    assert list(golden.changes({"k": [1]}, {})) == [".k deleted"]
    assert list(golden.changes({"0": [0]}, {"0": [1, 2]})) == ['["0"] replaced [0:1] by [0:2] [1, 2]']
    assert list(golden.changes(old, old)) == []


def test_a_seat_that_saw_the_same_changes_is_written_once():
    lines = golden._seat_lines([iter([".x = 1"]), iter([".x = 1"]), iter([".x = 2"]), iter([])])
    assert lines == ["0 .x = 1", "1 as 0", "2 .x = 2"]


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("golden"))
def test_what_the_boards_draw_is_stored(slug):
    found = golden.scene_difference(slug)
    assert not found, (f"what {slug}'s board draws changed (- stored, + today):\n{found}\n"
                       f"If the change is meant: python tools/golden.py scenes {slug}, then review and commit "
                       "the diff.")
