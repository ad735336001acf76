// Edit: draw a grid, see its clues, and a live verdict from the solver (debounced checks).

import {
  Board, api, debounce, download, errorText, gridClues, gridText, textGrid,
} from "./common.js";

const $ = (id) => document.getElementById(id);
const CHECK_DELAY_MS = 300;
const STATUS = {
  unique: ["Unique", "good"],
  multiple: ["Not unique", "warn"],
  none: ["No solution", "bad"],
  unknown: ["Unknown (time limit)", "info"],
  solved: ["Solved", "info"],
};

const emptyGrid = (width, height) =>
  Array.from({ length: height }, () => Array(width).fill(false));

/** The grid resized, keeping the cells that still fit. */
function resized(grid, width, height) {
  return Array.from({ length: height }, (_, r) =>
    Array.from({ length: width }, (_, c) => Boolean(grid[r] && grid[r][c])));
}

/** A side length from an input, clamped to 1..200. */
function side(input) {
  const value = Math.round(Number(input.value) || 1);
  const clamped = Math.min(200, Math.max(1, value));
  input.value = clamped;
  return clamped;
}

export function initEdit({ toPlay }) {
  let grid = emptyGrid(10, 10);
  let title = "";
  let board = null;
  let sequence = 0;
  let inFlight = null;

  const puzzleJson = () => {
    const { rows, cols } = gridClues(grid);
    const object = { format: "nonogen", version: 1, rows, cols, solution: gridText(grid) };
    return title ? { title, ...object } : object;
  };

  const busy = (on) => {
    $("edit-busy").hidden = !on;
  };

  let lastStatus = "";

  function showVerdict(record) {
    lastStatus = record.status;
    const [label, kind] = STATUS[record.status] || [record.status, "info"];
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
  }

  function clearAmbiguous() {
    board.clear("ambiguous");
    for (const cell of board.cells) delete cell.dataset.ambiguous;
    $("edit-ambiguous").hidden = true;
  }

  async function runCheck() {
    const mine = ++sequence;
    if (inFlight) inFlight.abort();
    inFlight = new AbortController();
    busy(true);
    try {
      const response = await api("/api/check", { json: puzzleJson(), signal: inFlight.signal });
      const record = await response.json();
      if (mine === sequence) showVerdict(record);
    } catch (failure) {
      if (failure.name === "AbortError" || mine !== sequence) return;
      $("edit-error").textContent = errorText(failure);
      $("edit-error").hidden = false;
    } finally {
      if (mine === sequence) busy(false);
    }
  }
  const check = debounce(runCheck, CHECK_DELAY_MS);

  function refreshClues() {
    const { rows, cols } = gridClues(grid);
    board.setClues(rows, cols);
  }

  function render() {
    const height = grid.length;
    const width = height ? grid[0].length : 0;
    $("edit-width").value = width;
    $("edit-height").value = height;
    board = new Board($("edit-board"), "edit", width, height);
    grid.forEach((row, r) => row.forEach((v, c) => board.cell(r, c).classList.toggle("filled", v)));
    board.onPaint({
      start: (r, c, event) => (event.button === 2 ? false : !grid[r][c]),
      paint: (r, c, value) => {
        if (grid[r][c] === value) return;
        grid[r][c] = value;
        sequence += 1; // a verdict asked for before this change is stale
        board.cell(r, c).classList.toggle("filled", value);
        clearAmbiguous();
        refreshClues();
        busy(true);
      },
      end: check,
    });
    refreshClues();
    busy(true);
    check();
  }

  async function importFile(file) {
    const body = new FormData();
    body.append("file", file);
    try {
      const record = await (await api("/api/check", { body })).json();
      const picture = record.goal || record.solution;
      grid = picture ? textGrid(picture) : emptyGrid(record.width, record.height);
      title = record.title || file.name.replace(/\.[^.]*$/, "");
      render();
      showVerdict(record);
    } catch (failure) {
      $("edit-error").textContent = errorText(failure);
      $("edit-error").hidden = false;
    }
  }

  async function exportAs(to, extension) {
    try {
      const response = await api(`/api/convert?to=${to}&format=json`, { json: puzzleJson() });
      download(await response.blob(), `${title || "puzzle"}.${extension}`);
    } catch (failure) {
      $("edit-error").textContent = errorText(failure);
      $("edit-error").hidden = false;
    }
  }

  $("edit-resize").addEventListener("click", () => {
    grid = resized(grid, side($("edit-width")), side($("edit-height")));
    render();
  });
  $("edit-clear").addEventListener("click", () => {
    grid = emptyGrid(grid[0].length, grid.length);
    render();
  });
  $("edit-import").addEventListener("change", (event) => {
    if (event.target.files.length) importFile(event.target.files[0]);
    event.target.value = "";
  });
  $("edit-export-json").addEventListener("click", () => exportAs("json", "json"));
  $("edit-export-non").addEventListener("click", () => exportAs("non", "non"));
  $("edit-pdf").addEventListener("click", async () => {
    try {
      // An answer key only for a puzzle with exactly one solution; otherwise the sheet alone.
      const pages = lastStatus === "unique" ? "both" : "puzzle";
      const response = await api("/api/pdf", { json: { puzzle: puzzleJson(), pages } });
      download(await response.blob(), `${title || "puzzle"}.pdf`);
    } catch (failure) {
      $("edit-error").textContent = errorText(failure);
      $("edit-error").hidden = false;
    }
  });
  $("edit-to-play").addEventListener("click", () => {
    const { rows, cols, solution } = puzzleJson();
    toPlay({ rows, cols, solution, title });
  });

  render();
  return {
    load(solution, newTitle) {
      grid = textGrid(solution);
      title = newTitle || "";
      render();
    },
  };
}
