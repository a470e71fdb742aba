"""The wordle-fast command: output, JSON, exit codes, errors without tracebacks."""

import json
import math
import subprocess
import sys
import types

import pytest

from wordle_fast.cli import main
from wordle_fast.cli.output import ProgressBar


def test_feedback_prints_every_notation(capsys):
    assert main(["feedback", "SPEED", "abide"]) == 0
    out = capsys.readouterr().out
    assert "bbyby" in out and "00101" in out and "⬛⬛🟨⬛🟨" in out and "code     10" in out


def test_openers_json_ranks_soare_first(capsys, official):
    assert main(["openers", "--top", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["guesses_scored"] == 12972
    assert [row["word"] for row in result["openers"]] == ["soare", "roate", "raise"]
    assert round(result["openers"][0]["expected_bits"], 4) == 5.8860


def test_openers_over_candidates_only(capsys):
    assert main(["openers", "--top", "1", "--guess-pool", "candidates", "--json"]) == 0
    best = json.loads(capsys.readouterr().out)["openers"][0]
    assert best["is_candidate"] and best["word"] == "raise"


def test_bad_input_exits_2_with_a_message(capsys, tmp_path):
    assert main(["feedback", "speed", "abid"]) == 2
    err = capsys.readouterr().err
    assert "'abid' has 4" in err and "Traceback" not in err
    words = tmp_path / "answers.txt"
    words.write_text("crane\ncrane\n")
    assert main(["openers", "--answers", str(words)]) == 2
    assert "line 2: 'crane' repeats line 1" in capsys.readouterr().err
    assert main(["openers", "--top", "-1"]) == 2


def test_module_entry_point_runs():
    done = subprocess.run([sys.executable, "-m", "wordle_fast", "feedback", "gamma", "mummy"],
                          capture_output=True, text=True, check=True)
    assert "bbggb" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "wordle_fast", "nonsense"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


def test_suggest_json_empty_history(capsys):
    assert main(["suggest", "--json", "--top", "3"]) == 0
    result = json.loads(capsys.readouterr().out)
    first = result["suggestions"][0]
    assert first["word"] == "soare" and round(first["expected_bits"], 4) == 5.8860
    assert result["candidates"] == 2315 and result["history"] == []


def test_suggest_candidates_pool_best_is_possible(capsys):
    assert main(["suggest", "--json", "--guess-pool", "candidates"]) == 0
    first = json.loads(capsys.readouterr().out)["suggestions"][0]
    assert first["is_candidate"] is True


def test_suggest_with_history_and_options(capsys):
    assert main(["suggest", "--history", "soare:bybbg", "--history", "clone:00202",
                 "--hard", "--json", "--top", "2"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["candidate_words"] == ["biome", "diode", "evoke", "quote"]
    assert [t["pattern_text"] for t in result["history"]] == ["bybbg", "bbgbg"]
    assert main(["suggest", "--strategy", "minimax", "--prior", "frequency", "--top", "1"]) == 0
    assert "guess" in capsys.readouterr().out


def test_suggest_errors_exit_2(capsys):
    for argv, message in [
        (["suggest", "--history", "soare"], "should be GUESS:PATTERN"),
        (["suggest", "--history", "soare:ggggy"], "no answer in the list gives SOARE ggggy"),
        (["suggest", "--history", "soare:bybbg", "--history", "prose:bbbbb", "--hard-mode",
          "strict"], "strict mode"),
        (["suggest", "--top", "0"], "--top must be at least 1"),
    ]:
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err


def test_filter_command(capsys):
    assert main(["filter", "--green", ".i..e", "--yellow", "n3", "--gray", "tarbgs", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"count": 2, "words": ["niche", "niece"]}
    assert main(["filter", "--yellow", "n"]) == 2
    assert "needs the position" in capsys.readouterr().err


def test_simulate_writes_json_and_plot(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    out_json, out_png = tmp_path / "result.json", tmp_path / "dist.png"
    assert main(["simulate", "--play", "crane", "jaunt", "quote", "--opener", "soare",
                 "--json", str(out_json), "--plot", str(out_png), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "Games: 3" in printed and "Wrote plot" in printed
    result = json.loads(out_json.read_text())
    assert result["games"] == 3 and result["sequences"]["crane"]["guesses"][0] == "soare"
    assert out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist.png", "result.json"]


def test_simulate_sample_and_json_to_stdout(capsys):
    assert main(["simulate", "--sample", "5", "--seed", "1", "--json", "-", "--quiet"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 5 and len(result["sequences"]) == 5


def test_simulate_bad_input_exits_2_and_writes_nothing(tmp_path, capsys, monkeypatch):
    missing = tmp_path / "no-such-folder" / "plot.png"
    for argv, message in [
        (["simulate", "--opener", "qqqqq"], "'qqqqq' is not in the guess list"),
        (["simulate", "--play", "zzzzz"], "'zzzzz' is not in the answer list"),
        (["simulate", "--workers", "0"], "--workers must be at least 1"),
        (["simulate", "--plot", str(missing)], "does not exist; create it first"),
        (["simulate", "--sample", "0"], "--sample must be within 1..2315"),
    ]:
        assert main(argv + ["--json", str(tmp_path / "out.json")]) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)
    assert main(["simulate", "--plot", str(tmp_path / "p.png")]) == 2
    assert "pip install 'wordle-fast[plot]'" in capsys.readouterr().err


def test_progress_bar_is_silent_when_piped():
    done = subprocess.run([sys.executable, "-m", "wordle_fast", "simulate", "--sample", "20"],
                          capture_output=True, text=True, check=True)
    assert "Games: 20" in done.stdout and done.stderr == ""


def test_progress_goes_to_a_log_as_plain_lines_for_long_jobs(capsys, monkeypatch):
    # Not a terminal (capsys): a line per interval, none for a short job.
    clock = iter([0.0, 30.0, 61.0, 90.0, 125.0, 130.0])
    fake_time = types.SimpleNamespace(perf_counter=lambda: next(clock, 200.0),
                                      strftime=lambda form: "2026-11-25 12:00:00")
    monkeypatch.setattr("wordle_fast.cli.output.time", fake_time)
    monkeypatch.setattr("wordle_fast.cli.output._start_ticker", lambda bar: None)
    bar = ProgressBar("Settling every opener left", enabled=True, log_every=60)
    for done in (0, 10, 20, 30, 40, 50):
        bar(done, 50)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 3, lines
    assert lines[0] == "2026-11-25 12:00:00 Settling every opener left: 20/50 0.3/s, 2 min left"
    assert lines[1].endswith("Settling every opener left: 40/50 0.3/s, 31 s left")
    assert lines[2].endswith("50/50 0.4/s, done")
    assert "\r" not in lines[0] and "#" not in lines[0]
    quick = ProgressBar("Simulating", enabled=True)
    for done in range(11):
        quick(done, 10)
    silent = ProgressBar("Simulating", enabled=False, log_every=0)
    silent(1, 10)
    assert capsys.readouterr().err == ""


def test_openers_measures_csv_and_simulation(capsys):
    assert main(["openers", "--by", "largest-bucket", "--top", "3", "--csv"]) == 0
    rows = capsys.readouterr().out.strip().splitlines()
    assert rows[0].startswith("rank,word") and len(rows) == 4
    worst = [int(r.split(",")[4]) for r in rows[1:]]
    assert worst == sorted(worst)
    assert main(["openers", "--top", "2", "--simulate", "2", "--json", "--quiet"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {s["opener"] for s in result["simulated"]} == {"soare", "roate"}
    means = [s["mean_guesses"] for s in result["simulated"]]
    assert means == sorted(means)


def test_openers_by_two_step_entropy(capsys):
    assert main(["openers", "--depth", "2", "--width", "20", "--top", "3", "--json",
                 "--quiet"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [o["word"] for o in result["openers"]] == ["slane", "slate", "salet"]
    assert round(result["openers"][0]["n_step_bits"], 4) == 10.0360
    assert result["evaluated"] == 20 and not result["interrupted"]
    assert result["memo"]["misses"] > 0
    assert main(["openers", "--depth", "2", "--width", "20", "--top", "3", "--json", "--quiet",
                 "--hard"]) == 0
    hard = json.loads(capsys.readouterr().out)
    assert hard["hard_mode"] == "hard" and hard["openers"][0]["word"] == "slate"
    assert hard["openers"][0]["n_step_bits"] < result["openers"][0]["n_step_bits"]
    assert main(["openers", "--depth", "2", "--simulate", "3"]) == 2
    assert "does not combine" in capsys.readouterr().err


def test_suggest_with_lookahead(capsys):
    assert main(["suggest", "--strategy", "lookahead", "--depth", "2", "--width", "30",
                 "--history", "soare:bybbg", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)["suggestions"][0]
    assert first["score"] == pytest.approx(math.log2(20))  # two steps identify all 20
    assert main(["suggest", "--strategy", "lookahead", "--depth", "2", "--width", "30",
                 "--history", "soare:bybbg", "--hard", "--json"]) == 0
    hard = json.loads(capsys.readouterr().out)["suggestions"]
    assert all("o" in s["word"] and s["word"][4] == "e" for s in hard)  # O revealed, E green
    assert hard[0]["score"] <= first["score"] + 1e-9


def test_bare_command_prints_the_short_help_and_exits_0():
    done = subprocess.run([sys.executable, "-m", "wordle_fast"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("usage: wordle-fast") and "examples:" in done.stdout
    assert "wordle-fast play" in done.stdout and "openers" in done.stdout


def test_version_comes_from_the_package_metadata(capsys):
    from importlib.metadata import version

    import wordle_fast

    assert wordle_fast.__version__ == version("wordle-fast")
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"wordle-fast {wordle_fast.__version__} (")
    assert ("compiled core" in line) == (wordle_fast.IMPLEMENTATION == "compiled")


def _help_examples():
    from wordle_fast.cli import COMMANDS, EXAMPLES

    yield "", EXAMPLES
    for name, (module_name, _) in COMMANDS.items():
        module = __import__(f"wordle_fast.cli.{module_name}", fromlist=["EXAMPLES"])
        yield name, module.EXAMPLES


@pytest.mark.parametrize("command, examples", list(_help_examples()),
                         ids=lambda value: value if "\n" not in value else "")
def test_every_help_example_parses(command, examples, capsys):
    """Each example at the end of a --help is a valid command line (no
    renamed or removed option), and each command's help shows its own."""
    import shlex

    from wordle_fast.cli import build_parser

    lines = [line.split("#")[0].strip() for line in examples.splitlines()[1:]]
    assert lines, "no examples"
    for line in lines:
        for part in line.split("|"):  # a pipeline: each side alone
            words = shlex.split(part)
            assert words[0] == "wordle-fast", line
            if words[1:] == ["COMMAND", "--help"]:
                continue
            build_parser().parse_args(words[1:])
    if command:
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert capsys.readouterr().out.rstrip().endswith(examples.rstrip())


def test_openers_offers_only_the_strategies_that_play_one_board(capsys):
    with pytest.raises(SystemExit):
        main(["openers", "--help"])
    strategy_line = next(line for line in capsys.readouterr().out.splitlines()
                         if "--strategy {" in line)
    assert "entropy" in strategy_line and "finish" not in strategy_line
