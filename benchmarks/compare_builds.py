"""Two source trees of wordle_fast, each built in place, timed side by side:
the same jobs, alternating between the trees round by round, so that the
machine's load falls on both alike. Only the public API is used, so a tree
from before a reorganisation runs the same code paths.

    python benchmarks/compare_builds.py OLD_TREE NEW_TREE [--rounds 7]

(e.g. ``git worktree add /tmp/old <commit>`` and ``python setup.py
build_ext --inplace`` there). Prints, per job, each tree's median and the
ratio new / old.
"""

import argparse
import statistics
import subprocess
import sys
import time

# Each job prints the seconds it measured in-process; None: the whole process is timed.
JOBS = {
    "kernel: score 12972 guesses over 2315 answers (x50)": """
import time, wordle_fast as wf
lexicon = wf.Lexicon(); lexicon.score()
started = time.perf_counter()
for _ in range(50):
    lexicon.score()
print((time.perf_counter() - started) / 50)""",
    "exact: SALET proven (search only)": """
import time, wordle_fast as wf
lexicon = wf.Lexicon(); lexicon.matrix
started = time.perf_counter()
assert wf.optimal(opener="salet", lexicon=lexicon).total_guesses == 7920
print(time.perf_counter() - started)""",
    "exact: SALET proven, hard mode (search only)": """
import time, wordle_fast as wf
lexicon = wf.Lexicon(); lexicon.matrix
started = time.perf_counter()
wf.optimal(opener="salet", lexicon=lexicon, hard_mode="hard")
print(time.perf_counter() - started)""",
    "simulation: every answer, entropy, SOARE first": """
import time, wordle_fast as wf
lexicon = wf.Lexicon(); lexicon.matrix
started = time.perf_counter()
wf.simulate({"lexicon": lexicon, "use_cache": False}, opener="soare")
print(time.perf_counter() - started)""",
    "simulation: 300 Quordle games": """
import time, wordle_fast as wf
lexicon = wf.Lexicon(); lexicon.matrix
started = time.perf_counter()
wf.simulate_boards({"lexicon": lexicon}, boards=4, sample=300, seed=0)
print(time.perf_counter() - started)""",
    "whole process: wordle-fast simulate --opener soare": None,
    "whole process: wordle-fast feedback (start-up)": None,
}
COMMANDS = {
    "whole process: wordle-fast simulate --opener soare":
        ["simulate", "--opener", "soare", "--quiet", "--no-cache"],
    "whole process: wordle-fast feedback (start-up)": ["feedback", "cigar", "rebut"],
}


def run(tree: str, job: str) -> float:
    if JOBS[job] is None:
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "wordle_fast", *COMMANDS[job]], cwd=tree,
                       check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - started
    done = subprocess.run([sys.executable, "-c", JOBS[job]], cwd=tree, check=True,
                          capture_output=True, text=True)
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    print(f"{'job':<55} {'old':>9} {'new':>9} {'new/old':>8}")
    for job in JOBS:
        times = {args.old: [], args.new: []}
        for round_ in range(args.rounds):
            order = (args.old, args.new) if round_ % 2 == 0 else (args.new, args.old)
            for tree in order:
                times[tree].append(run(tree, job))
        old, new = (statistics.median(times[t]) for t in (args.old, args.new))
        print(f"{job:<55} {old:>8.4f}s {new:>8.4f}s {new / old:>8.3f}", flush=True)


if __name__ == "__main__":
    main()
