"""Hard and strict mode: every suggestion obeys its rule, judged by a slow,
separate checker written from the rules' wording (not from wordle_fast.rules)."""

import random

import pytest

from wordle_fast import InvalidWord, Solver, feedback, format_pattern


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
