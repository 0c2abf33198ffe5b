// SPDX-License-Identifier: MIT
// movingai.mjs - Moving AI .map and .scen text readers for JavaScript,
// with the same accepted formats, cell values, limits and messages as the
// C reader (movingai/): the scen example prints what `lockstar scen`
// prints, errors included. No dependencies; node and browsers.
//
//   import { parseMap, parseScen } from './movingai.mjs';
//   const map = parseMap(text);                 // { width, height, cells, symbols }
//   const rows = parseScen(scenText, map);      // rows checked against the map
//   const small = parseMapText('..@\n.S.\n');   // a bare block of rows also reads
//
// Errors throw an Error whose message is "LINE: reason" (the C reader's
// "FILE:LINE: reason" without the file name), with .line and .reason.
// Give text as read byte for byte (node: readFileSync(f, 'latin1')) for
// messages about odd bytes to match the C reader's.

const MAX_DIMENSION = 16384;
const INT32_MAX = 2147483647;

function fail(line, reason) {
  const e = new Error(`${line}: ${reason}`);
  e.line = line;
  e.reason = reason;
  throw e;
}

// A line cursor over text: a final '\n' ends the last line (no empty line
// after it), a CR before the LF is dropped.
class Lines {
  constructor(text) {
    if (typeof text !== 'string') throw new TypeError('expected the file as a string');
    this.text = text;
    this.pos = 0;
    this.line = 0;
  }
  next() {
    const t = this.text;
    if (this.pos >= t.length) return null;
    const start = this.pos;
    let end = t.indexOf('\n', start);
    if (end < 0) {
      end = t.length;
      this.pos = t.length;
    } else {
      this.pos = end + 1;
    }
    let stop = end;
    if (stop > start && t.charCodeAt(stop - 1) === 13) stop--;
    this.line++;
    return { text: t.slice(start, stop), number: this.line };
  }
}

// A CR inside a line (not the CR of a CRLF end, which Lines drops): files
// with CR-only line ends are refused with this reason, as in movingai/.
export const CR_REASON = 'a carriage return inside the line: CR-only line ends are not read (use LF or CRLF line ends)';
function refuseCr(line) {
  if (line.text.includes('\r')) fail(line.number, CR_REASON);
  return line;
}

// optimal_length is checked, never used: at most this many digits.
const OPTIMAL_INT_DIGITS = 10;
const OPTIMAL_FRACTION_DIGITS = 20;

const isBlankChar = (c) => c === ' ' || c === '\t';
const blank = (s) => [...s].every(isBlankChar);
function words(s) {
  return s.split(/[ \t]+/).filter((w) => w !== '');
}

// As mai_quote: at most 40 characters then "...", unprintable bytes as '?'.
export function quote(s) {
  let n = s.length;
  let cut = false;
  if (n > 40) {
    n = 40;
    cut = true;
  }
  let out = '';
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    out += c >= 0x20 && c < 0x7f ? s[i] : '?';
  }
  return cut ? `${out}...` : out;
}

// As mai_parse_uint: decimal digits only, min..max; null when not.
export function parseUint(s, min, max) {
  if (s.length === 0) return null;
  let value = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return null;
    const digit = c - 48;
    if (digit > max || value > Math.floor((max - digit) / 10)) return null;
    value = value * 10 + digit;
  }
  return value < min ? null : value;
}

function isDecimal(s) {
  const m = /^([0-9]+)(\.([0-9]*))?$/.exec(s);
  if (!m) return false;
  return m[2] === undefined || m[3].length > 0;
}

/** The cost of a map character: '.' 'G' 1, 'S' swampCost, '@' 'O' 'T' 'W' 0, else -1. */
export function symbolCost(ch, swampCost = 1) {
  switch (ch) {
    case '.': case 'G': return 1;
    case 'S': return swampCost;
    case '@': case 'O': case 'T': case 'W': return 0;
    default: return -1;
  }
}

function needLine(c, expected) {
  const line = c.next();
  if (line) return refuseCr(line);
  if (c.line === 0) fail(1, `empty file; expected '${expected}'`);
  return fail(c.line + 1, `file ends early; expected '${expected}'`);
}

function parseSize(c, keyword) {
  const expected = `${keyword} N`;
  const line = needLine(c, expected);
  const w = words(line.text);
  if (w.length === 0 || w[0] !== keyword) fail(line.number, `expected '${expected}', found '${quote(line.text)}'`);
  if (w.length !== 2) fail(line.number, `expected '${expected}' (one number after '${keyword}')`);
  const v = parseUint(w[1], 1, MAX_DIMENSION);
  if (v === null) {
    fail(line.number, `bad ${keyword} '${quote(w[1])}': expected a whole number from 1 to ${MAX_DIMENSION}`);
  }
  return v;
}

