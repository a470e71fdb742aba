# cython: language_level=3
"""Hard mode's endgame bound: a set that holds too many words alike but at
one position cannot finish in the guesses left.

An endgame is a group of answers equal at every position but one, say
_IGHT: eight, fight, light, might, night, right, sight, tight, wight. Over
such a group a guess can only tell apart the letters it holds (each such
letter shows its own tiles; every other letter shows the same tiles as the
group's rest): a guess that makes c buckets of the group takes at most
c - 1 letters out of the rest. To find every word of a group of m in d
guesses, the d - 1 guesses before the last must take m - 1 letters out of
it (an answer that always lands in the rest is found by the last guess
only if it is alone there). In the hard modes the guesses left are the
set's legal ones or fewer, so if the d - 1 legal guesses of most buckets
over the group take out fewer than m - 1 letters, the set cannot finish.
The search asks it before scanning a set's guesses (a set of n words costs
a scan of every legal guess over n; this, over the m of the group): twelve
random nyt2023 hard openers took 0.79x the time in all and 0.82x the states
(benchmarks/LOG.md). The idea is the C++ solver's (alex1770/wordle,
"endgame cutoff"); this is a fresh implementation, checked against the
plain-Python twin ``_endgame_twin``.
"""

import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t
from libc.stdlib cimport calloc, free, malloc

from wordle_fast.core._typedefs cimport intp_t

MIN_ENDGAME = 4     # smaller groups never decide: with d >= 3 left, m > d is needed
# more than the guesses a group can need (it differs in one letter: at most 26 words)
cdef enum:
    MOST_CLASSES = 32


def endgame_table(answer_letters):
    """``(ids, count)``: ``ids[a, p]`` the number of answer ``a``'s endgame
    at position ``p`` (the answers equal to it but there, when there are at
    least MIN_ENDGAME of them), else -1; ``answer_letters``: each answer's
    letters 0..25, one row per answer."""
    letters = np.asarray(answer_letters, dtype=np.int64)
    if letters.ndim != 2:
        raise ValueError("answer_letters must be one row of letters per answer")
    n, length = letters.shape
    ids = np.full((n, length), -1, dtype=np.int32)
    count = 0
    for p in range(length):
        # the other letters as one number: a word of up to 10 letters fits
        others = np.delete(letters, p, axis=1)
        key = (others * (26 ** np.arange(length - 1, dtype=np.int64))).sum(axis=1)
        _, group, sizes = np.unique(key, return_inverse=True, return_counts=True)
        numbers = np.full(sizes.shape[0], -1, dtype=np.int64)
        kept = np.flatnonzero(sizes >= MIN_ENDGAME)
        numbers[kept] = np.arange(count, count + kept.shape[0])
        ids[:, p] = numbers[group]
        count += kept.shape[0]
    return ids, count


def endgame_cannot_finish(answer_letters, matrix, members, int depth, legal):
    """Whether the endgame bound proves that the answers ``members`` cannot
    all be found within ``depth`` guesses taken from the rows ``legal``
    (``matrix``: the guess-major pattern matrix, uint8 or uint16)."""
    ids_obj, count = endgame_table(answer_letters)
    matrix = np.ascontiguousarray(matrix)
    if matrix.ndim != 2 or matrix.dtype not in (np.uint8, np.uint16):
        raise ValueError("matrix must be the 2-D uint8 or uint16 pattern matrix")
    members = np.ascontiguousarray(members, dtype=np.intp)
    legal = np.ascontiguousarray(legal, dtype=np.intp)
    n_answers = matrix.shape[1]
    if ids_obj.shape[0] != n_answers:
        raise ValueError("answer_letters needs one row per answer (the matrix's columns)")
    if members.size and (members.min() < 0 or members.max() >= n_answers):
        raise ValueError(f"members must be answer indices in 0..{n_answers - 1}")
    if legal.size and (legal.min() < 0 or legal.max() >= matrix.shape[0]):
        raise ValueError(f"legal must be guess rows in 0..{matrix.shape[0] - 1}")
    cdef const int32_t[:, ::1] ids = ids_obj
    cdef const intp_t[::1] member_view = members
    cdef const intp_t[::1] legal_view = legal
    cdef const uint8_t[:, ::1] view8
    cdef const uint16_t[:, ::1] view16
    cdef const uint8_t* codes8 = NULL
    cdef const uint16_t* codes16 = NULL
    if matrix.dtype == np.uint8:
        view8 = matrix
        codes8 = &view8[0, 0] if matrix.size else NULL
    else:
        view16 = matrix
        codes16 = &view16[0, 0] if matrix.size else NULL
    if depth < 1:
        raise ValueError("depth must be at least 1 (the guesses left)")
    cdef Py_ssize_t n = members.shape[0]
    if n == 0 or legal.shape[0] == 0 or ids.shape[1] == 0:
        return False
    cdef uint32_t* counts = <uint32_t*> calloc(max(1, count), sizeof(uint32_t))
    cdef uint8_t* seen = <uint8_t*> calloc(int(matrix.max()) + 1, sizeof(uint8_t))
    cdef intp_t* scratch = <intp_t*> malloc(n * (ids.shape[1] + 1) * sizeof(intp_t))
    try:
        if counts == NULL or seen == NULL or scratch == NULL:
            raise MemoryError()
        return cannot_finish(&member_view[0], n, depth, &ids[0, 0], ids.shape[1], counts,
                             &legal_view[0], legal.shape[0], codes8, codes16, n_answers, 1,
                             seen, scratch)
    finally:
        free(counts)
        free(seen)
        free(scratch)


