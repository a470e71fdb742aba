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
import os
import sys
from collections import Counter

import numpy as np

from wordle_fast.core._backend import kernels
from wordle_fast.errors import WordleError
from wordle_fast.patterns import all_green, format_pattern
from wordle_fast.rulebook import Rules, one_board_rules
from wordle_fast.rules import HARD_MODES, hard_mode_violation, mode_of_name
from wordle_fast.words import (
    MAX_LENGTH,
    counted,
    encode_words,
    load_guesses,
    load_word_list,
    shown_word,
    words_given,
)


# A tree of the bundled lists takes under 1 MiB; a file 100 times larger is
# a mistake (or an endless stream), refused before it fills the memory.
MAX_TREE_BYTES = 128 << 20


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


def verify_tree(tree, answers, hard_mode: str | None = None, max_guesses: int | None = None,
                guesses=None, *, rules: Rules | None = None, weights=None) -> dict:
    """Replay every answer through ``tree``; return its total, distribution
    and worst game, or raise ``InvalidTree`` listing what is wrong.

    Every guess must be in ``guesses`` (default: the bundled guess list),
    or be one of the answers, as in a ``Lexicon``. Independent of the
    search: the feedback is computed afresh from the words, for all the
    answers reaching a node in one call of the feedback kernel (tested
    against its pure-Python twin). The rules: ``hard_mode`` (default off)
    and ``max_guesses`` (default 6), or ``rules``, a
    :class:`wordle_fast.Rules` of one board. ``weights``: a whole number
    per answer (aligned with ``answers``), for the totals under a prior:
    ``weighted_total`` (the sum of weight x guesses), ``total_weight``,
    ``expected_guesses`` and ``weighted_distribution`` (weight per guess)."""
    rules = one_board_rules(rules, mode=hard_mode, max_guesses=max_guesses)
    hard_mode, max_guesses = rules.mode, rules.max_guesses
    check_shape(tree, max_guesses)
    answers = list(load_word_list(words_given(answers, "the answers", "verify_tree(tree, [{}])"),
                                  name="the answers"))
    encoded = encode_words(answers)
    allowed = set(load_guesses() if guesses is None else guesses) | set(answers)
    problems, depths = [], {}       # problems as (answer index, text), sorted at the end
    reached = Counter()
    stopped = set()   # nodes whose answers were failed there: their branches go unchecked
    # each node with the answers that reach it (indices), its history and depth
    stack = [(tree, np.arange(len(answers)), [], 1)]
    while stack:
        node, members, history, depth = stack.pop()
        guess = node["guess"]
        if len(guess) != encoded.shape[1]:
            problems += [(i, f"{answers[i]}: guess {depth} {shown_word(guess)} has "
                             f"{len(guess)} letters, the answers {encoded.shape[1]}")
                         for i in members]
            stopped.add(id(node))
            continue
        if guess not in allowed:
            problems += [(i, f"{answers[i]}: guess {depth} {shown_word(guess)} is not in the "
                             f"guess list") for i in members]
            stopped.add(id(node))
            continue
        violation = hard_mode_violation(guess, history, hard_mode, len(guess))
        if violation:
            problems += [(i, f"{answers[i]}: guess {depth} {guess!r} breaks the rule: "
                             f"{violation}") for i in members]
            stopped.add(id(node))
            continue
        children = node.get("children", {})   # a leaf may leave them out (check_shape)
        codes = kernels.pattern_matrix(encode_words([guess]), encoded[members], n_threads=1)[0]
        green = all_green(len(guess))
        for code in np.unique(codes).tolist():
            group = members[codes == code]
            pattern = format_pattern(code, len(guess))
            reached[id(node), pattern] += len(group)
            if code == green:
                depths.update((answers[i], depth) for i in group)
            elif depth == max_guesses:
                limit = counted(max_guesses, "guess", "guesses")
                problems += [(i, f"{answers[i]}: not solved within {limit}") for i in group]
            elif pattern not in children:
                problems += [(i, f"{answers[i]}: no branch for {guess.upper()} {pattern}")
                             for i in group]
            else:
                stack.append((children[pattern], group, history + [(guess, code)], depth + 1))
    problems = [text for _, text in sorted(problems)] + _unreachable(tree, reached, stopped)
    if problems:
        shown = "; ".join(problems[:5])
        if len(problems) > 5:
            shown += f"; and {len(problems) - 5} more"
        raise InvalidTree(f"the tree fails {len(problems)} check(s): {shown}")
    distribution = Counter(depths.values())
    check = {"total_guesses": sum(depths.values()), "answers": len(depths),
             "mean": sum(depths.values()) / len(depths),
             "worst": max(depths.values()),
             "distribution": {d: distribution.get(d, 0) for d in range(1, max_guesses + 1)}}
    if weights is not None:
        if len(weights) != len(answers):
            raise WordleError(f"{len(weights)} weights for {len(answers)} answers: give one "
                              "per answer, in their order")
        weight_of = dict(zip(answers, (int(w) for w in weights)))
        weighted = Counter()
        for answer, depth in depths.items():
            weighted[depth] += weight_of[answer]
        total = sum(weighted.values())
        check.update(weighted_total=sum(d * w for d, w in weighted.items()), total_weight=total,
                     weighted_distribution={d: weighted.get(d, 0)
                                            for d in range(1, max_guesses + 1)})
        check["expected_guesses"] = check["weighted_total"] / total
    return check


