"""The store of proven states: what it keeps and gives back, that a search
with it proves the same totals as without (against the brute-force twin),
and that a foreign, corrupt, edited or false store is refused, never
trusted."""

import sqlite3

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_exact import small_lists, trap_lists
from test_openings import check_complete
from wordle_fast import Lexicon, WordleError
from wordle_fast.cli import main
from wordle_fast.exact import store as store_module
from wordle_fast.exact.search import make_exact_searcher, opener_total
from wordle_fast.exact.settle import complete_table
from wordle_fast.exact.store import (
    ProvenStore, default_store_path, merged_snapshots, state_key, store_description)

WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval",
         "serve", "heath", "dwarf", "model", "karma", "stink", "grade", "quiet", "bench",
         "abbey", "stare", "crane", "tears"]


@pytest.fixture
def lexicon():
    return Lexicon(answers=WORDS, guesses=WORDS + ["rates", "nacre", "xylyl"])


def opened(path, lexicon, mode="off"):
    return ProvenStore(path, store_description(lexicon, mode), min_seconds=0)


def test_a_state_is_kept_and_only_a_stronger_claim_replaces_it(tmp_path, lexicon):
    key = state_key(np.array([1, 4, 7]), 5, None)
    with opened(tmp_path / "s.sqlite", lexicon) as store:
        assert store.find(key) is None
        store.keep(key, False, 9, 1.0)
        assert store.find(key) == (False, 9)
        store.keep(key, False, 8, 1.0)          # a weaker bound: kept as it was
        assert store.find(key) == (False, 9)
        store.keep(key, True, 11, 1.0)
        store.keep(key, False, 12, 1.0)         # an exact value is never replaced
        assert store.find(key) == (True, 11) and len(store) == 1
    # kept on disk, read by the next run
    with opened(tmp_path / "s.sqlite", lexicon) as store:
        assert store.find(key) == (True, 11)


def test_keys_tell_sets_guesses_left_and_hard_mode_paths_apart():
    keys = {state_key(np.array([1, 2, 3]), 5, None), state_key(np.array([1, 2, 4]), 5, None),
            state_key(np.array([1, 2, 3]), 4, None), state_key(np.array([1, 2, 3]), 5, (0, 7)),
            state_key(np.array([1, 2, 3]), 5, (0, 8)), state_key(np.array([1, 2, 3]), 5, (1, 7))}
    assert len(keys) == 6
    assert state_key(np.array([1, 2, 3], dtype=np.int64), 5, None) == state_key(
        [1, 2, 3], 5, None)


def test_cheap_searches_are_not_kept(tmp_path, lexicon):
    store = ProvenStore(tmp_path / "s.sqlite", store_description(lexicon, "off"),
                        min_seconds=0.5)
    store.keep(state_key([1, 2], 5, None), True, 3, 0.1)
    assert len(store) == 0


@pytest.mark.parametrize("mode", ["off", "hard"])
def test_a_search_with_the_store_proves_the_same_and_the_next_searches_nothing(
        tmp_path, lexicon, mode):
    store = opened(tmp_path / "s.sqlite", lexicon, mode)
    totals, states = [], []
    for _ in range(2):
        searcher = make_exact_searcher(lexicon, mode)
        totals.append([opener_total(searcher, lexicon, row, 4, store=store)
                       for row in range(lexicon.n_guesses)])
        states.append(searcher.states)
    plain = make_exact_searcher(lexicon, mode)
    assert totals[0] == totals[1] == [opener_total(plain, lexicon, row, 4)
                                      for row in range(lexicon.n_guesses)]
    assert len(store) > 0 and states[0] > 0 and states[1] == 0


def test_the_store_holds_when_the_rows_are_evicted(tmp_path, lexicon, monkeypatch):
    monkeypatch.setattr(store_module, "MAX_ROWS", 10)
    with opened(tmp_path / "s.sqlite", lexicon) as store:
        for size in range(3, 18):
            store.keep(state_key(np.arange(size), 5, None), True, 2 * size, seconds=size)
        # over the cap the cheapest tenth-and-more went first
        assert len(store) <= 10
        assert store.find(state_key(np.arange(17), 5, None)) == (True, 34)
        assert store.find(state_key(np.arange(3), 5, None)) is None


