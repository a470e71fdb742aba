"""The one-step heuristics: each values a guess by its own statistics."""

from __future__ import annotations

import numpy as np

from wordle_fast.errors import InvalidOption
from wordle_fast.strategies.base import Option, Strategy, scaled


class EntropyStrategy(Strategy):
    """Most expected information (bits)."""

    name = "entropy"
    several_boards = True      # the bits summed over the unsolved boards

    def values(self, position):
        return position.scores.expected_bits

    @property
    def score_label(self):
        return None


class HybridStrategy(Strategy):
    """Entropy blended with word frequency, each scaled to 0..1 over the pool:
    ``(1 - w) * entropy + w * frequency``; the seeds use w = 0.4."""

    name = "hybrid"
    options = (Option("frequency_weight", 0.4, float,
                      "weight of word frequency, 0..1 (default 0.4)",
                      metavar="W"),)

    def __init__(self, frequency_weight: float = 0.4):
        if not 0.0 <= frequency_weight <= 1.0:
            raise InvalidOption(f"frequency weight must be within 0..1, got {frequency_weight}")
        self.frequency_weight = float(frequency_weight)

    def values(self, position):
        entropy = scaled(position.scores.expected_bits)
        frequency = scaled(position.zipf)
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
