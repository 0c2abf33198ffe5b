// SPDX-License-Identifier: MIT
// crowd.test.mjs - ls.Crowd, ls.Flow and ls.checkRoute (lockstar-crowd.mjs):
// the new statuses and the state names against the library, every refusal
// (statuses as LockstarError, wrong types and misspelled keys as
// TypeError/RangeError), ids as safe integers and bigints, group orders
// (on fields, and as path requests when no slot is free), the crowd
// guide's example (docs/crowd.md) giving its C output, digests recomputed
// by the header's definitions, readers into caller arrays, flow fields
// exact against findPath under several rules and their digest by
// lockstar_flow.h's definition, sliced and refreshed fields equal to
// fresh ones, the route check, and no JS heap allocation per tick.
import { test } from 'node:test';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import assert from 'node:assert/strict';
import { loadLockstar, lockstarModule } from './helpers.mjs';

const ONE = 65536;
const DIRS = [[0, -1], [1, 0], [0, 1], [-1, 0], [1, -1], [1, 1], [-1, 1], [-1, -1]];

// FNV-1a 64 over little-endian integers, as the headers define the digests.
class Fnv {
  constructor() { this.h = 0xcbf29ce484222325n; }
  byte(b) { this.h = BigInt.asUintN(64, (this.h ^ BigInt(b & 0xff)) * 0x100000001b3n); }
  int(v, bytes) {
    let u = BigInt.asUintN(bytes * 8, BigInt(v));
    for (let i = 0; i < bytes; i++, u >>= 8n) this.byte(Number(u & 0xffn));
  }
  hex() { return this.h.toString(16).padStart(16, '0'); }
}

const isStatus = (ls, name) => (e) => e.name === 'LockstarError' && e.status === ls.STATUS[name] && e.statusName === `LS_${name}`;

test('the new statuses and the crowd states come from the library', async () => {
  const ls = await loadLockstar();
  assert.equal(ls.STATUS.ERR_BAD_ROUTE, -35);
  assert.equal(ls.STATUS.ERR_CROWD_FULL, -36);
  assert.equal(ls.statusName(-36), 'LS_ERR_CROWD_FULL');
  assert.deepEqual([...ls.CROWD_STATES], ['idle', 'waiting', 'moving', 'arrived', 'unreachable', 'no-room']);
  assert.ok(Object.isFrozen(ls.CROWD_STATES));
  assert.ok(Number.isInteger(ls.flowBytesPerCell()) && ls.flowBytesPerCell() >= 5, 'the field is 5 bytes a cell, and more');
});

test('the crowd guide\'s first crowd (docs/crowd.md) prints what the C example prints', async () => {
  const ls = await loadLockstar();
  const grid = ls.createGrid(32, 16);
  grid.setRect(10, 0, 1, 12, ls.CELL_BLOCKED);
  const crowd = new ls.Crowd({ width: 32, height: 16, capacity: 16, budget: 200, threads: 2 });
  crowd.add(1, 2, 2, ONE / 2);
  crowd.add(7, 1, 14, ONE);
  crowd.add(8n, 2, 14, ONE);
  crowd.order(1, 30, 2);
  crowd.orderGroup([7, 8n], 30, 14);
  assert.equal(crowd.tickDigest(), null, 'no tick yet');
  assert.equal(crowd.runDigest(), 'cbf29ce484222325');
  for (let tick = 0; tick < 120; tick++) {
    if (tick === 20) grid.setRect(16, 4, 2, 12, ls.CELL_BLOCKED);
    crowd.tick(grid);
  }
  const a1 = crowd.get(1);
  const a8 = crowd.get(8);
  const stats = crowd.stats();
  assert.equal(`unit 1: ${a1.state} at cell ${a1.cellX},${a1.cellY}`, 'unit 1: arrived at cell 30,2');
  assert.equal(`unit 8: ${a8.state} at cell ${a8.cellX},${a8.cellY}`, 'unit 8: arrived at cell 30,14');
  assert.equal(`${stats.requests} requests, ${stats.replans} after an edit`, '2 requests, 1 after an edit');
  assert.equal(crowd.tickDigest(), '1f0ed1877a9cd4b3');
  assert.equal(crowd.ticks(), 120);
  assert.equal(crowd.threads, 2);
  assert.ok(stats.fields >= 1 && stats.poolPoints > 0);
  crowd.destroy();
  grid.destroy();
});

