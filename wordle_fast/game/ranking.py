"""Openers ranked by full simulations: each opener fixed in turn, every
answer played with the rest of the strategy's choices."""

from __future__ import annotations

from wordle_fast.errors import whole_number
from wordle_fast.game.solver import Solver
from wordle_fast.game.simulation import (
    Progress,
    SimulationResult,
    fresh_solver,
    given_limit,
    simulate,
    solver_settings,
    worker_solver,
)


def rank_openers(config: Solver | dict | None, openers: list[str], workers: int = 1,
                 max_guesses: int | None = None, progress: Progress | None = None, *,
                 max_turns: int | None = None) -> list[SimulationResult]:
    """Full simulations with each of ``openers`` fixed, best first: fewest
    failures, then lowest mean guesses, then fewest guesses in the worst game.
    Openers are independent, so ``workers`` processes take one each.
    ``max_turns`` is the old name of ``max_guesses`` (6)."""
    max_guesses = given_limit(max_guesses, max_turns)
    workers = whole_number(workers, "the number of worker processes", minimum=1)
    solver = fresh_solver(config, max_guesses)
    max_guesses = solver.max_guesses
    openers = [solver.check_guess(word) for word in openers]
    results = []
    if workers == 1:
        for word in openers:
            results.append(simulate(solver, opener=word, max_guesses=max_guesses))
            if progress is not None:
                progress(len(results), len(openers))
    else:
        from wordle_fast._pool import spawn_pool

        settings = solver_settings(solver)
        with spawn_pool(workers) as pool:
            jobs = [(settings, word, max_guesses) for word in openers]
            for result in pool.map(_simulate_opener, jobs):
                results.append(result)
                if progress is not None:
                    progress(len(results), len(openers))
    return sorted(results, key=lambda r: (r.failed, r.mean,
                                          max((len(g) for g in r.sequences.values()), default=0)))


def _simulate_opener(job):
    settings, opener, max_guesses = job
    return simulate(worker_solver(settings), opener=opener, max_guesses=max_guesses)
