"""Results files: which to trust, and how they are written.

A results file keeps the entries of an opening table proven so far, so
that a stopped run resumes. Before use every entry is bounded from both
sides and checked against the shipped certificate (``false_claim``), the
digest that ``save_table`` writes must match (a hand edit breaks it), and a
file without a digest is not trusted at all. Saves merge
what is already on disk, under a lock, so that two runs on one file lose
nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from wordle_fast.cache import set_aside, write_atomically
from wordle_fast.core._backend import UNSOLVABLE
from wordle_fast.errors import WordleError
from wordle_fast.exact.search import least_totals
from wordle_fast.exact.tables import (
    CANNOT_FINISH,
    EXACT,
    LOWER_BOUND,
    OpenerEntry,
    OpeningTable,
    Unsealed,
    default_results_path,
    entries_digest,
    read_table_file,
    table_description,
)
from wordle_fast.exact.weighted import opener_least_totals
from wordle_fast.lexicon import Lexicon
from wordle_fast.priors import Prior
from wordle_fast.rulebook import ONE_BOARD_LIMIT, Rules
from wordle_fast.words import counted


def trusted_results(path, description: dict, lexicon: Lexicon, rules: Rules,
                    shipped: OpeningTable | None, *, named: bool, prior: Prior | None = None):
    """(entries, within) of the results file at ``path`` (its open bounds
    among the entries), or None when there is none. A file that is not to
    be trusted is refused when the user ``named`` it, else (the cache)
    moved aside, and so proven again: one whose digest does not match its
    entries or that has none, and one with an entry that cannot be true
    (``false_claim``, under ``prior`` if the answers are weighed)."""
    try:
        saved = read_table_file(path, description, lexicon.guesses, strict=named)
    except Unsealed as error:
        return _distrusted(path, str(error), named)
    if saved is None:
        return None
    entries = merged_entries(saved[2], saved[0])
    false = false_claim(entries, lexicon, shipped, rules.max_guesses, prior)
    if false is None and not saved[3]:
        # Without its digest nothing shows which entries were edited: proving
        # the best alone (as before) let a raised entry pass into a table
        # marked complete, then sealed it.
        false = ("it has no digest (written before results files were sealed, or the "
                 "digest was removed), so no entry of it can be trusted without proving "
                 "it again")
    if false is not None:
        return _distrusted(path, false, named)
    return entries, saved[1]


def _distrusted(path, why: str, named: bool):
    if named:
        raise WordleError(f"{path} is not a results file to trust: {why}. Remove that entry "
                          "(or the file), or name another --results file")
    set_aside(path, "results", why)
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


def remember_opener(lexicon: Lexicon, rules: Rules, word: str, total: int,
                    prior: Prior | None = None) -> None:
    """Keep one opener's proven total (UNSOLVABLE or more: it cannot finish)
    in the default results file for these lists, rules and prior, beside the
    table's entries, so that no later table, analysis or optimal play
    searches it again."""
    path = default_results_path(lexicon, rules, prior)
    description = table_description(lexicon, rules, prior)
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


def false_claim(entries: dict[str, OpenerEntry], lexicon: Lexicon,
                shipped: OpeningTable | None, max_guesses: int = ONE_BOARD_LIMIT,
                prior: Prior | None = None) -> str | None:
    """The first entry that cannot be true, described, or None: a total
    below the least possible or above the most (every answer within the
    limit: answers x limit; under a ``prior``, their whole weights x
    limit), or any claim the shipped certificate contradicts."""
    least = None
    mass = lexicon.n_answers if prior is None else int(prior.integers.sum())
    most = mass * max_guesses
    for word, entry in entries.items():
        if entry.total is not None and not 0 <= entry.total <= most:
            what = "exactly" if entry.status == EXACT else "at least"
            return (f"{word.upper()} is claimed to total {what} {entry.total}, outside what any "
                    f"opener can total within {counted(max_guesses, 'guess', 'guesses')} (0 to "
                    f"{most}: every answer "
                    "within the limit)")
        if entry.status == EXACT:
            if least is None:
                least = least_totals(lexicon) if prior is None else opener_least_totals(
                    lexicon.matrix, prior.integers, 3 ** lexicon.length - 1)
            floor = int(least[lexicon.guess_index(word)])
            if entry.total < floor:
                return (f"{word.upper()} is claimed to total exactly {entry.total}, below the "
                        f"least it could ({floor})")
        if entry.guarantee is not None and not (
                entry.guarantee > max_guesses and mass <= entry.guarantee_total
                <= mass * entry.guarantee):
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
