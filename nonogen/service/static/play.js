// Play: solve a puzzle with fill, cross, undo and redo, by pointer or keyboard. Lines are
// judged by their clues only (any valid solution is right); progress and time are saved;
// a link holds the puzzle; hints come from the server. A colour puzzle is played with a
// colour picker instead of the fill tool.

import { Board, zoomButtons } from "./board.js";
import {
  EMPTY, FILLED, SYMBOL, UNKNOWN, VALUE, announce, api, errorText, store, stored,
} from "./common.js";
import { clearHint, drawHint, hintText, hintTitle, stepPairs } from "./hints.js";
import { namedClues, paletteChars, puzzleOf } from "./colour.js";
import { brokenLines, lineCells, lineOf, rules } from "./lines.js";
import { colourPicker } from "./picker.js";
import {
  Timer, autosave, clock, dropProgress, lastPuzzle, loadProgress, rememberPuzzle, saveProgress,
} from "./progress.js";
import { shareFragment } from "./share.js";
import { Sheet, undoKey } from "./sheet.js";

const $ = (id) => document.getElementById(id);
const AUTO_CROSS = "nonogen:auto-cross";

/** The characters a hint request draws cells with: '#' '.' or the palette's, '?' open. */
function cellChars(puzzle) {
  if (!puzzle.palette) return SYMBOL;
  const given = puzzle.palette.map(({ char }) => char);
  const chars = given.every(Boolean) ? given : paletteChars(puzzle.palette.map((c) => c.name));
  return { ...chars, [UNKNOWN]: "?" };
}

/** The value of a given cell's character: '?' open, else '#'/'.' or a palette character. */
function givenValue(puzzle, ch) {
  if (!puzzle.palette) return VALUE[ch] ?? UNKNOWN;
  const at = puzzle.palette.findIndex((colour) => colour.char === ch);
  return at < 0 ? UNKNOWN : at;
}

/** A line step is given in three asks: where to look, then why, then the cells. */
function graduated(record) {
  return record.status === "step" && record.kind === "line" && record.line;
}

/** What a solved puzzle says: the picture's title, when it has one. */
function reveal(puzzle) {
  return puzzle && puzzle.title ? `It is: ${puzzle.title}.`
    : "Every row and column matches its clue: here is the picture.";
}

/** The play header: "Puzzle" and the size while playing (the title would give the picture
 * away); the title once solved. */
function heading(puzzle, width, height, solved) {
  const name = solved && puzzle.title ? puzzle.title : "Puzzle";
  return `${name} · ${width} × ${height}`;
}

function setStatus(text, state) {
  $("play-status").textContent = text;
  $("play-status").dataset.state = state;
}

/** The sentence naming the lines that break their clues. */
function brokenText(broken) {
  const names = broken.slice(0, 6)
    .map(({ kind, index }) => `${kind === "row" ? "row" : "column"} ${index + 1}`);
  const more = broken.length > 6 ? ` and ${broken.length - 6} more` : "";
  const count = broken.length === 1 ? "1 line breaks its" : `${broken.length} lines break their`;
  return `${count} clue (outlined in red): ${names.join(", ")}${more}.`;
}

/** A hint's title and text at a level: a line step shows where, then why, then the cells. */
function hintWords(record, level) {
  const [title, text] = [hintTitle(record), hintText(record)];
  if (!(graduated(record) && level < 3)) return [title, text];
  const { kind, index } = record.line;
  const where = `${kind === "row" ? "Row" : "Column"} ${index + 1}`;
  return [`Look at ${where.toLowerCase()}`, level === 1
    ? `${where} settles cells you have not marked yet. Ask again to see why.`
    : `${text}. Ask again to see the cells.`];
}

async function copyLink() {
  const input = $("play-share-link");
  try {
    // The clipboard may wait for a permission that never comes: then select and copy.
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error("late")), 1000));
    await Promise.race([navigator.clipboard.writeText(input.value), late]);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  announce("Link copied: it opens this puzzle in Play.");
  $("play-copied").hidden = false;
}

