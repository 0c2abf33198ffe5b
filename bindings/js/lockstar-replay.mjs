// SPDX-License-Identifier: MIT
// lockstar-replay.mjs - `lockstar replay` in JavaScript: a replay script
// (docs/replay.md, versions 1, 2 and 3) read with the C reader's rules and
// messages (cli/replay_read.c), its Moving AI map read by movingai.mjs,
// and the script run on the library's crowd (ls.Crowd) exactly as
// cli/replay_sim.c runs it: each tick the script's edits in script order,
// then its orders in script order, then the crowd's tick. The lines are
// the C program's, byte for byte: `tick T DIGEST` per tick, `final DIGEST`,
// with trace the `agent ID X Y CX,CY STATE [field GX,GY] [r R v VX,VY]`
// lines, and with check the two lines of `--check` (cli/replay_check.c:
// the library's ls_crowd_check_overlaps after every tick, arrivals against
// straight-line times measured by ls_world_distance).
// No dependencies beyond lockstar.mjs's instance and movingai.mjs; node
// and browsers (the caller reads the files: examples/replay.mjs in node,
// the playground in a browser).
//
//   import { load } from './lockstar.mjs';
//   import { parseReplay, startReplay } from './lockstar-replay.mjs';
//   const ls = await load();
//   const script = parseReplay(ls, scriptText, 'demo.replay');
//   const map = parseMap(mapText, { swampCost: script.swampCost });   // movingai.mjs
//   const run = startReplay(ls, script, map);
//   while (!run.done) console.log(`tick ${run.tick} ${run.step()}`);  // step() returns the digest
//   console.log(`final ${run.finalDigest()}`);
//   run.destroy();
//
// A bad script throws a ReplayError whose message is the C program's
// "FILE:LINE: reason" (without its "lockstar: " prefix).
import { CR_REASON, parseMap, parseUint, quote } from './movingai.mjs';

const MAX_WORDS = 64;
const MAX_TICKS = 10000000;
const MAX_AGENTS = 100000;
const MAX_CELL = 16383;
const UINT32_MAX = 0xffffffff;
const ID_RANGE = 'bad agent id (expected a whole number from -9223372036854775808 to 9223372036854775807):';

/** A refused script or map: message "FILE:LINE: reason" as the C program's. */
export class ReplayError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ReplayError';
  }
}

// The script's query options (cli_options_take for the nine a replay
// allows): the words of an `options` line from index i, into q.
const ALLOWED = ['--connect', '--corners', '--heuristic', '--weight', '--tie', '--straight',
  '--diagonal', '--algo', '--max-expansions'];
// The shared options in cli_options_take's order (a prefix may match an
// earlier name first, as in C).
const OPTION_NAMES = ['--connect', '--corners', '--heuristic', '--tie', '--weight', '--straight',
  '--diagonal', '--max-expansions', '--budget', '--algo', '--swamp-cost', '--context', '--grid'];
const WORDS = {
  '--connect': [{ 4: 4, 8: 8 }, '4 or 8', 'connectivity'],
  '--corners': [{ none: 0, one: 1, all: 2 }, 'none, one or all', 'cornerRule'],
  '--heuristic': [{ auto: 0, octile: 1, manhattan: 2, chebyshev: 3, zero: 4, landmarks: 7 },
    'auto, octile, manhattan, chebyshev, zero or landmarks', 'heuristic'],
  '--tie': [{ 'high-g': 0, 'low-g': 1 }, 'high-g or low-g', 'tieBreak'],
  '--algo': [{ astar: 0, jps: 1, 'jps+': 2, hpa: 3 }, 'astar, jps, jps+ or hpa', 'algorithm'],
};

function badValue(option, value, expected) {
  return `bad value '${quote(value)}' for ${option}: expected ${expected}`;
}

