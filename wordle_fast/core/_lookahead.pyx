"""Memoized n-step entropy lookahead, the recursion of seed 001:

    H^(k)(g, S) = H(g, S) + sum_f P(f | g) * V(S_f, k - 1)
    V(S, k)     = max_g H^(k)(g, S),   V = 0 when |S| <= 1 or k = 0.

No guess can beat a perfect split, so V(S, k) <= H(S) (log2 |S| under a
uniform prior) and V(S, 1) <= log2(number of patterns): the search for V
stops at the first guess that reaches the bound, trying guesses in order of
their entropy over all answers so that such guesses come early. Values are
memoized by (candidate bitset, k) in a bounded LRU cache owned by the
searcher. The independent V(S_f, 1) of one guess's buckets run in parallel.

In the hard modes the guesses allowed shrink with the feedback: each state
carries its legal guesses (a subsequence of the searcher's guess order),
each bucket's list is its parent's filtered by the rule, and the memo key
includes a digest of the list.
"""

from collections import OrderedDict
from hashlib import blake2b

import numpy as np

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from cpython.exc cimport PyErr_CheckSignals
from cython.parallel cimport parallel, prange
from libc.math cimport INFINITY, log2
from libc.stdint cimport uint8_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from wordle_fast.core._bitset cimport fill_bitset
from wordle_fast.core._legal cimport MODE_OFF, legal_after, pack_legal
from wordle_fast.core._matrix_view cimport MatrixView, RuleView, view_matrix
from wordle_fast.core._legal import letter_counts, mode_id
from wordle_fast.core._parallel cimport CoreShare, wf_now
from wordle_fast.core._scoring import score_guesses
from wordle_fast.core._scoring cimport BucketStats, _score_one
from wordle_fast.core._typedefs cimport bitword_t, code_t, count_t, intp_t, letter_t


cdef double SLACK = 1e-9   # a guess within this of the bound has reached it


cdef inline double _plogp(double p) noexcept nogil:
    return p * log2(p) if p > 0 else 0.0


cdef void _tile_bounds(
    const letter_t* answer_letters, Py_ssize_t length,   # [n_answers, length]
    const intp_t* candidates, Py_ssize_t n, const double* weights, double total_mass,
    double* single_bound,    # out [length * 26]: H(tile i) for a letter used once
    double* green_bound,     # out [length * 26]: H(tile i is green)
    double* count_bound,     # out [26 * (length + 1)]: H(min(copies of c, m)) at [c, m]
) noexcept nogil:
    # Entropy is subadditive, so a guess's entropy is at most the sum over its
    # letters of the entropy of their tiles. A letter used once at i is green
    # where the answer has it at i, yellow where it has it elsewhere, gray
    # where it has none. A letter repeated at positions P gets its tiles from
    # which of P are green and min(copies in the answer, |P|) (yellows go
    # left to right), so its tiles carry at most sum_P H(green) + H(min(copies, |P|)).
    cdef double at[20 * 26]           # mass with letter c at position i
    cdef double copies[26 * 21]       # mass with exactly k copies of c
    cdef unsigned char count[26]
    cdef Py_ssize_t j, i, c, k, m
    cdef double w, green, yellow, h, tail
    memset(at, 0, sizeof(at))
    memset(copies, 0, sizeof(copies))
    for j in range(n):
        w = 1.0 if weights == NULL else weights[candidates[j]]
        memset(count, 0, sizeof(count))
        for i in range(length):
            c = answer_letters[candidates[j] * length + i]
            at[i * 26 + c] += w
            count[c] += 1
        for c in range(26):
            copies[c * 21 + count[c]] += w
    for i in range(length):
        for c in range(26):
            green = at[i * 26 + c] / total_mass
            yellow = (total_mass - copies[c * 21] - at[i * 26 + c]) / total_mass
            single_bound[i * 26 + c] = -(_plogp(green) + _plogp(yellow)
                                         + _plogp(1.0 - green - yellow))
            green_bound[i * 26 + c] = -(_plogp(green) + _plogp(1.0 - green))
    for c in range(26):
        for m in range(1, length + 1):
            h = 0.0
            tail = 0.0      # mass with m or more copies, one outcome once capped
            for k in range(length + 1):
                if k < m:
                    h -= _plogp(copies[c * 21 + k] / total_mass)
                else:
                    tail += copies[c * 21 + k]
            count_bound[c * (length + 1) + m] = h - _plogp(tail / total_mass)


