"""The ``wordle-fast`` command line: one module per command, each with its
``add_parser(commands)`` and ``run(args)``; ``options`` holds what several
commands share, ``output`` the JSON routing, progress bars and tables.

Exit codes: 0 success, 2 bad usage or bad input (message on stderr, no
traceback), 130 interrupted by Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys

from wordle_fast.cli import (
    absurdle,
    analyze,
    feedback,
    filter,
    lists,
    openers,
    optimal,
    play,
    simulate,
    suggest,
    verify_tree,
)
from wordle_fast.cli.options import check_lists, resolve_hard_mode
from wordle_fast.cli.output import EXIT_BAD_INPUT, EXIT_OK
from wordle_fast.errors import EXIT_INTERRUPTED, WordleError

# In the order --help lists them. A new command: a module here, listed below.
COMMANDS = (feedback, suggest, play, filter, simulate, optimal, verify_tree, analyze, openers,
            absurdle, lists)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wordle-fast",
        description="Wordle as a search problem: exact feedback and entropy scoring, compiled.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        resolve_hard_mode(args)
        check_lists(args)
        return args.run(args)
    except (WordleError, ValueError) as error:
        print(f"wordle-fast {args.command}: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:   # (on a fresh line: a progress bar may hold this one)
        print(f"\nwordle-fast {args.command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


__all__ = ["COMMANDS", "build_parser", "main"]
