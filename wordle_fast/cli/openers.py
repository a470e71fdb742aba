"""``wordle-fast openers``: every first guess scored by a measure of its
pattern distribution, by n-step entropy (--depth), or proven exactly
(--exact, the opening table); optionally the best simulated."""

from __future__ import annotations

import csv
import sys
import time

from wordle_fast.cli.options import (
    add_hard_mode_options,
    add_json_option,
    add_long_search_options,
    add_max_guesses_option,
    add_prior_options,
    add_quiet_option,
    add_word_list_options,
    add_workers_option,
    capped_workers,
    given,
    lexicon_of,
    long_search_options,
    only_with,
    prior_of,
)
from wordle_fast.cli.output import (
    EXIT_OK,
    ProgressBar,
    StageProgress,
    check_output,
    send_json,
    wrote,
)
from wordle_fast.errors import EXIT_INTERRUPTED, InvalidOption
from wordle_fast.game.ranking import rank_openers
from wordle_fast.priors import weighing
from wordle_fast.rulebook import ONE_BOARD_LIMIT, Rules, mode_name
from wordle_fast.strategies import ONE_BOARD_STRATEGIES
from wordle_fast.words import counted

# measure -> (GuessScore attribute, True if larger is better)
OPENER_MEASURES = {
    "entropy": ("expected_bits", True),
    "expected-remaining": ("expected_remaining", False),
    "largest-bucket": ("largest_bucket", False),
    "buckets": ("n_buckets", True),
}


DESCRIPTION = ("Rank every allowed first guess by a measure of its pattern distribution "
               "over the answers (entropy by default, with the seeds' tie-breakers); "
               "--simulate K plays every answer with each of the top K and ranks them "
               "by mean guesses.")

EXAMPLES = """\
examples:
  wordle-fast openers --top 10
  wordle-fast openers --by largest-bucket --csv
  wordle-fast openers --simulate 5 --workers 2
  wordle-fast openers --depth 2 --top 5
  wordle-fast openers --exact                   # the optimum and its proof
  wordle-fast openers --exact --lists nyt2023 --hard
  wordle-fast openers --exact --all --results table.json   # every opener; resumable
  wordle-fast openers --exact --prior frequency  # the fewest expected guesses, proven
"""


def add_arguments(parser) -> None:
    parser.add_argument("--top", type=int, default=10, metavar="N",
                        help="how many to show (default 10; 0 for all)")
    parser.add_argument("--by", choices=list(OPENER_MEASURES), default="entropy",
                        help="the measure to sort by (default: entropy)")
    parser.add_argument("--guess-pool", choices=["allowed", "candidates"], default="allowed",
                        help="score every allowed guess, or only possible answers")
    parser.add_argument("--simulate", type=int, default=0, metavar="K",
                        help="play every answer with each of the top K openers")
    parser.add_argument("--depth", type=int, default=1, metavar="K",
                        help="rank by K-step entropy (lookahead; default 1, plain entropy)")
    parser.add_argument("--width", type=int, default=None, metavar="W",
                        help="with --depth: expand only the best W guesses by one-step entropy "
                             "at each level (default: all, exact)")
    _add_exact_options(parser)
    parser.add_argument("--strategy", choices=ONE_BOARD_STRATEGIES, default=None,
                        help="strategy after the opener, with --simulate")
    add_hard_mode_options(parser, "hard mode for --simulate, --exact and --depth")
    add_workers_option(parser, "processes for --simulate (default 1) or for the search stage "
                               "of --exact (default: one per core)")
    add_quiet_option(parser)
    output = parser.add_mutually_exclusive_group()
    add_json_option(output, "the ranking")
    output.add_argument("--csv", action="store_true", help="comma-separated output")
    add_word_list_options(parser)


