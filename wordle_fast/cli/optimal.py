"""``wordle-fast optimal``: prove the fewest total guesses, with the
decision tree, in normal, hard or strict mode."""

from __future__ import annotations

import sys

from wordle_fast.cli.options import (
    add_hard_mode_options,
    add_json_option,
    add_long_search_options,
    add_max_guesses_option,
    add_prior_options,
    add_quiet_option,
    add_word_list_options,
    add_workers_option,
    capped_workers,
    lexicon_of,
    long_search_options,
    prior_of,
)
from wordle_fast.cli.output import (
    EXIT_OK,
    ProgressBar,
    StageProgress,
    check_output,
    human_output,
    send_json,
    write,
)
from wordle_fast.errors import EXIT_INTERRUPTED, InvalidOption
from wordle_fast.rulebook import ONE_BOARD_LIMIT, Rules


DESCRIPTION = ("Exact search for the minimum total guesses over every answer "
               "(T(S) = n + min_g sum T(S_r) for a set S of n answers), in normal, hard or strict "
               "mode.")

EXAMPLES = """\
examples:
  wordle-fast optimal                           # the best opener, from the shipped table
  wordle-fast optimal --opener salet --json salet.json
  wordle-fast optimal --opener salet --hard --tree -
  wordle-fast verify-tree salet.json           # check the saved tree
  wordle-fast optimal --opener jujus --lists nyt2023 --store jujus.sqlite   # resumable
  wordle-fast optimal --opener slate --prior frequency   # fewest expected guesses, by frequency
"""


def add_arguments(parser) -> None:
    parser.add_argument("--opener", metavar="WORD",
                        help="the first guess (default: prove the best over every allowed "
                             "guess, from the shipped exact table when the lists match)")
    parser.add_argument("--candidates", type=int, default=None, metavar="N",
                        help="quick path: the best of the N openers with the smallest expected "
                             "remaining set (reported as such, not as optimal)")
    add_workers_option(parser, "without --opener: processes for the search stage (default: "
                               "one per core)")
    parser.add_argument("--recompute", action="store_true",
                        help="without --opener: ignore the shipped table and saved results")
    add_max_guesses_option(parser, f"guesses allowed per game (default {ONE_BOARD_LIMIT})",
                           default=ONE_BOARD_LIMIT)
    add_hard_mode_options(parser)
    add_prior_options(parser)
    add_json_option(parser, "opener, totals, distribution, tree and certificate (under a "
                            "prior: prior, weighted_total, expected_guesses)")
    parser.add_argument("--tree", metavar="FILE",
                        help="the tree as indented text, to FILE or '-' for standard output")
    add_quiet_option(parser)
    add_long_search_options(parser, "default: none")
    add_word_list_options(parser)


def run(args) -> int:
    from wordle_fast.cli.notices import announce_opening_table
    from wordle_fast.exact.optimum import (
        NoOpenerFinishes, SearchInterrupted, optimal)
    from wordle_fast.exact.scheduling import default_workers
    from wordle_fast.exact.trees import tree_text

    _check(args)
    store, memo_bytes = long_search_options(args)
    lexicon = lexicon_of(args)
    prior = prior_of(args, lexicon)
    workers = capped_workers("--workers", args.workers, lexicon.n_guesses,
                             default=default_workers())
    every_opener = args.opener is None and args.candidates is None
    if every_opener:
        announce_opening_table("wordle-fast optimal", lexicon,
                               Rules(args.hard_mode, args.max_guesses), None,
                               quiet=args.quiet, recompute=args.recompute,
                               prior=None if prior.uniform else prior)
    progress = (StageProgress(enabled=not args.quiet) if every_opener
                else ProgressBar("Answers placed", enabled=not args.quiet))
    try:
        result = optimal(opener=args.opener, lexicon=lexicon,
                         rules=Rules(args.hard_mode, args.max_guesses), candidates=args.candidates,
                         progress=progress, workers=workers, recompute=args.recompute,
                         store=store or None, memo_bytes=memo_bytes, prior=prior)
    except SearchInterrupted as stop:
        print(f"\nwordle-fast optimal: interrupted: {stop.describe()}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except NoOpenerFinishes as answer:
        # a proven result, said as one (not as an error of the input)
        if not send_json(args.json, {"finishes": False, "max_guesses": answer.rules.max_guesses,
                                     "mode": answer.certificate.mode, "result": str(answer)},
                         indent=1):
            print(str(answer)[0].upper() + str(answer)[1:])
        return EXIT_OK
    say = human_output(args.json, args.tree)
    say(result.summary())
    if args.json:
        send_json(args.json, result.to_dict(), indent=1)
        if args.json != "-":
            say(f"Wrote {args.json}")
    if args.tree:
        write(args.tree, tree_text(result.tree))
        if args.tree != "-":
            say(f"Wrote tree: {args.tree}")
    if result.certificate is not None and result.certificate.unsaved:
        print(f"wordle-fast optimal: {result.certificate.unsaved}", file=sys.stderr)
    return EXIT_OK


def _check(args) -> None:
    check_output("--json", args.json)
    check_output("--tree", args.tree)
    if args.json == "-" and args.tree == "-":
        raise InvalidOption("--json and --tree cannot both go to standard output; name a file "
                            "for one of them")
    if args.opener is not None and (args.candidates is not None or args.workers is not None
                                    or args.recompute):
        raise InvalidOption("--candidates, --workers and --recompute choose how to find the best "
                            "opener; they do not combine with --opener")
