// Edit's palette editor: the colours of a colour drawing (background first), each with a
// colour well (<input type="color">) and a name, added up to MAX_COLOURS and removed; the
// drawing's picker beside them. A black-and-white drawing shows only "Add colour".

import { MAX_COLOURS, PRESETS, normalRgb, paletteChars } from "./colour.js";
import { colourPicker } from "./picker.js";

const $ = (id) => document.getElementById(id);
const NAME = /^[^\s<>&"']([^<>&"']*[^\s<>&"'])?$/;

/** A palette from [name, rgb] pairs, with one character per colour. */
export function makePalette(entries) {
  const chars = paletteChars(entries.map(([name]) => name));
  return entries.map(([name, rgb], i) => ({ name, rgb, char: chars[i] }));
}

/** The first colour a new block colour can be: a preset whose name is free. */
function nextPreset(palette) {
  const used = new Set(palette.map(({ name }) => name));
  return PRESETS.find(([name]) => !used.has(name)) || [`colour ${palette.length}`, "#808080"];
}

/** A colour's well: picking in it recolours the palette. */
function colourWell(colour, i, palette, set) {
  const well = document.createElement("input");
  well.type = "color";
  well.value = colour.rgb;
  well.dataset.testid = `edit-colour-rgb-${i}`;
  well.setAttribute("aria-label", `${i ? "Colour" : "Background"} ${colour.name}: pick a colour`);
  well.addEventListener("change", () => {
    const next = palette.map((entry) => [entry.name, entry.rgb]);
    next[i][1] = normalRgb(well.value);
    set(makePalette(next), null);
  });
  return well;
}

/** A colour's name field: a new name renames it, unless malformed or taken. */
function nameField(colour, i, palette, { set, fail }) {
  const name = document.createElement("input");
  name.type = "text";
  name.value = colour.name;
  name.size = 8;
  name.dataset.testid = `edit-colour-name-${i}`;
  name.setAttribute("aria-label", i ? `Name of colour ${i}` : "Name of the background");
  name.addEventListener("change", () => {
    const text = name.value.trim();
    const taken = palette.some((entry, k) => k !== i && entry.name === text);
    if (!NAME.test(text) || taken) {
      fail(`expected a new colour name without quotes, <, > or &, got ${JSON.stringify(text)}`);
      name.value = colour.name;
      return;
    }
    set(makePalette(palette.map((entry, k) => [k === i ? text : entry.name, entry.rgb])), null);
  });
  return name;
}

/** One colour's row of the editor: its well, its name and (not the background) remove. */
function colourRow(colour, i, palette, { set, fail, remove }) {
  const item = document.createElement("div");
  item.className = "colour-row";
  item.append(colourWell(colour, i, palette, set), nameField(colour, i, palette, { set, fail }));
  if (i > 0) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "×";
    button.dataset.testid = `edit-colour-remove-${i}`;
    button.setAttribute("aria-label", `Remove ${colour.name} (its cells are cleared)`);
    button.addEventListener("click", () => remove(i));
    item.append(button);
  }
  return item;
}

/**
 * Wire the editor. get() is the palette (null: black and white); set(palette, remap) replaces
 * it, remap(value) saying what each old cell value becomes (or null when values keep their
 * meaning); pick(value) is told the colour chosen to draw with; fail(message) shows an error.
 */
export function initPaletteEditor({ get, set, pick, fail }) {
  let picker = null;
  const row = (colour, i, palette) =>
    colourRow(colour, i, palette, { set, fail, remove: (k) => removeColour(k) });

  function removeColour(i) {
    const palette = get();
    const rest = palette.filter((_, k) => k !== i).map((entry) => [entry.name, entry.rgb]);
    const remap = (v) => (v === i ? -1 : v > i ? v - 1 : v);
    set(rest.length > 1 ? makePalette(rest) : null, remap);
  }

  /** Show the palette (after any change): its rows and the drawing's picker. */
  function show() {
    const palette = get();
    const colour = palette !== null;
    $("edit-palette-list").replaceChildren(...(colour ? palette.map((c, i) => row(c, i, palette))
      : []));
    $("edit-palette").hidden = !colour;
    $("edit-to-mono").hidden = !colour;
    $("edit-add-colour").disabled = colour && palette.length > MAX_COLOURS;
    $("edit-colour-note").textContent = colour
      ? "Keys 1-9 pick a colour. Fix it and .non export are for black-and-white drawings."
      : "Black and white. Add a colour to draw in colours.";
    picker = colour ? colourPicker($("edit-palette"), palette,
      { background: "erase", pick, prefix: "edit" }) : null;
    if (!colour) pick(1);
  }

  $("edit-add-colour").addEventListener("click", () => {
    const palette = get() || makePalette([["white", "#ffffff"], ["black", "#1f2937"]]);
    if (palette.length > MAX_COLOURS) return;
    const entries = palette.map((entry) => [entry.name, entry.rgb]);
    set(makePalette([...entries, nextPreset(palette)]), null);
  });
  $("edit-to-mono").addEventListener("click", () => set(null, (v) => (v > 0 ? 1 : v)));
  return { show, select: (value) => picker !== null && picker.select(value) };
}
