// hints.js outside the page: a hint record from POST /api/hint (HintAnswer) read as a title,
// a text to show and say, the pairs a step sets (both kinds), and its marks on a board.

import assert from "node:assert/strict";
import { test } from "node:test";

import { EMPTY, FILLED } from "../../nonogen/service/static/common.js";
import {
  HINT_CLASSES, clearHint, drawHint, hintText, hintTitle, stepPairs,
} from "../../nonogen/service/static/hints.js";

/** A step as the API answers it: row 1 of a 4-wide puzzle settles two cells. */
function step(kind = "line", cells = null) {
  return {
    version: 1,
    status: "step",
    reason: "Row 2 (clue 3): its clue alone fills 2 cells.",
    line: { kind: "row", index: 1, clue: [3] },
    cells: cells || [
      { row: 1, col: 1, value: "filled", colour: null },
      { row: 1, col: 3, value: "empty", colour: null },
    ],
    kind,
    probe: null,
  };
}

test("the title says how a step was found, or what else the hint is", () => {
  assert.equal(hintTitle(step("line")), "Next step");
  assert.equal(hintTitle(step("probe")), "Next step, by trying a cell");
  assert.equal(hintTitle(step("search")), "Next step, by search");
  for (const [status, title] of [
    ["mistake", "There is a mistake"], ["solved", "Solved"], ["stuck", "No single step"],
    ["ambiguous", "More than one solution"],
  ]) {
    assert.equal(hintTitle({ ...step(), status, kind: null }), title);
  }
  assert.equal(hintTitle({ status: "whatever" }), "Hint");
});

test("the text is the reason; several solutions also count the cells they differ in", () => {
  assert.equal(hintText(step()), step().reason);
  const one = { ...step(), status: "ambiguous", cells: [{ row: 0, col: 0, value: "either" }] };
  assert.match(hintText(one), /1 highlighted cell differs between two solutions/);
  const two = { ...one, cells: [...one.cells, { row: 0, col: 1, value: "either" }] };
  assert.match(hintText(two), /2 highlighted cells differ between two solutions/);
});

test("a black-and-white step sets its filled and empty cells, by index", () => {
  assert.deepEqual(stepPairs(step(), 4), [[5, FILLED], [7, EMPTY]]);
});

test("a colour step sets each filled cell to its colour's palette index", () => {
  const palette = [{ name: "white" }, { name: "red" }, { name: "green" }];
  const cells = [
    { row: 0, col: 2, value: "filled", colour: "green" },
    { row: 1, col: 0, value: "empty", colour: null },
    { row: 1, col: 1, value: "filled", colour: "red" },
  ];
  assert.deepEqual(stepPairs(step("line", cells), 3, palette), [[2, 2], [3, EMPTY], [4, 1]]);
});

test("only a step can be applied, and only cells it settles to a known value", () => {
  assert.equal(stepPairs({ ...step(), status: "mistake" }, 4), null);
  const either = [{ row: 0, col: 0, value: "either", colour: null }];
  assert.equal(stepPairs(step("line", either), 4), null);
  const unknownColour = [{ row: 0, col: 0, value: "filled", colour: "blue" }];
  assert.equal(stepPairs(step("line", unknownColour), 4, [{ name: "white" }, { name: "red" }]), null);
});

/** A board's cells and clues as the hint marks them: class lists and data, found by class. */
class Element {
  classList = new Set();
  dataset = {};

  constructor() {
    const classes = this.classList;
    classes.remove = (...names) => names.forEach((name) => classes.delete(name));
  }
}

function board(width, height) {
  const cells = Array.from({ length: width * height }, () => new Element());
  const rowClues = Array.from({ length: height }, () => new Element());
  const colClues = Array.from({ length: width }, () => new Element());
  const all = [...cells, ...rowClues, ...colClues];
  return {
    width, height, cells, rowClues, colClues,
    cell: (r, c) => (r < height && c < width ? cells[r * width + c] : undefined),
    clear: (...classes) => all.forEach((el) => el.classList.remove(...classes)),
    table: { querySelectorAll: () => all.filter((el) => "hint" in el.dataset) },
  };
}

test("a hint marks its line, the cells it settles and the cell a probe tried; clearing unmarks", () => {
  const b = board(4, 3);
  const record = {
    ...step("probe"),
    cells: [...step().cells, { row: 9, col: 9, value: "filled" }], // off the board: skipped
    probe: { row: 2, col: 0, tried: "filled", colour: null },
  };
  drawHint(b, record);
  assert.ok(b.rowClues[1].classList.has("hint-line"));
  assert.deepEqual(
    b.cells.map((cell, i) => (cell.classList.has("line-hint") ? i : -1)).filter((i) => i >= 0),
    [4, 5, 6, 7],
  );
  assert.ok(b.cell(1, 1).classList.has("hint-fill"));
  assert.equal(b.cell(1, 1).dataset.hint, "filled");
  assert.ok(b.cell(1, 3).classList.has("hint-empty"));
  assert.ok(b.cell(2, 0).classList.has("hint-probe"));
  clearHint(b);
  for (const el of [...b.cells, ...b.rowClues, ...b.colClues]) {
    assert.deepEqual(HINT_CLASSES.filter((name) => el.classList.has(name)), []);
    assert.equal(el.dataset.hint, undefined);
  }
});

test("a column's hint marks the column and its clue", () => {
  const b = board(3, 4);
  drawHint(b, { ...step(), line: { kind: "col", index: 2, clue: [1] }, cells: [] });
  assert.ok(b.colClues[2].classList.has("hint-line"));
  assert.deepEqual(
    b.cells.map((cell, i) => (cell.classList.has("line-hint") ? i : -1)).filter((i) => i >= 0),
    [2, 5, 8, 11],
  );
});
