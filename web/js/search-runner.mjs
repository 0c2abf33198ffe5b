// SPDX-License-Identifier: MIT
// search-runner.mjs - one search context on the current grid, run to the
// end at once, or sliced: a budget of expansions per animation frame (or
// per press of "Step"), the open and closed cells read after each slice.
// The library gives the same outcome however the search is sliced, so an
// animated search ends exactly where an immediate one does.
// Timing: outcome.time is { ms, runs } for a search run at once (the mean
// of `runs` runs: browsers round performance.now() to 0.1 ms, so a quick
// search is run again, the same query on the same grid, until
// MIN_TIMED_MS have passed) or { ms, slices } for a sliced one (the time
// spent in the library, frames between slices not counted). Only
// ls_search_begin and ls_search_step are timed, not reading the result.

const MIN_TIMED_MS = 5;
const MAX_TIMED_RUNS = 1000;

export class SearchRunner {
  // onProgress(outcome) is called after every slice and at the end.
  constructor(ls, onProgress) {
    this.ls = ls;
    this.onProgress = onProgress;
    this.search = null;
    this.grid = null;
    this.active = false; // a sliced query has begun and not ended
    this.frame = 0; // the pending animation frame, 0 when none
    this.sliceTime = { ms: 0, slices: 0 }; // the sliced query's so far
  }

  // A context fits one grid size: made again when the grid changes.
  attach(grid) {
    this.stop();
    if (this.search) this.search.destroy();
    this.search = this.ls.createSearch(grid);
    this.grid = grid;
  }

  get animating() {
    return this.frame !== 0;
  }

  // Run the query to its end now; the outcome is also handed to onProgress.
  run(query, smooth) {
    this.stop();
    const t0 = performance.now();
    const begun = this.#begin(query);
    if (begun) return begun;
    const status = this.search.step(0);
    let elapsed = performance.now() - t0;
    let runs = 1;
    while (elapsed < MIN_TIMED_MS && runs < MAX_TIMED_RUNS) {
      this.search.begin(query);
      this.search.step(0);
      runs++;
      elapsed = performance.now() - t0;
    }
    return this.#outcome(status, smooth, { ms: elapsed / runs, runs });
  }

  // One slice of budget expansions, beginning the query if none is active.
  step(query, budget, smooth) {
    this.#cancelFrame();
    if (!this.active) {
      const begun = this.#begin(query);
      if (begun) return begun;
    }
    return this.#slice(budget, smooth);
  }

  // Slices of budget expansions, one per animation frame, to the end.
  animate(query, budget, smooth) {
    this.stop();
    const begun = this.#begin(query);
    if (begun) return;
    const tick = () => {
      this.frame = 0;
      const outcome = this.#slice(budget, smooth);
      if (!outcome.done) this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  // Pause an animation: "Step" goes on from where it stopped, while
  // "Animate" and "Find path" begin the query afresh.
  pause() {
    this.#cancelFrame();
  }

  // Drop the query in progress (the grid is about to change: a query must
  // not outlive an edit of its grid).
  stop() {
    this.#cancelFrame();
    this.active = false;
  }

  #cancelFrame() {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  // Begin the query; a refusal (start blocked, bad weight ...) is reported
  // as the outcome and returned, else null.
  #begin(query) {
    let status;
    try {
      status = this.search.begin(query);
    } catch (error) {
      return this.#report({ done: true, error: error.message, status: error.status ?? null });
    }
    if (status !== this.ls.STATUS.OK) {
      return this.#report({ done: true, status, statusName: this.ls.statusName(status) });
    }
    this.active = true;
    this.sliceTime = { ms: 0, slices: 0 };
    return null;
  }

  #slice(budget, smooth) {
    const t0 = performance.now();
    const status = this.search.step(budget);
    this.sliceTime.ms += performance.now() - t0;
    this.sliceTime.slices++;
    return this.#outcome(status, smooth, { ...this.sliceTime });
  }

  #outcome(status, smooth, time) {
    const ls = this.ls;
    const outcome = { status, statusName: ls.statusName(status), done: status !== ls.STATUS.IN_PROGRESS };
    outcome.time = time;
    outcome.expansions = this.search.expansions();
    outcome.states = this.search.cellStates();
    // g, h and f are read when a cell is hovered, not copied for every
    // cell: the reader is this context's, whose query stays this outcome's
    // until the next begin (which replaces the outcome) or an edit (which
    // drops it: main.mjs).
    const search = this.search;
    outcome.costs = (x, y) => search.cellCosts(x, y);
    if (!outcome.done) return this.#report(outcome);
    this.active = false;
    if (status < 0) return this.#report(outcome); // an error part-way
    Object.assign(outcome, this.search.result());
    if (status === ls.STATUS.OK) {
      outcome.path = this.search.path();
      if (smooth) outcome.waypoints = ls.smoothPath(this.grid, outcome.path);
    } else {
      // No path, or the expansion limit: the way to the expanded cell
      // nearest the goal, as the CLI's pictures draw it.
      outcome.path = this.search.partialPath();
      outcome.partial = true;
    }
    return this.#report(outcome);
  }

  #report(outcome) {
    this.onProgress(outcome);
    return outcome;
  }
}
