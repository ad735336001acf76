// What the web page's script tests share (not a test file itself: node --test runs *.test.mjs).

/** A seeded generator (mulberry32): the same draws on every run. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number from 0 to n - 1, drawn. */
export const pick = (draw, n) => Math.floor(draw() * n);
