// SPDX-License-Identifier: MIT
// vecrun.mjs - running the golden search vectors through lockstar.mjs and
// comparing every field, as tests/unit's vectors suite does in C
// (vectors/README.md, "What the checker does with a vector"): the map's
// digest, then one-shot and sliced runs in a full context, again in a
// compact context when it accepts the query, and JPS again on a compact
// grid. Every difference is one line
// "FILE:LINE: vector ID (how): field: expected X, got Y".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMap } from '../movingai.mjs';
import { generate, fnv1a64 } from './mapgen.mjs';
import { parseVecFile, parsePoints, vectorQuery, libraryQuery } from './vecfile.mjs';

/** The cells of a map block, checked against its digest. */
export function mapCells(ls, m, dir) {
  let cells;
  if (m.gen) cells = generate(ls, m.gen, m.width, m.height);
  else if (m.file) {
    const parsed = parseMap(readFileSync(join(dir, m.file), 'latin1'));
    if (parsed.width !== m.width || parsed.height !== m.height) throw new Error(`${m.file}: size differs from the map block`);
    cells = parsed.cells;
  } else {
    cells = new Uint8Array(m.width * m.height);
    m.rows.forEach((row, y) => {
      for (let x = 0; x < m.width; x++) {
        const ch = row[x];
        cells[y * m.width + x] = ch === '#' ? 0 : ch === '.' ? 1 : Number(ch);
      }
    });
  }
  for (const e of m.edits) {
    for (let y = e.y; y < e.y + e.h; y++) for (let x = e.x; x < e.x + e.w; x++) cells[y * m.width + x] = e.cost;
  }
  return cells;
}

/** A grid of the map's cells (options.compact: LS_GRID_COMPACT). */
export function buildGrid(ls, m, cells, compact = false) {
  const g = ls.createGrid(m.width, m.height, { compact });
  g.load(cells);
  return g;
}

function statusOf(fn) {
  try {
    return { status: 0, value: fn() };
  } catch (e) {
    if (e && e.name === 'LockstarError') return { status: e.status, value: null };
    throw e;
  }
}

class Report {
  constructor(file) {
    this.file = file;
    this.diffs = [];
    this.checked = 0;
    this.compactRuns = 0;
    this.compactGridRuns = 0;
  }
  field(line, what, how, key, expected, got) {
    if (String(expected) !== String(got)) {
      this.diffs.push(`${this.file}:${line}: ${what} (${how}): ${key}: expected ${expected}, got ${got}`);
    }
  }
}

const pointsText = (flat) => {
  const out = [];
  for (let i = 0; i < flat.length; i += 2) out.push(`${flat[i]},${flat[i + 1]}`);
  return out.join(' ');
};

// Compare a finished query's result, path and partial path with v.
function compareOutcome(ls, rep, v, how, status, result, search) {
  const f = v.fields;
  const what = `vector ${v.id}`;
  rep.field(v.line, what, how, 'status', f.status.values[0], status);
  if (Number(f.status.values[0]) < 0 || status < 0) return;
  rep.field(f.cost.line, what, how, 'cost', f.cost.values[0], result.cost);
  rep.field(f.expansions.line, what, how, 'expansions', f.expansions.values[0], result.expansions);
  rep.field(f.length.line, what, how, 'length', f.length.values[0], result.pathLength);
  rep.field(f.digest.line, what, how, 'digest', f.digest.values[0], result.digest);
  rep.field(v.line, what, how, 'path', v.path.join(' '), pointsText(result.path));
  const partial = statusOf(() => search.partialPath());
  if (status === ls.STATUS.OK) {
    rep.field(v.line, what, how, 'partial status', 'LS_ERR_NO_PARTIAL', ls.statusName(partial.status));
  } else {
    rep.field(v.line, what, how, 'partial status', 'LS_OK', ls.statusName(partial.status));
    if (partial.status === 0) {
      rep.field(f['partial-length'].line, what, how, 'partial-length', f['partial-length'].values[0], partial.value.length / 2);
      rep.field(v.line, what, how, 'partial-path', v.partial.join(' '), pointsText(partial.value));
      rep.field(f['partial-digest'].line, what, how, 'partial-digest', f['partial-digest'].values[0], ls.pathDigest(partial.value));
    }
  }
}

