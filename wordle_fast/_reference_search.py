"""The slow twins of the two compiled searches, ``_exact.ExactSearcher`` and
``_lookahead.LookaheadSearcher``: the same constructors, methods and
answers, each by its recursion written out over every allowed guess with a
plain memo, no bounds and no shortcuts. ``WORDLE_FAST_IMPL=python`` plays
on them (see ``_backend``); the tests hold the compiled searches to them.

A lower bound the compiled search would give may be the exact value here,
which is a lower bound too; a search "within a budget" returns the exact
value, which is either within it or a bound above it, as promised.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import numpy as np

from wordle_fast._reference import INFEASIBLE, exact_total, hard_mode_allows

MODES = ("off", "hard", "strict")


def _checked_matrix(matrix, what: str) -> np.ndarray:
    matrix = np.ascontiguousarray(matrix)
    if matrix.dtype not in (np.uint8, np.uint16):
        raise ValueError(f"{what} supports words of up to 10 letters"
                         + (" (uint8 or uint16 codes)" if what == "lookahead" else ""))
    return matrix


def _checked_mode(mode: str, letters) -> list | None:
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: one of {', '.join(MODES)}")
    return None if letters is None else [tuple(int(x) for x in row) for row in letters]


def least_totals(n, buckets, is_candidate) -> np.ndarray:
    """The twin of ``_bound.least_totals``: 3n - k - [candidate] per guess."""
    return np.array([3 * n - int(k) - bool(c) for k, c in zip(buckets, is_candidate)],
                    dtype=np.int64)


def _buckets(matrix, guess: int, members) -> dict[int, tuple]:
    """The members by the pattern ``guess`` gets from each, in member order."""
    found: dict[int, list] = {}
    for answer in members:
        found.setdefault(int(matrix[guess, answer]), []).append(answer)
    return {code: tuple(bucket) for code, bucket in found.items()}


class ExactSearcher:
    """T(S, d), the fewest total guesses that finish every answer of S
    within d guesses, by ``_reference.exact_total`` (the brute force over
    every allowed guess, its memo one call's), behind the compiled
    searcher's methods. It counts no states, and keeps no memo between
    calls."""

    def __init__(self, matrix, length, answer_rows, max_entries=1 << 25, n_threads=None,
                 mode="off", guess_letters=None, **tuning):
        self.matrix = _checked_matrix(matrix, "exact search")
        self.n_guesses, self.n_answers = self.matrix.shape
        self.answer_rows = np.ascontiguousarray(answer_rows, dtype=np.intp)
        if self.answer_rows.shape != (self.n_answers,):
            raise ValueError("answer_rows needs the guess row of every answer")
        if mode != "off" and guess_letters is None:
            raise ValueError(f"mode {mode!r} needs guess_letters, the guesses' letters 0..25")
        self.words = _checked_mode(mode, guess_letters)
        if max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries}")
        self.length, self.mode, self.max_entries = length, mode, max_entries
        self.n_patterns = 3 ** length
        self.green = self.n_patterns - 1
        self.n_threads = 0 if n_threads is None else int(n_threads)
        self.states = self.memo_hits = 0
        self.checkpoint = None   # never called: no search here outlives a signal check

    def clear(self):
        pass    # no memo outlives a call

    def stats(self):
        return {"states": 0, "memo_hits": 0, "memo_entries": 0, "memo_replaced": 0,
                "legal_lists": 0, "max_entries": self.max_entries}

    def memo_items(self):
        return iter(())

    def memo_snapshot(self, min_weight):
        # no memo outlives a call: nothing for a store to keep
        empty = np.empty(0, dtype=np.uint64)
        return empty, empty.copy(), np.empty(0, np.int64), np.empty(0, np.uint8), np.empty(
            0, np.uint8)

    def memo_restore(self, a, b, values, exact, weights):
        pass

    def memo_fingerprint(self, members, depth):
        return None    # no fingerprints: a store keeps this searcher's buckets only

    # -- the rule ----------------------------------------------------------------

    def _members(self, members) -> tuple:
        members = sorted({int(a) for a in np.asarray(members).ravel()})
        if members and not (0 <= members[0] and members[-1] < self.n_answers):
            raise ValueError(f"members must be answer indices in 0..{self.n_answers - 1}")
        return tuple(members)

    def _legal_now(self, legal, members=()):
        if legal is None:
            return None if self.mode == "off" else tuple(range(self.n_guesses))
        if self.mode == "off":
            raise ValueError("legal guesses only apply to the hard modes; this searcher "
                             "plays normal mode")
        legal = tuple(int(g) for g in np.asarray(legal).ravel())
        if not legal:
            raise ValueError("legal must list at least one guess row")
        if (legal[0] < 0 or legal[-1] >= self.n_guesses
                or any(b <= a for a, b in zip(legal, legal[1:]))):
            raise ValueError(f"legal must be sorted, distinct rows in 0..{self.n_guesses - 1}")
        allowed = set(legal)
        for answer in members:
            if int(self.answer_rows[answer]) not in allowed:
                raise ValueError(f"legal must hold every candidate's guess row, but candidate "
                                 f"{answer} (row {self.answer_rows[answer]}) is not in it")
        return legal

    def _legal_after(self, legal, guess: int, code: int):
        if legal is None:
            return None
        return tuple(g for g in legal
                     if hard_mode_allows(self.mode, self.words[guess], code, self.words[g]))

    # -- the recursion, the brute force's ----------------------------------------

    def _total(self, members: tuple, depth: int, legal) -> int:
        if not members:
            return 0
        return exact_total(self.matrix, self.length, depth, answers=members, mode=self.mode,
                           guesses=self.words, legal=legal)

    def _afters(self, members: tuple, depth: int, legal) -> list[int]:
        """Every guess row's total when played next (the legal ones are meant)."""
        return exact_total(self.matrix, self.length, depth, answers=members, mode=self.mode,
                           guesses=self.words, per_opener=True, legal=legal)

    # -- the compiled searcher's methods ------------------------------------------

    def solve(self, members, depth, budget=INFEASIBLE, legal=None, after=None):
        members = self._members(members)
        if not members:
            return 0
        if after is None or self.mode == "off":
            legal = self._legal_now(legal, members)
        else:
            guess, code = after
            if not (0 <= guess < self.n_guesses and 0 <= code < self.n_patterns):
                raise ValueError(f"after must be (guess row, pattern code), got {after!r}")
            legal = self._legal_after(self._legal_now(legal), guess, code)
            legal = self._legal_now(legal, members)
        return self._total(members, depth, legal)

    def after_guess(self, members, guess, depth, budget=INFEASIBLE, legal=None):
        members = self._members(members)
        legal = self._legal_now(legal, members)
        if legal is not None and guess not in legal:
            raise ValueError(f"guess row {guess} is not among the legal guesses")
        if not members:
            return 0
        return self._afters(members, depth, legal)[int(guess)]

    def lower_bound(self, members, depth, legal=None):
        return self.solve(members, depth, legal=legal)

    def guess_bounds(self, members, legal=None):
        members = self._members(members)
        legal = self._legal_now(legal, members)
        if not members:
            raise ValueError("no candidates")
        n, rows = len(members), range(self.n_guesses) if legal is None else legal
        answer_rows = {int(self.answer_rows[a]) for a in members}
        buckets = np.array([len(_buckets(self.matrix, g, members)) for g in rows], dtype=np.int64)
        candidate = np.array([g in answer_rows for g in rows], dtype=np.int64)
        bounds = 3 * n - buckets - candidate
        bounds[(buckets == 1) & (candidate == 0)] = INFEASIBLE
        return bounds, buckets

    def legal_after(self, legal, guess, code):
        legal = self._legal_now(legal)
        if legal is None:
            raise ValueError("normal mode has no legal-guess list; every guess stays allowed")
        return np.array(self._legal_after(legal, int(guess), int(code)), dtype=np.intp)

    def guess_costs(self, members, rows, depth, legal=None):
        members = self._members(members)
        legal = self._legal_now(legal, members)
        if not members:
            raise ValueError("no candidates")
        rows = [int(g) for g in np.asarray(rows).ravel()]
        if legal is not None and not set(rows) <= set(legal):
            raise ValueError("every row must be a legal guess in this mode")
        afters = self._afters(members, depth, legal)
        costs = np.array([afters[g] for g in rows], dtype=np.float64)
        return costs, costs < INFEASIBLE

    def best_guess(self, members, depth, legal=None):
        members = self._members(members)
        legal = self._legal_now(legal, members)
        if not members:
            raise ValueError("no candidates")
        afters = self._afters(members, depth, legal)
        rows = range(self.n_guesses) if legal is None else legal
        value = min(afters[g] for g in rows)
        if value >= INFEASIBLE:
            raise ValueError(f"{len(members)} candidates cannot be solved within {depth} guesses")
        return next(g for g in rows if afters[g] == value)

    def bucket_bounds(self, opener, depth):
        """Each non-green bucket of ``opener`` over every answer, largest
        first: its code, size and least total with ``depth - 1`` left (1 for
        one word, 2s - 1 beyond; UNSOLVABLE when no guesses remain for it)."""
        if not 0 <= opener < self.n_guesses:
            raise ValueError(f"opener row must lie in 0..{self.n_guesses - 1}")
        buckets = _buckets(self.matrix, opener, range(self.n_answers))
        found = sorted(((code, len(b)) for code, b in buckets.items() if code != self.green),
                       key=lambda item: (-item[1], item[0]))
        left = depth - 1
        bounds = [(1 if left >= 1 else INFEASIBLE) if size == 1 else
                  (2 * size - 1 if left >= 2 else INFEASIBLE) for _, size in found]
        return (np.array([code for code, _ in found], dtype=np.int64),
                np.array([size for _, size in found], dtype=np.int64),
                np.array(bounds, dtype=np.int64))

    def opener_bounds(self, rows, depth, threshold=INFEASIBLE - 1, with_buckets=False):
        rows = [int(g) for g in np.asarray(rows).ravel()]
        if rows and not (min(rows) >= 0 and max(rows) < self.n_guesses):
            raise ValueError(f"opener rows must lie in 0..{self.n_guesses - 1}")
        found = [self.bucket_bounds(g, depth) for g in rows]
        out = np.array([self.n_answers + int(bounds.sum()) for _, _, bounds in found],
                       dtype=np.int64)
        return (out, found) if with_buckets else out

    def distinct_buckets(self, rows):
        if self.n_patterns > 256:
            raise ValueError("only for byte codes (3 ** length <= 256)")
        rows = [int(g) for g in np.asarray(rows).ravel()]
        ids = np.full((len(rows), self.n_patterns), -1, dtype=np.int32)
        numbers: dict[tuple, int] = {}
        for i, guess in enumerate(rows):
            for code, bucket in _buckets(self.matrix, guess, range(self.n_answers)).items():
                if (len(bucket) < 3 or code == self.green or self.mode == "strict"
                        or (self.mode == "hard" and code != 0)):
                    continue
                ids[i, code] = numbers.setdefault(bucket, len(numbers))
        return ids


class LookaheadSearcher:
    """V(S, k) = max over the allowed guesses g of H^(k)(g, S), and
    H^(k)(g, S) = H(g, S) + sum over g's buckets f of P(f) V(S_f, k - 1),
    V = 0 when |S| <= 1 or k = 0; with a ``width``, only that many guesses
    by one-step entropy are tried at each level."""

    def __init__(self, matrix, length, guess_order, guess_letters, answer_letters,
                 weights=None, width=0, max_entries=1_000_000, n_threads=None, prune=True,
                 mode="off"):
        self.matrix = _checked_matrix(matrix, "lookahead")
        if max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries}")
        if width < 0:
            raise ValueError(f"width must be 0 (every guess) or more, got {width}")
        self.order = tuple(int(g) for g in np.asarray(guess_order).ravel())
        if not self.order:
            raise ValueError("the lookahead needs at least one guess to play")
        self.words = _checked_mode(mode, guess_letters)
        self.weights = None if weights is None else np.asarray(weights, dtype=np.float64)
        self.length, self.mode, self.width, self.prune = length, mode, width, prune
        self.max_entries = max_entries
        self.cache: OrderedDict = OrderedDict()
        self.hits = self.misses = self.evictions = 0

    def clear(self):
        self.cache.clear()
        self.hits = self.misses = self.evictions = 0

    @property
    def entries(self):
        return len(self.cache)

    def stats(self):
        return {"hits": self.hits, "misses": self.misses, "entries": len(self.cache),
                "evictions": self.evictions, "max_entries": self.max_entries}

    def _legal_now(self, legal):
        if self.mode == "off" or legal is None:
            return None if self.mode == "off" else self.order
        allowed = {int(g) for g in np.asarray(legal).ravel()}
        return tuple(g for g in self.order if g in allowed)

    def _mass(self, bucket) -> float:
        if self.weights is None:
            return float(len(bucket))
        return float(self.weights[list(bucket)].sum())

    def _entropy(self, members: tuple, guess: int) -> float:
        total = self._mass(members)
        value = 0.0
        for bucket in _buckets(self.matrix, guess, members).values():
            p = self._mass(bucket) / total
            if p > 0:
                value -= p * math.log2(p)
        return max(value, 0.0)

    def _pool(self, members: tuple, legal) -> tuple:
        pool = self.order if legal is None else legal
        if 0 < self.width < len(pool):
            entropy = np.array([self._entropy(members, g) for g in pool])
            pool = tuple(pool[i] for i in entropy_order(entropy)[:self.width])
        return pool

    def _value(self, members: tuple, depth: int, legal) -> float:
        if len(members) <= 1 or depth <= 0:
            return 0.0
        key = (members, depth, legal)
        if key in self.cache:
            self.hits += 1
            self.cache.move_to_end(key)
            return self.cache[key]
        self.misses += 1
        value = max(self._guess_value(members, g, depth, legal)
                    for g in self._pool(members, legal))
        self.cache[key] = value
        if len(self.cache) > self.max_entries:
            self.cache.popitem(last=False)
            self.evictions += 1
        return value

    def _guess_value(self, members: tuple, guess: int, depth: int, legal) -> float:
        value = self._entropy(members, guess)
        if depth <= 1:
            return value
        total = self._mass(members)
        for code, bucket in _buckets(self.matrix, guess, members).items():
            p = self._mass(bucket) / total
            if len(bucket) > 1 and p > 0:
                after = None if legal is None else tuple(
                    g for g in legal
                    if hard_mode_allows(self.mode, self.words[guess], code, self.words[g]))
                value += p * self._value(bucket, depth - 1, after)
        return value

    def value(self, candidates, depth, legal=None):
        members = tuple(int(a) for a in np.asarray(candidates).ravel())
        return self._value(members, depth, self._legal_now(legal)) if members else 0.0

    def guess_values(self, candidates, rows, depth, progress=None, legal=None):
        members = tuple(int(a) for a in np.asarray(candidates).ravel())
        rows = [int(g) for g in np.asarray(rows).ravel()]
        if not 1 <= depth <= 100:
            raise ValueError(f"depth must be within 1..100, got {depth}")
        legal = self._legal_now(legal)
        entropy = np.array([self._entropy(members, g) if members else 0.0 for g in rows])
        if depth == 1 or len(members) <= 1:
            return (entropy if depth == 1 else np.zeros_like(entropy)), len(rows)
        order = entropy_order(entropy)
        if 0 < self.width < len(rows):
            expanded, values = order[:self.width], np.full(len(rows), -np.inf)
        else:
            expanded, values = order, np.full(len(rows), np.nan)
        done = 0
        try:
            for position in expanded:
                values[position] = self._guess_value(members, rows[position], depth, legal)
                done += 1
                if progress is not None and (done % 16 == 0 or done == len(expanded)):
                    progress(done, len(expanded))
        except KeyboardInterrupt:
            pass
        return values, done


def entropy_order(entropy) -> np.ndarray:
    """Positions by decreasing entropy, those within 1e-9 of each other kept
    in their given order (as ``_lookahead._entropy_order``)."""
    entropy = np.asarray(entropy, dtype=np.float64)
    order = np.argsort(-entropy, kind="stable")
    drops = -np.diff(entropy[order])
    group = np.concatenate(([0], np.cumsum(drops > 1e-9)))
    return order[np.lexsort((order, group))]
