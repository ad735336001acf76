"""A package whose names load their modules on first use (PEP 562), so that importing one
module of it does not import the rest: ``nonogen.pipeline`` and ``nonogen.pdf`` (each name said
once, in the package's ``__init__.pyi``), and ``nonogen.service``."""

from __future__ import annotations

import importlib
import os

TYPE_CHECKING = False  # no ``typing`` to load on the instant path (issue 53)
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any


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
    """Each name a stub's ``from module import ...`` statements import (each statement on a
    line of its own, names in parentheses or not, ``name as name`` or ``name``), and its
    module; ``from __future__`` aside. Plain string work: no ``re`` to load."""
    where: dict[str, str] = {}
    for statement in stub.split("\nfrom ")[1:]:
        module, _, names = statement.partition(" import ")
        listed = names.split(")")[0] if names.startswith("(") else names.split("\n")[0]
        if module.strip() == "__future__":
            continue
        for part in listed.strip("( \n").split(","):
            name = part.split(" as ")[-1].strip()  # ``name as name``: the stub's export
            if name:
                where[name] = module.strip()
    return where


def stubbed(package: str, init: str) -> tuple[Callable[[str], Any], list[str]]:
    """The package's ``__getattr__`` and ``__all__``, read from the ``__init__.pyi`` beside its
    ``__init__.py`` (``init``: its ``__file__``), the one place its names are said: the stub
    is what type checkers read, and here it says where each name loads from."""
    with open(os.path.splitext(init)[0] + ".pyi", encoding="utf-8") as stub:
        where = stub_names(stub.read())
    return lazy_names(package, where), sorted(where)
