// The colour picker of a colour puzzle: a radio group with one button per colour (keys 1-9)
// and one for the background (a cross in Play, erasing in Edit). Arrow keys move the choice
// within the group (one button in the tab order); the panel picks by digit with select().

import { EMPTY } from "./common.js";
import { paint } from "./board.js";

/**
 * Fill host (a role="radiogroup" element) with the palette's buttons; pick(value) is told the
 * chosen value (1.. a colour, EMPTY the background). Returns {select(value)}.
 */
export function colourPicker(host, palette, { background, pick, prefix }) {
  const buttons = [];
  const choices = [...palette.keys()].filter((i) => i > 0).concat([EMPTY]);
  for (const value of choices) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "pick";
    button.setAttribute("role", "radio");
    button.dataset.value = String(value);
    const name = value === EMPTY ? background : palette[value].name;
    button.dataset.testid = `${prefix}-pick-${value === EMPTY ? "background" : value}`;
    button.setAttribute("aria-label", value === EMPTY ? background
      : `${name}, key ${value}`);
    const swatch = document.createElement("span");
    swatch.setAttribute("aria-hidden", "true");
    if (value === EMPTY) {
      swatch.className = "swatch-x";
      swatch.textContent = "✕";
    } else {
      paint(swatch, palette[value].rgb, "chip");
    }
    const label = document.createElement("span");
    label.textContent = name;
    button.append(swatch, label);
    button.addEventListener("click", () => choose(value, false));
    buttons.push(button);
  }
  host.replaceChildren(...buttons);

  function choose(value, focus) {
    for (const button of buttons) {
      const on = Number(button.dataset.value) === value;
      button.setAttribute("aria-checked", String(on));
      button.tabIndex = on ? 0 : -1;
      if (on && focus) button.focus();
    }
    pick(value);
  }
  host.onkeydown = (event) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const at = buttons.findIndex((b) => b.getAttribute("aria-checked") === "true");
    const next = buttons[(at + step + buttons.length) % buttons.length];
    choose(Number(next.dataset.value), true);
  };
  choose(choices[0], false);
  return {
    /** Choose a value, as a click would (false if the palette has no such colour). */
    select(value) {
      if (!choices.includes(value)) return false;
      choose(value, false);
      return true;
    },
  };
}
