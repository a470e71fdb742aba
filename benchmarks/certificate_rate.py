"""What a certificate over every opener would cost: a seeded random sample
of openers, each searched as the table's stage 3 searches it, with the
incumbent's total as its budget, and stopped after ``--cap`` seconds of CPU.

Made for tables too long to finish in a sitting (the big-hidden lists,
``original-all``, where every opener's one-level bound is below the best
total), to measure the rate and say how long the rest would take. Each
opener runs in a fresh process with one kernel thread; reported per opener:
its one-level bound (the bound pass's), the outcome (``refuted``: a proven
bound above the budget; ``exact``: at most the budget, a new optimum or a
tie; ``stopped``: the cap came first, with the bound it had proven by then),
the search CPU and the states visited. The summary gives the share refuted
within the cap, their median CPU, and the mean CPU per opener with a
stopped opener counted at the cap: a lower bound on the mean, and so on the
whole certificate (n openers x that mean).

    python benchmarks/certificate_rate.py --lists original-all --budget 52896 \\
        --sample 12 --seed 1 --cap 600

The CPU cap is a profiling timer in the process (``ITIMER_PROF``, process
CPU): the search stops at its next check as at a Ctrl-C (``Stopped``,
with the bound reached), so a loaded machine does not shorten the search a
capped opener is given.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path

SEARCH = """
import json, signal, sys, time
from wordle_fast.lexicon import Lexicon
from wordle_fast.exact.search import Stopped, make_exact_searcher, opener_total
lists, word, budget, cap = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
lexicon = Lexicon.edition(lists, n_threads=1)
searcher = make_exact_searcher(lexicon, "off", n_threads=1)
row = lexicon.guess_index(word)
started = time.process_time()
buckets = searcher.bucket_bounds(row, 6)
one_level = lexicon.n_answers + int(buckets[2].sum())
bound_cpu = time.process_time() - started

def stop(signum, frame):
    raise KeyboardInterrupt

signal.signal(signal.SIGPROF, stop)
signal.setitimer(signal.ITIMER_PROF, cap)
started = time.process_time()
try:
    total, stopped = int(opener_total(searcher, lexicon, row, 6, budget, buckets=buckets)), False
except Stopped as reached:
    total, stopped = int(reached.lower_bound), True
signal.setitimer(signal.ITIMER_PROF, 0)
print(json.dumps({"opener": word, "one_level": one_level, "bound_cpu": bound_cpu,
                  "total": total, "stopped": stopped, "search_cpu": time.process_time() - started,
                  "states": int(searcher.states)}))
"""


def search(tree: Path, lists: str, word: str, budget: int, cap: float) -> dict:
    done = subprocess.run([sys.executable, "-c", SEARCH, lists, word, str(budget), str(cap)],
                          cwd=tree, capture_output=True, text=True,
                          env={**os.environ, "OMP_NUM_THREADS": "1"})
    if done.returncode:
        raise RuntimeError(f"{word} failed ({done.returncode}): {done.stderr[-500:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def guesses_of(tree: Path, lists: str) -> list[str]:
    code = ("import json, sys\nfrom wordle_fast.words import load_guesses\n"
            "print(json.dumps(list(load_guesses(sys.argv[1]))))")
    done = subprocess.run([sys.executable, "-c", code, lists], cwd=tree, check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", default="original-all")
    parser.add_argument("--budget", type=int, required=True,
                        help="the incumbent's total: an opener above it is refuted")
    parser.add_argument("--sample", type=int, default=10, help="openers drawn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--openers", help="these openers (comma-separated) instead of a sample")
    parser.add_argument("--cap", type=float, default=600.0, help="CPU seconds per opener")
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args()
    guesses = guesses_of(args.tree, args.lists)
    words = (args.openers.split(",") if args.openers
             else random.Random(args.seed).sample(guesses, args.sample))
    print(f"{args.lists}, normal mode, budget {args.budget}, cap {args.cap:.0f} s of CPU, "
          f"{len(words)} openers (seed {args.seed}), one process and thread each")
    print(f"{'opener':<8} {'one-level':>9} {'outcome':<8} {'total':>7} {'CPU s':>8} "
          f"{'states':>10}")
    rows = []
    for word in words:
        row = search(args.tree, args.lists, word, args.budget, args.cap)
        row["outcome"] = ("stopped" if row["stopped"] else
                          "refuted" if row["total"] > args.budget else "exact")
        rows.append(row)
        print(f"{word:<8} {row['one_level']:>9} {row['outcome']:<8} "
              f"{'>=' if row['outcome'] != 'exact' else '':>2}{row['total']:>5} "
              f"{row['search_cpu']:>8.1f} {row['states']:>10}", flush=True)
    refuted = [r["search_cpu"] for r in rows if r["outcome"] == "refuted"]
    counted = [min(r["search_cpu"], args.cap) for r in rows]
    mean = statistics.mean(counted)
    print(f"refuted within the cap: {len(refuted)} of {len(rows)}"
          + (f" (median {statistics.median(refuted):.1f} s)" if refuted else ""))
    print(f"mean search CPU per opener, a stopped one counted at the cap: {mean:.1f} s "
          f"(a lower bound); over {len(guesses)} openers: at least "
          f"{mean * len(guesses) / 3600:.0f} CPU-hours")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
