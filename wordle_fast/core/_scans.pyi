import numpy as np
import numpy.typing as npt

def machine_lanes() -> int: ...   # the widest pairwise scan this processor runs (32, 16 or 0)
def pairwise_lanes(lanes: int | None = None) -> int: ...   # lanes checked against the machine
def transposed(matrix: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]: ...   # C-contiguous
