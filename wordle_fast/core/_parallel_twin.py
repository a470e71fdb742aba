"""The twin of ``_parallel``: the twins run on one thread."""

from __future__ import annotations


class CoreShare:
    """The twin of ``_parallel.CoreShare``: the twins run on one thread."""

    def __init__(self, n_threads=None, min_work=0):
        if n_threads is not None and int(n_threads) < 0:
            raise ValueError(f"n_threads must be 0 (every core) or more, got {n_threads}")
        self.n_threads, self.min_work = int(n_threads or 0), min_work
        self.regions = self.serial_regions = self.backoffs = 0
        self.backing_off = False
