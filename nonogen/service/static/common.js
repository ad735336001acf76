// Shared helpers: the API client, clues, downloads and the board (a table of cells and clues).

/** An API error: the HTTP status and the service's JSON error body. */
export class ApiError extends Error {
  constructor(status, info) {
    super(info.message || `HTTP ${status}`);
    this.status = status;
    this.info = info;
  }
}

/** Send a request to the API; resolves to the Response, rejects with an ApiError. */
export async function api(path, { method = "POST", json, body, signal } = {}) {
  const init = { method, signal, headers: {} };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers["Content-Type"] = "application/json";
  } else if (body !== undefined) {
    init.body = body;
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    let info;
    try {
      info = await response.json();
    } catch {
      info = { message: `${response.status} ${response.statusText}` };
    }
    if (response.status === 503) {
      const retry = response.headers.get("Retry-After");
      info.message = `The server is busy; please retry${retry ? ` in ${retry} s` : ""}.`;
    }
    throw new ApiError(response.status, info);
  }
  return response;
}

/** A message for people from any error. */
export function errorText(error) {
  return error instanceof ApiError ? error.info.message : String(error.message || error);
}

/** Save a Blob as a file. */
export function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

/** The run lengths of one line of booleans. */
export function lineClue(cells) {
  const runs = [];
  let run = 0;
  for (const cell of cells) {
    if (cell) {
      run += 1;
    } else if (run) {
      runs.push(run);
      run = 0;
    }
  }
  if (run) runs.push(run);
  return runs;
}

/** Row and column clues of a solved grid (an array of rows of booleans). */
export function gridClues(grid) {
  const width = grid.length ? grid[0].length : 0;
  const rows = grid.map((row) => lineClue(row));
  const cols = [];
  for (let c = 0; c < width; c += 1) cols.push(lineClue(grid.map((row) => row[c])));
  return { rows, cols };
}

/** Text rows (#, .) of a grid of booleans, and back. */
export const gridText = (grid) => grid.map((row) => row.map((v) => (v ? "#" : ".")).join(""));
export const textGrid = (rows) => rows.map((row) => [...row].map((ch) => ch === "#"));

export const sameClue = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Call fn at most once per ms, with the last arguments. */
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

/** Pixels per cell so that a width x height board fits the space it has. */
function cellSize(host, width, height) {
  const room = Math.max(240, (host.clientWidth || 600) - 140);
  return Math.max(10, Math.min(28, Math.floor(room / Math.max(width, 1)), height > 60 ? 14 : 28));
}

// The stroke being drawn (one at a time on the page), fed by window-wide pointer events.
let stroke = null;
window.addEventListener("pointermove", (event) => stroke && stroke.visit(event));
const endStroke = () => {
  if (!stroke) return;
  const done = stroke;
  stroke = null;
  done.end();
};
window.addEventListener("pointerup", endStroke);
window.addEventListener("pointercancel", endStroke);

/**
 * A board: a table with column clues on top, row clues on the left and width x height cells.
 * Each cell has data-r, data-c and data-testid `${prefix}-cell-r-c`; clues have
 * `${prefix}-row-clue-r` and `${prefix}-col-clue-c`.
 */
export class Board {
  constructor(host, prefix, width, height) {
    this.host = host;
    this.prefix = prefix;
    this.width = width;
    this.height = height;
    this.cells = [];
    this.rowClues = [];
    this.colClues = [];
    this.table = document.createElement("table");
    this.table.className = "board";
    this.table.dataset.testid = `${prefix}-table`;
    this.table.style.setProperty("--cell", `${cellSize(host, width, height)}px`);
    this.build();
    host.replaceChildren(this.table);
  }

  build() {
    const head = this.table.createTHead().insertRow();
    head.append(document.createElement("th"));
    for (let c = 0; c < this.width; c += 1) {
      const th = document.createElement("th");
      th.className = "clue col-clue";
      th.dataset.testid = `${this.prefix}-col-clue-${c}`;
      head.append(th);
      this.colClues.push(th);
    }
    const body = this.table.createTBody();
    for (let r = 0; r < this.height; r += 1) {
      const row = body.insertRow();
      const th = document.createElement("th");
      th.className = "clue row-clue";
      th.dataset.testid = `${this.prefix}-row-clue-${r}`;
      row.append(th);
      this.rowClues.push(th);
      for (let c = 0; c < this.width; c += 1) {
        const td = row.insertCell();
        td.className = "cell";
        if (c === 0) td.classList.add("first");
        if ((c + 1) % 5 === 0 && c < this.width - 1) td.classList.add("edge-right");
        if ((r + 1) % 5 === 0 && r < this.height - 1) td.classList.add("edge-bottom");
        td.dataset.r = r;
        td.dataset.c = c;
        td.dataset.testid = `${this.prefix}-cell-${r}-${c}`;
        this.cells.push(td);
      }
    }
  }

  cell(r, c) {
    return this.cells[r * this.width + c];
  }

  /** Show the clues; done(kind, index) says whether a line is satisfied. */
  setClues(rows, cols, done = () => false) {
    const fill = (th, clue) => {
      th.replaceChildren(...(clue.length ? clue : [0]).map((n) => {
        const span = document.createElement("span");
        span.textContent = n;
        return span;
      }));
    };
    rows.forEach((clue, r) => {
      fill(this.rowClues[r], clue);
      this.rowClues[r].classList.toggle("done", done("row", r));
    });
    cols.forEach((clue, c) => {
      fill(this.colClues[c], clue);
      this.colClues[c].classList.toggle("done", done("col", c));
    });
  }

  /** Remove a class from every cell and clue. */
  clear(...classes) {
    for (const el of [...this.cells, ...this.rowClues, ...this.colClues]) {
      el.classList.remove(...classes);
    }
  }

  /** The cell under a pointer event, or null. */
  cellAt(event) {
    const el = document.elementFromPoint(event.clientX, event.clientY);
    const td = el && el.closest ? el.closest("td.cell") : null;
    return td && this.table.contains(td) ? td : null;
  }

  /**
   * Click-and-drag painting. start(r, c, event) returns the value to paint (or null to
   * ignore the press); paint(r, c, value) paints one cell; end() closes the stroke.
   */
  onPaint({ start, paint, end }) {
    this.table.addEventListener("contextmenu", (event) => event.preventDefault());
    this.table.addEventListener("pointerdown", (event) => {
      const td = this.cellAt(event);
      if (!td) return;
      event.preventDefault();
      const value = start(Number(td.dataset.r), Number(td.dataset.c), event);
      if (value === null) return;
      let last = null;
      stroke = {
        visit: (move) => {
          const under = this.cellAt(move);
          if (!under || under === last) return;
          last = under;
          paint(Number(under.dataset.r), Number(under.dataset.c), value);
        },
        end,
      };
      stroke.visit(event);
    });
  }
}
