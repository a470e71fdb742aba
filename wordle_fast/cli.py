"""The ``wordle-fast`` command line.

Exit codes: 0 success, 2 bad usage or bad input (message on stderr, no
traceback), 130 interrupted by Ctrl-C.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import os
import random
import sys
import time
from pathlib import Path

import numpy as np

from dataclasses import asdict

from wordle_fast.cache import words_digest, write_atomically
from wordle_fast.constraints import find_words
from wordle_fast.errors import (
    EXIT_INTERRUPTED, InvalidOption, InvalidPattern, WordleError, whole_number)
from wordle_fast.lexicon import Lexicon, feedback
from wordle_fast.patterns import format_pattern
from wordle_fast.play import PARTIAL_NOTE, play, score_label, suggestion_table
from wordle_fast.plot import plot_boards_distribution, plot_distribution
from wordle_fast.priors import PRIORS
from wordle_fast.rules import HARD_MODES, guess_limit, mode_name
from wordle_fast.simulation import rank_openers, simulate
from wordle_fast.solver import GUESS_POOLS, Solver
from wordle_fast.strategies import DEFAULT_SOLVE_BONUS, STRATEGIES
from wordle_fast.words import (
    DEFAULT_EDITION, EDITIONS, counted, distribution_text, edition, load_answers, load_guesses,
    load_word_list)

EXIT_OK = 0
EXIT_BAD_INPUT = 2

# measure -> (GuessScore attribute, True if larger is better)
OPENER_MEASURES = {
    "entropy": ("expected_bits", True),
    "expected-remaining": ("expected_remaining", False),
    "largest-bucket": ("largest_bucket", False),
    "buckets": ("n_buckets", True),
}


class ProgressBar:
    """A one-line progress bar on standard error, only on a terminal, with
    the rate and the time left."""

    def __init__(self, label: str, enabled: bool):
        self.label = label
        self.enabled = enabled and sys.stderr.isatty()
        self.first = None        # (time, done) at the first report: a resumed run starts part-way
        self.last_drawn = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if self.first is None:
            self.first = (now, done)
        if not self.enabled or (now - self.last_drawn < 0.1 and done < total):
            return
        self.last_drawn = now
        width = 30
        filled = int(width * done / total) if total else width
        elapsed, progressed = now - self.first[0], done - self.first[1]
        rate = progressed / elapsed if elapsed > 0 else 0.0
        text = f"{done}/{total}"
        if rate > 0:
            text += f" {rate:,.1f}/s" if rate < 10 else f" {rate:,.0f}/s"
            if done < total:
                text += f", {duration_text((total - done) / rate)} left"
        sys.stderr.write(f"\r{self.label}: [{'#' * filled}{'.' * (width - filled)}] {text}\x1b[K")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def duration_text(seconds: float) -> str:
    """A rough duration for people: '40 s', '12 min', '3.5 h'."""
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _add_word_list_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lists", metavar="NAME", type=str.lower,
                        help="a bundled edition of the lists: " + ", ".join(EDITIONS)
                        + " (default: original; see 'wordle-fast lists')")
    parser.add_argument("--answers", metavar="FILE",
                        help="answer list, one word per line (default: the bundled 2315)")
    parser.add_argument("--guesses", metavar="FILE",
                        help="allowed guesses, one word per line (default: the bundled 12972)")


def _check_lists(args) -> None:
    """--lists names both lists: with --answers or --guesses it is unclear
    which list the user meant."""
    if getattr(args, "lists", None) is None:
        return
    edition(args.lists)    # an unknown name lists the known ones
    given = [flag for flag, value in (("--answers", args.answers), ("--guesses", args.guesses))
             if value is not None]
    if given:
        raise InvalidOption(f"--lists {args.lists} and {' and '.join(given)} both name word "
                            "lists: give an edition with --lists, or files with --answers "
                            "and --guesses")


SHARE_TEXT_LIMIT = 1 << 16   # characters read from standard input for analyze --words


def _check_limit(flag: str, value: int | None) -> None:
    """A guess limit given on the command line: 1 to MAX_GUESS_LIMIT."""
    if value is not None:
        guess_limit(value, what=flag)


def _lexicon(args) -> Lexicon:
    """The lexicon of the lists the command names (--lists, or files)."""
    if args.lists is not None:
        return Lexicon.edition(args.lists)
    return Lexicon(answers=args.answers, guesses=args.guesses)


def _add_solver_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--top", type=int, default=10, metavar="N",
                        help="how many suggestions to show (default 10)")
    parser.add_argument("--strategy", choices=list(STRATEGIES) + ["finish"], default=None,
                        help="how to rank guesses (default: entropy; with --boards, "
                             "solve-bonus; finish plays several boards only)")
    parser.add_argument("--frequency-weight", type=float, default=None, metavar="W",
                        help="hybrid strategy: weight of word frequency, 0..1 (default 0.4)")
    parser.add_argument("--solve-bonus", type=float, default=None, metavar="BITS",
                        help=f"solve-bonus strategy: bits a guess gains per board it may "
                             f"solve now (default {DEFAULT_SOLVE_BONUS:g})")
    _add_lookahead_options(parser)
    _add_hard_mode_options(parser)
    parser.add_argument("--guess-pool", choices=GUESS_POOLS, default="allowed",
                        help="guess from every allowed word, or only from possible answers")
    parser.add_argument("--prior", choices=PRIORS, default="uniform",
                        help="how likely each answer is: uniform, or by word frequency")
    parser.add_argument("--cache-dir", metavar="DIR",
                        help="where opening tables are kept (default: $WORDLE_FAST_CACHE_DIR, "
                             "else the XDG cache directory)")
    parser.add_argument("--no-cache", action="store_true", help="do not read or write opening tables")
    _add_word_list_options(parser)


def _add_hard_mode_options(parser: argparse.ArgumentParser,
                           help: str = "off (default), hard (the NYT rule) or strict (every "
                                       "guess could be the answer)") -> None:
    parser.add_argument("--hard-mode", choices=HARD_MODES, default=None, help=help)
    parser.add_argument("--hard", dest="hard_flag", action="store_true",
                        help="same as --hard-mode hard")


def _resolve_hard_mode(args) -> None:
    """Fold ``--hard`` into ``--hard-mode``; the two must not disagree."""
    if not hasattr(args, "hard_flag"):
        return
    if args.hard_flag and args.hard_mode not in (None, "hard"):
        raise InvalidOption(f"--hard means --hard-mode hard, which contradicts --hard-mode "
                            f"{args.hard_mode}: give one of the two")
    if args.hard_flag:
        args.hard_mode = "hard"
    elif args.hard_mode is None and args.command not in ("verify-tree", "analyze"):
        args.hard_mode = "off"   # those two take the mode their input records


def _add_json_option(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--json", nargs="?", const="-", default=None, metavar="FILE",
                        help=f"{what} as JSON, to FILE or, with no FILE or '-', to standard "
                             "output (then nothing else is printed there)")


def _add_lookahead_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--depth", type=int, default=None, metavar="K",
                        help="lookahead: steps of entropy to look ahead (default 2)")
    parser.add_argument("--width", type=int, default=None, metavar="W",
                        help="lookahead: expand only the best W guesses by one-step entropy "
                             "at each level (default: all, exact)")


def _add_boards_options(parser: argparse.ArgumentParser, limit: bool = True) -> None:
    parser.add_argument("--boards", type=int, default=1, metavar="K",
                        help="play K boards at once, every guess on each: 2 Dordle, 4 Quordle, "
                             "8 Octordle (default 1)")
    if limit:
        parser.add_argument("--max-turns", type=int, default=None, metavar="N",
                            help="the guess limit with --boards (default K + 5: 7, 9, 13)")


def _solver_from(args) -> Solver:
    if args.top < 1:
        raise InvalidOption(f"--top must be at least 1, got {args.top}")
    if args.boards != 1:
        return _boards_solver_from(args)
    if args.command != "simulate" and args.max_turns is not None:
        # (simulate's limit applies to one board too; the helper plays one board to the end)
        raise InvalidOption("--max-turns sets the guess limit of several boards (--boards K, K "
                            "2 or more); one board is played until it is solved: drop "
                            "--max-turns")
    if args.strategy == "finish":
        raise InvalidOption("--strategy finish plays several boards (--boards K); on one board "
                            "it plays as entropy")
    _only_with(args, args.strategy == "solve-bonus", "--strategy solve-bonus",
               solve_bonus="--solve-bonus")
    _only_with(args, args.strategy == "lookahead", "--strategy lookahead",
               depth="--depth", width="--width")
    _only_with(args, args.strategy == "hybrid", "--strategy hybrid",
               frequency_weight="--frequency-weight")
    if args.no_cache and args.cache_dir is not None:
        raise InvalidOption("--no-cache and --cache-dir contradict each other: give one")
    solver = Solver(args.answers, args.guesses, lists=args.lists,
                    strategy=_given(args.strategy, "entropy"),
                    guess_pool=args.guess_pool, hard_mode=args.hard_mode, prior=args.prior,
                    frequency_weight=_given(args.frequency_weight, 0.4),
                    depth=_given(args.depth, 2), width=args.width,
                    solve_bonus=_given(args.solve_bonus, DEFAULT_SOLVE_BONUS),
                    cache_dir=args.cache_dir, use_cache=not args.no_cache)
    if solver.strategy.name == "lookahead" and not getattr(args, "quiet", False):
        solver.strategy.progress = ProgressBar(f"Looking {solver.strategy.depth} steps ahead",
                                               enabled=True)
    return solver


def _boards_solver_from(args):
    """A ``BoardsSolver`` for --boards K, refusing the options it has no use for."""
    from wordle_fast.boards import BOARD_STRATEGIES, BoardsSolver

    for flag, value in (("--depth", args.depth), ("--width", args.width),
                        ("--frequency-weight", args.frequency_weight),
                        ("--cache-dir", args.cache_dir), ("--no-cache", args.no_cache or None)):
        if value is not None:
            raise InvalidOption(f"{flag} does not apply to several boards; drop it")
    if args.hard_mode != "off":
        raise InvalidOption("hard mode is a one-board rule; play --boards with hard mode off")
    strategy = _given(args.strategy, BOARD_STRATEGIES[0])
    if strategy not in BOARD_STRATEGIES:
        raise InvalidOption(f"--strategy {strategy} plays one board; with --boards choose one "
                            f"of {', '.join(BOARD_STRATEGIES)}")
    _only_with(args, strategy == "solve-bonus", "--strategy solve-bonus",
               solve_bonus="--solve-bonus")
    return BoardsSolver(args.answers, args.guesses, lists=args.lists, boards=args.boards,
                        max_guesses=args.max_turns, strategy=strategy,
                        bonus=_given(args.solve_bonus, DEFAULT_SOLVE_BONUS),
                        guess_pool=args.guess_pool, prior=args.prior)


def _given(value, default):
    return default if value is None else value


def _only_with(args, applies: bool, needed: str, **options) -> None:
    """An option that does nothing in the chosen mode is an error, so that a
    user never believes it took effect."""
    if applies:
        return
    given = " and ".join(flag for name, flag in options.items()
                         if getattr(args, name, None) not in (None, False))
    if given:
        verb = "apply" if " and " in given else "applies"
        raise InvalidOption(f"{given} only {verb} with {needed}; add it or drop {given}")


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
    _add_json_option(suggest, "the suggestions and the state")
    _add_solver_options(suggest)
    _add_boards_options(suggest)
    suggest.set_defaults(run=run_suggest)

    helper = commands.add_parser(
        "play", help="interactive helper for a real game",
        description="Suggests each guess with its expected bits and asks for the feedback.")
    helper.add_argument("--absurdle", action="store_true",
                        help="play Absurdle: no hidden word, this program keeps the largest "
                             "group of answers after each guess")
    _add_solver_options(helper)
    _add_boards_options(helper)
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
    _add_json_option(query, "the words found")
    _add_word_list_options(query)
    query.set_defaults(run=run_filter)

    sim = commands.add_parser(
        "simulate", help="play every answer and report the results",
        description="Play every answer (or a subset or sample) with one strategy and "
                    "report success rate, mean and median guesses, the distribution, failures.")
    sim.add_argument("--opener", metavar="WORD", help="a fixed first guess")
    sim.add_argument("--play", nargs="+", action="extend", metavar="WORD",
                     help="play only these answers (with --boards, each game as its answers "
                          "joined by commas: cigar,rebut,sissy,humph)")
    sim.add_argument("--sample", type=int, metavar="N", help="play N answers drawn at random")
    sim.add_argument("--seed", type=int, default=None, help="random seed for --sample (default 0)")
    sim.add_argument("--max-turns", type=int, default=None, metavar="N",
                     help="guesses allowed (default 6; with --boards K, K + 5)")
    sim.add_argument("--workers", type=int, default=1, metavar="N",
                     help="processes (default 1: the kernels already use every core; "
                          "more pays with strict hard mode)")
    _add_json_option(sim, "the whole result, every game included,")
    sim.add_argument("--plot", metavar="FILE", help="draw the distribution (needs matplotlib: "
                                                  "pip install 'wordle-fast[plot]')")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_solver_options(sim)
    _add_boards_options(sim, limit=False)
    sim.set_defaults(run=run_simulate)

    exact = commands.add_parser(
        "optimal", help="prove the fewest total guesses, with the decision tree",
        description="Exact search for the minimum total guesses over every answer "
                    "(T(S) = |S| + min_g sum T(S_r)), in normal, hard or strict mode.")
    exact.add_argument("--opener", metavar="WORD",
                       help="the first guess (default: prove the best over every allowed "
                            "guess, from the shipped exact table when the lists match)")
    exact.add_argument("--candidates", type=int, default=None, metavar="N",
                       help="quick path: the best of the N openers with the smallest expected "
                            "remaining set (reported as such, not as optimal)")
    exact.add_argument("--workers", type=int, default=None, metavar="N",
                       help="without --opener: processes for the search stage (default: one "
                            "per core)")
    exact.add_argument("--recompute", action="store_true",
                       help="without --opener: ignore the shipped table and saved results")
    exact.add_argument("--max-guesses", type=int, default=6, metavar="N",
                       help="guesses allowed per game (default 6)")
    _add_hard_mode_options(exact)
    _add_json_option(exact, "opener, totals, distribution, tree and certificate")
    exact.add_argument("--tree", metavar="FILE",
                       help="the tree as indented text, to FILE or '-' for standard output")
    exact.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_word_list_options(exact)
    exact.set_defaults(run=run_optimal)

    verify = commands.add_parser(
        "verify-tree", help="replay every answer through a decision tree",
        description="Check a tree written by 'optimal --json': every answer solved, every "
                    "pattern right, the guess limit and the hard-mode rule kept; print its total.")
    verify.add_argument("file", help="a JSON tree (the 'optimal --json' file, or the tree "
                                     "alone); '-' reads standard input")
    _add_json_option(verify, "the replay's figures")
    _add_hard_mode_options(verify, "the rule to check (default: the mode the file records, "
                                   "else off)")
    verify.add_argument("--max-guesses", type=int, default=None, metavar="N",
                        help="the guess limit (default: the file's, else 6)")
    _add_word_list_options(verify)
    verify.set_defaults(run=run_verify_tree)

    review = commands.add_parser(
        "analyze", help="grade each guess of a played game against optimal play",
        description="For each turn: the answers possible, the exact expected number of guesses "
                    "to finish with your guess and with the best one (optimal play after), the "
                    "guesses lost, the same turn in bits, the pattern's probability and the "
                    "luck it brought. Give the words played, the answer last "
                    "(analyze salet acorn grand), or word:pattern rows for any game "
                    "(analyze salet:bybbb acorn:ybbyy).")
    review.add_argument("words", nargs="*", metavar="WORD[:PATTERN]")
    review.add_argument("--words", dest="share_words", metavar="W1,W2,...",
                        help="the words played, for an NYT share text read from standard "
                             "input ('Wordle 1,234 4/6*' and the rows of tiles)")
    review.add_argument("--max-guesses", type=int, default=None, metavar="N",
                        help="guesses allowed per game (default 6, or the share text's)")
    _add_hard_mode_options(review)
    _add_json_option(review, "the analysis")
    review.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_word_list_options(review)
    review.set_defaults(run=run_analyze)

    openers = commands.add_parser(
        "openers", help="score every first guess; optionally simulate the best",
        description="Rank every allowed first guess by a measure of its pattern distribution "
                    "over the answers (entropy by default, with the seeds' tie-breakers); "
                    "--simulate K plays every answer with each of the top K and ranks them "
                    "by mean guesses.")
    openers.add_argument("--top", type=int, default=10, metavar="N",
                         help="how many to show (default 10; 0 for all)")
    openers.add_argument("--by", choices=list(OPENER_MEASURES), default="entropy",
                         help="the measure to sort by (default: entropy)")
    openers.add_argument("--guess-pool", choices=["allowed", "candidates"], default="allowed",
                         help="score every allowed guess, or only possible answers")
    openers.add_argument("--simulate", type=int, default=0, metavar="K",
                         help="play every answer with each of the top K openers")
    _add_lookahead_options(openers)
    openers.set_defaults(depth=1)
    openers.add_argument("--exact", action="store_true",
                         help="the exact opening table: every allowed opener's proven total "
                              "(within --within of the optimum) or a proven lower bound; read "
                              "from the shipped table when the lists match, else computed, "
                              "saved as it goes and resumed by a rerun")
    openers.add_argument("--within", type=int, default=None, metavar="D",
                         help="with --exact: exact totals for every opener within D of the "
                              "optimum (default 0: the optimum and its ties)")
    openers.add_argument("--max-guesses", type=int, default=None, metavar="N",
                         help="guesses allowed per game, with --exact (default 6)")
    openers.add_argument("--results", metavar="FILE",
                         help="where --exact keeps proven entries (default: the cache directory)")
    openers.add_argument("--recompute", action="store_true",
                         help="with --exact: ignore the shipped table and saved results")
    openers.add_argument("--scheduler", metavar="ADDRESS",
                         help="with --exact: share the proofs out over the Dask cluster whose "
                              "scheduler is at ADDRESS (e.g. tcp://10.0.0.5:8786) instead of "
                              "local --workers; needs wordle-fast[cluster] here and on the "
                              "workers")
    openers.add_argument("--strategy", choices=list(STRATEGIES), default=None,
                         help="strategy after the opener, with --simulate")
    _add_hard_mode_options(openers, "hard mode for --simulate, --exact and --depth")
    openers.add_argument("--workers", type=int, default=None, metavar="N",
                         help="processes for --simulate (default 1) or for the search stage "
                              "of --exact (default: one per core)")
    openers.add_argument("--quiet", action="store_true", help="no progress bar")
    output = openers.add_mutually_exclusive_group()
    _add_json_option(output, "the ranking")
    output.add_argument("--csv", action="store_true", help="comma-separated output")
    _add_word_list_options(openers)
    openers.set_defaults(run=run_openers)

    adversary = commands.add_parser(
        "absurdle", help="prove the fewest guesses that win Absurdle, with the winning line",
        description="Absurdle keeps the largest bucket of answers after each guess (here any "
                    "of the largest, so the result holds whatever tie rule a game uses). "
                    "Searches 1, 2, ... guesses: the first that wins for every reply is "
                    "printed with its winning line, and every smaller number is refuted.")
    adversary.add_argument("--max-guesses", type=int, default=8, metavar="N",
                           help="give up above N guesses (default 8)")
    _add_hard_mode_options(adversary)
    _add_json_option(adversary, "the result and the winning tree")
    adversary.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_word_list_options(adversary)
    adversary.set_defaults(run=run_absurdle)

    editions = commands.add_parser(
        "lists", help="the bundled editions of the word lists, for --lists",
        description="Each bundled edition of the word lists: its name (for --lists), its "
                    "answers and guesses, the SHA-256 of each list (what caches and results "
                    "files are keyed by), and what it is.")
    _add_json_option(editions, "the editions")
    editions.set_defaults(run=run_lists)
    return parser


def run_feedback(args) -> int:
    code = feedback(args.guess, args.answer)
    length = len(args.guess.strip())
    print(f"{args.guess.strip().lower()} against {args.answer.strip().lower()}")
    for style in ("letters", "digits", "emoji"):
        print(f"  {style:<8} {format_pattern(code, length, style)}")
    print(f"  {'code':<8} {code}")
    return EXIT_OK


def run_lists(args) -> int:
    import hashlib
    from importlib import resources

    def file_digest(name):
        data = resources.files("wordle_fast.data").joinpath(name).read_bytes()
        return hashlib.sha256(data).hexdigest()

    _check_output("--json", args.json)
    rows = []
    for found in EDITIONS.values():
        answers, guesses = load_answers(found.name), load_guesses(found.name)
        # *_sha256: of the words joined by newlines, what caches and results
        # files key on; *_file_sha256: of the bundled file, as sha256sum gives
        rows.append({"name": found.name, "default": found.name == DEFAULT_EDITION,
                     "answers": len(answers), "guesses": len(guesses),
                     "answers_sha256": words_digest(answers),
                     "guesses_sha256": words_digest(guesses),
                     "answers_file": found.answers_file, "guesses_file": found.guesses_file,
                     "answers_file_sha256": file_digest(found.answers_file),
                     "guesses_file_sha256": file_digest(found.guesses_file),
                     "what": found.what})
    if args.json:
        _write(args.json, _json_text({"editions": rows}))
        if args.json == "-":
            return EXIT_OK
    print(f"{'edition':<12} {'answers':>7} {'guesses':>7}  {'answers key':<14}  "
          f"{'guesses key':<14}  what")
    for row in rows:
        name = row["name"] + (" *" if row["default"] else "")
        print(f"{name:<12} {row['answers']:>7} {row['guesses']:>7}  "
              f"{row['answers_sha256'][:12]:<14}  {row['guesses_sha256'][:12]:<14}  {row['what']}")
    print("* the default. Use one with --lists NAME; sources and dates: data/README.md.\n"
          "key: the SHA-256 of the words joined by newlines, as caches and results files name "
          "the lists (--json also gives each file's own SHA-256)")
    _wrote(args.json)
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
    _check_output("--json", args.json)
    solver = _solver_from(args)
    if args.boards != 1:
        return _suggest_boards(args, solver)
    for guess, pattern in _parse_history(args.history):
        solver.update(guess, pattern)
    suggestions = solver.suggest(top=args.top)
    # From the empty board the optimal strategy reads the exact opening table.
    opening = (solver.strategy.opening_table(solver.lexicon, solver.hard_mode).source
               if solver.strategy.name == "optimal" and not solver.history else None)
    if args.json:
        _write(args.json, _json_text({
            "opening_table": opening,
            "candidates": solver.n_candidates,
            "candidate_words": solver.candidates if solver.n_candidates <= 100 else None,
            "history": [asdict(turn) for turn in solver.history],
            "solved": solver.solved,
            "partial": solver.ranking_partial,
            "suggestions": [{"rank": rank, **asdict(s)} for rank, s in enumerate(suggestions, 1)],
        }))
        if args.json == "-":
            return EXIT_OK
    for turn in solver.history:
        print(f"{turn.guess} {turn.pattern_text}: {turn.bits:.2f} bits, "
              f"{turn.candidates_after} left")
    if solver.solved:
        print(f"solved: {solver.history[-1].guess}")
    else:
        print(counted(solver.n_candidates, "candidate")
              + (": " + ", ".join(solver.candidates) if solver.n_candidates <= 12 else ""))
        print("\n".join(suggestion_table(suggestions, score_label(solver.strategy))))
        if solver.ranking_partial:
            print(PARTIAL_NOTE)
        if opening is not None:
            print(f"values from the exact opening table ({opening}); every opener's "
                  "certificate: wordle-fast openers --exact")
    _wrote(args.json)
    return EXIT_OK


def _suggest_boards(args, solver) -> int:
    from wordle_fast.play import board_columns, boards_score_label, boards_suggestion_table

    for guess, patterns in _parse_history(args.history):
        solver.update(guess, patterns)
    suggestions = solver.suggest(top=args.top)
    if args.json:
        _write(args.json, _json_text({
            "boards": solver.boards, "max_guesses": solver.max_guesses,
            "candidates": [solver.n_candidates(b) for b in range(solver.boards)],
            "candidate_words": [solver.candidates(b) if solver.n_candidates(b) <= 100 else None
                                for b in range(solver.boards)],
            "solved_at": [solver.solved_at(b) for b in range(solver.boards)],
            "history": [asdict(turn) for turn in solver.history],
            "solved": solver.solved, "lost": solver.lost,
            "suggestions": [{"rank": rank, **asdict(s)} for rank, s in enumerate(suggestions, 1)],
        }))
        if args.json == "-":
            return EXIT_OK
    for turn in solver.history:
        shown = " ".join(text or "-----" for text in turn.pattern_texts)
        print(f"{turn.guess} {shown}")
    print("\n".join(board_columns(solver)))
    if solver.solved:
        print(f"solved: every board in {counted(len(solver.history), 'guess', 'guesses')}")
    else:
        if solver.lost:
            print(f"past the limit of {solver.max_guesses} guesses: the game is lost")
        print("\n".join(boards_suggestion_table(suggestions, boards_score_label(solver.strategy))))
    _wrote(args.json)
    return EXIT_OK


def run_play(args) -> int:
    if args.absurdle and args.boards != 1:
        raise InvalidOption("--absurdle plays one board; drop --boards")
    if args.absurdle:
        # the adversary gives no suggestions: the options that shape them do nothing
        given = [flag for flag, value, default in (
            ("--strategy", args.strategy, None), ("--solve-bonus", args.solve_bonus, None),
            ("--guess-pool", args.guess_pool,
                                                       "allowed"),
            ("--prior", args.prior, "uniform"), ("--top", args.top, 5),
            ("--frequency-weight", args.frequency_weight, None), ("--depth", args.depth, None),
            ("--width", args.width, None), ("--cache-dir", args.cache_dir, None),
            ("--no-cache", args.no_cache, False)) if value != default]
        if given:
            verb = "shape" if len(given) > 1 else "shapes"
            raise InvalidOption(f"{' and '.join(given)} {verb} the helper's suggestions, which "
                                "--absurdle does not give; drop them")
    solver = _solver_from(args)
    if sys.stdin.isatty():
        import readline  # noqa: F401  (input() then edits the line: arrows, history)
    if args.absurdle:
        from wordle_fast.play import play_absurdle
        return play_absurdle(solver)
    if args.boards != 1:
        from wordle_fast.play import play_boards
        return play_boards(solver, top=args.top)
    return play(solver, top=args.top)


def run_filter(args) -> int:
    _check_output("--json", args.json)
    if args.words == "answers" and args.answers is not None:
        words = load_word_list(args.answers)
    elif args.words == "answers":
        words = load_answers(args.lists or DEFAULT_EDITION)
    else:
        words = _lexicon(args).guesses
    found = find_words(words, green=args.green, yellow=args.yellow, gray=args.gray)
    if args.json:
        _write(args.json, _json_text({"count": len(found), "words": found}))
        if args.json == "-":
            return EXIT_OK
    print(counted(len(found), "word"))
    for start in range(0, len(found), 10):
        print("  " + " ".join(found[start:start + 10]))
    _wrote(args.json)
    return EXIT_OK


def _check_output(option: str, path: str | None) -> None:
    """Refuse, before any work, an output path that cannot be written: a
    folder, a missing or read-only folder, a read-only file."""
    if path is None or path == "-":
        return
    target = Path(path).expanduser()
    if target.is_dir():
        raise InvalidOption(f"{option} {path} is a folder; name a file in it")
    folder = target.resolve().parent
    if not folder.is_dir():
        raise InvalidOption(f"{option} {path}: the folder {folder} does not exist; "
                            "create it first")
    if target.exists() and not os.access(target, os.W_OK):
        raise InvalidOption(f"{option} {path} is read-only; name another file")
    if option != "--results" and target.is_file():
        from wordle_fast.openings import is_results_file

        if is_results_file(target):
            raise InvalidOption(f"{option} {path} holds exact opening results, which writing "
                                "there would lose; name another file")
    probe = folder / f".wordle-fast-probe-{os.getpid()}"
    try:
        probe.open("x").close()
        probe.unlink()
    except OSError as error:
        why = error.strerror or error
        raise InvalidOption(f"{option} {path}: cannot write in {folder} ({why}); name a file "
                            "in another folder") from None


def _json_text(data) -> str:
    return json.dumps(data, indent=2) + "\n"


def _write(path: str, text: str) -> None:
    """``text`` to standard output for '-', else to the file, atomically."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        write_atomically(path, lambda temporary: temporary.write_text(text, encoding="utf-8"))


