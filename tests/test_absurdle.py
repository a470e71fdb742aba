"""Absurdle: the search against a brute-force twin on small lists, and its
winning tree against an adversary written here, separately."""

import json
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordle_fast as wf
from wordle_fast.cli import main
from wordle_fast.core._feedback_twin import feedback_code
from wordle_fast.core._legal_twin import hard_mode_allows
from wordle_fast.exact.absurdle import absurdle

ALPHABET = "abcde"


def encoded(word):
    return tuple(ord(letter) - ord("a") for letter in word)


def allows(mode, played, code, word):
    return hard_mode_allows(mode, encoded(played), code, encoded(word))


def groups(answers, guess):
    """Every bucket of ``answers`` under ``guess``, by pattern code."""
    found = defaultdict(list)
    for answer in answers:
        found[feedback_code(encoded(guess), encoded(answer))].append(answer)
    return found


def adversary_replies(answers, guess):
    """Every bucket the adversary may keep: the largest, any of them on a
    tie, never the all-green one while another is as large."""
    found = groups(answers, guess)
    size = max(len(words) for words in found.values())
    green = 3 ** len(guess) - 1
    largest = {code: words for code, words in found.items() if len(words) == size}
    if len(largest) > 1:
        largest.pop(green, None)
    return largest


def twin_wins(answers, guesses, k, mode, history=()):
    """Brute force: with k guesses left, is a win guaranteed?"""
    if len(answers) == 1:
        return True           # play the word (consistent, so legal in every mode)
    if k <= 1:
        return False
    green = 3 ** len(answers[0]) - 1
    for guess in guesses:
        if not all(allows(mode, played, code, guess) for played, code in history):
            continue
        replies = adversary_replies(answers, guess)
        if all(code == green or twin_wins(words, guesses, k - 1, mode,
                                          history + ((guess, code),))
               for code, words in replies.items()):
            return True
    return False


def twin_fewest(answers, guesses, mode, limit):
    return next((k for k in range(1, limit + 1) if twin_wins(answers, guesses, k, mode)), None)


def replay(tree, answers, guesses, mode, limit):
    """Play the tree against every reply the adversary may make; the most
    guesses any line takes (None when some line does not win)."""
    worst = 0

    def walk(node, left, depth, history):
        nonlocal worst
        guess = node["guess"]
        assert guess in guesses, guess
        assert all(allows(mode, p, c, guess) for p, c in history), guess
        if len(left) == 1 and left[0] == guess:
            worst = max(worst, depth)
            return
        replies = adversary_replies(left, guess)
        shown = {wf.format_pattern(code, len(guess), "letters"): (code, words)
                 for code, words in replies.items()}
        assert set(node.get("replies", {})) == set(shown), (guess, sorted(shown))
        for text, (code, words) in shown.items():
            walk(node["replies"][text], words, depth + 1, history + ((guess, code),))

    walk(tree, list(answers), 1, ())
    return worst


@st.composite
def small_lists(draw):
    words = draw(st.lists(st.text(ALPHABET, min_size=3, max_size=3), min_size=2, max_size=14,
                          unique=True))
    extra = draw(st.lists(st.text(ALPHABET, min_size=3, max_size=3), max_size=5, unique=True))
    return sorted(words), sorted(set(words) | set(extra))


@settings(max_examples=80, deadline=None)
@given(small_lists(), st.sampled_from(["off", "hard", "strict"]))
def test_fewest_guesses_agree_with_the_brute_force_twin(lists, mode):
    answers, guesses = lists
    lexicon = wf.Lexicon(answers, guesses)
    result = absurdle(lexicon, mode, max_guesses=6)
    expected = twin_fewest(list(lexicon.answers), list(lexicon.guesses), mode, 6)
    assert result.guesses == expected
    if expected is None:
        assert result.tree is None and all(not s["won"] for s in result.stages)
        return
    # the proof: every k below the answer was refuted, the answer won
    assert [s["won"] for s in result.stages] == [False] * (expected - 1) + [True]
    assert replay(result.tree, lexicon.answers, lexicon.guesses, mode, 6) == expected


