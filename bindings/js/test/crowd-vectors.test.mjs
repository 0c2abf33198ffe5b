// SPDX-License-Identifier: MIT
// crowd-vectors.test.mjs - every crowd vector (vectors/crowd/s*.replay:
// 480 replay scripts, versions 1 and 2, on 16 maps; tools/crowdgen.awk)
// replayed by lockstar-replay.mjs on the wasm crowd, its output compared
// with the recorded SCRIPT.out byte for byte (each also under another
// thread count in turn, which wasm accepts and runs on the caller); the
// --trace lines of some scripts and of examples/*.replay against the
// native `lockstar replay` when it is built; examples/replay.mjs from
// another folder; bad scripts refused with the C program's message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadLockstar, vectorsDir, jsDir, examplesDir, cliPath } from './helpers.mjs';

const crowdDir = join(vectorsDir, 'crowd');
const replayModule = () => import(pathToFileURL(join(jsDir, 'lockstar-replay.mjs')).href);

function scripts() {
  return readdirSync(crowdDir).filter((f) => /^s\d+\.replay$/.test(f)).sort();
}

// The script's output as lockstar replay prints it.
function replayFile(ls, mod, file, options = {}) {
  const text = readFileSync(file, 'latin1');
  const script = mod.parseReplay(ls, text, file);
  const mapFile = join(dirname(file), script.mapPath);
  return mod.replayText(ls, script, readFileSync(mapFile, 'latin1'), { ...options, name: file, mapName: mapFile });
}

