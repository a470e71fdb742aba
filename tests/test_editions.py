"""The bundled editions of the word lists: their content, the ways to name
one (API and --lists), and the errors when the lists are named twice."""

import json
from importlib import resources

import pytest

import wordle_fast as wf
from wordle_fast.cache import words_digest
from wordle_fast.cli import main
from wordle_fast.exact.results import false_claim
from wordle_fast.exact.trees import verify_tree
from wordle_fast.priors import zipf_frequencies
from wordle_fast.words import EDITIONS, edition, load_answers, load_guesses

# The SHA-256 of each list as caches key it (words joined by newlines): an
# edit to a bundled file fails here before it silently changes every figure.
DIGESTS = {
    "original": ("5209b35f823f8b80f0404f863bd80df06d6a966c6eb1016d69f38badc6eed5d0",
                 "498f38211e3bafbfd6cc824ed10537a974d502377aa92459d06ff6a5b6110bb8"),
    "nyt2022": ("b8f8854e42a0", "498f38211e3b"),
    "nyt2022-08": ("b8f8854e42a0", "a7898cd20f36"),
    "nyt2023": ("761b933d6047", "a7898cd20f36"),
    "original-all": ("498f38211e3b", "498f38211e3b"),
    "nyt2023-common": ("9c25b0112e6a", "a7898cd20f36"),
}


@pytest.mark.parametrize("name", list(EDITIONS))
def test_each_edition_has_its_documented_sizes_and_content(name):
    answers, guesses = load_answers(name), load_guesses(name)
    assert (len(answers), len(guesses)) == (EDITIONS[name].n_answers, EDITIONS[name].n_guesses)
    assert list(answers) == sorted(answers) and list(guesses) == sorted(guesses)
    assert set(answers) <= set(guesses)        # every answer may be guessed
    assert words_digest(answers).startswith(DIGESTS[name][0])
    assert words_digest(guesses).startswith(DIGESTS[name][1])


def test_the_editions_relate_as_their_sources_say():
    original, nyt2022, nyt2023 = (set(load_answers(n)) for n in ("original", "nyt2022",
                                                                   "nyt2023"))
    assert original - nyt2022 == {"agora", "fibre", "lynch", "pupal", "slave", "wench"}
    assert nyt2022 <= original
    assert set(load_guesses("original")) < set(load_guesses("nyt2022-08"))
    assert load_answers("nyt2022-08") == load_answers("nyt2022")
    assert load_guesses("nyt2022") == load_guesses("original")
    assert len(nyt2023 - nyt2022) == 3158 - 2309 + len(nyt2022 - nyt2023)
    # big hidden: every word the original game accepts is a possible answer
    assert load_answers("original-all") == load_guesses("original-all") == load_guesses("original")
    # the dictionary: the NYT's guesses of Zipf 2.4 or more, as data/make_common_answers.py picks
    guesses = load_guesses("nyt2023-common")
    assert guesses == load_guesses("nyt2023")
    zipf = zipf_frequencies(guesses)
    assert load_answers("nyt2023-common") == tuple(w for w, z in zip(guesses, zipf) if z >= 2.4)


def test_frequencies_cover_every_word_of_every_edition():
    text = resources.files("wordle_fast.data").joinpath("frequencies.tsv").read_text()
    listed = [line.split("\t")[0] for line in text.splitlines()]
    assert listed == sorted(set(listed))
    assert set(listed) == set().union(*(load_guesses(name) for name in EDITIONS))
    # a word only the later lists hold gets its own frequency, not the unknown 0
    later = sorted(set(load_answers("nyt2023")) - set(load_guesses("original")))
    assert later and (zipf_frequencies(later) > 0).mean() > 0.9


