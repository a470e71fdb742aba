"""Hard mode's endgame bound (``_endgame``): the kernel against its twin,
on hand-worked sets and generated ones; never wrong against the plain
search; and the exact search with it against the brute force."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_exact import small_lists, trap_lists
from wordle_fast import Lexicon
from wordle_fast.core._endgame import endgame_cannot_finish, endgame_table
from wordle_fast.core._endgame_twin import endgame_cannot_finish as twin_cannot_finish
from wordle_fast.core._endgame_twin import endgame_groups
from wordle_fast.core._exact import ExactSearcher, searcher_with_switches
from wordle_fast.core._exact_twin import INFEASIBLE, exact_total
from wordle_fast.core._exact_twin import ExactSearcher as TwinSearcher
from wordle_fast.exact.search import make_exact_searcher

IGHT = ["eight", "fight", "light", "might", "night", "right", "sight", "tight", "wight"]


def answer_letters(lexicon):
    return np.asarray(lexicon.encoded_guesses)[lexicon.answer_rows]


def test_nine_words_one_letter_apart_need_nine_guesses_in_hard_mode():
    # Each guess of the nine names one letter: eight guesses leave two
    # words at worst, so nine are needed; 1 + 2 + ... + 9 = 45 in all.
    lexicon = Lexicon(answers=IGHT, guesses=IGHT)
    everyone, every_guess = np.arange(9), np.arange(9)
    letters = answer_letters(lexicon)
    for cannot in (endgame_cannot_finish, twin_cannot_finish):
        assert cannot(letters, lexicon.matrix, everyone, 8, every_guess)
        assert not cannot(letters, lexicon.matrix, everyone, 9, every_guess)
        # eight of them fit in eight guesses, by the same count
        assert not cannot(letters, lexicon.matrix, everyone[1:], 8, every_guess)
    searcher = make_exact_searcher(lexicon, "hard")
    assert searcher.solve(everyone, 8) >= INFEASIBLE
    assert searcher.stats()["endgame_cuts"] == 1     # at once, by the bound
    assert searcher.solve(everyone, 9) == 45


def test_a_guess_outside_the_group_that_names_several_letters_lifts_the_bound():
    # A probe "flrst" names f, l, r and s at once (its t is the group's
    # green): five guesses before the last take 4 + 4 letters out of nine
    # with it, five without.
    words = IGHT + ["flrst"]
    lexicon = Lexicon(answers=IGHT, guesses=words)
    letters = answer_letters(lexicon)
    everyone = np.arange(9)
    without = np.arange(9)
    with_probe = np.arange(10)
    for cannot in (endgame_cannot_finish, twin_cannot_finish):
        assert cannot(letters, lexicon.matrix, everyone, 6, without)
        assert not cannot(letters, lexicon.matrix, everyone, 6, with_probe)
        assert cannot(letters, lexicon.matrix, everyone, 5, with_probe)


def test_endgames_are_the_groups_equal_but_at_one_position():
    lexicon = Lexicon(answers=IGHT + ["lacks"], guesses=IGHT + ["lacks"])
    ids, count = endgame_table(answer_letters(lexicon))
    assert count == 1 == len(endgame_groups(answer_letters(lexicon)))
    ight = [lexicon.answers.index(w) for w in IGHT]
    assert set(ids[ight, 0]) == {0} and (ids[:, 1:] == -1).all()
    assert ids[lexicon.answers.index("lacks")].tolist() == [-1] * 5


def test_bad_arguments_are_refused():
    lexicon = Lexicon(answers=IGHT, guesses=IGHT)
    letters = answer_letters(lexicon)
    with pytest.raises(ValueError, match="depth"):
        endgame_cannot_finish(letters, lexicon.matrix, np.arange(9), 0, np.arange(9))
    with pytest.raises(ValueError, match="members"):
        endgame_cannot_finish(letters, lexicon.matrix, [9], 3, np.arange(9))
    with pytest.raises(ValueError, match="legal"):
        endgame_cannot_finish(letters, lexicon.matrix, [1], 3, [9])
    with pytest.raises(ValueError, match="answer_letters"):
        endgame_cannot_finish(letters[:3], lexicon.matrix, [1], 3, [1])


@st.composite
def sets_to_ask(draw):
    answers, guesses, _ = draw(st.one_of(trap_lists(), small_lists()))
    lexicon = Lexicon(answers=answers, guesses=guesses)
    members = sorted(draw(st.sets(st.integers(0, lexicon.n_answers - 1), min_size=1)))
    legal = sorted(draw(st.sets(st.integers(0, lexicon.n_guesses - 1), min_size=1)))
    return lexicon, np.array(members), draw(st.integers(1, 9)), np.array(legal)


@given(sets_to_ask())
@settings(max_examples=200, deadline=None)
def test_the_kernel_answers_as_its_twin(case):
    lexicon, members, depth, legal = case
    letters = answer_letters(lexicon)
    assert (endgame_cannot_finish(letters, lexicon.matrix, members, depth, legal)
            == twin_cannot_finish(letters, lexicon.matrix, members, depth, legal))


@given(trap_lists(), st.sampled_from(["hard", "strict"]), st.data())
@settings(max_examples=100, deadline=None)
def test_a_set_the_bound_rules_out_cannot_finish(case, mode, data):
    # Asked of a set under the legal list the rule leaves after a guess,
    # the bound is never wrong: the plain search finds no way to finish.
    answers, guesses, _ = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    twin = TwinSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows, mode=mode,
                        guess_letters=lexicon.encoded_guesses)
    guess = data.draw(st.integers(0, lexicon.n_guesses - 1))
    codes = lexicon.matrix[guess]
    code = data.draw(st.sampled_from(sorted(set(codes.tolist()))))
    members = np.flatnonzero(codes == code)
    legal = twin.legal_after(np.arange(lexicon.n_guesses), guess, code)
    depth = data.draw(st.integers(3, 5))
    if endgame_cannot_finish(answer_letters(lexicon), lexicon.matrix, members, depth, legal):
        assert twin.solve(members, depth, legal=legal) >= INFEASIBLE


@given(trap_lists(), st.sampled_from(["hard", "strict"]))
@settings(max_examples=40, deadline=None)
def test_the_search_with_the_bound_agrees_with_brute_force(case, mode):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    everyone = np.arange(lexicon.n_answers)
    slow = exact_total(lexicon.matrix, lexicon.length, max_guesses, mode=mode,
                       guesses=[tuple(word) for word in lexicon.encoded_guesses])
    for bound in (True, False):
        searcher = searcher_with_switches(lexicon.matrix, lexicon.length, lexicon.answer_rows,
                                          mode=mode, guess_letters=lexicon.encoded_guesses,
                                          endgame_bound=bound)
        assert min(searcher.solve(everyone, max_guesses), INFEASIBLE) == slow
        if not bound:
            assert searcher.stats()["endgame_cuts"] == 0
