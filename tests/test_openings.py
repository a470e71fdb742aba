"""The exact opening table: every opener's certificate against the
brute-force twin, persistence and resumption, the CLI, and the shipped tables."""

import json
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_exact import small_lists, trap_lists
from wordle_fast import Lexicon, WordleError
from wordle_fast.cli import main
from wordle_fast.core._exact import UNSOLVABLE
from wordle_fast.core._exact_twin import INFEASIBLE, exact_total
from wordle_fast.exact.optimum import optimal
from wordle_fast.exact.proof import opening_table
from wordle_fast.exact.results import save_table
from wordle_fast.exact.scheduling import bound_pass_order, same_letters
from wordle_fast.exact.search import least_totals, make_exact_searcher
from wordle_fast.exact.settle import WORST_FIRST, complete_table, settle_openers, worst_first
from wordle_fast.exact.tables import (
    CANNOT_FINISH, EXACT, LOWER_BOUND, OpenerEntry, shipped_progress, shipped_table,
    table_description)
from wordle_fast.exact.trees import verify_tree
from wordle_fast.rulebook import Rules


def twin_totals(lexicon, max_guesses, mode):
    encoded = [tuple(word) for word in lexicon.encoded_guesses]
    return exact_total(lexicon.matrix, lexicon.length, max_guesses, mode=mode,
                       guesses=None if mode == "off" else encoded, per_opener=True)


def check_certificate(table, lexicon, slow, within):
    optimum = min(slow)
    assert set(table.entries) == set(lexicon.guesses)
    for row, word in enumerate(lexicon.guesses):
        entry = table.entries[word]
        if entry.status == EXACT:
            assert entry.total == slow[row], word
        elif entry.status == LOWER_BOUND:
            # a true bound, and above the margin: this opener needs no exact total
            assert entry.total <= slow[row], word
            assert optimum < INFEASIBLE and entry.total > optimum + within, word
        else:
            assert entry.status == CANNOT_FINISH and slow[row] >= INFEASIBLE, word
        if slow[row] < INFEASIBLE and slow[row] <= optimum + within:
            assert entry.status == EXACT, word
    if optimum < INFEASIBLE:
        assert table.optimum == optimum
        assert table.best == [w for row, w in enumerate(lexicon.guesses) if slow[row] == optimum]
    else:
        assert table.optimum is None and table.best == []


@given(st.one_of(small_lists(), trap_lists()), st.sampled_from(["off", "hard", "strict"]),
       st.sampled_from([0, 0, 2, 10]))
@pytest.mark.slow
@settings(max_examples=100, deadline=None)
def test_every_certificate_agrees_with_brute_force(tmp_path_factory, case, mode, within):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    results = tmp_path_factory.mktemp("table") / "results.json"
    table = opening_table(lexicon, mode, max_guesses, within, results_path=results)
    check_certificate(table, lexicon, twin_totals(lexicon, max_guesses, mode), within)


@given(small_lists(), st.data())
@settings(max_examples=30, deadline=None)
def test_a_named_incumbent_changes_no_claim(tmp_path_factory, case, data):
    # the opener named is solved first, whatever it is, and the certificate
    # is the same as without it (the store searched with does not change it)
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    incumbent = data.draw(st.sampled_from(lexicon.guesses))
    folder = tmp_path_factory.mktemp("incumbent")
    table = opening_table(lexicon, None, max_guesses, results_path=folder / "results.json",
                          incumbent=incumbent, store=folder / "states.sqlite")
    slow = twin_totals(lexicon, max_guesses, "off")
    check_certificate(table, lexicon, slow, 0)
    if slow[lexicon.guess_index(incumbent)] < INFEASIBLE:
        assert table.entries[incumbent].status == EXACT


def test_a_shipped_table_in_progress_is_where_a_run_goes_on_from(tmp_path, monkeypatch):
    # A table no run has finished (the big-hidden certificate) ships as far
    # as proven: it never answers as a shipped table does, but a run for
    # its lists starts from its entries and its openers' bounds, and ends
    # with the certificate the brute-force twin agrees with.
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade",
             "naval", "serve", "heath", "dwarf", "model", "karma", "stink", "grade"]
    lexicon = Lexicon(answers=words, guesses=words + ["slate", "crane", "moldy"])
    full = opening_table(lexicon, results_path=tmp_path / "full.json")
    slow = twin_totals(lexicon, 6, "off")
    proven = {w: e for w, e in full.entries.items() if e.status == EXACT}
    bounds = {w: int(least_totals(lexicon)[lexicon.guess_index(w)])
              for w in lexicon.guesses[:5] if w not in proven}
    shipped = tmp_path / "data"
    shipped.mkdir()
    save_table(shipped / "exact-openers-test.json", table_description(lexicon, Rules()),
               proven, 0, bounds)
    monkeypatch.setattr("wordle_fast.exact.tables.data_folder", lambda: shipped)
    assert shipped_table(lexicon) is None
    progress = shipped_progress(lexicon)
    assert {w: e.status for w, e in progress.items()} == {
        **{w: LOWER_BOUND for w in bounds}, **{w: EXACT for w in proven}}
    table = opening_table(lexicon, results_path=tmp_path / "resumed.json")
    # reused: the exact entries, and any bound that already refutes its opener
    assert table.reused == len(proven) + sum(b > min(slow) for b in bounds.values())
    check_certificate(table, lexicon, slow, 0)
    assert shipped_progress(Lexicon(answers=words[:-1], guesses=words)) == {}


