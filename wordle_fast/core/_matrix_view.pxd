# The pattern matrix and the hard-mode rule as the kernels read them: raw
# pointers into arrays their owner keeps alive. The exact searchers and the
# lookahead each hold one of each (view_matrix fills the first), so that the
# shapes and the code widths are checked in one place.
from libc.stdint cimport uint8_t, uint16_t

from wordle_fast.core._typedefs cimport letter_t


cdef struct MatrixView:
    const uint8_t* matrix8      # uint8 codes guess-major, [n_guesses, n_answers], or NULL
    const uint16_t* matrix16    # uint16 codes guess-major, or NULL
    const uint8_t* columns8     # uint8 codes answer-major, [n_answers, n_guesses], if made
    Py_ssize_t n_guesses, n_answers
    Py_ssize_t length, n_patterns, all_green


cdef struct RuleView:
    int mode_id                       # MODE_OFF, MODE_HARD or MODE_STRICT (_legal.pxd)
    const letter_t* letters           # the guesses' letters, [n_guesses, length]
    const uint8_t* letter_counts      # [n_guesses, 26], the hard modes only


cdef inline object view_matrix(MatrixView* view, matrix, Py_ssize_t length, str what):
    # Points `view` at `matrix` (uint8 or uint16 codes, made contiguous) and
    # returns the array it points into, for the caller to keep; the
    # answer-major copy is the caller's to make (columns8 stays NULL).
    from numpy import ascontiguousarray, uint8, uint16
    matrix = ascontiguousarray(matrix)
    view.matrix8 = NULL
    view.matrix16 = NULL
    view.columns8 = NULL
    if matrix.ndim != 2:
        raise ValueError(f"{what} needs a pattern matrix [guesses, answers], "
                         f"got {matrix.ndim} dimensions")
    if matrix.dtype == uint8:
        view.matrix8 = <const uint8_t*> <size_t> matrix.ctypes.data
    elif matrix.dtype == uint16:
        view.matrix16 = <const uint16_t*> <size_t> matrix.ctypes.data
    else:
        raise ValueError(f"{what} supports words of up to 10 letters (uint8 or uint16 codes)")
    view.n_guesses, view.n_answers = matrix.shape[0], matrix.shape[1]
    view.length = length
    view.n_patterns = int(3 ** length)     # (a Python int: C would make it a double)
    view.all_green = view.n_patterns - 1
    return matrix
