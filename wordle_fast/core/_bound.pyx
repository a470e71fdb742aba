# cython: language_level=3
"""The exact search's lower bounds on T(S, d), the fewest total guesses that
find every answer of a set S with d guesses left, in one place.

* A bucket of s words costs at least 2s - 1: one guess each, and a second
  for all but one of them.
* So a guess making k buckets of n words costs at least 3n - k, or
  3n - k - 1 when it is itself a candidate (its green bucket costs nothing
  more): the one-level bound. The searches scan it for every guess
  (_scans.pyx) and try guesses in its order; the opening tables start from
  it for every opener (``least_totals``).
* No guess makes more buckets of a subset than of the set, so a bucket of s
  above the most buckets `cap` any guess makes of its parent costs at least
  3s - cap - 1, and with two guesses left cannot finish at all.
* One word costs 1, two words 3; nothing finishes with no guess left, and
  two words or more do not finish with one.

The inline forms the searches use are in _bound.pxd; ``least_totals``
gives the one-level bound to Python, and ``_bound_twin.least_totals`` is its
twin.
"""

import numpy as np

from libc.stdint cimport int64_t, uint8_t

UNSOLVABLE = INFEASIBLE   # the marker, for Python callers


cdef bint only_singles(const int64_t* bound, const int64_t* buckets, Py_ssize_t n_rows,
                       Py_ssize_t n) noexcept nogil:
    # True when no guess makes more than two buckets of the set, and every
    # one that makes two is one of its candidates (so its buckets are itself
    # and the rest): a two-bucket guess is a candidate exactly when its
    # bound 3n - k - [candidate] is 3n - 3. Then the answers can only be
    # found one at a time, T = 1 + 2 + ... + n. (Not inline, and away from
    # the search's hot code: as a method of ExactSearcher, even unused, it
    # made the SALET search 11% slower, by code layout.)
    cdef Py_ssize_t i
    for i in range(n_rows):
        if buckets[i] > 2 or (buckets[i] == 2 and bound[i] != 3 * n - 3):
            return False
    return True


def least_totals(Py_ssize_t n, buckets, is_candidate):
    """The one-level bound of each guess over a set of ``n``: ``3n - k -
    [candidate]`` from its bucket count ``k`` and whether it is one of the
    set's candidates (a guess of one bucket included: it learns nothing,
    but it may be played). Over every answer, the least total an opener
    could have."""
    counts = np.ascontiguousarray(buckets, dtype=np.int64)
    greens = np.ascontiguousarray(is_candidate, dtype=np.uint8)
    if counts.ndim != 1 or greens.shape != counts.shape:
        raise ValueError("buckets and is_candidate must be 1-d and of one length")
    out = np.empty(counts.shape[0], dtype=np.int64)
    cdef const int64_t[::1] k = counts
    cdef const uint8_t[::1] green = greens
    cdef int64_t[::1] bound = out
    cdef Py_ssize_t g
    for g in range(k.shape[0]):
        bound[g] = level_bound(n, k[g], green[g] != 0)
    return out
