// SPDX-License-Identifier: MIT
// vecfile.mjs - reading the golden vector files (vectors/README.md,
// format versions 1 and 2) for the node tests: map blocks, vector blocks
// and scripts, every expected value kept as written. This reader trusts
// the files' canonical form (tests/unit's vectors suite checks it) and
// refuses what it does not understand, so a format change fails loudly.

function fail(name, line, reason) {
  throw new Error(`${name}:${line}: ${reason}`);
}

/** index.txt: [{ file, count }] and the total. */
export function parseIndex(text) {
  const files = [];
  let total = -1;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const t = line.split(' ');
    if (t[0] === 'file') files.push({ file: t[1], count: Number(t[2]) });
    else if (t[0] === 'total') total = Number(t[1]);
  }
  return { files, total };
}

const VECTOR_KEYS = ['map', 'algo', 'start', 'goal', 'connectivity', 'corners', 'heuristic', 'tie',
  'straight', 'diagonal', 'weight', 'max-expansions', 'clearance', 'budget', 'status', 'slices', 'cost',
  'expansions', 'length', 'digest', 'path', 'partial-length', 'partial-digest', 'partial-path'];
export const OPTION_KEYS = ['algo', 'connectivity', 'corners', 'heuristic', 'tie', 'straight',
  'diagonal', 'weight', 'max-expansions'];

const NAMED = {
  algo: { astar: 0, jps: 1 },
  corners: { none: 0, one: 1, all: 2 },
  heuristic: { auto: 0, octile: 1, manhattan: 2, chebyshev: 3, zero: 4 },
  tie: { 'high-g': 0, 'low-g': 1 },
};

function intToken(name, line, s) {
  if (!/^-?[0-9]+$/.test(s)) fail(name, line, `expected an integer, got '${s}'`);
  return Number(s);
}

/** Parse "x,y" tokens into a flat Int32Array. */
export function parsePoints(name, line, tokens) {
  const out = new Int32Array(tokens.length * 2);
  tokens.forEach((t, i) => {
    const m = /^(-?[0-9]+),(-?[0-9]+)$/.exec(t);
    if (!m) fail(name, line, `expected X,Y, got '${t}'`);
    out[2 * i] = Number(m[1]);
    out[2 * i + 1] = Number(m[2]);
  });
  return out;
}

/**
 * Set one option key of a query object (the vector keys algo ...
 * max-expansions), as lockstar.mjs names the fields.
 */
export function applyOption(q, key, values, name, line) {
  const word = (table) => (values[0] in table ? table[values[0]] : intToken(name, line, values[0]));
  switch (key) {
    case 'algo': q.algorithm = word(NAMED.algo); break;
    case 'connectivity': q.connectivity = intToken(name, line, values[0]); break;
    case 'corners': q.cornerRule = word(NAMED.corners); break;
    case 'heuristic': q.heuristic = word(NAMED.heuristic); break;
    case 'tie': q.tieBreak = word(NAMED.tie); break;
    case 'straight': q.straightCost = intToken(name, line, values[0]); break;
    case 'diagonal': q.diagonalCost = intToken(name, line, values[0]); break;
    case 'weight':
      q.weightFix16 = intToken(name, line, values[0]);
      q.weightText = values[1];
      break;
    case 'max-expansions': q.maxExpansions = intToken(name, line, values[0]); break;
    case 'clearance': q.clearance = intToken(name, line, values[0]); break;
    default: fail(name, line, `unknown option key '${key}'`);
  }
}

/** Copy of a query without the test's own keys (weightText). */
export function libraryQuery(q) {
  const { weightText, ...rest } = q;
  return rest;
}

/**
 * Parse one vector file. Returns { version, maps: Map(name -> map),
 * blocks: [vector | script] } in file order, each with its line.
 */
export function parseVecFile(text, name) {
  const lines = text.split('\n');
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  const header = (lines[0] || '').replace(/\r$/, '');
  const vm = /^lockstar-vectors ([12])$/.exec(header);
  if (!vm) fail(name, 1, `expected 'lockstar-vectors 1' or '2', got '${header}'`);
  const maps = new Map();
  const blocks = [];
  let cur = null;
  for (let i = 1; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i].replace(/\r$/, '');
    if (line === '' || line.startsWith('#')) {
      if (cur && line === '') fail(name, lineNo, 'blank line inside a block');
      continue;
    }
    const t = line.split(' ');
    if (!cur) {
      if (t[0] === 'map') {
        cur = { kind: 'map', name: t[1], line: lineNo, edits: [], rows: [] };
      } else if (t[0] === 'vector') {
        cur = { kind: 'vector', id: t[1], line: lineNo, fields: {}, path: [], partial: [] };
      } else if (t[0] === 'script') {
        cur = { kind: 'script', id: t[1], line: lineNo, map: null, ops: [] };
      } else {
        fail(name, lineNo, `expected map, vector or script, got '${t[0]}'`);
      }
      continue;
    }
    if (t[0] === 'end' && t.length === 1) {
      if (cur.kind === 'map') maps.set(cur.name, cur);
      else blocks.push(cur);
      cur = null;
      continue;
    }
    if (cur.kind === 'map') {
      switch (t[0]) {
        case 'size': cur.width = Number(t[1]); cur.height = Number(t[2]); break;
        case 'gen': {
          const params = {};
          let seed = null;
          for (const kv of t.slice(2)) {
            const [k, v] = kv.split('=');
            if (k === 'seed') seed = BigInt(v);
            else params[k] = Number(v);
          }
          cur.gen = { family: t[1], seed, params };
          break;
        }
        case 'row': cur.rows.push(t[1] ?? ''); break;
        case 'file': cur.file = t[1]; break;
        case 'set': cur.edits.push({ x: +t[1], y: +t[2], w: 1, h: 1, cost: +t[3] }); break;
        case 'fill': cur.edits.push({ x: +t[1], y: +t[2], w: +t[3], h: +t[4], cost: +t[5] }); break;
        case 'digest': cur.digest = t[1]; break;
        default: fail(name, lineNo, `unknown map key '${t[0]}'`);
      }
    } else if (cur.kind === 'vector') {
      const key = t[0];
      if (!VECTOR_KEYS.includes(key)) fail(name, lineNo, `unknown vector key '${key}'`);
      if (key === 'path') cur.path.push(...t.slice(1));
      else if (key === 'partial-path') cur.partial.push(...t.slice(1));
      else cur.fields[key] = { values: t.slice(1), line: lineNo };
    } else if (cur.map === null) {
      if (t[0] !== 'map') fail(name, lineNo, "a script's second line is 'map NAME'");
      cur.map = t[1];
    } else {
      cur.ops.push({ line: lineNo, tokens: t });
    }
  }
  if (cur) fail(name, lines.length, `block '${cur.name ?? cur.id}' has no end`);
  return { version: Number(vm[1]), maps, blocks };
}

/** The query of a vector block (fields as lockstar.mjs names them). */
export function vectorQuery(v, name) {
  const q = {};
  for (const key of OPTION_KEYS) {
    const f = v.fields[key];
    if (!f) fail(name, v.line, `vector ${v.id} has no '${key}'`);
    applyOption(q, key, f.values, name, f.line);
  }
  // A sized query's clearance (clearance.vec): written only when not 0.
  if (v.fields.clearance) applyOption(q, 'clearance', v.fields.clearance.values, name, v.fields.clearance.line);
  const start = v.fields.start.values;
  const goal = v.fields.goal.values;
  q.startX = Number(start[0]);
  q.startY = Number(start[1]);
  q.goalX = Number(goal[0]);
  q.goalY = Number(goal[1]);
  return q;
}
