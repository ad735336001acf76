// Make: upload a picture with the make options; show the preview, verdict and downloads. With
// 2-8 colours the result is a colour puzzle: its palette is shown, Play and Edit get it.

import { paint } from "./board.js";
import { puzzleOf } from "./colour.js";
import { announce, api, errorText } from "./common.js";
import { initStudio } from "./studio.js";

const $ = (id) => document.getElementById(id);

/** The form's options as multipart fields (empty ones left out: the server's defaults). A
 * mosaic takes the width as its tiles' width, and no height or colours. With ``picked`` (the
 * studio's choice) the make repairs that drawing. */
function formData(file, picked = null) {
  const data = new FormData();
  data.append("picture", file);
  const tiles = $("make-tiles").value;
  const fields = {
    difficulty: $("make-difficulty").value,
    contrast: $("make-contrast").value,
    invert: $("make-invert").value,
    seed: $("make-seed").value,
    max_flips: $("make-max-flips").value,
    subject: $("make-subject").value.trim(),
    title: $("make-puzzle-title").value.trim(),
    candidate: picked || "",
    ...(tiles
      ? { tiles, tile_width: $("make-width").value }
      : {
          width: $("make-width").value,
          height: $("make-height").value,
          colors: $("make-colors").value,
        }),
  };
  const conversion = $("make-threshold").value; // "method:NAME", "threshold:T" or "" (automatic)
  if (conversion !== "") {
    const [key, value] = conversion.split(":", 2);
    fields[key] = value;
  }
  for (const [key, value] of Object.entries(fields)) {
    if (value !== "") data.append(key, value);
  }
  for (const key of ["edges", "crop", "despeckle", "allow_search"]) {
    if ($(`make-${key.replace("_", "-")}`).checked) data.append(key, "true");
  }
  if ($("make-whole-frame").checked) data.append("tight", "false");
  return data;
}

/** A small coloured label. */
function badge(text, kind) {
  const span = document.createElement("span");
  span.className = `badge ${kind}`;
  span.textContent = text;
  return span;
}

/** "Light and dark (dark subject)" from a conversion record, and for the details its score
 * among the drawings tried. */
function conversionText(conversion) {
  if (conversion.label) return conversion.label;
  const side = conversion.params && conversion.params.subject;
  return `${conversion.method}${side ? ` (${side} subject)` : ""}`;
}

function conversionDetails(conversion) {
  const { score } = conversion;
  const scored = typeof score === "number" ? `likeness score ${score.toFixed(3)}` : "";
  const others = conversion.candidates ? ` (the best of ${conversion.candidates.length} drawings)` : "";
  return `${conversion.method}${scored ? `, ${scored}` : ""}${others}`;
}

/** The made puzzle's JSON file (it holds the conversion and any givens), or {}. */
async function puzzleFile(record) {
  try {
    return await (await api(record.links.json, { method: "GET" })).json();
  } catch {
    return {};
  }
}

/** Show the conversion the make chose. */
function showConversion(conversion) {
  $("make-conversion").textContent = conversion ? `Drawn as: ${conversionText(conversion)}` : "";
  $("make-details-conversion").textContent = conversion ? conversionDetails(conversion) : "";
}

/** Every warning of the conversion (a poster drawn, a crop), where the person sees them. */
function showWarnings(conversion) {
  const warnings = (conversion && (conversion.page_warnings || conversion.warnings)) || [];
  const items = warnings.map((text) => {
    const item = document.createElement("li");
    item.textContent = text;
    return item;
  });
  $("make-warnings").replaceChildren(...items);
  $("make-warnings").hidden = !items.length;
}

/** Show a colour puzzle's palette as swatches (hidden for black and white). */
function showPalette(palette) {
  const items = (palette || []).map(({ name, rgb }, i) => {
    const item = document.createElement("span");
    item.className = "swatch-item";
    const chip = document.createElement("span");
    chip.setAttribute("aria-hidden", "true");
    paint(chip, rgb, "chip");
    const label = document.createElement("span");
    label.textContent = i ? name : `${name} (background)`;
    item.append(chip, label);
    return item;
  });
  $("make-palette").replaceChildren(...items);
  $("make-palette").hidden = !items.length;
}

/** "12 cells changed from the picture (3 %)", a colour puzzle's with its colours. */
function changes(record) {
  const figures = record.fidelity || {};
  const [count, share] = record.palette ? [figures.changed, figures.changed_percent]
    : [figures.flipped, figures.flipped_percent];
  const cells = count === 1 ? "1 cell" : `${count} cells`;
  const colours = record.palette ? `${record.palette.length - 1} colours · ` : "";
  return `${colours}${cells} changed from the picture (${share} %)`;
}

