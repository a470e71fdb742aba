"""Pick the kernel implementation once, at import: the one switch for every
kernel, the two searches included.

``WORDLE_FAST_IMPL`` chooses: ``compiled`` (fail loudly if the Cython modules
are missing), ``python`` (the slow reference twins, for debugging: no
compiled module is loaded), or ``auto`` (default: compiled, else python with
a warning, since a pure-Python pattern matrix over the full lists takes
minutes instead of milliseconds). The searches (``ExactSearcher``,
``LookaheadSearcher``) load on first use: most commands never search.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path
from types import SimpleNamespace

from wordle_fast.errors import InvalidOption

CHOICES = ("auto", "compiled", "python")

# "Cannot be finished within the guesses left": the exact search's marker,
# the same number in both implementations (a test holds _exact to it).
UNSOLVABLE = 1 << 40


def _namespace(name, feedback, bitset, scoring, parallel, bound) -> SimpleNamespace:
    return SimpleNamespace(
        name=name,
        CoreShare=parallel.CoreShare,
        feedback_code=feedback.feedback_code,
        pattern_matrix=feedback.pattern_matrix,
        CandidateSet=bitset.CandidateSet,
        FrozenCandidateSet=bitset.FrozenCandidateSet,
        score_guesses=scoring.score_guesses,
        least_totals=bound.least_totals,
    )


def _compiled() -> SimpleNamespace:
    from wordle_fast.core import _bitset, _bound, _feedback, _parallel, _scoring

    return _namespace("compiled", _feedback, _bitset, _scoring, _parallel, _bound)


def _python() -> SimpleNamespace:
    from wordle_fast.core import (_bitset_twin, _bound_twin, _feedback_twin, _parallel_twin,
                                  _scoring_twin)

    return _namespace("python", _feedback_twin, _bitset_twin, _scoring_twin, _parallel_twin,
                      _bound_twin)


def select(choice: str | None = None) -> SimpleNamespace:
    """The kernels for ``choice`` (default: the ``WORDLE_FAST_IMPL`` variable)."""
    choice = _checked(choice or os.environ.get("WORDLE_FAST_IMPL") or "auto")
    if choice == "python":
        return _python()
    try:
        return _compiled()
    except ImportError as error:
        if choice == "compiled":
            raise ImportError(
                "wordle_fast's compiled core is not built; reinstall with "
                "'pip install .' (needs a C compiler)") from error
        warnings.warn(missing_core_message(error), RuntimeWarning, stacklevel=3)
        return _python()


def missing_core_message(error: ImportError,
                         package: Path = Path(__file__).resolve().parents[1]) -> str:
    """Why the compiled core did not load from ``package``, and what to do."""
    if (package.parent / "setup.py").exists():
        # Python found the unbuilt source folder of a checkout first: the
        # current directory (the clone root) shadows any installed copy.
        return (f"wordle_fast is imported from the source folder {package}, whose "
                "compiled core is not built, so the slow pure-Python kernels are in "
                "use. Run from another directory to use the installed package, or "
                f"build the core in place: pip install -e {package.parent}")
    return (f"wordle_fast's compiled core is missing ({error}); using the slow "
            "pure-Python kernels. Reinstall with 'pip install wordle-fast' or "
            "'pip install .' from a checkout (needs a C compiler)")


def _checked(choice: str) -> str:
    choice = choice.strip().lower()
    if choice not in CHOICES:
        raise InvalidOption(f"WORDLE_FAST_IMPL={choice!r} is not one of {', '.join(CHOICES)}; "
                            "unset it or choose one")
    return choice


def exact_searcher_class(weighted: bool = False) -> type:
    """``ExactSearcher`` of the implementation in use; ``weighted``: the
    searcher that takes a weight per answer (compiled, ``WeightedSearcher``;
    the twin's ``ExactSearcher`` takes ``weights=`` itself)."""
    if kernels.name != "compiled":
        from wordle_fast.core._exact_twin import ExactSearcher
    elif weighted:
        from wordle_fast.core._weighted import WeightedSearcher as ExactSearcher
    else:
        from wordle_fast.core._exact import ExactSearcher
    return ExactSearcher


def finish_check_class() -> type:
    """``FinishCheck`` (can a set finish in the guesses left?) of the
    implementation in use."""
    if kernels.name == "compiled":
        from wordle_fast.core._feasible import FinishCheck
    else:
        from wordle_fast.core._feasible_twin import FinishCheck
    return FinishCheck


def lookahead_searcher_class() -> type:
    """``LookaheadSearcher`` of the implementation in use."""
    if kernels.name == "compiled":
        from wordle_fast.core._lookahead import LookaheadSearcher
    else:
        from wordle_fast.core._lookahead_twin import LookaheadSearcher
    return LookaheadSearcher


kernels = select()
