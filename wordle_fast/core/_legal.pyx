"""The hard-mode rules on encoded words, for the compiled searches (see
``wordle_fast.rules`` for the rules in words, and their Python form)."""

import numpy as np

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from libc.stdint cimport uint8_t
from libc.string cimport memset

from wordle_fast.core._bitset cimport fill_bitset
from wordle_fast.core._feedback cimport feedback_one
from wordle_fast.core._typedefs cimport bitword_t, letter_t

from wordle_fast import rulebook

# the one tuple of mode names; index = MODE_OFF, MODE_HARD, MODE_STRICT
MODES = rulebook.HARD_MODES


def mode_id(mode):
    """The compiled code's number for a mode name (an unknown name: InvalidOption)."""
    return MODES.index(rulebook.check_mode(mode))


def letter_counts(letters):
    """``uint8[n, 26]``: the copies of each letter in each encoded word."""
    letters = np.asarray(letters, dtype=np.uint8)
    counts = np.zeros((letters.shape[0], 26), dtype=np.uint8)
    for position in range(letters.shape[1]):
        counts[np.arange(letters.shape[0]), letters[:, position]] += 1
    return counts


cdef void row_reveals(const letter_t* word, Py_ssize_t length, unsigned long code,
                      uint8_t* greens, uint8_t* shown) noexcept nogil:
    # What one row tells hard mode: greens[i] = the letter + 1 where tile i
    # is green (untouched elsewhere), and shown[c] += the tiles of letter c
    # shown green or yellow.
    cdef Py_ssize_t i
    cdef unsigned long rest = code, tile
    for i in range(length - 1, -1, -1):         # the last letter is the lowest digit
        tile = rest % 3
        rest //= 3
        if tile == 2:
            greens[i] = word[i] + 1
        if tile != 0:
            shown[word[i]] += 1


cdef Py_ssize_t filter_legal(
    int mode, const letter_t* letters, const uint8_t* letter_counts, Py_ssize_t length,
    const Py_ssize_t* legal, Py_ssize_t n_legal, Py_ssize_t guess, unsigned long code,
    Py_ssize_t* out,
) noexcept nogil:
    # hard: the NYT rule (greens stay, revealed letters are reused as often
    # as revealed); strict: the guess must give this row's pattern if it
    # were the answer. Keeps the order of `legal`; returns how many rows
    # were written to `out`.
    cdef Py_ssize_t i, k, kept = 0, n_green = 0, n_shown = 0
    cdef uint8_t greens[20]
    cdef Py_ssize_t green_at[20]
    cdef letter_t green_letter[20], shown_letter[20]
    cdef uint8_t shown[26]
    cdef const letter_t* word = letters + guess * length
    cdef const letter_t* other
    cdef bint ok
    if mode == MODE_STRICT:
        for k in range(n_legal):
            if feedback_one(word, letters + legal[k] * length, length) == code:
                out[kept] = legal[k]
                kept += 1
        return kept
    memset(greens, 0, sizeof(greens))
    memset(shown, 0, sizeof(shown))
    row_reveals(word, length, code, greens, shown)
    for i in range(length):
        if greens[i]:
            green_at[n_green] = i
            green_letter[n_green] = word[i]
            n_green += 1
    for i in range(26):
        if shown[i]:
            shown_letter[n_shown] = i
            n_shown += 1
    for k in range(n_legal):
        other = letters + legal[k] * length
        ok = True
        for i in range(n_green):
            if other[green_at[i]] != green_letter[i]:
                ok = False
                break
        if ok:
            for i in range(n_shown):
                if letter_counts[legal[k] * 26 + shown_letter[i]] < shown[shown_letter[i]]:
                    ok = False
                    break
        if ok:
            out[kept] = legal[k]
            kept += 1
    return kept


cdef object legal_after(
    int mode, const letter_t* letters, const uint8_t* letter_counts, Py_ssize_t length,
    legal, Py_ssize_t guess, unsigned long code):
    cdef const Py_ssize_t[::1] view = legal
    out = np.empty(view.shape[0], dtype=np.intp)
    cdef Py_ssize_t[::1] out_view = out
    cdef Py_ssize_t kept = 0
    if view.shape[0]:
        with nogil:
            kept = filter_legal(mode, letters, letter_counts, length, &view[0], view.shape[0],
                                guess, code, &out_view[0])
    return out[:kept]


cdef bytes pack_legal(legal, Py_ssize_t n_guesses):
    # The rows' numbers (two bytes each, little-endian) or a bitset over the
    # guess list, whichever is shorter, then a tag byte telling which. Two
    # equal sets give equal bytes when their rows come in the same order
    # (sorted, or a subsequence of one fixed order). The data starts the
    # bytes object, which CPython aligns to 8 bytes, for the bitset's words.
    cdef const Py_ssize_t[::1] rows = legal
    cdef Py_ssize_t j, n_rows = rows.shape[0], guess_words = (n_guesses + 63) // 64
    cdef bytes packed
    cdef char* out
    if n_guesses <= 65536 and 2 * n_rows < 8 * guess_words:
        packed = PyBytes_FromStringAndSize(NULL, 2 * n_rows + 1)
        out = PyBytes_AS_STRING(packed)
        for j in range(n_rows):
            out[2 * j] = <char> (rows[j] & 0xFF)
            out[2 * j + 1] = <char> (rows[j] >> 8)
        out[2 * n_rows] = b"r"
    else:
        packed = PyBytes_FromStringAndSize(NULL, 8 * guess_words + 1)
        out = PyBytes_AS_STRING(packed)
        fill_bitset(<bitword_t*> out, guess_words, &rows[0] if n_rows else NULL, n_rows)
        out[8 * guess_words] = b"m"
    return packed
