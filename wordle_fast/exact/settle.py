"""Settling openers exactly, beyond the table at the optimum: chosen ones
(``settle_openers``) or every one (``complete_table``: the complete table,
with the fewest guesses each opener that cannot finish can guarantee)."""

from __future__ import annotations

import time
from pathlib import Path

from wordle_fast.core._backend import UNSOLVABLE
from wordle_fast.errors import WordleError, whole_number
from wordle_fast.exact.proof import TableRun, opening_table
from wordle_fast.exact.tables import (
    CANNOT_FINISH,
    LOWER_BOUND,
    OpeningTable,
    default_results_path,
    in_guess_order,
    table_description,
)
from wordle_fast.lexicon import Lexicon, lexicon_from
from wordle_fast.rulebook import Rules
from wordle_fast.words import words_given

WORST_FIRST = 4    # openers per worker searched first, worst first (see worst_first)


def settle_openers(words, lexicon: Lexicon | None = None, hard_mode: str | None = None,
                   max_guesses: int | None = None, *, workers: int = 1, executor=None,
                   results_path=None, progress=None, store=True,
                   memo_bytes: int | None = None, rules: Rules | None = None,
                   prior=None) -> OpeningTable:
    """The opening table (see ``opening_table``) with, besides, the exact
    total or "cannot finish" of every opener in ``words``, whatever its
    bound: openers a table at the optimum leaves with a lower bound, such as
    the ones people often play (the shipped hard-mode table's SOARE is one).
    They are searched without a budget, over ``workers`` processes or
    ``executor``, and saved in ``results_path`` (default: the cache
    directory) as they are proven: a Ctrl-C keeps them, and every later
    table for these lists, mode and limit includes them. ``progress`` is
    called as ``progress(stage, done, total)``, the last stage "settle".
    ``store``: the store of proven states (``exact.store``) at its default
    place (True), at a path, or none (False). ``memo_bytes``: each
    searcher's memo, if not the default (``make_exact_searcher``). The
    rules: ``hard_mode`` and ``max_guesses``, or ``rules``, and ``prior``
    (as ``opening_table`` takes them).
    """
    lexicon = lexicon or Lexicon()
    words = words_given(words, "the openers", "settle_openers([{}])")
    rows = [lexicon.guess_index(word) for word in words]    # an unknown word fails here
    workers = whole_number(workers, "the number of worker processes", minimum=1)
    table = opening_table(lexicon, hard_mode, max_guesses, workers=workers, executor=executor,
                          results_path=results_path, progress=progress, rules=rules,
                          prior=prior)
    started = time.perf_counter()
    run = _SettleRun.after(table, lexicon, results_path, progress, store, memo_bytes)
    left = [(0, row) for row in dict.fromkeys(rows)
            if table.entries[lexicon.guesses[row]].status == LOWER_BOUND]
    try:
        run.search(left, workers, executor)
    finally:
        run.save(force=True)
    return OpeningTable(table.rules, lexicon.n_answers, table.within,
                        in_guess_order(run.entries, lexicon),
                        table.seconds + time.perf_counter() - started,
                        "computed" if left else table.source,     # (nothing to settle: as read)
                        len(table.entries), {"openers_settled": len(left)},
                        run.unsaved or table.unsaved, table.prior)


class _SettleRun(TableRun):
    """Exact totals for chosen openers: searched without a budget, every
    other entry kept as it is."""

    search_stage = "settle"
    threshold = UNSOLVABLE - 1

    def __init__(self, lexicon, rules, within, path, description, known, progress,
                 memo_bytes=None, prior=None):
        super().__init__(lexicon, rules, within, path, description, known, progress, memo_bytes,
                         prior)
        self.entries = dict(known)   # lower bounds too: only the chosen openers change

    @classmethod
    def after(cls, table: OpeningTable, lexicon, results_path, progress, store,
              memo_bytes=None):
        """A run that goes on from ``table``, under its rules and prior,
        saving to ``results_path`` (default: the cache directory's results
        file for these lists, rules and prior), with the store of proven
        states ``store`` (True, a path or False)."""
        rules, prior = table.rules, table.prior
        path = Path(results_path) if results_path else default_results_path(lexicon, rules, prior)
        run = cls(lexicon, rules, table.within, path, table_description(lexicon, rules, prior),
                  table.entries, progress, memo_bytes, prior)
        run.use_store(store)
        return run


