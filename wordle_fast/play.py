"""The interactive helper behind ``wordle-fast play``.

Each turn it shows the candidates left and the best guesses with their
expected bits, then asks for the guess played (Enter takes the suggestion)
and the feedback. A typo is explained and asked again; the game is never
lost to bad input, and an all-green row typed by mistake can be undone.
Ctrl-D or 'quit' end the session (exit code 0), Ctrl-C too (exit code 130).
"""

from __future__ import annotations

from collections.abc import Callable

from wordle_fast.errors import (
    EXIT_INTERRUPTED,
    InconsistentFeedback,
    InvalidPattern,
    InvalidWord,
    WordleError,
)
from wordle_fast.patterns import ACCEPTED_FORMS
from wordle_fast.words import counted, shown_word
from wordle_fast.solver import Solver

SHOW_CANDIDATES_UP_TO = 12
MAX_GUESSES = 6         # the game's limit, for the analysis offered after a win
QUIT_WORDS = ("quit", "exit", "q")

HELP = f"""Commands, at either prompt:
  undo    take back the last guess and its feedback
  quit    leave (Ctrl-D and Ctrl-C too)
  list    show the answers still possible
  help    this text
At the guess prompt, Enter plays the first suggestion. At the feedback prompt,
'back' re-enters the guess. Feedback: {ACCEPTED_FORMS}."""


PARTIAL_NOTE = ("  (partial: the lookahead was interrupted, so only the guesses it reached "
                "are ranked by their lookahead value)")


class _Quit(Exception):
    pass


def suggestion_table(suggestions, score_label: str | None = None) -> list[str]:
    """Rows of suggestions; ``score_label`` adds the strategy's own value
    (e.g. ``2-step`` bits) for strategies that rank by something else."""
    extra = f" {score_label:>8}" if score_label else ""
    lines = [f"  {'guess':<8} {'bits':>6}{extra} {'E[left]':>8} {'p(win)':>7}  answer?"]
    for s in suggestions:
        score = f" {s.score:>8.3f}" if score_label else ""
        lines.append(f"  {s.word:<8} {s.expected_bits:>6.3f}{score} {s.expected_remaining:>8.1f} "
                     f"{s.win_probability:>7.1%}  {'yes' if s.is_candidate else 'no'}")
    return lines


def score_label(strategy) -> str | None:
    """The column name for a strategy's value, None for plain entropy."""
    if strategy.name == "entropy":
        return None
    if strategy.name == "lookahead":
        return f"{strategy.depth}-step"
    return strategy.name[:8]


def play(solver: Solver, read: Callable[[str], str] = input,
         write: Callable[[str], None] = print, top: int = 5) -> int:
    """Run one interactive game; returns the exit code (130 after Ctrl-C)."""
    lexicon = solver.lexicon
    write(f"wordle-fast helper: {lexicon.n_answers} possible answers, {lexicon.n_guesses} "
          f"allowed guesses; strategy {solver.strategy.name}, hard mode {solver.hard_mode}.")
    write("Type 'help' for commands.")

    def game() -> int:
        while True:
            while not solver.solved:
                suggestions = _show_turn(solver, write, top)
                guess = _ask_guess(solver, suggestions[0].word, read, write)
                if guess is None:
                    continue  # an undo or a listing: show the turn again
                _ask_feedback(solver, guess, read, write)
            if not _undo_win(solver, read, write):
                return 0

    return _session(game, write)


def _session(game: Callable[[], int], write) -> int:
    """Run ``game``, which returns the exit code; 'quit' and Ctrl-D end it
    with 0, Ctrl-C with 130."""
    try:
        return game()
    except (_Quit, EOFError):
        write("\nBye.")
        return 0
    except KeyboardInterrupt:
        write("\nBye.")
        return EXIT_INTERRUPTED


def _undo_win(solver, read, write) -> bool:
    """Announce the win and offer to take it back; True if taken back."""
    n = len(solver.history)
    write(f"Solved in {counted(n, 'guess', 'guesses')}: {solver.history[-1].guess.upper()}.")
    while True:
        text = read("Enter to finish, 'analyze' to grade each guess against optimal play, or "
                    "'undo' if that row was typed by mistake: ")
        word = text.strip().lower()
        if not word or word in QUIT_WORDS:
            return False
        if word == "undo":
            removed = solver.undo()
            write(f"  took back {removed.guess.upper()} {removed.pattern_text}")
            return True
        if word in ("analyze", "analyse", "a"):
            _write_analysis(solver, write)
            continue
        write(f"  {shown_word(text.strip())} is not 'analyze' or 'undo'; press Enter to finish.")


