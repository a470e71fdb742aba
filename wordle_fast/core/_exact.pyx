# cython: language_level=3
"""Exact optimal play, the public face: ``ExactSearcher``, T(S, d), the fewest
total guesses that finish every answer of a set S with d guesses left, and
the optimal guesses, over one pattern matrix.

The searcher is built in layers, a subclass each, each file a room:
_search_base.pyx (the lists, the memo's keys, the legal lists, the scans of
every guess), _bound_pass.pyx (the one-level bounds of sets and openers),
_search.pyx (the search, and how it works), and this file (the methods
Python calls, which check their input; those the search under a prior,
_weighted.pyx, answers alike are _search_base.pyx's). The bounds are in _bound.pyx, the
scan kernels in _scans.pyx, the memo in _memo.pyx, hard mode's endgame
bound in _endgame.pyx. The slow twin: ``_exact_twin.ExactSearcher``.
"""

import numpy as np

from libc.stdint cimport int64_t

from wordle_fast.core._bound cimport INFEASIBLE
from wordle_fast.core._search cimport Search
from wordle_fast.core._search_base cimport Switches, memo_value
from wordle_fast.core._typedefs cimport intp_t

# the names Python imports from here (the searcher's constants, the scan's width)
from wordle_fast.core._bound import UNSOLVABLE
from wordle_fast.core._scans import machine_lanes, pairwise_lanes
from wordle_fast.core._search_base import (BUCKET_ORDERS, DEFAULT_MEMO_ENTRIES, LEGAL_CACHE_BYTES,
                                      PARALLEL_WORK, sorted_members)


cdef class ExactSearcher(Search):
    """T(S, d) over one pattern matrix (uint8 or uint16 codes), with a memo.

    ``mode``: ``off`` (every matrix row may be played at every turn),
    ``hard`` or ``strict`` (see :mod:`wordle_fast.rules`); the hard modes
    need ``guess_letters``, the guesses' letters 0..25 (``uint8[n_guesses,
    L]``). Methods take ``legal``, the sorted matrix rows allowed now (the
    hard modes; None means every guess), and the members of the candidate set
    as answer indices. Each mode searches with the techniques that measured
    fastest in it (``searcher_with_switches`` turns them off, for the
    benchmarks). ``max_entries``: the most entries the memo grows to (a power of
    two at most this, 24 bytes each; see _memo.pyx); ``keep_keys``: the
    memo also keeps each entry's members, for ``memo_items`` (checking only);
    ``lanes``: the widest scan kernels to use (``machine_lanes()``, the
    default; smaller to measure or test the others): 32 is AVX2, for the
    pairwise kernel and the masks alike (_pairwise.h, _masks.h), 16 the
    portable pairwise kernel, 0 the scalar masks alone.
    """

    @property
    def total_weight(self):
        """The answers' total weight: one each (``WeightedSearcher`` weighs them)."""
        return self.matrix.n_answers

    def solve(self, members, int depth, int64_t budget=INFEASIBLE, legal=None, after=None):
        """T(S, depth) if at most ``budget``, else a lower bound above it.

        ``after``: ``(guess, code)`` when S is what ``guess`` showing
        ``code`` leaves, and ``legal`` the list before that guess (the rule
        then narrows it). In hard mode the memo then knows S by the rule's
        state since ``legal``, so that the sets of different openers share
        entries when the same words and the same rule remain (as after A
        then B and after B then A)."""
        members = sorted_members(members, self.matrix.n_answers)
        cdef const intp_t[::1] view = members
        if members.shape[0] == 0:
            return 0
        self.memo.new_generation()
        legal, context = self._legal_and_context(members, legal, after)
        return self._solve(&view[0], members.shape[0], depth, budget, legal, context)

    def lower_bound(self, members, int depth, legal=None):
        """A cheap proven lower bound on T(S, depth): the memo's, else the
        best per-guess bound 3n - k - [candidate] (no search)."""
        members = sorted_members(members, self.matrix.n_answers)
        legal = self._legal_now(legal, members)
        cdef const intp_t[::1] view = members
        cdef Py_ssize_t n = members.shape[0]
        if n <= 2:
            return self._solve(&view[0], n, depth, INFEASIBLE, legal, None) if n else 0
        if depth <= 1:
            return INFEASIBLE
        cdef int64_t entry = self.memo.find(self._key(&view[0], n, depth,
                                                      self._root_context(legal)))
        bounds, _, _ = self._all_bounds(&view[0], n, legal)
        return max(int(bounds.min()), 2 * n - 1, 0 if entry < 0 else memo_value(entry))

    def guess_bounds(self, members, legal=None):
        """``(bounds, buckets)`` of every legal guess over the set, in the
        order of ``legal`` (of the matrix rows when None): the buckets it
        makes of the members and its one-level bound 3n - k - [candidate]
        (UNSOLVABLE for a guess that learns nothing), as the search scans them."""
        members = sorted_members(members, self.matrix.n_answers)
        legal = self._legal_now(legal, members)
        if members.shape[0] == 0:
            raise ValueError("no candidates")
        cdef const intp_t[::1] view = members
        bounds, buckets, _ = self._all_bounds(&view[0], members.shape[0], legal)
        return bounds, buckets

    def scan_bounds(self, members, rows):
        """``(bounds, buckets)`` of the guesses ``rows`` (matrix rows in any
        order, repeats allowed) over the set, by the scan kernels the search
        runs inside, block by block: for the tests of those kernels, which
        see unsorted lists (reach and count orders) the public calls do not."""
        members = sorted_members(members, self.matrix.n_answers)
        rows = np.ascontiguousarray(rows, dtype=np.intp)
        if members.shape[0] == 0 or rows.ndim != 1 or rows.shape[0] == 0:
            raise ValueError("give at least one candidate and one guess row")
        if rows.min() < 0 or rows.max() >= self.matrix.n_guesses:
            raise ValueError(f"rows must be in 0..{self.matrix.n_guesses - 1}")
        cdef const intp_t[::1] view = members
        bounds, buckets, _ = self._all_bounds(&view[0], members.shape[0], rows)
        return bounds, buckets

    def best_guess(self, members, int depth, legal=None):
        """An optimal guess row for the set (it must be solvable in ``depth``)."""
        members = sorted_members(members, self.matrix.n_answers)
        legal = self._legal_now(legal, members)
        cdef const intp_t[::1] view = members
        cdef Py_ssize_t n = members.shape[0]
        if n == 0:
            raise ValueError("no candidates")
        value = self._solve(&view[0], n, depth, INFEASIBLE - 1, legal, self._root_context(legal))
        if value >= INFEASIBLE:
            raise ValueError(f"{n} candidates cannot be solved within {depth} guesses")
        return self._optimal_guess(members, depth, value, legal)

    cdef int64_t _cost_of(self, members, Py_ssize_t guess, int depth, int64_t budget,
                          legal) except -1:
        # _guess_cost for a numpy array of members.
        cdef const intp_t[::1] view = members
        return self._guess_cost(&view[0], view.shape[0], guess, depth, budget, legal,
                                self._root_context(legal))

    cdef tuple _level_bounds(self, members, legal, int64_t budget):
        # the one-level bounds 3n - k - [candidate], every guess scanned
        cdef const intp_t[::1] view = members
        bounds, buckets, _ = self._all_bounds(&view[0], members.shape[0], legal)
        return bounds, buckets

    cdef int64_t _learns_nothing_bound(self, members) except -1:
        return 3 * members.shape[0] - 1     # n + (2n - 1)


