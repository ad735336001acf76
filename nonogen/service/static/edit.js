// Edit: draw a grid (pointer or keyboard, with undo), see its clues and a live verdict from
// the solver (debounced checks), fix it, export or print it.

import { Board, zoomButtons } from "./board.js";
import {
  FILLED, SYMBOL, UNKNOWN, VALUE, announce, api, debounce, download, errorText, gridClues,
} from "./common.js";
import { initFix } from "./fix.js";
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

/** Text rows of a width-wide Int8Array ('#' filled, '.' empty; or '?' too with open). */
function textRows(values, width, open = false) {
  const rows = [];
  for (let at = 0; at < values.length; at += width) {
    rows.push(Array.from(values.subarray(at, at + width),
      (v) => (open ? SYMBOL[v] : v === FILLED ? "#" : ".")).join(""));
  }
  return rows;
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

  const drawing = () => textRows(sheet.values, width);
  const givenRows = () =>
    (givens && givens.some((v) => v !== UNKNOWN) ? textRows(givens, width, true) : null);
  const puzzleJson = () => {
    const grid = drawing().map((row) => [...row].map((ch) => ch === "#"));
    const { rows, cols } = gridClues(grid);
    const object = { format: "nonogen", version: 1, rows, cols, solution: drawing() };
    if (givenRows()) object.givens = givenRows();
    return title ? { title, ...object } : object;
  };
  const showError = (failure) => {
    $("edit-error").textContent = errorText(failure);
    $("edit-error").hidden = false;
  };

  function showVerdict(record) {
    printable = record.status === "unique";
    const [label, kind] = STATUS[record.status] || [record.status, "info"];
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
    printable = false;
    fix.dismiss();
    if (step && givens) {
      // A given reveals a cell of the drawing: redrawing that cell drops it.
      for (const [i] of step) givens[i] = UNKNOWN;
    }
    clearAmbiguous();
    const grid = drawing().map((row) => [...row].map((ch) => ch === "#"));
    const { rows, cols } = gridClues(grid);
    board.setClues(rows, cols);
    $("edit-undo").disabled = sheet.done.length === 0;
    $("edit-redo").disabled = sheet.undone.length === 0;
    $("edit-busy").hidden = false;
    check();
  }

  function render(values) {
    $("edit-width").value = width;
    $("edit-height").value = height;
    board = new Board($("edit-board"), "edit", width, height, "Drawing");
    sheet = new Sheet(board, values, {
      crosses: false,
      given: (i) => givens !== null && givens[i] !== UNKNOWN,
      changed,
    });
    changed(null); // shows the board, fitted to its box
    updateZoom();
  }

  /** Load a drawing from text rows (and givens), as a new document. */
  function load(rows, newTitle, newGivens = null) {
    height = rows.length;
    width = height ? rows[0].length : 0;
    title = newTitle || "";
    givens = newGivens ? fromRows(newGivens, width, height, (ch) => VALUE[ch] ?? UNKNOWN) : null;
    render(fromRows(rows, width, height));
  }

  async function importFile(file) {
    const body = new FormData();
    body.append("file", file);
    try {
      const record = await (await api("/api/check", { body })).json();
      const picture = record.goal || record.solution;
      const rows = picture || Array(record.height).fill(".".repeat(record.width));
      load(rows, record.title || file.name.replace(/\.[^.]*$/, ""), record.givens || null);
    } catch (failure) {
      showError(failure);
    }
  }

  async function exportAs(to, extension) {
    try {
      const response = await api(`/api/convert?to=${to}&format=json`, { json: puzzleJson() });
      download(await response.blob(), `${title || "puzzle"}.${extension}`);
    } catch (failure) {
      showError(failure);
    }
  }

  const fix = initFix({
    request: () => ({ grid: drawing(), mode: $("edit-fix-mode").value }),
    board: () => board,
    accept: (flips, newGivens) => {
      if (newGivens.length) {
        givens = givens || new Int8Array(width * height).fill(UNKNOWN);
        for (const { row, col, value } of newGivens) {
          givens[row * width + col] = value === "filled" ? FILLED : VALUE["."];
        }
      }
      sheet.redraw();
      sheet.apply(flips.map(({ row, col, value }) =>
        [row * width + col, value === "filled" ? FILLED : UNKNOWN]));
      if (!flips.length) changed(null);
    },
  });
  const updateZoom = zoomButtons("edit", () => board);

  $("edit-resize").addEventListener("click", () => {
    const old = drawing();
    width = side($("edit-width"));
    height = side($("edit-height"));
    givens = null;
    render(fromRows(old, width, height));
  });
  $("edit-clear").addEventListener("click", () => {
    givens = null;
    render(new Int8Array(width * height).fill(UNKNOWN));
  });
  $("edit-undo").addEventListener("click", () => sheet.replay(true));
  $("edit-redo").addEventListener("click", () => sheet.replay(false));
  $("panel-edit").addEventListener("keydown", (event) => {
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
    const { rows, cols } = puzzleJson();
    toPlay({ rows, cols, givens: givenRows(), title });
  });

  render(new Int8Array(width * height).fill(UNKNOWN));
  return { load };
}