def complete_table(lexicon: Lexicon | None = None, hard_mode: str | None = None,
                   max_guesses: int | None = None, *, workers: int = 1, executor=None,
                   results_path=None, progress=None, lists: str | None = None,
                   store=True, memo_bytes: int | None = None,
                   recompute: bool = False, rules: Rules | None = None,
                   incumbent: str | None = None, prior=None) -> OpeningTable:
    """The complete opening table: every opener settled, its exact total or
    "cannot finish", and for each opener that cannot finish, the fewest
    guesses it can guarantee and its least total within them.

    It starts from the table at the optimum (``opening_table``) and searches
    every opener still holding a lower bound without a budget (a few of the
    worst first, then lowest bound first: ``worst_first``; openers with the
    same letters together), then the guarantees,
    over ``workers`` processes or ``executor``. Every entry is saved in
    ``results_path`` (default: the cache directory) as it is proven (over
    processes, as its group of openers with the same letters is), so a
    Ctrl-C or a crash loses at most the openers being searched, and the same
    call resumes, the openers being searched near where they stopped (what
    their searches proved is kept in ``store``, as ``settle_openers`` says).
    ``progress(stage, done, total)``
    reports the stages, the last two "complete" and "guarantee".
    ``memo_bytes`` sizes each searcher's memo (``settle_openers``).
    ``recompute`` starts from nothing, as ``opening_table``'s does: neither
    the shipped table nor the saved results are read (the store is kept or
    not by ``store`` alone). The rules: ``hard_mode`` and ``max_guesses``,
    or ``rules``, and ``prior`` (as ``opening_table`` takes them);
    ``incumbent``: the opener it solves first (``opening_table``)."""
    lexicon = lexicon_from(lexicon=lexicon, lists=lists)
    workers = whole_number(workers, "the number of worker processes", minimum=1)
    _check_memory(lexicon, workers if executor is None else 1, memo_bytes)
    table = opening_table(lexicon, hard_mode, max_guesses, workers=workers, executor=executor,
                          results_path=results_path, progress=progress, recompute=recompute,
                          rules=rules, incumbent=incumbent, prior=prior)
    started = time.perf_counter()
    run = _SettleRun.after(table, lexicon, results_path, progress, store, memo_bytes)
    run.search_stage = "complete"
    bounded = worst_first(sorted((entry.total, lexicon.guess_index(word))
                                 for word, entry in table.entries.items()
                                 if entry.status == LOWER_BOUND), workers)
    try:
        run.search([(0, row) for _, row in bounded], workers, executor)
        unguaranteed = [lexicon.guess_index(word) for word, entry in run.entries.items()
                        if entry.status == CANNOT_FINISH and entry.guarantee is None]
        run.guarantee(unguaranteed, workers, executor)
    finally:
        run.save(force=True)
    return OpeningTable(table.rules, lexicon.n_answers, table.within,
                        in_guess_order(run.entries, lexicon),
                        table.seconds + time.perf_counter() - started,
                        "computed" if bounded or unguaranteed else table.source,
                        table.reused, {"openers_settled": len(bounded)},
                        run.unsaved or table.unsaved, table.prior)


def worst_first(bounded: list, workers: int) -> list:
    """The (bound, row) pairs of a complete table's search, sorted by bound,
    in the order to search them: the ``WORST_FIRST`` per worker with the
    highest bounds first, highest first, then the rest lowest first. The
    cheap openers first settle the most per hour; the worst first keep the
    end of the run from waiting on one worker: QAJAQ alone takes 22 minutes
    (original lists, normal mode), and lowest first it came last."""
    worst = WORST_FIRST * workers
    if len(bounded) <= worst:
        return bounded[::-1]
    return bounded[:-worst - 1:-1] + bounded[:-worst]


def _check_memory(lexicon: Lexicon, processes: int, memo_bytes: int | None = None) -> None:
    """Refuse, before any work, a run whose pattern matrices (one in this
    process and one per worker process), and memos of ``memo_bytes`` as
    many when asked for, would not fit in memory."""
    from wordle_fast.lexicon import available_memory

    each = lexicon.matrix_bytes + (memo_bytes or 0)
    needed = each * (1 + processes)
    available = available_memory()
    if available is not None and needed > available:
        memos = f" and memos of {memo_bytes / 2**30:.2f} GiB" if memo_bytes else ""
        raise WordleError(f"{1 + processes} pattern matrices of {lexicon.n_guesses} guesses by "
                          f"{lexicon.n_answers} answers{memos} need {needed / 2**30:.1f} GiB "
                          f"and this machine has {available / 2**30:.1f} GiB available: use "
                          f"fewer --workers{', a smaller --memo' if memo_bytes else ''}, or "
                          "shorter lists")