/** A game of Play: the puzzle, the player's sheet, the tool, the hint and the time. */
class Game {
  constructor() {
    this.puzzle = null; // {rows, cols, givens: text rows or null, title, palette or null}
    this.givens = null; // Int8Array of the given cells' values, or null
    this.board = null;
    this.sheet = null;
    this.tool = FILLED;
    this.hint = null;
    this.solved = false;
    this.picker = null; // a colour puzzle's colour picker
    this.asked = null; // the latest hint, the marks it was asked for and how much was shown
    this.timer = new Timer(() => this.showTime());
    this.updateZoom = zoomButtons("play", () => this.board);
  }

  width() { return this.puzzle.cols.length; }

  height() { return this.puzzle.rows.length; }

  values() { return this.sheet.values; }

  gridRows() {
    const chars = cellChars(this.puzzle);
    const width = this.width();
    return this.puzzle.rows.map((_, r) =>
      Array.from(this.values().subarray(r * width, (r + 1) * width), (v) => chars[v]).join(""));
  }

  lineDone(kind, index) {
    return rules(this.puzzle).complete(
      (kind === "row" ? this.puzzle.rows : this.puzzle.cols)[index],
      lineOf(this.values(), this.width(), this.height(), kind, index));
  }

  showTime() {
    $("play-timer").textContent = this.puzzle ? clock(this.timer.ms) : "0:00";
  }

  save() {
    if (this.puzzle) saveProgress(this.puzzle, this.values(), this.timer.ms);
  }

  /** Redraw what depends on the whole grid: clues, status, buttons; save the progress. */
  refresh() {
    this.board.setClues(this.puzzle.rows, this.puzzle.cols, (k, i) => this.lineDone(k, i));
    const done = this.board.table.querySelectorAll("th.clue.done").length;
    const lines = this.width() + this.height();
    const nowSolved = done === lines;
    this.board.table.classList.toggle("solved", nowSolved);
    $("play-undo").disabled = this.sheet.done.length === 0;
    $("play-redo").disabled = this.sheet.undone.length === 0;
    if (nowSolved && !this.solved) {
      this.timer.stop();
      announce(`Solved in ${clock(this.timer.ms)}! ${reveal(this.puzzle)}`);
    } else if (!nowSolved && this.solved) {
      this.timer.start(this.timer.ms);
    }
    this.solved = nowSolved;
    $("play-title").textContent = heading(this.puzzle, this.width(), this.height(), nowSolved);
    if (this.solved) {
      setStatus(`Solved in ${clock(this.timer.ms)}! ${reveal(this.puzzle)}`, "solved");
    } else {
      const filled = this.values().filter((v) => v > 0).length;
      setStatus(`${done} of ${lines} lines done · ${filled} cells filled`, "playing");
    }
    this.showTime();
    this.save();
  }

  /** Cross the open cells of the lines a step completed (they join the step). */
  autoCross(step) {
    if (!$("play-auto-cross").checked) return;
    const [width, height] = [this.width(), this.height()];
    const lines = new Set();
    for (const [i] of step) {
      lines.add(`row:${Math.floor(i / width)}`);
      lines.add(`col:${i % width}`);
    }
    const pairs = [];
    for (const line of lines) {
      const [kind, index] = [line.split(":")[0], Number(line.split(":")[1])];
      if (!this.lineDone(kind, index)) continue;
      for (const i of lineCells(width, height, kind, index)) {
        if (this.values()[i] === UNKNOWN) pairs.push([i, EMPTY]);
      }
    }
    this.sheet.apply(pairs);
  }

  clearMarks() {
    this.hint = null;
    $("play-hint-box").hidden = true;
    $("play-hint").textContent = "Hint";
    if (this.board) {
      clearHint(this.board);
      this.board.clear("wrong", "wrong-line");
    }
  }

  render(start) {
    const { puzzle } = this;
    this.board = new Board($("play-board"), "play", this.width(), this.height(), "Puzzle",
      puzzle.palette);
    this.showKind();
    this.sheet = new Sheet(this.board, start, {
      crosses: true,
      locked: (i) => this.givens !== null && this.givens[i] !== UNKNOWN,
      tool: () => this.tool,
      changed: (step) => {
        this.clearMarks();
        if (step) this.autoCross(step);
        this.refresh();
      },
    });
    $("play-title").textContent = heading(puzzle, this.width(), this.height(), false);
    $("play-share-link").value =
      `${location.origin}${location.pathname}#${shareFragment(puzzle)}`;
    this.refresh(); // shows the board, fitted to its box
    this.updateZoom();
  }

