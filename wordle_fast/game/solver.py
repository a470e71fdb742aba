"""The solver: suggestions explained in bits, and updates, for one board.
``Solver(boards=K)`` gives its several-board subclass (``game.boards``);
both keep their game in a ``GameState``.

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

from dataclasses import dataclass, fields

import numpy as np

from wordle_fast.cache import FirstMoveCache
from wordle_fast.errors import (
    InconsistentFeedback,
    InvalidOption,
    InvalidWord,
    WordleError,
    whole_number,
)
from wordle_fast.game.state import GameState, Move
from wordle_fast.lexicon import Lexicon, lexicon_from
from wordle_fast.patterns import parse_pattern
from wordle_fast.priors import make_prior
from wordle_fast.rulebook import Rules, UnderRules, rules_from
from wordle_fast.rules import hard_mode_violation, legal_guesses, mode_name
from wordle_fast.scoring import GuessScore, GuessScores
from wordle_fast.strategies import Position, Strategy, make_strategy
from wordle_fast.words import WordSource, counted, normalize_word

GUESS_POOLS = ("allowed", "candidates")


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
        """Board 0 of ``move``. (A move counts a board it solved as 0 left;
        one board's turn counts the answer found, as 1.)"""
        return cls(guess=move.guess, pattern=move.patterns[0], pattern_text=move.pattern_texts[0],
                   bits=move.bits[0], candidates_before=move.candidates_before[0],
                   candidates_after=1 if move.solved_now else move.candidates_after[0])


class Solver(UnderRules):
    """Suggests guesses and tracks one game.

    ``answers`` / ``guesses``: paths or iterables (the bundled lists by
    default), or pass a ready ``lexicon`` to share its pattern matrix between
    solvers (or ``lists``, a bundled edition). ``strategy``: a name in
    ``wordle_fast.strategies.STRATEGIES`` (``entropy`` by default) or a
    ``Strategy`` object. ``strategy_options``: the options the strategy
    declares (``frequency_weight`` for hybrid, ``depth`` and ``width`` for
    lookahead, ``solve_bonus`` for solve-bonus, ...); one it does not take is
    refused.
    ``guess_pool``: ``allowed`` (every allowed guess) or ``candidates`` (only
    words that can still be the answer). ``hard_mode``: ``off``, ``hard``
    (the NYT rule) or ``strict`` (every guess consistent with all feedback).
    ``prior``: ``uniform``, ``frequency``, a weights file, a mapping of word
    to weight or weights aligned with the answers (``priors.make_prior``;
    a ``Prior`` as it makes). ``cache_dir`` / ``use_cache``:
    where the first move's scores are kept (see :mod:`wordle_fast.cache`).
    ``max_guesses``: the game's guess limit (6), the one limit that a
    strategy planning to it (optimal) reads; the board may still be played
    on past it, as a lost game. The mode, the limit and the boards are
    checked once, into one value, ``solver.rules`` (a
    :class:`wordle_fast.Rules`), which every position the strategy sees
    holds; ``rules=`` gives that value in place of the three.

    ``boards=K`` with K of 2 or more plays K boards at once (Dordle, Quordle,
    Octordle) and gives a :class:`wordle_fast.game.boards.BoardsSolver`, a ``Solver`` whose
    ``candidates`` and ``update`` take one board or pattern per board; it
    also takes ``max_guesses`` (default K + 5).
    """

    # The subclass that plays several boards (game.boards registers it; the
    # package imports that module, so it is always there).
    _several_boards: type[Solver] | None = None

    def __init_subclass__(cls, several_boards: bool = False, **kwargs):
        super().__init_subclass__(**kwargs)
        if several_boards:
            Solver._several_boards = cls

    def __new__(cls, *args, boards: int | None = None, rules: Rules | None = None, **options):
        if isinstance(rules, Rules) and boards is None:
            boards = rules.boards
        if cls is Solver and boards is not None and not isinstance(boards, bool) and boards != 1:
            cls = Solver._several_boards   # its __init__ then runs with the same arguments
        return super().__new__(cls)

    def __init__(self, answers: WordSource | None = None, guesses: WordSource | None = None, *,
                 strategy: str | Strategy = "entropy", guess_pool: str = "allowed",
                 hard_mode: str | None = None, prior="uniform",
                 lexicon: Lexicon | None = None, lists: str | None = None, cache_dir=None,
                 use_cache: bool = True, boards: int | None = None,
                 max_guesses: int | None = None, rules: Rules | None = None,
                 **strategy_options):
        self.rules = rules_from(rules, mode=hard_mode, max_guesses=max_guesses, boards=boards)
        whole_number(self.rules.boards, "the number of boards", minimum=1, maximum=1)
        self._setup(answers, guesses, lexicon, lists, guess_pool, prior, boards=1)
        self.strategy = make_strategy(strategy, **strategy_options)
        if self.strategy.uniform_prior_only and not self.prior_spec.uniform:
            raise InvalidOption(f"the {self.strategy.name} strategy values guesses over equally "
                                "likely answers; use the uniform prior")
        self.cache = FirstMoveCache(cache_dir) if use_cache else None

    def _setup(self, answers, guesses, lexicon, lists, guess_pool, prior, boards) -> None:
        """What both solvers check and keep: the lists, pool, prior and game."""
        if guess_pool not in GUESS_POOLS:
            raise InvalidOption(f"unknown guess pool {guess_pool!r}: choose one of "
                                f"{', '.join(GUESS_POOLS)}")
        self.lexicon = lexicon_from(answers, guesses, lexicon, lists)
        self.guess_pool = guess_pool
        # the Prior, and its name (what the results and the JSON record)
        self.prior_spec = make_prior(prior, self.lexicon.answers)
        self.prior = self.prior_spec.name
        self.weights = self.prior_spec.probabilities
        self.game = GameState(self.lexicon, boards, self.weights)
        self.reset()

    # -- state ----------------------------------------------------------------------

    def __repr__(self) -> str:
        state = "solved" if self.solved else counted(self.n_candidates, "candidate")
        return (f"Solver({self.strategy.describe()}, {mode_name(self.hard_mode)} mode, "
                f"{counted(len(self.history), 'guess', 'guesses')} played, {state})")

    def reset(self) -> None:
        """Start a new game."""
        self.game.reset()
        # True when the last suggest() was cut short by Ctrl-C (a lookahead):
        # its values then cover only the guesses reached.
        self.ranking_partial = False
        # What the strategy said of its last ranking, if anything (the
        # optimal strategy when no guess wins for sure).
        self.ranking_caveat = None
        # Its exact integer key, where its values are counts that rounding
        # could tie (the optimal strategy's totals and bounds).
        self.ranking_key = None

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
        order = scores.order(values, top, exact_key=self.ranking_key)
        return [Suggestion(**{f.name: getattr(scores.row(int(i)), f.name)
                              for f in fields(GuessScore)},
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
                            rules=self.rules, history=tuple(history), legal_mask=legal,
                            prior=None if self.prior_spec.uniform else self.prior_spec)
        self.strategy.caveat = self.strategy.exact_key = None
        values = self.strategy.values(position)
        self.ranking_caveat, self.ranking_key = self.strategy.caveat, self.strategy.exact_key
        return scores, values, bool(self.strategy.interrupted)

    def _first_move(self) -> tuple[GuessScores, np.ndarray, bool]:
        # The limit belongs to the description only where the values read it.
        limit = {"max_guesses": self.max_guesses} if self.strategy.plays_to_limit else {}
        description = self.cache.describe_for(
            self.lexicon, strategy=self.strategy.cache_key(), hard_mode=self.hard_mode,
            prior=self.prior_spec.key, guess_pool=self.guess_pool, **limit)
        stored = self.cache.load_scores(description, self.lexicon)
        if stored is not None:
            self.ranking_caveat = self.ranking_key = None
            return (*stored, False)
        # Missing, or damaged under the right description: computed afresh.
        scores, values, partial = self._score_now()
        # a ranking cut short is shown, never kept; nor one with a caveat or
        # an exact key, which the cache would not repeat
        if not partial and self.ranking_caveat is None and self.ranking_key is None:
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
