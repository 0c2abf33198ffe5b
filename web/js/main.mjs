// SPDX-License-Identifier: MIT
// main.mjs - the playground's controller: loads the library, holds the
// map (the library's grid plus a copy of its cells for drawing), and wires
// the map, paint, query and run controls to the board, the search runner,
// the result panel and the read-out of the cell under the pointer. The
// self-test mode lives in selftest.mjs, the crowd mode in crowd-tab.mjs.

import { loadLibrary } from './library.mjs';
import { Board } from './board.mjs';
import { Painter } from './painter.mjs';
import { QueryForm } from './query-form.mjs';
import { SearchRunner } from './search-runner.mjs';
import { ResultPanel } from './results.mjs';
import { describeCell, showCell } from './cell-info.mjs';
import { BUNDLED, fetchBundled, readUserFile, emptyMap, defaultEnds } from './maps.mjs';
import { setUpSelftest } from './selftest.mjs';
import { setUpTabs } from './tabs.mjs';
import { setUpCrowd } from './crowd-tab.mjs';

const $ = (selector) => document.querySelector(selector);

class Playground {
  constructor(ls, movingai) {
    this.ls = ls;
    this.movingai = movingai;
    this.map = null; // { name, width, height, cells, source }
    this.grid = null;
    this.loadedRevision = 0;
    this.outcome = null; // the last search's outcome (search-runner.mjs)
    this.pendingRun = 0;
    this.inspected = null; // the cell the read-out shows, or null

    // The header's LS_VISIT_* values (lockstar.h) when the module does not
    // export them; they are part of the ABI and never change.
    const visit = { OPEN: ls.VISIT_OPEN ?? 1, CLOSED: ls.VISIT_CLOSED ?? 2 };
    this.visit = visit;
    this.board = new Board($('#board'), visit);
    this.form = new QueryForm($('#query-form'), ls);
    this.results = new ResultPanel($('#results'));
    this.runner = new SearchRunner(ls, (outcome) => this.#showOutcome(outcome));
    this.painter = new Painter(this.board, $('#tools'), {
      paint: (cell, tool) => this.#paint(cell, tool),
      strokeEnd: () => this.#mapChanged(),
      inspect: (cell) => this.#inspect(cell),
      redraw: () => this.draw(),
    });
    this.#wireControls();
  }

  #wireControls() {
    const choice = $('#map-choice');
    for (const entry of BUNDLED) choice.add(new Option(`examples/${entry.file}`, entry.file));
    choice.addEventListener('change', () => {
      $('#swamp-cost').value = BUNDLED.find((e) => e.file === choice.value).swampCost;
    });
    $('#map-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.loadBundled(choice.value);
    });
    $('#map-file').addEventListener('change', (e) => {
      const file = e.target.files[0];
      if (file) this.#guard(async () => this.setMap(await readUserFile(file, this.#swampCost(), this.movingai)));
    });
    $('#new-grid').addEventListener('click', () => {
      this.#guard(async () => this.setMap(emptyMap(Number($('#new-width').value), Number($('#new-height').value))));
    });

    const queryForm = $('#query-form');
    queryForm.addEventListener('submit', (e) => {
      e.preventDefault();
      this.run();
    });
    // Any change of the query searches again when "live" is on; start and
    // goal typed into their boxes move on the board at once.
    queryForm.addEventListener('input', (e) => {
      if (e.target.id === 'live' || e.target.id === 'budget') return;
      this.runner.stop();
      this.#queryChanged();
    });
    $('#animate').addEventListener('click', () => this.#sliced(() => this.runner.animate(...this.#sliceArgs())));
    $('#step').addEventListener('click', () => this.#sliced(() => this.runner.step(...this.#sliceArgs())));
    $('#pause').addEventListener('click', () => {
      this.runner.pause();
      this.#updateButtons();
    });
    // The board fills its box (style.css): fitted again whenever the box
    // or the window changes size.
    let resizing = 0;
    const refit = () => {
      cancelAnimationFrame(resizing);
      resizing = requestAnimationFrame(() => this.#fit());
    };
    new ResizeObserver(refit).observe($('#board-wrap'));
    window.addEventListener('resize', refit);
  }

  #swampCost() {
    const cost = Number($('#swamp-cost').value);
    if (!Number.isInteger(cost) || cost < 1 || cost > 255) throw new Error('the swamp cost must be a whole number from 1 to 255');
    return cost;
  }

  // Run an action that may fail (a bad file, a bad size): its message goes
  // to the alert line instead of the console.
  async #guard(action) {
    const message = $('#map-message');
    message.textContent = '';
    try {
      await action();
    } catch (error) {
      message.textContent = error.message;
    }
  }

