"""Hard and strict mode: every suggestion obeys its rule, judged by a slow,
separate checker written from the rules' wording (not from wordle_fast.rules)."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_fast import InvalidWord, Lexicon, Solver, feedback, format_pattern
from wordle_fast.core._legal_twin import hard_mode_allows
from wordle_fast.exact.search import make_exact_searcher
from wordle_fast.rules import hard_mode_violation, legal_guesses


def slow_two_pass(guess, answer):
    tiles = ["b"] * len(guess)
    rest = [a for g, a in zip(guess, answer) if g != a]
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            tiles[i] = "g"
    for i, g in enumerate(guess):
        if tiles[i] == "b" and g in rest:
            tiles[i] = "y"
            rest.remove(g)
    return "".join(tiles)


def obeys_nyt_rule(word, history):
    """Greens stay in place; a letter shown green or yellow n times in one
    row appears at least n times."""
    for guess, tiles in history:
        for i, tile in enumerate(tiles):
            if tile == "g" and word[i] != guess[i]:
                return False
        for letter in set(guess):
            shown = sum(1 for g, t in zip(guess, tiles) if g == letter and t in "gy")
            if word.count(letter) < shown:
                return False
    return True


def obeys_strict_rule(word, history):
    return all(slow_two_pass(guess, word) == tiles for guess, tiles in history)


CHECKERS = {"hard": obeys_nyt_rule, "strict": obeys_strict_rule}


@pytest.mark.parametrize("mode", ["hard", "strict"])
@pytest.mark.parametrize("seed", range(4))
def test_every_suggestion_obeys_the_rule(official, mode, seed):
    rng = random.Random(seed)
    answer = rng.choice(official.answers)
    solver = Solver(lexicon=official, hard_mode=mode)
    history = []
    for _ in range(3):
        if solver.solved or solver.n_candidates <= 2:
            break
        suggested = [s.word for s in solver.suggest(top=None)]
        allowed = {w for w in official.guesses if CHECKERS[mode](w, history)}
        assert set(suggested) == allowed, "the pool must be exactly the legal guesses"
        # play a random legal guess, not the best, to reach varied states
        guess = rng.choice(sorted(allowed))
        tiles = slow_two_pass(guess, answer)
        assert format_pattern(feedback(guess, answer), 5) == tiles
        solver.update(guess, tiles)
        history.append((guess, tiles))


def test_hard_mode_rejects_an_illegal_guess_with_the_reason(official):
    solver = Solver(lexicon=official, hard_mode="hard")
    solver.update("soare", "bybbg")
    with pytest.raises(InvalidWord, match="position 5 must stay E"):
        solver.update("cloth", "bbbbb")
    with pytest.raises(InvalidWord, match="must use O at least once"):
        solver.update("crane", "bbbbg")
    solver.update("clone", "bbgbg")  # legal: keeps E fifth, uses O
    strict = Solver(lexicon=official, hard_mode="strict")
    strict.update("soare", "bybbg")
    with pytest.raises(InvalidWord, match="strict mode"):
        strict.update("prose", "bybbg")  # PROSE keeps the NYT rule but has the gray S


def test_repeated_letters_need_as_many_copies(official):
    # SPEED against ABIDE shows one E (yellow): later guesses need one E, not two
    solver = Solver(lexicon=official, hard_mode="hard")
    solver.update("speed", feedback("speed", "abide"))
    legal = {s.word for s in solver.suggest(top=None)}
    assert "abide" in legal and all(w.count("e") >= 1 and "d" in w for w in legal)
    geese = Solver(lexicon=official, hard_mode="hard")
    geese.update("geese", feedback("geese", "eerie"))  # three Es shown
    assert all(s.word.count("e") >= 3 for s in geese.suggest(top=None))


# -- one rule: every form of it against _legal_twin.hard_mode_allows ---------------------


@st.composite
def rule_cases(draw):
    """Short words over few letters (so repeated letters and greens are
    common), a history of rows played against one answer, and the mode."""
    length = draw(st.integers(2, 5))
    word = st.text("abcde", min_size=length, max_size=length)
    words = draw(st.lists(word, min_size=3, max_size=25, unique=True))
    answer = draw(st.sampled_from(words))
    played = draw(st.lists(st.sampled_from(words), min_size=1, max_size=3))
    return words, answer, played, draw(st.sampled_from(["hard", "strict"]))


@given(rule_cases())
@settings(max_examples=150, deadline=None)
def test_every_form_of_the_rule_agrees_with_the_reference(case):
    # The reference rule (the twin the compiled filter is tested against) is
    # the definition; the Solver's vectorised mask, the explanation of a
    # refused guess and the compiled filter must each agree with it.
    words, answer, played, mode = case
    lexicon = Lexicon(words, words)
    encoded = {w: tuple(ord(c) - ord("a") for c in w) for w in lexicon.guesses}
    history = [(guess, feedback(guess, answer)) for guess in played]
    expected = np.array([all(hard_mode_allows(mode, encoded[g], code, encoded[w])
                             for g, code in history) for w in lexicon.guesses])
    np.testing.assert_array_equal(legal_guesses(lexicon, history, mode), expected)
    for word, allowed in zip(lexicon.guesses, expected):
        assert (hard_mode_violation(word, history, mode, lexicon.length) is None) == allowed
    searcher, legal = make_exact_searcher(lexicon, mode), np.arange(lexicon.n_guesses)
    for guess, code in history:
        legal = searcher.legal_after(legal, lexicon.guess_index(guess), code)
    np.testing.assert_array_equal(legal, np.flatnonzero(expected))
