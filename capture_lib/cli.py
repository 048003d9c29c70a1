"""The ``capture`` command: build the book, open it in JupyterLab, play in a terminal.

    capture book            build the HTML book and print where to open it
    capture lab             open working copies of the book's notebooks in JupyterLab
    capture play GAME       play GAME in the terminal against the computer
    capture play --load F   go on with a game saved in F (a record or a JSON save)
    capture serve           serve the built live book to a class (--voila: Voila, guarded by a token)
    capture class           run a class: students join with a code and play each other on their own devices
    capture simulate GAME   play many seeded games between computer players
    capture games           list the games

From a pip install, book, lab and serve first copy the book's sources into a folder (./capture-book
unless --folder names another) and say where; they find it there again the next time.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
from collections.abc import Sequence

from capture_lib import list_games, load_game
from capture_lib.bookkit import sources
from capture_lib.bookkit.build import build_book, needs, project_root
from capture_lib.core import places
from capture_lib.core.files import load_file, save_file
from capture_lib.core.protocol import State
from capture_lib.core.seeds import check_seed
from capture_lib.hosts.terminal.play import play_in_terminal  # noqa: F401  (``capture play``; tests import it here)
from capture_lib.search.level_ratings import ratings_text


def save_game(state: State, path: str | pathlib.Path) -> str:
    """Write ``state``'s whole game to ``path`` (``capture_lib.core.files.save_file``)."""
    return save_file(state, path)


def load_saved(path: str | pathlib.Path, slug: str | None = None) -> State:
    """The game saved in ``path`` (a record or a JSON save); ``slug``, if given, must be its game."""
    return load_file(path, load_game, slug)


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
    """The JupyterLab command line of ``capture lab``: the working copies' folder, then ``extra`` as given.

    ``notebooks`` is that folder (default ``lab_notebooks()``). ``extra`` is what followed ``capture lab``
    on the command line; a leading ``--`` (which separates JupyterLab's options from ours) is dropped
    rather than handed on, where JupyterLab would stop reading options at it. As root, ``--allow-root``
    goes first (JupyterLab stops at "Running as root is not recommended" without it).
    """
    extra = list(extra)
    if extra[:1] == ["--"]:
        extra = extra[1:]
    notebooks = notebooks if notebooks is not None else lab_notebooks()
    root = ["--allow-root"] if running_as_root() and "--allow-root" not in extra else []
    return [sys.executable, "-m", "jupyterlab", *root, f"--notebook-dir={notebooks}", *extra]


def _option_value(text: str) -> object:
    try:
        return json.loads(text.replace("True", "true").replace("False", "false"))
    except json.JSONDecodeError:
        return text


def _simulate(args: argparse.Namespace) -> int:
    import contextlib
    import importlib.util

    from capture_lib.experiments.cluster import ClusterError, executor_for
    from capture_lib.experiments.simulate import run_games, save, win_rate

    options = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"capture: --option needs NAME=VALUE, not {item!r}")
        options[name] = _option_value(value)
    try:
        load_game(args.game).resolve_options(options)
        for seed in (args.seed, args.seed + args.games - 1):  # game i uses seed SEED + i
            check_seed(seed)
    except ValueError as err:
        raise SystemExit(f"capture simulate: {err}") from None
    # The progress bar is tqdm's, which no extra requires: without it the games run unseen.
    progress = importlib.util.find_spec("tqdm") is not None
    with contextlib.ExitStack() as stack:
        try:  # only the executor's own set-up: an error in a game keeps its traceback
            pool = stack.enter_context(executor_for(args.scheduler, args.workers))
        except (ClusterError, ValueError) as err:
            raise SystemExit(f"capture simulate: {err}") from None
        records = run_games(args.game, args.games, args.players, seed=args.seed, options=options,
                            executor=pool, progress=progress)
    for seat, name in enumerate(args.players):
        p, low, high, n = win_rate(records, seat)
        print(f"seat {seat} ({name}): wins {p:.1%} of {n} games (95% interval {low:.1%} to {high:.1%})")
    if args.out:
        save(records, args.out, {"game": args.game, "players": args.players, "seed": args.seed,
                                 "games": args.games, "options": options})
        print(f"records written to {args.out}")
    return 0


def built_html(folder: str | os.PathLike[str] | None = None) -> pathlib.Path:
    """The built HTML book that ``capture serve`` serves: the book folder's ``_build/html``, built first
    (with a line saying so) when it is not built yet."""
    root = project_root(folder)
    html = root / "_build" / "html"
    if not (html / "index.html").is_file():
        print(f"The book in {root} is not built yet: building it first (a few minutes; capture book does "
              "only this).", flush=True)
        build_book(root=root)
    return html


