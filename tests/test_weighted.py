"""The exact search's closed forms and bounds under a prior (issue 79):
each held to the brute force with random whole-number weights, in normal
and hard mode, and the brute force itself to the uniform one."""

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from test_exact import ONE_LETTER_APART, small_lists
from wordle_fast import Lexicon
from wordle_fast.core._exact_twin import INFEASIBLE, exact_total
from wordle_fast.exact import weighted

MODES = st.sampled_from(["off", "hard"])


def brute(lexicon, max_guesses, mode, weights, answers=None, per_opener=False):
    encoded = [tuple(word) for word in lexicon.encoded_guesses]
    return exact_total(lexicon.matrix, lexicon.length, max_guesses, answers=answers, mode=mode,
                       guesses=None if mode == "off" else encoded, per_opener=per_opener,
                       weights=weights)


@st.composite
def weighted_lists(draw):
    answers, guesses, max_guesses = draw(small_lists())
    weights = draw(st.lists(st.integers(1, 50), min_size=len(answers), max_size=len(answers)))
    return Lexicon(answers=answers, guesses=guesses), max_guesses, weights


@given(weighted_lists(), MODES)
@settings(max_examples=40, deadline=None)
def test_weights_of_one_are_the_uniform_totals_and_scale_exactly(case, mode):
    lexicon, max_guesses, weights = case
    ones = brute(lexicon, max_guesses, mode, [1] * lexicon.n_answers, per_opener=True)
    assert ones == brute(lexicon, max_guesses, mode, None, per_opener=True)
    once = brute(lexicon, max_guesses, mode, weights, per_opener=True)
    thrice = brute(lexicon, max_guesses, mode, [3 * w for w in weights], per_opener=True)
    assert thrice == [t if t >= INFEASIBLE else 3 * t for t in once]


@given(weighted_lists(), MODES)
@settings(max_examples=40, deadline=None)
def test_every_bound_holds_and_every_closed_form_is_exact(case, mode):
    lexicon, max_guesses, weights = case
    weights = np.array(weights)
    green = 3 ** lexicon.length - 1
    total = brute(lexicon, max_guesses, mode, weights)
    if total < INFEASIBLE:
        assert total >= weighted.set_lower_bound(weights)
    per_opener = brute(lexicon, max_guesses, mode, weights, per_opener=True)
    least = weighted.opener_least_totals(lexicon.matrix, weights, green, chunk=3)
    for row, value in enumerate(per_opener):
        codes = lexicon.matrix[row]
        assert least[row] == weighted.guess_lower_bound(codes, weights, green), row
        if value < INFEASIBLE:
            assert value >= least[row], row
        # the bound from the bucket count alone, with this count and any larger one
        # (a superset's: the search scans only the guesses it leaves within the budget)
        k = len(np.unique(codes))
        named = next((weights[a] for a in range(lexicon.n_answers)
                      if lexicon.answer_rows[a] == row), None)
        for more in range(k, lexicon.n_answers + 1):
            assert weighted.count_lower_bound(weights, more, named) <= least[row], (row, more)
            assert (weighted.count_lower_bound(weights, more, named)
                    <= weighted.count_lower_bound(weights, k, named))
    # sets of one and two words, as found in the middle of a game
    for size in (1, 2):
        for members in itertools.islice(itertools.combinations(range(lexicon.n_answers), size),
                                        20):
            left = 2 if size == 2 else 1
            value = brute(lexicon, left, mode, weights, answers=members)
            form = (weighted.one_word(weights[members[0]]) if size == 1
                    else weighted.two_words(weights[list(members)]))
            assert value == form, (members, mode)


@given(st.lists(st.integers(1, 99), min_size=5, max_size=5), MODES)
@settings(max_examples=40, deadline=None)
def test_words_found_one_at_a_time_heaviest_first(weights, mode):
    # five words one letter apart, the candidates alone as guesses: no
    # guess splits them except by naming one
    lexicon = Lexicon(answers=ONE_LETTER_APART, guesses=ONE_LETTER_APART)
    assert brute(lexicon, 5, mode, weights) == weighted.one_at_a_time(weights)
    assert brute(lexicon, 4, mode, weights) >= INFEASIBLE     # five need five guesses


@given(weighted_lists(), MODES)
@settings(max_examples=30, deadline=None)
def test_an_answer_of_weight_zero_is_not_a_possible_answer(case, mode):
    lexicon, max_guesses, weights = case
    weights[0] = 0
    rest = tuple(range(1, lexicon.n_answers))
    assert brute(lexicon, max_guesses, mode, weights) == brute(lexicon, max_guesses, mode,
                                                               weights, answers=rest)


@given(weighted_lists(), MODES)
@settings(max_examples=30, deadline=None)
def test_the_twin_searcher_under_weights_answers_as_the_brute_force(case, mode):
    from wordle_fast.core._exact_twin import ExactSearcher

    lexicon, max_guesses, weights = case
    weights[0] = 0                                  # one answer not possible
    searcher = ExactSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows, mode=mode,
                             guess_letters=lexicon.encoded_guesses, weights=weights)
    everyone = np.arange(lexicon.n_answers)
    total = brute(lexicon, max_guesses, mode, weights)
    assert searcher.solve(everyone, max_guesses) == total
    per_opener = brute(lexicon, max_guesses, mode, weights, per_opener=True)
    bounds = searcher.opener_bounds(range(lexicon.n_guesses), max_guesses)
    guess_bounds, _ = searcher.guess_bounds(everyone)
    for row, value in enumerate(per_opener):
        assert min(bounds[row], INFEASIBLE) <= value, row      # (sums of INFEASIBLE pass it)
        # (a guess that learns nothing is marked INFEASIBLE: never worth playing)
        assert guess_bounds[row] >= INFEASIBLE or guess_bounds[row] <= value, row
    for row in (0, lexicon.n_guesses - 1):
        assert searcher.after_guess(everyone, row, max_guesses) == per_opener[row]
    uniform = ExactSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows, mode=mode,
                            guess_letters=lexicon.encoded_guesses)
    ones = ExactSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows, mode=mode,
                         guess_letters=lexicon.encoded_guesses, weights=[1] * lexicon.n_answers)
    assert (uniform.opener_bounds(range(lexicon.n_guesses), max_guesses).tolist()
            == ones.opener_bounds(range(lexicon.n_guesses), max_guesses).tolist())
    assert uniform.guess_bounds(everyone)[0].tolist() == ones.guess_bounds(everyone)[0].tolist()
