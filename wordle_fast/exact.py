"""Exact optimal play: proven fewest total guesses, and the decision tree.

>>> result = optimal(opener="salet")          # a few seconds
>>> result.total_guesses, round(result.mean, 4), result.worst
(7920, 3.4212, 5)
>>> optimal(opener="salet", hard_mode="hard").total_guesses
8122

Trees are nested ``{"guess": word, "children": {pattern: subtree}}`` with
patterns as g/y/b letters and the all-green child left out. ``verify_tree``
replays every answer through a tree with the public ``feedback`` and checks
patterns, the guess limit and the hard-mode rule, independently of the search.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from wordle_fast._exact import UNSOLVABLE, ExactSearcher
from wordle_fast.cache import default_cache_dir, words_digest, write_atomically
from wordle_fast.errors import WordleError
from wordle_fast.lexicon import Lexicon, feedback
from wordle_fast.patterns import all_green, format_pattern
from wordle_fast.rules import HARD_MODES, check_mode, hard_mode_violation
from wordle_fast.strategies import Strategy

DEFAULT_OPENER_CANDIDATES = 5   # openers tried when none is given: the best by a cheap score


class InvalidTree(WordleError, ValueError):
    """A decision tree that does not solve every answer correctly."""


class SearchInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped ``optimal``: what had been proven by then.

    ``opener`` was being proven and needs at least ``lower_bound`` guesses
    in total (exact when ``proven``); ``best`` is the best (opener, total)
    proven before it, if any. A KeyboardInterrupt, so code that stops on
    Ctrl-C still stops.
    """

    def __init__(self, opener: str, lower_bound: int, proven: bool, placed: int, answers: int,
                 best: tuple[str, int] | None):
        self.opener, self.lower_bound, self.proven = opener, lower_bound, proven
        self.placed, self.answers, self.best = placed, answers, best
        super().__init__(self.describe())

    def describe(self) -> str:
        if self.proven:
            text = (f"{self.opener.upper()} was proven to need {self.lower_bound} guesses in "
                    "total; stopped while building its tree")
        else:
            text = (f"{self.opener.upper()} needs at least {self.lower_bound} guesses in total "
                    f"(a proven lower bound; {self.placed} of {self.answers} answers placed "
                    "exactly)")
        if self.best is not None:
            text += f"; best proven before it: {self.best[0].upper()} with {self.best[1]}"
        return text


@dataclass
class OptimalResult:
    opener: str
    mode: str
    max_guesses: int
    total_guesses: int
    tree: dict
    distribution: dict[int, int]   # answers solved at each guess, from replaying the tree
    seconds: float
    stats: dict = field(default_factory=dict)

    @property
    def games(self) -> int:
        return sum(self.distribution.values())

    @property
    def mean(self) -> float:
        return self.total_guesses / self.games

    @property
    def worst(self) -> int:
        return max(d for d, count in self.distribution.items() if count)

    def to_dict(self) -> dict:
        return {"opener": self.opener, "mode": self.mode, "total_guesses": self.total_guesses,
                "mean": self.mean, "max_guesses": self.max_guesses,
                "distribution": {str(k): v for k, v in self.distribution.items()},
                "tree": self.tree}

    def summary(self) -> str:
        return (f"{self.opener.upper()} ({self.mode} mode, at most {self.max_guesses} guesses): "
                f"{self.total_guesses} guesses in total over {self.games} answers, mean "
                f"{self.mean:.4f}, worst {self.worst}\n"
                "Distribution: " + ", ".join(f"{k}: {v}" for k, v in self.distribution.items())
                + f"\nProven in {self.seconds:.1f} s ({self.stats.get('states', 0)} states searched)")


