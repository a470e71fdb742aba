"""Quordle (4 boards, 9 guesses): 1000 seeded tuples of distinct answers
(seed 0) with the bundled lists, each strategy. The baseline in the same run
is plain summed entropy, the straightforward strategy; doddle's
``--simul=4`` on its own games is measured by ``quordle_vs_doddle.py``
(doddle is not a dependency). Each round builds its own lexicon, so the time
is the whole job but starting Python. Targets: none set; the figures go to
the README."""

import pytest
from conftest import mark

from wordle_fast.game.board_games import simulate_boards
from wordle_fast.strategies import BOARD_STRATEGIES

GAMES = 1000


def quordle(strategy, workers=1):
    return simulate_boards({"strategy": strategy}, boards=4, sample=GAMES, seed=0,
                           workers=workers)


@pytest.mark.parametrize("strategy", BOARD_STRATEGIES)
def test_quordle_1000_games(benchmark, strategy):
    benchmark.group = "quordle: 1000 seeded games, 4 boards, lists loaded and matrix built"
    result = benchmark.pedantic(quordle, (strategy,), rounds=3)
    mark(benchmark, "baseline" if strategy == "entropy" else "kernel", strategy=strategy,
         mean=round(result.mean, 4), solved_rate=result.solved_rate,
         worst=max(g.length for g in result.games))
    assert len(result.games) == GAMES and result.solved_rate > 0.98


def test_quordle_1000_games_two_workers(benchmark):
    benchmark.group = "quordle: 1000 seeded games, 4 boards, lists loaded and matrix built"
    result = benchmark.pedantic(quordle, (BOARD_STRATEGIES[0], 2), rounds=3)
    mark(benchmark, "kernel", strategy=f"{BOARD_STRATEGIES[0]}, 2 workers",
         mean=round(result.mean, 4), solved_rate=result.solved_rate)
    assert result.mean == quordle(BOARD_STRATEGIES[0]).mean
