"""What the commands share for their output: the ``--json FILE|-``
routing, output-path checks, progress bars, and the tables of suggestions
that ``suggest`` and the interactive helper print."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import threading
import time
import weakref
from pathlib import Path

from wordle_fast.cache import write_atomically
from wordle_fast.errors import InvalidOption, WordleError

EXIT_OK = 0
EXIT_BAD_INPUT = 2

PARTIAL_NOTE = ("  (partial: the lookahead was interrupted, so only the guesses it reached "
                "are ranked by their lookahead value)")


class ProgressBar:
    """Progress on standard error, with the rate and the time left: a
    one-line bar on a terminal; elsewhere (a log file, ``nohup``) a plain
    line every ``log_every`` seconds, so that a job of hours says how far it
    is, and nothing for a job shorter than that.

    On a terminal the bar is redrawn every second even when no step comes
    (a search placing a large bucket may take minutes): it then says how
    long the current step has taken, and the time left is shown as unknown
    rather than an estimate the pause has made wrong."""

    def __init__(self, label: str, enabled: bool, log_every: float = 60.0):
        self.label = label
        self.enabled = enabled
        self.terminal = sys.stderr.isatty()
        self.log_every = log_every
        self.first = None        # (time, done) at the first report: a resumed run starts part-way
        self.last_drawn = 0.0
        self.logged = False
        self.last_step = None    # (time, done, total) of the latest report
        self.finished = False
        self._lock = threading.Lock()

    def __call__(self, done: int, total: int) -> None:
        if total <= 0:
            return        # a stage with nothing to do (all of it reused) shows no bar
        now = time.perf_counter()
        if self.first is None:
            self.first = (now, done)
            if not self.terminal:
                self.last_drawn = now     # the first line once a full interval has passed
        if self.last_step is None or done != self.last_step[1] or total != self.last_step[2]:
            self.last_step = (now, done, total)
        self.finished = done >= total
        if not self.enabled:
            return
        if self.terminal:
            if now - self.last_drawn >= 0.1 or done >= total:
                with self._lock:
                    self._draw(now, done, total)
        elif now - self.last_drawn >= self.log_every or (done >= total and self.logged):
            with self._lock:
                self._log(now, done, total)
        if not self.finished:
            _start_ticker(self)

    def tick(self) -> None:
        """Show a bar whose work has not moved for a while (the ticker's
        call): redrawn each second on a terminal, else a line every
        ``log_every`` seconds, so that a step of hours is seen to go on."""
        with self._lock:
            if self.finished or self.last_step is None or not self.enabled:
                return
            now = time.perf_counter()
            if now - self.last_step[0] < STALE_AFTER:
                return
            if self.terminal and now - self.last_drawn >= 0.9:
                self._draw(now, *self.last_step[1:])
            elif not self.terminal and now - self.last_drawn >= self.log_every:
                self._log(now, *self.last_step[1:])

    def _counts(self, now: float, done: int, total: int) -> str:
        elapsed, progressed = now - self.first[0], done - self.first[1]
        rate = progressed / elapsed if elapsed > 0 else 0.0
        text = f"{done}/{total}"
        waited = now - self.last_step[0] if self.last_step else 0.0
        if rate > 0 and waited < STALE_AFTER:
            text += f" {rate:,.1f}/s" if rate < 10 else f" {rate:,.0f}/s"
            if done < total:
                text += f", {duration_text((total - done) / rate)} left"
        elif done < total and waited >= STALE_AFTER:
            text += f", {duration_text(waited)} on this step, time left unknown"
        return text

    def _draw(self, now: float, done: int, total: int) -> None:
        self.last_drawn = now
        width = 30
        filled = int(width * done / total) if total else width
        sys.stderr.write(f"\r{self.label}: [{'#' * filled}{'.' * (width - filled)}] "
                         f"{self._counts(now, done, total)}\x1b[K")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    def _log(self, now: float, done: int, total: int) -> None:
        self.last_drawn, self.logged = now, True
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        sys.stderr.write(f"{stamp} {self.label}: {self._counts(now, done, total)}"
                         f"{', done' if done >= total else ''}\n")
        sys.stderr.flush()


STALE_AFTER = 5.0   # seconds without a step before the time left is called unknown


def _start_ticker(bar: ProgressBar) -> None:
    """A daemon thread that calls ``bar.tick()`` every second while the bar
    lives and is not finished. It holds the bar weakly: a bar dropped by its
    command ends its ticker. (The searches release the GIL in their kernels
    often, so the ticker runs while they work.)"""
    if getattr(bar, "_ticker", None) is not None:
        return
    reference = weakref.ref(bar)

    def run():
        while True:
            time.sleep(1.0)
            current = reference()
            if current is None or current.finished:
                return
            current.tick()
            del current

    bar._ticker = threading.Thread(target=run, name="progress-ticker", daemon=True)
    bar._ticker.start()


def duration_text(seconds: float) -> str:
    """A rough duration for people: '40 s', '12 min', '3.5 h'."""
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class StageProgress:
    """Progress bars for the stages of an exact opening table."""

    LABELS = {"incumbent": "Proving a first opener (answers placed)",
              "bounds": "Bounding every opener", "search": "Searching the openers left",
              "settle": "Settling the openers named", "opener": "Answers placed for your opener",
              "complete": "Settling every opener left",
              "guarantee": "Fewest guesses of the openers that cannot finish"}

    def __init__(self, enabled: bool):
        self.enabled, self.bars = enabled, {}

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage not in self.bars:
            self.bars[stage] = ProgressBar(self.LABELS.get(stage, stage), self.enabled)
        self.bars[stage](done, total)


def _is_database(path: Path) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(16) == b"SQLite format 3\0"
    except OSError:
        return False


def check_output(option: str, path: str | None) -> None:
    """Refuse, before any work, an output path that cannot be written: a
    folder, a missing or read-only folder, a read-only file."""
    if path is None or path == "-":
        return
    target = Path(path).expanduser()
    if target.is_dir():
        raise InvalidOption(f"{option} {path} is a folder; name a file in it")
    folder = target.resolve().parent
    if not folder.is_dir():
        raise InvalidOption(f"{option} {path}: the folder {folder} does not exist; "
                            "create it first")
    if target.exists() and not os.access(target, os.W_OK):
        raise InvalidOption(f"{option} {path} is read-only; name another file")
    if option != "--results" and target.is_file():
        from wordle_fast.exact.tables import is_results_file

        if is_results_file(target):
            raise InvalidOption(f"{option} {path} holds exact opening results, which writing "
                                "there would lose; name another file")
    if option != "--store" and target.is_file() and _is_database(target):
        raise InvalidOption(f"{option} {path} is an SQLite database (a store of proven "
                            "states?), which writing there would lose; name another file")
    probe = folder / f".wordle-fast-probe-{os.getpid()}"
    try:
        probe.open("x").close()
        probe.unlink()
    except OSError as error:
        why = error.strerror or error
        raise InvalidOption(f"{option} {path}: cannot write in {folder} ({why}); name a file "
                            "in another folder") from None


def json_text(data) -> str:
    return json.dumps(data, indent=2) + "\n"


def write(path: str, text: str) -> None:
    """``text`` to standard output for '-', else to the file (see
    ``write_output``)."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        write_output(path, lambda target: target.write_text(text, encoding="utf-8"))