def _wrote(path: str | None) -> None:
    if path is not None and path != "-":
        print(f"Wrote {path}")


def _capped_workers(option: str, workers: int | None, work: int, default: int = 1) -> int:
    """``workers`` capped at the cores this process may use and at the
    pieces of work, saying so on standard error when it is."""
    if workers is None:
        return max(1, min(default, work))
    if workers < 1:
        raise InvalidOption(f"{option} must be at least 1, got {workers}")
    if workers == 1:
        return 1     # nothing to cap (and no need to load the opening-table module)
    from wordle_fast.openings import default_workers

    cores = default_workers()
    capped = max(1, min(workers, cores, work))
    if capped < workers:
        why = f"the {counted(cores, 'core')} this process may use" if capped == cores else \
            f"the {counted(work, 'piece of work', 'pieces of work')}"
        print(f"wordle-fast: {option} {workers} capped at {capped}, {why}", file=sys.stderr)
    return capped


def run_simulate(args) -> int:
    # Every check before any work: a bad option never costs a simulation.
    if args.workers < 1:
        raise InvalidOption(f"--workers must be at least 1, got {args.workers}")
    _check_limit("--max-turns", args.max_turns)
    if args.boards != 1:
        return _simulate_boards(args)
    _only_with(args, args.sample is not None, "--sample", seed="--seed")
    _check_plot(args.plot)
    _check_output("--json", args.json)
    solver = _solver_from(args)
    lexicon = solver.lexicon
    if args.opener:
        solver.check_guess(args.opener)
    answers = None
    if args.play:
        answers = [lexicon.answers[lexicon.answer_index(word)] for word in args.play]
    if args.sample is not None:
        pool = answers or list(lexicon.answers)
        if not 1 <= args.sample <= len(pool):
            raise InvalidOption(f"--sample must be within 1..{len(pool)}, got {args.sample}")
        answers = random.Random(_given(args.seed, 0)).sample(pool, args.sample)
    games = len(answers) if answers is not None else lexicon.n_answers
    workers = _capped_workers("--workers", args.workers, games)
    progress = ProgressBar("Simulating", enabled=not args.quiet)
    result = simulate(solver, answers=answers, opener=args.opener,
                      max_turns=_given(args.max_turns, 6),
                      workers=workers, progress=progress)
    _report(result, args.json, args.plot, plot_distribution)
    return EXIT_OK


