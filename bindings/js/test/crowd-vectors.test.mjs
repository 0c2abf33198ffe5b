// SPDX-License-Identifier: MIT
// crowd-vectors.test.mjs - every crowd vector (vectors/crowd/s*.replay:
// 480 replay scripts, versions 1 and 2, on 16 maps; tools/crowdgen.awk)
// replayed by lockstar-replay.mjs on the wasm crowd, its output compared
// with the recorded SCRIPT.out byte for byte (each also under another
// thread count in turn, which wasm accepts and runs on the caller); every
// avoidance vector (vectors/avoid/a*.replay, version 3: sizes, priorities,
// avoidance; tools/avoidgen.awk) with --check (and --trace where recorded
// as aNNN.trace) against its recording, the exit status its check line
// implies; version 3 scripts written by tools/avoidgen.awk here and now
// against the native program's --trace --check; the --trace lines of
// some scripts and of examples/*.replay against the native `lockstar
// replay` when it is built; examples/replay.mjs from another folder; bad
// scripts refused with the C program's message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadLockstar, vectorsDir, jsDir, examplesDir, cliPath, srcDir } from './helpers.mjs';

const crowdDir = join(vectorsDir, 'crowd');
const avoidDir = join(vectorsDir, 'avoid');
const hasCli = Boolean(cliPath && existsSync(cliPath));
const replayModule = () => import(pathToFileURL(join(jsDir, 'lockstar-replay.mjs')).href);

function scripts() {
  return readdirSync(crowdDir).filter((f) => /^s\d+\.replay$/.test(f)).sort();
}

// The script's output as lockstar replay prints it (with options.check,
// { text, overlapped }: replayOutput's answer).
function replayFile(ls, mod, file, options = {}) {
  const text = readFileSync(file, 'latin1');
  const script = mod.parseReplay(ls, text, file);
  const mapFile = join(dirname(file), script.mapPath);
  const got = mod.replayOutput(ls, script, readFileSync(mapFile, 'latin1'), { ...options, name: file, mapName: mapFile });
  return options.check ? got : got.text;
}

// The first line where two outputs differ, for a short report.
function firstDiff(name, got, expected) {
  const a = got.split('\n');
  const b = expected.split('\n');
  const at = a.findIndex((l, k) => l !== b[k]);
  return `${name}: line ${at + 1}: expected '${b[at]}', got '${a[at]}'`;
}

