"""N-step entropy lookahead: compiled search against the seed's formula."""

import json
import math
from collections import defaultdict

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import wordle_fast as wf
from wordle_fast import Lexicon, Solver
from wordle_fast.core._legal_twin import hard_mode_allows
from wordle_fast.game.simulation import simulate
from wordle_fast.strategies.lookahead import LookaheadStrategy, make_lookahead_searcher, rank_openers_by_lookahead
from wordle_fast.words import encode_words

SEED_DICTIONARY = """ABC ACB BAC BCA CAB CBA ABD ADB BAD BDA DAB DBA
                     CAD CDA DAC DCA AAD ADA DAA ABB BAB BBA""".lower().split()


def slow_n_step(matrix, guess, answers, depth, guesses, weights=None, width=None,
                mode="off", words=None):
    """Seed 001's H^(k)(g, S), written out with no shortcuts. ``guesses``:
    the guesses allowed now; in a hard mode (``words``: the encoded guess
    words) each bucket allows those of them the rule keeps after this row."""
    if len(answers) <= 1 or depth == 0:
        return 0.0
    mass = (lambda a: 1.0) if weights is None else (lambda a: float(weights[a]))
    total = sum(mass(a) for a in answers)
    buckets = defaultdict(list)
    for a in answers:
        buckets[int(matrix[guess, a])].append(a)
    value = 0.0
    for bucket in buckets.values():
        p = sum(mass(a) for a in bucket) / total
        if p > 0:
            value -= p * math.log2(p)
    for code, bucket in buckets.items():
        p = sum(mass(a) for a in bucket) / total
        if len(bucket) > 1 and p > 0:
            allowed = [g for g in guesses
                       if mode == "off" or hard_mode_allows(mode, words[guess], code, words[g])]
            pool = allowed
            if width is not None:
                one_step = [slow_n_step(matrix, g, bucket, 1, allowed, weights) for g in allowed]
                pool = [allowed[i] for i in np.argsort(-np.array(one_step), kind="stable")[:width]]
            value += p * max(slow_n_step(matrix, g, bucket, depth - 1, allowed, weights, width,
                                         mode, words)
                             for g in pool)
    return value


def test_seed_example_every_depth():
    lexicon = Lexicon(answers=SEED_DICTIONARY, guesses=SEED_DICTIONARY)
    searcher = make_lookahead_searcher(lexicon)
    everyone, rows = list(range(22)), list(range(22))
    for depth in (1, 2, 3):
        fast, done = searcher.guess_values(everyone, rows, depth)
        slow = [slow_n_step(lexicon.matrix, g, everyone, depth, rows) for g in rows]
        np.testing.assert_allclose(fast, slow, atol=1e-12)
        assert done == 22
    # two steps already identify every word: log2(22) bits, the most possible
    assert searcher.value(everyone, 2) == pytest.approx(math.log2(22))


@st.composite
def small_games(draw):
    length = draw(st.integers(2, 5))
    word = st.text(alphabet="abcez", min_size=length, max_size=length)  # repeats are common
    answers = draw(st.lists(word, min_size=2, max_size=18, unique=True))
    extra = [w for w in draw(st.lists(word, max_size=6, unique=True)) if w not in answers]
    subset = sorted(draw(st.sets(st.integers(0, len(answers) - 1), min_size=1)))
    weights = None
    if draw(st.booleans()):
        weights = np.array(draw(st.lists(st.floats(0.1, 5.0), min_size=len(answers),
                                         max_size=len(answers))))
    return answers, answers + extra, subset, weights, draw(st.integers(1, 3))


@given(small_games())
@settings(max_examples=60, deadline=None)
def test_compiled_recursion_matches_the_formula(game):
    answers, guesses, subset, weights, depth = game
    lexicon = Lexicon(answers=answers, guesses=guesses)
    searcher = make_lookahead_searcher(lexicon, weights=weights)
    rows = list(range(lexicon.n_guesses))
    fast, _ = searcher.guess_values(subset, rows, depth)
    slow = [slow_n_step(lexicon.matrix, g, subset, depth, rows, weights) for g in rows]
    np.testing.assert_allclose(fast, slow, atol=1e-9)


_TIED = ["aab", "abb", "bbe", "aba", "abc", "bcc"]   # every guess splits them apart: all tie


