"""Feedback: the two-pass rule, base-3 codes, any length; compiled vs twin."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordle_fast import (
    InvalidWord,
    code_dtype,
    all_green,
    encode_words,
    feedback,
    format_pattern,
    parse_pattern,
    pattern_matrix,
)

# Duplicate-letter cases that trip single-pass solvers, each worked by hand in
# the comment: greens are taken first, then yellows while copies remain.
DUPLICATE_CASES = [
    # guess, answer, pattern
    ("speed", "abide", "bbyby"),  # ABIDE has one E: the first E takes it
    ("abide", "speed", "bbbyy"),
    ("gamma", "mummy", "bbggb"),  # both Ms green; MUMMY's first M unused by GAMMA
    ("mummy", "gamma", "bbggb"),  # GAMMA's Ms consumed by the greens: first M gray
    ("llama", "hello", "yybbb"),  # HELLO has two Ls: both yellow
    ("hello", "llama", "bbyyb"),
    ("alley", "level", "byygb"),
    ("level", "alley", "ybbgy"),  # ALLEY's E taken by the green: second E gray
    ("eerie", "abide", "bbbyg"),  # the green E consumes ABIDE's only E first
    ("speed", "crepe", "bygyb"),
    ("robot", "floor", "yybgb"),
    ("eerie", "there", "ybybg"),
    ("reach", "crane", "yygyb"),  # the seed's example
    ("crane", "crane", "ggggg"),
    ("fuzzy", "crane", "bbbbb"),
]


@pytest.mark.parametrize("guess, answer, expected", DUPLICATE_CASES)
def test_duplicate_letter_cases(guess, answer, expected):
    assert format_pattern(feedback(guess, answer), 5) == expected


@pytest.mark.parametrize("guess, answer, expected", DUPLICATE_CASES)
def test_duplicate_letter_cases_both_kernels(kernels, guess, answer, expected):
    code = kernels.feedback_code(encode_words([guess])[0], encode_words([answer])[0])
    assert code == parse_pattern(expected)
    row = kernels.pattern_matrix(encode_words([guess]), encode_words([answer]))
    assert row[0, 0] == parse_pattern(expected)


def test_code_is_base3_first_letter_most_significant():
    assert feedback("crane", "crane") == 242 == all_green(5)
    assert feedback("abcde", "fghij") == 0
    # only the last letter green: 2 * 3**0; only the first: 2 * 3**4
    assert feedback("abcde", "xxxxe") == 2
    assert feedback("abcde", "axxxx") == 162


@pytest.mark.parametrize("length, dtype", [(1, np.uint8), (5, np.uint8), (6, np.uint16),
                                           (10, np.uint16), (11, np.uint32), (20, np.uint32)])
def test_code_dtype_follows_word_length(length, dtype):
    assert code_dtype(length) == dtype
    word = "ab" * 11
    matrix = pattern_matrix([word[:length]], [word[1:length + 1]])
    assert matrix.dtype == dtype


def test_long_words_reach_all_green_without_overflow():
    word = "abcdefghijklmnopqrst"
    assert feedback(word, word) == 3 ** 20 - 1


words_of_length = st.integers(min_value=1, max_value=10).flatmap(
    lambda n: st.tuples(
        # a five-letter alphabet forces repeated letters in most words
        st.text(alphabet="abcde", min_size=n, max_size=n),
        st.text(alphabet="abcde", min_size=n, max_size=n),
    ))


@given(words_of_length)
def test_compiled_feedback_matches_reference(compiled, python_kernels, pair):
    guess, answer = encode_words([pair[0]]), encode_words([pair[1]])
    assert compiled.feedback_code(guess[0], answer[0]) == \
        python_kernels.feedback_code(guess[0], answer[0])


@given(st.integers(min_value=1, max_value=10).flatmap(
    lambda n: st.tuples(
        st.lists(st.text(alphabet="abcz", min_size=n, max_size=n), min_size=1, max_size=12),
        st.lists(st.text(alphabet="abcz", min_size=n, max_size=n), min_size=1, max_size=70),
    )), st.sampled_from([1, 2]))
def test_compiled_matrix_matches_reference(compiled, python_kernels, lists, n_threads):
    guesses, answers = encode_words(lists[0]), encode_words(lists[1])
    fast = compiled.pattern_matrix(guesses, answers, n_threads=n_threads)
    slow = python_kernels.pattern_matrix(guesses, answers)
    assert fast.dtype == slow.dtype
    np.testing.assert_array_equal(fast, slow)


@given(words_of_length)
def test_word_against_itself_is_all_green(pair):
    assert feedback(pair[0], pair[0]) == all_green(len(pair[0]))


def test_official_matrix_rows_match_reference(official, python_kernels):
    rng = np.random.default_rng(7)
    answers = encode_words(official.answers)
    for row in rng.choice(official.n_guesses, size=12, replace=False):
        guess = encode_words([official.guesses[row]])[0]
        expected = [python_kernels.feedback_code(guess, answer) for answer in answers]
        np.testing.assert_array_equal(official.matrix[row], expected)


def test_matrix_shape_and_threads_agree(official):
    subset = official.guesses[:500]
    serial = pattern_matrix(subset, official.answers, n_threads=1)
    parallel = pattern_matrix(subset, official.answers, n_threads=2)
    assert serial.shape == (500, 2315)
    np.testing.assert_array_equal(serial, parallel)
    np.testing.assert_array_equal(serial, official.matrix[:500])


@pytest.mark.parametrize("guess, answer, message", [
    ("soar", "soare", "'soar' has 4 letters but 'soare' has 5"),
    ("so4re", "soare", "contains '4'"),
    ("", "soare", "empty word"),
    ("soare", "sóare", "contains 'ó'"),
])
def test_bad_words_raise_invalid_word(guess, answer, message):
    with pytest.raises(InvalidWord, match=message):
        feedback(guess, answer)


def test_matrix_rejects_mixed_lengths():
    with pytest.raises(InvalidWord, match="line 2"):
        pattern_matrix(["abc", "abcd"], ["abc"])
    with pytest.raises(InvalidWord, match="both lists must use one word length"):
        pattern_matrix(["abc"], ["abcd"])
