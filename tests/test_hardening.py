"""Hostile input, command by command: each case a clear one-line error with
exit code 2 (or a correct result), never a traceback, a wrong answer or lost
work. Each test here failed before the hardening it guards."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import wordle_fast as wf
from wordle_fast.cli import main
from wordle_fast.exact.scheduling import default_workers
from wordle_fast.exact.trees import InvalidTree, check_shape, verify_tree

SMALL = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval",
         "serve", "heath", "dwarf"]


def one_line_error(capsys, *needles):
    """The captured error: one line, naming every needle, no traceback."""
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for needle in needles:
        assert needle in err, err
    return err


@pytest.fixture(scope="module")
def salet_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("salet") / "salet.json"
    assert main(["optimal", "--opener", "salet", "--quiet", "--json", str(path)]) == 0
    return path


@pytest.fixture
def salet_data(salet_file):
    return json.loads(salet_file.read_text())


def write(tmp_path, data, name="tree.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


# -- the verifier -------------------------------------------------------------------

def node_at(tree, *patterns):
    for pattern in patterns:
        tree = tree["children"][pattern]
    return tree


def test_a_guess_outside_the_guess_list_is_rejected(salet_data, tmp_path, capsys):
    node = node_at(salet_data["tree"], "bbbbb", "bbbyb")
    assert node["guess"] == "baggy"
    node["guess"] = "bqggy"      # splits those answers exactly as BAGGY does
    path = write(tmp_path, salet_data)
    assert main(["verify-tree", path]) == 2
    one_line_error(capsys, "'bqggy' is not in the guess list")
    guesses = tmp_path / "guesses.txt"
    guesses.write_text("\n".join(wf.load_guesses()))
    assert main(["verify-tree", path, "--guesses", str(guesses)]) == 2
    one_line_error(capsys, "'bqggy' is not in the guess list")
    with pytest.raises(InvalidTree, match="not in the guess list"):
        verify_tree(salet_data["tree"], wf.load_answers())


@pytest.mark.parametrize("claim, value, needles", [
    ("total_guesses", 7919, ["claims 7919 guesses in total", "the replay gives 7920"]),
    ("mean", 3.4, ["claims a mean of 3.4", "3.42116"]),
    ("distribution", {"2": 82, "3": 1224, "4": 962, "5": 47},
     ["claims the distribution", "'2': 81"]),
    ("opener", "crane", ["claims the opener \"crane\"", "opens with 'salet'"]),
    ("mode", "hard", ["claims hard mode, but in that mode", "breaks the rule"]),
])
def test_a_claim_the_replay_contradicts_is_an_error(salet_data, tmp_path, capsys, claim, value,
                                                    needles):
    salet_data[claim] = value
    args = ["verify-tree", write(tmp_path, salet_data)]
    if claim == "mode":
        args += ["--hard-mode", "off"]   # checked in normal mode; the hard claim is false
    assert main(args) == 2
    one_line_error(capsys, *needles)


def test_a_guess_limit_claim_below_the_worst_game(salet_data, tmp_path, capsys):
    salet_data["max_guesses"] = 4
    path = write(tmp_path, salet_data)
    assert main(["verify-tree", path]) == 2
    one_line_error(capsys, "deeper than the 4 guesses allowed")
    assert main(["verify-tree", path, "--max-guesses", "6"]) == 2
    one_line_error(capsys, "claims at most 4 guesses", "the replay needs 5")


def test_true_claims_pass(salet_file, capsys):
    assert main(["verify-tree", str(salet_file)]) == 0
    assert "7920 guesses in total" in capsys.readouterr().out


def deep(levels):
    node = {"guess": "salet", "children": {}}
    for _ in range(levels):
        node = {"guess": "salet", "children": {"bbbbb": node}}
    return node


SHAPES = {
    "a list": ([1, 2], "holds a list, not a tree"),
    "null": (None, "holds null, not a tree"),
    "a number": (42, "holds a number 42, not a tree"),
    "children as a list": ({"guess": "salet", "children": []},
                           "'children' must map patterns to subtrees, got a list"),
    "a child as a string": ({"guess": "salet", "children": {"bbbbb": "crane"}},
                            "SALET bbbbb -> must be an object"),
    "a guess that is a number": ({"guess": 7, "children": {}},
                                 "the guess must be a word, got a number 7"),
    "a node without a guess": ({"children": {}}, "has no 'guess'"),
    "nesting deeper than the limit": (deep(50), "deeper than the 6 guesses allowed"),
    "a wrapper whose tree is a list": ({"tree": [], "mode": "normal"}, "got a list"),
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_any_other_json_shape_is_a_one_line_error(tmp_path, capsys, shape):
    data, needle = SHAPES[shape]
    assert main(["verify-tree", write(tmp_path, data)]) == 2
    one_line_error(capsys, needle)


def test_a_leaf_without_children_is_checked_not_crashed_on(tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("cigar\nrebut\n")
    assert main(["verify-tree", write(tmp_path, {"guess": "cigar"}), "--answers",
                 str(words)]) == 2
    one_line_error(capsys, "rebut: no branch for CIGAR")
    assert main(["verify-tree", write(tmp_path, {"guess": "cigar", "children": {
        "bbbby": {"guess": "rebut"}}}), "--answers", str(words)]) == 0


def test_nesting_beyond_what_json_can_parse(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text('{"guess": "salet", "children": {"bbbbb": ' * 100_000 + "{}" + "}}" * 100_000)
    assert main(["verify-tree", str(path)]) == 2
    one_line_error(capsys, "nests deeper than any tree can")
    # and 10,000 levels that do parse: refused by the iterative shape check
    with pytest.raises(InvalidTree, match="deeper than the 6 guesses allowed"):
        check_shape(deep(10_000), 6)


def test_not_json_and_missing_file(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert main(["verify-tree", str(path)]) == 2
    one_line_error(capsys, "is not JSON")
    assert main(["verify-tree", str(tmp_path / "absent.json")]) == 2
    one_line_error(capsys, "No such file")


# -- '-' for standard input and output ------------------------------------------------

def run_cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "wordle_fast", *args], input=stdin,
                          capture_output=True, text=True, timeout=300)


def test_verify_tree_reads_standard_input(salet_file):
    done = run_cli("verify-tree", "-", "--json", stdin=salet_file.read_text())
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["total_guesses"] == 7920


def test_dash_is_standard_output_on_every_command(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SMALL))
    lists = ["--answers", str(words), "--guesses", str(words)]
    for args, key in [
        (["optimal", "--json", "-", *lists], "total_guesses"),
        (["suggest", "--json", "-"], "suggestions"),
        (["filter", "--green", "s....", "--json", "-"], "words"),
        (["simulate", "--play", "cigar", "--json", "-", "--quiet"], "games"),
        (["openers", "--json", "-", "--top", "2"], "openers"),
        (["openers", "--exact", "--json", "-", "--quiet", *lists], "optimum"),
    ]:
        done = run_cli(*args)
        assert done.returncode == 0, (args, done.stderr)
        assert key in json.loads(done.stdout), args      # nothing else on standard output
    done = run_cli("optimal", "--tree", "-", *lists)
    assert done.returncode == 0 and done.stdout.splitlines()[0].isupper()
    assert "guesses in total" in done.stderr              # the summary moved aside
    done = run_cli("optimal", "--tree", "-", "--json", "-", *lists)
    assert done.returncode == 2 and "cannot both go to standard output" in done.stderr


def test_json_to_a_file_keeps_the_human_output(tmp_path, capsys):
    out = tmp_path / "found.json"
    assert main(["filter", "--green", "s....", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert f"Wrote {out}" in printed and "words" in printed
    assert json.loads(out.read_text())["count"] > 0


# -- outputs refused before any work -------------------------------------------------

def read_only_folder(tmp_path) -> Path:
    """A folder this process cannot create files in (as root, the kernel's
    /sys, which refuses new files whatever the permissions)."""
    if os.geteuid() == 0:
        return Path("/sys")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    return folder


@pytest.mark.parametrize("command", [
    ["simulate", "--json"], ["simulate", "--plot"], ["optimal", "--opener", "salet", "--json"],
    ["optimal", "--opener", "salet", "--tree"], ["openers", "--exact", "--results"],
    ["suggest", "--json"], ["filter", "--green", "s....", "--json"],
])
def test_unwritable_outputs_are_refused_before_work(tmp_path, capsys, monkeypatch, command):
    def no_work(*args, **kwargs):
        raise AssertionError("the work started before the output was checked")

    for name in ("wordle_fast.cli.simulate.simulate", "wordle_fast.exact.optimum.optimal",
                 "wordle_fast.exact.proof.opening_table", "wordle_fast.cli.filter.find_words",
                 "wordle_fast.game.solver.Solver.suggest"):
        monkeypatch.setattr(name, no_work)
    for target, needle in [(tmp_path, "is a folder"),
                           (read_only_folder(tmp_path) / "out.json", "cannot write in")]:
        assert main([*command, str(target)]) == 2
        one_line_error(capsys, needle)


def test_a_results_file_is_never_overwritten_by_something_else(tmp_path, capsys):
    notes = tmp_path / "notes.json"
    notes.write_text('{"my": "notes"}')
    assert main(["openers", "--exact", "--results", str(notes), "--quiet"]) == 2
    one_line_error(capsys, "is not an exact opening table")
    assert notes.read_text() == '{"my": "notes"}'
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SMALL))
    lists = ["--answers", str(words), "--guesses", str(words)]
    results = tmp_path / "results.json"
    assert main(["openers", "--exact", "--results", str(results), "--quiet", *lists]) == 0
    capsys.readouterr()
    kept = results.read_text()
    for command in (["optimal", *lists, "--json"], ["optimal", *lists, "--tree"],
                    ["simulate", "--play", "cigar", "--json"], ["suggest", "--json"]):
        assert main([*command, str(results)]) == 2
        one_line_error(capsys, "holds exact opening results")
        assert results.read_text() == kept


# -- limits --------------------------------------------------------------------------

def test_an_endless_stream_is_not_a_word_list(capsys):
    assert main(["openers", "--answers", "/dev/zero"]) == 2
    one_line_error(capsys, "/dev/zero is larger than 64 MiB")


def test_a_matrix_too_large_for_memory_is_refused_up_front(monkeypatch, capsys):
    monkeypatch.setattr("wordle_fast.lexicon.available_memory", lambda: 10 * 2**20)
    with pytest.raises(wf.TooLarge, match="needs 0.0 GiB|needs 0.03 GiB|GiB available"):
        wf.Lexicon().matrix
    assert main(["openers"]) == 2
    one_line_error(capsys, "12972 guesses by 2315 answers", "use shorter lists")


def test_workers_beyond_the_cores_or_the_work_are_capped(capsys):
    # two games: capped at the cores this process may use when they are as
    # few (one under `taskset -c 0`), else at the 2 pieces of work
    assert main(["simulate", "--play", "cigar", "rebut", "--workers", "64", "--quiet"]) == 0
    err = capsys.readouterr().err
    cores = default_workers()
    expected = {1: "capped at 1, the 1 core this process may use",
                2: "capped at 2, the 2 cores this process may use"}.get(
                    cores, "capped at 2, the 2 pieces of work")
    assert f"--workers 64 {expected}" in err


def test_a_loose_guess_limit_on_a_tiny_list_finishes():
    # 24 words that differ in their last letter, and only they may be guessed:
    # each guess names one, so T = 1 + 2 + ... + 24 = 300. Searched over every
    # order of the words, this took more than two minutes; it is a closed form.
    words = ["aaaa" + letter for letter in "abcdefghijklmnopqrstuvwx"]
    lexicon = wf.Lexicon(words, words)
    for limit in (24, 30):
        result = wf.optimal(lexicon=lexicon, max_guesses=limit)
        assert result.total_guesses == 300 and result.worst == 24
    # an opener that cannot finish in 23 gets the fewest it can guarantee
    result = wf.optimal(opener="aaaaa", lexicon=lexicon, max_guesses=23)
    assert (result.asked_max_guesses, result.max_guesses, result.total_guesses) == (23, 24, 300)


# -- consistency ---------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: wf.Solver(strategy="nope"),
    lambda: wf.Solver(hard_mode="x"),
    lambda: wf.optimal(opener="salet", max_guesses=0),
    lambda: wf.Solver().suggest(top=2.5),
    lambda: wf.simulate(wf.Solver(), answers=["cigar"], max_turns=0),
    lambda: wf.simulate("entropy", answers=["cigar"]),
    lambda: wf.Solver(strategy="lookahead", depth=0),
    lambda: wf.verify_tree({"guess": "cigar", "children": {}}, ["cigar"], max_guesses=0),
    lambda: wf.opening_table(wf.Lexicon(SMALL, SMALL), within=-1),
])
def test_every_api_error_is_a_wordle_error(call):
    with pytest.raises(wf.WordleError):
        call()


def test_numpy_integers_are_accepted_wherever_ints_are():
    n = np.int64
    lexicon = wf.Lexicon(SMALL, SMALL)
    solver = wf.Solver(lexicon=lexicon, strategy="lookahead", depth=n(2), width=n(5))
    assert len(solver.suggest(top=n(3))) == 3
    assert wf.format_pattern(n(5), n(5)) == wf.format_pattern(5, 5)
    assert wf.parse_pattern(n(48), 5) == 48
    solver.update("cigar", n(0))
    assert wf.optimal(opener="serve", lexicon=lexicon, max_guesses=n(6)).total_guesses > 0
    assert wf.simulate(wf.Solver(lexicon=lexicon), answers=["cigar"], max_turns=n(6)).solved == 1
    assert wf.opening_table(lexicon, max_guesses=n(6), within=n(0), workers=n(1)).optimum > 0


@pytest.mark.parametrize("args, needle", [
    (["suggest", "--depth", "3"], "--depth only applies with --strategy lookahead"),
    (["suggest", "--width", "3"], "--width only applies with --strategy lookahead"),
    (["play", "--frequency-weight", "0.2"], "--frequency-weight only applies with --strategy hybrid"),
    (["openers", "--results", "x.json"], "--results only applies with --exact"),
    (["openers", "--within", "3"], "--within only applies with --exact"),
    (["openers", "--strategy", "minimax"], "--strategy only applies with --simulate"),
    (["openers", "--workers", "2"], "--workers only applies with --simulate K or --exact"),
    (["openers", "--width", "5"], "--width only applies with --depth 2 or more"),
    (["simulate", "--seed", "4"], "--seed only applies with --sample"),
    (["suggest", "--hard", "--hard-mode", "off"], "contradicts --hard-mode off"),
    (["optimal", "--hard", "--hard-mode", "strict"], "contradicts --hard-mode strict"),
    (["suggest", "--no-cache", "--cache-dir", "x"], "contradict each other"),
])
def test_options_that_would_do_nothing_are_errors(capsys, args, needle):
    assert main(args) == 2
    one_line_error(capsys, needle)


def test_hard_alone_and_agreeing_flags_still_work(capsys):
    assert main(["suggest", "--hard", "--hard-mode", "hard", "--top", "1",
                 "--history", "salet:bbbbb"]) == 0
    assert main(["suggest", "--hard", "--top", "1", "--json", "-"]) == 0


def test_a_byte_order_mark_is_ignored(tmp_path, capsys):
    words = tmp_path / "bom.txt"
    words.write_bytes("\ufeff".encode() + "\n".join(SMALL).encode())
    assert wf.load_word_list(words) == tuple(SMALL)
    assert main(["openers", "--answers", str(words), "--guesses", str(words), "--top", "1"]) == 0


def test_messages_speak_to_people(capsys):
    assert main(["suggest", "--history", "salet:bbbbb", "--history", "corny:bbbbb",
                 "--history", "dumpy:bbbbb"]) == 0
    printed = capsys.readouterr().out
    assert "\n1 candidate: whiff\n" in printed and "1 candidates" not in printed
    solver = wf.Solver()
    solver.update("cigar", "ggggg")
    with pytest.raises(wf.WordleError) as error:
        solver.update("rebut", "bbbbb")
    assert "reset()" not in str(error.value) and "start a new game" in str(error.value)
    with pytest.raises(wf.WordleError) as error:
        wf.optimal(opener="salet", max_guesses=0)
    assert "max_guesses" not in str(error.value) and "the guess limit" in str(error.value)


def test_an_over_long_word_is_cut_in_the_message(capsys):
    word = "a" * 5000
    assert main(["feedback", word, "cigar"]) == 2
    err = one_line_error(capsys, "has 5000 letters")
    assert len(err) < 200
    with pytest.raises(wf.InvalidWord) as error:
        wf.Solver().update("x" * 100_000 + "!", "bbbbb")
    assert len(str(error.value)) < 200


# -- Ctrl-C, early or late ------------------------------------------------------------

def interrupted_after(seconds, *args):
    """Run the command, send Ctrl-C (SIGINT to its process group, as a
    terminal does) after ``seconds``; return (exit code, stderr)."""
    import signal
    import time

    # SIGINT back to its default in the child, as in a terminal: a shell
    # that runs these tests in the background leaves it ignored, which the
    # child would inherit (and then rightly never stop).
    process = subprocess.Popen([sys.executable, "-m", "wordle_fast", *args],
                               stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(seconds)
    try:
        os.killpg(process.pid, signal.SIGINT)
    except ProcessLookupError:
        pass   # it had finished
    _, err = process.communicate(timeout=300)
    return process.returncode, err


@pytest.fixture(scope="module")
def interpreter_start():
    """Seconds this machine takes, now, to start Python and exit: before
    that, a SIGINT meets the interpreter's own start-up, not this package."""
    import statistics
    import time

    times = []
    for _ in range(3):
        started = time.perf_counter()
        # -m as the commands below: it imports runpy too
        subprocess.run([sys.executable, "-m", "site"], check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


# The package's own start-up, which runs before main() can install its
# handler: the import of the package (its first lines, about 2 ms) and of
# __main__ by -m. (file, function) as a traceback names them.
START_UP = {("__init__.py", "<module>"), ("__init__.py", "_installed_instead"),
            ("errors.py", "<module>"), ("__main__.py", "<module>")}


def frames_after_start_up(traceback_text):
    """The traceback's frames in this package's folder, or [] when every
    one of them is the package's start-up (START_UP)."""
    import re

    folder = os.path.dirname(os.path.abspath(wf.__file__)) + os.sep
    frames = re.findall(r'^  File "([^"]+)", line \d+, in (.+)$', traceback_text,
                        flags=re.MULTILINE)
    ours = [(os.path.abspath(name), function) for name, function in frames
            if os.path.abspath(name).startswith(folder)]
    if all((name[len(folder):], function) in START_UP for name, function in ours):
        return []
    return [name for name, _ in ours]


def test_frames_after_start_up_tell_start_up_from_the_package():
    folder = os.path.dirname(os.path.abspath(wf.__file__))
    ours = os.path.join(folder, "cli", "main.py")
    text = ('Traceback (most recent call last):\n  File "<frozen runpy>", line 198, in x\n'
            f'  File "{ours}", line 3, in main\nKeyboardInterrupt\n')
    assert frames_after_start_up(text) == [ours]
    start_up = text.replace(ours, "/venv/site-packages/__editable___wordle_fast_finder.py")
    assert frames_after_start_up(start_up) == []
    init = os.path.join(folder, "__init__.py")
    first_lines = (f'Traceback (most recent call last):\n  File "{init}", line 75, in <module>\n'
                   f'  File "{init}", line 22, in _installed_instead\nKeyboardInterrupt\n')
    assert frames_after_start_up(first_lines) == []
    # __main__ at module level calls main(): from there on the handler is up
    entry = os.path.join(folder, "__main__.py")
    in_main = (f'Traceback (most recent call last):\n  File "{entry}", line 60, in <module>\n'
               f'  File "{entry}", line 30, in main\nKeyboardInterrupt\n')
    assert frames_after_start_up(in_main) == [entry, entry]


@pytest.mark.parametrize("after", [0.01, 0.02, 0.04, 0.08, 0.25, 0.5, 0.8])
def test_ctrl_c_at_any_moment_exits_quietly(interpreter_start, after):
    # The first 100 ms after start-up: importing numpy and the kernels;
    # later: workers starting up, then simulating; at the end: shutting the
    # pool down.
    code, err = interrupted_after(interpreter_start + after, "simulate", "--workers", "2",
                                  "--sample", "300", "--quiet")
    if "Traceback" in err and not frames_after_start_up(err):
        # Python's own start-up (site, the -m machinery) or the package's
        # first lines were still running: no handler could be in place yet,
        # and only the interpreter answers
        assert code in (1, -2), err
        return
    # -SIGINT: the signal landed before the interpreter installed its handler
    # (the start-up time measured above varies from run to run), and the
    # default action ended the process, quietly, as a shell reports with 130
    assert code in (0, 130, -2), err
    assert "Traceback" not in err and "Exception ignored" not in err, err
    if code == 130:
        assert err.strip().endswith("interrupted"), err


@pytest.mark.slow
@pytest.mark.parametrize("seconds", [1.0, 3.0])
def test_ctrl_c_while_proving_the_opening_table(tmp_path, seconds):
    code, err = interrupted_after(seconds, "openers", "--exact", "--recompute", "--quiet",
                                  "--results", str(tmp_path / "table.json"))
    assert code == 130 and "Traceback" not in err, err
    assert "saved" in err


def test_ctrl_c_in_the_helper_exits_130():
    code, err = interrupted_after(1.5, "play")   # waiting at the first prompt
    assert code == 130 and "Traceback" not in err, err
    code, err = interrupted_after(1.5, "play", "--boards", "4")
    assert code == 130 and "Traceback" not in err, err


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_while_simulating_several_boards(workers):
    code, err = interrupted_after(2.0, "simulate", "--boards", "4", "--sample", "5000",
                                  "--workers", workers, "--quiet")
    assert code == 130 and "Traceback" not in err and "Exception ignored" not in err, err


def test_a_lookahead_cut_short_is_labelled_partial_and_never_cached(official, tmp_path):
    solver = wf.Solver(lexicon=official, strategy="lookahead", cache_dir=tmp_path)

    def ctrl_c(done, total):   # as if Ctrl-C came after the first guesses
        raise KeyboardInterrupt

    solver.strategy.progress = ctrl_c
    suggestions = solver.suggest(top=3)
    assert solver.ranking_partial and len(suggestions) == 3
    assert not list(tmp_path.glob("opening-*.npz"))     # a partial table is never kept
    with pytest.raises(KeyboardInterrupt):               # a simulation stops, not plays on
        solver.best()
    printed = []
    answers = iter(["quit"])
    assert wf_play(solver, read=lambda prompt: next(answers), write=printed.append) == 0
    assert any("partial" in line for line in printed)


def wf_play(*args, **kwargs):
    from wordle_fast.cli.helper import play

    return play(*args, **kwargs)


def test_ctrl_c_stops_a_lookahead_simulation():
    code, err = interrupted_after(3.0, "simulate", "--strategy", "lookahead", "--sample", "30",
                                  "--quiet")
    assert code == 130 and "Traceback" not in err, err


def test_arrow_keys_edit_the_line_in_the_helper():
    pty = pytest.importorskip("pty")
    import select
    import time

    master, terminal = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "wordle_fast", "play"], stdin=terminal,
                               stdout=terminal, stderr=terminal, close_fds=True)
    os.close(terminal)

    def read_until(text, timeout=60):
        seen, deadline = b"", time.monotonic() + timeout
        while text.encode() not in seen and time.monotonic() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    seen += os.read(master, 4096)
                except OSError:
                    break
        return seen.decode(errors="replace")

    try:
        read_until("Guess played")
        os.write(master, b"slet\x1b[D\x1b[D\x1b[Da\r")    # three left arrows, then 'a'
        assert "Feedback for SALET (" in read_until("(e.g.")
        os.write(master, b"quit\r")
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()
        os.close(master)


