"""The best chance left when no guess can win for sure: the most answers
of a set that some strategy wins within k guesses, for each guess played
next.

The optimal strategy falls back on this when the exact search proves that
no guess finishes every answer in the guesses left: it then plays for the
highest chance to win in them (and, among equal chances, for the fewest
expected guesses). Within one or two guesses the count has a closed form;
beyond, it is searched, memoized per set.

>>> from wordle_fast.lexicon import Lexicon
>>> lexicon = Lexicon(["bound", "found", "hound", "mound"],
...                   ["bound", "found", "hound", "mound", "hombe"])
>>> counter = WinCounter(lexicon)
>>> counter.per_guess([0, 1, 2, 3], [0, 4], left=2).tolist()   # BOUND, HOMBE
[2, 4]
"""

from __future__ import annotations

import numpy as np

from wordle_fast.patterns import all_green
from wordle_fast.rules import legal_guesses


def distinct_codes(matrix: np.ndarray, rows: np.ndarray, members: np.ndarray) -> np.ndarray:
    """For each guess row, how many different feedbacks it gets from ``members``."""
    codes = np.sort(matrix[np.ix_(rows, members)], axis=1)
    return 1 + (np.diff(codes, axis=1) != 0).sum(axis=1)


class WinCounter:
    """Counts the answers a strategy can win within k guesses, for one
    lexicon and hard mode; its memo lives as long as it does."""

    def __init__(self, lexicon, hard_mode: str = "off"):
        self.lexicon = lexicon
        self.hard_mode = hard_mode
        self._memo: dict = {}

    def per_guess(self, members, rows, left: int, legal=None) -> np.ndarray:
        """For each guess row in ``rows`` played next: the most answers of
        ``members`` won within ``left`` guesses (that one included).
        ``legal``: the rows the rule allows now (None in normal mode)."""
        members = np.asarray(members, dtype=np.intp)
        rows = np.asarray(rows, dtype=np.intp)
        if left <= 0:
            return np.zeros(len(rows), dtype=np.int64)
        if left == 1:
            return self._is_member(rows, members).astype(np.int64)
        if left == 2:
            # the answer now, or else one answer in each other bucket: any of
            # its members is a legal guess and wins for one of them
            return distinct_codes(self.lexicon.matrix, rows, members).astype(np.int64)
        return np.array([self._after(members, int(row), left, legal) for row in rows],
                        dtype=np.int64)

    def _is_member(self, rows, members) -> np.ndarray:
        answer_of_row = self.lexicon.guess_answers[rows]
        return np.isin(answer_of_row, members) & (answer_of_row >= 0)

    def _after(self, members, row: int, left: int, legal) -> int:
        """The most answers won within ``left`` guesses with ``row`` first."""
        codes = self.lexicon.matrix[row, members]
        won = 0
        word = self.lexicon.guesses[row]
        green = all_green(self.lexicon.length)
        for code in np.unique(codes):
            bucket = members[codes == code]
            if code == green:
                won += 1
                continue
            won += self._best(bucket, left - 1, self._legal_after(legal, word, int(code)))
        return won

    def _legal_after(self, legal, word: str, code: int):
        if self.hard_mode == "off":
            return None
        mask = legal_guesses(self.lexicon, [(word, code)], self.hard_mode)
        return legal[mask[legal]]

    def _best(self, members, left: int, legal) -> int:
        """The most answers of ``members`` won within ``left`` guesses."""
        n = len(members)
        if n <= left or n <= 1:
            return n            # guessing them one by one wins every one
        if left <= 1:
            return 1
        key = (members.tobytes(), left, None if legal is None else legal.tobytes())
        if key in self._memo:
            return self._memo[key]
        rows = np.arange(self.lexicon.n_guesses) if legal is None else legal
        counts = distinct_codes(self.lexicon.matrix, rows, members)
        if left == 2:
            best = int(counts.max())
        else:
            # the most feedbacks first: they tend to win most, and n ends the search
            best = 0
            for position in np.argsort(-counts, kind="stable"):
                if counts[position] <= 1 and best >= 1:
                    break    # a guess that splits nothing only wastes one
                best = max(best, self._after(members, int(rows[position]), left, legal))
                if best == n:
                    break
        self._memo[key] = best
        return best
