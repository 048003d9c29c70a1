"""A game's parts: declared in its description, checked at registration and when first loaded, with messages that
name the game, the part and what is wrong; and what the shared layers do with a game that lacks the optional ones.

The scratch games here are copies of ``tests/toy_game`` made as a contributor would make a fifth game (a package
of its own, its slug its folder's name), then broken one way at a time.
"""

from __future__ import annotations

import importlib
import pathlib
import shutil
import sys
from fractions import Fraction
from typing import Any

import pytest

from capture_lib import describe, games, list_games
from capture_lib.core import parts
from capture_lib.core.errors import PartError
from capture_lib.core.protocol import Game, State

TOY = pathlib.Path(__file__).resolve().parent / "toy_game"
#: The toy game's declaration, as ``tests/toy_game/__init__.py`` makes it.
DECLARED = ('scene="scene", players="players", tuning=None, course=None, lessons=None, rules_index=None, '
            "session=None, handout=None, experiments=None, golden=None")


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """Make a copy of the toy game as the package ``scratch_race`` (slug ``scratch-race``) with the declaration
    given (the text inside ``Parts(...)``); returns the package's folder. Nothing of it stays registered."""
    name = "scratch_race"
    monkeypatch.syspath_prepend(str(tmp_path))

    def make(declared: str = DECLARED, *, extra: dict[str, str] | None = None) -> pathlib.Path:
        folder = tmp_path / name
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(TOY, folder, ignore=shutil.ignore_patterns("__pycache__"))
        for path in folder.rglob("*.py"):
            text = path.read_text(encoding="utf-8").replace("tests.toy_game", name)
            path.write_text(text.replace('slug = "toy-game"', 'slug = "scratch-race"'), encoding="utf-8")
        init = folder / "__init__.py"
        source = init.read_text(encoding="utf-8")
        start = source.index("Parts(") + len("Parts(")
        init.write_text(source[:start] + declared + "))\n", encoding="utf-8")
        for relative, text in (extra or {}).items():
            (folder / relative).parent.mkdir(parents=True, exist_ok=True)
            (folder / relative).write_text(text, encoding="utf-8")
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]
        importlib.invalidate_caches()
        return folder

    yield make
    games.unregister(name)
    for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[module]


def test_every_registered_game_declares_its_parts_and_each_fits_its_interface():
    for slug in list_games():
        description = describe(slug)
        assert description.problems() == []
        declared = vars(description.parts)
        for spec in parts.PARTS:
            loaded = {"scene": description.scene, "players": description.players, "tuning": description.tuning,
                      "course": description.course, "lessons": description.lessons,
                      "rules_index": description.rules_index, "session": description.session,
                      "handout": description.handout, "experiments": description.experiments,
                      "golden": description.golden}[spec.name]
            assert (loaded is None) == (declared[spec.name] is None), (slug, spec.name)
            if loaded is not None:
                assert parts.problems(importlib.import_module(f"{description.package}.{declared[spec.name]}"),
                                      spec.interface) == []


def test_a_copy_of_the_toy_game_registers_with_one_line(scratch):
    scratch()
    description = games.register("scratch_race")
    assert "scratch-race" in list_games() and description.title == "Trap Race"
    assert description.players.RULE_PLAYER.__name__ == "rule_player"
    state = description.game.new_game(seed=1)
    seat = state.current_player
    drawn = description.scene.scene(state.observation(seat), state.legal_actions())
    assert drawn.game == "scratch-race"
    assert {a.notation for a in drawn.actions} == {str(a) for a in state.legal_actions()}


@pytest.mark.parametrize(("declared", "extra", "said"), [
    (DECLARED.replace("golden=None", ""), {}, "Trap Race (scratch_race): its description does not say whether it has "
                                              'golden playthroughs: name its module (Parts(golden="golden")) or say '
                                              "it has none (golden=None)"),
    (DECLARED.replace('scene="scene"', "scene=None"), {},
     'every game has a scene, and its description names none: name its module (Parts(scene="scene"))'),
    (DECLARED.replace("course=None", 'course="course"'), {},
     "its description names scratch_race.course as its course, which does not exist"),
    (DECLARED, {"lessons.py": "def exercises():\n    return []\n"},
     "it has the module scratch_race.lessons (exercises) but its description says it has none (lessons=None); "
     'declare it (Parts(lessons="lessons")) or remove the module'),
    (DECLARED, {"players/search.py": "TUNING = None\n"},
     "it has the module scratch_race.players.search (search tuning) but its description says it has none"),
])
def test_a_declaration_that_does_not_hold_is_refused_at_registration_naming_the_game_and_the_part(
        scratch, declared, extra, said):
    scratch(declared, extra=extra)
    with pytest.raises(PartError) as refused:
        games.register("scratch_race")
    assert said in str(refused.value)
    assert "scratch-race" not in list_games()  # nothing half registered


def test_a_part_is_checked_against_its_interface_when_first_loaded(scratch):
    scratch(extra={"players/__init__.py": "RULE_PLAYER = 3\nLEVEL_PLAYERS = {}\n"})
    description = games.register("scratch_race")  # the declaration holds: the module is there
    assert "scratch_race.players" not in sys.modules  # registering imports no part
    with pytest.raises(PartError) as wrong:
        description.players  # noqa: B018 - loading it is the point
    message = str(wrong.value)
    assert message.startswith("Trap Race's computer players (scratch_race.players) does not fit PlayersPart")
    assert "it has no ANALYSIS_PLAYERS" in message and "its RULE_PLAYER should be Callable but is int" in message


