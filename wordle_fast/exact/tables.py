"""The exact opening table: the model, its file format and the shipped tables.

A table gives every allowed first guess one entry, a certificate:

* ``exact``: its proven total;
* ``lower bound``: a proven lower bound above the optimum plus the margin;
* ``cannot finish``: some answer cannot be solved within the guess limit.

Tables are JSON files that start with their description (the lists by
content, the limit and the mode), so that a file for other settings is
recognised; results files are checked before use (``false_claim``).
Tables for the bundled lists ship in ``wordle_fast/data``. How a table is
proven: ``wordle_fast.exact.proof``.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from wordle_fast._exact import UNSOLVABLE
from wordle_fast._display import html_table
from wordle_fast.cache import default_cache_dir, words_digest, write_atomically
from wordle_fast.errors import WordleError
from wordle_fast.lexicon import Lexicon
from wordle_fast.rules import mode_name
from wordle_fast.exact.search import least_totals

EXACT, LOWER_BOUND, CANNOT_FINISH = "exact", "lower bound", "cannot finish"
STATUSES = (EXACT, LOWER_BOUND, CANNOT_FINISH)
RESULTS_FORMAT = 2


@dataclass(frozen=True)
class OpenerEntry:
    """One opener's certificate: ``total`` is the exact total, or the proven
    lower bound; None when the opener cannot finish every answer in time.
    Such an opener may also carry the fewest guesses it can guarantee
    (``guarantee``, above the table's limit) and its least total within
    them (``guarantee_total``), once a complete table has found them."""

    opener: str
    status: str
    total: int | None
    guarantee: int | None = None
    guarantee_total: int | None = None

    def stored(self) -> list:
        """The entry as a results file holds it."""
        if self.guarantee is None:
            return [self.status, self.total]
        return [self.status, self.total, self.guarantee, self.guarantee_total]


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
        """Exact totals first (smallest first), then lower bounds (smallest
        first), then the openers that cannot finish, by the fewest guesses
        they can guarantee and their total within them where known; ties in
        list order."""
        order = {status: rank for rank, status in enumerate(STATUSES)}
        unknown = UNSOLVABLE
        return sorted(self.entries.values(),
                      key=lambda e: (order[e.status], e.total if e.total is not None else 0,
                                     e.guarantee or unknown, e.guarantee_total or unknown))

    def ranks(self) -> list[int | None]:
        """The rank of each entry of ``ranked()``, or None where the table
        does not order it: a lower bound (proven above the optimum, not
        valued), or an opener that cannot finish whose guarantee is unknown
        or comes after lower bounds."""
        ranks, settled = [], True
        for position, entry in enumerate(self.ranked(), 1):
            if entry.status == LOWER_BOUND or (entry.status == CANNOT_FINISH
                                               and entry.guarantee is None):
                settled = False
            ranks.append(position if settled else None)
        return ranks

    def counts(self) -> dict[str, int]:
        return {status: sum(e.status == status for e in self.entries.values())
                for status in STATUSES}

    def mean(self, entry: OpenerEntry) -> float | None:
        return None if entry.total is None else entry.total / self.n_answers

    def __repr__(self) -> str:
        counts = self.counts()
        best = f"optimum {' '.join(self.best)} {self.optimum}" if self.best else "no exact total"
        return (f"OpeningTable({self.mode} mode, at most {self.max_guesses}, "
                f"{len(self.entries)} openers over {self.n_answers} answers: {best}; "
                f"{counts[EXACT]} exact, {counts[LOWER_BOUND]} lower bounds, "
                f"{counts[CANNOT_FINISH]} cannot finish)")

    def _repr_html_(self) -> str:
        return html_table(repr(self)[len("OpeningTable("):-1],
                          ["rank", "opener", "status", "total", "mean"],
                          ([rank, e.opener, e.status, e.total, self.mean(e)]
                           for rank, e in enumerate(self.ranked(), 1)), total=len(self.entries))

    def to_dict(self, top: int | None = None) -> dict:
        ranked = self.ranked()
        return {"mode": self.mode, "max_guesses": self.max_guesses, "answers": self.n_answers,
                "within": self.within, "optimum": self.optimum, "best": self.best,
                "counts": self.counts(), "source": self.source, "seconds": self.seconds,
                "stages": self.stages,
                "complete": self.complete,
                "openers": [{"rank": rank, "opener": e.opener, "status": e.status,
                             "total": e.total, "mean": self.mean(e),
                             "guarantee": e.guarantee, "guarantee_total": e.guarantee_total}
                            for rank, e in zip(self.ranks(), ranked[:top] if top else ranked)]}

    @property
    def complete(self) -> bool:
        """Every opener settled: an exact total, or cannot finish."""
        return all(e.status != LOWER_BOUND for e in self.entries.values())


def table_description(lexicon: Lexicon, max_guesses: int, hard_mode: str) -> dict:
    """What decides a table: the lists (by content), the limit and the mode."""
    return {"format": RESULTS_FORMAT, "answers": words_digest(lexicon.answers),
            "guesses": words_digest(lexicon.guesses), "max_guesses": max_guesses,
            "mode": mode_name(hard_mode)}


def default_results_path(lexicon: Lexicon, max_guesses: int, hard_mode: str = "off") -> Path:
    """Where the entries proven so far for these lists, limit and mode are kept."""
    description = table_description(lexicon, max_guesses, hard_mode)
    digest = hashlib.sha256(json.dumps(description, sort_keys=True).encode()).hexdigest()[:24]
    return default_cache_dir() / f"exact-openers-{digest}.json"


# -- reading and writing ------------------------------------------------------------

def _entries_from(stored: dict, guesses: list[str]) -> dict[str, OpenerEntry]:
    entries = {}
    for word, value in stored["entries"].items():
        status, total, *guarantee = value
        if status not in STATUSES or (total is None) != (status == CANNOT_FINISH):
            raise ValueError(f"bad entry for {word!r}")
        if guarantee and (status != CANNOT_FINISH or len(guarantee) != 2
                          or not all(isinstance(x, int) and x > 0 for x in guarantee)):
            raise ValueError(f"bad guarantee for {word!r}")
        entries[word] = OpenerEntry(word, status, None if total is None else int(total),
                                    *guarantee)
    if guesses is not None and not set(entries) <= set(guesses):
        raise ValueError("entries for words that are not allowed guesses")
    return entries


def _open_bounds_from(stored: dict, guesses: list[str]) -> dict[str, OpenerEntry]:
    """The proven bounds of the openers a run left open (not certificates:
    at or below its threshold), so that a resumed run need not bound them
    again; {} if none or not well formed (they only save time)."""
    bounds = stored.get("open_bounds", {})
    allowed = set(guesses) if guesses is not None else None
    if not isinstance(bounds, dict) or not all(
            (allowed is None or word in allowed) and type(bound) is int
            for word, bound in bounds.items()):
        return {}
    return {word: OpenerEntry(word, LOWER_BOUND, bound) for word, bound in bounds.items()}


def entries_digest(stored: dict) -> str:
    """The digest a results file keeps of what it claims (description,
    margin, entries, open bounds): any edit by hand breaks it. It guards
    against edits and damage, not against a forger who recomputes it;
    ``checked_entries`` bounds every entry besides."""
    claims = {key: stored.get(key) for key in ("description", "within", "entries",
                                               "open_bounds")}
    text = json.dumps(claims, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


class Unsealed(ValueError):
    """A results file whose digest does not match its entries."""


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


def read_table_file(path, description: dict, guesses: list[str], *, strict: bool):
    """(entries, within, open bounds, sealed) from a results or shipped
    table file (see ``_open_bounds_from``); ``sealed``: the file carries the
    digest of its entries (files written before digests, and the shipped
    tables, do not). A digest that does not match raises ``Unsealed``
    (edited by hand, or damaged). A missing file gives None. A file for other lists, limit or mode, or one that is not a
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
        sealed = "digest" in stored
        if sealed and stored["digest"] != entries_digest(stored):
            raise Unsealed(f"{path} was changed after it was written: its digest does not "
                           "match its entries (edited by hand, or damaged)")
        return (_entries_from(stored, guesses), int(stored.get("within", 0)),
                _open_bounds_from(stored, guesses), sealed)
    except Unsealed:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return not_a_table(error)


def trusted_results(path, description: dict, lexicon: Lexicon, hard_mode: str,
                    max_guesses: int, shipped: OpeningTable | None, *, named: bool):
    """(entries, within) of the results file at ``path`` (its open bounds
    among the entries), or None when there is none. A file that is not to
    be trusted is refused when the user ``named`` it, else (the cache)
    moved aside, and so proven again: one whose digest does not match its
    entries, one with an entry that cannot be true (``false_claim``), and
    one written before digests whose best exact total does not hold when
    proven again (it is then sealed with a digest, so this is done once)."""
    try:
        saved = read_table_file(path, description, lexicon.guesses, strict=named)
    except Unsealed as error:
        return _distrusted(path, str(error), named)
    if saved is None:
        return None
    entries = merged_entries(saved[2], saved[0])
    false = false_claim(entries, lexicon, shipped, max_guesses)
    if false is None and not saved[3]:
        false = _best_not_reproven(entries, lexicon, hard_mode, max_guesses)
        if false is None:
            try:
                save_table(path, description, saved[0], saved[1],
                           {w: e.total for w, e in saved[2].items()})
            except OSError:
                pass    # sealed next time it is written
    if false is not None:
        return _distrusted(path, false, named)
    return entries, saved[1]


def _best_not_reproven(entries, lexicon: Lexicon, hard_mode: str, max_guesses: int):
    """Why the least exact total of an unsealed file is false, or None when
    a search from scratch proves it again."""
    from wordle_fast.exact.search import make_exact_searcher, opener_total

    exact = [e for e in entries.values() if e.status == EXACT]
    if not exact:
        return None
    best = min(exact, key=lambda e: e.total)
    proven = opener_total(make_exact_searcher(lexicon, hard_mode), lexicon,
                          lexicon.guess_index(best.opener), max_guesses)
    if proven == best.total:
        return None
    truth = "cannot finish" if proven >= UNSOLVABLE else f"totals exactly {proven}"
    return (f"{best.opener.upper()} is claimed to total exactly {best.total}, the table's "
            f"optimum, but proven again it {truth}")


def _distrusted(path, why: str, named: bool):
    if named:
        raise WordleError(f"{path} is not a results file to trust: {why}. Remove that entry "
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
        why, f", moved to {aside}" if aside else "")
    return None


def save_table(path, description: dict, entries: dict[str, OpenerEntry], within: int,
               open_bounds: dict[str, int] | None = None) -> dict[str, OpenerEntry]:
    """Write the entries, merged with those already in the file (another
    run on the same file may have proven more since it was read: the
    stronger claim of each opener is kept), under a lock, with their
    digest. Returns the entries written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with _locked(path):
        try:
            # (every word is taken: the file was checked against the
            # guess list when this run read it)
            found = read_table_file(path, description, None, strict=False)
        except (Unsealed, WordleError):
            found = None
        if found is not None:
            on_disk, _, disk_bounds, _ = found
            entries = merged_entries(on_disk, entries)
            open_bounds = {**{w: e.total for w, e in disk_bounds.items()}, **(open_bounds or {})}
        open_bounds = {word: bound for word, bound in (open_bounds or {}).items()
                       if word not in entries}
        stored = {"description": description, "within": within,
                  "entries": {e.opener: e.stored() for e in entries.values()}}
        if open_bounds:
            stored["open_bounds"] = open_bounds
        stored["digest"] = entries_digest(stored)
        text = json.dumps(stored, separators=(",", ":"))
        write_atomically(path, lambda temporary: temporary.write_text(text, encoding="utf-8"))
    return entries


class _locked:
    """An exclusive lock on ``path``'s sidecar ``.lock`` file for the
    read-merge-write of a save (POSIX; elsewhere saves are not locked)."""

    def __init__(self, path: Path):
        self.path = path.with_name(path.name + ".lock")
        self.handle = None

    def __enter__(self):
        try:
            import fcntl
        except ImportError:
            return self
        self.handle = open(self.path, "a")
        fcntl.flock(self.handle, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        if self.handle is not None:
            self.handle.close()   # closing releases the lock


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
            found = read_table_file(path, description, lexicon.guesses, strict=False)
        if found is not None and len(found[0]) == lexicon.n_guesses:
            entries, within, *_ = found
            return OpeningTable(mode_name(hard_mode), max_guesses, lexicon.n_answers, within,
                                in_guess_order(entries, lexicon), time.perf_counter() - started,
                                f"shipped table {name}")
    return None


def table_ready(lexicon: Lexicon, hard_mode: str = "off", max_guesses: int = 6) -> bool:
    """Whether ``opening_table`` answers without proving anything: a table
    ships for these lists, mode and limit, or an earlier run saved one whole."""
    if shipped_table(lexicon, hard_mode, max_guesses) is not None:
        return True
    try:
        saved = read_table_file(default_results_path(lexicon, max_guesses, hard_mode),
                                table_description(lexicon, max_guesses, hard_mode),
                                lexicon.guesses, strict=False)
    except Unsealed:
        return False
    return saved is not None and len(saved[0]) == lexicon.n_guesses


def remember_opener(lexicon: Lexicon, hard_mode: str, max_guesses: int, word: str,
                    total: int) -> None:
    """Keep one opener's proven total (UNSOLVABLE or more: it cannot finish)
    in the default results file, beside the table's entries, so that no later
    table, analysis or optimal play searches it again."""
    path = default_results_path(lexicon, max_guesses, hard_mode)
    description = table_description(lexicon, max_guesses, hard_mode)
    try:
        entries, within, open_bounds, _ = read_table_file(
            path, description, lexicon.guesses, strict=False) or ({}, 0, {}, True)
    except Unsealed:
        return   # not ours to merge into: the next table run sets it aside
    open_bounds = {w: e.total for w, e in open_bounds.items() if w != word}
    entries[word] = (OpenerEntry(word, CANNOT_FINISH, None) if total >= UNSOLVABLE
                     else OpenerEntry(word, EXACT, int(total)))
    try:
        save_table(path, description, entries, within, open_bounds)
    except OSError:
        pass   # a cache that cannot be written only costs time


def _description_at_start(resource) -> dict | None:
    """The description a table file starts with (as ``save_table`` writes it),
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


def in_guess_order(entries: dict[str, OpenerEntry], lexicon: Lexicon) -> dict:
    return {word: entries[word] for word in lexicon.guesses if word in entries}


def false_claim(entries: dict[str, OpenerEntry], lexicon: Lexicon,
                shipped: OpeningTable | None, max_guesses: int = 6) -> str | None:
    """The first entry that cannot be true, described, or None: a total
    below the least possible or above the most (every answer within the
    limit: answers x limit), or any claim the shipped certificate
    contradicts."""
    least = None
    most = lexicon.n_answers * max_guesses
    for word, entry in entries.items():
        if entry.total is not None and not 0 <= entry.total <= most:
            what = "exactly" if entry.status == EXACT else "at least"
            return (f"{word.upper()} is claimed to total {what} {entry.total}, outside what any "
                    f"opener can total within {max_guesses} guesses (0 to {most}: every answer "
                    "within the limit)")
        if entry.status == EXACT:
            if least is None:
                least = least_totals(lexicon)
            floor = int(least[lexicon.guess_index(word)])
            if entry.total < floor:
                return (f"{word.upper()} is claimed to total exactly {entry.total}, below the "
                        f"least it could ({floor})")
        if entry.guarantee is not None and not (
                entry.guarantee > max_guesses and lexicon.n_answers <= entry.guarantee_total
                <= lexicon.n_answers * entry.guarantee):
            return (f"{word.upper()} is claimed to guarantee {entry.guarantee} guesses, "
                    f"{entry.guarantee_total} in total, which cannot be")
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
    if None not in (a.guarantee, b.guarantee):
        return (a.guarantee, a.guarantee_total) == (b.guarantee, b.guarantee_total)
    return max(low_a, low_b) <= min(high_a, high_b)


def _claim_text(entry: OpenerEntry, proven: bool = False) -> str:
    """An entry as a verb phrase: '(is claimed to) total exactly 7920', or
    with ``proven`` '(proves that it) totals exactly 7920'."""
    ending = "s" if proven else ""
    if entry.status == EXACT:
        return f"total{ending} exactly {entry.total}"
    if entry.status == LOWER_BOUND:
        return f"need{ending} at least {entry.total}"
    text = "cannot finish" if proven else "be unable to finish"
    if entry.guarantee is not None:
        text += (f" (the fewest it can guarantee: {entry.guarantee} guesses, "
                 f"{entry.guarantee_total} in total)")
    return text


def merged_entries(entries: dict[str, OpenerEntry], more: dict[str, OpenerEntry]) -> dict:
    """Both tables' entries, the stronger claim for each opener: an exact
    total or "cannot finish" over a lower bound, the higher of two bounds
    (all are proven, so they never contradict)."""
    merged = dict(entries)
    for word, entry in more.items():
        old = merged.get(word)
        if old is None or (old.status == LOWER_BOUND and (
                entry.status != LOWER_BOUND or entry.total > old.total)) or (
                old.status == CANNOT_FINISH and old.guarantee is None
                and entry.guarantee is not None):
            merged[word] = entry
    return merged
