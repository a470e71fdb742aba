"""Guess scores as a result object, ranked with the seeds' tie-breakers."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from wordle_fast._display import HTML_ROWS, html_table
from wordle_fast.errors import InvalidOption, UnknownWord

# Entropies of guesses with the same bucket sizes differ in the last bits
# because the bins are summed in another order; rounding before comparing lets
# the tie-breakers decide such ties.
_TIE_DECIMALS = 10


@dataclass(frozen=True)
class GuessScore:
    """One guess's statistics over the current candidates."""

    word: str
    expected_bits: float        # entropy of the pattern distribution
    expected_remaining: float   # E[candidates left after this guess]
    largest_bucket: int         # worst case: candidates left after the worst pattern
    n_buckets: int              # distinct patterns the candidates can give
    win_probability: float      # chance this guess is the answer
    is_candidate: bool          # the guess could be the answer


@dataclass(frozen=True, eq=False)
class GuessScores:
    """Statistics of every guess in a pool, as parallel arrays.

    ``order()`` ranks them: most expected bits first; ties broken by, in
    order, preferring a possible answer, the smaller expected remaining set,
    the higher chance to win now, then the guess-list order.
    """

    rows: np.ndarray            # each pooled guess's index in `vocabulary`
    vocabulary: tuple[str, ...]  # the whole guess list
    expected_bits: np.ndarray
    expected_remaining: np.ndarray
    largest_bucket: np.ndarray
    n_buckets: np.ndarray
    win_probability: np.ndarray
    is_candidate: np.ndarray
    n_candidates: int

    def __len__(self) -> int:
        return len(self.rows)

    @cached_property
    def words(self) -> tuple[str, ...]:
        """The pooled guesses (built on first use: scoring in a search loop
        never needs the strings)."""
        return tuple(self.vocabulary[r] for r in self.rows)

    def order(self, values: np.ndarray | None = None, top: int | None = None,
              exact_key: np.ndarray | None = None) -> np.ndarray:
        """Pool positions from best to worst by ``values`` (a strategy's,
        higher is better; default: expected bits), then the tie-breakers,
        and last the guess-list order (alphabetical for the bundled list).
        ``exact_key``: integers (higher is better) that rank before the
        values, for a strategy whose values are exact counts that the
        values' rounding could merge. ``top``: only the best ``top``,
        sorting only the guesses that can be among them (the same positions
        as the full order's first ``top``)."""
        if values is None:
            values = self.expected_bits
        rounded = np.round(values, _TIE_DECIMALS)
        first = rounded if exact_key is None else np.asarray(exact_key, dtype=np.int64)
        positions = np.arange(len(rounded))
        if top is not None and top < len(rounded):
            if top <= 0:
                return positions[:0]
            # every guess of the first `top` has a key at least the top-th largest
            threshold = np.partition(first, len(first) - top)[len(first) - top]
            if exact_key is not None or not np.isnan(threshold):
                positions = np.flatnonzero(first >= threshold)
        # np.lexsort sorts by the last key first.
        order = np.lexsort((
            self.rows[positions],
            -self.win_probability[positions],
            np.round(self.expected_remaining[positions], _TIE_DECIMALS),
            ~self.is_candidate[positions],
            -rounded[positions],
            -first[positions],
        ))
        return positions[order][:top]

    def row(self, position: int) -> GuessScore:
        return GuessScore(
            word=self.vocabulary[self.rows[position]],
            expected_bits=float(self.expected_bits[position]),
            expected_remaining=float(self.expected_remaining[position]),
            largest_bucket=int(self.largest_bucket[position]),
            n_buckets=int(self.n_buckets[position]),
            win_probability=float(self.win_probability[position]),
            is_candidate=bool(self.is_candidate[position]),
        )

    def ranked(self, top: int | None = None) -> list[GuessScore]:
        """The best ``top`` guesses (all when ``None``), best first."""
        order = self.order(top=None if top is None else max(0, top))
        return [self.row(int(position)) for position in order]

    def best(self) -> GuessScore:
        return self.row(int(self.order(top=1)[0]))

    def __repr__(self) -> str:
        head = f"GuessScores({len(self)} guesses over {self.n_candidates} candidates"
        if not len(self):
            return head + ")"
        best = self.best()
        return f"{head}; best {best.word} {best.expected_bits:.4f} bits)"

    def _repr_html_(self) -> str:
        caption = repr(self)[len("GuessScores("):-1]
        return html_table(caption, ["guess", "bits", "E[left]", "largest", "patterns", "p(win)",
                                    "answer?"],
                          ([s.word, s.expected_bits, s.expected_remaining, s.largest_bucket,
                            s.n_buckets, s.win_probability, "yes" if s.is_candidate else ""]
                           for s in self.ranked(HTML_ROWS)), total=len(self))

    def __getitem__(self, word: str) -> GuessScore:
        try:
            return self.row(self.words.index(word))
        except ValueError:
            raise UnknownWord(f"{word!r} was not in the scored guess pool") from None


def realized_information(before: float, after: float) -> float:
    """Bits gained when feedback shrinks the candidates from ``before`` to
    ``after`` (counts, or probability masses under a prior): log2(before/after).

    >>> realized_information(22, 11)
    1.0
    """
    if after <= 0 or before < after:
        raise InvalidOption(f"cannot shrink {before} candidates to {after}")
    return math.log2(before / after)
