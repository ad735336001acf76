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

export function initEdit({ toPlay }) {
  let width = 10;
  let height = 10;
  let givens = null; // Int8Array: a given cell's value, UNKNOWN elsewhere; or null
  let title = "";
  let board = null;
  let sheet = null;
  let sequence = 0;
  let inFlight = null;
  let printable = false; // the verdict of the drawing as it is now says "unique"
  let lastSaid = "";
  let palette = null; // a colour drawing's [{name, rgb, char}], background first
  let tool = FILLED; // the colour drawn with

  let fixed = null; // the clues of a file of clues only ({rows, cols}), kept as they are

  const drawing = () => textRows(sheet.values, width, false, palette);
  const clues = () => fixed || (palette ? colourClues(sheet.values, width, height)
    : gridClues(drawing().map((row) => [...row].map((ch) => ch === "#"))));
  const givenRows = () => (givens && givens.some((v) => v !== UNKNOWN)
    ? textRows(givens, width, true, palette) : null);
  const puzzleJson = () => {
    let { rows, cols } = clues();
    if (palette) [rows, cols] = [namedClues(rows, palette), namedClues(cols, palette)];
    const object = {
      format: "nonogen", version: 1, rows, cols, ...(fixed ? {} : { solution: drawing() }),
    };
    if (palette) object.palette = palette;
    if (givenRows()) object.givens = givenRows();
    return title ? { title, ...object } : object;
  };
  const showError = (failure) => {
    $("edit-error").textContent = errorText(failure);
    $("edit-error").hidden = false;
  };

  function showVerdict(record) {
    printable = record.status === "unique";
    const empty = !fixed && !drawing().some((row) => /[^.]/.test(row));
    const [label, kind] = empty ? ["Empty", "info"] : STATUS[record.status] || [record.status, "info"];
    $("edit-verdict").dataset.status = record.status;
    $("edit-status").textContent = label;
    $("edit-status").className = `badge ${kind}`;
    $("edit-logic").textContent = record.line_solvable === true ? "Yes"
      : record.line_solvable === false ? "No" : "—";
    $("edit-difficulty").textContent =
      record.tier ? `${record.tier} (${record.difficulty})` : "—";
    $("edit-size").textContent = `${record.width} × ${record.height}`;
    $("edit-seconds").textContent = `${(record.seconds * 1000).toFixed(1)} ms`;
    $("edit-reason").textContent = record.reason || "";
    $("edit-error").hidden = true;
    const differing = record.differing_cells || [];
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
    if (label !== lastSaid && !$("panel-edit").hidden) {
      announce(`Verdict: ${label}. ${record.reason || ""}`);
    }
    lastSaid = label;
  }

  function clearAmbiguous() {
    board.clear("ambiguous");
    for (const cell of board.table.querySelectorAll("[data-ambiguous]")) {
      delete cell.dataset.ambiguous;
    }
    $("edit-ambiguous").hidden = true;
  }

  async function runCheck() {
    const mine = ++sequence;
    if (inFlight) inFlight.abort();
    inFlight = new AbortController();
    $("edit-busy").hidden = false;
    try {
      const response = await api("/api/check", { json: puzzleJson(), signal: inFlight.signal });
      const record = await response.json();
      if (mine === sequence) showVerdict(record);
    } catch (failure) {
      if (failure.name === "AbortError" || mine !== sequence) return;
      showError(failure);
    } finally {
      if (mine === sequence) $("edit-busy").hidden = true;
    }
  }
  const check = debounce(runCheck, CHECK_DELAY_MS);

  /** After any change: stale verdict and proposal, new clues, a new check. */
  function changed(step) {
    sequence += 1; // a verdict asked for before this change is stale
    if (step && fixed) {
      fixed = null; // drawn on: the drawing's own clues from now on
      $("edit-clues-note").textContent = "Your drawing's own clues from now on (the file's " +
        "clues are left).";
    }
    printable = false;
    fix.dismiss();
    if (step && givens) {
      // A given reveals a cell of the drawing: redrawing that cell drops it.
      for (const [i] of step) givens[i] = UNKNOWN;
    }
    clearAmbiguous();
    const { rows, cols } = clues();
    board.setClues(rows, cols);
    $("edit-undo").disabled = sheet.done.length === 0;
    $("edit-redo").disabled = sheet.undone.length === 0;
    $("edit-busy").hidden = false;
    check();
  }

  /** Draw a new board of values; history = the sheet's undo steps to keep (or none). */
  function render(values, history = null) {
    $("edit-width").value = width;
    $("edit-height").value = height;
    board = new Board($("edit-board"), "edit", width, height, "Drawing", palette);
    sheet = new Sheet(board, values, {
      crosses: false,
      given: (i) => givens !== null && givens[i] !== UNKNOWN,
      tool: () => tool,
      changed,
      mirror: () => $("edit-mirror").checked,
      shape: () => $("edit-shape").value,
    });
    if (history) [sheet.done, sheet.undone] = history;
    $("edit-export-non").disabled = palette !== null;
    changed(null); // shows the board, fitted to its box
    updateZoom();
  }

  /** Load a drawing from text rows (and givens, palette), as a new document. */
  function load(rows, newTitle, newGivens = null, newPalette = null) {
    height = rows.length;
    width = height ? rows[0].length : 0;
    title = newTitle || "";
    $("edit-title").value = title;
    fixed = null; // a new document draws its own clues
    $("edit-clues-note").hidden = true;
    palette = newPalette;
    const given = palette
      ? (ch) => { const at = palette.findIndex(({ char }) => char === ch); return at < 0 ? UNKNOWN : at; }
      : (ch) => VALUE[ch] ?? UNKNOWN;
    givens = newGivens ? fromRows(newGivens, width, height, given) : null;
    colours.show();
    render(fromRows(rows, width, height, charValue(palette)));
  }

  async function importFile(file) {
    const body = new FormData();
    body.append("file", file);
    try {
      const record = await (await api("/api/check", { body })).json();
      const picture = record.goal || (record.status === "unique" ? record.solution : null);
      if (!record.goal && !record.palette) {
        // Clues only: they are opened as they are, with their verdict (no, one or several
        // solutions), never replaced by the clues of a grid; the grid shows a solution if any.
        const blank = Array(record.height).fill(".".repeat(record.width));
        load(record.solution || blank, record.title || "", null, null);
        fixed = { rows: record.rows, cols: record.cols };
        const shown = record.solution ? "a solution of them" : "an empty grid";
        $("edit-clues-note").textContent = `The clues of ${file.name}, as they are, over ` +
          `${shown}. Draw on the grid to use your drawing's own clues instead.`;
        $("edit-clues-note").hidden = false;
        changed(null); // the file's clues shown, and checked as they are
        return;
      }
      if (!picture) {
        showError({ message: `${file.name}: its clues have no one solution ` +
          `(${record.reason}); your drawing is kept.` });
        return;
      }
      load(picture, record.title || "", record.givens || null, record.palette || null);
    } catch (failure) {
      showError(failure);
    }
  }

  async function exportAs(to, extension) {
    if (palette && to === "json") {
      // The colour JSON as the service reads it (POST /api/check takes it back).
      const text = `${JSON.stringify(puzzleJson(), null, 2)}\n`;
      download(new Blob([text], { type: "application/json" }), `${title || "puzzle"}.json`);
      return;
    }
    try {
      const response = await api(`/api/convert?to=${to}&format=json`, { json: puzzleJson() });
      download(await response.blob(), `${title || "puzzle"}.${extension}`);
    } catch (failure) {
      showError(failure);
    }
  }

  const fix = initFix({
    request: () => ({ grid: drawing(), mode: $("edit-fix-mode").value,
      ...(palette ? { palette } : {}) }),
    board: () => board,
    accept: (flips, newGivens) => {
      /** A fix's cell value: FILLED or a colour's index; empty is EMPTY (a given) or open. */
      const valueOf = ({ value, colour }, empty) => {
        if (value !== "filled") return empty;
        return palette ? Math.max(1, palette.findIndex(({ name }) => name === colour)) : FILLED;
      };
      if (newGivens.length) {
        givens = givens || new Int8Array(width * height).fill(UNKNOWN);
        for (const cell of newGivens) {
          givens[cell.row * width + cell.col] = valueOf(cell, VALUE["."]);
        }
      }
      sheet.redraw();
      sheet.apply(flips.map((cell) => [cell.row * width + cell.col, valueOf(cell, UNKNOWN)]));
      if (!flips.length) changed(null);
    },
  });
  $("edit-title").addEventListener("input", () => {
    title = $("edit-title").value.trim();
  });
  const updateZoom = zoomButtons("edit", () => board);

  const colours = initPaletteEditor({
    get: () => palette,
    set: (next, remap) => {
      const values = remap ? sheet.values.map(remap) : sheet.values;
      const history = remap ? null : [sheet.done, sheet.undone]; // indexes keep their meaning
      const added = next && (!palette || next.length > palette.length);
      const was = tool; // showing the picker chooses its first colour
      palette = next;
      givens = null;
      colours.show();
      if (added) colours.select(next.length - 1);
      else if (was !== FILLED) colours.select(was);
      render(values, history);
    },
    pick: (value) => {
      tool = value;
    },
    fail: showError,
  });

  $("edit-resize").addEventListener("click", () => {
    const old = drawing();
    width = side($("edit-width"));
    height = side($("edit-height"));
    givens = null;
    render(fromRows(old, width, height, charValue(palette)));
  });
  $("edit-clear").addEventListener("click", () => {
    givens = null;
    render(new Int8Array(width * height).fill(UNKNOWN));
  });
  $("edit-undo").addEventListener("click", () => sheet.replay(true));
  $("edit-redo").addEventListener("click", () => sheet.replay(false));
  $("panel-edit").addEventListener("keydown", (event) => {
    const digit = /^[1-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (digit && !event.target.matches("input, select, textarea")) {
      if (colours.select(Number(event.key))) event.preventDefault();
      return;
    }
    const action = undoKey(event);
    if (!action || event.target.matches("input, select, textarea")) return;
    event.preventDefault();
    sheet.replay(action === "undo");
  });
  $("edit-import").addEventListener("change", (event) => {
    if (event.target.files.length) importFile(event.target.files[0]);
    event.target.value = "";
  });
  $("edit-export-json").addEventListener("click", () => exportAs("json", "json"));
  $("edit-export-non").addEventListener("click", () => exportAs("non", "non"));
  /** The PDF; a puzzle too small to read on the page is printed only if the author agrees. */
  async function printed(pages) {
    const json = { puzzle: puzzleJson(), pages };
    try {
      return await (await api("/api/pdf", { json })).blob();
    } catch (failure) {
      if (failure.status !== 413 || !/force_small/.test(failure.message)) throw failure;
      const why = failure.message.split("; or send")[0];
      if (!window.confirm(`${why}.\n\nPrint anyway?`)) throw new Error(`${why}. Not printed.`);
      return (await api("/api/pdf", { json: { ...json, force_small: true } })).blob();
    }
  }
  $("edit-pdf").addEventListener("click", async () => {
    try {
      // An answer key only for a puzzle with exactly one solution; otherwise the sheet alone.
      const pages = printable ? "both" : "puzzle";
      download(await printed(pages), `${title || "puzzle"}.pdf`);
    } catch (failure) {
      showError(failure);
    }
  });
  $("edit-to-play").addEventListener("click", () => {
    const { rows, cols } = clues();
    toPlay({ rows, cols, givens: givenRows(), title, palette });
  });

  colours.show();
  render(new Int8Array(width * height).fill(UNKNOWN));
  return { load };
}
