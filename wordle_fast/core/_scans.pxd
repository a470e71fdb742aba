# The exact search's scans over guesses (see _scans.pyx).
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t

from wordle_fast.core._typedefs cimport code_t, intp_t

cdef enum:
    BLOCK = 512   # guesses per task in the column kernel: their masks take 16 KB of L1


cdef void guess_bounds(
    const code_t* matrix, Py_ssize_t n_answers, Py_ssize_t n_guesses,
    const intp_t* rows, const intp_t* members, Py_ssize_t n, Py_ssize_t all_green,
    uint32_t* seen, uint32_t* stamp, int64_t* bound, int64_t* buckets) noexcept nogil

cdef void guess_bounds_columns(
    const uint8_t* columns, Py_ssize_t n_guesses, Py_ssize_t first, Py_ssize_t last,
    const intp_t* rows, const intp_t* members, Py_ssize_t n, Py_ssize_t all_green,
    int64_t* bound, int64_t* buckets, int lanes) noexcept nogil

cdef Py_ssize_t most_splits(const uint8_t* matrix8, Py_ssize_t n_answers,
                            const intp_t* answer_rows, const intp_t* members,
                            Py_ssize_t n, bint exact) noexcept nogil

cdef Py_ssize_t distinct_bucket_ids(const uint8_t* matrix8, Py_ssize_t n_answers,
                                    Py_ssize_t n_patterns, int mode_id, const intp_t* rows,
                                    Py_ssize_t n_rows, int32_t* ids) noexcept nogil

cdef int compare_keys(const void* a, const void* b) noexcept nogil

cdef Py_ssize_t order_by_bound(const int64_t* bound, Py_ssize_t n_rows, int64_t lowest,
                               int64_t highest, intp_t* order) except -1 nogil

cdef void order_by_count(const int64_t* counts, Py_ssize_t n_rows, Py_ssize_t most,
                         intp_t* out, Py_ssize_t* slots) noexcept nogil


cdef inline Py_ssize_t most_buckets(const int64_t* buckets, Py_ssize_t n_rows) noexcept nogil:
    cdef Py_ssize_t g, most = 0
    for g in range(n_rows):
        if buckets[g] > most:
            most = buckets[g]
    return most


cdef inline bint splits_apart(const int64_t* buckets, Py_ssize_t first, Py_ssize_t last,
                              Py_ssize_t n) noexcept nogil:
    # Whether a guess of first..last-1 makes n buckets of the n members.
    cdef Py_ssize_t g
    for g in range(first, last):
        if buckets[g] == n:
            return True
    return False
