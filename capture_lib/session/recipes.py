"""Recipes: what rebuilds a board in another host, holding nothing its viewer may not see.

A recipe is a small JSON object that a page carries (the book's in-browser engine rebuilds each board
from it with ``from_recipe``). It never holds a seed, a hidden card, the Assassin's square, the Knight's
identity, another seat's treasure hand, or a lesson's answers. Three kinds:

- ``play``: a new game. The game, its options, the seat, the mode, the computer's level and whether
  it teaches (every card shown). Rebuilding deals from a fresh seed.
- ``lesson``: an exercise of the book, by name (``exercise 1``, ``exercise 2``, ...); the
  lessons' data ships with the engine, and their answers stay in Python until the learner asks.
- ``course``: the game's course (its levels ship with the engine; the page keeps the stars won).
- ``position``: a position to go on from, such as a worked example's last one ("try it from here"),
  as its viewer saw it: that seat's ``observation`` (for an example shown as the whole table sees it,
  the observation of the player to act in a stand-in that the table cannot tell from it,
  ``table_stand_in``, never the true hidden facts).
  Rebuilding draws a whole state that the seat cannot tell from it (the game's own ``sample_state``,
  the sampler of its search player), and the chance still to come from a fresh seed. On a teaching
  board, where every card is shown, it is the game's ``record`` instead (``core.record``, seed withheld).

Every recipe says ``"format": "capture-board-recipe"`` and its ``version``. ``from_recipe`` checks each
field and refuses a forged or malformed recipe with a ``ValueError`` saying what is wrong.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from capture_lib.core import record, saves
from capture_lib.core.chance import CHANCE
from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import State, check_seed, fresh_seed
from capture_lib.session.board import MODES, BoardController, reseeded

FORMAT = "capture-board-recipe"
VERSION = 1
KINDS = ("play", "lesson", "position", "course")
#: The fields of each kind of recipe, beside ``format``, ``version``, ``kind`` and ``game``.
FIELDS = {
    "play": ("options", "seat", "mode", "level", "teaching"),
    "lesson": ("lesson",),
    "course": (),
    "position": ("seat", "mode", "level", "teaching", "observation", "record"),
}
#: The longest observation or record a recipe may hold, as JSON text.
MAX_RECIPE_CHARS = 200_000
#: Keys in which a seat's observation may differ from the table's view without telling a secret.
PUBLIC_KEYS = ("seat", "viewer", "legal")
DRAWN_AGAIN = ("this example shows what the whole table sees, and its seats' secrets could not be drawn again "
               "from that alone, so it keeps its frames")
#: Keys of an observation that tell the history rather than the position: a sampled state has none.
HISTORY_KEYS = ("log",)


def _head(kind: str, board: BoardController) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "kind": kind, "game": board.game_slug}


def recipe_of(board: BoardController) -> dict[str, Any]:
    """The recipe of ``board`` (see the module's docstring); ``ValueError`` where none can be made."""
    from capture_lib.session.learn import CourseController
    from capture_lib.session.lesson import LessonController, lesson_name

    if isinstance(board, CourseController):
        return _head("course", board)
    if isinstance(board, LessonController):
        name = lesson_name(board._lesson)
        if name is None:
            raise ValueError(f"the lesson {board._lesson.title!r} is not one of the book's lessons, "
                             "so a page cannot rebuild it")
        return {**_head("lesson", board), "lesson": name}
    level = board.level or None
    if board._example is not None:
        end, seat, everything = board._example
        if seat is None:
            # The reader tries it from here as the player to act, seeing no more than the table saw.
            player = end.current_player
            seat = player if player is not None and player >= 0 else 0
            if not everything:
                end = table_stand_in(end, seat)
        return _position(board, end, seat, "computer", level, everything)
    start, state = board._start, board.state
    fresh = start.start is None and not start.history and not board._loaded
    if fresh:
        return {**_head("play", board), "options": dict(start.options), "seat": board.seat, "mode": board.mode,
                "level": level, "teaching": board.teaching}
    viewer = board.seat if board.mode != "hotseat" else board._viewer()
    if viewer is None:
        raise ValueError("nobody is to act on this board, so there is no seat to rebuild it for")
    return _position(board, state, viewer, board.mode, level, board.teaching)


def table_stand_in(state: State, seat: int) -> State:
    """A state the whole table cannot tell from ``state``, whose ``seat`` holds nothing true that is hidden.

    For a worked example shown as the table sees it (``seat=None``), which the reader tries from here
    as ``seat``: the page never showed that seat's secrets, so its recipe may not hold them. Where the
    seat sees no more than the table (every difference is in ``PUBLIC_KEYS``), ``state`` itself will do;
    otherwise the game is replayed from its start, each action the table saw masked replaced by one
    that the table reads the same (a card dealt face down, a secret pick), drawn by a generator seeded
    with the table's view alone, so the same example gives the same recipe on every build.
    ``ValueError`` where there is no such replay (a game that starts from a position text, whose hidden
    facts the replay cannot draw again).
    """
    seen, table = state.observation(seat), state.view(None)
    if all(seen.get(key) == table.get(key) for key in set(seen) | set(table) if key not in PUBLIC_KEYS):
        return state
    log = table.get("log")
    if state.start is not None or not isinstance(log, list) or len(log) != len(state.history):
        raise ValueError("this example shows what the whole table sees, and its seats' secrets cannot be "
                         "drawn again: give it the seat that tries it from here (example(..., seat=...))")
    rng = random.Random(hashlib.sha256(json.dumps(table, sort_keys=True, default=str).encode()).hexdigest())
    current = state.game.new_game(seed=rng.randrange(2**63), **state.options)
    for action, line in zip(state.history, log, strict=True):
        if str(line) == str(action):
            try:
                current = current.play(action)
            except IllegalAction:  # the stand-in's hidden facts cannot take a move the table saw
                raise ValueError(DRAWN_AGAIN) from None
            continue
        pending = current.current_player == CHANCE
        options = [a for a, _ in current.chance_outcomes()] if pending else list(current.legal_actions())
        rng.shuffle(options)
        for option in options:
            after = current.play(option)
            if str(after.view(None)["log"][-1]) == str(line):
                current = after
                break
        else:
            raise ValueError(DRAWN_AGAIN)
    if current.view(None) != table:
        raise ValueError(DRAWN_AGAIN)
    return current


def _position(board: BoardController, state: State, seat: int, mode: str, level: str | None,
              everything: bool) -> dict[str, Any]:
    recipe = {**_head("position", board), "seat": seat, "mode": mode, "level": level, "teaching": everything,
              "observation": None, "record": None}
    if everything:
        recipe["record"] = record.write(state, seed=False)
    else:
        recipe["observation"] = state.observation(seat)
    return recipe


def _check_common(recipe: Any) -> tuple[str, str]:
    from capture_lib.games import list_games

    if not isinstance(recipe, dict):
        raise ValueError("a board's recipe is a JSON object")
    if recipe.get("format") != FORMAT:
        raise ValueError(f"that is not a board's recipe (its format is not {FORMAT!r})")
    if recipe.get("version") != VERSION:
        raise ValueError(f"that recipe's version {recipe.get('version')!r} is not supported (only {VERSION})")
    kind, game = recipe.get("kind"), recipe.get("game")
    if kind not in KINDS:
        raise ValueError(f"a recipe's kind is one of {', '.join(KINDS)}, not {kind!r}")
    if game not in list_games():
        raise ValueError(f"a recipe's game is one of {', '.join(list_games())}, not {game!r}")
    extra = set(recipe) - {"format", "version", "kind", "game", *FIELDS[kind]}
    missing = [name for name in FIELDS[kind] if name not in recipe]
    if extra or missing:
        raise ValueError(f"a {kind} recipe has exactly the fields {', '.join(FIELDS[kind])}"
                         + (f"; unknown: {', '.join(sorted(map(str, extra)))}" if extra else "")
                         + (f"; missing: {', '.join(missing)}" if missing else ""))
    return kind, game


def _check_seat_mode(recipe: dict[str, Any], players: int) -> tuple[int, str, str | None, bool]:
    from capture_lib.search.levels import LEVEL_NAMES

    seat, mode, level, teaching = recipe["seat"], recipe["mode"], recipe["level"], recipe["teaching"]
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise ValueError(f"a recipe's seat is a number from 0 to {players - 1} for this game, not {seat!r}")
    if mode not in MODES:
        raise ValueError(f"a recipe's mode is one of {', '.join(MODES)}, not {mode!r}")
    if level is not None and level not in LEVEL_NAMES:
        raise ValueError(f"a recipe's level is one of {', '.join(LEVEL_NAMES)} (or null), not {level!r}")
    if not isinstance(teaching, bool):
        raise ValueError(f"a recipe's teaching is true or false, not {teaching!r}")
    return seat, mode, level, teaching


def _too_long(value: Any, what: str) -> None:
    if len(json.dumps(value)) > MAX_RECIPE_CHARS:
        raise ValueError(f"that recipe's {what} is too long to be a board's")


def from_recipe(recipe: Any, seed: int | None = None) -> BoardController:
    """A live controller rebuilt from ``recipe`` (``BoardController.recipe``); ``ValueError`` for a bad one.

    ``seed`` (the in-browser host draws one with ``crypto.getRandomValues``) fixes the chance to come;
    by default it is ``fresh_seed()``, from the system's secure source.
    """
    kind, game_slug = _check_common(recipe)
    seed = fresh_seed() if seed is None else check_seed(seed)
    if kind == "course":
        from capture_lib.session.learn import course_controller

        try:
            return course_controller(game_slug)
        except (LookupError, AttributeError):
            raise ValueError(f"{game_slug} has no course") from None
    if kind == "lesson":
        from capture_lib.session.lesson import book_lessons, lesson_controller

        name = recipe["lesson"]
        found = book_lessons(game_slug)
        if not isinstance(name, str) or name not in found:
            raise ValueError(f"{game_slug} has no lesson {name!r}; its lessons: {', '.join(found)}")
        return lesson_controller(found[name])
    from capture_lib import load_game

    game = load_game(game_slug)
    cls = BoardController
    if kind == "play":
        options = recipe["options"]
        if not isinstance(options, dict):
            raise ValueError("a recipe's options are a JSON object of option names and values")
        _too_long(options, "options")
        try:
            state = game.new_game(seed=seed, **options)
        except TypeError:
            raise ValueError(f"those are not {game_slug}'s options") from None
        seat, mode, level, teaching = _check_seat_mode(recipe, state.num_players)
        return cls(state, seat=seat, mode=mode, level=level, teaching=teaching)
    observation, text = recipe["observation"], recipe["record"]
    if (observation is None) == (text is None):
        raise ValueError("a position recipe holds an observation or a record, one of the two")
    if text is not None:
        if not isinstance(text, str):
            raise ValueError("a position recipe's record is the text of a game record")
        _too_long(text, "record")
        try:
            state = saves.load(game, reseeded(saves.dump(record.load(text, game))))
        except RecursionError:
            raise ValueError("that recipe's record is not a game record (it nests too deeply)") from None
        seat, mode, level, teaching = _check_seat_mode(recipe, state.num_players)
        return cls(state, seat=seat, mode=mode, level=level, teaching=teaching)
    if not isinstance(observation, dict):
        raise ValueError("a position recipe's observation is a JSON object (what its seat sees)")
    _too_long(observation, "observation")
    players = len(game.seat_names) if "players" not in observation else len(observation["players"])
    seat, mode, level, teaching = _check_seat_mode(recipe, max(players, 2))
    state = sampled(game, observation, seat, random.Random(seed))
    board = cls(state, seat=seat, mode=mode, level=level, teaching=teaching)
    # What chance does next comes from the fresh seed (a sampled state's own seed is no secret); the
    # position is a guess at the hidden facts, so it is not a game to keep or save.
    board._chance_seed = seed
    board.keeps_games = False
    board.saves = False
    board._advance()
    return board


def sampled(game: Any, observation: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A whole state that ``seat`` cannot tell from ``observation`` (the game's ``sample_state``).

    ``ValueError`` when the observation is not one of the game's, or the state drawn does not look
    like it (a forged observation): the sampled state's own observation must agree, but for the log.
    """
    try:
        state = game.sample_state(observation, seat, rng)
        seen = state.observation(seat)
    except ValueError as err:
        raise ValueError(f"that recipe's position is not a position of {game.title}: {err}") from None
    except (KeyError, TypeError, IndexError, AttributeError):
        raise ValueError(f"that recipe's observation is not what a seat of {game.title} sees") from None
    same = {k: v for k, v in seen.items() if k not in HISTORY_KEYS}
    wanted = {k: v for k, v in observation.items() if k not in HISTORY_KEYS}
    if json.loads(json.dumps(same)) != wanted:
        differ = sorted(k for k in set(same) | set(wanted) if json.loads(json.dumps(same.get(k))) != wanted.get(k))
        raise ValueError(f"that recipe's observation is not a position of {game.title} as a seat sees it "
                         f"(it does not hold together: {', '.join(differ)})")
    return state
