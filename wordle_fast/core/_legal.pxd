# The hard-mode rules on encoded words, shared by the exact search and the
# lookahead: which guesses stay allowed after one more row of feedback.

from libc.stdint cimport uint8_t
from wordle_fast.core._typedefs cimport letter_t

cdef enum:
    MODE_OFF, MODE_HARD, MODE_STRICT     # the order of MODES in _legal.pyx

# What one row (guess `word` showing `code`) reveals: greens[i] = letter + 1
# at green tiles, shown[c] += the green or yellow tiles of letter c.
cdef void row_reveals(const letter_t* word, Py_ssize_t length, unsigned long code,
                      uint8_t* greens, uint8_t* shown) noexcept nogil

cdef Py_ssize_t filter_legal(
    int mode,                                   # MODE_HARD or MODE_STRICT
    const letter_t* letters,                    # [n_guesses, length] letters 0..25
    const uint8_t* letter_counts,               # [n_guesses, 26] copies of each letter
    Py_ssize_t length,
    const Py_ssize_t* legal, Py_ssize_t n_legal,   # the guess rows allowed before this row
    Py_ssize_t guess, unsigned long code,          # the row: guess played, pattern seen
    Py_ssize_t* out,                               # out [n_legal]: the rows still allowed
) noexcept nogil

# filter_legal for a numpy array of rows: a new array of the rows kept.
cdef object legal_after(
    int mode, const letter_t* letters, const uint8_t* letter_counts, Py_ssize_t length,
    legal, Py_ssize_t guess, unsigned long code)

# The legal rows as a canonical byte string, for memo keys.
cdef bytes pack_legal(legal, Py_ssize_t n_guesses)