def _check_plot(path: str | None) -> None:
    """Refuse, before any work, a --plot that could not be drawn."""
    if not path:
        return
    _check_output("--plot", path)
    if path == "-":
        raise InvalidOption("--plot needs a file name; '-' is not a picture file")
    if importlib.util.find_spec("matplotlib") is None:
        raise InvalidOption("--plot needs matplotlib, which is not installed: "
                            "pip install 'wordle-fast[plot]'")


def _simulate_boards(args) -> int:
    from wordle_fast.boards import MAX_BOARD_GAMES, simulate_boards

    if args.opener is not None:
        raise InvalidOption("--opener fixes one board's first guess; with --boards the strategy "
                            "chooses every guess: drop --opener")
    _check_plot(args.plot)
    _check_output("--json", args.json)
    if args.play and (args.sample is not None or args.seed is not None):
        raise InvalidOption("--play names the games and --sample/--seed draw them: give one")
    solver = _boards_solver_from(args)
    tuples = None
    if args.play:
        tuples = [tuple(word for word in entry.replace("/", ",").split(",") if word)
                  for entry in args.play]
    sample = whole_number(_given(args.sample, 1000), "--sample", minimum=1,
                          maximum=MAX_BOARD_GAMES)
    workers = _capped_workers("--workers", args.workers, len(tuples) if tuples else sample)
    progress = ProgressBar("Simulating", enabled=not args.quiet)
    result = simulate_boards(solver, sample=sample, seed=_given(args.seed, 0), tuples=tuples,
                             workers=workers, progress=progress)
    _report(result, args.json, args.plot, plot_boards_distribution)
    return EXIT_OK