/** The numbers for experts, behind the Details toggle: fill, seed, time. */
function details(record) {
  const figures = record.fidelity || {};
  const fill = record.palette ? "" : `share filled ${figures.fill_before} → ${figures.fill_after} · `;
  return `${fill}seed ${record.seed} · made in ${record.seconds} s`;
}

/** Show a mosaic: the set's badges and summary, and each tile with its preview, downloads and
 * a Play button; the single puzzle's figures and buttons are hidden. */
function showMosaic(record, toPlay) {
  $("make-warnings").hidden = true;
  const tiles = record.tiles;
  const logic = tiles.every((tile) => tile.verdict.line_solvable);
  showPalette(null);
  $("make-title").textContent = record.title || "Mosaic";
  $("make-badges").replaceChildren(
    badge(`${tiles.length} tiles, each unique`, "good"),
    ...(logic ? [badge("Logic-only", "info")] : []),
  );
  $("make-summary").textContent =
    `${record.width} × ${record.height} cells as ${record.tiles_across} × ` +
    `${record.tiles_down} tiles · ${record.changes.length} cells changed from the picture`;
  $("make-details-figures").textContent = `seed ${record.seed} · made in ${record.seconds} s`;
  const items = tiles.map((tile) => {
    const item = document.createElement("li");
    item.dataset.testid = "make-tile";
    const image = document.createElement("img");
    image.src = tile.links.png;
    image.alt = `Tile ${tile.tile}: the puzzle and its solution`;
    const heading = document.createElement("p");
    heading.textContent = `${tile.tile}: ${tile.width} × ${tile.height}, ` +
      `${tile.verdict.tier || tile.verdict.status}`;
    const pdf = document.createElement("a");
    pdf.className = "button";
    pdf.href = tile.links.puzzle_pdf;
    pdf.download = `${(record.title || "mosaic").replace(/[^\w-]+/g, "_")}-${tile.tile}.pdf`;
    pdf.textContent = "PDF";
    const play = document.createElement("button");
    play.type = "button";
    play.textContent = `Play ${tile.tile}`;
    play.addEventListener("click", () => toPlay({ ...puzzleOf(tile), title: tile.title }));
    item.append(heading, image, pdf, play);
    return item;
  });
  $("make-tile-list").replaceChildren(...items);
  for (const [id, single] of [["make-tile-list", false], ["make-print-warning", true]]) {
    $(id).hidden = single;
  }
  for (const part of document.querySelectorAll("#make-result .figures, #make-result .actions")) {
    part.hidden = true;
  }
  $("make-placeholder").hidden = true;
  $("make-result").hidden = false;
  announce(`Made ${record.title || "the mosaic"}: ${tiles.length} tiles.`);
}

/** Scroll an element to the top of the window, under the sticky header: the result with its
 * badges and preview where a person looks, on a desktop as on a phone. */
function intoView(element) {
  const header = document.querySelector(".topbar");
  const below = header ? header.getBoundingClientRect().height : 0;
  const top = element.getBoundingClientRect().top + window.scrollY - below - 8;
  window.scrollTo({ top: Math.max(0, top) });
}

/** Show a made puzzle: title, badges, figures, preview and links. */
function showResult(record) {
  $("make-tile-list").hidden = true;
  for (const part of document.querySelectorAll("#make-result .figures, #make-result .actions")) {
    part.hidden = false;
  }
  const verdict = record.verdict;
  showPalette(record.palette);
  $("make-title").textContent = record.title || "Puzzle";
  $("make-badges").replaceChildren(
    badge(verdict.status === "unique" ? "Unique" : verdict.status, "good"),
    badge(verdict.line_solvable ? "Logic-only" : "Needs probing or search", "info"),
    ...(verdict.tier ? [badge(`${verdict.tier} (${verdict.difficulty})`, "warn")] : []),
  );
  $("make-summary").textContent = `${record.width} × ${record.height} cells · ${changes(record)}`;
  $("make-details-figures").textContent = details(record);
  const name = (record.title || "puzzle").replace(/[^\w-]+/g, "_");
  $("make-preview").src = record.links.png;
  $("make-preview-link").href = record.links.png; // full size, to zoom
  for (const [id, key, suffix] of [
    ["make-pdf", "puzzle_pdf", ".pdf"],
    ["make-solution-pdf", "solution_pdf", "-solution.pdf"],
    ["make-json", "json", ".json"],
  ]) {
    $(id).href = record.links[key];
    $(id).download = `${name}${suffix}`;
  }
  // An answer key only for a puzzle with exactly one solution (as the service prints).
  $("make-solution-pdf").hidden = verdict.status !== "unique";
  const small = record.print_warnings || [];
  $("make-print-warning").textContent = small.length ? `Printing: ${small[0]}.` : "";
  $("make-print-warning").hidden = !small.length;
  $("make-placeholder").hidden = true;
  $("make-result").hidden = false;
  announce(`Made ${record.title || "the puzzle"}: ${record.width} by ${record.height}, ` +
    `${verdict.status}${verdict.tier ? `, ${verdict.tier}` : ""}.`);
}

