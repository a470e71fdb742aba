"""Two-step entropy of openers (seed 001's recursion at depth 2).

Target: every one of the 12972 openers over the 2315 answers, exact (no
width), under 2 minutes on 2 cores. Done naively that is 12972 x 12972 x 2315
feedback lookups. Measured alongside: the memo's effect (the same search
with a one-entry memo), the tile-bound pruning's effect (the same search
without it), and a plain-numpy two-step on a sample."""

import numpy as np
import pytest
from conftest import mark, numpy_scores

from wordle_fast.strategies.lookahead import make_lookahead_searcher

SAMPLE = 300  # random openers for the comparisons


@pytest.fixture(scope="module")
def sample_rows(official):
    return np.random.default_rng(0).choice(official.n_guesses, size=SAMPLE, replace=False)


def two_step(official, rows, **options):
    searcher = make_lookahead_searcher(official, **options)
    values, done = searcher.guess_values(np.arange(official.n_answers), rows, 2)
    return values, searcher.stats()


@pytest.mark.benchmark(group="two-step entropy, every opener (12972 x 2315), exact")
def test_two_step_every_opener(benchmark, official):
    every = np.arange(official.n_guesses)
    values, stats = benchmark.pedantic(two_step, (official, every), rounds=1, iterations=1)
    mark(benchmark, "kernel", memo_entries=stats["entries"], memo_hits=stats["hits"],
         best=official.guesses[int(np.argmax(values))], best_bits=round(float(values.max()), 4))
    assert official.guesses[int(np.argmax(values))] == "slane"


@pytest.mark.benchmark(group=f"two-step entropy, {SAMPLE} random openers")
def test_two_step_sample(benchmark, official, sample_rows):
    values, stats = two_step(official, sample_rows)
    mark(benchmark, "kernel", memo="1,000,000 entries", hits=stats["hits"], misses=stats["misses"])
    benchmark.pedantic(two_step, (official, sample_rows), rounds=3)


@pytest.mark.benchmark(group=f"two-step entropy, {SAMPLE} random openers")
def test_two_step_sample_without_memo(benchmark, official, sample_rows):
    mark(benchmark, "baseline", memo="1 entry (every lookup misses)")
    benchmark.pedantic(two_step, (official, sample_rows), kwargs={"max_entries": 1}, rounds=3)


@pytest.mark.benchmark(group=f"two-step entropy, {SAMPLE} random openers")
def test_two_step_sample_without_pruning(benchmark, official, sample_rows):
    mark(benchmark, "baseline", pruning="off (every second guess scored until a perfect split)")
    benchmark.pedantic(two_step, (official, sample_rows), kwargs={"prune": False}, rounds=1,
                       iterations=1)


def numpy_two_step(matrix, rows):
    """Plain numpy: per opener, per bucket, every guess's entropy by bincount."""
    values = []
    for row in rows:
        codes = matrix[row]
        total = 0.0
        for code in np.unique(codes):
            bucket = np.flatnonzero(codes == code)
            p = len(bucket) / matrix.shape[1]
            total -= p * np.log2(p)
            if len(bucket) > 1:
                total += p * numpy_scores(matrix, bucket, 243)[0].max()
        values.append(total)
    return np.array(values)


@pytest.mark.benchmark(group=f"two-step entropy, {SAMPLE} random openers")
def test_two_step_sample_baseline_numpy(benchmark, official, sample_rows):
    few = sample_rows[:3]
    mark(benchmark, "baseline", scale=SAMPLE / len(few), sample=f"{len(few)} openers")
    values = benchmark.pedantic(numpy_two_step, (official.matrix, few), rounds=1, iterations=1)
    expected, _ = two_step(official, few)
    np.testing.assert_allclose(values, expected, atol=1e-9)
