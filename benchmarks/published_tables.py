"""Hold the shipped opening tables to the C++ solver's published tables
(the complete ``results_easy_*`` / ``results_hard_*`` in github
alex1770/wordle, and for the original lists its partial ``*.proven``
files): every exact entry must equal the published total, every lower bound
must not pass it, and every "cannot finish" must be published as such.

    python benchmarks/published_tables.py /tmp/cpp    # a checkout of that repository

Across editions as well: nyt2022's answers are the original ones less six,
over the same guesses, so an opener's original-list play, with those six
left out, plays nyt2022 for at least 11 guesses fewer (each costs one guess
or more, and at most one costs a single guess). Every exact total of the
original lists must be at least 11 above the published nyt2022 total (so
no opener published as unable to finish on nyt2022 is exact here).

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
    for mode, theirs in (("normal", "results_easy_nyt20220316"),
                         ("hard", "results_hard_nyt20220316")):
        if (DATA / f"exact-openers-{mode}.json").is_file() and (args.checkout / theirs).is_file():
            failed = across_editions(DATA / f"exact-openers-{mode}.json",
                                     args.checkout / theirs) or failed
    sys.exit(1 if failed else 0)


def across_editions(original: Path, nyt2022: Path) -> bool:
    """Print how the original lists' exact totals stand to the published
    nyt2022 totals (six answers fewer); whether any is less than 11 above."""
    entries = json.loads(original.read_text())["entries"]
    reference = published(nyt2022)
    gaps = sorted(total - reference[word] for word, (status, total, *_) in entries.items()
                  if status == "exact" and word in reference)   # (a published "cannot": < 0)
    wrong = sum(gap < 11 for gap in gaps)
    # an opener that cannot finish on nyt2022 cannot on the original lists
    # either; the converse need not hold, so only count those
    ours_cannot = {word for word, (status, *_) in entries.items() if status == "cannot finish"}
    theirs_cannot = {word for word, total in reference.items() if total >= CANNOT}
    print(f"{original.relative_to(DATA.parent)} against {nyt2022.name} (six answers fewer): "
          f"{len(gaps)} exact totals, each above the nyt2022 total by {gaps[0] if gaps else '-'}"
          f" to {gaps[-1] if gaps else '-'}"
          + (f"; {wrong} by LESS THAN 11" if wrong else "; all at least 11")
          + f"; {len(ours_cannot)} cannot finish here, {len(theirs_cannot)} on nyt2022"
          f" ({len(ours_cannot & theirs_cannot)} in both)")
    return bool(wrong)


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
