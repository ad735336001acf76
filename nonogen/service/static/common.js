// Shared helpers: the API client, cell values, clues, downloads and the live region.

/** A cell's value: open (not yet decided), crossed (known empty) or filled. */
export const UNKNOWN = -1;
export const EMPTY = 0;
export const FILLED = 1;
/** The text notation of a value: '?' open, '.' crossed, '#' filled. */
export const SYMBOL = { [UNKNOWN]: "?", [EMPTY]: ".", [FILLED]: "#" };
export const VALUE = { "?": UNKNOWN, ".": EMPTY, "#": FILLED };

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
      info.page_message = info.message;
    }
    throw new ApiError(response.status, info);
  }
  return response;
}

/** A message for people from any error: the service's words for the page (its controls by
 * their labels), or its message. */
export function errorText(error) {
  if (!(error instanceof ApiError)) return String(error.message || error);
  return error.info.page_message || error.info.message;
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

/** Say a message to screen readers (the page's polite live region) and return it. */
export function announce(text) {
  const live = document.getElementById("live");
  live.textContent = "";
  // A fresh text node after a tick, so that the same message twice is said twice.
  setTimeout(() => {
    live.textContent = text;
  }, 50);
  return text;
}

/** Read a JSON value from localStorage, or a fallback (storage may be off or full). */
export function stored(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

/** Write a JSON value to localStorage; quietly nothing when storage is unavailable. */
export function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode or full: progress is simply not kept
  }
}
