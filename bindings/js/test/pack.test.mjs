// SPDX-License-Identifier: MIT
// pack.test.mjs - the npm package: `npm pack` of the package files (as
// package.json's "files" lists them, with the built lockstar.wasm) gives a
// tarball that installs offline into an empty folder (npm install
// ./lockstar-X.tgz) and imports there, by package name, in a fresh node:
// the module, its types, the Moving AI reader and the scen example. Skipped
// (counted as skipped) when npm is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, cpSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { jsDir, examplesDir } from './helpers.mjs';

const npmCheck = spawnSync('npm', ['--version'], { encoding: 'utf8' });
const noNpm = npmCheck.status === 0 ? false : 'npm not found (tools/deps.sh --js installs it)';

function npm(args, cwd, home) {
  const r = spawnSync('npm', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      npm_config_cache: join(home, 'npm-cache'),
      npm_config_userconfig: join(home, 'npmrc'),
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
      npm_config_loglevel: 'error',
    },
  });
  assert.equal(r.status, 0, `npm ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

test('npm pack gives a package that installs offline into an empty folder and imports', { skip: noNpm }, () => {
  const tmp = mkdtempSync(join(tmpdir(), 'lockstar-js-pack-'));
  try {
    const pkg = JSON.parse(readFileSync(join(jsDir, 'package.json'), 'utf8'));
    // Stage the package files (the build tree is left as it is).
    const stage = join(tmp, 'stage');
    mkdirSync(stage);
    cpSync(join(jsDir, 'package.json'), join(stage, 'package.json'));
    for (const f of pkg.files) {
      assert.ok(existsSync(join(jsDir, f)), `${f} of package.json's files exists`);
      mkdirSync(dirname(join(stage, f)), { recursive: true });
      cpSync(join(jsDir, f), join(stage, f));
    }
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', tmp], stage, tmp));
    const tgz = join(tmp, packed[0].filename);
    const names = packed[0].files.map((f) => f.path).sort();
    for (const f of ['lockstar.mjs', 'lockstar.wasm', 'lockstar.d.ts', 'movingai.mjs', 'package.json',
      'lockstar-selftest.mjs', 'lockstar-selftest.wasm', 'lockstar-crowd.mjs', 'lockstar-tables.mjs', 'lockstar-replay.mjs',
      'lockstar-replay.d.ts', 'examples/replay.mjs']) {
      assert.ok(names.includes(f), `the package holds ${f}: ${names.join(', ')}`);
    }
    const app = join(tmp, 'app');
    mkdirSync(app);
    npm(['install', '--offline', '--no-package-lock', tgz], app, tmp);
    assert.ok(existsSync(join(app, 'node_modules', 'lockstar', 'lockstar.wasm')));
    writeFileSync(join(app, 'main.mjs'), `
import { load, LockstarError } from 'lockstar';
import { parseMap } from 'lockstar/movingai';
import { parseReplay, startReplay } from 'lockstar/replay';
import { readFileSync } from 'node:fs';
const ls = await load();
const crowd = new ls.Crowd({ width: 8, height: 8 });
crowd.add(1, 0, 0, 65536);
crowd.order(1, 7, 7);
const open = ls.createGrid(8, 8);
for (let t = 0; t < 12; t++) crowd.tick(open);
const script = parseReplay(ls, ['lockstar-replay 2', 'map m.map', 'agent 1 0,0 1', 'at 0 group 3,0 1', 'ticks 5', ''].join(String.fromCharCode(10)));
const run = startReplay(ls, script, { width: 4, height: 1, cells: new Uint8Array([1, 1, 1, 1]) });
while (!run.done) run.step();
const g = ls.createGrid(8, 8);
g.setRect(3, 0, 1, 7, 0);
const r = ls.findPath(g, { startX: 0, startY: 0, goalX: 7, goalY: 0 });
const m = parseMap(readFileSync(process.argv[2], 'latin1'));
console.log(JSON.stringify({ version: ls.version, status: r.statusName, cost: r.cost, digest: r.digest,
  error: typeof LockstarError, map: [m.width, m.height], selftest: (await ls.selftest()).failed,
  crowd: crowd.get(1).state, replay: run.crowd.get(1).state }));
`);
    const run = spawnSync(process.execPath, ['main.mjs', join(examplesDir, 'demo.map')], { cwd: app, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const got = JSON.parse(run.stdout);
    assert.deepEqual(got, {
      version: pkg.version, status: 'LS_OK', cost: 180, digest: '2ca9746f4bf4ded0',
      error: 'function', map: got.map, selftest: 0, crowd: 'arrived', replay: 'arrived',
    });
    assert.ok(got.map[0] > 0 && got.map[1] > 0);
    // The example from the installed package, by its bin name's file.
    const scen = spawnSync(process.execPath, [join(app, 'node_modules', 'lockstar', 'examples', 'scen.mjs'),
      join(examplesDir, 'demo.map'), join(examplesDir, 'demo.scen')], { encoding: 'utf8' });
    assert.equal(scen.status, 0, scen.stderr);
    assert.match(scen.stderr, /^lockstar scen: \d+ queries, \d+ solved, 0 refused/);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