def check_shape(tree, max_guesses: int) -> None:
    """``InvalidTree`` unless ``tree`` is nested ``{"guess": word,
    "children": {pattern: subtree}}`` no deeper than ``max_guesses``.
    Iterative, so no JSON nesting can exhaust the stack."""
    stack = [(tree, "the tree", 1)]
    while stack:
        node, where, depth = stack.pop()
        if not isinstance(node, dict):
            raise InvalidTree(f"{where} must be an object with 'guess' and 'children', "
                              f"got {_json_kind(node)}")
        if "guess" not in node:
            raise InvalidTree(f"{where} has no 'guess'")
        guess = node["guess"]
        if not isinstance(guess, str):
            raise InvalidTree(f"{where}: the guess must be a word, got {_json_kind(guess)}")
        children = node.get("children", {})
        if not isinstance(children, dict):
            raise InvalidTree(f"{where}: 'children' must map patterns to subtrees, got "
                              f"{_json_kind(children)}")
        if children and depth >= max_guesses:
            raise InvalidTree(f"{where} plays guess {depth} and still branches: the tree is "
                              f"deeper than the {max_guesses} guesses allowed")
        for pattern, child in children.items():
            stack.append((child, f"{guess.upper()[:MAX_LENGTH]} {pattern[:MAX_LENGTH]} ->",
                          depth + 1))


def check_claims(data: dict, check: dict, hard_mode: str, max_guesses: int, replay) -> None:
    """``InvalidTree`` naming both figures when a figure an ``optimal
    --json`` file records (total, mean, distribution, opener, mode, limit;
    under a prior, the weighted total) is not what the replay ``check``
    found. ``replay(mode)`` re-checks the tree under the mode the file
    claims when it differs from ``hard_mode``."""
    wrong = []
    claimed = data.get("total_guesses")
    if claimed is not None and claimed != check["total_guesses"]:
        wrong.append(f"the file claims {_short(claimed)} guesses in total; the replay gives "
                     f"{check['total_guesses']}")
    claimed = data.get("mean")
    number = isinstance(claimed, (int, float)) and not isinstance(claimed, bool)
    if claimed is not None and not (number and abs(claimed - check["mean"])
                                    <= 1e-9 * check["mean"]):
        wrong.append(f"the file claims a mean of {_short(claimed)}; the replay gives "
                     f"{check['mean']!r}")
    claimed = data.get("distribution")
    if claimed is not None:
        actual = {str(k): v for k, v in check["distribution"].items() if v}
        listed = ({str(k): v for k, v in claimed.items() if v != 0}
                  if isinstance(claimed, dict) else claimed)
        if listed != actual:
            wrong.append(f"the file claims the distribution {_short(claimed)}; the replay "
                         f"gives {actual}")
    claimed = data.get("opener")
    if claimed is not None and claimed != data["tree"]["guess"]:
        wrong.append(f"the file claims the opener {_short(claimed)}; the tree opens with "
                     f"{data['tree']['guess']!r}")
    claimed = data.get("max_guesses")
    if claimed is not None and check["worst"] > claimed:
        wrong.append(f"the file claims at most {claimed} guesses; the replay needs "
                     f"{check['worst']}")
    claimed = data.get("weighted_total")
    if claimed is not None and claimed != check.get("weighted_total"):
        wrong.append(f"the file claims a weighted total of {_short(claimed)}; the replay under "
                     f"the prior gives {check.get('weighted_total', 'none (no prior given)')}")
    claimed_mode = _recorded_mode(data)
    if claimed_mode is not None and claimed_mode != hard_mode:
        try:
            replay(claimed_mode)
        except InvalidTree as error:
            wrong.append(f"the file claims {data['mode']} mode, but in that mode {error}")
    if wrong:
        raise InvalidTree("; ".join(wrong))


