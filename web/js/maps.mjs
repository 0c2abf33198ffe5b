// SPDX-License-Identifier: MIT
// maps.mjs - where the playground's maps come from: the Moving AI maps
// bundled in examples/ (fetched from the server beside web/), a .map file
// the user picks, or an empty grid. All Moving AI text goes through
// bindings/js/movingai.mjs, the JavaScript twin of the C reader, so a map
// has the same cells here as in `lockstar`.

// The bundled maps, with the query and swamp cost docs/pictures.md's
// pictures use for them, so the first search on each is one it shows.
export const BUNDLED = [
  { file: 'demo.map', swampCost: 4, start: { x: 1, y: 1 }, goal: { x: 46, y: 22 } },
  { file: 'rts.map', swampCost: 8, start: { x: 2, y: 2 }, goal: { x: 125, y: 93 } },
];

const EXAMPLES = new URL('../../examples/', import.meta.url);

// The largest map the page accepts, in cells: the board redraws every
// cell each frame, and a bigger map is better served by the CLI.
export const MAX_CELLS = 1024 * 1024;

// A parsed map: { name, width, height, cells, source } where source
// ({ path, swampCost }) says how `lockstar` would read the same map, or
// is null for a grid made here.
export async function fetchBundled(entry, swampCost, movingai) {
  const response = await fetch(new URL(entry.file, EXAMPLES));
  if (!response.ok) throw new Error(`examples/${entry.file}: HTTP ${response.status}`);
  return fromText(await response.text(), `examples/${entry.file}`, swampCost, movingai);
}

export async function readUserFile(file, swampCost, movingai) {
  // Moving AI maps are ASCII; latin1 keeps every byte one character, as
  // movingai.mjs expects, so a stray byte is reported like the C reader does.
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return fromText(text, file.name, swampCost, movingai);
}

function fromText(text, path, swampCost, movingai) {
  let map;
  try {
    map = movingai.parseMap(text, { swampCost });
  } catch (error) {
    throw new Error(`${path}:${error.message}`);
  }
  if (map.width * map.height > MAX_CELLS) {
    throw new Error(`${path}: ${map.width} x ${map.height} is more than the playground's ${MAX_CELLS} cells`);
  }
  return { name: path, width: map.width, height: map.height, cells: map.cells, source: { path, swampCost } };
}

export function emptyMap(width, height) {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error('width and height must be whole numbers of at least 1');
  }
  if (width * height > MAX_CELLS) {
    throw new Error(`${width} x ${height} is more than the playground's ${MAX_CELLS} cells`);
  }
  return { name: `empty ${width} x ${height}`, width, height, cells: new Uint8Array(width * height).fill(1), source: null };
}

// Where a search would start and end on a map with no suggested query:
// the first passable cell from the top left and from the bottom right.
export function defaultEnds(map) {
  const n = map.width * map.height;
  let first = 0;
  while (first < n - 1 && map.cells[first] === 0) first++;
  let last = n - 1;
  while (last > 0 && map.cells[last] === 0) last--;
  const at = (i) => ({ x: i % map.width, y: Math.floor(i / map.width) });
  return { start: at(first), goal: at(last) };
}
