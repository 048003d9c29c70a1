"""The ``capture`` command: build the book, open it in JupyterLab, play in a terminal, serve a class.

Each subcommand is one ``Subcommand`` in ``SUBCOMMANDS``: its name, its help, an example, the arguments
it takes and the function that runs it; ``register`` adds one. Every argument is checked before anything
starts, and a bad one gets one line in the user's words under the subcommand's own usage (exit status 2),
never a traceback: by argparse's types where a value alone can be judged (``count``, ``seed_value``,
``port_number``, ...), and by the subcommand's ``check`` where it takes the game to judge it (a seat, a
number of players, an option).
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import pathlib
import sys
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from capture_lib import __version__, list_games, load_game
from capture_lib.bookkit import sources
from capture_lib.bookkit.build import build_book, needs, project_root, stale
from capture_lib.core import places
from capture_lib.core.files import load_file, save_file
from capture_lib.core.protocol import Game, State
from capture_lib.core.seeds import SEED_LIMIT, check_seed
from capture_lib.hosts.terminal.play import COMMAND_LINES, play_in_terminal  # tests import play_in_terminal here
from capture_lib.search.level_ratings import ratings_text
from capture_lib.search.level_ratings import refusal as level_refusal
from capture_lib.search.levels import LEVEL_NAMES, game_players, player_names

PROG = "capture"
DESCRIPTION = """\
Capture! An interactive rulebook for four tabletop capture games: build the book, play its boards in
JupyterLab or a class's browsers, play in a terminal against the computer, or simulate many games.

From a pip install, book, lab and serve first copy the book's sources into ./capture-book (or the folder
given with --folder) and say where; run later in that folder, anywhere inside it or in the folder above
it, they find it again. The book, lab and serve commands need pip install "capture_lib[book]"."""


def save_game(state: State, path: str | pathlib.Path) -> str:
    """Write ``state``'s whole game to ``path`` (``capture_lib.core.files.save_file``)."""
    return save_file(state, path)


def load_saved(path: str | pathlib.Path, slug: str | None = None) -> State:
    """The game saved in ``path`` (a record or a JSON save); ``slug``, if given, must be its game."""
    return load_file(path, load_game, slug)


# ----- argument types: each says in one line what it wants ---------------------------------------------------
def count(what: str, least: int = 1, most: int | None = None, why: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number of ``what``, at least ``least`` and, if given, at most ``most`` (``why``
    says why, in the message)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} is a whole number, not {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{what} is a whole number from {least} up, not {value}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"{what} is a whole number from {least} to {most:,}, not {value:,}"
                                             + (f": {why}" if why else ""))
        return value

    parse.__name__ = what  # argparse names the type in its own messages
    return parse


def seed_value(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 to 2**64 - 1."""
    try:
        return check_seed(int(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to 2**64 - 1, not {text!r}") from None


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 1 to 65535."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, not {text!r}")
    return value


def listen_address(text: str) -> str:
    """An argparse type: an IP address to listen on (``localhost`` too)."""
    if text == "localhost":
        return "127.0.0.1"
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"the address to listen on is an IP address such as 127.0.0.1 (this "
                                         f"machine only) or 0.0.0.0 (every network it is on), not {text!r}") from None


def option_pair(text: str) -> tuple[str, Any]:
    """An argparse type: ``NAME=VALUE``, a game option; the value is read as JSON where it is JSON
    (``3``, ``true``, ``False``), else taken as text."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE (e.g. aces=False), not {text!r}")
    try:
        parsed = json.loads(value.replace("True", "true").replace("False", "false"))
    except json.JSONDecodeError:
        parsed = value
    return name.strip(), parsed


def folder_path(text: str) -> pathlib.Path:
    """An argparse type: a folder (it may not exist yet, but it is not a file)."""
    path = pathlib.Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    return path


