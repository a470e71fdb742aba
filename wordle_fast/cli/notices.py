"""What a command says before a job of hours: what it will prove, what
ships already, where it saves and how to resume, and the answer a user can
have at once instead."""

from __future__ import annotations

import sys

from wordle_fast.lexicon import Lexicon
from wordle_fast.rulebook import Rules, mode_name
from wordle_fast.words import counted

# Below this many (answer, guess) pairs a table takes seconds to minutes
# (the OUND lists: milliseconds); the bundled lists, 30 million, took hours.
LONG_TABLE_PAIRS = 2_000_000


def announce_opening_table(command: str, lexicon: Lexicon, rules: Rules, results_path,
                           *, quiet: bool = False, recompute: bool = False,
                           prior=None) -> bool:
    """Tell standard error, before it starts, that ``command`` must prove
    a whole opening table for these lists, rules and ``prior``, when no
    table ships or was saved for them (or ``recompute`` ignores them) and
    the lists are large; True if it did."""
    from wordle_fast.exact.tables import (
        EXACT,
        default_results_path,
        shipped_progress,
        table_ready,
    )

    if quiet or (not recompute and table_ready(lexicon, rules, prior)):
        return False
    shipped = {} if recompute else shipped_progress(lexicon, rules, prior)
    if not shipped and lexicon.n_answers * lexicon.n_guesses < LONG_TABLE_PAIRS:
        return False
    where = results_path or default_results_path(lexicon, rules, prior)
    weighed = "" if prior is None else f", prior {prior.name}"
    cost = ("minutes to hours of CPU (the times measured: docs/prior.md)" if prior is not None
            else "hours of CPU at the least")
    lines = [f"{command}: no finished opening table ships or is saved for these lists "
             f"({counted(lexicon.n_answers, 'answer')}, "
             f"{counted(lexicon.n_guesses, 'guess', 'guesses')}; {rules}{weighed}), so every "
             f"opener is proven here: {cost}."]
    exact = sorted((e.total, e.opener) for e in shipped.values() if e.status == EXACT)
    if shipped:
        bounds = [e.total for e in _open(shipped, exact)]
        settled = len(shipped) - len(bounds)
        lines.append(f"  shipped so far: {settled} of {lexicon.n_guesses} openers settled"
                     + (f" (the best: {exact[0][1].upper()}, exact {exact[0][0]})"
                        if exact else "")
                     + (f", {len(bounds)} still open with lower bounds {min(bounds)} to "
                        f"{max(bounds)}, each needing a search of its own (the rate measured "
                        "so far and the estimate for the rest: docs/big-hidden.md)"
                        if bounds else ""))
    lines.append(f"  saved as it goes in {where}; Ctrl-C stops it, the same command resumes "
                 "(progress lines on standard error give the rate and the time left)")
    if exact:
        lines.append(f"  quicker: `wordle-fast optimal --opener {exact[0][1]}"
                     f"{'' if prior is None else f' --prior {prior.name}'}` with the same "
                     "lists proves the best opener so far on its own, with its tree")
    print("\n".join(lines), file=sys.stderr, flush=True)
    return True


def _open(shipped: dict, exact: list) -> list:
    """The entries a table in progress has only bounded below the best exact
    total (so not settled: each may yet be better)."""
    from wordle_fast.exact.tables import LOWER_BOUND

    best = exact[0][0] if exact else None
    return [e for e in shipped.values()
            if e.status == LOWER_BOUND and (best is None or e.total <= best)]


def announce_first_turn_table(command: str, lexicon: Lexicon, rules: Rules,
                              prior=None) -> bool:
    """Tell standard error that the first turn waits for a whole opening
    table (the exact play of the empty board reads one), when none ships
    or was saved for these lists, rules and prior; True if it did."""
    from wordle_fast.exact.tables import default_results_path, table_ready

    if table_ready(lexicon, rules, prior):
        return False
    print(f"{command}: no opening table ships for these lists in {mode_name(rules.mode)} mode "
          f"with at most {counted(rules.max_guesses, 'guess', 'guesses')}, so the first turn "
          f"first proves the best of all {lexicon.n_guesses} openers: minutes for lists of the "
          f"original's size, up to hours in hard mode on larger ones. It is saved as it goes in "
          f"{default_results_path(lexicon, rules, prior)} (Ctrl-C keeps what was proven; the next "
          "run resumes) and later runs read it at once.", file=sys.stderr, flush=True)
    return True
