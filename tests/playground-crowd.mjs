// SPDX-License-Identifier: MIT
// playground-crowd.mjs - the playground's Crowd mode (web/js/crowd-tab.mjs)
// driven in headless Chromium by tests/playground.mjs, against `lockstar`:
//   1. units placed by clicks and by a drag (one per passable cell of the
//      line), a click selecting one unit, a box selecting many;
//   2. two groups sent with the right button (one before the first tick,
//      one after some), cells painted (Wall, Ground) under moving units,
//      ticks stepped, played and paused; the board, the tick
//      buttons and the digests in view together, the page not scrolling;
//   3. the read-out of a hovered cell gives the field's cost to the last
//      group's goal: the cost `lockstar path` finds from that cell on the
//      map file with the painted cells;
//   4. "Export script" gives a replay script whose `lockstar replay` prints
//      the page's last tick digest, its run digest as `final`, and as many
//      tick lines as the page ran ticks;
//   5. a screenshot of the mode (BUILD/playground-out/playground-crowd-*.png).
// Exports checkCrowd(t), t holding the page and the helpers of
// playground.mjs: { page, check, same, cli, examples, scratch, shoot,
// screenshot (the --screenshot FILE: the tab's goes to FILE-crowd.png) }.

import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The page point at the centre of cell (x, y) of the crowd's board
// (demo.map: 48 cells wide, 24 high), as the page maps points to cells.
async function cellPoint(page, x, y) {
  const box = await page.locator('#crowd-board').boundingBox();
  return { x: box.x + ((x + 0.5) * box.width) / 48, y: box.y + ((y + 0.5) * box.height) / 24 };
}

const readouts = (page) => page.evaluate(() => Object.fromEntries(
  [...document.querySelectorAll('[data-crowd]')].map((el) => [el.dataset.crowd, el.textContent.trim()])));

