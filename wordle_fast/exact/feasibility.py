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
for the 25,245 sets of its proof (71 s in plain Python; benchmarks/README.md).
"""

from __future__ import annotations

from wordle_fast.core._backend import finish_check_class


def finish_check(searcher, lexicon, most_sets: int | None = None):
    """A ``FinishCheck`` over ``searcher``'s mode and ``lexicon``'s lists
    (compiled, or its twin under ``WORDLE_FAST_IMPL=python``):
    ``can_finish(members, guesses_left, legal)`` answers True, False, or
    None once it has searched ``most_sets`` sets without an answer."""
    return finish_check_class()(searcher, lexicon, most_sets)
