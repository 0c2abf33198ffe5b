// SPDX-License-Identifier: MIT
// crowd-tab.mjs - the Crowd mode: the library's crowd (ls.Crowd) on a
// bundled map. Before the first tick, click to place units (drag to place
// many, one per cell); "Select" mode picks units (click one, or drag a
// box; Shift adds); "Wall" and "Ground" modes paint cells at any tick (the
// crowd's units re-plan, its fields are brought up to date); the right
// button sends the selection to the cell as a group on one flow field.
// Play, pause and step run ticks; the tick and run digests are shown as
// `lockstar replay` prints them, and "Export script" writes the replay
// script (docs/replay.md, version 2, or 3 with sizes or avoidance) that
// makes `lockstar replay` print the same digests: the units as `agent`
// lines (with `radius R` and `priority P` when given), each order as `at
// T group` lines, each painted cell as an `at T set` line, each switch
// of avoidance as `at T avoidance on|off`, `ticks` the ticks run. Units
// are drawn as discs of their radius (a point as a small dot); after
// every tick the library's ls_crowd_check_overlaps is read and summed as
// `lockstar replay --check` sums it, in red once any tick had one. The
// crowd is
// made as cli/replay_sim.c makes a script's (lockstar-replay.mjs
// replayCrowdConfig), with 64 field slots: as many as the script can ask
// for, so a group order never finds them all taken where the program's
// crowd would not. The field of the last group order is drawn as colours
// (near: light, far: dark) and arrows (its directions), from an ls.Flow
// of its own under the same options.

import * as palette from './palette.mjs';
import { BUNDLED, fetchBundled } from './maps.mjs';
import { lineCells } from './painter.mjs';

const ONE = 65536;
const TICKS_PER_SECOND = 30;
const MAX_SCALE = 32;
const GROUP_LINE = 60; // ids per `at T group` line (a line holds 64 words)
const FIELD_SLOTS = 64;
const STEPS = [[0, -1], [1, 0], [0, 1], [-1, 0], [1, -1], [1, 1], [-1, 1], [-1, -1]];
const DIRECTION_NAMES = ['N', 'E', 'S', 'W', 'NE', 'SE', 'SW', 'NW', 'goal', 'none'];
const STATE_COLOURS = {
  idle: '#6b6b6b', waiting: '#e8a200', moving: '#1565c0', arrived: '#2e7d32', unreachable: '#c62828', 'no-room': '#8e24aa',
};
const NEAR = [255, 236, 150];
const FAR = [60, 40, 140];

export class CrowdTab {
  constructor(panel, ls, movingai, replay) {
    this.panel = panel;
    this.ls = ls;
    this.movingai = movingai;
    this.replay = replay;
    this.$ = (s) => panel.querySelector(s);
    this.canvas = this.$('#crowd-board');
    this.ctx = this.canvas.getContext('2d');
    this.ground = document.createElement('canvas');
    this.fieldLayer = document.createElement('canvas');
    this.map = null;
    this.grid = null;
    this.flow = null;
    this.crowd = null;
    this.scale = 1;
    this.timer = 0;
    this.units = [];
    this.events = [];
    this.selected = new Set();
    this.field = null;
    this.overlaps = { last: null, ticks: 0, pairs: 0, walls: 0, overlapTicks: 0, first: null, firstTick: 0 };
    this.#wire();
  }

