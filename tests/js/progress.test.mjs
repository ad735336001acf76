// progress.js: the play timer and the saved game, run outside the page. The timer counts only
// while the tab is visible and the game runs; a saved grid comes back as it was, and what
// storage holds that is not a grid of this puzzle is ignored.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

/** The page's globals the module reads: a document that can be hidden, a clock, storage. */
class Page extends EventTarget {
  hidden = false;

  show(visible) {
    this.hidden = !visible;
    this.dispatchEvent(new Event("visibilitychange"));
  }
}

const page = new Page();
let now = 0;
const kept = new Map();
let storageWorks = true;

globalThis.document = page;
Object.defineProperty(globalThis, "performance", { value: { now: () => now }, configurable: true });
globalThis.localStorage = {
  getItem: (key) => {
    if (!storageWorks) throw new Error("storage off");
    return kept.has(key) ? kept.get(key) : null;
  },
  setItem: (key, value) => {
    if (!storageWorks) throw new Error("storage off");
    kept.set(key, String(value));
  },
  removeItem: (key) => {
    if (!storageWorks) throw new Error("storage off");
    kept.delete(key);
  },
};

const { Timer, clock, dropProgress, loadProgress, saveProgress } = await import(
  "../../nonogen/service/static/progress.js"
);

const MONO = { rows: [[1], [2]], cols: [[2], [1]], givens: null, title: "", palette: null };
const COLOUR = {
  rows: [[[1, 1]], [[1, 2], [1, 1]]],
  cols: [[[2, 1]], [[1, 2]]],
  givens: null,
  title: "",
  palette: [
    { name: "white", rgb: "#ffffff" },
    { name: "red", rgb: "#cc0000" },
    { name: "blue", rgb: "#0000cc" },
  ],
};

beforeEach(() => {
  now = 0;
  kept.clear();
  storageWorks = true;
  page.hidden = false;
});

test("the clock reads m:ss under an hour and h:mm:ss over", () => {
  assert.equal(clock(0), "0:00");
  assert.equal(clock(999), "0:00");
  assert.equal(clock(61_000), "1:01");
  assert.equal(clock(3_599_000), "59:59");
  assert.equal(clock(3_723_000), "1:02:03");
});

test("the timer counts only while the game runs and the page is visible", (t) => {
  t.mock.timers.enable({ apis: ["setInterval"] });
  let ticks = 0;
  const timer = new Timer(() => {
    ticks += 1;
  });
  assert.equal(timer.ms, 0);
  now = 1_000;
  timer.start(5_000); // a saved game resumed at 5 s
  now = 4_000;
  assert.equal(timer.ms, 8_000);
  page.show(false); // the tab hidden: the time stops
  now = 60_000;
  assert.equal(timer.ms, 8_000);
  page.show(true);
  now = 61_000;
  assert.equal(timer.ms, 9_000);
  t.mock.timers.tick(3_000); // the display ticks each second while it runs
  assert.ok(ticks >= 3 + 2); // and on each change of visibility
  timer.stop();
  now = 99_000;
  assert.equal(timer.ms, 9_000);
  page.show(false);
  page.show(true);
  assert.equal(timer.ms, 9_000); // a stopped timer does not start again when shown
  assert.equal(timer.running, false);
});

test("a saved game comes back as it was, in either kind", () => {
  saveProgress(MONO, Int8Array.from([1, 0, -1, 1]), 12_345);
  assert.deepEqual(loadProgress(MONO), { values: Int8Array.from([1, 0, -1, 1]), ms: 12_345 });
  saveProgress(COLOUR, Int8Array.from([2, 1, 0, -1]), 7);
  assert.deepEqual(loadProgress(COLOUR), { values: Int8Array.from([2, 1, 0, -1]), ms: 7 });
  assert.equal(loadProgress({ ...MONO, rows: [[2], [2]] }), null); // another puzzle's key
});

test("what storage holds that is not a grid of the puzzle is ignored", () => {
  saveProgress(MONO, Int8Array.from([1, 0, -1, 1]), 5);
  const key = [...kept.keys()][0];
  for (const bad of ['{"cells": "#.", "ms": 1}', '{"cells": 4}', "not json", "null"]) {
    kept.set(key, bad);
    assert.equal(loadProgress(MONO), null, bad);
  }
  kept.set(key, '{"cells": "#9.x", "ms": "soon"}'); // unknown marks are open, no time
  assert.deepEqual(loadProgress(MONO), { values: Int8Array.from([1, -1, 0, -1]), ms: 0 });
  kept.set(key, '{"cells": "2#.?", "ms": 3}'); // colour 2 in a black-and-white game is open
  assert.deepEqual(loadProgress(MONO).values, Int8Array.from([-1, 1, 0, -1]));
});

test("with storage off nothing is kept and nothing fails", () => {
  storageWorks = false;
  saveProgress(MONO, Int8Array.from([1, 0, 0, 1]), 5);
  assert.equal(loadProgress(MONO), null);
  dropProgress(MONO);
  storageWorks = true;
  saveProgress(MONO, Int8Array.from([1, 0, 0, 1]), 5);
  dropProgress(MONO);
  assert.equal(loadProgress(MONO), null);
});
