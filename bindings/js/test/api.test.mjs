// SPDX-License-Identifier: MIT
// api.test.mjs - lockstar.mjs's core API (bindings/js/lockstar.d.ts): the
// constants against the C headers, statuses, grids, findPath, sliced
// searches, their cell states and costs (g, h, f against a Dijkstra),
// smoothing, the self-test, argument checks, loading from bytes, a path
// and a URL, and the imports the wasm needs (none that a browser lacks).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadLockstar, lockstarModule, srcDir, jsDir } from './helpers.mjs';

test('every #define of the headers that the module names has the header value', async () => {
  const ls = await loadLockstar();
  const defines = new Map();
  for (const h of ['lockstar.h', 'lockstar_world.h', 'lockstar_queue.h', 'lockstar_crowd.h', 'lockstar_flow.h',
    'lockstar_selftest.h', 'lockstar_jumps.h', 'lockstar_landmarks.h', 'lockstar_hpa.h', 'lockstar_cache.h']) {
    const text = readFileSync(join(srcDir, 'include', h), 'latin1');
    for (const m of text.matchAll(/^#define LS_([A-Z0-9_]+)\s+(.+?)\s*(\/\*.*)?$/gm)) {
      defines.set(m[1], m[2]);
    }
  }
  const numeric = (v) => {
    const clean = v.replace(/\(\(fix16_t\)(0x[0-9a-fA-F]+)\)/, '$1').replace(/u$/i, '').replace(/^\((.*)\)$/, '$1');
    if (/^\d+u?\s*\*\s*\d+u?$/.test(clean)) return clean.split('*').map((s) => parseInt(s, 10)).reduce((a, b) => a * b);
    return Number(clean.replace(/u$/i, ''));
  };
  let compared = 0;
  for (const [name, value] of Object.entries(ls.CONSTANTS)) {
    assert.ok(defines.has(name), `LS_${name} is a #define of the headers`);
    assert.equal(value, numeric(defines.get(name)), `LS_${name}`);
    assert.equal(ls[name], value);
    compared++;
  }
  for (const name of ['CONNECT_4', 'CONNECT_8', 'CORNERS_NONE', 'CORNERS_ONE', 'CORNERS_ALL',
    'HEURISTIC_AUTO', 'HEURISTIC_OCTILE', 'HEURISTIC_MANHATTAN', 'HEURISTIC_CHEBYSHEV',
    'HEURISTIC_ZERO', 'TIE_HIGH_G', 'TIE_LOW_G', 'ALGO_ASTAR', 'ALGO_JPS']) {
    assert.ok(name in ls, name);
  }
  assert.ok(compared >= 40);
});

test('STATUS holds every ls_status of the header, names without LS_', async () => {
  const ls = await loadLockstar();
  const text = readFileSync(join(srcDir, 'include', 'lockstar.h'), 'latin1');
  const enumBody = /enum \{([\s\S]*?)\};/.exec(text)[1];
  const fromHeader = [...enumBody.matchAll(/LS_([A-Z_]+)\s*=\s*(-?\d+)/g)];
  assert.ok(fromHeader.length >= 38);
  assert.equal(Object.keys(ls.STATUS).length, fromHeader.length);
  for (const [, name, value] of fromHeader) {
    assert.equal(ls.STATUS[name], Number(value), name);
    assert.equal(ls.statusName(Number(value)), `LS_${name}`);
    assert.ok(ls.statusString(Number(value)).length > 0);
  }
  assert.equal(ls.statusName(999), 'LS_UNKNOWN_STATUS');
  assert.equal(ls.statusString(ls.STATUS.ERR_GOAL_BLOCKED), 'goal cell is blocked');
});

test('version is the header version', async () => {
  const ls = await loadLockstar();
  const text = readFileSync(join(srcDir, 'include', 'lockstar.h'), 'latin1');
  assert.equal(ls.version, /#define LS_VERSION_STRING "([^"]+)"/.exec(text)[1]);
});

test('grids: get, set, fill, setRect, load, revision, digest, errors', async () => {
  const { LockstarError } = await lockstarModule();
  const ls = await loadLockstar();
  const g = ls.createGrid(5, 3);
  assert.equal(g.width, 5);
  assert.equal(g.height, 3);
  assert.equal(g.get(4, 2), 1);
  const r0 = g.revision();
  g.set(1, 1, 0);
  assert.equal(g.get(1, 1), 0);
  assert.notEqual(g.revision(), r0);
  g.setRect(0, 0, 2, 2, 7);
  assert.deepEqual([g.get(0, 0), g.get(1, 1), g.get(2, 2)], [7, 7, 1]);
  assert.throws(() => g.get(5, 0), (e) => e instanceof LockstarError && e.status === ls.STATUS.ERR_OUT_OF_BOUNDS && e.statusName === 'LS_ERR_OUT_OF_BOUNDS');
  assert.throws(() => g.setRect(4, 0, 2, 1, 0), (e) => e.status === ls.STATUS.ERR_OUT_OF_BOUNDS);
  assert.throws(() => g.set(0, 0, 256), RangeError);
  assert.throws(() => g.set(0.5, 0, 1), TypeError);
  assert.throws(() => g.load(new Uint8Array(14)), (e) => e.status === ls.STATUS.ERR_BAD_SIZE);
  // The map digest by its definition in lockstar.h.
  const cells = Uint8Array.from({ length: 15 }, (_, i) => (i * 7) % 4);
  g.load(cells);
  assert.deepEqual(g.cells(), cells);
  const mask = (1n << 64n) - 1n;
  const mix = (z) => {
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    return z ^ (z >> 31n);
  };
  let d = mix(((5n << 32n) | 3n) ^ 0x6c6f636b73746172n);
  cells.forEach((c, i) => { d = (d + mix(BigInt(i) * 256n + BigInt(c) + 0x9e3779b97f4a7c15n)) & mask; });
  assert.equal(g.digest(), d.toString(16).padStart(16, '0'));
  assert.throws(() => ls.createGrid(0, 3), (e) => e.status === ls.STATUS.ERR_BAD_SIZE);
  assert.throws(() => ls.createGrid(3, 16385), (e) => e.status === ls.STATUS.ERR_BAD_SIZE);
  g.destroy();
  assert.throws(() => g.get(0, 0), TypeError);
});

test('findPath: a known path, its digest, refusals as statuses', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(8, 8);
  g.setRect(3, 0, 1, 7, 0);
  const r = ls.findPath(g, { startX: 0, startY: 0, goalX: 7, goalY: 0 });
  assert.equal(r.status, ls.STATUS.OK);
  assert.equal(r.statusName, 'LS_OK');
  assert.equal(r.cost, 180);
  assert.equal(r.pathLength, 17);
  assert.equal(r.path.length, 34);
  assert.deepEqual([...r.path.slice(0, 2)], [0, 0]);
  assert.deepEqual([...r.path.slice(-2)], [7, 0]);
  assert.equal(r.digest, ls.pathDigest(r.path));
  // FNV-1a 64 of the points by the header's definition.
  let h = 0xcbf29ce484222325n;
  const bytes = new Uint8Array(new Int32Array(r.path).buffer);
  for (const b of bytes) h = ((h ^ BigInt(b)) * 0x100000001b3n) & ((1n << 64n) - 1n);
  assert.equal(r.digest, h.toString(16).padStart(16, '0'));
  const blocked = ls.findPath(g, { startX: 3, startY: 0, goalX: 7, goalY: 0 });
  assert.equal(blocked.status, ls.STATUS.ERR_START_BLOCKED);
  assert.equal(blocked.cost, -1);
  assert.equal(ls.findPath(g, { startX: 0, startY: 0, goalX: 7, goalY: 0, weight: 'x' }).status, ls.STATUS.ERR_BAD_TEXT);
  assert.equal(ls.findPath(g, { startX: 0, startY: 0, goalX: 7, goalY: 0, connectivity: 6 }).status, ls.STATUS.ERR_BAD_OPTION);
  const w = ls.findPath(g, { startX: 0, startY: 0, goalX: 7, goalY: 0, weight: '2.5' });
  assert.equal(w.status, ls.STATUS.OK);
  assert.deepEqual(w, ls.findPath(g, { startX: 0, startY: 0, goalX: 7, goalY: 0, weightFix16: 163840 }));
  g.set(3, 7, 0);
  const none = ls.findPath(g, { startX: 0, startY: 0, goalX: 7, goalY: 0 });
  assert.equal(none.status, ls.STATUS.NO_PATH);
  assert.equal(none.path.length, 0);
  assert.throws(() => ls.findPath(g, { startX: 0, startY: 0, goalX: 7 }), TypeError);
  // A path longer than the first buffer guess (a serpentine).
  const s = ls.createGrid(40, 40);
  for (let y = 1; y < 40; y += 2) s.setRect(y % 4 === 1 ? 0 : 1, y, 39, 1, 0);
  const long = ls.findPath(s, { startX: 0, startY: 0, goalX: 0, goalY: 39 });
  assert.equal(long.status, ls.STATUS.OK);
  assert.ok(long.pathLength > 4 * 80, `long path: ${long.pathLength}`);
  assert.equal(long.path.length, 2 * long.pathLength);
});

test('createSearch: begin, step, result, cell states, partial path', async () => {
  const { LockstarError } = await lockstarModule();
  const ls = await loadLockstar();
  const g = ls.createGrid(8, 8);
  g.setRect(3, 0, 1, 7, 0);
  const q = { startX: 0, startY: 0, goalX: 7, goalY: 0 };
  const s = ls.createSearch(g);
  assert.deepEqual([...s.cellStates()], new Array(64).fill(0));
  assert.equal(s.begin(q), ls.STATUS.OK);
  assert.equal(s.step(3), ls.STATUS.IN_PROGRESS);
  assert.equal(s.expansions(), 3);
  const states = s.cellStates();
  assert.equal(states.filter((v) => v === ls.VISIT_CLOSED).length, 3);
  assert.ok(states.some((v) => v === ls.VISIT_OPEN));
  assert.equal(s.cellState(0, 0), ls.VISIT_CLOSED);
  assert.equal(s.result().status, ls.STATUS.ERR_NOT_DONE);
  let st;
  do st = s.step(1); while (st === ls.STATUS.IN_PROGRESS);
  assert.equal(st, ls.STATUS.OK);
  const sliced = s.result();
  assert.deepEqual(sliced, ls.findPath(g, q));
  assert.throws(() => s.partialPath(), (e) => e instanceof LockstarError && e.status === ls.STATUS.ERR_NO_PARTIAL);
  assert.equal(s.begin({ ...q, maxExpansions: 2 }), 0);
  assert.equal(s.step(0), ls.STATUS.EXPANSION_LIMIT);
  assert.ok(s.partialPath().length >= 2);
  assert.equal(s.path().length, 0);
  assert.equal(s.begin({ ...q, startX: 3 }), ls.STATUS.ERR_START_BLOCKED);
  assert.equal(s.expansions(), 0);
  assert.deepEqual([...s.cellStates()], new Array(64).fill(0));
  const c = ls.createSearch(g, { compact: true });
  assert.equal(c.check({ ...q, weight: '1.5' }), ls.STATUS.ERR_NEEDS_FULL_CONTEXT);
  assert.equal(c.check(q), ls.STATUS.OK);
  s.destroy();
  c.destroy();
  assert.throws(() => s.step(1), TypeError);
});

// Cost from (sx, sy) to every cell by a plain Dijkstra under the default
// moves (8-connected, no corner cutting, 10 and 14 times the cost of the
// cell entered), written from lockstar.h; Infinity where unreachable.
function dijkstra(w, h, cells, sx, sy) {
  const dist = new Array(w * h).fill(Infinity);
  const done = new Array(w * h).fill(false);
  const free = (x, y) => x >= 0 && y >= 0 && x < w && y < h && cells[y * w + x] !== 0;
  dist[sy * w + sx] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < w * h; i++) if (!done[i] && dist[i] < Infinity && (u < 0 || dist[i] < dist[u])) u = i;
    if (u < 0) return dist;
    done[u] = true;
    const x = u % w, y = (u - x) / w;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if ((dx === 0 && dy === 0) || !free(x + dx, y + dy)) continue;
        if (dx !== 0 && dy !== 0 && !(free(x + dx, y) && free(x, y + dy))) continue;
        const v = (y + dy) * w + x + dx;
        dist[v] = Math.min(dist[v], dist[u] + (dx && dy ? 14 : 10) * cells[v]);
      }
    }
  }
}

