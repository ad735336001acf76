// Play: solve a puzzle with fill, cross and undo; satisfied lines, a mistakes check, hints.

import { Board, api, errorText, lineClue, sameClue } from "./common.js";

const $ = (id) => document.getElementById(id);
const UNKNOWN = -1;
const EMPTY = 0;
const FILLED = 1;
const SYMBOL = { [UNKNOWN]: "?", [EMPTY]: ".", [FILLED]: "#" };

export function initPlay() {
  let puzzle = null; // {rows, cols, solution: text rows or null, title}
  let cells = new Int8Array(0);
  let history = [];
  let changes = null;
  let tool = "fill";
  let board = null;
  let hint = null;

  const width = () => puzzle.cols.length;
  const height = () => puzzle.rows.length;
  const at = (r, c) => cells[r * width() + c];
  const gridRows = () =>
    puzzle.rows.map((_, r) => puzzle.cols.map((__, c) => SYMBOL[at(r, c)]).join(""));

  function setStatus(text, state) {
    $("play-status").textContent = text;
    $("play-status").dataset.state = state;
  }

  function drawCell(i) {
    const td = board.cells[i];
    td.classList.toggle("filled", cells[i] === FILLED);
    td.classList.toggle("crossed", cells[i] === EMPTY);
    td.dataset.state = cells[i] === FILLED ? "filled" : cells[i] === EMPTY ? "crossed" : "open";
  }

  /** Whether a line's filled cells read its clue. */
  function lineDone(kind, index) {
    if (kind === "row") {
      return sameClue(lineClue(puzzle.cols.map((_, c) => at(index, c) === FILLED)),
        puzzle.rows[index]);
    }
    return sameClue(lineClue(puzzle.rows.map((_, r) => at(r, index) === FILLED)),
      puzzle.cols[index]);
  }

  function refresh() {
    board.setClues(puzzle.rows, puzzle.cols, lineDone);
    const done = board.rowClues.filter((th) => th.classList.contains("done")).length +
      board.colClues.filter((th) => th.classList.contains("done")).length;
    const solved = done === width() + height();
    board.table.classList.toggle("solved", solved);
    $("play-undo").disabled = history.length === 0;
    if (solved) {
      setStatus("Solved! Every row and column matches its clue.", "solved");
    } else {
      const filled = cells.filter((v) => v === FILLED).length;
      setStatus(`${done} of ${width() + height()} lines done · ${filled} cells filled`, "playing");
    }
  }

  function clearMarks() {
    hint = null;
    $("play-hint-box").hidden = true;
    board.clear("hint-fill", "hint-empty", "line-hint", "hint-line", "wrong");
  }

  /** Apply [index, value] pairs as one undoable step. */
  function applyStep(pairs) {
    const step = pairs.filter(([i, v]) => cells[i] !== v).map(([i, v]) => [i, cells[i], v]);
    for (const [i, , v] of step) {
      cells[i] = v;
      drawCell(i);
    }
    if (step.length) history.push(step);
    refresh();
  }

  function render() {
    board = new Board($("play-board"), "play", width(), height());
    board.onPaint({
      start: (r, c, event) => {
        clearMarks();
        const target = event.button === 2 || tool === "cross" ? EMPTY : FILLED;
        changes = [];
        return at(r, c) === target ? UNKNOWN : target;
      },
      paint: (r, c, value) => {
        const i = r * width() + c;
        if (cells[i] === value) return;
        changes.push([i, cells[i], value]);
        cells[i] = value;
        drawCell(i);
      },
      end: () => {
        if (changes && changes.length) history.push(changes);
        changes = null;
        refresh();
      },
    });
    cells.forEach((_, i) => drawCell(i));
    $("play-title").textContent =
      `${puzzle.title || "Puzzle"} · ${width()} × ${height()}`;
    refresh();
  }

  function showHint(record) {
    clearMarks();
    const box = $("play-hint-box");
    box.hidden = false;
    box.classList.toggle("mistake", record.status === "mistake");
    box.dataset.status = record.status;
    const titles = {
      step: "Next step", mistake: "There is a mistake", solved: "Solved", stuck: "No single step",
    };
    $("play-hint-title").textContent = titles[record.status] || "Hint";
    $("play-hint-text").textContent = record.reason;
    if (record.line) {
      const { kind, index } = record.line;
      const clues = kind === "row" ? board.rowClues : board.colClues;
      clues[index].classList.add("hint-line");
      const length = kind === "row" ? width() : height();
      for (let k = 0; k < length; k += 1) {
        const [r, c] = kind === "row" ? [index, k] : [k, index];
        board.cell(r, c).classList.add("line-hint");
      }
    }
    for (const { row, col, value } of record.cells) {
      board.cell(row, col).classList.add(value === "filled" ? "hint-fill" : "hint-empty");
    }
    hint = record.status === "step" ? record : null;
    $("play-apply").hidden = hint === null;
    if (record.status === "mistake") setStatus("There is a mistake.", "mistake");
  }

  async function askHint() {
    if (!puzzle) return;
    try {
      const response = await api("/api/hint", {
        json: { rows: puzzle.rows, cols: puzzle.cols, grid: gridRows() },
      });
      showHint(await response.json());
    } catch (failure) {
      showHint({ status: "error", reason: errorText(failure), line: null, cells: [] });
    }
  }

  async function checkMistakes() {
    if (!puzzle) return;
    clearMarks();
    if (!puzzle.solution) {
      await askHint();
      return;
    }
    let wrong = 0;
    puzzle.solution.forEach((row, r) => [...row].forEach((ch, c) => {
      const value = at(r, c);
      if ((value === FILLED && ch !== "#") || (value === EMPTY && ch === "#")) {
        board.cell(r, c).classList.add("wrong");
        wrong += 1;
      }
    }));
    if (wrong) {
      setStatus(`${wrong} ${wrong === 1 ? "cell is" : "cells are"} wrong (outlined in red).`,
        "mistake");
    } else {
      setStatus("No mistakes so far.", "playing");
    }
  }

  function setTool(name) {
    tool = name;
    $("play-tool-fill").setAttribute("aria-checked", String(name === "fill"));
    $("play-tool-cross").setAttribute("aria-checked", String(name === "cross"));
  }

  async function importFile(file) {
    const body = new FormData();
    body.append("file", file);
    try {
      const record = await (await api("/api/check", { body })).json();
      const solution = record.goal || (record.status === "unique" ? record.solution : null);
      load({ rows: record.rows, cols: record.cols, solution, title: record.title || file.name });
    } catch (failure) {
      setStatus(errorText(failure), "mistake");
    }
  }

  function load(next) {
    puzzle = next;
    cells = new Int8Array(next.rows.length * next.cols.length).fill(UNKNOWN);
    history = [];
    render();
    clearMarks();
  }

  $("play-tool-fill").addEventListener("click", () => setTool("fill"));
  $("play-tool-cross").addEventListener("click", () => setTool("cross"));
  $("play-undo").addEventListener("click", () => {
    const step = history.pop();
    if (!step) return;
    clearMarks();
    for (const [i, before] of step.reverse()) {
      cells[i] = before;
      drawCell(i);
    }
    refresh();
  });
  $("play-restart").addEventListener("click", () => puzzle && load(puzzle));
  $("play-hint").addEventListener("click", askHint);
  $("play-check").addEventListener("click", checkMistakes);
  $("play-apply").addEventListener("click", () => {
    if (!hint) return;
    const pairs = hint.cells.map(({ row, col, value }) =>
      [row * width() + col, value === "filled" ? FILLED : EMPTY]);
    clearMarks();
    applyStep(pairs);
  });
  $("play-import").addEventListener("change", (event) => {
    if (event.target.files.length) importFile(event.target.files[0]);
    event.target.value = "";
  });

  return { load };
}
