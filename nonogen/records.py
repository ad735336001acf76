"""JSON as nonogen writes it: the type of a JSON value, and of the objects records give.

Records are typed dataclasses (a make's ``Fidelity``, a solver's ``VerdictRecord``); each
gives its JSON object with ``to_json()``. Only files and the service's edge handle JSON
objects whose shape is not known.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

Json: TypeAlias = "bool | int | float | str | Sequence[Json] | Mapping[str, Json] | None"
"""A JSON value (a sequence is written as a list; read-only types, so that a ``list[str]``
is one too)."""
JsonObject: TypeAlias = "dict[str, Json]"
"""A JSON object, as a record's ``to_json()`` gives it."""


def whole_numbers(value: Json) -> list[int] | None:
    """A JSON list of whole numbers read back (a box, a size), or None when it is not one."""
    if not isinstance(value, Sequence) or isinstance(value, str):
        return None
    ints = [v for v in value if isinstance(v, int) and not isinstance(v, bool)]
    return ints if len(ints) == len(value) else None
