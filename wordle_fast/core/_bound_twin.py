"""The twin of ``_bound``: the one-level bound, written out."""

from __future__ import annotations

import numpy as np


def least_totals(n, buckets, is_candidate) -> np.ndarray:
    """The twin of ``_bound.least_totals``: 3n - k - [candidate] per guess."""
    return np.array([3 * n - int(k) - bool(c) for k, c in zip(buckets, is_candidate)],
                    dtype=np.int64)
