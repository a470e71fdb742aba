"""What a hostile pass found (issue 78): calls and files that gave a
traceback, outputs that overwrote the command's own files, and stores that
were changed before they were refused. Each failed before its fix."""

import json
import sqlite3

import pytest

import wordle_fast as wf
from test_hardening import SMALL, one_line_error
from wordle_fast.cli import main
from wordle_fast.exact.trees import InvalidTree


@pytest.fixture
def small_files(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SMALL) + "\n")
    return words


@pytest.fixture(scope="module")
def small_tree():
    return wf.optimal(opener="serve", lexicon=wf.Lexicon(SMALL, SMALL)).tree


# -- from Python: one clear error, not a KeyError or the kernel's ValueError -----------

@pytest.mark.parametrize("call, error, message", [
    (lambda tree: wf.tree_text({}), InvalidTree, "has no 'guess'"),
    (lambda tree: wf.load_tree(None), InvalidTree, "file path"),
    (lambda tree: wf.pattern_matrix(None, None), wf.InvalidOption, "list of words, got NoneType"),
    (lambda tree: wf.verify_tree(tree, "cigar"), wf.InvalidOption, "not one string"),
    (lambda tree: wf.analyze("salet"), wf.InvalidOption, "not one string"),
    (lambda tree: wf.settle_openers("salet"), wf.InvalidOption, "not one string"),
])
def test_a_bad_argument_is_one_clear_error(small_tree, call, error, message):
    with pytest.raises(error, match=message):
        call(small_tree)


def test_a_tree_of_another_word_length_fails_its_check(small_tree):
    four = ["abcd", "abce", "abcf"]
    with pytest.raises(InvalidTree, match="has 5 letters, the answers 4"):
        wf.verify_tree(small_tree, four, guesses=four)


@pytest.mark.parametrize("memo, message", [("inf", "above 0, such as 2"),
                                           ("100000", "ask for a smaller memo")])
def test_a_memo_beyond_reason_is_refused(small_files, capsys, memo, message):
    assert main(["optimal", "--opener", "serve", "--answers", str(small_files), "--guesses",
                 str(small_files), "--memo", memo, "--quiet"]) == 2
    one_line_error(capsys, message)


@pytest.mark.parametrize("store", ["-", ""])
def test_a_store_needs_a_file_name(small_files, capsys, tmp_path, monkeypatch, store):
    monkeypatch.chdir(tmp_path)
    assert main(["optimal", "--opener", "serve", "--answers", str(small_files), "--guesses",
                 str(small_files), "--store", store, "--quiet"]) == 2
    one_line_error(capsys, "--store needs a file name")
    assert not (tmp_path / "-").exists()


# -- files nested or valued past what a table can hold ------------------------------------

def deep_json(depth=200_000):
    return "[" * depth + "]" * depth


def test_json_nested_too_deep_is_not_a_traceback(small_files, tmp_path, capsys):
    lists = ["--answers", str(small_files), "--guesses", str(small_files)]
    results = tmp_path / "r.json"
    results.write_text(deep_json())
    assert main(["openers", "--exact", "--quiet", "--results", str(results), *lists]) == 2
    one_line_error(capsys, "nests deeper than any table")
    existing = tmp_path / "out.json"
    existing.write_text(deep_json())
    assert main(["openers", "--exact", "--quiet", "--json", str(existing), *lists]) == 0
    assert json.loads(existing.read_text())["optimum"] > 0


@pytest.mark.parametrize("change", [
    lambda stored: stored["entries"].update(serve=["exact", float("inf")]),
    lambda stored: stored["entries"].update(serve=["exact", 26.0]),
    lambda stored: stored.update(within=float("inf")),
])
def test_a_total_that_is_not_a_whole_number_is_refused(small_files, tmp_path, capsys, change):
    from wordle_fast.exact.tables import entries_digest

    lists = ["--answers", str(small_files), "--guesses", str(small_files)]
    results = tmp_path / "r.json"
    assert main(["openers", "--exact", "--quiet", "--results", str(results), *lists]) == 0
    capsys.readouterr()
    stored = json.loads(results.read_text())
    change(stored)
    stored["digest"] = entries_digest(stored)     # forged so that the values are what is read
    results.write_text(json.dumps(stored))
    assert main(["openers", "--exact", "--quiet", "--results", str(results), *lists]) == 2
    one_line_error(capsys, "not a whole number")


