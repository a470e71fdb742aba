"""``wordle-fast feedback GUESS ANSWER``: the pattern in every notation."""

from __future__ import annotations

from wordle_fast.cli.output import EXIT_OK
from wordle_fast.lexicon import feedback
from wordle_fast.patterns import format_pattern


DESCRIPTION = "Print the feedback pattern in every notation."

EXAMPLES = """\
examples:
  wordle-fast feedback gamma mummy        # bbggb: greens first, then yellows
"""


def add_arguments(parser) -> None:
    parser.add_argument("guess")
    parser.add_argument("answer")


def run(args) -> int:
    code = feedback(args.guess, args.answer)
    length = len(args.guess.strip())
    print(f"{args.guess.strip().lower()} against {args.answer.strip().lower()}")
    for style in ("letters", "digits", "emoji"):
        print(f"  {style:<8} {format_pattern(code, length, style)}")
    print(f"  {'code':<8} {code}")
    return EXIT_OK
