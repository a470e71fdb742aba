"""The depth-only table (which openers can guarantee every answer within a
limit): against the brute-force twin, its witnesses, and its results file."""

import importlib.util
import json
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_exact import small_lists, trap_lists
from test_openings import every_word_an_answer, twin_totals
from wordle_fast import Lexicon, WordleError
from wordle_fast.cli import main
from wordle_fast.core._exact_twin import INFEASIBLE
from wordle_fast.exact import guarantee as depth_only
from wordle_fast.exact.guarantee import (
    Guarantee,
    default_results_path,
    guarantee_description,
    guarantee_table,
    opener_guarantee,
    shipped_guarantees,
    witness_holds,
)
from wordle_fast.exact.search import make_exact_searcher
from wordle_fast.exact.trees import InvalidTree, verify_tree
from wordle_fast.patterns import parse_pattern
from wordle_fast.rulebook import Rules


@given(st.one_of(small_lists(), trap_lists(), every_word_an_answer()),
       st.sampled_from(["off", "hard", "strict"]))
@settings(max_examples=40, deadline=None)
def test_every_opener_answered_as_the_twin_and_every_witness_holds(case, mode):
    answers, guesses, max_guesses = case
    lexicon = Lexicon(answers=answers, guesses=guesses)
    searcher = make_exact_searcher(lexicon, mode)
    table = guarantee_table(searcher, lexicon, Rules(mode, max_guesses))
    slow = twin_totals(lexicon, max_guesses, mode)
    assert list(table.entries) == list(lexicon.guesses)
    for row, word in enumerate(lexicon.guesses):
        entry = table.entries[word]
        assert entry.finishes is (slow[row] < INFEASIBLE), word
        if not entry.finishes:
            # the witness: a real bucket of the opener, which cannot finish
            code = parse_pattern(entry.witness, lexicon.length)
            assert np.count_nonzero(lexicon.matrix[row] == code) == entry.size
            assert witness_holds(searcher, lexicon, entry, Rules(mode, max_guesses))
    assert table.finishing == [w for row, w in enumerate(lexicon.guesses) if slow[row] < INFEASIBLE]


ONE_LETTER_APART = ["bat", "cat", "hat", "mat", "pat"]


def test_a_witness_that_does_not_hold_is_caught():
    lexicon = Lexicon(answers=ONE_LETTER_APART, guesses=ONE_LETTER_APART + ["bch"])
    searcher = make_exact_searcher(lexicon, "off")
    # BAT at 3 guesses: its bucket _AT of four cannot finish in two
    three, four = Rules("off", 3), Rules("off", 4)
    entry = opener_guarantee(searcher, lexicon, lexicon.guess_index("bat"), three)
    assert (entry.finishes, entry.witness, entry.size) == (False, "bgg", 4)
    assert witness_holds(searcher, lexicon, entry, three)
    # ... but can in three more (BCH splits the rest), and a wrong size is no witness
    assert not witness_holds(searcher, lexicon, entry, four)
    assert not witness_holds(searcher, lexicon, Guarantee("bat", False, "bgg", 3), three)
    assert not witness_holds(searcher, lexicon, Guarantee("bat", False, "ggg", 1), three)


def test_a_check_out_of_sets_leaves_the_opener_undecided_and_a_rerun_takes_it_up(tmp_path):
    lexicon = Lexicon(answers=ONE_LETTER_APART, guesses=ONE_LETTER_APART + ["bch", "mpz"])
    searcher = make_exact_searcher(lexicon, "off")
    rules = Rules("off", 4)
    results = tmp_path / "g.json"
    first = guarantee_table(searcher, lexicon, rules, results_path=results, most_sets=1)
    assert first.undecided and all(first.entries[w].finishes is None for w in first.undecided)
    again = guarantee_table(searcher, lexicon, rules, results_path=results)
    assert not again.undecided
    slow = twin_totals(lexicon, 4, "off")
    assert [e.finishes for e in again.entries.values()] == [t < INFEASIBLE for t in slow]


def test_the_table_resumes_from_its_file_and_refuses_a_foreign_or_edited_one(tmp_path,
                                                                            monkeypatch):
    lexicon = Lexicon(answers=ONE_LETTER_APART, guesses=ONE_LETTER_APART + ["bch"])
    searcher = make_exact_searcher(lexicon, "hard")
    results = tmp_path / "g.json"
    table = guarantee_table(searcher, lexicon, Rules("hard", 4), results_path=results)

    def asked(*args, **kwargs):
        raise AssertionError("a decided opener was asked again")

    monkeypatch.setattr(depth_only, "opener_guarantee", asked)
    assert guarantee_table(searcher, lexicon, Rules("hard", 4),
                           results_path=results).entries == table.entries
    with pytest.raises(WordleError, match="other lists or rules"):
        guarantee_table(searcher, lexicon, Rules("hard", 5), results_path=results)
    saved = json.loads(results.read_text())
    saved["entries"]["bat"] = [True, None, None]
    results.write_text(json.dumps(saved))
    with pytest.raises(WordleError, match="does not match its digest"):
        guarantee_table(searcher, lexicon, Rules("hard", 4), results_path=results)
    results.write_text("{not json")
    with pytest.raises(WordleError, match="not a guarantee table to resume"):
        guarantee_table(searcher, lexicon, Rules("hard", 4), results_path=results)