test('search.cellCosts: g, h and f of reached cells, null elsewhere, errors', async () => {
  const { LockstarError } = await lockstarModule();
  const ls = await loadLockstar();
  const w = 10, h = 8;
  const g = ls.createGrid(w, h);
  g.setRect(4, 0, 1, 6, 0);
  g.setRect(6, 3, 3, 3, 5);
  const q = { startX: 0, startY: 0, goalX: 9, goalY: 7 };
  const s = ls.createSearch(g);
  assert.throws(() => s.cellCosts(0, 0), (e) => e instanceof LockstarError && e.status === ls.STATUS.ERR_NO_QUERY);
  assert.equal(s.begin(q), ls.STATUS.OK);
  assert.equal(s.step(0), ls.STATUS.OK);
  const r = s.result();
  const best = dijkstra(w, h, g.cells(), 0, 0);
  const octile = (x, y) => {
    const dx = Math.abs(x - 9), dy = Math.abs(y - 7);
    return 14 * Math.min(dx, dy) + 10 * (Math.max(dx, dy) - Math.min(dx, dy));
  };
  let closed = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = s.cellCosts(x, y);
      const state = s.cellState(x, y);
      if (state === ls.VISIT_NONE) {
        assert.equal(c, null);
        continue;
      }
      assert.equal(c.state, state);
      assert.equal(c.h, octile(x, y), `h at ${x},${y}`);
      assert.equal(c.f, c.g + c.h);
      if (state === ls.VISIT_CLOSED) {
        assert.equal(c.g, best[y * w + x], `closed ${x},${y}: the Dijkstra cost`);
        closed++;
      } else {
        assert.ok(c.g >= best[y * w + x]);
      }
    }
  }
  assert.equal(closed, r.expansions);
  assert.deepEqual(s.cellCosts(9, 7), { state: ls.VISIT_OPEN, g: r.cost, h: 0, f: r.cost });
  assert.equal(s.cellCosts(4, 0), null); // a wall
  // Weighted: f = g + floor(h * weight).
  assert.equal(s.begin({ ...q, weight: '1.5' }), ls.STATUS.OK);
  s.step(0);
  assert.deepEqual(s.cellCosts(0, 0), { state: ls.VISIT_CLOSED, g: 0, h: octile(0, 0), f: Math.floor(octile(0, 0) * 1.5) });
  // JPS: the cells a jump passes over are not reached.
  const corridor = ls.createGrid(12, 1);
  const j = ls.createSearch(corridor);
  assert.equal(j.begin({ startX: 0, startY: 0, goalX: 11, goalY: 0, algorithm: ls.ALGO_JPS }), ls.STATUS.OK);
  assert.equal(j.step(0), ls.STATUS.OK);
  assert.equal(j.cellCosts(5, 0), null);
  assert.deepEqual(j.cellCosts(11, 0), { state: ls.VISIT_OPEN, g: 110, h: 0, f: 110 });
  assert.throws(() => j.cellCosts(12, 0), (e) => e instanceof LockstarError && e.status === ls.STATUS.ERR_OUT_OF_BOUNDS);
  assert.throws(() => j.cellCosts(0.5, 0), TypeError);
  // An edit after the query: the figures are no longer known.
  corridor.set(3, 0, 2);
  assert.throws(() => j.cellCosts(0, 0), (e) => e instanceof LockstarError && e.status === ls.STATUS.ERR_GRID_CHANGED);
  for (const o of [s, j, g, corridor]) o.destroy();
});

