"""No import circles, in the package or in the tools beside it, and no development tool
in the installed package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest


def cycles(*packages: str) -> list[list[str]]:
    """The import circles among the packages' modules (strongly connected components of the
    import graph with more than one module, or a module importing itself)."""
    graph = grimp.build_graph(*packages)
    edges = {
        m: sorted(graph.find_modules_directly_imported_by(m) & graph.modules) for m in graph.modules
    }
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in edges[module]:
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == module:
                    break
            if len(component) > 1 or module in edges[module]:
                found.append(sorted(component))

    for module in sorted(edges):
        if module not in order:
            visit(module)
    return found


def test_no_import_circles_in_the_package_or_the_tools() -> None:
    assert cycles("nonogen", "bench") == []


def test_the_circle_finder_finds_a_circle(tmp_path: object) -> None:
    """The check above can fail: a package whose two modules import each other is found."""
    from pathlib import Path  # noqa: PLC0415

    root = Path(str(tmp_path))
    package = root / "circled"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from circled import b\n")
    (package / "b.py").write_text("from circled import a\n")
    sys.path.insert(0, str(root))
    try:
        assert cycles("circled") == [["circled.a", "circled.b"]]
    finally:
        sys.path.remove(str(root))


@pytest.mark.slow
def test_importing_nonogen_and_its_help_load_no_development_tool() -> None:
    code = (
        "import sys, nonogen, nonogen.cli\n"
        "tools = [m for m in sys.modules if m.split('.')[0] in ('bench', 'tests', 'hypothesis')]\n"
        "print(tools)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _loaded_by(*args: str) -> set[str]:
    """The heavy libraries and command modules one ``nonogen`` run imports."""
    code = (
        "import sys\n"
        f"sys.argv = ['nonogen', *{list(args)!r}]\n"
        "from nonogen.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = ('PIL', 'reportlab', 'skimage', 'fastapi', 'typer', 'numpy')\n"
        "found = [m for m in sys.modules if m in heavy or m.startswith('nonogen.cli.')]\n"
        "print('loaded:', *found, file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    (line,) = [line for line in out.stderr.splitlines() if line.startswith("loaded:")]
    return set(line.split()[1:])


@pytest.mark.slow
def test_a_run_imports_only_the_command_it_runs() -> None:
    assert _loaded_by("--version") == set()
    heart = str(Path(__file__).parents[2] / "samples" / "heart.txt")
    assert _loaded_by("check", heart) == {"nonogen.cli.instant"}  # no typer, no numpy
    checked = _loaded_by("check", "--jobs", "1", heart)  # an option: the whole command
    assert "nonogen.cli.check" in checked
    assert not checked & {"nonogen.cli.book", "nonogen.cli.make", "PIL", "reportlab", "fastapi"}
    helped = _loaded_by("--help")  # help lists every command
    assert {"nonogen.cli.book", "nonogen.cli.make", "nonogen.cli.serve"} <= helped


@pytest.mark.parametrize("package", ["nonogen.pipeline", "nonogen.pdf"])
def test_a_lazy_package_loads_each_name_from_the_module_its_stub_says(package: str) -> None:
    import ast  # noqa: PLC0415
    import importlib  # noqa: PLC0415

    from nonogen.lazy import stub_names  # noqa: PLC0415

    module = importlib.import_module(package)
    assert module.__file__ is not None
    stub = Path(module.__file__).with_suffix(".pyi").read_text(encoding="utf-8")
    declared = {  # the imports mypy reads, parsed by Python itself
        alias.asname or alias.name: node.module
        for node in ast.walk(ast.parse(stub))
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(package)
        for alias in node.names
    }
    assert all(  # each exported as the stub's rule says: ``name as name``
        alias.asname == alias.name
        for node in ast.walk(ast.parse(stub))
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    )
    assert len(declared) > 10
    assert stub_names(stub) == declared
    assert module.__all__ == sorted(declared)
    for name, where in declared.items():
        assert getattr(module, name) is getattr(importlib.import_module(where), name)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = module.nothing
