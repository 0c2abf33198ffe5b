// SPDX-License-Identifier: MIT
// movingai.test.mjs - movingai.mjs against the C reader, through the
// lockstar program: the same map digest (so the same cells, swamp costs
// too) for the bundled maps and the test data, and for every malformed
// map and scenario (tests/data and made here) the same "FILE:LINE:
// reason" message. Skipped, counted as skipped, without the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLockstar, movingaiModule, cliPath, srcDir, examplesDir } from './helpers.mjs';

const skip = cliPath ? false : 'no lockstar CLI (LOCKSTAR_CLI) to compare with';
const dataDir = join(srcDir, 'tests', 'data');

function cli(args) {
  const r = spawnSync(cliPath, args, { encoding: 'latin1' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const BAD_MAPS = {
  'empty.map': '',
  'type.map': 'type hex\nheight 1\nwidth 1\nmap\n.\n',
  'notype.map': 'hello world\n',
  'height.map': 'type octile\nheight 0\nwidth 1\nmap\n.\n',
  'height2.map': 'type octile\nheight\n',
  'width.map': 'type octile\nheight 1\nwidth 16385\nmap\n.\n',
  'nomap.map': 'type octile\nheight 1\nwidth 1\nmaps\n.\n',
  'ends.map': 'type octile\nheight 2\n',
  'rows.map': 'type octile\nheight 3\nwidth 2\nmap\n..\n..\n',
  'long.map': 'type octile\nheight 1\nwidth 2\nmap\n...\n',
  'char.map': 'type octile\nheight 1\nwidth 3\nmap\n.x.\n',
  'byte.map': 'type octile\nheight 1\nwidth 3\nmap\n.\u00e9.\n',
  'extra.map': 'type octile\nheight 1\nwidth 1\nmap\n.\n\nmore\n',
  'crlf.map': 'type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.@\r\n',
  'quote.map': `type ${'x'.repeat(60)}\n`,
  'cr.map': 'type octile\rheight 1\rwidth 1\rmap\r.\r',
  'crrow.map': 'type octile\nheight 1\nwidth 2\nmap\n.\r.\n',
  'zeros.map': 'type octile\nheight 003\nwidth 0002\nmap\n..\n.@\n.S\n',
  'sign.map': 'type octile\nheight +3\nwidth 2\nmap\n',
};

const BAD_SCENS = {
  'empty.scen': '',
  'version.scen': 'version 2\n',
  'noversion.scen': 'hello\n',
  'few.scen': 'version 1\n0\tm\t3\t3\t0\t0\t1\n',
  'many.scen': 'version 1\n0\tm\t3\t3\t0\t0\t1\t1\t1\t9\n',
  'bucket.scen': 'version 1\n-1\tm\t3\t3\t0\t0\t1\t1\t1\n',
  'width.scen': 'version 1\n0\tm\t0\t3\t0\t0\t1\t1\t1\n',
  'coord.scen': 'version 1\n0\tm\t3\t3\t0\tx\t1\t1\t1\n',
  'optimal.scen': 'version 1\n0\tm\t3\t3\t0\t0\t1\t1\t1.\n',
  'size.scen': 'version 1\n0\tm\t4\t3\t0\t0\t1\t1\t1\n',
  'start.scen': 'version 1\n0\tm\t3\t3\t3\t0\t1\t1\t1\n',
  'goal.scen': 'version 1\n\n0\tm\t3\t3\t0\t0\t1\t3\t1.5\n',
  'cr.scen': 'version 1\r\n0\tm\t3\t3\t0\t0\t1\t1\t1\r\r\n',
  'crversion.scen': 'version 1\r0\tm\t3\t3\t0\t0\t1\t1\t1\n',
  'digits.scen': 'version 1\n0\tm\t3\t3\t0\t0\t1\t1\t12345678901.5\n',
  'fraction.scen': `version 1\n0\tm\t3\t3\t0\t0\t1\t1\t1.${'1'.repeat(21)}\n`,
  'fits.scen': `version 1\n0\tm\t003\t3\t0\t0\t1\t1\t1234567890.${'1'.repeat(20)}\n`,
};

test('map digests equal the C reader\'s (bundled maps, test data, swamp costs)', { skip }, async () => {
  const ls = await loadLockstar();
  const { parseMap } = await movingaiModule();
  const maps = [join(examplesDir, 'demo.map'), join(examplesDir, 'rts.map'),
    ...readdirSync(dataDir).filter((f) => f.endsWith('.map')).map((f) => join(dataDir, f))];
  let compared = 0;
  for (const file of maps) {
    for (const swamp of [1, 7]) {
      const c = cli(['digest', file, '--swamp-cost', String(swamp)]);
      let js;
      try {
        const m = parseMap(readFileSync(file, 'latin1'), { swampCost: swamp });
        const g = ls.createGrid(m.width, m.height);
        g.load(m.cells);
        js = { status: 0, stdout: `${g.digest()}\n`, stderr: '' };
        g.destroy();
      } catch (e) {
        js = { status: 2, stdout: '', stderr: `lockstar: ${file}:${e.message}\n` };
      }
      assert.deepEqual(js, c, `${file} --swamp-cost ${swamp}`);
      compared++;
    }
  }
  assert.ok(compared >= 10);
});

test('malformed maps and scenarios: the C reader\'s messages, line for line', { skip }, async () => {
  const { parseMap, parseScen } = await movingaiModule();
  const dir = mkdtempSync(join(tmpdir(), 'lockstar-js-mai-'));
  try {
    const good = join(dir, 'good.map');
    writeFileSync(good, 'type octile\nheight 3\nwidth 3\nmap\n...\n.@.\n...\n');
    const cases = [];
    for (const [name, text] of Object.entries(BAD_MAPS)) {
      writeFileSync(join(dir, name), Buffer.from(text, 'latin1'));
      cases.push({ map: join(dir, name), scen: null });
    }
    for (const [name, text] of Object.entries(BAD_SCENS)) {
      writeFileSync(join(dir, name), text);
      cases.push({ map: good, scen: join(dir, name) });
    }
    for (const f of readdirSync(dataDir)) {
      if (f.endsWith('.map')) cases.push({ map: join(dataDir, f), scen: null });
      if (f.endsWith('.scen')) cases.push({ map: join(dataDir, 'small.map'), scen: join(dataDir, f) });
    }
    let errors = 0;
    for (const { map, scen } of cases) {
      const c = scen ? cli(['scen', map, scen]) : cli(['digest', map]);
      let message = null;
      let file = map; // the file that failed names the message, as in C
      try {
        const m = parseMap(readFileSync(map, 'latin1'));
        file = scen;
        if (scen) parseScen(readFileSync(scen, 'latin1'), m);
      } catch (e) {
        message = `lockstar: ${file}:${e.message}\n`;
      }
      if (message) {
        errors++;
        assert.equal(c.status, 2, `${map} ${scen ?? ''}: exit status`);
        assert.equal(c.stdout, '', 'nothing on standard output');
        assert.equal(message, c.stderr, `${map} ${scen ?? ''}`);
      } else {
        assert.notEqual(c.stderr.startsWith(`lockstar: ${scen ?? map}:`), true, `C refused what JS read: ${c.stderr}`);
      }
    }
    assert.ok(errors >= 30, `${errors} refusals compared`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('parseScen gives the rows as written', async () => {
  const { parseScen, parseMap } = await movingaiModule();
  const m = parseMap(readFileSync(join(examplesDir, 'demo.map'), 'latin1'));
  const rows = parseScen(readFileSync(join(examplesDir, 'demo.scen'), 'latin1'), m);
  assert.ok(rows.length > 0);
  for (const r of rows) {
    assert.equal(r.width, m.width);
    assert.ok(r.sx < m.width && r.gy < m.height);
    assert.match(r.optimal, /^[0-9]+(\.[0-9]+)?$/);
  }
  assert.throws(() => parseScen('version 1\n0\tm\t3\t3\t0\t0\t1\t1\n'), (e) => e.line === 2 && /too few fields/.test(e.reason));
});