cdef bint cannot_finish(const intp_t* members, Py_ssize_t n, int depth,
                        const int32_t* endgame_of, Py_ssize_t length, uint32_t* counts,
                        const intp_t* rows, Py_ssize_t n_rows, const uint8_t* codes8,
                        const uint16_t* codes16, Py_ssize_t guess_stride,
                        Py_ssize_t answer_stride, uint8_t* seen, intp_t* scratch) noexcept nogil:
    # The bound over every endgame of more than `depth` (at least 1)
    # members. `endgame_of`: endgame_table's ids; `counts` (one per endgame)
    # and `seen` (one per code) come zeroed and are left so; `scratch`:
    # n * (length + 1) slots (a member is in at most `length` endgames). A code is read at
    # guess * guess_stride + answer * answer_stride (the search keeps an
    # answer-major copy of byte codes).
    cdef Py_ssize_t i, p, n_groups = 0, g, m, k
    cdef int32_t e
    cdef intp_t* group = scratch           # one endgame's members
    cdef intp_t* groups = scratch + n      # the endgames of more than `depth` members
    for i in range(n):
        for p in range(length):
            e = endgame_of[members[i] * length + p]
            if e >= 0:
                counts[e] += 1
                if counts[e] == <uint32_t> (depth + 1):
                    groups[n_groups] = e
                    n_groups += 1
    cdef bint cut = False
    for g in range(n_groups):
        m = 0
        for i in range(n):
            for p in range(length):
                if endgame_of[members[i] * length + p] == groups[g]:
                    group[m] = members[i]
                    m += 1
        if _group_cannot_finish(group, m, depth, rows, n_rows, codes8, codes16, guess_stride,
                                answer_stride, seen):
            cut = True
            break
    for i in range(n):
        for p in range(length):
            e = endgame_of[members[i] * length + p]
            if e >= 0:
                counts[e] = 0
    return cut


cdef bint _group_cannot_finish(const intp_t* group, Py_ssize_t m, int depth,
                               const intp_t* rows, Py_ssize_t n_rows, const uint8_t* codes8,
                               const uint16_t* codes16, Py_ssize_t guess_stride,
                               Py_ssize_t answer_stride, uint8_t* seen) noexcept nogil:
    # Whether the depth - 1 rows of most buckets over the group take out
    # fewer than m - 1 of its words (see the module's docstring). The
    # largest takes so far are kept, and the scan stops once they suffice:
    # a group that can finish is found so early (the full scan was a tenth
    # of a hard-mode proof's time).
    cdef Py_ssize_t largest[MOST_CLASSES]  # the depth - 1 largest takes so far
    cdef Py_ssize_t k = depth - 1, t, i, code, take, total = 0, smallest = 0
    if k <= 0 or k >= MOST_CLASSES:
        return k <= 0 and m > 1      # (the callers' m > depth keeps k below 26)
    for i in range(k):
        largest[i] = 0
    for t in range(n_rows):
        take = -1
        for i in range(m):
            code = _code(codes8, codes16, rows[t] * guess_stride + group[i] * answer_stride)
            if not seen[code]:
                seen[code] = 1
                take += 1
        for i in range(m):
            seen[_code(codes8, codes16, rows[t] * guess_stride + group[i] * answer_stride)] = 0
        if take > largest[smallest]:
            total += take - largest[smallest]
            if total >= m - 1:
                return False
            largest[smallest] = take
            for i in range(k):
                if largest[i] < largest[smallest]:
                    smallest = i
    return True


cdef inline Py_ssize_t _code(const uint8_t* codes8, const uint16_t* codes16,
                             Py_ssize_t at) noexcept nogil:
    return codes8[at] if codes8 != NULL else codes16[at]
