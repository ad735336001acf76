// share.js: a puzzle in a link. Its fragments come from anyone, so every fragment either opens
// a puzzle that keeps the page's rules (at most 200 lines a side, every clue fits, givens the
// board's shape) or throws an Error that the page shows; and a shared puzzle opens as it was.

import assert from "node:assert/strict";
import { test } from "node:test";

import { clueSpan, colourClues } from "../../nonogen/service/static/colour.js";
import { gridClues } from "../../nonogen/service/static/common.js";
import { fromFragment, puzzleKey, shareFragment } from "../../nonogen/service/static/share.js";
import { pick, random } from "./seeded.mjs";

const MAX_SIDE = 200;

/** A random black-and-white puzzle with givens and a title (some in other scripts). */
function monoPuzzle(draw) {
  const height = 1 + pick(draw, 12);
  const width = 1 + pick(draw, 12);
  const grid = Array.from({ length: height }, () => Array.from({ length: width }, () => draw() < 0.5));
  const { rows, cols } = gridClues(grid);
  const givens = draw() < 0.5 ? null : grid.map((row) => row.map(
    (cell) => (draw() < 0.7 ? "?" : cell ? "#" : ".")).join(""));
  const titles = ["", "heart", "a/b/c", "Ελληνικά", "日本語 / 漢字", "🧩 puzzle"];
  return { rows, cols, givens, title: titles[pick(draw, titles.length)], palette: null };
}

/** A random colour puzzle of 1-8 colours on white. */
function colourPuzzle(draw) {
  const count = 1 + pick(draw, 8);
  const palette = [{ name: "white", rgb: "#ffffff" }];
  for (let k = 1; k <= count; k += 1) {
    const hex = Array.from({ length: 3 }, () => pick(draw, 256).toString(16).padStart(2, "0"));
    palette.push({ name: `colour ${k}`, rgb: `#${hex.join("")}` });
  }
  const height = 1 + pick(draw, 10);
  const width = 1 + pick(draw, 10);
  const values = Array.from({ length: height * width }, () => pick(draw, count + 1));
  const { rows, cols } = colourClues(values, width, height);
  return { rows, cols, givens: null, title: draw() < 0.5 ? "" : "tiger", palette };
}

