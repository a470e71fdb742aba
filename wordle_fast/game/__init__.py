"""One game on one board or several: the state (``state``), the solvers on
top of it (``solver``) and the simulations that play every answer
(``simulation``, with the several-board games in ``boards``)."""
