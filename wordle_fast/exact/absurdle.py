"""Absurdle, searched exactly: the fewest guesses that win against the adversary.

Absurdle has no hidden word. After each guess the game keeps the largest
bucket of the answers still possible (those that give the guess one same
pattern), and shows that pattern; you win when you guess a word and it is
the only one left. Implementations break ties between equal buckets in
different ways, so here the adversary may keep any of the largest: a result
holds whatever tie rule a given game uses.

With ``k`` guesses left, a set ``S`` of answers is won when ``|S| = 1`` (play
the word), or when some guess leaves, in every largest bucket it may be
given, a set won with ``k - 1`` left. (A largest bucket can be the all-green
one only when every bucket holds one word; the adversary then keeps another
unless ``|S| = 1``.) ``absurdle`` searches k = 1, 2, ... from the full list:
the first k that wins is the answer, with a winning line for every reply,
and the exhaustive failure at k - 1 is the proof that one guess fewer cannot
suffice. Each state scores every guess's largest bucket in one compiled call
(the kernel the entropy scoring uses), best guesses first; results are
memoized by (set, guesses left, legal guesses).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from wordle_fast.core._backend import kernels
from wordle_fast.errors import WordleError
from wordle_fast.lexicon import Lexicon, lexicon_from
from wordle_fast.patterns import all_green, format_pattern, pattern_tiles
from wordle_fast.rules import check_mode, guess_limit, mode_name
from wordle_fast.words import counted

DEFAULT_LIMIT = 8


@dataclass
class AbsurdleResult:
    """The fewest guesses that guarantee a win (None: not within
    ``max_guesses``), a winning tree for it, and what the proof took."""

    mode: str
    max_guesses: int
    guesses: int | None
    tree: dict | None          # {"guess", "replies": {pattern: subtree}}; a leaf has no replies
    answers: int
    seconds: float
    states: int                # states searched, over every k tried
    stages: list[dict] = field(default_factory=list)   # per k: won?, states, seconds

    def to_dict(self) -> dict:
        return {"mode": self.mode, "max_guesses": self.max_guesses, "guesses": self.guesses,
                "answers": self.answers, "seconds": self.seconds, "states": self.states,
                "stages": self.stages, "tree": self.tree}

    def __repr__(self) -> str:
        if self.guesses is None:
            found = f"no win within {self.max_guesses}"
        else:
            found = f"{self.guesses} guesses guarantee a win, opening {self.tree['guess']}"
        return f"AbsurdleResult({self.mode} mode, {self.answers} answers: {found})"

    def summary(self) -> str:
        if self.guesses is None:
            head = (f"Absurdle ({self.mode} mode, {counted(self.answers, 'answer')}): "
                    f"no strategy wins within {counted(self.max_guesses, 'guess', 'guesses')}")
        else:
            verb = "guarantees" if self.guesses == 1 else "guarantee"
            head = (f"Absurdle ({self.mode} mode, {counted(self.answers, 'answer')}): "
                    f"{counted(self.guesses, 'guess', 'guesses')} {verb} a win, whatever bucket "
                    "the adversary keeps among the largest")
        lines = [head]
        for stage in self.stages:
            verdict = "a win for every reply" if stage["won"] else "refuted: no guess wins"
            lines.append(f"  {counted(stage['guesses'], 'guess', 'guesses')}: {verdict} "
                         f"({stage['states']} states, "
                         f"{stage['seconds']:.2f} s)")
        lines.append(f"Searched in {self.seconds:.2f} s")
        return "\n".join(lines)


def absurdle(lexicon: Lexicon | None = None, hard_mode: str = "off",
             max_guesses: int = DEFAULT_LIMIT, *, lists: str | None = None,
             progress=None) -> AbsurdleResult:
    """The fewest guesses that win Absurdle on these lists and mode, proven
    (see the module docstring). ``progress(guesses, done, total)`` follows
    the first guesses tried at each k."""
    mode = check_mode(hard_mode)
    max_guesses = guess_limit(max_guesses)
    lexicon = lexicon_from(lexicon=lexicon, lists=lists)
    search = _Search(lexicon, mode, progress)
    started = time.perf_counter()
    everyone = np.arange(lexicon.n_answers, dtype=np.intp)
    legal = None if mode == "off" else np.arange(lexicon.n_guesses, dtype=np.intp)
    stages, tree, found = [], None, None
    for k in range(1, max_guesses + 1):
        stage_started, states_before = time.perf_counter(), search.states
        search.top_level = k
        won = search.wins(everyone, k, legal)
        stages.append({"guesses": k, "won": won, "states": search.states - states_before,
                       "seconds": time.perf_counter() - stage_started})
        if won:
            found, tree = k, search.tree(everyone, k, legal)
            break
    return AbsurdleResult(mode_name(mode), max_guesses, found, tree,
                          lexicon.n_answers, time.perf_counter() - started, search.states, stages)


class _Search:
    def __init__(self, lexicon: Lexicon, mode: str, progress):
        self.lexicon, self.mode = lexicon, mode
        self.progress = progress or (lambda k, done, total: None)
        self.memo: dict = {}
        self.states = 0
        self.top_level = 0
        self.searcher = None
        if mode != "off":
            from wordle_fast.exact.search import make_exact_searcher
            self.searcher = make_exact_searcher(lexicon, mode, n_threads=1)

    def largest(self, members: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """Each guess row's largest bucket over ``members``."""
        return kernels.score_guesses(self.lexicon.matrix, rows, members, self.lexicon.length,
                                     cores=self.lexicon.cores)[2]

    def kept(self, members: np.ndarray, row: int) -> list[tuple[int, np.ndarray]]:
        """(pattern code, members) of every largest bucket of ``row`` but the
        all-green one: the sets the adversary may keep."""
        codes, tied = _largest_buckets(self.lexicon, members, row)
        green = all_green(self.lexicon.length)
        return [(code, members[codes == code]) for code in tied if code != green]

    def key(self, members, k, legal):
        # bitsets: a hard-mode legal list as indices took 120 kB per entry
        return (_bits(members, self.lexicon.n_answers), k,
                None if legal is None else _bits(legal, self.lexicon.n_guesses))

    def legal_after(self, legal, row, code):
        return None if legal is None else self.searcher.legal_after(legal, row, code)

    def ordered_guesses(self, members, legal):
        """(rows, largest bucket of each), smallest largest bucket first."""
        rows = np.arange(self.lexicon.n_guesses, dtype=np.intp) if legal is None else legal
        largest = self.largest(members, rows)
        order = np.lexsort((rows, largest))
        return rows[order], largest[order]

    def wins(self, members: np.ndarray, k: int, legal) -> bool:
        if len(members) == 1:
            return True
        if k <= 1:
            return False
        key = self.key(members, k, legal)
        if key in self.memo:
            return self.memo[key]
        self.states += 1
        rows, largest = self.ordered_guesses(members, legal)
        # a kept bucket of b words needs b <= (patterns)^(k - 2) to be won
        # with k - 1 guesses; at k = 2 every bucket must be a single word
        cap = 1 if k == 2 else self.lexicon.n_patterns ** (k - 2)
        usable = int(np.searchsorted(largest, cap, side="right"))
        result = False
        for done, row in enumerate(rows[:usable].tolist()):
            if k == self.top_level:
                self.progress(k, done, usable)
            if all(self.wins(kept, k - 1, self.legal_after(legal, row, code))
                   for code, kept in self.kept(members, row)):
                result = True
                break
        self.memo[key] = result
        return result

    def tree(self, members: np.ndarray, k: int, legal) -> dict:
        """The winning line from a won state: the first winning guess (in
        the search's order) and a subtree for every bucket it may keep."""
        if len(members) == 1:
            return {"guess": self.lexicon.answers[int(members[0])]}
        rows, largest = self.ordered_guesses(members, legal)
        for row in rows.tolist():
            kept = self.kept(members, row)
            if all(self.wins(bucket, k - 1, self.legal_after(legal, row, code))
                   for code, bucket in kept):
                length = self.lexicon.length
                return {"guess": self.lexicon.guesses[row],
                        "replies": {format_pattern(code, length, "letters"):
                                    self.tree(bucket, k - 1, self.legal_after(legal, row, code))
                                    for code, bucket in kept}}
        raise WordleError("internal: a won state has no winning guess")   # pragma: no cover


