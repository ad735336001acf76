// A puzzle in a link and a player's progress in localStorage. The link holds the clues (and
// givens, title) in the URL fragment: `#p=` + base64url of "rows/cols/givens/title", a line's
// runs joined by ".", lines by ",", e.g. "2.1,3,/1,1.1,2//heart". A colour puzzle's link is
// `#c=` + base64url of compact JSON: {"p": [[name, "rrggbb"], ...] background first,
// "r"/"c": each line's blocks flattened [length, colour index, ...], "g": givens, "t": title}.
// No solution: the page judges a grid by its clues alone.

import { MAX_COLOURS, clueSpan, normalRgb, paletteChars } from "./colour.js";

const MAX_SIDE = 200;

/** The compact text of a puzzle's clues and givens (JSON for a colour puzzle). */
export function puzzleText({ rows, cols, givens, title, palette }) {
  if (palette) {
    const flat = (clues) => clues.map((clue) => clue.flat());
    const p = palette.map(({ name, rgb }) => [name, rgb.slice(1)]);
    return JSON.stringify({ p, r: flat(rows), c: flat(cols), g: givens || null, t: title || "" });
  }
  const lines = (clues) => clues.map((clue) => clue.join(".")).join(",");
  return [lines(rows), lines(cols), (givens || []).join(","), title || ""].join("/");
}

function base64url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(code) {
  const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true })
    .decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
}

/** The fragment that opens a puzzle: "p=..." (black and white) or "c=..." (colour). */
export const shareFragment = (puzzle) =>
  `${puzzle.palette ? "c" : "p"}=${base64url(puzzleText(puzzle))}`;

/** Colour clue lines from their flattened blocks; Error with what is wrong. */
function colourLines(lines, colours, length, name) {
  if (!Array.isArray(lines) || lines.length < 1 || lines.length > MAX_SIDE) {
    throw new Error(`${name}: expected 1-${MAX_SIDE} lines`);
  }
  return lines.map((flat) => {
    const ok = Array.isArray(flat) && flat.length % 2 === 0 && flat.every(
      (v, k) => Number.isInteger(v) && (k % 2 ? v >= 1 && v < colours : v >= 1));
    if (!ok) throw new Error(`${name}: expected blocks of [length, colour], got ${flat}`);
    const clue = [];
    for (let k = 0; k < flat.length; k += 2) clue.push([flat[k], flat[k + 1]]);
    if (length !== null && clueSpan(clue) > length) {
      throw new Error(`${name}: a clue does not fit in ${length} cells`);
    }
    return clue;
  });
}

/** The colour puzzle a `c=` link's code holds ({palette, rows, cols, givens, title}). */
function fromColourCode(code) {
  const data = JSON.parse(unbase64url(code));
  const entries = Array.isArray(data.p) ? data.p : [];
  if (entries.length < 2 || entries.length > MAX_COLOURS + 1) {
    throw new Error(`expected a palette of 2-${MAX_COLOURS + 1} colours, background first`);
  }
  const names = entries.map((entry) => String(entry[0]));
  const rgbs = entries.map((entry) => normalRgb(entry[1]));
  if (rgbs.includes(null) || new Set(names).size !== names.length) {
    throw new Error("expected distinct colour names, each with an rrggbb colour");
  }
  const chars = paletteChars(names);
  const palette = names.map((name, i) => ({ name, rgb: rgbs[i], char: chars[i] }));
  const cols = colourLines(data.c, palette.length, null, "columns");
  const rows = colourLines(data.r, palette.length, cols.length, "rows");
  colourLines(data.c, palette.length, rows.length, "columns");
  const givens = Array.isArray(data.g) && data.g.length === rows.length ? data.g.map(String) : null;
  return { palette, rows, cols, givens, title: String(data.t || "") };
}

/** Clue lines from their text; Error with what is wrong. */
function parseLines(text, length, name) {
  const lines = text.split(",").map((line) => (line === "" ? [] : line.split(".").map(Number)));
  if (lines.length > MAX_SIDE) throw new Error(`${name}: expected 1-${MAX_SIDE} lines`);
  for (const clue of lines) {
    if (!clue.every((n) => Number.isInteger(n) && n >= 1)) {
      throw new Error(`${name}: expected runs of whole numbers, got ${JSON.stringify(text)}`);
    }
    if (length !== null && clue.reduce((a, b) => a + b, 0) + clue.length - 1 > length) {
      throw new Error(`${name}: the clue ${clue.join(" ")} does not fit in ${length} cells`);
    }
  }
  return lines.map((clue) => clue.filter((n) => n > 0));
}

/** The puzzle a fragment holds ({rows, cols, givens, title}); Error if it holds none. */
export function fromFragment(fragment) {
  const colour = /^#?c=([A-Za-z0-9_-]+)$/.exec(fragment);
  if (colour) return fromColourCode(colour[1]);
  const match = /^#?p=([A-Za-z0-9_-]+)$/.exec(fragment);
  if (!match) throw new Error("expected a puzzle link ending in #p=...");
  const [rowText, colText, givenText, ...rest] = unbase64url(match[1]).split("/");
  if (colText === undefined) throw new Error("expected row and column clues in the link");
  const cols = parseLines(colText, null, "columns");
  const rows = parseLines(rowText, cols.length, "rows");
  parseLines(colText, rows.length, "columns");
  const givens = givenText ? givenText.split(",") : null;
  if (givens && (givens.length !== rows.length ||
    givens.some((row) => row.length !== cols.length || /[^?#.]/.test(row)))) {
    throw new Error("expected one row of ?, # and . per puzzle row for the givens");
  }
  return { rows, cols, givens, title: rest.join("/"), palette: null };
}

/** A short hash of the clues (FNV-1a, 32 bits): the key of a puzzle's saved progress. */
export function puzzleKey(puzzle) {
  let hash = 0x811c9dc5;
  for (const ch of puzzleText({ ...puzzle, title: "" })) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `nonogen:play:${hash.toString(16).padStart(8, "0")}`;
}
