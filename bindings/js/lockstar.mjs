// SPDX-License-Identifier: MIT
// lockstar.mjs - lockstar (deterministic grid pathfinding) for JavaScript:
// the C library compiled to WebAssembly (lockstar.wasm, a wasm32-wasi
// reactor built by `make`) behind an ES module with no dependencies.
// Works in node 18+ and in browsers; types in lockstar.d.ts.
//
//   import { load } from './lockstar.mjs';
//   const ls = await load();
//   const g = ls.createGrid(8, 8);
//   g.setRect(3, 0, 1, 7, 0);                       // a wall
//   const r = ls.findPath(g, { startX: 0, startY: 0, goalX: 7, goalY: 0 });
//   // r.status === ls.STATUS.OK, r.cost, r.expansions, r.digest, r.path
//
// Every number a search gives is the C library's, bit for bit: the same
// wasm runs the same integer code on every machine. Arguments are checked
// here before they reach the wasm (a JS number silently wraps when passed
// as an i32, which would turn a caller's mistake into another query):
// programming errors (a wrong type, a value outside its C type) throw
// TypeError or RangeError; a failing library call throws LockstarError
// (status, name, message) except where a status is the answer (findPath,
// Search.begin/step/check, the queue's and batch's per-request statuses).
// A key that is not an option (a misspelled `conectivity`) is refused
// with a TypeError naming it, never ignored (the checks: lockstar-args.mjs).
//
// Every object that owns wasm memory (Grid, Search, the extras' Queue,
// Batch, Agent, Rng, and lockstar-crowd.mjs's Crowd and Flow) is freed by
// destroy(), at once; one that is forgotten is freed after the JS engine
// collects it (a FinalizationRegistry per instance), so wasm memory,
// which never shrinks, stops growing once the engine collects. ls.liveObjects() counts what is not freed yet.
import {
  int32, uint32, uint8, uint64, int64, hex64, checkKeys, QUERY_KEYS, OPTION_KEYS, flatPoints,
} from './lockstar-args.mjs';
import { attachExtras } from './lockstar-extras.mjs';
import { attachCrowd } from './lockstar-crowd.mjs';
import { attachTables } from './lockstar-tables.mjs';

/** A failing library call: status (negative), name ("LS_ERR_..."), message. */
export class LockstarError extends Error {
  constructor(status, name, message) {
    super(`${name}: ${message}`);
    this.name = 'LockstarError';
    this.status = status;
    this.statusName = name;
    this.reason = message;
  }
}

// The header's constants (include/lockstar*.h), same values; the node
// tests compare every one with the headers.
const CONSTANTS = Object.freeze({
  MAX_DIMENSION: 16384,
  COST_MAX: 0x7fffffff,
  MAX_STEP_COST: 65535,
  MIN_WEIGHT: 0x00010000,
  MAX_WEIGHT: 0x00400000,
  CELL_BLOCKED: 0,
  CELL_OPEN: 1,
  GRID_FULL: 0,
  GRID_COMPACT: 1,
  CONNECT_4: 4,
  CONNECT_8: 8,
  CORNERS_NONE: 0,
  CORNERS_ONE: 1,
  CORNERS_ALL: 2,
  HEURISTIC_AUTO: 0,
  HEURISTIC_OCTILE: 1,
  HEURISTIC_MANHATTAN: 2,
  HEURISTIC_CHEBYSHEV: 3,
  HEURISTIC_ZERO: 4,
  HEURISTIC_LANDMARKS: 7,
  TIE_HIGH_G: 0,
  TIE_LOW_G: 1,
  ALGO_ASTAR: 0,
  ALGO_JPS: 1,
  ALGO_JPS_PLUS: 2,
  ALGO_HPA: 3,
  SEARCH_FULL: 0,
  SEARCH_COMPACT: 1,
  VISIT_NONE: 0,
  VISIT_OPEN: 1,
  VISIT_CLOSED: 2,
  BATCH_MAX_THREADS: 64,
  STEP_LEGAL: 0,
  STEP_OUT_OF_BOUNDS: 1,
  STEP_BLOCKED: 2,
  STEP_NOT_A_MOVE: 3,
  STEP_CORNER: 4,
  AGENT_IDLE: 0,
  AGENT_MOVING: 1,
  AGENT_ARRIVED: 2,
  SELFTEST_SEARCH: 0,
  SELFTEST_SCRIPT: 1,
  SELFTEST_NONE: 0xffffffff,
  CROWD_GROW_PATHS: 1,
  CROWD_MAX_CAPACITY: 0x01000000,
  CROWD_MAX_FIELDS: 1024,
  CROWD_FIELD_REACH: 1024,
  FLOW_GOAL: 8,
  FLOW_NONE: 9,
  FLOW_MAX_GOALS: 0x01000000,
  CLEARANCE_MAX: 16,
  CROWD_AVOIDANCE: 2,
  CROWD_MAX_RADIUS: 0x00400000,
  CROWD_MAX_PRIORITY: 99,
  CROWD_MAX_NEIGHBOURS: 32,
  CROWD_MAX_HORIZON: 1024,
});

