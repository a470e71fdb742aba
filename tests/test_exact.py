"""Exact optimal play: the search against brute force, SALET's 7920, and a
verifier that rejects every kind of broken tree."""

import copy
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_fast import Lexicon, WordleError
from wordle_fast.cli import main
from wordle_fast.core._exact import ExactSearcher, machine_lanes, searcher_with_switches
from wordle_fast.core._exact_twin import INFEASIBLE, exact_total
from wordle_fast.core._scans import most_candidate_splits
from wordle_fast.exact.optimum import optimal
from wordle_fast.exact.search import make_exact_searcher
from wordle_fast.exact.trees import InvalidTree, verify_tree
from wordle_fast.lexicon import feedback
from wordle_fast.patterns import parse_pattern
from wordle_fast.rules import legal_guesses



BLANK = "z"   # a letter no generated answer holds

def brute_force(lexicon, max_guesses):
    return exact_total(lexicon.matrix, lexicon.length, max_guesses)


@st.composite
def small_lists(draw):
    length = draw(st.integers(3, 6))   # 6 letters: uint16 codes, the other kernel
    word = st.text(alphabet=draw(st.sampled_from(["abcde", "abcdehst", "aeiost"])),
                   min_size=length, max_size=length)
    answers = draw(st.lists(word, min_size=8, max_size=30, unique=True))
    extra = [w for w in draw(st.lists(word, max_size=8, unique=True)) if w not in answers]
    if draw(st.booleans()):
        extra.append(BLANK * length)   # a guess that learns nothing about any answer
    return answers, answers + extra, draw(st.integers(2, 6))


ONE_LETTER_APART = ["bat", "cat", "hat", "mat", "pat"]