test('smoothPath gives the waypoints', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(8, 8);
  g.setRect(3, 0, 1, 7, 0);
  const r = ls.findPath(g, { startX: 0, startY: 0, goalX: 7, goalY: 0 });
  const w = ls.smoothPath(g, r.path);
  assert.deepEqual([...w.slice(0, 2)], [0, 0]);
  assert.deepEqual([...w.slice(-2)], [7, 0]);
  assert.ok(w.length < r.path.length);
  for (let i = 2; i < w.length; i += 2) {
    assert.ok(ls.lineOfSight(g, w[i - 2], w[i - 1], w[i], w[i + 1]), 'each leg in sight');
  }
});

test('selftest passes with the golden digest of the C build', async () => {
  const ls = await loadLockstar();
  const r = await ls.selftest();
  assert.equal(r.status, ls.STATUS.OK);
  assert.equal(r.failed, 0);
  assert.equal(r.passed, r.total);
  assert.ok(r.total > 100);
  const data = readFileSync(join(srcDir, 'src', 'selftest_data.c'), 'latin1');
  const golden = /Combined digest of the golden values: ([0-9a-f]{16})/.exec(data)[1];
  assert.equal(r.digest, golden);
  assert.equal((await ls.selftest()).digest, golden, 'a second run, on a fresh instance, gives the same');
  assert.match(await ls.selftestCaseName(0), /^[a-z]+-\d{4}$/);
  assert.equal(await ls.selftestCaseName(r.total), null);
  await assert.rejects(ls.selftestCaseName(-1), RangeError);
});

