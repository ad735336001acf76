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

export function initPlay() {
  let puzzle = null; // {rows, cols, givens: text rows or null, title, palette or null}
  let givens = null; // Int8Array of the given cells' values, or null
  let board = null;
  let sheet = null;
  let tool = FILLED;
  let hint = null;
  let solved = false;
  let picker = null; // a colour puzzle's colour picker
  const timer = new Timer(() => showTime());

  const width = () => puzzle.cols.length;
  const height = () => puzzle.rows.length;
  const values = () => sheet.values;
  /** The characters a hint request draws cells with: '#' '.' or the palette's, '?' open. */
  const cellChars = () => {
    if (!puzzle.palette) return SYMBOL;
    const given = puzzle.palette.map(({ char }) => char);
    const chars = given.every(Boolean) ? given : paletteChars(puzzle.palette.map((c) => c.name));
    return { ...chars, [UNKNOWN]: "?" };
  };
  const gridRows = () => {
    const chars = cellChars();
    return puzzle.rows.map((_, r) =>
      Array.from(values().subarray(r * width(), (r + 1) * width()), (v) => chars[v]).join(""));
  };
  const lineDone = (kind, index) => rules(puzzle).complete(
    (kind === "row" ? puzzle.rows : puzzle.cols)[index],
    lineOf(values(), width(), height(), kind, index));

  function setStatus(text, state) {
    $("play-status").textContent = text;
    $("play-status").dataset.state = state;
  }

  function showTime() {
    $("play-timer").textContent = puzzle ? clock(timer.ms) : "0:00";
  }

  function save() {
    if (puzzle) saveProgress(puzzle, values(), timer.ms);
  }

  /** Redraw what depends on the whole grid: clues, status, buttons; save the progress. */
  function refresh() {
    board.setClues(puzzle.rows, puzzle.cols, lineDone);
    const done = board.table.querySelectorAll("th.clue.done").length;
    const lines = width() + height();
    const nowSolved = done === lines;
    board.table.classList.toggle("solved", nowSolved);
    $("play-undo").disabled = sheet.done.length === 0;
    $("play-redo").disabled = sheet.undone.length === 0;
    if (nowSolved && !solved) {
      timer.stop();
      announce(`Solved in ${clock(timer.ms)}! ${reveal()}`);
    } else if (!nowSolved && solved) {
      timer.start(timer.ms);
    }
    solved = nowSolved;
    if (solved) {
      setStatus(`Solved in ${clock(timer.ms)}! ${reveal()}`, "solved");
    } else {
      const filled = values().filter((v) => v > 0).length;
      setStatus(`${done} of ${lines} lines done · ${filled} cells filled`, "playing");
    }
    showTime();
    save();
  }

  /** Cross the open cells of the lines a step completed (they join the step). */
  function autoCross(step) {
    if (!$("play-auto-cross").checked) return;
    const lines = new Set();
    for (const [i] of step) {
      lines.add(`row:${Math.floor(i / width())}`);
      lines.add(`col:${i % width()}`);
    }
    const pairs = [];
    for (const line of lines) {
      const [kind, index] = [line.split(":")[0], Number(line.split(":")[1])];
      if (!lineDone(kind, index)) continue;
      for (const i of lineCells(width(), height(), kind, index)) {
        if (values()[i] === UNKNOWN) pairs.push([i, EMPTY]);
      }
    }
    sheet.apply(pairs);
  }

  /** What a solved puzzle says: the picture's title, when it has one. */
  function reveal() {
    return puzzle && puzzle.title ? `It is: ${puzzle.title}.`
      : "Every row and column matches its clue.";
  }

  function clearMarks() {
    hint = null;
    $("play-hint-box").hidden = true;
    $("play-hint").textContent = "Hint";
    if (board) {
      clearHint(board);
      board.clear("wrong", "wrong-line");
    }
  }

  function render(start) {
    board = new Board($("play-board"), "play", width(), height(), "Puzzle", puzzle.palette);
    showKind();
    sheet = new Sheet(board, start, {
      crosses: true,
      locked: (i) => givens !== null && givens[i] !== UNKNOWN,
      tool: () => tool,
      changed: (step) => {
        clearMarks();
        if (step) autoCross(step);
        refresh();
      },
    });
    $("play-title").textContent = `${puzzle.title || "Puzzle"} · ${width()} × ${height()}`;
    $("play-share-link").value =
      `${location.origin}${location.pathname}#${shareFragment(puzzle)}`;
    refresh(); // shows the board, fitted to its box
    updateZoom();
  }

  /** Show the tools of the puzzle's kind: fill and cross, or a colour picker. */
  function showKind() {
    const colour = puzzle.palette !== null;
    $("play-tools").hidden = colour;
    $("play-palette").hidden = !colour;
    $("play-colour-note").hidden = !colour;
    picker = colour ? colourPicker($("play-palette"), puzzle.palette,
      { background: "cross", pick: (value) => { tool = value; }, prefix: "play" }) : null;
    if (!colour) setTool(FILLED);
  }

  /** The value of a given cell's character: '?' open, else '#'/'.' or a palette character. */
  const givenValue = (ch) => {
    if (!puzzle.palette) return VALUE[ch] ?? UNKNOWN;
    const at = puzzle.palette.findIndex((colour) => colour.char === ch);
    return at < 0 ? UNKNOWN : at;
  };

  /** Open a puzzle ({rows, cols, givens, title, palette}), resuming its saved progress. */
  function load(next, { resume = true } = {}) {
    save();
    const { rows, cols } = next;
    puzzle = { rows, cols, givens: next.givens || null, title: next.title || "",
      palette: next.palette || null };
    rememberPuzzle(puzzle);
    const size = width() * height();
    givens = puzzle.givens ? Int8Array.from(puzzle.givens.join(""), givenValue) : null;
    const saved = resume ? loadProgress(puzzle) : null;
    const start = saved ? saved.values : new Int8Array(size).fill(UNKNOWN);
    if (givens) givens.forEach((v, i) => v !== UNKNOWN && (start[i] = v));
    solved = false;
    timer.start(saved ? saved.ms : 0);
    clearMarks();
    render(start);
    if (saved) announce(`Resumed ${puzzle.title || "the puzzle"} at ${clock(timer.ms)}.`);
  }

  /** A line step is given in three asks: where to look, then why, then the cells. */
  function graduated(record) {
    return record.status === "step" && record.kind === "line" && record.line;
  }

  function showHint(record, level = 3) {
    clearMarks();
    const box = $("play-hint-box");
    box.hidden = false;
    box.classList.toggle("mistake", record.status === "mistake");
    box.dataset.status = record.status;
    box.dataset.kind = record.kind || "";
    box.dataset.level = String(level);
    let [title, text] = [hintTitle(record), hintText(record)];
    if (graduated(record) && level < 3) {
      const { kind, index } = record.line;
      const where = `${kind === "row" ? "Row" : "Column"} ${index + 1}`;
      title = `Look at ${where.toLowerCase()}`;
      text = level === 1
        ? `${where} settles cells you have not marked yet. Ask again to see why.`
        : `${text}. Ask again to see the cells.`;
      drawHint(board, { line: record.line, cells: [] });
    } else {
      drawHint(board, record);
      hint = stepPairs(record, width(), puzzle.palette);
    }
    $("play-hint-title").textContent = title;
    $("play-hint-text").textContent = text;
    $("play-apply").hidden = hint === null;
    $("play-hint").textContent = graduated(record) && level < 3 ? "More" : "Hint";
    announce(`${title}: ${text}`);
    if (record.status === "mistake") setStatus("There is a mistake.", "mistake");
  }

  async function fetchHint() {
    const { palette } = puzzle;
    const json = palette
      ? { palette: palette.map(({ name, rgb }, i) => ({ name, rgb, char: cellChars()[i] })),
        rows: namedClues(puzzle.rows, palette), cols: namedClues(puzzle.cols, palette),
        grid: gridRows() }
      : { rows: puzzle.rows, cols: puzzle.cols, grid: gridRows() };
    return (await api("/api/hint", { json })).json();
  }

  let asked = null; // the latest hint, the marks it was asked for and how much was shown

  async function askHint() {
    if (!puzzle) return;
    const marks = gridRows().join("/");
    if (asked && asked.marks === marks && graduated(asked.record) && asked.level < 3) {
      asked.level += 1;
      showHint(asked.record, asked.level);
      return;
    }
    try {
      const record = await fetchHint();
      asked = { record, marks, level: 1 };
      showHint(record, graduated(record) ? 1 : 3);
    } catch (failure) {
      asked = null;
      showHint({ status: "error", reason: errorText(failure), line: null, cells: [] });
    }
  }

  /** Flag the lines whose marks fit no arrangement of their clue; else ask the server. */
  async function checkMistakes() {
    if (!puzzle) return;
    clearMarks();
    const broken = brokenLines(puzzle, values());
    for (const { kind, index } of broken) {
      (kind === "row" ? board.rowClues : board.colClues)[index].classList.add("wrong-line");
      for (const i of lineCells(width(), height(), kind, index)) {
        if (values()[i] !== UNKNOWN) board.cells[i].classList.add("wrong");
      }
    }
    if (broken.length) {
      const names = broken.slice(0, 6)
        .map(({ kind, index }) => `${kind === "row" ? "row" : "column"} ${index + 1}`);
      const more = broken.length > 6 ? ` and ${broken.length - 6} more` : "";
      const count = broken.length === 1 ? "1 line breaks its"
        : `${broken.length} lines break their`;
      const text = `${count} clue (outlined in red): ${names.join(", ")}${more}.`;
      setStatus(announce(text), "mistake");
      return;
    }
    if (solved) {
      setStatus(announce("No mistakes: Solved! Every row and column matches its clue."), "solved");
      return;
    }
    let text = "No mistakes so far: every line can still match its clue.";
    try {
      const record = await fetchHint(); // looks ahead: marks no solution can hold
      if (record.status === "mistake") {
        showHint(record);
        text = `Every line fits its clue, but the marks cannot all be right: ${record.reason}`;
      }
    } catch {
      // offline: the line check above is all we can say
    }
    setStatus(announce(text), text.startsWith("No mistakes") ? "playing" : "mistake");
  }

  function setTool(mark) {
    tool = mark;
    $("play-tool-fill").setAttribute("aria-pressed", String(mark === FILLED));
    $("play-tool-cross").setAttribute("aria-pressed", String(mark === EMPTY));
  }

  async function importFile(file) {
    const body = new FormData();
    body.append("file", file);
    try {
      const record = await (await api("/api/check", { body })).json();
      load({ ...puzzleOf(record), givens: record.givens || null,
        title: record.title || file.name.replace(/\.[^.]*$/, "") });
    } catch (failure) {
      setStatus(announce(errorText(failure)), "mistake");
    }
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

  const updateZoom = zoomButtons("play", () => board);
  $("play-tool-fill").addEventListener("click", () => setTool(FILLED));
  $("play-tool-cross").addEventListener("click", () => setTool(EMPTY));
  $("play-undo").addEventListener("click", () => sheet && sheet.replay(true));
  $("play-redo").addEventListener("click", () => sheet && sheet.replay(false));
  $("play-restart").addEventListener("click", () => {
    if (!puzzle) return;
    dropProgress(puzzle);
    load(puzzle, { resume: false });
  });
  $("play-hint").addEventListener("click", askHint);
  $("play-check").addEventListener("click", checkMistakes);
  $("play-apply").addEventListener("click", () => {
    if (!hint) return;
    const pairs = hint;
    clearMarks();
    sheet.apply(pairs);
  });
  $("play-import").addEventListener("change", (event) => {
    if (event.target.files.length) importFile(event.target.files[0]);
    event.target.value = "";
  });
  $("play-copy").addEventListener("click", copyLink);
  $("play-share-link").addEventListener("focus", (event) => event.target.select());
  $("play-auto-cross").checked = stored(AUTO_CROSS, false);
  $("play-auto-cross").addEventListener("change",
    (event) => store(AUTO_CROSS, event.target.checked));
  $("panel-play").addEventListener("keydown", (event) => {
    const digit = /^[1-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (digit && picker && !event.target.matches("input, select, textarea")) {
      if (picker.select(Number(event.key))) event.preventDefault();
      return;
    }
    const action = undoKey(event);
    if (!action || !sheet || event.target.matches("input, select, textarea")) return;
    event.preventDefault();
    sheet.replay(action === "undo");
  });
  autosave(save);

  return {
    load,
    /** Open the puzzle played last, if there is one. */
    resume() {
      const last = lastPuzzle();
      if (last && !puzzle) load(last);
    },
  };
}
