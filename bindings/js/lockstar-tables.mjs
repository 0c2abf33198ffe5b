// SPDX-License-Identifier: MIT
// lockstar-tables.mjs - the grid's preprocessed tables and the path cache
// for JavaScript (lockstar.mjs attaches these to every loaded instance):
// JPS+ jump tables (lockstar_jumps.h: grid.buildJumps, dropJumps,
// jumpsBytes, jump), landmark tables (lockstar_landmarks.h:
// grid.buildLandmarks, updateLandmarks, landmarksInfo, landmarkDistance,
// dropLandmarks, ls.landmarksBytesPerCell), the HPA* hierarchy
// (lockstar_hpa.h: grid.buildHierarchy, hierarchyInfo, hierarchyDigest,
// dropHierarchy) and the exact path cache (lockstar_cache.h:
// ls.createPathCache, cache.find answering as findPath, stats, clear,
// destroy; crowd.setPathCache). Internal module: import lockstar.mjs.
//
// A query with algorithm ALGO_JPS_PLUS, ALGO_HPA or heuristic
// HEURISTIC_LANDMARKS on a grid without the tables it needs answers
// ERR_NOT_PREPARED (a status from findPath); a table call here throws
// LockstarError as every other failing call.

const LANDMARKS_CONFIG_SIZE = 24;   // checked against the library by load()
const HPA_CONFIG_SIZE = 24;
const CACHE_CONFIG_SIZE = 12;
const LANDMARKS_INFO_SIZE = 184;    // checked: ls_grid_landmarks_info refuses another struct_size
const HPA_INFO_SIZE = 32;
const CACHE_STATS_SIZE = 56;
const LANDMARKS_MAX = 16;

// The new headers' constants (the node tests compare them with the headers).
export const TABLE_CONSTANTS = Object.freeze({
  LANDMARKS_MAX,
  HPA_CLUSTER_MIN: 8,
  HPA_CLUSTER_MAX: 32,
  HPA_CLUSTER_DEFAULT: 16,
  PATH_CACHE_BLOCK_POINTS: 32,
  PATH_CACHE_MAX_ENTRIES: 0x01000000,
  PATH_CACHE_MAX_POINTS: 0x10000000,
});

/** Option names as the command line spells them, to the header's codes. */
export const ALGORITHMS = Object.freeze({ astar: 0, jps: 1, 'jps+': 2, hpa: 3 });
export const HEURISTICS = Object.freeze({
  auto: 0, octile: 1, manhattan: 2, chebyshev: 3, zero: 4, landmarks: 7,
});

