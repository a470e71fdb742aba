"""The game's rules as names, numbers and one value, at the bottom of the
house: the hard modes' names (the compiled kernels number them), the guess
limits, their checks, and ``Rules``, the rules of one game (mode, limit,
boards) checked once where they enter. They import nothing of the package
but its errors, so that every layer, the kernels included, reads them from
here. What each hard mode allows is in ``rules``, which offers these names
too."""

from __future__ import annotations

from dataclasses import dataclass

from wordle_fast.errors import InvalidOption, whole_number

HARD_MODES = ("off", "hard", "strict")   # the kernels' MODE_OFF, MODE_HARD, MODE_STRICT

NORMAL = "normal"   # how people, and the files written, name hard mode "off"

ONE_BOARD_LIMIT = 6   # the game's guess limit on one board, the NYT's: every default

# The most guesses a game may allow (beyond the number of boards): optimal
# play never needs more guesses than answers, and no list here comes near
# 100 in practice; a bigger number only costs memory and time (a limit of
# 10**8 made the replay's distribution hang, 2**31 overflowed the search).
MAX_GUESS_LIMIT = 100


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


def guess_limit(value, boards: int = 1, what: str = "the guess limit") -> int:
    """``value`` as the number of guesses a game allows: at least ``boards``
    (one guess solves one board at most), at most MAX_GUESS_LIMIT more."""
    limit = whole_number(value, what, minimum=1, maximum=boards - 1 + MAX_GUESS_LIMIT)
    if limit < boards:
        raise InvalidOption(f"a limit of {limit} guesses cannot solve {boards} boards (one guess "
                            f"each at least); give {boards} or more")
    return limit


def usual_limit(boards: int) -> int:
    """The guess limit a game of ``boards`` boards has unless told: 6 on
    one board, 7 Dordle, 9 Quordle, 13 Octordle."""
    return ONE_BOARD_LIMIT - 1 + boards


@dataclass(frozen=True)
class Rules:
    """The rules of one game: the hard mode, the guess limit and the number
    of boards, one value. It is made where the rules enter (a solver's
    arguments, a command's options), checked there once, and then carried
    as it is: a solver keeps it, and every position its strategy sees
    holds it. ``max_guesses`` None is the usual limit for the boards
    (``usual_limit``); hard mode is a one-board rule.

    >>> Rules()
    Rules(mode='off', max_guesses=6, boards=1)
    >>> Rules(boards=4).max_guesses
    9
    """

    mode: str = "off"
    max_guesses: int | None = None
    boards: int = 1

    def __post_init__(self):
        boards = whole_number(self.boards, "the number of boards", minimum=1)
        mode = check_mode(self.mode)
        if mode != "off" and boards > 1:
            raise InvalidOption("hard mode is a one-board rule (which board's hints would bind?); "
                                "play several boards with hard mode off")
        limit = (usual_limit(boards) if self.max_guesses is None
                 else guess_limit(self.max_guesses, boards))
        object.__setattr__(self, "boards", boards)
        object.__setattr__(self, "max_guesses", limit)

    def __str__(self) -> str:
        boards = "" if self.boards == 1 else f", {self.boards} boards"
        return f"{mode_name(self.mode)} mode, at most {self.max_guesses} guesses{boards}"



class UnderRules:
    """For a class whose objects hold ``rules`` (a solver, a position): the
    mode and the limit read from it, under the names they always had."""

    @property
    def hard_mode(self) -> str:
        """The rule in force (see wordle_fast.rules)."""
        return self.rules.mode

    @property
    def max_guesses(self) -> int:
        """The game's guess limit (a lost game may be played on past it)."""
        return self.rules.max_guesses


def rules_from(rules: Rules | None = None, *, mode: str | None = None,
               max_guesses: int | None = None, boards: int | None = None) -> Rules:
    """The rules a caller gave: ``rules``, or the separate arguments (None
    where not given: their defaults then). Both at once must agree, so that
    no argument is silently ignored."""
    if rules is None:
        return Rules("off" if mode is None else mode, max_guesses, 1 if boards is None else boards)
    if not isinstance(rules, Rules):
        raise InvalidOption(f"rules must be a wordle_fast.Rules, got {type(rules).__name__}")
    given = {"hard_mode": ("mode", mode), "max_guesses": ("max_guesses", max_guesses),
             "boards": ("boards", boards)}
    for name, (field, value) in given.items():
        if value is not None and value != getattr(rules, field):
            raise InvalidOption(f"rules= says {field} {getattr(rules, field)!r}, and {name}="
                                f"{value!r} was given too: give one of the two")
    return rules


def one_board_rules(rules: Rules | None = None, *, mode: str | None = None,
                    max_guesses: int | None = None) -> Rules:
    """``rules_from`` for the exact side, which plays one board."""
    rules = rules_from(rules, mode=mode, max_guesses=max_guesses)
    if rules.boards != 1:
        raise InvalidOption(f"the exact search plays one board; these rules have {rules.boards}")
    return rules
