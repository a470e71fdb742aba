"""Candidate sets: bitsets of uint64 words over the answer list.

A ``CandidateSet`` behaves like a Python ``set`` of answer indices (``len``,
``in``, iteration in index order, ``&``, ``|``, ``-``, ``^``, ``==``, ``<=``)
and adds what search needs: ``narrow(row, code)`` keeps the members that give
one pattern code in a matrix row, ``count_and`` counts an intersection without
building it, and ``frozen()`` gives a hashable copy for memo keys.
"""

import numpy as np

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport memcmp, memcpy, memset

from wordle_fast.core._typedefs cimport bitword_t, code_t
from wordle_fast.errors import InvalidIndex, InvalidOption

cdef Py_ssize_t BITS = 64


cdef class CandidateSet:
    """A set of answer indices ``0 <= i < universe``, stored as a bitset.

    >>> s = CandidateSet(10, [1, 3, 5])
    >>> len(s), 3 in s, list(s & CandidateSet(10, [3, 4, 5]))
    (3, True, [3, 5])
    """

    def __cinit__(self, Py_ssize_t universe, indices=()):
        if universe < 0:
            raise InvalidOption(f"universe must be >= 0, got {universe}")
        self.universe = universe
        self.n_words = (universe + BITS - 1) // BITS
        # One spare word so an empty universe still owns a valid pointer.
        self.words = <bitword_t*> PyMem_Malloc((self.n_words + 1) * sizeof(bitword_t))
        if self.words == NULL:
            raise MemoryError()
        memset(self.words, 0, (self.n_words + 1) * sizeof(bitword_t))
        cdef Py_ssize_t index
        for index in indices:
            self._check_index(index)
            self.words[index // BITS] |= (<bitword_t> 1) << (index % BITS)

    def __dealloc__(self):
        PyMem_Free(self.words)

    # -- construction -------------------------------------------------------

    @classmethod
    def full(cls, Py_ssize_t universe):
        """Every answer ``0 .. universe-1``."""
        cdef CandidateSet result = cls(universe)
        if result.n_words:
            memset(result.words, 0xFF, result.n_words * sizeof(bitword_t))
            if universe % BITS:
                result.words[result.n_words - 1] = ((<bitword_t> 1) << (universe % BITS)) - 1
        return result

    @classmethod
    def from_indices(cls, Py_ssize_t universe, indices):
        """The answers at ``indices`` (any iterable of ints)."""
        return cls(universe, indices)

    @classmethod
    def from_mask(cls, mask):
        """The answers where a boolean array of length ``universe`` is true."""
        cdef const unsigned char[::1] flags = (
            np.ascontiguousarray(mask, dtype=np.bool_).view(np.uint8))
        cdef CandidateSet result = cls(flags.shape[0])
        cdef Py_ssize_t j
        for j in range(flags.shape[0]):
            if flags[j]:
                result.words[j // BITS] |= (<bitword_t> 1) << (j % BITS)
        return result

    @classmethod
    def from_pattern(cls, row, code):
        """The answers that give pattern ``code`` in one pattern-matrix row."""
        result = cls.full(len(row))
        result._narrow(np.ascontiguousarray(row), code)
        return result

    @classmethod
    def from_bytes(cls, Py_ssize_t universe, bytes data):
        """Inverse of ``bytes(candidate_set)``."""
        cdef CandidateSet result = cls(universe)
        if len(data) != result.n_words * sizeof(bitword_t):
            raise InvalidOption(
                f"expected {result.n_words * sizeof(bitword_t)} bytes for a "
                f"universe of {universe}, got {len(data)}")
        words = np.frombuffer(data, dtype="<u8").astype(np.uint64)
        cdef const bitword_t[::1] view = words
        if result.n_words:
            memcpy(result.words, &view[0], result.n_words * sizeof(bitword_t))
        if universe % BITS and result.n_words and \
                result.words[result.n_words - 1] >> (universe % BITS):
            raise InvalidOption("bytes set bits past the end of the universe")
        return result

    # -- checks -------------------------------------------------------------

    cdef CandidateSet _empty_like(self):
        return type(self)(self.universe)

    cdef int _check_index(self, Py_ssize_t index) except -1:
        if not 0 <= index < self.universe:
            raise InvalidIndex(f"index {index} is outside 0..{self.universe - 1}")
        return 0

    cdef int _check_same_universe(self, CandidateSet other) except -1:
        if other.universe != self.universe:
            raise InvalidOption(
                f"candidate sets over different universes ({self.universe} and "
                f"{other.universe} answers) cannot be combined")
        return 0

    cdef int _check_mutable(self) except -1:
        return 0

    # -- set protocol -------------------------------------------------------

    def __len__(self):
        cdef Py_ssize_t w, total = 0
        for w in range(self.n_words):
            total += popcount64(self.words[w])
        return total

    def __bool__(self):
        cdef Py_ssize_t w
        for w in range(self.n_words):
            if self.words[w]:
                return True
        return False

    def __contains__(self, index):
        cdef Py_ssize_t i
        try:
            i = index
        except (TypeError, OverflowError):
            return False
        if not 0 <= i < self.universe:
            return False
        return (self.words[i // BITS] >> (i % BITS)) & 1 == 1

    def __iter__(self):
        cdef Py_ssize_t w
        cdef bitword_t bits
        for w in range(self.n_words):
            bits = self.words[w]
            while bits:
                yield w * BITS + ctz64(bits)
                bits &= bits - 1

    def indices(self):
        """Members as a sorted ``numpy.intp`` array."""
        out = np.empty(len(self), dtype=np.intp)
        cdef Py_ssize_t[::1] view = out
        cdef Py_ssize_t w, k = 0
        cdef bitword_t bits
        for w in range(self.n_words):
            bits = self.words[w]
            while bits:
                view[k] = w * BITS + ctz64(bits)
                k += 1
                bits &= bits - 1
        return out

    def to_mask(self):
        """Membership as a boolean array of length ``universe``."""
        mask = np.zeros(self.universe, dtype=np.bool_)
        mask[self.indices()] = True
        return mask

    def count_and(self, CandidateSet other not None):
        """``len(self & other)``, without building the intersection."""
        self._check_same_universe(other)
        cdef Py_ssize_t w, total = 0
        for w in range(self.n_words):
            total += popcount64(self.words[w] & other.words[w])
        return total

    def isdisjoint(self, CandidateSet other not None):
        return self.count_and(other) == 0

    def issubset(self, CandidateSet other not None):
        self._check_same_universe(other)
        cdef Py_ssize_t w
        for w in range(self.n_words):
            if self.words[w] & ~other.words[w]:
                return False
        return True

    def issuperset(self, CandidateSet other not None):
        return other.issubset(self)

    # -- operators ----------------------------------------------------------

    def __and__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._combine(other, 0)

    def __or__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._combine(other, 1)

    def __sub__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._combine(other, 2)

    def __xor__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._combine(other, 3)

    def _combine(self, CandidateSet other, int operation):
        self._check_same_universe(other)
        cdef CandidateSet result = self._empty_like()
        cdef Py_ssize_t w
        for w in range(self.n_words):
            if operation == 0:
                result.words[w] = self.words[w] & other.words[w]
            elif operation == 1:
                result.words[w] = self.words[w] | other.words[w]
            elif operation == 2:
                result.words[w] = self.words[w] & ~other.words[w]
            else:
                result.words[w] = self.words[w] ^ other.words[w]
        return result

    def __eq__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        cdef CandidateSet that = other
        return self.universe == that.universe and memcmp(
            self.words, that.words, self.n_words * sizeof(bitword_t)) == 0

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __le__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self.issubset(other)

    def __ge__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self.issuperset(other)

    # -- mutation -----------------------------------------------------------

    def add(self, Py_ssize_t index):
        self._check_mutable()
        self._check_index(index)
        self.words[index // BITS] |= (<bitword_t> 1) << (index % BITS)

    def discard(self, Py_ssize_t index):
        self._check_mutable()
        if 0 <= index < self.universe:
            self.words[index // BITS] &= ~((<bitword_t> 1) << (index % BITS))

    def narrow(self, row, code):
        """Keep only the members that give ``code`` in ``row`` (in place).

        ``row`` is one pattern-matrix row over the answers (the guess played);
        ``code`` the feedback seen. Returns ``self`` for chaining.
        """
        self._check_mutable()
        self._narrow(np.ascontiguousarray(row), code)
        return self

    def narrowed(self, row, code):
        """A copy holding the members that give ``code`` in ``row``."""
        return self.copy()._narrow(np.ascontiguousarray(row), code)

    def _narrow(self, const code_t[::1] row, Py_ssize_t code):
        if row.shape[0] != self.universe:
            raise InvalidOption(
                f"row has {row.shape[0]} entries but the set ranges over "
                f"{self.universe} answers")
        cdef Py_ssize_t w, b, base, end
        cdef bitword_t keep
        with nogil:
            for w in range(self.n_words):
                base = w * BITS
                end = min(BITS, self.universe - base)
                keep = 0
                for b in range(end):
                    keep |= (<bitword_t> (row[base + b] == code)) << b
                self.words[w] &= keep
        return self

    def __iand__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._update(other, 0)

    def __ior__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._update(other, 1)

    def __isub__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._update(other, 2)

    def _update(self, CandidateSet other, int operation):
        if isinstance(self, FrozenCandidateSet):
            return self._combine(other, operation)  # like frozenset: rebinds
        self._check_same_universe(other)
        cdef Py_ssize_t w
        for w in range(self.n_words):
            if operation == 0:
                self.words[w] &= other.words[w]
            elif operation == 1:
                self.words[w] |= other.words[w]
            else:
                self.words[w] &= ~other.words[w]
        return self

    # -- copies and serialisation -------------------------------------------

    def copy(self):
        cdef CandidateSet result = self._empty_like()
        memcpy(result.words, self.words, self.n_words * sizeof(bitword_t))
        return result

    def frozen(self):
        """A hashable, immutable copy (the memo key of a search)."""
        cdef CandidateSet result = FrozenCandidateSet(self.universe)
        memcpy(result.words, self.words, self.n_words * sizeof(bitword_t))
        return result

    def thawed(self):
        """A mutable copy."""
        cdef CandidateSet result = CandidateSet(self.universe)
        memcpy(result.words, self.words, self.n_words * sizeof(bitword_t))
        return result

    def __bytes__(self):
        """The bitset as little-endian uint64 words."""
        if self.n_words == 0:
            return b""
        cdef bitword_t[::1] view = <bitword_t[:self.n_words]> self.words
        return np.asarray(view).astype("<u8").tobytes()

    def __reduce__(self):
        return (_rebuild, (type(self), self.universe, bytes(self)))

    def __repr__(self):
        members = list(self) if len(self) <= 8 else list(self.indices()[:8]) + ["..."]
        shown = ", ".join(str(m) for m in members)
        return f"{type(self).__name__}(universe={self.universe}, size={len(self)}, [{shown}])"


cdef class FrozenCandidateSet(CandidateSet):
    """An immutable, hashable ``CandidateSet``."""

    cdef int _check_mutable(self) except -1:
        raise TypeError("FrozenCandidateSet cannot be changed; call thawed() for a mutable copy")

    def __hash__(self):
        return hash((self.universe, bytes(self)))

    # CPython inherits rich comparison only together with hashing, so a class
    # that defines __hash__ must restate the comparisons.
    def __eq__(self, other):
        return CandidateSet.__eq__(self, other)

    def __ne__(self, other):
        return CandidateSet.__ne__(self, other)

    def __le__(self, other):
        return CandidateSet.__le__(self, other)

    def __ge__(self, other):
        return CandidateSet.__ge__(self, other)


def _rebuild(cls, universe, data):
    return cls.from_bytes(universe, data)