test('ids: safe integers and bigints, signed 64-bit, always bigint out', async () => {
  const ls = await loadLockstar();
  const crowd = new ls.Crowd({ width: 8, height: 8, capacity: 8 });
  const max = 0x7fffffffffffffffn;
  const min = -0x8000000000000000n;
  crowd.add(5, 0, 0, ONE);
  crowd.add(-3, 1, 0, ONE);
  crowd.add(max, 2, 0, ONE);
  crowd.add(min, 3, 0, ONE);
  crowd.add(Number.MAX_SAFE_INTEGER, 4, 0, ONE);
  assert.deepEqual(crowd.agents().map((a) => a.id), [min, -3n, 5n, BigInt(Number.MAX_SAFE_INTEGER), max]);
  assert.equal(crowd.get(5).id, 5n);
  assert.deepEqual(crowd.get(5n), crowd.get(5));
  assert.equal(crowd.has(-3), true);
  assert.equal(crowd.has(4), false);
  assert.throws(() => crowd.add(2 ** 53, 0, 1, ONE), RangeError);
  assert.throws(() => crowd.add(1.5, 0, 1, ONE), RangeError);
  assert.throws(() => crowd.add(max + 1n, 0, 1, ONE), RangeError);
  assert.throws(() => crowd.add('7', 0, 1, ONE), RangeError);
  assert.throws(() => crowd.add(5, 0, 1, ONE), isStatus(ls, 'ERR_DUPLICATE_ID'));
  crowd.remove(min);
  assert.equal(crowd.count(), 4);
  assert.throws(() => crowd.remove(min), isStatus(ls, 'ERR_UNKNOWN_ID'));
  crowd.destroy();
});

test('every refusal: statuses as LockstarError, wrong arguments as TypeError or RangeError', async () => {
  const ls = await loadLockstar();
  assert.throws(() => new ls.Crowd(), TypeError);
  assert.throws(() => new ls.Crowd({ width: 8 }), /height is required/);
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, capacty: 4 }),
    (e) => e instanceof TypeError && /'capacty' \(did you mean 'capacity'\?\)/.test(e.message));
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, options: { conectivity: 4 } }),
    (e) => e instanceof TypeError && /did you mean 'connectivity'/.test(e.message));
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, options: { startX: 0 } }), TypeError);
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, world: { cellsize: ONE } }), /did you mean 'cellSize'/);
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, world: { cellSize: ONE }, cellSize: ONE }), TypeError);
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, growPaths: 1 }), TypeError);
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, capacity: -1 }), RangeError);
  assert.throws(() => new ls.Crowd({ width: 0, height: 8 }), isStatus(ls, 'ERR_BAD_SIZE'));
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, capacity: 0 }), isStatus(ls, 'ERR_BAD_SIZE'));
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, threads: 0 }), isStatus(ls, 'ERR_BAD_OPTION'));
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, threads: 65 }), isStatus(ls, 'ERR_BAD_OPTION'));
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, maxFields: 1025 }), isStatus(ls, 'ERR_SIZE_OVERFLOW'));
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, cellSize: 0 }), isStatus(ls, 'ERR_BAD_FRAME'));
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, options: { connectivity: 6 } }), isStatus(ls, 'ERR_BAD_OPTION'));
  assert.throws(() => new ls.Crowd({ width: 8, height: 8, options: { weight: 'x' } }), isStatus(ls, 'ERR_BAD_TEXT'));
  assert.equal(ls.liveObjects().crowd, 0, 'no refused crowd is left behind');

  const crowd = new ls.Crowd({ width: 8, height: 8, capacity: 2, pathPoints: 0, growPaths: true, threads: 64 });
  assert.equal(crowd.capacity, 2);
  crowd.add(1, 0, 0, ONE);
  assert.throws(() => crowd.add(2, 8, 0, ONE), isStatus(ls, 'ERR_OUT_OF_BOUNDS'));
  assert.throws(() => crowd.add(2, 0, 1, 0), isStatus(ls, 'ERR_BAD_SPEED'));
  assert.throws(() => crowd.add(2, 0, 1, 1.5), TypeError);
  assert.throws(() => crowd.addAt(2, -1, 0, ONE), isStatus(ls, 'ERR_OUT_OF_BOUNDS'));
  crowd.addAt(2, 3 * ONE + 5, 4 * ONE, ONE);
  assert.deepEqual([crowd.get(2).cellX, crowd.get(2).cellY, crowd.get(2).x], [3, 4, 3 * ONE + 5]);
  assert.throws(() => crowd.add(3, 1, 1, ONE), isStatus(ls, 'ERR_CROWD_FULL'));
  assert.throws(() => crowd.order(9, 1, 1), isStatus(ls, 'ERR_UNKNOWN_ID'));
  assert.throws(() => crowd.order(1, 1, 8), isStatus(ls, 'ERR_OUT_OF_BOUNDS'));
  assert.throws(() => crowd.orderAt(1, 0, 8 * ONE), isStatus(ls, 'ERR_OUT_OF_BOUNDS'));
  assert.throws(() => crowd.orderGroup([], 1, 1), isStatus(ls, 'ERR_BAD_SIZE'));
  assert.throws(() => crowd.orderGroup([1, 9], 1, 1), isStatus(ls, 'ERR_UNKNOWN_ID'));
  assert.throws(() => crowd.orderGroup(new Set([1]), 1, 1), TypeError);
  assert.throws(() => crowd.stop(9), isStatus(ls, 'ERR_UNKNOWN_ID'));
  assert.throws(() => crowd.setSpeed(1, -1), isStatus(ls, 'ERR_BAD_SPEED'));
  assert.throws(() => crowd.get(9), isStatus(ls, 'ERR_UNKNOWN_ID'));
  assert.throws(() => crowd.route(9), isStatus(ls, 'ERR_UNKNOWN_ID'));
  assert.throws(() => crowd.agentDigest(9), isStatus(ls, 'ERR_UNKNOWN_ID'));
  const small = ls.createGrid(4, 4);
  assert.throws(() => crowd.tick(small), isStatus(ls, 'ERR_GRID_MISMATCH'));
  assert.throws(() => crowd.tick({ width: 8, height: 8 }), TypeError);
  assert.equal(crowd.ticks(), 0, 'a refused tick did nothing');
  const g = ls.createGrid(8, 8);
  crowd.orderGroup([1], 7, 7);  // the failed group order above ordered nobody
  crowd.tick(g);
  assert.equal(crowd.get(2).state, 'idle');
  assert.notEqual(crowd.get(1).state, 'idle');
  assert.throws(() => crowd.positions(new Int32Array(3)), TypeError);
  assert.throws(() => crowd.states(new Int8Array(2)), TypeError);
  crowd.destroy();
  small.destroy();
  g.destroy();
});

