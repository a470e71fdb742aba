# cython: language_level=3
"""The exact search's scans: for every guess of a list, the buckets it makes
of a set and its one-level bound (_bound.pxd), the kernels the search spends
most of its time in; and the small passes around them (the most buckets a
candidate makes, the orders by bound and by count, the buckets openers
share).

Byte codes (3 ** length <= 256) are read from the answer-major copy of the
matrix (``transposed``), a block of BLOCK guesses at a time: a 256-bit mask
per guess (kept in AVX2 registers where the processor has them,
_masks.h), or for small sets the pairwise kernels of _pairwise.h (C,
chosen by the processor at run time). Two-byte codes take the plain scan
over the guess-major matrix with a stamp per code. The twins:
``_exact_twin.ExactSearcher.guess_bounds`` (every guess, by
Python), which ``tests/test_exact.py`` holds these to through
``ExactSearcher.guess_bounds`` and ``scan_bounds``.
"""

import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

from wordle_fast.core._bitset cimport popcount64
from wordle_fast.core._bound cimport INFEASIBLE, one_level_bound
from wordle_fast.core._legal cimport MODE_HARD, MODE_OFF
from wordle_fast.core._typedefs cimport code_t, intp_t


cdef extern from "_pairwise.h":
    int wf_pairwise_lanes() noexcept nogil
    void wf_distinct16(const uint8_t* columns, Py_ssize_t n_guesses, Py_ssize_t first,
                       const intp_t* rows, const intp_t* members, Py_ssize_t n,
                       uint8_t all_green, uint8_t* k_out, uint8_t* green_out) noexcept nogil
    void wf_distinct32(const uint8_t* columns, Py_ssize_t n_guesses, Py_ssize_t first,
                       const intp_t* rows, const intp_t* members, Py_ssize_t n,
                       uint8_t all_green, uint8_t* k_out, uint8_t* green_out) noexcept nogil


cdef extern from "_masks.h":
    Py_ssize_t wf_masks_avx2(const uint8_t* columns, Py_ssize_t n_guesses, Py_ssize_t first,
                             Py_ssize_t last, const intp_t* rows, const intp_t* members,
                             Py_ssize_t n, uint8_t all_green, int64_t* k_out,
                             uint8_t* green_out) noexcept nogil


cdef enum:
    # Sets of at most this many members go to the pairwise kernel (at most
    # 64), over consecutive guesses or over a list of rows; see
    # benchmarks/LOG.md.
    PAIRWISE_MAX = 48
    PAIRWISE_MAX_ROWS = 24
    # the same with 32 lanes (AVX2)
    WIDE_PAIRWISE_MAX = 48
    WIDE_PAIRWISE_MAX_ROWS = 32


cdef void guess_bounds(
    const code_t* matrix, Py_ssize_t n_answers, Py_ssize_t n_guesses,
    const intp_t* rows,                   # the guesses' matrix rows; NULL: 0..n_guesses-1
    const intp_t* members, Py_ssize_t n, Py_ssize_t all_green,
    uint32_t* seen, uint32_t* stamp,      # seen[n_patterns], stamp counter
    int64_t* bound, int64_t* buckets,           # out [n_guesses]
) noexcept nogil:
    # For every guess: its buckets over `members` and the lower bound
    # 3n - k - [guess is a candidate]; a guess that leaves one bucket
    # (no information) gets INFEASIBLE: it is never optimal (it costs n +
    # T(S, d - 1) >= n + T(S, d)), so the searches skip it. Callers that
    # value a given guess replace the marker with its bound (guess_costs).
    cdef Py_ssize_t g, j
    cdef int64_t k
    cdef code_t code
    cdef const code_t* row
    for g in range(n_guesses):
        if stamp[0] == <uint32_t> 0xFFFFFFFFU:   # about to wrap: forget every old stamp
            memset(seen, 0, (all_green + 1) * sizeof(uint32_t))   # n_patterns entries
            stamp[0] = 0
        stamp[0] += 1
        row = matrix + (g if rows == NULL else rows[g]) * n_answers
        k = 0
        for j in range(n):
            code = row[members[j]]
            if seen[code] != stamp[0]:
                seen[code] = stamp[0]
                k += 1
        buckets[g] = k
        bound[g] = one_level_bound(n, k, seen[all_green] == stamp[0])