def test_a_known_small_case():
    # CAT, BAT, HAT, MAT: one letter differs. Guessing among them, the
    # adversary keeps one of the three others each time; a probe that tests
    # C, B and H at once (CBH) splits them: it and the word, 2 guesses.
    answers = ["bat", "cat", "hat", "mat"]
    only = absurdle(wf.Lexicon(answers, answers))
    assert only.guesses == 4      # each guess removes one word: bat, cat, hat, then the last
    probe = absurdle(wf.Lexicon(answers, answers + ["cbh"]))
    assert probe.guesses == 2 and probe.tree["guess"] == "cbh"
    assert set(probe.tree["replies"]) == {"gbb", "byb", "bby", "bbb"}
    assert replay(probe.tree, answers, answers + ["cbh"], "off", 6) == 2


def test_no_win_within_the_limit_is_said(capsys):
    answers = ["bat", "cat", "hat", "mat"]
    result = absurdle(wf.Lexicon(answers, answers), max_guesses=3)
    assert result.guesses is None and result.tree is None
    assert "no strategy wins within 3 guesses" in result.summary()


def test_bad_options_are_clear_errors():
    with pytest.raises(wf.InvalidOption, match="guess limit"):
        absurdle(wf.Lexicon(["bat", "cat"], ["bat", "cat"]), max_guesses=0)
    with pytest.raises(wf.InvalidOption, match="nyt2024"):
        absurdle(lists="nyt2024")


def test_cli_prints_the_result_and_every_line(capsys, tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("bat\ncat\nhat\nmat\n")
    guesses = tmp_path / "guesses.txt"
    guesses.write_text("bat\ncat\nhat\nmat\ncbh\n")
    assert main(["absurdle", "--answers", str(answers), "--guesses", str(guesses)]) == 0
    out = capsys.readouterr().out
    assert "2 guesses guarantee a win" in out
    assert "1 guesses: refuted" not in out and "1 guess: refuted" in out
    assert "  CBH gbb CAT" in out and "  CBH bbb MAT" in out
    assert main(["absurdle", "--answers", str(answers), "--guesses", str(guesses),
                 "--hard", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "hard" and data["guesses"] == 2 and data["tree"]["guess"] == "cbh"
    assert main(["absurdle", "--answers", str(answers), "--max-guesses", "0"]) == 2
    assert "--max-guesses must be at least 1" in capsys.readouterr().err


def scripted(lines):
    said = []
    answers = iter(lines)

    def read(prompt):
        said.append(prompt)
        return next(answers)

    return read, said.append, said


def test_play_against_the_adversary_to_a_win():
    from wordle_fast.cli.helper import play_absurdle

    answers = ["bat", "cat", "hat", "mat"]
    solver = wf.Solver(answers, answers + ["cbh"])
    read, write, said = scripted(["xyz", "cbh", "list", "undo", "cbh", "mat"])
    assert play_absurdle(solver, read, write) == 0
    text = "\n".join(said)
    assert "'xyz' is not in the guess list" in text and "took back CBH" in text
    # CBH splits all four; the tie goes to the least revealing pattern: MAT's bbb
    assert "1 left: mat" in text and "You won in 2 guesses" in text


def test_the_adversary_keeps_a_largest_bucket_and_never_green_on_a_tie():
    from wordle_fast.exact.absurdle import keep_largest

    answers = ["bat", "cat", "hat", "mat"]
    lexicon = wf.Lexicon(answers, answers)
    everyone = list(range(4))
    for guess in answers:
        code = keep_largest(lexicon, everyone, lexicon.guess_index(guess))
        assert code in adversary_replies(answers, guess)
    # two left, guessing one of them: the other one is kept
    code = keep_largest(lexicon, [0, 1], lexicon.guess_index("bat"))
    assert code == feedback_code(encoded("bat"), encoded("cat"))


def test_play_absurdle_keeps_the_game_on_bad_input_and_stops_on_ctrl_c(capsys):
    from wordle_fast.cli.helper import play_absurdle

    solver = wf.Solver(lists="original", hard_mode="hard")

    def read(prompt, lines=iter(["salet", "courd", "minty"])):
        try:
            return next(lines)
        except StopIteration:
            raise KeyboardInterrupt from None

    said = []
    assert play_absurdle(solver, read, said.append) == 130
    # COURD is shown O and R in yellow, so MINTY breaks the hard rule
    assert any("COURD ⬛🟨⬛🟨⬛" in line for line in said)
    assert any("'minty' is not allowed now" in line for line in said)
    assert len(solver.history) == 2 and said[-1] == "\nBye."
    assert main(["play", "--absurdle", "--strategy", "minimax", "--top", "3"]) == 2
    assert "--strategy and --top shape the helper's suggestions" in capsys.readouterr().err
