"""The package's shape: the compiled layer's stubs, no import circles, no
import that climbs the ladder docs/architecture.md draws, strategies known by
name only in their package, short modules."""

import ast
import importlib
import re
from pathlib import Path

import pytest

COMPILED = ["_parallel", "_feedback", "_bitset", "_legal", "_scoring", "_lookahead", "_memo",
            "_endgame", "_bound", "_scans", "_search_base", "_bound_pass", "_search",
            "_exact", "_weighted", "_feasible"]


def stub_names(path: Path) -> set[str]:
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


@pytest.mark.parametrize("name", COMPILED)
def test_every_compiled_module_has_a_stub_naming_its_public_api(name):
    try:
        module = importlib.import_module(f"wordle_fast.core.{name}")
    except ImportError:
        pytest.skip("the compiled core is not built")
    stub = Path(module.__file__).with_name(f"{name}.pyi")
    assert stub.is_file(), f"{stub.name} is missing"
    public = {attr for attr in vars(module) if not attr.startswith("_")
              and getattr(getattr(module, attr), "__module__", module.__name__) == module.__name__
              and not isinstance(getattr(module, attr), type(importlib))}
    assert public <= stub_names(stub), sorted(public - stub_names(stub))


# Compiled modules without a twin of their own, and what holds them instead.
TWINNED_ELSEWHERE = {
    "_search_base": "a layer of ExactSearcher: held to _exact_twin through it",
    "_bound_pass": "a layer of ExactSearcher: held to _exact_twin through it",
    "_search": "a layer of ExactSearcher: held to _exact_twin through it",
    "_scans": "ExactSearcher's scan kernels: held to _exact_twin.ExactSearcher.guess_bounds",
    "_memo": "a table: tests/test_memo.py holds it to a dict",
    "_weighted": "the search under a prior: held to _exact_twin.ExactSearcher(weights=...) "
                 "and the brute force (tests/test_weighted_search.py)",
}


@pytest.mark.parametrize("name", COMPILED)
def test_every_compiled_kernel_has_its_twin_beside_it(name):
    core = Path(importlib.import_module("wordle_fast.core").__file__).parent
    if name in TWINNED_ELSEWHERE:
        assert not (core / f"{name}_twin.py").is_file(), "a twin now: drop the exemption"
        return
    assert (core / f"{name}_twin.py").is_file(), f"{name} has no twin {name}_twin.py beside it"
    assert importlib.import_module(f"wordle_fast.core.{name}_twin")


# -- the import graph -------------------------------------------------------------------

PACKAGE = Path(importlib.import_module("wordle_fast").__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The package's modules ``path`` imports anywhere in it (function-level
    imports too: one made lazily still closes a circle)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            # `from wordle_fast.cli import optimal` names a module, not an attribute
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name in known}


def import_graph() -> dict[str, set[str]]:
    paths = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    known = set(paths)
    return {name: imports_of(path, known) - {name} for name, path in paths.items()
            if name != "wordle_fast"}   # the top level only names modules lazily, by string


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One path around each circle found by a depth-first walk."""
    found, state, path = [], {}, []

    def walk(node):
        state[node] = "open"
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == "open":
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                walk(target)
        path.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            walk(node)
    return found


def test_the_circle_finder_finds_circles():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_no_module_imports_itself_through_others():
    graph = import_graph()
    assert len(graph) > 30 and graph["wordle_fast.game.boards"] >= {"wordle_fast.game.solver"}
    assert circles(graph) == []
    # a lazy import that closed one would be found
    graph["wordle_fast.game.state"] = graph["wordle_fast.game.state"] | {"wordle_fast.game.boards"}
    assert circles(graph)


def test_only_the_strategies_package_knows_strategies_by_name():
    from wordle_fast.strategies import STRATEGIES

    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if "strategies" in path.relative_to(PACKAGE).parts:
            continue
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.Compare):
                continue
            operands = [node.left, *node.comparators]
            named = [o.value for o in operands if isinstance(o, ast.Constant)
                     and o.value in STRATEGIES]
            if named and "strategy" in ast.get_source_segment(text, node):
                offenders.append(f"{path.name}:{node.lineno} compares with {named[0]!r}")
    assert offenders == []


# Modules allowed past the size the house keeps to, and why.
LONG_MODULES: dict[str, str] = {}
# Compiled modules past about 600 lines, and why.
LONG_COMPILED = {
    "_lookahead.pyx": "the lookahead's searcher and its parallel bucket values, one class",
}


def test_modules_stay_short():
    long = {path.name: n for path in PACKAGE.rglob("*.py")
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 400}
    assert set(long) <= set(LONG_MODULES), long


# The .pyx sources and docs/ are in a checkout, not in an installed wheel
# (whose tests CI runs too).
SOURCES = ((PACKAGE / "core" / "_exact.pyx").is_file()
           and (PACKAGE.parent / "docs" / "architecture.md").is_file())
needs_sources = pytest.mark.skipif(not SOURCES, reason="needs the checkout's .pyx and docs/")


@needs_sources
def test_compiled_modules_stay_short():
    long = {path.name: n for path in PACKAGE.rglob("*.pyx")
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600}
    assert set(long) <= set(LONG_COMPILED), long
    assert set(LONG_COMPILED) <= set(long), "an exemption no longer needed: remove it"


def limits_written_out(path: Path) -> list[str]:
    """The lines of ``path`` where the number 6 stands beside a guess, a limit
    or a turn: the one-board guess limit written out again."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    return [f"{path.name}:{node.lineno}: {lines[node.lineno - 1].strip()}"
            for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.Constant) and type(node.value) is int and node.value == 6
            and re.search(r"guess|limit|turn", lines[node.lineno - 1], re.IGNORECASE)]


