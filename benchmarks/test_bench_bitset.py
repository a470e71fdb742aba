"""CandidateSet operations over the 2315 answers: compiled, twin, Python set."""

import numpy as np
import pytest
from conftest import mark

from wordle_fast.core import _bitset, _bitset_twin

UNIVERSE = 2315
rng = np.random.default_rng(11)
A_MEMBERS = rng.choice(UNIVERSE, size=900, replace=False).tolist()
B_MEMBERS = rng.choice(UNIVERSE, size=900, replace=False).tolist()

IMPLEMENTATIONS = {
    "compiled": lambda members: _bitset.CandidateSet(UNIVERSE, members),
    "twin": lambda members: _bitset_twin.CandidateSet(UNIVERSE, members),
    "python set": set,
}
ROLE = {"compiled": "kernel", "twin": "baseline", "python set": "baseline"}


@pytest.mark.parametrize("implementation", list(IMPLEMENTATIONS))
def test_bitset_intersection(benchmark, implementation):
    a, b = IMPLEMENTATIONS[implementation](A_MEMBERS), IMPLEMENTATIONS[implementation](B_MEMBERS)
    benchmark.group = "bitset a & b (900 of 2315 each)"
    mark(benchmark, ROLE[implementation], implementation=implementation)
    benchmark(lambda: a & b)


@pytest.mark.parametrize("implementation", list(IMPLEMENTATIONS))
def test_bitset_count_and(benchmark, implementation):
    a, b = IMPLEMENTATIONS[implementation](A_MEMBERS), IMPLEMENTATIONS[implementation](B_MEMBERS)
    benchmark.group = "bitset len(a & b) without building it"
    mark(benchmark, ROLE[implementation], implementation=implementation)
    count = (lambda: len(a & b)) if implementation == "python set" else (lambda: a.count_and(b))
    assert benchmark(count) == len(set(A_MEMBERS) & set(B_MEMBERS))


@pytest.mark.parametrize("implementation", list(IMPLEMENTATIONS))
def test_bitset_narrow_by_pattern(benchmark, implementation, official):
    row = official.row("soare")
    code = int(row[official.answer_index("crane")])
    benchmark.group = "bitset narrow by one matrix row (2315 answers)"
    mark(benchmark, ROLE[implementation], implementation=implementation)
    if implementation == "python set":
        full = set(range(UNIVERSE))
        result = benchmark(lambda: {j for j in full if row[j] == code})
    else:
        full = IMPLEMENTATIONS[implementation](range(UNIVERSE))
        result = benchmark(full.narrowed, row, code)
    assert len(result) == int((row == code).sum())
