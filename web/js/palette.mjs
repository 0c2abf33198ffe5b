// SPDX-License-Identifier: MIT
// palette.mjs - the colours of the playground's board. They are the
// colours of `lockstar path --png` (cli/picture.h, docs/pictures.md), so a
// screenshot of the page reads with the same legend as the CLI's pictures.

export const BLOCKED = [40, 40, 48];
export const GROUND = [236, 236, 228];
const TERRAIN_LOW = [222, 200, 150]; // cost 2
const TERRAIN_HIGH = [110, 75, 35]; // cost 255
export const CLOSED = [66, 133, 244];
export const OPEN = [52, 168, 83];
export const PATH = [255, 140, 0];
export const PARTIAL = [200, 60, 200];
export const WAYPOINT = [25, 25, 112];
export const START = [0, 176, 80];
export const GOAL = [220, 0, 0];

// The ground colour of a cell of this cost: blocked, open ground, or
// terrain shaded as cli_picture_ground does (C's integer division, which
// truncates toward zero, hence Math.trunc).
export function groundColour(cost) {
  if (cost === 0) return BLOCKED;
  if (cost === 1) return GROUND;
  return TERRAIN_LOW.map((a, k) => a + Math.trunc(((TERRAIN_HIGH[k] - a) * (cost - 2)) / 253));
}

// A visited cell: its ground averaged with the tint, rounded down.
export function tinted(ground, tint) {
  return [0, 1, 2].map((k) => (ground[k] + tint[k]) >> 1);
}

export function css(rgb) {
  return `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
}
