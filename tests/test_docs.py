"""Every example in the README and docs/ runs, so none can drift.

The pages follow three conventions:

- a ```console block holds ``$ wordle-fast ...`` commands, each followed by
  its output; the command runs in a scratch folder and its standard output
  must match (``...`` stands for any text, as in a doctest, and runs of
  spaces are one space);
- a ```pycon block holds ``>>>`` examples, run as a doctest, one namespace
  per page, so a page can define a name once and use it below;
- a ```bash block holds commands too long to run here (a complete opening
  table, a cluster); each ``wordle-fast`` line in it must still parse, so a
  renamed option cannot linger.

No other fenced block may hold a command or Python code: ```text is for
output alone, synopses and diagrams.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]) if (ROOT / "docs").is_dir() else []
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
CHECK = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

pytestmark = pytest.mark.skipif(not PAGES, reason="needs the source checkout (README and docs/)")


def blocks(kind: str):
    """(page, line, text) of every fenced block of ``kind`` in the pages."""
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1) == kind:
                line = text.count("\n", 0, match.start()) + 1
                yield page, line, match.group(2)


def block_id(value) -> str:
    return f"{value[0].relative_to(ROOT)}:{value[1]}"


def console_examples():
    """(page, line, command, expected output) for each command of each
    console block."""
    for page, line, text in blocks("console"):
        command, expected, start = None, [], line
        for number, row in enumerate(text.splitlines(), line + 1):
            if row.startswith("$ "):
                if command is not None:
                    yield page, start, command, "\n".join(expected)
                command, expected, start = row[2:], [], number
            else:
                assert command is not None, f"{page.name}:{number}: output before a command"
                expected.append(row)
        if command is not None:
            yield page, start, command, "\n".join(expected)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """A folder to run the commands in, with the cache kept inside it."""
    folder = tmp_path_factory.mktemp("docs")
    env = {**os.environ, "WORDLE_FAST_CACHE_DIR": str(folder / "cache"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "COLUMNS": "80"}
    return folder, env


@pytest.mark.parametrize("example", list(console_examples()), ids=block_id)
def test_console_example_prints_what_the_page_shows(example, scratch):
    page, line, command, expected = example
    folder, env = scratch
    assert command.startswith("wordle-fast") or " | wordle-fast" in command, command
    done = subprocess.run(["bash", "-c", f"set -o pipefail; {command}"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=300)
    where = f"{page.relative_to(ROOT)}:{line}: {command}"
    assert done.returncode == 0, f"{where}\nexit {done.returncode}\n{done.stderr}"
    checker = doctest.OutputChecker()
    assert checker.check_output(expected.strip() + "\n", done.stdout.strip() + "\n", CHECK), (
        f"{where}\n--- the page shows:\n{expected}\n--- the command printed:\n{done.stdout}")


@pytest.mark.parametrize("page", [p for p in PAGES if "```pycon" in p.read_text(encoding="utf-8")],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_python_examples_run(page, scratch, monkeypatch):
    folder, env = scratch
    monkeypatch.chdir(folder)
    monkeypatch.setenv("WORDLE_FAST_CACHE_DIR", env["WORDLE_FAST_CACHE_DIR"])
    text = "\n".join(block for p, _, block in blocks("pycon") if p == page)
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=CHECK)
    reports = []
    runner.run(test, out=reports.append)
    assert runner.failures == 0, "".join(reports)
    assert runner.tries > 0


@pytest.mark.parametrize("block", list(blocks("bash")), ids=block_id)
def test_commands_shown_but_not_run_still_parse(block, capsys):
    from wordle_fast.cli import build_parser

    page, line, text = block
    for row in text.splitlines():
        for part in re.split(r"&&|\|", row.split(" #")[0]):
            words = shlex.split(part)
            if words and Path(words[0]).name == "wordle-fast":
                try:
                    build_parser().parse_args(words[1:])
                except SystemExit as exit_:   # --help and --version exit 0; bad usage 2
                    assert exit_.code == 0, f"{page.name}:{line}: {part.strip()}"


def test_code_is_only_in_blocks_that_run():
    """A Python example outside a pycon block, or a command outside console
    and bash blocks, would never be checked."""
    offenders = []
    for kind in ("python", "py", "sh", "shell", ""):
        for page, line, text in blocks(kind):
            if kind in ("python", "py") or re.search(r"^\$? ?wordle-fast ", text, re.MULTILINE):
                offenders.append(f"{page.relative_to(ROOT)}:{line} ```{kind}")
    assert offenders == []
