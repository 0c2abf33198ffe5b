// SPDX-License-Identifier: MIT
// lockstar-crowd.mjs - the crowd (lockstar_crowd.h) and flow fields
// (lockstar_flow.h) for JavaScript, attached by lockstar.mjs to every
// loaded instance: ls.Crowd, ls.Flow, ls.checkRoute. Internal module:
// import lockstar.mjs, not this file.
//
//   const crowd = new ls.Crowd({ width: 32, height: 16, capacity: 16, budget: 200 });
//   crowd.add(1, 2, 2, ls.parseFix16('0.5'));      // id, cell, speed (raw fix16)
//   crowd.order(1, 30, 2);
//   crowd.orderGroup([7, 8], 30, 14);               // one flow field for both
//   crowd.tick(grid);                               // one deterministic tick
//   crowd.tickDigest();                             // '1f0ed1877a9cd4b3'
//
// Same conventions as the rest of the binding: arguments checked before
// they reach the wasm (TypeError, RangeError), option keys checked by name,
// a failing command (add, order, tick, ...) throws LockstarError with the
// library's status, while a status that is the answer (Flow.begin, step,
// refresh; checkRoute) is returned. Ids are signed 64-bit: a safe integer
// or a bigint in, always a bigint out. World values (positions, speeds,
// cell sizes) are raw fix16 integers (65536 = 1.0).
//
// Per tick nothing is allocated on the JS side: tick() is one wasm call;
// the readers meant for every frame (positions, states, Flow.costs and
// directions) fill arrays the caller passes in. Crowd and Flow own wasm
// memory like Grid: destroy() frees it at once; a forgotten one is freed
// after the engine collects it.

// Byte layouts on wasm32 (lockstar_crowd.h). ls_crowd_config: the
// options are an ls_query (60 bytes) at 32; phase and user are 4-byte
// pointers at 108 and 112; the avoidance settings follow (issue 22).
// attachCrowd compares CONFIG_SIZE with the struct_size that
// ls_crowd_config_init writes, so other headers are refused at load.
const CONFIG_SIZE = 128;   // sizeof(ls_crowd_config)
const CONFIG = { budget: 92, threads: 96, flags: 100, maxFields: 104, avoidNeighbours: 116,
  avoidHorizon: 120, stuckTicks: 124 };
// ls_crowd_agent (88 bytes, int64 aligned): the fields to on_field at 56,
// then radius 60, priority 64, vx 68, vy 72, clearance 76, stuck 80.
const AGENT_SIZE = 88;
const AVOIDANCE = 2;       // LS_CROWD_AVOIDANCE
const BUFFER_TOO_SMALL = -14;
const NO_QUERY = -16;
const NOT_DONE = -17;
const GROW_PATHS = 1;

const CROWD_KEYS = ['width', 'height', 'capacity', 'pathPoints', 'world', 'cellSize', 'options',
  'budget', 'threads', 'maxFields', 'growPaths', 'avoidance', 'avoidNeighbours', 'avoidHorizon',
  'stuckTicks'];

