"""Edges that once gave wrong answers or lost data: the analysis's sums,
forged results files, two writers of one file, output that is no regular
file, a full disk, and a plain install run from the clone's folder."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordle_fast as wf
from wordle_fast.cli import main

from conftest import OUND_GUESSES


# -- the analysis's sums ------------------------------------------------------------------

def test_analysis_sums_hold_the_identity_over_graded_turns(official):
    for game in (["salet", "acorn", "grand"], ["crane", "moist", "pilot"],
                 ["soare", "until", "ulcer"]):
        result = wf.analyze(game, official)
        assert len(result.graded) == len(result.turns) and result.solved
        assert result.optimal_expected - len(game) == pytest.approx(result.luck - result.lost)


def test_a_turn_left_out_is_left_out_of_both_sums(official, capsys):
    result = wf.analyze(["salet", "crump", "grand"], official, hard_mode="hard")
    broken = [t for t in result.turns if not t.legal]
    assert [t.turn for t in broken] == [2] and broken[0].luck is not None
    assert result.luck == pytest.approx(sum(t.luck for t in result.turns if t.legal))
    assert result.lost == pytest.approx(sum(t.lost for t in result.turns if t.legal))
    assert main(["analyze", "--hard", "salet", "crump", "grand"]) == 0
    out = capsys.readouterr().out
    assert "turn 2: breaks the hard rule" in out and "left out of both sums" in out
    assert "(over the graded turns 1, 3)" in out
    assert f"{result.luck:+.3f}" in out


def test_no_graded_turn_sums_nothing(ound_files, capsys):
    answers, guesses = ound_files
    assert main(["analyze", "--answers", answers, "--guesses", guesses, "--max-guesses", "5",
                 "garms", "bound", "found", "hound", "pound"]) == 0
    out = capsys.readouterr().out
    assert "Guesses lost to choices" not in out
    assert "No turn graded" in out
    assert "Not graded, turns 1, 2, 3, 4, 5: no play finishes every answer" in out


# -- results files that claim what is not true ------------------------------------------

def ound_table(ound_files, tmp_path, capsys):
    answers, guesses = ound_files
    results = tmp_path / "r.json"
    argv = ["openers", "--exact", "--all", "--answers", answers, "--guesses", guesses,
            "--results", str(results)]
    assert main(argv) == 0
    assert "optimum 26 (GARMS)" in capsys.readouterr().out
    return argv, results


def edited(results, change, keep_digest=True):
    stored = json.loads(results.read_text())
    change(stored["entries"])
    if not keep_digest:
        stored.pop("digest", None)
    results.write_text(json.dumps(stored))


def test_a_results_file_edited_by_hand_is_refused(ound_files, tmp_path, capsys):
    argv, results = ound_table(ound_files, tmp_path, capsys)
    floor = 3 * 8 - 8 - 1          # GARMS's least possible: eight buckets, not an answer
    edited(results, lambda entries: entries.update(garms=["exact", floor]))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "digest does not match its entries" in err and "not a results file to trust" in err


def test_a_results_file_without_its_digest_is_not_trusted(ound_files, tmp_path, capsys,
                                                           monkeypatch):
    # Before: only the best exact entry of a file without a digest was proven
    # again, so an entry raised by hand passed into a table marked complete
    # (and the file was sealed with it).
    argv, results = ound_table(ound_files, tmp_path, capsys)
    true_total = json.loads(results.read_text())["entries"]["melba"][1]
    edited(results, lambda entries: entries.update(melba=["exact", true_total + 2]),
           keep_digest=False)
    assert main(argv) == 2
    assert "has no digest" in capsys.readouterr().err
    assert json.loads(results.read_text())["entries"]["melba"] == ["exact", true_total + 2]
    # the same file as the cache's: set aside, and the table proven again
    from wordle_fast.exact.tables import default_results_path

    monkeypatch.setenv("WORDLE_FAST_CACHE_DIR", str(tmp_path / "cache"))
    lexicon = wf.Lexicon(*ound_files)
    cached = default_results_path(lexicon)
    cached.parent.mkdir(parents=True)
    cached.write_text(results.read_text())
    assert main(argv[:-2]) == 0
    out = capsys.readouterr().out
    assert "optimum 26 (GARMS)" in out and "; complete" in out
    assert json.loads(cached.read_text())["entries"]["melba"] == ["exact", true_total]
    assert cached.with_name(cached.name + ".rejected").exists()


@pytest.mark.parametrize("entry, message", [
    (["lower bound", 10 ** 30], "outside what any opener can total within 6 guesses (0 to 48"),
    (["exact", 49], "outside what any opener can total"),
    (["cannot finish", None, 7, 5], "cannot be"),
])
def test_an_entry_out_of_range_is_refused(ound_files, tmp_path, capsys, entry, message):
    argv, results = ound_table(ound_files, tmp_path, capsys)
    edited(results, lambda entries: entries.update(melba=entry), keep_digest=False)
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_a_forged_cache_is_set_aside_for_every_reader(ound_files, tmp_path, monkeypatch, caplog):
    from wordle_fast.exact.tables import default_results_path

    monkeypatch.setenv("WORDLE_FAST_CACHE_DIR", str(tmp_path / "cache"))
    answers, guesses = ound_files
    lexicon = wf.Lexicon(answers, guesses)
    assert wf.analyze(["garms", "bound"], lexicon).turns[0].best_expected == 26 / 8
    cached = default_results_path(lexicon, wf.Rules())
    assert cached.exists()
    # plausible: above MELBA's least possible total (15), below GARMS's 26
    edited(cached, lambda entries: entries.update(melba=["exact", 25]))
    solver = wf.Solver(lexicon=lexicon, strategy="optimal", use_cache=False)
    assert solver.best().word == "garms"
    assert "moved to" in caplog.text and cached.with_name(cached.name + ".rejected").exists()
    assert wf.analyze(["garms", "bound"], lexicon).turns[0].best_expected == 26 / 8


# -- how the opening table ranks what it has not valued -----------------------------------

def test_no_opener_finishing_is_said_in_words_and_ranked_by_guarantee(ound_files, capsys):
    answers, guesses = ound_files
    assert main(["openers", "--exact", "--all", "--hard", "--max-guesses", "3", "--answers",
                 answers, "--guesses", guesses, "--top", "0"]) == 0
    out = capsys.readouterr().out
    assert "None" not in out and "above -" not in out
    assert "no opener finishes every answer within 3 guesses (the best guarantee: 5 guesses" in out
    guarantees = [int(line.split("(guarantees ")[1].split(":")[0])
                  for line in out.splitlines() if "(guarantees" in line]
    assert len(guarantees) == 20 and guarantees == sorted(guarantees)


def test_lower_bounds_are_not_ranked(capsys):
    # The shipped nyt2023 table is being completed: what it ranks changes
    # as it grows (SALET's 11235 came to be ranked 2nd once no bound left
    # was below it), so the rule is held over every row, not a snapshot.
    assert main(["openers", "--exact", "--lists", "nyt2023", "--top", "0", "--json", "-"]) == 0
    rows = json.loads(capsys.readouterr().out)["openers"]
    ranked = [row for row in rows if row["rank"] is not None]
    assert ranked[0]["opener"] == "tarse"
    assert [row["rank"] for row in ranked] == list(range(1, len(ranked) + 1))
    assert all(row["status"] == "exact" for row in ranked)
    bounds = [row["total"] for row in rows if row["status"] == "lower bound"]
    assert all(row["rank"] is None for row in rows if row["status"] == "lower bound")
    # an exact total is ranked only while no opener still bounded could beat it
    if bounds:
        lowest_bound = min(bounds)
        assert all(row["total"] <= lowest_bound for row in ranked)
    assert main(["openers", "--exact", "--lists", "nyt2023", "--top", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[:2] == ["1", "tarse"]
    if bounds:
        assert any(line.split()[0] == "-" for line in lines[1:-2]) and "not ranked" in lines[-1]


def test_an_exact_total_above_an_open_lower_bound_is_not_ranked():
    # A table being completed settles its worst openers first: IMMIX's exact
    # 13056 on nyt2023 came out ranked 2nd, above 14853 openers still
    # bounded near 11220. An exact total is ranked only while nothing still
    # bounded could beat it, and is listed by its value among the bounds.
    from wordle_fast.exact.tables import (CANNOT_FINISH, EXACT, LOWER_BOUND, OpenerEntry,
                                          OpeningTable)

    claims = {"bbbbb": (LOWER_BOUND, 12), "worst": (EXACT, 15), "first": (EXACT, 10),
              "tie": (LOWER_BOUND, 11), "early": (EXACT, 11),
              "stuck": (CANNOT_FINISH, None, 7, 30)}
    table = OpeningTable(wf.Rules(), 5, 0, {word: OpenerEntry(word, *claim)
                                             for word, claim in claims.items()}, 0.0, "test")
    assert [e.opener for e in table.ranked()] == ["first", "early", "tie", "bbbbb", "worst",
                                                  "stuck"]
    assert table.ranks() == [1, 2, None, None, None, None]
    assert [row["rank"] for row in table.to_dict()["openers"]] == [1, 2, None, None, None, None]
    assert "<td>-</td><td>worst</td>" in table._repr_html_().replace(" ", "")


def test_a_rule_break_is_reported_without_a_false_dead_branch():
    from wordle_fast.exact.trees import InvalidTree, verify_tree

    def pattern(guess):
        return wf.format_pattern(wf.feedback(guess, "geese"), 5)

    tree = {"guess": "eerie", "children": {pattern("eerie"): {
        "guess": "sense", "children": {pattern("sense"): {"guess": "geese"}}}}}
    with pytest.raises(InvalidTree) as caught:
        verify_tree(tree, ["geese"], hard_mode="hard")
    message = str(caught.value)
    assert "fails 1 check(s)" in message and "'sense' breaks the rule" in message
    assert "no answer takes" not in message
    # a branch no answer takes is still found where answers did go on
    tree["children"]["ggggg"] = {"guess": "fence"}
    with pytest.raises(InvalidTree, match="no answer takes EERIE ggggg"):
        verify_tree(tree, ["geese"])


# -- two writers of one results file --------------------------------------------------------

WRITER = """
import sys
from wordle_fast.exact.results import save_table
from wordle_fast.exact.tables import OpenerEntry
path, first = sys.argv[1], int(sys.argv[2])
description = {"format": 2, "test": "two writers"}
mine = {}
for n in range(first, 400, 2):      # this writer's own openers, a save after each
    mine[f"w{n:03d}"] = OpenerEntry(f"w{n:03d}", "exact", n)
    save_table(path, description, mine, 0)
