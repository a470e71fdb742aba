"""The best opener proven over every allowed guess, whole process: the
opening table under the frequency prior against the uniform one (its
same-run baseline), each from scratch (``--recompute``) in a fresh process.

Targets (issue 79, this 2-core machine): under the frequency prior, the
original lists, normal mode under 15 minutes, hard mode under 30. Reports
wall and CPU seconds (the process and its workers), the optimum and the
stage times; run alone on the machine.

    python benchmarks/prior_tables.py                   # both modes, original lists
    python benchmarks/prior_tables.py --mode hard --lists nyt2023
"""

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def one_table(lists: str, mode: str, prior: str, folder: Path) -> dict:
    """One table from scratch in a fresh process: its figures and optimum."""
    command = [sys.executable, "-m", "wordle_fast", "openers", "--exact", "--recompute",
               "--quiet", "--lists", lists, "--hard-mode", mode, "--prior", prior,
               "--results", str(folder / f"{lists}-{mode}-{prior}.json"), "--json", "-"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    table = json.loads(done.stdout)
    return {"lists": lists, "mode": mode, "prior": prior, "wall": wall,
            "cpu": (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime),
            "optimum": table["optimum"], "best": table["best"],
            "mean": table["openers"][0]["mean"], "stages": table["stages"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", action="append", choices=["off", "hard"],
                        help="repeatable (default: off and hard)")
    parser.add_argument("--lists", default="original")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for mode in args.mode or ["off", "hard"]:
            for prior in ("uniform", "frequency"):
                row = one_table(args.lists, mode, prior, Path(folder))
                stages = row["stages"]
                print(f"{row['lists']} {mode:<4} {prior:<9} wall {row['wall']:7.1f} s  "
                      f"CPU {row['cpu']:7.1f} s  optimum {' '.join(row['best']).upper()} "
                      f"{row['optimum']} (mean {row['mean']:.4f}); bound pass "
                      f"{stages['bound_pass_seconds']:.1f} s, search of "
                      f"{stages['openers_searched']} {stages['search_seconds']:.1f} s",
                      flush=True)


if __name__ == "__main__":
    main()
