"""What a command says before a job of hours (issue 78): the exact table of
big hidden, a table no one has proven for custom lists, and the first turn
of exact play that waits for one."""

import pytest

from wordle_fast import Lexicon, Rules
from wordle_fast.cli import main
from wordle_fast.cli import notices


def test_the_big_hidden_table_says_what_it_starts_and_how_to_get_the_answer_now(capsys):
    # Before: `openers --exact --lists original-all` printed nothing for five
    # minutes off a terminal (a bar "0/0" on one) and started hundreds of
    # CPU-hours.
    lexicon = Lexicon.edition("original-all")
    assert notices.announce_opening_table("wordle-fast openers --exact", lexicon, Rules(),
                                          None)
    err = capsys.readouterr().err
    assert err.startswith("wordle-fast openers --exact: no finished opening table ships")
    assert "12972 answers, 12972 guesses; normal mode, at most 6 guesses" in err
    assert "4 of 12972 openers settled (the best: LANTS, exact 52896)" in err
    assert "12968 still open with lower bounds 48475 to 50973" in err
    assert "docs/big-hidden.md" in err and "the same command resumes" in err
    assert "`wordle-fast optimal --opener lants`" in err


def test_a_shipped_or_small_table_says_nothing(capsys, ound_files):
    assert not notices.announce_opening_table("x", Lexicon(), Rules(), None)
    assert not notices.announce_opening_table("x", Lexicon(*ound_files), Rules(), None)
    assert not notices.announce_opening_table("x", Lexicon.edition("original-all"), Rules(),
                                              None, quiet=True)
    assert capsys.readouterr().err == ""
    # --recompute ignores the shipped table, so the job is long again
    assert notices.announce_opening_table("x", Lexicon(), Rules(), None, recompute=True)
    assert "so every opener is proven here" in capsys.readouterr().err


def test_the_commands_say_it_before_they_start(capsys, monkeypatch):
    started = []

    def stop(*args, **kwargs):
        started.append(True)
        raise KeyboardInterrupt

    monkeypatch.setattr("wordle_fast.exact.proof.opening_table", stop)
    monkeypatch.setattr("wordle_fast.exact.optimum.opening_table", stop)
    for argv, command in ((["openers", "--exact", "--lists", "original-all"],
                           "wordle-fast openers --exact"),
                          (["optimal", "--lists", "original-all"], "wordle-fast optimal")):
        assert main(argv) == 130
        assert f"{command}: no finished opening table ships" in capsys.readouterr().err
    assert len(started) == 2


@pytest.mark.parametrize("command", [["suggest", "--strategy", "optimal", "--max-guesses", "7"],
                                     ["analyze", "--max-guesses", "7", "salet", "acorn"]])
def test_the_first_turn_of_exact_play_says_it_waits_for_a_table(capsys, monkeypatch, command):
    # Before: `suggest --strategy optimal --max-guesses 7` ran 507 s without a word
    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("wordle_fast.exact.proof.opening_table", stop)
    assert main(command) == 130
    err = capsys.readouterr().err
    assert f"wordle-fast {command[0]}: no opening table ships for these lists in normal mode " \
           "with at most 7 guesses" in err


def test_a_game_too_long_is_refused_before_the_notice(capsys):
    assert main(["analyze", "--max-guesses", "2", "salet", "acorn", "grand"]) == 2
    err = capsys.readouterr().err
    assert "3 guesses played, but the game allows 2" in err and "no opening table" not in err
