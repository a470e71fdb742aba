"""A decision tree published by the C++ solver (github alex1770/wordle, its
``*.tree`` files) as the JSON tree ``wordle-fast verify-tree`` replays.

The text form is one line per answer: the guesses and their feedback from
the opener on (``thump BBBBB1 blank BBBBB2 ... cocco GGGGG5``), each later
line blank where it shares its start with the line before. The tree is
rebuilt from the words alone (the columns give what is shared), so the
replay checks every pattern the file shows against the package's own
feedback. For example::

    python benchmarks/published_tree.py /tmp/alex/chomp.bighidden.hard.g7.origwordlist.tree \\
        --hard --max-guesses 7 > chomp.json
    wordle-fast verify-tree --lists original-all chomp.json
"""

from __future__ import annotations

import argparse
import json
import re
import sys

STEP = re.compile(r"(\S+)")


def read_tree(lines) -> dict:
    """The tree of the text form's ``lines``, as nested {"guess", "children"}
    with the children keyed by feedback in lower case (b, y, g)."""
    root = None
    path: list[tuple[int, str]] = []       # (column, token) of the line before
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        tokens = [(found.start(), found.group(1)) for found in STEP.finditer(line.rstrip())]
        start = tokens[0][0]
        path = [token for token in path if token[0] < start] + tokens
        words = [token for _, token in path]
        if len(words) % 2 or set(words[-1].rstrip("0123456789")) != {"G"}:
            raise ValueError(f"line {number}: does not end in an all-green feedback: {line!r}")
        if root is None:
            root = {"guess": words[0], "children": {}}
        node = root
        if node["guess"] != words[0]:
            raise ValueError(f"line {number}: opens with {words[0]}, not {root['guess']}")
        for at in range(1, len(words) - 1, 2):
            feedback = words[at].rstrip("0123456789").lower()
            child = node["children"].setdefault(feedback, {"guess": words[at + 1],
                                                           "children": {}})
            if child["guess"] != words[at + 1]:
                raise ValueError(f"line {number}: after {feedback} it plays {words[at + 1]}, "
                                 f"where the lines before play {child['guess']}")
            node = child
    if root is None:
        raise ValueError("no tree in the file")
    return root


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tree", help="a *.tree file of alex1770/wordle")
    parser.add_argument("--hard", action="store_true", help="record hard mode in the file")
    parser.add_argument("--max-guesses", type=int, default=6)
    args = parser.parse_args()
    with open(args.tree, encoding="utf-8") as handle:
        tree = read_tree(handle)
    json.dump({"mode": "hard" if args.hard else "normal", "max_guesses": args.max_guesses,
               "tree": tree}, sys.stdout, separators=(",", ":"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
