"""The interactive helper, driven through standard input."""

import subprocess
import sys

from wordle_fast import Solver
from wordle_fast.cli.helper import play


def run_play(lines, *args):
    done = subprocess.run([sys.executable, "-m", "wordle_fast", "play", "--top", "3", *args],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=120)
    return done.returncode, done.stdout, done.stderr


def test_scripted_game_with_typo_contradiction_and_undo():
    # The answer is QUOTE: SOARE bybbg, CLONE bbgbg, QUOTE ggggg.
    code, out, err = run_play([
        "",          # Enter: play the suggestion, SOARE
        "byb7g",     # malformed feedback: explained, asked again
        "bybbg",
        "zzzzq",     # not a word: explained, asked again
        "clone",
        "bbbbb",     # contradicts SOARE bybbg: explained, asked again
        "bbgbg",
        "undo",      # takes back CLONE
        "clone",
        "bbgbg",
        "help",
        "quote",
        "ggggg",
        "",          # Enter: the game is over
    ])
    assert code == 0, err
    assert "'byb7g' has '7', which is not a tile" in out
    assert "'zzzzq' is not in the guess list" in out
    assert "That cannot be right: CLONE bbbbb contradicts the earlier SOARE bybbg" in out
    assert "took back CLONE bbgbg" in out
    assert "biome, diode, evoke, quote" in out
    assert "Commands, at either prompt" in out
    assert "Solved in 3 guesses: QUOTE." in out and "Bye." not in out
    assert "Traceback" not in err


def test_an_all_green_row_typed_by_mistake_is_undone():
    code, out, err = run_play([
        "raise", "ggggg",     # RAISE all green, by mistake
        "oops",               # not 'undo': explained, asked again
        "undo",               # takes the win back; the game goes on
        "", "bybbg", "clone", "bbgbg", "quote", "ggggg",
        "analyze",            # the game just played, graded against optimal play
        ""])
    assert code == 0, err
    assert "E[you]" in out and "SOARE      2315   3.454  SALET" in out
    assert "Solved in 1 guess: RAISE." in out
    assert "'oops' is not 'analyze' or 'undo'" in out and "took back RAISE ggggg" in out
    assert "Solved in 3 guesses: QUOTE." in out and "Traceback" not in err


def test_end_of_input_leaves_cleanly():
    code, out, err = run_play(["", "bybbg"])
    assert code == 0 and out.rstrip().endswith("Bye.") and "Traceback" not in err


def test_quit_and_hard_mode_refusal_in_process(official):
    answers = iter(["soare", "bybbg", "cloth", "clone", "quit"])
    printed = []
    solver = Solver(lexicon=official, hard_mode="hard")
    assert play(solver, read=lambda prompt: next(answers), write=printed.append) == 0
    text = "\n".join(printed)
    assert "position 5 must stay E" in text and text.endswith("Bye.")
    # the refused guess was asked again, and CLONE then waited for its feedback
    assert [t.guess for t in solver.history] == ["soare"]


def test_a_win_past_the_limit_is_a_loss_and_graded_as_one(official):
    from wordle_fast import feedback, format_pattern

    words = ["crane", "glyph", "nymph", "psych", "crypt", "lynch", "quote"]
    typed = [line for word in words for line in (word, format_pattern(feedback(word, "quote"), 5))]
    answers = iter(typed + ["analyze", ""])
    printed = []
    assert play(Solver(lexicon=official), read=lambda prompt: next(answers),
                write=printed.append) == 0
    text = "\n".join(printed)
    assert "Solved in" not in text
    assert "Found QUOTE in 7 guesses: past the limit of 6, so the game was lost at guess 6" in text
    assert "Not solved after 6 guesses" in text and "at most 6)" in text
    assert "QUOTE came after the limit of 6 guesses and is not graded" in text
