"""Exact optimal play: the search against brute force, SALET's 7920, and a
verifier that rejects every kind of broken tree."""

import copy
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_fast import Lexicon, WordleError
from wordle_fast._exact import ExactSearcher
from wordle_fast._reference import INFEASIBLE, exact_total
from wordle_fast.cli import main
from wordle_fast.exact import InvalidTree, optimal, verify_tree



def brute_force(lexicon, max_guesses):
    return exact_total(lexicon.matrix, lexicon.length, max_guesses)


@st.composite
def small_lists(draw):
    length = draw(st.integers(3, 5))
    word = st.text(alphabet=draw(st.sampled_from(["abcde", "abcdehst", "aeiost"])),
                   min_size=length, max_size=length)
    answers = draw(st.lists(word, min_size=8, max_size=30, unique=True))
    extra = [w for w in draw(st.lists(word, max_size=8, unique=True)) if w not in answers]
    return answers, answers + extra, draw(st.integers(2, 6))


@given(small_lists())
@settings(max_examples=40, deadline=None)
def test_search_agrees_with_brute_force(case):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    fast = ExactSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows).solve(
        np.arange(lexicon.n_answers), max_guesses)
    slow = brute_force(lexicon, max_guesses)
    assert min(fast, INFEASIBLE) == slow
    if slow < INFEASIBLE:
        # the best opener's tree replays and totals the same
        best = min(range(lexicon.n_guesses), key=lambda g: (ExactSearcher(
            lexicon.matrix, lexicon.length, lexicon.answer_rows).after_guess(
            np.arange(lexicon.n_answers), g, max_guesses), g))
        result = optimal(opener=lexicon.guesses[best], lexicon=lexicon, max_guesses=max_guesses)
        assert result.total_guesses == slow
        assert verify_tree(result.tree, answers, max_guesses=max_guesses)["total_guesses"] == slow


@pytest.fixture(scope="module")
def salet(official):
    return optimal(opener="salet", lexicon=official)


def test_salet_is_7920(salet, official):
    assert salet.total_guesses == 7920 and round(salet.mean, 4) == 3.4212
    assert salet.worst == 5 and salet.distribution == {1: 0, 2: 81, 3: 1225, 4: 962, 5: 47, 6: 0}
    check = verify_tree(salet.tree, official.answers)
    assert check["total_guesses"] == 7920 and check["answers"] == 2315
    assert salet.to_dict()["mode"] == "normal"


def test_salet_cannot_do_better_than_7920(official):
    searcher = ExactSearcher(official.matrix, official.length, official.answer_rows)
    assert searcher.after_guess(np.arange(official.n_answers), official.guess_index("salet"), 6,
                                7919) > 7919


def test_verifier_rejects_broken_trees(salet, official):
    answers = official.answers
    wrong_guess = copy.deepcopy(salet.tree)
    wrong_guess["children"]["bbbbb"]["guess"] = "crane"
    with pytest.raises(InvalidTree, match="no branch for"):
        verify_tree(wrong_guess, answers)
    missing = copy.deepcopy(salet.tree)
    del missing["children"]["yyyyg"]
    with pytest.raises(InvalidTree, match="no branch for SALET yyyyg"):
        verify_tree(missing, answers)
    dead = copy.deepcopy(salet.tree)
    dead["children"]["ggggy"] = {"guess": "crane", "children": {}}  # no word gives it
    with pytest.raises(InvalidTree, match="no answer takes SALET ggggy"):
        verify_tree(dead, answers)
    with pytest.raises(InvalidTree, match="not solved within 4 guesses"):
        verify_tree(salet.tree, answers, max_guesses=4)
    with pytest.raises(InvalidTree, match="breaks the rule"):
        verify_tree(salet.tree, answers, hard_mode="hard")


def test_unsolvable_and_unsupported(official):
    with pytest.raises(WordleError, match="within 2 guesses"):
        optimal(opener="salet", lexicon=official, max_guesses=2)
    with pytest.raises(WordleError, match="hard mode is not available yet"):
        optimal(opener="salet", lexicon=official, hard_mode="hard")


