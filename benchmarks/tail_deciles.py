"""Where an opening table's time goes: openers sampled from each decile of a
shipped table, each proven from scratch by two builds side by side.

The deciles are of the table's entries ordered by their total (the exact
total, or the proven bound where the table holds only a bound; openers that
cannot finish last, by their fewest guarantee and least total where known:
the table's own ranking), so decile 10 is the tail that keeps a complete
table long. From each decile ``--per-decile`` openers are drawn with ``--seed``.
Each opener is one fresh process per build, the builds alternating opener by
opener so that the machine's load falls on both alike; each process runs one
kernel thread. Reported per opener and build: the search CPU
(``process_time`` around ``opener_total``, and ``fewest_guarantee`` for a
hard-mode opener that cannot finish in six, after the lists and the matrix
are loaded), the states the search visited, and the process's peak memory.
Each build proves an opener as its own complete table would: with the
depth-only check of the opener's buckets first (``finish_check``) where
the build has it (a build before it searched a hopeless hard opener's
buckets exactly, ACETA 62 s, to find the one that cannot finish).
The totals of the two builds must agree (a disagreement is an error).
With ``--cap SECONDS`` a baseline that takes longer (fee7738 took half an
hour and more on some poor openers) is stopped, and its search CPU until
then is reported as a lower bound (``>``; the ratio an upper bound, ``<``).

    git worktree add /tmp/old <commit> && (cd /tmp/old && python setup.py build_ext --inplace)
    python benchmarks/tail_deciles.py --lists nyt2023 --mode off --baseline /tmp/old

With ``--guarantee-stage N`` it times instead what a hard table does last:
``N`` of the table's openers that cannot finish in six (drawn with
``--seed``; or the ``--openers`` named, then with no ``N``), each asked
``fewest_guarantee`` in turn by one searcher in one process per build,
with a memo of ``--memo`` GiB as the table's worker has it (``--memo 2``),
so later openers find what earlier ones proved. Each build runs
``--rounds`` times, the builds alternating round by round; the figure is
each build's median over its rounds of the summed search CPU.

    python benchmarks/tail_deciles.py --lists nyt2023 --mode hard --guarantee-stage 12 \
        --seed 7 --rounds 4 --baseline /tmp/old

Only the package's public exact-search API is used, so an older tree runs
the same code paths.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
from pathlib import Path

# Each script's start: the lists named by its first argument, one kernel thread.
LOAD_LEXICON = """
import inspect, json, resource, sys, time
from wordle_fast.lexicon import Lexicon
from wordle_fast.words import load_answers, load_guesses
from wordle_fast.exact.search import fewest_guarantee, make_exact_searcher, opener_total
lists = sys.argv[1]
lexicon = Lexicon(list(load_answers(lists)), list(load_guesses(lists)), n_threads=1)
"""

PROVE = LOAD_LEXICON + """
mode, word = sys.argv[2], sys.argv[3]
searcher = make_exact_searcher(lexicon, mode, n_threads=1)
lexicon.matrix
print(json.dumps({"loaded_cpu": time.process_time()}), flush=True)
row = lexicon.guess_index(word)
as_a_table = ({"finish_check": True}
              if "finish_check" in inspect.signature(opener_total).parameters else {})
started = time.process_time()
total = int(opener_total(searcher, lexicon, row, 6, **as_a_table))
guarantee = None
if total >= 1 << 40:
    total = None
    if mode != "off":
        guarantee = list(fewest_guarantee(searcher, lexicon, row, 6))
cpu = time.process_time() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"total": total, "guarantee": guarantee, "search_cpu": cpu,
                  "states": int(searcher.states), "peak_mb": peak}))
"""


GUARANTEE_STAGE = LOAD_LEXICON + """
words, memo_gib = sys.argv[2].split(","), float(sys.argv[3])
searcher = make_exact_searcher(lexicon, "hard", n_threads=1,
                               memo_bytes=int(memo_gib * (1 << 30)))
lexicon.matrix
for word in words:
    states = int(searcher.states)
    started = time.process_time()
    guarantee = list(fewest_guarantee(searcher, lexicon, lexicon.guess_index(word), 6))
    print(json.dumps({"opener": word, "guarantee": guarantee,
                      "search_cpu": time.process_time() - started,
                      "states": int(searcher.states) - states}), flush=True)
