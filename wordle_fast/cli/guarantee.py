"""``wordle-fast guarantee``: which openers can guarantee every answer within
N guesses (the depth-only question), each that cannot with its witness."""

from __future__ import annotations

import sys
import time

from wordle_fast.cli.options import (
    add_hard_mode_options,
    add_json_option,
    add_max_guesses_option,
    add_quiet_option,
    add_word_list_options,
    lexicon_of,
)
from wordle_fast.cli.output import EXIT_OK, ProgressBar, check_output, send_json, wrote
from wordle_fast.errors import EXIT_INTERRUPTED, InvalidOption
from wordle_fast.rulebook import ONE_BOARD_LIMIT, Rules, mode_name
from wordle_fast.words import counted

DESCRIPTION = ("For every allowed opener, whether some strategy finds every answer within "
               "N guesses, whatever the total (the depth-only question). Each opener that "
               "cannot gets its witness: the feedback whose bucket cannot finish in the "
               "guesses left, which --verify proves again by the exact search.")

EXAMPLES = """\
examples:
  wordle-fast guarantee --hard --lists original-all --verify   # the shipped table, checked
  wordle-fast guarantee --hard --max-guesses 5 --results hard5.json   # resumable
"""


def add_arguments(parser) -> None:
    add_max_guesses_option(parser, f"the guesses to guarantee (default {ONE_BOARD_LIMIT})",
                           default=ONE_BOARD_LIMIT)
    add_hard_mode_options(parser)
    parser.add_argument("--results", metavar="FILE",
                        help="where the answers are saved as they go, and resumed from")
    parser.add_argument("--most-sets", type=int, default=None, metavar="N",
                        help="give up on an opener (undecided) after N sets of its proof "
                             "(default: no limit); a rerun with a larger N takes them up")
    parser.add_argument("--verify", action="store_true",
                        help="prove every witness again by the exact search")
    add_json_option(parser, "the summary")
    add_quiet_option(parser)
    add_word_list_options(parser)


def run(args) -> int:
    from wordle_fast.exact.guarantee import find_witness, guarantee_table, witness_holds
    from wordle_fast.exact.search import make_exact_searcher

    check_output("--json", args.json)
    check_output("--results", args.results)
    if args.results == "-":
        raise InvalidOption("--results needs a file name: the answers are saved there as they "
                            "go, and read back by a rerun")
    if args.most_sets is not None and args.most_sets < 1:
        raise InvalidOption(f"--most-sets must be at least 1, got {args.most_sets}")
    lexicon = lexicon_of(args)
    rules = Rules(args.hard_mode, args.max_guesses)
    started = time.perf_counter()
    progress = ProgressBar("Openers asked", enabled=not args.quiet)
    # --verify needs the searcher anyway; without it, the table makes one
    # only if some opener is left to ask
    searcher = make_exact_searcher(lexicon, args.hard_mode, n_threads=1) if args.verify else None
    try:
        table = guarantee_table(searcher, lexicon, rules, results_path=args.results,
                                most_sets=args.most_sets, progress=progress)
    except KeyboardInterrupt:
        saved = args.results or "the cache directory"
        print(f"\nwordle-fast guarantee: interrupted; what it proved is saved in {saved}, "
              "and the same command resumes it", file=sys.stderr)
        return EXIT_INTERRUPTED
    summary = table.to_dict()
    if args.verify:
        failing = [find_witness(searcher, lexicon, e, rules)
                   for e in table.entries.values() if e.finishes is False]
        wrong = [e.opener for e in failing
                 if not witness_holds(searcher, lexicon, e, rules)]
        summary["largest_witness"] = max((e.size for e in failing), default=None)
        summary["witnesses_verified"] = len(failing) - len(wrong)
        summary["witnesses_wrong"] = wrong
    summary["seconds"] = time.perf_counter() - started
    if table.unsaved:
        summary["unsaved"] = table.unsaved
    if not send_json(args.json, summary):
        _print(summary, lexicon, rules)
        wrote(args.json)
    if table.unsaved:
        print(f"wordle-fast guarantee: {table.unsaved}", file=sys.stderr)
    return EXIT_OK


def _print(summary: dict, lexicon, rules: Rules) -> None:
    limit = counted(rules.max_guesses, "guess", "guesses")
    print(f"{counted(summary['openers'], 'opener')} over {counted(lexicon.n_answers, 'answer')}"
          f" ({mode_name(rules.mode)} mode), every answer within {limit}:")
    finishing = summary["finishing"]
    print(f"  can guarantee it: {len(finishing)}"
          + (f" ({', '.join(w.upper() for w in finishing[:20])}"
             f"{', ...' if len(finishing) > 20 else ''})" if finishing else ""))
    largest = summary["largest_witness"]
    print(f"  cannot: {summary['cannot_finish']}"
          + (f", each with a bucket that cannot finish (the largest such witness "
             f"{counted(largest, 'answer')})" if largest else
             ", as the exact opening table proved (--verify finds a witness bucket for each "
             "and proves it again)" if summary["cannot_finish"] else ""))
    if summary["undecided"]:
        print(f"  undecided within --most-sets: {len(summary['undecided'])}")
    if "witnesses_verified" in summary:
        wrong = summary["witnesses_wrong"]
        print(f"  witnesses proven again by the exact search: {summary['witnesses_verified']}"
              + (f"; WRONG: {', '.join(wrong)}" if wrong else ""))
    print(f"in {summary['seconds']:.1f} s ({summary['source']})")
