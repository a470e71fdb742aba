"""The store of proven sub-states: what the searches after each opener
proved, kept on disk in SQLite and shared by every opener, process and run
of a table.

A complete table is thousands of searches over overlapping sets: openers
with the same letters leave the same buckets, and a poor opener can take
longer than a session. The memo keeps what one process proved; the store
keeps it across processes and runs, so a stopped run resumes an opener near
where it stopped, not at its start. Two kinds of claims:

* a bucket of an opener (a set of answers with some guesses left; in hard
  mode also the opener and its feedback, which decide the guesses still
  allowed): its exact least total, or a lower bound, one row each, written
  for searches of at least ``STORE_SECONDS`` of CPU and capped at
  ``MAX_ROWS`` (the cheapest go first);
* the memo's entries that a search proved inside a bucket, by the memo's
  fingerprint of the set (in the hard modes of its rule context too, which
  names the legal list by its digest): one packed snapshot, merged with
  what other processes kept, every ``CHECKPOINT_SECONDS`` of search and at
  Ctrl-C or SIGTERM, capped at ``MAX_MEMO_ROWS`` (the lightest go first).
  A probe fingerprint tells whether they mean the same sets to this build.

Trust: the store names the lists, mode and prior it was proven for (a
foreign store is refused), every bucket row and the snapshot carry a digest
of their claims (an edited or damaged one is refused), and a bucket value
below its proven lower bound cannot be true (``check``). A store the user
named is refused with an error that says why; the default one is set aside.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import sqlite3
import time
from pathlib import Path

import numpy as np

from wordle_fast.cache import default_cache_dir, set_aside, words_digest
from wordle_fast.errors import WordleError
from wordle_fast.exact.store_file import StoreRefused, check_store_file
from wordle_fast.rules import mode_name

STORE_FORMAT = 1
STORE_SECONDS = 0.25     # the least search CPU a row must have cost to be written
MAX_ROWS = 1_000_000     # about 100 MB; beyond it the cheapest tenth is dropped
MEMO_WEIGHT = 1          # memo entries kept: those a search proved (not the free notes)
MAX_MEMO_ROWS = 4_000_000   # 26 bytes each, about 100 MB; beyond it the lightest go
CHECKPOINT_SECONDS = 900.0  # the most search time a killed process loses of its memo
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


def store_description(lexicon, hard_mode: str, prior=None) -> dict:
    """What decides a stored value: the lists (by content), the mode and a
    prior's weights (``Prior.description``; none when uniform); not the
    table's guess limit, as each row names the guesses it had left."""
    described = {"format": STORE_FORMAT, "answers": words_digest(lexicon.answers),
                 "guesses": words_digest(lexicon.guesses), "mode": mode_name(hard_mode)}
    uniform = prior is None or prior.uniform
    return described if uniform else {**described, "prior": prior.description()}


# A memo snapshot packed: its entries' columns one after the other.
MEMO_COLUMNS = (("a", np.uint64), ("b", np.uint64), ("values", np.int64), ("exact", np.uint8),
                ("weights", np.uint8))
MEMO_ROW_BYTES = sum(np.dtype(kind).itemsize for _, kind in MEMO_COLUMNS)


def _packed(columns) -> bytes:
    return b"".join(np.ascontiguousarray(column, dtype=kind).tobytes()
                    for column, (_, kind) in zip(columns, MEMO_COLUMNS))


def _unpacked(data: bytes, rows: int) -> tuple:
    columns, offset = [], 0
    for _, kind in MEMO_COLUMNS:
        size = rows * np.dtype(kind).itemsize
        columns.append(np.frombuffer(data, dtype=kind, count=rows, offset=offset))
        offset += size
    return tuple(columns)


def merged_snapshots(old: tuple, new: tuple, most: int) -> tuple:
    """Two memo snapshots (each with a key at most once) as one: for a key
    in both, the exact value over a bound and the higher of two bounds
    (all are proven, so they never contradict); beyond ``most`` entries,
    the lightest go."""
    a, b, values, exact, weights = (np.concatenate(pair) for pair in zip(old, new))
    order = np.argsort(a, kind="stable")
    a, b, values, exact, weights = (column[order] for column in (a, b, values, exact, weights))
    # A key in both sits twice in a row. (Were two keys to share `a` but
    # not `b`, as rare as a collision, a pair might not be adjacent and
    # stay twice: both true, so no harm.)
    twice = np.flatnonzero((a[1:] == a[:-1]) & (b[1:] == b[:-1]))
    second_better = (exact[twice + 1] > exact[twice]) | (
        (exact[twice + 1] == exact[twice]) & (values[twice + 1] > values[twice]))
    kept = np.ones(a.shape[0], dtype=bool)
    kept[np.where(second_better, twice, twice + 1)] = False
    kept = np.flatnonzero(kept)
    if kept.shape[0] > most:
        kept = np.sort(kept[np.argsort(-weights[kept].astype(np.int64), kind="stable")[:most]])
    return tuple(column[kept] for column in (a, b, values, exact, weights))


