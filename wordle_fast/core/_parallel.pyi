DEFAULT_MIN_WORK: int   # regions of less work run on one thread

class CoreShare:
    """How many threads the next parallel region gets (see _parallel.pyx)."""

    n_threads: int
    min_work: int
    regions: int
    serial_regions: int
    backoffs: int
    def __init__(self, n_threads: int | None = None, min_work: int = ...) -> None: ...
    @property
    def backing_off(self) -> bool: ...
