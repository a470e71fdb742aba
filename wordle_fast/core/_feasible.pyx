# cython: language_level=3
"""The depth-only question, compiled: can every answer of a set be found
within the guesses left, whatever the total?

The plain-Python twin and why the tables ask it: exact/feasibility.py. This
one answers the same, with the guesses tried in C: in the twin, trying a
guess (numpy's unique over its codes) was nine tenths of the time (ROTAL,
nyt2023 hard, 25,310 sets, 2.67 million guesses tried: 71 s).
The scan of a set's guesses is the searcher's (``guess_bounds``) and the
hard-mode rule its ``legal_after``, so both checks ask the same questions.
"""

import numpy as np

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort

from wordle_fast.core._bound cimport only_singles
from wordle_fast.core._legal cimport pack_legal
from wordle_fast.core._typedefs cimport intp_t

cdef enum:
    NO = 0
    YES = 1
    OUT_OF_SETS = 2     # the check has searched as many sets as it was allowed
    ERROR = -1          # a Python exception is set

# legal lists kept by (list, guess, code) before the cache is emptied
cdef Py_ssize_t LEGAL_CACHE_BYTES = 256 << 20


cdef class FinishCheck:
    """``can_finish(members, guesses_left, legal)`` over one searcher's
    lists and mode: True, False, or None once it has searched ``most_sets``
    sets (if given) without an answer. It remembers every set it has
    answered (the same set recurs under many guesses)."""

    cdef object searcher, matrix_obj, answer_rows_obj
    cdef const intp_t* answer_rows        # the guess row of each answer
    cdef const uint8_t* codes8            # guess-major codes when they fit a byte
    cdef const uint16_t* codes16          # else these
    cdef Py_ssize_t n_guesses, n_answers, all_green
    cdef dict known                       # (members, guesses left, legal id) -> bool
    cdef dict legal_ids                   # packed legal list -> its number
    cdef dict legal_after_cache           # (legal id, guess, code) -> (rows, id)
    cdef Py_ssize_t legal_cached_bytes
    cdef readonly Py_ssize_t sets_checked
    cdef Py_ssize_t most_sets
    cdef uint32_t* counts                 # [3 ** length] scratch of _guess_finishes, kept 0

    def __init__(self, searcher, lexicon, most_sets=None):
        matrix = np.asarray(lexicon.matrix)
        cdef Py_ssize_t length = lexicon.length
        if matrix.ndim != 2 or matrix.dtype not in (np.uint8, np.uint16):
            raise ValueError("matrix must be the 2-D uint8 or uint16 pattern matrix")
        self.matrix_obj = np.ascontiguousarray(matrix)
        cdef const uint8_t[:, ::1] view8
        cdef const uint16_t[:, ::1] view16
        if self.matrix_obj.dtype == np.uint8:
            view8 = self.matrix_obj
            self.codes8 = &view8[0, 0]
        else:
            view16 = self.matrix_obj
            self.codes16 = &view16[0, 0]
        self.n_guesses, self.n_answers = matrix.shape[0], matrix.shape[1]
        self.answer_rows_obj = np.ascontiguousarray(lexicon.answer_rows, dtype=np.intp)
        cdef const intp_t[::1] rows = self.answer_rows_obj
        self.answer_rows = &rows[0]
        self.all_green = 1
        for _ in range(length):
            self.all_green *= 3
        self.all_green -= 1      # every tile green: 3 ** length - 1
        self.searcher = searcher
        self.counts = <uint32_t*> calloc(self.all_green + 1, sizeof(uint32_t))
        if self.counts == NULL:
            raise MemoryError()
        self.known, self.legal_ids, self.legal_after_cache = {}, {}, {}
        self.most_sets = -1 if most_sets is None else most_sets
        if self.most_sets < -1:
            raise ValueError("most_sets must be at least 0, or None for no limit")

    def __dealloc__(self):
        free(self.counts)

    def can_finish(self, members, int guesses_left, legal=None):
        """Whether a strategy finds every answer of ``members`` (answer
        indices, sorted) within ``guesses_left`` guesses, each from the rows
        ``legal`` allows (None: every guess; in the hard modes, as the
        searcher's ``legal_after`` narrows them); None when out of sets."""
        members = np.ascontiguousarray(members, dtype=np.intp)
        if members.ndim != 1 or (members.shape[0] > 1 and np.any(np.diff(members) <= 0)):
            raise ValueError("members must be sorted, distinct answer indices")
        cdef Py_ssize_t n = members.shape[0]
        if n and (members[0] < 0 or members[n - 1] >= self.n_answers):
            raise ValueError(f"members must be answer indices in 0..{self.n_answers - 1}")
        legal_id = -1
        if legal is not None:
            legal = np.ascontiguousarray(legal, dtype=np.intp)
            legal_id = self._legal_id(legal)
        found = self._can_finish(members, guesses_left, legal, legal_id)
        return None if found == OUT_OF_SETS else found == YES

    cdef Py_ssize_t _legal_id(self, legal) except -2:
        # (the rows are sorted: the searcher's guess_bounds refuses them otherwise)
        return self.legal_ids.setdefault(pack_legal(legal, self.n_guesses), len(self.legal_ids))

    cdef tuple _legal_after(self, legal, Py_ssize_t legal_id, Py_ssize_t guess,
                            Py_ssize_t code):
        # (rows, id) the rule leaves after `guess` shows `code`; None in normal mode
        if legal is None:
            return None, -1
        key = (legal_id, guess, code)
        found = self.legal_after_cache.get(key)
        if found is None:
            rows = np.ascontiguousarray(self.searcher.legal_after(legal, guess, code))
            found = (rows, self._legal_id(rows))
            if self.legal_cached_bytes > LEGAL_CACHE_BYTES:
                self.legal_after_cache.clear()
                self.legal_cached_bytes = 0
            self.legal_after_cache[key] = found
            self.legal_cached_bytes += rows.nbytes
        return found

    cdef int _can_finish(self, members, int guesses_left, legal, Py_ssize_t legal_id) except ERROR:
        cdef Py_ssize_t n = members.shape[0]
        if n <= 1:
            return YES if guesses_left >= n else NO
        if guesses_left <= 1:
            return NO
        key = (members.tobytes(), guesses_left, legal_id)
        found = self.known.get(key)
        if found is not None:
            return YES if found else NO
        if 0 <= self.most_sets <= self.sets_checked:
            return OUT_OF_SETS
        self.sets_checked += 1
        cdef int answer = self._search(members, guesses_left, legal, legal_id)
        if answer != OUT_OF_SETS:
            self.known[key] = answer == YES
        return answer

    cdef int _search(self, members, int guesses_left, legal, Py_ssize_t legal_id) except ERROR:
        cdef Py_ssize_t n = members.shape[0]
        cdef const intp_t[::1] member_view = members
        if self._candidate_splits(&member_view[0], n):
            return YES      # (the rule always allows a candidate) no scan needed
        bounds_obj, splits_obj = self.searcher.guess_bounds(members, legal)
        cdef const int64_t[::1] bounds = np.ascontiguousarray(bounds_obj, dtype=np.int64)
        cdef const int64_t[::1] splits = np.ascontiguousarray(splits_obj, dtype=np.int64)
        cdef Py_ssize_t n_rows = splits.shape[0], i, most = 0
        for i in range(n_rows):
            if splits[i] == n:
                return YES      # tells every answer apart: finishes with two left
            if splits[i] > most:
                most = splits[i]
        if most == 2 and only_singles(&bounds[0], &splits[0], n_rows, n):
            # No guess splits the set but by naming one of its candidates, and
            # so in every subset: one answer a guess, n guesses in all, as the
            # exact search knows too. Searched, a word family costs every
            # subset of it (twelve words: 3797 sets, here 1).
            return YES if n <= guesses_left else NO
        if guesses_left == 2:
            return NO
        # With g guesses left, a bucket needs a guess to split it into at most
        # `most` parts (no guess splits a subset into more than it splits the
        # set), each with g - 2 left: so at most most ** (g - 2) answers.
        cdef int64_t largest = 1
        for i in range(guesses_left - 2):
            largest = min(largest * most, n)
        # guesses with the most buckets first (stable: legal order among ties)
        cdef intp_t* order = <intp_t*> malloc(n_rows * sizeof(intp_t))
        cdef Py_ssize_t* start = <Py_ssize_t*> malloc((n + 2) * sizeof(Py_ssize_t))
        cdef uint64_t* keys = <uint64_t*> malloc(2 * n * sizeof(uint64_t))
        cdef uint64_t* buckets = <uint64_t*> malloc(n * sizeof(uint64_t))
        cdef const intp_t[::1] legal_view
        cdef Py_ssize_t position, k, guess
        cdef int answer = NO
        if order == NULL or start == NULL or keys == NULL or buckets == NULL:
            _free_all(order, start, keys, buckets)
            raise MemoryError()
        if legal is not None:
            legal_view = legal
        try:
            for i in range(n + 2):
                start[i] = 0
            for i in range(n_rows):
                start[n - splits[i] + 1] += 1
            for i in range(1, n + 2):
                start[i] += start[i - 1]
            for i in range(n_rows):
                order[start[n - splits[i]]] = i
                start[n - splits[i]] += 1
            for i in range(n_rows):
                position = order[i]
                k = splits[position]
                # a guess of k buckets leaves one of at least n / k answers (its
                # own bucket, when it is a candidate, holds one): the rest of
                # the order makes fewer buckets still
                if k <= 1 or (n + k - 1) // k > largest:
                    break
                guess = position if legal is None else legal_view[position]
                answer = self._guess_finishes(&member_view[0], n, guesses_left - 1, legal,
                                              legal_id, guess, largest, keys, buckets)
                if answer != NO:
                    break
        finally:
            _free_all(order, start, keys, buckets)
        return answer

    cdef inline uint64_t _code(self, Py_ssize_t guess, Py_ssize_t answer) noexcept:
        return (self.codes8[guess * self.n_answers + answer] if self.codes8 != NULL
                else self.codes16[guess * self.n_answers + answer])

    cdef bint _candidate_splits(self, const intp_t* member_ptr, Py_ssize_t n) noexcept:
        # Whether a candidate tells every answer of the set apart: the
        # cheapest proof there is, and often at hand in a small set.
        cdef Py_ssize_t i, j, row, marked
        cdef uint64_t code
        for i in range(n):
            row = self.answer_rows[member_ptr[i]]
            marked = 0      # codes marked in counts, to be cleared
            while marked < n:
                code = self._code(row, member_ptr[marked])
                if self.counts[code]:
                    break
                self.counts[code] = 1
                marked += 1
            for j in range(marked):
                code = self._code(row, member_ptr[j])
                self.counts[code] = 0
            if marked == n:
                return True
        return False

    cdef int _guess_finishes(self, const intp_t* member_ptr, Py_ssize_t n,
                             int left_after, legal, Py_ssize_t legal_id, Py_ssize_t guess,
                             int64_t largest, uint64_t* keys, uint64_t* buckets) except ERROR:
        # YES when every bucket `guess` makes of the set finishes in
        # `left_after` guesses; `keys`: 2n slots of scratch, `buckets` n.
        # Most guesses fail on their buckets' sizes alone: a count per code
        # first (sorting every guess's codes was a sixth of ROTAL's check).
        cdef uint32_t* counts = self.counts
        cdef Py_ssize_t j, b, first, size, n_codes = 0, n_buckets = 0
        cdef uint64_t code
        cdef bint too_large = False
        for j in range(n):
            code = self._code(guess, member_ptr[j])
            keys[j] = code
            if counts[code] == 0:
                buckets[n_codes] = code     # the distinct codes, as they first appear
                n_codes += 1
            counts[code] += 1
        for b in range(n_codes):
            if counts[buckets[b]] > largest and buckets[b] != <uint64_t> self.all_green:
                too_large = True
        if not too_large:
            # group the members by code (keys[n:], positions in the set, in
            # order within a bucket); buckets as (n - size, first slot),
            # written over the distinct codes already read (n_buckets <= b)
            first = 0
            for b in range(n_codes):
                size = counts[buckets[b]]
                counts[buckets[b]] = first
                if size > 1 and buckets[b] != <uint64_t> self.all_green:
                    buckets[n_buckets] = (<uint64_t> (n - size) << 32) | <uint64_t> first
                    n_buckets += 1
                first += size
            for j in range(n):
                keys[n + counts[keys[j]]] = j
                counts[keys[j]] += 1
        for j in range(n):
            counts[keys[j]] = 0
        if too_large:
            return NO
        qsort(buckets, n_buckets, sizeof(uint64_t), _compare)   # largest first: likeliest to fail
        cdef int answer
        cdef intp_t[::1] child_view
        for b in range(n_buckets):
            first = buckets[b] & 0xFFFFFFFFU
            size = n - <Py_ssize_t> (buckets[b] >> 32)
            child = np.empty(size, dtype=np.intp)
            child_view = child
            for j in range(size):
                child_view[j] = member_ptr[keys[n + first + j]]
            child_legal, child_id = self._legal_after(legal, legal_id, guess,
                                                      keys[keys[n + first]])
            answer = self._can_finish(child, left_after, child_legal, child_id)
            if answer != YES:
                return answer
        return YES


cdef void _free_all(void* a, void* b, void* c, void* d) noexcept nogil:
    free(a)
    free(b)
    free(c)
    free(d)


cdef int _compare(const void* a, const void* b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t*> a)[0], y = (<const uint64_t*> b)[0]
    return (x > y) - (x < y)