/** What a page may rely on in any puzzle a fragment opens. */
function assertPlayable(puzzle) {
  const { rows, cols, givens, palette } = puzzle;
  assert.ok(Array.isArray(rows) && Array.isArray(cols));
  assert.ok(rows.length >= 1 && rows.length <= MAX_SIDE, `rows: ${rows.length}`);
  assert.ok(cols.length >= 1 && cols.length <= MAX_SIDE, `cols: ${cols.length}`);
  const span = palette ? clueSpan : (clue) => clue.reduce((a, b) => a + b, 0) + clue.length - 1;
  for (const [lines, length] of [[rows, cols.length], [cols, rows.length]]) {
    for (const clue of lines) {
      assert.ok(clue.length === 0 || span(clue) <= length, `a clue past ${length} cells`);
      for (const block of clue) {
        const [n, colour] = palette ? block : [block, 1];
        assert.ok(Number.isInteger(n) && n >= 1);
        assert.ok(Number.isInteger(colour) && colour >= 1 && colour < (palette ? palette.length : 2));
      }
    }
  }
  if (givens && !palette) {
    assert.equal(givens.length, rows.length);
    for (const row of givens) assert.match(row, new RegExp(`^[?#.]{${cols.length}}$`));
  }
  if (palette) {
    assert.ok(palette.length >= 2 && palette.length <= 9);
    for (const { rgb } of palette) assert.match(rgb, /^#[0-9a-f]{6}$/);
  }
  assert.equal(typeof puzzle.title, "string");
}

/** The fragment's puzzle, or the Error it throws (any other throw fails the test). */
function opened(fragment) {
  try {
    return fromFragment(fragment);
  } catch (error) {
    assert.ok(error instanceof Error, `threw ${error}`);
    return error;
  }
}

const encoded = (text) => Buffer.from(text, "utf8").toString("base64url");

test("a shared black-and-white puzzle opens as it was, givens and title too", () => {
  const draw = random(1);
  for (let k = 0; k < 300; k += 1) {
    const puzzle = monoPuzzle(draw);
    const back = fromFragment(`#${shareFragment(puzzle)}`);
    assert.deepEqual(back, puzzle);
    assertPlayable(back);
  }
});

test("a shared colour puzzle opens as it was, palette and clues by index", () => {
  const draw = random(2);
  for (let k = 0; k < 300; k += 1) {
    const puzzle = colourPuzzle(draw);
    const back = fromFragment(shareFragment(puzzle));
    assert.deepEqual(back.rows, puzzle.rows);
    assert.deepEqual(back.cols, puzzle.cols);
    assert.deepEqual(back.palette.map(({ name, rgb }) => [name, rgb]),
      puzzle.palette.map(({ name, rgb }) => [name, rgb]));
    assert.equal(back.title, puzzle.title);
    assertPlayable(back);
  }
});

test("the saved progress's key follows the clues, not the title", () => {
  const draw = random(3);
  const puzzle = monoPuzzle(draw);
  assert.equal(puzzleKey(puzzle), puzzleKey({ ...puzzle, title: "another" }));
  assert.match(puzzleKey(puzzle), /^nonogen:play:[0-9a-f]{8}$/);
  const other = { ...puzzle, rows: [...puzzle.rows.slice(1), [1]] };
  assert.notEqual(puzzleKey(other), puzzleKey(puzzle));
});

test("a link that breaks a rule is refused with what is wrong", () => {
  const cases = [
    ["#x=abc", /expected a puzzle link/],
    ["#p=" + encoded("1,1"), /expected row and column clues/],
    ["#p=" + encoded("3/1,1"), /does not fit in 2 cells/],
    ["#p=" + encoded("1/1.x"), /expected runs of whole numbers/],
    ["#p=" + encoded("0/1"), /expected runs of whole numbers/],
    ["#p=" + encoded(`${"1,".repeat(MAX_SIDE)}1/1`), /expected 1-200 lines/],
    ["#p=" + encoded("1/1/##/"), /expected one row of \?, # and \./],
    ["#p=" + encoded("1/1/x/"), /expected one row of \?, # and \./],
    ["#c=" + encoded(JSON.stringify({ p: [["white", "ffffff"]], r: [[]], c: [[]] })), /palette of 2-9/],
    ["#c=" + encoded(JSON.stringify({ p: [["a", "ffffff"], ["a", "000000"]], r: [[]], c: [[]] })),
      /distinct colour names/],
    ["#c=" + encoded(JSON.stringify({ p: [["a", "ffffff"], ["b", "nothex"]], r: [[]], c: [[]] })),
      /distinct colour names/],
    ["#c=" + encoded(JSON.stringify({ p: [["a", "ffffff"], ["b", "000000"]], r: [[1, 2]], c: [[1, 1]] })),
      /expected blocks of \[length, colour\]/],
    ["#c=" + encoded(JSON.stringify({ p: [["a", "ffffff"], ["b", "000000"]], r: [[3, 1]], c: [[1, 1]] })),
      /does not fit in 1 cells/],
    ["#c=" + encoded(JSON.stringify({ p: [["a", "ffffff"], ["b", "000000"]], r: [], c: [[1, 1]] })),
      /expected 1-200 lines/],
  ];
  for (const [fragment, words] of cases) {
    assert.throws(() => fromFragment(fragment), (error) => error instanceof Error && words.test(error.message),
      fragment);
  }
});

test("any fragment opens a playable puzzle or throws an Error, never anything else", () => {
  const draw = random(4);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const texts = "0123456789.,/#?x {}[]\":-pcrgt";
  let opens = 0;
  for (let k = 0; k < 3000; k += 1) {
    let fragment;
    const kind = k % 3;
    if (kind === 0) { // random base64url
      const length = 1 + pick(draw, 80);
      fragment = `#${draw() < 0.5 ? "p" : "c"}=${Array.from({ length }, () => alphabet[pick(draw, 64)]).join("")}`;
    } else if (kind === 1) { // random text in the black-and-white grammar's alphabet
      const length = 1 + pick(draw, 60);
      fragment = `#p=${encoded(Array.from({ length }, () => texts[pick(draw, texts.length)]).join(""))}`;
    } else { // a valid link with its decoded text mutated
      const puzzle = draw() < 0.5 ? monoPuzzle(draw) : colourPuzzle(draw);
      const [head, code] = shareFragment(puzzle).split("=");
      const text = [...Buffer.from(code, "base64url").toString("utf8")];
      for (let m = 0; m < 1 + pick(draw, 3); m += 1) {
        text[pick(draw, text.length)] = texts[pick(draw, texts.length)];
      }
      fragment = `#${head}=${encoded(text.join(""))}`;
    }
    const result = opened(fragment);
    if (!(result instanceof Error)) {
      assertPlayable(result);
      opens += 1;
    }
  }
  assert.ok(opens > 50, `only ${opens} fragments opened: the mutations test little`);
});