// Byte layouts of the public structs on wasm32 (the node tests check the
// sizes against the C compiler's through the library's own behaviour, and
// load() compares QUERY_SIZE with the struct_size ls_query_init writes, so
// a module built from changed headers is refused rather than misread).
// ls_query: 15 uint32 fields, clearance (issue 22) the last at 56.
const QUERY_SIZE = 60;
const RESULT_SIZE = 24;
const POINT_SIZE = 8;
// One scratch block for out-parameters, allocated once per instance.
const SCRATCH = { query: 0, result: 64, out: 96, out2: 104, big: 128, size: 256 };
const EMPTY_DIGEST = 'cbf29ce484222325'; // ls_path_digest of no points

const isNode = typeof process === 'object' && process !== null &&
  typeof process.versions === 'object' && process.versions !== null &&
  typeof process.versions.node === 'string';

// ---------------------------------------------------------------- loading

async function readWasmBytes(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  let url = null;
  if (source instanceof URL) url = source;
  else if (typeof source === 'string') {
    if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(source) && !/^[a-zA-Z]:[\\/]/.test(source)) {
      url = new URL(source);
    } else if (isNode) {
      const { readFile } = await import('node:fs/promises');
      return readFile(source);
    } else {
      url = new URL(source, globalThis.location ? globalThis.location.href : undefined);
    }
  } else {
    throw new TypeError('load: wasm must be a BufferSource, a WebAssembly.Module, a URL or a path');
  }
  if (url.protocol === 'file:' && isNode) {
    const { readFile } = await import('node:fs/promises');
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`load: cannot fetch ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// The library does no I/O, so a linked lockstar.wasm imports nothing; if a
// future libc pulls in a WASI function, it gets a stub that throws (the
// library never meant to call it), so no WASI host is ever needed.
function stubImports(module) {
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.kind !== 'function') {
      throw new Error(`load: lockstar.wasm imports a ${imp.kind} ${imp.module}.${imp.name}; expected none`);
    }
    imports[imp.module] ??= {};
    imports[imp.module][imp.name] = (...args) => {
      throw new Error(`lockstar.wasm called ${imp.module}.${imp.name}(${args.join(', ')}), which this host does not provide`);
    };
  }
  return imports;
}

/**
 * Instantiate lockstar.wasm. options.wasm: its bytes (BufferSource), a
 * compiled WebAssembly.Module, a URL, or a file path (node); default: the
 * lockstar.wasm beside this module.
 */
export async function load(options = {}) {
  const source = options.wasm ?? new URL('./lockstar.wasm', import.meta.url);
  const got = await readWasmBytes(source);
  const module = got instanceof WebAssembly.Module ? got : await WebAssembly.compile(got);
  const instance = await WebAssembly.instantiate(module, stubImports(module));
  return new Lockstar(instance.exports, module);
}

// ------------------------------------------------------------- the module

class Lockstar {
  constructor(exports, module) {
    this._x = exports;
    this._module = module;
    if (typeof exports._initialize === 'function') exports._initialize();
    this._memory = exports.memory;
    this._buffer = null;
    this._dv = null;
    this._u8 = null;
    this._s = this._malloc(SCRATCH.size);
    this._points = 0;          // a growing buffer of ls_points
    this._pointsCapacity = 0;
    this._decoder = new TextDecoder('latin1');
    this._initNatives();
    // The struct the library fills is the one this module writes: its
    // size as the C compiler laid it out, from ls_query_init.
    exports.ls_query_init(this._s + SCRATCH.query);
    const querySize = this._u32(this._s + SCRATCH.query);
    if (querySize !== QUERY_SIZE) {
      throw new Error(`load: lockstar.wasm's ls_query is ${querySize} bytes, this lockstar.mjs writes ${QUERY_SIZE}: the module and the .wasm come from different versions`);
    }
    Object.assign(this, CONSTANTS);
    this.CONSTANTS = CONSTANTS;
    this.version = this._cstring(exports.ls_version());
    const status = {};
    const names = new Map();
    // The status table from the library itself: every value it names.
    for (let code = -128; code <= 128; code++) {
      const name = this._cstring(exports.ls_status_name(code));
      if (name === 'LS_UNKNOWN_STATUS') continue;
      status[name.replace(/^LS_/, '')] = code;
      names.set(code, name);
    }
    this.STATUS = Object.freeze(status);
    this._names = names;
    attachExtras(this, {
      LockstarError, int32, uint32, uint8, uint64, hex64, flatPoints, checkKeys,
      check: (st, what) => this._check(st, what),
    });
    attachCrowd(this, {
      int32, uint32, int64, hex64, flatPoints, checkKeys, OPTION_KEYS,
      check: (st, what) => this._check(st, what),
    });
    attachTables(this, {
      Grid, int32, uint32, hex64, checkKeys, check: (st, what) => this._check(st, what),
    });
  }

  // --- objects that own wasm memory
  // Each is adopted with a handle { kind, ptr, more } (never a reference to
  // the object, so the registry does not keep it alive): destroy() frees
  // through _release(handle) at once; a forgotten object's handle reaches
  // _release from the registry after the engine collects the object. The
  // registry belongs to this instance: when the whole instance is
  // collected, its memory goes with it and nothing is left to free.
  _initNatives() {
    this._liveCounts = { grid: 0, search: 0, queue: 0, batch: 0, agent: 0, rng: 0, crowd: 0, flow: 0 };
    this._sizeSearches = new Map(); // 'WxH' -> findPath's context, see _sizeSearch
    this._gridsOfSize = new Map();  // 'WxH' -> grids of that size not freed yet
    this._registry = typeof FinalizationRegistry === 'function'
      ? new FinalizationRegistry((handle) => this._release(handle))
      : null;
  }
  _adopt(obj, kind, ptr, more = 0, size = null) {
    const handle = { kind, ptr, more, size };
    this._liveCounts[kind]++;
    if (size !== null) this._gridsOfSize.set(size, (this._gridsOfSize.get(size) ?? 0) + 1);
    if (this._registry) this._registry.register(obj, handle, handle);
    return handle;
  }
  // Free what the handle owns, once (destroy() again, or the registry
  // after destroy(), finds ptr 0).
  _release(handle) {
    const { kind, ptr, more } = handle;
    if (ptr === 0) return;
    handle.ptr = 0;
    handle.more = 0;
    const x = this._x;
    switch (kind) {
      case 'grid': x.ls_grid_destroy(ptr); break;
      case 'search': x.ls_search_destroy(ptr); break;
      case 'queue': x.ls_queue_destroy(ptr); break;
      case 'batch': x.ls_batch_destroy(ptr); break;
      case 'crowd': x.ls_crowd_destroy(ptr); this._free(more); break; // its orderGroup ids
      case 'flow': x.ls_flow_destroy(ptr); this._free(more); break;   // its costs() buffer
      case 'cache': x.ls_path_cache_destroy(ptr); break;
      default: this._free(more); this._free(ptr); break; // agent (its route), rng
    }
    this._liveCounts[kind]--;
    if (handle.size !== null) {
      // The last grid of its size gone: findPath's context for that size too.
      const left = this._gridsOfSize.get(handle.size) - 1;
      if (left > 0) {
        this._gridsOfSize.set(handle.size, left);
      } else {
        this._gridsOfSize.delete(handle.size);
        const search = this._sizeSearches.get(handle.size);
        if (search !== undefined) x.ls_search_destroy(search);
        this._sizeSearches.delete(handle.size);
      }
    }
  }
  // destroy(): free now and forget the registration.
  _destroy(handle) {
    if (this._registry) this._registry.unregister(handle);
    this._release(handle);
  }

  /**
   * Objects owning wasm memory not freed yet, by kind, and their total:
   * what destroy() or the engine's collection has still to free.
   */
  liveObjects() {
    const counts = { ...this._liveCounts };
    counts.total = Object.values(this._liveCounts).reduce((a, b) => a + b, 0);
    return counts;
  }

  // --- memory
  _view() {
    if (this._buffer !== this._memory.buffer) {
      this._buffer = this._memory.buffer;
      this._dv = new DataView(this._buffer);
      this._u8 = new Uint8Array(this._buffer);
    }
    return this._dv;
  }
  _bytes() { this._view(); return this._u8; }
  _malloc(size) {
    const p = this._x.malloc(Math.max(size, 1));
    if (p === 0) throw new LockstarError(-4, 'LS_ERR_OUT_OF_MEMORY', `cannot allocate ${size} bytes in the wasm memory`);
    return p;
  }
  _free(p) { if (p) this._x.free(p); }
  _cstring(p) {
    const b = this._bytes();
    let end = p;
    while (b[end] !== 0) end++;
    return this._decoder.decode(b.subarray(p, end));
  }
  _u32(p) { return this._view().getUint32(p, true); }
  _i32(p) { return this._view().getInt32(p, true); }
  _u64(p) { return this._view().getBigUint64(p, true); }
  _setI32(p, v) { this._view().setInt32(p, v, true); }
  _setU32(p, v) { this._view().setUint32(p, v, true); }

  // A point buffer with room for at least count points.
  _pointBuffer(count) {
    if (count > this._pointsCapacity) {
      const want = Math.max(count, 256, this._pointsCapacity * 2);
      this._free(this._points);
      this._points = 0;
      this._pointsCapacity = 0;
      this._points = this._malloc(want * POINT_SIZE);
      this._pointsCapacity = want;
    }
    return this._points;
  }
  _readPoints(p, count) {
    this._view();
    return new Int32Array(this._buffer.slice(p, p + count * POINT_SIZE));
  }
  // Copy flat x,y pairs into wasm memory; returns the pointer (caller frees).
  _writePoints(flat) {
    const p = this._malloc(flat.length * 4);
    this._view();
    new Int32Array(this._buffer, p, flat.length).set(flat);
    return p;
  }

  _check(st, what) {
    if (st < 0) throw new LockstarError(st, this.statusName(st), `${what}: ${this.statusString(st)}`);
    return st;
  }

  /** ls_status_name: "LS_OK", "LS_ERR_GOAL_BLOCKED", ... */
  statusName(code) { return this._cstring(this._x.ls_status_name(int32(code, 'status'))); }
  /** ls_status_string: a short English description. */
  statusString(code) { return this._cstring(this._x.ls_status_string(int32(code, 'status'))); }

  // --- queries
  // ls_query_init into *p, then the given fields. Returns LS_OK, or the
  // status of a weight text that does not parse (LS_ERR_BAD_TEXT), so that
  // findPath can answer with a status as the C API would.
  _writeQuery(q, p, needPoints = true) {
    if (q === null || typeof q !== 'object') throw new TypeError('query must be an object');
    checkKeys(q, QUERY_KEYS, 'query');
    this._x.ls_query_init(p);
    const dv = () => this._view();
    const i32 = (off, key) => {
      if (q[key] !== undefined) dv().setInt32(p + off, int32(q[key], `query.${key}`), true);
    };
    const u32 = (off, key) => {
      if (q[key] !== undefined) dv().setUint32(p + off, uint32(q[key], `query.${key}`), true);
    };
    if (needPoints) {
      for (const key of ['startX', 'startY', 'goalX', 'goalY']) {
        if (q[key] === undefined) throw new TypeError(`query.${key} is required`);
      }
    }
    i32(4, 'startX'); i32(8, 'startY'); i32(12, 'goalX'); i32(16, 'goalY');
    i32(20, 'connectivity'); i32(24, 'cornerRule'); i32(28, 'heuristic');
    i32(32, 'tieBreak'); i32(36, 'algorithm');
    u32(40, 'straightCost'); u32(44, 'diagonalCost');
    u32(52, 'maxExpansions');
    u32(56, 'clearance');
    if (q.weightFix16 !== undefined) i32(48, 'weightFix16');
    if (q.weight !== undefined) {
      if (q.weightFix16 !== undefined) throw new TypeError('query: give weight or weightFix16, not both');
      const st = this._parseFix16Into(String(q.weight), p + 48);
      if (st < 0) return st;
    }
    return 0;
  }

  _parseFix16Into(text, out) {
    const bytes = new TextEncoder().encode(text);
    const p = this._malloc(bytes.length + 1);
    try {
      const b = this._bytes();
      b.set(bytes, p);
      b[p + bytes.length] = 0;
      return this._x.ls_fix16_parse(p, out);
    } finally {
      this._free(p);
    }
  }

  _errorResult(st) {
    return {
      status: st, statusName: this.statusName(st), cost: -1, expansions: 0,
      pathLength: 0, digest: EMPTY_DIGEST, path: new Int32Array(0),
    };
  }

  // The ls_result at p, with the path fetched by fetch(points, capacity,
  // lengthOut) when the status is LS_OK.
  _readResult(p, path) {
    const dv = this._view();
    const status = dv.getInt32(p, true);
    return {
      status,
      statusName: this.statusName(status),
      cost: dv.getInt32(p + 4, true),
      expansions: dv.getUint32(p + 8, true),
      pathLength: dv.getUint32(p + 12, true),
      digest: hex64(dv.getBigUint64(p + 16, true)),
      path,
    };
  }

  // Copy a path through fetch(points, capacity, lengthPtr) -> status,
  // growing the buffer once when the library says how long it is.
  _fetchPath(fetch, hint) {
    const len = this._s + SCRATCH.out;
    let cap = Math.max(hint, 1);
    let buf = this._pointBuffer(cap);
    cap = this._pointsCapacity;
    let st = fetch(buf, cap, len);
    if (st === -14) {
      const need = this._u32(len);
      buf = this._pointBuffer(need);
      st = fetch(buf, this._pointsCapacity, len);
    }
    if (st < 0) return { status: st, path: new Int32Array(0) };
    return { status: st, path: this._readPoints(buf, this._u32(len)) };
  }

  /** Create a width x height grid, every cell open (cost 1). */
  createGrid(width, height, options) {
    options = checkKeys(options, ['compact'], 'createGrid options');
    return new Grid(this, int32(width, 'width'), int32(height, 'height'),
      options.compact ? 1 : 0);
  }

  // findPath's context when the caller gives none: one full context per
  // grid size, shared by every grid of that size, as the header means a
  // context to be used (created once for a size, reused for any number of
  // queries; each query starts afresh, so no result depends on which
  // context ran it). A forgotten grid thus leaves only its cells behind
  // (about 2.3 bytes a cell with its clearances), not a context (20 bytes a cell). A size's
  // context is made by the first findPath on a grid of that size and
  // freed with the last grid of that size (destroyed or collected).
  _sizeSearch(width, height) {
    const key = `${width}x${height}`;
    let ptr = this._sizeSearches.get(key);
    if (ptr === undefined) {
      const out = this._s + SCRATCH.out;
      this._check(this._x.ls_search_create_with(width, height, 0, 0, out), 'findPath: a search context');
      ptr = this._u32(out);
      this._sizeSearches.set(key, ptr);
    }
    return ptr;
  }

  /** Create a search context bound to grid g (options.compact: LS_SEARCH_COMPACT). */
  createSearch(g, options) {
    options = checkKeys(options, ['compact'], 'createSearch options');
    return new Search(this, g, options.compact ? 1 : 0);
  }

  /**
   * Run one query to the end. Query errors (a blocked start, a bad
   * option, ...) come back as a negative status, not as an exception.
   * options.search: the context to use (else the instance's full context
   * for the grid's size, see _sizeSearch).
   */
  findPath(g, query, options) {
    return this._findPathWith(g, query, options, 'findPath',
      (search, grid, q, buf, cap, res) => this._x.ls_find_path(search, grid, q, buf, cap, res));
  }
  // findPath through call (ls_find_path, or a path cache's find).
  _findPathWith(g, query, options, what, call) {
    options = checkKeys(options, ['search'], `${what} options`);
    checkGrid(this, g);
    if (options.search !== undefined && (!(options.search instanceof Search) || options.search._grid !== g)) {
      throw new TypeError(`${what}: options.search must be a Search created for this grid`);
    }
    const q = this._s + SCRATCH.query;
    const res = this._s + SCRATCH.result;
    let st = this._writeQuery(query, q);
    if (st < 0) return this._errorResult(st);
    const search = options.search ? options.search._live() : this._sizeSearch(g.width, g.height);
    const cap = this._pointBuffer(4 * (g.width + g.height));
    st = call(search, g._ptr, q, cap, this._pointsCapacity, res);
    if (st < 0 && st !== -14) return this._errorResult(st);
    const r = this._readResult(res, new Int32Array(0));
    if (st === 0) {
      r.path = this._readPoints(cap, r.pathLength);
    } else if (r.status === 0) {
      const got = this._fetchPath((b, c, l) => this._x.ls_search_path(search, b, c, l), r.pathLength);
      this._check(got.status, `${what}: reading the path`);
      r.path = got.path;
    }
    return r;
  }

  /** ls_smooth_path: the waypoints of a path (Int32Array x0,y0,...). */
  smoothPath(g, path, options) {
    checkKeys(options, [], 'smoothPath options');
    return this._smooth(g, 0, path, 'smoothPath');
  }

  /** ls_smooth_path_sized: smoothPath's waypoints for a unit of this
   * clearance (0 or 1: exactly smoothPath), shortcuts only through cells
   * whose clearance is at least that. */
  smoothPathSized(g, clearance, path) {
    return this._smooth(g, clearance, path, 'smoothPathSized');
  }

  /* Both smoothings: ls_smooth_path is ls_smooth_path_sized with
   * clearance 0 (lockstar_world.h), so one call serves both. */
  _smooth(g, clearance, path, what) {
    checkGrid(this, g);
    uint32(clearance, 'clearance');
    const flat = flatPoints(path, 'path');
    const count = flat.length / 2;
    const src = this._writePoints(flat);
    try {
      const out = this._pointBuffer(count);
      const len = this._s + SCRATCH.out;
      this._check(this._x.ls_smooth_path_sized(g._ptr, clearance, src, count, out, count, len), what);
      return this._readPoints(out, this._u32(len));
    } finally {
      this._free(src);
    }
  }

  /** ls_selftest: every built-in golden case, and the combined digest.
   * A Promise: the self-test is a module of its own, lockstar-selftest.wasm
   * (options.wasm: its bytes, module, URL or path, as load()'s; default:
   * beside this module), fetched on the first call, never by load(). */
  async selftest(options = {}) {
    const st = await this._openSelftest(options);
    const r = st.run();
    const firstFailed = r.firstFailed === 0xffffffff ? -1 : r.firstFailed;
    return {
      status: r.status,
      statusName: this.statusName(r.status),
      total: r.total,
      passed: r.passed,
      failed: r.failed,
      firstFailed,
      firstFailedKind: r.firstFailedKind,
      firstFailedStep: r.firstFailedStep,
      firstFailedName: firstFailed >= 0 ? st.caseName(firstFailed) : null,
      digest: hex64(r.digest),
    };
  }

  // A fresh instance of the self-test's module (lockstar-selftest.mjs).
  async _openSelftest(options) {
    const { openSelftest } = await import('./lockstar-selftest.mjs');
    return openSelftest(options.wasm, { readWasmBytes, stubImports });
  }
}

