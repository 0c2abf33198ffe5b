// SPDX-License-Identifier: MIT
// options.test.mjs - what a first program meets: a query of only its ends
// works everywhere a query goes (no struct size to get wrong); a
// misspelled key of a query or an options object is refused with a
// TypeError naming it, and the keys the module takes are the keys
// lockstar.d.ts declares; the enumerated options are literal unions in
// lockstar.d.ts; QueueResult has every field; maps as text
// (ls.gridFromText, movingai.mjs parseMapText): a whole .map or a bare,
// indented block of rows, through the reader's one table of symbols.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadLockstar, movingaiModule, jsDir, examplesDir } from './helpers.mjs';

const ends = { startX: 0, startY: 0, goalX: 7, goalY: 7 };
const dts = () => readFileSync(join(jsDir, 'lockstar.d.ts'), 'utf8');
// The field names of `export interface NAME { ... }` in lockstar.d.ts.
function interfaceKeys(name) {
  const body = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(dts())[1]
    .replace(/\/\*[\s\S]*?\*\//g, '');
  return [...body.matchAll(/(\w+)\??:/g)].map((m) => m[1]);
}

test('a query of only its ends works wherever a query goes; checkPath takes {}', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(8, 8);
  const r = ls.findPath(g, { ...ends });
  assert.equal(r.status, ls.STATUS.OK);
  assert.equal(r.cost, 98);
  assert.equal(ls.validateQuery(g, ends), ls.STATUS.OK);
  const s = ls.createSearch(g);
  assert.equal(s.check(ends), ls.STATUS.OK);
  assert.equal(s.begin(ends), ls.STATUS.OK);
  assert.equal(s.step(0), ls.STATUS.OK);
  assert.deepEqual(s.result(), r);
  const q = ls.createQueue(8, 8);
  assert.equal(q.submit(1, ends), ls.STATUS.OK);
  assert.equal(q.tick(g), ls.STATUS.OK);
  assert.equal(q.result(1).cost, 98);
  const b = ls.createBatch(8, 8);
  assert.equal(b.run(g, [ends])[0].cost, 98);
  const c = ls.checkPath(g, {}, r.path, r.cost);
  assert.equal(c.status, ls.STATUS.OK);
  assert.equal(c.firstIllegal, r.pathLength);
  assert.equal(c.costChanged, false);
  for (const o of [s, q, b, g]) o.destroy();
});

test('a misspelled query key is refused, naming the key and the nearest one', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(8, 8);
  const s = ls.createSearch(g);
  const q = ls.createQueue(8, 8);
  const b = ls.createBatch(8, 8);
  const bad = { ...ends, conectivity: 4 };
  const named = (e) => e instanceof TypeError && /unknown key 'conectivity'/.test(e.message) &&
    /did you mean 'connectivity'\?/.test(e.message);
  assert.throws(() => ls.findPath(g, bad), named);
  assert.throws(() => ls.validateQuery(g, bad), named);
  assert.throws(() => s.check(bad), named);
  assert.throws(() => s.begin(bad), named);
  assert.throws(() => q.submit(1, bad), named);
  assert.throws(() => b.run(g, [ends, bad]), named);
  assert.throws(() => ls.checkPath(g, { algoritm: 1 }, [0, 0]), /unknown key 'algoritm' \(did you mean 'algorithm'\?\)/);
  assert.throws(() => ls.findPath(g, { ...ends, goal: 3 }), /unknown key 'goal' \(did you mean 'goalX'\?\)/);
  assert.throws(() => ls.findPath(g, { ...ends, speed: 3 }), (e) => /unknown key 'speed'; known keys: startX, /.test(e.message));
  assert.throws(() => ls.findPath(g, { ...ends, Heuristic: 1 }), /did you mean 'heuristic'/);
  // Nothing was submitted, the queue is as it was.
  assert.equal(q.pending(), 0);
  for (const o of [s, q, b, g]) o.destroy();
});

test('every key the module takes in a query is a field of Query in lockstar.d.ts, and no other', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(8, 8);
  const keys = interfaceKeys('Query');
  assert.deepEqual(keys.slice(0, 4), ['startX', 'startY', 'goalX', 'goalY']);
  assert.ok(keys.length >= 14, keys.join(' '));
  for (const key of keys) {
    if (key === 'weight' || key === 'weightFix16') continue;
    // Every declared key is read (a value out of its C type is a RangeError, not "unknown key").
    assert.throws(() => ls.findPath(g, { ...ends, [key]: 2 ** 40 }), RangeError, key);
  }
  // And the keys the module names when it refuses one are exactly these.
  let known = null;
  try {
    ls.findPath(g, { ...ends, zzz: 1 });
  } catch (e) {
    known = /known keys: (.*)$/.exec(e.message)[1].split(', ');
  }
  assert.deepEqual(known, keys);
  assert.equal(ls.findPath(g, { ...ends, weight: '1.5' }).status, 0);
  assert.equal(ls.findPath(g, { ...ends, weightFix16: 98304 }).status, 0);
  g.destroy();
});

