// SPDX-License-Identifier: MIT
// lockstar-extras.mjs - the rest of lockstar's public API for JavaScript,
// beside the core of lockstar.mjs (which attaches these to every loaded
// instance): the path request queue, batches, the path check, world
// coordinates, line of sight, smoothing with a capacity, path following
// agents, the path digest, fixed-point text and the SplitMix64 generator.
// Internal module: import lockstar.mjs, not this file.
//
// World values (positions, cell sizes, lengths, speeds) are raw fix16
// integers (65536 = 1.0), exactly as the C API takes them: a float would
// bring back the rounding differences lockstar exists to avoid. A world
// frame is { originX, originY, cellSize }.
//
// Queue, Batch, Agent and Rng own wasm memory like Grid and Search: each is
// adopted by the instance (ls._adopt), freed by destroy() or, forgotten,
// after the engine collects it.
import { parseMapText } from './movingai.mjs';

const EMPTY_DIGEST = 'cbf29ce484222325'; // ls_path_digest of no points
const POINT_SIZE = 8;
const QUERY_SIZE = 60;      // checked against ls_query_init by load()
const RESULT_SIZE = 24;
const AGENT_SIZE = 48;
const BUFFER_TOO_SMALL = -14;

export function attachExtras(ls, h) {
  const { LockstarError, int32, uint32, uint64, hex64, flatPoints, checkKeys, check } = h;
  const x = ls._x;
  const out = () => ls._s + 96;
  const out2 = () => ls._s + 104;
  const big = () => ls._s + 128;

  // A call that fills a buffer of points (capacity given, or as needed):
  // BUFFER_TOO_SMALL with a capacity throws a LockstarError whose count is
  // the number the call stored.
  function pointsCall(what, capacity, hint, call) {
    const len = out();
    if (capacity !== undefined) {
      uint32(capacity, `${what}: capacity`);
      const buf = capacity === 0 ? 0 : ls._pointBuffer(capacity);
      const st = call(buf, capacity, len);
      if (st === BUFFER_TOO_SMALL) {
        const e = new LockstarError(st, ls.statusName(st), `${what}: ${ls.statusString(st)}`);
        e.count = ls._u32(len);
        throw e;
      }
      check(st, what);
      return ls._readPoints(buf, ls._u32(len));
    }
    let buf = ls._pointBuffer(Math.max(hint, 1));
    let st = call(buf, ls._pointsCapacity, len);
    if (st === BUFFER_TOO_SMALL) {
      buf = ls._pointBuffer(ls._u32(len));
      st = call(buf, ls._pointsCapacity, len);
    }
    check(st, what);
    return ls._readPoints(buf, ls._u32(len));
  }

  function withPoints(path, what, fn) {
    const flat = flatPoints(path, what);
    const p = ls._writePoints(flat);
    try {
      return fn(p, flat.length / 2);
    } finally {
      ls._free(p);
    }
  }

  function writeWorld(world, p) {
    if (world === null || typeof world !== 'object') throw new TypeError('world must be { originX, originY, cellSize }');
    const dv = ls._view();
    dv.setInt32(p, int32(world.originX ?? 0, 'world.originX'), true);
    dv.setInt32(p + 4, int32(world.originY ?? 0, 'world.originY'), true);
    dv.setInt32(p + 8, int32(world.cellSize ?? 65536, 'world.cellSize'), true);
    return p;
  }
  const worldAt = (world) => writeWorld(world, big() + 64);
  const pointOut = (p) => ({ x: ls._i32(p), y: ls._i32(p + 4) });

  // ---------------------------------------------------------- numbers
  /** ls_fix16_parse: decimal text to a raw fix16 integer; throws LS_ERR_BAD_TEXT. */
  ls.parseFix16 = (text) => {
    if (typeof text !== 'string') throw new TypeError('parseFix16: text must be a string');
    check(ls._parseFix16Into(text, out()), `parseFix16('${text}')`);
    return ls._i32(out());
  };
  /** ls_path_digest of a path (Int32Array x0,y0,... or [{x,y}]), 16 hex digits. */
  ls.pathDigest = (path) => withPoints(path, 'path', (p, n) => {
    check(x.ls_path_digest(p, n, out()), 'pathDigest');
    return hex64(ls._u64(out()));
  });
  /** ls_query_validate: LS_OK or the error ls_search_begin would give. */
  ls.validateQuery = (g, query) => {
    g._live();
    const q = ls._s;
    const st = ls._writeQuery(query, q);
    if (st < 0) return st;
    return x.ls_query_validate(q, g._ptr);
  };
  /** ls_search_bytes_per_cell for { compact }. */
  ls.searchBytesPerCell = (options) =>
    x.ls_search_bytes_per_cell(checkKeys(options, ['compact'], 'searchBytesPerCell options').compact ? 1 : 0);
  /** The name of built-in self-test case index ("random-0006", ...), or
   * null: a Promise, from the self-test's own module (ls.selftest()). */
  ls.selftestCaseName = async (index, options = {}) => {
    const i = uint32(index, 'index');
    return (await ls._openSelftest(options)).caseName(i);
  };

  /** SplitMix64 (ls_rng): next() -> bigint, below(bound) -> number. */
  ls.createRng = (seed = 0n) => {
    const s = uint64(seed, 'seed');
    const p = ls._malloc(8);
    x.ls_rng_seed(p, s);
    const rng = {
      next() { return BigInt.asUintN(64, x.ls_rng_next(live())); },
      below(bound) { return x.ls_rng_below(live(), uint32(bound, 'bound')) >>> 0; },
      get state() { return ls._u64(live()); },
      /** Free it now; again: nothing. */
      destroy() { ls._destroy(handle); },
    };
    const handle = ls._adopt(rng, 'rng', p);
    const live = () => {
      if (!handle.ptr) throw new TypeError('this Rng was destroyed');
      return handle.ptr;
    };
    return rng;
  };

  // ------------------------------------------------------- path check
  /**
   * ls_check_path: path (as found with query's movement rules and step
   * costs) against the grid as it is now. Returns { status, statusName,
   * firstIllegal, reason, cost, costChanged }; status < 0 (bad options,
   * cost overflow) leaves the other fields undefined.
   */
  ls.checkPath = (g, query, path, plannedCost = -1) => {
    g._live();
    const q = ls._s;
    let st = ls._writeQuery(query, q, false);
    if (st < 0) return { status: st, statusName: ls.statusName(st) };
    return withPoints(path, 'path', (p, n) => {
      const r = big();
      st = x.ls_check_path(g._ptr, q, p, n, int32(plannedCost, 'plannedCost'), r);
      const res = { status: st, statusName: ls.statusName(st) };
      if (st === 0) {
        res.firstIllegal = ls._u32(r);
        res.reason = ls._i32(r + 4);
        res.cost = ls._i32(r + 8);
        res.costChanged = ls._i32(r + 12) !== 0;
      }
      return res;
    });
  };

  // ------------------------------------------------------------ world
  ls.worldCell = (world, wx, wy) => {
    const c = big();
    check(x.ls_world_cell(worldAt(world), int32(wx, 'x'), int32(wy, 'y'), c), 'worldCell');
    return pointOut(c);
  };
  ls.worldToCell = (world, g, wx, wy) => {
    const c = big();
    check(x.ls_world_to_cell(worldAt(world), g._live(), int32(wx, 'x'), int32(wy, 'y'), c), 'worldToCell');
    return pointOut(c);
  };
  ls.worldCellCenter = (world, cx, cy) => {
    const c = big();
    check(x.ls_world_cell_center(worldAt(world), int32(cx, 'cx'), int32(cy, 'cy'), c, c + 4), 'worldCellCenter');
    return pointOut(c);
  };
  ls.worldDistance = (ax, ay, bx, by) => {
    check(x.ls_world_distance(int32(ax, 'ax'), int32(ay, 'ay'), int32(bx, 'bx'), int32(by, 'by'), out()), 'worldDistance');
    return ls._i32(out());
  };
  ls.worldSegmentLength = (world, ax, ay, bx, by) => {
    check(x.ls_world_segment_length(worldAt(world), int32(ax, 'ax'), int32(ay, 'ay'), int32(bx, 'bx'), int32(by, 'by'), out()), 'worldSegmentLength');
    return ls._i32(out());
  };
  /** ls_world_clearance: the clearance class of a disc of radius (raw
   * fix16) in the frame: the least k >= 1 with (2k - 1) * cellSize >= 2 *
   * radius; LockstarError ERR_BAD_RADIUS (negative, or k above
   * CLEARANCE_MAX), ERR_BAD_FRAME. */
  ls.worldClearance = (world, radius) => {
    check(x.ls_world_clearance(worldAt(world), int32(radius, 'radius'), out()), 'worldClearance');
    return ls._u32(out());
  };
  ls.worldPathLength = (world, path) => withPoints(path, 'path', (p, n) => {
    check(x.ls_world_path_length(worldAt(world), p, n, out()), 'worldPathLength');
    return ls._i32(out());
  });

  // ---------------------------------------------------- line of sight
  /** ls_line_cells: the cells the segment touches, in walk order. */
  ls.lineCells = (ax, ay, bx, by, capacity) => {
    int32(ax, 'ax'); int32(ay, 'ay'); int32(bx, 'bx'); int32(by, 'by');
    return pointsCall('lineCells', capacity, Math.abs(bx - ax) + Math.abs(by - ay) + 1,
      (b, c, l) => x.ls_line_cells(ax, ay, bx, by, b, c, l));
  };
  ls.lineOfSight = (g, ax, ay, bx, by) => {
    check(x.ls_line_of_sight(g._live(), int32(ax, 'ax'), int32(ay, 'ay'), int32(bx, 'bx'), int32(by, 'by'), out()), 'lineOfSight');
    return ls._i32(out()) !== 0;
  };
  /** ls_line_cost: the dearest cell on the segment, 0 when one is blocked. */
  ls.lineCost = (g, ax, ay, bx, by) => {
    check(x.ls_line_cost(g._live(), int32(ax, 'ax'), int32(ay, 'ay'), int32(bx, 'bx'), int32(by, 'by'), out()), 'lineCost');
    return ls._bytes()[out()];
  };
  /** ls_smooth_path with an explicit capacity (see smoothPath). */
  ls.smoothPathInto = (g, path, capacity) => withPoints(path, 'path', (p, n) =>
    pointsCall('smoothPath', capacity, n, (b, c, l) => x.ls_smooth_path(g._live(), p, n, b, c, l)));

  // ----------------------------------------------------------- agents
  // The agent's struct and its route live in wasm memory, both in the
  // handle (ptr, more) so that a forgotten agent frees both.
  class Agent {
    constructor() {
      const p = ls._malloc(AGENT_SIZE);
      ls._bytes().fill(0, p, p + AGENT_SIZE);
      this._handle = ls._adopt(this, 'agent', p);
      this._routeCount = 0;
    }
    get _p() {
      if (!this._handle.ptr) throw new TypeError('this Agent was destroyed');
      return this._handle.ptr;
    }
    /** ls_agent_init; throws (agent untouched) on an error. */
    init(world, wx, wy, speed) {
      const w = worldAt(world);
      check(x.ls_agent_init(this._p, w, int32(wx, 'x'), int32(wy, 'y'), int32(speed, 'speed')), 'agent.init');
      return this;
    }
    /** ls_agent_follow: a new route (kept by the agent for step()). */
    follow(waypoints) {
      const agent = this._p;
      const flat = flatPoints(waypoints, 'waypoints');
      const p = ls._writePoints(flat);
      const st = x.ls_agent_follow(agent, p, flat.length / 2);
      if (st < 0) {
        ls._free(p);
        check(st, 'agent.follow');
      }
      ls._free(this._handle.more);
      this._handle.more = p;
      this._routeCount = flat.length / 2;
      return this.state;
    }
    /** ls_agent_step along the route; count overrides the route's count
     * (tests: another count is LS_ERR_BAD_AGENT). */
    step(count = this._routeCount) {
      check(x.ls_agent_step(this._p, this._handle.more, uint32(count, 'count')), 'agent.step');
      return this.snapshot();
    }
    get x() { return ls._i32(this._p + 12); }
    get y() { return ls._i32(this._p + 16); }
    get speed() { return ls._i32(this._p + 20); }
    set speed(v) { ls._setI32(this._p + 20, int32(v, 'speed')); }
    get state() { return ls._i32(this._p + 24); }
    get count() { return ls._u32(this._p + 28); }
    get target() { return ls._u32(this._p + 32); }
    get fromX() { return ls._i32(this._p + 36); }
    get fromY() { return ls._i32(this._p + 40); }
    get travelled() { return ls._i32(this._p + 44); }
    get world() {
      return { originX: ls._i32(this._p), originY: ls._i32(this._p + 4), cellSize: ls._i32(this._p + 8) };
    }
    snapshot() {
      return {
        x: this.x, y: this.y, speed: this.speed, state: this.state, count: this.count,
        target: this.target, fromX: this.fromX, fromY: this.fromY, travelled: this.travelled,
        world: this.world,
      };
    }
    /** Free the agent and its route now; again: nothing. */
    destroy() {
      ls._destroy(this._handle);
    }
  }
  /** An agent: all fields 0 (idle, no frame), or initialised when world is given. */
  ls.createAgent = (world, wx, wy, speed) => {
    const a = new Agent();
    if (world !== undefined) {
      try {
        a.init(world, wx, wy, speed);
      } catch (e) {
        a.destroy();
        throw e;
      }
    }
    return a;
  };

  // ------------------------------------------------------------ queue
  class Queue {
    constructor(width, height, capacity, poolPoints) {
      check(x.ls_queue_create(int32(width, 'width'), int32(height, 'height'),
        uint32(capacity, 'capacity'), uint32(poolPoints, 'poolPoints'), 0, out()), 'createQueue');
      this._p = ls._u32(out());
      this._handle = ls._adopt(this, 'queue', this._p);
      this.width = width;
      this.height = height;
    }
    _live() {
      if (!this._p) throw new TypeError('this Queue was destroyed');
      return this._p;
    }
    /** ls_queue_submit; returns the status (QUEUE_FULL, DUPLICATE_ID, ...). */
    submit(id, query) {
      const q = ls._s;
      const st = ls._writeQuery(query, q);
      if (st < 0) return st;
      return x.ls_queue_submit(this._live(), uint64(id, 'id'), q);
    }
    cancel(id) { return x.ls_queue_cancel(this._live(), uint64(id, 'id')); }
    release(id) { return x.ls_queue_release(this._live(), uint64(id, 'id')); }
    /** ls_queue_tick; returns LS_OK or LS_ERR_GRID_MISMATCH. */
    tick(g, budget = 0) { return x.ls_queue_tick(this._live(), g._live(), uint32(budget, 'budget')); }
    /** The request's status: IN_PROGRESS, or its final status; throws for an unknown id. */
    status(id) {
      check(x.ls_queue_status(this._live(), uint64(id, 'id'), out()), 'queue.status');
      return ls._i32(out());
    }
    pending() {
      check(x.ls_queue_pending(this._live(), out()), 'queue.pending');
      return ls._u32(out());
    }
    /** ls_queue_result: { status (the call's), statusName, resultStatus,
     * cost, expansions, pathLength, digest }: the request's result when
     * the call filled it (LS_OK, LS_ERR_POOL_FULL), else resultStatus
     * the call's status, cost -1, expansions 0, pathLength 0 and the
     * digest of no points (as findPath's refused queries). */
    result(id) {
      const r = ls._s + 64;
      const st = x.ls_queue_result(this._live(), uint64(id, 'id'), r);
      const res = {
        status: st, statusName: ls.statusName(st),
        resultStatus: st, cost: -1, expansions: 0, pathLength: 0, digest: EMPTY_DIGEST,
      };
      if (st === 0 || st === ls.STATUS.ERR_POOL_FULL) {
        const full = ls._readResult(r, undefined);
        res.resultStatus = full.status;
        res.cost = full.cost;
        res.expansions = full.expansions;
        res.pathLength = full.pathLength;
        res.digest = full.digest;
      }
      return res;
    }
    /** ls_queue_path: the kept path; empty for NO_PATH / EXPANSION_LIMIT;
     * throws LockstarError when there is none (POOL_FULL, NOT_DONE, ...). */
    path(id) {
      const key = uint64(id, 'id');
      return pointsCall('queue.path', undefined, 4 * (this.width + this.height),
        (b, c, l) => x.ls_queue_path(this._live(), key, b, c, l));
    }
    /** Free the queue now; again: nothing. */
    destroy() {
      ls._destroy(this._handle);
      this._p = 0;
    }
  }
  /** A path request queue for width x height grids. */
  ls.createQueue = (width, height, options) => {
    const o = checkKeys(options, ['capacity', 'poolPoints'], 'createQueue options');
    return new Queue(width, height, o.capacity ?? 64, o.poolPoints ?? 4096);
  };

  // ------------------------------------------------------------ batch
  class Batch {
    constructor(width, height, threads, flags) {
      check(x.ls_batch_create(int32(width, 'width'), int32(height, 'height'), flags,
        uint32(threads, 'threads'), 0, out()), 'createBatch');
      this._p = ls._u32(out());
      this._handle = ls._adopt(this, 'batch', this._p);
      this.width = width;
      this.height = height;
    }
    _live() {
      if (!this._p) throw new TypeError('this Batch was destroyed');
      return this._p;
    }
    /** Threads the batch was made with (wasm has none: all run on the caller's). */
    threads() { return x.ls_batch_threads(this._live()); }
    /**
     * ls_batch_run of queries on g. Returns one object per query: status
     * (what ls_find_path returned for it), statusName, and when the status
     * is >= 0 or BUFFER_TOO_SMALL: cost, expansions, pathLength, digest,
     * path (empty unless LS_OK). options.capacity: points per query
     * (default width * height, room for any path).
     */
    run(g, queries, options) {
      return this._run(g, queries, options, false).results;
    }
    /**
     * ls_batch_run_keep: run() for paths of unknown length, no query
     * searched twice. Returns { ran, results }: results (as run()'s) of
     * queries[0..ran); a path longer than options.capacity (default
     * 4 * (width + height) points) has status ERR_BUFFER_TOO_SMALL, its
     * needed length in pathLength, and is kept by the batch: keptPath(i)
     * copies it out until the next run. Run queries.slice(ran) next.
     */
    runKeep(g, queries, options) {
      return this._run(g, queries, options, true);
    }
    /** ls_batch_kept_path: the path the last runKeep kept for queries[index];
     * throws LockstarError (ERR_NO_QUERY) when it kept none for it. */
    keptPath(index) {
      const i = uint32(index, 'index');
      return pointsCall('batch.keptPath', undefined, 4 * (this.width + this.height),
        (b, c, l) => x.ls_batch_kept_path(this._live(), i, b, c, l));
    }
    _run(g, queries, options, keep) {
      const what = keep ? 'batch.runKeep' : 'batch.run';
      options = checkKeys(options, ['capacity'], `${what} options`);
      if (!Array.isArray(queries)) throw new TypeError(`${what}: queries must be an array`);
      const n = queries.length;
      const capacity = uint32(options.capacity ?? (keep ? 4 * (this.width + this.height) : this.width * this.height), 'capacity');
      const qs = ls._malloc(n * QUERY_SIZE);
      const sts = ls._malloc(n * 4);
      const rs = ls._malloc(n * RESULT_SIZE);
      let pts = 0;
      try {
        queries.forEach((q, i) => {
          const st = ls._writeQuery(q, qs + i * QUERY_SIZE);
          if (st < 0) check(st, `${what}: queries[${i}].weight`);
        });
        pts = capacity > 0 ? ls._malloc(n * capacity * POINT_SIZE) : 0;
        let ran = n;
        if (keep) {
          check(x.ls_batch_run_keep(this._live(), g._live(), qs, n, pts, capacity, sts, rs, out()), what);
          ran = ls._u32(out());
        } else {
          check(x.ls_batch_run(this._live(), g._live(), qs, n, pts, capacity, sts, rs), what);
        }
        const results = [];
        for (let i = 0; i < ran; i++) {
          const st = ls._i32(sts + 4 * i);
          const item = { status: st, statusName: ls.statusName(st) };
          if (st >= 0 || st === BUFFER_TOO_SMALL) {
            const r = ls._readResult(rs + i * RESULT_SIZE, new Int32Array(0));
            item.resultStatus = r.status;
            item.cost = r.cost;
            item.expansions = r.expansions;
            item.pathLength = r.pathLength;
            item.digest = r.digest;
            item.path = st === 0 ? ls._readPoints(pts + i * capacity * POINT_SIZE, r.pathLength) : new Int32Array(0);
          }
          results.push(item);
        }
        return { ran, results };
      } finally {
        ls._free(qs);
        ls._free(sts);
        ls._free(rs);
        ls._free(pts);
      }
    }
    /** Free the batch now; again: nothing. */
    destroy() {
      ls._destroy(this._handle);
      this._p = 0;
    }
  }
  /** A batch of options.threads workers (1..64) for width x height grids. */
  ls.createBatch = (width, height, options) => {
    const o = checkKeys(options, ['threads', 'compact'], 'createBatch options');
    return new Batch(width, height, o.threads ?? 1, o.compact ? 1 : 0);
  };

  // ------------------------------------------------------ maps as text
  /**
   * A grid from a map written as text (movingai.mjs parseMapText: a whole
   * Moving AI map, or the bare block of its rows; . G open, S swamp at
   * options.swampCost, @ O T W blocked). options.compact: LS_GRID_COMPACT.
   * A bad map throws the reader's Error ("LINE: reason", .line, .reason).
   */
  ls.gridFromText = (text, options) => {
    const o = checkKeys(options, ['swampCost', 'compact'], 'gridFromText options');
    const map = parseMapText(text, { swampCost: o.swampCost ?? 1 });
    const g = ls.createGrid(map.width, map.height, { compact: Boolean(o.compact) });
    try {
      g.load(map.cells);
    } catch (e) {
      g.destroy();
      throw e;
    }
    return g;
  };
}
