// SPDX-License-Identifier: MIT
// lockstar.d.ts - TypeScript types of lockstar.mjs (the lockstar library
// compiled to WebAssembly). Numbers are the C API's integers: costs and
// coordinates int32, expansions uint32; world values raw fix16 (65536 =
// 1.0); digests 16 lowercase hex digits; paths Int32Array x0,y0,x1,y1,...
// Enumerated options are literal unions of the constants' values
// (ls.CONNECT_4 is typed 4), and the module refuses at run time, with a
// TypeError naming it, a key an options object does not have.
//
// Grid, Search, Queue, Batch, Agent, Rng, Crowd and Flow own wasm memory: destroy()
// frees it at once (again: nothing); an object forgotten without destroy()
// is freed after the JS engine collects it (a FinalizationRegistry).

/** A failing library call (status < 0). */
export class LockstarError extends Error {
  readonly name: 'LockstarError';
  /** The ls_status (negative). */
  readonly status: number;
  /** Its ls_status_name, e.g. "LS_ERR_OUT_OF_BOUNDS". */
  readonly statusName: string;
  /** What failed and ls_status_string's text. */
  readonly reason: string;
  /** For LS_ERR_BUFFER_TOO_SMALL with an explicit capacity: the count the call stored. */
  readonly count?: number;
}

export interface LoadOptions {
  /** lockstar.wasm as bytes, a compiled module, a URL, or a file path (node).
   * Default: the lockstar.wasm beside lockstar.mjs. */
  wasm?: BufferSource | WebAssembly.Module | URL | string;
}

/** Instantiate lockstar.wasm (no WASI host needed). */
export function load(options?: LoadOptions): Promise<Lockstar>;

/** Every ls_status, named without "LS_". */
export interface Statuses {
  readonly OK: 0; readonly IN_PROGRESS: 1; readonly NO_PATH: 2; readonly EXPANSION_LIMIT: 3;
  readonly ERR_NULL_ARGUMENT: -1; readonly ERR_BAD_SIZE: -2; readonly ERR_SIZE_OVERFLOW: -3;
  readonly ERR_OUT_OF_MEMORY: -4; readonly ERR_OUT_OF_BOUNDS: -5;
  readonly ERR_START_OUT_OF_BOUNDS: -6; readonly ERR_GOAL_OUT_OF_BOUNDS: -7;
  readonly ERR_START_BLOCKED: -8; readonly ERR_GOAL_BLOCKED: -9; readonly ERR_BAD_OPTION: -10;
  readonly ERR_BAD_STEP_COST: -11; readonly ERR_BAD_WEIGHT: -12; readonly ERR_COST_OVERFLOW: -13;
  readonly ERR_BUFFER_TOO_SMALL: -14; readonly ERR_GRID_MISMATCH: -15; readonly ERR_NO_QUERY: -16;
  readonly ERR_NOT_DONE: -17; readonly ERR_GRID_CHANGED: -18; readonly ERR_BAD_STRUCT_SIZE: -19;
  readonly ERR_BAD_TEXT: -20; readonly ERR_NO_PARTIAL: -21; readonly ERR_NOT_UNIFORM: -22;
  readonly ERR_UNSUPPORTED: -23; readonly ERR_NEEDS_FULL_CONTEXT: -24; readonly ERR_BAD_FLAGS: -25;
  readonly ERR_QUEUE_FULL: -26; readonly ERR_UNKNOWN_ID: -27; readonly ERR_DUPLICATE_ID: -28;
  readonly ERR_POOL_FULL: -29; readonly ERR_THREAD: -30; readonly ERR_BAD_FRAME: -31;
  readonly ERR_WORLD_RANGE: -32; readonly ERR_BAD_SPEED: -33; readonly ERR_BAD_AGENT: -34;
  readonly ERR_BAD_ROUTE: -35; readonly ERR_CROWD_FULL: -36;
  readonly [name: string]: number;
}