@pytest.mark.parametrize("extra", [
    [],                 # only the candidates: found one at a time, 1 + 2 + ... + 5
    ["bzz"],            # a probe of two buckets that is no candidate: {bat} and the rest
    ["bcz"],            # a probe of three buckets: {bat}, {cat} and the rest
    ["bch", "mpz"],     # probes of four and three buckets that split all five between them
])
@pytest.mark.parametrize("max_guesses", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("mode", ["off", "hard"])
def test_sets_few_guesses_split_agree_with_brute_force(extra, max_guesses, mode):
    # The search's shortcuts on a set's guess counts (the least bound, the
    # one-at-a-time chain, the last two guesses) against the twin, on words
    # that differ in one letter, where they decide.
    lexicon = Lexicon(answers=ONE_LETTER_APART, guesses=ONE_LETTER_APART + extra)
    fast = make_exact_searcher(lexicon, mode).solve(np.arange(lexicon.n_answers), max_guesses)
    slow = exact_total(lexicon.matrix, lexicon.length, max_guesses, mode=mode,
                       guesses=[tuple(word) for word in lexicon.encoded_guesses])
    assert min(fast, INFEASIBLE) == slow
    if not extra:
        assert slow == (15 if max_guesses >= 5 else INFEASIBLE)


EIGHT_APART = ["bat", "cat", "hat", "mat", "pat", "rat", "sat", "vat"]


@pytest.mark.parametrize("probes", [
    ["bch"],                  # the most buckets any guess makes: 4 (b, c, h, the rest)
    ["bch", "mps"],           # still 4: a candidate leaves 7, above it
    ["bch", "mps", "rvz"],    # the probes split the rest in turn
])
@pytest.mark.parametrize("max_guesses", [3, 4, 5, 6, 8])
@pytest.mark.parametrize("mode", ["off", "hard"])
def test_buckets_above_what_any_guess_splits_agree_with_brute_force(probes, max_guesses, mode):
    # A candidate (CAT) leaves the other seven in one bucket, more than the
    # most buckets any guess makes of the eight: that bucket costs at least
    # 3s - cap - 1, and with two guesses left cannot finish. Every guess's
    # total, and the set's, against the twin.
    lexicon = Lexicon(answers=EIGHT_APART, guesses=EIGHT_APART + probes)
    searcher = make_exact_searcher(lexicon, mode)
    everyone = np.arange(lexicon.n_answers)
    legal = None if mode == "off" else np.arange(lexicon.n_guesses)
    words = [tuple(word) for word in lexicon.encoded_guesses]
    for row in range(lexicon.n_guesses):
        fast = searcher.after_guess(everyone, row, max_guesses, legal=legal)
        slow = exact_total(lexicon.matrix, lexicon.length, max_guesses, mode=mode,
                           guesses=words, per_opener=True)[row]
        assert min(fast, INFEASIBLE) == slow, lexicon.guesses[row]
    assert min(searcher.solve(everyone, max_guesses, legal=legal), INFEASIBLE) == exact_total(
        lexicon.matrix, lexicon.length, max_guesses, mode=mode, guesses=words)


@pytest.mark.parametrize("extra", [
    [],               # no guess splits the four apart: 1 + 2 + 3 + 4 at best
    ["chm"],          # a probe that splits them apart, no candidate: 2 x 4, the least
    ["chz", "chm"],   # after a probe of three buckets
])
@pytest.mark.parametrize("max_guesses", [2, 3, 6])
@pytest.mark.parametrize("mode", ["off", "hard"])
def test_a_probe_that_splits_a_set_apart_agrees_with_brute_force(extra, max_guesses, mode):
    # Where no candidate splits the set apart, a guess that does is optimal
    # (2n): the scan stops at the first one.
    words = ONE_LETTER_APART[:4]
    lexicon = Lexicon(answers=words, guesses=words + extra)
    fast = make_exact_searcher(lexicon, mode).solve(np.arange(lexicon.n_answers), max_guesses)
    slow = exact_total(lexicon.matrix, lexicon.length, max_guesses, mode=mode,
                       guesses=[tuple(word) for word in lexicon.encoded_guesses])
    assert min(fast, INFEASIBLE) == slow
    if "chm" in extra:
        assert slow == 8


@given(small_lists())
@settings(max_examples=100, deadline=None)
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
        check = verify_tree(result.tree, answers, max_guesses=max_guesses,
                            guesses=lexicon.guesses)
        assert check["total_guesses"] == slow


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
    with pytest.raises(InvalidTree, match="deeper than the 4 guesses allowed"):
        verify_tree(salet.tree, answers, max_guesses=4)
    with pytest.raises(InvalidTree, match="breaks the rule"):
        verify_tree(salet.tree, answers, hard_mode="hard")


def test_unsolvable_and_bad_arguments(official):
    with pytest.raises(WordleError, match="none of the 3 openers tried can solve every answer "
                                          "within 2 guesses"):
        optimal(candidates=3, lexicon=official, max_guesses=2)
    with pytest.raises(ValueError, match="unknown hard mode"):
        optimal(opener="salet", lexicon=official, hard_mode="nightmare")
    hard = make_exact_searcher(official, "hard")
    everyone = np.arange(official.n_answers)
    salet = official.guess_index("salet")   # not an answer
    with pytest.raises(ValueError, match="not among the legal guesses"):
        hard.after_guess(everyone, salet, 6,
                         legal=np.setdiff1d(np.arange(official.n_guesses), [salet]))
    with pytest.raises(ValueError, match="sorted, distinct rows"):
        hard.solve(everyone[:5], 6, legal=[3, 2])
    with pytest.raises(ValueError, match="only apply to the hard modes"):
        make_exact_searcher(official).solve(everyone[:5], 6, legal=[1, 2])
    with pytest.raises(ValueError, match="needs guess_letters"):
        ExactSearcher(official.matrix, 5, official.answer_rows, mode="hard")
    with pytest.raises(ValueError, match=r"answer indices in 0\.\.2314"):
        hard.solve([0, 2315], 6)


def test_a_legal_list_without_a_candidate_is_refused(official):
    # The rule always allows a word that fits the feedback, and the closed
    # forms rely on it; a list without one is the caller's mistake.
    hard = make_exact_searcher(official, "hard")
    members = np.arange(5)
    rows = official.answer_rows[members]
    legal = np.setdiff1d(np.arange(official.n_guesses), rows[3:4])
    message = f"candidate 3 \\(row {rows[3]}\\) is not in it"
    for call in (lambda: hard.solve(members, 6, legal=legal),
                 lambda: hard.lower_bound(members, 6, legal=legal),
                 lambda: hard.best_guess(members, 6, legal=legal),
                 lambda: hard.guess_costs(members, rows[:1], 6, legal=legal),
                 lambda: hard.after_guess(members, int(rows[0]), 6, legal=legal)):
        with pytest.raises(ValueError, match=message):
            call()
    assert hard.solve(members, 6, legal=np.arange(official.n_guesses)) == hard.solve(members, 6)


def test_cli_optimal_and_verify(tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal",
                                "evade", "naval", "serve", "heath", "dwarf"]))
    out, text = tmp_path / "tree.json", tmp_path / "tree.txt"
    assert main(["optimal", "--answers", str(words), "--guesses", str(words),
                 "--json", str(out), "--tree", str(text)]) == 0
    printed = capsys.readouterr().out
    result = json.loads(out.read_text())
    assert set(result) == {"opener", "mode", "scope", "proven_best_opener", "total_guesses",
                           "mean", "max_guesses", "distribution", "tree", "best_openers",
                           "certificate"}
    assert f"{result['total_guesses']} guesses in total over 12 answers" in printed
    assert text.read_text().splitlines()[0] == result["opener"].upper()
    assert main(["verify-tree", str(out), "--answers", str(words)]) == 0
    assert f"{result['total_guesses']} guesses in total" in capsys.readouterr().out
    result["tree"]["guess"] = "zzzzz"
    out.write_text(json.dumps(result))
    assert main(["verify-tree", str(out), "--answers", str(words)]) == 2
    hard_out = tmp_path / "hard.json"
    assert main(["optimal", "--answers", str(words), "--guesses", str(words), "--hard",
                 "--json", str(hard_out)]) == 0
    hard = json.loads(hard_out.read_text())
    assert hard["mode"] == "hard" and hard["total_guesses"] >= result["total_guesses"]
    capsys.readouterr()
    # the file records its mode and limit, and verify-tree checks by them
    assert main(["verify-tree", str(hard_out), "--answers", str(words)]) == 0
    printed = capsys.readouterr().out
    assert "valid (hard mode, at most 6 guesses)" in printed
    assert f"{hard['total_guesses']} guesses in total" in printed
    worst = max(int(turn) for turn, games in hard["distribution"].items() if games)
    assert main(["verify-tree", str(hard_out), "--answers", str(words), "--max-guesses",
                 str(worst - 1)]) == 2
    assert f"deeper than the {worst - 1} guesses allowed" in capsys.readouterr().err
    assert main(["verify-tree", str(hard_out), "--max-guesses", "0"]) == 2
    assert "--max-guesses must be at least 1" in capsys.readouterr().err
    hard["mode"] = "nightmare"
    hard_out.write_text(json.dumps(hard))
    assert main(["verify-tree", str(hard_out), "--answers", str(words)]) == 2
    assert 'unknown mode "nightmare"' in capsys.readouterr().err


