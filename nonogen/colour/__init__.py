"""Colour nonograms (webpbn, nonograms.org): data, a complete solver, proofs and formats.

Each clue number has a colour; blocks of one colour are separated by at least one background
cell, blocks of different colours may touch. Modules, bottom up:

    palette    the colours, background (index 0) first
    clues      colour clues: (length, colour) blocks, derived from a colour grid
    puzzle     the colour puzzle and its checks
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

from nonogen.colour.clues import Block, ColourClue, ColourGrid, grid_clues, line_clue
from nonogen.colour.palette import MAX_COLOURS, Colour, Palette, make_palette, plain_palette
from nonogen.colour.puzzle import ColourPuzzle, colour_puzzle_from_grid, make_colour_puzzle
from nonogen.colour.solve import DEFAULT_TIMEOUT, solve_colour_puzzle
from nonogen.colour.verdict import ColourVerdict, Status, Technique

__all__ = [
    "DEFAULT_TIMEOUT",
    "MAX_COLOURS",
    "Block",
    "Colour",
    "ColourClue",
    "ColourGrid",
    "ColourPuzzle",
    "ColourVerdict",
    "Palette",
    "Status",
    "Technique",
    "colour_puzzle_from_grid",
    "grid_clues",
    "line_clue",
    "make_colour_puzzle",
    "make_palette",
    "plain_palette",
    "solve_colour_puzzle",
]
