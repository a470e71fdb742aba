"""The twins of the exact search: ``exact_total``, the brute force over
every allowed guess at every state (memoized recursion, no bounds, no
closed forms), and ``ExactSearcher``, the compiled searcher's constructor
and methods over it. ``WORDLE_FAST_IMPL=python`` plays on them (see
``_backend``); the tests hold the compiled search to them.

A lower bound the compiled search would give may be the exact value here,
which is a lower bound too; a search "within a budget" returns the exact
value, which is either within it or a bound above it, as promised.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from wordle_fast.core._feedback_twin import buckets_of, checked_matrix
from wordle_fast.core._legal_twin import checked_mode, hard_mode_allows

INFEASIBLE = 1 << 40   # equal to _exact.UNSOLVABLE (the twin imports nothing compiled)


def exact_total(matrix, length: int, max_guesses: int, answers=None, mode: str = "off",
                guesses=None, per_opener: bool = False, legal=None, weights=None):
    """T(S, d) by trying every guess at every state: no bounds, no closed
    forms, only memoization of the recursion itself. The twin of
    ``_exact.ExactSearcher.solve``; INFEASIBLE when the limit is too tight.
    The hard modes need ``guesses``, the matrix rows' words encoded as
    letters 0..25, and carry the guesses still allowed through the recursion.
    ``per_opener``: instead, the list of every guess row's total when played
    first (the twin of the exact opening table). ``legal``: in the hard
    modes, the guess rows allowed at the start (default: every row), for a
    state in the middle of a game. ``weights``: whole numbers, one per
    answer column (default: 1 each), so that the total is the sum over the
    answers of weight x guesses, the game under a prior; an answer of
    weight 0 is not a possible one, and is left out."""
    green = 3 ** length - 1
    n_guesses = matrix.shape[0]
    weight = [1] * matrix.shape[1] if weights is None else [int(w) for w in weights]
    if mode != "off" and guesses is None:
        raise ValueError(f"mode {mode!r} needs the guess words")

    @lru_cache(maxsize=None)
    def total(members, left, legal):
        # legal: the guess rows allowed now; None in normal mode (every row)
        if len(members) == 1:
            return weight[members[0]] if left >= 1 else INFEASIBLE
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
        cost = sum(weight[a] for a in members)
        for code, bucket in buckets.items():
            if code != green:
                allowed = None if legal is None else tuple(
                    g for g in legal if hard_mode_allows(mode, guesses[guess], code, guesses[g]))
                cost += total(tuple(bucket), left - 1, allowed)
        return min(cost, INFEASIBLE)

    members = tuple(range(matrix.shape[1])) if answers is None else tuple(answers)
    members = tuple(a for a in members if weight[a] > 0)    # weight 0: not a possible answer
    every_row = None if mode == "off" else tuple(range(n_guesses) if legal is None else legal)
    if per_opener:
        if max_guesses < 1:
            return [INFEASIBLE] * n_guesses
        return [after(guess, members, max_guesses, every_row) for guess in range(n_guesses)]
    return total(members, max_guesses, every_row)


class ExactSearcher:
    """T(S, d), the fewest total guesses that finish every answer of S
    within d guesses, by ``_exact_twin.exact_total`` (the brute force over
    every allowed guess, its memo one call's), behind the compiled
    searcher's methods. It counts no states, and keeps no memo between
    calls. ``weights``: whole numbers, one per answer (default 1 each): the
    totals are then the sum of weight x guesses, and the bounds their
    weighted forms (``wordle_fast.exact.weighted``, where they are proven):
    the twin of ``_weighted.WeightedSearcher`` as of ``_exact.ExactSearcher``."""

    def __init__(self, matrix, length, answer_rows, max_entries=1 << 25, n_threads=None,
                 mode="off", guess_letters=None, weights=None, *, keep_keys=False, lanes=None):
        # (keep_keys, lanes: the compiled searcher's, which mean nothing here)
        self.matrix = checked_matrix(matrix, "exact search")
        self.n_guesses, self.n_answers = self.matrix.shape
        self.answer_rows = np.ascontiguousarray(answer_rows, dtype=np.intp)
        if self.answer_rows.shape != (self.n_answers,):
            raise ValueError("answer_rows needs the guess row of every answer")
        if mode != "off" and guess_letters is None:
            raise ValueError(f"mode {mode!r} needs guess_letters, the guesses' letters 0..25")
        self.words = checked_mode(mode, guess_letters)
        if max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries}")
        self.length, self.mode, self.max_entries = length, mode, max_entries
        self.n_patterns = 3 ** length
        self.green = self.n_patterns - 1
        self.n_threads = 0 if n_threads is None else int(n_threads)
        self.weights = (None if weights is None
                        else np.array([int(w) for w in weights], dtype=np.int64))
        if self.weights is not None and (self.weights.shape != (self.n_answers,)
                                         or (self.weights < 0).any()):
            raise ValueError("weights must be whole numbers, 0 or more, one per answer")
        self.states = self.memo_hits = 0
        self.checkpoint = None   # never called: no search here outlives a signal check

    @property
    def total_weight(self) -> int:
        """The answers' total weight (their number without weights)."""
        return self.n_answers if self.weights is None else int(self.weights.sum())

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
        if self.weights is not None:      # weight 0: not a possible answer
            members = [a for a in members if self.weights[a] > 0]
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
                           guesses=self.words, legal=legal, weights=self.weights)

    def _afters(self, members: tuple, depth: int, legal) -> list[int]:
        """Every guess row's total when played next (the legal ones are meant)."""
        return exact_total(self.matrix, self.length, depth, answers=members, mode=self.mode,
                           guesses=self.words, per_opener=True, legal=legal,
                           weights=self.weights)

    def _weight(self, members) -> np.ndarray:
        """The weights of ``members`` (1 each without a prior)."""
        members = list(members)
        if self.weights is None:
            return np.ones(len(members), dtype=np.int64)
        return self.weights[members]

    def _set_bound(self, members, left: int) -> int:
        """The least total of a bucket with ``left`` guesses: one word its
        weight, more words 2W - m (with 2 guesses left or more)."""
        weight = self._weight(members)
        if len(members) == 1:
            return int(weight[0]) if left >= 1 else INFEASIBLE
        return int(2 * weight.sum() - weight.max()) if left >= 2 else INFEASIBLE

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
        found = [buckets_of(self.matrix, g, members) for g in rows]
        buckets = np.array([len(split) for split in found], dtype=np.int64)
        candidate = np.array([g in answer_rows for g in rows], dtype=np.int64)
        if self.weights is None:
            bounds = 3 * n - buckets - candidate
        else:   # every word pays the guess, each other bucket 2W - m at least
            total = int(self._weight(members).sum())
            bounds = np.array([total + sum(self._set_bound(b, 2) for code, b in split.items()
                                           if code != self.green) for split in found],
                              dtype=np.int64)
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
        possible = [a for a in range(self.n_answers)
                    if self.weights is None or self.weights[a] > 0]
        buckets = buckets_of(self.matrix, opener, possible)
        found = sorted(((code, b) for code, b in buckets.items() if code != self.green),
                       key=lambda item: (-len(item[1]), item[0]))
        bounds = [self._set_bound(bucket, depth - 1) for _, bucket in found]
        return (np.array([code for code, _ in found], dtype=np.int64),
                np.array([len(bucket) for _, bucket in found], dtype=np.int64),
                np.array(bounds, dtype=np.int64))

    def opener_bounds(self, rows, depth, threshold=INFEASIBLE - 1, with_buckets=False):
        rows = [int(g) for g in np.asarray(rows).ravel()]
        if rows and not (min(rows) >= 0 and max(rows) < self.n_guesses):
            raise ValueError(f"opener rows must lie in 0..{self.n_guesses - 1}")
        found = [self.bucket_bounds(g, depth) for g in rows]
        total = int(self._weight(range(self.n_answers)).sum())
        out = np.array([total + int(bounds.sum()) for _, _, bounds in found], dtype=np.int64)
        return (out, found) if with_buckets else out

    def distinctbuckets_of(self, rows):
        if self.n_patterns > 256:
            raise ValueError("only for byte codes (3 ** length <= 256)")
        rows = [int(g) for g in np.asarray(rows).ravel()]
        ids = np.full((len(rows), self.n_patterns), -1, dtype=np.int32)
        numbers: dict[tuple, int] = {}
        for i, guess in enumerate(rows):
            for code, bucket in buckets_of(self.matrix, guess, range(self.n_answers)).items():
                if (len(bucket) < 3 or code == self.green or self.mode == "strict"
                        or (self.mode == "hard" and code != 0)):
                    continue
                ids[i, code] = numbers.setdefault(bucket, len(numbers))
        return ids