@given(st.one_of(small_lists(), trap_lists()), st.sampled_from(["off", "hard"]))
@settings(max_examples=10, deadline=None)
def test_a_complete_table_with_a_full_store_agrees_with_brute_force(tmp_path_factory, case,
                                                                     mode):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    folder = tmp_path_factory.mktemp("stored")
    store = folder / "states.sqlite"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(store_module, "STORE_SECONDS", 0)   # keep every state searched
        first = complete_table(lexicon, mode, max_guesses, results_path=folder / "a.json",
                               store=store)
        # a new results file: every opener searched again, from the store
        again = complete_table(lexicon, mode, max_guesses, results_path=folder / "b.json",
                               store=store)
    assert again.entries == first.entries
    check_complete(again, lexicon, max_guesses, mode)


def test_a_foreign_store_is_refused_when_named_and_set_aside_by_default(tmp_path, lexicon):
    other = Lexicon(answers=WORDS[:-1], guesses=WORDS)
    opened(tmp_path / "s.sqlite", other).close()
    with pytest.raises(WordleError, match="other lists, mode or format"):
        opened(tmp_path / "s.sqlite", lexicon)
    with pytest.raises(WordleError, match="other lists"):
        opened(tmp_path / "s.sqlite", other, "hard")
    # the default store for these lists: a stale one is set aside, then started again
    description = store_description(lexicon, "off")
    default = default_store_path(description)
    default.parent.mkdir(parents=True, exist_ok=True)
    opened(default, other).close()
    store = ProvenStore(None, description)
    assert store.path == default and len(store) == 0
    assert default.with_name(default.name + ".rejected").exists()


def test_a_corrupt_store_is_refused_when_named_and_set_aside_by_default(tmp_path, lexicon):
    broken = tmp_path / "s.sqlite"
    broken.write_bytes(b"not a database at all, " * 100)
    with pytest.raises(WordleError, match="is not a store of proven states"):
        opened(broken, lexicon)
    assert broken.read_bytes().startswith(b"not a database")   # left as it was
    description = store_description(lexicon, "hard")
    default = default_store_path(description)
    default.parent.mkdir(parents=True, exist_ok=True)
    default.write_bytes(b"\0garbage" * 64)
    assert len(ProvenStore(None, description)) == 0


def test_an_edited_row_is_refused(tmp_path, lexicon):
    key = state_key([0, 1, 2], 5, None)
    with opened(tmp_path / "s.sqlite", lexicon) as store:
        store.keep(key, True, 7, 1.0)
    with sqlite3.connect(tmp_path / "s.sqlite") as connection:
        connection.execute("UPDATE states SET value = 6")
    with opened(tmp_path / "s.sqlite", lexicon) as store:
        with pytest.raises(WordleError, match="digest does not match"):
            store.find(key)


def test_the_cache_store_found_damaged_in_use_is_set_aside_not_fatal(tmp_path, lexicon):
    # Before: a damaged row (or damaged pages) of the cache's own store made
    # every run exit 2 ("remove the store"), though the docs say it is set aside.
    description = store_description(lexicon, "off")
    default = default_store_path(description)
    default.parent.mkdir(parents=True, exist_ok=True)
    default.unlink(missing_ok=True)
    key = state_key([0, 1, 2], 5, None)
    store = ProvenStore(None, description, min_seconds=0)
    store.keep(key, True, 7, 1.0)
    with sqlite3.connect(default) as connection:
        connection.execute("UPDATE states SET value = 6")
    assert store.find(key) is None                       # set aside, a new store in use
    assert default.with_name(default.name + ".rejected").exists() and len(store) == 0
    store.keep(key, True, 7, 1.0)
    assert store.find(key) == (True, 7)
    store.close()


def test_a_store_with_damaged_pages_is_refused_or_set_aside(tmp_path, lexicon, monkeypatch):
    # sqlite3.DatabaseError ("malformed") from a read, every run, before
    class Malformed:
        def execute(self, *args):
            raise sqlite3.DatabaseError("database disk image is malformed")

        def close(self):
            pass

    key = state_key([0, 1, 2], 5, None)
    named = opened(tmp_path / "s.sqlite", lexicon)
    named._connection = Malformed()
    with pytest.raises(WordleError, match="s.sqlite cannot be read .*malformed.*remove the store"):
        named.find(key)
    default = ProvenStore(None, store_description(lexicon, "off"), min_seconds=0)
    real = default._connection
    default._connection = Malformed()
    assert default.find(key) is None and default._connection is not real
    real.close()
    default.close()