cdef enum:
    N_BINS = 64   # coarse buckets of tile bounds: visit the best guesses first


cdef double _best_entropy(
    const code_t* matrix, Py_ssize_t n_answers,
    const intp_t* order, Py_ssize_t n_order,     # guesses to try
    const letter_t* guess_letters,               # [n_guesses, length]
    const unsigned char* multiplicity,           # [n_guesses, length], see LookaheadSearcher
    const letter_t* answer_letters, Py_ssize_t length,
    const intp_t* candidates, Py_ssize_t n,
    const double* weights, double total_mass,
    Py_ssize_t n_patterns, const double* count_log_count,
    double bound,                                 # no guess can exceed this
    count_t* counts, double* masses,              # zeroed scratch [n_patterns]
    double* tile_bound, intp_t* visit,            # scratch [n_order]
    bint prune,                                   # False: try every guess in order
) noexcept nogil:
    # V(S, 1): the largest one-step entropy over the guesses. Entropy is
    # subadditive over tiles, so each guess has a cheap upper bound. Guesses
    # are visited in descending bound (a counting sort into N_BINS bins), and
    # the search stops once no remaining bound can beat the best so far, or a
    # guess reaches `bound`.
    cdef double best = 0.0, top = 0.0, tiles
    cdef double single_bound[20 * 26]
    cdef double green_bound[20 * 26]
    cdef double count_bound[26 * 21]
    cdef Py_ssize_t bin_start[N_BINS + 1]
    cdef Py_ssize_t k, i, g, b, c, m
    cdef BucketStats stats
    if not prune:
        for k in range(n_order):
            _score_one(matrix + order[k] * n_answers, candidates, n, False, weights, total_mass,
                       n_patterns, n_patterns - 1, count_log_count, counts, masses, &stats)
            if stats.entropy > best:
                best = stats.entropy
                if best >= bound - SLACK:
                    break
        return best
    _tile_bounds(answer_letters, length, candidates, n, weights, total_mass,
                 single_bound, green_bound, count_bound)
    for k in range(n_order):
        g = order[k]
        tiles = 0.0
        for i in range(length):
            c = guess_letters[g * length + i]
            m = multiplicity[g * length + i]
            if m == 1:
                tiles += single_bound[i * 26 + c]
            else:
                tiles += green_bound[i * 26 + c]
                if m > 1:   # the letter's first position carries its count term
                    tiles += count_bound[c * (length + 1) + m]
        tile_bound[k] = tiles
        if tiles > top:
            top = tiles
    if top <= 0:
        return 0.0
    # counting sort, highest bin first; within a bin the given order is kept
    memset(bin_start, 0, sizeof(bin_start))
    for k in range(n_order):
        b = N_BINS - 1 - <Py_ssize_t> (tile_bound[k] / top * (N_BINS - 1))
        bin_start[b + 1] += 1
    for b in range(N_BINS):
        bin_start[b + 1] += bin_start[b]
    for k in range(n_order):
        b = N_BINS - 1 - <Py_ssize_t> (tile_bound[k] / top * (N_BINS - 1))
        visit[bin_start[b]] = k
        bin_start[b] += 1
    for k in range(n_order):
        if tile_bound[visit[k]] <= best + SLACK:
            # bins are only coarsely ordered: stop when the whole bin is beaten
            b = N_BINS - 1 - <Py_ssize_t> (tile_bound[visit[k]] / top * (N_BINS - 1))
            if (N_BINS - b) * top / (N_BINS - 1) <= best + SLACK:
                break
            continue
        g = order[visit[k]]
        _score_one(matrix + g * n_answers, candidates, n, False, weights, total_mass,
                   n_patterns, n_patterns - 1, count_log_count, counts, masses, &stats)
        if stats.entropy > best:
            best = stats.entropy
            if best >= bound - SLACK:
                break
    return best


