// SPDX-License-Identifier: MIT
// lockstar-replay.d.ts - TypeScript types of lockstar-replay.mjs (`lockstar
// replay` in JavaScript: replay scripts of docs/replay.md run on ls.Crowd).
import type { Lockstar, Crowd, Grid, QueryOptions, CrowdConfig } from './lockstar.js';

/** A refused script or map: message "FILE:LINE: reason", as the C program's. */
export class ReplayError extends Error {
  readonly name: 'ReplayError';
}

export interface ReplayAgent {
  id: bigint; x: number; y: number; speed: number;
  /** Version 3: radius R (raw fix16, 0 = a point) and priority P (0..99); 0 without them. */
  radius: number; priority: number;
  line: number;
}
export interface ReplayEvent {
  tick: number;
  kind: 'move' | 'set' | 'rect' | 'group' | 'avoidance';
  line: number;
  /** The goal (move, group) or the cell / rectangle's corner (set, rect). */
  x: number; y: number;
  /** The rectangle's size (1, 1 for set; 0 for orders). */
  w: number; h: number;
  /** set, rect: the new cost. */
  cost?: number;
  /** move: the agent. */
  agent?: bigint;
  /** group: the agents, in the order named. */
  ids?: BigInt64Array;
  /** avoidance (version 3's `at T avoidance on|off`): on. */
  on?: boolean;
}
export interface ReplayScript {
  version: 1 | 2 | 3;
  mapPath: string;
  mapLine: number;
  /** Raw fix16. */
  cellSize: number;
  swampCost: number;
  options: QueryOptions;
  budget: number;
  /** Version 3's `avoidance on|off` line (false without one). */
  avoidance: boolean;
  agents: ReplayAgent[];
  events: ReplayEvent[];
  ticks: number;
}
export interface ReplayOptions {
  /** Overrides the script's budget (as --budget). */
  budget?: number;
  /** As --threads: accepted, the same lines (wasm runs every search on the caller's thread). */
  threads?: number;
  /** The script's name in messages. */
  name?: string;
}
export interface ReplayRun {
  readonly grid: Grid;
  readonly crowd: Crowd;
  /** The number of the next tick. */
  readonly tick: number;
  readonly done: boolean;
  /** Run one tick (edits, orders, the crowd's tick); its digest. */
  step(): string;
  /** The --trace lines of the last tick. */
  trace(): string[];
  finalDigest(): string;
  destroy(): void;
}
/** Read a script (text as read byte for byte, node's 'latin1'); throws ReplayError. */
export function parseReplay(ls: Lockstar, text: string, name?: string): ReplayScript;
/** The field slots the script's crowd gets: one per distinct group goal, at most 64. */
export function fieldsNeeded(script: ReplayScript): number;
/** The crowd's configuration as cli/replay_sim.c makes it. */
export function replayCrowdConfig(script: ReplayScript, width: number, height: number,
  options?: ReplayOptions): CrowdConfig;
/** Start the script on its map (movingai.mjs parseMap's answer, read with the script's swampCost). */
export function startReplay(ls: Lockstar, script: ReplayScript,
  map: { width: number; height: number; cells: Uint8Array }, options?: ReplayOptions): ReplayRun;
/** Whether --trace adds ' r R v VX,VY' (a version 3 script with avoidance or a radius). */
export function showsBodies(script: ReplayScript): boolean;
/** --check on a run just started: before() and after() around each step(), then lines(). */
export function startCheck(ls: Lockstar, script: ReplayScript, run: ReplayRun): {
  before(): void; after(): void; lines(): { text: string; overlapped: boolean };
};
export type ReplayTextOptions = ReplayOptions & { trace?: boolean; check?: boolean; mapName?: string };
/** What `lockstar replay` prints: tick lines (with trace, agent lines after each), the
 * final line, and with check --check's two lines. */
export function replayText(ls: Lockstar, script: ReplayScript, mapText: string,
  options?: ReplayTextOptions): string;
/** The same, and whether --check found an overlap (the C program then exits 1). */
export function replayOutput(ls: Lockstar, script: ReplayScript, mapText: string,
  options?: ReplayTextOptions): { text: string; overlapped: boolean };
