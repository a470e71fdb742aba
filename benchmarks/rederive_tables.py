"""Every shipped opening table held to this build: a seeded sample of each
table's settled entries proven again from scratch.

    python benchmarks/rederive_tables.py [--per-table 4] [--seed 1] [--priors]

For each shipped table of the uniform search (the four editions, normal and
hard mode) ``--per-table`` openers are drawn with ``--seed`` (and the table's name) from the
entries the table settled: an exact total is proven again by
``opener_total`` (as a table proves an opener, with the depth-only check
first) and must be equal; an opener that cannot finish must be proven
unable again. ``--priors`` does the same for the tables under the
frequency prior (exact entries of the certificates). One searcher per
table, one kernel thread. Prints each opener's figure and search CPU, and
exits 1 if any differs: the check that a change to the search leaves every
shipped figure as it was.
"""

import argparse
import random
import sys
import time

from wordle_fast import Lexicon, Rules
from wordle_fast.exact.search import UNSOLVABLE, make_exact_searcher, opener_total
from wordle_fast.exact.tables import CANNOT_FINISH, EXACT, shipped_table
from wordle_fast.priors import weighing

UNIFORM = [(lists, mode) for lists in ("original", "nyt2022", "nyt2022-08", "nyt2023")
           for mode in ("off", "hard")]
UNDER_THE_PRIOR = [("original", "off"), ("original", "hard"), ("nyt2023", "off"),
                   ("nyt2023", "hard")]


def check_table(lists: str, mode: str, prior_name: str, per_table: int, seed: int) -> int:
    """The mismatches among a sample of one shipped table's settled entries."""
    lexicon = Lexicon.edition(lists, n_threads=1)
    prior = weighing(prior_name, lexicon.answers)
    table = shipped_table(lexicon, Rules(mode=mode), prior)
    if table is None:
        print(f"{lists} {mode} {prior_name}: no finished table ships")
        return 0
    settled = sorted(word for word, entry in table.entries.items()
                     if entry.status in (EXACT, CANNOT_FINISH))
    searcher = make_exact_searcher(lexicon, mode, n_threads=1,
                                   weights=None if prior is None else prior.integers)
    wrong = 0
    draw = random.Random(f"{seed} {lists} {mode} {prior_name}")    # a sample per table
    for word in draw.sample(settled, min(per_table, len(settled))):
        entry = table.entries[word]
        started = time.process_time()
        total = int(opener_total(searcher, lexicon, lexicon.guess_index(word), 6,
                                 finish_check=True))
        cpu = time.process_time() - started
        if entry.status == EXACT:
            same = total == entry.total
            shown = f"{total} (shipped {entry.total})"
        else:
            same = total >= UNSOLVABLE
            shown = "cannot finish" if same else f"{total}, but shipped as cannot finish"
        wrong += not same
        print(f"{lists:10} {mode:4} {prior_name:9} {word}  {shown}  {cpu:.2f} s"
              f"{'' if same else '  DIFFERS'}", flush=True)
    return wrong


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-table", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--priors", action="store_true",
                        help="also the tables under the frequency prior")
    args = parser.parse_args()
    tables = [(lists, mode, "uniform") for lists, mode in UNIFORM]
    if args.priors:
        tables += [(lists, mode, "frequency") for lists, mode in UNDER_THE_PRIOR]
    started = time.perf_counter()
    wrong = sum(check_table(lists, mode, prior, args.per_table, args.seed)
                for lists, mode, prior in tables)
    print(f"{wrong} of the entries re-derived differ ({time.perf_counter() - started:.0f} s)")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
