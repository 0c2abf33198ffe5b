// board.mjs - the map drawn on a canvas: ground and terrain, the search's
// open and closed cells, the path (or partial path), the smoothed
// waypoints, start and goal, in the layer order and colours of
// `lockstar path --png` (cli/picture.c). Cells are drawn one pixel each
// into an offscreen canvas, then scaled up without smoothing, so every
// cell is a crisp square of `scale` pixels; waypoints are drawn on top.

import * as palette from './palette.mjs';

const MAX_SCALE = 32;

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
    this.cursor = null; // the keyboard cursor cell, drawn while focused
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

  // view: { cells (Uint8Array, row-major costs), states (Uint8Array of
  // cell states or null), path (Int32Array x0,y0,...), partial (bool),
  // waypoints (Int32Array or null), start, goal ({x, y} or null) }.
  draw(view) {
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

    const ctx = this.context;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.cellLayer, 0, 0, width * this.scale, height * this.scale);
    this.#drawWaypoints(view.waypoints);
    if (view.start) this.#fillCell(view.start, palette.START);
    if (view.goal) this.#fillCell(view.goal, palette.GOAL);
    if (this.cursor && document.activeElement === this.canvas) this.#drawCursor(this.cursor);
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