  loadBundled(file) {
    const entry = BUNDLED.find((e) => e.file === file);
    return this.#guard(async () => {
      const map = await fetchBundled(entry, this.#swampCost(), this.movingai);
      this.setMap(map, { start: entry.start, goal: entry.goal });
    });
  }

  // A new map: a new grid and search context of its size.
  setMap(map, ends = defaultEnds(map)) {
    const grid = this.ls.createGrid(map.width, map.height);
    grid.load(map.cells);
    this.runner.attach(grid);
    if (this.grid) this.grid.destroy();
    this.grid = grid;
    this.map = { ...map, cells: Uint8Array.from(map.cells) };
    this.loadedRevision = grid.revision();
    this.board.cursor = null;
    this.board.hover = null;
    this.#inspect(null);
    this.form.setEnds(ends.start, ends.goal);
    this.#fit();
    this.#mapChanged();
    this.#queryChanged();
  }

  #fit() {
    if (!this.map) return;
    const wrap = $('#board-wrap');
    const border = 2; // the canvas's own border (style.css)
    // The layout sizes the box both ways where the page fills the window;
    // elsewhere only its width, and the board may be 70% of the window high.
    const height = getComputedStyle(wrap).contain.includes('inline-size')
      ? Math.floor(window.innerHeight * 0.7) : wrap.clientHeight;
    this.board.resize(this.map.width, this.map.height,
      Math.max(1, wrap.clientWidth - border), Math.max(1, height - border));
    this.draw();
  }

  #paint(cell, tool) {
    this.runner.stop(); // a query must not outlive an edit of its grid
    if (tool.kind === 'start') this.form.setEnds(cell, null);
    else if (tool.kind === 'goal') this.form.setEnds(null, cell);
    else {
      const i = cell.y * this.map.width + cell.x;
      if (this.map.cells[i] === tool.value) return;
      this.grid.set(cell.x, cell.y, tool.value);
      this.map.cells[i] = tool.value;
    }
    this.#queryChanged();
  }

  // The map or the query changed: the last outcome no longer holds.
  #queryChanged() {
    this.outcome = null;
    if ($('#live').checked) this.#scheduleRun();
    else this.results.clear('changed: press "Find path"');
    this.#updateCommand();
    this.#inspect(this.inspected);
    this.draw();
  }

  // Searches at most once per frame, however many cells a stroke paints.
  #scheduleRun() {
    if (this.pendingRun) return;
    this.pendingRun = requestAnimationFrame(() => {
      this.pendingRun = 0;
      this.run();
    });
  }

  run() {
    if (this.pendingRun) cancelAnimationFrame(this.pendingRun);
    this.pendingRun = 0;
    this.runner.run(this.form.query(), this.form.smooth);
    this.#updateButtons();
  }

  #sliceArgs() {
    const budget = Math.max(1, Number.parseInt($('#budget').value, 10) || 1);
    return [this.form.query(), budget, this.form.smooth];
  }

  #sliced(start) {
    if (this.pendingRun) cancelAnimationFrame(this.pendingRun);
    this.pendingRun = 0;
    start();
    this.#updateButtons();
  }

  #showOutcome(outcome) {
    this.outcome = outcome;
    this.results.show(outcome, this.ls);
    if (outcome.done) this.#updateButtons();
    this.#inspect(this.inspected);
    this.draw();
  }

  #mapChanged() {
    const edited = this.grid.revision() !== this.loadedRevision;
    this.results.showMap(this.map.name, this.grid.digest(), edited);
    $('#map-size').textContent = `${this.map.width} × ${this.map.height}`;
    this.#updateCommand();
  }

  #updateCommand() {
    const edited = this.grid.revision() !== this.loadedRevision;
    const source = this.map.source;
    if (!source) this.results.showCommand(null, 'none: this grid was made here, no file holds it');
    else if (edited) this.results.showCommand(null, `none: the map was edited here, ${source.path} no longer holds it`);
    else this.results.showCommand(this.form.cliCommand(source));
  }

  #updateButtons() {
    $('#pause').disabled = !this.runner.animating;
  }

  // Show what cell (or, for null, the hint) is: its cost, and what the
  // last search did there; shown again after every search.
  #inspect(cell) {
    const inside = cell && this.map && cell.x < this.map.width && cell.y < this.map.height;
    this.inspected = inside ? cell : null;
    const parts = this.inspected
      ? describeCell(cell, { map: this.map, outcome: this.outcome, ends: this.form.ends(), visit: this.visit })
      : null;
    showCell($('#cursor-info'), parts, 'Hover a cell to read its cost and, after a search, what the search did there.');
  }

  draw() {
    if (!this.map) return;
    const o = this.outcome;
    const { start, goal } = this.form.ends();
    const valid = (c) => (Number.isInteger(c.x) && Number.isInteger(c.y) ? c : null);
    this.board.draw({
      cells: this.map.cells,
      states: o?.states ?? null,
      path: o?.path ?? null,
      partial: Boolean(o?.partial),
      waypoints: o?.waypoints ?? null,
      start: valid(start),
      goal: valid(goal),
    });
  }
}

async function main() {
  setUpTabs($('#mode-tabs'));
  const status = $('#library-status');
  let library;
  try {
    library = await loadLibrary();
  } catch (error) {
    status.textContent = `The library did not load: ${error.message}. See docs/playground.md.`;
    status.classList.add('error');
    return;
  }
  const { ls, movingai } = library;
  status.textContent = `lockstar ${ls.version}, WebAssembly`;
  const playground = new Playground(ls, movingai);
  setUpSelftest($('#panel-selftest'), ls);
  for (const control of document.querySelectorAll('[data-needs-library]')) control.disabled = false;
  await playground.loadBundled(BUNDLED[0].file);
  await setUpCrowd($('#panel-crowd'), ls, movingai);
  document.body.dataset.ready = 'true';
}

main();
