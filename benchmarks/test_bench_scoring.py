"""Scoring every guess, and the measurement that chose the histogram strategy."""

import numpy as np
import pytest
from conftest import mark, numpy_scores

from wordle_fast.core import _scoring, _scoring_twin

SAMPLE_GUESSES = 100


@pytest.mark.benchmark(group="score 12972 guesses x 2315 answers")
@pytest.mark.parametrize("n_threads", [1, 2])
def test_score_all_compiled(benchmark, official, n_threads):
    pool = np.arange(official.n_guesses)
    candidates = np.arange(official.n_answers)
    mark(benchmark, "kernel", threads=n_threads)
    entropy, *_ = benchmark(_scoring.score_guesses, official.matrix, pool, candidates, 5,
                            n_threads=n_threads)
    assert round(entropy[official.guess_index("soare")], 4) == 5.8860


@pytest.mark.benchmark(group="score 12972 guesses x 2315 answers")
def test_score_all_weighted_compiled(benchmark, official):
    pool = np.arange(official.n_guesses)
    candidates = np.arange(official.n_answers)
    weights = np.random.default_rng(0).random(official.n_answers)
    mark(benchmark, "kernel", threads=2, note="with a prior over answers")
    benchmark(_scoring.score_guesses, official.matrix, pool, candidates, 5, weights=weights)


@pytest.mark.benchmark(group="score 12972 guesses x 2315 answers")
def test_score_all_facade(benchmark, official):
    mark(benchmark, "kernel", threads=2, note="Lexicon.score: kernel + result object")
    assert benchmark(official.score).best().word == "soare"


@pytest.mark.benchmark(group="score 12972 guesses x 2315 answers")
def test_score_all_baseline_numpy(benchmark, official):
    candidates = np.arange(official.n_answers)
    mark(benchmark, "baseline", note="one flat np.bincount")
    entropy, _ = benchmark.pedantic(numpy_scores, (official.matrix, candidates, 243), rounds=5)
    assert round(entropy[official.guess_index("soare")], 4) == 5.8860


@pytest.mark.benchmark(group="score 12972 guesses x 2315 answers")
def test_score_all_baseline_pure_python(benchmark, official):
    pool = np.arange(SAMPLE_GUESSES)
    candidates = np.arange(official.n_answers)
    mark(benchmark, "baseline", scale=official.n_guesses / SAMPLE_GUESSES,
         sample=f"{SAMPLE_GUESSES} guesses")
    benchmark.pedantic(_scoring_twin.score_guesses, (official.matrix, pool, candidates, 5),
                       rounds=1, iterations=1)


# -- gather vs popcount: which histogram to build, by candidate-set size ------
# Both score the same 2000 guesses over random candidate sets of each size.

STRATEGY_POOL = 2000


@pytest.fixture(scope="module")
def strategy_inputs(official):
    rng = np.random.default_rng(3)
    pool = rng.choice(official.n_guesses, size=STRATEGY_POOL, replace=False)
    buckets = _scoring.bucket_bitsets(official.matrix, pool, 5)
    return pool, buckets, rng


def _candidates(official, rng, size):
    members = np.sort(rng.choice(official.n_answers, size=size, replace=False))
    return official.candidate_set(official.answers[i] for i in members)


@pytest.mark.parametrize("size", [2315, 500, 100, 20, 3])
def test_histogram_strategy_gather(benchmark, official, strategy_inputs, size):
    pool, _, rng = strategy_inputs
    candidates = _candidates(official, rng, size).indices()
    benchmark.group = f"histogram strategy, {size} candidates"
    mark(benchmark, "kernel", strategy="gather", threads=1)
    benchmark(_scoring.score_guesses, official.matrix, pool, candidates, 5, n_threads=1)


@pytest.mark.parametrize("size", [2315, 500, 100, 20, 3])
def test_histogram_strategy_popcount(benchmark, official, strategy_inputs, size):
    pool, (offsets, codes, words), rng = strategy_inputs
    candidates = _candidates(official, rng, size)
    benchmark.group = f"histogram strategy, {size} candidates"
    mark(benchmark, "baseline", strategy="popcount", threads=1)
    benchmark(_scoring.score_guesses_popcount, offsets, codes, words, candidates, 5)
