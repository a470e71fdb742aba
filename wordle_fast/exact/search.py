"""The exact search as the rest of the package uses it: a searcher for a
lexicon and mode, the total of one opener solved bucket by bucket, and
what the scores alone say of every opener (the least total it could have;
the order in which to try openers).

Layering: ``_exact`` (the compiled search) -> this module -> ``trees``,
``openings`` -> ``exact`` (``optimal``) -> the CLI and the optimal strategy.
"""

from __future__ import annotations

import heapq
import time
from typing import TYPE_CHECKING

import numpy as np

from wordle_fast.core._backend import UNSOLVABLE, exact_searcher_class, kernels
from wordle_fast.exact.feasibility import unfinishable_bucket
from wordle_fast.exact.store import ProvenStore, state_key
from wordle_fast.lexicon import Lexicon, available_memory, check_memory
from wordle_fast.rules import check_mode, guess_limit

if TYPE_CHECKING:   # (either implementation's: they share their methods)
    from wordle_fast.core._exact import ExactSearcher

SMALL_BUCKET = 40    # opener_total, hard modes: buckets solved before the stepped searches
FEASIBILITY_SETS = 2000   # opener_total, hard modes, no budget: the depth-only check's sets
MEMO_ENTRIES = 1 << 25   # the most entries the search's memo grows to (_exact's default)
MEMO_ENTRY_BYTES = 24    # each (_memo.BYTES_PER_ENTRY; tests/test_memo.py holds both equal)
MEMO_SHARE = 4           # ... and at most 1/MEMO_SHARE of the memory available