def _add_exact_options(parser) -> None:
    parser.add_argument("--exact", action="store_true",
                        help="the exact opening table: every allowed opener's proven total "
                             "(within --within of the optimum) or a proven lower bound; read "
                             "from the shipped table when the lists match, else computed, "
                             "saved as it goes and resumed by a rerun")
    parser.add_argument("--all", dest="complete", action="store_true",
                        help="with --exact: the complete table, every opener settled (its "
                             "exact total, or the fewest guesses it can guarantee when it "
                             "cannot finish in time); long, saved as it goes and resumed by "
                             "a rerun")
    parser.add_argument("--within", type=int, default=None, metavar="D",
                        help="with --exact: exact totals for every opener within D of the "
                             "optimum (default 0: the optimum and its ties)")
    add_max_guesses_option(parser, "guesses allowed per game, with --exact (default 6)")
    parser.add_argument("--results", metavar="FILE",
                        help="where --exact keeps proven entries (default: the cache directory)")
    parser.add_argument("--incumbent", metavar="WORD", type=str.lower,
                        help="with --exact: solve this opener first, its total the first "
                             "optimum the others are held to (default: the best bound of a "
                             "shortlist by expected remaining set)")
    add_long_search_options(parser, "with --exact; default: the cache directory's with "
                                    "--all, none without")
    parser.add_argument("--recompute", action="store_true",
                        help="with --exact: ignore the shipped table and saved results")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="with --exact: share the proofs out over the Dask cluster whose "
                             "scheduler is at ADDRESS (e.g. tcp://10.0.0.5:8786) instead of "
                             "local --workers; needs wordle-fast[cluster] here and on the "
                             "workers")
    add_prior_options(parser)   # (with --exact: the table of expected guesses under it)


def run(args) -> int:
    _check(args)
    started = time.perf_counter()
    lexicon = lexicon_of(args)
    if args.exact:
        return _exact(args, lexicon)
    if args.depth > 1:
        return _by_lookahead(args, lexicon, started)
    return _by_measure(args, lexicon, started)


def _check(args) -> None:
    """Every option checked before any work."""
    if args.top < 0:
        raise InvalidOption(f"--top must be 0 (all) or more, got {args.top}")
    if args.simulate < 0:
        raise InvalidOption(f"--simulate must be 0 or more, got {args.simulate}")
    only_with(args, args.exact, "--exact", within="--within", complete="--all",
              max_guesses="--max-guesses", results="--results", recompute="--recompute",
              scheduler="--scheduler", incumbent="--incumbent", store="--store",
              memo="--memo")
    only_with(args, args.simulate > 0, "--simulate K", strategy="--strategy")
    only_with(args, args.simulate > 0 or args.exact, "--simulate K or --exact",
              workers="--workers")
    only_with(args, args.depth > 1, "--depth 2 or more", width="--width")
    only_with(args, args.exact or args.prior == "uniform", "--exact", prior="--prior")
    only_with(args, args.exact, "--exact", prior_default="--prior-default")
    if args.depth < 1:
        raise InvalidOption(f"--depth must be at least 1, got {args.depth}")
    if args.results == "-":
        raise InvalidOption("--results needs a file name: the proofs are saved there as they "
                            "go, and read back by a rerun")
    check_output("--json", args.json)
    check_output("--results", args.results)
    args.store, args.memo_bytes = long_search_options(args)


# -- by a measure of the first move ----------------------------------------------------

