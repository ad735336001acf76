// Colour puzzles: palettes (background first), the contrast of clue digits on their colour,
// coloured clues, and the colour line check. A colour puzzle's cell holds a palette index:
// 0 background (crossed), 1.. a colour, -1 open; its clues are [length, index] blocks.
// Blocks of one colour are apart by at least one background cell; of two colours may touch.

import { EMPTY, UNKNOWN } from "./common.js";

export const MAX_COLOURS = 8;
/** Colours offered when a colour is added in Edit: [name, rgb]. */
export const PRESETS = [
  ["black", "#1f2937"], ["red", "#d62828"], ["blue", "#1d4ed8"], ["green", "#2a9d3a"],
  ["yellow", "#f4c20d"], ["orange", "#f77f00"], ["purple", "#7b2cbf"], ["brown", "#8d5524"],
  ["pink", "#f472b6"], ["grey", "#9ca3af"],
];
const SPARE_CHARS = "123456789abcdefghijklmnopqrstuvwxyz#*+=%@"; // as nonogen/palette.py

/** WCAG relative luminance of "#rrggbb". */
export function luminance(rgb) {
  const channel = (k) => {
    const v = parseInt(rgb.slice(1 + 2 * k, 3 + 2 * k), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two luminances. */
const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The digit colour that contrasts more with a box of colour rgb: black or white. */
export function inkOn(rgb) {
  const l = luminance(rgb);
  return ratio(l, 0) >= ratio(l, 1) ? "#000000" : "#ffffff";
}

/** Whether a colour is too pale to see on white without an outline. */
export const isPale = (rgb) => ratio(luminance(rgb), 1) < 1.6;

/** "#rrggbb" from "#rgb", "rrggbb" or "#RRGGBB"; null if it is none of these. */
export function normalRgb(text) {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(String(text).trim());
  if (!match) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((ch) => ch + ch).join("") : match[1];
  return `#${hex.toLowerCase()}`;
}

/** One distinct character per colour: '.' for the background, else a free first letter. */
export function paletteChars(names) {
  const taken = new Set();
  return names.map((name, i) => {
    const first = i === 0 ? "." : name.slice(0, 1).toLowerCase();
    const ok = i === 0 || (/^[a-z0-9]$/.test(first) && !taken.has(first));
    const char = ok ? first : [...SPARE_CHARS].find((ch) => !taken.has(ch));
    taken.add(char);
    return char;
  });
}

/** Clues with colour names ([[2, "red"]]) as palette indexes ([[2, 1]]); Error if unknown. */
export function indexClues(lines, palette) {
  const index = new Map(palette.map(({ name }, i) => [name, i]));
  return lines.map((clue) => clue.map(([n, name]) => {
    const at = index.get(name);
    if (!at) throw new Error(`the clue colour ${JSON.stringify(name)} is not in the palette`);
    return [n, at];
  }));
}

/** A puzzle record of the service ({palette?, rows, cols}) as {palette, rows, cols}: indexed
 * blocks and a palette for a colour puzzle, the runs and a null palette otherwise. */
export function puzzleOf(record) {
  if (!record.palette) return { palette: null, rows: record.rows, cols: record.cols };
  const palette = record.palette.map(({ name, rgb, char }) =>
    ({ name, rgb: normalRgb(rgb) || "#808080", char }));
  const index = (lines) => indexClues(lines, palette);
  return { palette, rows: index(record.rows), cols: index(record.cols) };
}

/** Clues with palette indexes as colour names, as the service reads them. */
export const namedClues = (lines, palette) =>
  lines.map((clue) => clue.map(([n, at]) => [n, palette[at].name]));

/** The coloured blocks of one line of palette indexes: [[length, index]]. */
export function colourRuns(line) {
  const runs = [];
  let last = 0;
  for (const v of line) {
    if (v > 0 && v === last) runs[runs.length - 1][0] += 1;
    else if (v > 0) runs.push([1, v]);
    last = v > 0 ? v : 0;
  }
  return runs;
}

export const sameBlocks = (a, b) =>
  a.length === b.length && a.every(([n, c], i) => n === b[i][0] && c === b[i][1]);

/** Row and column clues of a width x height array of palette indexes. */
export function colourClues(values, width, height) {
  const rows = [];
  const cols = [];
  for (let r = 0; r < height; r += 1) {
    rows.push(colourRuns(values.slice(r * width, (r + 1) * width)));
  }
  for (let c = 0; c < width; c += 1) {
    cols.push(colourRuns(Array.from({ length: height }, (_, r) => values[r * width + c])));
  }
  return { rows, cols };
}

/** The fewest cells a colour clue needs: its blocks and a gap between two of one colour. */
export const clueSpan = (clue) => clue.reduce(
  (sum, [n, c], j) => sum + n + (j > 0 && clue[j - 1][1] === c ? 1 : 0), 0);

/**
 * Whether some arrangement of a colour clue's blocks agrees with the line's marks: a block's
 * cells open or its colour, every other cell open or crossed. fit[j][i]: blocks j.. can be
 * placed in cells i.., cell i not covered by block j - 1.
 */
export function colourFits(clue, line) {
  const n = line.length;
  const k = clue.length;
  // other[c][i]: cells before i marked neither open nor colour c (a block's span in O(1)).
  const other = new Map();
  for (const [, c] of clue) {
    if (other.has(c)) continue;
    const counts = [0];
    for (const v of line) {
      counts.push(counts[counts.length - 1] + (v === UNKNOWN || v === c ? 0 : 1));
    }
    other.set(c, counts);
  }
  const blank = (v) => v === UNKNOWN || v === EMPTY;
  let next = new Array(n + 2).fill(false); // fit[j + 1][.]
  for (let i = n; i >= 0; i -= 1) next[i] = i === n || (blank(line[i]) && next[i + 1]);
  for (let j = k - 1; j >= 0; j -= 1) {
    const here = new Array(n + 2).fill(false);
    const [run, colour] = clue[j];
    const counts = other.get(colour);
    const gap = j < k - 1 && clue[j + 1][1] === colour; // the next block must keep away
    for (let i = n - 1; i >= 0; i -= 1) {
      const skip = blank(line[i]) && here[i + 1];
      const end = i + run;
      let place = end <= n && counts[end] === counts[i];
      if (place && gap) place = end < n && blank(line[end]) && next[end + 1];
      else if (place) place = next[end];
      here[i] = skip || place;
    }
    next = here;
  }
  return next[0];
}