def readable_file(text: str) -> pathlib.Path:
    """An argparse type: a file that exists."""
    path = pathlib.Path(text).expanduser()
    if not path.is_file():
        why = "it is a folder" if path.exists() else "no such file"
        raise argparse.ArgumentTypeError(f"cannot read {text}: {why}")
    return path


def writable_file(text: str) -> pathlib.Path:
    """An argparse type: a file to write, in a folder that exists."""
    path = pathlib.Path(text).expanduser()
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder: name a file to write")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"there is no folder {path.parent} to write {path.name} in")
    return path


def class_file(text: str) -> pathlib.Path:
    """An argparse type: the class's SQLite file, in a folder that exists.

    A folder that does not exist is refused rather than made: a teacher who names the file means that place,
    and a mistyped folder would otherwise put the class, which the next lesson goes on with, somewhere nobody
    looks (as ``simulate --out``; the default file's folder is this program's own, and is made)."""
    path = pathlib.Path(text).expanduser()
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder: name the class's file in it, such as "
                                         f"{path / 'class.sqlite3'}")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"there is no folder {path.parent} for the class's file {path.name}: make "
                                         f"it first (mkdir -p {path.parent}) or name a file in a folder that exists")
    return path


#: The longest class name ``capture class --name`` takes (the console's heading and the results' file name).
CLASS_NAME_CHARS = 40


def class_name(text: str) -> str:
    """An argparse type: a class's name, its spaces trimmed and joined, 1 to ``CLASS_NAME_CHARS`` printable
    characters (so ``--name "7b "`` next week is the same class as ``--name 7b``)."""
    name = " ".join(text.split())
    if not name:
        raise argparse.ArgumentTypeError("the class's name is a word or a few, such as 7b, not empty")
    if len(name) > CLASS_NAME_CHARS:
        raise argparse.ArgumentTypeError(f"the class's name has at most {CLASS_NAME_CHARS} characters, not "
                                         f"{len(name)}")
    if not name.isprintable():
        raise argparse.ArgumentTypeError("the class's name is letters, digits, spaces and punctuation, without "
                                         "control characters")
    return name


#: The ways a Dask scheduler's address may begin (``tcp://`` when none is written).
SCHEDULER_SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")


def scheduler_address(text: str) -> str:
    """An argparse type: a Dask scheduler's address, ``tcp://HOST:PORT`` as ``dask scheduler`` prints it
    (``HOST:PORT`` and ``tls://`` too); whether one answers there is found when it is connected to."""
    parsed = urllib.parse.urlsplit(text if "://" in text else f"tcp://{text}")
    try:
        port = parsed.port
    except ValueError:
        port = 0
    if parsed.scheme not in SCHEDULER_SCHEMES or not parsed.hostname or parsed.path.strip("/") or \
            parsed.query or port == 0:
        raise argparse.ArgumentTypeError(f"the scheduler's address is tcp://HOST:PORT, as dask scheduler prints it "
                                         f"(such as tcp://10.0.0.5:8786), not {text!r}")
    return text


def token_word(text: str) -> str:
    """An argparse type: a token, one word."""
    if not text or any(c.isspace() for c in text):
        raise argparse.ArgumentTypeError("the token is one word, without spaces")
    return text


# ----- subcommands ---------------------------------------------------------------------------------------
Runner = Callable[[argparse.Namespace, argparse.ArgumentParser], int]


@dataclass(frozen=True)
class Subcommand:
    """One subcommand of ``capture``: what ``capture --help`` says of it, its own help (a description and
    examples), the arguments it takes (``arguments`` adds them to its parser) and what runs it (``run``,
    which calls ``parser.error`` for an argument that only the game can judge)."""

    name: str
    summary: str
    description: str
    examples: tuple[str, ...]
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Runner
    #: Arguments not its own are handed on (``capture lab``: JupyterLab's options) rather than refused.
    passes_on: bool = False


FOLDER_HELP = ("the book's folder (default: the book this folder is in or holds as ./capture-book, else the "
               "checkout; from a pip install the book's sources are copied into ./capture-book first)")


