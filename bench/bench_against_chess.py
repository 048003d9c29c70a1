"""The engine against python-chess, side by side in one run: legal actions and random playouts, for Command
Capture and Capture: A Medieval Wargame.

The two measures of ``bench_command_capture.py``, for both of the engine's board games, in one process:

- **legal actions**: positions from random games of each engine (Command Capture: the quick start, every
  pairing of armies; Medieval: a new game, set-up included; chess: the standard start), and for each the
  whole list of legal actions, built afresh (the engine's per-state list is cleared first, and Medieval's
  memory of each piece's moves): positions a second. What stays is what python-chess keeps too: the
  position itself (Command Capture's layout of the units, kept by each action as python-chess keeps its
  bitboards) and tables of the rules that no position changes (Command Capture's plans and move tables
  by occupancy, Medieval's trail trees), with the action values both engines make once and hand out
  again (python-chess makes a new ``Move`` for each move each time);
- **random playouts**: whole random games the way a search's rollouts play them, each step a uniform
  choice among the legal actions (the pending chance outcome drawn by its probability in Medieval), played
  by the engine's own path for a search (``after``: ``play`` without the legality check, as python-chess's
  ``push`` checks nothing), until the game ends or ``--plies`` steps: steps a second. The same games
  through the checked ``play`` are timed too, for a second figure.

Every figure is this process's processor time (``time.process_time``), so other processes on a shared
machine count against neither side, and the engines take turns part by part (100 positions, or one game).
Each ratio is the median of the runs' ratios, engine over python-chess, so above 1 the engine is faster.

    python bench/bench_against_chess.py [--positions N] [--playouts P] [--runs R] [--plies L]
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import statistics
import time
from collections.abc import Callable

import chess

from capture_lib import CHANCE, load_game
from capture_lib.core.chance import pick_outcome

ARMIES = ("rome", "egypt", "vikings")
PAIRINGS = tuple(itertools.product(ARMIES, ARMIES))


def new_state(slug: str, number: int):
    """Random game ``number``'s start: Command Capture's quick start (armies by turn, the Assassins placed by
    chance, at most 100 turns), or a new Medieval game."""
    game = load_game(slug)
    if slug == "command-capture":
        blue, red = PAIRINGS[number % len(PAIRINGS)]
        return game.new_game(seed=number, blue=blue, red=red, turn_limit=100, setup="quick").resolve_chance()
    return game.new_game(seed=number)


def step(state, rng: random.Random, checked: bool):
    """One random step: the chance outcome by its probability, else a uniform legal action."""
    if state.current_player == CHANCE:
        action = pick_outcome(state.chance_outcomes(), rng)
        return state.play(action) if checked else state.after(action)
    action = rng.choice(state.legal_actions())
    return state.play(action) if checked else state.after(action)


def positions(slug: str, count: int, rng: random.Random) -> list:
    """``count`` positions with a seat to act, from random games of ``slug``."""
    out: list = []
    number = 0
    while len(out) < count:
        state = new_state(slug, rng.randrange(2**32))
        number += 1
        while not state.is_over and len(out) < count:
            if state.current_player != CHANCE and rng.random() < 0.3:
                out.append(state)
            state = step(state, rng, checked=True)
    return out


def forget(states: list) -> None:
    """Clear what each state (and Medieval's shared memory of moves) kept of its legal actions."""
    for state in states:
        for name in ("_legal", "_legal_set", "_legal_cache"):
            if name in state.__dict__:
                setattr(state, name, None)
        cfg = getattr(state, "cfg", None)
        if cfg is not None:
            cfg.moves_seen.clear()


def time_engine(states: list) -> tuple[float, int]:
    """Seconds to list every legal action of ``states``, and how many."""
    forget(states)
    start = time.process_time()
    for state in states:
        state.legal_actions()
    return time.process_time() - start, len(states)


def chess_positions(count: int, rng: random.Random) -> list[chess.Board]:
    """``count`` positions from random chess games (copies, so each is a fixed position)."""
    out: list[chess.Board] = []
    while len(out) < count:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.fullmove_number < 150 and len(out) < count:
            if rng.random() < 0.3:
                out.append(board.copy(stack=False))
            board.push(rng.choice(list(board.legal_moves)))
    return out


def time_chess(boards: list[chess.Board]) -> tuple[float, int]:
    """Seconds to list every legal move of ``boards`` with python-chess, and how many."""
    start = time.process_time()
    for board in boards:
        list(board.legal_moves)
    return time.process_time() - start, len(boards)


def engine_playout(slug: str, number: int, plies: int, checked: bool) -> tuple[float, int]:
    """Seconds for random game ``number`` of ``slug`` (at most ``plies`` steps) and its steps."""
    rng = random.Random(f"bench/{slug}/playout/{number}")
    state = new_state(slug, number)
    start = time.process_time()
    steps = 0
    while not state.is_over and steps < plies:
        state = step(state, rng, checked)
        steps += 1
    return time.process_time() - start, steps


def chess_playout(number: int, plies: int) -> tuple[float, int]:
    """Seconds for random chess game ``number`` (until no move is left, at most ``plies``) and its plies."""
    rng = random.Random(f"bench/chess/playout/{number}")
    start = time.process_time()
    board = chess.Board()
    done = 0
    while done < plies:
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
        done += 1
    return time.process_time() - start, done


def side_by_side(engine_parts: list[Callable], chess_parts: list[Callable]) -> tuple[float, float]:
    """Each side's count a second over its timed parts (each returns ``(seconds, count)``), taking turns."""
    totals = [[0.0, 0], [0.0, 0]]
    for i, parts in enumerate(zip(engine_parts, chess_parts, strict=True)):
        for which in ((0, 1) if i % 2 == 0 else (1, 0)):
            seconds, count = parts[which]()
            totals[which][0] += seconds
            totals[which][1] += count
    return totals[0][1] / totals[0][0], totals[1][1] / totals[1][0]


def measure(slug: str, args: argparse.Namespace, boards: list[chess.Board]) -> None:
    """Print one game's figures against python-chess."""
    states = positions(slug, args.positions, random.Random(f"bench/{slug}/positions"))
    chunk = 100
    legal_runs, play_runs, checked_runs = [], [], []
    for run in range(args.runs):
        legal_runs.append(side_by_side(
            [functools.partial(time_engine, states[i:i + chunk]) for i in range(0, len(states), chunk)],
            [functools.partial(time_chess, boards[i:i + chunk]) for i in range(0, len(boards), chunk)]))
        numbers = range(1000 * run, 1000 * run + args.playouts)
        play_runs.append(side_by_side([functools.partial(engine_playout, slug, n, args.plies, False) for n in numbers],
                                      [functools.partial(chess_playout, n, args.plies) for n in numbers]))
        checked_runs.append(side_by_side([functools.partial(engine_playout, slug, n, args.plies, True)
                                          for n in numbers],
                                         [functools.partial(chess_playout, n, args.plies) for n in numbers]))
    mean_actions = statistics.mean(len(s.legal_actions()) for s in states)

    def figure(runs: list[tuple[float, float]]) -> str:
        ratio = statistics.median(r[0] / r[1] for r in runs)
        return (f"{statistics.median(r[0] for r in runs):9.0f} against {statistics.median(r[1] for r in runs):9.0f} "
                f"a second: {ratio:.2f} times python-chess")

    print(f"{slug} ({len(states)} positions, mean {mean_actions:.1f} legal actions; {args.playouts} playouts a run, "
          f"median of {args.runs} runs):", flush=True)
    print(f"  legal actions, positions:       {figure(legal_runs)}")
    print(f"  random playouts, steps (after): {figure(play_runs)}")
    print(f"  random playouts, steps (play):  {figure(checked_runs)}", flush=True)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--playouts", type=int, default=40, help="random games of each engine per run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--plies", type=int, default=100, help="the most steps of a random game")
    parser.add_argument("--games", nargs="+", default=["command-capture", "medieval-capture"])
    args = parser.parse_args()
    boards = chess_positions(args.positions, random.Random("bench/chess/positions"))
    print(f"python-chess {chess.__version__}; each figure in processor time")
    for slug in args.games:
        measure(slug, args, boards)


if __name__ == "__main__":
    main()
