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
from wordle_fast.cli.output import (
    PARTIAL_NOTE,
    board_columns,
    boards_score_label,
    boards_suggestion_table,
    suggestion_table,
)
from wordle_fast.game.solver import Solver

SHOW_CANDIDATES_UP_TO = 12
QUIT_WORDS = ("quit", "exit", "q")

HELP = f"""Commands, at either prompt:
  undo    take back the last guess and its feedback
  quit    leave (Ctrl-D and Ctrl-C too)
  list    show the answers still possible
  help    this text
At the guess prompt, Enter plays the first suggestion. At the feedback prompt,
'back' re-enters the guess. Feedback: {ACCEPTED_FORMS}."""




class _Quit(Exception):
    pass


def play(solver: Solver, read: Callable[[str], str] = input,
         write: Callable[[str], None] = print, top: int = 5) -> int:
    """Run one interactive game; returns the exit code (130 after Ctrl-C)."""
    lexicon = solver.lexicon
    write(f"wordle-fast helper: {counted(lexicon.n_answers, 'possible answer')}, "
          f"{counted(lexicon.n_guesses, 'allowed guess', 'allowed guesses')}; "
          f"strategy {solver.strategy.name}, hard mode {solver.hard_mode}.")
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
    answer = solver.history[-1].guess.upper()
    if n <= solver.max_guesses:
        write(f"Solved in {counted(n, 'guess', 'guesses')}: {answer}.")
    else:
        write(f"Found {answer} in {n} guesses: past the limit of {solver.max_guesses}, so the "
              f"game was lost at guess {solver.max_guesses}.")
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
    from wordle_fast.cli.analyze import table_lines
    from wordle_fast.game.analysis import analyze

    rows = [(turn.guess, turn.pattern) for turn in solver.history]
    # Graded as the game it was: the guesses past the limit were not part of it.
    limit = solver.max_guesses
    late = rows[limit:]
    try:
        result = analyze(rows[:limit], solver.lexicon, solver.hard_mode, limit)
    except WordleError as error:
        write(f"  cannot analyze this game: {error}")
        return
    write("\n".join(table_lines(result)))
    if late:
        write(f"  ({', '.join(word.upper() for word, _ in late)} came after the limit of "
              f"{solver.max_guesses} guesses and {'is' if len(late) == 1 else 'are'} not graded.)")


def _show_turn(solver, write, top):
    n = solver.n_candidates
    write("")
    write(f"Turn {len(solver.history) + 1}: {n} candidate{'s' if n != 1 else ''} left")
    if n <= SHOW_CANDIDATES_UP_TO:
        write("  " + ", ".join(solver.candidates))
    suggestions = solver.suggest(top=top)
    write("\n".join(suggestion_table(suggestions, solver.strategy.score_label)))
    if solver.ranking_partial:
        write(PARTIAL_NOTE)
    if solver.ranking_caveat:
        write(f"  ({solver.ranking_caveat})")
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


def _ask_guess(solver, suggestion, read, write, command=None) -> str | None:
    """The guess played (Enter: ``suggestion``), or None after a command
    that changes what the turn shows. ``command``: the prompt's command
    handler (default: one board's)."""
    command = command or _command
    while True:
        text = read(f"Guess played [{suggestion}]: ")
        if not text.strip():
            return suggestion
        if command(text, solver, write):
            if text.strip().lower() in ("help", "?"):
                continue
            return None  # undo or list: show the turn again
        try:
            return solver.check_guess(text)
        except InvalidWord as error:
            write(f"  {error}. Try again.")


def _ask_feedback(solver, guess, read, write, prompt: str | None = None, command=None,
                  describe=None) -> None:
    """Ask for ``guess``'s feedback until it is valid, or 'back', or an
    undo. ``prompt``, ``command`` (the command handler) and ``describe`` (a
    turn in words) default to one board's."""
    prompt = prompt or f"Feedback for {guess.upper()} (e.g. bygyb, 02120 or emoji): "
    command = command or _command
    describe = describe or _describe_turn
    while True:
        text = read(prompt)
        if text.strip().lower() == "back":
            return
        if command(text, solver, write):
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
        write(describe(turn))
        return


def _describe_turn(turn) -> str:
    left = turn.candidates_after
    return (f"  {turn.guess.upper()} {turn.pattern_text}: {turn.bits:.2f} bits gained, "
            f"{left} candidate{'s' if left != 1 else ''} left")


ABSURDLE_HELP = """Commands, at the prompt:
  undo    take back the last guess
  quit    leave (Ctrl-D and Ctrl-C too)
  list    show the answers still possible
  help    this text"""


def play_absurdle(solver: Solver, read: Callable[[str], str] = input,
                  write: Callable[[str], None] = print) -> int:
    """Absurdle with the program as the adversary: after each guess it keeps
    the largest bucket of the answers still possible (see
    ``exact.absurdle.keep_largest``); the game is won by guessing the last word.
    Returns the exit code (130 after Ctrl-C)."""
    from wordle_fast.exact.absurdle import keep_largest
    from wordle_fast.patterns import format_pattern

    lexicon = solver.lexicon
    write(f"Absurdle: there is no hidden word. After each guess I keep the largest group of "
          f"the {counted(lexicon.n_answers, 'answer')} that agree with it; you win when you "
          f"guess the last one. Hard mode {solver.hard_mode}. Type 'help' for commands.")

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