def _write_analysis(solver, write) -> None:
    from wordle_fast.analysis import analyze, table_lines

    rows = [(turn.guess, turn.pattern) for turn in solver.history]
    try:
        result = analyze(rows, solver.lexicon, solver.hard_mode,
                         max(MAX_GUESSES, len(rows)))
    except WordleError as error:
        write(f"  cannot analyze this game: {error}")
        return
    write("\n".join(table_lines(result)))


def _show_turn(solver, write, top):
    n = solver.n_candidates
    write("")
    write(f"Turn {len(solver.history) + 1}: {n} candidate{'s' if n != 1 else ''} left")
    if n <= SHOW_CANDIDATES_UP_TO:
        write("  " + ", ".join(solver.candidates))
    suggestions = solver.suggest(top=top)
    write("\n".join(suggestion_table(suggestions, score_label(solver.strategy))))
    if solver.ranking_partial:
        write(PARTIAL_NOTE)
    return suggestions


def _command(text, solver, write, help_text: str = HELP) -> bool:
    """Handle a command typed at any prompt; True if it was one."""
    word = text.strip().lower()
    if word in QUIT_WORDS:
        raise _Quit
    if word in ("help", "?"):
        write(help_text)
        return True
    if word == "list":
        write(f"  {solver.n_candidates} left: " + ", ".join(solver.candidates))
        return True
    if word == "undo":
        try:
            removed = solver.undo()
            write(f"  took back {removed.guess.upper()} {removed.pattern_text}")
        except WordleError as error:
            write(f"  {error}")
        return True
    return False


def _ask_guess(solver, suggestion, read, write) -> str | None:
    while True:
        text = read(f"Guess played [{suggestion}]: ")
        if not text.strip():
            return suggestion
        if _command(text, solver, write):
            if text.strip().lower() in ("help", "?"):
                continue
            return None  # undo or list: show the turn again
        try:
            return solver.check_guess(text)
        except InvalidWord as error:
            write(f"  {error}. Try again.")


def _ask_feedback(solver, guess, read, write) -> None:
    while True:
        text = read(f"Feedback for {guess.upper()} (e.g. bygyb, 02120 or emoji): ")
        if text.strip().lower() == "back":
            return
        if _command(text, solver, write):
            if text.strip().lower() == "undo":
                return  # the previous turn is gone; this guess goes with it
            continue
        try:
            turn = solver.update(guess, text)
        except InvalidPattern as error:
            write(f"  {error}. Try again.")
            continue
        except InconsistentFeedback as error:
            write(f"  That cannot be right: {error}.")
            write("  Type the feedback again, or 'undo' to take back the previous guess.")
            continue
        left = turn.candidates_after
        write(f"  {turn.guess.upper()} {turn.pattern_text}: {turn.bits:.2f} bits gained, "
              f"{left} candidate{'s' if left != 1 else ''} left")
        return


ABSURDLE_HELP = """Commands, at the prompt:
  undo    take back the last guess
  quit    leave (Ctrl-D and Ctrl-C too)
  list    show the answers still possible
  help    this text"""


def play_absurdle(solver: Solver, read: Callable[[str], str] = input,
                  write: Callable[[str], None] = print) -> int:
    """Absurdle with the program as the adversary: after each guess it keeps
    the largest bucket of the answers still possible (see
    ``adversary.keep_largest``); the game is won by guessing the last word.
    Returns the exit code (130 after Ctrl-C)."""
    from wordle_fast.adversary import keep_largest
    from wordle_fast.patterns import format_pattern

    lexicon = solver.lexicon
    write(f"Absurdle: there is no hidden word. After each guess I keep the largest group of "
          f"the {lexicon.n_answers} answers that agree with it; you win when you guess the "
          f"last one. Hard mode {solver.hard_mode}. Type 'help' for commands.")

    def game() -> int:
        while True:
            n = solver.n_candidates
            text = read(f"Guess {len(solver.history) + 1} ({counted(n, 'answer')} left): ")
            if _command(text, solver, write, ABSURDLE_HELP):
                continue
            try:
                guess = solver.check_guess(text)
            except InvalidWord as error:
                write(f"  {error}. Try again.")
                continue
            members = solver.candidate_set.indices()
            code = keep_largest(lexicon, members, lexicon.guess_index(guess))
            turn = solver.update(guess, code)
            tiles = format_pattern(code, lexicon.length, "emoji")
            if solver.solved:
                write(f"  {guess.upper()} {tiles}  You won in "
                      f"{counted(len(solver.history), 'guess', 'guesses')}. "
                      "('wordle-fast absurdle' proves the fewest that always win.)")
                return 0
            write(f"  {guess.upper()} {tiles}  {counted(turn.candidates_after, 'answer')} left")

    return _session(game, write)