def _by_measure(args, lexicon, started) -> int:
    scores = lexicon.score(pool=args.guess_pool)
    attribute, larger_is_better = OPENER_MEASURES[args.by]
    ranked = scores.ranked()
    if args.by != "entropy":
        # stable sort on the measure keeps the entropy order among equals
        ranked.sort(key=lambda row: -getattr(row, attribute) if larger_is_better
                    else getattr(row, attribute))
    elapsed = time.perf_counter() - started
    shown = ranked[:args.top] if args.top else ranked
    simulations = _simulations(args, lexicon, [row.word for row in ranked[:args.simulate]])
    if send_json(args.json, {
            "answers": lexicon.n_answers, "guesses_scored": len(scores), "sorted_by": args.by,
            "openers": [{"rank": rank, **vars(row)} for rank, row in enumerate(shown, 1)],
            "simulated": [{"rank": rank, "opener": word, **result.to_dict(sequences=False)}
                          for rank, (word, result) in enumerate(simulations.items(), 1)],
    }):
        return EXIT_OK
    if args.csv:
        writer = csv.writer(sys.stdout)
        writer.writerow(["rank", "word", "expected_bits", "expected_remaining", "largest_bucket",
                         "n_buckets", "is_candidate"])
        for rank, row in enumerate(shown, 1):
            writer.writerow([rank, row.word, f"{row.expected_bits:.6f}",
                             f"{row.expected_remaining:.4f}", row.largest_bucket, row.n_buckets,
                             int(row.is_candidate)])
        return EXIT_OK
    width = max(5, lexicon.length)
    print(f"{'rank':>4}  {'guess':<{width}}  {'bits':>7}  {'E[left]':>8}  {'worst':>5}  "
          f"{'buckets':>7}  answer?")
    for rank, row in enumerate(shown, 1):
        print(f"{rank:>4}  {row.word:<{width}}  {row.expected_bits:>7.4f}  "
              f"{row.expected_remaining:>8.2f}  {row.largest_bucket:>5}  {row.n_buckets:>7}  "
              f"{'yes' if row.is_candidate else 'no'}")
    print(f"scored {counted(len(scores), 'guess', 'guesses')} over "
          f"{counted(lexicon.n_answers, 'answer')} in "
          f"{elapsed * 1000:.0f} ms (lists loaded, matrix built, every guess scored)")
    _print_simulations(args, simulations, width)
    wrote(args.json)
    return EXIT_OK


def _simulations(args, lexicon, openers: list[str]) -> dict:
    """opener -> its full simulation, best first (none without --simulate)."""
    if not openers:
        return {}
    config = {"lexicon": lexicon, "strategy": given(args.strategy, "entropy"),
              "guess_pool": args.guess_pool, "hard_mode": args.hard_mode}
    workers = capped_workers("--workers", args.workers, len(openers))
    progress = ProgressBar("Simulating openers", enabled=not args.quiet)
    return {result.config["opener"]: result
            for result in rank_openers(config, openers, workers=workers, progress=progress)}


def _print_simulations(args, simulations: dict, width: int) -> None:
    if not simulations:
        return
    print(f"\nEvery answer played with each of the top {len(simulations)} openers "
          f"(strategy {given(args.strategy, 'entropy')}, hard mode {args.hard_mode}):")
    print(f"{'rank':>4}  {'opener':<{width}}  {'mean':>6}  {'solved':>7}  {'failed':>6}  "
          f"{'worst':>5}  distribution 1..6")
    for rank, (word, result) in enumerate(simulations.items(), 1):
        worst = max(len(g) for g in result.sequences.values())
        print(f"{rank:>4}  {word:<{width}}  {result.mean:>6.4f}  {result.solved:>7}  "
              f"{result.failed:>6}  {worst:>5}  "
              f"{' '.join(str(v) for v in result.distribution.values())}")


# -- by n-step entropy -------------------------------------------------------------------

