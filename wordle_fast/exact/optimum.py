"""Exact optimal play: the proven fewest total guesses, and the decision tree.

>>> result = optimal(opener="salet")          # a second or so
>>> result.total_guesses, round(result.mean, 4), result.worst
(7920, 3.4212, 5)
>>> optimal(opener="salet", hard_mode="hard").total_guesses
8122
>>> best = optimal()                          # every opener: the shipped table
>>> best.opener, best.total_guesses, best.best_openers, best.scope
('salet', 7920, ['salet'], 'every opener')
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

import numpy as np

from wordle_fast.core._backend import UNSOLVABLE
from wordle_fast.errors import WordleError, whole_number
from wordle_fast.exact.proof import opening_table
from wordle_fast.exact.search import (
    Stopped, answer_weights, by_cheap_score, every_guess, fewest_guarantee, make_exact_searcher,
    opener_total)
from wordle_fast.exact.store import ProvenStore, store_description
from wordle_fast.exact.tables import OpeningTable
from wordle_fast.exact.trees import build_tree, verify_tree
from wordle_fast.lexicon import Lexicon, lexicon_from
from wordle_fast.priors import Prior, make_prior
from wordle_fast.rulebook import Rules, one_board_rules
from wordle_fast.rules import mode_name
from wordle_fast.words import counted, distribution_text

SHOW_TIES = 10   # best openers named in the summary; to_dict() has them all


class SearchInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped ``optimal``: what had been proven by then.

    ``opener`` was being proven and needs at least ``lower_bound`` guesses
    in total (exact when ``proven``); ``best`` is the best (opener, total)
    proven before it, if any. Both are None when the opening table was
    being proven (the entries proven so far are saved). Under a prior the
    totals are in its whole weights, ``total_weight`` their sum. A
    KeyboardInterrupt, so code that stops on Ctrl-C still stops.
    """

    def __init__(self, opener: str | None, lower_bound: int | None, proven: bool, placed: int,
                 answers: int, best: tuple[str, int] | None, total_weight: int | None = None):
        self.opener, self.lower_bound, self.proven = opener, lower_bound, proven
        self.placed, self.answers, self.best = placed, answers, best
        self.total_weight = total_weight
        super().__init__(self.describe())

    @classmethod
    def in_table(cls, answers: int) -> "SearchInterrupted":
        """Ctrl-C while the opening table was being proven (no opener yet)."""
        return cls(None, None, False, 0, answers, None)

    def describe(self) -> str:
        if self.opener is None:
            return ("stopped while proving the opening table; the openers proven so far are "
                    "saved, and the same call resumes from them")
        weight = self.total_weight
        total = (f"{self.lower_bound} guesses in total" if weight is None else
                 f"{self.lower_bound} in whole weights ({self.lower_bound / weight:.4f} "
                 "expected guesses)")
        if self.proven:
            text = (f"{self.opener.upper()} was proven to need {total}; stopped while building "
                    "its tree")
        else:
            text = (f"{self.opener.upper()} needs at least {total} (a proven lower bound; "
                    f"{self.placed} of {self.answers} answers placed exactly)")
        if self.best is not None:
            text += f"; best proven before it: {self.best[0].upper()} with {self.best[1]}"
        return text


