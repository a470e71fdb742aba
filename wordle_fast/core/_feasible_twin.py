"""The plain-Python twin of ``_feasible.FinishCheck``: the depth-only question
(can every answer of a set be found within the guesses left?) in the most
obvious code, for the tests and for ``WORDLE_FAST_IMPL=python``."""

from __future__ import annotations

import numpy as np


class _OutOfSets(Exception):
    """The check has searched as many sets as it was allowed."""


class FinishCheck:
    """``can_finish(members, guesses_left, legal)`` over one searcher's
    lists and mode: True, False, or None once it has searched ``most_sets``
    sets (if given) without an answer. It remembers every set it has
    answered (the same set recurs under many guesses)."""

    def __init__(self, searcher, lexicon, most_sets: int | None = None):
        if most_sets is not None and most_sets < 0:
            raise ValueError("most_sets must be at least 0, or None for no limit")
        self.searcher, self.matrix = searcher, lexicon.matrix
        self.all_green = 3 ** lexicon.length - 1
        self.known: dict[tuple, bool] = {}
        self.sets_checked = 0
        self.most_sets = most_sets

    def can_finish(self, members, guesses_left: int, legal=None) -> bool | None:
        """Whether a strategy finds every answer of ``members`` (answer
        indices, sorted) within ``guesses_left`` guesses, each from the
        rows ``legal`` allows (None: every guess; in the hard modes, as
        the searcher's ``legal_after`` narrows them); None when out of sets."""
        members = np.asarray(members, dtype=np.intp)
        if members.ndim != 1 or np.any(np.diff(members) <= 0):
            raise ValueError("members must be sorted, distinct answer indices")
        try:
            return self._can_finish(members, guesses_left, legal)
        except _OutOfSets:
            return None

    def _can_finish(self, members, guesses_left, legal) -> bool:
        n = len(members)
        if n <= 1:
            return guesses_left >= n
        if guesses_left <= 1:
            return False
        key = (members.tobytes(), guesses_left, None if legal is None else legal.tobytes())
        found = self.known.get(key)
        if found is None:
            if self.most_sets is not None and self.sets_checked >= self.most_sets:
                raise _OutOfSets
            self.sets_checked += 1
            found = self.known[key] = self._search(members, guesses_left, legal)
        return found

    def _search(self, members, guesses_left, legal) -> bool:
        n = len(members)
        _, splits = self.searcher.guess_bounds(members, legal)   # buckets per guess
        if (splits == n).any():
            return True     # a guess that tells every answer apart
        if guesses_left == 2:
            return False
        # Each bucket needs a guess that splits it into at most `most`
        # parts (none splits a subset into more), each with a guess fewer.
        most = int(splits.max())
        largest = most ** (guesses_left - 2)
        for position in np.argsort(-splits, kind="stable"):   # most buckets first
            guess = int(position if legal is None else legal[position])
            if self._guess_finishes(members, guesses_left, legal, guess, largest):
                return True
        return False

    def _guess_finishes(self, members, guesses_left, legal, guess, largest) -> bool:
        codes = self.matrix[guess, members]
        values, sizes = np.unique(codes, return_counts=True)
        buckets = [(size, code) for code, size in zip(values.tolist(), sizes.tolist())
                   if code != self.all_green and size > 1]
        if any(size > largest for size, _ in buckets):
            return False
        for _, code in sorted(buckets, reverse=True):   # the largest most likely fails
            narrowed = legal if legal is None else self.searcher.legal_after(legal, guess, code)
            if not self._can_finish(members[codes == code], guesses_left - 1, narrowed):
                return False
        return True
