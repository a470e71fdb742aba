"""The compiled search under a prior (``_weighted.WeightedSearcher``) held to
the brute force and to its twin (``_exact_twin.ExactSearcher(weights=...)``)
on Hypothesis lists with random whole-number weights, in every mode; with
every weight 1, to the uniform search; and ``optimal(prior=...)`` end to end."""

import json

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from test_exact import small_lists
from wordle_fast import Lexicon
from wordle_fast.core._exact_twin import INFEASIBLE, exact_total
from wordle_fast.core._exact_twin import ExactSearcher as TwinSearcher
from wordle_fast.errors import WordleError
from wordle_fast.exact.optimum import optimal

weighted = pytest.importorskip("wordle_fast.core._weighted")
from wordle_fast.core._exact import ExactSearcher  # noqa: E402 (compiled, as the line above)

MODES = st.sampled_from(["off", "hard", "strict"])


@st.composite
def weighted_lists(draw):
    answers, guesses, max_guesses = draw(small_lists())
    weights = draw(st.lists(st.integers(0, 40), min_size=len(answers), max_size=len(answers)))
    weights[draw(st.integers(0, len(answers) - 1))] += 1    # at least one possible answer
    return Lexicon(answers=answers, guesses=guesses), max_guesses, weights


def searchers(lexicon, mode, weights):
    options = dict(mode=mode, guess_letters=lexicon.encoded_guesses, n_threads=1)
    return (weighted.WeightedSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows,
                                      weights, **options),
            TwinSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows, weights=weights,
                         **options))


def brute(lexicon, max_guesses, mode, weights, **options):
    encoded = [tuple(word) for word in lexicon.encoded_guesses]
    return exact_total(lexicon.matrix, lexicon.length, max_guesses, mode=mode,
                       guesses=None if mode == "off" else encoded, weights=weights, **options)


@pytest.mark.kernel
@given(weighted_lists(), MODES)
@settings(max_examples=60, deadline=None)
def test_the_weighted_search_is_the_brute_force(case, mode):
    lexicon, max_guesses, weights = case
    compiled, twin = searchers(lexicon, mode, weights)
    everyone = np.arange(lexicon.n_answers)
    total = brute(lexicon, max_guesses, mode, weights)
    assert compiled.solve(everyone, max_guesses) == min(total, INFEASIBLE)
    assert compiled.total_weight == twin.total_weight == sum(weights)
    per_opener = brute(lexicon, max_guesses, mode, weights, per_opener=True)
    bounds = compiled.opener_bounds(range(lexicon.n_guesses), max_guesses)
    guess_bounds, buckets = compiled.guess_bounds(everyone)
    assert buckets.tolist() == twin.guess_bounds(everyone)[1].tolist()
    for row, value in enumerate(per_opener):
        assert min(bounds[row], INFEASIBLE) <= value, row
        assert guess_bounds[row] >= INFEASIBLE or guess_bounds[row] <= value, row
    # stopped past a threshold: still a bound, and the full one when within it
    threshold = int(np.median(bounds))
    cut, buckets = compiled.opener_bounds(range(lexicon.n_guesses), max_guesses, threshold,
                                          with_buckets=True)
    for row, value in enumerate(per_opener):
        assert min(cut[row], INFEASIBLE) <= value, row
        assert cut[row] == bounds[row] or threshold < cut[row] <= bounds[row], row
        assert len(buckets[row][0]) == 0 or cut[row] >= INFEASIBLE or \
            cut[row] == compiled.total_weight + buckets[row][2].sum(), row
    # a search within a budget: the value when within it, else a bound above it
    if total < INFEASIBLE:
        assert compiled.solve(everyone, max_guesses, budget=total) == total
        below = compiled.solve(everyone, max_guesses, budget=total - 1)
        assert total - 1 < below <= total
        assert compiled.lower_bound(everyone, max_guesses) <= total
        best = compiled.best_guess(everyone, max_guesses)
        assert compiled.after_guess(everyone, best, max_guesses) == total
        assert per_opener[best] == total


# Found by Hypothesis: openers with a bucket that cannot finish, which the
# search once reported as INFEASIBLE plus the other buckets' bounds.
CANNOT_FINISH = ("aoa", "aoe", "aaa", "aao", "aee", "aia", "iaa", "sos", "eaa", "oos", "aae",
                 "aai", "aea", "ios")


@pytest.mark.kernel
@given(weighted_lists(), MODES)
@example((Lexicon(answers=CANNOT_FINISH, guesses=CANNOT_FINISH), 3,
          [1, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1]), "off")
