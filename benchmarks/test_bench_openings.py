"""The proof over every opener. Targets (2 cores): the bound pass over all
12972 openers under 60 s; the whole proof that SALET is best under 15
minutes in normal mode and 30 in hard mode. Same-run baselines: the bound
pass the way the issue measured it (per bucket from Python, 0.29 s an
opener), and the proof the way the package did it before (every opener
searched with the optimum as its budget, no bound pass), each on a sample of
openers and extrapolated."""

import numpy as np
import pytest
from conftest import mark

from wordle_fast.exact.proof import opening_table
from wordle_fast.exact.search import make_exact_searcher

N_OPENERS = 12972


def python_bound(searcher, official, row):
    # n + the sum over buckets of searcher.lower_bound, one call per bucket
    codes = official.matrix[row]
    green = 3 ** official.length - 1
    total = official.n_answers
    for code in np.unique(codes):
        if code != green:
            total += searcher.lower_bound(np.flatnonzero(codes == code), 5)
    return total


def test_bound_pass_compiled(benchmark, official):
    benchmark.group = "openings: one-level bound of every opener (threshold 7920)"
    mark(benchmark, "kernel")
    searcher = make_exact_searcher(official)
    rows = np.arange(official.n_guesses)
    bounds = benchmark.pedantic(searcher.opener_bounds, (rows, 6, 7920), rounds=1)
    benchmark.extra_info["not_refuted"] = int((bounds <= 7920).sum())
    assert bounds[official.guess_index("salet")] <= 7920


def test_bound_pass_per_bucket_from_python(benchmark, official):
    benchmark.group = "openings: one-level bound of every opener (threshold 7920)"
    sample = np.random.default_rng(1).choice(official.n_guesses, 20, replace=False)
    mark(benchmark, "baseline", scale=N_OPENERS / len(sample),
         note="searcher.lower_bound per bucket, 20 random openers, no threshold")
    searcher = make_exact_searcher(official)
    benchmark.pedantic(lambda: [python_bound(searcher, official, row) for row in sample],
                       rounds=1)


@pytest.mark.parametrize("mode, optimum", [("off", 7920), ("hard", 8122)])
def test_proof_over_every_opener(benchmark, official, tmp_path, mode, optimum):
    benchmark.group = f"openings: prove the best opener over all 12972 ({mode} mode)"
    mark(benchmark, "kernel", workers=2)
    table = benchmark.pedantic(opening_table, (official, mode), dict(
        recompute=True, workers=2, results_path=tmp_path / "results.json"), rounds=1)
    benchmark.extra_info["counts"] = table.counts()
    assert table.optimum == optimum and table.best == ["salet"]


@pytest.mark.parametrize("mode, optimum", [("off", 7920), ("hard", 8122)])
def test_proof_every_opener_searched(benchmark, official, mode, optimum):
    # Before the bound pass: every opener searched with the optimum as budget.
    benchmark.group = f"openings: prove the best opener over all 12972 ({mode} mode)"
    sample = np.random.default_rng(2).choice(official.n_guesses, 5, replace=False)
    mark(benchmark, "baseline", scale=N_OPENERS / len(sample),
         note="after_guess with budget optimum - 1, 5 random openers, 2 threads")
    searcher = make_exact_searcher(official, mode)
    legal = None if mode == "off" else np.arange(official.n_guesses)
    everyone = np.arange(official.n_answers)
    totals = benchmark.pedantic(lambda: [searcher.after_guess(everyone, row, 6, optimum - 1, legal)
                                         for row in sample], rounds=1)
    assert min(totals) > optimum - 1


@pytest.mark.parametrize("opener", ["adieu", "mamma", "fuzzy", "qajaq"])
def test_exact_value_of_a_bad_opener(benchmark, official, opener):
    # No budget: the full exact value, however far from the optimum.
    benchmark.group = "openings: exact value of bad openers (normal mode)"
    mark(benchmark, "baseline" if opener == "adieu" else "kernel")
    searcher = make_exact_searcher(official)
    everyone = np.arange(official.n_answers)
    total = benchmark.pedantic(searcher.after_guess,
                               (everyone, official.guess_index(opener), 6), rounds=1)
    benchmark.extra_info["total"] = int(total)
