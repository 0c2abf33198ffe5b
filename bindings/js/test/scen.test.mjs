// SPDX-License-Identifier: MIT
// scen.test.mjs - examples/scen.mjs against `lockstar scen`, byte for
// byte: standard output, the exit status, and standard error (the
// summary's CPU time aside), on the bundled examples and the test data
// under many option sets (errors of arguments and files included), and on
// every map/scen pair of ../shared/maps under several option sets (those
// skipped, counted as skipped, when the maps are absent). The full .scen
// files with unbounded searches take minutes: they run only with
// LOCKSTAR_JS_SCEN_FULL=1 (skipped otherwise); every query of them runs
// by default under an expansion limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, existsSync, mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsDir, cliPath, examplesDir, srcDir, sharedMapsDir, hasSharedMaps } from './helpers.mjs';

const scenScript = join(jsDir, 'examples', 'scen.mjs');
const noCli = cliPath ? false : 'no lockstar CLI (LOCKSTAR_CLI) to compare with';

function run(cmd, args, cwd) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    p.stdout.on('data', (d) => out.push(d));
    p.stderr.on('data', (d) => err.push(d));
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('latin1') }));
  });
}

const maskTime = (s) => s.replace(/, [0-9]+\.[0-9]{3} s\n$/, ', TIME s\n');

// Both programs at once (two cores), then every byte compared.
async function compare(args, cwd = undefined) {
  const [c, j] = await Promise.all([run(cliPath, ['scen', ...args], cwd), run(process.execPath, [scenScript, ...args], cwd)]);
  const what = `scen ${args.join(' ')}`;
  assert.equal(j.code, c.code, `${what}: exit status (stderr: ${j.stderr.slice(0, 300)})`);
  assert.equal(maskTime(j.stderr), maskTime(c.stderr), `${what}: standard error`);
  assert.ok(j.stdout.equals(c.stdout), `${what}: standard output differs (${c.stdout.length} bytes from C, ${j.stdout.length} from JS)`);
  return c;
}

const OPTION_SETS = [
  [],
  ['--algo', 'jps'],
  ['--connect', '4', '--heuristic', 'manhattan', '--tie', 'low-g'],
  ['--corners', 'all', '--heuristic=chebyshev', '--weight', '2.5', '--budget', '3'],
  ['--corners', 'one', '--straight', '7', '--diagonal', '9', '--smooth'],
  ['--weight', '1.00001', '--max-expansions', '20', '--grid', 'compact'],
  ['--context', 'compact', '--heuristic', 'zero', '--swamp-cost', '5'],
  ['--algo', 'jps', '--grid', 'compact', '--context', 'compact', '--budget', '1', '--smooth'],
  ['--weight', '1.5', '--context', 'compact'],
  ['--straight', '65535', '--diagonal', '131070', '--weight', '64'],
];

const BAD_ARGS = [
  ['--bogus'], ['--connect', '6'], ['--weight', '0.5'], ['--straight', '10', '--diagonal', '30'],
  ['--budget'], ['--smooth=1'], ['--tie', 'x'.repeat(60)], ['extra'],
];

test('scen.mjs equals lockstar scen on the bundled examples under every option set', { skip: noCli }, async () => {
  const map = join(examplesDir, 'demo.map');
  const scen = join(examplesDir, 'demo.scen');
  for (const opts of OPTION_SETS) await compare([map, scen, ...opts]);
  for (const opts of BAD_ARGS) {
    const c = await compare([map, scen, ...opts]);
    assert.equal(c.code, 2, `${opts.join(' ')} is refused`);
  }
});

