// SPDX-License-Identifier: MIT
// scriptrun.mjs - running the golden scripts (format version 2: queue,
// batch, edits, path checks, world frames, line of sight, smoothing,
// agents, flow fields) through lockstar.mjs, every line compared as tools/
// vecfile_script_run.c does in C; each difference one line
// "FILE:LINE: script ID (what): field: expected X, got Y". Not done here:
// smoothing a copy in place (the JS API never smooths in place) and the
// batch's one-worker comparison (wasm has no threads: every batch already
// runs on one).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseVecFile, parsePoints, applyOption, libraryQuery, OPTION_KEYS } from './vecfile.mjs';
import { mapCells, buildGrid, statusOf, Report, pointsText } from './vecrun.mjs';
import { fnv1a64 } from './mapgen.mjs';

const RESULT_KEYS = new Set(['cost', 'expansions', 'length', 'digest', 'first', 'reason', 'changed',
  'clear', 'count', 'at', 'cell', 'state', 'target', 'travelled', 'pending', 'end', 'slices', 'direction']);
const NULL_ARGUMENT = -1;

// "-> N NAME key values ..." into { status, name, fields: { key: [values] } }.
function parseExpected(tokens) {
  const out = { status: Number(tokens[0]), name: tokens[1], fields: {} };
  let key = null;
  for (const t of tokens.slice(2)) {
    if (RESULT_KEYS.has(t) && !(key === 'count' && out.fields.count.length === 0)) {
      key = t;
      out.fields[key] = [];
    } else {
      out.fields[key].push(t);
    }
  }
  return out;
}

function split(op) {
  const i = op.tokens.indexOf('->');
  if (i < 0) return { left: op.tokens, right: null };
  return { left: op.tokens, right: op.tokens.slice(i + 1), args: op.tokens.slice(1, i) };
}

class ScriptRun {
  constructor(ls, rep, file, script, map, cells) {
    this.ls = ls;
    this.rep = rep;
    this.file = file;
    this.s = script;
    this.w = map.width;
    this.h = map.height;
    this.grid = buildGrid(ls, map, cells);
    this.query = {};
    this.queue = null;
    this.held = [];
    this.frame = { originX: 0, originY: 0, cellSize: 65536 };
    this.agent = ls.createAgent();
  }
  diff(line, what, field, expected, got) {
    if (String(expected) !== String(got)) {
      this.rep.diffs.push(`${this.file}:${line}: script ${this.s.id} (${what}): ${field}: expected ${expected}, got ${got}`);
    }
  }
  status(line, what, expected, got) {
    this.diff(line, what, 'status', `${expected.status} ${expected.name}`, `${got} ${this.ls.statusName(got)}`);
  }
  q(sx, sy, gx, gy) {
    return { ...libraryQuery(this.query), startX: sx, startY: sy, goalX: gx, goalY: gy };
  }
  destroy() {
    this.grid.destroy();
    if (this.queue) this.queue.destroy();
    if (this.flow) this.flow.destroy();
    this.agent.destroy();
  }