/** The header's constants, same names without "LS_", same values. */
export interface Constants {
  readonly MAX_DIMENSION: number; readonly COST_MAX: number; readonly MAX_STEP_COST: number;
  readonly MIN_WEIGHT: number; readonly MAX_WEIGHT: number;
  readonly CELL_BLOCKED: 0; readonly CELL_OPEN: 1; readonly GRID_FULL: 0; readonly GRID_COMPACT: 1;
  readonly CONNECT_4: 4; readonly CONNECT_8: 8;
  readonly CORNERS_NONE: 0; readonly CORNERS_ONE: 1; readonly CORNERS_ALL: 2;
  readonly HEURISTIC_AUTO: 0; readonly HEURISTIC_OCTILE: 1; readonly HEURISTIC_MANHATTAN: 2;
  readonly HEURISTIC_CHEBYSHEV: 3; readonly HEURISTIC_ZERO: 4; readonly HEURISTIC_LANDMARKS: 7;
  readonly TIE_HIGH_G: 0; readonly TIE_LOW_G: 1; readonly ALGO_ASTAR: 0; readonly ALGO_JPS: 1;
  readonly ALGO_JPS_PLUS: 2; readonly ALGO_HPA: 3;
  readonly SEARCH_FULL: 0; readonly SEARCH_COMPACT: 1;
  readonly VISIT_NONE: 0; readonly VISIT_OPEN: 1; readonly VISIT_CLOSED: 2;
  readonly BATCH_MAX_THREADS: 64;
  readonly STEP_LEGAL: 0; readonly STEP_OUT_OF_BOUNDS: 1; readonly STEP_BLOCKED: 2;
  readonly STEP_NOT_A_MOVE: 3; readonly STEP_CORNER: 4;
  readonly AGENT_IDLE: 0; readonly AGENT_MOVING: 1; readonly AGENT_ARRIVED: 2;
  readonly SELFTEST_SEARCH: 0; readonly SELFTEST_SCRIPT: 1; readonly SELFTEST_NONE: number;
  readonly CROWD_GROW_PATHS: 1; readonly CROWD_MAX_CAPACITY: number; readonly CROWD_MAX_FIELDS: number;
  readonly CROWD_FIELD_REACH: number;
  readonly FLOW_GOAL: 8; readonly FLOW_NONE: 9; readonly FLOW_MAX_GOALS: number;
  readonly CLEARANCE_MAX: 16; readonly CROWD_AVOIDANCE: 2; readonly CROWD_MAX_RADIUS: number;
  readonly CROWD_MAX_PRIORITY: 99; readonly CROWD_MAX_NEIGHBOURS: 32; readonly CROWD_MAX_HORIZON: 1024;
}

/** CONNECT_4 or CONNECT_8 */
export type Connectivity = 4 | 8;
/** CORNERS_NONE, CORNERS_ONE or CORNERS_ALL */
export type CornerRule = 0 | 1 | 2;
/** HEURISTIC_AUTO, _OCTILE, _MANHATTAN, _CHEBYSHEV or _ZERO */
export type Heuristic = 0 | 1 | 2 | 3 | 4 | 7;
/** TIE_HIGH_G or TIE_LOW_G */
export type TieBreak = 0 | 1;
/** ALGO_ASTAR, ALGO_JPS, ALGO_JPS_PLUS (grid.buildJumps first) or ALGO_HPA (grid.buildHierarchy first) */
export type Algorithm = 0 | 1 | 2 | 3;
/** VISIT_NONE, VISIT_OPEN or VISIT_CLOSED */
export type VisitState = 0 | 1 | 2;
/** A reached cell's figures (Search.cellCosts): its state, VISIT_OPEN or VISIT_CLOSED, and g, h, f. */
export interface CellCosts { state: 1 | 2; g: number; h: number; f: number; }
/** STEP_LEGAL, _OUT_OF_BOUNDS, _BLOCKED, _NOT_A_MOVE or _CORNER */
export type StepReason = 0 | 1 | 2 | 3 | 4;
/** AGENT_IDLE, AGENT_MOVING or AGENT_ARRIVED */
export type AgentState = 0 | 1 | 2;

/**
 * A query: the start and goal, every other field optional (ls_query_init's
 * defaults), so { startX, startY, goalX, goalY } alone is a whole query. A
 * key not named here throws a TypeError naming it.
 */
export interface Query {
  startX: number; startY: number; goalX: number; goalY: number;
  /** CONNECT_8 (default) or CONNECT_4 */
  connectivity?: Connectivity;
  /** CORNERS_NONE (default), CORNERS_ONE, CORNERS_ALL */
  cornerRule?: CornerRule;
  /** HEURISTIC_AUTO (default) ... HEURISTIC_ZERO, HEURISTIC_LANDMARKS (grid.buildLandmarks first) */
  heuristic?: Heuristic;
  /** TIE_HIGH_G (default) or TIE_LOW_G */
  tieBreak?: TieBreak;
  /** ALGO_ASTAR (default), ALGO_JPS, ALGO_JPS_PLUS or ALGO_HPA */
  algorithm?: Algorithm;
  /** 10 by default; 1..65535 */
  straightCost?: number;
  /** 14 by default; straight..2*straight */
  diagonalCost?: number;
  /** Decimal text parsed exactly by ls_fix16_parse, e.g. "1.5" (1.0 .. 64.0);
   * text that does not parse is the status ERR_BAD_TEXT. */
  weight?: string;
  /** The weight as a raw fix16 integer (65536 = 1.0), instead of weight. */
  weightFix16?: number;
  /** 0 = no limit (default) */
  maxExpansions?: number;
  /** A unit's size: 0 (default) or 1 enter every passable cell; 2..CLEARANCE_MAX
   * only cells whose clearance (grid.clearance) is at least this. A* on a full
   * grid only (else the status ERR_BAD_CLEARANCE). */
  clearance?: number;
}

