"""Word lists: loading, validation and encoding.

Everything above the kernels speaks in words; the kernels take words encoded
once, here, as ``uint8[n, L]`` arrays of letters 0..25.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from wordle_fast.errors import InvalidOption, InvalidWord, InvalidWordList, shown
from wordle_fast.patterns import MAX_LENGTH
from wordle_fast.rulebook import ONE_BOARD_LIMIT


# 64 MiB holds three million 20-letter words: far more than any pattern
# matrix fits in memory, so a larger file is a mistake.
MAX_LIST_BYTES = 64 << 20

WordSource = str | os.PathLike | Iterable[str]


def counted(n: int, thing: str, things: str | None = None) -> str:
    """``1 candidate``, ``2 candidates``; ``things`` for irregular plurals."""
    return f"{n} {thing if n == 1 else things or thing + 's'}"


def distribution_text(distribution: dict[int, int]) -> str:
    """``1: 0, 2: 81, ...`` for people: every count up to 6 guesses, beyond
    that only up to the last guess that solved an answer (a limit of 100
    would otherwise print 94 zeros)."""
    last = max([ONE_BOARD_LIMIT] + [guesses for guesses, count in distribution.items()
                                    if count])
    return ", ".join(f"{k}: {v}" for k, v in distribution.items() if k <= last)


def shown_word(text: str) -> str:
    """``text`` quoted for a message, cut when it is far longer than a word."""
    return shown(text, MAX_LENGTH + 4)


def normalize_word(word: str, length: int | None = None) -> str:
    """``word`` stripped and lower-cased, or ``InvalidWord`` saying why not.

    >>> normalize_word(" Soare ")
    'soare'
    """
    if not isinstance(word, str):
        raise InvalidWord(f"a word must be a string, got {type(word).__name__} "
                          f"{shown_word(repr(word))}")
    text = word.strip().lower()
    if not text:
        raise InvalidWord("empty word: type the letters a-z of the word")
    bad = [ch for ch in text if not "a" <= ch <= "z"]
    if bad:
        raise InvalidWord(
            f"{shown_word(word.strip())} contains {bad[0]!r}: words are letters a-z only")
    if len(text) > MAX_LENGTH:
        raise InvalidWord(f"{shown_word(text)} has {len(text)} letters; at most {MAX_LENGTH} "
                          "are supported")
    if length is not None and len(text) != length:
        letter = "letter" if len(text) == 1 else "letters"
        raise InvalidWord(f"{shown_word(text)} has {len(text)} {letter}; this game uses "
                          f"{length}-letter words")
    return text


def words_given(words, what: str, call: str) -> list:
    """``words`` (a list, tuple or other iterable of words) as a list; one
    string is refused, as each of its letters would pass for a word, and so
    is anything that is not a collection. ``call`` shows the right form."""
    if isinstance(words, str):
        raise InvalidOption(f"{what} must be a list of words, not one string: "
                            f"{call.format(repr(words[:MAX_LENGTH]))}")
    if isinstance(words, (bytes, dict)) or not isinstance(words, Iterable):
        raise InvalidOption(f"{what} must be a list of words, got {type(words).__name__}: "
                            f"{call.format(repr('cigar'))}")
    return list(words)


def load_word_list(source: WordSource, *, name: str | None = None) -> tuple[str, ...]:
    """A validated word list from a file path or an iterable of words.

    Words are stripped and lower-cased; blank lines are skipped. Mixed lengths,
    non-letters, repeated words and empty lists raise ``InvalidWordList``
    naming the file (``name`` labels an iterable) and the line.
    """
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        label = str(path)
        lines = _read_lines(path, label)
    else:
        label = name or "the word list"
        lines = list(source)
    words = _valid_fast(lines)
    if words is not None:
        return words
    # Something is wrong: find the first bad line and say what and where.
    words: list[str] = []
    first_line: dict[str, int] = {}
    length = None
    for line_number, line in enumerate(lines, start=1):
        if not isinstance(line, str):
            raise InvalidWordList(f"{label}, item {line_number}: {shown_word(repr(line))} is not "
                                  "a string")
        if not line.strip():
            continue
        try:
            word = normalize_word(line, length)
        except InvalidWord as error:
            raise InvalidWordList(f"{label}, line {line_number}: {error}") from None
        if word in first_line:
            raise InvalidWordList(
                f"{label}, line {line_number}: {word!r} repeats line {first_line[word]}; "
                "remove the duplicate")
        first_line[word] = line_number
        length = len(word)
        words.append(word)
    if not words:
        raise InvalidWordList(f"{label} holds no words")
    return tuple(words)


def _read_lines(path: Path, label: str) -> list[str]:
    """The lines of a list file. Read with a cap, so that an endless stream
    (``/dev/zero``) or a file far larger than any word list is an error, not
    a hang; a byte-order mark is dropped."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_LIST_BYTES + 1)
    except OSError as error:
        raise InvalidWordList(f"cannot read word list {label}: "
                              f"{error.strerror or error}") from None
    if len(data) > MAX_LIST_BYTES:
        raise InvalidWordList(f"{label} is larger than {MAX_LIST_BYTES >> 20} MiB, which is "
                              "not a word list (one word of up to 20 letters per line)")
    try:
        return data.decode("utf-8-sig").splitlines()
    except UnicodeDecodeError:
        raise InvalidWordList(f"word list {label} is not UTF-8 text") from None


