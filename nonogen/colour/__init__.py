"""Colour nonograms (webpbn, nonograms.org): data, a complete solver, proofs and formats.

Each clue number has a colour; blocks of one colour are separated by at least one background
cell, blocks of different colours may touch. The puzzle itself (``nonogen.puzzle``), its
clues (``nonogen.clues``) and palettes (``nonogen.palette``) are one model for both kinds.
Modules, bottom up:

    line       one line: (clue, possible colours per cell) -> refined, or None
    propagate  boards and line logic over the grid to a fixpoint
    probe      probing: a colour that leads to a contradiction is removed
    search     complete depth-first search with line logic at every node (a second oracle)
    sat        complete search as CNF with PySAT (the one solve uses)
    verdict    ColourVerdict (statuses and scores shared with the monochrome solver)
    solve      solve_colour_puzzle: line logic, SAT search, probing -> verdict
    repair     colour_repair: change the fewest, cheapest cells until line logic solves it
    brute      brute-force oracles, independent of the solver
    sample     random colour puzzles for tests and benchmarks
    agree      python -m nonogen.colour.agree: solver vs brute force on random puzzles
"""

from __future__ import annotations

from nonogen.colour.solve import DEFAULT_TIMEOUT, solve_colour_puzzle
from nonogen.colour.verdict import ColourVerdict, Status, Technique

__all__ = [
    "DEFAULT_TIMEOUT",
    "ColourVerdict",
    "Status",
    "Technique",
    "solve_colour_puzzle",
]
