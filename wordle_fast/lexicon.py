"""The answer list, the guess list, and the pattern matrix between them.

A ``Lexicon`` converts words to indices once, at the edge, and owns the
pattern matrix (built on first use, then kept). Everything that scores or
filters works through it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

import numpy as np

from wordle_fast.core._backend import kernels
from wordle_fast.errors import InvalidOption, InvalidWord, InvalidWordList, TooLarge, UnknownWord
from wordle_fast.patterns import code_dtype, n_patterns, parse_pattern
from wordle_fast.priors import zipf_frequencies
from wordle_fast.scoring import GuessScores
from wordle_fast.words import (
    DEFAULT_EDITION,
    WordSource,
    edition,
    encode_words,
    load_answers,
    load_guesses,
    load_word_list,
    normalize_word,
    words_given,
)

PoolChoice = str | Iterable[str] | None


def available_memory() -> int | None:
    """Bytes this process can still allocate: the kernel's estimate of
    available memory, or the container's limit, or what the process's own
    address-space limit (``ulimit -v``) leaves, whichever is lowest; None
    if unknown."""
    limits = []
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    limits.append(int(line.split()[1]) * 1024)
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open("/sys/fs/cgroup/memory.max") as cgroup:
            limit = cgroup.read().strip()
        if limit != "max":
            limits.append(int(limit))
    except (OSError, ValueError):
        pass
    left = _address_space_left()
    if left is not None:
        limits.append(left)
    return min(limits) if limits else None


ADDRESS_SPACE_RESERVE = 1 << 30


def _address_space_left() -> int | None:
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY:
            return None
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    # less what threads reserve besides: stacks and malloc
                    # arenas (64 MB each) count against this limit unused
                    return max(0, soft - int(line.split()[1]) * 1024 - ADDRESS_SPACE_RESERVE)
    except (ImportError, OSError, ValueError, IndexError):
        pass
    return None


def check_memory(needed: int, what: str, remedy: str = "use shorter lists") -> None:
    """``TooLarge`` now, in one line, when ``needed`` bytes for ``what``
    would not fit in the memory available, rather than an allocation
    failing part-way; ``remedy`` says what to do instead."""
    available = available_memory()
    if available is not None and needed > available:
        raise TooLarge(f"{what} needs {needed / 2**30:.2f} GiB and {available / 2**30:.2f} GiB "
                       f"is available (memory, container or ulimit): {remedy}")


def pattern_matrix(guesses: Iterable[str], answers: Iterable[str], *,
                   n_threads: int | None = None) -> np.ndarray:
    """Pattern codes of every guess (rows) against every answer (columns).

    The dtype is the narrowest that holds ``3**L`` codes: uint8 up to five
    letters, uint16 up to ten, uint32 up to twenty.

    >>> pattern_matrix(["abc", "cab"], ["cab"]).tolist()
    [[13], [26]]
    """
    guesses = words_given(guesses, "the guesses", "pattern_matrix([{}], answers)")
    answers = words_given(answers, "the answers", "pattern_matrix(guesses, [{}])")
    guesses = load_word_list(guesses, name="the guess list")
    answers = load_word_list(answers, name="the answer list")
    _check_same_length(guesses, answers)
    return kernels.pattern_matrix(encode_words(guesses), encode_words(answers),
                                  n_threads=n_threads)


def feedback(guess: str, answer: str) -> int:
    """The pattern code Wordle shows for ``guess`` when the answer is ``answer``.

    Greens first, then yellows while the answer still has unused copies of a
    letter; base 3 with the first letter most significant (0 gray, 1 yellow,
    2 green).

    >>> from wordle_fast import format_pattern
    >>> format_pattern(feedback("speed", "abide"), 5)  # one E in ABIDE: one yellow
    'bbyby'
    """
    guess, answer = normalize_word(guess), normalize_word(answer)
    if len(guess) != len(answer):
        raise InvalidWord(
            f"{guess!r} has {len(guess)} letters but {answer!r} has {len(answer)}; "
            "a guess and its answer need the same length")
    return int(kernels.feedback_code(encode_words([guess])[0], encode_words([answer])[0]))


def _check_same_length(guesses, answers):
    if len(guesses[0]) != len(answers[0]):
        raise InvalidWordList(
            f"guesses have {len(guesses[0])} letters but answers have "
            f"{len(answers[0])}; both lists must use one word length")


class Lexicon:
    """Answer and guess lists with their pattern matrix.

    ``answers`` and ``guesses`` are file paths or iterables of words; the
    bundled official lists by default. Every answer is a legal guess, so
    answers missing from ``guesses`` are appended to it.

    >>> lexicon = Lexicon(answers=["cab", "abc", "bca"], guesses=["xyz", "cab", "abc", "bca"])
    >>> [s.word for s in lexicon.score().ranked()]  # three-way tie: list order decides
    ['cab', 'abc', 'bca', 'xyz']
    """

    def __init__(self, answers: WordSource | None = None,
                 guesses: WordSource | None = None, *, n_threads: int | None = None):
        # the bundled edition these lists are, when they were asked for by name
        self.lists = DEFAULT_EDITION if answers is None and guesses is None else None
        self.answers = (load_answers() if answers is None
                        else load_word_list(answers, name="the answer list"))
        guesses = (load_guesses() if guesses is None
                   else load_word_list(guesses, name="the guess list"))
        _check_same_length(guesses, self.answers)
        known = set(guesses)
        self.guesses = guesses + tuple(word for word in self.answers if word not in known)
        self.length = len(self.answers[0])
        self.n_threads = n_threads
        # The scoring kernel's threads, backing off while other processes hold the cores.
        self.cores = kernels.CoreShare(n_threads)
        self._answer_index = {word: i for i, word in enumerate(self.answers)}
        self._guess_index = {word: i for i, word in enumerate(self.guesses)}
        # Matrix row of each answer, so "score the candidates" needs no lookup.
        self.answer_rows = np.array([self._guess_index[w] for w in self.answers], dtype=np.intp)
        # Answer index of each guess, -1 where the guess can never be the answer.
        self.guess_answers = np.full(len(self.guesses), -1, dtype=np.intp)
        self.guess_answers[self.answer_rows] = np.arange(len(self.answers))

    @classmethod
    def edition(cls, name: str, *, n_threads: int | None = None) -> "Lexicon":
        """The lexicon of a bundled edition of the lists: ``original`` (the
        default), ``nyt2022``, ``nyt2022-08`` or ``nyt2023`` (see
        ``wordle_fast.words.EDITIONS``)."""
        found = edition(name)
        lexicon = cls(load_answers(found.name), load_guesses(found.name), n_threads=n_threads)
        lexicon.lists = found.name
        return lexicon

    def __repr__(self):
        return (f"Lexicon({len(self.answers)} answers, {len(self.guesses)} guesses, "
                f"{self.length} letters)")

    @property
    def n_answers(self) -> int:
        return len(self.answers)

    @property
    def n_guesses(self) -> int:
        return len(self.guesses)

    @property
    def n_patterns(self) -> int:
        return n_patterns(self.length)

    @property
    def matrix_bytes(self) -> int:
        """The size of the pattern matrix, built or not."""
        return self.n_guesses * self.n_answers * code_dtype(self.length).itemsize

    @cached_property
    def matrix(self) -> np.ndarray:
        """``codes[guess, answer]`` for every guess and answer (built once).
        ``TooLarge`` when it would not fit in the memory available."""
        check_memory(self.matrix_bytes, f"the pattern matrix of {self.n_guesses} guesses by "
                     f"{self.n_answers} answers")
        return kernels.pattern_matrix(self.encoded_guesses, encode_words(self.answers),
                                      n_threads=self.n_threads)

    @cached_property
    def encoded_guesses(self) -> np.ndarray:
        """``uint8[n_guesses, L]`` letters 0..25."""
        return encode_words(self.guesses)

    @cached_property
    def guess_letter_counts(self) -> np.ndarray:
        """``uint8[n_guesses, 26]``: copies of each letter in each guess word."""
        counts = np.zeros((self.n_guesses, 26), dtype=np.uint8)
        every_guess = np.arange(self.n_guesses)
        for position in range(self.length):
            counts[every_guess, self.encoded_guesses[:, position]] += 1
        return counts

    @cached_property
    def guess_zipf(self) -> np.ndarray:
        """Zipf frequency of each guess word (bundled wordfreq table; 0 if unknown)."""
        return zipf_frequencies(self.guesses)

    def feedback_against_guesses(self, guess: str) -> np.ndarray:
        """The pattern ``guess`` would get if each *guess word* were the answer
        (what strict hard mode checks every later guess against)."""
        encoded = encode_words([normalize_word(guess, self.length)])
        return kernels.pattern_matrix(encoded, self.encoded_guesses, n_threads=self.n_threads)[0]

    # -- words <-> indices ----------------------------------------------------

    def answer_index(self, word: str) -> int:
        word = normalize_word(word, self.length)
        try:
            return self._answer_index[word]
        except KeyError:
            message = f"{word!r} is not in the answer list ({self.n_answers} words)"
            raise UnknownWord(message) from None

    def guess_index(self, word: str) -> int:
        word = normalize_word(word, self.length)
        try:
            return self._guess_index[word]
        except KeyError:
            raise UnknownWord(
                f"{word!r} is not in the guess list ({self.n_guesses} words); "
                "check the spelling, or give your own guess list") from None

    def row(self, guess: str) -> np.ndarray:
        """The pattern of ``guess`` against every answer."""
        return self.matrix[self.guess_index(guess)]

    # -- candidate sets -------------------------------------------------------

    def all_candidates(self):
        """Every answer, as a ``CandidateSet``."""
        return kernels.CandidateSet.full(self.n_answers)

    def candidate_set(self, words: Iterable[str]):
        """The answers ``words`` as a ``CandidateSet``."""
        return kernels.CandidateSet(self.n_answers, [self.answer_index(w) for w in words])

    def narrowed(self, candidates, guess: str, pattern: str | int):
        """The candidates that give ``pattern`` when ``guess`` is played."""
        code = parse_pattern(pattern, self.length)
        return candidates.narrowed(self.row(guess), code)

    def words_of(self, candidates) -> list[str]:
        return [self.answers[i] for i in candidates]

    # -- scoring ----------------------------------------------------------------

    def pool_rows(self, pool: PoolChoice = None, candidates=None) -> np.ndarray:
        """Matrix rows for a guess pool: ``"allowed"`` (every guess, the
        default), ``"candidates"`` (the answers still possible) or words."""
        if pool is None or (isinstance(pool, str) and pool == "allowed"):
            return np.arange(self.n_guesses, dtype=np.intp)
        if isinstance(pool, str) and pool == "candidates":
            if candidates is None:
                candidates = self.all_candidates()
            return self.answer_rows[candidates.indices()]
        if isinstance(pool, str):
            raise InvalidOption(
                f"unknown guess pool {pool!r}: use 'allowed', 'candidates' or a list of words")
        return np.array([self.guess_index(word) for word in pool], dtype=np.intp)

    def score(self, candidates=None, pool: PoolChoice = None,
              weights: np.ndarray | None = None, rows: np.ndarray | None = None) -> GuessScores:
        """Entropy and bucket statistics of every guess in ``pool`` over
        ``candidates`` (default: all answers), optionally under a prior
        ``weights`` (one non-negative number per answer). ``rows`` gives the
        pool as guess indices instead of ``pool``."""
        if candidates is None:
            candidates = self.all_candidates()
        if candidates.universe != self.n_answers:
            raise InvalidOption(
                f"candidate set ranges over {candidates.universe} answers, "
                f"this lexicon has {self.n_answers}")
        candidate_indices = candidates.indices()
        if weights is not None:
            weights = self._checked_weights(weights, candidate_indices)
        if rows is None:
            rows = self.pool_rows(pool, candidates)
        entropy, expected, largest, buckets, win = kernels.score_guesses(
            self.matrix, rows, candidate_indices, self.length, weights=weights, cores=self.cores)
        answer_of_row = self.guess_answers[rows]
        is_candidate = (answer_of_row >= 0) & candidates.to_mask()[answer_of_row]
        return GuessScores(
            rows=rows, vocabulary=self.guesses,
            expected_bits=entropy, expected_remaining=expected,
            largest_bucket=largest, n_buckets=buckets, win_probability=win,
            is_candidate=is_candidate, n_candidates=len(candidate_indices))

    def _checked_weights(self, weights, candidate_indices) -> np.ndarray:
        weights = np.asarray(weights, dtype=np.float64)
        if weights.shape != (self.n_answers,):
            raise InvalidOption(f"weights need one value per answer ({self.n_answers}), got "
                                f"shape {weights.shape}")
        if not np.all(np.isfinite(weights)) or np.any(weights < 0):
            raise InvalidOption("weights must be finite and non-negative")
        if len(candidate_indices) and weights[candidate_indices].sum() <= 0:
            raise InvalidOption("the candidates' weights sum to zero; no answer is possible "
                                "under this prior")
        return weights


def lexicon_from(answers: WordSource | None = None, guesses: WordSource | None = None,
                 lexicon: Lexicon | None = None, lists: str | None = None) -> Lexicon:
    """The lexicon an API call asks for: given, a bundled edition by name, or
    made of the lists given (the original edition by default). Only one way."""
    given = [name for name, value in (("answers", answers), ("guesses", guesses),
                                      ("lexicon", lexicon), ("lists", lists))
             if value is not None]
    if (lexicon is not None or lists is not None) and len(given) > 1:
        raise InvalidOption(f"give the word lists one way, not {' and '.join(given)}: "
                            "answers and/or guesses, a lexicon, or an edition's name as lists")
    if lexicon is not None:
        return lexicon
    if lists is not None:
        return Lexicon.edition(lists)
    return Lexicon(answers, guesses)
