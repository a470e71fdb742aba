"""Exact optimal play: the fewest total guesses to solve every answer.

    T(S, d) = |S| + min over guesses g of sum over patterns r other than
              all-green of T(S_r, d - 1),      T({x}, d >= 1) = 1,

where d is the number of guesses still allowed (infinite when a set cannot
be finished in time). The search is depth-first with a budget: ``_solve(S,
d, budget)`` returns the exact T when it is at most ``budget``, else a lower
bound above ``budget``. What makes it fast:

* closed forms: T = 1 for one word, 3 for two; with two guesses left a set
  needs a guess that splits it apart (2n - 1 if that guess is a candidate,
  else 2n); a candidate that splits a set apart is optimal at any depth;
* a lower bound per guess before any recursion: a bucket of s words costs at
  least 2s - 1, so a guess making k buckets costs at least 3n - k, or
  3n - k - 1 when it is itself a candidate; guesses are tried in order of
  that bound (a counting sort) and the loop ends when the bound reaches the
  best found;
* buckets are solved largest first, each with the budget left, so a bad
  guess is dropped as soon as its running cost passes the best;
* exact values and lower bounds are memoized by (candidate set, depth).
"""

import numpy as np

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from cython.parallel cimport prange
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from wordle_fast._bitset cimport fill_bitset, popcount64
from wordle_fast._typedefs cimport bitword_t, code_t

ctypedef Py_ssize_t intp_t

cdef int64_t INFEASIBLE = (<int64_t> 1) << 40   # "cannot be finished within the guesses left"
UNSOLVABLE = INFEASIBLE   # the same marker, for Python callers


cdef void _guess_bounds(
    const code_t* matrix, Py_ssize_t n_answers, Py_ssize_t n_guesses,
    const intp_t* members, Py_ssize_t n, Py_ssize_t all_green,
    uint32_t* seen, uint32_t* stamp,      # seen[n_patterns], stamp counter
    int64_t* bound, int64_t* buckets,           # out [n_guesses]
) noexcept nogil:
    # For every guess: its buckets over `members` and the lower bound
    # 3n - k - [guess is a candidate]; a guess that leaves one bucket
    # (no information) gets INFEASIBLE.
    cdef Py_ssize_t g, j
    cdef int64_t k
    cdef code_t code
    cdef const code_t* row
    for g in range(n_guesses):
        if stamp[0] == <uint32_t> 0xFFFFFFFFU:   # about to wrap: forget every old stamp
            memset(seen, 0, (all_green + 1) * sizeof(uint32_t))   # n_patterns entries
            stamp[0] = 0
        stamp[0] += 1
        row = matrix + g * n_answers
        k = 0
        for j in range(n):
            code = row[members[j]]
            if seen[code] != stamp[0]:
                seen[code] = stamp[0]
                k += 1
        buckets[g] = k
        if k == 1 and seen[all_green] != stamp[0]:
            bound[g] = INFEASIBLE
        else:
            bound[g] = 3 * n - k - (1 if seen[all_green] == stamp[0] else 0)


cdef void _guess_bounds_bytes(
    const uint8_t* matrix, Py_ssize_t n_answers, Py_ssize_t first, Py_ssize_t last,
    const intp_t* members, Py_ssize_t n, Py_ssize_t all_green,
    int64_t* bound, int64_t* buckets,     # out, indexed by guess row
) noexcept nogil:
    # The same as _guess_bounds for codes below 256: a 256-bit mask per guess
    # and four popcounts, no stamps and no branches in the inner loop.
    cdef Py_ssize_t g, j
    cdef uint64_t mask[4]
    cdef const uint8_t* row
    cdef uint8_t code
    cdef int64_t k, green
    for g in range(first, last):
        row = matrix + g * n_answers
        mask[0] = mask[1] = mask[2] = mask[3] = 0
        for j in range(n):
            code = row[members[j]]
            mask[code >> 6] |= (<uint64_t> 1) << (code & 63)
        k = popcount64(mask[0]) + popcount64(mask[1]) + popcount64(mask[2]) + popcount64(mask[3])
        green = (mask[all_green >> 6] >> (all_green & 63)) & 1
        buckets[g] = k
        bound[g] = INFEASIBLE if (k == 1 and not green) else 3 * n - k - green