export function attachTables(ls, h) {
  const { Grid, int32, uint32, hex64, checkKeys, check } = h;
  const x = ls._x;
  const out = () => ls._s + 96;
  const big = () => ls._s + 128;   // 128 bytes

  // The structs this module writes are the library's: their sizes from
  // the library's own inits (load() fails on a mismatch).
  for (const [name, init, size] of [
    ['ls_landmarks_config', x.ls_landmarks_config_init, LANDMARKS_CONFIG_SIZE],
    ['ls_hpa_config', x.ls_hpa_config_init, HPA_CONFIG_SIZE],
    ['ls_path_cache_config', x.ls_path_cache_config_init, CACHE_CONFIG_SIZE],
  ]) {
    init(big());
    const got = ls._u32(big());
    if (got !== size) {
      throw new Error(`load: lockstar.wasm's ${name} is ${got} bytes, lockstar-tables.mjs writes ${size}: the module and the .wasm come from different versions`);
    }
  }
  ls._liveCounts.cache = 0;
  Object.assign(ls, TABLE_CONSTANTS);
  ls.ALGORITHMS = ALGORITHMS;
  ls.HEURISTICS = HEURISTICS;

  // An option given as a name or a code.
  function code(value, names, what) {
    if (typeof value === 'string') {
      if (!Object.prototype.hasOwnProperty.call(names, value)) {
        throw new RangeError(`${what}: '${value}' is not one of ${Object.keys(names).join(', ')}`);
      }
      return names[value];
    }
    return int32(value, what);
  }

  // The moves shared by the landmark and hierarchy configs, at p + 8.
  function writeMoves(o, p, what) {
    const dv = ls._view();
    if (o.connectivity !== undefined) dv.setInt32(p + 8, int32(o.connectivity, `${what}.connectivity`), true);
    if (o.cornerRule !== undefined) dv.setInt32(p + 12, int32(o.cornerRule, `${what}.cornerRule`), true);
    if (o.straightCost !== undefined) dv.setUint32(p + 16, uint32(o.straightCost, `${what}.straightCost`), true);
    if (o.diagonalCost !== undefined) dv.setUint32(p + 20, uint32(o.diagonalCost, `${what}.diagonalCost`), true);
  }
  function readMoves(dv, p) {
    return {
      connectivity: dv.getInt32(p + 8, true),
      cornerRule: dv.getInt32(p + 12, true),
      straightCost: dv.getUint32(p + 16, true),
      diagonalCost: dv.getUint32(p + 20, true),
    };
  }
  const MOVE_KEYS = ['connectivity', 'cornerRule', 'straightCost', 'diagonalCost'];

  /** ls_landmarks_bytes_per_cell: table bytes per bordered cell for count landmarks. */
  ls.landmarksBytesPerCell = (count) => x.ls_landmarks_bytes_per_cell(uint32(count, 'count'));

  if (!Object.prototype.hasOwnProperty.call(Grid.prototype, 'buildJumps')) installGrid(Grid);

  function installGrid(G) {
    const p = G.prototype;
    const gx = (g) => g._ls._x;
    const sc = (g) => g._ls._s;
    // --- JPS+ (lockstar_jumps.h)
    /** ls_grid_build_jumps: the jump tables ALGO_JPS_PLUS needs (nothing if held). */
    p.buildJumps = function buildJumps() {
      this._ls._check(gx(this).ls_grid_build_jumps(this._live()), 'grid.buildJumps');
    };
    /** ls_grid_drop_jumps: release them (nothing if none). */
    p.dropJumps = function dropJumps() {
      this._ls._check(gx(this).ls_grid_drop_jumps(this._live()), 'grid.dropJumps');
    };
    /** ls_grid_jumps_bytes: bytes the jump tables hold (0: none). */
    p.jumpsBytes = function jumpsBytes() {
      const o = sc(this) + 96;
      this._ls._check(gx(this).ls_grid_jumps_bytes(this._live(), o), 'grid.jumpsBytes');
      return Number(this._ls._u64(o));
    };
    /** ls_grid_jump: { run, jumpPoint } stored from (x, y) in direction 0 N, 1 E, 2 S, 3 W. */
    p.jump = function jump(cx, cy, direction) {
      const ls2 = this._ls;
      const o = sc(this) + 96;
      ls2._check(gx(this).ls_grid_jump(this._live(), int32(cx, 'x'), int32(cy, 'y'),
        int32(direction, 'direction'), o, o + 4), 'grid.jump');
      return { run: ls2._i32(o), jumpPoint: ls2._i32(o + 4) === 1 };
    };
    // --- landmarks (lockstar_landmarks.h)
    /** ls_grid_build_landmarks: options { count (8), connectivity,
     * cornerRule, straightCost, diagonalCost }, the moves of the queries
     * that will use them; replaces any tables held. */
    p.buildLandmarks = function buildLandmarks(options) {
      const o = checkKeys(options, ['count', ...MOVE_KEYS], 'buildLandmarks options');
      const ls2 = this._ls;
      const c = sc(this) + 128;
      gx(this).ls_landmarks_config_init(c);
      if (o.count !== undefined) ls2._setU32(c + 4, uint32(o.count, 'buildLandmarks options.count'));
      writeMoves(o, c, 'buildLandmarks options');
      ls2._check(gx(this).ls_grid_build_landmarks(this._live(), c), 'grid.buildLandmarks');
    };
    /** ls_grid_update_landmarks with at most budget units (0: all):
     * { done: true when usable and exact, work: the units done }. */
    p.updateLandmarks = function updateLandmarks(budget = 0) {
      const ls2 = this._ls;
      const o = sc(this) + 96;
      const st = ls2._check(gx(this).ls_grid_update_landmarks(this._live(), uint32(budget, 'budget'), o), 'grid.updateLandmarks');
      return { done: st === 0, work: ls2._u32(o) };
    };
    /** ls_grid_drop_landmarks. */
    p.dropLandmarks = function dropLandmarks() {
      this._ls._check(gx(this).ls_grid_drop_landmarks(this._live()), 'grid.dropLandmarks');
    };
    /** ls_grid_landmarks_info: { count, usable, exact, bytesPerCell, bytes,
     * config: { count, connectivity, ... }, cells: [{ x, y }, ...] }. */
    p.landmarksInfo = function landmarksInfo() {
      const ls2 = this._ls;
      const q = ls2._malloc(LANDMARKS_INFO_SIZE);
      try {
        ls2._bytes().fill(0, q, q + LANDMARKS_INFO_SIZE);
        ls2._setU32(q, LANDMARKS_INFO_SIZE);
        ls2._check(gx(this).ls_grid_landmarks_info(this._live(), q), 'grid.landmarksInfo');
        const dv = ls2._view();
        const count = dv.getUint32(q + 4, true);
        const cells = [];
        for (let i = 0; i < count && i < LANDMARKS_MAX; i++) {
          cells.push({ x: dv.getInt32(q + 56 + 8 * i, true), y: dv.getInt32(q + 60 + 8 * i, true) });
        }
        return {
          count,
          usable: dv.getUint32(q + 8, true) === 1,
          exact: dv.getUint32(q + 12, true) === 1,
          bytesPerCell: dv.getUint32(q + 16, true),
          bytes: Number(dv.getBigUint64(q + 24, true)),
          config: { count: dv.getUint32(q + 36, true), ...readMoves(dv, q + 32) },
          cells,
        };
      } finally {
        ls2._free(q);
      }
    };
    /** ls_grid_landmark_distance: cell (x, y)'s distance to landmark index (-1: unreachable). */
    p.landmarkDistance = function landmarkDistance(index, cx, cy) {
      const ls2 = this._ls;
      const o = sc(this) + 96;
      ls2._check(gx(this).ls_grid_landmark_distance(this._live(), uint32(index, 'index'),
        int32(cx, 'x'), int32(cy, 'y'), o), 'grid.landmarkDistance');
      return ls2._i32(o);
    };
    // --- HPA* (lockstar_hpa.h)
    /** ls_grid_build_hierarchy: options { clusterSize (8, 16, 32; 16),
     * connectivity, cornerRule, straightCost, diagonalCost }. */
    p.buildHierarchy = function buildHierarchy(options) {
      const o = checkKeys(options, ['clusterSize', ...MOVE_KEYS], 'buildHierarchy options');
      const ls2 = this._ls;
      const c = sc(this) + 128;
      gx(this).ls_hpa_config_init(c);
      if (o.clusterSize !== undefined) ls2._setU32(c + 4, uint32(o.clusterSize, 'buildHierarchy options.clusterSize'));
      writeMoves(o, c, 'buildHierarchy options');
      ls2._check(gx(this).ls_grid_build_hierarchy(this._live(), c), 'grid.buildHierarchy');
    };
    /** ls_grid_drop_hierarchy. */
    p.dropHierarchy = function dropHierarchy() {
      this._ls._check(gx(this).ls_grid_drop_hierarchy(this._live()), 'grid.dropHierarchy');
    };
    /** ls_grid_hierarchy_info: { clusterSize, clusters, entrances, nodes, edges, maxNodes, bytes }. */
    p.hierarchyInfo = function hierarchyInfo() {
      const ls2 = this._ls;
      const q = sc(this) + 128;
      ls2._bytes().fill(0, q, q + HPA_INFO_SIZE);
      ls2._check(gx(this).ls_grid_hierarchy_info(this._live(), q), 'grid.hierarchyInfo');
      const dv = ls2._view();
      return {
        clusterSize: dv.getUint32(q, true),
        clusters: dv.getUint32(q + 4, true),
        entrances: dv.getUint32(q + 8, true),
        nodes: dv.getUint32(q + 12, true),
        edges: dv.getUint32(q + 16, true),
        maxNodes: dv.getUint32(q + 20, true),
        bytes: Number(dv.getBigUint64(q + 24, true)),
      };
    };
    /** ls_grid_hierarchy_digest as 16 lowercase hex digits. */
    p.hierarchyDigest = function hierarchyDigest() {
      const o = sc(this) + 96;
      this._ls._check(gx(this).ls_grid_hierarchy_digest(this._live(), o), 'grid.hierarchyDigest');
      return hex64(this._ls._u64(o));
    };
  }

  // ---------------------------------------------------------- path cache
  class PathCache {
    /** ls_path_cache_create: options { maxEntries (1024), maxPoints (65536) }. */
    constructor(options) {
      const o = checkKeys(options, ['maxEntries', 'maxPoints'], 'PathCache options');
      const c = big();
      x.ls_path_cache_config_init(c);
      if (o.maxEntries !== undefined) ls._setU32(c + 4, uint32(o.maxEntries, 'PathCache options.maxEntries'));
      if (o.maxPoints !== undefined) ls._setU32(c + 8, uint32(o.maxPoints, 'PathCache options.maxPoints'));
      check(x.ls_path_cache_create(c, 0, out()), 'createPathCache');
      this._ptr = ls._u32(out());
      this._handle = ls._adopt(this, 'cache', this._ptr);
      this._crowds = new Set(); // crowds using it, detached by destroy()
    }
    _live() {
      if (this._ptr === 0) throw new TypeError('this PathCache was destroyed');
      return this._ptr;
    }
    /** ls_path_cache_find: findPath(grid, query, options) through the
     * cache; the same object findPath returns, field by field. */
    find(grid, query, options) {
      return ls._findPathWith(grid, query, options, 'cache.find',
        (search, g, q, buf, cap, res) => x.ls_path_cache_find(this._live(), search, g, q, buf, cap, res));
    }
    /** ls_path_cache_stats_get: { hits, misses, stores, evictions, bytes,
     * entries, blocks, maxEntries, maxBlocks }. */
    stats() {
      const p = big();
      check(x.ls_path_cache_stats_get(this._live(), p), 'cache.stats');
      const dv = ls._view();
      return {
        hits: Number(dv.getBigUint64(p, true)),
        misses: Number(dv.getBigUint64(p + 8, true)),
        stores: Number(dv.getBigUint64(p + 16, true)),
        evictions: Number(dv.getBigUint64(p + 24, true)),
        bytes: Number(dv.getBigUint64(p + 32, true)),
        entries: dv.getUint32(p + 40, true),
        blocks: dv.getUint32(p + 44, true),
        maxEntries: dv.getUint32(p + 48, true),
        maxBlocks: dv.getUint32(p + 52, true),
      };
    }
    /** ls_path_cache_clear: drop every entry; the counters stay. */
    clear() {
      check(x.ls_path_cache_clear(this._live()), 'cache.clear');
    }
    /** Free the cache now (crowds using it are detached first); again: nothing. */
    destroy() {
      for (const crowd of this._crowds) {
        try {
          if (crowd._pathCache === this) crowd.setPathCache(null);
        } catch (e) {
          if (!(e instanceof TypeError)) throw e; // a crowd destroyed already
        }
      }
      this._crowds.clear();
      ls._destroy(this._handle);
      this._ptr = 0;
    }
  }
  ls.PathCache = PathCache;
  ls.createPathCache = (options) => new PathCache(options);

  // crowd.setPathCache(cache): the crowd's searches through cache (null: none).
  if (ls.Crowd && !Object.prototype.hasOwnProperty.call(ls.Crowd.prototype, 'setPathCache')) {
    ls.Crowd.prototype.setPathCache = function setPathCache(cache) {
      if (cache !== null && !(cache instanceof PathCache)) {
        throw new TypeError('crowd.setPathCache: expected a PathCache made by this instance, or null');
      }
      check(x.ls_crowd_set_path_cache(this._live(), cache === null ? 0 : cache._live()), 'crowd.setPathCache');
      if (this._pathCache) this._pathCache._crowds.delete(this);
      this._pathCache = cache;  // kept alive while the crowd uses it
      if (cache !== null) cache._crowds.add(this);
    };
  }
}