@pytest.mark.parametrize("args, needle", [
    (["verify-tree", "/dev/zero"], "is larger than 128 MiB"),
    (["openers", "--exact", "--results", "-"], "--results needs a file name"),
    (["openers", "--depth", "0"], "--depth must be at least 1"),
    (["simulate", "--plot", "-"], "'-' is not a picture file"),
    (["optimal", "--answers", "/dev/zero"], "is larger than 64 MiB"),
])
def test_streams_and_dashes_where_a_file_is_needed(capsys, args, needle):
    assert main(args) == 2
    one_line_error(capsys, needle)


def test_a_byte_order_mark_before_a_tree(salet_file):
    done = run_cli("verify-tree", "-", stdin="\ufeff" + salet_file.read_text())
    assert done.returncode == 0 and "7920 guesses in total" in done.stdout


# -- limits, and the API's bad values (issue 20) ------------------------------------------

@pytest.mark.parametrize("command", [
    ["optimal", "--max-guesses", "2147483648"],
    ["analyze", "--max-guesses", "2147483648", "salet"],
    ["openers", "--exact", "--max-guesses", "2147483648"],
    ["absurdle", "--max-guesses", "100000000"],
    ["simulate", "--max-turns", "99999999999999999999"],
])
def test_a_huge_guess_limit_is_one_clear_error(command, capsys):
    assert main(command) == 2
    one_line_error(capsys, "must be at most 100")