def test_an_unknown_incumbent_is_named(tmp_path):
    with pytest.raises(WordleError, match="xyzzy"):
        opening_table(Lexicon(), results_path=tmp_path / "r.json", incumbent="xyzzy",
                      recompute=True)


@given(small_lists())
@settings(max_examples=30, deadline=None)
def test_optimal_without_an_opener_is_the_best_over_every_guess(tmp_path_factory, case):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    slow = twin_totals(lexicon, max_guesses, "off")
    results = tmp_path_factory.mktemp("optimal") / "results.json"
    if min(slow) >= INFEASIBLE:
        with pytest.raises(WordleError, match="no opener solves every answer"):
            optimal(lexicon=lexicon, max_guesses=max_guesses, results_path=results)
        return
    result = optimal(lexicon=lexicon, max_guesses=max_guesses, results_path=results)
    assert result.scope == "every opener" and result.proven_best
    assert result.total_guesses == min(slow)
    assert result.opener == result.best_openers[0]
    assert result.best_openers == [w for row, w in enumerate(lexicon.guesses)
                                   if slow[row] == min(slow)]
    check = verify_tree(result.tree, answers, max_guesses=max_guesses, guesses=lexicon.guesses)
    assert check["total_guesses"] == min(slow)


def test_bound_pass_is_a_true_bound_and_matches_bucket_bounds(official):
    # The batched, threaded pass and the one-opener form agree, and no bound
    # passes the proven totals.
    searcher = make_exact_searcher(official)
    rows = [official.guess_index(w) for w in ("salet", "crate", "soare", "qajaq", "fuzzy")]
    full = searcher.opener_bounds(rows, 6)
    for row, bound in zip(rows, full):
        codes, sizes, bounds = searcher.bucket_bounds(row, 6)
        assert bound == official.n_answers + bounds.sum()
        assert sizes.sum() == official.n_answers - (official.guesses[row] in official.answers)
        assert list(sizes) == sorted(sizes, reverse=True)
    assert full[0] <= 7920 and full[1] <= 7926
    # stopped at a threshold: still a bound, and past the threshold
    stopped = searcher.opener_bounds(rows, 6, 7919)
    assert np.all(stopped <= full) and np.all((stopped > 7919) | (stopped == full))
    # with each opener's buckets, as the search of a table takes them: those
    # of an opener left open are bucket_bounds'; past the threshold, the
    # buckets not reached keep 2s - 1, so they still sum to the bound
    again, buckets = searcher.opener_bounds(rows, 6, 7925, with_buckets=True)
    assert list(again) == list(searcher.opener_bounds(rows, 6, 7925))
    for row, bound, (codes, sizes, bounds) in zip(rows, again, buckets):
        whole = searcher.bucket_bounds(row, 6)
        assert list(codes) == list(whole[0]) and list(sizes) == list(whole[1])
        assert np.all(bounds <= whole[2]) and np.all(bounds >= 2 * sizes - 1)
        assert bound == official.n_answers + bounds.sum()
        if bound <= 7925:
            assert list(bounds) == list(whole[2])
    assert again[0] <= 7925 < again[3]     # SALET searched on, QAJAQ refuted