/** Query options only (no start and goal), for checkPath. */
export type QueryOptions = Partial<Query>;

export interface PathResult {
  /** OK, NO_PATH, EXPANSION_LIMIT, or a negative error (a refused query). */
  status: number;
  statusName: string;
  /** Path cost, -1 without a path. */
  cost: number;
  expansions: number;
  /** Cells on the path, start and goal included; 0 without a path. */
  pathLength: number;
  /** ls_path_digest of the path, 16 hex digits (as `lockstar scen` prints). */
  digest: string;
  /** x0,y0,x1,y1,... start first; empty without a path. */
  path: Int32Array;
}

export interface Grid {
  readonly width: number;
  readonly height: number;
  /** Made with { compact: true } (LS_GRID_COMPACT). */
  readonly compact: boolean;
  /** The cell's cost multiplier: 0 blocked, 1..255 passable. */
  get(x: number, y: number): number;
  set(x: number, y: number, value: number): void;
  fill(value: number): void;
  setRect(x: number, y: number, w: number, h: number, value: number): void;
  /** width*height cells, row-major (ls_grid_load). */
  load(cells: Uint8Array): void;
  /** Every cell, row-major (a copy). */
  cells(): Uint8Array;
  revision(): number;
  /** ls_grid_clearance: 0 for a blocked cell, else k (1..CLEARANCE_MAX): the cell is the
   * centre of a free (2k-1)x(2k-1) square. LockstarError ERR_BAD_CLEARANCE on a compact grid. */
  clearance(x: number, y: number): number;
  /** ls_grid_digest (the map digest), 16 hex digits. */
  digest(): string;
  /** Free the grid now (idempotent); later calls throw TypeError. */
  /** ls_grid_build_jumps: JPS+'s jump tables (nothing if held). */
  buildJumps(): void;
  dropJumps(): void;
  /** Bytes the jump tables hold (0: none). */
  jumpsBytes(): number;
  /** One stored jump from (x, y), direction 0 N, 1 E, 2 S, 3 W. */
  jump(x: number, y: number, direction: number): { run: number; jumpPoint: boolean };
  /** ls_grid_build_landmarks for the moves of the queries that will use them. */
  buildLandmarks(options?: LandmarksOptions): void;
  /** At most budget units of update work (0: all); done: usable and exact. */
  updateLandmarks(budget?: number): { done: boolean; work: number };
  landmarksInfo(): LandmarksInfo;
  /** Cell (x, y)'s distance to landmark index, -1 when unreachable. */
  landmarkDistance(index: number, x: number, y: number): number;
  dropLandmarks(): void;
  /** ls_grid_build_hierarchy (ALGO_HPA's clusters). */
  buildHierarchy(options?: HierarchyOptions): void;
  hierarchyInfo(): HierarchyInfo;
  /** 16 lowercase hex digits. */
  hierarchyDigest(): string;
  dropHierarchy(): void;
  destroy(): void;
}

export interface Search {
  readonly grid: Grid;
  readonly width: number;
  readonly height: number;
  readonly compact: boolean;
  /** ls_search_check: OK, or the error begin would give. */
  check(query: Query): number;
  /** ls_search_begin: OK or an error (then no query is held). */
  begin(query: Query): number;
  /** ls_search_step: at most budget expansions (0 = to the end); IN_PROGRESS or the final status. */
  step(budget?: number): number;
  /** The finished query (status ERR_NOT_DONE while in progress). */
  result(): PathResult;
  /** Expansions of the query begun last (0 if none). */
  expansions(): number;
  /** The path; empty after NO_PATH / EXPANSION_LIMIT; throws LockstarError on errors. */
  path(): Int32Array;
  /** After NO_PATH or EXPANSION_LIMIT: the path to the expanded cell closest to the goal.
   * Throws LockstarError (ERR_NO_PARTIAL after OK, ERR_NO_QUERY, ...) otherwise. */
  partialPath(): Int32Array;
  /** VISIT_NONE, VISIT_OPEN or VISIT_CLOSED of one cell. */
  cellState(x: number, y: number): VisitState;
  /** ls_search_cell_costs: g (best cost found so far from the start), h (the
   * query's estimate to the goal, before the weight) and f = g + floor(h *
   * weight / 65536), the open list's key, of a cell the query begun last
   * reached; null where it did not (with JPS, cells a jump passed over).
   * Throws LockstarError: ERR_NO_QUERY, ERR_OUT_OF_BOUNDS, ERR_GRID_CHANGED
   * (the grid was edited since the query began). */
  cellCosts(x: number, y: number): CellCosts | null;
  /** Every cell's VISIT_* value, row-major (all VISIT_NONE when no query was begun). */
  cellStates(): Uint8Array;
  /** Free the context now (idempotent); later calls throw TypeError. */
  destroy(): void;
}