def write_output(path: str, write_to) -> None:
    """Call ``write_to(a path)`` so that ``path`` gets what it writes. A
    regular file (or none yet) is replaced atomically: a reader sees the
    old file or the whole new one. A symbolic link is followed, so its
    target gets the output and the link stays. A FIFO or a device is
    written through, as a shell's ``>`` would; renaming a file over it
    would replace the node itself. A failure (a full disk, say) is a
    ``WordleError`` naming the path."""
    target = Path(path).expanduser()
    if target.is_symlink():
        target = target.resolve()
    try:
        if target.exists() and not target.is_file():
            write_to(target)
        else:
            write_atomically(target, write_to)
    except OSError as error:
        raise WordleError(f"cannot write {path}: {error.strerror or error}") from None


def wrote(path: str | None) -> None:
    if path is not None and path != "-":
        print(f"Wrote {path}")


def check_plot(path: str | None) -> None:
    """Refuse, before any work, a --plot that could not be drawn."""
    if not path:
        return
    check_output("--plot", path)
    if path == "-":
        raise InvalidOption("--plot needs a file name; '-' is not a picture file")
    if importlib.util.find_spec("matplotlib") is None:
        raise InvalidOption("--plot needs matplotlib, which is not installed: "
                            "pip install 'wordle-fast[plot]'")