@settings(max_examples=40, deadline=None)
def test_guess_costs_and_buckets_agree_with_the_twin(case, mode):
    lexicon, max_guesses, weights = case
    compiled, twin = searchers(lexicon, mode, weights)
    everyone = np.arange(lexicon.n_answers)
    rows = np.arange(lexicon.n_guesses)
    costs, exact = compiled.guess_costs(everyone, rows, max_guesses)
    want, _ = twin.guess_costs(everyone, rows, max_guesses)
    assert all(c == w if e else c <= w for c, w, e in zip(costs, want, exact))
    if min(want) < INFEASIBLE:
        assert min(costs[exact]) == min(want)
    opener = int(np.argmax(twin.guess_bounds(everyone)[1]))
    codes, sizes, bounds = compiled.bucket_bounds(opener, max_guesses)
    twin_codes, twin_sizes, twin_bounds = twin.bucket_bounds(opener, max_guesses)
    # the same buckets (the compiled ones heaviest first), each bound at least the twin's
    order = {int(code): i for i, code in enumerate(twin_codes)}
    assert sorted(codes.tolist()) == sorted(order)
    for code, size, bound in zip(codes.tolist(), sizes.tolist(), bounds.tolist()):
        assert size == twin_sizes[order[code]]
        members = np.flatnonzero(lexicon.matrix[opener] == code)
        value = compiled.solve(members, max_guesses - 1, legal=None if mode == "off" else rows,
                               after=None if mode == "off" else (opener, code))
        assert twin_bounds[order[code]] <= bound <= value
        if mode == "off" and size > 2 and max_guesses > 3:
            # the guesses' exact bounds computed in weak-bound order until
            # none can do better: the least of all of them, 2W - m at least
            every = compiled.guess_bounds(members)[0]
            least = 2 * sum(weights[a] for a in members) - max(weights[a] for a in members)
            assert bound == min(max(int(every.min()), least), INFEASIBLE)


@pytest.mark.kernel
@given(small_lists(), st.sampled_from(["off", "hard"]))
@settings(max_examples=40, deadline=None)
def test_every_weight_one_is_the_uniform_search(case, mode):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    options = dict(mode=mode, guess_letters=lexicon.encoded_guesses, n_threads=1)
    uniform = ExactSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows, **options)
    ones = weighted.WeightedSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows,
                                     np.ones(lexicon.n_answers, dtype=np.int64), **options)
    everyone = np.arange(lexicon.n_answers)
    assert ones.solve(everyone, max_guesses) == uniform.solve(everyone, max_guesses)
    assert ones.total_weight == uniform.total_weight == lexicon.n_answers


@pytest.mark.kernel
@pytest.mark.parametrize("weights, problem", [
    ([1, -1, 1], "0 or more"), ([0, 0, 0], "sum"), ([1, 2], "one whole number per answer"),
    ([1.5, 1, 1], "whole numbers"), ([1 << 40, 1, 1], "sum"),
])
def test_weights_that_cannot_be_searched_are_refused(weights, problem):
    lexicon = Lexicon(answers=["bat", "cat", "hat"], guesses=["bat", "cat", "hat"])
    with pytest.raises(ValueError, match=problem):
        weighted.WeightedSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows, weights)


def test_salet_under_every_weight_one_is_the_published_7920():
    result = optimal(opener="salet", prior=[1] * 2315)
    assert (result.weighted_total, result.total_guesses, result.expected_guesses) == (
        7920, 7920, 7920 / 2315)


def test_optimal_under_the_frequency_prior_replays_its_own_tree():
    # the tree, replayed word by word, weighs exactly what the search proved
    result = optimal(opener="salet", prior="frequency")
    data = result.to_dict()
    assert data["prior"]["name"] == "frequency" and data["prior"]["digest"].startswith("sha256:")
    assert data["weighted_total"] == sum(d * w for d, w in result.weighted[
        "weighted_distribution"].items())
    assert data["expected_guesses"] == data["weighted_total"] / data["total_weight"]
    # SALET's uniform optimum (7920) is not the least total of a tree that weighs words
    assert result.total_guesses >= 7920
    # and the uniform tree, graded under the prior, does no better than the weighted optimum
    uniform = optimal(opener="salet")
    from wordle_fast.exact.trees import verify_tree
    from wordle_fast.priors import make_prior
    lexicon = Lexicon.edition("original")
    graded = verify_tree(uniform.tree, lexicon.answers, guesses=lexicon.guesses,
                         weights=make_prior("frequency", lexicon.answers).integers)
    assert graded["weighted_total"] >= result.weighted_total
    json.dumps(data)


