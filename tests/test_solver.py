"""Solver: suggestions, updates, undo, strategies, priors, contradictions."""

import math

import numpy as np
import pytest

from wordle_fast import (
    InconsistentFeedback,
    InvalidPattern,
    InvalidWord,
    Solver,
    UnknownWord,
    WordleError,
    feedback,
)
from wordle_fast.priors import prior_weights


@pytest.fixture
def solver(official):
    return Solver(lexicon=official)


def test_first_suggestions_and_their_statistics(solver):
    top = solver.suggest(top=3)
    assert [s.word for s in top] == ["soare", "roate", "raise"]
    assert round(top[0].expected_bits, 4) == 5.8860 and top[0].score == top[0].expected_bits
    assert top[2].is_candidate and top[2].win_probability == pytest.approx(1 / 2315)


def test_update_reports_realized_bits_and_count(solver):
    turn = solver.update("SOARE", "bybbg")
    assert (turn.guess, turn.pattern_text, turn.candidates_after) == ("soare", "bybbg", 20)
    assert turn.bits == pytest.approx(math.log2(2315 / 20))
    assert solver.n_candidates == 20 and "quote" in solver.candidates
    assert all(feedback("soare", word) == turn.pattern for word in solver.candidates)


def test_the_winning_turn_leaves_the_answer_and_undo_restores_the_game(solver):
    solver.update("soare", "bybbg")
    before = solver.candidates
    turn = solver.update("quote", "ggggg")
    assert solver.solved and turn.candidates_after == 1 and solver.candidates == ["quote"]
    assert turn.bits == pytest.approx(math.log2(20)) and solver.suggest() == []
    assert solver.undo() == turn and not solver.solved and solver.candidates == before
    assert [t.guess for t in solver.history] == ["soare"]


def test_several_boards_give_a_solver_that_keeps_one_game_state(official):
    quordle = Solver(lexicon=official, boards=4)
    assert isinstance(quordle, Solver) and type(quordle).__name__ == "BoardsSolver"
    assert type(quordle.game) is type(solver_game := Solver(lexicon=official).game)
    assert (quordle.game.boards, solver_game.boards) == (4, 1)


def test_undo_reset_and_history(solver):
    solver.update("soare", "bybbg")
    solver.update("clone", "bbgbg")
    assert [t.guess for t in solver.history] == ["soare", "clone"]
    assert solver.candidates == ["biome", "diode", "evoke", "quote"]
    assert solver.undo().guess == "clone"
    assert solver.n_candidates == 20
    solver.reset()
    assert solver.n_candidates == 2315 and solver.history == ()
    with pytest.raises(WordleError, match="nothing to undo"):
        solver.undo()


def test_a_game_to_the_end(solver):
    answer = "quote"
    while not solver.solved:
        guess = solver.best().word
        solver.update(guess, feedback(guess, answer))
        assert len(solver.history) <= 6
    assert solver.history[-1].guess == answer and solver.suggest() == []
    with pytest.raises(WordleError, match="already solved"):
        solver.update("soare", "bbbbb")


def test_two_or_fewer_candidates_play_a_candidate(solver):
    solver.update("soare", "bybbg")
    solver.update("clone", "bbgbg")
    solver.update("evoke", "bbgbg")
    solver.update("quote", feedback("quote", "biome"))
    assert solver.candidates == ["biome", "diode"]
    assert [s.word for s in solver.suggest(top=None)] == ["biome", "diode"]


def test_bad_input_changes_nothing(solver):
    solver.update("soare", "bybbg")
    before = (solver.history, solver.candidates)
    with pytest.raises(UnknownWord, match="'qzqzq' is not in the guess list"):
        solver.update("qzqzq", "bbbbb")
    with pytest.raises(InvalidWord, match="5-letter"):
        solver.update("soar", "bbbb")
    with pytest.raises(InvalidPattern, match="not a tile"):
        solver.update("clone", "bbqbg")
    with pytest.raises(InconsistentFeedback, match="contradicts the earlier SOARE bybbg"):
        solver.update("clone", "bbbbb")
    assert (solver.history, solver.candidates) == before