def _folder(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--folder", type=folder_path, default=None, metavar="DIR", help=FOLDER_HELP)


def _root(args: argparse.Namespace, parser: argparse.ArgumentParser) -> pathlib.Path:
    """The book's folder for ``args.folder``: copied there first from a pip install (``project_root``)."""
    try:
        return project_root(args.folder)
    except sources.NoBook as err:
        parser.error(str(err.code).removeprefix("capture: "))
        raise  # not reached: parser.error exits


# -- book
def _book_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--strict", action="store_true", help="fail on any Sphinx warning")
    _folder(parser)


def _book(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    needs("jupyter_book", "capture book")  # before anything is copied
    root = _root(args, parser)
    index = build_book(strict=args.strict, root=root)
    serve = "capture serve" + (f" --folder {root}" if args.folder is not None else "")
    print(f"The book is built. For live boards, serve it and open the address it prints: {serve}\n"
          f"(Opened as a file, {index.as_uri()}, its boards only step through pictures.)")
    return 0


# -- lab
def lab_notebooks(folder: str | os.PathLike[str] | None = None) -> pathlib.Path:
    """The folder of working copies that ``capture lab`` opens: the book's pages copied under
    ``<book folder>/_build/lab`` and kept in step with the book (``capture_lib.bookkit.sources.lab_copies``),
    so that playing never changes the book's own notebooks."""
    root = project_root(folder)
    synced = sources.lab_copies(root)
    if synced.changed:
        print(f"Working copies of the book's notebooks for JupyterLab: {synced.summary()}", flush=True)
    return synced.folder / "book"


def running_as_root() -> bool:
    """Whether this process runs as root (JupyterLab refuses to, unless told ``--allow-root``)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def lab_command(extra: Sequence[str] = (), notebooks: pathlib.Path | None = None) -> list[str]:
    """The JupyterLab command line of ``capture lab``: the working copies' folder and its settings, then
    ``extra`` as given.

    ``notebooks`` is that folder (default ``lab_notebooks()``). ``extra`` is what followed ``capture lab``
    on the command line; a leading ``--`` (which separates JupyterLab's options from ours) is dropped
    rather than handed on, where JupyterLab would stop reading options at it. As root, ``--allow-root``
    goes first (JupyterLab stops at "Running as root is not recommended" without it). JupyterLab's
    application settings are ``capture_lib.hosts.lab.lab_settings``'s: its own, and widget state saved
    with every notebook, so that a played board keeps its position in the file.
    """
    from capture_lib.hosts.lab import lab_settings

    extra = list(extra)
    if extra[:1] == ["--"]:
        extra = extra[1:]
    notebooks = notebooks if notebooks is not None else lab_notebooks()
    root = ["--allow-root"] if running_as_root() and "--allow-root" not in extra else []
    settings = lab_settings(notebooks.parent / "settings")
    return [sys.executable, "-m", "jupyterlab", *root, f"--LabApp.app_settings_dir={settings}",
            f"--notebook-dir={notebooks}", *extra]


def _lab_arguments(parser: argparse.ArgumentParser) -> None:
    _folder(parser)
    parser.add_argument("extra", nargs=argparse.REMAINDER, metavar="-- JUPYTERLAB_OPTIONS",
                        help="options for JupyterLab itself, after --: capture lab -- --port 9999 --no-browser")


def _lab(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    needs("jupyterlab", "capture lab")
    root = _root(args, parser)
    command = lab_command(args.extra, lab_notebooks(root))
    if running_as_root() and "--allow-root" not in args.extra:
        print("capture lab runs as root here, so JupyterLab is started with --allow-root (it refuses root "
              "otherwise); where you can, run it as an ordinary user.", file=sys.stderr, flush=True)
    # The chapter of numbers, run in JupyterLab, reads this book's stored games.
    os.environ[places.RESULTS_ENV] = str(root / "results")
    os.execvp(command[0], command)
    return 0  # not reached


# -- play and simulate: a game's options and players
def _game_options(game: Game, pairs: Sequence[tuple[str, Any]], parser: argparse.ArgumentParser,
                  players: int | None = None) -> dict[str, Any]:
    """The options ``--option`` gave (and ``--players``, for a game whose number of players is an option),
    checked by the game; ``parser.error`` for a bad one."""
    options: dict[str, Any] = {}
    for name, value in pairs:
        if name in options and options[name] != value:
            parser.error(f"--option {name} is given twice ({options[name]!r} and {value!r}): give it once")
        options[name] = value
    if players is not None:
        choices = next((o.choices for o in game.options if o.name == "players"), None)
        if choices is None:
            if game.min_players != players or game.max_players != players:
                parser.error(f"{game.slug} is a game for {game.min_players} players, not {players}")
        elif "players" in options and options["players"] != players:
            parser.error(f"--players {players} and --option players={options['players']} disagree")
        else:
            options["players"] = players
    try:
        game.resolve_options(options)
    except ValueError as err:
        parser.error(str(err))
    return options


def _seats(game: Game, options: dict[str, Any]) -> int:
    return game.new_game(seed=0, **options).num_players


def _play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", choices=list_games(), help="the game (not needed with --load)")
    parser.add_argument("--seat", type=count("the seat", 0), default=0,
                        help="your seat: 0 plays first (default), up to the number of players less one")
    parser.add_argument("--players", type=count("the number of players", 2), default=None, metavar="N",
                        help="how many play, you and the computer (Capture the Commander: 2 to 4; Medieval "
                             "Capture: 2 or 4)")
    parser.add_argument("--option", type=option_pair, action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, e.g. aces=False or hands=3 (repeatable; the book's Rulings and "
                             "variants pages name them)")
    parser.add_argument("--seed", type=seed_value, default=None,
                        help="fix the shuffle and every chance event (a new game: the kept one is not offered)")
    parser.add_argument("--load", type=readable_file, default=None, metavar="FILE",
                        help="go on with the game saved in FILE: a record or a JSON save (type 'save FILE' in a game)")
    parser.add_argument("--level", default="rule", choices=list(LEVEL_NAMES),
                        help="the computer's strength (rule: the simple rule-based player, the default); "
                             + (ratings_text() or "see the book's numbers chapter"))


def _play(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    state = None
    if args.load is not None:
        given = [name for name, value in (("--seed", args.seed), ("--players", args.players),
                                          ("--option", args.option or None)) if value is not None]
        if given:
            parser.error(f"{' and '.join(given)} and --load do not go together: a saved game keeps its own")
        try:
            state = load_saved(args.load, args.game)
        except ValueError as err:
            parser.error(f"{args.load} is not a game to go on with: {err}")
        slug, seats, options = state.game.slug, state.num_players, None
    elif args.game is None:
        parser.error("play needs a game (one of: " + ", ".join(list_games()) + ") or --load FILE")
    else:
        slug = args.game
        game = load_game(slug)
        options = _game_options(game, args.option, parser, args.players)
        seats = _seats(game, options)
    if args.seat >= seats:
        parser.error(f"no seat {args.seat} in this game: seats are 0 to {seats - 1}")
    refused = level_refusal(slug, args.level)  # the levels the chooser offers, as every board offers them
    if refused:
        parser.error(refused)
    play_in_terminal(slug, seat=args.seat, seed=args.seed, level=args.level, state=state, options=options)
    return 0


#: The most games one ``capture simulate`` plays, and why.
MAX_GAMES = 1_000_000
GAMES_WHY = ("every game's record is held in memory until the run ends; play more as several runs, each "
             "with --seed where the last one ended")
#: The most local processes ``capture simulate --workers`` starts for each core of the machine.
WORKERS_PER_CORE = 4


def _simulate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=list_games())
    parser.add_argument("--games", type=count("the number of games", most=MAX_GAMES, why=GAMES_WHY), default=100,
                        help=f"how many games (default 100, at most {MAX_GAMES:,} a run)")
    parser.add_argument("--players", nargs="+", default=None, metavar="PLAYER",
                        help="one computer player per seat, first seat first: " + ", ".join(player_names())
                             + " (default: rule in every seat); for a game of 2 to 4 players, as many as play")
    parser.add_argument("--seed", type=seed_value, default=0, help="game i uses seed SEED + i (default 0)")
    cores = os.cpu_count() or 1
    parser.add_argument("--workers", type=count("the number of workers", most=WORKERS_PER_CORE * cores,
                                                why=f"{WORKERS_PER_CORE} for each of this machine's {cores} cores; "
                                                    "each game keeps a core busy, so more processes only wait for "
                                                    "one, each with its own memory"),
                        default=None,
                        help=f"local processes (default: one per core; at most {WORKERS_PER_CORE} a core)")
    parser.add_argument("--scheduler", type=scheduler_address, default=None, metavar="ADDRESS",
                        help='run the games on the Dask scheduler at ADDRESS (tcp://HOST:8786) instead of local '
                             'processes; needs pip install "capture_lib[cluster]"')
    parser.add_argument("--option", type=option_pair, action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, e.g. aces=False (repeatable)")
    parser.add_argument("--out", type=writable_file, default=None, metavar="FILE",
                        help="write the records to this JSON-lines file")
    parser.add_argument("--no-progress", dest="progress", action="store_false",
                        help="no progress bar (by default one shows while the games run, in a terminal)")


def _simulate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    import contextlib

    from capture_lib.experiments.cluster import ClusterError, executor_for
    from capture_lib.experiments.simulate import run_games, save, win_rate

    game = load_game(args.game)
    known = player_names()
    own = game_players()
    for name in args.players or ():
        if name not in known:
            parser.error(f"no computer player is called {name!r}; the players are {', '.join(known)}")
        if name in own and args.game not in own[name]:
            parser.error(f"the player {name!r} plays only {', '.join(own[name])}, not {args.game}")
    options = _game_options(game, args.option, parser)
    seats = _seats(game, options)
    players = args.players or ["rule"] * seats
    if len(players) != seats:
        if "players" in options or not any(o.name == "players" for o in game.options):
            parser.error(f"this game has {seats} seats: give --players one player for each, not {len(players)}")
        options = _game_options(game, args.option, parser, len(players))  # Capture the Commander for 3
        seats = _seats(game, options)
    last = args.seed + args.games - 1
    if last >= SEED_LIMIT:
        parser.error(f"--seed {args.seed} with --games {args.games} would end on seed {last}: a seed is a whole "
                     f"number from 0 to 2**64 - 1, not {last}")
    if args.scheduler and args.workers is not None:
        parser.error("--workers sizes the local process pool; a cluster's workers are set where they are started "
                     "(dask worker ... --nworkers N)")
    progress = args.progress and sys.stderr.isatty()
    with contextlib.ExitStack() as stack:
        try:  # only the executor's own set-up: an error in a game keeps its traceback
            pool = stack.enter_context(executor_for(args.scheduler, args.workers))
        except (ClusterError, ValueError) as err:
            parser.error(str(err))
        records = run_games(args.game, args.games, players, seed=args.seed, options=options,
                            executor=pool, progress=progress)
    for seat, name in enumerate(players):
        p, low, high, n = win_rate(records, seat)
        print(f"seat {seat} ({name}): wins {p:.1%} of {n} games (95% interval {low:.1%} to {high:.1%})")
    if args.out:
        save(records, args.out, {"game": args.game, "players": players, "seed": args.seed,
                                 "games": args.games, "options": options})
        print(f"records written to {args.out}")
    return 0


# -- games
def _games(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    for slug in list_games():
        game = load_game(slug)
        players = (f"{game.min_players}" if game.min_players == game.max_players
                   else f"{game.min_players} to {game.max_players}")
        print(f"{slug}: {game.title} ({players} players)")
    return 0


# -- serve
def _port_free(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """``parser.error`` unless ``args.ip``:``args.port`` can be listened on (checked before anything is built)."""
    from capture_lib.classroom.voila import port_taken

    taken = port_taken(args.ip, args.port)
    if taken:
        # No port at all on that address: the address is not this machine's, whatever the port.
        fix = "give --ip an address of this machine" if port_taken(args.ip, 0) else "choose another --port"
        parser.error(f"cannot listen on {args.ip}:{args.port} ({taken}); {fix}")


def built_html(folder: str | os.PathLike[str] | None = None) -> pathlib.Path:
    """The built HTML book that ``capture serve`` serves: the book folder's ``_build/html``, built first (with a
    line saying why) when it is not built yet, or was built by another capture_lib or from older sources
    (``capture_lib.bookkit.build.stale``)."""
    root = project_root(folder)
    why = stale(root)
    if why:
        needs("jupyter_book", "capture serve")
        print(f"The book in {root} must be built before it is served: {why}. Building it now (a few minutes; "
              "capture book does only this).", flush=True)
        build_book(root=root)
    return root / "_build" / "html"


def _serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=port_number, default=8866, help="the port to listen on (default 8866)")
    _folder(parser)
    parser.add_argument("--ip", type=listen_address, default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every "
                             "network this machine is on)")
    parser.add_argument("--open", action="store_true", help="open the front page in this machine's browser")
    voila = parser.add_argument_group("Voila, for notebooks that need a Python kernel on this machine")
    voila.add_argument("--voila", action="store_true",
                       help="serve the play notebooks in Voila instead, a Python kernel per page")
    voila.add_argument("--token", type=token_word, default=None,
                       help="the word every player needs (default: $CAPTURE_TOKEN, else a new random one); "
                            "other users of this machine can read a command line, so prefer "
                            "CAPTURE_TOKEN=WORD capture serve --voila")
    voila.add_argument("--max-pages", type=count("the most pages open at once"), default=None, metavar="N",
                       help="the most pages open at once in the class, each a Python kernel (default 40)")
    voila.add_argument("--pages-per-student", type=count("the most pages of one student"), default=None, metavar="N",
                       help="the most pages one student's browser keeps open (default 3)")


def _serve(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if not args.voila:
        from capture_lib.classroom.static import serve_book

        voila_only = [name for name, value in (("--token", args.token), ("--max-pages", args.max_pages),
                                               ("--pages-per-student", args.pages_per_student)) if value is not None]
        if voila_only:
            parser.error(f"{', '.join(voila_only)} {'is' if len(voila_only) == 1 else 'are'} Voila's: add --voila")
        needs("tornado", "capture serve")  # the book's server (capture_lib.classroom.web) runs on Tornado
        _port_free(args, parser)  # before a build of minutes, not after it
        found = sources.find_book(args.folder)
        if found is None or stale(found):
            needs("jupyter_book", "capture serve")  # said before anything is copied or built
        return serve_book(port=args.port, ip=args.ip, open_browser=args.open,
                          html=built_html(_root(args, parser)))
    from capture_lib.classroom.voila import MAX_PAGES, PAGES_PER_STUDENT, serve

    needs("voila", "capture serve --voila")
    # The arguments themselves first: what the command line says wrong does not depend on this machine.
    max_pages = args.max_pages if args.max_pages is not None else MAX_PAGES
    per_student = args.pages_per_student if args.pages_per_student is not None else PAGES_PER_STUDENT
    if per_student > max_pages:
        parser.error(f"--pages-per-student {per_student} is more than the class's --max-pages {max_pages}")
    _port_free(args, parser)
    book_dir = _root(args, parser) / "book"
    if args.token:
        print("Note: a token given with --token can be read by other users of this machine; "
              "CAPTURE_TOKEN=WORD capture serve --voila keeps it private.", file=sys.stderr)
    return serve(port=args.port, ip=args.ip, token=args.token, open_browser=args.open, book=book_dir,
                 max_pages=max_pages, pages_per_student=per_student)


# -- class
def _class_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=port_number, default=8866, help="the port to listen on (default 8866)")
    parser.add_argument("--ip", type=listen_address, default="0.0.0.0",
                        help="the address to listen on (default 0.0.0.0: every network of this machine, so the "
                             "class's devices can join; 127.0.0.1: this machine only)")
    _folder(parser)
    parser.add_argument("--db", type=class_file, default=None, metavar="FILE",
                        help="the class's file, in a folder that exists (default: $CAPTURE_CLASS_DB, else "
                             "~/.local/share/capture/class.sqlite3)")
    parser.add_argument("--name", type=class_name, default="class",
                        help="the class's name: one file keeps several classes (default 'class')")
    parser.add_argument("--new", action="store_true",
                        help="start a new class of that name (a new code and teacher's link); the old one's "
                             "results stay")
    parser.add_argument("--without-book", action="store_true",
                        help="serve the class pages only, not the book (no build needed; tables and shown positions "
                             "work, the book's courses and exercises do not)")
    parser.add_argument("--open", action="store_true", help="open the teacher's console in this machine's browser")


def _class(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run ``capture class`` (see ``capture_lib.classroom.server``)."""
    import importlib.util

    if importlib.util.find_spec("tornado") is None:
        raise SystemExit('capture class needs Tornado, which is not installed here: pip install "capture_lib[class]"')
    from capture_lib.classroom.server import serve_class
    from capture_lib.classroom.store import StoreError

    if args.without_book and args.folder is not None:
        parser.error("--folder names the book to serve, and --without-book serves none: give one of them")
    _port_free(args, parser)
    db = _class_db(args, parser)
    html = None if args.without_book else built_html(_root(args, parser))
    try:
        return serve_class(db, port=args.port, ip=args.ip, html=html, name=args.name, new=args.new,
                           open_browser=args.open)
    except StoreError as err:  # the disk refused a write while the class ran
        raise SystemExit(f"capture class: {err}") from None


def _class_db(args: argparse.Namespace, parser: argparse.ArgumentParser) -> pathlib.Path:
    """The class's file (``--db``, else the default), opened once before anything starts, so that a file that is
    not a class file, or one that cannot be made, is said under the usage (``parser.error``)."""
    from capture_lib.classroom.store import ClassStore, StoreError, default_path

    db = args.db if args.db is not None else default_path()
    try:
        ClassStore(db).close()  # a new file is made here (and the default's folder), as the server would
    except StoreError as err:
        parser.error(str(err))
    except OSError as err:
        parser.error(f"cannot make the class's file {db}: {err.strerror or err}")
    return db


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    pass


#: The subcommands, in the order ``capture --help`` lists them. ``register`` adds one.
SUBCOMMANDS: list[Subcommand] = [
    Subcommand("book", "build the HTML book",
               "Build the HTML book (the first time from a pip install: copy its sources into ./capture-book). "
               "Serve it with capture serve for live boards.",
               ("capture book", "capture book --folder ~/capture-book --strict"), _book_arguments, _book),
    Subcommand("lab", "open working copies of the book's notebooks in JupyterLab",
               "Open JupyterLab on working copies of the book's notebooks (under _build/lab), so that playing "
               "never changes the book's own. Run a chapter (Run > Run All Cells) and every board is live; "
               "saving the notebook keeps each board's position in it.",
               ("capture lab", "capture lab -- --port 9999 --no-browser"), _lab_arguments, _lab, passes_on=True),
    Subcommand("play", "play a game in the terminal against the computer",
               "Play a game at a prompt in this terminal against the computer. Without --seed or --load, a game "
               "left unfinished here is offered first. At the prompt:\n  "
               + "\n  ".join(COMMAND_LINES)
               + "\nTab completes moves and commands; the arrows recall earlier lines; Ctrl-C offers to save "
                 "the game, Ctrl-D leaves it kept.",
               ("capture play card-commander", "capture play capture-the-commander --players 3 --level easy",
                "capture play medieval-capture --option crowns_to_win=2 --seat 1", "capture play --load game.txt"),
               _play_arguments, _play),
    Subcommand("simulate", "play many seeded games between computer players",
               "Play many seeded games between computer players, in parallel (local processes, or a Dask "
               "cluster's workers), and print each seat's share of wins with its 95% interval.",
               ("capture simulate card-commander --games 1000 --players hard rule",
                "capture simulate capture-the-commander --players rule rule random --out runs.jsonl"),
               _simulate_arguments, _simulate),
    Subcommand("games", "list the games", "List the games: each one's name for the other commands, its title "
               "and its number of players.", ("capture games",), _no_arguments, _games),
    Subcommand("serve", "serve the built live book to a class (--voila: Voila)",
               "Serve the live book to a class: static files, each student's browser running the engine (it "
               "is built first when it is not, or was built by another capture_lib). With --voila, the play "
               "notebooks in Voila instead, a Python kernel on this machine per page, guarded by a token.",
               ("capture serve", "capture serve --ip 0.0.0.0 --port 8000",
                "CAPTURE_TOKEN=castle capture serve --voila --ip 0.0.0.0"), _serve_arguments, _serve),
    Subcommand("class", "run a class: students join with a code and play each other on their own devices",
               "Run a class on this machine: it prints the address students open, a short class code and the "
               "teacher's console link (a secret after #). Students join with the code and a name they type; "
               "pairs play each other at tables, each device sent only its own seat's view; the console shows "
               "who is online, each student's progress and the tables, and puts a position on every screen. "
               "The class is kept in one SQLite file, so a restart loses nothing.",
               ("capture class", "capture class --new --name 7b", "capture class --without-book --port 8000"),
               _class_arguments, _class),
]


def register(subcommand: Subcommand) -> None:
    """Add ``subcommand`` to ``capture`` (replacing one of the same name)."""
    SUBCOMMANDS[:] = [s for s in SUBCOMMANDS if s.name != subcommand.name] + [subcommand]


def build_parser() -> argparse.ArgumentParser:
    """The ``capture`` command's parser: one subparser per ``SUBCOMMANDS`` entry, each with its own usage,
    description and examples."""
    listing = "\n".join(f"  {s.name:<10}{s.summary}" for s in SUBCOMMANDS)
    parser = argparse.ArgumentParser(
        prog=PROG, description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=f"commands:\n{listing}\n\n'{PROG} COMMAND --help' says more about each, with examples.")
    parser.add_argument("--version", action="version", version=f"{PROG} (capture_lib) {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True,
                                title="commands", help="one of: " + ", ".join(s.name for s in SUBCOMMANDS))
    for subcommand in SUBCOMMANDS:
        examples = "\n".join(f"  {line}" for line in subcommand.examples)
        child = sub.add_parser(subcommand.name, help=subcommand.summary, description=subcommand.description,
                               epilog=f"examples:\n{examples}", formatter_class=argparse.RawDescriptionHelpFormatter)
        subcommand.arguments(child)
        child.set_defaults(subcommand=subcommand, parser=child)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``capture`` command (and of ``python -m capture_lib``)."""
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    subcommand: Subcommand = args.subcommand
    if rest:
        if not subcommand.passes_on:
            args.parser.error("unrecognized arguments: " + " ".join(rest))
        # JupyterLab's own options given without a "--" in front (capture lab --port 9999) go on as well.
        args.extra = [*rest, *args.extra]
    return subcommand.run(args, args.parser) or 0


if __name__ == "__main__":
    raise SystemExit(main())
