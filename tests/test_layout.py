"""The package's shape: what the compiled layer promises to type checkers."""

import ast
import importlib
from pathlib import Path

import pytest

COMPILED = ["_parallel", "_feedback", "_bitset", "_legal", "_scoring", "_lookahead", "_exact"]


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
        module = importlib.import_module(f"wordle_fast.{name}")
    except ImportError:
        pytest.skip("the compiled core is not built")
    stub = Path(module.__file__).with_name(f"{name}.pyi")
    assert stub.is_file(), f"{stub.name} is missing"
    public = {attr for attr in vars(module) if not attr.startswith("_")
              and getattr(getattr(module, attr), "__module__", module.__name__) == module.__name__
              and not isinstance(getattr(module, attr), type(importlib))}
    assert public <= stub_names(stub), sorted(public - stub_names(stub))
