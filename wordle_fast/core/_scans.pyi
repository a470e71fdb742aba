import numpy as np
import numpy.typing as npt

def most_candidate_splits(matrix: npt.NDArray[np.uint8], answer_rows: npt.NDArray[np.intp],
                          members: npt.NDArray[np.intp], exact: bool = True) -> int: ...
def machine_lanes() -> int: ...   # the widest pairwise scan this processor runs (32, 16 or 0)
def pairwise_lanes(lanes: int | None = None) -> int: ...   # lanes checked against the machine
def transposed(matrix: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]: ...   # C-contiguous
