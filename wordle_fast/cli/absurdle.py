"""``wordle-fast absurdle``: prove the fewest guesses that win Absurdle."""

from __future__ import annotations

from wordle_fast.cli.options import (
    add_hard_mode_options,
    add_json_option,
    add_max_guesses_option,
    add_quiet_option,
    add_word_list_options,
    lexicon_of,
)
from wordle_fast.cli.output import EXIT_OK, ProgressBar, check_output, human_output, send_json


DESCRIPTION = ("Absurdle keeps the largest bucket of answers after each guess (here any "
               "of the largest, so the result holds whatever tie rule a game uses). "
               "Searches 1, 2, ... guesses: the first that wins for every reply is "
               "printed with its winning line, and every smaller number is refuted.")

EXAMPLES = """\
examples:
  wordle-fast absurdle
  wordle-fast absurdle --hard --json absurdle.json
"""


def add_arguments(parser) -> None:
    add_max_guesses_option(parser, "give up above N guesses (default 8)", default=8)
    add_hard_mode_options(parser)
    add_json_option(parser, "the result and the winning tree")
    add_quiet_option(parser)
    add_word_list_options(parser)


def run(args) -> int:
    from wordle_fast.exact.absurdle import absurdle, winning_lines

    check_output("--json", args.json)
    lexicon = lexicon_of(args)
    bar = ProgressBar("First guesses tried", enabled=not args.quiet)
    result = absurdle(lexicon, args.hard_mode, args.max_guesses,
                      progress=lambda k, done, total: bar(done, total))
    say = human_output(args.json)
    say(result.summary())
    if result.tree is not None:
        say("Winning line (every reply the adversary may give):")
        for line in winning_lines(result.tree):
            say("  " + line)
    if args.json:
        send_json(args.json, result.to_dict(), indent=1)
        if args.json != "-":
            say(f"Wrote {args.json}")
    return EXIT_OK