"""


def test_two_processes_saving_one_results_file_lose_no_entry(tmp_path):
    import subprocess
    import sys

    from wordle_fast.exact.tables import entries_digest

    path = tmp_path / "results.json"
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(first)])
               for first in (0, 1)]
    assert [writer.wait(timeout=300) for writer in writers] == [0, 0]
    stored = json.loads(path.read_text())
    assert sorted(stored["entries"]) == [f"w{n:03d}" for n in range(400)]
    assert stored["digest"] == entries_digest(stored)


def test_a_second_table_run_keeps_what_the_first_proved(ound_files, tmp_path, capsys):
    from wordle_fast.exact.proof import TableRun
    from wordle_fast.exact.tables import OpenerEntry, table_description

    argv, results = ound_table(ound_files, tmp_path, capsys)
    lexicon = wf.Lexicon(*ound_files)
    # a run that read the file before the first finished knows one entry only
    late = TableRun(lexicon, wf.Rules(), 0, results, table_description(lexicon, wf.Rules()),
                    {"garms": OpenerEntry("garms", "exact", 26)}, None)
    late.save(force=True)
    assert len(json.loads(results.read_text())["entries"]) == len(OUND_GUESSES)


# -- output that is no regular file, a closed pipe, a full disk ----------------------------

def test_json_through_a_symlink_writes_its_target(tmp_path, capsys):
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert main(["suggest", "--top", "1", "--json", str(link)]) == 0
    assert link.is_symlink() and json.loads(target.read_text())["suggestions"]


def test_json_to_a_fifo_is_written_through(tmp_path):
    import os
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()), daemon=True)
    reader.start()
    assert main(["suggest", "--top", "1", "--json", str(fifo)]) == 0
    reader.join(timeout=60)
    assert fifo.is_fifo() and received, "the FIFO was replaced, and its reader got nothing"
    assert json.loads(received[0])["suggestions"]


def full_device(tmp_path):
    """A node of the kernel's full device (every write: no space left), made
    in tmp_path so that nothing can replace the system's /dev/full."""
    import os
    import stat

    node = tmp_path / "full"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    except (PermissionError, OSError):
        pytest.skip("cannot make a device node here (needs root)")
    return node