@dataclass
class OptimalResult:
    """A proven total and its tree, under the rules asked for. ``scope``
    says over what the opener is best: ``"given opener"``, ``"every
    opener"`` (then ``certificate`` holds every other opener's entry and
    ``best_openers`` every opener that ties), or ``"best of N openers"``
    (the quick path: not proven best overall). A given opener that cannot
    finish within the rules' limit has its ``guarantee``: the fewest
    guesses it can guarantee, within which its tree is played."""

    opener: str
    rules: Rules
    total_guesses: int
    tree: dict
    distribution: dict[int, int]   # answers solved at each guess, from replaying the tree
    seconds: float
    stats: dict = field(default_factory=dict)
    scope: str = "given opener"
    best_openers: list[str] = field(default_factory=list)
    certificate: OpeningTable | None = None
    guarantee: int | None = None
    prior: Prior | None = None      # the weights the total is under; None: uniform
    weighted: dict = field(default_factory=dict)   # verify_tree's weighted figures, if so

    @property
    def mode(self) -> str:
        """The mode as people read it: "normal", "hard" or "strict"."""
        return mode_name(self.rules.mode)

    @property
    def max_guesses(self) -> int:
        """The limit the tree is played within: the rules', or the guarantee
        of an opener that cannot finish within them."""
        return self.rules.max_guesses if self.guarantee is None else self.guarantee

    @property
    def asked_max_guesses(self) -> int | None:
        """The rules' limit when the opener cannot finish within it, else None."""
        return None if self.guarantee is None else self.rules.max_guesses

    @property
    def games(self) -> int:
        return sum(self.distribution.values())

    @property
    def mean(self) -> float:
        return self.total_guesses / self.games

    @property
    def weighted_total(self) -> int | None:
        """The sum of weight x guesses (under a prior, the integer weights): the
        objective the search minimised; None when uniform."""
        return self.weighted.get("weighted_total")

    @property
    def expected_guesses(self) -> float:
        """The expected guesses: under a prior, the weighted total over the
        weights' sum; else the mean."""
        return self.weighted.get("expected_guesses", self.mean)

    @property
    def worst(self) -> int:
        return max(d for d, count in self.distribution.items() if count)

    @property
    def proven_best(self) -> bool:
        """True only when the opener is proven best over every allowed guess."""
        return self.scope == "every opener"

    def __repr__(self) -> str:
        return (f"OptimalResult({self.opener}, {self.mode} mode, at most {self.max_guesses}: "
                f"{self.total_guesses} guesses over {self.games} answers, mean {self.mean:.4f}; "
                f"{self.scope})")

    def to_dict(self) -> dict:
        data = {"opener": self.opener, "mode": self.mode, "scope": self.scope,
                "proven_best_opener": self.proven_best, "total_guesses": self.total_guesses,
                "mean": self.mean, "max_guesses": self.max_guesses,
                "distribution": {str(k): v for k, v in self.distribution.items()},
                "tree": self.tree}
        if self.asked_max_guesses is not None:
            data["asked_max_guesses"] = self.asked_max_guesses
            data["cannot_finish_within_asked"] = True
        if self.certificate is not None:
            data["best_openers"] = self.best_openers
            data["certificate"] = self.certificate.to_dict()
        if self.weighted:
            data.update(prior=self.prior.description(), weighted_total=self.weighted_total,
                        total_weight=self.weighted["total_weight"],
                        expected_guesses=self.expected_guesses,
                        weighted_distribution={str(k): v for k, v in
                                               self.weighted["weighted_distribution"].items()})
        return data

    def headline(self) -> str:
        if self.asked_max_guesses is not None:
            return (f"{self.opener.upper()} cannot solve every answer within "
                    f"{counted(self.asked_max_guesses, 'guess', 'guesses')} "
                    f"({self.mode} mode); the fewest it can guarantee is {self.max_guesses}: "
                    f"{self.total_guesses} guesses in total over {self.games} answers, mean "
                    f"{self.mean:.4f}, worst {self.worst}")
        if self.scope == "every opener":
            what = "; the optimum over every opener"
        elif self.scope == "given opener":
            what = ""
        else:
            what = f"; the {self.scope} tried, NOT proven optimal over every opener"
        if self.weighted:
            return (f"{self.opener.upper()} ({self.mode} mode, at most {self.max_guesses} "
                    f"guesses, prior {self.prior.name}): {self.expected_guesses:.4f} expected "
                    f"guesses ({self.weighted_total} / {self.weighted['total_weight']} in whole "
                    f"weights), worst {self.worst}{what}")
        return (f"{self.opener.upper()} ({self.mode} mode, at most {self.max_guesses} guesses): "
                f"{self.total_guesses} guesses in total over {self.games} answers, mean "
                f"{self.mean:.4f}, worst {self.worst}{what}")

    def summary(self) -> str:
        lines = [self.headline(),
                 "Distribution: " + distribution_text(self.distribution)]
        if self.weighted:
            lines[-1] += f" (by count; {self.total_guesses} guesses over {self.games} answers)"
            share = {d: f"{100 * w / self.weighted['total_weight']:.1f}%"
                     for d, w in self.weighted["weighted_distribution"].items()}
            lines.append("Weighted by the prior: " + distribution_text(share))
        if self.certificate is not None:
            table = self.certificate
            counts = table.counts()
            ties = ", ".join(w.upper() for w in self.best_openers[:SHOW_TIES])
            if len(self.best_openers) > SHOW_TIES:
                ties += f" and {len(self.best_openers) - SHOW_TIES} more (--json lists them all)"
            lines.append(f"Best opener{'s' if len(self.best_openers) > 1 else ''}: {ties}. "
                         f"Certificate over all {len(table.entries)} allowed openers: "
                         f"{counts['exact']} exact, {counts['lower bound']} with a lower bound "
                         f"above {table.optimum + table.within}, {counts['cannot finish']} "
                         f"cannot finish in {self.max_guesses} ({table.source}, "
                         f"{table.seconds:.1f} s)")
        lines.append(f"Proven in {self.seconds:.1f} s ({self.stats.get('states', 0)} states "
                     "searched for the tree)")
        return "\n".join(lines)


