// A sheet: the values of a board's cells, their undo history, and the input that changes them
// (pointer strokes from strokes.js and the keyboard). Edit and Play each keep one.

import { EMPTY, FILLED, UNKNOWN } from "./common.js";
import { listen } from "./strokes.js";

const MOVES = {
  ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
};

/** Whether a key event is the undo or redo shortcut: "undo", "redo" or null. */
export function undoKey(event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  if (key === "y" && !event.shiftKey) return "redo";
  return null;
}

/**
 * The cells of a shape from cell a to cell b of a grid ``width`` wide: a straight line
 * (Bresenham's), or a rectangle's outline with a and b at opposite corners.
 */
export function shapeCells(shape, a, b, width) {
  const [r0, c0, r1, c1] = [Math.floor(a / width), a % width, Math.floor(b / width), b % width];
  const cells = [];
  if (shape === "rectangle") {
    const [top, bottom] = [Math.min(r0, r1), Math.max(r0, r1)];
    const [left, right] = [Math.min(c0, c1), Math.max(c0, c1)];
    for (let r = top; r <= bottom; r += 1) {
      for (let c = left; c <= right; c += 1) {
        if (r === top || r === bottom || c === left || c === right) cells.push(r * width + c);
      }
    }
    return cells;
  }
  const [dr, dc] = [Math.abs(r1 - r0), Math.abs(c1 - c0)];
  const [sr, sc] = [r0 < r1 ? 1 : -1, c0 < c1 ? 1 : -1];
  let [r, c, error] = [r0, c0, dc - dr];
  for (;;) {
    cells.push(r * width + c);
    if (r === r1 && c === c1) return cells;
    const twice = 2 * error;
    if (twice > -dr) { error -= dr; c += sc; }
    if (twice < dc) { error += dc; r += sr; }
  }
}

export class Sheet {
  /**
   * values: an Int8Array of UNKNOWN, EMPTY, FILLED; crosses: whether EMPTY is a mark (Play)
   * or the same as clearing (Edit); locked(i): a cell the player cannot change; given(i): a
   * cell drawn as given (by default the locked ones); tool(): the
   * mark a primary press makes; changed(step): after every change, with the step's
   * [i, before, after] triples (the step may be extended); moved(): after the cursor moves;
   * mirror(): whether every change is made in the cell mirrored left to right too (Edit).
   */
  constructor(board, values, {
    crosses, locked = () => false, given = locked, tool, changed, mirror = () => false,
    shape = () => "free",
  }) {
    this.board = board;
    this.values = values;
    this.crosses = crosses;
    this.locked = locked;
    this.given = given;
    this.tool = tool || (() => FILLED);
    this.changed = changed;
    this.mirror = mirror;
    this.shape = shape;
    this.origin = null; // where a line or rectangle stroke started
    this.done = [];
    this.undone = [];
    this.step = null;
    this.from = null; // the value of the stroke's first cell: the stroke changes only those
    this.paint = null;
    this.redraw();
    this.listen();
  }

  /** The value a mark key or press makes of cell i: the mark, or clear if it is there. */
  toggled(i, mark) {
    const value = this.crosses || mark !== EMPTY ? mark : UNKNOWN;
    return this.values[i] === value ? UNKNOWN : value;
  }

  set(i, value) {
    this.setOne(i, value);
    if (this.mirror()) {
      const { width } = this.board;
      const c = i % width;
      this.setOne(i - c + (width - 1 - c), value);
    }
  }

  setOne(i, value) {
    if (this.locked(i) || this.values[i] === value) return;
    this.step.push([i, this.values[i], value]);
    this.values[i] = value;
    this.board.draw(i, value, this.given(i));
  }

  /** Take back the changes of the step being made (it stays open). */
  undoStep() {
    for (const [i, before] of this.step.reverse()) {
      this.values[i] = before;
      this.board.draw(i, before, this.given(i));
    }
    this.step = [];
  }

  /** Draw every cell again (after the given cells changed). */
  redraw() {
    this.values.forEach((v, i) => this.board.draw(i, v, this.given(i)));
  }

  /** Apply [i, value] pairs as one undoable step (or as part of the step being made). */
  apply(pairs) {
    const own = this.step === null;
    if (own) this.step = [];
    for (const [i, value] of pairs) this.set(i, value);
    if (own) this.commit();
  }

  /** Close the step being made: record it and tell the panel. */
  commit() {
    const step = this.step;
    if (step && step.length) {
      this.undone = [];
      this.done.push(step);
      this.changed(step); // what the panel applies now (an auto-cross) joins this step
    }
    this.step = null;
  }

  /** Undo (back = true) or redo the last step. */
  replay(back) {
    const step = (back ? this.done : this.undone).pop();
    if (!step) return false;
    const order = back ? [...step].reverse() : step;
    for (const [i, before, after] of order) {
      this.values[i] = back ? before : after;
      this.board.draw(i, this.values[i], this.given(i));
    }
    (back ? this.undone : this.done).push(step);
    this.changed(null);
    return true;
  }

  /** Forget the history (a new puzzle, a restart). */
  forget() {
    this.done = [];
    this.undone = [];
  }

  listen() {
    listen(this.board, {
      start: (i, event) => {
        if (this.locked(i)) return false;
        const mark = event.button === 2 ? EMPTY : this.tool();
        this.from = this.values[i];
        this.paint = this.toggled(i, mark);
        this.step = [];
        this.origin = this.shape() === "free" ? null : i;
        this.board.setCursor(i, false);
        return true;
      },
      visit: (i) => {
        if (this.origin !== null) {
          this.undoStep(); // the shape so far goes: it is drawn again to this cell
          for (const cell of shapeCells(this.shape(), this.origin, i, this.board.width)) {
            this.set(cell, this.paint);
          }
        } else if (this.values[i] === this.from) {
          this.set(i, this.paint);
        }
      },
      end: () => this.commit(),
      cancel: () => {
        this.undoStep();
        this.step = null;
      },
      zoomed: () => this.board.table.dispatchEvent(new CustomEvent("zoomed", { bubbles: true })),
      free: () => this.shape() !== "free",
    });
    this.board.table.addEventListener("keydown", (event) => this.key(event));
    this.board.table.addEventListener("focusin", (event) => {
      const td = event.target.closest("td.cell");
      if (td) this.board.setCursor(this.board.cells.indexOf(td), false);
    });
  }

  /** Arrows move the cursor (Shift carries the cell's mark along); keys mark the cell. */
  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { board } = this;
    const i = board.cursor;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (MOVES[key] || key === "Home" || key === "End") {
      let [r, c] = [Math.floor(i / board.width), i % board.width];
      if (MOVES[key]) {
        r = Math.max(0, Math.min(board.height - 1, r + MOVES[key][0]));
        c = Math.max(0, Math.min(board.width - 1, c + MOVES[key][1]));
      } else {
        c = key === "Home" ? 0 : board.width - 1;
      }
      const next = r * board.width + c;
      if (event.shiftKey && next !== i) this.apply([[next, this.values[i]]]);
      board.setCursor(next, true);
    } else if (key === " " || key === "Enter" || key === "f") {
      const tool = this.tool(); // the chosen colour, or the first when crossing
      this.apply([[i, this.toggled(i, tool > 0 ? tool : FILLED)]]);
    } else if (key === "x") {
      this.apply([[i, this.toggled(i, EMPTY)]]);
    } else if (key === "Delete" || key === "Backspace" || key === "c") {
      this.apply([[i, UNKNOWN]]);
    } else {
      return;
    }
    event.preventDefault();
  }
}
