#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// scen.mjs - `lockstar scen MAP SCEN [options]` in JavaScript: every query
// of a Moving AI scenario through lockstar.wasm, printing exactly the
// bytes the C program prints (standard output, the summary on standard
// error, the exit status, every FILE:LINE error), so a web or node game
// can prove it computes what a native peer computes.
//
//   node bindings/js/examples/scen.mjs examples/demo.map examples/demo.scen --algo jps
//
// Output, one line per query in file order:
//   sx sy gx gy cost expanded digest x0,y0 x1,y1 ...   (cost -1, no points: no path)
//   sx sy gx gy error NAME                              (a query the library refused)
// Options as lockstar scen's: --connect 4|8, --corners none|one|all,
// --heuristic auto|octile|manhattan|chebyshev|zero, --tie high-g|low-g,
// --weight W, --straight N, --diagonal N, --max-expansions N, --budget N,
// --algo astar|jps, --swamp-cost N, --context full|compact,
// --grid full|compact, --smooth. Exit 0, or 2 when a query was refused or
// the arguments or files are bad. (--help prints this usage, not the
// whole lockstar --help.)
import { readFileSync, statSync } from 'node:fs';
import process from 'node:process';
import { load } from '../lockstar.mjs';
import { parseMap, parseScen, parseUint, quote } from '../movingai.mjs';

const EXIT_DONE = 0;
const EXIT_BAD_INPUT = 2;
const UINT32_MAX = 0xffffffff;

const USAGE = `usage: node scen.mjs MAP SCEN [options]
  every query of a Moving AI scenario, as lockstar scen prints it
options: --connect 4|8  --corners none|one|all
  --heuristic auto|octile|manhattan|chebyshev|zero  --tie high-g|low-g
  --weight W  --straight N  --diagonal N  --max-expansions N  --budget N
  --algo astar|jps  --swamp-cost N  --context full|compact  --grid full|compact
  --smooth
`;

// Text here is bytes, one character per byte (latin1), as C sees it:
// arguments are turned into their UTF-8 bytes, files are read as latin1,
// and messages are written back byte for byte, so that lengths, cuts and
// quoting agree with the C program's even for odd names.
const bytes = (s) => Buffer.from(s, 'utf8').toString('latin1');
const fsPath = (b) => Buffer.from(b, 'latin1');

// A reader's or an option's fault: a mai_error, whose message C keeps in
// 512 bytes.
class Failure extends Error {
  constructor(message) {
    super(message.slice(0, 511));
  }
}

// cli_fail: one line on standard error (at most 1023 bytes of message),
// control characters as '?'.
function fail(message) {
  let clean = '';
  for (const ch of message.slice(0, 1023)) {
    const c = ch.charCodeAt(0);
    clean += c < 0x20 || c === 0x7f ? '?' : ch;
  }
  process.stderr.write(Buffer.from(`lockstar: ${clean}\n`, 'latin1'));
  return EXIT_BAD_INPUT;
}

// A path as the reader's file messages show it: whole up to 200 bytes,
// else its first 200 and "...".
const shown = (path) => (path.length <= 200 ? path : `${path.slice(0, 200)}...`);

// --name=value or --name value (cli_option_value): undefined when arg is
// not this option, else the value; throws for a missing value.
function optionValue(argv, i, name) {
  const arg = argv[i.at];
  if (!arg.startsWith(name)) return undefined;
  const rest = arg.slice(name.length);
  if (rest.startsWith('=')) {
    i.at += 1;
    return rest.slice(1);
  }
  if (rest !== '') return undefined;
  if (i.at + 1 >= argv.length) throw new Failure(`option ${name} needs a value`);
  i.at += 2;
  return argv[i.at - 1];
}

function badValue(option, value, expected) {
  return new Failure(`bad value '${quote(value)}' for ${option}: expected ${expected}`);
}

function word(option, value, table, expected) {
  if (!Object.prototype.hasOwnProperty.call(table, value)) throw badValue(option, value, expected);
  return table[value];
}

function number(option, value, min, max) {
  const v = parseUint(value, min, max);
  if (v === null) throw badValue(option, value, `a whole number from ${min} to ${max}`);
  return v;
}

const OPTION_NAMES = ['--connect', '--corners', '--heuristic', '--tie', '--weight', '--straight',
  '--diagonal', '--max-expansions', '--budget', '--algo', '--swamp-cost', '--context', '--grid'];

