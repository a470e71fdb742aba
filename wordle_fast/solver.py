"""The Solver: one game's state, suggestions explained in bits, and updates.

>>> solver = Solver()
>>> [s.word for s in solver.suggest(top=3)]
['soare', 'roate', 'raise']
>>> turn = solver.update("soare", "bybbg")
>>> round(turn.bits, 2), turn.candidates_after
(6.85, 20)
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, fields

import numpy as np

from wordle_fast.cache import OpeningCache, words_digest
from wordle_fast.errors import (
    InconsistentFeedback,
    InvalidOption,
    InvalidWord,
    WordleError,
    whole_number,
)
from wordle_fast.lexicon import Lexicon, lexicon_from
from wordle_fast.patterns import all_green, format_pattern, parse_pattern
from wordle_fast.priors import PRIORS, prior_weights
from wordle_fast.rules import check_mode, hard_mode_violation, legal_guesses
from wordle_fast.scoring import GuessScore, GuessScores, realized_information
from wordle_fast.strategies import DEFAULT_SOLVE_BONUS, Position, Strategy, make_strategy
from wordle_fast.words import WordSource, normalize_word

GUESS_POOLS = ("allowed", "candidates")


@dataclass(frozen=True)
class Suggestion(GuessScore):
    """A ranked guess: its statistics plus the strategy's value for it."""

    score: float


@dataclass(frozen=True)
class Turn:
    """One guess played and the feedback it got."""

    guess: str
    pattern: int               # base-3 code
    pattern_text: str          # g/y/b letters
    bits: float                # information realized: log2(before / after)
    candidates_before: int
    candidates_after: int


