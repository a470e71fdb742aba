"""Several boards at once: Dordle (2 boards, 7 guesses), Quordle (4, 9),
Octordle (8, 13). Every guess lands on every unsolved board; the game is
won when each board's answer has been guessed within the limit.

The state is one candidate set per board. A guess is scored on each
unsolved board with the single-board kernel (the same pool of rows), and the
strategies see the per-board scores and their sums:

- ``entropy``: the most bits summed over the unsolved boards;
- ``finish``: a board's last candidate whenever one board has a single
  candidate left (it must be played some time, and finishes that board now),
  else ``entropy``;
- ``solve-bonus`` (the default): as ``finish``, but summed bits plus a bonus
  for each board the guess may solve now (see ``strategies.SolveBonusStrategy``).

>>> solver = BoardsSolver(boards=2)
>>> solver.max_guesses, solver.suggest(top=1)[0].word
(7, 'soare')
>>> turn = solver.update("soare", ["bybbg", "bbbbb"])
>>> turn.candidates_after
(20, 183)
"""

from __future__ import annotations

import inspect

import re
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from wordle_fast.errors import (
    InconsistentFeedback,
    InvalidOption,
    InvalidPattern,
    WordleError,
    whole_number,
)
from wordle_fast.lexicon import Lexicon, lexicon_from
from wordle_fast.patterns import ACCEPTED_FORMS, all_green, format_pattern, parse_pattern
from wordle_fast.priors import PRIORS, prior_weights
from wordle_fast.rules import guess_limit
from wordle_fast.scoring import GuessScores, realized_information
from wordle_fast.strategies import (
    DEFAULT_SOLVE_BONUS,
    EntropyStrategy,
    Position,
    SolveBonusStrategy,
    Strategy,
    last_candidates_first,
)
from wordle_fast.words import WordSource, counted, normalize_word

Progress = Callable[[int, int], None]   # (games finished, games in all)

# Per-board scores of the whole guess pool are kept for this many candidate
# sets (about 0.5 MB each with the bundled lists): boards in the same state,
# within a game or across a simulation, are scored once. Measured on 1000
# Quordle games: no memo 79 s (every board of every game scores the full
# list on turn 1), 32 entries 9.9 s and 87 MB peak, 256 entries 6.1 s and
# 181 MB (every guess's row array shared), 2048 entries 5.6 s and 1.1 GB.
SCORE_MEMO_ENTRIES = 256


def _checked_boards(boards, lexicon: Lexicon) -> int:
    """``boards`` as an int from 1 to the number of answers (each board
    needs its own answer), else ``InvalidOption`` saying why."""
    boards = whole_number(boards, "the number of boards", minimum=1)
    if boards > lexicon.n_answers:
        raise InvalidOption(f"{boards} boards need {boards} different answers, but the answer "
                            f"list has {lexicon.n_answers}")
    return boards


def default_max_guesses(boards: int) -> int:
    """The usual limit: 6 for one board, 7 for Dordle, 9 Quordle, 13 Octordle."""
    return boards + 5


@dataclass(frozen=True)
class BoardsTurn:
    """One guess and what it got on each board. Entries of boards solved
    before this turn are None."""

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


@dataclass(frozen=True)
class BoardsSuggestion:
    """A ranked guess over the unsolved boards."""

    word: str
    expected_bits: float               # summed over the unsolved boards
    board_bits: tuple[float, ...]      # per unsolved board, in board order
    expected_remaining: float          # summed E[candidates left]
    expected_solved: float             # expected number of boards this guess solves
    solves: tuple[int, ...]            # boards (from 0) on which it may be the answer
    score: float                       # the strategy's value


class FinishStrategy(Strategy):
    """A board's last candidate when one board has one left (the one whose
    guess tells most on the other boards), else the most bits summed over
    the boards."""

    name = "finish"

    def values(self, position):
        return last_candidates_first(position, position.scores.expected_bits)