def _report(result, json_path: str | None, plot_path: str | None, draw) -> None:
    """A simulation's summary for people, its JSON to ``json_path`` and
    its plot, drawn by ``draw`` (a function of ``wordle_fast.plot``), to
    ``plot_path`` (each when given)."""
    say = _human_output(json_path)
    say(result.summary())
    if json_path:
        _write(json_path, _json_text(result.to_dict()))
        _wrote(json_path)
    if plot_path:
        write_atomically(plot_path, lambda path: draw(result, path, plot_path))
        say(f"Wrote plot: {plot_path}")


def _human_output(*machine_outputs):
    """Where the human summary goes: standard output, or standard error when
    a machine-readable output took standard output."""
    if "-" in machine_outputs:
        return lambda text: print(text, file=sys.stderr)
    return print


def run_openers(args) -> int:
    if args.top < 0:
        raise InvalidOption(f"--top must be 0 (all) or more, got {args.top}")
    if args.simulate < 0:
        raise InvalidOption(f"--simulate must be 0 or more, got {args.simulate}")
    _only_with(args, args.exact, "--exact", within="--within",
               max_guesses="--max-guesses", results="--results", recompute="--recompute",
               scheduler="--scheduler")
    _only_with(args, args.simulate > 0, "--simulate K", strategy="--strategy")
    _only_with(args, args.simulate > 0 or args.exact, "--simulate K or --exact",
               workers="--workers")
    _only_with(args, args.depth > 1, "--depth 2 or more", width="--width")
    if args.depth < 1:
        raise InvalidOption(f"--depth must be at least 1, got {args.depth}")
    if args.results == "-":
        raise InvalidOption("--results needs a file name: the proofs are saved there as they "
                            "go, and read back by a rerun")
    _check_output("--json", args.json)
    _check_output("--results", args.results)
    started = time.perf_counter()
    lexicon = _lexicon(args)
    if args.exact:
        return _exact_openers(args, lexicon, started)
    if args.depth > 1:
        return _openers_by_lookahead(args, lexicon, started)
    scores = lexicon.score(pool=args.guess_pool)
    attribute, larger_is_better = OPENER_MEASURES[args.by]
    ranked = scores.ranked()
    if args.by != "entropy":
        # stable sort on the measure keeps the entropy order among equals
        ranked.sort(key=lambda row: -getattr(row, attribute) if larger_is_better
                    else getattr(row, attribute))
    elapsed = time.perf_counter() - started
    shown = ranked[:args.top] if args.top else ranked
    simulations = {}
    if args.simulate:
        openers = [row.word for row in ranked[:args.simulate]]
        config = {"lexicon": lexicon, "strategy": _given(args.strategy, "entropy"),
                  "guess_pool": args.guess_pool, "hard_mode": args.hard_mode}
        workers = _capped_workers("--workers", args.workers, len(openers))
        progress = ProgressBar("Simulating openers", enabled=not args.quiet)
        for result in rank_openers(config, openers, workers=workers, progress=progress):
            simulations[result.config["opener"]] = result
    if args.json:
        _write(args.json, _json_text({
            "answers": lexicon.n_answers, "guesses_scored": len(scores), "sorted_by": args.by,
            "openers": [{"rank": rank, **vars(row)} for rank, row in enumerate(shown, 1)],
            "simulated": [{"rank": rank, "opener": word, **result.to_dict(sequences=False)}
                          for rank, (word, result) in enumerate(simulations.items(), 1)],
        }))
        if args.json == "-":
            return EXIT_OK
    if args.csv:
        writer = csv.writer(sys.stdout)
        writer.writerow(["rank", "word", "expected_bits", "expected_remaining", "largest_bucket",
                         "n_buckets", "is_candidate"])
        for rank, row in enumerate(shown, 1):
            writer.writerow([rank, row.word, f"{row.expected_bits:.6f}",
                             f"{row.expected_remaining:.4f}", row.largest_bucket, row.n_buckets,
                             int(row.is_candidate)])
        return EXIT_OK
    width = max(5, lexicon.length)
    print(f"{'rank':>4}  {'guess':<{width}}  {'bits':>7}  {'E[left]':>8}  {'worst':>5}  "
          f"{'buckets':>7}  answer?")
    for rank, row in enumerate(shown, 1):
        print(f"{rank:>4}  {row.word:<{width}}  {row.expected_bits:>7.4f}  "
              f"{row.expected_remaining:>8.2f}  {row.largest_bucket:>5}  {row.n_buckets:>7}  "
              f"{'yes' if row.is_candidate else 'no'}")
    print(f"scored {counted(len(scores), 'guess', 'guesses')} over "
          f"{counted(lexicon.n_answers, 'answer')} in "
          f"{elapsed * 1000:.0f} ms (lists loaded, matrix built, every guess scored)")
    if simulations:
        print(f"\nEvery answer played with each of the top {len(simulations)} openers "
              f"(strategy {config['strategy']}, hard mode {args.hard_mode}):")
        print(f"{'rank':>4}  {'opener':<{width}}  {'mean':>6}  {'solved':>7}  {'failed':>6}  "
              f"{'worst':>5}  distribution 1..6")
        for rank, (word, result) in enumerate(simulations.items(), 1):
            worst = max(len(g) for g in result.sequences.values())
            print(f"{rank:>4}  {word:<{width}}  {result.mean:>6.4f}  {result.solved:>7}  "
                  f"{result.failed:>6}  {worst:>5}  "
                  f"{' '.join(str(v) for v in result.distribution.values())}")
    _wrote(args.json)
    return EXIT_OK


