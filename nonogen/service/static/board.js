// The board view: a table with column clues on top, row clues on the left and width x height
// cells, as an ARIA grid (labelled cells and clues, one focusable cursor cell), sized to fit
// its scroll container and zoomable. It only draws; sheet.js holds the values.

import { FILLED, EMPTY } from "./common.js";
import { inkOn, isPale } from "./colour.js";

const MIN_CELL = 8; // clue digits stay 9 px (th: 0.55 of a cell, 9 px at least)
const WIDE_CELL = 9; // the least cell a two-digit column clue fits, squeezed, without merging
const WIDE_EM = 1.23; // a two-digit number's width in ems (its letters drawn closer: style.css)
const MAX_CELL = 64;
const TOUCH_CELL = 28; // a comfortable finger target, reached by zooming in
export const ZOOM_STEP = 1.3;

const STATE = { [FILLED]: "filled", [EMPTY]: "crossed" };
const WORD = { filled: "filled", crossed: "crossed", open: "empty" };

/** The words a screen reader says for a clue: "1 2 5" ("2 red 1 cream"), or "0" for none. */
function clueWords(clue, palette) {
  if (!clue.length) return "0";
  return palette ? clue.map(([n, c]) => `${n} ${palette[c].name}`).join(", ") : clue.join(" ");
}

/** The spans of a clue: its numbers, each on a box of its colour in a colour puzzle. */
function clueSpans(clue, palette) {
  if (!clue.length) clue = palette ? [[0, 0]] : [0];
  return clue.map((item) => {
    const span = document.createElement("span");
    const n = String(palette ? item[0] : item);
    span.textContent = n;
    if (n.length > 1) span.className = "wide"; // narrower, to fit a column
    if (palette && item[0] > 0) paint(span, palette[item[1]].rgb, "swatch");
    return span;
  });
}

/** Give an element a colour (the CSS custom properties --paint and --on-paint). */
export function paint(el, rgb, kind) {
  el.classList.add(kind);
  el.classList.toggle("pale", isPale(rgb));
  el.style.setProperty("--paint", rgb);
  el.style.setProperty("--on-paint", inkOn(rgb));
}

/**
 * A board. Each cell has data-r, data-c, data-state and data-testid `${prefix}-cell-r-c`;
 * clues have `${prefix}-row-clue-r` and `${prefix}-col-clue-c`.
 */
export class Board {
  /** palette: null for black and white, else [{name, rgb, char}] with the background first. */
  constructor(host, prefix, width, height, label, palette = null) {
    this.host = host;
    this.palette = palette;
    this.prefix = prefix;
    this.width = width;
    this.height = height;
    this.cells = [];
    this.rowClues = [];
    this.colClues = [];
    this.cursor = 0;
    this.zoom = 1;
    this.fit = 24;
    this.table = document.createElement("table");
    this.table.className = "board";
    this.table.dataset.testid = `${prefix}-table`;
    this.table.setAttribute("role", "grid");
    this.table.setAttribute("aria-label", `${label}, ${width} columns by ${height} rows`);
    this.table.setAttribute("aria-rowcount", String(height + 1));
    this.table.setAttribute("aria-colcount", String(width + 1));
    this.build();
    // Shown on the first setClues, when the clues are known: sized to fit before it is in the
    // page, so that the browser lays a large board out once, not once per trial size.
    this.setCursor(0, false);
  }

  build() {
    const headRow = this.table.createTHead().insertRow();
    headRow.setAttribute("role", "row");
    const corner = document.createElement("th");
    corner.className = "corner";
    corner.setAttribute("role", "columnheader");
    corner.innerHTML = '<span class="visually-hidden">Row clues</span>';
    headRow.append(corner);
    for (let c = 0; c < this.width; c += 1) {
      const th = document.createElement("th");
      th.className = "clue col-clue";
      th.setAttribute("role", "columnheader");
      th.dataset.testid = `${this.prefix}-col-clue-${c}`;
      headRow.append(th);
      this.colClues.push(th);
    }
    const body = this.table.createTBody();
    for (let r = 0; r < this.height; r += 1) {
      const row = body.insertRow();
      row.setAttribute("role", "row");
      const th = document.createElement("th");
      th.className = "clue row-clue";
      th.setAttribute("role", "rowheader");
      th.dataset.testid = `${this.prefix}-row-clue-${r}`;
      row.append(th);
      this.rowClues.push(th);
      for (let c = 0; c < this.width; c += 1) row.append(this.newCell(r, c));
    }
  }