def test_cli_optimal_and_verify(tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal",
                                "evade", "naval", "serve", "heath", "dwarf"]))
    out, text = tmp_path / "tree.json", tmp_path / "tree.txt"
    assert main(["optimal", "--answers", str(words), "--guesses", str(words),
                 "--json", str(out), "--tree", str(text)]) == 0
    printed = capsys.readouterr().out
    result = json.loads(out.read_text())
    assert set(result) == {"opener", "mode", "total_guesses", "mean", "max_guesses",
                           "distribution", "tree"}
    assert f"{result['total_guesses']} guesses in total over 12 answers" in printed
    assert text.read_text().splitlines()[0] == result["opener"].upper()
    assert main(["verify-tree", str(out), "--answers", str(words)]) == 0
    assert f"{result['total_guesses']} guesses in total" in capsys.readouterr().out
    result["tree"]["guess"] = "zzzzz"
    out.write_text(json.dumps(result))
    assert main(["verify-tree", str(out), "--answers", str(words)]) == 2
    assert main(["optimal", "--opener", "salet", "--hard"]) == 2
    assert "not available yet" in capsys.readouterr().err


def test_exact_opener_table_proves_saves_and_resumes(tmp_path):
    from wordle_fast.exact import exact_opener_table

    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade",
             "naval", "serve", "heath", "dwarf", "model", "karma", "stink", "grade"]
    lexicon = Lexicon(answers=words, guesses=words + ["slate", "crane", "moldy"])
    results = tmp_path / "exact.json"
    openers = ["slate", "crane", "cigar"]
    totals, reused = exact_opener_table(lexicon, openers, results_path=results)
    assert reused == 0 and set(totals) == set(openers)
    for word in openers:   # each total is the brute-force optimum after that opener
        guess = lexicon.guess_index(word)
        searcher = ExactSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows)
        assert totals[word] == searcher.after_guess(np.arange(16), guess, 6)
        assert totals[word] == optimal(opener=word, lexicon=lexicon).total_guesses
    again, reused = exact_opener_table(lexicon, openers + ["moldy"], workers=2,
                                       results_path=results)
    assert reused == 3 and again["slate"] == totals["slate"] and again["moldy"] is not None
    results.write_text("{not json")
    rebuilt, reused = exact_opener_table(lexicon, ["slate"], results_path=results)
    assert reused == 0 and rebuilt["slate"] == totals["slate"]
    other = Lexicon(answers=words[:-1], guesses=words)   # another list: nothing reused
    assert exact_opener_table(other, ["cigar"], results_path=results)[1] == 0


def test_cli_exact_openers(tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal",
                                "evade", "naval", "serve", "heath", "dwarf"]))
    results = tmp_path / "totals.json"
    argv = ["openers", "--exact", "--top", "3", "--answers", str(words), "--results",
            str(results), "--quiet", "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["reused"] == 0 and len(first["openers"]) == 3
    totals = [o["total_guesses"] for o in first["openers"]]
    assert totals == sorted(totals)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["reused"] == 3
    assert main(["openers", "--exact", "--depth", "2"]) == 2
    assert "does not combine" in capsys.readouterr().err


def test_twin_and_kernel_share_the_unsolvable_marker():
    from wordle_fast._exact import UNSOLVABLE

    assert UNSOLVABLE == INFEASIBLE


@given(small_lists())
@settings(max_examples=20, deadline=None)
def test_optimal_strategy_plays_the_proven_total(case):
    from wordle_fast.simulate import simulate

    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    opener = lexicon.answers[0]
    proven = ExactSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows).after_guess(
        np.arange(lexicon.n_answers), lexicon.guess_index(opener), max_guesses)
    if proven >= INFEASIBLE:
        return
    from wordle_fast.exact import OptimalStrategy

    result = simulate({"lexicon": lexicon, "strategy": OptimalStrategy(max_guesses),
                       "use_cache": False}, opener=opener, max_turns=max_guesses)
    assert result.failed == 0 and result.total_guesses == proven


def test_optimal_strategy_in_the_solver(official):
    from wordle_fast import Solver

    solver = Solver(lexicon=official, strategy="optimal", use_cache=False)
    solver.update("salet", "bbbbb")
    best = solver.best()
    searcher = ExactSearcher(official.matrix, official.length, official.answer_rows)
    bucket = solver.candidate_set.indices()
    assert -best.score * len(bucket) == pytest.approx(searcher.solve(bucket, 5))
    with pytest.raises(ValueError, match="normal mode only"):
        Solver(lexicon=official, strategy="optimal", hard_mode="hard")
    with pytest.raises(ValueError, match="prior='uniform'"):
        Solver(lexicon=official, strategy="optimal", prior="frequency")
