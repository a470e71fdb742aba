"""The exact total of a seeded sample of openers, by the published C++ solver
(github alex1770/wordle) and by wordle_fast, side by side in one run.

Each opener is one process of each program, one after the other (with
``--together``, the two started at once, one core each: the load then falls
on both alike, but the C++ solver loses up to half its speed beside another
busy process, more than wordle_fast does). Both get the
same word lists: this script writes the bundled edition to files and passes
them to the C++ solver. Reported per opener and in sum: each program's search
CPU (the C++ solver's own "dCPU"; ours is ``process_time`` around
``opener_total``, after the lists and matrix are loaded), its whole-process
CPU and peak memory, and whether the totals agree (a disagreement is an
error, not a footnote).

Build the peer first, e.g.::

    git clone https://github.com/alex1770/wordle /tmp/cpp   # commit 8fd3f1b measured
    g++ -std=c++17 -O3 -DCOMMITDESC='"8fd3f1b"' -o /tmp/cpp/wordle /tmp/cpp/wordle.cpp -lpthread

then::

    python benchmarks/versus_cpp.py --cpp /tmp/cpp/wordle --lists nyt2022 --mode hard --sample 20
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

OURS = """
import json, resource, sys, time
from wordle_fast.lexicon import Lexicon
from wordle_fast.words import load_answers, load_guesses
from wordle_fast.exact.search import make_exact_searcher, opener_total
lists, mode, word, max_guesses = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
lexicon = Lexicon(list(load_answers(lists)), list(load_guesses(lists)), n_threads=1)
searcher = make_exact_searcher(lexicon, mode, n_threads=1)
lexicon.matrix
started = time.process_time()
total = int(opener_total(searcher, lexicon, lexicon.guess_index(word), max_guesses))
print(json.dumps({"total": total, "search_cpu": time.process_time() - started}))
"""

CPP_TOTAL = re.compile(r"First guess (\w+) [ >]= +(\d+) .*dCPU = +([\d.]+)")
CPP_MODES = {"off": [], "hard": ["-H"], "strict": ["-U"]}
UNSOLVABLE = 1 << 40


def _start(command: list[str]) -> tuple[subprocess.Popen, float]:
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "OMP_NUM_THREADS": "1"}), time.perf_counter()


def _finish(process: subprocess.Popen, started: float, cap: float | None = None
            ) -> tuple[str, dict]:
    # wait4 gives this child's own CPU and peak memory; past `cap` seconds
    # of wall time the child is stopped, and its usage says how far it got
    while cap is not None:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() - started > cap:
            process.kill()
            _, status, usage = os.wait4(process.pid, 0)
            return "", {"wall": time.perf_counter() - started, "stopped": True,
                        "process_cpu": usage.ru_utime + usage.ru_stime,
                        "peak_mb": usage.ru_maxrss / 1024}
        time.sleep(0.5)
    else:
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    out, err = process.stdout.read(), process.stderr.read()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise RuntimeError(f"{process.args[:3]} failed ({process.returncode}): {err[-500:]}")
    return out, {"wall": wall, "process_cpu": usage.ru_utime + usage.ru_stime,
                 "peak_mb": usage.ru_maxrss / 1024}


def run_pair(cpp: str, files: tuple[str, str], lists: str, mode: str, word: str,
             max_guesses: int, together: bool, cap: float | None = None) -> dict:
    """Both programs on one opener, one after the other or started together;
    the C++ solver stopped after ``cap`` seconds, if given (then its CPU
    so far stands for its search CPU, a lower bound)."""
    cpp_command = [cpp, "-a", files[0], "-h", files[1], "-w", word, "-g", str(max_guesses),
                   *CPP_MODES[mode]]
    our_command = [sys.executable, "-c", OURS, lists, mode, word, str(max_guesses)]
    if together:
        theirs, ours = _start(cpp_command), _start(our_command)
        cpp_out, cpp_usage = _finish(*theirs, cap)
        our_out, our_usage = _finish(*ours)
    else:
        cpp_out, cpp_usage = _finish(*_start(cpp_command), cap)
        our_out, our_usage = _finish(*_start(our_command))
    our = json.loads(our_out)
    ours = {"total": None if our["total"] >= UNSOLVABLE else our["total"],
            "search_cpu": our["search_cpu"], **our_usage}
    if cpp_usage.get("stopped"):
        return {"opener": word, "cpp": {"total": None, "search_cpu": cpp_usage["process_cpu"],
                                        **cpp_usage}, "ours": ours}
    found = CPP_TOTAL.search(cpp_out)
    if found is None:
        raise RuntimeError(f"no total in the C++ solver's output for {word}: {cpp_out[-500:]}")
    cpp_total = int(found.group(2))
    # the C++ solver's "infinity" is 1e9; ours is UNSOLVABLE
    return {"opener": word,
            "cpp": {"total": None if cpp_total >= 10**8 else cpp_total,
                    "search_cpu": float(found.group(3)), **cpp_usage},
            "ours": ours}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpp", required=True, help="the built C++ solver")
    parser.add_argument("--lists", default="nyt2022")
    parser.add_argument("--mode", default="off", choices=sorted(CPP_MODES))
    parser.add_argument("--sample", type=int, default=20, help="openers (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opener", action="append", help="these openers instead of a sample")
    parser.add_argument("--max-guesses", type=int, default=6)
    parser.add_argument("--together", action="store_true",
                        help="start the two programs at once (default: one after the other)")
    parser.add_argument("--cap", type=float, default=None, metavar="SECONDS",
                        help="stop the C++ solver after SECONDS of wall time: its CPU so far "
                             "is then a lower bound (shown as >), the ratio an upper bound")
    parser.add_argument("--json", help="every row, to this file")
    args = parser.parse_args()

    from wordle_fast.words import load_answers, load_guesses
    answers, guesses = load_answers(args.lists), load_guesses(args.lists)
    openers = args.opener or random.Random(args.seed).sample(sorted(guesses), args.sample)
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        files = (str(Path(folder, "all")), str(Path(folder, "hidden")))
        Path(files[0]).write_text("\n".join(guesses) + "\n")
        Path(files[1]).write_text("\n".join(answers) + "\n")
        print(f"{args.lists}, {args.mode} mode, {len(openers)} openers (seed {args.seed}), "
              f"{'started together' if args.together else 'one program at a time'}; "
              "CPU seconds, search only and whole process; peak MB")
        print(f"{'opener':<7} {'total':>6} {'C++ search':>10} {'ours':>7} {'ratio':>6}   "
              f"{'C++ proc':>8} {'ours':>7}   {'C++ MB':>6} {'ours':>5}")
        for word in openers:
            row = run_pair(args.cpp, files, args.lists, args.mode, word, args.max_guesses,
                           args.together, args.cap)
            rows.append(row)
            cpp, ours = row["cpp"], row["ours"]
            stopped = cpp.get("stopped", False)
            if not stopped and cpp["total"] != ours["total"]:
                raise SystemExit(f"totals disagree on {word}: C++ {cpp['total']}, "
                                 f"wordle_fast {ours['total']}")
            total = "cannot" if ours["total"] is None else ours["total"]
            theirs = (">" if stopped else "") + f"{cpp['search_cpu']:.2f}"
            ratio = ours["search_cpu"] / max(cpp["search_cpu"], 1e-3)
            ratio_text = ("<" if stopped else "") + f"{ratio:.2f}"
            print(f"{word:<7} {total:>6} {theirs:>10} {ours['search_cpu']:>7.2f} "
                  f"{ratio_text:>6}   "
                  f"{cpp['process_cpu']:>8.2f} {ours['process_cpu']:>7.2f}   "
                  f"{cpp['peak_mb']:>6.0f} {ours['peak_mb']:>5.0f}", flush=True)
    sums = {side: {key: sum(row[side][key] for row in rows)
                   for key in ("search_cpu", "process_cpu")} for side in ("cpp", "ours")}
    ratios = [row["ours"]["search_cpu"] / max(row["cpp"]["search_cpu"], 1e-3) for row in rows]
    print(f"{'sum':<7} {'':>6} {sums['cpp']['search_cpu']:>10.2f} "
          f"{sums['ours']['search_cpu']:>7.2f} "
          f"{sums['ours']['search_cpu'] / sums['cpp']['search_cpu']:>6.2f}   "
          f"{sums['cpp']['process_cpu']:>8.2f} {sums['ours']['process_cpu']:>7.2f}")
    capped = sum(1 for row in rows if row["cpp"].get("stopped"))
    print(f"median per-opener ratio (ours / C++, search CPU): {statistics.median(ratios):.2f}; "
          + (f"{capped} of the C++ runs stopped at --cap (their ratios are upper bounds); "
             if capped else "") + "every total both found agreed")
    if args.json:
        Path(args.json).write_text(json.dumps({"lists": args.lists, "mode": args.mode,
                                               "seed": args.seed, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