def test_the_one_board_limit_is_written_once():
    assert limits_written_out(PACKAGE / "rulebook.py")   # where it is written
    found = [line for path in PACKAGE.rglob("*.py") if path.name != "rulebook.py"
             for line in limits_written_out(path)]
    assert found == [], "use rulebook.ONE_BOARD_LIMIT"


# -- the ladder: every import goes down or stays on its rung ---------------------------

ARCHITECTURE = PACKAGE.parent / "docs" / "architecture.md"
CYTHON_IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+c?import\s+(.+)|c?import\s+([\w.,\s]+))$")


def ladder() -> dict[str, int]:
    """Each rung's names (a module, or a package for everything in it) ->
    the rung's height, from the first block of docs/architecture.md's
    section on the house: lines "rung: names", continued on indented lines."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text[text.index("## The house"):]
    block = section[section.index("```text") + len("```text"):]
    block = block[:block.index("```")]
    rungs: list[list[str]] = []
    for line in block.splitlines():
        if re.match(r"^\w+:", line):
            rungs.append(line.split(":", 1)[1].split())
        elif line.strip():
            rungs[-1].extend(line.split())
    return {name: height for height, names in enumerate(rungs) for name in names}


def rung_of(module: str, heights: dict[str, int]) -> int:
    """The height of ``module`` (a dotted name in the package): its own
    entry, else its package's."""
    parts = module.split(".")[1:] or ["wordle_fast"]
    for end in range(len(parts), 0, -1):
        name = ".".join(parts[:end])
        if name in heights:
            return heights[name]
    raise AssertionError(f"{module} stands on no rung of the ladder in docs/architecture.md")


def cython_imports_of(path: Path, known: set[str]) -> set[str]:
    """The package's modules a .pyx or .pxd names in an import or cimport."""
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        match = CYTHON_IMPORT.match(line)
        if match is None:
            continue
        if match.group(1):
            found.add(match.group(1))
            found.update(f"{match.group(1)}.{name.split()[0]}"
                         for name in match.group(2).strip("()").split(",") if name.strip())
        else:
            found.update(name.split()[0] for name in match.group(3).split(",") if name.strip())
    return {name for name in found if name in known}


def full_import_graph() -> dict[str, set[str]]:
    """import_graph with the compiled modules' imports and cimports, and
    without the package itself as a target (``from wordle_fast import x``
    names the module x)."""
    paths = [path for pattern in ("*.py", "*.pyx", "*.pxd") for path in PACKAGE.rglob(pattern)]
    known = {module_name(path) for path in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:   # (a .pyx and its .pxd are one module)
        name = module_name(path)
        found = (imports_of(path, known) if path.suffix == ".py"
                 else cython_imports_of(path, known))
        graph.setdefault(name, set()).update(found - {name, "wordle_fast"})
    return graph


def climbs(graph: dict[str, set[str]], heights: dict[str, int]) -> list[str]:
    return sorted(f"{source} -> {target}" for source, targets in graph.items()
                  for target in targets
                  if rung_of(target, heights) > rung_of(source, heights))


@needs_sources
def test_every_module_stands_on_a_rung_and_no_import_climbs():
    heights = ladder()
    graph = full_import_graph()
    assert graph["wordle_fast.core._search_base"] >= {"wordle_fast.core._endgame", "wordle_fast.core._memo"}
    assert "wordle_fast.core._search" in graph["wordle_fast.core._exact"]   # the layers, by cimport
    assert "wordle_fast.rulebook" in graph["wordle_fast.core._legal"]   # a cimport and an import read
    assert climbs(graph, heights) == []


@needs_sources
def test_the_ladder_check_finds_a_climb():
    heights = ladder()
    assert rung_of("wordle_fast.exact.search", heights) < rung_of("wordle_fast.game.state",
                                                                 heights)
    graph = {"wordle_fast.core._legal": {"wordle_fast.rules"},
             "wordle_fast.exact.search": {"wordle_fast.game.records"},
             "wordle_fast.game.state": {"wordle_fast.exact.search"}}
    assert climbs(graph, heights) == ["wordle_fast.core._legal -> wordle_fast.rules",
                                      "wordle_fast.exact.search -> wordle_fast.game.records"]


def test_a_command_loads_only_what_it_uses():
    code = ("import sys; from wordle_fast.cli import main; "
            "assert main(['feedback', 'cigar', 'rebut']) == 0; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('wordle_fast'))))")
    import subprocess
    import sys

    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.split()
    assert "wordle_fast.cli.feedback" in loaded
    for heavy in ("wordle_fast.cli.simulate", "wordle_fast.cli.openers", "wordle_fast.exact.proof",
                  "wordle_fast.strategies", "wordle_fast.game.solver", "wordle_fast.core._exact"):
        assert heavy not in loaded, heavy


# -- short functions ------------------------------------------------------------------

FUNCTION_LINES = 80   # code lines: the docstring, blank lines and comments aside
# Functions allowed past it, and why (none today).
LONG_FUNCTIONS: dict[str, str] = {}


def code_lines(function: ast.FunctionDef, lines: list[str]) -> int:
    """The lines of ``function``'s body that hold code: not its signature,
    not its docstring, not blank, not a comment alone."""
    body = function.body
    if (len(body) > 1 and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)):
        body = body[1:]
    return sum(1 for number in range(body[0].lineno, function.end_lineno + 1)
               if lines[number - 1].strip() and not lines[number - 1].strip().startswith("#"))


