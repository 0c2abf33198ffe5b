// SPDX-License-Identifier: MIT
// examples.test.mjs - examples/first.mjs, the first program the docs
// show, run as a user runs it (node, from another directory, on the
// module beside it): it exits 0 and prints exactly these lines, so the
// example cannot rot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsDir } from './helpers.mjs';

const FIRST = `A*: LS_OK cost 162, 16 cells, 22 expansions
JPS: LS_OK cost 162, 16 cells, 6 expansions
A* with the marsh: LS_OK cost 178, 16 cells, 50 expansions
JPS with the marsh: LS_ERR_NOT_UNIFORM cost -1, 0 cells, 0 expansions
frame 4: request 1 LS_OK, cost 188, path 19 cells
frame 6: request 2 LS_OK, cost 196, path 19 cells
frame 9: request 3 LS_OK, cost 210, path 20 cells
unit in cell 0,3: 22 cells, 6 waypoints, 44.15 world units
arrived after 60 ticks at 41.00,21.00
`;

test('examples/first.mjs runs and prints what the docs show', () => {
  const r = spawnSync(process.execPath, [join(jsDir, 'examples', 'first.mjs')], { cwd: tmpdir(), encoding: 'utf8' });
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  assert.equal(r.stdout, FIRST);
});