def optimal(opener: str | None = None, lexicon: Lexicon | None = None,
            hard_mode: str | None = None, max_guesses: int | None = None,
            candidates: int | None = None, progress=None, *,
            workers: int = 1, recompute: bool = False, results_path=None,
            lists: str | None = None, store=None,
            memo_bytes: int | None = None, rules: Rules | None = None,
            prior=None) -> OptimalResult:
    """The proven minimum total guesses, and its tree.

    With ``opener``: the best play after that first guess. Without: the best
    opener over every allowed guess, proven by ``opening_table`` (the shipped
    table when the lists, mode and limit match, else computed, with
    ``workers``, ``recompute`` and ``results_path`` passed on); the result
    carries that certificate and every opener that ties. ``candidates=N``
    is the quick path: the best of the N openers with the smallest expected
    remaining set, reported as such, never as optimal. ``lists`` names a
    bundled edition of the word lists instead of a ``lexicon``. ``store``
    (a path, or None for none) keeps what the search proves in a store of
    proven states (``exact.store``), so that a long search stopped by
    Ctrl-C resumes near where it stopped; ``memo_bytes`` sizes its memo.

    ``progress(done, total)`` is called as the answers are placed (each of
    the first guess's buckets solved exactly); without an opener, as
    ``progress(stage, done, total)`` for the stages of the table. Ctrl-C
    raises ``SearchInterrupted`` with the best bound reached. The rules:
    ``hard_mode`` (default off) and ``max_guesses`` (default 6), or
    ``rules``, a :class:`wordle_fast.Rules` of one board. ``prior``: how
    likely each answer is (``make_prior``: "frequency", a weights file, a
    mapping or an array aligned with the answers): the search then
    minimises the expected guesses, exactly, as the sum of weight x guesses
    in the prior's whole-number weights (an answer of weight 0 is not a
    possible one); without an opener, the best one under the prior, proven
    by the opening table under it.
    """
    rules = one_board_rules(rules, mode=hard_mode, max_guesses=max_guesses)
    if opener is not None and candidates is not None:
        raise WordleError("give an opener or a number of candidate openers, not both")
    lexicon = lexicon_from(lexicon=lexicon, lists=lists)
    prior = make_prior(prior, lexicon.answers)
    weights = None if prior.uniform else prior.integers
    started = time.perf_counter()
    openers, scope, certificate = _openers_to_try(lexicon, rules, opener, candidates,
                                                  workers=workers, recompute=recompute,
                                                  results_path=results_path, progress=progress,
                                                  prior=None if weights is None else prior)
    try:
        searcher = make_exact_searcher(lexicon, rules.mode, memo_bytes=memo_bytes,
                                       weights=weights)
    except ValueError as error:     # weights too large to keep totals exact
        raise WordleError(f"the prior {prior.name}: {error}") from None
    if store is not None:
        store = ProvenStore(store, store_description(lexicon, rules.mode, prior))
        store.attach(searcher)
    best_row, best_total = _best_of(searcher, lexicon, openers, rules.max_guesses, store,
                                    None if certificate is not None else progress)
    guarantee = None
    if best_row is None and scope == "given opener":
        # Not a bad input: the answer is the fewest guesses it can guarantee.
        best_row = openers[0]
        try:
            guarantee, best_total = fewest_guarantee(searcher, lexicon, best_row,
                                                     rules.max_guesses, store=store)
        except Stopped as stop:
            raise SearchInterrupted(lexicon.guesses[best_row], stop.lower_bound, False,
                                    stop.placed, lexicon.n_answers, None,
                                    _weight_of(searcher)) from None
    if best_row is None:
        raise WordleError(f"none of the {len(openers)} openers tried can solve every answer "
                          "within " + counted(rules.max_guesses, "guess", "guesses"))
    if certificate is not None and best_total != certificate.optimum:
        # Only a results file can carry a claim that is false yet plausible.
        raise WordleError(f"{lexicon.guesses[best_row].upper()} totals {best_total}, but the "
                          f"opening table ({certificate.source}) claims {certificate.optimum}: "
                          "a results file holds a false entry; remove it (or name another "
                          "--results file) and run again")
    played_limit = rules.max_guesses if guarantee is None else guarantee
    possible = np.arange(lexicon.n_answers) if weights is None else np.flatnonzero(weights)
    try:
        tree = build_tree(searcher, lexicon, possible, best_row,
                          played_limit, every_guess(searcher, lexicon))
    except KeyboardInterrupt:
        raise SearchInterrupted(lexicon.guesses[best_row], best_total, True, lexicon.n_answers,
                                lexicon.n_answers, None, _weight_of(searcher)) from None
    # Every tree returned is replayed on every answer, independently of the search.
    check = verify_tree(tree, [lexicon.answers[a] for a in possible], rules.mode, played_limit,
                        guesses=lexicon.guesses,
                        weights=None if weights is None else weights[possible])
    proven = check["total_guesses" if weights is None else "weighted_total"]
    if proven != best_total and store is not None:
        # The replay disproves what the store claimed (its rows forged with
        # their digests recomputed, say): search again without it.
        logging.getLogger("wordle_fast").warning(
            "wordle-fast: the store of proven states %s claims values the tree's replay "
            "disproves (the tree totals %s, the search with the store %s); searching again "
            "without it: remove that store", store.path, proven, best_total)
        store.close()
        return optimal(opener, lexicon, candidates=candidates, progress=progress,
                       workers=workers, recompute=recompute, results_path=results_path,
                       store=None, memo_bytes=memo_bytes, rules=rules, prior=prior)
    if proven != best_total:
        raise RuntimeError(f"the tree totals {proven} but the search proved "
                           f"{best_total}; this is a bug")
    weighted = {} if weights is None else {key: check[key] for key in (
        "weighted_total", "total_weight", "expected_guesses", "weighted_distribution")}
    return OptimalResult(opener=lexicon.guesses[best_row], rules=rules,
                         total_guesses=check["total_guesses"], tree=tree,
                         prior=None if weights is None else prior, weighted=weighted,
                         distribution=check["distribution"],
                         seconds=time.perf_counter() - started, stats=searcher.stats(),
                         scope=scope, best_openers=(certificate.best if certificate is not None
                                                    else [lexicon.guesses[best_row]]),
                         certificate=certificate, guarantee=guarantee)