cdef void _partition(
    const code_t* row, const intp_t* candidates, Py_ssize_t n, Py_ssize_t n_patterns,
    intp_t* starts,      # out [n_patterns + 1]: bucket of code c is members[starts[c]:starts[c+1]]
    intp_t* members,     # out [n], candidates grouped by code, each group in order
) noexcept nogil:
    cdef Py_ssize_t j, code
    memset(starts, 0, (n_patterns + 1) * sizeof(intp_t))
    for j in range(n):
        starts[row[candidates[j]] + 1] += 1
    for code in range(n_patterns):
        starts[code + 1] += starts[code]
    for j in range(n):
        code = row[candidates[j]]
        members[starts[code]] = candidates[j]
        starts[code] += 1
    # starts[c] now holds the end of bucket c; shift back to the start
    for code in range(n_patterns, 0, -1):
        starts[code] = starts[code - 1]
    starts[0] = 0


def _multiplicity(guess_letters):
    """Per guess and position: 1 for a letter used once; for a repeated letter,
    its number of copies at its first position and 0 at the later ones."""
    guess_letters = np.asarray(guess_letters)
    n_guesses, length = guess_letters.shape
    out = np.zeros((n_guesses, length), dtype=np.uint8)
    for i in range(length):
        same = guess_letters == guess_letters[:, i:i + 1]
        earlier = same[:, :i].any(axis=1)
        out[:, i] = np.where(earlier, 0, same.sum(axis=1))
    return np.ascontiguousarray(out)


