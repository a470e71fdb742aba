"""Which openers can guarantee every answer within a limit: the depth-only
question (no totals) over every opener, with a witness for each that
cannot.

An opener cannot guarantee ``limit`` guesses exactly when one bucket of
its first feedback cannot finish in the ``limit - 1`` guesses left, so the
proof is that bucket: the witness, which can be proven again on its own
(``witness_holds``, by the exact search: another algorithm than the
depth-only check that found it). With every word a possible answer in
hard mode (edition ``original-all``), each opener of a random sample
failed on a bucket of 6 to 84 words in under half a second; an opener
that can finish costs far more (its every bucket must be shown to finish).

The table is saved as it goes (``results_path``, by default in the cache
directory) and resumed from there; a file whose description or digest does
not match is refused. Tables that ship (``data/guarantee-*.json``) are
read first.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from wordle_fast.cache import (
    default_cache_dir,
    rescue_path,
    set_aside,
    words_digest,
    write_atomically,
)
from wordle_fast.core._backend import UNSOLVABLE
from wordle_fast.errors import WordleError
from wordle_fast.exact import feasibility
from wordle_fast.exact.search import make_exact_searcher
from wordle_fast.lexicon import Lexicon
from wordle_fast.patterns import all_green, format_pattern, parse_pattern
from wordle_fast.rulebook import Rules, mode_name
from wordle_fast.words import counted, data_folder

FORMAT = 1
SAVE_EVERY = 30.0     # seconds between saves of a running table


@dataclass(frozen=True)
class Guarantee:
    """One opener's answer: ``finishes`` True (every answer within the
    limit), False (``witness``: the feedback whose bucket of ``size``
    answers cannot finish in the guesses left; both None when the exact
    opening table proved it, which records no bucket) or None (undecided
    within the sets the check was allowed)."""

    opener: str
    finishes: bool | None
    witness: str | None = None
    size: int | None = None

    def stored(self) -> list:
        return [self.finishes, self.witness, self.size]


@dataclass
class GuaranteeTable:
    """Every opener's ``Guarantee`` under ``rules`` (their ``max_guesses``
    is the limit asked about)."""

    rules: Rules
    entries: dict[str, Guarantee]
    source: str = ""      # the shipped table read, or the results file written
    unsaved: str | None = None   # why the results could not be saved where asked, if so

    @property
    def finishing(self) -> list[str]:
        return [word for word, entry in self.entries.items() if entry.finishes]

    @property
    def undecided(self) -> list[str]:
        return [word for word, entry in self.entries.items() if entry.finishes is None]

    def to_dict(self) -> dict:
        failing = [e for e in self.entries.values() if e.finishes is False]
        return {"mode": mode_name(self.rules.mode), "max_guesses": self.rules.max_guesses,
                "openers": len(self.entries), "finishing": self.finishing,
                "cannot_finish": len(failing), "undecided": self.undecided,
                "largest_witness": max((e.size for e in failing if e.size is not None),
                                       default=None),
                "source": self.source}


def guarantee_description(lexicon: Lexicon, rules: Rules) -> dict:
    """What decides the table: the lists (by content), the limit and the mode."""
    return {"format": FORMAT, "question": "depth only",
            "answers": words_digest(lexicon.answers), "guesses": words_digest(lexicon.guesses),
            "max_guesses": rules.max_guesses, "mode": mode_name(rules.mode)}


def opener_guarantee(searcher, lexicon: Lexicon, row: int, rules: Rules,
                     most_sets: int | None = None) -> Guarantee:
    """Whether the opener at guess ``row`` can guarantee every answer within
    ``rules.max_guesses``: its buckets asked smallest first (a small bucket
    that cannot finish is the cheapest proof)."""
    values, sizes = np.unique(lexicon.matrix[row], return_counts=True)
    codes = [int(values[b]) for b in np.argsort(sizes, kind="stable")
             if values[b] != all_green(lexicon.length)]
    witness, undecided = feasibility.unfinishable_bucket(searcher, lexicon, row, codes,
                                                         rules.max_guesses - 1, most_sets)
    if witness is not None:
        code, size = witness
        return Guarantee(lexicon.guesses[row], False, format_pattern(code, lexicon.length),
                         size)
    return Guarantee(lexicon.guesses[row], None if undecided else True)


def witness_holds(searcher, lexicon: Lexicon, entry: Guarantee, rules: Rules) -> bool:
    """Whether ``entry``'s witness bucket is what it says (its size) and the
    exact search finds no total for it within the guesses left."""
    row = lexicon.guess_index(entry.opener)
    code = parse_pattern(entry.witness, lexicon.length)
    members = np.flatnonzero(lexicon.matrix[row] == code)
    if len(members) != entry.size or code == all_green(lexicon.length):
        return False
    legal = feasibility.legal_after_opener(searcher, row, code)
    return searcher.solve(members, rules.max_guesses - 1, legal=legal) >= UNSOLVABLE


def guarantee_table(searcher, lexicon: Lexicon, rules: Rules, *, results_path=None,
                    most_sets: int | None = None, progress=None) -> GuaranteeTable:
    """Every opener's guarantee within ``rules.max_guesses``: from the
    shipped table when one matches, else resumed from ``results_path``
    (default: the cache directory) and saved there as it goes (and when
    interrupted). ``progress(done, total)`` is called after each opener.
    ``searcher``: the exact searcher of the lexicon and mode, or None to
    make one only if some opener is left to ask (a second or more on big
    lists, where the shipped table often answers everything)."""
    description = guarantee_description(lexicon, rules)
    shipped = shipped_guarantees(lexicon, rules) or from_opening_table(lexicon, rules)
    entries, source = (shipped[0], f"shipped table {shipped[1]}") if shipped else ({}, "")
    if not entries or any(entry.finishes is None for entry in entries.values()):
        named = results_path is not None
        results_path = Path(results_path or default_results_path(description))
        entries = {**entries, **_resumed(results_path, description, lexicon, named)}
        source = str(results_path)
    left = [row for row, word in enumerate(lexicon.guesses)
            if word not in entries or entries[word].finishes is None]
    if left and searcher is None:
        searcher = make_exact_searcher(lexicon, rules.mode, n_threads=1)
    saver = _Saver(results_path, description)
    saved_at = time.monotonic()
    try:
        for done, row in enumerate(left, 1):
            entry = opener_guarantee(searcher, lexicon, row, rules, most_sets)
            entries[entry.opener] = entry
            if progress is not None:
                progress(done, len(left))
            if time.monotonic() - saved_at > SAVE_EVERY:
                saver.save(entries)
                saved_at = time.monotonic()
    finally:
        if left:
            saver.save(entries)
    return GuaranteeTable(rules, {word: entries[word] for word in lexicon.guesses},
                          saver.where or source, saver.problem)


class _Saver:
    """Saves a running table to its results file; when that cannot be
    written (a read-only or full disk, a cache path that is a file), to a
    file in the temporary folder instead, and the run goes on: ``where``
    is the file last written, ``problem`` what could not be saved where."""

    def __init__(self, path: Path, description: dict):
        self.path, self.description = path, description
        self.where, self.problem = None, None

    def save(self, entries: dict[str, Guarantee]) -> None:
        try:
            _write(self.path, self.description, entries)
            self.where, self.problem = str(self.path), None
            return
        except OSError as error:
            why = error.strerror or error
        rescue = rescue_path(self.path)
        try:
            _write(rescue, self.description, entries)
        except OSError:
            self.where = None
            self.problem = (f"cannot save the table to {self.path} ({why}), nor to {rescue}: "
                            "a rerun starts again")
            return
        self.where = str(rescue)
        self.problem = (f"cannot save the table to {self.path} ({why}); it is kept in "
                        f"{rescue}: resume with --results {rescue}")


def default_results_path(description: dict) -> Path:
    """Where a table of these lists and rules is kept when no file is named."""
    digest = hashlib.sha256(json.dumps(description, sort_keys=True).encode()).hexdigest()[:24]
    return default_cache_dir() / f"guarantee-{digest}.json"


def shipped_guarantees(lexicon: Lexicon, rules: Rules
                       ) -> tuple[dict[str, Guarantee], str] | None:
    """(entries, file name) of the shipped table of these lists and rules,
    or None."""
    description = guarantee_description(lexicon, rules)
    folder = data_folder()
    for resource in sorted(folder.iterdir(), key=lambda found: found.name):
        if resource.name.startswith("guarantee-") and resource.name.endswith(".json"):
            with resources.as_file(resource) as path:
                try:
                    entries = _read(path, description, lexicon, other_tables=True)
                except _Untrusted as why:
                    raise WordleError(f"the shipped guarantee table {resource.name} is damaged "
                                      f"({why}): install the package again") from None
            if entries:
                return entries, resource.name
    return None


def from_opening_table(lexicon: Lexicon, rules: Rules
                       ) -> tuple[dict[str, Guarantee], str] | None:
    """(entries, file name) read off the shipped exact opening table of
    these lists and rules, or None: an opener with an exact total finishes
    within the limit; one that cannot finish is proven so by the table's
    search, with no witness (``find_witness`` finds one); a bound alone
    decides nothing, and its opener is left to ask."""
    from wordle_fast.exact.tables import CANNOT_FINISH, EXACT, shipped_table

    table = shipped_table(lexicon, rules)
    if table is None:
        return None
    entries = {}
    for word, entry in table.entries.items():
        if entry.status == EXACT:
            entries[word] = Guarantee(word, True)
        elif entry.status == CANNOT_FINISH:
            entries[word] = Guarantee(word, False)
    return entries, table.source.removeprefix("shipped table ")


def find_witness(searcher, lexicon: Lexicon, entry: Guarantee, rules: Rules) -> Guarantee:
    """``entry`` with its witness: as it is when it has one, else found by
    the depth-only check (for an opener the opening table proved unable
    to finish, which records no bucket)."""
    if entry.finishes is not False or entry.witness is not None:
        return entry
    found = opener_guarantee(searcher, lexicon, lexicon.guess_index(entry.opener), rules)
    if found.finishes is not False:
        raise WordleError(f"{entry.opener.upper()}: the opening table says it cannot finish "
                          f"within {counted(rules.max_guesses, 'guess', 'guesses')}, yet the "
                          f"depth-only check finds "
                          f"{'that it can' if found.finishes else 'no answer'}: "
                          "report this as a bug")
    return found


def _digest(description: dict, stored: dict) -> str:
    text = json.dumps([description, stored], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _write(path, description: dict, entries: dict[str, Guarantee]) -> None:
    stored = {word: entry.stored() for word, entry in entries.items()}
    text = json.dumps({"description": description, "entries": stored,
                       "digest": _digest(description, stored)}, separators=(",", ":"))
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, lambda temporary: temporary.write_text(text, encoding="utf-8"))


class _Untrusted(Exception):
    """A saved guarantee table that is not this table's, or was damaged or
    edited; the message says which."""


def _read(path, description: dict, lexicon: Lexicon, *, other_tables: bool = False
          ) -> dict[str, Guarantee]:
    """The entries saved at ``path``: {} if there is no file, or, with
    ``other_tables`` (the shipped files, one per table), if it is another
    table's. ``_Untrusted`` when it is not this table's or was edited."""
    path = Path(path)
    if not path.exists():
        return {}
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
        stored = saved["entries"]
        if saved["description"] != description:
            if other_tables:
                return {}
            raise _Untrusted(f"it holds a table of other lists or rules "
                             f"({saved['description']})")
        if saved["digest"] != _digest(description, stored):
            raise _Untrusted("it does not match its digest (edited by hand?)")
        allowed = set(lexicon.guesses)
        entries = {}
        for word, (finishes, witness, size) in stored.items():
            # no witness, or (only for an opener that cannot finish) a whole one
            with_witness = isinstance(witness, str) and isinstance(size, int)
            shaped = (witness, size) == (None, None) or (finishes is False and with_witness)
            if word not in allowed or finishes not in (True, False, None) or not shaped:
                raise ValueError(f"bad entry for {word!r}")
            entries[word] = Guarantee(word, finishes, witness, size)
        return entries
    except RecursionError:
        raise _Untrusted("it is not a guarantee table to resume (its JSON nests deeper than "
                         "any table does)") from None
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise _Untrusted(f"it is not a guarantee table to resume ({error})") from None


def _resumed(path: Path, description: dict, lexicon: Lexicon, named: bool
             ) -> dict[str, Guarantee]:
    """The entries saved at ``path``. A file not to be trusted is refused
    when the user named it, else (the cache) set aside and started again."""
    try:
        return _read(path, description, lexicon)
    except _Untrusted as why:
        if named:
            raise WordleError(f"{path}: {why}: remove it or name another --results file"
                              ) from None
        set_aside(path, "guarantee table", str(why))
        return {}
