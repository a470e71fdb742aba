"""`wordle-fast suggest` with an empty history, as a user runs it: a new
process each time, cold (empty cache) and warm (first-move scores cached).
Targets: under 0.5 s cold, under 0.2 s warm. The floor every run pays,
starting Python and importing numpy, is measured alongside."""

import os
import shutil
import subprocess
import sys

import pytest
from conftest import mark

SUGGEST = [sys.executable, "-m", "wordle_fast", "suggest", "--top", "10"]


def run(command, cache_dir):
    env = dict(os.environ, WORDLE_FAST_CACHE_DIR=str(cache_dir))
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)


@pytest.mark.benchmark(group="wordle-fast suggest, new process")
def test_suggest_cold_cache(benchmark, tmp_path):
    cache_dir = tmp_path / "cache"

    def empty_cache():
        shutil.rmtree(cache_dir, ignore_errors=True)

    mark(benchmark, "kernel", cache="empty")
    benchmark.pedantic(run, (SUGGEST, cache_dir), setup=empty_cache, rounds=15)


@pytest.mark.benchmark(group="wordle-fast suggest, new process")
def test_suggest_warm_cache(benchmark, tmp_path):
    run(SUGGEST, tmp_path)  # cache the first-move scores once
    mark(benchmark, "kernel", cache="first-move scores present")
    benchmark.pedantic(run, (SUGGEST, tmp_path), rounds=15)


@pytest.mark.benchmark(group="wordle-fast suggest, new process")
def test_floor_python_and_numpy_import(benchmark, tmp_path):
    mark(benchmark, "baseline", note="python -c 'import numpy': paid by every run")
    benchmark.pedantic(run, ([sys.executable, "-c", "import numpy"], tmp_path), rounds=15)
