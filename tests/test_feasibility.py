"""The depth-only question (can every answer be found in the guesses
left?) against the brute-force twin: an opener can finish exactly when
the twin's total for it is finite. The compiled check against its twin."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_exact import small_lists, trap_lists
from test_openings import twin_totals
from wordle_fast import Lexicon
from wordle_fast.core._exact_twin import INFEASIBLE
from wordle_fast.core._exact_twin import ExactSearcher as TwinSearcher
from wordle_fast.core._feasible import FinishCheck
from wordle_fast.core._feasible_twin import FinishCheck as TwinCheck
from wordle_fast.exact import search as search_module
from wordle_fast.exact.feasibility import finish_check
from wordle_fast.exact.search import make_exact_searcher, opener_total


def opener_finishes(check, searcher, lexicon, row, max_guesses, mode):
    """Whether every bucket of opener ``row`` can finish (None: out of sets)."""
    legal = None if mode == "off" else np.arange(lexicon.n_guesses)
    codes = lexicon.matrix[row]
    green = 3 ** lexicon.length - 1
    answers = [check.can_finish(np.flatnonzero(codes == code), max_guesses - 1,
                                None if legal is None else searcher.legal_after(legal, row, code))
               for code in np.unique(codes) if code != green]
    return None if None in answers else all(answers)


@given(st.one_of(small_lists(), trap_lists()), st.sampled_from(["off", "hard", "strict"]))
@settings(max_examples=40, deadline=None)
def test_an_opener_can_finish_exactly_when_its_total_is_finite(case, mode):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    slow = twin_totals(lexicon, max_guesses, mode)
    searcher = make_exact_searcher(lexicon, mode)
    checks = [FinishCheck(searcher, lexicon), TwinCheck(searcher, lexicon)]
    for row in range(lexicon.n_guesses):
        for check in checks:
            finishes = opener_finishes(check, searcher, lexicon, row, max_guesses, mode)
            assert finishes == (slow[row] < INFEASIBLE), (type(check), lexicon.guesses[row])
        # and the exact search, which asks it first in the hard modes, agrees
        total = opener_total(searcher, lexicon, row, max_guesses, finish_check=True)
        assert (total < INFEASIBLE) == (slow[row] < INFEASIBLE)


@given(st.one_of(small_lists(), trap_lists()), st.sampled_from(["off", "hard", "strict"]),
       st.integers(1, 6))
@settings(max_examples=60, deadline=None)
def test_the_compiled_check_answers_as_its_twin_over_either_searcher(case, mode, left):
    # every subset the openers make, with any number of guesses left,
    # over the compiled searcher and over the twin searcher's scan
    answers, guesses, _ = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    compiled = make_exact_searcher(lexicon, mode)
    twin = TwinSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows, mode=mode,
                        guess_letters=None if mode == "off" else lexicon.encoded_guesses)
    fast, slow = FinishCheck(compiled, lexicon), TwinCheck(twin, lexicon)
    for row in range(lexicon.n_guesses):
        assert (opener_finishes(fast, compiled, lexicon, row, left, mode)
                == opener_finishes(slow, twin, lexicon, row, left, mode)), lexicon.guesses[row]
    everyone = np.arange(lexicon.n_answers)
    legal = None if mode == "off" else np.arange(lexicon.n_guesses)
    assert fast.can_finish(everyone, left, legal) == slow.can_finish(everyone, left, legal)


@given(st.one_of(small_lists(), trap_lists()))
@settings(max_examples=15, deadline=None)
def test_a_check_out_of_sets_leaves_the_answer_to_the_exact_search(case):
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
    if lexicon.n_answers > 1 and max_guesses > 1:
        for check in (finish_check(searcher, lexicon, 0), TwinCheck(searcher, lexicon, 0)):
            assert check.can_finish(everyone, max_guesses, np.arange(lexicon.n_guesses)) is None


def test_a_check_refuses_members_it_cannot_read():
    lexicon = Lexicon(answers=["abc", "abd", "abe"], guesses=["abc", "abd", "abe"])
    searcher = make_exact_searcher(lexicon, "off")
    for check in (FinishCheck(searcher, lexicon), TwinCheck(searcher, lexicon)):
        with pytest.raises(ValueError, match="sorted, distinct"):
            check.can_finish(np.array([2, 0]), 3)
        with pytest.raises(ValueError, match="at least 0"):
            type(check)(searcher, lexicon, -2)
    with pytest.raises(ValueError, match="answer indices in 0..2"):
        FinishCheck(searcher, lexicon).can_finish(np.array([0, 3]), 3)
    # ABC gives ABD and ABE the same pattern: two guesses do not tell three apart
    assert FinishCheck(searcher, lexicon).can_finish(np.array([0, 1, 2]), 2) is False
    assert FinishCheck(searcher, lexicon).can_finish(np.array([0, 1, 2]), 3) is True


@pytest.mark.parametrize("mode", ["off", "hard"])
def test_a_word_family_needs_a_guess_a_word_and_the_check_says_so_at_once(mode):
    # Words that differ only in their first letter, and no other guess: each
    # guess can only name one of them, so n words need n guesses. The twin
    # searches every subset; the compiled check knows it from the scan.
    family = [letter + "at" for letter in "bcefhmoprsvw"]
    small = Lexicon(answers=family[:9], guesses=family[:9])
    searcher = make_exact_searcher(small, mode)
    everyone, legal = np.arange(9), None if mode == "off" else np.arange(9)
    for left in (8, 9):
        assert (FinishCheck(searcher, small).can_finish(everyone, left, legal)
                == TwinCheck(searcher, small).can_finish(everyone, left, legal) == (left >= 9))
    lexicon = Lexicon(answers=family, guesses=family)
    searcher = make_exact_searcher(lexicon, mode)
    legal = None if mode == "off" else np.arange(12)
    for left, finishes in ((11, False), (12, True)):
        check = FinishCheck(searcher, lexicon)
        assert check.can_finish(np.arange(12), left, legal) is finishes
        assert check.sets_checked == 1