/**
 * Parse a Moving AI map ("type octile", "height H", "width W", "map", H
 * rows). options.swampCost (1..255, default 1) is the cost of 'S' cells.
 * Returns { width, height, cells: Uint8Array row-major, symbols: string }.
 */
export function parseMap(text, options = {}) {
  const swampCost = checkSwampCost(options.swampCost ?? 1, 'parseMap');
  const c = new Lines(text);
  let line = needLine(c, 'type octile');
  let w = words(line.text);
  if (!(w.length === 2 && w[0] === 'type' && w[1] === 'octile')) {
    if (w.length === 2 && w[0] === 'type') {
      fail(line.number, `map type '${quote(w[1])}' is not supported (expected 'type octile')`);
    }
    fail(line.number, `expected 'type octile' (a Moving AI map), found '${quote(line.text)}'`);
  }
  const height = parseSize(c, 'height');
  const width = parseSize(c, 'width');
  line = needLine(c, 'map');
  w = words(line.text);
  if (!(w.length === 1 && w[0] === 'map')) fail(line.number, `expected 'map', found '${quote(line.text)}'`);
  const rows = [];
  for (let y = 0; y < height; y++) {
    line = c.next();
    if (!line) fail(c.line + 1, `file ends after ${y} of ${height} map rows`);
    refuseCr(line);
    rows.push(checkRow(line.text, line.number, y, width));
  }
  while ((line = c.next())) {
    if (!blank(line.text)) fail(line.number, `extra text after the ${height} map rows (height ${height})`);
  }
  return mapOfRows(rows, width, swampCost);
}

// One map row: its width, then every character through symbolCost (the
// one table of map symbols); the row itself when it passes.
function checkRow(row, lineNumber, y, width) {
  if (row.length !== width) {
    fail(lineNumber, `row ${y} is ${row.length < width ? 'too short' : 'too long'}: ${row.length} characters, expected the width ${width}`);
  }
  for (let x = 0; x < row.length; x++) {
    if (symbolCost(row[x]) >= 0) continue;
    const ch = row.charCodeAt(x);
    if (ch > 0x20 && ch < 0x7f) {
      fail(lineNumber, `bad character '${row[x]}' at column ${x + 1} (allowed: . G S passable, @ O T W blocked)`);
    }
    fail(lineNumber, `bad character (byte 0x${(ch & 0xff).toString(16).padStart(2, '0')}) at column ${x + 1} (allowed: . G S passable, @ O T W blocked)`);
  }
  return row;
}

function checkSwampCost(swampCost, what) {
  if (!Number.isInteger(swampCost) || swampCost < 1 || swampCost > 255) {
    throw new RangeError(`${what}: swampCost must be 1..255`);
  }
  return swampCost;
}

function mapOfRows(rows, width, swampCost) {
  const symbols = rows.join('');
  const cells = new Uint8Array(width * rows.length);
  for (let i = 0; i < cells.length; i++) cells[i] = symbolCost(symbols[i], swampCost);
  return { width, height: rows.length, cells, symbols };
}

/**
 * A map as text written by hand or read from a file: a whole Moving AI
 * map (its first word is "type": read by parseMap from that line, blank
 * lines before it ignored, every rule of the format), or the bare block
 * of its rows, e.g. a template literal:
 *
 *   parseMapText(`
 *     ..@@..
 *     ..@S..
 *   `, { swampCost: 3 })
 *
 * In a bare block, blanks (spaces and tabs: never map symbols) before and
 * after each row are dropped, so the rows may be indented; blank lines
 * before the first row and after the last are ignored; every row is a
 * line of the same width (at most 16384 rows of 16384 characters) made of
 * the map symbols parseMap takes (symbolCost: . G open, S swamp at
 * swampCost, @ O T W blocked). Errors as parseMap's: "LINE: reason", LINE
 * counted in the text given. Returns { width, height, cells, symbols }.
 */
