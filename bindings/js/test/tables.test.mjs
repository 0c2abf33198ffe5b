// SPDX-License-Identifier: MIT
// tables.test.mjs - the preprocessed tables and the path cache through the
// module (lockstar-tables.mjs): JPS+ gives JPS's exact results (status,
// cost, expansions, path, digest), landmark queries octile A*'s costs, HPA*
// legal paths costing at least A*'s, a cache hit and a miss equal to a
// fresh findPath field by field (also after an edit), crowd.setPathCache
// changing no digest, ERR_NOT_PREPARED without the tables, the new
// constants against the headers, and refusals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadLockstar, srcDir } from './helpers.mjs';

const isStatus = (ls, name) => (e) => e.name === 'LockstarError' && e.status === ls.STATUS[name];

// A w x h grid of open cells with about one in four blocked (a fixed LCG).
function mazeGrid(ls, w, h, seed) {
  const g = ls.createGrid(w, h);
  let s = seed >>> 0;
  const cells = new Uint8Array(w * h);
  for (let i = 0; i < cells.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    cells[i] = (s >>> 16) % 4 === 0 ? 0 : 1;
  }
  g.load(cells);
  return g;
}

// Query ends on open cells, a fixed sequence.
function queries(g, count, seed) {
  const out = [];
  let s = seed >>> 0;
  const next = (n) => { s = (Math.imul(s, 22695477) + 1) >>> 0; return (s >>> 8) % n; };
  while (out.length < count) {
    const q = { startX: next(g.width), startY: next(g.height), goalX: next(g.width), goalY: next(g.height) };
    if (g.get(q.startX, q.startY) !== 0 && g.get(q.goalX, q.goalY) !== 0) out.push(q);
  }
  return out;
}

