"""The simulator: the tree walk equals playing each answer alone; the
published-range figures; identical results for any number of workers."""

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_fast import InvalidWord, Solver, UnknownWord, WordleError, feedback
from wordle_fast.game.ranking import rank_openers
from wordle_fast.game.simulation import simulate


def play_alone(solver, answer, opener=None, max_turns=6):
    """One game, the obvious way: ask, play, update, until solved or out of turns."""
    solver.reset()
    guesses = []
    while len(guesses) < max_turns:
        guess = opener if (opener and not guesses) else solver.best().word
        guesses.append(guess)
        if guess == answer:
            return guesses, True
        solver.update(guess, feedback(guess, answer))
    return guesses, False


@pytest.mark.parametrize("options", [{}, {"hard_mode": "hard"}, {"guess_pool": "candidates"},
                                     {"strategy": "minimax"}])
def test_tree_walk_equals_playing_each_answer_alone(official, options):
    answers = official.answers[::97]  # 24 answers spread over the list
    result = simulate({"lexicon": official, **options}, answers=answers, opener="soare")
    solver = Solver(lexicon=official, **options)
    for answer in answers:
        guesses, won = play_alone(solver, answer, opener="soare")
        assert result.sequences[answer] == guesses
        assert (answer in result.solved_answers) == won


@given(st.lists(st.text(alphabet="abcde", min_size=3, max_size=3), min_size=1, max_size=25,
                unique=True), st.integers(1, 4))
@settings(max_examples=40, deadline=None)
def test_tree_walk_on_small_lists(words, max_turns):
    result = simulate({"answers": words, "guesses": words, "use_cache": False},
                      max_turns=max_turns)
    solver = Solver(answers=words, guesses=words, use_cache=False)
    for answer in words:
        assert (result.sequences[answer], answer in result.solved_answers) == \
            play_alone(solver, answer, max_turns=max_turns)
    assert result.solved + result.failed == len(words)
    assert sum(result.distribution.values()) == result.solved


def test_greedy_entropy_full_pool_soare(official):
    result = simulate({"lexicon": official}, opener="soare")
    assert result.games == 2315 and result.solved == 2315 and result.success_rate == 1.0
    assert 3.42 <= result.mean <= 3.50
    assert round(result.mean, 4) == 3.4644 and result.median == 3
    assert result.distribution == {1: 0, 2: 44, 3: 1217, 4: 990, 5: 63, 6: 1}
    assert result.total_guesses == 8020
    assert result.guess_counts(1).most_common(1) == [("soare", 2315)]
    # the realized mean is above the proven optimum, 7920 guesses (SALET)
    assert result.total_guesses > 7920


def test_candidate_pool_is_worse_than_the_full_pool(official):
    full = simulate({"lexicon": official}, opener="soare")
    candidates = simulate({"lexicon": official, "guess_pool": "candidates"}, opener="soare")
    assert candidates.mean > full.mean and candidates.failed > 0
    assert candidates.failures == sorted(candidates.failures, key=official.answers.index)


def test_hard_mode_runs_to_completion_and_reports_failures(official):
    result = simulate({"lexicon": official, "hard_mode": "hard"}, opener="soare")
    assert result.games == 2315 and result.solved + result.failed == 2315
    assert all(len(result.sequences[a]) == 6 for a in result.failures)
    for answer in result.failures:
        assert result.sequences[answer][-1] != answer


def test_workers_give_identical_results(official):
    answers = official.answers[::11]
    one = simulate({"lexicon": official}, answers=answers, workers=1)
    two = simulate({"lexicon": official}, answers=answers, workers=2)
    assert one.sequences == two.sequences and one.solved_answers == two.solved_answers


def test_opener_ranking(official):
    ranked = rank_openers({"lexicon": official}, ["raise", "soare"])
    assert [r.config["opener"] for r in ranked] == ["soare", "raise"]
    assert ranked[0].mean <= ranked[1].mean


def test_max_turns_and_report(official):
    result = simulate({"lexicon": official}, answers=["crane", "raise", "jaunt"],
                      opener="raise", max_turns=2)
    assert result.sequences["raise"] == ["raise"] and "raise" in result.solved_answers
    assert result.distribution[1] == 1
    assert result.failed >= 1 and all(len(result.sequences[a]) == 2 for a in result.failures)
    report = result.to_dict()
    assert json.loads(json.dumps(report))["games"] == 3
    assert set(report["sequences"]) == {"crane", "raise", "jaunt"}
    assert "Games: 3" in result.summary() and "Failed answers" in result.summary()


def test_nothing_solved_has_no_mean(official):
    result = simulate({"lexicon": official}, answers=["jaunt"], opener="soare", max_turns=1)
    assert result.solved == 0 and math.isnan(result.mean)


def test_bad_input(official):
    with pytest.raises(UnknownWord, match="not in the guess list"):
        simulate({"lexicon": official}, opener="qqqqq")
    with pytest.raises(UnknownWord, match="not in the answer list"):
        simulate({"lexicon": official}, answers=["crane", "zzzzz"])
    with pytest.raises(WordleError, match="worker processes must be at least 1"):
        simulate({"lexicon": official}, workers=0)
    with pytest.raises(WordleError, match="the guess limit must be at least 1"):
        simulate({"lexicon": official}, max_turns=0)
    with pytest.raises(InvalidWord, match="5-letter"):
        simulate({"lexicon": official}, opener="soar")
    with pytest.raises(WordleError, match="config must be a Solver or a dict"):
        simulate("entropy")
