// SPDX-License-Identifier: MIT
// movingai.d.ts - types of movingai.mjs (Moving AI .map and .scen readers).

export interface MovingAiMap {
  width: number;
  height: number;
  /** Row-major cost multipliers: 0 blocked, 1 open, swampCost for 'S'. */
  cells: Uint8Array;
  /** The map's characters, row-major, as in the file. */
  symbols: string;
}

export interface ScenRow {
  bucket: number; map: string; width: number; height: number;
  sx: number; sy: number; gx: number; gy: number;
  /** The optimal length as written (a decimal). */
  optimal: string;
  /** Its line in the file. */
  line: number;
}

/** Thrown for a bad file: message "LINE: reason". */
export interface MovingAiError extends Error { line: number; reason: string; }

export function parseMap(text: string, options?: { swampCost?: number }): MovingAiMap;
/**
 * A whole Moving AI map (first word "type": parseMap), or the bare block of
 * its rows: blanks around each row dropped (rows may be indented), blank
 * lines before and after the block ignored, every row the same width, the
 * symbols symbolCost knows. Errors as parseMap's, lines counted in text.
 */
export function parseMapText(text: string, options?: { swampCost?: number }): MovingAiMap;
/** With size, each row is checked against the map's size as the C reader does. */
export function parseScen(text: string, size?: { width: number; height: number }): ScenRow[];
export function symbolCost(ch: string, swampCost?: number): number;
/** mai_quote: at most 40 characters then "...", unprintable ones as '?'. */
export function quote(text: string): string;
/** mai_parse_uint: digits only, min..max, else null. */
export function parseUint(text: string, min: number, max: number): number | null;
/** The reason given for a carriage return inside a line (CR-only line ends). */
export const CR_REASON: string;
