"""wordle_fast: Wordle as a search problem, with a compiled Cython core.

>>> import wordle_fast as wf
>>> wf.format_pattern(wf.feedback("gamma", "mummy"), 5)
'bbggb'
>>> lexicon = wf.Lexicon()
>>> best = lexicon.score().best()
>>> best.word, round(best.expected_bits, 4)
('soare', 5.886)
"""

from wordle_fast.errors import (
    InconsistentFeedback,
    InvalidOption,
    InvalidPattern,
    InvalidWord,
    InvalidWordList,
    TooLarge,
    UnknownWord,
    WordleError,
)


def _installed_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("wordle-fast")  # pyproject.toml is the one place it is written
    except PackageNotFoundError:  # a source folder that was never installed
        return "0+unknown"

# Every name but the errors loads on first use (PEP 562), so that importing
# the package costs nothing until something is used: the command line then
# has its Ctrl-C handler in place before numpy and the kernels load.
_LAZY = {
    **dict.fromkeys(["Lexicon", "feedback", "pattern_matrix"], "lexicon"),
    **dict.fromkeys(["all_green", "code_dtype", "format_pattern", "n_patterns",
                     "parse_pattern", "pattern_tiles"], "patterns"),
    **dict.fromkeys(["GuessScore", "GuessScores", "realized_information"], "scoring"),
    **dict.fromkeys(["SimulationResult", "rank_openers", "simulate"], "game.simulation"),
    **dict.fromkeys(["Solver", "Suggestion", "Turn"], "game.solver"),
    "BoardsSolver": "game.boards",
    **dict.fromkeys(["STRATEGIES", "Strategy"], "strategies"),
    **dict.fromkeys(["encode_words", "load_answers", "load_guesses", "load_word_list"], "words"),
    **dict.fromkeys(["optimal", "OptimalResult", "SearchInterrupted"], "exact.optimum"),
    **dict.fromkeys(["verify_tree", "tree_text", "load_tree", "InvalidTree"], "exact.trees"),
    "opening_table": "exact.proof",
    "settle_openers": "exact.settle",
    **dict.fromkeys(["OpeningTable", "OpenerEntry"], "exact.tables"),
    "rank_openers_by_lookahead": "strategies.lookahead",
    **dict.fromkeys(["analyze", "GameAnalysis", "TurnAnalysis"], "exact.analysis"),
    **dict.fromkeys(["absurdle", "AbsurdleResult"], "adversary"),
    **dict.fromkeys(["BoardsSimulationResult", "simulate_boards"], "game.board_games"),
}
# The compiled kernels' names: CandidateSet, FrozenCandidateSet, and which
# implementation loaded ("compiled" or "python").
_KERNEL_NAMES = {"CandidateSet": "CandidateSet", "FrozenCandidateSet": "FrozenCandidateSet",
                 "IMPLEMENTATION": "name"}

__all__ = [
    "InconsistentFeedback", "InvalidOption", "InvalidPattern", "InvalidWord", "InvalidWordList",
    "TooLarge", "UnknownWord", "WordleError", *_KERNEL_NAMES, *_LAZY,
]


def __getattr__(name):
    from importlib import import_module

    if name == "__version__":  # (lazy too: importlib.metadata loads email, random, ...)
        value = _installed_version()
    elif name in _KERNEL_NAMES:
        value = getattr(import_module("wordle_fast._backend").kernels, _KERNEL_NAMES[name])
    elif name in _LAZY:
        value = getattr(import_module(f"wordle_fast.{_LAZY[name]}"), name)
    else:
        raise AttributeError(f"module 'wordle_fast' has no attribute {name!r}")
    globals()[name] = value   # found once, then an ordinary attribute
    return value


def __dir__():
    return sorted([*__all__, "__version__"])