def optimal(opener: str | None = None, lexicon: Lexicon | None = None, hard_mode: str = "off",
            max_guesses: int = 6, candidates: int = DEFAULT_OPENER_CANDIDATES,
            progress=None) -> OptimalResult:
    """The proven minimum total guesses (and its tree) with ``opener`` first,
    or, without an opener, the best of the ``candidates`` openers with the
    smallest expected remaining set (the cheap score).

    ``progress(done, total)`` is called as the answers are placed (each of
    the first guess's buckets solved exactly). Ctrl-C raises
    ``SearchInterrupted`` with the best bound reached.
    """
    check_mode(hard_mode)
    if max_guesses < 1:
        raise ValueError(f"max_guesses must be at least 1, got {max_guesses}")
    lexicon = lexicon or Lexicon()
    started = time.perf_counter()
    searcher = make_searcher(lexicon, hard_mode)
    everyone = np.arange(lexicon.n_answers)
    if opener is not None:
        openers = [lexicon.guess_index(opener)]
    else:
        if candidates < 1:
            raise ValueError(f"candidates must be at least 1, got {candidates}")
        scores = lexicon.score()
        openers = list(np.argsort(scores.expected_remaining, kind="stable")[:candidates])
    legal = None if hard_mode == "off" else np.arange(lexicon.n_guesses)
    best_row, best_total = None, None
    for number, row in enumerate(openers):
        budget = (best_total - 1) if best_total is not None else UNSOLVABLE - 1
        report = None if progress is None else (
            lambda done, offset=number * lexicon.n_answers: progress(
                offset + done, len(openers) * lexicon.n_answers))
        try:
            total = _opener_total(searcher, lexicon, row, max_guesses, budget, legal, report)
        except _Stopped as stop:
            best = None if best_row is None else (lexicon.guesses[best_row], best_total)
            raise SearchInterrupted(lexicon.guesses[row], stop.lower_bound, False, stop.placed,
                                    lexicon.n_answers, best) from None
        if total <= budget:
            best_row, best_total = int(row), int(total)
    if best_row is None:
        raise WordleError(f"no opener tried can solve every answer within {max_guesses} guesses")
    try:
        tree = _tree(searcher, lexicon, everyone, best_row, max_guesses, legal)
    except KeyboardInterrupt:
        raise SearchInterrupted(lexicon.guesses[best_row], best_total, True, lexicon.n_answers,
                                lexicon.n_answers, None) from None
    # Every tree returned is replayed on every answer, independently of the search.
    check = verify_tree(tree, lexicon.answers, hard_mode, max_guesses)
    if check["total_guesses"] != best_total:
        raise RuntimeError(f"the tree totals {check['total_guesses']} but the search proved "
                           f"{best_total}; this is a bug")
    return OptimalResult(opener=lexicon.guesses[best_row],
                         mode="normal" if hard_mode == "off" else hard_mode,
                         max_guesses=max_guesses, total_guesses=best_total, tree=tree,
                         distribution=check["distribution"],
                         seconds=time.perf_counter() - started, stats=searcher.stats())


class _Stopped(Exception):
    def __init__(self, lower_bound, placed):
        self.lower_bound, self.placed = lower_bound, placed


def _opener_total(searcher, lexicon, row, max_guesses, budget, legal, progress) -> int:
    # searcher.after_guess, one bucket at a time (largest first, as the
    # kernel does) so that progress can be shown and a Ctrl-C knows the bound
    # reached: the buckets solved, plus a cheap lower bound for each of the rest.
    codes = lexicon.matrix[row]
    green = all_green(lexicon.length)
    values, sizes = np.unique(codes, return_counts=True)
    if len(values) == 1 and values[0] != green:
        return UNSOLVABLE
    total = lexicon.n_answers + int(np.sum(2 * sizes[values != green] - 1))
    placed = int(sizes[values == green].sum())
    exact = {}   # bucket -> its value, set only once solved
    try:
        for b in map(int, np.argsort(-sizes, kind="stable")):
            if values[b] == green:
                continue
            lower = 2 * int(sizes[b]) - 1
            after = None if legal is None else searcher.legal_after(legal, row, int(values[b]))
            exact[b] = int(searcher.solve(np.flatnonzero(codes == values[b]), max_guesses - 1,
                                          budget - (total - lower), legal=after))
            total += exact[b] - lower
            placed += int(sizes[b])
            if progress is not None:
                progress(placed if total <= budget else lexicon.n_answers)
            if total > budget:
                return total
    except KeyboardInterrupt:
        bound = lexicon.n_answers + sum(exact.values())
        for b in range(len(values)):
            if values[b] != green and b not in exact:
                after = None if legal is None else searcher.legal_after(legal, row, int(values[b]))
                bound += searcher.lower_bound(np.flatnonzero(codes == values[b]),
                                              max_guesses - 1, legal=after)
        raise _Stopped(min(bound, UNSOLVABLE), sum(int(sizes[b]) for b in exact)
                       + int(sizes[values == green].sum())) from None
    return total


