"""Shared fixtures: both kernel implementations, and the official lists."""

import os

import pytest
from hypothesis import settings

from wordle_fast import Lexicon
from wordle_fast.core import _backend

def pytest_configure(config):
    # Here rather than in pyproject.toml, so that it holds when the tests run
    # outside the checkout against an installed wheel (as CI does).
    config.addinivalue_line(
        "markers", "slow: a long proof or process test; deselected by default, run with -m slow")


settings.register_profile("ci", max_examples=200, deadline=None)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(scope="session", autouse=True)
def private_cache_dir(tmp_path_factory):
    """Opening tables go to a temporary folder, never the user's cache."""
    previous = os.environ.get("WORDLE_FAST_CACHE_DIR")
    directory = tmp_path_factory.mktemp("opening-cache")
    os.environ["WORDLE_FAST_CACHE_DIR"] = str(directory)
    yield directory
    if previous is None:
        del os.environ["WORDLE_FAST_CACHE_DIR"]
    else:
        os.environ["WORDLE_FAST_CACHE_DIR"] = previous


@pytest.fixture(scope="session")
def compiled():
    return _backend.select("compiled")


@pytest.fixture(scope="session")
def python_kernels():
    return _backend.select("python")


@pytest.fixture(scope="session", params=["compiled", "python"])
def kernels(request):
    """Every test that takes this runs against both implementations."""
    return _backend.select(request.param)


@pytest.fixture(scope="session")
def official():
    """The bundled 2315 answers and 12972 guesses, matrix built once."""
    lexicon = Lexicon()
    lexicon.matrix  # noqa: B018  (build now, not inside a timed test)
    return lexicon


# Eight answers one letter apart: MELBA settles all of them within 5
# guesses, GARMS (best within 6) does not.
OUND = ["bound", "found", "hound", "mound", "pound", "round", "sound", "wound"]
OUND_GUESSES = OUND + ["almah", "anele", "bevel", "diact", "garms", "jilts", "kibes", "melba",
                       "papas", "routh", "splay", "thole"]


@pytest.fixture
def ound_files(tmp_path):
    """The OUND lists as answer and guess files: (answers path, guesses path)."""
    answers, guesses = tmp_path / "la.txt", tmp_path / "lg.txt"
    answers.write_text("\n".join(OUND) + "\n")
    guesses.write_text("\n".join(OUND_GUESSES) + "\n")
    return str(answers), str(guesses)
