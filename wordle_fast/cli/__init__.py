"""The ``wordle-fast`` command line: one module per command, each with its
``DESCRIPTION``, ``add_arguments(parser)`` and ``run(args)``; ``options``
and ``solver_options`` hold what several commands share, ``output`` the
JSON routing, progress bars and tables, ``helper`` the interactive prompts.

A command loads only its own module: the others are listed by name and
summary, which keeps every start fast.

Each command module may also have ``EXAMPLES``, shown at the end of its
``--help``. A bare ``wordle-fast`` prints the short help and exits 0.

Exit codes: 0 success, 2 bad usage or bad input (message on stderr, no
traceback), 130 interrupted by Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib import import_module

from wordle_fast.cli.options import check_shared
from wordle_fast.cli.output import EXIT_BAD_INPUT, EXIT_OK
from wordle_fast.errors import EXIT_INTERRUPTED, WordleError

# command -> (its module in this package, one line for the list of commands),
# in the order --help lists them. A new command: a module, and a line here.
COMMANDS = {
    "feedback": ("feedback", "the pattern a guess gets against an answer"),
    "suggest": ("suggest", "the best next guesses after some feedback (for scripts)"),
    "play": ("play", "interactive helper for a real game"),
    "filter": ("filter", "words fitting green / yellow / gray letters"),
    "simulate": ("simulate", "play every answer and report the results"),
    "optimal": ("optimal", "prove the fewest total guesses, with the decision tree"),
    "verify-tree": ("verify_tree", "replay every answer through a decision tree"),
    "analyze": ("analyze", "grade each guess of a played game against optimal play"),
    "openers": ("openers", "score every first guess; optionally simulate the best"),
    "guarantee": ("guarantee", "which openers can guarantee every answer within N guesses"),
    "absurdle": ("absurdle", "prove the fewest guesses that win Absurdle, with the winning line"),
    "lists": ("lists", "the bundled editions of the word lists, for --lists"),
}


EXAMPLES = """\
examples:
  wordle-fast play                       # the helper, while you play a game
  wordle-fast openers --top 10           # the best first guesses by entropy
  wordle-fast optimal --opener salet     # prove an opener's fewest total guesses
  wordle-fast COMMAND --help             # a command's options and examples
"""


def build_parser(only: str | None = None, literal_examples: bool = False
                 ) -> argparse.ArgumentParser:
    """The parser of every command, or with ``only`` the full parser of that
    command and the others by name alone (their modules are not loaded).
    ``literal_examples``: each command's examples as a reStructuredText
    literal block, one per line (the documentation's command reference)."""
    parser = argparse.ArgumentParser(
        prog="wordle-fast",
        description="Wordle as a search problem: exact feedback and entropy scoring, compiled.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_PrintVersion)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module_name, summary) in COMMANDS.items():
        if only is not None and name != only:
            commands.add_parser(name, help=summary)
            continue
        module = import_module(f"wordle_fast.cli.{module_name}")
        examples = getattr(module, "EXAMPLES", None)
        command = commands.add_parser(
            name, help=summary, description=module.DESCRIPTION,
            epilog=literal(examples) if examples and literal_examples else examples,
            formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(command)
        command.set_defaults(run=module.run)
    return parser


def literal(examples: str) -> str:
    """``examples:`` and its indented lines as a reStructuredText literal block."""
    heading, _, lines = examples.partition("\n")
    return f"{heading.rstrip(':')}::\n\n{lines}"


def reference_parser() -> argparse.ArgumentParser:
    """The parser as the documentation shows it (docs/cli.md)."""
    return build_parser(literal_examples=True)


class _PrintVersion(argparse.Action):
    """``--version``, which reads the package metadata only when asked (it
    loads email, random, ...: a cost every other command start would pay)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="print the version, and whether the compiled core is in use")

    def __call__(self, parser, namespace, values, option_string=None):
        print(version_line())
        parser.exit()


def version_line() -> str:
    """``wordle-fast 0.1.0 (compiled core, Python 3.11.7)``: what ``--version``
    prints; the core is named without loading it, as ``WORDLE_FAST_IMPL``
    and what is installed choose it."""
    from importlib.util import find_spec

    from wordle_fast import __version__

    choice = (os.environ.get("WORDLE_FAST_IMPL") or "auto").strip().lower()
    if choice == "python":
        core = "pure-Python kernels, WORDLE_FAST_IMPL=python"
    elif choice not in ("auto", "compiled"):
        core = f"WORDLE_FAST_IMPL={choice!r} is not a choice: auto, compiled or python"
    else:
        built = find_spec("wordle_fast.core._feedback")
        core = "compiled core" if built else "pure-Python kernels"
    return f"wordle-fast {__version__} ({core}, Python {sys.version.split()[0]})"


class _Stdout:
    """Standard output that a closed pipe (``| head``) or a full disk does
    not stop: the command goes on, so the files it was asked to write are
    still written, and ``main`` reports the failure after."""

    def __init__(self, stream):
        self.stream, self.failure = stream, None

    def write(self, text):
        if self.failure is None:
            try:
                return self.stream.write(text)
            except OSError as error:
                self.failure = error
        return len(text)

    def flush(self):
        if self.failure is None:
            try:
                self.stream.flush()
            except OSError as error:
                self.failure = error

    def __getattr__(self, name):
        return getattr(self.stream, name)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:
        build_parser(only="").print_help()
        return EXIT_OK
    named = argv[0] if argv and argv[0] in COMMANDS else None
    args = build_parser(only=named).parse_args(argv)
    stdout = sys.stdout = _Stdout(sys.stdout)
    try:
        code = _run(args)
        stdout.flush()
    finally:
        sys.stdout = stdout.stream
    failure = stdout.failure
    if failure is None or isinstance(failure, BrokenPipeError):
        # (a reader that stopped reading, e.g. head, wanted no more)
        if failure is not None:
            _quiet_stdout()
        return code
    _quiet_stdout()
    print(f"wordle-fast {args.command}: error: cannot write to standard output: "
          f"{failure.strerror or failure}", file=sys.stderr)
    return EXIT_BAD_INPUT if code == EXIT_OK else code


def _quiet_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's
    last flush of what could not be written raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass   # not a real file (a test's capture)


def _run(args) -> int:
    try:
        check_shared(args)
        return args.run(args)
    except (WordleError, ValueError) as error:
        print(f"wordle-fast {args.command}: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:   # (on a fresh line: a progress bar may hold this one)
        print(f"\nwordle-fast {args.command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


__all__ = ["COMMANDS", "EXAMPLES", "build_parser", "main", "reference_parser", "version_line"]
