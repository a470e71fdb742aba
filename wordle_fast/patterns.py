"""Feedback patterns: base-3 codes and the notations people type.

A pattern of ``L`` tiles is the base-3 number whose first digit is the first
tile: 0 gray, 1 yellow, 2 green. So ``bygyb`` = 01210 in base 3 = 48, and
all-green for five letters is 242.

Accepted notations, all case-insensitive:

* letters: ``g`` green, ``y`` yellow, ``b`` / ``x`` / ``.`` / ``-`` gray (``bygyb``)
* digits: ``2`` green, ``1`` yellow, ``0`` gray (``02120``)
* emoji: 🟩 green, 🟨 yellow, ⬛ / ⬜ gray; high-contrast 🟧 green, 🟦 yellow
"""

from __future__ import annotations

import numpy as np

from wordle_fast.errors import InvalidOption, InvalidPattern, shown, whole_number

MAX_LENGTH = 20  # the widest code dtype is uint32: 3**20 - 1 < 2**32

GRAY, YELLOW, GREEN = 0, 1, 2

_TILE_VALUES = {
    "g": GREEN, "y": YELLOW, "b": GRAY, "x": GRAY, ".": GRAY, "-": GRAY,
    "2": GREEN, "1": YELLOW, "0": GRAY,
    "\U0001F7E9": GREEN,   # green square
    "\U0001F7E8": YELLOW,  # yellow square
    "\u2B1B": GRAY,        # black square (dark theme)
    "\u2B1C": GRAY,        # white square (light theme)
    "\U0001F7E7": GREEN,   # orange square (high-contrast green)
    "\U0001F7E6": YELLOW,  # blue square (high-contrast yellow)
}
_IGNORED = {"\uFE0F", "\uFE0E", " ", "\t"}  # emoji variation selectors, spaces

STYLES = ("letters", "digits", "emoji")
_STYLE_TILES = {
    "letters": ("b", "y", "g"),
    "digits": ("0", "1", "2"),
    "emoji": ("\u2B1B", "\U0001F7E8", "\U0001F7E9"),
}

ACCEPTED_FORMS = ("g/y/b letters like 'bygyb' (x or . also mean gray), "
                  "digits like '02120' (2 green, 1 yellow, 0 gray), "
                  "or the emoji tiles 🟩🟨⬛")


def checked_length(length) -> int:
    """``length`` as a word length, 1..MAX_LENGTH, or ``InvalidOption``."""
    if type(length) is int and 1 <= length <= MAX_LENGTH:   # the common case, kept cheap
        return length
    return whole_number(length, "the word length", minimum=1, maximum=MAX_LENGTH)


def all_green(length: int) -> int:
    """The code of the winning pattern: ``3**length - 1`` (242 for 5 letters)."""
    return 3 ** checked_length(length) - 1


def n_patterns(length: int) -> int:
    """How many distinct codes ``length``-letter feedback can take."""
    return 3 ** checked_length(length)


def code_dtype(length: int) -> np.dtype:
    """The narrowest unsigned dtype holding every code of ``length`` letters:
    uint8 up to 5 letters, uint16 up to 10, uint32 up to 20."""
    if n_patterns(length) <= 2 ** 8:
        return np.dtype(np.uint8)
    if n_patterns(length) <= 2 ** 16:
        return np.dtype(np.uint16)
    return np.dtype(np.uint32)


def parse_pattern(pattern: str | int, length: int | None = None) -> int:
    """The code of a pattern typed in any accepted notation.

    >>> parse_pattern("bygyb"), parse_pattern("01210"), parse_pattern("⬛🟨🟩🟨⬛")
    (48, 48, 48)
    """
    if isinstance(pattern, bool):
        raise InvalidPattern(f"{pattern!r} is not a pattern; use {ACCEPTED_FORMS}")
    if isinstance(pattern, (int, np.integer)):
        return _check_code(int(pattern), length)
    if not isinstance(pattern, str):
        raise InvalidPattern(
            f"a pattern must be text or an int code, got {type(pattern).__name__}; "
            f"use {ACCEPTED_FORMS}")
    if length is not None:
        length = checked_length(length)
    tiles = [ch for ch in pattern.strip().lower() if ch not in _IGNORED]
    if not tiles:
        raise InvalidPattern(f"empty pattern; type one tile per letter: {ACCEPTED_FORMS}")
    unknown = [ch for ch in tiles if ch not in _TILE_VALUES]
    if unknown:
        raise InvalidPattern(
            f"{shown(pattern.strip())} has {unknown[0]!r}, which is not a tile; "
            f"use {ACCEPTED_FORMS}")
    if length is not None and len(tiles) != length:
        raise InvalidPattern(
            f"{shown(pattern.strip())} has {len(tiles)} tiles but the words have {length} "
            "letters; give one tile per letter")
    code = 0
    for tile in tiles:
        code = code * 3 + _TILE_VALUES[tile]
    return code


def _check_code(code: int, length: int | None) -> int:
    if isinstance(code, bool) or not isinstance(code, (int, np.integer)):
        raise InvalidPattern(f"a pattern must be text ({ACCEPTED_FORMS}) or a whole-number "
                             f"code, got {type(code).__name__}")
    code = int(code)
    if code < 0 or (length is not None and code > all_green(length)):
        upper = f"0..{all_green(length)}" if length is not None else "a non-negative number"
        raise InvalidPattern(f"pattern code {code} is out of range: codes are {upper}")
    return code


def pattern_tiles(code: int, length: int) -> tuple[int, ...]:
    """The tiles of a code, first letter first: 0 gray, 1 yellow, 2 green.

    >>> pattern_tiles(48, 5)
    (0, 1, 2, 1, 0)
    """
    code = _check_code(code, checked_length(length))
    tiles = []
    for _ in range(length):
        code, tile = divmod(code, 3)
        tiles.append(tile)
    return tuple(reversed(tiles))


def format_pattern(code: int, length: int, style: str = "letters") -> str:
    """A code written as ``letters`` (``bygyb``), ``digits`` or ``emoji``.

    >>> format_pattern(48, 5), format_pattern(48, 5, "digits")
    ('bygyb', '01210')
    """
    if style not in _STYLE_TILES:
        raise InvalidOption(f"unknown pattern style {style!r}; choose one of {', '.join(STYLES)}")
    symbols = _STYLE_TILES[style]
    return "".join(symbols[tile] for tile in pattern_tiles(code, length))