class Solver:
    """Suggests guesses and tracks one game.

    ``answers`` / ``guesses``: paths or iterables (the bundled lists by
    default), or pass a ready ``lexicon`` to share its pattern matrix between
    solvers. ``strategy``: ``entropy`` (default), ``hybrid``, ``minimax``,
    ``expected-size``, ``letter-frequency``, ``solve-bonus``, ``lookahead``,
    ``optimal`` or a ``Strategy`` object.
    ``guess_pool``: ``allowed`` (every allowed guess) or ``candidates`` (only
    words that can still be the answer). ``hard_mode``: ``off``, ``hard``
    (the NYT rule) or ``strict`` (every guess consistent with all feedback).
    ``prior``: ``uniform`` or ``frequency``. ``frequency_weight``: the
    frequency share of the ``hybrid`` score. ``depth`` / ``width``: the
    ``lookahead`` strategy's steps and guesses expanded per level. ``cache_dir`` / ``use_cache``:
    where the first move's table is kept (see :mod:`wordle_fast.cache`).
    ``solve_bonus``: the ``solve-bonus`` strategy's bits per answer guessed.

    ``boards=K`` with K of 2 or more plays K boards at once (Dordle, Quordle,
    Octordle) and gives a :class:`wordle_fast.boards.BoardsSolver` instead,
    which also takes ``max_guesses`` (default K + 5).
    """

    def __new__(cls, *args, boards: int = 1, **options):
        if boards == 1 or isinstance(boards, bool):
            return super().__new__(cls)
        from wordle_fast.boards import BoardsSolver  # (it builds on this module)

        if "solve_bonus" in options:
            options["bonus"] = options.pop("solve_bonus")
        taken = inspect.signature(BoardsSolver).parameters
        ignored = [name for name in options if name not in taken]
        if ignored:
            raise InvalidOption(f"{' and '.join(ignored)} {'do' if len(ignored) > 1 else 'does'} "
                                "not apply to several boards; drop it")
        return BoardsSolver(*args, boards=boards, **options)

    def __init__(self, answers: WordSource | None = None, guesses: WordSource | None = None, *,
                 strategy: str | Strategy = "entropy", guess_pool: str = "allowed",
                 hard_mode: str = "off", prior: str = "uniform", frequency_weight: float = 0.4,
                 depth: int = 2, width: int | None = None, solve_bonus: float = DEFAULT_SOLVE_BONUS,
                 lexicon: Lexicon | None = None, lists: str | None = None, cache_dir=None,
                 use_cache: bool = True, boards: int = 1):
        whole_number(boards, "the number of boards", minimum=1)
        if guess_pool not in GUESS_POOLS:
            raise InvalidOption(f"unknown guess pool {guess_pool!r}: choose one of "
                                f"{', '.join(GUESS_POOLS)}")
        if prior not in PRIORS:
            raise InvalidOption(f"unknown prior {prior!r}: choose one of {', '.join(PRIORS)}")
        self.strategy = make_strategy(strategy, frequency_weight=frequency_weight,
                                      depth=depth, width=width, bonus=solve_bonus)
        if self.strategy.name == "optimal" and prior != "uniform":
            raise InvalidOption("the optimal strategy minimizes total guesses over equally "
                                "likely answers; use the uniform prior")
        self.lexicon = lexicon_from(answers, guesses, lexicon, lists)
        self.guess_pool = guess_pool
        self.hard_mode = check_mode(hard_mode)
        self.prior = prior
        self.weights = prior_weights(prior, self.lexicon.answers)
        self.cache = OpeningCache(cache_dir) if use_cache else None
        self.reset()

    # -- state ----------------------------------------------------------------------

    def reset(self) -> None:
        """Start a new game."""
        self._turns: list[Turn] = []
        self._candidates = self.lexicon.all_candidates()
        # True when the last suggest() was cut short by Ctrl-C (a lookahead):
        # its values then cover only the guesses reached.
        self.ranking_partial = False

    @property
    def history(self) -> tuple[Turn, ...]:
        return tuple(self._turns)

    @property
    def candidates(self) -> list[str]:
        """The answers still possible, in list order."""
        return self.lexicon.words_of(self._candidates)

    @property
    def candidate_set(self):
        return self._candidates.copy()

    @property
    def n_candidates(self) -> int:
        return len(self._candidates)

    @property
    def solved(self) -> bool:
        return bool(self._turns) and self._turns[-1].pattern == all_green(self.lexicon.length)

    def _rows(self) -> list[tuple[str, int]]:
        return [(turn.guess, turn.pattern) for turn in self._turns]

    def _mass(self, candidates) -> float:
        if self.weights is None:
            return float(len(candidates))
        return float(self.weights[candidates.indices()].sum())

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
        if not self._candidates:
            raise InconsistentFeedback("no answer fits the feedback so far; undo the last entry")
        if not self._turns and self.cache is not None:
            return self._opening_table()
        return self._score_now()

    def _pool_rows(self, legal: np.ndarray | None) -> np.ndarray:
        # legal: the rule's mask over every guess; not needed (None) when
        # two or fewer candidates are left.
        lexicon = self.lexicon
        if len(self._candidates) <= 2:
            # No probe can beat guessing a candidate: it may win now, and the
            # other is certain next turn.
            return lexicon.answer_rows[self._candidates.indices()]
        if self.guess_pool == "candidates":
            rows = lexicon.answer_rows[self._candidates.indices()]
            return rows[legal[rows]]
        return np.flatnonzero(legal)

    def _score_now(self) -> tuple[GuessScores, np.ndarray, bool]:
        legal = (legal_guesses(self.lexicon, self._rows(), self.hard_mode)
                 if len(self._candidates) > 2 else None)
        rows = self._pool_rows(legal)
        scores = self.lexicon.score(self._candidates, weights=self.weights, rows=rows)
        position = Position(scores=scores, rows=rows, candidates=self._candidates,
                            lexicon=self.lexicon, weights=self.weights, turn=len(self._turns),
                            hard_mode=self.hard_mode, history=tuple(self._rows()),
                            legal_mask=legal)
        values = self.strategy.values(position)
        return scores, values, bool(getattr(self.strategy, "interrupted", False))

    def _opening_table(self) -> tuple[GuessScores, np.ndarray, bool]:
        description = OpeningCache.describe(
            answers=words_digest(self.lexicon.answers), guesses=words_digest(self.lexicon.guesses),
            strategy=self.strategy.cache_key(), hard_mode=self.hard_mode, prior=self.prior,
            guess_pool=self.guess_pool)
        stored = self.cache.load(description)
        if stored is not None and _sound_table(stored, self.lexicon.n_guesses,
                                               self.lexicon.n_answers):
            scores = GuessScores(
                rows=stored["rows"], vocabulary=self.lexicon.guesses,
                expected_bits=stored["expected_bits"],
                expected_remaining=stored["expected_remaining"],
                largest_bucket=stored["largest_bucket"], n_buckets=stored["n_buckets"],
                win_probability=stored["win_probability"], is_candidate=stored["is_candidate"],
                n_candidates=int(stored["n_candidates"]))
            return scores, stored["values"], False
        # Missing, or damaged under the right description: computed afresh.
        scores, values, partial = self._score_now()
        if partial:
            return scores, values, partial   # a ranking cut short is shown, never kept
        self.cache.save(description, {
            "rows": scores.rows, "expected_bits": scores.expected_bits,
            "expected_remaining": scores.expected_remaining,
            "largest_bucket": scores.largest_bucket, "n_buckets": scores.n_buckets,
            "win_probability": scores.win_probability, "is_candidate": scores.is_candidate,
            "n_candidates": np.array(scores.n_candidates), "values": values})
        return scores, values, False

    # -- feedback ---------------------------------------------------------------------

    def update(self, guess: str, pattern: str | int) -> Turn:
        """Record that ``guess`` got ``pattern`` (``bygyb``, ``02120``, emoji or
        a code). Returns the turn, with the bits it realized and the
        candidates left. Bad input raises and changes nothing."""
        if self.solved:
            raise WordleError("the game is already solved; start a new game to play again")
        guess = self.check_guess(guess)
        code = parse_pattern(pattern, self.lexicon.length)
        after = self._candidates.narrowed(self.lexicon.row(guess), code)
        if not after:
            raise InconsistentFeedback(self._explain_contradiction(guess, code))
        turn = Turn(guess=guess, pattern=code,
                    pattern_text=format_pattern(code, self.lexicon.length),
                    bits=realized_information(self._mass(self._candidates), self._mass(after)),
                    candidates_before=len(self._candidates), candidates_after=len(after))
        self._turns.append(turn)
        self._candidates = after
        return turn

    def check_guess(self, guess: str) -> str:
        """``guess`` normalised, if it may be played now; else ``InvalidWord``
        (or ``UnknownWord``) saying why."""
        guess = normalize_word(guess, self.lexicon.length)
        self.lexicon.guess_index(guess)  # raises UnknownWord with a hint
        violation = hard_mode_violation(guess, self._rows(), self.hard_mode, self.lexicon.length)
        if violation:
            raise InvalidWord(f"{guess!r} is not allowed now: {violation}")
        return guess

    def undo(self) -> Turn:
        """Take back the last turn; returns it."""
        if not self._turns:
            raise WordleError("nothing to undo: no guess has been entered yet")
        removed = self._turns.pop()
        candidates = self.lexicon.all_candidates()
        for turn in self._turns:
            candidates.narrow(self.lexicon.row(turn.guess), turn.pattern)
        self._candidates = candidates
        return removed

    def _explain_contradiction(self, guess: str, code: int) -> str:
        return explain_contradiction(self.lexicon, self._rows(), guess, code)


