"""The optimal strategy: play the guess the exact search proves best.

It plans to the limit of the game it plays (``Position.max_guesses``, the
solver's), never a limit of its own. From the empty board it reads the
exact opening table (the shipped one when the lists, mode and limit match)
instead of proving every opener on the spot.

When no guess can finish every answer in the guesses left, it plays for the
highest chance to win in them, then for the fewest expected guesses (to
find the answer, with no limit), and says so in ``caveat``. Past the limit
(a lost game played on) it plays for the fewest expected guesses.
"""

from __future__ import annotations

import numpy as np

from wordle_fast.errors import InvalidOption
from wordle_fast.rulebook import MAX_GUESS_LIMIT, Rules
from wordle_fast.strategies.base import Strategy

# The exact search and its tables load when this strategy first plays, not
# when the registry is read (every command's start would pay 40 ms).

# A value that is a lower bound, not proven, ranks just below an exact one
# of the same size. The values shown carry this gap; the ranking itself
# reads ``exact_key``, integers, since a float gap this small is lost to the
# ranking's 10-decimal rounding beside a chance or over many answers.
NOT_PROVEN = 1e-6


def cost_key(costs: np.ndarray, exact: np.ndarray) -> np.ndarray:
    """Integers ranking totals exactly, lower first: twice the total, plus
    one where it is only a lower bound (it ranks below an exact total of
    the same size, never above a smaller one)."""
    return 2 * np.asarray(costs, dtype=np.int64) + ~np.asarray(exact, dtype=bool)

def _prove_ties(searcher, members, rows, depth, legal, costs, exact):
    """Search, with the optimum as the budget, every guess whose lower bound
    equals the optimum, in place: each either reaches it (exact, and the
    tie-breakers choose among them as the rule says) or is proven worse. The
    search stops at the first optimal guess in bound order, so a bound tied
    with the optimum says nothing on its own."""
    best = costs[exact].min()
    for position in np.flatnonzero(~exact & (costs == best)):
        cost = searcher.after_guess(members, rows[position], depth, int(best), legal=legal)
        costs[position] = cost
        exact[position] = cost <= best


def _mass(searcher, members) -> int:
    """What a total over ``members`` is divided by for the expected guesses:
    their number, or under a prior their whole weight (at least 1)."""
    from wordle_fast.exact.search import mass_of

    return max(1, mass_of(searcher, members))


# With three guesses or more left, the chance to win is searched for this
# many guesses at most, those with the most feedbacks; the others keep
# their chance within two guesses, a lower bound. (Every guess of the full
# lists at once, 2315 answers with three left, would take hours.)
CHANCES_SEARCHED = 200


