// SPDX-License-Identifier: MIT
// sizes.test.mjs - issue 22 through the module: each cell's clearance
// (grid.clearance) against the header's definition worked out here by
// brute force, sized queries (query.clearance) against the same query on
// the grid a size sees, smoothPathSized's shortcuts, worldClearance's
// rule, and the crowd's sizes and avoidance: setBody, setAvoidance,
// checkOverlaps (pairs and walls found where the discs' geometry says,
// none with avoidance on), the agents' new fields and stats, the config's
// avoidance settings and every refusal. The replays of version 3 scripts
// (byte for byte with the native program) are crowd-vectors.test.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadLockstar } from './helpers.mjs';

const ONE = 65536;
const isStatus = (ls, name) => (e) => e.name === 'LockstarError' && e.status === ls.STATUS[name];

// The header's clearance of cell (x, y): 0 when blocked, else the
// chessboard distance to the nearest blocked cell or cell outside the
// grid, at most CLEARANCE_MAX (so the centre of a free (2k-1)^2 square).
function bruteClearance(g, x, y) {
  if (g.get(x, y) === 0) return 0;
  let k = Math.min(x + 1, y + 1, g.width - x, g.height - y, 16);
  for (let by = 0; by < g.height; by++) {
    for (let bx = 0; bx < g.width; bx++) {
      if (g.get(bx, by) === 0) k = Math.min(k, Math.max(Math.abs(bx - x), Math.abs(by - y)));
    }
  }
  return k;
}

function checkAllClearances(g, what) {
  for (let y = 0; y < g.height; y++) {
    for (let x = 0; x < g.width; x++) assert.equal(g.clearance(x, y), bruteClearance(g, x, y), `${what}: cell ${x},${y}`);
  }
}

test('grid.clearance is the header\'s clearance, kept under edits; refusals', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(40, 24);
  checkAllClearances(g, 'open');
  assert.equal(g.clearance(20, 12), 12, 'the middle of an open 40x24 grid');
  g.setRect(18, 0, 1, 10, 0);
  g.setRect(18, 13, 1, 11, 0);     // a wall with a gap 3 wide (rows 10..12)
  g.set(5, 5, 0);
  g.setRect(30, 15, 4, 3, 3);      // terrain is passable: no effect
  checkAllClearances(g, 'walls');
  assert.equal(g.clearance(18, 11), 2, 'the gap\'s middle');
  g.set(5, 5, 1);                  // opened again
  g.setRect(18, 10, 1, 1, 0);      // the gap narrowed to 2
  checkAllClearances(g, 'edited');
  assert.throws(() => g.clearance(40, 0), isStatus(ls, 'ERR_OUT_OF_BOUNDS'));
  assert.throws(() => g.clearance(0.5, 0), TypeError);
  const compact = ls.createGrid(8, 8, { compact: true });
  assert.throws(() => compact.clearance(1, 1), isStatus(ls, 'ERR_BAD_CLEARANCE'));
  compact.destroy();
  g.destroy();
});