def explain_contradiction(lexicon: Lexicon, rows: list[tuple[str, int]], guess: str,
                          code: int) -> str:
    """Why no answer gives ``guess`` ``code`` after the (guess, code) ``rows``:
    no answer at all, one earlier row it contradicts, or all of them together."""
    length = lexicon.length
    entry = f"{guess.upper()} {format_pattern(code, length)}"
    alone = lexicon.all_candidates().narrow(lexicon.row(guess), code)
    if not alone:
        return (f"no answer in the list gives {entry}; check the tiles "
                f"(e.g. a letter marked yellow and gray in a way no word allows)")
    for earlier, earlier_code in rows:
        if not alone.narrowed(lexicon.row(earlier), earlier_code):
            return (f"{entry} contradicts the earlier {earlier.upper()} "
                    f"{format_pattern(earlier_code, length)}: no answer gives both; "
                    "undo one of them")
    return (f"{entry} leaves {len(alone)} answers on its own, but none of them fits "
            f"all the earlier feedback together; undo the entry that was mistyped")


# A cached opening table's arrays, one entry per guess scored, by numpy kind.
_TABLE_KINDS = {"rows": "i", "expected_bits": "f", "expected_remaining": "f",
                "largest_bucket": "i", "n_buckets": "i", "win_probability": "f",
                "is_candidate": "b", "values": "f"}


def _sound_table(stored: dict, n_guesses: int, n_answers: int) -> bool:
    """True when a cached opening table's arrays are whole: the right
    names, kinds and one length, rows in range, no NaN (a file damaged
    under the right description is rebuilt, not used)."""
    try:
        rows = stored["rows"]
        length = len(rows)
        for name, kind in _TABLE_KINDS.items():
            array = stored[name]
            if array.dtype.kind != kind or array.shape != (length,):
                return False
            if kind == "f" and np.isnan(array).any():
                return False
        # (bincount, not unique: np.unique loads numpy.ma, 10 ms of every start)
        return (0 < length <= n_guesses and rows.min() >= 0 and rows.max() < n_guesses
                and np.bincount(rows, minlength=n_guesses).max() == 1
                and stored["n_candidates"].shape == ()
                and 0 < int(stored["n_candidates"]) <= n_answers)
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
