// Hints from POST /api/hint drawn on a board: the line it reasons on, the cells it settles
// (or, for a puzzle with several solutions from here, the cells two solutions differ in),
// and the cell a probing step tried.

import { EMPTY, FILLED } from "./common.js";
import { lineCells } from "./lines.js";

export const HINT_CLASSES = [
  "hint-fill", "hint-empty", "hint-either", "hint-probe", "line-hint", "hint-line",
];

const TITLES = {
  step: "Next step",
  probe: "Next step, by trying a cell",
  search: "Next step, by search",
  mistake: "There is a mistake",
  solved: "Solved",
  stuck: "No single step",
  ambiguous: "More than one solution",
  error: "No hint",
};

const CELL_CLASS = { filled: "hint-fill", empty: "hint-empty", either: "hint-either" };

/** The hint box's title for a hint record. */
export function hintTitle(record) {
  const key = record.status === "step" && TITLES[record.kind] ? record.kind : record.status;
  return TITLES[key] || "Hint";
}

/** The text to show and say for a hint record. */
export function hintText(record) {
  if (record.status !== "ambiguous") return record.reason;
  const count = record.cells.length;
  return `${record.reason} ${count} highlighted ${count === 1 ? "cell differs" : "cells differ"}` +
    " between two solutions: either way is right, as long as every line fits its clue.";
}

/** Mark a hint on the board (the classes in HINT_CLASSES). */
export function drawHint(board, record) {
  if (record.line) {
    const { kind, index } = record.line;
    (kind === "row" ? board.rowClues : board.colClues)[index].classList.add("hint-line");
    for (const i of lineCells(board.width, board.height, kind, index)) {
      board.cells[i].classList.add("line-hint");
    }
  }
  for (const { row, col, value } of record.cells || []) {
    const cell = board.cell(row, col);
    if (cell) {
      cell.classList.add(CELL_CLASS[value] || "hint-either");
      cell.dataset.hint = value;
    }
  }
  const probe = record.probe;
  const tried = probe ? board.cell(probe.row, probe.col) : null;
  if (tried) tried.classList.add("hint-probe");
}

/** Remove a hint's marks. */
export function clearHint(board) {
  board.clear(...HINT_CLASSES);
  for (const cell of board.table.querySelectorAll("[data-hint]")) delete cell.dataset.hint;
}

/** The value a hint's cell gives: EMPTY, FILLED, or a colour puzzle's palette index. */
function cellValue({ value, colour }, palette) {
  if (value !== "filled") return EMPTY;
  if (!palette) return FILLED;
  const at = palette.findIndex(({ name }) => name === colour);
  return at > 0 ? at : null;
}

/** The [index, value] pairs a step sets, or null when the record is not an applicable step. */
export function stepPairs(record, width, palette = null) {
  if (record.status !== "step") return null;
  const pairs = record.cells
    .filter(({ value }) => value === "filled" || value === "empty")
    .map((cell) => [cell.row * width + cell.col, cellValue(cell, palette)])
    .filter(([, value]) => value !== null);
  return pairs.length ? pairs : null;
}
