"""``wordle-fast verify-tree FILE``: replay every answer through a
decision tree written by ``optimal --json``."""

from __future__ import annotations

from wordle_fast.cli.options import (
    add_hard_mode_options,
    add_json_option,
    add_max_guesses_option,
    add_word_list_options,
    given,
    lexicon_of,
)
from wordle_fast.cli.output import EXIT_OK, check_output, send_json, wrote
from wordle_fast.rules import ONE_BOARD_LIMIT, mode_name
from wordle_fast.words import counted, distribution_text


DESCRIPTION = ("Check a tree written by 'optimal --json': every answer solved, every "
               "pattern right, the guess limit and the hard-mode rule kept; print its total.")

EXAMPLES = """\
examples:
  wordle-fast optimal --opener salet --json salet.json
  wordle-fast verify-tree salet.json
  wordle-fast optimal --opener salet --hard --json - | wordle-fast verify-tree --hard -
"""


def add_arguments(parser) -> None:
    parser.add_argument("file", help="a JSON tree (the 'optimal --json' file, or the tree "
                                     "alone); '-' reads standard input")
    add_json_option(parser, "the replay's figures")
    add_hard_mode_options(parser, "the rule to check (default: the mode the file records, "
                                  "else off)", from_input=True)
    add_max_guesses_option(parser, "the guess limit (default: the file's, else 6)")
    add_word_list_options(parser)


def run(args) -> int:
    from wordle_fast.exact.trees import check_claims, read_tree_file, verify_tree

    check_output("--json", args.json)
    lexicon = lexicon_of(args)  # the guesses the tree may play
    tree, recorded_mode, recorded_limit, data = read_tree_file(args.file)
    mode = args.hard_mode or recorded_mode or "off"
    limit = given(args.max_guesses, recorded_limit or ONE_BOARD_LIMIT)

    def replay(in_mode):
        return verify_tree(tree, lexicon.answers, in_mode, max(limit, recorded_limit or 0),
                           guesses=lexicon.guesses)

    check = verify_tree(tree, lexicon.answers, mode, limit, guesses=lexicon.guesses)
    check_claims(data, check, mode, limit, replay)
    shown_mode = mode_name(mode)
    if send_json(args.json, {"valid": True, "mode": shown_mode, "max_guesses": limit, **check}):
        return EXIT_OK
    print(f"valid ({shown_mode} mode, at most {counted(limit, 'guess', 'guesses')}): "
          f"{counted(check['answers'], 'answer')}, "
          f"{counted(check['total_guesses'], 'guess', 'guesses')} in total, "
          f"mean {check['mean']:.4f}, worst {check['worst']}")
    print("Distribution: " + distribution_text(check["distribution"]))
    wrote(args.json)
    return EXIT_OK