// One option at words[i.at]: returns an error message or null; i.at moves on.
function takeOption(ls, words, i, q) {
  let name = null;
  let v;
  for (const n of OPTION_NAMES) {
    const arg = words[i.at];
    if (!arg.startsWith(n)) continue;
    const rest = arg.slice(n.length);
    if (rest.startsWith('=')) {
      v = rest.slice(1);
      i.at += 1;
    } else if (rest === '') {
      if (i.at + 1 >= words.length) return `option ${n} needs a value`;
      v = words[i.at + 1];
      i.at += 2;
    } else {
      continue;
    }
    name = n;
    break;
  }
  if (WORDS[name]) {
    const [table, expected, key] = WORDS[name];
    if (!Object.prototype.hasOwnProperty.call(table, v)) return badValue(name, v, expected);
    q[key] = table[v];
    return null;
  }
  const number = (min, max, key) => {
    const n = parseUint(v, min, max);
    if (n === null) return badValue(name, v, `a whole number from ${min} to ${max}`);
    q[key] = n;
    return null;
  };
  switch (name) {
    case '--weight': {
      let w = null;
      try {
        w = ls.parseFix16(v);
      } catch (e) {
        if (e.name !== 'LockstarError') throw e;
      }
      if (w === null || w < ls.MIN_WEIGHT || w > ls.MAX_WEIGHT) {
        return badValue('--weight', v, 'a decimal from 1.0 to 64.0 (such as 1.5)');
      }
      q.weightFix16 = w;
      return null;
    }
    case '--straight': return number(1, ls.MAX_STEP_COST, 'straightCost');
    case '--diagonal': return number(1, 2 * ls.MAX_STEP_COST, 'diagonalCost');
    case '--max-expansions': return number(0, UINT32_MAX, 'maxExpansions');
    default: return null; // not reached: the line's words are checked against ALLOWED first
  }
}

// A signed decimal that fits int64 (optional '-', digits), or null.
function parseId(text) {
  if (!/^-?[0-9]+$/.test(text)) return null;
  const v = BigInt(text);
  return v >= -0x8000000000000000n && v <= 0x7fffffffffffffffn ? v : null;
}

// X,Y: whole numbers below 16384 (cli_parse_point), or null.
function parsePoint(text) {
  const comma = text.indexOf(',');
  if (comma < 0) return null;
  const x = parseUint(text.slice(0, comma), 0, MAX_CELL);
  const y = parseUint(text.slice(comma + 1), 0, MAX_CELL);
  return x === null || y === null ? null : { x, y };
}

class Reader {
  constructor(ls, name) {
    this.ls = ls;
    this.name = name;
    this.line = 0;
    this.seen = {};
    this.ids = new Map(); // id -> the agent's line
    this.s = {
      version: 0, mapPath: null, mapLine: 0, cellSize: 0x10000, swampCost: 1,
      options: { straightCost: 10, diagonalCost: 14 }, budget: 0, avoidance: false, agents: [],
      events: [], ticks: 0,
    };
  }
  fail(what) { throw new ReplayError(`${this.name}:${this.line}: ${what}`); }
  badWord(what, text) { this.fail(`${what} '${quote(text)}'`); }
  want(w, n, usage) {
    if (w.length !== n) this.fail(`'${w[0]}' takes ${n - 1} value${n === 2 ? '' : 's'}: ${usage}`);
  }
  once(key) {
    if (this.seen[key]) this.fail(`a second '${key}' line (the first is line ${this.seen[key]})`);
    this.seen[key] = this.line;
  }
  cell(text) {
    const p = parsePoint(text);
    if (!p) this.badWord('bad cell (expected X,Y: whole numbers below 16384):', text);
    return p;
  }
  cost(text) {
    const v = parseUint(text, 0, 255);
    if (v === null) this.badWord('bad cost (expected 0 to 255, 0 = blocked):', text);
    return v;
  }
  length(text, what) {
    let v = 0;
    try {
      v = this.ls.parseFix16(text);
    } catch (e) {
      if (e.name !== 'LockstarError') throw e;
    }
    if (v <= 0) this.badWord(`bad ${what} (expected a decimal above 0, at most 32767.99998):`, text);
    return v;
  }
  id(text) {
    const v = parseId(text);
    if (v === null) this.badWord(ID_RANGE, text);
    return v;
  }
  declared(text) {
    const v = this.id(text);
    if (!this.ids.has(v)) this.badWord('no agent with this id is declared before this line:', text);
    return v;
  }

  // Words of one line (spaces and tabs; '#' starts a comment word).
  split(text) {
    const w = [];
    let p = 0;
    for (;;) {
      while (text[p] === ' ' || text[p] === '\t') p++;
      if (p >= text.length || text[p] === '#') return w;
      if (w.length === MAX_WORDS) this.fail('too many words on one line (at most 64)');
      const start = p;
      while (p < text.length && text[p] !== ' ' && text[p] !== '\t') {
        const c = text.charCodeAt(p);
        if (c === 13) this.fail(CR_REASON);
        if (c < 0x20 || c === 0x7f) this.fail('a control byte in the line');
        p++;
      }
      w.push(text.slice(start, p));
    }
  }

