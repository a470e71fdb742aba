"""The options of the commands that play (suggest, play, simulate): the
strategy and the flags built from what each strategy declares, the rule,
pool, prior, first-move cache, word lists, boards and guess limit; and the
solver they describe."""

from __future__ import annotations

import argparse

from wordle_fast.cli.options import (
    add_hard_mode_options,
    add_max_guesses_option,
    add_prior_options,
    add_word_list_options,
    lexicon_of,
    prior_of,
)
from wordle_fast.cli.output import ProgressBar
from wordle_fast.errors import InvalidOption
from wordle_fast.game.solver import GUESS_POOLS, Solver
from wordle_fast.strategies import BOARD_STRATEGIES, STRATEGIES, make_strategy, option_takers


def strategy_options() -> dict:
    """Every option a strategy offers on the command line, by keyword."""
    return {option.name: option for cls in STRATEGIES.values() for option in cls.options
            if option.command_line}


def add_solver_options(parser: argparse.ArgumentParser, *, top: int | None = 10,
                       one_board_limit: bool = False) -> None:
    """The options of the commands that play: strategy and its declared
    options, rule, pool, prior, first-move cache, word lists, boards and
    the guess limit (``one_board_limit``: it applies to one board too).
    ``top``: the default number of suggestions shown (None: no --top)."""
    if top is not None:
        parser.add_argument("--top", type=int, default=top, metavar="N",
                            help=f"how many suggestions to show (default {top})")
    parser.add_argument("--strategy", choices=list(STRATEGIES), default=None,
                        help="how to rank guesses (default: entropy; with --boards, "
                             f"{BOARD_STRATEGIES[0]}; with --boards only: "
                             + ", ".join(n for n, c in STRATEGIES.items() if not c.one_board)
                             + ")")
    for option in strategy_options().values():
        parser.add_argument(option.flag, type=option.type, default=None, metavar=option.metavar,
                            help=f"{' or '.join(option_takers(option.name))} strategy: "
                                 f"{option.help}")
    add_hard_mode_options(parser)
    parser.add_argument("--guess-pool", choices=GUESS_POOLS, default="allowed",
                        help="guess from every allowed word, or only from possible answers")
    add_prior_options(parser)
    parser.add_argument("--cache-dir", metavar="DIR",
                        help="where first-move scores are kept (default: $WORDLE_FAST_CACHE_DIR, "
                             "else the XDG cache directory)")
    parser.add_argument("--no-cache", action="store_true",
                        help="do not read or write the first-move cache")
    add_word_list_options(parser)
    parser.add_argument("--boards", type=int, default=1, metavar="K",
                        help="play K boards at once, every guess on each: 2 Dordle, 4 Quordle, "
                             "8 Octordle (default 1)")
    add_max_guesses_option(parser, "the game's guess limit (default 6; with --boards K, K + 5): "
                                   "the optimal strategy plans to it"
                                   + ("" if one_board_limit else
                                      "; a board is played on past it"))


def solver_from(args) -> Solver:
    """The solver the options describe (a ``BoardsSolver`` with --boards K);
    every option that would do nothing in it is refused."""
    if getattr(args, "top", 1) < 1:
        raise InvalidOption(f"--top must be at least 1, got {args.top}")
    several = args.boards != 1
    if args.no_cache and args.cache_dir is not None:
        raise InvalidOption("--no-cache and --cache-dir contradict each other: give one")
    if several:
        for flag, value in (("--cache-dir", args.cache_dir), ("--no-cache", args.no_cache)):
            if value not in (None, False):
                raise InvalidOption(f"{flag} does not apply to several boards; drop it")
    name = args.strategy or (BOARD_STRATEGIES[0] if several else "entropy")
    strategy = make_strategy(name, boards=args.boards, flags=True,
                             **{key: getattr(args, key) for key in strategy_options()})
    lexicon = lexicon_of(args)
    prior = prior_of(args, lexicon)    # checked here, before any search starts
    # The one limit, the game's (in args.rules), which the strategy reads from the game.
    options = dict(lexicon=lexicon, strategy=strategy, guess_pool=args.guess_pool,
                   prior=prior, rules=args.rules)
    if not several:
        options.update(cache_dir=args.cache_dir, use_cache=not args.no_cache)
    solver = Solver(**options)
    if strategy.reports_progress and not getattr(args, "quiet", False):
        strategy.progress = ProgressBar(strategy.progress_label, enabled=True)
    return solver