@given(small_games(), st.integers(1, 3))
@example((_TIED, _TIED, list(range(6)), None, 2), 1)   # ties broken by rounding, once, in CI
@settings(max_examples=30, deadline=None)
def test_width_expands_only_the_best_guesses_at_every_level(game, width):
    answers, guesses, subset, _, depth = game
    lexicon = Lexicon(answers=answers, guesses=guesses)
    rows = list(range(lexicon.n_guesses))
    fast, _ = make_lookahead_searcher(lexicon, width=width).guess_values(subset, rows, depth)
    one_step = np.array([slow_n_step(lexicon.matrix, g, subset, 1, rows) for g in rows])
    # the best `width` by entropy, ties (to 1e-9) in list order
    by_entropy = sorted(rows, key=lambda g: (-round(one_step[g], 9), g))
    expanded = set(by_entropy[:width]) if len(subset) > 1 and depth > 1 else set(rows)
    for g in rows:
        if g in expanded:
            assert fast[g] == pytest.approx(
                slow_n_step(lexicon.matrix, g, subset, depth, rows, width=width), abs=1e-9)
        else:
            assert fast[g] == -np.inf


def test_memo_statistics_bound_and_clear(official):
    searcher = make_lookahead_searcher(official, max_entries=50)
    rows = official.score().order()[:3]
    first, _ = searcher.guess_values(np.arange(official.n_answers), rows, 2)
    stats = searcher.stats()
    assert stats["entries"] == 50 and stats["evictions"] > 0 and stats["misses"] > 50
    again, _ = searcher.guess_values(np.arange(official.n_answers), rows, 2)
    np.testing.assert_array_equal(first, again)  # evictions never change a value
    assert searcher.stats()["hits"] > stats["hits"]
    unbounded = make_lookahead_searcher(official)
    np.testing.assert_allclose(unbounded.guess_values(np.arange(official.n_answers), rows, 2)[0],
                               first)
    searcher.clear()
    assert searcher.stats() == {"hits": 0, "misses": 0, "entries": 0, "evictions": 0,
                                "max_entries": 50}


def test_two_step_opener_values(official):
    # SLANE, 20th by one-step entropy, has the most two-step entropy of all
    # 12972 openers (10.0360; the full run is in benchmarks/); width 12
    # never expands it and finds SLATE, 6th by one step.
    for width, best_word, best_value in [(12, "slate", 10.0336), (20, "slane", 10.0360)]:
        ranking = rank_openers_by_lookahead(official, depth=2, width=width)
        assert len(ranking) == width and ranking.complete and ranking.best == best_word
        assert ranking.bits(best_word) == pytest.approx(best_value, abs=5e-5)
        assert list(ranking.n_step_bits) == sorted(ranking.n_step_bits, reverse=True)
        # the one-step column is each opener's own entropy, and only the
        # `width` best by it are ranked
        scores = official.score()
        top = {official.guesses[r] for r in scores.order()[:width]}
        assert set(ranking.words) == top
        for word, one in zip(ranking.words, ranking.one_step_bits):
            assert one == pytest.approx(scores.expected_bits[official.guess_index(word)])


def test_a_lookahead_ranking_reads_as_what_it_holds(official):
    # Before: a raw tuple (rows, values full of -inf, a count, the searcher)
    # to argsort and index, and reprs that said "lookahead:3:None" and
    # "<LookaheadSearcher object at 0x...>".
    ranking = rank_openers_by_lookahead(official, depth=2, width=3)
    head = ", ".join(f"{w} {b:.4f}" for _, w, b, _ in ranking.rows())
    assert repr(ranking) == (f"LookaheadRanking(3 openers, 2-step entropy, width 3, hard mode "
                             f"off: {head})")
    html = ranking._repr_html_()
    assert html.startswith("<table><caption>3 openers") and html.count("<tr>") == 4
    as_json = json.loads(json.dumps(ranking.to_dict(top=2)))
    assert [row["word"] for row in as_json["openers"]] == ranking.words[:2]
    assert as_json["evaluated"] == 3 and as_json["interrupted"] is False
    with pytest.raises(KeyError, match="width 3 evaluates only the 3 best"):
        ranking.bits("qajaq")
    assert repr(ranking.searcher).startswith(
        "LookaheadSearcher(2315 answers, 12972 guesses in play, width 3, hard mode off; "
        "memo of n-step values: ")
    solver = wf.Solver(strategy="lookahead", depth=3)
    assert repr(solver) == ("Solver(lookahead: 3-step entropy, every guess expanded, normal "
                            "mode, 0 guesses played, 2315 candidates)")
    assert repr(solver.strategy) == "LookaheadStrategy(depth=3, width=None)"


def test_the_searchers_print_alike(official):
    from wordle_fast.core._lookahead import LookaheadSearcher as Compiled
    from wordle_fast.core._lookahead_twin import LookaheadSearcher as Twin

    texts = set()
    for searcher_class in (Compiled, Twin):
        searcher = searcher_class(official.matrix, 5, [0, 1], official.encoded_guesses,
                                  encode_words(official.answers), width=2)
        texts.add(repr(searcher))
    assert texts == {"LookaheadSearcher(2315 answers, 2 guesses in play, width 2, hard mode "
                     "off; memo of n-step values: 0 of 1000000 entries, 0 hits, 0 misses)"}


