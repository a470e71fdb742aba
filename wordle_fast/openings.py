"""The exact opening table: a certificate for every allowed first guess.

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

import hashlib
import json
import os
import time
from concurrent.futures import FIRST_COMPLETED, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from wordle_fast._exact import UNSOLVABLE
from wordle_fast.cache import default_cache_dir, words_digest, write_atomically
from wordle_fast._pool import spawn_pool
from wordle_fast.errors import WordleError, whole_number
from wordle_fast.lexicon import Lexicon, lexicon_from
from wordle_fast.rules import check_mode, guess_limit, mode_name
from wordle_fast.search import make_searcher, opener_total

EXACT, LOWER_BOUND, CANNOT_FINISH = "exact", "lower bound", "cannot finish"
STATUSES = (EXACT, LOWER_BOUND, CANNOT_FINISH)
RESULTS_FORMAT = 2
SHORTLIST = 30          # openers whose bounds pick the first incumbent
BOUND_BATCH = 256       # openers per call of the bound pass (progress, Ctrl-C between)
SAVE_EVERY = 5.0        # seconds between saves of the results file


@dataclass(frozen=True)
class OpenerEntry:
    """One opener's certificate: ``total`` is the exact total, or the proven
    lower bound; None when the opener cannot finish every answer in time."""

    opener: str
    status: str
    total: int | None


@dataclass
class OpeningTable:
    """Every allowed opener's certificate for one pair of lists, mode and
    guess limit."""

    mode: str                       # "normal", "hard" or "strict"
    max_guesses: int
    n_answers: int
    within: int                     # every opener within this of the optimum is exact
    entries: dict[str, OpenerEntry]   # by opener, in guess-list order
    seconds: float                  # time to compute (or to load) the table
    source: str                     # "computed", or where it was read from
    reused: int = 0                 # entries taken from saved results
    stages: dict = field(default_factory=dict)   # computed: seconds per stage, openers searched

    @property
    def optimum(self) -> int | None:
        exact = [e.total for e in self.entries.values() if e.status == EXACT]
        return min(exact) if exact else None

    @property
    def best(self) -> list[str]:
        """Every opener that reaches the optimum, in guess-list order."""
        optimum = self.optimum
        return [e.opener for e in self.entries.values()
                if e.status == EXACT and e.total == optimum]

    def ranked(self) -> list[OpenerEntry]:
        """Exact totals first (smallest first), then lower bounds (largest
        bound last), then the openers that cannot finish; ties in list order."""
        order = {status: rank for rank, status in enumerate(STATUSES)}
        return sorted(self.entries.values(),
                      key=lambda e: (order[e.status], e.total if e.total is not None else 0))

    def counts(self) -> dict[str, int]:
        return {status: sum(e.status == status for e in self.entries.values())
                for status in STATUSES}

    def mean(self, entry: OpenerEntry) -> float | None:
        return None if entry.total is None else entry.total / self.n_answers

    def to_dict(self, top: int | None = None) -> dict:
        ranked = self.ranked()
        return {"mode": self.mode, "max_guesses": self.max_guesses, "answers": self.n_answers,
                "within": self.within, "optimum": self.optimum, "best": self.best,
                "counts": self.counts(), "source": self.source, "seconds": self.seconds,
                "stages": self.stages,
                "openers": [{"rank": rank, "opener": e.opener, "status": e.status,
                             "total": e.total, "mean": self.mean(e)}
                            for rank, e in enumerate(ranked[:top] if top else ranked, 1)]}


def table_description(lexicon: Lexicon, max_guesses: int, hard_mode: str) -> dict:
    """What decides a table: the lists (by content), the limit and the mode."""
    return {"format": RESULTS_FORMAT, "answers": words_digest(lexicon.answers),
            "guesses": words_digest(lexicon.guesses), "max_guesses": max_guesses,
            "mode": mode_name(hard_mode)}


def by_cheap_score(lexicon: Lexicon) -> np.ndarray:
    """Guess rows by expected remaining set over every answer, smallest first
    (list order among ties): the cheap score that picks openers to try."""
    return np.lexsort((np.arange(lexicon.n_guesses), lexicon.score().expected_remaining))


def default_results_path(lexicon: Lexicon, max_guesses: int, hard_mode: str = "off") -> Path:
    """Where the entries proven so far for these lists, limit and mode are kept."""
    description = table_description(lexicon, max_guesses, hard_mode)
    digest = hashlib.sha256(json.dumps(description, sort_keys=True).encode()).hexdigest()[:24]
    return default_cache_dir() / f"exact-openers-{digest}.json"


# -- reading and writing ------------------------------------------------------------

def _entries_from(stored: dict, guesses: list[str]) -> dict[str, OpenerEntry]:
    entries = {}
    for word, (status, total) in stored["entries"].items():
        if status not in STATUSES or (total is None) != (status == CANNOT_FINISH):
            raise ValueError(f"bad entry for {word!r}")
        entries[word] = OpenerEntry(word, status, None if total is None else int(total))
    if not set(entries) <= set(guesses):
        raise ValueError("entries for words that are not allowed guesses")
    return entries


def is_results_file(path) -> bool:
    """True when ``path`` holds an exact opening table (a results file), so
    that no other output is ever written over one."""
    try:
        if Path(path).stat().st_size > 64 << 20:
            return False
        stored = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(stored, dict) and {"description", "entries"} <= stored.keys()


def _read_table_file(path, description: dict, guesses: list[str], *, strict: bool):
    """(entries, within) from a results or shipped table file. A missing file
    gives None. A file for other lists, limit or mode, or one that is not a
    table: None when ``strict`` is false (the default results path, where
    such a file can only be stale), else a clear error."""

    def not_a_table(error):
        if strict:
            raise WordleError(f"{path} is not an exact opening table ({error}); name another "
                              "--results file") from None
        return None

    try:
        with open(path, encoding="utf-8") as handle:
            stored = json.load(handle)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        return not_a_table(error)
    try:
        if stored["description"] != description:
            if not strict:
                return None
            theirs = stored["description"]
            differs = [key for key in ("answers", "guesses", "max_guesses", "mode")
                       if theirs.get(key) != description[key]]
            raise WordleError(f"{path} holds results for other {', '.join(differs) or 'settings'}"
                              f" ({theirs.get('mode')} mode, at most {theirs.get('max_guesses')} "
                              "guesses); it was left as it is: name another --results file")
        return _entries_from(stored, guesses), int(stored.get("within", 0))
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return not_a_table(error)


def _checked(saved, path, lexicon: Lexicon, shipped: OpeningTable | None, *, named: bool):
    """The saved entries, unless one claims what cannot be true: a file the
    user named is then refused, one in the cache is moved aside (and so
    rebuilt)."""
    false = _false_claim(saved[0], lexicon, shipped)
    if false is None:
        return saved
    if named:
        raise WordleError(f"{path} is not a results file to trust: {false}. Remove that entry "
                          "(or the file), or name another --results file")
    # (Imported here: 3 ms of every start otherwise.)
    import logging

    aside = Path(f"{path}.rejected")
    try:
        os.replace(path, aside)
    except OSError:
        aside = None
    logging.getLogger("wordle_fast").warning(
        "wordle-fast: ignored the cached results %s (%s)%s; they will be proven again", path,
        false, f", moved to {aside}" if aside else "")
    return None


def _save(path, description: dict, entries: dict[str, OpenerEntry], within: int) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    stored = {"description": description, "within": within,
              "entries": {e.opener: [e.status, e.total] for e in entries.values()}}
    text = json.dumps(stored, separators=(",", ":"))
    write_atomically(path, lambda temporary: temporary.write_text(text, encoding="utf-8"))


def shipped_tables() -> list[str]:
    """The file names of the tables that ship with the package."""
    folder = resources.files("wordle_fast.data")
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("exact-openers-"))


def shipped_table(lexicon: Lexicon, hard_mode: str = "off",
                  max_guesses: int = 6) -> OpeningTable | None:
    """The shipped table for exactly these lists (by their hashes), mode and
    limit, or None."""
    started = time.perf_counter()
    description = table_description(lexicon, max_guesses, hard_mode)
    folder = resources.files("wordle_fast.data")
    for name in shipped_tables():
        # Each file starts with its description: only the one that matches
        # is read whole (a table is 0.4 MB of JSON, 10 ms to parse).
        if _description_at_start(folder / name) not in (description, None):
            continue
        with resources.as_file(folder / name) as path:
            found = _read_table_file(path, description, lexicon.guesses, strict=False)
        if found is not None and len(found[0]) == lexicon.n_guesses:
            entries, within = found
            return OpeningTable(mode_name(hard_mode), max_guesses, lexicon.n_answers, within,
                                _in_guess_order(entries, lexicon), time.perf_counter() - started,
                                f"shipped table {name}")
    return None


def table_ready(lexicon: Lexicon, hard_mode: str = "off", max_guesses: int = 6) -> bool:
    """Whether ``opening_table`` answers without proving anything: a table
    ships for these lists, mode and limit, or an earlier run saved one whole."""
    if shipped_table(lexicon, hard_mode, max_guesses) is not None:
        return True
    saved = _read_table_file(default_results_path(lexicon, max_guesses, hard_mode),
                             table_description(lexicon, max_guesses, hard_mode),
                             lexicon.guesses, strict=False)
    return saved is not None and len(saved[0]) == lexicon.n_guesses


def remember_opener(lexicon: Lexicon, hard_mode: str, max_guesses: int, word: str,
                    total: int) -> None:
    """Keep one opener's proven total (UNSOLVABLE or more: it cannot finish)
    in the default results file, beside the table's entries, so that no later
    table, analysis or optimal play searches it again."""
    path = default_results_path(lexicon, max_guesses, hard_mode)
    description = table_description(lexicon, max_guesses, hard_mode)
    entries, within = _read_table_file(path, description, lexicon.guesses,
                                       strict=False) or ({}, 0)
    entries[word] = (OpenerEntry(word, CANNOT_FINISH, None) if total >= UNSOLVABLE
                     else OpenerEntry(word, EXACT, int(total)))
    try:
        _save(path, description, entries, within)
    except OSError:
        pass   # a cache that cannot be written only costs time


def _description_at_start(resource) -> dict | None:
    """The description a table file starts with (as ``_save`` writes it),
    or None when its start is not that."""
    with resource.open("rb") as handle:
        start = handle.read(1024).decode("utf-8", errors="replace")
    prefix = '{"description":'
    if not start.startswith(prefix):
        return None
    try:
        description, _ = json.JSONDecoder().raw_decode(start, len(prefix))
    except ValueError:
        return None
    return description if isinstance(description, dict) else None


def _in_guess_order(entries: dict[str, OpenerEntry], lexicon: Lexicon) -> dict:
    return {word: entries[word] for word in lexicon.guesses if word in entries}


def least_totals(lexicon: Lexicon) -> np.ndarray:
    """The least total each opener (by guess row) could possibly have: every
    answer takes the opener, and each of its k buckets of s answers at least
    2s - 1 guesses more (the all-green one none): 3n - k - [an answer]."""
    is_answer = np.zeros(lexicon.n_guesses, dtype=np.int64)
    is_answer[lexicon.answer_rows] = 1
    return 3 * lexicon.n_answers - lexicon.score().n_buckets.astype(np.int64) - is_answer


def _false_claim(entries: dict[str, OpenerEntry], lexicon: Lexicon,
                 shipped: OpeningTable | None) -> str | None:
    """The first entry that cannot be true, described, or None: an exact
    total below the least possible, or any claim the shipped certificate
    contradicts."""
    least = None
    for word, entry in entries.items():
        if entry.status == EXACT:
            if least is None:
                least = least_totals(lexicon)
            floor = int(least[lexicon.guess_index(word)])
            if entry.total < floor:
                return (f"{word.upper()} is claimed to total exactly {entry.total}, below the "
                        f"least it could ({floor})")
        known = shipped.entries.get(word) if shipped is not None else None
        if known is None or _consistent(known, entry):
            continue
        return (f"{word.upper()} is claimed to {_claim_text(entry)}, but the shipped table "
                f"proves that it {_claim_text(known, proven=True)}")
    return None


def _consistent(a: OpenerEntry, b: OpenerEntry) -> bool:
    """Whether two proven entries for one opener can both be true."""
    def interval(entry):   # the totals an entry allows; cannot finish: infinite
        if entry.status == CANNOT_FINISH:
            return UNSOLVABLE, UNSOLVABLE
        return entry.total, (entry.total if entry.status == EXACT else UNSOLVABLE)

    (low_a, high_a), (low_b, high_b) = interval(a), interval(b)
    return max(low_a, low_b) <= min(high_a, high_b)


def _claim_text(entry: OpenerEntry, proven: bool = False) -> str:
    """An entry as a verb phrase: '(is claimed to) total exactly 7920', or
    with ``proven`` '(proves that it) totals exactly 7920'."""
    ending = "s" if proven else ""
    if entry.status == EXACT:
        return f"total{ending} exactly {entry.total}"
    if entry.status == LOWER_BOUND:
        return f"need{ending} at least {entry.total}"
    return "cannot finish" if proven else "be unable to finish"


def _merged(entries: dict[str, OpenerEntry], more: dict[str, OpenerEntry]) -> dict:
    """Both tables' entries, the stronger claim for each opener: an exact
    total or "cannot finish" over a lower bound, the higher of two bounds
    (all are proven, so they never contradict)."""
    merged = dict(entries)
    for word, entry in more.items():
        old = merged.get(word)
        if old is None or (old.status == LOWER_BOUND and (
                entry.status != LOWER_BOUND or entry.total > old.total)):
            merged[word] = entry
    return merged


# -- computing -----------------------------------------------------------------------

def opening_table(lexicon: Lexicon | None = None, hard_mode: str = "off", max_guesses: int = 6,
                  within: int = 0, *, workers: int = 1, executor=None, results_path=None,
                  recompute: bool = False, progress=None, lists: str | None = None
                  ) -> OpeningTable:
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
    edition of the word lists instead of a ``lexicon``.
    """
    check_mode(hard_mode)
    within = whole_number(within, "the margin (in guesses)", minimum=0)
    max_guesses = guess_limit(max_guesses)
    workers = whole_number(workers, "the number of worker processes", minimum=1)
    lexicon = lexicon_from(lexicon=lexicon, lists=lists)
    started = time.perf_counter()
    description = table_description(lexicon, max_guesses, hard_mode)
    # A --results file is checked first, even when the shipped table
    # answers: a file that is not a table for these lists is never used or
    # overwritten, and the mistake is said at once.
    path = Path(results_path) if results_path else default_results_path(lexicon, max_guesses,
                                                                          hard_mode)
    saved = _read_table_file(path, description, lexicon.guesses, strict=results_path is not None)
    shipped = shipped_table(lexicon, hard_mode, max_guesses)
    if saved is not None:
        saved = _checked(saved, path, lexicon, shipped, named=results_path is not None)
    if recompute:
        shipped = None
    if shipped is not None and shipped.within >= within:
        if saved is not None:   # openers settled since (settle_openers) add to it
            merged = _merged(shipped.entries, saved[0])
            if merged != shipped.entries:
                shipped.entries = _in_guess_order(merged, lexicon)
                shipped.source += f" and {path}"
        return shipped
    known: dict[str, OpenerEntry] = {}
    if not recompute:
        known.update(shipped.entries if shipped is not None else {})
        known.update(saved[0] if saved is not None else {})
    run = _TableRun(lexicon, hard_mode, max_guesses, within, path, description, known, progress)
    try:
        run.prove(workers, executor)
    finally:
        run.save(force=True)
    return OpeningTable(mode_name(hard_mode), max_guesses, lexicon.n_answers, within,
                        _in_guess_order(run.entries, lexicon), time.perf_counter() - started,
                        "computed", run.reused, run.stages)


