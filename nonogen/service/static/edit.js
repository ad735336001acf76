// Edit: draw a grid (pointer or keyboard, with undo), see its clues and a live verdict from
// the solver (debounced checks), fix it, export or print it. A colour drawing has a palette
// (palette.js): its cells hold palette indexes, its clues are coloured blocks.

import { Board, zoomButtons } from "./board.js";
import {
  FILLED, SYMBOL, UNKNOWN, VALUE, announce, api, debounce, download, errorText, gridClues,
} from "./common.js";
import { colourClues, namedClues } from "./colour.js";
import { initFix } from "./fix.js";
import { initPaletteEditor } from "./palette.js";
import { Sheet, undoKey } from "./sheet.js";

const $ = (id) => document.getElementById(id);
const CHECK_DELAY_MS = 300;
const STATUS = {
  unique: ["Unique", "good"],
  multiple: ["Not unique", "warn"],
  none: ["No solution", "bad"],
  unknown: ["Unknown (time limit)", "info"],
  solved: ["Solved", "info"],
};

/** A side length from an input, clamped to 1..200. */
function side(input) {
  const value = Math.round(Number(input.value) || 1);
  const clamped = Math.min(200, Math.max(1, value));
  input.value = clamped;
  return clamped;
}

/** Text rows of a width-wide Int8Array ('#' filled, '.' empty; or '?' too with open; or a
 * palette's characters). */
function textRows(values, width, open = false, palette = null) {
  const char = palette ? (v) => (open && v === UNKNOWN ? "?" : palette[Math.max(0, v)].char)
    : (v) => (open ? SYMBOL[v] : v === FILLED ? "#" : ".");
  const rows = [];
  for (let at = 0; at < values.length; at += width) {
    rows.push(Array.from(values.subarray(at, at + width), char).join(""));
  }
  return rows;
}

/** The cell value of a drawing's character: filled, a palette index, or open. */
function charValue(palette) {
  if (!palette) return (ch) => (ch === "#" ? FILLED : UNKNOWN);
  const index = new Map(palette.map(({ char }, i) => [char, i]));
  return (ch) => (index.get(ch) > 0 ? index.get(ch) : UNKNOWN);
}

/** An Int8Array from text rows, width x height, cells outside the rows open. */
function fromRows(rows, width, height, value = (ch) => (ch === "#" ? FILLED : UNKNOWN)) {
  const values = new Int8Array(width * height).fill(UNKNOWN);
  for (let r = 0; r < height; r += 1) {
    for (let c = 0; c < width; c += 1) {
      const ch = rows[r] && rows[r][c];
      if (ch !== undefined) values[r * width + c] = value(ch);
    }
  }
  return values;
}

/** The given cells' values of text rows: '?' open, else '#'/'.' or a palette character. */
function givenValue(palette) {
  if (!palette) return (ch) => VALUE[ch] ?? UNKNOWN;
  return (ch) => {
    const at = palette.findIndex(({ char }) => char === ch);
    return at < 0 ? UNKNOWN : at;
  };
}

/** The verdict's figures: status badge, logic, difficulty, size, time and reason. */
function showFigures(record, label, kind) {
  $("edit-verdict").dataset.status = record.status;
  $("edit-status").textContent = label;
  $("edit-status").className = `badge ${kind}`;
  $("edit-logic").textContent = record.line_solvable === true ? "Yes"
    : record.line_solvable === false ? "No" : "—";
  $("edit-difficulty").textContent = record.tier ? `${record.tier} (${record.difficulty})` : "—";
  $("edit-size").textContent = `${record.width} × ${record.height}`;
  $("edit-seconds").textContent = `${(record.seconds * 1000).toFixed(1)} ms`;
  $("edit-reason").textContent = record.reason || "";
  $("edit-error").hidden = true;
}

/** Highlight the cells that differ between two solutions, and say so. */
function showAmbiguous(board, differing) {
  for (const [r, c] of differing) {
    const cell = board.cell(r, c);
    if (cell) {
      cell.classList.add("ambiguous");
      cell.dataset.ambiguous = "true";
    }
  }
  const note = $("edit-ambiguous");
  note.hidden = differing.length === 0;
  note.textContent = `${differing.length} highlighted cells differ between two solutions: ` +
    "change them or the cells around them until the puzzle is unique.";
}

function showError(failure) {
  $("edit-error").textContent = errorText(failure);
  $("edit-error").hidden = false;
}

