// SPDX-License-Identifier: MIT
// board.mjs - the map drawn on a canvas: ground and terrain, the search's
// open and closed cells, the path (or partial path), the smoothed
// waypoints, start and goal, in the layer order and colours of
// `lockstar path --png` (cli/picture.c). Cells are drawn one pixel each
// into an offscreen canvas, then scaled up without smoothing, so every
// cell is a crisp square of `scale` pixels; waypoints are drawn on top.
// Where a cell is smaller on screen than MARKER_MIN CSS pixels, start and
// goal also get a ring of that diameter, so they stay visible (and easy
// to grab) on big maps. The cell under the pointer gets an outline.

import * as palette from './palette.mjs';

const MAX_SCALE = 32;
const MARKER_MIN = 16; // CSS pixels: the smallest start or goal drawn
const RING_WIDTH = 3; // CSS pixels

export class Board {
  // canvas: the visible <canvas>; visit: { OPEN, CLOSED } cell-state codes.
  constructor(canvas, visit) {
    this.canvas = canvas;
    this.context = canvas.getContext('2d');
    this.visit = visit;
    this.cellLayer = document.createElement('canvas');
    this.width = 0;
    this.height = 0;
    this.scale = 1;
    this.view = null; // the last drawn view
    this.cursor = null; // the keyboard cursor cell, drawn while focused
    this.hover = null; // the cell under the pointer, outlined
    this.ends = { start: null, goal: null }; // as last drawn
  }

  // Size the board for a width x height map inside maxWidth x maxHeight
  // CSS pixels: the largest whole number of pixels per cell that fits.
  resize(width, height, maxWidth, maxHeight) {
    this.width = width;
    this.height = height;
    const fit = Math.min(Math.floor(maxWidth / width), Math.floor(maxHeight / height));
    this.scale = Math.max(1, Math.min(MAX_SCALE, fit));
    this.canvas.width = width * this.scale;
    this.canvas.height = height * this.scale;
    this.cellLayer.width = width;
    this.cellLayer.height = height;
  }

  // The cell under a pointer event, or null outside the map. The canvas
  // may be shown smaller than its pixel size (CSS max-width), hence the
  // ratio of the two.
  cellAt(clientX, clientY) {
    const box = this.canvas.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return null;
    const x = Math.floor(((clientX - box.left) / box.width) * this.width);
    const y = Math.floor(((clientY - box.top) / box.height) * this.height);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return null;
    return { x, y };
  }

  // 'start' or 'goal' when the pointer is on that marker (its cell, or
  // its ring where one is drawn), the nearer one when both are; else null.
  markerAt(clientX, clientY) {
    const box = this.canvas.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return null;
    const cellCss = box.width / this.width;
    const reach = Math.max(cellCss / 2, MARKER_MIN / 2 + RING_WIDTH);
    let best = null;
    let bestDistance = Infinity;
    for (const name of ['goal', 'start']) {
      const end = this.ends[name];
      if (!end) continue;
      const dx = clientX - (box.left + (end.x + 0.5) * cellCss);
      const dy = clientY - (box.top + (end.y + 0.5) * cellCss);
      const inCell = Math.abs(dx) <= cellCss / 2 && Math.abs(dy) <= cellCss / 2;
      const distance = Math.hypot(dx, dy);
      if ((inCell || distance <= reach) && distance < bestDistance) {
        best = name;
        bestDistance = distance;
      }
    }
    return best;
  }