  newCell(r, c) {
    const td = document.createElement("td");
    td.className = "cell";
    td.setAttribute("role", "gridcell");
    td.tabIndex = -1;
    if (c === 0) td.classList.add("first");
    if ((c + 1) % 5 === 0 && c < this.width - 1) td.classList.add("edge-right");
    if ((r + 1) % 5 === 0 && r < this.height - 1) td.classList.add("edge-bottom");
    td.dataset.r = r;
    td.dataset.c = c;
    td.dataset.state = "open";
    td.dataset.testid = `${this.prefix}-cell-${r}-${c}`;
    td.setAttribute("aria-label", `Row ${r + 1}, column ${c + 1}, empty`);
    this.cells.push(td);
    return td;
  }

  cell(r, c) {
    return this.cells[r * this.width + c];
  }

  /** Draw cell i as a value (FILLED, EMPTY or open); given cells say so. */
  draw(i, value, given = false) {
    const td = this.cells[i];
    const colour = this.palette && value > 0 ? this.palette[value] : null;
    const state = colour ? "filled" : STATE[value] || "open";
    const name = colour ? colour.name : "";
    if (td.dataset.state === state && td.classList.contains("given") === given &&
      (td.dataset.colour || "") === name) return;
    td.dataset.state = state;
    td.classList.toggle("filled", state === "filled");
    td.classList.toggle("crossed", state === "crossed");
    td.classList.toggle("given", given);
    if (colour) {
      td.dataset.colour = name;
      paint(td, colour.rgb, "painted");
    } else if (td.dataset.colour !== undefined) {
      delete td.dataset.colour;
      td.classList.remove("painted", "pale");
    }
    const r = Math.floor(i / this.width);
    const c = i % this.width;
    const extra = given ? ", given" : "";
    td.setAttribute("aria-label", `Row ${r + 1}, column ${c + 1}, ${name || WORD[state]}${extra}`);
  }

  /** Show the clues; done(kind, index) says whether a line is complete. */
  setClues(rows, cols, done = () => false) {
    const fill = (th, clue, name) => {
      const text = clueWords(clue, this.palette);
      if (th.dataset.words !== text) {
        th.dataset.words = text;
        th.dataset.clue = clue.length ? clue.map((item) => (this.palette ? item[0] : item))
          .join(" ") : "0";
        th.replaceChildren(...clueSpans(clue, this.palette));
      }
      const complete = done(name === "Row" ? "row" : "col", Number(th.dataset.index));
      th.classList.toggle("done", complete);
      th.setAttribute("aria-label", `${name} ${Number(th.dataset.index) + 1} clue ${text}` +
        (complete ? ", complete" : ""));
    };
    rows.forEach((clue, r) => {
      this.rowClues[r].dataset.index = r;
      fill(this.rowClues[r], clue, "Row");
    });
    cols.forEach((clue, c) => {
      this.colClues[c].dataset.index = c;
      fill(this.colClues[c], clue, "Column");
    });
    if (!this.table.isConnected) {
      this.fitWidth();
      this.host.replaceChildren(this.table);
    }
  }

  /** Remove classes from every cell and clue. */
  clear(...classes) {
    for (const el of this.table.querySelectorAll(classes.map((name) => `.${name}`).join(","))) {
      el.classList.remove(...classes);
    }
  }

