"""The jobs the contention benchmark runs, each about a second on a quiet
machine, and each also runnable as a competing process of its own:

    python benchmarks/contention_jobs.py simulate    # runs the job until killed

Every job starts from fresh objects (a new Lexicon or searcher), as a new
command would, so no job inherits what an earlier round learned about the
machine."""

import sys

import numpy as np

from wordle_fast import Lexicon
from wordle_fast.exact.absurdle import absurdle
from wordle_fast.game.board_games import simulate_boards
from wordle_fast.strategies.lookahead import make_lookahead_searcher as lookahead_searcher
from wordle_fast.exact.search import make_exact_searcher as exact_searcher
from wordle_fast.game.simulation import simulate


def official():
    lexicon = Lexicon()
    lexicon.matrix  # noqa: B018
    return lexicon


def play_every_answer(lexicon=None):
    """simulate: every answer, greedy entropy, SOARE first (1 process)."""
    return simulate({"use_cache": False, "lexicon": lexicon or official()}, opener="soare").mean


def score_openers(lexicon=None, repeats=60):
    """openers: every guess scored over every answer (the first move), repeated."""
    lexicon = lexicon or official()
    everyone = lexicon.all_candidates()
    for _ in range(repeats):
        best = lexicon.score(everyone).best().word
    return best


def rank_by_lookahead(lexicon=None):
    """the lookahead ranking: two-step entropy of 150 seeded openers."""
    lexicon = lexicon or official()
    rows = np.random.default_rng(0).choice(lexicon.n_guesses, size=150, replace=False)
    values, _ = lookahead_searcher(lexicon).guess_values(np.arange(lexicon.n_answers), rows, 2)
    return round(float(values.max()), 6)


def play_quordle(lexicon=None):
    """several boards: 60 seeded Quordle games."""
    return simulate_boards({"lexicon": lexicon or official()}, boards=4, sample=60, seed=0).mean


def win_absurdle(lexicon=None):
    """Absurdle, normal mode: the fewest guesses that always win, proven."""
    return absurdle(lexicon or official()).guesses


def prove_salet(lexicon=None, mode="off"):
    """the exact search: SALET's total (the bound scans)."""
    lexicon = lexicon or official()
    searcher = exact_searcher(lexicon, mode)
    return searcher.after_guess(np.arange(lexicon.n_answers), lexicon.guess_index("salet"), 6)


JOBS = {"simulate": play_every_answer, "openers": score_openers, "lookahead": rank_by_lookahead,
        "boards": play_quordle, "absurdle": win_absurdle, "exact": prove_salet}


if __name__ == "__main__":
    job = JOBS[sys.argv[1]]
    while True:
        job()
