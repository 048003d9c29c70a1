"""Game records: a whole game as plain text, in the spirit of chess's PGN.

A record is headers, one ``[Name value]`` a line (the value is JSON: a string in double quotes, a
number, ``true`` or ``false``), then the moves, one a line, in the game's notation::

    # Card Commander, recorded by capture_lib: the whole game, hidden cards included.
    [Game "card-commander"]
    [Title "Card Commander"]
    [Record 1]
    [SeedPolicy "fixed"]
    [Seed 12]
    [Option "aces" true]
    [Option "extra_card_bonus" true]
    [Option "play_all_rounds" false]
    [Option "same_commander" false]
    [Moves 3]
    [ToAct "chance"]
    [Result "*"]

    1. commander Karl {Blue}
    2. commander Joanne {Red}
    3. deal 7D {chance}

The headers: ``Game`` (the slug) and ``Record`` (this format's version, 1) come first and are needed;
every option of the game is an ``Option`` header, defaults included, so a record never depends on
today's defaults, and a record that names an option this engine does not know, or leaves one out,
is refused as made under other rules (and one cut short, as truncated: see ``truncation``). ``Start`` is the
position text the game began from (absent for a
new game). ``SeedPolicy`` says what decides the chance still to come: ``fixed`` (the ``Seed`` header
holds the seed, so a loaded game goes on exactly as the recorded one would) or ``withheld`` (no seed is
written; a loaded game draws a new one from the system's secure source). Every chance outcome that
already happened (each card dealt, each die) is a move of the record either way, so both replay to
the same position. ``Moves``, ``ToAct`` and ``Result`` say where the game stands; reading checks
that the replay gets there. ``Title`` is for people. ``#`` starts a comment line, ``{...}`` after a
move is a comment (the seat that moved), and the ``N.`` before a move must count up from 1.

Who may see a record: it is the whole game, every hidden card and Assassin included, and with
``SeedPolicy "fixed"`` also the seed, which decides every card still to be dealt. It is for the owner
of the game (the person who runs it, a teacher, a test), never for a seat: a player who reads the
record of a game still in progress knows everything the other side hides. Show a seat its
``observation`` instead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from capture_lib.core import saves
from capture_lib.core.chance import CHANCE
from capture_lib.core.options import shown
from capture_lib.core.protocol import Game, State
from capture_lib.core.seeds import fresh_seed

#: The headers this engine writes last: a record cut short before its moves lacks them.
CLOSING_HEADERS = ("Moves", "ToAct", "Result")
#: This format's version, the ``Record`` header.
VERSION = 1
#: The headers a record may hold, in the order they are written.
HEADERS = ("Game", "Title", "Record", "SeedPolicy", "Seed", "Option", "Start", "Moves", "ToAct", "Result")
_HEADER = re.compile(r"\[([A-Za-z]+)\s+(.*)\]")
_MOVE = re.compile(r"(?:(\d{1,7})\.\s*)?([^{}]*?)\s*(?:\{[^{}]*\})?")
_DECODER = json.JSONDecoder()


def _seat_name(state: State, seat: int | None) -> str:
    if seat == CHANCE:
        return "chance"
    names = state.names
    return names[seat] if seat is not None and 0 <= seat < len(names) else f"seat {seat}"


def _result(state: State) -> str:
    if not state.is_over:
        return "*"
    winners = state.winners
    return " and ".join(_seat_name(state, w) for w in winners) if winners else "draw"


def _to_act(state: State) -> str:
    return "none" if state.is_over else _seat_name(state, state.current_player)


def _header(name: str, *values: Any) -> str:
    return f"[{name} " + " ".join(json.dumps(v, ensure_ascii=False) for v in values) + "]"


def write(state: State, seed: bool = True) -> str:
    """The record of ``state``'s whole game; ``seed=False`` withholds the seed (see the module docstring).

    The record holds every hidden card: it is for the owner of the game, never for a seat.
    """
    lines = [f"# {state.game.title}, recorded by capture_lib: the whole game, hidden cards included.",
             _header("Game", state.game.slug), _header("Title", state.game.title), _header("Record", VERSION),
             _header("SeedPolicy", "fixed" if seed else "withheld")]
    if seed:
        lines.append(_header("Seed", state.seed))
    lines += [_header("Option", name, value) for name, value in sorted(state.options.items())]
    if state.start is not None:
        lines.append(_header("Start", state.start))
    lines += [_header("Moves", len(state.history)), _header("ToAct", _to_act(state)),
              _header("Result", _result(state)), ""]
    # Who made each move, for people reading the record: walk the game again from its start.
    walker = saves.start_state(state.game, state.seed, dict(state.options), state.start)
    for number, action in enumerate(state.history, 1):
        lines.append(f"{number}. {action} {{{_seat_name(walker, walker.current_player)}}}")
        walker = walker.play(action)
    return "\n".join(lines) + "\n"


def _values(text: str, number: int) -> list[Any]:
    values, pos = [], 0
    while pos < len(text):
        try:
            value, pos = _DECODER.raw_decode(text, pos)
        except (json.JSONDecodeError, RecursionError):
            raise ValueError(f"record line {number}: a header's value is JSON, like \"text\", 12 or true "
                             f"(cannot read {shown(text[pos:])})") from None
        except ValueError:
            raise ValueError(f"record line {number} holds a number too long to be part of a game") from None
        values.append(value)
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return values


def _one(headers: dict[str, list[Any]], name: str, kind: type, default: Any = None) -> Any:
    if name not in headers:
        if default is not None:
            return default
        raise ValueError(f"the record has no {name} header")
    value = headers[name]
    if len(value) != 1 or not isinstance(value[0], kind) or isinstance(value[0], bool) is not (kind is bool):
        raise ValueError(f"the record's {name} header should hold one {saves.json_type(kind())} value, "
                         f"not {shown(value)}")
    return value[0]


def parse(text: str) -> tuple[dict[str, list[Any]], dict[str, Any], list[str]]:
    """A record's headers (name -> values), its options and its moves' notation, checked for form only."""
    if not isinstance(text, str):
        raise ValueError(f"a game record is text, not {type(text).__name__}")
    text = text.removeprefix("\ufeff")  # the byte-order mark some editors put first
    headers: dict[str, list[Any]] = {}
    options: dict[str, Any] = {}
    moves: list[str] = []
    lines = text.splitlines()
    cut = _cut_line(text, lines)
    for number, raw in enumerate(lines, 1):
        try:
            _parse_line(number, raw, headers, options, moves)
        except ValueError as err:
            if number == cut:
                raise ValueError(f"the record is truncated: its last line, {number}, stops part way "
                                 f"({err})") from None
            raise
    return headers, options, moves


def _cut_line(text: str, lines: list[str]) -> int | None:
    """The number of the line where ``text`` was cut short, or ``None``: a record of more than one line whose
    last line has no line end (this engine ends every line of a record), so a fault there is the cut's."""
    return len(lines) if len(lines) > 1 and not text.endswith(("\n", "\r")) else None