def _by_lookahead(args, lexicon, started) -> int:
    if args.width is not None and args.width < 1:
        raise InvalidOption(f"--width must be at least 1, got {args.width}")
    if args.by != "entropy" or args.simulate or args.csv:
        raise InvalidOption("--depth ranks by n-step entropy; it does not combine with "
                            "--by, --simulate or --csv")
    from wordle_fast.strategies.lookahead import rank_openers_by_lookahead

    progress = ProgressBar(f"{args.depth}-step entropy of every opener", enabled=not args.quiet)
    ranking = rank_openers_by_lookahead(lexicon, depth=args.depth, width=args.width,
                                        pool=args.guess_pool, progress=progress,
                                        hard_mode=args.hard_mode)
    elapsed = time.perf_counter() - started
    note = ("" if ranking.complete else
            f"interrupted after {len(ranking)} of {ranking.to_evaluate} openers: the ranking "
            "covers those")
    summary = ranking.to_dict(top=args.top)
    if send_json(args.json, {**summary, "seconds": elapsed}):
        return EXIT_OK
    width = max(5, lexicon.length)
    print(f"{'rank':>4}  {'guess':<{width}}  {f'{args.depth}-step':>7}  {'1-step':>7}")
    for rank, word, bits, one_step in ranking.rows(args.top):
        print(f"{rank:>4}  {word:<{width}}  {bits:>7.4f}  {one_step:>7.4f}")
    stats = summary["memo"]
    print(f"{len(ranking)} openers, {args.depth}-step entropy, hard mode {args.hard_mode}, "
          f"{'every guess expanded' if args.width is None else f'width {args.width}'}: "
          f"{elapsed:.1f} s; memo {stats['entries']} entries, {stats['hits']} hits, "
          f"{stats['misses']} misses")
    if note:
        print(note)
    wrote(args.json)
    return EXIT_OK


# -- the exact opening table ---------------------------------------------------------------