def board_strategy(name: str | Strategy = "solve-bonus",
                   bonus: float = DEFAULT_SOLVE_BONUS) -> Strategy:
    """A strategy for several boards by name, or a ready one."""
    if isinstance(name, Strategy):
        return name
    makers = {"entropy": EntropyStrategy, "finish": FinishStrategy,
              "solve-bonus": lambda: SolveBonusStrategy(bonus)}
    if name not in makers:
        raise InvalidOption(f"strategy {name!r} does not play several boards: choose one of "
                            f"{', '.join(BOARD_STRATEGIES)}")
    return makers[name]()


BOARD_STRATEGIES = ("solve-bonus", "finish", "entropy")
# Games one simulation may draw: every game is kept for the report, and a
# million Quordle games already take hours; 10**20 grew without end.
MAX_BOARD_GAMES = 1_000_000


class BoardsSolver:
    """Suggests guesses and tracks one game on ``boards`` boards at once.

    ``max_guesses``: the limit (default ``boards + 5``). ``strategy``: one of
    ``BOARD_STRATEGIES`` or a ``Strategy`` whose ``values`` reads the summed
    scores (and ``position.boards``). ``bonus``: the ``solve-bonus``
    strategy's bits per board solved. ``answers`` / ``guesses`` / ``lexicon``
    / ``lists`` / ``guess_pool`` / ``prior`` as for ``Solver``. Hard mode is a
    one-board rule and is refused.
    """

    def __init__(self, answers: WordSource | None = None, guesses: WordSource | None = None, *,
                 boards: int = 4, max_guesses: int | None = None,
                 strategy: str | Strategy | None = None, bonus: float = DEFAULT_SOLVE_BONUS,
                 guess_pool: str = "allowed", prior: str = "uniform", hard_mode: str = "off",
                 lexicon: Lexicon | None = None, lists: str | None = None):
        self.lexicon = lexicon_from(answers, guesses, lexicon, lists)
        self.boards = _checked_boards(boards, self.lexicon)
        limit = default_max_guesses(self.boards) if max_guesses is None else max_guesses
        self.max_guesses = guess_limit(limit, self.boards)
        if hard_mode != "off":
            raise InvalidOption("hard mode is a one-board rule (which board's hints would bind?); "
                                "play several boards with hard mode off")
        if guess_pool not in ("allowed", "candidates"):
            raise InvalidOption(f"unknown guess pool {guess_pool!r}: choose one of "
                                "allowed, candidates")
        if prior not in PRIORS:
            raise InvalidOption(f"unknown prior {prior!r}: choose one of {', '.join(PRIORS)}")
        self.strategy = board_strategy(strategy or "solve-bonus", bonus)
        self.guess_pool = guess_pool
        self.hard_mode = "off"
        self.prior = prior
        self.weights = prior_weights(prior, self.lexicon.answers)
        self._memo: OrderedDict[bytes, GuessScores] = OrderedDict()
        # one array of every guess's row, shared by every memo entry (read-only)
        self._every_guess = np.arange(self.lexicon.n_guesses, dtype=np.intp)
        self._every_guess.flags.writeable = False
        self.reset()

    # -- state ------------------------------------------------------------------

    def reset(self) -> None:
        """Start a new game."""
        self._turns: list[BoardsTurn] = []
        self._boards = [self.lexicon.all_candidates() for _ in range(self.boards)]
        self._solved = [False] * self.boards

    @property
    def history(self) -> tuple[BoardsTurn, ...]:
        return tuple(self._turns)

    @property
    def unsolved(self) -> tuple[int, ...]:
        """The boards (from 0) still to solve."""
        return tuple(b for b in range(self.boards) if not self._solved[b])

    def candidates(self, board: int) -> list[str]:
        """The answers still possible on ``board`` (from 0); [] once solved."""
        if self._solved[self._board(board)]:
            return []
        return self.lexicon.words_of(self._boards[board])

    def n_candidates(self, board: int) -> int:
        return 0 if self._solved[self._board(board)] else len(self._boards[board])

    def solved_at(self, board: int) -> int | None:
        """The guess number (from 1) that solved ``board``, or None."""
        for number, turn in enumerate(self._turns, 1):
            if board in turn.solved_now:
                return number
        return None

    @property
    def solved(self) -> bool:
        """Every board solved."""
        return all(self._solved)

    @property
    def lost(self) -> bool:
        """The limit is used and some board is unsolved. A lost game may be
        played on, to see how many guesses it needed."""
        return not self.solved and len(self._turns) >= self.max_guesses

    def _board(self, board: int) -> int:
        if not 0 <= board < self.boards:
            raise InvalidOption(f"board {board} does not exist: boards are 0..{self.boards - 1}")
        return board

    # -- suggestions --------------------------------------------------------------

    def suggest(self, top: int | None = 10) -> list[BoardsSuggestion]:
        """The best ``top`` guesses now (all with ``None``), best first; none
        once every board is solved."""
        if self.solved:
            return []
        position = self._position()
        values = self.strategy.values(position)
        if top is not None:
            top = whole_number(top, "the number of suggestions", minimum=0)
        order = position.scores.order(values, top)
        board_scores = [scores for _, scores in position.boards]
        unsolved = self.unsolved
        suggestions = []
        for i in order:
            i = int(i)
            solves = tuple(b for b, scores in zip(unsolved, board_scores)
                           if scores.is_candidate[i])
            suggestions.append(BoardsSuggestion(
                word=self.lexicon.guesses[position.rows[i]],
                expected_bits=float(position.scores.expected_bits[i]),
                board_bits=tuple(float(scores.expected_bits[i]) for scores in board_scores),
                expected_remaining=float(position.scores.expected_remaining[i]),
                expected_solved=float(position.scores.win_probability[i]),
                solves=solves, score=float(values[i])))
        return suggestions

    def best(self) -> BoardsSuggestion:
        suggestions = self.suggest(top=1)
        if not suggestions:
            raise WordleError("every board is solved; start a new game to play again")
        return suggestions[0]

    def _position(self) -> Position:
        unsolved = [self._boards[b] for b in self.unsolved]
        rows = self._pool_rows(unsolved)
        per_board = tuple((candidates, self._scores(candidates, rows)) for candidates in unsolved)
        union = unsolved[0].copy()
        for candidates in unsolved[1:]:
            union |= candidates
        return Position(scores=_summed([scores for _, scores in per_board]), rows=rows,
                        candidates=union, lexicon=self.lexicon, weights=self.weights,
                        turn=len(self._turns), boards=per_board)

    def _pool_rows(self, unsolved) -> np.ndarray:
        answer_rows = self.lexicon.answer_rows
        if self.guess_pool == "candidates" or all(len(c) <= 2 for c in unsolved):
            # With two or fewer candidates on every board, no probe beats
            # guessing one (as on one board).
            indices = np.unique(np.concatenate([c.indices() for c in unsolved]))
            return answer_rows[indices]
        return self._every_guess

    def _scores(self, candidates, rows) -> GuessScores:
        if len(rows) != self.lexicon.n_guesses:
            return self.lexicon.score(candidates, weights=self.weights, rows=rows)
        key = bytes(candidates)
        scores = self._memo.get(key)
        if scores is None:
            scores = self.lexicon.score(candidates, weights=self.weights, rows=rows)
            self._memo[key] = scores
            if len(self._memo) > SCORE_MEMO_ENTRIES:
                self._memo.popitem(last=False)
        else:
            self._memo.move_to_end(key)
        return scores

    # -- feedback -----------------------------------------------------------------

    def check_guess(self, guess: str) -> str:
        """``guess`` normalised, if it is an allowed guess; else ``UnknownWord``."""
        guess = normalize_word(guess, self.lexicon.length)
        self.lexicon.guess_index(guess)
        return guess

    def split_patterns(self, text: str) -> list[str]:
        """One pattern per unsolved board from one line: separated by commas,
        slashes or spaces (``bygyb bbbbb``), or run together (``bygybbbbbb``)."""
        needed = len(self.unsolved)
        length = self.lexicon.length
        text = text.strip()
        pieces = [p for p in re.split(r"[,/;]" if re.search(r"[,/;]", text) else r"\s+", text)
                  if p.strip()]
        if len(pieces) == needed:
            return pieces
        tiles = [ch for ch in text if not ch.isspace() and ch not in ",/;\uFE0F\uFE0E"]
        if len(tiles) == needed * length:
            return ["".join(tiles[k * length:(k + 1) * length]) for k in range(needed)]
        raise InvalidPattern(self._count_message(len(pieces)))

    def _count_message(self, given: int) -> str:
        unsolved = self.unsolved
        boards = ", ".join(str(b + 1) for b in unsolved)
        return (f"{counted(len(unsolved), 'pattern')} needed, one per unsolved board "
                f"(board{'s' if len(unsolved) > 1 else ''} {boards}, in order), got {given}; "
                f"separate them with spaces or commas ({ACCEPTED_FORMS})")

    def update(self, guess: str, patterns: Sequence[str | int] | str) -> BoardsTurn:
        """Record that ``guess`` got ``patterns``: one per unsolved board, in
        board order (a list, or one line as ``split_patterns`` reads it).
        Bad input raises and changes nothing."""
        if self.solved:
            raise WordleError("every board is solved; start a new game to play again")
        guess = self.check_guess(guess)
        if isinstance(patterns, str):
            patterns = self.split_patterns(patterns)
        try:
            patterns = list(patterns)
        except TypeError:
            raise InvalidPattern(f"the patterns must be one line of text or a list, one per "
                                 f"unsolved board; got {type(patterns).__name__}") from None
        if len(patterns) != len(self.unsolved):
            raise InvalidPattern(self._count_message(len(patterns)))
        length = self.lexicon.length
        codes = {}
        for board, pattern in zip(self.unsolved, patterns):
            try:
                codes[board] = parse_pattern(pattern, length)
            except InvalidPattern as error:
                raise InvalidPattern(f"board {board + 1}: {error}") from None
        return self._apply(guess, codes)

    def _apply(self, guess: str, codes: dict[int, int]) -> BoardsTurn:
        """Narrow each unsolved board by its code (all checked first)."""
        lexicon = self.lexicon
        row = lexicon.row(guess)
        win = all_green(lexicon.length)
        after = {}
        for board, code in codes.items():
            narrowed = self._boards[board].narrowed(row, code)
            if not narrowed:
                from wordle_fast.solver import explain_contradiction

                raise InconsistentFeedback(f"board {board + 1}: " + explain_contradiction(
                    lexicon, self._board_rows(board), guess, code))
            after[board] = narrowed
        before = tuple(self.n_candidates(b) for b in range(self.boards))
        bits = tuple(None if b not in codes else
                     realized_information(self._mass(self._boards[b]), self._mass(after[b]))
                     for b in range(self.boards))
        for board, narrowed in after.items():
            self._boards[board] = narrowed
            self._solved[board] = codes[board] == win
        turn = BoardsTurn(
            guess=guess, patterns=tuple(codes.get(b) for b in range(self.boards)),
            pattern_texts=tuple(None if b not in codes else format_pattern(codes[b], lexicon.length)
                                for b in range(self.boards)),
            bits=bits, candidates_before=before,
            candidates_after=tuple(self.n_candidates(b) for b in range(self.boards)))
        self._turns.append(turn)
        return turn

    def _board_rows(self, board: int) -> list[tuple[str, int]]:
        return [(turn.guess, turn.patterns[board]) for turn in self._turns
                if turn.patterns[board] is not None]

    def _mass(self, candidates) -> float:
        if self.weights is None:
            return float(len(candidates))
        return float(self.weights[candidates.indices()].sum())

    def play_against(self, answers: Sequence[str]) -> BoardsTurn:
        """Play the best guess against known ``answers`` (one per board);
        returns the turn. For simulations and demonstrations."""
        indices = [self.lexicon.answer_index(word) for word in answers]
        if len(indices) != self.boards:
            raise InvalidOption(f"{counted(self.boards, 'answer')} needed, one per board; got "
                                f"{len(indices)}")
        guess = self.best().word
        row = self.lexicon.row(guess)
        return self._apply(guess, {b: int(row[indices[b]]) for b in self.unsolved})

    def undo(self) -> BoardsTurn:
        """Take back the last turn; returns it."""
        if not self._turns:
            raise WordleError("nothing to undo: no guess has been entered yet")
        removed = self._turns.pop()
        turns = self._turns
        self.reset()
        for turn in turns:
            self._apply(turn.guess, {b: code for b, code in enumerate(turn.patterns)
                                     if code is not None})
        return removed


