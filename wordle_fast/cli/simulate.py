"""``wordle-fast simulate``: play every answer (or a sample, or the games
named) and report how the strategy did, on one board or several."""

from __future__ import annotations

from wordle_fast.cli.options import (
    add_json_option,
    add_quiet_option,
    add_workers_option,
    capped_workers,
    given,
    only_with,
)
from wordle_fast.cli.solver_options import add_solver_options, solver_from
from wordle_fast.cli.output import (
    EXIT_OK,
    ProgressBar,
    check_output,
    check_plot,
    human_output,
    json_text,
    write,
    write_output,
    wrote,
)
from wordle_fast.errors import InvalidOption, whole_number
from wordle_fast.game.board_games import MAX_BOARD_GAMES
from wordle_fast.game.simulation import simulate
from wordle_fast.plot import plot_boards_distribution, plot_distribution


DESCRIPTION = ("Play every answer (or a subset or sample) with one strategy and "
               "report success rate, mean and median guesses, the distribution, failures.")

EXAMPLES = """\
examples:
  wordle-fast simulate --opener salet --workers 2
  wordle-fast simulate --strategy lookahead --depth 2 --sample 200 --seed 1
  wordle-fast simulate --play crane moist --strategy optimal
  wordle-fast simulate --plot guesses.png --json results.json
"""


def add_arguments(parser) -> None:
    parser.add_argument("--opener", metavar="WORD", help="a fixed first guess")
    parser.add_argument("--play", nargs="+", action="extend", metavar="WORD",
                        help="play only these answers (with --boards, each game as its answers "
                             "joined by commas: cigar,rebut,sissy,humph)")
    parser.add_argument("--sample", type=int, metavar="N", help="play N answers drawn at random")
    parser.add_argument("--seed", type=int, default=None,
                        help="random seed for --sample (default 0)")
    add_workers_option(parser, "processes (default 1: the kernels already use every core; "
                               "more pays with strict hard mode)", default=1)
    add_json_option(parser, "the whole result, every game included,")
    parser.add_argument("--plot", metavar="FILE", help="draw the distribution (needs matplotlib: "
                                                     "pip install 'wordle-fast[plot]')")
    add_quiet_option(parser)
    add_solver_options(parser, top=None, one_board_limit=True)


def run(args) -> int:
    # Every check before any work: a bad option never costs a simulation.
    if args.boards != 1:
        if args.opener is not None:
            raise InvalidOption("--opener fixes one board's first guess; with --boards the "
                                "strategy chooses every guess: drop --opener")
        if args.play and (args.sample is not None or args.seed is not None):
            raise InvalidOption("--play names the games and --sample/--seed draw them: give one")
    else:
        only_with(args, args.sample is not None, "--sample", seed="--seed")
    check_plot(args.plot)
    check_output("--json", args.json)
    solver = solver_from(args)
    progress = ProgressBar("Simulating", enabled=not args.quiet)
    if args.boards != 1:
        games = _board_games(args)
        workers = capped_workers("--workers", args.workers, games.pop("count"))
        result = simulate(solver, workers=workers, progress=progress, **games)
    else:
        answers = _answers(args, solver)
        games = (args.sample if args.sample is not None else
                 len(answers) if answers is not None else solver.lexicon.n_answers)
        workers = capped_workers("--workers", args.workers, games)
        result = simulate(solver, answers=answers, opener=args.opener,
                          max_guesses=args.max_guesses, workers=workers, progress=progress,
                          sample=args.sample, seed=args.seed)
    _report(result, args.json, args.plot,
            plot_distribution if args.boards == 1 else plot_boards_distribution)
    return EXIT_OK


def _answers(args, solver) -> list[str] | None:
    """The answers --play names; None for every answer (--sample draws
    from them in simulate)."""
    lexicon = solver.lexicon
    if args.opener:
        solver.check_guess(args.opener)
    answers = None
    if args.play:
        answers = [lexicon.answers[lexicon.answer_index(word)] for word in args.play]
    pool = len(answers) if answers is not None else lexicon.n_answers
    if args.sample is not None and not 1 <= args.sample <= pool:
        raise InvalidOption(f"--sample must be within 1..{pool}, got {args.sample}")
    return answers


def _board_games(args) -> dict:
    """simulate()'s choice of games for several boards, and their count."""
    if args.play:
        tuples = [tuple(word for word in entry.replace("/", ",").split(",") if word)
                  for entry in args.play]
        return {"tuples": tuples, "count": len(tuples)}
    sample = whole_number(given(args.sample, 1000), "--sample", minimum=1,
                          maximum=MAX_BOARD_GAMES)
    return {"sample": sample, "seed": given(args.seed, 0), "count": sample}


def _report(result, json_path: str | None, plot_path: str | None, draw) -> None:
    """A simulation's summary for people, its JSON to ``json_path`` and
    its plot, drawn by ``draw`` (a function of ``wordle_fast.plot``), to
    ``plot_path`` (each when given)."""
    say = human_output(json_path)
    say(result.summary())
    if json_path:
        write(json_path, json_text(result.to_dict()))
        wrote(json_path)
    if plot_path:
        write_output(plot_path, lambda path: draw(result, path, plot_path))
        say(f"Wrote plot: {plot_path}")
