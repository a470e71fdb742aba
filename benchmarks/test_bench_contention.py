"""Every parallel kernel on a busy machine. Users run jobs on machines doing
other things, and often two jobs at once; the loss should stay near the
fair share of the cores (2 here): at most about 2x beside one busy process,
3x beside two, and 2.5x beside a second wordle-fast process doing the same
work. The benchmark starts its competitors itself (shell busy loops, as in
the issues that found 25x-50x losses, and a twin process running the same
job from contention_jobs.py) and stops them after each measurement; the
quiet run is the baseline.

    python -m pytest benchmarks/test_bench_contention.py --benchmark-only
"""

import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import mark
from contention_jobs import JOBS, prove_salet

JOB_FILE = Path(__file__).with_name("contention_jobs.py")


@contextmanager
def competitors(kind, job_name):
    """``quiet``; ``busy N``: N shell busy loops; ``twin``: a second process
    running the same job over and over."""
    if kind == "quiet":
        yield
        return
    if kind == "twin":
        commands = [[sys.executable, str(JOB_FILE), job_name]]
    else:
        commands = [["sh", "-c", "while :; do :; done"]] * int(kind.split()[1])
    processes = [subprocess.Popen(command, stdout=subprocess.DEVNULL) for command in commands]
    try:
        time.sleep(1.5 if kind == "twin" else 0.2)   # the twin imports, then works
        yield
    finally:
        for process in processes:
            process.kill()
            process.wait()


CONDITIONS = ["quiet", "busy 1", "busy 2", "twin"]


@pytest.mark.parametrize("condition", CONDITIONS)
@pytest.mark.parametrize("job_name", [name for name in JOBS if name != "exact"])
def test_job_beside_competitors(benchmark, job_name, condition):
    benchmark.group = f"contention: {JOBS[job_name].__doc__.split(':')[0]}"
    mark(benchmark, "baseline" if condition == "quiet" else "kernel", competitors=condition,
         cores=len(os.sched_getaffinity(0)))
    expected = JOBS[job_name]()          # warm (imports, word lists) and the answer
    with competitors(condition, job_name):
        assert benchmark.pedantic(JOBS[job_name], rounds=3) == expected


@pytest.mark.parametrize("mode, total", [("off", 7920), ("hard", 8122)])
@pytest.mark.parametrize("condition", CONDITIONS)
def test_salet_beside_competitors(benchmark, official, mode, total, condition):
    benchmark.group = f"contention: prove SALET ({mode} mode)"
    mark(benchmark, "baseline" if condition == "quiet" else "kernel", competitors=condition,
         cores=len(os.sched_getaffinity(0)))
    with competitors(condition, "exact"):
        assert benchmark.pedantic(prove_salet, (official, mode), rounds=3) == total
