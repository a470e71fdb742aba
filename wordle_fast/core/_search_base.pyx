# cython: language_level=3
"""The exact searcher's first layer: what every other layer reads.

``SearchBase`` holds the lists, the memo (_memo.pyx) and how its keys are
made (the members' set hash, the depth and, in the hard modes, the rule's
context), the legal lists of the hard modes, the scans of every legal
guess over a set (``_all_bounds``, over _scans.pyx, on the searcher's
threads) and the scratch of the bound pass. The layers above, a subclass
each: _bound_pass.pyx (the one-level bounds of sets and of openers),
_search.pyx (the search) and _exact.pyx (``ExactSearcher``, the public
methods); ``WeightedSearcher`` (_weighted.pyx, under a prior) stands on
this layer alone. The public calls both answer alike (``after_guess``,
``guess_costs``, the optimal guess) are here, over what each costs its own
way (``_cost_of``, ``_level_bounds``). The state is a few structs
(_search_base.pxd): the matrix and the rule (``MatrixView``, ``RuleView``,
shared with the lookahead: _matrix_view.pxd), hard mode's ``Endgame``
bound, the techniques each mode uses (``Switches``, the measured best;
the benchmarks change them through _exact.searcher_with_switches) and the
``Frame`` the search fills for one guess's buckets, which its steps pass on.
"""

from hashlib import blake2b
from itertools import islice

import numpy as np

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from cpython.exc cimport PyErr_CheckSignals
from cython.parallel cimport prange
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from wordle_fast.core._bound cimport INFEASIBLE
from wordle_fast.core._endgame cimport cannot_finish as endgame_cannot_finish
from wordle_fast.core._legal cimport MODE_HARD, MODE_OFF, legal_after, pack_legal, row_reveals
from wordle_fast.core._matrix_view cimport view_matrix
from wordle_fast.core._memo cimport Memo
from wordle_fast.core._parallel cimport CoreShare, wf_now
from wordle_fast.core._scans cimport (BLOCK, guess_bounds, guess_bounds_columns, most_splits,
                                 splits_apart)
from wordle_fast.core._typedefs cimport intp_t, letter_t

from wordle_fast.core._endgame import endgame_table
from wordle_fast.core._legal import letter_counts, mode_id
from wordle_fast.core._scans import pairwise_lanes, transposed


BUCKET_ORDERS = ("smallest", "largest", "code")   # _guess_cost's order of a guess's buckets
# Scans of fewer (member, guess) codes than this run on one thread: below it
# the threads cost more than they save (measured on SALET; see
# benchmarks/test_bench_contention.py).
PARALLEL_WORK = 1 << 16
# Hard mode's legal lists kept by rule context (SearchBase._legal_in_context)
LEGAL_CACHE_BYTES = 64 << 20
# The memo grows to at most this many entries of 24 bytes (768 MB); see
# _memo.pyx and benchmarks/LOG.md.
DEFAULT_MEMO_ENTRIES = 1 << 25


def positions_in(legal, rows):
    """Where each of ``rows`` sits in the sorted list ``legal``, and whether
    it is there at all."""
    at = np.minimum(np.searchsorted(legal, rows), legal.shape[0] - 1)
    return at, legal[at] == rows


def sorted_members(members, Py_ssize_t n_answers):
    """A set's members as the memo keys need them (the search's own sets are
    sorted already): sorted, without repeats, and checked, as the search
    indexes the matrix with them unchecked."""
    members = np.unique(np.asarray(members, dtype=np.intp))
    if members.shape[0] and (members[0] < 0 or members[members.shape[0] - 1] >= n_answers):
        raise ValueError(f"candidates must be answer indices in 0..{n_answers - 1}")
    return members