cdef void guess_bounds_columns(
    const uint8_t* columns, Py_ssize_t n_guesses,   # codes answer-major: [n_answers, n_guesses]
    Py_ssize_t first, Py_ssize_t last,    # a block of at most BLOCK guesses
    const intp_t* rows,                   # the guesses' matrix rows; NULL: first..last-1
    const intp_t* members, Py_ssize_t n, Py_ssize_t all_green,
    int64_t* bound, int64_t* buckets,     # out, indexed like rows
    int lanes,                            # the vector kernels' width: 32 (AVX2), 16 or 0 (none)
) noexcept nogil:
    # The same as guess_bounds for codes below 256, with a 256-bit mask per
    # guess. It reads the answer-major copy of the matrix: each member's codes
    # for the block are one contiguous run, where the guess-major matrix needs
    # a cache line per member per guess. Consecutive updates go to different
    # guesses' masks, so they do not wait on each other either. Measured on
    # 288 SALET buckets and sub-buckets: 164 us per set against 921 us.
    cdef uint64_t masks[BLOCK * 4]
    cdef Py_ssize_t g, j, t
    cdef const uint8_t* column
    cdef uint8_t code
    cdef int64_t k, green
    cdef uint8_t ks[32]
    cdef uint8_t greens[32]
    cdef uint8_t wide_greens[BLOCK]
    cdef bint wide = lanes == 32     # AVX2: the masks in registers too (_masks.h)
    if rows != NULL and consecutive(rows, first, last):
        # consecutive rows (every guess legal there, as after gray tiles in
        # hard mode): read as a block of the columns, without the rows
        columns += rows[first] - first
        rows = NULL
    cdef Py_ssize_t most = ((PAIRWISE_MAX if rows == NULL else PAIRWISE_MAX_ROWS) if lanes == 16
                            else WIDE_PAIRWISE_MAX if rows == NULL else WIDE_PAIRWISE_MAX_ROWS)
    if lanes and n <= most:
        # small sets: `lanes` guesses at a time by pairwise compares, the
        # rest in narrower steps (then the last few guesses of the block by
        # masks, below)
        while lanes >= 16:
            while last - first >= lanes:
                if lanes == 32:
                    wf_distinct32(columns, n_guesses, first, rows, members, n,
                                  <uint8_t> all_green, ks, greens)
                else:
                    wf_distinct16(columns, n_guesses, first, rows, members, n,
                                  <uint8_t> all_green, ks, greens)
                for t in range(lanes):
                    buckets[first + t] = ks[t]
                    bound[first + t] = one_level_bound(n, ks[t], greens[t])
                first += lanes
            lanes //= 2
        if first == last:
            return
    if wide:
        # eight guesses at a time; the last few by the loop below
        t = wf_masks_avx2(columns, n_guesses, first, last, rows, members, n,
                          <uint8_t> all_green, buckets + first, wide_greens)
        for g in range(first, first + t):
            bound[g] = one_level_bound(n, buckets[g], wide_greens[g - first])
        first += t
        if first == last:
            return
    memset(masks, 0, (last - first) * 4 * sizeof(uint64_t))
    for j in range(n):
        column = columns + members[j] * n_guesses
        if rows == NULL:
            for g in range(first, last):
                code = column[g]
                masks[(g - first) * 4 + (code >> 6)] |= (<uint64_t> 1) << (code & 63)
        else:
            for g in range(first, last):
                code = column[rows[g]]
                masks[(g - first) * 4 + (code >> 6)] |= (<uint64_t> 1) << (code & 63)
    for g in range(first, last):
        j = (g - first) * 4
        k = (popcount64(masks[j]) + popcount64(masks[j + 1]) + popcount64(masks[j + 2])
             + popcount64(masks[j + 3]))
        green = (masks[j + (all_green >> 6)] >> (all_green & 63)) & 1
        buckets[g] = k
        bound[g] = one_level_bound(n, k, green)


cdef inline bint consecutive(const intp_t* rows, Py_ssize_t first, Py_ssize_t last) noexcept nogil:
    # Whether rows[first..last-1] each follow the one before. Every pair is
    # read: lists in reach or count order are not sorted, and their ends
    # alone can lie (10, 11, 3, 13).
    cdef Py_ssize_t g
    for g in range(first + 1, last):
        if rows[g] != rows[g - 1] + 1:
            return False
    return True



def most_candidate_splits(const uint8_t[:, ::1] matrix, const intp_t[::1] answer_rows,
                          const intp_t[::1] members, bint exact=True):
    """``most_splits`` from Python, for the tests: the most buckets any
    member (its guess row ``answer_rows[member]`` of ``matrix``) makes of
    ``members``; not ``exact``, only as the search reads it."""
    if members.shape[0] == 0:
        return 0
    return most_splits(&matrix[0, 0], matrix.shape[1], &answer_rows[0], &members[0],
                       members.shape[0], exact)