def test_json_to_a_full_device_fails_in_one_line(tmp_path, capsys):
    device = full_device(tmp_path)
    assert main(["suggest", "--top", "1", "--json", str(device)]) == 2
    captured = capsys.readouterr()
    assert "Wrote" not in captured.out and device.is_char_device()
    assert captured.err.count("\n") == 1 and "No space left on device" in captured.err


def test_standard_output_on_a_full_device_fails_in_one_line(tmp_path):
    import subprocess
    import sys

    device = full_device(tmp_path)
    with open(device, "w") as full:
        run = subprocess.run([sys.executable, "-m", "wordle_fast", "suggest", "--top", "3"],
                             stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert run.stderr.strip().count("\n") == 0 and "No space left on device" in run.stderr


def test_a_closed_pipe_still_writes_the_json_file(tmp_path):
    import os
    import subprocess
    import sys

    # unbuffered, into a reader that has gone: the first line written fails
    out = tmp_path / "oj.json"
    for _ in range(2):
        out.unlink(missing_ok=True)
        run = subprocess.run(
            f"'{sys.executable}' -m wordle_fast optimal --opener salet --quiet "
            f"--json '{out}' | true", shell=True, capture_output=True, text=True,
            timeout=300, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert run.returncode == 0 and "Traceback" not in run.stderr
        assert json.loads(out.read_text())["total_guesses"] == 7920


def test_a_full_disk_keeps_the_entries_proven(ound_files, tmp_path, monkeypatch, capsys):
    import errno

    from wordle_fast.exact import proof

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", None)
    real_save = proof.save_table
    results = tmp_path / "r.json"

    def full(path, *args, **kwargs):
        if str(path) == str(results):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_save(path, *args, **kwargs)

    monkeypatch.setattr(proof, "save_table", full)
    answers, guesses = ound_files
    # Before: the run stopped with exit 2 and no table, though it had proven
    # every entry. Now the table is printed, then what could not be saved.
    assert main(["openers", "--exact", "--all", "--answers", answers, "--guesses", guesses,
                 "--results", str(results)]) == 0
    captured = capsys.readouterr()
    assert "optimum 26 (GARMS)" in captured.out
    err = captured.err
    rescued = tmp_path / "wordle-fast-rescued-r.json"
    assert err.count("\n") == 1 and "No space left on device" in err and str(rescued) in err
    assert f"--results {rescued}" in err
    kept = int(err.split("; the ")[1].split(" entries")[0])
    assert kept >= 1 and len(json.loads(rescued.read_text())["entries"]) == kept
    # and the run resumes from there
    monkeypatch.setattr(proof, "save_table", real_save)
    assert main(["openers", "--exact", "--all", "--answers", answers, "--guesses", guesses,
                 "--results", str(rescued)]) == 0
    assert "optimum 26 (GARMS)" in capsys.readouterr().out


# -- a plain install, run from the clone's folder -------------------------------------------

def test_the_unbuilt_source_folder_gives_way_to_the_installed_package(tmp_path):
    """The clone's root, where Python finds the source folder first, after
    a plain install that built the core elsewhere (here: the package under
    test stands for that install)."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    installed = Path(wf.__file__).parent
    if wf.IMPLEMENTATION != "compiled":
        pytest.skip("the package under test has no compiled core")
    clone = tmp_path / "clone"
    shutil.copytree(installed, clone / "wordle_fast",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "*.c", "*.html"))
    (clone / "setup.py").write_text("# a checkout\n")
    code = ("import wordle_fast as wf; s = wf.Solver(); "
            "print(wf.IMPLEMENTATION, s.suggest(top=1)[0].word, wf.__file__)")
    for argv in ([sys.executable, "-c", code],
                 [sys.executable, "-m", "wordle_fast", "openers", "--top", "1"]):
        run = subprocess.run(argv, cwd=clone, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
        assert "Traceback" not in run.stderr and "soare" in run.stdout
        assert f"installed package at {installed.resolve()} is used instead" in run.stderr
    assert run.stdout.count("\n") >= 2


# -- long words and big lists -------------------------------------------------------------------

@pytest.fixture
def long_words(tmp_path):
    import random

    rng = random.Random(1)
    words = set()
    while len(words) < 30:
        words.add("".join(rng.choice("abcdefghij") for _ in range(20)))
    path = tmp_path / "long.txt"
    path.write_text("\n".join(sorted(words)) + "\n")
    return str(path)


@pytest.mark.parametrize("command", [["suggest"], ["simulate", "--quiet"], ["openers"],
                                     ["absurdle"], ["simulate", "--boards", "2", "--quiet"]])
def test_twenty_letter_words_play(long_words, command, capsys):
    assert main([*command, "--answers", long_words, "--guesses", long_words]) == 0
    assert capsys.readouterr().out


@pytest.mark.parametrize("command", [["optimal", "--quiet"], ["openers", "--exact"],
                                     ["suggest", "--strategy", "lookahead"]])
def test_twenty_letter_words_are_refused_in_one_line_where_unsupported(long_words, command,
                                                                      capsys):
    assert main([*command, "--answers", long_words, "--guesses", long_words]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "up to 10 letters" in err


@given(st.integers(13, 20), st.integers(2, 25), st.randoms(use_true_random=False))
@settings(max_examples=15, deadline=None)
def test_long_word_scores_agree_with_the_twin(length, n_words, rng):
    from wordle_fast.core import _scoring_twin
    from wordle_fast.core._backend import kernels

    words = sorted({"".join(rng.choice("abcd") for _ in range(length)) for _ in range(n_words)})
    lexicon = wf.Lexicon(words, words)
    members = np.array(sorted(rng.sample(range(len(words)), max(1, len(words) // 2))))
    weights = np.array([0.1 + rng.random() for _ in words])
    for prior in (None, weights):
        fast = kernels.score_guesses(lexicon.matrix, np.arange(len(words)), members, length,
                                     weights=prior)
        slow = _scoring_twin.score_guesses(lexicon.matrix, np.arange(len(words)), members, length,
                                        weights=prior)
        for a, b in zip(fast, slow):
            np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-12)


def test_an_exact_search_that_would_not_fit_is_refused_before_it_starts(monkeypatch, capsys):
    from wordle_fast import lexicon as lexicon_module

    monkeypatch.setattr(lexicon_module, "available_memory", lambda: 100 << 20)
    assert main(["optimal", "--opener", "salet", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "copies of the pattern matrix" in err


def test_the_address_space_limit_counts(monkeypatch):
    import resource

    from wordle_fast import lexicon as lexicon_module

    monkeypatch.setattr(resource, "getrlimit", lambda which: (3 << 30, resource.RLIM_INFINITY))
    left = lexicon_module.available_memory()
    assert left is not None and left < 2 << 30


# -- help and the command reference --------------------------------------------------------

def test_help_says_each_commands_own_top_default(capsys):
    import argparse

    from wordle_fast.cli import build_parser

    for command, default in (("play", 5), ("suggest", 10)):
        parser = build_parser(only=command)
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        help_text = sub.choices[command].format_help()
        assert f"(default {default})" in help_text
        assert sub.choices[command].parse_args([]).top == default


def test_the_command_reference_keeps_options_and_example_lines():
    import argparse
    from pathlib import Path

    from wordle_fast.cli import reference_parser

    sub = next(a for a in reference_parser()._actions
               if isinstance(a, argparse._SubParsersAction))
    for name, parser in sub.choices.items():
        if parser.epilog:
            heading, _, lines = parser.epilog.partition("\n")
            assert heading.endswith("::"), name         # a literal block: one line each
            assert lines.startswith("\n  wordle-fast"), name
    conf = Path(__file__).parent.parent / "docs" / "conf.py"
    if conf.exists():   # (the checkout's docs; a wheel's tests run without them)
        assert "smartquotes = False" in conf.read_text()


def test_a_bar_with_no_step_for_a_while_says_so_and_drops_its_estimate(capsys, monkeypatch):
    import types

    from wordle_fast.cli import output

    clock = iter([0.0, 1.0, 41.0, 41.5])
    monkeypatch.setattr(output, "time", types.SimpleNamespace(perf_counter=lambda: next(clock),
                                                              sleep=lambda s: None))
    started = []
    monkeypatch.setattr(output, "_start_ticker", started.append)
    bar = output.ProgressBar("Answers placed", enabled=True)
    bar.terminal = True
    bar(0, 2315)
    bar(963, 2315)
    assert "963/2315 963/s, 1 s left" in capsys.readouterr().err and started
    bar.tick()                              # 40 s later, no step since
    err = capsys.readouterr().err
    assert "963/2315, 40 s on this step, time left unknown" in err and "left\x1b" not in err
    bar.tick()                              # drawn at most once a second
    assert capsys.readouterr().err == ""


def test_a_step_of_hours_off_a_terminal_still_logs_a_line_each_interval(capsys, monkeypatch):
    # A log file (not a terminal): before, a search whose first opener took
    # hours printed nothing at all, as lines came only with steps.
    import types

    from wordle_fast.cli import output

    clock = iter([0.0, 30.0, 61.5, 62.0, 125.0])
    monkeypatch.setattr(output, "time", types.SimpleNamespace(
        perf_counter=lambda: next(clock), strftime=lambda form: "2026-12-02 12:00:00"))
    monkeypatch.setattr(output, "_start_ticker", lambda bar: None)
    bar = output.ProgressBar("Searching the openers left", enabled=True, log_every=60)
    bar.terminal = False
    bar(0, 12968)
    bar.tick()                              # 30 s: not an interval yet
    assert capsys.readouterr().err == ""
    bar.tick()                              # 61.5 s, no step since the start
    assert capsys.readouterr().err == ("2026-12-02 12:00:00 Searching the openers left: "
                                       "0/12968, 1 min on this step, time left unknown\n")
    bar.tick()                              # 62 s: one line per interval
    assert capsys.readouterr().err == ""
    bar.tick()                              # 125 s
    assert "0/12968, 2 min on this step" in capsys.readouterr().err


def test_a_stage_with_nothing_to_do_shows_no_bar(capsys, monkeypatch):
    # Before: "Bounding every opener: [####] 0/0" when a shipped certificate
    # had bounded every opener already.
    from wordle_fast.cli import output

    monkeypatch.setattr(output, "_start_ticker", lambda bar: None)
    for terminal in (True, False):
        bar = output.ProgressBar("Bounding every opener", enabled=True, log_every=0)
        bar.terminal = terminal
        bar(0, 0)
        bar(0, 0)
    assert capsys.readouterr().err == ""


def test_the_ticker_ends_with_its_bar(monkeypatch):
    import gc
    import time

    from wordle_fast.cli import output

    bar = output.ProgressBar("Answers placed", enabled=True)
    output._start_ticker(bar)
    ticker = bar._ticker
    assert ticker.is_alive()
    del bar
    gc.collect()
    ticker.join(timeout=5)
    assert not ticker.is_alive()
    finished = output.ProgressBar("Answers placed", enabled=True)
    output._start_ticker(finished)
    finished.finished = True
    finished._ticker.join(timeout=5)
    assert not finished._ticker.is_alive()
    time.sleep(0)