test('group orders share a field; without a free slot they are path requests', async () => {
  const ls = await loadLockstar();
  const g = ls.gridFromText(`
    ........
    .@@@@@@.
    ........
    ..SS....
  `, { swampCost: 3 });
  for (const maxFields of [1, 0]) {
    const crowd = new ls.Crowd({ width: 8, height: 4, capacity: 8, maxFields, cellSize: ONE * 2 });
    for (let i = 0; i < 4; i++) crowd.add(10 + i, i, 0, ONE);
    crowd.orderGroup(new BigInt64Array([10n, 11n, 12n]), 7, 3);
    crowd.order(13, 0, 3);
    crowd.tick(g);
    const on = crowd.agents().map((a) => a.onField);
    assert.deepEqual(on, maxFields ? [true, true, true, false] : [false, false, false, false], `maxFields ${maxFields}`);
    const s = crowd.stats();
    assert.equal(s.fields, maxFields ? 1 : 0);
    assert.equal(s.requests, maxFields ? 1 : 4);
    if (!maxFields) assert.ok(crowd.route(10).length >= 4, 'a path request gives a route');
    else assert.equal(crowd.route(10).length, 0, 'no route on a field: read its heading');
    for (let t = 0; t < 60; t++) crowd.tick(g);
    for (const a of crowd.agents()) {
      assert.equal(a.state, 'arrived', `agent ${a.id}`);
      assert.equal(a.onField, false, 'an agent leaves its field on arriving');
      assert.equal(a.x, (2 * a.goalX + 1) * ONE, 'on its goal centre');
    }
    crowd.stop(10);
    crowd.tick(g);
    assert.equal(crowd.get(10).state, 'idle');
    crowd.destroy();
  }
  g.destroy();
});

