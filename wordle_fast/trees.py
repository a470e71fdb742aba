"""Decision trees: built from the exact search, replayed to verify, read
and written.

Trees are nested ``{"guess": word, "children": {pattern: subtree}}`` with
patterns as g/y/b letters and the all-green child left out. ``verify_tree``
replays every answer through a tree, computing the feedback afresh from the
words, and checks patterns, the guess limit and the hard-mode rule,
independently of the search.
"""

from __future__ import annotations

import json
from collections import Counter

import numpy as np

from wordle_fast._backend import kernels
from wordle_fast.errors import WordleError
from wordle_fast.patterns import all_green, format_pattern
from wordle_fast.rules import HARD_MODES, check_mode, hard_mode_violation
from wordle_fast.words import encode_words


class InvalidTree(WordleError, ValueError):
    """A decision tree that does not solve every answer correctly."""


def build_tree(searcher, lexicon, members, guess_row, depth, legal) -> dict:
    """The optimal decision tree below ``guess_row`` played on ``members``
    with ``depth`` guesses in all; ``legal``: the guess rows the rule allows
    at this node (None: every guess)."""
    row = lexicon.matrix[guess_row]
    children = {}
    green = all_green(lexicon.length)
    for code in np.unique(row[members]):
        if code == green:
            continue
        bucket = members[row[members] == code]
        after = None if legal is None else searcher.legal_after(legal, guess_row, int(code))
        child = searcher.best_guess(bucket, depth - 1, legal=after)
        children[format_pattern(int(code), lexicon.length)] = build_tree(
            searcher, lexicon, bucket, child, depth - 1, after)
    return {"guess": lexicon.guesses[guess_row], "children": children}


def verify_tree(tree: dict, answers, hard_mode: str = "off", max_guesses: int = 6) -> dict:
    """Replay every answer through ``tree``; return its total, distribution
    and worst game, or raise ``InvalidTree`` listing what is wrong.

    Independent of the search: the feedback is computed afresh from the
    words, for all the answers reaching a node in one call of the feedback
    kernel (tested against its pure-Python twin)."""
    check_mode(hard_mode)
    if max_guesses < 1:
        raise ValueError(f"max_guesses must be at least 1, got {max_guesses}")
    answers = list(answers)
    encoded = encode_words(answers)
    problems, depths = [], {}       # problems as (answer index, text), sorted at the end
    reached = Counter()
    # each node with the answers that reach it (indices), its history and depth
    stack = [(tree, np.arange(len(answers)), [], 1)]
    while stack:
        node, members, history, depth = stack.pop()
        if not isinstance(node, dict) or "guess" not in node or "children" not in node:
            problems += [(i, f"{answers[i]}: malformed node after {history}") for i in members]
            continue
        guess = node["guess"]
        violation = hard_mode_violation(guess, history, hard_mode, len(guess))
        if violation:
            problems += [(i, f"{answers[i]}: guess {depth} {guess!r} breaks the rule: "
                             f"{violation}") for i in members]
            continue
        if len(guess) != encoded.shape[1]:
            problems += [(i, f"{answers[i]}: guess {depth} {guess!r} does not have "
                             f"{encoded.shape[1]} letters") for i in members]
            continue
        codes = kernels.pattern_matrix(encode_words([guess]), encoded[members], n_threads=1)[0]
        green = all_green(len(guess))
        for code in np.unique(codes).tolist():
            group = members[codes == code]
            pattern = format_pattern(code, len(guess))
            reached[id(node), pattern] += len(group)
            if code == green:
                depths.update((answers[i], depth) for i in group)
            elif depth == max_guesses:
                problems += [(i, f"{answers[i]}: not solved within {max_guesses} guesses")
                             for i in group]
            elif pattern not in node["children"]:
                problems += [(i, f"{answers[i]}: no branch for {guess.upper()} {pattern}")
                             for i in group]
            else:
                stack.append((node["children"][pattern], group, history + [(guess, code)],
                              depth + 1))
    problems = [text for _, text in sorted(problems)] + _unreachable(tree, reached)
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