class StageProgress:
    """Progress bars for the stages of an exact opening table."""

    LABELS = {"incumbent": "Proving a first opener (answers placed)",
              "bounds": "Bounding every opener", "search": "Searching the openers left",
              "settle": "Settling the openers named", "opener": "Answers placed for your opener"}

    def __init__(self, enabled: bool):
        self.enabled, self.bars = enabled, {}

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage not in self.bars:
            self.bars[stage] = ProgressBar(self.LABELS.get(stage, stage), self.enabled)
        self.bars[stage](done, total)


def run_optimal(args) -> int:
    from wordle_fast.exact import SearchInterrupted, optimal
    from wordle_fast.openings import default_workers
    from wordle_fast.trees import tree_text

    _check_output("--json", args.json)
    _check_output("--tree", args.tree)
    if args.json == "-" and args.tree == "-":
        raise InvalidOption("--json and --tree cannot both go to standard output; name a file "
                            "for one of them")
    if args.opener is not None and (args.candidates is not None or args.workers is not None
                                    or args.recompute):
        raise InvalidOption("--candidates, --workers and --recompute choose how to find the best "
                            "opener; they do not combine with --opener")
    _check_limit("--max-guesses", args.max_guesses)
    lexicon = _lexicon(args)
    workers = _capped_workers("--workers", args.workers, lexicon.n_guesses,
                              default=default_workers())
    every_opener = args.opener is None and args.candidates is None
    progress = (StageProgress(enabled=not args.quiet) if every_opener
                else ProgressBar("Answers placed", enabled=not args.quiet))
    try:
        result = optimal(opener=args.opener, lexicon=lexicon, hard_mode=args.hard_mode,
                         max_guesses=args.max_guesses, candidates=args.candidates,
                         progress=progress, workers=workers, recompute=args.recompute)
    except SearchInterrupted as stop:
        print(f"\nwordle-fast optimal: interrupted: {stop.describe()}", file=sys.stderr)
        return EXIT_INTERRUPTED
    say = _human_output(args.json, args.tree)
    say(result.summary())
    if args.json:
        _write(args.json, json.dumps(result.to_dict(), indent=1) + "\n")
        if args.json != "-":
            say(f"Wrote {args.json}")
    if args.tree:
        _write(args.tree, tree_text(result.tree))
        if args.tree != "-":
            say(f"Wrote tree: {args.tree}")
    return EXIT_OK


