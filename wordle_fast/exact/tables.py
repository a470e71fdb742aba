"""The exact opening table: the model, its file format and the shipped tables.

A table gives every allowed first guess one entry, a certificate:

* ``exact``: its proven total;
* ``lower bound``: a proven lower bound above the optimum plus the margin;
* ``cannot finish``: some answer cannot be solved within the guess limit.

Tables are JSON files that start with their description (the lists by
content, the limit and the mode), so that a file for other settings is
recognised; results files are checked before use and written by
``wordle_fast.exact.results``.
Tables for the bundled lists ship in ``wordle_fast/data``. How a table is
proven: ``wordle_fast.exact.proof``.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from wordle_fast._display import html_table
from wordle_fast.cache import default_cache_dir, words_digest
from wordle_fast.core._backend import UNSOLVABLE
from wordle_fast.errors import WordleError
from wordle_fast.lexicon import Lexicon
from wordle_fast.priors import Prior
from wordle_fast.rulebook import Rules, mode_name
from wordle_fast.words import data_folder

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
    """Every allowed opener's certificate for one pair of lists under one
    set of rules (the mode and the guess limit)."""

    rules: Rules
    n_answers: int
    within: int                     # every opener within this of the optimum is exact
    entries: dict[str, OpenerEntry]   # by opener, in guess-list order
    seconds: float                  # time to compute (or to load) the table
    source: str                     # "computed", or where it was read from
    reused: int = 0                 # entries taken from saved results
    stages: dict = field(default_factory=dict)   # computed: seconds per stage, openers searched
    unsaved: str | None = None      # computed: why its results could not be saved, if so
    prior: Prior | None = None      # the answers' weights (None: each counts once)

    @property
    def total_weight(self) -> int:
        """What a total is divided by for the mean: the answers, or their whole weights."""
        return self.n_answers if self.prior is None else int(self.prior.integers.sum())

    @property
    def mode(self) -> str:
        """The mode as the files write it: "normal", "hard" or "strict"."""
        return mode_name(self.rules.mode)

    @property
    def max_guesses(self) -> int:
        return self.rules.max_guesses

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
        """Exact totals and lower bounds together, smallest first (an exact
        total before a lower bound of the same value), then the openers that
        cannot finish, by the fewest guesses they can guarantee and their
        total within them where known; ties in list order. (A table being
        completed settles openers in any order, worst first: an exact total
        above lower bounds still open comes after them, since those openers
        may yet be better.)"""
        unknown = UNSOLVABLE
        return sorted(self.entries.values(),
                      key=lambda e: (e.status == CANNOT_FINISH,
                                     e.total if e.total is not None else 0, e.status != EXACT,
                                     e.guarantee or unknown, e.guarantee_total or unknown))

    def ranks(self) -> list[int | None]:
        """The rank of each entry of ``ranked()``, or None where the table
        does not order it: a lower bound (proven above the optimum, not
        valued), and everything after one (an exact total there may be
        beaten by an opener still bounded), or an opener that cannot finish
        whose guarantee is unknown."""
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
        return None if entry.total is None else entry.total / self.total_weight

    def __repr__(self) -> str:
        counts = self.counts()
        best = f"optimum {' '.join(self.best)} {self.optimum}" if self.best else "no exact total"
        weighed = "" if self.prior is None else f"prior {self.prior.name}, "
        return (f"OpeningTable({self.mode} mode, at most {self.max_guesses}, {weighed}"
                f"{len(self.entries)} openers over {self.n_answers} answers: {best}; "
                f"{counts[EXACT]} exact, {counts[LOWER_BOUND]} lower bounds, "
                f"{counts[CANNOT_FINISH]} cannot finish)")

    def _repr_html_(self) -> str:
        return html_table(repr(self)[len("OpeningTable("):-1],
                          ["rank", "opener", "status", "total", "mean"],
                          ([rank if rank is not None else "-", e.opener, e.status, e.total,
                            self.mean(e)] for rank, e in zip(self.ranks(), self.ranked())),
                          total=len(self.entries))

    def to_dict(self, top: int | None = None) -> dict:
        ranked = self.ranked()
        weighed = {} if self.prior is None else {"prior": self.prior.description(),
                                                 "total_weight": self.total_weight}
        return {**weighed, "mode": self.mode, "max_guesses": self.max_guesses,
                "answers": self.n_answers, "within": self.within, "optimum": self.optimum,
                "best": self.best, "counts": self.counts(), "source": self.source,
                "seconds": self.seconds, "stages": self.stages, "complete": self.complete,
                "openers": [{"rank": rank, "opener": e.opener, "status": e.status,
                             "total": e.total, "mean": self.mean(e),
                             "guarantee": e.guarantee, "guarantee_total": e.guarantee_total}
                            for rank, e in zip(self.ranks(), ranked[:top] if top else ranked)]}

    @property
    def complete(self) -> bool:
        """Every opener settled: an exact total, or cannot finish."""
        return all(e.status != LOWER_BOUND for e in self.entries.values())


def table_description(lexicon: Lexicon, rules: Rules, prior: Prior | None = None) -> dict:
    """What decides a table: the lists (by content), the limit, the mode,
    and the prior when the answers are weighed (``Prior.description``)."""
    described = {"format": RESULTS_FORMAT, "answers": words_digest(lexicon.answers),
                 "guesses": words_digest(lexicon.guesses), "max_guesses": rules.max_guesses,
                 "mode": mode_name(rules.mode)}
    return described if prior is None else {**described, "prior": prior.description()}


def default_results_path(lexicon: Lexicon, rules: Rules = Rules(),
                         prior: Prior | None = None) -> Path:
    """Where the entries proven so far for these lists, rules and prior are kept."""
    description = table_description(lexicon, rules, prior)
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
        if total is not None and type(total) is not int:    # not 26.0, true, Infinity
            raise ValueError(f"bad total for {word!r}: {total!r} is not a whole number")
        entries[word] = OpenerEntry(word, status, total, *guarantee)
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
    ``results.false_claim`` bounds every entry besides."""
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
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(stored, dict) and {"description", "entries"} <= stored.keys()