class _TableRun:
    """One computation of a table: the entries so far and the incumbent."""

    search_stage = "search"      # the name stage 3 reports its progress under

    def __init__(self, lexicon, hard_mode, max_guesses, within, path, description, known,
                 progress):
        self.lexicon, self.hard_mode, self.max_guesses = lexicon, hard_mode, max_guesses
        self.within, self.path, self.description = within, path, description
        self.progress = progress or (lambda stage, done, total: None)
        self.searcher = make_searcher(lexicon, hard_mode)
        self.entries: dict[str, OpenerEntry] = {}
        exact = [e.total for e in known.values() if e.status == EXACT]
        self.best = min(exact) if exact else None
        # A saved lower bound still certifies an opener if it passes the
        # threshold; exact totals and "cannot finish" always do.
        for word, entry in known.items():
            if entry.status != LOWER_BOUND or entry.total > self.threshold:
                self.entries[word] = entry
        self.reused = len(self.entries)
        self.last_save = time.perf_counter()
        self.stages = {}

    @property
    def threshold(self) -> int:
        """Openers whose total may be at most this need an exact total."""
        return UNSOLVABLE - 1 if self.best is None else self.best + self.within

    def record(self, row: int, value: int) -> None:
        word = self.lexicon.guesses[row]
        if value >= UNSOLVABLE:
            self.entries[word] = OpenerEntry(word, CANNOT_FINISH, None)
        elif value <= self.threshold:
            self.entries[word] = OpenerEntry(word, EXACT, int(value))
            self.best = int(value) if self.best is None else min(self.best, int(value))
        else:
            self.entries[word] = OpenerEntry(word, LOWER_BOUND, int(value))
        self.save()

    def save(self, force: bool = False) -> None:
        if force or time.perf_counter() - self.last_save > SAVE_EVERY:
            _save(self.path, self.description, self.entries, self.within)
            self.last_save = time.perf_counter()

    def open_rows(self) -> np.ndarray:
        done = self.entries
        return np.array([row for row, word in enumerate(self.lexicon.guesses)
                         if word not in done], dtype=np.intp)

    def prove(self, workers: int, executor) -> None:
        lexicon, searcher = self.lexicon, self.searcher
        started = time.perf_counter()
        # 1. an incumbent, unless the saved entries hold one
        if self.best is None:
            shortlist = [row for row in by_cheap_score(lexicon)[:SHORTLIST]
                         if lexicon.guesses[row] not in self.entries]
            bounds = searcher.opener_bounds(shortlist, self.max_guesses)
            # best bound first, until one finishes (in hard mode many cannot)
            def placed(done):
                self.progress("incumbent", done, lexicon.n_answers)

            for position in np.argsort(bounds, kind="stable"):
                row = shortlist[position]
                self.record(row, opener_total(searcher, lexicon, row, self.max_guesses,
                                              self.threshold, progress=placed))
                if self.best is not None:
                    break
        self.stages["incumbent_seconds"] = time.perf_counter() - started
        # 2. the bound pass
        started = time.perf_counter()
        rows = self.open_rows()
        left = []
        for start in range(0, len(rows), BOUND_BATCH):
            self.progress("bounds", start, len(rows))
            batch = rows[start:start + BOUND_BATCH]
            bounds = searcher.opener_bounds(batch, self.max_guesses, self.threshold)
            # recorded batch by batch, so a Ctrl-C keeps the openers refuted
            for row, bound in zip(batch.tolist(), bounds.tolist()):
                if bound > self.threshold:
                    self.record(row, bound)
                else:
                    left.append((bound, row))
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
        as its budget, in order."""
        lexicon, stage = self.lexicon, self.search_stage
        # A handful of openers is proven here rather than paying for processes.
        if executor is None and (workers == 1 or len(left) <= 2 * workers):
            for done, (bound, row) in enumerate(left):
                self.progress(stage, done, len(left))
                if bound > self.threshold:
                    self.record(row, bound)
                else:
                    self.record(row, opener_total(self.searcher, lexicon, row,
                                                  self.max_guesses, self.threshold))
            self.progress(stage, len(left), len(left))
        else:
            self._share_out(left, workers, executor)

    def _share_out(self, left, workers, executor) -> None:
        # A few jobs in flight per worker, each sent with the threshold of
        # the moment: it only ever shrinks, so every answer stays a valid
        # certificate, and a better incumbent tightens the jobs sent after it.
        lexicon = self.lexicon
        lists = (tuple(lexicon.answers), tuple(lexicon.guesses))
        own_pool = None
        if executor is None:
            own_pool = executor = spawn_pool(workers)
        waiting, running, done = list(reversed(left)), set(), 0
        try:
            while waiting or running:
                while waiting and len(running) < 2 * workers:
                    bound, row = waiting.pop()
                    if bound > self.threshold:
                        self.record(row, bound)
                        done += 1
                    else:
                        running.add(executor.submit(_prove_job, lists, self.hard_mode,
                                                    self.max_guesses, row, self.threshold))
                if running:
                    finished, running = wait(running, return_when=FIRST_COMPLETED)
                    for future in finished:
                        self.record(*future.result())
                        done += 1
                self.progress(self.search_stage, done, len(left))
        except BrokenProcessPool:
            raise WordleError("a worker process died (killed, or out of memory?); the openers "
                              f"proven so far are saved in {self.path}: run the same command "
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


def settle_openers(words, lexicon: Lexicon | None = None, hard_mode: str = "off",
                   max_guesses: int = 6, *, workers: int = 1, executor=None,
                   results_path=None, progress=None) -> OpeningTable:
    """The opening table (see ``opening_table``) with, besides, the exact
    total or "cannot finish" of every opener in ``words``, whatever its
    bound: openers a table at the optimum leaves with a lower bound, such as
    the ones people often play (the shipped hard-mode table's SOARE is one).
    They are searched without a budget, over ``workers`` processes or
    ``executor``, and saved in ``results_path`` (default: the cache
    directory) as they are proven: a Ctrl-C keeps them, and every later
    table for these lists, mode and limit includes them. ``progress`` is
    called as ``progress(stage, done, total)``, the last stage "settle".
    """
    lexicon = lexicon or Lexicon()
    rows = [lexicon.guess_index(word) for word in words]    # an unknown word fails here
    workers = whole_number(workers, "the number of worker processes", minimum=1)
    table = opening_table(lexicon, hard_mode, max_guesses, workers=workers, executor=executor,
                          results_path=results_path, progress=progress)
    started = time.perf_counter()
    path = Path(results_path) if results_path else default_results_path(lexicon, max_guesses,
                                                                          hard_mode)
    description = table_description(lexicon, max_guesses, hard_mode)
    run = _SettleRun(lexicon, hard_mode, max_guesses, table.within, path, description,
                     table.entries, progress)
    left = [(0, row) for row in dict.fromkeys(rows)
            if table.entries[lexicon.guesses[row]].status == LOWER_BOUND]
    try:
        run.search(left, workers, executor)
    finally:
        run.save(force=True)
    return OpeningTable(table.mode, max_guesses, lexicon.n_answers, table.within,
                        _in_guess_order(run.entries, lexicon),
                        table.seconds + time.perf_counter() - started, "computed",
                        len(table.entries), {"openers_settled": len(left)})


class _SettleRun(_TableRun):
    """Exact totals for chosen openers: searched without a budget, every
    other entry kept as it is."""

    search_stage = "settle"
    threshold = UNSOLVABLE - 1

    def __init__(self, lexicon, hard_mode, max_guesses, within, path, description, known,
                 progress):
        super().__init__(lexicon, hard_mode, max_guesses, within, path, description, known,
                         progress)
        self.entries = dict(known)   # lower bounds too: only the chosen openers change


@lru_cache(maxsize=2)
def _worker_searcher(lists, hard_mode):
    # One lexicon and searcher per worker process and lists, memo shared by
    # its jobs; one kernel thread, as the processes share the cores.
    lexicon = Lexicon(list(lists[0]), list(lists[1]), n_threads=1)
    return lexicon, make_searcher(lexicon, hard_mode, n_threads=1)


def _prove_job(lists, hard_mode, max_guesses, row, budget):
    lexicon, searcher = _worker_searcher(lists, hard_mode)
    return row, opener_total(searcher, lexicon, row, max_guesses, budget)


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