test('the self-test is a module of its own: load() does not fetch it, selftest() does', async () => {
  const { load } = await lockstarModule();
  const fetched = [];
  const realFetch = globalThis.fetch;
  // Every http URL served from the build tree's bindings/js, and recorded.
  globalThis.fetch = async (url) => {
    const u = new URL(String(url));
    fetched.push(u.pathname);
    return new Response(readFileSync(join(jsDir, u.pathname.slice(1))),
      { headers: { 'content-type': 'application/wasm' } });
  };
  try {
    const ls = await load({ wasm: 'http://lockstar.test/lockstar.wasm' });
    const g = ls.createGrid(3, 3);
    assert.equal(ls.findPath(g, { startX: 0, startY: 0, goalX: 2, goalY: 2 }).cost, 28);
    assert.deepEqual(fetched, ['/lockstar.wasm'], 'load() and a search fetch only lockstar.wasm');
    const r = await ls.selftest({ wasm: new URL('http://lockstar.test/lockstar-selftest.wasm') });
    assert.equal(r.failed, 0);
    assert.deepEqual(fetched, ['/lockstar.wasm', '/lockstar-selftest.wasm']);
  } finally {
    globalThis.fetch = realFetch;
  }
  // What the self-test's module shares: its own functions and memory, no import.
  const module = await WebAssembly.compile(readFileSync(join(jsDir, 'lockstar-selftest.wasm')));
  assert.deepEqual(WebAssembly.Module.imports(module), []);
  assert.deepEqual(WebAssembly.Module.exports(module).map((e) => e.name).sort(),
    ['_initialize', 'free', 'ls_selftest', 'ls_selftest_case_name', 'malloc', 'memory']);
  const core = await WebAssembly.compile(readFileSync(join(jsDir, 'lockstar.wasm')));
  assert.ok(!WebAssembly.Module.exports(core).some((e) => e.name.startsWith('ls_selftest')),
    'lockstar.wasm carries no self-test');
});