  run(batches) {
    const ops = this.s.ops;
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i];
      const key = op.tokens[0];
      if (OPTION_KEYS.includes(key)) {
        applyOption(this.query, key, op.tokens.slice(1), this.file, op.line);
        if (key === 'weight') {
          this.diff(op.line, 'file', 'weight text parsed', this.query.weightFix16,
            statusOf(() => this.ls.parseFix16(this.query.weightText)).value);
        }
        continue;
      }
      if (key === 'tick') i = this.tick(i);
      else if (key === 'batch') i = this.batch(i, batches);
      else this.op(op, key);
    }
  }

  tick(i) {
    const ops = this.s.ops;
    const op = ops[i];
    const { args, right } = split(op);
    const st = this.queue.tick(this.grid, Number(args[0]));
    this.diff(op.line, 'tick', 'status', '0 LS_OK', `${st} ${this.ls.statusName(st)}`);
    this.diff(op.line, 'tick', 'pending', right[1], this.queue.pending());
    let want = 0;
    while (i + 1 + want < ops.length && ops[i + 1 + want].tokens[0] === 'finished') want++;
    let done = 0;
    for (const h of this.held) {
      if (h.finished) continue;
      const qs = this.queue.status(h.id);
      if (qs === this.ls.STATUS.IN_PROGRESS) continue;
      h.finished = true;
      if (done >= want) {
        done++;
        continue;
      }
      const fo = ops[i + 1 + done++];
      const t = fo.tokens;
      const what = `finished ${t[1]}`;
      if (BigInt(t[1]) !== h.id) {
        this.diff(fo.line, what, 'id (submission order)', t[1], h.id);
        continue;
      }
      const exp = parseExpected(t.slice(2));
      this.status(fo.line, what, exp, qs);
      if (exp.fields.cost && qs === exp.status) {
        const r = this.queue.result(h.id);
        const poolFull = exp.status === this.ls.STATUS.ERR_POOL_FULL;
        this.diff(fo.line, what, 'result call', poolFull ? 'LS_ERR_POOL_FULL' : 'LS_OK', r.statusName);
        if (r.status === 0 || poolFull) this.result(fo.line, what, exp, r);
        if (exp.status === 0) {
          const p = statusOf(() => this.queue.path(h.id));
          this.diff(fo.line, what, 'path call', 'LS_OK', this.ls.statusName(p.status));
          this.diff(fo.line, what, 'digest of the kept path', exp.fields.digest[0],
            this.ls.pathDigest(p.value ?? new Int32Array(0)));
        }
      }
    }
    this.diff(op.line, 'tick', 'requests finished in it', want, done);
    return i + want;
  }

  result(line, what, exp, r) {
    this.diff(line, what, 'cost', exp.fields.cost[0], r.cost);
    this.diff(line, what, 'expansions', exp.fields.expansions[0], r.expansions);
    this.diff(line, what, 'length', exp.fields.length[0], r.pathLength);
    this.diff(line, what, 'digest', exp.fields.digest[0], r.digest);
  }

  batch(i, batches) {
    const ops = this.s.ops;
    const op = ops[i];
    const threads = Number(op.tokens[1]);
    const n = Number(op.tokens[2]);
    const queries = [];
    for (let k = 0; k < n; k++) {
      const t = ops[i + 1 + k].tokens;
      queries.push(this.q(+t[1], +t[2], +t[3], +t[4]));
    }
    const key = `${this.w}x${this.h}:${threads}`;
    if (!batches.has(key)) batches.set(key, this.ls.createBatch(this.w, this.h, { threads }));
    const results = batches.get(key).run(this.grid, queries);
    for (let k = 0; k < n; k++) {
      const qo = ops[i + 1 + k];
      const exp = parseExpected(qo.tokens.slice(qo.tokens.indexOf('->') + 1));
      const got = results[k];
      this.status(qo.line, 'query', exp, got.status);
      if (!exp.fields.cost || got.status < 0) continue;
      this.result(qo.line, 'query', exp, got);
      this.diff(qo.line, 'query', 'digest of the points', exp.fields.digest[0], this.ls.pathDigest(got.path));
    }
    return i + n;
  }

  check(op, what, st) {
    const exp = parseExpected(split(op).right);
    this.status(op.line, what, exp, st.status);
    if (st.status !== exp.status || !exp.fields.first) return;
    this.diff(op.line, what, 'first', exp.fields.first[0], st.firstIllegal);
    this.diff(op.line, what, 'reason', exp.fields.reason[0], st.reason);
    this.diff(op.line, what, 'cost', exp.fields.cost[0], st.cost);
    this.diff(op.line, what, 'changed', exp.fields.changed[0], st.costChanged ? 1 : 0);
  }

  op(op, key) {
    const ls = this.ls;
    const { args, right } = split(op);
    const exp = right ? parseExpected(right) : null;
    const n = (k) => Number(args[k]);
    switch (key) {
      case 'queue':
        this.queue = ls.createQueue(this.w, this.h, { capacity: +op.tokens[1], poolPoints: +op.tokens[2] });
        break;
      case 'submit': {
        const id = BigInt(args[0]);
        const st = this.queue.submit(id, this.q(n(1), n(2), n(3), n(4)));
        this.status(op.line, `submit ${args[0]}`, exp, st);
        if (st === 0) this.held.push({ id, finished: false });
        break;
      }
      case 'cancel':
      case 'release': {
        const id = BigInt(args[0]);
        const st = key === 'cancel' ? this.queue.cancel(id) : this.queue.release(id);
        this.status(op.line, `${key} ${args[0]}`, exp, st);
        if (st === 0) this.held = this.held.filter((h) => h.id !== id);
        break;
      }
      case 'set':
      case 'rect': {
        const st = statusOf(() => (key === 'set'
          ? this.grid.set(n(0), n(1), n(2))
          : this.grid.setRect(n(0), n(1), n(2), n(3), n(4)))).status;
        this.status(op.line, key, exp, st);
        this.diff(op.line, key, 'map digest', exp.fields.digest?.[0] ?? right[right.length - 1], this.grid.digest());
        break;
      }
      case 'digest':
        this.diff(op.line, 'digest', 'map digest', right[0], this.grid.digest());
        break;
      case 'check': {
        const id = BigInt(args[0]);
        const path = statusOf(() => this.queue.path(id));
        const res = this.queue.result(id);
        if (path.status !== 0 || res.status !== 0) {
          this.diff(op.line, `check ${args[0]}`, 'kept path', 'LS_OK', ls.statusName(path.status));
          break;
        }
        this.check(op, `check ${args[0]}`, ls.checkPath(this.grid, libraryQuery(this.query), path.value, res.cost));
        break;
      }
      case 'check-path': {
        const pts = parsePoints(this.file, op.line, args.slice(2));
        this.check(op, 'check-path', ls.checkPath(this.grid, libraryQuery(this.query), pts, n(0)));
        break;
      }
      case 'flow':
      case 'flow-begin':
      case 'flow-refresh':
      case 'flow-cell':
        this.flowOp(op, key, args, exp);
        break;
      default:
        this.geo(op, key, args, exp);
    }
  }

  // The flow lines (vectors/README.md "Flow lines") through ls.Flow. A
  // flow whose create failed is C's NULL: its calls are NULL_ARGUMENT here
  // without reaching the wasm (a JS Flow cannot be NULL).
  flowOp(op, key, args, exp) {
    const ls = this.ls;
    const line = op.line;
    const n = (k) => Number(args[k]);
    if (key === 'flow') {
      const r = statusOf(() => ls.createFlow(this.w, this.h, n(0)));
      this.status(line, key, exp, r.status);
      this.flow = r.status === 0 ? r.value : null;
      return;
    }
    const f = this.flow;
    if (key === 'flow-cell') {
      const c = f ? statusOf(() => f.cost(n(0), n(1))) : { status: NULL_ARGUMENT };
      const d = f ? statusOf(() => f.direction(n(0), n(1))) : { status: NULL_ARGUMENT };
      this.status(line, key, exp, c.status);
      this.diff(line, key, 'status of ls_flow_direction', c.status, d.status);
      if (c.status === exp.status && exp.fields.cost) {
        this.diff(line, key, 'cost', exp.fields.cost[0], c.value);
        this.diff(line, key, 'direction', exp.fields.direction[0], d.value);
      }
      return;
    }
    const st = !f ? NULL_ARGUMENT : key === 'flow-begin'
      ? f.begin(this.grid, libraryQuery(this.query), parsePoints(this.file, line, args.slice(2)))
      : f.refresh(this.grid);
    this.status(line, key, exp, st);
    const started = st === (key === 'flow-begin' ? 0 : ls.STATUS.IN_PROGRESS);
    if (!exp.fields.end) {
      if (started && st === exp.status) this.diff(line, key, 'a field run', 'none', 'started');
      return;
    }
    if (!started) return;
    // The field run: steps until not IN_PROGRESS, one more step, the totals.
    const budget = n(0);
    let slices = 0;
    let sum = 0;
    let end;
    do {
      end = f.step(budget);
      slices++;
      sum += f.lastExpansions;
      if (budget !== 0 && f.lastExpansions > budget) this.diff(line, key, 'a step\'s expansions', `<= ${budget}`, f.lastExpansions);
    } while (end === ls.STATUS.IN_PROGRESS);
    this.diff(line, key, 'end', exp.fields.end.join(' '), `${end} ${ls.statusName(end)}`);
    this.diff(line, key, 'one more step', `${end} 0`, `${f.step(budget)} ${f.lastExpansions}`);
    this.diff(line, key, 'slices', exp.fields.slices[0], slices);
    this.diff(line, key, 'expansions', exp.fields.expansions[0], f.expansions());
    this.diff(line, key, 'expansions of the steps', f.expansions(), sum);
    const d = statusOf(() => f.digest());
    if (exp.fields.digest) this.diff(line, key, 'field digest', exp.fields.digest[0], d.value);
    else this.diff(line, key, 'status of ls_flow_digest', end, d.status);
  }

  geo(op, key, args, exp) {
    const ls = this.ls;
    const n = (k) => Number(args[k]);
    const line = op.line;
    const cmpStatus = (st) => {
      this.status(line, key, exp, st);
      return st === exp.status && Object.keys(exp.fields).length > 0;
    };
    const xy = (got, field) => {
      this.diff(line, key, 'x', exp.fields[field][0], got.x);
      this.diff(line, key, 'y', exp.fields[field][1], got.y);
    };
    switch (key) {
      case 'frame':
        this.frame = { originX: +op.tokens[1], originY: +op.tokens[2], cellSize: +op.tokens[3] };
        return;
      case 'speed':
        this.agent.speed = +op.tokens[1];
        return;
      case 'world-cell':
      case 'to-cell': {
        const r = statusOf(() => (key === 'world-cell'
          ? ls.worldCell(this.frame, n(0), n(1))
          : ls.worldToCell(this.frame, this.grid, n(0), n(1))));
        if (cmpStatus(r.status)) xy(r.value, 'cell');
        return;
      }
      case 'centre': {
        const r = statusOf(() => ls.worldCellCenter(this.frame, n(0), n(1)));
        if (cmpStatus(r.status)) xy(r.value, 'at');
        return;
      }
      case 'distance':
      case 'segment':
      case 'path-length': {
        const r = statusOf(() => (key === 'distance' ? ls.worldDistance(n(0), n(1), n(2), n(3))
          : key === 'segment' ? ls.worldSegmentLength(this.frame, n(0), n(1), n(2), n(3))
            : ls.worldPathLength(this.frame, parsePoints(this.file, line, args.slice(1)))));
        if (cmpStatus(r.status)) this.diff(line, key, 'length', exp.fields.length[0], r.value);
        return;
      }
      case 'sight': {
        const a = statusOf(() => ls.lineOfSight(this.grid, n(0), n(1), n(2), n(3)));
        const c = statusOf(() => ls.lineCost(this.grid, n(0), n(1), n(2), n(3)));
        this.diff(line, key, 'status of ls_line_cost', a.status, c.status);
        if (a.status === 0 && c.status === 0 && a.value !== (c.value !== 0)) {
          this.diff(line, key, 'clear against cost', 'agreeing', 'disagreeing');
        }
        if (cmpStatus(a.status)) {
          this.diff(line, key, 'clear', exp.fields.clear[0], a.value ? 1 : 0);
          this.diff(line, key, 'cost', exp.fields.cost[0], c.value);
        }
        return;
      }
      case 'line':
      case 'smooth': {
        let r;
        try {
          const v = key === 'line'
            ? ls.lineCells(n(0), n(1), n(2), n(3), n(4))
            : ls.smoothPathInto(this.grid, parsePoints(this.file, line, args.slice(2)), n(0));
          r = { status: 0, count: v.length / 2, points: v };
        } catch (e) {
          if (e.name !== 'LockstarError') throw e;
          r = { status: e.status, count: e.count, points: null };
        }
        if (!cmpStatus(r.status)) return;
        this.diff(line, key, 'count', exp.fields.count[0], r.count);
        if (r.status === 0) this.diff(line, key, 'points', exp.fields.count.slice(1).join(' '), pointsText(r.points));
        return;
      }
      case 'agent': {
        const st = statusOf(() => this.agent.init(this.frame, n(0), n(1), n(2))).status;
        this.status(line, key, exp, st);
        return;
      }
      case 'route':
      case 'step': {
        const before = JSON.stringify(this.agent.snapshot());
        const st = statusOf(() => (key === 'route'
          ? this.agent.follow(parsePoints(this.file, line, args.slice(1)))
          : this.agent.step(n(0)))).status;
        if (st !== 0 && JSON.stringify(this.agent.snapshot()) !== before) {
          this.diff(line, key, 'agent after an error', 'untouched', 'changed');
        }
        if (!cmpStatus(st)) return;
        const a = this.agent;
        if (key === 'step') xy(a, 'at');
        this.diff(line, key, 'state', exp.fields.state[0], a.state);
        this.diff(line, key, 'target', exp.fields.target[0], a.target);
        if (key === 'step') this.diff(line, key, 'travelled', exp.fields.travelled[0], a.travelled);
        return;
      }
      default:
        this.diff(line, 'script', 'line', 'an operation', key);
    }
  }
}

/** Run every script of one file. Returns a Report (diffs, checked). */
export function checkScriptFile(ls, dir, file) {
  const parsed = parseVecFile(readFileSync(join(dir, file), 'latin1'), file);
  const rep = new Report(file);
  const cellsOf = new Map();
  const batches = new Map();
  for (const s of parsed.blocks) {
    if (s.kind !== 'script') continue;
    rep.checked++;
    const m = parsed.maps.get(s.map);
    if (!cellsOf.has(s.map)) {
      const cells = mapCells(ls, m, dir);
      rep.field(m.line, `map ${s.map}`, 'map', 'digest', m.digest, fnv1a64(cells));
      cellsOf.set(s.map, cells);
    }
    const run = new ScriptRun(ls, rep, file, s, m, cellsOf.get(s.map));
    try {
      run.run(batches);
    } finally {
      run.destroy();
    }
  }
  for (const b of batches.values()) b.destroy();
  return rep;
}