/** The PDF of a puzzle; one too small to read on the page is printed only if the author
 * agrees. */
async function printed(puzzle, pages) {
  const json = { puzzle, pages };
  try {
    return await (await api("/api/pdf", { json })).blob();
  } catch (failure) {
    if (failure.status !== 413 || !/force_small/.test(failure.message)) throw failure;
    const why = failure.message.split("; or send")[0];
    if (!window.confirm(`${why}.\n\nPrint anyway?`)) throw new Error(`${why}. Not printed.`);
    return (await api("/api/pdf", { json: { ...json, force_small: true } })).blob();
  }
}

/** Edit's document: the drawing (size, title, givens, palette), its sheet and its verdict. */
class Editor {
  constructor() {
    this.width = 10;
    this.height = 10;
    this.givens = null; // Int8Array: a given cell's value, UNKNOWN elsewhere; or null
    this.title = "";
    this.board = null;
    this.sheet = null;
    this.sequence = 0;
    this.inFlight = null;
    this.printable = false; // the verdict of the drawing as it is now says "unique"
    this.waiting = []; // what waits for the verdict of the drawing as it is now
    this.lastSaid = "";
    this.palette = null; // a colour drawing's [{name, rgb, char}], background first
    this.tool = FILLED; // the colour drawn with
    this.fixed = null; // the clues of a file of clues only ({rows, cols}), kept as they are
    this.check = debounce(() => this.runCheck(), CHECK_DELAY_MS);
    this.updateZoom = zoomButtons("edit", () => this.board);
    this.fix = initFix({
      request: () => ({ grid: this.drawing(), mode: $("edit-fix-mode").value,
        ...(this.palette ? { palette: this.palette } : {}) }),
      board: () => this.board,
      accept: (flips, newGivens) => this.accept(flips, newGivens),
    });
    this.colours = initPaletteEditor({
      get: () => this.palette,
      set: (next, remap) => this.setPalette(next, remap),
      pick: (value) => { this.tool = value; },
      fail: showError,
    });
  }

  drawing() { return textRows(this.sheet.values, this.width, false, this.palette); }

  clues() {
    if (this.fixed) return this.fixed;
    if (this.palette) return colourClues(this.sheet.values, this.width, this.height);
    return gridClues(this.drawing().map((row) => [...row].map((ch) => ch === "#")));
  }

  givenRows() {
    const { givens } = this;
    return givens && givens.some((v) => v !== UNKNOWN)
      ? textRows(givens, this.width, true, this.palette) : null;
  }

  puzzleJson() {
    let { rows, cols } = this.clues();
    const { palette, fixed, title } = this;
    if (palette) [rows, cols] = [namedClues(rows, palette), namedClues(cols, palette)];
    const object = {
      format: "nonogen", version: 1, rows, cols, ...(fixed ? {} : { solution: this.drawing() }),
    };
    if (palette) object.palette = palette;
    if (this.givenRows()) object.givens = this.givenRows();
    return title ? { title, ...object } : object;
  }

  showVerdict(record) {
    this.printable = record.status === "unique";
    const empty = !this.fixed && !this.drawing().some((row) => /[^.]/.test(row));
    const [label, kind] = empty ? ["Empty", "info"] : STATUS[record.status] || [record.status, "info"];
    showFigures(record, label, kind);
    showAmbiguous(this.board, record.differing_cells || []);
    if (label !== this.lastSaid && !$("panel-edit").hidden) {
      announce(`Verdict: ${label}. ${record.reason || ""}`);
    }
    this.lastSaid = label;
  }

  clearAmbiguous() {
    this.board.clear("ambiguous");
    for (const cell of this.board.table.querySelectorAll("[data-ambiguous]")) {
      delete cell.dataset.ambiguous;
    }
    $("edit-ambiguous").hidden = true;
  }

  async runCheck() {
    const mine = ++this.sequence;
    if (this.inFlight) this.inFlight.abort();
    this.inFlight = new AbortController();
    $("edit-busy").hidden = false;
    try {
      const json = this.puzzleJson();
      const response = await api("/api/check", { json, signal: this.inFlight.signal });
      const record = await response.json();
      if (mine === this.sequence) this.showVerdict(record);
    } catch (failure) {
      if (failure.name === "AbortError" || mine !== this.sequence) return;
      showError(failure);
    } finally {
      if (mine === this.sequence) {
        $("edit-busy").hidden = true;
        for (const resolve of this.waiting.splice(0)) resolve();
      }
    }
  }

