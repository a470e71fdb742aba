# cython: language_level=3
"""The exact searcher's third layer, the search: the fewest total guesses to
solve every answer.

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
* before any bucket of a guess is searched, what the memo and the
  candidates alone say of each (the closed forms above; failing them a
  bucket of s costs at least 2s) is added up, a few reads per word where a
  search scans every guess; a guess whose buckets already pass the budget
  is dropped unscanned;
* in normal mode, then each bucket the memo knows nothing of gets its own
  one-level bound from a scan (the first step of its search, ordered and
  cut short by the guesses' bucket counts over the parent set, and never
  above what would refute the guess): buckets further on refute a guess
  before the first is searched with its slack (_scan_children);
* then the buckets are searched one at a time, each with the budget left,
  so a bad guess is dropped as soon as its running cost passes the best:
  in normal mode largest first (after the step above, the large buckets'
  excess refutes a guess soonest), in the hard modes smallest first (the
  rule makes small endgames impossible, found at once);
* the scan stops at the first guess that splits the set apart when no
  candidate does: it costs 2n, the least possible;
* no guess makes more buckets of a subset than of the set, so a bucket of
  s above `cap`, the most buckets any guess makes of its parent, costs at
  least 3s - cap - 1, and with two guesses left cannot finish at all (no
  guess splits it apart): such a guess is refuted before any search;
* in the hard modes, a set with more words alike but at one position than
  the legal guesses can tell apart in time cannot finish, found before its
  guesses are scanned (the endgame bound, _endgame.pyx);
* exact values and lower bounds are memoized by (candidate set, depth), in
  a table of fingerprints (_memo.pyx);
  after a guess's buckets are searched, the unions of buckets whose
  patterns differ at one position get a lower bound too (the sum of their
  parts): they are the buckets of the guesses with a dead letter there,
  which the search would otherwise refute by scanning them again.

Hard modes shrink the guesses allowed as feedback arrives. The search then
carries the legal guesses (sorted matrix rows) down the tree: after guess g
shows pattern r, the rule filters the parent's list. The memo key adds what
fixes the list: a number for the caller's list and, in hard mode, the rule's
state since (greens and least letter counts), so a child's key needs no
filtering, and the lists of the sets searched are kept by that state. The
candidates always stay legal (an answer that fits the feedback keeps every
green and every revealed letter), so the closed forms above hold in every
mode.
"""

import numpy as np

from libc.stdint cimport int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, qsort
from libc.string cimport memset

from wordle_fast.core._bound cimport (INFEASIBLE, least_bound, least_cost, only_singles,
                                 small_set_value)
from wordle_fast.core._bound_pass cimport BoundPass
from wordle_fast.core._legal cimport MODE_HARD, MODE_OFF
from wordle_fast.core._memo cimport Fingerprint
from wordle_fast.core._scans cimport compare_keys, most_buckets, most_splits, order_by_bound
from wordle_fast.core._search_base cimport (CHECK_EVERY, CHILD_KEYED, CHILD_SETTLED, CHILD_STRICT,
                                       Child, Frame, effort_weight, memo_exact, memo_value)
from wordle_fast.core._typedefs cimport intp_t


cdef enum:
    SMALL_SORT = 32       # _bucket_costs sorts sets up to this size by insertion


cdef inline size_t _work_bytes(Py_ssize_t n) noexcept nogil:
    # _guess_cost's scratch for a set of n: keys, grouped members, what is
    # known of each bucket, each bucket's Child.
    return ((2 * n + 1) * sizeof(uint64_t) + 2 * n * sizeof(intp_t)
            + (n + 1) * sizeof(int64_t) + (n + 1) * sizeof(Child))