// Whether git lists files under vectors/avoid in the source tree (null:
// no git, or not a checkout): a tree that has them must replay them.
function avoidInGit() {
  if (!existsSync(join(srcDir, '.git'))) return null;
  const r = spawnSync('git', ['-C', srcDir, 'ls-files', '--', 'vectors/avoid'], { encoding: 'latin1' });
  if (r.status !== 0) return null;
  return r.stdout.trim() !== '';
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

// The avoidance vectors as tests/avoid-vectors.sh runs them natively:
// `lockstar replay aNNN.replay --check` (with --trace when the recording
// is aNNN.trace), byte for byte, and overlaps exactly when the check line
// says so. Until the vectors are recorded the directory may be missing:
// that is a failure in a checkout whose git has them, else a skip that
// says why (never a pass).
const avoidMissing = !existsSync(avoidDir) && avoidInGit() !== true;
test('every avoidance vector replays byte for byte with --check (vectors/avoid, version 3)', {
  skip: avoidMissing ? `no ${avoidDir} (not recorded yet, and git has none)` : false,
}, async (t) => {
  assert.ok(existsSync(avoidDir), `${avoidDir} is missing, yet git lists vectors/avoid`);
  const ls = await loadLockstar();
  const mod = await replayModule();
  const names = readdirSync(avoidDir).filter((f) => /^a\d+\.replay$/.test(f)).sort();
  const start = process.hrtime.bigint();
  let failed = [];
  let traced = 0;
  let overlapping = 0;
  names.forEach((name, i) => {
    const file = join(avoidDir, name);
    const base = file.replace(/\.replay$/, '');
    const trace = existsSync(`${base}.trace`);
    const recorded = trace ? `${base}.trace` : `${base}.out`;
    if (!existsSync(recorded)) {
      failed.push(`${name}: no recorded output (.out or .trace)`);
      return;
    }
    const expected = readFileSync(recorded, 'latin1');
    const clean = /^check: \d+ ticks, 0 overlaps$/m.test(expected);
    if (!clean && !/^check: \d+ ticks, \d+ pair overlaps and /m.test(expected)) {
      failed.push(`${name}: its recording has no 'check:' line`);
      return;
    }
    traced += trace;
    overlapping += !clean;
    const got = replayFile(ls, mod, file, { trace, check: true, threads: [1, 2, 3, 8][i % 4] });
    if (got.text !== expected) failed.push(firstDiff(name, got.text, expected));
    else if (got.overlapped === clean) failed.push(`${name}: overlapped ${got.overlapped}, its check line says otherwise`);
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  t.diagnostic(`${names.length} avoidance vectors (${traced} with --trace, ${overlapping} with overlaps recorded) replayed in ${seconds.toFixed(1)} s`);
  failed = failed.slice(0, 20);
  assert.deepEqual(failed, []);
  assert.ok(names.length >= 300, `${names.length} avoidance scripts (at least 300)`);
  assert.equal(ls.liveObjects().crowd, 0, 'every replay destroyed its crowd');
});

// Version 3 scripts written now by tools/avoidgen.awk (the vectors'
// generator: circles, crossings, corridors, gates, radii, priorities,
// walls, edits, avoidance switched mid-run) on their maps, each replayed
// with --trace --check by the native program and by lockstar-replay.mjs.
test('version 3 scripts: --trace --check lines and exit status equal the native lockstar replay', { skip: !hasCli }, async (t) => {
  const ls = await loadLockstar();
  const mod = await replayModule();
  const awkFile = join(srcDir, 'tools', 'avoidgen.awk');
  const dir = mkdtempSync(join(tmpdir(), 'lockstar-avoid-'));
  let bodies = 0;
  let switched = 0;
  try {
    const numbers = [0, 1, 2, 3, 20, 41, 62, 103, 150, 199, 240, 281, 300, 319];
    for (const n of numbers) {
      const name = `a${String(n).padStart(3, '0')}`;
      for (const [what, ext] of [['map', 'map'], ['script', 'replay']]) {
        const r = spawnSync('awk', ['-v', `what=${what}`, '-v', `n=${n}`, '-f', awkFile], { encoding: 'latin1' });
        assert.equal(r.status, 0, `avoidgen.awk ${what} ${n}: ${r.stderr}`);
        writeFileSync(join(dir, `${name}.${ext}`), r.stdout, 'latin1');
      }
      const file = join(dir, `${name}.replay`);
      const text = readFileSync(file, 'latin1');
      assert.ok(text.startsWith('lockstar-replay 3\n'), `${name}: a version 3 script`);
      bodies += /^agent .* (radius|priority) /m.test(text);
      switched += /^at \d+ avoidance /m.test(text);
      const native = spawnSync(cliPath, ['replay', file, '--trace', '--check'], { encoding: 'latin1', maxBuffer: 1 << 28 });
      assert.ok(native.status === 0 || native.status === 1, `${file}: ${native.stderr}`);
      const got = replayFile(ls, mod, file, { trace: true, check: true });
      if (got.text !== native.stdout) assert.fail(firstDiff(name, got.text, native.stdout));
      assert.equal(got.overlapped ? 1 : 0, native.status, `${name}: exit status`);
    }
    t.diagnostic(`${numbers.length} scripts, ${bodies} with radii or priorities, ${switched} switching avoidance`);
    assert.ok(bodies >= 10 && switched >= 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
      // version 3: sizes and avoidance, each refusal of cli/replay_read.c
      'lockstar-replay 2\nmap m.map\nagent 1 0,0 1 radius 0.5\nticks 5\n',
      'lockstar-replay 2\nmap m.map\navoidance on\nticks 5\n',
      'lockstar-replay 2\nmap m.map\nticks 5\nat 1 avoidance on\n',
      'lockstar-replay 1\nmap m.map\nagent 1 0,0 1 priority 3\nticks 5\n',
      'lockstar-replay 3\nmap m.map\nagent 1 0,0 1 radius\nticks 5\n',
      'lockstar-replay 3\nmap m.map\nagent 1 0,0 1 size 2\nticks 5\n',
      'lockstar-replay 3\nmap m.map\nagent 1 0,0 1 radius 0.5 radius 0.5\nticks 5\n',
      'lockstar-replay 3\nmap m.map\nagent 1 0,0 1 radius 64.5\nticks 5\n',
      'lockstar-replay 3\nmap m.map\nagent 1 0,0 1 radius -1\nticks 5\n',
      'lockstar-replay 3\nmap m.map\nagent 1 0,0 1 priority 100\nticks 5\n',
      'lockstar-replay 3\nmap m.map\nagent 1 0,0 1 priority 2 radius x\nticks 5\n',
      'lockstar-replay 3\nmap m.map\navoidance maybe\nticks 5\n',
      'lockstar-replay 3\nmap m.map\navoidance on\navoidance off\nticks 5\n',
      'lockstar-replay 3\nmap m.map\navoidance\nticks 5\n',
      'lockstar-replay 3\nmap m.map\nticks 5\nat 1 avoidance\n',
      'lockstar-replay 3\nmap m.map\nticks 5\nat 1 avoidance yes\n',
      'lockstar-replay 3\nmap m.map\nticks 5\nat 6 avoidance on\n',
      'lockstar-replay 3\nmap m.map\nticks 5\nat 1 teleport 0,0\n',
      'lockstar-replay 3\nmap m.map\ncell 0.25\nagent 1 0,0 1 radius 4\nticks 5\n',
      // issue 23: the tables' options are named but not served by replays
      'lockstar-replay 2\nmap m.map\noptions --algo jps+\nticks 5\n',
      'lockstar-replay 2\nmap m.map\noptions --algo=hpa\nticks 5\n',
      'lockstar-replay 3\nmap m.map\noptions --heuristic landmarks\nticks 5\n',
      'lockstar-replay 2\nmap m.map\noptions --algo jps++\nticks 5\n',
      'lockstar-replay 2\nmap m.map\noptions --heuristic lm\nticks 5\n',
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
