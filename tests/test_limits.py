"""The game's guess limit is the one limit: the optimal strategy plans to
it in every command and in the API, and when no guess can win for sure in
the guesses left it plays for the best chance that remains."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordle_fast as wf
from wordle_fast import Lexicon, Solver
from wordle_fast.cli import main
from wordle_fast.errors import InvalidOption
from wordle_fast.exact.chances import WinCounter

def test_simulate_plans_to_the_limit_it_plays(ound_files, capsys):
    answers, guesses = ound_files
    assert main(["optimal", "--answers", answers, "--guesses", guesses, "--max-guesses", "5",
                 "--quiet"]) == 0
    assert "melba" in capsys.readouterr().out.lower()
    assert main(["simulate", "--answers", answers, "--guesses", guesses, "--strategy",
                 "optimal", "--max-turns", "5", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Failed: 0" in out and "melba (8)" in out


def test_the_api_has_one_limit(ound_files):
    answers, guesses = ound_files
    result = wf.simulate({"answers": answers, "guesses": guesses, "strategy": "optimal",
                          "use_cache": False}, max_guesses=5)
    assert result.failed == 0 and result.max_guesses == 5
    assert result.config["strategy"] == "optimal"       # no second limit in the label
    solver = Solver(answers, guesses, strategy="optimal", max_guesses=5, use_cache=False)
    assert solver.best().word == "melba"
    assert wf.simulate(solver).max_guesses == 5
    with pytest.raises(InvalidOption, match="plays to the limit of the game"):
        from wordle_fast.strategies.optimal import OptimalStrategy
        OptimalStrategy(5)
    with pytest.raises(InvalidOption, match="disagree"):
        wf.simulate({"answers": answers, "guesses": guesses, "max_guesses": 6}, max_guesses=5)


def test_hard_mode_with_seven_guesses_plays_the_proven_total(official):
    # optimal --opener salet --hard --max-guesses 7 proves 8116 (6 guesses: 8122)
    result = wf.simulate({"lexicon": official, "strategy": "optimal", "hard_mode": "hard",
                          "use_cache": False}, opener="salet", max_guesses=7)
    assert result.failed == 0 and result.total_guesses == 8116


VAUNT_GAME = ["fuzzy", "mamma", "qajaq", "pizza", "jiffy"]


def vaunt_solver(official, turns):
    solver = Solver(lexicon=official, strategy="optimal", use_cache=False)
    for guess in VAUNT_GAME[:turns]:
        solver.update(guess, wf.feedback(guess, "vaunt"))
    return solver


def test_no_sure_win_plays_the_best_chance_left(official):
    solver = vaunt_solver(official, 4)          # two guesses left, no sure win
    suggestions = solver.suggest(top=5)
    assert "no guess wins for sure within the 2 guesses left" in solver.ranking_caveat
    members = solver.candidate_set.indices()
    rows = np.arange(official.n_guesses)
    wins = WinCounter(official).per_guess(members, rows, 2)
    best = wins.max()
    assert best < len(members)
    for s in suggestions:
        assert s.n_buckets > 1                  # never a guess that learns nothing
        assert 0 < s.score <= 1
    assert wins[official.guess_index(suggestions[0].word)] == best
    assert f"({best / len(members):.1%})" in solver.ranking_caveat

    solver = vaunt_solver(official, 5)          # one guess left: a candidate, or nothing
    top = solver.suggest(top=3)
    assert all(s.is_candidate for s in top)
    assert top[0].score == pytest.approx(1 / solver.n_candidates, abs=1e-3)


def test_past_the_limit_the_helper_plays_on(official):
    solver = vaunt_solver(official, 5)
    solver.update("kudzu", wf.feedback("kudzu", "vaunt"))
    suggestions = solver.suggest(top=3)                 # turn 7: the game is lost
    assert suggestions and "past the limit of 6" in solver.ranking_caveat
    assert all(-10 < s.score < 0 for s in suggestions)  # minus the expected guesses
    from wordle_fast.cli.helper import play

    def answer_as_vaunt(prompt):
        # Enter plays the suggestion; the feedback is VAUNT's
        if prompt.startswith("Feedback for "):
            guess = prompt.split()[2].lower()
            return wf.format_pattern(wf.feedback(guess, "vaunt"), 5)
        return ""

    out = []
    assert play(solver, read=answer_as_vaunt, write=out.append) == 0
    text = "\n".join(out)
    assert "no guesses left" not in text
    assert "Found VAUNT in" in text and "past the limit of 6" in text


def test_optimal_suggestions_from_the_command_line_say_no_sure_win(capsys):
    history = [f"--history={g}:{wf.format_pattern(wf.feedback(g, 'vaunt'), 5)}"
               for g in VAUNT_GAME]
    assert main(["suggest", "--strategy", "optimal", "--no-cache", *history]) == 0
    out = capsys.readouterr().out
    assert "no guess wins for sure within the 1 guess left" in out
    assert "abamp" not in out and "e+" not in out and "-7330" not in out


# -- the win counter against brute force ---------------------------------------------------

def most_wins_brute_force(matrix, green, members, left):
    """The most of ``members`` any strategy wins within ``left`` guesses,
    trying every guess at every step."""
    if left == 0 or len(members) == 0:
        return 0
    best = 0
    for row in range(matrix.shape[0]):
        codes = matrix[row, members]
        won = 0
        for code in set(codes.tolist()):
            bucket = members[codes == code]
            won += 1 if code == green else most_wins_brute_force(matrix, green, bucket, left - 1)
        best = max(best, won)
    return best


@st.composite
def tiny_lists(draw):
    word = st.text(alphabet=draw(st.sampled_from(["abc", "abcde", "aeiost"])), min_size=3,
                   max_size=3)
    answers = draw(st.lists(word, min_size=2, max_size=9, unique=True))
    extra = [w for w in draw(st.lists(word, max_size=4, unique=True)) if w not in answers]
    return answers, answers + extra


@given(tiny_lists(), st.integers(0, 4))
@settings(max_examples=40, deadline=None)
def test_win_counter_agrees_with_brute_force(case, left):
    answers, guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    members = np.arange(lexicon.n_answers)
    rows = np.arange(lexicon.n_guesses)
    fast = WinCounter(lexicon).per_guess(members, rows, left)
    green = 3 ** lexicon.length - 1
    for row in rows:
        codes = lexicon.matrix[row, members]
        slow = 0 if left == 0 else sum(
            1 if code == green else most_wins_brute_force(
                lexicon.matrix, green, members[codes == code], left - 1)
            for code in set(codes.tolist()))
        assert fast[row] == slow, (lexicon.guesses[row], left)


def test_a_sample_from_python_is_the_sample_the_command_line_draws(capsys):
    result = wf.simulate(sample=20, seed=3)
    assert result.games == 20
    assert main(["simulate", "--sample", "20", "--seed", "3", "--quiet", "--json", "-"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["games"] == 20 and set(played["sequences"]) == set(result.sequences)
    assert wf.simulate(sample=5, seed=3, answers=list(result.sequences)).games == 5
    with pytest.raises(InvalidOption, match="give sample too"):
        wf.simulate(seed=3)
    with pytest.raises(InvalidOption, match="sample must be at least 1"):
        wf.simulate(sample=0)
    with pytest.raises(InvalidOption, match="within 1..2315"):
        wf.simulate(sample=3000)


def test_the_chance_searched_for_a_shortlist_says_so(ound_files, monkeypatch):
    from wordle_fast.strategies import optimal

    answers, guesses = ound_files
    full = Solver(answers, guesses, strategy="optimal", max_guesses=3, use_cache=False)
    best = full.suggest(top=1)[0]
    assert "searched for the" not in full.ranking_caveat
    monkeypatch.setattr(optimal, "CHANCES_SEARCHED", 5)
    short = Solver(answers, guesses, strategy="optimal", max_guesses=3, use_cache=False)
    top = short.suggest(top=1)[0]
    assert "searched for the 5 guesses with the most feedbacks" in short.ranking_caveat
    assert top.score == pytest.approx(best.score, abs=1e-6) and top.n_buckets > 1


def test_an_optimal_solver_that_has_played_simulates_over_processes(ound_files):
    answers, guesses = ound_files
    solver = Solver(answers, guesses, strategy="optimal", max_guesses=5, use_cache=False)
    solver.best()                        # its searcher now holds a compiled search
    result = wf.simulate(solver, workers=2)
    assert result.failed == 0 and result.workers == 2
    assert result.total_guesses == wf.simulate(solver).total_guesses


# -- compiled and twin choose the same optimal guess ---------------------------------------

FAMILIES = ["^.atch$", "^.ound$", "^.ill.$", "^s.a.e$", "^.ight$", "^..ake$", "^.a.er$"]


def family_lexicon(pattern, seed):
    import random
    import re

    answers = [w for w in wf.load_answers() if re.match(pattern, w)][:14]
    probes = random.Random(seed).sample(wf.load_guesses(), 30)
    return Lexicon(answers=answers, guesses=sorted(set(answers + probes)))


def optimal_play(lexicon, limit, searcher_class, monkeypatch):
    import wordle_fast.exact.search as search

    with monkeypatch.context() as patch:
        patch.setattr(search, "exact_searcher_class", lambda weighted=False: searcher_class)
        solver = Solver(lexicon=lexicon, strategy="optimal", max_guesses=limit, use_cache=False)
        first = solver.best().word
        return first, wf.simulate(solver).total_guesses


@pytest.mark.parametrize("pattern", FAMILIES)
@pytest.mark.parametrize("limit", [3, 4, 6])
def test_compiled_and_twin_open_alike_on_word_families(pattern, limit, monkeypatch):
    # The compiled search proves the optimum and leaves the others as lower
    # bounds; a bound tied with the optimum (or rounded into it) must not
    # change the choice the tie-breakers make over exact totals.
    compiled_exact = pytest.importorskip("wordle_fast.core._exact")
    from wordle_fast.core._exact_twin import ExactSearcher as TwinExact

    for seed in (1, 2):
        lexicon = family_lexicon(pattern, seed)
        assert optimal_play(lexicon, limit, compiled_exact.ExactSearcher, monkeypatch) == \
            optimal_play(lexicon, limit, TwinExact, monkeypatch)
