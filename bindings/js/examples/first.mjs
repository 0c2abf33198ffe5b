#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// first.mjs - a first lockstar program: a map written as text, A* and JPS,
// terrain, a path queue served over frames while a wall goes up, world
// coordinates, smoothing, and a unit following its path tick by tick.
// Run: node examples/first.mjs (make check runs it, test/examples.test.mjs)
import { load } from '../lockstar.mjs'; // in an app: from 'lockstar'

const ls = await load();
const grid = ls.gridFromText(`
  ................
  .....@@@@@@.....
  ..........@.....
  ..........@.....
  ..@@@@....@.....
  ................
`); // . open, @ blocked; S would be swamp: gridFromText(text, { swampCost: 4 })
const q = { startX: 0, startY: 3, goalX: 15, goalY: 4 };
const show = (what, r) => console.log(`${what}: ${r.statusName} cost ${r.cost}, ${r.pathLength} cells, ${r.expansions} expansions`);
show('A*', ls.findPath(grid, q));
show('JPS', ls.findPath(grid, { ...q, algorithm: ls.ALGO_JPS })); // same cost, fewer expansions

grid.setRect(9, 5, 3, 1, 4); // terrain: marsh in the gap under the wall, steps in it cost 4 times as much
show('A* with the marsh', ls.findPath(grid, q)); // now round the top of the wall: cheaper
show('JPS with the marsh', ls.findPath(grid, { ...q, algorithm: ls.ALGO_JPS })); // JPS needs uniform costs

// A queue serves many units' requests under a budget of expansions per frame.
const queue = ls.createQueue(grid.width, grid.height);
const waiting = new Set([1, 2, 3]);
for (const id of waiting) queue.submit(id, { ...q, startY: id, goalY: 5 - id });
for (let frame = 1; waiting.size > 0; frame++) {
  if (frame === 2) grid.setRect(13, 0, 1, 4, 0); // a wall goes up: a request running starts again
  queue.tick(grid, 25);
  for (const id of waiting) {
    if (queue.status(id) === ls.STATUS.IN_PROGRESS) continue;
    const r = queue.result(id);
    console.log(`frame ${frame}: request ${id} ${ls.statusName(r.resultStatus)}, cost ${r.cost}, path ${queue.path(id).length / 2} cells`);
    queue.release(id); // frees its slot and its kept path
    waiting.delete(id);
  }
}
queue.destroy();

// World coordinates are fix16 integers (65536 = 1.0), never floats, read
// exactly from decimal text: a cell 2 world units wide, the map at (10, 20).
const fix = (text) => ls.parseFix16(text);
const show16 = (v) => (v / 65536).toFixed(2); // for printing only
const world = { originX: fix('10'), originY: fix('20'), cellSize: fix('2') };
const unit = { x: fix('11.5'), y: fix('27.25') };
const from = ls.worldToCell(world, grid, unit.x, unit.y);
const path = ls.findPath(grid, { startX: from.x, startY: from.y, goalX: 15, goalY: 0 }).path;
const waypoints = ls.smoothPath(grid, path); // the corners a unit steers by
const length = show16(ls.worldPathLength(world, waypoints));
console.log(`unit in cell ${from.x},${from.y}: ${path.length / 2} cells, ${waypoints.length / 2} waypoints, ${length} world units`);

const agent = ls.createAgent(world, unit.x, unit.y, fix('0.75')); // 0.75 world units a tick
agent.follow(waypoints);
let ticks = 0;
for (; agent.state !== ls.AGENT_ARRIVED; ticks++) agent.step(); // one game tick each
console.log(`arrived after ${ticks} ticks at ${show16(agent.x)},${show16(agent.y)}`); // the centre of cell 15,0
agent.destroy();
grid.destroy(); // forgotten objects are freed when collected; destroy() frees at once