def test_twin_and_kernel_share_the_unsolvable_marker():
    from wordle_fast.core._exact import UNSOLVABLE

    assert UNSOLVABLE == INFEASIBLE


@given(small_lists())
@settings(max_examples=20, deadline=None)
def test_optimal_strategy_plays_the_proven_total(case):
    """To the game's limit: the proven total when the opener can finish
    every answer in time, else the most answers any strategy wins in time."""
    from wordle_fast.exact.chances import WinCounter
    from wordle_fast.game.simulation import simulate

    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    opener = lexicon.answers[0]
    everyone = np.arange(lexicon.n_answers)
    proven = ExactSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows).after_guess(
        everyone, lexicon.guess_index(opener), max_guesses)
    result = simulate({"lexicon": lexicon, "strategy": "optimal", "use_cache": False},
                      opener=opener, max_guesses=max_guesses)
    assert result.max_guesses == max_guesses
    if proven < INFEASIBLE:
        assert result.failed == 0 and result.total_guesses == proven
    else:
        most = WinCounter(lexicon).per_guess(everyone, [lexicon.guess_index(opener)],
                                             max_guesses)[0]
        assert 0 < result.failed and len(result.solved_answers) == most


def test_optimal_strategy_in_the_solver(official):
    from wordle_fast import Solver

    solver = Solver(lexicon=official, strategy="optimal", use_cache=False)
    solver.update("salet", "bbbbb")
    best = solver.best()
    searcher = ExactSearcher(official.matrix, official.length, official.answer_rows)
    bucket = solver.candidate_set.indices()
    assert -best.score * len(bucket) == pytest.approx(searcher.solve(bucket, 5))
    # under a prior: the expected guesses weighed by it, from the weighted search
    from wordle_fast.exact.search import make_exact_searcher
    from wordle_fast.priors import make_prior

    prior = make_prior("frequency", official.answers)
    weighed = Solver(lexicon=official, strategy="optimal", prior="frequency", use_cache=False)
    assert weighed.best().word == "trace"     # the shipped table's optimum under the prior
    weighed.update("salet", "bbbbb")
    best = weighed.best()
    searcher = make_exact_searcher(official, weights=prior.integers)
    mass = int(prior.integers[bucket].sum())
    assert -best.score * mass == pytest.approx(searcher.solve(bucket, 5))
    assert searcher.after_guess(bucket, official.guess_index(best.word), 5) == \
        searcher.solve(bucket, 5)


# -- hard and strict mode ------------------------------------------------------------

@st.composite
def trap_lists(draw):
    # Answers that differ in one letter (BATCH, CATCH, HATCH, ...) plus probe
    # words: normal mode splits them with a probe, hard mode may not, so the
    # modes' optima differ often enough to test the legal-guess bookkeeping.
    length = draw(st.integers(3, 6))
    stem = draw(st.text(alphabet="aeiou", min_size=length - 1, max_size=length - 1))
    firsts = draw(st.lists(st.sampled_from("bcdfghklmnprst"), min_size=4, max_size=9,
                           unique=True))
    answers = [first + stem for first in firsts]
    others = st.text(alphabet="abcdehst", min_size=length, max_size=length)
    answers += [w for w in draw(st.lists(others, max_size=6, unique=True)) if w not in answers]
    probes = st.text(alphabet="bcdfghklmnprst", min_size=length, max_size=length)
    extra = [w for w in draw(st.lists(probes, min_size=2, max_size=10, unique=True))
             if w not in answers]
    if draw(st.booleans()):
        extra.append(BLANK * length)
    return answers, answers + extra, draw(st.integers(3, 6))


