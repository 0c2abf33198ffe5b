// SPDX-License-Identifier: MIT
// vectors.test.mjs - every golden search vector of vectors/ (the version 1
// files of index.txt, jps.vec included) through lockstar.mjs: map digests,
// one-shot and sliced runs, compact contexts and compact grids, every
// field compared (test/vecrun.mjs). A tampered copy must fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLockstar, vectorsDir } from './helpers.mjs';
import { parseIndex } from './vecfile.mjs';
import { checkVectorFile } from './vecrun.mjs';

const index = parseIndex(readFileSync(join(vectorsDir, 'index.txt'), 'latin1'));
const searchFiles = index.files.filter((f) =>
  readFileSync(join(vectorsDir, f.file), 'latin1').startsWith('lockstar-vectors 1\n'));

test('index.txt lists the vector files', () => {
  assert.ok(index.files.length >= 14, 'at least the 14 search vector files');
  assert.equal(index.files.reduce((n, f) => n + f.count, 0), index.total);
});

let checked = 0;
for (const { file, count } of searchFiles) {
  test(`vectors/${file}: ${count} vectors, every field`, async () => {
    const ls = await loadLockstar();
    const rep = checkVectorFile(ls, vectorsDir, file);
    assert.equal(rep.checked, count, 'vector count as index.txt says');
    assert.deepEqual(rep.diffs.slice(0, 20), [], `${rep.diffs.length} differences`);
    checked += rep.checked;
  });
}

test('all search vectors were checked', () => {
  const expected = searchFiles.reduce((n, f) => n + f.count, 0);
  assert.equal(checked, expected);
  console.log(`# node vectors: ${checked} search vectors checked in ${searchFiles.length} files`);
});

test('a tampered vector file fails (cost, expansions, path, digest, status)', async () => {
  const ls = await loadLockstar();
  const dir = mkdtempSync(join(tmpdir(), 'lockstar-js-vec-'));
  try {
    const text = readFileSync(join(vectorsDir, 'random.vec'), 'latin1');
    const cases = [
      [/^cost (\d+)$/m, (m, c) => `cost ${Number(c) + 1}`, 'cost'],
      [/^expansions (\d+)$/m, (m, c) => `expansions ${Number(c) + 1}`, 'expansions'],
      [/^digest ([0-9a-f]{16})$/m, (m, d) => `digest ${d.slice(0, 15)}${d[15] === '0' ? '1' : '0'}`, 'digest'],
      [/^path (\d+),/m, (m, x) => `path ${Number(x) + 1},`, 'path'],
      [/^status 0 LS_OK$/m, () => 'status 2 LS_NO_PATH', 'status'],
    ];
    for (const [re, fn, field] of cases) {
      writeFileSync(join(dir, 'random.vec'), text.replace(re, fn));
      const rep = checkVectorFile(ls, dir, 'random.vec');
      assert.ok(rep.diffs.length > 0, `a changed ${field} must be a difference`);
      assert.ok(rep.diffs.some((d) => d.includes(`${field}`)), `the difference names ${field}: ${rep.diffs[0]}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
