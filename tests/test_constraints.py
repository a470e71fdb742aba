"""The constraint query: the notebook example, repeated letters, and exact
agreement with the feedback rule for any single row."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordle_fast import feedback, load_answers, pattern_tiles
from wordle_fast.constraints import InvalidConstraint, find_words

ANSWERS = load_answers()


def test_notebook_example():
    assert find_words(ANSWERS, green=".i..e", yellow=["n3"], gray="tarbgs") == ["niche", "niece"]


def test_gray_copy_of_a_green_letter_means_exactly_one():
    one_e = find_words(ANSWERS, green="e....", gray="e")
    assert one_e and all(w[0] == "e" and w.count("e") == 1 for w in one_e)
    assert "eerie" not in one_e and "elder" not in one_e and "early" in one_e


def test_two_yellow_entries_mean_two_copies():
    two_e = find_words(ANSWERS, yellow=["e1", "e4"])
    assert two_e and all(w.count("e") >= 2 and w[0] != "e" and w[3] != "e" for w in two_e)


def constraints_of_row(guess, code):
    """Entries a player would type after one row of feedback."""
    tiles = pattern_tiles(code, len(guess))
    green = "".join(g if t == 2 else "." for g, t in zip(guess, tiles))
    yellow = [f"{g}{i + 1}" for i, (g, t) in enumerate(zip(guess, tiles)) if t == 1]
    gray = [f"{g}{i + 1}" for i, (g, t) in enumerate(zip(guess, tiles)) if t == 0]
    return green, yellow, gray


@given(st.sampled_from(ANSWERS), st.sampled_from(ANSWERS + ("eerie", "geese", "llama", "mamma", "sissy")))
def test_one_row_of_letters_finds_exactly_the_consistent_answers(answer, guess):
    code = feedback(guess, answer)
    green, yellow, gray = constraints_of_row(guess, code)
    found = find_words(ANSWERS, green=green, yellow=yellow, gray=gray)
    consistent = [w for w in ANSWERS if feedback(guess, w) == code]
    assert found == consistent and answer in found


@pytest.mark.parametrize("kwargs, message", [
    ({"green": ".i.e"}, "has 4 characters; give 5"),
    ({"green": ".i.3e"}, "'3' is not a letter"),
    ({"yellow": ["n"]}, "needs the position"),
    ({"yellow": ["n9"]}, "position 9 is outside 1..5"),
    ({"yellow": ["3n"]}, "should be a letter followed by"),
    ({"green": "e....", "gray": ["e1"]}, "green in position 1 and also excluded"),
])
def test_bad_entries_say_what_is_wrong(kwargs, message):
    with pytest.raises(InvalidConstraint, match=message):
        find_words(ANSWERS, **kwargs)
