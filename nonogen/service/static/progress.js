// A game's progress: a timer that runs while the page is visible, and the grid and time
// saved in localStorage under a hash of the clues, so that a reload (or the same puzzle
// opened again from a link) resumes it.

import { SYMBOL, VALUE, store, stored } from "./common.js";
import { puzzleKey } from "./share.js";

const LAST = "nonogen:last";
const SAVE_EVERY_MS = 5000;

/** A stopwatch of play time: it pauses while the tab is hidden and when stopped. */
export class Timer {
  constructor(tick) {
    this.tick = tick;
    this.before = 0; // milliseconds counted before the current run
    this.since = null; // when the current run started (performance.now), or null
    this.running = false;
    this.interval = null;
    document.addEventListener("visibilitychange", () => this.pauseIfHidden());
  }

  get ms() {
    return this.before + (this.since === null ? 0 : performance.now() - this.since);
  }

  /** Start counting from ms. */
  start(ms = 0) {
    this.stop();
    this.before = ms;
    this.running = true;
    this.pauseIfHidden();
    this.interval = setInterval(() => this.tick(), 1000);
  }

  stop() {
    this.before = this.ms;
    this.since = null;
    this.running = false;
    clearInterval(this.interval);
  }

  pauseIfHidden() {
    if (!this.running) return;
    if (document.hidden) {
      this.before = this.ms;
      this.since = null;
    } else if (this.since === null) {
      this.since = performance.now();
    }
    this.tick();
  }
}

/** m:ss or h:mm:ss. */
export function clock(ms) {
  const total = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** A puzzle's saved progress: {values: Int8Array, ms} or null. */
export function loadProgress(puzzle) {
  const saved = stored(puzzleKey(puzzle), null);
  const size = puzzle.rows.length * puzzle.cols.length;
  if (!saved || typeof saved.cells !== "string" || saved.cells.length !== size) return null;
  // Cells are '?' open, '.' crossed, '#' filled (colour 1), '2'..'8' the other colours.
  const most = puzzle.palette ? puzzle.palette.length - 1 : 1;
  const value = (ch) => (/[2-8]/.test(ch) && Number(ch) <= most ? Number(ch) : VALUE[ch]);
  const values = Int8Array.from(saved.cells, (ch) => value(ch) ?? VALUE["?"]);
  return { values, ms: Number(saved.ms) || 0 };
}

/** Save a puzzle's progress now. */
export function saveProgress(puzzle, values, ms) {
  const cells = Array.from(values, (v) => SYMBOL[v] ?? String(v)).join("");
  store(puzzleKey(puzzle), { cells, ms });
}

/** Forget a puzzle's progress (a restart). */
export function dropProgress(puzzle) {
  try {
    localStorage.removeItem(puzzleKey(puzzle));
  } catch {
    // storage off: nothing was kept
  }
}

/** The puzzle played last ({rows, cols, givens, title, palette}), or null. */
export const lastPuzzle = () => stored(LAST, null);
export const rememberPuzzle = ({ rows, cols, givens, title, palette }) =>
  store(LAST, { rows, cols, givens: givens || null, title: title || "", palette: palette || null });

/** Save every few seconds and when the page is hidden or left, via save(). */
export function autosave(save) {
  setInterval(save, SAVE_EVERY_MS);
  document.addEventListener("visibilitychange", save);
  window.addEventListener("pagehide", save);
}