def run_absurdle(args) -> int:
    from wordle_fast.adversary import absurdle, winning_lines

    _check_output("--json", args.json)
    _check_limit("--max-guesses", args.max_guesses)
    lexicon = _lexicon(args)
    bar = ProgressBar("First guesses tried", enabled=not args.quiet)
    result = absurdle(lexicon, args.hard_mode, args.max_guesses,
                      progress=lambda k, done, total: bar(done, total))
    say = _human_output(args.json)
    say(result.summary())
    if result.tree is not None:
        say("Winning line (every reply the adversary may give):")
        for line in winning_lines(result.tree):
            say("  " + line)
    if args.json:
        _write(args.json, json.dumps(result.to_dict(), indent=1) + "\n")
        if args.json != "-":
            say(f"Wrote {args.json}")
    return EXIT_OK


def run_verify_tree(args) -> int:
    from wordle_fast.trees import check_claims, read_tree_file, verify_tree

    _check_output("--json", args.json)
    _check_limit("--max-guesses", args.max_guesses)
    lexicon = _lexicon(args)  # the guesses the tree may play
    tree, recorded_mode, recorded_limit, data = read_tree_file(args.file)
    mode = args.hard_mode or recorded_mode or "off"
    limit = args.max_guesses if args.max_guesses is not None else (recorded_limit or 6)

    def replay(in_mode):
        return verify_tree(tree, lexicon.answers, in_mode, max(limit, recorded_limit or 0),
                           guesses=lexicon.guesses)

    check = verify_tree(tree, lexicon.answers, mode, limit, guesses=lexicon.guesses)
    check_claims(data, check, mode, limit, replay)
    shown_mode = mode_name(mode)
    if args.json:
        _write(args.json, _json_text({"valid": True, "mode": shown_mode, "max_guesses": limit,
                                      **check}))
        if args.json == "-":
            return EXIT_OK
    print(f"valid ({shown_mode} mode, at most {counted(limit, 'guess', 'guesses')}): "
          f"{counted(check['answers'], 'answer')}, "
          f"{counted(check['total_guesses'], 'guess', 'guesses')} in total, "
          f"mean {check['mean']:.4f}, worst {check['worst']}")
    print("Distribution: " + distribution_text(check["distribution"]))
    _wrote(args.json)
    return EXIT_OK