def test_an_optional_member_gets_its_interfaces_value_and_nothing_else_is_read():
    # The toy game is registered for the whole run (tests/conftest.py).
    players = describe("toy-game").players
    assert players.FEWER_LEVELS_WHY == "" and players.ORACLE_WORLD is None
    module = importlib.import_module("tests.toy_game.players")
    assert players.__name__ == module.__name__ and players.__doc__ == module.__doc__
    with pytest.raises(AttributeError, match="has no 'rule_player'; it has RULE_PLAYER"):
        players.rule_player  # noqa: B018 - a name the interface does not list
    with pytest.raises(AttributeError):
        players.RULE_PLAYER = None
    assert describe("toy-game").scene.ASSETS == {}


def test_the_interface_check_reads_no_member_a_module_makes_on_first_use():
    # Medieval's scene makes its map picture when ASSETS is first read; loading the part must not.
    code = ("import sys, capture_lib; s = capture_lib.describe('medieval-capture').scene; "
            "from capture_lib.games.medieval_capture import scene; print(scene._assets.cache_info().currsize)")
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "0"


# ----- a game without the optional parts: what the shared layers and the hosts do ---------------------------------
@pytest.fixture
def toy():
    """The toy game's description (the toy game is registered for the whole run: tests/conftest.py)."""
    return describe("toy-game")


def test_without_a_course_or_exercises_or_rules_index_the_book_says_so(toy):
    from capture_lib.bookkit.rules_index import practised, rules_index
    from capture_lib.session import course

    assert toy.course is None and toy.lessons is None and toy.rules_index is None
    assert "toy-game" not in course.games_with_a_course() and "toy-game" not in course.games_with_lessons()
    with pytest.raises(ValueError, match="Trap Race has no course"):
        course.course("toy-game")
    with pytest.raises(ValueError, match="Trap Race has no exercises"):
        course.exercises("toy-game")
    with pytest.raises(ValueError, match="Trap Race has no rules index"):
        rules_index("toy-game")
    assert practised("toy-game") == {}


def test_without_a_handout_nothing_is_printed_for_it_and_its_summary_page_prints_without_a_picture(toy, tmp_path):
    from capture_lib.bookkit import print_and_play, summaries

    assert toy.handout is None and summaries.summary_picture("toy-game") is None
    assert "toy-game" not in summaries.pictures() and "toy-game" not in print_and_play.layouts()
    assert summaries.picture_widths("toy-game") == (0,)
    page = tmp_path / "book" / "toy-game" / "summary.md"
    page.parent.mkdir(parents=True)
    page.write_text("# Trap Race\n\n<!-- picture -->\n\nRoll, step or wait.\n", encoding="utf-8")
    printed = summaries.summary_html("toy-game", root=tmp_path)
    assert "Roll, step or wait." in printed and "<figure" not in printed


def test_without_experiments_or_golden_games_the_tools_leave_it_out(toy):
    from capture_lib.experiments import analysis

    assert toy.experiments is None and toy.golden is None
    assert "toy-game" not in analysis._parts()
    spec = importlib.util.spec_from_file_location("golden_tool_parts", TOY.parent.parent / "tools" / "golden.py")
    golden = importlib.util.module_from_spec(spec)
    sys.modules["golden_tool_parts"] = golden  # dataclasses look their module up
    try:
        spec.loader.exec_module(golden)  # loads with a registered game that keeps no playthroughs
        assert "toy-game" not in golden.SPECS and set(golden.SPECS) <= set(list_games())
        assert golden.scene_snapshots("toy-game") == "\n"
    finally:
        del sys.modules["golden_tool_parts"]


def test_without_session_hooks_or_search_tuning_the_board_and_the_levels_play_it(toy):
    from capture_lib.render.web import module_source, style_source
    from capture_lib.search.levels import fewer_levels_why, player_for
    from capture_lib.search.tuning import PLAIN, tuning_for
    from capture_lib.session.board import BoardController

    assert toy.session is None and toy.tuning is None
    assert tuning_for("toy-game") is PLAIN and fewer_levels_why("toy-game") == ""
    board = BoardController("toy-game", seed=3, mode="computer", level="random")
    first = board.legal[0]
    changed = board.handle({"type": "play", "action": first})
    assert changed.get("message_kind") != "error" and board.state.history
    assert "<svg" in board.picture()
    state = toy.game.new_game(seed=2)
    assert str(player_for("easy", timed=False)(state, 0)) in {str(a) for a in state.legal_actions()}
    assert module_source("toy-game").startswith("const ASSETS = {};") and style_source("toy-game")


# ----- the protocol ---------------------------------------------------------------------------------------------
def test_view_and_sample_state_are_part_of_the_protocol():
    assert {"view"} <= State.__abstractmethods__ and {"sample_state"} <= Game.__abstractmethods__

    class Plain(Game):
        slug, title, seat_names = "plain", "Plain", ("A", "B")

        def _initial_state(self, seed: int, options: dict[str, Any]) -> State:
            raise NotImplementedError

    with pytest.raises(TypeError, match="sample_state"):
        Plain()

    class Open(State):
        def _current_player(self) -> int | None:
            return None

        def _legal_actions(self) -> list:
            return []

        def _why_illegal(self, action: Any) -> str | None:
            return None

        def _apply(self, action: Any) -> None:
            return None

        def _chance_outcomes(self) -> list[tuple[Any, Fraction]]:
            return []

        def _winners(self) -> tuple[int, ...]:
            return ()

        def parse_action(self, text: str) -> Any:
            raise ValueError(text)

        def view(self, seat: int | None, everything: bool = False) -> dict[str, Any]:
            return {"seat": seat, "everything": everything}

    # A game's observation is its view of a checked seat unless it says otherwise.
    assert Open(None, 0, {}).observation(1) == {"seat": 1, "everything": False}
