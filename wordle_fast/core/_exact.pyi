from collections.abc import Callable, Iterator
from typing import Literal, overload

import numpy as np
import numpy.typing as npt

from wordle_fast.core._parallel import CoreShare

UNSOLVABLE: int       # a total at or above it: the set cannot finish in the guesses left
BUCKET_ORDERS: tuple[str, ...]   # searcher_with_switches' bucket orders (None: by mode)
PARALLEL_WORK: int    # smallest bound scan (members x guesses) run on threads
LEGAL_CACHE_BYTES: int   # memory for hard mode's legal lists kept by rule context
DEFAULT_MEMO_ENTRIES: int   # the most entries the memo grows to (24 bytes each)

def machine_lanes() -> int: ...   # the widest pairwise scan this processor runs (32, 16 or 0)
def pairwise_lanes(lanes: int | None = None) -> int: ...   # lanes checked against the machine

class ExactSearcher:
    """T(S, d) over one pattern matrix, with a memo (see _exact.pyx)."""

    states: int
    memo_hits: int
    scans: int
    endgame_cuts: int
    max_entries: int
    mode: str
    lanes: int
    cores: CoreShare
    checkpoint: Callable[[], object] | None
    @property
    def total_weight(self) -> int: ...
    def __init__(
        self,
        matrix: npt.NDArray[np.unsignedinteger],
        length: int,
        answer_rows: npt.ArrayLike,
        max_entries: int = ...,
        n_threads: int | None = None,
        mode: str = "off",
        guess_letters: npt.ArrayLike | None = None,
        *,
        keep_keys: bool = False,
        lanes: int | None = None,
    ) -> None: ...
    def clear(self) -> None: ...
    def stats(self) -> dict[str, int]: ...
    def guess_bounds(self, members: npt.ArrayLike,
                     legal: npt.ArrayLike | None = None) -> tuple[np.ndarray, np.ndarray]: ...
    def scan_bounds(self, members: npt.ArrayLike,
                    rows: npt.ArrayLike) -> tuple[np.ndarray, np.ndarray]: ...
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
    def distinct_buckets(self, rows: npt.ArrayLike) -> npt.NDArray[np.int32]: ...
    def bucket_bounds(
        self, opener: int, depth: int,
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...


def searcher_with_switches(
    matrix: npt.NDArray[np.unsignedinteger],
    length: int,
    answer_rows: npt.ArrayLike,
    *,
    closed_forms: bool | None = None,
    bucket_order: Literal["smallest", "largest", "code"] | None = None,
    reach_scan: bool | None = None,
    union_bounds: bool | None = None,
    probe_children: bool | None = None,
    scan_children: bool | None = None,
    endgame_bound: bool | None = None,
    **options: object,
) -> ExactSearcher: ...   # for the benchmarks: techniques off or changed, same results