export interface SelftestReport {
  status: number;
  statusName: string;
  total: number;
  passed: number;
  failed: number;
  /** Index of the first failed case, -1 if none. */
  firstFailed: number;
  firstFailedKind: number;
  firstFailedStep: number;
  firstFailedName: string | null;
  /** The combined digest, 16 hex digits (the C build prints the same). */
  digest: string;
}

/** A world frame: raw fix16 integers (65536 = 1.0). */
export interface World { originX: number; originY: number; cellSize: number; }
export interface Point { x: number; y: number; }
/** A path argument: Int32Array x0,y0,..., an array of numbers, or an array of points. */
export type PathLike = Int32Array | ArrayLike<number> | Point[];

export interface PathCheck {
  status: number;
  statusName: string;
  /** When status is OK: index of the first illegal point (the length if legal). */
  firstIllegal?: number;
  /** STEP_* */
  reason?: StepReason;
  /** The cost on the grid now, -1 when a point is illegal. */
  cost?: number;
  costChanged?: boolean;
}

export interface Agent {
  readonly x: number; readonly y: number;
  /** Settable between ticks, as the header allows. */
  speed: number;
  /** AGENT_IDLE, AGENT_MOVING, AGENT_ARRIVED */
  readonly state: AgentState;
  readonly count: number; readonly target: number;
  readonly fromX: number; readonly fromY: number; readonly travelled: number;
  readonly world: World;
  init(world: World, x: number, y: number, speed: number): Agent;
  /** A new route of waypoints (kept by the agent); returns the state. */
  follow(waypoints: PathLike): AgentState;
  /** One tick along the route. */
  step(count?: number): AgentSnapshot;
  snapshot(): AgentSnapshot;
  /** Free the agent and its route now (idempotent); later calls throw TypeError. */
  destroy(): void;
}
export interface AgentSnapshot {
  x: number; y: number; speed: number; state: AgentState; count: number; target: number;
  fromX: number; fromY: number; travelled: number; world: World;
}

/** Every field is always present. */
export interface QueueResult {
  /** What ls_queue_result returned. */
  status: number;
  statusName: string;
  /** When status is OK or ERR_POOL_FULL, the request's result (resultStatus OK,
   * NO_PATH, EXPANSION_LIMIT or the query's error); otherwise resultStatus is
   * status, cost -1, expansions 0, pathLength 0, digest that of no points. */
  resultStatus: number; cost: number; expansions: number; pathLength: number; digest: string;
}

export interface Queue {
  readonly width: number; readonly height: number;
  /** Returns OK, ERR_QUEUE_FULL, ERR_DUPLICATE_ID (or ERR_BAD_TEXT for a bad weight text). */
  submit(id: bigint | number, query: Query): number;
  cancel(id: bigint | number): number;
  release(id: bigint | number): number;
  /** Serve requests for at most budget expansions (0 = all); OK or ERR_GRID_MISMATCH. */
  tick(grid: Grid, budget?: number): number;
  /** IN_PROGRESS, or the request's final status; throws for an unknown id. */
  status(id: bigint | number): number;
  pending(): number;
  result(id: bigint | number): QueueResult;
  /** The kept path; throws LockstarError when none is kept. */
  path(id: bigint | number): Int32Array;
  /** Free the queue now (idempotent); later calls throw TypeError. */
  destroy(): void;
}

export interface BatchItem {
  /** What ls_find_path returned for this query. */
  status: number;
  statusName: string;
  resultStatus?: number; cost?: number; expansions?: number; pathLength?: number; digest?: string;
  path?: Int32Array;
}

