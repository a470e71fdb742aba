"""``wordle-fast suggest``: the best next guesses after some feedback, for
scripts (one board or several)."""

from __future__ import annotations

from dataclasses import asdict

from wordle_fast.cli.options import add_json_option, parse_history
from wordle_fast.cli.solver_options import add_solver_options, solver_from
from wordle_fast.cli.output import (
    EXIT_OK,
    PARTIAL_NOTE,
    board_columns,
    boards_score_label,
    boards_suggestion_table,
    check_output,
    send_json,
    suggestion_table,
    wrote,
)
from wordle_fast.words import counted


DESCRIPTION = "Print the ranked suggestions after the given history."

EXAMPLES = """\
examples:
  wordle-fast suggest                                  # the best openers
  wordle-fast suggest --history soare:bygyb --top 5
  wordle-fast suggest --history salet:02100 --hard --json
  wordle-fast suggest --boards 4 --history soare:bbbbb,ybbbb,bbgbb,bbbby
"""


def add_arguments(parser) -> None:
    parser.add_argument("--history", action="append", default=[], metavar="GUESS:PATTERN",
                        help="a guess and its feedback, e.g. soare:bybbg; repeat in order")
    add_json_option(parser, "the suggestions and the state")
    add_solver_options(parser)


def run(args) -> int:
    check_output("--json", args.json)
    solver = solver_from(args)
    for guess, pattern in parse_history(args.history):
        solver.update(guess, pattern)
    if args.boards != 1:
        return _several_boards(args, solver)
    prior = None if solver.prior_spec.uniform else solver.prior_spec
    if solver.strategy.first_move_table and not solver.history:
        from wordle_fast.cli.notices import announce_first_turn_table

        announce_first_turn_table("wordle-fast suggest", solver.lexicon, solver.rules, prior)
    suggestions = solver.suggest(top=args.top)
    # From the empty board the optimal strategy reads the exact opening table.
    opening = (solver.strategy.first_move_source(solver.lexicon, solver.rules, prior)
               if not solver.history else None)
    if send_json(args.json, {
            "opening_table": opening,
            "max_guesses": solver.max_guesses,
            "candidates": solver.n_candidates,
            "candidate_words": solver.candidates if solver.n_candidates <= 100 else None,
            "history": [asdict(turn) for turn in solver.history],
            "solved": solver.solved,
            "partial": solver.ranking_partial,
            "caveat": solver.ranking_caveat,
            "suggestions": [{"rank": rank, **asdict(s)} for rank, s in enumerate(suggestions, 1)],
    }):
        return EXIT_OK
    for turn in solver.history:
        print(f"{turn.guess} {turn.pattern_text}: {turn.bits:.2f} bits, "
              f"{turn.candidates_after} left")
    if solver.solved:
        print(f"solved: {solver.history[-1].guess}")
    else:
        print(counted(solver.n_candidates, "candidate")
              + (": " + ", ".join(solver.candidates) if solver.n_candidates <= 12 else ""))
        print("\n".join(suggestion_table(suggestions, solver.strategy.score_label)))
        if solver.ranking_partial:
            print(PARTIAL_NOTE)
        if solver.ranking_caveat:
            print(solver.ranking_caveat)
        if opening is not None and not solver.ranking_caveat:
            print(f"values from the exact opening table ({opening}); every opener's "
                  "certificate: wordle-fast openers --exact"
                  + ("" if prior is None else f" --prior {solver.prior}"))
    wrote(args.json)
    return EXIT_OK


def _several_boards(args, solver) -> int:
    suggestions = solver.suggest(top=args.top)
    if send_json(args.json, {
            "boards": solver.boards, "max_guesses": solver.max_guesses,
            "candidates": [solver.n_candidates(b) for b in range(solver.boards)],
            "candidate_words": [solver.candidates(b) if solver.n_candidates(b) <= 100 else None
                                for b in range(solver.boards)],
            "solved_at": [solver.solved_at(b) for b in range(solver.boards)],
            "history": [asdict(turn) for turn in solver.history],
            "solved": solver.solved, "lost": solver.lost,
            "suggestions": [{"rank": rank, **asdict(s)} for rank, s in enumerate(suggestions, 1)],
    }):
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
    wrote(args.json)
    return EXIT_OK