cdef class ExactSearcher:
    """T(S, d) over one pattern matrix (uint8 or uint16 codes), with a memo.

    ``guesses``: the matrix rows that may be played (normal mode: all).
    """

    cdef object matrix_obj, answer_rows_obj
    cdef const intp_t* answer_rows        # matrix row of each answer (it is also a guess)
    cdef const uint8_t* matrix8
    cdef const uint16_t* matrix16
    cdef Py_ssize_t n_answers, n_guesses, n_patterns, all_green, n_words
    cdef uint32_t* seen
    cdef uint32_t stamp
    cdef object memo                    # key -> (value or lower bound, exact?)
    cdef readonly Py_ssize_t states, memo_hits, max_entries
    cdef int n_threads

    def __cinit__(self):
        self.seen = NULL

    def __init__(self, matrix, Py_ssize_t length, answer_rows, Py_ssize_t max_entries=2_000_000,
                 n_threads=None):
        matrix = np.ascontiguousarray(matrix)
        if matrix.dtype == np.uint8:
            self.matrix8 = <const uint8_t*> <size_t> matrix.ctypes.data
        elif matrix.dtype == np.uint16:
            self.matrix16 = <const uint16_t*> <size_t> matrix.ctypes.data
        else:
            raise ValueError("exact search supports words of up to 10 letters")
        self.matrix_obj = matrix
        self.n_guesses, self.n_answers = matrix.shape[0], matrix.shape[1]
        self.answer_rows_obj = np.ascontiguousarray(answer_rows, dtype=np.intp)
        if self.answer_rows_obj.shape != (self.n_answers,):
            raise ValueError("answer_rows needs the guess row of every answer")
        self.answer_rows = <const intp_t*> <size_t> self.answer_rows_obj.ctypes.data
        self.n_patterns = int(3 ** length)
        self.all_green = self.n_patterns - 1
        self.n_words = (self.n_answers + 63) // 64
        self.seen = <uint32_t*> calloc(self.n_patterns, sizeof(uint32_t))
        if self.seen == NULL:
            raise MemoryError()
        self.stamp = 0
        self.memo = {}
        if max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries}")
        self.max_entries = max_entries
        self.n_threads = 0 if n_threads is None else int(n_threads)   # 0: every core

    def __dealloc__(self):
        free(self.seen)

    def clear(self):
        self.memo.clear()
        self.states = self.memo_hits = 0

    def stats(self):
        return {"states": self.states, "memo_hits": self.memo_hits,
                "memo_entries": len(self.memo), "max_entries": self.max_entries}

    cdef bytes _key(self, const intp_t* members, Py_ssize_t n, int depth):
        cdef bytes key = PyBytes_FromStringAndSize(NULL, 1 + self.n_words * 8)
        cdef char* out = PyBytes_AS_STRING(key)
        out[0] = <char> depth
        fill_bitset(<bitword_t*> (out + 1), self.n_words, members, n)
        return key

    cdef inline Py_ssize_t _code(self, Py_ssize_t guess, Py_ssize_t answer) noexcept:
        if self.matrix8 != NULL:
            return self.matrix8[guess * self.n_answers + answer]
        return self.matrix16[guess * self.n_answers + answer]

    # -- public ----------------------------------------------------------------

    def solve(self, members, int depth, int64_t budget=INFEASIBLE):
        """T(S, depth) if at most ``budget``, else a lower bound above it."""
        members = np.ascontiguousarray(members, dtype=np.intp)
        cdef const intp_t[::1] view = members
        if members.shape[0] == 0:
            return 0
        return self._solve(&view[0], members.shape[0], depth, budget)

    def after_guess(self, members, Py_ssize_t guess, int depth, int64_t budget=INFEASIBLE):
        """The total for playing ``guess`` first with ``depth`` guesses in all."""
        members = np.ascontiguousarray(members, dtype=np.intp)
        return self._guess_cost(members, guess, depth, budget)

    def guess_costs(self, members, rows, int depth):
        """Total guesses to finish ``members`` when each guess row in ``rows``
        is played next, within ``depth`` guesses in all, and which of them
        are exact. The smallest exact entry belongs to an optimal guess; an
        entry that is not exact is only a lower bound on its guess's cost,
        and may equal the optimum without reaching it."""
        members = np.ascontiguousarray(members, dtype=np.intp)
        rows = np.ascontiguousarray(rows, dtype=np.intp)
        cdef const intp_t[::1] view = members
        if members.shape[0] == 0:
            raise ValueError("no candidates")
        all_bounds, _ = self._all_bounds(&view[0], members.shape[0])
        costs = all_bounds[rows].astype(np.float64)
        exact = np.zeros(rows.shape[0], dtype=bool)
        cdef int64_t best = INFEASIBLE
        cdef int64_t cost
        for position in np.argsort(costs, kind="stable"):
            if costs[position] >= best:
                break
            cost = self._guess_cost(members, rows[position], depth, best - 1)
            costs[position] = cost
            if cost < best:
                best = cost
                exact[position] = True
        return costs, exact

    def best_guess(self, members, int depth):
        """An optimal guess row for the set (it must be solvable in ``depth``)."""
        members = np.ascontiguousarray(members, dtype=np.intp)
        cdef const intp_t[::1] view = members
        cdef Py_ssize_t n = members.shape[0]
        if n == 0:
            raise ValueError("no candidates")
        value = self._solve(&view[0], n, depth, INFEASIBLE - 1)
        if value >= INFEASIBLE:
            raise ValueError(f"{n} candidates cannot be solved within {depth} guesses")
        return self._optimal_guess(members, depth, value)

    # -- the search --------------------------------------------------------------

    cdef int64_t _solve(self, const intp_t* members, Py_ssize_t n, int depth, int64_t budget) except -1:
        if n == 1:
            return 1 if depth >= 1 else INFEASIBLE
        if depth <= 1:
            return INFEASIBLE
        if n == 2:
            return 3
        if 2 * n - 1 > budget:
            return 2 * n - 1
        key = self._key(members, n, depth)
        entry = self.memo.get(key)
        if entry is not None:
            self.memo_hits += 1
            if entry[1] or entry[0] > budget:
                return entry[0]
        self.states += 1
        cdef int64_t result = self._search(members, n, depth, budget)
        if result <= budget:
            self.memo[key] = (result, True)
        elif entry is None or result > entry[0]:
            self.memo[key] = (result, False)
        if len(self.memo) > self.max_entries:
            del self.memo[next(iter(self.memo))]   # the oldest entry goes first
        return result

    cdef _all_bounds(self, const intp_t* members, Py_ssize_t n):
        # (bounds, buckets) of every guess over the set.
        bounds = np.empty(self.n_guesses, dtype=np.int64)
        buckets = np.empty(self.n_guesses, dtype=np.int64)
        cdef int64_t[::1] bound_view = bounds
        cdef int64_t[::1] bucket_view = buckets
        cdef Py_ssize_t block, n_blocks = 64
        cdef Py_ssize_t per_block = (self.n_guesses + n_blocks - 1) // n_blocks
        if self.matrix8 != NULL:
            for block in prange(n_blocks, nogil=True, schedule="dynamic",
                                num_threads=self.n_threads):
                _guess_bounds_bytes(self.matrix8, self.n_answers, block * per_block,
                                    min(self.n_guesses, (block + 1) * per_block), members, n,
                                    self.all_green, &bound_view[0], &bucket_view[0])
        else:
            with nogil:
                _guess_bounds(self.matrix16, self.n_answers, self.n_guesses, members, n,
                              self.all_green, self.seen, &self.stamp, &bound_view[0],
                              &bucket_view[0])
        return bounds, buckets

    cdef Py_ssize_t _most_candidate_buckets(self, const intp_t* members, Py_ssize_t n):
        # The most buckets any candidate makes of the set (the n candidates
        # only, not every guess).
        cdef Py_ssize_t i, j, most = 0, k
        cdef uint64_t mask[4]
        cdef uint8_t code
        cdef const uint8_t* row
        cdef set codes
        for i in range(n):
            if self.matrix8 != NULL:
                row = self.matrix8 + self.answer_rows[members[i]] * self.n_answers
                mask[0] = mask[1] = mask[2] = mask[3] = 0
                for j in range(n):
                    code = row[members[j]]
                    mask[code >> 6] |= (<uint64_t> 1) << (code & 63)
                k = (popcount64(mask[0]) + popcount64(mask[1]) + popcount64(mask[2])
                     + popcount64(mask[3]))
            else:
                codes = {self._code(self.answer_rows[members[i]], members[j]) for j in range(n)}
                k = len(codes)
            if k > most:
                most = k
                if most == n:
                    break
        return most

    cdef int64_t _search(self, const intp_t* members, Py_ssize_t n, int depth, int64_t budget) except -1:
        # Closed forms from the candidates alone: one that splits the set
        # apart costs 2n - 1, the least possible; failing that, one that
        # leaves a single pair costs n + 3 + (n - 3) = 2n, and only a split
        # into singletons could match it.
        cdef Py_ssize_t most = self._most_candidate_buckets(members, n) if n <= 128 else 0
        if most == n:
            return 2 * n - 1
        if most == n - 1 and depth >= 3:
            return 2 * n
        bounds, buckets = self._all_bounds(members, n)
        cdef int64_t floor = bounds.min()
        if floor >= INFEASIBLE:
            return INFEASIBLE
        if depth == 2:
            # Only a guess that splits every candidate apart finishes in time.
            perfect = buckets == n
            if not perfect.any():
                return INFEASIBLE
            return int(bounds[perfect].min())   # 2n - 1 with a candidate, else 2n
        if floor == 2 * n - 1:
            return floor        # a candidate splits the set apart: optimal
        if floor > budget:
            return floor
        # Try guesses in order of their bound (stable: matrix order among ties).
        order = np.argsort(bounds, kind="stable")
        cdef int64_t best = budget + 1
        cdef int64_t cost
        candidates = np.asarray(<intp_t[:n]> members).copy()
        for position in order:
            if bounds[position] >= best:
                break
            cost = self._guess_cost(candidates, position, depth, best - 1)
            if cost < best:
                best = cost
                if best == bounds[position]:
                    break   # reached its own lower bound, which no later guess beats
        return best if best <= budget else max(best, floor)

    cdef int64_t _guess_cost(self, candidates, Py_ssize_t guess, int depth, int64_t budget) except -1:
        # n + sum over non-green buckets of T(bucket, depth - 1), stopping as
        # soon as the running cost (with the remaining buckets' lower bounds)
        # passes the budget; then it returns that partial sum, a lower bound.
        cdef const intp_t[::1] view = candidates
        cdef Py_ssize_t n = view.shape[0], j
        codes = np.empty(n, dtype=np.intp)
        for j in range(n):
            codes[j] = self._code(guess, view[j])
        order = np.argsort(codes, kind="stable")
        grouped = np.ascontiguousarray(candidates[order])
        sorted_codes = codes[order]
        cuts = np.flatnonzero(np.diff(sorted_codes)) + 1
        starts = np.concatenate(([0], cuts))
        ends = np.concatenate((cuts, [n]))
        sizes = ends - starts
        green = sorted_codes[starts] == self.all_green
        if len(sizes) == 1 and not green[0]:
            return INFEASIBLE
        cdef const intp_t[::1] grouped_view = grouped
        cdef int64_t total = n + int(np.sum(2 * sizes[~green] - 1))
        cdef int64_t value, lower
        for b in np.argsort(-sizes, kind="stable"):
            if green[b]:
                continue
            lower = 2 * sizes[b] - 1
            value = self._solve(&grouped_view[starts[b]], sizes[b], depth - 1,
                                budget - (total - lower))
            total += value - lower
            if total > budget:
                return total
        return total

    cdef object _optimal_guess(self, members, int depth, int64_t value):
        # The first guess, in bound order, whose cost equals the set's value.
        cdef Py_ssize_t n = members.shape[0]
        if n == 1:
            return int(self.answer_rows[members[0]])
        cdef const intp_t[::1] view = members
        bounds, _ = self._all_bounds(&view[0], n)
        for position in np.argsort(bounds, kind="stable"):
            if bounds[position] > value:
                break
            if self._guess_cost(members, position, depth, value) == value:
                return int(position)
        raise RuntimeError("no guess reaches the optimum found; this is a bug")

