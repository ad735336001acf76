"""The one orchestration the entry points call (cli and service): read puzzles, solve them,
make puzzles from pictures, report records.

    check    puzzles read, solved and recorded, either kind (check, solve, convert, print)
    picture  a picture made into a puzzle (``make_puzzle``), either kind
    made     what a make gives: ``Made`` (either kind), its repair, verdict and preview
    report   every picture at every width, scored against the bench masks

Importing a name loads only the module that defines it (PEP 562), so that ``nonogen check``
does not load the picture stages it never uses.
"""

from __future__ import annotations

from nonogen.lazy import stubbed

__getattr__, __all__ = stubbed(__name__, __file__)