def _valid_fast(lines: list) -> tuple[str, ...] | None:
    """The cleaned list when every line is fine, checked with whole-list
    builtins (15x faster than per-word checks); None when any is not."""
    if not all(isinstance(line, str) for line in lines):
        return None
    words = tuple(line.strip().lower() for line in lines if line.strip())
    if not words:
        return None
    joined = "".join(words)
    length = len(words[0])
    if (joined.isascii() and joined.isalpha() and len(joined) == length * len(words)
            and all(len(word) == length for word in words)
            and length <= MAX_LENGTH and len(set(words)) == len(words)):
        return words
    return None


def data_folder():
    """Where the bundled files are: the installed package's data, or, in a
    source checkout that was never installed, its data/ folder (which the
    install maps to ``wordle_fast.data``)."""
    try:
        return resources.files("wordle_fast.data")
    except ModuleNotFoundError:
        checkout = Path(__file__).resolve().parent.parent / "data"
        if (checkout / "answers.txt").is_file():
            return checkout
        raise


def _bundled(filename: str) -> tuple[str, ...]:
    resource = data_folder().joinpath(filename)
    return load_word_list(resource.read_text(encoding="utf-8").splitlines(),
                          name=f"bundled {filename}")


DEFAULT_EDITION = "original"


def load_answers(lists: str = DEFAULT_EDITION) -> tuple[str, ...]:
    """The answer list of a bundled edition (see ``EDITIONS``); by default the
    original game's 2315 words, sorted."""
    return _bundled(edition(lists).answers_file)


def load_guesses(lists: str = DEFAULT_EDITION) -> tuple[str, ...]:
    """The allowed guesses of a bundled edition, answers included; by default
    the 12972 the original game accepted."""
    return _bundled(edition(lists).guesses_file)


@dataclass(frozen=True)
class Edition:
    """A pair of word lists the game has used, bundled in ``wordle_fast.data``."""

    name: str
    answers_file: str
    guesses_file: str
    n_answers: int
    n_guesses: int
    what: str


# Sources and dates: data/README.md.
EDITIONS = {known.name: known for known in (
    Edition("original", "answers.txt", "guesses.txt", 2315, 12972,
            "the original game (Josh Wardle, 2021), until the NYT's edit of February 2022"),
    Edition("nyt2022", "answers_nyt2022.txt", "guesses.txt", 2309, 12972,
            "the NYT's edit of February 2022: agora, fibre, lynch, pupal, slave, wench removed"),
    Edition("nyt2022-08", "answers_nyt2022.txt", "guesses_nyt2022.txt", 2309, 14855,
            "the same answers, and the 14855 guesses the NYT accepts from August 2022"),
    Edition("nyt2023", "answers_nyt2023.txt", "guesses_nyt2022.txt", 3158, 14855,
            "the NYT's hidden-word list of July 2023, past and future answers"),
    Edition("original-all", "guesses.txt", "guesses.txt", 12972, 12972,
            "big hidden: every guess of the original game may be the answer"),
    Edition("nyt2023-common", "answers_nyt2023_common.txt", "guesses_nyt2022.txt", 4490, 14855,
            "a dictionary as WordleBot's: every NYT guess of Zipf frequency 2.4 or more"),
)}


def edition(name: str) -> Edition:
    """The bundled edition called ``name``, or ``InvalidOption`` naming the
    known ones."""
    if not isinstance(name, str) or name.strip().lower() not in EDITIONS:
        raise InvalidOption(f"unknown word lists {shown_word(str(name))}: the bundled editions "
                            f"are {', '.join(EDITIONS)} (wordle-fast lists shows them)")
    return EDITIONS[name.strip().lower()]


def encode_words(words: Iterable[str]) -> np.ndarray:
    """Validated words as ``uint8[n, L]`` letters 0..25.

    >>> encode_words(["abc", "cab"]).tolist()
    [[0, 1, 2], [2, 0, 1]]
    """
    words = list(words)
    if not words:
        raise InvalidWordList("cannot encode an empty word list")
    length = len(words[0])
    for word in words:
        if len(word) != length or not word.isascii() or not word.isalpha() or not word.islower():
            raise InvalidWord("encode_words expects validated lower-case words of one length, "
                              f"got {word!r}")
    flat = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    return (flat.reshape(len(words), length) - ord("a")).astype(np.uint8)
