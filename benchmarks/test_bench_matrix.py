"""Pattern matrix: 12972 x 2315 and 12972 x 12972 against plain numpy and the
pure-Python twin (on a sample, extrapolated)."""

import tracemalloc

import numpy as np
import pytest
from conftest import mark, numpy_pattern_matrix

from wordle_fast.core import _feedback, _feedback_twin

SAMPLE_GUESSES = 40


@pytest.mark.benchmark(group="matrix 12972x2315")
@pytest.mark.parametrize("n_threads", [1, 2])
def test_matrix_compiled(benchmark, encoded, n_threads):
    guesses, answers = encoded
    mark(benchmark, "kernel", threads=n_threads)
    matrix = benchmark(_feedback.pattern_matrix, guesses, answers, n_threads=n_threads)
    assert matrix.shape == (12972, 2315)


@pytest.mark.benchmark(group="matrix 12972x2315")
def test_matrix_baseline_numpy(benchmark, encoded, official):
    guesses, answers = encoded
    sample = guesses[:1000]
    mark(benchmark, "baseline", scale=len(guesses) / len(sample), sample=f"{len(sample)} guesses")
    result = benchmark.pedantic(numpy_pattern_matrix, (sample, answers), rounds=3)
    np.testing.assert_array_equal(result, official.matrix[:1000])


@pytest.mark.benchmark(group="matrix 12972x2315")
def test_matrix_baseline_pure_python(benchmark, encoded):
    guesses, answers = encoded
    sample = guesses[:SAMPLE_GUESSES]
    mark(benchmark, "baseline", scale=len(guesses) / len(sample),
         sample=f"{SAMPLE_GUESSES} guesses")
    benchmark.pedantic(_feedback_twin.pattern_matrix, (sample, answers), rounds=1, iterations=1)


@pytest.mark.benchmark(group="matrix 12972x12972")
def test_matrix_full_square_compiled(benchmark, encoded):
    guesses, _ = encoded
    tracemalloc.start()
    matrix = _feedback.pattern_matrix(guesses, guesses)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del matrix
    mark(benchmark, "kernel", threads=2, peak_mb=round(peak / 1e6, 1), result_mb=168.3)
    benchmark.pedantic(_feedback.pattern_matrix, (guesses, guesses), rounds=5)


@pytest.mark.benchmark(group="matrix 12972x12972")
def test_matrix_full_square_baseline_numpy(benchmark, encoded):
    guesses, _ = encoded
    sample = guesses[:200]
    mark(benchmark, "baseline", scale=len(guesses) / len(sample), sample="200 guesses")
    benchmark.pedantic(numpy_pattern_matrix, (sample, guesses), rounds=3)