def run_analyze(args) -> int:
    from wordle_fast.analysis import analyze, game_rows, parse_share, shared_rows, table_lines

    _check_output("--json", args.json)
    _check_limit("--max-guesses", args.max_guesses)
    if bool(args.words) == (args.share_words is not None):
        raise InvalidOption("give the words played (analyze salet acorn grand), or --words "
                            "with an NYT share text on standard input; one of the two")
    lexicon = _lexicon(args)
    mode, limit = args.hard_mode or "off", _given(args.max_guesses, 6)
    if args.words:
        rows = game_rows(args.words, lexicon)
    else:
        if sys.stdin.isatty():
            print("Paste the share text (the 'Wordle 1,234 4/6' line and the tiles), then "
                  "Ctrl-D on a line of its own:", file=sys.stderr)
        text = sys.stdin.read(SHARE_TEXT_LIMIT + 1)
        if len(text) > SHARE_TEXT_LIMIT:
            raise InvalidOption(f"the share text on standard input is longer than "
                                f"{SHARE_TEXT_LIMIT // 1024} KiB; a game's is a few lines: "
                                "paste only that")
        shared = parse_share(text, lexicon.length)
        if args.max_guesses is not None and args.max_guesses != shared.max_guesses:
            raise InvalidOption(f"--max-guesses {args.max_guesses} contradicts the share "
                                f"text's limit of {shared.max_guesses}")
        if shared.hard and args.hard_mode == "off":
            raise InvalidOption("the share text's '*' says hard mode, which contradicts "
                                "--hard-mode off")
        limit = shared.max_guesses
        mode = args.hard_mode or ("hard" if shared.hard else "off")
        words = [word for word in args.share_words.replace(" ", ",").split(",") if word]
        rows = shared_rows(shared, words, lexicon)
    if not args.quiet:
        _say_if_the_table_is_missing(lexicon, mode, limit)
    result = analyze(rows, lexicon, mode, limit, progress=StageProgress(not args.quiet))
    # A search stopped by Ctrl-C leaves a lower bound: shown, then exit 130.
    status = EXIT_OK if result.complete else EXIT_INTERRUPTED
    if not result.complete:
        print("wordle-fast analyze: interrupted; the turns marked >= hold the lower bound "
              "reached and are not graded", file=sys.stderr)
    if args.json:
        _write(args.json, _json_text(result.to_dict()))
        if args.json == "-":
            return status
    print("\n".join(table_lines(result)))
    _wrote(args.json)
    return status


def _say_if_the_table_is_missing(lexicon, mode: str, limit: int) -> None:
    """Say up front that turn 1 waits for a whole opening table."""
    from wordle_fast.openings import default_results_path, table_ready

    if table_ready(lexicon, mode, limit):
        return
    print(f"wordle-fast analyze: no opening table ships for these lists in {mode_name(mode)} "
          f"mode with at most {limit} guesses, so turn 1 first proves the best of all "
          f"{lexicon.n_guesses} openers: minutes for lists of the original's size, up to hours "
          f"in hard mode on larger ones. It is saved as it goes in "
          f"{default_results_path(lexicon, limit, mode)} (Ctrl-C keeps what was proven; the next "
          "run resumes) and later analyses read it at once.", file=sys.stderr)