def _parse_line(number: int, raw: str, headers: dict[str, list[Any]], options: dict[str, Any],
                moves: list[str]) -> None:
    """Read line ``number`` of a record into ``headers``, ``options`` or ``moves``; ``ValueError`` if malformed."""
    line = raw.strip()
    if not line or line.startswith("#"):
        return
    if line.startswith("["):
        if moves:
            raise ValueError(f"record line {number}: the headers come before the moves")
        m = _HEADER.fullmatch(line)
        if not m:
            raise ValueError(f"record line {number} should be a header like [Game \"card-commander\"]")
        name, values = m.group(1), _values(m.group(2), number)
        if name not in HEADERS:
            raise ValueError(f"record line {number}: unknown header {shown(name)} (a record has "
                             f"{', '.join(HEADERS)}): it was made by another engine")
        if name == "Option":
            if len(values) != 2 or not isinstance(values[0], str):
                raise ValueError(f"record line {number}: an option is [Option \"name\" value]")
            if values[0] in options:
                raise ValueError(f"record line {number}: option {shown(values[0])} is given twice")
            options[values[0]] = values[1]
            return
        if name in headers:
            raise ValueError(f"record line {number}: the {name} header is given twice")
        headers[name] = values
        return
    m = _MOVE.fullmatch(line)
    if not m or not m.group(2):
        raise ValueError(f"record line {number} should be a move like '{len(moves) + 1}. notation'")
    if m.group(1) is not None and int(m.group(1)) != len(moves) + 1:
        raise ValueError(f"record line {number}: move {len(moves) + 1} is numbered {m.group(1)}")
    moves.append(m.group(2))


def _slug(headers: dict[str, list[Any]]) -> str:
    if "Game" not in headers:
        raise ValueError("this is not a game record: a record begins with headers such as "
                         "[Game \"card-commander\"] (a JSON save begins with '{')")
    return _one(headers, "Game", str)


def slug_of(text: str) -> str:
    """The slug a record names in its ``Game`` header; ``ValueError`` if it names none."""
    headers, _, _ = parse(text)
    return _slug(headers)


