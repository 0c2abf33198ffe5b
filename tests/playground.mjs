// SPDX-License-Identifier: MIT
// playground.mjs - the browser playground (web/) driven in headless
// Chromium through playwright-core, against the `lockstar` program:
//   1. a bundled map loaded through the page's controls shows the map
//      digest `lockstar digest` prints;
//   2. a query set through the form (start, goal, heuristic, weight,
//      tie-break) shows the cost, expansions, length and digest `lockstar
//      path` prints, and the board's cells (ground, terrain, closed and
//      open sets, path, start, goal) are the colours of `lockstar path
//      --png --scale 1`'s pixels, read with tests/pngread (libpng);
//   3. jump point search with smoothing shows the CLI's waypoints;
//   4. an expansion limit shows the CLI's partial path (length, colours);
//      "Step" with a budget shows budget x presses expansions, "Animate"
//      ends where the CLI does;
//   5. a wall stroke painted with mouse events (pointer down, moves, up)
//      changes the result to what `lockstar path` gives on the map file
//      with those cells blocked (cost, digest, map digest, every cell's
//      colour), and so does terrain painted with the keyboard (a swamp
//      cell of the CLI's map);
//   6. a user's .map file (the file input) loads with the CLI's digest;
//   7. the self-test mode shows the passed, failed and digest of the line
//      the README publishes (and `lockstar selftest` prints);
//   8. no error reached the page's console;
// and that the playground explains itself, at 1280x800 and 1920x1080:
//   9. the board and the run controls (and the result's status and search
//      time) are in view together, the page does not scroll, and clicking
//      Find path and Animate leaves the board where it was;
//  10. every result shows the search's time;
//  11. hovering a cell reads its cost and the search's state there (open,
//      closed, unvisited: cells the CLI's picture colours so), and after a
//      stroke the read-out names the stroke's last cell; reached cells
//      read g, h and f: h the octile estimate to the goal worked out here,
//      f = g + floor(h x weight), and with weight 1.0 a closed cell's g
//      the cost `lockstar path` finds from the start to that cell, the
//      goal's the path's cost;
//  12. the goal (demo.map) and the start (rts.map, grabbed by its ring)
//      drag directly with the Wall tool chosen: the query changes to the
//      CLI's result for the new ends and no cell is painted;
//  13. on rts.map start and goal are drawn at least 12 CSS pixels wide;
//  14. the Crowd mode (tests/playground-crowd.mjs): units placed, selected
//      and sent as groups, ticks stepped and played, the field's costs
//      the CLI's, the exported script's `lockstar replay` digests the
//      page's;
// then it takes the screenshots (BUILD/playground-out/playground-WxH*.png)
// and the one docs/playground.md shows (1280x800).
// Run by tests/playground.sh, which installs what it needs; arguments:
//   --root DIR (served: web/, bindings/js/ with lockstar.wasm, examples/)
//   --cache DIR (node_modules with playwright-core) --lockstar PROGRAM
//   --pngread PROGRAM (optional) --readme README.md --out DIR
//   --chromium PATH [--screenshot FILE]
// Prints one line per check and 'playground: N passed, F failed'; exit 0
// when all passed, else 1.

import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { serve } = await import(join(here, '..', 'web', 'serve.mjs'));
const { checkCrowd } = await import(join(here, 'playground-crowd.mjs'));

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--') || i + 1 >= argv.length) throw new Error(`bad argument ${argv[i]}`);
    args[argv[i].slice(2)] = argv[i + 1];
  }
  for (const need of ['root', 'cache', 'lockstar', 'readme', 'out', 'chromium']) {
    if (!args[need]) throw new Error(`--${need} is required`);
  }
  return args;
}

const args = parseArgs(process.argv.slice(2));
const root = resolve(args.root);
const examples = join(root, 'examples');
mkdirSync(args.out, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'lockstar-playground-'));

