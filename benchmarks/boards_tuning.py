"""The measurement behind the several-boards strategies and the solve bonus.

    .venv/bin/python benchmarks/boards_tuning.py [--games 2000] [--seed 1]

Plays the same seeded tuples of distinct answers with ``entropy``,
``finish`` and ``solve-bonus`` at several bonuses, for 2, 4 and 8 boards,
and prints each one's mean guesses to finish every board with the paired
difference from ``finish`` (same games, so the noise of the draw cancels)
and its standard error. Tuning uses seed 1; the README's figures use seed 0,
games the tuning never saw. With 8 boards it plays a third of the games.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from wordle_fast import Lexicon
from wordle_fast.game.board_games import simulate_boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boards", type=int, nargs="+", default=[2, 4, 8])
    parser.add_argument("--bonus", type=float, nargs="+", default=[1.0, 2.0, 3.0, 4.0])
    args = parser.parse_args()
    lexicon = Lexicon()
    for boards in args.boards:
        games = args.games if boards < 8 else args.games // 3
        runs = [("finish", {"strategy": "finish"}), ("entropy", {"strategy": "entropy"})]
        runs += [(f"solve-bonus {bonus:g}", {"strategy": "solve-bonus", "bonus": bonus})
                 for bonus in args.bonus]
        base = None
        print(f"\n{boards} boards, {games} games, seed {args.seed}")
        print(f"  {'strategy':<16} {'mean':>8} {'solved':>8} {'vs finish':>10} {'± s.e.':>7} "
              f"{'time':>7}")
        for name, options in runs:
            started = time.perf_counter()
            result = simulate_boards({"lexicon": lexicon, **options}, boards=boards,
                                     sample=games, seed=args.seed)
            lengths = np.array([game.length for game in result.games])
            base = lengths if base is None else base
            difference = lengths - base
            print(f"  {name:<16} {result.mean:>8.4f} {result.solved_rate:>8.2%} "
                  f"{difference.mean():>+10.4f} {difference.std() / np.sqrt(games):>7.4f} "
                  f"{time.perf_counter() - started:>6.1f}s", flush=True)


if __name__ == "__main__":
    main()