// One of the shared query options (cli_options_take): true when taken.
function takeOption(ls, argv, i, o) {
  const arg = argv[i.at];
  if (arg.startsWith('--smooth')) {
    const rest = arg.slice('--smooth'.length);
    if (rest.startsWith('=')) throw new Failure('option --smooth takes no value');
    if (rest === '') {
      o.smooth = true;
      i.at += 1;
      return true;
    }
  }
  let k = 0;
  let v;
  for (; k < OPTION_NAMES.length; k++) {
    v = optionValue(argv, i, OPTION_NAMES[k]);
    if (v !== undefined) break;
  }
  if (v === undefined) return false;
  const q = o.query;
  const kind = { full: 0, compact: 1 };
  switch (OPTION_NAMES[k]) {
    case '--connect': q.connectivity = word('--connect', v, { 4: 4, 8: 8 }, '4 or 8'); break;
    case '--corners': q.cornerRule = word('--corners', v, { none: 0, one: 1, all: 2 }, 'none, one or all'); break;
    case '--heuristic':
      q.heuristic = word('--heuristic', v, { auto: 0, octile: 1, manhattan: 2, chebyshev: 3, zero: 4 },
        'auto, octile, manhattan, chebyshev or zero');
      break;
    case '--tie': q.tieBreak = word('--tie', v, { 'high-g': 0, 'low-g': 1 }, 'high-g or low-g'); break;
    case '--weight': {
      let w = null;
      try {
        w = ls.parseFix16(v);
      } catch (e) {
        if (e.name !== 'LockstarError') throw e;
      }
      if (w === null || w < ls.MIN_WEIGHT || w > ls.MAX_WEIGHT) {
        throw badValue('--weight', v, 'a decimal from 1.0 to 64.0 (such as 1.5)');
      }
      q.weightFix16 = w;
      break;
    }
    case '--straight': q.straightCost = number('--straight', v, 1, ls.MAX_STEP_COST); break;
    case '--diagonal': q.diagonalCost = number('--diagonal', v, 1, 2 * ls.MAX_STEP_COST); break;
    case '--max-expansions': q.maxExpansions = number('--max-expansions', v, 0, UINT32_MAX); break;
    case '--budget': o.budget = number('--budget', v, 0, UINT32_MAX); break;
    case '--algo': q.algorithm = word('--algo', v, { astar: 0, jps: 1 }, 'astar or jps'); break;
    case '--swamp-cost': o.swampCost = number('--swamp-cost', v, 1, 255); break;
    case '--context': o.compactContext = word('--context', v, kind, 'full or compact') === 1; break;
    default: o.compactGrid = word('--grid', v, kind, 'full or compact') === 1; break;
  }
  return true;
}

// cli_parse_args for `scen`: the options object, or an exit status.
function parseArgs(ls, argv) {
  const o = {
    files: [], budget: 0, swampCost: 1, compactContext: false, compactGrid: false, smooth: false,
    query: { straightCost: 10, diagonalCost: 14 },
  };
  const i = { at: 0 };
  let onlyFiles = false;
  while (i.at < argv.length) {
    const arg = argv[i.at];
    if (onlyFiles || arg[0] !== '-' || arg.length === 1) {
      if (o.files.length === 2) return fail(`scen: unexpected argument '${arg}' (expected MAP and SCEN only)`);
      o.files.push(arg);
      i.at++;
      continue;
    }
    if (arg === '--') {
      onlyFiles = true;
      i.at++;
      continue;
    }
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(USAGE);
      return EXIT_DONE;
    }
    try {
      if (!takeOption(ls, argv, i, o)) return fail(`scen: unknown option '${arg}' (try 'lockstar --help')`);
    } catch (e) {
      if (e instanceof Failure) return fail(e.message);
      throw e;
    }
  }
  if (o.files.length < 2) {
    return fail(`scen: ${o.files.length === 0 ? 'no MAP and SCEN files given' : 'no SCEN file given'} (usage: lockstar scen MAP SCEN [options])`);
  }
  const s = o.query.straightCost;
  const d = o.query.diagonalCost;
  if (d < s || d > 2 * s) {
    return fail(`step costs must satisfy straight <= diagonal <= 2 * straight (got --straight ${s} --diagonal ${d})`);
  }
  return o;
}

const STRERROR = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  ENOTDIR: 'Not a directory',
  ELOOP: 'Too many levels of symbolic links',
  ENAMETOOLONG: 'File name too long',
  EISDIR: 'Is a directory',
};

