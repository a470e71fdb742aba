"""The solvers: suggestions explained in bits, and updates, for one board
(``Solver``) or several at once (``BoardsSolver``, also what
``Solver(boards=K)`` gives). Both keep their game in a ``GameState``.

>>> solver = Solver()
>>> [s.word for s in solver.suggest(top=3)]
['soare', 'roate', 'raise']
>>> turn = solver.update("soare", "bybbg")
>>> round(turn.bits, 2), turn.candidates_after
(6.85, 20)
>>> quordle = Solver(boards=4)
>>> isinstance(quordle, Solver), quordle.max_guesses
(True, 9)
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, fields

import numpy as np

from wordle_fast.cache import FirstMoveCache
from wordle_fast.errors import (
    InconsistentFeedback,
    InvalidOption,
    InvalidPattern,
    InvalidWord,
    WordleError,
    whole_number,
)
from wordle_fast.game.state import GameState, Move
from wordle_fast.lexicon import Lexicon, lexicon_from
from wordle_fast.patterns import ACCEPTED_FORMS, parse_pattern
from wordle_fast.priors import PRIORS, prior_weights
from wordle_fast.rules import check_mode, guess_limit, hard_mode_violation, legal_guesses
from wordle_fast.scoring import GuessScore, GuessScores
from wordle_fast.strategies import (
    BOARD_STRATEGIES,
    Position,
    Strategy,
    make_strategy,
    option_takers,
)
from wordle_fast.words import WordSource, counted, normalize_word

GUESS_POOLS = ("allowed", "candidates")
ONE_BOARD_LIMIT = 6     # the guess limit of one board

# Per-board scores of the whole guess pool are kept for this many candidate
# sets (about 0.5 MB each with the bundled lists): boards in the same state,
# within a game or across a simulation, are scored once. Measured on 1000
# Quordle games: no memo 79 s (every board of every game scores the full
# list on turn 1), 32 entries 9.9 s and 87 MB peak, 256 entries 6.1 s and
# 181 MB (every guess's row array shared), 2048 entries 5.6 s and 1.1 GB.
SCORE_MEMO_ENTRIES = 256


@dataclass(frozen=True)
class Suggestion(GuessScore):
    """A ranked guess: its statistics plus the strategy's value for it."""

    score: float


@dataclass(frozen=True)
class Turn:
    """One guess played on one board and the feedback it got."""

    guess: str
    pattern: int               # base-3 code
    pattern_text: str          # g/y/b letters
    bits: float                # information realized: log2(before / after)
    candidates_before: int
    candidates_after: int

    @classmethod
    def of(cls, move: Move) -> Turn:
        return cls(guess=move.guess, pattern=move.patterns[0], pattern_text=move.pattern_texts[0],
                   bits=move.bits[0], candidates_before=move.candidates_before[0],
                   candidates_after=move.candidates_after[0])


def default_max_guesses(boards: int) -> int:
    """The usual limit: 6 for one board, 7 for Dordle, 9 Quordle, 13 Octordle."""
    return ONE_BOARD_LIMIT - 1 + boards