  /** Show the tools of the puzzle's kind: fill and cross, or a colour picker. */
  showKind() {
    const colour = this.puzzle.palette !== null;
    $("play-tools").hidden = colour;
    $("play-palette").hidden = !colour;
    $("play-colour-note").hidden = !colour;
    this.picker = colour ? colourPicker($("play-palette"), this.puzzle.palette,
      { background: "cross", pick: (value) => { this.tool = value; }, prefix: "play" }) : null;
    if (!colour) this.setTool(FILLED);
  }

  /** Open a puzzle ({rows, cols, givens, title, palette}), resuming its saved progress. */
  load(next, { resume = true } = {}) {
    this.save();
    const { rows, cols } = next;
    const puzzle = { rows, cols, givens: next.givens || null, title: next.title || "",
      palette: next.palette || null };
    this.puzzle = puzzle;
    rememberPuzzle(puzzle);
    const size = this.width() * this.height();
    this.givens = puzzle.givens
      ? Int8Array.from(puzzle.givens.join(""), (ch) => givenValue(puzzle, ch)) : null;
    const saved = resume ? loadProgress(puzzle) : null;
    const start = saved ? saved.values : new Int8Array(size).fill(UNKNOWN);
    if (this.givens) this.givens.forEach((v, i) => v !== UNKNOWN && (start[i] = v));
    this.solved = false;
    this.timer.start(saved ? saved.ms : 0);
    this.clearMarks();
    this.render(start);
    if (saved) announce(`Resumed the puzzle at ${clock(this.timer.ms)}.`);
  }

  showHint(record, level = 3) {
    this.clearMarks();
    const box = $("play-hint-box");
    box.hidden = false;
    box.classList.toggle("mistake", record.status === "mistake");
    box.dataset.status = record.status;
    box.dataset.kind = record.kind || "";
    box.dataset.level = String(level);
    const [title, text] = hintWords(record, level);
    if (graduated(record) && level < 3) {
      drawHint(this.board, { line: record.line, cells: [] });
    } else {
      drawHint(this.board, record);
      this.hint = stepPairs(record, this.width(), this.puzzle.palette);
    }
    $("play-hint-title").textContent = title;
    $("play-hint-text").textContent = text;
    $("play-apply").hidden = this.hint === null;
    $("play-hint").textContent = graduated(record) && level < 3 ? "More" : "Hint";
    announce(`${title}: ${text}`);
    if (record.status === "mistake") setStatus("There is a mistake.", "mistake");
  }

  async fetchHint() {
    const { palette } = this.puzzle;
    const chars = cellChars(this.puzzle);
    const json = palette
      ? { palette: palette.map(({ name, rgb }, i) => ({ name, rgb, char: chars[i] })),
        rows: namedClues(this.puzzle.rows, palette), cols: namedClues(this.puzzle.cols, palette),
        grid: this.gridRows() }
      : { rows: this.puzzle.rows, cols: this.puzzle.cols, grid: this.gridRows() };
    return (await api("/api/hint", { json })).json();
  }

  async askHint() {
    if (!this.puzzle) return;
    const marks = this.gridRows().join("/");
    const { asked } = this;
    if (asked && asked.marks === marks && graduated(asked.record) && asked.level < 3) {
      asked.level += 1;
      this.showHint(asked.record, asked.level);
      return;
    }
    try {
      const record = await this.fetchHint();
      this.asked = { record, marks, level: 1 };
      this.showHint(record, graduated(record) ? 1 : 3);
    } catch (failure) {
      this.asked = null;
      this.showHint({ status: "error", reason: errorText(failure), line: null, cells: [] });
    }
  }

