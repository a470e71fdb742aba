"""Hard mode: which guesses the feedback so far still allows.

* ``off``: any allowed guess.
* ``hard``: the New York Times rule. Every green stays in place, and a letter
  shown green or yellow n times in one row must appear at least n times in
  every later guess.
* ``strict``: every guess must be a word that could still be the answer
  given all feedback so far, as if the guess list were the answer list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from wordle_fast.lexicon import feedback
from wordle_fast.patterns import GREEN, YELLOW, pattern_tiles
from wordle_fast.rulebook import (  # offered here too, as they always were
    HARD_MODES,
    MAX_GUESS_LIMIT,
    NORMAL,
    ONE_BOARD_LIMIT,
    Rules,
    check_mode,
    guess_limit,
    mode_name,
    mode_of_name,
    usual_limit,
)

Row = tuple[str, int]  # (guess, pattern code)


def legal_guesses(lexicon, history: Sequence[Row], mode: str) -> np.ndarray:
    """Boolean mask over ``lexicon.guesses``: the guesses ``mode`` allows next."""
    check_mode(mode)
    legal = np.ones(lexicon.n_guesses, dtype=bool)
    if mode == "off":
        return legal
    for guess, code in history:
        if mode == "strict":
            legal &= lexicon.feedback_against_guesses(guess) == code
            continue
        tiles = pattern_tiles(code, lexicon.length)
        shown = Counter()
        for position, (letter, tile) in enumerate(zip(guess, tiles)):
            if tile == GREEN:
                legal &= lexicon.encoded_guesses[:, position] == ord(letter) - ord("a")
            if tile in (GREEN, YELLOW):
                shown[letter] += 1
        for letter, times in shown.items():
            legal &= lexicon.guess_letter_counts[:, ord(letter) - ord("a")] >= times
    return legal


def hard_mode_violation(guess: str, history: Sequence[Row], mode: str, length: int) -> str | None:
    """Why ``mode`` forbids ``guess`` after ``history``, or None if it allows it.

    Used to explain a rejected guess; ``legal_guesses`` is the vectorised form.
    """
    check_mode(mode)
    if mode == "off":
        return None
    for earlier, code in history:
        if mode == "strict":
            if feedback(earlier, guess) != code:
                return (f"strict mode: {guess!r} could not be the answer, since playing "
                        f"{earlier!r} against it would not give the feedback seen")
            continue
        tiles = pattern_tiles(code, length)
        shown = Counter()
        for position, (letter, tile) in enumerate(zip(earlier, tiles)):
            if tile == GREEN and guess[position] != letter:
                return (f"hard mode: position {position + 1} must stay {letter.upper()} "
                        f"(green in {earlier.upper()})")
            if tile in (GREEN, YELLOW):
                shown[letter] += 1
        for letter, times in shown.items():
            if guess.count(letter) < times:
                copies = "once" if times == 1 else f"{times} times"
                return (f"hard mode: the guess must use {letter.upper()} at least {copies} "
                        f"(revealed by {earlier.upper()})")
    return None


__all__ = ["HARD_MODES", "MAX_GUESS_LIMIT", "NORMAL", "ONE_BOARD_LIMIT", "Row", "Rules",
           "check_mode", "guess_limit", "hard_mode_violation", "legal_guesses", "mode_name",
           "mode_of_name", "usual_limit"]
