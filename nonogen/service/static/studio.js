// The studio: as soon as a picture is chosen (and whenever its size, colours or subject change)
// the best drawings of it are shown (POST /api/conversions), the model's pick selected; a
// person picks another by pointer or keyboard, or drags a box on the picture around its
// subject. Make then repairs the drawing picked (its key as `candidate`).

import { api, errorText } from "./common.js";

const $ = (id) => document.getElementById(id);
const REDRAW_AFTER_MS = 250;
const CHOICE_PX = 150;
const TAP_PX = 6;

/** A choice's grid drawn on a canvas: '#' black (or the palette's colours), '.' paper. */
function drawChoice(canvas, choice) {
  const { rows, palette } = choice;
  const height = rows.length;
  const width = height ? rows[0].length : 0;
  const cell = Math.max(1, Math.floor(CHOICE_PX / Math.max(width, height, 1)));
  canvas.width = width * cell;
  canvas.height = height * cell;
  const pen = canvas.getContext("2d");
  const colours = { "#": "#000000", ".": "#ffffff" };
  for (const colour of palette || []) colours[colour.char] = colour.rgb;
  pen.fillStyle = "#ffffff";
  pen.fillRect(0, 0, canvas.width, canvas.height);
  rows.forEach((row, r) => {
    [...row].forEach((char, c) => {
      const fill = colours[char] || "#000000";
      if (fill.toLowerCase() === "#ffffff") return;
      pen.fillStyle = fill;
      pen.fillRect(c * cell, r * cell, cell, cell);
    });
  });
}

/** What a choice needs before it is a puzzle, in words. */
function choiceNote(choice) {
  const size = `${choice.width} × ${choice.height}`;
  if (choice.open_cells === 0) return `${size} · unique as drawn`;
  const cells = choice.open_cells === 1 ? "1 cell" : `${choice.open_cells} cells`;
  return `${size} · logic leaves ${cells} open: the make repairs them`;
}

/** A choice of the gallery as a radio button: its drawing, label and note. */
function choiceButton(choice, onPick) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "choice";
  button.setAttribute("role", "radio");
  button.dataset.key = choice.key;
  button.dataset.testid = "make-choice";
  const picture = document.createElement("canvas");
  picture.setAttribute("aria-hidden", "true");
  drawChoice(picture, choice);
  const label = document.createElement("span");
  label.className = "choice-label";
  label.textContent = choice.chosen ? `${choice.label} (suggested)` : choice.label;
  const detail = document.createElement("span");
  detail.className = "choice-note";
  detail.textContent = choiceNote(choice);
  button.append(picture, label, detail);
  button.setAttribute("aria-label", `${label.textContent}: ${detail.textContent}`);
  button.addEventListener("click", () => onPick(choice.key));
  return button;
}

/** A subject text "L,T,R,B" or "X,Y" as numbers, or null when it is neither. */
function boxOf(text) {
  const parts = text.split(",").map((part) => Number(part.trim()));
  if (!(parts.length === 2 || parts.length === 4) || parts.some((n) => !Number.isFinite(n))) {
    return null;
  }
  return parts;
}

/** Draw the picture to point at, and the box or point given; whether one is given. */
function paintPointer(canvas, image, text) {
  const scale = Math.min(1, canvas.parentElement.clientWidth / image.naturalWidth || 1);
  canvas.width = Math.round(image.naturalWidth * scale);
  canvas.height = Math.round(image.naturalHeight * scale);
  const pen = canvas.getContext("2d");
  pen.drawImage(image, 0, 0, canvas.width, canvas.height);
  const box = boxOf(text);
  if (!box) return false;
  const k = canvas.width / image.naturalWidth;
  pen.strokeStyle = "#e11d48";
  pen.lineWidth = 2;
  if (box.length === 4) {
    pen.strokeRect(box[0] * k, box[1] * k, (box[2] - box[0]) * k, (box[3] - box[1]) * k);
  } else {
    pen.beginPath();
    pen.arc(box[0] * k, box[1] * k, 6, 0, 2 * Math.PI);
    pen.stroke();
  }
  return true;
}

/** The picture's pixel under a pointer on the canvas, and the pixels per canvas pixel. */
function pixelAt(canvas, image, event) {
  const rect = canvas.getBoundingClientRect();
  const k = image.naturalWidth / rect.width;
  const x = Math.min(image.naturalWidth - 1, Math.max(0, (event.clientX - rect.left) * k));
  const y = Math.min(image.naturalHeight - 1, Math.max(0, (event.clientY - rect.top) * k));
  return [Math.round(x), Math.round(y), k];
}

/**
 * The pointer: a box dragged around the subject, or a tap on it, written into the subject
 * field. image() is the picture shown (null: none); pointed() is told when it changed.
 * Returns paint(), which redraws it.
 */
