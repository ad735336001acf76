// Edit's "Fix it": POST /api/fix proposes the fewest cell flips or givens that make the drawn
// puzzle unique and solvable by logic alone; the page marks them on the board and the
// author accepts (flips change the drawing, givens become given cells) or dismisses them.

import { ApiError, announce, api, errorText } from "./common.js";

const $ = (id) => document.getElementById(id);
const MARKS = ["fix-fill", "fix-clear", "fix-given"];

/** "3 cells to flip and 1 given" from a fix record. */
function summary(record) {
  const part = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  const parts = [];
  if (record.flips.length) parts.push(part(record.flips.length, "cell to flip", "cells to flip"));
  if (record.givens.length) parts.push(part(record.givens.length, "given cell", "given cells"));
  return parts.join(" and ");
}

/**
 * Wire the Fix it button. request() is the body for /api/fix ({grid, mode}); board() the
 * editor's board; accept(flips, givens) applies a proposal.
 */
export function initFix({ request, board, accept }) {
  let proposal = null;

  function dismiss() {
    proposal = null;
    $("edit-fix-box").hidden = true;
    const current = board();
    if (current) current.clear(...MARKS);
  }

  function show(record) {
    dismiss();
    const box = $("edit-fix-box");
    box.hidden = false;
    box.dataset.status = record.status;
    const fixed = record.status === "fixed" && (record.flips.length + record.givens.length) > 0;
    let text = record.reason;
    if (fixed) {
      text = record.reason || `${summary(record)} make the puzzle unique and logic-only.`;
      const current = board();
      for (const { row, col, value } of record.flips) {
        current.cell(row, col).classList.add(value === "filled" ? "fix-fill" : "fix-clear");
      }
      for (const { row, col } of record.givens) current.cell(row, col).classList.add("fix-given");
      proposal = record;
    }
    $("edit-fix-text").textContent = text;
    $("edit-fix-accept").hidden = !fixed;
    announce(text);
  }

  $("edit-fix").addEventListener("click", async () => {
    const button = $("edit-fix");
    button.disabled = true;
    try {
      show(await (await api("/api/fix", { json: request() })).json());
    } catch (failure) {
      const missing = failure instanceof ApiError && [404, 405].includes(failure.status);
      show({
        status: "error",
        reason: missing ? "This server cannot fix puzzles (it has no POST /api/fix)."
          : errorText(failure),
        flips: [],
        givens: [],
      });
    } finally {
      button.disabled = false;
    }
  });
  $("edit-fix-accept").addEventListener("click", () => {
    if (!proposal) return;
    const { flips, givens } = proposal;
    dismiss();
    accept(flips, givens);
    announce(`Applied ${summary({ flips, givens })}.`);
  });
  $("edit-fix-dismiss").addEventListener("click", dismiss);
  return { dismiss };
}