  options(w) {
    const i = { at: 1 };
    while (i.at < w.length) {
      const word = w[i.at];
      const ok = ALLOWED.some((n) => word.startsWith(n) && (word.length === n.length || word[n.length] === '='));
      if (!ok) {
        this.badWord('not a query option of a replay (--connect, --corners, --heuristic, --weight, '
          + '--tie, --straight, --diagonal, --algo, --max-expansions):', word);
      }
      const e = takeOption(this.ls, w, i, this.s.options);
      if (e) this.fail(e);
    }
    const { straightCost: s, diagonalCost: d } = this.s.options;
    if (d < s || d > 2 * s) {
      this.fail(`step costs must satisfy straight <= diagonal <= 2 * straight (got --straight ${s} --diagonal ${d})`);
    }
    // A crowd's grid holds no jump, hierarchy or landmark tables (replay_read.c).
    const { algorithm: a, heuristic: h } = this.s.options;
    if (a === 2 || a === 3 || h === 7) {
      this.fail('--algo jps+, --algo hpa and --heuristic landmarks are not served by replays (a crowd\'s grid holds no tables)');
    }
  }

  // "'WORD' needs 'lockstar-replay 3'": what version 3 added, in an older script.
  needsV3(word) {
    this.fail(`'${word}' needs 'lockstar-replay 3' (this script says 'lockstar-replay ${this.s.version}')`);
  }
  onOff(text) {
    if (text !== 'on' && text !== 'off') this.badWord('bad avoidance setting (expected on or off):', text);
    return text === 'on';
  }
  // Version 3's "radius R" and "priority P" after the speed, in either
  // order, each at most once (cli/replay_read.c read_body). Whether the
  // radius fits the cell size is the library's answer (startReplay).
  body(w, a) {
    const seen = {};
    for (let k = 4; k + 1 < w.length; k += 2) {
      const key = w[k];
      const value = w[k + 1];
      if (key !== 'radius' && key !== 'priority') this.badWord('unknown agent setting (expected radius or priority):', key);
      if (seen[key]) this.fail(`'${key}' is given twice on one line`);
      seen[key] = true;
      if (key === 'radius') {
        let v = -1;
        try {
          v = this.ls.parseFix16(value);
        } catch (e) {
          if (e.name !== 'LockstarError') throw e;
        }
        if (v < 0 || v > this.ls.CROWD_MAX_RADIUS) this.badWord('bad radius (expected a decimal from 0 to 64):', value);
        a.radius = v;
      } else {
        const v = parseUint(value, 0, this.ls.CROWD_MAX_PRIORITY);
        if (v === null) this.badWord('bad priority (expected a whole number from 0 to 99):', value);
        a.priority = v;
      }
    }
  }

  agent(w) {
    const v3 = this.s.version >= 3;
    if (!v3 && w.length > 4 && (w[4] === 'radius' || w[4] === 'priority')) this.needsV3(w[4]);
    if (!v3) {
      this.want(w, 4, 'agent ID X,Y SPEED');
    } else if (w.length !== 4 && w.length !== 6 && w.length !== 8) {
      this.fail("'agent' takes 3 values, then 'radius R' and 'priority P' if wanted: agent ID X,Y SPEED [radius R] [priority P]");
    }
    const id = this.id(w[1]);
    if (this.ids.has(id)) this.fail(`agent ${w[1]} is declared twice (first at line ${this.ids.get(id)})`);
    if (this.s.agents.length === MAX_AGENTS) this.fail('too many agents (at most 100000)');
    const { x, y } = this.cell(w[2]);
    const speed = this.length(w[3], 'speed');
    const a = { id, x, y, speed, radius: 0, priority: 0, line: this.line };
    this.body(w, a);
    this.s.agents.push(a);
    this.ids.set(id, this.line);
  }

