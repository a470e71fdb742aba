"""A played game as rows of (guess, pattern code): from the words typed
(``salet acorn grand``, the answer last), from ``word:pattern`` rows, or
from an NYT share text and the words played."""

from __future__ import annotations

import re
from dataclasses import dataclass

from wordle_fast.errors import InconsistentFeedback, WordleError
from wordle_fast.lexicon import Lexicon
from wordle_fast.patterns import all_green, format_pattern, parse_pattern
from wordle_fast.words import counted, shown_word


def game_rows(entries: list[str], lexicon: Lexicon) -> list[tuple[str, int]]:
    """``(guess, pattern code)`` rows from a game as typed: ``word:pattern``
    (or ``word.pattern``) for each row, the same rows joined by dots in one
    entry (``salet.bybbb.acorn.ybbyy``), or the words alone when the last
    one is the answer (the patterns then follow from it). When the last row
    is all green, every row's pattern must be what its word gets from that
    answer."""
    typed = []                     # (word, pattern text or None)
    for entry in entries:
        parts = entry.replace(":", ".").split(".")
        if len(parts) == 1:
            typed.append((entry, None))
        elif len(parts) % 2 == 0 and all(parts):
            typed += list(zip(parts[0::2], parts[1::2]))
        else:
            raise WordleError(f"{shown_word(entry)} should be word:pattern rows, e.g. "
                              "salet:bybbb or salet.bybbb.acorn.ybbyy")
    bare = [word for word, pattern in typed if pattern is None]
    if bare and len(bare) != len(typed):
        raise WordleError("give every row as word:pattern, or only the words with the answer "
                          "last; not a mix")
    rows = []
    for number, (word, pattern) in enumerate(typed, 1):
        try:
            rows.append((word, None if pattern is None else parse_pattern(pattern,
                                                                           lexicon.length)))
        except WordleError as error:
            raise type(error)(f"turn {number}: {error}") from None
    green = all_green(lexicon.length)
    if bare or rows[-1][1] == green:
        try:
            answer = lexicon.answer_index(rows[-1][0])
        except WordleError as error:
            raise type(error)(f"the last word is taken as the answer, but {error}; give "
                              "word:pattern rows for a game not won") from None
        last = rows[-1][0].upper()
        rows = _coded_by_answer(rows, lexicon, answer, lambda number, word, code, shown: (
            InconsistentFeedback(f"turn {number}: {word.upper()} against the answer {last} "
                                 f"gives {code}, not {shown}")))
    return rows


def _coded_by_answer(rows, lexicon: Lexicon, answer: int, mismatch) -> list[tuple[str, int]]:
    """Each row's pattern as its word gets it from ``answer`` (an answer
    index). A row showing another pattern raises ``mismatch(number, word,
    pattern it gets, pattern shown)``, patterns as letters."""
    coded = []
    for number, (word, shown) in enumerate(rows, 1):
        try:
            code = int(lexicon.matrix[lexicon.guess_index(word), answer])
        except WordleError as error:
            raise type(error)(f"turn {number}: {error}") from None
        if shown is not None and shown != code:
            raise mismatch(number, word, format_pattern(code, lexicon.length),
                           format_pattern(shown, lexicon.length))
        coded.append((word, code))
    return coded


_SHARE_HEADER = re.compile(r"^wordle\s+([\d,.\s]+?)\s+([0-9]+|x)/([0-9]+)(\*?)$", re.IGNORECASE)


@dataclass(frozen=True)
class SharedGame:
    """What an NYT share text holds: no letters, only the tiles."""

    puzzle: str
    solved: bool
    max_guesses: int
    hard: bool
    patterns: tuple[int, ...]


def parse_share(text: str, length: int = 5) -> SharedGame:
    """The header (``Wordle 1,234 4/6*``: ``X`` for a loss, ``*`` for hard
    mode) and the rows of tiles of a share text, checked against each other."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise WordleError("the share text is empty: paste the 'Wordle 1,234 4/6' line and "
                          "the rows of tiles")
    header = _SHARE_HEADER.match(lines[0])
    if header is None:
        raise WordleError(f"the share text should start like 'Wordle 1,234 4/6', not "
                          f"{shown_word(lines[0])}")
    puzzle, score, limit, star = header.groups()
    max_guesses = int(limit)
    patterns = []
    for number, line in enumerate(lines[1:], 1):
        try:
            patterns.append(parse_pattern(line, length))
        except WordleError as error:
            raise WordleError(f"share text, row {number}: {error}") from None
    solved = score.lower() != "x"
    if not 1 <= max_guesses <= 100:
        raise WordleError(f"the share text's limit of {max_guesses} guesses is not a game")
    expected = int(score) if solved else max_guesses
    if len(patterns) != expected:
        raise WordleError(f"the share text says {score}/{limit} but shows "
                          f"{counted(len(patterns), 'row')} of tiles")
    green = all_green(length)
    for number, code in enumerate(patterns, 1):
        if code == green and number < len(patterns):
            raise WordleError(f"share text, row {number} is all green, but rows follow it")
    if solved != (bool(patterns) and patterns[-1] == green):
        raise WordleError(f"the share text says {score}/{limit}, but its last row is "
                          f"{'not ' if solved else ''}all green")
    return SharedGame(puzzle.strip(), solved, max_guesses, bool(star), tuple(patterns))


def shared_rows(shared: SharedGame, words: list[str], lexicon: Lexicon) -> list[tuple[str, int]]:
    """The rows of a shared game with the words played, which the grid
    lacks; each row's tiles must be what its word gets from the answer when
    the game was won (the answer is then the last word)."""
    if len(words) != len(shared.patterns):
        raise WordleError(f"the grid has {counted(len(shared.patterns), 'row')} but "
                          f"{counted(len(words), 'word')} were given; give one word per row")
    rows = list(zip(words, shared.patterns))
    if shared.solved:
        _coded_by_answer(rows, lexicon, lexicon.answer_index(words[-1]),
                         lambda number, word, code, shown: WordleError(
                             f"row {number}: {word.upper()} against {words[-1].upper()} gives "
                             f"{code}, but the grid shows {shown}"))
    return rows
