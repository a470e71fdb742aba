from collections.abc import Callable, Iterator
from typing import Literal, overload

import numpy as np
import numpy.typing as npt

from wordle_fast.core._parallel import CoreShare

MASS_LIMIT: int       # the weights' sum stays below it (totals below UNSOLVABLE)
DEFAULT_MEMO_ENTRIES: int   # the most entries the memo grows to (24 bytes each)

class WeightedSearcher:
    """T(S, d) under a prior: the least total of weight x guesses (see _weighted.pyx)."""

    states: int
    memo_hits: int
    scans: int
    endgame_cuts: int
    max_entries: int
    mode: str
    lanes: int
    cores: CoreShare
    total_weight: int
    checkpoint: Callable[[], object] | None
    def __init__(
        self,
        matrix: npt.NDArray[np.unsignedinteger],
        length: int,
        answer_rows: npt.ArrayLike,
        weights: npt.ArrayLike,
        max_entries: int = ...,
        n_threads: int | None = None,
        mode: str = "off",
        guess_letters: npt.ArrayLike | None = None,
        *,
        keep_keys: bool = False,
        lanes: int | None = None,
    ) -> None: ...
    @property
    def weights(self) -> npt.NDArray[np.int64]: ...
    def clear(self) -> None: ...
    def stats(self) -> dict[str, int]: ...
    def guess_bounds(self, members: npt.ArrayLike,
                     legal: npt.ArrayLike | None = None) -> tuple[np.ndarray, np.ndarray]: ...
    def memo_items(self) -> Iterator[tuple[np.ndarray, int, bytes | None, int, bool]]: ...
    def memo_snapshot(self, min_weight: int) -> tuple[np.ndarray, ...]: ...
    def memo_restore(self, a: npt.ArrayLike, b: npt.ArrayLike, values: npt.ArrayLike,
                     exact: npt.ArrayLike, weights: npt.ArrayLike) -> None: ...
    def memo_fingerprint(self, members: npt.ArrayLike, depth: int) -> tuple[int, int] | None: ...
    def solve(self, members: npt.ArrayLike, depth: int, budget: int = ...,
              legal: npt.ArrayLike | None = None,
              after: tuple[int, int] | None = None) -> int: ...
    def after_guess(self, members: npt.ArrayLike, guess: int, depth: int, budget: int = ...,
                    legal: npt.ArrayLike | None = None) -> int: ...
    def lower_bound(self, members: npt.ArrayLike, depth: int,
                    legal: npt.ArrayLike | None = None) -> int: ...
    def legal_after(self, legal: npt.ArrayLike | None, guess: int,
                    code: int) -> npt.NDArray[np.intp]: ...
    def guess_costs(
        self, members: npt.ArrayLike, rows: npt.ArrayLike, depth: int,
        legal: npt.ArrayLike | None = None,
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]: ...
    def best_guess(self, members: npt.ArrayLike, depth: int,
                   legal: npt.ArrayLike | None = None) -> int: ...
    @overload
    def opener_bounds(self, rows: npt.ArrayLike, depth: int, threshold: int = ...,
                      with_buckets: Literal[False] = ...) -> npt.NDArray[np.int64]: ...
    @overload
    def opener_bounds(
        self, rows: npt.ArrayLike, depth: int, threshold: int, with_buckets: Literal[True],
    ) -> tuple[npt.NDArray[np.int64], list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64],
                                                 npt.NDArray[np.int64]]]]: ...
    def bucket_bounds(
        self, opener: int, depth: int,
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...
