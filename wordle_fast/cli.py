"""The ``wordle-fast`` command line.

Exit codes: 0 success, 2 bad usage or bad input (message on stderr, no
traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from wordle_fast.errors import WordleError
from wordle_fast.lexicon import Lexicon, feedback
from wordle_fast.patterns import format_pattern

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def _add_word_list_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--answers", metavar="FILE",
                        help="answer list, one word per line (default: the bundled 2315)")
    parser.add_argument("--guesses", metavar="FILE",
                        help="allowed guesses, one word per line (default: the bundled 12972)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wordle-fast",
        description="Wordle as a search problem: exact feedback and entropy scoring, compiled.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    show = commands.add_parser("feedback", help="the pattern a guess gets against an answer",
                               description="Print the feedback pattern in every notation.")
    show.add_argument("guess")
    show.add_argument("answer")
    show.set_defaults(run=run_feedback)

    openers = commands.add_parser(
        "openers", help="score every first guess by expected information",
        description="Rank every allowed first guess by the entropy of its pattern "
                    "distribution over the answers (bits), with the seeds' tie-breakers.")
    openers.add_argument("--top", type=int, default=10, metavar="N",
                         help="how many to show (default 10; 0 for all)")
    openers.add_argument("--guess-pool", choices=["allowed", "candidates"], default="allowed",
                         help="score every allowed guess, or only possible answers")
    openers.add_argument("--json", action="store_true", help="machine-readable output")
    _add_word_list_options(openers)
    openers.set_defaults(run=run_openers)
    return parser


def run_feedback(args) -> int:
    code = feedback(args.guess, args.answer)
    length = len(args.guess.strip())
    print(f"{args.guess.strip().lower()} against {args.answer.strip().lower()}")
    for style in ("letters", "digits", "emoji"):
        print(f"  {style:<8} {format_pattern(code, length, style)}")
    print(f"  {'code':<8} {code}")
    return EXIT_OK


def run_openers(args) -> int:
    started = time.perf_counter()
    lexicon = Lexicon(answers=args.answers, guesses=args.guesses)
    scores = lexicon.score(pool=args.guess_pool)
    elapsed = time.perf_counter() - started
    if args.top < 0:
        raise ValueError(f"--top must be 0 (all) or more, got {args.top}")
    ranked = scores.ranked(args.top or None)
    if args.json:
        json.dump({
            "answers": lexicon.n_answers, "guesses_scored": len(scores),
            "openers": [{"rank": rank, **vars(row)} for rank, row in enumerate(ranked, 1)],
        }, sys.stdout, indent=2)
        print()
        return EXIT_OK
    print(f"{'rank':>4}  {'guess':<{max(5, lexicon.length)}}  {'bits':>7}  "
          f"{'E[left]':>8}  {'worst':>5}  {'buckets':>7}  answer?")
    for rank, row in enumerate(ranked, 1):
        print(f"{rank:>4}  {row.word:<{max(5, lexicon.length)}}  {row.expected_bits:>7.4f}  "
              f"{row.expected_remaining:>8.2f}  {row.largest_bucket:>5}  {row.n_buckets:>7}  "
              f"{'yes' if row.is_candidate else 'no'}")
    print(f"scored {len(scores)} guesses over {lexicon.n_answers} answers in "
          f"{elapsed * 1000:.0f} ms (lists loaded, matrix built, every guess scored)")
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (WordleError, ValueError) as error:
        print(f"wordle-fast {args.command}: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()
        return EXIT_OK
