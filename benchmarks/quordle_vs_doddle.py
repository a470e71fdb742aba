"""Quordle against doddle's ``benchmark --simul=4``, on the very same games.

doddle (https://pypi.org/project/doddle/) is not a dependency: install it in
a separate environment (it needs numpy < 2), then

    /path/to/doddle-env/bin/python benchmarks/quordle_vs_doddle.py doddle --solver MINIMAX --out doddle-minimax.json
    .venv/bin/python benchmarks/quordle_vs_doddle.py ours doddle-minimax.json [doddle-entropy.json ...]

The first step runs doddle's own benchmark (its 1000 games, drawn with its
seed 13, on all the cores through its process pool) and records each game's
answers and guesses. The second plays the same games with each of this
package's strategies and compares game by game. doddle draws each board's
answer independently, so a few games repeat an answer; this package plays
distinct answers only, and both sides are compared on the games without a
repeat. Times are whole benchmarks in the process, lists loaded and
everything included, but not starting Python.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time


def run_doddle(solver: str, out: str, games: int) -> None:
    from doddle.enums import SolverType
    from doddle.factory import create_simul_benchmarker

    started = time.perf_counter()
    benchmarker = create_simul_benchmarker(5, solver_type=SolverType.from_str(solver))
    # doddle's own draw (SimulBenchmarker.run_benchmark): seed 13, each answer
    # drawn independently from its answer list.
    words = benchmarker.engine.dictionary.common_words
    random.seed(13)
    tuples = [[str(words.iloc[random.randrange(len(words))]).lower() for _ in range(4)]
              for _ in range(games)]
    result = benchmarker.run_benchmark([], 4, num_runs=games)
    wall = time.perf_counter() - started
    lengths = []
    for answers, scoreboard in zip(tuples, result.scoreboards):
        solutions = {str(row.soln).lower() for row in scoreboard.rows}
        assert solutions == set(answers), (solutions, answers)
        lengths.append(max(row.n for row in scoreboard.rows))
    with open(out, "w") as file:
        json.dump({"solver": f"doddle {solver.lower()}", "wall_time": wall, "tuples": tuples,
                   "lengths": lengths, "opener": str(result.opening_guess).lower()}, file)
    print(f"doddle {solver}: mean {sum(lengths) / len(lengths):.4f} over {len(lengths)} games, "
          f"{wall:.1f} s")


def run_ours(paths: list[str], workers: int) -> None:
    import numpy as np

    from wordle_fast.game.board_games import simulate_boards
    from wordle_fast.strategies import BOARD_STRATEGIES

    runs = []
    for path in paths:
        with open(path) as file:
            runs.append(json.load(file))
    tuples = runs[0]["tuples"]
    assert all(run["tuples"] == tuples for run in runs), "the files hold different games"
    keep = [k for k, game in enumerate(tuples) if len(set(game)) == 4]
    print(f"{len(keep)} of {len(tuples)} games have four distinct answers; all figures below "
          "are over those")
    rows = []
    for run in runs:
        lengths = np.array(run["lengths"])[keep]
        rows.append((run["solver"], lengths, run["wall_time"], "all cores (its pool)"))
    for strategy in BOARD_STRATEGIES:
        started = time.perf_counter()
        # lists loaded and matrix built inside the timing, as doddle's are
        result = simulate_boards({"strategy": strategy},
                                 tuples=[tuples[k] for k in keep], workers=workers)
        wall = time.perf_counter() - started
        rows.append((f"wordle-fast {strategy}", np.array([g.length for g in result.games]),
                     wall, f"{workers} worker{'s' if workers > 1 else ''}"))
    base = rows[0][1]
    print(f"{'solver':<26} {'mean':>7} {'solved <= 9':>11} {'vs ' + rows[0][0]:>24} "
          f"{'time':>8}")
    for name, lengths, wall, how in rows:
        difference = lengths - base
        error = difference.std() / np.sqrt(len(difference))
        print(f"{name:<26} {lengths.mean():>7.4f} {np.mean(lengths <= 9):>11.2%} "
              f"{difference.mean():>+15.4f} ± {error:.4f} {wall:>7.1f} s  {how}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    doddle = commands.add_parser("doddle", help="run doddle's benchmark (in doddle's environment)")
    doddle.add_argument("--solver", default="MINIMAX", help="MINIMAX (doddle's default) or ENTROPY")
    doddle.add_argument("--games", type=int, default=1000)
    doddle.add_argument("--out", required=True)
    ours = commands.add_parser("ours", help="play doddle's games with this package")
    ours.add_argument("results", nargs="+", help="files written by the doddle step")
    ours.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "doddle":
        run_doddle(args.solver, args.out, args.games)
    else:
        run_ours(args.results, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