class Solver:
    """Suggests guesses and tracks one game.

    ``answers`` / ``guesses``: paths or iterables (the bundled lists by
    default), or pass a ready ``lexicon`` to share its pattern matrix between
    solvers (or ``lists``, a bundled edition). ``strategy``: a name in
    ``wordle_fast.strategies.STRATEGIES`` (``entropy`` by default) or a
    ``Strategy`` object; ``frequency_weight`` (hybrid), ``depth`` and
    ``width`` (lookahead) and ``solve_bonus`` (solve-bonus) are the options
    strategies declare, refused by the others.
    ``guess_pool``: ``allowed`` (every allowed guess) or ``candidates`` (only
    words that can still be the answer). ``hard_mode``: ``off``, ``hard``
    (the NYT rule) or ``strict`` (every guess consistent with all feedback).
    ``prior``: ``uniform`` or ``frequency``. ``cache_dir`` / ``use_cache``:
    where the first move's scores are kept (see :mod:`wordle_fast.cache`).

    ``boards=K`` with K of 2 or more plays K boards at once (Dordle, Quordle,
    Octordle) and gives a :class:`BoardsSolver`, a ``Solver`` whose
    ``candidates`` and ``update`` take one board or pattern per board; it
    also takes ``max_guesses`` (default K + 5).
    """

    def __new__(cls, *args, boards: int = 1, **options):
        if cls is Solver and not isinstance(boards, bool) and boards != 1:
            cls = BoardsSolver   # its __init__ then runs with the same arguments
        return super().__new__(cls)

    def __init__(self, answers: WordSource | None = None, guesses: WordSource | None = None, *,
                 strategy: str | Strategy = "entropy", guess_pool: str = "allowed",
                 hard_mode: str = "off", prior: str = "uniform",
                 frequency_weight: float | None = None, depth: int | None = None,
                 width: int | None = None, solve_bonus: float | None = None,
                 lexicon: Lexicon | None = None, lists: str | None = None, cache_dir=None,
                 use_cache: bool = True, boards: int = 1):
        whole_number(boards, "the number of boards", minimum=1, maximum=1)
        self._setup(answers, guesses, lexicon, lists, guess_pool, prior, boards=1)
        self.strategy = make_strategy(strategy, frequency_weight=frequency_weight, depth=depth,
                                      width=width, solve_bonus=solve_bonus)
        if self.strategy.uniform_prior_only and prior != "uniform":
            raise InvalidOption(f"the {self.strategy.name} strategy values guesses over equally "
                                "likely answers; use the uniform prior")
        self.hard_mode = check_mode(hard_mode)
        self.cache = FirstMoveCache(cache_dir) if use_cache else None

    def _setup(self, answers, guesses, lexicon, lists, guess_pool, prior, boards) -> None:
        """What both solvers check and keep: the lists, pool, prior and game."""
        if guess_pool not in GUESS_POOLS:
            raise InvalidOption(f"unknown guess pool {guess_pool!r}: choose one of "
                                f"{', '.join(GUESS_POOLS)}")
        if prior not in PRIORS:
            raise InvalidOption(f"unknown prior {prior!r}: choose one of {', '.join(PRIORS)}")
        self.lexicon = lexicon_from(answers, guesses, lexicon, lists)
        self.guess_pool = guess_pool
        self.prior = prior
        self.weights = prior_weights(prior, self.lexicon.answers)
        self.game = GameState(self.lexicon, boards, self.weights)
        self.reset()

    # -- state ----------------------------------------------------------------------

    def reset(self) -> None:
        """Start a new game."""
        self.game.reset()
        # True when the last suggest() was cut short by Ctrl-C (a lookahead):
        # its values then cover only the guesses reached.
        self.ranking_partial = False

    @property
    def boards(self) -> int:
        return self.game.boards

    @property
    def history(self) -> tuple[Turn, ...]:
        return tuple(Turn.of(move) for move in self.game.moves)

    @property
    def candidates(self) -> list[str]:
        """The answers still possible, in list order."""
        return self.lexicon.words_of(self.game.candidates())

    @property
    def candidate_set(self):
        return self.game.candidates().copy()

    @property
    def n_candidates(self) -> int:
        return len(self.game.candidates())

    @property
    def solved(self) -> bool:
        """Every board solved."""
        return self.game.solved

    def undo(self) -> Turn:
        """Take back the last turn; returns it."""
        return Turn.of(self.game.undo())

    def check_guess(self, guess: str) -> str:
        """``guess`` normalised, if it may be played now; else ``InvalidWord``
        (or ``UnknownWord``) saying why."""
        guess = normalize_word(guess, self.lexicon.length)
        self.lexicon.guess_index(guess)  # raises UnknownWord with a hint
        violation = hard_mode_violation(guess, self.game.rows(), self.hard_mode,
                                        self.lexicon.length)
        if violation:
            raise InvalidWord(f"{guess!r} is not allowed now: {violation}")
        return guess

    # -- suggestions --------------------------------------------------------------------

    def suggest(self, top: int | None = 10) -> list[Suggestion]:
        """The best ``top`` guesses now (all with ``None``), best first."""
        if self.solved:
            return []
        scores, values, self.ranking_partial = self._ranked_pool()
        if top is not None:
            top = whole_number(top, "the number of suggestions", minimum=0)
        order = scores.order(values, top)
        return [Suggestion(**{f.name: getattr(scores.row(int(i)), f.name) for f in fields(GuessScore)},
                           score=float(values[int(i)])) for i in order]

    def best(self) -> Suggestion:
        """The best guess now. A ranking cut short by Ctrl-C has no best:
        the interrupt goes on (to stop a simulation, say), where
        ``suggest`` returns what was ranked with ``ranking_partial`` set."""
        suggestions = self.suggest(top=1)
        if not suggestions:
            raise WordleError("the game is solved; start a new game to play again")
        if self.ranking_partial:
            raise KeyboardInterrupt
        return suggestions[0]

    def _ranked_pool(self) -> tuple[GuessScores, np.ndarray, bool]:
        """(scores, the strategy's values, whether a Ctrl-C cut them short)."""
        if not self.game.candidates():
            raise InconsistentFeedback("no answer fits the feedback so far; undo the last entry")
        if self.game.turn == 0 and self.cache is not None:
            return self._first_move()
        return self._score_now()

    def _pool_rows(self, legal: np.ndarray | None) -> np.ndarray:
        # legal: the rule's mask over every guess; not needed (None) when
        # two or fewer candidates are left.
        lexicon, candidates = self.lexicon, self.game.candidates()
        if len(candidates) <= 2:
            # No probe can beat guessing a candidate: it may win now, and the
            # other is certain next turn.
            return lexicon.answer_rows[candidates.indices()]
        if self.guess_pool == "candidates":
            rows = lexicon.answer_rows[candidates.indices()]
            return rows[legal[rows]]
        return np.flatnonzero(legal)

    def _score_now(self) -> tuple[GuessScores, np.ndarray, bool]:
        candidates, history = self.game.candidates(), self.game.rows()
        legal = (legal_guesses(self.lexicon, history, self.hard_mode)
                 if len(candidates) > 2 else None)
        rows = self._pool_rows(legal)
        scores = self.lexicon.score(candidates, weights=self.weights, rows=rows)
        position = Position(scores=scores, rows=rows, candidates=candidates,
                            lexicon=self.lexicon, weights=self.weights, turn=self.game.turn,
                            hard_mode=self.hard_mode, history=tuple(history), legal_mask=legal)
        values = self.strategy.values(position)
        return scores, values, bool(self.strategy.interrupted)

    def _first_move(self) -> tuple[GuessScores, np.ndarray, bool]:
        description = self.cache.describe_for(self.lexicon, strategy=self.strategy.cache_key(),
                                              hard_mode=self.hard_mode, prior=self.prior,
                                              guess_pool=self.guess_pool)
        stored = self.cache.load_scores(description, self.lexicon)
        if stored is not None:
            return (*stored, False)
        # Missing, or damaged under the right description: computed afresh.
        scores, values, partial = self._score_now()
        if not partial:     # a ranking cut short is shown, never kept
            self.cache.save_scores(description, scores, values)
        return scores, values, partial

    # -- feedback ---------------------------------------------------------------------

    def update(self, guess: str, pattern: str | int) -> Turn:
        """Record that ``guess`` got ``pattern`` (``bygyb``, ``02120``, emoji or
        a code). Returns the turn, with the bits it realized and the
        candidates left. Bad input raises and changes nothing."""
        if self.solved:
            raise WordleError("the game is already solved; start a new game to play again")
        guess = self.check_guess(guess)
        code = parse_pattern(pattern, self.lexicon.length)
        return Turn.of(self.game.play(guess, {0: code}))


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


