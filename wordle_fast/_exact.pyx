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

from hashlib import blake2b
from itertools import islice

import numpy as np

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from cython.parallel cimport parallel, prange
from libc.stdlib cimport calloc, free, malloc, qsort
from libc.string cimport memcpy, memset

from wordle_fast._bitset cimport popcount64
from wordle_fast._bound cimport (INFEASIBLE, least_bound, least_cost, only_singles,
                                 small_set_value)
from wordle_fast._endgame cimport cannot_finish as endgame_cannot_finish
from wordle_fast._legal cimport (MODE_HARD, MODE_OFF, filter_legal, legal_after, pack_legal,
                                 row_reveals)
from wordle_fast._memo cimport Fingerprint, Memo, SetHash
from wordle_fast._parallel cimport CoreShare, wf_now
from wordle_fast._scans cimport (BLOCK, compare_keys, distinct_bucket_ids, guess_bounds,
                                 guess_bounds_columns, most_buckets, most_splits,
                                 order_by_bound, order_by_count, splits_apart)
from wordle_fast._typedefs cimport bitword_t, code_t, intp_t, letter_t

from wordle_fast._bound import UNSOLVABLE
from wordle_fast._endgame import endgame_table
from wordle_fast._legal import letter_counts, mode_id
from wordle_fast._scans import machine_lanes, pairwise_lanes, transposed

BUCKET_ORDERS = ("smallest", "largest", "code")   # _guess_cost's order of a guess's buckets


cdef struct Child:
    # What _bucket_costs knows of one bucket before searching it.
    SetHash sum           # its members' sums (the memo's set hash)
    Fingerprint key
    int64_t entry         # its memo entry, or -1
    int64_t lower         # the bound its search starts from
    Py_ssize_t most       # the most buckets a candidate makes of it, or -1
    int state             # CHILD_SETTLED, CHILD_KEYED or CHILD_STRICT


cdef enum:
    CHILD_SETTLED = 0     # known already: not searched
    CHILD_KEYED = 1       # searched by its key (normal and hard mode)
    CHILD_STRICT = 2      # strict mode: keyed by its filtered list, when searched


cdef struct Scratch:
    # One thread's working memory for the bound pass over openers.
    int64_t* bound          # [n_guesses] per-guess lower bounds over one set
    int64_t* buckets        # [n_guesses] per-guess bucket counts
    intp_t* grouped         # [n_answers] answers grouped by the opener's code
    intp_t* rows            # [n_guesses] legal rows after the opener (hard modes)
    Py_ssize_t* counts      # [n_patterns + 1] answers per code, then bucket starts
    uint64_t* order         # [n_patterns] buckets as (n - size, code), largest first
    uint32_t* seen          # [n_patterns] stamps for the uint16 bound scan
    uint32_t stamp


cdef extern from "_atomic.h":
    int64_t wf_load_shared(const int64_t* p) noexcept nogil
    void wf_store_shared(int64_t* p, int64_t v) noexcept nogil


cdef enum:
    SMALL_SORT = 32       # _bucket_costs sorts sets up to this size by insertion
# Scans of fewer (member, guess) codes than this run on one thread: below it
# the threads cost more than they save (measured on SALET; see
# benchmarks/test_bench_contention.py).
PARALLEL_WORK = 1 << 16
# Hard mode's legal lists kept by rule context (ExactSearcher._legal_in_context)
LEGAL_CACHE_BYTES = 64 << 20
# The memo grows to at most this many entries of 24 bytes (768 MB); see
# _memo.pyx and benchmarks/README.md.
DEFAULT_MEMO_ENTRIES = 1 << 25
# States between two check-ins of a search (_check_in): a few hundredths of
# a second of the slowest searches, so Ctrl-C or SIGTERM stops at once.
cdef enum:
    CHECK_EVERY = 1024

# A memo entry as Memo.find gives it: (value << 1) | exact, or -1 (none).
cdef inline int64_t _memo_value(int64_t entry) noexcept nogil:
    return entry >> 1


cdef inline bint _memo_exact(int64_t entry) noexcept nogil:
    return entry & 1


cdef inline int _weight(Py_ssize_t states) noexcept nogil:
    # An entry's weight in the memo: the bits of the states its search visited.
    cdef int bits = 0
    while states > 0:
        bits += 1
        states >>= 1
    return bits


cdef inline size_t _work_bytes(Py_ssize_t n) noexcept nogil:
    # _guess_cost's scratch for a set of n: keys, grouped members, what is
    # known of each bucket, each bucket's Child.
    return ((2 * n + 1) * sizeof(uint64_t) + 2 * n * sizeof(intp_t)
            + (n + 1) * sizeof(int64_t) + (n + 1) * sizeof(Child))


def _positions_in(legal, rows):
    # Where each of `rows` sits in the sorted list `legal`, and whether it
    # is there at all.
    at = np.minimum(np.searchsorted(legal, rows), legal.shape[0] - 1)
    return at, legal[at] == rows


def _sorted_members(members, Py_ssize_t n_answers):
    # The memo keys need each set's members in one order (the search's own
    # sets are sorted already): sorted, without repeats, and checked, as
    # the search indexes the matrix with them unchecked.
    members = np.unique(np.asarray(members, dtype=np.intp))
    if members.shape[0] and (members[0] < 0 or members[members.shape[0] - 1] >= n_answers):
        raise ValueError(f"candidates must be answer indices in 0..{n_answers - 1}")
    return members


