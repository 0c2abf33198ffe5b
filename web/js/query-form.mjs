// SPDX-License-Identifier: MIT
// query-form.mjs - the query form: start, goal and the search options read
// into the query object bindings/js/lockstar.mjs takes, and the same query
// written as the `lockstar path` command that gives the same answer.
// The <select>s hold the CLI's own words (--corners one, --tie low-g ...);
// the tables below name the library constant each word stands for.

const CONSTANTS = {
  connectivity: { 8: 'CONNECT_8', 4: 'CONNECT_4' },
  cornerRule: { none: 'CORNERS_NONE', one: 'CORNERS_ONE', all: 'CORNERS_ALL' },
  heuristic: {
    auto: 'HEURISTIC_AUTO',
    octile: 'HEURISTIC_OCTILE',
    manhattan: 'HEURISTIC_MANHATTAN',
    chebyshev: 'HEURISTIC_CHEBYSHEV',
    zero: 'HEURISTIC_ZERO',
  },
  tieBreak: { 'high-g': 'TIE_HIGH_G', 'low-g': 'TIE_LOW_G' },
  algorithm: { astar: 'ALGO_ASTAR', jps: 'ALGO_JPS' },
};

// form field id -> [CLI option, its default]
const CLI_OPTIONS = {
  connectivity: ['--connect', '8'],
  cornerRule: ['--corners', 'none'],
  heuristic: ['--heuristic', 'auto'],
  weight: ['--weight', '1'],
  tieBreak: ['--tie', 'high-g'],
  algorithm: ['--algo', 'astar'],
  straightCost: ['--straight', '10'],
  diagonalCost: ['--diagonal', '14'],
  maxExpansions: ['--max-expansions', '0'],
};

export class QueryForm {
  constructor(form, ls) {
    this.form = form;
    this.ls = ls;
  }

  field(name) {
    return this.form.elements.namedItem(name);
  }

  setEnds(start, goal) {
    if (start) {
      this.field('startX').value = start.x;
      this.field('startY').value = start.y;
    }
    if (goal) {
      this.field('goalX').value = goal.x;
      this.field('goalY').value = goal.y;
    }
  }

  ends() {
    const int = (name) => Number.parseInt(this.field(name).value, 10);
    return {
      start: { x: int('startX'), y: int('startY') },
      goal: { x: int('goalX'), y: int('goalY') },
    };
  }

  get smooth() {
    return this.field('smooth').checked;
  }

  // The query object. Numbers are passed as typed (even out of range): the
  // library is the one judge of a query, and its status says what is wrong.
  query() {
    const { start, goal } = this.ends();
    const q = { startX: start.x, startY: start.y, goalX: goal.x, goalY: goal.y };
    for (const [name, table] of Object.entries(CONSTANTS)) {
      q[name] = this.ls[table[this.field(name).value]];
    }
    q.weight = this.field('weight').value.trim();
    for (const name of ['straightCost', 'diagonalCost', 'maxExpansions']) {
      q[name] = Number(this.field(name).value);
    }
    return q;
  }

  // `lockstar path` with this query on mapSource ({ path, swampCost }),
  // only the options that differ from the CLI's defaults.
  cliCommand(mapSource) {
    const { start, goal } = this.ends();
    const words = ['lockstar', 'path', mapSource.path, '--from', `${start.x},${start.y}`, '--to', `${goal.x},${goal.y}`];
    if (mapSource.swampCost !== 1) words.push('--swamp-cost', String(mapSource.swampCost));
    for (const [name, [option, fallback]] of Object.entries(CLI_OPTIONS)) {
      const value = this.field(name).value.trim();
      if (value !== fallback) words.push(option, value);
    }
    if (this.smooth) words.push('--smooth');
    return words.join(' ');
  }
}