@pytest.mark.parametrize("mode", ["off", "hard"])
def test_bound_pass_bounds_a_bucket_shared_by_openers_once(official, mode):
    # Openers with the same letters leave some buckets of the same answers;
    # opener_bounds numbers them (distinct_buckets, against a twin that
    # compares the answer sets; hard mode only the all-gray ones) and bounds
    # each once: the bounds equal those of each opener bounded alone, in
    # either order, stopped or not.
    searcher = make_exact_searcher(official, mode)
    words = ["salet", "slate", "stale", "steal", "least", "tales", "crate", "trace", "react",
             "cater", "soare"]
    rows = [official.guess_index(w) for w in words]
    ids = searcher.distinct_buckets(rows)
    numbered = {}
    for i, row in enumerate(rows):
        codes = official.matrix[row]
        for code in range(ids.shape[1]):
            members = frozenset(np.flatnonzero(codes == code).tolist())
            if len(members) < 3 or code == ids.shape[1] - 1 or (mode == "hard" and code):
                assert ids[i, code] == -1
            else:
                numbered.setdefault(members, set()).add(int(ids[i, code]))
    assert all(len(numbers) == 1 for numbers in numbered.values())
    assert len({n for numbers in numbered.values() for n in numbers}) == len(numbered)
    gray = ids[:, 0]
    assert len(set(gray[:6])) == 1 and len(set(gray[6:10])) == 1 and gray[0] != gray[6]
    alone = [searcher.opener_bounds([row], 6)[0] for row in rows]
    for order in (rows, rows[::-1]):
        expected = [alone[rows.index(row)] for row in order]
        assert list(searcher.opener_bounds(order, 6)) == expected
        threshold = 7950 if mode == "off" else 8150
        together, buckets = searcher.opener_bounds(order, 6, threshold, with_buckets=True)
        for row, bound, (codes, sizes, bounds) in zip(order, together, buckets):
            one, (one_codes, _, one_bounds) = (x[0] for x in searcher.opener_bounds(
                [row], 6, threshold, with_buckets=True))
            assert bound == one and list(bounds) == list(one_bounds), official.guesses[row]


@given(st.one_of(small_lists(), trap_lists()), st.sampled_from(["off", "hard", "strict"]),
       st.data())
@settings(max_examples=40, deadline=None)
def test_settled_openers_agree_with_brute_force(tmp_path_factory, case, mode, data):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    chosen = data.draw(st.lists(st.sampled_from(lexicon.guesses), max_size=6))
    results = tmp_path_factory.mktemp("table") / "results.json"
    before = opening_table(lexicon, mode, max_guesses, results_path=results)
    table = settle_openers(chosen, lexicon, mode, max_guesses, results_path=results)
    slow = twin_totals(lexicon, max_guesses, mode)
    # still a certificate at the optimum, and the chosen openers are settled
    check_certificate(table, lexicon, slow, 0)
    for word in chosen:
        entry = table.entries[word]
        total = slow[lexicon.guesses.index(word)]
        assert (entry.status, entry.total) == (
            (CANNOT_FINISH, None) if total >= INFEASIBLE else (EXACT, total)), word
    # the others untouched, and the file keeps them for the next table
    assert all(table.entries[w] == before.entries[w] for w in lexicon.guesses if w not in chosen)
    assert opening_table(lexicon, mode, max_guesses, results_path=results).entries == \
        table.entries


def test_saved_entries_add_to_the_shipped_table(tmp_path, monkeypatch):
    # A results file for the bundled lists (as settle_openers leaves one)
    # adds its stronger claims to the shipped table: an exact total or
    # "cannot finish" over a lower bound, a higher bound over a lower one,
    # a guarantee where the shipped entry has none; never the reverse.
    # Every shipped table now has every opener settled, so the one shipped
    # here is the original hard table with a few of its claims weakened, as
    # a table still being settled holds them.
    lexicon, rules = Lexicon(), Rules("hard")
    complete = shipped_table(lexicon, rules)
    exact = [w for w, e in complete.entries.items()
             if e.status == EXACT and w not in complete.best][:3]
    unable = [w for w, e in complete.entries.items() if e.status == CANNOT_FINISH][:2]
    assert complete.entries[unable[1]].guarantee is not None   # so dropping it weakens
    weakened = dict(complete.entries)
    for word in exact:
        weakened[word] = OpenerEntry(word, LOWER_BOUND, complete.entries[word].total - 50)
    weakened[unable[0]] = OpenerEntry(unable[0], LOWER_BOUND, lexicon.n_answers * 4)
    weakened[unable[1]] = OpenerEntry(unable[1], CANNOT_FINISH, None)
    monkeypatch.setattr("wordle_fast.exact.proof.shipped_table",
                        lambda *args: replace(complete, entries=dict(weakened)))
    best = complete.best[0]
    claims = {exact[0]: complete.entries[exact[0]].stored(),                     # taken
              exact[1]: ["lower bound", weakened[exact[1]].total + 10],          # taken
              exact[2]: ["lower bound", weakened[exact[2]].total - 1],           # not
              unable[0]: ["cannot finish", None],                                # taken
              unable[1]: complete.entries[unable[1]].stored(),                   # taken
              best: ["lower bound", complete.optimum - 100]}                     # not
    results = tmp_path / "hard.json"
    # (sealed, as a run writes it: a file without a digest has its best
    # exact entry proven again)
    save_table(results, table_description(lexicon, rules),
               {word: OpenerEntry(word, *claim) for word, claim in claims.items()}, 0)
    table = opening_table(lexicon, "hard", results_path=results)
    assert str(results) in table.source and table.source.startswith("shipped table")
    assert table.entries[exact[0]] == complete.entries[exact[0]]
    assert table.entries[exact[1]] == OpenerEntry(exact[1], LOWER_BOUND,
                                                  weakened[exact[1]].total + 10)
    assert table.entries[exact[2]] == weakened[exact[2]]
    assert table.entries[unable[0]] == OpenerEntry(unable[0], CANNOT_FINISH, None)
    assert table.entries[unable[1]] == complete.entries[unable[1]]
    assert table.entries[best] == complete.entries[best]
    assert list(table.entries) == list(lexicon.guesses)
    assert sum(table.entries[w] != weakened[w] for w in lexicon.guesses) == 4


