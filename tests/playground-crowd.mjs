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
//   5. a screenshot of the mode (BUILD/playground-out/playground-crowd-*.png);
//   6. sizes and avoidance (checkSizes): units placed with a radius and a
//      priority (refused where the disc has no room), drawn as discs of
//      their radius at the board's scale (pixels inside and outside each
//      disc), a head-on pair passing through each other with avoidance
//      off (the overlap read-out non-zero and red) and back with it
//      switched on (no overlap on any later tick), the exported version 3
//      script (radius, priority, `at T avoidance on`) replayed by
//      `lockstar replay --check`: the page's tick and run digests and its
//      `check:` line, exit status 1 for the overlaps.
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
  await checkSizes({ page, check, same, cli, examples, scratch, shoot, screenshot, at, click, step });
  await page.click('#tab-playground');
}

// 6. sizes and avoidance, after a Reset (the page as the first section
// left it: speed 0.5, demo.map).
async function checkSizes({ page, check, same, cli, examples, scratch, shoot, screenshot, at, click, step }) {
  await page.check('input[name="crowd-mode"][value="place"]');
  await page.fill('#crowd-budget', '0');   // fields at once: the pair meets at tick 9
  await page.fill('#crowd-radius', '0.45');
  await page.fill('#crowd-priority', '0');
  await click(2, 3);
  await click(12, 3);
  await page.fill('#crowd-radius', '1.2');
  await page.fill('#crowd-priority', '5');
  await click(1, 1);                 // clearance 1 there: no room for the disc
  check(/needs clearance 2 \(cell 1,1 has 1\)/.test(await page.textContent('#crowd-message')),
    'crowd sizes: a disc of radius 1.2 is refused where the cell\'s clearance is 1', await page.textContent('#crowd-message'));
  await click(7, 6);
  let r = await readouts(page);
  same(r.units, '3', 'crowd sizes: three units placed (0.45, 0.45, 1.2)');

  // Discs of their radius: a pixel inside each disc has the unit's fill
  // (idle grey), one just outside the ground's colour.
  const pixels = await page.evaluate(() => {
    const c = document.querySelector('#crowd-board');
    const s = c.width / 48;
    const px = (fx, fy) => [...c.getContext('2d').getImageData(Math.floor(fx * s), Math.floor(fy * s), 1, 1).data.slice(0, 3)];
    return {
      scale: s,
      ground: px(10.5, 7.5),
      inside: [px(2.5 + 0.25, 3.5), px(12.5, 3.5 - 0.25), px(7.5 + 0.8, 6.5), px(7.5, 6.5 - 0.8)],
      outside: [px(2.5 + 0.7, 3.5), px(12.5, 3.5 + 0.7), px(7.5 + 1.5, 6.5), px(7.5 - 1.5, 6.5)],
    };
  });
  const grey = [0x6b, 0x6b, 0x6b];
  check(pixels.inside.every((p) => same3(p, grey)) && pixels.outside.every((p) => same3(p, pixels.ground)),
    `crowd sizes: discs of radius 0.45 and 1.2 cells at the board's scale (${pixels.scale} px a cell)`, JSON.stringify(pixels));

  // A head-on pair without avoidance: they pass through each other.
  await page.check('input[name="crowd-mode"][value="select"]');
  await click(2, 3);
  await click(12, 3, { button: 'right' });
  await click(12, 3);
  await click(2, 3, { button: 'right' });
  await step(30);
  r = await readouts(page);
  const red = async (name) => page.evaluate((n) => getComputedStyle(document.querySelector(`[data-crowd="${n}"]`)).color, name);
  check(/^check: 30 ticks, [1-9]\d* pair overlaps and 0 wall overlaps in \d+ ticks, first at tick \d+: agents 1 and 2$/.test(r.check),
    `crowd sizes: without avoidance the pair overlaps: ${r.check}`);
  const danger = await red('check');
  check(danger !== await page.evaluate(() => getComputedStyle(document.querySelector('[data-crowd="units"]')).color),
    `crowd sizes: the overlap read-outs are highlighted (${danger})`);
  const before = /in (\d+) ticks/.exec(r.check)[1];

  // Back with avoidance switched on at tick 30: never an overlap again.
  await page.check('#crowd-avoidance');
  await click(12, 3);
  await click(2, 3, { button: 'right' });
  await click(2, 3);
  await click(12, 3, { button: 'right' });
  await step(10);                    // the pair meeting, avoiding each other
  const shot = await shoot('playground-crowd-sizes-1280x800.png', await at(7, 6));
  if (screenshot) {
    // docs/playground.md's picture of sizes and the overlap read-outs.
    const file = screenshot.replace(/(\.png)?$/, '-crowd-sizes.png');
    copyFileSync(shot, file);
    console.log(`note screenshot copied to ${file}`);
  }

  await page.click('#crowd-play');
  await page.waitForFunction(() => Number(document.querySelector('[data-crowd="tick"]').textContent) >= 80);
  await page.click('#crowd-pause');
  r = await readouts(page);
  same(/in (\d+) ticks/.exec(r.check)?.[1], before, `crowd sizes: no overlap after avoidance was switched on (${r.tick} ticks)`);
  same(r.overlaps, '0', 'crowd sizes: the last tick\'s overlaps read 0');
  // The exported script is version 3 and replays to the page's numbers.
  await page.click('#crowd-export');
  const script = await page.inputValue('#crowd-script');
  check(script.startsWith('lockstar-replay 3\n') && /^agent 1 2,3 0\.5 radius 0\.45$/m.test(script)
    && /^agent 3 7,6 0\.5 radius 1\.2 priority 5$/m.test(script) && /^at 30 avoidance on$/m.test(script),
  'crowd sizes: the exported script has the radii, the priority and the switch (version 3)', script);
  copyFileSync(join(examples, 'demo.map'), join(scratch, 'demo.map'));
  const file = join(scratch, 'sizes.replay');
  writeFileSync(file, script, 'latin1');
  let out;
  let status = 0;
  try {
    out = cli('replay', file, '--check');
  } catch (error) {
    out = error.stdout;
    status = error.status;
  }
  const lines = out.trim().split('\n');
  same([lines[lines.length - 4], lines[lines.length - 3], lines[lines.length - 2], status],
    [`tick ${Number(r.tick) - 1} ${r.digest}`, `final ${r.run}`, r.check, 1],
    'crowd sizes: lockstar replay --check of the exported script prints the page\'s digests and check line (exit 1)');
  await page.click('#crowd-reset');
  await page.uncheck('#crowd-avoidance');
  await page.fill('#crowd-radius', '0');
  await page.fill('#crowd-priority', '0');
  await page.fill('#crowd-budget', '60');
  same((await readouts(page)).check, '–', 'crowd sizes: Reset clears the check');
}

const same3 = (a, b) => a.length === 3 && a.every((v, i) => v === b[i]);
