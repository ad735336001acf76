// The web page's pure modules, unit-tested with node's own runner (`node --test tests/js`):
// the one line check for both kinds against brute force, clues, palettes and colours.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  clueSpan, colourClues, colourFits, colourRuns, indexClues, inkOn, luminance, normalRgb,
  paletteChars, puzzleOf, sameBlocks,
} from "../../nonogen/service/static/colour.js";
import { EMPTY, FILLED, UNKNOWN, gridClues, lineClue } from "../../nonogen/service/static/common.js";
import {
  blocksOf, brokenLines, lineCells, lineOf, rules,
} from "../../nonogen/service/static/lines.js";
import { random } from "./seeded.mjs";

/** Every full line of n cells over colours 0..colours (0: background). */
function* fullLines(n, colours) {
  const line = new Array(n).fill(0);
  for (;;) {
    yield [...line];
    let i = 0;
    while (i < n && line[i] === colours) { line[i] = 0; i += 1; }
    if (i === n) return;
    line[i] += 1;
  }
}

/** Whether some full line agrees with the marks and has exactly these blocks. */
function bruteFits(blocks, marks, colours) {
  for (const full of fullLines(marks.length, colours)) {
    const agrees = marks.every((m, i) => m === UNKNOWN || m === full[i]);
    if (agrees && sameBlocks(colourRuns(full), blocks)) return true;
  }
  return false;
}

test("the line check agrees with brute force, black and white and colour", () => {
  const draw = random(36);
  let fitting = 0;
  for (let trial = 0; trial < 1500; trial += 1) {
    const n = 1 + Math.floor(draw() * 7);
    const colours = draw() < 0.4 ? 1 : 2;
    const truth = Array.from({ length: n }, () => Math.floor(draw() * (colours + 1)));
    // A clue from a true line, or now and then from another, so both answers occur.
    const other = Array.from({ length: n }, () => Math.floor(draw() * (colours + 1)));
    const blocks = colourRuns(draw() < 0.7 ? truth : other);
    const marks = truth.map((v) => (draw() < 0.5 ? UNKNOWN : v));
    const expected = bruteFits(blocks, marks, colours);
    assert.equal(colourFits(blocks, marks), expected, JSON.stringify({ blocks, marks }));
    if (colours === 1) {
      const runs = blocks.map(([length]) => length);
      assert.equal(rules({ palette: null }).fits(runs, marks), expected);
    }
    fitting += expected ? 1 : 0;
  }
  assert.ok(fitting > 300 && fitting < 1400, `both answers drawn: ${fitting} of 1500 fit`);
});

test("a black-and-white clue is the one-colour case of the colour rules", () => {
  const bw = rules({ palette: null });
  assert.deepEqual(blocksOf({ palette: null }, [2, 1]), [[2, FILLED], [1, FILLED]]);
  assert.equal(bw.complete([2, 1], [FILLED, FILLED, EMPTY, FILLED]), true);
  assert.equal(bw.complete([2, 1], [FILLED, FILLED, UNKNOWN, FILLED]), true);
  assert.equal(bw.complete([3], [FILLED, FILLED, EMPTY, FILLED]), false);
  assert.equal(bw.fits([3], [UNKNOWN, FILLED, UNKNOWN, EMPTY]), true);
  assert.equal(bw.fits([3], [EMPTY, FILLED, UNKNOWN, EMPTY]), false);
  assert.equal(bw.fits([], [EMPTY, UNKNOWN]), true);
  assert.equal(bw.fits([], [FILLED]), false);
  const colour = rules({ palette: [{}, {}, {}] });
  assert.equal(colour.fits([[1, 1], [1, 2]], [UNKNOWN, UNKNOWN]), true); // two colours touch
  assert.equal(colour.fits([[1, 1], [1, 1]], [UNKNOWN, UNKNOWN]), false); // one colour: a gap
});

test("broken lines are found by the clues alone", () => {
  const puzzle = { palette: null, rows: [[1], [2]], cols: [[2], [1]] };
  const values = Int8Array.from([FILLED, FILLED, UNKNOWN, UNKNOWN]);
  assert.deepEqual(brokenLines(puzzle, values), [{ kind: "row", index: 0 }]);
  assert.deepEqual(lineOf(values, 2, 2, "col", 1), [FILLED, UNKNOWN]);
  assert.deepEqual(lineCells(2, 2, "col", 1), [1, 3]);
});

test("clues of grids and lines", () => {
  assert.deepEqual(lineClue([true, true, false, true]), [2, 1]);
  assert.deepEqual(lineClue([]), []);
  assert.deepEqual(gridClues([[true, false], [true, true]]), { rows: [[1], [2]], cols: [[2], [1]] });
  assert.deepEqual(colourRuns([1, 1, 2, 0, 2]), [[2, 1], [1, 2], [1, 2]]);
  assert.deepEqual(colourClues([1, 2, 0, 2], 2, 2), {
    rows: [[[1, 1], [1, 2]], [[1, 2]]],
    cols: [[[1, 1]], [[2, 2]]],
  });
  assert.equal(clueSpan([[2, 1], [1, 1], [1, 2]]), 5);
});

test("palettes: characters, colours and their ink", () => {
  assert.deepEqual(paletteChars(["white", "red", "rose", "blue"]), [".", "r", "1", "b"]);
  assert.equal(normalRgb("#ABC"), "#aabbcc");
  assert.equal(normalRgb("a1b2c3"), "#a1b2c3");
  assert.equal(normalRgb("red"), null);
  assert.ok(Math.abs(luminance("#ffffff") - 1) < 1e-9);
  assert.equal(inkOn("#000000"), "#ffffff");
  assert.equal(inkOn("#ffff00"), "#000000");
  const palette = [{ name: "white", rgb: "#fff" }, { name: "red", rgb: "#d62828" }];
  assert.deepEqual(indexClues([[[2, "red"]]], palette), [[[2, 1]]]);
  assert.throws(() => indexClues([[[2, "blue"]]], palette), /not in the palette/);
  const record = { palette, rows: [[[1, "red"]]], cols: [[[1, "red"]]] };
  assert.equal(puzzleOf(record).palette[0].rgb, "#ffffff");
  assert.deepEqual(puzzleOf({ rows: [[1]], cols: [[1]] }).palette, null);
});