def test_settling_names_an_unknown_opener(tmp_path):
    with pytest.raises(WordleError, match="xyzzy"):
        settle_openers(["xyzzy"], Lexicon(), "hard", results_path=tmp_path / "hard.json")


def test_results_are_saved_resumed_and_guarded(tmp_path):
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade",
             "naval", "serve", "heath", "dwarf", "model", "karma", "stink", "grade"]
    lexicon = Lexicon(answers=words, guesses=words + ["slate", "crane", "moldy"])
    results = tmp_path / "exact.json"
    first = opening_table(lexicon, results_path=results, within=3)
    assert first.reused == 0 and first.source == "computed"
    again = opening_table(lexicon, results_path=results, within=3, workers=2)
    assert again.reused == len(lexicon.guesses) and again.entries == first.entries
    fresh = opening_table(lexicon, results_path=results, within=3, recompute=True)
    assert fresh.reused == 0 and fresh.entries == first.entries
    # a wider margin reuses the exact entries and proves the rest again
    wider = opening_table(lexicon, results_path=results, within=50)
    assert 0 < wider.reused < len(lexicon.guesses)
    assert all(e.status == EXACT for e in wider.entries.values()
               if e.total is not None and e.total <= wider.optimum + 50)
    # results for other lists or another mode: a clear error, the file untouched
    before = results.read_bytes()
    other = Lexicon(answers=words[:-1], guesses=words)
    with pytest.raises(WordleError, match="other answers, guesses"):
        opening_table(other, results_path=results)
    with pytest.raises(WordleError, match="other mode"):
        opening_table(lexicon, "hard", results_path=results)
    (tmp_path / "notes.txt").write_text("my notes")
    with pytest.raises(WordleError, match="not an exact opening table"):
        opening_table(lexicon, results_path=tmp_path / "notes.txt")
    assert results.read_bytes() == before
    assert (tmp_path / "notes.txt").read_text() == "my notes"
    with pytest.raises(WordleError, match="margin"):
        opening_table(lexicon, within=-1, results_path=tmp_path / "new.json")


