"""How a table's proof is shared out: the order of its openers (groups
with the same letters), and where stage 3 runs: local worker processes
(one kernel thread each, as the processes share the cores) or a Dask
cluster."""

from __future__ import annotations

import logging
import os
from functools import lru_cache

from wordle_fast.errors import WordleError
from wordle_fast.exact.search import fewest_guarantee, make_exact_searcher, opener_total
from wordle_fast.exact.store import ProvenStore, store_description
from wordle_fast.lexicon import Lexicon
from wordle_fast.priors import Prior
from wordle_fast.rulebook import Rules

BOUND_BATCH = 256       # openers per call of the bound pass (progress, Ctrl-C between)


def same_letters(left, guesses) -> list[list[tuple[int, int]]]:
    """The (bound, row) pairs of ``left`` in groups of openers with the same
    letters (TARSE, RATES, STARE...), in the order of ``left``: each group
    where its first opener was. Such openers leave the same answers in
    their all-gray bucket, often their largest (and in hard mode the
    same rule: nothing shown), and searched one after the other by one
    searcher they share that bucket's whole tree in its memo. Searched
    without a budget, one searcher, the memo cleared between groups or
    between openers: 18 openers of the complete normal table (six groups of
    three) took 74 s of CPU together against 143 s apart; 15 openers of
    the original hard-mode table, 5.2 s against 6.7 s."""
    groups: dict[frozenset, list] = {}
    for bound, row in left:
        groups.setdefault(frozenset(guesses[row]), []).append((bound, row))
    return list(groups.values())


def bound_pass_order(rows: list[int], guesses, batch: int = BOUND_BATCH) -> list[int]:
    """The openers ``rows`` in the order the bound pass takes them, in
    batches of ``batch``: openers with the same letters in one batch, as
    ``opener_bounds`` bounds the buckets they share once; within a batch
    the first of each group first, then the second of each, and so on, so
    that the threads, which take neighbouring openers at the same time, do
    not bound a shared bucket twice (original lists, normal mode, two
    threads, the whole pass: 70.4 s in groups, 67.0 s so; 80 s before the
    sharing; benchmarks/LOG.md)."""
    groups = same_letters([(0, row) for row in rows], guesses)
    ordered = [row for group in groups for _, row in group]
    rank = {row: place for group in groups for place, (_, row) in enumerate(group)}
    return [row for start in range(0, len(ordered), batch)
            for row in sorted(ordered[start:start + batch], key=rank.__getitem__)]


@lru_cache(maxsize=2)
def _worker_searcher(lists, hard_mode, memo_bytes=None, prior: Prior | None = None):
    # One lexicon and searcher per worker process, lists and prior, memo
    # shared by its jobs; one kernel thread, as the processes share the cores.
    lexicon = Lexicon(list(lists[0]), list(lists[1]), n_threads=1)
    return lexicon, make_exact_searcher(lexicon, hard_mode, n_threads=1, memo_bytes=memo_bytes,
                                        weights=None if prior is None else prior.integers)


def table_store(store, lexicon: Lexicon, hard_mode: str, searcher,
                prior: Prior | None = None) -> ProvenStore | None:
    """The store of proven states a table's run searches with, attached to
    ``searcher``: ``store`` True for the default one of these lists, mode
    and prior, a path, or False for none (None returned). The default one only
    saves time: if it cannot be used, the run goes on without it, with a
    warning; a store the caller named is refused with its error."""
    if store is False:
        return None
    try:
        opened = ProvenStore(None if store is True else store,
                             store_description(lexicon, hard_mode, prior))
        opened.attach(searcher)
    except WordleError as error:
        if store is not True:
            raise
        logging.getLogger("wordle_fast").warning(
            "wordle-fast: %s; the run goes on without a store", error)
        return None
    return opened


@lru_cache(maxsize=2)
def _worker_store(path, lists, hard_mode, memo_bytes, prior=None):
    # The store at ``path`` (checked by the process that named it), opened
    # once per worker process.
    if path is None:
        return None
    lexicon, searcher = _worker_searcher(lists, hard_mode, memo_bytes, prior)
    store = ProvenStore(path, store_description(lexicon, hard_mode, prior))
    store.attach(searcher)
    return store