test('a sized query is the unsized one on the grid its size sees; refusals in their place', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(40, 24);
  g.setRect(18, 0, 1, 10, 0);
  g.setRect(18, 13, 1, 11, 0);     // gap rows 10..12: clearance 2 passes, 3 does not
  g.setRect(8, 4, 3, 9, 0);
  g.setRect(26, 14, 2, 2, 4);
  const ends = { startX: 2, startY: 2, goalX: 37, goalY: 20 };
  const derived = (k) => {
    const d = ls.createGrid(40, 24);
    for (let y = 0; y < 24; y++) for (let x = 0; x < 40; x++) d.set(x, y, g.clearance(x, y) < k ? 0 : g.get(x, y));
    return d;
  };
  const costs = [];
  for (const k of [0, 1, 2, 3]) {
    for (const options of [{}, { connectivity: 4 }, { cornerRule: ls.CORNERS_ALL, weight: '1.5' }]) {
      const sized = ls.findPath(g, { ...ends, ...options, clearance: k });
      const d = derived(k);
      const plain = ls.findPath(d, { ...ends, ...options });
      d.destroy();
      for (const key of ['status', 'cost', 'expansions', 'pathLength', 'digest']) {
        assert.equal(sized[key], plain[key], `clearance ${k} ${JSON.stringify(options)}: ${key}`);
      }
      assert.deepEqual(sized.path, plain.path);
      if (Object.keys(options).length === 0) costs.push(sized.cost);
    }
  }
  assert.equal(costs[0], costs[1], 'clearance 0 and 1 are the unsized query');
  assert.ok(costs[2] > costs[1] && costs[2] > 0, `a unit of clearance 2 takes a longer way (${costs})`);
  assert.equal(ls.findPath(g, { ...ends, clearance: 3 }).status, ls.STATUS.NO_PATH, 'clearance 3 cannot pass the gap');
  assert.equal(ls.findPath(g, { ...ends, clearance: 17 }).status, ls.STATUS.ERR_BAD_CLEARANCE);
  assert.equal(ls.findPath(g, { ...ends, clearance: 2, algorithm: ls.ALGO_JPS }).status, ls.STATUS.ERR_BAD_CLEARANCE);
  assert.equal(ls.findPath(g, { ...ends, goalX: 39, clearance: 2 }).status, ls.STATUS.ERR_GOAL_BLOCKED, 'a goal on the border is blocked for clearance 2');
  assert.equal(ls.validateQuery(g, { ...ends, clearance: 17, connectivity: 5 }), ls.STATUS.ERR_BAD_OPTION, 'bad options come first');
  assert.throws(() => ls.findPath(g, { ...ends, clearance: -1 }), RangeError);
  // The search context and the path check take it too.
  const s = ls.createSearch(g);
  assert.equal(s.begin({ ...ends, clearance: 2 }), 0);
  while (s.step(50) === ls.STATUS.IN_PROGRESS);
  assert.equal(s.result().cost, costs[2]);
  s.destroy();
  const p2 = ls.findPath(g, { ...ends, clearance: 2 }).path;
  assert.equal(ls.checkPath(g, { clearance: 2 }, p2, costs[2]).firstIllegal, p2.length / 2, 'its own path is legal for it');
  const p1 = ls.findPath(g, ends).path;
  assert.equal(ls.checkPath(g, { clearance: 2 }, p1).reason, ls.STEP_BLOCKED, 'the unsized path is not');
  g.destroy();
});

test('smoothPathSized: shortcuts only through cells of the clearance; 0 and 1 are smoothPath', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(40, 24);
  g.setRect(18, 0, 1, 10, 0);
  g.setRect(18, 13, 1, 11, 0);
  g.setRect(8, 4, 3, 9, 0);
  const path = ls.findPath(g, { startX: 2, startY: 2, goalX: 37, goalY: 20, clearance: 2 }).path;
  assert.deepEqual(ls.smoothPathSized(g, 0, path), ls.smoothPath(g, path));
  assert.deepEqual(ls.smoothPathSized(g, 1, path), ls.smoothPath(g, path));
  const way = ls.smoothPathSized(g, 2, path);
  assert.ok(way.length >= 4 && way.length < path.length);
  for (let i = 0; i + 3 < way.length; i += 2) {
    const cells = ls.lineCells(way[i], way[i + 1], way[i + 2], way[i + 3]);
    for (let c = 0; c < cells.length; c += 2) {
      assert.ok(g.clearance(cells[c], cells[c + 1]) >= 2, `segment ${i / 2} touches ${cells[c]},${cells[c + 1]}`);
    }
  }
  assert.throws(() => ls.smoothPathSized(g, 17, path), isStatus(ls, 'ERR_BAD_CLEARANCE'));
  assert.throws(() => ls.smoothPathSized(g, -1, path), RangeError);
  g.destroy();
});