  /** Move the keyboard cursor to cell i (the one cell in the tab order); focus it if asked. */
  setCursor(i, focus = true) {
    const old = this.cells[this.cursor];
    if (old) {
      old.tabIndex = -1;
      old.removeAttribute("aria-selected");
      old.classList.remove("cursor");
    }
    this.cursor = Math.max(0, Math.min(this.cells.length - 1, i));
    const td = this.cells[this.cursor];
    if (!td) return;
    td.tabIndex = 0;
    td.setAttribute("aria-selected", "true");
    td.classList.add("cursor");
    if (focus && td.isConnected) {
      td.focus({ preventScroll: true });
      td.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }

  /** The cell size in pixels. */
  get cellSize() {
    return Math.round(Math.max(MIN_CELL, Math.min(MAX_CELL, this.fit * this.zoom)));
  }

  /** Set the zoom (1 fits the width), keeping the point (x, y) of the host where it is. */
  setZoom(zoom, x = this.host.clientWidth / 2, y = this.host.clientHeight / 2) {
    const before = this.cellSize;
    const most = Math.max(MAX_CELL, TOUCH_CELL) / this.fit;
    this.zoom = Math.max(MIN_CELL / this.fit, Math.min(most, zoom));
    const ratio = this.cellSize / before;
    const left = this.host.scrollLeft;
    const top = this.host.scrollTop;
    this.sized(this.cellSize);
    this.host.scrollLeft = (left + x) * ratio - x;
    this.host.scrollTop = (top + y) * ratio - y;
  }

  /** Draw the cells at `size` px: a two-digit column clue squeezed across (never taller or
   * shorter) to the cell's width, so that it never runs into its neighbour. */
  sized(size) {
    const digits = Math.max(9, 0.55 * size);
    const squeeze = Math.min(1, (size - 1) / (WIDE_EM * digits));
    this.table.style.setProperty("--cell", `${size}px`);
    this.table.style.setProperty("--squeeze", squeeze.toFixed(3));
    this.table.dataset.cell = String(size);
  }

  /** Whether zooming in or out can go any further. */
  canZoom(direction) {
    const size = this.cellSize;
    return direction > 0 ? size < Math.max(MAX_CELL, TOUCH_CELL) : size > MIN_CELL;
  }

  /** Fit the host's width again (shown, resized), keeping the zoom. */
  refit() {
    if (this.host.clientWidth - 4 === this.room) return;
    const zoom = this.zoom;
    this.fitWidth();
    if (zoom !== 1) this.setZoom(zoom);
  }

  /** Whether a column clue has a number of two digits or more. */
  twoDigits() {
    return this.colClues.some((th) => (th.dataset.clue || "").split(" ").some((n) => n.length > 1));
  }

  /** The width of the widest row clue at a cell size: a one-cell table measured aside. */
  clueWidth(size) {
    const weight = (text) => text.length + 0.75 * text.split(" ").length;
    const texts = this.rowClues.map((th) => th.dataset.clue || "0");
    const widest = texts.reduce((a, b) => (weight(b) > weight(a) ? b : a), "0");
    const probe = document.createElement("table");
    probe.className = "board";
    probe.style.setProperty("--cell", `${size}px`);
    const th = probe.createTBody().insertRow().appendChild(document.createElement("th"));
    th.className = "clue row-clue";
    const numbers = widest.split(" ").map(Number);
    th.append(...clueSpans(this.palette ? numbers.map((n) => [n, 1]) : numbers, this.palette));
    this.host.append(probe);
    const width = th.offsetWidth;
    probe.remove();
    return width;
  }

  /**
   * The cell size at zoom 1: the board fits its host's width. Its width is the row clues'
   * plus about size + 1 per column (collapsed borders), so only a clue is measured: a layout
   * of a whole 200 x 200 board takes the best part of a second.
   */
  fitWidth() {
    const room = this.host.clientWidth - 12;
    this.room = this.host.clientWidth - 4;
    let size = 24;
    if (room > 0) {
      // Legible first: digits of 9 px, two-digit column clues apart; cells of 8 px (their
      // digits still 9 px) only where 9 would not fit; a board wider than its host then
      // scrolls, its clues sticky at the top and the left.
      const least = this.width > 60 || !this.twoDigits() ? MIN_CELL : WIDE_CELL;
      for (let round = 0; round < 3; round += 1) {
        size = Math.floor((room - this.clueWidth(size) - 4) / this.width) - 1;
        size = Math.max(least, Math.min(this.height > 60 ? 16 : 28, size));
      }
    }
    this.fit = size;
    this.zoom = 1;
    this.sized(this.fit);
  }
}

/** Wire a panel's zoom buttons (`${prefix}-zoom-in`, `-zoom-out`, `-zoom-fit`) to its board. */
export function zoomButtons(prefix, currentBoard) {
  const button = (name) => document.getElementById(`${prefix}-zoom-${name}`);
  const update = () => {
    const board = currentBoard();
    button("in").disabled = !board || !board.canZoom(1);
    button("out").disabled = !board || !board.canZoom(-1);
  };
  const zoom = (factor) => {
    const board = currentBoard();
    if (!board) return;
    board.setZoom(factor === null ? 1 : board.zoom * factor);
    update();
  };
  button("in").addEventListener("click", () => zoom(ZOOM_STEP));
  button("out").addEventListener("click", () => zoom(1 / ZOOM_STEP));
  button("fit").addEventListener("click", () => zoom(null));
  document.getElementById(`${prefix}-board`).addEventListener("zoomed", update);
  const refit = () => {
    const board = currentBoard();
    if (board && board.host.clientWidth > 0) board.refit();
    update();
  };
  window.addEventListener("resize", refit);
  document.addEventListener("tab-shown", (event) => event.detail === prefix && refit());
  return update;
}
