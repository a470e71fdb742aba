"""The opening table and the complete table under a prior, held to the
brute force (``_exact_twin.exact_total(weights=..., per_opener=True)``) on
Hypothesis lists with random whole-number weights, normal and hard mode."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_openings import check_certificate
from test_weighted_search import brute, weighted_lists
from wordle_fast import Lexicon
from wordle_fast.core._exact_twin import INFEASIBLE
from wordle_fast.exact.proof import opening_table
from wordle_fast.exact.settle import complete_table
from wordle_fast.exact.tables import CANNOT_FINISH, EXACT, default_results_path
from wordle_fast.priors import make_prior
from wordle_fast.rulebook import Rules


@given(weighted_lists(), st.sampled_from(["off", "hard"]), st.sampled_from([0, 0, 3, 40]))
@settings(max_examples=40, deadline=None)
def test_a_weighted_certificate_agrees_with_brute_force(tmp_path_factory, case, mode, within):
    lexicon, max_guesses, weights = case
    results = tmp_path_factory.mktemp("weighted") / "results.json"
    table = opening_table(lexicon, mode, max_guesses, within, results_path=results,
                          prior=weights)
    check_certificate(table, lexicon, brute(lexicon, max_guesses, mode, weights, per_opener=True),
                      within)
    assert table.total_weight == sum(weights)
    if table.optimum is not None:
        assert table.to_dict()["openers"][0]["mean"] == table.optimum / sum(weights)


@given(weighted_lists(), st.sampled_from(["off", "hard"]))
@settings(max_examples=20, deadline=None)
def test_a_weighted_complete_table_agrees_with_brute_force(tmp_path_factory, case, mode):
    lexicon, max_guesses, weights = case
    results = tmp_path_factory.mktemp("weighted-complete") / "results.json"
    table = complete_table(lexicon, mode, max_guesses, results_path=results, prior=weights,
                           store=False)
    slow = brute(lexicon, max_guesses, mode, weights, per_opener=True)
    assert table.complete
    for row, word in enumerate(lexicon.guesses):
        entry = table.entries[word]
        if slow[row] < INFEASIBLE:
            assert (entry.status, entry.total) == (EXACT, slow[row]), word
        else:
            assert entry.status == CANNOT_FINISH, word
            deeper = brute(lexicon, entry.guarantee, mode, weights, per_opener=True)[row]
            assert entry.guarantee_total == deeper < INFEASIBLE, word
            if entry.guarantee > max_guesses + 1:
                assert brute(lexicon, entry.guarantee - 1, mode, weights, per_opener=True)[row] \
                    >= INFEASIBLE, word


def test_a_table_under_a_prior_is_kept_apart_from_the_uniform_one(tmp_path):
    lexicon = Lexicon(answers=["aba", "abb", "bab", "bba", "cab"],
                      guesses=["aba", "abb", "bab", "bba", "cab", "abc"])
    heavy = make_prior([1, 5, 1, 9, 2], lexicon.answers)
    other = make_prior([1, 5, 1, 9, 3], lexicon.answers)
    paths = {default_results_path(lexicon, Rules(), prior) for prior in (None, heavy, other)}
    assert len(paths) == 3
    uniform = opening_table(lexicon, results_path=tmp_path / "u.json")
    weighted = opening_table(lexicon, results_path=tmp_path / "w.json", prior=heavy)
    assert weighted.prior == heavy and uniform.prior is None
    assert "prior" in weighted.to_dict() and "prior" not in uniform.to_dict()
    # a results file proven under one prior is refused under another, not reused
    with pytest.raises(Exception, match="results"):
        opening_table(lexicon, results_path=tmp_path / "w.json", prior=other)
    again = opening_table(lexicon, results_path=tmp_path / "w.json", prior=heavy)
    assert again.reused == len(lexicon.guesses)
    assert {w: e.total for w, e in again.entries.items()} == \
        {w: e.total for w, e in weighted.entries.items()}
    assert np.isclose(weighted.mean(weighted.ranked()[0]),
                      weighted.optimum / heavy.integers.sum())
