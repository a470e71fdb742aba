from wordle_fast.core._bound_pass import BoundPass

class Search(BoundPass):
    """The exact search; its public face is _exact.ExactSearcher."""
