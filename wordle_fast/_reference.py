"""Slow, obviously correct twins of the compiled kernels.

Same names and signatures as ``_feedback``, ``_bitset`` and ``_scoring``, so
the tests run every property against both, and ``WORDLE_FAST_IMPL=python``
runs the whole package on them. Written for clarity, never for speed.
"""

from __future__ import annotations

import math
import operator
from collections import Counter
from functools import lru_cache

import numpy as np

from wordle_fast.errors import InvalidIndex, InvalidOption
from wordle_fast.patterns import code_dtype


# -- feedback ------------------------------------------------------------------

def feedback_code(guess, answer) -> int:
    """Two-pass rule on encoded words: greens first, then yellows while the
    answer has copies of the letter left over."""
    guess = [int(letter) for letter in guess]
    answer = [int(letter) for letter in answer]
    if len(guess) != len(answer):
        raise ValueError("guess and answer must have the same length")
    code_dtype(len(guess))
    tiles = [0] * len(guess)
    leftover = []
    for i, letter in enumerate(guess):
        if letter == answer[i]:
            tiles[i] = 2
        else:
            leftover.append(answer[i])
    for i, letter in enumerate(guess):
        if tiles[i] != 2 and letter in leftover:
            tiles[i] = 1
            leftover.remove(letter)
    code = 0
    for tile in tiles:
        code = code * 3 + tile
    return code


def pattern_matrix(guesses, answers, n_threads=None) -> np.ndarray:
    guesses = np.asarray(guesses, dtype=np.uint8)
    answers = np.asarray(answers, dtype=np.uint8)
    if guesses.ndim != 2 or answers.ndim != 2:
        raise ValueError("encoded word arrays must be 2-D: [n_words, length]")
    if guesses.shape[1] != answers.shape[1]:
        raise ValueError(
            f"guesses have {guesses.shape[1]} letters but answers have {answers.shape[1]}")
    out = np.empty((guesses.shape[0], answers.shape[0]), dtype=code_dtype(guesses.shape[1]))
    for g, guess in enumerate(guesses):
        for a, answer in enumerate(answers):
            out[g, a] = feedback_code(guess, answer)
    return out


# -- candidate sets --------------------------------------------------------------

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


# -- scoring ---------------------------------------------------------------------

class CoreShare:
    """The twin of ``_parallel.CoreShare``: the twins run on one thread."""

    def __init__(self, n_threads=None, min_work=0):
        if n_threads is not None and int(n_threads) < 0:
            raise ValueError(f"n_threads must be 0 (every core) or more, got {n_threads}")
        self.n_threads, self.min_work = int(n_threads or 0), min_work
        self.regions = self.serial_regions = self.backoffs = 0
        self.backing_off = False


def score_guesses(matrix, pool, candidates, length, weights=None, n_threads=None, cores=None):
    """Bucket statistics from a dict histogram per guess."""
    pool = [int(g) for g in pool]
    candidates = [int(a) for a in candidates]
    arrays = {
        "entropy": np.zeros(len(pool)),
        "expected_remaining": np.zeros(len(pool)),
        "largest_bucket": np.zeros(len(pool), dtype=np.int32),
        "n_buckets": np.zeros(len(pool), dtype=np.int32),
        "win_probability": np.zeros(len(pool)),
    }
    winning_code = 3 ** length - 1
    for k, g in enumerate(pool):
        if not candidates:
            break
        sizes = Counter(int(matrix[g][a]) for a in candidates)
        if weights is None:
            mass = {code: size / len(candidates) for code, size in sizes.items()}
        else:
            total = sum(float(weights[a]) for a in candidates)
            mass = Counter()
            for a in candidates:
                mass[int(matrix[g][a])] += float(weights[a]) / total
        arrays["entropy"][k] = max(0.0, -sum(p * math.log2(p) for p in mass.values() if p > 0))
        arrays["expected_remaining"][k] = sum(mass[code] * sizes[code] for code in sizes)
        arrays["largest_bucket"][k] = max(sizes.values())
        arrays["n_buckets"][k] = len(sizes)
        arrays["win_probability"][k] = mass.get(winning_code, 0.0)
    return (arrays["entropy"], arrays["expected_remaining"], arrays["largest_bucket"],
            arrays["n_buckets"], arrays["win_probability"])