def read(game: Game, text: str) -> State:
    """The state a record of ``game`` describes, replayed move by move; ``ValueError`` naming any fault."""
    headers, options, moves = parse(text)
    slug = _slug(headers)
    if slug != game.slug:
        raise ValueError(f"the record is of {shown(slug)}, not {game.slug!r}")
    truncation(game, headers, options, moves)
    version = _one(headers, "Record", int)
    if version != VERSION:
        raise ValueError(f"record version {shown(version)} is not supported (this engine reads version "
                         f"{VERSION}): it was made by another engine")
    _one(headers, "Title", str, default=game.title)
    policy = _one(headers, "SeedPolicy", str)
    if policy == "fixed":
        seed = _one(headers, "Seed", int)
        saves.check_seed_in(seed, "the record's Seed header")
    elif policy == "withheld":
        if "Seed" in headers:
            raise ValueError("the record withholds its seed (SeedPolicy \"withheld\") but has a Seed header")
        seed = fresh_seed()
    else:
        raise ValueError(f"SeedPolicy is \"fixed\" or \"withheld\", not {shown(policy)}")
    resolved = saves.check_rules(game, options, "the record")
    start = _one(headers, "Start", str) if "Start" in headers else None
    try:
        state = saves.start_state(game, seed, resolved, start)
    except ValueError as err:
        raise ValueError(f"the record's start cannot be set up: {err}") from None
    try:
        state = saves.replay(state, moves, "the record")
    except ValueError as err:
        lines = text.splitlines()
        if moves and _cut_line(text, lines) is not None and lines[-1].strip().endswith(moves[-1]):
            raise ValueError(f"the record is truncated: its last move, {shown(moves[-1])}, stops part way "
                             f"({err})") from None
        raise
    claims = {"Moves": len(moves), "ToAct": _to_act(state), "Result": _result(state)}
    for name, value in claims.items():
        if name in headers:
            said = _one(headers, name, type(value))
            if said != value:
                raise ValueError(f"the record was made under other rules: after its {len(moves)} moves its "
                                 f"{name} header says {shown(said)}, but this engine has {value!r}")
    return state


def truncation(game: Game, headers: dict[str, list[Any]], options: dict[str, Any], moves: list[str]) -> None:
    """``ValueError`` saying the record is truncated when it was cut short at the end of a line: fewer moves
    than its ``Moves`` header says, or headers that stop before the ones this engine writes last
    (``CLOSING_HEADERS``), with no move after them."""
    if "Moves" in headers:
        claimed = _one(headers, "Moves", int)
        if claimed > len(moves):
            raise ValueError(f"the record is truncated: its Moves header says {claimed} moves, but only "
                             f"{len(moves)} follow (the end of the file is missing)")
    elif not moves and not any(name in headers for name in CLOSING_HEADERS):
        wanted = [f"its {name} header" for name in ("Record", "SeedPolicy") if name not in headers]
        if headers.get("SeedPolicy") == ["fixed"] and "Seed" not in headers:
            wanted.append("its Seed header")
        wanted += [f"the option {shown(name)}" for name in sorted(o.name for o in game.options) if name not in options]
        # A record this engine writes always ends its headers with CLOSING_HEADERS: one without them and
        # without a move stops in its headers, even where what is there would make a new game.
        raise ValueError(f"the record is truncated: it stops in its headers, before "
                         f"{(wanted or ['its Moves header'])[0]} and its moves (the end of the file is missing)")


def load(text: str | bytes, game: Game | None = None, find: Callable[[str], Game] | None = None) -> State:
    """A state from a record or a JSON save (a save's text starts with ``{``).

    The game is the one the text names, which must be ``game`` if one is given; otherwise ``find`` (the
    registry's ``load_game``: this module sits below the games and never imports them) turns the name
    the text gives into a game.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise ValueError(f"a saved game is UTF-8 text: {err}") from None
    if not isinstance(text, str):
        raise ValueError(f"a saved game is text, not {type(text).__name__}")
    text = text.removeprefix("\ufeff")  # the byte-order mark some editors put first
    if text.lstrip().startswith("{"):
        if game is None:
            data = saves.parse_json(text, "a saved game")
            slug = data.get("game") if isinstance(data, dict) else None
            if not isinstance(slug, str):
                raise ValueError("the saved game does not name its game")
            game = _game(slug, find)
        return saves.load(game, text)
    if game is None:
        game = _game(slug_of(text), find)
    return read(game, text)


def _game(slug: str, find: Callable[[str], Game] | None) -> Game:
    if find is None:
        raise ValueError("a saved game can be read only for a known game: name the game to read it with")
    try:
        return find(slug)
    except LookupError as err:  # GameNotAvailable
        raise ValueError(f"the saved game is of a game this engine does not have: {err}") from None