  #wire() {
    const choice = this.$('#crowd-map');
    for (const entry of BUNDLED) choice.add(new Option(`examples/${entry.file} (swamps ${entry.swampCost})`, entry.file));
    this.$('#crowd-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.load(choice.value);
    });
    this.$('#crowd-play').addEventListener('click', () => this.play());
    this.$('#crowd-pause').addEventListener('click', () => this.pause());
    this.$('#crowd-step').addEventListener('click', () => {
      this.pause();
      this.#guard(() => this.step());
    });
    this.$('#crowd-reset').addEventListener('click', () => this.reset());
    this.$('#crowd-export').addEventListener('click', () => this.export());
    this.$('#crowd-show-field').addEventListener('change', () => this.draw());
    this.$('#crowd-avoidance').addEventListener('change', (e) => this.#guard(() => this.avoidance(e.target.checked)));
    const c = this.canvas;
    c.addEventListener('pointerdown', (e) => this.#guard(() => this.#down(e)));
    c.addEventListener('pointermove', (e) => this.#move(e));
    c.addEventListener('pointerup', (e) => this.#up(e));
    c.addEventListener('pointercancel', (e) => this.#up(e));
    c.addEventListener('contextmenu', (e) => e.preventDefault());
    new ResizeObserver(() => this.#fit()).observe(this.$('#crowd-wrap'));
  }

  #guard(action) {
    const message = this.$('#crowd-message');
    message.textContent = '';
    try {
      action();
    } catch (error) {
      message.textContent = error.message;
      this.pause();
    }
  }

  async load(file) {
    const entry = BUNDLED.find((e) => e.file === file);
    try {
      this.pause();
      this.map = { ...(await fetchBundled(entry, entry.swampCost, this.movingai)), file: entry.file };
    } catch (error) {
      this.$('#crowd-message').textContent = error.message;
      return;
    }
    this.grid?.destroy();
    this.flow?.destroy();
    this.grid = this.ls.createGrid(this.map.width, this.map.height);
    this.flow = new this.ls.Flow(this.map.width, this.map.height);
    this.costs = new Int32Array(this.map.width * this.map.height);
    this.directions = new Uint8Array(this.map.width * this.map.height);
    this.reset();
    this.#fit();
  }

  // Back to tick 0 with no units, no orders and the map file's cells.
  reset() {
    this.pause();
    this.crowd?.destroy();
    this.crowd = null;
    if (this.map) {
      this.cells = Uint8Array.from(this.map.cells); // the grid's cells now
      this.grid.load(this.cells);
      this.#paintGround();
    }
    this.units = [];        // { id, x, y, speed (fix16), speedText, radius (fix16), radiusText, priority } in id order
    this.events = [];       // { tick, kind: 'group', x, y, ids }, { tick, kind: 'set', x, y, cost }
    //                         or { tick, kind: 'avoidance', on }, in order
    this.selected = new Set();
    this.field = null;      // { x, y } of the field drawn
    this.digest = null;
    // The sums of ls_crowd_check_overlaps over the ticks run, as
    // cli/replay_check.c keeps them, and the last tick's answer.
    this.overlaps = { last: null, ticks: 0, pairs: 0, walls: 0, overlapTicks: 0, first: null, firstTick: 0 };
    // Avoidance as the checkbox says, from tick 0 (an event like any switch).
    if (this.$('#crowd-avoidance').checked) this.events.push({ tick: 0, kind: 'avoidance', on: true });
    this.$('#crowd-budget').disabled = false;
    this.$('#crowd-script').value = '';
    this.$('#crowd-download').hidden = true;
    this.#show();
    this.draw();
  }

  get tick() { return this.crowd ? this.crowd.ticks() : 0; }

  // The crowd is made at the first tick, when its units are known.
  #start() {
    const budget = Number(this.$('#crowd-budget').value);
    if (!Number.isInteger(budget) || budget < 0 || budget > 0xffffffff) throw new Error('the budget must be a whole number from 0 (no limit)');
    const script = { agents: this.units, events: [], cellSize: ONE, options: {}, budget };
    const config = this.replay.replayCrowdConfig(script, this.map.width, this.map.height);
    this.crowd = new this.ls.Crowd({ ...config, maxFields: FIELD_SLOTS });
    for (const u of this.units) {
      this.crowd.add(u.id, u.x, u.y, u.speed);
      // As cli/replay_sim.c: only units with a radius or priority are given one.
      if (u.radius || u.priority) this.crowd.setBody(u.id, u.radius, u.priority);
    }
    // The radii drawn are the library's (they do not change after tick 0).
    this.radii = this.units.map((u) => this.crowd.get(u.id).radius);
    this.budget = budget;
    this.$('#crowd-budget').disabled = true;
    const n = Math.max(1, this.units.length);
    this.positions = new Int32Array(2 * n);
    this.states = new Uint8Array(n);
  }

  // One tick: the orders given since the last, in order, then the tick.
  step() {
    if (!this.map) return;
    if (!this.crowd) this.#start();
    const t = this.tick;
    for (const e of this.events) {
      if (e.tick !== t) continue;
      if (e.kind === 'group') {
        for (let k = 0; k < e.ids.length; k += GROUP_LINE) this.crowd.orderGroup(e.ids.slice(k, k + GROUP_LINE), e.x, e.y);
      } else if (e.kind === 'avoidance') {
        this.crowd.setAvoidance(e.on);
      }
    }
    this.crowd.tick(this.grid);
    this.digest = this.crowd.tickDigest();
    this.#countOverlaps(t);
    this.#show();
    this.draw();
  }

  // The library's overlap check after tick t, summed (counting only).
  #countOverlaps(t) {
    const o = this.crowd.checkOverlaps(this.grid);
    const sum = this.overlaps;
    sum.last = o;
    sum.ticks++;
    sum.pairs += o.pairs;
    sum.walls += o.walls;
    if (o.pairs > 0 || o.walls > 0) {
      sum.overlapTicks++;
      if (sum.first === null) [sum.first, sum.firstTick] = [o, t];
    }
  }

  // The `check:` line `lockstar replay --check` prints for the ticks run.
  checkLine() {
    const sum = this.overlaps;
    if (sum.first === null) return `check: ${sum.ticks} ticks, 0 overlaps`;
    const o = sum.first;
    return `check: ${sum.ticks} ticks, ${sum.pairs} pair overlaps and ${sum.walls} wall overlaps in ${sum.overlapTicks} ticks, first at tick ${sum.firstTick}: `
      + (o.pairs > 0 ? `agents ${o.pairA} and ${o.pairB}` : `agent ${o.wallAgent} and cell ${o.wallCell.x},${o.wallCell.y}`);
  }

  // Avoidance on or off from the next tick on (`at T avoidance on|off`);
  // a second switch before that tick replaces the first.
  avoidance(on) {
    if (!this.map) return;
    const t = this.tick;
    this.events = this.events.filter((e) => !(e.kind === 'avoidance' && e.tick === t));
    const before = this.events.filter((e) => e.kind === 'avoidance').pop();
    if ((before ? before.on : false) !== on) this.events.push({ tick: t, kind: 'avoidance', on });
    this.#show();
  }

  play() {
    if (this.timer || !this.map) return;
    this.timer = setInterval(() => this.#guard(() => this.step()), 1000 / TICKS_PER_SECOND);
    this.#show();
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = 0;
    if (this.map) this.#show();
  }

  // --------------------------------------------------------- the pointer
  #cellAt(e, exact = false) {
    const box = this.canvas.getBoundingClientRect();
    if (!this.map || box.width === 0) return null;
    const fx = ((e.clientX - box.left) / box.width) * this.map.width;
    const fy = ((e.clientY - box.top) / box.height) * this.map.height;
    if (exact) return { fx, fy };
    const x = Math.floor(fx);
    const y = Math.floor(fy);
    return x >= 0 && y >= 0 && x < this.map.width && y < this.map.height ? { x, y } : null;
  }

  #mode() { return this.panel.querySelector('input[name="crowd-mode"]:checked').value; }

  #down(e) {
    const cell = this.#cellAt(e);
    if (!cell) return;
    e.preventDefault();
    this.canvas.setPointerCapture(e.pointerId);
    if (e.button === 2) {
      this.order(cell.x, cell.y);
      return;
    }
    if (e.button !== 0) return;
    const mode = this.#mode();
    if (mode === 'place') {
      this.drag = { kind: 'place', last: cell };
      this.place(cell.x, cell.y);
    } else if (mode === 'wall' || mode === 'ground') {
      this.drag = { kind: 'paint', last: cell, cost: mode === 'wall' ? 0 : 1 };
      this.paint(cell.x, cell.y, this.drag.cost);
      this.#edited();
    } else {
      const at = this.#cellAt(e, true);
      this.drag = { kind: 'select', from: at, to: at, add: e.shiftKey };
    }
  }

  #move(e) {
    const cell = this.#cellAt(e);
    if (cell) this.#inspect(cell);
    if (!this.drag) return;
    const moved = cell && (cell.x !== this.drag.last?.x || cell.y !== this.drag.last?.y);
    if (this.drag.kind === 'place' && moved) {
      this.#guard(() => { for (const c of lineCells(this.drag.last, cell)) this.place(c.x, c.y, true); });
      this.drag.last = cell;
    } else if (this.drag.kind === 'paint' && moved) {
      for (const c of lineCells(this.drag.last, cell)) this.paint(c.x, c.y, this.drag.cost);
      this.drag.last = cell;
      this.#edited();
    } else if (this.drag.kind === 'select') {
      this.drag.to = this.#cellAt(e, true);
      this.draw();
    }
  }

  #up(e) {
    if (this.canvas.hasPointerCapture(e.pointerId)) this.canvas.releasePointerCapture(e.pointerId);
    const drag = this.drag;
    this.drag = null;
    if (drag?.kind === 'select') this.#select(drag);
  }

  // Place a unit (before the first tick) on a cell without one that is
  // passable now and in the map file (a script's agents start on the
  // file's cells).
  place(x, y, quiet = false) {
    if (this.crowd) {
      if (!quiet) throw new Error('units are placed before the first tick: Reset to place others');
      return;
    }
    const i = y * this.map.width + x;
    if (this.map.cells[i] === 0 || this.cells[i] === 0 || this.units.some((u) => u.x === x && u.y === y)) return;
    const speedText = this.$('#crowd-speed').value.trim();
    let speed = 0;
    try {
      speed = this.ls.parseFix16(speedText);
    } catch { /* refused below */ }
    if (speed <= 0) throw new Error(`the speed '${speedText}' is not a decimal above 0 (world units, one per cell, a tick)`);
    const radiusText = this.$('#crowd-radius').value.trim() || '0';
    let radius = -1;
    try {
      radius = this.ls.parseFix16(radiusText);
    } catch { /* refused below */ }
    if (radius < 0 || radius > this.ls.CROWD_MAX_RADIUS) throw new Error(`the radius '${radiusText}' is not a decimal from 0 to 64 (cells)`);
    const priority = Number(this.$('#crowd-priority').value);
    if (!Number.isInteger(priority) || priority < 0 || priority > this.ls.CROWD_MAX_PRIORITY) {
      throw new Error(`the priority '${this.$('#crowd-priority').value}' is not a whole number from 0 to 99`);
    }
    // Room for the disc: the cell's clearance (the library's, on the grid
    // now) at least the radius's class (ls_world_clearance, which refuses
    // a class above 16), so the disc overlaps no wall where it stands.
    let need;
    try {
      need = this.ls.worldClearance({ originX: 0, originY: 0, cellSize: ONE }, radius);
    } catch {
      throw new Error(`the radius '${radiusText}' is too large: its clearance class would be above ${this.ls.CLEARANCE_MAX}`);
    }
    const room = this.grid.clearance(x, y);
    if (room < need) {
      if (!quiet) throw new Error(`a disc of radius ${radiusText} needs clearance ${need} (cell ${x},${y} has ${room})`);
      return;
    }
    const id = this.units.length + 1;
    this.units.push({ id, x, y, speed, speedText, radius, radiusText, priority });
    this.selected.add(id);
    this.#show();
    this.draw();
  }

  #select({ from, to, add }) {
    if (!add) this.selected.clear();
    const [x0, x1] = [Math.min(from.fx, to.fx), Math.max(from.fx, to.fx)];
    const [y0, y1] = [Math.min(from.fy, to.fy), Math.max(from.fy, to.fy)];
    const at = this.#unitPositions();
    if (x1 - x0 < 0.25 && y1 - y0 < 0.25) {
      // A click: the unit nearest to it within a cell.
      let best = null;
      let bestD = 1;
      for (const u of at) {
        const d = Math.hypot(u.x - from.fx, u.y - from.fy);
        if (d < bestD) [best, bestD] = [u.id, d];
      }
      if (best !== null) this.selected.add(best);
    } else {
      for (const u of at) if (u.x >= x0 && u.x <= x1 && u.y >= y0 && u.y <= y1) this.selected.add(u.id);
    }
    this.#show();
    this.draw();
  }

  // A wall (0) or ground (1) on a cell, now: the edit of the next tick
  // (`at T set X,Y COST`), the grid edited at once as a game would.
  paint(x, y, cost) {
    const i = y * this.map.width + x;
    if (this.cells[i] === cost) return;
    this.cells[i] = cost;
    this.grid.set(x, y, cost);
    this.events.push({ tick: this.tick, kind: 'set', x, y, cost });
  }

  // After a stroke's cells: the ground redrawn, the field drawn brought up
  // to date.
  #edited() {
    this.#paintGround();
    if (this.field) this.#readField(this.flow.refresh(this.grid));
    this.#show();
    this.draw();
  }

  // The field drawn, after begin or refresh gave st.
  #readField(st) {
    if (st === 0 || st === this.ls.STATUS.IN_PROGRESS) {
      if (this.flow.step(0) === 0) {
        this.flow.costs(this.costs);
        this.flow.directions(this.directions);
        this.#paintField();
        return;
      }
    }
    this.field = null;
  }

  // Send the selection to (x, y) as a group, given now for the next tick.
  order(x, y) {
    if (this.selected.size === 0) throw new Error('select units first (Select mode), then right-click their goal');
    const ids = [...this.selected].sort((a, b) => a - b);
    this.events.push({ tick: this.tick, kind: 'group', x, y, ids });
    this.field = { x, y };
    this.#readField(this.flow.begin(this.grid, {}, [x, y]));
    this.#show();
    this.draw();
  }

  // Units as { id, x, y } in cells (fractions: world units / cell size).
  #unitPositions() {
    if (!this.crowd) return this.units.map((u) => ({ id: u.id, x: u.x + 0.5, y: u.y + 0.5 }));
    this.crowd.positions(this.positions);
    return this.units.map((u, i) => ({ id: u.id, x: this.positions[2 * i] / ONE, y: this.positions[2 * i + 1] / ONE }));
  }

  #inspect(cell) {
    const cost = this.cells[cell.y * this.map.width + cell.x];
    let text = `Cell ${cell.x},${cell.y}: ${cost === 0 ? 'wall' : `cost ${cost}`}`;
    if (this.field) {
      const i = cell.y * this.map.width + cell.x;
      text += this.costs[i] < 0 ? `; no way to the field's goal ${this.field.x},${this.field.y}`
        : `; field cost to ${this.field.x},${this.field.y}: ${this.costs[i]}, first step ${DIRECTION_NAMES[this.directions[i]]}`;
    }
    this.$('#crowd-info').textContent = text;
  }

  // ---------------------------------------------------------- the script
  // The replay script of what was done: lockstar replay prints the same
  // tick digests for it (the map beside it).
  script() {
    const t = this.tick;
    // Version 3 only when a unit has a radius or priority, or avoidance was
    // switched: otherwise the version 2 script of before.
    const v3 = this.units.some((u) => u.radius || u.priority)
      || this.events.some((e) => e.kind === 'avoidance' && e.tick < t);
    const lines = [`lockstar-replay ${v3 ? 3 : 2}`,
      `# the lockstar playground's Crowd tab: ${this.units.length} units, ${t} ticks`,
      `map ${this.map.file}               # examples/${this.map.file}: save this script beside it`,
      `swamp-cost ${this.map.source.swampCost}`,
      `budget ${this.crowd ? this.budget : Number(this.$('#crowd-budget').value)}`];
    for (const u of this.units) {
      lines.push(`agent ${u.id} ${u.x},${u.y} ${u.speedText}${u.radius ? ` radius ${u.radiusText}` : ''}`
        + `${u.priority ? ` priority ${u.priority}` : ''}`);
    }
    // In the order made: at each tick the program makes the tick's edits
    // before its orders, as here (edits on the grid at once, orders at the
    // tick), whatever the lines' order.
    for (const e of this.events) {
      if (e.tick >= t) continue; // given for a tick not run yet
      if (e.kind === 'set') lines.push(`at ${e.tick} set ${e.x},${e.y} ${e.cost}`);
      else if (e.kind === 'avoidance') lines.push(`at ${e.tick} avoidance ${e.on ? 'on' : 'off'}`);
      else for (let k = 0; k < e.ids.length; k += GROUP_LINE) lines.push(`at ${e.tick} group ${e.x},${e.y} ${e.ids.slice(k, k + GROUP_LINE).join(' ')}`);
    }
    lines.push(`ticks ${t}`);
    return `${lines.join('\n')}\n`;
  }

  export() {
    if (!this.map) return;
    const text = this.script();
    this.$('#crowd-script').value = text;
    const link = this.$('#crowd-download');
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.hidden = false;
  }

  // ------------------------------------------------------------ drawing
  #fit() {
    if (!this.map) return;
    const wrap = this.$('#crowd-wrap');
    if (wrap.clientWidth === 0) return; // hidden
    const height = getComputedStyle(wrap).contain.includes('inline-size')
      ? Math.floor(window.innerHeight * 0.7) : wrap.clientHeight;
    const fit = Math.min(Math.floor((wrap.clientWidth - 2) / this.map.width), Math.floor((height - 2) / this.map.height));
    this.scale = Math.max(1, Math.min(MAX_SCALE, fit));
    this.canvas.width = this.map.width * this.scale;
    this.canvas.height = this.map.height * this.scale;
    this.draw();
  }

  #paintGround() {
    const { width, height } = this.map;
    const cells = this.cells;
    for (const layer of [this.ground, this.fieldLayer]) {
      layer.width = width;
      layer.height = height;
    }
    const image = new ImageData(width, height);
    for (let i = 0; i < width * height; i++) {
      const rgb = palette.groundColour(cells[i]);
      image.data.set([...rgb, 255], 4 * i);
    }
    this.ground.getContext('2d').putImageData(image, 0, 0);
  }

  // The field's costs as colours over the ground (walls and cells with
  // no way left dark).
  #paintField() {
    const { width, height } = this.map;
    const cells = this.cells;
    const image = new ImageData(width, height);
    let max = 1;
    for (const c of this.costs) if (c > max) max = c;
    for (let i = 0; i < width * height; i++) {
      const c = this.costs[i];
      const ground = palette.groundColour(cells[i]);
      const rgb = c < 0 || cells[i] === 0 ? ground
        : NEAR.map((a, k) => Math.round(((a + (FAR[k] - a) * (c / max)) + ground[k]) / 2));
      image.data.set([...rgb, 255], 4 * i);
    }
    this.fieldLayer.getContext('2d').putImageData(image, 0, 0);
  }

  draw() {
    if (!this.map) return;
    const ctx = this.ctx;
    const s = this.scale;
    const showField = this.field && this.$('#crowd-show-field').checked;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(showField ? this.fieldLayer : this.ground, 0, 0, this.map.width * s, this.map.height * s);
    if (showField && s >= 8) this.#arrows();
    if (this.field) {
      ctx.fillStyle = palette.css(palette.GOAL);
      ctx.fillRect(this.field.x * s, this.field.y * s, s, s);
    }
    const at = this.#unitPositions();
    if (this.crowd) this.crowd.states(this.states);
    const point = Math.max(2, s * 0.25);
    at.forEach((u, i) => {
      // A disc of the unit's radius at the board's scale; a point (radius
      // 0) as a small dot so it can be seen and picked.
      const radius = this.crowd ? this.radii[i] : this.units[i].radius;
      ctx.beginPath();
      ctx.arc(u.x * s, u.y * s, radius > 0 ? Math.max(1.5, (radius / ONE) * s) : point, 0, 2 * Math.PI);
      ctx.fillStyle = STATE_COLOURS[this.crowd ? this.ls.CROWD_STATES[this.states[i]] : 'idle'];
      ctx.fill();
      ctx.lineWidth = this.selected.has(u.id) ? Math.max(2, s / 8) : 1;
      ctx.strokeStyle = this.selected.has(u.id) ? '#ffffff' : '#000000';
      ctx.stroke();
    });
    if (this.drag?.kind === 'select') {
      const { from, to } = this.drag;
      ctx.lineWidth = 1;
      ctx.strokeStyle = '#000000';
      ctx.setLineDash([4, 3]);
      ctx.strokeRect(from.fx * s, from.fy * s, (to.fx - from.fx) * s, (to.fy - from.fy) * s);
      ctx.setLineDash([]);
    }
  }

  #arrows() {
    const ctx = this.ctx;
    const s = this.scale;
    const { width, height } = this.map;
    ctx.strokeStyle = 'rgba(20, 20, 40, 0.7)';
    ctx.lineWidth = Math.max(1, s / 12);
    ctx.beginPath();
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const d = this.directions[y * width + x];
        if (d > 7) continue;
        const [dx, dy] = STEPS[d];
        const len = Math.hypot(dx, dy);
        const cx = (x + 0.5) * s;
        const cy = (y + 0.5) * s;
        const ux = (dx / len) * s * 0.35;
        const uy = (dy / len) * s * 0.35;
        ctx.moveTo(cx - ux, cy - uy);
        ctx.lineTo(cx + ux, cy + uy);
        ctx.moveTo(cx + ux, cy + uy);
        ctx.lineTo(cx + ux * 0.4 - uy * 0.45, cy + uy * 0.4 + ux * 0.45);
        ctx.moveTo(cx + ux, cy + uy);
        ctx.lineTo(cx + ux * 0.4 + uy * 0.45, cy + uy * 0.4 - ux * 0.45);
      }
    }
    ctx.stroke();
  }

  // The read-outs beside the board.
  #show() {
    const out = (name, text) => { this.$(`[data-crowd="${name}"]`).textContent = text; };
    out('tick', String(this.tick));
    out('digest', this.digest ?? '–');
    out('run', this.crowd ? this.crowd.runDigest() : '–');
    out('units', String(this.units.length));
    out('selected', String(this.selected.size));
    out('field', this.field ? `${this.field.x},${this.field.y}` : '–');
    const sum = this.overlaps;
    const last = sum.last;
    out('overlaps', !last ? '–' : last.pairs + last.walls === 0 ? '0'
      : `${last.pairs} pair${last.pairs === 1 ? '' : 's'}, ${last.walls} wall${last.walls === 1 ? '' : 's'}`);
    out('check', this.crowd ? this.checkLine() : '–');
    // Red: the last tick's count when not 0, the sums once any tick had one.
    this.$('[data-crowd="overlaps"]').dataset.overlap = last && last.pairs + last.walls > 0 ? 'yes' : 'no';
    this.$('[data-crowd="check"]').dataset.overlap = sum.overlapTicks > 0 ? 'yes' : 'no';
    this.$('#crowd-avoidance').checked = Boolean(this.events.filter((e) => e.kind === 'avoidance').pop()?.on);
    if (this.crowd) {
      const counts = new Map();
      this.crowd.states(this.states);
      for (let i = 0; i < this.units.length; i++) {
        const name = this.ls.CROWD_STATES[this.states[i]];
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
      out('states', [...counts].map(([k, v]) => `${v} ${k}`).join(', ') || '–');
    } else {
      out('states', this.units.length ? `${this.units.length} idle` : '–');
    }
    this.$('#crowd-pause').disabled = !this.timer;
    this.$('#crowd-play').disabled = Boolean(this.timer);
  }
}

export async function setUpCrowd(panel, ls, movingai) {
  const replay = await import(new URL('../../bindings/js/lockstar-replay.mjs', import.meta.url).href);
  const tab = new CrowdTab(panel, ls, movingai, replay);
  for (const control of panel.querySelectorAll('[data-needs-library]')) control.disabled = false;
  await tab.load(BUNDLED[0].file);
  return tab;
}
