"""Compiled feedback kernels: one guess against one answer, and the full
pattern matrix of every guess against every answer.

Inputs are encoded words (``uint8[n, L]``, letters 0..25) already validated
by :mod:`wordle_fast.words`; these functions only check shapes.
"""

import numpy as np

from cython.parallel cimport parallel, prange
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from wordle_fast.core._typedefs cimport code_t, letter_t

from wordle_fast.patterns import code_dtype


cdef unsigned long feedback_one(
    const letter_t* guess, const letter_t* answer, Py_ssize_t length
) noexcept nogil:
    cdef unsigned char unmatched[26]   # answer letters not consumed by a green
    cdef unsigned long green_bits = 0  # bit i set: position i is green
    cdef unsigned long code = 0
    cdef Py_ssize_t i
    memset(unmatched, 0, sizeof(unmatched))
    for i in range(length):
        if guess[i] == answer[i]:
            green_bits |= 1UL << i
        else:
            unmatched[answer[i]] += 1
    for i in range(length):
        code *= 3
        if (green_bits >> i) & 1:
            code += 2
        elif unmatched[guess[i]]:
            unmatched[guess[i]] -= 1
            code += 1
    return code


def feedback_code(const letter_t[::1] guess, const letter_t[::1] answer):
    """Pattern code of one encoded guess against one encoded answer."""
    if guess.shape[0] != answer.shape[0]:
        raise ValueError("guess and answer must have the same length")
    code_dtype(guess.shape[0])
    return feedback_one(&guess[0], &answer[0], guess.shape[0])


cdef void _fill_row(
    const letter_t* guess,
    Py_ssize_t length,
    const letter_t* answer_columns,   # [length, n_answers]: letter at each position
    const letter_t* letter_counts,    # [26, n_answers]: copies of each letter
    Py_ssize_t n_answers,
    letter_t* unmatched,              # scratch, n_answers
    code_t* row,                      # out, n_answers
) noexcept nogil:
    # Column-wise over answers so each inner loop is a branch-free pass over
    # contiguous bytes that the compiler vectorises (see benchmarks/LOG.md).
    cdef Py_ssize_t i, k, j
    cdef letter_t letter
    cdef letter_t is_green, is_yellow
    cdef code_t weight
    cdef const letter_t* column
    cdef const letter_t* counts
    cdef bint repeated

    for j in range(n_answers):
        row[j] = 0
    for i in range(length):
        letter = guess[i]
        repeated = False
        for k in range(i):
            if guess[k] == letter:
                repeated = True   # handled with the letter's first position
        if repeated:
            continue
        counts = letter_counts + letter * n_answers
        for k in range(i + 1, length):
            if guess[k] == letter:
                repeated = True
        if not repeated:
            # A letter used once in the guess is yellow wherever it is not green
            # but present in the answer: green adds 2 * weight, yellow 1 * weight.
            weight = <code_t>(3 ** (length - 1 - i))
            column = answer_columns + i * n_answers
            for j in range(n_answers):
                row[j] += weight * ((column[j] == letter) + (counts[j] != 0))
            continue
        # Repeated letter: copies left after this letter's greens are handed out
        # as yellows from left to right, the two-pass rule done column-wise.
        for j in range(n_answers):
            unmatched[j] = counts[j]
        for k in range(i, length):
            if guess[k] == letter:
                column = answer_columns + k * n_answers
                for j in range(n_answers):
                    unmatched[j] -= column[j] == letter
        for k in range(i, length):
            if guess[k] != letter:
                continue
            weight = <code_t>(3 ** (length - 1 - k))
            column = answer_columns + k * n_answers
            for j in range(n_answers):
                is_green = column[j] == letter
                is_yellow = (not is_green) & (unmatched[j] != 0)
                unmatched[j] -= is_yellow
                row[j] += weight * (2 * is_green + is_yellow)


def _fill_matrix(
    const letter_t[:, ::1] guesses,
    const letter_t[:, ::1] answer_columns,
    const letter_t[:, ::1] letter_counts,
    code_t[:, ::1] out,
    int n_threads,
):
    cdef Py_ssize_t n_guesses = guesses.shape[0]
    cdef Py_ssize_t length = guesses.shape[1]
    cdef Py_ssize_t n_answers = answer_columns.shape[1]
    cdef Py_ssize_t g
    cdef letter_t* unmatched
    # Written by index, so Cython keeps it shared across threads: a parallel
    # block cannot raise, so a failed malloc is reported after it.
    cdef int[1] out_of_memory
    out_of_memory[0] = 0
    if n_guesses == 0 or n_answers == 0:
        return
    with nogil, parallel(num_threads=n_threads):
        unmatched = <letter_t*> malloc(n_answers * sizeof(letter_t))
        # Every thread must reach the worksharing loop, so a thread without
        # scratch memory enters it and skips its rows.
        # dynamic: a thread another process holds back leaves its rows to the others
        for g in prange(n_guesses, schedule="dynamic", chunksize=16):
            if unmatched == NULL:
                out_of_memory[0] = 1
            else:
                _fill_row(&guesses[g, 0], length, &answer_columns[0, 0],
                          &letter_counts[0, 0], n_answers, unmatched, &out[g, 0])
        free(unmatched)
    if out_of_memory[0]:
        raise MemoryError("no scratch memory for the pattern matrix")


def pattern_matrix(guesses, answers, n_threads=None):
    """Codes of every encoded guess (rows) against every encoded answer (columns).

    ``n_threads=None`` uses every core OpenMP sees; 1 runs serially.
    """
    guesses = np.ascontiguousarray(guesses, dtype=np.uint8)
    answers = np.ascontiguousarray(answers, dtype=np.uint8)
    if guesses.ndim != 2 or answers.ndim != 2:
        raise ValueError("encoded word arrays must be 2-D: [n_words, length]")
    length = guesses.shape[1]
    if answers.shape[1] != length:
        raise ValueError(
            f"guesses have {length} letters but answers have {answers.shape[1]}")
    dtype = code_dtype(length)
    out = np.empty((guesses.shape[0], answers.shape[0]), dtype=dtype)
    answer_columns = np.ascontiguousarray(answers.T)
    letter_counts = np.zeros((26, answers.shape[0]), dtype=np.uint8)
    every_answer = np.arange(answers.shape[0])
    for position in range(length):
        letter_counts[answers[:, position], every_answer] += 1
    _fill_matrix(guesses, answer_columns, letter_counts, out,
                 0 if n_threads is None else int(n_threads))
    return out