def make_searcher(lexicon: Lexicon, hard_mode: str = "off", n_threads=None) -> ExactSearcher:
    """The compiled exact search over ``lexicon`` under ``hard_mode``."""
    return ExactSearcher(lexicon.matrix, lexicon.length, lexicon.answer_rows, n_threads=n_threads,
                         mode=check_mode(hard_mode),
                         guess_letters=None if hard_mode == "off" else lexicon.encoded_guesses)


def _tree(searcher, lexicon, members, guess_row, depth, legal) -> dict:
    # ``legal``: the guess rows the rule allows at this node (None: every guess).
    row = lexicon.matrix[guess_row]
    children = {}
    green = all_green(lexicon.length)
    for code in np.unique(row[members]):
        if code == green:
            continue
        bucket = members[row[members] == code]
        after = None if legal is None else searcher.legal_after(legal, guess_row, int(code))
        child = searcher.best_guess(bucket, depth - 1, legal=after)
        children[format_pattern(int(code), lexicon.length)] = _tree(searcher, lexicon, bucket,
                                                                    child, depth - 1, after)
    return {"guess": lexicon.guesses[guess_row], "children": children}


def verify_tree(tree: dict, answers, hard_mode: str = "off", max_guesses: int = 6) -> dict:
    """Replay every answer through ``tree``; return its total, distribution
    and worst game, or raise ``InvalidTree`` listing what is wrong."""
    check_mode(hard_mode)
    if max_guesses < 1:
        raise ValueError(f"max_guesses must be at least 1, got {max_guesses}")
    answers = list(answers)
    problems, depths = [], {}
    reached = Counter()
    for answer in answers:
        node, history, depth = tree, [], 1
        while True:
            if not isinstance(node, dict) or "guess" not in node or "children" not in node:
                problems.append(f"{answer}: malformed node after {history}")
                break
            guess = node["guess"]
            violation = hard_mode_violation(guess, history, hard_mode, len(guess))
            if violation:
                problems.append(f"{answer}: guess {depth} {guess!r} breaks the rule: {violation}")
                break
            code = feedback(guess, answer)
            reached[id(node), format_pattern(code, len(guess))] += 1
            if code == all_green(len(guess)):
                depths[answer] = depth
                break
            if depth == max_guesses:
                problems.append(f"{answer}: not solved within {max_guesses} guesses")
                break
            pattern = format_pattern(code, len(guess))
            if pattern not in node["children"]:
                problems.append(f"{answer}: no branch for {guess.upper()} {pattern}")
                break
            history.append((guess, code))
            node, depth = node["children"][pattern], depth + 1
    problems += _unreachable(tree, reached)
    if problems:
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
        raise InvalidTree(f"the tree fails {len(problems)} check(s): {shown}")
    distribution = Counter(depths.values())
    return {"total_guesses": sum(depths.values()), "answers": len(depths),
            "mean": sum(depths.values()) / len(depths),
            "worst": max(depths.values()),
            "distribution": {d: distribution.get(d, 0) for d in range(1, max_guesses + 1)}}


def _unreachable(tree, reached) -> list[str]:
    # Every branch must be taken by some answer: a dead branch means the tree
    # was built for other answers or edited by hand.
    problems = []
    stack = [tree]
    while stack:
        node = stack.pop()
        for pattern, child in node.get("children", {}).items():
            if not reached[id(node), pattern]:
                problems.append(f"no answer takes {node['guess'].upper()} {pattern}")
            stack.append(child)
    return problems


