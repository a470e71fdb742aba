"""wordle_fast: Wordle as a search problem, with a compiled Cython core.

>>> import wordle_fast as wf
>>> wf.format_pattern(wf.feedback("gamma", "mummy"), 5)
'bbggb'
>>> lexicon = wf.Lexicon()
>>> best = lexicon.score().best()
>>> best.word, round(best.expected_bits, 4)
('soare', 5.886)
"""

import sys as _sys


def _installed_instead():
    """The folder of an installed, built wordle_fast to load in place of this
    one, or None. Run from the root of a clone, Python finds the clone's
    source folder first; after a plain ``pip install .`` its compiled core
    was never built there, and its word lists live in ../data, so the
    installed copy (built, with its data) is the one that works."""
    # Only os, which the interpreter loaded at start-up, on the common path:
    # this runs before the command line's Ctrl-C handler is in place, so it
    # must take microseconds, not the milliseconds of importing pathlib.
    import os
    from importlib.machinery import EXTENSION_SUFFIXES

    def built(folder):
        return any(os.path.isfile(os.path.join(folder, "core", f"_feedback{suffix}"))
                   for suffix in EXTENSION_SUFFIXES)

    here = os.path.dirname(os.path.realpath(__file__))
    if built(here) or not os.path.isfile(os.path.join(os.path.dirname(here), "setup.py")):
        return None
    # Where else the import system could find the package: an editable
    # install's finder, or another folder on the path (site-packages).
    from importlib.machinery import PathFinder

    found = []
    for finder in _sys.meta_path:
        if finder is PathFinder or not hasattr(finder, "find_spec"):
            continue
        try:
            spec = finder.find_spec(__name__, None)
        except Exception:   # a third-party finder's own trouble is none of ours
            continue
        if spec is not None and spec.origin:
            found.append(os.path.dirname(spec.origin))
    found += [os.path.join(entry or ".", "wordle_fast") for entry in _sys.path]
    for folder in found:
        try:
            folder = os.path.realpath(folder)
        except (OSError, ValueError):   # a path entry the system cannot resolve
            continue
        if (folder != here and os.path.isfile(os.path.join(folder, "__init__.py"))
                and built(folder)):
            return folder
    return None


def _load_instead(folder) -> None:
    # The import of this package then returns that module (the import
    # system reads sys.modules again once this file has run).
    import importlib.util
    import os
    import warnings

    spec = importlib.util.spec_from_file_location(
        __name__, os.path.join(folder, "__init__.py"), submodule_search_locations=[folder])
    module = importlib.util.module_from_spec(spec)
    _sys.modules[__name__] = module
    spec.loader.exec_module(module)
    source = __path__[0]
    warnings.warn(f"wordle_fast: the source folder {source} has no compiled core, so the "
                  f"installed package at {folder} is used instead (to work on the source, "
                  f"build it in place: pip install -e {os.path.dirname(source)})", RuntimeWarning,
                  stacklevel=3)


_INSTALLED = _installed_instead()
if _INSTALLED is not None:
    _load_instead(_INSTALLED)

from wordle_fast.errors import (  # noqa: E402  (after the choice above)
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
    **dict.fromkeys(["SimulationResult", "simulate"], "game.simulation"),
    "rank_openers": "game.ranking",
    "Rules": "rulebook",
    **dict.fromkeys(["Solver", "Suggestion", "Turn"], "game.solver"),
    "BoardsSolver": "game.boards",
    **dict.fromkeys(["STRATEGIES", "Strategy"], "strategies"),
    **dict.fromkeys(["encode_words", "load_answers", "load_guesses", "load_word_list"], "words"),
    **dict.fromkeys(["optimal", "OptimalResult", "SearchInterrupted"], "exact.optimum"),
    **dict.fromkeys(["verify_tree", "tree_text", "load_tree", "InvalidTree"], "exact.trees"),
    "opening_table": "exact.proof",
    "settle_openers": "exact.settle",
    **dict.fromkeys(["OpeningTable", "OpenerEntry"], "exact.tables"),
    **dict.fromkeys(["rank_openers_by_lookahead", "LookaheadRanking"], "strategies.lookahead"),
    **dict.fromkeys(["analyze", "GameAnalysis", "TurnAnalysis"], "game.analysis"),
    **dict.fromkeys(["absurdle", "AbsurdleResult"], "exact.absurdle"),
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
        value = getattr(import_module("wordle_fast.core._backend").kernels, _KERNEL_NAMES[name])
    elif name in _LAZY:
        value = getattr(import_module(f"wordle_fast.{_LAZY[name]}"), name)
    else:
        raise AttributeError(f"module 'wordle_fast' has no attribute {name!r}")
    globals()[name] = value   # found once, then an ordinary attribute
    return value


def __dir__():
    return sorted([*__all__, "__version__"])