  /** Settles when the drawing as it is now has its verdict (or its check failed). */
  checked() {
    if ($("edit-busy").hidden) return Promise.resolve();
    return new Promise((resolve) => { this.waiting.push(resolve); });
  }

  /** After any change: stale verdict and proposal, new clues, a new check. */
  changed(step) {
    this.sequence += 1; // a verdict asked for before this change is stale
    if (step && this.fixed) {
      this.fixed = null; // drawn on: the drawing's own clues from now on
      $("edit-clues-note").textContent = "Your drawing's own clues from now on (the file's " +
        "clues are left).";
    }
    this.printable = false;
    this.fix.dismiss();
    if (step && this.givens) {
      // A given reveals a cell of the drawing: redrawing that cell drops it.
      for (const [i] of step) this.givens[i] = UNKNOWN;
    }
    this.clearAmbiguous();
    const { rows, cols } = this.clues();
    this.board.setClues(rows, cols);
    $("edit-undo").disabled = this.sheet.done.length === 0;
    $("edit-redo").disabled = this.sheet.undone.length === 0;
    $("edit-busy").hidden = false;
    this.check();
  }

  /** Draw a new board of values; history = the sheet's undo steps to keep (or none). */
  render(values, history = null) {
    $("edit-width").value = this.width;
    $("edit-height").value = this.height;
    this.board = new Board($("edit-board"), "edit", this.width, this.height, "Drawing",
      this.palette);
    this.sheet = new Sheet(this.board, values, {
      crosses: false,
      given: (i) => this.givens !== null && this.givens[i] !== UNKNOWN,
      tool: () => this.tool,
      changed: (step) => this.changed(step),
      mirror: () => $("edit-mirror").checked,
      shape: () => $("edit-shape").value,
    });
    if (history) [this.sheet.done, this.sheet.undone] = history;
    $("edit-export-non").disabled = this.palette !== null;
    this.changed(null); // shows the board, fitted to its box
    this.updateZoom();
  }

  /** Load a drawing from text rows (and givens, palette), as a new document. */
  load(rows, newTitle, newGivens = null, newPalette = null) {
    this.height = rows.length;
    this.width = this.height ? rows[0].length : 0;
    this.title = newTitle || "";
    $("edit-title").value = this.title;
    this.fixed = null; // a new document draws its own clues
    $("edit-clues-note").hidden = true;
    this.palette = newPalette;
    this.givens = newGivens
      ? fromRows(newGivens, this.width, this.height, givenValue(this.palette)) : null;
    this.colours.show();
    this.render(fromRows(rows, this.width, this.height, charValue(this.palette)));
  }

  /** Open a file of clues only as they are, with their verdict (no, one or several
   * solutions), never replaced by a grid's clues; the grid shows a solution if any. */
  openClues(record, name) {
    const blank = Array(record.height).fill(".".repeat(record.width));
    this.load(record.solution || blank, record.title || "", null, null);
    this.fixed = { rows: record.rows, cols: record.cols };
    const shown = record.solution ? "a solution of them" : "an empty grid";
    $("edit-clues-note").textContent = `The clues of ${name}, as they are, over ` +
      `${shown}. Draw on the grid to use your drawing's own clues instead.`;
    $("edit-clues-note").hidden = false;
    this.changed(null); // the file's clues shown, and checked as they are
  }

  async importFile(file) {
    const body = new FormData();
    body.append("file", file);
    try {
      const record = await (await api("/api/check", { body })).json();
      const picture = record.goal || (record.status === "unique" ? record.solution : null);
      if (!record.goal && !record.palette) {
        this.openClues(record, file.name);
        return;
      }
      if (!picture) {
        showError({ message: `${file.name}: its clues have no one solution ` +
          `(${record.reason}); your drawing is kept.` });
        return;
      }
      this.load(picture, record.title || "", record.givens || null, record.palette || null);
    } catch (failure) {
      showError(failure);
    }
  }

  async exportAs(to, extension) {
    const name = `${this.title || "puzzle"}.${extension}`;
    if (this.palette && to === "json") {
      // The colour JSON as the service reads it (POST /api/check takes it back).
      const text = `${JSON.stringify(this.puzzleJson(), null, 2)}\n`;
      download(new Blob([text], { type: "application/json" }), name);
      return;
    }
    try {
      const response = await api(`/api/convert?to=${to}&format=json`, { json: this.puzzleJson() });
      download(await response.blob(), name);
    } catch (failure) {
      showError(failure);
    }
  }

