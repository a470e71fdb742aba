"""The SALET proof on a busy machine. Users run proofs on machines doing other
things; the loss should stay near the fair share of the cores: at most about
2x with one busy process beside it and 3x with two (2 cores). The benchmark
starts its competitors itself (shell busy loops, as in the issue that found
a 50x loss) and stops them after each group; the quiet run is the baseline."""

import os
import subprocess
import time
from contextlib import contextmanager

import numpy as np
import pytest
from conftest import mark

from wordle_fast.search import make_searcher


@contextmanager
def busy_loops(count):
    loops = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(count)]
    try:
        time.sleep(0.2 if count else 0)   # let the scheduler see them
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def prove_salet(official, mode):
    searcher = make_searcher(official, mode)
    return searcher.after_guess(np.arange(official.n_answers), official.guess_index("salet"), 6)


@pytest.mark.parametrize("mode, total", [("off", 7920), ("hard", 8122)])
@pytest.mark.parametrize("busy", [0, 1, 2])
def test_salet_beside_busy_processes(benchmark, official, mode, total, busy):
    benchmark.group = f"contention: prove SALET ({mode} mode) beside busy processes"
    mark(benchmark, "baseline" if busy == 0 else "kernel", busy_processes=busy,
         cores=len(os.sched_getaffinity(0)))
    with busy_loops(busy):
        assert benchmark.pedantic(prove_salet, (official, mode), rounds=3) == total