# -- outputs that would overwrite the command's own files ---------------------------------

def test_an_output_never_overwrites_an_input(small_files, small_tree, tmp_path, capsys):
    words = str(small_files)
    before = small_files.read_text()
    assert main(["optimal", "--opener", "serve", "--answers", words, "--guesses", words,
                 "--json", words, "--quiet"]) == 2
    one_line_error(capsys, "--json and --answers name the same file")
    assert main(["suggest", "--answers", words, "--guesses", words, "--json", words]) == 2
    one_line_error(capsys, "name the same file")
    assert small_files.read_text() == before
    tree = tmp_path / "t.json"
    tree.write_text(json.dumps(small_tree))
    assert main(["verify-tree", str(tree), "--answers", words, "--guesses", words,
                 "--json", str(tree)]) == 2
    one_line_error(capsys, "--json and the tree file name the same file")
    assert json.loads(tree.read_text()) == small_tree
    both = str(tmp_path / "both")
    assert main(["optimal", "--opener", "serve", "--answers", words, "--guesses", words,
                 "--json", both, "--tree", both, "--quiet"]) == 2
    one_line_error(capsys, "--json and --tree name the same file")
    assert main(["optimal", "--opener", "serve", "--answers", words, "--guesses", words,
                 "--json", both, "--store", both, "--quiet"]) == 2
    one_line_error(capsys, "--json and --store name the same file")


def test_an_output_never_overwrites_a_store(small_files, tmp_path, capsys):
    words = str(small_files)
    store = tmp_path / "states.sqlite"
    assert main(["optimal", "--opener", "serve", "--answers", words, "--guesses", words,
                 "--store", str(store), "--quiet"]) == 0
    capsys.readouterr()
    for option in ("--json", "--tree"):
        assert main(["optimal", "--opener", "serve", "--answers", words, "--guesses", words,
                     option, str(store), "--quiet"]) == 2
        one_line_error(capsys, "is an SQLite database")
        assert store.read_bytes().startswith(b"SQLite format 3\0")
    assert main(["optimal", "--opener", "serve", "--answers", words, "--guesses", words,
                 "--store", str(store), "--quiet"]) == 0


def journal_mode(path):
    with sqlite3.connect(path) as connection:
        return connection.execute("PRAGMA journal_mode").fetchone()[0]


def test_another_programs_database_is_refused_unchanged(small_files, tmp_path, capsys):
    words = str(small_files)
    theirs = tmp_path / "theirs.sqlite"
    with sqlite3.connect(theirs) as connection:
        connection.execute("CREATE TABLE songs (title TEXT)")
    assert main(["optimal", "--opener", "serve", "--answers", words, "--guesses", words,
                 "--store", str(theirs), "--quiet"]) == 2
    one_line_error(capsys, "another program's SQLite database", "songs")
    with sqlite3.connect(theirs) as connection:
        tables = {name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"songs"} and journal_mode(theirs) == "delete"
    # a meta table of another shape: refused before it is switched to WAL
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE meta (key TEXT, data BLOB)")
    assert main(["optimal", "--opener", "serve", "--answers", words, "--guesses", words,
                 "--store", str(other), "--quiet"]) == 2
    one_line_error(capsys, "meta table has another shape")
    assert journal_mode(other) == "delete"


# -- the guarantee table when its file cannot be written -------------------------------