test('every crowd vector replays byte for byte (480 scripts, versions 1 and 2)', async (t) => {
  const ls = await loadLockstar();
  const mod = await replayModule();
  const names = scripts();
  assert.ok(names.length >= 480, `${names.length} crowd scripts`);
  const start = process.hrtime.bigint();
  let v2 = 0;
  let failed = [];
  names.forEach((name, i) => {
    const file = join(crowdDir, name);
    if (readFileSync(file, 'latin1').startsWith('lockstar-replay 2')) v2++;
    const expected = readFileSync(file.replace(/\.replay$/, '.out'), 'latin1');
    const got = replayFile(ls, mod, file, { threads: [1, 2, 3, 8][i % 4] });
    if (got !== expected) {
      const a = got.split('\n');
      const b = expected.split('\n');
      const at = a.findIndex((l, k) => l !== b[k]);
      failed.push(`${name}: line ${at + 1}: expected '${b[at]}', got '${a[at]}'`);
    }
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  t.diagnostic(`${names.length} crowd vectors (${v2} of version 2) replayed in ${seconds.toFixed(1)} s`);
  failed = failed.slice(0, 20);
  assert.deepEqual(failed, []);
  assert.ok(v2 >= 160, `${v2} version 2 scripts`);
  assert.equal(ls.liveObjects().crowd, 0, 'every replay destroyed its crowd');
});

test('a tampered vector fails', async () => {
  const ls = await loadLockstar();
  const mod = await replayModule();
  const file = join(crowdDir, 's321.replay');
  // One cell of cost 255 (a cost the generator never writes) at tick 0.
  const text = readFileSync(file, 'latin1').replace(/^at /m, 'at 0 set 0,0 255\nat ');
  const script = mod.parseReplay(ls, text, file);
  const out = mod.replayText(ls, script, readFileSync(join(crowdDir, script.mapPath), 'latin1'));
  assert.notEqual(out, readFileSync(file.replace(/\.replay$/, '.out'), 'latin1'));
});

test('--trace lines equal the native lockstar replay (some vectors and examples/*.replay)', { skip: !cliPath || !existsSync(cliPath) }, async () => {
  const ls = await loadLockstar();
  const mod = await replayModule();
  const files = scripts().filter((_, i) => i % 40 === 7).map((n) => join(crowdDir, n));
  for (const f of readdirSync(examplesDir).filter((n) => n.endsWith('.replay')).sort()) files.push(join(examplesDir, f));
  assert.ok(files.length >= 13);
  for (const file of files) {
    const native = spawnSync(cliPath, ['replay', file, '--trace'], { encoding: 'latin1', maxBuffer: 1 << 28 });
    assert.equal(native.status, 0, `${file}: ${native.stderr}`);
    assert.equal(replayFile(ls, mod, file, { trace: true }), native.stdout, file);
  }
});

test('examples/replay.mjs prints what lockstar replay prints, from another folder', async () => {
  const file = join(crowdDir, 's330.replay');
  const run = spawnSync(process.execPath, [join(jsDir, 'examples', 'replay.mjs'), file, '--budget', '7'], { cwd: tmpdir(), encoding: 'latin1' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
  if (cliPath && existsSync(cliPath)) {
    const native = spawnSync(cliPath, ['replay', file, '--budget', '7'], { encoding: 'latin1' });
    assert.equal(run.stdout, native.stdout);
  } else {
    assert.match(run.stdout, /^tick 0 [0-9a-f]{16}\n/);
  }
});

test('bad scripts are refused with the C program\'s message', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lockstar-replay-'));
  try {
    writeFileSync(join(dir, 'm.map'), 'type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n');
    const cases = [
      'lockstar-replay 4\n',
      'lockstar-replay 1\nmap m.map\nticks 5\nat 0 group 1,1 4\n',
      'lockstar-replay 1\nmap m.map\nagent 4 0,0 0.5\nat 0 group 1,1 4\nticks 5\n',
      'lockstar-replay 2\nmap m.map\nagent 4 0,0 0.5\nat 0 group 3,2 4 5\nticks 5\n',
      'lockstar-replay 2\nmap m.map\nagent 4 1,1 0.5\nticks 5\n',
      'lockstar-replay 2\nmap m.map\nagent 4 0,0 0.5\nat 0 move 4 9,9\nticks 5\n',
      'lockstar-replay 2\nmap m.map\noptions --connect 6\nticks 5\n',
      'lockstar-replay 2\nmap m.map\noptions --budget 6\nticks 5\n',
      'lockstar-replay 2\nmap m.map\noptions --straight 10 --diagonal 30\nticks 5\n',
      'lockstar-replay 2\nmap m.map\nagent 9223372036854775808 0,0 1\nticks 5\n',
      'lockstar-replay 2\nmap m.map\nagent 1 0,0 0\nticks 5\n',
      'lockstar-replay 2\nmap m.map\nticks 5\nat 7 set 0,0 1\n',
      'lockstar-replay 2\nmap m.map\nticks 5\nat 3 set 0,0 1\nat 2 set 0,0 1\n',
      'lockstar-replay 2\nmap m.map\nbudget 1\nbudget 2\nticks 5\n',
      'lockstar-replay 2\nmap m.map\nticks 5\nat 1 rect 0,0 0,2 1\n',
      'lockstar-replay 2\nmap m.map\nticks 5\nat 1 teleport 0,0\n',
      'lockstar-replay 2\nmap m.map\nticks 5\nfoo\r\r\n',
      'lockstar-replay 2\nmap m.map\n',
      '# nothing\n',
    ];
    for (const [i, text] of cases.entries()) {
      const file = join(dir, `bad${i}.replay`);
      writeFileSync(file, text, 'latin1');
      const js = spawnSync(process.execPath, [join(jsDir, 'examples', 'replay.mjs'), file], { encoding: 'latin1' });
      assert.equal(js.status, 2, `case ${i}: ${js.stdout}`);
      assert.match(js.stderr, /^lockstar: .+\n$/, `case ${i}`);
      if (cliPath && existsSync(cliPath)) {
        const native = spawnSync(cliPath, ['replay', file], { encoding: 'latin1' });
        assert.equal(native.status, 2, `case ${i}`);
        assert.equal(js.stderr, native.stderr, `case ${i}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