def machine_lanes():
    """The widest scan kernels this processor runs: 32 lanes (AVX2: the
    pairwise kernel, and the masks in registers), 16 (portable vectors),
    or 0 (built by a compiler without them)."""
    return wf_pairwise_lanes()


def pairwise_lanes(lanes=None):
    """``lanes`` checked against what the machine runs (None: the widest)."""
    best = wf_pairwise_lanes()
    if lanes is None:
        return best
    if lanes not in (0, 16, 32) or lanes > best:
        raise ValueError(f"lanes must be 0, 16 or 32 and at most this machine's {best}, "
                         f"got {lanes!r}")
    return lanes


def transposed(const uint8_t[:, ::1] matrix):
    """A C-contiguous transpose, in 64 x 64 tiles: numpy's strided copy of
    the 12972 x 2315 matrix took 0.1 s, a tenth of a whole SALET proof."""
    cdef Py_ssize_t rows = matrix.shape[0], cols = matrix.shape[1], i0, j0, i, j
    out = np.empty((cols, rows), dtype=np.uint8)
    cdef uint8_t[:, ::1] view = out
    with nogil:
        for i0 in range(0, rows, 64):
            for j0 in range(0, cols, 64):
                for i in range(i0, min(i0 + 64, rows)):
                    for j in range(j0, min(j0 + 64, cols)):
                        view[j, i] = matrix[i, j]
    return out


cdef int compare_keys(const void* a, const void* b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t*> a)[0], y = (<const uint64_t*> b)[0]
    return (x > y) - (x < y)


cdef Py_ssize_t order_by_bound(const int64_t* bound, Py_ssize_t n_rows, int64_t lowest,
                               int64_t highest, intp_t* order) except -1 nogil:
    # The rows with a bound below INFEASIBLE, by bound, stable (a counting
    # sort: bounds lie in lowest..highest); returns how many were written.
    cdef Py_ssize_t width = highest - lowest + 2, g, written = 0, slot
    cdef Py_ssize_t* start = <Py_ssize_t*> calloc(width, sizeof(Py_ssize_t))
    if start == NULL:
        with gil:
            raise MemoryError()
    for g in range(n_rows):
        if bound[g] < INFEASIBLE:
            start[bound[g] - lowest + 1] += 1
            written += 1
    for slot in range(1, width):
        start[slot] += start[slot - 1]
    for g in range(n_rows):
        if bound[g] < INFEASIBLE:
            order[start[bound[g] - lowest]] = g
            start[bound[g] - lowest] += 1
    free(start)
    return written



cdef void order_by_count(const int64_t* counts, Py_ssize_t n_rows, Py_ssize_t most,
                         intp_t* out, Py_ssize_t* slots) noexcept nogil:
    # The rows 0..n_rows-1 by decreasing count (counts 0..most), stable: a
    # counting sort, `slots` most + 1 entries of scratch.
    cdef Py_ssize_t g, c, at = 0, k
    memset(slots, 0, (most + 1) * sizeof(Py_ssize_t))
    for g in range(n_rows):
        slots[most - min(counts[g], most)] += 1
    for c in range(most + 1):
        k = slots[c]
        slots[c] = at
        at += k
    for g in range(n_rows):
        c = most - min(counts[g], most)
        out[slots[c]] = g
        slots[c] += 1


cdef Py_ssize_t most_splits(const uint8_t* matrix8, Py_ssize_t n_answers,
                            const intp_t* answer_rows, const intp_t* members,
                            Py_ssize_t n, bint exact) noexcept nogil:
    # The most buckets any candidate makes of the set, for byte codes and
    # without the GIL; reads the guess-major matrix, where one
    # candidate's codes are one row. A candidate is dropped as soon as its
    # repeated codes show it cannot beat the most so far. Not `exact`:
    # the count only where the search reads it (n, n - 1, or 2 and
    # below), else some count in 3..n - 2, so that a candidate is dropped
    # at its second repeat once any count reached 3 (hard mode's
    # guarantee stage 0.94x; benchmarks/LOG.md).
    cdef Py_ssize_t i, j, most = 0, k, repeats, stop_at
    cdef uint64_t mask[4]
    cdef uint64_t bit
    cdef uint8_t code
    cdef const uint8_t* row
    for i in range(n):
        row = matrix8 + answer_rows[members[i]] * n_answers
        mask[0] = mask[1] = mask[2] = mask[3] = 0
        k = repeats = 0
        # it cannot beat `stop_at` buckets once n - repeats reach it
        stop_at = most if exact or most < 3 else max(most, n - 2)
        for j in range(n):
            code = row[members[j]]
            bit = (<uint64_t> 1) << (code & 63)
            if mask[code >> 6] & bit:
                repeats += 1
                if n - repeats <= stop_at:
                    break
            else:
                mask[code >> 6] |= bit
                k += 1
                if k == 3 and not exact and stop_at < n - 2:
                    stop_at = n - 2
        if k > most:
            most = k
            if most == n:
                break
    return most