let passed = 0;
let failed = 0;
function check(ok, what, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || !detail ? '' : `\n     ${detail}`}`);
  return ok;
}
function same(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  return check(a === e, what, `page: ${a}\n     CLI:  ${e}`);
}

// ------------------------------------------------------------ the CLI side

function cli(...words) {
  return execFileSync(args.lockstar, words, { encoding: 'latin1', stdio: ['ignore', 'pipe', 'pipe'] });
}

// `lockstar path` as { status, cost, expansions, digest, length, waypoints }.
function cliPath(map, words) {
  let text;
  try {
    text = cli('path', map, ...words);
  } catch (error) {
    text = error.stdout; // exit 1: no path, still a report
    if (!text) throw error;
  }
  const report = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(': ');
    if (at > 0) report[line.slice(0, at)] = line.slice(at + 2);
  }
  return report;
}

const mapDigest = (map, swamp) => cli('digest', map, '--swamp-cost', String(swamp)).trim();

// A copy of a map file with cells changed: [{ x, y, symbol }].
function mapWith(source, cells, name) {
  const lines = readFileSync(source, 'latin1').split('\n');
  const first = lines.indexOf('map') + 1;
  for (const { x, y, symbol } of cells) {
    const row = lines[first + y];
    lines[first + y] = `${row.slice(0, x)}${symbol}${row.slice(x + 1)}`;
  }
  const file = join(scratch, name);
  writeFileSync(file, lines.join('\n'), 'latin1');
  return file;
}

// The cell colours of `lockstar path ... --png --scale 1` as 'RRGGBB'
// strings, row-major, decoded by libpng (tests/pngread); null when the
// CLI was built without libpng.
function cliCellColours(map, words, width, height) {
  if (!args.pngread) return null;
  const png = join(scratch, 'cells.png');
  try {
    cli('path', map, ...words, '--png', png, '--scale', '1');
  } catch (error) {
    if (error.status === 2 && /png/i.test(error.stderr)) return null;
    if (!error.stdout) throw error;
  }
  const points = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) points.push(`${x},${y}`);
  const out = execFileSync(args.pngread, [png, ...points], { encoding: 'latin1', maxBuffer: 1 << 26 });
  const colours = out.trim().split('\n').slice(1).map((line) => line.split(' ')[1].toUpperCase());
  if (colours.length !== width * height) throw new Error(`pngread gave ${colours.length} pixels`);
  return colours;
}

// ------------------------------------------------------------ the page side

const require = createRequire(join(resolve(args.cache), 'node_modules', 'x.js'));
const { chromium } = require('playwright-core');

const { server, url } = await serve({ root, port: 0 });
const profile = mkdtempSync(join(tmpdir(), 'lockstar-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: args.chromium,
  headless: true,
  viewport: { width: 1280, height: 800 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = context.pages()[0] ?? (await context.newPage());
page.setDefaultTimeout(30000);
const consoleErrors = [];
page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
page.on('console', (message) => {
  if (message.type() === 'error') consoleErrors.push(`console: ${message.text()}`);
});

const result = () => page.evaluate(() => {
  const out = {};
  for (const el of document.querySelectorAll('[data-result]')) out[el.dataset.result] = el.textContent.trim();
  return out;
});
// The page's numbers in the CLI report's terms.
const asReport = (r) => ({ status: r.status, cost: r.cost, expansions: r.expansions, digest: r.digest, length: r.length });
const cliReport = (r) => ({ status: r.status, cost: r.cost, expansions: r.expansions, digest: r.digest, length: r.length });

async function loadBundled(file, swamp) {
  await page.selectOption('#map-choice', file);
  await page.fill('#swamp-cost', String(swamp));
  await page.click('#map-load');
  await page.waitForFunction((name) => document.querySelector('[data-result="map"]').textContent === name,
    `examples/${file}`);
}

async function setQuery(q) {
  await page.fill('#start-x', String(q.from[0]));
  await page.fill('#start-y', String(q.from[1]));
  await page.fill('#goal-x', String(q.to[0]));
  await page.fill('#goal-y', String(q.to[1]));
  await page.selectOption('#algorithm', q.algo ?? 'astar');
  await page.selectOption('#heuristic', q.heuristic ?? 'auto');
  await page.selectOption('#tie-break', q.tie ?? 'high-g');
  await page.fill('#weight', q.weight ?? '1');
  await page.setChecked('#smooth', Boolean(q.smooth));
}

function cliWords(q, swamp) {
  const words = ['--from', q.from.join(','), '--to', q.to.join(','), '--swamp-cost', String(swamp)];
  if (q.algo) words.push('--algo', q.algo);
  if (q.heuristic) words.push('--heuristic', q.heuristic);
  if (q.tie) words.push('--tie', q.tie);
  if (q.weight) words.push('--weight', q.weight);
  if (q.smooth) words.push('--smooth');
  return words;
}

async function run() {
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#results').dataset.state === 'done');
  return result();
}

// The board's colour at the centre of every cell, 'RRGGBB', row-major
// (the pointer moved off the board first: no hover outline).
const boardColours = async () => {
  await page.mouse.move(1, 1);
  return page.evaluate(() => {
    document.activeElement?.blur(); // no keyboard cursor on the board
    const canvas = document.querySelector('#board');
    const dims = document.querySelector('#map-size').textContent.split('×').map((s) => Number(s.trim()));
    const [w, h] = dims;
    const scale = canvas.width / w;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const out = [];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const px = Math.floor(x * scale + scale / 2);
        const py = Math.floor(y * scale + scale / 2);
        const i = 4 * (py * canvas.width + px);
        out.push([data[i], data[i + 1], data[i + 2]].map((v) => v.toString(16).padStart(2, '0')).join('').toUpperCase());
      }
    }
    return out;
  });
};

function compareColours(pageColours, cliColours, width, what) {
  if (!cliColours) {
    console.log(`note ${what}: not compared (built without libpng: no tests/pngread)`);
    return;
  }
  const wrong = [];
  for (let i = 0; i < cliColours.length; i++) {
    if (pageColours[i] !== cliColours[i]) wrong.push(`${i % width},${Math.floor(i / width)} page ${pageColours[i]} CLI ${cliColours[i]}`);
  }
  check(wrong.length === 0 && pageColours.length === cliColours.length, what,
    `${wrong.length} of ${cliColours.length} cells differ: ${wrong.slice(0, 5).join('; ')}`);
}

// The page pixel at the centre of cell (x, y), for mouse events.
async function cellPoint(x, y) {
  const box = await page.locator('#board').boundingBox();
  const dims = (await page.textContent('#map-size')).split('×').map((s) => Number(s.trim()));
  return { x: box.x + ((x + 0.5) * box.width) / dims[0], y: box.y + ((y + 0.5) * box.height) / dims[1] };
}

// The passable cell of a map file nearest (x, y) along its row, then the
// rows below: '.', 'G' and 'S' are passable (movingai/movingai.h).
function passableNear(file, x, y) {
  const lines = readFileSync(file, 'latin1').split('\n');
  const rows = lines.slice(lines.indexOf('map') + 1);
  for (let yy = y; yy < rows.length; yy++) {
    for (let d = 0; d < rows[yy].length; d++) {
      for (const xx of [x - d, x + d]) if ('.GS'.includes(rows[yy][xx] ?? '@')) return { x: xx, y: yy };
    }
  }
  throw new Error(`${file}: no passable cell near ${x},${y}`);
}

const readout = () => page.textContent('#cursor-info');

// g, h and f as the read-out shows them ("... · g 140 · h 90 · f 230 ..."),
// or null when it shows none.
function readCosts(text) {
  const m = / · g (\d+) · h (\d+) · f (\d+)/.exec(text);
  return m ? { g: Number(m[1]), h: Number(m[2]), f: Number(m[3]) } : null;
}

// The figures of the cells hovered after the search of q (A*, octile,
// default step costs 10 and 14) on map with that swamp cost, each against
// what is worked out here: h the octile estimate to the goal, f = g +
// floor(h x weight), g at least the cheapest cost `lockstar path` finds to
// the cell, and equal to it for a closed cell when the weight is 1.0 (A*
// with a consistent estimate expands each cell at its cheapest cost); the
// goal's g the path's cost. The cells: the path's (closed but the goal),
// and where the CLI's picture is read (colours), closed and open cells
// off the path, and an unvisited one, which shows no figures.
async function hoverCostsCheck(map, q, swamp, colours) {
  const weight = Number(q.weight ?? '1');
  const words = cliWords(q, swamp);
  const found = cliPath(map, words);
  const path = found.path.split(' ').map((p) => p.split(',').map(Number));
  const cells = [0.25, 0.5, 0.75].map((t) => ({ at: path[Math.floor(t * (path.length - 1))], kind: 'path' }));
  cells.push({ at: path[path.length - 1], kind: 'goal' });
  for (const [colour, kind] of [['97B8EC', 'closed'], ['90CA9B', 'open'], ['ECECE4', 'unvisited']]) {
    const i = colours ? colours.lastIndexOf(colour) : -1;
    if (i >= 0) cells.push({ at: [i % 48, Math.floor(i / 48)], kind });
  }
  const octile = ([x, y]) => {
    const dx = Math.abs(x - q.to[0]), dy = Math.abs(y - q.to[1]);
    return 14 * Math.min(dx, dy) + 10 * (Math.max(dx, dy) - Math.min(dx, dy));
  };
  const what = `weight ${weight}`;
  for (const { at, kind } of cells) {
    const point = await cellPoint(at[0], at[1]);
    await page.mouse.move(point.x, point.y);
    const text = await readout();
    const c = readCosts(text);
    if (kind === 'unvisited') {
      check(c === null && text.includes('state unvisited'), `${what}: hovering unvisited ${at} shows no g, h, f: "${text}"`);
      continue;
    }
    if (!c) {
      check(false, `${what}: hovering ${kind} cell ${at} shows g, h and f`, `read-out "${text}"`);
      continue;
    }
    const cheapest = Number(cliPath(map, cliWords({ from: q.from, to: at }, swamp)).cost);
    const h = octile(at);
    const g = kind === 'goal' ? Number(found.cost)
      : weight === 1 && kind !== 'open' ? cheapest : c.g;
    check(c.h === h && c.f === c.g + Math.floor(h * weight) && c.g === g && c.g >= cheapest,
      `${what}: hovering ${kind} cell ${at}: g ${c.g} h ${c.h} f ${c.f}`,
      `expected h ${h}, f = g + floor(h x ${weight}), g ${g} (lockstar path's cheapest to it: ${cheapest})`);
  }
}