def keep_largest(lexicon: Lexicon, members: np.ndarray, row: int) -> int:
    """The pattern the adversary shows for guess ``row`` over ``members``: a
    largest bucket's; among tied ones the least revealing (fewest greens,
    then fewest yellows, then the smallest code), so the all-green pattern
    only when nothing else is as large."""
    _, tied = _largest_buckets(lexicon, members, row)

    def revealed(code):
        tiles = pattern_tiles(code, lexicon.length)
        return tiles.count(2), tiles.count(1), code

    return min(tied, key=revealed)


def _largest_buckets(lexicon: Lexicon, members: np.ndarray, row: int):
    """Each member's pattern under guess ``row``, and the codes of the
    largest buckets (every one, on a tie)."""
    codes = lexicon.matrix[row, members].astype(np.int64)
    # the codes that occur, not a bin per pattern: 3^20 bins for long words
    present, counts = np.unique(codes, return_counts=True)
    return codes, present[counts == counts.max()].tolist()


def _bits(rows: np.ndarray, size: int) -> bytes:
    mask = np.zeros(size, dtype=bool)
    mask[rows] = True
    return np.packbits(mask).tobytes()


def winning_lines(tree: dict) -> list[str]:
    """The tree as lines of play, one per reply sequence the adversary may
    choose: ``SALET bbbbb COURD ... WORD``."""
    lines = []

    def walk(node, so_far):
        step = so_far + [node["guess"].upper()]
        if not node.get("replies"):
            lines.append(" ".join(step))
            return
        for pattern, child in node["replies"].items():
            walk(child, step + [pattern])

    walk(tree, [])
    return lines
