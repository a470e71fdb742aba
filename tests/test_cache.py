"""Opening-table cache: written once, read back, rebuilt when broken."""

import subprocess
import sys

import numpy as np
import pytest

from wordle_fast import Solver
from wordle_fast.cache import FirstMoveCache, default_cache_dir


def test_table_is_written_then_reused(official, tmp_path):
    first = Solver(lexicon=official, cache_dir=tmp_path)
    expected = [s.word for s in first.suggest(top=20)]
    files = list(tmp_path.glob("opening-*.npz"))
    assert len(files) == 1
    # a reused table gives the same suggestions without the pattern matrix
    second = Solver(answers=official.answers, guesses=official.guesses, cache_dir=tmp_path)
    assert [s.word for s in second.suggest(top=20)] == expected
    assert "matrix" not in second.lexicon.__dict__


@pytest.mark.parametrize("damage", [b"", b"not a zip file at all", b"PK\x03\x04broken"])
def test_corrupt_file_is_rebuilt_silently(official, tmp_path, damage):
    Solver(lexicon=official, cache_dir=tmp_path).suggest()
    (path,) = tmp_path.glob("opening-*.npz")
    path.write_bytes(damage)
    assert Solver(lexicon=official, cache_dir=tmp_path).best().word == "soare"
    with np.load(path) as rebuilt:
        assert official.guess_index("soare") in rebuilt["rows"]


def test_a_file_for_another_table_is_not_used(official, tmp_path):
    cache = FirstMoveCache(tmp_path)
    solver = Solver(lexicon=official, cache_dir=tmp_path)
    solver.suggest()
    (path,) = tmp_path.glob("opening-*.npz")
    # plant another table's content under this table's name
    np.savez(path, description=np.array("something else"), words=np.array(["zzzzz"]))
    assert cache.load("anything") is None
    assert solver.best().word == "soare"


def test_different_word_lists_never_share_an_entry(tmp_path):
    small = ["cigar", "rebut", "sissy", "humph", "awake"]
    other = ["cigar", "rebut", "sissy", "humph", "blush"]
    first = Solver(answers=small, guesses=small, cache_dir=tmp_path).suggest(top=None)
    second = Solver(answers=other, guesses=other, cache_dir=tmp_path).suggest(top=None)
    assert len(list(tmp_path.glob("opening-*.npz"))) == 2
    assert {s.word for s in first} == set(small) and {s.word for s in second} == set(other)


def test_settings_that_change_the_table_change_the_key(official, tmp_path):
    for options in ({}, {"strategy": "minimax"}, {"hard_mode": "hard"}, {"prior": "frequency"},
                    {"guess_pool": "candidates"}, {"strategy": "hybrid", "frequency_weight": 0.2}):
        Solver(lexicon=official, cache_dir=tmp_path, **options).suggest()
    assert len(list(tmp_path.glob("opening-*.npz"))) == 6


def test_unwritable_cache_gives_one_short_notice(official, tmp_path, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder should be")
    solver = Solver(lexicon=official, cache_dir=blocker / "cache")
    assert solver.best().word == "soare"
    solver.suggest(top=3)   # a second table write fails too: still one notice
    notices = [r for r in caplog.records if r.name == "wordle_fast"]
    assert len(notices) == 1 and "cannot keep first-move scores" in notices[0].getMessage()


def test_unwritable_cache_notice_from_the_cli(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    done = subprocess.run([sys.executable, "-m", "wordle_fast", "suggest", "--top", "1",
                           "--cache-dir", str(blocker / "cache")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "soare" in done.stdout
    # one line, no "RuntimeWarning", no source line
    assert done.stderr.count("\n") == 1 and "cannot keep first-move scores" in done.stderr
    assert "Warning" not in done.stderr and "warn(" not in done.stderr


DAMAGES = {
    "wrong length": lambda a: {**a, "values": a["values"][:-1]},
    "NaN": lambda a: {**a, "expected_bits": np.where(np.arange(len(a["rows"])) == 3, np.nan,
                                                      a["expected_bits"])},
    "wrong dtype": lambda a: {**a, "rows": a["rows"].astype(np.float64)},
    "row out of range": lambda a: {**a, "rows": a["rows"] + 10**6},
    "array missing": lambda a: {k: v for k, v in a.items() if k != "is_candidate"},
    "text instead of numbers": lambda a: {**a, "values": a["values"].astype(str)},
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_damaged_arrays_under_the_right_description_are_rebuilt(official, tmp_path, damage):
    expected = [s.word for s in Solver(lexicon=official, cache_dir=tmp_path).suggest(top=5)]
    (path,) = tmp_path.glob("opening-*.npz")
    with np.load(path) as stored:
        arrays = {name: stored[name] for name in stored.files}
    np.savez(path, **DAMAGES[damage](arrays))
    assert [s.word for s in Solver(lexicon=official, cache_dir=tmp_path).suggest(top=5)] == expected
    with np.load(path) as rebuilt:   # and the file is whole again
        assert set(rebuilt.files) == set(arrays)
        assert all(np.array_equal(rebuilt[k], arrays[k]) for k in arrays if k != "description")


def test_cache_location(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDLE_FAST_CACHE_DIR", str(tmp_path / "mine"))
    assert default_cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("WORDLE_FAST_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "wordle_fast"