BOARDS_HELP = f"""Commands, at either prompt:
  undo    take back the last guess and its feedback
  quit    leave (Ctrl-D and Ctrl-C too)
  list    show the answers still possible on every board
  help    this text
At the guess prompt, Enter plays the first suggestion. At the feedback prompt,
'back' re-enters the guess. Feedback: one pattern per unsolved board, in board
order, separated by spaces or commas; each pattern {ACCEPTED_FORMS}."""



def play_boards(solver, read: Callable[[str], str] = input,
                write: Callable[[str], None] = print, top: int = 5) -> int:
    """Run one interactive game on several boards (a ``BoardsSolver``):
    each turn shows the boards side by side and the best guesses, then asks
    for the guess and one pattern per unsolved board. Returns the exit code
    (130 after Ctrl-C)."""
    lexicon = solver.lexicon
    write(f"wordle-fast helper, {solver.boards} boards in {solver.max_guesses} guesses: "
          f"{counted(lexicon.n_answers, 'possible answer')}, "
          f"{counted(lexicon.n_guesses, 'allowed guess', 'allowed guesses')}; "
          f"strategy {solver.strategy.name}.")
    write("Type 'help' for commands.")

    def game() -> int:
        playing_on = False      # past the limit, by the user's choice
        while True:
            while not solver.solved and (playing_on or not solver.lost):
                suggestions = _show_boards_turn(solver, write, top)
                guess = _ask_guess(solver, suggestions[0].word, read, write, _boards_command)
                if guess is not None:
                    _ask_feedback(solver, guess, read, write,
                                  _boards_feedback_prompt(solver, guess), _boards_command,
                                  _describe_boards_turn)
            choice = _boards_end(solver, read, write)
            if choice is None:
                return 0
            playing_on = playing_on or choice == "on"

    return _session(game, write)


def _show_boards_turn(solver, write, top):
    write("")
    turn = len(solver.history) + 1
    over = "  (past the limit: playing on)" if turn > solver.max_guesses else ""
    write(f"Turn {turn} of {solver.max_guesses}{over}")
    write("\n".join(board_columns(solver)))
    suggestions = solver.suggest(top=top)
    write("\n".join(boards_suggestion_table(suggestions, boards_score_label(solver.strategy))))
    return suggestions


def _boards_command(text, solver, write) -> bool:
    """Handle a command typed at any prompt; True if it was one. Only
    'list' differs from one board's: it lists every unsolved board."""
    if text.strip().lower() == "list":
        for board in solver.unsolved:
            words = solver.candidates(board)
            write(f"  board {board + 1}, {len(words)} left: " + ", ".join(words))
        return True
    return _command(text, solver, write, BOARDS_HELP)


def _boards_feedback_prompt(solver, guess) -> str:
    boards = ", ".join(str(b + 1) for b in solver.unsolved)
    needed = len(solver.unsolved)
    return (f"Feedback for {guess.upper()} on board{'s' if needed > 1 else ''} {boards} "
            f"({counted(needed, 'pattern')}, e.g. {' '.join(['bygyb'] * min(needed, 2))}"
            f"{' ...' if needed > 2 else ''}): ")


def _describe_boards_turn(turn) -> str:
    parts = []
    for board, text in enumerate(turn.pattern_texts):
        if text is None:
            continue     # solved before this turn
        left = turn.candidates_after[board]
        parts.append(f"board {board + 1} solved" if board in turn.solved_now
                     else f"board {board + 1}: {turn.bits[board]:.2f} bits, {left} left")
    return "  " + "; ".join(parts)


def _boards_end(solver, read, write) -> str | None:
    """Announce the end (all solved, or the limit reached) and offer undo,
    or playing on past the limit: 'undo' or 'on' to go on, None to stop."""
    n = len(solver.history)
    if solver.solved:
        write(f"All {solver.boards} boards solved in {counted(n, 'guess', 'guesses')}"
              f"{'' if n <= solver.max_guesses else f', past the limit of {solver.max_guesses}'}.")
        prompt = "Enter to finish, or 'undo' if that row was typed by mistake: "
    else:
        unsolved = ", ".join(str(b + 1) for b in solver.unsolved)
        write(f"Out of guesses: the {solver.max_guesses} are used and board"
              f"{'s' if len(solver.unsolved) > 1 else ''} {unsolved} "
              f"{'are' if len(solver.unsolved) > 1 else 'is'} unsolved.")
        prompt = "Enter to finish, 'on' to play on past the limit, or 'undo': "
    while True:
        text = read(prompt)
        word = text.strip().lower()
        if not word or word in QUIT_WORDS:
            return None
        if word == "undo":
            _boards_command("undo", solver, write)
            return word
        if word == "on" and not solver.solved:
            return word
        write(f"  {shown_word(text.strip())} is not a choice here. Try again.")
