"""Play every answer with a solver and report how it did: ``simulate`` is
the one entry point, for one board or several (``boards``, or a
``BoardsSolver``; those games are drawn and played in ``game.board_games``).

The solver's choice depends only on the game state, so answers that share a
state share the decision: the simulator walks the decision tree once, asking
the strategy once per distinct state (about a thousand for the 2315 answers)
rather than once per turn of each of the 2315 games. Every answer's guesses
are exactly those it would get if played alone.

>>> result = simulate({"answers": ["cigar", "rebut", "sissy", "humph", "awake"]})
>>> result.solved, result.distribution[1] + result.distribution[2] + result.distribution[3]
(5, 5)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from wordle_fast.errors import InvalidOption, InvalidWord, WordleError, whole_number
from wordle_fast.lexicon import Lexicon
from wordle_fast.patterns import all_green
from wordle_fast.rules import guess_limit
from wordle_fast.game.board_games import BoardsSimulationResult, simulate_boards
from wordle_fast.game.boards import BoardsSolver
from wordle_fast.game.simulation_result import SimulationResult
from wordle_fast.game.solver import Solver

Progress = Callable[[int, int], None]  # (games finished, games in all)


def simulate(config: Solver | dict | None = None, answers: Iterable[str] | None = None,
             opener: str | None = None, max_guesses: int | None = None, workers: int = 1,
             progress: Progress | None = None, *, boards: int | None = None,
             sample: int | None = None, seed: int | None = None, tuples=None,
             max_turns: int | None = None) -> SimulationResult | BoardsSimulationResult:
    """Play every answer (or ``answers``, a subset of the answer list; or
    ``sample`` of them drawn at random with ``seed``, 0 by default).

    ``config``: a ``Solver`` (its settings are used, its game is left alone)
    or a dict of ``Solver`` keyword arguments. ``opener``: a fixed first
    guess. ``max_guesses``: the limit (6; ``max_turns`` is its old name).
    ``workers``: processes sharing the work (results are identical whatever
    the number). ``progress(done, total)`` is called as games finish.

    Several boards (``boards`` of 2 or more, or a ``BoardsSolver``): ``sample``
    seeded tuples of distinct answers (1000 by default, or the ``tuples``
    given), each played until every board is solved; see
    ``wordle_fast.game.board_games``.
    """
    max_guesses = given_limit(max_guesses, max_turns)
    if isinstance(config, BoardsSolver) or (boards or 1) > 1 or (
            isinstance(config, dict) and config.get("boards", 1) != 1):
        if answers is not None or opener is not None:
            raise InvalidOption("answers and opener apply to one board; several boards play "
                                "sample tuples (or the tuples given)")
        if max_guesses is not None:
            if isinstance(config, BoardsSolver):
                raise InvalidOption("a BoardsSolver plays to its own max_guesses; set it there")
            config = {**(config or {}), "max_guesses": max_guesses}
        return simulate_boards(config, boards, sample=1000 if sample is None else sample,
                               seed=0 if seed is None else seed, tuples=tuples,
                               workers=workers, progress=progress)
    if tuples is not None:
        raise InvalidOption("tuples are games of several boards; one board plays answers")
    if seed is not None and sample is None:
        raise InvalidOption("seed draws the sample; give sample too (the number of answers)")
    return _simulate_one_board(config, answers, opener, max_guesses, workers, progress,
                               sample, seed)


def given_limit(max_guesses: int | None, max_turns: int | None) -> int | None:
    """The guess limit given under its name or its old one, ``max_turns``."""
    if max_turns is not None and max_guesses is not None and max_turns != max_guesses:
        raise InvalidOption(f"max_turns is the old name of max_guesses; give one, not both "
                            f"({max_turns} and {max_guesses})")
    return max_guesses if max_guesses is not None else max_turns


def sampled_answers(pool: list[str], sample: int, seed: int | None) -> list[str]:
    """``sample`` answers of ``pool`` drawn at random with ``seed`` (0 by
    default): the same draw from the command line and from Python."""
    import random

    if not 1 <= sample <= len(pool):
        raise InvalidOption(f"sample must be within 1..{len(pool)}, got {sample}")
    return random.Random(0 if seed is None else seed).sample(pool, sample)


def _simulate_one_board(config, answers, opener, max_guesses, workers, progress,
                        sample=None, seed=None):
    started = time.perf_counter()
    if max_guesses is not None:
        max_guesses = guess_limit(max_guesses)
    workers = whole_number(workers, "the number of worker processes", minimum=1)
    # The games' limit is the solver's, so that a strategy planning to it
    # (optimal) plans to the limit the games are played to.
    solver = fresh_solver(config, max_guesses)
    max_guesses = solver.max_guesses
    lexicon = solver.lexicon
    if sample is not None:
        answers = sampled_answers(list(lexicon.answers if answers is None else answers),
                                  whole_number(sample, "sample", minimum=1), seed)
    targets = (lexicon.all_candidates() if answers is None
               else lexicon.candidate_set(list(answers)))
    prior = solver.prior_spec
    if not prior.uniform:
        # under a prior an answer of weight 0 is not a possible one: not played
        chosen = targets.indices()
        weightless = chosen[prior.integers[chosen] == 0]
        if answers is not None and len(weightless):
            raise InvalidOption(f"{lexicon.answers[weightless[0]]!r} has weight 0 under the "
                                f"prior {prior.name}: not a possible answer, so it cannot be "
                                "played")
        targets = lexicon.candidate_set([lexicon.answers[i] for i in chosen
                                         if prior.integers[i] > 0])
    if not targets:
        raise WordleError("no answers to play")
    if opener is not None:
        opener = solver.check_guess(opener)
    first = opener or solver.best().word
    settings = solver_settings(solver)
    row = lexicon.row(first)
    buckets = sorted({int(row[i]) for i in targets})
    done = [0]

    def report(finished: int) -> None:
        done[0] += finished
        if progress is not None:
            progress(done[0], len(targets))

    outcomes: dict[int, tuple[list[str], bool]] = {}
    if workers == 1 or len(buckets) == 1:
        for code in buckets:
            outcomes.update(_play_bucket(solver, targets, first, code, max_guesses, report))
    else:
        # Spread the first guess's buckets over processes, largest first.
        groups = [[] for _ in range(workers)]
        sizes = {code: len(targets.narrowed(row, code)) for code in buckets}
        for code in sorted(buckets, key=lambda c: -sizes[c]):
            min(groups, key=lambda g: sum(sizes[c] for c in g)).append(code)
        from wordle_fast._pool import spawn_pool   # loads multiprocessing: only when used

        with spawn_pool(workers) as pool:
            jobs = [pool.submit(_play_buckets, settings, targets.indices().tolist(), first, group,
                                max_guesses) for group in groups if group]
            for job in jobs:
                part = job.result()
                outcomes.update(part)
                report(len(part))
    sequences = {lexicon.answers[i]: outcomes[i][0] for i in sorted(outcomes)}
    solved = frozenset(lexicon.answers[i] for i, (_, won) in outcomes.items() if won)
    weights = None if prior.uniform else {lexicon.answers[i]: int(prior.integers[i])
                                          for i in sorted(outcomes)}
    return SimulationResult(config=_describe(settings, opener), max_guesses=max_guesses,
                            sequences=sequences, solved_answers=solved,
                            wall_time=time.perf_counter() - started, workers=workers,
                            weights=weights)


def solver_settings(solver: Solver) -> dict:
    """Keyword arguments that rebuild ``solver``'s configuration."""
    return {"answers": solver.lexicon.answers, "guesses": solver.lexicon.guesses,
            "strategy": solver.strategy, "guess_pool": solver.guess_pool,
            "hard_mode": solver.hard_mode, "prior": solver.prior_spec,
            "max_guesses": solver.max_guesses,
            "cache_dir": solver.cache.directory if solver.cache else None,
            "use_cache": solver.cache is not None}


