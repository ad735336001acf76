"""Development tools beside the package, run from the repository root: benchmarks
(``python -m bench.agree``, ``bench.scaling``, ``bench/hints.py``, ``bench/world.py``), load
and soak clients for the service (``python -m bench.load``). None is installed with nonogen.
"""
