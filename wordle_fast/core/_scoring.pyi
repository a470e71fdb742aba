import numpy as np
import numpy.typing as npt

from wordle_fast.core._bitset import CandidateSet
from wordle_fast.core._parallel import CoreShare

STATS_DTYPE: np.dtype   # one guess's bucket statistics, as the kernel writes them
DENSE_PATTERNS: int   # past this many patterns, the codes that occur are renumbered

ScoreArrays = tuple[
    npt.NDArray[np.float64],  # entropy (bits)
    npt.NDArray[np.float64],  # expected remaining candidates
    npt.NDArray[np.int32],    # largest bucket
    npt.NDArray[np.int32],    # non-empty buckets
    npt.NDArray[np.float64],  # win probability
]

def score_guesses(
    matrix: npt.NDArray[np.unsignedinteger],
    pool: npt.ArrayLike,
    candidates: npt.ArrayLike,
    length: int,
    weights: npt.ArrayLike | None = None,
    n_threads: int | None = None,
    cores: CoreShare | None = None,
) -> ScoreArrays: ...
def bucket_bitsets(
    matrix: npt.NDArray[np.unsignedinteger], pool: npt.ArrayLike, length: int
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64], npt.NDArray[np.uint64]]: ...
def score_guesses_popcount(
    offsets: npt.ArrayLike,
    codes: npt.ArrayLike,
    words: npt.NDArray[np.uint64],
    candidates: CandidateSet,
    length: int,
) -> ScoreArrays: ...