def _summed(per_board: list[GuessScores]) -> GuessScores:
    """One board's scores as they are; several boards' summed (bits,
    expected remaining, chances to solve, buckets), the largest bucket as the
    largest of any board, a possible answer if it is one on any board."""
    if len(per_board) == 1:
        return per_board[0]
    first = per_board[0]
    return GuessScores(
        rows=first.rows, vocabulary=first.vocabulary,
        expected_bits=np.sum([s.expected_bits for s in per_board], axis=0),
        expected_remaining=np.sum([s.expected_remaining for s in per_board], axis=0),
        largest_bucket=np.max([s.largest_bucket for s in per_board], axis=0),
        n_buckets=np.sum([s.n_buckets for s in per_board], axis=0),
        win_probability=np.sum([s.win_probability for s in per_board], axis=0),
        is_candidate=np.any([s.is_candidate for s in per_board], axis=0),
        n_candidates=sum(s.n_candidates for s in per_board))


# -- simulation -------------------------------------------------------------------------

@dataclass
class BoardsGame:
    """One simulated game: the answers, the guesses, when each board fell."""

    answers: tuple[str, ...]
    guesses: tuple[str, ...]
    solved_at: tuple[int, ...]    # guess number (from 1) that solved each board

    @property
    def length(self) -> int:
        """Guesses to finish every board (the game is played to the end)."""
        return len(self.guesses)


