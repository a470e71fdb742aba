"""Strategies: how to value each guess of a scored pool.

A strategy is a small object with one method, ``values(position)``, giving a
number per pooled guess (higher is better). The solver ranks by that value
and breaks ties the seeds' way: a possible answer first, then the smaller
expected remaining set, then the higher chance to win now.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from wordle_fast.errors import InvalidOption
from wordle_fast.rules import legal_guesses
from wordle_fast.scoring import GuessScores


@dataclass(frozen=True)
class Position:
    """What a strategy may look at: the scored pool and the game state."""

    scores: GuessScores          # statistics of every pooled guess
    rows: np.ndarray             # the pooled guesses' indices in lexicon.guesses
    candidates: object           # CandidateSet of the answers still possible
    lexicon: object              # the Lexicon, for word data such as frequencies
    weights: np.ndarray | None = None   # the prior over answers, None for uniform
    turn: int = 0                        # guesses already played this game
    hard_mode: str = "off"               # the rule in force (see wordle_fast.rules)
    history: tuple = ()                  # (guess, pattern code) of each turn played
    legal_mask: np.ndarray | None = None  # the rule's mask over every guess, if already known
    # Several boards: (candidates, scores) of each unsolved board; `scores`
    # and `candidates` above are then their sums and union. Empty for one board.
    boards: tuple = ()

    @cached_property
    def legal(self) -> np.ndarray | None:
        """Rows of every guess the rule allows now, beyond the pool (None in
        normal mode). Computed on first use unless the solver already had
        the mask: only searches below this move need it, and it costs a
        feedback row per turn in strict mode."""
        if self.hard_mode == "off":
            return None
        mask = self.legal_mask
        if mask is None:
            mask = legal_guesses(self.lexicon, self.history, self.hard_mode)
        return np.flatnonzero(mask)

    @property
    def candidate_words(self) -> list[str]:
        return self.lexicon.words_of(self.candidates)

    @property
    def zipf(self) -> np.ndarray:
        """Word frequency of each pooled guess."""
        return self.lexicon.guess_zipf[self.rows]


# SolveBonusStrategy's default: the bits that solving a board now is worth
# (chosen by simulation; see benchmarks/boards_tuning.py).
DEFAULT_SOLVE_BONUS = 2.0


class Strategy:
    name = "base"

    def values(self, position: Position) -> np.ndarray:
        raise NotImplementedError

    def cache_key(self) -> str:
        """What distinguishes this strategy's opening table from another's."""
        return self.name


class EntropyStrategy(Strategy):
    """Most expected information (bits)."""

    name = "entropy"

    def values(self, position):
        return position.scores.expected_bits


class HybridStrategy(Strategy):
    """Entropy blended with word frequency, each scaled to 0..1 over the pool:
    ``(1 - w) * entropy + w * frequency``; the seeds use w = 0.4."""

    name = "hybrid"

    def __init__(self, frequency_weight: float = 0.4):
        if not 0.0 <= frequency_weight <= 1.0:
            raise InvalidOption(f"frequency weight must be within 0..1, got {frequency_weight}")
        self.frequency_weight = float(frequency_weight)

    def values(self, position):
        entropy = _scaled(position.scores.expected_bits)
        frequency = _scaled(position.zipf)
        return (1.0 - self.frequency_weight) * entropy + self.frequency_weight * frequency

    def cache_key(self):
        return f"{self.name}:{self.frequency_weight!r}"


class MinimaxStrategy(Strategy):
    """Smallest worst case: the fewest candidates left after the worst pattern."""

    name = "minimax"

    def values(self, position):
        return -position.scores.largest_bucket.astype(np.float64)


class ExpectedSizeStrategy(Strategy):
    """Fewest candidates left on average."""

    name = "expected-size"

    def values(self, position):
        return -position.scores.expected_remaining


class LetterFrequencyStrategy(Strategy):
    """The notebook seed's heuristic: expected bits times letter coverage, the
    sum over the guess's distinct letters of the share of candidates that
    contain that letter. (The seed applied it to the top 10 by entropy only,
    to save time; here every guess is valued.)"""

    name = "letter-frequency"

    def values(self, position):
        containing = np.zeros(26)
        for word in position.candidate_words:
            for letter in set(word):
                containing[ord(letter) - ord("a")] += 1
        containing /= max(1, len(position.candidate_words))
        coverage = np.array([sum(containing[ord(c) - ord("a")] for c in set(word))
                             for word in position.scores.words])
        return position.scores.expected_bits * coverage


class SolveBonusStrategy(Strategy):
    """Expected bits plus ``bonus`` bits times the chance that the guess is
    the answer. Over several boards the bits and the chances are summed over
    the unsolved boards (the chance becomes the expected number of boards
    solved now), and a board's last candidate is played first, as by the
    ``finish`` strategy.

    Why: every board's answer must be guessed some time, so a game of K
    boards lasts K guesses plus those that solve no board. A guess that may
    solve a board is worth more than the bits it reveals; entropy alone
    values it at those bits. The bonus was chosen by simulation
    (``benchmarks/boards_tuning.py``)."""

    name = "solve-bonus"

    def __init__(self, bonus: float = DEFAULT_SOLVE_BONUS):
        if (isinstance(bonus, bool) or not isinstance(bonus, (int, float, np.integer, np.floating))
                or not (np.isfinite(bonus) and bonus >= 0)):
            raise InvalidOption(f"the solve bonus must be a number of bits, 0 or more, "
                                f"got {bonus!r}")
        self.bonus = float(bonus)

    def values(self, position):
        scores = position.scores
        return last_candidates_first(
            position, scores.expected_bits + self.bonus * scores.win_probability)

    def cache_key(self):
        return f"{self.name}:{self.bonus!r}"


def last_candidates_first(position: Position, values: np.ndarray) -> np.ndarray:
    """``values`` with every board's last candidate (several boards: a board
    with one candidate left) raised above all other guesses; among them, the
    most summed bits first. Unchanged for one board: with one candidate left
    it is the whole pool."""
    rows = [int(position.lexicon.answer_rows[next(iter(candidates))])
            for candidates, _ in position.boards if len(candidates) == 1]
    if not rows:
        return values
    lead = values.max() + 1.0
    return np.where(np.isin(position.rows, rows), lead + position.scores.expected_bits, values)


def _scaled(values: np.ndarray) -> np.ndarray:
    spread = values.max() - values.min() if len(values) else 0.0
    if spread <= 0:
        return np.zeros_like(values, dtype=np.float64)
    return (values - values.min()) / spread


def _lookahead(depth: int = 2, width: int | None = None, max_entries: int | None = None):
    # Imported when asked for: wordle_fast.lookahead builds on this module.
    from wordle_fast.lookahead import DEFAULT_MEMO_ENTRIES, LookaheadStrategy

    return LookaheadStrategy(depth=depth, width=width,
                             max_entries=max_entries or DEFAULT_MEMO_ENTRIES)


def _optimal(max_guesses: int = 6):
    # Imported when asked for: wordle_fast.optimal_play builds on this module.
    from wordle_fast.optimal_play import OptimalStrategy

    return OptimalStrategy(max_guesses=max_guesses)


# name -> class or factory; make_strategy passes each the options it takes
STRATEGIES = {
    **{cls.name: cls for cls in (EntropyStrategy, HybridStrategy, MinimaxStrategy,
                                 ExpectedSizeStrategy, LetterFrequencyStrategy,
                                 SolveBonusStrategy)},
    "lookahead": _lookahead,
    "optimal": _optimal,
}


def make_strategy(name: str | Strategy, **options) -> Strategy:
    """A strategy by name (``entropy``, ``hybrid``, ``minimax``,
    ``expected-size``, ``letter-frequency``, ``solve-bonus``, ``lookahead``,
    ``optimal``), or a ready strategy object. ``options`` the named strategy does not take are ignored,
    so callers can pass every setting they have."""
    if isinstance(name, Strategy):
        return name
    try:
        cls = STRATEGIES[name]
    except KeyError:
        raise InvalidOption(
            f"unknown strategy {name!r}: choose one of {', '.join(STRATEGIES)}") from None
    accepted = inspect.signature(cls).parameters
    return cls(**{key: value for key, value in options.items() if key in accepted})
