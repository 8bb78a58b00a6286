"""No import circle anywhere in the package (issue 18): every import counts, those under
``if TYPE_CHECKING:`` and inside functions too, so that each game package reads one way
(tables -> facts -> base -> rules -> state -> judge) and the layers one way
(tests/test_layers.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT


def _graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of the package (and its subpackages) it imports; a package's
    ``__init__`` under the package's own name."""
    folder = ROOT / Path(*package.split("."))
    modules: dict[str, Path] = {}
    for p in folder.rglob("*.py"):
        parts = p.relative_to(ROOT).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = p
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                # ``from pkg import mod`` depends on the module, ``from mod import name`` on mod
                targets = [
                    f"{node.module}.{a.name}"
                    if f"{node.module}.{a.name}" in modules
                    else node.module
                    for a in node.names
                ]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            deps.update(t for t in targets if t in modules and t != name)
        graph[name] = deps
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle, if any (depth-first search)."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                return [*path[path.index(dep) :], dep]
            if dep not in state and (found := visit(dep)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_package_imports_one_way() -> None:
    assert _cycle(_graph("adjudicator")) is None


def test_a_circle_is_found() -> None:
    """The search can fail: a circle of three is found, a chain is not."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