cdef dict _newer_half(dict entries):
    # The newer half of a dict (insertion order), in a new, compact dict.
    # Deleting a dict's oldest entry one at a time takes longer each time:
    # the deleted entries stay at the front, as dummies that iteration
    # skips, until the table is rebuilt. (The memo, a dict until it became a
    # table of its own, went from 12 us per insertion to 140 us so.)
    return dict(islice(entries.items(), len(entries) // 2, None))


cdef class SearchBase:
    """The exact searcher's state (see ``ExactSearcher``, its public face)."""

    def __cinit__(self):
        self.seen = NULL
        self.bucket_of = NULL

    def __init__(self, matrix, Py_ssize_t length, answer_rows,
                 Py_ssize_t max_entries=DEFAULT_MEMO_ENTRIES,
                 n_threads=None, str mode="off", guess_letters=None, *,
                 bint keep_keys=False, lanes=None):
        self.lanes = pairwise_lanes(lanes)
        self.matrix_obj = view_matrix(&self.matrix, matrix, length, "exact search")
        if self.matrix.matrix8 != NULL:
            # The search reads codes answer by answer (see _guess_bounds_columns).
            self.columns_obj = transposed(self.matrix_obj)
            self.matrix.columns8 = <const uint8_t*> <size_t> self.columns_obj.ctypes.data
        self.answer_rows_obj = np.ascontiguousarray(answer_rows, dtype=np.intp)
        if self.answer_rows_obj.shape != (self.matrix.n_answers,):
            raise ValueError("answer_rows needs the guess row of every answer")
        self.answer_rows = <const intp_t*> <size_t> self.answer_rows_obj.ctypes.data
        self.mode = mode
        self.rule.mode_id = mode_id(mode)
        if self.rule.mode_id != MODE_OFF:
            self._hold_letters(guess_letters)
        self.seen = <uint32_t*> calloc(self.matrix.n_patterns, sizeof(uint32_t))
        self.bucket_of = <int32_t*> calloc(self.matrix.n_patterns, sizeof(int32_t))
        if self.seen == NULL or self.bucket_of == NULL:
            raise MemoryError()
        self.stamp = 0
        self.memo = Memo(max_entries, self.matrix.n_answers, keep_keys)
        self.legal_ids = {}
        self.legal_by_context = {}
        self.legal_cached_bytes = 0
        self.n_threads = 0 if n_threads is None else int(n_threads)   # 0: every core
        # each mode's fastest, as measured (benchmarks/LOG.md; see _bucket_costs)
        self.switches.closed_forms = self.switches.reach_scan = True
        self.switches.union_bounds = True
        self.switches.probe_children = self.rule.mode_id == MODE_HARD
        self.switches.scan_children = self.rule.mode_id == MODE_OFF
        self.switches.bucket_order = 1 if self.rule.mode_id == MODE_OFF else 0
        for i in range(length):
            self.digit_values[i] = 3 ** (length - 1 - i)
        self.cores = CoreShare(self.n_threads, PARALLEL_WORK)

    cdef _hold_letters(self, guess_letters):
        # The hard modes: the guesses' letters and counts, and the endgame bound.
        cdef Py_ssize_t length = self.matrix.length
        if guess_letters is None:
            raise ValueError(f"mode {self.mode!r} needs guess_letters, the guesses' letters "
                             "0..25")
        letters = np.ascontiguousarray(guess_letters, dtype=np.uint8)
        if (letters.shape != (self.matrix.n_guesses, length)
                or (letters.size and letters.max() > 25)):
            raise ValueError(f"guess_letters must be uint8[{self.matrix.n_guesses}, {length}] "
                             "with letters 0..25")
        counts = letter_counts(letters)
        self.letters_obj, self.counts_obj = letters, counts
        self.rule.letters = <const letter_t*> <size_t> letters.ctypes.data
        self.rule.letter_counts = <const uint8_t*> <size_t> counts.ctypes.data
        self.endgame_obj, n_endgames = endgame_table(letters[self.answer_rows_obj])
        self.endgame.of = <const int32_t*> <size_t> self.endgame_obj.ctypes.data
        self.endgame.counts = <uint32_t*> calloc(max(1, n_endgames), sizeof(uint32_t))
        self.endgame.seen = <uint8_t*> calloc(self.matrix.n_patterns, sizeof(uint8_t))
        if self.endgame.counts == NULL or self.endgame.seen == NULL:
            raise MemoryError()

    def __dealloc__(self):
        self._free_scratch(self.scan_scratch)
        free(self.scan_rows)
        free(self.scan_counts)
        free(self.seen)
        free(self.bucket_of)
        free(self.endgame.counts)
        free(self.endgame.seen)

    def clear(self):
        self.memo.clear()
        self.legal_ids.clear()
        self.legal_by_context.clear()
        self.legal_cached_bytes = 0
        self.states = self.scans = self.memo_hits = 0

    @property
    def max_entries(self):
        return self.memo.max_entries

    def memo_items(self):
        """What the memo knows, for checking it: ``(members, depth, context,
        value, exact)`` per entry, ``context`` the key's rule suffix (None in
        normal mode) and ``value`` a lower bound when not ``exact``. Only a
        searcher made with ``keep_keys=True`` can list them (the memo keeps
        fingerprints, not members)."""
        yield from self.memo.items()

    def memo_snapshot(self, int min_weight):
        """``(a, b, value, exact, weight)`` arrays of the memo's entries whose
        search visited 2 ** (min_weight - 1) states or more: proven values
        and lower bounds, by key fingerprint, for a store to keep across
        runs (``exact.store``). While a search runs, ``checkpoint`` (a
        callable, or None) is called every CHECK_EVERY states and every
        CHECK_EVERY scans of a bucket for its bound, where it
        may take a snapshot; Ctrl-C is noticed there too."""
        return self.memo.snapshot(min_weight)

    def memo_restore(self, a, b, values, exact, weights):
        """Put back entries that ``memo_snapshot`` gave, from a searcher over
        the same lists and mode whose ``memo_fingerprint`` is the same."""
        self.memo.restore(a, b, values, exact, weights)

    def memo_fingerprint(self, members, int depth):
        """The fingerprint ``(a, b)`` of a set's key; in the hard modes with
        the context of every guess legal (the keys carry the legal list's
        digest, see _legal_id, and the rule's state since)."""
        context = (None if self.rule.mode_id == MODE_OFF
                   else self._root_context(np.arange(self.matrix.n_guesses, dtype=np.intp)))
        return self.memo.fingerprint(members, depth, context)

    def stats(self):
        return {"states": self.states, "scans": self.scans, "endgame_cuts": self.endgame_cuts,
                "memo_hits": self.memo_hits,
                "memo_entries": self.memo.count, "memo_replaced": self.memo.replaced,
                "legal_lists": len(self.legal_ids), "max_entries": self.memo.max_entries}

    cdef int _check_in(self) except -1:
        # Every CHECK_EVERY states of a search: a signal's Python handler runs
        # (the search holds the GIL but runs no bytecode, so a Ctrl-C waited
        # until it returned: seconds, or minutes in the hard modes), then the
        # checkpoint, if any.
        PyErr_CheckSignals()
        if self.checkpoint is not None:
            self.checkpoint()
        return 0

    cdef bytes _root_context(self, legal):
        # What the memo key must add to the members for the legal guesses:
        # nothing in normal mode; in the hard modes the legal list's number
        # (_legal_id), and in hard mode after it the rule's state since that
        # list, as _hard_context_after keeps it.
        if legal is None:
            return None
        cdef uint64_t legal_id = self._legal_id(legal)
        cdef Py_ssize_t size = self._context_size()
        cdef bytes context = PyBytes_FromStringAndSize(NULL, size)
        cdef char* out = PyBytes_AS_STRING(context)
        memset(out, 0, size)
        memcpy(out, &legal_id, 8)
        return context

    cdef Py_ssize_t _context_size(self):
        # The bytes _root_context adds to a key: none in normal mode; the
        # legal list's number; in hard mode then the greens and least counts.
        if self.rule.mode_id == MODE_OFF:
            return 0
        return 8 + (self.matrix.length + 26 if self.rule.mode_id == MODE_HARD else 0)

    cdef bytes _hard_context_after(self, bytes context, Py_ssize_t guess, Py_ssize_t code):
        # Hard mode's rule after `guess` shows `code`, merged into the
        # context: a green letter at each position (letter + 1, or 0) and
        # the least count of each letter. The guesses legal after a path
        # are the root list's that keep those greens and counts, so equal
        # contexts mean equal legal lists, and a child's key needs no
        # filtering of the list (the search filters only the sets it
        # searches: most are memo hits).
        cdef bytes after = PyBytes_FromStringAndSize(PyBytes_AS_STRING(context), len(context))
        cdef uint8_t* greens = <uint8_t*> PyBytes_AS_STRING(after) + 8
        cdef uint8_t* least = greens + self.matrix.length
        cdef uint8_t shown[26]
        cdef Py_ssize_t i
        memset(shown, 0, sizeof(shown))
        row_reveals(self.rule.letters + guess * self.matrix.length, self.matrix.length, code,
                    greens, shown)
        for i in range(26):
            if shown[i] > least[i]:
                least[i] = shown[i]
        return after

    cdef uint64_t _legal_id(self, legal) except? 0xFFFFFFFFFFFFFFFF:
        # A number for each distinct legal list, so that the memo keys hold
        # eight bytes instead of the list: eight bytes of its BLAKE2 digest,
        # the same in every process and run, so that a store can keep
        # hard-mode memo entries too (exact.store; a number counted up per
        # searcher meant nothing to the next process). Cached by the packed
        # list, as the numbers were.
        packed = pack_legal(legal, self.matrix.n_guesses)
        found = self.legal_ids.get(packed)
        if found is not None:
            return found
        found = int.from_bytes(blake2b(packed, digest_size=8).digest(), "little")
        self.legal_ids[packed] = found
        if len(self.legal_ids) > self.max_entries:
            self.legal_ids = _newer_half(self.legal_ids)
        return found

    cdef object _legal_now(self, legal, members=None):
        # The caller's legal rows checked and made contiguous; None in normal
        # mode. With `members`, every candidate must be legal: the rule always
        # allows a word that fits the feedback, and the closed forms rely on it.
        if legal is None:
            if self.rule.mode_id == MODE_OFF:
                return None
            return np.arange(self.matrix.n_guesses, dtype=np.intp)
        if self.rule.mode_id == MODE_OFF:
            raise ValueError("legal guesses only apply to the hard modes; this searcher "
                             "plays normal mode")
        legal = np.ascontiguousarray(legal, dtype=np.intp)
        if legal.ndim != 1 or legal.shape[0] == 0:
            raise ValueError("legal must list at least one guess row")
        if (legal[0] < 0 or legal[legal.shape[0] - 1] >= self.matrix.n_guesses
                or (legal.shape[0] > 1 and np.any(np.diff(legal) <= 0))):
            raise ValueError("legal must be sorted, distinct rows in "
                             f"0..{self.matrix.n_guesses - 1}")
        if members is not None and members.shape[0]:
            rows = self.answer_rows_obj[members]
            missing = np.flatnonzero(~positions_in(legal, rows)[1])
            if missing.shape[0]:
                raise ValueError(
                    f"legal must hold every candidate's guess row, but candidate "
                    f"{members[missing[0]]} (row {rows[missing[0]]}) is not in it: the hard "
                    "modes always allow a word that fits the feedback, so a list without "
                    "one is not the rule's")
        return legal

    cdef tuple _legal_and_context(self, members, legal, after):
        # A public solve's start: the legal rows and the memo key's context
        # of `members` (checked: see _legal_now), where `after` (or None) is
        # (guess, code) when the set is what that guess showing that code
        # left of `legal`. In hard mode the memo then knows the set by the
        # rule's state since `legal`, so that the sets of different openers
        # share entries when the same words and the same rule remain.
        if after is None or self.rule.mode_id == MODE_OFF:
            legal = self._legal_now(legal, members)
            return legal, self._root_context(legal)
        guess, code = after
        if not (0 <= guess < self.matrix.n_guesses and 0 <= code < self.matrix.n_patterns):
            raise ValueError(f"after must be (guess row, pattern code), got {after!r}")
        legal = self._legal_now(legal)
        if self.rule.mode_id == MODE_HARD:
            context = self._hard_context_after(self._root_context(legal), guess, code)
            legal = self._legal_in_context(legal, guess, code, context)
        else:
            legal = self._legal_after(legal, guess, code)
            context = self._root_context(legal)
        return self._legal_now(legal, members), context

    cdef object _legal_in_context(self, legal, Py_ssize_t guess, Py_ssize_t code,
                                  bytes context):
        # Hard mode: the legal rows after `guess` shows `code`, where
        # `context` is the state after it. The context fixes the list (see
        # _hard_context_after), and many sets share one, so the lists are
        # kept by context, up to LEGAL_CACHE_BYTES: filtering every searched
        # set's list was a quarter of a hard-mode refutation's time.
        found = self.legal_by_context.get(context)
        if found is not None:
            return found
        found = self._legal_after(legal, guess, code).copy()   # not a view of the parent's size
        self.legal_by_context[context] = found
        self.legal_cached_bytes += found.nbytes
        if self.legal_cached_bytes > LEGAL_CACHE_BYTES:
            self.legal_by_context = _newer_half(self.legal_by_context)
            self.legal_cached_bytes = sum(rows.nbytes for rows in self.legal_by_context.values())
        return found

    cdef object _legal_after(self, legal, Py_ssize_t guess, Py_ssize_t code):
        # The guesses the rule allows after `guess` shows `code`.
        if legal is None:
            return None
        return legal_after(self.rule.mode_id, self.rule.letters, self.rule.letter_counts,
                           self.matrix.length, legal, guess, code)

    cdef _opener_rows(self, rows):
        # `rows` as a contiguous intp array of guess rows, or ValueError.
        rows = np.ascontiguousarray(rows, dtype=np.intp)
        if rows.ndim != 1 or (rows.shape[0] and (rows.min() < 0
                                                 or rows.max() >= self.matrix.n_guesses)):
            raise ValueError(f"opener rows must lie in 0..{self.matrix.n_guesses - 1}")
        return rows

    cdef bint _is_legal(self, legal, Py_ssize_t guess):
        at = np.searchsorted(legal, guess)
        return at < legal.shape[0] and legal[at] == guess

    # -- the public calls both searches answer alike, over what each costs its own way --

    def after_guess(self, members, Py_ssize_t guess, int depth, int64_t budget=INFEASIBLE,
                    legal=None):
        """The total for playing ``guess`` first with ``depth`` guesses in all
        (a lower bound above ``budget`` when that is passed)."""
        members = self._members_of(members)
        legal = self._legal_now(legal, members)
        if legal is not None and not self._is_legal(legal, guess):
            raise ValueError(f"guess row {guess} is not among the legal guesses")
        if members.shape[0] == 0:
            return 0
        self.memo.new_generation()
        return self._cost_of(members, guess, depth, budget, legal)

    def legal_after(self, legal, Py_ssize_t guess, Py_ssize_t code):
        """The legal rows left after ``guess`` shows pattern ``code`` (hard modes)."""
        legal = self._legal_now(legal)
        if legal is None:
            raise ValueError("normal mode has no legal-guess list; every guess stays allowed")
        return self._legal_after(legal, guess, code)

    def guess_costs(self, members, rows, int depth, legal=None):
        """Total guesses to finish ``members`` when each guess row in ``rows``
        is played next, within ``depth`` guesses in all, and which of them
        are exact. The smallest exact entry belongs to an optimal guess; an
        entry that is not exact is only a lower bound on its guess's cost,
        and may equal the optimum without reaching it. In the hard modes
        ``rows`` must be legal."""
        members = self._members_of(members)
        rows = np.ascontiguousarray(rows, dtype=np.intp)
        legal = self._legal_now(legal, members)
        if members.shape[0] == 0:
            raise ValueError("no candidates")
        all_bounds, _ = self._level_bounds(members, legal, INFEASIBLE)
        # A guess that learns nothing is marked unplayable for the search, but
        # it has a value: the set's mass plus T(S, depth - 1).
        all_bounds[all_bounds >= INFEASIBLE] = self._learns_nothing_bound(members)
        if legal is None:
            costs = all_bounds[rows].astype(np.float64)
        else:
            at, present = positions_in(legal, rows)
            if not present.all():
                raise ValueError("every row must be a legal guess in this mode")
            costs = all_bounds[at].astype(np.float64)
        exact = np.zeros(rows.shape[0], dtype=bool)
        cdef int64_t best = INFEASIBLE
        cdef int64_t cost
        for position in np.argsort(costs, kind="stable"):
            if costs[position] >= best:
                break
            cost = self._cost_of(members, rows[position], depth, best - 1, legal)
            costs[position] = cost
            if cost < best:
                best = cost
                exact[position] = True
        return costs, exact

    cdef object _optimal_guess(self, members, int depth, int64_t value, legal):
        # The first guess, in bound order, whose cost equals the set's value.
        if members.shape[0] == 1:
            return int(self.answer_rows[members[0]])
        bounds, _ = self._level_bounds(members, legal, value)
        # only guesses whose bound reaches the value can; sorting just those
        # (not every guess) saved 0.1 s of the SALET tree
        within = np.flatnonzero(bounds <= value)
        for position in within[np.argsort(bounds[within], kind="stable")]:
            row = position if legal is None else legal[position]
            if self._cost_of(members, row, depth, value, legal) == value:
                return int(row)
        raise RuntimeError("no guess reaches the optimum found; this is a bug")

    cdef object _members_of(self, members):
        # A public call's members, as the memo keys need them.
        return sorted_members(members, self.matrix.n_answers)

    cdef int64_t _cost_of(self, members, Py_ssize_t guess, int depth, int64_t budget,
                          legal) except -1:
        # A guess's cost over a numpy array of members: each search's own.
        raise NotImplementedError

    cdef tuple _level_bounds(self, members, legal, int64_t budget):
        # (bounds, buckets) of every legal guess over the members: each
        # search's one-level bounds, at least exact where within `budget`.
        raise NotImplementedError

    cdef int64_t _learns_nothing_bound(self, members) except -1:
        # A lower bound on a guess that learns nothing: the set's mass plus T(S, d - 1).
        raise NotImplementedError

    cdef _all_bounds(self, const intp_t* members, Py_ssize_t n, legal,
                     bint stop_at_split=False):
        # (bounds, buckets, stopped) of every legal guess over the set, in
        # the order of `legal` (of the matrix rows when it is None). With
        # `stop_at_split` (byte codes) the scan may stop after a block where
        # some guess splits the set apart (n buckets): `stopped` says so,
        # and the blocks not scanned are left unset.
        cdef Py_ssize_t n_rows = self.matrix.n_guesses if legal is None else legal.shape[0]
        cdef const intp_t* rows = NULL
        cdef const intp_t[::1] legal_view
        if legal is not None:
            legal_view = legal
            rows = &legal_view[0]
        bounds = np.empty(n_rows, dtype=np.int64)
        buckets = np.empty(n_rows, dtype=np.int64)
        cdef int64_t[::1] bound_view = bounds
        cdef int64_t[::1] bucket_view = buckets
        cdef Py_ssize_t block, n_blocks = (n_rows + BLOCK - 1) // BLOCK
        cdef double block_started
        cdef int stopped[1]
        stopped[0] = 0
        cdef int threads = (self.cores.begin(n * n_rows) if self.matrix.columns8 != NULL else 1)
        if self.matrix.columns8 != NULL and threads == 1:
            with nogil:
                for block in range(n_blocks):
                    guess_bounds_columns(self.matrix.columns8, self.matrix.n_guesses,
                                         block * BLOCK, min(n_rows, (block + 1) * BLOCK), rows,
                                         members, n, self.matrix.all_green, &bound_view[0],
                                         &bucket_view[0], self.lanes)
                    if stop_at_split and splits_apart(&bucket_view[0], block * BLOCK,
                                                      min(n_rows, (block + 1) * BLOCK), n):
                        stopped[0] = 1
                        break
        elif self.matrix.columns8 != NULL:
            # Each block is timed, so that a busy machine is noticed: thousands
            # of short regions per proof wait at their barriers for threads
            # other processes hold (CoreShare backs off to one thread).
            for block in prange(n_blocks, nogil=True, schedule="dynamic", num_threads=threads):
                if stopped[0]:
                    continue
                block_started = wf_now()
                guess_bounds_columns(self.matrix.columns8, self.matrix.n_guesses, block * BLOCK,
                                     min(n_rows, (block + 1) * BLOCK), rows, members, n,
                                     self.matrix.all_green, &bound_view[0], &bucket_view[0],
                                     self.lanes)
                if stop_at_split and splits_apart(&bucket_view[0], block * BLOCK,
                                                  min(n_rows, (block + 1) * BLOCK), n):
                    stopped[0] = 1
                self.cores.add_busy(wf_now() - block_started)
            self.cores.end()
        else:
            with nogil:
                guess_bounds(self.matrix.matrix16, self.matrix.n_answers, n_rows, rows, members, n,
                             self.matrix.all_green, self.seen, &self.stamp, &bound_view[0],
                             &bucket_view[0])
        return bounds, buckets, stopped[0] != 0

    cdef Py_ssize_t _most_candidate_buckets(self, const intp_t* members, Py_ssize_t n):
        # The most buckets any candidate makes of the set (the n candidates
        # only, not every guess), where _search reads it: exact when n,
        # n - 1 or at most 2, else some count in 3..n - 2 (most_splits).
        if self.matrix.columns8 != NULL:
            return most_splits(self.matrix.matrix8, self.matrix.n_answers, self.answer_rows,
                               members, n, False)
        cdef Py_ssize_t i, j, most = 0
        cdef set codes
        for i in range(n):
            codes = {self._code(self.answer_rows[members[i]], members[j]) for j in range(n)}
            if len(codes) > most:
                most = len(codes)
                if most == n:
                    break
        return most

    cdef _prepare_reach(self):
        # A guess makes at most as many buckets of a set as of every answer
        # (its reach), so a scan over guesses in decreasing reach can stop
        # once no guess left can beat the best bound found.
        if self.reach_obj is not None:
            return
        everyone = np.arange(self.matrix.n_answers, dtype=np.intp)
        cdef const intp_t[::1] view = everyone
        _, reach, _ = self._all_bounds(&view[0], self.matrix.n_answers, None)
        self.reach_obj = np.ascontiguousarray(reach, dtype=np.int64)
        self.by_reach_obj = np.ascontiguousarray(np.argsort(-reach, kind="stable"), dtype=np.intp)
        self.reach = <const int64_t*> <size_t> self.reach_obj.ctypes.data
        self.by_reach = <const intp_t*> <size_t> self.by_reach_obj.ctypes.data
        if self.matrix.columns8 != NULL and self.rule.mode_id == MODE_OFF:
            # Normal mode's bound pass scans every guess in reach order: a
            # copy of the columns in that order reads them consecutively.
            self.columns_by_reach_obj = np.ascontiguousarray(
                self.columns_obj[:, self.by_reach_obj])
            self.columns_by_reach = <const uint8_t*> <size_t> self.columns_by_reach_obj.ctypes.data

    cdef Scratch* _new_scratch(self) noexcept nogil:
        cdef Scratch* scratch = <Scratch*> calloc(1, sizeof(Scratch))
        if scratch == NULL:
            return NULL
        scratch.bound = <int64_t*> malloc(self.matrix.n_guesses * sizeof(int64_t))
        scratch.buckets = <int64_t*> malloc(self.matrix.n_guesses * sizeof(int64_t))
        scratch.grouped = <intp_t*> malloc(self.matrix.n_answers * sizeof(intp_t))
        scratch.rows = <intp_t*> malloc(self.matrix.n_guesses * sizeof(intp_t))
        scratch.counts = <Py_ssize_t*> malloc((self.matrix.n_patterns + 1) * sizeof(Py_ssize_t))
        scratch.order = <uint64_t*> malloc(self.matrix.n_patterns * sizeof(uint64_t))
        scratch.seen = <uint32_t*> calloc(self.matrix.n_patterns, sizeof(uint32_t))
        if (scratch.bound == NULL or scratch.buckets == NULL or scratch.grouped == NULL
                or scratch.rows == NULL or scratch.counts == NULL or scratch.order == NULL
                or scratch.seen == NULL):
            self._free_scratch(scratch)
            return NULL
        return scratch

    cdef void _free_scratch(self, Scratch* scratch) noexcept nogil:
        if scratch != NULL:
            free(scratch.bound)
            free(scratch.buckets)
            free(scratch.grouped)
            free(scratch.rows)
            free(scratch.counts)
            free(scratch.order)
            free(scratch.seen)
            free(scratch)

    cdef bint _endgame_cut(self, const intp_t* members, Py_ssize_t n, int depth,
                           legal) except -1:
        # _endgame.cannot_finish over this set and its legal rows, read from
        # the answer-major byte codes when the search has them.
        cdef const intp_t[::1] rows = legal
        cdef intp_t* scratch = <intp_t*> malloc(n * (self.matrix.length + 1) * sizeof(intp_t))
        if scratch == NULL:
            raise MemoryError()
        # (byte codes answer-major: a guess is one step, an answer a row)
        cdef bint answer_major = self.matrix.columns8 != NULL
        cdef bint cut = endgame_cannot_finish(
            members, n, depth, self.endgame.of, self.matrix.length, self.endgame.counts, &rows[0],
            rows.shape[0], self.matrix.columns8, NULL if answer_major else self.matrix.matrix16,
            1 if answer_major else self.matrix.n_answers,
            self.matrix.n_guesses if answer_major else 1,
            self.endgame.seen, scratch)
        free(scratch)
        return cut