test('scen.mjs equals lockstar scen on the test data: refusals and file errors', { skip: noCli }, async () => {
  const data = join(srcDir, 'tests', 'data');
  const maps = readdirSync(data).filter((f) => f.endsWith('.map'));
  const scens = readdirSync(data).filter((f) => f.endsWith('.scen'));
  let runs = 0;
  for (const s of scens) {
    await compare([join(data, 'small.map'), join(data, s)]);
    runs++;
  }
  for (const m of maps) {
    await compare([join(data, m), join(data, 'small.scen')]);
    runs++;
  }
  await compare([join(data, 'small.map'), join(data, 'small.scen'), '--algo', 'jps', '--swamp-cost', '3']);
  await compare([join(data, 'nonexistent.map'), join(data, 'small.scen')]);
  await compare([data, join(data, 'small.scen')]);
  await compare([join(data, 'small.map')]);
  await compare([join(data, `${'x'.repeat(300)}.map`), join(data, 'small.scen')]); // a long name, cut
  await compare([join(data, 'kart\u00e9.map'), join(data, 'small.scen')]); // a name in UTF-8
  await compare([`${'-'.repeat(2)}${'y'.repeat(1100)}`, join(data, 'small.scen')]); // a long message, cut
  // A path cut at 200 bytes inside a two-byte UTF-8 character, and a
  // reader's message cut at 511 bytes (a bad map under a long path).
  const scratch = mkdtempSync(join(tmpdir(), 'ls-js-scen-'));
  try {
    const pad = 'a'.repeat(199 - Buffer.byteLength(scratch) - 1);
    await compare([join(scratch, `${pad}\u00e9${'0'.repeat(40)}.map`), join(data, 'small.scen')]);
    const deep = join(scratch, '1'.repeat(200), '2'.repeat(200), '3'.repeat(150));
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, 'bad.map'), 'type octile\nheight 2\nwidth 3\nmap\n.x.\n...\n');
    const c = await compare([join(deep, 'bad.map'), join(data, 'small.scen')]);
    assert.equal(c.code, 2, 'the bad map is refused');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  await compare([]);
  await compare(['--', join(data, 'small.map'), join(data, 'small.scen')]);
  await compare(['small.map', 'small.scen'], data); // relative names, as given
  assert.ok(runs >= 10, `${runs} map/scen pairs`);
});

// Every map/scen pair of the shared maps (NAME.map with NAME.map*.scen).
const pairs = [];
if (hasSharedMaps) {
  for (const f of readdirSync(sharedMapsDir).sort()) {
    if (!f.endsWith('.scen')) continue;
    const mapName = f.slice(0, f.indexOf('.map') + 4);
    if (f.indexOf('.map') > 0 && existsSync(join(sharedMapsDir, mapName))) pairs.push({ map: mapName, scen: f, sub: f.endsWith('.sub.scen') });
  }
}
const noShared = !hasSharedMaps ? `no shared maps at ${sharedMapsDir}` : (noCli || (pairs.length === 0 ? 'no map/scen pairs in the shared maps' : false));

test('shared maps: every pair has a map', { skip: noShared }, () => {
  assert.ok(pairs.length >= 2, `${pairs.length} pairs`);
});

// Every query of every pair under a bound (cheap: at most 400 expansions
// each); the scenario subsets (.sub.scen) to the end under the defaults and
// JPS; the weighted, low-g, compact-grid, smoothed set on the two maps
// where it is quick (on the mazes a weight of 1.5 with low-g expands
// minutes' worth).
const SHARED_SETS = [
  { name: 'every query, at most 400 expansions, 4-connected', opts: ['--max-expansions', '400', '--connect', '4'], which: (p) => !p.sub },
  { name: 'defaults', opts: [], which: (p) => p.sub },
  { name: 'JPS in slices of 64', opts: ['--algo', 'jps', '--budget', '64'], which: (p) => p.sub },
  { name: 'weight 1.5, low-g, compact grid, smoothed', opts: ['--weight', '1.5', '--tie', 'low-g', '--grid', 'compact', '--smooth'],
    which: (p) => p.sub && /^(arena|lak303d)\./.test(p.map) },
];
for (const set of SHARED_SETS) {
  for (const p of pairs) {
    if (!set.which(p)) continue;
    test(`shared maps: ${p.scen} (${set.name})`, { skip: noShared }, async () => {
      await compare([join(sharedMapsDir, p.map), join(sharedMapsDir, p.scen), ...set.opts]);
    });
  }
}
const full = process.env.LOCKSTAR_JS_SCEN_FULL === '1';
for (const p of pairs.filter((q) => !q.sub)) {
  test(`shared maps: ${p.scen} (defaults, every query to the end)`,
    { skip: noShared || (full ? false : 'minutes long: set LOCKSTAR_JS_SCEN_FULL=1') }, async () => {
      await compare([join(sharedMapsDir, p.map), join(sharedMapsDir, p.scen)]);
    });
}
if (!hasSharedMaps) {
  test('shared maps: every map/scen pair', { skip: `no shared maps at ${sharedMapsDir}` }, () => {});
}
