"""The state of one game on one board or several: the answers still possible
on each board, the moves that narrowed them, undo, and why a feedback
contradicts the ones before it. Both solvers are thin layers on this.

>>> from wordle_fast.lexicon import Lexicon
>>> from wordle_fast.patterns import parse_pattern
>>> game = GameState(Lexicon(), boards=2)
>>> move = game.play("soare", {0: parse_pattern("bybbg", 5), 1: 0})
>>> move.candidates_after, game.unsolved
((20, 183), (0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass

from wordle_fast.errors import InconsistentFeedback, WordleError
from wordle_fast.lexicon import Lexicon
from wordle_fast.patterns import all_green, format_pattern
from wordle_fast.scoring import realized_information


@dataclass(frozen=True)
class Move:
    """One guess and what it got on each board. Entries of boards solved
    before this move are None."""

    guess: str
    patterns: tuple[int | None, ...]           # base-3 codes
    pattern_texts: tuple[str | None, ...]      # g/y/b letters
    bits: tuple[float | None, ...]             # information realized per board
    candidates_before: tuple[int, ...]         # 0 for a board solved before
    candidates_after: tuple[int, ...]          # 0 for a board solved by now

    @property
    def pattern_text(self) -> str:
        """The patterns of the boards the guess landed on, in board order."""
        return " ".join(text for text in self.pattern_texts if text is not None)

    @property
    def solved_now(self) -> tuple[int, ...]:
        """Boards (from 0) this guess solved."""
        return tuple(b for b, text in enumerate(self.pattern_texts)
                     if text is not None and set(text) == {"g"})


class GameState:
    """The candidate set of each of ``boards`` boards and the moves played.
    ``weights``: the prior over answers, for the bits each move realized
    (None: every answer equally likely)."""

    def __init__(self, lexicon: Lexicon, boards: int = 1, weights=None):
        self.lexicon = lexicon
        self.boards = boards
        self.weights = weights
        self.reset()

    def reset(self) -> None:
        self._moves: list[Move] = []
        self._before: list[tuple[list, list[bool]]] = []   # the boards before each move, for undo
        self._candidates = [self.lexicon.all_candidates() for _ in range(self.boards)]
        self._solved = [False] * self.boards

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def turn(self) -> int:
        """Guesses played so far."""
        return len(self._moves)

    def candidates(self, board: int = 0):
        """The CandidateSet of ``board`` (the solver's own: do not change it)."""
        return self._candidates[board]

    def is_solved(self, board: int = 0) -> bool:
        return self._solved[board]

    @property
    def solved(self) -> bool:
        """Every board solved."""
        return all(self._solved)

    @property
    def unsolved(self) -> tuple[int, ...]:
        """The boards (from 0) still to solve."""
        return tuple(b for b in range(self.boards) if not self._solved[b])

    def rows(self, board: int = 0) -> list[tuple[str, int]]:
        """(guess, pattern code) of each move that landed on ``board``."""
        return [(move.guess, move.patterns[board]) for move in self._moves
                if move.patterns[board] is not None]

    def mass(self, candidates) -> float:
        """The prior's weight of ``candidates`` (their number when uniform)."""
        if self.weights is None:
            return float(len(candidates))
        return float(self.weights[candidates.indices()].sum())

    def play(self, guess: str, codes: dict[int, int]) -> Move:
        """Narrow each board of ``codes`` (board -> pattern code) by ``guess``.
        Every board is checked first: a contradiction raises
        ``InconsistentFeedback`` saying why, and changes nothing."""
        lexicon = self.lexicon
        row = lexicon.row(guess)
        self._check_distinct_answers(guess, codes)
        after = {}
        for board, code in codes.items():
            narrowed = self._candidates[board].narrowed(row, code)
            if not narrowed:
                why = explain_contradiction(lexicon, self.rows(board), guess, code)
                raise InconsistentFeedback(why if self.boards == 1
                                           else f"board {board + 1}: {why}")
            after[board] = narrowed
        before = self._counts()
        self._before.append((list(self._candidates), list(self._solved)))
        length, win = lexicon.length, all_green(lexicon.length)
        patterns, texts, bits = [None] * self.boards, [None] * self.boards, [None] * self.boards
        for board, narrowed in after.items():
            code = patterns[board] = codes[board]
            texts[board] = format_pattern(code, length)
            bits[board] = realized_information(self.mass(self._candidates[board]),
                                               self.mass(narrowed))
            self._candidates[board] = narrowed
            self._solved[board] = code == win
        move = Move(guess=guess, patterns=tuple(patterns), pattern_texts=tuple(texts),
                    bits=tuple(bits), candidates_before=before, candidates_after=self._counts())
        self._moves.append(move)
        return move

    def _check_distinct_answers(self, guess: str, codes: dict[int, int]) -> None:
        """``InconsistentFeedback`` when ``guess`` would be the answer of two
        boards: each board has an answer of its own."""
        win = all_green(self.lexicon.length)
        solved_now = [board + 1 for board, code in codes.items() if code == win]
        if len(solved_now) > 1:
            boards = " and ".join(map(str, solved_now))
            raise InconsistentFeedback(f"boards {boards} are all green for {guess.upper()}, "
                                       "but each board has its own answer, so one guess "
                                       "solves one board at most; check the patterns")
        if solved_now:
            for move in self._moves:
                earlier = [b + 1 for b, code in enumerate(move.patterns) if code == win]
                if move.guess == guess and earlier:
                    raise InconsistentFeedback(
                        f"board {solved_now[0]} all green for {guess.upper()}, the answer "
                        f"board {earlier[0]} already had; each board has its own answer")

    def undo(self) -> Move:
        """Take back the last move; returns it."""
        if not self._moves:
            raise WordleError("nothing to undo: no guess has been entered yet")
        self._candidates, self._solved = self._before.pop()
        return self._moves.pop()

    def _counts(self) -> tuple[int, ...]:
        return tuple(0 if self._solved[b] else len(self._candidates[b])
                     for b in range(self.boards))


def explain_contradiction(lexicon: Lexicon, rows: list[tuple[str, int]], guess: str,
                          code: int) -> str:
    """Why no answer gives ``guess`` ``code`` after the (guess, code) ``rows``:
    no answer at all, one earlier row it contradicts, or all of them together."""
    length = lexicon.length
    entry = f"{guess.upper()} {format_pattern(code, length)}"
    alone = lexicon.all_candidates().narrow(lexicon.row(guess), code)
    if not alone:
        return (f"no answer in the list gives {entry}; check the tiles "
                f"(e.g. a letter marked yellow and gray in a way no word allows)")
    for earlier, earlier_code in rows:
        if not alone.narrowed(lexicon.row(earlier), earlier_code):
            return (f"{entry} contradicts the earlier {earlier.upper()} "
                    f"{format_pattern(earlier_code, length)}: no answer gives both; "
                    "undo one of them")
    return (f"{entry} leaves {len(alone)} answers on its own, but none of them fits "
            f"all the earlier feedback together; undo the entry that was mistyped")
