"""Command Capture speed: legal action generation per second, against python-chess in the same run.

Positions come from random games of each engine (Command Capture: quick start, every civilization
pairing, random actions; chess: the standard start, random legal moves), skipping finished games.
For each position the full list of legal actions is built: ``legal_actions()`` for Command Capture
(its per-state cache is cleared first, so every call really generates) and ``list(board.legal_moves)``
for python-chess. Random playouts time whole random games the way a search's rollouts play them:
Command Capture from the quick start (both Assassins placed by chance, every civilization pairing,
``turn_limit=100``), each ply ``rng.choice(state.legal_actions())`` then ``state.play``; chess from the
standard start, each ply ``board.push(rng.choice(list(board.legal_moves)))``, until no move is left
or 100 plies are played (a cheap end test, as Command Capture's ``is_over`` is). Figures are the
median of several timed runs, the two engines' runs interleaved so that load on the machine hits
both alike; the last lines give the ratios and the speed of complete random games.

    python bench/bench_command_capture.py [--positions N] [--runs R] [--games G]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

import chess

from capture_lib import CHANCE, load_game

CIVS = ("rome", "egypt", "vikings")


def cc_positions(game, count: int, rng: random.Random) -> list:
    """``count`` positions in play from random Command Capture games over every pairing."""
    out = []
    pairings = itertools.cycle(itertools.product(CIVS, CIVS))
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


def time_cc(positions: list) -> tuple[float, float]:
    """Positions per second and actions per second for Command Capture."""
    for state in positions:
        state._legal = None  # the state caches its list: clear it so generation is timed
    start = time.perf_counter()
    actions = 0
    for state in positions:
        actions += len(state.legal_actions())
    elapsed = time.perf_counter() - start
    return len(positions) / elapsed, actions / elapsed


def time_chess(boards: list[chess.Board]) -> tuple[float, float]:
    """Positions per second and moves per second for python-chess."""
    start = time.perf_counter()
    moves = 0
    for board in boards:
        moves += len(list(board.legal_moves))
    elapsed = time.perf_counter() - start
    return len(boards) / elapsed, moves / elapsed


def time_games(game, games: int) -> tuple[float, float]:
    """Complete random games per second (turn_limit=100) and actions played per second."""
    rng = random.Random("bench/cc/games")
    start = time.perf_counter()
    played = 0
    for number in range(games):
        blue, red = CIVS[number % 3], CIVS[number // 3 % 3]
        state = game.new_game(seed=number, blue=blue, red=red, turn_limit=100, setup="quick").resolve_chance()
        while not state.is_over:
            state = state.play(rng.choice(state.legal_actions()))
            played += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, played / elapsed


def cc_playouts(game, games: int, seed: int) -> tuple[float, float]:
    """Plies per second and complete games per second of random Command Capture playouts."""
    rng = random.Random(seed)
    pairings = list(itertools.product(range(3), range(3)))
    start = time.perf_counter()
    plies = 0
    for number in range(games):
        blue, red = pairings[number % len(pairings)]
        state = game.new_game(seed=seed + number, blue=CIVS[blue], red=CIVS[red], turn_limit=100,
                              setup="quick").resolve_chance()
        while not state.is_over:
            state = state.play(rng.choice(state.legal_actions()))
            plies += 1
    elapsed = time.perf_counter() - start
    return plies / elapsed, games / elapsed


def chess_playouts(games: int, seed: int) -> tuple[float, float]:
    """Plies per second and games per second of random chess playouts (at most 100 plies each)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    plies = 0
    for _ in range(games):
        board = chess.Board()
        for _ply in range(100):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            plies += 1
    elapsed = time.perf_counter() - start
    return plies / elapsed, games / elapsed


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--playouts", type=int, default=60, help="random games per playout run")
    args = parser.parse_args()
    game = load_game("command-capture")
    rng = random.Random("bench/cc/positions")
    cc = cc_positions(game, args.positions, rng)
    boards = chess_positions(args.positions, rng)
    cc_runs, chess_runs, cc_play, chess_play = [], [], [], []
    for run in range(args.runs):
        cc_runs.append(time_cc(cc))
        chess_runs.append(time_chess(boards))
        cc_play.append(cc_playouts(game, args.playouts, 1000 * run))
        chess_play.append(chess_playouts(args.playouts, 1000 * run))
    cc_pos = statistics.median(r[0] for r in cc_runs)
    cc_act = statistics.median(r[1] for r in cc_runs)
    ch_pos = statistics.median(r[0] for r in chess_runs)
    ch_act = statistics.median(r[1] for r in chess_runs)
    mean_cc = sum(len(s.legal_actions()) for s in cc) / len(cc)
    mean_ch = sum(len(list(b.legal_moves)) for b in boards) / len(boards)
    print(f"positions: {len(cc)} Command Capture, {len(boards)} chess; median of {args.runs} runs")
    print(f"Command Capture legal_actions(): {cc_pos:10.0f} positions/s {cc_act:11.0f} actions/s "
          f"(mean {mean_cc:.1f} actions per position)")
    print(f"python-chess legal_moves:        {ch_pos:10.0f} positions/s {ch_act:11.0f} moves/s "
          f"(mean {mean_ch:.1f} moves per position; chess {chess.__version__})")
    print(f"ratio Command Capture / chess:   {cc_pos / ch_pos:10.2f} (positions/s) "
          f"{cc_act / ch_act:11.2f} (actions/s)")
    cc_plies = statistics.median(r[0] for r in cc_play)
    ch_plies = statistics.median(r[0] for r in chess_play)
    print(f"random playouts: Command Capture {cc_plies:10.0f} plies/s "
          f"({statistics.median(r[1] for r in cc_play):.1f} games/s); python-chess {ch_plies:10.0f} plies/s "
          f"({statistics.median(r[1] for r in chess_play):.1f} games/s of at most 100 plies)")
    print(f"ratio Command Capture / chess: legal_actions {cc_pos / ch_pos:.2f} (positions/s); "
          f"random playouts {cc_plies / ch_plies:.2f} (plies/s)")
    games_s, actions_s = time_games(game, args.games)
    print(f"random complete games (turn_limit=100): {games_s:.2f} games/s, {actions_s:.0f} actions played/s")


if __name__ == "__main__":
    main()