function checkGrid(ls, g) {
  if (!(g instanceof Grid) || g._ls !== ls) throw new TypeError('expected a Grid made by this instance (ls.createGrid)');
  g._live();
}

class Grid {
  constructor(ls, width, height, flags) {
    this._ls = ls;
    const out = ls._s + SCRATCH.out;
    ls._check(ls._x.ls_grid_create_with(width, height, flags, 0, out), 'createGrid');
    this._ptr = ls._u32(out);
    this._handle = ls._adopt(this, 'grid', this._ptr, 0, `${width}x${height}`);
    this.width = width;
    this.height = height;
    this.compact = flags === 1;
  }
  _live() {
    if (this._ptr === 0) throw new TypeError('this Grid was destroyed');
    return this._ptr;
  }
  _cell(x, y) {
    int32(x, 'x');
    int32(y, 'y');
  }
  get(x, y) {
    this._cell(x, y);
    const ls = this._ls;
    const out = ls._s + SCRATCH.out;
    ls._check(ls._x.ls_grid_get(this._live(), x, y, out), 'grid.get');
    return ls._bytes()[out];
  }
  set(x, y, value) {
    this._cell(x, y);
    uint8(value, 'value');
    this._ls._check(this._ls._x.ls_grid_set(this._live(), x, y, value), 'grid.set');
  }
  fill(value) {
    uint8(value, 'value');
    this._ls._check(this._ls._x.ls_grid_fill(this._live(), value), 'grid.fill');
  }
  setRect(x, y, w, h, value) {
    this._cell(x, y);
    int32(w, 'w');
    int32(h, 'h');
    uint8(value, 'value');
    this._ls._check(this._ls._x.ls_grid_set_rect(this._live(), x, y, w, h, value), 'grid.setRect');
  }
  /** ls_grid_load: width*height cells, row-major. */
  load(cells) {
    if (!(cells instanceof Uint8Array)) throw new TypeError('grid.load: cells must be a Uint8Array');
    const ls = this._ls;
    const p = ls._malloc(cells.length);
    try {
      ls._bytes().set(cells, p);
      ls._check(ls._x.ls_grid_load(this._live(), p, cells.length), 'grid.load');
    } finally {
      ls._free(p);
    }
  }
  /** Every cell, row-major (a copy), read with ls_grid_get. */
  cells() {
    const out = new Uint8Array(this.width * this.height);
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) out[y * this.width + x] = this.get(x, y);
    }
    return out;
  }
  /** ls_grid_clearance: cell (x, y)'s clearance (0 blocked; k: the centre
   * of a free (2k - 1) x (2k - 1) square, at most CLEARANCE_MAX); a
   * compact grid keeps none (LockstarError ERR_BAD_CLEARANCE). */
  clearance(x, y) {
    this._cell(x, y);
    const ls = this._ls;
    const out = ls._s + SCRATCH.out;
    ls._check(ls._x.ls_grid_clearance(this._live(), x, y, out), 'grid.clearance');
    return ls._u32(out);
  }
  revision() {
    const ls = this._ls;
    const out = ls._s + SCRATCH.out;
    ls._check(ls._x.ls_grid_revision(this._live(), out), 'grid.revision');
    return ls._u32(out);
  }
  /** ls_grid_digest as 16 lowercase hex digits. */
  digest() {
    const ls = this._ls;
    const out = ls._s + SCRATCH.out;
    ls._check(ls._x.ls_grid_digest(this._live(), out), 'grid.digest');
    return hex64(ls._u64(out));
  }
  /** Free the grid now; again: nothing. */
  destroy() {
    this._ls._destroy(this._handle);
    this._ptr = 0;
  }
}