"""


def table_order(lists: str, mode: str, tree: Path) -> list[tuple[str, int | None]]:
    """The shipped table's openers in the table's own ranking
    (``OpeningTable.ranked``: by total, bound where only a bound; those that
    cannot finish last, by the fewest guesses they guarantee and their least
    total within them where known), read with the given tree's package."""
    code = ("import json, sys\n"
            "from wordle_fast.lexicon import Lexicon\n"
            "from wordle_fast.exact.tables import shipped_table\n"
            "lexicon = Lexicon.edition(sys.argv[1])\n"
            "try:  # the rules as one value (from 2026-11-29), or the mode alone before\n"
            "    from wordle_fast.rulebook import Rules\n"
            "    table = shipped_table(lexicon, Rules(sys.argv[2]))\n"
            "except ImportError:\n"
            "    table = shipped_table(lexicon, sys.argv[2])\n"
            "print(json.dumps([[e.opener, e.total] for e in table.ranked()]))")
    done = subprocess.run([sys.executable, "-c", code, lists, mode], cwd=tree, check=True,
                          capture_output=True, text=True)
    return [(word, total) for word, total in json.loads(done.stdout)]


def sample(entries, per_decile: int, seed: int) -> list[tuple[int, str, int | None]]:
    rng = random.Random(seed)
    chosen = []
    for decile in range(10):
        part = entries[decile * len(entries) // 10:(decile + 1) * len(entries) // 10]
        for word, total in rng.sample(part, min(per_decile, len(part))):
            chosen.append((decile + 1, word, total))
    return chosen


def prove(tree: Path, lists: str, mode: str, word: str, cap: float | None = None) -> dict:
    """One opener proven in a fresh process of ``tree``'s build. Past
    ``cap`` seconds (wall) the process is stopped and its result is only a
    lower bound on the search CPU: the process's CPU when stopped less what
    loading took (``"stopped": True``, no total)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    process = subprocess.Popen([sys.executable, "-c", PROVE, lists, mode, word], cwd=tree,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "OMP_NUM_THREADS": "1"})
    try:
        out, err = process.communicate(timeout=cap)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        loaded = json.loads(out.splitlines()[0])["loaded_cpu"] if out.strip() else 0.0
        return {"total": None, "guarantee": None, "search_cpu": used - loaded,
                "states": -1, "peak_mb": float("nan"), "stopped": True}
    if process.returncode:
        raise RuntimeError(f"{word} in {tree} failed ({process.returncode}): {err[-500:]}")
    return json.loads(out.strip().splitlines()[-1])


def guarantee_stage(trees: list[Path], lists: str, words: list[str], memo_gib: float,
                    rounds: int) -> None:
    """Each build asks ``words`` their fewest guarantee in one process, round
    after round; prints each opener's result and each build's medians."""
    print(f"{lists}, hard mode, the guarantee stage of {len(words)} openers in one process "
          f"per build, memo {memo_gib} GiB, {rounds} rounds")
    sums: dict[Path, list[float]] = {tree: [] for tree in trees}
    expected = None
    for index in range(rounds):
        for tree in (trees if index % 2 == 0 else trees[::-1]):
            done = subprocess.run([sys.executable, "-c", GUARANTEE_STAGE, lists, ",".join(words),
                                   str(memo_gib)], cwd=tree, capture_output=True, text=True,
                                  env={**os.environ, "OMP_NUM_THREADS": "1"})
            if done.returncode:
                raise RuntimeError(f"{tree} failed ({done.returncode}): {done.stderr[-500:]}")
            results = [json.loads(line) for line in done.stdout.splitlines()]
            found = [r["guarantee"] for r in results]
            if expected is None:
                expected = found
                for r in results:
                    print(f"  {r['opener']:<8} g{r['guarantee'][0]} {r['guarantee'][1]:>6} "
                          f"{r['search_cpu']:>7.2f} s {r['states']:>9} states")
            elif found != expected:
                raise SystemExit(f"{tree} disagrees: {found} against {expected}")
            sums[tree].append(sum(r["search_cpu"] for r in results))
            print(f"round {index + 1}, {tree}: {sums[tree][-1]:.1f} s", flush=True)
    medians = {tree: statistics.median(values) for tree, values in sums.items()}
    for tree, value in medians.items():
        print(f"{tree}: median {value:.1f} s, {value / len(words):.2f} s an opener")
    if len(trees) > 1:
        print(f"ratio this build / baseline: {medians[trees[0]] / medians[trees[1]]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", default="nyt2023")
    parser.add_argument("--mode", choices=["off", "hard"], default="off")
    parser.add_argument("--per-decile", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deciles", default="1-10", help="which deciles, e.g. 10 or 8-10")
    parser.add_argument("--openers", help="these openers (comma-separated) instead of a "
                        "sample; their decile is shown as 0")
    parser.add_argument("--baseline", type=Path, help="a second tree, built in place")
    parser.add_argument("--cap", type=float, help="stop the baseline's proof of an opener "
                        "after this many seconds; its CPU is then a lower bound (shown >)")
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--guarantee-stage", type=int, nargs="?", const=0, metavar="N",
                        help="time the hard table's last stage on N openers that cannot "
                        "finish, drawn with --seed, or on --openers (then without N)")
    parser.add_argument("--memo", type=float, default=2.0, help="GiB, for --guarantee-stage")
    parser.add_argument("--rounds", type=int, default=2, help="for --guarantee-stage")
    args = parser.parse_args()
    first, _, last = args.deciles.partition("-")
    wanted = range(int(first), int(last or first) + 1)
    trees = [args.tree] + ([args.baseline] if args.baseline else [])
    if args.guarantee_stage is not None:
        if args.mode != "hard":
            parser.error("--guarantee-stage is the hard table's stage: add --mode hard")
        if bool(args.openers) == bool(args.guarantee_stage):
            parser.error("--guarantee-stage N draws N openers: give N or --openers, not both"
                         if args.openers else "--guarantee-stage needs N, or --openers")
        if args.openers:
            words = [word.strip().lower() for word in args.openers.split(",")]
        else:   # the table is read only to draw from it
            unable = [word for word, total in table_order(args.lists, "hard", args.tree)
                      if total is None]
            words = random.Random(args.seed).sample(unable,
                                                    min(args.guarantee_stage, len(unable)))
        guarantee_stage(trees, args.lists, words, args.memo, args.rounds)
        return
    if args.openers:
        chosen = [(0, word.strip().lower(), None) for word in args.openers.split(",")]
    else:
        chosen = [c for c in sample(table_order(args.lists, args.mode, args.tree),
                                    args.per_decile, args.seed) if c[0] in wanted]
    names = ["this build"] + (["baseline"] if args.baseline else [])
    print(f"{args.lists}, mode {args.mode}, seed {args.seed}, {args.per_decile} per decile; "
          "search CPU s / states / peak MB per build")
    print(f"{'decile':>6} {'opener':<8} {'table':>7} " + " ".join(f"{n:>28}" for n in names)
          + ("   ratio" if args.baseline else ""))
    ratios, capped = {}, set()
    for index, (decile, word, shipped) in enumerate(chosen):
        order = trees if index % 2 == 0 else trees[::-1]
        results = {tree: prove(tree, args.lists, args.mode, word,
                               args.cap if tree == args.baseline else None) for tree in order}
        found = {(r["total"], json.dumps(r["guarantee"])) for r in results.values()
                 if not r.get("stopped")}
        if len(found) > 1:
            raise SystemExit(f"{word}: the builds disagree: {found}")
        cells = " ".join(f"{'>' if r.get('stopped') else ' '}{r['search_cpu']:>8.2f} "
                         f"{r['states']:>10} {r['peak_mb']:>6.0f}"
                         for r in (results[t] for t in trees))
        ratio = ""
        if args.baseline:
            # a stopped baseline makes the ratio an upper bound (shown <)
            base = results[args.baseline]
            ratios.setdefault(decile, []).append(results[args.tree]["search_cpu"]
                                                 / base["search_cpu"])
            if base.get("stopped"):
                capped.add(decile)
            ratio = f" {'<' if base.get('stopped') else ' '}{ratios[decile][-1]:>6.2f}"
        value = results[args.tree]["total"]
        shown = value if value is not None else f"g{results[args.tree]['guarantee']}"
        print(f"{decile:>6} {word:<8} {shown!s:>7} {cells}{ratio}", flush=True)
    for decile, values in sorted(ratios.items()):
        # (a stopped baseline can only lower the true ratio, so the median too)
        bound = "at most " if decile in capped else ""
        print(f"decile {decile}: median ratio this build / baseline "
              f"{bound}{statistics.median(values):.2f}")


if __name__ == "__main__":
    main()
