// SPDX-License-Identifier: MIT
// results.mjs - the result panel: what the last search gave (status,
// cost, expansions, path length, path digest, waypoints) in the words and
// number formats `lockstar path` prints, and what map it ran on; the
// search's time in this browser (search-runner.mjs says what is timed).

const DASH = '–';

export class ResultPanel {
  constructor(root) {
    this.root = root;
    this.out = (name) => root.querySelector(`[data-result="${name}"]`);
  }

  #set(name, text) {
    this.out(name).textContent = text;
  }

  clear(note = 'no search yet') {
    this.#set('status', note);
    for (const name of ['cost', 'expansions', 'length', 'digest', 'waypoints', 'time']) this.#set(name, DASH);
    this.root.dataset.state = 'idle';
  }

  // outcome: from SearchRunner (see search-runner.mjs).
  show(outcome, ls) {
    let status;
    if (outcome.error) status = `error: ${outcome.error}`;
    else if (!outcome.done) status = 'searching';
    else if (outcome.status === ls.STATUS.OK) status = 'path found';
    else status = `${outcome.statusName} (${ls.statusString(outcome.status)})`;
    this.#set('status', status);
    this.#set('expansions', outcome.expansions ?? DASH);
    const found = outcome.done && outcome.status === ls.STATUS.OK;
    this.#set('cost', found ? String(outcome.cost) : DASH);
    // As `lockstar path`: a search that gave up still has a partial path.
    const partial = outcome.done && outcome.partial ? `${DASH} (partial path: ${outcome.path.length / 2} cells)` : DASH;
    this.#set('length', found ? String(outcome.pathLength) : partial);
    this.#set('digest', outcome.done && outcome.digest ? outcome.digest : DASH);
    this.#set('waypoints', found && outcome.waypoints ? pointsText(outcome.waypoints) : DASH);
    this.#set('time', outcome.time ? timeText(outcome.time, outcome.done) : DASH);
    this.root.dataset.state = outcome.done ? 'done' : 'running';
  }

  showMap(name, digest, edited) {
    this.#set('map', edited ? `${name} (edited)` : name);
    this.#set('map-digest', digest);
  }

  // command: the `lockstar path` command, or null with why there is none.
  showCommand(command, why) {
    this.#set('command', command ?? why);
  }
}

function pointsText(points) {
  const words = [];
  for (let k = 0; k + 1 < points.length; k += 2) words.push(`${points[k]},${points[k + 1]}`);
  return words.join(' ');
}

// { ms, runs } or { ms, slices } as "0.042 ms (mean of 118 runs)" or
// "0.3 ms in 12 slices" ("so far" while a sliced search goes on). A
// sliced time is a sum of single readings of performance.now(), which
// browsers round to 0.1 ms: it is shown to that precision.
function timeText(time, done) {
  const { ms } = time;
  if (time.runs) {
    const digits = ms >= 10 ? 1 : ms >= 1 ? 2 : 3;
    const text = `${ms.toFixed(digits)} ms`;
    return time.runs > 1 ? `${text} (mean of ${time.runs} runs)` : text;
  }
  const text = ms < 0.05 ? 'under 0.1 ms' : `${ms.toFixed(1)} ms`;
  const slices = `${time.slices} slice${time.slices === 1 ? '' : 's'}`;
  return `${text} in ${slices}${done ? '' : ' so far'}`;
}
