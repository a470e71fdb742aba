"""The hard modes' names, at the bottom of the house: the compiled kernels
number them (``_legal``) and every layer above checks and shows them, so
they import nothing of the package but its errors. The rule each mode
means is in ``rules``."""

from __future__ import annotations

from wordle_fast.errors import InvalidOption

HARD_MODES = ("off", "hard", "strict")   # the kernels' MODE_OFF, MODE_HARD, MODE_STRICT

NORMAL = "normal"   # how people, and the files written, name hard mode "off"


def check_mode(mode: str) -> str:
    if mode not in HARD_MODES:
        raise InvalidOption(f"unknown hard mode {mode!r}: choose one of {', '.join(HARD_MODES)}")
    return mode


def mode_name(hard_mode: str) -> str:
    """The mode as people read it: ``off`` is ``normal``."""
    return NORMAL if check_mode(hard_mode) == "off" else hard_mode


def mode_of_name(name: str) -> str:
    """The hard mode a written mode name means (``normal`` is ``off``);
    other text is returned as it is, for the caller to check."""
    return "off" if name == NORMAL else name
