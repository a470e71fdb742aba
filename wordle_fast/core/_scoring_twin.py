"""The twin of ``_scoring``: bucket statistics from a dict histogram per
guess. Written for clarity, never for speed."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np


def score_guesses(matrix, pool, candidates, length, weights=None, n_threads=None, cores=None):
    """Bucket statistics from a dict histogram per guess."""
    pool = [int(g) for g in pool]
    candidates = [int(a) for a in candidates]
    arrays = {
        "entropy": np.zeros(len(pool)),
        "expected_remaining": np.zeros(len(pool)),
        "largest_bucket": np.zeros(len(pool), dtype=np.int32),
        "n_buckets": np.zeros(len(pool), dtype=np.int32),
        "win_probability": np.zeros(len(pool)),
    }
    winning_code = 3 ** length - 1
    for k, g in enumerate(pool):
        if not candidates:
            break
        sizes = Counter(int(matrix[g][a]) for a in candidates)
        if weights is None:
            mass = {code: size / len(candidates) for code, size in sizes.items()}
        else:
            total = sum(float(weights[a]) for a in candidates)
            mass = Counter()
            for a in candidates:
                mass[int(matrix[g][a])] += float(weights[a]) / total
        arrays["entropy"][k] = max(0.0, -sum(p * math.log2(p) for p in mass.values() if p > 0))
        arrays["expected_remaining"][k] = sum(mass[code] * sizes[code] for code in sizes)
        arrays["largest_bucket"][k] = max(sizes.values())
        arrays["n_buckets"][k] = len(sizes)
        arrays["win_probability"][k] = mass.get(winning_code, 0.0)
    return (arrays["entropy"], arrays["expected_remaining"], arrays["largest_bucket"],
            arrays["n_buckets"], arrays["win_probability"])