  // Canvas pixels per CSS pixel: 1 unless the map is bigger than its box
  // and the canvas is shown shrunk.
  #pixelsPerCss() {
    const shown = this.canvas.clientWidth;
    return shown > 0 ? Math.max(1, this.canvas.width / shown) : 1;
  }

  // view: { cells (Uint8Array, row-major costs), states (Uint8Array of
  // cell states or null), path (Int32Array x0,y0,...), partial (bool),
  // waypoints (Int32Array or null), start, goal ({x, y} or null) }.
  draw(view) {
    this.view = view;
    const { width, height } = this;
    const image = new ImageData(width, height);
    const rgba = image.data;
    const paint = (i, rgb) => {
      rgba[4 * i] = rgb[0];
      rgba[4 * i + 1] = rgb[1];
      rgba[4 * i + 2] = rgb[2];
      rgba[4 * i + 3] = 255;
    };
    // Terrain colours are computed once per cost present, not per cell.
    const grounds = new Map();
    for (let i = 0; i < width * height; i++) {
      const cost = view.cells[i];
      let rgb = grounds.get(cost);
      if (!rgb) grounds.set(cost, (rgb = palette.groundColour(cost)));
      const state = view.states ? view.states[i] : 0;
      if (state === this.visit.CLOSED) rgb = palette.tinted(rgb, palette.CLOSED);
      else if (state === this.visit.OPEN) rgb = palette.tinted(rgb, palette.OPEN);
      paint(i, rgb);
    }
    const pathColour = view.partial ? palette.PARTIAL : palette.PATH;
    this.#eachPoint(view.path, (x, y) => paint(y * width + x, pathColour));
    this.cellLayer.getContext('2d').putImageData(image, 0, 0);
    this.refresh();
  }

  // Draw the last view again with the overlays as they are now (the
  // hover outline, the cursor): the cells are not recomputed.
  refresh() {
    const view = this.view;
    if (!view) return;
    const { width, height } = this;
    const ctx = this.context;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.cellLayer, 0, 0, width * this.scale, height * this.scale);
    this.#drawWaypoints(view.waypoints);
    const inside = (c) => (c && c.x >= 0 && c.y >= 0 && c.x < width && c.y < height ? c : null);
    this.ends = { start: inside(view.start), goal: inside(view.goal) };
    if (this.ends.start) this.#fillCell(this.ends.start, palette.START);
    if (this.ends.goal) this.#fillCell(this.ends.goal, palette.GOAL);
    if (this.ends.start) this.#drawRing(this.ends.start, palette.START);
    if (this.ends.goal) this.#drawRing(this.ends.goal, palette.GOAL);
    if (this.hover) this.#drawHover(this.hover);
    if (this.cursor && document.activeElement === this.canvas) this.#drawCursor(this.cursor);
  }

  // A ring of MARKER_MIN CSS pixels around a marker whose cell is smaller
  // than that on screen, with a light edge so it shows on walls too.
  #drawRing(cell, rgb) {
    const k = this.#pixelsPerCss();
    const s = this.scale;
    if (s / k >= MARKER_MIN) return;
    const ctx = this.context;
    const radius = ((MARKER_MIN - RING_WIDTH) / 2) * k;
    ctx.beginPath();
    ctx.arc((cell.x + 0.5) * s, (cell.y + 0.5) * s, radius, 0, 2 * Math.PI);
    ctx.lineWidth = (RING_WIDTH + 2) * k;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.stroke();
    ctx.lineWidth = RING_WIDTH * k;
    ctx.strokeStyle = palette.css(rgb);
    ctx.stroke();
  }

  // The cell under the pointer: a thin outline along its edges (its centre,
  // where the cell's colour is read, stays clear), or a small square
  // around it where cells are tiny.
  #drawHover(cell) {
    const ctx = this.context;
    const k = this.#pixelsPerCss();
    const s = this.scale;
    const line = Math.max(1, Math.round(k));
    ctx.lineWidth = line;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.75)';
    if (s / k >= 6) {
      ctx.strokeRect(cell.x * s + line / 2, cell.y * s + line / 2, s - line, s - line);
    } else {
      const half = 4 * k;
      ctx.strokeRect((cell.x + 0.5) * s - half, (cell.y + 0.5) * s - half, 2 * half, 2 * half);
    }
  }

  #eachPoint(points, visit) {
    if (!points) return;
    for (let k = 0; k + 1 < points.length; k += 2) {
      const x = points[k];
      const y = points[k + 1];
      if (x >= 0 && y >= 0 && x < this.width && y < this.height) visit(x, y);
    }
  }

  #fillCell(cell, rgb) {
    const s = this.scale;
    this.context.fillStyle = palette.css(rgb);
    this.context.fillRect(cell.x * s, cell.y * s, s, s);
  }

  // Lines between waypoint centres 1 + scale/8 wide and a centred square
  // of half a cell on each waypoint, as the CLI's pictures draw them.
  #drawWaypoints(points) {
    if (!points || points.length < 2) return;
    const ctx = this.context;
    const s = this.scale;
    const centre = (v) => v * s + s / 2;
    ctx.strokeStyle = ctx.fillStyle = palette.css(palette.WAYPOINT);
    ctx.lineWidth = 1 + Math.floor(s / 8);
    ctx.lineJoin = 'round';
    ctx.beginPath();
    this.#eachPoint(points, (x, y) => ctx.lineTo(centre(x), centre(y)));
    ctx.stroke();
    const side = Math.max(1, Math.floor(s / 2));
    const inset = Math.floor((s - side) / 2);
    this.#eachPoint(points, (x, y) => ctx.fillRect(x * s + inset, y * s + inset, side, side));
  }

  #drawCursor(cell) {
    const ctx = this.context;
    const s = this.scale;
    const width = Math.max(2, Math.floor(s / 6));
    ctx.lineWidth = width;
    ctx.strokeStyle = '#ffd400';
    ctx.strokeRect(cell.x * s + width / 2, cell.y * s + width / 2, s - width, s - width);
  }
}