cdef Py_ssize_t distinct_bucket_ids(const uint8_t* matrix8, Py_ssize_t n_answers,
                                    Py_ssize_t n_patterns, int mode_id, const intp_t* rows,
                                    Py_ssize_t n_rows, int32_t* ids) noexcept nogil:
    # Numbers the distinct buckets of three or more (the all-green one
    # aside) of the openers `rows`: ids[i * n_patterns + code] is the
    # number of opener i's bucket `code`, equal for openers whose
    # buckets hold the same answers, -1 for the others. Buckets are
    # found equal by a hash of their members, then compared answer by
    # answer. Hard mode numbers only the all-gray buckets (after which
    # every guess is legal), strict mode none: after other patterns the
    # legal guesses depend on the opener. Returns how many there are
    # (-1: out of memory).
    cdef Py_ssize_t n = n_answers, p = n_patterns, i, a, code, slot, n_slots = 1
    cdef Py_ssize_t all_green = n_patterns - 1
    cdef Py_ssize_t n_buckets = 0, n_distinct = 0, size
    cdef const uint8_t* row
    cdef const uint8_t* other
    cdef uint64_t h
    cdef bint same, shareable
    cdef uint64_t* hashes = <uint64_t*> malloc(p * sizeof(uint64_t))
    cdef Py_ssize_t* sizes = <Py_ssize_t*> malloc(p * sizeof(Py_ssize_t))
    cdef uint64_t* slot_hash = NULL
    cdef int64_t* slot_owner = NULL     # i * n_patterns + code of the first such bucket
    if hashes == NULL or sizes == NULL:
        free(hashes)
        free(sizes)
        return -1
    for i in range(n_rows):
        memset(sizes, 0, p * sizeof(Py_ssize_t))
        row = matrix8 + rows[i] * n
        for a in range(n):
            sizes[row[a]] += 1
        for code in range(p):
            n_buckets += sizes[code] >= 3 and code != all_green
    while n_slots < 2 * n_buckets + 2:
        n_slots *= 2
    slot_hash = <uint64_t*> malloc(n_slots * sizeof(uint64_t))
    slot_owner = <int64_t*> malloc(n_slots * sizeof(int64_t))
    if slot_hash == NULL or slot_owner == NULL:
        n_distinct = -1
    else:
        for slot in range(n_slots):
            slot_owner[slot] = -1
        for i in range(n_rows):
            memset(sizes, 0, p * sizeof(Py_ssize_t))
            memset(hashes, 0, p * sizeof(uint64_t))
            row = matrix8 + rows[i] * n
            for a in range(n):
                code = row[a]
                sizes[code] += 1
                hashes[code] = (hashes[code] ^ <uint64_t> (a + 1)) * 0x9E3779B97F4A7C15ULL
            for code in range(p):
                ids[i * p + code] = -1
                size = sizes[code]
                shareable = mode_id == MODE_OFF or (mode_id == MODE_HARD and code == 0)
                if size < 3 or code == all_green or not shareable:
                    continue
                h = hashes[code] ^ (<uint64_t> size << 48)
                slot = <Py_ssize_t> (h & <uint64_t> (n_slots - 1))
                while slot_owner[slot] >= 0:
                    if slot_hash[slot] == h:
                        other = matrix8 + rows[slot_owner[slot] // p] * n
                        same = True
                        for a in range(n):
                            if (row[a] == code) != (other[a] == slot_owner[slot] % p):
                                same = False
                                break
                        if same:
                            break
                    slot = (slot + 1) & (n_slots - 1)
                if slot_owner[slot] < 0:
                    slot_owner[slot] = i * p + code
                    slot_hash[slot] = h
                    ids[slot_owner[slot]] = <int32_t> n_distinct
                    n_distinct += 1
                else:
                    ids[i * p + code] = ids[slot_owner[slot]]
    free(hashes)
    free(sizes)
    free(slot_hash)
    free(slot_owner)
    return n_distinct