@pytest.mark.slow
@given(st.one_of(trap_lists(), small_lists()), st.sampled_from(["hard", "strict"]))
@settings(max_examples=100, deadline=None)
def test_hard_modes_agree_with_brute_force(case, mode):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    everyone = np.arange(lexicon.n_answers)
    fast = make_exact_searcher(lexicon, mode).solve(everyone, max_guesses)
    slow = exact_total(lexicon.matrix, lexicon.length, max_guesses, mode=mode,
                       guesses=[tuple(word) for word in lexicon.encoded_guesses])
    assert min(fast, INFEASIBLE) == slow
    # A rule only takes guesses away: never cheaper than normal mode, and
    # strict (a subset of hard's guesses) never cheaper than hard.
    assert slow >= exact_total(lexicon.matrix, lexicon.length, max_guesses)
    if slow < INFEASIBLE:
        best = min(range(lexicon.n_guesses),
                   key=lambda g: (make_exact_searcher(lexicon, mode).after_guess(everyone, g,
                                                                           max_guesses), g))
        result = optimal(opener=lexicon.guesses[best], lexicon=lexicon, hard_mode=mode,
                         max_guesses=max_guesses)
        assert result.total_guesses == slow and result.mode == mode
        check = verify_tree(result.tree, answers, hard_mode=mode, max_guesses=max_guesses,
                            guesses=lexicon.guesses)
        assert check["total_guesses"] == slow


@given(small_lists(), st.sampled_from(["off", "hard", "strict"]),
       st.sampled_from(["smallest", "largest", "code"]), st.booleans(), st.booleans(),
       st.booleans(), st.booleans(), st.booleans(), st.sampled_from([2_000_000, 7]), st.data())
@settings(max_examples=60, deadline=None)
def test_one_memo_across_calls_orders_and_legal_lists(case, mode, order, closed_forms,
                                                      reach_scan, union_bounds, probe_children,
                                                      scan_children, max_entries, data):
    # One searcher answers many questions with one memo: the whole set under
    # different legal lists (hard modes: the memo key must tell them apart),
    # and after several openers. Every answer must equal a fresh searcher's,
    # whatever the bucket order, with or without the closed forms, the
    # scan limited by the parent's counts, the bounds noted for unions of
    # buckets, the buckets probed at their bounds first and the buckets
    # scanned for their bounds first (normal mode), and with a memo
    # so small that it forgets its older half again and again.
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    everyone = np.arange(lexicon.n_answers)

    def searcher(**switches):
        return searcher_with_switches(
            lexicon.matrix, lexicon.length, lexicon.answer_rows, mode=mode,
            guess_letters=None if mode == "off" else lexicon.encoded_guesses, **switches)

    shared = searcher(bucket_order=order, closed_forms=closed_forms, reach_scan=reach_scan,
                      union_bounds=union_bounds, probe_children=probe_children,
                      scan_children=scan_children, max_entries=max_entries)

    def same(value, fresh):     # every total at or above INFEASIBLE means "cannot"
        assert min(value, INFEASIBLE) == min(fresh, INFEASIBLE)

    openers = data.draw(st.lists(st.integers(0, lexicon.n_guesses - 1), min_size=1, max_size=4))
    for row in openers:
        same(shared.after_guess(everyone, row, max_guesses),
             searcher().after_guess(everyone, row, max_guesses))
        # one bucket of the opener: the same members under the legal list
        # the rule leaves, and (hard modes) under every guess
        code = int(lexicon.matrix[row, data.draw(st.integers(0, lexicon.n_answers - 1))])
        bucket = np.flatnonzero(lexicon.matrix[row] == code)
        if code == lexicon.n_patterns - 1:
            continue
        lists = [None]
        if mode != "off":
            lists.append(shared.legal_after(np.arange(lexicon.n_guesses), row, code))
        for legal in lists:
            same(shared.solve(bucket, max_guesses - 1, legal=legal),
                 searcher().solve(bucket, max_guesses - 1, legal=legal))
        if mode != "off":
            # known by the rule's state after the opener (keys shared across
            # openers), with a budget and without
            budget = data.draw(st.integers(2 * len(bucket) - 1, 4 * len(bucket)))
            fresh = searcher().solve(bucket, max_guesses - 1, budget, legal=lists[1])
            mine = shared.solve(bucket, max_guesses - 1, budget,
                                legal=np.arange(lexicon.n_guesses), after=(row, code))
            assert mine == fresh if fresh <= budget else mine > budget
            same(shared.solve(bucket, max_guesses - 1, legal=np.arange(lexicon.n_guesses),
                              after=(row, code)),
                 searcher().solve(bucket, max_guesses - 1, legal=lists[1]))
    slow = exact_total(lexicon.matrix, lexicon.length, max_guesses, mode=mode,
                       guesses=[tuple(word) for word in lexicon.encoded_guesses])
    same(shared.solve(everyone, max_guesses), slow)
    assert shared.stats()["memo_entries"] <= max_entries


def test_a_full_memo_replaces_entries_and_stays_right(official):
    # A memo of 256 entries for a search of thousands of states: full, it
    # replaces entries, never grows past its size, and the total is right.
    # (Without the buckets' scans first, which settle SALET in under 200 states.)
    searcher = searcher_with_switches(official.matrix, official.length, official.answer_rows,
                                      max_entries=300, scan_children=False)
    assert searcher.after_guess(np.arange(official.n_answers), official.guess_index("salet"),
                                6) == 7920
    stats = searcher.stats()
    assert stats["max_entries"] == 256
    assert stats["states"] > 256 and stats["memo_entries"] <= 256 < stats["memo_replaced"]


