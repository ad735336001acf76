"""Colour nonograms: what is still colour's own, beside the one model and the one solver.

Each clue number has a colour; blocks of one colour are separated by at least one background
cell, blocks of different colours may touch. The puzzle (``nonogen.puzzle``), its clues
(``nonogen.clues``), palettes (``nonogen.palette``), formats and the solver
(``nonogen.solve``, on colour boards: ``colourline``, ``colourboard``, ``colourprobe``,
``coloursat``) are one for both kinds. Modules here:

    contrast   ink colours readable on a palette colour

The repair (changes, givens, tiers) is the generator's, one for both kinds
(``nonogen.generate``, over ``nonogen.generate.kinds``).

The brute-force oracles and random colour puzzles are in ``tests/`` (``colour_brute``,
``colour_sample``); ``python -m bench.agree`` checks the solver against them.
"""