test('worldClearance: the least k with (2k - 1) * cellSize >= 2 * radius; refusals', async () => {
  const ls = await loadLockstar();
  for (const cellSize of [ONE, ONE / 4, 3 * ONE + 7, 20 * ONE]) {
    const world = { originX: 0, originY: 0, cellSize };
    for (let r = 0; r <= 8 * ONE; r += 4099) {
      let k = 1;
      while ((2 * k - 1) * cellSize < 2 * r) k++;
      if (k > ls.CLEARANCE_MAX) {
        assert.throws(() => ls.worldClearance(world, r), isStatus(ls, 'ERR_BAD_RADIUS'));
      } else {
        assert.equal(ls.worldClearance(world, r), k, `cell ${cellSize}, radius ${r}`);
      }
    }
  }
  assert.equal(ls.worldClearance({ cellSize: ONE }, ONE / 2), 1);
  assert.equal(ls.worldClearance({ cellSize: ONE }, ONE / 2 + 1), 2);
  assert.throws(() => ls.worldClearance({ cellSize: ONE }, -1), isStatus(ls, 'ERR_BAD_RADIUS'));
  assert.throws(() => ls.worldClearance({ cellSize: 0 }, ONE), isStatus(ls, 'ERR_BAD_FRAME'));
});

// A corridor 3 cells high, two agents head-on along its middle row.
function headOn(ls, config, radius, before = () => {}) {
  const g = ls.createGrid(20, 5);
  g.setRect(0, 0, 20, 1, 0);
  g.setRect(0, 4, 20, 1, 0);
  const crowd = new ls.Crowd({ width: 20, height: 5, capacity: 4, ...config });
  before(crowd);
  crowd.add(1, 1, 2, ONE / 4);
  crowd.add(2, 18, 2, ONE / 4);
  crowd.setBody(1, radius, 0);
  crowd.setBody(2, radius, 0);
  crowd.order(1, 18, 2);
  crowd.order(2, 1, 2);
  let pairs = 0;
  let walls = 0;
  let moved = false;
  for (let t = 0; t < 160; t++) {
    crowd.tick(g);
    const o = crowd.checkOverlaps();
    pairs += o.pairs;
    walls += o.walls;
    if (o.pairs > 0) assert.deepEqual([o.pairA, o.pairB], [1n, 2n]);
    moved ||= crowd.get(1).vx !== 0 || crowd.get(1).vy !== 0;
  }
  return { g, crowd, pairs, walls, moved };
}

