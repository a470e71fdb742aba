"""The package's exceptions: one root, a few precise kinds.

Each also derives from the built-in exception a caller would expect
(``ValueError`` for bad input, ``KeyError`` for an unknown word) so generic
handlers keep working.
"""


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