// mai_read_file: the whole file as bytes (one character per byte).
function readText(path) {
  try {
    if (statSync(fsPath(path)).isDirectory()) throw new Failure(`${shown(path)}: is a directory, not a file`);
  } catch (e) {
    if (e instanceof Failure) throw e;
  }
  try {
    return readFileSync(fsPath(path), 'latin1');
  } catch (e) {
    throw new Failure(`${shown(path)}: cannot open: ${STRERROR[e.code] ?? e.message}`);
  }
}

function readInputs(ls, o) {
  const [mapPath, scenPath] = o.files;
  let map;
  try {
    map = parseMap(readText(mapPath), { swampCost: o.swampCost });
  } catch (e) {
    if (e instanceof Failure) throw e;
    if (e.line !== undefined) throw new Failure(`${mapPath}:${e.message}`);
    throw e;
  }
  let grid;
  try {
    grid = ls.createGrid(map.width, map.height, { compact: o.compactGrid });
    grid.load(map.cells);
  } catch (e) {
    if (e.name !== 'LockstarError') throw e;
    throw new Failure(`${mapPath}: cannot create a ${map.width}x${map.height} grid: ${ls.statusString(e.status)}`);
  }
  let rows;
  try {
    rows = parseScen(readText(scenPath), map);
  } catch (e) {
    grid.destroy();
    if (e instanceof Failure) throw e;
    if (e.line !== undefined) throw new Failure(`${scenPath}:${e.message}`);
    throw e;
  }
  return { grid, rows };
}

function points(path) {
  let s = '';
  for (let k = 0; k < path.length; k += 2) s += ` ${path[k]},${path[k + 1]}`;
  return s;
}

function formatCpu(startUsage) {
  const u = process.cpuUsage(startUsage);
  const ms = Math.floor((u.user + u.system) / 1000);
  return `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')} s`;
}

async function main(argv) {
  const ls = await load();
  const o = parseArgs(ls, argv);
  if (typeof o === 'number') return o;
  let inputs;
  try {
    inputs = readInputs(ls, o);
  } catch (e) {
    if (e instanceof Failure) return fail(e.message);
    throw e;
  }
  const { grid, rows } = inputs;
  const started = process.cpuUsage();
  let search;
  try {
    search = ls.createSearch(grid, { compact: o.compactContext });
  } catch (e) {
    if (e.name !== 'LockstarError') throw e;
    return fail(`scen: cannot create a search context: ${ls.statusString(e.status)}`);
  }
  const totals = { solved: 0, refused: 0, expansions: 0n };
  let out = [];
  let size = 0;
  const flush = () => {
    if (out.length) process.stdout.write(out.join(''));
    out = [];
    size = 0;
  };
  let status = EXIT_DONE;
  for (const row of rows) {
    const q = { ...o.query, startX: row.sx, startY: row.sy, goalX: row.gx, goalY: row.gy };
    let st = search.begin(q);
    let result = null;
    if (st === 0) {
      do st = search.step(o.budget); while (st === ls.STATUS.IN_PROGRESS);
      if (st >= 0) {
        result = search.result();
        st = 0;
      }
    }
    const outcome = st !== 0 ? st : result.status;
    let line = `${row.sx} ${row.sy} ${row.gx} ${row.gy}`;
    if (outcome < 0) {
      line += ` error ${ls.statusName(outcome)}\n`;
      totals.refused++;
    } else {
      line += ` ${result.cost} ${result.expansions} ${result.digest}`;
      if (outcome === 0) {
        line += points(result.path);
        totals.solved++;
        if (o.smooth) {
          let ways;
          try {
            ways = ls.smoothPath(grid, result.path);
          } catch (e) {
            if (e.name !== 'LockstarError') throw e;
            out.push(`${line} |`);
            flush();
            fail(`smoothing failed: ${ls.statusString(e.status)}`);
            status = EXIT_BAD_INPUT;
            break;
          }
          line += ` |${points(ways)}`;
        }
      }
      line += '\n';
      totals.expansions += BigInt(result.expansions);
    }
    out.push(line);
    size += line.length;
    if (size > 1 << 16) flush();
  }
  flush();
  search.destroy();
  grid.destroy();
  if (status !== EXIT_DONE) return status;
  process.stderr.write(`lockstar scen: ${rows.length} queries, ${totals.solved} solved, ${totals.refused} refused, ${totals.expansions} expansions, ${formatCpu(started)}\n`);
  return totals.refused > 0 ? EXIT_BAD_INPUT : EXIT_DONE;
}

process.exitCode = await main(process.argv.slice(2).map(bytes));