def tree_text(tree: dict) -> str:
    """The tree as indented lines: ``pattern -> GUESS``."""
    lines = [tree["guess"].upper()]

    def walk(node, indent):
        for pattern, child in sorted(node["children"].items()):
            lines.append(f"{'  ' * indent}{pattern} -> {child['guess'].upper()}")
            walk(child, indent + 1)

    walk(tree, 1)
    return "\n".join(lines) + "\n"


def load_tree(path) -> dict:
    """The tree in an ``optimal --json`` file (or a file holding the tree alone)."""
    return read_tree_file(path)[0]


def read_tree_file(path) -> tuple[dict, str | None, int | None]:
    """(tree, hard mode, guess limit) from an ``optimal --json`` file; the
    mode and limit are None when the file does not record them."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, json.JSONDecodeError) as error:
        raise InvalidTree(f"cannot read a tree from {path}: {error}") from None
    if not isinstance(data, dict) or "tree" not in data:
        return data, None, None
    mode = {"normal": "off"}.get(data.get("mode"), data.get("mode"))
    if mode is not None and mode not in HARD_MODES:
        raise InvalidTree(f"{path} records an unknown mode {data.get('mode')!r}")
    limit = data.get("max_guesses")
    if limit is not None and (not isinstance(limit, int) or limit < 1):
        raise InvalidTree(f"{path} records a bad max_guesses {limit!r}")
    return data["tree"], mode, limit


# -- the exact opening table ---------------------------------------------------------

def default_results_path(lexicon: Lexicon, max_guesses: int, hard_mode: str = "off"):
    """Where proven totals for these lists, limit and mode are kept between runs."""
    description = _table_description(lexicon, max_guesses, hard_mode)
    digest = hashlib.sha256(json.dumps(description, sort_keys=True).encode()).hexdigest()[:24]
    return default_cache_dir() / f"exact-openers-{digest}.json"


def _table_description(lexicon, max_guesses, hard_mode) -> dict:
    return {"format": 1, "answers": words_digest(lexicon.answers),
            "guesses": words_digest(lexicon.guesses), "max_guesses": max_guesses,
            "mode": "normal" if hard_mode == "off" else hard_mode}


def _load_results(path, description) -> dict[str, int | None]:
    # Totals proven earlier for exactly these lists and limit; anything else
    # (missing, unreadable, another description) counts as nothing done.
    try:
        with open(path, encoding="utf-8") as handle:
            stored = json.load(handle)
        if stored.get("description") == description and isinstance(stored.get("totals"), dict):
            return {str(k): (None if v is None else int(v)) for k, v in stored["totals"].items()}
    except (OSError, ValueError, TypeError, AttributeError):
        pass
    return {}


def _save_results(path, description, totals) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"description": description, "totals": totals}, indent=1)
    write_atomically(path, lambda temporary: temporary.write_text(text, encoding="utf-8"))


def _prove_opener(job):
    answers, guesses, opener, max_guesses, hard_mode, n_threads = job
    lexicon = Lexicon(answers, guesses)
    searcher = make_searcher(lexicon, hard_mode, n_threads)
    total = searcher.after_guess(np.arange(lexicon.n_answers), lexicon.guess_index(opener),
                                 max_guesses)
    return opener, (None if total >= UNSOLVABLE else int(total))


def exact_opener_table(lexicon: Lexicon, openers: list[str], max_guesses: int = 6,
                       workers: int = 1, results_path=None, progress=None,
                       hard_mode: str = "off", executor=None):
    """The proven total of each opener (None: cannot finish within the limit).

    Totals are saved to ``results_path`` (default: the cache directory) as
    each proof finishes, and a rerun skips the openers already proven, so a
    long table survives a Ctrl-C. Openers are independent proofs, shared out
    over ``workers`` local processes, or over ``executor``, any
    ``concurrent.futures`` executor, such as a Dask cluster's
    (``distributed.Client(address).get_executor()``; see ``cluster_executor``).
    Returns ``(totals, reused)``: every opener's total and how many came from
    an earlier run.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    check_mode(hard_mode)
    openers = [lexicon.guesses[lexicon.guess_index(word)] for word in openers]
    path = results_path or default_results_path(lexicon, max_guesses, hard_mode)
    description = _table_description(lexicon, max_guesses, hard_mode)
    totals = _load_results(path, description)
    reused = sum(1 for word in openers if word in totals)
    todo = [word for word in openers if word not in totals]
    # Side by side, each proof gets one kernel thread; alone, every core.
    threads = None if workers == 1 and executor is None else 1
    jobs = [(lexicon.answers, lexicon.guesses, word, max_guesses, hard_mode, threads)
            for word in todo]
    done = reused
    if progress is not None:
        progress(done, len(openers))

    def record(word, total):
        nonlocal done
        totals[word] = total
        _save_results(path, description, totals)
        done += 1
        if progress is not None:
            progress(done, len(openers))

    if executor is not None:
        futures = [executor.submit(_prove_opener, job) for job in jobs]
        try:
            for future in as_completed(futures):
                record(*future.result())
        finally:
            for future in futures:
                future.cancel()
    elif workers == 1:
        for job in jobs:
            record(*_prove_opener(job))
    elif jobs:
        context = multiprocessing.get_context("spawn")  # see simulate.py: fork hangs OpenMP
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        try:
            for future in as_completed([pool.submit(_prove_opener, job) for job in jobs]):
                record(*future.result())
        finally:
            pool.shutdown(wait=False, cancel_futures=True)
    return {word: totals[word] for word in openers}, reused


