"""Every kernel has a slow twin behind the one switch, WORDLE_FAST_IMPL: the
two searches' twins against the compiled searches, and the commands run
on the twins alone, with no compiled module loaded."""

import json
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_fast import Lexicon
from wordle_fast.core._backend import UNSOLVABLE
from wordle_fast.core._bound_twin import least_totals as twin_least_totals
from wordle_fast.core._exact_twin import ExactSearcher as TwinExact
from wordle_fast.core._lookahead_twin import LookaheadSearcher as TwinLookahead
from wordle_fast.words import encode_words

compiled_exact = pytest.importorskip("wordle_fast.core._exact")
compiled_lookahead = pytest.importorskip("wordle_fast.core._lookahead")


@st.composite
def small_games(draw):
    word = st.text(alphabet=draw(st.sampled_from(["abcde", "aeiost", "abcdehst"])),
                   min_size=3, max_size=4)
    length = draw(st.integers(3, 4))
    word = st.text(alphabet=draw(st.sampled_from(["abcde", "aeiost"])), min_size=length,
                   max_size=length)
    answers = draw(st.lists(word, min_size=3, max_size=12, unique=True))
    extra = [w for w in draw(st.lists(word, max_size=5, unique=True)) if w not in answers]
    return answers, answers + extra, draw(st.integers(2, 5)), draw(st.sampled_from(
        ["off", "hard", "strict"]))


def both_searchers(lexicon, mode):
    letters = None if mode == "off" else lexicon.encoded_guesses
    return [cls(lexicon.matrix, lexicon.length, lexicon.answer_rows, mode=mode,
                guess_letters=letters) for cls in (compiled_exact.ExactSearcher, TwinExact)]


def test_the_marker_is_one_number():
    assert compiled_exact.UNSOLVABLE == UNSOLVABLE
    assert pytest.importorskip("wordle_fast.core._bound").UNSOLVABLE == UNSOLVABLE


@given(st.integers(1, 5000), st.lists(st.tuples(st.integers(1, 243), st.booleans()),
                                       max_size=50))
def test_the_one_level_bound_agrees_with_its_twin(n, guesses):
    compiled_bound = pytest.importorskip("wordle_fast.core._bound")
    buckets = [k for k, _ in guesses]
    candidate = [c for _, c in guesses]
    fast = compiled_bound.least_totals(n, buckets, candidate)
    assert fast.dtype == np.int64
    assert fast.tolist() == twin_least_totals(n, buckets, candidate).tolist()
    assert fast.tolist() == [3 * n - k - c for k, c in guesses]


def test_the_least_totals_are_the_searchs_bounds_over_every_answer():
    # The opening tables' least totals and the search's scan of every guess
    # over every answer: the one bound, from one place (a guess that learns
    # nothing is only marked unplayable by the scan).
    from wordle_fast.exact.search import least_totals
    lexicon = Lexicon(answers=["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal"],
                      guesses=["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal",
                               "salet", "crane", "zzzzz"])
    bounds, buckets = compiled_exact.ExactSearcher(
        lexicon.matrix, lexicon.length, lexicon.answer_rows).guess_bounds(
            np.arange(lexicon.n_answers))
    least = least_totals(lexicon)
    learns = buckets > 1
    assert learns.sum() < lexicon.n_guesses     # ZZZZZ learns nothing: marked by the scan
    assert least[learns].tolist() == bounds[learns].tolist()
    assert least[~learns].tolist() == [3 * lexicon.n_answers - 1] * int((~learns).sum())


@given(small_games())
@settings(max_examples=40, deadline=None)
def test_exact_twin_agrees_with_the_compiled_search(game):
    answers, guesses, depth, mode = game
    lexicon = Lexicon(answers=answers, guesses=guesses)
    fast, slow = both_searchers(lexicon, mode)
    everyone = np.arange(lexicon.n_answers)
    every_row = None if mode == "off" else np.arange(lexicon.n_guesses)
    truth = slow.solve(everyone, depth, legal=every_row)
    assert fast.solve(everyone, depth, legal=every_row) == truth
    rows = np.arange(lexicon.n_guesses)
    # (past UNSOLVABLE a number only says "cannot finish": clipped there)
    slow_costs, slow_exact = slow.guess_costs(everyone, rows, depth, legal=every_row)
    fast_costs, fast_exact = fast.guess_costs(everyone, rows, depth, legal=every_row)
    slow_costs, fast_costs = np.minimum(slow_costs, UNSOLVABLE), np.minimum(fast_costs,
                                                                           UNSOLVABLE)
    assert np.all(fast_costs <= slow_costs)                 # bounds below the truth
    assert np.array_equal(fast_costs[fast_exact], slow_costs[fast_exact])
    for row in range(lexicon.n_guesses):
        after = min(slow.after_guess(everyone, row, depth, legal=every_row), UNSOLVABLE)
        assert after == slow_costs[row]
        assert min(fast.after_guess(everyone, row, depth, legal=every_row), UNSOLVABLE) == \
            min(after, UNSOLVABLE)
        codes, sizes, bounds = fast.bucket_bounds(row, depth)
        twin_codes, twin_sizes, twin_bounds = slow.bucket_bounds(row, depth)
        assert sorted(zip(codes, sizes)) == sorted(zip(twin_codes, twin_sizes))
        for code, bound in zip(twin_codes, twin_bounds):        # the twin's bounds hold
            legal = every_row if every_row is None else slow.legal_after(every_row, row, code)
            if every_row is not None:
                assert np.array_equal(legal, fast.legal_after(every_row, row, int(code)))
            bucket = everyone[lexicon.matrix[row] == code]
            assert bound <= max(slow.solve(bucket, depth - 1, legal=legal), bound
                                if bound >= UNSOLVABLE else 0)
    if truth < UNSOLVABLE:
        best = slow.best_guess(everyone, depth, legal=every_row)
        assert slow_costs[best] == truth
        assert slow_costs[fast.best_guess(everyone, depth, legal=every_row)] == truth
        assert (np.minimum(slow.opener_bounds(rows, depth), UNSOLVABLE) <= slow_costs).all()


