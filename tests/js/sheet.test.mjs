// sheet.js and progress.js without a page: a sheet's undo and redo over random edits, the
// shapes a stroke draws, the undo keys, and the play timer on a clock the test moves.

import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { EMPTY, FILLED, UNKNOWN } from "../../nonogen/service/static/common.js";
import { Sheet, shapeCells, undoKey } from "../../nonogen/service/static/sheet.js";
import { pick, random } from "./seeded.mjs";

/** A board that keeps what was last drawn in each cell, and no page. */
function fakeBoard(width, height) {
  const table = { addEventListener() {}, dispatchEvent() {} };
  return {
    width, height, table, cells: [], cursor: 0, drawn: new Int8Array(width * height),
    draw(i, value) { this.drawn[i] = value; },
    setCursor(i) { this.cursor = i; },
  };
}

test("undo and redo walk back and forth through every step, and a new step ends the redos", () => {
  const draw = random(1);
  for (let round = 0; round < 50; round += 1) {
    const [width, height] = [1 + pick(draw, 8), 1 + pick(draw, 8)];
    const size = width * height;
    const board = fakeBoard(width, height);
    const locked = new Set(Array.from({ length: pick(draw, 3) }, () => pick(draw, size)));
    const mirrored = draw() < 0.3;
    const changes = [];
    const sheet = new Sheet(board, new Int8Array(size).fill(UNKNOWN), {
      crosses: true,
      locked: (i) => locked.has(i),
      changed: (step) => changes.push(step),
      mirror: () => mirrored,
    });
    const states = [Array.from(sheet.values)];
    for (let k = 0; k < 1 + pick(draw, 12); k += 1) {
      const pairs = Array.from({ length: 1 + pick(draw, 4) },
        () => [pick(draw, size), [UNKNOWN, EMPTY, FILLED][pick(draw, 3)]]);
      const before = Array.from(sheet.values);
      const steps = sheet.done.length;
      sheet.apply(pairs);
      for (const i of locked) assert.equal(sheet.values[i], before[i], "a locked cell changed");
      if (mirrored) {
        for (const [i] of pairs) {
          const c = i % width;
          const twin = i - c + (width - 1 - c);
          if (!locked.has(i) && !locked.has(twin)) assert.equal(sheet.values[twin], sheet.values[i]);
        }
      }
      const after = Array.from(sheet.values);
      if (after.some((v, i) => v !== before[i])) assert.equal(sheet.done.length, steps + 1);
      if (sheet.done.length > steps) states.push(after); // a step (it may set a cell and back)
    }
    assert.deepEqual(Array.from(board.drawn), Array.from(sheet.values), "drawn as held");
    for (let k = states.length - 2; k >= 0; k -= 1) {
      assert.ok(sheet.replay(true));
      assert.deepEqual(Array.from(sheet.values), states[k]);
      assert.deepEqual(Array.from(board.drawn), states[k]);
    }
    assert.equal(sheet.replay(true), false, "nothing left to undo");
    for (let k = 1; k < states.length; k += 1) {
      assert.ok(sheet.replay(false));
      assert.deepEqual(Array.from(sheet.values), states[k]);
    }
    assert.equal(sheet.replay(false), false, "nothing left to redo");
    if (states.length > 1) {
      sheet.replay(true);
      const free = Array.from({ length: size }, (_, i) => i).find((i) => !locked.has(i));
      const value = sheet.values[free] === FILLED ? EMPTY : FILLED;
      sheet.apply([[free, value]]);
      assert.equal(sheet.replay(false), false, "a new step ends the redos");
    }
    assert.ok(changes.every((step) => step === null || step.length > 0), "no empty steps told");
  }
});

test("a line from a to b is a connected run of cells with both ends; a rectangle its outline", () => {
  const draw = random(2);
  for (let k = 0; k < 500; k += 1) {
    const width = 1 + pick(draw, 15);
    const height = 1 + pick(draw, 15);
    const [a, b] = [pick(draw, width * height), pick(draw, width * height)];
    const line = shapeCells("free", a, b, width);
    assert.equal(line[0], a);
    assert.equal(line.at(-1), b);
    const at = (i) => [Math.floor(i / width), i % width];
    for (let j = 1; j < line.length; j += 1) {
      const [[r0, c0], [r1, c1]] = [at(line[j - 1]), at(line[j])];
      assert.ok(Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0)) === 1, "a step of one cell");
    }
    const [[ra, ca], [rb, cb]] = [at(a), at(b)];
    assert.equal(line.length, Math.max(Math.abs(ra - rb), Math.abs(ca - cb)) + 1);
    const box = shapeCells("rectangle", a, b, width);
    const [h, w] = [Math.abs(ra - rb) + 1, Math.abs(ca - cb) + 1];
    assert.equal(new Set(box).size, box.length);
    assert.equal(box.length, h === 1 || w === 1 ? h * w : 2 * (h + w) - 4);
  }
});

test("Ctrl or Cmd with Z undoes, with Shift+Z or Y redoes; Alt or no modifier is not a shortcut", () => {
  const key = (k, mods = {}) => undoKey({ key: k, ctrlKey: false, metaKey: false, altKey: false,
    shiftKey: false, ...mods });
  assert.equal(key("z", { ctrlKey: true }), "undo");
  assert.equal(key("Z", { metaKey: true }), "undo");
  assert.equal(key("z", { ctrlKey: true, shiftKey: true }), "redo");
  assert.equal(key("y", { ctrlKey: true }), "redo");
  assert.equal(key("y", { ctrlKey: true, shiftKey: true }), null);
  assert.equal(key("z", { ctrlKey: true, altKey: true }), null);
  assert.equal(key("z"), null);
});

test("the play timer counts while the tab is visible and stops while it is hidden", async () => {
  let now = 0;
  const listeners = [];
  globalThis.document = {
    hidden: false,
    addEventListener: (name, listener) => listeners.push(listener),
  };
  const realPerformance = globalThis.performance;
  Object.defineProperty(globalThis, "performance", { value: { now: () => now }, configurable: true });
  mock.timers.enable({ apis: ["setInterval"] });
  try {
    const { Timer, clock } = await import("../../nonogen/service/static/progress.js");
    let ticks = 0;
    const timer = new Timer(() => { ticks += 1; });
    const pass = (ms) => { now += ms; mock.timers.tick(ms); };
    timer.start(61_000);
    pass(3000);
    assert.equal(timer.ms, 64_000);
    assert.equal(clock(timer.ms), "1:04");
    assert.ok(ticks >= 3, "it ticks every second");
    globalThis.document.hidden = true;
    listeners.forEach((listener) => listener());
    pass(10_000);
    assert.equal(timer.ms, 64_000, "hidden: the clock stands");
    globalThis.document.hidden = false;
    listeners.forEach((listener) => listener());
    pass(1000);
    assert.equal(timer.ms, 65_000);
    timer.stop();
    pass(5000);
    assert.equal(timer.ms, 65_000, "stopped: the clock stands");
    assert.equal(clock(3_723_000), "1:02:03");
  } finally {
    mock.timers.reset();
    Object.defineProperty(globalThis, "performance", { value: realPerformance, configurable: true });
    delete globalThis.document;
  }
});