@pytest.mark.slow
def test_cli_exact_table_and_optimal(tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal",
                                "evade", "naval", "serve", "heath", "dwarf"]))
    results = tmp_path / "table.json"
    lists = ["--answers", str(words), "--guesses", str(words)]
    base = ["openers", "--exact", *lists, "--results", str(results), "--quiet"]
    assert main(base + ["--within", "5", "--json", "--top", "0"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert len(table["openers"]) == 12 and table["within"] == 5
    exact = [o for o in table["openers"] if o["status"] == "exact"]
    assert exact[0]["total"] == table["optimum"] and exact[0]["opener"] in table["best"]
    assert all(o["total"] > table["optimum"] + 5 for o in table["openers"]
               if o["status"] == "lower bound")
    assert main(base + ["--within", "5", "--csv", "--top", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "rank,opener,status,total,mean" and len(lines) == 4
    assert main(base + ["--within", "5"]) == 0
    text = capsys.readouterr().out
    assert f"optimum {table['optimum']}" in text and "12 openers" in text
    # optimal without an opener: proven over every opener, and says so
    assert main(["optimal", *lists, "--quiet",
                 "--json", str(tmp_path / "best.json")]) == 0
    out = capsys.readouterr().out
    assert "the optimum over every opener" in out and "Certificate over all 12" in out
    best = json.loads((tmp_path / "best.json").read_text())
    assert best["scope"] == "every opener" and best["proven_best_opener"] is True
    assert best["total_guesses"] == table["optimum"]
    assert len(best["certificate"]["openers"]) == 12
    # the quick path is never called optimal
    assert main(["optimal", *lists, "--candidates", "2", "--quiet",
                 "--json", str(tmp_path / "quick.json")]) == 0
    out = capsys.readouterr().out
    assert "best of 2 openers tried, NOT proven optimal" in out
    quick = json.loads((tmp_path / "quick.json").read_text())
    assert quick["scope"] == "best of 2 openers" and quick["proven_best_opener"] is False
    # bad input: exit 2, one line, saved results untouched
    before = results.read_bytes()
    for argv, message in [
            (base + ["--within", "-1"], "--within must be 0 or more"),
            (base + ["--hard"], "other mode"),
            (["optimal", "--opener", "zzzzz", *lists], "zzzzz"),
            (["optimal", "--opener", "cigar", "--candidates", "3", *lists], "do not combine"),
            (base + ["--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler")]:
        assert main(argv) == 2, argv
        assert message in capsys.readouterr().err, argv
    assert results.read_bytes() == before


def test_shipped_tables_answer_for_the_bundled_lists(official):
    for mode, optimum in [("off", 7920), ("hard", 8122)]:
        table = shipped_table(official, Rules(mode))
        assert table is not None, f"no shipped table for {mode} mode"
        assert table.optimum == optimum and table.best == ["salet"]
        assert len(table.entries) == official.n_guesses
        assert table.entries["salet"].status == EXACT
        assert table.entries["crate"].total >= (7926 if mode == "off" else 8122)
        assert table.complete, f"the {mode} table is not complete"
        assert opening_table(official, mode).source.startswith("shipped table")
    # other lists (one answer fewer) are not these lists: no shipped table
    assert shipped_table(Lexicon(answers=official.answers[:-1])) is None


def test_optimal_strategy_reads_the_opening_table(official, capsys):
    from wordle_fast import Solver

    solver = Solver(strategy="optimal")
    top = solver.suggest(top=3)
    assert top[0].word == "salet"
    assert top[0].score == pytest.approx(-7920 / 2315)
    assert all(s.score < top[0].score for s in top[1:])
    # the CLI says where the opening values come from
    assert main(["suggest", "--strategy", "optimal", "--hard", "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert "salet" in out.splitlines()[2]
    assert "exact opening table (shipped table exact-openers-hard.json)" in out


@pytest.mark.slow
@pytest.mark.parametrize("edition, mode", [(None, "off"), (None, "hard"), ("nyt2022", "off"),
                                           ("nyt2022", "hard"), ("nyt2022-08", "off"),
                                           ("nyt2022-08", "hard")])
def test_shipped_certificates_hold_when_rechecked(official, edition, mode):
    # Independently of how the table was made: the best openers replay as
    # exact, and every opener of a sample above the optimum (a lower bound,
    # or an exact total) is refuted again by a search with the optimum as
    # its budget.
    from wordle_fast.exact.search import opener_total

    lexicon = official if edition is None else Lexicon.edition(edition)
    table = shipped_table(lexicon, Rules(mode))
    searcher = make_exact_searcher(lexicon, mode)
    rng = np.random.default_rng(11)
    above = [w for w, e in table.entries.items()
             if e.status != CANNOT_FINISH and e.total > table.optimum]
    for word in table.best + list(rng.choice(above, 8, replace=False)):
        entry = table.entries[word]
        value = opener_total(searcher, lexicon, lexicon.guess_index(word), 6, table.optimum)
        if entry.status == EXACT and entry.total <= table.optimum:
            assert value == entry.total, word
        else:
            assert value > table.optimum, word
    # and the settled entries above the optimum: a sample of the quicker ones
    # (within 300 of it; the far ones take minutes each) searched again
    # without a budget
    settled = sorted(w for w, e in table.entries.items() if e.status == CANNOT_FINISH or (
        e.status == EXACT and table.optimum + 30 < e.total <= table.optimum + 300))
    for word in rng.choice(settled, min(3, len(settled)), replace=False):
        entry = table.entries[word]
        value = opener_total(searcher, lexicon, lexicon.guess_index(word), 6)
        if entry.status == EXACT:
            assert value == entry.total, word
        else:
            assert value >= UNSOLVABLE, word
    # and the fewest guesses a sample of those that cannot finish guarantee,
    # with their least totals there: one guess fewer cannot finish
    guaranteed = sorted(w for w, e in table.entries.items() if e.guarantee is not None)
    assert len(guaranteed) == sum(e.status == CANNOT_FINISH for e in table.entries.values())
    for word in rng.choice(guaranteed, min(2, len(guaranteed)), replace=False):
        entry, row = table.entries[word], lexicon.guess_index(word)
        assert opener_total(searcher, lexicon, row, entry.guarantee) == entry.guarantee_total
        assert opener_total(searcher, lexicon, row, entry.guarantee - 1) >= UNSOLVABLE, word


def test_ctrl_c_keeps_what_was_proven_and_a_rerun_resumes(tmp_path):
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade",
             "naval", "serve", "heath", "dwarf", "model", "karma", "stink", "grade"]
    lexicon = Lexicon(answers=words, guesses=words + ["slate", "crane", "moldy", "pious"])
    results = tmp_path / "results.json"
    full = opening_table(lexicon, within=40, results_path=tmp_path / "full.json")

    def interrupt(stage, done, total):
        if stage == "search" and done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        opening_table(lexicon, within=40, results_path=results, progress=interrupt)
    stored = json.loads(results.read_text())
    saved, open_bounds = stored["entries"], stored["open_bounds"]
    assert 0 < len(saved) < len(lexicon.guesses)
    # the bound pass's bounds for the openers still open are saved, so the
    # resumed run bounds nothing again
    assert set(open_bounds) == set(lexicon.guesses) - set(saved)
    searcher = make_exact_searcher(lexicon)
    for word, bound in open_bounds.items():
        row = lexicon.guess_index(word)
        assert bound == searcher.opener_bounds([row], 6)[0] <= full.entries[word].total, word
    resumed = opening_table(lexicon, within=40, results_path=results)
    assert resumed.reused == len(saved) and resumed.entries == full.entries
    assert resumed.stages["openers_bounded"] == 0
    assert resumed.stages["bounds_reused"] == len(open_bounds)
    assert "open_bounds" not in json.loads(results.read_text())   # every opener settled


def write_results(path, lexicon, claims, mode="off"):
    path.write_text(json.dumps({"description": table_description(lexicon, Rules(mode)),
                                "within": 0, "entries": claims}))
    return path


def test_a_results_file_that_claims_the_impossible_is_refused(official, tmp_path):
    # below the least total any opener could have (3n - buckets - [an answer])
    impossible = write_results(tmp_path / "low.json", official, {"crane": ["exact", 100]})
    with pytest.raises(WordleError, match=r"CRANE is claimed to total exactly 100, below the "
                                          r"least it could \(\d+\)"):
        opening_table(official, results_path=impossible)
    # outside any total at all, from below and from above (answers x limit)
    for claim, shown in ((["exact", -5], "exactly -5"), (["lower bound", 10 ** 30],
                                                         f"at least {10 ** 30}")):
        impossible = write_results(tmp_path / "out.json", official, {"crane": claim})
        with pytest.raises(WordleError, match=f"CRANE is claimed to total {shown}, outside what "
                                              r"any opener can total within 6 guesses \(0 to "
                                              "13890"):
            opening_table(official, results_path=impossible)
    # against the shipped table: AAHED totals exactly 8509
    shipped = shipped_table(official)
    assert shipped.entries["aahed"] == OpenerEntry("aahed", EXACT, 8509)
    for claim in [["exact", 7000], ["exact", 8510], ["lower bound", 8510]]:
        edited = write_results(tmp_path / "edited.json", official, {"aahed": claim})
        with pytest.raises(WordleError, match="AAHED is claimed to .*, but the shipped table "
                                              "proves that it totals exactly 8509"):
            optimal(lexicon=official, results_path=edited)
        assert json.loads(edited.read_text())["entries"] == {"aahed": claim}   # left as it was
    for claim in [["exact", 7921], ["cannot finish", None], ["lower bound", 7921]]:
        edited = write_results(tmp_path / "edited.json", official, {"salet": claim})
        with pytest.raises(WordleError, match="SALET is claimed to .*, but the shipped table "
                                              "proves that it totals exactly 7920"):
            opening_table(official, results_path=edited)
    # the bounds an interrupted run saves for its open openers are checked too
    edited = write_results(tmp_path / "edited.json", official, {"crane": ["exact", 7926]})
    stored = json.loads(edited.read_text())
    edited.write_text(json.dumps({**stored, "open_bounds": {"salet": 7921}}))
    with pytest.raises(WordleError, match="SALET is claimed to need at least 7921, but the "
                                          "shipped table proves that it totals exactly 7920"):
        opening_table(official, within=5, results_path=edited)


def test_a_false_claim_in_the_cache_is_set_aside_and_proven_again(official, caplog):
    from wordle_fast.exact.tables import default_results_path

    cached = default_results_path(official, Rules())
    cached.parent.mkdir(parents=True, exist_ok=True)
    write_results(cached, official, {"aahed": ["exact", 7000], "crane": ["exact", 7930]})
    table = opening_table(official)
    assert table.optimum == 7920 and table.best == ["salet"]
    assert table.entries["aahed"] == OpenerEntry("aahed", EXACT, 8509)
    assert not cached.exists() and cached.with_name(cached.name + ".rejected").exists()
    assert "ignored the cached results" in caplog.text and "AAHED" in caplog.text
    assert optimal(lexicon=official).opener == "salet"


def test_least_totals_never_pass_a_proven_total(official):
    from wordle_fast.exact.search import least_totals

    least = least_totals(official)
    for word, entry in shipped_table(official).entries.items():
        if entry.status == EXACT:
            assert least[official.guess_index(word)] <= entry.total, word
    assert least[official.guess_index("salet")] == 3 * 2315 - official.score()["salet"].n_buckets


# -- the complete table -------------------------------------------------------------------

def twin_guarantees(lexicon, max_guesses, mode):
    """Per opener: (its total, or the fewest guesses it can guarantee and its
    total within them), from the brute-force twin at each limit in turn."""
    slow = twin_totals(lexicon, max_guesses, mode)
    settled = {row: (slow[row], None) for row in range(lexicon.n_guesses)
               if slow[row] < INFEASIBLE}
    limit = max_guesses
    while len(settled) < lexicon.n_guesses:
        limit += 1
        more = twin_totals(lexicon, limit, mode)
        for row in range(lexicon.n_guesses):
            if row not in settled and more[row] < INFEASIBLE:
                settled[row] = (more[row], limit)
    return settled


def check_complete(table, lexicon, max_guesses, mode):
    assert table.complete and set(table.entries) == set(lexicon.guesses)
    for row, (total, limit) in twin_guarantees(lexicon, max_guesses, mode).items():
        entry = table.entries[lexicon.guesses[row]]
        if limit is None:
            assert (entry.status, entry.total) == (EXACT, total), entry
        else:
            assert entry.status == CANNOT_FINISH and entry.total is None, entry
            assert (entry.guarantee, entry.guarantee_total) == (limit, total), entry


@given(st.one_of(small_lists(), trap_lists()), st.sampled_from(["off", "hard"]))
@settings(max_examples=12, deadline=None)
def test_a_complete_table_agrees_with_brute_force(tmp_path_factory, case, mode):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    results = tmp_path_factory.mktemp("complete") / "results.json"
    check_complete(complete_table(lexicon, mode, max_guesses, results_path=results), lexicon,
                   max_guesses, mode)


@st.composite
def every_word_an_answer(draw):
    # "big hidden" in small (the edition original-all): the answer list is
    # the whole guess list, the probes and the blank word included
    _, guesses, max_guesses = draw(st.one_of(small_lists(), trap_lists()))
    return guesses, guesses, max_guesses


@given(every_word_an_answer(), st.sampled_from(["off", "hard"]))
@settings(max_examples=12, deadline=None)
def test_a_complete_table_agrees_with_brute_force_when_every_word_is_an_answer(
        tmp_path_factory, case, mode):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    results = tmp_path_factory.mktemp("big-hidden") / "results.json"
    check_complete(complete_table(lexicon, mode, max_guesses, results_path=results), lexicon,
                   max_guesses, mode)


@pytest.mark.slow
@given(st.one_of(small_lists(), trap_lists()), st.sampled_from(["off", "hard", "strict"]))
@settings(max_examples=60, deadline=None)
def test_complete_tables_agree_with_brute_force_in_every_mode(tmp_path_factory, case, mode):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    results = tmp_path_factory.mktemp("complete") / "results.json"
    table = complete_table(lexicon, mode, max_guesses, results_path=results)
    check_complete(table, lexicon, max_guesses, mode)
    # saved as it went: a second call reads every entry back and proves nothing
    again = complete_table(lexicon, mode, max_guesses, results_path=results)
    assert again.entries == table.entries


def test_a_complete_table_recomputed_reads_nothing_back(tmp_path, monkeypatch):
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"]
    lexicon = Lexicon(answers=words, guesses=words + ["slate", "crane"])
    results = tmp_path / "r.json"
    first = complete_table(lexicon, "off", 4, results_path=results, store=False)
    assert complete_table(lexicon, "off", 4, results_path=results,
                          store=False).reused == lexicon.n_guesses
    fresh = complete_table(lexicon, "off", 4, results_path=results, store=False,
                           recompute=True)
    assert fresh.reused == 0 and fresh.entries == first.entries
    # and the command passes --recompute on with --all (it was dropped there)
    from wordle_fast.exact import settle

    asked = {}

    def spy(*args, **kwargs):
        asked.update(kwargs)
        return first

    monkeypatch.setattr(settle, "complete_table", spy)   # (the command imports it late)
    answers = tmp_path / "a.txt"
    answers.write_text("\n".join(words))
    assert main(["openers", "--exact", "--all", "--recompute", "--quiet", "--answers",
                 str(answers), "--max-guesses", "4", "--top", "0"]) == 0
    assert asked["recompute"] is True


def test_a_complete_table_searches_the_worst_few_first_then_the_rest_cheapest_first():
    bounded = [(bound, row) for row, bound in enumerate(range(100, 130))]
    order = worst_first(bounded, 2)
    worst = 2 * WORST_FIRST
    assert sorted(order) == bounded
    assert order[:worst] == bounded[::-1][:worst]
    assert order[worst:] == bounded[:-worst]
    assert worst_first(bounded[:3], 2) == bounded[:3][::-1]
    assert worst_first([], 2) == []


def test_openers_with_the_same_letters_are_grouped_in_order():
    guesses = ["stare", "crane", "tears", "nacre", "moldy", "rates", "sissy", "siss", "tares"]
    left = [(5, 0), (6, 1), (7, 2), (7, 3), (8, 4), (9, 5), (9, 6), (10, 8)]
    assert same_letters(left, guesses) == [[(5, 0), (7, 2), (9, 5), (10, 8)],
                                           [(6, 1), (7, 3)], [(8, 4)], [(9, 6)]]
    assert same_letters([], guesses) == []


def test_the_bound_pass_takes_each_group_in_one_batch_first_members_first():
    guesses = ["stare", "crane", "tears", "nacre", "moldy", "rates", "sissy", "siss", "tares"]
    # groups: stare tears rates tares (0 2 5 8), crane nacre (1 3), moldy, sissy, siss
    assert bound_pass_order(list(range(9)), guesses, batch=4) == [0, 2, 5, 8, 1, 4, 6, 3, 7]
    assert bound_pass_order(list(range(9)), guesses, batch=9) == [0, 1, 4, 6, 7, 2, 3, 5, 8]
    assert bound_pass_order([], guesses) == []


@pytest.mark.parametrize("max_guesses", [3, 2])
def test_a_complete_table_over_worker_processes_equals_the_serial_one(tmp_path, max_guesses):
    # Openers with the same letters (STARE, TEARS, RATES; CRANE, NACRE,
    # CANER) go to the workers a group to a job: in the search, and with two
    # guesses, where no opener can finish, in the guarantee stage.
    answers = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade",
               "naval", "serve", "heath", "dwarf", "stare", "crane"]
    guesses = answers + ["tears", "rates", "nacre", "caner", "moldy", "xylyl", "fuzzy"]
    lexicon = Lexicon(answers=answers, guesses=guesses)
    serial = complete_table(lexicon, "hard", max_guesses, results_path=tmp_path / "serial.json")
    shared = complete_table(lexicon, "hard", max_guesses, workers=2,
                            results_path=tmp_path / "shared.json")
    assert shared.entries == serial.entries
    check_complete(shared, lexicon, max_guesses, "hard")
    statuses = {entry.status for entry in shared.entries.values()}
    assert statuses == ({EXACT, CANNOT_FINISH} if max_guesses == 3 else {CANNOT_FINISH})


TIGHT = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval",
         "serve", "heath", "dwarf", "model", "karma", "stink", "grade", "quiet", "bench"]


def test_an_opener_that_cannot_finish_gets_its_fewest_guesses(tmp_path, capsys):
    lexicon = Lexicon(answers=TIGHT, guesses=TIGHT + ["xylyl"])
    result = optimal(opener="xylyl", lexicon=lexicon, max_guesses=2)
    assert result.asked_max_guesses == 2 and result.max_guesses > 2
    (total, limit), = [twin_guarantees(lexicon, 2, "off")[lexicon.guess_index("xylyl")]]
    assert (result.max_guesses, result.total_guesses) == (limit, total)
    assert "cannot solve every answer within 2 guesses" in result.headline()
    answers, guesses = tmp_path / "a.txt", tmp_path / "g.txt"
    answers.write_text("\n".join(TIGHT))
    guesses.write_text("\n".join(TIGHT + ["xylyl"]))
    files = ["--answers", str(answers), "--guesses", str(guesses), "--max-guesses", "2"]
    assert main(["optimal", "--opener", "xylyl", "--quiet", "--json", "-", *files]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["asked_max_guesses"] == 2 and data["max_guesses"] == limit
    results = tmp_path / "r.json"
    assert main(["openers", "--exact", "--all", "--quiet", "--top", "0", "--results",
                 str(results), *files]) == 0
    out = capsys.readouterr().out
    assert "; complete" in out and f"(guarantees {limit}: {total})" in out
    stored = json.loads(results.read_text())["entries"]["xylyl"]
    assert stored == ["cannot finish", None, limit, total]
    # a hand-edited guarantee that is not a pair of whole numbers is refused
    broken = json.loads(results.read_text())
    broken["entries"]["xylyl"] = ["cannot finish", None, 0, "many"]
    del broken["digest"]       # (else the broken digest is what is reported)
    results.write_text(json.dumps(broken))
    assert main(["openers", "--exact", "--all", "--quiet", "--results", str(results),
                 *files]) == 2
    assert "not an exact opening table" in capsys.readouterr().err
    for extra, message in ((["--within", "2"], "--within does not combine"),):
        assert main(["openers", "--exact", "--all", *extra, *files]) == 2
        assert message in capsys.readouterr().err
    assert main(["openers", "--all", *files[:4]]) == 2
    assert "--all only applies with --exact" in capsys.readouterr().err