class NoOpenerFinishes(WordleError):
    """The proven answer that no opener finishes every answer within the
    limit (not a mistake of the input): ``certificate`` is the table that
    proves it."""

    def __init__(self, certificate, rules: Rules):
        self.certificate, self.rules = certificate, rules
        known = [e for e in certificate.entries.values() if e.guarantee is not None]
        fewest = ""
        if known:
            least = min(e.guarantee for e in known)
            best = ", ".join(e.opener.upper() for e in known if e.guarantee == least)
            fewest = f"; the fewest guesses an opener can guarantee: {least} ({best[:60]})"
        super().__init__(f"proven: no opener solves every answer within "
                         f"{counted(rules.max_guesses, 'guess', 'guesses')} "
                         f"({certificate.source}){fewest}. `wordle-fast optimal --opener WORD` "
                         "gives the fewest guesses an opener can guarantee and its tree; "
                         "--max-guesses raises the limit")


def _openers_to_try(lexicon, rules, opener, candidates, **table_options):
    """(opener rows, scope, certificate): the given opener; the N with the
    smallest expected remaining set; or, proven by the opening table (its
    certificate), the first of the best."""
    if opener is not None:
        return [lexicon.guess_index(opener)], "given opener", None
    if candidates is not None:
        candidates = whole_number(candidates, "the number of candidate openers", minimum=1)
        return ([int(row) for row in by_cheap_score(lexicon)[:candidates]],
                f"best of {candidates} openers", None)
    try:
        certificate = opening_table(lexicon, rules=rules, **table_options)
    except KeyboardInterrupt:
        raise SearchInterrupted.in_table(lexicon.n_answers) from None
    if certificate.optimum is None:
        raise NoOpenerFinishes(certificate, rules)
    return [lexicon.guess_index(certificate.best[0])], "every opener", certificate


def _best_of(searcher, lexicon, openers, max_guesses, store, progress):
    """(row, total) of the opener of ``openers`` with the least total
    within ``max_guesses``, or (None, None) when none finishes; each is
    searched with the best so far as its budget."""
    best_row, best_total = None, None
    for number, row in enumerate(openers):
        budget = (best_total - 1) if best_total is not None else UNSOLVABLE - 1
        report = None if progress is None else (
            lambda placed, offset=number * lexicon.n_answers: progress(
                offset + placed, len(openers) * lexicon.n_answers))
        try:
            total = opener_total(searcher, lexicon, row, max_guesses, budget, report,
                                 store=store)
        except Stopped as stop:
            best = None if best_row is None else (lexicon.guesses[best_row], best_total)
            raise SearchInterrupted(lexicon.guesses[row], stop.lower_bound, False, stop.placed,
                                    lexicon.n_answers, best, _weight_of(searcher)) from None
        if total <= budget:
            best_row, best_total = int(row), int(total)
    return best_row, best_total


def _weight_of(searcher) -> int | None:
    """The sum of the searcher's weights under a prior (what its totals
    are over), or None when each answer counts once."""
    return None if answer_weights(searcher) is None else searcher.total_weight
