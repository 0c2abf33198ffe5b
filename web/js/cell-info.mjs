// SPDX-License-Identifier: MIT
// cell-info.mjs - the read-out of one cell of the board (the cell under
// the pointer, or the keyboard cursor): its cost, whether it is the start
// or the goal, and what the last search did there, read from the library:
// the cell's state (ls_search_cell_states, in the search's outcome), its
// g, h and f (ls_search_cell_costs, through the outcome's costs reader)
// and its place on the path. Nothing here computes a search figure
// itself: g, h and f are the library's own, f being the key its open list
// ordered the cell by (g + floor(h x weight)).

// The words for a cell's cost, as the legend names it.
export function costWords(cost) {
  if (cost === 0) return 'wall';
  if (cost === 1) return 'ground, cost 1';
  return `terrain, cost ${cost}`;
}

// A list of [label, value] pairs for cell ({x, y}) of map ({ width,
// cells }); outcome: the last search's (search-runner.mjs) or null, its
// costs(x, y) giving { g, h, f } or null (unreached), or throwing;
// ends: { start, goal }; visit: { OPEN, CLOSED }.
export function describeCell(cell, { map, outcome, ends, visit }) {
  const i = cell.y * map.width + cell.x;
  const parts = [['Cell', `${cell.x},${cell.y}`], ['', costWords(map.cells[i])]];
  const same = (c) => c && c.x === cell.x && c.y === cell.y;
  if (same(ends.start)) parts.push(['', 'start']);
  if (same(ends.goal)) parts.push(['', 'goal']);
  if (!outcome?.states) return parts;

  const state = outcome.states[i];
  const name = state === visit.CLOSED ? 'closed (expanded)' : state === visit.OPEN ? 'open (reached)' : 'unvisited';
  parts.push(['state', name]);
  if (state === visit.CLOSED || state === visit.OPEN) parts.push(...costParts(outcome, cell));
  const step = pathIndex(outcome.path, cell);
  if (step >= 0) {
    const cells = outcome.path.length / 2;
    parts.push(['', `${outcome.partial ? 'partial path' : 'path'} cell ${step + 1} of ${cells}`]);
  }
  return parts;
}

// g, h and f as the library read them; a reader that fails (the search
// context gone) says so instead of showing stale figures.
function costParts(outcome, cell) {
  if (!outcome.costs) return [];
  let c;
  try {
    c = outcome.costs(cell.x, cell.y);
  } catch (error) {
    return [['', `g, h, f unknown: ${error.message}`]];
  }
  return c ? [['g', c.g], ['h', c.h], ['f', c.f]] : [];
}

function pathIndex(path, cell) {
  if (!path) return -1;
  for (let k = 0; k + 1 < path.length; k += 2) {
    if (path[k] === cell.x && path[k + 1] === cell.y) return k / 2;
  }
  return -1;
}

// The parts into an element: "Cell 3,4 · ground, cost 1 · state closed".
export function showCell(element, parts, hint) {
  element.replaceChildren();
  if (!parts) {
    element.textContent = hint;
    return;
  }
  parts.forEach(([label, value], k) => {
    if (k > 0) element.append(' · ');
    if (label) {
      const b = document.createElement('b');
      b.textContent = label;
      element.append(b, ' ');
    }
    element.append(String(value));
  });
}
