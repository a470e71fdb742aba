"""wordle_fast: Wordle as a search problem, with a compiled Cython core.

>>> import wordle_fast as wf
>>> wf.format_pattern(wf.feedback("gamma", "mummy"), 5)
'bbggb'
>>> lexicon = wf.Lexicon()
>>> best = lexicon.score().best()
>>> best.word, round(best.expected_bits, 4)
('soare', 5.886)
"""

from wordle_fast._backend import kernels as _kernels
from wordle_fast.errors import (
    InconsistentFeedback,
    InvalidPattern,
    InvalidWord,
    InvalidWordList,
    UnknownWord,
    WordleError,
)
from wordle_fast.lexicon import Lexicon, feedback, pattern_matrix
from wordle_fast.patterns import (
    all_green,
    code_dtype,
    format_pattern,
    n_patterns,
    parse_pattern,
    pattern_tiles,
)
from wordle_fast.scoring import GuessScore, GuessScores, realized_information
from wordle_fast.simulate import SimulationResult, rank_openers, simulate
from wordle_fast.solver import Solver, Suggestion, Turn
from wordle_fast.strategies import STRATEGIES, Strategy
from wordle_fast.words import encode_words, load_answers, load_guesses, load_word_list

CandidateSet = _kernels.CandidateSet
FrozenCandidateSet = _kernels.FrozenCandidateSet
IMPLEMENTATION = _kernels.name  # "compiled" or "python"

__version__ = "0.1.0"

# The searches load on first use, so that `import wordle_fast` (and every
# CLI start) does not pay for multiprocessing. (simulate is imported above:
# its module has the same name, and importing the module would otherwise
# replace the function on the package.)
_LAZY = {
    "optimal": "exact", "OptimalResult": "exact", "SearchInterrupted": "exact",
    "verify_tree": "trees", "tree_text": "trees", "load_tree": "trees", "InvalidTree": "trees",
    "opening_table": "openings", "OpeningTable": "openings", "OpenerEntry": "openings",
    "rank_openers_by_lookahead": "lookahead",
}

__all__ = [
    "CandidateSet", "FrozenCandidateSet", "GuessScore", "GuessScores", "IMPLEMENTATION",
    "InconsistentFeedback", "InvalidPattern", "InvalidWord", "InvalidWordList", "Lexicon",
    "UnknownWord", "WordleError", "all_green", "code_dtype", "encode_words", "feedback", "format_pattern",
    "load_answers", "load_guesses", "load_word_list", "n_patterns", "parse_pattern",
    "pattern_matrix", "pattern_tiles", "realized_information", "Solver", "STRATEGIES",
    "Strategy", "Suggestion", "Turn", "simulate", "rank_openers", "SimulationResult", *_LAZY,
]


def __getattr__(name):
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f"wordle_fast.{_LAZY[name]}"), name)
    raise AttributeError(f"module 'wordle_fast' has no attribute {name!r}")


def __dir__():
    return sorted(__all__)