def test_bucket_order_must_be_known(official):
    with pytest.raises(ValueError, match="bucket_order must be one of smallest, largest, code"):
        searcher_with_switches(official.matrix, official.length, official.answer_rows,
                               bucket_order="biggest")


@pytest.mark.parametrize("mode", ["hard", "strict"])
def test_legal_guesses_follow_the_rule_along_a_game(official, mode):
    # The search's own bookkeeping (legal_after) against the Solver's rule
    # (rules.legal_guesses) over random games that play legal guesses.
    searcher = make_exact_searcher(official, mode)
    rng = np.random.default_rng(7)
    for _ in range(6):
        answer = official.answers[rng.integers(official.n_answers)]
        legal, history = np.arange(official.n_guesses), []
        for _ in range(4):
            guess = official.guesses[rng.choice(legal)]
            code = feedback(guess, answer)
            history.append((guess, code))
            legal = searcher.legal_after(legal, official.guess_index(guess), code)
            expected = np.flatnonzero(legal_guesses(official, history, mode))
            np.testing.assert_array_equal(legal, expected)


@pytest.mark.slow
def test_salet_in_hard_and_strict_mode(official):
    # Hard mode: SALET 8122 (mean 3.5084), the published optimum for this rule.
    hard = optimal(opener="salet", lexicon=official, hard_mode="hard")
    assert hard.total_guesses == 8122 and round(hard.mean, 4) == 3.5084
    assert verify_tree(hard.tree, official.answers, hard_mode="hard")["total_guesses"] == 8122
    with pytest.raises(InvalidTree, match="breaks the rule"):
        verify_tree(hard.tree, official.answers, hard_mode="strict")
    strict = optimal(opener="salet", lexicon=official, hard_mode="strict")
    assert strict.total_guesses == 8125 and strict.to_dict()["mode"] == "strict"
    assert verify_tree(strict.tree, official.answers, hard_mode="strict")["total_guesses"] == 8125
    searcher = make_exact_searcher(official, "hard")
    assert searcher.after_guess(np.arange(official.n_answers), official.guess_index("salet"),
                                6, 8121) > 8121


def test_optimal_strategy_in_hard_mode(official):
    from wordle_fast import Solver

    solver = Solver(lexicon=official, strategy="optimal", hard_mode="hard", use_cache=False)
    solver.update("salet", "bbbyb")
    best = solver.best()
    assert solver.check_guess(best.word) == best.word   # legal in hard mode
    legal = np.flatnonzero(legal_guesses(official, [("salet", solver.history[0].pattern)],
                                         "hard"))
    searcher = make_exact_searcher(official, "hard")
    bucket = solver.candidate_set.indices()
    assert -best.score * len(bucket) == pytest.approx(searcher.solve(bucket, 5, legal=legal))
    assert official.guess_index(best.word) in legal


# -- progress and Ctrl-C -----------------------------------------------------------------

def test_interrupted_proof_reports_a_true_lower_bound(official):
    from wordle_fast.exact.optimum import SearchInterrupted

    calls = []

    def stop_after_two(done, total):
        calls.append((done, total))
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(SearchInterrupted) as stopped:
        optimal(opener="salet", lexicon=official, progress=stop_after_two)
    stop = stopped.value
    assert isinstance(stop, KeyboardInterrupt) and not stop.proven and stop.opener == "salet"
    # what the first two buckets placed, and a bound no higher than the optimum
    assert stop.placed == calls[-1][0] and calls[-1][1] == 2315
    assert 2 * 2315 - 1 < stop.lower_bound <= 7920
    assert "SALET needs at least" in stop.describe()


def test_lower_bounds_never_pass_the_optimum(official):
    searcher = make_exact_searcher(official)
    row = official.matrix[official.guess_index("salet")]
    for code in np.unique(row)[:40]:
        bucket = np.flatnonzero(row == code)
        cheap = searcher.lower_bound(bucket, 5)
        assert 2 * len(bucket) - 1 <= cheap <= searcher.solve(bucket, 5)
        assert searcher.lower_bound(bucket, 5) == searcher.solve(bucket, 5) or len(bucket) <= 2


def test_ctrl_c_stops_the_cli_with_the_bound():
    # A real SIGINT, sent once the progress bar shows the search under way
    # (stderr is a pseudo-terminal, so the bar is drawn): not on a timer,
    # which a slow machine could beat while still loading.
    import os
    import pty
    import select
    import signal
    import subprocess
    import sys
    import time

    master, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "wordle_fast", "optimal", "--candidates", "100"],
        stdout=subprocess.PIPE, stderr=terminal, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(terminal)
    shown, deadline = b"", time.monotonic() + 120
    while b"Answers placed" not in shown and time.monotonic() < deadline:
        if select.select([master], [], [], 1)[0]:
            shown += os.read(master, 4096)
    assert b"Answers placed" in shown, shown
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    while True:          # the rest of what it wrote, up to the terminal's end
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    err = shown.decode()
    assert process.returncode == 130, err
    assert "interrupted: " in err and " needs at least " in err and "proven lower bound" in err


