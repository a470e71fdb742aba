"""One game on one board or several: the state (``state``), the solvers on
top of it (``solver``, and ``boards`` for several boards) and the
simulations that play every answer (``simulation``, with the several-board
games in ``board_games``)."""

# Solver(boards=K) builds the several-board subclass, which registers itself
# when its module loads; importing it here makes sure it has.
from wordle_fast.game import boards as _boards  # noqa: F401
