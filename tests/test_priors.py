"""Priors as a user gives them (issue 79, step 3): files, mappings and
arrays, their integer weights for exact results, and every mistake one
clear line before any search starts."""

import json
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordle_fast as wf
from wordle_fast.cli import main
from wordle_fast.priors import INTEGER_SCALE, make_prior, prior_weights

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake"]


def test_a_file_of_whole_numbers_is_used_exactly_as_written(tmp_path):
    path = tmp_path / "weights.tsv"
    path.write_text("# how often each came up\ncigar\t3\nrebut\t1\nsissy\t0\nhumph\t2\nawake\t4\n")
    prior = make_prior(str(path), ANSWERS)
    assert prior.integers.tolist() == [3, 1, 0, 2, 4] and prior.scale == "as written"
    np.testing.assert_allclose(prior.probabilities, np.array([3, 1, 0, 2, 4]) / 10)
    assert prior.description() == {"name": str(path), "digest": prior.digest,
                                   "scale": "as written"}
    assert repr(prior) == f"Prior({path}: 4 of 5 answers possible, integers as written)"
    as_json = tmp_path / "weights.json"
    as_json.write_text(json.dumps(dict(zip(ANSWERS, [3, 1, 0, 2, 4]))))
    assert make_prior(str(as_json), ANSWERS).digest == prior.digest


def test_real_weights_become_integers_by_the_stated_rule():
    prior = make_prior({"cigar": 0.5, "rebut": 0.25, "sissy": 1e-9, "humph": 0.0, "awake": 1},
                       ANSWERS)
    assert prior.integers.tolist() == [INTEGER_SCALE // 2, INTEGER_SCALE // 4, 1, 0,
                                       INTEGER_SCALE]
    assert prior.scale.startswith("max(1, round(w / max(w) * 10000))")
    frequency = make_prior("frequency", ANSWERS)
    np.testing.assert_allclose(frequency.probabilities, prior_weights("frequency", ANSWERS))
    assert frequency.integers.max() == INTEGER_SCALE and frequency.integers.min() >= 1


@given(st.lists(st.integers(0, 10**6), min_size=len(ANSWERS), max_size=len(ANSWERS))
       .filter(any))
@settings(max_examples=50, deadline=None)
def test_every_form_of_the_same_weights_is_the_same_prior(weights):
    as_array = make_prior(weights, ANSWERS)
    as_mapping = make_prior(dict(zip(ANSWERS, weights)), ANSWERS)
    assert as_array.integers.tolist() == weights == as_mapping.integers.tolist()
    assert as_array.digest == as_mapping.digest
    np.testing.assert_allclose(as_array.probabilities.sum(), 1.0)


@pytest.mark.parametrize("text, message", [
    ("cigar\t-1\n", "line 1: the weight '-1' must be a finite number, 0 or more"),
    ("cigar\tnan\n", "line 1: the weight 'nan' must be a finite number"),
    ("cigar\tinf\n", "line 1: the weight 'inf' must be a finite number"),
    ("cigar\tlots\n", "line 1: 'lots' is not a number"),
    ("cigar\t1\nxylyl\t2\n", "line 2: 'xylyl' is not one of the 5 answers"),
    ("cigar\t1\ncigar\t2\n", "line 2: 'cigar' repeats line 1"),
    ("cigar 1 2\n", "line 1: expected 'word<TAB>weight'"),
    ("cigar\t1\n", "gives no weight to 4 of the 5 answers (rebut, sissy, humph, ...)"),
    ("".join(f"{w}\t0\n" for w in ANSWERS), "gives every answer weight 0"),
    ('["cigar"]', "a JSON prior is one object of word to weight"),
    ('{"cigar": ', "is not JSON"),
])
def test_a_bad_weights_file_is_one_line_that_says_what_and_where(tmp_path, text, message):
    path = tmp_path / "prior.txt"
    path.write_text(text)
    with pytest.raises(wf.InvalidOption, match=re.escape(message)) as caught:
        make_prior(str(path), ANSWERS)
    assert "\n" not in str(caught.value)


def test_a_default_weight_fills_what_a_file_leaves_out(tmp_path):
    path = tmp_path / "prior.txt"
    path.write_text("cigar\t5\n")
    assert make_prior(str(path), ANSWERS, default=1).integers.tolist() == [5, 1, 1, 1, 1]
    with pytest.raises(wf.InvalidOption, match="--prior-default: the weight -1"):
        make_prior(str(path), ANSWERS, default=-1)


@pytest.mark.parametrize("source, message", [
    ([1, 2], "holds 2 weights for 5 answers"),
    ([1, 2, 3, True, 5], "weight 4 (of 'humph'): True is not a weight"),
    ({"cigar": 1, "CIGAR": 2}, "given twice"),
    (3.5, "got float"),
    ("no-such-prior.txt", "unknown prior 'no-such-prior.txt'"),
])
def test_a_bad_prior_from_python_is_one_clear_error(source, message):
    with pytest.raises(wf.InvalidOption, match=re.escape(message)):
        make_prior(source, ANSWERS)


def test_a_solver_plays_under_a_prior_given_as_a_mapping(official):
    heavy = {word: (100 if word == "cigar" else 1) for word in official.answers}
    solver = wf.Solver(lexicon=official, prior=heavy, use_cache=False)
    assert solver.prior == "mapping"
    assert solver.weights[official.answer_index("cigar")] == pytest.approx(100 / 2414)
    assert len(solver.suggest(top=3)) == 3


def test_the_first_move_cache_tells_two_weights_files_apart(official, tmp_path):
    one, two = tmp_path / "one.tsv", tmp_path / "two.tsv"
    one.write_text("".join(f"{w}\t{1 if w != 'cigar' else 50}\n" for w in official.answers))
    two.write_text("".join(f"{w}\t{1 if w != 'rebut' else 50}\n" for w in official.answers))
    first = wf.Solver(lexicon=official, prior=str(one), cache_dir=tmp_path / "cache")
    first.suggest(top=1)
    two_key = wf.Solver(lexicon=official, prior=str(two)).prior_spec.key
    assert first.prior_spec.key != two_key and "@sha256:" in two_key


def test_the_commands_take_a_weights_file_and_refuse_a_bad_one(tmp_path, capsys):
    path = tmp_path / "prior.tsv"
    path.write_text("cigar\t1\n")
    assert main(["suggest", "--prior", str(path), "--prior-default", "1", "--top", "1",
                 "--no-cache", "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["suggestions"]
    assert main(["suggest", "--prior", str(path), "--no-cache"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "gives no weight to 2314 of the 2315 answers" in err
    assert main(["suggest", "--prior", "frequency", "--prior-default", "1"]) == 2
    assert "--prior-default gives the weight" in capsys.readouterr().err
