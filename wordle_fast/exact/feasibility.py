"""Whether a set can finish at all: every answer found within the guesses
left, whatever the total (the depth-only question).

In the hard modes about half the openers of the nyt2023 lists cannot
finish in six (the published table: 7402 of 14855). The exact search
proves it only by failing to find any total: with no budget to cut with, it
solves the feasible buckets exactly while looking for the one that is not,
and AGLET took more than twenty minutes so. Asked only whether a set can
finish, a search stops at the first guess under which every bucket can,
refutes a guess at its first bucket that cannot, and needs no total:
AGLET's 25-word bucket is proven unable to finish in 0.77 s
(benchmarks/README.md). The scan over the guesses is the compiled search's
(``guess_bounds``), so the recursion here is plain Python.
"""

from __future__ import annotations

import numpy as np


class OutOfSets(Exception):
    """The check has searched as many sets as it was allowed."""


class FeasibilityCheck:
    """``can_finish(members, guesses_left, legal)`` over one searcher's
    lists and mode, remembering every set it has answered (the same set
    recurs under many guesses). With ``most_sets``, ``OutOfSets`` once it
    has searched that many sets without an answer."""

    def __init__(self, searcher, matrix: np.ndarray, length: int, most_sets: int | None = None):
        self.searcher, self.matrix = searcher, matrix
        self.all_green = 3 ** length - 1
        self.known: dict[tuple, bool] = {}
        self.sets_checked = 0
        self.most_sets = most_sets

    def can_finish(self, members: np.ndarray, guesses_left: int, legal) -> bool:
        """Whether a strategy finds every answer of ``members`` (answer
        indices, sorted) within ``guesses_left`` guesses, each from the
        rows ``legal`` allows (None: every guess; in the hard modes, as
        ``searcher.legal_after`` narrows them)."""
        n = len(members)
        if n <= 1:
            return guesses_left >= n
        if guesses_left <= 1:
            return False
        key = (members.tobytes(), guesses_left, None if legal is None else legal.tobytes())
        found = self.known.get(key)
        if found is None:
            if self.most_sets is not None and self.sets_checked >= self.most_sets:
                raise OutOfSets
            self.sets_checked += 1
            found = self.known[key] = self._search(members, guesses_left, legal)
        return found

    def _search(self, members, guesses_left, legal) -> bool:
        n = len(members)
        _, splits = self.searcher.guess_bounds(members, legal)   # buckets per guess
        if guesses_left == 2:
            return bool((splits == n).any())   # a guess that tells every answer apart
        # With three left, each bucket needs a guess that tells its answers
        # apart, and none splits a subset into more than `most` buckets.
        most = int(splits.max())
        for position in np.argsort(-splits, kind="stable"):   # most buckets first
            guess = int(position if legal is None else legal[position])
            if self._guess_finishes(members, guesses_left, legal, guess, most):
                return True
        return False

    def _guess_finishes(self, members, guesses_left, legal, guess, most) -> bool:
        codes = self.matrix[guess, members]
        values, sizes = np.unique(codes, return_counts=True)
        buckets = [(size, code) for code, size in zip(values.tolist(), sizes.tolist())
                   if code != self.all_green and size > 1]
        if guesses_left == 3 and any(size > most for size, _ in buckets):
            return False
        for _, code in sorted(buckets, reverse=True):   # the largest most likely fails
            narrowed = legal if legal is None else self.searcher.legal_after(legal, guess, code)
            if not self.can_finish(members[codes == code], guesses_left - 1, narrowed):
                return False
        return True
