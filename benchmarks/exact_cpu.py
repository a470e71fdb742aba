"""Wall time, CPU time and peak memory of exact proofs, each in a fresh process.

The published C++ solver's figures are CPU seconds, so this reports CPU (all
threads, ``time.process_time``) next to wall time, and the process's
high-water resident memory (VmHWM, Linux) after the proof. Medians of
``--runs`` processes per case.

    python benchmarks/exact_cpu.py                     # SALET, CRATE, SOARE; 3 modes for SALET
    python benchmarks/exact_cpu.py --case salet:hard --runs 9
"""

import argparse
import json
import statistics
import subprocess
import sys

CASES = ["salet:off", "salet:hard", "salet:strict", "crate:off", "soare:off", "crate:hard"]

ONE_PROOF = """
import json, time, numpy as np
from wordle_fast import Lexicon
from wordle_fast.exact.search import make_exact_searcher
lexicon = Lexicon()
lexicon.matrix                                    # built before the clock starts
searcher = make_exact_searcher(lexicon, {mode!r})
wall, cpu = time.perf_counter(), time.process_time()
total = searcher.after_guess(np.arange(lexicon.n_answers), lexicon.guess_index({opener!r}), 6)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
peak = [line for line in open("/proc/self/status") if line.startswith("VmHWM")][0].split()[1]
print(json.dumps({{"total": int(total), "wall": wall, "cpu": cpu, "peak_mb": int(peak) / 1024,
                  "states": searcher.stats()["states"]}}))
"""


def measure(opener: str, mode: str, runs: int) -> dict:
    results = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", ONE_PROOF.format(opener=opener, mode=mode)],
                              capture_output=True, text=True, check=True)
        results.append(json.loads(done.stdout))
    return {"opener": opener, "mode": mode, "total": results[0]["total"],
            "states": results[0]["states"],
            **{key: statistics.median(r[key] for r in results) for key in ("wall", "cpu", "peak_mb")}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", action="append", metavar="OPENER:MODE",
                        help=f"repeatable (default: {' '.join(CASES)})")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'opener':<7} {'mode':<7} {'total':>6} {'states':>7} {'wall s':>7} {'CPU s':>7} "
          f"{'peak MB':>8}   (medians of {args.runs} processes)")
    for case in args.case or CASES:
        opener, mode = case.split(":")
        row = measure(opener, mode, args.runs)
        print(f"{opener:<7} {mode:<7} {row['total']:>6} {row['states']:>7} {row['wall']:>7.2f} "
              f"{row['cpu']:>7.2f} {row['peak_mb']:>8.0f}")


if __name__ == "__main__":
    main()