  event(w) {
    if (w.length < 3) {
      this.fail("'at' needs a tick and an order: at T move ID X,Y, at T set X,Y COST or at T rect X,Y W,H COST");
    }
    const tick = parseUint(w[1], 0, MAX_TICKS - 1);
    if (tick === null) this.badWord('bad tick (expected a whole number below 10000000):', w[1]);
    const events = this.s.events;
    const last = events[events.length - 1];
    if (last && tick < last.tick) {
      this.fail(`tick ${tick} comes after tick ${last.tick} (line ${last.line}): 'at' lines must be in tick order`);
    }
    const e = { tick, kind: w[2], line: this.line, x: 0, y: 0, w: 0, h: 0 };
    switch (w[2]) {
      case 'move':
        this.want(w, 5, 'at T move ID X,Y');
        e.agent = this.declared(w[3]);
        Object.assign(e, this.cell(w[4]));
        break;
      case 'set':
        this.want(w, 5, 'at T set X,Y COST');
        Object.assign(e, this.cell(w[3]), { w: 1, h: 1 });
        e.cost = this.cost(w[4]);
        break;
      case 'rect': {
        this.want(w, 6, 'at T rect X,Y W,H COST');
        Object.assign(e, this.cell(w[3]));
        const size = parsePoint(w[4]);
        if (!size || size.x < 1 || size.y < 1) {
          this.badWord('bad rectangle size (expected W,H: whole numbers from 1 to 16383):', w[4]);
        }
        e.w = size.x;
        e.h = size.y;
        e.cost = this.cost(w[5]);
        break;
      }
      case 'group': {
        if (this.s.version < 2) {
          this.fail("'group' orders need 'lockstar-replay 2' (this script says 'lockstar-replay 1')");
        }
        if (w.length < 5) this.fail("'group' takes a goal and at least one agent: at T group X,Y ID [ID ...]");
        Object.assign(e, this.cell(w[3]));
        e.ids = BigInt64Array.from(w.slice(4), (t) => this.declared(t));
        break;
      }
      case 'avoidance':
        if (this.s.version < 3) this.needsV3('avoidance');
        this.want(w, 4, 'at T avoidance on|off');
        e.on = this.onOff(w[3]);
        break;
      default:
        this.badWord(this.s.version >= 3 ? 'unknown order (expected move, group, set, rect or avoidance):'
          : this.s.version >= 2 ? 'unknown order (expected move, group, set or rect):'
            : 'unknown order (expected move, set or rect):', w[2]);
    }
    events.push(e);
  }

  number(w, key, usage, min, max, message) {
    this.want(w, 2, usage);
    this.once(key);
    const v = parseUint(w[1], min, max);
    if (v === null) this.badWord(message, w[1]);
    return v;
  }

  read(w) {
    const key = w[0];
    const s = this.s;
    if (!this.seen.version) {
      if (key !== 'lockstar-replay') this.fail("a replay script starts with 'lockstar-replay 1'");
      if (w.length !== 2 || (w[1] !== '1' && w[1] !== '2' && w[1] !== '3')) {
        this.fail("unsupported replay version (this lockstar reads 'lockstar-replay 1', 'lockstar-replay 2' and 'lockstar-replay 3')");
      }
      s.version = Number(w[1]);
      this.seen.version = this.line;
      return;
    }
    switch (key) {
      case 'map':
        this.want(w, 2, 'map FILE');
        this.once('map');
        s.mapPath = w[1];
        s.mapLine = this.line;
        return;
      case 'cell':
        this.want(w, 2, 'cell SIZE');
        this.once('cell');
        s.cellSize = this.length(w[1], 'cell size');
        return;
      case 'swamp-cost':
        s.swampCost = this.number(w, 'swamp-cost', 'swamp-cost N', 1, 255, 'bad swamp cost (expected 1 to 255):');
        return;
      case 'options': this.options(w); return;
      case 'budget':
        s.budget = this.number(w, 'budget', 'budget E', 0, UINT32_MAX,
          'bad budget (expected a whole number from 0 to 4294967295, 0 = no limit):');
        return;
      case 'avoidance':
        if (s.version < 3) this.needsV3('avoidance');
        this.want(w, 2, 'avoidance on|off');
        this.once('avoidance');
        s.avoidance = this.onOff(w[1]);
        return;
      case 'agent': this.agent(w); return;
      case 'at': this.event(w); return;
      case 'ticks':
        s.ticks = this.number(w, 'ticks', 'ticks N', 0, MAX_TICKS, 'bad tick count (expected 0 to 10000000):');
        return;
      case 'lockstar-replay': this.fail("a second 'lockstar-replay' line"); return;
      default: this.badWord('unknown command:', key);
    }
  }

