"""The compiled core: every hot loop as a Cython module, each with its slow,
obviously correct Python twin beside it, and the one switch between the
two (``_backend``; ``WORDLE_FAST_IMPL``). Nothing here imports the Python
layer above it, only the rung below: ``wordle_fast.rulebook`` (the rule
names), ``patterns`` (the code width) and ``errors`` (docs/architecture.md
draws the ladder).

Private modules: the package's public API is ``wordle_fast``.
"""