function runOneShot(ls, rep, v, how, g, search, q) {
  const r = ls.findPath(g, q, { search });
  compareOutcome(ls, rep, v, how, r.status, r, search);
}

function runSliced(ls, rep, v, how, search, q, budget) {
  const f = v.fields;
  const what = `vector ${v.id}`;
  let st = search.begin(q);
  let slices = 0;
  if (st === 0) {
    do {
      st = search.step(budget);
      slices++;
    } while (st === ls.STATUS.IN_PROGRESS);
    rep.field(v.line, what, how, 'status again', st, search.step(budget));
  }
  rep.field(f.slices.line, what, how, 'slices', f.slices.values[0], slices);
  const result = st >= 0 ? search.result() : null;
  if (result) {
    rep.field(v.line, what, how, 'result status', st, result.status);
    result.path = st === 0 ? search.path() : new Int32Array(0);
  }
  compareOutcome(ls, rep, v, how, st, result, search);
}

/**
 * Check every vector block of one file; scripts are left to scriptrun.
 * Returns the Report (diffs, checked count).
 */
export function checkVectorFile(ls, dir, file) {
  const parsed = parseVecFile(readFileSync(join(dir, file), 'latin1'), file);
  const rep = new Report(file);
  const grids = new Map();
  const contexts = new Map();
  const context = (g, kind) => {
    const key = `${g.width}x${g.height}:${kind}:${g.compact}`;
    if (!contexts.has(key)) contexts.set(key, { grid: null, search: null });
    const c = contexts.get(key);
    if (c.grid !== g) {
      if (c.search) c.search.destroy();
      c.search = ls.createSearch(g, { compact: kind === 'compact' });
      c.grid = g;
    }
    return c.search;
  };
  const gridsOf = (name, lineNo) => {
    if (grids.has(name)) return grids.get(name);
    const m = parsed.maps.get(name);
    if (!m) throw new Error(`${file}:${lineNo}: unknown map ${name}`);
    const cells = mapCells(ls, m, dir);
    rep.field(m.line, `map ${name}`, 'map', 'digest', m.digest, fnv1a64(cells));
    const entry = { m, cells, full: buildGrid(ls, m, cells), compact: null };
    grids.set(name, entry);
    return entry;
  };
  for (const v of parsed.blocks) {
    if (v.kind !== 'vector') continue;
    rep.checked++;
    const entry = gridsOf(v.fields.map.values[0], v.line);
    const q = vectorQuery(v, file);
    rep.field(v.fields.weight.line, `vector ${v.id}`, 'file', 'weight text',
      q.weightFix16, statusOf(() => ls.parseFix16(q.weightText)).value);
    const lq = libraryQuery(q);
    const budget = Number(v.fields.budget.values[0]);
    const runAll = (g, search, prefix) => {
      runOneShot(ls, rep, v, `${prefix}one-shot`, g, search, lq);
      if (budget > 0) runSliced(ls, rep, v, `${prefix}sliced`, search, lq, budget);
    };
    runAll(entry.full, context(entry.full, 'full'), '');
    const compact = context(entry.full, 'compact');
    if (compact.check(lq) === 0) {
      rep.compactRuns++;
      runAll(entry.full, compact, 'compact ');
    }
    if (lq.algorithm === 1) {
      if (!entry.compact) entry.compact = buildGrid(ls, entry.m, entry.cells, true);
      rep.compactGridRuns++;
      runAll(entry.compact, context(entry.compact, 'full'), 'compact-grid ');
    }
  }
  for (const c of contexts.values()) if (c.search) c.search.destroy();
  for (const e of grids.values()) {
    e.full.destroy();
    if (e.compact) e.compact.destroy();
  }
  rep.parsed = parsed;
  return rep;
}

export { statusOf, Report, pointsText, parsePoints };
