// The page: three tabs (Make, Edit, Play), the hand-offs between them, and puzzle links
// (`#p=...`, or `#c=...` for a colour puzzle, opens a puzzle in Play, on load and on hashchange).

import { announce } from "./common.js";
import { initEdit } from "./edit.js";
import { initMake } from "./make.js";
import { initPlay } from "./play.js";
import { fromFragment } from "./share.js";

const TABS = ["make", "edit", "play"];
const isPuzzleLink = (hash) => hash.startsWith("#p=") || hash.startsWith("#c=");

/** Show one tab and its panel; remember it in the address (a puzzle link stays as it is). */
function showTab(name, { focus = false } = {}) {
  for (const tab of TABS) {
    const selected = tab === name;
    const button = document.getElementById(`tab-${tab}`);
    button.setAttribute("aria-selected", String(selected));
    button.tabIndex = selected ? 0 : -1;
    document.getElementById(`panel-${tab}`).hidden = !selected;
  }
  if (focus) document.getElementById(`tab-${name}`).focus();
  const keep = name === "play" && isPuzzleLink(location.hash);
  if (!keep && location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
  document.dispatchEvent(new CustomEvent("tab-shown", { detail: name }));
}

const play = initPlay();
const edit = initEdit({
  toPlay: (puzzle) => {
    play.load(puzzle);
    showTab("play");
    window.scrollTo({ top: 0 }); // the toolbar and the column clues in view
  },
});
initMake({
  toEdit: (solution, title, givens, palette) => {
    showTab("edit");
    edit.load(solution, title, givens, palette);
  },
  toPlay: (puzzle) => {
    play.load(puzzle);
    showTab("play");
    window.scrollTo({ top: 0 }); // the toolbar and the column clues in view
  },
});

// Tabs: click, or arrow keys, Home and End within the tab list (one tab in the tab order).
for (const tab of TABS) {
  document.getElementById(`tab-${tab}`).addEventListener("click", () => showTab(tab));
}
document.querySelector('[role="tablist"]').addEventListener("keydown", (event) => {
  const at = TABS.indexOf(event.target.dataset.tab);
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[event.key];
  if (at < 0 || to === undefined) return;
  event.preventDefault();
  showTab(TABS[(to + TABS.length) % TABS.length], { focus: true });
});

/** Open the tab, or the puzzle, that the address names. */
function fromHash() {
  const hash = location.hash;
  if (isPuzzleLink(hash)) {
    try {
      play.load(fromFragment(hash));
    } catch (failure) {
      announce(`This puzzle link is broken: ${failure.message}`);
      document.getElementById("play-status").textContent =
        `This puzzle link is broken: ${failure.message}`;
    }
    showTab("play");
    return;
  }
  const name = hash.slice(1);
  showTab(TABS.includes(name) ? name : "make");
}
window.addEventListener("hashchange", fromHash);
if (!isPuzzleLink(location.hash)) play.resume();
fromHash();
document.body.dataset.ready = "true";
