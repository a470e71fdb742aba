"""`wordle-fast analyze` of a six-word game, as a user runs it: a new process
each time. Target: under 1 s with the opener in the shipped table, in normal
and hard mode. Alongside, the floor every command pays (`wordle-fast
feedback`: Python, numpy, the kernels) and the analysis alone in-process.
The slowest turns over all 2315 greedy games: benchmarks/analysis_turns.py."""

import subprocess
import sys

import pytest
from conftest import mark

import wordle_fast as wf
from wordle_fast.game.analysis import analyze

# Six-guess games of the default Solver (greedy entropy), SOARE first
NORMAL = ["soare", "talar", "pigmy", "arrow", "wafer", "waver"]
HARD = ["soare", "taler", "gaper", "gamer", "gayer", "gazer"]
CLI = [sys.executable, "-m", "wordle_fast"]


def run(arguments):
    subprocess.run(CLI + arguments, check=True, stdout=subprocess.DEVNULL)


@pytest.mark.benchmark(group="wordle-fast analyze, six-word game, new process")
@pytest.mark.parametrize("mode, words", [("off", NORMAL), ("hard", HARD)])
def test_analyze_whole_process(benchmark, mode, words):
    mark(benchmark, "kernel", mode=mode)
    benchmark.pedantic(run, (["analyze", *words, "--hard-mode", mode],), rounds=7)


@pytest.mark.benchmark(group="wordle-fast analyze, six-word game, new process")
def test_floor_of_every_command(benchmark):
    mark(benchmark, "baseline", note="wordle-fast feedback: start-up every command pays")
    benchmark.pedantic(run, (["feedback", "salet", "cigar"],), rounds=7)


@pytest.mark.benchmark(group="analyze(), six-word game, in process")
@pytest.mark.parametrize("mode, words", [("off", NORMAL), ("hard", HARD)])
def test_analyze_in_process(benchmark, official, mode, words):
    rows = [(word, wf.feedback(word, words[-1])) for word in words]
    mark(benchmark, "kernel", mode=mode)
    result = benchmark.pedantic(analyze, (rows, official, mode), rounds=5)
    assert result.solved and len(result.turns) == 6