  end() {
    const s = this.s;
    if (!this.seen.version) throw new ReplayError(`${this.name}: empty script (it starts with 'lockstar-replay 1')`);
    if (!this.seen.map) throw new ReplayError(`${this.name}: no 'map FILE' line`);
    if (!this.seen.ticks) throw new ReplayError(`${this.name}: no 'ticks N' line`);
    for (const e of s.events) {
      if (e.tick >= s.ticks) {
        throw new ReplayError(`${this.name}:${e.line}: tick ${e.tick} is not run (ticks ${s.ticks} runs ticks 0 to ${s.ticks - 1}, line ${this.seen.ticks})`);
      }
    }
    return s;
  }
}

/**
 * Read a replay script (text as read byte for byte: node's 'latin1').
 * Returns { version, mapPath, mapLine, cellSize, swampCost, options,
 * budget, avoidance, agents: [{ id, x, y, speed, radius, priority, line }],
 * events: [{ tick, kind ('move' | 'set' | 'rect' | 'group' | 'avoidance'),
 * line, x, y, w, h, cost, agent, ids, on }], ticks }; throws ReplayError
 * "NAME:LINE: reason".
 */
export function parseReplay(ls, text, name = '(replay)') {
  if (typeof text !== 'string') throw new TypeError('parseReplay: text must be a string');
  const r = new Reader(ls, name);
  let pos = 0;
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    let stop = end;
    if (stop > pos && text.charCodeAt(stop - 1) === 13) stop--;
    const line = text.slice(pos, stop);
    pos = end + 1;
    r.line++;
    if (line.includes('\0')) r.fail('a NUL byte in the line');
    const w = r.split(line);
    if (w.length > 0) r.read(w);
  }
  return r.end();
}

/** The field slots a script's crowd gets: one per distinct group goal, at most 64. */
export function fieldsNeeded(script) {
  const goals = new Set();
  for (const e of script.events) {
    if (goals.size >= 64) break;
    if (e.kind === 'group') goals.add(`${e.x},${e.y}`);
  }
  return goals.size;
}

// cli_replay_check_map: agents and goals inside the map, agents not on
// blocked cells.
function checkMap(name, script, map) {
  const { width, height, cells } = map;
  const outside = (x, y, w, h) => x >= width || y >= height || w > width - x || h > height - y;
  for (const a of script.agents) {
    if (outside(a.x, a.y, 1, 1)) {
      throw new ReplayError(`${name}:${a.line}: agent starts at ${a.x},${a.y}, outside the ${width}x${height} map`);
    }
    if (cells[a.y * width + a.x] === 0) {
      throw new ReplayError(`${name}:${a.line}: agent starts on a blocked cell ${a.x},${a.y}`);
    }
  }
  for (const e of script.events) {
    if (e.kind === 'avoidance') continue; // no cell
    if (outside(e.x, e.y, e.w || 1, e.h || 1)) {
      const what = e.kind === 'move' || e.kind === 'group' ? 'goal' : e.kind === 'set' ? 'cell' : 'rectangle at';
      throw new ReplayError(`${name}:${e.line}: ${what} ${e.x},${e.y}${e.kind === 'rect' ? ' (with its size)' : ''} is outside the ${width}x${height} map`);
    }
  }
}

/** The crowd configuration cli/replay_sim.c gives a script's crowd. */
export function replayCrowdConfig(script, width, height, options = {}) {
  const cells = width * height;
  const capacity = script.agents.length || 1;
  return {
    width, height, capacity,
    // room for every agent's path across the map, up to a million points
    pathPoints: cells <= Math.floor((1 << 20) / capacity) ? cells * capacity : 1 << 20,
    growPaths: true,
    cellSize: script.cellSize,
    options: { ...script.options },
    budget: options.budget ?? script.budget,
    threads: options.threads ?? 1,
    maxFields: fieldsNeeded(script),
    avoidance: Boolean(script.avoidance),
  };
}

/** Whether --trace adds ' r R v VX,VY' (cli_replay_shows_bodies): a version
 * 3 script that turns avoidance on anywhere or gives an agent a radius. */
export function showsBodies(script) {
  if (script.version < 3) return false;
  return Boolean(script.avoidance) || script.agents.some((a) => a.radius > 0)
    || script.events.some((e) => e.kind === 'avoidance' && e.on);
}

/**
 * Start a script on map ({ width, height, cells }: movingai.mjs parseMap's
 * answer for the script's map with its swampCost). options: budget
 * (overrides the script's), threads (accepted, as --threads: the same
 * lines), name (for messages). Returns a run: { grid, crowd, tick (the
 * next tick's number), done, step() (runs one tick and returns its
 * digest), trace() (the --trace lines of the last tick), finalDigest(),
 * destroy() }.
 */