export function attachCrowd(ls, h) {
  const { int32, uint32, int64, hex64, flatPoints, checkKeys, check, OPTION_KEYS } = h;
  const x = ls._x;
  const out = () => ls._s + 96;
  const agentAt = () => ls._s + 128;   // an ls_crowd_agent (AGENT_SIZE bytes) in the scratch block
  if (128 + AGENT_SIZE > 256) throw new Error('lockstar-crowd.mjs: the scratch block cannot hold an agent');
  {
    // The config this module writes is the one the library reads.
    const p = ls._malloc(256);
    x.ls_crowd_config_init(p);
    const size = ls._u32(p);
    ls._free(p);
    if (size !== CONFIG_SIZE) {
      throw new Error(`load: lockstar.wasm's ls_crowd_config is ${size} bytes, lockstar-crowd.mjs writes ${CONFIG_SIZE}: the module and the .wasm come from different versions`);
    }
  }

  // The state names, from the library (ls_crowd_state_name of 0..5).
  const STATES = Object.freeze([0, 1, 2, 3, 4, 5].map((s) => ls._cstring(x.ls_crowd_state_name(s))));
  ls.CROWD_STATES = STATES;

  function checkGridArg(g, what) {
    if (g === null || typeof g !== 'object' || g._ls !== ls || typeof g._live !== 'function') {
      throw new TypeError(`${what}: expected a Grid made by this instance (ls.createGrid)`);
    }
    return g._live();
  }

  // The options object of a crowd or a flow field (a query without its
  // ends) written as an ls_query at p; a weight text that does not parse
  // is the status it gives (LS_ERR_BAD_TEXT).
  function writeOptions(options, p, what) {
    checkKeys(options, OPTION_KEYS, what);
    return ls._writeQuery(options ?? {}, p, false);
  }

  // The ls_crowd_agent at p as a plain object.
  function readAgent(p) {
    const dv = ls._view();
    const state = dv.getInt32(p + 8, true);
    return {
      id: dv.getBigInt64(p, true),
      state: STATES[state] ?? '?',
      x: dv.getInt32(p + 12, true),
      y: dv.getInt32(p + 16, true),
      cellX: dv.getInt32(p + 20, true),
      cellY: dv.getInt32(p + 24, true),
      goalX: dv.getInt32(p + 28, true),
      goalY: dv.getInt32(p + 32, true),
      speed: dv.getInt32(p + 36, true),
      waypoint: dv.getUint32(p + 40, true),
      wayCount: dv.getUint32(p + 44, true),
      headingX: dv.getInt32(p + 48, true),
      headingY: dv.getInt32(p + 52, true),
      onField: dv.getInt32(p + 56, true) !== 0,
      radius: dv.getInt32(p + 60, true),
      priority: dv.getInt32(p + 64, true),
      vx: dv.getInt32(p + 68, true),
      vy: dv.getInt32(p + 72, true),
      clearance: dv.getUint32(p + 76, true),
      stuck: dv.getUint32(p + 80, true),
    };
  }

  // ------------------------------------------------------------- crowd
  class Crowd {
    /**
     * ls_crowd_create. config: { width, height (required), capacity,
     * pathPoints, world ({ originX, originY, cellSize }) or cellSize,
     * options (a query's options), budget, threads, maxFields, growPaths,
     * avoidance (LS_CROWD_AVOIDANCE: on from the first tick),
     * avoidNeighbours, avoidHorizon, stuckTicks }; what is left out has the
     * header's default. threads (1..64) is
     * accepted and kept: wasm32-wasi has no threads, so every search runs
     * on the caller's, with the same results as any thread count.
     */
    constructor(config) {
      const c = checkKeys(config, CROWD_KEYS, 'Crowd config');
      if (config === undefined) throw new TypeError('new Crowd: config { width, height, ... } is required');
      for (const key of ['width', 'height']) {
        if (c[key] === undefined) throw new TypeError(`Crowd config.${key} is required`);
      }
      if (c.world !== undefined && c.cellSize !== undefined) {
        throw new TypeError('Crowd config: give world or cellSize, not both');
      }
      const p = ls._malloc(CONFIG_SIZE);
      try {
        ls._bytes().fill(0, p, p + CONFIG_SIZE);
        check(x.ls_crowd_config_init(p), 'new Crowd: config');
        const set32 = (off, v) => ls._view().setUint32(p + off, v, true);
        const seti = (off, v) => ls._view().setInt32(p + off, v, true);
        seti(4, int32(c.width, 'Crowd config.width'));
        seti(8, int32(c.height, 'Crowd config.height'));
        if (c.capacity !== undefined) set32(12, uint32(c.capacity, 'Crowd config.capacity'));
        if (c.pathPoints !== undefined) set32(16, uint32(c.pathPoints, 'Crowd config.pathPoints'));
        if (c.world !== undefined) {
          const w = checkKeys(c.world, ['originX', 'originY', 'cellSize'], 'Crowd config.world');
          seti(20, int32(w.originX ?? 0, 'Crowd config.world.originX'));
          seti(24, int32(w.originY ?? 0, 'Crowd config.world.originY'));
          seti(28, int32(w.cellSize ?? 65536, 'Crowd config.world.cellSize'));
        }
        if (c.cellSize !== undefined) seti(28, int32(c.cellSize, 'Crowd config.cellSize'));
        if (c.options !== undefined) {
          const st = writeOptions(c.options, p + 32, 'Crowd config.options');
          if (st < 0) check(st, 'new Crowd: config.options.weight');
        }
        if (c.budget !== undefined) set32(CONFIG.budget, uint32(c.budget, 'Crowd config.budget'));
        if (c.threads !== undefined) set32(CONFIG.threads, uint32(c.threads, 'Crowd config.threads'));
        let flags = 0;
        for (const [key, flag] of [['growPaths', GROW_PATHS], ['avoidance', AVOIDANCE]]) {
          if (c[key] === undefined) continue;
          if (typeof c[key] !== 'boolean') throw new TypeError(`Crowd config.${key} must be a boolean`);
          if (c[key]) flags |= flag;
        }
        set32(CONFIG.flags, flags);
        if (c.maxFields !== undefined) set32(CONFIG.maxFields, uint32(c.maxFields, 'Crowd config.maxFields'));
        for (const key of ['avoidNeighbours', 'avoidHorizon', 'stuckTicks']) {
          if (c[key] !== undefined) set32(CONFIG[key], uint32(c[key], `Crowd config.${key}`));
        }
        check(x.ls_crowd_create(p, 0, out()), 'new Crowd');
        const dv = ls._view();
        this.width = dv.getInt32(p + 4, true);
        this.height = dv.getInt32(p + 8, true);
        this.capacity = dv.getUint32(p + 12, true);
        this.threads = dv.getUint32(p + CONFIG.threads, true);
        this.world = { originX: dv.getInt32(p + 20, true), originY: dv.getInt32(p + 24, true), cellSize: dv.getInt32(p + 28, true) };
      } finally {
        ls._free(p);
      }
      this._p = ls._u32(out());
      // handle.more: the crowd's buffer of ids for orderGroup (grown as needed).
      this._handle = ls._adopt(this, 'crowd', this._p);
      this._idRoom = 0;
      this._grid = null;   // the last tick's grid, checkOverlaps' default
    }
    _live() {
      if (!this._p) throw new TypeError('this Crowd was destroyed');
      return this._p;
    }
    /** ls_crowd_add: an idle agent at the centre of cell (cx, cy). */
    add(id, cx, cy, speed) {
      check(x.ls_crowd_add(this._live(), int64(id, 'id'), int32(cx, 'x'), int32(cy, 'y'), int32(speed, 'speed')), 'crowd.add');
    }
    /** ls_crowd_add_at: the same at world position (wx, wy). */
    addAt(id, wx, wy, speed) {
      check(x.ls_crowd_add_at(this._live(), int64(id, 'id'), int32(wx, 'wx'), int32(wy, 'wy'), int32(speed, 'speed')), 'crowd.addAt');
    }
    /** ls_crowd_remove: at once, with its request, order and route. */
    remove(id) {
      check(x.ls_crowd_remove(this._live(), int64(id, 'id')), 'crowd.remove');
    }
    /** ls_crowd_order: to cell (cx, cy) at the next tick. */
    order(id, cx, cy) {
      check(x.ls_crowd_order(this._live(), int64(id, 'id'), int32(cx, 'x'), int32(cy, 'y')), 'crowd.order');
    }
    /** ls_crowd_order_at: to the cell holding world point (wx, wy). */
    orderAt(id, wx, wy) {
      check(x.ls_crowd_order_at(this._live(), int64(id, 'id'), int32(wx, 'wx'), int32(wy, 'wy')), 'crowd.orderAt');
    }
    /** ls_crowd_order_group: ids (an array of ids, or a BigInt64Array) to
     * cell (cx, cy) as a group on one flow field, in the order given. */
    orderGroup(ids, cx, cy) {
      const crowd = this._live();
      if (!Array.isArray(ids) && !(ids instanceof BigInt64Array)) {
        throw new TypeError('crowd.orderGroup: ids must be an array of ids or a BigInt64Array');
      }
      int32(cx, 'x');
      int32(cy, 'y');
      const n = ids.length;
      if (n > this._idRoom || this._idRoom === 0) {
        const room = Math.max(n, 64, this._idRoom * 2);
        const p = ls._malloc(room * 8);
        ls._free(this._handle.more);
        this._handle.more = p;
        this._idRoom = room;
      }
      const buf = this._handle.more;
      const dv = ls._view();
      for (let i = 0; i < n; i++) dv.setBigInt64(buf + 8 * i, int64(ids[i], `ids[${i}]`), true);
      check(x.ls_crowd_order_group(crowd, buf, n, cx, cy), 'crowd.orderGroup');
    }
    /** ls_crowd_stop: idle where it stands at the next tick. */
    stop(id) {
      check(x.ls_crowd_stop(this._live(), int64(id, 'id')), 'crowd.stop');
    }
    /** ls_crowd_set_speed: from the next tick's movement on (> 0). */
    setSpeed(id, speed) {
      check(x.ls_crowd_set_speed(this._live(), int64(id, 'id'), int32(speed, 'speed')), 'crowd.setSpeed');
    }
    /** ls_crowd_set_body: the agent's radius (raw fix16, 0 ..
     * CROWD_MAX_RADIUS, its clearance class at most CLEARANCE_MAX in the
     * crowd's frame) and priority (0 .. CROWD_MAX_PRIORITY), at once;
     * LockstarError ERR_UNKNOWN_ID, ERR_BAD_RADIUS, ERR_BAD_PRIORITY. */
    setBody(id, radius, priority = 0) {
      check(x.ls_crowd_set_body(this._live(), int64(id, 'id'), int32(radius, 'radius'),
        int32(priority, 'priority')), 'crowd.setBody');
    }
    /** ls_crowd_set_avoidance: on (true) or off (false) from the next tick on. */
    setAvoidance(on) {
      if (typeof on !== 'boolean') throw new TypeError('crowd.setAvoidance: on must be a boolean');
      check(x.ls_crowd_set_avoidance(this._live(), on ? 1 : 0), 'crowd.setAvoidance');
    }
    /** ls_crowd_check_overlaps on grid (default: the grid of the last
     * tick), now: { pairs, walls, pairA, pairB (the first overlapping
     * pair, bigints, 0n without one), wallAgent, wallCell: { x, y } } (the
     * library's exact test; nothing is worked out here). */
    checkOverlaps(grid = this._grid) {
      if (grid === null) throw new TypeError('crowd.checkOverlaps: no grid given and no tick run yet');
      const p = agentAt();
      check(x.ls_crowd_check_overlaps(this._live(), checkGridArg(grid, 'crowd.checkOverlaps'), p), 'crowd.checkOverlaps');
      const dv = ls._view();
      return {
        pairs: dv.getUint32(p, true),
        walls: dv.getUint32(p + 4, true),
        pairA: dv.getBigInt64(p + 8, true),
        pairB: dv.getBigInt64(p + 16, true),
        wallAgent: dv.getBigInt64(p + 24, true),
        wallCell: { x: dv.getInt32(p + 32, true), y: dv.getInt32(p + 36, true) },
      };
    }
    /** ls_crowd_tick: one tick on grid (the crowd's size; it may have been
     * edited since the last tick). Nothing is allocated here. */
    tick(grid) {
      check(x.ls_crowd_tick(this._live(), checkGridArg(grid, 'crowd.tick')), 'crowd.tick');
      this._grid = grid;
    }
    /** The number of agents held. */
    count() {
      check(x.ls_crowd_count(this._live(), out()), 'crowd.count');
      return ls._u32(out());
    }
    /** The ticks run so far. */
    ticks() {
      check(x.ls_crowd_ticks(this._live(), out()), 'crowd.ticks');
      return ls._u32(out());
    }
    /** Whether an agent with this id is held. */
    has(id) {
      const st = x.ls_crowd_get(this._live(), int64(id, 'id'), agentAt());
      if (st === ls.STATUS.ERR_UNKNOWN_ID) return false;
      check(st, 'crowd.has');
      return true;
    }
    /** ls_crowd_get: the agent as a plain object; LockstarError
     * (ERR_UNKNOWN_ID) when no agent has this id. */
    get(id) {
      check(x.ls_crowd_get(this._live(), int64(id, 'id'), agentAt()), 'crowd.get');
      return readAgent(agentAt());
    }
    /** Every agent, in ascending id order (ls_crowd_get_at). */
    agents() {
      const crowd = this._live();
      const n = this.count();
      const list = new Array(n);
      for (let i = 0; i < n; i++) {
        check(x.ls_crowd_get_at(crowd, i, agentAt()), 'crowd.agents');
        list[i] = readAgent(agentAt());
      }
      return list;
    }
    /** Every agent's position, x0,y0,x1,y1,... (raw fix16) in ascending id
     * order, into out (an Int32Array of at least 2 * count(); a new one
     * when not given). Returns out. Allocates nothing when out is given. */
    positions(outArray) {
      const crowd = this._live();
      const n = this.count();
      const dst = outArray ?? new Int32Array(2 * n);
      if (!(dst instanceof Int32Array) || dst.length < 2 * n) {
        throw new TypeError(`crowd.positions: out must be an Int32Array of at least ${2 * n} values`);
      }
      const a = agentAt();
      for (let i = 0; i < n; i++) {
        check(x.ls_crowd_get_at(crowd, i, a), 'crowd.positions');
        const dv = ls._view();
        dst[2 * i] = dv.getInt32(a + 12, true);
        dst[2 * i + 1] = dv.getInt32(a + 16, true);
      }
      return dst;
    }
    /** Every agent's state as its number (an index of ls.CROWD_STATES), in
     * ascending id order, into out (a Uint8Array of at least count(); a
     * new one when not given). Returns out. */
    states(outArray) {
      const crowd = this._live();
      const n = this.count();
      const dst = outArray ?? new Uint8Array(n);
      if (!(dst instanceof Uint8Array) || dst.length < n) {
        throw new TypeError(`crowd.states: out must be a Uint8Array of at least ${n} values`);
      }
      const a = agentAt();
      for (let i = 0; i < n; i++) {
        check(x.ls_crowd_get_at(crowd, i, a), 'crowd.states');
        dst[i] = ls._view().getInt32(a + 8, true);
      }
      return dst;
    }
    /** ls_crowd_route: the waypoints the agent follows (Int32Array
     * x0,y0,...; empty without a route, or on a field). */
    route(id) {
      const crowd = this._live();
      const key = int64(id, 'id');
      const len = out();
      let buf = ls._pointBuffer(64);
      let st = x.ls_crowd_route(crowd, key, buf, ls._pointsCapacity, len);
      if (st === BUFFER_TOO_SMALL) {
        buf = ls._pointBuffer(ls._u32(len));
        st = x.ls_crowd_route(crowd, key, buf, ls._pointsCapacity, len);
      }
      check(st, 'crowd.route');
      return ls._readPoints(buf, ls._u32(len));
    }
    /** ls_crowd_agent_digest, 16 hex digits. */
    agentDigest(id) {
      check(x.ls_crowd_agent_digest(this._live(), int64(id, 'id'), out()), 'crowd.agentDigest');
      return hex64(ls._u64(out()));
    }
    /** ls_crowd_tick_digest of the last tick, 16 hex digits; null before
     * the first tick. */
    tickDigest() {
      const st = x.ls_crowd_tick_digest(this._live(), out());
      if (st === NOT_DONE) return null;
      check(st, 'crowd.tickDigest');
      return hex64(ls._u64(out()));
    }
    /** ls_crowd_run_digest: every tick digest so far, 16 hex digits. */
    runDigest() {
      check(x.ls_crowd_run_digest(this._live(), out()), 'crowd.runDigest');
      return hex64(ls._u64(out()));
    }
    /** ls_crowd_stats_get: counters since creation. */
    stats() {
      const p = agentAt();
      check(x.ls_crowd_stats_get(this._live(), p), 'crowd.stats');
      const dv = ls._view();
      return {
        requests: Number(dv.getBigUint64(p, true)),
        replans: Number(dv.getBigUint64(p + 8, true)),
        expansions: Number(dv.getBigUint64(p + 16, true)),
        searches: Number(dv.getBigUint64(p + 24, true)),
        fields: Number(dv.getBigUint64(p + 32, true)),
        poolPoints: dv.getUint32(p + 40, true),
        poolUsed: dv.getUint32(p + 44, true),
        stuck: Number(dv.getBigUint64(p + 48, true)),
        movesCut: Number(dv.getBigUint64(p + 56, true)),
      };
    }
    /** Free the crowd now; again: nothing. */
    destroy() {
      ls._destroy(this._handle);
      this._p = 0;
      this._idRoom = 0;
      this._grid = null;
    }
  }
  ls.Crowd = Crowd;
  ls.createCrowd = (config) => new Crowd(config);

  // -------------------------------------------------------------- flow
  class Flow {
    /** ls_flow_create: a flow for width x height grids with room for
     * maxGoals goals (default 1). */
    constructor(width, height, maxGoals = 1) {
      check(x.ls_flow_create(int32(width, 'width'), int32(height, 'height'),
        uint32(maxGoals, 'maxGoals'), 0, out()), 'new Flow');
      this._p = ls._u32(out());
      // handle.more: a buffer of width * height int32, for costs() and
      // directions(), made by the first of them.
      this._handle = ls._adopt(this, 'flow', this._p);
      this.width = width;
      this.height = height;
      this.maxGoals = maxGoals;
      /** Expansions the last step() did. */
      this.lastExpansions = 0;
    }
    _live() {
      if (!this._p) throw new TypeError('this Flow was destroyed');
      return this._p;
    }
    /** ls_flow_begin on grid towards goals (x0,y0,... or [{x, y}]) under
     * options (a query's options: connectivity, cornerRule, straightCost,
     * diagonalCost; the rest is ignored). Returns the status (OK, or the
     * error: then no field is held). */
    begin(grid, options, goals) {
      const flow = this._live();
      const g = checkGridArg(grid, 'flow.begin');
      const q = ls._s;
      const st = writeOptions(options, q, 'flow.begin options');
      if (st < 0) return st;
      const flat = flatPoints(goals, 'goals');
      const n = flat.length / 2;
      const buf = ls._pointBuffer(n);
      ls._view();
      new Int32Array(ls._buffer, buf, flat.length).set(flat);
      return x.ls_flow_begin(flow, g, q, buf, n);
    }
    /** ls_flow_step: at most budget expansions (0 = to the end); returns
     * IN_PROGRESS, OK or ERR_COST_OVERFLOW (ERR_NO_QUERY without a field).
     * The count done is in lastExpansions. */
    step(budget = 0) {
      ls._setU32(out(), 0);
      const st = x.ls_flow_step(this._live(), uint32(budget, 'budget'), out());
      this.lastExpansions = ls._u32(out());
      return st;
    }
    /** ls_flow_refresh: OK when the field already describes grid, else
     * IN_PROGRESS (finish with step()). */
    refresh(grid) {
      return x.ls_flow_refresh(this._live(), checkGridArg(grid, 'flow.refresh'));
    }
    /** Expansions of the field or update begun last (0 when none was begun). */
    expansions() {
      const st = x.ls_flow_expansions(this._live(), out());
      if (st === NO_QUERY) return 0;
      check(st, 'flow.expansions');
      return ls._u32(out());
    }
    /** ls_flow_cost of one cell (-1: no goal reachable); throws
     * LockstarError (ERR_NO_QUERY, ERR_NOT_DONE, ERR_OUT_OF_BOUNDS, ...). */
    cost(cx, cy) {
      check(x.ls_flow_cost(this._live(), int32(cx, 'x'), int32(cy, 'y'), out()), 'flow.cost');
      return ls._i32(out());
    }
    /** ls_flow_direction of one cell: 0..7 (N E S W NE SE SW NW),
     * FLOW_GOAL (8) or FLOW_NONE (9). */
    direction(cx, cy) {
      check(x.ls_flow_direction(this._live(), int32(cx, 'x'), int32(cy, 'y'), out()), 'flow.direction');
      return ls._i32(out());
    }
    _cells() {
      const n = this.width * this.height;
      if (!this._handle.more) this._handle.more = ls._malloc(4 * n);
      return n;
    }
    /** Every cell's cost, row-major, into out (an Int32Array of width *
     * height; a new one when not given). Returns out. */
    costs(outArray) {
      const flow = this._live();
      const n = this._cells();
      const dst = outArray ?? new Int32Array(n);
      if (!(dst instanceof Int32Array) || dst.length !== n) {
        throw new TypeError(`flow.costs: out must be an Int32Array of ${n} values`);
      }
      const buf = this._handle.more;
      check(x.ls_flow_costs(flow, buf, n), 'flow.costs');
      ls._view();
      dst.set(new Int32Array(ls._buffer, buf, n));
      return dst;
    }
    /** Every cell's direction, row-major, into out (a Uint8Array of width *
     * height; a new one when not given). Returns out. */
    directions(outArray) {
      const flow = this._live();
      const n = this._cells();
      const dst = outArray ?? new Uint8Array(n);
      if (!(dst instanceof Uint8Array) || dst.length !== n) {
        throw new TypeError(`flow.directions: out must be a Uint8Array of ${n} values`);
      }
      const buf = this._handle.more;
      check(x.ls_flow_directions(flow, buf, n), 'flow.directions');
      dst.set(ls._bytes().subarray(buf, buf + n));
      return dst;
    }
    /** ls_flow_digest, 16 hex digits. */
    digest() {
      check(x.ls_flow_digest(this._live(), out()), 'flow.digest');
      return hex64(ls._u64(out()));
    }
    /** Free the flow now; again: nothing. */
    destroy() {
      ls._destroy(this._handle);
      this._p = 0;
    }
  }
  ls.Flow = Flow;
  ls.createFlow = (width, height, maxGoals) => new Flow(width, height, maxGoals);
  /** Bytes per bordered cell of a flow (ls_flow_bytes_per_cell). */
  ls.flowBytesPerCell = () => x.ls_flow_bytes_per_cell();

  // ------------------------------------------------------- route check
  /**
   * ls_check_route: may a unit keep its route (the cell path and the
   * waypoints smoothed from it) on the grid now? Returns { status,
   * statusName } and, when status is OK: holds, firstBroken (the first
   * waypoint segment failing the shortcut rule, or waypoints - 1), and the
   * path check's firstIllegal, reason, cost, costChanged. Errors
   * (ERR_BAD_ROUTE, ERR_BAD_SIZE, bad options) are the status.
   */
  ls.checkRoute = (grid, options, path, waypoints, plannedCost) => {
    const g = checkGridArg(grid, 'checkRoute');
    const q = ls._s;
    let st = writeOptions(options, q, 'checkRoute options');
    if (st < 0) return { status: st, statusName: ls.statusName(st) };
    const cost = int32(plannedCost, 'plannedCost');
    const pf = flatPoints(path, 'path');
    const wf = flatPoints(waypoints, 'waypoints');
    const pp = ls._writePoints(pf);
    let wp = 0;
    try {
      wp = ls._writePoints(wf);
      const r = agentAt();
      st = x.ls_check_route(g, q, pp, pf.length / 2, wp, wf.length / 2, cost, r);
      const res = { status: st, statusName: ls.statusName(st) };
      if (st === 0) {
        const dv = ls._view();
        res.holds = dv.getInt32(r + 20, true) !== 0;
        res.firstBroken = dv.getUint32(r + 16, true);
        res.firstIllegal = dv.getUint32(r, true);
        res.reason = dv.getInt32(r + 4, true);
        res.cost = dv.getInt32(r + 8, true);
        res.costChanged = dv.getInt32(r + 12, true) !== 0;
      }
      return res;
    } finally {
      ls._free(pp);
      ls._free(wp);
    }
  };
}
