"""Absurdle's exact search on the bundled lists (issue 14): the fewest
guesses that win whatever largest bucket the adversary keeps, with the
refutation of one fewer. Normal mode is the baseline for the hard modes in
the same run. Targets: none set; the figures go to the README."""

import pytest
from conftest import mark

from wordle_fast.exact.absurdle import absurdle


@pytest.mark.parametrize("mode", ["off", "hard", "strict"])
def test_absurdle_proof_by_mode(benchmark, official, mode):
    benchmark.group = "absurdle: fewest guesses that always win, 2315 answers"
    mark(benchmark, "baseline" if mode == "off" else "kernel", mode=mode)
    result = benchmark.pedantic(absurdle, (official, mode), rounds=3)
    assert result.guesses == 4 and [s["won"] for s in result.stages] == [False] * 3 + [True]