class Search {
  constructor(ls, g, flags) {
    checkGrid(ls, g);
    this._ls = ls;
    this._grid = g;
    const out = ls._s + SCRATCH.out;
    ls._check(ls._x.ls_search_create_with(g.width, g.height, flags, 0, out), 'createSearch');
    this._ptr = ls._u32(out);
    this._handle = ls._adopt(this, 'search', this._ptr);
    this.compact = flags === 1;
    this.width = g.width;
    this.height = g.height;
  }
  get grid() { return this._grid; }
  _live() {
    if (this._ptr === 0) throw new TypeError('this Search was destroyed');
    this._grid._live();
    return this._ptr;
  }
  /** ls_search_check: would begin accept the query? LS_OK or the error. */
  check(query) {
    const ls = this._ls;
    const q = ls._s + SCRATCH.query;
    const st = ls._writeQuery(query, q);
    if (st < 0) return st;
    return ls._x.ls_search_check(this._live(), this._grid._ptr, q);
  }
  /** ls_search_begin; returns the status (an error leaves no query). */
  begin(query) {
    const ls = this._ls;
    const q = ls._s + SCRATCH.query;
    const st = ls._writeQuery(query, q);
    if (st < 0) return st;
    return ls._x.ls_search_begin(this._live(), this._grid._ptr, q);
  }
  /** ls_search_step: at most budget expansions (0: to the end). */
  step(budget = 0) {
    return this._ls._x.ls_search_step(this._live(), uint32(budget, 'budget'));
  }
  /** The finished query's result, shaped as findPath's. */
  result() {
    const ls = this._ls;
    const res = ls._s + SCRATCH.result;
    const st = ls._x.ls_search_result(this._live(), res);
    if (st < 0) return ls._errorResult(st);
    const r = ls._readResult(res, new Int32Array(0));
    if (r.status === 0) r.path = this.path();
    return r;
  }
  /** Expansions of the query begun last (0 when none was begun). */
  expansions() {
    const ls = this._ls;
    const out = ls._s + SCRATCH.out;
    const st = ls._x.ls_search_expansions(this._live(), out);
    if (st === ls.STATUS.ERR_NO_QUERY) return 0;
    ls._check(st, 'search.expansions');
    return ls._u32(out);
  }
  /** ls_search_path as Int32Array x0,y0,...; empty after NO_PATH or
   * EXPANSION_LIMIT; throws LockstarError on an error status. */
  path() {
    const ls = this._ls;
    const got = ls._fetchPath((b, c, l) => ls._x.ls_search_path(this._live(), b, c, l), 4 * (this.width + this.height));
    ls._check(got.status, 'search.path');
    return got.path;
  }
  /** ls_search_partial_path (after NO_PATH or EXPANSION_LIMIT); throws
   * LockstarError (LS_ERR_NO_PARTIAL after LS_OK, ...) otherwise. */
  partialPath() {
    const ls = this._ls;
    const got = ls._fetchPath((b, c, l) => ls._x.ls_search_partial_path(this._live(), b, c, l), 4 * (this.width + this.height));
    ls._check(got.status, 'search.partialPath');
    return got.path;
  }
  /** ls_search_cell_state of one cell (VISIT_NONE, _OPEN, _CLOSED). */
  cellState(x, y) {
    const ls = this._ls;
    const out = ls._s + SCRATCH.out;
    ls._check(ls._x.ls_search_cell_state(this._live(), int32(x, 'x'), int32(y, 'y'), out), 'search.cellState');
    return ls._i32(out);
  }
  /** ls_search_cell_costs of one cell: { state, g, h, f } where the query
   * begun last reached it, null where it did not; throws LockstarError
   * (ERR_NO_QUERY, ERR_OUT_OF_BOUNDS, ERR_GRID_CHANGED after an edit). */
  cellCosts(x, y) {
    const ls = this._ls;
    const out = ls._s + SCRATCH.big; // ls_cell_costs: four int32
    ls._check(ls._x.ls_search_cell_costs(this._live(), int32(x, 'x'), int32(y, 'y'), out), 'search.cellCosts');
    const state = ls._i32(out);
    if (state === 0) return null;
    return { state, g: ls._i32(out + 4), h: ls._i32(out + 8), f: ls._i32(out + 12) };
  }
  /** ls_search_cell_states: every cell's VISIT_* byte, row-major; all
   * VISIT_NONE when no query was begun (or the last begin was refused). */
  cellStates() {
    const ls = this._ls;
    const n = this.width * this.height;
    const p = ls._malloc(n);
    try {
      const st = ls._x.ls_search_cell_states(this._live(), p, n);
      if (st === ls.STATUS.ERR_NO_QUERY) return new Uint8Array(n);
      ls._check(st, 'search.cellStates');
      return ls._bytes().slice(p, p + n);
    } finally {
      ls._free(p);
    }
  }
  /** Free the context now; again: nothing. */
  destroy() {
    this._ls._destroy(this._handle);
    this._ptr = 0;
  }
}

export { CONSTANTS, Grid, Search };
