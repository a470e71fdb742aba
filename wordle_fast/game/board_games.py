"""Simulations of several boards: seeded tuples of distinct answers, each
game played until every board is solved (Dordle, Quordle, Octordle). Run
through ``wordle_fast.game.simulation.simulate`` with ``boards``, or
``simulate_boards``.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from wordle_fast.errors import InvalidOption, WordleError, whole_number
from wordle_fast.game.boards import BoardsSolver, checked_boards
from wordle_fast.lexicon import Lexicon, lexicon_from
from wordle_fast.words import counted

Progress = Callable[[int, int], None]   # (games finished, games in all)

# Games one simulation may draw: every game is kept for the report, and a
# million Quordle games already take hours; 10**20 grew without end.
MAX_BOARD_GAMES = 1_000_000


@dataclass
class BoardsGame:
    """One simulated game: the answers, the guesses, when each board fell."""

    answers: tuple[str, ...]
    guesses: tuple[str, ...]
    solved_at: tuple[int, ...]    # guess number (from 1) that solved each board

    @property
    def length(self) -> int:
        """Guesses to finish every board (the game is played to the end)."""
        return len(self.guesses)


@dataclass
class BoardsSimulationResult:
    """Games of several boards, each played until every board is solved,
    and the statistics users compare. A game is won when every board fell
    within ``max_guesses``."""

    config: dict
    boards: int
    max_guesses: int
    seed: int | None
    games: list[BoardsGame]
    wall_time: float                 # seconds, matrix building included
    workers: int = 1
    distribution: dict[int, int] = field(init=False)

    def __post_init__(self):
        self.distribution = dict(sorted(Counter(g.length for g in self.games).items()))

    @property
    def solved(self) -> int:
        return sum(g.length <= self.max_guesses for g in self.games)

    @property
    def solved_rate(self) -> float:
        return self.solved / len(self.games) if self.games else 0.0

    @property
    def mean(self) -> float:
        return float(np.mean([g.length for g in self.games])) if self.games else float("nan")

    @property
    def median(self) -> float:
        return float(np.median([g.length for g in self.games])) if self.games else float("nan")

    @property
    def games_per_second(self) -> float:
        return len(self.games) / self.wall_time if self.wall_time > 0 else float("inf")

    def worst_games(self, n: int = 5) -> list[BoardsGame]:
        """The longest games, ties in the order played."""
        return sorted(self.games, key=lambda g: -g.length)[:n]

    def __repr__(self) -> str:
        return (f"BoardsSimulationResult({len(self.games)} games of {self.boards} boards, "
                f"{self.config.get('strategy')}: {self.solved_rate:.2%} won in "
                f"{self.max_guesses}, "
                f"mean {self.mean:.4f}, median {self.median:g})")

    def summary(self) -> str:
        n = len(self.games)
        seed = f" (seed {self.seed})" if self.seed is not None else ""
        lines = [(f"{self.boards} boards, {self.max_guesses} guesses, strategy "
                  f"{self.config['strategy']}: {n} games{seed}"),
                 (f"Solved (every board within {self.max_guesses}): {self.solved}/{n} "
                  f"({self.solved_rate:.2%})"),
                 f"Guesses to finish every board: mean {self.mean:.4f}, median {self.median:g}",
                 "Distribution:"]
        peak = max(self.distribution.values(), default=1)
        for guesses, count in self.distribution.items():
            over = "  over the limit" if guesses > self.max_guesses else ""
            lines.append(f"  {guesses:>3}: {count:>6}  {'#' * max(1, round(40 * count / peak))}"
                         + over)
        lines.append("Worst games: " + "; ".join(
            f"{'/'.join(g.answers)} in {g.length}" for g in self.worst_games(3)))
        lines.append(f"Time: {self.wall_time:.2f} s, {self.games_per_second:,.1f} games/s"
                     + (f" with {self.workers} workers" if self.workers > 1 else ""))
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {"config": self.config, "boards": self.boards, "max_guesses": self.max_guesses,
                "seed": self.seed, "games": len(self.games), "solved": self.solved,
                "solved_rate": self.solved_rate, "mean": self.mean, "median": self.median,
                "distribution": {str(k): v for k, v in self.distribution.items()},
                "worst": [_game_dict(g) for g in self.worst_games(10)],
                "wall_time": self.wall_time, "workers": self.workers,
                "games_per_second": self.games_per_second,
                "every_game": [_game_dict(g) for g in self.games]}


def _game_dict(game: BoardsGame) -> dict:
    return {"answers": list(game.answers), "guesses": list(game.guesses),
            "solved_at": list(game.solved_at)}


def sample_tuples(lexicon: Lexicon, boards: int, sample: int,
                  seed: int = 0) -> list[tuple[str, ...]]:
    """``sample`` tuples of ``boards`` distinct answers, drawn with numpy's
    generator seeded by ``seed``: the same tuples on every machine and run."""
    boards = checked_boards(boards, lexicon)
    sample = whole_number(sample, "the sample size", minimum=1, maximum=MAX_BOARD_GAMES)
    generator = np.random.default_rng(whole_number(seed, "the seed", minimum=0))
    return [tuple(lexicon.answers[i] for i in generator.choice(lexicon.n_answers, boards,
                                                                replace=False))
            for _ in range(sample)]


def simulate_boards(config: BoardsSolver | dict | None = None, boards: int | None = None,
                    sample: int = 1000, seed: int = 0,
                    tuples: Iterable[Sequence[str]] | None = None, workers: int = 1,
                    progress: Progress | None = None) -> BoardsSimulationResult:
    """Play ``sample`` seeded tuples of distinct answers (or the ``tuples``
    given) with a ``BoardsSolver``'s settings (``config``: a solver, or a dict
    of its options; ``boards`` overrides its number of boards). Every game
    is played until all its boards are solved. ``workers`` processes share
    the games; the results are the same whatever their number."""
    started = time.perf_counter()
    workers = whole_number(workers, "the number of worker processes", minimum=1)
    lexicon, options = _options(config, boards)
    solver = BoardsSolver(lexicon=lexicon, **options)
    if tuples is None:
        games = sample_tuples(solver.lexicon, solver.boards, sample, seed)
    else:
        games = [tuple(t) for t in tuples]
        seed = None
        for answers in games:
            _check_tuple(solver, answers)
        if not games:
            raise WordleError("no games to play")
    played: list[BoardsGame | None] = [None] * len(games)
    done = [0]

    def report(finished: int) -> None:
        done[0] += finished
        if progress is not None:
            progress(done[0], len(games))

    if workers == 1 or len(games) == 1:
        for k, answers in enumerate(games):
            played[k] = play_game(solver, answers)
            report(1)
    else:
        from wordle_fast._pool import spawn_pool  # loads multiprocessing: only when used

        # Interleaved chunks: each worker gets a like mix of easy and hard games.
        chunks = [list(range(start, len(games), workers * 8)) for start in range(workers * 8)]
        with spawn_pool(workers) as pool:
            jobs = [(chunk, pool.submit(_play_games, lexicon.answers, lexicon.guesses, options,
                                               [games[k] for k in chunk]))
                    for chunk in chunks if chunk]
            for chunk, job in jobs:
                for k, game in zip(chunk, job.result()):
                    played[k] = game
                report(len(chunk))
    return BoardsSimulationResult(
        config=_describe(solver), boards=solver.boards, max_guesses=solver.max_guesses,
        seed=seed, games=played, wall_time=time.perf_counter() - started, workers=workers)


def play_game(solver: BoardsSolver, answers: Sequence[str]) -> BoardsGame:
    """Play ``answers`` from a new game to the end with ``solver``'s strategy."""
    solver.reset()
    guesses = []
    while not solver.solved:
        before = [solver.n_candidates(b) for b in range(solver.boards)]
        turn = solver.play_against(answers)
        guesses.append(turn.guess)
        after = [solver.n_candidates(b) for b in range(solver.boards)]
        if after == before and not turn.solved_now:
            raise WordleError(f"strategy {solver.strategy.name} played {turn.guess.upper()}, "
                              "which told nothing on any board; it would never finish")
    solved_at = tuple(solver.solved_at(b) for b in range(solver.boards))
    return BoardsGame(answers=tuple(answers), guesses=tuple(guesses), solved_at=solved_at)


