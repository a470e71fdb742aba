"""The command line's shared options: each flag declared in one place,
one spelling of the guess limit (its old one accepted), every shared option
checked once for every command, and a command's traits declared, not read
from its name (issue 55)."""

import ast
import json
from collections import defaultdict
from pathlib import Path

import pytest

import wordle_fast.cli
from wordle_fast.cli import COMMANDS, build_parser, main
from wordle_fast.cli.options import check_shared

# the package imported (the checkout, or an installed wheel: tests run from both)
CLI = Path(wordle_fast.cli.__file__).resolve().parent

# The flags that more than one command takes.
SHARED = ["--max-guesses", "--max-turns", "--quiet", "--workers", "--json", "--hard-mode",
          "--hard", "--lists", "--answers", "--guesses", "--store", "--memo"]


def declared_flags() -> dict[str, set[str]]:
    """flag -> the cli modules whose code declares it (an add_argument call
    naming it as a literal)."""
    where = defaultdict(set)
    for path in CLI.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "add_argument"):
                for argument in node.args:
                    if isinstance(argument, ast.Constant) and str(argument.value).startswith("--"):
                        where[argument.value].add(path.name)
    return where


def test_the_flag_finder_sees_every_declaration():
    where = declared_flags()
    assert where["--max-guesses"] == {"options.py"}
    assert "--plot" in where and "--opener" in where


@pytest.mark.parametrize("flag", SHARED)
def test_each_shared_flag_is_declared_once(flag):
    assert declared_flags()[flag] == {"options.py"}


def commands_taking(flag: str) -> list[str]:
    taking = []
    for name in COMMANDS:
        parser = build_parser(only=name)
        command = parser._subparsers._group_actions[0].choices[name]
        if any(flag in action.option_strings for action in command._actions):
            taking.append(name)
    return taking


def test_every_command_with_a_limit_spells_it_one_way_and_takes_the_old_one():
    limited = commands_taking("--max-guesses")
    assert set(limited) == {"suggest", "play", "simulate", "optimal", "verify-tree", "analyze",
                            "openers", "absurdle", "guarantee"}
    assert commands_taking("--max-turns") == limited
    for name in limited:
        extra = ["tree.json"] if name == "verify-tree" else []
        new = build_parser(only=name).parse_args([name, *extra, "--max-guesses", "7"])
        old = build_parser(only=name).parse_args([name, *extra, "--max-turns", "7"])
        assert new.max_guesses == old.max_guesses == 7
        assert not hasattr(new, "max_turns")


@pytest.mark.parametrize("argv, message", [
    (["absurdle", "--max-turns", "0"], "--max-guesses must be at least 1"),
    (["verify-tree", "x.json", "--max-guesses", "101"], "--max-guesses must be at most 100"),
    (["openers", "--workers", "0"], "--workers must be at least 1, got 0"),
    (["simulate", "--workers", "-2"], "--workers must be at least 1, got -2"),
    (["optimal", "--workers", "0"], "--workers must be at least 1, got 0"),
])
def test_shared_options_are_checked_before_any_command_runs(argv, message, capsys):
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1


@pytest.mark.parametrize("name, extra, expected", [
    ("verify-tree", ["tree.json"], None),     # the file's mode, else off
    ("analyze", ["salet"], None),             # the share text's, else off
    ("optimal", [], "off"),
    ("absurdle", [], "off"),
    ("simulate", [], "off"),
])
def test_a_command_declares_that_its_input_records_the_mode(name, extra, expected):
    args = build_parser(only=name).parse_args([name, *extra])
    check_shared(args)
    assert args.hard_mode == expected
    args = build_parser(only=name).parse_args([name, *extra, "--hard"])
    check_shared(args)
    assert args.hard_mode == "hard"


def test_one_board_simulation_json_names_the_limit_both_ways(capsys):
    assert main(["simulate", "--play", "cigar", "--max-turns", "5", "--quiet",
                 "--json", "-"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["max_guesses"] == result["max_turns"] == 5
