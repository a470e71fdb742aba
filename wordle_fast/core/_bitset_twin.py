"""The twin of ``_bitset``: candidate sets kept in one Python int. Written
for clarity, never for speed."""

from __future__ import annotations

import operator

import numpy as np

from wordle_fast.errors import InvalidIndex, InvalidOption


class CandidateSet:
    """A set of answer indices kept in one Python int (bit j: answer j)."""

    def __init__(self, universe: int, indices=()):
        if universe < 0:
            raise InvalidOption(f"universe must be >= 0, got {universe}")
        self.universe = int(universe)
        self._bits = 0
        for index in indices:
            self._check_index(index)
            self._bits |= 1 << int(index)

    @classmethod
    def _with_bits(cls, universe, bits):
        result = cls(universe)
        result._bits = bits
        return result

    @classmethod
    def full(cls, universe):
        return cls._with_bits(universe, (1 << universe) - 1)

    @classmethod
    def from_indices(cls, universe, indices):
        return cls(universe, indices)

    @classmethod
    def from_mask(cls, mask):
        mask = np.asarray(mask, dtype=bool)
        return cls(len(mask), [j for j, flag in enumerate(mask) if flag])

    @classmethod
    def from_pattern(cls, row, code):
        return cls(len(row), [j for j, value in enumerate(row) if value == code])

    @classmethod
    def from_bytes(cls, universe, data):
        n_bytes = 8 * ((universe + 63) // 64)
        if len(data) != n_bytes:
            raise InvalidOption(
                f"expected {n_bytes} bytes for a universe of {universe}, got {len(data)}")
        bits = int.from_bytes(data, "little")
        if bits >> universe:
            raise InvalidOption("bytes set bits past the end of the universe")
        return cls._with_bits(universe, bits)

    def _check_index(self, index):
        if not 0 <= index < self.universe:
            raise InvalidIndex(f"index {index} is outside 0..{self.universe - 1}")

    def _check_same_universe(self, other):
        if other.universe != self.universe:
            raise InvalidOption(
                f"candidate sets over different universes ({self.universe} and "
                f"{other.universe} answers) cannot be combined")

    def _check_mutable(self):
        pass

    def __len__(self):
        return bin(self._bits).count("1")

    def __bool__(self):
        return self._bits != 0

    def __contains__(self, index):
        try:
            index = operator.index(index)
        except TypeError:
            return False
        return 0 <= index < self.universe and (self._bits >> index) & 1 == 1

    def __iter__(self):
        return (j for j in range(self.universe) if (self._bits >> j) & 1)

    def indices(self):
        return np.array(list(self), dtype=np.intp)

    def to_mask(self):
        return np.array([j in self for j in range(self.universe)], dtype=bool)

    def count_and(self, other):
        return len(self & other)

    def isdisjoint(self, other):
        return self.count_and(other) == 0

    def issubset(self, other):
        self._check_same_universe(other)
        return self._bits & ~other._bits == 0

    def issuperset(self, other):
        return other.issubset(self)

    def _combine(self, other, bits):
        self._check_same_universe(other)
        return type(self)._with_bits(self.universe, bits)

    def __and__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._combine(other, self._bits & other._bits)

    def __or__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._combine(other, self._bits | other._bits)

    def __sub__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._combine(other, self._bits & ~other._bits)

    def __xor__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._combine(other, self._bits ^ other._bits)

    def __eq__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self.universe == other.universe and self._bits == other._bits

    def __le__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self.issubset(other)

    def __ge__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self.issuperset(other)

    __hash__ = None

    def add(self, index):
        self._check_mutable()
        self._check_index(index)
        self._bits |= 1 << index

    def discard(self, index):
        self._check_mutable()
        if 0 <= index < self.universe:
            self._bits &= ~(1 << index)

    def narrow(self, row, code):
        self._check_mutable()
        self._narrow(row, code)
        return self

    def narrowed(self, row, code):
        return self.copy()._narrow(row, code)

    def _narrow(self, row, code):
        if len(row) != self.universe:
            raise InvalidOption(
                f"row has {len(row)} entries but the set ranges over {self.universe} answers")
        for j in list(self):
            if row[j] != code:
                self._bits &= ~(1 << j)
        return self

    def _update(self, other, bits):
        if isinstance(self, FrozenCandidateSet):
            return self._combine(other, bits)
        self._check_same_universe(other)
        self._bits = bits
        return self

    def __iand__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._update(other, self._bits & other._bits)

    def __ior__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._update(other, self._bits | other._bits)

    def __isub__(self, other):
        if not isinstance(other, CandidateSet):
            return NotImplemented
        return self._update(other, self._bits & ~other._bits)

    def copy(self):
        return type(self)._with_bits(self.universe, self._bits)

    def frozen(self):
        return FrozenCandidateSet._with_bits(self.universe, self._bits)

    def thawed(self):
        return CandidateSet._with_bits(self.universe, self._bits)

    def __bytes__(self):
        return self._bits.to_bytes(8 * ((self.universe + 63) // 64), "little")

    def __reduce__(self):
        return (type(self).from_bytes, (self.universe, bytes(self)))

    def __repr__(self):
        members = list(self)
        shown = members if len(members) <= 8 else members[:8] + ["..."]
        return (f"{type(self).__name__}(universe={self.universe}, size={len(members)}, "
                f"[{', '.join(str(m) for m in shown)}])")


class FrozenCandidateSet(CandidateSet):
    def _check_mutable(self):
        raise TypeError("FrozenCandidateSet cannot be changed; call thawed() for a mutable copy")

    def __hash__(self):
        return hash((self.universe, bytes(self)))
