import numpy as np
import numpy.typing as npt

UNSOLVABLE: int       # a total at or above it: the set cannot finish in the guesses left

def least_totals(n: int, buckets: npt.ArrayLike,
                 is_candidate: npt.ArrayLike) -> np.ndarray: ...   # 3n - k - [candidate]