def test_a_forged_value_the_tree_disproves_is_searched_again(tmp_path, lexicon, caplog):
    # Sealed as the store seals its rows, too high yet possible: before,
    # `optimal` stopped with "the tree totals ... but the search proved ...;
    # this is a bug". Now the replay's disagreement drops the store.
    import wordle_fast as wf

    opener = "xylyl"       # its all-gray bucket holds most of the answers
    truth = wf.optimal(opener=opener, lexicon=lexicon)
    searcher = make_exact_searcher(lexicon, "off")
    row = lexicon.guess_index(opener)
    codes, sizes, _ = searcher.bucket_bounds(row, 6)
    largest = int(np.argmax(sizes))
    members = np.flatnonzero(lexicon.matrix[row] == codes[largest])
    assert len(members) >= 3
    value = int(searcher.solve(members, 5))
    path = tmp_path / "forged.sqlite"
    with opened(path, lexicon) as store:
        store.keep(state_key(members, 5, None), True, value + 2, 1.0)
    with opened(path, lexicon) as store:
        assert store.find(state_key(members, 5, None)) == (True, value + 2)
    result = wf.optimal(opener=opener, lexicon=lexicon, store=str(path))
    assert result.total_guesses == truth.total_guesses
    assert "claims values the tree's replay disproves" in caplog.text


def test_a_claim_that_cannot_be_true_is_refused(tmp_path, lexicon):
    # sealed as the store seals its rows, but below the least any set of
    # that size can take: whoever wrote it, the search does not trust it
    searcher = make_exact_searcher(lexicon, "off")
    row = lexicon.guess_index("cigar")
    codes, sizes, bounds = searcher.bucket_bounds(row, 4)
    largest = int(np.argmax(sizes))
    members = np.flatnonzero(lexicon.matrix[row] == codes[largest])
    with opened(tmp_path / "s.sqlite", lexicon) as store:
        store.keep(state_key(members, 3, None), True, int(bounds[largest]) - 1, 1.0)
        with pytest.raises(WordleError, match="which cannot be"):
            opener_total(searcher, lexicon, row, 4, store=store)


def test_the_cli_takes_a_store_or_none(tmp_path, capsys):
    answers, guesses = tmp_path / "a.txt", tmp_path / "g.txt"
    answers.write_text("\n".join(WORDS))
    guesses.write_text("\n".join(WORDS + ["rates"]))
    files = ["--answers", str(answers), "--guesses", str(guesses), "--max-guesses", "4",
             "--quiet", "--json", "-"]
    store = tmp_path / "states.sqlite"
    assert main(["openers", "--exact", "--all", "--store", str(store),
                 "--results", str(tmp_path / "r.json"), *files]) == 0
    assert store.exists()
    assert main(["openers", "--exact", "--all", "--store", "none",
                 "--results", str(tmp_path / "r2.json"), *files]) == 0
    capsys.readouterr()
    # a table at the optimum searches with a store only when named
    at_optimum = tmp_path / "optimum.sqlite"
    default = default_store_path(store_description(
        Lexicon(answers=WORDS, guesses=WORDS + ["rates"]), "off"))
    default.unlink(missing_ok=True)    # (the --all run above made it)
    assert main(["openers", "--exact", "--results", str(tmp_path / "r3.json"), *files]) == 0
    assert not default.exists()
    assert main(["openers", "--exact", "--store", str(at_optimum),
                 "--results", str(tmp_path / "r4.json"), *files]) == 0
    assert at_optimum.exists()
    capsys.readouterr()
    assert main(["openers", "--store", str(store), *files]) == 2
    assert "--max-guesses and --store only apply with --exact" in capsys.readouterr().err


# -- the memo's entries, kept by fingerprint ---------------------------------------------

@pytest.fixture(scope="module")
def original():
    return Lexicon()


