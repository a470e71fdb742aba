"""Word lists: bundled data, validation with file and line, encoding."""

import numpy as np
import pytest

from wordle_fast import (
    InvalidWordList,
    Lexicon,
    UnknownWord,
    encode_words,
    load_answers,
    load_guesses,
    load_word_list,
)


def test_bundled_lists():
    answers, guesses = load_answers(), load_guesses()
    assert len(answers) == 2315 and len(guesses) == 12972
    assert answers[0] == "aback" and list(answers) == sorted(answers)
    assert set(answers) <= set(guesses)


def test_load_strips_lowercases_and_skips_blank_lines(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("Crane\n  SLATE \n\ntrace\n")
    assert load_word_list(path) == ("crane", "slate", "trace")
    assert load_word_list(["ab", "CD"]) == ("ab", "cd")


@pytest.mark.parametrize("content, message", [
    ("crane\nslate\ntrace\ncrane\n", r"line 4: 'crane' repeats line 1"),
    ("crane\nslat\n", r"line 2: 'slat' has 4 letters; this game uses 5-letter words"),
    ("crane\nsl4te\n", r"line 2: 'sl4te' contains '4'"),
    ("\n\n", "holds no words"),
])
def test_bad_lists_name_file_and_line(tmp_path, content, message):
    path = tmp_path / "mine.txt"
    path.write_text(content)
    with pytest.raises(InvalidWordList, match=message) as raised:
        load_word_list(path)
    assert "mine.txt" in str(raised.value)


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(InvalidWordList, match="cannot read word list .*nope.txt"):
        load_word_list(tmp_path / "nope.txt")


def test_encode():
    encoded = encode_words(["abc", "zzy"])
    assert encoded.dtype == np.uint8
    assert encoded.tolist() == [[0, 1, 2], [25, 25, 24]]


def test_lexicon_appends_missing_answers_to_guesses_and_knows_indices():
    lexicon = Lexicon(answers=["cab", "abc"], guesses=["xyz", "abc"])
    assert lexicon.guesses == ("xyz", "abc", "cab")
    assert lexicon.answer_index("CAB") == 0
    assert lexicon.guess_index("xyz") == 0
    assert lexicon.guess_answers.tolist() == [-1, 1, 0]
    with pytest.raises(UnknownWord, match="'bca' is not in the guess list"):
        lexicon.guess_index("bca")
    with pytest.raises(UnknownWord, match="'xyz' is not in the answer list"):
        lexicon.answer_index("xyz")


def test_lexicon_rejects_lists_of_different_lengths():
    with pytest.raises(InvalidWordList, match="both lists must use one word length"):
        Lexicon(answers=["abc"], guesses=["abcd"])