@given(weighted_lists())
@settings(max_examples=20, deadline=None)
def test_without_an_opener_the_best_under_the_prior_is_proven(tmp_path_factory, case):
    lexicon, max_guesses, weights = case
    per_opener = brute(lexicon, max_guesses, "off", weights, per_opener=True)
    results = tmp_path_factory.mktemp("weighted-best") / "results.json"
    try:
        result = optimal(lexicon=lexicon, max_guesses=max_guesses, prior=weights,
                         results_path=results)
    except WordleError:       # no opener finishes: said so, as the uniform search says
        assert min(per_opener) >= INFEASIBLE
        return
    assert result.weighted_total == min(per_opener)
    assert result.scope == "every opener" and result.certificate.prior is not None
    assert set(result.best_openers) == {lexicon.guesses[row] for row, value
                                        in enumerate(per_opener) if value == min(per_opener)}


def test_the_table_command_under_a_prior(tmp_path, capsys):
    from wordle_fast.cli import main

    words = ["aba", "abb", "bab", "bba", "cab", "abc", "bca", "cca"]
    answers, guesses, weights = tmp_path / "a.txt", tmp_path / "g.txt", tmp_path / "w.tsv"
    answers.write_text("\n".join(words[:6]) + "\n")
    guesses.write_text("\n".join(words) + "\n")
    weights.write_text("".join(f"{word}\t{i + 1}\n" for i, word in enumerate(words[:6])))
    lexicon = Lexicon(answers=words[:6], guesses=words)
    per_opener = brute(lexicon, 6, "off", list(range(1, 7)), per_opener=True)
    options = ["--answers", str(answers), "--guesses", str(guesses), "--prior", str(weights),
               "--results", str(tmp_path / "table.json")]
    assert main(["openers", "--exact", *options, "--json", "-", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["optimum"] == min(per_opener) and data["total_weight"] == 21
    assert data["prior"]["scale"] == "as written"
    assert data["openers"][0]["mean"] == min(per_opener) / 21
    assert main(["openers", "--exact", *options, "--quiet"]) == 0
    assert f"{min(per_opener) / 21:.4f} expected guesses" in capsys.readouterr().out
    assert main(["openers", "--prior", str(weights), "--answers", str(answers),
                 "--guesses", str(guesses)]) == 2
    assert "--prior only applies with --exact" in capsys.readouterr().err


def test_weight_zero_answers_are_left_out_of_the_tree():
    lexicon = Lexicon(answers=["bat", "cat", "hat", "mat", "pat"],
                      guesses=["bat", "cat", "hat", "mat", "pat", "bch"])
    result = optimal(opener="bch", lexicon=lexicon, prior={"bat": 3, "cat": 0, "hat": 1,
                                                           "mat": 1, "pat": 2})
    assert result.games == 4
    assert result.weighted["total_weight"] == 7
    want = exact_total(lexicon.matrix, lexicon.length, 6, weights=[3, 0, 1, 1, 2],
                       per_opener=True)[lexicon.guess_index("bch")]
    assert result.weighted_total == want


def test_the_command_prints_the_expected_guesses_and_writes_the_prior(capsys, tmp_path):
    from wordle_fast.cli import main

    weights = tmp_path / "weights.tsv"
    weights.write_text("".join(f"{word}\t{1 + i % 3}\n" for i, word in enumerate(
        Lexicon.edition("original").answers)))
    assert main(["optimal", "--opener", "salet", "--prior", str(weights), "--json", "-",
                 "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["prior"]["scale"] == "as written"
    assert data["expected_guesses"] == data["weighted_total"] / data["total_weight"]
    assert main(["optimal", "--opener", "salet", "--prior", "frequency", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "expected guesses" in out and "Weighted by the prior" in out
    # no opener: the best one under the prior, read from the shipped table
    assert main(["optimal", "--prior", "frequency", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("TRACE (normal mode, at most 6 guesses, prior frequency): 3.3440")
    assert "shipped table exact-openers-frequency-normal.json" in out


def test_the_optimal_strategy_under_the_prior_plays_the_proven_optimum(official):
    from wordle_fast.game.simulation import simulate

    result = simulate({"lexicon": official, "strategy": "optimal", "prior": "frequency",
                       "use_cache": False})
    # every answer played by the strategy: the weighted total the table proves for TRACE
    assert result.solved == result.games == official.n_answers
    assert result.weighted_total == 52517528
    assert result.weighted_mean == pytest.approx(52517528 / 15705013)
    assert result.to_dict()["weighted_mean_guesses"] == result.weighted_mean
    assert "Expected guesses under the prior (solved): 3.3440" in result.summary()


@given(weighted_lists())
@settings(max_examples=15, deadline=None)
def test_the_strategy_under_a_prior_plays_the_brute_force_optimum(case):
    from wordle_fast.game.simulation import simulate

    lexicon, max_guesses, weights = case
    best = min(brute(lexicon, max_guesses, "off", weights, per_opener=True))
    if best >= INFEASIBLE:
        return
    result = simulate({"lexicon": lexicon, "strategy": "optimal", "prior": weights,
                       "use_cache": False, "max_guesses": max_guesses})
    assert result.weighted_total == best


def test_a_search_stopped_under_a_prior_says_its_bound_in_weights():
    from wordle_fast.exact.optimum import SearchInterrupted

    stopped = SearchInterrupted("trace", 52000000, False, 1000, 2315, None, 15705013)
    assert stopped.describe().startswith(
        "TRACE needs at least 52000000 in whole weights (3.3110 expected guesses)")
    assert "guesses in total" in SearchInterrupted("salet", 7920, True, 2315, 2315,
                                                   None).describe()


@given(weighted_lists(), st.data())
@settings(max_examples=25, deadline=None)
def test_a_game_graded_under_a_prior_agrees_with_the_brute_force(case, data):
    from wordle_fast.game.analysis import analyze
    from wordle_fast.patterns import format_pattern

    lexicon, max_guesses, weights = case
    per_opener = brute(lexicon, max_guesses, "off", weights, per_opener=True)
    if min(per_opener) >= INFEASIBLE:
        return
    answer = data.draw(st.sampled_from([a for a, w in zip(lexicon.answers, weights) if w]))
    opener = data.draw(st.sampled_from([row for row, value in enumerate(per_opener)
                                        if value < INFEASIBLE]))
    code = int(lexicon.matrix[opener, lexicon.answer_index(answer)])
    rows = [(lexicon.guesses[opener], format_pattern(code, lexicon.length))]
    if lexicon.guesses[opener] != answer:
        rows.append((answer, "g" * lexicon.length))
    if len(rows) > max_guesses:
        return
    mass = sum(weights)
    game = analyze(rows, lexicon, max_guesses=max_guesses, prior=weights)
    first = game.turns[0]
    assert first.expected == pytest.approx(per_opener[opener] / mass)
    assert first.best_expected == pytest.approx(min(per_opener) / mass)
    assert game.optimal_expected == pytest.approx(min(per_opener) / mass)
    left = [a for a in range(lexicon.n_answers) if lexicon.matrix[opener, a] == code]
    assert first.probability == pytest.approx(sum(weights[a] for a in left) / mass)
    if len(game.graded) == len(game.turns):
        assert game.optimal_expected - len(rows) == pytest.approx(game.luck - game.lost)


def test_the_analysis_command_grades_under_the_prior(capsys):
    from wordle_fast.cli import main

    assert main(["analyze", "salet", "acorn", "grand", "--prior", "frequency", "--json", "-",
                 "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["prior"] == "frequency"
    assert data["optimal_expected"] == pytest.approx(52517528 / 15705013)
    first = data["turns"][0]
    assert first["best"][0] == "trace"
    assert first["expected"] == pytest.approx(52697358 / 15705013)    # SALET's, shipped


def test_verify_tree_replays_the_weighted_total_the_file_claims(tmp_path, capsys):
    from wordle_fast.cli import main

    tree = tmp_path / "trace.json"
    assert main(["optimal", "--prior", "frequency", "--json", str(tree), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["verify-tree", str(tree)]) == 0     # the bundled prior the file records
    assert "3.3440 expected guesses (52517528 / 15705013" in capsys.readouterr().out
    data = json.loads(tree.read_text())
    data["weighted_total"] += 1
    tree.write_text(json.dumps(data))
    assert main(["verify-tree", str(tree)]) == 2
    assert "claims a weighted total of 52517529" in capsys.readouterr().err
    data["weighted_total"] -= 1
    data["prior"]["digest"] = "sha256:" + "0" * 64
    tree.write_text(json.dumps(data))
    assert main(["verify-tree", str(tree)]) == 2
    assert "proven under the prior 'frequency'" in capsys.readouterr().err
