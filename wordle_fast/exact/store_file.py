"""What an existing file must be before the store of proven states writes
to it (``exact.store``): opening a database for writing adds the store's
tables and switches it to WAL, so another program's database, or a store of
other lists, would be changed before it was refused. It is read here
without writing a byte."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from wordle_fast.errors import WordleError

STORE_TABLES = {"meta", "states", "memo_snapshot"}
SQLITE_HEADER = b"SQLite format 3\0"


class StoreRefused(WordleError):
    """A file that is not a store of proven states, or one for other lists
    or mode: refused when named, set aside when it is the default one."""


def check_store_file(path: Path, description: str, timeout: float = 5.0) -> None:
    """``StoreRefused`` when the file at ``path`` exists and is not a store
    of proven states for ``description`` (the store's meta row); a new or
    empty file, or one that cannot be read now, passes (opening it says
    what is wrong)."""
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return
        with open(path, "rb") as handle:
            header = handle.read(len(SQLITE_HEADER))
    except OSError:
        return
    if header != SQLITE_HEADER:
        raise StoreRefused(f"{path} is not a store of proven states (not an SQLite "
                           "database): remove it, or name another --store")
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                     timeout=timeout)
    except sqlite3.Error:
        return
    try:
        tables = {name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables <= STORE_TABLES:
            raise StoreRefused(
                f"{path} is another program's SQLite database (it holds the tables "
                f"{', '.join(sorted(tables - STORE_TABLES))}); it was left as it is: "
                "name another --store")
        if "meta" in tables:
            meta = dict(connection.execute("SELECT name, value FROM meta"))
            if meta.get("description") not in (None, description):
                raise StoreRefused(f"{path} holds proven states for other lists, mode or "
                                   "format; it was left as it is: name another --store")
    except sqlite3.OperationalError as error:
        if "no such column" not in str(error):
            return          # locked, busy, a WAL not readable so: checked on opening
        raise StoreRefused(f"{path} is not a store of proven states (its meta table has "
                           f"another shape: {error}); it was left as it is: name another "
                           "--store") from None
    except sqlite3.DatabaseError as error:
        raise StoreRefused(f"{path} is not a store of proven states ({error}): remove it, "
                           "or name another --store") from None
    finally:
        connection.close()
