import numpy as np
import numpy.typing as npt

BUCKET_ORDERS: tuple[str, ...]   # ExactSearcher bucket_order choices (None: by mode)
PARALLEL_WORK: int    # smallest bound scan (members x guesses) run on threads
LEGAL_CACHE_BYTES: int   # memory for hard mode's legal lists kept by rule context
DEFAULT_MEMO_ENTRIES: int   # the most entries the memo grows to (24 bytes each)

def positions_in(legal: np.ndarray,
                 rows: npt.ArrayLike) -> tuple[np.ndarray, np.ndarray]: ...   # at, present
def sorted_members(members: npt.ArrayLike, n_answers: int) -> np.ndarray: ...

class SearchBase:
    """The exact searcher's state; its public face is _exact.ExactSearcher."""