def test_contradiction_explanations(solver):
    with pytest.raises(InconsistentFeedback, match="no answer in the list gives SOARE ggggy"):
        solver.update("soare", "ggggy")
    solver.update("soare", "bybbg")
    solver.update("clone", "bbgbg")
    # BIOME ybgbg fits some answers, and some fitting each earlier entry,
    # but none that fits both
    with pytest.raises(InconsistentFeedback, match="none of them fits all the earlier feedback"):
        solver.update("biome", "ybgbg")


@pytest.mark.parametrize("strategy, key", [
    ("minimax", lambda s: s.largest_bucket),
    ("expected-size", lambda s: s.expected_remaining),
])
def test_size_strategies_pick_their_optimum(official, strategy, key):
    suggestions = Solver(lexicon=official, strategy=strategy).suggest(top=None)
    assert key(suggestions[0]) == min(key(s) for s in suggestions)


def test_hybrid_with_no_frequency_weight_ranks_as_entropy(official):
    for history in ([], [("soare", "bybbg")], [("raise", "bbbyb")]):
        entropy = Solver(lexicon=official, use_cache=False)
        hybrid = Solver(lexicon=official, strategy="hybrid", frequency_weight=0.0, use_cache=False)
        for guess, pattern in history:
            entropy.update(guess, pattern)
            hybrid.update(guess, pattern)
        assert [s.word for s in hybrid.suggest(top=None)] == [s.word for s in entropy.suggest(top=None)]


def test_hybrid_prefers_common_words(official):
    entropy_best = Solver(lexicon=official).best()
    hybrid_best = Solver(lexicon=official, strategy="hybrid").best()
    zipf = dict(zip(official.guesses, __import__("wordle_fast.priors").priors.zipf_frequencies(official.guesses)))
    assert zipf[hybrid_best.word] > zipf[entropy_best.word]
    with pytest.raises(ValueError, match="within 0..1"):
        Solver(lexicon=official, strategy="hybrid", frequency_weight=1.5)


def test_letter_frequency_is_the_notebook_heuristic():
    words = ["abc", "abd", "xyz"]
    solver = Solver(answers=words, guesses=words, strategy="letter-frequency", use_cache=False)
    by_word = {s.word: s for s in solver.suggest(top=None)}
    # share of candidates containing each letter: a, b: 2/3; c, d, x, y, z: 1/3
    for word, coverage in [("abc", 5 / 3), ("xyz", 1.0)]:
        assert by_word[word].score == pytest.approx(by_word[word].expected_bits * coverage)


def test_frequency_prior_is_a_distribution_favouring_common_words(official):
    weights = prior_weights("frequency", official.answers)
    assert weights.sum() == pytest.approx(1.0) and np.all(weights > 0)
    index = {w: i for i, w in enumerate(official.answers)}
    assert weights[index["house"]] > weights[index["aback"]]
    solver = Solver(lexicon=official, prior="frequency")
    turn = solver.update("soare", "bybbg")
    mass = weights[solver.candidate_set.indices()].sum()
    assert turn.bits == pytest.approx(-math.log2(mass))


def test_candidate_pool_suggests_only_possible_answers(official):
    solver = Solver(lexicon=official, guess_pool="candidates")
    solver.update("soare", "bybbg")
    assert all(s.is_candidate and s.word in solver.candidates for s in solver.suggest(top=None))


def test_configuration_errors(official):
    with pytest.raises(ValueError, match="unknown strategy"):
        Solver(lexicon=official, strategy="magic")
    with pytest.raises(ValueError, match="unknown guess pool"):
        Solver(lexicon=official, guess_pool="some")
    with pytest.raises(ValueError, match="unknown hard mode"):
        Solver(lexicon=official, hard_mode="very")
    with pytest.raises(ValueError, match="unknown prior"):
        Solver(lexicon=official, prior="zipf")