test('options objects: a key not taken is refused, naming it', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(4, 4);
  const cases = [
    [() => ls.createGrid(4, 4, { compat: true }), 'compat', 'compact'],
    [() => ls.createSearch(g, { compatc: true }), 'compatc', 'compact'],
    [() => ls.findPath(g, { startX: 0, startY: 0, goalX: 3, goalY: 3 }, { serch: null }), 'serch', 'search'],
    [() => ls.smoothPath(g, [0, 0, 1, 1], { capacity: 4 }), 'capacity', null],
    [() => ls.createQueue(4, 4, { capcity: 8 }), 'capcity', 'capacity'],
    [() => ls.createQueue(4, 4, { pool: 8 }), 'pool', null],
    [() => ls.createBatch(4, 4, { thread: 2 }), 'thread', 'threads'],
    [() => ls.searchBytesPerCell({ compakt: true }), 'compakt', 'compact'],
    [() => ls.gridFromText('..', { swamp: 3 }), 'swamp', null],
  ];
  for (const [call, key, near] of cases) {
    assert.throws(call, (e) => e instanceof TypeError && e.message.includes(`unknown key '${key}'`) &&
      (near === null || e.message.includes(`did you mean '${near}'?`)), key);
  }
  const b = ls.createBatch(4, 4, { threads: 2, compact: true });
  assert.throws(() => b.run(g, [], { capacty: 4 }), /unknown key 'capacty' \(did you mean 'capacity'\?\)/);
  assert.equal(ls.liveObjects().queue, 0, 'a refused create leaves nothing behind');
  b.destroy();
  g.destroy();
});