# -- exact search ------------------------------------------------------------------

INFEASIBLE = 1 << 40   # equal to _exact.UNSOLVABLE (the twin imports nothing compiled)


def hard_mode_allows(mode: str, played: str, code: int, word: str) -> bool:
    """Whether ``mode`` lets ``word`` follow ``played`` showing pattern ``code``,
    read straight off the rule (the one definition: the Solver's mask, the
    explanation of a refused guess and the compiled filter are each tested
    against it in tests/test_hard_mode.py): ``hard`` keeps every green in
    place and uses each letter at least as often as this row showed it
    green or yellow;
    ``strict`` asks that ``word`` would have given this row as the answer."""
    if mode == "off":
        return True
    if mode == "strict":
        return feedback_code(played, word) == code
    tiles = []
    for _ in played:
        code, tile = divmod(code, 3)
        tiles.append(tile)
    tiles.reverse()                      # the first letter is the most significant digit
    if any(tile == 2 and word[i] != played[i] for i, tile in enumerate(tiles)):
        return False
    shown = Counter(letter for letter, tile in zip(played, tiles) if tile > 0)
    return all(word.count(letter) >= times for letter, times in shown.items())


def exact_total(matrix, length: int, max_guesses: int, answers=None, mode: str = "off",
                guesses=None, per_opener: bool = False, legal=None):
    """T(S, d) by trying every guess at every state: no bounds, no closed
    forms, only memoization of the recursion itself. The twin of
    ``_exact.ExactSearcher.solve``; INFEASIBLE when the limit is too tight.
    The hard modes need ``guesses``, the matrix rows' words encoded as
    letters 0..25, and carry the guesses still allowed through the recursion.
    ``per_opener``: instead, the list of every guess row's total when played
    first (the twin of the exact opening table). ``legal``: in the hard
    modes, the guess rows allowed at the start (default: every row), for a
    state in the middle of a game."""
    green = 3 ** length - 1
    n_guesses = matrix.shape[0]
    if mode != "off" and guesses is None:
        raise ValueError(f"mode {mode!r} needs the guess words")

    @lru_cache(maxsize=None)
    def total(members, left, legal):
        # legal: the guess rows allowed now; None in normal mode (every row)
        if len(members) == 1:
            return 1 if left >= 1 else INFEASIBLE
        if left <= 1:
            return INFEASIBLE
        best = INFEASIBLE
        for guess in range(n_guesses) if legal is None else legal:
            best = min(best, after(guess, members, left, legal))
        return best

    def after(guess, members, left, legal):
        # the total with `guess` played next: n + T of each non-green bucket
        # (a guess that learns nothing leaves one bucket: the same set, one
        # guess fewer)
        buckets = {}
        for a in members:
            buckets.setdefault(int(matrix[guess, a]), []).append(a)
        cost = len(members)
        for code, bucket in buckets.items():
            if code != green:
                allowed = None if legal is None else tuple(
                    g for g in legal if hard_mode_allows(mode, guesses[guess], code, guesses[g]))
                cost += total(tuple(bucket), left - 1, allowed)
        return min(cost, INFEASIBLE)

    members = tuple(range(matrix.shape[1])) if answers is None else tuple(answers)
    every_row = None if mode == "off" else tuple(range(n_guesses) if legal is None else legal)
    if per_opener:
        if max_guesses < 1:
            return [INFEASIBLE] * n_guesses
        return [after(guess, members, max_guesses, every_row) for guess in range(n_guesses)]
    return total(members, max_guesses, every_row)