class BoardsSolver(Solver):
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
                 boards: int = 4, max_guesses: int | None = None,
                 strategy: str | Strategy | None = None, solve_bonus: float | None = None,
                 guess_pool: str = "allowed", prior: str = "uniform", hard_mode: str = "off",
                 lexicon: Lexicon | None = None, lists: str | None = None,
                 bonus: float | None = None, **one_board_options):
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
        boards = whole_number(boards, "the number of boards", minimum=1)
        if boards > lexicon.n_answers:
            raise InvalidOption(f"{boards} boards need {boards} different answers, but the "
                                f"answer list has {lexicon.n_answers}")
        limit = default_max_guesses(boards) if max_guesses is None else max_guesses
        self.max_guesses = guess_limit(limit, boards)
        if hard_mode != "off":
            raise InvalidOption("hard mode is a one-board rule (which board's hints would bind?); "
                                "play several boards with hard mode off")
        self.strategy = make_strategy(strategy or BOARD_STRATEGIES[0], boards=max(boards, 2),
                                      solve_bonus=bonus if solve_bonus is None else solve_bonus,
                                      **strategy_options)
        self.hard_mode = "off"
        self.cache = None
        self._memo: OrderedDict[bytes, GuessScores] = OrderedDict()
        # one array of every guess's row, shared by every memo entry (read-only)
        self._every_guess = np.arange(lexicon.n_guesses, dtype=np.intp)
        self._every_guess.flags.writeable = False
        self._setup(None, None, lexicon, None, guess_pool, prior, boards)

    # -- state ------------------------------------------------------------------

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
        values = self.strategy.values(position)
        if top is not None:
            top = whole_number(top, "the number of suggestions", minimum=0)
        order = position.scores.order(values, top)
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
                        turn=self.game.turn, boards=per_board)

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
