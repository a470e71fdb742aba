"""Exact play under a prior (issue 79). Target: SALET proven under the
frequency prior (original lists, normal mode) within 3x of the uniform SALET
proof, its same-run baseline; hard mode alongside. Each proof is the search
alone (a fresh searcher, the pattern matrix built before), as
test_bench_exact.prove."""

import numpy as np
import pytest
from conftest import mark

from wordle_fast.exact.search import make_exact_searcher
from wordle_fast.priors import make_prior

# the expected guesses proven under the frequency prior, as whole-number totals
FREQUENCY_TOTALS = {"off": 52697358, "hard": 53874520}
UNIFORM_TOTALS = {"off": 7920, "hard": 8122}


def prove(lexicon, mode, weights):
    searcher = make_exact_searcher(lexicon, mode, weights=weights)
    return searcher.after_guess(np.arange(lexicon.n_answers), lexicon.guess_index("salet"), 6)


@pytest.mark.parametrize("mode", ["off", "hard"])
@pytest.mark.parametrize("prior", ["uniform", "frequency"])
def test_prove_salet_under_a_prior(benchmark, official, prior, mode):
    benchmark.group = f"exact: prove SALET, uniform vs frequency prior ({mode} mode)"
    weights = None if prior == "uniform" else make_prior(prior, official.answers).integers
    mark(benchmark, "baseline" if weights is None else "kernel", prior=prior, mode=mode)
    want = (UNIFORM_TOTALS if weights is None else FREQUENCY_TOTALS)[mode]
    assert benchmark.pedantic(prove, (official, mode, weights), rounds=5) == want