export interface Batch {
  readonly width: number; readonly height: number;
  threads(): number;
  run(grid: Grid, queries: Query[], options?: { capacity?: number }): BatchItem[];
  /** ls_batch_run_keep: results of queries[0..ran); a path longer than capacity
   * (default 4 * (width + height)) is ERR_BUFFER_TOO_SMALL and kept (keptPath). */
  runKeep(grid: Grid, queries: Query[], options?: { capacity?: number }): { ran: number; results: BatchItem[] };
  /** The path the last runKeep kept for queries[index]; throws LockstarError (ERR_NO_QUERY) if none. */
  keptPath(index: number): Int32Array;
  /** Free the batch now (idempotent); later calls throw TypeError. */
  destroy(): void;
}

/** The moves the tables serve (a query must use the same): defaults as a query's. */
export interface TableMoves {
  connectivity?: Connectivity; cornerRule?: CornerRule; straightCost?: number; diagonalCost?: number;
}
export interface LandmarksOptions extends TableMoves {
  /** 1..LANDMARKS_MAX (default 8). */
  count?: number;
}
export interface HierarchyOptions extends TableMoves {
  /** 8, 16 (default) or 32 cells a side. */
  clusterSize?: number;
}
export interface LandmarksInfo {
  count: number; usable: boolean; exact: boolean; bytesPerCell: number; bytes: number;
  config: { count: number; connectivity: number; cornerRule: number; straightCost: number; diagonalCost: number };
  cells: Point[];
}
export interface HierarchyInfo {
  clusterSize: number; clusters: number; entrances: number; nodes: number; edges: number;
  maxNodes: number; bytes: number;
}
export interface PathCacheStats {
  hits: number; misses: number; stores: number; evictions: number; bytes: number;
  entries: number; blocks: number; maxEntries: number; maxBlocks: number;
}
/** ls_path_cache: answers exactly as findPath's, kept by query and grid. */
export interface PathCache {
  /** findPath(grid, query, options) through the cache: the same object, field by field. */
  find(grid: Grid, query: Query, options?: { search?: Search }): PathResult;
  stats(): PathCacheStats;
  /** Drop every entry; the counters stay. */
  clear(): void;
  /** Free now (crowds using it are detached); again: nothing. */
  destroy(): void;
}

export interface LiveObjects {
  grid: number; search: number; queue: number; batch: number; agent: number; rng: number;
  crowd: number; flow: number; cache: number;
  total: number;
}

/** A crowd agent's state (ls_crowd_state_name; ls.CROWD_STATES[n] names state n). */
export type CrowdState = 'idle' | 'waiting' | 'moving' | 'arrived' | 'unreachable' | 'no-room';
/** A crowd agent's id: a signed 64-bit integer, given as a safe integer or a bigint. */
export type CrowdId = bigint | number;

/**
 * ls_crowd_config. width and height are required; the rest has the
 * header's default. A key not named here throws a TypeError naming it.
 */
export interface CrowdConfig {
  width: number; height: number;
  /** Most agents held at once, 1 .. CROWD_MAX_CAPACITY (default 1024). */
  capacity?: number;
  /** The route pool, in points (default 65536; 0 allowed with growPaths). */
  pathPoints?: number;
  /** The world frame (default origin 0,0, cell size 65536 = 1.0); or give cellSize alone. */
  world?: Partial<World>;
  /** World units per cell side, raw fix16 (instead of world). */
  cellSize?: number;
  /** The movement and search options of every request (default: a query's defaults). */
  options?: QueryOptions;
  /** Expansions per tick, 0 = no limit (default). */
  budget?: number;
  /** 1 .. 64 (default 1). Accepted and kept; wasm32-wasi has no threads, so
   * every search runs on the caller's thread: the results are those of any count. */
  threads?: number;
  /** Flow fields for group orders, 0 .. CROWD_MAX_FIELDS (default 4). */
  maxFields?: number;
  /** CROWD_GROW_PATHS: grow the route pool in a tick rather than leave an agent 'no-room'. */
  growPaths?: boolean;
  /** CROWD_AVOIDANCE: local avoidance on from the first tick (also crowd.setAvoidance). */
  avoidance?: boolean;
  /** Most neighbours an agent avoids, 1 .. CROWD_MAX_NEIGHBOURS (default 10). */
  avoidNeighbours?: number;
  /** Ticks ahead an agent avoids others, 1 .. CROWD_MAX_HORIZON (default: ls_crowd_config_init's). */
  avoidHorizon?: number;
  /** A moving agent stuck this many ticks in a row asks for a new path; 0 = never (default 40). */
  stuckTicks?: number;
}