def cluster_executor(address: str, timeout: float = 10):
    """A ``concurrent.futures`` executor over the Dask cluster whose scheduler
    is at ``address`` (e.g. ``tcp://10.0.0.5:8786``), and its client (close
    it when done). Every worker needs wordle_fast installed. Needs the
    ``cluster`` extra: ``pip install 'wordle-fast[cluster]'``."""
    try:
        from distributed import Client
    except ImportError:
        raise WordleError("a Dask scheduler needs Dask's distributed package: "
                          "pip install 'wordle-fast[cluster]'") from None
    try:
        client = Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as error:
        raise WordleError(f"cannot reach the Dask scheduler at {address!r}: {error}") from None
    return client.get_executor(), client


# -- the optimal strategy ---------------------------------------------------------------

class OptimalStrategy(Strategy):
    """Play the guess that minimizes the total guesses still needed, by the
    exact search (``max_guesses`` per game, in the game's hard mode). The
    value of each guess is minus the expected guesses from here on; it is
    exact for the best guess, and for the rest it comes from a lower bound on
    their cost (ranked below an exact value of the same size), so only the
    first suggestion's value should be read as exact. One searcher per mode,
    and its memo, serves every state of a game and of a simulation."""

    name = "optimal"

    def __init__(self, max_guesses: int = 6):
        if max_guesses < 1:
            raise ValueError(f"max_guesses must be at least 1, got {max_guesses}")
        self.max_guesses = max_guesses
        self._searchers = {}
        self._searchers_for = None

    def cache_key(self):
        return f"{self.name}:{self.max_guesses}"

    def searcher(self, lexicon, hard_mode: str = "off") -> ExactSearcher:
        if self._searchers_for is not lexicon:
            self._searchers, self._searchers_for = {}, lexicon
        if hard_mode not in self._searchers:
            self._searchers[hard_mode] = make_searcher(lexicon, hard_mode, lexicon.n_threads)
        return self._searchers[hard_mode]

    def values(self, position):
        left = self.max_guesses - position.turn
        if left < 1:
            raise WordleError(f"no guesses left: the game allows {self.max_guesses}")
        members = position.candidates.indices()
        searcher = self.searcher(position.lexicon, position.hard_mode)
        costs, exact = searcher.guess_costs(members, position.rows, left, legal=position.legal)
        # A bound equal to the optimum has not been shown to reach it, so it
        # ranks just below (the gap survives the ranking's 10-decimal rounding).
        return -(costs + np.where(exact, 0.0, 1e-6)) / len(members)

    def __getstate__(self):
        state = dict(self.__dict__)
        state.update(_searchers={}, _searchers_for=None)
        return state
