// SPDX-License-Identifier: MIT
// scripts.test.mjs - every golden script of vectors/ (format version 2:
// queue.vec, batch.vec, edits.vec, pathcheck.vec, world.vec, sight.vec,
// smooth.vec, follow.vec, flow.vec) through lockstar.mjs, every line compared
// (test/scriptrun.mjs). A tampered copy of each kind of line must fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLockstar, vectorsDir } from './helpers.mjs';
import { parseIndex } from './vecfile.mjs';
import { checkScriptFile } from './scriptrun.mjs';

const index = parseIndex(readFileSync(join(vectorsDir, 'index.txt'), 'latin1'));
const scriptFiles = index.files.filter((f) =>
  readFileSync(join(vectorsDir, f.file), 'latin1').startsWith('lockstar-vectors 2\n'));

test('the script files are there', () => {
  assert.ok(scriptFiles.length >= 8, `${scriptFiles.length} script files`);
});

let checked = 0;
for (const { file, count } of scriptFiles) {
  test(`vectors/${file}: ${count} scripts, every line`, async () => {
    const ls = await loadLockstar();
    const rep = checkScriptFile(ls, vectorsDir, file);
    assert.equal(rep.checked, count, 'script count as index.txt says');
    assert.deepEqual(rep.diffs.slice(0, 20), [], `${rep.diffs.length} differences`);
    checked += rep.checked;
  });
}

test('all scripts were checked', () => {
  assert.equal(checked, scriptFiles.reduce((n, f) => n + f.count, 0));
  console.log(`# node scripts: ${checked} scripts checked in ${scriptFiles.length} files`);
});

// One changed value per kind of line; each must be reported.
const TAMPER = [
  ['queue.vec', /^(tick \d+ -> pending )(\d+)$/m, 'pending'],
  ['queue.vec', /^(finished \d+ 0 LS_OK cost )(\d+)/m, 'cost'],
  ['queue.vec', /^(submit \d+ \d+ \d+ \d+ \d+ -> )(0 LS_OK)$/m, 'status', '-28 LS_ERR_DUPLICATE_ID'],
  ['batch.vec', /^(query .* expansions )(\d+)/m, 'expansions'],
  ['edits.vec', /^(set \d+ \d+ \d+ -> 0 LS_OK digest )([0-9a-f])/m, 'map digest', null, true],
  ['pathcheck.vec', /^(check \d+ -> 0 LS_OK first )(\d+)/m, 'first'],
  ['world.vec', /^(centre -?\d+ -?\d+ -> 0 LS_OK at )(-?\d+)/m, 'x'],
  ['sight.vec', /^(line .* -> 0 LS_OK count )(\d+)/m, 'count'],
  ['smooth.vec', /^(path-length .* -> 0 LS_OK length )(\d+)/m, 'length'],
  ['follow.vec', /^(step \d+ -> 0 LS_OK at -?\d+ -?\d+ state \d+ target \d+ travelled )(\d+)/m, 'travelled'],
  // flow.vec (lockstar_flow.h through ls.Flow), when the vectors hold it.
  ...(existsSync(join(vectorsDir, 'flow.vec')) ? [
    ['flow.vec', /^(flow-begin .* -> 0 LS_OK end 0 LS_OK slices \d+ expansions \d+ digest )([0-9a-f])/m, 'field digest', null, true],
    ['flow.vec', /^(flow-cell \d+ \d+ -> 0 LS_OK cost )(\d+)/m, 'cost'],
    ['flow.vec', /^(flow-refresh \d+ -> 1 LS_IN_PROGRESS end 0 LS_OK slices )(\d+)/m, 'slices'],
  ] : []),
];

test('a tampered script fails at the changed line, for every kind of line', async () => {
  const ls = await loadLockstar();
  const dir = mkdtempSync(join(tmpdir(), 'lockstar-js-scr-'));
  try {
    // Maps read from files (flow.vec's maps/*.map), beside the copies.
    if (existsSync(join(vectorsDir, 'maps'))) cpSync(join(vectorsDir, 'maps'), join(dir, 'maps'), { recursive: true });
    for (const [file, re, field, replacement, hex] of TAMPER) {
      const text = readFileSync(join(vectorsDir, file), 'latin1');
      const m = re.exec(text);
      assert.ok(m, `${file} has a line for ${field}`);
      const line = text.slice(0, m.index).split('\n').length;
      const changed = replacement ?? (hex ? (m[2] === '0' ? '1' : '0') : String(Number(m[2]) + 1));
      writeFileSync(join(dir, file), text.slice(0, m.index) + m[1] + changed + text.slice(m.index + m[0].length));
      const rep = checkScriptFile(ls, dir, file);
      assert.ok(rep.diffs.some((d) => d.startsWith(`${file}:${line}:`) && d.includes(field)),
        `${file}:${line} changed ${field}: ${rep.diffs.slice(0, 3).join(' | ') || 'no difference'}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