def fresh_solver(config, max_guesses: int | None = None) -> Solver:
    """A new solver with ``config``'s settings, playing to ``max_guesses``
    when given (else to the configuration's limit)."""
    limit = {} if max_guesses is None else {"max_guesses": max_guesses}
    if config is None:
        return Solver(**limit)
    if isinstance(config, BoardsSolver):
        raise InvalidOption("this plays one board; simulate several boards with simulate()")
    if isinstance(config, Solver):
        # Same settings and the same lexicon (its matrix is reused), new game.
        settings = {k: v for k, v in solver_settings(config).items()
                    if k not in ("answers", "guesses")}
        return Solver(lexicon=config.lexicon, **{**settings, **limit})
    if isinstance(config, dict):
        if limit and config.get("max_guesses", max_guesses) != max_guesses:
            raise InvalidOption(f"the configuration's max_guesses ({config['max_guesses']}) and "
                                f"max_guesses={max_guesses} disagree: give one")
        return Solver(**{**config, **limit})
    raise InvalidOption("config must be a Solver or a dict of Solver options, got "
                        f"{type(config).__name__}")


def _describe(settings: dict, opener: str | None) -> dict:
    return {"strategy": settings["strategy"].cache_key(), "guess_pool": settings["guess_pool"],
            "hard_mode": settings["hard_mode"], "prior": getattr(settings["prior"], "name",
                                                                 settings["prior"]),
            "opener": opener,
            "answers": len(settings["answers"]), "guesses": len(settings["guesses"])}


