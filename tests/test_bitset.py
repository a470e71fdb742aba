"""CandidateSet: set semantics on both implementations, against Python sets."""

import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st


@st.composite
def two_sets(draw):
    # universes around word-size boundaries are where bitsets go wrong
    universe = draw(st.sampled_from([0, 1, 63, 64, 65, 127, 128, 130, 2315]))
    members = st.sets(st.integers(0, universe - 1), max_size=80) if universe else st.just(set())
    return universe, draw(members), draw(members)


@given(two_sets())
def test_operations_match_python_sets(kernels, case):
    universe, a, b = case
    x = kernels.CandidateSet(universe, a)
    y = kernels.CandidateSet.from_indices(universe, b)
    assert len(x) == len(a) and bool(x) == bool(a)
    assert list(x) == sorted(a)
    assert x.indices().tolist() == sorted(a) and x.indices().dtype == np.intp
    assert set(x & y) == a & b
    assert set(x | y) == a | b
    assert set(x - y) == a - b
    assert set(x ^ y) == a ^ b
    assert x.count_and(y) == len(a & b)
    assert x.isdisjoint(y) == a.isdisjoint(b)
    assert (x <= y) == (a <= b) and (x >= y) == (a >= b)
    assert (x == y) == (a == b)
    for probe in [0, universe - 1, universe, -1, 5, "5", None]:
        assert (probe in x) == (probe in a)
    assert kernels.CandidateSet.from_mask(x.to_mask()) == x


@given(two_sets())
def test_mutation_matches_python_sets(kernels, case):
    universe, a, b = case
    x = kernels.CandidateSet(universe, a)
    y = kernels.CandidateSet(universe, b)
    x &= y
    assert set(x) == a & b
    x |= kernels.CandidateSet(universe, a)
    assert set(x) == a
    x -= y
    assert set(x) == a - b
    for index in b:
        x.add(index)
    assert set(x) == a | b
    for index in a:
        x.discard(index)
    assert set(x) == b - a


@given(two_sets())
def test_twins_agree_bit_for_bit(compiled, python_kernels, case):
    universe, a, b = case
    fast = compiled.CandidateSet(universe, a) ^ compiled.CandidateSet(universe, b)
    slow = python_kernels.CandidateSet(universe, a) ^ python_kernels.CandidateSet(universe, b)
    assert bytes(fast) == bytes(slow)
    assert compiled.CandidateSet.from_bytes(universe, bytes(slow)) == fast


@given(st.lists(st.integers(0, 4), min_size=1, max_size=300), st.integers(0, 4),
       st.sampled_from([np.uint8, np.uint16, np.uint32]))
def test_from_pattern_and_narrow(kernels, row, code, dtype):
    row = np.array(row, dtype=dtype)
    expected = {j for j, value in enumerate(row) if value == code}
    assert set(kernels.CandidateSet.from_pattern(row, code)) == expected
    half = kernels.CandidateSet(len(row), range(0, len(row), 2))
    assert set(half.narrowed(row, code)) == {j for j in expected if j % 2 == 0}
    assert set(half) == set(range(0, len(row), 2))  # narrowed() copies
    assert half.narrow(row, code) is half
    assert set(half) == {j for j in expected if j % 2 == 0}


def test_frozen_is_hashable_and_immutable(kernels):
    x = kernels.CandidateSet(100, [1, 2, 3])
    with pytest.raises(TypeError):
        hash(x)
    frozen = x.frozen()
    assert frozen == x and hash(frozen) == hash(kernels.CandidateSet(100, [3, 2, 1]).frozen())
    assert {frozen: "memo"}[x.frozen()] == "memo"
    with pytest.raises(TypeError, match="thawed"):
        frozen.add(5)
    with pytest.raises(TypeError, match="thawed"):
        frozen.narrow(np.zeros(100, dtype=np.uint8), 0)
    original = frozen
    frozen &= kernels.CandidateSet(100, [2])  # rebinds, like frozenset
    assert set(frozen) == {2} and set(original) == {1, 2, 3}
    thawed = original.thawed()
    thawed.add(50)
    assert 50 in thawed and 50 not in original
    assert type(original & x) is type(original)


def test_pickle_and_bytes_round_trip(kernels):
    for value in (kernels.CandidateSet(130, [0, 64, 129]), kernels.CandidateSet(130, [7]).frozen()):
        clone = pickle.loads(pickle.dumps(value))
        assert clone == value and type(clone) is type(value)
    x = kernels.CandidateSet(65, [64])
    assert bytes(x) == (0).to_bytes(8, "little") + (1).to_bytes(8, "little")


def test_errors(kernels):
    # each also a WordleError, so one handler catches every misuse of the package
    from wordle_fast.errors import InvalidIndex, InvalidOption

    with pytest.raises(InvalidIndex, match="outside 0..9"):
        kernels.CandidateSet(10, [10])
    with pytest.raises(InvalidOption, match="universe must be >= 0"):
        kernels.CandidateSet(-1)
    with pytest.raises(InvalidOption, match="different universes"):
        kernels.CandidateSet(10) | kernels.CandidateSet(11)
    with pytest.raises(IndexError, match="outside 0..9"):
        kernels.CandidateSet(10, [10])
    with pytest.raises(IndexError):
        kernels.CandidateSet(10).add(-1)
    with pytest.raises(ValueError, match="different universes"):
        kernels.CandidateSet(10) & kernels.CandidateSet(11)
    with pytest.raises(ValueError, match="different universes"):
        kernels.CandidateSet(10).count_and(kernels.CandidateSet(11))
    with pytest.raises(ValueError, match="row has 3 entries"):
        kernels.CandidateSet.full(4).narrow(np.zeros(3, dtype=np.uint8), 0)
    with pytest.raises(ValueError, match="bits past the end"):
        kernels.CandidateSet.from_bytes(3, (255).to_bytes(8, "little"))
    with pytest.raises(ValueError, match="expected 8 bytes"):
        kernels.CandidateSet.from_bytes(3, b"\x00")
    assert (kernels.CandidateSet(3) & 5) if False else True
    with pytest.raises(TypeError):
        kernels.CandidateSet(3) & {1}


def test_full_and_repr(kernels):
    for universe in (0, 1, 64, 65, 2315):
        assert len(kernels.CandidateSet.full(universe)) == universe
    assert repr(kernels.CandidateSet(10, [1, 2])) == "CandidateSet(universe=10, size=2, [1, 2])"