@given(small_games(), st.integers(1, 3), st.sampled_from([0, 1, 2]), st.booleans())
@settings(max_examples=30, deadline=None)
def test_lookahead_twin_agrees_with_the_compiled_search(game, depth, width, weighted):
    answers, guesses, _, mode = game
    lexicon = Lexicon(answers=answers, guesses=guesses)
    weights = (np.linspace(1.0, 2.0, lexicon.n_answers) if weighted else None)
    order = lexicon.score(weights=weights).order()
    searchers = [cls(lexicon.matrix, lexicon.length, order, lexicon.encoded_guesses,
                     encode_words(lexicon.answers), weights=weights, width=width, mode=mode)
                 for cls in (compiled_lookahead.LookaheadSearcher, TwinLookahead)]
    members = np.arange(lexicon.n_answers)
    rows = np.arange(lexicon.n_guesses)
    (fast, fast_done), (slow, slow_done) = (s.guess_values(members, rows, depth)
                                            for s in searchers)
    assert fast_done == slow_done
    np.testing.assert_allclose(fast, slow, rtol=1e-9, atol=1e-9)
    assert searchers[0].value(members, depth) == pytest.approx(searchers[1].value(members, depth))


# -- the commands on the twins alone ------------------------------------------------------------

TWINS_ONLY = r"""
import importlib.abc, json, sys

class NoCompiled(importlib.abc.MetaPathFinder):
    # as if the compiled files were absent: any extension module of the
    # package fails to import
    def find_spec(self, name, path, target=None):
        if name.startswith("wordle_fast."):
            for finder in sys.meta_path:
                if finder is self or not hasattr(finder, "find_spec"):
                    continue
                spec = finder.find_spec(name, path, target)
                if spec is not None:
                    if spec.origin and spec.origin.endswith((".so", ".pyd")):
                        raise ImportError(f"{name} is compiled: absent in this test")
                    return None
        return None

sys.meta_path.insert(0, NoCompiled())
from wordle_fast.cli import main
codes = [main(argv) for argv in json.loads(sys.argv[1])]
compiled = sorted(name for name, module in sys.modules.items() if name.startswith("wordle_fast")
                  and str(getattr(module, "__file__", "")).endswith((".so", ".pyd")))
print(json.dumps({"codes": codes, "compiled": compiled}))
"""


def test_the_main_commands_run_on_the_twins_alone(ound_files, tmp_path):
    import os

    answers, guesses = ound_files
    lists = ["--answers", answers, "--guesses", guesses]
    commands = [
        ["optimal", "--quiet", "--max-guesses", "5", *lists],
        ["optimal", "--quiet", "--opener", "melba", "--hard", *lists],
        ["analyze", "garms", "bound", "found", *lists],
        ["openers", "--exact", "--all", "--results", str(tmp_path / "r.json"), *lists],
        ["simulate", "--strategy", "optimal", "--max-turns", "5", "--quiet", *lists],
        ["suggest", "--strategy", "lookahead", "--no-cache", *lists],
        ["suggest", "--history", "melba:bbbbb", "--strategy", "optimal", *lists],
        ["openers", "--depth", "2", "--top", "3", *lists],
        ["absurdle", *lists],
    ]
    env = {**os.environ, "WORDLE_FAST_IMPL": "python", "WORDLE_FAST_CACHE_DIR": str(tmp_path)}
    run = subprocess.run([sys.executable, "-c", TWINS_ONLY, json.dumps(commands)], env=env,
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["compiled"] == []
    assert result["codes"] == [0] * len(commands), run.stderr
    assert "Traceback" not in run.stderr
    assert "MELBA" in run.stdout or "melba" in run.stdout
    version = subprocess.run([sys.executable, "-m", "wordle_fast", "--version"], env=env,
                             capture_output=True, text=True, timeout=60)
    assert "pure-Python kernels" in version.stdout
    bogus = subprocess.run([sys.executable, "-m", "wordle_fast", "suggest"],
                           env={**env, "WORDLE_FAST_IMPL": "bogus"}, capture_output=True,
                           text=True, timeout=60)
    assert bogus.returncode == 2 and bogus.stderr.count("\n") == 1
    assert "WORDLE_FAST_IMPL='bogus' is not one of" in bogus.stderr
