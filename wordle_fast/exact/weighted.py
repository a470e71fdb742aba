"""The exact search's closed forms and lower bounds when answers are not
equally likely: each answer ``a`` has a whole-number weight ``w(a)``, and a
strategy's value is the sum over the answers of ``w(a)`` times the guesses
it takes to find ``a`` (``Prior.integers``; with every weight 1, the
uniform totals). Written plainly here, each is held to the brute force
(``_exact_twin.exact_total(weights=...)``) in the tests; docs/exact.md
gives the proof of each.

For a set ``S`` of total weight ``W`` whose heaviest word weighs ``m``:

* one word: ``w(a)``;
* two words, two guesses or more left: ``W + min(w)``, the heavier guessed
  first;
* any set: at least ``2W - m`` (one guess finds at most one word at once);
* a set whose words can only be found one at a time (no guess splits it
  except by naming a word): ``sum(i * w_i)`` over the weights in
  decreasing order;
* after a guess ``g`` that makes buckets ``B`` of ``S``: at least
  ``W + sum over the buckets other than g's own of (2 W_B - m_B)``;
* from the number ``k`` of those buckets alone: at least ``3W - top_k``
  (``3W - 2 w(g) - top_(k-1)`` when ``g`` is a word of ``S``), ``top_k``
  the total weight of the ``k`` heaviest words; a count over a superset
  of ``S`` gives no more buckets of ``S``, so it bounds them too.
"""

from __future__ import annotations

import numpy as np


def one_word(weight: int) -> int:
    """T of a set of one word: found by the next guess."""
    return int(weight)


def two_words(weights) -> int:
    """T of two words with two guesses or more left: guess the heavier."""
    heavy, light = sorted((int(w) for w in weights), reverse=True)
    return heavy + 2 * light


def set_lower_bound(weights) -> int:
    """A lower bound on T of any set: every word but the one the next guess
    may name takes two guesses at least."""
    weights = np.asarray(weights, dtype=np.int64)
    if len(weights) == 0:
        return 0
    return int(2 * weights.sum() - weights.max())


def one_at_a_time(weights) -> int:
    """T of a set that no guess splits except by naming one of its words,
    when the guesses left suffice: name them heaviest first (the
    rearrangement inequality)."""
    ordered = sorted((int(w) for w in weights), reverse=True)
    return sum(position * w for position, w in enumerate(ordered, 1))


def guess_lower_bound(codes, weights, green: int) -> int:
    """A lower bound on T of a set after the guess whose codes over the
    set's words are ``codes`` (``weights`` aligned): every word pays this
    guess, and each bucket other than the guess's own at least its
    ``set_lower_bound``."""
    codes = np.asarray(codes)
    weights = np.asarray(weights, dtype=np.int64)
    bound = int(weights.sum())
    for code in np.unique(codes):
        if code != green:
            bound += set_lower_bound(weights[codes == code])
    return bound


def count_lower_bound(weights, buckets: int, named: int | None = None) -> int:
    """A lower bound on T of a set after a guess that makes ``buckets``
    buckets of it, from the count alone: the heaviest words of distinct
    buckets weigh no more than the set's heaviest as many. ``named``: the
    guess's own weight when it is a word of the set (its bucket is then
    the green one, which costs nothing more), else None. No more than
    ``guess_lower_bound``; a guess that makes at most ``buckets`` buckets
    has a bound at least this."""
    weights = np.sort(np.asarray(weights, dtype=np.int64))[::-1]
    mass = int(weights.sum())
    if named is None:
        return 3 * mass - int(weights[:buckets].sum())
    return 3 * mass - 2 * int(named) - int(weights[:buckets - 1].sum())


def opener_least_totals(matrix, weights, green: int, rows=None, chunk: int = 1024) -> np.ndarray:
    """``guess_lower_bound`` of every answer after each opener ``rows``
    (default: every matrix row), ``matrix[row]`` the codes over the answers,
    ``weights`` aligned with them: a results file's exact claims are checked
    against it. Vectorized by rows (the original lists: 0.6 s for all)."""
    weights = np.asarray(weights, dtype=np.int64)
    rows = np.arange(matrix.shape[0]) if rows is None else np.asarray(rows, dtype=np.intp)
    n_patterns = green + 1
    out = np.empty(len(rows), dtype=np.int64)
    for start in range(0, len(rows), chunk):
        block = rows[start:start + chunk]
        # each row's codes offset so that one bincount serves the block
        codes = (matrix[block].astype(np.intp)
                 + np.arange(len(block))[:, None] * n_patterns).ravel()
        spread = np.broadcast_to(weights, (len(block), len(weights))).ravel()
        masses = np.bincount(codes, weights=spread, minlength=len(block) * n_patterns)
        peaks = np.zeros(len(block) * n_patterns, dtype=np.int64)
        np.maximum.at(peaks, codes, spread)
        per_bucket = (2 * masses.astype(np.int64) - peaks).reshape(len(block), n_patterns)
        out[start:start + len(block)] = weights.sum() + per_bucket[:, :green].sum(axis=1)
    return out