  /** Take a fix: its givens revealed, its flips drawn. */
  accept(flips, newGivens) {
    const { palette, width } = this;
    /** A fix's cell value: FILLED or a colour's index; empty is EMPTY (a given) or open. */
    const valueOf = ({ value, colour }, empty) => {
      if (value !== "filled") return empty;
      return palette ? Math.max(1, palette.findIndex(({ name }) => name === colour)) : FILLED;
    };
    if (newGivens.length) {
      this.givens = this.givens || new Int8Array(width * this.height).fill(UNKNOWN);
      for (const cell of newGivens) {
        this.givens[cell.row * width + cell.col] = valueOf(cell, VALUE["."]);
      }
    }
    this.sheet.redraw();
    this.sheet.apply(flips.map((cell) => [cell.row * width + cell.col, valueOf(cell, UNKNOWN)]));
    if (!flips.length) this.changed(null);
  }

  /** A new palette (null: black and white); remap says what each old value becomes. */
  setPalette(next, remap) {
    const { sheet } = this;
    const values = remap ? sheet.values.map(remap) : sheet.values;
    const history = remap ? null : [sheet.done, sheet.undone]; // indexes keep their meaning
    const added = next && (!this.palette || next.length > this.palette.length);
    const was = this.tool; // showing the picker chooses its first colour
    this.palette = next;
    this.givens = null;
    this.colours.show();
    if (added) this.colours.select(next.length - 1);
    else if (was !== FILLED) this.colours.select(was);
    this.render(values, history);
  }

  resize() {
    const old = this.drawing();
    this.width = side($("edit-width"));
    this.height = side($("edit-height"));
    this.givens = null;
    this.render(fromRows(old, this.width, this.height, charValue(this.palette)));
  }

  clear() {
    this.givens = null;
    this.render(new Int8Array(this.width * this.height).fill(UNKNOWN));
  }

  /** Digits pick a colour; the undo keys undo and redo. */
  key(event) {
    const typing = event.target.matches("input, select, textarea");
    const digit = /^[1-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (digit && !typing) {
      if (this.colours.select(Number(event.key))) event.preventDefault();
      return;
    }
    const action = undoKey(event);
    if (!action || typing) return;
    event.preventDefault();
    this.sheet.replay(action === "undo");
  }

  async pdf() {
    try {
      // An answer key only for a puzzle with exactly one solution; otherwise the sheet alone.
      // Asked for just after a change, it waits for that drawing's verdict.
      await this.checked();
      const pages = this.printable ? "both" : "puzzle";
      download(await printed(this.puzzleJson(), pages), `${this.title || "puzzle"}.pdf`);
    } catch (failure) {
      showError(failure);
    }
  }
}

/** Wire Edit's fields, buttons and keys to the editor. */
function wire(editor, toPlay) {
  $("edit-title").addEventListener("input", () => {
    editor.title = $("edit-title").value.trim();
  });
  $("edit-resize").addEventListener("click", () => editor.resize());
  $("edit-clear").addEventListener("click", () => editor.clear());
  $("edit-undo").addEventListener("click", () => editor.sheet.replay(true));
  $("edit-redo").addEventListener("click", () => editor.sheet.replay(false));
  $("panel-edit").addEventListener("keydown", (event) => editor.key(event));
  $("edit-import").addEventListener("change", (event) => {
    if (event.target.files.length) editor.importFile(event.target.files[0]);
    event.target.value = "";
  });
  $("edit-export-json").addEventListener("click", () => editor.exportAs("json", "json"));
  $("edit-export-non").addEventListener("click", () => editor.exportAs("non", "non"));
  $("edit-pdf").addEventListener("click", () => editor.pdf());
  $("edit-to-play").addEventListener("click", () => {
    const { rows, cols } = editor.clues();
    const { title, palette } = editor;
    toPlay({ rows, cols, givens: editor.givenRows(), title, palette });
  });
}

export function initEdit({ toPlay }) {
  const editor = new Editor();
  wire(editor, toPlay);
  editor.colours.show();
  editor.render(new Int8Array(editor.width * editor.height).fill(UNKNOWN));
  return { load: (...args) => editor.load(...args) };
}