@pytest.mark.slow
def test_raise_cannot_guarantee_six_in_hard_mode(official):
    # After RAISE shows ybbyg, ten answers (SCORE, SHORE, SPORE, STORE, ...)
    # cannot all be found in five more hard-mode guesses: the search says so,
    # and so does the brute-force twin on that bucket and its 89 legal guesses.
    searcher = make_exact_searcher(official, "hard")
    raise_row = official.guess_index("raise")
    code = parse_pattern("ybbyg", 5)
    bucket = np.flatnonzero(official.matrix[raise_row] == code)
    legal = searcher.legal_after(np.arange(official.n_guesses), raise_row, code)
    assert len(bucket) == 10 and len(legal) == 89
    assert searcher.solve(bucket, 5, legal=legal) >= INFEASIBLE
    assert searcher.solve(bucket, 6, legal=legal) == 29
    assert searcher.after_guess(np.arange(official.n_answers), raise_row, 6) >= INFEASIBLE
    sub = Lexicon(answers=[official.answers[i] for i in bucket],
                  guesses=[official.guesses[i] for i in legal])
    assert exact_total(sub.matrix, 5, 5, mode="hard",
                       guesses=[tuple(word) for word in sub.encoded_guesses]) == INFEASIBLE
    assert make_exact_searcher(official).solve(bucket, 5) < INFEASIBLE   # normal mode can


@pytest.mark.parametrize("mode", ["hard", "strict"])
def test_a_set_known_by_the_rule_after_a_guess(official, mode):
    # solve(..., after=(guess, code)) keys the set by the rule's state, not
    # by its list: one memo must still tell RAISE's ybbyg bucket under the
    # rule (cannot finish in five) from the same words under every guess.
    searcher = make_exact_searcher(official, mode)
    raise_row, code = official.guess_index("raise"), parse_pattern("ybbyg", 5)
    bucket = np.flatnonzero(official.matrix[raise_row] == code)
    everyone = np.arange(official.n_guesses)
    for whole_first in (True, False):     # either order into the one memo
        searcher.clear()
        if whole_first:
            whole = searcher.solve(bucket, 5, legal=everyone)
        ruled = searcher.solve(bucket, 5, legal=everyone, after=(raise_row, code))
        if not whole_first:
            whole = searcher.solve(bucket, 5, legal=everyone)
        assert whole < INFEASIBLE <= ruled
    assert searcher.solve(bucket, 6, 28, legal=everyone, after=(raise_row, code)) == 29
    assert searcher.solve(bucket, 6, legal=everyone, after=(raise_row, code)) == 29
    with pytest.raises(ValueError, match="after must be"):
        searcher.solve(bucket, 5, legal=everyone, after=(raise_row, 3 ** 5))


@given(trap_lists(), st.sampled_from(["hard", "strict"]))
@settings(max_examples=15, deadline=None)
def test_optimal_strategy_plays_the_proven_total_in_hard_modes(case, mode):
    from wordle_fast.exact.chances import WinCounter
    from wordle_fast.game.simulation import simulate

    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    opener = lexicon.answers[0]
    everyone = np.arange(lexicon.n_answers)
    proven = make_exact_searcher(lexicon, mode).after_guess(
        everyone, lexicon.guess_index(opener), max_guesses)
    result = simulate({"lexicon": lexicon, "strategy": "optimal", "hard_mode": mode,
                       "use_cache": False}, opener=opener, max_turns=max_guesses)
    if proven < INFEASIBLE:
        assert result.failed == 0 and result.total_guesses == proven
    else:
        most = WinCounter(lexicon, mode).per_guess(
            everyone, [lexicon.guess_index(opener)], max_guesses,
            legal=np.arange(lexicon.n_guesses))[0]
        assert 0 < result.failed and len(result.solved_answers) == most


def test_the_package_exports_the_searches():
    import importlib

    import wordle_fast as wf
    from wordle_fast.exact import optimum as exact

    module = importlib.import_module("wordle_fast.game.simulation")
    assert wf.simulate is module.simulate and callable(wf.simulate)
    assert wf.optimal is exact.optimal and wf.SearchInterrupted is exact.SearchInterrupted
    assert {"optimal", "verify_tree", "simulate"} <= set(dir(wf)) and "optimal" in wf.__all__
    with pytest.raises(AttributeError, match="no attribute 'optimum'"):
        wf.optimum