def _json_kind(value) -> str:
    """What a JSON value is, for a message about a file's shape."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if value is None:
        return "null"
    kind = ("a boolean" if isinstance(value, bool) else
            "a string" if isinstance(value, str) else "a number")
    return f"{kind} {_short(value)}"


def _short(value) -> str:
    """A claim as written in the file, cut when long."""
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _unreachable(tree, reached, stopped=frozenset()) -> list[str]:
    # Every branch must be taken by some answer: a dead branch means the tree
    # was built for other answers or edited by hand. Below a node that
    # failed its answers (``stopped``, reported already) no answer goes on,
    # so nothing there is called dead.
    problems = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if id(node) in stopped:
            continue
        for pattern, child in node.get("children", {}).items():
            if not reached[id(node), pattern]:
                problems.append(f"no answer takes {node['guess'].upper()} {pattern}")
            stack.append(child)
    return problems


def tree_text(tree: dict) -> str:
    """The tree as indented lines: ``pattern -> GUESS``."""
    check_shape(tree, sys.maxsize)
    lines = [tree["guess"].upper()]

    def walk(node, indent):
        for pattern, child in sorted(node.get("children", {}).items()):
            lines.append(f"{'  ' * indent}{pattern} -> {child['guess'].upper()}")
            walk(child, indent + 1)

    walk(tree, 1)
    return "\n".join(lines) + "\n"


def load_tree(path) -> dict:
    """The tree in an ``optimal --json`` file (or a file holding the tree alone)."""
    return read_tree_file(path)[0]


def read_tree_file(path) -> tuple[dict, str | None, int | None, dict]:
    """(tree, hard mode, guess limit, the whole file) from an ``optimal
    --json`` file, ``-`` for standard input; the mode and limit are None
    when the file does not record them."""
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidTree(f"a tree is read from a file path (or '-' for standard input), got "
                          f"{type(path).__name__}")
    label = "standard input" if str(path) == "-" else str(path)
    try:
        if str(path) == "-":
            text = sys.stdin.buffer.read(MAX_TREE_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                text = handle.read(MAX_TREE_BYTES + 1)
        if len(text) > MAX_TREE_BYTES:
            raise InvalidTree(f"{label} is larger than {MAX_TREE_BYTES >> 20} MiB, which is not "
                              "a decision tree (SALET's, with its certificate, is under 1 MiB)")
        data = json.loads(text.decode("utf-8-sig"))
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidTree(f"cannot read a tree from {label}: "
                          f"{getattr(error, 'strerror', None) or error}") from None
    except json.JSONDecodeError as error:
        raise InvalidTree(f"{label} is not JSON: {error}") from None
    except RecursionError:
        raise InvalidTree(f"{label} nests deeper than any tree can") from None
    if not isinstance(data, dict):
        raise InvalidTree(f"{label} holds {_json_kind(data)}, not a tree: expected the "
                          "'optimal --json' file or an object with 'guess' and 'children'")
    if "tree" not in data:
        return data, None, None, {"tree": data}
    mode = _recorded_mode(data)
    if mode is not None and mode not in HARD_MODES:
        raise InvalidTree(f"{label} records an unknown mode {_short(data.get('mode'))}")
    limit = data.get("max_guesses")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise InvalidTree(f"{label} records a bad guess limit {_short(limit)}")
    return data["tree"], mode, limit, data


def _recorded_mode(data: dict) -> str | None:
    mode = data.get("mode")
    if mode is None or isinstance(mode, str):
        return mode if mode is None else mode_of_name(mode)
    return _short(mode)