def prove_job(lists, rules: Rules, rows, budget, buckets, store_path=None, memo_bytes=None,
              prior: Prior | None = None):
    """[(row, opener_total)] under ``rules`` for each of ``rows`` in turn
    (openers with the same letters, whose searches share the memo),
    ``buckets`` theirs or None; ``store_path``: the store of proven states
    to search with, if any; ``memo_bytes``: the size of the searcher's memo,
    if not the default; ``prior``: the answers' weights (None: uniform)."""
    lexicon, searcher = _worker_searcher(lists, rules.mode, memo_bytes, prior)
    store = _worker_store(store_path, lists, rules.mode, memo_bytes, prior)
    return [(row, opener_total(searcher, lexicon, row, rules.max_guesses, budget,
                               buckets=its_buckets, store=store, finish_check=True))
            for row, its_buckets in zip(rows, buckets, strict=True)]


def guarantee_job(lists, rules: Rules, rows, store_path=None, memo_bytes=None,
                  prior: Prior | None = None):
    """[(row, limit, total)] (``fewest_guarantee`` beyond ``rules``'s limit)
    for each of ``rows``, as ``prove_job`` takes its arguments."""
    lexicon, searcher = _worker_searcher(lists, rules.mode, memo_bytes, prior)
    store = _worker_store(store_path, lists, rules.mode, memo_bytes, prior)
    return [(row, *fewest_guarantee(searcher, lexicon, row, rules.max_guesses, store=store))
            for row in rows]


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


def run_jobs(run, stage, groups, workers, executor, here, there, record) -> None:
    """The jobs of a table's run ``run`` (a ``proof.TableRun``): each
    (bound, row) of ``groups`` (lists of them), in order: one
    whose bound passes the threshold is recorded as it is; the others are
    searched, ``here`` (a row -> the result) or over processes, a group
    to a job, ``there`` (an executor and rows -> a future of their
    results), and each result goes to ``record(*result)``."""
    total = sum(len(group) for group in groups)
    # A handful of openers is proven here rather than paying for processes.
    if executor is None and (workers == 1 or total <= 2 * workers):
        done = 0
        for group in groups:
            for bound, row in group:
                run.progress(stage, done, total)
                if bound > run.threshold:
                    run.record(row, bound)
                else:
                    record(*here(row))
                done += 1
        run.progress(stage, total, total)
    else:
        _share_out(run, stage, groups, total, workers, executor, there, record)


def _share_out(run, stage, groups, total, workers, executor, there, record) -> None:
    # A few jobs in flight per worker, each sent with the threshold of
    # the moment: it only ever shrinks, so every answer stays a valid
    # certificate, and a better incumbent tightens the jobs sent after it.
    # (Imported here: processes cost every command's start 13 ms otherwise.)
    from concurrent.futures import FIRST_COMPLETED, wait
    from concurrent.futures.process import BrokenProcessPool

    from wordle_fast._pool import spawn_pool

    own_pool = None
    if executor is None:
        own_pool = executor = spawn_pool(workers)
    waiting, running, done = list(reversed(groups)), {}, 0
    try:
        while waiting or running:
            while waiting and len(running) < 2 * workers:
                rows = []
                for bound, row in waiting.pop():
                    if bound > run.threshold:
                        run.record(row, bound)
                        done += 1
                    else:
                        rows.append(row)
                if rows:
                    running[there(executor, rows)] = len(rows)
            if running:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    for result in future.result():
                        record(*result)
                    done += running.pop(future)
            run.progress(stage, done, total)
    except BrokenProcessPool:
        raise WordleError("a worker process died (killed, or out of memory?); the openers "
                          f"proven so far are saved in {run.path}: run the same command "
                          "again to resume") from None
    except KeyboardInterrupt:
        if own_pool is not None:
            own_pool.terminate()   # leaving would wait for the jobs running
        raise
    finally:
        for future in running:
            future.cancel()
        if own_pool is not None:
            own_pool.shutdown(wait=False, cancel_futures=True)