def human_output(*machine_outputs):
    """Where the human summary goes: standard output, or standard error when
    a machine-readable output took standard output."""
    if "-" in machine_outputs:
        return lambda text: print(text, file=sys.stderr)
    return print


def send_json(path: str | None, data, indent: int = 2) -> bool:
    """``data`` as JSON to ``path`` ('-': standard output), when given.
    True when it took standard output, so no text for people may follow."""
    if path is None:
        return False
    write(path, json.dumps(data, indent=indent) + "\n")
    return path == "-"


# -- tables of suggestions -----------------------------------------------------------

BOARD_COLUMN = 11          # characters per board in the side-by-side view
BOARD_WORDS_SHOWN = 6      # candidates listed under each board


def suggestion_table(suggestions, score_label: str | None = None) -> list[str]:
    """Rows of suggestions; ``score_label`` adds the strategy's own value
    (e.g. ``2-step`` bits) for strategies that rank by something else."""
    extra = f" {score_label:>8}" if score_label else ""
    lines = [f"  {'guess':<8} {'bits':>6}{extra} {'E[left]':>8} {'p(win)':>7}  answer?"]
    for s in suggestions:
        score = f" {s.score:>8.3f}" if score_label else ""
        lines.append(f"  {s.word:<8} {s.expected_bits:>6.3f}{score} {s.expected_remaining:>8.1f} "
                     f"{s.win_probability:>7.1%}  {'yes' if s.is_candidate else 'no'}")
    return lines


def board_columns(solver) -> list[str]:
    """The boards side by side: a heading, the answers left (or when the
    board was solved), and the first few candidates of each."""
    columns = []
    for board in range(solver.boards):
        at = solver.solved_at(board)
        if at is not None:
            word = solver.history[at - 1].guess.upper()
            cells = [f"solved ({at})", word]
        else:
            words = solver.candidates(board)
            cells = [f"{len(words)} left"]
            if len(words) <= 2 * BOARD_WORDS_SHOWN:    # a long list's first words tell nothing
                cells += words[:BOARD_WORDS_SHOWN]
                if len(words) > BOARD_WORDS_SHOWN:
                    cells.append(f"+{len(words) - BOARD_WORDS_SHOWN} more")
        columns.append([f"board {board + 1}"] + cells)
    height = max(len(column) for column in columns)
    lines = []
    for start in range(0, len(columns), 80 // BOARD_COLUMN):   # wrap past 7 boards
        part = columns[start:start + 80 // BOARD_COLUMN]
        for k in range(height):
            line = "".join(f"{(column[k] if k < len(column) else ''):<{BOARD_COLUMN}}"
                           for column in part)
            if line.strip():
                lines.append("  " + line.rstrip())
    return lines


def boards_score_label(strategy) -> str | None:
    """The column of the strategy's own value: none when it ranks by the
    summed bits shown anyway."""
    return None if strategy.score_label is None else "score"


def boards_suggestion_table(suggestions, score_label: str | None) -> list[str]:
    extra = f" {score_label:>8}" if score_label else ""
    lines = [f"  {'guess':<8} {'bits':>6}{extra} {'E[solved]':>9}  "
             f"{'bits per unsolved board':<30} may solve"]
    for s in suggestions:
        score = f" {s.score:>8.3f}" if score_label else ""
        per_board = " ".join(f"{bits:.2f}" for bits in s.board_bits)
        solves = ", ".join(str(b + 1) for b in s.solves) or "-"
        lines.append(f"  {s.word:<8} {s.expected_bits:>6.2f}{score} {s.expected_solved:>9.3f}  "
                     f"{per_board:<30} {solves}")
    return lines
