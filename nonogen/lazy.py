"""A package whose names load their modules on first use (PEP 562), so that importing one
module of it does not import the rest: ``nonogen.pipeline`` and ``nonogen.pdf``."""

from __future__ import annotations

import importlib
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