cdef class Search(BoundPass):
    """The search (see ``ExactSearcher``, its public face)."""

    cdef int64_t _solve(self, const intp_t* members, Py_ssize_t n, int depth, int64_t budget,
                        legal, bytes context, Py_ssize_t guess=-1, Py_ssize_t code=0) except -1:
        # `context`: the set's key suffix (_root_context). In hard mode the
        # set's legal list may still be owed: it is `legal` filtered by
        # `guess` showing `code` (guess >= 0), done only if it is searched.
        cdef int64_t small = small_set_value(n, depth)
        if small >= 0:
            return small
        if 2 * n - 1 > budget:
            return 2 * n - 1
        cdef Fingerprint key = self._key(members, n, depth, context)
        return self._solve_keyed(members, n, depth, budget, legal, context, guess, code, key,
                                 self.memo.find(key))

    cdef int64_t _solve_keyed(self, const intp_t* members, Py_ssize_t n, int depth,
                              int64_t budget, legal, bytes context, Py_ssize_t guess,
                              Py_ssize_t code, Fingerprint key, int64_t entry, reach=None,
                              Py_ssize_t most=-1) except -1:
        # _solve for a set of three or more whose key and memo entry (or
        # -1) the caller has already looked up; `reach`, `most`: see _search.
        if entry >= 0:
            self.memo_hits += 1
            if memo_exact(entry) or memo_value(entry) > budget:
                return memo_value(entry)
        self.states += 1
        if self.states & (CHECK_EVERY - 1) == 0:
            self._check_in()
        cdef Py_ssize_t work_before = self.states + self.scans
        if guess >= 0:
            legal = self._legal_in_context(legal, guess, code, context)
        cdef int64_t result = self._search(members, n, depth, budget, legal, context, reach, most)
        cdef int weight = effort_weight(self.states + self.scans - work_before + 1)
        if result <= budget:
            self._note(key, members, n, depth, context, result, True, weight)
        elif entry < 0 or result > memo_value(entry):
            self._note(key, members, n, depth, context, result, False, weight)
        return result

    cdef int64_t _search(self, const intp_t* members, Py_ssize_t n, int depth, int64_t budget,
                         legal, bytes context, reach=None, Py_ssize_t most=-1) except -1:
        # `reach` (normal mode, or None): each guess's bucket count over a
        # superset of this set, the parent's. A guess makes at most as many
        # buckets of a subset, so one whose reach keeps its bound 3n - k - 1
        # above the budget cannot help, and is not scanned. With the tight
        # budgets of refutations that leaves few guesses to scan.
        # (Not in the hard modes: carried there as the parent's legal rows
        # and counts, it cost more than it saved, 1.1-1.25x the time of a
        # hard-mode refutation sample, and more states.)
        # In the hard modes, first the endgame bound (_endgame.pyx): a set
        # with too many words alike but at one position cannot finish, and a
        # look at those words is cheaper than the scan of every guess below.
        if (self.endgame.of != NULL and legal is not None and depth >= 3 and n > depth
                and self._endgame_cut(members, n, depth, legal)):
            self.endgame_cuts += 1
            return INFEASIBLE
        # Closed forms from the candidates alone: one that splits the set
        # apart costs 2n - 1, the least possible; failing that, one that
        # leaves a single pair costs n + 3 + (n - 3) = 2n, and only a split
        # into singletons could match it.
        # (`most`: that count when the caller has it, else -1)
        if most < 0:
            most = (self._most_candidate_buckets(members, n)
                    if n <= 128 and self.switches.closed_forms else 0)
        if most == n:
            return 2 * n - 1
        if most == n - 1 and depth >= 3:
            return 2 * n
        cdef int64_t need = 3 * n - budget - 1    # the fewest buckets a useful guess makes
        rows = legal
        if self.switches.reach_scan and reach is not None and budget < INFEASIBLE and need >= 3:
            rows = np.flatnonzero(reach >= need)
            if 2 * rows.shape[0] > reach.shape[0]:
                rows = legal       # most guesses stay: the full scan is as cheap
            elif rows.shape[0] == 0:
                return budget + 1   # no guess can come within the budget
        # Short of a candidate that splits the set apart (most < n here), no
        # guess costs less than 2n, and one that splits it apart costs just
        # that: the scan stops at the first such guess.
        bounds, buckets, split = self._all_bounds(
            members, n, rows, stop_at_split=n <= 128 and self.switches.closed_forms)
        if split:
            return 2 * n
        cdef const int64_t[::1] bound_view = bounds
        cdef const int64_t[::1] bucket_view = buckets
        cdef Py_ssize_t n_rows = bound_view.shape[0], n_useful, i, position
        # (the scans over bounds and buckets below are plain loops: numpy's
        # reductions and np.isin cost a fifth of a hard-mode refutation on
        # these short arrays; see benchmarks/LOG.md)
        cdef int64_t floor = (least_bound(&bound_view[0], &bucket_view[0], 0, n_rows, n, False,
                                          INFEASIBLE) if n_rows else INFEASIBLE)
        if rows is not legal:
            # every guess left out has a bound above the budget
            floor = min(floor, budget + 1)
            if floor > budget:
                return floor
        if floor >= INFEASIBLE:
            return INFEASIBLE
        # (A guess of k buckets has the bound 3n - k - [candidate], so a floor
        # below 3n - 3, or a candidate of three buckets, rules this out
        # without a pass over the buckets. Not after a partial scan: the
        # guesses left out may split the set.)
        if (rows is legal and floor >= 3 * n - 3 and most <= 2
                and only_singles(&bound_view[0], &bucket_view[0], n_rows, n)):
            # No guess splits the set except by naming one of its candidates,
            # and so in every subset: the answers can only be found one at a
            # time, T = 1 + 2 + ... + n. Searched, this chain is exponential
            # (every order of the candidates), e.g. with a guess limit of 30
            # on 24 words that differ in one letter.
            return n * (n + 1) // 2 if depth >= n else INFEASIBLE
        if depth == 2:
            # Only a guess that splits every candidate apart finishes in time
            # (a partial scan keeps every guess whose reach could: need <= n).
            return least_bound(&bound_view[0], &bucket_view[0], 0, n_rows, n, True, INFEASIBLE)
        if floor == 2 * n - 1:
            return floor        # a candidate splits the set apart: optimal
        if floor > budget:
            return floor
        # Try guesses in order of their bound (stable: matrix order among ties).
        cdef intp_t* order = <intp_t*> malloc(n_rows * sizeof(intp_t))
        cdef char* work = <char*> malloc(_work_bytes(n))
        if order == NULL or work == NULL:
            free(order)
            free(work)
            raise MemoryError()
        cdef int64_t best = budget + 1
        cdef int64_t cost
        # The most buckets any guess makes of this set bounds what any guess
        # makes of a bucket of it (a subset), so a bucket of s members above
        # that count `cap` costs at least 3s - cap - 1, more than 2s - 1, and
        # cannot finish with two guesses left (nothing splits it apart): a
        # guess leaving such a bucket is refuted without searching it. (The
        # guesses a partial scan left out make fewer than `need` buckets.)
        cdef Py_ssize_t cap = max(most_buckets(&bucket_view[0], n_rows),
                                  need - 1 if rows is not legal else 0)
        # the children's reach: these counts where scanned, the parent's elsewhere
        if self.rule.mode_id != MODE_OFF:
            child_reach = None
        elif rows is legal:
            child_reach = buckets
        else:
            child_reach = reach.copy()
            child_reach[rows] = buckets
        try:
            n_useful = order_by_bound(&bound_view[0], n_rows, 2 * n - 1, 3 * n, order)
            for i in range(n_useful):
                position = order[i]
                if bound_view[position] >= best:
                    break
                cost = self._guess_cost(members, n, position if rows is None else rows[position],
                                        depth, best - 1, legal, context, child_reach, work, cap)
                if cost < best:
                    best = cost
                    if best == bound_view[position]:
                        break   # reached its own lower bound, which no later guess beats
        finally:
            free(order)
            free(work)
        return best if best <= budget else max(best, floor)

    cdef int64_t _guess_cost(self, const intp_t* members, Py_ssize_t n, Py_ssize_t guess,
                             int depth, int64_t budget, legal, bytes context,
                             reach=None, char* work=NULL, Py_ssize_t cap=-1) except -1:
        # n + sum over non-green buckets of T(bucket, depth - 1), stopping as
        # soon as the running cost (with the remaining buckets' lower bounds)
        # passes the budget; then it returns that partial sum, a lower bound.
        # Buckets are searched in `bucket_order` (see the module's docstring).
        # `work`: _work_bytes(n) bytes of scratch, or NULL to allocate them
        # here (_search passes one block for all the guesses it costs: four
        # mallocs and frees per guess cost 7% of a poor opener's bucket).
        cdef char* own = NULL
        if work == NULL:
            work = own = <char*> malloc(_work_bytes(n))
            if work == NULL:
                raise MemoryError()
        cdef Frame frame
        frame.members, frame.n, frame.guess, frame.depth, frame.cap = members, n, guess, depth, cap
        frame.keys = <uint64_t*> work                                  # 2n + 1
        frame.grouped = <intp_t*> (frame.keys + 2 * n + 1)             # 2n
        frame.known = <int64_t*> (frame.grouped + 2 * n)               # n + 1
        frame.children = <Child*> (frame.known + n + 1)                # n + 1
        frame.by_size = frame.keys + n     # one per bucket (at most n, plus a spare)
        frame.n_buckets = 0
        try:
            total = self._bucket_costs(&frame, budget, legal, context, reach)
            if self.switches.union_bounds and frame.n_buckets > 1 and depth > 2:
                self._note_unions(&frame, legal, context)
            return total
        finally:
            free(own)

    cdef int64_t _bucket_costs(self, Frame* f, int64_t budget, legal, bytes context,
                               reach) except -1:
        # _guess_cost's work; the frame's `known` gets what is known of each
        # bucket in `by_size` order (its value or a lower bound), and
        # `n_buckets` how many there are. In steps, each returning as soon as the
        # running total passes the budget: the sizes alone, the members
        # grouped, what the memo and the closed forms know, normal mode's
        # scan of each bucket, then the searches.
        cdef Py_ssize_t n = f.n
        cdef uint64_t* by_size = f.by_size
        cdef Child* children = f.children
        cdef Py_ssize_t b, n_buckets = 0, size
        cdef uint32_t counts[256]
        cdef int64_t total
        if self.matrix.columns8 != NULL:
            total = self._cost_by_sizes(f, counts)
            if total < 0:
                return n      # the one member is the guess itself
            if total > budget or total >= INFEASIBLE:
                return total
        total = self._group_buckets(f, counts, &n_buckets)
        # One bucket holding everyone (nothing learned) is no exception:
        # it costs n plus the same set with one guess fewer. The search
        # never plays such a guess (T(S, d - 1) >= T(S, d)), but a game
        # being graded may have.
        if total < 0:
            return n      # the one member is the guess itself
        if total > budget:
            return total        # a bucket nothing splits apart in time (see _search)
        if self.switches.bucket_order != 2:
            qsort(by_size, n_buckets, sizeof(uint64_t), compare_keys)
        f.n_buckets = n_buckets
        for b in range(n_buckets):
            size = self._bucket_size(by_size[b], n)
            f.known[b] = least_cost(size, f.cap)
            children[b].sum = self.memo.set_hash(
                f.grouped + <Py_ssize_t> (by_size[b] & 0xFFFFFFFFU), size)
            if legal is None and size >= 3:
                # normal mode's key needs no context: asked for now, the
                # memo's cache misses for all the buckets overlap (AMAZE's
                # 635-word bucket, memo finds 13% of it: 0.92x)
                children[b].key = self._key_of_sum(children[b].sum, size, f.depth - 1, None)
                self.memo.prefetch(children[b].key)
        # (the children's rule contexts, hard mode only: the rest is in `children`)
        contexts = [None] * n_buckets if self.rule.mode_id == MODE_HARD else None
        total = self._settle_children(f, budget, total, legal, context, contexts)
        if total > budget:
            return total
        if self.switches.scan_children and legal is None and budget < INFEASIBLE:
            total = self._scan_children(f, budget, total, reach)
            if total > budget:
                return total
        if self.switches.probe_children:
            total = self._probe_children(f, budget, total, legal, contexts, reach)
            if total > budget:
                return total
        return self._search_children(f, budget, total, legal, contexts, reach)

    cdef int64_t _cost_by_sizes(self, const Frame* f, uint32_t* counts) noexcept nogil:
        # Byte codes: a lower bound on the guess's cost from its buckets'
        # sizes alone, from a count per code (-1: the one member is the
        # guess itself). Most of the guesses costed are refuted by it (a
        # bucket above `cap`; 86% of those of MAUMY's bucket 54), and only
        # the rest need their members grouped. The codes are kept in
        # keys[n:], the counts in `counts`, and the distinct codes listed in
        # `grouped`, not yet written.
        cdef const intp_t* members = f.members
        cdef Py_ssize_t n = f.n
        cdef Py_ssize_t guess = f.guess
        cdef uint64_t* keys = f.keys
        cdef intp_t* grouped = f.grouped
        cdef Py_ssize_t j, b, size, n_codes = 0
        cdef uint64_t code
        cdef int64_t total = n
        memset(counts, 0, 256 * sizeof(uint32_t))
        for j in range(n):
            code = self._code(guess, members[j])
            keys[n + j] = code
            if counts[code] == 0:
                grouped[n_codes] = <intp_t> code
                n_codes += 1
            counts[code] += 1
        for b in range(n_codes):
            code = <uint64_t> grouped[b]
            size = counts[code]
            if code == <uint64_t> self.matrix.all_green:
                if size == n:
                    return -1
                continue
            total += least_cost(size, f.cap)
            if f.depth == 3 and 0 <= f.cap < size:
                return INFEASIBLE   # no guess splits this bucket apart (see _search)
        return total

    cdef int64_t _group_buckets(self, const Frame* f, const uint32_t* counts,
                                Py_ssize_t* n_buckets_out) noexcept nogil:
        # The members grouped by code into `grouped` (keys: (code, member)
        # pairs in that order), the buckets but the all-green one listed in
        # by_size as (size, start), so a sort puts the smallest first (ties
        # in code order; (n - size, start) for largest first); returns n
        # plus their least costs (-1: the one member is the guess itself).
        # Byte codes are read by _code from the answer-major copy, where the
        # bound scan of this set has just read each member's codes (from
        # the guess's cold row of the guess-major matrix, AMAZE's bucket 82
        # took 8.8 s against 4.8 s; see benchmarks/LOG.md): by insertion
        # for small sets, by counting for larger ones (the members come
        # sorted, and stay so in each bucket; `counts` from _cost_by_sizes),
        # as glibc's qsort took 3% of a hard-mode search and the counting
        # pass's 257 slots outweigh a small set.
        cdef const intp_t* members = f.members
        cdef Py_ssize_t n = f.n
        cdef Py_ssize_t guess = f.guess
        cdef uint64_t* keys = f.keys
        cdef intp_t* grouped = f.grouped
        cdef uint64_t* by_size = f.by_size
        cdef Py_ssize_t j, b, start, size, n_buckets = 0
        cdef Py_ssize_t starts[257]
        cdef uint64_t code, pair
        cdef int64_t total = n
        if self.matrix.columns8 != NULL and n <= SMALL_SORT:
            for j in range(n):
                pair = (<uint64_t> self._code(guess, members[j]) << 32) | <uint64_t> members[j]
                b = j
                while b > 0 and keys[b - 1] > pair:
                    keys[b] = keys[b - 1]
                    b -= 1
                keys[b] = pair
        elif self.matrix.columns8 != NULL:
            starts[0] = 0
            for j in range(256):
                starts[j + 1] = starts[j] + counts[j]
            for j in range(n):
                code = keys[n + j]
                keys[starts[code]] = (code << 32) | <uint64_t> members[j]
                starts[code] += 1
        else:
            for j in range(n):
                keys[j] = ((<uint64_t> self._code(guess, members[j]) << 32)
                           | <uint64_t> members[j])
            qsort(keys, n, sizeof(uint64_t), compare_keys)
        for j in range(n):
            grouped[j] = <intp_t> (keys[j] & 0xFFFFFFFFU)
        start = 0
        for j in range(1, n + 1):
            if j == n or (keys[j] >> 32) != (keys[start] >> 32):
                size = j - start
                if (keys[start] >> 32) != <uint64_t> self.matrix.all_green:
                    by_size[n_buckets] = ((<uint64_t> (n - size if self.switches.bucket_order == 1
                                                       else size) << 32)
                                          | <uint64_t> start)
                    n_buckets += 1
                    total += least_cost(size, f.cap)
                    if f.depth == 3 and 0 <= f.cap < size:
                        total = INFEASIBLE   # no guess splits this bucket apart (see _search)
                elif size == n:
                    return -1
                start = j
        n_buckets_out[0] = n_buckets
        return total

    cdef int64_t _settle_children(self, Frame* f, int64_t budget, int64_t total, legal,
                                  bytes context, list contexts) except -1:
        # What the memo knows of every bucket of three or more (solved, or
        # bounded by an earlier search with a smaller budget), and the
        # closed forms: a guess whose buckets together already cost more
        # than the budget is dropped before any of them is searched (the
        # total returned is then past the budget). The keys are kept for
        # the searches. In hard mode a child's legal list is filtered only
        # if the child is searched (_solve_keyed). Strict mode's rule has
        # no short state: its key needs the filtered list, so it is left to
        # the search (filtering every bucket first doubled the strict SALET
        # proof).
        cdef intp_t* grouped = f.grouped
        cdef int64_t* known = f.known
        cdef Child* children = f.children
        cdef int depth = f.depth
        cdef Py_ssize_t b, size, start, most
        cdef int64_t least, value, lower, entry
        cdef uint64_t code
        cdef bint settled
        cdef Fingerprint key
        child_context = None
        for b in range(f.n_buckets):
            children[b].state = CHILD_SETTLED
            size = self._bucket_size(f.by_size[b], f.n)
            least = known[b]      # least_cost(size, cap), counted in `total` so far
            value = small_set_value(size, depth - 1)
            if value >= 0:    # a closed form (one or two words, or too few guesses)
                known[b] = value
                total += value - least
                if total > budget:
                    return total
                continue
            start = <Py_ssize_t> (f.by_size[b] & 0xFFFFFFFFU)
            code = f.keys[start] >> 32
            most = -1
            if legal is not None and self.rule.mode_id == MODE_HARD:
                child_context = self._hard_context_after(context, f.guess, code)
                contexts[b] = child_context
            elif legal is not None:
                children[b].state, children[b].most, children[b].lower = CHILD_STRICT, -1, least
                continue
            key = (children[b].key if legal is None
                   else self._key_of_sum(children[b].sum, size, depth - 1, child_context))
            entry = self.memo.find(key)
            lower = least
            if entry >= 0 and memo_value(entry) > lower:
                lower = min(memo_value(entry), INFEASIBLE)
                known[b] = lower
                total += lower - least
                if total > budget:
                    return total
            elif (entry < 0 and self.matrix.columns8 != NULL and self.switches.closed_forms
                  and size <= 128):
                # What the candidates alone say, as _search would start,
                # but before any bucket is scanned: one that splits the
                # bucket apart settles it (2s - 1); failing that it costs
                # at least 2s, which may already drop the guess.
                # Noted in the memo for the other guesses with this bucket
                # (computed again for each, it was a sixth of a search).
                most = most_splits(self.matrix.matrix8, self.matrix.n_answers, self.answer_rows,
                                   grouped + start, size, False)
                if most == size:
                    self._note(key, grouped + start, size, depth - 1, child_context,
                               2 * size - 1, True, 0)
                    continue
                lower = max(2 * size, least)
                known[b] = lower
                settled = most == size - 1 and depth >= 4   # a candidate leaves one pair
                self._note(key, grouped + start, size, depth - 1, child_context, lower,
                           settled, 0)
                total += lower - least
                if total > budget:
                    return total
                if settled:
                    continue
            children[b].state, children[b].key, children[b].entry = CHILD_KEYED, key, entry
            children[b].lower, children[b].most = lower, most
        return total

    cdef int64_t _probe_children(self, Frame* f, int64_t budget, int64_t total, legal,
                                 list contexts, reach) except -1:
        # Every bucket first searched with its own lower bound as the
        # budget (the cheapest search: it either settles the bucket at
        # that bound or raises the bound), before any is searched with
        # the guess's slack: in hard mode, whose buckets go smallest
        # first, a bucket further on often refutes the guess cheaply.
        # Hard: SWILE 0.37x, YERKS 0.80x; normal (largest first): RASPS
        # 1.60x, BLITZ 1.17x (benchmarks/LOG.md).
        cdef Child* children = f.children
        cdef Py_ssize_t b
        cdef int64_t lower, value
        for b in range(f.n_buckets):
            if children[b].state != CHILD_KEYED:
                continue
            lower = children[b].lower
            value = self._solve_child(f, b, lower, legal, contexts, reach)
            f.known[b] = value
            total += value - lower
            if value <= lower:
                children[b].state = CHILD_SETTLED     # exact, at its bound
                continue
            children[b].lower, children[b].entry = value, value << 1   # a bound now
            if total > budget:
                return total
        return total

    cdef int64_t _search_children(self, Frame* f, int64_t budget, int64_t total, legal,
                                  list contexts, reach) except -1:
        # Each bucket not settled, searched with what the budget leaves
        # beyond the others' bounds.
        cdef Child* children = f.children
        cdef Py_ssize_t b, size, start
        cdef int64_t lower, value
        for b in range(f.n_buckets):
            if children[b].state == CHILD_SETTLED:
                continue
            lower = children[b].lower
            if children[b].state == CHILD_STRICT:
                size = self._bucket_size(f.by_size[b], f.n)
                start = <Py_ssize_t> (f.by_size[b] & 0xFFFFFFFFU)
                child_legal = self._legal_after(legal, f.guess, f.keys[start] >> 32)
                value = self._solve(f.grouped + start, size, f.depth - 1, budget - (total - lower),
                                    child_legal, self._root_context(child_legal))
            else:
                value = self._solve_child(f, b, budget - (total - lower), legal, contexts,
                                          reach)
            if value > lower:
                f.known[b] = value
            total += value - lower
            if total > budget:
                return total
        return total

    cdef int64_t _solve_child(self, const Frame* f, Py_ssize_t b, int64_t budget, legal,
                              list contexts, reach) except -1:
        # Bucket b of `guess` searched with `budget`, one guess fewer left (its
        # key, memo entry and most buckets found by _settle_children).
        cdef const Child* children = f.children
        cdef Py_ssize_t size = self._bucket_size(f.by_size[b], f.n)
        cdef Py_ssize_t start = <Py_ssize_t> (f.by_size[b] & 0xFFFFFFFFU)
        return self._solve_keyed(f.grouped + start, size, f.depth - 1, budget, legal,
                                 None if contexts is None else contexts[b],
                                 -1 if legal is None else f.guess, f.keys[start] >> 32,
                                 children[b].key, children[b].entry, reach, children[b].most)
