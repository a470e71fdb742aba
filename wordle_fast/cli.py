"""The ``wordle-fast`` command line.

Exit codes: 0 success, 2 bad usage or bad input (message on stderr, no
traceback), 130 interrupted by Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from dataclasses import asdict

from wordle_fast.constraints import find_words
from wordle_fast.errors import InvalidPattern, WordleError
from wordle_fast.lexicon import Lexicon, feedback
from wordle_fast.patterns import format_pattern
from wordle_fast.play import play, suggestion_table
from wordle_fast.priors import PRIORS
from wordle_fast.rules import HARD_MODES
from wordle_fast.solver import GUESS_POOLS, Solver
from wordle_fast.strategies import STRATEGIES
from wordle_fast.words import load_answers, load_word_list

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130  # the shell's code for a SIGINT


def _add_word_list_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--answers", metavar="FILE",
                        help="answer list, one word per line (default: the bundled 2315)")
    parser.add_argument("--guesses", metavar="FILE",
                        help="allowed guesses, one word per line (default: the bundled 12972)")


def _add_solver_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--top", type=int, default=10, metavar="N",
                        help="how many suggestions to show (default 10)")
    parser.add_argument("--strategy", choices=list(STRATEGIES), default="entropy",
                        help="how to rank guesses (default: entropy)")
    parser.add_argument("--frequency-weight", type=float, default=0.4, metavar="W",
                        help="hybrid strategy: weight of word frequency, 0..1 (default 0.4)")
    parser.add_argument("--hard-mode", choices=HARD_MODES, default="off",
                        help="off, hard (NYT rule) or strict (every guess could be the answer)")
    parser.add_argument("--hard", dest="hard_mode", action="store_const", const="hard",
                        help="same as --hard-mode hard")
    parser.add_argument("--guess-pool", choices=GUESS_POOLS, default="allowed",
                        help="guess from every allowed word, or only from possible answers")
    parser.add_argument("--prior", choices=PRIORS, default="uniform",
                        help="how likely each answer is: uniform, or by word frequency")
    parser.add_argument("--cache-dir", metavar="DIR",
                        help="where opening tables are kept (default: $WORDLE_FAST_CACHE_DIR, "
                             "else the XDG cache directory)")
    parser.add_argument("--no-cache", action="store_true", help="do not read or write opening tables")
    _add_word_list_options(parser)


def _solver_from(args) -> Solver:
    if args.top < 1:
        raise ValueError(f"--top must be at least 1, got {args.top}")
    return Solver(args.answers, args.guesses, strategy=args.strategy,
                  guess_pool=args.guess_pool, hard_mode=args.hard_mode, prior=args.prior,
                  frequency_weight=args.frequency_weight, cache_dir=args.cache_dir,
                  use_cache=not args.no_cache)


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

    suggest = commands.add_parser(
        "suggest", help="the best next guesses after some feedback (for scripts)",
        description="Print the ranked suggestions after the given history.")
    suggest.add_argument("--history", action="append", default=[], metavar="GUESS:PATTERN",
                         help="a guess and its feedback, e.g. soare:bybbg; repeat in order")
    suggest.add_argument("--json", action="store_true", help="machine-readable output")
    _add_solver_options(suggest)
    suggest.set_defaults(run=run_suggest)

    helper = commands.add_parser(
        "play", help="interactive helper for a real game",
        description="Suggests each guess with its expected bits and asks for the feedback.")
    _add_solver_options(helper)
    helper.set_defaults(run=run_play, top=5)

    query = commands.add_parser(
        "filter", help="words fitting green / yellow / gray letters",
        description="The constraint query. Positions count from 1.")
    query.add_argument("--green", metavar="TEMPLATE",
                       help="known letters in place, '.' elsewhere, e.g. .i..e")
    query.add_argument("--yellow", nargs="*", default=[], metavar="LETTER+POSITIONS",
                       help="one entry per copy of a letter in the word, with the positions it "
                            "is not in, e.g. n3 (write one yellow seen twice once: e14)")
    query.add_argument("--gray", default="", metavar="LETTERS",
                       help="gray letters, e.g. tarbgs; e3 = E gray in position 3")
    query.add_argument("--words", choices=["answers", "guesses"], default="answers",
                       help="search the answer list (default) or every allowed guess")
    query.add_argument("--json", action="store_true", help="machine-readable output")
    _add_word_list_options(query)
    query.set_defaults(run=run_filter)

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


def _parse_history(entries: list[str]) -> list[tuple[str, str]]:
    history = []
    for entry in entries:
        guess, separator, pattern = entry.partition(":")
        if not separator or not guess.strip() or not pattern.strip():
            raise InvalidPattern(f"--history {entry!r} should be GUESS:PATTERN, e.g. soare:bybbg")
        history.append((guess, pattern))
    return history


def run_suggest(args) -> int:
    solver = _solver_from(args)
    for guess, pattern in _parse_history(args.history):
        solver.update(guess, pattern)
    suggestions = solver.suggest(top=args.top)
    if args.json:
        json.dump({
            "candidates": solver.n_candidates,
            "candidate_words": solver.candidates if solver.n_candidates <= 100 else None,
            "history": [asdict(turn) for turn in solver.history],
            "solved": solver.solved,
            "suggestions": [{"rank": rank, **asdict(s)} for rank, s in enumerate(suggestions, 1)],
        }, sys.stdout, indent=2)
        print()
        return EXIT_OK
    for turn in solver.history:
        print(f"{turn.guess} {turn.pattern_text}: {turn.bits:.2f} bits, "
              f"{turn.candidates_after} left")
    if solver.solved:
        print(f"solved: {solver.history[-1].guess}")
        return EXIT_OK
    print(f"{solver.n_candidates} candidates"
          + (": " + ", ".join(solver.candidates) if solver.n_candidates <= 12 else ""))
    print("\n".join(suggestion_table(suggestions)))
    return EXIT_OK


def run_play(args) -> int:
    return play(_solver_from(args), top=args.top)


def run_filter(args) -> int:
    if args.words == "answers":
        words = load_answers() if args.answers is None else load_word_list(args.answers)
    else:
        words = Lexicon(args.answers, args.guesses).guesses
    found = find_words(words, green=args.green, yellow=args.yellow, gray=args.gray)
    if args.json:
        json.dump({"count": len(found), "words": found}, sys.stdout, indent=2)
        print()
    else:
        print(f"{len(found)} word{'s' if len(found) != 1 else ''}")
        for start in range(0, len(found), 10):
            print("  " + " ".join(found[start:start + 10]))
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
    except KeyboardInterrupt:
        print(f"wordle-fast {args.command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
