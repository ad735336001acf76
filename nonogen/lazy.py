"""A package whose names load their modules on first use (PEP 562), so that importing one
module of it does not import the rest: ``nonogen.pipeline`` and ``nonogen.pdf`` (each name said
once, in the package's ``__init__.pyi``), and ``nonogen.service``."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

_IMPORT = re.compile(r"^from\s+([\w.]+)\s+import\s+(?:\(([^)]*)\)|(.*))$", re.MULTILINE)
"""``from module import a, b`` or ``from module import (a, b,)`` at the start of a line."""


def lazy_names(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """The package's ``__getattr__``: a name of ``where`` (name -> module) imported from its
    module the first time it is asked for, and kept in the package."""
    names = vars(importlib.import_module(package))

    def attribute(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        names[name] = value
        return value

    return attribute


def stub_names(stub: str) -> dict[str, str]:
    """Each name a stub's ``from module import ...`` lines import, and its module (comments
    and the ``from __future__`` line aside)."""
    where: dict[str, str] = {}
    for module, grouped, single in _IMPORT.findall(stub):
        if module == "__future__":
            continue
        listed = re.sub(r"#[^\n]*", "", grouped or single)
        for part in listed.split(","):
            name = part.split(" as ")[-1].strip()  # ``name as name``: the stub's export
            if name:
                where[name] = module
    return where


def stubbed(package: str, init: str) -> tuple[Callable[[str], Any], list[str]]:
    """The package's ``__getattr__`` and ``__all__``, read from the ``__init__.pyi`` beside its
    ``__init__.py`` (``init``: its ``__file__``), the one place its names are said: the stub
    is what type checkers read, and here it says where each name loads from."""
    where = stub_names(Path(init).with_suffix(".pyi").read_text(encoding="utf-8"))
    return lazy_names(package, where), sorted(where)
