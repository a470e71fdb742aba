"""The depth-only question (can every answer be found in the guesses
left?) against the brute-force twin: an opener can finish exactly when
the twin's total for it is finite."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from test_exact import small_lists, trap_lists
from test_openings import twin_totals
from wordle_fast import Lexicon
from wordle_fast._reference import INFEASIBLE
from wordle_fast._reference_search import ExactSearcher as TwinSearcher
from wordle_fast.exact.feasibility import FeasibilityCheck
from wordle_fast.exact.search import make_exact_searcher, opener_total


def opener_finishes(check, searcher, lexicon, row, max_guesses, mode):
    legal = None if mode == "off" else np.arange(lexicon.n_guesses)
    codes = lexicon.matrix[row]
    green = 3 ** lexicon.length - 1
    return all(check.can_finish(np.flatnonzero(codes == code), max_guesses - 1,
                                None if legal is None else searcher.legal_after(legal, row, code))
               for code in np.unique(codes) if code != green)


@given(st.one_of(small_lists(), trap_lists()), st.sampled_from(["off", "hard", "strict"]))
@settings(max_examples=40, deadline=None)
def test_an_opener_can_finish_exactly_when_its_total_is_finite(case, mode):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    slow = twin_totals(lexicon, max_guesses, mode)
    searcher = make_exact_searcher(lexicon, mode)
    check = FeasibilityCheck(searcher, lexicon.matrix, lexicon.length)
    for row in range(lexicon.n_guesses):
        finishes = opener_finishes(check, searcher, lexicon, row, max_guesses, mode)
        assert finishes == (slow[row] < INFEASIBLE), lexicon.guesses[row]
        # and the exact search, which asks it first in the hard modes, agrees
        total = opener_total(searcher, lexicon, row, max_guesses, finish_check=True)
        assert (total < INFEASIBLE) == finishes


@given(small_lists(), st.sampled_from(["off", "hard"]))
@settings(max_examples=10, deadline=None)
def test_the_check_over_the_twin_searcher_answers_the_same(case, mode):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    compiled = make_exact_searcher(lexicon, mode)
    twin = TwinSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows, mode=mode,
                        guess_letters=None if mode == "off" else lexicon.encoded_guesses)
    fast = FeasibilityCheck(compiled, lexicon.matrix, lexicon.length)
    slow = FeasibilityCheck(twin, lexicon.matrix, lexicon.length)
    for row in range(lexicon.n_guesses):
        assert (opener_finishes(fast, compiled, lexicon, row, max_guesses, mode)
                == opener_finishes(slow, twin, lexicon, row, max_guesses, mode))


@given(st.one_of(small_lists(), trap_lists()))
@settings(max_examples=15, deadline=None)
def test_a_check_out_of_sets_leaves_the_answer_to_the_exact_search(case):
    import pytest

    from wordle_fast.exact import search as search_module
    from wordle_fast.exact.feasibility import OutOfSets

    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    slow = twin_totals(lexicon, max_guesses, "hard")
    searcher = make_exact_searcher(lexicon, "hard")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search_module, "FEASIBILITY_SETS", 1)
        for row in range(lexicon.n_guesses):
            total = opener_total(searcher, lexicon, row, max_guesses, finish_check=True)
            assert min(total, INFEASIBLE) == min(slow[row], INFEASIBLE), lexicon.guesses[row]
    everyone = np.arange(lexicon.n_answers)
    check = FeasibilityCheck(searcher, lexicon.matrix, lexicon.length, most_sets=0)
    if lexicon.n_answers > 1 and max_guesses > 1:
        with pytest.raises(OutOfSets):
            check.can_finish(everyone, max_guesses, np.arange(lexicon.n_guesses))