test('digests by the header\'s definitions; readers into caller arrays', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(16, 16);
  g.setRect(5, 2, 1, 12, 0);
  const crowd = new ls.Crowd({ width: 16, height: 16, capacity: 8, budget: 40, options: { connectivity: 4 } });
  const ids = [3n, -9n, 1n << 40n, 77n];
  ids.forEach((id, i) => crowd.add(id, i, 15 - i, Math.floor(ONE / 3) + i));
  crowd.order(3n, 15, 0);
  crowd.orderGroup([-9n, 1n << 40n], 12, 12);
  crowd.order(77n, 5, 5); // blocked goal: unreachable
  const pos = new Int32Array(8);
  const states = new Uint8Array(4);
  let run = new Fnv();
  const memory = () => ls._memory.buffer.byteLength;
  let before = 0;
  for (let t = 0; t < 40; t++) {
    if (t === 10) g.set(5, 14, 0);
    if (t === 2) before = memory();
    crowd.tick(g);
    const tick = new Fnv();
    tick.int(BigInt(`0x${g.digest()}`), 8);
    tick.int(crowd.count(), 4);
    for (const a of crowd.agents()) {
      const one = new Fnv();
      for (const f of [tick, one]) {
        f.int(a.id, 8); f.int(a.x, 4); f.int(a.y, 4);
        f.int(ls.CROWD_STATES.indexOf(a.state), 1); f.int(a.waypoint, 4);
      }
      assert.equal(crowd.agentDigest(a.id), one.hex());
    }
    assert.equal(crowd.tickDigest(), tick.hex(), `tick ${t}`);
    run.int(BigInt(`0x${tick.hex()}`), 8);
    assert.equal(crowd.runDigest(), run.hex());
    assert.equal(crowd.positions(pos), pos);
    assert.equal(crowd.states(states), states);
    const list = crowd.agents();
    assert.deepEqual([...pos], list.flatMap((a) => [a.x, a.y]));
    assert.deepEqual([...states].map((s) => ls.CROWD_STATES[s]), list.map((a) => a.state));
  }
  assert.equal(memory(), before, 'ticks after the second grow no wasm memory');
  assert.equal(crowd.get(77).state, 'unreachable');
  assert.ok(crowd.stats().replans <= crowd.stats().requests);
  run = null;
  // A route is the agent's waypoints, ending on its goal's centre cell.
  const c2 = new ls.Crowd({ width: 16, height: 16 });
  c2.add(1, 0, 0, ONE / 4);
  c2.order(1, 15, 15);
  c2.tick(g);
  const route = c2.route(1);
  assert.ok(route.length >= 4);
  assert.deepEqual([...route.slice(-2)], [15, 15]);
  assert.equal(c2.get(1).wayCount, route.length / 2);
  c2.destroy();
  crowd.destroy();
  g.destroy();
});

test('a tick and the per-frame readers allocate nothing on the JS heap', { skip: typeof globalThis.gc !== 'function' ? 'needs node --expose-gc (run.sh passes it)' : false }, async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(64, 64);
  g.setRect(30, 0, 1, 60, 0);
  const crowd = new ls.Crowd({ width: 64, height: 64, capacity: 64, budget: 50 });
  for (let i = 0; i < 40; i++) crowd.add(i, i % 8, (i >> 3) * 2, 20000 + i * 100);
  crowd.orderGroup([...Array(20).keys()], 63, 63);
  for (let i = 20; i < 40; i++) crowd.order(i, 60, i);
  const pos = new Int32Array(128);
  const states = new Uint8Array(64);
  // Heap bytes per call of f over n calls after a warm-up, and whether
  // the engine collected meanwhile (then the bytes say nothing: code that
  // allocates nothing never makes it collect). The engine's one-time
  // costs, compiling included, spread over n calls stay far below one
  // object per call (16 bytes or more).
  const gcs = [];
  const observer = new PerformanceObserver((list) => gcs.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const perCall = async (f, n) => {
    for (let t = 0; t < 5000; t++) f();
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const from = performance.now();
    const before = process.memoryUsage().heapUsed;
    for (let t = 0; t < n; t++) f();
    const bytes = (process.memoryUsage().heapUsed - before) / n;
    const to = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
    return { bytes, collected: gcs.some((e) => e.startTime >= from && e.startTime <= to) };
  };
  const frame = () => {
    crowd.tick(g);
    crowd.positions(pos);
    crowd.states(states);
  };
  const got = await perCall(frame, 200000);
  assert.ok(!got.collected && got.bytes < 4,
    `${got.bytes.toFixed(2)} heap bytes per tick with positions and states${got.collected ? ', and a collection' : ''}`);
  const objects = await perCall(() => crowd.get(0), 50000);
  assert.ok(objects.collected || objects.bytes >= 16, 'the measure sees an object made per call');
  observer.disconnect();
  crowd.destroy();
  g.destroy();
});