def _play_games(answers, guesses, options: dict, games: list[tuple[str, ...]]) -> list[BoardsGame]:
    """Worker process: ``games`` with a solver of ``options``, one kernel thread."""
    lexicon = Lexicon(answers, guesses, n_threads=1)
    solver = BoardsSolver(lexicon=lexicon, **options)
    return [play_game(solver, game) for game in games]


def _options(config, boards: int | None) -> tuple[Lexicon, dict]:
    """(the lexicon, the other BoardsSolver options) of ``config``."""
    if config is None:
        config = {}
    if isinstance(config, BoardsSolver):
        lexicon = config.lexicon
        options = {"boards": config.boards, "max_guesses": config.max_guesses,
                   "strategy": config.strategy, "guess_pool": config.guess_pool,
                   "prior": config.prior}
    elif isinstance(config, dict):
        options = dict(config)
        import inspect   # (here: 5 ms of every command's start otherwise)

        known = [name for name, parameter in inspect.signature(BoardsSolver).parameters.items()
                 if parameter.kind is not parameter.VAR_KEYWORD]
        unknown = sorted(str(key) for key in options if key not in known)
        if unknown:
            raise InvalidOption(f"unknown option{'s' if len(unknown) > 1 else ''} "
                                f"{', '.join(map(repr, unknown))} for several boards: the "
                                f"options are {', '.join(known)}")
        lexicon = lexicon_from(options.pop("answers", None), options.pop("guesses", None),
                               options.pop("lexicon", None), options.pop("lists", None))
    else:
        raise InvalidOption("config must be a BoardsSolver or a dict of its options, got "
                            f"{type(config).__name__}")
    if boards is not None:
        options["boards"] = boards
        if not isinstance(config, dict) or "max_guesses" not in config:
            options["max_guesses"] = None   # the limit follows the boards unless set
    return lexicon, options


def _check_tuple(solver: BoardsSolver, answers: Sequence[str]) -> None:
    if len(answers) != solver.boards:
        raise InvalidOption(f"a game of {solver.boards} boards needs "
                            f"{counted(solver.boards, 'answer')}, got {len(answers)}: "
                            f"{' '.join(answers)}")
    indices = [solver.lexicon.answer_index(word) for word in answers]
    if len(set(indices)) != len(indices):
        raise InvalidOption(f"the answers of one game must differ: {' '.join(answers)}")


def _describe(solver: BoardsSolver) -> dict:
    return {"strategy": solver.strategy.cache_key(), "guess_pool": solver.guess_pool,
            "prior": solver.prior, "answers": solver.lexicon.n_answers,
            "guesses": solver.lexicon.n_guesses}