test('the tables\' constants are the headers\' values', async () => {
  const ls = await loadLockstar();
  const defines = new Map();
  for (const h of ['lockstar.h', 'lockstar_landmarks.h', 'lockstar_hpa.h', 'lockstar_cache.h']) {
    const text = readFileSync(join(srcDir, 'include', h), 'latin1');
    for (const m of text.matchAll(/^#define LS_([A-Z0-9_]+)\s+(\S+)/gm)) defines.set(m[1], Number(m[2].replace(/u$/i, '')));
  }
  for (const name of ['ALGO_JPS_PLUS', 'ALGO_HPA', 'HEURISTIC_LANDMARKS', 'LANDMARKS_MAX', 'HPA_CLUSTER_MIN',
    'HPA_CLUSTER_MAX', 'HPA_CLUSTER_DEFAULT', 'PATH_CACHE_BLOCK_POINTS', 'PATH_CACHE_MAX_ENTRIES',
    'PATH_CACHE_MAX_POINTS']) {
    assert.equal(ls[name], defines.get(name), name);
  }
  assert.equal(ls.STATUS.ERR_NOT_PREPARED, -40);
  assert.equal(ls.ALGORITHMS['jps+'], ls.ALGO_JPS_PLUS);
  assert.equal(ls.ALGORITHMS.hpa, ls.ALGO_HPA);
  assert.equal(ls.HEURISTICS.landmarks, ls.HEURISTIC_LANDMARKS);
  assert.equal(ls.HEURISTICS.octile, ls.HEURISTIC_OCTILE);
});

test('JPS+: exactly JPS\'s results; NOT_PREPARED without jump tables', async () => {
  const ls = await loadLockstar();
  const g = mazeGrid(ls, 64, 48, 7);
  const qs = queries(g, 40, 3);
  const jpsPlus = (q) => ls.findPath(g, { ...q, algorithm: ls.ALGO_JPS_PLUS });
  assert.equal(jpsPlus(qs[0]).status, ls.STATUS.ERR_NOT_PREPARED);
  assert.equal(g.jumpsBytes(), 0);
  assert.throws(() => g.jump(0, 0, 1), isStatus(ls, 'ERR_NOT_PREPARED'));
  g.buildJumps();
  g.buildJumps(); // held already: nothing
  assert.ok(g.jumpsBytes() > 0);
  let found = 0;
  for (const q of qs) {
    const a = ls.findPath(g, { ...q, algorithm: ls.ALGO_JPS });
    const b = jpsPlus(q);
    assert.deepEqual(b, a, JSON.stringify(q));
    if (a.status === ls.STATUS.OK) found++;
  }
  assert.ok(found >= 20, `${found} queries found a path`);
  // One stored jump by its definition: east along an open row to the wall.
  const h = ls.createGrid(10, 3);
  h.set(7, 1, 0);
  h.buildJumps();
  const j = h.jump(2, 1, 1);
  assert.equal(typeof j.run, 'number');
  assert.equal(typeof j.jumpPoint, 'boolean');
  assert.deepEqual(h.jump(7, 1, 1), { run: 0, jumpPoint: false }); // a blocked cell
  assert.throws(() => h.jump(0, 0, 4), isStatus(ls, 'ERR_BAD_OPTION'));
  assert.throws(() => h.jump(0, 0, 1.5), TypeError);
  g.dropJumps();
  g.dropJumps();
  assert.equal(g.jumpsBytes(), 0);
  assert.equal(jpsPlus(qs[0]).status, ls.STATUS.ERR_NOT_PREPARED);
  g.destroy();
  h.destroy();
  assert.throws(() => g.buildJumps(), TypeError);
});

test('landmarks: octile A*\'s costs; info, distances, updates; NOT_PREPARED without tables', async () => {
  const ls = await loadLockstar();
  const g = mazeGrid(ls, 60, 40, 11);
  const qs = queries(g, 30, 5);
  const lm = (q) => ls.findPath(g, { ...q, heuristic: ls.HEURISTIC_LANDMARKS });
  assert.equal(lm(qs[0]).status, ls.STATUS.ERR_NOT_PREPARED);
  assert.throws(() => g.landmarksInfo(), isStatus(ls, 'ERR_NOT_PREPARED'));
  assert.throws(() => g.updateLandmarks(), isStatus(ls, 'ERR_NOT_PREPARED'));
  g.buildLandmarks({ count: 6 });
  const info = g.landmarksInfo();
  assert.equal(info.count, 6);
  assert.equal(info.usable, true);
  assert.equal(info.exact, true);
  assert.equal(info.cells.length, 6);
  assert.equal(info.bytesPerCell, ls.landmarksBytesPerCell(6));
  assert.ok(info.bytes > 0);
  assert.deepEqual(info.config, { count: 6, connectivity: 8, cornerRule: 0, straightCost: 10, diagonalCost: 14 });
  for (const c of info.cells) {
    assert.notEqual(g.get(c.x, c.y), 0);
    assert.equal(g.landmarkDistance(0, c.x, c.y) >= 0 || g.landmarkDistance(0, c.x, c.y) === -1, true);
  }
  assert.equal(g.landmarkDistance(0, info.cells[0].x, info.cells[0].y), 0);
  assert.throws(() => g.landmarkDistance(6, 0, 0), isStatus(ls, 'ERR_BAD_SIZE'));
  const compare = () => {
    let found = 0;
    for (const q of qs) {
      const a = ls.findPath(g, { ...q, heuristic: ls.HEURISTIC_OCTILE });
      const b = lm(q);
      assert.equal(b.status, a.status, JSON.stringify(q));
      assert.equal(b.cost, a.cost, JSON.stringify(q));
      if (a.status === ls.STATUS.OK) {
        found++;
        assert.equal(ls.checkPath(g, {}, b.path, b.cost).reason, ls.STEP_LEGAL);
      }
    }
    assert.ok(found >= 15, `${found} queries found a path`);
  };
  compare();
  // An edit leaves the tables inexact; updates bring them back.
  g.setRect(20, 0, 1, 30, 0);
  let steps = 0;
  for (let r = g.updateLandmarks(1000); !r.done; r = g.updateLandmarks(1000)) steps++;
  assert.ok(steps < 100000);
  assert.equal(g.landmarksInfo().exact, true);
  compare();
  assert.throws(() => g.buildLandmarks({ count: 17 }), (e) => e.name === 'LockstarError');
  assert.throws(() => g.buildLandmarks({ conut: 4 }), TypeError);
  g.dropLandmarks();
  assert.equal(lm(qs[0]).status, ls.STATUS.ERR_NOT_PREPARED);
  g.destroy();
});

test('HPA*: legal paths costing at least A*\'s; info and digest; NOT_PREPARED without a hierarchy', async () => {
  const ls = await loadLockstar();
  const g = mazeGrid(ls, 80, 64, 23);
  const qs = queries(g, 30, 9);
  const hpa = (q) => ls.findPath(g, { ...q, algorithm: ls.ALGO_HPA });
  assert.equal(hpa(qs[0]).status, ls.STATUS.ERR_NOT_PREPARED);
  g.buildHierarchy({ clusterSize: 16 });
  const info = g.hierarchyInfo();
  assert.equal(info.clusterSize, 16);
  assert.equal(info.clusters, 5 * 4);
  assert.ok(info.nodes > 0 && info.entrances > 0 && info.bytes > 0 && info.maxNodes > 0);
  const digest = g.hierarchyDigest();
  assert.match(digest, /^[0-9a-f]{16}$/);
  let found = 0;
  for (const q of qs) {
    const a = ls.findPath(g, q);
    const b = hpa(q);
    if (a.status !== ls.STATUS.OK) {
      assert.notEqual(b.status, ls.STATUS.OK, JSON.stringify(q));
      continue;
    }
    found++;
    assert.equal(b.status, ls.STATUS.OK, JSON.stringify(q));
    assert.ok(b.cost >= a.cost, `${b.cost} >= ${a.cost}`);
    assert.deepEqual([...b.path.slice(0, 2)], [q.startX, q.startY]);
    assert.deepEqual([...b.path.slice(-2)], [q.goalX, q.goalY]);
    const c = ls.checkPath(g, {}, b.path, b.cost);
    assert.equal(c.reason, ls.STEP_LEGAL, JSON.stringify(q));
    assert.equal(c.cost, b.cost);
    assert.equal(b.digest, ls.pathDigest(b.path));
  }
  assert.ok(found >= 15, `${found} queries found a path`);
  // Rebuilt the same: the same digest.
  g.buildHierarchy({ clusterSize: 16 });
  assert.equal(g.hierarchyDigest(), digest);
  assert.throws(() => g.buildHierarchy({ clusterSize: 12 }), (e) => e.name === 'LockstarError');
  assert.throws(() => g.buildHierarchy({ size: 8 }), TypeError);
  g.dropHierarchy();
  assert.throws(() => g.hierarchyInfo(), (e) => e.name === 'LockstarError');
  assert.equal(hpa(qs[0]).status, ls.STATUS.ERR_NOT_PREPARED);
  g.destroy();
});

test('path cache: a hit and a miss equal a fresh findPath, field by field; stats; destroy', async () => {
  const ls = await loadLockstar();
  const g = mazeGrid(ls, 50, 50, 31);
  const qs = queries(g, 20, 13);
  const cache = ls.createPathCache({ maxEntries: 64, maxPoints: 4096 });
  assert.equal(ls.liveObjects().cache, 1);
  for (const q of qs) assert.deepEqual(cache.find(g, q), ls.findPath(g, q), 'a miss');
  const s1 = cache.stats();
  assert.equal(s1.misses, qs.length);
  assert.equal(s1.hits, 0);
  assert.equal(s1.maxEntries, 64);
  assert.ok(s1.bytes > 0 && s1.entries > 0);
  for (const q of qs) assert.deepEqual(cache.find(g, q), ls.findPath(g, q), 'a hit');
  assert.ok(cache.stats().hits >= s1.stores);
  // After an edit the answers are the new grid's.
  g.setRect(10, 10, 30, 1, 0);
  for (const q of qs) {
    if (g.get(q.startX, q.startY) === 0 || g.get(q.goalX, q.goalY) === 0) continue;
    assert.deepEqual(cache.find(g, q), ls.findPath(g, q), 'after an edit');
  }
  // Other algorithms through the cache, and a refusal as a status.
  g.buildJumps();
  for (const q of qs.slice(0, 5)) {
    const jq = { ...q, algorithm: ls.ALGO_JPS_PLUS };
    if (g.get(q.startX, q.startY) === 0) continue;
    assert.deepEqual(cache.find(g, jq), ls.findPath(g, jq));
    assert.deepEqual(cache.find(g, jq), ls.findPath(g, jq));
  }
  const blocked = { startX: 10, startY: 10, goalX: 0, goalY: 0 };
  assert.deepEqual(cache.find(g, blocked), ls.findPath(g, blocked));
  cache.clear();
  assert.equal(cache.stats().entries, 0);
  assert.throws(() => cache.find(g, { startX: 0 }), TypeError);
  assert.throws(() => ls.createPathCache({ maxEntries: 0 }), (e) => e.name === 'LockstarError');
  assert.throws(() => ls.createPathCache({ entries: 4 }), TypeError);
  cache.destroy();
  cache.destroy();
  assert.equal(ls.liveObjects().cache, 0);
  assert.throws(() => cache.find(g, qs[0]), TypeError);
  g.destroy();
});

test('crowd.setPathCache: the same ticks and digests with a cache or none', async () => {
  const ls = await loadLockstar();
  const g = mazeGrid(ls, 40, 30, 41);
  const run = (cache) => {
    const crowd = new ls.Crowd({ width: 40, height: 30, capacity: 16, budget: 400 });
    if (cache) crowd.setPathCache(cache);
    const qs = queries(g, 12, 17);
    qs.forEach((q, i) => { crowd.add(i + 1, q.startX, q.startY, 40000); crowd.order(i + 1, q.goalX, q.goalY); });
    const digests = [];
    for (let t = 0; t < 60; t++) {
      crowd.tick(g);
      digests.push(crowd.tickDigest());
      if (t === 20) qs.forEach((q, i) => crowd.order(i + 1, q.startX, q.startY));
    }
    const out = { digests, run: crowd.runDigest() };
    if (cache) crowd.setPathCache(null);
    crowd.destroy();
    return out;
  };
  const plain = run(null);
  const cache = ls.createPathCache();
  assert.deepEqual(run(cache), plain);
  assert.deepEqual(run(cache), plain);
  assert.ok(cache.stats().hits > 0, JSON.stringify(cache.stats()));
  // destroy() detaches a crowd still using the cache.
  const crowd = new ls.Crowd({ width: 40, height: 30 });
  crowd.setPathCache(cache);
  cache.destroy();
  crowd.tick(g);
  assert.throws(() => crowd.setPathCache({}), TypeError);
  crowd.destroy();
  g.destroy();
});