@dataclass
class BoardsSimulationResult:
    """Games of several boards, each played until every board is solved,
    and the statistics users compare. A game is won when every board fell
    within ``max_guesses``."""

    config: dict
    boards: int
    max_guesses: int
    seed: int | None
    games: list[BoardsGame]
    wall_time: float                 # seconds, matrix building included
    workers: int = 1
    distribution: dict[int, int] = field(init=False)

    def __post_init__(self):
        self.distribution = dict(sorted(Counter(g.length for g in self.games).items()))

    @property
    def solved(self) -> int:
        return sum(g.length <= self.max_guesses for g in self.games)

    @property
    def solved_rate(self) -> float:
        return self.solved / len(self.games) if self.games else 0.0

    @property
    def mean(self) -> float:
        return float(np.mean([g.length for g in self.games])) if self.games else float("nan")

    @property
    def median(self) -> float:
        return float(np.median([g.length for g in self.games])) if self.games else float("nan")

    @property
    def games_per_second(self) -> float:
        return len(self.games) / self.wall_time if self.wall_time > 0 else float("inf")

    def worst_games(self, n: int = 5) -> list[BoardsGame]:
        """The longest games, ties in the order played."""
        return sorted(self.games, key=lambda g: -g.length)[:n]

    def summary(self) -> str:
        n = len(self.games)
        seed = f" (seed {self.seed})" if self.seed is not None else ""
        lines = [(f"{self.boards} boards, {self.max_guesses} guesses, strategy "
                  f"{self.config['strategy']}: {n} games{seed}"),
                 (f"Solved (every board within {self.max_guesses}): {self.solved}/{n} "
                  f"({self.solved_rate:.2%})"),
                 f"Guesses to finish every board: mean {self.mean:.4f}, median {self.median:g}",
                 "Distribution:"]
        peak = max(self.distribution.values(), default=1)
        for guesses, count in self.distribution.items():
            over = "  over the limit" if guesses > self.max_guesses else ""
            lines.append(f"  {guesses:>3}: {count:>6}  {'#' * max(1, round(40 * count / peak))}"
                         + over)
        lines.append("Worst games: " + "; ".join(
            f"{'/'.join(g.answers)} in {g.length}" for g in self.worst_games(3)))
        lines.append(f"Time: {self.wall_time:.2f} s, {self.games_per_second:,.1f} games/s"
                     + (f" with {self.workers} workers" if self.workers > 1 else ""))
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {"config": self.config, "boards": self.boards, "max_guesses": self.max_guesses,
                "seed": self.seed, "games": len(self.games), "solved": self.solved,
                "solved_rate": self.solved_rate, "mean": self.mean, "median": self.median,
                "distribution": {str(k): v for k, v in self.distribution.items()},
                "worst": [_game_dict(g) for g in self.worst_games(10)],
                "wall_time": self.wall_time, "workers": self.workers,
                "games_per_second": self.games_per_second,
                "every_game": [_game_dict(g) for g in self.games]}


