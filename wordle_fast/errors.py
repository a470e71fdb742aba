"""The package's exceptions: one root, a few precise kinds.

Each also derives from the built-in exception a caller would expect
(``ValueError`` for bad input, ``KeyError`` for an unknown word) so generic
handlers keep working.
"""


# The command's exit code after Ctrl-C (the shell's code for a SIGINT), here
# because the entry point, the CLI and the helper all return it and this
# module loads before anything heavy.
EXIT_INTERRUPTED = 130
# After SIGTERM (kill, a scheduler's time limit), which stops a command as a
# Ctrl-C does: 128 + 15, the shell's code for it.
EXIT_TERMINATED = 143


class WordleError(Exception):
    """Root of every error wordle_fast raises on purpose."""


class InvalidWord(WordleError, ValueError):
    """A word that is not 1..20 letters a-z, or has the wrong length."""


class InvalidWordList(InvalidWord):
    """A word list that is empty, mixes lengths, or repeats a word."""


class UnknownWord(InvalidWord, KeyError):
    """A well-formed word that is not in the list it must come from."""

    def __str__(self):
        # KeyError would show the message quoted; show it as written.
        return str(self.args[0]) if self.args else ""


class InvalidPattern(WordleError, ValueError):
    """Feedback that is not a pattern in any accepted notation."""


class InconsistentFeedback(WordleError):
    """Feedback that no remaining candidate could have produced."""


class TooLarge(WordleError, MemoryError):
    """Lists whose pattern matrix would not fit in the memory available."""


class InvalidIndex(WordleError, IndexError):
    """An index outside the range it must fall in (an answer index beyond a
    candidate set's universe)."""


class InvalidOption(WordleError, ValueError):
    """An option or argument outside what it accepts (an unknown strategy,
    a guess limit below 1, ...)."""


def whole_number(value, what: str, minimum: int | None = None,
                 maximum: int | None = None) -> int:
    """``value`` as an int (numpy integers welcome, bools and floats not),
    within ``minimum``..``maximum``; else ``InvalidOption`` naming ``what``."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise InvalidOption(f"{what} must be a whole number, got {shown(repr(value))[1:-1]}")
    number = value.__index__()
    if minimum is not None and number < minimum:
        raise InvalidOption(f"{what} must be at least {minimum}, got {number}")
    if maximum is not None and number > maximum:
        raise InvalidOption(f"{what} must be at most {maximum:,}, got {number:,}")
    return number


def shown(text: str, limit: int = 24) -> str:
    """``text`` quoted for a message, cut when it is longer than ``limit``
    (a 65,000-character typo is not echoed whole)."""
    return repr(text if len(text) <= limit else text[:limit - 4] + "...")