  /** Outline the lines whose marks fit no arrangement of their clue; the lines. */
  markBroken() {
    const broken = brokenLines(this.puzzle, this.values());
    for (const { kind, index } of broken) {
      const clues = kind === "row" ? this.board.rowClues : this.board.colClues;
      clues[index].classList.add("wrong-line");
      for (const i of lineCells(this.width(), this.height(), kind, index)) {
        if (this.values()[i] !== UNKNOWN) this.board.cells[i].classList.add("wrong");
      }
    }
    return broken;
  }

  /** Flag the lines whose marks fit no arrangement of their clue; else ask the server. */
  async checkMistakes() {
    if (!this.puzzle) return;
    this.clearMarks();
    const broken = this.markBroken();
    if (broken.length) {
      setStatus(announce(brokenText(broken)), "mistake");
      return;
    }
    if (this.solved) {
      setStatus(announce("No mistakes: Solved! Every row and column matches its clue."), "solved");
      return;
    }
    let text = "No mistakes so far: every line can still match its clue.";
    try {
      const record = await this.fetchHint(); // looks ahead: marks no solution can hold
      if (record.status === "mistake") {
        this.showHint(record);
        text = `Every line fits its clue, but the marks cannot all be right: ${record.reason}`;
      }
    } catch {
      // offline: the line check above is all we can say
    }
    setStatus(announce(text), text.startsWith("No mistakes") ? "playing" : "mistake");
  }

  setTool(mark) {
    this.tool = mark;
    $("play-tool-fill").setAttribute("aria-pressed", String(mark === FILLED));
    $("play-tool-cross").setAttribute("aria-pressed", String(mark === EMPTY));
  }

  async importFile(file) {
    const body = new FormData();
    body.append("file", file);
    try {
      const record = await (await api("/api/check", { body })).json();
      this.load({ ...puzzleOf(record), givens: record.givens || null,
        title: record.title || "" }); // an untitled file is "Puzzle", never its file name
    } catch (failure) {
      setStatus(announce(errorText(failure)), "mistake");
    }
  }

  /** Digits pick a colour; the undo keys undo and redo. */
  key(event) {
    const typing = event.target.matches("input, select, textarea");
    const digit = /^[1-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (digit && this.picker && !typing) {
      if (this.picker.select(Number(event.key))) event.preventDefault();
      return;
    }
    const action = undoKey(event);
    if (!action || !this.sheet || typing) return;
    event.preventDefault();
    this.sheet.replay(action === "undo");
  }
}

/** Wire Play's buttons, file field, share link and keys to the game. */
function wire(game) {
  $("play-tool-fill").addEventListener("click", () => game.setTool(FILLED));
  $("play-tool-cross").addEventListener("click", () => game.setTool(EMPTY));
  $("play-undo").addEventListener("click", () => game.sheet && game.sheet.replay(true));
  $("play-redo").addEventListener("click", () => game.sheet && game.sheet.replay(false));
  $("play-restart").addEventListener("click", () => {
    if (!game.puzzle) return;
    dropProgress(game.puzzle);
    game.load(game.puzzle, { resume: false });
  });
  $("play-hint").addEventListener("click", () => game.askHint());
  $("play-check").addEventListener("click", () => game.checkMistakes());
  $("play-apply").addEventListener("click", () => {
    if (!game.hint) return;
    const pairs = game.hint;
    game.clearMarks();
    game.sheet.apply(pairs);
  });
  $("play-import").addEventListener("change", (event) => {
    if (event.target.files.length) game.importFile(event.target.files[0]);
    event.target.value = "";
  });
  $("play-copy").addEventListener("click", copyLink);
  $("play-share-link").addEventListener("focus", (event) => event.target.select());
  $("play-auto-cross").checked = stored(AUTO_CROSS, false);
  $("play-auto-cross").addEventListener("change",
    (event) => store(AUTO_CROSS, event.target.checked));
  $("panel-play").addEventListener("keydown", (event) => game.key(event));
  autosave(() => game.save());
}

export function initPlay() {
  const game = new Game();
  wire(game);
  return {
    load: (next, options) => game.load(next, options),
    /** Open the puzzle played last, if there is one. */
    resume() {
      const last = lastPuzzle();
      if (last && !game.puzzle) game.load(last);
    },
  };
}
