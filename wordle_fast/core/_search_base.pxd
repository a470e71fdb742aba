# The exact searcher's state, in layers (see _search_base.pyx): what every
# layer reads, the structs they share, and the small inline methods the
# search calls per bucket and per member.
from cpython.bytes cimport PyBytes_AS_STRING
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

from wordle_fast.core._matrix_view cimport MatrixView, RuleView
from wordle_fast.core._memo cimport Fingerprint, Memo, SetHash
from wordle_fast.core._parallel cimport CoreShare
from wordle_fast.core._typedefs cimport intp_t, letter_t


cdef struct Child:
    # What _bucket_costs knows of one bucket before searching it.
    SetHash sum           # its members' sums (the memo's set hash)
    Fingerprint key
    int64_t entry         # its memo entry, or -1
    int64_t lower         # the bound its search starts from
    Py_ssize_t most       # the most buckets a candidate makes (most_splits, not exact), or -1
    int state             # CHILD_SETTLED, CHILD_KEYED or CHILD_STRICT


cdef struct Frame:
    # One guess's buckets over a set, as _guess_cost works through them:
    # the set, the guess, and the scratch each step fills in (_work_bytes).
    const intp_t* members
    Py_ssize_t n              # the set's size
    Py_ssize_t guess
    int depth                 # guesses left, the guess's own included
    Py_ssize_t cap            # the most buckets any guess makes of the set (see _search)
    uint64_t* keys            # [2n + 1] (code, member), grouped by code; then scratch
    intp_t* grouped           # [2n] the members grouped by code; then merged unions
    uint64_t* by_size         # each bucket but the green one as (size or n - size, start)
    int64_t* known            # [n + 1] what is known of each bucket's T, by_size order
    Child* children           # [n + 1] each bucket as _settle_children found it
    Py_ssize_t n_buckets


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


# States between two check-ins of a search (SearchBase._check_in): a few
# hundredths of a second of the slowest searches, so Ctrl-C or SIGTERM
# stops at once.
cdef enum:
    CHECK_EVERY = 1024


# A memo entry as Memo.find gives it: (value << 1) | exact, or -1 (none).
cdef inline int64_t memo_value(int64_t entry) noexcept nogil:
    return entry >> 1


cdef inline bint memo_exact(int64_t entry) noexcept nogil:
    return entry & 1


cdef inline int effort_weight(Py_ssize_t states) noexcept nogil:
    # An entry's weight in the memo: the bits of the states its search visited.
    cdef int bits = 0
    while states > 0:
        bits += 1
        states >>= 1
    return bits


cdef struct Switches:
    # Techniques a benchmark turns off or changes to measure what each pays
    # (the results stay the same): the public constructor sets each mode's
    # measured best, the private factory _exact.searcher_with_switches the rest.
    bint closed_forms, reach_scan, union_bounds, probe_children, scan_children
    int bucket_order                # 0 smallest first, 1 largest first, 2 code order


cdef struct Endgame:
    # Hard mode's endgame bound (_endgame.pyx); `of` is NULL without it.
    const int32_t* of               # [n_answers] each answer's endgame
    uint32_t* counts                # _endgame_cut's scratch: one per endgame,
    uint8_t* seen                   # one per code (both kept zero)


