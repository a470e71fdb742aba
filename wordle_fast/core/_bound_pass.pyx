# cython: language_level=3
"""The exact searcher's second layer: one-level bounds of whole sets, by scans
that stop early, with no Python objects (the bound pass runs on threads).

* ``_set_bound``: a proven lower bound on T(S, d) over a list of guesses in
  decreasing reach, as the search would start it (closed forms, then the
  best one-level bound of _bound.pxd), the scan stopping where no guess left
  can do better, or where the caller needs no better.
* The bound pass over openers (``opener_bounds``, ``bucket_bounds``): every
  bucket of an opener over every answer bounded so, largest first, on the
  searcher's threads, the buckets that several openers share bounded once.
* Normal mode's scan of a guess's buckets before any is searched
  (``_scan_children``), which the search (_search.pyx) asks.
* After a guess's buckets are searched, memo bounds for the unions of
  buckets whose patterns differ at one position (``_note_unions``): the
  buckets of the guesses with a dead letter there.
"""

import numpy as np

from cython.parallel cimport parallel, prange
from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.stdlib cimport free, malloc, qsort
from libc.string cimport memset

from wordle_fast.core._bound cimport INFEASIBLE, least_bound, small_set_value
from wordle_fast.core._legal cimport MODE_HARD, MODE_OFF, filter_legal
from wordle_fast.core._scans cimport (BLOCK, compare_keys, distinct_bucket_ids, guess_bounds,
                                 guess_bounds_columns, most_splits, order_by_count)
from wordle_fast.core._memo cimport Fingerprint, SetHash
from wordle_fast.core._search_base cimport (CHECK_EVERY, CHILD_KEYED, Child, Frame, Scratch,
                                       SearchBase, memo_exact, memo_value)
from wordle_fast.core._typedefs cimport intp_t


cdef extern from "_atomic.h":
    int64_t wf_load_shared(const int64_t* p) noexcept nogil
    void wf_store_shared(int64_t* p, int64_t v) noexcept nogil


