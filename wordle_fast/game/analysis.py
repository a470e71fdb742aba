"""Exact analysis of a played game: each guess graded against optimal play.

For a turn with n answers still possible and d guesses left, a guess g is
worth (n + sum over non-green patterns r of T(S_r, d - 1)) / n: the expected
number of guesses to finish, this one included, if g is played and optimal
play follows. The best guess is worth T(S, d) / n. The difference is the
guesses lost to the choice. Luck is what the pattern that came did to the
rest of the game: the expected guesses still needed after g, minus those
needed after the pattern actually seen (T(S_r, d - 1) / |S_r|, 0 for a win).

Values come from the exact search (``wordle_fast.core._exact``); the first turn
reads the exact opening table (the shipped one when it holds the lists, mode
and limit, else one computed once and saved).

>>> import wordle_fast as wf
>>> game = wf.analyze([("salet", "bybbb"), ("acorn", "ybbyy"), ("grand", "ggggg")])
>>> [(t.guess, t.best[0], round(t.lost, 3)) for t in game.turns]
[('salet', 'salet', 0.0), ('acorn', 'brond', 0.059), ('grand', 'bifid', 0.0)]
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

import numpy as np

from wordle_fast._display import html_table
from wordle_fast.core._backend import UNSOLVABLE, kernels
from wordle_fast.errors import InconsistentFeedback, WordleError
from wordle_fast.exact.search import Stopped, make_exact_searcher, mass_of, opener_total
from wordle_fast.game.records import game_rows
from wordle_fast.lexicon import Lexicon, lexicon_from
from wordle_fast.patterns import all_green, format_pattern, parse_pattern
from wordle_fast.priors import weighing
from wordle_fast.rulebook import Rules, one_board_rules
from wordle_fast.rules import hard_mode_violation, legal_guesses, mode_name
from wordle_fast.scoring import realized_information
from wordle_fast.words import counted, words_given


SHOW_BEST = 5   # optimal guesses listed per turn


@dataclass(frozen=True)
class TurnAnalysis:
    """One guess, graded. Expected values are in guesses; None where no
    play can guarantee a finish within the guesses left."""

    turn: int
    guess: str
    candidates: int               # answers possible before the guess
    expected: float | None        # E[guesses to finish] with this guess, this one included
    exact: bool                   # False: `expected` is a lower bound (a search cut short)
    best: tuple[str, ...]         # optimal guesses (the first few, in list order)
    best_expected: float | None
    lost: float | None            # expected - best_expected; None unless exact and legal
    grade: str                    # grade_choice(lost), or "unfinished" / "illegal"
    bits: float                   # expected information of the guess
    most_bits: float              # the most any allowed guess gives
    most_informative: str
    pattern: str
    probability: float            # of the pattern seen (under the prior, if any)
    left: int                     # answers possible after it
    bits_realized: float
    luck: float | None            # expected guesses after this one, minus after the pattern seen
    luck_grade: str
    legal: bool
    rule_broken: str | None
    seconds: float                # spent on this turn's searches


    def __repr__(self) -> str:
        def value(number):
            return "-" if number is None else f"{number:.3f}"

        return (f"TurnAnalysis(turn {self.turn}: {self.guess}, {self.candidates} answers, "
                f"E {value(self.expected)} against {' '.join(self.best[:3])} "
                f"{value(self.best_expected)}, {self.grade}; {self.pattern} left {self.left})")

@dataclass(frozen=True)
class GameAnalysis:
    turns: tuple[TurnAnalysis, ...]
    mode: str
    max_guesses: int
    solved: bool
    optimal_expected: float | None   # the optimal player's expected total from the start
    prior: str | None = None         # the prior the answers are weighed by (None: uniform)

    @property
    def graded(self) -> tuple[TurnAnalysis, ...]:
        """The turns both sums count: those with an exact, legal value that
        can finish in time. Over them, when every turn is graded and the
        game is solved, optimal_expected - guesses = luck - lost."""
        return tuple(t for t in self.turns if t.lost is not None and t.luck is not None)

    @property
    def lost(self) -> float:
        """Guesses lost to choices, over the graded turns."""
        return sum(t.lost for t in self.graded)

    @property
    def complete(self) -> bool:
        """False when a search was stopped (Ctrl-C): a turn holds a lower bound."""
        return all(t.exact for t in self.turns)

    @property
    def luck(self) -> float:
        """Guesses won (+) or lost (-) to luck, over the graded turns."""
        return sum(t.luck for t in self.graded)

    def __repr__(self) -> str:
        played = " ".join(t.guess for t in self.turns)
        outcome = "solved" if self.solved else "not solved"
        return (f"GameAnalysis({self.mode} mode: {played}, {outcome}; {self.lost:.3f} guesses "
                f"lost to choices, {self.luck:+.3f} to luck)")

    def _repr_html_(self) -> str:
        return html_table(repr(self)[len("GameAnalysis("):-1],
                          ["#", "guess", "answers", "E[you]", "best", "E[best]", "lost", "grade",
                           "pattern", "left", "luck"],
                          ([t.turn, t.guess, t.candidates, t.expected, " ".join(t.best),
                            t.best_expected, t.lost, t.grade, t.pattern, t.left, t.luck]
                           for t in self.turns), total=len(self.turns))

    def to_dict(self) -> dict:
        return {"mode": self.mode, "max_guesses": self.max_guesses, "solved": self.solved,
                "prior": self.prior,
                "complete": self.complete,
                "optimal_expected": self.optimal_expected, "guesses_lost": self.lost,
                "luck": self.luck, "graded_turns": [t.turn for t in self.graded],
                "turns": [asdict(t) for t in self.turns]}


def grade_choice(lost: float | None) -> str:
    """Plain words for guesses lost to a choice."""
    if lost is None:
        return "no sure win"   # no play finishes every answer within the limit
    if lost < 1e-9:
        return "optimal"
    if lost < 0.05:
        return "excellent"
    if lost < 0.2:
        return "good"
    if lost < 0.5:
        return "costly"
    return "a blunder"


def grade_luck(luck: float | None) -> str:
    if luck is None:
        return ""
    if abs(luck) < 0.1:
        return "as expected"
    if luck > 0:
        return "lucky" if luck < 1 else "very lucky"
    return "unlucky" if luck > -1 else "very unlucky"


def check_game_length(rows, max_guesses: int) -> None:
    """``WordleError`` when more guesses were played than the game allows."""
    if len(rows) > max_guesses:
        raise WordleError(f"{counted(len(rows), 'guess', 'guesses')} played, but the game allows "
                          f"{max_guesses}")


def analyze(rows, lexicon: Lexicon | None = None, hard_mode: str | None = None,
            max_guesses: int | None = None, progress=None, searcher=None,
            lists: str | None = None, *, rules: Rules | None = None,
            prior=None) -> GameAnalysis:
    """Grade each turn of a game given as ``(guess, pattern)`` rows (any
    pattern notation), as the words played with the answer last, or as
    ``word:pattern`` strings. ``InconsistentFeedback`` names the turn whose pattern
    no answer still possible gives.

    The first turn's best value comes from the exact opening table (the
    shipped one when it holds these lists, mode and limit; else computed
    once and saved, see ``opening_table``), and an opener whose total the
    table lacks is searched. ``progress(stage, done, total)`` follows those
    searches; a Ctrl-C during the opener's search keeps the lower bound it
    reached (the turn's ``exact`` is then False). ``searcher``: an
    ``ExactSearcher`` for these lists and mode, to share its memo between
    games. ``lists`` names a bundled edition of the word lists instead of a
    ``lexicon``. The rules: ``hard_mode`` (default off) and ``max_guesses``
    (default 6), or ``rules``, a :class:`wordle_fast.Rules` of one board.
    ``prior`` (as ``make_prior`` takes it): the answers weighed as WordleBot
    weighs them, every expected value and probability then under it (a
    ``searcher`` given must carry its weights), exactly; an answer of
    weight 0 is not a possible one."""
    rules = one_board_rules(rules, mode=hard_mode, max_guesses=max_guesses)
    hard_mode, max_guesses = rules.mode, rules.max_guesses
    lexicon = lexicon_from(lexicon=lexicon, lists=lists)
    rows = words_given(rows, "the game", "analyze([{}, 'acorn', 'grand'])")
    if not rows:
        raise WordleError("no guesses to analyze")
    if all(isinstance(row, str) for row in rows):  # as typed on the command line
        rows = game_rows(list(rows), lexicon)
    check_game_length(rows, max_guesses)
    prior = weighing(prior, lexicon.answers)
    searcher = searcher or make_exact_searcher(
        lexicon, hard_mode, weights=None if prior is None else prior.integers)
    green = all_green(lexicon.length)
    # (under a prior an answer of weight 0 is not a possible one)
    members = np.arange(lexicon.n_answers) if prior is None else np.flatnonzero(prior.integers)
    history, turns = [], []
    for number, (word, pattern) in enumerate(rows, 1):
        try:
            row = lexicon.guess_index(word)
            code = parse_pattern(pattern, lexicon.length)
        except WordleError as error:
            raise type(error)(f"turn {number}: {error}") from None
        guess = lexicon.guesses[row]
        started = time.perf_counter()
        left_after = members[lexicon.matrix[row, members] == code]
        if not len(left_after):
            raise InconsistentFeedback(
                f"turn {number}: {guess.upper()} {format_pattern(code, lexicon.length)} fits no "
                f"answer still possible ({counted(len(members), 'answer')} before it)")
        depth = max_guesses - number + 1
        violation = hard_mode_violation(guess, history, hard_mode, lexicon.length)
        legal = (None if hard_mode == "off" else
                 np.flatnonzero(legal_guesses(lexicon, history, hard_mode)))
        n, left_mass = mass_of(searcher, members), mass_of(searcher, left_after)
        played_legal = _with(legal, row)    # the rule's guesses, and the one played
        exact = True
        if number == 1:
            optimum, best, mine, exact = _first_turn(searcher, lexicon, rules, row, progress,
                                                     prior)
            optimal_total = optimum
        else:
            optimum = searcher.solve(members, depth, legal=legal)
            best = _best_guesses(searcher, lexicon, members, depth, legal, optimum)
            mine = searcher.after_guess(members, row, depth, legal=played_legal)
        scores = lexicon.score(kernels.CandidateSet.from_indices(lexicon.n_answers, members),
                               rows=played_legal,
                               weights=None if prior is None else prior.probabilities)
        bits = scores[guess].expected_bits
        richest = scores.best()
        if code == green:
            after = 0
        else:
            after_legal = (None if legal is None else
                           searcher.legal_after(played_legal, row, code))
            after = searcher.solve(left_after, depth - 1, legal=after_legal)
        expected, best_expected, lost, grade, luck = _graded(
            mine, optimum, n, exact, violation is None, after, left_mass)
        turns.append(TurnAnalysis(
            turn=number, guess=guess, candidates=len(members), expected=expected, exact=exact,
            best=best, best_expected=best_expected, lost=lost, grade=grade, bits=bits,
            most_bits=richest.expected_bits, most_informative=richest.word,
            pattern=format_pattern(code, lexicon.length),
            probability=left_mass / n, left=len(left_after),
            bits_realized=realized_information(n, left_mass), luck=luck,
            luck_grade=grade_luck(luck),
            legal=violation is None, rule_broken=violation,
            seconds=time.perf_counter() - started))
        history.append((guess, code))
        members = left_after
        if code == green and number < len(rows):
            extra = len(rows) - number
            raise WordleError(f"turn {number}: {guess.upper()} solved the game, but "
                              f"{counted(extra, 'more row')} follow{'s' if extra == 1 else ''}")
    optimal_expected = (None if optimal_total >= UNSOLVABLE
                        else optimal_total / searcher.total_weight)
    return GameAnalysis(tuple(turns), mode_name(hard_mode), max_guesses,
                        history[-1][1] == green, optimal_expected,
                        None if prior is None else prior.name)


def _graded(mine, optimum, n, exact, legal, after, left):
    """(expected, best expected, guesses lost, grade, luck) of a turn whose
    guess totals ``mine`` (exact or a lower bound) over ``n`` candidates
    (their whole weight, under a prior) where the best totals ``optimum``,
    and after whose feedback the ``left`` candidates total ``after``."""
    expected = None if mine >= UNSOLVABLE else mine / n
    best_expected = None if optimum >= UNSOLVABLE else optimum / n
    # Only an exact value of a legal guess is graded: a lower bound may sit
    # below the optimum, and a guess the rule forbids may beat every legal
    # one; either would read as a negative loss.
    graded = exact and legal
    lost = (None if expected is None or best_expected is None or not graded
            else expected - best_expected)
    grade = grade_choice(lost) if graded else ("unfinished" if not exact else "illegal")
    luck = (None if expected is None or not exact or after >= UNSOLVABLE
            else (expected - 1) - after / left)
    return expected, best_expected, lost, grade, luck


def _with(legal, row):
    """The legal rows with ``row`` added: an illegal guess is still valued,
    as if the rule had let it through."""
    if legal is None or row in legal:
        return legal
    return np.sort(np.append(legal, row))


def _first_turn(searcher, lexicon, rules, row, progress, prior):
    """(optimum, the first optimal openers, the opener's total, whether it
    is exact) for the opener ``row``: from the opening table (under the
    prior), or searched when the table lacks it (and then kept, so that the
    next analysis of this opener is instant)."""
    optimum, best, totals = _opening_values(lexicon, rules, progress, prior)
    mine = totals.get(lexicon.guesses[row])
    if mine is not None:
        return optimum, best, mine, True
    mine, exact = _opener_total(searcher, lexicon, row, rules.max_guesses, progress)
    if exact:
        from wordle_fast.exact.results import remember_opener

        remember_opener(lexicon, rules, lexicon.guesses[row], mine, prior)
    return optimum, best, mine, exact


def _opening_values(lexicon, rules, progress, prior=None):
    """(optimum, the first optimal openers, totals by opener where the table
    knows them: exact, or UNSOLVABLE for an opener proven unable to finish)
    from the exact opening table: shipped, saved by an earlier run, or
    computed now."""
    from wordle_fast.exact.proof import opening_table
    from wordle_fast.exact.tables import CANNOT_FINISH, EXACT, warn_unsaved

    table = opening_table(lexicon, rules=rules, progress=progress, prior=prior)
    warn_unsaved(table)
    totals = {word: entry.total if entry.status == EXACT else UNSOLVABLE
              for word, entry in table.entries.items()
              if entry.status in (EXACT, CANNOT_FINISH)}
    if table.optimum is None:           # no opener finishes within the limit
        return UNSOLVABLE, (), totals
    return table.optimum, tuple(table.best[:SHOW_BEST]), totals


def _best_guesses(searcher, lexicon, members, depth, legal, optimum) -> tuple[str, ...]:
    """The first few optimal guesses, in list order: those whose lower bound
    reaches the optimum are searched with it as the budget."""
    if optimum >= UNSOLVABLE:
        return ()
    rows = np.arange(lexicon.n_guesses) if legal is None else legal
    costs, exact = searcher.guess_costs(members, rows, depth, legal=legal)
    tied = []
    for position in np.flatnonzero(costs <= optimum):   # list order
        if (exact[position] and costs[position] == optimum) or searcher.after_guess(
                members, rows[position], depth, optimum, legal=legal) == optimum:
            tied.append(lexicon.guesses[rows[position]])
            if len(tied) == SHOW_BEST:
                break
    return tuple(tied)


def _opener_total(searcher, lexicon, row, depth, progress) -> tuple[int, bool]:
    """(total, exact) of a first guess the table has no total for; a Ctrl-C
    keeps the proven lower bound reached."""
    report = None if progress is None else (
        lambda placed: progress("opener", placed, lexicon.n_answers))
    try:
        return opener_total(searcher, lexicon, row, depth, progress=report), True
    except Stopped as stop:
        return stop.lower_bound, False