@pytest.mark.slow
def test_exact_table_on_a_dask_cluster(tmp_path, capsys):
    # The search stage shared out over a Dask cluster (two worker processes
    # here; a real cluster is the same call with its scheduler's address).
    from distributed import LocalCluster

    from wordle_fast.exact.proof import opening_table
    from wordle_fast.exact.scheduling import cluster_executor

    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade",
             "naval", "serve", "heath", "dwarf"]
    lexicon = Lexicon(answers=words, guesses=words)
    serial = opening_table(lexicon, within=20, results_path=tmp_path / "serial.json")
    word_file = tmp_path / "words.txt"
    word_file.write_text("\n".join(words))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        assert main(["openers", "--exact", "--within", "20", "--top", "0", "--answers",
                     str(word_file), "--guesses", str(word_file), "--scheduler",
                     cluster.scheduler_address, "--results", str(tmp_path / "dask.json"),
                     "--quiet", "--json"]) == 0
    shared = {o["opener"]: (o["status"], o["total"])
              for o in json.loads(capsys.readouterr().out)["openers"]}
    assert shared == {w: (e.status, e.total) for w, e in serial.entries.items()}
    with pytest.raises(WordleError, match="cannot reach the Dask scheduler"):
        cluster_executor("tcp://127.0.0.1:9", timeout=1)   # nothing listens there
    assert main(["openers", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    assert "only applies with --exact" in capsys.readouterr().err


def test_a_guess_that_learns_nothing_still_has_a_value(tmp_path):
    # QQQQQ leaves all five answers in one bucket: it costs 5 plus the same
    # set with one guess fewer (MNSFL's 10), never "cannot finish"
    from wordle_fast.exact.proof import opening_table
    from wordle_fast.exact.tables import EXACT, OpenerEntry

    answers = ["fight", "might", "night", "sight", "light"]
    lexicon = Lexicon(answers, answers + ["qqqqq", "mnsfl"])
    searcher, everyone = make_exact_searcher(lexicon), np.arange(5)
    wasted = lexicon.guess_index("qqqqq")
    assert searcher.solve(everyone, 5) == 10
    assert searcher.after_guess(everyone, wasted, 6) == 15
    assert searcher.after_guess(everyone, wasted, 2) >= INFEASIBLE   # one guess for five words
    costs, _ = searcher.guess_costs(everyone, [wasted], 6)
    assert costs[0] <= 15                                             # a true lower bound
    assert optimal(opener="qqqqq", lexicon=lexicon).total_guesses == 15
    table = opening_table(lexicon, within=5, results_path=tmp_path / "results.json")
    assert table.entries["qqqqq"] == OpenerEntry("qqqqq", EXACT, 15)
    assert exact_total(lexicon.matrix, 5, 6, per_opener=True)[wasted] == 15


@given(small_lists(), st.booleans(), st.booleans(), st.booleans(), st.data())
@settings(max_examples=40, deadline=None)
def test_every_memo_entry_is_sound(case, union_bounds, probe_children, scan_children, data):
    # Whatever the memo holds after a search, exact values and lower bounds
    # alike (those noted for unions of buckets included), must hold for its
    # set against the brute-force twin.
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    searcher = searcher_with_switches(lexicon.matrix, lexicon.length, lexicon.answer_rows,
                                      union_bounds=union_bounds, probe_children=probe_children,
                                      scan_children=scan_children, keep_keys=True)
    for row in data.draw(st.lists(st.integers(0, lexicon.n_guesses - 1), min_size=1, max_size=3)):
        searcher.after_guess(np.arange(lexicon.n_answers), row, max_guesses)
    for members, depth, context, value, exact in searcher.memo_items():
        assert context is None
        truth = exact_total(lexicon.matrix, lexicon.length, depth, answers=tuple(members))
        if exact:
            assert min(value, INFEASIBLE) == truth
        else:
            assert value <= truth


@pytest.mark.parametrize("switch", ["union_bounds", "scan_children"])
def test_a_technique_saves_states_and_keeps_the_total(official, switch):
    # CRATE's search with the bounds noted for unions of buckets, and with a
    # guess's open buckets scanned for their bounds before any is searched
    # (normal mode): the same total, fewer states (the scans: under half).
    totals, stats = {}, {}
    for on in (False, True):
        searcher = searcher_with_switches(official.matrix, official.length,
                                          official.answer_rows, **{switch: on})
        totals[on] = searcher.after_guess(np.arange(official.n_answers),
                                          official.guess_index("crate"), 6)
        stats[on] = searcher.stats()
    assert totals[True] == totals[False] == 7926
    assert stats[True]["states"] < stats[False]["states"]
    if switch == "scan_children":
        assert stats[False]["scans"] == 0 < stats[True]["scans"]
        assert 2 * stats[True]["states"] < stats[False]["states"]


LANES = [lanes for lanes in (0, 16, 32) if lanes <= machine_lanes()]


@given(st.integers(1, 300), st.sampled_from(["every", "scattered", "runs"]),
       st.integers(0, 2**32 - 1), st.sampled_from(LANES))
@settings(max_examples=80, deadline=None)
def test_guess_bounds_equal_the_numpy_twin_at_every_set_size(official, n, rows, seed, lanes):
    # The scan has several kernels (pairwise compares of 16 or 32 guesses at
    # a time for small sets, over consecutive guesses or a list of rows;
    # masks for the rest, eight guesses at a time in AVX2 registers with 32
    # lanes, their members in chunks of 64, and the last few guesses of a
    # block by the scalar loop; a block of the list whose rows are
    # consecutive is read as consecutive guesses), and `lanes` picks the
    # widest kernels this machine runs (0: scalar masks only): every one
    # must count each guess's buckets as numpy does.
    rng = np.random.default_rng(seed)
    members = np.sort(rng.choice(official.n_answers, n, replace=False))
    mode = "off" if rows == "every" else "hard"
    searcher = ExactSearcher(official.matrix, official.length, official.answer_rows,
                             n_threads=1, mode=mode, guess_letters=official.encoded_guesses,
                             lanes=lanes)
    if rows == "every":
        legal = np.arange(official.n_guesses)
    elif rows == "scattered":
        extra = rng.choice(official.n_guesses, rng.integers(1, 3000), replace=False)
        legal = np.unique(np.concatenate([extra, official.answer_rows[members]]))
    else:   # runs of consecutive rows, some longer than a block of the scan, and gaps
        starts = rng.choice(official.n_guesses, 3, replace=False)
        runs = [np.arange(s, min(official.n_guesses, s + rng.integers(1, 1500))) for s in starts]
        legal = np.unique(np.concatenate([*runs, official.answer_rows[members]]))
    bounds, buckets = searcher.guess_bounds(members, None if rows == "every" else legal)
    codes = official.matrix[legal][:, members]
    ordered = np.sort(codes, axis=1)
    expected = 1 + (np.diff(ordered, axis=1) != 0).sum(axis=1)
    green = (codes == official.n_patterns - 1).any(axis=1)
    assert np.array_equal(buckets, expected)
    twin = np.where((expected == 1) & ~green, INFEASIBLE, 3 * n - expected - green)
    assert np.array_equal(bounds, twin)


@given(st.integers(1, 300), st.sampled_from(["ends", "shuffled", "repeats", "run"]),
       st.integers(0, 2**32 - 1), st.sampled_from(LANES))
@settings(max_examples=80, deadline=None)
def test_the_scan_counts_rows_in_any_order(official, n, kind, seed, lanes):
    # Inside the search the scan meets lists of rows in reach or count order,
    # not sorted. A block of them read as consecutive rows must really be
    # one: "ends" lists look consecutive from their ends alone (10, 11, 3,
    # 13), which once fooled the check.
    rng = np.random.default_rng(seed)
    members = np.sort(rng.choice(official.n_answers, n, replace=False))
    searcher = ExactSearcher(official.matrix, official.length, official.answer_rows,
                             n_threads=1, lanes=lanes)
    size = int(rng.integers(2, 1200))
    start = int(rng.integers(0, official.n_guesses - size))
    rows = np.arange(start, start + size)
    if kind == "ends":      # every block keeps its ends; one row inside it is another
        for first in range(0, size, 512):
            last = min(size, first + 512) - 1
            if last - first >= 2:
                rows[rng.integers(first + 1, last)] = rng.integers(0, official.n_guesses)
    elif kind == "shuffled":
        rng.shuffle(rows)
    elif kind == "repeats":
        rows = rng.choice(official.n_guesses, size)
    bounds, buckets = searcher.scan_bounds(members, rows)
    codes = official.matrix[rows][:, members]
    expected = 1 + (np.diff(np.sort(codes, axis=1), axis=1) != 0).sum(axis=1)
    green = (codes == official.n_patterns - 1).any(axis=1)
    assert np.array_equal(buckets, expected)
    assert np.array_equal(bounds, np.where((expected == 1) & ~green, INFEASIBLE,
                                           3 * n - expected - green))


def test_lanes_beyond_the_machine_or_unknown_are_refused(official):
    with pytest.raises(ValueError, match="lanes must be 0, 16 or 32"):
        ExactSearcher(official.matrix, official.length, official.answer_rows, lanes=8)
    if machine_lanes() < 32:
        with pytest.raises(ValueError, match="at most this machine's"):
            ExactSearcher(official.matrix, official.length, official.answer_rows, lanes=32)


def test_each_scan_width_proves_the_same_totals(official):
    # The whole search over each kernel width: SALET's 7920 and the same
    # states (the kernels count alike, so the search takes the same path).
    states = {}
    for lanes in LANES:
        searcher = ExactSearcher(official.matrix, official.length, official.answer_rows,
                                 lanes=lanes)
        assert searcher.after_guess(np.arange(official.n_answers),
                                    official.guess_index("salet"), 6) == 7920
        states[lanes] = searcher.stats()["states"]
    assert len(set(states.values())) == 1, states


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 40), st.integers(1, 12), st.integers(0, 2**32 - 1), st.booleans())
def test_the_candidates_most_buckets_as_the_search_reads_them(n, n_codes, seed, exact):
    # most_splits drops a candidate once it cannot matter; held to the count
    # over every candidate: exact when asked, else exact at n, n - 1 and 2 or
    # below, and somewhere in 3..n - 2 between (few codes: many repeats)
    rng = np.random.default_rng(seed)
    n_answers = n + int(rng.integers(0, 5))
    matrix = rng.integers(0, n_codes, size=(n_answers + 3, n_answers), dtype=np.uint8)
    answer_rows = rng.permutation(n_answers + 3)[:n_answers].astype(np.intp)
    members = np.sort(rng.permutation(n_answers)[:n]).astype(np.intp)
    true = max(len({int(matrix[answer_rows[m], other]) for other in members}) for m in members)
    found = most_candidate_splits(matrix, answer_rows, members, exact)
    if exact or true >= n - 1 or true <= 2:
        assert found == true
    else:
        assert 3 <= found <= n - 2