cdef class LookaheadSearcher:
    """V(S, k) and H^(k)(g, S) over one pattern matrix, with a bounded memo.

    ``matrix``: the pattern matrix (uint8 or uint16 codes); ``length``: the
    word length; ``guess_order``: the guesses (matrix rows) that may be
    played, most promising first; ``weights``: an optional prior over the
    answers; ``max_entries``: memo size (least recently used evicted first);
    ``mode``: ``off``, or ``hard`` / ``strict`` (see :mod:`wordle_fast.rules`),
    where ``value`` and ``guess_values`` take ``legal``, the guess rows the
    rule allows now (None: the whole guess order).
    """

    cdef object matrix_obj, weights_obj, order_obj, count_log_obj
    cdef object guess_letters_obj, multiplicity_obj, answer_letters_obj, letter_counts_obj
    cdef MatrixView matrix              # the pattern matrix (_matrix_view.pxd)
    cdef RuleView rule                  # the mode and the guesses' letters
    cdef readonly str mode
    cdef const unsigned char* multiplicity
    cdef const letter_t* answer_letters
    cdef const intp_t* order
    cdef const double* weights
    cdef const double* count_log_count
    cdef Py_ssize_t n_order, n_words
    cdef int n_threads
    cdef readonly CoreShare cores    # threads of the scoring and bucket regions
    cdef readonly Py_ssize_t width      # guesses expanded per level; 0 = all (exact)
    cdef readonly bint prune            # skip guesses by their tile bound (same values, faster)
    cdef object cache
    cdef readonly Py_ssize_t max_entries, hits, misses, evictions

    def __init__(self, matrix, Py_ssize_t length, guess_order, guess_letters, answer_letters,
                 weights=None, Py_ssize_t width=0, Py_ssize_t max_entries=1_000_000,
                 n_threads=None, bint prune=True, str mode="off"):
        matrix = view_matrix(&self.matrix, matrix, length, "lookahead")
        if max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries}")
        if width < 0:
            raise ValueError(f"width must be 0 (every guess) or more, got {width}")
        self.width = width
        self.prune = prune
        self.matrix_obj = matrix
        self.n_words = (self.matrix.n_answers + 63) // 64
        if length > 20:
            raise ValueError("lookahead supports words of up to 20 letters")
        self.guess_letters_obj = np.ascontiguousarray(guess_letters, dtype=np.uint8)
        self.answer_letters_obj = np.ascontiguousarray(answer_letters, dtype=np.uint8)
        if (self.guess_letters_obj.shape != (matrix.shape[0], length)
                or self.answer_letters_obj.shape != (matrix.shape[1], length)):
            raise ValueError("encoded guesses and answers must match the matrix and length")
        self.multiplicity_obj = _multiplicity(self.guess_letters_obj)
        self.rule.letters = <const letter_t*> <size_t> self.guess_letters_obj.ctypes.data
        self.answer_letters = <const letter_t*> <size_t> self.answer_letters_obj.ctypes.data
        self.multiplicity = <const unsigned char*> <size_t> self.multiplicity_obj.ctypes.data
        self.mode, self.rule.mode_id = mode, mode_id(mode)
        if self.rule.mode_id != MODE_OFF:
            self.letter_counts_obj = letter_counts(self.guess_letters_obj)
            self.rule.letter_counts = <const uint8_t*> <size_t> self.letter_counts_obj.ctypes.data
        self.order_obj = np.ascontiguousarray(guess_order, dtype=np.intp)
        self.order = <const intp_t*> <size_t> self.order_obj.ctypes.data
        self.n_order = self.order_obj.shape[0]
        if self.n_order == 0:
            raise ValueError("the lookahead needs at least one guess to play")
        if weights is not None:
            self.weights_obj = np.ascontiguousarray(weights, dtype=np.float64)
            self.weights = <const double*> <size_t> self.weights_obj.ctypes.data
        table = np.arange(self.matrix.n_answers + 1, dtype=np.float64)
        table[1:] *= np.log2(table[1:])
        self.count_log_obj = table
        self.count_log_count = <const double*> <size_t> table.ctypes.data
        self.max_entries = max_entries
        self.n_threads = 0 if n_threads is None else int(n_threads)
        self.cores = CoreShare(self.n_threads)
        self.cache = OrderedDict()

    # -- cache -----------------------------------------------------------------

    def clear(self):
        """Forget every memoized value and reset the statistics."""
        self.cache.clear()
        self.hits = self.misses = self.evictions = 0

    @property
    def entries(self):
        return len(self.cache)

    def stats(self):
        return {"hits": self.hits, "misses": self.misses, "entries": len(self.cache),
                "evictions": self.evictions, "max_entries": self.max_entries}

    def __repr__(self):
        # (the same text as the twin's: a test holds them equal)
        expanded = "every guess expanded" if not self.width else f"width {self.width}"
        return (f"LookaheadSearcher({self.matrix.n_answers} answers, {self.n_order} guesses "
                f"in play, "
                f"{expanded}, hard mode {self.mode}; memo of n-step values: "
                f"{len(self.cache)} of {self.max_entries} entries, {self.hits} hits, "
                f"{self.misses} misses)")

    cdef bytes _key(self, const intp_t* members, Py_ssize_t n, int depth, legal):
        key = self._set_key(members, n, depth)
        if legal is None:
            return key
        # The legal rows in the guess order (canonical: every list is a
        # subsequence of it) as a 16-byte digest: the full list would be up
        # to 1.6 KB a key, and a full hard-mode ranking of every opener kept
        # 500k keys. These values steer play and prove nothing, and a
        # collision among even 2**32 keys has a chance near 2**-64. (The
        # exact search keeps its full keys.)
        return key + blake2b(pack_legal(legal, self.guess_letters_obj.shape[0]),
                             digest_size=16).digest()

    cdef bytes _set_key(self, const intp_t* members, Py_ssize_t n, int depth):
        # The memo key of V(S, depth): the depth, then S as its sorted member
        # indices (uint16) when that is shorter than its bitset, else the
        # bitset. Canonical, since |S| decides the form; most buckets are
        # small, so most keys are a few dozen bytes, not 297.
        cdef bytes key
        cdef char* out
        cdef Py_ssize_t j
        if self.matrix.n_answers <= 65536 and 2 * n < self.n_words * 8:
            key = PyBytes_FromStringAndSize(NULL, 1 + 2 * n)
            out = PyBytes_AS_STRING(key)
            out[0] = <char> depth
            for j in range(n):   # little-endian bytes: no unaligned uint16 stores
                out[1 + 2 * j] = <char> (members[j] & 0xFF)
                out[2 + 2 * j] = <char> (members[j] >> 8)
            return key
        key = PyBytes_FromStringAndSize(NULL, 1 + self.n_words * 8)
        out = PyBytes_AS_STRING(key)
        out[0] = <char> (depth | 0x80)    # the high bit tells the two forms apart
        fill_bitset(<bitword_t*> (out + 1), self.n_words, members, n)
        return key

    cdef object _legal_now(self, legal):
        # The caller's legal rows as a subsequence of the guess order (None
        # in normal mode, where every guess of the order stays allowed).
        if self.rule.mode_id == MODE_OFF:
            if legal is not None:
                raise ValueError("legal guesses only apply to the hard modes; this searcher "
                                 "plays normal mode")
            return None
        if legal is None:
            return self.order_obj
        n_guesses = self.guess_letters_obj.shape[0]
        legal = np.asarray(legal, dtype=np.intp)
        if legal.ndim != 1 or (legal.size and (legal.min() < 0 or legal.max() >= n_guesses)):
            raise ValueError(f"legal must list guess rows in 0..{n_guesses - 1}")
        allowed = np.zeros(n_guesses, dtype=bool)
        allowed[legal] = True
        return np.ascontiguousarray(self.order_obj[allowed[self.order_obj]])

    cdef object _legal_after(self, legal, Py_ssize_t guess, Py_ssize_t code):
        # The rows the rule still allows after `guess` shows `code`.
        if legal is None:
            return None
        return legal_after(self.rule.mode_id, self.rule.letters, self.rule.letter_counts,
                           self.matrix.length, legal, guess, code)

    cdef void _remember(self, bytes key, double value):
        self.cache[key] = value
        if len(self.cache) > self.max_entries:
            self.cache.popitem(last=False)
            self.evictions += 1

    # -- quantities of a candidate set ----------------------------------------

    cdef double _mass(self, const intp_t* members, Py_ssize_t n) noexcept nogil:
        cdef double total = 0.0
        cdef Py_ssize_t j
        if self.weights == NULL:
            return <double> n
        for j in range(n):
            total += self.weights[members[j]]
        return total

    cdef double _information(self, const intp_t* members, Py_ssize_t n) noexcept:
        # H(S): the entropy of the prior over S, the most any search can gain.
        cdef double total, p, h = 0.0
        cdef Py_ssize_t j
        if self.weights == NULL:
            return log2(<double> n) if n > 0 else 0.0
        total = self._mass(members, n)
        for j in range(n):
            p = self.weights[members[j]] / total
            if p > 0:
                h -= p * log2(p)
        return h

    # -- the recursion -----------------------------------------------------------

    def value(self, candidates, int depth, legal=None):
        """V(S, depth): the best n-step entropy from candidate set S."""
        members = np.ascontiguousarray(candidates, dtype=np.intp)
        cdef const intp_t[::1] view = members
        legal = self._legal_now(legal)
        if members.shape[0] == 0:
            return 0.0
        return self._value(&view[0], members.shape[0], depth, legal)

    cdef double _value(self, const intp_t* members, Py_ssize_t n, int depth,
                       legal) except? -1.0:
        if n <= 1 or depth <= 0:
            return 0.0
        if n == 2:
            return self._information(members, n)  # either word splits a pair
        key = self._key(members, n, depth, legal)
        cached = self.cache.get(key)
        if cached is not None:
            self.hits += 1
            self.cache.move_to_end(key)
            return cached
        self.misses += 1
        cdef double result
        if depth == 1:
            result = self._one_step(members, n, legal)
        else:
            result = self._deep(members, n, depth, legal)
        self._remember(key, result)
        return result

    cdef double _one_step(self, const intp_t* members, Py_ssize_t n, legal):
        cdef double bound = min(self._information(members, n),
                                log2(<double> self.matrix.n_patterns))
        cdef count_t* counts = <count_t*> calloc(self.matrix.n_patterns, sizeof(count_t))
        cdef double* masses = <double*> calloc(self.matrix.n_patterns, sizeof(double))
        cdef double* tile_bound = <double*> calloc(self.n_order, sizeof(double))
        cdef intp_t* visit = <intp_t*> calloc(self.n_order, sizeof(intp_t))
        cdef double result
        cdef const intp_t* order = self.order
        cdef Py_ssize_t n_order = self.n_order
        cdef const intp_t[::1] legal_view
        if legal is not None:
            legal_view = legal
            order, n_order = &legal_view[0] if legal.shape[0] else self.order, legal.shape[0]
        if counts == NULL or masses == NULL or tile_bound == NULL or visit == NULL:
            free(counts)
            free(masses)
            free(tile_bound)
            free(visit)
            raise MemoryError()
        with nogil:
            if self.matrix.matrix8 != NULL:
                result = _best_entropy(self.matrix.matrix8, self.matrix.n_answers, order, n_order,
                                       self.rule.letters, self.multiplicity, self.answer_letters,
                                       self.matrix.length, members, n, self.weights,
                                       self._mass(members, n), self.matrix.n_patterns,
                                       self.count_log_count, bound, counts, masses, tile_bound,
                                       visit, self.prune)
            else:
                result = _best_entropy(self.matrix.matrix16, self.matrix.n_answers, order, n_order,
                                       self.rule.letters, self.multiplicity, self.answer_letters,
                                       self.matrix.length, members, n, self.weights,
                                       self._mass(members, n), self.matrix.n_patterns,
                                       self.count_log_count, bound, counts, masses, tile_bound,
                                       visit, self.prune)
        free(counts)
        free(masses)
        free(tile_bound)
        free(visit)
        return result

    cdef double _deep(self, const intp_t* members, Py_ssize_t n, int depth,
                      legal) except? -1.0:
        # V(S, depth >= 2): every (legal) guess, best one-step entropy first,
        # until one reaches H(S).
        candidates = np.asarray(<intp_t[:n]> members).copy()
        rows = self.order_obj if legal is None else legal
        entropy = self._entropies(candidates, rows)
        order = _entropy_order(entropy)
        if self.width:
            order = order[:self.width]
        cdef double bound = self._information(members, n)
        cdef double best = -INFINITY, value
        for position in order:
            value = self._guess_value(candidates, int(rows[position]),
                                      entropy[position], depth, legal)
            if value > best:
                best = value
                if best >= bound - SLACK:
                    break
        return best

    def _entropies(self, candidates, rows):
        # One-step entropy of each guess row over `candidates`.
        weights = None if self.weights == NULL else self.weights_obj
        return score_guesses(self.matrix_obj, rows, candidates, self.matrix.length,
                             weights=weights, cores=self.cores)[0]

    cdef double _guess_value(self, candidates, Py_ssize_t guess_row, double entropy,
                             int depth, legal) except? -1.0:
        # H^(depth)(g, S) = H(g, S) + sum_f P(f) V(S_f, depth - 1)
        cdef const intp_t[::1] view = candidates
        cdef Py_ssize_t n = view.shape[0]
        starts = np.empty(self.matrix.n_patterns + 1, dtype=np.intp)
        grouped = np.empty(n, dtype=np.intp)
        cdef intp_t[::1] starts_view = starts
        cdef intp_t[::1] grouped_view = grouped
        with nogil:
            if self.matrix.matrix8 != NULL:
                _partition(self.matrix.matrix8 + guess_row * self.matrix.n_answers, &view[0], n,
                           self.matrix.n_patterns, &starts_view[0], &grouped_view[0])
            else:
                _partition(self.matrix.matrix16 + guess_row * self.matrix.n_answers, &view[0], n,
                           self.matrix.n_patterns, &starts_view[0], &grouped_view[0])
        cdef double total = self._mass(&view[0], n)
        cdef double result = entropy
        cdef Py_ssize_t code, start, size
        if depth - 1 == 1:
            return result + self._one_step_buckets(starts_view, grouped_view, total, guess_row,
                                                   legal)
        for code in range(self.matrix.n_patterns):
            start = starts_view[code]
            size = starts_view[code + 1] - start
            if size >= 2:
                # a pair's value needs no guess list (either word splits it)
                child = self._legal_after(legal, guess_row, code) if size > 2 else legal
                result += (self._mass(&grouped_view[start], size) / total
                           * self._value(&grouped_view[start], size, depth - 1, child))
        return result

    cdef double _one_step_buckets(self, const intp_t[::1] starts, const intp_t[::1] grouped,
                                  double total, Py_ssize_t guess_row, legal) except? -1.0:
        # sum_f P(f) V(S_f, 1), computing the memo misses in parallel.
        cdef Py_ssize_t code, start, size, k, n_missing = 0
        cdef double share = 0.0
        missing_start = []
        missing_size = []
        missing_key = []
        missing_legal = []
        for code in range(self.matrix.n_patterns):
            start = starts[code]
            size = starts[code + 1] - start
            if size < 2:
                continue
            if size == 2:
                share += (self._mass(&grouped[start], 2) / total
                          * self._information(&grouped[start], 2))
                continue
            child = self._legal_after(legal, guess_row, code)
            key = self._key(&grouped[start], size, 1, child)
            cached = self.cache.get(key)
            if cached is not None:
                self.hits += 1
                self.cache.move_to_end(key)
                share += self._mass(&grouped[start], size) / total * cached
            else:
                self.misses += 1
                missing_start.append(start)
                missing_size.append(size)
                missing_key.append(key)
                missing_legal.append(child)
        n_missing = len(missing_key)
        if n_missing == 0:
            return share
        starts_of = np.asarray(missing_start, dtype=np.intp)
        sizes_of = np.asarray(missing_size, dtype=np.intp)
        bounds = np.empty(n_missing, dtype=np.float64)
        masses_of = np.empty(n_missing, dtype=np.float64)
        for k in range(n_missing):
            bounds[k] = min(self._information(&grouped[missing_start[k]], missing_size[k]),
                            log2(<double> self.matrix.n_patterns))
            masses_of[k] = self._mass(&grouped[missing_start[k]], missing_size[k])
        values = np.empty(n_missing, dtype=np.float64)
        # each bucket's guess list: the whole order, or its legal rows
        # (kept alive by missing_legal while the loop reads them)
        order_of = np.empty(n_missing, dtype=np.uintp)
        orders_n = np.empty(n_missing, dtype=np.intp)
        for k in range(n_missing):
            rows_k = missing_legal[k]
            if rows_k is None or rows_k.shape[0] == 0:
                order_of[k] = <size_t> self.order
                orders_n[k] = self.n_order if rows_k is None else 0
            else:
                order_of[k] = rows_k.ctypes.data
                orders_n[k] = rows_k.shape[0]
        cdef const size_t[::1] order_view = order_of
        cdef const intp_t[::1] order_n_view = orders_n
        cdef const intp_t[::1] start_view = starts_of
        cdef const intp_t[::1] size_view = sizes_of
        cdef const double[::1] bound_view = bounds
        cdef const double[::1] mass_view = masses_of
        cdef double[::1] value_view = values
        cdef count_t* counts
        cdef double* masses
        cdef double* tile_bound
        cdef intp_t* visit
        cdef int[1] out_of_memory
        out_of_memory[0] = 0
        cdef Py_ssize_t work = 0
        for k in range(n_missing):
            work += missing_size[k] * self.n_order
        cdef int threads = self.cores.begin(work)
        cdef double started
        with nogil, parallel(num_threads=threads):
            counts = <count_t*> calloc(self.matrix.n_patterns, sizeof(count_t))
            masses = <double*> calloc(self.matrix.n_patterns, sizeof(double))
            tile_bound = <double*> calloc(self.n_order, sizeof(double))
            visit = <intp_t*> calloc(self.n_order, sizeof(intp_t))
            # each bucket timed, so that a busy machine is noticed (CoreShare)
            for k in prange(n_missing, schedule="dynamic"):
                started = wf_now()
                if counts == NULL or masses == NULL or tile_bound == NULL or visit == NULL:
                    out_of_memory[0] = 1
                elif self.matrix.matrix8 != NULL:
                    value_view[k] = _best_entropy(
                        self.matrix.matrix8, self.matrix.n_answers,
                        <const intp_t*> order_view[k], order_n_view[k], self.rule.letters,
                        self.multiplicity, self.answer_letters, self.matrix.length,
                        &grouped[start_view[k]], size_view[k], self.weights, mass_view[k],
                        self.matrix.n_patterns, self.count_log_count, bound_view[k], counts,
                        masses, tile_bound, visit, self.prune)
                else:
                    value_view[k] = _best_entropy(
                        self.matrix.matrix16, self.matrix.n_answers,
                        <const intp_t*> order_view[k], order_n_view[k], self.rule.letters,
                        self.multiplicity, self.answer_letters, self.matrix.length,
                        &grouped[start_view[k]], size_view[k], self.weights, mass_view[k],
                        self.matrix.n_patterns, self.count_log_count, bound_view[k], counts,
                        masses, tile_bound, visit, self.prune)
                self.cores.add_busy(wf_now() - started)
            free(counts)
            free(masses)
            free(tile_bound)
            free(visit)
        self.cores.end()
        if out_of_memory[0]:
            raise MemoryError("no scratch memory for the lookahead histograms")
        for k in range(n_missing):
            self._remember(missing_key[k], values[k])
            share += masses_of[k] / total * values[k]
        return share

    def guess_values(self, candidates, rows, int depth, progress=None, legal=None):
        """H^(depth)(g, S) for each guess row in ``rows``, and how many were done.

        With a ``width``, only the ``width`` guesses of ``rows`` with the most
        one-step entropy are expanded (the others get -inf), and likewise at
        every level below. Ctrl-C stops between guesses: the values computed
        so far are returned with the count, the rest are nan.
        ``progress(done, total)`` is called as guesses finish. In the hard
        modes, ``legal`` lists the guess rows the rule allows now (None: all),
        of which ``rows`` should be a part.
        """
        cdef Py_ssize_t width = self.width
        candidates = np.ascontiguousarray(candidates, dtype=np.intp)
        rows = np.ascontiguousarray(rows, dtype=np.intp)
        if not 1 <= depth <= 100:
            raise ValueError(f"depth must be within 1..100, got {depth}")
        legal = self._legal_now(legal)
        entropy = self._entropies(candidates, rows)
        if depth == 1 or candidates.shape[0] <= 1:
            return (entropy if depth == 1 else np.zeros_like(entropy)), rows.shape[0]
        order = _entropy_order(entropy)
        if 0 < width < rows.shape[0]:
            expanded = order[:width]
            values = np.full(rows.shape[0], -np.inf)
        else:
            expanded = order
            values = np.full(rows.shape[0], np.nan)
        done = 0
        try:
            for position in expanded:
                values[position] = self._guess_value(candidates, rows[position],
                                                     entropy[position], depth, legal)
                done += 1
                if progress is not None and (done % 16 == 0 or done == len(expanded)):
                    progress(done, len(expanded))
                PyErr_CheckSignals()  # raises KeyboardInterrupt after a Ctrl-C
        except KeyboardInterrupt:
            pass  # keep what is done; `done` tells the caller how far it got
        return values, done


def _entropy_order(entropy):
    """Positions by decreasing entropy, entropies within 1e-9 of each other
    counting as equal and kept in their given order: two guesses that split
    the candidates alike differ only in the last bits of their sums, and
    those bits must not decide which of them a width expands."""
    order = np.argsort(-entropy, kind="stable")
    drops = -np.diff(entropy[order])                  # >= 0 along the order
    group = np.concatenate(([0], np.cumsum(drops > 1e-9)))
    return order[np.lexsort((order, group))]