def _game_dict(game: BoardsGame) -> dict:
    return {"answers": list(game.answers), "guesses": list(game.guesses),
            "solved_at": list(game.solved_at)}


def sample_tuples(lexicon: Lexicon, boards: int, sample: int,
                  seed: int = 0) -> list[tuple[str, ...]]:
    """``sample`` tuples of ``boards`` distinct answers, drawn with numpy's
    generator seeded by ``seed``: the same tuples on every machine and run."""
    boards = _checked_boards(boards, lexicon)
    sample = whole_number(sample, "the sample size", minimum=1, maximum=MAX_BOARD_GAMES)
    generator = np.random.default_rng(whole_number(seed, "the seed", minimum=0))
    return [tuple(lexicon.answers[i] for i in generator.choice(lexicon.n_answers, boards,
                                                                replace=False))
            for _ in range(sample)]


def simulate_boards(config: BoardsSolver | dict | None = None, boards: int | None = None,
                    sample: int = 1000, seed: int = 0,
                    tuples: Iterable[Sequence[str]] | None = None, workers: int = 1,
                    progress: Progress | None = None) -> BoardsSimulationResult:
    """Play ``sample`` seeded tuples of distinct answers (or the ``tuples``
    given) with a ``BoardsSolver``'s settings (``config``: a solver, or a dict
    of its options; ``boards`` overrides its number of boards). Every game
    is played until all its boards are solved. ``workers`` processes share
    the games; the results are the same whatever their number."""
    started = time.perf_counter()
    workers = whole_number(workers, "the number of worker processes", minimum=1)
    lexicon, options = _options(config, boards)
    solver = BoardsSolver(lexicon=lexicon, **options)
    if tuples is None:
        games = sample_tuples(solver.lexicon, solver.boards, sample, seed)
    else:
        games = [tuple(t) for t in tuples]
        seed = None
        for answers in games:
            _check_tuple(solver, answers)
        if not games:
            raise WordleError("no games to play")
    played: list[BoardsGame | None] = [None] * len(games)
    done = [0]

    def report(finished: int) -> None:
        done[0] += finished
        if progress is not None:
            progress(done[0], len(games))

    if workers == 1 or len(games) == 1:
        for k, answers in enumerate(games):
            played[k] = play_game(solver, answers)
            report(1)
    else:
        from wordle_fast._pool import spawn_pool  # loads multiprocessing: only when used

        # Interleaved chunks: each worker gets a like mix of easy and hard games.
        chunks = [list(range(start, len(games), workers * 8)) for start in range(workers * 8)]
        with spawn_pool(workers) as pool:
            jobs = [(chunk, pool.submit(_play_games, lexicon.answers, lexicon.guesses, options,
                                               [games[k] for k in chunk]))
                    for chunk in chunks if chunk]
            for chunk, job in jobs:
                for k, game in zip(chunk, job.result()):
                    played[k] = game
                report(len(chunk))
    return BoardsSimulationResult(
        config=_describe(solver), boards=solver.boards, max_guesses=solver.max_guesses,
        seed=seed, games=played, wall_time=time.perf_counter() - started, workers=workers)