cdef class BoundPass(SearchBase):
    """The bounds of sets, openers and unions (see ``ExactSearcher``)."""

    def opener_bounds(self, rows, int depth, int64_t threshold=INFEASIBLE - 1,
                      bint with_buckets=False):
        """A proven lower bound on the total guesses with each guess row in
        ``rows`` played first (from every answer, ``depth`` guesses in all):
        n plus, for each of its buckets, the bound ``bucket_bounds`` gives.
        Buckets are bounded largest first, and an opener stops as soon as its
        bound passes ``threshold`` (the smaller bound is still proven). A
        value of UNSOLVABLE or more: the opener cannot finish in time. The
        openers are shared out over the searcher's threads, one each.

        ``with_buckets``: also return, for each opener, what
        ``bucket_bounds`` would (so that a search of the openers left need
        not bound their buckets again); past the threshold, the buckets
        not reached keep their least bound 2s - 1."""
        rows = self._opener_rows(rows)
        cdef Py_ssize_t i, n_rows = rows.shape[0]
        cdef Py_ssize_t width = self.matrix.n_patterns if with_buckets else 1
        out = np.empty(n_rows, dtype=np.int64)
        # one row of (codes, sizes, bounds) per opener, when asked for
        codes = np.zeros((n_rows, width), dtype=np.int64)
        sizes = np.zeros((n_rows, width), dtype=np.int64)
        bounds = np.zeros((n_rows, width), dtype=np.int64)
        n_buckets = np.zeros(n_rows, dtype=np.intp)
        cdef const intp_t[::1] row_view = rows
        cdef int64_t[::1] out_view = out
        cdef int64_t[:, ::1] code_view = codes
        cdef int64_t[:, ::1] size_view = sizes
        cdef int64_t[:, ::1] bound_view = bounds
        cdef Py_ssize_t[::1] count_view = n_buckets
        cdef Scratch* scratch
        cdef int threads = self.n_threads
        if n_rows == 0:
            return (out, []) if with_buckets else out
        self._prepare_reach()
        # Openers with the same letters leave some of the same buckets (the
        # all-gray one, and those where only letters in the same places
        # show): each distinct bucket is bounded once (byte codes; callers
        # put such openers in one call). In hard mode only the all-gray
        # buckets: the rule after any other pattern depends on the opener.
        cdef int32_t* ids = NULL          # [n_rows, n_patterns] distinct bucket number, or -1
        cdef int64_t* shared = NULL       # [distinct buckets] its bound, -1 until computed
        cdef Py_ssize_t n_distinct = 0
        if (self.rule.mode_id in (MODE_OFF, MODE_HARD) and self.matrix.matrix8 != NULL
                and n_rows > 1):
            ids = <int32_t*> malloc(n_rows * self.matrix.n_patterns * sizeof(int32_t))
            if ids == NULL:
                raise MemoryError()
            with nogil:
                n_distinct = distinct_bucket_ids(self.matrix.matrix8, self.matrix.n_answers,
                                                 self.matrix.n_patterns, self.rule.mode_id,
                                                 &row_view[0], n_rows, ids)
            if n_distinct >= 0:
                shared = <int64_t*> malloc(max(n_distinct, 1) * sizeof(int64_t))
            if shared == NULL:
                free(ids)
                raise MemoryError()
            for i in range(n_distinct):
                shared[i] = -1
        try:
            with nogil, parallel(num_threads=threads):
                scratch = self._new_scratch()
                for i in prange(n_rows, schedule="dynamic"):
                    if scratch == NULL:
                        out_view[i] = -1
                    elif with_buckets:
                        out_view[i] = self._opener_bound(
                            row_view[i], depth, threshold, scratch, &bound_view[i, 0],
                            &size_view[i, 0], &code_view[i, 0], &count_view[i],
                            NULL if ids == NULL else ids + i * self.matrix.n_patterns, shared)
                    else:
                        out_view[i] = self._opener_bound(
                            row_view[i], depth, threshold, scratch, NULL, NULL, NULL, NULL,
                            NULL if ids == NULL else ids + i * self.matrix.n_patterns, shared)
                self._free_scratch(scratch)
        finally:
            free(ids)
            free(shared)
        if n_rows and out.min() < 0:
            raise MemoryError("no memory for the bound pass")
        if not with_buckets:
            return out
        return out, [(codes[i, :k].copy(), sizes[i, :k].copy(), bounds[i, :k].copy())
                     for i, k in enumerate(n_buckets.tolist())]

    def distinct_buckets(self, rows):
        """What ``opener_bounds`` shares between the openers ``rows`` (byte
        codes): ``ids[i, code]``, a number for opener i's bucket ``code``
        (three answers or more, the all-green one aside; in hard mode only
        the all-gray one, in strict mode none), the same for buckets of the
        same answers; -1 for the other codes."""
        if self.matrix.matrix8 == NULL:
            raise ValueError("only for byte codes (3 ** length <= 256)")
        rows = self._opener_rows(rows)
        ids = np.empty((rows.shape[0], self.matrix.n_patterns), dtype=np.int32)
        if rows.shape[0] == 0:
            return ids
        cdef const intp_t[::1] row_view = rows
        cdef int32_t[:, ::1] id_view = ids
        cdef Py_ssize_t n_distinct, n_rows = rows.shape[0]
        with nogil:
            n_distinct = distinct_bucket_ids(self.matrix.matrix8, self.matrix.n_answers,
                                             self.matrix.n_patterns, self.rule.mode_id,
                                             &row_view[0], n_rows, &id_view[0, 0])
        if n_distinct < 0:
            raise MemoryError()
        return ids

    def bucket_bounds(self, Py_ssize_t opener, int depth):
        """The buckets of ``opener`` over every answer, largest first, the
        all-green one left out: ``(codes, sizes, bounds)``. Each bound is a
        proven lower bound on the bucket's total with ``depth - 1`` guesses
        left: exact for one or two words and where a candidate splits the
        bucket apart (2s - 1) or leaves one pair (2s); else the larger of
        2s - 1 and the least 3s - k - [candidate] over the guesses the rule
        still allows. UNSOLVABLE: the bucket cannot be finished in time."""
        if not 0 <= opener < self.matrix.n_guesses:
            raise ValueError(f"opener row must lie in 0..{self.matrix.n_guesses - 1}")
        codes = np.zeros(self.matrix.n_patterns, dtype=np.int64)
        sizes = np.zeros(self.matrix.n_patterns, dtype=np.int64)
        bounds = np.zeros(self.matrix.n_patterns, dtype=np.int64)
        cdef int64_t[::1] code_view = codes
        cdef int64_t[::1] size_view = sizes
        cdef int64_t[::1] bound_view = bounds
        cdef Py_ssize_t n_buckets = 0
        self._prepare_reach()
        cdef Scratch* scratch = self._new_scratch()
        if scratch == NULL:
            raise MemoryError()
        with nogil:
            self._opener_bound(opener, depth, INFEASIBLE, scratch, &bound_view[0],
                               &size_view[0], &code_view[0], &n_buckets)
            self._free_scratch(scratch)
        return codes[:n_buckets], sizes[:n_buckets], bounds[:n_buckets]

    cdef int64_t _set_bound(self, const intp_t* members, Py_ssize_t n, int depth,
                            const intp_t* rows, Py_ssize_t n_rows, Scratch* scratch,
                            const int64_t* reach=NULL, Py_ssize_t most=-1,
                            int64_t enough=-1, int64_t ceiling=INFEASIBLE,
                            bint by_place=False) noexcept nogil:
        # A proven lower bound on T(members, depth) over the guesses `rows`
        # (in decreasing reach), as _search would start it: closed forms
        # first, then the best per-guess bound 3n - k - [candidate], the
        # scan stopping where the reach left cannot beat it, or where the
        # bound is down to `enough` (the caller needs no lower one), or where
        # no guess left can come below `ceiling` (the caller needs no higher
        # one: then the bound returned is `ceiling`). `most`: the most
        # buckets a candidate makes, if the caller knows it, or a count a
        # candidate makes at least (most_splits not exact: the scan then
        # stops later, at the same bound). `by_place`:
        # `rows` name places in by_reach (columns of columns_by_reach), and
        # `reach` is indexed by place.
        cdef Py_ssize_t block, first, last
        cdef int64_t best = small_set_value(n, depth)
        if reach == NULL:
            reach = self.reach
        if best >= 0:
            return best
        best = INFEASIBLE
        if self.matrix.columns8 != NULL:
            # every candidate is legal, and the best of them bounds the scan
            # (past 128 members, where this pass over candidate pairs cost
            # more than the scan it saves, the scan finds them as guesses)
            if most < 0:
                most = (most_splits(self.matrix.matrix8, self.matrix.n_answers, self.answer_rows,
                                    members, n, True) if n <= 128 else 0)
            if self.switches.closed_forms and most == n:
                return 2 * n - 1
            if self.switches.closed_forms and most == n - 1 and depth >= 3:
                return 2 * n
            if depth > 2 or most == n:
                best = 3 * n - most - 1
            best = min(best, ceiling)
            for block in range((n_rows + BLOCK - 1) // BLOCK):
                first, last = block * BLOCK, min(n_rows, (block + 1) * BLOCK)
                if depth > 2 and 3 * n - min(n, reach[rows[first]]) - 1 >= best:
                    break
                if depth == 2 and reach[rows[first]] < n:
                    break
                if rows == self.by_reach and self.columns_by_reach != NULL:
                    guess_bounds_columns(self.columns_by_reach, self.matrix.n_guesses, first, last,
                                         NULL, members, n, self.matrix.all_green, scratch.bound,
                                         scratch.buckets, self.lanes)
                else:
                    guess_bounds_columns(self.columns_by_reach if by_place
                                         else self.matrix.columns8,
                                         self.matrix.n_guesses, first, last, rows, members, n,
                                         self.matrix.all_green, scratch.bound, scratch.buckets,
                                         self.lanes)
                best = least_bound(scratch.bound, scratch.buckets, first, last, n, depth <= 2,
                                   best)
                if best <= 2 * n - (most == n) or best <= enough:
                    break       # no guess does better (see _search), or none need
        else:
            guess_bounds(self.matrix.matrix16, self.matrix.n_answers, n_rows, rows, members, n,
                         self.matrix.all_green, scratch.seen, &scratch.stamp, scratch.bound,
                         scratch.buckets)
            best = least_bound(scratch.bound, scratch.buckets, 0, n_rows, n, depth <= 2, best)
        if best >= INFEASIBLE:
            return INFEASIBLE
        return max(best, 2 * n - 1)

    cdef int64_t _opener_bound(self, Py_ssize_t opener, int depth, int64_t threshold,
                               Scratch* scratch, int64_t* bounds_out, int64_t* sizes_out,
                               int64_t* codes_out, Py_ssize_t* n_out,
                               const int32_t* ids=NULL, int64_t* shared=NULL) noexcept nogil:
        # n + the sum of _set_bound over the opener's buckets, largest first,
        # stopping once past `threshold`; the *_out arrays (if not NULL) get
        # each bucket's code, size and bound (2s - 1 for those not reached).
        # `ids`, `shared` (or NULL): this opener's row of _distinct_buckets,
        # and the bounds of the distinct buckets found so far.
        cdef Py_ssize_t n = self.matrix.n_answers, a, code, b, n_buckets = 0, size, start, n_rows
        cdef Py_ssize_t shared_id
        cdef int64_t total = n, value
        cdef const intp_t* rows = NULL
        memset(scratch.counts, 0, (self.matrix.n_patterns + 1) * sizeof(Py_ssize_t))
        for a in range(n):
            scratch.counts[self._code(opener, a) + 1] += 1
        for code in range(self.matrix.n_patterns):
            size = scratch.counts[code + 1]
            if size and code != self.matrix.all_green:
                scratch.order[n_buckets] = (<uint64_t> (n - size) << 32) | <uint64_t> code
                n_buckets += 1
                total += 2 * size - 1
            scratch.counts[code + 1] += scratch.counts[code]   # now: where each code starts
        for a in range(n):
            code = self._code(opener, a)
            scratch.grouped[scratch.counts[code]] = a
            scratch.counts[code] += 1          # afterwards: where each code ends
        qsort(scratch.order, n_buckets, sizeof(uint64_t), compare_keys)
        if n_out != NULL:
            n_out[0] = n_buckets
            for b in range(n_buckets):
                size = n - <Py_ssize_t> (scratch.order[b] >> 32)
                codes_out[b] = <int64_t> (scratch.order[b] & 0xFFFFFFFFU)
                sizes_out[b], bounds_out[b] = size, 2 * size - 1
        # (An opener that leaves everyone in one bucket is bounded like any
        # other: n plus the bound of the whole set with one guess fewer.)
        for b in range(n_buckets):
            size = n - <Py_ssize_t> (scratch.order[b] >> 32)
            code = <Py_ssize_t> (scratch.order[b] & 0xFFFFFFFFU)
            start = scratch.counts[code] - size
            shared_id = ids[code] if ids != NULL else -1
            value = wf_load_shared(&shared[shared_id]) if shared_id >= 0 else -1
            if value < 0:
                n_rows, rows = self.matrix.n_guesses, self.by_reach
                if self.rule.mode_id != MODE_OFF and size > 2:
                    # filtering keeps the order: the legal rows, in decreasing reach
                    n_rows = filter_legal(self.rule.mode_id, self.rule.letters,
                                          self.rule.letter_counts, self.matrix.length,
                                          self.by_reach, self.matrix.n_guesses, opener, code,
                                          scratch.rows)
                    rows = scratch.rows
                value = self._set_bound(scratch.grouped + start, size, depth - 1, rows, n_rows,
                                        scratch)
                if shared_id >= 0:
                    wf_store_shared(&shared[shared_id], value)
            if bounds_out != NULL:
                bounds_out[b] = value
            if value >= INFEASIBLE:
                return INFEASIBLE
            total += value - (2 * size - 1)
            if total > threshold:
                return total
        return total

    cdef int64_t _scan_children(self, Frame* f, int64_t budget, int64_t total,
                                reach) except -2:
        # Normal mode: every bucket still open (nothing in the memo) gets its
        # one-level bound from a scan, the first step of its search, before
        # any is searched: buckets further on then refute the guess before
        # the first is searched with the guess's slack (which cost the most
        # in the tail: QUAGS 0.28x, AMAZE 0.29x; benchmarks/LOG.md). The
        # scan goes by the guesses' bucket counts over this set (`reach`,
        # as _search's), and stops where no guess left could bring the
        # bucket's bound under what refutes the guess. Noted in the memo.
        cdef Child* children = f.children
        cdef int depth = f.depth - 1        # the buckets'
        cdef Py_ssize_t b, size, start, open_buckets = 0
        cdef int64_t floor
        for b in range(f.n_buckets):
            if children[b].state == CHILD_KEYED and children[b].entry < 0:
                open_buckets += 1
        if open_buckets < 2:
            return total
        if self.scan_scratch == NULL:
            self._prepare_reach()
            self.scan_scratch = self._new_scratch()
            self.scan_rows = <intp_t*> malloc(self.matrix.n_guesses * sizeof(intp_t))
            self.scan_counts = <int64_t*> malloc(self.matrix.n_guesses * sizeof(int64_t))
            if self.scan_scratch == NULL or self.scan_rows == NULL or self.scan_counts == NULL:
                raise MemoryError()
        cdef const int64_t[::1] reach_view
        cdef const int64_t* counts = self.reach
        cdef const intp_t* rows = self.by_reach
        cdef Py_ssize_t place
        # The guesses go by their count over this set, each named by its
        # place in the reach order over every answer, a column of
        # columns_by_reach, where that copy exists: the guesses the set
        # counts high are mostly early there too, so a block of them reads
        # fewer cache lines of each member's codes than the same guesses
        # spread over the matrix (0.92x in all on twelve nyt2023 openers;
        # these scans were two thirds of the normal table's time). Else
        # (hard mode with the switch forced, codes of two bytes) by row.
        cdef bint by_place = reach is not None and self.columns_by_reach != NULL
        if reach is not None:
            reach_view = reach
            rows = self.scan_rows
            counts = self.scan_counts if by_place else &reach_view[0]
            if reach is not self.scan_reach:
                if by_place:
                    for place in range(self.matrix.n_guesses):
                        self.scan_counts[place] = reach_view[self.by_reach[place]]
                order_by_count(counts, self.matrix.n_guesses, self.matrix.n_patterns,
                               self.scan_rows, self.scan_scratch.counts)
                self.scan_reach = reach
        for b in range(f.n_buckets):
            if children[b].state != CHILD_KEYED or children[b].entry >= 0:
                continue
            size = self._bucket_size(f.by_size[b], f.n)
            start = <Py_ssize_t> (f.by_size[b] & 0xFFFFFFFFU)
            floor = self._set_bound(f.grouped + start, size, depth, rows, self.matrix.n_guesses,
                                    self.scan_scratch, counts, children[b].most,
                                    children[b].lower, children[b].lower + budget - total + 1,
                                    by_place)
            self.scans += 1
            if self.scans & (CHECK_EVERY - 1) == 0:
                self._check_in()
            if floor <= children[b].lower:
                continue
            # above the bucket's least cost (2s - 1 or more): a bound, never
            # exact (and never above INFEASIBLE: _set_bound caps it there)
            self._note(children[b].key, f.grouped + start, size, depth, None, floor, False, 0)
            total += floor - children[b].lower
            f.known[b] = children[b].lower = floor
            children[b].entry = floor << 1
            if total > budget:
                return total
        return total

    cdef _note_unions(self, const Frame* f, legal, bytes context):
        # Memo lower bounds (at the buckets' depth) for the unions of a
        # guess's buckets whose patterns differ at one position only. Such a union is the
        # bucket of a guess with a dead letter there instead (one no
        # candidate holds), and the long tail of guesses a search refutes
        # is full of those. A strategy for a set plays each of its subsets
        # too, so T(A + B) >= T(A) + T(B) under one legal list. In hard mode
        # only the bucket gray at that position has the union's rule state
        # (a gray adds nothing to the rule): it counts its value, the others
        # their least 2s - 1. A union's key comes from its parts' sums
        # (children[b].sum); `grouped` holds the buckets' members, merged
        # into its second half only for a memo that keeps its keys. (Unions
        # over two positions as well cut 0.5% of the states and cost 25%
        # more time: not done.)
        cdef const uint64_t* keys = f.keys
        cdef intp_t* grouped = f.grouped
        cdef const uint64_t* by_size = f.by_size
        cdef const int64_t* known = f.known
        cdef const Child* children = f.children
        cdef Py_ssize_t n_buckets = f.n_buckets
        cdef Py_ssize_t n = f.n
        cdef Py_ssize_t guess = f.guess
        cdef int depth = f.depth - 1        # the buckets'
        if legal is not None and self.rule.mode_id != MODE_HARD:
            return
        cdef intp_t* merged = grouped + n
        cdef Py_ssize_t b, i, t, p, weight, base, count, size, union_size, code, other, digit
        cdef Py_ssize_t parts[3]
        cdef int64_t value, entry
        cdef int32_t slot, gray
        cdef Fingerprint key
        cdef SetHash union_sum
        for b in range(n_buckets):
            self.bucket_of[keys[by_size[b] & 0xFFFFFFFFU] >> 32] = <int32_t> (b + 1)
        try:
            for b in range(n_buckets):
                # A union is worth noting only if a part is known above 2s
                # (hard mode: the gray part, above 2s + 1): the groups are
                # visited from such parts, most buckets are not.
                if known[b] - 2 * self._bucket_size(by_size[b], n) < (1 if legal is None else 2):
                    continue
                code = <Py_ssize_t> (keys[by_size[b] & 0xFFFFFFFFU] >> 32)
                for i in range(self.matrix.length):
                    weight = self.digit_values[i]
                    digit = (code // weight) % 3
                    if legal is not None and digit != 0:
                        continue
                    base = code - digit * weight   # gray at position i
                    # the group's buckets; noted once, from its first such part
                    count = 0
                    for t in range(3):
                        other = base + t * weight
                        slot = self.bucket_of[other]
                        if other == self.matrix.all_green:
                            count = -1      # the guess itself would be in the union
                            break
                        if slot == 0:
                            continue
                        size = self._bucket_size(by_size[slot - 1], n)
                        if (legal is None and other != code and t < digit
                                and known[slot - 1] - 2 * size >= 1):
                            count = -1      # an earlier part visits this group
                            break
                        parts[count] = slot - 1
                        count += 1
                    gray = self.bucket_of[base]
                    if count < 2:
                        continue
                    value, union_size = 0, 0
                    union_sum.a = union_sum.b = 0
                    for p in range(count):
                        size = self._bucket_size(by_size[parts[p]], n)
                        union_size += size
                        union_sum.a += children[parts[p]].sum.a
                        union_sum.b += children[parts[p]].sum.b
                        if legal is None or parts[p] == gray - 1:
                            value += known[parts[p]]
                        else:
                            value += 2 * size - 1
                    if value <= 2 * union_size:
                        continue        # no more than a search's first look finds
                    if self.memo.keys is not None:
                        self._merge_parts(f, parts, count, merged)
                    union_context = (None if legal is None
                                     else self._hard_context_after(context, guess, base))
                    key = self._key_of_sum(union_sum, union_size, depth, union_context)
                    entry = self.memo.find(key)
                    if value >= INFEASIBLE:
                        self._note(key, merged, union_size, depth, union_context, INFEASIBLE,
                                   True, 0)
                    elif entry < 0 or (not memo_exact(entry) and memo_value(entry) < value):
                        self._note(key, merged, union_size, depth, union_context, value, False, 0)
        finally:
            for b in range(n_buckets):
                self.bucket_of[keys[by_size[b] & 0xFFFFFFFFU] >> 32] = 0

    cdef void _merge_parts(self, const Frame* f, const Py_ssize_t* parts, Py_ssize_t count,
                           intp_t* merged) noexcept nogil:
        # The members of `count` buckets (by their place in by_size), merged
        # in order into `merged`: a union's, for a memo that keeps its keys.
        cdef Py_ssize_t p, t, pick, union_size = 0
        cdef Py_ssize_t at[3]
        cdef Py_ssize_t ends[3]
        for p in range(count):
            at[p] = <Py_ssize_t> (f.by_size[parts[p]] & 0xFFFFFFFFU)
            ends[p] = at[p] + self._bucket_size(f.by_size[parts[p]], f.n)
            union_size += ends[p] - at[p]
        for t in range(union_size):
            pick = -1
            for p in range(count):
                if at[p] < ends[p] and (pick < 0 or f.grouped[at[p]] < f.grouped[at[pick]]):
                    pick = p
            merged[t] = f.grouped[at[pick]]
            at[pick] += 1
