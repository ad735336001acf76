// strokes.js outside the page: pointer events on a stand-in board of 10-pixel cells. A stroke
// visits every cell it crosses, however far one move jumps, locked to the row or column of
// its first move; a free stroke visits the cell under the pointer; a second finger turns the
// stroke into a pinch that zooms and scrolls the board.

import assert from "node:assert/strict";
import { test } from "node:test";

import { listen } from "../../nonogen/service/static/strokes.js";

const SIDE = 10;

/** A board of width x height cells, SIDE pixels each from the page's origin. */
function board(width, height) {
  const table = new EventTarget();
  table.contains = () => true;
  table.setPointerCapture = () => {};
  const cells = [];
  for (let r = 0; r < height; r += 1) {
    for (let c = 0; c < width; c += 1) {
      const rect = { left: c * SIDE, right: (c + 1) * SIDE, top: r * SIDE, bottom: (r + 1) * SIDE };
      const td = { dataset: { r: String(r), c: String(c) }, getBoundingClientRect: () => rect };
      td.closest = () => td;
      cells.push(td);
    }
  }
  const zooms = [];
  const host = {
    scrollLeft: 0, scrollTop: 0, getBoundingClientRect: () => ({ left: 0, top: 0 }),
  };
  return {
    width, height, table, host, zoom: 1, zooms,
    cell: (r, c) => cells[r * width + c],
    cellAt: (i) => cells[i],
    setZoom(zoom, x, y) {
      this.zoom = zoom;
      zooms.push([zoom, x, y]);
    },
  };
}

/** What the listeners were told, in order. */
function listened(b, { free = false, starts = () => true } = {}) {
  const told = [];
  listen(b, {
    start: (i) => starts(i),
    visit: (i) => told.push(i),
    end: () => told.push("end"),
    cancel: () => told.push("cancel"),
    zoomed: () => told.push("zoomed"),
    free: () => free,
  });
  return told;
}

/** A pointer event of this type at (x, y), over the cell there (or the given target). */
function pointer(b, type, x, y, { id = 1, touch = false, target = null } = {}) {
  const event = new Event(type, { cancelable: true });
  const [r, c] = [Math.floor(y / SIDE), Math.floor(x / SIDE)];
  const over = target || b.cell(Math.min(r, b.height - 1), Math.min(c, b.width - 1));
  Object.assign(event, { clientX: x, clientY: y, pointerId: id });
  Object.assign(event, { pointerType: touch ? "touch" : "mouse" });
  Object.defineProperty(event, "target", { value: over }); // an Event's own is read-only
  b.table.dispatchEvent(event);
  return event;
}

test("a fast drag along a row visits every cell it crosses, locked to the row", () => {
  const b = board(6, 4);
  const told = listened(b);
  pointer(b, "pointerdown", 5, 15); // cell (1, 0)
  pointer(b, "pointermove", 55, 18); // jumps to column 5 in one move
  pointer(b, "pointermove", 25, 35); // back to column 2, drifting down a row: still row 1
  pointer(b, "pointerup", 25, 35);
  assert.deepEqual(told, [6, 7, 8, 9, 10, 11, 10, 9, 8, "end"]);
});

test("a stroke whose first move is mostly down is locked to its column", () => {
  const b = board(4, 5);
  const told = listened(b);
  pointer(b, "pointerdown", 15, 5); // cell (0, 1)
  pointer(b, "pointermove", 17, 9); // still its first cell: nothing yet
  pointer(b, "pointermove", 28, 45); // (4, 2): more down than across
  pointer(b, "pointerup", 28, 45);
  assert.deepEqual(told, [1, 5, 9, 13, 17, "end"]);
});

test("a free stroke visits the cell under the pointer, wherever it goes", () => {
  const b = board(4, 4);
  const told = listened(b, { free: true });
  pointer(b, "pointerdown", 5, 5);
  pointer(b, "pointermove", 35, 35);
  pointer(b, "pointermove", 36, 36); // the same cell: not visited again
  pointer(b, "pointermove", 5, 25);
  pointer(b, "pointerup", 5, 25);
  assert.deepEqual(told, [0, 15, 8, "end"]);
});

test("a stroke the page does not start, or another pointer's moves, paint nothing", () => {
  const b = board(4, 4);
  const told = listened(b, { starts: (i) => i !== 0 });
  pointer(b, "pointerdown", 5, 5);
  pointer(b, "pointermove", 35, 5);
  pointer(b, "pointerup", 35, 5);
  pointer(b, "pointerdown", 15, 5, { id: 1 });
  pointer(b, "pointermove", 35, 5, { id: 2 });
  pointer(b, "pointerup", 15, 5, { id: 1 });
  assert.deepEqual(told, [1, "end"]);
});

test("a cancelled pointer cancels its stroke", () => {
  const b = board(4, 4);
  const told = listened(b);
  pointer(b, "pointerdown", 5, 5);
  pointer(b, "pointermove", 25, 5);
  pointer(b, "pointercancel", 25, 5);
  assert.deepEqual(told, [0, 1, 2, "cancel"]);
});

test("a second finger turns the stroke into a pinch that zooms by the fingers' spread", () => {
  const b = board(8, 8);
  const told = listened(b);
  pointer(b, "pointerdown", 20, 20, { id: 1, touch: true });
  pointer(b, "pointerdown", 40, 20, { id: 2, touch: true }); // 20 px apart
  pointer(b, "pointermove", 60, 20, { id: 2, touch: true }); // 40 px apart: twice the zoom
  assert.deepEqual(told, [18, "cancel", "zoomed"]); // cell (2, 2), then the pinch
  assert.deepEqual(b.zooms, [[2, 40, 20]]);
  assert.equal(b.host.scrollLeft, -10); // the midpoint moved 10 px right: the board follows
  pointer(b, "pointerup", 60, 20, { id: 2, touch: true });
  pointer(b, "pointerup", 20, 20, { id: 1, touch: true });
  pointer(b, "pointerdown", 5, 5);
  pointer(b, "pointerup", 5, 5);
  assert.deepEqual(told.slice(3), [0, "end"]); // after both fingers lift, strokes again
});
