"""Whether a set can finish at all: every answer found within the guesses
left, whatever the total (the depth-only question).

In the hard modes about half the openers of the nyt2023 lists cannot
finish in six (the published table: 7402 of 14855). The exact search
proves it only by failing to find any total: with no budget to cut with, it
solves the feasible buckets exactly while looking for the one that is not,
and AGLET took more than twenty minutes so. Asked only whether a set can
finish, a search stops at the first guess under which every bucket can,
refutes a guess at its first bucket that cannot, and needs no total.
The check is compiled (``_feasible.FinishCheck``; its plain-Python twin is
``_feasible_twin``): AGLET 0.09 s, and ROTAL, which can finish, 1.9 s
for the 25,245 sets of its proof (71 s in plain Python; benchmarks/LOG.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from wordle_fast.core._backend import finish_check_class

if TYPE_CHECKING:
    from wordle_fast.lexicon import Lexicon


def finish_check(searcher, lexicon, most_sets: int | None = None):
    """A ``FinishCheck`` over ``searcher``'s mode and ``lexicon``'s lists
    (compiled, or its twin under ``WORDLE_FAST_IMPL=python``):
    ``can_finish(members, guesses_left, legal)`` answers True, False, or
    None once it has searched ``most_sets`` sets without an answer."""
    return finish_check_class()(searcher, lexicon, most_sets)


def unfinishable_bucket(searcher, lexicon: Lexicon, row: int, codes, guesses_left: int,
                        most_sets: int | None = None) -> tuple[tuple[int, int] | None, bool]:
    """The first of the opener's buckets, asked in the order of their
    feedback ``codes``, that cannot finish in ``guesses_left`` guesses, each
    with the legal guesses the mode leaves after it: ((its code, its size),
    False), or (None, whether the check ran out of sets on any). One
    depth-only check (``finish_check``) serves them all, so
    ``most_sets`` bounds the sets of the whole opener."""
    check = finish_check(searcher, lexicon, most_sets)
    opener_codes = lexicon.matrix[row]
    weights = getattr(searcher, "weights", None)    # under a prior: weight 0 is no answer
    undecided = False
    for code in codes:
        members = np.flatnonzero(opener_codes == code)
        if weights is not None:
            members = members[np.asarray(weights)[members] > 0]
            if members.shape[0] == 0:
                continue
        found = check.can_finish(members, guesses_left, legal_after_opener(searcher, row, code))
        if found is False:
            return (code, len(members)), False
        undecided = undecided or found is None
    return None, undecided


def legal_after_opener(searcher, row: int, code: int):
    """The guess rows the searcher's mode allows after the opener shows
    ``code`` (None in normal mode: every guess)."""
    return None if searcher.mode == "off" else searcher.legal_after(None, row, code)