@pytest.mark.parametrize("damage", ["unreadable", "edited"])
def test_a_damaged_cached_table_is_set_aside_and_built_again(tmp_path, monkeypatch, caplog,
                                                            damage):
    monkeypatch.setenv("WORDLE_FAST_CACHE_DIR", str(tmp_path / "cache"))
    lexicon = Lexicon(answers=ONE_LETTER_APART, guesses=ONE_LETTER_APART + ["bch"])
    searcher = make_exact_searcher(lexicon, "hard")
    rules = Rules("hard", 4)
    table = guarantee_table(searcher, lexicon, rules)
    cached = default_results_path(guarantee_description(lexicon, rules))
    original = cached.read_text()
    if damage == "edited":
        saved = json.loads(original)
        saved["entries"]["bat"] = [True, None, None]
        broken = json.dumps(saved)
    else:
        broken = original[:40]
    cached.write_text(broken)
    again = guarantee_table(searcher, lexicon, rules)
    assert again.entries == table.entries
    assert "ignored the cached guarantee table" in caplog.text
    assert cached.with_name(cached.name + ".rejected").read_text() == broken
    assert json.loads(cached.read_text()) == json.loads(original)    # built again
    assert guarantee_table(searcher, lexicon, rules).entries == table.entries


def test_cli_guarantee(tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(ONE_LETTER_APART + ["bch"]))
    base = ["guarantee", "--answers", str(words), "--guesses", str(words), "--quiet"]
    assert main([*base, "--max-guesses", "3", "--verify"]) == 0
    out = capsys.readouterr().out
    assert "6 openers over 6 answers (normal mode), every answer within 3 guesses:" in out
    # MAT and PAT leave BAT, CAT, HAT and one more, which BCH splits apart
    assert "can guarantee it: 3 (MAT, PAT, BCH)" in out and "cannot: 3" in out
    assert "witnesses proven again by the exact search: 3" in out
    assert main([*base, "--max-guesses", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["finishing"] == ["mat", "pat", "bch"] and summary["cannot_finish"] == 3
    assert main([*base, "--most-sets", "0"]) == 2
    assert "--most-sets must be at least 1" in capsys.readouterr().err
    assert main([*base, "--results", "-"]) == 2
    assert "--results needs a file name" in capsys.readouterr().err


def test_cli_guarantee_verify_builds_one_searcher(tmp_path, capsys, monkeypatch):
    """--verify's searcher is the one the table asks its openers with: on
    big lists a second costs seconds and the memory of the matrix again."""
    import wordle_fast.exact.search as search_module
    built = []

    def counted_searcher(*args, **kwargs):
        built.append(args)
        return make_exact_searcher(*args, **kwargs)

    monkeypatch.setattr(search_module, "make_exact_searcher", counted_searcher)
    monkeypatch.setattr(depth_only, "make_exact_searcher", counted_searcher)
    words = tmp_path / "words.txt"
    words.write_text("\n".join(ONE_LETTER_APART + ["bch"]))
    assert main(["guarantee", "--answers", str(words), "--guesses", str(words), "--quiet",
                 "--max-guesses", "3", "--verify", "--results",
                 str(tmp_path / "table.json")]) == 0
    assert "witnesses proven again by the exact search: 3" in capsys.readouterr().out
    assert len(built) == 1


PUBLISHED_TREE = Path(__file__).resolve().parent.parent / "benchmarks" / "published_tree.py"

# The C++ solver's text form of a tree: one line per answer, blank where it
# shares its start with the line before.
TEXT_TREE = """\
bch BYB1 cat GGG2
    GBB1 bat GGG2
    BBY1 hat GGG2
    BBB1 mat GGG2
             BGG2 pat GGG3
"""


@pytest.mark.skipif(not PUBLISHED_TREE.is_file(), reason="needs the checkout's benchmarks/")
def test_a_published_tree_is_read_and_replayed():
    spec = importlib.util.spec_from_file_location("published_tree", PUBLISHED_TREE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    words = ONE_LETTER_APART + ["bch"]
    tree = module.read_tree(TEXT_TREE.splitlines())
    assert tree["children"]["bbb"] == {"guess": "mat", "children": {
        "bgg": {"guess": "pat", "children": {}}}}
    assert verify_tree(tree, ONE_LETTER_APART, "off", 6, guesses=words)["total_guesses"] == 11
    # the replay computes the feedback afresh: a pattern the file gets wrong fails
    wrong = module.read_tree(TEXT_TREE.replace("BBY1 hat", "BYY1 hat").splitlines())
    with pytest.raises(InvalidTree):
        verify_tree(wrong, ONE_LETTER_APART, "off", 6, guesses=words)
    with pytest.raises(ValueError, match="line 2: after gbb it plays"):
        module.read_tree(["bch GBB1 bat GGG2", "    GBB1 cat GGG2"])
    with pytest.raises(ValueError, match="all-green"):
        module.read_tree(["bch GBB1 bat"])


def test_the_shipped_big_hidden_table_says_no_hard_mode_opener_guarantees_six(monkeypatch):
    # Every word a possible answer (original-all), hard mode: every one of
    # the 12972 openers has a bucket that cannot finish in five more
    # guesses. A seeded sample of the witnesses is proven again here by the
    # exact search (all of them: `guarantee --verify`, benchmarks/LOG.md).
    lexicon = Lexicon.edition("original-all")
    rules = Rules("hard", 6)
    entries, name = shipped_guarantees(lexicon, rules)
    assert name == "guarantee-original-all-hard-6.json" and len(entries) == 12972
    assert all(entry.finishes is False for entry in entries.values())
    searcher = make_exact_searcher(lexicon, "hard")
    for word in random.Random(1).sample(sorted(entries), 12):
        assert witness_holds(searcher, lexicon, entries[word], rules), word
    # the command reads it, and proves nothing
    monkeypatch.setattr(depth_only, "opener_guarantee", None)
    table = guarantee_table(searcher, lexicon, rules)
    assert not table.finishing and not table.undecided
    assert table.source == "shipped table guarantee-original-all-hard-6.json"


@pytest.mark.slow
def test_every_witness_of_the_shipped_big_hidden_table_holds():
    # all 12972 proven again by the exact search (about 20 s of one core)
    lexicon = Lexicon.edition("original-all")
    rules = Rules("hard", 6)
    entries, _ = shipped_guarantees(lexicon, rules)
    searcher = make_exact_searcher(lexicon, "hard")
    wrong = [word for word, entry in entries.items()
             if not witness_holds(searcher, lexicon, entry, rules)]
    assert wrong == []


@pytest.mark.parametrize("arguments, finishing, cannot", [
    (["--hard"], 10950, 2022),
    ([], 12972, 0),
    (["--lists", "nyt2023", "--hard"], 7453, 7402),
])
def test_the_shipped_opening_tables_answer_without_a_search(arguments, finishing, cannot,
                                                           capsys, monkeypatch):
    # Before: `guarantee --hard` on the default lists computed every opener
    # afresh ("2.3 h left") though the shipped hard table settles each one.
    def no_search(*args, **kwargs):
        raise AssertionError("a search was started")

    monkeypatch.setattr(depth_only, "make_exact_searcher", no_search)
    monkeypatch.setattr(depth_only, "opener_guarantee", no_search)
    assert main(["guarantee", "--quiet", "--json", "-"] + arguments) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (len(summary["finishing"]), summary["cannot_finish"]) == (finishing, cannot)
    assert summary["undecided"] == [] and summary["source"].startswith("shipped table exact-")


def test_an_opener_the_table_proved_unable_to_finish_gets_a_witness_that_holds(official):
    rules = Rules("hard", 6)
    table = guarantee_table(None, official, rules)
    searcher = make_exact_searcher(official, "hard", n_threads=1)
    unable = [e for e in table.entries.values() if e.finishes is False]
    assert len(unable) == 2022 and all(e.witness is None for e in unable)
    for entry in random.Random(78).sample(unable, 2):
        found = depth_only.find_witness(searcher, official, entry, rules)
        assert found.finishes is False and found.witness is not None
        assert witness_holds(searcher, official, found, rules)
    # and the same depth-only check agrees that an opener the table solved finishes
    assert opener_guarantee(searcher, official, official.guess_index("salet"), rules).finishes


def test_a_results_file_keeps_an_entry_proven_without_a_witness(tmp_path):
    lexicon = Lexicon(answers=ONE_LETTER_APART, guesses=ONE_LETTER_APART + ["bch"])
    rules = Rules("off", 3)
    description = guarantee_description(lexicon, rules)
    path = tmp_path / "table.json"
    entries = {"bat": Guarantee("bat", True), "cat": Guarantee("cat", False),
               "hat": Guarantee("hat", False, "-----", 3)}
    depth_only._write(path, description, entries)
    assert depth_only._read(path, description, lexicon) == entries
    saved = json.loads(path.read_text())
    saved["entries"]["bat"] = [True, "-----", 3]      # a witness on an opener that finishes
    saved["digest"] = depth_only._digest(description, saved["entries"])
    path.write_text(json.dumps(saved))
    with pytest.raises(depth_only._Untrusted, match="bad entry for 'bat'"):
        depth_only._read(path, description, lexicon)
