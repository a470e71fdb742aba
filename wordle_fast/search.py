"""The exact search as the rest of the package uses it: a searcher for a
lexicon and mode, and the total of one opener solved bucket by bucket.

Layering: ``_exact`` (the compiled search) -> this module -> ``trees``,
``openings`` -> ``exact`` (``optimal``) -> the CLI and the optimal strategy.
"""

from __future__ import annotations

import numpy as np

from wordle_fast._exact import UNSOLVABLE, ExactSearcher
from wordle_fast.lexicon import Lexicon
from wordle_fast.rules import check_mode


def make_searcher(lexicon: Lexicon, hard_mode: str = "off", n_threads=None) -> ExactSearcher:
    """The compiled exact search over ``lexicon`` under ``hard_mode``."""
    return ExactSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows, n_threads=n_threads,
                         mode=check_mode(hard_mode),
                         guess_letters=None if hard_mode == "off" else lexicon.encoded_guesses)


def every_guess(searcher: ExactSearcher, lexicon: Lexicon) -> np.ndarray | None:
    """The legal rows before any feedback: None in normal mode, else all."""
    return None if searcher.mode == "off" else np.arange(lexicon.n_guesses)


class Stopped(Exception):
    """Ctrl-C inside ``opener_total``: the proven bound and answers placed."""

    def __init__(self, lower_bound: int, placed: int):
        super().__init__(lower_bound, placed)
        self.lower_bound, self.placed = lower_bound, placed


def opener_total(searcher: ExactSearcher, lexicon: Lexicon, row: int, max_guesses: int,
                 budget: int = UNSOLVABLE - 1, progress=None) -> int:
    """The total guesses over every answer with guess ``row`` first: exact
    when at most ``budget``, else a proven lower bound above it (UNSOLVABLE
    or more: it cannot finish within ``max_guesses``).

    Each bucket starts at its one-level lower bound (``bucket_bounds``) and
    is solved, largest first, with the budget the others' bounds leave, so an
    opener that cannot beat the budget stops early. ``progress(placed)``
    reports the answers placed; Ctrl-C raises ``Stopped`` with the bound
    reached (the buckets solved, plus the others' lower bounds).
    """
    codes, sizes, bounds = searcher.bucket_bounds(row, max_guesses)
    n_answers = lexicon.n_answers
    placed = n_answers - int(sizes.sum())     # the answer equal to the opener
    if len(bounds) and bounds.max() >= UNSOLVABLE:
        return UNSOLVABLE
    total = n_answers + int(bounds.sum())
    if total > budget:
        return total
    legal = every_guess(searcher, lexicon)
    opener_codes = lexicon.matrix[row]
    try:
        for code, size, bound in zip(codes.tolist(), sizes.tolist(), bounds.tolist()):
            if size > 2:   # one or two words: the bound is the value
                after = None if legal is None else searcher.legal_after(legal, row, code)
                value = searcher.solve(np.flatnonzero(opener_codes == code), max_guesses - 1,
                                       budget - (total - bound), legal=after)
                total += max(int(value), bound) - bound
            placed += size
            if total > budget:
                return total
            if progress is not None:
                progress(placed)
    except KeyboardInterrupt:
        raise Stopped(min(total, UNSOLVABLE), placed) from None
    return total