cdef class SearchBase:
    # the lists, the rule, the memo and its keys, the legal lists, the scans' scratch
    cdef MatrixView matrix                # the codes, answer-major too when uint8
    cdef RuleView rule                    # the mode; the guesses' letters in the hard modes
    cdef Endgame endgame
    cdef Switches switches
    cdef object matrix_obj, answer_rows_obj, letters_obj, counts_obj, columns_obj
    cdef const intp_t* answer_rows        # matrix row of each answer (it is also a guess)
    cdef object by_reach_obj, reach_obj, columns_by_reach_obj
    cdef const uint8_t* columns_by_reach  # columns8, guesses in by_reach order (normal mode)
    cdef const intp_t* by_reach           # guess rows, most buckets over every answer first
    cdef const int64_t* reach             # [n_guesses] buckets each guess makes of every answer
    cdef uint32_t* seen
    cdef int32_t* bucket_of               # [n_patterns] scratch of _note_unions: bucket + 1, or 0
    cdef uint32_t stamp
    cdef readonly int lanes               # the pairwise scan's width (see _pairwise.h)
    cdef Scratch* scan_scratch            # scan_children's scratch, made when first needed
    cdef object scan_reach                # the reach scan_rows are ordered by
    cdef intp_t* scan_rows                # every guess in decreasing scan_reach: its place
                                          # in by_reach if columns_by_reach, else its row
    cdef int64_t* scan_counts             # scan_reach by place in by_reach
    cdef Py_ssize_t digit_values[16]      # 3 ** (length - 1 - i): position i's value in a code
    cdef readonly CoreShare cores         # the bound scans' threads (see _parallel.pyx)
    cdef Memo memo                      # fingerprint -> value or lower bound, exact?
    cdef dict legal_ids                 # packed legal list -> its number in the keys
    cdef dict legal_by_context          # hard mode: rule context -> its legal rows
    cdef Py_ssize_t legal_cached_bytes
    cdef readonly Py_ssize_t states, memo_hits
    cdef readonly Py_ssize_t scans        # buckets scanned for their bound (_scan_children)
    cdef object endgame_obj               # the hard modes: endgame_table's ids, else None
    cdef readonly Py_ssize_t endgame_cuts # sets the endgame bound proved hopeless
    cdef readonly str mode
    cdef int n_threads
    cdef public object checkpoint       # called every CHECK_EVERY states (see memo_snapshot)

    cdef _hold_letters(self, guess_letters)
    cdef int _check_in(self) except -1
    cdef bytes _root_context(self, legal)
    cdef Py_ssize_t _context_size(self)
    cdef bytes _hard_context_after(self, bytes context, Py_ssize_t guess, Py_ssize_t code)
    cdef uint64_t _legal_id(self, legal) except? 0xFFFFFFFFFFFFFFFF
    cdef object _legal_now(self, legal, members=*)
    cdef tuple _legal_and_context(self, members, legal, after)
    cdef object _legal_in_context(self, legal, Py_ssize_t guess, Py_ssize_t code,
                                  bytes context)
    cdef object _legal_after(self, legal, Py_ssize_t guess, Py_ssize_t code)
    cdef _opener_rows(self, rows)
    cdef bint _is_legal(self, legal, Py_ssize_t guess)
    cdef object _members_of(self, members)
    cdef int64_t _cost_of(self, members, Py_ssize_t guess, int depth, int64_t budget,
                          legal) except -1
    cdef tuple _level_bounds(self, members, legal, int64_t budget)
    cdef int64_t _learns_nothing_bound(self, members) except -1
    cdef object _optimal_guess(self, members, int depth, int64_t value, legal)
    cdef _all_bounds(self, const intp_t* members, Py_ssize_t n, legal, bint stop_at_split=*)
    cdef Py_ssize_t _most_candidate_buckets(self, const intp_t* members, Py_ssize_t n)
    cdef _prepare_reach(self)
    cdef Scratch* _new_scratch(self) noexcept nogil
    cdef void _free_scratch(self, Scratch* scratch) noexcept nogil
    cdef bint _endgame_cut(self, const intp_t* members, Py_ssize_t n, int depth,
                           legal) except -1

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

    cdef inline Py_ssize_t _code(self, Py_ssize_t guess, Py_ssize_t answer) noexcept nogil:
        if self.matrix.columns8 != NULL:
            return self.matrix.columns8[answer * self.matrix.n_guesses + guess]
        return self.matrix.matrix16[guess * self.matrix.n_answers + answer]

    cdef inline Py_ssize_t _bucket_size(self, uint64_t entry, Py_ssize_t n) noexcept nogil:
        # The size in one of _guess_cost's (size or n - size, start) entries.
        cdef Py_ssize_t field = <Py_ssize_t> (entry >> 32)
        return n - field if self.switches.bucket_order == 1 else field