def long_functions(path: Path) -> dict[str, int]:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    return {f"{path.name}:{node.name}": n for node in ast.walk(ast.parse(text))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and (n := code_lines(node, lines)) > FUNCTION_LINES}


def test_python_functions_stay_short():
    long = {name: n for path in PACKAGE.rglob("*.py") for name, n in long_functions(path).items()}
    assert set(long) <= set(LONG_FUNCTIONS), long


LINE_WIDTH = 99   # characters


def test_source_lines_stay_narrow():
    wide = [f"{path.relative_to(PACKAGE)}:{number}"
            for pattern in ("*.py", "*.pyi", "*.pyx", "*.pxd", "*.h")
            for path in PACKAGE.rglob(pattern)
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if len(line) > LINE_WIDTH]
    assert wide == [], f"lines over {LINE_WIDTH} characters"


COMPILED_FUNCTION = re.compile(r"(\s*)(?:cdef|cpdef|def)\s[^=(]*?(\w+)\(")


def long_compiled_functions(path: Path) -> dict[str, int]:
    """``long_functions`` for a .pyx file, which ast cannot read: a function
    is its signature (up to the line where its brackets close) and the
    lines indented under it; its docstring, blank lines and comments aside."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = {}
    for start, line in enumerate(lines):
        match = COMPILED_FUNCTION.match(line)
        if not match or line.lstrip().startswith("cdef class"):
            continue
        indent, at, depth = len(match.group(1)), start, 0
        while True:       # the signature
            depth += lines[at].count("(") - lines[at].count(")")
            if depth <= 0:
                break
            at += 1
        code, in_docstring = 0, False
        for body in lines[at + 1:]:
            text = body.strip()
            if text and len(body) - len(body.lstrip()) <= indent and not text.startswith("#"):
                break
            if text.startswith(('"""', "'''")) and not in_docstring and code == 0:
                in_docstring = not (len(text) > 3 and text.endswith(('"""', "'''")))
            elif in_docstring:
                in_docstring = not text.endswith(('"""', "'''"))
            elif text and not text.startswith("#"):
                code += 1
        if code > FUNCTION_LINES:
            found[f"{path.name}:{match.group(2)}"] = code
    return found


# Compiled functions past FUNCTION_LINES lines of code, and why.
LONG_COMPILED_FUNCTIONS = {
    "_lookahead.pyx:_one_step_buckets": "the one-step values of a guess's buckets, one pass "
                                        "the lookahead's inner loop runs without the GIL",
}


@needs_sources
def test_compiled_functions_stay_short():
    long = {name: n for path in PACKAGE.rglob("*.pyx")
            for name, n in long_compiled_functions(path).items()}
    assert set(long) <= set(LONG_COMPILED_FUNCTIONS), long
    assert set(LONG_COMPILED_FUNCTIONS) <= set(long), "an exemption no longer needed: remove it"


def test_the_compiled_function_counter_counts_code_only(tmp_path):
    body = "\n".join(f"        x{i} = {i}  # a line of code" for i in range(FUNCTION_LINES))
    source = tmp_path / "m.pyx"
    source.write_text(f'cdef class A:\n    cdef int short(self, int a,\n'
                      f'                   int b) except -1:\n'
                      f'        """A docstring,\n\n        of three lines."""\n\n'
                      f'        # a comment\n{body}\n\n    def long(self):\n{body}\n'
                      f'        return 1\n\n\ncdef int after():\n    return 0\n')
    # short: 80 lines of code; long: one more; the class is no function
    assert long_compiled_functions(source) == {"m.pyx:long": FUNCTION_LINES + 1}


def test_the_function_counter_counts_code_only(tmp_path):
    body = "\n".join(f"    x{i} = {i}  # a line of code" for i in range(FUNCTION_LINES))
    source = tmp_path / "m.py"
    source.write_text(f'def short():\n    """A docstring,\n\n    of four lines."""\n\n'
                      f'    # a comment\n{body}\n\n\ndef long():\n{body}\n    return 1\n')
    # short: 80 lines of code; long: one more
    assert long_functions(source) == {"m.py:long": FUNCTION_LINES + 1}
