from wordle_fast.core._search_base import SearchBase

class BoundPass(SearchBase):
    """The one-level bounds of sets and openers; see _exact.ExactSearcher."""
