"""Compiled guess scoring: one call scores a whole guess pool over a candidate
set, from the pattern histogram of each guess.

Two ways to get the histogram are kept, because the benchmark
``benchmarks/test_bench_scoring.py::test_histogram_strategy`` decides between
them: gathering each guess's codes at the candidate indices (used), or
popcounts of per-(guess, pattern) bitsets against the candidate bitset.
"""

import numpy as np

from cython.parallel cimport parallel, prange
from libc.math cimport log2
from libc.stdlib cimport calloc, free

from wordle_fast.core._bitset cimport CandidateSet, popcount64
from wordle_fast.core._parallel cimport CoreShare, wf_now
from wordle_fast.core._typedefs cimport bitword_t, code_t, count_t, intp_t



# BucketStats and _score_one are declared in _scoring.pxd (the lookahead
# search calls _score_one too).

# The same layout as a numpy dtype, so the kernels write results in place.
STATS_DTYPE = np.dtype([
    ("entropy", np.float64), ("expected_remaining", np.float64),
    ("win_probability", np.float64), ("largest", np.int32), ("n_buckets", np.int32),
], align=True)


def _empty_results(Py_ssize_t n_pool):
    return np.zeros(n_pool, dtype=STATS_DTYPE)


def _as_arrays(results):
    return (np.ascontiguousarray(results["entropy"]),
            np.ascontiguousarray(results["expected_remaining"]),
            np.ascontiguousarray(results["largest"]),
            np.ascontiguousarray(results["n_buckets"]),
            np.ascontiguousarray(results["win_probability"]))


cdef inline void _take_bucket(
    BucketStats* stats, Py_ssize_t code, count_t* counts, double* masses,
    double total_mass, const double* count_log_count, double inverse_n, bint weighted,
) noexcept nogil:
    # Add bucket `code` to every statistic, once, and clear it for the next guess.
    cdef count_t count = counts[code]
    cdef double p
    if count == 0:
        return
    counts[code] = 0
    stats.n_buckets += 1
    if count > stats.largest:
        stats.largest = count
    if weighted:
        p = masses[code] / total_mass
        masses[code] = 0.0
        if p > 0:   # not mass > 0: a denormal mass divides to exactly 0
            stats.entropy -= p * log2(p)
            stats.expected_remaining += p * count
    else:
        # Uniform: sum c log c / n and sum c^2 / n; log2(n) is added at the end.
        stats.entropy -= count_log_count[count] * inverse_n
        stats.expected_remaining += <double> count * count * inverse_n


cdef void _score_one(
    const code_t* row,
    const Py_ssize_t* candidates,
    Py_ssize_t n_candidates,
    bint all_answers,
    const double* weights,
    double total_mass,
    Py_ssize_t n_patterns,
    Py_ssize_t all_green,
    const double* count_log_count,
    count_t* counts,
    double* masses,
    BucketStats* out,
) noexcept nogil:
    cdef Py_ssize_t j, code
    cdef bint weighted = weights != NULL
    cdef double inverse_n = 1.0 / n_candidates
    # Accumulate in a local, stored once at the end: through `out` the
    # compiler must assume every update may alias the histogram.
    cdef BucketStats stats
    stats.entropy = 0.0
    stats.expected_remaining = 0.0
    stats.largest = 0
    stats.n_buckets = 0

    if all_answers and not weighted:
        for j in range(n_candidates):
            counts[row[j]] += 1
    elif not weighted:
        for j in range(n_candidates):
            counts[row[candidates[j]]] += 1
    else:
        for j in range(n_candidates):
            code = row[candidates[j]]
            counts[code] += 1
            masses[code] += weights[candidates[j]]

    if weighted:
        stats.win_probability = masses[all_green] / total_mass
    else:
        stats.win_probability = counts[all_green] * inverse_n

    # Read and clear the histogram: scan every bin when there are few, else
    # revisit only the bins the candidates touched.
    if n_patterns <= 2 * n_candidates:
        for code in range(n_patterns):
            _take_bucket(&stats, code, counts, masses, total_mass, count_log_count,
                         inverse_n, weighted)
    else:
        for j in range(n_candidates):
            _take_bucket(&stats, row[candidates[j]], counts, masses, total_mass,
                         count_log_count, inverse_n, weighted)
    if not weighted:
        stats.entropy += log2(<double> n_candidates)
        if stats.entropy < 0.0:   # rounding when every candidate shares one bucket
            stats.entropy = 0.0
    out[0] = stats


cdef enum:
    MIN_CHUNK = 64   # guesses per task at least; tasks per thread at most:
    TASKS_PER_THREAD = 16   # enough to balance, few enough that timing each costs nothing


