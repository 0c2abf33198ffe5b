// SPDX-License-Identifier: MIT
// painter.mjs - editing the map with the mouse or the keyboard. The tool
// (wall, ground, terrain of a cost, start, goal) comes from the "Paint"
// radio buttons; a drag paints every cell on the line between two pointer
// samples, so fast strokes leave no gaps; the right button paints ground.
// A drag that begins on the start or the goal marker moves it, whatever
// the tool. The cell under the pointer (or, on the focused board without
// a pointer over it, the keyboard cursor) is the one the read-out shows.
// On the focused board the arrow keys move a cursor (Shift: 5 cells) and
// Space or Enter applies the tool there.

export class Painter {
  // board: Board; tools: the <fieldset> of tool radios and the terrain
  // cost input; edit: { paint(cell, tool), strokeEnd(), inspect(cell or
  // null), redraw() }.
  constructor(board, tools, edit) {
    this.board = board;
    this.tools = tools;
    this.edit = edit;
    this.stroke = null; // the tool of the stroke in progress
    this.last = null; // the cell the stroke in progress reached last
    const canvas = board.canvas;
    canvas.addEventListener('pointerdown', (e) => this.#down(e));
    canvas.addEventListener('pointermove', (e) => this.#move(e));
    canvas.addEventListener('pointerup', (e) => this.#up(e));
    canvas.addEventListener('pointercancel', (e) => this.#up(e));
    canvas.addEventListener('pointerleave', () => this.#leave());
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());
    canvas.addEventListener('keydown', (e) => this.#key(e));
    canvas.addEventListener('focus', () => {
      if (!this.board.hover) this.#showCursor();
    });
    canvas.addEventListener('blur', () => {
      if (!this.board.hover) this.edit.inspect(null);
      this.edit.redraw();
    });
  }

  // { kind: 'cell', value } for wall, ground and terrain; { kind: 'start' }
  // or { kind: 'goal' }. Terrain costs are clamped to 2..255 (1 is ground).
  tool() {
    const chosen = this.tools.querySelector('input[name="tool"]:checked').value;
    if (chosen === 'wall') return { kind: 'cell', value: 0 };
    if (chosen === 'ground') return { kind: 'cell', value: 1 };
    if (chosen === 'terrain') {
      const cost = Number.parseInt(this.tools.querySelector('#terrain-cost').value, 10);
      return { kind: 'cell', value: Math.min(255, Math.max(2, Number.isNaN(cost) ? 2 : cost)) };
    }
    return { kind: chosen };
  }

  #down(event) {
    if (event.button !== 0 && event.button !== 2) return;
    const cell = this.board.cellAt(event.clientX, event.clientY);
    if (!cell) return;
    event.preventDefault();
    const marker = event.button === 0 ? this.board.markerAt(event.clientX, event.clientY) : null;
    if (marker) this.stroke = { kind: marker };
    else this.stroke = event.button === 2 ? { kind: 'cell', value: 1 } : this.tool();
    // The cursor and the read-out are on this cell before the board takes
    // the focus (whose handler would otherwise show the old cursor).
    this.last = cell;
    this.board.cursor = cell;
    this.board.hover = cell;
    this.board.canvas.focus({ preventScroll: true });
    this.board.canvas.setPointerCapture(event.pointerId);
    this.board.canvas.classList.toggle('dragging', Boolean(marker));
    // A marker is only moved once the pointer leaves its cell.
    if (!marker) this.edit.paint(cell, this.stroke);
    this.edit.inspect(cell);
    this.board.refresh();
  }

  #move(event) {
    const cell = this.board.cellAt(event.clientX, event.clientY);
    if (!this.last) {
      this.#hover(cell, event);
      return;
    }
    if (!cell || (cell.x === this.last.x && cell.y === this.last.y)) return;
    if (this.stroke.kind === 'cell') {
      for (const c of lineCells(this.last, cell)) this.edit.paint(c, this.stroke);
    } else {
      this.edit.paint(cell, this.stroke); // start and goal follow the pointer
    }
    this.last = cell;
    this.board.cursor = cell;
    this.board.hover = cell;
    this.edit.inspect(cell);
    this.board.refresh();
  }

  #up(event) {
    if (!this.last) return;
    if (this.board.canvas.hasPointerCapture(event.pointerId)) {
      this.board.canvas.releasePointerCapture(event.pointerId);
    }
    this.board.canvas.classList.remove('dragging');
    this.last = null;
    this.edit.strokeEnd();
    this.#hover(this.board.cellAt(event.clientX, event.clientY), event);
  }

  // The pointer moved with no button down: outline the cell, say what it
  // is, and show a grab cursor over a marker.
  #hover(cell, event) {
    const old = this.board.hover;
    this.board.canvas.classList.toggle('over-marker', Boolean(cell && this.board.markerAt(event.clientX, event.clientY)));
    if (old && cell && old.x === cell.x && old.y === cell.y) return;
    if (!old && !cell) return;
    this.board.hover = cell;
    this.edit.inspect(cell ?? this.#focusedCursor());
    this.board.refresh();
  }

  #leave() {
    if (this.last) return; // captured: the stroke goes on
    this.board.canvas.classList.remove('over-marker');
    if (!this.board.hover) return;
    this.board.hover = null;
    this.edit.inspect(this.#focusedCursor());
    this.board.refresh();
  }

  #focusedCursor() {
    return document.activeElement === this.board.canvas ? this.board.cursor : null;
  }

  #key(event) {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const cursor = this.board.cursor ?? { x: 0, y: 0 };
    if (moves[event.key]) {
      const [dx, dy] = moves[event.key];
      const n = event.shiftKey ? 5 : 1;
      this.board.cursor = {
        x: Math.min(this.board.width - 1, Math.max(0, cursor.x + dx * n)),
        y: Math.min(this.board.height - 1, Math.max(0, cursor.y + dy * n)),
      };
      this.#showCursor();
    } else if (event.key === ' ' || event.key === 'Enter') {
      this.board.cursor = cursor;
      this.edit.paint(cursor, this.tool());
      this.edit.strokeEnd();
      this.#showCursor();
    } else {
      return;
    }
    event.preventDefault();
  }

  #showCursor() {
    this.board.cursor ??= { x: 0, y: 0 };
    this.edit.inspect(this.board.cursor);
    this.edit.redraw();
  }
}

// The cells of the line from a to b (Bresenham), b included, a not.
export function lineCells(a, b) {
  const cells = [];
  const dx = Math.abs(b.x - a.x);
  const dy = Math.abs(b.y - a.y);
  const sx = b.x > a.x ? 1 : -1;
  const sy = b.y > a.y ? 1 : -1;
  let err = dx - dy;
  let { x, y } = a;
  while (x !== b.x || y !== b.y) {
    const e2 = 2 * err;
    if (e2 > -dy) {
      err -= dy;
      x += sx;
    }
    if (e2 < dx) {
      err += dx;
      y += sy;
    }
    cells.push({ x, y });
  }
  return cells;
}