/** What a caller may read of an agent (ls_crowd_agent); world values raw fix16. */
export interface CrowdAgent {
  /** Always a bigint, however it was given. */
  id: bigint;
  state: CrowdState;
  /** Position in world units. */
  x: number; y: number;
  /** The cell it stands in. */
  cellX: number; cellY: number;
  /** Its goal cell (its own cell when never ordered). */
  goalX: number; goalY: number;
  speed: number;
  /** The digest's waypoint index. */
  waypoint: number;
  /** Its route's waypoints (0 without one). */
  wayCount: number;
  /** The cell whose centre it heads for (moving; else its cell). */
  headingX: number; headingY: number;
  /** It belongs to a group's flow field. */
  onField: boolean;
  /** Its disc's radius in world units (raw fix16; 0: a point) and priority (0..99). */
  radius: number; priority: number;
  /** Its move in the last tick (raw fix16; 0, 0 unless avoidance is on). */
  vx: number; vy: number;
  /** Its clearance class (ls.worldClearance of its radius). */
  clearance: number;
  /** Ticks it has been stuck (avoidance). */
  stuck: number;
}

/** ls_crowd_overlaps: the library's exact overlap check of the discs now. */
export interface CrowdOverlaps {
  /** Pairs of agents whose discs overlap. */
  pairs: number;
  /** Agents whose disc overlaps a blocked cell or leaves the grid. */
  walls: number;
  /** The first overlapping pair, pairA < pairB; 0n, 0n without one. */
  pairA: bigint; pairB: bigint;
  /** The first agent (id order) overlapping a wall, 0n without one, and its first offending cell. */
  wallAgent: bigint; wallCell: Point;
}

/** ls_crowd_stats: counters since creation. */
export interface CrowdStats {
  requests: number; replans: number; expansions: number; searches: number; fields: number;
  poolPoints: number; poolUsed: number;
  /** Requests made by agents stuck stuckTicks ticks; moves halved or cancelled by avoidance's resolution. */
  stuck: number; movesCut: number;
}

/**
 * The crowd (lockstar_crowd.h): agents by 64-bit id moved by one
 * deterministic tick. Commands throw LockstarError with the library's
 * status (ERR_DUPLICATE_ID, ERR_CROWD_FULL, ERR_UNKNOWN_ID,
 * ERR_OUT_OF_BOUNDS, ERR_BAD_SPEED, ERR_WORLD_RANGE, ERR_GRID_MISMATCH, ...).
 */
export interface Crowd {
  readonly width: number; readonly height: number;
  readonly capacity: number;
  /** As configured (wasm runs every search on the caller's thread). */
  readonly threads: number;
  readonly world: World;
  /** Searches through cache from the next tick on (null: none); the same ticks and digests. */
  setPathCache(cache: PathCache | null): void;
  /** An idle agent at the centre of cell (x, y); speed in world units per tick (> 0). */
  add(id: CrowdId, x: number, y: number, speed: number): void;
  /** The same at world position (wx, wy). */
  addAt(id: CrowdId, wx: number, wy: number, speed: number): void;
  /** At once, with its request, order and route. */
  remove(id: CrowdId): void;
  /** To cell (x, y) at the next tick (a path request). */
  order(id: CrowdId, x: number, y: number): void;
  /** To the cell holding world point (wx, wy). */
  orderAt(id: CrowdId, wx: number, wy: number): void;
  /** ids to cell (x, y) as a group sharing one flow field, in the order given. */
  orderGroup(ids: CrowdId[] | BigInt64Array, x: number, y: number): void;
  /** Idle where it stands at the next tick. */
  stop(id: CrowdId): void;
  /** From the next tick's movement on (> 0). */
  setSpeed(id: CrowdId, speed: number): void;
  /** Radius (raw fix16, 0 .. CROWD_MAX_RADIUS, its clearance class at most CLEARANCE_MAX)
   * and priority (0 .. CROWD_MAX_PRIORITY, default 0), at once (ERR_BAD_RADIUS, ERR_BAD_PRIORITY). */
  setBody(id: CrowdId, radius: number, priority?: number): void;
  /** Local avoidance on or off from the next tick on. */
  setAvoidance(on: boolean): void;
  /** Overlaps now on grid (default: the last tick's grid; TypeError before the first tick). */
  checkOverlaps(grid?: Grid): CrowdOverlaps;
  /** One tick on grid (the crowd's size; edited or not since the last). Allocates nothing. */
  tick(grid: Grid): void;
  count(): number;
  ticks(): number;
  has(id: CrowdId): boolean;
  /** Throws LockstarError (ERR_UNKNOWN_ID) for an id not held. */
  get(id: CrowdId): CrowdAgent;
  /** Every agent in ascending id order. */
  agents(): CrowdAgent[];
  /** Positions x0,y0,... in id order into out (at least 2 * count(); a new array without it). */
  positions(out?: Int32Array): Int32Array;
  /** States (indexes of ls.CROWD_STATES) in id order into out (at least count()). */
  states(out?: Uint8Array): Uint8Array;
  /** The waypoints it follows; empty without a route or on a field. */
  route(id: CrowdId): Int32Array;
  agentDigest(id: CrowdId): string;
  /** The last tick's digest; null before the first tick. */
  tickDigest(): string | null;
  /** Every tick digest so far (the offset basis before the first). */
  runDigest(): string;
  stats(): CrowdStats;
  /** Free the crowd now (idempotent); later calls throw TypeError. */
  destroy(): void;
}