def _exact_openers(args, lexicon, started) -> int:
    from wordle_fast.openings import cluster_executor, default_workers, opening_table

    if args.depth > 1 or args.simulate or args.by != "entropy" or args.guess_pool != "allowed":
        raise InvalidOption("--exact proves every allowed opener; it does not combine with "
                            "--depth, --simulate, --by or --guess-pool")
    args.within, args.max_guesses = _given(args.within, 0), _given(args.max_guesses, 6)
    if args.within < 0:
        raise InvalidOption(f"--within must be 0 or more guesses, got {args.within}")
    _check_limit("--max-guesses", args.max_guesses)
    if args.scheduler and args.workers is not None:
        raise InvalidOption("--workers sets local processes; with --scheduler the cluster's "
                            "workers do the proofs: drop one of the two")
    workers = _capped_workers("--workers", args.workers, lexicon.n_guesses,
                              default=default_workers())
    executor, client = cluster_executor(args.scheduler) if args.scheduler else (None, None)
    try:
        table = opening_table(lexicon, args.hard_mode, args.max_guesses, args.within,
                              workers=workers, executor=executor,
                              results_path=args.results, recompute=args.recompute,
                              progress=StageProgress(enabled=not args.quiet))
    except KeyboardInterrupt:
        print("wordle-fast openers: interrupted; the entries proven so far are saved; run the "
              "same command again to resume", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        if client is not None:
            client.close()
    ranked = table.ranked()
    shown = ranked[:args.top] if args.top else ranked
    if args.json:
        _write(args.json, json.dumps(table.to_dict(top=args.top), indent=1) + "\n")
        if args.json == "-":
            return EXIT_OK
    if args.csv:
        writer = csv.writer(sys.stdout)
        writer.writerow(["rank", "opener", "status", "total", "mean"])
        for rank, entry in enumerate(shown, 1):
            mean = table.mean(entry)
            writer.writerow([rank, entry.opener, entry.status,
                             "" if entry.total is None else entry.total,
                             "" if mean is None else f"{mean:.4f}"])
        return EXIT_OK
    width = max(6, lexicon.length)
    print(f"{'rank':>5}  {'opener':<{width}}  {'status':<13}  {'total':>6}  {'mean':>7}")
    for rank, entry in enumerate(shown, 1):
        total = "" if entry.total is None else (
            f"{entry.total:>6}" if entry.status == "exact" else f">={entry.total}")
        mean = table.mean(entry)
        print(f"{rank:>5}  {entry.opener:<{width}}  {entry.status:<13}  {total:>6}  "
              f"{'' if mean is None or entry.status != 'exact' else f'{mean:.4f}':>7}")
    counts = table.counts()
    mode = mode_name(args.hard_mode)
    print(f"optimum {table.optimum} ({', '.join(w.upper() for w in table.best)}), {mode} mode, "
          f"at most {args.max_guesses} guesses; {len(table.entries)} openers: {counts['exact']} "
          f"exact, {counts['lower bound']} lower bounds above {table.optimum + table.within}, "
          f"{counts['cannot finish']} cannot finish; {table.source} in {table.seconds:.1f} s"
          + (f" ({table.reused} entries from earlier runs)" if table.reused else ""))
    if table.stages:
        stages = table.stages
        print(f"stages: incumbent {stages['incumbent_seconds']:.1f} s; bound pass over "
              f"{stages['openers_bounded']} openers {stages['bound_pass_seconds']:.1f} s; search "
              f"of the {stages['openers_searched']} left {stages['search_seconds']:.1f} s")
    _wrote(args.json)
    return EXIT_OK


def _openers_by_lookahead(args, lexicon, started) -> int:
    if args.width is not None and args.width < 1:
        raise InvalidOption(f"--width must be at least 1, got {args.width}")
    if args.by != "entropy" or args.simulate or args.csv:
        raise InvalidOption("--depth ranks by n-step entropy; it does not combine with "
                            "--by, --simulate or --csv")
    from wordle_fast.lookahead import rank_openers_by_lookahead

    progress = ProgressBar(f"{args.depth}-step entropy of every opener", enabled=not args.quiet)
    rows, values, done, searcher = rank_openers_by_lookahead(
        lexicon, depth=args.depth, width=args.width, pool=args.guess_pool, progress=progress,
        hard_mode=args.hard_mode)
    elapsed = time.perf_counter() - started
    one_step = lexicon.score(rows=rows)
    evaluated = np.flatnonzero(np.isfinite(values))
    order = evaluated[np.lexsort((rows[evaluated], -values[evaluated]))]
    shown = order[:args.top] if args.top else order
    expected = len(rows) if args.width is None else min(args.width, len(rows))
    note = ("" if done >= expected else
            f"interrupted after {done} of {expected} openers: the ranking covers those")
    if args.json:
        _write(args.json, _json_text({
            "depth": args.depth, "width": args.width, "hard_mode": args.hard_mode,
            "evaluated": int(done),
            "seconds": elapsed, "memo": searcher.stats(), "interrupted": bool(note),
            "openers": [{"rank": rank, "word": lexicon.guesses[rows[i]],
                         "n_step_bits": float(values[i]),
                         "expected_bits": float(one_step.expected_bits[i])}
                        for rank, i in enumerate(shown, 1)],
        }))
        if args.json == "-":
            return EXIT_OK
    width = max(5, lexicon.length)
    print(f"{'rank':>4}  {'guess':<{width}}  {f'{args.depth}-step':>7}  {'1-step':>7}")
    for rank, i in enumerate(shown, 1):
        print(f"{rank:>4}  {lexicon.guesses[rows[i]]:<{width}}  {values[i]:>7.4f}  "
              f"{one_step.expected_bits[i]:>7.4f}")
    stats = searcher.stats()
    print(f"{done} openers, {args.depth}-step entropy, hard mode {args.hard_mode}, "
          f"{'every guess expanded' if args.width is None else f'width {args.width}'}: "
          f"{elapsed:.1f} s; memo {stats['entries']} entries, {stats['hits']} hits, "
          f"{stats['misses']} misses")
    if note:
        print(note)
    _wrote(args.json)
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        _resolve_hard_mode(args)
        _check_lists(args)
        return args.run(args)
    except (WordleError, ValueError) as error:
        print(f"wordle-fast {args.command}: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:   # (on a fresh line: a progress bar may hold this one)
        print(f"\nwordle-fast {args.command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
