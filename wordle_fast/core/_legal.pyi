import numpy as np
import numpy.typing as npt

MODES: tuple[str, str, str]   # "off", "hard", "strict": the order the compiled code numbers them

def letter_counts(letters: npt.ArrayLike) -> npt.NDArray[np.uint8]: ...
def mode_id(mode: str) -> int: ...
