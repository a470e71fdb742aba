"""Hold the shipped opening tables to the C++ solver's published tables
(the complete ``results_easy_*`` / ``results_hard_*`` in github
alex1770/wordle, and for the original lists its partial ``*.proven``
files): every exact entry must equal the published total, every lower bound
must not pass it, and every "cannot finish" must be published as such.

    python benchmarks/published_tables.py /tmp/cpp    # a checkout of that repository

An independent check, not a test: the published files are not ours to ship.
"""

import argparse
import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"
# our table -> the published file for the same lists and mode
PAIRS = {
    "exact-openers-normal.json": "normal.some3593.proven",   # 3593 openers
    "exact-openers-hard.json": "hard.top101.proven",         # the 101 best
    "exact-openers-nyt2022-normal.json": "results_easy_nyt20220316",
    "exact-openers-nyt2022-hard.json": "results_hard_nyt20220316",
    "exact-openers-nyt2022-08-normal.json": "results_easy_nyt20220830",
    "exact-openers-nyt2022-08-hard.json": "results_hard_nyt20220830",
    "exact-openers-nyt2023-normal.json": "results_easy_nyt20230701",
    "exact-openers-nyt2023-hard.json": "results_hard_nyt20230701",
}
CANNOT = 10**9   # the C++ solver's "infinity"


def published(path: Path) -> dict[str, int]:
    # lines "word mean total", or "word total" in the .proven files
    totals = {}
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) in (2, 3):
            totals[parts[0]] = int(parts[-1])
    return totals


def compare(ours: Path, theirs: Path) -> tuple[dict, list[str]]:
    entries = json.loads(ours.read_text())["entries"]
    reference = published(theirs)
    counts = {"exact": 0, "lower bound": 0, "cannot finish": 0, "not published": 0}
    wrong = []
    for word, (status, total, *_) in entries.items():
        if word not in reference:
            counts["not published"] += 1
            continue
        counts[status] += 1
        truth = reference[word]
        if ((status == "exact" and total != truth)
                or (status == "lower bound" and truth < total)
                or (status == "cannot finish" and truth < CANNOT)):
            wrong.append(f"{word}: ours {status} {total}, published {truth}")
    return counts, wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, help="a checkout of github alex1770/wordle")
    args = parser.parse_args()
    failed = False
    for ours, theirs in PAIRS.items():
        if not (DATA / ours).is_file() or not (args.checkout / theirs).is_file():
            print(f"{ours}: skipped (no {'table' if not (DATA / ours).is_file() else theirs})")
            continue
        failed = report(DATA / ours, args.checkout / theirs) or failed
    sys.exit(1 if failed else 0)


def report(ours: Path, theirs: Path) -> bool:
    """Print one table's comparison; whether any entry contradicts."""
    counts, wrong = compare(ours, theirs)
    print(f"{ours.relative_to(DATA.parent)}: "
          + ", ".join(f"{n} {what}" for what, n in counts.items())
          + (f"; {len(wrong)} CONTRADICT the published table" if wrong else "; all agree"))
    for line in wrong[:20]:
        print("   ", line)
    return bool(wrong)


if __name__ == "__main__":
    main()