// The least cost from (sx, sy) to the nearest goal by findPath (an exact A*).
function bestCost(ls, g, options, sx, sy, goals) {
  let best = -1;
  for (let i = 0; i < goals.length; i += 2) {
    const r = ls.findPath(g, { ...options, startX: sx, startY: sy, goalX: goals[i], goalY: goals[i + 1] });
    if (r.status === 0 && (best < 0 || r.cost < best)) best = r.cost;
  }
  return best;
}

test('flow fields are exact against findPath; the digest is the header\'s', async () => {
  const ls = await loadLockstar();
  const g = ls.gridFromText(`
    ....@.....
    .S..@..SS.
    .S....@...
    .@@@@.@.S.
    ...S..@...
    .@....@@@.
    ...S......
  `, { swampCost: 5 });
  g.set(9, 0, 0);
  const rules = [
    {}, { connectivity: 4 }, { cornerRule: ls.CORNERS_ONE }, { cornerRule: ls.CORNERS_ALL, straightCost: 3, diagonalCost: 5 },
    { connectivity: 4, straightCost: 7, diagonalCost: 7 },
  ];
  const goalSets = [[0, 0], [9, 6, 2, 2], [5, 6, 5, 6]];
  const flow = new ls.Flow(10, 7, 4);
  const costs = new Int32Array(70);
  const dirs = new Uint8Array(70);
  for (const options of rules) {
    for (const goals of goalSets) {
      assert.equal(flow.begin(g, options, goals), 0);
      assert.equal(flow.step(0), 0);
      flow.costs(costs);
      flow.directions(dirs);
      const digest = new Fnv();
      for (let y = 0; y < 7; y++) {
        for (let x = 0; x < 10; x++) {
          const i = y * 10 + x;
          const cost = costs[i];
          const what = `${JSON.stringify(options)} goals ${goals} cell ${x},${y}`;
          assert.equal(cost, flow.cost(x, y));
          assert.equal(dirs[i], flow.direction(x, y));
          if (g.get(x, y) === 0) {
            assert.deepEqual([cost, dirs[i]], [-1, ls.FLOW_NONE], what);
          } else {
            assert.equal(cost, bestCost(ls, g, options, x, y, goals), what);
            if (cost === 0) assert.equal(dirs[i], ls.FLOW_GOAL, what);
            else if (cost < 0) assert.equal(dirs[i], ls.FLOW_NONE, what);
            else {
              // The step the direction gives is legal and costs the difference.
              const [dx, dy] = DIRS[dirs[i]];
              const step = ls.checkPath(g, options, [x, y, x + dx, y + dy]);
              assert.equal(step.firstIllegal, 2, what);
              assert.equal(step.cost + costs[(y + dy) * 10 + x + dx], cost, what);
            }
          }
          digest.int(cost, 4);
          digest.int(dirs[i], 1);
        }
      }
      assert.equal(flow.digest(), digest.hex());
    }
  }
  flow.destroy();
  g.destroy();
});