def crane_bucket(lexicon):
    row = lexicon.guess_index("crane")
    return np.flatnonzero(lexicon.matrix[row] == 0)   # all gray: the largest, 263 answers


def test_the_memo_kept_lets_a_new_searcher_prove_a_set_again_without_searching(
        tmp_path, original):
    members = crane_bucket(original)
    searcher = make_exact_searcher(original, "off", n_threads=1)
    value = searcher.solve(members, 5)
    with opened(tmp_path / "s.sqlite", original) as store:
        kept = store.keep_memo(searcher)
        assert kept > 0 and store.memo_rows() == kept
        assert store.keep_memo(searcher) == kept and store.memo_rows() == kept   # no doubles
    with opened(tmp_path / "s.sqlite", original) as store:
        fresh = make_exact_searcher(original, "off", n_threads=1)
        assert store.restore_memo(fresh) == kept
        assert fresh.solve(members, 5) == value and fresh.states == 0


def test_memo_entries_of_another_build_are_dropped_and_edited_ones_refused(tmp_path,
                                                                           original):
    searcher = make_exact_searcher(original, "off", n_threads=1)
    searcher.solve(crane_bucket(original), 5)
    path = tmp_path / "s.sqlite"
    with opened(path, original) as store:
        store.keep_memo(searcher)
    with sqlite3.connect(path) as connection:
        (data,) = connection.execute("SELECT data FROM memo_snapshot").fetchone()
        edited = bytearray(data)
        edited[-1] ^= 1      # one entry's weight
        connection.execute("UPDATE memo_snapshot SET data = ?", (bytes(edited),))
    with opened(path, original) as store:
        with pytest.raises(WordleError, match="memo snapshot whose digest does not match"):
            store.restore_memo(make_exact_searcher(original, "off", n_threads=1))
    # another build's fingerprints (its probe differs): the rows mean other sets
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE meta SET value = '1:2' WHERE name = 'probe'")
    with opened(path, original) as store:
        assert store.restore_memo(make_exact_searcher(original, "off", n_threads=1)) == 0
        assert store.memo_rows() == 0


def test_snapshots_merge_to_the_strongest_claim_per_set_and_the_heaviest_sets():
    def snapshot(*rows):   # (a, b, value, exact, weight)
        return tuple(np.array(column, dtype=kind) for column, kind in zip(
            zip(*rows), (np.uint64, np.uint64, np.int64, np.uint8, np.uint8)))

    old = snapshot((1, 1, 10, 0, 3), (2, 2, 20, 1, 5), (3, 3, 30, 0, 2))
    new = snapshot((1, 1, 12, 1, 4), (2, 2, 18, 0, 9), (3, 3, 31, 0, 2), (4, 4, 7, 0, 1))
    merged = merged_snapshots(old, new, 10)
    rows = sorted(zip(*(column.tolist() for column in merged)))
    assert [row[:4] for row in rows] == [(1, 1, 12, 1), (2, 2, 20, 1), (3, 3, 31, 0),
                                         (4, 4, 7, 0)]
    # beyond the cap the lightest go (the weight each row came with)
    assert sorted(merged_snapshots(old, new, 2)[0].tolist()) == [1, 2]


@pytest.mark.parametrize("mode", ["hard", "strict"])
def test_the_hard_modes_memo_carries_over_too(tmp_path, lexicon, mode):
    # the keys name each legal list by its digest, the same in every process
    everyone, legal = np.arange(lexicon.n_answers), np.arange(lexicon.n_guesses)
    searcher = make_exact_searcher(lexicon, mode)
    value = searcher.solve(everyone, 4, legal=legal)
    with opened(tmp_path / "hard.sqlite", lexicon, mode) as store:
        kept = store.keep_memo(searcher)
        assert kept > 0
        fresh = make_exact_searcher(lexicon, mode)
        assert store.restore_memo(fresh) == kept
        assert fresh.solve(everyone, 4, legal=legal) == value and fresh.states == 0
        # the same set under another legal list (no XYLYL) is another state
        fewer = legal[legal != lexicon.guess_index("xylyl")]
        fresh.solve(everyone, 4, legal=fewer)
        assert fresh.states > 0