class OptimalStrategy(Strategy):
    """Play the guess that minimizes the total guesses still needed, by the
    exact search, within the game's limit and in its hard mode; under a
    prior, the expected guesses weighed by it (its whole weights). The value
    of each guess is minus the expected guesses from here on; it is exact
    for the best guess, and for the rest it comes from a lower bound on
    their cost (ranked below an exact value of the same size), so only the
    first suggestion's value should be read as exact. When no guess wins
    for sure, the value is the chance to win in the guesses left (see the
    module). One searcher per mode, and its memo, serves every state of a
    game and of a simulation."""

    name = "optimal"
    plays_to_limit = True

    def __init__(self, max_guesses=None):
        if max_guesses is not None:
            raise InvalidOption("the optimal strategy plays to the limit of the game it plays: "
                                "give max_guesses to the Solver (or to simulate), not to the "
                                "strategy")
        self._searchers = {}     # (hard mode, prior) -> its exact searcher and memo
        self._searchers_for = None
        self._tables = {}        # (Rules, prior) -> the opening table, for _searchers_for
        self._win_counters = {}  # hard mode -> WinCounter, for _searchers_for

    def searcher(self, lexicon, hard_mode: str = "off", prior=None):
        """The exact searcher for ``lexicon``, ``hard_mode`` and ``prior``
        (a Prior weighing the answers, or None), kept with its memo."""
        from wordle_fast.exact.search import make_exact_searcher

        if self._searchers_for is not lexicon:
            self._searchers, self._tables, self._win_counters = {}, {}, {}
            self._searchers_for = lexicon
        if (hard_mode, prior) not in self._searchers:
            self._searchers[hard_mode, prior] = make_exact_searcher(
                lexicon, hard_mode, lexicon.n_threads,
                weights=None if prior is None else prior.integers)
        return self._searchers[hard_mode, prior]

    def opening_table(self, lexicon, rules: Rules = Rules(), prior=None):
        """The exact opening table for the lexicon, rules and prior: shipped,
        saved, or computed once and kept."""
        from wordle_fast.exact.proof import opening_table
        from wordle_fast.exact.tables import warn_unsaved

        self.searcher(lexicon, rules.mode)   # resets the tables for a new lexicon
        if (rules, prior) not in self._tables:
            self._tables[rules, prior] = opening_table(lexicon, rules=rules, prior=prior)
            warn_unsaved(self._tables[rules, prior])
        return self._tables[rules, prior]

    first_move_table = True

    def first_move_source(self, lexicon, rules: Rules = Rules(), prior=None):
        return self.opening_table(lexicon, rules, prior).source

    def values(self, position):
        self.caveat = None
        left = position.max_guesses - position.turn
        members = position.candidates.indices()
        if left >= 1 and not position.history:
            values = self._opening_values(position)
            if values is not None:
                return values
        elif left >= 1:
            searcher = self.searcher(position.lexicon, position.hard_mode, position.prior)
            costs, exact = searcher.guess_costs(members, position.rows, left,
                                                legal=position.legal)
            if exact.any():
                _prove_ties(searcher, members, position.rows, left, position.legal, costs, exact)
                self.exact_key = -cost_key(costs, exact)
                return -(costs + np.where(exact, 0.0, NOT_PROVEN)) / _mass(searcher, members)
        return self._best_chance(position, members, left)

    def _opening_values(self, position):
        # The empty board: every opener's certificate, from the opening table.
        # None when no opener can finish within the limit.
        from wordle_fast.exact.tables import EXACT

        table = self.opening_table(position.lexicon, position.rules, position.prior)
        entries = [table.entries[position.lexicon.guesses[row]] for row in position.rows]
        if all(entry.total is None for entry in entries):
            return None
        # an opener that cannot finish ranks below any that can (no total
        # within the limit exceeds the answers' weight x limit)
        cannot = table.total_weight * position.max_guesses + 1
        totals = np.array([cannot if entry.total is None else entry.total for entry in entries],
                          dtype=np.int64)
        exact = np.array([entry.total is None or entry.status == EXACT for entry in entries])
        self.exact_key = -cost_key(totals, exact)
        return -(totals + np.where(exact, 0.0, NOT_PROVEN)) / table.total_weight

    def _best_chance(self, position, members, left):
        """No guess wins for sure in the ``left`` guesses left: the chance to
        win in them first, then the fewest expected guesses with no limit
        (under a prior, weighed by it; the chance counts each answer once)."""
        from wordle_fast.exact.chances import WinCounter

        n, rows, legal = len(members), position.rows, position.legal
        searcher = self.searcher(position.lexicon, position.hard_mode, position.prior)
        mass = _mass(searcher, members)     # what the costs are totals over
        if position.hard_mode not in self._win_counters:
            self._win_counters[position.hard_mode] = WinCounter(position.lexicon,
                                                                position.hard_mode)
        counter = self._win_counters[position.hard_mode]
        bounded = left >= 3 and len(rows) > CHANCES_SEARCHED
        if bounded:
            wins = counter.per_guess(members, rows, 2, legal)
            searched = np.argsort(-wins, kind="stable")[:CHANCES_SEARCHED]
            wins[searched] = counter.per_guess(members, rows[searched], left, legal)
        else:
            wins = counter.per_guess(members, rows, left, legal)
        contenders = np.flatnonzero(wins == wins.max())
        # Guessing the candidates one by one finishes within n guesses.
        depth = min(n, MAX_GUESS_LIMIT)
        costs = np.full(len(rows), np.inf)
        found, exact = searcher.guess_costs(members, rows[contenders], depth, legal=legal)
        if exact.any():
            _prove_ties(searcher, members, rows[contenders], depth, legal, found, exact)
        costs[contenders] = found + np.where(exact, 0.0, NOT_PROVEN)
        # Exactly: the chance first, then the cost (a guess not searched
        # ranks below every contender of its chance).
        cost_keys = np.zeros(len(rows), dtype=np.int64)
        cost_keys[contenders] = cost_key(found, exact)
        cost_keys[np.isinf(costs)] = cost_keys.max() + 1
        self.exact_key = wins.astype(np.int64) * (cost_keys.max() + 1) - cost_keys
        if left < 1:
            self.caveat = (f"past the limit of {position.max_guesses} guesses the game is lost: "
                           "ranked by the fewest expected guesses to find the answer")
            return -costs / mass
        chances = wins / n
        self.caveat = (f"no guess wins for sure within the {left} guess"
                       f"{'es' if left > 1 else ''} left: the score is the best chance to win "
                       f"in them ({chances.max():.1%}), ties broken by the fewest expected "
                       "guesses"
                       + (f"; the chance is searched for the {CHANCES_SEARCHED} guesses with the "
                          "most feedbacks, the others' is a lower bound (their chance within "
                          "two guesses)" if bounded else "")
                       + ("; the chance counts each answer once, the prior weighs the "
                          "expected guesses" if position.prior is not None else ""))
        # The costs only order guesses of the same chance: scaled below 1/n,
        # the chance's step, and where the ranking's rounding allows, below
        # what the score's three decimals show.
        most = depth * mass + 1      # above every cost
        scale = max(min(1.0 / (n * most), 4e-4 / most), 1e-9 / n)
        scale = min(scale, 1.0 / (n * most))
        return chances - np.where(np.isfinite(costs), costs, depth * mass) * scale

    def __getstate__(self):
        # (sent to worker processes: the searchers and their memos stay here)
        state = dict(self.__dict__)
        state.update(_searchers={}, _tables={}, _win_counters={}, _searchers_for=None)
        return state