@pytest.mark.parametrize("cache", ["a file", "read-only"])
def test_a_guarantee_table_that_cannot_be_saved_is_still_printed(small_files, tmp_path, capsys,
                                                               monkeypatch, cache):
    import os
    import tempfile

    folder = tmp_path / "cache"
    if cache == "a file":
        folder.write_text("not a folder")
    else:
        folder.mkdir()
        folder.chmod(0o500)
        if os.access(folder, os.W_OK):
            pytest.skip("running as root: a read-only folder is writable")
    monkeypatch.setenv("WORDLE_FAST_CACHE_DIR", str(folder))
    rescue = tmp_path / "tmp"
    rescue.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(rescue))
    words = str(small_files)
    try:
        assert main(["guarantee", "--answers", words, "--guesses", words, "--max-guesses", "3",
                     "--quiet"]) == 0
    finally:
        if cache != "a file":
            folder.chmod(0o700)
    captured = capsys.readouterr()
    assert "can guarantee it:" in captured.out
    assert "cannot save the table to" in captured.err and "resume with --results" in captured.err
    kept = list(rescue.glob("wordle-fast-rescued-guarantee-*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text())["entries"]


# -- smaller things ------------------------------------------------------------------------

def test_one_word_is_not_the_answer_of_two_boards(official, capsys):
    solver = wf.BoardsSolver(lexicon=official, boards=2)
    with pytest.raises(wf.InconsistentFeedback, match="each board has its own answer"):
        solver.update("raise", "ggggg ggggg")
    assert solver.history == [] or len(solver.history) == 0
    assert main(["suggest", "--boards", "2", "--history", "raise:ggggg,ggggg"]) == 2
    one_line_error(capsys, "boards 1 and 2 are all green for RAISE")
    # solved on one board, then the same word all green on the other
    solver.update("raise", "ggggg bbbbb")
    with pytest.raises(wf.InconsistentFeedback, match="already had"):
        solver.update("raise", "ggggg")


def test_no_opener_finishing_is_said_as_a_proven_answer(capsys, ound_files):
    answers, guesses = ound_files
    assert main(["optimal", "--answers", answers, "--guesses", guesses,
                 "--max-guesses", "2"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Proven: no opener solves every answer within 2 guesses")
    assert "error" not in out + err
    assert main(["openers", "--exact", "--answers", answers, "--guesses", guesses,
                 "--max-guesses", "1"]) == 0
    assert "within 1 guess" in capsys.readouterr().out


def test_a_shipped_table_read_whole_is_not_called_computed(capsys):
    assert main(["openers", "--exact", "--all", "--incumbent", "salet", "--store", "none",
                 "--top", "1"]) == 0
    out = capsys.readouterr().out
    assert "shipped table exact-openers-normal.json in" in out and "computed" not in out


def test_openers_tied_but_for_float_noise_keep_the_list_order(official):
    from wordle_fast.strategies.lookahead import rank_openers_by_lookahead

    ranking = rank_openers_by_lookahead(official, depth=1, pool="candidates")
    bits = ranking.n_step_bits
    for i in range(len(bits) - 1):
        if abs(bits[i] - bits[i + 1]) < 1e-9:
            assert official.guess_index(ranking.words[i]) < official.guess_index(
                ranking.words[i + 1])


def test_an_unwritable_cache_still_gives_the_result_then_says_so(ound_files, tmp_path, capsys,
                                                                 monkeypatch, caplog):
    import os
    import tempfile

    # Before: every one proved the table, then exit 2 without its result.
    blocked = tmp_path / "a file"
    blocked.write_text("a file where the cache folder's parent should be")
    monkeypatch.setenv("WORDLE_FAST_CACHE_DIR", str(blocked / "cache"))
    rescue = tmp_path / "tmp"
    rescue.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(rescue))
    answers, guesses = ound_files
    assert main(["analyze", "--answers", answers, "--guesses", guesses, "garms",
                 "bound"]) == 0
    captured = capsys.readouterr()
    assert "GARMS" in captured.out.upper()
    assert "cannot save the results to" in caplog.text    # (analyze shows no table: logged)
    assert main(["optimal", "--answers", answers, "--guesses", guesses, "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("GARMS (normal mode, at most 6 guesses): 26 guesses")
    assert "wordle-fast optimal: cannot save the results to" in captured.err
    assert main(["openers", "--exact", "--answers", answers, "--guesses", guesses,
                 "--quiet"]) == 0
    captured = capsys.readouterr()
    assert "optimum" in captured.out
    assert captured.err.startswith("wordle-fast openers: cannot save the results to")
