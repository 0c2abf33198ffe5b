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
// then it takes the screenshot the README shows.
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
  viewport: { width: 1280, height: 860 },
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

// The board's colour at the centre of every cell, 'RRGGBB', row-major.
const boardColours = () => page.evaluate(() => {
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
  compareColours(await boardColours(), cliCellColours(demo, cliWords(q1, 4), 48, 24), 48,
    'board cells (ground, terrain, closed, open, path, start, goal) = lockstar path --png pixels');

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
  const midway = await boardColours();
  const closedMidway = midway.filter((c) => c === '97B8EC').length; // closed on open ground
  check(closedMidway > 0 && closedMidway <= 21, `after 21 expansions the board shows ${closedMidway} closed cells of open ground (1..21)`);
  await page.click('#animate');
  await page.waitForFunction(() => document.querySelector('#results').dataset.state === 'done');
  same(asReport(await result()), cliReport(cli3), 'Animate: ends with the CLI\'s result');

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

  // 6. a user's .map file
  const rts = join(examples, 'rts.map');
  await page.fill('#swamp-cost', '8');
  await page.setInputFiles('#map-file', rts);
  await page.waitForFunction(() => document.querySelector('[data-result="map"]').textContent === 'rts.map');
  same([(await result())['map-digest'], await page.textContent('#map-size')], [mapDigest(rts, 8), '128 × 96'],
    'a user\'s .map file (rts.map, swamp cost 8): size and map digest');

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

  // 8. nothing went wrong on the page
  same(consoleErrors, [], 'no errors in the page\'s console');

  // The README's screenshot: the page as it opens (A* on demo.map with
  // swamps costing 4, as README "Pictures"), with smoothing.
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.setChecked('#smooth', true);
  same(asReport(await run()), cliReport(cliPath(demo, cliWords({ from: [1, 1], to: [46, 22], smooth: true }, 4))),
    'the page as it opens, with smoothing: the CLI\'s result');
  await page.evaluate(() => {
    document.activeElement?.blur();
    window.scrollTo(0, 0);
  });
  const shot = join(args.out, 'playground.png');
  await page.screenshot({ path: shot });
  check(readFileSync(shot).subarray(1, 4).toString() === 'PNG', `screenshot ${shot}`);
  if (args.screenshot) {
    copyFileSync(shot, args.screenshot);
    console.log(`note screenshot copied to ${args.screenshot}`);
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
