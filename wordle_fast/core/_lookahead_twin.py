"""The twin of ``_lookahead``: ``LookaheadSearcher``, the n-step entropy
recursion written out over every allowed guess with a plain memo, no
bounds; ``WORDLE_FAST_IMPL=python`` plays on it."""

from __future__ import annotations

import math
from collections import OrderedDict

import numpy as np

from wordle_fast.core._feedback_twin import buckets_of, checked_matrix
from wordle_fast.core._legal_twin import checked_mode, hard_mode_allows


class LookaheadSearcher:
    """V(S, k) = max over the allowed guesses g of H^(k)(g, S), and
    H^(k)(g, S) = H(g, S) + sum over g's buckets f of P(f) V(S_f, k - 1),
    V = 0 when |S| <= 1 or k = 0; with a ``width``, only that many guesses
    by one-step entropy are tried at each level."""

    def __init__(self, matrix, length, guess_order, guess_letters, answer_letters,
                 weights=None, width=0, max_entries=1_000_000, n_threads=None, prune=True,
                 mode="off"):
        self.matrix = checked_matrix(matrix, "lookahead")
        if max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries}")
        if width < 0:
            raise ValueError(f"width must be 0 (every guess) or more, got {width}")
        self.order = tuple(int(g) for g in np.asarray(guess_order).ravel())
        if not self.order:
            raise ValueError("the lookahead needs at least one guess to play")
        self.words = checked_mode(mode, guess_letters)
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

    def __repr__(self):
        # (the same text as the compiled searcher's: a test holds them equal)
        expanded = "every guess expanded" if not self.width else f"width {self.width}"
        return (f"LookaheadSearcher({self.matrix.shape[1]} answers, "
                f"{len(self.order)} guesses in play, {expanded}, hard mode {self.mode}; "
                f"memo of n-step values: {len(self.cache)} of {self.max_entries} entries, "
                f"{self.hits} hits, {self.misses} misses)")

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
        for bucket in buckets_of(self.matrix, guess, members).values():
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
        for code, bucket in buckets_of(self.matrix, guess, members).items():
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
