"""Development tools beside the package, run from the repository root: benchmarks
(``python -m bench.agree``, ``bench.scaling``, ``bench.memory``, ``bench/hints.py``,
``bench/world.py``), load and soak clients for the service (``python -m bench.load``), and
test pictures (``python -m bench.drawn`` draws ``samples/bench``, ``bench.book_pictures``
varies the samples for books). None is installed with nonogen.
"""
