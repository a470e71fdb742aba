"""N-step entropy lookahead: the strategy, and opener ranking by it.

H^(k)(g, S) = H(g, S) + sum over patterns f of P(f | g) * max over g' of
H^(k-1)(g', S_f), with H^(k) = 0 when one candidate is left or k = 0 (seed
001, "N-Step Entropy"). Depth 1 is plain entropy; depth 2 values a guess by
the information it gives plus the best the next guess can add. The
recursion, its memo and its bounds live in ``wordle_fast.core._lookahead``.

In the hard modes the maximum at each level runs over the guesses the rule
still allows after the feedback on the way there.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from wordle_fast._display import html_table
from wordle_fast.errors import whole_number
from wordle_fast.rules import check_mode
from wordle_fast.strategies.base import Option, Position, Strategy
from wordle_fast.words import encode_words

# Memo entries kept before the least recently used are evicted. Keys are
# mostly a few dozen bytes, so a full memo takes roughly 150-250 MB.
DEFAULT_MEMO_ENTRIES = 1_000_000

# Decimals of bits that rank openers: values within float noise of each
# other (about 1e-14 bits here) are ties.
TIE_DECIMALS = 9


def make_lookahead_searcher(lexicon, weights=None, width: int | None = None,
                  max_entries: int = DEFAULT_MEMO_ENTRIES, prune: bool = True,
                  hard_mode: str = "off"):
    """A searcher over ``lexicon``'s matrix. Inner maxima try guesses in the
    order of their entropy over all answers, so perfect splits come early.
    ``prune=False`` turns off the tile bounds (same values, slower: kept for
    the benchmark and the test that prove it)."""
    # (Imported here: the search loads when a lookahead first runs.)
    from wordle_fast.core._backend import lookahead_searcher_class

    LookaheadSearcher = lookahead_searcher_class()

    order = lexicon.score(weights=weights).order()
    return LookaheadSearcher(lexicon.matrix, lexicon.length, order, lexicon.encoded_guesses,
                             encode_words(lexicon.answers), weights=weights,
                             width=width or 0, max_entries=max_entries,
                             n_threads=lexicon.n_threads, prune=prune,
                             mode=check_mode(hard_mode))


class LookaheadStrategy(Strategy):
    """Most n-step entropy (``depth`` 2 by default). ``width``: expand only
    the top-W guesses by one-step entropy at each level (None = all, exact).
    The memo lives in a searcher owned by this object, one per lexicon and
    prior; ``searcher_stats()`` reports it and ``clear()`` empties it."""

    name = "lookahead"
    reports_progress = True
    options = (
        Option("depth", 2, int, "steps of entropy to look ahead (default 2)", metavar="K"),
        Option("width", None, int, "expand only the best W guesses by one-step entropy at "
               "each level (default: all, exact)", metavar="W"),
        Option("max_entries", DEFAULT_MEMO_ENTRIES, int, "memo entries kept",
               command_line=False),
    )

    def __init__(self, depth: int = 2, width: int | None = None,
                 max_entries: int | None = DEFAULT_MEMO_ENTRIES):
        depth = whole_number(depth, "the lookahead depth", minimum=1)
        if width is not None:
            width = whole_number(width, "the lookahead width", minimum=1)
        self.depth = depth
        self.width = width
        self.max_entries = max_entries or DEFAULT_MEMO_ENTRIES
        self.progress = None           # optional callable(done, total), e.g. a progress bar
        self.interrupted = False       # the last values() was cut short by Ctrl-C
        self._searcher = None
        self._searcher_for = None      # (lexicon, weights, hard mode) the searcher was built for

    def cache_key(self):
        return f"{self.name}:{self.depth}:{self.width}"

    def describe(self) -> str:
        expanded = ("every guess expanded" if self.width is None else
                    f"the best {self.width} guesses expanded at each level")
        return f"lookahead: {self.depth}-step entropy, {expanded}"

    def __repr__(self) -> str:
        return f"LookaheadStrategy(depth={self.depth}, width={self.width})"

    @property
    def score_label(self):
        return f"{self.depth}-step"

    @property
    def progress_label(self):
        return f"Looking {self.depth} steps ahead"

    def searcher(self, lexicon, weights=None, hard_mode: str = "off"):
        if self._searcher_for is None or self._searcher_for[0] is not lexicon \
                or not _same_weights(self._searcher_for[1], weights) \
                or self._searcher_for[2] != hard_mode:
            self._searcher = make_lookahead_searcher(lexicon, weights, self.width,
                                                     self.max_entries, hard_mode=hard_mode)
            self._searcher_for = (lexicon, weights, hard_mode)
        return self._searcher

    def searcher_stats(self) -> dict:
        return self._searcher.stats() if self._searcher is not None else {}

    def clear(self) -> None:
        if self._searcher is not None:
            self._searcher.clear()

    def values(self, position: Position) -> np.ndarray:
        searcher = self.searcher(position.lexicon, position.weights, position.hard_mode)
        values, done = searcher.guess_values(position.candidates.indices(), position.rows,
                                             self.depth, progress=self.progress,
                                             legal=position.legal)
        expanded = np.count_nonzero(~np.isneginf(values)) if self.width else len(values)
        self.interrupted = done < min(expanded, len(values))
        # Guesses not reached before a Ctrl-C rank last, below those evaluated.
        return np.where(np.isnan(values), -np.inf, values)

    def __getstate__(self):
        # The searcher holds a compiled memo; a copy (e.g. in a worker
        # process) starts with an empty one.
        state = dict(self.__dict__)
        state.update(_searcher=None, _searcher_for=None, progress=None)
        return state


def _same_weights(a, b) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return a is b or (a.shape == b.shape and np.array_equal(a, b))


@dataclass
class LookaheadRanking:
    """Openers ranked by their ``depth``-step entropy over every answer,
    best first: ``words`` with their ``n_step_bits`` (the expected
    information of the opener and the best ``depth - 1`` guesses after it,
    in bits) and ``one_step_bits`` (the opener's own entropy). Only the
    openers evaluated are ranked: with a ``width``, the ``width`` best by
    one-step entropy; after a Ctrl-C, those reached (``complete`` is then
    False). Ties keep the guess-list order. ``searcher`` keeps its memo for
    another call (``searcher.stats()``)."""

    depth: int
    width: int | None
    hard_mode: str
    words: list[str]
    n_step_bits: np.ndarray
    one_step_bits: np.ndarray
    to_evaluate: int            # the openers the ranking would cover uninterrupted
    seconds: float
    searcher: object = field(repr=False, compare=False)

    @property
    def complete(self) -> bool:
        return len(self.words) >= self.to_evaluate

    @property
    def best(self) -> str | None:
        return self.words[0] if self.words else None

    def __len__(self) -> int:
        return len(self.words)

    def bits(self, word: str) -> float:
        """The ``depth``-step entropy of ``word``, if it was evaluated."""
        try:
            return float(self.n_step_bits[self.words.index(word.lower())])
        except ValueError:
            raise KeyError(f"{word!r} is not among the {len(self.words)} openers ranked"
                           + ("" if self.width is None else
                              f" (width {self.width} evaluates only the {self.width} best "
                              "by one-step entropy)")) from None

    def rows(self, top: int | None = None) -> list[tuple[int, str, float, float]]:
        """(rank, word, n-step bits, one-step bits), best first."""
        shown = len(self.words) if not top else min(top, len(self.words))
        return [(i + 1, self.words[i], float(self.n_step_bits[i]), float(self.one_step_bits[i]))
                for i in range(shown)]

    def _settings(self) -> str:
        return (f"{self.depth}-step entropy, "
                f"{'every guess expanded' if self.width is None else f'width {self.width}'}, "
                f"hard mode {self.hard_mode}")

    def __repr__(self) -> str:
        head = ", ".join(f"{word} {bits:.4f}" for _, word, bits, _ in self.rows(3))
        part = "" if self.complete else f" of {self.to_evaluate} (interrupted)"
        return (f"LookaheadRanking({len(self.words)}{part} openers, {self._settings()}: "
                f"{head or 'none evaluated'})")

    def _repr_html_(self) -> str:
        return html_table(repr(self)[len("LookaheadRanking("):-1],
                          ["rank", "opener", f"{self.depth}-step bits", "1-step bits"],
                          self.rows(), total=len(self.words))

    def to_dict(self, top: int | None = None) -> dict:
        """The ranking as JSON-ready values (``top``: the first N only)."""
        return {"depth": self.depth, "width": self.width, "hard_mode": self.hard_mode,
                "evaluated": len(self.words), "to_evaluate": self.to_evaluate,
                "interrupted": not self.complete, "seconds": self.seconds,
                "memo": self.searcher.stats(),
                "openers": [{"rank": rank, "word": word, "n_step_bits": bits,
                             "expected_bits": one}
                            for rank, word, bits, one in self.rows(top)]}


def rank_openers_by_lookahead(lexicon, depth: int = 2, width: int | None = None,
                              pool: str | None = None, weights=None, progress=None,
                              hard_mode: str = "off") -> LookaheadRanking:
    """Every first guess of ``pool`` (default: every allowed guess) ranked
    by its ``depth``-step entropy over all answers, as a
    :class:`LookaheadRanking`. ``width``: expand only that many guesses by
    one-step entropy at each level (None: all, exact). ``progress(done,
    total)`` is called as openers are evaluated; a Ctrl-C returns the
    openers evaluated so far.
    """
    depth = whole_number(depth, "the lookahead depth", minimum=1)
    if width is not None:
        width = whole_number(width, "the lookahead width", minimum=1)
    started = time.perf_counter()
    searcher = make_lookahead_searcher(lexicon, weights, width, hard_mode=hard_mode)
    rows = lexicon.pool_rows(pool)
    values, done = searcher.guess_values(np.arange(lexicon.n_answers), rows, depth,
                                         progress=progress)
    seconds = time.perf_counter() - started
    one_step = lexicon.score(rows=rows, weights=weights).expected_bits
    evaluated = np.flatnonzero(np.isfinite(values))
    # Values equal but for float rounding (sums taken in another order)
    # tie, and ties keep the guess-list order.
    tied = np.round(values[evaluated], TIE_DECIMALS)
    order = evaluated[np.lexsort((rows[evaluated], -tied))]
    return LookaheadRanking(depth, width, hard_mode, [lexicon.guesses[r] for r in rows[order]],
                            values[order], one_step[order],
                            len(rows) if width is None else min(width, len(rows)), seconds,
                            searcher)