test('flow fields: sliced, refreshed, and every refusal', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(24, 24);
  g.setRect(8, 0, 1, 20, 0);
  g.setRect(16, 4, 1, 20, 3);
  const fresh = new ls.Flow(24, 24);
  assert.throws(() => fresh.cost(0, 0), isStatus(ls, 'ERR_NO_QUERY'));
  assert.equal(fresh.step(5), ls.STATUS.ERR_NO_QUERY);
  assert.equal(fresh.expansions(), 0);
  assert.equal(fresh.refresh(g), ls.STATUS.ERR_NO_QUERY);
  assert.equal(fresh.begin(g, {}, [23, 23]), 0);
  assert.equal(fresh.step(0), 0);
  const whole = { digest: fresh.digest(), expansions: fresh.expansions() };
  const sliced = new ls.Flow(24, 24, 2);
  assert.equal(sliced.begin(g, undefined, [{ x: 23, y: 23 }]), 0);
  assert.equal(sliced.step(7), ls.STATUS.IN_PROGRESS);
  assert.equal(sliced.lastExpansions, 7);
  assert.throws(() => sliced.cost(0, 0), isStatus(ls, 'ERR_NOT_DONE'));
  assert.throws(() => sliced.costs(), isStatus(ls, 'ERR_NOT_DONE'));
  let st;
  let sum = 7;
  do {
    st = sliced.step(13);
    sum += sliced.lastExpansions;
  } while (st === ls.STATUS.IN_PROGRESS);
  assert.equal(st, 0);
  assert.deepEqual({ digest: sliced.digest(), expansions: sum }, whole);
  // Refresh: nothing changed, then an edit, then equal to a field begun afresh.
  assert.equal(sliced.refresh(g), 0);
  g.setRect(8, 10, 1, 3, 1);
  assert.equal(sliced.refresh(g), ls.STATUS.IN_PROGRESS);
  assert.equal(sliced.step(0), 0);
  assert.equal(fresh.begin(g, {}, [23, 23]), 0);
  assert.equal(fresh.step(0), 0);
  assert.equal(sliced.digest(), fresh.digest());
  assert.deepEqual(sliced.costs(), fresh.costs());
  // Refusals.
  assert.equal(fresh.begin(g, {}, [8, 0]), ls.STATUS.ERR_GOAL_BLOCKED);
  assert.throws(() => fresh.digest(), isStatus(ls, 'ERR_NO_QUERY'));
  assert.equal(fresh.begin(g, {}, [24, 0]), ls.STATUS.ERR_GOAL_OUT_OF_BOUNDS);
  assert.equal(fresh.begin(g, {}, []), ls.STATUS.ERR_BAD_SIZE);
  assert.equal(fresh.begin(g, {}, [0, 0, 1, 1]), ls.STATUS.ERR_BAD_SIZE, 'more goals than maxGoals');
  assert.equal(fresh.begin(g, { connectivity: 6 }, [0, 0]), ls.STATUS.ERR_BAD_OPTION);
  assert.equal(fresh.begin(g, { straightCost: 0 }, [0, 0]), ls.STATUS.ERR_BAD_STEP_COST);
  assert.throws(() => fresh.begin(g, { corners: 1 }, [0, 0]), /unknown key 'corners'/);
  const other = ls.createGrid(23, 24);
  assert.equal(fresh.begin(other, {}, [0, 0]), ls.STATUS.ERR_GRID_MISMATCH);
  assert.throws(() => fresh.begin(null, {}, [0, 0]), TypeError);
  assert.throws(() => new ls.Flow(0, 4), isStatus(ls, 'ERR_BAD_SIZE'));
  assert.throws(() => new ls.Flow(4, 4, 0), isStatus(ls, 'ERR_BAD_SIZE'));
  assert.equal(fresh.begin(g, {}, [0, 0]), 0);
  fresh.step(0);
  assert.throws(() => fresh.cost(24, 0), isStatus(ls, 'ERR_OUT_OF_BOUNDS'));
  assert.throws(() => fresh.costs(new Int32Array(10)), TypeError);
  assert.throws(() => fresh.directions(new Int32Array(576)), TypeError);
  for (const o of [fresh, sliced, other, g]) o.destroy();
});

test('checkRoute: a found and smoothed route holds until an edit breaks it', async () => {
  const { LockstarError } = await lockstarModule();
  const ls = await loadLockstar();
  const g = ls.createGrid(12, 12);
  g.setRect(5, 0, 1, 9, 0);
  const r = ls.findPath(g, { startX: 0, startY: 0, goalX: 11, goalY: 0 });
  const way = ls.smoothPath(g, r.path);
  let c = ls.checkRoute(g, {}, r.path, way, r.cost);
  assert.deepEqual([c.status, c.holds, c.firstBroken, c.firstIllegal, c.cost, c.costChanged],
    [0, true, way.length / 2 - 1, r.path.length / 2, r.cost, false]);
  assert.equal(ls.checkRoute(g, {}, r.path, way, r.cost + 1).holds, false, 'another planned cost');
  // An edit on a shortcut between waypoints but off the path's cells.
  const mid = r.path.length / 2 >> 1;
  g.set(r.path[2 * mid], r.path[2 * mid + 1], 0);
  c = ls.checkRoute(g, {}, r.path, way, r.cost);
  assert.equal(c.status, 0);
  assert.equal(c.holds, false);
  assert.equal(c.reason, ls.STEP_BLOCKED);
  assert.equal(ls.checkRoute(g, {}, r.path, [5, 5, 6, 6], r.cost).status, ls.STATUS.ERR_BAD_ROUTE);
  assert.equal(ls.checkRoute(g, {}, [], way, r.cost).status, ls.STATUS.ERR_BAD_SIZE);
  assert.equal(ls.checkRoute(g, { connectivity: 5 }, r.path, way, r.cost).status, ls.STATUS.ERR_BAD_OPTION);
  assert.throws(() => ls.checkRoute(g, { conectivity: 4 }, r.path, way, r.cost), TypeError);
  assert.throws(() => ls.checkRoute(g, {}, r.path, way), TypeError);
  assert.ok(LockstarError);
  g.destroy();
});
