"""Pattern notations: letters, digits, emoji; codes; clear errors."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordle_fast import InvalidPattern, format_pattern, parse_pattern, pattern_tiles


@pytest.mark.parametrize("text", [
    "bygyb", "BYGYB", "xygyx", ".yGy.", "-ygy-", "01210", " 0 1 2 1 0 ",
    "⬛🟨🟩🟨⬛", "⬜🟨🟩🟨⬜", "⬛️🟨🟩🟨⬛️", "⬛🟦🟧🟦⬛",
])
def test_every_notation_gives_the_same_code(text):
    assert parse_pattern(text, 5) == 0 * 81 + 1 * 27 + 2 * 9 + 1 * 3 + 0 == 48


def test_formats():
    assert format_pattern(48, 5) == "bygyb"
    assert format_pattern(48, 5, "digits") == "01210"
    assert format_pattern(48, 5, "emoji") == "⬛🟨🟩🟨⬛"
    assert format_pattern(242, 5) == "ggggg"
    assert pattern_tiles(242, 5) == (2, 2, 2, 2, 2)


@given(st.integers(min_value=1, max_value=10).flatmap(
    lambda n: st.tuples(st.just(n), st.integers(min_value=0, max_value=3 ** n - 1))),
    st.sampled_from(["letters", "digits", "emoji"]))
def test_format_then_parse_round_trips(length_and_code, style):
    length, code = length_and_code
    assert parse_pattern(format_pattern(code, length, style), length) == code


@pytest.mark.parametrize("text, message", [
    ("bygy", "4 tiles but the words have 5 letters"),
    ("bygybb", "6 tiles"),
    ("bqgyb", "'q', which is not a tile"),
    ("03120", "'3', which is not a tile"),
    ("", "empty pattern"),
    ("🟥🟨🟩🟨⬛", "is not a tile"),
])
def test_malformed_patterns_show_the_accepted_forms(text, message):
    with pytest.raises(InvalidPattern, match=message) as raised:
        parse_pattern(text, 5)
    assert "bygyb" in str(raised.value) or "tiles but" in str(raised.value)


def test_out_of_range_codes_and_wrong_types():
    with pytest.raises(InvalidPattern, match="0..242"):
        parse_pattern(243, 5)
    with pytest.raises(InvalidPattern, match="out of range"):
        parse_pattern(-1)
    with pytest.raises(InvalidPattern, match="must be text or an int"):
        parse_pattern(4.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown pattern style"):
        format_pattern(0, 5, "colours")
