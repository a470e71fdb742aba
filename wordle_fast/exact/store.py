"""The store of proven sub-states: what a search after one opener proved of
a bucket, kept on disk in SQLite and shared by every opener, process and
run of a table.

A complete table is thousands of searches over overlapping sets: openers
with the same letters leave the same buckets, and a poor opener can take
longer than a session, its buckets proven one by one. The memo keeps them
for the openers one process searches; the store keeps them across
processes and runs, so a stopped run resumes an opener at the bucket it
was searching, not at its start.

Each row is one claim about one state (a set of answers with some guesses
left; in hard mode also the opener and its feedback, which decide the
guesses still allowed): its exact least total, or a lower bound. A row is
written only for a search that cost at least ``STORE_SECONDS`` of CPU, so
the store holds what is worth keeping and grows by at most a row a few
seconds; it is capped at ``MAX_ROWS`` all the same, the cheapest rows going
first. Trust: the store names the lists, limit and mode it was proven for
(a foreign store is refused), every row carries a digest of its claim (an
edited or damaged row is refused), and a claim below the bucket's proven
lower bound cannot be true (``check``). A store the user named is refused
with an error that says why; the default one is moved aside and started
again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import time
from pathlib import Path

import numpy as np

from wordle_fast.cache import default_cache_dir, words_digest
from wordle_fast.errors import WordleError
from wordle_fast.rules import mode_name

STORE_FORMAT = 1
STORE_SECONDS = 0.25     # the least search CPU a row must have cost to be written
MAX_ROWS = 1_000_000     # about 100 MB; beyond it the cheapest tenth is dropped
MEMO_WEIGHT = 1          # memo entries kept: those a search proved (not the free notes)
MAX_MEMO_ROWS = 2_000_000   # about 150 MB; beyond it the lightest tenth is dropped
CHECKPOINT_SECONDS = 600.0  # the most search time a killed process loses of its memo
PROBE_DEPTH = 5          # the probe: the fingerprint of the first answer, 5 guesses left
BUSY_SECONDS = 60.0      # how long a writer waits for another process's lock

EXACT_VALUE, LOWER_BOUND = 1, 0


def state_key(members: np.ndarray, guesses_left: int, hard_after: tuple | None) -> bytes:
    """The key of a state: its answer rows, the guesses left and, in hard
    mode, ``hard_after`` (the opener's row and feedback code)."""
    digest = hashlib.blake2b(np.ascontiguousarray(members, dtype=np.int32).tobytes(),
                             digest_size=16, person=b"wordle-fast-set")
    digest.update(int(guesses_left).to_bytes(2, "little"))
    if hard_after is not None:
        digest.update(b"".join(int(x).to_bytes(4, "little") for x in hard_after))
    return digest.digest()


def _row_digest(key: bytes, exact: int, value: int) -> bytes:
    return hashlib.blake2b(key + bytes([exact]) + int(value).to_bytes(8, "little"),
                           digest_size=8, person=b"wordle-fast-row").digest()


def store_description(lexicon, hard_mode: str) -> dict:
    """What decides a stored value: the lists (by content) and the mode;
    not the table's guess limit, as each row names the guesses it had left."""
    return {"format": STORE_FORMAT, "answers": words_digest(lexicon.answers),
            "guesses": words_digest(lexicon.guesses), "mode": mode_name(hard_mode)}


def _memo_digest(a: int, b: int, exact: int, value: int) -> bytes:
    return hashlib.blake2b(b"".join(int(x).to_bytes(8, "little", signed=True)
                                    for x in (a, b, exact, value)),
                           digest_size=8, person=b"wordle-fast-memo").digest()


def default_store_path(description: dict) -> Path:
    """Where the store for a table's lists, limit and mode is kept by default."""
    digest = hashlib.sha256(json.dumps(description, sort_keys=True).encode()).hexdigest()[:24]
    return default_cache_dir() / f"proven-states-{digest}.sqlite"


class ProvenStore:
    """Proven values of states on disk (see the module's docstring), for
    the lists and mode of ``description`` (``store_description``); ``path``
    None means the default path for them. Searches cheaper than
    ``min_seconds`` of CPU (default STORE_SECONDS) are not kept."""

    def __init__(self, path, description: dict, min_seconds: float | None = None):
        self.named = path is not None
        self.min_seconds = STORE_SECONDS if min_seconds is None else min_seconds
        self.path = Path(path) if self.named else default_store_path(description)
        self.description = json.dumps(description, sort_keys=True)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._connection = self._open()
        except WordleError as error:
            if self.named:
                raise
            self._set_aside(str(error))
            self._connection = self._open()

    def _open(self) -> sqlite3.Connection:
        try:
            connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, "
                               "value TEXT NOT NULL)")
            connection.execute("CREATE TABLE IF NOT EXISTS states (key BLOB PRIMARY KEY, "
                               "exact INTEGER NOT NULL, value INTEGER NOT NULL, "
                               "seconds REAL NOT NULL, digest BLOB NOT NULL)")
            connection.execute("CREATE TABLE IF NOT EXISTS memo (a INTEGER, b INTEGER, "
                               "exact INTEGER NOT NULL, value INTEGER NOT NULL, "
                               "weight INTEGER NOT NULL, digest BLOB NOT NULL, "
                               "PRIMARY KEY (a, b)) WITHOUT ROWID")
            connection.execute("INSERT OR IGNORE INTO meta VALUES ('description', ?)",
                               (self.description,))
            meta = dict(connection.execute("SELECT name, value FROM meta"))
        except sqlite3.DatabaseError as error:
            raise WordleError(f"{self.path} is not a store of proven states ({error}): "
                              "remove it, or name another --store") from None
        if meta.get("description") != self.description:
            connection.close()
            raise WordleError(f"{self.path} holds proven states for other lists, limit, mode "
                              "or format; it was left as it is: name another --store")
        return connection

    def _set_aside(self, why: str) -> None:
        aside = self.path.with_name(self.path.name + ".rejected")
        for suffix in ("-wal", "-shm"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)
        try:
            os.replace(self.path, aside)
        except OSError:
            self.path.unlink(missing_ok=True)
        logging.getLogger("wordle_fast").warning(
            "wordle-fast: set aside the store %s (%s); it starts again", self.path, why)

    def find(self, key: bytes) -> tuple[bool, int] | None:
        """(exact, value) of the state ``key``, or None when not stored.
        A row whose digest does not match its claim is refused."""
        row = self._connection.execute(
            "SELECT exact, value, digest FROM states WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        exact, value, digest = row
        if exact not in (EXACT_VALUE, LOWER_BOUND) or digest != _row_digest(key, exact, value):
            raise WordleError(f"{self.path} holds a proven state whose digest does not match "
                              "its value (edited by hand, or damaged): remove the store, or "
                              "name another --store")
        return exact == EXACT_VALUE, int(value)

    def keep(self, key: bytes, exact: bool, value: int, seconds: float) -> None:
        """Write a proven claim that cost ``seconds`` of search (only if at
        least ``min_seconds``), unless a stronger one is stored: an exact
        value over a bound, a higher bound over a lower."""
        if seconds < self.min_seconds:
            return
        flag = EXACT_VALUE if exact else LOWER_BOUND
        old = self.find(key)
        if old is not None and (old[0] or (not exact and old[1] >= value)):
            return
        try:
            self._connection.execute("INSERT OR REPLACE INTO states VALUES (?, ?, ?, ?, ?)",
                                     (key, flag, int(value), float(seconds),
                                      _row_digest(key, flag, value)))
            self._evict()
        except sqlite3.OperationalError as error:   # a full disk, a lock held too long
            logging.getLogger("wordle_fast").warning(
                "wordle-fast: could not write to the store %s (%s); the search goes on "
                "without keeping that state", self.path, error)

    def _evict(self) -> None:
        (rows,) = self._connection.execute("SELECT count(*) FROM states").fetchone()
        if rows > MAX_ROWS:
            self._connection.execute(
                "DELETE FROM states WHERE key IN (SELECT key FROM states ORDER BY seconds "
                "LIMIT ?)", (rows - MAX_ROWS + MAX_ROWS // 10,))

    # -- the memo's costly entries, by fingerprint -------------------------------

    def keep_memo(self, searcher) -> int:
        """Keep the memo entries of ``searcher`` that cost MEMO_WEIGHT or
        more (``memo_snapshot``): the sets inside a bucket's search, so that
        a run stopped in the middle of a long bucket resumes with what it
        had proven there. Only for searchers whose fingerprints carry over
        (normal mode, compiled: ``_fingerprints_match``). Returns the rows
        written."""
        if not self._fingerprints_match(searcher):
            return 0
        a, b, values, exact, weights = searcher.memo_snapshot(MEMO_WEIGHT)
        rows = [(x, y, e, v, w, _memo_digest(x, y, e, v)) for x, y, e, v, w in zip(
            a.view(np.int64).tolist(), b.view(np.int64).tolist(), exact.tolist(),
            values.tolist(), weights.tolist())]
        try:
            with self._connection:   # one transaction
                self._connection.execute("BEGIN")
                # an exact value stays; a bound gives way to an exact value or a higher bound
                self._connection.executemany(
                    "INSERT INTO memo VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (a, b) DO UPDATE "
                    "SET exact = excluded.exact, value = excluded.value, weight = "
                    "max(weight, excluded.weight), digest = excluded.digest WHERE exact = 0 "
                    "AND (excluded.exact = 1 OR excluded.value > value)", rows)
                (count,) = self._connection.execute("SELECT count(*) FROM memo").fetchone()
                if count > MAX_MEMO_ROWS:
                    self._connection.execute(
                        "DELETE FROM memo WHERE (a, b) IN (SELECT a, b FROM memo ORDER BY "
                        "weight LIMIT ?)", (count - MAX_MEMO_ROWS + MAX_MEMO_ROWS // 10,))
        except sqlite3.OperationalError as error:
            logging.getLogger("wordle_fast").warning(
                "wordle-fast: could not write to the store %s (%s)", self.path, error)
            return 0
        return len(rows)

    def restore_memo(self, searcher) -> int:
        """Put the memo entries kept (``keep_memo``) into ``searcher``'s
        memo; a row whose digest does not match is refused. Returns how
        many."""
        if not self._fingerprints_match(searcher):
            return 0
        rows = self._connection.execute("SELECT a, b, exact, value, weight, digest "
                                        "FROM memo").fetchall()
        for a, b, exact, value, _, digest in rows:
            if digest != _memo_digest(a, b, exact, value):
                raise WordleError(f"{self.path} holds a memo entry whose digest does not match "
                                  "its value (edited by hand, or damaged): remove the store, "
                                  "or name another --store")
        if rows:
            a, b, exact, values, weights, _ = zip(*rows)
            searcher.memo_restore(np.array(a, dtype=np.int64).view(np.uint64),
                                  np.array(b, dtype=np.int64).view(np.uint64), values, exact,
                                  weights)
        return len(rows)

    def checkpoint_for(self, searcher):
        """A callable for ``searcher.checkpoint`` that keeps its memo
        (``keep_memo``) once every CHECKPOINT_SECONDS: a process killed in
        the middle of a long bucket loses at most that much of it."""
        last = [time.monotonic()]

        def checkpoint():
            if time.monotonic() - last[0] >= CHECKPOINT_SECONDS:
                self.keep_memo(searcher)
                last[0] = time.monotonic()

        return checkpoint

    def _fingerprints_match(self, searcher) -> bool:
        """Whether this store's memo rows mean the same sets to ``searcher``:
        its fingerprint of a fixed set (the probe) is the one the store
        recorded. A store whose rows another build's fingerprints wrote
        (its probe differs) drops them."""
        probe = searcher.memo_fingerprint(np.zeros(1, dtype=np.intp), PROBE_DEPTH)
        if probe is None:
            return False
        probe = f"{probe[0]}:{probe[1]}"
        with self._connection:
            self._connection.execute("BEGIN")
            found = self._connection.execute(
                "SELECT value FROM meta WHERE name = 'probe'").fetchone()
            if found is None or found[0] != probe:
                if found is not None:
                    logging.getLogger("wordle_fast").warning(
                        "wordle-fast: the store %s holds memo entries of another build; "
                        "they are dropped", self.path)
                self._connection.execute("DELETE FROM memo")
                self._connection.execute("INSERT OR REPLACE INTO meta VALUES ('probe', ?)",
                                         (probe,))
        return True

    def memo_rows(self) -> int:
        return self._connection.execute("SELECT count(*) FROM memo").fetchone()[0]

    def __len__(self) -> int:
        return self._connection.execute("SELECT count(*) FROM states").fetchone()[0]

    def close(self) -> None:
        self._connection.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def check(exact: bool, value: int, bound: int, size: int, guesses_left: int, unsolvable: int,
          store: ProvenStore) -> None:
    """Refuse a stored exact value that cannot be true of a bucket of
    ``size`` answers whose one-level lower bound is ``bound``: below the
    bound, or a finite total above every answer taking all ``guesses_left``.
    (A lower bound below ours is weaker, not false.)"""
    if exact and (value < bound or size * guesses_left < value < unsolvable):
        raise WordleError(f"{store.path} claims a total of {value} for a set of {size} answers "
                          f"with {guesses_left} guesses left, which cannot be (at least "
                          f"{bound}, at most {size * guesses_left}): remove the store, or name "
                          "another --store")
