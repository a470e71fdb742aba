"""Proving the exact opening table: a certificate for every allowed first guess.

``opening_table`` gives each opener one entry:

* ``exact``: its proven total (every opener within ``within`` of the optimum
  gets one, and so may others met on the way);
* ``lower bound``: a proven lower bound above the optimum plus ``within``;
* ``cannot finish``: some answer cannot be solved within the guess limit.

Together they prove the optimum over the whole guess list, and name every
opener that reaches it. How, in three stages:

1. an incumbent: the openers with the best cheap score (expected remaining
   set) get their one-level bound, and the lowest is solved exactly;
2. the bound pass: every opener's one-level bound (n plus, per bucket, the
   best 3s - k - [candidate] over the guesses, or a closed form), compiled and
   shared over the cores, each stopped as soon as it passes the threshold
   (optimum + within); on the bundled lists it refutes about 97% of openers;
3. the openers left, best bound first, searched with optimum + within as the
   budget (buckets start at their bounds, so a hopeless opener stops early).

Stage 3 runs in this process (its memo shared across openers) or is shared
out over local processes or a Dask cluster, one kernel thread each. Entries
are saved as they are proven and a rerun reuses them; tables for the bundled
lists ship in ``wordle_fast/data`` and answer at once.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from wordle_fast.cache import rescue_path
from wordle_fast.core._backend import UNSOLVABLE
from wordle_fast.errors import whole_number
from wordle_fast.exact.results import merged_entries, save_table, trusted_results
from wordle_fast.exact.scheduling import (
    BOUND_BATCH, bound_pass_order, guarantee_job, prove_job, run_jobs, same_letters, table_store)
from wordle_fast.exact.search import (
    by_cheap_score, fewest_guarantee, make_exact_searcher, opener_total)
from wordle_fast.exact.store import ProvenStore
from wordle_fast.exact.tables import (
    CANNOT_FINISH,
    EXACT,
    LOWER_BOUND,
    OpenerEntry,
    OpeningTable,
    default_results_path,
    in_guess_order,
    shipped_progress,
    shipped_table,
    table_description,
)
from wordle_fast.lexicon import Lexicon, lexicon_from
from wordle_fast.priors import Prior, weighing
from wordle_fast.rulebook import Rules, one_board_rules

SHORTLIST = 30          # openers whose bounds pick the first incumbent
SAVE_EVERY = 5.0        # seconds between saves of the results file


def opening_table(lexicon: Lexicon | None = None, hard_mode: str | None = None,
                  max_guesses: int | None = None,
                  within: int = 0, *, workers: int = 1, executor=None, results_path=None,
                  recompute: bool = False, progress=None, lists: str | None = None,
                  rules: Rules | None = None, incumbent: str | None = None,
                  store=False, memo_bytes: int | None = None, prior=None) -> OpeningTable:
    """The certificate of every allowed opener (see the module docstring).

    ``within``: every opener whose total is at most optimum + within gets its
    exact total. A shipped table for these lists, mode and limit answers at
    once when its margin covers ``within`` (with the stronger claims of the
    results file added, such as openers ``settle_openers`` proved); otherwise
    entries saved in
    ``results_path`` (default: the cache directory) or shipped are reused, so
    a run stopped by Ctrl-C resumes. ``recompute`` ignores both and proves
    everything afresh. Stage 3 runs here when ``workers`` is 1, else over
    that many local processes, or over ``executor`` (any
    ``concurrent.futures`` executor, such as a Dask cluster's). ``progress``
    is called as ``progress(stage, done, total)``. ``lists`` names a bundled
    edition of the word lists instead of a ``lexicon``. The rules:
    ``hard_mode`` (default off) and ``max_guesses`` (default 6), or
    ``rules``, a :class:`wordle_fast.Rules` of one board.
    ``incumbent``: an opener to solve first (a published best). ``store``:
    the store of proven states (``exact.store``) at its default place
    (True), a path, or none (False); ``memo_bytes``: each searcher's memo.
    ``prior``: weigh the answers (``make_prior`` takes it: "frequency", a
    weights file, a mapping...), every total then the sum of weight x
    guesses in the prior's whole weights; None: each answer counts once.
    """
    rules = one_board_rules(rules, mode=hard_mode, max_guesses=max_guesses)
    within = whole_number(within, "the margin (in guesses)", minimum=0)
    workers = whole_number(workers, "the number of worker processes", minimum=1)
    lexicon = lexicon_from(lexicon=lexicon, lists=lists)
    prior = weighing(prior, lexicon.answers)
    incumbent_row = None if incumbent is None else lexicon.guess_index(incumbent)
    started = time.perf_counter()
    description = table_description(lexicon, rules, prior)
    # A --results file is checked first, even when the shipped table
    # answers: a file that is not a table for these lists is never used or
    # overwritten, and the mistake is said at once.
    path = Path(results_path) if results_path else default_results_path(lexicon, rules, prior)
    shipped = shipped_table(lexicon, rules, prior)
    saved = trusted_results(path, description, lexicon, rules, shipped,
                            named=results_path is not None, prior=prior)
    if recompute:
        shipped = None
    if shipped is not None and shipped.within >= within:
        if saved is not None:   # openers settled since (settle_openers) add to it
            merged = merged_entries(shipped.entries, saved[0])
            if merged != shipped.entries:
                shipped.entries = in_guess_order(merged, lexicon)
                shipped.source += f" and {path}"
        return shipped
    known: dict[str, OpenerEntry] = {}
    if not recompute:
        known.update(shipped.entries if shipped is not None
                     else shipped_progress(lexicon, rules, prior))
        known = merged_entries(known, saved[0]) if saved is not None else known
    run = TableRun(lexicon, rules, within, path, description, known, progress, memo_bytes,
                   prior)
    run.use_store(store)
    try:
        run.prove(workers, executor, incumbent_row)
    finally:
        run.save(force=True)
    return OpeningTable(rules, lexicon.n_answers, within,
                        in_guess_order(run.entries, lexicon), time.perf_counter() - started,
                        "computed", run.reused, run.stages, run.unsaved, prior)


class TableRun:
    """One computation of a table: the entries so far and the incumbent."""

    search_stage = "search"      # the name stage 3 reports its progress under

    def __init__(self, lexicon, rules: Rules, within, path, description, known,
                 progress, memo_bytes=None, prior: Prior | None = None):
        self.lexicon, self.rules, self.prior = lexicon, rules, prior
        self.within, self.path, self.description = within, path, description
        self.progress = progress or (lambda stage, done, total: None)
        self.memo_bytes = memo_bytes    # each searcher's memo, here and in the workers
        self.searcher = make_exact_searcher(
            lexicon, rules.mode, memo_bytes=memo_bytes,
            weights=None if prior is None else prior.integers)
        self.entries: dict[str, OpenerEntry] = {}
        # Proven bounds at or below the threshold: not certificates, but
        # saved, so that a resumed run need not bound those openers again.
        self.open_bounds: dict[str, int] = {}
        # The bound pass's per-bucket bounds of the openers it leaves open, by
        # row, handed to their search so it need not bound them again (half
        # the time of a typical stage-3 opener in hard mode on nyt2023).
        self.first_buckets: dict[int, tuple] = {}
        exact = [e.total for e in known.values() if e.status == EXACT]
        self.best = min(exact) if exact else None
        # A saved lower bound still certifies an opener if it passes the
        # threshold; exact totals and "cannot finish" always do.
        for word, entry in known.items():
            if entry.status != LOWER_BOUND or entry.total > self.threshold:
                self.entries[word] = entry
            else:
                self.open_bounds[word] = entry.total
        self.reused = len(self.entries)
        self.last_save = time.perf_counter()
        self.stages = {}
        self.store: ProvenStore | None = None   # see use_store
        self.unsaved = self.unsaved_from = None   # why not saved, and where it was asked to be

    @property
    def max_guesses(self) -> int:
        """The depth every opener is searched to: the rules' limit."""
        return self.rules.max_guesses

    def use_store(self, store) -> None:
        """Search with the store of proven states ``store`` (True, a path or
        False: ``scheduling.table_store``), here and in the workers."""
        self.store = table_store(store, self.lexicon, self.rules.mode, self.searcher,
                                 self.prior)

    @property
    def threshold(self) -> int:
        """Openers whose total may be at most this need an exact total."""
        return UNSOLVABLE - 1 if self.best is None else self.best + self.within

    def record(self, row: int, value: int) -> None:
        word = self.lexicon.guesses[row]
        self.first_buckets.pop(row, None)
        # (a bound above the answers' weight x limit proves it too: no
        # total that finishes exceeds that)
        if value >= UNSOLVABLE or value > self.searcher.total_weight * self.max_guesses:
            self.entries[word] = OpenerEntry(word, CANNOT_FINISH, None)
        elif value <= self.threshold:
            self.entries[word] = OpenerEntry(word, EXACT, int(value))
            self.best = int(value) if self.best is None else min(self.best, int(value))
        else:
            self.entries[word] = OpenerEntry(word, LOWER_BOUND, int(value))
        self.save()

    def save(self, force: bool = False) -> None:
        if force or time.perf_counter() - self.last_save > SAVE_EVERY:
            open_bounds = {word: bound for word, bound in self.open_bounds.items()
                           if word not in self.entries}
            try:
                save_table(self.path, self.description, self.entries, self.within, open_bounds)
            except OSError as error:
                self._rescue(error, open_bounds)
            self.last_save = time.perf_counter()

    def _rescue(self, error: OSError, open_bounds) -> None:
        """The results file cannot be written (read-only, a full disk): the
        entries go to a file in the temporary folder, saved there from then
        on, and ``unsaved`` says so, for the caller to tell after the result
        (the file as it was stays whole: saves replace it atomically)."""
        wanted = self.unsaved_from or self.path
        lost = f"cannot save the results to {wanted} ({error.strerror or error})"
        rescue = rescue_path(self.path)
        try:
            save_table(rescue, self.description, self.entries, self.within, open_bounds)
        except OSError:
            self.unsaved = f"{lost}, nor to {rescue}: a rerun proves them again"
            return
        self.unsaved_from, self.path = wanted, rescue
        self.unsaved = (f"{lost}; the {len(self.entries)} entries proven are kept in {rescue}: "
                        f"`wordle-fast openers --exact --results {rescue}` with the same lists "
                        "and rules resumes from there")

    def open_rows(self) -> np.ndarray:
        done = self.entries
        return np.array([row for row, word in enumerate(self.lexicon.guesses)
                         if word not in done], dtype=np.intp)

    def prove(self, workers: int, executor, incumbent: int | None = None) -> None:
        lexicon, searcher = self.lexicon, self.searcher
        started = time.perf_counter()
        # 1. an incumbent, unless the saved entries hold one: the row named,
        # then the shortlist's, best bound first, until one finishes
        if self.best is None:
            shortlist = [row for row in by_cheap_score(lexicon)[:SHORTLIST]
                         if lexicon.guesses[row] not in self.entries and row != incumbent]
            bounds = searcher.opener_bounds(shortlist, self.max_guesses)
            first = [] if incumbent is None or lexicon.guesses[incumbent] in self.entries \
                else [incumbent]

            def placed(done):
                self.progress("incumbent", done, lexicon.n_answers)

            for row in first + [shortlist[i] for i in np.argsort(bounds, kind="stable")]:
                self.record(row, opener_total(searcher, lexicon, row, self.max_guesses,
                                              self.threshold, progress=placed,
                                              store=self.store))
                if self.best is not None:
                    break
        self.stages["incumbent_seconds"] = time.perf_counter() - started
        # 2. the bound pass, over the openers no earlier run bounded
        started = time.perf_counter()
        left, unbounded, open_rows = [], [], self.open_rows().tolist()
        for row in open_rows:
            bound = self.open_bounds.get(lexicon.guesses[row])
            if bound is None:
                unbounded.append(row)
            elif bound > self.threshold:
                self.record(row, bound)
            else:
                left.append((bound, row))
        self.stages["bounds_reused"] = len(open_rows) - len(unbounded)
        rows = np.array(bound_pass_order(unbounded, lexicon.guesses), dtype=np.intp)
        for start in range(0, len(rows), BOUND_BATCH):
            self.progress("bounds", start, len(rows))
            batch = rows[start:start + BOUND_BATCH]
            bounds, buckets = searcher.opener_bounds(batch, self.max_guesses, self.threshold,
                                                     with_buckets=True)
            # recorded batch by batch, so a Ctrl-C keeps the openers refuted
            for row, bound, its_buckets in zip(batch.tolist(), bounds.tolist(), buckets):
                if bound > self.threshold:
                    self.record(row, bound)
                else:
                    left.append((bound, row))
                    self.open_bounds[lexicon.guesses[row]] = bound
                    self.first_buckets[row] = its_buckets
        self.progress("bounds", len(rows), len(rows))
        self.save(force=True)
        self.stages["bound_pass_seconds"] = time.perf_counter() - started
        self.stages["openers_bounded"], self.stages["openers_searched"] = len(rows), len(left)
        # 3. the search, best bound first
        started = time.perf_counter()
        self.search(sorted(left), workers, executor)
        self.stages["search_seconds"] = time.perf_counter() - started

    def search(self, left, workers, executor) -> None:
        """Each opener of ``left`` (bound, row) searched with the threshold
        as its budget, in order; with no budget (a complete table), those
        with the same letters together (``same_letters``). With a budget
        they keep their order: there grouping made no difference (55
        nyt2023 hard stage-3 openers in 15 groups, one memo: 21.2 and 19.4 s
        of CPU in bound order, 19.0 and 22.3 s grouped)."""
        lists = (tuple(self.lexicon.answers), tuple(self.lexicon.guesses))
        if self.threshold >= UNSOLVABLE - 1:
            groups = same_letters(left, self.lexicon.guesses)
        else:
            groups = [[pair] for pair in left]

        def here(row):
            return row, opener_total(self.searcher, self.lexicon, row, self.max_guesses,
                                     self.threshold, buckets=self.first_buckets.pop(row, None),
                                     store=self.store, finish_check=True)

        def there(executor, rows):
            return executor.submit(prove_job, lists, self.rules, rows,
                                   self.threshold, [self.first_buckets.pop(row, None)
                                                    for row in rows], self._store_path(),
                                   self.memo_bytes, self.prior)

        run_jobs(self, self.search_stage, groups, workers, executor, here, there, self.record)

    def guarantee(self, rows, workers, executor) -> None:
        """The fewest guesses each opener of ``rows`` (which cannot finish in
        time) can guarantee, and its least total within them."""
        lists = (tuple(self.lexicon.answers), tuple(self.lexicon.guesses))

        def here(row):
            return row, *fewest_guarantee(self.searcher, self.lexicon, row, self.max_guesses,
                                          store=self.store)

        def there(executor, rows):
            return executor.submit(guarantee_job, lists, self.rules, rows,
                                   self._store_path(), self.memo_bytes, self.prior)

        run_jobs(self, "guarantee", same_letters([(0, row) for row in rows], self.lexicon.guesses),
                 workers, executor, here, there, self.record_guarantee)

    def _store_path(self) -> str | None:
        return None if self.store is None else str(self.store.path)

    def record_guarantee(self, row: int, limit: int, total: int) -> None:
        word = self.lexicon.guesses[row]
        self.entries[word] = OpenerEntry(word, CANNOT_FINISH, None, limit, total)
        self.save()