cdef class ExactSearcher:
    """T(S, d) over one pattern matrix (uint8 or uint16 codes), with a memo.

    ``mode``: ``off`` (every matrix row may be played at every turn),
    ``hard`` or ``strict`` (see :mod:`wordle_fast.rules`); the hard modes
    need ``guess_letters``, the guesses' letters 0..25 (``uint8[n_guesses,
    L]``). Methods take ``legal``, the sorted matrix rows allowed now (the
    hard modes; None means every guess), and the members of the candidate set
    as answer indices. ``closed_forms=False``, ``reach_scan=False`` (scan
    every guess, not only those whose buckets over the parent set could come
    within the budget), ``union_bounds=False`` (no memo bounds for unions of
    a guess's buckets; see ``_note_unions``), ``probe_children`` (each
    bucket of a guess first searched with its own bound as the budget; None:
    in hard mode only, where it measured faster), ``scan_children`` (each
    bucket first scanned for its one-level bound; None: in normal mode
    only, the only mode it serves) and ``bucket_order`` (the order
    in which a guess's buckets are searched: "smallest" or "largest" first,
    or "code" order; None: largest first in normal mode, smallest first in
    the hard modes, which measured fastest in each) turn techniques off or
    change them (same results), so the benchmarks can measure what each
    pays. ``max_entries``: the most entries the memo grows to (a power of
    two at most this, 24 bytes each; see _memo.pyx); ``keep_keys``: the
    memo also keeps each entry's members, for ``memo_items`` (checking only);
    ``lanes``: the widest pairwise scan to use (``machine_lanes()``, the
    default; smaller to measure or test the others; see _pairwise.h).
    """

    cdef object matrix_obj, answer_rows_obj, letters_obj, counts_obj
    cdef const intp_t* answer_rows        # matrix row of each answer (it is also a guess)
    cdef object columns_obj
    cdef const uint8_t* columns8          # uint8 codes answer-major, [n_answers, n_guesses]
    cdef const uint16_t* matrix16
    cdef const letter_t* letters          # [n_guesses, length], hard modes only
    cdef const uint8_t* letter_counts     # [n_guesses, 26], hard modes only
    cdef object by_reach_obj, reach_obj, columns_by_reach_obj
    cdef const uint8_t* columns_by_reach  # columns8 with the guesses in by_reach order (normal mode)
    cdef const intp_t* by_reach           # guess rows, most buckets over every answer first
    cdef const int64_t* reach             # [n_guesses] buckets each guess makes of every answer
    cdef const uint8_t* matrix8           # uint8 codes guess-major, [n_guesses, n_answers]
    cdef Py_ssize_t n_answers, n_guesses, n_patterns, all_green, length
    cdef uint32_t* seen
    cdef int32_t* bucket_of               # [n_patterns] scratch of _note_unions: bucket + 1, or 0
    cdef uint32_t stamp
    cdef int mode_id
    cdef readonly int lanes               # the pairwise scan's width (see _pairwise.h)
    cdef bint closed_forms, reach_scan, union_bounds   # switches kept to measure what each pays
    cdef bint probe_children
    cdef bint scan_children
    cdef Scratch* scan_scratch            # scan_children's scratch, made when first needed
    cdef object scan_reach                # the reach scan_rows are ordered by
    cdef intp_t* scan_rows                # every guess in decreasing scan_reach: its place
                                          # in by_reach if columns_by_reach, else its row
    cdef int64_t* scan_counts             # scan_reach by place in by_reach
    cdef Py_ssize_t weights[16]           # 3 ** (length - 1 - i): position i's weight in a code
    cdef int bucket_order                 # 0 smallest first, 1 largest first, 2 code order
    cdef readonly CoreShare cores         # the bound scans' threads (see _parallel.pyx)
    cdef Memo memo                      # fingerprint -> value or lower bound, exact?
    cdef dict legal_ids                 # packed legal list -> its number in the keys
    cdef dict legal_by_context          # hard mode: rule context -> its legal rows
    cdef Py_ssize_t legal_cached_bytes
    cdef readonly Py_ssize_t states, memo_hits
    cdef readonly Py_ssize_t scans        # buckets scanned for their bound (_scan_children)
    cdef object endgame_obj               # the hard modes: endgame_table's ids, else None
    cdef const int32_t* endgame_of
    cdef uint32_t* endgame_counts         # _endgame_cut's scratch: one per endgame,
    cdef uint8_t* endgame_seen            # one per code (both kept zero)
    cdef readonly Py_ssize_t endgame_cuts # sets the endgame bound proved hopeless
    cdef readonly str mode
    cdef int n_threads
    cdef public object checkpoint       # called every CHECK_EVERY states (see memo_snapshot)

    def __cinit__(self):
        self.seen = NULL
        self.bucket_of = NULL

    def __init__(self, matrix, Py_ssize_t length, answer_rows,
                 Py_ssize_t max_entries=DEFAULT_MEMO_ENTRIES,
                 n_threads=None, str mode="off", guess_letters=None, *,
                 bint closed_forms=True, str bucket_order=None, bint reach_scan=True,
                 bint union_bounds=True, bint keep_keys=False, probe_children=None,
                 scan_children=None, bint endgame_bound=True,
                 Py_ssize_t parallel_work=PARALLEL_WORK, lanes=None):
        self.lanes = pairwise_lanes(lanes)
        matrix = np.ascontiguousarray(matrix)
        if matrix.dtype == np.uint8:
            # The search reads codes answer by answer (see _guess_bounds_columns).
            self.columns_obj = transposed(matrix)
            self.columns8 = <const uint8_t*> <size_t> self.columns_obj.ctypes.data
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
        self.length = length
        self.n_patterns = int(3 ** length)
        self.all_green = self.n_patterns - 1
        self.mode = mode
        self.mode_id = mode_id(mode)
        if self.mode_id != MODE_OFF:
            if guess_letters is None:
                raise ValueError(f"mode {mode!r} needs guess_letters, the guesses' letters 0..25")
            letters = np.ascontiguousarray(guess_letters, dtype=np.uint8)
            if letters.shape != (self.n_guesses, length) or (letters.size and letters.max() > 25):
                raise ValueError(f"guess_letters must be uint8[{self.n_guesses}, {length}] "
                                 "with letters 0..25")
            counts = letter_counts(letters)
            self.letters_obj, self.counts_obj = letters, counts
            self.letters = <const letter_t*> <size_t> letters.ctypes.data
            self.letter_counts = <const uint8_t*> <size_t> counts.ctypes.data
        if self.mode_id != MODE_OFF and endgame_bound:
            self.endgame_obj, n_endgames = endgame_table(letters[self.answer_rows_obj])
            self.endgame_of = <const int32_t*> <size_t> self.endgame_obj.ctypes.data
            self.endgame_counts = <uint32_t*> calloc(max(1, n_endgames), sizeof(uint32_t))
            self.endgame_seen = <uint8_t*> calloc(self.n_patterns, sizeof(uint8_t))
            if self.endgame_counts == NULL or self.endgame_seen == NULL:
                raise MemoryError()
        self.seen = <uint32_t*> calloc(self.n_patterns, sizeof(uint32_t))
        self.bucket_of = <int32_t*> calloc(self.n_patterns, sizeof(int32_t))
        if self.seen == NULL or self.bucket_of == NULL:
            raise MemoryError()
        self.stamp = 0
        self.memo = Memo(max_entries, self.n_answers, keep_keys)
        self.legal_ids = {}
        self.legal_by_context = {}
        self.legal_cached_bytes = 0
        self.n_threads = 0 if n_threads is None else int(n_threads)   # 0: every core
        if bucket_order is None:
            bucket_order = "largest" if self.mode_id == MODE_OFF else "smallest"
        if bucket_order not in BUCKET_ORDERS:
            raise ValueError(f"bucket_order must be one of {', '.join(BUCKET_ORDERS)}")
        self.closed_forms, self.bucket_order = closed_forms, BUCKET_ORDERS.index(bucket_order)
        self.reach_scan, self.union_bounds = reach_scan, union_bounds
        # (hard mode only by default: see _bucket_costs)
        self.probe_children = (self.mode_id == MODE_HARD if probe_children is None
                               else bool(probe_children))
        self.scan_children = (self.mode_id == MODE_OFF if scan_children is None
                              else bool(scan_children))
        for i in range(length):
            self.weights[i] = 3 ** (length - 1 - i)
        self.cores = CoreShare(self.n_threads, parallel_work)

    def __dealloc__(self):
        self._free_scratch(self.scan_scratch)
        free(self.scan_rows)
        free(self.scan_counts)
        free(self.seen)
        free(self.bucket_of)
        free(self.endgame_counts)
        free(self.endgame_seen)

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
        context = (None if self.mode_id == MODE_OFF
                   else self._root_context(np.arange(self.n_guesses, dtype=np.intp)))
        return self.memo.fingerprint(members, depth, context)

    def stats(self):
        return {"states": self.states, "scans": self.scans, "endgame_cuts": self.endgame_cuts,
                "memo_hits": self.memo_hits,
                "memo_entries": self.memo.count, "memo_replaced": self.memo.replaced,
                "legal_lists": len(self.legal_ids), "max_entries": self.memo.max_entries}

    cdef inline Fingerprint _key(self, const intp_t* members, Py_ssize_t n, int depth,
                                 bytes context):
        # The memo's key: the members (sorted: every caller passes them so),
        # the depth and, in the hard modes, the rule's context (_root_context).
        return self._key_of_sum(self.memo.set_hash(members, n), n, depth, context)

    cdef inline Fingerprint _key_of_sum(self, SetHash h, Py_ssize_t n, int depth, bytes context):
        if context is None:
            return self.memo.key(h, n, depth, NULL, 0)
        return self.memo.key(h, n, depth, <const uint8_t*> PyBytes_AS_STRING(context),
                             len(context))

    cdef inline void _note(self, Fingerprint key, const intp_t* members, Py_ssize_t n,
                           int depth, bytes context, int64_t value, bint exact, int weight):
        self.memo.store(key, value, exact, weight)
        if self.memo.keys is not None:
            self.memo.remember(key, members, n, depth, context)

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
        if self.mode_id == MODE_OFF:
            return 0
        return 8 + (self.length + 26 if self.mode_id == MODE_HARD else 0)

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
        cdef uint8_t* least = greens + self.length
        cdef uint8_t shown[26]
        cdef Py_ssize_t i
        memset(shown, 0, sizeof(shown))
        row_reveals(self.letters + guess * self.length, self.length, code, greens, shown)
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
        packed = pack_legal(legal, self.n_guesses)
        found = self.legal_ids.get(packed)
        if found is not None:
            return found
        found = int.from_bytes(blake2b(packed, digest_size=8).digest(), "little")
        self.legal_ids[packed] = found
        if len(self.legal_ids) > self.max_entries:
            self.legal_ids = _newer_half(self.legal_ids)
        return found

    cdef inline Py_ssize_t _code(self, Py_ssize_t guess, Py_ssize_t answer) noexcept nogil:
        if self.columns8 != NULL:
            return self.columns8[answer * self.n_guesses + guess]
        return self.matrix16[guess * self.n_answers + answer]

    cdef object _legal_now(self, legal, members=None):
        # The caller's legal rows checked and made contiguous; None in normal
        # mode. With `members`, every candidate must be legal: the rule always
        # allows a word that fits the feedback, and the closed forms rely on it.
        if legal is None:
            return None if self.mode_id == MODE_OFF else np.arange(self.n_guesses, dtype=np.intp)
        if self.mode_id == MODE_OFF:
            raise ValueError("legal guesses only apply to the hard modes; this searcher "
                             "plays normal mode")
        legal = np.ascontiguousarray(legal, dtype=np.intp)
        if legal.ndim != 1 or legal.shape[0] == 0:
            raise ValueError("legal must list at least one guess row")
        if (legal[0] < 0 or legal[legal.shape[0] - 1] >= self.n_guesses
                or (legal.shape[0] > 1 and np.any(np.diff(legal) <= 0))):
            raise ValueError(f"legal must be sorted, distinct rows in 0..{self.n_guesses - 1}")
        if members is not None and members.shape[0]:
            rows = self.answer_rows_obj[members]
            missing = np.flatnonzero(~_positions_in(legal, rows)[1])
            if missing.shape[0]:
                raise ValueError(
                    f"legal must hold every candidate's guess row, but candidate "
                    f"{members[missing[0]]} (row {rows[missing[0]]}) is not in it: the hard "
                    "modes always allow a word that fits the feedback, so a list without "
                    "one is not the rule's")
        return legal

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
        return legal_after(self.mode_id, self.letters, self.letter_counts, self.length, legal,
                           guess, code)

    # -- public ----------------------------------------------------------------

    def solve(self, members, int depth, int64_t budget=INFEASIBLE, legal=None, after=None):
        """T(S, depth) if at most ``budget``, else a lower bound above it.

        ``after``: ``(guess, code)`` when S is what ``guess`` showing
        ``code`` leaves, and ``legal`` the list before that guess (the rule
        then narrows it). In hard mode the memo then knows S by the rule's
        state since ``legal``, so that the sets of different openers share
        entries when the same words and the same rule remain (as after A
        then B and after B then A)."""
        members = _sorted_members(members, self.n_answers)
        cdef const intp_t[::1] view = members
        if members.shape[0] == 0:
            return 0
        self.memo.new_generation()
        if after is None or self.mode_id == MODE_OFF:
            legal = self._legal_now(legal, members)
            context = self._root_context(legal)
        else:
            guess, code = after
            if not (0 <= guess < self.n_guesses and 0 <= code < self.n_patterns):
                raise ValueError(f"after must be (guess row, pattern code), got {after!r}")
            legal = self._legal_now(legal)
            if self.mode_id == MODE_HARD:
                context = self._hard_context_after(self._root_context(legal), guess, code)
                legal = self._legal_in_context(legal, guess, code, context)
            else:
                legal = self._legal_after(legal, guess, code)
                context = self._root_context(legal)
            legal = self._legal_now(legal, members)
        return self._solve(&view[0], members.shape[0], depth, budget, legal, context)

    def after_guess(self, members, Py_ssize_t guess, int depth, int64_t budget=INFEASIBLE,
                    legal=None):
        """The total for playing ``guess`` first with ``depth`` guesses in all
        (a lower bound above ``budget`` when that is passed)."""
        members = _sorted_members(members, self.n_answers)
        legal = self._legal_now(legal, members)
        if legal is not None and not self._is_legal(legal, guess):
            raise ValueError(f"guess row {guess} is not among the legal guesses")
        if members.shape[0] == 0:
            return 0
        self.memo.new_generation()
        return self._cost_of(members, guess, depth, budget, legal)

    def lower_bound(self, members, int depth, legal=None):
        """A cheap proven lower bound on T(S, depth): the memo's, else the
        best per-guess bound 3n - k - [candidate] (no search)."""
        members = _sorted_members(members, self.n_answers)
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
        return max(int(bounds.min()), 2 * n - 1, 0 if entry < 0 else _memo_value(entry))

    def guess_bounds(self, members, legal=None):
        """``(bounds, buckets)`` of every legal guess over the set, in the
        order of ``legal`` (of the matrix rows when None): the buckets it
        makes of the members and its one-level bound 3n - k - [candidate]
        (UNSOLVABLE for a guess that learns nothing), as the search scans them."""
        members = _sorted_members(members, self.n_answers)
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
        members = _sorted_members(members, self.n_answers)
        rows = np.ascontiguousarray(rows, dtype=np.intp)
        if members.shape[0] == 0 or rows.ndim != 1 or rows.shape[0] == 0:
            raise ValueError("give at least one candidate and one guess row")
        if rows.min() < 0 or rows.max() >= self.n_guesses:
            raise ValueError(f"rows must be in 0..{self.n_guesses - 1}")
        cdef const intp_t[::1] view = members
        bounds, buckets, _ = self._all_bounds(&view[0], members.shape[0], rows)
        return bounds, buckets

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
        members = _sorted_members(members, self.n_answers)
        rows = np.ascontiguousarray(rows, dtype=np.intp)
        legal = self._legal_now(legal, members)
        cdef const intp_t[::1] view = members
        if members.shape[0] == 0:
            raise ValueError("no candidates")
        all_bounds, all_buckets, _ = self._all_bounds(&view[0], members.shape[0], legal)
        # A guess that learns nothing is marked unplayable for the search, but
        # it has a value: n + T(S, depth - 1), at least 3n - 1.
        all_bounds[all_buckets == 1] = np.minimum(all_bounds[all_buckets == 1],
                                                  3 * members.shape[0] - 1)
        if legal is None:
            costs = all_bounds[rows].astype(np.float64)
        else:
            at, present = _positions_in(legal, rows)
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

    def best_guess(self, members, int depth, legal=None):
        """An optimal guess row for the set (it must be solvable in ``depth``)."""
        members = _sorted_members(members, self.n_answers)
        legal = self._legal_now(legal, members)
        cdef const intp_t[::1] view = members
        cdef Py_ssize_t n = members.shape[0]
        if n == 0:
            raise ValueError("no candidates")
        value = self._solve(&view[0], n, depth, INFEASIBLE - 1, legal, self._root_context(legal))
        if value >= INFEASIBLE:
            raise ValueError(f"{n} candidates cannot be solved within {depth} guesses")
        return self._optimal_guess(members, depth, value, legal)

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
        cdef Py_ssize_t i, n_rows = rows.shape[0], width = self.n_patterns if with_buckets else 1
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
        if self.mode_id in (MODE_OFF, MODE_HARD) and self.matrix8 != NULL and n_rows > 1:
            ids = <int32_t*> malloc(n_rows * self.n_patterns * sizeof(int32_t))
            if ids == NULL:
                raise MemoryError()
            with nogil:
                n_distinct = distinct_bucket_ids(self.matrix8, self.n_answers,
                                                 self.n_patterns, self.mode_id, &row_view[0], n_rows, ids)
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
                            NULL if ids == NULL else ids + i * self.n_patterns, shared)
                    else:
                        out_view[i] = self._opener_bound(
                            row_view[i], depth, threshold, scratch, NULL, NULL, NULL, NULL,
                            NULL if ids == NULL else ids + i * self.n_patterns, shared)
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
        if self.matrix8 == NULL:
            raise ValueError("only for byte codes (3 ** length <= 256)")
        rows = self._opener_rows(rows)
        ids = np.empty((rows.shape[0], self.n_patterns), dtype=np.int32)
        if rows.shape[0] == 0:
            return ids
        cdef const intp_t[::1] row_view = rows
        cdef int32_t[:, ::1] id_view = ids
        cdef Py_ssize_t n_distinct, n_rows = rows.shape[0]
        with nogil:
            n_distinct = distinct_bucket_ids(self.matrix8, self.n_answers, self.n_patterns,
                                             self.mode_id, &row_view[0], n_rows,
                                             &id_view[0, 0])
        if n_distinct < 0:
            raise MemoryError()
        return ids

    cdef _opener_rows(self, rows):
        # `rows` as a contiguous intp array of guess rows, or ValueError.
        rows = np.ascontiguousarray(rows, dtype=np.intp)
        if rows.ndim != 1 or (rows.shape[0] and (rows.min() < 0 or rows.max() >= self.n_guesses)):
            raise ValueError(f"opener rows must lie in 0..{self.n_guesses - 1}")
        return rows

    def bucket_bounds(self, Py_ssize_t opener, int depth):
        """The buckets of ``opener`` over every answer, largest first, the
        all-green one left out: ``(codes, sizes, bounds)``. Each bound is a
        proven lower bound on the bucket's total with ``depth - 1`` guesses
        left: exact for one or two words and where a candidate splits the
        bucket apart (2s - 1) or leaves one pair (2s); else the larger of
        2s - 1 and the least 3s - k - [candidate] over the guesses the rule
        still allows. UNSOLVABLE: the bucket cannot be finished in time."""
        if not 0 <= opener < self.n_guesses:
            raise ValueError(f"opener row must lie in 0..{self.n_guesses - 1}")
        codes = np.zeros(self.n_patterns, dtype=np.int64)
        sizes = np.zeros(self.n_patterns, dtype=np.int64)
        bounds = np.zeros(self.n_patterns, dtype=np.int64)
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

    cdef bint _is_legal(self, legal, Py_ssize_t guess):
        at = np.searchsorted(legal, guess)
        return at < legal.shape[0] and legal[at] == guess

    # -- the search --------------------------------------------------------------

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
            if _memo_exact(entry) or _memo_value(entry) > budget:
                return _memo_value(entry)
        self.states += 1
        if self.states & (CHECK_EVERY - 1) == 0:
            _check_in(self)
        cdef Py_ssize_t work_before = self.states + self.scans
        if guess >= 0:
            legal = self._legal_in_context(legal, guess, code, context)
        cdef int64_t result = self._search(members, n, depth, budget, legal, context, reach, most)
        cdef int weight = _weight(self.states + self.scans - work_before + 1)
        if result <= budget:
            self._note(key, members, n, depth, context, result, True, weight)
        elif entry < 0 or result > _memo_value(entry):
            self._note(key, members, n, depth, context, result, False, weight)
        return result

    cdef _all_bounds(self, const intp_t* members, Py_ssize_t n, legal,
                     bint stop_at_split=False):
        # (bounds, buckets, stopped) of every legal guess over the set, in
        # the order of `legal` (of the matrix rows when it is None). With
        # `stop_at_split` (byte codes) the scan may stop after a block where
        # some guess splits the set apart (n buckets): `stopped` says so,
        # and the blocks not scanned are left unset.
        cdef Py_ssize_t n_rows = self.n_guesses if legal is None else legal.shape[0]
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
        cdef int threads = (self.cores.begin(n * n_rows) if self.columns8 != NULL else 1)
        if self.columns8 != NULL and threads == 1:
            with nogil:
                for block in range(n_blocks):
                    guess_bounds_columns(self.columns8, self.n_guesses, block * BLOCK,
                                          min(n_rows, (block + 1) * BLOCK), rows, members, n,
                                          self.all_green, &bound_view[0], &bucket_view[0],
                                          self.lanes)
                    if stop_at_split and splits_apart(&bucket_view[0], block * BLOCK,
                                                       min(n_rows, (block + 1) * BLOCK), n):
                        stopped[0] = 1
                        break
        elif self.columns8 != NULL:
            # Each block is timed, so that a busy machine is noticed: thousands
            # of short regions per proof wait at their barriers for threads
            # other processes hold (CoreShare backs off to one thread).
            for block in prange(n_blocks, nogil=True, schedule="dynamic", num_threads=threads):
                if stopped[0]:
                    continue
                block_started = wf_now()
                guess_bounds_columns(self.columns8, self.n_guesses, block * BLOCK,
                                      min(n_rows, (block + 1) * BLOCK), rows, members, n,
                                      self.all_green, &bound_view[0], &bucket_view[0],
                                      self.lanes)
                if stop_at_split and splits_apart(&bucket_view[0], block * BLOCK,
                                                   min(n_rows, (block + 1) * BLOCK), n):
                    stopped[0] = 1
                self.cores.add_busy(wf_now() - block_started)
            self.cores.end()
        else:
            with nogil:
                guess_bounds(self.matrix16, self.n_answers, n_rows, rows, members, n,
                              self.all_green, self.seen, &self.stamp, &bound_view[0],
                              &bucket_view[0])
        return bounds, buckets, stopped[0] != 0

    cdef Py_ssize_t _most_candidate_buckets(self, const intp_t* members, Py_ssize_t n):
        # The most buckets any candidate makes of the set (the n candidates
        # only, not every guess).
        if self.columns8 != NULL:
            return most_splits(self.matrix8, self.n_answers, self.answer_rows, members, n)
        cdef Py_ssize_t i, j, most = 0
        cdef set codes
        for i in range(n):
            codes = {self._code(self.answer_rows[members[i]], members[j]) for j in range(n)}
            if len(codes) > most:
                most = len(codes)
                if most == n:
                    break
        return most

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
        if (self.endgame_of != NULL and legal is not None and depth >= 3 and n > depth
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
                    if n <= 128 and self.closed_forms else 0)
        if most == n:
            return 2 * n - 1
        if most == n - 1 and depth >= 3:
            return 2 * n
        cdef int64_t need = 3 * n - budget - 1    # the fewest buckets a useful guess makes
        rows = legal
        if self.reach_scan and reach is not None and budget < INFEASIBLE and need >= 3:
            rows = np.flatnonzero(reach >= need)
            if 2 * rows.shape[0] > reach.shape[0]:
                rows = legal       # most guesses stay: the full scan is as cheap
            elif rows.shape[0] == 0:
                return budget + 1   # no guess can come within the budget
        # Short of a candidate that splits the set apart (most < n here), no
        # guess costs less than 2n, and one that splits it apart costs just
        # that: the scan stops at the first such guess.
        bounds, buckets, split = self._all_bounds(members, n, rows,
                                                  stop_at_split=n <= 128 and self.closed_forms)
        if split:
            return 2 * n
        cdef const int64_t[::1] bound_view = bounds
        cdef const int64_t[::1] bucket_view = buckets
        cdef Py_ssize_t n_rows = bound_view.shape[0], n_useful, i, position
        # (the scans over bounds and buckets below are plain loops: numpy's
        # reductions and np.isin cost a fifth of a hard-mode refutation on
        # these short arrays; see benchmarks/README.md)
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
        if self.mode_id != MODE_OFF:
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
        cdef uint64_t* keys = <uint64_t*> work                    # 2n + 1
        cdef intp_t* grouped = <intp_t*> (keys + 2 * n + 1)        # 2n
        cdef int64_t* known = <int64_t*> (grouped + 2 * n)         # n + 1
        cdef Child* children = <Child*> (known + n + 1)            # n + 1
        cdef uint64_t* by_size = keys + n      # one per bucket (at most n, plus a spare)
        cdef Py_ssize_t n_buckets[1]
        n_buckets[0] = 0
        try:
            total = self._bucket_costs(members, n, guess, depth, budget, legal, context, reach,
                                       cap, keys, grouped, by_size, known, children, n_buckets)
            if self.union_bounds and n_buckets[0] > 1 and depth > 2:
                self._note_unions(keys, grouped, by_size, known, children, n_buckets[0], n,
                                  guess, depth - 1, legal, context)
            return total
        finally:
            free(own)

    cdef int64_t _bucket_costs(self, const intp_t* members, Py_ssize_t n, Py_ssize_t guess,
                               int depth, int64_t budget, legal, bytes context, reach,
                               Py_ssize_t cap, uint64_t* keys, intp_t* grouped, uint64_t* by_size,
                               int64_t* known, Child* children,
                               Py_ssize_t* n_buckets_out) except -1:
        # _guess_cost's work; `known` gets what is known of each bucket in
        # `by_size` order (its value or a lower bound), and n_buckets_out
        # how many there are.
        cdef Py_ssize_t j, b, n_buckets = 0, start, size, most
        cdef bint settled
        cdef uint64_t code, previous
        cdef Py_ssize_t starts[257]
        cdef uint32_t counts[256]
        cdef Py_ssize_t n_codes = 0
        cdef int64_t total = n, value, lower, least
        cdef uint64_t pair
        if self.columns8 != NULL:
            # First the buckets' sizes alone, from a count per code: most of
            # the guesses costed are refuted by them (a bucket above `cap`,
            # below; 86% of those of MAUMY's bucket 54), and only the rest
            # need their members grouped. The codes are kept in keys[n:] and
            # the distinct ones listed in `grouped`, not yet written.
            memset(counts, 0, sizeof(counts))
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
                if code == <uint64_t> self.all_green:
                    if size == n:
                        return n      # the one member is the guess itself
                    continue
                total += least_cost(size, cap)
                if depth == 3 and 0 <= cap < size:
                    return INFEASIBLE   # no guess splits this bucket apart (see _search)
            if total > budget:
                return total
            total = n     # counted again below, with the buckets
        # group the members by code: sort (code, member) pairs; byte
        # codes read by _code from the answer-major copy, where the bound
        # scan of this set has just read each member's codes (from the
        # guess's cold row of the guess-major matrix, AMAZE's bucket 82 took
        # 8.8 s against 4.8 s; see benchmarks/README.md), by insertion for
        # small sets,
        # by counting for larger ones (the members come sorted, and stay
        # so in each bucket), as glibc's qsort took 3% of a hard-mode search
        # and the counting pass's 257 slots outweigh a small set
        if self.columns8 != NULL and n <= SMALL_SORT:
            for j in range(n):
                pair = (<uint64_t> self._code(guess, members[j]) << 32) | <uint64_t> members[j]
                b = j
                while b > 0 and keys[b - 1] > pair:
                    keys[b] = keys[b - 1]
                    b -= 1
                keys[b] = pair
        elif self.columns8 != NULL:
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
        # buckets as (size, start), so a sort puts the smallest first
        # (ties in code order; (n - size, start) for largest first); the
        # all-green bucket needs no guess
        start = 0
        for j in range(1, n + 1):
            if j == n or (keys[j] >> 32) != (keys[start] >> 32):
                size = j - start
                if (keys[start] >> 32) != <uint64_t> self.all_green:
                    by_size[n_buckets] = ((<uint64_t> (n - size if self.bucket_order == 1
                                                       else size) << 32)
                                          | <uint64_t> start)
                    n_buckets += 1
                    total += least_cost(size, cap)
                    if depth == 3 and 0 <= cap < size:
                        total = INFEASIBLE   # no guess splits this bucket apart (see _search)
                elif size == n:
                    return n      # the one member is the guess itself
                start = j
        # One bucket holding everyone (nothing learned) is no exception:
        # it costs n plus the same set with one guess fewer. The search
        # never plays such a guess (T(S, d - 1) >= T(S, d)), but a game
        # being graded may have.
        if total > budget:
            return total        # a bucket nothing splits apart in time (see _search)
        if self.bucket_order != 2:
            qsort(by_size, n_buckets, sizeof(uint64_t), compare_keys)
        n_buckets_out[0] = n_buckets
        for b in range(n_buckets):
            size = self._bucket_size(by_size[b], n)
            known[b] = least_cost(size, cap)
            children[b].sum = self.memo.set_hash(grouped + <Py_ssize_t> (by_size[b] & 0xFFFFFFFFU),
                                                 size)
            if legal is None and size >= 3:
                # normal mode's key needs no context: asked for now, the
                # memo's cache misses for all the buckets overlap (AMAZE's
                # 635-word bucket, memo finds 13% of it: 0.92x)
                children[b].key = self._key_of_sum(children[b].sum, size, depth - 1, None)
                self.memo.prefetch(children[b].key)
        # First what the memo knows of every bucket of three or more
        # (solved, or bounded by an earlier search with a smaller
        # budget): a guess whose buckets together already cost more
        # than the budget is dropped before any of them is searched.
        # The keys are kept for the searches. In hard mode a child's
        # legal list is filtered only if the child is searched
        # (_solve_keyed). Strict mode's rule has no short state: its
        # key needs the filtered list, so it is left to the search
        # (filtering every bucket first doubled the strict SALET proof).
        # (the children's rule contexts, hard mode only: the rest is in `children`)
        contexts = [None] * n_buckets if self.mode_id == MODE_HARD else None
        cdef Fingerprint key
        cdef int64_t entry
        child_context = None
        for b in range(n_buckets):
            children[b].state = CHILD_SETTLED
            size = self._bucket_size(by_size[b], n)
            least = known[b]      # least_cost(size, cap), counted in `total` so far
            value = small_set_value(size, depth - 1)
            if value >= 0:    # a closed form (one or two words, or too few guesses)
                known[b] = value
                total += value - least
                if total > budget:
                    return total
                continue
            start = <Py_ssize_t> (by_size[b] & 0xFFFFFFFFU)
            code = keys[start] >> 32
            most = -1
            if legal is not None and self.mode_id == MODE_HARD:
                child_context = self._hard_context_after(context, guess, code)
                contexts[b] = child_context
            elif legal is not None:
                children[b].state, children[b].most, children[b].lower = CHILD_STRICT, -1, least
                continue
            key = (children[b].key if legal is None
                   else self._key_of_sum(children[b].sum, size, depth - 1, child_context))
            entry = self.memo.find(key)
            lower = least
            if entry >= 0 and _memo_value(entry) > lower:
                lower = min(_memo_value(entry), INFEASIBLE)
                known[b] = lower
                total += lower - least
                if total > budget:
                    return total
            elif entry < 0 and self.columns8 != NULL and self.closed_forms and size <= 128:
                # What the candidates alone say, as _search would start,
                # but before any bucket is scanned: one that splits the
                # bucket apart settles it (2s - 1); failing that it costs
                # at least 2s, which may already drop the guess.
                # Noted in the memo for the other guesses with this bucket
                # (computed again for each, it was a sixth of a search).
                most = most_splits(self.matrix8, self.n_answers, self.answer_rows, grouped + start,
                                   size)
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
        if self.scan_children and legal is None and budget < INFEASIBLE:
            total = self._scan_children(grouped, by_size, known, children, n_buckets, n,
                                        depth - 1, budget, total, reach)
            if total > budget:
                return total
        if self.probe_children:
            # Every bucket first searched with its own lower bound as the
            # budget (the cheapest search: it either settles the bucket at
            # that bound or raises the bound), before any is searched with
            # the guess's slack: in hard mode, whose buckets go smallest
            # first, a bucket further on often refutes the guess cheaply.
            # Hard: SWILE 0.37x, YERKS 0.80x; normal (largest first): RASPS
            # 1.60x, BLITZ 1.17x (benchmarks/README.md).
            for b in range(n_buckets):
                if children[b].state != CHILD_KEYED:
                    continue
                size = self._bucket_size(by_size[b], n)
                start = <Py_ssize_t> (by_size[b] & 0xFFFFFFFFU)
                lower = children[b].lower
                value = self._solve_keyed(grouped + start, size, depth - 1, lower, legal,
                                          None if contexts is None else contexts[b],
                                          -1 if legal is None else guess, keys[start] >> 32,
                                          children[b].key, children[b].entry, reach,
                                          children[b].most)
                known[b] = value
                total += value - lower
                if value <= lower:
                    children[b].state = CHILD_SETTLED     # exact, at its bound
                    continue
                children[b].lower, children[b].entry = value, value << 1   # a bound now
                if total > budget:
                    return total
        for b in range(n_buckets):
            if children[b].state == CHILD_SETTLED:
                continue
            size = self._bucket_size(by_size[b], n)
            start = <Py_ssize_t> (by_size[b] & 0xFFFFFFFFU)
            lower = children[b].lower
            code = keys[start] >> 32
            if children[b].state == CHILD_STRICT:
                child_legal = self._legal_after(legal, guess, code)
                value = self._solve(grouped + start, size, depth - 1, budget - (total - lower),
                                    child_legal, self._root_context(child_legal))
            else:
                value = self._solve_keyed(grouped + start, size, depth - 1,
                                          budget - (total - lower), legal,
                                          None if contexts is None else contexts[b],
                                          -1 if legal is None else guess, code,
                                          children[b].key, children[b].entry, reach,
                                          children[b].most)
            if value > lower:
                known[b] = value
            total += value - lower
            if total > budget:
                return total
        return total

    cdef _note_unions(self, const uint64_t* keys, intp_t* grouped, const uint64_t* by_size,
                      const int64_t* known, const Child* children, Py_ssize_t n_buckets,
                      Py_ssize_t n, Py_ssize_t guess, int depth, legal, bytes context):
        # Memo lower bounds (at `depth`) for the unions of a guess's buckets
        # whose patterns differ at one position only. Such a union is the
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
        if legal is not None and self.mode_id != MODE_HARD:
            return
        cdef intp_t* merged = grouped + n
        cdef Py_ssize_t b, i, t, p, weight, base, count, size, union_size, code, other, pick, digit
        cdef Py_ssize_t parts[3]
        cdef Py_ssize_t at[3]
        cdef Py_ssize_t ends[3]
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
                for i in range(self.length):
                    weight = self.weights[i]
                    digit = (code // weight) % 3
                    if legal is not None and digit != 0:
                        continue
                    base = code - digit * weight   # gray at position i
                    # the group's buckets; noted once, from its first such part
                    count = 0
                    for t in range(3):
                        other = base + t * weight
                        slot = self.bucket_of[other]
                        if other == self.all_green:
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
                        # the parts' members, merged in order, for the kept keys
                        for p in range(count):
                            at[p] = <Py_ssize_t> (by_size[parts[p]] & 0xFFFFFFFFU)
                            ends[p] = at[p] + self._bucket_size(by_size[parts[p]], n)
                        for t in range(union_size):
                            pick = -1
                            for p in range(count):
                                if at[p] < ends[p] and (pick < 0
                                                        or grouped[at[p]] < grouped[at[pick]]):
                                    pick = p
                            merged[t] = grouped[at[pick]]
                            at[pick] += 1
                    union_context = (None if legal is None
                                     else self._hard_context_after(context, guess, base))
                    key = self._key_of_sum(union_sum, union_size, depth, union_context)
                    entry = self.memo.find(key)
                    if value >= INFEASIBLE:
                        self._note(key, merged, union_size, depth, union_context, INFEASIBLE,
                                   True, 0)
                    elif entry < 0 or (not _memo_exact(entry) and _memo_value(entry) < value):
                        self._note(key, merged, union_size, depth, union_context, value, False, 0)
        finally:
            for b in range(n_buckets):
                self.bucket_of[keys[by_size[b] & 0xFFFFFFFFU] >> 32] = 0

    cdef inline Py_ssize_t _bucket_size(self, uint64_t entry, Py_ssize_t n) noexcept nogil:
        # The size in one of _guess_cost's (size or n - size, start) entries.
        return n - <Py_ssize_t> (entry >> 32) if self.bucket_order == 1 else <Py_ssize_t> (entry >> 32)

    cdef int64_t _cost_of(self, members, Py_ssize_t guess, int depth, int64_t budget, legal) except -1:
        # _guess_cost for a numpy array of members.
        cdef const intp_t[::1] view = members
        return self._guess_cost(&view[0], view.shape[0], guess, depth, budget, legal,
                                self._root_context(legal))

    # -- the bound pass over openers (no Python objects: runs in parallel) ---------

    cdef _prepare_reach(self):
        # A guess makes at most as many buckets of a set as of every answer
        # (its reach), so a scan over guesses in decreasing reach can stop
        # once no guess left can beat the best bound found.
        if self.reach_obj is not None:
            return
        everyone = np.arange(self.n_answers, dtype=np.intp)
        cdef const intp_t[::1] view = everyone
        _, reach, _ = self._all_bounds(&view[0], self.n_answers, None)
        self.reach_obj = np.ascontiguousarray(reach, dtype=np.int64)
        self.by_reach_obj = np.ascontiguousarray(np.argsort(-reach, kind="stable"), dtype=np.intp)
        self.reach = <const int64_t*> <size_t> self.reach_obj.ctypes.data
        self.by_reach = <const intp_t*> <size_t> self.by_reach_obj.ctypes.data
        if self.columns8 != NULL and self.mode_id == MODE_OFF:
            # Normal mode's bound pass scans every guess in reach order: a
            # copy of the columns in that order reads them consecutively.
            self.columns_by_reach_obj = np.ascontiguousarray(self.columns_obj[:, self.by_reach_obj])
            self.columns_by_reach = <const uint8_t*> <size_t> self.columns_by_reach_obj.ctypes.data

    cdef Scratch* _new_scratch(self) noexcept nogil:
        cdef Scratch* scratch = <Scratch*> calloc(1, sizeof(Scratch))
        if scratch == NULL:
            return NULL
        scratch.bound = <int64_t*> malloc(self.n_guesses * sizeof(int64_t))
        scratch.buckets = <int64_t*> malloc(self.n_guesses * sizeof(int64_t))
        scratch.grouped = <intp_t*> malloc(self.n_answers * sizeof(intp_t))
        scratch.rows = <intp_t*> malloc(self.n_guesses * sizeof(intp_t))
        scratch.counts = <Py_ssize_t*> malloc((self.n_patterns + 1) * sizeof(Py_ssize_t))
        scratch.order = <uint64_t*> malloc(self.n_patterns * sizeof(uint64_t))
        scratch.seen = <uint32_t*> calloc(self.n_patterns, sizeof(uint32_t))
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
        # buckets a candidate makes, if the caller knows it. `by_place`:
        # `rows` name places in by_reach (columns of columns_by_reach), and
        # `reach` is indexed by place.
        cdef Py_ssize_t block, first, last
        cdef int64_t best = small_set_value(n, depth)
        if reach == NULL:
            reach = self.reach
        if best >= 0:
            return best
        best = INFEASIBLE
        if self.columns8 != NULL:
            # every candidate is legal, and the best of them bounds the scan
            # (past 128 members, where this pass over candidate pairs cost
            # more than the scan it saves, the scan finds them as guesses)
            if most < 0:
                most = (most_splits(self.matrix8, self.n_answers, self.answer_rows, members, n)
                        if n <= 128 else 0)
            if self.closed_forms and most == n:
                return 2 * n - 1
            if self.closed_forms and most == n - 1 and depth >= 3:
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
                    guess_bounds_columns(self.columns_by_reach, self.n_guesses, first, last,
                                          NULL, members, n, self.all_green, scratch.bound,
                                          scratch.buckets, self.lanes)
                else:
                    guess_bounds_columns(self.columns_by_reach if by_place else self.columns8,
                                          self.n_guesses, first, last, rows, members, n,
                                          self.all_green, scratch.bound, scratch.buckets,
                                          self.lanes)
                best = least_bound(scratch.bound, scratch.buckets, first, last, n, depth <= 2,
                                    best)
                if best <= 2 * n - (most == n) or best <= enough:
                    break       # no guess does better (see _search), or none need
        else:
            guess_bounds(self.matrix16, self.n_answers, n_rows, rows, members, n,
                          self.all_green, scratch.seen, &scratch.stamp, scratch.bound,
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
        cdef Py_ssize_t n = self.n_answers, a, code, b, n_buckets = 0, size, start, n_rows
        cdef Py_ssize_t shared_id
        cdef int64_t total = n, value
        cdef const intp_t* rows = NULL
        memset(scratch.counts, 0, (self.n_patterns + 1) * sizeof(Py_ssize_t))
        for a in range(n):
            scratch.counts[self._code(opener, a) + 1] += 1
        for code in range(self.n_patterns):
            size = scratch.counts[code + 1]
            if size and code != self.all_green:
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
                n_rows, rows = self.n_guesses, self.by_reach
                if self.mode_id != MODE_OFF and size > 2:
                    # filtering keeps the order: the legal rows, in decreasing reach
                    n_rows = filter_legal(self.mode_id, self.letters, self.letter_counts,
                                          self.length, self.by_reach, self.n_guesses, opener,
                                          code, scratch.rows)
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

    cdef object _optimal_guess(self, members, int depth, int64_t value, legal):
        # The first guess, in bound order, whose cost equals the set's value.
        cdef Py_ssize_t n = members.shape[0]
        if n == 1:
            return int(self.answer_rows[members[0]])
        cdef const intp_t[::1] view = members
        bounds, _, _ = self._all_bounds(&view[0], n, legal)
        # only guesses whose bound reaches the value can; sorting just those
        # (not every guess) saved 0.1 s of the SALET tree
        within = np.flatnonzero(bounds <= value)
        for position in within[np.argsort(bounds[within], kind="stable")]:
            row = position if legal is None else legal[position]
            if self._cost_of(members, row, depth, value, legal) == value:
                return int(row)
        raise RuntimeError("no guess reaches the optimum found; this is a bug")

    cdef int64_t _scan_children(self, intp_t* grouped, const uint64_t* by_size, int64_t* known,
                                Child* children, Py_ssize_t n_buckets, Py_ssize_t n, int depth,
                                int64_t budget, int64_t total, reach) except -2:
        # Normal mode: every bucket still open (nothing in the memo) gets its
        # one-level bound from a scan, the first step of its search, before
        # any is searched: buckets further on then refute the guess before
        # the first is searched with the guess's slack (which cost the most
        # in the tail: QUAGS 0.28x, AMAZE 0.29x; benchmarks/README.md). The
        # scan goes by the guesses' bucket counts over this set (`reach`,
        # as _search's), and stops where no guess left could bring the
        # bucket's bound under what refutes the guess. Noted in the memo.
        cdef Py_ssize_t b, size, start, open_buckets = 0
        cdef int64_t floor
        for b in range(n_buckets):
            if children[b].state == CHILD_KEYED and children[b].entry < 0:
                open_buckets += 1
        if open_buckets < 2:
            return total
        if self.scan_scratch == NULL:
            self._prepare_reach()
            self.scan_scratch = self._new_scratch()
            self.scan_rows = <intp_t*> malloc(self.n_guesses * sizeof(intp_t))
            self.scan_counts = <int64_t*> malloc(self.n_guesses * sizeof(int64_t))
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
                    for place in range(self.n_guesses):
                        self.scan_counts[place] = reach_view[self.by_reach[place]]
                order_by_count(counts, self.n_guesses, self.n_patterns, self.scan_rows,
                                self.scan_scratch.counts)
                self.scan_reach = reach
        for b in range(n_buckets):
            if children[b].state != CHILD_KEYED or children[b].entry >= 0:
                continue
            size = self._bucket_size(by_size[b], n)
            start = <Py_ssize_t> (by_size[b] & 0xFFFFFFFFU)
            floor = self._set_bound(grouped + start, size, depth, rows, self.n_guesses,
                                    self.scan_scratch, counts, children[b].most,
                                    children[b].lower, children[b].lower + budget - total + 1,
                                    by_place)
            self.scans += 1
            if self.scans & (CHECK_EVERY - 1) == 0:
                _check_in(self)
            if floor <= children[b].lower:
                continue
            # above the bucket's least cost (2s - 1 or more): a bound, never
            # exact (and never above INFEASIBLE: _set_bound caps it there)
            self._note(children[b].key, grouped + start, size, depth, None, floor, False, 0)
            total += floor - children[b].lower
            known[b] = children[b].lower = floor
            children[b].entry = floor << 1
            if total > budget:
                return total
        return total

    cdef bint _endgame_cut(self, const intp_t* members, Py_ssize_t n, int depth,
                           legal) except -1:
        # _endgame.cannot_finish over this set and its legal rows, read from
        # the answer-major byte codes when the search has them.
        cdef const intp_t[::1] rows = legal
        cdef intp_t* scratch = <intp_t*> malloc(n * (self.length + 1) * sizeof(intp_t))
        if scratch == NULL:
            raise MemoryError()
        # (byte codes answer-major: a guess is one step, an answer a row)
        cdef bint answer_major = self.columns8 != NULL
        cdef bint cut = endgame_cannot_finish(
            members, n, depth, self.endgame_of, self.length, self.endgame_counts, &rows[0],
            rows.shape[0], self.columns8, NULL if answer_major else self.matrix16,
            1 if answer_major else self.n_answers, self.n_guesses if answer_major else 1,
            self.endgame_seen, scratch)
        free(scratch)
        return cut


cdef dict _newer_half(dict entries):
    # The newer half of a dict (insertion order), in a new, compact dict.
    # Deleting a dict's oldest entry one at a time takes longer each time:
    # the deleted entries stay at the front, as dummies that iteration
    # skips, until the table is rebuilt. (The memo, a dict until it became a
    # table of its own, went from 12 us per insertion to 140 us so.)
    return dict(islice(entries.items(), len(entries) // 2, None))


cdef int _check_in(ExactSearcher searcher) except -1:
    # Every CHECK_EVERY states of a search: a signal's Python handler runs
    # (the search holds the GIL but runs no bytecode, so a Ctrl-C waited
    # until it returned: seconds, or minutes in the hard modes), then the
    # searcher's checkpoint, if any. At the end of the module, away from
    # the search's hot code (see _only_singles).
    PyErr_CheckSignals()
    if searcher.checkpoint is not None:
        searcher.checkpoint()
    return 0

