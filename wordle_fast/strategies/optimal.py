"""The optimal strategy: play the guess the exact search proves best.

From the empty board it reads the exact opening table (the shipped one when
the lists, mode and limit match) instead of proving every opener on the spot.
"""

from __future__ import annotations

import numpy as np

from wordle_fast.errors import WordleError
from wordle_fast.rules import guess_limit
from wordle_fast.strategies.base import Option, Strategy

# The exact search and its tables load when this strategy first plays, not
# when the registry is read (every command's start would pay 40 ms).


class OptimalStrategy(Strategy):
    """Play the guess that minimizes the total guesses still needed, by the
    exact search (``max_guesses`` per game, in the game's hard mode). The
    value of each guess is minus the expected guesses from here on; it is
    exact for the best guess, and for the rest it comes from a lower bound on
    their cost (ranked below an exact value of the same size), so only the
    first suggestion's value should be read as exact. One searcher per mode,
    and its memo, serves every state of a game and of a simulation."""

    name = "optimal"
    uniform_prior_only = True
    options = (Option("max_guesses", 6, int, "the guess limit the search plays to",
                      command_line=False),)

    def __init__(self, max_guesses: int = 6):
        self.max_guesses = guess_limit(max_guesses)
        self._searchers = {}
        self._searchers_for = None
        self._tables = {}        # hard mode -> the opening table, for _searchers_for

    def cache_key(self):
        return f"{self.name}:{self.max_guesses}"

    def searcher(self, lexicon, hard_mode: str = "off"):
        """The exact searcher for ``lexicon`` and ``hard_mode``, kept with its memo."""
        from wordle_fast.exact.search import make_exact_searcher

        if self._searchers_for is not lexicon:
            self._searchers, self._tables, self._searchers_for = {}, {}, lexicon
        if hard_mode not in self._searchers:
            self._searchers[hard_mode] = make_exact_searcher(lexicon, hard_mode, lexicon.n_threads)
        return self._searchers[hard_mode]

    def opening_table(self, lexicon, hard_mode: str = "off"):
        """The exact opening table for the lexicon and mode: shipped, saved,
        or computed once and kept."""
        from wordle_fast.exact.proof import opening_table

        self.searcher(lexicon, hard_mode)   # resets the tables for a new lexicon
        if hard_mode not in self._tables:
            self._tables[hard_mode] = opening_table(lexicon, hard_mode, self.max_guesses)
        return self._tables[hard_mode]

    def first_move_source(self, lexicon, hard_mode="off"):
        return self.opening_table(lexicon, hard_mode).source

    def values(self, position):
        left = self.max_guesses - position.turn
        if left < 1:
            raise WordleError(f"no guesses left: the game allows {self.max_guesses}")
        if not position.history:
            return self._opening_values(position)
        members = position.candidates.indices()
        searcher = self.searcher(position.lexicon, position.hard_mode)
        costs, exact = searcher.guess_costs(members, position.rows, left, legal=position.legal)
        # A bound equal to the optimum has not been shown to reach it, so it
        # ranks just below (the gap survives the ranking's 10-decimal rounding).
        return -(costs + np.where(exact, 0.0, 1e-6)) / len(members)

    def _opening_values(self, position):
        # The empty board: every opener's certificate, from the opening table.
        # A lower bound ranks just below an exact total of the same size.
        from wordle_fast._exact import UNSOLVABLE
        from wordle_fast.exact.tables import EXACT

        table = self.opening_table(position.lexicon, position.hard_mode)
        costs = np.empty(len(position.rows))
        for i, row in enumerate(position.rows):
            entry = table.entries[position.lexicon.guesses[row]]
            costs[i] = (UNSOLVABLE if entry.total is None
                        else entry.total + (0.0 if entry.status == EXACT else 1e-6))
        return -costs / position.lexicon.n_answers

    def __getstate__(self):
        state = dict(self.__dict__)
        state.update(_searchers={}, _tables={}, _searchers_for=None)
        return state