test('lockstar.d.ts: enumerated options are literal unions, QueueResult fields are not optional', () => {
  const text = dts();
  const unions = {
    Connectivity: '4 | 8', CornerRule: '0 | 1 | 2', Heuristic: '0 | 1 | 2 | 3 | 4 | 7',
    TieBreak: '0 | 1', Algorithm: '0 | 1 | 2 | 3', VisitState: '0 | 1 | 2', StepReason: '0 | 1 | 2 | 3 | 4',
    AgentState: '0 | 1 | 2',
  };
  for (const [name, union] of Object.entries(unions)) {
    assert.ok(text.includes(`export type ${name} = ${union};`), name);
  }
  for (const [field, type] of [['connectivity', 'Connectivity'], ['cornerRule', 'CornerRule'],
    ['heuristic', 'Heuristic'], ['tieBreak', 'TieBreak'], ['algorithm', 'Algorithm']]) {
    assert.ok(text.includes(`${field}?: ${type};`), field);
  }
  const queueResult = /export interface QueueResult \{([\s\S]*?)\n\}/.exec(text)[1].replace(/\/\*[\s\S]*?\*\//g, '');
  assert.ok(!queueResult.includes('?:'), 'no optional field in QueueResult');
  assert.deepEqual(interfaceKeys('QueueResult').sort(),
    ['cost', 'digest', 'expansions', 'pathLength', 'resultStatus', 'status', 'statusName']);
});

test('queue.result: every field is there, whatever the call returned', async () => {
  const ls = await loadLockstar();
  const g = ls.createGrid(8, 8);
  const q = ls.createQueue(8, 8);
  q.submit(1, ends);
  const fields = interfaceKeys('QueueResult').sort();
  const notDone = q.result(1);
  assert.deepEqual(Object.keys(notDone).sort(), fields);
  assert.equal(notDone.status, ls.STATUS.ERR_NOT_DONE);
  assert.deepEqual(notDone, {
    status: ls.STATUS.ERR_NOT_DONE, statusName: 'LS_ERR_NOT_DONE', resultStatus: ls.STATUS.ERR_NOT_DONE,
    cost: -1, expansions: 0, pathLength: 0, digest: ls.pathDigest([]),
  });
  q.tick(g);
  const done = q.result(1);
  assert.deepEqual(Object.keys(done).sort(), fields);
  const r = ls.findPath(g, ends);
  assert.deepEqual([done.status, done.resultStatus, done.cost, done.expansions, done.pathLength, done.digest],
    [0, 0, r.cost, r.expansions, r.pathLength, r.digest]);
  assert.equal(q.result(99).status, ls.STATUS.ERR_UNKNOWN_ID);
  assert.equal(q.result(99).cost, -1);
  q.destroy();
  g.destroy();
});

test('gridFromText: a bare block of rows, indented in a template literal', async () => {
  const ls = await loadLockstar();
  const { parseMapText, parseMap } = await movingaiModule();
  const text = `
    ..@....
    ..@.SS.
    ..G.TT.
    .......
  `;
  const g = ls.gridFromText(text, { swampCost: 5 });
  assert.equal(g.width, 7);
  assert.equal(g.height, 4);
  assert.deepEqual([...g.cells()], [
    1, 1, 0, 1, 1, 1, 1,
    1, 1, 0, 1, 5, 5, 1,
    1, 1, 1, 1, 0, 0, 1,
    1, 1, 1, 1, 1, 1, 1,
  ]);
  assert.equal(g.compact, false);
  // The same rows under a Moving AI header: the same cells, the same map digest.
  const rows = ['..@....', '..@.SS.', '..G.TT.', '.......'];
  const file = `type octile\nheight 4\nwidth 7\nmap\n${rows.join('\n')}\n`;
  const h = ls.gridFromText(file, { swampCost: 5, compact: true });
  assert.equal(h.compact, true);
  assert.equal(h.digest(), g.digest());
  assert.deepEqual(parseMapText(text, { swampCost: 5 }), parseMap(file, { swampCost: 5 }));
  // Tabs, CRLF line ends, no final newline, blank lines around: all the same map.
  assert.equal(ls.gridFromText(`\r\n\t${rows.join('  \r\n\t')}\r\n\r\n`, { swampCost: 5 }).digest(), g.digest());
  assert.equal(ls.gridFromText(rows.join('\n'), { swampCost: 5 }).digest(), g.digest());
  const r = ls.findPath(g, { startX: 0, startY: 0, goalX: 6, goalY: 0 });
  assert.equal(r.status, 0);
  assert.equal(ls.findPath(g, { startX: 0, startY: 0, goalX: 2, goalY: 0 }).status, ls.STATUS.ERR_GOAL_BLOCKED);
  for (const o of [g, h]) o.destroy();
});

test('gridFromText: a whole .map file reads as parseMap reads it', async () => {
  const ls = await loadLockstar();
  const { parseMap } = await movingaiModule();
  for (const name of ['demo.map', 'rts.map']) {
    const text = readFileSync(join(examplesDir, name), 'latin1');
    const map = parseMap(text, { swampCost: 3 });
    const g = ls.gridFromText(text, { swampCost: 3 });
    const h = ls.createGrid(map.width, map.height);
    h.load(map.cells);
    assert.equal(g.digest(), h.digest(), name);
    g.destroy();
    h.destroy();
  }
  // A header's errors are parseMap's own, lines counted in the text given.
  assert.throws(() => ls.gridFromText('type octile\nheight 2\nwidth 2\nmap\n..\n'),
    (e) => e.message === '6: file ends after 1 of 2 map rows' && e.line === 6);
  assert.throws(() => ls.gridFromText('\n  \ntype octile\nheight 2\nwidth 2\nmap\n..\n'),
    (e) => e.message === '8: file ends after 1 of 2 map rows' && e.line === 8 &&
      e.reason === 'file ends after 1 of 2 map rows');
  // Blank lines before the header (a template literal's first line) are skipped.
  const demo = readFileSync(join(examplesDir, 'demo.map'), 'latin1');
  const a = ls.gridFromText(demo);
  const b = ls.gridFromText(`\n${demo}`);
  assert.equal(b.digest(), a.digest());
  a.destroy();
  b.destroy();
});

test('gridFromText: bad blocks throw "LINE: reason" with the reader\'s words', async () => {
  const ls = await loadLockstar();
  const live = ls.liveObjects().grid;
  const cases = [
    ['', '1: no map rows (expected rows of . G S @ O T W, or a Moving AI map)'],
    ['\n  \n', '2: no map rows (expected rows of . G S @ O T W, or a Moving AI map)'],
    ['...\n..\n', '2: row 1 is too short: 2 characters, expected the width 3'],
    ['\n...\n....\n', '3: row 1 is too long: 4 characters, expected the width 3'],
    ['..\n.x\n', "2: bad character 'x' at column 2 (allowed: . G S passable, @ O T W blocked)"],
    ['....\n. ..\n', "2: bad character (byte 0x20) at column 2 (allowed: . G S passable, @ O T W blocked)"],
    ['..\n\n..\n', '2: row 1 is empty: a blank line between map rows'],
    ['..\r..\r', '1: a carriage return inside the line: CR-only line ends are not read (use LF or CRLF line ends)'],
    ['height 2\n', "1: bad character 'h' at column 1 (allowed: . G S passable, @ O T W blocked)"],
  ];
  for (const [text, message] of cases) {
    assert.throws(() => ls.gridFromText(text), (e) => e.message === message &&
      e.line === Number(message.split(':')[0]) && message.endsWith(e.reason), JSON.stringify(text));
  }
  assert.throws(() => ls.gridFromText('..', { swampCost: 0 }), RangeError);
  assert.throws(() => ls.gridFromText(42), TypeError);
  assert.equal(ls.liveObjects().grid, live, 'no grid is left behind by a refused map');
});