export async function checkCrowd({ page, check, same, cli, examples, scratch, shoot, screenshot }) {
  await page.click('#tab-crowd');
  await page.waitForFunction(() => document.querySelector('#crowd-board').width > 48);
  const at = (x, y) => cellPoint(page, x, y);
  const click = async (x, y, options) => {
    const p = await at(x, y);
    await page.mouse.click(p.x, p.y, options);
  };
  const drag = async (from, to) => {
    const a = await at(...from);
    const b = await at(...to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 6 });
    await page.mouse.up();
  };
  const step = async (n) => {
    for (let i = 0; i < n; i++) await page.click('#crowd-step');
  };

  // 1. placing and selecting (demo.map: rows 2 and 4 open from x 1 to 13,
  // row 16 from x 1 to 14).
  await page.check('input[name="crowd-mode"][value="place"]');
  await click(2, 2);
  await click(3, 2);
  await click(3, 2);                 // a cell holds one unit
  await drag([2, 4], [8, 4]);        // seven units
  await drag([2, 16], [6, 16]);      // five more
  let r = await readouts(page);
  same([r.units, r.selected], ['14', '14'], 'crowd: 14 units placed by clicks and drags, each selected as placed');
  await page.check('input[name="crowd-mode"][value="select"]');
  await click(3, 2);
  same((await readouts(page)).selected, '1', 'crowd: a click selects the one unit under it');
  const box = async (from, to) => {
    const a = await at(...from);
    const b = await at(...to);
    await page.mouse.move(a.x - 10, a.y - 10);
    await page.mouse.down();
    await page.mouse.move(b.x + 10, b.y + 10, { steps: 4 });
    await page.mouse.up();
  };
  await box([2, 2], [8, 4]);
  same((await readouts(page)).selected, '9', 'crowd: a box selects the 9 units of rows 2 and 4');

  // 2. two groups, ticks stepped and played
  await click(46, 22, { button: 'right' });
  await step(3);
  await box([2, 16], [6, 16]);
  same((await readouts(page)).selected, '5', 'crowd: a box selects the 5 units of row 16');
  await click(40, 2, { button: 'right' });
  await step(2);
  // Edits under the units: the gap in the wall of row 9 walled up, a cell
  // of the long wall of row 13 opened.
  await page.check('input[name="crowd-mode"][value="wall"]');
  await drag([6, 9], [7, 9]);
  await page.check('input[name="crowd-mode"][value="ground"]');
  await click(20, 13);
  await page.check('input[name="crowd-mode"][value="select"]');
  await step(1);
  await page.click('#crowd-play');
  await page.waitForFunction(() => Number(document.querySelector('[data-crowd="tick"]').textContent) >= 30);
  await page.click('#crowd-pause');
  await step(1);
  r = await readouts(page);
  check(/^[0-9a-f]{16}$/.test(r.digest) && /^[0-9a-f]{16}$/.test(r.run) && Number(r.tick) >= 31,
    `crowd: ${r.tick} ticks run, tick digest ${r.digest}, states ${r.states}, field ${r.field}`);
  same(r.field, '40,2', 'crowd: the field drawn is the last group\'s');

  // The board, the tick buttons and the digests in view together, the
  // page not scrolling (at the 1280x800 the test runs).
  const view = await page.evaluate(() => {
    const named = { board: '#crowd-board', Play: '#crowd-play', Pause: '#crowd-pause', Step: '#crowd-step',
      'Export script': '#crowd-export', 'tick digest': '[data-crowd="digest"]', 'run digest': '[data-crowd="run"]' };
    const outside = Object.entries(named).filter(([, selector]) => {
      const r = document.querySelector(selector).getBoundingClientRect();
      return r.right <= r.left || r.bottom <= r.top || r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight;
    }).map(([name]) => name);
    return { outside, scrolls: document.scrollingElement.scrollHeight > innerHeight, size: `${innerWidth}x${innerHeight}` };
  });
  check(view.outside.length === 0 && !view.scrolls,
    `crowd: board, tick buttons and digests in the ${view.size} view, the page not scrolling`, JSON.stringify(view));

  // 3. the field's cost at a cell is the CLI's path cost from it, on the
  // map as painted
  const demo = join(examples, 'demo.map');
  const rows = readFileSync(demo, 'latin1').split('\n');
  const first = rows.indexOf('map') + 1;
  const put = (x, y, symbol) => {
    rows[first + y] = rows[first + y].slice(0, x) + symbol + rows[first + y].slice(x + 1);
  };
  put(6, 9, '@');
  put(7, 9, '@');
  put(20, 13, '.');
  const painted = join(scratch, 'painted.map');
  writeFileSync(painted, rows.join('\n'), 'latin1');
  for (const [x, y] of [[30, 20], [20, 14], [10, 20], [44, 16]]) {
    const p = await at(x, y);
    await page.mouse.move(p.x, p.y);
    const info = await page.textContent('#crowd-info');
    const m = /field cost to 40,2: (\d+)/.exec(info);
    const report = cli('path', painted, '--from', `${x},${y}`, '--to', '40,2', '--swamp-cost', '4');
    const cost = /^cost: (\d+)/m.exec(report);
    same(m && m[1], cost && cost[1], `crowd: the field's cost at ${x},${y} is lockstar path's cost to 40,2`);
  }

  // 4. the exported script replays to the page's digests
  await page.click('#crowd-export');
  const script = await page.inputValue('#crowd-script');
  check(script.startsWith('lockstar-replay 2\n') && /^at 0 group 46,22 /m.test(script) && /^at 3 group 40,2 /m.test(script),
    'crowd: the exported script has both group orders at their ticks', script);
  check(/^at 5 set 6,9 0\nat 5 set 7,9 0\nat 5 set 20,13 1$/m.test(script),
    'crowd: the exported script has the painted cells as edits at their tick', script);
  check(await page.isVisible('#crowd-download'), 'crowd: the script can be downloaded');
  copyFileSync(demo, join(scratch, 'demo.map'));
  const file = join(scratch, 'crowd.replay');
  writeFileSync(file, script, 'latin1');
  const lines = cli('replay', file).trim().split('\n');
  const last = lines[lines.length - 2];
  same([last, lines[lines.length - 1], lines.length - 1],
    [`tick ${Number(r.tick) - 1} ${r.digest}`, `final ${r.run}`, Number(r.tick)],
    'crowd: lockstar replay of the exported script prints the page\'s tick and run digests');

  // 5. screenshots: the field's colours and arrows, the units
  const shot = await shoot('playground-crowd-1280x800.png', await at(30, 20));
  if (screenshot) {
    // docs/playground.md's picture of the tab, beside the page's own.
    const file = screenshot.replace(/(\.png)?$/, '-crowd.png');
    copyFileSync(shot, file);
    console.log(`note screenshot copied to ${file}`);
  }
  await page.click('#crowd-reset');
  same((await readouts(page)).units, '0', 'crowd: Reset clears the units');
  await page.click('#tab-playground');
}