def test_a_lexicon_solver_and_search_by_edition_name():
    lexicon = wf.Lexicon.edition("nyt2022-08")
    assert (lexicon.n_answers, lexicon.n_guesses, lexicon.lists) == (2309, 14855, "nyt2022-08")
    assert wf.Lexicon().lists == "original" and wf.Lexicon(answers=["cab"], guesses=["cab"]).lists is None
    solver = wf.Solver(lists="NYT2023")
    assert solver.lexicon.n_answers == 3158 and solver.lexicon.lists == "nyt2023"
    # the edition's lists decide the play: agora is no answer after February 2022
    assert "agora" in wf.Solver().candidates
    assert "agora" not in wf.Solver(lists="nyt2022").candidates
    small = wf.Lexicon(answers=["cigar", "rebut", "sissy"], guesses=["cigar", "rebut", "sissy"])
    assert wf.optimal(opener="cigar", lexicon=small).total_guesses == 5


@pytest.mark.parametrize("call", [
    lambda: wf.Lexicon.edition("nyt2024"),
    lambda: wf.Solver(lists="nyt2024"),
    lambda: wf.optimal(opener="salet", lists="nyt2024"),
    lambda: wf.analyze(["salet"], lists="nyt2024"),
    lambda: wf.opening_table(lists=7),
])
def test_an_unknown_edition_names_the_known_ones(call):
    with pytest.raises(wf.InvalidOption, match="original, nyt2022, nyt2022-08, nyt2023"):
        call()


@pytest.mark.parametrize("call, named", [
    (lambda: wf.Solver(answers=["cigar"], lists="nyt2022"), "answers and lists"),
    (lambda: wf.Solver(guesses=["cigar"], lists="nyt2022"), "guesses and lists"),
    (lambda: wf.Solver(lexicon=wf.Lexicon(answers=["cab"], guesses=["cab"]), lists="nyt2022"), "lexicon and lists"),
    (lambda: wf.optimal(lexicon=wf.Lexicon(answers=["cab"], guesses=["cab"]), lists="nyt2022"),
     "lexicon and lists"),
])
def test_lists_named_two_ways_is_an_error(call, named):
    with pytest.raises(wf.InvalidOption, match=named):
        call()


def test_edition_lookup_is_forgiving_about_case_and_space():
    assert edition(" NYT2023 ").name == "nyt2023"