export function parseMapText(text, options = {}) {
  if (typeof text !== 'string') throw new TypeError('expected the map as a string');
  const swampCost = checkSwampCost(options.swampCost ?? 1, 'parseMapText');
  const c = new Lines(text);
  let line;
  let start = 0;
  while ((start = c.pos, line = c.next()) && blank(line.text));
  if (line && words(line.text)[0] === 'type') {
    // A whole map: parseMap from its header (after the blank lines a
    // template literal may open with), lines counted in the text given.
    const skipped = line.number - 1;
    try {
      return parseMap(skipped === 0 ? text : text.slice(start), { swampCost });
    } catch (e) {
      if (skipped === 0 || typeof e.line !== 'number') throw e;
      return fail(e.line + skipped, e.reason);
    }
  }
  if (!line) fail(c.line === 0 ? 1 : c.line, 'no map rows (expected rows of . G S @ O T W, or a Moving AI map)');
  const rows = [];
  let width = 0;
  let trailing = null; // the first blank line after a row, if no row follows it
  for (; line; line = c.next()) {
    refuseCr(line);
    const row = line.text.replace(/^[ \t]+|[ \t]+$/g, '');
    if (row === '') {
      trailing ??= line.number;
      continue;
    }
    if (trailing !== null) fail(trailing, `row ${rows.length} is empty: a blank line between map rows`);
    if (rows.length === 0) {
      width = row.length;
      if (width > MAX_DIMENSION) fail(line.number, `row 0 is ${width} characters, more than ${MAX_DIMENSION}`);
    }
    if (rows.length === MAX_DIMENSION) fail(line.number, `more than ${MAX_DIMENSION} map rows`);
    rows.push(checkRow(row, line.number, rows.length, width));
  }
  return mapOfRows(rows, width, swampCost);
}

const COORD_NAMES = ['start x', 'start y', 'goal x', 'goal y'];

/**
 * Parse a Moving AI scenario ("version 1", then tab-separated rows
 * bucket map width height sx sy gx gy optimal). With size ({ width,
 * height }, e.g. the parsed map) every row is checked against it as the C
 * reader does. Returns [{ bucket, map, width, height, sx, sy, gx, gy,
 * optimal (the text), line }].
 */
export function parseScen(text, size) {
  const c = new Lines(text);
  let line = c.next();
  if (!line) fail(1, "empty file; expected 'version 1'");
  refuseCr(line);
  const w = words(line.text);
  if (w.length === 2 && w[0] === 'version') {
    if (w[1] !== '1' && w[1] !== '1.0') {
      fail(1, `scenario version '${quote(w[1])}' is not supported (expected 'version 1' or 'version 1.0')`);
    }
  } else {
    fail(1, `expected 'version 1' (a Moving AI scenario), found '${quote(line.text)}'`);
  }
  const out = [];
  while ((line = c.next())) {
    if (blank(line.text)) continue;
    refuseCr(line);
    const f = line.text.split('\t');
    if (f.length !== 9) {
      fail(line.number, `${f.length < 9 ? 'too few' : 'too many'} fields: found ${f.length}, expected 9 tab-separated (bucket map width height sx sy gx gy optimal_length)`);
    }
    const number = (s, what, min, max) => {
      const v = parseUint(s, min, max);
      if (v === null) fail(line.number, `bad ${what} '${quote(s)}': expected a whole number from ${min} to ${max}`);
      return v;
    };
    const bucket = number(f[0], 'bucket', 0, INT32_MAX);
    const mw = number(f[2], 'map width', 1, MAX_DIMENSION);
    const mh = number(f[3], 'map height', 1, MAX_DIMENSION);
    const coord = [0, 1, 2, 3].map((i) => number(f[4 + i], COORD_NAMES[i], 0, INT32_MAX));
    if (!isDecimal(f[8])) {
      fail(line.number, `bad optimal_length '${quote(f[8])}': expected a decimal such as 12 or 3.41421`);
    }
    const point = f[8].indexOf('.');
    const whole = point < 0 ? f[8].length : point;
    const fraction = point < 0 ? 0 : f[8].length - point - 1;
    if (whole > OPTIMAL_INT_DIGITS || fraction > OPTIMAL_FRACTION_DIGITS) {
      fail(line.number, `bad optimal_length '${quote(f[8])}': at most ${OPTIMAL_INT_DIGITS} digits before the point and ${OPTIMAL_FRACTION_DIGITS} after`);
    }
    if (size) {
      if (mw !== size.width || mh !== size.height) {
        fail(line.number, `scenario is for a ${mw}x${mh} map, but the map is ${size.width}x${size.height}`);
      }
      for (let i = 0; i < 4; i += 2) {
        if (coord[i] >= size.width || coord[i + 1] >= size.height) {
          fail(line.number, `${i === 0 ? 'start' : 'goal'} ${coord[i]},${coord[i + 1]} is outside the ${size.width}x${size.height} map`);
        }
      }
    }
    out.push({
      bucket, map: f[1], width: mw, height: mh,
      sx: coord[0], sy: coord[1], gx: coord[2], gy: coord[3],
      optimal: f[8], line: line.number,
    });
  }
  return out;
}
