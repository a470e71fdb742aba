"""Where stage 3 of a table's proof runs: local worker processes (one
kernel thread each, as the processes share the cores) or a Dask cluster."""

from __future__ import annotations

import os
from functools import lru_cache

from wordle_fast.errors import WordleError
from wordle_fast.exact.search import fewest_guarantee, make_exact_searcher, opener_total
from wordle_fast.lexicon import Lexicon


@lru_cache(maxsize=2)
def _worker_searcher(lists, hard_mode):
    # One lexicon and searcher per worker process and lists, memo shared by
    # its jobs; one kernel thread, as the processes share the cores.
    lexicon = Lexicon(list(lists[0]), list(lists[1]), n_threads=1)
    return lexicon, make_exact_searcher(lexicon, hard_mode, n_threads=1)


def prove_job(lists, hard_mode, max_guesses, rows, budget, buckets):
    """[(row, opener_total)] for each of ``rows`` in turn (openers with the
    same letters, whose searches share the memo), ``buckets`` theirs or None."""
    lexicon, searcher = _worker_searcher(lists, hard_mode)
    return [(row, opener_total(searcher, lexicon, row, max_guesses, budget, buckets=its_buckets))
            for row, its_buckets in zip(rows, buckets, strict=True)]


def guarantee_job(lists, hard_mode, max_guesses, rows):
    """[(row, limit, total)] (``fewest_guarantee``) for each of ``rows``."""
    lexicon, searcher = _worker_searcher(lists, hard_mode)
    return [(row, *fewest_guarantee(searcher, lexicon, row, max_guesses)) for row in rows]


def default_workers() -> int:
    """Processes for stage 3: one per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:   # not on Linux
        return max(1, os.cpu_count() or 1)


def cluster_executor(address: str, timeout: float = 10):
    """A ``concurrent.futures`` executor over the Dask cluster whose scheduler
    is at ``address`` (e.g. ``tcp://10.0.0.5:8786``), and its client (close
    it when done). Every worker needs wordle_fast installed. Needs the
    ``cluster`` extra: ``pip install 'wordle-fast[cluster]'``."""
    try:
        from distributed import Client
    except ImportError:
        raise WordleError("a Dask scheduler needs Dask's distributed package: "
                          "pip install 'wordle-fast[cluster]'") from None
    try:
        client = Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as error:
        raise WordleError(f"cannot reach the Dask scheduler at {address!r}: {error}") from None
    return client.get_executor(), client
