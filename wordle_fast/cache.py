"""The first-move cache: the first move's full scoring, kept on disk.

(Not the exact opening table, the certificate of every opener's total:
that is ``wordle_fast.exact.tables``.)

The first move is the most expensive (every guess over every answer) and the
same every game, so it is kept under the user's cache directory:
``$WORDLE_FAST_CACHE_DIR``, else ``$XDG_CACHE_HOME/wordle_fast``, else
``~/.cache/wordle_fast``. Each table is one ``.npz`` file named by a hash of
everything that decides it (word lists, strategy, hard mode, prior, guess
pool) and holding that description too, so a stale, foreign or corrupt file
is recognised and rebuilt without complaint. Writes go to a temporary file
renamed into place, so a reader never sees half a table.
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from pathlib import Path

import numpy as np

from wordle_fast.scoring import GuessScores

CACHE_ENV = "WORDLE_FAST_CACHE_DIR"
FORMAT_VERSION = 2  # bump when the stored arrays change


def default_cache_dir() -> Path:
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "wordle_fast"


def words_digest(words) -> str:
    return hashlib.sha256("\n".join(words).encode("utf-8")).hexdigest()


def write_atomically(path: str | os.PathLike, write) -> None:
    """Call ``write(temporary_path)``, then rename the file onto ``path``: a
    reader sees the old file or the whole new one, and a failure leaves
    nothing half-written. The temporary name is private to this process and
    in the same folder, so the rename is atomic (tempfile would cost 5 ms of
    start-up)."""
    target = Path(path).expanduser()
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        write(temporary)
        os.replace(temporary, target)
    finally:
        if temporary.exists():
            temporary.unlink()


def rescue_path(path: str | os.PathLike) -> Path:
    """Where a results file that cannot be written at ``path`` (read-only,
    a full disk) is kept instead: a file of its name in the temporary folder."""
    import tempfile     # (here: 5 ms of every start otherwise)

    return Path(tempfile.gettempdir()) / f"wordle-fast-rescued-{Path(path).name}"


def set_aside(path: str | os.PathLike, what: str, why: str) -> Path | None:
    """Move a cached file that is not to be trusted to ``<path>.rejected``
    (kept, for whoever wants to see what went wrong) and say so in the log:
    the caller then starts that file again. Returns where it went, or None
    when it could not be moved (it is then refused again when next read)."""
    # (Imported here: 3 ms of every start otherwise.)
    import logging

    path = Path(path)
    aside = path.with_name(path.name + ".rejected")
    try:
        os.replace(path, aside)
    except OSError:
        aside = None
    logging.getLogger("wordle_fast").warning(
        "wordle-fast: ignored the cached %s %s (%s)%s; it starts again", what, path, why,
        f", moved to {aside}" if aside else "")
    return aside


class FirstMoveCache:
    """First-move scores in one directory, keyed by a description."""

    def __init__(self, directory: str | os.PathLike | None = None):
        self.directory = Path(directory).expanduser() if directory else default_cache_dir()
        self.noticed = False   # the "cannot write here" notice was given

    @staticmethod
    def describe(**parts) -> str:
        """The canonical text of what decides a table."""
        return json.dumps({"format": FORMAT_VERSION, **parts}, sort_keys=True)

    def path_for(self, description: str) -> Path:
        digest = hashlib.sha256(description.encode("utf-8")).hexdigest()[:32]
        return self.directory / f"opening-{digest}.npz"

    def load(self, description: str) -> dict[str, np.ndarray] | None:
        """The stored arrays, or None when missing, corrupt or not this table."""
        path = self.path_for(description)
        try:
            with np.load(path, allow_pickle=False) as stored:
                if str(stored["description"]) != description:
                    return None
                return {name: stored[name] for name in stored.files if name != "description"}
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
            return None

    def save(self, description: str, arrays: dict[str, np.ndarray]) -> Path | None:
        """Write atomically; a cache that cannot be written only costs speed."""
        path = self.path_for(description)

        def write(temporary: Path) -> None:
            with open(temporary, "wb") as file:
                np.savez(file, description=np.array(description), **arrays)

        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            write_atomically(path, write)
        except OSError as error:
            if not self.noticed:   # one line per cache, not one per table
                self.noticed = True
                # With no logging set up, Python prints the message alone on
                # stderr. (Imported here: 3 ms of every start otherwise.)
                import logging

                logging.getLogger("wordle_fast").warning(
                    "wordle-fast: cannot keep first-move scores in %s (%s); going on without the "
                    "cache (set --cache-dir or $%s)", self.directory, error.strerror or error,
                    CACHE_ENV)
            return None
        return path

    def describe_for(self, lexicon, **settings) -> str:
        """The description of ``lexicon``'s first move under ``settings``
        (strategy, hard mode, prior, guess pool)."""
        return self.describe(answers=words_digest(lexicon.answers),
                             guesses=words_digest(lexicon.guesses), **settings)

    def load_scores(self, description: str, lexicon) -> tuple[GuessScores, np.ndarray] | None:
        """(the scores, the strategy's values) stored under ``description``,
        or None when missing or damaged (then rebuilt by the caller)."""
        stored = self.load(description)
        if stored is None or not _sound(stored, lexicon.n_guesses, lexicon.n_answers):
            return None
        scores = GuessScores(
            rows=stored["rows"], vocabulary=lexicon.guesses,
            expected_bits=stored["expected_bits"],
            expected_remaining=stored["expected_remaining"],
            largest_bucket=stored["largest_bucket"], n_buckets=stored["n_buckets"],
            win_probability=stored["win_probability"], is_candidate=stored["is_candidate"],
            n_candidates=int(stored["n_candidates"]))
        return scores, stored["values"]

    def save_scores(self, description: str, scores: GuessScores, values: np.ndarray) -> None:
        self.save(description, {
            "rows": scores.rows, "expected_bits": scores.expected_bits,
            "expected_remaining": scores.expected_remaining,
            "largest_bucket": scores.largest_bucket, "n_buckets": scores.n_buckets,
            "win_probability": scores.win_probability, "is_candidate": scores.is_candidate,
            "n_candidates": np.array(scores.n_candidates), "values": values})


# The stored arrays, one entry per guess scored, by numpy kind.
_KINDS = {"rows": "i", "expected_bits": "f", "expected_remaining": "f",
          "largest_bucket": "i", "n_buckets": "i", "win_probability": "f",
          "is_candidate": "b", "values": "f"}


def _sound(stored: dict, n_guesses: int, n_answers: int) -> bool:
    """True when stored first-move arrays are whole: the right names,
    kinds and one length, rows in range, no NaN (a file damaged under the
    right description is rebuilt, not used)."""
    try:
        rows = stored["rows"]
        length = len(rows)
        for name, kind in _KINDS.items():
            array = stored[name]
            if array.dtype.kind != kind or array.shape != (length,):
                return False
            if kind == "f" and np.isnan(array).any():
                return False
        # (bincount, not unique: np.unique loads numpy.ma, 10 ms of every start)
        return (0 < length <= n_guesses and rows.min() >= 0 and rows.max() < n_guesses
                and np.bincount(rows, minlength=n_guesses).max() == 1
                and stored["n_candidates"].shape == ()
                and 0 < int(stored["n_candidates"]) <= n_answers)
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
