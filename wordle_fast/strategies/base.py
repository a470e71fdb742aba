"""What every strategy shares: the position it values and the declarations
the solvers and the command line read.

A strategy is a small object with one method, ``values(position)``, giving a
number per pooled guess (higher is better). The solver ranks by that value
and breaks ties the seeds' way: a possible answer first, then the smaller
expected remaining set, then the higher chance to win now.

A strategy also declares what it takes and offers (``options``,
``one_board`` / ``several_boards``, ``uniform_prior_only``,
``reports_progress``, ``score_label``), so that no code outside this package
needs to know any strategy by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from wordle_fast.rulebook import Rules, UnderRules
from wordle_fast.rules import legal_guesses
from wordle_fast.scoring import GuessScores


@dataclass(frozen=True)
class Option:
    """A setting a strategy's constructor takes."""

    name: str                  # the keyword argument
    default: object
    type: type
    help: str                  # what it does, for --help and the error messages
    metavar: str = "X"
    command_line: bool = True  # offered as --name-with-dashes by the commands that play

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class Position(UnderRules):
    """What a strategy may look at: the scored pool and the game state, on
    one board or several."""

    scores: GuessScores          # statistics of every pooled guess (summed over the boards)
    rows: np.ndarray             # the pooled guesses' indices in lexicon.guesses
    candidates: object           # CandidateSet of the answers still possible (on any board)
    lexicon: object              # the Lexicon, for word data such as frequencies
    weights: np.ndarray | None = None   # the prior over answers, None for uniform
    prior: object = None                 # that Prior (its whole weights for exact play), or None
    turn: int = 0                        # guesses already played this game
    rules: Rules = Rules()               # the game's mode, guess limit and boards
    history: tuple = ()                  # (guess, pattern code) of each turn played
    legal_mask: np.ndarray | None = None  # the rule's mask over every guess, if already known
    # Several boards: (candidates, scores) of each unsolved board; `scores`
    # and `candidates` above are then their sums and union. Empty for one board.
    boards: tuple = ()

    @cached_property
    def legal(self) -> np.ndarray | None:
        """Rows of every guess the rule allows now, beyond the pool (None in
        normal mode). Computed on first use unless the solver already had
        the mask: only searches below this move need it, and it costs a
        feedback row per turn in strict mode."""
        if self.hard_mode == "off":
            return None
        mask = self.legal_mask
        if mask is None:
            mask = legal_guesses(self.lexicon, self.history, self.hard_mode)
        return np.flatnonzero(mask)

    @property
    def candidate_words(self) -> list[str]:
        return self.lexicon.words_of(self.candidates)

    @property
    def zipf(self) -> np.ndarray:
        """Word frequency of each pooled guess."""
        return self.lexicon.guess_zipf[self.rows]


class Strategy:
    """The base class. Subclasses set ``name`` and implement ``values``."""

    name = "base"
    options: tuple[Option, ...] = ()   # every keyword the constructor takes
    one_board = True                   # plays a single board
    several_boards = False             # plays several boards at once (reads position.boards)
    uniform_prior_only = False         # values guesses over equally likely answers only
    reports_progress = False           # calls self.progress(done, total) within values()
    progress = None                    # set by the caller when reports_progress
    interrupted = False                # the last values() was cut short by Ctrl-C
    plays_to_limit = False             # values() reads position.max_guesses
    caveat = None                      # what the last values() wants said beside them, if anything
    exact_key = None                   # integers ranking the last values() exactly, before them
    first_move_table = False           # the empty board's values come from an opening table

    def values(self, position: Position) -> np.ndarray:
        raise NotImplementedError

    def cache_key(self) -> str:
        """What distinguishes this strategy's first-move cache from another's."""
        return self.name

    def describe(self) -> str:
        """The strategy and its settings in words, for a solver's repr."""
        return self.cache_key()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.cache_key()!r})"

    def first_move_source(self, lexicon, rules: Rules = Rules(), prior=None) -> str | None:
        """Where the first move's values come from when they are read, not
        computed (a table for these lists, rules and prior, which a command
        names); None otherwise."""
        return None

    @property
    def score_label(self) -> str | None:
        """The heading of this strategy's value in a table of suggestions,
        None when the value is the expected bits shown anyway."""
        return self.name[:8]

    @property
    def progress_label(self) -> str:
        """What a progress bar of values() says it is doing."""
        return f"Ranking guesses by {self.name}"


def scaled(values: np.ndarray) -> np.ndarray:
    """``values`` mapped linearly onto 0..1 (all 0 when they are equal)."""
    spread = values.max() - values.min() if len(values) else 0.0
    if spread <= 0:
        return np.zeros_like(values, dtype=np.float64)
    return (values - values.min()) / spread
