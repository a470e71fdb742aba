from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from wordle_fast.core._parallel import CoreShare

class LookaheadSearcher:
    """Memoized n-step entropy over one pattern matrix (see _lookahead.pyx)."""

    width: int
    prune: bool
    cores: CoreShare
    def __init__(
        self,
        matrix: npt.NDArray[np.unsignedinteger],
        length: int,
        guess_order: npt.ArrayLike,
        guess_letters: npt.ArrayLike,
        answer_letters: npt.ArrayLike,
        weights: npt.ArrayLike | None = None,
        width: int = 0,
        max_entries: int = 1_000_000,
        n_threads: int | None = None,
        prune: bool = True,
        mode: str = "off",
    ) -> None: ...
    def clear(self) -> None: ...
    @property
    def entries(self) -> int: ...
    def stats(self) -> dict[str, int]: ...
    def value(self, candidates: npt.ArrayLike, depth: int,
              legal: npt.ArrayLike | None = None) -> float: ...
    def guess_values(
        self,
        candidates: npt.ArrayLike,
        rows: npt.ArrayLike,
        depth: int,
        progress: Callable[[int, int], None] | None = None,
        legal: npt.ArrayLike | None = None,
    ) -> tuple[npt.NDArray[np.float64], int]: ...