export function startReplay(ls, script, map, options = {}) {
  const name = options.name ?? '(replay)';
  checkMap(name, script, map);
  const grid = ls.createGrid(map.width, map.height);
  let crowd = null;
  try {
    grid.load(map.cells);
    crowd = new ls.Crowd(replayCrowdConfig(script, map.width, map.height, options));
    for (const a of script.agents) {
      try {
        crowd.add(a.id, a.x, a.y, a.speed);
      } catch (e) {
        if (e.status === ls.STATUS.ERR_WORLD_RANGE) {
          throw new ReplayError(`${name}:${a.line}: agent at ${a.x},${a.y}: ${e.statusName} (${ls.statusString(e.status)}): the cell size puts it outside fix16's range`);
        }
        throw e;
      }
      // Only version 3 agents have a body; the others stay as added.
      if (!a.radius && !a.priority) continue;
      try {
        crowd.setBody(a.id, a.radius, a.priority);
      } catch (e) {
        if (e.status === ls.STATUS.ERR_BAD_RADIUS) {
          throw new ReplayError(`${name}:${a.line}: the radius is too large for the cell size: its clearance class would be above ${ls.CLEARANCE_MAX} (${e.statusName})`);
        }
        throw e;
      }
    }
  } catch (e) {
    if (crowd) crowd.destroy();
    grid.destroy();
    throw e;
  }
  const events = script.events;
  const bodies = showsBodies(script);
  let next = 0;
  const run = {
    grid, crowd, tick: 0, done: script.ticks === 0,
    step() {
      const t = run.tick;
      // The tick's edits, in script order, then its orders, in script order.
      for (let k = next; k < events.length && events[k].tick === t; k++) {
        const e = events[k];
        if (e.kind === 'set') grid.set(e.x, e.y, e.cost);
        else if (e.kind === 'rect') grid.setRect(e.x, e.y, e.w, e.h, e.cost);
      }
      for (; next < events.length && events[next].tick === t; next++) {
        const e = events[next];
        if (e.kind === 'move') crowd.order(e.agent, e.x, e.y);
        else if (e.kind === 'group') crowd.orderGroup(e.ids, e.x, e.y);
        else if (e.kind === 'avoidance') crowd.setAvoidance(e.on);
      }
      crowd.tick(grid);
      run.tick = t + 1;
      run.done = run.tick >= script.ticks;
      return crowd.tickDigest();
    },
    trace() {
      return crowd.agents().map((a) => `agent ${a.id} ${a.x} ${a.y} ${a.cellX},${a.cellY} ${a.state}`
        + (a.onField ? ` field ${a.goalX},${a.goalY}` : '')
        + (bodies ? ` r ${a.radius} v ${a.vx},${a.vy}` : ''));
    },
    finalDigest() { return crowd.runDigest(); },
    destroy() {
      crowd.destroy();
      grid.destroy();
    },
  };
  return run;
}

/**
 * `--check` (cli/replay_check.c) on a run just started: before() ahead of
 * each step() (the tick's orders: each ordered agent's straight-line time
 * from where it stands, ls_world_distance to its goal's centre), after()
 * behind it (ls_crowd_check_overlaps, and who is arrived), then lines():
 * { text: the two lines after `final`, overlapped }. Counting only: the
 * overlaps and arrivals are the library's answers.
 */
