# cython: language_level=3
"""Exact play under a prior: ``WeightedSearcher``, the least expected guesses
as a whole-number total. Each answer ``a`` has a weight ``w(a)`` (0: not a
possible answer), and

    T(S, d) = W(S) + min over guesses g of sum over patterns r other than
              all-green of T(S_r, d - 1),      T({a}, d >= 1) = w(a),

the sum over the answers of weight x guesses (every weight 1: the uniform
total of _search.pyx). It is the uniform search's frame on the searcher's
first layer (_search_base.pyx: the lists, the memo and its keys, the legal
lists, the scans): depth-first with a budget, a result exact when within
it, else a lower bound above it, memoized by (set, depth, rule context).
The weighted bounds, proven in docs/exact.md and each held to the brute
force (tests/test_weighted_search.py):

* a set of mass W whose heaviest word weighs m costs at least 2W - m
  (exact for one or two words);
* a guess costs at least W plus 2W_B - m_B for each bucket B but its own:
  its one-level bound. A weaker form from the uniform scan's bucket counts
  k (k buckets' heaviest words weigh no more than the set's k heaviest)
  sorts the guesses out first; only those it leaves within the budget get
  the exact bound, a pass each;
* with two guesses left only a guess that splits the set apart finishes;
* a set no guess splits but by naming a word is found one word at a time,
  heaviest first: sum of i x w_i;
* in the hard modes the endgame bound (_endgame.pyx) holds as it is.

Guesses go in order of their bound, until it reaches the best found; a
guess's buckets are bounded by the memo, then searched one at a time
(heaviest first in normal mode; lightest first in the hard modes, each
probed at its own bound first), with the budget the others' bounds leave.
"""

import numpy as np

from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free, malloc, qsort

from wordle_fast.core._bound cimport INFEASIBLE, only_singles
from wordle_fast.core._legal cimport MODE_HARD, MODE_OFF
from wordle_fast.core._memo cimport Fingerprint
from wordle_fast.core._scans cimport compare_keys
from wordle_fast.core._search_base cimport (CHECK_EVERY, SearchBase, effort_weight, memo_exact,
                                            memo_value)
from wordle_fast.core._typedefs cimport intp_t

from wordle_fast.core._search_base import DEFAULT_MEMO_ENTRIES, sorted_members

# A set's mass stays below this, so that mass x guesses stays below INFEASIBLE.
cdef int64_t MASS_CAP = INFEASIBLE >> 8
MASS_LIMIT = MASS_CAP