/** The picture chooser: its file field, drop zone and preview; chosen(url) on a new one. */
function choosePictures(file, chosen) {
  const drop = $("make-drop");
  let sourceUrl = null;
  const showName = () => {
    $("make-file-name").textContent = file.files.length ? file.files[0].name : "";
    if (sourceUrl) URL.revokeObjectURL(sourceUrl);
    sourceUrl = file.files.length ? URL.createObjectURL(file.files[0]) : null;
    $("make-source").hidden = sourceUrl === null;
    if (sourceUrl) $("make-source").src = sourceUrl;
    else $("make-source").removeAttribute("src");
    chosen(sourceUrl);
  };
  file.addEventListener("change", showName);
  // A picture the browser cannot show (HEIC outside Safari) is still sent: only its preview goes.
  $("make-source").addEventListener("error", () => {
    $("make-source").hidden = true;
  });
  drop.addEventListener("dragover", (event) => {
    event.preventDefault();
    drop.classList.add("over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    if (event.dataTransfer.files.length) {
      file.files = event.dataTransfer.files;
      showName();
    }
  });
}

/** Make the chosen picture's puzzle (or mosaic) and show it: the puzzle made (null for a
 * mosaic or a failure), or ``current`` unchanged when no picture is chosen. */
async function makeChosen(file, studio, toPlay, current) {
  const error = $("make-error");
  const submit = $("make-submit");
  error.hidden = true;
  if (!file.files.length) {
    error.textContent = "Choose a picture first.";
    error.hidden = false;
    return current;
  }
  submit.disabled = true;
  submit.textContent = "Making…";
  try {
    if ($("make-tiles").value) {
      const response = await api("/api/mosaics", { body: formData(file.files[0]) });
      showMosaic(await response.json(), toPlay);
      intoView($("make-result"));
      return null;
    }
    const body = formData(file.files[0], studio.picked());
    const made = await (await api("/api/puzzles", { body })).json();
    showResult(made);
    showWarnings(made.conversion);
    intoView($("make-result"));
    showConversion(made.conversion);
    const saved = await puzzleFile(made);
    made.givens = saved.givens || null;
    if (!made.conversion) showConversion(saved.conversion);
    return made;
  } catch (failure) {
    error.textContent = errorText(failure);
    error.hidden = false;
    $("make-result").hidden = true; // the previous puzzle is not this picture's
    $("make-placeholder").hidden = false;
    return null;
  } finally {
    submit.disabled = false;
    submit.textContent = "Make puzzle";
  }
}

export function initMake({ toEdit, toPlay }) {
  const file = $("make-file");
  let current = null;
  const studio = initStudio({ file, formData: (picture) => formData(picture) });
  choosePictures(file, (url) => studio.chosen(url));
  for (const id of ["make-width", "make-height", "make-colors", "make-threshold", "make-invert",
    "make-contrast", "make-subject", "make-whole-frame", "make-despeckle", "make-tiles"]) {
    $(id).addEventListener("change", studio.changed);
  }
  for (const id of ["make-width", "make-height"]) $(id).addEventListener("input", studio.changed);
  $("make-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    current = await makeChosen(file, studio, toPlay, current);
  });
  $("make-to-edit").addEventListener("click", () => {
    if (current) {
      const palette = current.palette ? puzzleOf(current).palette : null;
      toEdit(current.solution, current.title, current.givens, palette);
    }
  });
  $("make-to-play").addEventListener("click", () => {
    if (current) {
      const { givens, title } = current;
      toPlay({ ...puzzleOf(current), givens, title });
    }
  });
}
