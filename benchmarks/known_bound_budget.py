"""Does a known upper bound on an opener's total speed up its exact search?

An edition with the same answers and more guesses can only do as well or
better: the nyt2022 table's total of an opener bounds its nyt2022-08 total
from above. This searches openers of the nyt2022-08 normal table that are
exact in the nyt2022 table and not yet in this one, three ways, each with a
fresh searcher in this one process (one thread):

- ``none``: ``opener_total`` without a budget (what ``openers --exact --all`` does);
- ``slack``: every bucket solved outright, smallest first, each with the
  slack the known bound leaves as its budget (the bound is achievable, so
  every search ends exact);
- ``stepped``: ``opener_total`` with the known bound as its budget (the
  stepped searches that refute openers).

It prints CPU seconds and states per opener, then the sums and medians.
The sample is drawn from the openers still bounded, so it changes as the
nyt2022-08 table advances.

    python benchmarks/known_bound_budget.py --sample 8 --seed 2026
"""

import argparse
import random
import statistics
import time

import numpy as np

from wordle_fast.exact.search import make_exact_searcher, opener_total
from wordle_fast.exact.tables import EXACT, LOWER_BOUND, shipped_table
from wordle_fast.lexicon import Lexicon
from wordle_fast.rulebook import Rules

MAX_GUESSES = 6


def solved_with_slack(searcher, lexicon: Lexicon, row: int, known_total: int) -> int:
    """The opener's exact total, each bucket solved outright with the slack
    ``known_total`` (an achievable total) leaves as its budget."""
    codes, sizes, bounds = searcher.bucket_bounds(row, MAX_GUESSES)
    bounds = bounds.tolist()
    total = lexicon.n_answers + sum(bounds)
    opener_codes = lexicon.matrix[row]
    for b in sorted(range(len(sizes)), key=lambda b: sizes[b]):
        if sizes[b] <= 2:               # one or two words: the bound is the value
            continue
        slack = known_total - (total - bounds[b])
        code = int(codes[b])
        value = max(int(searcher.solve(np.flatnonzero(opener_codes == code), MAX_GUESSES - 1,
                                       slack, after=(row, code))), bounds[b])
        if value > slack:
            raise AssertionError(f"{lexicon.guesses[row]}: {known_total} is not achievable")
        total += value - bounds[b]
        bounds[b] = value
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=8, help="openers to search")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    lexicon = Lexicon.edition("nyt2022-08", n_threads=1)
    known = shipped_table(Lexicon.edition("nyt2022"), Rules("off", MAX_GUESSES)).entries
    table = shipped_table(lexicon, Rules("off", MAX_GUESSES)).entries
    pool = sorted(word for word, entry in table.items()
                  if entry.status == LOWER_BOUND and word in known
                  and known[word].status == EXACT)
    words = random.Random(args.seed).sample(pool, args.sample)

    ways = {
        "none": lambda searcher, row, bound: opener_total(searcher, lexicon, row, MAX_GUESSES),
        "slack": lambda searcher, row, bound: solved_with_slack(searcher, lexicon, row, bound),
        "stepped": lambda searcher, row, bound: opener_total(searcher, lexicon, row, MAX_GUESSES,
                                                              budget=bound),
    }
    cpu = {way: [] for way in ways}
    for word in words:
        row, bound = lexicon.guess_index(word), known[word].total
        line, totals = f"{word} known {bound}", set()
        for way, search in ways.items():
            searcher = make_exact_searcher(lexicon, "off", n_threads=1)
            started = time.process_time()
            totals.add(int(search(searcher, row, bound)))
            cpu[way].append(time.process_time() - started)
            line += f"  {way} {cpu[way][-1]:.1f} s {searcher.states} states"
        if len(totals) != 1:
            raise AssertionError(f"{word}: the three searches disagree: {sorted(totals)}")
        print(f"{line}  exact {totals.pop()}", flush=True)
    for way, seconds in cpu.items():
        print(f"{way}: {sum(seconds):.1f} s of CPU in all, median {statistics.median(seconds):.2f} s")


if __name__ == "__main__":
    main()