cdef class WeightedSearcher(SearchBase):
    """T(S, d) under a prior: the least total of weight x guesses, with a memo.

    ``weights``: a whole number per answer (0: not a possible answer; the
    members given are filtered so), at least one above 0, their sum below
    ``MASS_LIMIT``. Every other argument and every method are
    ``ExactSearcher``'s, with totals and bounds in weight units: a bucket's
    least total is 2W - m (its mass W, its heaviest word m), a guess's
    one-level bound W plus that of each of its buckets but its own.
    """

    cdef Prior prior
    cdef object weight_obj, row_weight_obj, peak_obj    # the arrays `prior` points into
    cdef readonly int64_t total_weight

    def __init__(self, matrix, Py_ssize_t length, answer_rows, weights,
                 Py_ssize_t max_entries=DEFAULT_MEMO_ENTRIES, n_threads=None, str mode="off",
                 guess_letters=None, *, bint keep_keys=False, lanes=None):
        SearchBase.__init__(self, matrix, length, answer_rows, max_entries, n_threads, mode,
                            guess_letters, keep_keys=keep_keys, lanes=lanes)
        given = np.asarray(weights)
        if given.shape != (self.matrix.n_answers,):
            raise ValueError(f"weights must give one whole number per answer "
                             f"({self.matrix.n_answers}), got shape {given.shape}")
        if given.dtype.kind not in "iu" and not np.array_equal(given, np.round(given)):
            raise ValueError("weights must be whole numbers (scale real weights first: "
                             "wordle_fast.priors.make_prior gives Prior.integers)")
        self.weight_obj = np.ascontiguousarray(given, dtype=np.int64)
        if (self.weight_obj < 0).any():
            raise ValueError("weights must be 0 or more (0: not a possible answer)")
        self.total_weight = int(self.weight_obj.sum())
        if not 0 < self.total_weight < MASS_LIMIT:
            raise ValueError(f"the weights must sum to between 1 and {MASS_LIMIT - 1}, "
                             f"got {self.total_weight}")
        self.prior.of = <const int64_t*> <size_t> self.weight_obj.ctypes.data
        self.row_weight_obj = np.full(self.matrix.n_guesses, -1, dtype=np.int64)
        self.prior.by_row = <int64_t*> <size_t> self.row_weight_obj.ctypes.data
        self.peak_obj = np.zeros(self.matrix.n_patterns, dtype=np.int64)
        self.prior.peak = <int64_t*> <size_t> self.peak_obj.ctypes.data

    @property
    def weights(self):
        return self.weight_obj.copy()

    # -- the methods Python calls (ExactSearcher's) -------------------------------------

    def solve(self, members, int depth, int64_t budget=INFEASIBLE, legal=None, after=None):
        """T(S, depth) if at most ``budget``, else a lower bound above it
        (``after``: see ``ExactSearcher.solve``)."""
        members = self._members_of(members)
        if members.shape[0] == 0:
            return 0
        self.memo.new_generation()
        legal, context = self._legal_and_context(members, legal, after)
        cdef const intp_t[::1] view = members
        return self._solve(&view[0], members.shape[0], depth, budget, legal, context)

    def lower_bound(self, members, int depth, legal=None):
        """A cheap proven lower bound on T(S, depth): the memo's, else the
        best one-level bound (no search)."""
        members = self._members_of(members)
        if members.shape[0] == 0:
            return 0
        legal = self._legal_now(legal, members)
        cdef const intp_t[::1] view = members
        cdef int64_t entry = self.memo.find(self._key(&view[0], view.shape[0], depth,
                                                      self._root_context(legal)))
        return max(self._set_bound(members, depth, legal), 0 if entry < 0 else memo_value(entry))

    def guess_bounds(self, members, legal=None):
        """``(bounds, buckets)`` of every legal guess over the set, in the
        order of ``legal``: the buckets it makes and its one-level bound
        (UNSOLVABLE for a guess that learns nothing)."""
        members = self._members_of(members)
        legal = self._legal_now(legal, members)
        if members.shape[0] == 0:
            raise ValueError("no candidates")
        cdef const intp_t[::1] view = members
        bounds, buckets, _, _ = self._guess_bounds(&view[0], members.shape[0], legal,
                                                   INFEASIBLE)
        return bounds, buckets

    def best_guess(self, members, int depth, legal=None):
        """An optimal guess row for the set (it must be solvable in ``depth``)."""
        members = self._members_of(members)
        legal = self._legal_now(legal, members)
        cdef const intp_t[::1] view = members
        cdef Py_ssize_t n = members.shape[0]
        if n == 0:
            raise ValueError("no candidates")
        value = self._solve(&view[0], n, depth, INFEASIBLE - 1, legal, self._root_context(legal))
        if value >= INFEASIBLE:
            raise ValueError(f"{n} candidates cannot be solved within {depth} guesses")
        return self._optimal_guess(members, depth, value, legal)

    def bucket_bounds(self, Py_ssize_t opener, int depth):
        """The buckets of ``opener`` over the possible answers, heaviest
        first, the all-green one left out: ``(codes, sizes, bounds)``, each
        bound a proven lower bound on the bucket's total with ``depth - 1``
        guesses left (the best one-level bound over the guesses the rule
        allows, at least 2W - m; UNSOLVABLE: it cannot finish in time)."""
        if not 0 <= opener < self.matrix.n_guesses:
            raise ValueError(f"opener row must lie in 0..{self.matrix.n_guesses - 1}")
        _, buckets = self._opener_bound(opener, depth, INFEASIBLE - 1, None)
        return buckets

    def opener_bounds(self, rows, int depth, int64_t threshold=INFEASIBLE - 1,
                      bint with_buckets=False):
        """A proven lower bound on the total with each guess row in ``rows``
        played first: W plus each bucket's ``bucket_bounds`` bound, the
        buckets bounded heaviest first and an opener stopped as soon as its
        bound passes ``threshold`` (the buckets not reached keep 2W - m).
        A bucket that several openers of ``rows`` share (in normal mode any;
        in hard mode the all-gray one) is bounded once."""
        rows = self._opener_rows(rows)
        out = np.empty(rows.shape[0], dtype=np.int64)
        buckets, shared = [], {}
        for i, row in enumerate(rows.tolist()):
            out[i], its_buckets = self._opener_bound(row, depth, threshold, shared)
            buckets.append(its_buckets)
        return (out, buckets) if with_buckets else out

    cdef tuple _opener_bound(self, Py_ssize_t opener, int depth, int64_t threshold,
                             dict shared):
        # (bound, (codes, sizes, bounds)) of an opener over the possible
        # answers: each bucket at 2W - m, then raised to its best one-level
        # bound, heaviest first, until the total passes `threshold`.
        # `shared`: bounds by set, for the buckets any opener leaves alike.
        everyone = self._members_of(np.arange(self.matrix.n_answers))
        codes = self.matrix_obj[opener, everyone].astype(np.int64)
        by_code = np.argsort(codes, kind="stable")
        found, starts = np.unique(codes[by_code], return_index=True)
        groups = np.split(everyone[by_code], starts[1:])
        masses = [int(self.weight_obj[group].sum()) for group in groups]
        order = sorted((b for b in range(len(groups)) if found[b] != self.matrix.all_green),
                       key=lambda b: (-masses[b], found[b]))
        # (2W - m bounds every set, and is T of one or two words with guesses to spare)
        bounds = np.array([INFEASIBLE if depth < 2 or (depth == 2 and groups[b].shape[0] > 1)
                           else 2 * masses[b] - int(self.weight_obj[groups[b]].max())
                           for b in order], dtype=np.int64)
        total = self.total_weight + int(bounds.sum())
        legal = self._legal_now(None)
        for place, b in enumerate(order):
            if total > threshold or total >= INFEASIBLE:
                break
            members, key, value = groups[b], None, None
            if members.shape[0] > 2 and shared is not None and (
                    legal is None or (self.rule.mode_id == MODE_HARD and found[b] == 0)):
                key = members.tobytes()
                value = shared.get(key)
            if value is None:
                value = self._set_bound(members, depth - 1, None if members.shape[0] <= 2
                                        else self._legal_after(legal, opener, int(found[b])))
                if key is not None:
                    shared[key] = value
            total += value - int(bounds[place])
            bounds[place] = value
        sizes = np.array([groups[b].shape[0] for b in order], dtype=np.int64)
        if bounds.max(initial=0) >= INFEASIBLE:
            total = INFEASIBLE
        return total, (found[order].astype(np.int64), sizes, bounds)

    # -- the search ---------------------------------------------------------------------

    cdef object _members_of(self, members):
        # The members checked and sorted, those of weight 0 left out.
        members = sorted_members(members, self.matrix.n_answers)
        return np.ascontiguousarray(members[self.weight_obj[members] > 0])

    cdef tuple _level_bounds(self, members, legal, int64_t budget):
        cdef const intp_t[::1] view = members
        bounds, buckets, _, _ = self._guess_bounds(&view[0], members.shape[0], legal, budget)
        return bounds, buckets

    cdef int64_t _learns_nothing_bound(self, members) except -1:
        cdef const intp_t[::1] view = members
        return (weighted_mass(&self.prior, &view[0], view.shape[0])
                + weighted_least(&self.prior, &view[0], view.shape[0]))

    cdef int64_t _set_bound(self, members, int depth, legal) except -1:
        # What a search would first know of T(members, depth): the least
        # total, raised to the best one-level bound with guesses to spare
        # (with two left, only a guess that splits the set apart finishes,
        # at its bound). Exact bounds only in the order of the weak ones,
        # until the weak one reaches the best found: the least weak bound's
        # guess first, then those below its exact bound (every guess's
        # exact bound was 8x a uniform scan on SALET's buckets; sorting
        # every guess, a third of the bound pass).
        cdef const intp_t[::1] view = members
        cdef Py_ssize_t n = members.shape[0], i, j, row, phase
        cdef int64_t least = weighted_small(&self.prior, &view[0], n, depth)
        if least >= 0:
            return least
        least = weighted_least(&self.prior, &view[0], n)
        weak, buckets, _, _ = self._guess_bounds(&view[0], n, legal, -1)
        if depth == 2:
            weak[buckets != n] = INFEASIBLE
        cdef const int64_t[::1] weak_view = weak
        cdef const intp_t[::1] order, legal_view
        if legal is not None:
            legal_view = legal
        cdef int64_t best = INFEASIBLE, mass = weighted_mass(&self.prior, &view[0], n)
        for j in range(n):
            self.prior.by_row[self.answer_rows[view[j]]] = self.prior.of[view[j]]
        try:
            for phase in range(2):
                order = (np.argmin(weak, keepdims=True) if phase == 0 else np.ascontiguousarray(
                    np.flatnonzero(weak < best)[np.argsort(weak[weak < best], kind="stable")]))
                for i in range(order.shape[0]):
                    if weak_view[order[i]] >= best or best <= least:
                        break
                    row = order[i] if legal is None else legal_view[order[i]]
                    best = min(best, self._level_bound(&view[0], n, row, mass,
                                                       self.prior.by_row[row]))
        finally:
            for j in range(n):
                self.prior.by_row[self.answer_rows[view[j]]] = -1
        return min(best if depth == 2 else max(best, least), INFEASIBLE)

    cdef int64_t _cost_of(self, members, Py_ssize_t guess, int depth, int64_t budget,
                          legal) except -1:
        cdef const intp_t[::1] view = members
        return self._guess_cost(&view[0], view.shape[0], guess, depth, budget, legal,
                                self._root_context(legal))

    cdef int64_t _solve(self, const intp_t* members, Py_ssize_t n, int depth, int64_t budget,
                        legal, bytes context, Py_ssize_t guess=-1, Py_ssize_t code=0,
                        reach=None) except -1:
        # As _search.pyx's _solve: in hard mode the set's legal list may still
        # be owed (`legal` filtered by `guess` showing `code`, guess >= 0);
        # `reach`: see _guess_bounds.
        cdef int64_t small = weighted_small(&self.prior, members, n, depth)
        if small >= 0:
            return small
        cdef int64_t least = weighted_least(&self.prior, members, n)
        if least > budget:
            return least
        cdef Fingerprint key = self._key(members, n, depth, context)
        cdef int64_t entry = self.memo.find(key)
        if entry >= 0:
            self.memo_hits += 1
            if memo_exact(entry) or memo_value(entry) > budget:
                return memo_value(entry)
        self.states += 1
        if self.states & (CHECK_EVERY - 1) == 0:
            self._check_in()
        cdef Py_ssize_t work_before = self.states
        if guess >= 0:
            legal = self._legal_in_context(legal, guess, code, context)
        cdef int64_t result = self._search(members, n, depth, budget, legal, context, least,
                                           reach)
        cdef int effort = effort_weight(self.states - work_before + 1)
        if result <= budget:
            self._note(key, members, n, depth, context, result, True, effort)
        elif entry < 0 or result > memo_value(entry):
            self._note(key, members, n, depth, context, result, False, effort)
        return result

    cdef int64_t _search(self, const intp_t* members, Py_ssize_t n, int depth, int64_t budget,
                         legal, bytes context, int64_t least, reach=None) except -1:
        # The best guess's total within `budget` (else a lower bound above
        # it), for a set of three or more; `least`: its 2W - m; `reach`: see
        # _guess_bounds (its buckets here are the children's).
        if (self.endgame.of != NULL and legal is not None and depth >= 3 and n > depth
                and self._endgame_cut(members, n, depth, legal)):
            self.endgame_cuts += 1
            return INFEASIBLE
        bounds, buckets, rows, partial = self._guess_bounds(members, n, legal, budget, True,
                                                            reach)
        if rows is None:
            return self._chain(members, n, depth)
        cdef const int64_t[::1] bound_view = bounds
        cdef const int64_t[::1] bucket_view = buckets
        cdef const intp_t[::1] row_view = rows
        cdef Py_ssize_t n_rows = row_view.shape[0], i, position
        cdef int64_t floor = INFEASIBLE, best = budget + 1, cost
        for i in range(bound_view.shape[0]):
            if bound_view[i] < floor and (depth > 2 or bucket_view[i] == n):
                floor = bound_view[i]
        if partial and floor > budget:
            return budget + 1       # every guess not scanned is above the budget too
        if depth == 2 or floor >= INFEASIBLE:
            return min(floor, INFEASIBLE)       # with two left the bound is the cost
        floor = max(floor, least)
        if floor > budget:
            return floor
        order = np.argsort(bounds[rows], kind="stable")
        cdef const intp_t[::1] order_view = np.ascontiguousarray(order, dtype=np.intp)
        cdef char* work = <char*> malloc(n * (2 * sizeof(uint64_t) + sizeof(intp_t)
                                              + sizeof(Bucket)) + sizeof(Bucket))
        if work == NULL:
            raise MemoryError()
        try:
            for i in range(n_rows):
                position = row_view[order_view[i]]
                if bound_view[position] >= best:
                    break
                cost = self._guess_cost(members, n, position if legal is None
                                        else legal[position], depth, best - 1, legal,
                                        context, work, None if legal is not None else buckets)
                if cost < best:
                    best = cost
                    if best == bound_view[position]:
                        break   # reached its own lower bound, which no later guess beats
        finally:
            free(work)
        return best if best <= budget else max(best, floor)

    cdef int64_t _chain(self, const intp_t* members, Py_ssize_t n, int depth) except -1:
        # A set no guess splits but by naming a word: one word at a time,
        # heaviest first, sum of i x w_i (if the guesses left suffice).
        if depth < n:
            return INFEASIBLE
        masses = np.sort(self._weights_of(members, n))[::-1]
        return int((masses * np.arange(1, n + 1)).sum())

    cdef object _weights_of(self, const intp_t* members, Py_ssize_t n):
        return self.weight_obj[np.asarray(<intp_t[:n]> <intp_t*> members)]

    cdef tuple _guess_bounds(self, const intp_t* members, Py_ssize_t n, legal, int64_t budget,
                             bint chain=False, reach=None):
        # (bounds, buckets, kept, partial) of every legal guess over the set
        # (in the order of `legal`): the exact one-level bound for the
        # guesses whose weaker form from the bucket counts is within
        # `budget`, that weaker form for the others (both proven; UNSOLVABLE
        # for a guess that learns nothing), and the positions given the exact
        # bound. With `chain`, kept is None when the set can only be solved
        # one word at a time (see _chain). `reach` (normal mode, or None):
        # each guess's buckets over a superset, as _search.pyx's: a guess
        # whose count there keeps its weak bound above the budget is not
        # scanned (`partial`), its bound given as budget + 1 and its count as
        # the superset's (candidates are always scanned).
        member_array = np.asarray(<intp_t[:n]> <intp_t*> members)
        masses = np.sort(self.weight_obj[member_array])[::-1]
        heaviest = np.concatenate(([0], np.cumsum(masses)))   # the k heaviest words' mass
        cdef const int64_t[::1] top = heaviest
        cdef int64_t mass = top[n], named, bound
        scan = legal
        if reach is not None and budget < INFEASIBLE:
            need = int(np.searchsorted(heaviest, 3 * mass - budget))   # fewest buckets within
            if need >= 3:
                keep = reach >= need
                keep[self.answer_rows_obj[member_array]] = True
                scan = np.flatnonzero(keep)
                if 2 * scan.shape[0] > reach.shape[0]:
                    scan = legal       # most guesses stay: the full scan is as cheap
        uniform, counts, _ = self._all_bounds(members, n, scan)
        cdef const int64_t[::1] uniform_view = uniform
        cdef const int64_t[::1] bucket_view = counts
        cdef Py_ssize_t n_rows = bucket_view.shape[0], i, j, k, row, at
        cdef bint partial = scan is not legal
        if chain and not partial and only_singles(&uniform_view[0], &bucket_view[0], n_rows, n):
            return uniform, counts, None, False
        out = (np.full(self.matrix.n_guesses, budget + 1, dtype=np.int64) if partial
               else np.empty(n_rows, dtype=np.int64))
        buckets = reach.copy() if partial else counts
        if partial:
            buckets[scan] = counts
        cdef int64_t[::1] out_view = out
        exact_at = np.empty(n_rows, dtype=np.intp)
        cdef intp_t[::1] exact_view = exact_at
        cdef Py_ssize_t n_exact = 0
        cdef const intp_t[::1] scan_view
        if scan is not None:
            scan_view = scan
        for j in range(n):
            self.prior.by_row[self.answer_rows[members[j]]] = self.prior.of[members[j]]
        try:
            for i in range(n_rows):
                row = i if scan is None else scan_view[i]
                at = row if partial else i      # (partial: normal mode, positions are rows)
                k = bucket_view[i]
                named = self.prior.by_row[row]
                if k == 1 and named < 0:
                    out_view[at] = INFEASIBLE   # learns nothing: never optimal
                    continue
                # W, then 2W_B - m_B for each bucket but the guess's own:
                # the heaviest words of k distinct buckets weigh no more
                # than the set's k heaviest
                if named >= 0:
                    bound = 3 * mass - 2 * named - top[k - 1]
                else:
                    bound = 3 * mass - top[k]
                out_view[at] = bound
                if bound <= budget:
                    out_view[at] = self._level_bound(members, n, row, mass, named)
                    exact_view[n_exact] = at
                    n_exact += 1
        finally:
            for j in range(n):
                self.prior.by_row[self.answer_rows[members[j]]] = -1
        return out, buckets, exact_at[:n_exact], partial

    cdef int64_t _level_bound(self, const intp_t* members, Py_ssize_t n, Py_ssize_t guess,
                              int64_t mass, int64_t named) noexcept nogil:
        # W + sum over the buckets but the green one of 2W_B - m_B
        # = 3W - 2 w(guess) [if a candidate] - sum of each bucket's heaviest.
        cdef Py_ssize_t j, code
        cdef int64_t peaks = 0, w
        for j in range(n):
            code = self._code(guess, members[j])
            w = self.prior.of[members[j]]
            if code != self.matrix.all_green and w > self.prior.peak[code]:
                peaks += w - self.prior.peak[code]
                self.prior.peak[code] = w
        for j in range(n):
            self.prior.peak[self._code(guess, members[j])] = 0
        return 3 * mass - (2 * named if named >= 0 else 0) - peaks

    cdef int64_t _guess_cost(self, const intp_t* members, Py_ssize_t n, Py_ssize_t guess,
                             int depth, int64_t budget, legal, bytes context,
                             char* work=NULL, reach=None) except -1:
        # W + sum over non-green buckets of T(bucket, depth - 1), stopping as
        # soon as the running cost (with the other buckets' lower bounds)
        # passes the budget: then that partial sum, a lower bound.
        cdef char* own = NULL
        if work == NULL:
            work = own = <char*> malloc(n * (2 * sizeof(uint64_t) + sizeof(intp_t)
                                             + sizeof(Bucket)) + sizeof(Bucket))
            if work == NULL:
                raise MemoryError()
        cdef uint64_t* keys = <uint64_t*> work                     # n
        cdef uint64_t* order = keys + n                            # n
        cdef intp_t* grouped = <intp_t*> (order + n)               # n
        cdef Bucket* buckets = <Bucket*> (grouped + n)             # n + 1
        try:
            return self._bucket_costs(members, n, guess, depth, budget, legal, context,
                                      keys, order, grouped, buckets, reach)
        finally:
            free(own)

    cdef int64_t _bucket_costs(self, const intp_t* members, Py_ssize_t n, Py_ssize_t guess,
                               int depth, int64_t budget, legal, bytes context, uint64_t* keys,
                               uint64_t* order, intp_t* grouped, Bucket* buckets,
                               reach) except -1:
        cdef Py_ssize_t j, b, start = 0, n_buckets = 0
        cdef int64_t total = 0, value, lower
        cdef bint probing
        for j in range(n):
            keys[j] = (<uint64_t> self._code(guess, members[j]) << 32) | <uint64_t> members[j]
            total += self.prior.of[members[j]]
        qsort(keys, n, sizeof(uint64_t), compare_keys)
        for j in range(n):
            grouped[j] = <intp_t> (keys[j] & 0xFFFFFFFFU)
        for j in range(1, n + 1):
            if j == n or (keys[j] >> 32) != (keys[start] >> 32):
                if (keys[start] >> 32) != <uint64_t> self.matrix.all_green:
                    b = n_buckets
                    buckets[b].start, buckets[b].size = start, j - start
                    buckets[b].mass = weighted_mass(&self.prior, grouped + start, j - start)
                    lower = weighted_small(&self.prior, grouped + start, j - start, depth - 1)
                    buckets[b].settled = lower >= 0
                    if lower < 0:
                        lower = weighted_least(&self.prior, grouped + start, j - start)
                    buckets[b].lower, buckets[b].entry = lower, -1
                    total += lower
                    # heaviest first in normal mode, lightest first in the hard modes
                    order[b] = ((MASS_CAP - buckets[b].mass if self.rule.mode_id == MODE_OFF
                                 else buckets[b].mass) << 16) | b
                    n_buckets += 1
                start = j
        if total > budget or total >= INFEASIBLE:
            return min(total, INFEASIBLE)
        qsort(order, n_buckets, sizeof(uint64_t), compare_keys)
        contexts = [None] * n_buckets if self.rule.mode_id == MODE_HARD else None
        total = self._settle_buckets(buckets, n_buckets, grouped, keys, guess, depth, budget,
                                     total, legal, context, contexts)
        if total > budget:
            return min(total, INFEASIBLE)   # (a bucket that cannot finish: no more than that)
        # In hard mode each bucket is first searched at its own bound, as
        # _search.pyx's _probe_children (0.76 to 0.90 of the time), then with the slack.
        cdef Py_ssize_t rounds = 2 if self.rule.mode_id == MODE_HARD else 1
        for j in range(rounds * n_buckets):
            b = order[j % n_buckets] & 0xFFFF
            if buckets[b].settled:
                continue
            lower, probing = buckets[b].lower, j < (rounds - 1) * n_buckets
            value = self._solve_bucket(&buckets[b], grouped, keys, guess, depth,
                                       lower if probing else budget - (total - lower), legal,
                                       None if contexts is None else contexts[b], reach)
            total += max(value, lower) - lower
            buckets[b].lower, buckets[b].settled = max(value, lower), value <= lower
            if total > budget or total >= INFEASIBLE:
                return min(total, INFEASIBLE)
        return total

    cdef int64_t _settle_buckets(self, Bucket* buckets, Py_ssize_t n_buckets, intp_t* grouped,
                                 const uint64_t* keys, Py_ssize_t guess, int depth,
                                 int64_t budget, int64_t total, legal, bytes context,
                                 list contexts) except -1:
        # What the memo knows of each bucket of three or more, before any is
        # searched: a guess whose buckets already pass the budget is dropped.
        # (Strict mode's keys need the filtered list: left to the search.)
        cdef Py_ssize_t b
        cdef int64_t entry
        child_context = None
        for b in range(n_buckets):
            if buckets[b].settled or (legal is not None and self.rule.mode_id != MODE_HARD):
                continue
            if contexts is not None:
                child_context = self._hard_context_after(
                    context, guess, <Py_ssize_t> (keys[buckets[b].start] >> 32))
                contexts[b] = child_context
            buckets[b].key = self._key(grouped + buckets[b].start, buckets[b].size, depth - 1,
                                       child_context)
            entry = self.memo.find(buckets[b].key)
            buckets[b].entry = entry
            if entry >= 0 and memo_value(entry) >= buckets[b].lower:
                total += min(memo_value(entry), INFEASIBLE) - buckets[b].lower
                buckets[b].lower = min(memo_value(entry), INFEASIBLE)
                buckets[b].settled = memo_exact(entry)
                if total > budget:
                    return total
        return total

    cdef int64_t _solve_bucket(self, Bucket* bucket, intp_t* grouped, const uint64_t* keys,
                               Py_ssize_t guess, int depth, int64_t budget, legal,
                               bytes child_context, reach=None) except -1:
        # One bucket of `guess` searched with `budget`, one guess fewer left.
        cdef Py_ssize_t code = <Py_ssize_t> (keys[bucket.start] >> 32)
        if legal is None:
            return self._solve(grouped + bucket.start, bucket.size, depth - 1, budget, None,
                               None, -1, 0, reach)
        if self.rule.mode_id == MODE_HARD:
            return self._solve(grouped + bucket.start, bucket.size, depth - 1, budget, legal,
                               child_context, guess, code)
        child_legal = self._legal_after(legal, guess, code)
        return self._solve(grouped + bucket.start, bucket.size, depth - 1, budget,
                           child_legal, self._root_context(child_legal))
