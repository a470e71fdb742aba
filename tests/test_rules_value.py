"""The rules of a game as one value (``Rules``: mode, guess limit, boards),
checked once where they enter and carried as they are by the solver and
every position its strategy sees (issue 55)."""

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordle_fast as wf
from wordle_fast.errors import InvalidOption
from wordle_fast.rulebook import HARD_MODES, MAX_GUESS_LIMIT, ONE_BOARD_LIMIT, Rules, usual_limit
from wordle_fast.strategies import Strategy

WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval",
         "serve"]


def test_defaults_and_the_usual_limits():
    assert Rules() == Rules("off", ONE_BOARD_LIMIT, 1)
    assert [Rules(boards=k).max_guesses for k in (1, 2, 4, 8)] == [6, 7, 9, 13]
    assert [usual_limit(k) for k in (1, 2, 4, 8)] == [6, 7, 9, 13]
    assert str(Rules("hard", 7)) == "hard mode, at most 7 guesses"
    assert str(Rules(boards=4)) == "normal mode, at most 9 guesses, 4 boards"


def test_a_rules_value_cannot_change():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().mode = "hard"


@pytest.mark.parametrize("arguments, message", [
    ({"mode": "hardest"}, "unknown hard mode 'hardest'"),
    ({"max_guesses": 0}, "the guess limit must be at least 1"),
    ({"max_guesses": MAX_GUESS_LIMIT + 1}, f"must be at most {MAX_GUESS_LIMIT}"),
    ({"boards": 0}, "the number of boards must be at least 1"),
    ({"boards": 4, "max_guesses": 3}, "cannot solve 4 boards"),
    ({"mode": "hard", "boards": 2}, "hard mode is a one-board rule"),
    ({"max_guesses": 6.5}, "the guess limit must be a whole number"),
])
def test_bad_rules_are_refused_with_what_was_wrong(arguments, message):
    with pytest.raises(InvalidOption, match=message):
        Rules(**arguments)


@settings(max_examples=200, deadline=None)
@given(mode=st.sampled_from(HARD_MODES + ("hardest",)),
       limit=st.one_of(st.none(), st.integers(-2, MAX_GUESS_LIMIT + 10)),
       boards=st.integers(-1, 10))
def test_a_value_is_made_only_of_rules_that_hold(mode, limit, boards):
    try:
        rules = Rules(mode, limit, boards)
    except InvalidOption:
        holds = (mode in HARD_MODES and boards >= 1 and (mode == "off" or boards == 1)
                 and (limit is None or boards <= limit <= boards - 1 + MAX_GUESS_LIMIT))
        assert not holds
        return
    assert rules.mode == mode and rules.boards == boards
    assert rules.max_guesses == (ONE_BOARD_LIMIT - 1 + boards if limit is None else limit)


class Recorder(Strategy):
    """Values every guess alike, and keeps the positions it was shown."""

    name = "recorder"

    def __init__(self):
        self.seen = []

    def values(self, position):
        self.seen.append(position)
        return np.zeros(len(position.rows))


def test_the_solver_carries_one_rules_value_to_every_position():
    strategy = Recorder()
    solver = wf.Solver(WORDS, WORDS, strategy=strategy, hard_mode="hard", max_guesses=5,
                       use_cache=False)
    assert solver.rules == Rules("hard", 5)
    assert (solver.hard_mode, solver.max_guesses) == ("hard", 5)
    solver.suggest()
    solver.update("cigar", "bbbbb")
    solver.suggest()
    assert len(strategy.seen) == 2
    assert all(position.rules is solver.rules for position in strategy.seen)
    assert strategy.seen[-1].hard_mode == "hard" and strategy.seen[-1].max_guesses == 5


def test_several_boards_carry_theirs():
    solver = wf.Solver(boards=2)
    assert solver.rules == Rules("off", 7, 2) and solver.max_guesses == 7
    with pytest.raises(InvalidOption, match="hard mode is a one-board rule"):
        wf.Solver(boards=2, hard_mode="hard")


def test_a_solver_takes_the_value_in_place_of_the_three():
    quordle = wf.Solver(rules=Rules(boards=4, max_guesses=10))
    assert isinstance(quordle, wf.BoardsSolver) and quordle.rules == Rules("off", 10, 4)
    one = wf.Solver(WORDS, WORDS, rules=Rules("hard", 5), use_cache=False)
    assert one.rules == Rules("hard", 5) and one.hard_mode == "hard"
    # the same rule said both ways is no conflict
    assert wf.Solver(WORDS, WORDS, rules=Rules("hard"), hard_mode="hard").hard_mode == "hard"


@pytest.mark.parametrize("arguments, message", [
    ({"rules": Rules("hard"), "hard_mode": "off"}, "rules= says mode 'hard', and hard_mode='off'"),
    ({"rules": Rules(), "max_guesses": 7}, "rules= says max_guesses 6, and max_guesses=7"),
    ({"rules": Rules(boards=2), "boards": 3}, "rules= says boards 2, and boards=3"),
    ({"rules": "hard"}, "rules must be a wordle_fast.Rules, got str"),
])
def test_rules_given_twice_must_agree(arguments, message):
    with pytest.raises(InvalidOption, match=message):
        wf.Solver(WORDS, WORDS, **arguments)   # (refused before anything is set up)


def test_the_command_line_makes_the_value_once_at_its_edge(capsys):
    from wordle_fast.cli import build_parser, main
    from wordle_fast.cli.options import check_shared

    args = build_parser(only="suggest").parse_args(["suggest", "--boards", "4",
                                                    "--max-guesses", "12"])
    check_shared(args)
    assert args.rules == Rules("off", 12, 4)
    # refused before any list is loaded, in the value's own words
    assert main(["suggest", "--boards", "2", "--hard"]) == 2
    assert "hard mode is a one-board rule" in capsys.readouterr().err


def test_the_exact_side_takes_the_value_at_its_edges(tmp_path):
    lexicon = wf.Lexicon(WORDS, WORDS)
    hard = Rules("hard", 5)
    by_value = wf.optimal(lexicon=lexicon, rules=hard)
    by_arguments = wf.optimal(lexicon=lexicon, hard_mode="hard", max_guesses=5)
    assert (by_value.total_guesses, by_value.opener) == (by_arguments.total_guesses,
                                                         by_arguments.opener)
    assert by_value.mode == "hard" and by_value.max_guesses == 5
    table = wf.opening_table(lexicon, rules=hard, results_path=tmp_path / "table.json")
    assert table.mode == "hard" and table.max_guesses == 5
    assert wf.verify_tree(by_value.tree, WORDS, rules=hard,
                          guesses=WORDS)["total_guesses"] == by_value.total_guesses
    game = wf.analyze(["cigar", "rebut"], lexicon, rules=hard)
    assert game.mode == "hard" and game.max_guesses == 5
    with pytest.raises(InvalidOption, match="the exact search plays one board; these rules "
                                            "have 2"):
        wf.optimal(lexicon=lexicon, rules=Rules(boards=2))
    with pytest.raises(InvalidOption, match="rules= says mode 'hard', and hard_mode='off'"):
        wf.optimal(lexicon=lexicon, rules=hard, hard_mode="off")
