"""The optional C core (``nonogen._native``): built by ``pip install`` where a C compiler and
Python's headers are found; without them the install goes on and the pure-Python reference
(``nonogen.line``, ``nonogen.solve.propagate``) runs instead."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "nonogen._native",
            ["nonogen/_native.c"],
            optional=True,
            extra_compile_args=[
                "-O3",
                "-funroll-loops",
                "-Wall",
                "-Wextra",
                "-Wno-unused-parameter",
            ],
        )
    ]
)