def memo_entries(available: int | None = None, memo_bytes: int | None = None) -> int:
    """How many entries a new searcher's memo may grow to: MEMO_ENTRIES
    (768 MB), or fewer where a quarter of the memory available (``available``
    bytes, default: measured now) would not hold them. The memo takes its
    memory as it fills, and a calloc that fails only stops its growth; but
    with the kernel's overcommit the failure may come later, as the killing
    of the process, so it is sized here, before the search. ``memo_bytes``:
    the size asked for instead (a long table run on a large machine: a memo
    too small for the search forgets and searches again; QUAGS, nyt2023,
    took 1.27x as long in a memo of a quarter of the entries it made), refused
    with ``TooLarge`` when more than the memory available."""
    if memo_bytes is not None:
        check_memory(memo_bytes, f"a memo of {memo_bytes / 2**30:.2f} GiB",
                     "ask for a smaller memo (--memo, in GiB)")
        return max(1 << 16, memo_bytes // MEMO_ENTRY_BYTES)
    if available is None:
        available = available_memory()
    if available is None:
        return MEMO_ENTRIES
    return max(1 << 16, min(MEMO_ENTRIES, available // (MEMO_SHARE * MEMO_ENTRY_BYTES)))


def make_exact_searcher(lexicon: Lexicon, hard_mode: str = "off", n_threads=None,
                        memo_bytes: int | None = None, weights=None):
    """The exact search over ``lexicon`` under ``hard_mode`` (compiled, or
    its twin under ``WORDLE_FAST_IMPL=python``); ``weights``: whole numbers
    aligned with the answers (``Prior.integers``) for the search under a
    prior, whose totals are the sum of weight x guesses (None: uniform).
    ``TooLarge`` first when it would not fit: it holds matrix-sized arrays
    (an answer-major copy, and in normal mode a copy in the order its bound
    pass reads; 40,000 x 40,000 words under a 5.7 GiB ulimit failed at the
    third beside the lexicon's own matrix), and the matrix itself if not
    built yet. Its memo gets what ``memo_entries`` allows (``memo_bytes``
    if given)."""
    copies = (3 if hard_mode == "off" else 2) + ("matrix" not in vars(lexicon))
    check_memory(copies * lexicon.matrix_bytes,
                 f"the exact search over {lexicon.n_guesses} guesses by {lexicon.n_answers} "
                 f"answers ({copies} copies of the pattern matrix)")
    options = dict(max_entries=memo_entries(memo_bytes=memo_bytes), n_threads=n_threads,
                   mode=check_mode(hard_mode),
                   guess_letters=None if hard_mode == "off" else lexicon.encoded_guesses)
    if weights is None:
        return exact_searcher_class()(lexicon.matrix, lexicon.length, lexicon.answer_rows,
                                      **options)
    return exact_searcher_class(weighted=True)(lexicon.matrix, lexicon.length,
                                               lexicon.answer_rows, weights=weights, **options)


def answer_weights(searcher: ExactSearcher) -> np.ndarray | None:
    """The searcher's weight per answer, or None when every answer counts once."""
    weights = getattr(searcher, "weights", None)
    return None if weights is None else np.asarray(weights)


def mass_of(searcher: ExactSearcher, members) -> int:
    """The total weight of ``members`` (answer indices): their number when
    every answer counts once."""
    weights = answer_weights(searcher)
    return len(members) if weights is None else int(weights[members].sum())


def by_cheap_score(lexicon: Lexicon) -> np.ndarray:
    """Guess rows by expected remaining set over every answer, smallest first
    (list order among ties): the cheap score that picks openers to try."""
    return np.lexsort((np.arange(lexicon.n_guesses), lexicon.score().expected_remaining))


def least_totals(lexicon: Lexicon) -> np.ndarray:
    """The least total each opener (by guess row) could possibly have: every
    answer takes the opener, and each of its k buckets of s answers at least
    2s - 1 guesses more (the all-green one none): 3n - k - [an answer], the
    one-level bound of ``_bound.pyx``."""
    is_answer = np.zeros(lexicon.n_guesses, dtype=bool)
    is_answer[lexicon.answer_rows] = True
    return kernels.least_totals(lexicon.n_answers, lexicon.score().n_buckets, is_answer)


def every_guess(searcher: ExactSearcher, lexicon: Lexicon) -> np.ndarray | None:
    """The legal rows before any feedback: None in normal mode, else all."""
    return None if searcher.mode == "off" else np.arange(lexicon.n_guesses)


class Stopped(KeyboardInterrupt):
    """Ctrl-C inside ``opener_total``: the proven bound and answers placed.
    A KeyboardInterrupt, so that a caller with no use for the bound stops as
    for any Ctrl-C."""

    def __init__(self, lower_bound: int, placed: int):
        super().__init__(lower_bound, placed)
        self.lower_bound, self.placed = lower_bound, placed


def opener_total(searcher: ExactSearcher, lexicon: Lexicon, row: int, max_guesses: int,
                 budget: int = UNSOLVABLE - 1, progress=None, buckets=None,
                 store: ProvenStore | None = None, finish_check: bool = False) -> int:
    """The total guesses over every answer with guess ``row`` first: exact
    when at most ``budget``, else a proven lower bound above it (UNSOLVABLE
    or more: it cannot finish within ``max_guesses``).

    Each bucket starts at its one-level lower bound (``bucket_bounds``).
    Then each bucket not yet exact is searched with a budget of its bound
    plus a step (0 the first time, then 1, 2, 4, ... up to the slack the
    budget leaves): a search either proves the bucket's exact value or
    raises its bound, cheaply when the step is small. After one pass over
    every bucket (largest first), the next searched is always the one whose
    last search visited the fewest states: the search near a bucket's true
    value grows costly, and another bucket may raise the total as well for
    less. So an opener whose excess over the budget is spread thinly over
    many buckets is refuted without solving any of them exactly, and one
    whose excess sits in one bucket still is, in the end.

    Without a budget each bucket is solved outright, smallest first: a
    bucket that cannot finish in time (which settles the opener) is most
    often a small hard-mode endgame, found at once rather than after the
    large buckets (NAUCH, nyt2022 hard: 0.12 s against 8 s). With
    ``finish_check`` (a table's openers, half of which cannot finish in the
    hard modes), every bucket is first asked only whether it can finish
    (``_every_bucket_finishes``: AGLET, nyt2023, 1.1 s against more than
    twenty minutes; an opener that can pays a few seconds, so ``optimal``,
    whose openers mostly can, does not ask). With a budget
    in the hard modes, buckets of at most SMALL_BUCKET words are solved so
    (within the budget) before the stepped searches, for the same reason.
    ``progress(placed)`` reports the answers in buckets solved exactly;
    Ctrl-C raises ``Stopped`` with the bound reached (the exact buckets plus
    the others' bounds). ``buckets``: what ``bucket_bounds`` gives for this
    opener, when the caller has it already (the bound pass of a table).
    ``store``: a ``ProvenStore`` that answers for buckets proven before (by
    an earlier run, another process) and keeps those proven here, and the
    costly part of the memo when Ctrl-C stops the search (``keep_memo``).
    """
    if buckets is None:
        buckets = searcher.bucket_bounds(row, max_guesses)
    codes, sizes, bounds = buckets
    n_answers = lexicon.n_answers
    if len(bounds) and bounds.max() >= UNSOLVABLE:
        return UNSOLVABLE
    bounds = bounds.tolist()
    total = searcher.total_weight + sum(bounds)
    if total > budget:
        return total
    sizes = sizes.tolist()
    # one or two words: the bound is the value
    open_buckets = [b for b, size in enumerate(sizes) if size > 2]   # largest first
    no_budget = budget >= UNSOLVABLE - 1
    placed = n_answers - sum(sizes[b] for b in open_buckets)
    legal = every_guess(searcher, lexicon)
    opener_codes = lexicon.matrix[row]

    def settle(b, step):
        """Search bucket b with its bound plus ``step`` (at most the slack
        left) as the budget; True when that proved its exact value."""
        nonlocal total, placed
        limit = min(bounds[b] + step, budget - (total - bounds[b]))
        code = int(codes[b])
        members = np.flatnonzero(opener_codes == code)
        key = value = None
        if store is not None:   # (in the hard modes the opener and code decide the rule)
            key = state_key(members, max_guesses - 1,
                            None if searcher.mode == "off" else (row, code))
            value = _stored_value(store, key, mass_of(searcher, members), max_guesses - 1,
                                  bounds[b], limit)
        if value is None:
            started = time.process_time()
            value = max(int(searcher.solve(members, max_guesses - 1, limit, legal=legal,
                                           after=(row, code))), bounds[b])
            if store is not None:
                store.keep(key, value <= limit or value >= UNSOLVABLE, value,
                           time.process_time() - started)
        total += value - bounds[b]
        bounds[b] = value
        if value > limit:
            return False
        placed += sizes[b]
        if progress is not None:
            progress(placed)
        return True

    # With no budget there is nothing to refute: solve each bucket outright,
    # smallest first. With one, in the hard modes, the small buckets come
    # first the same way (most openers that cannot finish in time have a
    # small endgame that the rule makes impossible; 30 random openers of
    # the nyt2023 hard-mode proof: 14.3 s -> 9.6 s, AISLE 2.3 s -> 0.1 s).
    if finish_check and no_budget and searcher.mode != "off" and not _every_bucket_finishes(
            searcher, lexicon, row, codes, open_buckets, max_guesses):
        return UNSOLVABLE
    if no_budget:
        first, open_buckets = open_buckets[::-1], []
    elif searcher.mode != "off":
        first = [b for b in reversed(open_buckets) if sizes[b] <= SMALL_BUCKET]
        open_buckets = [b for b in open_buckets if sizes[b] > SMALL_BUCKET]
    else:
        first = []
    # The uniform rounds this replaced (every open bucket, step 0, 1, 2, 4,
    # ...) spent most of a refutation near the large buckets' true values,
    # worst when the memo held a sibling opener's bound for one (250
    # consecutive openers of the nyt2023 hard proof: 122 s against 101 s).
    try:
        for b in first:
            settle(b, UNSOLVABLE)
            if total > budget:
                return total
        # (states its last search visited, bucket, its next step); -1 for
        # none yet, so the first pass goes over every bucket, largest first
        cheapest = [(-1, b, 0) for b in open_buckets]
        while cheapest:
            _, b, step = heapq.heappop(cheapest)
            states = searcher.states
            exact = settle(b, step)
            if total > budget:
                return total
            if not exact:
                heapq.heappush(cheapest, (searcher.states - states, b, max(1, 2 * step)))
    except KeyboardInterrupt:
        if store is not None:   # what the bucket stopped in had proven, for the next run
            store.keep_memo(searcher)
        raise Stopped(min(total, UNSOLVABLE), placed) from None
    return total


def _every_bucket_finishes(searcher, lexicon, row, codes, buckets, max_guesses) -> bool:
    """Whether each of the opener's ``buckets`` can finish in the guesses
    left (``feasibility.unfinishable_bucket``), smallest first: in the hard
    modes, asked before any bucket is solved, so that an opener that cannot
    finish is found so without solving its feasible buckets exactly first.
    Out of sets, it says True: the exact search decides."""
    witness, _ = unfinishable_bucket(searcher, lexicon, row,
                                     [int(codes[b]) for b in reversed(buckets)],
                                     max_guesses - 1, FEASIBILITY_SETS)
    return witness is None


def _stored_value(store: ProvenStore, key: bytes, size: int, guesses_left: int, bound: int,
                  limit: int) -> int | None:
    """What ``store`` proves of the bucket ``key`` (``size``: its answers'
    total weight, their number without a prior) as a
    search with budget ``limit`` would answer (its exact value, or a bound
    above ``limit``), or None when the bucket must be searched."""
    found = store.find(key)
    if found is None:
        return None
    exact, value = found
    if not _possible(exact, value, bound, size, guesses_left, store):
        return None
    if exact or value > limit:
        return max(value, bound)
    return None


def fewest_guarantee(searcher: ExactSearcher, lexicon: Lexicon, row: int, max_guesses: int,
                     progress=None, store: ProvenStore | None = None) -> tuple[int, int]:
    """For an opener that cannot finish every answer within ``max_guesses``:
    (the fewest guesses it can guarantee, its least total within them).
    Each limit above ``max_guesses`` is tried in turn; one is always enough
    in the end, as guessing the answers still possible one by one finishes."""
    limit = max_guesses
    while True:
        limit = guess_limit(limit + 1)
        total = opener_total(searcher, lexicon, row, limit, progress=progress, store=store)
        if total < UNSOLVABLE:
            return limit, int(total)


def _possible(exact: bool, value: int, bound: int, size: int, guesses_left: int,
              store: ProvenStore) -> bool:
    """Whether a stored value can be true of a bucket of ``size`` answers
    whose one-level lower bound is ``bound``; an exact value below the
    bound, or a finite total above every answer taking all ``guesses_left``,
    cannot (a lower bound below ours is weaker, not false), and the store is
    then refused when named, else set aside (``ProvenStore.damaged``)."""
    if exact and (value < bound or size * guesses_left < value < UNSOLVABLE):
        store.damaged(f"claims a total of {value} for a set of {size} answers with "
                       f"{guesses_left} guesses left, which cannot be (at least {bound}, at "
                       f"most {size * guesses_left})")
        return False
    return True
