"""The README's promises: its two set-up commands are the ones CI runs."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def quick_start_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Install", 1)[1]
    block = section.split("```bash", 1)[1].split("```", 1)[0]
    return [line.strip() for line in block.strip().splitlines()]


@pytest.mark.skipif(not (ROOT / ".ci" / "run").exists(), reason="needs the source checkout")
def test_ci_runs_the_readme_test_command():
    main_job, test_command = quick_start_commands()
    assert "wordle-fast" in main_job and "pytest" in test_command
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci  # verbatim
