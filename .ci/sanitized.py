"""Run pytest against the C core built with AddressSanitizer and UBSan (``.ci/run``).

    LD_PRELOAD=<libasan.so> python .ci/sanitized.py BUILT.so [pytest arguments...]

``BUILT.so`` is ``nonogen/_native.c`` compiled with ``-fsanitize=address,undefined``; it is
loaded as ``nonogen._native`` before anything imports the package, so every solver entry point
runs the sanitized core. A memory error or undefined behaviour stops the run with the
sanitizer's report (``-fno-sanitize-recover``), failing the gate.
"""

from __future__ import annotations

import importlib.util
import sys


def main() -> int:
    """Load the sanitized core as ``nonogen._native``, then run pytest with the arguments."""
    built, args = sys.argv[1], sys.argv[2:]
    spec = importlib.util.spec_from_file_location("nonogen._native", built)
    if spec is None or spec.loader is None:
        print(f"error: cannot load {built} as the C core", file=sys.stderr)
        return 2
    core = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(core)
    sys.modules["nonogen._native"] = core
    import nonogen.line  # noqa: PLC0415  (after the core is in place)

    if nonogen.line.NATIVE is not core:
        print("error: the solver did not take the sanitized core", file=sys.stderr)
        return 2
    import pytest  # noqa: PLC0415

    return int(pytest.main(args))


if __name__ == "__main__":
    sys.exit(main())