# ----- capture class: a class on the teacher's machine (capture_lib.classroom.server) ---------------------------
def _class_parser(sub: argparse._SubParsersAction, folder_help: str) -> None:
    """The ``capture class`` subcommand's options."""
    parser = sub.add_parser("class", help="run a class: students join with a code and play each other on their own "
                                          "devices; a console for the teacher")
    parser.add_argument("--port", type=int, default=8866, help="the port to listen on (default 8866)")
    parser.add_argument("--ip", default="0.0.0.0",
                        help="the address to listen on (default 0.0.0.0: every network of this machine, so the "
                             "class's devices can join; 127.0.0.1: this machine only)")
    parser.add_argument("--folder", default=None, help=folder_help)
    parser.add_argument("--db", default=None, metavar="FILE",
                        help="the class's file (default: $CAPTURE_CLASS_DB, else ~/.local/share/capture/class.sqlite3)")
    parser.add_argument("--name", default="class", help="the class's name: one file keeps several classes (default "
                                                        "'class')")
    parser.add_argument("--new", action="store_true",
                        help="start a new class of that name (a new code and teacher's link); the old one's "
                             "results stay")
    parser.add_argument("--without-book", action="store_true",
                        help="serve the class pages only, not the book (no build needed; tables and shown positions "
                             "work, the book's courses and exercises do not)")
    parser.add_argument("--open", action="store_true", help="open the teacher's console in this machine's browser")