def play_game(solver: BoardsSolver, answers: Sequence[str]) -> BoardsGame:
    """Play ``answers`` from a new game to the end with ``solver``'s strategy."""
    solver.reset()
    guesses = []
    while not solver.solved:
        before = [solver.n_candidates(b) for b in range(solver.boards)]
        turn = solver.play_against(answers)
        guesses.append(turn.guess)
        after = [solver.n_candidates(b) for b in range(solver.boards)]
        if after == before and not turn.solved_now:
            raise WordleError(f"strategy {solver.strategy.name} played {turn.guess.upper()}, "
                              "which told nothing on any board; it would never finish")
    solved_at = tuple(solver.solved_at(b) for b in range(solver.boards))
    return BoardsGame(answers=tuple(answers), guesses=tuple(guesses), solved_at=solved_at)


def _play_games(answers, guesses, options: dict, games: list[tuple[str, ...]]) -> list[BoardsGame]:
    """Worker process: ``games`` with a solver of ``options``, one kernel thread."""
    lexicon = Lexicon(answers, guesses, n_threads=1)
    solver = BoardsSolver(lexicon=lexicon, **options)
    return [play_game(solver, game) for game in games]


def _options(config, boards: int | None) -> tuple[Lexicon, dict]:
    """(the lexicon, the other BoardsSolver options) of ``config``."""
    if config is None:
        config = {}
    if isinstance(config, BoardsSolver):
        lexicon = config.lexicon
        options = {"boards": config.boards, "max_guesses": config.max_guesses,
                   "strategy": config.strategy, "guess_pool": config.guess_pool,
                   "prior": config.prior}
    elif isinstance(config, dict):
        options = dict(config)
        known = inspect.signature(BoardsSolver).parameters
        unknown = sorted(str(key) for key in options if key not in known)
        if unknown:
            raise InvalidOption(f"unknown option{'s' if len(unknown) > 1 else ''} "
                                f"{', '.join(map(repr, unknown))} for several boards: the "
                                f"options are {', '.join(known)}")
        lexicon = lexicon_from(options.pop("answers", None), options.pop("guesses", None),
                               options.pop("lexicon", None), options.pop("lists", None))
    else:
        raise InvalidOption("config must be a BoardsSolver or a dict of its options, got "
                            f"{type(config).__name__}")
    if boards is not None:
        options["boards"] = boards
        if not isinstance(config, dict) or "max_guesses" not in config:
            options["max_guesses"] = None   # the limit follows the boards unless set
    return lexicon, options


def _check_tuple(solver: BoardsSolver, answers: Sequence[str]) -> None:
    if len(answers) != solver.boards:
        raise InvalidOption(f"a game of {solver.boards} boards needs "
                            f"{counted(solver.boards, 'answer')}, got {len(answers)}: "
                            f"{' '.join(answers)}")
    indices = [solver.lexicon.answer_index(word) for word in answers]
    if len(set(indices)) != len(indices):
        raise InvalidOption(f"the answers of one game must differ: {' '.join(answers)}")


def _describe(solver: BoardsSolver) -> dict:
    return {"strategy": solver.strategy.cache_key(), "guess_pool": solver.guess_pool,
            "prior": solver.prior, "answers": solver.lexicon.n_answers,
            "guesses": solver.lexicon.n_guesses}