def test_the_twin_keeps_no_memo(tmp_path, lexicon):
    from wordle_fast.core._exact_twin import ExactSearcher as Twin

    twin = Twin(lexicon.matrix, lexicon.length, lexicon.answer_rows)
    twin.solve(np.arange(lexicon.n_answers), 4)
    with opened(tmp_path / "off.sqlite", lexicon) as store:
        assert store.keep_memo(twin) == 0 and store.restore_memo(twin) == 0


def test_a_long_search_checks_in_and_a_stop_keeps_what_it_proved(tmp_path, original,
                                                                  monkeypatch):
    from wordle_fast.exact.search import Stopped

    row = original.guess_index("crane")
    calls = []
    searcher = make_exact_searcher(original, "off", n_threads=1)
    searcher.checkpoint = lambda: calls.append(searcher.states)
    total, full_search = opener_total(searcher, original, row, 6), searcher.states
    # every CHECK_EVERY states, and every CHECK_EVERY buckets scanned for a bound
    assert calls and len(calls) == searcher.states // 1024 + searcher.scans // 1024
    # The store's checkpoint keeps the memo as the search goes
    monkeypatch.setattr(store_module, "CHECKPOINT_SECONDS", 0.0)
    store = opened(tmp_path / "s.sqlite", original)
    searcher = make_exact_searcher(original, "off", n_threads=1)
    searcher.checkpoint = store.checkpoint_for(searcher)
    opener_total(searcher, original, row, 6, store=store)
    assert store.memo_rows() > 0

    # Ctrl-C in the middle of a bucket (raised where the search checks in):
    # the entries proven so far are kept, and the next search is shorter
    def interrupt():
        raise KeyboardInterrupt

    store = opened(tmp_path / "t.sqlite", original)
    searcher = make_exact_searcher(original, "off", n_threads=1)
    searcher.checkpoint = interrupt
    with pytest.raises(Stopped):
        opener_total(searcher, original, row, 6, store=store)
    assert store.memo_rows() > 0
    resumed = make_exact_searcher(original, "off", n_threads=1)
    store.restore_memo(resumed)
    assert opener_total(resumed, original, row, 6, store=store) == total == 7930
    assert resumed.states < full_search


def test_a_store_that_cannot_be_opened_is_an_error_when_named_and_skipped_by_default(
        tmp_path, lexicon, monkeypatch, caplog):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(WordleError, match="cannot open the store of proven states"):
        complete_table(lexicon, "off", 4, results_path=tmp_path / "r.json",
                       store=blocker / "states.sqlite")
    # the default store's folder cannot be made: the table is proven without it
    monkeypatch.setattr("wordle_fast.exact.store.default_store_path",
                        lambda description: blocker / "states.sqlite")
    table = complete_table(lexicon, "off", 4, results_path=tmp_path / "r.json")
    assert table.complete
    assert "the run goes on without a store" in caplog.text


def _write_from_another_process(path, description, first, rows):
    # (module level, so that a spawned process can run it)
    store = ProvenStore(path, description, min_seconds=0)

    class Snapshots:   # a searcher as keep_memo sees it: fingerprints and a snapshot
        def memo_fingerprint(self, members, depth):
            return (7, 7)

        def memo_snapshot(self, min_weight):
            keys = np.arange(first, first + rows, dtype=np.uint64)
            return (keys, keys + 1, keys.astype(np.int64), np.ones(rows, np.uint8),
                    np.full(rows, 3, np.uint8))

    for start in range(first, first + rows, 50):
        for key in range(start, start + 50):
            store.keep(state_key([key, key + 1, key + 2], 5, None), True, 9, 1.0)
        store.keep_memo(Snapshots())
    store.close()


def _open_new_stores_in_step(folder, description, stores, barrier):
    # (forked, not spawned: the four must open each store at the same moment,
    # which a spawned process's start of a second or more would spread out)
    for number in range(stores):
        barrier.wait(30)   # a failed opener breaks it for the others
        ProvenStore(folder / f"{number}.sqlite", description, min_seconds=0).close()


