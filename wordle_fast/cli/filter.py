"""``wordle-fast filter``: the words that fit green / yellow / gray letters."""

from __future__ import annotations

from wordle_fast.cli.options import add_json_option, add_word_list_options, lexicon_of
from wordle_fast.cli.output import EXIT_OK, check_output, send_json, wrote
from wordle_fast.constraints import find_words
from wordle_fast.words import DEFAULT_EDITION, counted, load_answers, load_word_list


DESCRIPTION = "The constraint query. Positions count from 1."

EXAMPLES = """\
examples:
  wordle-fast filter --green .i..e --yellow n3 --gray tarbgs
  wordle-fast filter --green cr... --words guesses --json
"""


def add_arguments(parser) -> None:
    parser.add_argument("--green", metavar="TEMPLATE",
                        help="known letters in place, '.' elsewhere, e.g. .i..e")
    parser.add_argument("--yellow", nargs="*", default=[], metavar="LETTER+POSITIONS",
                        help="one entry per copy of a letter in the word, with the positions it "
                             "is not in, e.g. n3 (write one yellow seen twice once: e14)")
    parser.add_argument("--gray", default="", metavar="LETTERS",
                        help="gray letters, e.g. tarbgs; e3 = E gray in position 3")
    parser.add_argument("--words", choices=["answers", "guesses"], default="answers",
                        help="search the answer list (default) or every allowed guess")
    add_json_option(parser, "the words found")
    add_word_list_options(parser)


def run(args) -> int:
    check_output("--json", args.json)
    if args.words == "answers" and args.answers is not None:
        words = load_word_list(args.answers)
    elif args.words == "answers":
        words = load_answers(args.lists or DEFAULT_EDITION)
    else:
        words = lexicon_of(args).guesses
    found = find_words(words, green=args.green, yellow=args.yellow, gray=args.gray)
    if send_json(args.json, {"count": len(found), "words": found}):
        return EXIT_OK
    print(counted(len(found), "word"))
    for start in range(0, len(found), 10):
        print("  " + " ".join(found[start:start + 10]))
    wrote(args.json)
    return EXIT_OK