/** A flow field direction: 0..7 (N E S W NE SE SW NW), FLOW_GOAL (8), FLOW_NONE (9). */
export type FlowDirection = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** A flow field (lockstar_flow.h): every cell's cost to the nearest goal and its first step. */
export interface Flow {
  readonly width: number; readonly height: number; readonly maxGoals: number;
  /** Expansions the last step() did. */
  readonly lastExpansions: number;
  /** Start a field; OK or the error (ERR_GOAL_BLOCKED, ERR_GOAL_OUT_OF_BOUNDS, ERR_BAD_SIZE,
   * ERR_GRID_MISMATCH, ERR_BAD_OPTION, ...; then no field is held). Only the moves of
   * options count (connectivity, cornerRule, straightCost, diagonalCost). */
  begin(grid: Grid, options: QueryOptions | undefined, goals: PathLike): number;
  /** At most budget expansions (0 = to the end): IN_PROGRESS, OK, ERR_COST_OVERFLOW or ERR_NO_QUERY. */
  step(budget?: number): number;
  /** OK when the field describes grid already, else IN_PROGRESS (finish with step()). */
  refresh(grid: Grid): number;
  /** Expansions of the field or update begun last (0 if none). */
  expansions(): number;
  /** -1 where no goal is reachable. Throws LockstarError (ERR_NO_QUERY, ERR_NOT_DONE, ...). */
  cost(x: number, y: number): number;
  direction(x: number, y: number): FlowDirection;
  /** Every cell's cost, row-major, into out (width * height; a new array without it). */
  costs(out?: Int32Array): Int32Array;
  /** Every cell's direction, row-major, into out (width * height). */
  directions(out?: Uint8Array): Uint8Array;
  /** ls_flow_digest, 16 hex digits. */
  digest(): string;
  /** Free the flow now (idempotent); later calls throw TypeError. */
  destroy(): void;
}

/** ls_check_route's answer; the fields after statusName only when status is OK. */
export interface RouteCheck {
  status: number;
  statusName: string;
  /** The route may be kept. */
  holds?: boolean;
  /** The first waypoint segment failing the shortcut rule (waypoints - 1 when none). */
  firstBroken?: number;
  firstIllegal?: number;
  reason?: StepReason;
  cost?: number;
  costChanged?: boolean;
}

export interface Rng {
  next(): bigint;
  below(bound: number): number;
  readonly state: bigint;
  /** Free it now (idempotent); later calls throw TypeError. */
  destroy(): void;
}

export interface Lockstar extends Constants {
  readonly version: string;
  readonly STATUS: Statuses;
  readonly CONSTANTS: Constants;
  statusName(code: number): string;
  statusString(code: number): string;

  createGrid(width: number, height: number, options?: { compact?: boolean }): Grid;
  /**
   * A grid from a map as text (movingai parseMapText): a whole Moving AI
   * .map, or the bare block of its rows (rows may be indented; blank lines
   * around the block are ignored). '.' 'G' open (cost 1), 'S' swamp
   * (options.swampCost, 1..255, default 1), '@' 'O' 'T' 'W' blocked. A bad
   * map throws an Error "LINE: reason" with .line and .reason.
   */
  gridFromText(text: string, options?: { swampCost?: number; compact?: boolean }): Grid;
  createSearch(grid: Grid, options?: { compact?: boolean }): Search;
  /** Run a query to the end; a refused query is a negative status, not an exception.
   * Without options.search, the instance's context for the grid's size runs it (one
   * per size, made by the first findPath, freed with the last grid of that size). */
  findPath(grid: Grid, query: Query, options?: { search?: Search }): PathResult;
  /** Objects owning wasm memory not freed yet (by destroy() or after
   * collection), by kind, and their total. */
  liveObjects(): LiveObjects;
  /** ls_smooth_path: the waypoints of a found path (no options are defined). */
  smoothPath(grid: Grid, path: PathLike, options?: Record<string, never>): Int32Array;
  /** ls_smooth_path into a buffer of capacity points (LockstarError with .count when too small). */
  smoothPathInto(grid: Grid, path: PathLike, capacity: number): Int32Array;
  /** ls_smooth_path_sized: shortcuts only through cells of at least this clearance (0 or 1: smoothPath). */
  smoothPathSized(grid: Grid, clearance: number, path: PathLike): Int32Array;
  /** Runs in lockstar-selftest.wasm (options.wasm: its bytes, module, URL or path; default: beside lockstar.mjs), fetched on the first call, never by load(). */
  selftest(options?: LoadOptions): Promise<SelftestReport>;
  selftestCaseName(index: number, options?: LoadOptions): Promise<string | null>;

