"""``wordle-fast analyze``: grade each guess of a played game against
optimal play (the words played, word:pattern rows, or an NYT share text)."""

from __future__ import annotations

import sys

from wordle_fast.cli.options import (
    add_hard_mode_options,
    add_json_option,
    add_max_guesses_option,
    add_prior_options,
    add_quiet_option,
    add_word_list_options,
    given,
    lexicon_of,
    prior_of,
)
from wordle_fast.cli.output import EXIT_OK, StageProgress, check_output, send_json, wrote
from wordle_fast.errors import EXIT_INTERRUPTED, InvalidOption
from wordle_fast.priors import weighing
from wordle_fast.rulebook import ONE_BOARD_LIMIT, Rules
from wordle_fast.words import counted

SHARE_TEXT_LIMIT = 1 << 16   # characters read from standard input for --words


DESCRIPTION = ("For each turn: the answers possible, the exact expected number of guesses "
               "to finish with your guess and with the best one (optimal play after), the "
               "guesses lost, the same turn in bits, the pattern's probability and the "
               "luck it brought. Give the words played, the answer last "
               "(analyze salet acorn grand), or word:pattern rows for any game "
               "(analyze salet:bybbb acorn:ybbyy).")

EXAMPLES = """\
examples:
  wordle-fast analyze salet acorn grand          # the words played, the answer last
  wordle-fast analyze salet:bybbb acorn:ybbyy grand:ggggg   # or the feedback rows
  wordle-fast analyze --hard --json soare chant grand
"""


def add_arguments(parser) -> None:
    parser.add_argument("words", nargs="*", metavar="WORD[:PATTERN]")
    parser.add_argument("--words", dest="share_words", metavar="W1,W2,...",
                        help="the words played, for an NYT share text read from standard "
                             "input ('Wordle 1,234 4/6*' and the rows of tiles)")
    add_max_guesses_option(parser, "guesses allowed per game (default 6, or the share text's)")
    add_hard_mode_options(parser, "off, hard (the NYT rule) or strict (default: the share "
                                  "text's, else off)", from_input=True)
    add_prior_options(parser)   # graded as WordleBot grades: expected guesses under the prior
    add_json_option(parser, "the analysis")
    add_quiet_option(parser)
    add_word_list_options(parser)


def run(args) -> int:
    from wordle_fast.cli.notices import announce_first_turn_table
    from wordle_fast.game.analysis import analyze, check_game_length

    check_output("--json", args.json)
    if bool(args.words) == (args.share_words is not None):
        raise InvalidOption("give the words played (analyze salet acorn grand), or --words "
                            "with an NYT share text on standard input; one of the two")
    lexicon = lexicon_of(args)
    rows, mode, limit = _game(args, lexicon)
    rules = Rules(mode, limit)
    prior = weighing(prior_of(args, lexicon), lexicon.answers)
    check_game_length(rows, rules.max_guesses)    # before the notice of a long first turn
    if not args.quiet:
        announce_first_turn_table("wordle-fast analyze", lexicon, rules, prior)
    result = analyze(rows, lexicon, rules=rules, progress=StageProgress(not args.quiet),
                     prior=prior)
    # A search stopped by Ctrl-C leaves a lower bound: shown, then exit 130.
    status = EXIT_OK if result.complete else EXIT_INTERRUPTED
    if not result.complete:
        print("wordle-fast analyze: interrupted; the turns marked >= hold the lower bound "
              "reached and are not graded", file=sys.stderr)
    if send_json(args.json, result.to_dict()):
        return status
    print("\n".join(table_lines(result)))
    wrote(args.json)
    return status


def _game(args, lexicon) -> tuple[list, str, int]:
    """(the rows of the game, the hard mode, the guess limit), from the words
    given or the share text on standard input."""
    from wordle_fast.game.records import game_rows, parse_share, shared_rows

    if args.words:
        return (game_rows(args.words, lexicon), args.hard_mode or "off",
                given(args.max_guesses, ONE_BOARD_LIMIT))
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
    words = [word for word in args.share_words.replace(" ", ",").split(",") if word]
    return (shared_rows(shared, words, lexicon), args.hard_mode or ("hard" if shared.hard
                                                                     else "off"),
            shared.max_guesses)


def table_lines(result) -> list[str]:
    """The analysis as a compact table and a summary, for people."""
    def number(value, digits=3):
        return "-" if value is None else f"{value:.{digits}f}"

    lines = [f"{'#':>2}  {'guess':<7} {'answers':>7}  {'E[you]':>6}  {'best':<7} {'E[best]':>7}  "
             f"{'lost':>5}  {'grade':<11} {'bits':>5} {'(most)':>6}  {'pattern':<7} {'p':>6} "
             f"{'left':>5}  luck"]
    for t in result.turns:
        lines.append(
            f"{t.turn:>2}  {t.guess.upper():<7} {t.candidates:>7}  "
            f"{('' if t.exact else '>=') + number(t.expected):>6}  "
            f"{(t.best[0].upper() if t.best else '-'):<7} {number(t.best_expected):>7}  "
            f"{number(t.lost):>5}  "
            f"{t.grade:<11} {t.bits:>5.2f} {t.most_bits:>6.2f}  {t.pattern:<7} "
            f"{t.probability:>6.1%} {t.left:>5}  "
            + ("-" if t.luck is None else f"{t.luck:+.2f} {t.luck_grade}"))
        if not t.legal:
            lines.append(f"    {t.guess.upper()} breaks the {result.mode} rule: {t.rule_broken}")
    why = {"no sure win": f"no play finishes every answer within the {result.max_guesses} "
                          "guesses",
           "unfinished": "a lower bound (>=): the search was stopped",
           "illegal": f"breaks the {result.mode} rule: valued as if allowed, beside the best "
                      "legal play"}
    graded = {t.turn for t in result.graded}
    for grade, reason in why.items():
        turns = [str(t.turn) for t in result.turns if t.grade == grade and t.turn not in graded]
        if turns:
            lines.append(f"Not graded, {'turns' if len(turns) > 1 else 'turn'} "
                         f"{', '.join(turns)}: {reason}; left out of both sums below.")
    if graded:
        over = ("" if len(graded) == len(result.turns) else
                f" (over the graded {'turns' if len(graded) > 1 else 'turn'} "
                f"{', '.join(str(n) for n in sorted(graded))})")
        sums = (f"Guesses lost to choices: {result.lost:.3f}; won (+) or lost (-) to luck: "
                f"{result.luck:+.3f}{over}.")
    else:
        sums = "No turn graded, so no guesses lost or luck to sum."
    lines.append(f"{sums} {'Solved in' if result.solved else 'Not solved after'} "
                 f"{counted(len(result.turns), 'guess', 'guesses')}; the optimal player expects "
                 f"{number(result.optimal_expected, 4)} guesses from the start ({result.mode} "
                 f"mode, at most {result.max_guesses}"
                 + ("" if result.prior is None else f", answers weighed by the prior "
                    f"{result.prior}") + "). E[...] counts the guess itself.")
    return lines