// Where the board, the run controls and the result's status and time are,
// whether the page scrolls, and whether Find path and Animate move the
// board; one check each, named by what.
async function layoutCheck(what) {
  const measure = () => page.evaluate(() => {
    const box = (selector) => {
      const r = document.querySelector(selector).getBoundingClientRect();
      return [r.left, r.top, r.right, r.bottom].map(Math.round);
    };
    const named = { board: '#board', 'Find path': '#run', Animate: '#animate', Step: '#step', Pause: '#pause',
      status: '[data-result="status"]', 'search time': '[data-result="time"]' };
    const boxes = Object.fromEntries(Object.entries(named).map(([name, selector]) => [name, box(selector)]));
    const scroller = document.scrollingElement;
    return { boxes, width: innerWidth, height: innerHeight, scrollHeight: scroller.scrollHeight,
      scrolled: scroller.scrollTop + document.querySelector('main').scrollTop };
  });
  const m = await measure();
  const outside = Object.entries(m.boxes).filter(([, [l, t, r, b]]) => r <= l || b <= t || l < 0 || t < 0 || r > m.width || b > m.height);
  const [bl, bt, br, bb] = m.boxes.board;
  check(outside.length === 0, `${what}: board (${br - bl} x ${bb - bt} px), run controls, status and search time all in the ${m.width}x${m.height} view`,
    `outside the view: ${JSON.stringify(Object.fromEntries(outside))}`);
  check(m.scrollHeight <= m.height, `${what}: the page does not scroll`, `scroll height ${m.scrollHeight}`);
  const side = await page.evaluate(() => [...document.querySelectorAll('.side > *')].map((el) => Math.round(el.getBoundingClientRect().bottom)));
  check(Math.max(...side) <= m.height, `${what}: the result and the legend fit beside the board`, `bottoms ${side.join(', ')}`);
  await page.fill('#budget', '200');
  await page.click('#animate');
  await page.waitForFunction(() => document.querySelector('#results').dataset.state === 'done');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#results').dataset.state === 'done');
  const after = await measure();
  same([after.boxes.board, after.scrolled], [m.boxes.board, 0], `${what}: clicking Find path and Animate leaves the board in place`);
}