def worker_solver(settings) -> Solver:
    # One kernel thread per worker process: the workers already share out the cores.
    lexicon = Lexicon(settings["answers"], settings["guesses"], n_threads=1)
    return Solver(lexicon=lexicon, **{k: v for k, v in settings.items()
                                      if k not in ("answers", "guesses")})


def _play_buckets(settings, target_indices, first, codes, max_guesses):
    """Worker process: the subtrees under ``first``'s buckets ``codes``."""
    solver = worker_solver(settings)
    targets = solver.lexicon.candidate_set(solver.lexicon.answers[i] for i in target_indices)
    outcomes = {}
    for code in codes:
        outcomes.update(_play_bucket(solver, targets, first, code, max_guesses, lambda n: None))
    return outcomes


def _play_bucket(solver, targets, guess, code, max_guesses, report):
    """Outcomes of the targets that give ``code`` to ``guess`` on turn 1."""
    outcomes: dict[int, tuple[list[str], bool]] = {}
    _walk(solver, targets, [], guess, code, max_guesses, outcomes, report)
    return outcomes


def _walk(solver, targets, path, guess, code, max_guesses, outcomes, report):
    # `guess` is played at turn len(path) + 1 and the answers in `targets`
    # that give `code` are followed from there.
    lexicon = solver.lexicon
    row = lexicon.row(guess)
    group = targets.narrowed(row, code)
    played = path + [guess]
    if code == all_green(lexicon.length):
        (answer,) = group
        outcomes[answer] = (played, True)
        report(1)
        return
    if len(played) == max_guesses:
        for answer in group:
            outcomes[answer] = (played, False)
        report(len(group))
        return
    try:
        solver.update(guess, code)
    except InvalidWord as error:  # an opener hard mode could not allow is caught earlier
        raise WordleError(f"simulation stopped: {error}") from None
    following = solver.best().word
    next_row = lexicon.row(following)
    for next_code in sorted({int(next_row[i]) for i in group}):
        _walk(solver, group, played, following, next_code, max_guesses, outcomes, report)
    solver.game.undo()   # (the state alone: the walk has no use for the turn taken back)
