// Pointer input on a board: strokes (press, drag, release) and two-finger pinch and pan.
// A stroke captures its pointer and visits every cell it crosses: between two pointer
// positions it steps cell by cell, so a fast drag that jumps many cells skips none. It is
// locked to the row or the column it started in, the axis chosen by its first move off the
// start cell; a free stroke (a line or rectangle being drawn) visits the cell under the
// pointer instead, wherever it is.

/** The index of the band [edges[k], edges[k + 1]) holding x, clamped to the bands. */
function band(edges, x) {
  let lo = 0;
  let hi = edges.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (x >= edges[mid]) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Column edges along row r and row edges along column c, in client pixels. */
function geometry(board, r, c) {
  const cols = [];
  for (let k = 0; k < board.width; k += 1) cols.push(board.cell(r, k).getBoundingClientRect().left);
  cols.push(board.cell(r, board.width - 1).getBoundingClientRect().right);
  const rows = [];
  for (let k = 0; k < board.height; k += 1) rows.push(board.cell(k, c).getBoundingClientRect().top);
  rows.push(board.cell(board.height - 1, c).getBoundingClientRect().bottom);
  return { cols, rows };
}

/** A stroke from cell (r, c): feed it pointer positions; it calls visit(i) once per cell (a
 * free stroke: once per cell the pointer moves to). */
function newStroke(board, r, c, visit, free = false) {
  const { cols, rows } = geometry(board, r, c);
  let axis = null; // "row" (moves along the row) or "col"
  let at = c;
  let atRow = r;
  visit(r * board.width + c);
  return (x, y) => {
    const col = band(cols, x);
    const row = band(rows, y);
    if (free) {
      if (col !== at || row !== atRow) {
        [at, atRow] = [col, row];
        visit(row * board.width + col);
      }
      return;
    }
    if (axis === null) {
      if (col === c && row === r) return;
      axis = Math.abs(col - c) >= Math.abs(row - r) ? "row" : "col";
    }
    // Step one cell at a time from where the stroke is to where the pointer is.
    if (axis === "row") {
      while (at !== col) {
        at += Math.sign(col - at);
        visit(r * board.width + at);
      }
    } else {
      while (atRow !== row) {
        atRow += Math.sign(row - atRow);
        visit(atRow * board.width + c);
      }
    }
  };
}

/** The cell index under a pointer event on the board, or null. */
function cellOf(board, event) {
  const td = event.target.closest ? event.target.closest("td.cell") : null;
  return td && board.table.contains(td)
    ? Number(td.dataset.r) * board.width + Number(td.dataset.c) : null;
}

/** Capture a pointer on the board, so that moves outside it still reach the stroke. */
function capture(board, id) {
  try {
    board.table.setPointerCapture(id);
  } catch {
    // not an active pointer (a synthetic event): the board's own events still arrive
  }
}

const at = (event) => ({ x: event.clientX, y: event.clientY });

/** Two fingers' distance and midpoint. */
function spread(touches) {
  const [a, b] = [...touches.values()];
  return { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** Zoom and scroll the board as a pinch moved to ``now``; the pinch follows. */
function pinchTo(board, pinch, now) {
  const box = board.host.getBoundingClientRect();
  board.setZoom(pinch.zoom * (now.distance / Math.max(1, pinch.distance)),
    now.x - box.left, now.y - box.top);
  board.host.scrollLeft -= now.x - pinch.x;
  board.host.scrollTop -= now.y - pinch.y;
  Object.assign(pinch, { x: now.x, y: now.y, distance: now.distance, zoom: board.zoom });
}

/**
 * Listen to the board's pointers. start(i, event) says whether a stroke begins at cell i;
 * visit(i) paints a cell; end() closes the stroke; cancel() undoes it (a second finger
 * came down: the stroke turns into a pinch). zoomed() is told after a pinch zoom.
 */
export function listen(board, { start, visit, end, cancel, zoomed, free = () => false }) {
  const table = board.table;
  const touches = new Map(); // pointerId -> {x, y} of the fingers down
  let stroke = null; // {id, feed}
  let pinch = null; // {distance, zoom, x, y}

  table.addEventListener("contextmenu", (event) => event.preventDefault());
  table.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "touch") touches.set(event.pointerId, at(event));
    if (touches.size === 2) {
      if (stroke) cancel();
      stroke = null;
      pinch = { ...spread(touches), zoom: board.zoom };
      capture(board, event.pointerId);
      return;
    }
    const i = cellOf(board, event);
    if (i === null || stroke || pinch || !start(i, event)) return;
    event.preventDefault();
    capture(board, event.pointerId);
    const [r, c] = [Math.floor(i / board.width), i % board.width];
    stroke = { id: event.pointerId, feed: newStroke(board, r, c, visit, free()) };
  });
  table.addEventListener("pointermove", (event) => {
    if (touches.has(event.pointerId)) touches.set(event.pointerId, at(event));
    if (pinch && touches.size === 2) {
      pinchTo(board, pinch, spread(touches));
      zoomed();
      return;
    }
    if (!stroke || event.pointerId !== stroke.id) return;
    // Coalesced events are every position the browser saw since the last event.
    const points = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
    for (const point of points.length ? points : [event]) stroke.feed(point.clientX, point.clientY);
  });
  const release = (event) => {
    touches.delete(event.pointerId);
    if (pinch) {
      if (touches.size === 0) pinch = null;
      return;
    }
    if (!stroke || event.pointerId !== stroke.id) return;
    stroke = null;
    if (event.type === "pointercancel") cancel();
    else end();
  };
  table.addEventListener("pointerup", release);
  table.addEventListener("pointercancel", release);
  table.addEventListener("lostpointercapture", (event) => {
    if (stroke && event.pointerId === stroke.id) release(event);
  });
}
