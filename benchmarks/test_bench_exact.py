"""Exact optimal search. Targets: SALET proven in under 2 s in normal mode and
under 4 s in hard mode, under 200 MB (the published C++ solver on this
machine model: 1.65 s and 3.3 s of CPU). Same-run baselines: the normal-mode
proof of the same opener next to each hard-mode one, and the brute-force twin
from the tests on a 15-answer list where it can finish."""

import subprocess
import sys

import numpy as np
import pytest
from conftest import mark

from wordle_fast import Lexicon
from wordle_fast.core._exact import ExactSearcher, searcher_with_switches
from wordle_fast.core._exact_twin import exact_total
from wordle_fast.core._feasible import FinishCheck
from wordle_fast.core._feasible_twin import FinishCheck as TwinCheck
from wordle_fast.core._scans import machine_lanes
from wordle_fast.exact.search import make_exact_searcher


def prove(official, opener, mode="off"):
    searcher = make_exact_searcher(official, mode)
    return searcher.after_guess(np.arange(official.n_answers), official.guess_index(opener), 6)


def peak_mb(opener, mode="off"):
    # a fresh process, so the high-water mark is this proof's alone
    code = ("import numpy as np, wordle_fast as wf; from wordle_fast.exact.search import make_exact_searcher; "
            f"lex = wf.Lexicon(); s = make_exact_searcher(lex, '{mode}'); "
            f"s.after_guess(np.arange(lex.n_answers), lex.guess_index('{opener}'), 6); "
            "print([l for l in open('/proc/self/status') if l.startswith('VmHWM')][0])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return round(int(done.stdout.split()[1]) / 1024)


@pytest.mark.parametrize("opener, total", [("salet", 7920), ("crate", 7926)])
def test_prove_opener(benchmark, official, opener, total):
    benchmark.group = f"exact: prove {opener.upper()} (normal mode, 6 guesses)"
    mark(benchmark, "kernel", total=total, peak_rss_mb=peak_mb(opener))
    assert benchmark.pedantic(prove, (official, opener), rounds=3) == total


@pytest.mark.parametrize("mode, total", [("off", 7920), ("hard", 8122), ("strict", 8125)])
def test_prove_salet_by_mode(benchmark, official, mode, total):
    benchmark.group = "exact: prove SALET, normal vs hard vs strict mode"
    mark(benchmark, "baseline" if mode == "off" else "kernel", mode=mode, total=total,
         peak_rss_mb=peak_mb("salet", mode))
    assert benchmark.pedantic(prove, (official, "salet", mode), rounds=5) == total


def brute_force(lexicon, max_guesses):
    return exact_total(lexicon.matrix, lexicon.length, max_guesses)


@pytest.fixture(scope="module")
def small(official):
    # related words, so no closed form settles them at once: the first 15
    # answers that give SALET bbbbb; the first 2000 guesses (Lexicon appends
    # the answers not among them)
    row = official.row("salet")
    answers = [official.answers[i] for i in np.flatnonzero(row == 0)[:15]]
    return Lexicon(answers=answers, guesses=official.guesses[:2000])


def test_small_list_compiled(benchmark, small):
    benchmark.group = "exact: 15 answers, about 2000 guesses, 4 guesses"
    mark(benchmark, "kernel")
    search = lambda: ExactSearcher(small.matrix, 5, small.answer_rows).solve(  # noqa: E731
        np.arange(small.n_answers), 4)
    assert benchmark(search) == brute_force(small, 4)


def test_small_list_brute_force_twin(benchmark, small):
    benchmark.group = "exact: 15 answers, about 2000 guesses, 4 guesses"
    mark(benchmark, "baseline", note="brute-force twin, _exact_twin.exact_total")
    benchmark.pedantic(brute_force, (small, 4), rounds=1, iterations=1)


def opener_can_finish(check_class, lexicon, searcher, opener):
    # every bucket of the opener asked, smallest first, as a table's search does
    row = lexicon.guess_index(opener)
    codes, legal = lexicon.matrix[row], np.arange(lexicon.n_guesses)
    check = check_class(searcher, lexicon)
    return all(check.can_finish(np.flatnonzero(codes == code), 5,
                                searcher.legal_after(legal, row, int(code)))
               for code in sorted(set(codes.tolist()), key=lambda c: (codes == c).sum())
               if code != 3 ** lexicon.length - 1)


@pytest.mark.parametrize("opener, finishes", [("raise", False), ("aglet", True)])
@pytest.mark.parametrize("implementation", ["compiled", "twin"])
def test_can_a_hard_mode_opener_finish(benchmark, official, opener, finishes, implementation):
    # The depth-only check of exact/feasibility.py, compiled against its
    # plain-Python twin (the baseline), on the original lists: RAISE cannot
    # guarantee six guesses in hard mode (386 sets), AGLET can (3465 sets).
    benchmark.group = f"exact: can {opener.upper()} finish in six, hard mode?"
    mark(benchmark, "kernel" if implementation == "compiled" else "baseline")
    check_class = FinishCheck if implementation == "compiled" else TwinCheck
    searcher = make_exact_searcher(official, "hard")
    assert benchmark.pedantic(opener_can_finish, (check_class, official, searcher, opener),
                              rounds=3) == finishes


@pytest.mark.parametrize("lanes", [lanes for lanes in (32, 16, 0) if lanes <= machine_lanes()])
@pytest.mark.parametrize("n", [100, 300])
def test_bound_scan_by_kernel(benchmark, official, n, lanes):
    # The scan the search spends most of its time in, every guess over a set
    # past the pairwise kernels: with 32 lanes (AVX2) the masks are kept in
    # registers, eight guesses at a time (_masks.h); with 16 or 0 the scalar
    # loop sets one bit in memory per member and guess (0: the baseline).
    # A set scanned again and again stays in cache, as the search's sets
    # mostly are not: in the search the gain is smaller (benchmarks/LOG.md,
    # "The masks scan in AVX2 registers").
    benchmark.group = f"exact: bound scan, {n} members over every guess"
    mark(benchmark, "baseline" if lanes == 0 else "kernel", lanes=lanes)
    members = np.sort(np.random.default_rng(n).choice(official.n_answers, n, replace=False))
    searcher = ExactSearcher(official.matrix, official.length, official.answer_rows,
                             n_threads=1, lanes=lanes)
    _, buckets = benchmark(searcher.guess_bounds, members)
    codes = np.sort(official.matrix[:, members], axis=1)
    assert np.array_equal(buckets, 1 + (np.diff(codes, axis=1) != 0).sum(axis=1))


ABLATIONS = {
    "all on": {},
    "no closed forms from the candidates": {"closed_forms": False},
    "buckets smallest first, not largest first": {"bucket_order": "smallest"},
    "buckets in code order, not largest first": {"bucket_order": "code"},
    "every guess scanned, not only those the parent's counts allow": {"reach_scan": False},
    "no bounds noted for unions of a guess's buckets": {"union_bounds": False},
    "memo of one entry": {"max_entries": 1},
    "bound scan on one thread": {"n_threads": 1},
}


@pytest.mark.parametrize("variant", list(ABLATIONS))
def test_what_each_technique_pays(benchmark, official, variant):
    # The same proof with one technique switched off at a time; "all on" is
    # the baseline. Same total every time: only the speed may change.
    benchmark.group = "exact: SALET with one technique off"
    mark(benchmark, "baseline" if variant == "all on" else "kernel", variant=variant)

    def prove_with():
        searcher = searcher_with_switches(official.matrix, official.length,
                                          official.answer_rows, **ABLATIONS[variant])
        return searcher.after_guess(np.arange(official.n_answers),
                                    official.guess_index("salet"), 6)

    assert benchmark.pedantic(prove_with, rounds=3) == 7920


EDITION_BEST = [   # the proven best opener of each edition and mode, and its total
    ("original", "off", "salet", 7920), ("original", "hard", "salet", 8122),
    ("nyt2022", "off", "salet", 7897), ("nyt2022", "hard", "salet", 8099),
    ("nyt2022-08", "off", "tarse", 7883), ("nyt2022-08", "hard", "salet", 8097),
    ("nyt2023", "off", "tarse", 11219), ("nyt2023", "hard", "tarse", 11627),
]


@pytest.mark.parametrize("edition, mode, opener, total", EDITION_BEST)
def test_prove_best_opener_of_each_edition(benchmark, edition, mode, opener, total):
    # Search time only (lists loaded, matrix built outside the timing); the
    # original lists' SALET in the same mode is the baseline.
    benchmark.group = f"exact: each edition's best opener ({'normal' if mode == 'off' else mode})"
    lexicon = Lexicon.edition(edition)
    lexicon.matrix  # noqa: B018
    mark(benchmark, "baseline" if edition == "original" else "kernel", edition=edition,
         answers=lexicon.n_answers, guesses=lexicon.n_guesses, total=total)
    rounds = 1 if edition == "nyt2023" else 3     # its hard-mode proof alone takes minutes
    assert benchmark.pedantic(prove, (lexicon, opener, mode), rounds=rounds) == total