def test_ctrl_c_keeps_the_values_done(official):
    calls = []

    def interrupt(done, total):
        calls.append(done)
        raise KeyboardInterrupt

    searcher = make_lookahead_searcher(official)
    values, done = searcher.guess_values(np.arange(official.n_answers),
                                         official.score().order()[:40], 2, progress=interrupt)
    assert done == 16 and calls == [16]
    assert np.isfinite(values).sum() == 16 and np.isnan(values).sum() == 24


def test_lookahead_strategy_in_the_solver(official):
    greedy = Solver(lexicon=official, use_cache=False)
    flat = Solver(lexicon=official, strategy="lookahead", depth=1, use_cache=False)
    assert [s.word for s in flat.suggest(top=5)] == [s.word for s in greedy.suggest(top=5)]
    deep = Solver(lexicon=official, strategy="lookahead", depth=2, width=10)
    deep.update("soare", "bybbg")
    best = deep.best()
    assert best.score >= best.expected_bits and best.score <= math.log2(20) + 1e-9
    assert deep.strategy.searcher_stats()["misses"] > 0
    # Hard mode, exact (no width): fewer guesses to choose from at both
    # steps, so never more than normal mode's value.
    values = {}
    for mode in ("off", "hard"):
        solver = Solver(lexicon=official, strategy="lookahead", depth=2, hard_mode=mode,
                        use_cache=False)
        solver.update("soare", "bybbg")
        values[mode] = solver.best()
        assert solver.check_guess(values[mode].word) == values[mode].word   # the rule allows it
    assert values["hard"].expected_bits <= values["hard"].score <= values["off"].score + 1e-9
    with pytest.raises(ValueError, match="depth must be at least 1"):
        LookaheadStrategy(depth=0)


@pytest.mark.parametrize("hard_mode", ["off", "hard"])
def test_lookahead_simulation_plays_every_answer(official, hard_mode):
    answers = official.answers[::50]
    result = simulate({"lexicon": official, "strategy": "lookahead", "width": 20,
                       "hard_mode": hard_mode}, answers=answers, opener="soare")
    assert result.games == len(answers) and result.solved == len(answers)


@pytest.mark.parametrize("weighted", [False, True])
def test_pruning_never_changes_a_value(official, weighted):
    weights = np.random.default_rng(4).random(official.n_answers) if weighted else None
    rows = np.random.default_rng(5).choice(official.n_guesses, size=8, replace=False)
    everyone = np.arange(official.n_answers)
    pruned, _ = make_lookahead_searcher(official, weights=weights).guess_values(everyone, rows, 2)
    plain, _ = make_lookahead_searcher(official, weights=weights, prune=False).guess_values(everyone, rows, 2)
    np.testing.assert_allclose(pruned, plain, rtol=0, atol=1e-12)


@given(small_games(), st.sampled_from(["hard", "strict"]), st.booleans())
@settings(max_examples=60, deadline=None)
def test_hard_modes_match_the_formula(game, mode, narrow):
    # The rule shrinks the guesses below the first; with `narrow`, the game
    # starts after an earlier row, so the first guesses are restricted too.
    answers, guesses, subset, weights, depth = game
    lexicon = Lexicon(answers=answers, guesses=guesses)
    words = [tuple(word) for word in lexicon.encoded_guesses]
    legal = list(range(lexicon.n_guesses))
    if narrow:
        first, target = lexicon.n_guesses - 1, lexicon.answer_rows[subset[0]]
        code = int(lexicon.matrix[first, subset[0]])
        legal = [g for g in legal if hard_mode_allows(mode, words[first], code, words[g])]
        subset = [a for a in range(lexicon.n_answers) if lexicon.matrix[first, a] == code]
        assert target in legal
    searcher = make_lookahead_searcher(lexicon, weights=weights, hard_mode=mode)
    fast, _ = searcher.guess_values(subset, legal, depth, legal=legal)
    slow = [slow_n_step(lexicon.matrix, g, subset, depth, legal, weights, mode=mode, words=words)
            for g in legal]
    np.testing.assert_allclose(fast, slow, atol=1e-9)


@given(small_games(), st.sampled_from(["hard", "strict"]), st.integers(1, 3))
@settings(max_examples=30, deadline=None)
def test_hard_modes_with_a_width(game, mode, width):
    answers, guesses, subset, _, depth = game
    lexicon = Lexicon(answers=answers, guesses=guesses)
    words = [tuple(word) for word in lexicon.encoded_guesses]
    rows = list(range(lexicon.n_guesses))
    fast, _ = make_lookahead_searcher(lexicon, width=width, hard_mode=mode).guess_values(subset, rows, depth)
    slow = [slow_n_step(lexicon.matrix, g, subset, depth, rows, width=width, mode=mode,
                        words=words) for g in rows]
    expanded = np.isfinite(fast)
    np.testing.assert_allclose(fast[expanded], np.array(slow)[expanded], atol=1e-9)