def searcher_with_switches(matrix, Py_ssize_t length, answer_rows, *, closed_forms=None,
                           bucket_order=None, reach_scan=None, union_bounds=None,
                           probe_children=None, scan_children=None, endgame_bound=None,
                           **options):
    """An ``ExactSearcher`` with techniques turned off or changed, for the
    benchmarks and tests that measure what each pays (the results stay the
    same; None keeps the mode's measured best): ``closed_forms=False``,
    ``reach_scan=False`` (scan every guess, not only those whose buckets
    over the parent set could come within the budget),
    ``union_bounds=False`` (no memo bounds for unions of a guess's buckets;
    see ``_note_unions``), ``probe_children`` (each bucket of a guess first
    searched with its own bound as the budget; hard mode's best),
    ``scan_children`` (each bucket first scanned for its one-level bound;
    normal mode's best, the only mode it serves), ``bucket_order`` (the
    order a guess's buckets are searched in: "smallest" or "largest" first,
    or "code" order; largest first is normal mode's best, smallest first
    the hard modes') and ``endgame_bound=False`` (the hard modes without
    the endgame bound). ``options``: the constructor's."""
    cdef ExactSearcher searcher = ExactSearcher(matrix, length, answer_rows, **options)
    cdef Switches* switches = &searcher.switches
    if bucket_order is not None:
        if bucket_order not in BUCKET_ORDERS:
            raise ValueError(f"bucket_order must be one of {', '.join(BUCKET_ORDERS)}")
        switches.bucket_order = BUCKET_ORDERS.index(bucket_order)
    if closed_forms is not None:
        switches.closed_forms = closed_forms
    if reach_scan is not None:
        switches.reach_scan = reach_scan
    if union_bounds is not None:
        switches.union_bounds = union_bounds
    if probe_children is not None:
        switches.probe_children = probe_children
    if scan_children is not None:
        switches.scan_children = scan_children
    if endgame_bound is not None and not endgame_bound:
        searcher.endgame.of = NULL      # (its scratch stays, freed with the searcher)
    return searcher
