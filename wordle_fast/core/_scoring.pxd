from wordle_fast.core._typedefs cimport code_t, count_t


cdef struct BucketStats:
    double entropy             # bits
    double expected_remaining  # E[size of the bucket the answer falls in]
    double win_probability     # mass of the all-green bucket
    count_t largest            # size of the largest bucket
    count_t n_buckets          # non-empty buckets


# Statistics of one guess (its pattern row) over the candidates; the scratch
# histograms must be zero on entry and are zero again on exit.
cdef void _score_one(
    const code_t* row,              # the guess's codes over all answers
    const Py_ssize_t* candidates,   # sorted answer indices
    Py_ssize_t n_candidates,
    bint all_answers,               # candidates == 0..n_answers-1
    const double* weights,          # per answer, or NULL for uniform
    double total_mass,              # sum of the candidates' weights (n if uniform)
    Py_ssize_t n_patterns,
    Py_ssize_t all_green,
    const double* count_log_count,  # c * log2(c) for c = 0..n_candidates at least
    count_t* counts,                # scratch [n_patterns]
    double* masses,                 # scratch [n_patterns]
    BucketStats* out,
) noexcept nogil
