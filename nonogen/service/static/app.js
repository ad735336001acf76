// The page: three tabs (Make, Edit, Play) and the hand-offs between them.

import { initEdit } from "./edit.js";
import { initMake } from "./make.js";
import { initPlay } from "./play.js";

const TABS = ["make", "edit", "play"];

/** Show one tab and its panel; remember it in the address. */
function showTab(name) {
  for (const tab of TABS) {
    const selected = tab === name;
    document.getElementById(`tab-${tab}`).setAttribute("aria-selected", String(selected));
    document.getElementById(`panel-${tab}`).hidden = !selected;
  }
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
  document.dispatchEvent(new CustomEvent("tab-shown", { detail: name }));
}

const play = initPlay();
const edit = initEdit({
  toPlay: (puzzle) => {
    play.load(puzzle);
    showTab("play");
  },
});
initMake({
  toEdit: (solution, title) => {
    showTab("edit");
    edit.load(solution, title);
  },
  toPlay: (puzzle) => {
    play.load(puzzle);
    showTab("play");
  },
});

for (const tab of TABS) {
  document.getElementById(`tab-${tab}`).addEventListener("click", () => showTab(tab));
}
const fromHash = () => {
  const name = location.hash.slice(1);
  showTab(TABS.includes(name) ? name : "make");
};
window.addEventListener("hashchange", fromHash);
fromHash();
document.body.dataset.ready = "true";
