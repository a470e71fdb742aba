"""The twin of ``_feedback``: the two-pass rule, one word pair at a time,
and the pattern matrix from it. Written for clarity, never for speed."""

from __future__ import annotations

import numpy as np

from wordle_fast.patterns import code_dtype


def feedback_code(guess, answer) -> int:
    """Two-pass rule on encoded words: greens first, then yellows while the
    answer has copies of the letter left over."""
    guess = [int(letter) for letter in guess]
    answer = [int(letter) for letter in answer]
    if len(guess) != len(answer):
        raise ValueError("guess and answer must have the same length")
    code_dtype(len(guess))
    tiles = [0] * len(guess)
    leftover = []
    for i, letter in enumerate(guess):
        if letter == answer[i]:
            tiles[i] = 2
        else:
            leftover.append(answer[i])
    for i, letter in enumerate(guess):
        if tiles[i] != 2 and letter in leftover:
            tiles[i] = 1
            leftover.remove(letter)
    code = 0
    for tile in tiles:
        code = code * 3 + tile
    return code


def pattern_matrix(guesses, answers, n_threads=None) -> np.ndarray:
    guesses = np.asarray(guesses, dtype=np.uint8)
    answers = np.asarray(answers, dtype=np.uint8)
    if guesses.ndim != 2 or answers.ndim != 2:
        raise ValueError("encoded word arrays must be 2-D: [n_words, length]")
    if guesses.shape[1] != answers.shape[1]:
        raise ValueError(
            f"guesses have {guesses.shape[1]} letters but answers have {answers.shape[1]}")
    out = np.empty((guesses.shape[0], answers.shape[0]), dtype=code_dtype(guesses.shape[1]))
    for g, guess in enumerate(guesses):
        for a, answer in enumerate(answers):
            out[g, a] = feedback_code(guess, answer)
    return out


def checked_matrix(matrix, what: str) -> np.ndarray:
    """A pattern matrix of one- or two-byte codes, as the searches' twins read it."""
    matrix = np.ascontiguousarray(matrix)
    if matrix.dtype not in (np.uint8, np.uint16):
        raise ValueError(f"{what} supports words of up to 10 letters"
                         + (" (uint8 or uint16 codes)" if what == "lookahead" else ""))
    return matrix


def buckets_of(matrix, guess: int, members) -> dict[int, tuple]:
    """The members by the pattern ``guess`` gets from each, in member order."""
    found: dict[int, list] = {}
    for answer in members:
        found.setdefault(int(matrix[guess, answer]), []).append(answer)
    return {code: tuple(bucket) for code, bucket in found.items()}