def read_table_file(path, description: dict, guesses: list[str], *, strict: bool):
    """(entries, within, open bounds, sealed) from a results or shipped
    table file (see ``_open_bounds_from``); ``sealed``: the file carries the
    digest of its entries (files written before digests, and the shipped
    tables, do not). A digest that does not match raises ``Unsealed``
    (edited by hand, or damaged). A missing file gives None. A file for
    other lists, limit or mode, or one that is not a table: None when
    ``strict`` is false (the default results path, where such a file can
    only be stale), else a clear error."""

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
    except RecursionError:
        return not_a_table("its JSON nests deeper than any table does")
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
        within = stored.get("within", 0)
        if type(within) is not int or within < 0:
            raise ValueError(f"bad margin 'within': {within!r} is not a whole number of guesses")
        return (_entries_from(stored, guesses), within,
                _open_bounds_from(stored, guesses), sealed)
    except Unsealed:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return not_a_table(error)


def warn_unsaved(table: OpeningTable) -> None:
    """Say in the log what of a table computed for a caller could not be
    saved (the caller shows its own result, not the table)."""
    if table.unsaved:
        import logging

        logging.getLogger("wordle_fast").warning("wordle-fast: %s", table.unsaved)


def shipped_tables() -> list[str]:
    """The file names of the tables that ship with the package."""
    folder = data_folder()
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("exact-openers-"))


def shipped_table(lexicon: Lexicon, rules: Rules = Rules(),
                  prior: Prior | None = None) -> OpeningTable | None:
    """The shipped table for exactly these lists (by their hashes), rules
    and prior, or None (also when what ships is only a table in progress:
    ``shipped_progress``)."""
    started = time.perf_counter()
    found, name = _shipped_file(lexicon, rules, prior)
    if found is None or len(found[0]) != lexicon.n_guesses:
        return None
    entries, within, *_ = found
    return OpeningTable(rules, lexicon.n_answers, within, in_guess_order(entries, lexicon),
                        time.perf_counter() - started, f"shipped table {name}", prior=prior)


def shipped_progress(lexicon: Lexicon, rules: Rules = Rules(),
                     prior: Prior | None = None) -> dict[str, OpenerEntry]:
    """What a shipped table still in progress has proven for these lists
    and rules (one whose certificate no run has finished yet, such as the
    big-hidden one): its entries, and its openers' proven bounds as lower
    bounds, for a run to go on from; {} if none ships."""
    found, _ = _shipped_file(lexicon, rules, prior)
    if found is None or len(found[0]) == lexicon.n_guesses:
        return {}
    entries, _, open_bounds, _ = found
    return {**open_bounds, **entries}


def _shipped_file(lexicon: Lexicon, rules: Rules, prior: Prior | None) -> tuple:
    """(what ``read_table_file`` reads, the file's name) of the shipped
    file for these lists, rules and prior, or (None, None)."""
    description = table_description(lexicon, rules, prior)
    folder = data_folder()
    for name in shipped_tables():
        # Each file starts with its description: only the one that matches
        # is read whole (a table is 0.4 MB of JSON, 10 ms to parse).
        if _description_at_start(folder / name) not in (description, None):
            continue
        with resources.as_file(folder / name) as path:
            found = read_table_file(path, description, lexicon.guesses, strict=False)
        if found is not None:
            return found, name
    return None, None


def table_ready(lexicon: Lexicon, rules: Rules = Rules(), prior: Prior | None = None) -> bool:
    """Whether ``opening_table`` answers without proving anything: a table
    ships for these lists, rules and prior, or an earlier run saved one whole."""
    if shipped_table(lexicon, rules, prior) is not None:
        return True
    try:
        saved = read_table_file(default_results_path(lexicon, rules, prior),
                                table_description(lexicon, rules, prior),
                                lexicon.guesses, strict=False)
    except Unsealed:
        return False
    return saved is not None and len(saved[0]) == lexicon.n_guesses


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