def test_cli_lists_command(capsys, tmp_path):
    assert main(["lists"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("original *") and "2315" in out[1] and "12972" in out[1]
    assert [line.split()[0] for line in out[2:7]] == ["nyt2022", "nyt2022-08", "nyt2023",
                                                      "original-all", "nyt2023-common"]
    assert main(["lists", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["editions"]
    assert [(r["name"], r["answers"], r["guesses"]) for r in rows] == [
        ("original", 2315, 12972), ("nyt2022", 2309, 12972), ("nyt2022-08", 2309, 14855),
        ("nyt2023", 3158, 14855), ("original-all", 12972, 12972),
        ("nyt2023-common", 4490, 14855)]
    assert rows[0]["answers_sha256"] == DIGESTS["original"][0]
    assert main(["lists", "--json", str(tmp_path / "lists.json")]) == 0
    assert f"Wrote {tmp_path / 'lists.json'}" in capsys.readouterr().out
    assert json.loads((tmp_path / "lists.json").read_text())["editions"] == rows


def test_cli_commands_take_an_edition(capsys):
    assert main(["suggest", "--lists", "nyt2023", "--json", "--top", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["candidates"] == 3158
    assert main(["filter", "--lists", "nyt2022", "--green", "ag.ra", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["words"] == []
    assert main(["filter", "--green", "ag.ra", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["words"] == ["agora"]
    assert main(["analyze", "--lists", "nyt2022", "salet", "agora", "--quiet"]) == 2
    assert "agora" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["suggest", "--lists", "nyt2023", "--answers", "a.txt"],
    ["simulate", "--lists", "nyt2023", "--guesses", "g.txt"],
    ["optimal", "--lists", "nyt2022", "--answers", "a.txt", "--guesses", "g.txt"],
    ["openers", "--lists", "nyt2022", "--answers", "a.txt"],
    ["analyze", "--lists", "nyt2022", "--answers", "a.txt", "salet"],
    ["verify-tree", "--lists", "nyt2022", "--guesses", "g.txt", "tree.json"],
    ["filter", "--lists", "nyt2022", "--answers", "a.txt"],
    ["play", "--lists", "nyt2022", "--answers", "a.txt"],
])
def test_cli_lists_with_files_is_an_error(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "both name word lists" in err and err.count("\n") == 1


def test_cli_unknown_edition_lists_the_known_ones(capsys):
    assert main(["simulate", "--lists", "nyt24"]) == 2
    err = capsys.readouterr().err
    assert "unknown word lists 'nyt24'" in err and "nyt2022-08, nyt2023" in err


# Alex Selby's published optima for the NYT's lists (his results_easy_* and
# results_hard_* files for nyt20220316, nyt20220830 and nyt20230701): total
# guesses over every answer with the best opener, at most six guesses.
# The other openers' totals are the ones data/settle_openers.py settled,
# or, for a table computed to the end, its runners-up.
PUBLISHED = [
    ("nyt2022", "off", "salet", 7897, {"reast": 7900, "crate": 7902, "trace": 7903,
                                       "slate": 7905, "crane": 7907, "carle": 7914,
                                       "slane": 7920}),
    ("nyt2022", "hard", "salet", 8099, {"least": 8106, "reast": 8112, "crate": 8121,
                                        "trape": 8123, "slane": 8126, "prate": 8130,
                                        "crane": 8133, "carle": 8136, "teals": 8139}),
    ("nyt2022-08", "off", "tarse", 7883, {"salet": 7894, "reast": 7896, "crate": 7899,
                                          "slate": 7899, "trace": 7899, "crane": 7902,
                                          "carle": 7909}),
    ("nyt2022-08", "hard", "salet", 8097, {"least": 8104, "reast": 8112, "crate": 8119,
                                           "trape": 8121, "tarse": 8123, "slane": 8125,
                                           "prate": 8129, "crane": 8131, "carle": 8136,
                                           "train": 8136, "teals": 8137}),
    ("nyt2023", "off", "tarse", 11219, {"salet": 11235, "caret": 11252, "sater": 11261,
                                        "torse": 11265, "carte": 11268, "carle": 11270,
                                        "reast": 11270}),
    ("nyt2023", "hard", "tarse", 11627, {}),
]


# The editions' tables computed to the end, with how many openers cannot
# guarantee six guesses: as many as the C++ author publishes for the lists.
COMPLETE = {("nyt2022", "off"): 0, ("nyt2022", "hard"): 2022, ("nyt2022-08", "off"): 0,
            ("nyt2022-08", "hard"): 2136, ("nyt2023", "off"): 0, ("nyt2023", "hard"): 7402}


@pytest.mark.parametrize("name, mode, opener, total, others", PUBLISHED)
def test_shipped_tables_of_the_editions_agree_with_the_published_optima(name, mode, opener,
                                                                        total, others):
    table = wf.opening_table(lists=name, hard_mode=mode)
    assert table.source.startswith("shipped table"), "the edition's table should ship"
    assert (table.optimum, table.best) == (total, [opener])
    assert len(table.entries) == EDITIONS[name].n_guesses
    for word, value in others.items():     # every other exact total published too
        assert (table.entries[word].status, table.entries[word].total) == ("exact", value)
    # a certificate: every other opener proven above the optimum, or unable to finish
    assert all(entry.status != "lower bound" or entry.total > total
               for entry in table.entries.values())
    assert false_claim(table.entries, wf.Lexicon.edition(name), None) is None
    if (name, mode) in COMPLETE:
        assert table.complete, f"the {name} {mode} table should be complete"
        unable = [entry for entry in table.entries.values() if entry.status == "cannot finish"]
        assert len(unable) == COMPLETE[name, mode]
        assert all(entry.guarantee is not None and entry.guarantee > 6 and entry.guarantee_total
                   for entry in unable), "every opener that cannot finish has its guarantee"


@pytest.mark.parametrize("name, mode, opener, total", [
    (name, mode, opener, total) for name, mode, opener, total, _ in PUBLISHED
    if name != "nyt2023"])
def test_the_best_opener_of_an_edition_proves_again(name, mode, opener, total):
    # the search itself, not the table: the opener's tree from scratch
    result = wf.optimal(opener=opener, lists=name, hard_mode=mode)
    assert result.total_guesses == total and result.games == EDITIONS[name].n_answers


@pytest.mark.slow
def test_lants_with_every_word_an_answer_proves_the_published_total():
    # "Big hidden" (original-all): Alex Selby's optimal tree for LANTS
    # (lants.bighidden.origwords.tree) plays 52896 guesses over the 12972
    # words, at most six each. Proven again from scratch here, and the tree
    # replayed by the verifier, which computes its feedback afresh.
    result = wf.optimal(opener="lants", lists="original-all")
    assert (result.total_guesses, result.games) == (52896, 12972)
    words = load_guesses("original-all")
    replayed = verify_tree(result.tree, words, guesses=words)
    assert (replayed["total_guesses"], replayed["answers"], replayed["worst"]) == (52896, 12972, 6)


def test_the_shipped_lants_tree_with_every_word_an_answer_replays():
    # data/tree-lants-original-all.json, written by `optimal --lists
    # original-all --opener lants --json`: replayed, the published total
    tree = json.loads(resources.files("wordle_fast.data").joinpath(
        "tree-lants-original-all.json").read_text())
    words = load_guesses("original-all")
    replayed = verify_tree(tree["tree"], words, guesses=words)
    assert (replayed["total_guesses"], replayed["answers"], replayed["worst"]) == (52896, 12972, 6)
    assert tree["total_guesses"] == 52896 and tree["opener"] == "lants"


def test_the_big_hidden_certificate_ships_as_far_as_proven():
    # data/exact-openers-original-all-normal.json: the certificate over every
    # opener with every word an answer, in progress (issue 56; resumed by
    # `openers --exact --lists original-all`, data/README.md). It is never
    # answered as a finished table; what it proves: LANTS at its published
    # total, every other entry exact or proven above it, and for each opener
    # left open the bound pass's bound, which a seeded sample recomputes.
    import random

    from wordle_fast.exact.search import make_exact_searcher
    from wordle_fast.exact.tables import (
        EXACT, LOWER_BOUND, read_table_file, shipped_progress, shipped_table, table_description)

    lexicon = wf.Lexicon.edition("original-all")
    rules = wf.Rules()
    assert shipped_table(lexicon, rules) is None
    with resources.as_file(resources.files("wordle_fast.data").joinpath(
            "exact-openers-original-all-normal.json")) as path:
        entries, _, open_bounds, sealed = read_table_file(
            path, table_description(lexicon, rules), lexicon.guesses, strict=True)
    assert sealed and entries["lants"] == wf.OpenerEntry("lants", EXACT, 52896)
    best = min(entry.total for entry in entries.values() if entry.status == EXACT)
    assert best == 52896
    assert all(entry.status == EXACT or (entry.status == LOWER_BOUND and entry.total > best)
               for entry in entries.values())
    assert false_claim(entries, lexicon, None) is None
    assert set(entries) | set(open_bounds) == set(lexicon.guesses)
    assert all(bound.total <= best for bound in open_bounds.values())
    assert shipped_progress(lexicon, rules) == {**open_bounds, **entries}
    searcher = make_exact_searcher(lexicon, "off", n_threads=1)
    for word in random.Random(1).sample(sorted(open_bounds), 4):
        _, _, bounds = searcher.bucket_bounds(lexicon.guess_index(word), 6)
        assert lexicon.n_answers + int(bounds.sum()) == open_bounds[word].total, word
