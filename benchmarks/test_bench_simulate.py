"""Playing all 2315 answers, end to end, against the seeds' kind of solver.

Target: under 2 s for greedy entropy over the full 12972-word pool, matrix
building included, peak memory under 500 MB."""

import random
import subprocess
import sys
import tracemalloc

import pytest
from conftest import mark
from peer_seed_solver import play as peer_play

from wordle_fast import load_answers, load_guesses
from wordle_fast.game.simulation import simulate

ANSWERS, GUESSES = load_answers(), load_guesses()
PEER_SAMPLE = random.Random(5).sample(ANSWERS, 8)


def fresh_full_simulation(workers=1, **options):
    # No cache and no shared Lexicon: lists loaded, matrix built, every game played.
    return simulate({"use_cache": False, **options}, opener="soare", workers=workers)


def peak_rss_mb_of_a_fresh_process():
    """Peak resident memory of a new interpreter that imports and simulates.

    VmHWM, not getrusage's ru_maxrss: Linux carries ru_maxrss across exec,
    so a child of this (large) benchmark process would report the parent's
    peak (seen: 893 MB instead of 87 MB)."""
    code = ("from wordle_fast.game.simulation import simulate; "
            "simulate({'use_cache': False}, opener='soare'); "
            "print([l for l in open('/proc/self/status') if l.startswith('VmHWM')][0])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return round(int(done.stdout.split()[1]) / 1024, 1)  # VmHWM is in kB


@pytest.mark.benchmark(group="simulate 2315 games, full pool, opener soare")
def test_simulate_full_pool(benchmark):
    tracemalloc.start()
    result = fresh_full_simulation()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert result.solved == 2315 and round(result.mean, 4) == 3.4644
    mark(benchmark, "kernel", games=2315, peak_traced_mb=round(peak / 1e6, 1),
         peak_rss_mb=peak_rss_mb_of_a_fresh_process())
    benchmark.pedantic(fresh_full_simulation, rounds=5)


@pytest.mark.benchmark(group="simulate 2315 games, full pool, opener soare")
def test_simulate_full_pool_peer_pure_python(benchmark):
    mark(benchmark, "baseline", scale=len(ANSWERS) / len(PEER_SAMPLE),
         sample=f"{len(PEER_SAMPLE)} games", note="seed-style solver, dict histograms")
    games = benchmark.pedantic(
        lambda: [peer_play(a, ANSWERS, GUESSES, "soare") for a in PEER_SAMPLE],
        rounds=1, iterations=1)
    assert all(g[-1] == a for g, a in zip(games, PEER_SAMPLE))


@pytest.mark.benchmark(group="simulate 2315 games, candidates pool, opener soare")
def test_simulate_candidates_pool(benchmark):
    mark(benchmark, "kernel", games=2315)
    result = benchmark.pedantic(fresh_full_simulation, kwargs={"guess_pool": "candidates"},
                                rounds=5)
    assert result.failed > 0


@pytest.mark.benchmark(group="simulate 2315 games, candidates pool, opener soare")
def test_simulate_candidates_pool_peer_pure_python(benchmark):
    sample = random.Random(6).sample(ANSWERS, 60)
    mark(benchmark, "baseline", scale=len(ANSWERS) / len(sample), sample=f"{len(sample)} games",
         note="seed-style solver as seed 003 ran it (about 32 games/s there)")
    benchmark.pedantic(lambda: [peer_play(a, ANSWERS, GUESSES, "soare", pool="candidates")
                                for a in sample], rounds=1, iterations=1)


@pytest.mark.benchmark(group="simulate 2315 games, strict hard mode, opener soare")
@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_hard_mode(benchmark, workers):
    mark(benchmark, "kernel", workers=workers)
    benchmark.pedantic(fresh_full_simulation, kwargs={"hard_mode": "strict", "workers": workers},
                       rounds=3)
