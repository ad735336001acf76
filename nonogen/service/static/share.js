// A puzzle in a link and a player's progress in localStorage. The link holds the clues (and
// givens, title) in the URL fragment: `#p=` + base64url of "rows/cols/givens/title", a line's
// runs joined by ".", lines by ",", e.g. "2.1,3,/1,1.1,2//heart". No solution: the page
// judges a grid by its clues alone.

const MAX_SIDE = 200;

/** The compact text of a puzzle's clues and givens. */
export function puzzleText({ rows, cols, givens, title }) {
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

/** The fragment that opens a puzzle: "p=...". */
export const shareFragment = (puzzle) => `p=${base64url(puzzleText(puzzle))}`;

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
  return { rows, cols, givens, title: rest.join("/") };
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
