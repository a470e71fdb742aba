"""Strategies that play several boards at once (and solve-bonus, which also
plays one). Every guess must solve some board some time, so these value the
chance of solving a board now as well as the bits a guess reveals."""

from __future__ import annotations

import numpy as np

from wordle_fast.errors import InvalidOption
from wordle_fast.strategies.base import Option, Position, Strategy

# SolveBonusStrategy's default: the bits that solving a board now is worth
# (chosen by simulation; see benchmarks/boards_tuning.py).
DEFAULT_SOLVE_BONUS = 2.0


class SolveBonusStrategy(Strategy):
    """Expected bits plus ``solve_bonus`` bits times the chance that the
    guess is the answer. Over several boards the bits and the chances are
    summed over the unsolved boards (the chance becomes the expected number
    of boards solved now), and a board's last candidate is played first, as
    by the ``finish`` strategy.

    Why: every board's answer must be guessed some time, so a game of K
    boards lasts K guesses plus those that solve no board. A guess that may
    solve a board is worth more than the bits it reveals; entropy alone
    values it at those bits. The bonus was chosen by simulation
    (``benchmarks/boards_tuning.py``)."""

    name = "solve-bonus"
    several_boards = True
    options = (Option("solve_bonus", DEFAULT_SOLVE_BONUS, float,
                      f"bits a guess gains per board it may solve now "
                      f"(default {DEFAULT_SOLVE_BONUS:g})", metavar="BITS"),)

    def __init__(self, solve_bonus: float = DEFAULT_SOLVE_BONUS):
        if (isinstance(solve_bonus, bool)
                or not isinstance(solve_bonus, (int, float, np.integer, np.floating))
                or not (np.isfinite(solve_bonus) and solve_bonus >= 0)):
            raise InvalidOption(f"the solve bonus must be a number of bits, 0 or more, "
                                f"got {solve_bonus!r}")
        self.bonus = float(solve_bonus)

    def values(self, position):
        scores = position.scores
        return last_candidates_first(
            position, scores.expected_bits + self.bonus * scores.win_probability)

    def cache_key(self):
        return f"{self.name}:{self.bonus!r}"


class FinishStrategy(Strategy):
    """A board's last candidate when one board has one left (the one whose
    guess tells most on the other boards), else the most bits summed over
    the boards."""

    name = "finish"
    one_board = False      # on one board it would play as entropy
    several_boards = True

    def values(self, position):
        return last_candidates_first(position, position.scores.expected_bits)


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
