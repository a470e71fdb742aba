"""Guess scoring: known values, the seed's worked example, twins, ranking."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordle_fast import (
    GuessScores,
    Lexicon,
    format_pattern,
    realized_information,
)
from wordle_fast.core import _scoring

# -- known values on the official lists --------------------------------------


def test_published_opening_entropies(official):
    scores = official.score()
    assert round(scores["soare"].expected_bits, 4) == 5.8860
    assert round(scores["roate"].expected_bits, 4) == 5.8828
    assert scores["raise"].expected_bits > 5.87
    assert scores.best().word == "soare"
    assert [s.word for s in scores.ranked(3)] == ["soare", "roate", "raise"]


def test_seed_002_opener_table_is_corrected(official):
    # The write-up claims TRACE 5.87 > CRATE 5.81 > SLATE 5.79 > CRANE 5.76 > ROAST 5.72.
    scores = official.score(pool=["trace", "crate", "slate", "crane", "roast"])
    measured = {s.word: round(s.expected_bits, 4) for s in scores.ranked()}
    assert measured == {"slate": 5.8558, "crate": 5.8349, "trace": 5.8305,
                        "crane": 5.7428, "roast": 5.6452}
    assert list(measured) == ["slate", "crate", "trace", "crane", "roast"]


def test_opening_statistics_are_consistent(official):
    soare = official.score()["soare"]
    assert soare.n_buckets == 127 and soare.largest_bucket == 183
    assert not soare.is_candidate and soare.win_probability == 0
    raise_ = official.score(pool=["raise"])["raise"]
    assert raise_.is_candidate and raise_.win_probability == pytest.approx(1 / 2315)


def test_candidate_pool_best_is_a_possible_answer(official):
    best = official.score(pool="candidates").best()
    assert best.is_candidate and best.word in official.answers


def test_parallel_scoring_equals_serial(official):
    parallel = Lexicon.score(official)
    serial_lexicon = Lexicon(n_threads=1)
    serial_lexicon.__dict__["matrix"] = official.matrix  # share the built matrix
    serial = serial_lexicon.score()
    np.testing.assert_array_equal(parallel.expected_bits, serial.expected_bits)
    np.testing.assert_array_equal(parallel.largest_bucket, serial.largest_bucket)


# -- the seed's 3-letter worked example (seeds/000, section 4) ---------------

SEED_DICTIONARY = """ABC ACB BAC BCA CAB CBA ABD ADB BAD BDA DAB DBA
                     CAD CDA DAC DCA AAD ADA DAA ABB BAB BBA""".split()


def test_seed_three_letter_example():
    lexicon = Lexicon(answers=SEED_DICTIONARY, guesses=SEED_DICTIONARY)
    assert lexicon.n_answers == 22
    candidates = lexicon.all_candidates()
    secret = "cda"
    total_bits = 0.0
    path = [("abc", "ybY", ["cad", "cda", "dca"]), ("bad", "byy", ["cda", "dca"]),
            ("adb", "ygb", ["cda"])]
    for guess, seen, remaining in path:
        assert format_pattern(lexicon.row(guess)[lexicon.answer_index(secret)], 3) == seen.lower()
        before = len(candidates)
        candidates = lexicon.narrowed(candidates, guess, seen)
        assert lexicon.words_of(candidates) == remaining
        total_bits += realized_information(before, len(candidates))
    assert total_bits == pytest.approx(math.log2(22))
    assert realized_information(22, 3) == pytest.approx(2.874, abs=1e-3)


# -- compiled kernel against its twin ----------------------------------------

@st.composite
def scoring_cases(draw):
    length = draw(st.integers(1, 6))
    word = st.text(alphabet="abcdz", min_size=length, max_size=length)
    answers = draw(st.lists(word, min_size=1, max_size=40, unique=True))
    extra = draw(st.lists(word, max_size=20, unique=True))
    guesses = answers + [w for w in extra if w not in answers]
    members = draw(st.sets(st.integers(0, len(answers) - 1), min_size=1))
    weighted = draw(st.booleans())
    weights = None
    if weighted:
        weights = np.array(draw(st.lists(st.floats(0.0, 10.0), min_size=len(answers),
                                         max_size=len(answers))))
        if weights[sorted(members)].sum() <= 0:
            weights[min(members)] = 1.0
    return length, answers, guesses, sorted(members), weights, draw(st.sampled_from([1, 2]))


@given(scoring_cases())
def test_compiled_scoring_matches_reference(compiled, python_kernels, case):
    length, answers, guesses, members, weights, n_threads = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    pool = np.arange(lexicon.n_guesses)
    fast = compiled.score_guesses(lexicon.matrix, pool, members, length, weights=weights,
                                  n_threads=n_threads)
    slow = python_kernels.score_guesses(lexicon.matrix, pool, members, length, weights=weights)
    names = ["entropy", "expected_remaining", "largest_bucket", "n_buckets", "win_probability"]
    for name, a, b in zip(names, fast, slow):
        np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-9, err_msg=name)


def test_reference_entropy_is_the_textbook_formula(python_kernels):
    # codes [0, 0, 1, 2] over 4 candidates: p = 1/2, 1/4, 1/4 -> 1.5 bits
    matrix = np.array([[0, 0, 1, 2]], dtype=np.uint8)
    entropy, expected, largest, buckets, win = python_kernels.score_guesses(
        matrix, [0], [0, 1, 2, 3], length=1)
    assert entropy[0] == 1.5 and expected[0] == (4 + 1 + 1) / 4
    assert largest[0] == 2 and buckets[0] == 3 and win[0] == 0.25


def test_uniform_weights_equal_counts(official):
    candidates = official.candidate_set(official.answers[:300])
    plain = official.score(candidates, pool=official.guesses[:2000])
    weighted = official.score(candidates, pool=official.guesses[:2000],
                              weights=np.full(official.n_answers, 3.0))
    np.testing.assert_allclose(plain.expected_bits, weighted.expected_bits, atol=1e-12)
    np.testing.assert_allclose(plain.expected_remaining, weighted.expected_remaining, atol=1e-9)
    np.testing.assert_allclose(plain.win_probability, weighted.win_probability, atol=1e-15)


def test_prior_concentrated_on_one_answer_gives_zero_bits(official):
    weights = np.zeros(official.n_answers)
    weights[official.answer_index("crane")] = 1.0
    scores = official.score(pool=["crane", "soare"], weights=weights)
    assert scores["soare"].expected_bits == 0 and scores["crane"].win_probability == 1.0


@pytest.mark.parametrize("size", [1, 2, 7, 64, 300, 2315])
def test_popcount_strategy_equals_gather(official, size):
    rng = np.random.default_rng(size)
    pool = rng.choice(official.n_guesses, size=150, replace=False)
    members = rng.choice(official.n_answers, size=size, replace=False)
    candidates = official.candidate_set(official.answers[i] for i in members)
    offsets, codes, words = _scoring.bucket_bitsets(official.matrix, pool, 5)
    by_popcount = _scoring.score_guesses_popcount(offsets, codes, words, candidates, 5)
    by_gather = _scoring.score_guesses(official.matrix, pool, candidates.indices(), 5)
    for a, b in zip(by_popcount, by_gather):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


# -- ranking -------------------------------------------------------------------

def make_scores(rows):
    words, bits, remaining, win, candidate = zip(*rows)
    n = len(rows)
    return GuessScores(rows=np.arange(n), vocabulary=words, expected_bits=np.array(bits),
                       expected_remaining=np.array(remaining),
                       largest_bucket=np.zeros(n, dtype=np.int32),
                       n_buckets=np.zeros(n, dtype=np.int32),
                       win_probability=np.array(win), is_candidate=np.array(candidate),
                       n_candidates=10)


def test_tie_breakers_in_the_seeds_order():
    scores = make_scores([
        # word, bits, expected remaining, p(win), possible answer
        ("eeeee", 2.0, 3.0, 0.0, False),
        ("ddddd", 2.0, 3.0, 0.1, True),
        ("ccccc", 2.0, 2.0, 0.1, True),   # same bits: smaller remaining set first
        ("bbbbb", 2.0, 2.0, 0.2, True),   # ... then higher chance to win now
        ("aaaaa", 1.0, 1.0, 0.9, True),   # fewer bits loses whatever else
        ("fffff", 2.0 + 1e-14, 9.0, 0.0, False),  # rounding noise is a tie
    ])
    assert [s.word for s in scores.ranked()] == ["bbbbb", "ccccc", "ddddd", "eeeee", "fffff", "aaaaa"]
    assert scores.ranked(2)[1].word == "ccccc" and scores.best().word == "bbbbb"


def test_scoring_input_errors(official):
    with pytest.raises(ValueError, match="one value per answer"):
        official.score(weights=np.ones(3))
    with pytest.raises(ValueError, match="non-negative"):
        official.score(weights=-np.ones(official.n_answers))
    with pytest.raises(ValueError, match="sum to zero"):
        official.score(weights=np.zeros(official.n_answers))
    with pytest.raises(ValueError, match="ranges over 10 answers"):
        official.score(candidates=official.all_candidates().__class__(10))
    with pytest.raises(ValueError, match="unknown guess pool"):
        official.score(pool="everything")
    with pytest.raises(KeyError, match="not in the scored guess pool"):
        official.score(pool=["soare"])["crane"]
    with pytest.raises(ValueError, match="cannot shrink"):
        realized_information(3, 0)


@given(values=st.lists(st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0, -np.inf]), min_size=1,
                       max_size=40),
       data=st.data())
def test_the_best_few_are_the_full_orders_first(values, data):
    # Few distinct values, so ties at the cut are the rule: the partial sort
    # must break them as the full sort does.
    n = len(values)
    scores = GuessScores(
        rows=np.array(data.draw(st.permutations(range(n)), label="rows")),
        vocabulary=tuple(f"w{i}" for i in range(n)),
        expected_bits=np.array(values),
        expected_remaining=np.array(data.draw(st.lists(st.sampled_from([1.0, 2.0]), min_size=n,
                                                       max_size=n), label="remaining")),
        largest_bucket=np.ones(n, dtype=np.int64), n_buckets=np.ones(n, dtype=np.int64),
        win_probability=np.array(data.draw(st.lists(st.sampled_from([0.0, 0.25]), min_size=n,
                                                    max_size=n), label="p(win)")),
        is_candidate=np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n),
                                        label="candidate")),
        n_candidates=4)
    full = scores.order()
    for top in (0, 1, 2, 5, n, n + 3):
        assert scores.order(top=top).tolist() == full[:top].tolist()


def test_scores_do_not_depend_on_how_the_cores_are_shared(official):
    # one thread, two, a back-off threshold that keeps every region on one
    # thread: the same numbers, and the share counts its regions
    from wordle_fast.core._parallel import CoreShare
    from wordle_fast.core._scoring import score_guesses

    rows = np.arange(official.n_guesses)
    for members in (np.arange(official.n_answers), np.arange(0, official.n_answers, 97),
                    np.array([5, 9])):
        results = []
        for cores in (CoreShare(1), CoreShare(2), CoreShare(2, min_work=1 << 62)):
            results.append(score_guesses(official.matrix, rows, members, 5, cores=cores))
            assert cores.regions == 1   # (whether it backed off depends on the machine's load)
        for arrays in results[1:]:
            for got, expected in zip(arrays, results[0]):
                np.testing.assert_array_equal(got, expected)
    quiet = CoreShare(2, min_work=1 << 62)
    score_guesses(official.matrix, rows, np.arange(10), 5, cores=quiet)
    assert quiet.serial_regions == 1
    with pytest.raises(ValueError, match="n_threads must be 0"):
        CoreShare(-1)
