// SPDX-License-Identifier: MIT
// browser.test.mjs - the module in a browser: headless Chromium loads a
// page that imports lockstar.mjs from a local HTTP server (127.0.0.1, a
// port of its own, closed at the end), fetches lockstar.wasm beside it,
// finds a known path and runs the self-test; the page's text must show
// the same status, cost, expansions and digest as node and the C build,
// and the self-test's golden digest. The server's log shows that the
// self-test's module (lockstar-selftest.mjs and .wasm) is fetched only
// when the self-test is asked for, after the search. Skipped (counted as
// skipped) without a chromium on the PATH.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { jsDir, srcDir } from './helpers.mjs';

const chromium = ['chromium', 'chromium-browser', 'google-chrome']
  .find((c) => spawnSync('sh', ['-c', `command -v ${c}`]).status === 0);
const skip = chromium ? false : 'no chromium on the PATH';

const PAGE = `<!doctype html><html><body><pre id="out">loading</pre><script type="module">
import { load } from './lockstar.mjs';
const out = document.getElementById('out');
try {
  const ls = await load();
  const g = ls.createGrid(8, 8);
  g.setRect(3, 0, 1, 7, 0);
  const r = ls.findPath(g, { startX: 0, startY: 0, goalX: 7, goalY: 0 });
  await fetch('./searched');
  const s = await ls.selftest();
  out.textContent = ['RESULT', r.statusName, r.cost, r.expansions, r.digest, s.passed, s.failed, s.digest, 'END'].join(' ');
} catch (e) { out.textContent = 'ERROR ' + e + ' END'; }
</script></body></html>`;

const TYPES = { '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

test('lockstar.mjs in headless Chromium: a known path and the self-test digest', { skip }, async () => {
  const files = new Map([['/', { body: PAGE, type: 'text/html' }]]);
  files.set('/searched', { body: '', type: 'text/plain' });
  for (const f of ['lockstar.mjs', 'lockstar-args.mjs', 'lockstar-extras.mjs', 'lockstar-crowd.mjs', 'lockstar-tables.mjs', 'movingai.mjs', 'lockstar.wasm', 'lockstar-selftest.mjs', 'lockstar-selftest.wasm']) {
    files.set(`/${f}`, { body: readFileSync(join(jsDir, f)), type: TYPES[extname(f)] });
  }
  const requested = [];
  const server = http.createServer((req, res) => {
    requested.push(req.url);
    const f = files.get(req.url);
    if (!f) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': f.type });
    res.end(f.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${server.address().port}/`;
    const dom = await new Promise((resolve, reject) => {
      const p = spawn(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
        '--virtual-time-budget=30000', '--dump-dom', url], { stdio: ['ignore', 'pipe', 'ignore'] });
      const out = [];
      const timer = setTimeout(() => p.kill('SIGKILL'), 120000);
      p.stdout.on('data', (d) => out.push(d));
      p.on('error', reject);
      p.on('close', () => {
        clearTimeout(timer);
        resolve(Buffer.concat(out).toString('utf8'));
      });
    });
    const m = /(RESULT|ERROR) ([^<]*) END/.exec(dom);
    assert.ok(m, `the page reported: ${dom.slice(0, 400)}`);
    const data = readFileSync(join(srcDir, 'src', 'selftest_data.c'), 'latin1');
    const golden = /Combined digest of the golden values: ([0-9a-f]{16})/.exec(data)[1];
    const [status, cost, expansions, digest, , failed, selftestDigest] = m[2].split(' ');
    assert.deepEqual([m[1], status, cost, expansions, digest, failed, selftestDigest],
      ['RESULT', 'LS_OK', '180', '32', '2ca9746f4bf4ded0', '0', golden]);
    const at = (u) => requested.indexOf(u);
    assert.ok(at('/lockstar.wasm') >= 0 && at('/searched') > at('/lockstar.wasm'), requested.join(' '));
    for (const u of ['/lockstar-selftest.mjs', '/lockstar-selftest.wasm']) {
      assert.ok(at(u) > at('/searched'), `${u} is fetched only by selftest(): ${requested.join(' ')}`);
    }
  } finally {
    server.close();
  }
});
