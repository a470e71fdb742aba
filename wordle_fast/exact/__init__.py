"""Exact play: the fewest guesses in all, proven.

- ``search``: the compiled search as the package uses it, and one opener's total;
- ``trees``: decision trees, built, checked and written;
- ``tables``: the opening table (every opener's certificate), its file
  format and the shipped tables; ``results`` which results files to trust,
  and how they are saved; ``proof`` proves one at the optimum,
  ``settle`` settles chosen openers or every one (the complete table),
  ``scheduling`` shares the work over processes or a Dask cluster;
- ``optimum``: ``optimal()``, the best opener and its tree;
- ``analysis``: a game graded turn by turn against optimal play.

The optimal strategy (``wordle_fast.strategies.optimal``) plays from these.
"""