cdef void _score_range(
    const code_t* matrix, Py_ssize_t n_answers, const intp_t* pool, Py_ssize_t first,
    Py_ssize_t last, const intp_t* candidates, Py_ssize_t n_candidates, bint all_answers,
    const double* weights, double total_mass, Py_ssize_t n_patterns,
    const double* count_log_count, count_t* counts, double* masses, BucketStats* results,
) noexcept nogil:
    # Guesses pool[first:last], with one thread's scratch histograms.
    cdef Py_ssize_t g
    for g in range(first, last):
        _score_one(matrix + pool[g] * n_answers, candidates, n_candidates, all_answers,
                   weights, total_mass, n_patterns, n_patterns - 1, count_log_count,
                   counts, masses, &results[g])


def _score_rows(
    const code_t[:, ::1] matrix,
    const intp_t[::1] pool,
    const intp_t[::1] candidates,
    const double[::1] weights,
    Py_ssize_t n_patterns,
    CoreShare cores,
):
    cdef Py_ssize_t n_pool = pool.shape[0]
    cdef Py_ssize_t n_candidates = candidates.shape[0]
    cdef Py_ssize_t n_answers = matrix.shape[1]
    cdef bint all_answers = n_candidates == n_answers
    cdef const double* weight_ptr = NULL
    cdef double total_mass = n_candidates
    cdef Py_ssize_t chunk, j, chunk_size, n_chunks
    cdef double started
    cdef int threads
    cdef count_t* counts
    cdef double* masses
    cdef int[1] out_of_memory
    out_of_memory[0] = 0

    results = _empty_results(n_pool)
    if n_pool == 0 or n_candidates == 0:
        return _as_arrays(results)
    cdef BucketStats[::1] results_view = results

    count_log_count = np.arange(n_candidates + 1, dtype=np.float64)
    count_log_count[1:] *= np.log2(count_log_count[1:])
    cdef const double[::1] count_log_view = count_log_count

    if weights is not None:
        weight_ptr = &weights[0]
        total_mass = 0.0
        for j in range(n_candidates):
            total_mass += weights[candidates[j]]

    # A guess costs about as much as 8 candidates besides its candidates
    # (histogram set-up and entropy): measured on the full pool, 2 candidates
    # took 690 us on one thread and 335 us on two.
    threads = cores.begin(n_pool * (n_candidates + 8))
    chunk_size = max(MIN_CHUNK, n_pool // (threads * TASKS_PER_THREAD) + 1)
    n_chunks = (n_pool + chunk_size - 1) // chunk_size
    with nogil, parallel(num_threads=threads):
        # Thread-private scratch: assigned inside the parallel block.
        counts = <count_t*> calloc(n_patterns, sizeof(count_t))
        masses = <double*> calloc(n_patterns, sizeof(double))
        # Every thread must reach the worksharing loop; one without scratch
        # memory skips its chunks and the error is raised after the block.
        # Each chunk is timed, so that a busy machine is noticed (CoreShare).
        for chunk in prange(n_chunks, schedule="dynamic"):
            if counts == NULL or masses == NULL:
                out_of_memory[0] = 1
            else:
                started = wf_now()
                _score_range(&matrix[0, 0], n_answers, &pool[0], chunk * chunk_size,
                             min(n_pool, (chunk + 1) * chunk_size), &candidates[0], n_candidates,
                             all_answers, weight_ptr, total_mass, n_patterns,
                             &count_log_view[0], counts, masses, &results_view[0])
                cores.add_busy(wf_now() - started)
        free(counts)
        free(masses)
    cores.end()
    if out_of_memory[0]:
        raise MemoryError("no scratch memory for the pattern histograms")
    return _as_arrays(results)


def score_guesses(matrix, pool, candidates, length, weights=None, n_threads=None, cores=None):
    """Bucket statistics of every guess in ``pool`` over ``candidates``.

    ``matrix`` is the pattern matrix ``[n_guesses, n_answers]`` of words with
    ``length`` letters; ``pool`` the matrix rows to score; ``candidates``
    sorted answer indices; ``weights`` an optional non-negative prior over all
    answers. Returns the arrays ``(entropy, expected_remaining, largest_bucket,
    n_buckets, win_probability)``. ``cores``: the caller's ``CoreShare``, which
    remembers a busy machine from call to call (else one for ``n_threads``).
    """
    matrix, pool, candidates, weights = _as_kernel_inputs(matrix, pool, candidates, weights)
    if cores is None:
        cores = CoreShare(n_threads)
    n_patterns = 3 ** length
    if n_patterns > DENSE_PATTERNS:
        return _score_renumbered(matrix, pool, candidates, weights, n_patterns - 1, cores)
    return _score_rows(matrix, pool, candidates, weights, n_patterns, cores)


# Past this many patterns (3^13) a histogram bin per pattern would cost more
# memory per thread (12 bytes a bin) than renumbering the codes that occur;
# long words only: 20 letters would need 3^20 bins, 42 GB a thread.
DENSE_PATTERNS = 3 ** 13


def _score_renumbered(matrix, pool, candidates, weights, all_green, cores):
    """The same statistics for long words: the patterns that occur between
    ``pool`` and ``candidates`` renumbered 0..k-1 (all green last), so the
    histogram has k bins, not 3^length."""
    codes = matrix[np.ix_(pool, candidates)]
    present, renumbered = np.unique(np.append(codes.ravel(), all_green), return_inverse=True)
    renumbered = np.ascontiguousarray(renumbered[:-1].reshape(codes.shape), dtype=np.uint32)
    if weights is not None:
        weights = np.ascontiguousarray(weights[candidates])
    return _score_rows(renumbered, np.arange(len(pool), dtype=np.intp),
                       np.arange(len(candidates), dtype=np.intp), weights, len(present), cores)


def _as_kernel_inputs(matrix, pool, candidates, weights):
    matrix = np.ascontiguousarray(matrix)
    pool = np.ascontiguousarray(pool, dtype=np.intp)
    candidates = np.ascontiguousarray(candidates, dtype=np.intp)
    if weights is not None:
        weights = np.ascontiguousarray(weights, dtype=np.float64)
    return matrix, pool, candidates, weights


# -- the alternative the benchmark measured: popcounts over bucket bitsets ----

def bucket_bitsets(matrix, pool, length):
    """Per guess in ``pool``, the bitset of answers in each non-empty bucket.

    Returns ``(offsets, codes, words)``: the buckets of ``pool[g]`` are rows
    ``offsets[g]:offsets[g + 1]`` of ``codes`` (the pattern) and ``words``
    (``uint64[n_buckets_total, ceil(n_answers / 64)]``).
    """
    matrix = np.ascontiguousarray(matrix)
    n_answers = matrix.shape[1]
    n_words = (n_answers + 63) // 64
    # A running total, not offsets[-1]: wraparound is off in compiled modules,
    # so a negative index would read outside the list.
    offsets = [0]
    n_buckets_so_far = 0
    codes = []
    word_blocks = []
    for g in np.asarray(pool, dtype=np.intp):
        row = matrix[g]
        present = np.unique(row)
        # bit j of a bucket's bitset: answer j gives that code
        bits = np.zeros((present.shape[0], n_words * 64), dtype=np.bool_)
        bits[np.searchsorted(present, row), np.arange(n_answers)] = True
        word_blocks.append(np.packbits(bits, axis=1, bitorder="little").view("<u8"))
        codes.append(present)
        n_buckets_so_far += present.shape[0]
        offsets.append(n_buckets_so_far)
    words = np.ascontiguousarray(np.concatenate(word_blocks).astype(np.uint64))
    return (np.asarray(offsets, dtype=np.intp),
            np.concatenate(codes).astype(np.int64), words)


def score_guesses_popcount(offsets, codes, words, CandidateSet candidates not None, length):
    """``score_guesses`` (uniform prior) from ``bucket_bitsets`` output."""
    cdef const intp_t[::1] offset_view = np.ascontiguousarray(offsets, dtype=np.intp)
    cdef const long long[::1] code_view = np.ascontiguousarray(codes, dtype=np.int64)
    cdef const bitword_t[:, ::1] word_view = words
    cdef Py_ssize_t n_pool = offset_view.shape[0] - 1
    cdef Py_ssize_t n_words = word_view.shape[1]
    cdef Py_ssize_t n_candidates = len(candidates)
    cdef long long all_green = 3 ** length - 1
    if n_words != candidates.n_words:
        raise ValueError("bucket bitsets and candidates range over different answers")
    results = _empty_results(n_pool)
    if n_candidates == 0:
        return _as_arrays(results)
    cdef BucketStats[::1] results_view = results
    cdef const bitword_t* candidate_words = candidates.words
    cdef double inverse_n = 1.0 / n_candidates
    cdef Py_ssize_t g, b, w
    cdef count_t count
    cdef BucketStats* stats
    with nogil:
        for g in range(n_pool):
            stats = &results_view[g]   # zeroed by _empty_results
            for b in range(offset_view[g], offset_view[g + 1]):
                count = 0
                for w in range(n_words):
                    count += popcount64(word_view[b, w] & candidate_words[w])
                if count:
                    if code_view[b] == all_green:
                        stats.win_probability = count * inverse_n
                    stats.n_buckets += 1
                    if count > stats.largest:
                        stats.largest = count
                    stats.entropy -= count * log2(<double> count) * inverse_n
                    stats.expected_remaining += <double> count * count * inverse_n
            stats.entropy = max(0.0, stats.entropy + log2(<double> n_candidates))
    return _as_arrays(results)
