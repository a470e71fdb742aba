"""What the store of proven states saves when a search is stopped and run
again: one opener searched whole (the baseline), then searched with a store
and stopped after STOP seconds (Ctrl-C, as a table run is stopped), then
resumed by a new searcher from that store. Search CPU, one thread.

    python benchmarks/store_resume.py --lists nyt2023 --opener blitz --stop 15

With ``--memo-weight`` the memo entries kept are those of that weight or
more (the log2 of the states their search visited; the store's default is
``exact.store.MEMO_WEIGHT``).
"""

import argparse
import os
import signal
import tempfile
import threading
import time
from pathlib import Path

from wordle_fast.exact import store as store_module
from wordle_fast.exact.search import Stopped, make_exact_searcher, opener_total
from wordle_fast.exact.store import ProvenStore, store_description
from wordle_fast.lexicon import lexicon_from


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", default="nyt2023")
    parser.add_argument("--opener", default="blitz")
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--stop", type=float, default=15.0, metavar="SECONDS")
    parser.add_argument("--memo-weight", type=int, default=store_module.MEMO_WEIGHT)
    args = parser.parse_args()
    store_module.MEMO_WEIGHT = args.memo_weight
    mode = "hard" if args.hard else "off"
    lexicon = lexicon_from(lists=args.lists)
    lexicon.matrix
    row = lexicon.guess_index(args.opener)

    searcher = make_exact_searcher(lexicon, mode, n_threads=1)
    started = time.process_time()
    total = opener_total(searcher, lexicon, row, 6)
    print(f"whole:    {total} in {time.process_time() - started:.2f} s, "
          f"{searcher.states} states")

    with tempfile.TemporaryDirectory() as folder:
        store = ProvenStore(Path(folder) / "states.sqlite", store_description(lexicon, mode))
        searcher = make_exact_searcher(lexicon, mode, n_threads=1)
        timer = threading.Timer(args.stop, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        started = time.process_time()
        try:
            opener_total(searcher, lexicon, row, 6, store=store)
            print("finished before the stop: choose a shorter --stop")
        except Stopped as stop:
            print(f"stopped:  at least {stop.lower_bound} after "
                  f"{time.process_time() - started:.2f} s; kept {len(store)} buckets, "
                  f"{store.memo_rows()} memo entries")
        timer.cancel()
        searcher = make_exact_searcher(lexicon, mode, n_threads=1)
        started = time.process_time()
        restored = store.restore_memo(searcher)
        resumed = opener_total(searcher, lexicon, row, 6, store=store)
        print(f"resumed:  {resumed} in {time.process_time() - started:.2f} s (restoring "
              f"{restored} memo entries included), {searcher.states} states")
        store.close()


if __name__ == "__main__":
    main()