test('crowd sizes and avoidance: setBody, setAvoidance, checkOverlaps, fields, stats, config', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(16, 8);
  g.set(5, 2, 0);
  const crowd = new ls.Crowd({ width: 16, height: 8, capacity: 8 });
  assert.throws(() => crowd.checkOverlaps(), TypeError, 'no grid before the first tick');
  crowd.add(1, 2, 2, ONE);
  crowd.add(2, 2, 2, ONE);            // on the same centre
  crowd.add(3, 4, 2, ONE);            // beside the blocked cell 5,2
  crowd.add(4, 10, 6, ONE);
  let o = crowd.checkOverlaps(g);
  assert.deepEqual(o, { pairs: 0, walls: 0, pairA: 0n, pairB: 0n, wallAgent: 0n, wallCell: { x: 0, y: 0 } }, 'points overlap nothing');
  crowd.setBody(1, ONE / 2, 5);
  crowd.setBody(2, ONE / 2);
  crowd.setBody(3, ONE / 2);          // touches the cell's side: no overlap
  o = crowd.checkOverlaps(g);
  assert.deepEqual([o.pairs, o.walls, o.pairA, o.pairB], [1, 0, 1n, 2n]);
  crowd.setBody(3, ONE / 2 + 1, 7);   // one raw unit more: into cell 5,2
  o = crowd.checkOverlaps(g);
  assert.deepEqual([o.walls, o.wallAgent, o.wallCell], [1, 3n, { x: 5, y: 2 }]);
  crowd.setBody(4, 3 * ONE);          // reaches out of the grid (y 6.5 + 3 > 8)
  o = crowd.checkOverlaps(g);
  assert.equal(o.walls, 2);
  const a = crowd.get(3);
  assert.deepEqual([a.radius, a.priority, a.clearance, a.vx, a.vy, a.stuck], [ONE / 2 + 1, 7, 2, 0, 0, 0]);
  assert.equal(crowd.get(1).clearance, ls.worldClearance(crowd.world, ONE / 2));
  assert.equal(crowd.get(4).clearance, ls.worldClearance(crowd.world, 3 * ONE));
  assert.equal(crowd.agents()[0].priority, 5);
  // Refusals, nothing changed.
  assert.throws(() => crowd.setBody(99, ONE), isStatus(ls, 'ERR_UNKNOWN_ID'));
  assert.throws(() => crowd.setBody(1, -1), isStatus(ls, 'ERR_BAD_RADIUS'));
  assert.throws(() => crowd.setBody(1, ls.CROWD_MAX_RADIUS + 1), isStatus(ls, 'ERR_BAD_RADIUS'));
  assert.throws(() => crowd.setBody(1, 16 * ONE), isStatus(ls, 'ERR_BAD_RADIUS'), 'clearance class 17');
  assert.throws(() => crowd.setBody(1, ONE, 100), isStatus(ls, 'ERR_BAD_PRIORITY'));
  assert.throws(() => crowd.setBody(1, ONE, -1), isStatus(ls, 'ERR_BAD_PRIORITY'));
  assert.throws(() => crowd.setBody(1, 0.5), TypeError);
  assert.deepEqual([crowd.get(1).radius, crowd.get(1).priority], [ONE / 2, 5]);
  assert.throws(() => crowd.setAvoidance(1), TypeError);
  crowd.setAvoidance(true);
  crowd.setAvoidance(false);
  const other = ls.createGrid(16, 9);
  assert.throws(() => crowd.checkOverlaps(other), isStatus(ls, 'ERR_GRID_MISMATCH'));
  other.destroy();
  crowd.tick(g);
  assert.equal(crowd.checkOverlaps().pairs, 1, 'the last tick\'s grid by default');
  const stats = crowd.stats();
  assert.equal(typeof stats.stuck, 'number');
  assert.equal(typeof stats.movesCut, 'number');
  crowd.destroy();
  g.destroy();

  // The config's settings and their checks.
  for (const [key, bad] of [['avoidNeighbours', 0], ['avoidNeighbours', ls.CROWD_MAX_NEIGHBOURS + 1],
    ['avoidHorizon', 0], ['avoidHorizon', ls.CROWD_MAX_HORIZON + 1]]) {
    assert.throws(() => new ls.Crowd({ width: 4, height: 4, [key]: bad }), isStatus(ls, 'ERR_BAD_OPTION'), `${key} ${bad}`);
  }
  new ls.Crowd({ width: 4, height: 4, avoidance: true, avoidNeighbours: 32, avoidHorizon: 1024, stuckTicks: 0 }).destroy();
  assert.throws(() => new ls.Crowd({ width: 4, height: 4, avoidance: 1 }), TypeError);
  assert.throws(() => new ls.Crowd({ width: 4, height: 4, avoidNeighbors: 4 }), /did you mean 'avoidNeighbours'/);

  // Head-on in a corridor: without avoidance the discs pass through each
  // other; with it (the config's flag, or switched on before the first
  // tick: the same run) never, and they move aside and both arrive.
  const r = 26214;           // 0.4 of a cell
  const off = headOn(ls, {}, r);
  assert.ok(off.pairs > 0, 'without avoidance the discs overlap');
  assert.equal(off.moved, false, 'vx, vy stay 0 without avoidance');
  const on = headOn(ls, { avoidance: true }, r);
  const switched = headOn(ls, {}, r, (c) => c.setAvoidance(true));
  for (const run of [on, switched]) {
    assert.equal(run.pairs, 0, 'no overlap on any tick with avoidance');
    assert.equal(run.walls, 0);
    assert.ok(run.moved, 'avoidance gives velocities');
    assert.deepEqual(run.crowd.agents().map((a) => a.state), ['arrived', 'arrived']);
    assert.notEqual(run.crowd.runDigest(), off.crowd.runDigest());
  }
  assert.equal(switched.crowd.runDigest(), on.crowd.runDigest(), 'setAvoidance(true) before tick 0 is the config\'s flag');
  for (const run of [off, on, switched]) {
    run.crowd.destroy();
    run.g.destroy();
  }
});
