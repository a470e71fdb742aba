import numpy as np
import numpy.typing as npt

def feedback_code(guess: npt.NDArray[np.uint8], answer: npt.NDArray[np.uint8]) -> int: ...
def pattern_matrix(
    guesses: npt.ArrayLike, answers: npt.ArrayLike, n_threads: int | None = None
) -> npt.NDArray[np.unsignedinteger]: ...
