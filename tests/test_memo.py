"""The exact search's memo (_memo.pyx) against a dict: a table of
fingerprints that may forget entries, but never answers with another key's."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

memo_module = pytest.importorskip("wordle_fast.core._memo")
Memo = memo_module.Memo

# (no context and an empty one are one key: the search uses either None, in
# normal mode, or contexts of one fixed length)
keys = st.tuples(st.lists(st.integers(0, 40), max_size=6, unique=True).map(sorted),
                 st.integers(0, 7), st.sampled_from([None, b"\x00", b"\x01\x02", b"\x02\x01"]))


@given(st.lists(st.tuples(keys, st.integers(0, 1 << 50), st.booleans(), st.integers(0, 300)),
                max_size=300),
       st.sampled_from([1, 4, 16, 1 << 20]))
@settings(max_examples=200, deadline=None)
def test_the_memo_answers_as_a_dict_would_or_not_at_all(puts, max_entries):
    memo = Memo(max_entries, 41, keep_keys=True)
    model = {}
    for (members, depth, context), value, exact, weight in puts:
        memo.put(members, depth, value, exact, weight, context)
        model[(tuple(members), depth, context)] = (min(value, (1 << 46) - 1), exact)
    assert memo.count <= memo.capacity <= max_entries
    for (members, depth, context), want in model.items():
        found = memo.get(list(members), depth, context)
        assert found is None or found == want
        if max_entries == 1 << 20:
            assert found == want          # room for every entry: none is forgotten
    for members, depth, context, value, exact in memo.items():
        assert model[(tuple(members.tolist()), depth, context)] == (value, exact)


def test_one_key_is_not_another():
    # the members, the depth and the context each tell keys apart
    memo = Memo(1 << 10, 8)
    memo.put([1, 2, 3], 4, 10, True)
    assert memo.get([1, 2, 3], 4) == (10, True)
    for members, depth, context in (([1, 2], 4, None), ([1, 2, 3, 4], 4, None),
                                    ([1, 2, 3], 5, None), ([1, 2, 3], 4, b"\x00"),
                                    ([1, 2, 4], 4, None), ([], 4, None)):
        assert memo.get(members, depth, context) is None
    memo.put([1, 2, 3], 4, 12, False)
    assert memo.get([1, 2, 3], 4) == (12, False) and memo.count == 1


def test_a_full_bucket_gives_way_to_older_then_lighter_entries():
    memo = Memo(4, 8)           # one bucket of four slots
    memo.put([0], 1, 1, True, weight=9)
    memo.put([1], 1, 1, True, weight=0)
    memo.put([2], 1, 1, True, weight=5)
    memo.put([3], 1, 1, True, weight=7)
    memo.put([4], 1, 1, True, weight=0)     # replaces the lightest: [1]
    assert memo.get([1], 1) is None and memo.get([0], 1) is not None
    memo.new_generation()
    memo.put([5], 1, 1, True, weight=0)     # the lightest of the older: [4]
    memo.put([6], 1, 1, True, weight=0)     # then [2] (5), not [5] of this generation
    assert memo.get([4], 1) is None and memo.get([2], 1) is None
    assert memo.get([5], 1) is not None and memo.get([0], 1) is not None
    assert memo.replaced == 3


def test_the_memo_grows_as_it_fills_and_forgets_little_meanwhile():
    memo = Memo(1 << 22, 1 << 17)
    first = memo.capacity
    for i in range(first):
        memo.put([i, i + 1], 3, i, i % 2 == 0)
    assert memo.capacity >= 2 * first        # doubled at half full, or sooner
    assert memo.count + memo.replaced == first and memo.replaced < first // 100
    found = [memo.get([i, i + 1], 3) for i in range(first)]
    assert sum(f is None for f in found) == memo.replaced
    assert all(f == (i, i % 2 == 0) for i, f in enumerate(found) if f is not None)
    memo.clear()
    assert memo.capacity == first and memo.count == 0 and memo.get([0, 1], 3) is None


def test_a_memo_without_keys_says_it_cannot_list_them():
    with pytest.raises(ValueError, match="keep_keys=True"):
        list(Memo(16, 4).items())
    with pytest.raises(ValueError, match="at least 1"):
        Memo(0, 4)
    with pytest.raises(ValueError, match="0..3"):
        Memo(16, 4).put([4], 1, 1, True)


def test_the_search_sizes_its_memo_by_the_memory_available():
    from wordle_fast.exact.search import MEMO_ENTRIES, memo_entries

    assert memo_entries(64 << 30) == MEMO_ENTRIES                  # room: the full size
    assert memo_entries(1 << 30) == (1 << 30) // (4 * 24)          # a quarter of 1 GiB
    assert memo_entries(1 << 20) == 1 << 16                        # never below a start
    assert memo_entries() <= MEMO_ENTRIES


def test_a_memo_of_the_size_asked_for_or_an_error_before_the_search(tmp_path, capsys):
    from wordle_fast import Lexicon
    from wordle_fast.cli import main
    from wordle_fast.errors import TooLarge
    from wordle_fast.exact.search import make_exact_searcher, memo_entries

    assert memo_entries(memo_bytes=3 << 30) == (3 << 30) // 24     # above the default
    with pytest.raises(TooLarge, match="a memo of 100000.00 GiB"):
        memo_entries(memo_bytes=100_000 << 30)
    lexicon = Lexicon(answers=["cigar", "rebut", "sissy"], guesses=["cigar", "rebut", "sissy"])
    assert make_exact_searcher(lexicon, memo_bytes=4 << 20).max_entries == 1 << 17
    answers = tmp_path / "a.txt"
    answers.write_text("cigar\nrebut\nsissy\nhumph\nawake\n")
    files = ["--answers", str(answers), "--guesses", str(answers), "--quiet", "--json", "-"]
    results = ["--results", str(tmp_path / "r.json")]
    assert main(["openers", "--exact", "--all", "--memo", "0.01", *results, *files]) == 0
    capsys.readouterr()
    for memo, said in (("0", "--memo must be a size in GiB above 0"),
                       ("100000", "memos of 100000.00 GiB"),
                       ("nan", "--memo must be a size")):
        assert main(["openers", "--exact", "--all", "--memo", memo, *results, *files]) != 0
        assert said in capsys.readouterr().err
    # a table at the optimum takes it too (its openers may outlast a sitting)
    assert main(["openers", "--exact", "--memo", "0.01", "--results",
                 str(tmp_path / "optimum.json"), *files]) == 0
    capsys.readouterr()
    assert main(["openers", "--memo", "1", *files]) == 2
    assert "--memo only applies with --exact" in capsys.readouterr().err


def test_the_python_layer_knows_the_memo_as_it_is_built():
    from wordle_fast.core._exact import DEFAULT_MEMO_ENTRIES
    from wordle_fast.exact.search import MEMO_ENTRIES, MEMO_ENTRY_BYTES

    assert MEMO_ENTRIES == DEFAULT_MEMO_ENTRIES
    assert MEMO_ENTRY_BYTES == memo_module.BYTES_PER_ENTRY
