"""Command Capture speed: legal action generation per second, against python-chess in the same run.

Positions come from random games of each engine (Command Capture: quick start, every civilization
pairing, random actions; chess: the standard start, random legal moves), skipping finished games.
For each position the full list of legal actions is built: ``legal_actions()`` for Command Capture
(its per-state cache is cleared first, so every call really generates) and ``list(board.legal_moves)``
for python-chess. Random playouts time whole random games the way a search's rollouts play them:
Command Capture from the quick start (both Assassins placed by chance, every civilization pairing,
``turn_limit=100``), each ply ``rng.choice(state.legal_actions())`` then ``state.play``; chess from the
standard start, each ply ``board.push(rng.choice(list(board.legal_moves)))``, until no move is left
or 100 plies are played (a cheap end test, as Command Capture's ``is_over`` is). Every figure is
timed in this process's CPU seconds (``time.process_time``), so other processes on a shared machine
do not count against either engine, and within each run the two engines take turns, 100 positions
or one game at a time. Figures are medians over the runs, and the ratios are the medians of each
run's ratio. The last line gives the speed of complete random games.

    python bench/bench_command_capture.py [--positions N] [--runs R] [--games G] [--playouts P]
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import statistics
import time

import chess

from capture_lib import CHANCE, load_game

CIVS = ("rome", "egypt", "vikings")
PAIRINGS = tuple(itertools.product(CIVS, CIVS))


def cc_positions(game, count: int, rng: random.Random) -> list:
    """``count`` positions in play from random Command Capture games over every pairing."""
    out = []
    pairings = itertools.cycle(PAIRINGS)
    while len(out) < count:
        blue, red = next(pairings)
        state = game.new_game(seed=rng.randrange(2**32), blue=blue, red=red, turn_limit=200, setup="quick")
        while not state.is_over and len(out) < count:
            if state.current_player == CHANCE:
                state = state.play(rng.choice(state.chance_outcomes())[0])
                continue
            if rng.random() < 0.3:
                out.append(state)
            state = state.play(rng.choice(state.legal_actions()))
    return out


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


def time_cc(positions: list) -> tuple[float, int]:
    """Seconds to list every legal action of ``positions`` in Command Capture, and how many positions."""
    for state in positions:
        state._legal = None  # the state caches its list: clear it so generation is timed
    start = time.process_time()
    for state in positions:
        state.legal_actions()
    return time.process_time() - start, len(positions)


def time_chess(boards: list[chess.Board]) -> tuple[float, int]:
    """Seconds to list every legal move of ``boards`` with python-chess, and how many positions."""
    start = time.process_time()
    for board in boards:
        list(board.legal_moves)
    return time.process_time() - start, len(boards)


def time_games(game, games: int) -> tuple[float, float]:
    """Complete random games per second (turn_limit=100) and actions played per second."""
    rng = random.Random("bench/cc/games")
    start = time.process_time()
    played = 0
    for number in range(games):
        blue, red = CIVS[number % 3], CIVS[number // 3 % 3]
        state = game.new_game(seed=number, blue=blue, red=red, turn_limit=100, setup="quick").resolve_chance()
        while not state.is_over:
            state = state.play(rng.choice(state.legal_actions()))
            played += 1
    elapsed = time.process_time() - start
    return games / elapsed, played / elapsed


def cc_playout(game, number: int) -> tuple[float, int]:
    """Seconds for random Command Capture game ``number`` (quick start, ``turn_limit=100``) and its plies."""
    blue, red = PAIRINGS[number % len(PAIRINGS)]
    rng = random.Random(f"bench/cc/playout/{number}")
    start = time.process_time()
    state = game.new_game(seed=number, blue=blue, red=red, turn_limit=100, setup="quick").resolve_chance()
    plies = 0
    while not state.is_over:
        state = state.play(rng.choice(state.legal_actions()))
        plies += 1
    return time.process_time() - start, plies


def chess_playout(number: int) -> tuple[float, int]:
    """Seconds for random chess game ``number`` (until no move is left, at most 100 plies) and its plies."""
    rng = random.Random(f"bench/chess/playout/{number}")
    start = time.process_time()
    board = chess.Board()
    plies = 0
    while plies < 100:
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
        plies += 1
    return time.process_time() - start, plies


def side_by_side(cc_parts: list, chess_parts: list) -> tuple[float, float]:
    """Each engine's count per second over two lists of timed parts (each returns ``(seconds, count)``),
    the engines taking turns part by part."""
    totals = [[0.0, 0], [0.0, 0]]
    for i, parts in enumerate(zip(cc_parts, chess_parts, strict=True)):
        for which in ((0, 1) if i % 2 == 0 else (1, 0)):
            seconds, count = parts[which]()
            totals[which][0] += seconds
            totals[which][1] += count
    return totals[0][1] / totals[0][0], totals[1][1] / totals[1][0]


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--playouts", type=int, default=60, help="random games of each engine per run")
    args = parser.parse_args()
    game = load_game("command-capture")
    rng = random.Random("bench/cc/positions")
    cc = cc_positions(game, args.positions, rng)
    boards = chess_positions(args.positions, rng)
    chunk = 100  # positions timed at a time, alternately for each engine
    pos_runs, play_runs = [], []
    for run in range(args.runs):
        pos_runs.append(side_by_side(
            [functools.partial(time_cc, cc[i:i + chunk]) for i in range(0, len(cc), chunk)],
            [functools.partial(time_chess, boards[i:i + chunk]) for i in range(0, len(boards), chunk)]))
        numbers = range(1000 * run, 1000 * run + args.playouts)
        play_runs.append(side_by_side([functools.partial(cc_playout, game, n) for n in numbers],
                                      [functools.partial(chess_playout, n) for n in numbers]))
    cc_pos, ch_pos = (statistics.median(r[k] for r in pos_runs) for k in (0, 1))
    cc_plies, ch_plies = (statistics.median(r[k] for r in play_runs) for k in (0, 1))
    pos_ratio = statistics.median(r[0] / r[1] for r in pos_runs)
    play_ratio = statistics.median(r[0] / r[1] for r in play_runs)
    mean_cc = sum(len(s.legal_actions()) for s in cc) / len(cc)
    mean_ch = sum(len(list(b.legal_moves)) for b in boards) / len(boards)
    print(f"positions: {len(cc)} Command Capture, {len(boards)} chess; {args.playouts} random games each per run; "
          f"median of {args.runs} runs")
    print(f"Command Capture legal_actions(): {cc_pos:10.0f} positions/s {cc_pos * mean_cc:11.0f} actions/s "
          f"(mean {mean_cc:.1f} actions per position)")
    print(f"python-chess legal_moves:        {ch_pos:10.0f} positions/s {ch_pos * mean_ch:11.0f} moves/s "
          f"(mean {mean_ch:.1f} moves per position; chess {chess.__version__})")
    print(f"random playouts: Command Capture {cc_plies:10.0f} plies/s; python-chess {ch_plies:10.0f} plies/s")
    print(f"ratio Command Capture / chess: legal_actions {pos_ratio:.2f} (positions/s); "
          f"random playouts {play_ratio:.2f} (plies/s)")
    games_s, actions_s = time_games(game, args.games)
    print(f"random complete games (turn_limit=100): {games_s:.2f} games/s, {actions_s:.0f} actions played/s")


if __name__ == "__main__":
    main()