function initPointer({ canvas, subject, image, pointed }) {
  let drag = null;
  const paint = () => {
    if (image()) $("make-pointer-clear").hidden = !paintPointer(canvas, image(), subject.value);
  };
  canvas.addEventListener("pointerdown", (event) => {
    if (!image()) return;
    canvas.setPointerCapture(event.pointerId);
    drag = pixelAt(canvas, image(), event);
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const [x, y] = pixelAt(canvas, image(), event);
    subject.value = [
      Math.min(drag[0], x), Math.min(drag[1], y), Math.max(drag[0], x) + 1, Math.max(drag[1], y) + 1,
    ].join(",");
    paint();
  });
  canvas.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const [x, y, k] = pixelAt(canvas, image(), event);
    if (Math.abs(x - drag[0]) / k < TAP_PX && Math.abs(y - drag[1]) / k < TAP_PX) {
      subject.value = `${drag[0]},${drag[1]}`; // a tap: a point on the subject
    }
    drag = null;
    paint();
    pointed();
  });
  $("make-pointer-clear").addEventListener("click", () => {
    subject.value = "";
    paint();
    pointed();
  });
  return paint;
}

/** Arrow keys move between a radio group's buttons: select(key, focus) the next. */
function arrowKeys(list, current, select) {
  list.addEventListener("keydown", (event) => {
    const keys = [...list.children].map((button) => button.dataset.key);
    const at = keys.indexOf(current());
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined || at < 0) return;
    event.preventDefault();
    select(keys[(at + step + keys.length) % keys.length], true);
  });
}

/** Show the gallery's choices, the one the person picked kept if it is still there, else the
 * suggested one selected (so that the suggestion, the highlight and what Make makes agree);
 * the key of the model's own pick. */
function showChoices(answer, picked, select) {
  $("make-choices").replaceChildren(
    ...answer.choices.map((choice) => choiceButton(choice, (key) => select(key, false, true))));
  const keys = answer.choices.map((choice) => choice.key);
  const suggested = (answer.choices.find((choice) => choice.chosen) || {}).key || keys[0] || null;
  select(picked !== null && keys.includes(picked) ? picked : suggested);
  const said = answer.page_warnings || answer.warnings;
  const warned = said.length ? ` ${said.join(" ")}` : "";
  $("make-gallery-note").textContent =
    `${answer.choices.length} drawings, the suggested one first; pick one, then Make puzzle.` +
    warned;
  $("make-gallery").hidden = false;
  return (answer.choices.find((choice) => choice.chosen) || {}).key || null;
}

/** Mark the choice of this key checked in the radio group (focused if asked). */
function check(list, key, focus) {
  for (const button of list.children) {
    const on = button.dataset.key === key;
    button.setAttribute("aria-checked", String(on));
    button.tabIndex = on ? 0 : -1;
    if (on && focus) button.focus();
  }
}

/** Load a picture to point at: loaded(image) once the browser can show it (never if not). */
function loadPicture(url, loaded) {
  $("make-pointer-wrap").hidden = true;
  if (!url) return;
  const loading = new Image();
  loading.onload = () => {
    $("make-pointer-wrap").hidden = false;
    loaded(loading);
  };
  loading.src = url;
}

export function initStudio({ file, formData }) {
  const gallery = $("make-gallery");
  const note = $("make-gallery-note");
  const list = $("make-choices");
  const subject = $("make-subject");
  let [picked, highlighted] = [null, null]; // the person's pick (null: none), the one checked
  let suggested = null; // the key of the model's own pick
  let timer = null;
  let asked = 0; // the latest request: older answers are dropped
  let image = null;

  const select = (key, focus = false, chosenByPerson = false) => {
    if (chosenByPerson) picked = key;
    highlighted = key;
    check(list, key, focus);
  };
  const show = (answer) => {
    suggested = showChoices(answer, picked, select);
  };
  arrowKeys(list, () => highlighted, (key, focus) => select(key, focus, true));

  const refresh = async () => {
    if (!file.files.length || $("make-tiles").value) {
      gallery.hidden = true;
      return;
    }
    const mine = ++asked;
    note.textContent = "Drawing the choices…";
    gallery.hidden = false;
    try {
      const response = await api("/api/conversions", { body: formData(file.files[0]) });
      const answer = await response.json();
      if (mine === asked) show(answer);
    } catch (failure) {
      if (mine !== asked) return;
      list.replaceChildren();
      [picked, highlighted] = [null, null];
      note.textContent = `No drawings: ${errorText(failure)}`;
    }
  };
  const paint = initPointer({
    canvas: $("make-pointer"), subject, image: () => image,
    pointed: () => { picked = null; refresh(); }, // a new box: the new drawings' suggestion
  });

  return {
    /** A new picture: show it to point at (if the browser can) and draw its choices. */
    chosen(url) {
      [picked, highlighted] = [null, null];
      subject.value = "";
      image = null;
      loadPicture(url, (loaded) => {
        image = loaded;
        paint();
      });
      refresh();
    },
    /** An option changed: draw the choices again, shortly. */
    changed: () => {
      clearTimeout(timer);
      timer = setTimeout(refresh, REDRAW_AFTER_MS);
    },
    /** The key of the drawing picked, or null when it is the suggested one (then the make
     * is the model's own: its warnings, and its retries should the repair run out). */
    picked: () => (highlighted === suggested ? null : highlighted),
  };
}
