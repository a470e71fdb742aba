"""The options several commands share, each declared here once, and the
checks that go with them: word lists, hard mode, the guess limit, JSON
output, progress, workers. A command adds the ones it takes, saying only
what differs there (its default, what the flag does in it); what a command
is (its mode comes from its input) it declares the same way, never by its
name. ``check_shared`` checks them all once, before any command runs.
(The solver's options are in ``solver_options``.)"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from wordle_fast.errors import InvalidOption, InvalidPattern
from wordle_fast.lexicon import Lexicon
from wordle_fast.priors import PRIORS, Prior, make_prior
from wordle_fast.rulebook import HARD_MODES, Rules, guess_limit
from wordle_fast.words import EDITIONS, counted, edition

def given(value, default):
    return default if value is None else value


def only_with(args, applies: bool, needed: str, **options) -> None:
    """An option that does nothing in the chosen mode is an error, so that a
    user never believes it took effect."""
    if applies:
        return
    named = " and ".join(flag for name, flag in options.items()
                         if getattr(args, name, None) not in (None, False))
    if named:
        verb = "apply" if " and " in named else "applies"
        raise InvalidOption(f"{named} only {verb} with {needed}; add it or drop {named}")


# -- word lists -----------------------------------------------------------------------

def add_word_list_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lists", metavar="NAME", type=str.lower,
                        help="a bundled edition of the lists: " + ", ".join(EDITIONS)
                        + " (default: original; see 'wordle-fast lists')")
    parser.add_argument("--answers", metavar="FILE",
                        help="answer list, one word per line (default: the bundled 2315)")
    parser.add_argument("--guesses", metavar="FILE",
                        help="allowed guesses, one word per line (default: the bundled 12972)")


def check_lists(args) -> None:
    """--lists names both lists: with --answers or --guesses it is unclear
    which list the user meant."""
    if getattr(args, "lists", None) is None:
        return
    edition(args.lists)    # an unknown name lists the known ones
    named = [flag for flag, value in (("--answers", args.answers), ("--guesses", args.guesses))
             if value is not None]
    if named:
        raise InvalidOption(f"--lists {args.lists} and {' and '.join(named)} both name word "
                            "lists: give an edition with --lists, or files with --answers "
                            "and --guesses")


def lexicon_of(args) -> Lexicon:
    """The lexicon of the lists the command names (--lists, or files)."""
    if args.lists is not None:
        return Lexicon.edition(args.lists)
    return Lexicon(answers=args.answers, guesses=args.guesses)


def add_prior_options(parser: argparse.ArgumentParser) -> None:
    """--prior and --prior-default: how likely each answer is."""
    parser.add_argument("--prior", default="uniform", metavar="uniform|frequency|FILE",
                        help="how likely each answer is: uniform (default), by word frequency, "
                             "or a weights file (word<TAB>weight per line, or a JSON object; "
                             "weight 0: not a possible answer)")
    parser.add_argument("--prior-default", type=float, default=None, metavar="W",
                        help="the weight of the answers a --prior FILE leaves out (default: "
                             "leaving one out is an error)")


def prior_of(args, lexicon: Lexicon) -> Prior:
    """The prior the options name over the lexicon's answers, checked before
    any search starts (every mistake one line: what and where)."""
    if args.prior_default is not None and args.prior in PRIORS:
        raise InvalidOption(f"--prior-default gives the weight of the words a --prior FILE "
                            f"leaves out; --prior {args.prior} leaves none out: drop it")
    return make_prior(args.prior, lexicon.answers, args.prior_default)


# -- rules and limits -----------------------------------------------------------------

def add_hard_mode_options(parser: argparse.ArgumentParser,
                          help: str = "off (default), hard (the NYT rule) or strict (every "
                                      "guess could be the answer)",
                          from_input: bool = False) -> None:
    """--hard-mode and --hard. ``from_input``: the command's input records
    the mode (a tree file, a share text), so that no flag leaves it None for
    the command to take from there, where otherwise it is "off"."""
    parser.add_argument("--hard-mode", choices=HARD_MODES, default=None, help=help)
    parser.add_argument("--hard", dest="hard_flag", action="store_true",
                        help="same as --hard-mode hard")
    parser.set_defaults(mode_from_input=from_input)


def resolve_hard_mode(args) -> None:
    """Fold ``--hard`` into ``--hard-mode``; the two must not disagree."""
    if not hasattr(args, "hard_flag"):
        return
    if args.hard_flag and args.hard_mode not in (None, "hard"):
        raise InvalidOption(f"--hard means --hard-mode hard, which contradicts --hard-mode "
                            f"{args.hard_mode}: give one of the two")
    if args.hard_flag:
        args.hard_mode = "hard"
    elif args.hard_mode is None and not args.mode_from_input:
        args.hard_mode = "off"


def add_max_guesses_option(parser: argparse.ArgumentParser, help: str,
                           default: int | None = None) -> None:
    """--max-guesses N, the game's guess limit, in every command that has
    one; --max-turns, its old name in the commands that play, is accepted
    by all of them. ``help``: what the limit does in this command, and its
    default there."""
    parser.add_argument("--max-guesses", "--max-turns", dest="max_guesses", type=int,
                        default=default, metavar="N",
                        help=help + " (--max-turns: the same, its old name)")


def add_quiet_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def add_workers_option(parser: argparse.ArgumentParser, help: str,
                       default: int | None = None) -> None:
    """--workers N, the processes of a command that can share its work out
    (capped at the cores and the work: ``capped_workers``)."""
    parser.add_argument("--workers", type=int, default=default, metavar="N", help=help)


def check_shared(args) -> None:
    """The shared options, checked once for every command before it runs:
    --hard folded into --hard-mode, --lists against --answers/--guesses,
    the guess limit (1 to MAX_GUESS_LIMIT), at least one worker. A command
    that plays (it has --boards) gets the game's rules as one value,
    ``args.rules``, which its solver is made with."""
    resolve_hard_mode(args)
    check_lists(args)
    if getattr(args, "max_guesses", None) is not None:
        guess_limit(args.max_guesses, what="--max-guesses")
    if hasattr(args, "boards"):
        args.rules = Rules(args.hard_mode, args.max_guesses, args.boards)
    workers = getattr(args, "workers", None)
    if workers is not None and workers < 1:
        raise InvalidOption(f"--workers must be at least 1, got {workers}")
    check_files_apart(args)


# Files a command writes whole (an output), and files it reads or keeps
# working in (its inputs, its results and its store), by option.
OUTPUT_FILES = ("json", "tree", "plot")
OTHER_FILES = {"answers": "--answers", "guesses": "--guesses", "file": "the tree file",
               "results": "--results", "store": "--store"}


def check_files_apart(args) -> None:
    """Refuse, before any work, an output that would overwrite one of the
    command's own files: a word list, the tree it checks, its results or
    its store, or another of its outputs (``--json t.json --tree t.json``)."""
    seen: dict[Path, str] = {}
    named = [(f"--{name}", getattr(args, name, None), True) for name in OUTPUT_FILES]
    named += [(label, getattr(args, name, None), False) for name, label in OTHER_FILES.items()]
    for label, path, is_output in named:
        if not isinstance(path, str) or path in ("", "-", "none"):
            continue
        where = Path(path).expanduser().resolve()
        other = seen.get(where) or next((seen[p] for p in seen if _same_file(p, where)), None)
        if other is not None and (is_output or other.startswith("out:")):
            first = other.removeprefix("out:")
            raise InvalidOption(f"{first} and {label} name the same file, {path}: writing one "
                                "would lose the other; name another file for the output")
        seen.setdefault(where, f"out:{label}" if is_output else label)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def add_json_option(parser, what: str) -> None:
    parser.add_argument("--json", nargs="?", const="-", default=None, metavar="FILE",
                        help=f"{what} as JSON, to FILE or, with no FILE or '-', to standard "
                             "output (then nothing else is printed there)")


def add_long_search_options(parser: argparse.ArgumentParser, store_default: str) -> None:
    """--store and --memo, for the commands whose searches may outlast a
    sitting (``exact.store``; ``make_exact_searcher``'s ``memo_bytes``)."""
    parser.add_argument("--store", metavar="FILE",
                        help="the SQLite store of proven states, shared by the processes and "
                             "kept across runs, so that a stopped search resumes near where "
                             f"it stopped ({store_default}; 'none' for no store)")
    parser.add_argument("--memo", type=float, metavar="GIB",
                        help="the memo of each searching process, in GiB (default: up to "
                             "0.75, a quarter of the memory available at most); a long "
                             "search searches again what a full memo forgot")


def long_search_options(args) -> tuple:
    """(store, memo_bytes) from --store and --memo, checked: the store as
    the exact search takes it (None: the default; False: none; or a path)."""
    if args.memo is not None and not 0 < args.memo < float("inf"):
        raise InvalidOption(f"--memo must be a size in GiB above 0, such as 2 or 0.5, got "
                            f"{args.memo}")
    if args.store in ("", "-"):
        raise InvalidOption(f"--store needs a file name (or 'none' for no store), got "
                            f"{args.store!r}: the store is a database kept across runs, not a "
                            "stream")
    if args.store not in (None, "none"):
        from wordle_fast.cli.output import check_output

        check_output("--store", args.store)
    store = None if args.store is None else False if args.store == "none" else args.store
    return store, None if args.memo is None else int(args.memo * 2**30)


def capped_workers(option: str, workers: int | None, work: int, default: int = 1) -> int:
    """``workers`` capped at the cores this process may use and at the
    pieces of work, saying so on standard error when it is."""
    if workers is None:
        return max(1, min(default, work))
    if workers < 1:
        raise InvalidOption(f"{option} must be at least 1, got {workers}")
    if workers == 1:
        return 1     # nothing to cap (and no need to load the scheduling module)
    from wordle_fast.exact.scheduling import default_workers

    cores = default_workers()
    capped = max(1, min(workers, cores, work))
    if capped < workers:
        why = f"the {counted(cores, 'core')} this process may use" if capped == cores else \
            f"the {counted(work, 'piece of work', 'pieces of work')}"
        print(f"wordle-fast: {option} {workers} capped at {capped}, {why}", file=sys.stderr)
    return capped


def parse_history(entries: list[str]) -> list[tuple[str, str]]:
    """--history GUESS:PATTERN entries as (guess, pattern) pairs."""
    history = []
    for entry in entries:
        guess, separator, pattern = entry.partition(":")
        if not separator or not guess.strip() or not pattern.strip():
            raise InvalidPattern(f"--history {entry!r} should be GUESS:PATTERN, e.g. soare:bybbg")
        history.append((guess, pattern))
    return history