export function startCheck(ls, script, run) {
  const { crowd, grid } = run;
  const ids = crowd.agents().map((a) => a.id);
  const index = new Map(ids.map((id, k) => [id, k]));
  const agents = ids.map(() => ({ ordered: false, arrived: false, straight: 1, orderTick: 0, arrivalTick: 0 }));
  const world = { originX: 0, originY: 0, cellSize: script.cellSize };
  const states = new Uint8Array(ids.length || 1);
  const events = script.events;
  let next = 0;
  const c = { ticks: 0, pairs: 0, walls: 0, overlapTicks: 0, first: null, firstTick: 0 };
  const ordered = (id, gx, gy) => {
    const k = index.get(id);
    if (k === undefined) return;
    const a = crowd.get(id);
    const centre = ls.worldCellCenter(world, gx, gy);
    const length = ls.worldDistance(a.x, a.y, centre.x, centre.y);
    // ceil(length / speed) ticks on the raw values, at least 1.
    const ticks = Math.floor((length + a.speed - 1) / a.speed);
    Object.assign(agents[k], { ordered: true, arrived: false, straight: ticks > 0 ? ticks : 1, orderTick: run.tick });
  };
  return {
    before() {
      while (next < events.length && events[next].tick < run.tick) next++;
      for (let k = next; k < events.length && events[k].tick === run.tick; k++) {
        const e = events[k];
        if (e.kind === 'move') ordered(e.agent, e.x, e.y);
        else if (e.kind === 'group') for (const id of e.ids) ordered(id, e.x, e.y);
      }
    },
    after() {
      const tick = run.tick - 1;
      const o = crowd.checkOverlaps(grid);
      c.ticks++;
      c.pairs += o.pairs;
      c.walls += o.walls;
      if (o.pairs > 0 || o.walls > 0) {
        c.overlapTicks++;
        if (c.first === null) {
          c.first = o;
          c.firstTick = tick;
        }
      }
      crowd.states(states);
      agents.forEach((a, k) => {
        if (a.ordered && !a.arrived && ls.CROWD_STATES[states[k]] === 'arrived') {
          a.arrived = true;
          a.arrivalTick = tick;
        }
      });
    },
    lines() {
      let text;
      if (c.first === null) {
        text = `check: ${c.ticks} ticks, 0 overlaps\n`;
      } else {
        const o = c.first;
        text = `check: ${c.ticks} ticks, ${c.pairs} pair overlaps and ${c.walls} wall overlaps in ${c.overlapTicks} ticks, first at tick ${c.firstTick}: `
          + (o.pairs > 0 ? `agents ${o.pairA} and ${o.pairB}\n` : `agent ${o.wallAgent} and cell ${o.wallCell.x},${o.wallCell.y}\n`);
      }
      let orderedCount = 0;
      let arrived = 0;
      let within = 0;
      let worst = 0; // the worst ratio times 100, rounded up
      for (const a of agents) {
        if (!a.ordered) continue;
        orderedCount++;
        if (!a.arrived) continue;
        arrived++;
        const travel = a.arrivalTick - a.orderTick + 1;
        if (travel <= 3 * a.straight) within++;
        worst = Math.max(worst, Math.floor((travel * 100 + a.straight - 1) / a.straight));
      }
      text += `arrived: ${arrived} of ${orderedCount} agents ordered, within 3x straight-line time: ${within}`
        + (arrived > 0 ? ` (worst ratio ${Math.floor(worst / 100)}.${String(worst % 100).padStart(2, '0')})\n` : ' (worst ratio -)\n');
      return { text, overlapped: c.first !== null };
    },
  };
}

/**
 * The whole output of `lockstar replay` for a script and its map's text,
 * with whether --check found an overlap (the C program's exit status 1):
 * { text, overlapped }. options as replayText's, and check.
 */
export function replayOutput(ls, script, mapText, options = {}) {
  const name = options.name ?? '(replay)';
  let map;
  try {
    map = parseMap(mapText, { swampCost: script.swampCost });
  } catch (e) {
    if (e.line === undefined) throw e;
    throw new ReplayError(`${name}:${script.mapLine}: ${options.mapName ?? script.mapPath}:${e.message}`);
  }
  const run = startReplay(ls, script, map, options);
  try {
    const check = options.check ? startCheck(ls, script, run) : null;
    let text = '';
    while (!run.done) {
      const t = run.tick;
      if (check) check.before();
      const digest = run.step();
      if (check) check.after();
      text += `tick ${t} ${digest}\n`;
      if (options.trace) text += `${run.trace().join('\n')}${run.crowd.count() ? '\n' : ''}`;
    }
    text += `final ${run.finalDigest()}\n`;
    if (!check) return { text, overlapped: false };
    const lines = check.lines();
    return { text: text + lines.text, overlapped: lines.overlapped };
  } finally {
    run.destroy();
  }
}

/**
 * The whole output of `lockstar replay` for a script and its map's text:
 * `tick T DIGEST` lines (with options.trace, each followed by its agent
 * lines), `final DIGEST`, and with options.check the two lines of
 * --check, each ending in '\n'. options: budget, threads, trace, check,
 * name, mapName (for the map's messages).
 */
export function replayText(ls, script, mapText, options = {}) {
  return replayOutput(ls, script, mapText, options).text;
}
