"""The twin of ``_legal``: the hard modes' rule, read straight off its
wording, one word at a time."""

from __future__ import annotations

from collections import Counter

from wordle_fast.core._feedback_twin import feedback_code

MODES = ("off", "hard", "strict")


def hard_mode_allows(mode: str, played: str, code: int, word: str) -> bool:
    """Whether ``mode`` lets ``word`` follow ``played`` showing pattern ``code``,
    read straight off the rule (the one definition: the Solver's mask, the
    explanation of a refused guess and the compiled filter are each tested
    against it in tests/test_hard_mode.py): ``hard`` keeps every green in
    place and uses each letter at least as often as this row showed it
    green or yellow;
    ``strict`` asks that ``word`` would have given this row as the answer."""
    if mode == "off":
        return True
    if mode == "strict":
        return feedback_code(played, word) == code
    tiles = []
    for _ in played:
        code, tile = divmod(code, 3)
        tiles.append(tile)
    tiles.reverse()                      # the first letter is the most significant digit
    if any(tile == 2 and word[i] != played[i] for i, tile in enumerate(tiles)):
        return False
    shown = Counter(letter for letter, tile in zip(played, tiles) if tile > 0)
    return all(word.count(letter) >= times for letter, times in shown.items())


def checked_mode(mode: str, letters) -> list | None:
    """``mode`` checked, and the guesses' letters as tuples (None in normal mode)."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: one of {', '.join(MODES)}")
    return None if letters is None else [tuple(int(x) for x in row) for row in letters]
