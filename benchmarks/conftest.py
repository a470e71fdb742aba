"""Benchmark fixtures and the convention every group follows.

Each group holds the compiled kernel and at least one baseline measured in the
same run. A baseline too slow to run on the full job runs on a sample; it
records ``extra_info["scale"]`` (full job / sample) and its extrapolated
figure is labelled as such by ``report.py``.
"""

import numpy as np
import pytest

from wordle_fast import Lexicon, encode_words


@pytest.fixture(scope="session")
def official():
    lexicon = Lexicon()
    lexicon.matrix  # noqa: B018  (built outside the timed code)
    return lexicon


@pytest.fixture(scope="session")
def encoded(official):
    return encode_words(official.guesses), encode_words(official.answers)


def mark(benchmark, role, scale=1.0, **info):
    """Tag a benchmark as ``kernel`` or ``baseline``; ``scale`` extrapolates a sample."""
    benchmark.extra_info["role"] = role
    benchmark.extra_info["scale"] = float(scale)
    benchmark.extra_info.update(info)


def numpy_pattern_matrix(guesses, answers):
    """The two-pass rule vectorised with plain numpy, the way a careful numpy
    user would write it: broadcasting over all (guess, answer) pairs."""
    n_guesses, length = guesses.shape
    greens = guesses[:, None, :] == answers[None, :, :]
    tiles = np.where(greens, 2, 0).astype(np.uint8)
    # copies of each letter in each answer not consumed by a green
    unmatched = np.zeros((n_guesses, answers.shape[0], 26), dtype=np.int8)
    for i in range(length):
        letters = answers[:, i]
        unmatched[:, np.arange(answers.shape[0]), letters] += (~greens[:, :, i]).astype(np.int8)
    rows = np.arange(n_guesses)[:, None]
    cols = np.arange(answers.shape[0])[None, :]
    for i in range(length):
        letter = guesses[:, i][:, None]
        available = unmatched[rows, cols, letter] > 0
        yellow = ~greens[:, :, i] & available
        tiles[:, :, i] = np.where(yellow, 1, tiles[:, :, i])
        unmatched[rows, cols, letter] -= yellow.astype(np.int8)
    weights = 3 ** np.arange(length - 1, -1, -1)
    return (tiles.astype(np.int64) @ weights).astype(np.uint8)


def numpy_scores(matrix, candidates, n_patterns):
    """Entropy of every guess with one flat np.bincount, plain numpy."""
    sub = matrix[:, candidates].astype(np.int64)
    offsets = np.arange(matrix.shape[0], dtype=np.int64)[:, None] * n_patterns
    counts = np.bincount((sub + offsets).ravel(), minlength=matrix.shape[0] * n_patterns)
    counts = counts.reshape(matrix.shape[0], n_patterns).astype(np.float64)
    p = counts / len(candidates)
    with np.errstate(divide="ignore", invalid="ignore"):
        entropy = -np.nansum(np.where(p > 0, p * np.log2(p), 0.0), axis=1)
    return entropy, (counts ** 2).sum(axis=1) / len(candidates)
