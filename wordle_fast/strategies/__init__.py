"""Strategies: how to value each guess of a scored pool, and the registry.

This module is the one place that imports every strategy. To add one,
subclass ``Strategy`` (``base.py``) in a module of this package, declare its
options and what it plays, and list its class in ``STRATEGIES`` below: the
solvers, the simulator and every command that plays pick it up from there.
"""

from __future__ import annotations

from wordle_fast.errors import InvalidOption
from wordle_fast.strategies.base import Option, Position, Strategy
from wordle_fast.strategies.boards import DEFAULT_SOLVE_BONUS, FinishStrategy, SolveBonusStrategy
from wordle_fast.strategies.heuristics import (
    EntropyStrategy,
    ExpectedSizeStrategy,
    HybridStrategy,
    LetterFrequencyStrategy,
    MinimaxStrategy,
)
from wordle_fast.strategies.lookahead import LookaheadStrategy
from wordle_fast.strategies.optimal import OptimalStrategy

__all__ = ["STRATEGIES", "BOARD_STRATEGIES", "ONE_BOARD_STRATEGIES", "DEFAULT_SOLVE_BONUS",
           "Option", "Position", "Strategy", "make_strategy", "option_takers"]

# name -> class, in the order --help lists them
STRATEGIES: dict[str, type[Strategy]] = {cls.name: cls for cls in (
    EntropyStrategy, HybridStrategy, MinimaxStrategy, ExpectedSizeStrategy,
    LetterFrequencyStrategy, SolveBonusStrategy, LookaheadStrategy, OptimalStrategy,
    FinishStrategy)}

# The strategies that play several boards, the default first.
# the strategies that can play a single board (openers --simulate offers only these)
ONE_BOARD_STRATEGIES = tuple(name for name, cls in STRATEGIES.items() if cls.one_board)
BOARD_STRATEGIES = tuple(sorted((name for name, cls in STRATEGIES.items() if cls.several_boards),
                                key=lambda name: name != "solve-bonus"))


def option_takers(option: str) -> list[str]:
    """The strategies that take ``option`` (a keyword such as ``depth``)."""
    return [name for name, cls in STRATEGIES.items()
            if any(o.name == option for o in cls.options)]


def make_strategy(name: str | Strategy, boards: int = 1, flags: bool = False,
                  **options) -> Strategy:
    """A strategy by name with ``options`` (the keywords it declares; None
    means its default), or a ready strategy object, for a game of ``boards``
    boards. An option the strategy does not take, or a strategy that does
    not play that many boards, is refused here, the one place that checks:
    ``flags`` words the refusal for the command line (``--depth``)."""
    options = {key: value for key, value in options.items() if value is not None}
    if isinstance(name, Strategy):
        if options:
            raise InvalidOption(f"{_listed(options, flags)} would be ignored: a ready strategy "
                                "object takes its settings in its constructor")
        return name
    try:
        cls = STRATEGIES[name]
    except KeyError:
        raise InvalidOption(
            f"unknown strategy {name!r}: choose one of {', '.join(STRATEGIES)}") from None
    strategy = _spelled("strategy", flags) + (f" {name}" if flags else f"={name!r}")
    if boards > 1 and not cls.several_boards:
        raise InvalidOption(f"{strategy} does not play several boards: choose one of "
                            f"{', '.join(BOARD_STRATEGIES)}")
    if boards == 1 and not cls.one_board:
        raise InvalidOption(f"{strategy} plays several boards only; on one board it would play "
                            "as entropy")
    taken = {option.name for option in cls.options}
    unused = [key for key in options if key not in taken]
    if unused:
        takers = sorted({taker for key in unused for taker in option_takers(key)})
        verb = "apply" if len(unused) > 1 else "applies"
        if boards > 1 and not any(STRATEGIES[t].several_boards for t in takers):
            raise InvalidOption(f"{_listed(unused, flags)} does not apply to several boards; "
                                "drop it")
        if not takers:
            raise InvalidOption(f"{_listed(unused, flags)} is not an option of any strategy")
        needed = " or ".join(_spelled("strategy", flags) + (f" {t}" if flags else f"={t!r}")
                             for t in takers)
        raise InvalidOption(f"{_listed(unused, flags)} only {verb} with {needed}; add it or "
                            f"drop {_listed(unused, flags)}")
    return cls(**options)


def _spelled(option: str, flags: bool) -> str:
    return "--" + option.replace("_", "-") if flags else option


def _listed(options, flags: bool) -> str:
    return " and ".join(_spelled(option, flags) for option in options)