test('load: from bytes, a path, a file URL and a compiled module; no WASI host needed', async () => {
  const { load } = await lockstarModule();
  const file = join(jsDir, 'lockstar.wasm');
  const bytes = readFileSync(file);
  const module = await WebAssembly.compile(bytes);
  for (const imp of WebAssembly.Module.imports(module)) {
    assert.equal(imp.module, 'wasi_snapshot_preview1', `only WASI imports, stubbed by the module: ${imp.module}.${imp.name}`);
  }
  const names = WebAssembly.Module.exports(module).map((e) => e.name);
  for (const n of ['memory', 'malloc', 'free', 'ls_find_path']) assert.ok(names.includes(n), n);
  assert.ok(!names.includes('ls_selftest'), 'the self-test is lockstar-selftest.wasm\'s');
  for (const wasm of [bytes, new Uint8Array(bytes).buffer, file, pathToFileURL(file), module]) {
    const ls = await load({ wasm });
    const g = ls.createGrid(3, 3);
    assert.equal(ls.findPath(g, { startX: 0, startY: 0, goalX: 2, goalY: 2 }).cost, 28);
  }
  await assert.rejects(load({ wasm: 42 }), TypeError);
});

test('every function the wasm exports is wrapped by the module', async () => {
  const exported = async (f) => WebAssembly.Module.exports(await WebAssembly.compile(readFileSync(join(jsDir, f))))
    .map((e) => e.name).filter((n) => n.startsWith('ls_'));
  // lockstar.wasm and the self-test's lockstar-selftest.wasm, each with its headers.
  const names = [...await exported('lockstar.wasm'), ...await exported('lockstar-selftest.wasm')];
  const code = ['lockstar.mjs', 'lockstar-extras.mjs', 'lockstar-crowd.mjs', 'lockstar-selftest.mjs', 'lockstar-tables.mjs']
    .map((f) => readFileSync(join(jsDir, f), 'latin1')).join('\n');
  const headers = ['lockstar.h', 'lockstar_world.h', 'lockstar_queue.h', 'lockstar_crowd.h', 'lockstar_flow.h',
    'lockstar_selftest.h', 'lockstar_jumps.h', 'lockstar_landmarks.h', 'lockstar_hpa.h', 'lockstar_cache.h']
    .map((h) => readFileSync(join(srcDir, 'include', h), 'latin1')).join('\n');
  const declared = [...headers.matchAll(/^[a-z][a-z0-9_ ]*[ *](ls_[a-z][a-z0-9_]*)\(/gm)].map((m) => m[1]);
  assert.deepEqual([...new Set(names)].sort(), [...new Set(declared)].sort(), 'the wasm exports every public function');
  const unwrapped = names.filter((n) => !code.includes(`.${n}(`) && !['ls_grid_create', 'ls_search_create', 'ls_grid_size'].includes(n));
  assert.deepEqual(unwrapped, [], 'each is called by lockstar.mjs (ls_grid_create/ls_search_create are ls_*_create_with with flags 0; sizes are kept in JS)');
});

test('batch.runKeep and keptPath: long paths kept, none searched twice, all as findPath', async () => {
  const { LockstarError } = await lockstarModule();
  const ls = await loadLockstar();
  const g = ls.createGrid(40, 40);
  for (let y = 1; y < 40; y += 2) g.setRect(y % 4 === 1 ? 0 : 1, y, 39, 1, 0);
  const queries = [
    { startX: 0, startY: 0, goalX: 5, goalY: 0 },
    { startX: 0, startY: 0, goalX: 0, goalY: 39 }, // a serpentine, far longer than 16 points
    { startX: 0, startY: 0, goalX: 10, goalY: 0 },
    { startX: 0, startY: 0, goalX: 1, goalY: 1 }, // blocked goal: refused
  ];
  for (const threads of [1, 3]) {
    const b = ls.createBatch(40, 40, { threads });
    let done = [];
    let rest = queries;
    let rounds = 0;
    while (rest.length > 0) {
      const { ran, results } = b.runKeep(g, rest, { capacity: 16 });
      assert.ok(ran >= 1 && ran <= rest.length && results.length === ran);
      results.forEach((item, i) => {
        if (item.status === ls.STATUS.ERR_BUFFER_TOO_SMALL) item.path = b.keptPath(i);
        else assert.throws(() => b.keptPath(i), (e) => e instanceof LockstarError && e.status === ls.STATUS.ERR_NO_QUERY);
      });
      done = done.concat(results);
      rest = rest.slice(ran);
      rounds++;
    }
    assert.equal(rounds, 2, 'the first run stops at the long path (wasm: every worker is the caller)');
    queries.forEach((q, i) => {
      const r = ls.findPath(g, q);
      const got = done[i];
      assert.equal(got.status === ls.STATUS.ERR_BUFFER_TOO_SMALL ? ls.STATUS.OK : got.status, r.status, `query ${i}`);
      if (r.status < 0) return;
      assert.deepEqual([got.cost, got.expansions, got.pathLength, got.digest], [r.cost, r.expansions, r.pathLength, r.digest]);
      assert.deepEqual(got.path, r.path);
    });
    assert.equal(done[1].status, ls.STATUS.ERR_BUFFER_TOO_SMALL);
    b.destroy();
  }
  g.destroy();
});