  validateQuery(grid: Grid, query: Query): number;
  searchBytesPerCell(options?: { compact?: boolean }): number;
  checkPath(grid: Grid, query: QueryOptions, path: PathLike, plannedCost?: number): PathCheck;
  pathDigest(path: PathLike): string;
  /** ls_fix16_parse: "1.5" -> 98304; throws LockstarError (ERR_BAD_TEXT). */
  parseFix16(text: string): number;
  createRng(seed?: bigint | number): Rng;

  createQueue(width: number, height: number, options?: { capacity?: number; poolPoints?: number }): Queue;
  createBatch(width: number, height: number, options?: { threads?: number; compact?: boolean }): Batch;

  worldCell(world: World, x: number, y: number): Point;
  worldToCell(world: World, grid: Grid, x: number, y: number): Point;
  worldCellCenter(world: World, cx: number, cy: number): Point;
  worldDistance(ax: number, ay: number, bx: number, by: number): number;
  worldSegmentLength(world: World, ax: number, ay: number, bx: number, by: number): number;
  worldPathLength(world: World, path: PathLike): number;
  /** ls_world_clearance: the clearance class of a disc of radius (raw fix16) in the frame. */
  worldClearance(world: World, radius: number): number;
  lineCells(ax: number, ay: number, bx: number, by: number, capacity?: number): Int32Array;
  lineOfSight(grid: Grid, ax: number, ay: number, bx: number, by: number): boolean;
  /** The dearest cell on the segment, 0 when one is blocked. */
  lineCost(grid: Grid, ax: number, ay: number, bx: number, by: number): number;
  createAgent(world?: World, x?: number, y?: number, speed?: number): Agent;

  /** new ls.Crowd(config): ls_crowd_create. */
  readonly Crowd: new (config: CrowdConfig) => Crowd;
  createCrowd(config: CrowdConfig): Crowd;
  /** ls_path_cache_create: maxEntries (1024), maxPoints (65536). */
  readonly PathCache: new (options?: { maxEntries?: number; maxPoints?: number }) => PathCache;
  createPathCache(options?: { maxEntries?: number; maxPoints?: number }): PathCache;
  /** Table bytes per bordered cell for count landmarks. */
  landmarksBytesPerCell(count: number): number;
  /** The command line's names: astar, jps, 'jps+', hpa. */
  readonly ALGORITHMS: Readonly<Record<'astar' | 'jps' | 'jps+' | 'hpa', Algorithm>>;
  /** The command line's names: auto, octile, manhattan, chebyshev, zero, landmarks. */
  readonly HEURISTICS: Readonly<Record<'auto' | 'octile' | 'manhattan' | 'chebyshev' | 'zero' | 'landmarks', Heuristic>>;
  readonly LANDMARKS_MAX: 16; readonly HPA_CLUSTER_MIN: 8; readonly HPA_CLUSTER_MAX: 32;
  readonly HPA_CLUSTER_DEFAULT: 16; readonly PATH_CACHE_BLOCK_POINTS: 32;
  readonly PATH_CACHE_MAX_ENTRIES: number; readonly PATH_CACHE_MAX_POINTS: number;
  /** new ls.Flow(width, height, maxGoals = 1): ls_flow_create. */
  readonly Flow: new (width: number, height: number, maxGoals?: number) => Flow;
  createFlow(width: number, height: number, maxGoals?: number): Flow;
  /** Bytes per bordered cell of a flow (ls_flow_bytes_per_cell). */
  flowBytesPerCell(): number;
  /** The crowd states by number: ['idle', 'waiting', 'moving', 'arrived', 'unreachable', 'no-room']. */
  readonly CROWD_STATES: readonly CrowdState[];
  /** ls_check_route: may a unit keep the rest of its route (path and its smoothed waypoints)? */
  checkRoute(grid: Grid, options: QueryOptions | undefined, path: PathLike, waypoints: PathLike,
    plannedCost: number): RouteCheck;
}

export const CONSTANTS: Constants;