def _class(args: argparse.Namespace) -> int:
    """Run ``capture class`` (see ``capture_lib.classroom.server``)."""
    import importlib.util

    if importlib.util.find_spec("tornado") is None:
        raise SystemExit('capture class needs Tornado, which is not installed here: pip install "capture_lib[class]"')
    from capture_lib.classroom.server import serve_class
    from capture_lib.classroom.store import StoreError, default_path

    html = None if args.without_book else built_html(args.folder)
    try:
        return serve_class(pathlib.Path(args.db) if args.db else default_path(), port=args.port, ip=args.ip, html=html,
                           name=args.name, new=args.new, open_browser=args.open)
    except StoreError as err:
        raise SystemExit(f"capture class: {err}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``capture`` command."""
    parser = argparse.ArgumentParser(prog="capture", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    folder_help = ("the book's folder (default: this folder or ./capture-book when it holds the book, else the "
                   "checkout; from a pip install the book's sources are copied into ./capture-book first)")
    book = sub.add_parser("book", help="build the HTML book")
    book.add_argument("--strict", action="store_true", help="fail on any Sphinx warning")
    book.add_argument("--folder", default=None, help=folder_help)
    lab = sub.add_parser("lab", help="open working copies of the book's notebooks in JupyterLab")
    lab.add_argument("--folder", default=None, help=folder_help)
    lab.add_argument("extra", nargs=argparse.REMAINDER,
                     help="arguments for JupyterLab itself, after --: capture lab -- --port 9999 --no-browser")
    play = sub.add_parser("play", help="play a game in the terminal against the computer")
    play.add_argument("game", nargs="?", choices=list_games(), help="the game (not needed with --load)")
    play.add_argument("--seat", type=int, default=0, help="your seat (0 plays first)")
    play.add_argument("--seed", type=int, default=None, help="fix the shuffle and every chance event")
    play.add_argument("--load", default=None, metavar="FILE",
                      help="go on with the game saved in FILE: a record or a JSON save (type 'save FILE' in a game)")
    play.add_argument("--level", default="rule", choices=["random", "rule", "easy", "medium", "hard"],
                      help="the computer's strength (rule: the simple rule-based player); "
                           + (ratings_text() or "see the book's numbers chapter"))
    sim = sub.add_parser("simulate", help="play many seeded games between computer players")
    sim.add_argument("game", choices=list_games())
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--players", nargs="+", default=["rule", "rule"],
                     help="one player per seat: random, rule, easy, medium or hard")
    sim.add_argument("--seed", type=int, default=0, help="game i uses seed SEED + i")
    sim.add_argument("--workers", type=int, default=None, help="local processes (default: one per core)")
    sim.add_argument("--scheduler", default=None, metavar="ADDRESS",
                     help='run the games on the Dask scheduler at ADDRESS (tcp://HOST:8786) instead of local '
                          'processes; needs pip install "capture_lib[cluster]"')
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a game option, e.g. aces=False (repeatable)")
    sim.add_argument("--out", default=None, help="write the records to this JSON-lines file")
    sub.add_parser("games", help="list the games")
    serving = sub.add_parser("serve", help="serve the built live book to a class (static files; --voila: Voila)")
    serving.add_argument("--port", type=int, default=8866, help="the port to listen on (default 8866)")
    serving.add_argument("--folder", default=None, help=folder_help)
    serving.add_argument("--voila", action="store_true",
                         help="serve the play notebooks in Voila instead, a Python kernel per page (only for "
                              "notebooks that need one); --token, --max-pages and --pages-per-student go with it")
    serving.add_argument("--ip", default="127.0.0.1",
                         help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every "
                              "network this machine is on)")
    serving.add_argument("--token", default=None,
                         help="the token every player needs (default: $CAPTURE_TOKEN, else a new random one); "
                              "other users of this machine can read a command line, so prefer "
                              "CAPTURE_TOKEN=WORD capture serve")
    serving.add_argument("--open", action="store_true", help="open the game chooser in this machine's browser")
    serving.add_argument("--max-pages", type=int, default=None,
                         help="the most pages open at once in the class, each a Python kernel (default 40)")
    serving.add_argument("--pages-per-student", type=int, default=None,
                         help="the most pages one student's browser keeps open (default 3)")
    _class_parser(sub, folder_help)
    args, rest = parser.parse_known_args(argv)
    if rest:
        if args.command != "lab":
            parser.error("unrecognized arguments: " + " ".join(rest))
        # JupyterLab's own options given without a "--" in front (capture lab --port 9999) go on as well.
        args.extra = [*rest, *args.extra]
    if args.command == "book":
        index = build_book(strict=args.strict, root=project_root(args.folder))
        print(f"The book is built: open {index.as_uri()}, or serve it to a class with capture serve")
    elif args.command == "lab":
        needs("jupyterlab", "capture lab")
        root = project_root(args.folder)
        command = lab_command(args.extra, lab_notebooks(root))
        if running_as_root() and "--allow-root" not in args.extra:
            print("capture lab runs as root here, so JupyterLab is started with --allow-root (it refuses root "
                  "otherwise); where you can, run it as an ordinary user.", file=sys.stderr, flush=True)
        # The chapter of numbers, run in JupyterLab, reads this book's stored games.
        os.environ[places.RESULTS_ENV] = str(root / "results")
        os.execvp(command[0], command)
    elif args.command == "play":
        state = None
        if args.load is not None:
            if args.seed is not None:
                parser.error("--seed and --load do not go together: a saved game keeps its own seed")
            try:
                state = load_saved(args.load, args.game)
            except ValueError as err:
                parser.exit(2, f"capture play: {args.load} is not a game to go on with: {err}\n")
        elif args.game is None:
            parser.error("play needs a game (one of: " + ", ".join(list_games()) + ") or --load FILE")
        else:
            try:
                state = load_game(args.game).new_game(seed=args.seed)
            except ValueError as err:
                parser.error(str(err))
        if not 0 <= args.seat < state.num_players:
            parser.error(f"no seat {args.seat} in this game: seats are 0 to {state.num_players - 1}")
        play_in_terminal(state.game.slug, seat=args.seat, level=args.level, state=state)
    elif args.command == "simulate":
        return _simulate(args)
    elif args.command == "serve" and not args.voila:
        needs("tornado", "capture serve")  # the book's server (capture_lib.classroom.web) runs on Tornado
        from capture_lib.classroom.static import serve_book

        if args.token or args.max_pages is not None or args.pages_per_student is not None:
            parser.error("--token, --max-pages and --pages-per-student are Voila's: add --voila")
        return serve_book(port=args.port, ip=args.ip, open_browser=args.open, html=built_html(args.folder))
    elif args.command == "serve":
        from capture_lib.classroom.voila import serve

        needs("voila", "capture serve --voila")
        book_dir = project_root(args.folder) / "book"
        if args.token:
            print("Note: a token given with --token can be read by other users of this machine; "
                  "CAPTURE_TOKEN=WORD capture serve keeps it private.", file=sys.stderr)
        limits = {name: value for name, value in (("max_pages", args.max_pages),
                                                  ("pages_per_student", args.pages_per_student)) if value is not None}
        return serve(port=args.port, ip=args.ip, token=args.token, open_browser=args.open, book=book_dir, **limits)
    elif args.command == "class":
        return _class(args)
    elif args.command == "games":
        for slug in list_games():
            print(f"{slug}: {load_game(slug).title}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
