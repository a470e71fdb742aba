"""``wordle-fast play``: the interactive helper for a real game, on one
board or several, or against Absurdle."""

from __future__ import annotations

import sys

from wordle_fast.cli.helper import play, play_absurdle, play_boards
from wordle_fast.cli.solver_options import add_solver_options, solver_from, strategy_options
from wordle_fast.errors import InvalidOption

# Options that shape the helper's suggestions, with their defaults: Absurdle
# gives none, so these are refused there.
SUGGESTION_OPTIONS = {"strategy": None, "guess_pool": "allowed", "prior": "uniform", "top": 5,
                      "cache_dir": None, "no_cache": False}


DESCRIPTION = "Suggests each guess with its expected bits and asks for the feedback."

EXAMPLES = """\
examples:
  wordle-fast play                    # suggestions, then type the feedback: bygyb, 02120 or emoji
  wordle-fast play --hard --strategy hybrid
  wordle-fast play --boards 4         # Quordle
  wordle-fast play --absurdle
"""


def add_arguments(parser) -> None:
    parser.add_argument("--absurdle", action="store_true",
                        help="play Absurdle: no hidden word, this program keeps the largest "
                             "group of answers after each guess")
    add_solver_options(parser, top=5)


def run(args) -> int:
    if args.absurdle:
        _check_absurdle(args)
    solver = solver_from(args)
    if sys.stdin.isatty():
        import readline  # noqa: F401  (input() then edits the line: arrows, history)
    if args.absurdle:
        return play_absurdle(solver)
    if args.boards != 1:
        return play_boards(solver, top=args.top)
    return play(solver, top=args.top)


def _check_absurdle(args) -> None:
    if args.boards != 1:
        raise InvalidOption("--absurdle plays one board; drop --boards")
    defaults = {**SUGGESTION_OPTIONS, **dict.fromkeys(strategy_options())}
    named = ["--" + name.replace("_", "-") for name, default in defaults.items()
             if getattr(args, name) != default]
    if named:
        verb = "shape" if len(named) > 1 else "shapes"
        raise InvalidOption(f"{' and '.join(named)} {verb} the helper's suggestions, which "
                            "--absurdle does not give; drop them")