def test_processes_opening_one_new_store_at_once_all_open_it(tmp_path, lexicon):
    # Switching a new file to WAL answers "database is locked" at once,
    # without SQLite's busy wait: before the retry 6% of such openings
    # failed (CI, stop 61).
    import multiprocessing

    description = store_description(lexicon, "off")
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(4)
    openers = [context.Process(target=_open_new_stores_in_step,
                               args=(tmp_path, description, 30, barrier)) for _ in range(4)]
    for process in openers:
        process.start()
    for process in openers:
        process.join(120)
    assert [process.exitcode for process in openers] == [0, 0, 0, 0]
    with ProvenStore(tmp_path / "29.sqlite", description) as store:
        assert len(store) == 0


def test_two_processes_write_one_store_and_neither_loses_the_other(tmp_path, lexicon):
    import multiprocessing

    description = store_description(lexicon, "off")
    path = tmp_path / "shared.sqlite"
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_write_from_another_process,
                               args=(path, description, first, 500)) for first in (0, 10_000)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(120)
        assert writer.exitcode == 0
    with ProvenStore(path, description) as store:
        assert len(store) == 1000
        assert store.memo_rows() == 1000   # each snapshot merged with the other's
        a = store._memo_snapshot()[0]
        assert sorted(a.tolist()) == list(range(500)) + list(range(10_000, 10_500))


def test_the_fingerprint_is_recorded_while_another_writer_holds_the_store(tmp_path, lexicon):
    # Another writer holds the write lock, writes, then commits: recording the
    # probe waits for it. Reading first and then writing in one transaction
    # failed here at once, "database is locked" (CI, stop 68).
    import threading

    path = tmp_path / "shared.sqlite"
    store = ProvenStore(path, store_description(lexicon, "off"), min_seconds=0)
    locked, release = threading.Event(), threading.Event()

    def other_writer():
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        other.execute("INSERT INTO meta VALUES ('other', 'writer')")
        locked.set()
        release.wait(10)
        other.execute("COMMIT")
        other.close()

    writer = threading.Thread(target=other_writer)
    writer.start()
    assert locked.wait(10)
    threading.Timer(0.3, release.set).start()
    searcher = make_exact_searcher(lexicon, "off", n_threads=1)
    assert store._fingerprints_match(searcher)
    writer.join(10)
    assert store._recorded_probe() is not None
    assert store._fingerprints_match(searcher)   # recorded: the second check only reads
    store.close()


def test_a_store_locked_too_long_keeps_no_memo_and_says_so(tmp_path, lexicon, monkeypatch,
                                                          caplog):
    monkeypatch.setattr(store_module, "BUSY_SECONDS", 0.2)
    path = tmp_path / "held.sqlite"
    store = ProvenStore(path, store_description(lexicon, "off"), min_seconds=0)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")   # never released while the store asks
    searcher = make_exact_searcher(lexicon, "off", n_threads=1)
    assert not store._fingerprints_match(searcher)
    assert store.keep_memo(searcher) == 0
    assert store.restore_memo(searcher) == 0
    assert "could not record the memo's fingerprint" in caplog.text
    holder.execute("ROLLBACK")
    assert store._fingerprints_match(searcher)   # free again: recorded
    holder.close()
    store.close()


def test_optimal_with_a_store_resumes_a_search_stopped_by_ctrl_c(tmp_path, original,
                                                                  monkeypatch, capsys):
    from wordle_fast.exact.optimum import SearchInterrupted, optimal

    path = tmp_path / "crane.sqlite"
    whole = optimal(opener="crane", lexicon=original)

    def interrupted(self, searcher):
        def checkpoint():
            raise KeyboardInterrupt
        return checkpoint

    with monkeypatch.context() as patch:
        patch.setattr(ProvenStore, "checkpoint_for", interrupted)
        with pytest.raises(SearchInterrupted):
            optimal(opener="crane", lexicon=original, store=path)
    resumed = optimal(opener="crane", lexicon=original, store=path)
    assert resumed.total_guesses == whole.total_guesses == 7930
    assert resumed.stats["states"] < whole.stats["states"]
    # from the shell
    assert main(["optimal", "--opener", "crane", "--store", str(path), "--memo", "0.1",
                 "--quiet", "--json", "-"]) == 0
    assert '"total_guesses": 7930' in capsys.readouterr().out