def default_store_path(description: dict) -> Path:
    """Where the store for these lists and mode is kept by default."""
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
        try:
            self._connection = self._open()
        except StoreRefused as error:
            if self.named:
                raise
            self._set_aside(str(error))
            self._connection = self._open()

    def _open(self) -> sqlite3.Connection:
        check_store_file(self.path, self.description, BUSY_SECONDS)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        except (OSError, sqlite3.OperationalError) as error:
            raise WordleError(f"cannot open the store of proven states {self.path} ({error}): "
                              "name another --store, or --store none") from None
        try:
            meta = self._prepare(connection)
        except sqlite3.OperationalError as error:   # read-only, locked too long, disk full
            connection.close()
            raise WordleError(f"cannot use the store of proven states {self.path} ({error}): "
                              "name another --store, or --store none") from None
        except sqlite3.DatabaseError as error:
            connection.close()
            raise StoreRefused(f"{self.path} is not a store of proven states ({error}): "
                               "remove it, or name another --store") from None
        if meta.get("description") != self.description:
            connection.close()
            raise StoreRefused(f"{self.path} holds proven states for other lists, mode or "
                               "format; it was left as it is: name another --store")
        return connection

    def _prepare(self, connection: sqlite3.Connection) -> dict:
        """Make the tables if new, and return the meta rows. Two processes
        opening a new store at once can be told "database is locked" at
        once, without SQLite's busy wait (switching to WAL, or recovering
        the WAL, does not wait), so that is retried for BUSY_SECONDS."""
        deadline = time.monotonic() + BUSY_SECONDS
        while True:
            try:
                connection.execute("PRAGMA journal_mode=WAL")
                with connection:
                    connection.execute("BEGIN IMMEDIATE")
                    connection.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY "
                                       "KEY, value TEXT NOT NULL)")
                    connection.execute("CREATE TABLE IF NOT EXISTS states (key BLOB PRIMARY "
                                       "KEY, exact INTEGER NOT NULL, value INTEGER NOT NULL, "
                                       "seconds REAL NOT NULL, digest BLOB NOT NULL)")
                    # the memo's entries, one packed snapshot (see keep_memo)
                    connection.execute("CREATE TABLE IF NOT EXISTS memo_snapshot (id INTEGER "
                                       "PRIMARY KEY CHECK (id = 1), rows INTEGER NOT NULL, "
                                       "digest TEXT NOT NULL, data BLOB NOT NULL)")
                    connection.execute("INSERT OR IGNORE INTO meta VALUES ('description', ?)",
                                       (self.description,))
                return dict(connection.execute("SELECT name, value FROM meta"))
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def _set_aside(self, why: str) -> None:
        with contextlib.suppress(OSError):   # what cannot go shows when it is opened again
            for suffix in ("-wal", "-shm"):
                Path(f"{self.path}{suffix}").unlink(missing_ok=True)
        set_aside(self.path, "store", why)

    def find(self, key: bytes) -> tuple[bool, int] | None:
        """(exact, value) of the state ``key``, or None when not stored.
        A row whose digest does not match its claim is refused."""
        try:
            row = self._connection.execute(
                "SELECT exact, value, digest FROM states WHERE key = ?", (key,)).fetchone()
        except sqlite3.OperationalError:
            raise           # busy or locked: not the file's fault
        except sqlite3.DatabaseError as error:    # damaged pages ("malformed")
            return self.damaged(f"cannot be read ({error})")
        if row is None:
            return None
        exact, value, digest = row
        if exact not in (EXACT_VALUE, LOWER_BOUND) or digest != _row_digest(key, exact, value):
            return self.damaged("holds a proven state whose digest does not match its value "
                                 "(edited by hand, or damaged)")
        return exact == EXACT_VALUE, int(value)

    def damaged(self, why: str) -> None:
        """A store found damaged while in use: refused when the user named
        it; the cache's own is set aside, and the search goes on with a new
        one (nothing it held is trusted)."""
        if self.named:
            raise WordleError(f"{self.path} {why}: remove the store, or name another --store")
        self._connection.close()
        self._set_aside(why)
        self._connection = self._open()
        return None

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
        """Keep the memo entries of ``searcher`` that a search proved
        (weight MEMO_WEIGHT or more, ``memo_snapshot``): the sets inside a
        bucket's search, so that a run stopped in the middle of a long
        bucket resumes with what it had proven there. They are merged with
        the snapshot kept (other processes', earlier runs'), under the
        store's write lock, into one packed row sealed by its SHA-256: a
        row per entry took 50 s to write two million, this 0.7 s, or 3.4 s
        merged with as many (benchmarks/LOG.md). Only for searchers
        whose fingerprints carry over (the compiled one:
        ``_fingerprints_match``). Returns the entries kept in all."""
        if not self._fingerprints_match(searcher):
            return 0
        new = searcher.memo_snapshot(MEMO_WEIGHT)
        try:
            with self._connection:
                self._connection.execute("BEGIN IMMEDIATE")   # one writer merges at a time
                old = self._memo_snapshot()
                if old is not None:
                    new = merged_snapshots(old, new, MAX_MEMO_ROWS)
                elif new[0].shape[0] > MAX_MEMO_ROWS:
                    new = merged_snapshots(tuple(c[:0] for c in new), new, MAX_MEMO_ROWS)
                data = _packed(new)
                self._connection.execute("INSERT OR REPLACE INTO memo_snapshot VALUES "
                                         "(1, ?, ?, ?)", (new[0].shape[0],
                                                          hashlib.sha256(data).hexdigest(), data))
            # the snapshot passed through the write-ahead log: empty it, so that the
            # store takes about twice the snapshot on disk (its pages and the freed
            # ones of the last), not three times
            self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.OperationalError as error:   # a full disk, a lock held too long
            logging.getLogger("wordle_fast").warning(
                "wordle-fast: could not write to the store %s (%s)", self.path, error)
            return 0
        return int(new[0].shape[0])

    def restore_memo(self, searcher) -> int:
        """Put the memo entries kept (``keep_memo``) into ``searcher``'s
        memo; a snapshot whose digest does not match is refused. Returns how
        many."""
        if not self._fingerprints_match(searcher):
            return 0
        snapshot = self._memo_snapshot()
        if snapshot is None:
            return 0
        searcher.memo_restore(*snapshot)
        return int(snapshot[0].shape[0])

    def _memo_snapshot(self) -> tuple | None:
        found = self._connection.execute(
            "SELECT rows, digest, data FROM memo_snapshot WHERE id = 1").fetchone()
        if found is None:
            return None
        rows, digest, data = found
        if (not isinstance(data, bytes) or len(data) != rows * MEMO_ROW_BYTES
                or hashlib.sha256(data).hexdigest() != digest):
            raise WordleError(f"{self.path} holds a memo snapshot whose digest does not match "
                              "its entries (edited by hand, or damaged): remove the store, or "
                              "name another --store")
        return _unpacked(data, rows)

    def attach(self, searcher) -> None:
        """Make ``searcher`` search with this store: the memo entries kept
        put back into its memo (``restore_memo``), and its checkpoint set to
        keep them as it goes (``checkpoint_for``)."""
        self.restore_memo(searcher)
        searcher.checkpoint = self.checkpoint_for(searcher)

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
        if self._recorded_probe() == probe:
            return True
        # Take the write lock before reading: a read transaction that then
        # writes fails at once ("database is locked", without the busy wait)
        # when another process has committed since it read (CI, stop 68).
        try:
            with self._connection:
                self._connection.execute("BEGIN IMMEDIATE")
                recorded = self._recorded_probe()
                if recorded != probe:
                    if recorded is not None:
                        logging.getLogger("wordle_fast").warning(
                            "wordle-fast: the store %s holds memo entries of another build; "
                            "they are dropped", self.path)
                    self._connection.execute("DELETE FROM memo_snapshot")
                    self._connection.execute("INSERT OR REPLACE INTO meta VALUES ('probe', ?)",
                                             (probe,))
        except sqlite3.OperationalError as error:   # a full disk, a lock held too long
            logging.getLogger("wordle_fast").warning(
                "wordle-fast: could not record the memo's fingerprint in the store %s (%s); "
                "its memo entries are not used this time", self.path, error)
            return False
        return True

    def _recorded_probe(self) -> str | None:
        found = self._connection.execute(
            "SELECT value FROM meta WHERE name = 'probe'").fetchone()
        return None if found is None else found[0]

    def memo_rows(self) -> int:
        found = self._connection.execute("SELECT rows FROM memo_snapshot").fetchone()
        return 0 if found is None else found[0]

    def __len__(self) -> int:
        return self._connection.execute("SELECT count(*) FROM states").fetchone()[0]

    def close(self) -> None:
        self._connection.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
