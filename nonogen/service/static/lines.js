// Lines of a player's grid judged against their clues only (never a stored solution, so any
// valid solution is right): complete, fits some arrangement, or breaks its clue.

import { colourFits, colourRuns, sameBlocks } from "./colour.js";
import { FILLED } from "./common.js";

/** The values of one line: kind "row" or "col", of a width x height Int8Array. */
export function lineOf(values, width, height, kind, index) {
  const line = [];
  if (kind === "row") for (let c = 0; c < width; c += 1) line.push(values[index * width + c]);
  else for (let r = 0; r < height; r += 1) line.push(values[r * width + index]);
  return line;
}

/** The cell indexes of one line. */
export function lineCells(width, height, kind, index) {
  const cells = [];
  const length = kind === "row" ? width : height;
  for (let k = 0; k < length; k += 1) {
    cells.push(kind === "row" ? index * width + k : k * width + index);
  }
  return cells;
}

/**
 * A clue as coloured blocks [[length, colour]]: a black-and-white puzzle is the one-colour
 * case (its runs are blocks of FILLED, palette index 1), so one line solver serves both kinds.
 */
export const blocksOf = (puzzle, clue) => (puzzle.palette ? clue : clue.map((n) => [n, FILLED]));

/** Whether a line's blocks are exactly its clue's. */
export const complete = (blocks, line) => sameBlocks(colourRuns(line), blocks);

/** Whether some arrangement of the clue's blocks agrees with the line's marks. */
export const fits = (blocks, line) => colourFits(blocks, line);

/** The line rules of a puzzle: {complete, fits} of (clue, line), for either kind. */
export const rules = (puzzle) => ({
  complete: (clue, line) => complete(blocksOf(puzzle, clue), line),
  fits: (clue, line) => fits(blocksOf(puzzle, clue), line),
});

/** Every line of the grid whose marks fit no arrangement of its clue: [{kind, index}]. */
export function brokenLines(puzzle, values) {
  const width = puzzle.cols.length;
  const height = puzzle.rows.length;
  const broken = [];
  const { fits: fit } = rules(puzzle);
  for (const [kind, clues] of [["row", puzzle.rows], ["col", puzzle.cols]]) {
    clues.forEach((clue, index) => {
      if (!fit(clue, lineOf(values, width, height, kind, index))) broken.push({ kind, index });
    });
  }
  return broken;
}
