"""Prior probabilities over the answers, and word frequencies.

* ``uniform``: every answer equally likely (the default; right for the
  official answer list, which the game draws from uniformly).
* ``frequency``: common words more likely. Each answer gets the weight
  ``sigmoid((zipf - 3) / 0.5)`` of its Zipf frequency from the bundled
  wordfreq table: about 0.12 at Zipf 2 (rare), 0.5 at 3, 0.88 at 4
  (everyday). A soft step rather than raw frequency, because the answer is a
  word people know, not a word drawn in proportion to how often it is said.
"""

from __future__ import annotations


import numpy as np

from wordle_fast.errors import InvalidOption
from wordle_fast.words import data_folder

PRIORS = ("uniform", "frequency")

FREQUENCY_CENTER = 3.0  # Zipf value given weight 1/2
FREQUENCY_WIDTH = 0.5   # Zipf units per e-fold of the odds


def zipf_frequencies(words) -> np.ndarray:
    """Zipf frequency of each word from the bundled table; 0 for unknown words."""
    table = {}
    text = data_folder().joinpath("frequencies.tsv").read_text(encoding="utf-8")
    for line in text.splitlines():
        word, _, value = line.partition("\t")
        table[word] = float(value)
    return np.array([table.get(word, 0.0) for word in words], dtype=np.float64)


def prior_weights(name: str, answers) -> np.ndarray | None:
    """Probabilities over ``answers`` for prior ``name`` (None means uniform)."""
    if name == "uniform":
        return None
    if name == "frequency":
        zipf = zipf_frequencies(answers)
        weights = 1.0 / (1.0 + np.exp(-(zipf - FREQUENCY_CENTER) / FREQUENCY_WIDTH))
        return weights / weights.sum()
    raise InvalidOption(f"unknown prior {name!r}: choose one of {', '.join(PRIORS)}")
