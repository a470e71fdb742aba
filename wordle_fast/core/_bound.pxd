# The exact search's lower bounds, in one place (see _bound.pyx). The small
# ones are inline: the search asks them per bucket and per guess.
from libc.stdint cimport int64_t

cdef extern from *:
    """
    #define WF_INFEASIBLE (((int64_t) 1) << 40)
    """
    # "cannot be finished within the guesses left": a total at or above it
    const int64_t INFEASIBLE "WF_INFEASIBLE"


cdef inline int64_t level_bound(Py_ssize_t n, int64_t k, bint green) noexcept nogil:
    # A guess making k buckets of n members, `green` if it is one of them:
    # every member takes this guess, and each bucket of s at least 2s - 1
    # more but the green one (the guess itself, found): 3n - k - [green].
    return 3 * n - k - green


cdef inline int64_t one_level_bound(Py_ssize_t n, int64_t k, bint green) noexcept nogil:
    # level_bound for the searches, where a guess that learns nothing (one
    # bucket, not green) is never optimal (it costs n + T(S, d - 1) >= n +
    # T(S, d)): marked INFEASIBLE, so that they skip it.
    return INFEASIBLE if (k == 1 and not green) else level_bound(n, k, green)


cdef inline int64_t least_cost(Py_ssize_t size, Py_ssize_t cap) noexcept nogil:
    # The least T of a bucket of `size` (three or more) when no guess makes
    # more than `cap` buckets of it (-1: not known): 2s - 1, and at least
    # the one-level bound 3s - cap - 1 (a guess makes no more buckets of a
    # subset than of the set, so the parent's most bounds the bucket's).
    if 0 <= cap < size:
        return 3 * size - cap - 1
    return 2 * size - 1


cdef inline int64_t small_set_value(Py_ssize_t n, int depth) noexcept nogil:
    # T for one or two words, and INFEASIBLE for a set that cannot finish
    # with the guesses left; -1 for every other set.
    if n == 1:
        return 1 if depth >= 1 else INFEASIBLE
    if depth <= 1:
        return INFEASIBLE
    if n == 2:
        return 3
    return -1


cdef inline int64_t least_bound(const int64_t* bound, const int64_t* buckets, Py_ssize_t first,
                                Py_ssize_t last, Py_ssize_t n, bint splits_only,
                                int64_t least) noexcept nogil:
    # The least of `least` and the bounds of guesses first..last-1; with
    # `splits_only` (two guesses left: only a split into singletons
    # finishes) only of those that split the n members apart.
    cdef Py_ssize_t g
    for g in range(first, last):
        if bound[g] < least and (not splits_only or buckets[g] == n):
            least = bound[g]
    return least


cdef bint only_singles(const int64_t* bound, const int64_t* buckets, Py_ssize_t n_rows,
                       Py_ssize_t n) noexcept nogil