// The bounding boxes, in CSS pixels, of the board's pixels of the start's
// and of the goal's exact colour (cell and ring).
const markerSizes = () => page.evaluate(() => {
  const canvas = document.querySelector('#board');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const perCss = canvas.width / canvas.clientWidth;
  const size = ([r, g, b]) => {
    let x0 = Infinity; let y0 = Infinity; let x1 = -1; let y1 = -1;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] !== r || data[i + 1] !== g || data[i + 2] !== b) continue;
      const x = (i / 4) % canvas.width;
      const y = Math.floor(i / 4 / canvas.width);
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    return x1 < 0 ? [0, 0] : [(x1 - x0 + 1) / perCss, (y1 - y0 + 1) / perCss].map((v) => Math.round(v));
  };
  return { start: size([0, 176, 80]), goal: size([220, 0, 0]), cell: Math.round(canvas.clientWidth / Number(document.querySelector('#map-size').textContent.split('×')[0])) };
});

async function markersCheck(what) {
  await page.mouse.move(1, 1);
  const m = await markerSizes();
  check(Math.min(...m.start, ...m.goal) >= 12,
    `${what}: start ${m.start.join('x')} and goal ${m.goal.join('x')} CSS px on screen (cells ${m.cell} px): at least 12`);
}

// A drag from one page point to another with the mouse's left button.
async function drag(from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

// A screenshot into --out, the pointer at hover (a page point) or off the board.
async function shoot(name, hover = { x: 1, y: 1 }) {
  await page.evaluate(() => {
    document.activeElement?.blur();
    for (const column of document.querySelectorAll('.controls, .side')) column.scrollTop = 0;
  });
  await page.mouse.move(hover.x, hover.y);
  const file = join(args.out, name);
  await page.screenshot({ path: file });
  check(readFileSync(file).subarray(1, 4).toString() === 'PNG', `screenshot ${file}`);
  return file;
}

const started = Date.now();
try {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  check(true, `page loaded from ${url}: ${await page.textContent('#library-status')}`);

  // 1. a bundled map through the map controls
  const demo = join(examples, 'demo.map');
  await loadBundled('demo.map', 4);
  same((await result())['map-digest'], mapDigest(demo, 4), 'demo.map (swamp cost 4): map digest as lockstar digest');

  // 2. a query through the form: cost, expansions, digest and every cell's colour
  await page.setChecked('#live', false);
  const q1 = { from: [3, 20], to: [44, 2], heuristic: 'octile', tie: 'low-g', weight: '1.5' };
  await setQuery(q1);
  const page1 = await run();
  const cli1 = cliPath(demo, cliWords(q1, 4));
  check(cli1.status === 'path found', `lockstar path demo.map ${cliWords(q1, 4).join(' ')}: a path`);
  same(asReport(page1), cliReport(cli1), 'A* with octile, low-g, weight 1.5: status, cost, expansions, digest, length');
  const expectCommand = `lockstar path examples/demo.map --from 3,20 --to 44,2 --swamp-cost 4 --heuristic octile --weight 1.5 --tie low-g`;
  same(page1.command, expectCommand, 'the page names the same query as a lockstar command');
  const colours1 = cliCellColours(demo, cliWords(q1, 4), 48, 24);
  compareColours(await boardColours(), colours1, 48,
    'board cells (ground, terrain, closed, open, path, start, goal) = lockstar path --png pixels');
  check(/^\d+\.\d+ ms( \(mean of \d+ runs\))?$/.test(page1.time), `Find path shows the search time: ${page1.time}`);

  // ... hovering cells the CLI's picture shows closed, open and unreached
  // (on open ground) and a wall: the read-out says so.
  if (colours1) {
    const kinds = { '97B8EC': 'state closed (expanded)', '90CA9B': 'state open (reached)', ECECE4: 'state unvisited', 282830: 'wall' };
    const seen = [];
    for (const [colour, words] of Object.entries(kinds)) {
      const i = colours1.indexOf(colour);
      if (i < 0) continue;
      const [x, y] = [i % 48, Math.floor(i / 48)];
      const point = await cellPoint(x, y);
      await page.mouse.move(point.x, point.y);
      const text = await readout();
      seen.push(`${x},${y}: ${text}`);
      check(text.startsWith(`Cell ${x},${y} · `) && text.includes(words) && (words !== 'wall' || text.includes('state unvisited')),
        `hovering ${x},${y} (CLI colour ${colour}) reads "${text}"`, `expected "${words}"`);
    }
    check(seen.length === 4, 'the CLI\'s picture has closed, open, unreached and wall cells to hover', seen.join('; '));
  }
  await hoverCostsCheck(demo, q1, 4, colours1);
  await setQuery({ from: [3, 20], to: [44, 2] });
  await run();
  await hoverCostsCheck(demo, { from: [3, 20], to: [44, 2] }, 4, cliCellColours(demo, cliWords({ from: [3, 20], to: [44, 2] }, 4), 48, 24));

  // 3. JPS with waypoints (uniform costs: swamp cost 1)
  await loadBundled('demo.map', 1);
  const q2 = { from: [1, 1], to: [46, 22], algo: 'jps', smooth: true };
  await setQuery(q2);
  const page2 = await run();
  const cli2 = cliPath(demo, cliWords(q2, 1));
  same({ ...asReport(page2), waypoints: page2.waypoints }, { ...cliReport(cli2), waypoints: cli2.waypoints },
    'JPS with smoothing: result and waypoints');

  // 4. an expansion limit (the partial path), step by step, then animated to the end
  await loadBundled('demo.map', 4);
  const q3 = { from: [1, 1], to: [46, 22] };
  await setQuery(q3);
  await page.fill('#max-expansions', '20');
  const pageLimited = await run();
  const limited = [...cliWords(q3, 4), '--max-expansions', '20'];
  const cliLimited = cliPath(demo, limited);
  same([pageLimited.expansions, pageLimited.length], [cliLimited.expansions, `– (partial path: ${cliLimited['partial length']} cells)`],
    '--max-expansions 20: expansions and the partial path\'s length');
  compareColours(await boardColours(), cliCellColours(demo, limited, 48, 24), 48,
    '--max-expansions 20: board cells (partial path) = lockstar path --png pixels');
  await page.fill('#max-expansions', '0');
  const cli3 = cliPath(demo, cliWords(q3, 4));
  await page.fill('#budget', '7');
  const steps = [];
  for (let i = 0; i < 3; i++) {
    await page.click('#step');
    steps.push((await result()).expansions);
  }
  same(steps, ['7', '14', '21'], 'Step with 7 expansions per step: 7, 14, 21 expansions shown');
  const stepTime = (await result()).time;
  check(/^(\d+\.\d+|under 0\.1) ms in 3 slices so far$/.test(stepTime), `Step shows the time in the library so far: ${stepTime}`);
  const midway = await boardColours();
  const closedMidway = midway.filter((c) => c === '97B8EC').length; // closed on open ground
  check(closedMidway > 0 && closedMidway <= 21, `after 21 expansions the board shows ${closedMidway} closed cells of open ground (1..21)`);
  await page.click('#animate');
  await page.waitForFunction(() => document.querySelector('#results').dataset.state === 'done');
  const animated = await result();
  same(asReport(animated), cliReport(cli3), 'Animate: ends with the CLI\'s result');
  check(/^(\d+\.\d+|under 0\.1) ms in \d+ slices$/.test(animated.time), `Animate shows the time in the library: ${animated.time}`);

  // 5. a wall painted with the mouse across the path, searched again live
  await page.setChecked('#live', true);
  await page.check('input[name="tool"][value="wall"]');
  const path3 = cli3.path.split(' ').map((p) => p.split(',').map(Number));
  const [wx, wy] = path3[Math.floor(path3.length / 2)];
  const wall = [{ x: wx, y: wy - 1 }, { x: wx, y: wy }, { x: wx, y: wy + 1 }];
  await page.locator('#board').scrollIntoViewIfNeeded();
  const from = await cellPoint(wx, wy - 1);
  const to = await cellPoint(wx, wy + 1);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 1 }); // one jump: the stroke must fill the cell between
  await page.mouse.up();
  if (process.env.PLAYGROUND_DEBUG) await page.screenshot({ path: join(args.out, 'after-stroke.png') });
  const afterStroke = await readout();
  check(afterStroke.startsWith(`Cell ${wx},${wy + 1} · wall`), `after the stroke the read-out names its last cell: "${afterStroke}"`);
  const walled = mapWith(demo, wall.map((c) => ({ ...c, symbol: '@' })), 'demo-walled.map');
  const cli4 = cliPath(walled, cliWords(q3, 4));
  check(cli4.digest !== cli3.digest, `the CLI's path changes with walls at ${wall.map((c) => `${c.x},${c.y}`).join(' ')}`);
  await page.waitForFunction((digest) => document.querySelector('[data-result="digest"]').textContent === digest,
    cli4.digest, { timeout: 5000 }).catch(() => {});
  const page4 = await result();
  same(asReport(page4), cliReport(cli4), 'after the mouse stroke: the CLI\'s result on the walled map');
  same(page4['map-digest'], mapDigest(walled, 4), 'after the mouse stroke: the walled map\'s digest');
  compareColours(await boardColours(), cliCellColours(walled, cliWords(q3, 4), 48, 24), 48,
    'after the mouse stroke: board cells = lockstar path --png pixels on the walled map');

  // ... and terrain painted with the keyboard: the cursor is on the
  // stroke's last cell; one to the right, terrain of cost 4 is a swamp
  // cell of the CLI's map read with --swamp-cost 4.
  await page.check('input[name="tool"][value="terrain"]');
  await page.fill('#terrain-cost', '4');
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  const swamped = mapWith(walled, [{ x: wx + 1, y: wy + 1, symbol: 'S' }], 'demo-swamped.map');
  const cli5 = cliPath(swamped, cliWords(q3, 4));
  await page.waitForFunction((expansions) => document.querySelector('[data-result="expansions"]').textContent === expansions,
    cli5.expansions, { timeout: 5000 }).catch(() => {});
  const page5 = await result();
  same([asReport(page5), page5['map-digest']], [cliReport(cli5), mapDigest(swamped, 4)],
    `terrain of cost 4 painted with the keyboard at ${wx + 1},${wy + 1}: the CLI's result and map digest with a swamp there`);

  // 12. the goal dragged with the Wall tool chosen: it moves, nothing is painted
  await page.check('input[name="tool"][value="wall"]');
  const newGoal = passableNear(swamped, 40, 20);
  await drag(await cellPoint(46, 22), await cellPoint(newGoal.x, newGoal.y));
  const q6 = { ...q3, to: [newGoal.x, newGoal.y] };
  const cli6 = cliPath(swamped, cliWords(q6, 4));
  await page.waitForFunction((digest) => document.querySelector('[data-result="digest"]').textContent === digest,
    cli6.digest, { timeout: 5000 }).catch(() => {});
  const page6 = await result();
  same([await page.inputValue('#goal-x'), await page.inputValue('#goal-y'), page6['map-digest'], asReport(page6)],
    [String(newGoal.x), String(newGoal.y), mapDigest(swamped, 4), cliReport(cli6)],
    `the goal dragged from 46,22 to ${newGoal.x},${newGoal.y} with the Wall tool: moved, no wall painted, the CLI's result`);

  // 6. a user's .map file
  const rts = join(examples, 'rts.map');
  await page.fill('#swamp-cost', '8');
  await page.setInputFiles('#map-file', rts);
  await page.waitForFunction(() => document.querySelector('[data-result="map"]').textContent === 'rts.map');
  same([(await result())['map-digest'], await page.textContent('#map-size')], [mapDigest(rts, 8), '128 × 96'],
    'a user\'s .map file (rts.map, swamp cost 8): size and map digest');
  await markersCheck('rts.map at 1280x800');
  {
    // grabbed by its ring, 6 CSS px right of the cell's centre
    const int = async (selector) => Number(await page.inputValue(selector));
    const [sx, sy, gx, gy] = [await int('#start-x'), await int('#start-y'), await int('#goal-x'), await int('#goal-y')];
    const start = await cellPoint(sx, sy);
    const newStart = passableNear(rts, 20, 12);
    await drag({ x: start.x + 6, y: start.y }, await cellPoint(newStart.x, newStart.y));
    const q7 = { from: [newStart.x, newStart.y], to: [gx, gy] };
    const cli7 = cliPath(rts, cliWords(q7, 8));
    await page.waitForFunction((digest) => document.querySelector('[data-result="digest"]').textContent === digest,
      cli7.digest, { timeout: 5000 }).catch(() => {});
    const page7 = await result();
    same([await page.inputValue('#start-x'), await page.inputValue('#start-y'), page7['map-digest'], asReport(page7)],
      [String(newStart.x), String(newStart.y), mapDigest(rts, 8), cliReport(cli7)],
      `rts.map: the start grabbed by its ring and dragged to ${newStart.x},${newStart.y}: moved, nothing painted, the CLI's result`);
  }
  await layoutCheck('rts.map at 1280x800');
  await shoot('playground-1280x800-rts.png');

  // 7. the self-test mode
  const published = /lockstar selftest: (\d+) passed, (\d+) failed, digest ([0-9a-f]{16})/
    .exec(readFileSync(args.readme, 'utf8'));
  check(Boolean(published), 'the README publishes a self-test line');
  await page.click('#tab-selftest');
  await page.click('#selftest-run');
  await page.waitForFunction(() => /passed|FAILED|error/.test(document.querySelector('[data-selftest="status"]').textContent));
  const selftest = await page.evaluate(() => Object.fromEntries(
    [...document.querySelectorAll('[data-selftest]')].map((el) => [el.dataset.selftest, el.textContent.trim()])));
  same([selftest.passed, selftest.failed, selftest.digest], published.slice(1, 4),
    'self-test mode: passed, failed and digest as the README publishes');
  same(selftest.line, cli('selftest').trim(), 'self-test mode: the line lockstar selftest prints');
  console.log(`note self-test in the browser: ${selftest.time}`);

  // The Crowd mode (tests/playground-crowd.mjs).
  await checkCrowd({ page, check, same, cli, examples, scratch, shoot, screenshot: args.screenshot });

  // 8. nothing went wrong on the page
  same(consoleErrors, [], 'no errors in the page\'s console');

  // docs/playground.md's screenshot: the page as it opens (A* on demo.map
  // with swamps costing 4, as docs/pictures.md), with smoothing, at 1280x800
  // and then at 1920x1080, each checked for its layout, with rts.map too.
  for (const [width, height] of [[1280, 800], [1920, 1080]]) {
    const size = `${width}x${height}`;
    await page.setViewportSize({ width, height });
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    await page.setChecked('#smooth', true);
    same(asReport(await run()), cliReport(cliPath(demo, cliWords({ from: [1, 1], to: [46, 22], smooth: true }, 4))),
      `${size}: the page as it opens, with smoothing: the CLI's result`);
    await layoutCheck(`demo.map at ${size}`);
    const shot = await shoot(`playground-${size}.png`, await cellPoint(20, 12));
    if (width === 1280 && args.screenshot) {
      copyFileSync(shot, args.screenshot);
      console.log(`note screenshot copied to ${args.screenshot}`);
    }
    if (width === 1920) {
      await loadBundled('rts.map', 8);
      await markersCheck(`rts.map at ${size}`);
      await layoutCheck(`rts.map at ${size}`);
      await shoot(`playground-${size}-rts.png`);
    }
  }
} catch (error) {
  check(false, 'the page could be driven to the end', error.stack);
} finally {
  await context.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
}

console.log(`playground: browser part took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`playground: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
