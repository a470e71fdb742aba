"""Shared fixtures: both kernel implementations, and the official lists."""

import os

import pytest
from hypothesis import settings

from wordle_fast import Lexicon
from wordle_fast.core import _backend

# Parallel test workers share the cores: one kernel thread each. Set before
# any compiled module loads, as OpenMP reads it once, when it starts.
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.setdefault("OMP_NUM_THREADS", "1")

# The modules that hold the kernels to their twins (or the compiled search to
# the brute force); with every test that takes a kernel fixture, they make up
# `-m kernel`, the part CI runs again against the debug build.
KERNEL_MODULES = {"test_bitset", "test_endgame", "test_exact", "test_feasibility",
                  "test_feedback", "test_hard_mode", "test_limits", "test_lookahead",
                  "test_memo", "test_patterns", "test_scoring", "test_twins",
                  "test_weighted_search"}
KERNEL_FIXTURES = {"kernels", "compiled", "python_kernels"}


def pytest_configure(config):
    # Here rather than in pyproject.toml, so that it holds when the tests run
    # outside the checkout against an installed wheel (as CI does).
    config.addinivalue_line(
        "markers", "slow: a long proof or process test; deselected by default, run with -m slow")
    config.addinivalue_line(
        "markers", "kernel: compares compiled code with its twin or a brute force; "
                   "CI runs these on the debug build too")


def pytest_collection_modifyitems(config, items):
    for item in items:
        module = getattr(item, "module", None)
        name = module.__name__.rpartition(".")[2] if module else ""
        if name in KERNEL_MODULES or KERNEL_FIXTURES & set(item.fixturenames):
            item.add_marker(pytest.mark.kernel)


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