def _exact(args, lexicon) -> int:
    from wordle_fast.cli.notices import announce_opening_table
    from wordle_fast.exact.proof import opening_table
    from wordle_fast.exact.settle import complete_table
    from wordle_fast.exact.scheduling import cluster_executor, default_workers

    if args.depth > 1 or args.simulate or args.by != "entropy" or args.guess_pool != "allowed":
        raise InvalidOption("--exact proves every allowed opener; it does not combine with "
                            "--depth, --simulate, --by or --guess-pool")
    args.within, args.max_guesses = given(args.within, 0), given(args.max_guesses, ONE_BOARD_LIMIT)
    if args.within < 0 or (args.complete and args.within):
        raise InvalidOption(f"--within must be 0 or more guesses, got {args.within}" if
                            args.within < 0 else "--all settles every opener exactly; --within "
                            "does not combine with it")
    if args.scheduler and args.workers is not None:
        raise InvalidOption("--workers sets local processes; with --scheduler the cluster's "
                            "workers do the proofs: drop one of the two")
    workers = capped_workers("--workers", args.workers, lexicon.n_guesses,
                             default=default_workers())
    rules = Rules(args.hard_mode, args.max_guesses)
    prior = weighing(prior_of(args, lexicon), lexicon.answers)
    announce_opening_table("wordle-fast openers --exact", lexicon, rules, args.results,
                           quiet=args.quiet, recompute=args.recompute, prior=prior)
    executor, client = cluster_executor(args.scheduler) if args.scheduler else (None, None)
    progress = StageProgress(enabled=not args.quiet)
    try:
        if args.complete:
            table = complete_table(lexicon, rules=rules, workers=workers, executor=executor,
                                   results_path=args.results, progress=progress,
                                   store=True if args.store is None else args.store,
                                   memo_bytes=args.memo_bytes, recompute=args.recompute,
                                   incumbent=args.incumbent, prior=prior)
        else:
            table = opening_table(lexicon, within=args.within, rules=rules, workers=workers,
                                  executor=executor, results_path=args.results,
                                  recompute=args.recompute, progress=progress,
                                  incumbent=args.incumbent, memo_bytes=args.memo_bytes,
                                  store=False if args.store is None else args.store,
                                  prior=prior)
    except KeyboardInterrupt:
        print("wordle-fast openers: interrupted; the entries proven so far are saved; run the "
              "same command again to resume", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        if client is not None:
            client.close()
    code = _show_table(args, lexicon, table)
    if table.unsaved:      # said after the table, which is the answer
        print(f"wordle-fast openers: {table.unsaved}", file=sys.stderr)
    return code


def _show_table(args, lexicon, table) -> int:
    if send_json(args.json, table.to_dict(top=args.top), indent=1):
        return EXIT_OK
    shown = list(zip(table.ranks(), table.ranked()))
    shown = shown[:args.top] if args.top else shown
    if args.csv:
        writer = csv.writer(sys.stdout)
        extra = ["guarantee", "guarantee_total"] if args.complete else []
        writer.writerow(["rank", "opener", "status", "total", "mean"] + extra)
        for rank, entry in shown:
            mean = table.mean(entry)
            writer.writerow(["" if rank is None else rank, entry.opener, entry.status,
                             "" if entry.total is None else entry.total,
                             "" if mean is None else f"{mean:.4f}"]
                            + [entry.guarantee or "", entry.guarantee_total or ""][:len(extra)])
        return EXIT_OK
    _print_table(args, lexicon, table, shown)
    wrote(args.json)
    return EXIT_OK


def _best_guarantee(table) -> str:
    """The best guarantee the table knows, in words ("" if none)."""
    known = [e for e in table.entries.values() if e.guarantee is not None]
    if not known:
        return ""
    least = min((e.guarantee, e.guarantee_total) for e in known)
    best = [e.opener.upper() for e in known if (e.guarantee, e.guarantee_total) == least]
    return (f" (the best guarantee: {least[0]} guesses, {least[1]} in total, by "
            f"{', '.join(best[:5])}{' ...' if len(best) > 5 else ''})")


def _print_table(args, lexicon, table, shown) -> None:
    width = max(6, lexicon.length)
    mass = table.total_weight     # (uniform: the columns as they always were)
    digits = len(" total") if table.prior is None else len(f">={mass * args.max_guesses}")
    print(f"{'rank':>5}  {'opener':<{width}}  {'status':<13}  {'total':>{digits}}  {'mean':>7}")
    for rank, entry in shown:
        total = "" if entry.total is None else (
            f"{entry.total:>{digits}}" if entry.status == "exact" else f">={entry.total}")
        mean = table.mean(entry)
        guarantee = ("" if entry.guarantee is None else
                     f"  (guarantees {entry.guarantee}: {entry.guarantee_total})")
        print(f"{'-' if rank is None else rank:>5}  {entry.opener:<{width}}  {entry.status:<13}  "
              f"{total:>{digits}}  "
              f"{'' if mean is None or entry.status != 'exact' else f'{mean:.4f}':>7}"
              + guarantee)
    counts = table.counts()
    if table.optimum is not None:
        outcome = f"optimum {table.optimum} ({', '.join(w.upper() for w in table.best)})"
        if table.prior is not None:
            outcome += (f" under the prior {table.prior.name}: {table.optimum / mass:.4f} "
                        f"expected guesses ({table.optimum} / {mass} in whole weights)")
        bounds = f"{counts['lower bound']} lower bounds above {table.optimum + table.within}, "
    else:
        outcome = (f"no opener finishes every answer within "
                   f"{counted(args.max_guesses, 'guess', 'guesses')}"
                   + _best_guarantee(table))
        bounds = ""
    print(f"{outcome}, {mode_name(args.hard_mode)} mode, "
          f"at most {args.max_guesses} guesses; {len(table.entries)} openers: {counts['exact']} "
          f"exact, {bounds}"
          f"{counts['cannot finish']} cannot finish; {table.source} in {table.seconds:.1f} s"
          + (f" ({table.reused} entries from earlier runs)" if table.reused else "")
          + ("; complete" if table.complete else ""))
    if any(rank is None for rank, _ in shown):
        print("(-: not ranked; a lower bound is only proven above the optimum, and an opener "
              "that cannot finish is ranked by the guesses it can guarantee, once known)")
    if "incumbent_seconds" in table.stages:
        stages = table.stages
        print(f"stages: incumbent {stages['incumbent_seconds']:.1f} s; bound pass over "
              f"{stages['openers_bounded']} openers {stages['bound_pass_seconds']:.1f} s"
              + (f" ({stages['bounds_reused']} bounds from an earlier run)"
                 if stages.get("bounds_reused") else "") + "; search of the "
              f"{stages['openers_searched']} left {stages['search_seconds']:.1f} s")
