"""The constraint query: words that fit known green, yellow and gray letters.

For when you have letters, not whole rows of feedback (with rows, use
``Solver.update``). Positions count from 1.

* ``green``: a template with the known letters in place and ``.`` elsewhere,
  e.g. ``".i..e"``.
* ``yellow``: one entry per copy of a letter known to be in the word, with the
  positions it is *not* in: ``"n3"`` is one N, not third; ``"e1", "e4"`` is
  two Es, neither first nor fourth. One yellow E seen in two rows is one copy:
  write it once with both positions, ``"e14"``.
* ``gray``: letters shown gray, optionally with the positions they were gray
  in: ``"tarbgs"``, or ``"e3"``. A gray letter that is also green or yellow
  caps its count: a gray second E next to a green first E means exactly one E
  (and not in the gray position).

>>> find_words(["niche", "niece", "mince", "piece"], green=".i..e", yellow=["n3"], gray="tarbgs")
['niche', 'niece']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from wordle_fast.errors import WordleError
from wordle_fast.words import encode_words


class InvalidConstraint(WordleError, ValueError):
    """A green template, yellow entry or gray entry that cannot be read."""


@dataclass
class LetterConstraints:
    """What the letters say, per position and per letter."""

    length: int
    fixed: dict[int, str] = field(default_factory=dict)             # 0-based position -> letter
    # letter -> positions it is not in
    excluded: dict[str, set[int]] = field(default_factory=dict)
    min_count: dict[str, int] = field(default_factory=dict)
    max_count: dict[str, int] = field(default_factory=dict)


def parse_constraints(length: int, green: str | None = None, yellow: Sequence[str] = (),
                      gray: str | Iterable[str] = "") -> LetterConstraints:
    """Read the three kinds of entries into one ``LetterConstraints``."""
    rules = LetterConstraints(length)
    if green:
        template = green.strip().lower()
        if len(template) != length:
            raise InvalidConstraint(
                f"green template {green!r} has {len(template)} characters; give {length}, "
                f"with '.' where the letter is unknown (e.g. '.i..e')")
        for position, char in enumerate(template):
            if char in "._-?":
                continue
            if not "a" <= char <= "z":
                raise InvalidConstraint(f"green template {green!r}: {char!r} is not a letter "
                                        "or '.'")
            rules.fixed[position] = char
    yellow_copies: dict[str, int] = {}
    for entry in yellow:
        letter, positions = _letter_and_positions(entry, length, "yellow")
        if not positions:
            raise InvalidConstraint(
                f"yellow entry {entry!r} needs the position(s) the letter was yellow in, "
                "e.g. 'n3'")
        yellow_copies[letter] = yellow_copies.get(letter, 0) + 1
        rules.excluded.setdefault(letter, set()).update(positions)
    gray_letters = set()
    for entry in _gray_entries(gray):
        letter, positions = _letter_and_positions(entry, length, "gray")
        gray_letters.add(letter)
        rules.excluded.setdefault(letter, set()).update(positions)
    for letter in set(yellow_copies) | {c for c in rules.fixed.values()} | gray_letters:
        greens = sum(1 for c in rules.fixed.values() if c == letter)
        known = greens + yellow_copies.get(letter, 0)
        if known:
            rules.min_count[letter] = known
        if letter in gray_letters:
            rules.max_count[letter] = known
    for position, letter in rules.fixed.items():
        if position in rules.excluded.get(letter, ()):
            raise InvalidConstraint(
                f"{letter.upper()} is green in position {position + 1} and also excluded there")
    return rules


def _gray_entries(gray: str | Iterable[str]) -> list[str]:
    # "tarbgs" is six letters gray anywhere; "e3" is E gray in position 3.
    tokens = gray.replace(",", " ").split() if isinstance(gray, str) else list(gray)
    entries = []
    for token in tokens:
        entries.extend(token if token.isalpha() else [token])
    return entries


def _letter_and_positions(entry: str, length: int, kind: str) -> tuple[str, set[int]]:
    text = entry.strip().lower()
    if not text or not "a" <= text[0] <= "z" or not all(c.isdigit() for c in text[1:]):
        raise InvalidConstraint(
            f"{kind} entry {entry!r} should be a letter followed by 1-based positions, "
            "e.g. 'n3' or 'e14'")
    positions = {int(c) - 1 for c in text[1:]}
    bad = [p + 1 for p in positions if not 0 <= p < length]
    if bad:
        raise InvalidConstraint(f"{kind} entry {entry!r}: position {bad[0]} is outside "
                                f"1..{length}")
    return text[0], positions


def matching(encoded: np.ndarray, rules: LetterConstraints) -> np.ndarray:
    """Boolean mask over encoded words (``uint8[n, L]``) that satisfy ``rules``."""
    keep = np.ones(encoded.shape[0], dtype=bool)
    for position, letter in rules.fixed.items():
        keep &= encoded[:, position] == ord(letter) - ord("a")
    for letter, positions in rules.excluded.items():
        for position in positions:
            keep &= encoded[:, position] != ord(letter) - ord("a")
    for letter in set(rules.min_count) | set(rules.max_count):
        count = (encoded == ord(letter) - ord("a")).sum(axis=1)
        keep &= count >= rules.min_count.get(letter, 0)
        if letter in rules.max_count:
            keep &= count <= rules.max_count[letter]
    return keep


def find_words(words: Sequence[str], green: str | None = None, yellow: Sequence[str] = (),
               gray: str | Iterable[str] = "") -> list[str]:
    """The ``words`` that fit the green / yellow / gray entries, in order."""
    words = list(words)
    if not words:
        return []
    rules = parse_constraints(len(words[0]), green, yellow, gray)
    mask = matching(encode_words(words), rules)
    return [word for word, keep in zip(words, mask) if keep]
