"""Several boards at once: Dordle (2 boards, 7 guesses), Quordle (4, 9),
Octordle (8, 13). Every guess lands on every unsolved board; the game is
won when each board's answer has been guessed within the limit.

The state is one candidate set per board (a ``GameState``). A guess is
scored on each unsolved board with the single-board kernel (the same pool of
rows), and the strategies see the per-board scores and their sums (see
``wordle_fast.strategies.boards``).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wordle_fast.errors import InvalidOption, InvalidPattern, WordleError, whole_number
from wordle_fast.game.solver import Solver
from wordle_fast.game.state import Move
from wordle_fast.lexicon import Lexicon, lexicon_from
from wordle_fast.patterns import ACCEPTED_FORMS, parse_pattern
from wordle_fast.rulebook import Rules, rules_from
from wordle_fast.scoring import GuessScores
from wordle_fast.strategies import (
    BOARD_STRATEGIES, Position, Strategy, make_strategy, option_takers)
from wordle_fast.words import WordSource, counted

# Per-board scores of the whole guess pool are kept for this many candidate
# sets (about 0.5 MB each with the bundled lists): boards in the same state,
# within a game or across a simulation, are scored once. Measured on 1000
# Quordle games: no memo 79 s (every board of every game scores the full
# list on turn 1), 32 entries 9.9 s and 87 MB peak, 256 entries 6.1 s and
# 181 MB (every guess's row array shared), 2048 entries 5.6 s and 1.1 GB.
SCORE_MEMO_ENTRIES = 256
DEFAULT_BOARDS = 4           # a BoardsSolver made without a number of boards plays Quordle


def checked_boards(boards, lexicon: Lexicon) -> int:
    """``boards`` as an int from 1 to the number of answers (each board
    needs its own answer), else ``InvalidOption`` saying why."""
    boards = whole_number(boards, "the number of boards", minimum=1)
    if boards > lexicon.n_answers:
        raise InvalidOption(f"{boards} boards need {boards} different answers, but the answer "
                            f"list has {lexicon.n_answers}")
    return boards


@dataclass(frozen=True)
class BoardsSuggestion:
    """A ranked guess over the unsolved boards."""

    word: str
    expected_bits: float               # summed over the unsolved boards
    board_bits: tuple[float, ...]      # per unsolved board, in board order
    expected_remaining: float          # summed E[candidates left]
    expected_solved: float             # expected number of boards this guess solves
    solves: tuple[int, ...]            # boards (from 0) on which it may be the answer
    score: float                       # the strategy's value


class BoardsSolver(Solver, several_boards=True):
    """Suggests guesses and tracks one game on ``boards`` boards at once
    (Dordle 2, Quordle 4, Octordle 8). Every guess lands on every unsolved
    board; the game is won when each board's answer has been guessed within
    ``max_guesses`` (default ``boards + 5``). A guess is scored on each
    unsolved board with the one-board kernel, and the strategy (one of
    ``BOARD_STRATEGIES``, ``solve-bonus`` by default, or a ``Strategy`` that
    plays several boards) sees the per-board scores and their sums.
    ``candidates(board)``, ``n_candidates(board)`` and ``update(guess,
    patterns)`` take a board or one pattern per unsolved board; the history
    holds ``Move``s. Hard mode is a one-board rule and is refused.
    ``bonus`` is the old spelling of ``solve_bonus``.

    >>> solver = BoardsSolver(boards=2)
    >>> solver.max_guesses, solver.suggest(top=1)[0].word
    (7, 'soare')
    >>> solver.update("soare", ["bybbg", "bbbbb"]).candidates_after
    (20, 183)
    """

    def __init__(self, answers: WordSource | None = None, guesses: WordSource | None = None, *,
                 boards: int | None = None, max_guesses: int | None = None,
                 strategy: str | Strategy | None = None, solve_bonus: float | None = None,
                 guess_pool: str = "allowed", prior="uniform",
                 hard_mode: str | None = None, lexicon: Lexicon | None = None,
                 lists: str | None = None, bonus: float | None = None,
                 rules: Rules | None = None, **one_board_options):
        # Solver(boards=K) arrives here with the one-board solver's keywords:
        # a strategy's option is judged by make_strategy, the rest refused.
        strategy_options = {key: value for key, value in one_board_options.items()
                            if option_takers(key)}
        unused = [key for key in one_board_options if key not in strategy_options]
        if unused:
            raise InvalidOption(f"{' and '.join(unused)} "
                                f"{'do' if len(unused) > 1 else 'does'} not apply to several "
                                "boards; drop it")
        lexicon = lexicon_from(answers, guesses, lexicon, lists)
        if boards is None and rules is None:
            boards = DEFAULT_BOARDS
        self.rules = rules_from(rules, mode=hard_mode, max_guesses=max_guesses, boards=boards)
        boards = checked_boards(self.rules.boards, lexicon)
        self.strategy = make_strategy(strategy or BOARD_STRATEGIES[0], boards=max(boards, 2),
                                      solve_bonus=bonus if solve_bonus is None else solve_bonus,
                                      **strategy_options)
        self.cache = None
        self._memo: OrderedDict[bytes, GuessScores] = OrderedDict()
        # one array of every guess's row, shared by every memo entry (read-only)
        self._every_guess = np.arange(lexicon.n_guesses, dtype=np.intp)
        self._every_guess.flags.writeable = False
        self._setup(None, None, lexicon, None, guess_pool, prior, boards)

    # -- state ------------------------------------------------------------------

    def __repr__(self) -> str:
        left = "/".join(str(self.n_candidates(b)) for b in range(self.boards))
        return (f"BoardsSolver({self.boards} boards, {self.strategy.cache_key()}, "
                f"{counted(len(self.history), 'guess', 'guesses')} played, candidates {left})")

    @property
    def history(self) -> tuple[Move, ...]:
        return self.game.moves

    def undo(self) -> Move:
        """Take back the last turn; returns it."""
        return self.game.undo()

    @property
    def unsolved(self) -> tuple[int, ...]:
        """The boards (from 0) still to solve."""
        return self.game.unsolved

    def candidates(self, board: int) -> list[str]:
        """The answers still possible on ``board`` (from 0); [] once solved."""
        if self.game.is_solved(self._board(board)):
            return []
        return self.lexicon.words_of(self.game.candidates(board))

    def n_candidates(self, board: int) -> int:
        return 0 if self.game.is_solved(self._board(board)) else len(self.game.candidates(board))

    def solved_at(self, board: int) -> int | None:
        """The guess number (from 1) that solved ``board``, or None."""
        for number, move in enumerate(self.game.moves, 1):
            if board in move.solved_now:
                return number
        return None

    @property
    def lost(self) -> bool:
        """The limit is used and some board is unsolved. A lost game may be
        played on, to see how many guesses it needed."""
        return not self.solved and self.game.turn >= self.max_guesses

    def _board(self, board: int) -> int:
        if not 0 <= board < self.boards:
            raise InvalidOption(f"board {board} does not exist: boards are 0..{self.boards - 1}")
        return board

    # -- suggestions --------------------------------------------------------------

    def suggest(self, top: int | None = 10) -> list[BoardsSuggestion]:
        """The best ``top`` guesses now (all with ``None``), best first; none
        once every board is solved."""
        if self.solved:
            return []
        position = self._position()
        self.strategy.exact_key = None
        values = self.strategy.values(position)
        if top is not None:
            top = whole_number(top, "the number of suggestions", minimum=0)
        order = position.scores.order(values, top, exact_key=self.strategy.exact_key)
        board_scores = [scores for _, scores in position.boards]
        suggestions = []
        for i in map(int, order):
            suggestions.append(BoardsSuggestion(
                word=self.lexicon.guesses[position.rows[i]],
                expected_bits=float(position.scores.expected_bits[i]),
                board_bits=tuple(float(scores.expected_bits[i]) for scores in board_scores),
                expected_remaining=float(position.scores.expected_remaining[i]),
                expected_solved=float(position.scores.win_probability[i]),
                solves=tuple(b for b, scores in zip(self.unsolved, board_scores)
                             if scores.is_candidate[i]),
                score=float(values[i])))
        return suggestions

    def best(self) -> BoardsSuggestion:
        suggestions = self.suggest(top=1)
        if not suggestions:
            raise WordleError("every board is solved; start a new game to play again")
        return suggestions[0]

    def _position(self) -> Position:
        unsolved = [self.game.candidates(b) for b in self.unsolved]
        rows = self._pool_rows(unsolved)
        per_board = tuple((candidates, self._scores(candidates, rows)) for candidates in unsolved)
        union = unsolved[0].copy()
        for candidates in unsolved[1:]:
            union |= candidates
        return Position(scores=summed_scores([scores for _, scores in per_board]), rows=rows,
                        candidates=union, lexicon=self.lexicon, weights=self.weights,
                        turn=self.game.turn, boards=per_board, rules=self.rules)

    def _pool_rows(self, unsolved) -> np.ndarray:
        if self.guess_pool == "candidates" or all(len(c) <= 2 for c in unsolved):
            # With two or fewer candidates on every board, no probe beats
            # guessing one (as on one board).
            indices = np.unique(np.concatenate([c.indices() for c in unsolved]))
            return self.lexicon.answer_rows[indices]
        return self._every_guess

    def _scores(self, candidates, rows) -> GuessScores:
        if len(rows) != self.lexicon.n_guesses:
            return self.lexicon.score(candidates, weights=self.weights, rows=rows)
        key = bytes(candidates)
        scores = self._memo.get(key)
        if scores is None:
            scores = self.lexicon.score(candidates, weights=self.weights, rows=rows)
            self._memo[key] = scores
            if len(self._memo) > SCORE_MEMO_ENTRIES:
                self._memo.popitem(last=False)
        else:
            self._memo.move_to_end(key)
        return scores

    # -- feedback -----------------------------------------------------------------

    def split_patterns(self, text: str) -> list[str]:
        """One pattern per unsolved board from one line: separated by commas,
        slashes or spaces (``bygyb bbbbb``), or run together (``bygybbbbbb``)."""
        needed = len(self.unsolved)
        length = self.lexicon.length
        text = text.strip()
        pieces = [p for p in re.split(r"[,/;]" if re.search(r"[,/;]", text) else r"\s+", text)
                  if p.strip()]
        if len(pieces) == needed:
            return pieces
        tiles = [ch for ch in text if not ch.isspace() and ch not in ",/;\uFE0F\uFE0E"]
        if len(tiles) == needed * length:
            return ["".join(tiles[k * length:(k + 1) * length]) for k in range(needed)]
        raise InvalidPattern(self._count_message(len(pieces)))

    def _count_message(self, given: int) -> str:
        unsolved = self.unsolved
        boards = ", ".join(str(b + 1) for b in unsolved)
        return (f"{counted(len(unsolved), 'pattern')} needed, one per unsolved board "
                f"(board{'s' if len(unsolved) > 1 else ''} {boards}, in order), got {given}; "
                f"separate them with spaces or commas ({ACCEPTED_FORMS})")

    def update(self, guess: str, patterns: Sequence[str | int] | str) -> Move:
        """Record that ``guess`` got ``patterns``: one per unsolved board, in
        board order (a list, or one line as ``split_patterns`` reads it).
        Bad input raises and changes nothing."""
        if self.solved:
            raise WordleError("every board is solved; start a new game to play again")
        guess = self.check_guess(guess)
        if isinstance(patterns, str):
            patterns = self.split_patterns(patterns)
        try:
            patterns = list(patterns)
        except TypeError:
            raise InvalidPattern(f"the patterns must be one line of text or a list, one per "
                                 f"unsolved board; got {type(patterns).__name__}") from None
        if len(patterns) != len(self.unsolved):
            raise InvalidPattern(self._count_message(len(patterns)))
        codes = {}
        for board, pattern in zip(self.unsolved, patterns):
            try:
                codes[board] = parse_pattern(pattern, self.lexicon.length)
            except InvalidPattern as error:
                raise InvalidPattern(f"board {board + 1}: {error}") from None
        return self.game.play(guess, codes)

    def play_against(self, answers: Sequence[str]) -> Move:
        """Play the best guess against known ``answers`` (one per board);
        returns the move. For simulations and demonstrations."""
        indices = [self.lexicon.answer_index(word) for word in answers]
        if len(indices) != self.boards:
            raise InvalidOption(f"{counted(self.boards, 'answer')} needed, one per board; got "
                                f"{len(indices)}")
        guess = self.best().word
        row = self.lexicon.row(guess)
        return self.game.play(guess, {b: int(row[indices[b]]) for b in self.unsolved})


def summed_scores(per_board: list[GuessScores]) -> GuessScores:
    """One board's scores as they are; several boards' summed (bits,
    expected remaining, chances to solve, buckets), the largest bucket as the
    largest of any board, a possible answer if it is one on any board."""
    if len(per_board) == 1:
        return per_board[0]
    first = per_board[0]
    return GuessScores(
        rows=first.rows, vocabulary=first.vocabulary,
        expected_bits=np.sum([s.expected_bits for s in per_board], axis=0),
        expected_remaining=np.sum([s.expected_remaining for s in per_board], axis=0),
        largest_bucket=np.max([s.largest_bucket for s in per_board], axis=0),
        n_buckets=np.sum([s.n_buckets for s in per_board], axis=0),
        win_probability=np.sum([s.win_probability for s in per_board], axis=0),
        is_candidate=np.any([s.is_candidate for s in per_board], axis=0),
        n_candidates=sum(s.n_candidates for s in per_board))
