"""The wordle-fast command: output, JSON, exit codes, errors without tracebacks."""

import json
import subprocess
import sys

from wordle_fast.cli import main


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
