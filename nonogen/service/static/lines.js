// Lines of a player's grid judged against their clues only (never a stored solution, so any
// valid solution is right): complete, fits some arrangement, or breaks its clue.

import { colourFits, colourRuns, sameBlocks } from "./colour.js";
import { EMPTY, FILLED, lineClue, sameClue } from "./common.js";

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

/** Whether a line's filled runs are exactly its clue. */
export const complete = (clue, line) => sameClue(lineClue(line.map((v) => v === FILLED)), clue);

/**
 * Whether some arrangement of the clue's runs agrees with the line's marks (filled cells in a
 * run, crossed cells outside every run). fit[j][i]: runs j.. can be placed in cells i..
 */
export function fits(clue, line) {
  const n = line.length;
  const k = clue.length;
  // crosses[i]: how many crosses lie before cell i, to test a run's span in O(1).
  const crosses = [0];
  for (const v of line) crosses.push(crosses[crosses.length - 1] + (v === EMPTY ? 1 : 0));
  let next = new Array(n + 2).fill(false); // fit[j + 1][.]
  // fit[k][i]: no filled cell from i on.
  for (let i = n; i >= 0; i -= 1) next[i] = i === n || (line[i] !== FILLED && next[i + 1]);
  for (let j = k - 1; j >= 0; j -= 1) {
    const here = new Array(n + 2).fill(false);
    const run = clue[j];
    for (let i = n - 1; i >= 0; i -= 1) {
      const skip = line[i] !== FILLED && here[i + 1];
      const end = i + run;
      const place = end <= n && crosses[end] === crosses[i] &&
        (end === n ? j === k - 1 : line[end] !== FILLED && next[end + 1]);
      here[i] = skip || place;
    }
    next = here;
  }
  return next[0];
}

/** The line rules of a puzzle's kind: {complete, fits} of (clue, line), colour or not. */
export const rules = (puzzle) => (puzzle.palette
  ? { complete: (clue, line) => sameBlocks(colourRuns(line), clue), fits: colourFits }
  : { complete, fits });

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
