"""Add exact totals for the openers people play to a shipped opening table.

    python data/settle_openers.py --mode hard --top 300 [--workers 2] [--lists NAME]

A table at the optimum (``within`` 0) gives most openers only a lower bound,
and ``wordle-fast analyze`` then has to search the opener of a game live
(about a second for SOARE in hard mode, 94 s for AUDIO). This proves the
exact total, or "cannot finish", of the ``--top`` openers with the most
expected bits over the answers (the openers entropy solvers and most people
start with), best first, and writes them into
``data/exact-openers-MODE.json`` (``exact-openers-NAME-MODE.json`` for an
edition other than the original), keeping every other entry. Entries are saved
as they are proven: a Ctrl-C keeps them, and a rerun goes on from there.
"""

import argparse
import time
from pathlib import Path

import numpy as np

import wordle_fast as wf

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["normal", "hard", "strict"], default="hard")
    parser.add_argument("--top", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--lists", default="original", help="a bundled edition")
    args = parser.parse_args()
    hard_mode = "off" if args.mode == "normal" else args.mode
    lexicon = wf.Lexicon.edition(args.lists)
    name = args.mode if args.lists == "original" else f"{args.lists}-{args.mode}"
    bits = lexicon.score().expected_bits
    by_bits = np.lexsort((np.arange(len(bits)), -bits))     # most bits first, list order
    openers = [lexicon.guesses[row] for row in by_bits[:args.top]]
    started = time.perf_counter()

    def report(stage, done, total):
        print(f"\r{stage}: {done}/{total} ({time.perf_counter() - started:.0f} s)",
              end="", flush=True)

    table = wf.settle_openers(openers, lexicon, hard_mode, workers=args.workers,
                              results_path=HERE / f"exact-openers-{name}.json",
                              progress=report)
    print()
    settled = [table.entries[word] for word in openers]
    exact = sum(entry.status == "exact" for entry in settled)
    cannot = sum(entry.status == "cannot finish" for entry in settled)
    print(f"the top {len(openers)} openers by bits: {exact} exact, {cannot} cannot finish, "
          f"{len(settled) - exact - cannot} lower bounds; "
          f"{table.stages['openers_settled']} settled in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