def test_a_limit_of_100_on_a_small_list_is_quick(tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SMALL[:8]))
    assert main(["optimal", "--answers", str(words), "--guesses", str(words),
                 "--max-guesses", "100", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "at most 100 guesses" in out and "6: 0" in out and "7: 0" not in out


def test_board_simulation_sizes_and_repeated_play(capsys):
    assert main(["simulate", "--boards", "2", "--sample", "100000000000000000000"]) == 2
    one_line_error(capsys, "--sample must be at most 1,000,000")
    # one board has a limit too: the game's, which the optimal strategy plans to
    assert main(["suggest", "--boards", "1", "--max-turns", "9", "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["max_guesses"] == 9
    # every --play group counts, not only the last
    assert main(["simulate", "--play", "cigar", "--play", "rebut", "--quiet", "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


@pytest.mark.parametrize("call, kind, needle", [
    (lambda: wf.format_pattern(None, 5), wf.InvalidPattern, "whole-number code, got NoneType"),
    (lambda: wf.format_pattern(3, 10 ** 9), wf.InvalidOption, "at most 20"),
    (lambda: wf.all_green(None), wf.InvalidOption, "word length must be a whole number"),
    (lambda: wf.all_green(-1), wf.InvalidOption, "at least 1"),
    (lambda: wf.code_dtype(None), wf.InvalidOption, "word length"),
    (lambda: wf.parse_pattern("q" * 65000), wf.InvalidPattern, "'qqqqqqqqqqqqqqqqqqqq...'"),
])
def test_pattern_helpers_refuse_bad_values_as_wordle_errors(call, kind, needle):
    with pytest.raises(kind) as caught:
        call()
    assert needle in str(caught.value) and len(str(caught.value)) < 300


def test_several_boards_and_lookahead_refuse_bad_values(official):
    from wordle_fast.game.board_games import simulate_boards
    from wordle_fast.game.boards import BoardsSolver
    from wordle_fast.strategies.lookahead import rank_openers_by_lookahead

    with pytest.raises(wf.InvalidPattern, match="one line of text or a list"):
        BoardsSolver(lexicon=official).update("cigar", None)
    with pytest.raises(wf.InvalidOption, match="solve bonus must be a number of bits"):
        BoardsSolver(lexicon=official, bonus="2")
    with pytest.raises(wf.InvalidOption, match="unknown option 'bogus' for several boards"):
        simulate_boards({"bogus": 1})
    with pytest.raises(wf.InvalidOption, match="lookahead depth must be at least 1"):
        rank_openers_by_lookahead(official, depth=0)


def test_pattern_matrix_refuses_a_lone_string():
    with pytest.raises(wf.InvalidOption, match="list of words"):
        wf.pattern_matrix("cigar", "rebut")
    assert wf.pattern_matrix(["cigar"], ["rebut"]).shape == (1, 1)


def test_ctrl_c_in_a_table_proof_raises_search_interrupted(tmp_path):
    from wordle_fast.exact.optimum import SearchInterrupted, optimal

    def ctrl_c(*args):
        raise KeyboardInterrupt

    lexicon = wf.Lexicon(SMALL, SMALL + ["slate", "crane"])
    with pytest.raises(SearchInterrupted) as caught:
        optimal(lexicon=lexicon, progress=ctrl_c, results_path=tmp_path / "table.json")
    assert caught.value.opener is None and "opening table" in caught.value.describe()


def test_the_share_text_is_never_cut_silently(monkeypatch, capsys):
    text = "Wordle 1,234 2/6\n" + "x" * (1 << 16)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["analyze", "--words", "salet,grand"]) == 2
    one_line_error(capsys, "longer than 64 KiB")


@pytest.mark.slow
def test_sigterm_while_proving_the_opening_table_stops_as_ctrl_c_does(tmp_path):
    # kill, or a scheduler's time limit: the workers are stopped, what is
    # proven saved, no traceback and no leaked pool resources; exit 143.
    import signal
    import time

    results = tmp_path / "table.json"
    process = subprocess.Popen([sys.executable, "-m", "wordle_fast", "openers", "--exact",
                                "--recompute", "--quiet", "--workers", "2", "--results",
                                str(results)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(4.0)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 143, err
    assert "the entries proven so far are saved" in err, err
    assert "Traceback" not in err and "leaked" not in err, err
    assert results.exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal")
def test_workers_stop_when_their_parent_is_killed():
    import signal
    import time

    # A parent killed outright (SIGKILL, the OOM killer) cannot stop its
    # workers.
    parent = subprocess.Popen([sys.executable, "-c", (
        "import time\n"
        "from wordle_fast._pool import spawn_pool\n"
        "pool = spawn_pool(2)\n"
        "jobs = [pool.submit(time.sleep, 120) for _ in range(2)]\n"
        "time.sleep(1.0)\n"
        "print(*pool._processes, flush=True)\n"
        "time.sleep(120)\n")], stdout=subprocess.PIPE, text=True)
    workers = [int(pid) for pid in parent.stdout.readline().split()]
    assert len(workers) == 2 and all(map(_running, workers))
    parent.send_signal(signal.SIGKILL)
    parent.wait(timeout=10)
    deadline = time.monotonic() + 10
    while any(map(_running, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(_running, workers))


def _running(pid: int) -> bool:
    """Whether the process exists and is not a zombie (an orphan's zombie
    waits for an init that may never reap it, in a container)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            state = handle.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def test_a_missing_compiled_core_says_what_to_do(tmp_path):
    """Run from a clone's root, Python imports the unbuilt source folder
    before the installed package; the warning names the way out."""
    from wordle_fast.core._backend import missing_core_message

    checkout = tmp_path / "clone"
    (checkout / "wordle_fast").mkdir(parents=True)
    (checkout / "setup.py").write_text("")
    in_checkout = missing_core_message(ImportError("no _feedback"), checkout / "wordle_fast")
    assert "source folder" in in_checkout and "another directory" in in_checkout
    assert f"pip install -e {checkout}" in in_checkout
    installed = missing_core_message(ImportError("no _feedback"), tmp_path / "site" / "wordle_fast")
    assert "no _feedback" in installed and "pip install" in installed


def test_a_ctrl_c_landing_on_another_thread_waits_until_the_worker_has_started():
    import signal
    import threading
    import time

    from wordle_fast._pool import spawn_pool

    # The main thread blocks SIGINT while it starts a worker, but the kernel
    # may hand the signal to another thread; Python then raised
    # KeyboardInterrupt in the main thread mid-start, before the worker was
    # sent its instructions, and the worker printed a traceback (EOFError).
    pool = spawn_pool(1)
    start = pool._adjust_process_count
    started = []

    def start_after_a_ctrl_c():
        other = threading.Thread(target=os.kill, args=(os.getpid(), signal.SIGINT))
        other.start()
        other.join()
        time.sleep(0.1)            # (Python's handler would run here)
        start()
        started.append(True)

    pool._adjust_process_count = start_after_a_ctrl_c
    # Python's own Ctrl-C handler, as in a terminal: a shell that runs the
    # tests in the background leaves SIGINT ignored (and then, rightly,
    # nothing is raised at all)
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            pool.submit(pow, 2, 3)
        assert started == [True]   # the worker was started whole, then the Ctrl-C came
    finally:
        signal.signal(signal.SIGINT, handler)
        pool.terminate()
