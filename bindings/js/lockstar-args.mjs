// SPDX-License-Identifier: MIT
// lockstar-args.mjs - the values crossing between JavaScript and the wasm,
// checked on the way in and written out on the way back, for lockstar.mjs,
// lockstar-extras.mjs and lockstar-crowd.mjs. Internal module: import
// lockstar.mjs, not this file.
//
// A JS number silently wraps when passed as an i32, which would turn a
// caller's mistake into another query; so every integer is checked against
// its C type here (a wrong type throws TypeError, a value outside the type
// RangeError), ids are 64-bit (the queue's unsigned, the crowd's signed),
// point lists come as Int32Array, flat arrays or {x, y} objects, and an
// options object's keys are checked one by one: a misspelled key throws a
// TypeError naming it and the nearest known key, never left unnoticed
// with the default in force.
// Nothing here touches the wasm memory.

export function int32(value, what) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${what} must be an integer, got ${String(value)}`);
  }
  if (value < -0x80000000 || value > 0x7fffffff) {
    throw new RangeError(`${what} must fit in int32, got ${value}`);
  }
  return value;
}

export function uint32(value, what) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${what} must be an integer, got ${String(value)}`);
  }
  if (value < 0 || value > 0xffffffff) {
    throw new RangeError(`${what} must fit in uint32, got ${value}`);
  }
  return value;
}

export function uint8(value, what) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${what} must be an integer, got ${String(value)}`);
  }
  if (value < 0 || value > 255) throw new RangeError(`${what} must be 0..255, got ${value}`);
  return value;
}

export function uint64(value, what) {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'bigint' && value >= 0n && value <= 0xffffffffffffffffn) return value;
  throw new RangeError(`${what} must be an unsigned 64-bit integer (a bigint, or a safe non-negative number), got ${String(value)}`);
}

// A signed 64-bit id (the crowd's agents): a safe integer or a bigint.
export function int64(value, what) {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'bigint' && value >= -0x8000000000000000n && value <= 0x7fffffffffffffffn) return value;
  throw new RangeError(`${what} must be a signed 64-bit integer (a bigint, or a safe integer), got ${String(value)}`);
}

export function hex64(big) {
  return BigInt.asUintN(64, big).toString(16).padStart(16, '0');
}

// Levenshtein distance, for "did you mean" (short keys only).
function editDistance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

// An options object: undefined (no options) or an object whose own keys
// are all known; a misspelled key throws a TypeError naming it (and the
// nearest known key), instead of leaving the default in force unnoticed.
export function checkKeys(obj, known, what) {
  if (obj === undefined) return {};
  if (obj === null || typeof obj !== 'object') throw new TypeError(`${what} must be an object`);
  for (const key of Object.keys(obj)) {
    if (known.includes(key)) continue;
    let best = null;
    let bestDistance = 3;
    for (const k of known) {
      const d = editDistance(key.toLowerCase(), k.toLowerCase());
      if (d < bestDistance) {
        best = k;
        bestDistance = d;
      }
    }
    const hint = best ? ` (did you mean '${best}'?)` : '';
    throw new TypeError(`${what}: unknown key '${key}'${hint}; known keys: ${known.join(', ')}`);
  }
  return obj;
}

// The keys of a query object (lockstar.d.ts Query).
export const QUERY_KEYS = ['startX', 'startY', 'goalX', 'goalY', 'connectivity', 'cornerRule',
  'heuristic', 'tieBreak', 'algorithm', 'straightCost', 'diagonalCost', 'weight',
  'weightFix16', 'maxExpansions', 'clearance'];
// The keys of a query's options without its ends (lockstar.d.ts
// QueryOptions as the crowd and flow fields take them).
export const OPTION_KEYS = QUERY_KEYS.slice(4);

// Path arguments: an Int32Array or array of x0,y0,x1,y1,... (an even count),
// or an array of {x, y} points.
export function flatPoints(points, what) {
  if (points instanceof Int32Array) {
    if (points.length % 2 !== 0) throw new RangeError(`${what} must hold x,y pairs (even length)`);
    return points;
  }
  if (!Array.isArray(points) && !ArrayBuffer.isView(points)) {
    throw new TypeError(`${what} must be an Int32Array of x,y pairs, or an array`);
  }
  const list = Array.from(points);
  if (list.length > 0 && typeof list[0] === 'object' && list[0] !== null) {
    const flat = new Int32Array(list.length * 2);
    list.forEach((p, i) => {
      flat[2 * i] = int32(p.x, `${what}[${i}].x`);
      flat[2 * i + 1] = int32(p.y, `${what}[${i}].y`);
    });
    return flat;
  }
  if (list.length % 2 !== 0) throw new RangeError(`${what} must hold x,y pairs (even length)`);
  list.forEach((v, i) => int32(v, `${what}[${i}]`));
  return Int32Array.from(list);
}
